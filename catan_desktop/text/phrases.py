"""Small pieces of the log's sentences, shared by the base game's wording (``events``) and the add-ons'
(``dois_events``, ``scenarios``, ...): lists, cards, and how a player names a hex."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..i18n import _


def list_text(names: list[str]) -> str:
    """'grain, wool and ore'."""
    if len(names) < 2:
        return "".join(names)
    return _("{first} and {last}", first=", ".join(names[:-1]), last=names[-1])

def cards_text(cards: dict[str, int]) -> str:
    """'2 brick, 1 ore' from {'brick': 2, 'ore': 1}."""
    return ", ".join(f"{n} {_(name)}" for name, n in cards.items() if n)


Places = Mapping[str, tuple[str, int | None]]  # hex id -> (terrain, printed number or None)


def places_of(hexes: Iterable[Mapping[str, Any]]) -> dict[str, tuple[str, int | None]]:
    """The ``places`` for ``describe`` from a seat view's ``board.hexes`` (id, terrain, number)."""
    return {str(h["id"]): (str(h["terrain"]), h.get("number")) for h in hexes}


def place_text(places: Places | None, hex_id: str, number: bool = True) -> str:
    """How a player names a hex: "the hills with the 8", "the desert" (``number=False``: "the hills").
    A hex the places do not know keeps its id (a hand-written log)."""
    terrain, n = (places or {}).get(hex_id.partition("/")[0], ("", None))
    if not terrain:
        return hex_id
    if number and n:
        return _("the {terrain} with the {n}", terrain=_(terrain), n=n)
    return _("the {terrain}", terrain=_(terrain))
