"""The built-in rule modules, one file each; importing this package registers them by name.

A new mechanic is a new file here with a ``@register``-ed ``RuleModule`` subclass and one import below;
the core does not change (docs/rule-modules.md).
"""

from . import (
    balanced_dice,
    collapse,
    erie_canal,
    frenemies,
    helpers,
    market,
    remote_cards,
    scenario,
    special_building_phase,
    stalemate,
    terrain_development,
    token_removal,
    token_robber,
)

__all__ = [
    "balanced_dice",
    "collapse",
    "erie_canal",
    "frenemies",
    "helpers",
    "market",
    "remote_cards",
    "scenario",
    "special_building_phase",
    "stalemate",
    "terrain_development",
    "token_removal",
    "token_robber",
]
