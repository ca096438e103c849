"""The foot of a dice-game score sheet: the classic points track (a hand-written box per turn, −2 in red, the
running total) or Dice Game Plus's ten victory-point boxes and its two award boxes (Largest Army, Longest
Road). Pure drawing from one player's ``DiceSheetView``; the words come from the caller (already translated).
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import Any

import pygame

from .assets import Assets
from .palette import ALERT, GOLD, INK, INK_SOFT, rgb

PEN = (34, 52, 118)  # the blue ink the boxes are filled in with
PENCIL = (150, 136, 112)
BOX = (252, 248, 236)


@dataclass(frozen=True)
class TrackWords:
    """The captions, in the player's language."""

    title: str
    total: str = ""
    army: str = ""
    road: str = ""


def track_rows(width: int, boxes: int, unit: int) -> int:
    """How many rows of boxes fit ``boxes`` boxes of at least ``unit`` px in ``width``: 1 or 2."""
    return 1 if width >= boxes * unit else 2


def draw_points_track(
    surface: pygame.Surface,
    assets: Assets,
    rect: pygame.Rect,
    marks: Any,
    turns: int,
    pending: int | None,
    words: TrackWords,
) -> None:
    """The classic track: ``turns`` boxes, then the total. ``pending``: the points of the turn being played
    (pencilled into the next box), or None."""
    font_h = max(10, rect.h // 6)
    caption = assets.font(font_h, bold=True).render(words.title, True, INK_SOFT)
    surface.blit(caption, rect.topleft)
    body = pygame.Rect(rect.x, rect.y + caption.get_height() + 2, rect.w, rect.h - caption.get_height() - 2)
    count = turns + 1
    rows = track_rows(body.w, count, round(body.h * 0.75))
    per_row = -(-count // rows)
    gap = max(2, body.w // 160)
    side = min((body.w - (per_row - 1) * gap) // per_row, (body.h - (rows - 1) * gap) // rows)
    track = list(marks.track) if marks is not None else []
    for i in range(count):
        row, col = divmod(i, per_row)
        box = pygame.Rect(body.x + col * (side + gap), body.y + row * (side + gap), side, side)
        if i == turns:  # the total, wider where the row has room
            box.w = max(side, body.right - box.x)
            _box(surface, box, GOLD, 2)
            total = sum(track)
            _write(surface, assets, box, str(total), ALERT if total < 0 else PEN, side, bold=True)
            continue
        current = i == len(track)
        _box(surface, box, GOLD if current and pending is not None else INK_SOFT, 2 if current else 1)
        if i < len(track):
            value = track[i]
            _write(
                surface,
                assets,
                box,
                f"{value:+d}" if value < 0 else str(value),
                ALERT if value < 0 else PEN,
                side,
            )
        elif current and pending is not None:
            _write(surface, assets, box, str(pending), PENCIL, side)
        else:
            number = assets.font(max(7, side // 4)).render(str(i + 1), True, PENCIL)
            surface.blit(number, number.get_rect(topleft=(box.x + 3, box.y + 2)))


def draw_vp_track(
    surface: pygame.Surface,
    assets: Assets,
    rect: pygame.Rect,
    marks: Any,
    target: int,
    colour: str,
    words: TrackWords,
) -> None:
    """Dice Game Plus: ``target`` boxes ticked up to the player's VP, and the two awards."""
    font_h = max(10, rect.h // 6)
    caption = assets.font(font_h, bold=True).render(words.title, True, INK_SOFT)
    surface.blit(caption, rect.topleft)
    body = pygame.Rect(rect.x, rect.y + caption.get_height() + 2, rect.w, rect.h - caption.get_height() - 2)
    gap = max(3, body.w // 120)
    side = min((body.w - (target - 1) * gap) // max(1, target), (body.h - gap) * 11 // 20)
    score = marks.score if marks is not None else 0
    for i in range(target):
        box = pygame.Rect(body.x + i * (side + gap), body.y, side, side)
        _box(surface, box, INK_SOFT, 1)
        if i < score:
            _tick(surface, box, PEN)
        else:
            number = assets.font(max(7, side // 3)).render(str(i + 1), True, PENCIL)
            surface.blit(number, number.get_rect(center=box.center))
    y = body.y + side + gap
    award_w = (body.w - gap * 2) // 2
    x = body.x
    for icon, held, label in (
        ("icons/army", bool(marks and marks.largest_army), words.army),
        ("icons/longest_road", bool(marks and marks.longest_road), words.road),
    ):
        _award(surface, assets, pygame.Rect(x, y, award_w, body.bottom - y), icon, held, label, colour)
        x += award_w + gap * 2


def _box(surface: pygame.Surface, box: pygame.Rect, edge: tuple[int, int, int], width: int) -> None:
    radius = max(2, box.h // 8)
    pygame.draw.rect(surface, BOX, box, border_radius=radius)
    pygame.draw.rect(surface, edge, box, width, border_radius=radius)


def _write(
    surface: pygame.Surface,
    assets: Assets,
    box: pygame.Rect,
    text: str,
    colour: tuple[int, int, int],
    side: int,
    bold: bool = False,
) -> None:
    """Points written in the box with a pen (the title face's lining figures look hand-written)."""
    font = assets.font(max(9, round(side * 0.62)), title=True)
    img = font.render(text, True, colour)
    if img.get_width() > box.w - 4:
        img = pygame.transform.smoothscale(
            img, (box.w - 4, max(1, img.get_height() * (box.w - 4) // img.get_width()))
        )
    surface.blit(img, img.get_rect(center=(box.centerx, box.centery + 1)))


def _tick(surface: pygame.Surface, box: pygame.Rect, colour: tuple[int, int, int]) -> None:
    """A pen cross in a VP box."""
    d = box.w // 4
    width = max(2, box.w // 9)
    c = box.center
    pygame.draw.line(surface, colour, (c[0] - d, c[1] - d), (c[0] + d, c[1] + d), width)
    pygame.draw.line(surface, colour, (c[0] - d, c[1] + d), (c[0] + d, c[1] - d), width)


def _award(
    surface: pygame.Surface, assets: Assets, box: pygame.Rect, icon: str, held: bool, label: str, colour: str
) -> None:
    """An award box: its icon and name; filled with the player's colour while they hold it (+2 VP)."""
    radius = max(3, box.h // 6)
    fill = rgb(colour) if held else BOX
    pygame.draw.rect(surface, fill, box, border_radius=radius)
    pygame.draw.rect(surface, GOLD if held else INK_SOFT, box, 3 if held else 1, border_radius=radius)
    side = min(box.h - 6, box.w // 3)
    with contextlib.suppress(FileNotFoundError, ValueError, pygame.error):
        img = assets.scaled(icon, (side, side))
        if not held:
            img = img.copy()
            img.set_alpha(110)
        surface.blit(img, img.get_rect(midleft=(box.x + 4, box.centery)))
    text_x = box.x + side + 8
    size = max(8, box.h // 2)
    font = assets.font(size, bold=True)
    while font.size(label)[0] > box.right - text_x - 6 and size > 8:
        size -= 1
        font = assets.font(size, bold=True)
    ink = INK if not held or sum(rgb(colour)) > 450 else (255, 255, 255)
    img = font.render(label + (" +2" if held else ""), True, ink)
    surface.blit(img, img.get_rect(midleft=(text_x, box.centery)))
