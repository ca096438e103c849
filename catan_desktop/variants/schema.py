"""The schema of a rule file (``rules/*.yaml``) and its validation.

``validate_ruleset`` checks a parsed rule file and returns *every* problem it finds, each with the key path
where it is (``costs.road.brick``, ``board.number_tokens[3]``), so a loader can point at the line.
``apply_overrides`` applies a game's option overrides to a rule file before it is validated again.
The YAML side is ``loader.py`` beside it; rules/README.md explains the keys.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from catan_desktop.engine.module import REGISTRY as MODULE_REGISTRY
from catan_desktop.engine.module import Setting, option_values
from catan_desktop.i18n import Msg
from catan_desktop.variants.board_checks import Board, check_board, check_layouts, check_resources_used
from catan_desktop.variants.dice_schema import check_other_game
from catan_desktop.variants.founding_room import check_founding_room
from catan_desktop.variants.map_schema import MAP, MAP_LAYOUT, check_map_board, check_map_board_shape
from catan_desktop.variants.schema_nodes import (
    BUILDABLES,
    COUNT,
    DEVELOPMENT_CARDS,
    GENERIC_HARBOUR,
    MAX_ROWS,
    NAME_RE,
    SIDES,
    START_PLAYER_RULES,
    TOKENS,
    Boolean,
    Choice,
    Fields,
    HexId,
    Integer,
    KeyPath,
    ListOf,
    Node,
    Nullable,
    OverrideError,
    Problem,
    Table,
    Text,
    Tuple,
    describe,
    did_you_mean,
    file_header,
    format_path,
    int_at,
    is_int,
    text_items,
    unknown_name,
)

__all__ = [  # the names other modules and the tests import from here
    "FORMAT",
    "KNOWN_MODULES",
    "NAME_RE",
    "RULESET",
    "KeyPath",
    "OverrideError",
    "Problem",
    "apply_overrides",
    "did_you_mean",
    "format_path",
    "validate_ruleset",
]

FORMAT = 1
# rule modules a variant may switch on: mechanics that data alone cannot express (engine/modules/, registered
# by name when the engine is imported); their settings are checked against each module's typed SETTINGS.
# A module with an OPTION (balanced_dice) is switched on by that option's value instead.
KNOWN_MODULES: frozenset[str] = frozenset(name for name, cls in MODULE_REGISTRY.items() if cls.OPTION is None)
# options.dice: ordinary dice, or a dice kind a rule module implements (its OPTION, e.g. balanced_dice)
DICE_KINDS: tuple[str, ...] = ("ordinary", *option_values("dice"))


def _setting_node(setting: Setting) -> Node:
    """The schema of one typed module setting (engine.module.Setting)."""
    number = Integer(setting.minimum, setting.maximum)
    if setting.kind == "resources":  # resource name -> count; the names are cross-checked below
        return Table(number, min_items=1)
    if setting.kind == "dev_cards":
        return Fields({}, {name: number for name in DEVELOPMENT_CARDS})
    return number


def _settings_node(settings: dict[str, Setting]) -> Node:
    return Fields({}, {key: _setting_node(setting) for key, setting in settings.items()})


_LAYOUT = Fields(
    required={
        "rows": ListOf(ListOf(Text(), min_items=1), min_items=1),
        "harbours": ListOf(Tuple("[HEX, SIDE, KIND]", HexId(), Choice("side", SIDES), Text())),
        "robber": HexId(),
    },
    optional={"description": Text()},
)

_ROWS_BOARD = Fields(
    {
        "rows": ListOf(Integer(1, MAX_ROWS), min_items=1, max_items=MAX_ROWS),
        "terrain_counts": Table(COUNT, min_items=1),
        "number_tokens": TOKENS,
        "robber_start": Text(),
        "harbour_positions": ListOf(Tuple("[HEX, SIDE]", HexId(), Choice("side", SIDES))),
        "harbour_set": ListOf(Text()),
    }
)


class _MapNode(Node):
    """``board.map``, checked by map_schema.py's ``MAP``.

    A node of its own, not ``MAP`` itself, so that ``_known_keys`` (overrides) does not look inside a map.
    """

    def check(self, value: object, path: KeyPath, out: list[Problem]) -> None:
        MAP.check(value, path, out)


class _BoardForms(Fields):
    """``board``: hexes in ``rows``, or an explicit ``map`` (map_schema.py); each allows its own keys."""

    def __init__(self) -> None:
        super().__init__(_ROWS_BOARD.required, {"map": _MapNode()})

    def check(self, value: object, path: KeyPath, out: list[Problem]) -> None:
        if not isinstance(value, dict) or "map" not in value:
            _ROWS_BOARD.check(value, path, out)
            return
        check_map_board_shape(value, path, out)


def _n(low: int, high: int) -> Integer:
    """A whole number from ``low`` to ``high``: every file that validates must also play (no hang, no
    overflow, no founding phase that runs out of places)."""
    return Integer(low, high)


_OPTIONS = Fields(
    {
        "domestic_trade": Boolean(),
        "max_offers_per_turn": _n(0, 100),
        "robber_steal_optional": Boolean(),
        "bank_shortage_one_player_exception": Boolean(),
        "strict_trade_then_build": Boolean(),
    },
    {  # any rule file may set these (and a game's options, see _override_target); absent: ordinary dice
        "dice": Choice("dice kind", DICE_KINDS),
        "dice_deck_discard": _n(0, 30),  # balanced dice: cards left unseen at the end of each deck
    },
)


RULESET = Fields(
    required={
        "format": Integer(),
        **file_header(_n(1, 8)),
        "terrains": Table(Nullable(Text()), min_items=1),
        "board": _BoardForms(),
        "harbour_rates": Fields({"none": _n(1, 20), "generic": _n(1, 20), "special": _n(1, 20)}),
        "bank": Fields({"per_resource": _n(1, 1000)}),
        "pieces": Fields({"road": _n(1, 100), "settlement": _n(1, 100), "city": _n(1, 100)}),
        "costs": Fields({name: Table(_n(1, 20), min_items=1) for name in BUILDABLES}),
        "development_cards": Fields({name: _n(0, 200) for name in DEVELOPMENT_CARDS}),
        "progress": Fields({"road_building_roads": _n(1, 10), "year_of_plenty_cards": _n(1, 5)}),
        "victory_points": Fields(
            {
                "target": _n(1, 100),
                "settlement": _n(0, 20),
                "city": _n(0, 20),
                "longest_road": _n(0, 20),
                "largest_army": _n(0, 20),
                "victory_point_card": _n(0, 20),
            }
        ),
        "longest_road": Fields({"min_length": _n(1, 100)}),
        "largest_army": Fields({"min_knights": _n(1, 100)}),
        # a limit of 0 would ask a player holding 1 card to discard none of it (B-6.2)
        "robber": Fields({"discard_limit": _n(1, 100)}),
        "setup": Fields(
            {
                "start_player": Choice("start_player rule", START_PLAYER_RULES),
                "settlements": _n(1, 5),
                "starting_resources_from": _n(1, 5),
            }
        ),
        "options": _OPTIONS,
    },
    optional={
        "extends": Text(),
        "replace": ListOf(Text()),
        "game": Text(),  # "board" (the default); any other game is checked by check_other_game (dice_schema)
        "modules": ListOf(Text(), unique=True),
        "summary": ListOf(Text()),
        "colours": ListOf(Text(), min_items=1, unique=True),
        "layouts": Table(_LAYOUT),
        "module_settings": Fields(
            {},
            {
                name: _settings_node(cls.SETTINGS)
                for name, cls in sorted(MODULE_REGISTRY.items())
                if cls.SETTINGS
            },
        ),
    },
)


# --- cross-checks: facts that tie several keys together --------------------------------------------------


def _check_module_settings(data: dict[str, object], out: list[Problem]) -> None:
    """A module's required modules are on; its settings name known modules and this file's resources."""
    on = text_items(data.get("modules"))
    for index, module in enumerate(on):
        cls = MODULE_REGISTRY.get(module)
        for needed in cls.REQUIRES if cls is not None else ():
            if needed not in on:
                out.append(Problem(("modules", index), Msg(
                    "'{module}' needs the module '{needed}' too",
                    module=module, needed=needed)))
        for mark in cls.NEEDS_MARKS if cls is not None else ():  # e.g. the Erie Canal's locations (S-5.2)
            if not _board_marks(data, mark):
                out.append(Problem(("modules", index), Msg(
                    "'{module}' needs a map board with '{mark}' marks (board.map.marks.{mark}); this board "
                    "has none",
                    module=module, mark=mark)))
    settings = data.get("module_settings")
    if not isinstance(settings, dict):
        return
    resources = text_items(data.get("resources"))
    for module, values in settings.items():
        cls = MODULE_REGISTRY.get(module)
        if cls is None or not isinstance(values, dict):
            continue
        for key, setting in cls.SETTINGS.items():
            table = values.get(key)
            if setting.kind != "resources" or not isinstance(table, dict) or not resources:
                continue
            for name in table:
                if name not in resources:
                    out.append(
                        Problem(
                            ("module_settings", module, key, str(name)),
                            unknown_name("resource", name, tuple(resources)),
                        )
                    )


def _board_marks(data: dict[str, object], mark: str) -> list[object]:
    """The board map's marks of one kind (``board.map.marks.<mark>``), or [] when there are none."""
    found: object = data
    for key in ("board", "map", "marks", mark):
        found = found.get(key) if isinstance(found, dict) else None
    return found if isinstance(found, list) else []


def _check_top(data: dict[str, object], out: list[Problem]) -> None:
    fmt = data.get("format")
    if is_int(fmt) and fmt != FORMAT:
        out.append(Problem(("format",), Msg(
            "unsupported format {fmt} (this version reads format {format})",
            fmt=fmt, format=FORMAT)))
    low, high = int_at(data, "players", "min"), int_at(data, "players", "max")
    if low is not None and high is not None and low > high:
        out.append(Problem(("players", "min"), Msg(
            "min ({low}) is more than max ({high})",
            low=low, high=high)))
    colours = data.get("colours")
    if isinstance(colours, list) and high is not None and len(colours) < high:
        out.append(
            Problem(
                ("colours",), Msg(
                    "needs at least {high} colours (players.max is {high}), has {count}",
                    high=high, count=len(colours))
            )
        )
    for index, module in enumerate(text_items(data.get("modules"))):
        switch = MODULE_REGISTRY[module].OPTION if module in MODULE_REGISTRY else None
        if switch is not None:  # e.g. balanced_dice: options.dice, so that any file may offer it
            out.append(Problem(("modules", index), Msg(
                "'{module}' is switched on by the option '{option}: {value}', not in modules",
                module=module, option=switch[0], value=switch[1])))
        elif module not in KNOWN_MODULES:
            message = unknown_name("module", module, tuple(sorted(KNOWN_MODULES)))
            out.append(
                Problem(
                    ("modules", index),
                    message if KNOWN_MODULES else Msg(
                        "{message} (this version has no rule modules)",
                        message=message),
                )
            )
    _check_module_settings(data, out)
    for index, name in enumerate(text_items(data.get("resources"))):
        if name == GENERIC_HARBOUR:
            out.append(
                Problem(
                    ("resources", index),
                    Msg(
                        "'{generic_harbour}' is reserved for 3:1 harbours; choose another name",
                        generic_harbour=GENERIC_HARBOUR),
                )
            )
    if "replace" in data and "extends" not in data:
        out.append(Problem(("replace",), Msg("only means something in a file that uses 'extends'")))
    settlements = int_at(data, "setup", "settlements")
    for piece in ("settlement", "road"):
        have = int_at(data, "pieces", piece)
        if settlements is not None and have is not None and 1 <= have < settlements:  # else its own problem
            message = Msg(
                "is {have}, fewer than the {settlements} the founding phase places",
                have=have, settlements=settlements)
            out.append(Problem(("pieces", piece), message))
    paid_by = int_at(data, "setup", "starting_resources_from")
    if settlements is not None and paid_by is not None and paid_by > settlements:
        out.append(
            Problem(
                ("setup", "starting_resources_from"),
                Msg(
                    "is settlement {paid_by}, but setup.settlements is only {settlements}",
                    paid_by=paid_by, settlements=settlements),
            )
        )


def validate_ruleset(data: dict[str, Any]) -> list[Problem]:
    """Return every problem in a parsed rule file (an empty list when it is valid); never raises."""
    if not isinstance(data, dict):
        return [Problem((), Msg(
            "a rule file must be a mapping of keys to values, not {got}",
            got=describe(data)))]
    other_game = check_other_game(data)  # game: dice (dice_schema.py)
    if other_game is not None:
        return other_game
    out: list[Problem] = []
    board_value = data.get("board")
    if isinstance(board_value, dict) and "map" in board_value:
        # a map board's layouts name paths, not hex sides: they have their own shape
        RULESET.check({k: v for k, v in data.items() if k != "layouts"}, (), out)
        if "layouts" in data:
            Table(MAP_LAYOUT).check(data["layouts"], ("layouts",), out)
    else:
        RULESET.check(data, (), out)
    _check_top(data, out)
    board = Board(data, out)
    check_resources_used(data, board, out)
    if board.is_map:
        check_map_board(data, board, out)
    else:
        check_board(data, board, out)
        check_layouts(data, board, out)
    if not out:  # only a file valid in every other way describes a board and a table to check together
        check_founding_room(data, out)
    return out


# --- overrides -------------------------------------------------------------------------------------------


def _known_keys(path: tuple[str, ...]) -> tuple[str, ...] | None:
    """Return the keys the schema allows in the mapping at ``path``, or None when any name is allowed."""
    node: Node = RULESET
    for key in path:
        if isinstance(node, Fields) and key in node.keys:
            node = node.keys[key]
        elif isinstance(node, Table):
            node = node.value
        else:
            return ()
    if isinstance(node, Fields):
        return tuple(node.keys)
    return None if isinstance(node, Table) else ()


def _override_target(data: dict[str, object], key: str) -> tuple[dict[str, object], str] | Problem:
    """Return (mapping, key) that an override key names, or the Problem explaining why it names nothing."""
    options = data.get("options")
    if "." not in key:
        if isinstance(options, dict) and (key in options or key in _OPTIONS.optional):
            return options, key
        if key in data or key in RULESET.keys:
            return data, key
        names = list(dict.fromkeys([*(options if isinstance(options, dict) else ()), *_OPTIONS.optional,
                                     *RULESET.keys]))
        return Problem((key,), unknown_name("option", key, names))
    parts = key.split(".")
    if not all(parts):
        return Problem((key,), Msg("an override path needs a name between each pair of dots"))
    *route, last = parts
    mapping = data
    for depth, part in enumerate(route):
        if part not in mapping:
            hint = unknown_name("key", part, _key_names(mapping, parts[:depth]))
            return Problem(tuple(parts[: depth + 1]), hint)
        child = mapping[part]
        if not isinstance(child, dict):
            where = ".".join(parts[: depth + 1])
            return Problem(
                tuple(parts),
                Msg(
                    "'{where}' is {got}; an override can only name a key inside a mapping",
                    where=where, got=describe(child)),
            )
        mapping = child
    allowed = _known_keys(tuple(route))
    if last in mapping or allowed is None or last in allowed:
        return mapping, last
    return Problem(tuple(parts), unknown_name("key", last, _key_names(mapping, route)))


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
            problems.append(Problem((str(key),), Msg("override keys must be text")))
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
