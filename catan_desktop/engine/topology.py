"""Board topology: hexes, intersections (nodes), paths (edges) and sides, for any hex layout.

A board comes in one of two forms, and both give the same ``Topology`` (``topology_for`` picks):

- ``rows`` (``build_topology``): pointy-top hexes in rows read top to bottom; a hex's id is "row.col"
  (both from 1). Every hex corner is a node and every hex side an edge.
- an explicit map (``build_map_topology`` from a ``BoardMap``, rules/README.md "A map board"): hexes at
  lattice positions, location spaces (nodes) at hex corners or free spots, the paths (edges) between
  them, and the hexes each location produces from, which need not touch it (RULES.md S-3.4).

Geometry uses axial coordinates (q, r): r is the row index. In a ``rows`` board a row's first q steps one
left when the row is longer than the one above it (the left edge moves out by half a hex), otherwise
stays; in a map, hex "ROW.COL" sits in column COL of an offset grid whose even rows are shifted half a hex
right. Corners live on an integer lattice: a hex centre is at (2q + r, 3r) and its corners are offset by
CORNER_OFFSETS, so shared corners of neighbouring hexes get the same key without floating point.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .ruleset import Ruleset

# Corners clockwise from the top: N, NE, SE, S, SW, NW.
CORNER_OFFSETS = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))
CORNERS = ("N", "NE", "SE", "S", "SW", "NW")
# A side is named by the direction it faces; it joins corners (i, i+1).
SIDES = ("NE", "E", "SE", "SW", "W", "NW")
# Axial neighbour offsets per side.
SIDE_NEIGHBOUR = {"NE": (1, -1), "E": (1, 0), "SE": (0, 1), "SW": (-1, 1), "W": (-1, 0), "NW": (0, -1)}


def row_coordinates(rows: tuple[int, ...] | list[int]) -> list[tuple[str, int, int]]:
    """Return (hex id, q, r) for every hex of a board given as row lengths."""
    out: list[tuple[str, int, int]] = []
    q_start = 0
    for r, count in enumerate(rows):
        if r > 0 and count > rows[r - 1]:
            q_start -= 1
        for c in range(count):
            out.append((f"{r + 1}.{c + 1}", q_start + c, r))
    return out


_NO_MARKS: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Topology:
    """The fixed graph of a board shape. All lists are indexed by hex, node or edge number."""

    hex_ids: tuple[str, ...]
    hex_axial: tuple[tuple[int, int], ...]
    hex_index: dict[str, int]
    # the nodes a hex produces for and the robber touches: on a rows board its 6 corners clockwise from N,
    # on a map the locations that produce from it (in node order)
    hex_nodes: tuple[tuple[int, ...], ...]
    # a rows board: 6 edges per hex in SIDES order; a map: the paths lying on its sides (0 to 6)
    hex_edges: tuple[tuple[int, ...], ...]
    hex_neighbours: tuple[tuple[int, ...], ...]
    # lattice coordinates (x in half hex widths, y in quarter heights); a map's free locations have fractions
    node_xy: tuple[tuple[float, float], ...]
    node_hexes: tuple[tuple[int, ...], ...]  # the hexes a node produces from
    node_neighbours: tuple[tuple[int, ...], ...]
    node_edges: tuple[tuple[int, ...], ...]
    edge_nodes: tuple[tuple[int, int], ...]
    edge_index: dict[tuple[int, int], int]
    coastal_nodes: frozenset[int]
    # --- a map board only (rows boards keep these defaults) ---
    is_map: bool = False
    node_keys: tuple[str, ...] = ()  # each location's id in the rule file
    node_names: tuple[str, ...] = ()  # each location's place name ("" for none)
    node_index: dict[str, int] = field(default_factory=dict)  # location id -> node
    # the map's marked locations by kind (``board.map.marks``: "chips" S-2.2, "canal" S-5.2), each read by
    # the rule modules whose rules need it (``RuleModule.NEEDS_MARKS``); the core gives them no meaning
    marks: dict[str, frozenset[int]] = field(default_factory=dict)
    red_edges: frozenset[int] = frozenset()  # red paths: the map's harbour paths (S-3.3)

    @property
    def num_hexes(self) -> int:
        return len(self.hex_ids)

    def marked(self, kind: str) -> frozenset[int]:
        """The locations marked ``kind`` on a map board (none on a rows board or without such marks)."""
        return self.marks.get(kind, _NO_MARKS)

    @property
    def num_nodes(self) -> int:
        return len(self.node_xy)

    @property
    def num_edges(self) -> int:
        return len(self.edge_nodes)

    def side_edge(self, hex_id: str, side: str) -> int:
        """Return the edge on ``side`` of hex ``hex_id`` (a rows board only).

        Raises KeyError for an unknown hex, ValueError for an unknown side or on a map board (whose hexes
        need not have a path on every side).
        """
        if self.is_map:
            raise ValueError("a map board names its paths by their two locations, not by hex sides")
        return self.hex_edges[self.hex_index[hex_id]][SIDES.index(side)]

    def path_edge(self, a: str, b: str) -> int:
        """Return the edge of the map path between locations ``a`` and ``b``; raises KeyError for none."""
        m, n = self.node_index[a], self.node_index[b]
        return self.edge_index[(min(m, n), max(m, n))]

    def hex_centre(self, h: int) -> tuple[float, float]:
        """Return a hex centre in unit-size pixel space (pointy-top, size 1, y downwards)."""
        q, r = self.hex_axial[h]
        return (math.sqrt(3) * (q + r / 2), 1.5 * r)

    def node_point(self, n: int) -> tuple[float, float]:
        """Return a node's position in the same unit-size pixel space as hex_centre."""
        x, y = self.node_xy[n]
        return (x * math.sqrt(3) / 2, y / 2)

    def hex_corner_points(self, h: int) -> list[tuple[float, float]]:
        """Return hex ``h``'s six corners (clockwise from N) in the unit-size pixel space of node_point.

        On a rows board these are its nodes' points; a map's hexes have corners where no node is.
        """
        q, r = self.hex_axial[h]
        cx, cy = 2 * q + r, 3 * r
        return [((cx + dx) * math.sqrt(3) / 2, (cy + dy) / 2) for dx, dy in CORNER_OFFSETS]


def _hex_neighbours(q: int, r: int, axial_to_hex: dict[tuple[int, int], int]) -> tuple[int, ...]:
    """The hexes next to the hex at axial (q, r), in SIDES order."""
    found = []
    for side in SIDES:
        dq, dr = SIDE_NEIGHBOUR[side]
        other = axial_to_hex.get((q + dq, r + dr))
        if other is not None:
            found.append(other)
    return tuple(found)


def _adjacency(
    n_nodes: int, edge_nodes: tuple[tuple[int, int], ...]
) -> tuple[list[list[int]], list[list[int]]]:
    """Each node's neighbouring nodes and its edges, in edge order."""
    node_neighbours: list[list[int]] = [[] for _ in range(n_nodes)]
    node_edges: list[list[int]] = [[] for _ in range(n_nodes)]
    for e, (a, b) in enumerate(edge_nodes):
        node_neighbours[a].append(b)
        node_neighbours[b].append(a)
        node_edges[a].append(e)
        node_edges[b].append(e)
    return node_neighbours, node_edges


def build_topology(rows: tuple[int, ...] | list[int]) -> Topology:
    """Build the topology of a board made of the given row lengths."""
    coords = row_coordinates(rows)
    hex_ids = tuple(c[0] for c in coords)
    hex_axial = tuple((c[1], c[2]) for c in coords)
    axial_to_hex = {a: i for i, a in enumerate(hex_axial)}

    corner_keys: list[list[tuple[int, int]]] = []
    all_keys: set[tuple[int, int]] = set()
    for q, r in hex_axial:
        cx, cy = 2 * q + r, 3 * r
        keys = [(cx + dx, cy + dy) for dx, dy in CORNER_OFFSETS]
        corner_keys.append(keys)
        all_keys.update(keys)
    ordered = sorted(all_keys, key=lambda k: (k[1], k[0]))
    node_of = {k: i for i, k in enumerate(ordered)}
    hex_nodes = tuple(tuple(node_of[k] for k in keys) for keys in corner_keys)

    edge_set: set[tuple[int, int]] = set()
    for nodes in hex_nodes:
        for i in range(6):
            a, b = nodes[i], nodes[(i + 1) % 6]
            edge_set.add((min(a, b), max(a, b)))
    edge_nodes = tuple(sorted(edge_set))
    edge_index = {e: i for i, e in enumerate(edge_nodes)}
    hex_edges = tuple(
        tuple(edge_index[(min(n[i], n[(i + 1) % 6]), max(n[i], n[(i + 1) % 6]))] for i in range(6))
        for n in hex_nodes
    )

    n_nodes = len(ordered)
    node_hexes: list[list[int]] = [[] for _ in range(n_nodes)]
    for h, nodes in enumerate(hex_nodes):
        for n in nodes:
            node_hexes[n].append(h)
    node_neighbours, node_edges = _adjacency(n_nodes, edge_nodes)

    hex_neighbours = [_hex_neighbours(q, r, axial_to_hex) for q, r in hex_axial]

    coastal = frozenset(n for n in range(n_nodes) if len(node_hexes[n]) < 3)
    return Topology(
        hex_ids=hex_ids,
        hex_axial=hex_axial,
        hex_index={h: i for i, h in enumerate(hex_ids)},
        hex_nodes=hex_nodes,
        hex_edges=hex_edges,
        hex_neighbours=tuple(hex_neighbours),
        node_xy=tuple(ordered),
        node_hexes=tuple(tuple(x) for x in node_hexes),
        node_neighbours=tuple(tuple(x) for x in node_neighbours),
        node_edges=tuple(tuple(x) for x in node_edges),
        edge_nodes=edge_nodes,
        edge_index=edge_index,
        coastal_nodes=coastal,
    )


def spiral_order(topo: Topology, start_corner: int) -> list[int]:
    """Return all hexes in a counter-clockwise spiral from an outer corner towards the centre.

    The outer ring is walked counter-clockwise (as seen on screen) starting at the ring hex that is
    corner number ``start_corner`` (0-5, clockwise from the top-left of the board); each inner ring starts
    at its hex nearest the previous ring's last hex. Works for any convex hex board.
    """
    key = (id(topo), start_corner)
    hit = _SPIRALS.get(key)
    if hit is None or hit[0] is not topo:  # computed once per board shape and corner (each new game asks)
        if len(_SPIRALS) >= _CACHE_SIZE:
            _SPIRALS.clear()
        hit = _SPIRALS[key] = (topo, tuple(_spiral_order(topo, start_corner)))
    return list(hit[1])


def _spiral_order(topo: Topology, start_corner: int) -> list[int]:
    remaining = set(range(topo.num_hexes))
    order: list[int] = []
    last: int | None = None
    first_ring = True
    while remaining:
        ring = [h for h in remaining if sum(1 for n in topo.hex_neighbours[h] if n in remaining) < 6]
        cx = sum(topo.hex_centre(h)[0] for h in remaining) / len(remaining)
        cy = sum(topo.hex_centre(h)[1] for h in remaining) / len(remaining)

        def angle(h: int, cx: float = cx, cy: float = cy) -> float:
            x, y = topo.hex_centre(h)
            return math.atan2(-(y - cy), x - cx)  # maths angle, y up: increasing = counter-clockwise

        ring.sort(key=angle)
        if first_ring:
            corners = board_corners(topo)
            start = corners[start_corner % len(corners)]
            first_ring = False
        else:
            assert last is not None
            lx, ly = topo.hex_centre(last)
            start = min(ring, key=lambda h: (math.dist(topo.hex_centre(h), (lx, ly)), h))
        i = ring.index(start)
        ring = ring[i:] + ring[:i]
        order.extend(ring)
        last = ring[-1]
        remaining.difference_update(ring)
    return order


_SPIRALS: dict[tuple[int, int], tuple[Topology, tuple[int, ...]]] = {}


def board_corners(topo: Topology) -> list[int]:
    """Return the board's corner hexes (ends of the first, last and longest rows), clockwise from top-left."""
    rows: dict[int, list[int]] = {}
    for h, (_q, r) in enumerate(topo.hex_axial):
        rows.setdefault(r, []).append(h)
    rs = sorted(rows)
    top, bottom = rows[rs[0]], rows[rs[-1]]
    widest = max(len(v) for v in rows.values())
    wide_rows = [r for r in rs if len(rows[r]) == widest]
    mid = rows[wide_rows[len(wide_rows) // 2]]
    corners = [top[0], top[-1], mid[-1], bottom[-1], bottom[0], mid[0]]
    seen: list[int] = []
    for c in corners:
        if c not in seen:
            seen.append(c)
    return seen


# --- map boards --------------------------------------------------------------------------------------------

RANDOM = "random"  # a map hex's terrain, or a map harbour's kind, that a random board draws


@dataclass(frozen=True)
class MapLocation:
    """A location space of a map board: its id, place name, position and the hexes it produces from."""

    key: str
    name: str = ""
    corner: tuple[str, str] | None = None  # (hex id, corner in CORNERS) when it sits on a hex corner
    point: tuple[float, float] | None = None  # (column, row) in map units when it sits anywhere else
    produces: tuple[str, ...] | None = None  # hex ids; None: the map hexes touching its corner


@dataclass(frozen=True)
class BoardMap:
    """A board given as an explicit map (``board.map`` in a rule file; see rules/README.md)."""

    hexes: tuple[tuple[str, str, int], ...]  # (hex id, terrain or RANDOM, number or 0), by row then column
    locations: tuple[MapLocation, ...]
    paths: tuple[tuple[str, str], ...]  # pairs of location ids
    harbours: tuple[tuple[str, str, str], ...] = ()  # (location, location, kind or RANDOM): the red paths
    marks: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (kind, location ids): "chips" S-2.2, "canal" S-5.2
    robber: str = ""  # the hex id the robber starts on; "" = a hex of board.robber_start's terrain

    def shape(self) -> tuple[object, ...]:
        """What the topology depends on (not terrain, numbers or harbour kinds): a cache key."""
        return (
            tuple(h[0] for h in self.hexes),
            self.locations,
            self.paths,
            tuple((a, b) for a, b, _kind in self.harbours),
            self.marks,
        )


def map_hex_axial(hex_id: str) -> tuple[int, int]:
    """Return the axial (q, r) of map hex "ROW.COL" (even rows sit half a hex to the right)."""
    row, col = (int(part) for part in hex_id.split("."))
    r = row - 1
    return (col - 1 - r // 2, r)


def map_point_lattice(x: float, y: float) -> tuple[float, float]:
    """Return the lattice position of map point (column, row): hex "ROW.COL"'s centre is (COL, ROW),
    plus half a column on even rows."""
    return (2 * x - 2, 3 * y - 3)


def parse_board_map(value: object) -> BoardMap | None:
    """Return the BoardMap of a validated ``board.map`` mapping (None when there is no map)."""
    if not isinstance(value, dict):
        return None
    hexes = []
    for hex_id, cell in value["hexes"].items():
        parts = str(cell).split()
        hexes.append((str(hex_id), parts[0], int(parts[1]) if len(parts) > 1 else 0))
    hexes.sort(key=lambda h: tuple(int(p) for p in h[0].split(".")))
    locations = []
    for key, spec in value["locations"].items():
        spec = spec if isinstance(spec, dict) else {"at": spec}
        at = spec["at"]
        produces = spec.get("produces")
        corner = point = None
        if isinstance(at, str):
            hex_id, side = at.split()
            corner = (hex_id, side)
        else:
            point = (float(at[0]), float(at[1]))
        locations.append(
            MapLocation(
                key=str(key),
                name=str(spec.get("name", "")),
                corner=corner,
                point=point,
                produces=None if produces is None else tuple(str(h) for h in produces),
            )
        )
    # mappings are numbered in sorted order, never in file order: a snapshot stores the rules with sorted
    # keys, and the node numbers in it must mean the same places when it is read back
    locations.sort(key=lambda loc: loc.key)
    paths = tuple(_pair(p) for p in value["paths"])
    harbour_map = value.get("harbours") or {}
    harbours = tuple(sorted((*_pair(path), str(kind)) for path, kind in harbour_map.items()))
    marks = value.get("marks") or {}
    return BoardMap(
        hexes=tuple(hexes),
        locations=tuple(locations),
        paths=paths,
        harbours=harbours,
        marks=tuple(sorted((str(kind), tuple(str(k) for k in ids)) for kind, ids in marks.items() if ids)),
        robber=str(value.get("robber", "")),
    )


def _pair(path: object) -> tuple[str, str]:
    """Return the two location ids of a path written "A B"."""
    a, b = str(path).split()
    return (a, b)


def _location_lattice(loc: MapLocation, axial: dict[str, tuple[int, int]]) -> tuple[float, float]:
    if loc.corner is not None:
        q, r = axial[loc.corner[0]]
        dx, dy = CORNER_OFFSETS[CORNERS.index(loc.corner[1])]
        return (2 * q + r + dx, 3 * r + dy)
    assert loc.point is not None
    return map_point_lattice(*loc.point)


def build_map_topology(board_map: BoardMap) -> Topology:
    """Build the topology of a validated map board.

    Hexes are numbered by row, then column; nodes (the locations) top to bottom, then left to right, like
    a rows board's; edges (the paths) by their two node numbers. Raises KeyError or ValueError for a map
    that did not pass validation.
    """
    hex_ids = tuple(h[0] for h in board_map.hexes)
    hex_axial = tuple(map_hex_axial(h) for h in hex_ids)
    hex_index = {h: i for i, h in enumerate(hex_ids)}
    axial_to_hex = {a: i for i, a in enumerate(hex_axial)}
    axial_of = dict(zip(hex_ids, hex_axial, strict=True))

    corner_hexes: dict[tuple[int, int], list[int]] = {}
    for h, (q, r) in enumerate(hex_axial):
        for dx, dy in CORNER_OFFSETS:
            corner_hexes.setdefault((2 * q + r + dx, 3 * r + dy), []).append(h)

    placed = sorted(
        ((_location_lattice(loc, axial_of), loc) for loc in board_map.locations),
        key=lambda item: (item[0][1], item[0][0], item[1].key),
    )
    locations = [loc for _xy, loc in placed]
    node_xy = tuple(xy for xy, _loc in placed)
    node_index = {loc.key: n for n, loc in enumerate(locations)}
    n_nodes = len(locations)

    node_hexes: list[tuple[int, ...]] = []
    coastal: set[int] = set()
    corner_node: dict[tuple[int, int], int] = {}
    for n, loc in enumerate(locations):
        touching: list[int] = []
        if loc.corner is not None:
            key = (int(node_xy[n][0]), int(node_xy[n][1]))
            corner_node[key] = n
            touching = corner_hexes.get(key, [])
        if len(touching) < 3:
            coastal.add(n)
        chosen = touching if loc.produces is None else [hex_index[h] for h in loc.produces]
        node_hexes.append(tuple(sorted(set(chosen))))
    hex_nodes = tuple(tuple(n for n in range(n_nodes) if h in node_hexes[n]) for h in range(len(hex_ids)))

    ends = [(node_index[a], node_index[b]) for a, b in board_map.paths]
    edge_nodes = tuple(sorted({(min(m, n), max(m, n)) for m, n in ends}))
    edge_index = {e: i for i, e in enumerate(edge_nodes)}
    node_neighbours, node_edges = _adjacency(n_nodes, edge_nodes)

    hex_edges = []
    hex_neighbours = []
    for q, r in hex_axial:
        cx, cy = 2 * q + r, 3 * r
        corners = [corner_node.get((cx + dx, cy + dy)) for dx, dy in CORNER_OFFSETS]
        sides = []
        for i in range(6):
            a, b = corners[i], corners[(i + 1) % 6]
            if a is not None and b is not None and (min(a, b), max(a, b)) in edge_index:
                sides.append(edge_index[(min(a, b), max(a, b))])
        hex_edges.append(tuple(sides))
        hex_neighbours.append(_hex_neighbours(q, r, axial_to_hex))

    def path_edge(a: str, b: str) -> int:
        m, n = node_index[a], node_index[b]
        return edge_index[(min(m, n), max(m, n))]

    return Topology(
        hex_ids=hex_ids,
        hex_axial=hex_axial,
        hex_index=hex_index,
        hex_nodes=hex_nodes,
        hex_edges=tuple(hex_edges),
        hex_neighbours=tuple(hex_neighbours),
        node_xy=node_xy,
        node_hexes=tuple(node_hexes),
        node_neighbours=tuple(tuple(x) for x in node_neighbours),
        node_edges=tuple(tuple(x) for x in node_edges),
        edge_nodes=edge_nodes,
        edge_index=edge_index,
        coastal_nodes=frozenset(coastal),
        is_map=True,
        node_keys=tuple(loc.key for loc in locations),
        node_names=tuple(loc.name for loc in locations),
        node_index=node_index,
        marks={kind: frozenset(node_index[k] for k in ids) for kind, ids in board_map.marks},
        red_edges=frozenset(path_edge(a, b) for a, b, _kind in board_map.harbours),
    )


_CACHE_SIZE = 64
_TOPOLOGIES: dict[object, Topology] = {}


def topology_for(rules: Ruleset) -> Topology:
    """Return the topology of a variant's board, from ``board.map`` or ``board.rows``, cached per shape.

    Boards of the same shape share one (immutable) Topology; a rows board's is exactly
    ``build_topology(rules.rows)``.
    """
    board_map = getattr(rules, "board_map", None)
    key: object = ("map", board_map.shape()) if board_map is not None else ("rows", tuple(rules.rows))
    topo = _TOPOLOGIES.get(key)
    if topo is None:
        topo = build_map_topology(board_map) if board_map is not None else build_topology(rules.rows)
        if len(_TOPOLOGIES) >= _CACHE_SIZE:
            _TOPOLOGIES.clear()
        _TOPOLOGIES[key] = topo
    return topo
