"""The computer players of the suite's whole games: every level, hard at a short think time.

Hard's search (``ai.heuristic_search``) runs the same code at any budget: at ``QUICK_THINK`` it still plans
several moves and runs the look-ahead's first passes, in a tenth of its default time, so the suite can play
whole games with it. Its strength at its own think time is measured by ``bench/ai_ladder.py``, not here."""

from __future__ import annotations

from catan_desktop.ai import Bot, create_bot

QUICK_THINK = 0.05  # seconds: the look-ahead's first two passes and the plan search still run


def game_bot(kind: str, seed: int) -> Bot:
    """A bot of ``kind`` for a whole game in a test (hard at ``QUICK_THINK``)."""
    return create_bot(kind, seed=seed, think_time=QUICK_THINK if kind.split(":")[-1] == "hard" else None)
