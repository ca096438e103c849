"""Why an action is not legal now: the reason a player reads (RULES.md Part B, and the modules' own).

``explain`` returns None for a legal action, else a reason. Rule modules explain their own action kinds
and phases, and may give a more specific reason for a core action (``why_not``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import SPECS, Action, Bundle, bundle_size, recipients_ok
from .queries import (
    CITY,
    ROAD,
    SETTLEMENT,
    actor,
    can_afford,
    counts,
    harbour_rates,
    playable_dev,
    robber_victims,
    settlement_spot_free,
    trading_allowed,
)
from .reasons import Reason
from .ruleset import DEV_KINDS

if TYPE_CHECKING:
    from .game import Game

def _need(g: Game, p: int, item: str) -> Reason:
    """The cost of ``item`` and what seat ``p`` still lacks of it."""
    names, cost, hand = g.rules.resources, g.rules.costs[item], g.s.hands[p]
    return Reason(
        "need_resources",
        item=item,
        cost={names[i]: n for i, n in enumerate(cost) if n},
        missing={names[i]: n - hand[i] for i, n in enumerate(cost) if n > hand[i]},
    )


def offer_problem(g: Game, give: Bundle, get: Bundle, giver_hand: list[int]) -> str | None:
    """Return why a trade proposal (giver gives ``give`` for ``get``) is malformed, or None (Q-10)."""
    give_c = counts(g, give)
    get_c = counts(g, get)
    if give_c is None or get_c is None:
        return Reason("trade_unknown_resource")
    if not give or not get:
        return Reason("trade_empty_side")
    if any(a and b for a, b in zip(give_c, get_c, strict=True)):
        return Reason("trade_same_resource")
    if max(get_c) > g.rules.bank_per_resource:
        # nobody could ever pay it; found by fuzzing (issue 13): an offer for 10**5000 ore was legal, sat
        # on the table, and then the game could not be written to JSON (int-to-text limit) or saved
        return Reason("trade_more_than_exist", n=g.rules.bank_per_resource)
    if not can_afford(giver_hand, give_c):
        return Reason("trade_not_held")
    return None



def _shown(value: object) -> str:
    """A hostile payload as short text for a reason; never raises.

    Found by fuzzing (issue 13): ``repr`` of an int of more than 4300 digits raises ValueError (Python's
    int-to-text limit), which escaped from ``apply`` instead of IllegalAction; and a 100,000-character
    payload made a 100,000-character reason.
    """
    try:
        text = repr(value)
    except ValueError:
        return f"<{type(value).__name__} holding a number too long to show>"
    return text if len(text) <= 80 else text[:77] + "..."


def explain(g: Game, action: Action) -> str | None:
    """Return why ``action`` is not legal now, or None when it is legal."""
    s = g.s
    if s.phase == "over":
        return Reason("game_over")
    kind = action.kind
    # well_formed(action), without a call on this hot path; a kind that is not text may be unhashable
    spec = SPECS.get(kind) if isinstance(kind, str) else None
    if spec is None or not spec.shape(action.a, action.b) or (
        action.c is not None and (kind != "offer" or not recipients_ok(action.c))
    ):
        if not isinstance(kind, str) or kind not in g.plugins.kind_phases:
            shown = kind if isinstance(kind, str) and len(kind) <= 80 else _shown(kind)
            return Reason("unknown_action", kind=shown)
        return Reason("malformed_action", text=_shown(tuple(action)))
    if kind == "offer" and s.phase == "main":
        return _explain_offer(g, action)
    open_kinds = g.plugins.open_kinds
    if open_kinds and kind in open_kinds:  # legal for any valid payload: the module checks it whole
        return open_kinds[kind].explain(g, action)
    if kind in _UNLISTED:
        if kind == "counter" and s.phase == "trade_offer":
            return offer_problem(g, action.a, action.b, s.hands[actor(g)])
        if kind == "discard" and s.phase == "discard":  # legal_actions may list only some (legal.py)
            return _discard_problem(g, action.a)
    if action in g.legal_list():
        return None
    return _reason(g, action)


_UNLISTED = frozenset({"counter", "discard"})  # answers and discards legal_actions may list only some of


_PIECES = {"road": (ROAD, "road"), "settle": (SETTLEMENT, "settlement"), "city": (CITY, "city")}
_PROBES = {  # a stand-in action of a kind, to ask the core why that kind is refused
    "offer": Action("offer", (("brick", 1),), (("ore", 1),)),
    "monopoly": Action("monopoly", "brick", None),
    "year_of_plenty": Action("year_of_plenty", "brick", "ore"),
}


def why_none(g: Game, kind: str) -> str | None:
    """Why the seat to act has no legal action of ``kind`` at all now, or None when it has one.

    What a disabled button says: "a road costs 1 brick + 1 lumber", "there is nowhere to build a road", "the
    development deck is empty", "not now: the game is waiting for player 2 to roll the dice" (reason codes,
    worded by the text layer).
    """
    s = g.s
    if s.phase == "over":
        return Reason("game_over")
    if any(a.kind == kind for a in g.legal_list()):
        return None
    phases = g.plugins.kind_phases.get(kind)
    if phases is None:
        return Reason("unknown_action", kind=kind)
    owner = g.plugins.kind_owner.get(kind) or g.plugins.open_kinds.get(kind)
    if owner is not None:
        reason = owner.why_none(g, kind)
        if reason is not None:
            return reason
    if s.phase not in phases:
        return Reason("waiting_for", seat=actor(g), phase=s.phase)
    p = actor(g)
    building = s.phase == "main" or s.phase in g.plugins.build_phases
    if kind == "road" and s.phase == "road_building":
        return Reason("no_road_spot")
    if kind in ("buy", "road", "settle", "city") and building:
        item = {"buy": "development_card", "settle": "settlement"}.get(kind, kind)
        if kind == "buy":
            if not s.dev_deck:
                return Reason("deck_empty")
        elif not s.pieces_left[p][_PIECES[kind][0]]:
            return Reason("no_pieces_left", piece=_PIECES[kind][1])
        if not can_afford(s.hands[p], g.rules.costs[item]):
            return _need(g, p, item)
        if kind == "road":
            return Reason("no_road_spot")
        if kind == "settle":
            return Reason("no_settlement_spot")
        if kind == "city":
            return Reason("city_needs_settlement")
    if kind == "maritime":
        return Reason("trade_after_build") if not trading_allowed(g) else Reason("bank_no_rate")
    probe = _PROBES.get(kind, Action(kind))
    return explain(g, probe) or Reason("not_allowed_now")


def _discard_problem(g: Game, bundle: Bundle) -> str | None:
    """Why discarding ``bundle`` now is not legal, or None: exactly the cards owed, all held (B-6.2)."""
    seat, amount = g.s.discard_queue[0]
    c = counts(g, bundle)
    if c is None:
        return Reason("unknown_resource")
    if bundle_size(bundle) != amount:
        return Reason("discard_exactly", n=amount)
    if not can_afford(g.s.hands[seat], c):
        return Reason("cards_not_held")
    return None


def offer_blocked(g: Game) -> Reason | None:
    """Why the player to act may make no trade offer to another player now (B-7.1: trading on, someone to
    trade with, not after building under the strict order, offers left this turn), or None. Rule modules
    with offers of their own (the Erie Canal's tokens, S-5.4) ask it too."""
    s, rules = g.s, g.rules
    if not rules.option("domestic_trade", True):
        return Reason("domestic_trade_off")
    if s.players < 2:
        # found by fuzzing (issue 13): a rule file may allow one player, whose offer went to nobody and left
        # the game in phase trade_offer with no one to answer it (an IndexError at the next call)
        return Reason("trade_nobody")
    if not trading_allowed(g):
        return Reason("trade_after_build")
    if s.offers_made >= rules.option("max_offers_per_turn", 6):
        return Reason("offer_limit")
    return None


def _explain_offer(g: Game, action: Action) -> str | None:
    s = g.s
    blocked = offer_blocked(g)
    if blocked is not None:
        return blocked
    if action.c is not None and (s.current in action.c or action.c[-1] >= s.players):
        return Reason("offer_recipients", last=s.players - 1)  # addressed to some of the other players
    return offer_problem(g, action.a, action.b, s.hands[s.current])


KIND_PHASES = {
    "roll": ("roll",),
    "end": ("main",),
    "buy": ("main",),
    "settle": ("setup_settlement", "main"),
    "city": ("main",),
    "road": ("setup_road", "main", "road_building"),
    "knight": ("roll", "main"),
    "road_building": ("roll", "main"),
    "year_of_plenty": ("roll", "main"),
    "monopoly": ("roll", "main"),
    "robber": ("robber", "place_robber"),
    "discard": ("discard",),
    "maritime": ("main",),
    "offer": ("main",),
    "accept": ("trade_offer",),
    "reject": ("trade_offer",),
    "counter": ("trade_offer",),
    "confirm": ("trade_confirm",),
    "cancel": ("trade_confirm",),
}


def _reason(g: Game, action: Action) -> str:
    """A specific reason for an action known not to be in the legal set."""
    s, rules, topo = g.s, g.rules, g.topo
    kind = action.kind
    phases = g.plugins.kind_phases.get(kind)
    if phases is None:
        return Reason("unknown_action", kind=kind)
    for m in g.plugins.why_not:
        reason = m.why_not(g, action)
        if reason is not None:
            return reason
    if s.phase not in phases:
        return Reason("waiting_for", seat=actor(g), phase=s.phase)
    owner = g.plugins.kind_owner.get(kind)
    if owner is not None:
        return owner.explain(g, action) or Reason("not_allowed_now")
    building = s.phase == "main" or s.phase in g.plugins.build_phases
    p = actor(g)
    hand = s.hands[p]
    left = s.pieces_left[p]
    if kind in ("knight", "road_building", "year_of_plenty", "monopoly"):
        k = DEV_KINDS.index(kind)
        if s.dev_played:
            return Reason("dev_already_played")
        if s.dev_hand[p][k] == 0:
            return Reason("no_dev_card", card=kind)
        if not playable_dev(g, p, k):
            return Reason("dev_card_new")
        if kind == "road_building":
            return Reason("no_road_spot")
        if kind in ("year_of_plenty", "monopoly"):
            if (action.a is not None and action.a not in g.res_index) or (
                action.b is not None and action.b not in g.res_index
            ):
                return Reason("unknown_resource")
            return Reason("bank_cannot_supply")
    if kind == "buy":
        if not s.dev_deck:
            return Reason("deck_empty")
        return _need(g, p, "development_card")
    if kind == "road":
        e = action.a
        if not isinstance(e, int) or not 0 <= e < topo.num_edges:
            return Reason("no_such_path")
        if s.edge_owner[e] >= 0:
            return Reason("path_taken")
        if s.phase == "setup_road":
            return Reason("founding_road_away")
        if building:
            if not left[ROAD]:
                return Reason("no_pieces_left", piece="road")
            if not can_afford(hand, rules.costs["road"]):
                return _need(g, p, "road")
        return Reason("road_not_connected")
    if kind in ("settle", "city"):
        n = action.a
        if not isinstance(n, int) or not 0 <= n < topo.num_nodes:
            return Reason("no_such_intersection")
        if kind == "city":
            if s.node_owner[n] != p or s.node_level[n] != 1:
                return Reason("city_needs_settlement")
            if not left[CITY]:
                return Reason("no_pieces_left", piece="city")
            return _need(g, p, "city")
        if s.node_owner[n] >= 0:
            return Reason("intersection_taken")
        if not settlement_spot_free(g, n):
            return Reason("distance_rule")
        if building:
            if not left[SETTLEMENT]:
                return Reason("no_pieces_left", piece="settlement")
            if not can_afford(hand, rules.costs["settlement"]):
                return _need(g, p, "settlement")
            return Reason("settlement_not_on_road")
    if kind == "maritime":
        if not trading_allowed(g):
            return Reason("trade_after_build")
        gi, gj = g.res_index.get(action.a), g.res_index.get(action.b)
        if gi is None or gj is None:
            return Reason("unknown_resource")
        if gi == gj:
            return Reason("trade_same_resource_bank")
        rate = harbour_rates(g, p)[gi]
        if hand[gi] < rate:
            return Reason("bank_rate", n=rate, resource=action.a)
        return Reason("bank_out_of", resource=action.b)
    if kind == "robber":
        h = topo.hex_index.get(str(action.a).partition("/")[0])
        if h is None:
            return Reason("no_such_hex")
        if s.phase == "place_robber":
            return Reason("robber_start_desert")
        if h == s.robber:
            return Reason("robber_must_move")
        victims = robber_victims(g, h, p)
        if action.b is None:
            return Reason("must_steal")
        if action.b not in victims:
            return Reason("steal_not_adjacent")
    if kind == "discard":
        amount = s.discard_queue[0][1]
        if not isinstance(action.a, tuple):
            return Reason("malformed_action", text=repr(tuple(action)))
        c = counts(g, action.a)
        if c is None:
            return Reason("unknown_resource")
        if bundle_size(action.a) != amount:
            return Reason("discard_exactly", n=amount)
        return Reason("cards_not_held")
    if kind == "accept":
        return Reason("accept_cannot_pay")
    if kind == "confirm":
        return Reason("confirm_unavailable")
    if kind == "offer":
        return Reason("domestic_trade_off")
    return Reason("not_allowed_now")

