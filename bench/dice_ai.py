"""The computer players of the Catan Dice Game (issue 18, RULES.md Part C): classic scores and Plus strength.

Classic (rules/dice-game.yaml): N solo games per level (easy, normal, hard) and of the random player (the
uniform choice among the legal moves, for scale); the mean final score with its 95 % interval (mean ± 1.96
standard errors), the spread, the share of games reaching 60 and 80 points, and the decision time p95 per
level. Game i uses seed ``--seed + i`` at every level, so the levels see the same first rolls.

Plus (rules/dice-game-plus.yaml): N two-player games of the first-named level against the second (hard vs
normal by default), seated A-B and B-A in alternate games (the start player is drawn by lot); the share won
by the first-named level with a 95 % Wilson interval (a clear margin: the lower end above 50 %), the mean
game length in turns and the decision p95 per level.

    python bench/dice_ai.py                 # 20 games of each (a minute or so)
    python bench/dice_ai.py 1000            # the issue's figures: 1,000 solo games per level and Plus
    python bench/dice_ai.py 200 --plus-only --rung hard:normal --json
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from _stats import p95, wilson  # noqa: E402  (bench/ is on sys.path when run as a script)

from catan_desktop.ai import create_bot  # noqa: E402
from catan_desktop.engine import DiceGame  # noqa: E402

LEVELS = ("easy", "normal", "hard", "random")


def _solo(task: tuple[str, int]) -> dict[str, Any]:
    level, seed = task
    game = DiceGame.new("dice-game", players=1, seed=seed)
    bot = create_bot(level, seed=seed * 101)
    times: list[float] = []
    while not game.is_over:
        start = time.perf_counter()
        action = bot.choose(game, 0)
        times.append(time.perf_counter() - start)
        game.apply(action)
    return {"score": game.score(0), "times": times}


def _plus(task: tuple[str, str, int]) -> dict[str, Any]:
    a, b, seed = task
    order = [a, b] if seed % 2 == 0 else [b, a]
    game = DiceGame.new("dice-game-plus", players=2, seed=seed)
    bots = [create_bot(kind, seed=seed * 101 + k) for k, kind in enumerate(order)]
    times: dict[str, list[float]] = {a: [], b: []}
    while not game.is_over and game.turn < 2000:
        seat = game.current_player
        start = time.perf_counter()
        action = bots[seat].choose(game, seat)
        times[order[seat]].append(time.perf_counter() - start)
        game.apply(action)
    side = None
    if game.winners:
        side = "a" if order[game.winners[0]] == a else "b"
    return {"side": side, "turns": game.turn, "times": times}


def _map(fn: Any, tasks: list[Any], jobs: int) -> list[Any]:
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            return list(pool.map(fn, tasks, chunksize=4))
    return [fn(t) for t in tasks]


def classic(games: int, seed: int, jobs: int, levels: tuple[str, ...] = LEVELS) -> list[dict[str, Any]]:
    """Mean solo classic score per level."""
    out = []
    for level in levels:
        start = time.perf_counter()
        results = _map(_solo, [(level, seed + i) for i in range(games)], jobs)
        scores = [r["score"] for r in results]
        times = [t for r in results for t in r["times"]]
        mean = statistics.mean(scores)
        sd = statistics.pstdev(scores)
        half = 1.96 * sd / len(scores) ** 0.5
        out.append(
            {
                "level": level,
                "games": games,
                "mean": round(mean, 1),
                "ci95": [round(mean - half, 1), round(mean + half, 1)],
                "sd": round(sd, 1),
                "min": min(scores),
                "max": max(scores),
                "share_60": round(sum(s >= 60 for s in scores) / games, 3),
                "share_80": round(sum(s >= 80 for s in scores) / games, 3),
                "p95_ms": round(1000 * p95(times), 1),
                "max_ms": round(1000 * max(times, default=0.0), 1),
                "decisions": len(times),
                "seconds": round(time.perf_counter() - start, 1),
            }
        )
    return out


def plus(rung: str, games: int, seed: int, jobs: int) -> dict[str, Any]:
    """The share of two-player Plus games the first-named level wins against the second."""
    a, b = rung.split(":")
    start = time.perf_counter()
    results = _map(_plus, [(a, b, seed + i) for i in range(games)], jobs)
    a_wins = sum(r["side"] == "a" for r in results)
    lo, hi = wilson(a_wins, games)
    levels = {}
    for level in (a, b):
        times = [t for r in results for t in r["times"][level]]
        levels[level] = {
            "p95_ms": round(1000 * p95(times), 1),
            "max_ms": round(1000 * max(times, default=0), 1),
            "decisions": len(times),
        }
    return {
        "rung": f"{a} vs {b}",
        "games": games,
        "a_wins": a_wins,
        "unfinished": sum(r["side"] is None for r in results),
        "a_win_rate": round(a_wins / games, 3),
        "ci95": [round(lo, 3), round(hi, 3)],
        "clear_margin": lo > 0.5,
        "mean_turns": round(statistics.mean(r["turns"] for r in results), 1),
        "levels": levels,
        "seconds": round(time.perf_counter() - start, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=int, nargs="?", default=20, help="solo games per level, and Plus games")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--rung", action="append", help="A:B for Plus, e.g. hard:normal (the default)")
    parser.add_argument("--classic-only", action="store_true")
    parser.add_argument("--plus-only", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    out: dict[str, Any] = {}
    if not args.plus_only:
        out["classic"] = classic(args.games, args.seed, args.jobs)
        if not args.json:
            print(
                f"Classic, solo: {args.games} games per level "
                f"(seeds {args.seed}-{args.seed + args.games - 1})"
            )
            for r in out["classic"]:
                lo, hi = r["ci95"]
                print(
                    f"  {r['level']:7s} mean {r['mean']:6.1f}  95% CI {lo:.1f}-{hi:.1f}  sd {r['sd']:5.1f}  "
                    f"range {r['min']}..{r['max']}  >=60 {r['share_60']:.0%}  >=80 {r['share_80']:.0%}  "
                    f"decision p95 {r['p95_ms']} ms (max {r['max_ms']} ms)  ({r['seconds']} s)",
                    flush=True,
                )
    if not args.classic_only:
        out["plus"] = [plus(rung, args.games, args.seed, args.jobs) for rung in args.rung or ["hard:normal"]]
        if not args.json:
            for r in out["plus"]:
                lo, hi = r["ci95"]
                first = r["rung"].split()[0]
                print(
                    f"Plus, 2 players: {r['rung']}  {first} wins {r['a_wins']}/{r['games']} "
                    f"= {r['a_win_rate']:.0%}"
                    f"  95% CI {lo:.0%}-{hi:.0%}  unfinished {r['unfinished']}  mean turns {r['mean_turns']}"
                    f"  ({r['seconds']} s)",
                    flush=True,
                )
                for level, info in r["levels"].items():
                    print(
                        f"    {level:7s} decision p95 {info['p95_ms']} ms (max {info['max_ms']} ms, "
                        f"{info['decisions']} decisions)",
                        flush=True,
                    )
    if args.json:
        print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
