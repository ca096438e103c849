"""New game shows a scenario's own target for the chosen player count (S-4.1: 13 with 3 players, 12 with
4, 10 with 5-6), and a target the player picks is the game's, over S-4.1."""

from __future__ import annotations

from catan_desktop.engine import Game
from catan_desktop.ui.scenes.new_game import NewGameScene


def test_the_target_follows_the_player_count_and_a_chosen_one_is_kept(app) -> None:  # type: ignore[no-untyped-def]
    scene = NewGameScene(app, "corsica")
    app.push(scene)
    app.step()
    for players, target in ((3, 13), (4, 12), (5, 10), (6, 10)):
        scene.players = players
        assert scene.default_vp == target
        assert scene.config().vp_target is None  # the variant's own: nothing to override
    scene.players = 3
    scene.vp_target = 8
    config = scene.config()
    assert config.vp_target == 8
    game = Game.new("corsica", players=3, seed=1, options=config.engine_options())
    assert game.vp_target == 8
