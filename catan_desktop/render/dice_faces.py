"""The Catan Dice Game's resource dice: ivory dice with a resource icon or a gold coin, drawn in code from the
shared icons (``icons/<resource>``, ``icons/catan_chip`` for gold) and cached per face, size and look.

Looks: ``""`` a die on the table, ``"blank"`` one not rolled yet, ``"spent"`` paid for something this turn
(faded, ticked), ``"aside"`` set aside with a gold pair (faded, crossed). A kept die is drawn lifted by the
tray (``die_shadow`` and ``KEPT_RING``); the face itself stays the same.
"""

from __future__ import annotations

import contextlib

import pygame

from .assets import Assets

IVORY_TOP = (255, 252, 242)
IVORY_BOTTOM = (232, 220, 190)
DIE_SIDE = (184, 165, 124)
DIE_EDGE = (110, 90, 58)
KEPT_RING = (232, 182, 64)
SS = 3  # supersampling of the code-drawn body
GOLD_ICON = "icons/catan_chip"
_CACHE: dict[tuple[str, int, str], pygame.Surface] = {}
_CACHE_MAX = 160


def die_face(assets: Assets, face: str, size: int, look: str = "") -> pygame.Surface:
    """The die showing ``face`` (a resource or ``gold``) ``size`` px square in ``look`` (see the module)."""
    size = max(8, int(size))
    key = (face, size, look)
    surf = _CACHE.get(key)
    if surf is None:
        if len(_CACHE) >= _CACHE_MAX:
            _CACHE.clear()
        surf = _CACHE[key] = _paint(assets, face, size, look)
    return surf


def die_shadow(size: int, lift: int) -> pygame.Surface:
    """A soft shadow for a die ``size`` px square raised ``lift`` px above the tray (blit it at the die's
    place: it falls a little below, wider and lighter the higher the die)."""
    key = ("shadow", size, str(lift))
    surf = _CACHE.get(key)
    if surf is None:
        small = pygame.Surface((32, 32), pygame.SRCALPHA)
        pygame.draw.rect(small, (0, 0, 0, max(35, 90 - lift * 4)), pygame.Rect(5, 6, 22, 22), border_radius=6)
        surf = pygame.transform.smoothscale(pygame.transform.smoothscale(small, (12, 12)), (size, size))
        _CACHE[key] = surf
    return surf


def _paint(assets: Assets, face: str, size: int, look: str) -> pygame.Surface:
    big = size * SS
    body = pygame.Surface((big, big), pygame.SRCALPHA)
    radius = big // 5
    side = pygame.Rect(big // 16, big // 14, big - big // 8, big - big // 8)
    pygame.draw.rect(body, DIE_SIDE, side, border_radius=radius)
    top = side.move(0, -big // 22)
    body.blit(_gradient(top.size, radius), top)
    pygame.draw.rect(body, DIE_EDGE, side.union(top), max(2, big // 40), border_radius=radius)
    surf = pygame.transform.smoothscale(body, (size, size))
    inner = pygame.Rect(0, 0, round(size * 0.6), round(size * 0.6))
    inner.center = (round(top.centerx / SS), round(top.centery / SS))
    if look != "blank":
        name = GOLD_ICON if face == "gold" else f"icons/{face}"
        with contextlib.suppress(FileNotFoundError, ValueError, pygame.error):
            surf.blit(assets.scaled(name, inner.size), inner)
    else:
        pygame.draw.circle(surf, DIE_SIDE, inner.center, max(2, size // 14))
    if look in ("spent", "aside"):
        surf = _faded(surf, look, size)
    return surf


def _gradient(size: tuple[int, int], radius: int) -> pygame.Surface:
    """The die's top face: ivory lit from above, with rounded corners."""
    w, h = size
    face = pygame.Surface(size, pygame.SRCALPHA)
    for y in range(h):
        t = y / max(1, h - 1)
        colour = [round(a + (b - a) * t) for a, b in zip(IVORY_TOP, IVORY_BOTTOM, strict=True)]
        pygame.draw.line(face, colour, (0, y), (w, y))
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    face.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return face


def _faded(surf: pygame.Surface, look: str, size: int) -> pygame.Surface:
    """A die already used this turn: greyed, with a tick (spent) or a cross (set aside)."""
    grey = pygame.transform.grayscale(surf)
    grey.set_alpha(150)
    out = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    out.blit(grey, (0, 0))
    width = max(2, size // 14)
    colour = (60, 120, 60) if look == "spent" else (150, 50, 36)
    c = size // 2
    if look == "spent":
        points = [(c - size // 5, c), (c - size // 20, c + size // 6), (c + size // 4, c - size // 6)]
        pygame.draw.lines(out, colour, False, points, width + 1)
    else:
        d = size // 4
        pygame.draw.line(out, colour, (c - d, c - d), (c + d, c + d), width + 1)
        pygame.draw.line(out, colour, (c - d, c + d), (c + d, c - d), width + 1)
    return out
