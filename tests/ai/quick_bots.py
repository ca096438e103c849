"""The computer players of the suite's whole games: every level, hard at a short think time.

Hard's search (``ai.heuristic_search``) runs the same code at any budget: at ``QUICK_THINK``, a sixteenth of
its default budget, it still plans several moves and runs the look-ahead's first passes, so the suite can
play whole games with it. Its strength at its own think time is measured by ``bench/ai_ladder.py``."""

from __future__ import annotations

from catan_desktop.ai import Bot, create_bot

QUICK_THINK = 0.05  # seconds: in two seeded games, 68 of hard's 70 planned turns still ran a look-ahead pass


def game_bot(kind: str, seed: int) -> Bot:
    """A bot of ``kind`` for a whole game in a test (hard at ``QUICK_THINK``)."""
    return create_bot(kind, seed=seed, think_time=QUICK_THINK if kind.split(":")[-1] == "hard" else None)
