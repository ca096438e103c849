"""The strength ladder of the computer opponents: hard vs normal, normal vs easy, easy vs random.

Each rung plays N four-player base games with two seats of each bot, alternating A-B-A-B and B-A-B-A
so both sit in every position equally often; game i uses seed ``--seed + i``. A side wins a game when
one of its seats wins. With equal strength each side wins half the games; the report gives the share
won by the stronger-named side with a 95 % Wilson confidence interval, so "a clear margin" means the
interval's lower end is above 50 %.

    python bench/ai_ladder.py --games 400            # all three rungs
    python bench/ai_ladder.py --rung hard:normal --games 400 --json

Games are split over ``--jobs`` worker processes (default 2). Prints one line per rung.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _stats import wilson  # noqa: E402  (bench/ is on sys.path when run as a script)

from catan_desktop.ai import create_bot  # noqa: E402
from catan_desktop.engine import Game  # noqa: E402
from catan_desktop.match import play_game  # noqa: E402

RUNGS = ("hard:normal", "normal:easy", "easy:random")


def _play(args: tuple[str, str, int, str]) -> dict[str, Any]:
    a, b, seed, variant = args
    order = [a, b, a, b] if seed % 2 == 0 else [b, a, b, a]
    game = Game.new(variant, players=4, seed=seed)
    bots = [create_bot(kind, seed=seed * 101 + k) for k, kind in enumerate(order)]
    result = play_game(game, bots, max_turns=400)
    winners = result.winners
    side = None
    if winners:
        side = "a" if order[winners[0]] == a else "b"
    return {"side": side, "turns": result.turns}


def run_rung(a: str, b: str, games: int, seed: int, jobs: int, variant: str) -> dict[str, Any]:
    start = time.perf_counter()
    tasks = [(a, b, seed + i, variant) for i in range(games)]
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(_play, tasks, chunksize=4))
    else:
        results = [_play(t) for t in tasks]
    a_wins = sum(r["side"] == "a" for r in results)
    b_wins = sum(r["side"] == "b" for r in results)
    lo, hi = wilson(a_wins, games)
    return {
        "rung": f"{a} vs {b}",
        "games": games,
        "a_wins": a_wins,
        "b_wins": b_wins,
        "unfinished": games - a_wins - b_wins,
        "a_win_rate": a_wins / games,
        "ci95": [lo, hi],
        "clear_margin": lo > 0.5,
        "mean_turns": sum(r["turns"] for r in results) / games,
        "seconds": time.perf_counter() - start,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--rung", action="append", help="A:B, e.g. hard:normal (default: all three)")
    parser.add_argument("--variant", default="base")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rungs = args.rung or list(RUNGS)
    out = []
    for rung in rungs:
        a, b = rung.split(":")
        r = run_rung(a, b, args.games, args.seed, args.jobs, args.variant)
        out.append(r)
        if not args.json:
            lo, hi = r["ci95"]
            print(
                f"{r['rung']:>18}: {r['a_wins']}/{r['games']} games won by {a} = {r['a_win_rate']:.1%} "
                f"(95% CI {lo:.1%}-{hi:.1%}; {b} {r['b_wins']}, unfinished {r['unfinished']}); "
                f"mean {r['mean_turns']:.0f} turns; {r['seconds']:.0f} s",
                flush=True,
            )
    if args.json:
        print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
