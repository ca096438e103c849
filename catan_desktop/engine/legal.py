"""Legal actions (RULES.md Part B): the single source of truth for what the player to act may do.

``legal_actions`` lists every legal action in a deterministic order; rule modules add, filter or replace
actions through their ``legal`` hook, and list the actions of their own phases.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import TYPE_CHECKING

from .actions import Action
from .lookups import has_cards
from .queries import (
    CITY,
    KNIGHT,
    MONOPOLY,
    ROAD,
    ROAD_BUILDING,
    SETTLEMENT,
    VICTORY_POINT,
    YEAR_OF_PLENTY,
    actor,
    bundle_of,
    can_afford,
    harbour_rates,
    hex_seats,
    playable_dev,
    road_spots,
    robber_start_hexes,
    settlement_spot_free,
    settlement_spots,
    sub_bundles,
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
        return [A_ROLL, *dev_plays(g, s.current)] if not s.dev_played else [A_ROLL]
    if ph == "robber":
        return _robber_actions(g)
    if ph == "discard":
        seat, amount = s.discard_queue[0]
        return list(_discards(g, s.hands[seat], amount))
    if ph == "setup_settlement":
        p = actor(g)
        checks = g.plugins.can_settle
        settle = g.lookups.settle
        spots = [n for n in range(g.topo.num_nodes) if settlement_spot_free(g, n)]
        if checks:  # e.g. only on location spaces (S-3.1)
            spots = [n for n in spots if all(m.can_settle(g, p, n) for m in checks)]
        return [settle[n] for n in spots]
    if ph == "setup_road":
        road = g.lookups.road
        return [road[e] for e in sorted(g.topo.node_edges[s.last_settlement]) if s.edge_owner[e] < 0]
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


# the discards of a hand, by (resource names, hand, cards owed): the same hands come back often (a bounded
# cache, emptied when full; its lists are shared: do not modify)
_DISCARDS: dict[tuple[tuple[str, ...], tuple[int, ...], int], list[Action]] = {}
_DISCARDS_KEPT = 512


def _discards(g: Game, hand: list[int], amount: int) -> list[Action]:
    """Every way to discard ``amount`` cards of ``hand`` (the first MAX_DISCARD_CHOICES), as actions."""
    key = (g.rules.resources, tuple(hand), amount)
    acts = _DISCARDS.get(key)
    if acts is None:
        if len(_DISCARDS) >= _DISCARDS_KEPT:
            _DISCARDS.clear()
        choices = sub_bundles(g, hand, amount, limit=MAX_DISCARD_CHOICES)
        acts = _DISCARDS[key] = [Action("discard", b) for b in choices]
    return acts


def build_actions(g: Game, p: int) -> list[Action]:
    """End, buy a card, and every affordable road, settlement and city of seat ``p``."""
    s, lk = g.s, g.lookups
    hand = s.hands[p]
    left = s.pieces_left[p]
    acts: list[Action] = [A_END]
    if s.dev_deck and has_cards(hand, lk.need_dev):
        acts.append(A_BUY)
    if left[ROAD] and has_cards(hand, lk.need_road):
        road_acts = lk.road
        acts.extend([road_acts[e] for e in road_spots(g, p)])
    if left[SETTLEMENT] and has_cards(hand, lk.need_settlement):
        settle_acts = lk.settle
        acts.extend([settle_acts[n] for n in settlement_spots(g, p)])
    if left[CITY] and has_cards(hand, lk.need_city):
        acts.extend(_city_actions(g, p))
    return acts


def _main_actions(g: Game) -> list[Action]:
    s, lk = g.s, g.lookups
    p = s.current
    hand = s.hands[p]
    left = s.pieces_left[p]
    # the same listing as build_actions, written out: this is the engine's hottest path (a call costs ~3 %)
    acts: list[Action] = [A_END]
    if s.dev_deck and has_cards(hand, lk.need_dev):
        acts.append(A_BUY)
    if left[ROAD] and has_cards(hand, lk.need_road):
        road_acts = lk.road
        acts += [road_acts[e] for e in road_spots(g, p)]
    if left[SETTLEMENT] and has_cards(hand, lk.need_settlement):
        settle_acts = lk.settle
        acts += [settle_acts[n] for n in settlement_spots(g, p)]
    if left[CITY] and has_cards(hand, lk.need_city):
        acts += _city_actions(g, p)
    if not s.dev_played:
        acts += dev_plays(g, p)
    if not (s.built and lk.strict_trade_then_build):  # trading_allowed(g), inline
        rates = harbour_rates(g, p)
        bank = s.bank
        # for each resource given: the trades for every other resource (all of them while the bank holds
        # some of each, the usual case)
        maritime = lk.maritime_others if all(bank) else None
        for i, rate in enumerate(rates):
            if hand[i] >= rate:
                if maritime is not None:
                    acts += maritime[i]
                else:
                    row = lk.maritime[i]
                    acts += [row[j] for j in range(len(rates)) if j != i and bank[j]]
        if (
            lk.domestic_trade
            and s.offers_made < lk.max_offers
            and s.players > 1  # alone at the table (players.min 1) nobody could answer an offer
        ):
            acts += _representative_offers(g, hand)
    return acts


def _city_actions(g: Game, p: int) -> list[Action]:
    """A city on each of seat ``p``'s settlements, by node (the caller checks the cost and pieces)."""
    level, city = g.s.node_level, g.lookups.city
    return [city[n] for n in sorted(g.s.buildings_of[p]) if level[n] == 1]


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
    # the playable kinds are the first four (KNIGHT .. MONOPOLY): as many held as bought this turn, no card
    # may be played (the common case)
    if sum(held[:VICTORY_POINT]) == sum(new[:VICTORY_POINT]):
        return []
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
    """Every hex but the robber's, in hex order, each with its moves for the other seats building there
    (``RuleLookups.robber_hex_moves``: no steal when allowed or nobody is there, then each victim)."""
    s, lk = g.s, g.lookups
    others = ~(1 << s.current)  # every seat but the mover's, as bits
    robber, known = s.robber, lk.robber_moves
    out: list[Action] = []
    for h, seats in enumerate(hex_seats(g)):
        if h == robber:
            continue
        seats &= others
        moves = known[h].get(seats)
        out += moves if moves is not None else lk.robber_hex_moves(h, seats)
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

