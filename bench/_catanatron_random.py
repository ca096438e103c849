"""Catanatron side of ``bench/engine_throughput.py``; runs INSIDE ``bench/.venv-catanatron``.

Never imported by the project (catanatron is not a project dependency).  It plays N 4-player
base-game games between catanatron's ``RandomPlayer``s and prints ONE JSON line on stdout.

Notes on catanatron 3.2.1 (read from the installed package source) that matter for comparability:

* ``RandomPlayer.decide`` returns ``playable_actions[random.randrange(len(playable_actions))]``,
  i.e. a uniform pick over the engine's current action list, using the module-global ``random``
  that ``Game(seed=...)`` re-seeds with ``random.seed(seed)`` (dice, map, dev deck, seating and the
  bots all share that one stream).  ``Game(seed=0)`` means "no seed" (``seed or randrange(...)``),
  so seeds here start at 1.
* Discards are chosen by the ENGINE: on a 7, every player holding more than 7 cards gets a single
  legal action ``DISCARD`` with value ``None`` and the engine then discards
  ``random.sample(hand, len(hand) // 2)``.  One ply per discarding player, no choice involved.
* Robber: one ``MOVE_ROBBER`` action per (land tile other than the robber's current tile, victim
  colour with >= 1 card adjacent), or (tile, None) when nobody there can be robbed; the stolen
  card is drawn at random by the engine.  A knight may also be played before rolling.
* Trading: no domestic trade at all.  Maritime trades are offered only at the player's best rate
  (one action per give/get resource pair).  ``END_TURN`` is always offered after rolling.
* ``state.num_turns`` counts calls to ``advance_turn``; with 4 players the snake setup already
  adds 6 (3 forward + 3 backward) before the first regular turn.
* ``Game.play()`` stops when somebody reaches 10 VP or when ``num_turns`` reaches
  ``catanatron.game.TURNS_LIMIT`` (1000 in 3.2.1); the latter returns winner ``None``.
* Maritime-trade and year-of-plenty options are built from Python ``set``s of tuples, so their
  ORDER (hence which one a seeded RandomPlayer picks) depends on hashing.  The driver fixes
  ``PYTHONHASHSEED``, but port-trade tuples contain ``None``, whose hash is address-based before
  Python 3.12, so a given seed does NOT replay the same catanatron game across runs (3.11).  The
  aggregate figures are still comparable; expect a few % run-to-run noise in the means.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from importlib.metadata import version
from typing import Any

from catanatron import Color, Game, RandomPlayer
from catanatron.game import TURNS_LIMIT


def run(games: int, seed: int, time_budget: float | None) -> dict[str, Any]:
    """Play up to ``games`` games (seeds ``seed``, ``seed + 1``, ...); time only the games."""
    turns: list[int] = []
    actions: list[int] = []
    winners = 0
    elapsed = 0.0
    for i in range(games):
        start = time.perf_counter()
        game = Game([RandomPlayer(color) for color in Color], seed=seed + i)
        winner = game.play()
        elapsed += time.perf_counter() - start
        turns.append(game.state.num_turns)
        actions.append(len(game.state.actions))
        winners += winner is not None
        if time_budget is not None and elapsed >= time_budget:
            break
    played = len(turns)
    return {
        "engine": "catanatron",
        "version": version("catanatron"),
        "python": platform.python_version(),
        "turns_limit": TURNS_LIMIT,
        "games": played,
        "seconds": elapsed,
        "games_per_s": played / elapsed if elapsed else None,
        "actions_per_s": sum(actions) / elapsed if elapsed else None,
        "mean_turns": sum(turns) / played if played else None,
        "mean_actions": sum(actions) / played if played else None,
        "finished": winners,
        "turn_limit_hit": played - winners,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1, help="first seed (>= 1)")
    parser.add_argument("--time-budget", type=float, default=None, help="stop after this many seconds")
    args = parser.parse_args(argv)
    if args.seed < 1:
        parser.error("--seed must be >= 1 (catanatron treats seed 0 as 'unseeded')")
    print(json.dumps(run(args.games, args.seed, args.time_budget)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
