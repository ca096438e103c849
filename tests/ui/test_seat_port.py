"""The seat port (issue 32, catan_desktop/ui/seat_port.py): the local and the replay's controllers implement
it, and the add-ons' screen parts and dialogs work through its members alone (strict_port.py). The whole
games through clicks of test_game_scene.py (the base game, 5-6 players, Catan a Dois) run on the strict port
too."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path  # noqa: E402

import pytest  # noqa: E402
from strict_port import MEMBERS, StrictPort  # noqa: E402
from test_game_scene import pump  # noqa: E402

from catan_desktop.engine import Game  # noqa: E402
from catan_desktop.replay import Timeline  # noqa: E402
from catan_desktop.ui.app import App  # noqa: E402
from catan_desktop.ui.config import GameConfig  # noqa: E402
from catan_desktop.ui.controller import GameController  # noqa: E402
from catan_desktop.ui.scenes.game import GameScene  # noqa: E402
from catan_desktop.ui.scenes.replay import ReplayController  # noqa: E402
from catan_desktop.ui.seat_port import SeatPort  # noqa: E402


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


def test_the_strict_port_stops_the_package_reaching_past_it() -> None:
    """Code of the package that asks the port for its game fails; the tests' own reads pass."""
    port = StrictPort(GameController(GameConfig.default(3)))
    reach = {"__name__": "catan_desktop.ui.scenes.somewhere", "port": port}
    with pytest.raises(AttributeError, match="'game'"):
        exec("port.game", reach)
    exec("port.view(0)", reach)
    assert port.used == {"view"}
    assert port.game.players == 3  # a test may look behind it
