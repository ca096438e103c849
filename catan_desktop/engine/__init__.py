"""The rules engine: pure Python, standard library only. Start with :class:`Game` (docs/engine-api.md)."""

from . import modules  # registers the built-in rule modules
from .actions import TRADE, UNDOABLE, Action, kind_traits, make_bundle
from .dice_game import DiceGame  # the Catan Dice Game (RULES.md Part C); registers its action kinds
from .errors import ActionParseError, IllegalAction, RulesetError, SnapshotError
from .game import Game
from .ruleset import Ruleset, load_rules

__all__ = [
    "modules",
    "Action",
    "ActionParseError",
    "DiceGame",
    "Game",
    "IllegalAction",
    "Ruleset",
    "RulesetError",
    "SnapshotError",
    "load_rules",
    "make_bundle",
    "kind_traits",
    "TRADE",
    "UNDOABLE",
]
