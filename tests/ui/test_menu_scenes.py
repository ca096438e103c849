"""The main menu and its sub-screens (New game, Settings, Rules, Scenarios & variants), driven by real
mouse and keyboard events on the dummy display."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pygame_gui
import pytest

from catan_desktop.engine import Game
from catan_desktop.persistence import save_game
from catan_desktop.persistence.userdirs import autosave_path
from catan_desktop.ui.app import App
from catan_desktop.ui.config import GameConfig
from catan_desktop.ui.dialogs import ConfirmScene, MessageScene
from catan_desktop.ui.scenes.menu import MenuScene
from catan_desktop.ui.scenes.new_game import NewGameScene
from catan_desktop.ui.scenes.rules import RulesScene
from catan_desktop.ui.scenes.settings_scene import SettingsScene
from catan_desktop.ui.scenes.variants import VariantsScene
from catan_desktop.ui.settings import Settings
from catan_desktop.variants import VariantInfo


def open_menu(app: App) -> MenuScene:
    menu = MenuScene(app)
    app.push(menu)
    app.step()
    return menu


def choose(app: App, menu: pygame_gui.elements.UIDropDownMenu, option_id: str) -> None:
    """Report a drop-down choice the way pygame_gui does after a click on one of its options."""
    text = next(t for t, i in menu.options_list if i == option_id)
    app.step([pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=menu, text=text,
                                 selected_option_id=option_id)])


def write_autosave(config: GameConfig) -> Path:
    game = Game.new("base", players=config.players, seed=config.seed)
    for _ in range(12):
        game.apply(game.legal_actions()[0])
    save_game(game, autosave_path(), "", {"config": config.to_dict()})
    return autosave_path()


# ------------------------------------------------------------------------------------------------ menu


def test_continue_is_disabled_without_an_autosave(app, drive) -> None:
    menu = open_menu(app)
    button = menu.buttons["continue"]
    assert not button.is_enabled
    assert button.tool_tip_text == "No autosaved game yet"
    drive.press(pygame.K_c)
    drive.click(button)
    assert app.top is menu


def test_menu_shortcuts_open_each_screen_and_esc_comes_back(app, drive) -> None:
    menu = open_menu(app)
    for key, kind in [(pygame.K_n, NewGameScene), (pygame.K_s, SettingsScene), (pygame.K_r, RulesScene),
                      (pygame.K_v, VariantsScene)]:
        drive.press(key)
        assert isinstance(app.top, kind), kind
        drive.press(pygame.K_ESCAPE)
        assert app.top is menu
    drive.press(pygame.K_l)
    assert type(app.top).__name__ == "LoadScene"
    drive.press(pygame.K_ESCAPE)
    drive.press(pygame.K_q)
    assert not app.running


def test_clicking_new_game_opens_the_new_game_screen(app, drive) -> None:
    menu = open_menu(app)
    drive.click(menu.buttons["new"])
    assert isinstance(app.top, NewGameScene)


def test_damaged_autosave_shows_the_file_and_problem_and_is_left_alone(app, drive, fake_game) -> None:
    path = autosave_path()
    path.parent.mkdir(parents=True)
    damaged = b'{"format": "catan-desktop-save", "version": 1, "name": "x", "snap'
    path.write_bytes(damaged)
    before = path.stat().st_mtime_ns
    menu = open_menu(app)
    assert menu.buttons["continue"].is_enabled
    drive.click(menu.buttons["continue"])
    assert isinstance(app.top, ConfirmScene)  # issue 13: what is wrong, file kept, new game offered
    assert str(path) in app.top.text
    assert "truncated" in app.top.text
    assert path.read_bytes() == damaged and path.stat().st_mtime_ns == before
    assert fake_game.created == []
    drive.click(app.top.cancel)
    assert app.top is menu
    drive.click(menu.buttons["continue"])
    drive.click(app.top.yes)
    assert isinstance(app.top, NewGameScene)
    assert path.read_bytes() == damaged and path.stat().st_mtime_ns == before


def test_continue_with_a_finished_game_shows_its_end_and_keeps_the_autosave(app, drive) -> None:
    """Issue 13: Continue with an autosave of a game that is over (here a Catan a Dois stalemate, D-10.1)
    shows the game-over screen and never deletes the file it loaded."""
    config = GameConfig.default(2)
    config.variant = "catan-a-dois"
    game = Game.new("catan-a-dois", players=2, seed=config.seed)
    while not game.is_over:
        kinds = [a for a in game.legal_actions() if a.kind in ("roll", "end")]
        game.apply(kinds[0] if kinds and game.turn > 0 else game.legal_actions()[0])
    assert game.log[-1]["t"] == "stalemate"
    save_game(game, autosave_path(), "", {"config": config.to_dict()})
    before = autosave_path().read_bytes()
    app.settings.animation_speed = "instant"
    menu = open_menu(app)
    drive.click(menu.buttons["continue"])
    for _ in range(200):
        if type(app.top).__name__ == "GameOverScene":
            break
        app.step(pygame.event.get(), 1 / 60)
    assert type(app.top).__name__ == "GameOverScene"
    assert app.top.headline() == "Stalemate: nobody wins"
    assert autosave_path().read_bytes() == before


def test_continue_resumes_the_autosave_with_its_seats(app, drive, fake_game) -> None:
    config = GameConfig.default(3)
    config.seats[0].name = "Zoe"
    write_autosave(config)
    menu = open_menu(app)
    drive.press(pygame.K_c)
    scene = app.top
    assert isinstance(scene, fake_game)
    assert app.scenes == [scene]
    assert scene.loaded is not None and scene.loaded.game.turn == scene.game.turn
    assert [s.name for s in scene.config.seats][0] == "Zoe"
    assert menu not in app.scenes


# -------------------------------------------------------------------------------------------- new game


def test_new_game_remembers_the_last_settings(app, drive, fake_game, home) -> None:
    scene = NewGameScene(app)
    app.push(scene)
    app.step()
    choose(app, scene.players_menu, "3")
    assert scene.players == 3 and len(scene.name_entries) == 3
    drive.click(scene.name_entries[1])
    scene.name_entries[1].set_text("")
    drive.type("Zoe")
    choose(app, scene.kind_menus[0], "random")
    choose(app, scene.board_menu, "beginner")
    choose(app, scene.vp_menu, "12")
    drive.press(pygame.K_RETURN)
    game_scene = app.top
    assert isinstance(game_scene, fake_game)
    config = game_scene.config
    assert [s.name for s in config.seats][1] == "Zoe"
    assert config.players == 3 and config.board == "beginner" and config.vp_target == 12
    assert config.seats[0].kind == "random"
    saved = json.loads((home / "config" / "settings.json").read_text())
    assert saved["last_game"]["seats"][1]["name"] == "Zoe"

    again = App(size=(1280, 720))  # a fresh start reads the settings file
    scene2 = NewGameScene(again)
    again.push(scene2)
    again.step()
    assert scene2.players == 3
    assert scene2.name_entries[1].get_text() == "Zoe"
    assert scene2.board == "beginner" and scene2.vp_target == 12
    assert scene2.seats[0].kind == "random"


def test_new_game_fixes_colour_clashes(app) -> None:
    scene = NewGameScene(app)
    app.push(scene)
    app.step()
    first, second = scene.seats[0].colour, scene.seats[1].colour
    choose(app, scene.colour_menus[1], first)
    colours = [s.colour for s in scene.seats[: scene.players]]
    assert colours[1] == first and colours[0] == second
    assert len(set(colours)) == len(colours)
    assert scene.colour_menus[0].selected_option[1] == second  # the drop-downs show the fix


def test_new_game_refuses_an_empty_name(app, drive, fake_game) -> None:
    scene = NewGameScene(app)
    app.push(scene)
    app.step()
    scene.name_entries[2].set_text("   ")
    drive.click(scene.start_button)
    assert isinstance(app.top, MessageScene)
    assert "Seat 3 has no name" in app.top.text
    assert fake_game.created == []


def test_new_seed_button_changes_the_seed(app, drive) -> None:
    scene = NewGameScene(app)
    app.push(scene)
    app.step()
    seeds = set()
    for _ in range(3):
        drive.click(scene.new_seed_button)
        seeds.add(scene.seed_entry.get_text())
    assert len(seeds) > 1 and all(s.isdigit() for s in seeds)


def test_settings_write_failure_does_not_block_starting(app, drive, fake_game, monkeypatch) -> None:
    def refuse(self: Settings) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Settings, "save", refuse)
    scene = NewGameScene(app)
    app.push(scene)
    app.step()
    drive.press(pygame.K_RETURN)
    assert len(fake_game.created) == 1
    assert isinstance(app.top, MessageScene)
    assert "Permission denied" in app.top.text
    assert app.scenes[0] is fake_game.created[0]


# -------------------------------------------------------------------------------------------- settings


def test_settings_save_and_reload(app, drive, home) -> None:
    scene = SettingsScene(app)
    app.push(scene)
    app.step()
    drive.click(scene.sound_slider.right_button)  # 70% -> 75%
    assert scene.sound_value.text == "75%"
    scene.music_slider.set_current_value(30)  # as if dragged
    moved = pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, ui_element=scene.music_slider, value=30)
    app.step([moved])
    drive.click(scene.colour_blind)
    choose(app, scene.speed_menu, "fast")
    drive.click(scene.save_button)
    assert app.top is not scene
    assert app.settings.colour_blind and app.settings.sound_volume == pytest.approx(0.75)
    assert app.settings.music_volume == pytest.approx(0.3)
    loaded, problem = Settings.load()
    assert problem is None
    assert loaded.colour_blind and loaded.animation_speed == "fast"
    assert loaded.sound_volume == pytest.approx(0.75) and loaded.music_volume == pytest.approx(0.3)


def test_settings_cancel_restores_everything(app, drive) -> None:
    menu = open_menu(app)
    drive.press(pygame.K_s)
    scene = app.top
    drive.click(scene.colour_blind)
    drive.click(scene.fullscreen)
    assert scene.draft.colour_blind
    drive.press(pygame.K_ESCAPE)
    assert app.top is menu
    assert not app.settings.colour_blind and not app.settings.fullscreen
    assert not Settings.path().exists()


def test_settings_window_size_applies_and_relayouts(app, drive, monkeypatch) -> None:
    from catan_desktop.ui.scenes import settings_scene

    monkeypatch.setattr(settings_scene, "desktop_size", lambda: (1920, 1080))  # the dummy screen is small
    menu = open_menu(app)
    old_rect = menu.buttons["new"].rect.copy()
    drive.press(pygame.K_s)
    scene = app.top
    choose(app, scene.size_menu, "1600x900")
    drive.press(pygame.K_RETURN)
    assert app.top is menu
    assert app.size == (1600, 900)
    assert menu.buttons["new"].rect != old_rect  # the menu laid itself out for the new window


def test_settings_write_failure_shows_a_message(app, drive, monkeypatch) -> None:
    def refuse(self: Settings) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Settings, "save", refuse)
    open_menu(app)
    drive.press(pygame.K_s)
    drive.press(pygame.K_RETURN)
    assert isinstance(app.top, MessageScene)
    assert "No space left" in app.top.text


# ----------------------------------------------------------------------------------- rules and variants


def test_rules_show_the_variant_and_the_reference(app, drive) -> None:
    scene = RulesScene(app, "base")
    app.push(scene)
    app.step()
    text = scene.text.html_text
    assert "Catan - base game" in text
    assert "rounded down" in text and "Longest Road" in text and "Building costs" in text
    drive.press(pygame.K_PAGEDOWN)
    drive.click(scene.back_button)
    assert scene not in app.scenes


def test_rules_of_a_missing_variant_say_so(app) -> None:
    scene = RulesScene(app, "no_such_variant")
    app.push(scene)
    app.step()
    assert "cannot be read" in scene.text.html_text


def test_variants_lists_base_and_plays_it(app, drive) -> None:
    scene = VariantsScene(app)
    app.push(scene)
    app.step()
    assert any(v.name == "base" for v in scene.variants)
    assert "3\u20134 players" in scene.details.html_text
    drive.click(scene.rules_button)
    assert isinstance(app.top, RulesScene)
    drive.press(pygame.K_ESCAPE)
    drive.click(scene.play_button)
    assert isinstance(app.top, NewGameScene) and app.top.variant == "base"


def test_a_broken_variant_is_listed_in_red_and_not_playable(app, drive, monkeypatch) -> None:
    import catan_desktop.ui.scenes.variants as module

    real = module.list_variants()
    broken = VariantInfo("zz_broken", "zz_broken", "", 0, 0, Path("/rules/zz_broken.yaml"),
                         error="zz_broken.yaml:3: players.min: must be a whole number")
    monkeypatch.setattr(module, "list_variants", lambda: [*real, broken])
    scene = VariantsScene(app)
    app.push(scene)
    app.step()
    index = len(real)
    item = scene.list.item_list[index]
    assert "broken" in item["text"]
    drive.click(item["button_element"])
    assert scene.selected == index
    assert "must be a whole number" in scene.details.html_text
    assert "color=" in scene.details.html_text  # the problems are in red
    assert not scene.play_button.is_enabled
    drive.press(pygame.K_RETURN)
    assert app.top is scene


OWN_QUICK = "format: 1\nname: quick\ntitle: Quick game\nextends: base\ndescription: To 6.\n" \
            "victory_points:\n  target: 6\n"


def _own_rule_files() -> Path:
    from catan_desktop.paths import user_rules_dir

    folder = user_rules_dir()
    folder.mkdir(parents=True)
    (folder / "quick.yaml").write_text(OWN_QUICK, encoding="utf-8")
    (folder / "typo.yaml").write_text(OWN_QUICK.replace("quick", "typo").replace("target: 6", "target: x"),
                                      encoding="utf-8")
    return folder


def test_a_broken_variant_is_offered_for_a_new_game_and_start_shows_its_problems(app, drive,
                                                                                   fake_game) -> None:
    """Issue 13: one bad rule file is shown with its file:line problems, never hidden, never a crash."""
    folder = _own_rule_files()
    scene = NewGameScene(app)
    app.push(scene)
    app.step()
    labels = dict((i, t) for t, i in scene.variant_menu.options_list)
    assert labels["quick"] == "Quick game \u00b7 your own" and "broken" in labels["typo"]
    choose(app, scene.variant_menu, "typo")
    drive.click(scene.start_button)
    assert isinstance(app.top, MessageScene)
    assert f"{folder / 'typo.yaml'}:7: victory_points.target" in app.top.text
    assert fake_game.created == []
    drive.press(pygame.K_RETURN)
    choose(app, scene.variant_menu, "quick")
    drive.click(scene.start_button)
    assert fake_game.created[0].game.rules.vp_target == 6


def test_variants_lists_own_rule_files_and_opens_their_folder(app, drive, monkeypatch) -> None:
    folder = _own_rule_files()
    scene = VariantsScene(app)
    app.push(scene)
    app.step()
    texts = [item["text"] for item in scene.list.item_list]
    assert any("Quick game" in t and "your own" in t for t in texts)
    typo = next(i for i, v in enumerate(scene.variants) if v.name == "typo")
    drive.click(scene.list.item_list[typo]["button_element"])
    assert "typo.yaml:7" in scene.details.html_text and str(folder) in scene.details.html_text

    def no_file_manager(*args: object, **kwargs: object) -> None:
        raise FileNotFoundError(2, "No such file or directory")

    import catan_desktop.ui.widgets as widgets

    monkeypatch.setattr(widgets.subprocess, "Popen", no_file_manager)
    drive.press(pygame.K_f)
    assert isinstance(app.top, MessageScene) and str(folder) in app.top.text


def test_new_game_colour_blind_shows_the_colours_the_game_uses(app, drive, fake_game) -> None:
    from catan_desktop.render.palette import CLASSIC, COLOUR_BLIND

    app.settings.colour_blind = True
    scene = NewGameScene(app)
    app.push(scene)
    app.step()
    for i, menu in enumerate(scene.colour_menus):
        assert menu.selected_option[1] == COLOUR_BLIND[i]
        assert not menu.is_enabled
    drive.press(pygame.K_RETURN)
    colours = [s.colour for s in fake_game.created[0].config.seats]
    assert set(colours) <= set(CLASSIC) and len(set(colours)) == len(colours)


def test_a_change_without_input_keeps_frames_coming_until_it_shows(app) -> None:
    """Issue 12, defect 1: a dialog the game opened by itself (a computer's answer to an offer) or a button
    enabled after a computer's move stayed invisible until the mouse moved: the loop went idle after one
    frame, before pygame_gui had drawn the change. Any change now keeps frames coming for a moment."""
    import time

    from catan_desktop.ui import app as app_module

    open_menu(app)
    app.last_input = -1e9  # no recent input
    for _ in range(3):
        app.step()
    app.settle_until = 0.0
    assert not app.needs_frames()
    app.show_message("Anna answers", "Anna accepts your offer")  # pushed by the game, not by input
    assert app.needs_frames()
    app.settle_until = time.perf_counter() - 0.01
    assert not app.needs_frames()
    assert app_module.SETTLE_FRAMES >= 0.25  # several frames at 60 per second


def test_the_window_cannot_be_made_smaller_than_the_layouts_allow(app) -> None:
    """Issue 12, defect 9: at 640x400 the hand overlapped the panels; there was no minimum window size."""
    import warnings

    from catan_desktop.ui.app import MIN_WINDOW

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        assert tuple(pygame.Window.from_display_module().minimum_size) == MIN_WINDOW == (800, 600)


@pytest.mark.parametrize(("size", "scale"), [((1366, 768), 1.5), ((1280, 720), 1.25), ((800, 600), 1.25),
                                             ((1920, 1080), 1.0), ((1280, 720), 1.0)])
def test_the_menu_box_never_covers_the_subtitle(home, size, scale) -> None:
    """Issue 12, defect 9: at larger text sizes the menu box covered the subtitle."""
    application = App(size=size)
    application.settings.ui_scale = scale
    menu = MenuScene(application)
    application.push(menu)
    application.step()
    application.draw()
    assert menu.box.rect.top >= menu.subtitle_rect.bottom
    assert menu.box.rect.bottom <= size[1]


def test_choosing_a_variant_keeps_the_seats_difficulties(app, home) -> None:
    """Issue 12, defect 12: choosing a variant must not reset the seat difficulties; the seats a larger
    table adds play at the level already chosen."""
    scene = NewGameScene(app)
    app.push(scene)
    app.step()
    choose(app, scene.variant_menu, "base")
    for menu in scene.kind_menus[1:]:
        choose(app, menu, "hard")
    kinds = [s.kind for s in scene.seats[: scene.players]]
    assert kinds[1:] == ["hard"] * (len(kinds) - 1)
    for variant in ("base-5-6", "catan-a-dois", "base"):
        choose(app, scene.variant_menu, variant)
        shown = [scene.seats[i].kind for i in range(1, scene.players)]
        assert shown == ["hard"] * len(shown), (variant, shown)
        assert all(m.selected_option[1] == "hard" for m in scene.kind_menus[1:]), variant


def test_new_game_offers_balanced_dice_and_remembers_the_choice(app, drive, fake_game) -> None:
    """Issue 19: New game's Dice menu (ordinary by default) starts a game with balanced dice, a rule option
    the engine switches on for any variant; the next New game remembers it."""
    scene = NewGameScene(app)
    app.push(scene)
    app.step()
    assert scene.dice == "ordinary" and scene.config().options == {}
    choose(app, scene.dice_menu, "balanced")
    drive.click(scene.start_button)
    config = fake_game.created[0].config
    assert config.options == {"dice": "balanced"}
    game = Game.new(config.variant, players=config.players, seed=config.seed, options=config.engine_options())
    assert game.module("balanced_dice") is not None
    again = NewGameScene(app)
    assert again.dice == "balanced"
