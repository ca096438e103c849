"""Victory points, Longest Road (B-10.1, reading Q-14) and Largest Army (B-10.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import Game

_VP_CARD = 4  # index of victory_point in DEV_KINDS
_SETTLEMENT, _CITY = 1, 2


def longest_road_length(g: Game, p: int) -> int:
    """Return the longest trail of seat ``p``'s own roads, each piece used once, not passing through an
    intersection that holds another player's building (reading Q-14)."""
    s, topo = g.s, g.topo
    roads = s.roads_of[p]
    if not roads:
        return 0
    # node -> its roads as (bit, node at the other end); a road's bit is 1 << its place in ``roads``, so a
    # trail's roads so far are one int
    adj: dict[int, list[tuple[int, int]]] = {}
    for k, e in enumerate(roads):
        a, b = topo.edge_nodes[e]
        adj.setdefault(a, []).append((1 << k, b))
        adj.setdefault(b, []).append((1 << k, a))
    owner = s.node_owner
    cut = {n for n in adj if owner[n] >= 0 and owner[n] != p}  # an opponent's building ends a road there

    def extend(n: int, used: int) -> int:
        """The most roads a trail that has reached ``n`` over ``used`` can still add."""
        if n in cut:
            return 0
        most = 0
        for bit, m in adj[n]:
            if not used & bit:
                length = 1 + extend(m, used | bit)
                if length > most:
                    most = length
        return most

    # A longest trail can always start at a dead end, a junction or an opponent's building: from any other
    # node (two of our roads, no cut) it could be extended backwards. A component that is a plain ring has
    # no such node, so one of its nodes is added.
    starts = [n for n, links in adj.items() if len(links) != 2 or n in cut]
    seen: set[int] = set()
    for n in starts:
        _flood(adj, n, seen)
    for n in adj:
        if n not in seen:
            starts.append(n)
            _flood(adj, n, seen)
    best = 0
    for n in starts:
        for bit, m in adj[n]:  # a trail may start at a cut: only passing through one is barred
            length = 1 + extend(m, bit)
            if length > best:
                best = length
        if best == len(roads):
            break
    return best


def _flood(adj: dict[int, list[tuple[int, int]]], start: int, seen: set[int]) -> None:
    """Mark every node connected to ``start`` through the roads in ``adj``."""
    if start in seen:
        return
    stack = [start]
    seen.add(start)
    while stack:
        n = stack.pop()
        for _bit, m in adj[n]:
            if m not in seen:
                seen.add(m)
                stack.append(m)


def length_with_road(g: Game, p: int, e: int) -> int:
    """Seat ``p``'s longest road just after it built road ``e`` (already placed), from ``road_len[p]`` (its
    length before, which must be up to date): a road adds no building, so every trail of before is still
    one, and the new longest is the old or one through ``e``. When ``e`` ends where ``p`` has no other road
    (the usual case), a trail through it ends there, so the one DFS needed starts at its other end;
    otherwise (``e`` joins two of ``p``'s roads) everything is counted again."""
    s, topo = g.s, g.topo
    edge_owner = s.edge_owner
    a, b = topo.edge_nodes[e]
    at_a = any(f != e and edge_owner[f] == p for f in topo.node_edges[a])
    at_b = any(f != e and edge_owner[f] == p for f in topo.node_edges[b])
    if at_a and at_b:
        return longest_road_length(g, p)
    before = s.road_len[p]
    if not (at_a or at_b):
        return max(before, 1)
    start = a if at_a else b  # a trail through e goes on from here (unless a building of another cuts it)
    owner = s.node_owner
    if owner[start] >= 0 and owner[start] != p:
        return max(before, 1)
    used = {e}

    def extend(n: int) -> int:
        """The most roads a trail that has reached ``n`` over ``used`` can still add (as in
        ``longest_road_length``)."""
        if owner[n] >= 0 and owner[n] != p:
            return 0
        most = 0
        for f in topo.node_edges[n]:
            if edge_owner[f] == p and f not in used:
                used.add(f)
                x, y = topo.edge_nodes[f]
                length = 1 + extend(y if x == n else x)
                used.discard(f)
                if length > most:
                    most = length
        return most

    return max(before, 1 + extend(start))


def update_longest_road(g: Game, seats: list[int], new_road: int | None = None) -> None:
    """Recompute the road lengths of ``seats`` and move the Longest Road card if it changes hands.

    ``new_road``: the road the only seat of ``seats`` has just built, when its length before is up to date
    (then only the trails through it are counted, ``length_with_road``).

    The holder keeps it while nobody is longer. A newcomer needs the minimum and must be strictly
    longer than the holder (B-10.1). When the holder's road is broken and someone else is now longest,
    the card goes to them; if several tie for longest, or nobody reaches the minimum, the card is set
    aside (gap N-7, filled with the almanac's rule).
    """
    s = g.s
    for p in seats:
        s.road_len[p] = longest_road_length(g, p) if new_road is None else length_with_road(g, p, new_road)
    minimum = g.rules.longest_road_min
    lengths = s.road_len
    best = max(lengths)
    holder = s.lr_holder
    before = holder
    if holder >= 0 and lengths[holder] >= best and lengths[holder] >= minimum:
        return
    if best < minimum:
        holder = -1
    else:
        leaders = [p for p, n in enumerate(lengths) if n == best]
        holder = leaders[0] if len(leaders) == 1 else -1
    if holder != before:
        s.lr_holder = holder
        g.event(
            "longest_road",
            seat=holder if holder >= 0 else None,
            previous=before if before >= 0 else None,
            length=best,
        )


def update_largest_army(g: Game, p: int) -> None:
    """Give Largest Army to ``p`` if they reach the minimum and have more knights than the holder."""
    s = g.s
    k = s.knights[p]
    holder = s.la_holder
    if holder == p or k < g.rules.largest_army_min:
        return
    if holder < 0 or k > s.knights[holder]:
        s.la_holder = p
        g.event("largest_army", seat=p, previous=holder if holder >= 0 else None, knights=k)


def visible_vp(g: Game, p: int) -> int:
    """Return the points everybody can see: buildings and special cards, not hidden VP cards."""
    s, rules = g.s, g.rules
    settlements = rules.pieces[_SETTLEMENT] - s.pieces_left[p][_SETTLEMENT]
    cities = rules.pieces[_CITY] - s.pieces_left[p][_CITY]
    vp = settlements * rules.vp_settlement + cities * rules.vp_city
    if s.lr_holder == p:
        vp += rules.vp_longest_road
    if s.la_holder == p:
        vp += rules.vp_largest_army
    for m in g.plugins.vp:  # points a rule module gives (visible to everyone)
        vp += sum(m.vp(g, p).values())
    return vp


def total_vp(g: Game, p: int) -> int:
    """Return all of seat ``p``'s points, hidden VP cards included (reading Q-13)."""
    return visible_vp(g, p) + g.s.dev_hand[p][_VP_CARD] * g.rules.vp_card


def vp_breakdown(g: Game, p: int) -> dict[str, int]:
    """Return seat ``p``'s points by source (for the game-over screen and tests)."""
    s, rules = g.s, g.rules
    settlements = rules.pieces[_SETTLEMENT] - s.pieces_left[p][_SETTLEMENT]
    cities = rules.pieces[_CITY] - s.pieces_left[p][_CITY]
    out = {
        "settlements": settlements * rules.vp_settlement,
        "cities": cities * rules.vp_city,
        "longest_road": rules.vp_longest_road if s.lr_holder == p else 0,
        "largest_army": rules.vp_largest_army if s.la_holder == p else 0,
        "victory_point_cards": s.dev_hand[p][_VP_CARD] * rules.vp_card,
    }
    for m in g.plugins.vp:
        for source, n in m.vp(g, p).items():
            out[source] = out.get(source, 0) + n
    return out
