"""Headless fixtures for the UI tests: dummy SDL drivers, a private home folder per test, an App, a driver
that posts real mouse and keyboard events, and a stand-in for the game screen."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"  # before pygame opens a display
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Callable, Iterator  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from catan_desktop.ui.app import App  # noqa: E402
from catan_desktop.ui.scene import Scene  # noqa: E402


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Settings, saves and logs go to a fresh folder, never the real user folders."""
    root = tmp_path / "home"
    monkeypatch.setenv("CATAN_DESKTOP_HOME", str(root))
    return root


@pytest.fixture
def app(home: Path) -> Iterator[App]:
    """A 1280x720 app on the dummy display, with an empty event queue."""
    application = App(size=(1280, 720))
    pygame.event.clear()
    yield application
    application.close(len(application.scenes))  # as leaving each screen would: its threads stop
    pygame.event.clear()


class Driver:
    """Drive an App with real events: clicks at a widget's centre, key presses, typed text.

    pygame_gui reports presses and changes by posting events to pygame's queue; ``pump`` feeds them back
    to the app the way the main loop does.
    """

    def __init__(self, app: App) -> None:
        self.app = app

    def pump(self, rounds: int = 3) -> None:
        for _ in range(rounds):
            self.app.step(pygame.event.get())

    def click_at(self, pos: tuple[int, int]) -> None:
        self.app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
        self.app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
        self.app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
        self.pump()

    def click(self, element: Any) -> None:
        """Click a pygame_gui element (a button, a list item, a text entry)."""
        self.click_at(element.rect.center)

    def press(self, key: int, mod: int = 0, unicode: str = "") -> None:
        self.app.step([pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0)])
        self.app.step([pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0)])
        self.pump()

    def type(self, text: str) -> None:
        for ch in text:
            self.app.step([pygame.event.Event(pygame.TEXTINPUT, text=ch)])
        self.pump()


@pytest.fixture
def drive(app: App) -> Driver:
    return Driver(app)


@pytest.fixture
def drive_at(home: Path) -> Iterator[Callable[[tuple[int, int]], tuple[App, Driver]]]:
    """An app of a given size with its driver (for tests that try several window sizes)."""

    def make(size: tuple[int, int]) -> tuple[App, Driver]:
        application = App(size=size)
        pygame.event.clear()
        return application, Driver(application)

    yield make
    pygame.event.clear()


class FakeGameScene(Scene):
    """Stands in for the game screen (catan_desktop.ui.scenes.game.GameScene): same constructor and the
    attributes the menus use, and a record of what was asked of it."""

    created: list[FakeGameScene] = []

    class Port:
        """The little of a seat port (catan_desktop/ui/seat_port.py) the menus read of a game screen."""

        def __init__(self, scene: FakeGameScene) -> None:
            self.scene = scene

        @property
        def rules(self) -> Any:
            return self.scene.game.rules

        def record(self) -> Any:
            return self.scene.game

    def __init__(self, app: App, config: Any, loaded: Any = None) -> None:
        super().__init__(app)
        from catan_desktop.engine import Game

        self.config = config
        self.loaded = loaded
        self.game = loaded.game if loaded is not None else Game.new(
            config.variant, players=config.players, seed=config.seed, board=config.board,
            options=config.engine_options())
        self.autosaves = 0
        self.port = FakeGameScene.Port(self)
        humans = [i for i, seat in enumerate(config.seats) if seat.is_human]
        self.viewer = humans[0] if humans else 0  # (ui/scenes/played.py: PlayedGame)
        self.you = humans[0] if humans else -1
        FakeGameScene.created.append(self)

    @property
    def colours(self) -> list[str]:
        return [seat.colour for seat in self.config.seats]

    def save_named(self, name: str) -> Path:
        from catan_desktop.persistence import save_game
        from catan_desktop.persistence.userdirs import saves_dir

        path = saves_dir() / ("".join(c if c.isalnum() else "_" for c in name) + ".json")
        save_game(self.game, path, name, {"config": self.config.to_dict()})
        return path

    def autosave(self) -> None:
        from catan_desktop.persistence import save_game
        from catan_desktop.persistence.userdirs import autosave_path

        self.autosaves += 1
        save_game(self.game, autosave_path(), "", {"config": self.config.to_dict()})

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((30, 80, 130))


@pytest.fixture
def fake_game(monkeypatch: pytest.MonkeyPatch) -> type[FakeGameScene]:
    """Stand the fake in for the board game's screen: screens open it by name (ui/screens.py)."""
    from catan_desktop.ui import screens

    screens.load_all()
    monkeypatch.setitem(screens.FACTORIES, "game", FakeGameScene)
    FakeGameScene.created = []
    return FakeGameScene
