"""The game log: events in words (the text layer), newest at the bottom like a chat, drawn on parchment with
resource icons in place of resource words; hovering a line marks its place on the board (the settlement, the
road, the robber's hex, the hexes with the rolled number). The mouse wheel scrolls back.

A part of ``GameScene`` (a mixin): it reads the scene's seat view (``view``), ``px``, ``names``, ``colours``
and its drawing kit, so a replay viewer can reuse it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from ... import i18n
from ...engine.views import seat_event
from ...i18n import _
from ...render.palette import INK, INK_SOFT, PARCHMENT, PARCHMENT_DARK, rgb
from ...text import describe, places_of
from .game_anims import mark_places

KEEP = 200  # lines kept for scrolling back (the whole game stays in the save and the replay)


@dataclass(frozen=True)
class LogLine:
    """One line of the log: its words, and the event it tells of (None: a remark, "move taken back")."""

    text: str
    event: dict[str, Any] | None = None
    seat: int | None = None  # whose line it is (a coloured dot)


PUNCTUATION = ",.;:)"


def wrap_pieces(
    pieces: list[tuple[str, str]], width: int, measure: Callable[[str], int], icon: int, gaps: tuple[int, int]
) -> list[list[tuple[str, str, int]]]:
    """Lay ``pieces`` ("word", text) / ("icon", resource) out in lines of ``width``: each (kind, value, x).
    A count stays with its icon ("2 [lumber]") and punctuation with what it follows, so no line starts with
    the icon of a count that ends the line above, or with a comma. An icon is ``icon`` wide plus ``gaps[0]``
    (``gaps[1]`` before punctuation)."""
    units: list[list[tuple[str, str]]] = []
    for kind, value in pieces:
        last = units[-1][-1] if units else None
        counted = kind == "icon" and last is not None and last[0] == "word" and last[1].strip().isdigit()
        if counted or (units and kind == "word" and value[:1] in PUNCTUATION):
            units[-1].append((kind, value))
        else:
            units.append([(kind, value)])
    lines: list[list[tuple[str, str, int]]] = [[]]
    x = 0
    for unit in units:
        widths = [
            icon + (gaps[1] if nxt is not None and nxt[1][:1] in PUNCTUATION else gaps[0])
            if kind == "icon"
            else measure(value)
            for (kind, value), nxt in zip(unit, [*unit[1:], None], strict=True)
        ]
        if x + sum(widths) > width and lines[-1]:
            lines.append([])
            x = 0
        for (kind, value), w in zip(unit, widths, strict=True):
            lines[-1].append((kind, value, x))
            x += w
    return lines


class LogPart:
    """The game log panel."""

    log_rect: pygame.Rect | None = None

    def _log_event(self, ev: dict[str, Any]) -> None:
        """Add one event of the game's log, as the shown seat may see it (``seat_event``), in words."""
        v = self.view
        if getattr(self, "places", None) is None:  # hexes named as players do: "the hills with the 8"
            self.places = places_of(
                {"id": v.topo.hex_ids[h], "terrain": v.terrain[h], "number": v.number[h] or None}
                for h in range(v.topo.num_hexes)
            )
        reader = -1 if self.port.watching else self.viewer  # a spectator is nobody's "you"
        seen = seat_event(ev, reader)
        line = describe(seen, self.names, reader, self.places) if seen is not None else None
        if line:
            self.log_line(line, seen)

    def log_line(self, text: str, event: dict[str, Any] | None = None, seat: int | None = None) -> None:
        """Add a line to the log (shown once ``_refresh_log`` runs: after the dice have landed)."""
        if seat is None and event is not None and isinstance(event.get("seat"), int):
            seat = event["seat"]
        self.log_lines.append(text)
        self.log_entries = [*getattr(self, "log_entries", [])[-KEEP:], LogLine(text, event, seat)]
        self._log_pending = True

    def relog(self) -> None:
        """Tell the whole log again, as the shown seat may see it, in the current language."""
        self.clear_log()
        self.places = None  # the places' words too
        for ev in self.port.events_since(0):
            self._log_event(ev)
        self._log_language = i18n.language()
        self._refresh_log(full=True)

    def clear_log(self) -> None:
        self.log_lines, self.log_entries, self.log_shown, self.log_scroll = [], [], 0, 0

    def _refresh_log(self, full: bool = False) -> None:
        """Show the lines added so far (held back while the dice roll, so the total never shows early)."""
        self._log_pending = False
        self.log_shown = len(getattr(self, "log_entries", []))
        if full:
            self.log_scroll = 0

    # ------------------------------------------------------------------------------------------ drawing

    def _icon_pattern(self) -> re.Pattern[str]:
        """Resource words in the player's language (whole words only), to draw as icons."""
        names = self.view.rules.resources
        key = tuple(_(r) for r in names)
        cached = getattr(self, "_icon_re", None)
        if cached is None or cached[0] != key:
            words = sorted(key, key=len, reverse=True)
            pattern = re.compile(r"\b(" + "|".join(re.escape(w) for w in words) + r")\b")
            self._icon_re = (key, pattern, dict(zip(key, names, strict=True)))
        return self._icon_re[1]

    def _log_row(self, text: str, width: int) -> pygame.Surface:
        """One log line word-wrapped to ``width`` with resource icons, on a transparent surface (cached)."""
        cache = self.__dict__.setdefault("_log_rows", {})
        key = (text, width, self.scale)
        row = cache.get(key)
        if row is not None:
            return row
        font = self.app.assets.font(self.px(13))
        line_h = font.get_linesize()
        icon = line_h - self.px(1)
        pattern = self._icon_pattern()
        to_res = self._icon_re[2]
        pieces: list[tuple[str, str]] = []  # ("word", text) or ("icon", resource)
        for part in pattern.split(text):
            if part in to_res:
                pieces.append(("icon", to_res[part]))
            else:
                pieces.extend(("word", w) for w in re.findall(r"\S+\s*", part))
        gaps = (self.px(3), self.px(1))
        lines = wrap_pieces(pieces, width, lambda word: font.size(word)[0], icon, gaps)
        row = pygame.Surface((width, line_h * len(lines)), pygame.SRCALPHA)
        for i, parts in enumerate(lines):
            for kind, value, px_ in parts:
                if kind == "icon":
                    row.blit(self.app.assets.scaled(f"icons/{value}", (icon, icon)), (px_, i * line_h))
                else:
                    row.blit(font.render(value.rstrip(), True, INK), (px_, i * line_h))
        if len(cache) > 400:
            cache.clear()
        cache[key] = row
        return row

    def draw_log(self, surface: pygame.Surface) -> None:
        """The log panel: the newest line at the bottom; the hovered line lit and its place marked."""
        rect = self.log_rect
        if rect is None:
            return
        s = self.px
        tip = getattr(self, "coach_drawn", None)
        if getattr(self, "coach_docked", False) and tip is not None and tip.bottom < rect.bottom:
            rect = pygame.Rect(rect.x, tip.bottom + s(6), rect.w, rect.bottom - tip.bottom - s(6))
        self.draw_panel(surface, rect, PARCHMENT)
        entries = getattr(self, "log_entries", [])[: getattr(self, "log_shown", 0)]
        inner = rect.inflate(-s(16), -s(12))
        text_x = inner.x + s(12)
        width = inner.right - text_x
        self._log_hits: list[tuple[pygame.Rect, LogLine]] = []
        clip = surface.get_clip()
        # the text may come up to 4 px over the inner edge (a line's blank leading stays in the panel)
        top = inner.y - s(4)
        view = pygame.Rect(inner.x, top, inner.w, inner.bottom - top)
        surface.set_clip(view.clip(clip) if clip else view)
        y = inner.bottom + getattr(self, "log_scroll", 0)
        lit = getattr(self, "_log_hovered", None)  # the line the pointer last rested on (ringed on the board)
        for entry in reversed(entries):
            row = self._log_row(entry.text, width)
            y -= row.get_height() + s(4)
            if y + row.get_height() < top or (y < top and not getattr(self, "log_scroll", 0)):
                break  # out of view; at the newest lines, only whole ones (no half line at the top)
            hit = pygame.Rect(inner.x, y - s(2), inner.w, row.get_height() + s(4))
            if y <= inner.bottom:
                self._log_hits.append((hit, entry))
                if entry is lit and self.app.top is self:
                    pygame.draw.rect(surface, PARCHMENT_DARK, hit, border_radius=s(4))
                if entry.seat is not None and entry.seat < len(self.colours):
                    centre = (inner.x + s(4), y + self.app.assets.font(s(13)).get_linesize() // 2)
                    pygame.draw.circle(surface, rgb(self.colours[entry.seat]), centre, s(4))
                    pygame.draw.circle(surface, INK_SOFT, centre, s(4), 1)  # a white seat shows too
                surface.blit(row, (text_x, y))
        else:  # the oldest line is in view: never scroll past it
            if y > inner.y and getattr(self, "log_scroll", 0) > 0:
                self.log_scroll = max(0, self.log_scroll - (y - inner.y))
        surface.set_clip(clip)
        if not entries:
            self.draw_text(surface, _("The game's events appear here."), inner.topleft, 12, INK_SOFT)
        if getattr(self, "log_scroll", 0) > 0:  # scrolled back: say how to return
            self.draw_text(surface, _("▼ newest (scroll down)"), (inner.right, inner.bottom), 11, INK_SOFT,
                       anchor="bottomright")

    def log_hover(self) -> LogLine | None:
        """The log line under the mouse, if it tells of an event."""
        pos = self._mouse[0]
        return next((e for r, e in getattr(self, "_log_hits", []) if r.collidepoint(pos) and e.event
                     and mark_places(self, e.event)), None)

    def scroll_log(self, rows: int) -> bool:
        """Scroll the log by ``rows`` lines (up: back in time); return True when the wheel was over it."""
        if self.log_rect is None or not self.log_rect.collidepoint(self._mouse[0]):
            return False
        step = self.app.assets.font(self.px(13)).get_linesize() * 2
        self.log_scroll = max(0, getattr(self, "log_scroll", 0) + rows * step)
        return True
