"""The schema of a map board (``board.map``, rules/README.md "A map board") and its validation.

A map board lists hexes at places on the grid, location spaces at hex corners or anywhere, the paths
between them, which hexes each location produces from, harbours on paths (red paths) and marks (chip
spots, canal locations): the scenario boards of RULES.md Part S. ``schema.validate_ruleset`` calls
``check_map_board_shape`` and ``check_map_board`` for a ``board`` that has a ``map``; like the rest of
the schema, every problem is collected with its key path, and no input makes them raise.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from catan_desktop.engine.topology import CORNERS, RANDOM
from catan_desktop.i18n import Msg
from catan_desktop.variants.board_checks import (
    Board,
    check_cell,
    check_harbour_kind,
    check_token_letters,
    compare_layout,
)
from catan_desktop.variants.map_places import (
    MAP_MARGIN,
    MAP_MAX,
    check_harbours,
    check_locations,
    check_marks,
    check_paths,
    is_number,
    map_pair,
)
from catan_desktop.variants.schema_nodes import (
    COUNT,
    HEX_ID_RE,
    TOKENS,
    Fields,
    HexId,
    KeyPath,
    ListOf,
    Node,
    Problem,
    Table,
    Text,
    Tuple,
    describe,
    did_you_mean,
    format_path,
    is_dice_total,
    is_int,
    unknown_name,
    value_at,
)

POSITION_HINT = Msg("'HEX CORNER' like '2.1 NE', or [COLUMN, ROW] like [3.5, 0.6]")


def _on_map_grid(hex_id: str) -> bool:
    """True for a well-formed hex id whose row and column are at most MAP_MAX."""
    return all(len(part) <= 3 and int(part) <= MAP_MAX for part in hex_id.split("."))


class _MapHexes(Node):
    """``board.map.hexes``: hex ids ("ROW.COL", their place on the grid) to cells ("forest 8", "random")."""

    def check(self, value: object, path: KeyPath, out: list[Problem]) -> None:
        if not isinstance(value, dict):
            out.append(Problem(path, Msg(
                "must be a mapping of hex ids to terrains, not {got}",
                got=describe(value))))
            return
        if not value:
            out.append(Problem(path, Msg("must have at least 1 hex")))
        for key, cell in value.items():
            HexId().check(key, (*path, key), out)
            if isinstance(key, str) and HEX_ID_RE.fullmatch(key) and not _on_map_grid(key):
                out.append(Problem((*path, key), Msg(
                    "row and column must be at most {map_max}, not '{key}'",
                    map_max=MAP_MAX, key=key)))
            Text().check(cell, (*path, key), out)


class _MapPosition(Node):
    """Where a location is: on a hex corner ("2.1 NE") or anywhere else ([COLUMN, ROW] in map units)."""

    def check(self, value: object, path: KeyPath, out: list[Problem]) -> None:
        if isinstance(value, str):
            parts = value.split()
            if len(parts) != 2:
                out.append(Problem(path, Msg(
                    "must be {position_hint}, not {got}",
                    position_hint=POSITION_HINT, got=describe(value))))
                return
            hex_id, corner = parts
            if not HEX_ID_RE.fullmatch(hex_id):
                out.append(Problem(path, Msg(
                    "'{hex_id}' is not a hex id 'ROW.COL' like '2.1'",
                    hex_id=hex_id)))
            if corner not in CORNERS:
                out.append(Problem(path, unknown_name("corner", corner, CORNERS)))
        elif isinstance(value, list) and len(value) != 2:
            out.append(Problem(path, Msg(
                "must be [COLUMN, ROW]: 2 numbers, not {count} item(s)",
                count=len(value))))
        elif isinstance(value, list) and not all(is_number(v) for v in value):
            index = next(i for i, v in enumerate(value) if not is_number(v))
            out.append(Problem((*path, index), Msg(
                "must be a number, not {got}",
                got=describe(value[index]))))
        elif isinstance(value, list):
            low, high = 1 - MAP_MARGIN, MAP_MAX + MAP_MARGIN
            if not all(low <= v <= high for v in value):  # NaN and infinities fail too
                shown = ", ".join(str(v) if len(str(v)) <= 12 else str(v)[:9] + "..." for v in value)
                out.append(
                    Problem(path, Msg(
                        "must lie between {low} and {high} in both directions, not [{shown}]",
                        low=low, high=high, shown=shown))
                )
        else:
            out.append(Problem(path, Msg(
                "must be {position_hint}, not {got}",
                position_hint=POSITION_HINT, got=describe(value))))


_MAP_LOCATION_FIELDS = Fields(
    required={"at": _MapPosition()},
    optional={"name": Text(), "produces": ListOf(HexId(), unique=True)},
)


class _MapLocation(Node):
    """A location: its position alone, or a mapping with ``at`` and optional ``name`` and ``produces``."""

    def check(self, value: object, path: KeyPath, out: list[Problem]) -> None:
        if isinstance(value, dict):
            _MAP_LOCATION_FIELDS.check(value, path, out)
        else:
            _MapPosition().check(value, path, out)


class _MapHarbours(Node):
    """``board.map.harbours``: paths ("A B") to harbour kinds."""

    def check(self, value: object, path: KeyPath, out: list[Problem]) -> None:
        if not isinstance(value, dict):
            out.append(Problem(path, Msg(
                "must be a mapping of paths ('A B') to kinds, not {got}",
                got=describe(value))))
            return
        for key, kind in value.items():
            if not isinstance(key, str):
                out.append(
                    Problem((*path, str(key)), Msg(
                        "must be a path 'A B' of two location ids, not {key}",
                        key=repr(key)))
                )
            Text().check(kind, (*path, key), out)


MAP = Fields(
    required={
        "hexes": _MapHexes(),
        "locations": Table(_MapLocation(), min_items=2),
        "paths": ListOf(Text(), min_items=1),
    },
    optional={
        "harbours": _MapHarbours(),
        "marks": Fields({}, {"chips": ListOf(Text(), unique=True), "canal": ListOf(Text(), unique=True)}),
        "robber": HexId(),
    },
)

MAP_LAYOUT = Fields(
    required={
        "rows": ListOf(ListOf(Text(), min_items=1), min_items=1),
        "harbours": ListOf(Tuple("[LOCATION, LOCATION, KIND]", Text(), Text(), Text())),
        "robber": HexId(),
    },
    optional={"description": Text()},
)

_MAP_BOARD_KEYS = Fields(
    required={"map": MAP},
    optional={
        "terrain_counts": Table(COUNT),
        "number_tokens": TOKENS,
        "robber_start": Text(),
        "harbour_set": ListOf(Text()),
    },
)
_NOT_ON_A_MAP = {
    "rows": Msg("give either board.rows or board.map, not both"),
    "harbour_positions": Msg("a map board has its harbours on paths (board.map.harbours), not here"),
}


def check_map_board_shape(value: dict[str, object], path: KeyPath, out: list[Problem]) -> None:
    """Check the keys of a ``board`` that has a ``map``: the map's shape, and no rows-board keys."""
    for key, message in _NOT_ON_A_MAP.items():
        if key in value:
            out.append(Problem((*path, key), message))
    _MAP_BOARD_KEYS.check({k: v for k, v in value.items() if k not in _NOT_ON_A_MAP}, path, out)


# --- cross-checks of a map board (board.map) ---------------------------------------------------------------

_MAP_PATH: KeyPath = ("board", "map")


@dataclass(frozen=True)
class _MapHex:
    """A well-formed map hex: its terrain (RANDOM, a terrain, or None when its cell is malformed)."""

    terrain: str | None
    number: int = 0  # the number the map prints on it, or 0
    needs_token: bool = False  # a producing terrain without a printed number: it takes a drawn token


def check_map_board(data: dict[str, object], board: Board, out: list[Problem]) -> None:
    """Check a map board as a whole: hexes, locations, paths, harbours, marks, the robber, the supply."""
    board_map = value_at(data, "board", "map")
    if not isinstance(board_map, dict):
        return
    _check_map_reserved(board, out)
    hexes, cells_ok = _map_hexes(board_map.get("hexes"), board, out)
    _map_robber(data, board_map, hexes, board, out)
    _map_supply(data, hexes, cells_ok, board, out)
    ids = check_locations(board_map.get("locations"), hexes, out)
    if ids is None:
        return  # the locations are not a mapping (reported): nothing can name one
    check_marks(board_map.get("marks"), ids, out)
    paths = check_paths(board_map.get("paths"), ids, out)
    if paths is None:
        return  # the paths are not a list (reported): harbours and layouts cannot be checked against them
    harbour_paths = check_harbours(data, board_map.get("harbours"), ids, paths, board, out)
    layouts = data.get("layouts")
    for name, layout in layouts.items() if isinstance(layouts, dict) else ():
        if isinstance(layout, dict):
            _check_map_layout(
                data, ("layouts", name), layout, hexes, cells_ok, ids, harbour_paths, board, out
            )


def _check_map_reserved(board: Board, out: list[Problem]) -> None:
    if RANDOM in board.terrains:
        out.append(
            Problem(
                ("terrains", RANDOM),
                Msg(
                    "'{random}' is reserved on a map board (a hex whose terrain is drawn at random); choose "
                    "another name",
                    random=RANDOM),
            )
        )
    for index, name in enumerate(board.resources):
        if name == RANDOM:
            out.append(
                Problem(
                    ("resources", index),
                    Msg(
                        "'{random}' is reserved on a map board (a harbour whose kind is drawn at random); "
                        "choose another name",
                        random=RANDOM),
                )
            )


def _map_hexes(value: object, board: Board, out: list[Problem]) -> tuple[dict[str, _MapHex], bool]:
    """Return the well-formed map hexes by id, and whether every hex and cell was well-formed."""
    if not isinstance(value, dict):
        return {}, False
    found: dict[str, _MapHex] = {}
    ok = True
    for key, cell in value.items():
        if not (isinstance(key, str) and HEX_ID_RE.fullmatch(key) and _on_map_grid(key)):
            ok = False  # the shape check has reported it
            continue
        info = _map_cell(cell, (*_MAP_PATH, "hexes", key), board, out)
        ok = ok and info.terrain is not None
        found[key] = info
    return found, ok and bool(found)


def _map_cell(cell: object, path: KeyPath, board: Board, out: list[Problem]) -> _MapHex:
    """Check one map cell ("forest 8", "forest", "desert" or "random")."""
    bad = _MapHex(None)
    if not isinstance(cell, str) or not cell.strip():
        return bad  # the shape check has reported it
    parts = cell.split()
    if len(parts) > 2:
        out.append(Problem(path, Msg(
            "must be 'TERRAIN NUMBER', 'TERRAIN' or '{random}', not '{cell}'",
            random=RANDOM, cell=cell)))
        return bad
    terrain = parts[0]
    if terrain == RANDOM:
        if len(parts) == 2:
            out.append(
                Problem(
                    path,
                    Msg(
                        "a hex of random terrain takes its number from board.number_tokens: write '{random}'",
                        random=RANDOM),
                )
            )
            return bad
        return _MapHex(RANDOM)
    known = [t for t in board.terrains if isinstance(t, str)]
    if not known:
        return bad  # the terrains table itself is wrong, and reported
    if terrain not in board.terrains:
        out.append(Problem(path, unknown_name("terrain", terrain, (*known, RANDOM))))
        return bad
    if len(parts) == 1:
        return _MapHex(terrain, 0, board.produces(terrain))
    if not board.produces(terrain):
        out.append(Problem(path, Msg(
            "{terrain} produces nothing, so it takes no number: write '{terrain}'",
            terrain=terrain)))
        return bad
    if len(parts[1]) > 2 or not parts[1].isdecimal() or not is_dice_total(int(parts[1])):
        shown = parts[1] if len(parts[1]) <= 12 else parts[1][:9] + "..."
        out.append(Problem(path, Msg(
            "the number must be a dice total from 2 to 12 other than 7, not '{shown}'",
            shown=shown)))
        return bad
    return _MapHex(terrain, int(parts[1]))


def _map_robber(
    data: dict[str, object],
    board_map: dict[str, object],
    hexes: dict[str, _MapHex],
    board: Board,
    out: list[Problem],
) -> None:
    """The robber starts on board.map.robber, or else on a hex of board.robber_start's terrain."""
    robber = board_map.get("robber")
    board_data = data.get("board")
    start = board_data.get("robber_start") if isinstance(board_data, dict) else None
    if "robber" in board_map:
        if isinstance(robber, str) and HEX_ID_RE.fullmatch(robber) and robber not in hexes:
            hint = did_you_mean(robber, tuple(hexes))
            out.append(Problem((*_MAP_PATH, "robber"), Msg(
                "no hex '{robber}' on this map{hint}",
                robber=robber, hint=hint)))
        if start is not None:
            out.append(
                Problem(
                    ("board", "robber_start"),
                    Msg("a map that places the robber itself (board.map.robber) takes no robber_start"),
                )
            )
        return
    if start is not None and not isinstance(start, str):
        return  # the shape check has reported it
    want = start if isinstance(start, str) else "desert"
    where: KeyPath = ("board", "robber_start") if start is not None else _MAP_PATH
    known = [t for t in board.terrains if isinstance(t, str)]
    if not known or not hexes:
        return
    if want not in board.terrains:
        if start is not None:
            out.append(Problem(where, unknown_name("terrain", want, known)))
        else:
            out.append(Problem(where, Msg("has no robber: set board.map.robber to the hex it starts on")))
        return
    counts = value_at(data, "board", "terrain_counts")
    drawn = counts.get(want, 0) if isinstance(counts, dict) else 0
    if not any(h.terrain == want for h in hexes.values()) and not (is_int(drawn) and drawn > 0):
        out.append(
            Problem(
                where,
                Msg(
                    "the robber starts on a '{want}' hex (board.robber_start), but this map has none; set "
                    "board.map.robber to the hex it starts on",
                    want=want),
            )
        )


def _map_supply(
    data: dict[str, object], hexes: dict[str, _MapHex], cells_ok: bool, board: Board, out: list[Problem]
) -> None:
    """terrain_counts fill the random hexes; number_tokens every producing hex without a printed number."""
    counts = value_at(data, "board", "terrain_counts")
    tokens = value_at(data, "board", "number_tokens")
    randoms = sum(1 for h in hexes.values() if h.terrain == RANDOM)
    counts_ok = False
    if isinstance(counts, dict):
        known = [t for t in board.terrains if isinstance(t, str)]
        for terrain in counts:
            if known and terrain not in board.terrains:
                out.append(
                    Problem(("board", "terrain_counts", terrain), unknown_name("terrain", terrain, known))
                )
        counts_ok = bool(known) and all(is_int(n) and n >= 0 for n in counts.values())
        counts_ok = counts_ok and all(t in board.terrains for t in counts)
        if counts_ok and cells_ok and sum(counts.values()) != randoms:
            out.append(
                Problem(
                    ("board", "terrain_counts"),
                    Msg(
                        "the counts add up to {sum} but board.map has {randoms} hexes of terrain '{random}'",
                        sum=sum(counts.values()), randoms=randoms, random=RANDOM),
                )
            )
    elif counts is None and randoms:
        out.append(
            Problem(
                ("board", "terrain_counts"),
                Msg(
                    "missing: board.map has {randoms} hexes of terrain '{random}' to draw from these counts",
                    randoms=randoms, random=RANDOM),
            )
        )
    if isinstance(tokens, list):
        check_token_letters(tokens, out)
    if not cells_ok or not (counts_ok or (counts is None and not randoms)):
        return
    printed = sum(1 for h in hexes.values() if h.needs_token)
    assert isinstance(counts, dict) or counts is None
    drawn = sum(n for t, n in (counts or {}).items() if board.produces(t))
    need = printed + drawn
    detail = (
        Msg(
            "producing hexes without a printed number: {printed} on the map, {drawn} drawn from "
            "terrain_counts",
            printed=printed, drawn=drawn)
    )
    if tokens is None and need:
        out.append(Problem(("board", "number_tokens"), Msg(
            "missing: the map needs {need} tokens ({detail})",
            need=need, detail=detail)))
    elif isinstance(tokens, list) and len(tokens) != need:
        out.append(Problem(("board", "number_tokens"), Msg(
            "needs {need} tokens ({detail}), not {count}",
            need=need, detail=detail, count=len(tokens))))


def _check_map_layout(
    data: dict[str, object],
    path: KeyPath,
    layout: dict[str, object],
    hexes: dict[str, _MapHex],
    cells_ok: bool,
    ids: list[str],
    harbour_paths: dict[tuple[str, str], str],
    board: Board,
    out: list[Problem],
) -> None:
    """A fixed board on a map: every hex row by row, a kind for every harbour path, the robber's hex."""
    by_row: dict[int, list[str]] = {}
    for hex_id in sorted(hexes, key=lambda h: tuple(int(p) for p in h.split("."))):
        by_row.setdefault(int(hex_id.split(".")[0]), []).append(hex_id)
    map_rows = [by_row[r] for r in sorted(by_row)]
    rows = layout.get("rows")
    ok = cells_ok and isinstance(rows, list)
    if isinstance(rows, list) and cells_ok:
        if len(rows) != len(map_rows):
            out.append(
                Problem(
                    (*path, "rows"), Msg(
                        "has {count} rows but board.map has hexes in {count2} rows",
                        count=len(rows), count2=len(map_rows))
                )
            )
            ok = False
        for index, (row, row_ids) in enumerate(zip(rows, map_rows, strict=False)):
            if isinstance(row, list) and len(row) != len(row_ids):
                out.append(
                    Problem(
                        (*path, "rows", index),
                        Msg(
                            "row {n} has {count} hexes but that row of board.map has {count2} ({items})",
                            n=index + 1, count=len(row), count2=len(row_ids), items=', '.join(row_ids)),
                    )
                )
                ok = False
    terrains: Counter[str] = Counter()
    numbers: Counter[int] = Counter()
    for r, row in enumerate(rows if isinstance(rows, list) else ()):
        for c, cell in enumerate(row if isinstance(row, list) else ()):
            cell_path = (*path, "rows", r, c)
            good = check_cell(cell, cell_path, board, Counter(), Counter(), out)
            if not (good and ok):
                ok = False
                continue
            assert isinstance(cell, str)
            parts = cell.split()
            terrain, number = parts[0], int(parts[1]) if len(parts) > 1 else 0
            hex_id = map_rows[r][c]
            printed = hexes[hex_id]
            if printed.terrain != RANDOM and terrain != printed.terrain:
                out.append(
                    Problem(
                        cell_path,
                        Msg(
                            "hex {hex_id} is {terrain} on board.map; a layout cannot change it",
                            hex_id=hex_id, terrain=printed.terrain),
                    )
                )
                ok = False
            elif printed.number and number != printed.number:
                out.append(
                    Problem(
                        cell_path,
                        Msg(
                            "hex {hex_id} has number {number} on board.map; a layout cannot change it",
                            hex_id=hex_id, number=printed.number),
                    )
                )
                ok = False
            else:
                if printed.terrain == RANDOM:
                    terrains[terrain] += 1
                if number and not printed.number:
                    numbers[number] += 1
    if ok:
        compare_layout(data, (*path, "rows"), terrains, numbers, out)

    harbours = layout.get("harbours")
    seen: dict[tuple[str, str], int] = {}
    harbours_ok = isinstance(harbours, list)
    for index, harbour in enumerate(harbours if isinstance(harbours, list) else ()):
        if not (isinstance(harbour, list) and len(harbour) == 3 and all(isinstance(x, str) for x in harbour)):
            harbours_ok = False
            continue
        hpath = (*path, "harbours", index)
        check_harbour_kind(harbour[2], (*hpath, 2), board, out)
        pair = map_pair(f"{harbour[0]} {harbour[1]}", ids, hpath, out)
        if pair is None:
            harbours_ok = False
        elif pair not in harbour_paths:
            out.append(
                Problem(hpath, Msg(
                    "there is no harbour path '{harbour} {harbour2}' in board.map.harbours",
                    harbour=harbour[0], harbour2=harbour[1]))
            )
            harbours_ok = False
        elif pair in seen:
            where = format_path((*path, "harbours", seen[pair]))
            out.append(
                Problem(hpath, Msg(
                    "the harbour '{harbour} {harbour2}' is listed twice (also at {where})",
                    harbour=harbour[0], harbour2=harbour[1], where=where))
            )
        else:
            seen[pair] = index
            printed = harbour_paths[pair]
            if printed not in ("", RANDOM) and harbour[2] != printed:
                out.append(
                    Problem(
                        (*hpath, 2),
                        Msg(
                            "the harbour '{harbour} {harbour2}' is {printed} on board.map; a layout cannot "
                            "change it",
                            harbour=harbour[0], harbour2=harbour[1], printed=printed),
                    )
                )
    missing = sorted(set(harbour_paths) - set(seen))
    if harbours_ok and missing:
        names = ", ".join(f"'{a} {b}'" for a, b in missing)
        out.append(
            Problem((*path, "harbours"), Msg(
                "gives no kind for the harbour path(s) {names} of board.map",
                names=names))
        )
    robber = layout.get("robber")
    if isinstance(robber, str) and HEX_ID_RE.fullmatch(robber) and robber not in hexes:
        hint = did_you_mean(robber, tuple(hexes))
        out.append(Problem((*path, "robber"), Msg(
            "no hex '{robber}' on this map{hint}",
            robber=robber, hint=hint)))
