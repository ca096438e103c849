"""Catan a Dois's log sentences (RULES.md Part D): the token reserve, the market, developments, the
remote-area cards, the collapse and the stalemate. ``events.describe`` hands these events here."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..i18n import N_, _, ngettext
from .cards import CARD_NAMES
from .phrases import Places, cards_text, list_text, place_text

DOIS_EVENTS = frozenset({
    "remove_token", "market", "market_sell", "market_discard", "market_opened", "market_renewed", "develop",
    "remote_card", "remote_exchange", "collapse", "stalemate_near", "stalemate",
})

DOIS_YOURS = {  # the viewer's own moves (events.YOURS takes these in)
    "{who} bought 1 {res} from the market for {cards}": N_("You bought 1 {res} from the market for {cards}"),
    "{who} drew a remote-area card": N_("You drew a remote-area card"),
    "{who} drew a remote-area card: {card}": N_("You drew a remote-area card: {card}"),
    "{who} exchanged a remote-area card for {cards}": N_("You exchanged a remote-area card for {cards}"),
    "{who} put {cards} aside from the market": N_("You put {cards} aside from the market"),
    "{who} sold 1 exhausted {res} to the market for {cards}": N_(
        "You sold 1 exhausted {res} to the market for {cards}"
    ),
    "{who} developed {hex} with the {tokens} token(s), paying {paid}, and took {n} {res} from the market": N_(
        "You developed {hex} with the {tokens} token(s), paying {paid}, and took {n} {res} from the market"
    ),
}


def describe_dois(event: dict[str, Any], names: Sequence[str], viewer: int | None, who: str, you: bool,
                  said: Callable[..., str], places: Places | None) -> str | None:
    """One sentence for a Catan a Dois event (``events.describe``'s arguments; ``said`` words a seat's
    move, in the second person for the viewer's own)."""
    t = event.get("t")
    seat = event.get("seat")
    if t == "remove_token":
        return _(
            N_("You took the {n} token from {hex} into your reserve") if you
            else N_("{who} took the {n} token from {hex} into their reserve"),
            who=who,
            n=event["number"],
            hex=place_text(places, event["hex"], number=False),
        )
    if t == "market":
        return said(you, "{who} bought 1 {res} from the market for {cards}", who=who, res=_(event["get"]),
                 cards=cards_text(event["give"]))  # fmt: skip
    if t == "market_sell":
        return said(you, "{who} sold 1 exhausted {res} to the market for {cards}", who=who,
                     res=_(event["give"]), cards=cards_text(event["get"]))  # fmt: skip
    if t == "market_discard":
        cards = cards_text(event["cards"])
        return said(you, "{who} put {cards} aside from the market", who=who, cards=cards)
    if t in ("market_opened", "market_renewed"):
        return _("The market shows {cards}", cards=", ".join(_(c) for c in event["cards"]) or _("nothing"))
    if t == "develop":
        tokens = ", ".join(str(n) for n in event["tokens"])
        paid = (
            cards_text(event.get("cards", {}))
            if event["paid"] == "cards"
            else _("a {card} card", card=_(CARD_NAMES.get(event["paid"], event["paid"])))
        )
        return said(you,
            "{who} developed {hex} with the {tokens} token(s), paying {paid}, "
            "and took {n} {res} from the market",
            who=who,
            hex=place_text(places, event["hex"], number=False),
            tokens=tokens,
            paid=paid,
            n=event["got"],
            res=_(event["resource"]),
        )
    if t == "remote_card":
        if viewer == seat and event.get("card"):
            card = _(CARD_NAMES.get(event["card"], event["card"]))
            return said(you, "{who} drew a remote-area card: {card}", who=who, card=card)
        return said(you, "{who} drew a remote-area card", who=who)
    if t == "remote_exchange":
        cards = cards_text(event.get("cards", {}))
        return said(you, "{who} exchanged a remote-area card for {cards}", who=who, cards=cards)
    if t == "collapse":
        return _(
            "Collapse: {res} are exhausted in the bank. The game ends and everybody loses.",
            res=list_text([_(r) for r in event["resources"]]),
        )
    if t == "stalemate_near":
        return ngettext(
            "Nobody has built for a long time: if nobody builds, buys a development card, plays a Knight or "
            "develops terrain, the game ends in a stalemate in {n} round.",
            "Nobody has built for a long time: if nobody builds, buys a development card, plays a Knight or "
            "develops terrain, the game ends in a stalemate in {n} rounds.",
            event["rounds"],
            n=event["rounds"],
        )
    if t == "stalemate":
        return ngettext(
            "Stalemate: nobody built for {n} round. The game ends and nobody wins.",
            "Stalemate: nobody built for {n} rounds. The game ends and nobody wins.",
            event["rounds"],
            n=event["rounds"],
        )
    return None


def dois_ending(log: Sequence[dict[str, Any]], turn: int) -> tuple[str, str] | None:
    """The game over screen's headline and the line under it for a game that ended with no winner in the
    collapse (D-5.4) or the stalemate (D-10.1); None for any other end."""
    for ev in reversed(log):
        if ev.get("t") == "collapse":
            return _("Collapse: both players lose"), _(
                "Turn {turn}: the bank ran out of {res} at once. The economy collapsed (D-5.4): nobody wins.",
                turn=turn,
                res=list_text([_(r) for r in ev["resources"]]),
            )
        if ev.get("t") == "stalemate":
            idle = int(ev["rounds"])
            return _("Stalemate: nobody wins"), ngettext(
                "Turn {turn}: nobody built anything for {n} round. Stalemate (a rule made for this game): "
                "nobody wins.",
                "Turn {turn}: nobody built anything for {n} rounds. Stalemate (a rule made for this game): "
                "nobody wins.",
                idle,
                turn=turn,
                n=idle,
            )
    return None
