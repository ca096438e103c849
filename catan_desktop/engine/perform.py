"""Applying a legal action (RULES.md Part B): the state changes, the events, and the rule modules' hooks.

``perform`` applies an action already known to be legal; actions of a module's kind or phase go to that
module's ``apply``. The core calls the modules' hooks (on build, on roll, on turn end, …) at fixed points.
"""

from __future__ import annotations

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
    counts,
    harbour_rates,
    hex_buildings,
    road_spots,
    vp_target,
)
from .ruleset import DEV_KINDS
from .scoring import total_vp, update_largest_army, update_longest_road
from .state import Trade

if TYPE_CHECKING:
    from .game import Game


def perform(g: Game, action: Action) -> None:
    """Apply a legal action to the state (the caller has checked legality)."""
    s = g.s
    plugins = g.plugins
    kind = action.kind
    # Q-15(a): points change only through these actions ("end" checks the next player itself)
    scoring = kind in plugins.scoring_kinds and actor(g) == s.current  # the active player's, before it
    owner = (plugins.phase_owner.get(s.phase) or plugins.kind_owner.get(kind)) if plugins.modules else None
    if owner is not None:
        owner.apply(g, action)
    else:
        HANDLERS[kind](g, action)
    if scoring and s.phase not in FOUNDING_OR_OVER:
        check_victory(g, s.current)
    for m in plugins.on_cards_moved:
        m.on_cards_moved(g)


def check_victory(g: Game, p: int) -> None:
    """End the game if seat ``p`` (the active player) has reached the target (B-11.2, reading Q-15)."""
    s = g.s
    if s.phase != "over" and total_vp(g, p) >= vp_target(g):
        s.winners = [p]
        s.phase = "over"
        g.event("win", seat=p, vp=total_vp(g, p))


def pay(g: Game, p: int, cost: tuple[int, ...] | list[int]) -> None:
    hand, bank = g.s.hands[p], g.s.bank
    for i, c in enumerate(cost):
        if c:
            hand[i] -= c
            bank[i] += c


def place_settlement(g: Game, p: int, n: int) -> None:
    s = g.s
    g.spot_cache.clear()
    g.building_cache.clear()
    s.node_owner[n] = p
    s.node_level[n] = 1
    s.buildings_of[p].append(n)
    s.pieces_left[p][SETTLEMENT] -= 1
    # a settlement may cut another player's road (B-10.1)
    others = {s.edge_owner[e] for e in g.topo.node_edges[n] if s.edge_owner[e] >= 0 and s.edge_owner[e] != p}
    if others:
        update_longest_road(g, sorted(others))


def place_road(g: Game, p: int, e: int, recount: bool = False) -> None:
    """Put seat ``p``'s road on edge ``e`` and update Longest Road; ``recount`` when ``p``'s road length is
    no longer up to date (a road of ``p`` was taken away since: count everything again)."""
    s = g.s
    g.spot_cache.clear()
    s.edge_owner[e] = p
    s.roads_of[p].append(e)
    s.pieces_left[p][ROAD] -= 1
    update_longest_road(g, [p], None if recount else e)


def _do_settle(g: Game, action: Action) -> None:
    s = g.s
    n = action.a
    if s.phase == "setup_settlement":
        p = actor(g)
        place_settlement(g, p, n)
        s.last_settlement = n
        round_no = s.setup_index // s.players + 1
        g.event("settle", seat=p, node=n)
        took_over = False
        for m in g.plugins.on_build:
            took_over = m.on_build(g, p, "settle", n, True) or took_over
        if took_over:
            return  # a module continues the founding step (e.g. D-1.4: take a number token first)
        if round_no == g.rules.starting_resources_from:
            give_starting_resources(g, p, n)
        s.phase = "setup_road"
        return
    p = actor(g)  # the active player, or the builder in the special building phase
    pay(g, p, g.rules.costs["settlement"])
    place_settlement(g, p, n)
    s.built = True
    g.event("settle", seat=p, node=n)
    for m in g.plugins.on_build:
        m.on_build(g, p, "settle", n, False)


def give_starting_resources(g: Game, p: int, n: int) -> None:
    """B-3.4c / Q-04: one card per adjacent producing hex of the founding settlement ``n``."""
    s = g.s
    got = [0] * len(g.rules.resources)
    for h in g.topo.node_hexes[n]:
        r = g.terrain_res[h]
        if r is not None and s.bank[r] > 0 and (s.number[h] or (s.extra_tokens and s.extra_tokens[h])):
            s.bank[r] -= 1
            s.hands[p][r] += 1
            got[r] += 1
    if any(got):
        g.event("starting_resources", seat=p, cards=dict(bundle_of(g, got)))


def _do_city(g: Game, action: Action) -> None:
    s = g.s
    p, n = actor(g), action.a
    pay(g, p, g.rules.costs["city"])
    s.node_level[n] = 2
    s.pieces_left[p][CITY] -= 1
    s.pieces_left[p][SETTLEMENT] += 1  # B-8.2: the settlement piece goes back to the supply
    s.built = True
    g.event("city", seat=p, node=n)
    for m in g.plugins.on_build:
        m.on_build(g, p, "city", n, False)


def _do_road(g: Game, action: Action) -> None:
    s = g.s
    e = action.a
    if s.phase == "setup_road":
        p = actor(g)
        place_road(g, p, e)
        g.event("road", seat=p, edge=e)
        for m in g.plugins.on_build:
            m.on_build(g, p, "road", e, True)
        s.setup_index += 1
        if s.setup_index >= len(s.setup_queue):
            s.phase = "roll"
            s.current = s.start_player
            s.turn = 1
            g.event("turn", seat=s.current, turn=s.turn)
            check_victory(g, s.current)
        else:
            s.phase = "setup_settlement"
        return
    p = s.current
    if s.phase == "road_building":
        place_road(g, p, e)
        g.event("road", seat=p, edge=e, free=True)
        for m in g.plugins.on_build:
            m.on_build(g, p, "road", e, False)
        s.free_roads -= 1
        if s.free_roads <= 0 or not s.pieces_left[p][ROAD] or not road_spots(g, p):
            s.free_roads = 0
            s.phase = s.resume_phase
        return
    p = actor(g)
    pay(g, p, g.rules.costs["road"])
    place_road(g, p, e)
    s.built = True
    g.event("road", seat=p, edge=e)
    for m in g.plugins.on_build:
        m.on_build(g, p, "road", e, False)


def _do_roll(g: Game, action: Action) -> None:
    s = g.s
    if s.next_dice is not None:  # a hand-written position chose this roll (docs/engine-api.md)
        (d1, d2), s.next_dice = s.next_dice, None
    else:
        for m in g.plugins.roll_dice:  # a module's dice kind (e.g. a shuffled deck of the 36 outcomes)
            rolled = m.roll_dice(g)
            if rolled is not None:
                d1, d2 = rolled
                break
        else:  # ordinary dice: these two draws exactly (recorded games replay on them)
            rand = g.rng.random
            d1, d2 = int(rand() * 6) + 1, int(rand() * 6) + 1
    s.dice = (d1, d2)
    total = d1 + d2
    s.dice_counts[total] += 1
    g.event("roll", seat=s.current, dice=[d1, d2])
    for m in g.plugins.on_roll:
        m.on_roll(g, total)
    if total == 7:
        _start_seven(g)
    else:
        produce(g, total)
        s.phase = "main"


def _start_seven(g: Game) -> None:
    s = g.s
    limit = g.rules.discard_limit
    queue = []
    for k in range(s.players):
        q = (s.current + k) % s.players
        held = sum(s.hands[q])
        if held > limit:
            queue.append((q, held // 2))  # B-6.2: half, rounded down
    s.discard_queue = queue
    for m in g.plugins.on_seven:  # e.g. a card that spares its holder the discard
        m.on_seven(g)
    s.resume_phase = "main"
    s.phase = "discard" if s.discard_queue else "robber"


def produce(g: Game, total: int) -> None:
    """Pay out production for a roll of ``total`` (B-5), with the bank-shortage rule (B-5.5, Q-07)."""
    s = g.s
    owner, level, robber = s.node_owner, s.node_level, s.robber
    blocks = g.plugins.robber_blocks  # a module whose robber blocks only some of a hex's tokens (D-8)
    built = hex_buildings(g)  # a hex's nodes with a building (of its ``nodes``, in their order)
    owed: dict[int, dict[int, int]] = {}  # resource -> seat -> cards
    for h, r, _nodes, slot in g.producers.get(total, ()):
        if h == robber and (blocks is None or blocks.robber_blocks(g, slot)):
            continue  # B-6.6
        occupied = built[h]
        if occupied:
            per_seat = owed.get(r)
            if per_seat is None:
                per_seat = owed[r] = {}
            for n in occupied:
                o = owner[n]
                per_seat[o] = per_seat.get(o, 0) + level[n]
    if not owed:
        for m in g.plugins.on_produce:
            m.on_produce(g, total, {})
        return
    exception = g.lookups.shortage_exception
    names = g.rules.resources
    bank, hands, gained = s.bank, s.hands, s.gained
    received: dict[int, dict[str, int]] = {}
    for r in sorted(owed):
        per_seat = owed[r]
        want = sum(per_seat.values())
        if want > bank[r]:
            if exception and len(per_seat) == 1:
                per_seat = {p: bank[r] for p in per_seat}
            else:
                g.event("shortage", resource=names[r], owed=want, bank=bank[r])
                continue
        for p, n in per_seat.items():
            if n:
                hands[p][r] += n
                bank[r] -= n
                gained[p][r] += n
                received.setdefault(p, {})[names[r]] = n
    for p in sorted(received):
        g.event("produce", seat=p, cards=received[p])
    for m in g.plugins.on_produce:  # e.g. a card that answers a roll that gave its holder nothing
        m.on_produce(g, total, received)


def _do_discard(g: Game, action: Action) -> None:
    s = g.s
    p, _amount = s.discard_queue.pop(0)
    c = counts(g, action.a)
    assert c is not None
    pay(g, p, c)
    g.event("discard", seat=p, cards=dict(action.a))
    if not s.discard_queue:
        s.phase = "robber"


def _do_robber(g: Game, action: Action) -> None:
    s = g.s
    p = s.current
    for m in g.plugins.place_robber:
        placed = m.place_robber(g, action.a)
        if placed is not None:
            h, extra = placed
            break
    else:
        h, extra = g.topo.hex_index[action.a], {}
    s.robber = h
    g.event("robber", seat=p, hex=action.a, **extra)
    if s.phase == "place_robber":  # F-2.5 / Q-17: the start player's choice of desert, then founding
        s.phase = "setup_settlement"
        return
    victim = action.b
    if victim is not None:
        held = sum(s.hands[victim])
        if held:
            pick = g.rng.randrange(held)
            r = 0
            while pick >= s.hands[victim][r]:
                pick -= s.hands[victim][r]
                r += 1
            s.hands[victim][r] -= 1
            s.hands[p][r] += 1
            g.event("steal", seat=p, victim=victim, resource=g.rules.resources[r], private=[p, victim])
        else:
            g.event("steal", seat=p, victim=victim, empty=True)  # an empty hand yields nothing
    s.phase = s.resume_phase
    for m in g.plugins.after_robber:
        m.after_robber(g, h, victim)


def discard_dev_card(g: Game, p: int, card: str) -> None:
    """A development card leaves seat ``p``'s hand without being played (e.g. Q-29). An old card goes
    first, so a card bought this turn keeps its "new" mark."""
    s = g.s
    k = DEV_KINDS.index(card)
    s.dev_hand[p][k] -= 1
    if s.dev_new[p][k] > s.dev_hand[p][k]:
        s.dev_new[p][k] -= 1
    for m in g.plugins.on_dev_card_lost:
        m.on_dev_card_lost(g, p, card)


def _use_dev(g: Game, kind: int) -> int:
    s = g.s
    p = s.current
    s.dev_hand[p][kind] -= 1
    s.dev_played = True
    return p


def _do_knight(g: Game, action: Action) -> None:
    s = g.s
    p = _use_dev(g, KNIGHT)
    s.knights[p] += 1
    g.event("play", seat=p, card="knight")
    update_largest_army(g, p)
    s.resume_phase = s.phase
    s.phase = "robber"


def _do_road_building(g: Game, action: Action) -> None:
    s = g.s
    p = _use_dev(g, ROAD_BUILDING)
    g.event("play", seat=p, card="road_building")
    s.free_roads = min(g.rules.road_building_roads, s.pieces_left[p][ROAD])
    s.resume_phase = s.phase
    s.phase = "road_building"


def _do_year_of_plenty(g: Game, action: Action) -> None:
    s = g.s
    p = _use_dev(g, YEAR_OF_PLENTY)
    for name in (action.a, action.b):
        if name is not None:
            r = g.res_index[name]
            if s.bank[r] > 0:
                s.bank[r] -= 1
                s.hands[p][r] += 1
                continue
            for m in g.plugins.take_supply:  # e.g. D-9.2: the market covers a short bank
                if m.take_supply(g, r):
                    s.hands[p][r] += 1
                    break
    g.event("play", seat=p, card="year_of_plenty", resources=[x for x in (action.a, action.b) if x])


def _do_monopoly(g: Game, action: Action) -> None:
    s = g.s
    p = _use_dev(g, MONOPOLY)
    r = g.res_index[action.a]
    taken = 0
    for q in range(s.players):
        if q != p and s.hands[q][r]:
            taken += s.hands[q][r]
            s.hands[q][r] = 0
    for m in g.plugins.monopoly_take:  # e.g. D-9.1 / Q-35: the open market cards are a third hand
        taken += m.monopoly_take(g, r)
    s.hands[p][r] += taken
    g.event("play", seat=p, card="monopoly", resource=action.a, taken=taken)


def _do_buy(g: Game, action: Action) -> None:
    s = g.s
    p = actor(g)
    pay(g, p, g.rules.costs["development_card"])
    card = s.dev_deck.pop()
    k = DEV_KINDS.index(card)
    s.dev_hand[p][k] += 1
    s.dev_new[p][k] += 1
    s.built = True
    g.event("buy", seat=p, card=card, private=[p])


def _do_maritime(g: Game, action: Action) -> None:
    s = g.s
    p = s.current
    gi, gj = g.res_index[action.a], g.res_index[action.b]
    rate = harbour_rates(g, p)[gi]
    s.hands[p][gi] -= rate
    s.bank[gi] += rate
    s.bank[gj] -= 1
    s.hands[p][gj] += 1
    g.event("maritime", seat=p, give=action.a, rate=rate, get=action.b)


def _do_offer(g: Game, action: Action) -> None:
    s = g.s
    give, get = counts(g, action.a), counts(g, action.b)
    assert give is not None and get is not None
    s.offers_made += 1
    responders = [(s.current + k) % s.players for k in range(1, s.players)]
    if action.c is not None:  # an offer addressed to some players: only they answer, in seat order
        responders = [q for q in responders if q in action.c]
    s.trade = Trade(give=give, get=get, responders=responders)
    s.phase = "trade_offer"
    extra = {"to": list(action.c)} if action.c is not None else {}
    g.event("offer", seat=s.current, give=dict(action.a), get=dict(action.b), **extra)


def _answer(g: Game, verdict: str, gives: list[int], gets: list[int]) -> None:
    s = g.s
    trade = s.trade
    assert trade is not None
    q = actor(g)
    trade.answers[q] = (verdict, gives, gets)
    if verdict == "counter":
        g.event("counter", seat=q, give=dict(bundle_of(g, gives)), get=dict(bundle_of(g, gets)))
    else:
        g.event(verdict, seat=q)
    if len(trade.answers) == len(trade.responders):
        if any(v != "reject" for v, _g, _t in trade.answers.values()):
            s.phase = "trade_confirm"
        else:
            s.trade = None
            s.phase = "main"
            g.event("trade_failed", seat=s.current)


def _do_accept(g: Game, action: Action) -> None:
    _answer(g, "accept", [], [])


def _do_reject(g: Game, action: Action) -> None:
    _answer(g, "reject", [], [])


def _do_counter(g: Game, action: Action) -> None:
    gives, gets = counts(g, action.a), counts(g, action.b)
    assert gives is not None and gets is not None
    _answer(g, "counter", gives, gets)


def _do_confirm(g: Game, action: Action) -> None:
    s = g.s
    trade = s.trade
    assert trade is not None
    p, q = s.current, action.a
    verdict, q_gives, q_gets = trade.answers[q]
    if verdict == "accept":
        p_gives, p_gets = trade.give, trade.get
    else:
        p_gives, p_gets = q_gets, q_gives
    for r in range(len(p_gives)):
        s.hands[p][r] += p_gets[r] - p_gives[r]
        s.hands[q][r] += p_gives[r] - p_gets[r]
    s.trade = None
    s.phase = "main"
    g.event("trade", seat=p, partner=q, give=dict(bundle_of(g, p_gives)), get=dict(bundle_of(g, p_gets)))


def _do_cancel(g: Game, action: Action) -> None:
    s = g.s
    s.trade = None
    s.phase = "main"
    g.event("trade_cancelled", seat=s.current)


def _do_end(g: Game, action: Action) -> None:
    s = g.s
    p = s.current
    s.dev_new[p] = [0] * len(DEV_KINDS)
    s.dev_played = False
    s.built = False
    s.offers_made = 0
    s.dice = None
    took_over = False
    for m in g.plugins.on_turn_end:
        took_over = m.on_turn_end(g) or took_over
    if not took_over:  # e.g. F-3.2: the special building phase comes first
        next_turn(g)


def next_turn(g: Game) -> None:
    s = g.s
    s.built = False
    s.current = (s.current + 1) % s.players
    s.dev_new[s.current] = [0] * len(DEV_KINDS)  # F-3.6: a card bought in the SBP is playable from now
    s.turn += 1
    s.phase = "roll"
    g.event("turn", seat=s.current, turn=s.turn)
    check_victory(g, s.current)  # Q-15(b): a player already at the target wins when their turn comes


SCORING_KINDS = frozenset({"settle", "city", "road", "knight", "buy"})
FOUNDING_OR_OVER = ("over", "setup_settlement", "setup_road")

HANDLERS = {
    "settle": _do_settle,
    "city": _do_city,
    "road": _do_road,
    "roll": _do_roll,
    "discard": _do_discard,
    "robber": _do_robber,
    "knight": _do_knight,
    "road_building": _do_road_building,
    "year_of_plenty": _do_year_of_plenty,
    "monopoly": _do_monopoly,
    "buy": _do_buy,
    "maritime": _do_maritime,
    "offer": _do_offer,
    "accept": _do_accept,
    "reject": _do_reject,
    "counter": _do_counter,
    "confirm": _do_confirm,
    "cancel": _do_cancel,
    "end": _do_end,
}

