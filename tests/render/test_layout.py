"""BoardLayout: fitting, positions and hit tests round-trip for every hex, node and edge."""

from __future__ import annotations

import ast
import math
from pathlib import Path

import pytest

from catan_desktop.engine.topology import build_topology
from catan_desktop.render.layout import BoardLayout

ROWS = [(3, 4, 5, 4, 3), (3, 4, 5, 6, 5, 4, 3)]
RECTS = [(0, 0, 1280, 720), (0, 0, 1920, 1080), (0, 0, 2560, 1440), (100, 50, 640, 900), (7, 3, 300, 200)]


@pytest.fixture(params=ROWS, ids=["19-hex", "30-hex"])
def topo(request: pytest.FixtureRequest):
    return build_topology(request.param)


@pytest.mark.parametrize("rect", RECTS)
def test_round_trips(topo, rect) -> None:
    lay = BoardLayout(topo, rect)
    for h in range(topo.num_hexes):
        assert lay.hex_at(*lay.hex_center(h)) == h
    for n in range(topo.num_nodes):
        assert lay.node_at(*lay.node_pos(n)) == n
    for e in range(topo.num_edges):
        assert lay.edge_at(*lay.edge_mid(e)) == e


@pytest.mark.parametrize("rect", RECTS)
def test_hit_tests_are_forgiving_near_a_spot_and_strict_far_from_it(topo, rect) -> None:
    lay = BoardLayout(topo, rect)
    s = lay.size
    for n in range(topo.num_nodes):
        x, y = lay.node_pos(n)
        assert lay.node_at(x + 0.3 * s, y) == n
        assert lay.node_at(x, y - 0.3 * s) == n
    for e in range(topo.num_edges):
        x, y = lay.edge_mid(e)
        assert lay.edge_at(x + 0.2 * s, y + 0.1 * s) == e
    for h in range(topo.num_hexes):
        cx, cy = lay.hex_center(h)
        assert lay.hex_at(cx + 0.8 * s, cy) == h  # inside the hex, near its E side (inradius 0.866)
        assert lay.node_at(cx, cy) is None  # a hex centre is far from every node and edge
        assert lay.edge_at(cx, cy) is None


@pytest.mark.parametrize("rect", RECTS)
def test_board_and_sea_margin_fit_centred_in_the_rect(topo, rect) -> None:
    x, y, w, h = rect
    lay = BoardLayout(topo, rect, sea_margin=0.85)
    xs = [lay.node_pos(n)[0] for n in range(topo.num_nodes)]
    ys = [lay.node_pos(n)[1] for n in range(topo.num_nodes)]
    m = 0.85 * lay.size
    eps = 1e-6
    assert min(xs) - m >= x - eps and max(xs) + m <= x + w + eps
    assert min(ys) - m >= y - eps and max(ys) + m <= y + h + eps
    # one dimension is filled exactly, and the board is centred
    assert math.isclose(max(xs) - min(xs) + 2 * m, w) or math.isclose(max(ys) - min(ys) + 2 * m, h)
    assert math.isclose((min(xs) + max(xs)) / 2, x + w / 2)
    assert math.isclose((min(ys) + max(ys)) / 2, y + h / 2)


def test_size_for_the_base_board_at_1280x720() -> None:
    lay = BoardLayout(build_topology((3, 4, 5, 4, 3)), (0, 0, 1280, 720))
    assert math.isclose(lay.size, 720 / (8 + 2 * 0.85))  # height-limited: 8 radii tall plus the margins


def test_geometry_of_hexes_and_edges(topo) -> None:
    lay = BoardLayout(topo, (0, 0, 1920, 1080))
    for h in range(topo.num_hexes):
        poly = lay.hex_polygon(h)
        cx, cy = lay.hex_center(h)
        assert len(poly) == 6
        for px, py in poly:
            assert math.isclose(math.hypot(px - cx, py - cy), lay.size, rel_tol=1e-9)
        assert poly[0][1] < cy  # clockwise from the top corner
    for e in range(topo.num_edges):
        assert round(lay.edge_angle(e)) in (30, 90, 150)
        a, b = topo.edge_nodes[e]
        assert math.isclose(math.dist(lay.node_pos(a), lay.node_pos(b)), lay.size, rel_tol=1e-9)


def test_sea_and_out_of_board_points_hit_nothing(topo) -> None:
    lay = BoardLayout(topo, (0, 0, 1280, 720))
    assert lay.hex_at(2, 2) is None
    assert lay.node_at(2, 2) is None
    assert lay.edge_at(2, 2) is None
    assert lay.hex_at(-5000, 9000) is None


def test_harbour_anchors_lie_in_the_sea_off_their_edge(topo) -> None:
    lay = BoardLayout(topo, (0, 0, 1920, 1080))
    coastal = [e for e in range(topo.num_edges) if len(lay.edge_hexes(e)) == 1]
    assert coastal
    for e in coastal:
        ax, ay = lay.harbour_anchor(e)
        mx, my = lay.edge_mid(e)
        (h,) = lay.edge_hexes(e)
        assert math.isclose(math.hypot(ax - mx, ay - my), 0.75 * lay.size, rel_tol=1e-9)
        assert math.dist((ax, ay), lay.hex_center(h)) > math.dist((mx, my), lay.hex_center(h))
        assert lay.hex_at(ax, ay) is None
        # both of the harbour's nodes are about equally far from the badge: it faces the edge squarely
        a, b = topo.edge_nodes[e]
        assert math.isclose(math.dist((ax, ay), lay.node_pos(a)), math.dist((ax, ay), lay.node_pos(b)))


def test_bad_rect_is_refused() -> None:
    with pytest.raises(ValueError, match="positive size"):
        BoardLayout(build_topology((3, 4, 5, 4, 3)), (0, 0, 0, 720))


def test_layout_is_pure_math() -> None:
    source = Path(__file__).resolve().parents[2] / "catan_desktop" / "render" / "layout.py"
    tree = ast.parse(source.read_text(encoding="utf-8"))
    modules = [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    modules += [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    assert not [m for m in modules if m.startswith("pygame")]


BOARD_AREAS = [(190, 40, 394, 418), (236, 48, 774, 496), (100, 50, 640, 900), (0, 0, 900, 300)]


@pytest.mark.parametrize("variant", ["base", "base-5-6", "catan-a-dois"])
@pytest.mark.parametrize("rect", BOARD_AREAS)
def test_harbour_badges_stay_inside_the_board_area(variant: str, rect: tuple[int, int, int, int]) -> None:
    """Issue 12, defect 9: at 800x600 (board area 394x418) the east harbour's badge was cut by the edge."""
    from catan_desktop.engine import Game, load_rules
    from catan_desktop.render.board_static import BADGE

    g = Game.new(variant, players=load_rules(variant).players_min, seed=1)
    edges = [e for e, _kind in g.s.harbours]
    lay = BoardLayout.fitting(g.topo, rect, edges, BADGE)
    x, y, w, h = rect
    r = BADGE * lay.size / 2
    for e in edges:
        ax, ay = lay.harbour_anchor(e)
        assert x - 0.5 <= ax - r and ax + r <= x + w + 0.5, e
        assert y - 0.5 <= ay - r and ay + r <= y + h + 0.5, e
    assert lay.size >= BoardLayout(g.topo, rect, 1.4).size  # it grows the margin only as much as needed
