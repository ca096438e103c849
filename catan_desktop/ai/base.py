"""The seat interface every computer player implements."""

from __future__ import annotations

from typing import Protocol

from ..engine import Action, Game


class Bot(Protocol):
    """A computer player: given the game and its seat, it returns one of ``game.legal_actions()``."""

    name: str
    last_reason: str | None  # why it answered a trade as it did (None for other moves)

    def choose(self, game: Game, seat: int) -> Action:
        """Return the action to take; only called when ``game.current_player == seat``."""
        ...
