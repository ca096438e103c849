"""The game log's sentences for the add-on games' events: Frenemies (RULES.md Part A: favour tokens, gifts,
joined districts, guild favours) and Helpers (Part H: the helper cards). Called by ``events.describe``;
the viewer's own moves are in the second person (``ADDON_YOURS``), and a private fact (a token's guild, a
kept card) is only in the sentence of a seat that may see it (``views.seat_event`` removed it otherwise).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..i18n import N_, _, ngettext
from .addons import GUILD_NAMES, HELPER_NAMES
from .cards import CARD_NAMES

WHY = {  # what earned a favour token
    "robber": N_("a harmless robber move"),
    "gift": N_("a gift"),
    "join": N_("a road that joined two districts"),
    "joined": N_("another player's road joining their district"),
    "exchange": N_("an exchange"),
}

ADDON_YOURS = {  # the viewer's own moves (events.YOURS takes these in); both sides in the catalogues
    N_("{who} earned a favour token for {why}"): N_("You earned a favour token for {why}"),
    N_("{who} joined districts with {others}"): N_("You joined districts with {others}"),
    N_("{who} chooses who draws favour tokens first"): N_("You choose who draws favour tokens first"),
    N_("{who} offers 1 {res} as a gift to {to}"): N_("You offer 1 {res} as a gift to {to}"),
    N_("{who} accepts {giver}'s gift of 1 {res}"): N_("You accept {giver}'s gift of 1 {res}"),
    N_("{who} refuses {giver}'s gift of 1 {res}"): N_("You refuse {giver}'s gift of 1 {res}"),
    N_("{who} swapped 1 {give} for 1 {get} with the bank (merchant's favour)"):
        N_("You swapped 1 {give} for 1 {get} with the bank (merchant's favour)"),
    N_("{who} exchanged a favour token"): N_("You exchanged a favour token"),
    N_("{who} returned a favour token"): N_("You returned a favour token"),
    N_("{who} takes the helper {card}"): N_("You take the helper {card}"),
    N_("{who} may use {card}"): N_("You may use {card}"),
    N_("{who} lets {card} pass"): N_("You let {card} pass"),
    N_("{who} used {card}"): N_("You used {card}"),
    N_("{who} used {card} (side B)"): N_("You used {card} (side B)"),
    N_("{who} paid 1 {res} to {to}"): N_("You paid 1 {res} to {to}"),
    N_("{who} kept one of the development cards"): N_("You kept one of the development cards"),
    N_("{who} took a card from {victim} (alms)"): N_("You took a card from {victim} (alms)"),
    N_("{who} turned {card} to side B"): N_("You turned {card} to side B"),
    N_("{who} swapped {returned} for {card}"): N_("You swapped {returned} for {card}"),
}

Said = Callable[..., str]


def describe_addon(event: dict[str, Any], names: Sequence[str], viewer: int | None, who: str, you: bool,
                   said: Said, list_text: Callable[[list[str]], str]) -> str | None:
    """One sentence for an add-on event, or None when the event is not an add-on's (or says nothing new)."""
    t = event.get("t")
    if not isinstance(t, str):
        return None
    if t.startswith("helper_"):
        return _helpers(event, names, viewer, who, you, said, list_text)
    return _frenemies(event, names, viewer, who, you, said, list_text)


def _name(names: Sequence[str], seat: object, viewer: int | None) -> str:
    """A seat's name (where the viewer is the object, the callers use a sentence of their own)."""
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"


def _guild(guild: object) -> str:
    return _(GUILD_NAMES.get(str(guild), str(guild)))


def _helper(card: object) -> str:
    return _(HELPER_NAMES.get(str(card), str(card).replace("_", " ")))


def _frenemies(event: dict[str, Any], names: Sequence[str], viewer: int | None, who: str, you: bool,
               said: Said, list_text: Callable[[list[str]], str]) -> str | None:
    t = event["t"]
    if t == "favour":
        why = _(WHY.get(str(event.get("why")), str(event.get("why"))))
        if you and event.get("card"):
            guild = _guild(event["card"])
            return _("You earned a favour token of the {guild} for {why}", guild=guild, why=why)
        return said(you, "{who} earned a favour token for {why}", who=who, why=why)
    if t == "favour_short":
        n = int(event.get("missing", 0))
        return ngettext("The favour supply ran out: {who} got {n} token fewer than earned",
                        "The favour supply ran out: {who} got {n} tokens fewer than earned", n, who=who, n=n)
    if t == "districts_joined":
        joined = list(event.get("others", []))
        if viewer in joined and len(joined) == 1:
            return _("{who}'s road joined your district", who=who)
        others = list_text([_name(names, q, viewer) for q in joined])
        return said(you, "{who} joined districts with {others}", who=who, others=others)
    if t == "favour_order":
        return said(you, "{who} chooses who draws favour tokens first", who=who)
    if t == "gift_offer":
        res = _(str(event["resource"]))
        if event.get("to") == viewer:
            return _("{who} offers you 1 {res} as a gift", who=who, res=res)
        return said(you, "{who} offers 1 {res} as a gift to {to}", who=who, res=res,
                    to=_name(names, event.get("to"), viewer))
    if t in ("gift_accepted", "gift_refused"):
        res = _(str(event["resource"]))
        if event.get("giver") == viewer:
            if t == "gift_accepted":
                return _("{who} accepts your gift of 1 {res}", who=who, res=res)
            return _("{who} refuses your gift of 1 {res}", who=who, res=res)
        giver = _name(names, event.get("giver"), viewer)
        if t == "gift_accepted":
            return said(you, "{who} accepts {giver}'s gift of 1 {res}", who=who, giver=giver, res=res)
        return said(you, "{who} refuses {giver}'s gift of 1 {res}", who=who, giver=giver, res=res)
    if t == "favour_used":
        n = int(event.get("tokens", 0))
        guild = _guild(event.get("guild"))
        if you:
            return ngettext("You used the {guild}'s favour ({n} token)",
                            "You used the {guild}'s favour ({n} tokens)", n, guild=guild, n=n)
        return ngettext("{who} used the {guild}'s favour ({n} token)",
                        "{who} used the {guild}'s favour ({n} tokens)", n, who=who, guild=guild, n=n)
    if t == "merchant_swap":
        return said(you, "{who} swapped 1 {give} for 1 {get} with the bank (merchant's favour)", who=who,
                    give=_(str(event["give"])), get=_(str(event["get"])))
    if t == "favour_exchange":
        return said(you, "{who} exchanged a favour token", who=who)
    if t == "favour_returned":
        if you and event.get("card"):
            return _("You returned a favour token of the {guild}", guild=_guild(event["card"]))
        return said(you, "{who} returned a favour token", who=who)
    return None  # harmless_robber: the favour event that follows says it


def _helpers(event: dict[str, Any], names: Sequence[str], viewer: int | None, who: str, you: bool,
             said: Said, list_text: Callable[[list[str]], str]) -> str | None:
    t = event["t"]
    card = _helper(event.get("card"))
    if t == "helper_dealt":
        return said(you, "{who} takes the helper {card}", who=who, card=card)
    if t == "helper_display":
        return _("Helpers on display: {cards}", cards=list_text([_helper(c) for c in event.get("cards", [])]))
    if t == "helper_prompt":
        return said(you, "{who} may use {card}", who=who, card=card)
    if t == "helper_declined":
        return said(you, "{who} lets {card} pass", who=who, card=card)
    if t == "helper_used":
        if event.get("side") == "B":
            return said(you, "{who} used {card} (side B)", who=who, card=card)
        return said(you, "{who} used {card}", who=who, card=card)
    if t == "helper_forced_given":
        gave = [_name(names, q, viewer) for q in event.get("gave", [])]
        if not gave:
            return _("Forced trade: nobody had the card asked for")
        return _("Forced trade: {names} handed over the card asked for", names=list_text(gave))
    if t == "helper_paid":
        if event.get("to") == viewer:
            return _("{who} paid you 1 {res}", who=who, res=_(str(event["resource"])))
        return said(you, "{who} paid 1 {res} to {to}", who=who, res=_(str(event["resource"])),
                    to=_name(names, event.get("to"), viewer))
    if t == "helper_dev_kept":
        if you and event.get("card"):
            kept = _(CARD_NAMES.get(str(event["card"]), str(event["card"])))
            return _("You kept a development card: {card}", card=kept)
        return said(you, "{who} kept one of the development cards", who=who)
    if t == "helper_alms_taken":
        victim = event.get("victim")
        if event.get("resource") and victim == viewer:
            return _("{who} took 1 {res} from you (alms)", who=who, res=_(str(event["resource"])))
        if event.get("resource") and you:
            return _("You took 1 {res} from {victim} (alms)", res=_(str(event["resource"])),
                     victim=_name(names, victim, viewer))
        victim_name = _name(names, victim, viewer)
        return said(you, "{who} took a card from {victim} (alms)", who=who, victim=victim_name)
    if t == "helper_flipped":
        return said(you, "{who} turned {card} to side B", who=who, card=card)
    if t == "helper_swapped":
        returned = _helper(event.get("returned"))
        return said(you, "{who} swapped {returned} for {card}", who=who, returned=returned, card=card)
    return None
