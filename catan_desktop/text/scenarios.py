"""Words for the scenarios' engine codes (RULES.md Part S): the Corsica and New York maps (module
``scenario``: location spaces, roads that stop at them, Catan chips) and the Erie Canal (module
``erie_canal``: canal tokens).
Merged into the refusal reasons (``reasons.REASONS``), the phase words and the game log (``events.describe``),
as ``addons.py`` and ``events_addons.py`` are for Frenemies and Helpers. Places are the map's printed names.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..i18n import N_, _, ngettext

SCENARIO_REASONS: dict[str, str] = {
    # scenario (S-3.1, S-3.2 / Q-47, S-3.5 / Q-49)
    "not_a_location": N_("settlements stand only on the location spaces of the map"),
    "chip_spot": N_("{place} holds a Catan chip spot, where nobody builds"),
    "location_road_stop": N_("your road cannot go on through {place} until you settle there"),
    "location_road_twice": N_(
        "you already have a road at {place}: another one there needs your settlement first"
    ),
    # erie_canal (S-5.3, S-5.4 / Q-51)
    "canal_no_token": N_("you have no canal token"),
    "canal_nothing_to_name": N_("every resource already trades at {n}:1 or better this turn"),
    "canal_named": N_("{res} already trades at {n}:1 this turn"),
    "canal_rate_already": N_("you already trade {res} at {n}:1"),
    "canal_offer_seat": N_(
        "a canal token trade goes to another player: seats from 0 to {last}, not your own"
    ),
    "canal_offer_one_side": N_("canal tokens go on one side of a trade, for resource cards"),
    "canal_not_held": N_("you do not hold the canal tokens you offer"),
    "canal_offer_held": N_("player {player} does not hold that many canal tokens"),
    "canal_no_tokens_anywhere": N_("nobody holds a canal token to trade"),
}

SCENARIO_PHASE_WORDS = {
    "canal_answer": N_("answer the canal token trade"),
}

SCENARIO_YOURS = {  # the viewer's own moves (events.YOURS takes these in)
    N_("{who} took the Catan chip at {place}"): N_("You took the Catan chip at {place}"),
    N_("{who} joined {a} and {b} along the canal and took a canal token"):
        N_("You joined {a} and {b} along the canal and took a canal token"),
    N_("{who} played a canal token: {res} trades {n}:1 with the bank this turn"):
        N_("You played a canal token: {res} trades {n}:1 with the bank this turn"),
    N_("{who} offers {give} to {to} for {get}"): N_("You offer {give} to {to} for {get}"),
    N_("{who} declines {giver}'s canal token trade"): N_("You decline {giver}'s canal token trade"),
}

SCENARIO_EVENTS = frozenset({
    "catan_chip", "canal_token", "canal_short", "canal_played", "canal_returned", "canal_offer",
    "canal_trade", "canal_rejected",
})

Said = Callable[..., str]


def items_text(items: Mapping[str, Any]) -> str:
    """'1 canal token, 2 ore' for a trade's side (resources and canal tokens)."""
    parts = []
    for name, n in items.items():
        if name == "canal":
            parts.append(ngettext("{n} canal token", "{n} canal tokens", int(n), n=int(n)))
        elif n:
            parts.append(f"{n} {_(name)}")
    return ", ".join(parts)


def describe_scenario(event: dict[str, Any], names: Sequence[str], viewer: int | None, who: str, you: bool,
                      said: Said) -> str | None:
    """One sentence for a scenario event (``SCENARIO_EVENTS``), or None for any other event."""
    t = event.get("t")
    if t == "catan_chip":
        return said(you, "{who} took the Catan chip at {place}", who=who, place=str(event.get("place", "")))
    if t in ("canal_token", "canal_short"):
        a, b = (list(event.get("places") or []) + ["?", "?"])[:2]
        if t == "canal_token":
            return said(you, "{who} joined {a} and {b} along the canal and took a canal token",
                        who=who, a=a, b=b)
        if you:
            return _("The canal tokens have run out: you get none for joining {a} and {b}", a=a, b=b)
        return _("The canal tokens have run out: {who} gets none for joining {a} and {b}", who=who, a=a, b=b)
    if t == "canal_played":
        return said(you, "{who} played a canal token: {res} trades {n}:1 with the bank this turn", who=who,
                    res=_(str(event.get("resource"))), n=event.get("rate", 2))
    if t == "canal_returned":
        n = int(event.get("n", 0))
        return ngettext("{n} canal token goes back to the supply",
                        "{n} canal tokens go back to the supply", n, n=n)
    give, get = items_text(event.get("give") or {}), items_text(event.get("get") or {})
    if t == "canal_offer":
        if event.get("to") == viewer:
            return _("{who} offers you {give} for {get}", who=who, give=give, get=get)
        return said(you, "{who} offers {give} to {to} for {get}", who=who, give=give, get=get,
                    to=_name(names, event.get("to")))
    if t == "canal_trade":
        partner = _("you") if event.get("partner") == viewer else _name(names, event.get("partner"))
        return said(you, "{who} traded {give} to {partner} for {get}", who=who, give=give, partner=partner,
                    get=get)
    if t == "canal_rejected":
        if event.get("giver") == viewer:
            return _("{who} declines your canal token trade", who=who)
        return said(you, "{who} declines {giver}'s canal token trade", who=who,
                    giver=_name(names, event.get("giver")))
    return None


def _name(names: Sequence[str], seat: object) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"
