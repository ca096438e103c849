"""Which engine a rule file is for: the board game (``Game``) or the Catan Dice Game (``DiceGame``).

A rule file's top-level ``game:`` says it (absent: ``board``). ``new_game`` starts the right one, so that
a runner (``match.run_games``, ``catan-desktop simulate``) plays either.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from .dice_game import DiceGame
from .dice_sheet import GAME_KIND, DiceSheet
from .game import Game
from .ruleset import Ruleset, rules_source

BOARD = "board"


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


def is_dice_game(game: object) -> bool:
    """True for a ``DiceGame`` (or anything that says it is one)."""
    return kind_of(game) == GAME_KIND


def new_game(
    variant: str | os.PathLike[str] | Ruleset | DiceSheet | Mapping[str, Any],
    players: int,
    seed: int = 0,
    board: str = "random",
    options: dict[str, Any] | None = None,
) -> Game | DiceGame:
    """``Game.new`` or ``DiceGame.new``, as the rule file says (``board`` is only the board game's)."""
    if game_kind(variant) == GAME_KIND:
        return DiceGame.new(variant, players=players, seed=seed, options=options)  # type: ignore[arg-type]
    return Game.new(variant, players=players, seed=seed, board=board, options=options)  # type: ignore[arg-type]
