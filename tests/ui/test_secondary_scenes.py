"""Load and save, the pause menu, the game-over screen and the pass-the-device cover, driven by real events;
plus every screen laid out inside the window at the smallest and largest supported sizes, and the
background music following the music volume."""

from __future__ import annotations

import logging
import warnings
from pathlib import Path

import pygame
import pygame_gui
import pytest

from catan_desktop.engine import Game
from catan_desktop.net.client import NetClient
from catan_desktop.persistence import list_saves, save_game
from catan_desktop.persistence.userdirs import autosave_path, saves_dir
from catan_desktop.render.assets import Assets
from catan_desktop.ui.app import App
from catan_desktop.ui.config import GameConfig
from catan_desktop.ui.dialogs import ConfirmScene, MessageScene
from catan_desktop.ui.remote_port import RemotePort
from catan_desktop.ui.scenes.game_over import GameOverScene, dice_odds
from catan_desktop.ui.scenes.load_save import LoadScene, SaveScene, default_save_name
from catan_desktop.ui.scenes.lobby import LobbyScene
from catan_desktop.ui.scenes.menu import MenuScene
from catan_desktop.ui.scenes.new_game import NewGameScene
from catan_desktop.ui.scenes.online import OnlineScene
from catan_desktop.ui.scenes.pass_device import PassDeviceScene
from catan_desktop.ui.scenes.pause import PauseScene
from catan_desktop.ui.scenes.records import ImportScene
from catan_desktop.ui.scenes.rules import RulesScene
from catan_desktop.ui.scenes.settings_scene import SettingsScene
from catan_desktop.ui.scenes.variants import VariantsScene
from catan_desktop.ui.settings import Settings


def played_game(players: int = 4, seed: int = 3, actions: int = 40) -> Game:
    game = Game.new("base", players=players, seed=seed)
    for _ in range(actions):
        game.apply(game.legal_actions()[0])
    return game


def write_save(name: str, file: str, config: GameConfig | None = None) -> Path:
    config = config or GameConfig.default(4)
    path = saves_dir() / file
    save_game(played_game(config.players), path, name, {"config": config.to_dict()})
    return path


def open_load(app: App) -> LoadScene:
    scene = LoadScene(app)
    app.push(scene)
    app.step()
    return scene


def select(drive, scene: LoadScene, index: int) -> None:
    drive.click(scene.list.item_list[index]["button_element"])
    assert scene.selected == index


# ------------------------------------------------------------------------------------------------ load


def test_load_list_shows_saves_the_autosave_and_a_broken_file(app, drive) -> None:
    write_save("Friday game", "friday.json")
    broken = saves_dir() / "broken.json"
    broken.write_bytes(b'{"format": "catan-desktop-save", "vers')
    before = broken.read_bytes()
    config = GameConfig.default(4)
    save_game(played_game(), autosave_path(), "", {"config": config.to_dict()})
    scene = open_load(app)
    labels = [item["text"] for item in scene.list.item_list]
    assert "Autosave" in labels[0]
    assert any("Friday game" in label and "turn" in label for label in labels)
    broken_index = next(i for i, label in enumerate(labels) if "broken" in label)
    assert "truncated" in labels[broken_index]  # the problem is in the list itself
    select(drive, scene, broken_index)
    details = scene.details.html_text
    assert "truncated" in details and str(broken) in details.replace("<br>", "")
    assert not scene.load_button.is_enabled
    drive.press(pygame.K_RETURN)
    assert app.top is scene
    assert broken.read_bytes() == before


def test_loading_a_save_starts_its_game(app, drive, fake_game) -> None:
    config = GameConfig.default(3)
    config.seats[2].name = "Ida"
    path = write_save("Three of us", "three.json", config)
    app.push(MenuScene(app))
    scene = open_load(app)
    drive.click(scene.load_button)
    game_scene = app.top
    assert isinstance(game_scene, fake_game)
    assert app.scenes == [game_scene]
    assert game_scene.config.seats[2].name == "Ida"
    assert game_scene.loaded.name == "Three of us"
    assert path.exists()


def test_loading_over_a_running_game_asks_first(app, drive, fake_game) -> None:
    """Issue 12, defect 12: loading a save replaced the running game without asking."""
    write_save("Three of us", "three.json", GameConfig.default(3))
    running = fake_game(app, GameConfig.default(4))
    app.push(running)
    scene = open_load(app)
    drive.click(scene.load_button)
    assert isinstance(app.top, ConfirmScene) and "is closed" in app.top.text
    drive.click(app.top.cancel)
    assert app.top is scene and running in app.scenes
    drive.click(scene.load_button)
    drive.click(app.top.yes)
    assert isinstance(app.top, fake_game) and app.top is not running and app.scenes == [app.top]


def test_a_save_that_fails_to_load_is_reported_and_kept(app, drive, fake_game) -> None:
    path = saves_dir() / "future.json"
    path.parent.mkdir(parents=True)
    text = '{"format": "catan-desktop-save", "version": 99, "name": "From the future", "snapshot": {}}'
    path.write_text(text)
    scene = open_load(app)
    assert scene.load_button.is_enabled  # it lists fine; loading finds the problem
    drive.click(scene.load_button)
    assert isinstance(app.top, MessageScene)
    assert str(path) in app.top.text and "newer version" in app.top.text
    assert path.read_text() == text
    assert fake_game.created == []


def test_delete_asks_first(app, drive) -> None:
    path = write_save("Doomed", "doomed.json")
    scene = open_load(app)
    drive.click(scene.delete_button)
    assert isinstance(app.top, ConfirmScene)
    drive.press(pygame.K_ESCAPE)  # cancel
    assert app.top is scene and path.exists()
    drive.press(pygame.K_DELETE)
    drive.click(app.top.yes)
    assert app.top is scene
    assert not path.exists()
    assert scene.entries == []


def test_save_overlay_saves_and_asks_before_replacing(app, drive, fake_game) -> None:
    game_scene = fake_game(app, GameConfig.default(4))
    app.push(game_scene)
    drive.press(pygame.K_ESCAPE)  # the stand-in has no pause key; push the overlay ourselves
    overlay = SaveScene(app, game_scene.save_named)
    app.push(overlay)
    app.step()
    assert overlay.entry.get_text() == default_save_name()
    overlay.entry.set_text("")
    drive.click(overlay.entry)
    drive.type("Evening")
    drive.press(pygame.K_RETURN)
    assert isinstance(app.top, MessageScene) and "Evening" in app.top.text
    assert [s.name for s in list_saves(saves_dir())] == ["Evening"]
    drive.press(pygame.K_RETURN)
    assert app.top is game_scene

    again = SaveScene(app, game_scene.save_named)
    app.push(again)
    app.step()
    again.entry.set_text("Evening")
    drive.click(again.save)
    assert isinstance(app.top, ConfirmScene) and "Evening" in app.top.text
    drive.click(app.top.yes)
    assert isinstance(app.top, MessageScene)
    assert len(list_saves(saves_dir())) == 1


def test_save_failure_is_reported(app, drive, fake_game, monkeypatch) -> None:
    from catan_desktop.persistence import SaveError

    game_scene = fake_game(app, GameConfig.default(4))

    def refuse(name: str) -> Path:
        raise SaveError("/nowhere/x.json", "could not write the save (Read-only file system)")

    monkeypatch.setattr(game_scene, "save_named", refuse)
    app.push(game_scene)
    overlay = SaveScene(app, game_scene.save_named)
    app.push(overlay)
    app.step()
    drive.click(overlay.save)
    assert isinstance(app.top, MessageScene) and "Read-only" in app.top.text
    drive.press(pygame.K_RETURN)
    assert app.top is overlay


# ----------------------------------------------------------------------------------------------- pause


def open_pause(app: App, game_scene: object) -> PauseScene:
    """Show ``game_scene`` with the pause menu over it."""
    app.push(game_scene)  # type: ignore[arg-type]
    pause = PauseScene(app, game_scene)
    app.push(pause)
    app.step()
    return pause


def test_pause_resume_and_entries(app, drive, fake_game) -> None:
    game_scene = fake_game(app, GameConfig.default(4))
    pause = open_pause(app, game_scene)
    drive.press(pygame.K_r)
    assert isinstance(app.top, RulesScene)
    drive.press(pygame.K_ESCAPE)
    drive.click(pause.buttons["settings"])
    assert isinstance(app.top, SettingsScene)
    drive.press(pygame.K_ESCAPE)
    drive.click(pause.buttons["save"])
    assert isinstance(app.top, SaveScene)
    drive.press(pygame.K_ESCAPE)
    assert app.top is pause
    drive.press(pygame.K_ESCAPE)
    assert app.top is game_scene


def test_the_key_that_opens_save_is_not_typed_into_its_name(app, fake_game) -> None:
    """A key comes from SDL as KEYDOWN then TEXTINPUT: Pause's S opened Save, whose name field has the
    focus, and the same key's text went into it ("sGame of 29 Nov 20:29", seen in the real app)."""
    game_scene = fake_game(app, GameConfig.default(4))
    open_pause(app, game_scene)
    app.step([
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="s", scancode=22),
        pygame.event.Event(pygame.TEXTINPUT, text="s"),
        pygame.event.Event(pygame.KEYUP, key=pygame.K_s, mod=0, unicode="s", scancode=22),
    ])
    save = app.top
    assert isinstance(save, SaveScene)
    assert save.entry.get_text() == save.name  # the default name, nothing typed into it
    app.step([pygame.event.Event(pygame.TEXTINPUT, text="x")])  # typing in it afterwards types, and
    assert save.entry.get_text() == "x"  # replaces the suggested name, which is selected


def test_pause_rules_show_the_rules_the_game_plays_by_not_a_file_named_in_the_save(app, drive, fake_game,
                                                                                     tmp_path) -> None:
    """Issue 13: Pause -> Rules read the file that a save's metadata named (any path); it shows the rules
    stored with the game."""
    game_scene = fake_game(app, GameConfig.default(4))
    secret = tmp_path / "elsewhere.yaml"
    secret.write_text("format: 1\nname: elsewhere\n", encoding="utf-8")
    game_scene.config.variant = str(secret)  # what edited save metadata could say
    open_pause(app, game_scene)
    drive.press(pygame.K_r)
    assert isinstance(app.top, RulesScene)
    assert app.top.rules is game_scene.game.rules and app.top.error is None
    app.step()  # its heading too (seen in the real app: opened from the pause menu it had none)
    shown = [getattr(e, "text", "") for e in app.top.ui.get_sprite_group().sprites()]
    assert app.top.title == "Rules" and "Rules" in shown


def test_quit_to_menu_asks_and_then_shows_the_menu(app, drive, fake_game) -> None:
    game_scene = fake_game(app, GameConfig.default(4))
    app.push(game_scene)
    pause = PauseScene(app, game_scene)
    app.push(pause)
    app.step()
    drive.click(pause.buttons["quit"])
    confirm = app.top
    assert isinstance(confirm, ConfirmScene)
    assert "autosaved after every turn" in confirm.text and "Continue" in confirm.text
    drive.click(confirm.cancel)
    assert app.top is pause
    drive.press(pygame.K_q)
    assert isinstance(app.top, ConfirmScene)
    drive.press(pygame.K_RETURN)  # Enter answers with the highlighted button (it did nothing)
    assert len(app.scenes) == 1 and isinstance(app.top, MenuScene)
    assert game_scene.autosaves == 1
    assert app.top.buttons["continue"].is_enabled


# ------------------------------------------------------------------------------------------- game over


def finished(app: App, fake_game, players: int = 4, winners: tuple[int, ...] = (2,)):
    config = GameConfig.default(players)
    game_scene = fake_game(app, config)
    game = played_game(players)
    game.s.winners = list(winners)
    game.s.dice_counts = [0, 0, 3, 5, 8, 11, 14, 17, 13, 12, 9, 6, 2]
    game.s.phase = "over"  # the seat view shows everyone's production only once the game is over
    game_scene.game = game
    app.push(game_scene)
    scene = GameOverScene(app, game_scene)
    app.push(scene)
    app.step()
    return game_scene, scene


def test_game_over_shows_every_player(app, fake_game) -> None:
    game_scene, scene = finished(app, fake_game)
    names = [s.name for s in game_scene.config.seats]
    assert scene.winner_label.text == f"{names[2]} wins!"
    assert [n for n, _row in scene.vp_rows] == names
    assert [n for n, _row in scene.resource_rows] == names
    for seat, (_name, row) in enumerate(scene.vp_rows):
        assert row[-1] == game_scene.game.vp(seat)
        assert sum(row[:-1]) == game_scene.game.vp(seat)
    for seat, (_name, row) in enumerate(scene.resource_rows):
        assert row[:-1] == game_scene.game.s.gained[seat]


def test_nobody_won(app, fake_game) -> None:
    _game_scene, scene = finished(app, fake_game, players=3, winners=())
    assert scene.winner_label.text == "Nobody won"
    assert len(scene.vp_rows) == 3


def test_play_again_keeps_or_changes_the_seed(app, drive, fake_game) -> None:
    game_scene, scene = finished(app, fake_game)
    drive.click(scene.buttons["again"])
    again = app.top
    assert isinstance(again, fake_game) and app.scenes == [again]
    assert again.config == game_scene.config and again.config is not game_scene.config
    _gs, scene = finished(app, fake_game)
    drive.click(scene.buttons["new_seed"])
    assert app.top.config.seed != game_scene.config.seed
    assert app.top.config.seats == game_scene.config.seats


def test_game_over_to_menu_and_view_board(app, drive, fake_game) -> None:
    game_scene, scene = finished(app, fake_game)
    drive.press(pygame.K_ESCAPE)
    assert app.top is game_scene
    _gs, scene = finished(app, fake_game)
    drive.click(scene.buttons["menu"])
    assert isinstance(app.top, MenuScene) and len(app.scenes) == 1


def test_dice_odds_sum_to_one() -> None:
    assert sum(dice_odds(t) for t in range(2, 13)) == pytest.approx(1.0)
    assert dice_odds(7) == pytest.approx(6 / 36) and dice_odds(1) == 0


# ----------------------------------------------------------------------------------------- pass device


def test_pass_device_hides_and_waits_for_a_real_click(app, drive, fake_game) -> None:
    game_scene = fake_game(app, GameConfig.default(4))
    app.push(game_scene)
    ready: list[str] = []
    cover = PassDeviceScene(app, "Anna", lambda: ready.append("Anna"))
    app.push(cover)
    assert cover.opaque
    app.step()
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(10, 10), button=1)])  # left over: ignored
    drive.press(pygame.K_ESCAPE)
    assert app.top is cover and ready == []
    drive.click_at((640, 360))
    assert app.top is game_scene and ready == ["Anna"]


def test_pass_device_space_and_enter(app, drive) -> None:
    ready: list[int] = []
    for key in (pygame.K_SPACE, pygame.K_RETURN):
        app.push(MenuScene(app))
        app.push(PassDeviceScene(app, "Bruno", lambda: ready.append(1)))
        drive.press(key)
        assert isinstance(app.top, MenuScene)
    assert ready == [1, 1]


# --------------------------------------------------------------------------------------------- layout


def _screens(app: App, fake_game) -> dict[str, list]:
    game_scene = fake_game(app, GameConfig.default(4))
    game_scene.game.s.winners = [0]
    return {
        "menu": [MenuScene(app)],
        "new_game": [NewGameScene(app)],
        "settings": [SettingsScene(app)],
        "rules": [RulesScene(app)],
        "variants": [VariantsScene(app)],
        "load": [LoadScene(app)],
        "import_record": [LoadScene(app), ImportScene(app)],
        "save": [game_scene, SaveScene(app, game_scene.save_named)],
        "pause": [game_scene, PauseScene(app, game_scene)],
        "game_over": [game_scene, GameOverScene(app, game_scene)],
        "pass_device": [game_scene, PassDeviceScene(app, "Anna", lambda: None)],
        "online": [OnlineScene(app)],
        "lobby": [LobbyScene(app, RemotePort(NetClient("ws://127.0.0.1:9", "table-1", "You")), 8765)],
    }


@pytest.mark.parametrize("size, ui_scale", [((1280, 720), 1.0), ((1920, 1080), 1.0), ((2560, 1440), 1.0),
                                            ((1280, 720), 1.5), ((2560, 1440), 0.75)])
def test_every_screen_fits_the_window(size, ui_scale, fake_game, home) -> None:
    write_save("A save", "a.json")
    app = App(size=size)
    app.settings.ui_scale = ui_scale
    for name, shown in each_screen(app, fake_game):
        assert_fits(shown, name)


def each_screen(app: App, fake_game):  # type: ignore[no-untyped-def]
    """Show every menu screen in turn; yields (its name, the app) with pygame_gui's layout warnings kept
    in ``app.layout_warnings``."""
    for name, stack in _screens(app, fake_game).items():
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            app.reset_to(stack[0])
            for scene in stack[1:]:
                app.push(scene)
            app.step()
            app.draw()
        app.layout_warnings = [str(w.message) for w in caught]  # type: ignore[attr-defined]
        yield name, app


def assert_fits(app: App, name: str) -> None:
    """No label too small for its text, and every widget of the top screen inside the window."""
    clipped = [w for w in app.layout_warnings if "too small" in w]  # type: ignore[attr-defined]
    assert not clipped, f"{name}: {clipped}"
    ui = getattr(app.top, "ui", None)
    window = app.screen.get_rect()
    for element in ui.get_sprite_group().sprites() if ui is not None else ():
        if element.visible and type(element).__name__ not in ("UITooltip",):
            assert window.contains(element.rect), f"{name}: {type(element).__name__} at {element.rect}"


def test_menu_scales_with_the_window(fake_game) -> None:
    heights = []
    for size in ((1280, 720), (2560, 1440)):  # one display at a time: an App owns the only window
        app = App(size=size)
        menu = MenuScene(app)
        app.push(menu)
        app.step()
        heights.append(menu.buttons["new"].rect.height)
    assert heights[1] >= 1.8 * heights[0]


# ---------------------------------------------------------------------------------------------- music


def slide_music(app: App, scene: SettingsScene, percent: int) -> None:
    """Move the music slider the way a drag does."""
    scene.music_slider.set_current_value(percent)
    app.step([pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, ui_element=scene.music_slider,
                                 value=percent)])


def fresh_app() -> App:
    """An app started after any music of an earlier test was stopped."""
    if pygame.mixer.get_init():
        pygame.mixer.music.stop()
    return App(size=(1280, 720))


def test_music_starts_with_the_app_when_its_volume_is_up(home) -> None:
    app = fresh_app()
    assert app.settings.music_volume > 0
    assert app.music_playing and pygame.mixer.music.get_busy()
    assert pygame.mixer.music.get_volume() == pytest.approx(app.settings.music_volume, abs=0.01)


def test_no_music_at_volume_zero(home) -> None:
    Settings(music_volume=0.0).save()
    app = fresh_app()
    assert app.settings.music_volume == 0
    assert not app.music_playing and not pygame.mixer.music.get_busy()


def test_saving_the_music_volume_stops_and_restarts_it(app, drive) -> None:
    assert app.music_playing
    scene = SettingsScene(app)
    app.push(scene)
    app.step()
    slide_music(app, scene, 0)
    assert not app.music_playing  # the slider previews: fading out already
    drive.click(scene.save_button)
    assert app.settings.music_volume == 0 and not app.music_playing
    scene = SettingsScene(app)
    app.push(scene)
    app.step()
    slide_music(app, scene, 40)
    assert app.music_playing
    drive.click(scene.save_button)
    assert app.top is not scene
    assert app.settings.music_volume == pytest.approx(0.4)
    assert app.music_playing and pygame.mixer.music.get_busy()
    assert pygame.mixer.music.get_volume() == pytest.approx(0.4, abs=0.01)


def test_cancel_puts_the_music_volume_back(app, drive) -> None:
    scene = SettingsScene(app)
    app.push(scene)
    app.step()
    slide_music(app, scene, 90)
    assert pygame.mixer.music.get_volume() == pytest.approx(0.9, abs=0.01)  # heard while sliding
    slide_music(app, scene, 0)
    assert not app.music_playing
    drive.press(pygame.K_ESCAPE)
    assert app.top is not scene
    assert app.settings.music_volume == pytest.approx(0.5)
    assert app.music_playing
    assert pygame.mixer.music.get_volume() == pytest.approx(0.5, abs=0.01)


def test_the_app_works_without_an_audio_device(home, monkeypatch, drive) -> None:
    pygame.mixer.quit()
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-audio-driver")  # pygame.init() cannot open a mixer
    try:
        app = App(size=(1280, 720))
        assert not pygame.mixer.get_init()
        assert not app.music_playing
        app.set_music_volume(1.0)
        app.play_sound("dice")
        scene = SettingsScene(app)
        app.push(scene)
        app.step()
        slide_music(app, scene, 0)
        slide_music(app, scene, 80)
        scene.save()
        assert app.settings.music_volume == pytest.approx(0.8) and not app.music_playing
    finally:
        pygame.mixer.quit()


def test_a_missing_music_file_is_logged_not_raised(home, monkeypatch, tmp_path, caplog) -> None:
    monkeypatch.setattr(Assets, "music_path", lambda self: tmp_path / "nowhere.ogg")
    with caplog.at_level(logging.WARNING, logger="catan_desktop.ui.app"):
        app = fresh_app()
    assert not app.music_playing and not pygame.mixer.music.get_busy()
    assert "nowhere.ogg" in caplog.text
    app.set_music_volume(0.0)
    app.set_music_volume(0.7)  # tried once only: no second warning
    assert caplog.text.count("nowhere.ogg") == 1


def test_settings_offer_only_window_sizes_that_fit_the_screen(app, monkeypatch) -> None:
    """Issue 12, defect 12: Settings offered 2560x1440 on a 1920x1080 screen."""
    from catan_desktop.ui.scenes import settings_scene

    assert settings_scene.fitting_sizes((1920, 1080)) == ["1280x720", "1600x900", "1920x1080"]
    assert settings_scene.fitting_sizes((1024, 600)) == ["1280x720"]  # the smallest one still
    assert settings_scene.fitting_sizes(None)[-1] == "2560x1440"
    monkeypatch.setattr(settings_scene, "desktop_size", lambda: (1920, 1080))
    scene = settings_scene.SettingsScene(app)
    app.push(scene)
    app.step()
    assert [i for _t, i in scene.size_menu.options_list] == ["1280x720", "1600x900", "1920x1080"]


def test_a_long_path_breaks_between_folders_not_inside_a_name() -> None:
    """Issue 12, defect 12: a long path wrapped as "base.y-" / "-aml" in the details boxes."""
    from catan_desktop.ui.widgets import path_html

    path = "/home/ana/.local/lib/python3.11/site-packages/catan_desktop/rules/catan-a-dois.yaml"
    html = path_html("File: ", path, 40)
    lines = html.split("<br>")
    assert "".join(lines) == "File: " + path and all(len(x) <= 40 for x in lines)
    assert all(x.endswith("/") for x in lines[:-1]) and lines[-1] == "catan-a-dois.yaml"
    assert path_html("File: ", "C:\\Users\\ana\\rules\\quick.yaml", 12).split("<br>")[-1] == "quick.yaml"


def test_questions_and_messages_grow_with_the_text_size(app) -> None:
    """Issue 12, defect 9: at 125 % text the quit question stayed at its 100 % size."""
    sizes = []
    for scale in (1.0, 1.25):
        app.settings.ui_scale = scale
        dialog = ConfirmScene(app, "Quit to the menu?", "Your game is autosaved.", lambda: None)
        app.push(dialog)
        app.step()
        sizes.append((dialog.yes.rect.h, dialog.scale))
        app.pop()
        message = MessageScene(app, "Settings", "Saved.")
        app.push(message)
        app.step()
        sizes.append((message.ok.rect.h, message.scale))
        app.pop()
    assert sizes[2][0] > sizes[0][0] and sizes[3][0] > sizes[1][0], sizes


def test_game_over_says_you_win_to_the_winner_by_seat_not_by_name(app, fake_game) -> None:
    """Issue 12 (words from one text layer): "You win!" came from comparing the winner's name with "You";
    a human named anything else who won read "Anna wins!" about themself. It follows the seat now."""
    game_scene, scene = finished(app, fake_game, winners=(0,))
    assert game_scene.config.seats[0].is_human and getattr(game_scene, "viewer", 0) == 0
    assert scene.winner_label.text == "You win!"
    game_scene.config.seats[0].name = "You"  # a computer named "You" that wins is not you
    _gs, other = finished(app, fake_game, winners=(1,))
    assert other.winner_label.text.endswith("wins!") and other.winner_label.text != "You win!"
