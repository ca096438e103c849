"""The schema of a rule file (``rules/*.yaml``) and its validation.

``validate_ruleset`` checks a parsed rule file and returns *every* problem it finds, each with the key path
where it is (``costs.road.brick``, ``board.number_tokens[3]``), so a loader can point at the line.
``apply_overrides`` applies a game's option overrides to a rule file before it is validated again.
Standard library only: the YAML side lives in ``catan_desktop.variants``; rules/README.md explains the keys.
"""

from __future__ import annotations

import copy
import difflib
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

FORMAT = 1
# rule modules a variant may switch on: mechanics that data alone cannot express
KNOWN_MODULES: frozenset[str] = frozenset(
    {
        "special_building_phase",  # F-3
        "token_removal",  # D-1.4..D-1.9: founding placements take a number token into a reserve
        "market",  # D-4, D-5.3, D-9: the open market cards and their floating price
        "collapse",  # D-5.4: two exhausted resources end the game, everybody loses
        "token_robber",  # D-8: the robber sits on one number token and blocks only that number
        "terrain_development",  # D-6: reserve tokens onto a hex next to one's building
        "remote_cards",  # D-7: building on the coast or by an unproductive hex draws a remote-area card
    }
)

SIDES = ("NE", "E", "SE", "SW", "W", "NW")
START_PLAYER_RULES = ("highest_roll", "highest_die", "first_seat")  # 2 dice, 1 die, seat 0
DEVELOPMENT_CARDS = ("knight", "road_building", "year_of_plenty", "monopoly", "victory_point")
BUILDABLES = ("road", "settlement", "city", "development_card")
GENERIC_HARBOUR = "generic"  # a harbour_set entry that trades any resource
NAME_RE = re.compile(r"[a-z0-9_-]+")  # rule-file names (name, extends)
IDENTIFIER_RE = re.compile(r"[a-z][a-z0-9_]*")  # resources, terrains, layouts
HEX_ID_RE = re.compile(r"[1-9][0-9]*\.[1-9][0-9]*")

# Axial steps for pointy-top hexes, r growing downwards (see _hex_coordinates).
_STEPS = {"E": (1, 0), "W": (-1, 0), "NE": (1, -1), "NW": (0, -1), "SE": (0, 1), "SW": (-1, 1)}

KeyPath = tuple[str | int, ...]


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a rule file: where (a key path) and what (a plain-English message)."""

    path: KeyPath
    message: str

    def __str__(self) -> str:
        return f"{format_path(self.path)}: {self.message}"


class OverrideError(ValueError):
    """Raised by ``apply_overrides`` for overrides naming keys that do not exist; lists them all."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems


def format_path(path: KeyPath) -> str:
    """Return a key path as text: ``("board", "number_tokens", 3)`` -> ``board.number_tokens[3]``."""
    text = ""
    for part in path:
        if isinstance(part, int) and not isinstance(part, bool):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else str(part)
    return text or "(top level)"


def did_you_mean(name: object, known: list[str] | tuple[str, ...] | frozenset[str]) -> str:
    """Return `` (did you mean 'x'?)`` for the closest known name, or an empty string."""
    if not isinstance(name, str):
        return ""
    matches = difflib.get_close_matches(name, sorted(known), n=1, cutoff=0.6)
    return f" (did you mean '{matches[0]}'?)" if matches else ""


def _unknown(kind: str, name: object, known: list[str] | tuple[str, ...] | frozenset[str]) -> str:
    """Return the message for a name that is not among ``known``, with a hint."""
    hint = did_you_mean(name, known)
    if not hint and 0 < len(known) <= 10:
        hint = " (expected one of: " + ", ".join(known) + ")"
    return f"unknown {kind} '{name}'{hint}"


def _describe(value: object) -> str:
    """Return a short plain-English description of a YAML value, for 'must be X, not Y' messages."""
    if value is None:
        return "empty (null)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return f"the number {value}"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return f"the text '{shown}'"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return f"a {type(value).__name__}"


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# --- shape checks: one small node class per kind of value ------------------------------------------------


class _Node:
    """A schema node: checks one value's type and range, adding a Problem for each fault."""

    def check(self, value: object, path: KeyPath, out: list[Problem]) -> None:
        raise NotImplementedError


class _Integer(_Node):
    def __init__(self, minimum: int | None = None, maximum: int | None = None) -> None:
        self.minimum = minimum
        self.maximum = maximum

    def check(self, value: object, path: KeyPath, out: list[Problem]) -> None:
        if not isinstance(value, int) or isinstance(value, bool):
            out.append(Problem(path, f"must be a whole number, not {_describe(value)}"))
        elif self.minimum is not None and value < self.minimum:
            out.append(Problem(path, f"must be at least {self.minimum}, not {value}"))
        elif self.maximum is not None and value > self.maximum:
            out.append(Problem(path, f"must be at most {self.maximum}, not {value}"))


class _DiceTotal(_Node):
    def check(self, value: object, path: KeyPath, out: list[Problem]) -> None:
        if not isinstance(value, int) or isinstance(value, bool):
            out.append(Problem(path, f"must be a whole number, not {_describe(value)}"))
        elif not _is_dice_total(value):
            out.append(Problem(path, f"must be a dice total from 2 to 12 other than 7, not {value}"))


def _is_dice_total(value: int) -> bool:
    return 2 <= value <= 12 and value != 7


class _Boolean(_Node):
    def check(self, value: object, path: KeyPath, out: list[Problem]) -> None:
        if not isinstance(value, bool):
            out.append(Problem(path, f"must be true or false, not {_describe(value)}"))


class _Text(_Node):
    def __init__(self, pattern: re.Pattern[str] | None = None, hint: str = "") -> None:
        self.pattern = pattern
        self.hint = hint

    def check(self, value: object, path: KeyPath, out: list[Problem]) -> None:
        if not isinstance(value, str):
            out.append(Problem(path, f"must be text, not {_describe(value)}"))
        elif not value.strip():
            out.append(Problem(path, "must not be empty"))
        elif self.pattern is not None and not self.pattern.fullmatch(value):
            out.append(Problem(path, f"must be {self.hint}, not '{value}'"))


class _HexId(_Node):
    def check(self, value: object, path: KeyPath, out: list[Problem]) -> None:
        if isinstance(value, int | float) and not isinstance(value, bool):
            out.append(
                Problem(
                    path,
                    f'must be a hex id in quotes, like "2.1" (without quotes YAML reads {value} as a number)',
                )
            )
        elif not isinstance(value, str) or not HEX_ID_RE.fullmatch(value):
            out.append(Problem(path, f"must be a hex id 'ROW.COL' like '2.1', not {_describe(value)}"))


class _Choice(_Node):
    def __init__(self, kind: str, choices: tuple[str, ...]) -> None:
        self.kind = kind
        self.choices = choices

    def check(self, value: object, path: KeyPath, out: list[Problem]) -> None:
        if not isinstance(value, str):
            out.append(Problem(path, f"must be one of {', '.join(self.choices)}, not {_describe(value)}"))
        elif value not in self.choices:
            out.append(Problem(path, _unknown(self.kind, value, self.choices)))


class _Nullable(_Node):
    def __init__(self, inner: _Node) -> None:
        self.inner = inner

    def check(self, value: object, path: KeyPath, out: list[Problem]) -> None:
        if value is not None:
            self.inner.check(value, path, out)


class _ListOf(_Node):
    def __init__(self, item: _Node, min_items: int = 0, unique: bool = False) -> None:
        self.item = item
        self.min_items = min_items
        self.unique = unique

    def check(self, value: object, path: KeyPath, out: list[Problem]) -> None:
        if not isinstance(value, list):
            out.append(Problem(path, f"must be a list, not {_describe(value)}"))
            return
        if len(value) < self.min_items:
            out.append(Problem(path, f"must have at least {self.min_items} item(s), not {len(value)}"))
        first_at: dict[object, int] = {}
        for index, item in enumerate(value):
            self.item.check(item, (*path, index), out)
            if self.unique and isinstance(item, str | int):
                if item in first_at:
                    where = format_path((*path, first_at[item]))
                    out.append(Problem((*path, index), f"'{item}' is listed twice (also at {where})"))
                else:
                    first_at[item] = index


class _Tuple(_Node):
    """A short fixed-length list such as ``[A, 5]`` or ``["1.1", NW, generic]``."""

    def __init__(self, shape: str, *items: _Node) -> None:
        self.shape = shape
        self.items = items

    def check(self, value: object, path: KeyPath, out: list[Problem]) -> None:
        if not isinstance(value, list):
            out.append(Problem(path, f"must be a list {self.shape}, not {_describe(value)}"))
            return
        if len(value) != len(self.items):
            out.append(
                Problem(
                    path, f"must be a list of {len(self.items)} items {self.shape}, not {len(value)} item(s)"
                )
            )
            return
        for index, (node, item) in enumerate(zip(self.items, value, strict=True)):
            node.check(item, (*path, index), out)


class _Fields(_Node):
    """A mapping with a fixed set of keys: reports unknown keys (with a hint) and missing required ones."""

    def __init__(self, required: dict[str, _Node], optional: dict[str, _Node] | None = None) -> None:
        self.required = required
        self.optional = optional or {}
        self.keys = {**required, **self.optional}

    def check(self, value: object, path: KeyPath, out: list[Problem]) -> None:
        if not isinstance(value, dict):
            out.append(Problem(path, f"must be a mapping of keys to values, not {_describe(value)}"))
            return
        for key, item in value.items():
            if key in self.keys:
                self.keys[key].check(item, (*path, key), out)
            else:
                out.append(Problem((*path, key), _unknown("key", key, tuple(self.keys))))
        for key in self.required:
            if key not in value:
                out.append(Problem((*path, key), "missing required key"))


class _Table(_Node):
    """A mapping whose keys are names chosen by the file (terrains, layouts, resources in a cost)."""

    def __init__(self, value: _Node, min_items: int = 0) -> None:
        self.value = value
        self.min_items = min_items

    def check(self, value: object, path: KeyPath, out: list[Problem]) -> None:
        if not isinstance(value, dict):
            out.append(Problem(path, f"must be a mapping of names to values, not {_describe(value)}"))
            return
        if len(value) < self.min_items:
            out.append(Problem(path, f"must have at least {self.min_items} entry(ies), not {len(value)}"))
        for key, item in value.items():
            if not isinstance(key, str) or not IDENTIFIER_RE.fullmatch(key):
                out.append(
                    Problem(
                        (*path, str(key)),
                        "names must be lowercase letters, digits and '_', starting with a letter",
                    )
                )
            self.value.check(item, (*path, key), out)


_POSITIVE = _Integer(1)
_COUNT = _Integer(0)
_IDENTIFIER = _Text(IDENTIFIER_RE, "a lowercase name (letters, digits and '_', starting with a letter)")

_LAYOUT = _Fields(
    required={
        "rows": _ListOf(_ListOf(_Text(), min_items=1), min_items=1),
        "harbours": _ListOf(_Tuple("[HEX, SIDE, KIND]", _HexId(), _Choice("side", SIDES), _Text())),
        "robber": _HexId(),
    },
    optional={"description": _Text()},
)

RULESET = _Fields(
    required={
        "format": _Integer(),
        "name": _Text(NAME_RE, "a short name of lowercase letters, digits, '_' and '-'"),
        "title": _Text(),
        "description": _Text(),
        "players": _Fields({"min": _POSITIVE, "max": _POSITIVE}),
        "resources": _ListOf(_IDENTIFIER, min_items=1, unique=True),
        "terrains": _Table(_Nullable(_Text()), min_items=1),
        "board": _Fields(
            {
                "rows": _ListOf(_POSITIVE, min_items=1),
                "terrain_counts": _Table(_COUNT, min_items=1),
                "number_tokens": _ListOf(_Tuple("[LETTER, NUMBER]", _Text(), _DiceTotal())),
                "robber_start": _Text(),
                "harbour_positions": _ListOf(_Tuple("[HEX, SIDE]", _HexId(), _Choice("side", SIDES))),
                "harbour_set": _ListOf(_Text()),
            }
        ),
        "harbour_rates": _Fields({"none": _POSITIVE, "generic": _POSITIVE, "special": _POSITIVE}),
        "bank": _Fields({"per_resource": _POSITIVE}),
        "pieces": _Fields({"road": _POSITIVE, "settlement": _POSITIVE, "city": _POSITIVE}),
        "costs": _Fields({name: _Table(_POSITIVE, min_items=1) for name in BUILDABLES}),
        "development_cards": _Fields({name: _COUNT for name in DEVELOPMENT_CARDS}),
        "progress": _Fields({"road_building_roads": _POSITIVE, "year_of_plenty_cards": _POSITIVE}),
        "victory_points": _Fields(
            {
                "target": _POSITIVE,
                "settlement": _COUNT,
                "city": _COUNT,
                "longest_road": _COUNT,
                "largest_army": _COUNT,
                "victory_point_card": _COUNT,
            }
        ),
        "longest_road": _Fields({"min_length": _POSITIVE}),
        "largest_army": _Fields({"min_knights": _POSITIVE}),
        "robber": _Fields({"discard_limit": _COUNT}),
        "setup": _Fields(
            {
                "start_player": _Choice("start_player rule", START_PLAYER_RULES),
                "settlements": _POSITIVE,
                "starting_resources_from": _POSITIVE,
            }
        ),
        "options": _Fields(
            {
                "domestic_trade": _Boolean(),
                "max_offers_per_turn": _COUNT,
                "robber_steal_optional": _Boolean(),
                "bank_shortage_one_player_exception": _Boolean(),
                "strict_trade_then_build": _Boolean(),
            }
        ),
    },
    optional={
        "extends": _Text(),
        "replace": _ListOf(_Text()),
        "modules": _ListOf(_Text(), unique=True),
        "summary": _ListOf(_Text()),
        "colours": _ListOf(_Text(), min_items=1, unique=True),
        "layouts": _Table(_LAYOUT),
        "module_settings": _Fields(
            {},
            {
                "market": _Fields(
                    {},
                    {
                        "pile_per_resource": _COUNT,  # D-2.1: 7 of each resource outside the bank
                        "open_cap": _POSITIVE,  # D-4.5: at most 7 open cards
                        "renewal_cards": _POSITIVE,  # D-4.6: 4 new open cards after a 7
                        "exhausted_price_factor": _POSITIVE,  # D-5.2(b): doubled price
                    },
                ),
                "collapse": _Fields({}, {"exhausted_resources": _POSITIVE}),  # D-5.4: two
                "terrain_development": _Fields({}, {"cost": _Table(_POSITIVE, min_items=1)}),  # D-6.2
                "remote_cards": _Fields(
                    {},
                    {
                        "deck": _Fields({}, {name: _COUNT for name in DEVELOPMENT_CARDS}),  # D-2.1: 6 cards
                        "exchange": _Table(_POSITIVE, min_items=1),  # D-7.2: grain + wool + ore
                    },
                ),
            },
        ),
    },
)


# --- cross-checks: facts that tie several keys together --------------------------------------------------


def _get(data: object, *path: str) -> object:
    """Return the value at ``path`` in nested mappings, or None when any step is missing."""
    for key in path:
        if not isinstance(data, dict):
            return None
        data = data.get(key)
    return data


def _int_at(data: object, *path: str) -> int | None:
    """Return the whole number at ``path``, or None when it is missing or not a whole number."""
    value = _get(data, *path)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _names(value: object) -> list[str]:
    """Return the text items of a list (others dropped), or an empty list."""
    return [item for item in value if isinstance(item, str)] if isinstance(value, list) else []


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


class _Board:
    """What the cross-checks need to know about the board, computed once (None parts were malformed)."""

    def __init__(self, data: dict[str, object], out: list[Problem]) -> None:
        self.resources = _names(data.get("resources"))
        terrains = data.get("terrains")
        self.terrains: dict[str, object] = terrains if isinstance(terrains, dict) else {}
        self.rows = self._rows(_get(data, "board", "rows"), out)
        self.coords = _hex_coordinates(self.rows) if self.rows else None

    @staticmethod
    def _rows(value: object, out: list[Problem]) -> list[int] | None:
        if not isinstance(value, list) or not value or not all(_is_int(n) and n > 0 for n in value):
            return None
        ok = True
        for index in range(1, len(value)):
            if abs(value[index] - value[index - 1]) != 1:
                out.append(
                    Problem(
                        ("board", "rows", index),
                        f"row {index + 1} has {value[index]} hexes and row {index} has "
                        f"{value[index - 1]}: neighbouring rows must differ by exactly one hex",
                    )
                )
                ok = False
        return list(value) if ok else None

    def shape(self) -> str:
        return "rows: " + ", ".join(str(n) for n in self.rows or [])

    def produces(self, terrain: str) -> bool:
        return self.terrains.get(terrain) is not None


def _check_top(data: dict[str, object], out: list[Problem]) -> None:
    fmt = data.get("format")
    if _is_int(fmt) and fmt != FORMAT:
        out.append(Problem(("format",), f"unsupported format {fmt} (this version reads format {FORMAT})"))
    low, high = _int_at(data, "players", "min"), _int_at(data, "players", "max")
    if low is not None and high is not None and low > high:
        out.append(Problem(("players", "min"), f"min ({low}) is more than max ({high})"))
    colours = data.get("colours")
    if isinstance(colours, list) and high is not None and len(colours) < high:
        out.append(
            Problem(
                ("colours",), f"needs at least {high} colours (players.max is {high}), has {len(colours)}"
            )
        )
    for index, module in enumerate(_names(data.get("modules"))):
        if module not in KNOWN_MODULES:
            message = _unknown("module", module, tuple(sorted(KNOWN_MODULES)))
            out.append(
                Problem(
                    ("modules", index),
                    message if KNOWN_MODULES else f"{message} (this version has no rule modules)",
                )
            )
    for index, name in enumerate(_names(data.get("resources"))):
        if name == GENERIC_HARBOUR:
            out.append(
                Problem(
                    ("resources", index),
                    f"'{GENERIC_HARBOUR}' is reserved for 3:1 harbours; choose another name",
                )
            )
    if "replace" in data and "extends" not in data:
        out.append(Problem(("replace",), "only means something in a file that uses 'extends'"))
    settlements = _int_at(data, "setup", "settlements")
    paid_by = _int_at(data, "setup", "starting_resources_from")
    if settlements is not None and paid_by is not None and paid_by > settlements:
        out.append(
            Problem(
                ("setup", "starting_resources_from"),
                f"is settlement {paid_by}, but setup.settlements is only {settlements}",
            )
        )


def _check_resources_used(data: dict[str, object], board: _Board, out: list[Problem]) -> None:
    if not board.resources:
        return  # the resources list itself is wrong, and reported
    for terrain, resource in board.terrains.items():
        if isinstance(resource, str) and resource not in board.resources:
            out.append(Problem(("terrains", terrain), _unknown("resource", resource, board.resources)))
    costs = data.get("costs")
    for item, cost in costs.items() if isinstance(costs, dict) else ():
        for resource in cost if isinstance(cost, dict) else ():
            if isinstance(resource, str) and resource not in board.resources:
                out.append(
                    Problem(("costs", item, resource), _unknown("resource", resource, board.resources))
                )


def _check_board(data: dict[str, object], board: _Board, out: list[Problem]) -> None:
    counts = _get(data, "board", "terrain_counts")
    counts = counts if isinstance(counts, dict) else {}
    for terrain in counts:
        if board.terrains and terrain not in board.terrains:
            out.append(
                Problem(
                    ("board", "terrain_counts", terrain), _unknown("terrain", terrain, tuple(board.terrains))
                )
            )
    good_counts = all(_is_int(n) and n >= 0 for n in counts.values()) and bool(counts)
    hexes = sum(board.rows) if board.rows else None
    if good_counts and hexes is not None and sum(counts.values()) != hexes:
        out.append(
            Problem(
                ("board", "terrain_counts"),
                f"the counts add up to {sum(counts.values())} but board.rows has {hexes} hexes",
            )
        )

    start = _get(data, "board", "robber_start")
    if isinstance(start, str) and board.terrains:
        if start not in board.terrains:
            out.append(Problem(("board", "robber_start"), _unknown("terrain", start, tuple(board.terrains))))
        elif good_counts and counts.get(start, 0) < 1:
            out.append(
                Problem(
                    ("board", "robber_start"),
                    f"no '{start}' hex on this board (board.terrain_counts.{start} is 0)",
                )
            )

    tokens = _get(data, "board", "number_tokens")
    if isinstance(tokens, list):
        _check_token_letters(tokens, out)
        if good_counts and hexes is not None and all(t in board.terrains for t in counts):
            barren = sum(n for t, n in counts.items() if not board.produces(t))
            if len(tokens) != hexes - barren:
                out.append(
                    Problem(
                        ("board", "number_tokens"),
                        f"needs {hexes - barren} tokens ({hexes} hexes, {barren} of them "
                        f"producing nothing), not {len(tokens)}",
                    )
                )

    positions = _get(data, "board", "harbour_positions")
    harbours = _get(data, "board", "harbour_set")
    if isinstance(positions, list) and isinstance(harbours, list) and len(positions) != len(harbours):
        out.append(
            Problem(
                ("board", "harbour_set"),
                f"has {len(harbours)} harbours but board.harbour_positions has {len(positions)} "
                "places; they must match one to one",
            )
        )
    for index, kind in enumerate(harbours if isinstance(harbours, list) else ()):
        _check_harbour_kind(kind, ("board", "harbour_set", index), board, out)
    if isinstance(positions, list):
        _check_harbour_places(positions, ("board", "harbour_positions"), board, out)


def _check_token_letters(tokens: list[object], out: list[Problem]) -> None:
    first_at: dict[str, int] = {}
    for index, token in enumerate(tokens):
        if isinstance(token, list) and len(token) == 2 and isinstance(token[0], str):
            letter = token[0]
            if letter in first_at:
                where = format_path(("board", "number_tokens", first_at[letter]))
                out.append(
                    Problem(
                        ("board", "number_tokens", index, 0),
                        f"letter '{letter}' is used twice (also at {where})",
                    )
                )
            else:
                first_at[letter] = index


def _check_harbour_kind(kind: object, path: KeyPath, board: _Board, out: list[Problem]) -> None:
    kinds = (GENERIC_HARBOUR, *board.resources)
    if isinstance(kind, str) and kind.strip() and board.resources and kind not in kinds:
        out.append(Problem(path, _unknown("harbour kind", kind, kinds)))


def _check_hex(value: object, path: KeyPath, board: _Board, out: list[Problem]) -> tuple[int, int] | None:
    """Return the axial coordinates of a well-formed hex id, reporting one that is not on the board."""
    if board.coords is None or not isinstance(value, str) or not HEX_ID_RE.fullmatch(value):
        return None
    if value not in board.coords:
        out.append(Problem(path, f"no hex '{value}' on this board ({board.shape()})"))
        return None
    return board.coords[value]


def _check_harbour_places(places: list[object], path: KeyPath, board: _Board, out: list[Problem]) -> None:
    seen: dict[tuple[str, str], int] = {}
    inverse = {coord: hex_id for hex_id, coord in (board.coords or {}).items()}
    for index, place in enumerate(places):
        if not isinstance(place, list) or len(place) < 2:
            continue
        hex_id, side = place[0], place[1]
        coord = _check_hex(hex_id, (*path, index, 0), board, out)
        if coord is None or side not in _STEPS:
            continue
        dq, dr = _STEPS[side]
        neighbour = inverse.get((coord[0] + dq, coord[1] + dr))
        if neighbour is not None:
            out.append(
                Problem((*path, index, 1), f"side {side} of hex {hex_id} faces hex {neighbour}, not the sea")
            )
        elif (hex_id, side) in seen:
            where = format_path((*path, seen[(hex_id, side)]))
            out.append(Problem((*path, index), f"a harbour is already at {hex_id} {side} (at {where})"))
        else:
            seen[(hex_id, side)] = index


def _check_layouts(data: dict[str, object], board: _Board, out: list[Problem]) -> None:
    layouts = data.get("layouts")
    for name, layout in layouts.items() if isinstance(layouts, dict) else ():
        if isinstance(layout, dict):
            _check_layout(data, ("layouts", name), layout, board, out)


def _check_layout(
    data: dict[str, object], path: KeyPath, layout: dict[str, object], board: _Board, out: list[Problem]
) -> None:
    rows = layout.get("rows")
    cells_ok = isinstance(rows, list)
    terrains: Counter[str] = Counter()
    numbers: Counter[int] = Counter()
    if isinstance(rows, list) and board.rows is not None:
        if len(rows) != len(board.rows):
            out.append(Problem((*path, "rows"), f"has {len(rows)} rows but board.rows has {len(board.rows)}"))
            cells_ok = False
        for index, (row, expected) in enumerate(zip(rows, board.rows, strict=False)):
            if isinstance(row, list) and len(row) != expected:
                out.append(
                    Problem(
                        (*path, "rows", index),
                        f"row {index + 1} has {len(row)} hexes but board.rows says {expected}",
                    )
                )
                cells_ok = False
    for r, row in enumerate(rows if isinstance(rows, list) else ()):
        for c, cell in enumerate(row if isinstance(row, list) else ()):
            cells_ok = _check_cell(cell, (*path, "rows", r, c), board, terrains, numbers, out) and cells_ok
    if cells_ok and board.terrains:
        _compare_layout(data, (*path, "rows"), terrains, numbers, out)

    harbours = layout.get("harbours")
    if isinstance(harbours, list):
        _check_harbour_places(harbours, (*path, "harbours"), board, out)
        for index, harbour in enumerate(harbours):
            if isinstance(harbour, list) and len(harbour) == 3:
                _check_harbour_kind(harbour[2], (*path, "harbours", index, 2), board, out)
    _check_hex(layout.get("robber"), (*path, "robber"), board, out)


def _check_cell(
    cell: object,
    path: KeyPath,
    board: _Board,
    terrains: Counter[str],
    numbers: Counter[int],
    out: list[Problem],
) -> bool:
    """Check one layout cell ("forest 8" or "desert"), counting it; return whether it was well-formed."""
    if not isinstance(cell, str) or not cell.strip():
        return False  # the shape check has reported it
    parts = cell.split()
    if len(parts) > 2:
        out.append(Problem(path, f"must be 'TERRAIN NUMBER' or 'TERRAIN', not '{cell}'"))
        return False
    terrain = parts[0]
    if not board.terrains:
        return False
    if terrain not in board.terrains:
        out.append(Problem(path, _unknown("terrain", terrain, tuple(board.terrains))))
        return False
    terrains[terrain] += 1
    if len(parts) == 1:
        if board.produces(terrain):
            out.append(
                Problem(
                    path,
                    f"{terrain} produces {board.terrains[terrain]}, so it needs a number, like '{terrain} 8'",
                )
            )
            return False
        return True
    if not board.produces(terrain):
        out.append(Problem(path, f"{terrain} produces nothing, so it takes no number: write '{terrain}'"))
        return False
    if not parts[1].isdecimal() or not _is_dice_total(int(parts[1])):
        out.append(
            Problem(path, f"the number must be a dice total from 2 to 12 other than 7, not '{parts[1]}'")
        )
        return False
    numbers[int(parts[1])] += 1
    return True


def _compare_layout(
    data: dict[str, object], path: KeyPath, terrains: Counter[str], numbers: Counter[int], out: list[Problem]
) -> None:
    """Report a layout whose hexes or numbers are not the board's terrain_counts and number_tokens."""
    counts = _get(data, "board", "terrain_counts")
    if isinstance(counts, dict) and all(_is_int(n) for n in counts.values()):
        expected = Counter({t: n for t, n in counts.items() if n})
        if expected != terrains:
            out.append(
                Problem(path, "its terrains are not board.terrain_counts: " + _difference(expected, terrains))
            )
    tokens = _get(data, "board", "number_tokens")
    if isinstance(tokens, list) and all(
        isinstance(t, list) and len(t) == 2 and _is_int(t[1]) and _is_dice_total(t[1]) for t in tokens
    ):
        expected_numbers = Counter(t[1] for t in tokens)
        if expected_numbers != numbers:
            out.append(
                Problem(
                    path, "its numbers are not board.number_tokens: " + _difference(expected_numbers, numbers)
                )
            )


def _difference(expected: Counter[Any], found: Counter[Any]) -> str:
    """Return 'N more X, N fewer Y' describing how ``found`` differs from ``expected``."""
    parts = []
    for key in sorted(set(expected) | set(found)):  # all text or all numbers
        delta = found[key] - expected[key]
        if delta:
            parts.append(f"{abs(delta)} {'more' if delta > 0 else 'fewer'} {key}")
    return ", ".join(parts)


def validate_ruleset(data: dict[str, Any]) -> list[Problem]:
    """Return every problem in a parsed rule file (an empty list when it is valid); never raises."""
    if not isinstance(data, dict):
        return [Problem((), f"a rule file must be a mapping of keys to values, not {_describe(data)}")]
    out: list[Problem] = []
    RULESET.check(data, (), out)
    _check_top(data, out)
    board = _Board(data, out)
    _check_resources_used(data, board, out)
    _check_board(data, board, out)
    _check_layouts(data, board, out)
    return out


# --- overrides -------------------------------------------------------------------------------------------


def _known_keys(path: tuple[str, ...]) -> tuple[str, ...] | None:
    """Return the keys the schema allows in the mapping at ``path``, or None when any name is allowed."""
    node: _Node = RULESET
    for key in path:
        if isinstance(node, _Fields) and key in node.keys:
            node = node.keys[key]
        elif isinstance(node, _Table):
            node = node.value
        else:
            return ()
    if isinstance(node, _Fields):
        return tuple(node.keys)
    return None if isinstance(node, _Table) else ()


def _override_target(data: dict[str, object], key: str) -> tuple[dict[str, object], str] | Problem:
    """Return (mapping, key) that an override key names, or the Problem explaining why it names nothing."""
    options = data.get("options")
    if "." not in key:
        if isinstance(options, dict) and key in options:
            return options, key
        if key in data or key in RULESET.keys:
            return data, key
        names = [*(options if isinstance(options, dict) else ()), *RULESET.keys]
        return Problem((key,), _unknown("option", key, names))
    parts = key.split(".")
    if not all(parts):
        return Problem((key,), "an override path needs a name between each pair of dots")
    *route, last = parts
    mapping = data
    for depth, part in enumerate(route):
        if part not in mapping:
            hint = _unknown("key", part, _key_names(mapping, parts[:depth]))
            return Problem(tuple(parts[: depth + 1]), hint)
        child = mapping[part]
        if not isinstance(child, dict):
            where = ".".join(parts[: depth + 1])
            return Problem(
                tuple(parts),
                f"'{where}' is {_describe(child)}; an override can only name a key inside a mapping",
            )
        mapping = child
    allowed = _known_keys(tuple(route))
    if last in mapping or allowed is None or last in allowed:
        return mapping, last
    return Problem(tuple(parts), _unknown("key", last, _key_names(mapping, route)))


def _key_names(mapping: dict[str, object], path: list[str]) -> list[str]:
    """Return the keys present in ``mapping`` plus those the schema allows there, for hints."""
    return sorted({*(str(k) for k in mapping), *(_known_keys(tuple(path)) or ())})


def apply_overrides(data: dict[str, Any], overrides: Mapping[str, object]) -> dict[str, Any]:
    """Return a deep copy of ``data`` with ``overrides`` applied; raises OverrideError (a ValueError).

    A bare key sets that entry of ``options`` (or a top-level key); a dotted key such as
    ``victory_points.target`` sets a nested value, replacing it whole. Validate the result again.
    """
    result = copy.deepcopy(data)
    problems: list[Problem] = []
    for key, value in overrides.items():
        if not isinstance(key, str):
            problems.append(Problem((str(key),), "override keys must be text"))
            continue
        target = _override_target(result, key)
        if isinstance(target, Problem):
            problems.append(target)
        else:
            mapping, name = target
            mapping[name] = copy.deepcopy(value)
    if problems:
        raise OverrideError(problems)
    return result
