"""The game log: events in words (the text layer), newest at the bottom, in a scrolling text box.

A part of ``GameScene`` (a mixin): it reads the scene's seat view (``view``), ``px``, ``names``, ``colours``
and ``regions()``, so a replay viewer can reuse it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...text import describe, places_of
from ..widgets import esc

if TYPE_CHECKING:
    pass


class LogPart:
    """The game log box."""

    def _log_event(self, ev: dict[str, Any]) -> None:
        if getattr(self, "places", None) is None:  # hexes named as players do: "the hills with the 8"
            self.places = places_of(self.game.observation(self.viewer)["board"]["hexes"])
        line = describe(ev, self.names, self.viewer, self.places)
        if line:
            self.log_lines.append(line)

    def _refresh_log(self, full: bool = False) -> None:
        self._log_pending = False
        box = getattr(self, "log_box", None)
        if box is None:
            return
        # oldest first; a space ends each line (one filling the box exactly made pygame_gui add a blank row)
        html = "<br>".join(esc(x) + " " for x in self.log_lines[-40:])
        if full or html != getattr(self, "_log_html", None):
            self._log_html = html
            box.set_text(html)
            if box.scroll_bar is not None:  # show the newest line, at the bottom
                box.scroll_bar.set_scroll_from_start_percentage(1.0 - box.scroll_bar.visible_percentage)
