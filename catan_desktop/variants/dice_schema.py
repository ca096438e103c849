"""The schema of a dice game's rule file (``game: dice``: rules/dice-game.yaml, rules/dice-game-plus.yaml;
rules/README.md "A dice game's sheet") and its validation, as ``map_schema.py`` is for map boards.

``schema.validate_ruleset`` hands a file with a ``game:`` other than ``board`` to ``check_other_game``.
Every problem is collected with its key path (the loader turns it into ``FILE:LINE``), and no input makes
the checks raise.
"""

from __future__ import annotations

import re

from catan_desktop.engine.dice_sheet import ANY, GAME_KIND, KINDS, POINTS, PREFIX, RACE
from catan_desktop.i18n import Msg
from catan_desktop.variants.schema_nodes import (
    IDENTIFIER,
    Boolean,
    Choice,
    Fields,
    Integer,
    KeyPath,
    ListOf,
    Node,
    Problem,
    Table,
    Text,
    describe,
    did_you_mean,
    file_header,
    int_at,
    is_int,
    text_items,
    unknown_name,
    value_at,
)

BOARD = "board"
GAMES = (BOARD, GAME_KIND)
FORMAT = 1
MAX_STRUCTURES = 200
ID_RE = re.compile(r"[RSCK](0|[1-9][0-9]{0,3})")
NODE = Text(re.compile(r"[A-Za-z][A-Za-z0-9_]{0,30}"), Msg("a node name like 'N4' (letters, digits and '_')"))
KIND_OF = {letter: kind for kind, letter in PREFIX.items()}
_KEYS = {  # a structure's keys by kind, required first
    "road": (("type", "from", "to"), ("points", "requires")),
    "settlement": (("type", "node"), ("points", "requires")),
    "city": (("type", "node"), ("points", "requires")),
    "knight": (("type", "swap"), ("points", "requires", "hex", "swap_group")),
}


class _Scoring(Node):
    """``scoring``: ``kind: points`` (classic, C-6) or ``kind: race`` (Plus, C-7), each with its keys."""

    POINTS_KEYS = Fields({"kind": Text(), "turns": Integer(1, 100), "no_build_penalty": Integer(-100, 0)})
    RACE_KEYS = Fields(
        {"kind": Text(), "target": Integer(1, 100), "vp": Fields({}, {k: Integer(0, 20) for k in KINDS})},
        {
            "largest_army": Fields({"vp": Integer(0, 20), "min_knights": Integer(1, 100)}),
            "longest_road": Fields(
                {"vp": Integer(0, 20), "min_length": Integer(1, 100)}, {"count_start_road": Boolean()}
            ),
        },
    )

    def check(self, value: object, path: KeyPath, out: list[Problem]) -> None:
        kind = value.get("kind") if isinstance(value, dict) else None
        if kind == POINTS:
            self.POINTS_KEYS.check(value, path, out)
        elif kind == RACE:
            self.RACE_KEYS.check(value, path, out)
        elif not isinstance(value, dict):
            out.append(
                Problem(path, Msg("must be a mapping of keys to values, not {got}", got=describe(value)))
            )
        elif "kind" not in value:
            out.append(Problem((*path, "kind"), Msg("missing required key")))
        else:
            out.append(
                Problem(
                    (*path, "kind"),
                    Msg(
                        "unknown scoring kind '{name}'{hint} (expected one of: points, race)",
                        name=kind,
                        hint=did_you_mean(kind, (POINTS, RACE)),
                    ),
                )
            )


class _Structures(Node):
    """``sheet.structures``: ids (``R4``, ``S11``) to each symbol's type, place, points and requirements."""

    def check(self, value: object, path: KeyPath, out: list[Problem]) -> None:
        if not isinstance(value, dict):
            out.append(
                Problem(path, Msg("must be a mapping of names to values, not {got}", got=describe(value)))
            )
            return
        if not value:
            out.append(
                Problem(
                    path, Msg("must have at least {min_items} entry(ies), not {count}", min_items=1, count=0)
                )
            )
        if len(value) > MAX_STRUCTURES:
            out.append(
                Problem(
                    path,
                    Msg(
                        "must have at most {max_items} items, not {count}",
                        max_items=MAX_STRUCTURES,
                        count=len(value),
                    ),
                )
            )
            return
        for key, spec in value.items():
            self._one(key, spec, (*path, str(key)), out)

    def _one(self, key: object, spec: object, path: KeyPath, out: list[Problem]) -> None:
        if not isinstance(key, str) or not ID_RE.fullmatch(key):
            out.append(
                Problem(
                    path,
                    Msg(
                        "a structure id is R (road), S (settlement), C (city) or K (knight) and its number, "
                        "like 'R4' or 'S11', not '{key}'",
                        key=key,
                    ),
                )
            )
        if not isinstance(spec, dict):
            out.append(
                Problem(path, Msg("must be a mapping of keys to values, not {got}", got=describe(spec)))
            )
            return
        kind = spec.get("type")
        if kind not in KINDS:
            if "type" not in spec:
                problem = Msg("missing required key")
            elif not isinstance(kind, str):
                problem = Msg("must be one of {items}, not {got}", items=", ".join(KINDS), got=describe(kind))
            else:
                problem = Msg(
                    "unknown structure type '{name}'{hint} (expected one of: road, settlement, city, knight)",
                    name=kind,
                    hint=did_you_mean(kind, KINDS),
                )
            out.append(Problem((*path, "type"), problem))
            return
        required, optional = _KEYS[kind]
        nodes = {
            "type": Text(),
            "from": NODE,
            "to": NODE,
            "node": NODE,
            "points": Integer(0, 100),
            "requires": ListOf(Text(), unique=True),
            "hex": IDENTIFIER,
            "swap": IDENTIFIER,
            "swap_group": IDENTIFIER,
        }
        Fields({k: nodes[k] for k in required}, {k: nodes[k] for k in optional}).check(spec, path, out)
        if isinstance(key, str) and ID_RE.fullmatch(key) and KIND_OF[key[0]] != kind:
            out.append(
                Problem(
                    (*path, "type"),
                    Msg(
                        "'{key}' is the id of a {kind}: a {given}'s id starts with {letter}",
                        key=key,
                        kind=KIND_OF[key[0]],
                        given=kind,
                        letter=PREFIX[kind],
                    ),
                )
            )


class _Layout(Node):
    """``sheet.layout``: where each symbol is drawn, ``[x, y, rotation]`` with x and y from 0 to 1."""

    def check(self, value: object, path: KeyPath, out: list[Problem]) -> None:
        if not isinstance(value, dict):
            out.append(
                Problem(path, Msg("must be a mapping of names to values, not {got}", got=describe(value)))
            )
            return
        for key, place in value.items():
            where = (*path, str(key))
            numbers = (
                isinstance(place, list)
                and len(place) == 3
                and all(isinstance(v, int | float) and not isinstance(v, bool) for v in place)
            )
            if not numbers or not (0 <= place[0] <= 1 and 0 <= place[1] <= 1 and -360 <= place[2] <= 360):
                out.append(
                    Problem(
                        where,
                        Msg(
                            "must be [x, y, rotation]: x and y from 0 to 1, the rotation in degrees, "
                            "not {got}",
                            got=describe(place),
                        ),
                    )
                )


DICE_FILE = Fields(
    required={
        "format": Integer(),
        "game": Text(),
        **file_header(Integer(1, 8)),
        "dice": Fields(
            {
                "faces": ListOf(IDENTIFIER, min_items=1, unique=True, max_items=12),
                "count": Integer(1, 12),
                "per_turn": ListOf(Integer(1, 12), min_items=1, max_items=20),
                "rolls": Integer(1, 10),
            },
            {"gold": IDENTIFIER},
        ),
        "costs": Fields({kind: Table(Integer(1, 12), min_items=1) for kind in KINDS}),
        "scoring": _Scoring(),
        "sheet": Fields(
            {"start_road": Fields({"from": NODE, "to": NODE}), "structures": _Structures()},
            {"layout": _Layout()},
        ),
    },
    optional={
        "extends": Text(),
        "replace": ListOf(Text()),
        "summary": ListOf(Text()),
        "colours": ListOf(Text(), min_items=1, unique=True),
        "start_player": Choice("start_player rule", ("random", "first_seat")),
    },
)


def check_other_game(data: dict[str, object]) -> list[Problem] | None:
    """The problems of a rule file that is not a board game's (``game: dice``), or None for a board game's
    (no ``game:``, or ``game: board``), which the board schema checks."""
    game = data.get("game", BOARD)
    if game == BOARD:
        return None
    if game != GAME_KIND:
        hint = did_you_mean(game, GAMES) if isinstance(game, str) else ""
        return [
            Problem(
                ("game",),
                Msg(
                    "unknown game '{name}'{hint} (expected one of: board, dice)",
                    name=game if isinstance(game, str) else describe(game),
                    hint=hint,
                ),
            )
        ]
    out: list[Problem] = []
    DICE_FILE.check(data, (), out)
    _check_top(data, out)
    _check_dice(data, out)
    _check_sheet(data, out)
    return out


def _check_top(data: dict[str, object], out: list[Problem]) -> None:
    fmt = data.get("format")
    if is_int(fmt) and fmt != FORMAT:
        out.append(
            Problem(
                ("format",),
                Msg("unsupported format {fmt} (this version reads format {format})", fmt=fmt, format=FORMAT),
            )
        )
    low, high = int_at(data, "players", "min"), int_at(data, "players", "max")
    if low is not None and high is not None and low > high:
        out.append(
            Problem(("players", "min"), Msg("min ({low}) is more than max ({high})", low=low, high=high))
        )
    colours = data.get("colours")
    if isinstance(colours, list) and high is not None and len(colours) < high:
        out.append(
            Problem(
                ("colours",),
                Msg(
                    "needs at least {high} colours (players.max is {high}), has {count}",
                    high=high,
                    count=len(colours),
                ),
            )
        )
    if "replace" in data and "extends" not in data:
        out.append(Problem(("replace",), Msg("only means something in a file that uses 'extends'")))
    for index, name in enumerate(text_items(data.get("resources"))):
        if name == ANY:
            out.append(
                Problem(
                    ("resources", index),
                    Msg(
                        "'{name}' is reserved for a knight that gives any resource; choose another name",
                        name=name,
                    ),
                )
            )


def _check_dice(data: dict[str, object], out: list[Problem]) -> None:
    resources = text_items(data.get("resources"))
    gold = value_at(data, "dice", "gold")
    faces = text_items(value_at(data, "dice", "faces"))
    if isinstance(gold, str) and resources:
        if gold in resources:
            out.append(
                Problem(
                    ("dice", "gold"),
                    Msg("'{name}' is a resource; the gold face must be another face of the dice", name=gold),
                )
            )
        elif faces and gold not in faces:
            out.append(Problem(("dice", "gold"), Msg("'{name}' is not one of dice.faces", name=gold)))
    if resources:
        known = tuple(resources) + ((gold,) if isinstance(gold, str) else ())
        for index, face in enumerate(faces):
            if face not in known:
                out.append(Problem(("dice", "faces", index), unknown_name("resource", face, known)))
    count = int_at(data, "dice", "count")
    per_turn = value_at(data, "dice", "per_turn")
    if count is not None and isinstance(per_turn, list):
        for index, n in enumerate(per_turn):
            if is_int(n) and n > count:
                out.append(
                    Problem(
                        ("dice", "per_turn", index),
                        Msg("{n} dice, but only {count} are on the table (dice.count)", n=n, count=count),
                    )
                )
    costs = data.get("costs")
    if not isinstance(costs, dict) or not resources:
        return
    for kind in KINDS:
        cost = costs.get(kind)
        if not isinstance(cost, dict):
            continue
        for name in cost:
            if name not in resources:
                out.append(
                    Problem(("costs", kind, str(name)), unknown_name("resource", name, tuple(resources)))
                )
        total = sum(n for n in cost.values() if is_int(n))
        if count is not None and total > count:
            out.append(
                Problem(
                    ("costs", kind),
                    Msg(
                        "costs {n} dice, more than the {count} on the table (dice.count)",
                        n=total,
                        count=count,
                    ),
                )
            )


def _check_sheet(data: dict[str, object], out: list[Problem]) -> None:
    """Requirements name structures, go round in no circle, and connect: roads one after another from
    the start road (C-3.2), settlements and cities by a road (C-3.3, C-3.4), knights need no road (C-3.5)."""
    structures = value_at(data, "sheet", "structures")
    if not isinstance(structures, dict):
        return
    base = ("sheet", "structures")
    specs = {
        k: v
        for k, v in structures.items()
        if isinstance(k, str) and isinstance(v, dict) and v.get("type") in KINDS
    }
    start = value_at(data, "sheet", "start_road")
    start_ends = {v for v in (start.values() if isinstance(start, dict) else ()) if isinstance(v, str)}
    resources = text_items(data.get("resources"))
    scoring = value_at(data, "scoring", "kind")
    groups: dict[str, set[object]] = {}
    for sid, spec in specs.items():
        path = (*base, sid)
        kind = spec["type"]
        requires = text_items(spec.get("requires"))
        for index, req in enumerate(requires):
            where = (*path, "requires", index)
            if req not in specs:
                out.append(
                    Problem(
                        where,
                        Msg(
                            "unknown structure '{name}'{hint}", name=req, hint=did_you_mean(req, list(specs))
                        ),
                    )
                )
            elif req == sid:
                out.append(Problem(where, Msg("a structure cannot require itself")))
            elif kind == "knight" and specs[req]["type"] != "knight":
                out.append(
                    Problem(
                        where,
                        Msg(
                            "a knight needs no road or building (C-3.5): '{name}' is a {kind}",
                            name=req,
                            kind=specs[req]["type"],
                        ),
                    )
                )
        roads = [specs[r] for r in requires if r in specs and specs[r]["type"] == "road"]
        touched = set(start_ends)
        for road in roads:
            touched |= {road.get("from"), road.get("to")}
        if kind == "road" and not ({spec.get("from"), spec.get("to")} & touched):
            out.append(
                Problem(
                    (*path, "requires"),
                    Msg(
                        "road {id} touches neither the start road nor a road it requires: roads are built "
                        "one after another (C-3.2)",
                        id=sid,
                    ),
                )
            )
        if (
            kind in ("settlement", "city")
            and isinstance(spec.get("node"), str)
            and spec["node"] not in touched
        ):
            out.append(
                Problem(
                    (*path, "node"),
                    Msg(
                        "{id} at {node} stands by no road: require a road that ends there, or place it at "
                        "the start road (C-3.3)",
                        id=sid,
                        node=spec["node"],
                    ),
                )
            )
        if scoring == POINTS and "points" not in spec:
            out.append(Problem((*path, "points"), Msg("missing required key")))
        if scoring == RACE and "points" in spec:
            out.append(
                Problem(
                    (*path, "points"),
                    Msg(
                        "structures have no points in a race (scoring.kind: race): victory points come from "
                        "scoring.vp"
                    ),
                )
            )
        if kind == "knight":
            swap = spec.get("swap")
            if isinstance(swap, str) and resources and swap != ANY and swap not in resources:
                out.append(Problem((*path, "swap"), unknown_name("resource", swap, (*resources, ANY))))
            if isinstance(spec.get("swap_group"), str):
                groups.setdefault(spec["swap_group"], set()).add(swap)
    for name, swaps in groups.items():
        if len(swaps) > 1:
            first = next(sid for sid, spec in specs.items() if spec.get("swap_group") == name)
            out.append(
                Problem(
                    (*base, first, "swap_group"),
                    Msg(
                        "the knights of swap group '{name}' share one swap, so they must show the same swap",
                        name=name,
                    ),
                )
            )
    _check_circles(specs, base, out)
    layout = value_at(data, "sheet", "layout")
    if isinstance(layout, dict):
        for key in layout:
            if key != "start" and key not in structures:
                out.append(
                    Problem(
                        ("sheet", "layout", str(key)),
                        Msg(
                            "unknown structure '{name}'{hint}",
                            name=key,
                            hint=did_you_mean(key, [*specs, "start"]),
                        ),
                    )
                )


def _check_circles(specs: dict[str, dict[str, object]], base: KeyPath, out: list[Problem]) -> None:
    """Report a structure whose requirements lead back to it (it could never be built)."""
    state: dict[str, int] = {}  # 1: being visited, 2: done

    def visit(sid: str, trail: list[str]) -> None:
        state[sid] = 1
        for req in text_items(specs[sid].get("requires")):
            if req not in specs or req == sid:
                continue
            if state.get(req) == 1:
                loop = [*trail[trail.index(req) :], req] if req in trail else [sid, req]
                out.append(
                    Problem(
                        (*base, req, "requires"),
                        Msg("the requirements go round in a circle: {ids}", ids=" -> ".join(loop)),
                    )
                )
            elif req not in state:
                visit(req, [*trail, req])
        state[sid] = 2

    for sid in specs:
        if sid not in state:
            visit(sid, [sid])
