"""Re-play the computer-player games of the golden files and compare the bots' moves with the recorded ones.

    python bench/golden_ai_replay.py [--variant base|base-5-6|catan-a-dois ...] [--game ID ...]

tests/golden/<variant>.json.gz (written by tools/record_golden.py) holds, besides random-play games, games
between computer players (records with ``bot_seeds``). tests/engine/test_golden.py replays their recorded
actions through the engine; this script instead lets the bots play again, exactly as the recorder did
(``Game.new`` with the record's variant, players, seed, board and options; one
``create_bot(level, seed=..., think_time=...)`` per seat; the seat to act chooses, the game applies; stop
when the game is over or at the record's turn or action cap), and compares the history with the recorded
one. So it checks the bots (their sampled worlds, evaluation and search), not only the engine: a bot that
decides differently than when the games were recorded shows up as the first differing step.

Prints one line per game, "same" or the first differing step, and a summary; exits 1 if any game differs.
A hard bot's decisions are reproducible only while it never reaches its think time (60 s in the records).
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "engine"))

from test_golden import recorded_rules  # noqa: E402  (the rules each record was made under)

from catan_desktop.ai import create_bot  # noqa: E402
from catan_desktop.engine import Game  # noqa: E402

GOLDEN = ROOT / "tests" / "golden"
VARIANTS = ("base", "base-5-6", "catan-a-dois")


def bot_games(variant: str) -> list[dict[str, Any]]:
    """The computer-player records of ``variant``'s golden file, in file order."""
    with gzip.open(GOLDEN / f"{variant}.json.gz", "rt", encoding="utf-8") as f:
        data = json.load(f)
    return [g for g in data["games"] if "bot_seeds" in g]


def replay(entry: dict[str, Any]) -> tuple[str | None, int]:
    """Play ``entry``'s game again with its bots; return (None or the first difference, steps played)."""
    game = Game.new(
        recorded_rules(entry),
        players=entry["players"],
        seed=entry["seed"],
        board=entry["board"],
        options=entry["options"] or None,
    )
    bots = [
        create_bot(level, seed=seed, think_time=entry["think_time"])
        for level, seed in zip(entry["seats"], entry["bot_seeds"], strict=True)
    ]
    recorded: list[str] = entry["history"]
    step = 0
    while True:
        if game.is_over:
            stopped = "over"
            break
        if game.turn >= entry["max_turns"]:
            stopped = "max_turns"
            break
        if len(game.history) >= entry["max_actions"]:
            stopped = "max_actions"
            break
        seat = game.current_player
        action = bots[seat].choose(game, seat)
        text = str(action)
        if step >= len(recorded):
            return f"step {step}: played {text!r} (seat {seat}) after the recorded game ended", step
        if text != recorded[step]:
            where = f"step {step} (turn {game.turn}, phase {game.phase}, seat {seat})"
            return f"{where}: recorded {recorded[step]!r}, got {text!r}", step
        game.apply(action)
        step += 1
    if step != len(recorded):
        return f"step {step}: stopped ({stopped}) before the recorded game's {len(recorded)} actions", step
    if stopped != entry["stopped"] or game.winners != entry["winners"]:
        recorded_end = f"{entry['stopped']} with winners {entry['winners']}"
        return f"ended {stopped} with winners {game.winners}, recorded {recorded_end}", step
    # the recorded final snapshot may be of an older format version: compare it as the engine reads it now
    if Game.from_json(entry["final"]).to_json() != game.to_json():
        return "the final position differs from the recorded one", step
    return None, step


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--variant", action="append", choices=VARIANTS, help="a variant (repeatable; default: all)"
    )
    parser.add_argument("--game", action="append", help="only game ID, e.g. catan-a-dois/b003 (repeatable)")
    args = parser.parse_args(argv)
    differ = 0
    total = 0
    for variant in args.variant or VARIANTS:
        for entry in bot_games(variant):
            if args.game and entry["id"] not in args.game:
                continue
            start = time.perf_counter()
            problem, steps = replay(entry)
            seconds = time.perf_counter() - start
            total += 1
            differ += problem is not None
            seats = ",".join(entry["seats"])
            print(f"{entry['id']} [{seats}] {steps} steps {seconds:.1f} s: {problem or 'same'}", flush=True)
    print(f"\n{total - differ} of {total} computer-player games the same", flush=True)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
