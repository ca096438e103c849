"""Board geometry in screen pixels: where hexes, corners and paths are, and what lies under the mouse.

Pure math (no pygame), so the UI, the renderer and the tests share one source of truth. The board is
pointy-top; the engine's Topology gives every position in unit-size pixel space (hex radius 1, y down)
and ``BoardLayout`` scales and centres that inside a screen rectangle.

On a map board (``topo.is_map``) not every hex corner is a node and a path need not be a hex side: the
board's extent and the hex outlines come from the hexes' own corners, a path off the hexes gets its
harbour badge on its middle, and ``place_labels`` finds room for the place names.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..engine.topology import Topology

_SQRT3 = math.sqrt(3.0)

Point = tuple[float, float]


class BoardLayout:
    """Fit a board (plus a sea margin for harbours) centred inside a screen rectangle.

    ``rect`` is (x, y, width, height) in pixels; ``sea_margin`` is the free sea kept on every side of the
    island, in hex radii. ``size`` is the resulting hex radius in pixels (corner to centre).
    """

    def __init__(
        self,
        topo: Topology,
        rect: tuple[int, int, int, int],
        sea_margin: float = 0.85,
        zoom: float = 1.0,
        focus: Point | None = None,
    ) -> None:
        x, y, w, h = rect
        if w <= 0 or h <= 0:
            raise ValueError(f"board rect must have a positive size, got {rect!r}")
        if topo.num_hexes == 0:
            raise ValueError("cannot lay out a board without hexes")
        self.topo = topo
        self.rect = (int(x), int(y), int(w), int(h))
        self.sea_margin = float(sea_margin)

        pts = [topo.node_point(n) for n in range(topo.num_nodes)]
        if topo.is_map:  # hex corners without a location still belong to the island
            self._corners = [topo.hex_corner_points(h) for h in range(topo.num_hexes)]
            self._land = pts + [p for corners in self._corners for p in corners]
        else:
            self._land = pts
        min_x = min(p[0] for p in self._land)
        max_x = max(p[0] for p in self._land)
        min_y = min(p[1] for p in self._land)
        max_y = max(p[1] for p in self._land)
        span_w = max_x - min_x + 2 * self.sea_margin
        span_h = max_y - min_y + 2 * self.sea_margin
        self.fit_size: float = min(w / span_w, h / span_h)  # the whole board in view
        self.zoom = max(1.0, float(zoom))
        self.size: float = self.fit_size * self.zoom
        # the unit-space point in the middle of the view: the board's centre, or ``focus`` when zoomed in,
        # kept where the view stays on the board and its sea margin
        self._box = (min_x - self.sea_margin, min_y - self.sea_margin, max_x + self.sea_margin,
                     max_y + self.sea_margin)
        self.focus: Point = self.clamp_focus(focus if focus is not None else ((min_x + max_x) / 2,
                                                                             (min_y + max_y) / 2))
        # screen position of the unit-space origin (the centre of axial hex (0, 0))
        self.origin: Point = (x + w / 2 - self.focus[0] * self.size, y + h / 2 - self.focus[1] * self.size)
        self.centre: Point = (x + w / 2, y + h / 2)

        self._hex_xy = [self._to_screen(topo.hex_centre(h)) for h in range(topo.num_hexes)]
        self._node_xy = [self._to_screen(p) for p in pts]
        self._edge_xy = [
            ((self._node_xy[a][0] + self._node_xy[b][0]) / 2, (self._node_xy[a][1] + self._node_xy[b][1]) / 2)
            for a, b in topo.edge_nodes
        ]
        self._axial = {a: h for h, a in enumerate(topo.hex_axial)}
        edge_hexes: list[list[int]] = [[] for _ in range(topo.num_edges)]
        for h, edges in enumerate(topo.hex_edges):
            for e in edges:
                edge_hexes[e].append(h)
        self._edge_hexes = [tuple(x) for x in edge_hexes]

    def __repr__(self) -> str:
        return f"BoardLayout(rect={self.rect}, size={self.size:.2f}, zoom={self.zoom:.2f})"

    def _to_screen(self, p: Point) -> Point:
        return (self.origin[0] + p[0] * self.size, self.origin[1] + p[1] * self.size)

    def to_unit(self, x: float, y: float) -> Point:
        """The unit-space point (hex radii, as ``Topology``) under screen position ``(x, y)``."""
        return ((x - self.origin[0]) / self.size, (y - self.origin[1]) / self.size)

    def clamp_focus(self, focus: Point) -> Point:
        """``focus`` moved just enough that the view (the rect at this zoom) stays on the board's box."""
        _x, _y, w, h = self.rect
        half_w, half_h = w / 2 / self.size, h / 2 / self.size
        x0, y0, x1, y1 = self._box
        fx = (x0 + x1) / 2 if x1 - x0 <= 2 * half_w else min(max(focus[0], x0 + half_w), x1 - half_w)
        fy = (y0 + y1) / 2 if y1 - y0 <= 2 * half_h else min(max(focus[1], y0 + half_h), y1 - half_h)
        return (fx, fy)

    # ------------------------------------------------------------------------------------------ positions

    def hex_center(self, h: int) -> Point:
        """The screen position of hex ``h``'s centre; raises IndexError for an unknown hex."""
        return self._hex_xy[h]

    def node_pos(self, n: int) -> Point:
        """The screen position of node (intersection) ``n``; raises IndexError for an unknown node."""
        return self._node_xy[n]

    def edge_mid(self, e: int) -> Point:
        """The screen position of the middle of edge (path) ``e``; raises IndexError for an unknown edge."""
        return self._edge_xy[e]

    def edge_angle(self, e: int) -> float:
        """The direction of edge ``e`` on screen, in degrees clockwise from +x (y down), in [0, 180)."""
        a, b = self.topo.edge_nodes[e]
        (ax, ay), (bx, by) = self._node_xy[a], self._node_xy[b]
        return round(math.degrees(math.atan2(by - ay, bx - ax)), 9) % 180.0

    def hex_polygon(self, h: int) -> list[Point]:
        """The six corners of hex ``h`` on screen, clockwise from the top."""
        if self.topo.is_map:
            return [self._to_screen(p) for p in self._corners[h]]
        return [self._node_xy[n] for n in self.topo.hex_nodes[h]]

    def board_points(self) -> list[Point]:
        """Screen points spanning the board: every node, and on a map every hex corner too."""
        if self.topo.is_map:
            return [self._to_screen(p) for p in self._land]
        return list(self._node_xy)

    def edge_length(self, e: int) -> float:
        """The length of edge ``e`` in hex radii: 1 on a rows board; a map path may be longer."""
        if not self.topo.is_map:
            return 1.0
        a, b = self.topo.edge_nodes[e]
        return math.dist(self._node_xy[a], self._node_xy[b]) / self.size

    def _open_side(self, edge: int) -> Point:
        """Beside the middle of a path off the hexes, on the side with more room (see harbour_anchor)."""
        mx, my = self._edge_xy[edge]
        a, b = self.topo.edge_nodes[edge]
        (ax, ay), (bx, by) = self._node_xy[a], self._node_xy[b]
        length = math.hypot(bx - ax, by - ay) or 1.0
        nx, ny = -(by - ay) / length * 0.6 * self.size, (bx - ax) / length * 0.6 * self.size
        others = self._hex_xy + self._node_xy
        others += [self.harbour_anchor(e) for e in sorted(self.topo.red_edges) if self._edge_hexes[e]]
        sides = [(mx + nx, my + ny), (mx - nx, my - ny)]
        return max(sides, key=lambda p: min((math.dist(p, o) for o in others), default=0.0))

    def is_side(self, e: int) -> bool:
        """Whether edge ``e`` lies along a hex side (always on a rows board; a map path may cross sea)."""
        return bool(self._edge_hexes[e]) or not self.topo.is_map

    def edge_hexes(self, e: int) -> tuple[int, ...]:
        """The one or two hexes that edge ``e`` borders."""
        return self._edge_hexes[e]

    @classmethod
    def fitting(cls, topo: Topology, rect: tuple[int, int, int, int], harbour_edges: Sequence[int],
                badge: float, sea_margin: float = 0.75, zoom: float = 1.0,
                focus: Point | None = None) -> BoardLayout:
        """A layout whose harbour badges (``badge`` hex radii across) also stay inside ``rect``: the sea
        margin grows just enough where a badge would be cut off (issue 12: at 800x600 the east harbour was
        cut by the board's edge), so a roomy window keeps the larger board. ``zoom`` (1 = the whole board)
        and ``focus`` (the unit-space point in the middle of the view) then enlarge a part of it."""
        layout = cls._fitting(topo, rect, harbour_edges, badge, sea_margin)
        if zoom > 1.0:
            layout = cls(topo, rect, layout.sea_margin, zoom, focus)
        return layout

    @classmethod
    def _fitting(cls, topo: Topology, rect: tuple[int, int, int, int], harbour_edges: Sequence[int],
                 badge: float, sea_margin: float) -> BoardLayout:
        layout = cls(topo, rect, sea_margin)
        for _ in range(3):
            x, y, w, h = layout.rect
            r = badge * layout.size / 2
            spill = 0.0
            for e in harbour_edges:
                ax, ay = layout.harbour_anchor(e)
                spill = max(spill, x - (ax - r), (ax + r) - (x + w), y - (ay - r), (ay + r) - (y + h))
            if spill <= 0.5:
                break
            layout = cls(topo, rect, layout.sea_margin + spill / layout.size + 0.05)
        return layout

    def harbour_anchor(self, edge: int) -> Point:
        """Where a harbour badge for ``edge`` goes: in the sea, ~0.75 hex radii out from the edge's middle.

        "Out" is away from the hex the coastal edge borders (away from the board centre for an inner edge).
        A map path that is no hex side has its badge beside its middle, on the side farther from tokens,
        locations and the other harbour paths' badges.
        """
        mx, my = self._edge_xy[edge]
        hexes = self._edge_hexes[edge]
        if not hexes and self.topo.is_map:  # a map path across the sea: beside its middle, where most room is
            return self._open_side(edge)
        if len(hexes) == 1:
            cx, cy = self._hex_xy[hexes[0]]
        else:
            cx, cy = self.centre
        dx, dy = mx - cx, my - cy
        dist = math.hypot(dx, dy) or 1.0
        out = 0.75 * self.size
        return (mx + dx / dist * out, my + dy / dist * out)

    # ---------------------------------------------------------------------------------------- hit testing

    def hex_at(self, x: float, y: float) -> int | None:
        """The hex under screen point (x, y), or None over the sea."""
        px = (x - self.origin[0]) / self.size
        py = (y - self.origin[1]) / self.size
        r = py * 2 / 3
        q = px / _SQRT3 - r / 2
        # cube rounding: round all three, then fix the one that moved furthest
        s = -q - r
        rq, rr, rs = round(q), round(r), round(s)
        dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
        if dq > dr and dq > ds:
            rq = -rr - rs
        elif dr > ds:
            rr = -rq - rs
        return self._axial.get((int(rq), int(rr)))

    def node_at(self, x: float, y: float, tolerance: float | None = None) -> int | None:
        """The node nearest (x, y) if it lies within ``tolerance`` px (default 0.35 hex radii), else None."""
        tol = 0.35 * self.size if tolerance is None else tolerance
        return _nearest(self._node_xy, x, y, tol)

    def edge_at(self, x: float, y: float, tolerance: float | None = None) -> int | None:
        """The edge with its middle nearest (x, y), within ``tolerance`` px (default 0.3 radii), or None."""
        tol = 0.3 * self.size if tolerance is None else tolerance
        return _nearest(self._edge_xy, x, y, tol)


def _nearest(points: list[Point], x: float, y: float, tol: float) -> int | None:
    """Index of the point nearest (x, y) within ``tol``; ties go to the lower index."""
    best, best_d2 = None, tol * tol
    for i, (px, py) in enumerate(points):
        d2 = (px - x) ** 2 + (py - y) ** 2
        if d2 <= best_d2 and (best is None or d2 < best_d2):
            best, best_d2 = i, d2
    return best


# ------------------------------------------------------------------------------------------- map labels

Rect = tuple[float, float, float, float]  # left, top, width, height


def place_labels(
    layout: BoardLayout, sizes: dict[int, tuple[int, int]], avoid: list[tuple[Point, float]] | None = None
) -> dict[int, Point]:
    """Top-left corners for a name label (w, h px) at each node in ``sizes``, placed where it covers least.

    Each label tries spots below, beside and above its node (clear of a building standing on it) and
    takes the one overlapping least with number tokens, location spaces, paths, the circles in ``avoid``
    (centre, radius px: harbour badges) and the labels placed before it, inside the board rectangle.
    Deterministic: nodes are placed in number order, and ties go to the spot listed first.
    """
    size = layout.size
    topo = layout.topo
    circles: list[tuple[Point, float, float]] = [  # (centre, radius, weight)
        (layout.hex_center(h), 0.36 * size, 3.0) for h in range(topo.num_hexes)
    ]
    circles += [(layout.node_pos(n), 0.17 * size, 3.0) for n in range(topo.num_nodes)]
    for a, b in topo.edge_nodes:  # a path: a string of small circles a quarter hex radius apart
        (ax, ay), (bx, by) = layout.node_pos(a), layout.node_pos(b)
        steps = max(2, round(math.dist((ax, ay), (bx, by)) / (0.25 * size)))
        circles += [
            ((ax + (bx - ax) * i / steps, ay + (by - ay) * i / steps), 0.1 * size, 3.0)
            for i in range(1, steps)
        ]
    circles += [(centre, r, 3.0) for centre, r in avoid or ()]
    placed: list[Rect] = []
    out: dict[int, Point] = {}
    gap, side, top = 0.2 * size, 0.34 * size, 0.3 * size  # the last two: clear of a building on the node
    for n in sorted(sizes):
        w, h = sizes[n]
        x, y = layout.node_pos(n)
        candidates = [
            (x - w / 2, y + gap),  # below
            (x + 0.1 * size, y + gap),  # below, to the right
            (x - w - 0.1 * size, y + gap),  # below, to the left
            (x + side, y - h / 2),  # right
            (x - side - w, y - h / 2),  # left
            (x + side, y - top - h),  # above, to the right
            (x - side - w, y - top - h),  # above, to the left
            (x - w / 2, y - 0.65 * size - h),  # above the building
        ]
        best: tuple[float, Point] | None = None
        for rank, (left, upper) in enumerate(candidates):
            rect = (left, upper, float(w), float(h))
            cost = sum(_overlap(rect, _circle_box(c, r)) * weight for c, r, weight in circles)
            cost += sum(_overlap(rect, other) for other in placed) * 4
            cost += (w * h - _overlap(rect, layout.rect)) * 5  # off the board rectangle
            cost += rank * 0.02 * w * h  # a small preference for the spots listed first
            if best is None or cost < best[0]:
                best = (cost, (left, upper))
        assert best is not None
        out[n] = best[1]
        placed.append((*best[1], float(w), float(h)))
    return out


def _circle_box(centre: Point, r: float) -> Rect:
    """A square of about a circle's area around it, for cheap overlap estimates."""
    half = 0.886 * r  # sqrt(pi) / 2: the square with the circle's area
    return (centre[0] - half, centre[1] - half, 2 * half, 2 * half)


def _overlap(a: Rect | tuple[int, int, int, int], b: Rect | tuple[int, int, int, int]) -> float:
    """The area two rectangles (left, top, width, height) share."""
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0
