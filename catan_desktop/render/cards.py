"""Resource and development cards with their names in the player's language (issue 14).

The card art comes in two forms (tools/make_assets.py): ``cards/<name>`` with its English name printed, and
``cards/plain/<name>`` without text. In English the printed card is used as it is; in another language the
plain card gets the translated name drawn where the English one is printed (centred 172 of 210 px down, at
most 124 of 150 px wide), in the same title face, shrunk to fit.
"""

from __future__ import annotations

import pygame

from .. import i18n
from ..i18n import _
from .assets import Assets
from .palette import INK

_CARD = (150, 210)  # the art's own size (CARD_W, CARD_H in tools/make_assets.py)
_LABEL_Y, _LABEL_W, _LABEL_H = 172, 124, 21
_CACHE: dict[tuple[str, tuple[int, int], str], pygame.Surface] = {}
_CACHE_MAX = 256
CARD_WORDS = {  # the name printed on each card, as the text layer names it
    "knight": "Knight", "road_building": "Road Building", "year_of_plenty": "Year of Plenty",
    "monopoly": "Monopoly", "victory_point": "Victory Point",
}


def card_name(name: str) -> str:
    """The word on the card: "Knight" for ``knight``, "Lumber" for ``lumber``, in the player's language."""
    word = _(CARD_WORDS[name]) if name in CARD_WORDS else _(name)
    return word[:1].upper() + word[1:]


def card_image(assets: Assets, name: str, size: tuple[int, int]) -> pygame.Surface:
    """The card ``name`` (a resource or a development card) at ``size``, its name in the player's language.
    Raises AssetError when the art is missing."""
    size = (max(1, int(size[0])), max(1, int(size[1])))
    language = i18n.language()
    if language == "en":
        return assets.scaled(f"cards/{name}", size)
    key = (name, size, language)
    card = _CACHE.get(key)
    if card is None:
        card = assets.scaled(f"cards/plain/{name}", size).copy()
        w, h = size
        sx, sy = w / _CARD[0], h / _CARD[1]
        word = card_name(name)
        px = max(6, round(_LABEL_H * sy * 0.95))
        font = assets.font(px, title=True)
        while font.size(word)[0] > _LABEL_W * sx and px > 6:  # shrink the face until the name fits
            px -= 1
            font = assets.font(px, title=True)
        text = font.render(word, True, INK)
        card.blit(text, text.get_rect(center=(round(w / 2), round(_LABEL_Y * sy))))
        if len(_CACHE) >= _CACHE_MAX:
            _CACHE.clear()
        _CACHE[key] = card
    return card
