"""The Catan Dice Game's action kinds (RULES.md Part C), registered with the engine's action registry so
that ``Action.parse`` and ``str(action)`` work for them as for the board game's. Payloads (text in quotes):

- ``roll`` "roll": the turn's first roll, every die (C-2.1); the core's bare kind, shared
- ``reroll`` "reroll 0,2,5": roll these dice again (roll 2 or 3), keeping the others; any die may be rolled
  again, a die kept at roll 1 too before roll 3 (C-2.1). ``a``: the dice, ascending, counted from 0
- ``build`` "build road 4", "build settlement 7", "build city 12", "build knight 2": mark the structure
  with that number (the sheet's id R4, S7, C12, K2), paying its cost with dice (C-2.2, C-3). ``a``: the
  kind, ``b``: the number
- ``swap`` "swap 3 ore knight 1": knight 1's swap (once per game) turns die 3 into ore (C-4, Q-52).
  ``a``: the die, ``b``: the resource, ``c``: the knight's number
- ``gold`` "gold 1,4 brick": two gold dice make one resource: die 1 shows brick, die 4 is set aside for the
  rest of the turn (C-5). ``a``: the two dice, ascending, ``b``: the resource
- ``end`` "end": end the turn (the core's bare kind); in the classic game it writes the turn's points
"""

from __future__ import annotations

from typing import Any

from .actions import Action, ActionKind, ArgReader, register_kind
from .dice_sheet import KINDS
from .errors import ActionParseError

MAX_NUMBER = 999_999_999  # the largest number an action's text may hold (nine digits, as ArgReader.integer)


def _dice_text(dice: tuple[int, ...]) -> str:
    return ",".join(str(d) for d in dice)


def _read_dice(r: ArgReader, word: str, count: int | None = None) -> tuple[int, ...]:
    dice = tuple(r.integer(w) for w in word.split(","))
    if list(dice) != sorted(set(dice)):
        raise ActionParseError(f"action {r.text!r}: list the dice once each, ascending, like '0,2,5'")
    if count is not None and len(dice) != count:
        raise ActionParseError(f"action {r.text!r}: name exactly {count} dice, like '1,4'")
    return dice


def dice_ok(value: Any, count: int | None = None) -> bool:
    """True for dice named as a non-empty ascending tuple of distinct ints from 0 to MAX_NUMBER (``count``
    of them)."""
    return (
        isinstance(value, tuple)
        and bool(value)
        and all(type(d) is int and 0 <= d <= MAX_NUMBER for d in value)
        and list(value) == sorted(set(value))
        and (count is None or len(value) == count)
    )


def _parse_reroll(r: ArgReader) -> Action:
    return Action("reroll", _read_dice(r, r.need(1)[0]))


def _parse_build(r: ArgReader) -> Action:
    kind, number = r.need(2)
    if kind not in KINDS:
        raise ActionParseError(f"action {r.text!r}: build {'|'.join(KINDS)} NUMBER")
    return Action("build", kind, r.integer(number))


def _parse_swap(r: ArgReader) -> Action:
    die, resource, word, knight = r.need(4)
    r.keyword(word, "knight", "swap DIE RESOURCE knight NUMBER")
    return Action("swap", r.integer(die), r.name(resource), r.integer(knight))


def _parse_gold(r: ArgReader) -> Action:
    pair, resource = r.need(2)
    return Action("gold", _read_dice(r, pair, 2), r.name(resource))


register_kind(
    ActionKind(
        "reroll",
        lambda a: f"reroll {_dice_text(a.a)}",
        _parse_reroll,
        lambda a, b: dice_ok(a) and b is None,
    )
)
register_kind(
    ActionKind(
        "build",
        lambda a: f"build {a.a} {a.b}",
        _parse_build,
        lambda a, b: isinstance(a, str) and a in KINDS and type(b) is int and 0 <= b <= MAX_NUMBER,
    )
)
register_kind(
    ActionKind(
        "swap",
        lambda a: f"swap {a.a} {a.b} knight {a.c}",
        _parse_swap,
        lambda a, b: type(a) is int and 0 <= a <= MAX_NUMBER and isinstance(b, str),
    )
)
register_kind(
    ActionKind(
        "gold",
        lambda a: f"gold {_dice_text(a.a)} {a.b}",
        _parse_gold,
        lambda a, b: dice_ok(a, 2) and isinstance(b, str),
    )
)

DICE_KINDS = ("roll", "reroll", "build", "swap", "gold", "end")  # every kind a dice game accepts
