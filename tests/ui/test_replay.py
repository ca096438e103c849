"""The replay viewer (issue 19): opened from Game over and from Load game, it shows the position of each step
of the game's timeline (stepping one action and one turn both ways, jumping on the timeline by clicking and
dragging, playing by itself), switches whose view it shows (every hand open only for a finished game), plays
nothing and saves nothing, and Esc returns to where it was opened."""

from __future__ import annotations

import time

import pygame

from catan_desktop.ai import create_bot
from catan_desktop.engine import Game
from catan_desktop.match import play_game
from catan_desktop.persistence import save_game
from catan_desktop.persistence.userdirs import autosave_path, saves_dir
from catan_desktop.ui.config import GameConfig
from catan_desktop.ui.scenes.game_over import GameOverScene
from catan_desktop.ui.scenes.load_save import LoadScene
from catan_desktop.ui.scenes.replay import ReplayScene


def _finished_game(seed: int = 7) -> Game:
    game = Game.new("base", players=4, seed=seed)
    play_game(game, [create_bot("random", seed=seed * 10 + s) for s in range(4)], max_turns=600)
    assert game.is_over
    return game


def _shown(scene: ReplayScene) -> str:
    """The position the screen shows, as a snapshot."""
    return scene.ctl.game.to_json()


def test_a_finished_game_replays_from_game_over(app, drive, fake_game) -> None:
    game = _finished_game()
    config = GameConfig.default(4)
    game_scene = fake_game(app, config)
    game_scene.game = game
    app.push(game_scene)
    over = GameOverScene(app, game_scene)
    app.push(over)
    app.step()
    drive.click(over.buttons["replay"])
    replay = app.top
    assert isinstance(replay, ReplayScene) and replay.step == 0
    timeline = replay.timeline
    assert timeline.steps == len(game.history)

    drive.press(pygame.K_RIGHT)
    assert replay.step == 1 and _shown(replay) == timeline.game_at(1).to_json()
    drive.press(pygame.K_PAGEDOWN)  # to the next turn's start
    assert replay.step == timeline.next_turn(1)
    drive.click(replay.buttons["turn_forward"])
    third = replay.step
    assert replay.ctl.game.turn == timeline.turn_at(third) and third in timeline.turn_starts
    drive.click(replay.buttons["back"])
    assert replay.step == third - 1
    drive.press(pygame.K_PAGEUP)
    assert replay.step == timeline.previous_turn(third - 1)
    drive.press(pygame.K_END)
    assert replay.step == timeline.steps and _shown(replay) == game.to_json()
    assert not replay.buttons["forward"].is_enabled and replay.buttons["back"].is_enabled
    drive.press(pygame.K_HOME)
    assert replay.step == 0 and not replay.buttons["back"].is_enabled

    # the timeline in the header: a click in its middle jumps there, a drag follows the mouse
    slider = replay.slider
    assert slider is not None
    drive.click_at(slider.center)
    assert abs(replay.step - timeline.steps / 2) <= timeline.steps * 0.02
    start = (slider.x + slider.w // 4, slider.centery)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(slider.right - 1, slider.centery), rel=(0, 0),
                                 buttons=(1, 0, 0))])
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(slider.right - 1, slider.centery), button=1)])
    assert replay.step >= timeline.steps * 0.97 and not replay.dragging
    assert _shown(replay) == timeline.game_at(replay.step).to_json()

    # playing by itself: one action each time its moment comes
    drive.press(pygame.K_HOME)
    drive.press(pygame.K_SPACE)
    assert replay.playing
    began = replay.step  # the first action comes at once
    for _ in range(3):
        replay.next_step_at = time.perf_counter() - 1
        app.step([])
    assert replay.step == began + 3 and _shown(replay) == timeline.game_at(began + 3).to_json()
    drive.press(pygame.K_SPACE)
    assert not replay.playing

    # whose view: each seat in turn, then (a finished game) every hand open
    seen = []
    for _ in range(5):
        drive.press(pygame.K_v)
        seen.append("all" if replay.all_hands else replay.viewer)
    assert seen == [1, 2, 3, "all", 0]
    # "Your hand" by the seat the one human played, never by comparing a name with "You"
    assert replay.hand_title(0) == "Your hand" and replay.hand_title(1) == "Anna's hand"
    drive.press(pygame.K_v)
    assert replay.viewer == 1 and replay.view.hand == timeline.game_at(replay.step).seat_view(1).hand
    app.draw()

    drive.press(pygame.K_ESCAPE)
    assert app.top is over
    assert not autosave_path().exists()  # a replay writes nothing


def test_a_save_replays_from_load_game_and_keeps_a_game_in_progress_secret(app, drive) -> None:
    game = Game.new("base", players=3, seed=4)
    play_game(game, [create_bot("random", seed=s) for s in range(3)], max_turns=12)
    assert not game.is_over
    saves_dir().mkdir(parents=True, exist_ok=True)
    save_game(game, saves_dir() / "a.json", "Midway", {"config": GameConfig.default(3).to_dict()})
    load = LoadScene(app)
    app.push(load)
    app.step()
    load.select(next(i for i, (info, auto) in enumerate(load.entries) if not auto))
    drive.click(load.replay_button)
    replay = app.top
    assert isinstance(replay, ReplayScene)
    drive.press(pygame.K_END)
    assert _shown(replay) == game.to_json()
    views = []
    for _ in range(4):
        drive.press(pygame.K_v)
        views.append("all" if replay.all_hands else replay.viewer)
    assert "all" not in views and views == [1, 2, 0, 1]  # a game not over shows one seat's view only
    drive.click(replay.buttons["close"])
    assert app.top is load
