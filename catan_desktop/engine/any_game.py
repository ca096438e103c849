"""The kinds of game (issue 32): the board game (``Game``) and the Catan Dice Game (``DiceGame``), as a
registry (``KINDS``: kind -> its game class, how its rules are read from data, how a game is started, what its
board is), so that saves, records, runners, bots and screens look a kind up instead of testing for one.

A rule file's top-level ``game:`` says its kind (absent: ``board``). ``new_game`` starts the right one, so
that a runner (``match.run_games``, ``catan-desktop simulate``) plays either.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .dice_game import DiceGame
from .dice_sheet import GAME_KIND, DiceSheet
from .game import Game
from .ruleset import Ruleset, rules_source

BOARD = "board"


@dataclass(frozen=True)
class GameKind:
    """One kind of game: ``game`` (the class: ``new``, ``from_json``), ``rules_from_data`` (its rules from
    JSON data, as a save or a record stores them), ``board_of`` (the board a game was laid on, as a save
    names it), whether its ``new`` takes a board, and whether a seat's score is a result of its own (the
    dice game's, printed beside the wins by ``catan-desktop simulate``)."""

    name: str
    game: Any
    rules_from_data: Callable[[Any], Any]
    board_of: Callable[[Any], str]
    has_board: bool = True
    scored: bool = False

    def new(self, rules: Any, players: int, seed: int = 0, board: str = "random",
            options: dict[str, Any] | None = None) -> Any:
        """A new game of this kind (``board`` only where the kind has one)."""
        if self.has_board:
            return self.game.new(rules, players=players, seed=seed, board=board, options=options)
        return self.game.new(rules, players=players, seed=seed, options=options)


KINDS: dict[str, GameKind] = {}


def register_kind(kind: GameKind) -> GameKind:
    KINDS[kind.name] = kind
    return kind


register_kind(GameKind(BOARD, Game, Ruleset.from_dict, lambda g: str(g.seat_view(0).board_kind)))
register_kind(GameKind(GAME_KIND, DiceGame, DiceSheet.from_dict, lambda g: "sheet", has_board=False,
                       scored=True))


def kind_named(name: object) -> GameKind:
    """The registered kind called ``name``; ValueError for another."""
    kind = KINDS.get(name) if isinstance(name, str) else None
    if kind is None:
        raise ValueError(f"unknown kind of game {name!r}; known: {', '.join(KINDS)}")
    return kind


def game_kind(variant: str | os.PathLike[str] | Ruleset | DiceSheet | Mapping[str, Any]) -> str:
    """``"board"`` or ``"dice"`` for a variant name, path, mapping, Ruleset or DiceSheet; raises the
    rule-file layer's errors for a file that cannot be read."""
    if isinstance(variant, Ruleset):
        return BOARD
    if isinstance(variant, DiceSheet):
        return GAME_KIND
    if isinstance(variant, Mapping):
        return str(variant.get("game", BOARD))
    reader = getattr(rules_source(), "load_data", None)
    if reader is None:
        return BOARD
    return str(reader(os.fspath(variant), None).get("game", BOARD))


def kind_of(game: object) -> str:
    """The kind of a game object: its ``KIND`` (``"dice"`` for a ``DiceGame``), else ``"board"``."""
    return str(getattr(game, "KIND", BOARD))


def new_game(
    variant: str | os.PathLike[str] | Ruleset | DiceSheet | Mapping[str, Any],
    players: int,
    seed: int = 0,
    board: str = "random",
    options: dict[str, Any] | None = None,
) -> Game | DiceGame:
    """``Game.new`` or ``DiceGame.new``, as the rule file says (``board`` is only the board game's)."""
    return kind_named(game_kind(variant)).new(variant, players, seed, board, options)  # type: ignore[no-any-return]
