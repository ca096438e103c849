"""The building blocks of the rule-file schema: key paths, problems, one small node class per kind of value.

``schema.py`` builds the schema of a whole rule file from these nodes; ``board_checks.py``, ``map_schema.py``
and ``map_places.py`` use the helpers here to word their problems the same way.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from ..i18n import N_, Msg

SIDES = ("NE", "E", "SE", "SW", "W", "NW")
START_PLAYER_RULES = ("highest_roll", "highest_die", "first_seat")  # 2 dice, 1 die, seat 0
DEVELOPMENT_CARDS = ("knight", "road_building", "year_of_plenty", "monopoly", "victory_point")
BUILDABLES = ("road", "settlement", "city", "development_card")
GENERIC_HARBOUR = "generic"  # a harbour_set entry that trades any resource
NAME_RE = re.compile(r"[a-z0-9_-]+")  # rule-file names (name, extends)
IDENTIFIER_RE = re.compile(r"[a-z][a-z0-9_]*")  # resources, terrains, layouts
HEX_ID_RE = re.compile(r"[1-9][0-9]*\.[1-9][0-9]*")
# a board and its resources have ceilings, so that a file that validates also plays (issue 13): a rule file
# may be a megabyte, and one row of 300,000 hexes validated, to be laid out and searched hex by hex when a
# game starts; 200 resources would make tens of thousands of legal trades in one turn
MAX_ROWS = 50  # rows of a rows board, and hexes in a row (a map board's rows and columns: MAP_MAX)
MAX_RESOURCES = 10

KeyPath = tuple[str | int, ...]


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a rule file: where (a key path) and what (a plain-English message)."""

    path: KeyPath
    message: str

    def __str__(self) -> str:
        return at(format_path(self.path), self.message)


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
    return text or Msg("(top level)")


AT = "{where}: {problem}"  # a problem after its place (key path, file and line): the same in every language


def at(where: str, problem: str) -> Msg:
    """``where: problem`` as one message whose problem is translated when shown."""
    return Msg(AT, where=where, problem=problem)


def did_you_mean(name: object, known: list[str] | tuple[str, ...] | frozenset[str]) -> str:
    """Return `` (did you mean 'x'?)`` for the closest known name, or an empty string."""
    if not isinstance(name, str):
        return ""
    matches = difflib.get_close_matches(name, sorted(k for k in known if isinstance(k, str)), n=1, cutoff=0.6)
    return Msg(" (did you mean '{matches}'?)", matches=matches[0]) if matches else ""


# "unknown X 'name'" for each kind of name a file gives, whole: the words agree differently in each language
UNKNOWN = {
    "resource": N_("unknown resource '{name}'{hint}"),
    "terrain": N_("unknown terrain '{name}'{hint}"),
    "harbour kind": N_("unknown harbour kind '{name}'{hint}"),
    "location": N_("unknown location '{name}'{hint}"),
    "corner": N_("unknown corner '{name}'{hint}"),
    "module": N_("unknown module '{name}'{hint}"),
    "option": N_("unknown option '{name}'{hint}"),
    "key": N_("unknown key '{name}'{hint}"),
    "side": N_("unknown side '{name}'{hint}"),
    "start_player rule": N_("unknown start_player rule '{name}'{hint}"),
    "dice kind": N_("unknown dice kind '{name}'{hint}"),
}


def unknown_name(kind: str, name: object, known: list[str] | tuple[str, ...] | frozenset[str]) -> Msg:
    """Return the message for a name that is not among ``known``, with a hint."""
    hint: str = did_you_mean(name, known)
    if not hint and 0 < len(known) <= 10:
        hint = Msg(" (expected one of: {names})", names=", ".join(str(k) for k in known))
    return Msg(UNKNOWN[kind], name=name, hint=hint)


def describe(value: object) -> str:
    """Return a short plain-English description of a YAML value, for 'must be X, not Y' messages."""
    if value is None:
        return Msg("empty (null)")
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return Msg("the number {value}", value=value)
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return Msg("the text '{shown}'", shown=shown)
    if isinstance(value, list):
        return Msg("a list")
    if isinstance(value, dict):
        return Msg("a mapping")
    return Msg("a {type}", type=type(value).__name__)


def is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# --- shape checks: one small node class per kind of value ------------------------------------------------


class Node:
    """A schema node: checks one value's type and range, adding a Problem for each fault."""

    def check(self, value: object, path: KeyPath, out: list[Problem]) -> None:
        raise NotImplementedError


class Integer(Node):
    def __init__(self, minimum: int | None = None, maximum: int | None = None) -> None:
        self.minimum = minimum
        self.maximum = maximum

    def check(self, value: object, path: KeyPath, out: list[Problem]) -> None:
        if not isinstance(value, int) or isinstance(value, bool):
            out.append(Problem(path, Msg("must be a whole number, not {got}", got=describe(value))))
        elif self.minimum is not None and value < self.minimum:
            out.append(Problem(path, Msg(
                "must be at least {minimum}, not {value}",
                minimum=self.minimum, value=value)))
        elif self.maximum is not None and value > self.maximum:
            out.append(Problem(path, Msg(
                "must be at most {maximum}, not {value}",
                maximum=self.maximum, value=value)))


class DiceTotal(Node):
    def check(self, value: object, path: KeyPath, out: list[Problem]) -> None:
        if not isinstance(value, int) or isinstance(value, bool):
            out.append(Problem(path, Msg("must be a whole number, not {got}", got=describe(value))))
        elif not is_dice_total(value):
            out.append(Problem(path, Msg(
                "must be a dice total from 2 to 12 other than 7, not {value}",
                value=value)))


def is_dice_total(value: int) -> bool:
    return 2 <= value <= 12 and value != 7


class Boolean(Node):
    def check(self, value: object, path: KeyPath, out: list[Problem]) -> None:
        if not isinstance(value, bool):
            out.append(Problem(path, Msg("must be true or false, not {got}", got=describe(value))))


class Text(Node):
    def __init__(self, pattern: re.Pattern[str] | None = None, hint: str = "") -> None:
        self.pattern = pattern
        self.hint = hint

    def check(self, value: object, path: KeyPath, out: list[Problem]) -> None:
        if not isinstance(value, str):
            out.append(Problem(path, Msg("must be text, not {got}", got=describe(value))))
        elif not value.strip():
            out.append(Problem(path, Msg("must not be empty")))
        elif self.pattern is not None and not self.pattern.fullmatch(value):
            out.append(Problem(path, Msg("must be {hint}, not '{value}'", hint=self.hint, value=value)))


class HexId(Node):
    def check(self, value: object, path: KeyPath, out: list[Problem]) -> None:
        if isinstance(value, int | float) and not isinstance(value, bool):
            out.append(
                Problem(
                    path,
                    Msg(
                        'must be a hex id in quotes, like "2.1" (without quotes YAML reads {value} as a '
                        "number)",
                        value=str(value)),  # as YAML read it: "2.1", never "2,1"
                )
            )
        elif not isinstance(value, str) or not HEX_ID_RE.fullmatch(value):
            out.append(Problem(path, Msg(
                "must be a hex id 'ROW.COL' like '2.1', not {got}",
                got=describe(value))))


class Choice(Node):
    def __init__(self, kind: str, choices: tuple[str, ...]) -> None:
        self.kind = kind
        self.choices = choices

    def check(self, value: object, path: KeyPath, out: list[Problem]) -> None:
        if not isinstance(value, str):
            out.append(Problem(path, Msg(
                "must be one of {items}, not {got}",
                items=', '.join(self.choices), got=describe(value))))
        elif value not in self.choices:
            out.append(Problem(path, unknown_name(self.kind, value, self.choices)))


class Nullable(Node):
    def __init__(self, inner: Node) -> None:
        self.inner = inner

    def check(self, value: object, path: KeyPath, out: list[Problem]) -> None:
        if value is not None:
            self.inner.check(value, path, out)


class ListOf(Node):
    def __init__(
        self, item: Node, min_items: int = 0, unique: bool = False, max_items: int | None = None
    ) -> None:
        self.item = item
        self.min_items = min_items
        self.max_items = max_items
        self.unique = unique

    def check(self, value: object, path: KeyPath, out: list[Problem]) -> None:
        if not isinstance(value, list):
            out.append(Problem(path, Msg("must be a list, not {got}", got=describe(value))))
            return
        if len(value) < self.min_items:
            out.append(Problem(path, Msg(
                "must have at least {min_items} item(s), not {count}",
                min_items=self.min_items, count=len(value))))
        if self.max_items is not None and len(value) > self.max_items:
            out.append(Problem(path, Msg(
                "must have at most {max_items} items, not {count}",
                max_items=self.max_items, count=len(value))))
            return  # its items are not worth checking one by one
        first_at: dict[object, int] = {}
        for index, item in enumerate(value):
            self.item.check(item, (*path, index), out)
            if self.unique and isinstance(item, str | int):
                if item in first_at:
                    where = format_path((*path, first_at[item]))
                    out.append(Problem((*path, index), Msg(
                        "'{item}' is listed twice (also at {where})",
                        item=item, where=where)))
                else:
                    first_at[item] = index


class Tuple(Node):
    """A short fixed-length list such as ``[A, 5]`` or ``["1.1", NW, generic]``."""

    def __init__(self, shape: str, *items: Node) -> None:
        self.shape = shape
        self.items = items

    def check(self, value: object, path: KeyPath, out: list[Problem]) -> None:
        if not isinstance(value, list):
            out.append(Problem(path, Msg(
                "must be a list {shape}, not {got}",
                shape=self.shape, got=describe(value))))
            return
        if len(value) != len(self.items):
            out.append(
                Problem(
                    path, Msg(
                        "must be a list of {count} items {shape}, not {count2} item(s)",
                        count=len(self.items), shape=self.shape, count2=len(value))
                )
            )
            return
        for index, (node, item) in enumerate(zip(self.items, value, strict=True)):
            node.check(item, (*path, index), out)


class Fields(Node):
    """A mapping with a fixed set of keys: reports unknown keys (with a hint) and missing required ones."""

    def __init__(self, required: dict[str, Node], optional: dict[str, Node] | None = None) -> None:
        self.required = required
        self.optional = optional or {}
        self.keys = {**required, **self.optional}

    def check(self, value: object, path: KeyPath, out: list[Problem]) -> None:
        if not isinstance(value, dict):
            out.append(Problem(path, Msg(
                "must be a mapping of keys to values, not {got}",
                got=describe(value))))
            return
        for key, item in value.items():
            if key in self.keys:
                self.keys[key].check(item, (*path, key), out)
            else:
                out.append(Problem((*path, key), unknown_name("key", key, tuple(self.keys))))
        for key in self.required:
            if key not in value:
                out.append(Problem((*path, key), Msg("missing required key")))


class Table(Node):
    """A mapping whose keys are names chosen by the file (terrains, layouts, resources in a cost)."""

    def __init__(self, value: Node, min_items: int = 0) -> None:
        self.value = value
        self.min_items = min_items

    def check(self, value: object, path: KeyPath, out: list[Problem]) -> None:
        if not isinstance(value, dict):
            out.append(Problem(path, Msg(
                "must be a mapping of names to values, not {got}",
                got=describe(value))))
            return
        if len(value) < self.min_items:
            out.append(Problem(path, Msg(
                "must have at least {min_items} entry(ies), not {count}",
                min_items=self.min_items, count=len(value))))
        for key, item in value.items():
            if not isinstance(key, str) or not IDENTIFIER_RE.fullmatch(key):
                out.append(
                    Problem(
                        (*path, str(key)),
                        Msg("names must be lowercase letters, digits and '_', starting with a letter"),
                    )
                )
            self.value.check(item, (*path, key), out)


POSITIVE = Integer(1)
COUNT = Integer(0)
IDENTIFIER = Text(IDENTIFIER_RE, Msg("a lowercase name (letters, digits and '_', starting with a letter)"))
TOKENS = ListOf(Tuple("[LETTER, NUMBER]", Text(), DiceTotal()))


def file_header(players: Node) -> dict[str, Node]:
    """The fields both kinds of rule file hold (a variant's, ``schema.RULESET``; a dice game's,
    ``dice_schema.DICE_FILE``): its name, title and description, its player counts, its resources."""
    return {
        "name": Text(NAME_RE, Msg("a short name of lowercase letters, digits, '_' and '-'")),
        "title": Text(),
        "description": Text(),
        "players": Fields({"min": players, "max": players}),
        "resources": ListOf(IDENTIFIER, min_items=1, unique=True, max_items=MAX_RESOURCES),
    }


def value_at(data: object, *path: str) -> object:
    """Return the value at ``path`` in nested mappings, or None when any step is missing."""
    for key in path:
        if not isinstance(data, dict):
            return None
        data = data.get(key)
    return data


def int_at(data: object, *path: str) -> int | None:
    """Return the whole number at ``path``, or None when it is missing or not a whole number."""
    value = value_at(data, *path)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def text_items(value: object) -> list[str]:
    """Return the text items of a list (others dropped), or an empty list."""
    return [item for item in value if isinstance(item, str)] if isinstance(value, list) else []
