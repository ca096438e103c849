"""Issue 31: what a roll brings (the header's hint, the buttons, a phase's dialog, the tip) shows once the
dice stop rolling on screen, not while they roll."""

from __future__ import annotations

from pathlib import Path

from catan_desktop.engine import Action
from catan_desktop.ui.app import App
from catan_desktop.ui.config import GameConfig
from catan_desktop.ui.scenes.game import GameScene


def test_buttons_and_hint_wait_for_the_dice(home: Path) -> None:
    app = App(size=(1280, 720))
    app.settings.animation_speed = "normal"
    config = GameConfig.default(4)
    config.seed = 5
    for seat in config.seats[1:]:
        seat.kind = "random"
    scene = GameScene(app, config)
    app.push(scene)
    g = scene.ctl.game
    while not (g.current_player == 0 and g.phase == "roll"):  # founding and a round, plainly played
        legal = g.legal_actions()
        scene.ctl.apply(next((a for a in legal if a.kind in ("settle", "road", "roll", "end")), legal[0]))
    scene.ctl.touched()
    scene._ui_state = None
    app.step([])
    assert scene.buttons["roll"].is_enabled
    scene.press("roll")
    app.step([])
    assert scene.dice_rolling()
    assert g.phase != "roll"  # the engine has rolled
    held = [k for k in ("roll", "end", "trade", "bank") if scene.buttons[k].is_enabled]
    assert held == [], f"enabled while the dice roll: {held}"
    assert scene.app.top is scene  # no dialog of the roll's phase yet
    for anim in scene.anims:  # the dice stop
        anim.start -= 10
    app.step([])
    app.step([])
    assert not scene.dice_rolling()
    if g.phase == "main":
        assert scene.buttons["end"].is_enabled
    assert Action("roll") not in g.legal_actions()
