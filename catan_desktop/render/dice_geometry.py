"""Where the Catan Dice Game's score-sheet symbols go (pure geometry, no drawing).

The rule file's ``layout`` gives each symbol's centre as fractions of the sheet's island (x, y from 0 to 1)
and each road's angle. The island is ``ASPECT`` times as wide as it is tall and its roads are hex sides of
``EDGE`` island heights: the values that make the shipped layouts' roads meet end to end (fitted to them).
From those: the junctions (a settlement or city stands on one; elsewhere, where the road ends meet), each
road from junction to junction, the start road, and the island's terrain hexes (flat-topped, on the grid
the roads follow; each knight's hex is the one it stands in, and the hex that they ring is added).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

ASPECT = 0.95  # island width / height
EDGE = 0.18  # a road (a hex side), in island heights
Point = tuple[float, float]


@dataclass(frozen=True)
class SheetGeometry:
    """Symbol positions in a unit-high island (x from 0 to ASPECT, y from 0 to 1, y down)."""

    points: dict[str, Point]  # every structure's centre (roads: the middle of their drawn segment)
    roads: dict[str, tuple[Point, Point]]  # road id -> its two ends (junctions)
    start_road: tuple[Point, Point] | None
    hexes: list[tuple[Point, str]]  # (centre, terrain); "" for the hex the knights' hexes ring
    edge: float = EDGE
    knights: dict[str, Point] = field(default_factory=dict)
    bounds: tuple[float, float, float, float] = (0.0, 0.0, ASPECT, 1.0)  # x, y, w, h of all that is drawn

    @property
    def aspect(self) -> float:
        """Width / height of everything drawn (the island with its sea)."""
        return self.bounds[2] / self.bounds[3]


def _direction(angle: float) -> Point:
    rad = math.radians(angle)
    return (math.cos(rad), math.sin(rad))


def _segment(spec: tuple[float, float, float]) -> tuple[Point, Point]:
    x, y, angle = spec
    dx, dy = _direction(angle)
    cx, half = x * ASPECT, EDGE / 2
    return (cx - dx * half, y - dy * half), (cx + dx * half, y + dy * half)


def _near(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def sheet_geometry(sheet: Any) -> SheetGeometry:
    """The geometry of a ``DiceSheet`` (its ``structures``, ``layout`` and ``start_road``)."""
    layout = sheet.layout
    structures = [s for s in sheet.structures if s.id in layout]
    nodes = _junctions(structures, layout)
    roads: dict[str, tuple[Point, Point]] = {}
    points: dict[str, Point] = {}
    for s in structures:
        x, y, _angle = layout[s.id]
        if s.kind == "road" and s.ends and all(e in nodes for e in s.ends):
            a, b = nodes[s.ends[0]], nodes[s.ends[1]]
            roads[s.id] = (a, b)
            points[s.id] = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        elif s.node in nodes:
            points[s.id] = nodes[s.node]
        else:
            points[s.id] = (x * ASPECT, y)
    start = _start_road(sheet, layout, nodes)
    _spread_knights(structures, points)
    knights = {s.id: points[s.id] for s in structures if s.kind == "knight"}
    hexes = _hexes(structures, points, roads)
    return SheetGeometry(points, roads, start, hexes, EDGE, knights, _bounds(hexes, points))


BUILDING_ROOM = 0.125  # a knight nearer a settlement's or city's centre than this is moved away
KNIGHT_ROOM = 0.13  # knights placed closer than this (the Plus desert pair) are moved apart, in heights


def _spread_knights(structures: list[Any], points: dict[str, Point]) -> None:
    """Move apart two knights drawn on top of each other, each half the way, along the line joining them;
    and a knight drawn over a settlement's or city's spot away from it (the layouts are approximate)."""
    knights = [s.id for s in structures if s.kind == "knight" and s.id in points]
    buildings = [points[s.id] for s in structures if s.kind in ("settlement", "city") and s.id in points]
    for k in knights:
        for b in buildings:
            d = _near(points[k], b)
            if 0 < d < BUILDING_ROOM:
                (kx, ky), push = points[k], (BUILDING_ROOM - d) / d
                points[k] = (kx + (kx - b[0]) * push, ky + (ky - b[1]) * push)
    for i, a in enumerate(knights):
        for b in knights[i + 1 :]:
            (ax, ay), (bx, by) = points[a], points[b]
            d = _near(points[a], points[b])
            if 0 < d < KNIGHT_ROOM:
                push = (KNIGHT_ROOM - d) / 2 / d
                points[a] = (ax - (bx - ax) * push, ay - (by - ay) * push)
                points[b] = (bx + (bx - ax) * push, by + (by - ay) * push)


SEA = 1.34  # the sea around the island reaches this many hex sides from a hex's centre
MARGIN = 0.07  # room around a symbol, in island heights


def _bounds(hexes: list[tuple[Point, str]], points: dict[str, Point]) -> tuple[float, float, float, float]:
    """The box holding the island's sea and every symbol."""
    xs = [c[0] + dx for c, _t in hexes for dx in (-EDGE * SEA, EDGE * SEA)]
    ys = [c[1] + dy for c, _t in hexes for dy in (-EDGE * SEA * 0.87, EDGE * SEA * 0.87)]
    xs += [p[0] + d for p in points.values() for d in (-MARGIN, MARGIN)]
    ys += [p[1] + d for p in points.values() for d in (-MARGIN, MARGIN)]
    if not xs:
        return (0.0, 0.0, ASPECT, 1.0)
    return (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def _junctions(structures: list[Any], layout: dict[str, tuple[float, float, float]]) -> dict[str, Point]:
    """Each junction's point: its settlement's or city's place, else where its roads' ends meet."""
    nodes: dict[str, Point] = {}
    for s in structures:
        if s.node is not None and s.kind in ("settlement", "city"):
            x, y, _a = layout[s.id]
            nodes[s.node] = (x * ASPECT, y)
    ends: dict[str, list[tuple[Point, Point]]] = {}
    for s in structures:
        if s.kind == "road" and s.ends:
            for node in s.ends:
                ends.setdefault(node, []).append(_segment(layout[s.id]))
    for node, segments in ends.items():
        if node in nodes:
            continue
        if len(segments) == 1:  # a dead end: the road's end farther from the road before it
            continue
        centre = _mean([((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in segments])
        nodes[node] = _mean([min(seg, key=lambda p: _near(p, centre)) for seg in segments])
    for node, segments in ends.items():
        if node not in nodes:
            a, b = segments[0]
            known = [p for p in nodes.values() if min(_near(p, a), _near(p, b)) < EDGE * 0.6]
            nodes[node] = max((a, b), key=lambda p: min((_near(p, k) for k in known), default=0.0))
    return nodes


def _mean(points: list[Point]) -> Point:
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def _start_road(
    sheet: Any, layout: dict[str, tuple[float, float, float]], nodes: dict[str, Point]
) -> tuple[Point, Point] | None:
    """The pre-built start road: from its junction on the sheet, one hex side long, at the layout's angle
    and on the side nearer the layout's (estimated) centre."""
    spec = layout.get("start")
    free = sheet.start_road[1] if sheet.start_road[1] in nodes else sheet.start_road[0]
    if spec is None or free not in nodes:
        return None
    end = nodes[free]
    dx, dy = _direction(spec[2])
    centre = (spec[0] * ASPECT, spec[1])
    options = [(end[0] + dx * EDGE * k, end[1] + dy * EDGE * k) for k in (1, -1)]
    far = min(options, key=lambda p: _near(((p[0] + end[0]) / 2, (p[1] + end[1]) / 2), centre))
    return far, end


def _hexes(
    structures: list[Any], points: dict[str, Point], roads: dict[str, tuple[Point, Point]]
) -> list[tuple[Point, str]]:
    """The terrain hexes: the grid hex each knight stands in (its ``hex``), then the hex they ring."""
    if not roads:
        return []
    a, b = next(iter(roads.values()))
    length = _near(a, b) or 1.0
    # a junction's hexes lie opposite its roads: one hex centre is a road's length back from a road's end
    origin = (a[0] - (b[0] - a[0]) / length * EDGE, a[1] - (b[1] - a[1]) / length * EDGE)
    grid = _grid(origin)
    out: list[tuple[Point, str]] = []
    seen: set[tuple[int, int]] = set()
    groups: set[str] = set()
    for s in structures:
        if s.kind != "knight" or s.swap_group in groups:  # a group's knights share one hex (C-7.5)
            continue
        if s.swap_group:
            groups.add(s.swap_group)
        key, centre = min(grid.items(), key=lambda kv: _near(kv[1], points[s.id]))
        if key not in seen:
            seen.add(key)
            out.append((centre, s.hex or "desert"))
    for key, centre in grid.items():  # the middle of the ring: a hex with 4+ terrain neighbours
        if key not in seen and sum(1 for k in seen if _near(grid[k], centre) < EDGE * 1.8) >= 4:
            out.append((centre, ""))
            seen.add(key)
    return out


def _grid(origin: Point) -> dict[tuple[int, int], Point]:
    """The centres of the flat-topped hex grid through ``origin`` that fall on or near the island."""
    step_q = (1.5 * EDGE, math.sqrt(3) / 2 * EDGE)
    step_r = (0.0, math.sqrt(3) * EDGE)
    grid: dict[tuple[int, int], Point] = {}
    for q in range(-6, 7):
        for r in range(-7, 8):
            x = origin[0] + q * step_q[0] + r * step_r[0]
            y = origin[1] + q * step_q[1] + r * step_r[1]
            if -EDGE <= x <= ASPECT + EDGE and -EDGE <= y <= 1 + EDGE:
                grid[(q, r)] = (x, y)
    return grid
