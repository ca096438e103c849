"""Legal actions (RULES.md Part B): the single source of truth for what the player to act may do.

``legal_actions`` lists every legal action in a deterministic order; rule modules add, filter or replace
actions through their ``legal`` hook, and list the actions of their own phases.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import TYPE_CHECKING

from .actions import Action
from .queries import (
    CITY,
    KNIGHT,
    MONOPOLY,
    ROAD,
    ROAD_BUILDING,
    SETTLEMENT,
    YEAR_OF_PLENTY,
    actor,
    bundle_of,
    can_afford,
    harbour_rates,
    playable_dev,
    road_spots,
    robber_start_hexes,
    settlement_spot_free,
    settlement_spots,
    sub_bundles,
    trading_allowed,
)

if TYPE_CHECKING:
    from .game import Game

A_ROLL = Action("roll")
A_END = Action("end")
A_BUY = Action("buy")
A_KNIGHT = Action("knight")
A_ROAD_BUILDING = Action("road_building")
A_ACCEPT = Action("accept")
A_REJECT = Action("reject")
A_CANCEL = Action("cancel")
# The ways to discard half a hand grow fast: 8,801 for 50 cards of five kinds, 1.7 million for 200 (a rule
# file may have 1000 cards of each resource and a discard limit of 100), billions beyond; listing them all
# hung a game (issue 13). Past this many, legal_actions lists the first ones and is_legal accepts any
# valid discard, as with domestic offers.
MAX_DISCARD_CHOICES = 5000

def legal_actions(g: Game) -> list[Action]:
    """Return every legal action for the player to act, in a deterministic order.

    Domestic offers and counter-offers are too many to list: a bounded representative set is listed
    (1-for-1 and 2-for-1), and ``is_legal`` accepts any valid one; so are the discards of a hand that can
    be halved in more than MAX_DISCARD_CHOICES ways (the first ones are listed). Rule modules list the
    actions of their own phases and adjust every phase's list through their ``legal`` hook.
    """
    acts = _main_actions(g) if g.s.phase == "main" else _core_actions(g)  # main: the hot path
    for m in g.plugins.legal:
        acts = m.legal(g, acts)
    return acts


def _core_actions(g: Game) -> list[Action]:
    s = g.s
    ph = s.phase
    if ph == "main":
        return _main_actions(g)
    if ph == "roll":
        return [A_ROLL, *dev_plays(g, s.current)]
    if ph == "robber":
        return _robber_actions(g)
    if ph == "discard":
        seat, amount = s.discard_queue[0]
        choices = sub_bundles(g, s.hands[seat], amount, limit=MAX_DISCARD_CHOICES)
        return [Action("discard", b) for b in choices]
    if ph == "setup_settlement":
        p = actor(g)
        checks = g.plugins.can_settle
        return [
            Action("settle", n)
            for n in range(g.topo.num_nodes)
            if settlement_spot_free(g, n) and all(m.can_settle(g, p, n) for m in checks)
        ]
    if ph == "setup_road":
        return [
            Action("road", e) for e in sorted(g.topo.node_edges[s.last_settlement]) if s.edge_owner[e] < 0
        ]
    if ph == "road_building":
        return [g.road_actions[e] for e in road_spots(g, s.current)]
    if ph == "trade_offer":
        return _answer_actions(g)
    if ph == "trade_confirm":
        return _confirm_actions(g)
    if ph == "place_robber":
        return [Action("robber", g.topo.hex_ids[h], None) for h in robber_start_hexes(g)]
    owner = g.plugins.phase_owner.get(ph)
    return owner.phase_actions(g) if owner is not None else []


def build_actions(g: Game, p: int) -> list[Action]:
    """End, buy a card, and every affordable road, settlement and city of seat ``p``."""
    s, rules = g.s, g.rules
    hand = s.hands[p]
    left = s.pieces_left[p]
    acts: list[Action] = [A_END]
    if s.dev_deck and can_afford(hand, rules.costs["development_card"]):
        acts.append(A_BUY)
    if left[ROAD] and can_afford(hand, rules.costs["road"]):
        road_acts = g.road_actions
        acts.extend([road_acts[e] for e in road_spots(g, p)])
    if left[SETTLEMENT] and can_afford(hand, rules.costs["settlement"]):
        settle_acts = g.settle_actions
        acts.extend([settle_acts[n] for n in settlement_spots(g, p)])
    if left[CITY] and can_afford(hand, rules.costs["city"]):
        acts.extend(Action("city", n) for n in sorted(s.buildings_of[p]) if s.node_level[n] == 1)
    return acts


def _main_actions(g: Game) -> list[Action]:
    s, rules = g.s, g.rules
    p = s.current
    hand = s.hands[p]
    left = s.pieces_left[p]
    # the same listing as build_actions, written out: this is the engine's hottest path (a call costs ~3 %)
    acts: list[Action] = [A_END]
    if s.dev_deck and can_afford(hand, rules.costs["development_card"]):
        acts.append(A_BUY)
    if left[ROAD] and can_afford(hand, rules.costs["road"]):
        road_acts = g.road_actions
        acts.extend([road_acts[e] for e in road_spots(g, p)])
    if left[SETTLEMENT] and can_afford(hand, rules.costs["settlement"]):
        settle_acts = g.settle_actions
        acts.extend([settle_acts[n] for n in settlement_spots(g, p)])
    if left[CITY] and can_afford(hand, rules.costs["city"]):
        acts.extend(Action("city", n) for n in sorted(s.buildings_of[p]) if s.node_level[n] == 1)
    acts.extend(dev_plays(g, p))
    if trading_allowed(g):
        rates = harbour_rates(g, p)
        bank = s.bank
        maritime = g.maritime_actions
        for i, rate in enumerate(rates):
            if hand[i] >= rate:
                acts.extend([maritime[i][j] for j in range(len(rates)) if j != i and bank[j]])
        if (
            rules.option("domestic_trade", True)
            and s.offers_made < rules.option("max_offers_per_turn", 6)
            and s.players > 1  # alone at the table (players.min 1) nobody could answer an offer
        ):
            acts.extend(_representative_offers(g, hand))
    return acts


def _representative_offers(g: Game, hand: list[int]) -> list[Action]:
    names = g.rules.resources
    out: list[Action] = []
    for i, have in enumerate(hand):
        if not have:
            continue
        for j in range(len(names)):
            if j == i:
                continue
            out.append(Action("offer", ((names[i], 1),), ((names[j], 1),)))
            if have >= 2:
                out.append(Action("offer", ((names[i], 2),), ((names[j], 1),)))
    return out


def dev_plays(g: Game, p: int) -> list[Action]:
    s, rules = g.s, g.rules
    if s.dev_played:
        return []
    held, new = s.dev_hand[p], s.dev_new[p]
    if held[KNIGHT] + held[ROAD_BUILDING] + held[YEAR_OF_PLENTY] + held[MONOPOLY] == (
        new[KNIGHT] + new[ROAD_BUILDING] + new[YEAR_OF_PLENTY] + new[MONOPOLY]
    ):
        return []  # nothing playable (the common case)
    out: list[Action] = []
    if playable_dev(g, p, KNIGHT):
        out.append(A_KNIGHT)
    if playable_dev(g, p, ROAD_BUILDING) and s.pieces_left[p][ROAD] and road_spots(g, p):
        out.append(A_ROAD_BUILDING)
    if playable_dev(g, p, YEAR_OF_PLENTY):
        out.extend(_year_of_plenty_choices(g))
    if playable_dev(g, p, MONOPOLY):
        out.extend(Action("monopoly", r) for r in sorted(rules.resources))
    return out


def _year_of_plenty_choices(g: Game) -> list[Action]:
    """Year of Plenty takes ``year_of_plenty_cards`` cards; fewer only when the bank cannot supply them."""
    bank = list(g.s.bank)
    names = g.rules.resources
    want = g.rules.year_of_plenty_cards
    for m in g.plugins.extra_supply:  # e.g. D-9.2: what the bank lacks may come from the market
        bank = [bank[i] + m.extra_supply(g, i) for i in range(len(names))]
    take = min(want, sum(bank))
    if take <= 0:
        return []
    out: list[Action] = []
    order = sorted(range(len(names)), key=lambda i: names[i])
    for combo in combinations_with_replacement(order, take):
        need = [0] * len(names)
        for i in combo:
            need[i] += 1
        if all(bank[i] >= need[i] for i in range(len(names))):
            picked = [names[i] for i in combo]
            out.append(Action("year_of_plenty", picked[0], picked[1] if len(picked) > 1 else None))
    return out


def _robber_actions(g: Game) -> list[Action]:
    """Every robber move; cached until a piece is placed (the victims depend only on the buildings)."""
    key = ("robber", g.s.current * 1000 + g.s.robber)
    cached = g.spot_cache.get(key)
    if cached is None:
        cached = g.spot_cache[key] = _robber_moves(g)  # type: ignore[assignment]
    return list(cached)  # type: ignore[arg-type]


def _robber_moves(g: Game) -> list[Action]:
    s, topo = g.s, g.topo
    p = s.current
    optional = g.rules.option("robber_steal_optional", True)
    out: list[Action] = []
    owner = s.node_owner
    for h, nodes in enumerate(topo.hex_nodes):
        if h == s.robber:
            continue
        hid = topo.hex_ids[h]
        found = {owner[n] for n in nodes}
        found.discard(-1)
        found.discard(p)
        victims = sorted(found) if len(found) > 1 else list(found)
        if not victims or optional:
            out.append(Action("robber", hid, None))
        for v in victims:
            out.append(Action("robber", hid, v))
    return out


def _answer_actions(g: Game) -> list[Action]:
    s = g.s
    trade = s.trade
    assert trade is not None
    q = actor(g)
    hand = s.hands[q]
    out: list[Action] = []
    if can_afford(hand, trade.get):
        out.append(A_ACCEPT)
    out.append(A_REJECT)
    give_back = bundle_of(g, trade.give)
    names = g.rules.resources
    for i, have in enumerate(hand):
        if have and not trade.give[i] and not (trade.get[i] == 1 and sum(trade.get) == 1):
            out.append(Action("counter", ((names[i], 1),), give_back))
    return out


def _confirm_actions(g: Game) -> list[Action]:
    s = g.s
    trade = s.trade
    assert trade is not None
    out = [Action("confirm", q) for q in sorted(trade.answers) if _confirmable(g, q)]
    out.append(A_CANCEL)
    return out


def _confirmable(g: Game, q: int) -> bool:
    s = g.s
    trade = s.trade
    assert trade is not None
    verdict, q_gives, q_gets = trade.answers[q]
    me = s.hands[s.current]
    if verdict == "accept":
        return can_afford(s.hands[q], trade.get) and can_afford(me, trade.give)
    if verdict == "counter":
        return can_afford(s.hands[q], q_gives) and can_afford(me, q_gets)
    return False

