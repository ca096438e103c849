"""Charts in the game's style (issue 19): victory points over the turns, cards received by source, and luck
with the dice. Each function draws plain numbers onto a new transparent surface of the size asked; the
words (legends, axis captions) come from the caller, already in the player's language.

Player colours are drawn over a dark underline, so the white player's line shows on parchment.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from .palette import INK, INK_SOFT, RGB

RULE: RGB = (200, 182, 146)
GRID: RGB = (222, 206, 172)
TARGET: RGB = (166, 58, 36)
GOOD: RGB = (62, 126, 65)
BAD: RGB = (178, 60, 42)
# where cards came from (replay.story.SOURCES order): production, trade, robbery, development, other
SOURCE_COLOURS: tuple[RGB, ...] = (
    (94, 138, 62), (52, 103, 160), (160, 44, 34), (118, 74, 140), (150, 138, 118)
)

FontOf = Callable[[int, bool], pygame.font.Font]  # (pixel size, bold) -> font


def _nice_step(span: float, ticks: int) -> int:
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if span / step <= ticks:
            return step
    return max(1, int(span // ticks))


def vp_lines(size: tuple[int, int], turns: Sequence[int], vp: Sequence[Sequence[int]], colours: Sequence[RGB],
             target: int, leads: Sequence[tuple[int, int, int]], font: FontOf, px: Callable[[float], int],
             target_label: str, turn_label: str, winners: Sequence[int] = ()) -> pygame.Surface:
    """Victory points by turn, one stepped line per seat; ``leads``: (turn, seat, vp) where the lead changed
    hands (a ring in the new leader's colour); a dashed line at ``target``."""
    width, height = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    small = font(px(12), False)
    left, right, top, bottom = px(30), px(10), px(24), height - px(34)
    last_turn = max(turns[-1] if turns else 1, 1)
    top_vp = max(target, *(max(row) if row else 0 for row in vp), 1)

    def x_of(turn: float) -> int:
        return left + round((right_edge - left) * turn / last_turn)

    def y_of(points: float) -> int:
        return bottom - round((bottom - top) * points / top_vp)

    right_edge = width - right
    for points in range(0, top_vp + 1, 2 if top_vp > 8 else 1):  # horizontal grid with the points
        y = y_of(points)
        pygame.draw.line(surf, GRID, (left, y), (right_edge, y), 1)
        label = small.render(str(points), True, INK_SOFT)
        surf.blit(label, label.get_rect(midright=(left - px(6), y)))
    step = _nice_step(last_turn, 8)
    for turn in range(0, last_turn + 1, step):  # turn ticks along the bottom
        x = x_of(turn)
        pygame.draw.line(surf, RULE, (x, bottom), (x, bottom + px(4)), 1)
        label = small.render(str(turn), True, INK_SOFT)
        surf.blit(label, label.get_rect(midtop=(x, bottom + px(5))))
    caption = small.render(turn_label, True, INK_SOFT)
    surf.blit(caption, caption.get_rect(bottomright=(right_edge, height)))
    pygame.draw.line(surf, RULE, (left, bottom), (right_edge, bottom), max(1, px(2)))
    y = y_of(target)  # the target, dashed
    dash = px(8)
    for x in range(left, right_edge, 2 * dash):
        pygame.draw.line(surf, TARGET, (x, y), (min(x + dash, right_edge), y), max(1, px(2)))
    label = small.render(target_label, True, TARGET)
    surf.blit(label, label.get_rect(bottomleft=(left + px(4), y - px(2))))
    order = [s for s in range(len(vp)) if s not in winners] + [s for s in winners if s < len(vp)]
    spread = px(3)  # lines on the same points lie side by side, not hidden under each other
    for seat in order:  # winners drawn last, on top
        row = vp[seat]
        if not row:
            continue
        shift = round((seat - (len(vp) - 1) / 2) * spread)
        points = []
        for i, value in enumerate(row):  # stepped: points change during a turn, shown from the next one
            if i:
                points.append((x_of(turns[i]), y_of(row[i - 1]) + shift))
            points.append((x_of(turns[i]), y_of(value) + shift))
        thick = px(4) if seat in winners else px(3)
        if len(points) > 1:
            pygame.draw.lines(surf, INK, False, points, thick + max(2, px(2)))
            pygame.draw.lines(surf, colours[seat], False, points, thick)
    for turn, seat, points in leads:
        centre = (x_of(turn), y_of(points))
        pygame.draw.circle(surf, INK, centre, px(7))
        pygame.draw.circle(surf, colours[seat], centre, px(5))
    return surf


def source_bars(size: tuple[int, int], gained: Sequence[Sequence[int]], row_h: int,
                px: Callable[[float], int], font: FontOf) -> pygame.Surface:
    """One horizontal bar per seat, split by source (SOURCE_COLOURS order), with its total at the end; all
    bars on one scale."""
    width, height = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    bold = font(px(13), True)
    most = max([sum(row) for row in gained] + [1])
    room = width - px(44)
    for seat, row in enumerate(gained):
        y = seat * row_h + row_h // 4
        h = max(4, row_h // 2)
        x = 0
        for value, colour in zip(row, SOURCE_COLOURS, strict=False):
            w = round(room * value / most)
            if w:
                pygame.draw.rect(surf, colour, (x, y, w, h))
                x += w
        pygame.draw.rect(surf, INK, (0, y, max(x, 1), h), 1)
        total = bold.render(str(sum(row)), True, INK)
        surf.blit(total, total.get_rect(midleft=(x + px(6), y + h // 2)))
    return surf


def luck_bars(size: tuple[int, int], luck: Sequence[float], row_h: int, px: Callable[[float], int],
              font: FontOf, label: Callable[[float], str]) -> pygame.Surface:
    """A bar per seat from a centre line: right and green for more cards than expected, left and red for
    fewer; ``label(value)`` is written beside it ("+6.3")."""
    width, height = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    bold = font(px(13), True)
    centre = width // 2
    reach = max(abs(v) for v in [*luck, 1.0])
    words = max(bold.size(label(v))[0] for v in [*luck, 0.0])
    half = max(px(10), centre - words - px(10))
    for seat, value in enumerate(luck):
        y = seat * row_h + row_h // 4
        h = max(4, row_h // 2)
        w = round(half * abs(value) / reach)
        colour = GOOD if value >= 0 else BAD
        rect = pygame.Rect(centre, y, w, h) if value >= 0 else pygame.Rect(centre - w, y, w, h)
        if w:
            pygame.draw.rect(surf, colour, rect, border_radius=px(2))
        text = bold.render(label(value), True, colour)
        if value >= 0:
            surf.blit(text, text.get_rect(midleft=(rect.right + px(6), y + h // 2)))
        else:
            surf.blit(text, text.get_rect(midright=(rect.left - px(6), y + h // 2)))
    pygame.draw.line(surf, INK_SOFT, (centre, 0), (centre, height), max(1, px(1)))
    return surf
