"""Actions: small immutable values with a canonical text form that round-trips through Action.parse.

An action is always taken by the player the game says is to act (``Game.current_player``), so it does not
name its actor. Payloads by kind (text form in quotes):

- ``roll`` "roll"; ``end`` "end" (end the turn); ``buy`` "buy" (a development card)
- ``settle`` "settle 12" (node); ``city`` "city 12" (node); ``road`` "road 31" (edge)
- ``knight`` "knight"; ``road_building`` "road_building" (play the card; roads follow as ``road``)
- ``year_of_plenty`` "year_of_plenty grain ore" (one or two resources, sorted)
- ``monopoly`` "monopoly ore"
- ``robber`` "robber 3.3" or "robber 3.3 2" (hex id, then the seat to steal from, if any)
- ``discard`` "discard brick=1,ore=2" (a bundle: resource=count pairs sorted by name)
- ``maritime`` "maritime brick ore" (give brick at your best rate, get one ore)
- ``offer`` "offer brick=1 for ore=1" (the active player gives the first bundle, asks for the second)
- ``accept`` "accept"; ``reject`` "reject" (answers to an offer)
- ``counter`` "counter wool=1 for brick=1" (the answering player gives the first bundle, asks the second)
- ``confirm`` "confirm 2" (the active player trades with seat 2 on its answer); ``cancel`` "cancel"

Rule modules register their own kinds with :func:`register_kind` (see ``engine/modules/``), each with its
text form, parser and payload check, and document them in their own file.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from .errors import ActionParseError

Bundle = tuple[tuple[str, int], ...]

NO_ARG = ("roll", "end", "buy", "knight", "road_building", "accept", "reject", "cancel")
INT_ARG = ("settle", "city", "road", "confirm")
CORE_KINDS = NO_ARG + INT_ARG + (
    "year_of_plenty", "monopoly", "robber", "discard", "maritime", "offer", "counter",
)

_NAME = re.compile(r"^[a-z][a-z_]*\Z")  # \Z: '$' would also match before a final line break
_DIGITS = re.compile(r"[0-9]+\Z")  # ASCII digits only: \d and str.isdigit() take any script's digits
_HEX = re.compile(r"^[0-9]+\.[0-9]+\Z")
_TOKEN = re.compile(r"^[0-9]+\.[0-9]+(/[1-9][0-9]*)?\Z")  # a hex, or one of its extra number tokens


class Action(NamedTuple):
    """One move. ``kind`` is one of KINDS; ``a`` and ``b`` carry its payload (see the module doc); ``c`` is
    only for an offer addressed to some players: their seats, ascending (None: to every other player)."""

    kind: str
    a: Any = None
    b: Any = None
    c: Any = None

    def __str__(self) -> str:
        spec = SPECS.get(self.kind)
        if spec is None:
            raise ValueError(f"unknown action kind {self.kind!r}")
        return spec.text(self)

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse the canonical text form; raises ActionParseError quoting the text."""
        return parse_action(text)


def make_bundle(counts: dict[str, int] | Bundle) -> Bundle:
    """Return the canonical bundle (sorted by name, zero counts dropped) of a mapping or pair list."""
    items = counts.items() if isinstance(counts, dict) else counts
    merged: dict[str, int] = {}
    for name, n in items:
        merged[name] = merged.get(name, 0) + int(n)
    return tuple(sorted((k, v) for k, v in merged.items() if v))


def bundle_text(bundle: Bundle) -> str:
    """Return 'brick=1,ore=2' for a bundle."""
    return ",".join(f"{name}={n}" for name, n in bundle)


def bundle_size(bundle: Bundle) -> int:
    """Return how many cards a bundle holds."""
    return sum(n for _, n in bundle)


def _parse_bundle(text: str, whole: str) -> Bundle:
    pairs: list[tuple[str, int]] = []
    seen: set[str] = set()
    for part in text.split(","):
        name, sep, num = part.partition("=")
        # _DIGITS, not str.isdigit(): that is true for '²' (int() refuses it) and '٣' (not canonical text);
        # at most 9 digits: int() refuses 5000 (both found by fuzzing, issue 13)
        if not sep or not _NAME.match(name) or not _DIGITS.match(num) or len(num) > 9 or int(num) <= 0:
            raise ActionParseError(
                f"bad card list {text!r} in action {whole!r}: expected e.g. 'brick=1,ore=2'"
            )
        if name in seen:
            raise ActionParseError(f"resource {name!r} named twice in action {whole!r}")
        seen.add(name)
        pairs.append((name, int(num)))
    bundle = make_bundle(pairs)
    if bundle_text(bundle) != text:
        raise ActionParseError(
            f"card list {text!r} in action {whole!r} is not canonical; write {bundle_text(bundle)!r}"
        )
    return bundle


@dataclass(frozen=True)
class ActionKind:
    """How one kind of action is written, read back and checked.

    ``text(action)`` gives the canonical text; ``parse(args)`` reads the words after the kind (an
    :class:`ArgReader`) and returns the Action; ``shape(a, b)`` is True for a well-formed payload of a
    hand-built action.
    """

    name: str
    text: Callable[[Action], str]
    parse: Callable[[ArgReader], Action]
    shape: Callable[[Any, Any], bool]
    traits: frozenset[str] = frozenset()  # what the screens may know of the kind: TRADE, UNDOABLE


# an action kind's traits (``ActionKind.traits``, read with ``kind_traits``)
TRADE = "trade"  # cards for cards with the bank or a market (the trade step; not an offer to players)
UNDOABLE = "undoable"  # reveals nothing: its player may take it back until a roll, a draw, a steal or
# another player's move


SPECS: dict[str, ActionKind] = {}


def register_kind(spec: ActionKind) -> None:
    """Make an action kind known to ``str``, ``Action.parse`` and the payload check (rule modules)."""
    if spec.name in SPECS and SPECS[spec.name] != spec:
        raise ValueError(f"action kind {spec.name!r} is already registered")
    SPECS[spec.name] = spec


def kind_traits(kind: str) -> frozenset[str]:
    """The traits of action kind ``kind`` (``TRADE``, ``UNDOABLE``); none for a kind nobody registered."""
    spec = SPECS.get(kind)
    return spec.traits if spec is not None else frozenset()


def kinds() -> tuple[str, ...]:
    """Every registered action kind, core first."""
    return tuple(SPECS)


class ArgReader:
    """The words of an action's text after its kind, with checked readers that quote the whole text."""

    def __init__(self, kind: str, args: list[str], text: str) -> None:
        self.kind, self.args, self.text = kind, args, text

    def need(self, n: int | tuple[int, ...]) -> list[str]:
        """Return the words; raises ActionParseError unless there are ``n`` (or one of ``n``) of them."""
        allowed = (n,) if isinstance(n, int) else n
        if len(self.args) not in allowed:
            raise ActionParseError(
                f"action {self.text!r}: '{self.kind}' takes {' or '.join(map(str, allowed))} argument(s)"
            )
        return self.args

    def integer(self, word: str) -> int:
        # not word.isdigit(): it is true for '²', which int() refuses, and '٣', read as 3 but written '3' (the
        # text would not round-trip); both found by fuzzing (issue 13)
        if not _DIGITS.match(word) or (len(word) > 1 and word[0] == "0") or len(word) > 9:
            raise ActionParseError(f"action {self.text!r}: {word!r} is not a whole number")
        return int(word)

    def name(self, word: str) -> str:
        if not _NAME.match(word):
            raise ActionParseError(f"action {self.text!r}: {word!r} is not a resource name")
        return word

    def hex_id(self, word: str, token: bool = False) -> str:
        if not (_TOKEN if token else _HEX).match(word):
            raise ActionParseError(f"action {self.text!r}: {word!r} is not a hex id like '3.3'")
        return word

    def bundle(self, word: str) -> Bundle:
        return _parse_bundle(word, self.text)

    def keyword(self, word: str, expected: str, form: str) -> None:
        if word != expected:
            raise ActionParseError(f"action {self.text!r}: expected '{form}'")


def parse_action(text: str) -> Action:
    """Parse an action's canonical text form; raises ActionParseError quoting the text."""
    if not isinstance(text, str):
        raise ActionParseError(f"an action must be text, not {type(text).__name__}")
    words = text.split(" ")
    kind, args = words[0], words[1:]
    if any(w == "" for w in words):
        raise ActionParseError(f"extra spaces in action {text!r}")
    spec = SPECS.get(kind)
    if spec is None:
        raise ActionParseError(f"unknown action {kind!r} in {text!r}")
    return spec.parse(ArgReader(kind, args, text))


def well_formed(action: Action) -> bool:
    """True when an action's payload has the right shape and types for its kind (False if unknown)."""
    spec = SPECS.get(action.kind)
    return spec is not None and spec.shape(action.a, action.b)


def bundle_ok(bundle: object) -> bool:
    """True for a canonical bundle: (name, positive int) pairs sorted by name, each name once."""
    if not isinstance(bundle, tuple) or not bundle:
        return False
    for item in bundle:
        if not (
            isinstance(item, tuple)
            and len(item) == 2
            and isinstance(item[0], str)
            and type(item[1]) is int
            and item[1] > 0
        ):
            return False
    return bundle == make_bundle(bundle)


# ------------------------------------------------------------------------------------- the core kinds


def bare_kind(kind: str) -> ActionKind:
    """An action kind written as the bare word ``kind`` (the core's ``roll``, ``end``; modules' too)."""
    action = Action(kind)

    def parse(r: ArgReader) -> Action:
        r.need(0)
        return action

    return ActionKind(kind, lambda a: a.kind, parse, lambda a, b: a is None and b is None)


def _int_arg(kind: str, traits: frozenset[str] = frozenset()) -> ActionKind:
    def parse(r: ArgReader) -> Action:
        return Action(kind, r.integer(r.need(1)[0]))

    return ActionKind(kind, lambda a: f"{a.kind} {a.a}", parse, lambda a, b: type(a) is int and b is None,
                      traits)


def _parse_yop(r: ArgReader) -> Action:
    names = [r.name(w) for w in r.need((1, 2))]
    if len(names) == 2 and names[0] > names[1]:
        raise ActionParseError(f"action {r.text!r}: write the resources in alphabetical order")
    return Action("year_of_plenty", names[0], names[1] if len(names) == 2 else None)


def _parse_robber(r: ArgReader) -> Action:
    args = r.need((1, 2))
    return Action("robber", r.hex_id(args[0], token=True), r.integer(args[1]) if len(args) == 2 else None)


def _parse_trade(r: ArgReader) -> Action:
    args = r.need((3, 5) if r.kind == "offer" else 3)
    r.keyword(args[1], "for", f"{r.kind} GIVE for GET")
    if len(args) == 3:
        return Action(r.kind, r.bundle(args[0]), r.bundle(args[2]))
    r.keyword(args[3], "to", "offer GIVE for GET to SEATS")
    seats = tuple(r.integer(w) for w in args[4].split(","))
    if list(seats) != sorted(set(seats)):
        raise ActionParseError(f"action {r.text!r}: the seats after 'to' are listed once each, ascending")
    return Action(r.kind, r.bundle(args[0]), r.bundle(args[2]), seats)


def _trade_text(a: Action) -> str:
    to = f" to {','.join(map(str, a.c))}" if a.c else ""
    return f"{a.kind} {bundle_text(a.a)} for {bundle_text(a.b)}{to}"


def recipients_ok(c: object) -> bool:
    """True for an offer's recipients: None (everybody), or seats as ascending distinct non-negative ints."""
    if c is None:
        return True
    return (isinstance(c, tuple) and bool(c) and all(type(q) is int and q >= 0 for q in c)
            and list(c) == sorted(set(c)))


def _two_words(a: Action) -> str:
    return f"{a.kind} {a.a}" if a.b is None else f"{a.kind} {a.a} {a.b}"


def _register_core() -> None:
    for kind in NO_ARG:
        register_kind(bare_kind(kind))
    for kind in INT_ARG:  # a piece placed reveals nothing (the confirmation of a trade moves cards)
        register_kind(_int_arg(kind, frozenset({UNDOABLE}) if kind != "confirm" else frozenset()))
    register_kind(ActionKind(
        "monopoly", lambda a: f"monopoly {a.a}", lambda r: Action("monopoly", r.name(r.need(1)[0])),
        lambda a, b: isinstance(a, str) and b is None,
    ))
    register_kind(ActionKind(
        "year_of_plenty", _two_words, _parse_yop,
        lambda a, b: isinstance(a, str) and (b is None or (isinstance(b, str) and a <= b)),
    ))
    register_kind(ActionKind(
        "robber", _two_words, _parse_robber, lambda a, b: isinstance(a, str) and (b is None or type(b) is int)
    ))
    register_kind(ActionKind(
        "discard", lambda a: f"discard {bundle_text(a.a)}",
        lambda r: Action("discard", r.bundle(r.need(1)[0])), lambda a, b: bundle_ok(a) and b is None,
    ))
    register_kind(ActionKind(
        "maritime", lambda a: f"maritime {a.a} {a.b}",
        lambda r: Action("maritime", *(r.name(w) for w in r.need(2))),
        lambda a, b: isinstance(a, str) and isinstance(b, str), frozenset({TRADE, UNDOABLE}),
    ))
    for kind in ("offer", "counter"):
        register_kind(ActionKind(
            kind, _trade_text, _parse_trade,
            lambda a, b: bundle_ok(a) and bundle_ok(b),
        ))


_register_core()
