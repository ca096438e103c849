"""The first-game tip's panel (issue 12): a parchment panel with the advice's title and lines, word-wrapped
and shrunk to fit the rectangle it is given (``draw_coach``). What to say is decided in ``coach``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from ...i18n import N_, _
from ...render.palette import BORDER, BULLET, GOLD, INK, INK_SOFT, PARCHMENT, PARCHMENT_DARK, SHADOW, WOOD

if TYPE_CHECKING:
    from .coach import Advice

# GameScene.draw_text: (surface, text, pos, size, colour, bold=False, anchor="topleft", max_w=None) -> Rect
FontText = Callable[..., pygame.Rect]

FOOTER = N_("G or a click hides the tips (G brings them back) · off in Settings")


# ---------------------------------------------------------------------------------------------- drawing

_SIZES = ((15, 13, 11), (14, 12, 10), (13, 11, 10), (12, 10, 9))  # title, lines, footer: shrink in steps
_LAYOUTS: dict[tuple[Any, ...], _Layout] = {}
_SHADOW, _BORDER, _BULLET = SHADOW, BORDER, BULLET


@dataclass
class _Layout:
    sizes: tuple[int, int, int]
    rows: list[tuple[str, int]]  # a wrapped line and the advice line it starts (-1: a continuation)
    shown: int  # rows that fit
    title_h: int  # all the title's rows
    line_h: int
    foot_h: int  # 0: no footer
    title_rows: list[str]  # the title wrapped to the panel's width (a narrow column: two lines)
    foot_rows: list[str]

    def height(self, pad: int, gap: int, step: int) -> int:
        starts = sum(1 for _row, i in self.rows[: self.shown] if i > 0)
        return 2 * pad + self.title_h + gap + self.shown * self.line_h + starts * step + self.foot_h


class _Measure:
    """Text sizes through the screen's own text function, drawn on a 1x1 scratch surface."""

    def __init__(self, font_text: FontText) -> None:
        self.font_text, self.scratch = font_text, pygame.Surface((1, 1))
        self.cache: dict[tuple[str, int, bool], tuple[int, int]] = {}

    def size(self, text: str, size: int, bold: bool = False) -> tuple[int, int]:
        key = (text, size, bold)
        if key not in self.cache:
            self.cache[key] = self.font_text(self.scratch, text, (0, 0), size, INK, bold=bold).size
        return self.cache[key]

    def wrap(self, text: str, width: int, size: int) -> list[str]:
        """``text`` broken into lines no wider than ``width`` (a single long word stays whole)."""
        space = max(1, self.size("a a", size)[0] - self.size("aa", size)[0])
        lines: list[list[str]] = [[]]
        used = 0
        for word in text.split():
            w = self.size(word, size)[0]
            if lines[-1] and used + space + w > width:
                lines.append([word])
                used = w
            else:
                used += (space if lines[-1] else 0) + w
                lines[-1].append(word)
        out: list[str] = []
        for words in lines:  # check the estimate with the real width (kerning), moving words down if needed
            while len(words) > 1 and self.size(" ".join(words), size)[0] > width:
                out.append(" ".join(words[:-1]))
                words = words[-1:]
            out.append(" ".join(words))
        return [line for line in out if line]


def _wrap_bold(m: _Measure, text: str, width: int, size: int) -> list[str]:
    """The title in bold broken into lines no wider than ``width``."""
    rows: list[str] = []
    for word in text.split():
        if rows and m.size(rows[-1] + " " + word, size, True)[0] <= width:
            rows[-1] += " " + word
        else:
            rows.append(word)
    return rows or [""]


def _layout(advice: Advice, footer: str, width: int, height: int, px: Callable[[float], int],
            font_text: FontText) -> _Layout:
    """The largest text sizes whose wrapped lines fit ``width`` x ``height``; with the smallest, the footer
    and then the last rows give way."""
    key = (advice.title, tuple(advice.lines), footer, width, height, px(100))
    if key in _LAYOUTS:
        return _LAYOUTS[key]
    m, pad, gap, step, indent = _Measure(font_text), px(10), px(6), px(3), px(14)
    for sizes in _SIZES:
        rows = [(row, i if j == 0 else -1) for i, text in enumerate(advice.lines)
                for j, row in enumerate(m.wrap(text, width - 2 * pad - indent, sizes[1]))]
        foot_rows = m.wrap(footer, width - 2 * pad, sizes[2]) if footer else []
        foot_h = len(foot_rows) * m.size("Ag", sizes[2])[1] + gap if footer else 0
        title_line = max(m.size(advice.title, sizes[0], True)[1], px(20))
        title_rows = _wrap_bold(m, advice.title, width - 2 * pad - title_line - px(8), sizes[0])
        lay = _Layout(sizes, rows, len(rows), title_line * len(title_rows), m.size("Ag", sizes[1])[1], foot_h,
                      title_rows, foot_rows)
        if lay.height(pad, gap, step) <= height:
            break
    else:
        lay.foot_h = 0 if lay.height(pad, gap, step) > height else lay.foot_h
        while lay.shown and lay.height(pad, gap, step) > height:
            lay.shown -= 1
    if len(_LAYOUTS) > 64:
        _LAYOUTS.clear()
    _LAYOUTS[key] = lay
    return lay


def draw_coach(surface: pygame.Surface, rect: pygame.Rect, advice: Advice, px: Callable[[float], int],
               font_text: FontText, *, footer: str | None = None, anchor: str = "top") -> pygame.Rect:
    """Draw ``advice`` on a parchment panel inside ``rect`` and return the rect used (never outside
    ``rect``: on a small one the text shrinks, then the footer and the last lines give way).

    ``px(value)`` scales a size; ``font_text`` is the screen's text function (``GameScene.draw_text``).
    ``footer``: the small hint at the bottom (default: how to hide the tips; "" for none). ``anchor``:
    "top" keeps the panel at the top of ``rect``, "bottom" at its bottom.
    """
    rect = pygame.Rect(rect)
    if rect.w <= 0 or rect.h <= 0:
        return pygame.Rect(rect.topleft, (0, 0))
    footer = _(FOOTER) if footer is None else footer
    shadow = px(3) if rect.h > 8 * px(3) else 0
    lay = _layout(advice, footer, rect.w, rect.h - shadow, px, font_text)
    pad, gap, step, indent = px(10), px(6), px(3), px(14)
    h = max(1, min(rect.h - shadow, lay.height(pad, gap, step)))
    panel = pygame.Rect(rect.x, rect.bottom - h - shadow if anchor == "bottom" else rect.y, rect.w, h)
    used = pygame.Rect(panel.x, panel.y, panel.w, h + shadow)
    old_clip = surface.get_clip()
    surface.set_clip(used.clip(old_clip))
    try:
        radius = min(px(10), panel.h // 2, panel.w // 2)
        if shadow:
            pygame.draw.rect(surface, _SHADOW, panel.move(0, shadow), border_radius=radius)
        pygame.draw.rect(surface, PARCHMENT, panel, border_radius=radius)
        pygame.draw.rect(surface, _BORDER, panel, 2, border_radius=radius)
        strip = pygame.Rect(panel.x + 2, panel.y + 2, panel.w - 4, min(panel.h - 4, px(4)))
        if strip.w > 0 and strip.h > 0:  # a gold edge along the top, inside the border
            pygame.draw.rect(surface, GOLD, strip, border_top_left_radius=max(0, radius - 2),
                             border_top_right_radius=max(0, radius - 2))
        x, y, inner_w, size = panel.x + pad, panel.y + pad, panel.w - 2 * pad, lay.sizes[1]
        one = lay.title_h // max(1, len(lay.title_rows))  # a title row's height
        r = max(2, one // 2 - px(1))
        centre = (x + r, y + one // 2)
        pygame.draw.circle(surface, GOLD, centre, r)
        pygame.draw.circle(surface, WOOD, centre, r, max(1, px(1.5)))
        font_text(surface, "!", centre, max(8, lay.sizes[0] - 3), WOOD, bold=True, anchor="center")
        for k, title_row in enumerate(lay.title_rows):
            font_text(surface, title_row, (x + 2 * r + px(8), centre[1] + k * one), lay.sizes[0], INK,
                      bold=True, anchor="midleft", max_w=max(1, inner_w - 2 * r - px(8)))
        y += lay.title_h + gap // 2
        pygame.draw.line(surface, PARCHMENT_DARK, (x, y), (panel.right - pad, y), max(1, px(1)))
        y += gap // 2
        for k, (row, start) in enumerate(lay.rows[: lay.shown]):
            y += step if start > 0 else 0
            cut = k == lay.shown - 1 and lay.shown < len(lay.rows)
            if start >= 0:
                pygame.draw.circle(surface, _BULLET, (x + px(5), y + lay.line_h // 2), max(2, px(3)))
            font_text(surface, row.rstrip(".,;:") + "…" if cut else row, (x + indent, y), size, INK,
                      max_w=max(1, inner_w - indent))
            y += lay.line_h
        if lay.foot_h:
            y = panel.bottom - pad - lay.foot_h + gap
            pygame.draw.line(surface, PARCHMENT_DARK, (x, y - gap // 2), (panel.right - pad, y - gap // 2),
                             max(1, px(1)))
            foot_line = (lay.foot_h - gap) // max(1, len(lay.foot_rows))
            one_row = len(lay.foot_rows) == 1  # one line: at the right; wrapped: ranged left, as the text
            for k, foot_row in enumerate(lay.foot_rows):
                font_text(surface, foot_row, (panel.right - pad if one_row else x, y + k * foot_line),
                          lay.sizes[2], INK_SOFT, anchor="topright" if one_row else "topleft",
                          max_w=max(1, inner_w))
    finally:
        surface.set_clip(old_clip)
    return used
