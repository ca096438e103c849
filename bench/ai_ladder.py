"""The strength ladder of the computer opponents: hard vs normal, normal vs easy, easy vs random (and expert
vs hard with ``--rung expert:hard``).

Each rung plays N four-player base games with two seats of each bot, alternating A-B-A-B and B-A-B-A
so both sit in every position equally often; game i uses seed ``--seed + i``. A side wins a game when
one of its seats wins. With equal strength each side wins half the games; the report gives the share
won by the stronger-named side with a 95 % Wilson confidence interval, so "a clear margin" means the
interval's lower end is above 50 %.

A side is a level, optionally with a think-time budget in seconds and weight changes:
``hard``, ``hard@0.05``, ``hard+opponent=0.4,diversity=1.2`` (see ``bot_for``). Each rung also reports,
per side, the stall rate (the share of its seat-games that ended with 5 victory points or fewer, and that
share among the seat-games it lost) and its decision times (p95 and longest, in ms).

    python bench/ai_ladder.py --games 400            # all three rungs
    python bench/ai_ladder.py --rung hard:normal --games 400 --json
    python bench/ai_ladder.py --rung hard@0.2:hard@0.05 --games 400   # is the search worth its time?

Games are split over ``--jobs`` worker processes (default 2). Prints one line per rung.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _stats import p95, wilson  # noqa: E402  (bench/ is on sys.path when run as a script)

from catan_desktop.ai import create_bot  # noqa: E402
from catan_desktop.ai.base import Bot  # noqa: E402
from catan_desktop.ai.evaluate import weights_for  # noqa: E402
from catan_desktop.ai.expert import ExpertBot  # noqa: E402
from catan_desktop.ai.heuristic import HeuristicBot  # noqa: E402
from catan_desktop.engine import Game  # noqa: E402

RUNGS = ("hard:normal", "normal:easy", "easy:random")
STALL_VP = 5  # a seat-game that ends with this many victory points or fewer never got going


def bot_for(spec: str, seed: int, modules: tuple[str, ...] = (), clock: float = 0.0) -> Bot:
    """A bot from a side's spec: ``level[@seconds][+weight=value,...]``; a searching bot's safety clock at
    ``clock`` seconds when it is above 0 (its think time otherwise)."""
    spec, _, changes = spec.partition("+")
    level, _, think = spec.partition("@")
    think_time = float(think) if think else None
    if not changes:
        bot = create_bot(level, seed=seed, think_time=think_time)
    else:
        w = weights_for(level, modules)
        fields = {k: float(v) for k, v in (c.split("=") for c in changes.split(","))}
        make = ExpertBot if level == "expert" else HeuristicBot  # the expert's trade search is its own class
        bot = make(level, seed, think_time, weights=replace(w, **fields))
    if isinstance(bot, HeuristicBot) and clock > 0:
        bot.clock_time = clock
    return bot


class _Timed:
    """A bot whose decisions are timed (seconds, every call)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.times: list[float] = []

    def choose(self, game: Game, seat: int) -> Any:
        start = time.perf_counter()
        action = self.bot.choose(game, seat)
        self.times.append(time.perf_counter() - start)
        return action


def play_one(args: tuple[str, str, int, str] | tuple[str, str, int, str, float]) -> dict[str, Any]:
    """One four-player game, A-B-A-B on even seeds and B-A-B-A on odd ones (``args``: the two sides, the
    seed, the variant and, optionally, the searching bots' safety clock in seconds)."""
    a, b, seed, variant = args[:4]
    clock = float(args[4]) if len(args) > 4 else 0.0
    order = [a, b, a, b] if seed % 2 == 0 else [b, a, b, a]
    game = Game.new(variant, players=4, seed=seed)
    modules = tuple(game.rules.modules)
    bots = [_Timed(bot_for(spec, seed * 101 + k, modules, clock)) for k, spec in enumerate(order)]
    while not game.is_over and game.turn < 400:
        seat = game.current_player
        game.apply(bots[seat].choose(game, seat))
    winners = game.winners
    side = ("a" if order[winners[0]] == a else "b") if winners else None
    seats = []
    for k, spec in enumerate(order):
        seats.append({"side": "a" if spec == a else "b", "vp": game.vp(k), "won": k in winners,
                      "times": bots[k].times})
    return {"side": side, "turns": game.turn, "seats": seats}


def _side_figures(results: list[dict[str, Any]], side: str) -> dict[str, Any]:
    seats = [s for r in results for s in r["seats"] if s["side"] == side]
    lost = [s for s in seats if not s["won"]]
    times = [t for s in seats for t in s["times"]]
    stalled = sum(s["vp"] <= STALL_VP for s in seats)
    return {
        "seat_games": len(seats),
        "stall_rate": stalled / len(seats) if seats else 0.0,
        "stall_rate_of_losses": sum(s["vp"] <= STALL_VP for s in lost) / len(lost) if lost else 0.0,
        "mean_vp": sum(s["vp"] for s in seats) / len(seats) if seats else 0.0,
        "decision_p95_ms": 1000 * p95(times),
        "decision_max_ms": 1000 * max(times, default=0.0),
        "decisions": len(times),
    }


def run_rung(
    a: str, b: str, games: int, seed: int, jobs: int, variant: str, clock: float = 0.0
) -> dict[str, Any]:
    start = time.perf_counter()
    tasks = [(a, b, seed + i, variant, clock) for i in range(games)]
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(play_one, tasks, chunksize=2))
    else:
        results = [play_one(t) for t in tasks]
    a_wins = sum(r["side"] == "a" for r in results)
    b_wins = sum(r["side"] == "b" for r in results)
    lo, hi = wilson(a_wins, games)
    return {
        "rung": f"{a} vs {b}",
        "games": games,
        "seeds": [seed, seed + games - 1],
        "a_wins": a_wins,
        "b_wins": b_wins,
        "unfinished": games - a_wins - b_wins,
        "a_win_rate": a_wins / games,
        "ci95": [lo, hi],
        "clear_margin": lo > 0.5,
        "mean_turns": sum(r["turns"] for r in results) / games,
        "a": _side_figures(results, "a"),
        "b": _side_figures(results, "b"),
        "seconds": time.perf_counter() - start,
    }


def describe(r: dict[str, Any]) -> str:
    """One line for a rung's result."""
    a, b = r["rung"].split(" vs ")
    lo, hi = r["ci95"]
    fa, fb = r["a"], r["b"]
    return (
        f"{r['rung']:>18}: {r['a_wins']}/{r['games']} games won by {a} = {r['a_win_rate']:.1%} "
        f"(95% CI {lo:.1%}-{hi:.1%}; {b} {r['b_wins']}, unfinished {r['unfinished']}); "
        f"mean {r['mean_turns']:.0f} turns; stall (<= {STALL_VP} VP) {a} {fa['stall_rate']:.1%} "
        f"({fa['stall_rate_of_losses']:.1%} of losses), {b} {fb['stall_rate']:.1%} "
        f"({fb['stall_rate_of_losses']:.1%}); decision p95/max ms {a} {fa['decision_p95_ms']:.1f}/"
        f"{fa['decision_max_ms']:.0f}, {b} {fb['decision_p95_ms']:.1f}/{fb['decision_max_ms']:.0f}; "
        f"{r['seconds']:.0f} s"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--rung", action="append", help="A:B, e.g. hard:normal (default: all three)")
    parser.add_argument("--variant", default="base")
    parser.add_argument("--clock", type=float, default=0.0,
                        help="the searching bots' safety clock in seconds (0: their think time); set it "
                        "high on a busy machine so the games do not depend on its load")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rungs = args.rung or list(RUNGS)
    out = []
    for rung in rungs:
        a, b = rung.split(":")
        r = run_rung(a, b, args.games, args.seed, args.jobs, args.variant, args.clock)
        out.append(r)
        if not args.json:
            print(describe(r), flush=True)
    if args.json:
        print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
