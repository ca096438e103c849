"""The editor's fairness figures and its 'balance numbers' (issue 34), checked against hand-computed pips.

The beginner board (rules/base.yaml ``layouts.beginner.rows``, B-2.1), hex id -> terrain number (pips):

    1.1 mountains 10 (3)  1.2 pasture 2 (1)   1.3 forest 9 (4)
    2.1 fields 12 (1)     2.2 hills 6 (5)     2.3 pasture 4 (3)   2.4 hills 10 (3)
    3.1 fields 9 (4)      3.2 forest 11 (2)   3.3 desert (-)      3.4 forest 3 (2)   3.5 mountains 8 (5)
    4.1 forest 8 (5)      4.2 mountains 3 (2) 4.3 fields 4 (3)    4.4 pasture 5 (4)
    5.1 hills 5 (4)       5.2 fields 6 (5)    5.3 pasture 11 (2)

A number's pips are its ways to roll it with two dice (B-1.3, N-2): 2/12 -> 1, 3/11 -> 2, 4/10 -> 3,
5/9 -> 4, 6/8 -> 5. Per resource, by hand:

    lumber (forest)    9 + 11 + 3 + 8 -> 4 + 2 + 2 + 5 = 13
    wool   (pasture)   2 + 4 + 5 + 11 -> 1 + 3 + 4 + 2 = 10
    grain  (fields)   12 + 9 + 4 + 6  -> 1 + 4 + 3 + 5 = 13
    brick  (hills)     6 + 10 + 5     -> 5 + 3 + 4     = 12
    ore    (mountains) 10 + 8 + 3     -> 3 + 5 + 2     = 10
    total 58 (= the 18 tokens of N-2: 1+2+2+3+3+4+4+5+5+5+5+4+4+3+3+2+2+1); range 13 - 10 = 3;
    mean 11.6, squared deviations 1.96 + 2.56 + 1.96 + 0.16 + 2.56 = 9.2, standard deviation sqrt(9.2/5).

6s lie on 2.2 and 5.2, 8s on 3.5 and 4.1; none of them are neighbours (2.2 touches 1.1 1.2 2.1 2.3 3.2 3.3;
3.5 touches 2.4 3.4 4.4; 4.1 touches 3.1 3.2 4.2 5.1; 5.2 touches 4.2 4.3 5.1 5.3): no hot pair. The one 2
(1.2) and the one 12 (2.1) do not touch; no two equal numbers touch either.

The richest intersections, three hexes meeting (pips added): 3.1+3.2+4.1 = 4+2+5, 3.4+3.5+4.4 = 2+5+4,
4.1+4.2+5.1 = 5+2+4, 4.2+5.1+5.2 = 2+4+5, all 11; no other corner of three hexes passes 10, and a coast
corner has at most two hexes (at most 5 + 5). Every one of the 54 intersections touches a land hex (the
desert is land), so all 54 are founding spots (B-3.4). Harbours (B-1.2, N-3): 4 generic, 1 of each resource.
"""

from __future__ import annotations

import math
import time
from collections import Counter

import pytest

from catan_desktop.editor.fairness import (
    PIPS,
    SEA,
    TOP_SPOTS,
    balance_numbers,
    fairness,
    harbour_edges,
)
from catan_desktop.engine.boards import is_balanced
from catan_desktop.engine.game import Game

SEEDS = range(30)


@pytest.fixture(scope="module")
def beginner() -> Game:
    return Game.new("base", board="beginner")


def _pair(g: Game, a: str, b: str) -> tuple[int, int]:
    """The pair of hexes ``a`` and ``b`` as fairness lists it: (lower index, higher index)."""
    x, y = g.topo.hex_index[a], g.topo.hex_index[b]
    return (min(x, y), max(x, y))


def _hexes(g: Game, *ids: str) -> frozenset[int]:
    return frozenset(g.topo.hex_index[h] for h in ids)


def test_pips_are_the_ways_to_roll_a_number_with_two_dice() -> None:
    """B-1.3, N-2: a token's pips count the dice pairs that roll it (no 7 token)."""
    ways = Counter(a + b for a in range(1, 7) for b in range(1, 7))
    assert {n: ways[n] for n in range(2, 13) if n != 7} == PIPS


def test_beginner_pips_per_resource_match_the_hand_count(beginner: Game) -> None:
    g = beginner
    f = fairness(g.rules, g.topo, g.s.terrain, g.s.number, g.s.harbours)
    assert f.pips_by_resource == {"lumber": 13, "wool": 10, "grain": 13, "brick": 12, "ore": 10}
    assert f.total_pips == 58
    assert f.share_by_resource["lumber"] == pytest.approx(13 / 58)
    assert f.share_by_resource["ore"] == pytest.approx(10 / 58)
    assert sum(f.share_by_resource.values()) == pytest.approx(1.0)
    assert f.pip_range == 3
    assert f.spread == pytest.approx(math.sqrt(9.2 / 5))


def test_beginner_has_no_hot_edge_or_same_pairs(beginner: Game) -> None:
    g = beginner
    f = fairness(g.rules, g.topo, g.s.terrain, g.s.number, g.s.harbours)
    assert (f.hot_pairs, f.edge_pairs, f.same_pairs) == ([], [], [])
    assert f.balanced


def test_pairs_are_found_where_tokens_touch(beginner: Game) -> None:
    """Moved tokens make the pairs: the 8 of 3.5 on 2.3 touches the 6 of 2.2 (hot); the 2 of 1.2 on 2.2
    touches the 12 of 2.1 (2/12); a 12 on 2.2 touches the 12 of 2.1 (equal, and 2/12) and the 2 of 1.2."""
    g = beginner
    idx = g.topo.hex_index
    numbers = list(g.s.number)
    numbers[idx["3.5"]], numbers[idx["2.3"]] = numbers[idx["2.3"]], numbers[idx["3.5"]]
    f = fairness(g.rules, g.topo, g.s.terrain, numbers, g.s.harbours)
    assert f.hot_pairs == [_pair(g, "2.2", "2.3")]
    assert f.same_pairs == [] and not f.balanced

    numbers = list(g.s.number)
    numbers[idx["2.2"]], numbers[idx["1.2"]] = numbers[idx["1.2"]], numbers[idx["2.2"]]  # 2 <-> 6
    f = fairness(g.rules, g.topo, g.s.terrain, numbers, g.s.harbours)
    assert f.edge_pairs == [_pair(g, "2.1", "2.2")]

    numbers = list(g.s.number)
    numbers[idx["2.2"]] = 12  # beside the 12 of 2.1 (equal and 2/12) and the 2 of 1.2 (2/12)
    f = fairness(g.rules, g.topo, g.s.terrain, numbers, g.s.harbours)
    assert f.same_pairs == [_pair(g, "2.1", "2.2")]
    assert f.edge_pairs == sorted([_pair(g, "2.1", "2.2"), _pair(g, "1.2", "2.2")])
    assert f.hot_pairs == []


def test_beginner_founding_spots_and_the_best_spot(beginner: Game) -> None:
    g = beginner
    f = fairness(g.rules, g.topo, g.s.terrain, g.s.number, g.s.harbours)
    assert f.founding_spots == 54 == g.topo.num_nodes
    node, pips = f.best_spot
    assert pips == 11
    elevens = {
        _hexes(g, "3.1", "3.2", "4.1"),
        _hexes(g, "3.4", "3.5", "4.4"),
        _hexes(g, "4.1", "4.2", "5.1"),
        _hexes(g, "4.2", "5.1", "5.2"),
    }
    assert frozenset(g.topo.node_hexes[node]) in elevens
    spot_pips = {
        n: sum(PIPS.get(g.s.number[h], 0) for h in g.topo.node_hexes[n]) for n in range(g.topo.num_nodes)
    }
    assert {frozenset(g.topo.node_hexes[n]) for n, p in spot_pips.items() if p == 11} == elevens
    assert max(spot_pips.values()) == 11
    # the top spots: richest first, starting with the best, and never two neighbours (B-8.4)
    assert f.top_spots[0] == f.best_spot and len(f.top_spots) == TOP_SPOTS
    assert [p for _n, p in f.top_spots] == sorted((p for _n, p in f.top_spots), reverse=True)
    chosen = [n for n, _p in f.top_spots]
    assert all(m not in g.topo.node_neighbours[n] for n in chosen for m in chosen)


def test_beginner_harbour_access_from_the_layout(beginner: Game) -> None:
    g = beginner
    f = fairness(g.rules, g.topo, g.s.terrain, g.s.number, g.s.harbours)
    assert f.harbour_access == {"generic": 4, "lumber": 1, "wool": 1, "grain": 1, "brick": 1, "ore": 1}
    # the layout's (hex id, side, kind) become the engine's (edge, kind), by id or by index
    layout = g.rules.layouts["beginner"].harbours
    assert harbour_edges(g.topo, layout) == list(g.s.harbours)
    by_index = [(g.topo.hex_index[h], s, k) for h, s, k in layout]
    assert harbour_edges(g.topo, by_index) == list(g.s.harbours)


def test_unpainted_and_sea_hexes_are_not_land(beginner: Game) -> None:
    """An editor's half-painted board: a hex not painted (None) or painted sea holds no spot and no token."""
    g = beginner
    idx = g.topo.hex_index
    terrain: list[str | None] = list(g.s.terrain)
    terrain[idx["1.1"]] = None  # mountains 10: its N and NW corners touch no other hex
    terrain[idx["1.2"]] = SEA  # pasture 2: so does its N corner, and its NW corner touches only 1.1
    f = fairness(g.rules, g.topo, terrain, g.s.number, g.s.harbours)
    assert f.founding_spots == 54 - 4
    assert f.pips_by_resource["ore"] == 10 - 3 and f.pips_by_resource["wool"] == 10 - 1
    with pytest.raises(ValueError):
        fairness(g.rules, g.topo, terrain[:-1], g.s.number, g.s.harbours)
    with pytest.raises(ValueError):
        fairness(g.rules, g.topo, terrain, g.s.number, [(g.topo.num_edges, "generic")])


@pytest.mark.parametrize("seed", SEEDS)
def test_balance_numbers_keeps_the_tokens_and_parts_no_6_and_8(seed: int) -> None:
    """B-1.3, B-2.2: the same tokens on the same hexes, the desert left bare, no 6/8 neighbours and no equal
    neighbours (engine.boards.is_balanced), the pips per resource within 2 of each other; same seed, same
    board."""
    g = Game.new("base", seed=1000 + seed)
    terrain, numbers = tuple(g.s.terrain), tuple(g.s.number)
    out = balance_numbers(g.rules, g.topo, terrain, numbers, seed)
    assert (tuple(g.s.terrain), tuple(g.s.number)) == (terrain, numbers)  # inputs untouched
    assert len(out) == len(numbers)
    assert sorted(n for n in out if n) == sorted(n for n in numbers if n)
    assert [h for h, n in enumerate(out) if n] == [h for h, n in enumerate(numbers) if n]
    for h, t in enumerate(terrain):
        if g.rules.terrain_resource.get(t) is None:
            assert out[h] == numbers[h] == 0
    f = fairness(g.rules, g.topo, terrain, out, g.s.harbours)
    assert f.hot_pairs == [] and f.same_pairs == []
    assert is_balanced(g.topo, [n or 0 for n in out])
    assert f.pip_range <= 2
    assert balance_numbers(g.rules, g.topo, terrain, numbers, seed) == out


def test_balance_numbers_depends_on_the_seed_and_leaves_other_tokens(beginner: Game) -> None:
    g = beginner
    results = {tuple(balance_numbers(g.rules, g.topo, g.s.terrain, g.s.number, s)) for s in range(5)}
    assert len(results) > 1
    # a token on a hex that produces nothing (here, the desert) and an empty hex stay where they are
    idx = g.topo.hex_index
    numbers: list[int | None] = list(g.s.number)
    numbers[idx["3.3"]] = 7
    numbers[idx["1.2"]] = None  # a pasture without its token
    out = balance_numbers(g.rules, g.topo, g.s.terrain, numbers, 3)
    assert out[idx["3.3"]] == 7 and out[idx["1.2"]] is None
    assert sorted(n for n in out if n) == sorted(n for n in numbers if n)


def test_balance_numbers_is_quick_on_the_base_board() -> None:
    """Bounded time: under 50 ms on the base board (the best of three runs, for a busy machine)."""
    g = Game.new("base", seed=7)
    best = math.inf
    for _ in range(3):
        start = time.perf_counter()
        balance_numbers(g.rules, g.topo, g.s.terrain, g.s.number, 7)
        best = min(best, time.perf_counter() - start)
    assert best < 0.050
