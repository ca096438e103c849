"""The story of a finished game (issue 19), opened from Game over: victory points turn by turn with the
changes of lead, the cards each player received by source, and each player's luck with the dice.

The figures come from ``replay.Story``, recomputed from the game's history replayed from its seed (never from
counters the screens kept); the charts are drawn once when the screen is built (``render.charts``).
"""

from __future__ import annotations

import contextlib
import dataclasses
import weakref
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements import UIImage, UILabel, UIPanel

from ...engine import IllegalAction, RulesetError, SnapshotError
from ...i18n import N_, _
from ...render import charts
from ...render.palette import INK, INK_SOFT, rgb
from ...replay import Timeline
from ...replay.story import SOURCES, Story
from ..config import SeatConfig, seat_of, shown_name
from ..screens import screen
from ..widgets import PanelOverlay, TipButton

if TYPE_CHECKING:
    from ..app import App
    from .played import PlayedGame

SOURCE_WORDS = {
    "production": N_("dice"),
    "trade": N_("trades"),
    "robbery": N_("robber"),
    "development": N_("development cards"),
    "other": N_("other"),
}


# the story worked out for each game screen, with the length of the history it tells (it goes with the screen)
_TOLD: weakref.WeakKeyDictionary[Any, tuple[int, Story | None]] = weakref.WeakKeyDictionary()


def story_of(played: PlayedGame) -> Story | None:
    """The story of the game ``played`` on a screen (kept for it until the game changes), or None when its
    history does not lead from its start to where it stands (a position written by hand)."""
    game = played.port.record()  # the whole game, once it is over (or a replay's)
    cached = None
    with contextlib.suppress(TypeError):  # (a screen that cannot be referred to weakly is not remembered)
        cached = _TOLD.get(played)
    if cached is not None and cached[0] == len(game.history):
        return cached[1]
    story: Story | None = None
    with contextlib.suppress(IllegalAction, RulesetError, SnapshotError, ValueError, KeyError):
        timeline = Timeline.of_game(game)
        if timeline.final.to_json() == game.to_json():
            story = Story.of(timeline)
    with contextlib.suppress(TypeError):
        _TOLD[played] = (len(game.history), story)
    return story


@screen("story")
class StoryScene(PanelOverlay):
    """Charts of how the game went. Esc or Back returns to Game over."""

    def __init__(self, app: App, played: PlayedGame) -> None:
        super().__init__(app)
        self.played = played
        self.game = played.port.record()
        self.story = story_of(played)

    def _seats(self) -> list[SeatConfig]:
        """Each seat's name and colour as the game was set up (a seat the setup does not list: a default)."""
        colours = self.played.colours  # the colour-blind palette, when chosen
        out = []
        for i in range(self.game.players):
            seat = seat_of(self.played.config, i)
            if i < len(colours):
                seat = dataclasses.replace(seat, colour=colours[i])
            out.append(seat)
        return out

    @property
    def names(self) -> list[str]:
        return [shown_name(seat.name) for seat in self._seats()]

    @property
    def colours(self) -> list[tuple[int, int, int]]:
        out = []
        for seat in self._seats():
            try:
                out.append(rgb(seat.colour))
            except KeyError:
                out.append(INK_SOFT)
        return out

    def _font(self, size: int, bold: bool = False) -> pygame.font.Font:
        return self.app.assets.font(size, bold=bold)

    def build(self) -> None:
        px = self.px
        rect = self.centred(1200, 690)
        panel = UIPanel(rect, manager=self.ui)
        pad = px(22)
        inner = pygame.Rect(pad, pad - px(8), rect.w - 2 * pad - px(6), rect.h - 2 * pad + px(4))
        UILabel(pygame.Rect(inner.x, inner.y - px(6), inner.w, px(64)), _("The story of the game"),
                manager=self.ui, container=panel, object_id="#winner")
        foot = px(46) + px(14)
        bw, bh = px(214), px(46)
        self.back_button = TipButton(pygame.Rect(inner.right - bw, inner.bottom - bh, bw, bh), _("Back"),
                                     manager=self.ui, container=panel,
                                     tool_tip_text=_("Back to the results (Esc)"), object_id="#primary")
        story = self.story
        y = inner.y + px(60)
        if story is None:
            UILabel(pygame.Rect(inner.x, y, inner.w, px(30)),
                    _("This game's record does not lead back to its start, so its story cannot be told."),
                    manager=self.ui, container=panel)
            return
        heading_h = px(30)
        left_w = int(inner.w * 0.58)
        cx = inner.x + left_w + px(28)
        cw = inner.right - cx
        n = story.players
        self._heading(panel, pygame.Rect(inner.x, y, left_w, heading_h), _("Victory points, turn by turn"))
        legend = self._legend(left_w, px(22), [(self.names[s], self.colours[s]) for s in range(n)])
        UIImage(pygame.Rect(inner.x, y + heading_h, left_w, px(22)), legend, manager=self.ui, container=panel)
        lead_h = px(40)
        chart_top = y + heading_h + px(26)
        chart_h = inner.bottom - foot - chart_top - lead_h
        leads = [(lead.turn, lead.seat, lead.vp) for lead in story.leads]
        chart = charts.vp_lines(
            (left_w, chart_h), story.turns, story.vp, self.colours, self.game.rules.vp_target, leads,
            self._font, px, _("{n} to win", n=self.game.rules.vp_target), _("turn"), self.game.winners,
        )
        UIImage(pygame.Rect(inner.x, chart_top, left_w, chart_h), chart, manager=self.ui, container=panel)
        self.lead_text = self._lead_text()
        UILabel(pygame.Rect(inner.x, chart_top + chart_h + px(4), left_w, px(30)), self.lead_text,
                manager=self.ui, container=panel, object_id="#left_text")

        # right column: cards received by source, then luck with the dice
        name_w = px(120)
        row_h = max(px(24), min(px(34), (inner.bottom - foot - y - 3 * heading_h - px(70)) // (2 * n)))
        self._heading(panel, pygame.Rect(cx, y, cw, heading_h), _("Cards received"))
        gained = [[story.gained[s][source] for source in SOURCES] for s in range(n)]
        self.gained_rows = gained
        top = y + heading_h
        self._names(panel, pygame.Rect(cx, top, name_w, n * row_h), row_h)
        bars = charts.source_bars((cw - name_w, n * row_h), gained, row_h, px, self._font)
        UIImage(pygame.Rect(cx + name_w, top, cw - name_w, n * row_h), bars, manager=self.ui, container=panel)
        top += n * row_h
        words = [_(SOURCE_WORDS[source]) for source in SOURCES]
        key = self._legend(cw, px(22), list(zip(words, charts.SOURCE_COLOURS, strict=True)))
        UIImage(pygame.Rect(cx, top, cw, px(22)), key, manager=self.ui, container=panel)
        top += px(34)
        self._heading(panel, pygame.Rect(cx, top, cw, heading_h), _("Luck with the dice"))
        top += heading_h
        self.luck = [story.luck(s) for s in range(n)]
        self._names(panel, pygame.Rect(cx, top, name_w, n * row_h), row_h)
        luck = charts.luck_bars((cw - name_w, n * row_h), self.luck, row_h, px, self._font,
                                lambda value: _("{n:+.1f} cards", n=value))
        UIImage(pygame.Rect(cx + name_w, top, cw - name_w, n * row_h), luck, manager=self.ui, container=panel)
        top += n * row_h + px(6)
        note = _("Cards from the dice against what each player's buildings could expect ({rolls} rolls)",
                 rolls=story.rolls)
        text = self._wrapped(note, cw, inner.bottom - foot - top)
        UIImage(pygame.Rect(cx, top, *text.get_size()), text, manager=self.ui, container=panel)

    def _wrapped(self, text: str, width: int, height: int) -> pygame.Surface:
        """A small faint paragraph wrapped to ``width`` (as many lines as fit in ``height``)."""
        font = self._font(self.px(12))
        lines: list[str] = []
        for word in text.split():
            if lines and font.size(f"{lines[-1]} {word}")[0] <= width:
                lines[-1] = f"{lines[-1]} {word}"
            else:
                lines.append(word)
        step = font.get_linesize()
        lines = lines[: max(1, height // step)]
        surf = pygame.Surface((width, max(1, step * len(lines))), pygame.SRCALPHA)
        for i, line in enumerate(lines):
            surf.blit(font.render(line, True, INK_SOFT), (0, i * step))
        return surf

    def _heading(self, panel: UIPanel, rect: pygame.Rect, text: str) -> None:
        UILabel(rect, text, manager=self.ui, container=panel, object_id="#left_heading")

    def _legend(self, width: int, height: int, items: list[tuple[str, tuple[int, int, int]]]
                ) -> pygame.Surface:
        """Colour swatches with their words in a row (shrunk to fit the width)."""
        px = self.px
        font = self._font(px(13))
        parts = []
        for word, colour in items:
            text = font.render(word, True, INK)
            part = pygame.Surface((px(16) + px(6) + text.get_width() + px(16), height), pygame.SRCALPHA)
            pygame.draw.rect(part, INK, (0, height // 2 - px(7), px(16), px(14)))
            pygame.draw.rect(part, colour, (px(2), height // 2 - px(5), px(12), px(10)))
            part.blit(text, (px(22), (height - text.get_height()) // 2))
            parts.append(part)
        total = sum(p.get_width() for p in parts)
        row = pygame.Surface((max(total, 1), height), pygame.SRCALPHA)
        x = 0
        for part in parts:
            row.blit(part, (x, 0))
            x += part.get_width()
        if total > width:
            row = pygame.transform.smoothscale(row, (width, height))
        out = pygame.Surface((width, height), pygame.SRCALPHA)
        out.blit(row, (0, 0))
        return out

    def _names(self, panel: UIPanel, rect: pygame.Rect, row_h: int) -> None:
        """The players' names, one per row, with their colour."""
        px = self.px
        surf = pygame.Surface(rect.size, pygame.SRCALPHA)
        winners = set(self.game.winners)
        for seat, name in enumerate(self.names[: rect.h // row_h]):
            y = seat * row_h
            pygame.draw.rect(surf, INK, (0, y + row_h // 2 - px(7), px(14), px(14)))
            pygame.draw.rect(surf, self.colours[seat], (px(2), y + row_h // 2 - px(5), px(10), px(10)))
            font = self._font(px(14), bold=seat in winners)
            shown = name
            while font.size(shown)[0] > rect.w - px(24) and len(shown) > 2:
                shown = shown[:-2] + "\u2026"
            text = font.render(shown, True, INK)
            surf.blit(text, (px(20), y + (row_h - text.get_height()) // 2))
        UIImage(rect, surf, manager=self.ui, container=panel)

    def _lead_text(self) -> str:
        story = self.story
        if story is None or not story.leads:
            return _("Nobody ever led alone.")
        changes = [_("turn {turn}: {name}", turn=lead.turn, name=self.names[lead.seat])
                   for lead in story.leads]
        return _("The lead: {changes}", changes=" \u00b7 ".join(changes))

    def on_button(self, element: object) -> bool:
        if element is self.back_button:
            self.app.pop()
            return True
        return False
