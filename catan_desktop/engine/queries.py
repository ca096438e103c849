"""Questions about a game the rules ask again and again: who acts, what a hand affords, where one may build.

Cached answers live in ``g.spot_cache`` (cleared whenever a piece is placed or the board changes), and
those that depend only on where the buildings stand in ``g.building_cache`` (cleared whenever a
settlement is placed or the board changes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Bundle, make_bundle

if TYPE_CHECKING:
    from .game import Game

KNIGHT, ROAD_BUILDING, YEAR_OF_PLENTY, MONOPOLY, VICTORY_POINT = range(5)
ROAD, SETTLEMENT, CITY = range(3)


def actor(g: Game) -> int:
    """Return the seat that must act now."""
    s = g.s
    ph = s.phase
    if ph == "main" or ph == "roll":  # the common case first: this runs for every action
        return s.current
    if ph == "setup_settlement" or ph == "setup_road":
        return s.setup_queue[s.setup_index]
    if ph == "discard":
        return s.discard_queue[0][0]
    if ph == "trade_offer":
        assert s.trade is not None
        return s.trade.responders[len(s.trade.answers)]
    owner = g.plugins.phase_owner.get(ph)
    if owner is not None:
        return owner.actor(g)
    return s.current


def founding_actor(g: Game) -> int:
    """The seat whose founding step it is (B-3.4: the snake order in ``setup_queue``)."""
    s = g.s
    return s.setup_queue[s.setup_index]


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
    for m in g.topo.node_neighbours[n]:  # noqa: SIM110 - a plain loop is faster on this hot path
        if owner[m] >= 0:
            return False
    return True


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
    for m in g.plugins.road_passes:  # e.g. not through an unsettled location space (S-3.2, Q-47)
        nodes = {n for n in nodes if owner[n] == p or m.road_passes(g, p, n)}
    for n in nodes:
        for e in topo.node_edges[n]:
            if edge_owner[e] < 0:
                spots.add(e)
    for m in g.plugins.road_allowed:  # e.g. no second road to an unsettled location space
        spots = {e for e in spots if m.road_allowed(g, p, e)}
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
    for m in g.plugins.can_settle:  # e.g. only on location spaces (S-3.1)
        found = {n for n in found if m.can_settle(g, p, n)}
    return sorted(found)


def hex_buildings(g: Game) -> list[tuple[int, ...]]:
    """Per hex, the nodes it produces for (``topo.hex_nodes``, in that order) that hold a building; kept
    in ``g.building_cache`` until a settlement is placed. Shared: do not modify."""
    cached = g.building_cache.get("hex_buildings")
    if cached is None:
        owner = g.s.node_owner
        cached = [tuple([n for n in nodes if owner[n] >= 0]) for nodes in g.topo.hex_nodes]
        g.building_cache["hex_buildings"] = cached
    return cached  # type: ignore[no-any-return]


def hex_seats(g: Game) -> list[int]:
    """Per hex, the seats with a building on a node it produces for, as bits (1 << seat); kept in
    ``g.building_cache`` until a settlement is placed. Shared: do not modify."""
    cached = g.building_cache.get("hex_seats")
    if cached is None:
        owner = g.s.node_owner
        cached = []
        for nodes in hex_buildings(g):
            seats = 0
            for n in nodes:
                seats |= 1 << owner[n]
            cached.append(seats)
        g.building_cache["hex_seats"] = cached
    return cached  # type: ignore[no-any-return]


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
    for m in g.plugins.adjust_rates:  # e.g. harbours reached by road (S-3.3), a turn's 2:1 trade (S-5.3)
        m.adjust_rates(g, p, rates)
    return rates


def vp_target(g: Game) -> int:
    """The points that win this game: the game's option ``victory_points.target`` when it was set (a target
    the players chose, New game), else a rule module's (e.g. by the player count, S-4.1), else the rule
    file's ``victory_points.target``."""
    if "victory_points.target" in g.options:
        return g.rules.vp_target  # the rules were loaded with the option: it is their target
    for m in g.plugins.vp_target:
        target = m.vp_target(g)
        if target is not None:
            return target
    return g.rules.vp_target


def playable_dev(g: Game, p: int, kind: int) -> bool:
    """True when seat ``p`` holds a card of ``kind`` it did not buy this turn (B-4.3)."""
    s = g.s
    return s.dev_hand[p][kind] - s.dev_new[p][kind] > 0


def trading_allowed(g: Game) -> bool:
    """True while the active player may still trade this turn (reading Q-06)."""
    return not (g.s.built and g.lookups.strict_trade_then_build)


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


def robber_start_hexes(g: Game) -> list[int]:
    """The hexes the robber may start on: the map's robber space, or every hex of the variant's robber-start
    terrain (F-2.5)."""
    board_map = g.rules.board_map
    if board_map is not None and board_map.robber:
        return [g.topo.hex_index[board_map.robber]]
    want = g.rules.robber_start
    return [h for h, t in enumerate(g.s.terrain) if t == want]


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


def sub_bundles(g: Game, hand: list[int], amount: int, limit: int | None = None) -> list[Bundle]:
    """Every distinct choice of ``amount`` cards from ``hand`` (as bundles), in a fixed order; only the
    first ``limit`` of them when a limit is given.

    The order: resources by name, the most of the first resource first (then of the second, ...)."""
    names = g.rules.resources
    order = sorted(range(len(names)), key=lambda i: names[i])
    held = [hand[i] for i in order]  # in name order
    # the (name, count) pairs a bundle may hold, in name order, made once: pairs[k][n] for n cards
    pairs = [[(names[i], n) for n in range(min(held[k], amount) + 1)] for k, i in enumerate(order)]
    last = len(order) - 1
    rest = [sum(held[k + 1 :]) for k in range(len(held))]  # what the resources after k can hold
    out: list[Bundle] = []
    most = limit if limit is not None else -1

    def rec(k: int, remaining: int, prefix: Bundle) -> None:
        """Append the bundles that take ``remaining`` cards from resources ``k``.. (before the last) after
        ``prefix``; the last resource takes what is left, so its level is written out, not recursed into."""
        capacity = rest[k]
        for take in range(min(held[k], remaining), -1, -1):
            left = remaining - take
            if left > capacity or len(out) == most:
                break
            bundle = prefix + (pairs[k][take],) if take else prefix
            if k + 1 < last:
                rec(k + 1, left, bundle)
            else:  # left <= capacity, what the last resource holds
                out.append(bundle + (pairs[last][left],) if left else bundle)

    if last == 0:  # one resource
        if amount <= held[0]:
            out.append(((names[order[0]], amount),) if amount else ())
    else:
        rec(0, amount, ())
    return out


def tokens_of(g: Game, h: int) -> list[int]:
    """The number tokens on hex ``h``: the printed one (if still there), then any added ones (D-6.5)."""
    s = g.s
    out = [s.number[h]] if s.number[h] else []
    if s.extra_tokens:
        out.extend(s.extra_tokens[h])
    return out


def add_token(g: Game, h: int, token: int) -> None:
    """Put a number token on hex ``h``: as its printed token if it has none, else after the others."""
    s = g.s
    if not s.number[h]:
        s.number[h] = token
        return
    if not s.extra_tokens:
        s.extra_tokens = [[] for _ in range(g.topo.num_hexes)]
    s.extra_tokens[h].append(token)
