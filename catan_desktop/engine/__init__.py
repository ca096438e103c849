"""The rules engine: pure Python, standard library only. Start with :class:`Game` (docs/engine-api.md)."""

from .actions import Action, make_bundle
from .errors import ActionParseError, IllegalAction, RulesetError, SnapshotError
from .game import Game, load_rules
from .ruleset import Ruleset

__all__ = [
    "Action",
    "ActionParseError",
    "Game",
    "IllegalAction",
    "Ruleset",
    "RulesetError",
    "SnapshotError",
    "load_rules",
    "make_bundle",
]
