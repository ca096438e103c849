"""What the two set-up screens share (issue 32: the dice game's set-up on the board game's skeleton): the
seats' names and who plays them, the seed, the checks before a game starts, and the start itself.

New game (``new_game.py``) and the Catan Dice Game's set-up (``dice_setup.py``) each lay out their own
choices (a variant, a board and colours; a version and its sheet) and say what else stops a start; the
seats, the seed and Start behave the same on both.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...i18n import _
from ..config import GameConfig, SeatConfig
from ..launch import start_game
from ..widgets import ScreenScene

if TYPE_CHECKING:
    import pygame


class SetupForm(ScreenScene):
    """A set-up screen: seats (``name_entries``, ``kind_menus``) and a seed (``seed_entry``) built by the
    screen's ``build``; ``config()`` and ``problems()`` by the screen; Enter or Start starts."""

    SEED_OPTIONAL = False  # an empty seed field draws a new seed (else the field must hold a number)

    seats: list[SeatConfig]
    players: int
    seed_text: str
    name_entries: list[Any]
    kind_menus: list[Any]
    seed_entry: Any

    def config(self) -> GameConfig:
        raise NotImplementedError

    def problems(self) -> list[str]:
        """What stops the game from starting, as sentences for the player."""
        return self.seat_problems()

    def seat_problems(self) -> list[str]:
        """A seat without a name, two seats of one name, a seed that is not a number."""
        names = [s.name.strip() for s in self.seats[: self.players]]
        out = [_("Seat {n} has no name.", n=i + 1) for i, name in enumerate(names) if not name]
        folded = [n.casefold() for n in names if n]
        if len(set(folded)) != len(folded):
            out.append(_("Two seats have the same name; give each player their own."))
        if not self.seed_text.isdigit() and not (self.SEED_OPTIONAL and not self.seed_text):
            out.append(_("The seed must be a whole number (digits only)."))
        return out

    def read_entries(self) -> None:
        """Take the text fields' contents (typing reports changes, but be sure before starting)."""
        for i, entry in enumerate(getattr(self, "name_entries", [])):
            self.seats[i].name = entry.get_text()
        if hasattr(self, "seed_entry"):
            self.seed_text = self.seed_entry.get_text().strip()

    def seat_event(self, element: object, value: str | None) -> bool:
        """A seat's name typed, who plays it chosen, or the seed typed (True: it was one of them)."""
        if element in getattr(self, "name_entries", []):
            self.seats[self.name_entries.index(element)].name = element.get_text()  # type: ignore[attr-defined]
        elif element in getattr(self, "kind_menus", []) and value:
            self.seats[self.kind_menus.index(element)].kind = value
        elif element is getattr(self, "seed_entry", None):
            self.seed_text = self.seed_entry.get_text().strip()
        else:
            return False
        return True

    def remember(self, config: GameConfig) -> str | None:
        """Keep the choices for next time; returns what went wrong, for the player (None: nothing)."""
        return None

    def primary(self) -> bool:
        self.start()
        return True

    def start(self) -> None:
        """Check the choices (a message says what stops them), remember them and start the game."""
        self.read_entries()
        problems = self.problems()
        if problems:
            self.app.show_message(_("Cannot start yet"), "\n".join(problems))
            return
        config = self.config()
        problem = self.remember(config)
        start_game(self.app, config)
        if problem:
            self.app.show_message(_("Settings not saved"), problem)

    def on_widget_event(self, event: pygame.event.Event) -> bool:
        return self.seat_event(event.ui_element, getattr(event, "selected_option_id", None))


__all__ = ["SetupForm"]
