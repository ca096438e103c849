"""Refusal reasons: the engine's codes put into words in the player's language.

The engine says ``Reason("need_resources", item="road", cost={"brick": 1, "lumber": 1}, ...)``; this module
says "a road costs 1 brick + 1 lumber", through the translation function (``i18n``), with plural forms
and the names of resources, cards and phases. Importing it installs ``reason_text`` as the engine's wording
(``engine.reasons.install_wording``); ``catan_desktop/__init__.py`` imports the text layer when the first
reason is made.
A new code (a new rule module's) gets its sentence here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..engine.reasons import install_wording
from ..i18n import N_, _, ngettext, tr
from .addons import ADDON_REASONS, GUILD_NAMES, HELPER_NAMES
from .cards import CARD_NAMES
from .dice import DICE_SPECIAL
from .events import list_text
from .scenarios import SCENARIO_PHASE_WORDS, SCENARIO_REASONS

# code -> the sentence, with {fields} filled from the reason's parameters (after _FIELDS below)
REASONS: dict[str, str] = {
    "game_over": N_("the game is over"),
    "not_an_action": N_("not an action"),
    "unknown_action": N_("unknown action {kind!r}"),
    "malformed_action": N_("not a well-formed action: {text}"),
    "not_allowed_now": N_("that is not allowed now"),
    # network play (issue 33): what the host or the connection says
    "stale_move": N_("the game moved on before your move reached the host"),
    "not_started": N_("the game has not started yet"),
    "net_lost": N_("the connection to the host was lost: trying again…"),
    "net_host_stopped": N_("the host stopped the game (its computer keeps it): waiting for it to come back…"),
    "net_refused": N_("the host refused the connection"),
    "net_closed": N_("the connection to the host is closed"),
    "net_back": N_("connected to the host again"),
    "net_error": N_("the host answered: {detail}"),
    "waiting_for": N_("not now: the game is waiting for player {player} to {what}"),
    "trade_unknown_resource": N_("that trade names a resource this game does not have"),
    "trade_empty_side": N_("each side of a trade must give at least one card"),
    "trade_same_resource": N_("a trade cannot ask for the same resource it gives"),
    "trade_not_held": N_("you do not hold the cards you offer"),
    "trade_more_than_exist": N_("a trade cannot ask for more than the {n} cards of a resource the game has"),
    "domestic_trade_off": N_("trading between players is switched off in this game"),
    "trade_nobody": N_("there is nobody to trade with"),
    "offer_recipients": N_("an offer goes to other players: seats from 0 to {last}, not your own"),
    "trade_after_build": N_(
        "no more trading this turn: you have already built (trade comes before building)"
    ),
    "offer_limit": N_("you have made the most offers allowed in one turn"),
    "dev_already_played": N_("you have already played a development card this turn"),
    "no_dev_card": N_("you have no {card} card"),
    "dev_card_new": N_("a development card cannot be played in the turn it was bought"),
    "no_road_spot": N_("there is nowhere to build a road"),
    "unknown_resource": N_("unknown resource"),
    "bank_cannot_supply": N_("the bank cannot supply those cards"),
    "deck_empty": N_("the development deck is empty"),
    "no_such_path": N_("there is no such path on this board"),
    "path_taken": N_("that path already has a road"),
    "founding_road_away": N_("the founding road must touch the settlement just placed"),
    "road_not_connected": (
        N_("a road must connect to your own road, settlement or city, and cannot pass an opponent's building")
    ),
    "no_such_intersection": N_("there is no such intersection on this board"),
    "city_needs_settlement": N_("a city replaces one of your own settlements"),
    "intersection_taken": N_("that intersection is taken"),
    "distance_rule": N_(
        "too close to another building: settlements need two paths between them (distance rule)"
    ),
    "settlement_not_on_road": N_("a settlement must be at the end of one of your roads"),
    "no_settlement_spot": (
        N_("there is no free spot at the end of your roads (settlements need two paths between them)")
    ),
    "trade_same_resource_bank": N_("trade for a different resource"),
    "bank_rate": N_("you need {n} {res} to trade with the bank"),
    "bank_out_of": N_("the bank has no {res} left"),
    "bank_no_rate": (
        N_("you hold too few cards of any one resource for a bank trade (4:1, or your harbour's rate)")
    ),
    "no_such_hex": N_("there is no such hex on this board"),
    "robber_start_desert": N_("the robber starts on one of the deserts"),
    "robber_must_move": N_("the robber must move to a different hex"),
    "must_steal": N_("you must steal from a player next to the robber"),
    "steal_not_adjacent": N_("you can only steal from another player with a building next to the robber"),
    "cards_not_held": N_("you do not hold those cards"),
    "accept_cannot_pay": N_("you do not hold the cards asked for"),
    "confirm_unavailable": N_("that player has not accepted or cannot pay any more"),
    # rule modules
    "special_build_only": N_(
        "in the special building phase you may only build or buy development cards (F-3.3)"
    ),
    "remove_token_rule": (
        N_("take the token of a hex next to the settlement you just placed, of a type not taken before")
    ),
    "token_robber_rule": N_("the robber must move onto another number token of a productive hex (D-8)"),
    "market_cap_exactly": N_("put aside exactly {n} of the open market cards"),
    "market_not_trade_phase": N_("the market trades only in your trade phase"),
    "market_no_open_cards": N_("the market has no open cards"),
    "market_double": N_("the market is blocked this turn: the dice show a double (D-4.3)"),
    "market_no_open_resource": N_("there is no open {res} card in the market"),
    "market_price": N_("an open {res} card costs {n} cards this turn"),
    "market_price_min": N_("an open market card costs {n} of your cards this turn"),
    "market_sell_not_exhausted": N_("only a resource exhausted in the bank sells for two (D-5.3)"),
    "no_resource": N_("you have no {res}"),
    "market_sell_two": N_("an exhausted resource sells for two open cards of two other, different resources"),
    "market_no_such_open": N_("the market has no such open cards"),
    "develop_reserve_empty": (
        N_("your reserve has no tokens left: each player develops at most three times (D-6.6)")
    ),
    "develop_after_roll": N_("develop after rolling, in your build phase"),
    "remote_exchange_rule": (
        N_("only a remote-area card drawn this turn can be exchanged, and the bank must hold {cards}")
    ),
    "develop_rule": (
        N_("develop a non-desert hex next to your building with tokens from your reserve, paying {cost} "
           "or an unused development card (D-6)")
    ),
    **ADDON_REASONS,  # Frenemies and Helpers (text/addons.py)
    **SCENARIO_REASONS,  # the scenario maps and the Erie Canal (text/scenarios.py)
}

# codes whose sentence depends on a parameter, with singular and plural forms
_COSTS = {
    "road": N_("a road costs {cost}"),
    "settlement": N_("a settlement costs {cost}"),
    "city": N_("a city costs {cost}"),
    "development_card": N_("a development card costs {cost}"),
}
_NO_PIECES = {
    "road": N_("you have no roads left"),
    "settlement": N_("you have no settlements left"),
    "city": N_("you have no cities left"),
}
PHASE_WORDS = {
    "setup_settlement": N_("place a founding settlement"),
    "setup_road": N_("place the road beside the settlement just built"),
    "roll": N_("roll the dice (or play a development card)"),
    "discard": N_("discard half of their cards"),
    "robber": N_("move the robber"),
    "main": N_("trade, build or end the turn"),
    "road_building": N_("place the free roads of Road Building"),
    "trade_offer": N_("answer the trade offer"),
    "trade_confirm": N_("choose a trade partner or cancel the offer"),
    "place_robber": N_("place the robber on a desert"),
    "special_build": N_("build or pass in the special building phase"),
    "remove_token": N_("take a number token next to the new settlement"),
    "market_cap": N_("put the open market cards above the cap aside"),
    **SCENARIO_PHASE_WORDS,  # text/scenarios.py
}


def card_name(card: str) -> str:
    """The name of a development card (``road_building`` -> "Road Building")."""
    return _(CARD_NAMES.get(card) or HELPER_NAMES.get(card) or card.replace("_", " ").title())


def resource_name(resource: str) -> str:
    """The name of a resource in the player's language."""
    return _(resource)


def cost_text(cost: Mapping[str, int]) -> str:
    """'1 brick + 1 lumber' for a bundle of cards."""
    return " + ".join(f"{n} {resource_name(r)}" for r, n in cost.items() if n)


def names_text(cost: Mapping[str, int]) -> str:
    """'grain + wool + ore' for one card of each, else as ``cost_text``."""
    if all(n == 1 for n in cost.values()):
        return " + ".join(resource_name(r) for r in cost)
    return cost_text(cost)


def _discard(params: Mapping[str, Any]) -> str:
    n = int(params["n"])
    return ngettext("discard exactly {n} card", "discard exactly {n} cards", n, n=n)


_SPECIAL: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "need_resources": lambda p: _(_COSTS[p["item"]], cost=cost_text(p["cost"])),
    "no_pieces_left": lambda p: _(_NO_PIECES[p["piece"]]),
    "discard_exactly": _discard,
    **DICE_SPECIAL,  # the Catan Dice Game (text/dice.py)
}


def _fields(params: Mapping[str, Any]) -> dict[str, Any]:
    """The template fields of a reason's parameters: names translated, seats counted from 1."""
    out = dict(params)
    if "seat" in params:
        out["player"] = int(params["seat"]) + 1
    if "phase" in params:
        out["what"] = _(PHASE_WORDS.get(params["phase"], params["phase"]))
    if "card" in params:
        out["card"] = card_name(params["card"])
    if "resource" in params:
        out["res"] = resource_name(params["resource"])
    if "cost" in params:
        out["cost"] = names_text(params["cost"])
    if "cards" in params:
        out["cards"] = list_text([resource_name(r) for r in params["cards"]])
    if "guild" in params:
        out["guild"] = _(GUILD_NAMES.get(params["guild"], str(params["guild"])))
    return out


def reason_text(code: str, params: Mapping[str, Any]) -> str:
    """The sentence for a refusal reason (``engine.reasons.Reason``) in the player's language."""
    special = _SPECIAL.get(code)
    if special is not None:
        return special(params)
    template = REASONS.get(code)
    if template is None:  # a code with no sentence yet: still readable, never a crash
        return code.replace("_", " ")
    return _(template, **_fields(params))


def reason_for(reason: str, names: Sequence[str], viewer: int | None = None) -> str:
    """A refusal reason as one player reads it, with seats named ("Not now: waiting for Anna to ...", or
    "First roll the dice ..." when the player is the one being waited for), starting with a capital. A plain
    string (no code) comes back capitalised."""
    code = getattr(reason, "code", None)
    params = getattr(reason, "params", {})
    text = str(reason)
    if code == "waiting_for" and isinstance(params.get("seat"), int):
        seat, what = params["seat"], _(PHASE_WORDS.get(params.get("phase", ""), params.get("phase", "")))
        if seat == viewer:
            text = _("First {what}", what=what)
        elif 0 <= seat < len(names):
            text = _("Not now: waiting for {name} to {what}", name=names[seat], what=what)
    return text[:1].upper() + text[1:]


install_wording(reason_text)


def save_problem(error: object) -> str:
    """What is wrong with a save file (``persistence.SaveError``: a template and its fields), in the
    player's language; any other error as its own text."""
    template = getattr(error, "template", None)
    if not isinstance(template, str) or not template:
        return str(getattr(error, "problem", error))
    return _(template, **getattr(error, "fields", {}))


def file_problems(error: object) -> str:
    """What is wrong with a rule file (``variants.RuleFileError``: one message per problem, each kept as an
    ``i18n.Msg``) in the player's language, one problem per line; any other error as its own text."""
    problems = getattr(error, "problems", None)
    if isinstance(problems, list) and problems:
        return "\n".join(tr(p) for p in problems)
    return tr(error) if isinstance(error, str) else str(error)
