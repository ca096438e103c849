"""B-10.1 Longest Road: the minimum of 5, strictly longer to take it, branches (Q-14), cuts by an
opponent's building, and gap N-7 filled with the almanac rule:

  the holder keeps the card while nobody is strictly longer; if the holder's road is broken and exactly one
  player is now longest with at least 5, that player takes it; if several tie for longest, or nobody has
  5+, the card is set aside (nobody holds it).

Layout (beginner board):
  seat 0: settlement 16 and a 7-road line 16-22-17-23-18-24-19-25 (holds Longest Road).
  seat 1 (active, breaker): can settle at 24 (line splits 5 + 2) via its roads 35-30-24 from its
          settlement at 35, or at 18 (line splits 4 + 3) via its roads 9-13-18 from its settlement at 9.
  seat 2: settlement 38 and a line along the bottom coast 38-43-47-51-48-52-49-53 (length chosen per test).
  seat 3: settlement 3 and a line along the top coast 3-0-4-1-5-2-6-10 (length chosen per test).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from catan_desktop.engine.game import Game
from catan_desktop.engine.scoring import longest_road_length

if TYPE_CHECKING:
    from conftest import Kit

SEAT0 = [16, 22, 17, 23, 18, 24, 19, 25]
SEAT2 = [38, 43, 47, 51, 48, 52, 49, 53]
SEAT3 = [3, 0, 4, 1, 5, 2, 6, 10]
SETTLE = {"brick": 1, "lumber": 1, "wool": 1, "grain": 1}
ROAD = {"brick": 1, "lumber": 1}


def _n7(
    kit: Kit,
    len0: int = 7,
    len2: int = 0,
    len3: int = 0,
    holder: int | None = 0,
    current: int = 1,
    hands: list[dict[str, int]] | None = None,
    **kw: Any,
) -> Game:
    """The N-7 layout with road lengths for seats 0, 2 and 3."""
    buildings = [
        (16, 0, "settlement"),
        (35, 1, "settlement"),
        (9, 1, "settlement"),
        (38, 2, "settlement"),
        (3, 3, "settlement"),
    ]
    paths: list[tuple[list[int], int]] = [(SEAT0[: len0 + 1], 0), ([35, 30, 24], 1), ([9, 13, 18], 1)]
    if len2:
        paths.append((SEAT2[: len2 + 1], 2))
    if len3:
        paths.append((SEAT3[: len3 + 1], 3))
    g = kit.position(
        current=current,
        buildings=buildings,
        paths=paths,
        longest_road=holder,
        hands=hands or [{}, dict(SETTLE), {}, {}],
        **kw,
    )
    assert g.s.road_len[0] == len0 and g.s.road_len[2] == len2 and g.s.road_len[3] == len3
    return g


# -------------------------------------------------------------------------------------- taking the card


def test_b10_1_longest_road_needs_five(kit: Kit) -> None:
    """B-10.1: 4 roads are not enough; the 5th road takes the card (2 VP)."""
    g = _n7(kit, len0=3, holder=None, current=0, hands=[{"brick": 2, "lumber": 2}, {}, {}, {}])
    g.apply(f"road {kit.edge(g, 23, 18)}")
    assert g.s.road_len[0] == 4 and g.s.lr_holder == -1
    vp = g.vp(0)
    g.apply(f"road {kit.edge(g, 18, 24)}")
    assert g.s.road_len[0] == 5 and g.s.lr_holder == 0
    assert g.vp(0) == vp + 2


def test_b10_1_must_be_strictly_longer_to_take_it(kit: Kit) -> None:
    """B-10.1: equalling the holder does not take the card; passing them does."""
    g = _n7(kit, len0=4, len2=5, holder=2, current=0, hands=[{"brick": 2, "lumber": 2}, {}, {}, {}])
    g.apply(f"road {kit.edge(g, 18, 24)}")
    assert g.s.road_len[0] == 5 and g.s.lr_holder == 2
    g.apply(f"road {kit.edge(g, 24, 19)}")
    assert g.s.road_len[0] == 6 and g.s.lr_holder == 0
    assert g.vp_breakdown(2)["longest_road"] == 0


def test_q14_branches_do_not_count(kit: Kit) -> None:
    """B-10.1 / Q-14: 5 roads in a branching shape give length 3, not 5, and no card."""
    g = kit.position(
        buildings=[(16, 0, "settlement")],
        roads=[(16, 22, 0), (22, 28, 0), (22, 17, 0), (17, 12, 0)],
        hands=[dict(ROAD), {}, {}, {}],
    )
    g.apply(f"road {kit.edge(g, 17, 23)}")
    assert len(g.s.roads_of[0]) == 5
    assert g.s.road_len[0] == 3
    assert g.s.lr_holder == -1


def test_q14_a_ring_counts_each_piece_once(kit: Kit) -> None:
    """Q-14: six roads round a hex are a road of 6; a tail makes it 7."""
    ring = [18, 24, 30, 35, 29, 23, 18]
    g = kit.position(buildings=[(18, 0, "settlement")], paths=[(ring, 0)])  # own buildings do not cut
    assert g.s.road_len[0] == 6
    g = kit.position(buildings=[(18, 0, "settlement")], paths=[(ring, 0), ([13, 18], 0)])
    assert g.s.road_len[0] == 7


def test_b10_1_opponent_settlement_cuts_the_road(kit: Kit) -> None:
    """B-10.1: S004's example: a settlement splits a road of 7 into 5 and 2."""
    g = _n7(kit)
    g.apply("settle 24")
    assert g.s.road_len[0] == 5


def test_b10_1_own_settlement_does_not_cut(kit: Kit) -> None:
    g = _n7(kit, current=0, hands=[dict(SETTLE), {}, {}, {}])
    g.apply("settle 18")
    assert g.s.road_len[0] == 7 and g.s.lr_holder == 0


# ---------------------------------------------------------------------------------------------------- N-7


def test_n7_broken_holder_still_longest_keeps_the_card(kit: Kit) -> None:
    """N-7: the holder's road is cut to 5; nobody is longer: the holder keeps it."""
    g = _n7(kit, len2=4)
    g.apply("settle 24")
    assert g.s.road_len[0] == 5 and g.s.lr_holder == 0


def test_n7_broken_holder_tied_keeps_the_card(kit: Kit) -> None:
    """N-7: the holder's road is cut to 5 and seat 2 also has 5: a tie, the holder keeps it."""
    g = _n7(kit, len2=5)
    g.apply("settle 24")
    assert g.s.road_len[0] == 5 and g.s.lr_holder == 0


def test_n7_broken_holder_passed_by_one_player_transfers(kit: Kit) -> None:
    """N-7: the holder's road is cut to 5 and seat 2 has 6: seat 2 takes the card."""
    g = _n7(kit, len2=6, len3=4)
    vp0, vp2 = g.vp(0), g.vp(2)
    g.apply("settle 24")
    assert g.s.lr_holder == 2
    assert g.vp(0) == vp0 - 2 and g.vp(2) == vp2 + 2


def test_n7_broken_below_a_single_player_with_five_transfers(kit: Kit) -> None:
    """N-7: the holder's road is cut to 4; seat 2 alone has 5: seat 2 takes it."""
    g = _n7(kit, len2=5, len3=4)
    g.apply("settle 18")
    assert g.s.road_len[0] == 4
    assert g.s.lr_holder == 2


def test_n7_tie_after_the_break_sets_the_card_aside(kit: Kit) -> None:
    """N-7: the holder's road is cut to 4; seats 2 and 3 tie at 5: nobody holds the card."""
    g = _n7(kit, len2=5, len3=5)
    vp0 = g.vp(0)
    g.apply("settle 18")
    assert g.s.lr_holder == -1
    assert g.vp(0) == vp0 - 2
    assert all(g.vp_breakdown(p)["longest_road"] == 0 for p in range(4))


def test_n7_nobody_with_five_after_the_break_sets_the_card_aside(kit: Kit) -> None:
    """N-7: the holder's road is cut to 4 and nobody has 5: the card is set aside."""
    g = _n7(kit, len2=4, len3=3)
    g.apply("settle 18")
    assert g.s.lr_holder == -1


def test_n7_card_set_aside_is_taken_by_the_next_unique_longest(kit: Kit) -> None:
    """N-7 then B-10.1: with the card set aside after a 5-5 tie, a 6th road takes it."""
    g = _n7(kit, len0=4, len2=5, len3=5, holder=None, current=2, hands=[{}, {}, dict(ROAD), {}])
    g.apply(f"road {kit.edge(g, 52, 49)}")
    assert g.s.road_len[2] == 6 and g.s.lr_holder == 2


def test_n7_card_set_aside_is_not_taken_by_a_third_tie(kit: Kit) -> None:
    """N-7: with the card aside after a 5-5 tie, a third player reaching 5 does not take it either."""
    g = _n7(kit, len0=4, len2=5, len3=5, holder=None, current=0, hands=[dict(ROAD), {}, {}, {}])
    g.apply(f"road {kit.edge(g, 16, 21)}")
    assert g.s.road_len[0] == 5 and g.s.lr_holder == -1


# ---------------------------------------------------------------------------------- Q-14 cross-check


def _brute_force_length(g: Game, p: int) -> int:
    """Longest trail of p's roads, each used once, not passing through an opponent's building."""
    s, topo = g.s, g.topo
    adj: dict[int, list[tuple[int, int]]] = {}
    for e in s.roads_of[p]:
        a, b = topo.edge_nodes[e]
        adj.setdefault(a, []).append((e, b))
        adj.setdefault(b, []).append((e, a))
    best = 0

    def walk(n: int, used: frozenset[int]) -> None:
        nonlocal best
        best = max(best, len(used))
        if used and s.node_owner[n] not in (-1, p):
            return
        for e, m in adj[n]:
            if e not in used:
                walk(m, used | {e})

    for n in adj:
        walk(n, frozenset())
    return best


def test_q14_length_matches_exhaustive_search_on_random_networks(kit: Kit) -> None:
    """Q-14: the engine's length equals an exhaustive search over trails, for random road networks with
    loops, branches and opponent buildings."""
    g = kit.position()
    topo = g.topo
    rng = random.Random(2024)
    for _ in range(150):
        s = g.s
        s.edge_owner = [-1] * topo.num_edges
        s.roads_of = [[] for _ in range(4)]
        s.node_owner = [-1] * topo.num_nodes
        s.node_level = [0] * topo.num_nodes
        start = rng.randrange(topo.num_nodes)
        nodes = {start}
        for _step in range(rng.randint(3, 13)):  # grow a connected network
            n = rng.choice(sorted(nodes))
            e = rng.choice(topo.node_edges[n])
            if s.edge_owner[e] < 0:
                s.edge_owner[e] = 0
                s.roads_of[0].append(e)
                nodes.update(topo.edge_nodes[e])
        for n in rng.sample(sorted(nodes), k=min(len(nodes), rng.randint(0, 2))):
            s.node_owner[n] = rng.choice([0, 1])
            s.node_level[n] = 1
        assert longest_road_length(g, 0) == _brute_force_length(g, 0), (s.roads_of[0], s.node_owner)
