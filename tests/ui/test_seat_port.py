"""The seat port (issue 32, catan_desktop/ui/seat_port.py): the game screen, its dialogs and the add-ons'
parts play a whole game through the port's members alone, as a client of a game on another computer will give
them; the local and the replay's controllers implement it."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pytest  # noqa: E402
import test_game_scene  # noqa: E402  (the whole-game driver of the game screen's tests)
from test_game_scene import Driver, pump  # noqa: E402

from catan_desktop.engine import Game  # noqa: E402
from catan_desktop.replay import Timeline  # noqa: E402
from catan_desktop.ui.app import App  # noqa: E402
from catan_desktop.ui.config import GameConfig  # noqa: E402
from catan_desktop.ui.controller import GameController  # noqa: E402
from catan_desktop.ui.scenes.game import GameScene  # noqa: E402
from catan_desktop.ui.scenes.replay import ReplayController  # noqa: E402
from catan_desktop.ui.seat_port import SeatPort  # noqa: E402

MEMBERS = frozenset(
    {name for name in vars(SeatPort) if not name.startswith("_")} | set(SeatPort.__annotations__)
)


class StrictPort:
    """A controller seen through the seat port only: any other member (its ``game``, its bots, its undo
    stack) is an AttributeError, so a screen that reached past the port fails here. Records what was used."""

    def __init__(self, inner: GameController) -> None:
        object.__setattr__(self, "_inner", inner)
        object.__setattr__(self, "used", set())

    def __getattr__(self, name: str) -> Any:
        if name not in MEMBERS:
            raise AttributeError(f"the screen asked the seat port for {name!r}, which it does not have")
        self.used.add(name)
        return getattr(self._inner, name)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"the screen set {name!r} on the seat port")


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CATAN_DESKTOP_HOME", str(tmp_path))
    return tmp_path


def test_the_port_has_what_the_screens_need_and_no_game() -> None:
    assert {"view", "legal", "apply", "events_since", "pump", "name", "seat_to_act", "record"} <= MEMBERS
    assert "game" not in MEMBERS and "bots" not in MEMBERS
    config = GameConfig.default(3)
    assert isinstance(GameController(config), SeatPort)
    game = Game.new("base", players=3, seed=4)
    assert isinstance(ReplayController(Timeline.of_game(game), config), SeatPort)


class FakeScene:
    """What the driver's helpers read of a scene: its controller (the real one, for the driver's eyes)."""

    def __init__(self, ctl: GameController) -> None:
        self.ctl = ctl


class PortDriver(Driver):
    """The game screen's whole-game driver; it looks at the real game to choose its clicks, the screen
    sees only the port."""

    def __init__(self, app: App, scene: GameScene, inner: GameController) -> None:
        super().__init__(app, scene)
        self.inner = inner

    @property
    def game(self):  # type: ignore[no-untyped-def]
        return self.inner.game


@pytest.mark.parametrize("variant,players,seed", [("base", 4, 5), ("catan-a-dois", 2, 3)])
def test_a_whole_game_through_clicks_on_the_port_alone(home: Path, monkeypatch: pytest.MonkeyPatch,
                                                       variant: str, players: int, seed: int) -> None:
    """Seat 0 plays by clicks (dialogs included: discards, offers and answers, the robber, Catan a Dois's
    market), the computers move through ``pump``, Game over reads ``record()``: nothing but the port."""
    app = App(size=(1280, 720))
    app.settings.coach = False
    app.settings.animation_speed = "instant"
    config = GameConfig.default(players)
    config.variant, config.seed = variant, seed
    for seat in config.seats[1:]:
        seat.kind = "random"
    inner = GameController(config)
    port = StrictPort(inner)
    scene = GameScene(app, config, controller=port)
    app.push(scene)
    pump(app)
    driver = PortDriver(app, scene, inner)
    original = test_game_scene.pips  # the driver's own look at the board's numbers: the real game's
    monkeypatch.setattr(test_game_scene, "pips", lambda _scene, node: original(FakeScene(inner), node))
    for _ in range(60000):
        if inner.game.is_over:
            break
        driver.step()
    assert inner.game.is_over, f"no end after many steps (turn {inner.game.turn})"
    for _ in range(200):
        pump(app)
        if type(app.top).__name__ == "GameOverScene":
            break
    assert type(app.top).__name__ == "GameOverScene"
    assert {"view", "legal", "apply", "pump", "record"} <= port.used


@pytest.mark.parametrize("variant", ["frenemies", "helpers", "new-york-erie-canal", "base-5-6"])
def test_the_add_ons_parts_draw_and_open_through_the_port(home: Path, variant: str) -> None:
    """Computers play some turns of each add-on on the screen (its panel rows, board marks, hints and
    animations drawn every frame through the port; five seats: the special building phase), then the
    add-on's own dialog opens and draws."""
    app = App(size=(1280, 720))
    app.settings.coach = False
    app.settings.animation_speed = "instant"
    config = GameConfig.default(5 if variant == "base-5-6" else 4)
    config.variant, config.seed = variant, 3
    for seat in config.seats:
        seat.kind = "random"
    inner = GameController(config)
    port = StrictPort(inner)
    scene = GameScene(app, config, controller=port)
    app.push(scene)
    for _ in range(4000):
        if inner.game.turn >= 8 or inner.game.is_over:
            break
        pump(app)
        app.draw()
    assert inner.game.turn >= 8
    assert {"view", "pump", "rules"} <= port.used
    if variant == "base-5-6":
        assert any(ev.get("t") == "special_build" for ev in inner.game.log)  # F-3: the screen followed it
        return
    module = {"frenemies": "frenemies", "helpers": "helpers", "new-york-erie-canal": "erie_canal"}[variant]
    part = scene.kit.addon(module)
    assert part is not None
    dialogs = {"frenemies": "GuildDialog", "helpers": "HelperDialog", "new-york-erie-canal": "CanalDialog"}
    if module == "helpers":
        part.open_dialog()
    elif module == "frenemies":
        from catan_desktop.ui.scenes.frenemies_dialogs import GuildDialog

        app.push(GuildDialog(app, scene.port, scene.kit))
    else:
        from catan_desktop.ui.scenes.scenario_dialogs import CanalDialog

        app.push(CanalDialog(app, scene.port, scene.kit))
    pump(app, 2)
    app.draw()
    assert type(app.top).__name__ == dialogs[variant]
