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
        """Closing the window during a game: the game is autosaved, so just say so and quit."""
        self.autosave()
        return False
