"""Map boards on screen: layout geometry, place-name labels, and a headless drawing saved as a PNG.

The map is tests/fixtures/map_island.yaml (7 hexes, 10 locations, a path across the sea, red paths,
chip spots and canal locations).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

import catan_desktop.engine.game as game_module
from catan_desktop.engine.game import Game
from catan_desktop.engine.ruleset import load_rules
from catan_desktop.engine.topology import build_topology, topology_for
from catan_desktop.render import palette
from catan_desktop.render.assets import Assets
from catan_desktop.render.board import BoardRenderer
from catan_desktop.render.board_map import CHIP_GOLD, PARCHMENT, RED_PATH, map_key, plain_corners
from catan_desktop.render.layout import BoardLayout, place_labels

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "map_island.yaml"
SIZE = (1280, 720)


@pytest.fixture
def map_game(monkeypatch: pytest.MonkeyPatch) -> Iterator[Game]:
    """A two-player game on the map after 30 turns of random legal moves.

    Until engine/game.py asks ``topology_for(rules)``, its ``_topology`` helper is routed there.
    """
    rules = load_rules(str(FIXTURE))
    if "topology_for" not in vars(game_module) and hasattr(game_module, "_topology"):
        original = game_module._topology
        monkeypatch.setattr(
            game_module, "_topology", lambda rows: topology_for(rules) if not rows else original(rows)
        )
    game = Game.new(str(FIXTURE), players=2, seed=1)
    rng = random.Random(1)
    while game.turn < 30 and not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    yield game


@pytest.fixture(scope="module")
def assets() -> Assets:
    return Assets()


def _inside(point: tuple[float, float], rect: tuple[int, int, int, int]) -> bool:
    x, y, w, h = rect
    return x <= point[0] <= x + w and y <= point[1] <= y + h


def test_the_layout_fits_every_hex_corner_not_only_the_locations(map_game: Game) -> None:
    topo = map_game.topo
    layout = BoardLayout(topo, (0, 0, *SIZE))
    for h in range(topo.num_hexes):
        corners = layout.hex_polygon(h)
        assert len(corners) == 6
        assert all(_inside(p, layout.rect) for p in corners)
        cx, cy = layout.hex_center(h)
        assert all(math.isclose(math.dist(p, (cx, cy)), layout.size, rel_tol=1e-9) for p in corners)
        assert layout.hex_at(cx, cy) == h
    assert len(layout.board_points()) == topo.num_nodes + 6 * topo.num_hexes


def test_paths_on_hex_sides_and_across_the_sea(map_game: Game) -> None:
    topo = map_game.topo
    layout = BoardLayout(topo, (0, 0, *SIZE))
    sea = topo.path_edge("sartene", "bonifacio")
    side = topo.path_edge("corte", "venaco")
    assert not layout.is_side(sea) and layout.is_side(side)
    assert layout.edge_length(sea) > 1.5 and math.isclose(layout.edge_length(side), 1.0)
    for n in topo.edge_nodes[sea]:
        assert layout.node_at(*layout.node_pos(n)) == n
    # the badge of the harbour across the sea sits beside the path, clear of tokens and locations
    anchor = layout.harbour_anchor(sea)
    clear = [layout.hex_center(h) for h in range(topo.num_hexes)] + [
        layout.node_pos(n) for n in range(topo.num_nodes)
    ]
    assert min(math.dist(anchor, p) for p in clear) > 0.5 * layout.size
    rows_layout = BoardLayout(build_topology((3, 4, 5, 4, 3)), (0, 0, *SIZE))
    assert rows_layout.is_side(0) and rows_layout.edge_length(0) == 1.0


def test_place_names_go_where_they_cover_nothing(map_game: Game) -> None:
    topo = map_game.topo
    layout = BoardLayout(topo, (0, 0, *SIZE))
    sizes = {n: (12 * len(name), 22) for n, name in enumerate(topo.node_names) if name}
    spots = place_labels(layout, sizes)
    assert sorted(spots) == sorted(sizes)
    rects = [(x, y, *sizes[n]) for n, (x, y) in spots.items()]
    for i, (x, y, w, h) in enumerate(rects):
        assert _inside((x, y), layout.rect) and _inside((x + w, y + h), layout.rect)
        for ox, oy, ow, oh in rects[i + 1 :]:
            assert x + w <= ox or ox + ow <= x or y + h <= oy or oy + oh <= y, "two labels overlap"
        for hx in range(topo.num_hexes):  # never over a number token
            cx, cy = layout.hex_center(hx)
            nearest = (min(max(cx, x), x + w), min(max(cy, y), y + h))
            assert math.dist(nearest, (cx, cy)) > 0.3 * layout.size
    assert place_labels(layout, sizes) == spots  # deterministic


def test_a_map_board_draws_headless_to_a_png(
    display: pygame.Surface, map_game: Game, assets: Assets, tmp_path: Path
) -> None:
    renderer = BoardRenderer(assets)
    surface = pygame.Surface(SIZE)
    layout = BoardLayout(map_game.topo, (0, 0, *SIZE))
    renderer.draw(surface, map_game, layout, palette.CLASSIC, show_emblems=True)
    out = tmp_path / "map_island.png"
    pygame.image.save(surface, str(out))
    assert out.stat().st_size > 50_000
    topo, s = map_game.topo, map_game.s

    def near(point: tuple[float, float], colour: tuple[int, int, int]) -> bool:
        seen = surface.get_at((round(point[0]), round(point[1])))[:3]
        return sum(abs(a - b) for a, b in zip(seen, colour, strict=True)) < 60

    free = [n for n in range(topo.num_nodes) if s.node_owner[n] < 0 and n not in topo.marked("chips")]
    assert free and all(near(layout.node_pos(n), PARCHMENT) for n in free)  # an empty location space
    chips = [n for n in topo.marked("chips") if s.node_owner[n] < 0]
    for n in chips:  # a chip spot: gold around its star
        x, y = layout.node_pos(n)
        assert near((x, y + 0.11 * layout.size), CHIP_GOLD)
    red = [e for e in topo.red_edges if layout.is_side(e) and s.edge_owner[e] < 0]
    for e in red:  # the red marker in the middle of a red path (S-3.3)
        assert near(layout.edge_mid(e), RED_PATH)
    renderer.draw(surface, map_game, layout, palette.CLASSIC)
    assert renderer.static_builds == 1


def test_only_map_boards_add_to_the_static_key(map_game: Game) -> None:
    assert map_key(build_topology((3, 4, 5, 4, 3))) == ()
    assert map_key(map_game.topo) != ()


def test_a_scenarios_plain_corners_are_small_dots_and_its_towns_round_spaces(
    display: pygame.Surface, assets: Assets
) -> None:
    """S-3.1: the scenario module's view lists the plain corners (no building); they are drawn as small
    dots, the location spaces as round parchment spaces: the dot's parchment ends nearer its centre."""
    game = Game.new("new-york", players=4, seed=2)
    view = game.seat_view(0)
    plain = plain_corners(view)
    marked = set(view.topo.marked("chips")) | set(view.topo.marked("canal"))
    spaces = set(view.modules["scenario"]["locations"]) - marked
    assert plain and spaces and not plain & spaces
    surface = pygame.Surface(SIZE)
    layout = BoardLayout(view.topo, (0, 0, *SIZE))
    BoardRenderer(assets).draw(surface, view, layout, palette.CLASSIC)

    def parchment_at(n: int, radius: float) -> bool:
        x, y = layout.node_pos(n)
        seen = surface.get_at((round(x), round(y - radius * layout.size)))[:3]  # above: labels go below
        return sum(abs(a - b) for a, b in zip(seen, PARCHMENT, strict=True)) < 60

    free = [n for n in spaces if view.node_owner[n] < 0]
    assert all(parchment_at(n, 0.11) for n in free)  # inside a location space (0.15 radii across)
    assert not any(parchment_at(n, 0.11) for n in plain)  # past a dot's edge (0.06 radii)
    assert plain_corners(Game.new("base", seed=1).seat_view(0)) == frozenset()  # no module, no plain corners
