"""Map boards (board.map): the topology built from an explicit map, its board set-up, and whole games on it.

The map is tests/fixtures/map_island.yaml: 7 hexes, 10 locations, 9 paths (one across the sea to
Bonifacio, which produces from two hexes it does not touch), three red (harbour) paths, two chip spots
and two canal locations.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

import catan_desktop.engine.game as game_module
from catan_desktop.engine.boards import make_board
from catan_desktop.engine.game import Game
from catan_desktop.engine.ruleset import Ruleset, load_rules
from catan_desktop.engine.topology import (
    BoardMap,
    MapLocation,
    Topology,
    build_map_topology,
    build_topology,
    topology_for,
)

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "map_island.yaml"


@pytest.fixture(scope="module")
def rules() -> Ruleset:
    return load_rules(str(FIXTURE))


@pytest.fixture(scope="module")
def topo(rules: Ruleset) -> Topology:
    return topology_for(rules)


def names(topo: Topology, nodes: tuple[int, ...] | list[int]) -> list[str]:
    return [topo.node_keys[n] for n in nodes]


def hexes(topo: Topology, hs: tuple[int, ...] | list[int]) -> list[str]:
    return [topo.hex_ids[h] for h in hs]


# --- the topology ----------------------------------------------------------------------------------------


def test_a_map_board_has_no_rows_and_a_map(rules: Ruleset) -> None:
    assert rules.rows == ()
    assert rules.board_map is not None
    assert rules.board_map.robber == "2.2"
    assert rules.harbour_positions == ()


def test_hexes_are_numbered_by_row_then_column(topo: Topology) -> None:
    assert topo.is_map
    assert topo.hex_ids == ("1.1", "1.2", "2.1", "2.2", "2.3", "3.2", "3.3")
    # even rows sit half a hex to the right: 2.1 lies between 1.1 and 1.2
    assert hexes(topo, topo.hex_neighbours[topo.hex_index["2.1"]]) == ["1.2", "2.2", "3.2", "1.1"]
    assert hexes(topo, topo.hex_neighbours[topo.hex_index["3.3"]]) == ["2.3", "3.2", "2.2"]


def test_locations_are_numbered_top_to_bottom_then_left_to_right(topo: Topology) -> None:
    assert topo.node_keys == (
        "calvi", "corte", "bastia", "cargese", "venaco", "ghiso", "ajaccio", "vizza", "sartene", "bonifacio",
    )  # fmt: skip
    ys = [topo.node_point(n)[1] for n in range(topo.num_nodes)]
    assert ys == sorted(ys)
    assert topo.node_index["bonifacio"] == 9
    assert topo.node_names[topo.node_index["cargese"]] == "Cargèse"
    assert topo.node_names[topo.node_index["venaco"]] == ""  # written as a bare position


def test_a_corner_location_produces_from_the_hexes_at_its_corner(topo: Topology) -> None:
    produces = {topo.node_keys[n]: hexes(topo, hs) for n, hs in enumerate(topo.node_hexes)}
    assert produces["corte"] == ["1.1", "1.2", "2.1"]  # "2.1 N" is also 1.1 SE and 1.2 SW
    assert produces["cargese"] == ["1.1", "2.1"]
    assert produces["calvi"] == ["1.1"]
    assert produces["vizza"] == ["2.1", "2.2", "3.2"]


def test_an_off_map_location_produces_from_hexes_it_does_not_touch(topo: Topology) -> None:
    """S-3.4: Bonifacio lies in the sea; the map says it produces from 3.2 and 3.3."""
    n = topo.node_index["bonifacio"]
    assert hexes(topo, topo.node_hexes[n]) == ["3.2", "3.3"]
    assert n in topo.hex_nodes[topo.hex_index["3.3"]]
    x, y = topo.node_point(n)
    for h in topo.node_hexes[n]:
        corners = topo.hex_corner_points(h)
        assert min(abs(x - cx) + abs(y - cy) for cx, cy in corners) > 0.3  # on no corner of the hex


def test_hex_nodes_are_the_locations_each_hex_produces_for(topo: Topology) -> None:
    """What the robber touches (B-6.4) and what a roll pays: the inverse of node_hexes."""
    for h in range(topo.num_hexes):
        assert topo.hex_nodes[h] == tuple(n for n in range(topo.num_nodes) if h in topo.node_hexes[n])
    assert names(topo, topo.hex_nodes[topo.hex_index["2.1"]]) == [
        "corte", "cargese", "venaco", "ajaccio", "vizza", "sartene",
    ]  # fmt: skip
    assert names(topo, topo.hex_nodes[topo.hex_index["3.3"]]) == ["bonifacio"]
    assert topo.hex_nodes[topo.hex_index["2.3"]] == (topo.node_index["ghiso"],)


def test_paths_are_the_edges_and_neighbours_follow_them(topo: Topology) -> None:
    assert topo.num_edges == 9
    for e, (a, b) in enumerate(topo.edge_nodes):
        assert a < b
        assert topo.edge_index[(a, b)] == e
        assert e in topo.node_edges[a] and e in topo.node_edges[b]
    neighbours = {topo.node_keys[n]: sorted(names(topo, ns)) for n, ns in enumerate(topo.node_neighbours)}
    assert neighbours["sartene"] == ["ajaccio", "bonifacio", "vizza"]
    assert neighbours["corte"] == ["venaco"]  # corte and cargese share a hex side but no path
    assert neighbours["bonifacio"] == ["sartene"]
    assert topo.path_edge("sartene", "bonifacio") == topo.path_edge("bonifacio", "sartene")


def test_hex_edges_are_the_paths_on_hex_sides(topo: Topology) -> None:
    on_sides = {e for edges in topo.hex_edges for e in edges}
    assert topo.path_edge("sartene", "bonifacio") not in on_sides  # across the sea
    assert topo.path_edge("corte", "venaco") in topo.hex_edges[topo.hex_index["2.1"]]
    assert topo.path_edge("corte", "venaco") in topo.hex_edges[topo.hex_index["1.2"]]
    assert topo.hex_edges[topo.hex_index["3.3"]] == ()
    with pytest.raises(ValueError, match="map board"):
        topo.side_edge("2.1", "NE")


def test_marks_and_the_coast(topo: Topology) -> None:
    assert names(topo, sorted(topo.marked("chips"))) == ["venaco", "ghiso"]
    assert names(topo, sorted(topo.marked("canal"))) == ["corte", "bastia"]
    red = {tuple(sorted(names(topo, topo.edge_nodes[e]))) for e in topo.red_edges}
    assert red == {("calvi", "cargese"), ("bonifacio", "sartene"), ("bastia", "ghiso")}
    assert names(topo, sorted(topo.coastal_nodes)) == [
        "calvi", "bastia", "cargese", "ghiso", "ajaccio", "sartene", "bonifacio",
    ]  # fmt: skip


def test_topology_for_a_rows_board_is_the_rows_topology() -> None:
    """Golden games replay against the rows topology: topology_for must not change its numbering."""
    base = load_rules("base")
    assert topology_for(base) == build_topology(base.rows)
    assert topology_for(base) is topology_for(load_rules("base", {"victory_points.target": 12}))
    assert not topology_for(base).is_map and topology_for(base).node_keys == ()


def test_topology_for_caches_per_board_shape(rules: Ruleset) -> None:
    assert topology_for(rules) is topology_for(load_rules(str(FIXTURE), {"victory_points.target": 7}))


def _map_of_rows(rows: tuple[int, ...]) -> BoardMap:
    """The rows board drawn as an explicit map: every corner a location, every side a path."""
    topo = build_topology(rows)
    ids = {}
    for h, (q, r) in enumerate(topo.hex_axial):
        ids[h] = f"{r + 1}.{q + 2 + r // 2}"  # shifted one column right so that every column is >= 1
    corners = ("N", "NE", "SE", "S", "SW", "NW")
    locations, seen = [], set()
    for h, nodes in enumerate(topo.hex_nodes):
        for corner, n in zip(corners, nodes, strict=True):
            if n not in seen:
                seen.add(n)
                locations.append(MapLocation(key=f"n{n}", corner=(ids[h], corner)))
    return BoardMap(
        hexes=tuple((ids[h], "desert", 0) for h in range(topo.num_hexes)),
        locations=tuple(locations),
        paths=tuple((f"n{a}", f"n{b}") for a, b in topo.edge_nodes),
    )


@pytest.mark.parametrize("rows", [(3, 4, 5, 4, 3), (3, 4, 5, 6, 5, 4, 3), (2, 3, 2)])
def test_a_rows_board_drawn_as_a_map_numbers_the_same(rows: tuple[int, ...]) -> None:
    """Both builders number hexes by row and column, nodes by position and edges by their nodes."""
    grid, drawn = build_topology(rows), build_map_topology(_map_of_rows(rows))
    assert drawn.node_keys == tuple(f"n{n}" for n in range(grid.num_nodes))
    assert drawn.edge_nodes == grid.edge_nodes
    assert drawn.node_hexes == grid.node_hexes
    assert drawn.node_neighbours == grid.node_neighbours
    assert drawn.node_edges == grid.node_edges
    assert drawn.coastal_nodes == grid.coastal_nodes
    assert [sorted(x) for x in drawn.hex_nodes] == [sorted(x) for x in grid.hex_nodes]
    assert [sorted(x) for x in drawn.hex_edges] == [sorted(x) for x in grid.hex_edges]
    assert [sorted(x) for x in drawn.hex_neighbours] == [sorted(x) for x in grid.hex_neighbours]
    dx = drawn.node_xy[0][0] - grid.node_xy[0][0]
    assert all(d == (g[0] + dx, g[1]) for d, g in zip(drawn.node_xy, grid.node_xy, strict=True))


# --- board set-up ----------------------------------------------------------------------------------------


def test_a_random_map_board_draws_only_what_the_map_leaves_open(rules: Ruleset, topo: Topology) -> None:
    printed = {h: (t, n) for h, t, n in rules.board_map.hexes}  # type: ignore[union-attr]
    seen = set()
    for seed in range(30):
        setup = make_board(rules, topo, "random", random.Random(seed))
        by_id = dict(zip(topo.hex_ids, zip(setup.terrain, setup.number, strict=True), strict=True))
        assert (
            by_id["1.1"] == ("forest", 6)
            and by_id["3.2"] == ("mountains", 10)
            and by_id["2.2"] == ("desert", 0)
        )
        assert by_id["1.2"][0] == "hills" and by_id["1.2"][1] in (4, 9, 11)
        assert sorted(by_id[h][0] for h in ("2.1", "2.3")) == ["fields", "pasture"]
        drawn_numbers = sorted(n for h, (_t, n) in by_id.items() if not printed[h][1] and n)
        assert drawn_numbers == [4, 9, 11]
        kinds = {tuple(sorted(names(topo, topo.edge_nodes[e]))): k for e, k in setup.harbours}
        assert kinds == {
            ("calvi", "cargese"): "generic",
            ("bonifacio", "sartene"): "ore",
            ("bastia", "ghiso"): "wool",
        }
        assert topo.hex_ids[setup.robber] == "2.2"
        seen.add(setup.terrain)
    assert len(seen) == 2  # both draws of the two random hexes happen


def test_balanced_and_fixed_map_boards(rules: Ruleset, topo: Topology) -> None:
    setup = make_board(rules, topo, "balanced", random.Random(3))
    assert setup.kind == "balanced" and len(setup.terrain) == topo.num_hexes
    fixed = make_board(rules, topo, "printed", random.Random(3))
    assert fixed.terrain == ("forest", "hills", "pasture", "desert", "fields", "mountains", "fields")
    assert fixed.number == (6, 9, 4, 0, 11, 10, 5)
    assert {k for _e, k in fixed.harbours} == {"generic", "ore", "wool"}
    assert fixed.harbours[2] == (topo.path_edge("bastia", "ghiso"), "wool")


# --- whole games -----------------------------------------------------------------------------------------


@pytest.fixture
def map_games(monkeypatch: pytest.MonkeyPatch, rules: Ruleset) -> Iterator[None]:
    """Let Game.new build the map's topology.

    Until engine/game.py asks ``topology_for(rules)`` (it builds ``build_topology(rules.rows)``, which is
    empty for a map), route its ``_topology`` helper through this module's builder; once game.py calls
    topology_for, this fixture does nothing.
    """
    if "topology_for" not in vars(game_module) and hasattr(game_module, "_topology"):
        original = game_module._topology
        monkeypatch.setattr(
            game_module, "_topology", lambda rows: topology_for(rules) if not rows else original(rows)
        )
    yield


@pytest.mark.usefixtures("map_games")
def test_random_games_on_the_map_run_to_the_end() -> None:
    for seed in range(6):
        game = Game.new(str(FIXTURE), players=2, seed=seed)
        assert game.topo.is_map and game.topo.num_nodes == 10
        rng = random.Random(seed)
        for _ in range(20_000):
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))
        assert game.is_over, f"seed {seed}: no winner after 20000 actions"
        winner = game.winners[0]
        assert game.vp(winner) >= 6
        s = game.s
        assert all(n < 10 for n in s.buildings_of[0] + s.buildings_of[1])
        for p in range(2):  # the distance rule along paths: no two buildings on neighbouring locations
            for n in s.buildings_of[p]:
                assert all(s.node_owner[m] < 0 for m in game.topo.node_neighbours[n])


@pytest.mark.usefixtures("map_games")
def test_a_map_game_survives_its_snapshot() -> None:
    game = Game.new(str(FIXTURE), players=2, seed=4, board="printed")
    rng = random.Random(4)
    while game.turn < 20 and not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    again = Game.from_json(game.to_json())
    assert again.to_json() == game.to_json()
    assert again.topo is game.topo
