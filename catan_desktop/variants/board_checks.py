"""Cross-checks of a rule file's board that rows boards and map boards share.

A rows board (``board.rows``) is checked here in full: terrain counts, number tokens, harbours and the fixed
layouts; a map board (``board.map``, map_schema.py) reuses the shared parts: ``Board``, the token letters,
harbour kinds, layout cells and the comparison of a layout with the board's supply.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from catan_desktop.i18n import Msg
from catan_desktop.variants.schema_nodes import (
    GENERIC_HARBOUR,
    HEX_ID_RE,
    MAX_ROWS,
    KeyPath,
    Problem,
    format_path,
    is_dice_total,
    is_int,
    text_items,
    unknown_name,
    value_at,
)

# Axial steps for pointy-top hexes, r growing downwards (see _hex_coordinates).
_STEPS = {"E": (1, 0), "W": (-1, 0), "NE": (1, -1), "NW": (0, -1), "SE": (0, 1), "SW": (-1, 1)}


def _hex_coordinates(rows: list[int]) -> dict[str, tuple[int, int]]:
    """Return axial (q, r) for each hex id "row.col" of a board whose rows differ by one hex each."""
    coords: dict[str, tuple[int, int]] = {}
    q_start = 0
    for r, count in enumerate(rows):
        if r > 0 and count > rows[r - 1]:
            q_start -= 1  # a longer row starts half a hex further left
        for col in range(count):
            coords[f"{r + 1}.{col + 1}"] = (q_start + col, r)
    return coords


class Board:
    """What the cross-checks need to know about the board, computed once (None parts were malformed)."""

    def __init__(self, data: dict[str, object], out: list[Problem]) -> None:
        self.resources = text_items(data.get("resources"))
        terrains = data.get("terrains")
        self.terrains: dict[str, object] = terrains if isinstance(terrains, dict) else {}
        self.is_map = isinstance(value_at(data, "board", "map"), dict)
        self.rows = None if self.is_map else self._rows(value_at(data, "board", "rows"), out)
        self.coords = _hex_coordinates(self.rows) if self.rows else None

    @staticmethod
    def _rows(value: object, out: list[Problem]) -> list[int] | None:
        if not isinstance(value, list) or not 0 < len(value) <= MAX_ROWS:
            return None
        if not all(is_int(n) and 0 < n <= MAX_ROWS for n in value):  # else reported by the schema
            return None
        ok = True
        for index in range(1, len(value)):
            if abs(value[index] - value[index - 1]) != 1:
                out.append(
                    Problem(
                        ("board", "rows", index),
                        Msg(
                            "row {n} has {value} hexes and row {index} has {value2}: neighbouring rows must "
                            "differ by exactly one hex",
                            n=index + 1, value=value[index], index=index, value2=value[index - 1]),
                    )
                )
                ok = False
        return list(value) if ok else None

    def shape(self) -> str:
        return "rows: " + ", ".join(str(n) for n in self.rows or [])

    def produces(self, terrain: str) -> bool:
        return self.terrains.get(terrain) is not None


def check_resources_used(data: dict[str, object], board: Board, out: list[Problem]) -> None:
    if not board.resources:
        return  # the resources list itself is wrong, and reported
    for terrain, resource in board.terrains.items():
        if isinstance(resource, str) and resource not in board.resources:
            out.append(Problem(("terrains", terrain), unknown_name("resource", resource, board.resources)))
    costs = data.get("costs")
    for item, cost in costs.items() if isinstance(costs, dict) else ():
        for resource in cost if isinstance(cost, dict) else ():
            if isinstance(resource, str) and resource not in board.resources:
                out.append(
                    Problem(("costs", item, resource), unknown_name("resource", resource, board.resources))
                )


def check_board(data: dict[str, object], board: Board, out: list[Problem]) -> None:
    counts = value_at(data, "board", "terrain_counts")
    counts = counts if isinstance(counts, dict) else {}
    for terrain in counts:
        if board.terrains and terrain not in board.terrains:
            out.append(
                Problem(
                    ("board", "terrain_counts", terrain),
                    unknown_name("terrain", terrain, tuple(board.terrains)),
                )
            )
    good_counts = all(is_int(n) and n >= 0 for n in counts.values()) and bool(counts)
    hexes = sum(board.rows) if board.rows else None
    if good_counts and hexes is not None and sum(counts.values()) != hexes:
        out.append(
            Problem(
                ("board", "terrain_counts"),
                Msg(
                    "the counts add up to {sum} but board.rows has {hexes} hexes",
                    sum=sum(counts.values()), hexes=hexes),
            )
        )

    start = value_at(data, "board", "robber_start")
    if isinstance(start, str) and board.terrains:
        if start not in board.terrains:
            out.append(
                Problem(("board", "robber_start"), unknown_name("terrain", start, tuple(board.terrains)))
            )
        elif good_counts and counts.get(start, 0) < 1:
            out.append(
                Problem(
                    ("board", "robber_start"),
                    Msg("no '{start}' hex on this board (board.terrain_counts.{start} is 0)", start=start),
                )
            )

    tokens = value_at(data, "board", "number_tokens")
    if isinstance(tokens, list):
        check_token_letters(tokens, out)
        if good_counts and hexes is not None and all(t in board.terrains for t in counts):
            barren = sum(n for t, n in counts.items() if not board.produces(t))
            if len(tokens) != hexes - barren:
                out.append(
                    Problem(
                        ("board", "number_tokens"),
                        Msg(
                            "needs {n} tokens ({hexes} hexes, {barren} of them producing nothing), not "
                            "{count}",
                            n=hexes - barren, hexes=hexes, barren=barren, count=len(tokens)),
                    )
                )

    positions = value_at(data, "board", "harbour_positions")
    harbours = value_at(data, "board", "harbour_set")
    if isinstance(positions, list) and isinstance(harbours, list) and len(positions) != len(harbours):
        out.append(
            Problem(
                ("board", "harbour_set"),
                Msg(
                    "has {count} harbours but board.harbour_positions has {count2} places; they must match "
                    "one to one",
                    count=len(harbours), count2=len(positions)),
            )
        )
    for index, kind in enumerate(harbours if isinstance(harbours, list) else ()):
        check_harbour_kind(kind, ("board", "harbour_set", index), board, out)
    if isinstance(positions, list):
        _check_harbour_places(positions, ("board", "harbour_positions"), board, out)


def check_token_letters(tokens: list[object], out: list[Problem]) -> None:
    first_at: dict[str, int] = {}
    for index, token in enumerate(tokens):
        if isinstance(token, list) and len(token) == 2 and isinstance(token[0], str):
            letter = token[0]
            if letter in first_at:
                where = format_path(("board", "number_tokens", first_at[letter]))
                out.append(
                    Problem(
                        ("board", "number_tokens", index, 0),
                        Msg("letter '{letter}' is used twice (also at {where})", letter=letter, where=where),
                    )
                )
            else:
                first_at[letter] = index


def check_harbour_kind(kind: object, path: KeyPath, board: Board, out: list[Problem]) -> None:
    kinds = (GENERIC_HARBOUR, *board.resources)
    if isinstance(kind, str) and kind.strip() and board.resources and kind not in kinds:
        out.append(Problem(path, unknown_name("harbour kind", kind, kinds)))


def _check_hex(value: object, path: KeyPath, board: Board, out: list[Problem]) -> tuple[int, int] | None:
    """Return the axial coordinates of a well-formed hex id, reporting one that is not on the board."""
    if board.coords is None or not isinstance(value, str) or not HEX_ID_RE.fullmatch(value):
        return None
    if value not in board.coords:
        out.append(Problem(path, Msg(
            "no hex '{value}' on this board ({shape})",
            value=value, shape=board.shape())))
        return None
    return board.coords[value]


def _check_harbour_places(places: list[object], path: KeyPath, board: Board, out: list[Problem]) -> None:
    seen: dict[tuple[str, str], int] = {}
    inverse = {coord: hex_id for hex_id, coord in (board.coords or {}).items()}
    for index, place in enumerate(places):
        if not isinstance(place, list) or len(place) < 2:
            continue
        hex_id, side = place[0], place[1]
        coord = _check_hex(hex_id, (*path, index, 0), board, out)
        if coord is None or not isinstance(side, str) or side not in _STEPS:  # the shape check reports it
            continue
        dq, dr = _STEPS[side]
        neighbour = inverse.get((coord[0] + dq, coord[1] + dr))
        if neighbour is not None:
            out.append(
                Problem((*path, index, 1), Msg(
                    "side {side} of hex {hex_id} faces hex {neighbour}, not the sea",
                    side=side, hex_id=hex_id, neighbour=neighbour))
            )
        elif (hex_id, side) in seen:
            where = format_path((*path, seen[(hex_id, side)]))
            out.append(Problem((*path, index), Msg(
                "a harbour is already at {hex_id} {side} (at {where})",
                hex_id=hex_id, side=side, where=where)))
        else:
            seen[(hex_id, side)] = index


def check_layouts(data: dict[str, object], board: Board, out: list[Problem]) -> None:
    layouts = data.get("layouts")
    for name, layout in layouts.items() if isinstance(layouts, dict) else ():
        if isinstance(layout, dict):
            _check_layout(data, ("layouts", name), layout, board, out)


def _check_layout(
    data: dict[str, object], path: KeyPath, layout: dict[str, object], board: Board, out: list[Problem]
) -> None:
    rows = layout.get("rows")
    cells_ok = isinstance(rows, list)
    terrains: Counter[str] = Counter()
    numbers: Counter[int] = Counter()
    if isinstance(rows, list) and board.rows is not None:
        if len(rows) != len(board.rows):
            out.append(Problem((*path, "rows"), Msg(
                "has {count} rows but board.rows has {count2}",
                count=len(rows), count2=len(board.rows))))
            cells_ok = False
        for index, (row, expected) in enumerate(zip(rows, board.rows, strict=False)):
            if isinstance(row, list) and len(row) != expected:
                out.append(
                    Problem(
                        (*path, "rows", index),
                        Msg(
                            "row {n} has {count} hexes but board.rows says {expected}",
                            n=index + 1, count=len(row), expected=expected),
                    )
                )
                cells_ok = False
    for r, row in enumerate(rows if isinstance(rows, list) else ()):
        for c, cell in enumerate(row if isinstance(row, list) else ()):
            cells_ok = check_cell(cell, (*path, "rows", r, c), board, terrains, numbers, out) and cells_ok
    if cells_ok and board.terrains:
        compare_layout(data, (*path, "rows"), terrains, numbers, out)

    harbours = layout.get("harbours")
    if isinstance(harbours, list):
        _check_harbour_places(harbours, (*path, "harbours"), board, out)
        for index, harbour in enumerate(harbours):
            if isinstance(harbour, list) and len(harbour) == 3:
                check_harbour_kind(harbour[2], (*path, "harbours", index, 2), board, out)
    _check_hex(layout.get("robber"), (*path, "robber"), board, out)


def check_cell(
    cell: object,
    path: KeyPath,
    board: Board,
    terrains: Counter[str],
    numbers: Counter[int],
    out: list[Problem],
) -> bool:
    """Check one layout cell ("forest 8" or "desert"), counting it; return whether it was well-formed."""
    if not isinstance(cell, str) or not cell.strip():
        return False  # the shape check has reported it
    parts = cell.split()
    if len(parts) > 2:
        out.append(Problem(path, Msg("must be 'TERRAIN NUMBER' or 'TERRAIN', not '{cell}'", cell=cell)))
        return False
    terrain = parts[0]
    if not board.terrains:
        return False
    if terrain not in board.terrains:
        out.append(Problem(path, unknown_name("terrain", terrain, tuple(board.terrains))))
        return False
    terrains[terrain] += 1
    if len(parts) == 1:
        if board.produces(terrain):
            out.append(
                Problem(
                    path,
                    Msg(
                        "{terrain} produces {terrains}, so it needs a number, like '{terrain} 8'",
                        terrain=terrain, terrains=board.terrains[terrain]),
                )
            )
            return False
        return True
    if not board.produces(terrain):
        out.append(Problem(path, Msg(
            "{terrain} produces nothing, so it takes no number: write '{terrain}'",
            terrain=terrain)))
        return False
    if not parts[1].isdecimal() or not is_dice_total(int(parts[1])):
        out.append(
            Problem(path, Msg(
                "the number must be a dice total from 2 to 12 other than 7, not '{parts}'",
                parts=parts[1]))
        )
        return False
    numbers[int(parts[1])] += 1
    return True


def compare_layout(
    data: dict[str, object], path: KeyPath, terrains: Counter[str], numbers: Counter[int], out: list[Problem]
) -> None:
    """Report a layout whose hexes or numbers are not the board's terrain_counts and number_tokens."""
    counts = value_at(data, "board", "terrain_counts")
    if isinstance(counts, dict) and all(is_int(n) for n in counts.values()):
        expected = Counter({t: n for t, n in counts.items() if n})
        if expected != terrains:
            out.append(
                Problem(path, Msg("its terrains are not board.terrain_counts: {difference}",
                                  difference=_difference(expected, terrains)))
            )
    tokens = value_at(data, "board", "number_tokens")
    if isinstance(tokens, list) and all(
        isinstance(t, list) and len(t) == 2 and is_int(t[1]) and is_dice_total(t[1]) for t in tokens
    ):
        expected_numbers = Counter(t[1] for t in tokens)
        if expected_numbers != numbers:
            out.append(
                Problem(
                    path, Msg("its numbers are not board.number_tokens: {difference}",
                              difference=_difference(expected_numbers, numbers)),
                )
            )


def _difference(expected: Counter[Any], found: Counter[Any]) -> Msg:
    """Return 'N more X, N fewer Y' describing how ``found`` differs from ``expected``."""
    parts: list[Msg] = []
    keys = set(expected) | set(found)
    try:
        ordered = sorted(keys)  # all text or all numbers
    except TypeError:  # a malformed table mixes them (reported elsewhere)
        ordered = sorted(keys, key=str)
    for key in ordered:
        delta = found[key] - expected[key]
        if delta:
            more = Msg("{n} more {name}", n=delta, name=key) if delta > 0 else None
            parts.append(more or Msg("{n} fewer {name}", n=-delta, name=key))
    return Msg.joined(", ", parts)
