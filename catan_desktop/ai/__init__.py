"""Computer players. A bot sees a seat's observation and the legal actions, nothing else.

``create_bot(kind, seed)`` returns a bot with ``choose(game, seat) -> Action``. Today only "random"
exists; the AI issue adds the difficulty levels behind the same call.
"""

from __future__ import annotations

from .base import Bot
from .random_bot import RandomBot

BOT_KINDS = ("random",)


def create_bot(kind: str, seed: int = 0) -> Bot:
    """Return a new bot of ``kind`` with its own RNG; raises ValueError for an unknown kind."""
    if kind == "random":
        return RandomBot(seed)
    raise ValueError(f"unknown bot {kind!r}; available: {', '.join(BOT_KINDS)}")


__all__ = ["BOT_KINDS", "Bot", "RandomBot", "create_bot"]
