"""Board geometry in screen pixels: where hexes, corners and paths are, and what lies under the mouse.

Pure math (no pygame), so the UI, the renderer and the tests share one source of truth. The board is
pointy-top; the engine's Topology gives every position in unit-size pixel space (hex radius 1, y down)
and ``BoardLayout`` scales and centres that inside a screen rectangle.
"""

from __future__ import annotations

import math

from ..engine.topology import Topology

_SQRT3 = math.sqrt(3.0)

Point = tuple[float, float]


class BoardLayout:
    """Fit a board (plus a sea margin for harbours) centred inside a screen rectangle.

    ``rect`` is (x, y, width, height) in pixels; ``sea_margin`` is the free sea kept on every side of the
    island, in hex radii. ``size`` is the resulting hex radius in pixels (corner to centre).
    """

    def __init__(self, topo: Topology, rect: tuple[int, int, int, int], sea_margin: float = 0.85) -> None:
        x, y, w, h = rect
        if w <= 0 or h <= 0:
            raise ValueError(f"board rect must have a positive size, got {rect!r}")
        if topo.num_hexes == 0:
            raise ValueError("cannot lay out a board without hexes")
        self.topo = topo
        self.rect = (int(x), int(y), int(w), int(h))
        self.sea_margin = float(sea_margin)

        pts = [topo.node_point(n) for n in range(topo.num_nodes)]
        min_x = min(p[0] for p in pts)
        max_x = max(p[0] for p in pts)
        min_y = min(p[1] for p in pts)
        max_y = max(p[1] for p in pts)
        span_w = max_x - min_x + 2 * self.sea_margin
        span_h = max_y - min_y + 2 * self.sea_margin
        self.size: float = min(w / span_w, h / span_h)
        # screen position of the unit-space origin (the centre of axial hex (0, 0))
        self.origin: Point = (
            x + w / 2 - (min_x + max_x) / 2 * self.size,
            y + h / 2 - (min_y + max_y) / 2 * self.size,
        )
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
        return f"BoardLayout(rect={self.rect}, size={self.size:.2f})"

    def _to_screen(self, p: Point) -> Point:
        return (self.origin[0] + p[0] * self.size, self.origin[1] + p[1] * self.size)

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
        return [self._node_xy[n] for n in self.topo.hex_nodes[h]]

    def edge_hexes(self, e: int) -> tuple[int, ...]:
        """The one or two hexes that edge ``e`` borders."""
        return self._edge_hexes[e]

    def harbour_anchor(self, edge: int) -> Point:
        """Where a harbour badge for ``edge`` goes: in the sea, ~0.75 hex radii out from the edge's middle.

        "Out" is away from the hex the coastal edge borders (away from the board centre for an inner edge).
        """
        mx, my = self._edge_xy[edge]
        hexes = self._edge_hexes[edge]
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
