"""The story of a game (issue 19), from Game over: the charts show the figures recomputed from the history
(replay.Story), it opens with its button or S and closes with Esc, and a game whose history does not reach
back to its start says so instead of drawing wrong charts."""

from __future__ import annotations

import json

import pygame

from catan_desktop.ai import create_bot
from catan_desktop.engine import Game
from catan_desktop.match import play_game
from catan_desktop.replay import Timeline
from catan_desktop.replay.story import SOURCES, Story
from catan_desktop.ui.config import GameConfig
from catan_desktop.ui.scenes.game_over import GameOverScene
from catan_desktop.ui.scenes.story import StoryScene


def _finished_game(seed: int = 5) -> Game:
    game = Game.new("base", players=4, seed=seed)
    play_game(game, [create_bot("random", seed=seed * 10 + s) for s in range(4)], max_turns=600)
    assert game.is_over
    return game


def _game_over(app, fake_game, game: Game) -> GameOverScene:  # type: ignore[no-untyped-def]
    game_scene = fake_game(app, GameConfig.default(game.players))
    game_scene.game = game
    app.push(game_scene)
    scene = GameOverScene(app, game_scene)
    app.push(scene)
    app.step()
    return scene


def test_the_story_opens_from_game_over_with_the_games_own_figures(app, drive, fake_game) -> None:
    game = _finished_game()
    over = _game_over(app, fake_game, game)
    drive.click(over.buttons["story"])
    story_scene = app.top
    assert isinstance(story_scene, StoryScene)
    expected = Story.of(Timeline.of_game(game))
    assert story_scene.gained_rows == [[expected.gained[s][k] for k in SOURCES] for s in range(4)]
    assert story_scene.luck == [expected.luck(s) for s in range(4)]
    names = [seat.name for seat in GameConfig.default(4).seats]
    for lead in expected.leads:
        assert f"{lead.turn}: {names[lead.seat]}" in story_scene.lead_text
    assert sum(sum(row) for row in story_scene.gained_rows) > 0
    drive.press(pygame.K_ESCAPE)
    assert app.top is over
    drive.press(pygame.K_s)  # the keyboard shortcut; the story is kept, not computed again
    assert isinstance(app.top, StoryScene) and app.top.story is story_scene.story
    drive.click(app.top.back_button)
    assert app.top is over


def test_a_position_without_its_history_says_its_story_cannot_be_told(app, drive, fake_game) -> None:
    game = _finished_game(seed=6)
    data = json.loads(game.to_json())
    data["history"] = []  # a hand-written final position: nothing leads to it
    over = _game_over(app, fake_game, Game.from_json(json.dumps(data)))
    drive.click(over.buttons["story"])
    assert isinstance(app.top, StoryScene) and app.top.story is None
    texts = [getattr(e, "text", "") for e in app.top.ui.get_sprite_group().sprites()]
    assert any("cannot be told" in t for t in texts)
    drive.press(pygame.K_ESCAPE)
    assert app.top is over
