"""The game log: events in words (the text layer), newest at the bottom, in a scrolling text box.

A part of ``GameScene`` (a mixin): it reads the scene's seat view (``view``), ``px``, ``names``, ``colours``
and ``regions()``, so a replay viewer can reuse it.
"""

from __future__ import annotations

from typing import Any

from ...engine.views import seat_event
from ...text import describe, places_of
from ..widgets import esc


class LogPart:
    """The game log box."""

    def _log_event(self, ev: dict[str, Any]) -> None:
        """Add one event of the game's log, as the shown seat may see it (``seat_event``), in words."""
        v = self.view
        if getattr(self, "places", None) is None:  # hexes named as players do: "the hills with the 8"
            self.places = places_of(
                {"id": v.topo.hex_ids[h], "terrain": v.terrain[h], "number": v.number[h] or None}
                for h in range(v.topo.num_hexes)
            )
        seen = seat_event(ev, self.viewer)
        line = describe(seen, self.names, self.viewer, self.places) if seen is not None else None
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
