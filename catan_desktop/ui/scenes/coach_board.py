"""The board as the first-game coach reads it (issue 12): pips, good free spots, places named as players do,
the leader. Read from the seat view (and the legal actions through the game's public API)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...i18n import _, ngettext
from ...text.events import place_text
from ...text.reasons import list_text

if TYPE_CHECKING:
    from ...engine.views import SeatView



def pips(n: int) -> int:
    """How many of the 36 dice outcomes roll ``n`` (the dots under a number token); 0 for 7 and no token."""
    return 6 - abs(7 - n) if 2 <= n <= 12 and n != 7 else 0


def _productive(view: SeatView, h: int) -> bool:
    return view.rules.terrain_resource.get(view.terrain[h]) is not None and bool(view.tokens_on(h))


def _hex_pips(view: SeatView, h: int) -> int:
    return sum(pips(n) for n in view.tokens_on(h)) if _productive(view, h) else 0


def _place(view: SeatView, h: int) -> str:
    """A hex as players name it: "the hills with the 6" (its first number), "the desert"."""
    numbers = view.tokens_on(h)
    places = {view.topo.hex_ids[h]: (view.terrain[h], numbers[0] if numbers else None)}
    return place_text(places, view.topo.hex_ids[h])


def _spot_free(view: SeatView, n: int) -> bool:
    """Empty, and no building on a neighbouring intersection (the distance rule)."""
    owner = view.node_owner
    return owner[n] < 0 and all(owner[m] < 0 for m in view.topo.node_neighbours[n])


def _spot_score(view: SeatView, n: int) -> int:
    hexes = [h for h in view.topo.node_hexes[n] if _productive(view, h)]
    kinds = {view.rules.terrain_resource[view.terrain[h]] for h in hexes}
    return 3 * sum(_hex_pips(view, h) for h in hexes) + 2 * len(kinds)


def _spot_text(view: SeatView, n: int) -> str:
    hexes = [h for h in view.topo.node_hexes[n] if _productive(view, h)]
    hexes.sort(key=lambda h: -_hex_pips(view, h))
    dots = sum(_hex_pips(view, h) for h in hexes)
    places = list_text([_place(view, h) for h in hexes])
    return ngettext("{places} ({dots} dot)", "{places} ({dots} dots)", dots, places=places, dots=dots)


def _legal_targets(game: Any, kind: str) -> list[Any] | None:
    """The targets (``a``) of the legal actions of ``kind`` (the seat port's ``legal``, or a Game's
    ``legal_actions``); None if unknown."""
    legal = getattr(game, "legal", None) or getattr(game, "legal_actions", None)
    return None if legal is None else [a.a for a in legal() if a.kind == kind]


def _own_numbers(view: SeatView) -> list[int]:
    """The numbers the seat's buildings collect on."""
    return sorted({n for b in view.buildings_of(view.seat) for h in view.topo.node_hexes[b]
                   if _productive(view, h) for n in view.tokens_on(h)})


def _leader(view: SeatView) -> int | None:
    """The other seat with the most visible points (then the most cards), or None alone at the table."""
    others = (p for p in view.public if p.seat != view.seat)
    best = max(others, key=lambda p: (p.visible_vp, p.resource_cards), default=None)
    return None if best is None else best.seat


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else _("Player {n}", n=seat + 1)
