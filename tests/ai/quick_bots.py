"""The computer players of the suite's whole games: every level, hard and expert at a short think time.

Hard's search (``ai.heuristic_search``) runs the same code at any budget: at ``QUICK_THINK``, a sixteenth of
its default budget, it still plans several moves and runs the look-ahead's first passes, so the suite can
play whole games with it. Its strength at its own think time is measured by ``bench/ai_ladder.py``."""

from __future__ import annotations

from catan_desktop.ai import Bot, HeuristicBot, create_bot

QUICK_THINK = 0.05  # seconds: in two seeded games, 68 of hard's 70 planned turns still ran a look-ahead pass
CLOCK = 30.0  # seconds: the budget, counted in nodes, ends the search, never the clock of a loaded machine


def game_bot(kind: str, seed: int) -> Bot:
    """A bot of ``kind`` for a whole game in a test: hard at ``QUICK_THINK``, and the same moves on any
    machine however loaded (at 0.05 s the safety clock, not the budget, could end a search: a game played
    differently and a test that looks for a phase in it failed)."""
    level = kind.split(":")[-1]
    bot = create_bot(kind, seed=seed, think_time=QUICK_THINK if level in ("hard", "expert") else None)
    if isinstance(bot, HeuristicBot):
        bot.clock_time = CLOCK
    return bot
