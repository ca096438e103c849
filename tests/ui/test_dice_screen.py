"""The Catan Dice Game's screens played headless through real clicks and keys (issue 18, "Desktop").

A computer player ("normal") decides each move of the people at the table, but the test never calls the engine
to act: every move is made by clicking the dice, the sheet's symbols, the buttons and the dialogs a player
would use, and the test checks the engine's history afterwards.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pygame
import pygame_gui
import pytest

from catan_desktop.ai import create_bot
from catan_desktop.engine import DiceGame
from catan_desktop.persistence.dice_scores import load_scores, scores_path
from catan_desktop.persistence.userdirs import autosave_path
from catan_desktop.ui.app import App
from catan_desktop.ui.dialogs import ConfirmScene
from catan_desktop.ui.scenes.dice_dialogs import DicePauseScene, ResourceDialog
from catan_desktop.ui.scenes.dice_game import DiceGameScene
from catan_desktop.ui.scenes.dice_over import DiceOverScene
from catan_desktop.ui.scenes.dice_setup import DiceSetupScene
from catan_desktop.ui.scenes.menu import MenuScene
from catan_desktop.ui.scenes.pass_device import PassDeviceScene


def pump(app: App, frames: int = 1) -> None:
    for _ in range(frames):
        app.step(pygame.event.get(), 1 / 60)


def click_at(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pump(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pump(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    pump(app, 2)


def press(app: App, widget: object) -> None:
    click_at(app, widget.rect.center)  # type: ignore[attr-defined]


def key(app: App, k: int, unicode: str = "") -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=unicode, scancode=0)])
    app.step([pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=unicode, scancode=0)])
    pump(app)


def open_setup(app: App) -> DiceSetupScene:
    app.settings.animation_speed = "instant"
    app.push(MenuScene(app))
    pump(app)
    key(app, pygame.K_d)
    assert isinstance(app.top, DiceSetupScene)
    return app.top


def choose(app: App, menu: object, option: str) -> None:
    """Report a drop-down choice the way pygame_gui does after a click on one of its options (as
    tests/ui/test_menu_scenes.py does)."""
    text = next(t for t, i in menu.options_list if i == option)  # type: ignore[attr-defined]
    app.step(
        [
            pygame.event.Event(
                pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=menu, text=text, selected_option_id=option
            )
        ]
    )
    pump(app)


def start_game(app: App, setup: DiceSetupScene, seed: str) -> DiceGameScene:
    press(app, setup.seed_entry)
    for ch in seed:
        app.step([pygame.event.Event(pygame.TEXTINPUT, text=ch)])
    press(app, setup.start_button)
    scene = app.scenes[0]  # under the hand-over cover when another person starts
    assert isinstance(scene, DiceGameScene) and len(app.scenes) <= 2, app.scenes
    return scene


class Player:
    """Plays the people's seats by clicking, as the ``normal`` computer would choose."""

    def __init__(self, app: App, scene: DiceGameScene) -> None:
        self.app, self.scene = app, scene
        self.bot = create_bot("normal", seed=3)
        self.done: Counter[str] = Counter()

    @property
    def game(self) -> DiceGame:
        return self.scene.ctl.game

    def step(self) -> None:
        app, scene = self.app, self.scene
        top = app.top
        if isinstance(top, PassDeviceScene):
            self.done["handover"] += 1
            key(app, pygame.K_SPACE)
        elif isinstance(top, ConfirmScene):
            self.done["confirmed"] += 1
            press(app, top.yes)
        elif top is scene and scene.my_turn and not scene.rolling():
            self.act()
        else:
            pump(app)

    def act(self) -> None:
        scene, game = self.scene, self.game
        before = len(game.history)
        action = self.bot.choose(game.clone(), game.current_player)
        kind = action.kind
        if kind == "roll":
            press(self.app, scene.buttons["roll"])
        elif kind == "reroll":
            for die in range(len(scene.view.dice)):
                if (die in scene.kept) != (die not in action.a):
                    click_at(self.app, scene.die_rects()[die].center)
            press(self.app, scene.buttons["roll"])
        elif kind == "build":
            click_at(self.app, self.spot(f"{action.a[0].upper()}{action.b}"))
        elif kind == "gold":
            press(self.app, scene.buttons["gold"])
            self.pick_resource(action.b)
        elif kind == "swap":
            click_at(self.app, self.spot(f"K{action.c}"))
            assert scene.swap_knight == action.c
            click_at(self.app, scene.die_rects()[action.a].center)
            if isinstance(self.app.top, ResourceDialog):
                self.pick_resource(action.b)
        elif kind == "end":
            key(self.app, pygame.K_e)
            if isinstance(self.app.top, ConfirmScene):
                self.done["confirmed"] += 1
                press(self.app, self.app.top.yes)
        self.done[kind] += 1
        assert len(game.history) > before, f"clicking did not {action} ({game.phase})"

    def spot(self, sid: str) -> tuple[int, int]:
        spot = next(p for p in self.scene.spots() if p.id == sid)
        assert self.scene.sheet_target(spot.centre) == sid
        return spot.centre

    def pick_resource(self, res: str) -> None:
        dialog = self.app.top
        assert isinstance(dialog, ResourceDialog), dialog
        press(self.app, dialog.choices[dialog.options.index(res)])

    def play_to_the_end(self, limit: int = 4000) -> None:
        for _ in range(limit):
            if isinstance(self.app.top, DiceOverScene):
                return
            self.step()
        raise AssertionError(f"the game did not end: {self.game.phase}, turn {self.game.turn}")


def test_a_solo_classic_game_played_through_clicks(app: App) -> None:
    setup = open_setup(app)
    assert setup.sheet is not None and setup.sheet.name == "dice-game" and setup.players == 1
    scene = start_game(app, setup, "11")
    assert scene.config.seed == 11 and scene.ctl.game.players == 1
    press(app, scene.buttons["roll"])
    key(app, pygame.K_e)  # nothing built yet: asked first, since it would write -2
    confirm = app.top
    assert isinstance(confirm, ConfirmScene) and "-2" in confirm.text
    press(app, confirm.cancel)
    assert app.top is scene and scene.ctl.game.phase == "reroll" and scene.view.sheets[0].track == ()
    player = Player(app, scene)
    player.play_to_the_end()
    game = scene.ctl.game
    history = " ".join(game.history)
    assert game.is_over and game.seat_view(0).sheets[0].turns_played == 15
    assert {"roll", "reroll", "build", "end"} <= set(player.done)
    assert "gold " in history and "swap " in history, player.done  # the seed has both
    score = game.score(0)
    table = load_scores("dice-game")
    assert [(e.name, e.score, e.seed) for e in table.entries] == [("You", score, 11)]
    over = app.top
    assert isinstance(over, DiceOverScene) and scene.recorded.new_best and scene.recorded.rank == 0
    assert not autosave_path().exists()  # a finished game leaves nothing to continue
    press(app, over.buttons["menu"])
    assert isinstance(app.top, MenuScene)


def test_a_two_player_plus_game_with_hand_over(app: App) -> None:
    setup = open_setup(app)
    plus = setup.version_buttons["dice-game-plus"]
    press(app, plus)
    assert setup.sheet.name == "dice-game-plus" and setup.players == 2
    choose(app, setup.kind_menus[1], "human")
    assert [s.kind for s in setup.seats[:2]] == ["human", "human"]
    scene = start_game(app, setup, "5")
    player = Player(app, scene)
    player.play_to_the_end()
    view = scene.view
    assert view.is_over and len(view.winners) == 1
    assert view.sheets[view.winners[0]].score >= 10
    assert player.done["handover"] >= 10  # the screen went from one person to the other each turn
    assert not list(Path(scores_path()).parent.glob("dice_scores.json"))  # only solo games are recorded


def test_computer_seats_play_visibly_and_the_log_tells_it(app: App) -> None:
    setup = open_setup(app)
    press(app, setup.version_buttons["dice-game-plus"])
    setup_players = setup.players
    assert setup_players == 2 and setup.seats[1].kind == "normal"
    scene = start_game(app, setup, "3")
    player = Player(app, scene)
    while scene.ctl.game.turn < 5:
        player.step()
    assert any(seat == 1 for _text, seat in scene.log_lines)  # the computer's moves are in the log
    assert scene.ctl.game.turn >= 5


def test_the_setup_screen_keeps_the_player_count_within_the_version(app: App) -> None:
    setup = open_setup(app)
    assert list(setup.player_range) == [1, 2, 3, 4]
    assert [o[1] for o in setup.players_menu.options_list] == ["1", "2", "3", "4"]
    press(app, setup.version_buttons["dice-game-plus"])
    assert list(setup.player_range) == [2, 3, 4] and setup.players == 2
    assert [o[1] for o in setup.players_menu.options_list] == ["2", "3", "4"]
    choose(app, setup.players_menu, "4")
    assert setup.players == 4 and len(setup.name_entries) == 4
    press(app, setup.version_buttons["dice-game"])
    assert setup.players == 4 and setup.sheet.name == "dice-game"
    setup.name_entries[1].set_text("")
    press(app, setup.start_button)
    assert not isinstance(app.top, DiceGameScene)  # a seat without a name: explained, not started
    key(app, pygame.K_RETURN)


def test_continue_resumes_a_dice_game_from_the_autosave(app: App) -> None:
    scene = start_game(app, open_setup(app), "21")
    press(app, scene.buttons["roll"])
    key(app, pygame.K_SPACE)
    press(app, app.top.yes)  # end the turn with nothing built: -2
    assert scene.view.sheets[0].track == (-2,)
    player = Player(app, scene)
    while scene.ctl.game.turn < 3:
        player.step()
    assert json.loads(autosave_path().read_text(encoding="utf-8"))["kind"] == "dice"
    history = list(scene.ctl.game.history)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, DicePauseScene)
    press(app, app.top.buttons["quit"])
    press(app, app.top.yes)  # "Quit to the menu?"
    assert isinstance(app.top, MenuScene)
    key(app, pygame.K_c)
    resumed = app.top
    assert isinstance(resumed, DiceGameScene) and resumed is not scene
    assert resumed.game.history == history and resumed.names == ["You"]


@pytest.mark.parametrize("size", [(1280, 720), (1024, 640)])
def test_the_screen_fits_the_window(drive_at, size: tuple[int, int]) -> None:
    app, _driver = drive_at(size)
    app.settings.animation_speed = "instant"
    from catan_desktop.ui.scenes.dice_demo import demo_config, stage_dice_game

    scene = stage_dice_game(app, demo_config("dice-game-plus", 4, 2), turns=9)
    pump(app, 3)
    r = scene.regions()
    screen = pygame.Rect(0, 0, *size)
    for name in ("card", "tray", "buttons", "players", "log"):
        assert screen.contains(r[name]), name
    assert not r["card"].colliderect(r["tray"]) and not r["tray"].colliderect(r["buttons"])
    assert not r["players"].colliderect(r["log"])
    assert all(screen.contains(d) for d in scene.die_rects())
    assert not getattr(scene, "shortened", set())


def test_the_pause_menus_rules_are_the_dice_games_own(app: App) -> None:
    """Issue 32: the pause menu reads the rules from the game it stands over (its seat port), so a dice
    game's Rules (R) shows the dice game's sheet, not the board game's rules."""
    from catan_desktop.engine.dice_sheet import DiceSheet
    from catan_desktop.ui.scenes.dice_dialogs import DiceRulesScene

    scene = start_game(app, open_setup(app), "22")
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, DicePauseScene)
    key(app, pygame.K_r)
    assert isinstance(app.top, DiceRulesScene) and isinstance(app.top.sheet, DiceSheet)
    assert app.top.sheet is scene.port.rules
