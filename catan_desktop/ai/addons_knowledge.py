"""What a seat knows of the cards the Frenemies (RULES.md Part A) and Helpers (Part H) add-ons move, for
``knowledge``: all in the open but an alms take, which only its two players see. A Helpers user who looks
at a hand (alms) knows it whole."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.modules.helper_cards_build import SwordsToPlowshares

if TYPE_CHECKING:  # for annotations only: knowledge imports this file
    from .knowledge import CardTracker

HELPERS = "helpers"  # the rule module of the Helpers cards, and its view's name


def _gift_accepted(t: CardTracker, ev: dict[str, Any], idx: dict[str, int], costs: Any) -> None:
    t.move(ev["giver"], ev["seat"], idx[ev["resource"]])


def _favour_used(t: CardTracker, ev: dict[str, Any], idx: dict[str, int], costs: Any) -> None:
    if ev.get("guild") == "trader":  # cards from the bank
        t.known[ev["seat"]][idx[ev["resource"]]] += ev.get("n", 1)


def _merchant_swap(t: CardTracker, ev: dict[str, Any], idx: dict[str, int], costs: Any) -> None:
    q = ev["seat"]
    t.lose(q, idx[ev["give"]], 1)
    t.known[q][idx[ev["get"]]] += 1


def _forced_given(t: CardTracker, ev: dict[str, Any], idx: dict[str, int], costs: Any) -> None:
    for giver in ev["gave"]:  # A1
        t.move(giver, ev["seat"], idx[ev["resource"]])


def _paid(t: CardTracker, ev: dict[str, Any], idx: dict[str, int], costs: Any) -> None:
    t.move(ev["seat"], ev["to"], idx[ev["resource"]])


def _alms_taken(t: CardTracker, ev: dict[str, Any], idx: dict[str, int], costs: Any) -> None:
    t.taken(ev["seat"], ev["victim"], ev.get("resource"), idx)


def _helper_used(t: CardTracker, ev: dict[str, Any], idx: dict[str, int], costs: Any) -> None:
    q, card = ev["seat"], ev.get("card")
    if card in ("resource_balance", "seven_protection", "robber_to_desert") and ev.get("resource"):
        t.known[q][idx[ev["resource"]]] += 1  # from the bank
    elif card in ("road_assistance", "development_help"):
        item = "road" if card == "road_assistance" else "development_card"
        paid = list(costs[item])
        if ev.get("replaced"):  # one card of the cost paid with another resource
            paid[idx[ev["replaced"]]] -= 1
            paid[idx[ev["paid"]]] += 1
        t.pay(q, tuple(paid))


ADDON_EVENTS = {
    "gift_accepted": _gift_accepted,
    "favour_used": _favour_used,
    "merchant_swap": _merchant_swap,
    "helper_forced_given": _forced_given,
    "helper_paid": _paid,
    "helper_alms_taken": _alms_taken,
    "helper_used": _helper_used,
}


def helper_build(t: CardTracker, ev: dict[str, Any], idx: dict[str, int]) -> None:
    """A build by a helper card (its event's ``helper``): a road assistance road was paid with its
    ``helper_used`` event; swords to plowshares builds at the card's own price (Part H)."""
    if ev["helper"] != "swords_to_plowshares":
        return
    price = SwordsToPlowshares.COSTS["settle" if ev["t"] == "settle" else "city"]
    for name, n in price.items():
        if name in idx:
            t.lose(ev["seat"], idx[name], n)


def shown_hand(views: dict[str, Any], q: int) -> dict[str, int] | None:
    """Seat ``q``'s hand when this seat is looking at it (a Helpers alms, Part H), else None."""
    view = views.get(HELPERS) or {}
    if view.get("target_hand") is not None and view.get("target") == q:
        return dict(view["target_hand"])
    return None
