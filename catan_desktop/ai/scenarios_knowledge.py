"""What a seat knows of the cards the scenarios move (RULES.md Part S), for ``knowledge``: the Erie
Canal's trades of cards for canal tokens are made in the open (S-5.4)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # for annotations only: knowledge imports this file
    from .knowledge import CardTracker


def _canal_trade(t: CardTracker, ev: dict[str, Any], idx: dict[str, int], costs: Any) -> None:
    q, partner = ev["seat"], ev["partner"]
    for r, n in ev["give"].items():
        if r in idx:
            t.move(q, partner, idx[r], n)
    for r, n in ev["get"].items():
        if r in idx:
            t.move(partner, q, idx[r], n)


SCENARIO_EVENTS = {"canal_trade": _canal_trade}
