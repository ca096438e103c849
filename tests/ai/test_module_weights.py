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


def test_the_weights_are_one_data_file_with_the_figures_that_chose_them(monkeypatch) -> None:
    """Issue 20: every level's weights are data in ai/weights.json; each level and module change says which
    figures chose it; a key that is not a weight is refused by name."""
    import json
    from importlib import resources

    import pytest

    from catan_desktop.ai import evaluate

    data = json.loads(resources.files("catan_desktop.ai").joinpath("weights.json").read_text("utf-8"))
    assert set(data["levels"]) == set(LEVELS) == {"easy", "normal", "hard", "expert"}
    for entry in [*data["levels"].values(), *(e for m in data["modules"].values() for e in m.values())]:
        assert entry["figures"] and all(isinstance(f, str) and f for f in entry["figures"])
    assert LEVELS["normal"] == evaluate.Weights(**data["levels"]["normal"]["weights"])
    assert LEVELS["hard"] == replace(NORMAL, **data["levels"]["hard"]["change"])
    assert MODULE_WEIGHTS["scenario"]["hard"] == data["modules"]["scenario"]["hard"]["change"]

    bad = dict(data, levels=dict(data["levels"], hard={"from": "normal", "change": {"cleverness": 2}}))
    monkeypatch.setattr(evaluate.resources, "files", lambda _pkg: _Text(json.dumps(bad)))
    with pytest.raises(ValueError, match="weights.json: hard: 'cleverness'"):
        evaluate._load_levels()


class _Text:
    """A stand-in for a package's files: every path reads as ``text``."""

    def __init__(self, text: str) -> None:
        self.text = text

    def joinpath(self, _name: str) -> _Text:
        return self

    def read_text(self, encoding: str = "utf-8") -> str:
        return self.text
