"""The base game's rules (RULES.md Part B): legal actions, why an action is illegal, and applying one.

Functions here take a :class:`~catan_desktop.engine.game.Game` (for its ``rules``, ``topo`` and ``s``) and
are the single source of truth for what is legal: ``legal_actions`` lists it, ``explain`` says why
anything else is not, ``perform`` changes the state for an action already known to be legal.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import TYPE_CHECKING

from ..i18n import _
from . import dois
from .actions import Action, Bundle, bundle_size, make_bundle
from .ruleset import DEV_KINDS
from .scoring import longest_road_length, total_vp, update_largest_army, update_longest_road
from .state import Trade

if TYPE_CHECKING:
    from .game import Game

KNIGHT, ROAD_BUILDING, YEAR_OF_PLENTY, MONOPOLY, VICTORY_POINT = range(5)
ROAD, SETTLEMENT, CITY = range(3)

A_ROLL = Action("roll")
A_END = Action("end")
A_BUY = Action("buy")
A_KNIGHT = Action("knight")
A_ROAD_BUILDING = Action("road_building")
A_ACCEPT = Action("accept")
A_REJECT = Action("reject")
A_CANCEL = Action("cancel")


# ----------------------------------------------------------------------------------------------- queries


def actor(g: Game) -> int:
    """Return the seat that must act now."""
    s = g.s
    ph = s.phase
    if ph == "main" or ph == "roll":  # the common case first: this runs for every action
        return s.current
    if ph in ("setup_settlement", "setup_road", "remove_token"):
        return s.setup_queue[s.setup_index]
    if ph == "discard":
        return s.discard_queue[0][0]
    if ph == "trade_offer":
        assert s.trade is not None
        return s.trade.responders[len(s.trade.answers)]
    if ph == "special_build":
        return s.sbp_queue[0]
    return s.current


def can_afford(hand: list[int], cost: tuple[int, ...] | list[int]) -> bool:
    """True when ``hand`` holds at least ``cost`` of every resource."""
    for i, c in enumerate(cost):  # noqa: SIM110 - a plain loop is faster on this hot path
        if hand[i] < c:
            return False
    return True


def settlement_spot_free(g: Game, n: int) -> bool:
    """True when node ``n`` is empty and no neighbouring node holds a building (distance rule, B-8.4)."""
    owner = g.s.node_owner
    if owner[n] >= 0:
        return False
    return all(owner[m] < 0 for m in g.topo.node_neighbours[n])


def road_spots(g: Game, p: int) -> list[int]:
    """Return the free edges where seat ``p`` may build a road (B-8.3), sorted."""
    key = ("road", p)
    cached = g.spot_cache.get(key)
    if cached is None:
        cached = g.spot_cache[key] = _road_spots(g, p)
    return cached


def _road_spots(g: Game, p: int) -> list[int]:
    s, topo = g.s, g.topo
    owner = s.node_owner
    edge_owner = s.edge_owner
    spots: set[int] = set()
    nodes: set[int] = set(s.buildings_of[p])
    for e in s.roads_of[p]:
        a, b = topo.edge_nodes[e]
        # a road network continues through a node unless another player's building sits on it
        if owner[a] < 0 or owner[a] == p:
            nodes.add(a)
        if owner[b] < 0 or owner[b] == p:
            nodes.add(b)
    for n in nodes:
        for e in topo.node_edges[n]:
            if edge_owner[e] < 0:
                spots.add(e)
    return sorted(spots)


def settlement_spots(g: Game, p: int) -> list[int]:
    """Return the nodes where seat ``p`` may build a settlement after the founding phase, sorted."""
    key = ("settle", p)
    cached = g.spot_cache.get(key)
    if cached is None:
        cached = g.spot_cache[key] = _settlement_spots(g, p)
    return cached


def _settlement_spots(g: Game, p: int) -> list[int]:
    s, topo = g.s, g.topo
    found: set[int] = set()
    for e in s.roads_of[p]:
        for n in topo.edge_nodes[e]:
            if settlement_spot_free(g, n):
                found.add(n)
    return sorted(found)


def harbour_rates(g: Game, p: int) -> list[int]:
    """Return seat ``p``'s best maritime rate for each resource (B-7.2). Shared list: do not modify."""
    key = ("rates", p)
    cached = g.spot_cache.get(key)
    if cached is None:
        cached = g.spot_cache[key] = _harbour_rates(g, p)
    return cached


def _harbour_rates(g: Game, p: int) -> list[int]:
    rules = g.rules
    rates = [rules.rate_none] * len(rules.resources)
    node_harbour = g.node_harbour
    for n in g.s.buildings_of[p]:
        kind = node_harbour.get(n)
        if kind is None:
            continue
        if kind == "generic":
            rates = [min(r, rules.rate_generic) for r in rates]
        else:
            i = g.res_index[kind]
            rates[i] = min(rates[i], rules.rate_special)
    return rates


def playable_dev(g: Game, p: int, kind: int) -> bool:
    """True when seat ``p`` holds a card of ``kind`` it did not buy this turn (B-4.3)."""
    s = g.s
    return s.dev_hand[p][kind] - s.dev_new[p][kind] > 0


def trading_allowed(g: Game) -> bool:
    """True while the active player may still trade this turn (reading Q-06)."""
    return not (g.s.built and g.rules.option("strict_trade_then_build", True))


def counts(g: Game, bundle: Bundle) -> list[int] | None:
    """Return per-resource counts for a bundle, or None when it names an unknown resource."""
    out = [0] * len(g.rules.resources)
    for name, n in bundle:
        i = g.res_index.get(name)
        if i is None:
            return None
        out[i] += n
    return out


def bundle_of(g: Game, values: list[int]) -> Bundle:
    """Return the canonical bundle for per-resource counts."""
    return make_bundle([(g.rules.resources[i], n) for i, n in enumerate(values) if n])


# ----------------------------------------------------------------------------------------- legal actions


def legal_actions(g: Game) -> list[Action]:
    """Return every legal action for the player to act, in a deterministic order.

    Domestic offers and counter-offers are too many to list: a bounded representative set is listed
    (1-for-1 and 2-for-1), and ``is_legal`` accepts any valid one.
    """
    s = g.s
    ph = s.phase
    if ph == "main":
        return _main_actions(g)
    if ph == "roll":
        return [A_ROLL, *_dev_plays(g, s.current)]
    if ph == "robber":
        return _robber_actions(g)
    if ph == "discard":
        seat, amount = s.discard_queue[0]
        return [Action("discard", b) for b in _sub_bundles(g, s.hands[seat], amount)]
    if ph == "setup_settlement":
        spots = [n for n in range(g.topo.num_nodes) if settlement_spot_free(g, n)]
        if "token_removal" in g.rules.modules:
            spots = [n for n in spots if dois.founding_spot_ok(g, n)]
        return [Action("settle", n) for n in spots]
    if ph == "remove_token":
        return dois.removal_actions(g)
    if ph == "market_cap":
        return dois.cap_actions(g)
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
    if ph == "special_build":
        return _special_build_actions(g)
    if ph == "place_robber":
        return [Action("robber", g.topo.hex_ids[h], None) for h in robber_start_hexes(g)]
    return []


def _special_build_actions(g: Game) -> list[Action]:
    """F-3.2/F-3.3: the seat in the special building phase may build and buy cards, then pass ("end")."""
    return _build_actions(g, g.s.sbp_queue[0])


def _build_actions(g: Game, p: int) -> list[Action]:
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


def robber_start_hexes(g: Game) -> list[int]:
    """The hexes the robber may start on: every hex of the variant's robber-start terrain (F-2.5)."""
    want = g.rules.robber_start
    return [h for h, t in enumerate(g.s.terrain) if t == want]


def _main_actions(g: Game) -> list[Action]:
    s, rules = g.s, g.rules
    p = s.current
    hand = s.hands[p]
    left = s.pieces_left[p]
    # the same listing as _build_actions, written out: this is the engine's hottest path (a call costs ~3 %)
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
    acts.extend(_dev_plays(g, p))
    if trading_allowed(g):
        rates = harbour_rates(g, p)
        bank = s.bank
        maritime = g.maritime_actions
        for i, rate in enumerate(rates):
            if hand[i] >= rate:
                acts.extend([maritime[i][j] for j in range(len(rates)) if j != i and bank[j]])
        if rules.option("domestic_trade", True) and s.offers_made < rules.option("max_offers_per_turn", 6):
            acts.extend(_representative_offers(g, hand))
        if g.modular and "market" in rules.modules:
            acts.extend(dois.market_actions(g, p))
    if g.modular:
        if "terrain_development" in rules.modules:
            acts.extend(dois.development_actions(g, p))
        if s.remote_drawn:
            acts.extend(dois.remote_exchange_actions(g, p))
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


def _dev_plays(g: Game, p: int) -> list[Action]:
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
    if "market" in g.rules.modules:  # D-9.2: what the bank lacks may come from the market
        bank = [bank[i] + dois.market_count(g, i) for i in range(len(names))]
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
    if g.modular and "token_robber" in g.rules.modules:
        return _token_robber_actions(g)
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
        victims = sorted({o for o in map(owner.__getitem__, nodes) if o >= 0 and o != p})
        if not victims or optional:
            out.append(Action("robber", hid, None))
        for v in victims:
            out.append(Action("robber", hid, v))
    return out


def _token_robber_actions(g: Game) -> list[Action]:
    """D-8: the robber goes onto a number token of a productive hex; steal as usual (B-6.4)."""
    p = g.s.current
    optional = g.rules.option("robber_steal_optional", True)
    out: list[Action] = []
    for h, slot in dois.token_robber_moves(g):
        spot = dois.robber_spot_text(g, h, slot)
        victims = robber_victims(g, h, p)
        if not victims or optional:
            out.append(Action("robber", spot, None))
        out.extend(Action("robber", spot, v) for v in victims)
    return out


def robber_victims(g: Game, h: int, p: int) -> list[int]:
    """Return the seats other than ``p`` with a building next to hex ``h`` (B-6.4), sorted."""
    owner = g.s.node_owner
    found = []
    for n in g.topo.hex_nodes[h]:
        o = owner[n]
        if o >= 0 and o != p and o not in found:
            found.append(o)
    found.sort()
    return found


def _sub_bundles(g: Game, hand: list[int], amount: int) -> list[Bundle]:
    """Every distinct choice of ``amount`` cards from ``hand`` (as bundles), in a fixed order."""
    names = g.rules.resources
    order = sorted(range(len(names)), key=lambda i: names[i])
    out: list[Bundle] = []
    pick = [0] * len(order)

    def rec(k: int, remaining: int) -> None:
        if k == len(order) - 1:
            i = order[k]
            if remaining <= hand[i]:
                pick[k] = remaining
                out.append(tuple((names[order[j]], pick[j]) for j in range(len(order)) if pick[j]))
            return
        i = order[k]
        rest_capacity = sum(hand[order[j]] for j in range(k + 1, len(order)))
        for take in range(min(hand[i], remaining), -1, -1):
            if remaining - take > rest_capacity:
                break
            pick[k] = take
            rec(k + 1, remaining - take)
        pick[k] = 0

    rec(0, amount)
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


# ------------------------------------------------------------------------------------------ explanations


def offer_problem(g: Game, give: Bundle, get: Bundle, giver_hand: list[int]) -> str | None:
    """Return why a trade proposal (giver gives ``give`` for ``get``) is malformed, or None (Q-10)."""
    give_c = counts(g, give)
    get_c = counts(g, get)
    if give_c is None or get_c is None:
        return _("that trade names a resource this game does not have")
    if not give or not get:
        return _("each side of a trade must give at least one card")
    if any(a and b for a, b in zip(give_c, get_c, strict=True)):
        return _("a trade cannot ask for the same resource it gives")
    if not can_afford(giver_hand, give_c):
        return _("you do not hold the cards you offer")
    return None


def _bundle_ok(bundle: object) -> bool:
    """True for a canonical bundle: (name, positive int) pairs sorted by name, each name once."""
    if not isinstance(bundle, tuple) or not bundle:
        return False
    for item in bundle:
        if not (
            isinstance(item, tuple)
            and len(item) == 2
            and isinstance(item[0], str)
            and type(item[1]) is int
            and item[1] > 0
        ):
            return False
    return bundle == make_bundle(bundle)


def malformed(action: Action) -> str | None:
    """Return a reason when an action's payload has the wrong shape or types (built by hand, not parsed)."""
    k, a, b = action.kind, action.a, action.b
    if k in ("roll", "end", "buy", "knight", "road_building", "accept", "reject", "cancel"):
        ok = a is None and b is None
    elif k in ("settle", "city", "road", "confirm"):
        ok = type(a) is int and b is None
    elif k == "monopoly":
        ok = isinstance(a, str) and b is None
    elif k == "year_of_plenty":
        ok = isinstance(a, str) and (b is None or (isinstance(b, str) and a <= b))
    elif k == "robber":
        ok = isinstance(a, str) and (b is None or type(b) is int)
    elif k == "maritime":
        ok = isinstance(a, str) and isinstance(b, str)
    elif k == "discard":
        ok = _bundle_ok(a) and b is None
    elif k in ("offer", "counter"):
        ok = _bundle_ok(a) and _bundle_ok(b)
    elif k == "remove_token":
        ok = isinstance(a, str) and b is None
    elif k == "market":
        ok = _bundle_ok(a) and isinstance(b, str)
    elif k == "market_sell":
        ok = isinstance(a, str) and _bundle_ok(b)
    elif k == "market_discard":
        ok = _bundle_ok(a) and b is None
    elif k == "develop":
        ok = (
            isinstance(a, str)
            and isinstance(b, tuple)
            and len(b) == 2
            and isinstance(b[0], str)
            and isinstance(b[1], tuple)
            and all(type(x) is int for x in b[1])
        )
    elif k == "remote_exchange":
        ok = isinstance(a, str) and b is None
    else:
        return _("unknown action {kind!r}", kind=k)
    return None if ok else _("not a well-formed action: {text}", text=repr(tuple(action)))


def explain(g: Game, action: Action) -> str | None:
    """Return why ``action`` is not legal now, or None when it is legal."""
    s = g.s
    if s.phase == "over":
        return _("the game is over")
    problem = malformed(action)
    if problem is not None:
        return problem
    kind = action.kind
    if kind == "offer" and s.phase == "main":
        return _explain_offer(g, action)
    if g.modular and kind in ("market", "market_sell") and "market" in g.rules.modules:
        return dois.explain_market(g, action)
    if kind == "counter" and s.phase == "trade_offer":
        if not isinstance(action.a, tuple) or not isinstance(action.b, tuple):
            return _("not a well-formed counter-offer")
        return offer_problem(g, action.a, action.b, s.hands[actor(g)])
    if action in g.legal_list():
        return None
    return _reason(g, action)


def _explain_offer(g: Game, action: Action) -> str | None:
    s, rules = g.s, g.rules
    if not rules.option("domestic_trade", True):
        return _("trading between players is switched off in this game")
    if not trading_allowed(g):
        return _("no more trading this turn: you have already built (trade comes before building)")
    if s.offers_made >= rules.option("max_offers_per_turn", 6):
        return _("you have made the most offers allowed in one turn")
    if not isinstance(action.a, tuple) or not isinstance(action.b, tuple):
        return _("not a well-formed offer")
    return offer_problem(g, action.a, action.b, s.hands[s.current])


_PHASE_NAMES = {
    "setup_settlement": "place a founding settlement",
    "setup_road": "place the road beside the settlement just built",
    "roll": "roll the dice (or play a development card)",
    "discard": "discard half of their cards",
    "robber": "move the robber",
    "main": "trade, build or end the turn",
    "road_building": "place the free roads of Road Building",
    "trade_offer": "answer the trade offer",
    "trade_confirm": "choose a trade partner or cancel the offer",
    "special_build": "build or pass in the special building phase",
    "place_robber": "place the robber on a desert",
    "remove_token": "take a number token next to the new settlement",
    "market_cap": "put the open market cards above the cap aside",
}

_KIND_PHASES = {
    "roll": ("roll",),
    "end": ("main", "special_build"),
    "buy": ("main", "special_build"),
    "settle": ("setup_settlement", "main", "special_build"),
    "city": ("main", "special_build"),
    "road": ("setup_road", "main", "road_building", "special_build"),
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
    "remove_token": ("remove_token",),
    "market": ("main",),
    "market_sell": ("main",),
    "market_discard": ("market_cap",),
    "develop": ("main",),
    "remote_exchange": ("main",),
}


def _reason(g: Game, action: Action) -> str:
    """A specific reason for an action known not to be in the legal set."""
    s, rules, topo = g.s, g.rules, g.topo
    kind = action.kind
    phases = _KIND_PHASES.get(kind)
    if phases is None:
        return _("unknown action")
    if s.phase == "special_build" and kind not in ("end", "buy", "settle", "city", "road"):
        return _("in the special building phase you may only build or buy development cards (F-3.3)")
    if s.phase not in phases:
        return _(
            "not now: the game is waiting for player {seat} to {what}",
            seat=actor(g) + 1,
            what=_(_PHASE_NAMES.get(s.phase, s.phase)),
        )
    p = actor(g)
    hand = s.hands[p]
    left = s.pieces_left[p]
    if kind in ("knight", "road_building", "year_of_plenty", "monopoly"):
        k = DEV_KINDS.index(kind)
        if s.dev_played:
            return _("you have already played a development card this turn")
        if s.dev_hand[p][k] == 0:
            return _("you have no {card} card", card=kind.replace("_", " ").title())
        if not playable_dev(g, p, k):
            return _("a development card cannot be played in the turn it was bought")
        if kind == "road_building":
            return _("there is nowhere to build a road")
        if kind in ("year_of_plenty", "monopoly"):
            if (action.a is not None and action.a not in g.res_index) or (
                action.b is not None and action.b not in g.res_index
            ):
                return _("unknown resource")
            return _("the bank cannot supply those cards")
    if kind == "buy":
        if not s.dev_deck:
            return _("the development deck is empty")
        return _("a development card costs {cost}", cost=g.cost_text("development_card"))
    if kind == "road":
        e = action.a
        if not isinstance(e, int) or not 0 <= e < topo.num_edges:
            return _("there is no such path on this board")
        if s.edge_owner[e] >= 0:
            return _("that path already has a road")
        if s.phase == "setup_road":
            return _("the founding road must touch the settlement just placed")
        if s.phase in ("main", "special_build"):
            if not left[ROAD]:
                return _("you have no roads left")
            if not can_afford(hand, rules.costs["road"]):
                return _("a road costs {cost}", cost=g.cost_text("road"))
        return _(
            "a road must connect to your own road, settlement or city, and cannot pass an opponent's building"
        )
    if kind in ("settle", "city"):
        n = action.a
        if not isinstance(n, int) or not 0 <= n < topo.num_nodes:
            return _("there is no such intersection on this board")
        if kind == "city":
            if s.node_owner[n] != p or s.node_level[n] != 1:
                return _("a city replaces one of your own settlements")
            if not left[CITY]:
                return _("you have no cities left")
            return _("a city costs {cost}", cost=g.cost_text("city"))
        if s.node_owner[n] >= 0:
            return _("that intersection is taken")
        if not settlement_spot_free(g, n):
            return _("too close to another building: settlements need two paths between them (distance rule)")
        if s.phase in ("main", "special_build"):
            if not left[SETTLEMENT]:
                return _("you have no settlements left")
            if not can_afford(hand, rules.costs["settlement"]):
                return _("a settlement costs {cost}", cost=g.cost_text("settlement"))
            return _("a settlement must be at the end of one of your roads")
    if kind == "maritime":
        if not trading_allowed(g):
            return _("no more trading this turn: you have already built (trade comes before building)")
        gi, gj = g.res_index.get(action.a), g.res_index.get(action.b)
        if gi is None or gj is None:
            return _("unknown resource")
        if gi == gj:
            return _("trade for a different resource")
        rate = harbour_rates(g, p)[gi]
        if hand[gi] < rate:
            return _("you need {n} {res} to trade with the bank", n=rate, res=action.a)
        return _("the bank has no {res} left", res=action.b)
    if kind == "remove_token":
        return _("take the token of a hex next to the settlement you just placed, of a type not taken before")
    if kind == "market_discard":
        return _("put aside exactly {n} of the open market cards", n=s.market_excess)
    if kind == "develop":
        return dois.explain_develop(g, action) or _("that is not allowed now")
    if kind == "remote_exchange":
        return _(
            "only a remote-area card drawn this turn can be exchanged, "
            "and the bank must hold grain, wool and ore"
        )
    if kind == "robber":
        h = topo.hex_index.get(str(action.a).partition("/")[0])
        if h is None:
            return _("there is no such hex on this board")
        if "token_robber" in rules.modules:
            return _("the robber must move onto another number token of a productive hex (D-8)")
        if s.phase == "place_robber":
            return _("the robber starts on one of the deserts")
        if h == s.robber:
            return _("the robber must move to a different hex")
        victims = robber_victims(g, h, p)
        if action.b is None:
            return _("you must steal from a player next to the robber")
        if action.b not in victims:
            return _("you can only steal from another player with a building next to the robber")
    if kind == "discard":
        amount = s.discard_queue[0][1]
        if not isinstance(action.a, tuple):
            return _("not a well-formed discard")
        c = counts(g, action.a)
        if c is None:
            return _("unknown resource")
        if bundle_size(action.a) != amount:
            return _("discard exactly {n} cards", n=amount)
        return _("you do not hold those cards")
    if kind == "accept":
        return _("you do not hold the cards asked for")
    if kind == "confirm":
        return _("that player has not accepted or cannot pay any more")
    if kind == "offer":
        return _("trading between players is switched off in this game")
    return _("that is not allowed now")


# ------------------------------------------------------------------------------------------------ apply


def perform(g: Game, action: Action) -> None:
    """Apply a legal action to the state (the caller has checked legality)."""
    s = g.s
    kind = action.kind
    active_acts = actor(g) == s.current
    _HANDLERS[kind](g, action)
    # Q-15(a): points change only through these actions ("end" checks the next player itself)
    if active_acts and kind in _SCORING_KINDS and s.phase not in ("over", "setup_settlement", "setup_road"):
        check_victory(g, s.current)
    if g.modular and "collapse" in g.rules.modules:
        dois.check_collapse(g)  # after every movement of cards


def check_victory(g: Game, p: int) -> None:
    """End the game if seat ``p`` (the active player) has reached the target (B-11.2, reading Q-15)."""
    s = g.s
    if s.phase != "over" and total_vp(g, p) >= g.rules.vp_target:
        s.winners = [p]
        s.phase = "over"
        g.event("win", seat=p, vp=total_vp(g, p))


def _pay(g: Game, p: int, cost: tuple[int, ...] | list[int]) -> None:
    hand, bank = g.s.hands[p], g.s.bank
    for i, c in enumerate(cost):
        if c:
            hand[i] -= c
            bank[i] += c


def _place_settlement(g: Game, p: int, n: int) -> None:
    s = g.s
    g.spot_cache.clear()
    s.node_owner[n] = p
    s.node_level[n] = 1
    s.buildings_of[p].append(n)
    s.pieces_left[p][SETTLEMENT] -= 1
    # a settlement may cut another player's road (B-10.1)
    others = {s.edge_owner[e] for e in g.topo.node_edges[n] if s.edge_owner[e] >= 0 and s.edge_owner[e] != p}
    if others:
        update_longest_road(g, sorted(others))


def _place_road(g: Game, p: int, e: int) -> None:
    s = g.s
    g.spot_cache.clear()
    s.edge_owner[e] = p
    s.roads_of[p].append(e)
    s.pieces_left[p][ROAD] -= 1
    update_longest_road(g, [p])


def _do_settle(g: Game, action: Action) -> None:
    s = g.s
    n = action.a
    if s.phase == "setup_settlement":
        p = actor(g)
        _place_settlement(g, p, n)
        s.last_settlement = n
        round_no = s.setup_index // s.players + 1
        g.event("settle", seat=p, node=n)
        if "token_removal" in g.rules.modules:
            s.phase = "remove_token"  # D-1.4; starting resources come after the removal
            return
        if round_no == g.rules.starting_resources_from:
            give_starting_resources(g, p, n)
        s.phase = "setup_road"
        return
    p = actor(g)  # the active player, or the builder in the special building phase
    _pay(g, p, g.rules.costs["settlement"])
    _place_settlement(g, p, n)
    s.built = True
    g.event("settle", seat=p, node=n)
    if "remote_cards" in g.rules.modules:
        dois.remote_trigger(g, p, n)


def give_starting_resources(g: Game, p: int, n: int) -> None:
    """B-3.4c / Q-04: one card per adjacent producing hex of the founding settlement ``n``."""
    s = g.s
    got = [0] * len(g.rules.resources)
    for h in g.topo.node_hexes[n]:
        r = g.terrain_res[h]
        if r is not None and s.bank[r] > 0 and (s.number[h] or "token_removal" not in g.rules.modules):
            s.bank[r] -= 1
            s.hands[p][r] += 1
            got[r] += 1
    if any(got):
        g.event("starting_resources", seat=p, cards=dict(bundle_of(g, got)))


def _do_city(g: Game, action: Action) -> None:
    s = g.s
    p, n = actor(g), action.a
    _pay(g, p, g.rules.costs["city"])
    s.node_level[n] = 2
    s.pieces_left[p][CITY] -= 1
    s.pieces_left[p][SETTLEMENT] += 1  # B-8.2: the settlement piece goes back to the supply
    s.built = True
    g.event("city", seat=p, node=n)
    if "remote_cards" in g.rules.modules:
        dois.remote_trigger(g, p, n)


def _do_road(g: Game, action: Action) -> None:
    s = g.s
    e = action.a
    if s.phase == "setup_road":
        p = actor(g)
        _place_road(g, p, e)
        g.event("road", seat=p, edge=e)
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
        _place_road(g, p, e)
        g.event("road", seat=p, edge=e, free=True)
        s.free_roads -= 1
        if s.free_roads <= 0 or not s.pieces_left[p][ROAD] or not road_spots(g, p):
            s.free_roads = 0
            s.phase = s.resume_phase
        return
    p = actor(g)
    _pay(g, p, g.rules.costs["road"])
    _place_road(g, p, e)
    s.built = True
    g.event("road", seat=p, edge=e)


def _do_roll(g: Game, action: Action) -> None:
    s = g.s
    rand = g.rng.random
    d1, d2 = int(rand() * 6) + 1, int(rand() * 6) + 1
    s.dice = (d1, d2)
    total = d1 + d2
    s.dice_counts[total] += 1
    g.event("roll", seat=s.current, dice=[d1, d2])
    if total == 7:
        if g.modular and "market" in g.rules.modules:
            s.renewal_pending = True  # D-4.6: after the discards, the robber and the steal
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
    s.resume_phase = "main"
    s.phase = "discard" if queue else "robber"


def produce(g: Game, total: int) -> None:
    """Pay out production for a roll of ``total`` (B-5), with the bank-shortage rule (B-5.5, Q-07)."""
    s = g.s
    owner, level, robber, robber_slot = s.node_owner, s.node_level, s.robber, s.robber_slot
    owed: dict[int, dict[int, int]] = {}  # resource -> seat -> cards
    for h, r, nodes, slot in g.producers.get(total, ()):
        if h == robber and (robber_slot < 0 or slot == robber_slot):
            continue  # B-6.6 (D-8: only the token the robber sits on)
        for n in nodes:
            o = owner[n]
            if o >= 0:
                per_seat = owed.setdefault(r, {})
                per_seat[o] = per_seat.get(o, 0) + level[n]
    if not owed:
        return
    exception = g.rules.option("bank_shortage_one_player_exception", False)
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


def _do_discard(g: Game, action: Action) -> None:
    s = g.s
    p, _amount = s.discard_queue.pop(0)
    c = counts(g, action.a)
    assert c is not None
    _pay(g, p, c)
    g.event("discard", seat=p, cards=dict(action.a))
    if not s.discard_queue:
        s.phase = "robber"


def _do_robber(g: Game, action: Action) -> None:
    s = g.s
    p = s.current
    if "token_robber" in g.rules.modules:
        h, s.robber_slot = dois.robber_spot(g, action.a)
    else:
        h = g.topo.hex_index[action.a]
    s.robber = h
    if "token_robber" in g.rules.modules:  # D-8.1: say which number the robber now blocks
        tokens = dois.tokens_of(g, h)
        number = tokens[s.robber_slot] if 0 <= s.robber_slot < len(tokens) else None
        g.event("robber", seat=p, hex=action.a, number=number)
    else:
        g.event("robber", seat=p, hex=action.a)
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
    if s.renewal_pending:
        dois.renew(g)


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
            if "market" in g.rules.modules:
                dois.take_for_invention(g, p, r)  # D-9.2: the market covers a short bank
                continue
            s.bank[r] -= 1
            s.hands[p][r] += 1
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
    if "market" in g.rules.modules:  # D-9.1 / Q-35: the open market cards are a third hand
        from_market = s.market_open.count(r)
        s.market_open = [x for x in s.market_open if x != r]
        taken += from_market
    s.hands[p][r] += taken
    g.event("play", seat=p, card="monopoly", resource=action.a, taken=taken)


def _do_buy(g: Game, action: Action) -> None:
    s = g.s
    p = actor(g)
    _pay(g, p, g.rules.costs["development_card"])
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
    s.trade = Trade(give=give, get=get, responders=responders)
    s.phase = "trade_offer"
    g.event("offer", seat=s.current, give=dict(action.a), get=dict(action.b))


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
    if s.phase == "special_build":  # this seat passes (or is done building): the next one, or the next turn
        q = s.sbp_queue.pop(0)
        g.event("special_build_done", seat=q)
        if s.sbp_queue:
            g.event("special_build", seat=s.sbp_queue[0])
            return
        _next_turn(g)
        return
    p = s.current
    s.dev_new[p] = [0] * len(DEV_KINDS)
    s.remote_drawn = []  # D-7.2 / Q-33: kept if not exchanged this turn
    s.dev_played = False
    s.built = False
    s.offers_made = 0
    s.dice = None
    if g.modular and "special_building_phase" in g.rules.modules and s.players > 1:
        # F-3.2: the others, clockwise from the player on the active player's left, may build
        s.sbp_queue = [(p + k) % s.players for k in range(1, s.players)]
        s.phase = "special_build"
        g.event("special_build", seat=s.sbp_queue[0])
        return
    _next_turn(g)


def _next_turn(g: Game) -> None:
    s = g.s
    s.built = False
    s.current = (s.current + 1) % s.players
    s.dev_new[s.current] = [0] * len(DEV_KINDS)  # F-3.6: a card bought in the SBP is playable from now
    s.turn += 1
    s.phase = "roll"
    g.event("turn", seat=s.current, turn=s.turn)
    check_victory(g, s.current)  # Q-15(b): a player already at the target wins when their turn comes


_SCORING_KINDS = frozenset({"settle", "city", "road", "knight", "buy"})

_HANDLERS = {
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
    "remove_token": dois.do_remove_token,
    "market": dois.do_market,
    "market_sell": dois.do_market_sell,
    "market_discard": dois.do_market_discard,
    "develop": dois.do_develop,
    "remote_exchange": dois.do_remote_exchange,
}

__all__ = ["legal_actions", "explain", "perform", "actor", "longest_road_length"]
