"""Where things are on a map board: its locations, the paths between them, harbours and marks.

Part of the map-board validation (map_schema.py): positions on the grid, which hexes a location produces
from, spacing, paths to known locations, harbours on existing paths, marks on known locations.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from catan_desktop.engine.topology import CORNER_OFFSETS, CORNERS, RANDOM, map_hex_axial, map_point_lattice
from catan_desktop.i18n import Msg
from catan_desktop.variants.board_checks import Board, check_harbour_kind
from catan_desktop.variants.schema_nodes import (
    GENERIC_HARBOUR,
    HEX_ID_RE,
    IDENTIFIER_RE,
    KeyPath,
    Problem,
    describe,
    did_you_mean,
    format_path,
    unknown_name,
    value_at,
)

_MAP_PATH: KeyPath = ("board", "map")

MAP_MAX = 50  # the largest row or column number of a map hex: far beyond any printed board
MAP_MARGIN = 5  # how far outside rows/columns 1..MAP_MAX a free location may lie, in map units
MIN_SPACING = 0.5  # hex radii: locations closer than this overlap on screen (neighbouring corners are 1.0)


def is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _unit_point(lattice: tuple[float, float]) -> tuple[float, float]:
    """Return a lattice position in hex radii (the unit pixel space of Topology.node_point)."""
    return (lattice[0] * math.sqrt(3) / 2, lattice[1] / 2)


def check_locations(value: object, hexes: Mapping[str, object], out: list[Problem]) -> list[str] | None:
    """Check every location's position, production and name; return the well-formed location ids.

    Returns None when the locations are not a mapping at all.
    """
    if not isinstance(value, dict):
        return None
    corner_hexes: dict[tuple[int, int], list[str]] = {}
    centres: dict[tuple[int, int], str] = {}
    for hex_id in hexes:
        q, r = map_hex_axial(hex_id)
        centres[(q, r)] = hex_id
        for dx, dy in CORNER_OFFSETS:
            corner_hexes.setdefault((2 * q + r + dx, 3 * r + dy), []).append(hex_id)
    ids = [k for k in value if isinstance(k, str) and IDENTIFIER_RE.fullmatch(k)]
    corners: dict[tuple[int, int], tuple[str, str]] = {}  # corner -> (location id, its 'at')
    grid: dict[tuple[int, int], list[tuple[str, float, float]]] = {}
    names: dict[str, str] = {}
    for key in ids:
        spec = value[key]
        path = (*_MAP_PATH, "locations", key)
        fields = spec if isinstance(spec, dict) else {"at": spec}
        at_path = (*path, "at") if isinstance(spec, dict) else path
        at, produces, name = fields.get("at"), fields.get("produces"), fields.get("name")
        corner, point = _map_position(at, at_path, hexes, out)
        if corner is not None:
            if corner in corners:
                other, other_at = corners[corner]
                out.append(Problem(at_path, Msg(
                    "is the same corner as location '{other}' ({other_at})",
                    other=other, other_at=other_at)))
                point = None  # reported once: no spacing complaint too
            else:
                corners[corner] = (key, str(at))
        if point is not None:
            _check_spacing(key, point, at_path, grid, out)
            if corner is None:
                _check_off_tokens(point, at_path, centres, out)
        if isinstance(produces, list):
            if not produces:
                out.append(Problem((*path, "produces"), Msg(
                    "has no hex to produce from: list at least one hex")))
            for index, hex_id in enumerate(produces):
                if isinstance(hex_id, str) and HEX_ID_RE.fullmatch(hex_id) and hex_id not in hexes:
                    out.append(
                        Problem(
                            (*path, "produces", index),
                            Msg(
                                "no hex '{hex_id}' on this map{hint}",
                                hex_id=hex_id, hint=did_you_mean(hex_id, tuple(hexes))),
                        )
                    )
        elif produces is None and corner is None and point is not None:
            out.append(
                Problem(
                    path,
                    Msg("has no hex to produce from: it is not on a hex corner, so list its hexes in "
                        '\'produces\', like produces: ["2.1", "3.1"]'),
                )
            )
        if isinstance(name, str) and name.strip():
            if name in names:
                out.append(Problem((*path, "name"), Msg(
                    "'{name}' is also the name of location '{names}'",
                    name=name, names=names[name])))
            else:
                names[name] = key
    return ids


def _map_position(
    at: object, path: KeyPath, hexes: Mapping[str, object], out: list[Problem]
) -> tuple[tuple[int, int] | None, tuple[float, float] | None]:
    """Return (corner lattice key or None, point in hex radii or None) of a well-formed position."""
    if isinstance(at, str):
        parts = at.split()
        if len(parts) != 2 or not HEX_ID_RE.fullmatch(parts[0]) or parts[1] not in CORNERS:
            return None, None  # the shape check has reported it
        hex_id, name = parts
        if hex_id not in hexes:
            out.append(Problem(path, Msg(
                "no hex '{hex_id}' on this map{hint}",
                hex_id=hex_id, hint=did_you_mean(hex_id, tuple(hexes)))))
            return None, None
        q, r = map_hex_axial(hex_id)
        dx, dy = CORNER_OFFSETS[CORNERS.index(name)]
        corner = (2 * q + r + dx, 3 * r + dy)
        return corner, _unit_point(corner)
    low, high = 1 - MAP_MARGIN, MAP_MAX + MAP_MARGIN
    if isinstance(at, list) and len(at) == 2 and all(is_number(v) and low <= v <= high for v in at):
        return None, _unit_point(map_point_lattice(float(at[0]), float(at[1])))
    return None, None


def _check_spacing(
    key: str,
    point: tuple[float, float],
    path: KeyPath,
    grid: dict[tuple[int, int], list[tuple[str, float, float]]],
    out: list[Problem],
) -> None:
    """Report a location closer than MIN_SPACING to one placed before it (a grid keeps this linear)."""
    x, y = point
    gx, gy = math.floor(x / MIN_SPACING), math.floor(y / MIN_SPACING)
    for cx in (gx - 1, gx, gx + 1):
        for cy in (gy - 1, gy, gy + 1):
            for other, ox, oy in grid.get((cx, cy), ()):
                gap = math.hypot(x - ox, y - oy)
                if gap < MIN_SPACING:
                    out.append(
                        Problem(
                            path,
                            Msg(
                                "overlaps location '{other}': they are {gap:.2f} hex radii apart (at least "
                                "{min_spacing} is needed)",
                                other=other, gap=gap, min_spacing=MIN_SPACING),
                        )
                    )
                    return
    grid.setdefault((gx, gy), []).append((key, x, y))


def _check_off_tokens(
    point: tuple[float, float], path: KeyPath, centres: dict[tuple[int, int], str], out: list[Problem]
) -> None:
    """Report a free location sitting on a hex's number token (near its centre)."""
    x, y = point
    r = y / 1.5
    q = x / math.sqrt(3) - r / 2
    for cq in (math.floor(q), math.ceil(q)):
        for cr in (math.floor(r), math.ceil(r)):
            hex_id = centres.get((cq, cr))
            if hex_id is None:
                continue
            hx, hy = math.sqrt(3) * (cq + cr / 2), 1.5 * cr
            if math.hypot(x - hx, y - hy) < MIN_SPACING:
                out.append(
                    Problem(path, Msg(
                        "lies on the middle of hex {hex_id}, over its number token; move it",
                        hex_id=hex_id))
                )
                return


def map_pair(text: object, ids: list[str], path: KeyPath, out: list[Problem]) -> tuple[str, str] | None:
    """Return the two location ids of "A B" in sorted order, reporting a malformed or unknown one."""
    if not isinstance(text, str) or not text.strip():
        return None  # the shape check has reported it
    ends = text.split()
    if len(ends) != 2:
        out.append(Problem(path, Msg(
            "must be two location ids 'A B', like 'calvi corte', not {got}",
            got=describe(text))))
        return None
    known = True
    for end in ends:
        if end not in ids:
            out.append(Problem(path, unknown_name("location", end, ids)))
            known = False
    if not known:
        return None
    a, b = sorted(ends)
    return (a, b)


def check_paths(value: object, ids: list[str], out: list[Problem]) -> dict[tuple[str, str], int] | None:
    """Check the paths; return each well-formed one (its ids sorted) with its index (None: not a list)."""
    found: dict[tuple[str, str], int] = {}
    if not isinstance(value, list):
        return None
    used: set[str] = set()
    for index, item in enumerate(value):
        path = (*_MAP_PATH, "paths", index)
        pair = map_pair(item, ids, path, out)
        if pair is None:
            continue
        used.update(pair)
        if pair[0] == pair[1]:
            out.append(Problem(path, Msg("joins location '{pair}' to itself", pair=pair[0])))
        elif pair in found:
            where = format_path((*_MAP_PATH, "paths", found[pair]))
            out.append(Problem(path, Msg(
                "the path '{item}' is listed twice (also at {where})",
                item=item, where=where)))
        else:
            found[pair] = index
    for key in ids:
        if key not in used:
            out.append(
                Problem(
                    (*_MAP_PATH, "locations", key),
                    Msg("is not on any path: add one to board.map.paths, or remove the location"),
                )
            )
    return found


def check_harbours(
    data: dict[str, object],
    value: object,
    ids: list[str],
    paths: dict[tuple[str, str], int],
    board: Board,
    out: list[Problem],
) -> dict[tuple[str, str], str]:
    """Check the harbour paths and kinds, and board.harbour_set against the random ones.

    Returns each well-formed harbour path (its ids sorted) with its kind ("" when that is malformed).
    """
    found: dict[tuple[str, str], str] = {}
    written: dict[tuple[str, str], str] = {}
    randoms: list[KeyPath] = []
    kinds = (GENERIC_HARBOUR, *board.resources, RANDOM)
    for key, kind in value.items() if isinstance(value, dict) else ():
        path = (*_MAP_PATH, "harbours", key)
        if kind == RANDOM:
            randoms.append(path)
        elif isinstance(kind, str) and kind.strip() and board.resources and kind not in kinds:
            out.append(Problem(path, unknown_name("harbour kind", kind, kinds)))
        pair = map_pair(key, ids, path, out)
        if pair is None:
            continue
        if pair not in paths:
            out.append(Problem(path, Msg(
                "there is no path '{key}' in board.map.paths to put a harbour on",
                key=key)))
        elif pair in found:
            out.append(
                Problem(path, Msg(
                    "the path '{key}' already has a harbour (board.map.harbours.{written})",
                    key=key, written=written[pair]))
            )
        else:
            written[pair] = str(key)
            found[pair] = kind if isinstance(kind, str) and kind in kinds else ""
    harbour_set = value_at(data, "board", "harbour_set")
    if isinstance(harbour_set, list):
        if len(harbour_set) != len(randoms):
            out.append(
                Problem(
                    ("board", "harbour_set"),
                    Msg(
                        "has {count} harbours but board.map.harbours has {count2} of kind '{random}'; they "
                        "must match one to one",
                        count=len(harbour_set), count2=len(randoms), random=RANDOM),
                )
            )
        for index, kind in enumerate(harbour_set):
            check_harbour_kind(kind, ("board", "harbour_set", index), board, out)
    elif randoms:
        out.append(
            Problem(randoms[0], Msg(
                "is '{random}', but there is no board.harbour_set to draw its kind from",
                random=RANDOM))
        )
    return found


def check_marks(value: object, ids: list[str], out: list[Problem]) -> None:
    for group in ("chips", "canal"):
        items = value.get(group) if isinstance(value, dict) else None
        for index, item in enumerate(items if isinstance(items, list) else ()):
            if isinstance(item, str) and item.strip() and item not in ids:
                out.append(Problem((*_MAP_PATH, "marks", group, index), unknown_name("location", item, ids)))
