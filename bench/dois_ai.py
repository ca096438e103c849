"""How the computer opponents play Catan a Dois (RULES.md Part D): wins, collapses and the Dois mechanics.

Plays N seeded two-player Catan a Dois games between two levels (``--a`` and ``--b``, any of easy, normal,
hard, random), seated A-B in even games and B-A in odd ones; game i uses seed ``--seed + i``. Prints raw
figures only:

- wins per level with a 95 % Wilson interval, collapses (D-5.4, both lose) and by whose move they came,
  stalls (games still running at the turn cap: the rules have no ending for an economy where nobody can
  build again), mean turns;
- per game and level, the means of: market purchases (D-4) and sales (D-5.3), terrain developments (D-6)
  and the tokens placed, remote-area cards (D-7) drawn, kept and exchanged, robber moves (D-8);
- milliseconds per decision, p50 and p95 (all ``choose`` calls, and those with more than one legal move).

    python bench/dois_ai.py --a hard --b normal --games 100
    python bench/dois_ai.py --a normal --b random --games 100 --json

Games are split over ``--jobs`` worker processes (default 2).
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

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _stats import wilson  # noqa: E402  (bench/ is on sys.path when run as a script)

from catan_desktop.ai import create_bot  # noqa: E402
from catan_desktop.engine import Game  # noqa: E402

VARIANT = "catan-a-dois"
COUNTS = ("market", "market_sell", "develop", "tokens", "remote_drawn", "remote_kept", "remote_exchanged",
          "robber")  # fmt: skip


def _pct(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _play(args: tuple[str, str, int, int]) -> dict[str, Any]:
    a, b, seed, max_turns = args
    sides = ["a", "b"] if seed % 2 == 0 else ["b", "a"]
    order = [a if side == "a" else b for side in sides]
    game = Game.new(VARIANT, players=2, seed=seed)
    bots = [create_bot(kind, seed=seed * 101 + k) for k, kind in enumerate(order)]
    counts = [dict.fromkeys(COUNTS, 0) for _ in range(2)]
    times: list[list[float]] = [[], []]
    choice_times: list[list[float]] = [[], []]
    collapse_by: int | None = None
    collapse_move = ""
    while not game.is_over and game.turn < max_turns:
        seat = game.current_player
        several = len(game.legal_list()) > 1
        start = time.perf_counter()
        action = bots[seat].choose(game, seat)
        ms = (time.perf_counter() - start) * 1000
        times[seat].append(ms)
        if several:
            choice_times[seat].append(ms)
        game.apply(action)
        c = counts[seat]
        if action.kind in ("market", "market_sell", "robber"):
            c[action.kind] += 1
        elif action.kind == "develop":
            c["develop"] += 1
            c["tokens"] += len(action.b[1])
        elif action.kind == "remote_exchange":
            c["remote_exchanged"] += 1
        if game.is_over and not game.winners:
            collapse_by, collapse_move = seat, action.kind
    for ev in game.log:
        if ev.get("t") == "remote_card":
            counts[ev["seat"]]["remote_drawn"] += 1
    for c in counts:
        c["remote_kept"] = c["remote_drawn"] - c["remote_exchanged"]
    winner = game.winners[0] if game.winners else None
    return {
        "sides": sides,
        "winner": None if winner is None else sides[winner],
        "collapse": game.is_over and not game.winners,
        "collapse_by": None if collapse_by is None else sides[collapse_by],
        "collapse_move": collapse_move,
        "stall": not game.is_over,
        "turns": game.turn,
        "counts": counts,
        "times": times,
        "choice_times": choice_times,
    }


def run(a: str, b: str, games: int, seed: int, jobs: int, max_turns: int) -> dict[str, Any]:
    start = time.perf_counter()
    tasks = [(a, b, seed + i, max_turns) for i in range(games)]
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(_play, tasks, chunksize=2))
    else:
        results = [_play(t) for t in tasks]
    levels: dict[str, Any] = {}
    for side, level in (("a", a), ("b", b)):
        wins = sum(r["winner"] == side for r in results)
        lo, hi = wilson(wins, games)
        sums = dict.fromkeys(COUNTS, 0)
        ts: list[float] = []
        cts: list[float] = []
        for r in results:
            seat = r["sides"].index(side)
            for k in COUNTS:
                sums[k] += r["counts"][seat][k]
            ts.extend(r["times"][seat])
            cts.extend(r["choice_times"][seat])
        levels[side] = {
            "level": level,
            "wins": wins,
            "win_rate": wins / games if games else 0.0,
            "ci95": [lo, hi],
            "collapses_caused": sum(r["collapse_by"] == side for r in results),
            "per_game": {k: sums[k] / games if games else 0.0 for k in COUNTS},
            "decisions": len(ts),
            "mean_ms": statistics.fmean(ts) if ts else 0.0,
            "p50_ms": _pct(ts, 0.50),
            "p95_ms": _pct(ts, 0.95),
            "choice_p50_ms": _pct(cts, 0.50),
            "choice_p95_ms": _pct(cts, 0.95),
        }
    moves: dict[str, int] = {}
    for r in results:
        if r["collapse"]:
            moves[r["collapse_move"]] = moves.get(r["collapse_move"], 0) + 1
    return {
        "match": f"{a} vs {b}",
        "variant": VARIANT,
        "games": games,
        "seed": seed,
        "max_turns": max_turns,
        "levels": levels,
        "collapses": sum(r["collapse"] for r in results),
        "collapse_moves": moves,
        "stalls": sum(r["stall"] for r in results),
        "mean_turns": sum(r["turns"] for r in results) / games if games else 0.0,
        "seconds": time.perf_counter() - start,
    }


def report(out: dict[str, Any]) -> str:
    lines = [
        f"{out['match']}: {out['games']} games of {out['variant']} (seeds {out['seed']}..."
        f"{out['seed'] + out['games'] - 1}, cap {out['max_turns']} turns), {out['seconds']:.0f} s",
        f"  collapses {out['collapses']} (by move: {out['collapse_moves'] or '-'}), stalls {out['stalls']}, "
        f"mean {out['mean_turns']:.1f} turns",
        f"  {'level':>7} {'wins':>5} {'rate':>6} {'95% CI':>13} {'coll.':>5} {'buy':>5} {'sell':>5} "
        f"{'dev':>5} {'tok':>5} {'r.drw':>5} {'r.kep':>5} {'r.exc':>5} {'robb':>5} {'p50ms':>6} {'p95ms':>6}"
        f" {'c.p95':>6}",
    ]
    for side in ("a", "b"):
        r = out["levels"][side]
        pg = r["per_game"]
        lo, hi = r["ci95"]
        lines.append(
            f"  {r['level']:>7} {r['wins']:>5} {r['win_rate']:>6.1%} {lo:>6.1%}-{hi:<6.1%} "
            f"{r['collapses_caused']:>5} {pg['market']:>5.2f} {pg['market_sell']:>5.2f} "
            f"{pg['develop']:>5.2f} "
            f"{pg['tokens']:>5.2f} {pg['remote_drawn']:>5.2f} {pg['remote_kept']:>5.2f} "
            f"{pg['remote_exchanged']:>5.2f} {pg['robber']:>5.2f} {r['p50_ms']:>6.1f} {r['p95_ms']:>6.1f}"
            f" {r['choice_p95_ms']:>6.1f}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", default="hard", help="first level (easy, normal, hard, random)")
    parser.add_argument("--b", default="normal", help="second level")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--max-turns", type=int, default=500)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    out = run(args.a, args.b, args.games, args.seed, args.jobs, args.max_turns)
    if args.json:
        print(json.dumps(out, indent=2))
    else:
        print(report(out), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
