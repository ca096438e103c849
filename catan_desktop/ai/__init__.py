"""Computer players. A bot decides from a seat's observation and the legal actions, nothing else.

``create_bot(kind, seed)`` returns a bot with ``choose(game, seat) -> Action`` and ``last_reason`` (a
short sentence explaining its last trade answer, offer or partner choice, else None). Kinds: ``easy``,
``normal``, ``hard`` (see ``heuristic``), ``expert`` (hard with a trade search, see ``expert``) and ``random``
(the baseline). The same bots play the Catan Dice Game
(``engine.DiceGame``): a level hands a dice game to its ``dice_bot.DiceBot``.
"""

from __future__ import annotations

from .base import Bot
from .dice_bot import DiceBot
from .expert import EXPERT, ExpertBot
from .heuristic import HeuristicBot
from .random_bot import RandomBot

BOT_KINDS = ("easy", "normal", "hard", "expert", "random")
DIFFICULTIES = ("easy", "normal", "hard", "expert")
DEFAULT_BOT = "normal"


def create_bot(kind: str, seed: int = 0, think_time: float | None = None) -> Bot:
    """Return a new bot of ``kind`` with its own RNG; raises ValueError for an unknown kind.

    ``think_time`` is the seconds a search-based level (hard, expert) may spend on one decision: its search
    does the work that time buys on the reference machine (``budget``), and stops at that many seconds on a
    slower one.
    """
    kind = kind.split(":", 1)[-1]
    if kind == "random":
        return RandomBot(seed)
    if kind == EXPERT:
        return ExpertBot(kind, seed, think_time)
    if kind in DIFFICULTIES:
        return HeuristicBot(kind, seed, think_time)
    raise ValueError(f"unknown bot {kind!r}; available: {', '.join(BOT_KINDS)}")


__all__ = [
    "BOT_KINDS", "DEFAULT_BOT", "DIFFICULTIES", "Bot", "DiceBot", "ExpertBot", "HeuristicBot", "RandomBot",
    "create_bot",
]
