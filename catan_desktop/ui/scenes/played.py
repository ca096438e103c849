"""What the screens over a game are given (issue 32): the pause menu, Game over, the story and the dice
game's results take the game they stand over as a ``PlayedGame``, the public members a game screen offers,
never the screen itself; the Save screen takes only the function that writes the save. The board game's
screen and the dice game's implement these; a screen for a network seat would too.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from ..config import GameConfig


class PlayedGame(Protocol):
    """A game as the screens over it see it: its seat port (the rules, the record of the whole game once it
    is over, the humans' seats), how it was set up, whose screen it is, and its files."""

    config: GameConfig
    viewer: int  # the seat whose hand the screen shows

    @property
    def port(self) -> Any: ...
    @property
    def you(self) -> int: ...  # the seat the screen calls "you" (-1: a spectator)
    @property
    def colours(self) -> list[str]: ...  # the seats' colours as shown (the colour-blind palette when on)
    def save_named(self, name: str) -> Path: ...
    def autosave(self) -> None: ...


class PlayedDiceGame(PlayedGame, Protocol):
    """A dice game as its results see it: its public view, the players' names and scores, and the best
    scores a solo classic game wrote (None for other games)."""

    recorded: Any

    @property
    def view(self) -> Any: ...
    @property
    def names(self) -> list[str]: ...
    @property
    def classic(self) -> bool: ...
    def score_text(self, seat: int) -> str: ...
