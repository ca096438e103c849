"""The Helpers' cards (RULES.md Part H) drawn with their title in the player's language.

The art (``helpers/<card>_a``, ``helpers/<card>_b``: 150x210 px, no text, a light label band centred 172 px
down, as ``cards/plain``; ``helpers/back``) gets the translated title drawn in the band the way
``cards.card_image`` names a plain card. Where the art is missing (a partial install, or before it is made)
a parchment card in the side's colour stands in, so a missing picture never stops a game.
"""

from __future__ import annotations

import pygame

from .. import i18n
from .assets import AssetError, Assets
from .palette import BORDER, INK, PARCHMENT, PARCHMENT_DARK, WHITE

_CARD = (150, 210)  # the art's own size
_LABEL_Y, _LABEL_W, _LABEL_H = 172, 124, 21
_EMBLEM = (25, 47, 100)  # the square around the art's round emblem (x, y, side, on the 150x210 card)
SIDE_COLOURS = {"A": (52, 92, 160), "B": (164, 58, 44)}  # the printed cards: a blue side A, a red side B
_CACHE: dict[tuple[object, ...], pygame.Surface] = {}
_CACHE_MAX = 160


def _art(assets: Assets, name: str, size: tuple[int, int]) -> pygame.Surface | None:
    try:
        return assets.scaled(name, size)
    except (AssetError, ValueError):
        return None


def _stand_in(assets: Assets, size: tuple[int, int], side: str | None) -> pygame.Surface:
    """A parchment card with a band and border in the side's colour (the back: wood-brown)."""
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    colour = SIDE_COLOURS.get(side or "", BORDER)
    radius = max(2, min(w, h) // 10)
    pygame.draw.rect(surf, colour, surf.get_rect(), border_radius=radius)
    edge = max(1, round(w * 0.05))
    inner = surf.get_rect().inflate(-2 * edge, -2 * edge)
    pygame.draw.rect(surf, PARCHMENT, inner, border_radius=max(1, radius - edge))
    if h >= 40:  # the emblem: the side's letter in a disc (the back: a plain disc)
        centre = (w // 2, round(h * 0.42))
        r = round(min(w, h) * 0.26)
        pygame.draw.circle(surf, PARCHMENT_DARK, centre, r)
        pygame.draw.circle(surf, colour, centre, r, max(1, r // 8))
        if side:
            font = assets.font(max(6, round(r * 1.2)), title=True)
            letter = font.render(side, True, colour)
            surf.blit(letter, letter.get_rect(center=centre))
        band = pygame.Rect(0, 0, round(w * 0.86), round(_LABEL_H * h / _CARD[1] * 1.3))
        band.center = (w // 2, round(_LABEL_Y * h / _CARD[1]))
        pygame.draw.rect(surf, WHITE, band, border_radius=max(1, band.h // 4))
        pygame.draw.rect(surf, colour, band, 1, border_radius=max(1, band.h // 4))
    return surf


def _title(assets: Assets, card: pygame.Surface, title: str) -> None:
    """Draw ``title`` in the label band, in the title face, shrunk until it fits."""
    w, h = card.get_size()
    sx, sy = w / _CARD[0], h / _CARD[1]
    px = max(6, round(_LABEL_H * sy * 0.95))
    font = assets.font(px, title=True)
    while font.size(title)[0] > _LABEL_W * sx and px > 6:
        px -= 1
        font = assets.font(px, title=True)
    text = font.render(title, True, INK)
    card.blit(text, text.get_rect(center=(round(w / 2), round(_LABEL_Y * sy))))


def helper_card(assets: Assets, card: str, side: str, size: tuple[int, int], title: str | None = None,
                dim: bool = False) -> pygame.Surface:
    """Helper ``card`` with side ``side`` ("A" or "B") up, at ``size``, with ``title`` (already in the
    player's language) in its label band; ``dim``: faded, for a card that cannot be used now."""
    size = (max(1, int(size[0])), max(1, int(size[1])))
    key = ("card", card, side, size, title, dim, i18n.language())
    out = _CACHE.get(key)
    if out is None:
        art = _art(assets, f"helpers/{card}_{side.lower()}", size)
        out = art.copy() if art is not None else _stand_in(assets, size, side)
        if title and size[1] >= 60:
            _title(assets, out, title)
        if dim:
            out.set_alpha(110)
        _keep(key, out)
    return out


def helper_emblem(assets: Assets, card: str, side: str, size: int, dim: bool = False) -> pygame.Surface:
    """The round emblem in the middle of the card's art (``size`` px square), for an icon on a small panel;
    a disc in the side's colour with its letter where the art is missing."""
    key = ("emblem", card, side, size, dim)
    out = _CACHE.get(key)
    if out is None:
        try:
            art = assets.image(f"helpers/{card}_{side.lower()}")
        except (AssetError, ValueError):
            art = None
        if art is not None:
            sx, sy = art.get_width() / _CARD[0], art.get_height() / _CARD[1]
            x, y, w = _EMBLEM
            crop = art.subsurface(pygame.Rect(round(x * sx), round(y * sy), round(w * sx), round(w * sy)))
            out = pygame.transform.smoothscale(crop, (size, size))
        else:
            out = pygame.Surface((size, size), pygame.SRCALPHA)
            r = size // 2
            pygame.draw.circle(out, SIDE_COLOURS.get(side, BORDER), (r, r), r)
            font = assets.font(max(6, round(size * 0.6)), title=True)
            letter = font.render(side, True, WHITE)
            out.blit(letter, letter.get_rect(center=(r, r)))
        if dim:
            out.set_alpha(110)
        _keep(key, out)
    return out


def helper_back(assets: Assets, size: tuple[int, int]) -> pygame.Surface:
    """The back of a helper card at ``size``."""
    size = (max(1, int(size[0])), max(1, int(size[1])))
    key = ("back", size)
    out = _CACHE.get(key)
    if out is None:
        out = _art(assets, "helpers/back", size) or _stand_in(assets, size, None)
        _keep(key, out)
    return out


def _keep(key: tuple[object, ...], surf: pygame.Surface) -> None:
    if len(_CACHE) >= _CACHE_MAX:
        _CACHE.clear()
    _CACHE[key] = surf


def forget() -> None:
    """Drop the drawn cards (the art has changed on disk, e.g. in a test)."""
    _CACHE.clear()
