"""Turn engine log events into short sentences for the game log (all through the translation function)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..i18n import N_, _, ngettext
from .cards import CARD_NAMES
from .dice import DICE_YOURS, describe_dice
from .dois_events import DOIS_EVENTS, DOIS_YOURS, describe_dois, dois_ending
from .events_addons import ADDON_YOURS, describe_addon
from .phrases import Places, cards_text, list_text, place_text
from .scenarios import SCENARIO_EVENTS, SCENARIO_YOURS, describe_scenario

YOURS = {  # the viewer's own moves in the second person: Italian "You" takes no third person (issue 14)
    "{who} accepts": N_("You accept"),
    "{who} bought a development card": N_("You bought a development card"),
    "{who} bought a development card: {card}": N_("You bought a development card: {card}"),
    "{who} built a city": N_("You built a city"),
    "{who} built a free road": N_("You built a free road"),
    "{who} built a road": N_("You built a road"),
    "{who} built a settlement": N_("You built a settlement"),
    "{who} declines": N_("You decline"),
    "{who} discarded {cards}": N_("You discarded {cards}"),
    "{who} may build (special building phase)": N_("You may build (special building phase)"),
    "{who} moved the robber onto the {n} token of {hex}": N_(
        "You moved the robber onto the {n} token of {hex}"
    ),
    "{who} moved the robber to {hex}": N_("You moved the robber to {hex}"),
    "{who} played {card}": N_("You played {card}"),
    "{who} received {cards}": N_("You received {cards}"),
    "{who} rolled highest and starts": N_("You rolled highest and start"),
    "{who} rolled {a} + {b} = {total}": N_("You rolled {a} + {b} = {total}"),
    "{who} stole 1 {res} from {victim}": N_("You stole 1 {res} from {victim}"),
    "{who} stole a card from {victim}": N_("You stole a card from {victim}"),
    "{who} takes Largest Army ({n} knights)": N_("You take Largest Army ({n} knights)"),
    "{who} takes Longest Road ({n} roads)": N_("You take Longest Road ({n} roads)"),
    "{who} took starting resources: {cards}": N_("You took starting resources: {cards}"),
    "{who} traded {give} to {partner} for {get}": N_("You traded {give} to {partner} for {get}"),
    "{who} traded {n} {give} with the bank for 1 {get}": N_(
        "You traded {n} {give} with the bank for 1 {get}"
    ),
    "{who} tried to steal from {victim}, who had no cards": N_(
        "You tried to steal from {victim}, who had no cards"
    ),
    "{who} wins with {vp} points!": N_("You win with {vp} points!"),
    "{who} withdrew the offer": N_("You withdrew the offer"),
    **ADDON_YOURS,  # the add-on games' own (events_addons.py)
    **DOIS_YOURS,  # Catan a Dois's own (dois_events.py)
    **DICE_YOURS,  # the Catan Dice Game's own (dice.py)
    **SCENARIO_YOURS,  # the scenarios' own (scenarios.py)
}


def _said(you: bool, template: str, /, **fields: object) -> str:
    """``template`` about a seat (``{who}``) in words; the viewer's own move in its second-person form."""
    if you and template in YOURS:
        fields.pop("who", None)
        return _(YOURS[template], **fields)
    return _(template, **fields)


def describe(event: dict[str, Any], names: Sequence[str], viewer: int | None = None,
             places: Places | None = None) -> str | None:
    """Return one sentence for a log event as seen by ``viewer`` (None: skip the event). The viewer's own
    moves are in the second person ("You take the 10 token ... into your reserve"); ``places`` names hexes
    the way players do (``places_of``), else hexes keep their ids."""
    t = event.get("t")
    seat = event.get("seat")
    you = viewer is not None and seat == viewer  # grammar from the seat, never from comparing names
    who = _("You") if you else names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""
    if isinstance(t, str) and t.startswith("dice_"):  # the Catan Dice Game (dice.py)
        return describe_dice(event, names, viewer, who, you, _said)
    if t == "roll":
        d = event["dice"]
        return _said(you, "{who} rolled {a} + {b} = {total}", who=who, a=d[0], b=d[1], total=d[0] + d[1])
    if t == "produce":
        return _said(you, "{who} received {cards}", who=who, cards=cards_text(event["cards"]))
    if t == "starting_resources":
        return _said(you, "{who} took starting resources: {cards}", who=who, cards=cards_text(event["cards"]))
    if t == "settle":
        return _said(you, "{who} built a settlement", who=who)
    if t == "city":
        return _said(you, "{who} built a city", who=who)
    if t == "road":
        return (
            _said(you, "{who} built a free road", who=who)
            if event.get("free")
            else _said(you, "{who} built a road", who=who)
        )
    if t == "turn":
        return _("— Turn {n}: {who} —", n=event["turn"], who=who)
    if t == "discard":
        return _said(you, "{who} discarded {cards}", who=who, cards=cards_text(event["cards"]))
    if t == "robber":
        if event.get("number"):  # Catan a Dois: the robber sits on one number token (D-8.1)
            return _said(you,
                "{who} moved the robber onto the {n} token of {hex}",
                who=who,
                n=event["number"],
                hex=place_text(places, event["hex"], number=False),
            )
        return _said(you, "{who} moved the robber to {hex}", who=who, hex=place_text(places, event["hex"]))
    if t == "steal":
        victim = _("you") if event["victim"] == viewer else names[event["victim"]]
        if event.get("empty"):
            return _said(you, "{who} tried to steal from {victim}, who had no cards", who=who, victim=victim)
        if viewer in (seat, event["victim"]) and event.get("resource"):
            res = _(event["resource"])
            return _said(you, "{who} stole 1 {res} from {victim}", who=who, res=res, victim=victim)
        return _said(you, "{who} stole a card from {victim}", who=who, victim=victim)
    if t == "play":
        card = _(CARD_NAMES.get(event["card"], event["card"]))
        extra = ""
        if event["card"] == "monopoly":
            extra = " " + _("({res}: took {n})", res=_(event["resource"]), n=event.get("taken", 0))
        elif event["card"] == "year_of_plenty":
            extra = " " + _("({res})", res=", ".join(_(r) for r in event.get("resources", [])))
        return _said(you, "{who} played {card}", who=who, card=card) + extra
    if t == "buy":
        if viewer == seat and event.get("card"):
            return _said(you,
                "{who} bought a development card: {card}",
                who=who,
                card=_(CARD_NAMES.get(event["card"], event["card"])),
            )
        return _said(you, "{who} bought a development card", who=who)
    if t == "maritime":
        return _said(you,
            "{who} traded {n} {give} with the bank for 1 {get}",
            who=who,
            n=event["rate"],
            give=_(event["give"]),
            get=_(event["get"]),
        )
    if t == "offer":
        to = [_("you") if q == viewer else names[q] for q in event.get("to") or () if 0 <= q < len(names)]
        if to:  # an offer addressed to some players only
            return _(
                N_("You offer {give} for {get} to {whom}") if you
                else N_("{who} offers {give} for {get} to {whom}"),
                who=who,
                give=cards_text(event["give"]),
                get=cards_text(event["get"]),
                whom=list_text(to),
            )
        return _(
            N_("You offer {give} for {get}") if you else N_("{who} offers {give} for {get}"),
            who=who,
            give=cards_text(event["give"]),
            get=cards_text(event["get"]),
        )
    if t in ("accept", "reject"):
        if you:
            return _("You accept") if t == "accept" else _("You decline")
        if t == "accept":
            return _said(you, "{who} accepts", who=who)
        return _said(you, "{who} declines", who=who)
    if t == "counter":
        return _(
            N_("You counter: {give} for {get}") if you else N_("{who} counters: {give} for {get}"),
            who=who,
            give=cards_text(event["give"]),
            get=cards_text(event["get"]),
        )
    if t == "trade":
        return _said(you,
            "{who} traded {give} to {partner} for {get}",
            who=who,
            give=cards_text(event["give"]),
            partner=_("you") if event["partner"] == viewer else names[event["partner"]],
            get=cards_text(event["get"]),
        )
    if t == "trade_failed":
        return _("Nobody took your offer") if you else _("Nobody took {who}'s offer", who=who)
    if t == "trade_cancelled":
        return _said(you, "{who} withdrew the offer", who=who)
    if t == "shortage":
        return _("The bank is short of {res}: nobody receives it this roll", res=_(event["resource"]))
    if t == "longest_road":
        if seat is None:
            return _("Longest Road is set aside")
        if you:
            return _("You take Longest Road ({n} roads)", n=event["length"])
        return _said(you, "{who} takes Longest Road ({n} roads)", who=who, n=event["length"])
    if t == "largest_army":
        if you:
            return _("You take Largest Army ({n} knights)", n=event["knights"])
        return _said(you, "{who} takes Largest Army ({n} knights)", who=who, n=event["knights"])
    if t == "win":
        if you:
            return _("You win with {vp} points!", vp=event["vp"])
        return _said(you, "{who} wins with {vp} points!", who=who, vp=event["vp"])
    if t == "dice_deck":  # balanced dice: a new deck of the 36 outcomes
        n = int(event.get("discarded", 0))
        if not n:
            return _("A new dice deck is shuffled")
        return ngettext("A new dice deck is shuffled ({n} card of the last one put aside unseen)",
                        "A new dice deck is shuffled ({n} cards of the last one put aside unseen)", n, n=n)
    if t in DOIS_EVENTS:  # Catan a Dois (dois_events.py)
        return describe_dois(event, names, viewer, who, you, _said, places)
    if t == "special_build":
        return _said(you, "{who} may build (special building phase)", who=who)
    if t == "start_player":
        if you:
            return _("You rolled highest and start")
        return _said(you, "{who} rolled highest and starts", who=who)
    if t in SCENARIO_EVENTS:  # the scenario maps and the Erie Canal
        return describe_scenario(event, names, viewer, who, you, _said)
    return describe_addon(event, names, viewer, who, you, _said, list_text)  # Frenemies, Helpers


ENDINGS = (dois_ending,)  # the add-ons' ends without a winner: (log, turn) -> (headline, line) or None


def ending_words(log: Sequence[dict[str, Any]], turn: int) -> tuple[str, str] | None:
    """The game over screen's headline and the line under it when an add-on ended the game with no winner
    (``ENDINGS``), else None."""
    for ending in ENDINGS:
        words = ending(log, turn)
        if words is not None:
            return words
    return None
