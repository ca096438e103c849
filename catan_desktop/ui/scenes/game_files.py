"""A game screen's files, the same for every kind of game (the board game's and the dice game's screens): a
named save, the autosave after every turn (a disk that refuses is said once, never raised), and the autosave
when the window closes. A part of the game screens (a mixin): it reads their seat port (``port``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...i18n import _
from ...persistence import SaveError
from ...text import save_problem


class FilesPart:
    """Saving a game screen's game through its seat port."""

    port: Any
    app: Any
    save_problem_shown: bool

    def save_named(self, name: str) -> Path:
        """Write a named save (raises SaveError)."""
        return self.port.save_named(name)  # type: ignore[no-any-return]

    def autosave(self) -> None:
        """Keep the game to continue it; a finished game has nothing to continue."""
        if self.port.view(self.port.seat_to_act).is_over:
            return
        try:
            self.port.autosave()
        except SaveError as exc:
            if not self.save_problem_shown:
                self.save_problem_shown = True
                self.app.show_message(_("Autosave failed"), f"{exc.path}: {save_problem(exc)}")

    def on_quit_request(self) -> bool:
        """Closing the window during a game: a game played here is autosaved, so it just quits; a seat at
        a network table asks first, as Quit to menu does (the host's game stops for everyone, a friend's
        seat goes to a computer)."""
        words = leaving_words(self.port)
        if words is None:
            self.autosave()
            return False
        self.app.confirm(*words, lambda: setattr(self.app, "running", False), yes=_("Quit"))
        return True


def leaving_words(port: Any) -> tuple[str, str] | None:
    """The question before leaving a network game from one of its seats (title, text); None for a game
    played here or watched, where leaving loses nothing."""
    if not getattr(port, "remote", False) or getattr(port, "watching", False):
        return None
    if getattr(port, "hosting", None) is not None:  # (getattr: the menus' stand-in ports have no more)
        return _("Stop hosting this game?"), _("The game stops for everyone at the table.")
    return _("Leave the table?"), _("A computer plays your seat from now on. "
                                    "Join again with the same address to take it back.")
