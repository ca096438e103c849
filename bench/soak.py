"""Long soaks: many seeded whole games, to find the rare game that breaks a rule or never ends.

The test suite plays a bounded, seeded handful of the same games (so it stays fast); these soaks play them
by the hundred or thousand, with the very same game functions imported from the tests:

- ``ai``: every computer level (easy, normal, hard, at their real think time) and the random seat play
  whole games of every installed variant at its largest table, seats rotated so each level plays from every
  seat (``play_ai_game`` in tests/ai/test_ai_games.py; the suite plays 4 per variant). Game i uses seed i.
  A game fails if a bot makes an illegal move or anything raises, or if it reaches the 500-turn cap where it
  may not: only a game with a random seat in a variant that can collapse (Catan a Dois) may stall, and at
  most 5 % of them.
- ``invariants``: random-move games (uniform over the legal actions) checked at every step by
  ``play_checked`` in tests/property/test_invariants.py (cards and pieces conserved, VP and the development
  deck recomputed, save/load and replay, every listed action legal, illegal actions change nothing,
  observations hide what they must). Defaults 1000 base, 500 five-six and 500 Catan a Dois games, the
  soak the suite used to run; the suite now plays 50, 25 and 60.

Prints per variant: games, finished, stalled, failed (with the seeds and the first line of each error),
mean turns and games/s. Exit status 1 if a game failed, so a script can notice; no timing is judged.

    python bench/soak.py ai [--games 200] [--seed 0] [--variant base ...] [--jobs 2] [--json]
    python bench/soak.py invariants [--games N] [--seed 0] [--variant base ...] [--jobs 2] [--json]

Needs the test extra (pytest, hypothesis): pip install -e '.[test]'. Games are split over ``--jobs``
worker processes (default 2).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "ai"))
sys.path.insert(0, str(ROOT / "tests" / "property"))

from test_ai_games import may_stall, play_ai_game  # noqa: E402  (the suite's own game functions)
from test_invariants import play_checked  # noqa: E402

from catan_desktop.variants import list_variants  # noqa: E402

# how often play_checked runs its expensive checks (as the suite's tests call it), and the default games
EXPENSIVE_EVERY = {"base": 400, "base-5-6": 600, "catan-a-dois": 300}
INVARIANT_GAMES = {"base": 1000, "base-5-6": 500, "catan-a-dois": 500}
AI_GAMES = 200
STALL_SHARE = 0.05  # at most this share of a variant's games may reach the turn cap (and only allowed ones)


def _error(exc: BaseException) -> str:
    lines = traceback.format_exception_only(type(exc), exc)
    return (lines[-1] if lines else repr(exc)).strip().splitlines()[0][:200]


def _ai_game(task: tuple[str, int]) -> dict[str, Any]:
    variant, seed = task
    try:
        game, seats = play_ai_game(variant, seed)
    except Exception as exc:  # a soak reports every failure and goes on
        return {"variant": variant, "seed": seed, "error": _error(exc)}
    stalled = not game.is_over
    error = None
    if stalled and not may_stall(variant, seats):
        error = f"stalled at turn {game.turn} with seats {','.join(seats)} (only random seats may stall)"
    return {"variant": variant, "seed": seed, "error": error, "stalled": stalled, "turns": game.turn}


def _invariant_game(task: tuple[str, int]) -> dict[str, Any]:
    variant, seed = task
    try:
        game = play_checked(seed, expensive_every=EXPENSIVE_EVERY.get(variant, 400), variant=variant)
    except Exception as exc:  # an AssertionError is an invariant broken in that game
        return {"variant": variant, "seed": seed, "error": _error(exc)}
    return {"variant": variant, "seed": seed, "error": None, "stalled": not game.is_over, "turns": game.turn}


def run(soak: str, variants: dict[str, int], seed: int, jobs: int) -> dict[str, Any]:
    """Play ``variants[v]`` games of each variant ``v``, game i with seed ``seed + i``."""
    play = _ai_game if soak == "ai" else _invariant_game
    out: dict[str, Any] = {"soak": soak, "seed": seed, "variants": {}}
    start_all = time.perf_counter()
    for variant, games in variants.items():
        start = time.perf_counter()
        tasks = [(variant, seed + i) for i in range(games)]
        if jobs > 1:
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                results = list(pool.map(play, tasks, chunksize=1))
        else:
            results = [play(t) for t in tasks]
        seconds = time.perf_counter() - start
        done = [r for r in results if "turns" in r]
        stalled = sum(r["stalled"] for r in done)
        failures = [{"seed": r["seed"], "error": r["error"]} for r in results if r["error"]]
        if soak == "ai" and stalled > STALL_SHARE * games:
            share = f"{stalled} of {games} games stalled (more than {STALL_SHARE:.0%})"
            failures.append({"seed": None, "error": share})
        out["variants"][variant] = {
            "games": games,
            "finished": len(done) - stalled,
            "stalled": stalled,
            "failed": failures,
            "mean_turns": sum(r["turns"] for r in done) / len(done) if done else 0.0,
            "seconds": seconds,
            "games_per_s": games / seconds if seconds else 0.0,
        }
    out["seconds"] = time.perf_counter() - start_all
    out["failed"] = sum(len(v["failed"]) for v in out["variants"].values())
    return out


def report(out: dict[str, Any]) -> str:
    lines = [
        f"soak {out['soak']}: seeds from {out['seed']}, {out['seconds']:.0f} s, {out['failed']} failed",
        f"  {'variant':<16} {'games':>6} {'done':>6} {'stall':>6} {'failed':>6} {'turns':>7} {'games/s':>8}",
    ]
    for name, v in out["variants"].items():
        lines.append(
            f"  {name:<16} {v['games']:>6} {v['finished']:>6} {v['stalled']:>6} {len(v['failed']):>6} "
            f"{v['mean_turns']:>7.1f} {v['games_per_s']:>8.2f}"
        )
        for f in v["failed"]:
            lines.append(f"    seed {f['seed']}: {f['error']}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("soak", choices=("ai", "invariants"))
    parser.add_argument(
        "--games", type=int, help="games per variant (default: ai 200; invariants 1000, 500, 500)"
    )
    parser.add_argument("--seed", type=int, default=0, help="game i uses seed SEED + i")
    parser.add_argument(
        "--variant",
        action="append",
        help="repeatable (default: ai every installed variant, invariants base, base-5-6, catan-a-dois)",
    )
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.variant:
        names = args.variant
    elif args.soak == "ai":
        names = [v.name for v in list_variants() if not v.error]
    else:
        names = list(INVARIANT_GAMES)
    default = (lambda _name: AI_GAMES) if args.soak == "ai" else (lambda name: INVARIANT_GAMES.get(name, 500))
    variants = {name: args.games if args.games is not None else default(name) for name in names}
    out = run(args.soak, variants, args.seed, args.jobs)
    print(json.dumps(out, indent=2) if args.json else report(out), flush=True)
    return 1 if out["failed"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
