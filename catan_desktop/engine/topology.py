"""Board topology: hexes, intersections (nodes), paths (edges) and sides, for any hex layout.

Hexes are pointy-top, in rows read top to bottom; a hex's id is "row.col" (both from 1). Geometry uses
axial coordinates (q, r): r is the row index, and a row's first q steps one left when the row is longer
than the one above it (the left edge moves out by half a hex), otherwise stays. Corners live on an
integer lattice: a hex centre is at (2q + r, 3r) and its corners are offset by CORNER_OFFSETS, so shared
corners of neighbouring hexes get the same key without floating point.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

# Corners clockwise from the top: N, NE, SE, S, SW, NW.
CORNER_OFFSETS = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))
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


@dataclass(frozen=True)
class Topology:
    """The fixed graph of a board shape. All lists are indexed by hex, node or edge number."""

    hex_ids: tuple[str, ...]
    hex_axial: tuple[tuple[int, int], ...]
    hex_index: dict[str, int]
    hex_nodes: tuple[tuple[int, ...], ...]  # 6 nodes per hex, clockwise from N
    hex_edges: tuple[tuple[int, ...], ...]  # 6 edges per hex, in SIDES order
    hex_neighbours: tuple[tuple[int, ...], ...]
    node_xy: tuple[tuple[int, int], ...]  # lattice coordinates (x in half hex widths, y in quarter heights)
    node_hexes: tuple[tuple[int, ...], ...]
    node_neighbours: tuple[tuple[int, ...], ...]
    node_edges: tuple[tuple[int, ...], ...]
    edge_nodes: tuple[tuple[int, int], ...]
    edge_index: dict[tuple[int, int], int]
    coastal_nodes: frozenset[int]

    @property
    def num_hexes(self) -> int:
        return len(self.hex_ids)

    @property
    def num_nodes(self) -> int:
        return len(self.node_xy)

    @property
    def num_edges(self) -> int:
        return len(self.edge_nodes)

    def side_edge(self, hex_id: str, side: str) -> int:
        """Return the edge on ``side`` of hex ``hex_id``; raises KeyError for an unknown hex or side."""
        return self.hex_edges[self.hex_index[hex_id]][SIDES.index(side)]

    def hex_centre(self, h: int) -> tuple[float, float]:
        """Return a hex centre in unit-size pixel space (pointy-top, size 1, y downwards)."""
        q, r = self.hex_axial[h]
        return (math.sqrt(3) * (q + r / 2), 1.5 * r)

    def node_point(self, n: int) -> tuple[float, float]:
        """Return a node's position in the same unit-size pixel space as hex_centre."""
        x, y = self.node_xy[n]
        return (x * math.sqrt(3) / 2, y / 2)


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
    node_neighbours: list[list[int]] = [[] for _ in range(n_nodes)]
    node_edges: list[list[int]] = [[] for _ in range(n_nodes)]
    for e, (a, b) in enumerate(edge_nodes):
        node_neighbours[a].append(b)
        node_neighbours[b].append(a)
        node_edges[a].append(e)
        node_edges[b].append(e)

    hex_neighbours = []
    for q, r in hex_axial:
        found = []
        for side in SIDES:
            dq, dr = SIDE_NEIGHBOUR[side]
            other = axial_to_hex.get((q + dq, r + dr))
            if other is not None:
                found.append(other)
        hex_neighbours.append(tuple(found))

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
