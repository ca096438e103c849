"""A level's weights follow the game's rule modules where the data says so (ai/evaluate.py MODULE_WEIGHTS):
the hard level on the scenario maps (RULES.md Part S) weighs a spread of resources and the towns in reach
more; the base game and the add-ons keep the level's own; a bot given its own weights keeps them."""

from __future__ import annotations

from dataclasses import replace

from catan_desktop.ai import HeuristicBot
from catan_desktop.ai.evaluate import HARD, LEVELS, MODULE_WEIGHTS, NORMAL, weights_for
from catan_desktop.engine import Game


def test_weights_for_applies_a_modules_change_to_its_level_only() -> None:
    assert weights_for("hard") == HARD and weights_for("normal", ["scenario"]) == NORMAL
    hard_map = weights_for("hard", ["scenario", "special_building_phase"])
    assert hard_map == replace(HARD, **MODULE_WEIGHTS["scenario"]["hard"]) != HARD
    assert weights_for("hard", ["frenemies"]) == HARD


def test_a_bot_fits_its_weights_to_the_game_it_plays() -> None:
    bot = HeuristicBot("hard", seed=1)
    corsica = Game.new("corsica", players=4, seed=1)
    bot.choose(corsica, corsica.current_player)
    assert bot.w == weights_for("hard", ["scenario"])
    base = Game.new("base", players=4, seed=1)
    bot.choose(base, base.current_player)
    assert bot.w == LEVELS["hard"]
    own = HeuristicBot("hard", seed=1, weights=NORMAL)
    own.choose(corsica, corsica.current_player)
    assert own.w is NORMAL
