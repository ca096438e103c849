"""How long the computer opponents think: milliseconds per decision, per level.

Plays ``--games`` four-player games (of ``--variant``; more seats where it needs more, fewer where it
allows fewer) with one seat of each level (easy, normal, hard) plus a random seat, rotating the seats, and
times every ``bot.choose`` call (the trivial one-option decisions
included, reported separately too). Goals from the AI issues: normal p95 <= 50 ms, hard p95 <= 1 s and its
longest decision <= 2 s. For the hard level it also prints the search nodes of a decision (``ai/budget.py``:
its think time is counted in nodes) and the nodes searched per second of thinking, the figure
``budget.NODES_PER_SECOND`` is set from.

``--rollouts N`` also times playouts: from the position at turn ``ROLLOUT_FROM`` of N games, the rest of the
game played by four bots of one level (normal, easy, random), the cost a Monte-Carlo search would pay per
simulated game, against hard's 0.8 s a decision.

    python bench/ai_latency.py --games 20
    python bench/ai_latency.py --games 20 --rollouts 10
    python bench/ai_latency.py --games 20 --json
    python bench/ai_latency.py --games 20 --levels hard,expert,normal,random   # the expert level (issue 36)
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from catan_desktop.ai import create_bot  # noqa: E402
from catan_desktop.engine import Game, load_rules  # noqa: E402

LEVELS = ("easy", "normal", "hard", "random")
SEARCH_LEVELS = ("hard", "expert")  # levels whose think time is counted in search nodes
ROLLOUT_FROM = 20  # the turn a playout starts from (a mid-game position)
ROLLOUT_LEVELS = ("normal", "easy", "random")
ROLLOUT_TURNS = 400  # a playout still running at this turn counts as unfinished


def _pct(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def playouts(count: int, seed: int, variant: str) -> dict[str, Any]:
    """Seconds per playout to the game's end from a mid-game position, per playing level."""
    rules = load_rules(variant)
    players = min(max(4, rules.players_min), rules.players_max)
    starts = []
    for i in range(count):
        game = Game.new(variant, players=players, seed=seed + i)
        bots = [create_bot("normal", seed=seed + i + k) for k in range(players)]
        while not game.is_over and game.turn < ROLLOUT_FROM:
            game.apply(bots[game.current_player].choose(game, game.current_player))
        starts.append(game)
    out: dict[str, Any] = {"from_turn": ROLLOUT_FROM, "positions": count}
    for level in ROLLOUT_LEVELS:
        secs, finished, decisions = [], 0, 0
        for i, start in enumerate(starts):
            game = start.clone()
            bots = [create_bot(level, seed=seed * 7 + i + k) for k in range(players)]
            t0 = time.perf_counter()
            while not game.is_over and game.turn < ROLLOUT_TURNS:
                game.apply(bots[game.current_player].choose(game, game.current_player))
                decisions += 1
            secs.append(time.perf_counter() - t0)
            finished += game.is_over
        out[level] = {
            "mean_s": statistics.fmean(secs) if secs else 0.0,
            "max_s": max(secs, default=0.0),
            "finished": finished,
            "decisions_per_playout": decisions / max(1, len(secs)),
        }
    return out


def run(games: int, seed: int, variant: str, levels: tuple[str, ...] = LEVELS) -> dict[str, Any]:
    times: dict[str, list[float]] = {k: [] for k in levels}
    real: dict[str, list[float]] = {k: [] for k in levels}  # decisions with more than one legal action
    # the search levels: (nodes searched, seconds) of each decision that searched
    searched: dict[str, list[tuple[float, float]]] = {k: [] for k in SEARCH_LEVELS if k in levels}
    rules = load_rules(variant)
    players = min(max(len(levels), rules.players_min), rules.players_max)
    for i in range(games):
        order = [levels[(i + k) % len(levels)] for k in range(players)]
        game = Game.new(variant, players=players, seed=seed + i)
        bots = [create_bot(kind, seed=(seed + i) * 101 + k) for k, kind in enumerate(order)]
        while not game.is_over and game.turn < 400:
            seat = game.current_player
            several = len(game.legal_list()) > 1
            start = time.perf_counter()
            action = bots[seat].choose(game, seat)
            ms = (time.perf_counter() - start) * 1000
            budget = getattr(bots[seat], "budget", None)
            if order[seat] in searched and budget is not None and budget.used:
                searched[order[seat]].append((budget.used, ms / 1000))
            game.apply(action)
            times[order[seat]].append(ms)
            if several:
                real[order[seat]].append(ms)
    out: dict[str, Any] = {"games": games, "variant": variant, "levels": {}}
    for k in levels:
        t, r = times[k], real[k]
        out["levels"][k] = {
            "decisions": len(t),
            "mean_ms": statistics.fmean(t) if t else 0.0,
            "p50_ms": _pct(t, 0.50),
            "p95_ms": _pct(t, 0.95),
            "p99_ms": _pct(t, 0.99),
            "max_ms": max(t) if t else 0.0,
            "choice_decisions": len(r),
            "choice_p95_ms": _pct(r, 0.95),
        }
    for level, nodes in searched.items():
        used = [n for n, _t in nodes]
        out[f"{level}_search"] = {
            "decisions": len(nodes),
            "nodes_p50": _pct(used, 0.50),
            "nodes_p95": _pct(used, 0.95),
            "nodes_max": max(used, default=0.0),
            "nodes_per_second": sum(used) / sum(t for _n, t in nodes) if nodes else 0.0,
        }
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", default="base")
    parser.add_argument("--rollouts", type=int, default=0, help="also time N playouts per level")
    parser.add_argument("--levels", default=",".join(LEVELS), help="the levels seated, rotated (e.g. "
                        "hard,expert,normal,random)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    out = run(args.games, args.seed, args.variant, tuple(args.levels.split(",")))
    if args.rollouts:
        out["playouts"] = playouts(args.rollouts, args.seed, args.variant)
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    print(f"{args.games} games of {args.variant}, one seat per level, seats rotated")
    print(
        f"{'level':>8} {'decisions':>9} {'mean':>7} {'p50':>7} {'p95':>7} {'p99':>7} {'max':>8}  "
        f"{'p95 of real choices':>20}"
    )
    for k, r in out["levels"].items():
        print(
            f"{k:>8} {r['decisions']:>9} {r['mean_ms']:>6.1f}  {r['p50_ms']:>6.1f}  {r['p95_ms']:>6.1f}  "
            f"{r['p99_ms']:>6.1f}  {r['max_ms']:>7.1f}  {r['choice_p95_ms']:>8.1f} ms "
            f"({r['choice_decisions']} decisions)"
        )
    for level in SEARCH_LEVELS:
        h = out.get(f"{level}_search")
        if h is None:
            continue
        print(
            f"{level} search: {h['decisions']} decisions searched; nodes p50 {h['nodes_p50']:.0f}, p95 "
            f"{h['nodes_p95']:.0f}, max {h['nodes_max']:.0f}; {h['nodes_per_second']:.0f} nodes per second"
        )
    if "playouts" in out:
        po = out["playouts"]
        for level in ROLLOUT_LEVELS:
            r = po[level]
            fit = 0.8 / r["mean_s"] if r["mean_s"] else 0.0
            print(
                f"playout from turn {po['from_turn']} by {level}: {r['mean_s']:.2f} s mean, "
                f"{r['max_s']:.2f} s max, {r['decisions_per_playout']:.0f} decisions, "
                f"{r['finished']}/{po['positions']} finished by turn {ROLLOUT_TURNS}; "
                f"{fit:.1f} playouts in hard's 0.8 s"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
