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
    adj: dict[int, list[tuple[int, int]]] = {}
    for e in roads:
        a, b = topo.edge_nodes[e]
        adj.setdefault(a, []).append((e, b))
        adj.setdefault(b, []).append((e, a))
    owner = s.node_owner
    used: set[int] = set()
    best = 0

    def walk(n: int, length: int) -> None:
        nonlocal best
        if length > best:
            best = length
        if length and owner[n] >= 0 and owner[n] != p:
            return  # an opponent's building ends the road here
        for e, m in adj[n]:
            if e not in used:
                used.add(e)
                walk(m, length + 1)
                used.discard(e)

    # A longest trail can always start at a dead end, a junction or an opponent's building: from any other
    # node (two of our roads, no cut) it could be extended backwards. A component that is a plain ring has
    # no such node, so one of its nodes is added.
    starts = [n for n, links in adj.items() if len(links) != 2 or (owner[n] >= 0 and owner[n] != p)]
    seen: set[int] = set()
    for n in starts:
        _flood(adj, n, seen)
    for n in adj:
        if n not in seen:
            starts.append(n)
            _flood(adj, n, seen)
    for n in starts:
        walk(n, 0)
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
        for _e, m in adj[n]:
            if m not in seen:
                seen.add(m)
                stack.append(m)


def update_longest_road(g: Game, seats: list[int]) -> None:
    """Recompute the road lengths of ``seats`` and move the Longest Road card if it changes hands.

    The holder keeps it while nobody is longer. A newcomer needs the minimum and must be strictly
    longer than the holder (B-10.1). When the holder's road is broken and someone else is now longest,
    the card goes to them; if several tie for longest, or nobody reaches the minimum, the card is set
    aside (gap N-7, filled with the almanac's rule).
    """
    s = g.s
    for p in seats:
        s.road_len[p] = longest_road_length(g, p)
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
