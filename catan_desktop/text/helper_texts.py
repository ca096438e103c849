"""The words of the Helpers' cards (RULES.md Part H; the card data: helpers_of_catan_2014.json): each card's
role, a short name for small panels, what it does and when it can be used, what each side says after a use,
and the note on cards whose printed text was not found (their ``confidence`` in the seat view is "likely" or
"approximate": what they do is this game's reading of the data). The card titles are
``addons.HELPER_NAMES``."""

from __future__ import annotations

from ..i18n import N_, _
from .addons import HELPER_NAMES

ROLES = {  # the figure on each card (the data file's "role")
    "forced_trade": N_("Merchant"),
    "road_assistance": N_("Mendicant"),
    "resource_balance": N_("Mayor"),
    "move_road": N_("Explorer"),
    "seven_protection": N_("General"),
    "development_help": N_("Architect"),
    "alms": N_("Noblewoman"),
    "free_port": N_("Captain"),
    "robber_to_desert": N_("Robber bride"),
    "swords_to_plowshares": N_("Priest"),
}

SHORT = {  # a few letters for the short panels of five or six players
    "forced_trade": N_("Force trade"),
    "road_assistance": N_("Road help"),
    "resource_balance": N_("Balance"),
    "move_road": N_("Move road"),
    "seven_protection": N_("7 shield"),
    "development_help": N_("Dev. help"),
    "alms": N_("Alms"),
    "free_port": N_("Free port"),
    "robber_to_desert": N_("Robber away"),
    "swords_to_plowshares": N_("Plowshares"),
}

EFFECTS = {  # what the card does (the data file's effect, as this game plays it)
    "forced_trade": N_(
        "Name a resource and ask one or two other players for it: each who holds one must give you one, "
        "and you give each of them one resource card of your choice from your hand."
    ),
    "road_assistance": N_(
        "When you build a road, pay one other resource of your choice instead of its brick or its lumber."
    ),
    "resource_balance": N_(
        "When a production roll gives you nothing, take one resource of your choice from the bank."
    ),
    "move_road": N_(
        "Take one of your roads with an open end (joined at that end to none of your roads or buildings) "
        "and build it somewhere else by the usual rules, free."
    ),
    "seven_protection": N_(
        "When a 7 is rolled: if you hold more cards than the discard limit you discard nothing; if you "
        "hold no more, take one resource of your choice from the bank."
    ),
    "development_help": N_(
        "Buy a development card, paying one other resource instead of one of its three if you like; look "
        "at the top three cards of the deck, keep one, and the others go under the deck."
    ),
    "alms": N_(
        "Choose a player who shows more victory points than you: look at their hand and take one card "
        "of your choice."
    ),
    "free_port": N_("Name a resource: for the rest of your turn you trade it with the bank at 2:1."),
    "robber_to_desert": N_(
        "Move the robber back to the desert and take from the bank one card of the resource the hex it "
        "left produces."
    ),
    "swords_to_plowshares": N_(
        "Lay down one of your knights (from your hand, or played on the table: it leaves your army) to "
        "build a settlement for 1 lumber + 1 brick or a city for 1 grain + 2 ore."
    ),
}

WHEN = {  # when it can be used
    "forced_trade": N_("On your turn after rolling, before you build (it is a trade)."),
    "road_assistance": N_("On your turn after rolling, when you build a road."),
    "resource_balance": N_(
        "You are asked after every production roll (not a 7) that gives you nothing, on anyone's turn."
    ),
    "move_road": N_("On your turn after rolling."),
    "seven_protection": N_("You are asked when a 7 is rolled, before the discards, on anyone's turn."),
    "development_help": N_("On your turn after rolling, when you buy a development card."),
    "alms": N_("On your turn after rolling."),
    "free_port": N_("On your turn after rolling."),
    "robber_to_desert": N_(
        "On your turn, before or after rolling, while the robber is not in the desert."
    ),
    "swords_to_plowshares": N_("On your turn after rolling, with a knight in your hand or on the table."),
}

ALWAYS = N_("Never in the turn you took it, at most once a turn, never in the special building phase.")

SIDES = {  # what happens after a use, by the side up
    "A": N_("Side A: after a use, turn it to side B for one more use, or swap it for a helper on display."),
    "B": N_("Side B: after a use, swap it for a helper on display."),
}

NOTES = {  # the data file could not print the card: what it does is this game's reading
    "likely": N_(
        "No printed text of this card was found: what it does here is this game's reading of the card "
        "data (likely)."
    ),
    "approximate": N_(
        "No printed text of this card was found: what it does here is this game's approximate reading of "
        "the card data."
    ),
}


def helper_name(card: str) -> str:
    """The card's title in the player's language ("Forced Trade")."""
    return _(HELPER_NAMES.get(card, card.replace("_", " ")))


def helper_short(card: str) -> str:
    """A short name for a small panel ("Force trade")."""
    return _(SHORT[card]) if card in SHORT else helper_name(card)


def helper_role(card: str) -> str:
    """The figure on the card ("Merchant")."""
    return _(ROLES[card]) if card in ROLES else ""


def helper_effect(card: str) -> str:
    return _(EFFECTS[card]) if card in EFFECTS else ""


def helper_when(card: str) -> str:
    return _(WHEN[card]) if card in WHEN else ""


def helper_note(confidence: str | None) -> str:
    """The note on a card read from uncertain data ("" for a card whose text is exact)."""
    return _(NOTES[confidence]) if confidence in NOTES else ""


def helper_side_rule(side: str) -> str:
    return _(SIDES.get(side, SIDES["A"]))


def helper_tip(card: str, side: str, confidence: str | None, number: str | None = None) -> str:
    """The whole explanation of a card, for a tooltip: its role and title, side, what it does, when, what
    happens after a use, and the note on an uncertain reading."""
    role = helper_role(card)
    title = helper_name(card)
    head = _("{role}: {card}", role=role, card=title) if role else title
    head = _("{card} (side {side})", card=head, side=side)
    if number:
        head = f"{number} · {head}"
    note = helper_note(confidence)
    parts = [helper_effect(card), helper_when(card), _(ALWAYS), helper_side_rule(side), note]
    return f"{head} — " + " ".join(p for p in parts if p)
