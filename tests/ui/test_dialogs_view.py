"""The game screen's dialogs read only the seat view (never the engine's state); a counter-offer may change
both sides; the bank dialog shows the cards as pictures that a click picks. Driven headless by posting real
mouse and keyboard events to the real dialogs."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import re  # noqa: E402
from collections.abc import Callable  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from pygame_gui.elements import UIButton, UILabel  # noqa: E402
from test_game_scene import click, dialog_buttons, press, pump  # noqa: E402

from catan_desktop.ai import RandomBot  # noqa: E402
from catan_desktop.engine import Action, Game, make_bundle  # noqa: E402
from catan_desktop.persistence import LoadedSave  # noqa: E402
from catan_desktop.text import reason_for  # noqa: E402
from catan_desktop.ui.app import App  # noqa: E402
from catan_desktop.ui.config import GameConfig  # noqa: E402
from catan_desktop.ui.scenes import trade_dialogs as tdlg  # noqa: E402
from catan_desktop.ui.scenes.game import GameScene  # noqa: E402

SCENES = Path(__file__).resolve().parents[2] / "catan_desktop" / "ui" / "scenes"
DIALOG_FILES = ("trade_dialogs.py", "dois_dialogs.py", "game_dialogs.py", "game_over.py", "load_save.py")


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CATAN_DESKTOP_HOME", str(tmp_path))
    return tmp_path


# ----------------------------------------------------------------------------------------- architecture


def test_the_dialogs_never_read_the_engine_state() -> None:
    """The project rule: the UI reads the seat view (``scene.view``, ``Game.seat_view``) and the engine's
    public verbs, never ``game.s`` nor a rule module's helper that reads it."""
    state_read = re.compile(r"\.s\.|\.s\b")
    helper_read = re.compile(
        r"\bmarket\.(state|price|market_count|market_open_now|market_actions)\(|\btokens_of\(|\breserve_of\("
        r"|\bengine\.queries\b|\bharbour_rates\("
    )
    hits = []
    for name in DIALOG_FILES:
        for number, line in enumerate((SCENES / name).read_text(encoding="utf-8").splitlines(), 1):
            if state_read.search(line) or helper_read.search(line):
                hits.append(f"{name}:{number}: {line.strip()}")
    assert hits == []


def test_the_architecture_check_finds_a_state_read() -> None:
    pattern = re.compile(r"\.s\.|\.s\b")
    assert pattern.search("hand = self.game.s.hands[seat]") and pattern.search("s = g.s")
    assert not pattern.search("hand = self.view.hand") and not pattern.search("self.scene.names")


# ---------------------------------------------------------------------------------------------- staging


def staged(seed: int, until: Callable[[Game], bool], players: int = 4) -> Game:
    """A base game played by random computers (no domestic offers) until ``until`` holds."""
    g = Game.new("base", players=players, seed=seed)
    bots = [RandomBot(seed * 7 + i) for i in range(players)]
    for _ in range(20000):
        if until(g):
            return g
        action = bots[g.current_player].choose(g, g.current_player)
        if action.kind == "offer":
            action = next(a for a in g.legal_actions() if a.kind != "offer")
        g.apply(action)
    raise AssertionError("the staged position was never reached")


def scene_for(app: App, game: Game) -> GameScene:
    """The game screen on ``game``: seat 0 human, the others random computers."""
    config = GameConfig.default(game.players)
    for seat in config.seats[1:]:
        seat.kind = "random"
    app.settings.animation_speed = "instant"
    scene = GameScene(app, config, LoadedSave(game, "", ""))
    app.push(scene)
    pump(app, 3)
    return scene


def offered_to_me(app: App, seed: int = 5) -> tuple[GameScene, tdlg.AnswerOfferDialog, dict[str, str]]:
    """Seat 1 (a computer) offers seat 0 (the human) one card; returns the scene, the answer dialog and
    the resources at play: ``theirs`` (what they give), ``mine`` (a card seat 0 holds) and ``other``."""

    def resources(g: Game) -> dict[str, str] | None:
        names = g.rules.resources
        mine, theirs = g.seat_view(0).hand, g.seat_view(1).hand
        give = next((names[i] for i, n in enumerate(theirs) if n), None)
        have = next((names[i] for i, n in enumerate(mine) if n and names[i] != give), None)
        if give is None or have is None:
            return None
        return {"theirs": give, "mine": have, "other": next(r for r in names if r not in (give, have))}

    def offer(res: dict[str, str]) -> Action:
        return Action("offer", make_bundle({res["theirs"]: 1}), make_bundle({res["other"]: 1}), (0,))

    def ready(g: Game) -> bool:
        if not (g.phase == "main" and g.current_player == 1):
            return False
        res = resources(g)
        return res is not None and g.is_legal(offer(res))

    g = staged(seed, ready)
    res = resources(g)
    assert res is not None
    g.apply(offer(res))
    scene = scene_for(app, g)
    for _ in range(20):
        if isinstance(app.top, tdlg.AnswerOfferDialog):
            break
        pump(app)
    dialog = app.top
    assert isinstance(dialog, tdlg.AnswerOfferDialog)
    return scene, dialog, res


def test_a_resized_dialog_keeps_only_its_current_buttons(home: Path) -> None:
    """Issue 35, item 9: each layout's buttons stayed in the dialog's table of button handlers, alive with
    their pictures, for as long as the dialog was open (an offer waiting through many resizes)."""
    app = App(size=(1280, 720))
    _scene, dialog, _res = offered_to_me(app)
    count = len(dialog.actions)
    for size in ((1000, 700), (1600, 900), (900, 650), (1280, 720)):
        pygame.display.set_mode(size, pygame.RESIZABLE)
        app.step(pygame.event.get())
        assert len(dialog.actions) == count
    alive = set(dialog.ui.get_sprite_group().sprites())
    assert all(button in alive for button in dialog.actions)
    press(app, dialog.counter_button)  # the handlers still work: nothing to send yet, the dialog stays
    assert app.top is dialog


def test_a_dialog_resized_smaller_fits_its_words(home: Path) -> None:
    """A trade offer open while the window shrinks from 1280x720 to 1000x700 kept the fonts of 1280x720
    in a dialog laid out for 1000x700: its offer needed a scroll bar and "Or counter: you give (you hold)"
    was cut (pygame_gui: "Label Rect is too small for text")."""
    import warnings

    app = App(size=(1280, 720))
    _scene, dialog, _res = offered_to_me(app)
    for size in ((1000, 700), (900, 650), (1600, 900)):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            pygame.display.set_mode(size, pygame.RESIZABLE)
            app.step(pygame.event.get())
            app.step([])
        cut = [str(w.message) for w in caught if "too small" in str(w.message)]
        assert cut == [], (size, cut)


def stepper_buttons(dialog: tdlg.AnswerOfferDialog, text: str, side: str, resource: str) -> UIButton:
    """The + or − button of ``resource`` on the give (first) or get (second) stepper."""
    buttons = dialog_buttons(dialog, text)
    stepper = dialog.counter_give if side == "give" else dialog.counter_get
    column = stepper.order.index(dialog.rules.resources.index(resource))
    return buttons[column + (0 if side == "give" else len(stepper.order))]  # type: ignore[return-value]


# --------------------------------------------------------------------------------------- counter-offers


def test_a_counter_offer_can_change_both_sides(home: Path) -> None:
    app = App(size=(1280, 720))
    scene, dialog, res = offered_to_me(app)
    names = scene.ctl.game.rules.resources
    # the get side starts from what they offered; the give side shows how many you hold
    assert dialog.counter_get.values[names.index(res["theirs"])] == 1
    assert dialog.counter_give.limits == list(scene.view.hand)
    assert not dialog.counter_button.is_enabled
    press(app, stepper_buttons(dialog, "+", "give", res["mine"]))  # you give one of yours...
    press(app, stepper_buttons(dialog, "−", "get", res["theirs"]))  # ...and want something else
    press(app, stepper_buttons(dialog, "+", "get", res["other"]))
    assert dialog.counter_button.is_enabled
    assert dialog.counter_action() == Action(
        "counter", make_bundle({res["mine"]: 1}), make_bundle({res["other"]: 1})
    )

    answers = []
    real = scene.ctl.apply

    def spy(action: Action):  # type: ignore[no-untyped-def]
        events = real(action)
        if action.kind == "counter":  # what the engine holds at once, before the computer answers it
            answers.append(scene.ctl.game.seat_view(0).trade.answers[0])
        return events

    scene.ctl.apply = spy  # type: ignore[method-assign]
    press(app, dialog.counter_button)
    assert app.top is not dialog
    gives, gets = [0] * len(names), [0] * len(names)
    gives[names.index(res["mine"])] = 1
    gets[names.index(res["other"])] = 1
    assert answers == [("counter", tuple(gives), tuple(gets))]
    counters = [ev for ev in scene.ctl.game.log if ev.get("t") == "counter" and ev.get("seat") == 0]
    assert counters[-1]["give"] == {res["mine"]: 1} and counters[-1]["get"] == {res["other"]: 1}


def test_an_invalid_counter_offer_cannot_be_sent_and_says_why(home: Path) -> None:
    app = App(size=(1280, 720))
    scene, dialog, res = offered_to_me(app)
    assert not dialog.counter_button.is_enabled  # nothing given yet
    assert dialog.counter_button.tool_tip_text == "Choose at least one card on each side"
    press(app, stepper_buttons(dialog, "+", "give", res["mine"]))
    press(app, stepper_buttons(dialog, "+", "get", res["mine"]))  # the same resource on both sides
    action = Action("counter", make_bundle({res["mine"]: 1}),
                    make_bundle({res["theirs"]: 1, res["mine"]: 1}))  # fmt: skip
    assert dialog.counter_action() == action
    reason = scene.ctl.game.why_illegal(action)
    assert reason is not None
    shown = reason_for(reason, scene.names, 0)
    assert not dialog.counter_button.is_enabled
    assert dialog.counter_button.tool_tip_text == shown and dialog.info.text == shown
    before = len(scene.ctl.game.history)
    press(app, dialog.counter_button)  # a disabled button does nothing
    assert app.top is dialog and len(scene.ctl.game.history) == before
    press(app, stepper_buttons(dialog, "−", "get", res["mine"]))  # fixed: it can be sent
    assert dialog.counter_button.is_enabled


def test_the_give_side_of_a_counter_offer_stops_at_what_you_hold(home: Path) -> None:
    app = App(size=(1280, 720))
    scene, dialog, res = offered_to_me(app)
    held = scene.view.hand[scene.ctl.game.rules.resources.index(res["mine"])]
    plus = stepper_buttons(dialog, "+", "give", res["mine"])
    for _ in range(held + 2):
        press(app, plus)
    assert dialog.counter_give.values[scene.ctl.game.rules.resources.index(res["mine"])] == held


# ---------------------------------------------------------------------------------------------- the bank


def my_bank_turn(app: App, seed: int = 3, at_least: int = 1) -> tuple[GameScene, tdlg.BankDialog]:
    """Seat 0's main phase holding enough of some resource for ``at_least`` bank trades; the Bank button
    pressed."""

    def ready(g: Game) -> bool:
        view = g.seat_view(0)
        return g.phase == "main" and g.current_player == 0 and any(
            n >= at_least * rate for n, rate in zip(view.hand, view.harbour_rates, strict=True)
        )

    scene = scene_for(app, staged(seed, ready))
    assert scene.ctl.human_to_act and scene.buttons["bank"].is_enabled
    press(app, scene.buttons["bank"])
    dialog = app.top
    assert isinstance(dialog, tdlg.BankDialog)
    return scene, dialog


def card_rect(dialog: tdlg.BankDialog, side: str, resource: str) -> pygame.Rect:
    return next(rect for s, name, rect in dialog.cards if s == side and name == resource)


def test_the_bank_dialog_draws_card_pictures_and_a_click_on_a_card_trades(home: Path) -> None:
    app = App(size=(1280, 720))
    scene, dialog = my_bank_turn(app)
    names = scene.ctl.game.rules.resources
    asked: list[tuple[str, tuple[int, int]]] = []
    real = app.assets.scaled

    def spy(name: str, size: tuple[int, int]) -> pygame.Surface:
        asked.append((name, tuple(size)))  # type: ignore[arg-type]
        return real(name, size)

    app.assets.scaled = spy  # type: ignore[method-assign]
    try:
        dialog.draw(app.screen)  # the dialog alone (the game screen beneath draws the hand's cards)
    finally:
        del app.assets.scaled
    size = (scene.px(dialog.CARD[0]), scene.px(dialog.CARD[1]))
    for name in names:  # each resource twice: what you give and what you get
        assert asked.count((f"cards/{name}", size)) == 2, (name, asked)
    # the cards follow the hand's order and carry the rates and the counts
    view = scene.view
    assert [n for s, n, _r in dialog.cards if s == "give"] == [names[i] for i in dialog.order]
    for name in names:
        i = names.index(name)
        assert dialog.give_buttons[name].text.endswith(f"{view.harbour_rates[i]}:1")
        assert str(view.hand[i]) in dialog.give_buttons[name].tool_tip_text
        assert dialog.get_buttons[name].is_enabled == (view.bank[i] > 0)

    view = scene.view
    give = next(n for n in names if view.hand[names.index(n)] >= view.harbour_rates[names.index(n)])
    get = next(n for n in names if n != give and view.bank[names.index(n)])
    click(app, card_rect(dialog, "give", give).center)
    assert dialog.give == give and dialog.give_buttons[give].text.startswith("\u2713")
    click(app, card_rect(dialog, "get", get).center)
    assert dialog.get == get and dialog.ok.is_enabled
    before = view.hand
    press(app, dialog.ok)
    assert scene.ctl.game.history[-1] == str(Action("maritime", give, get))
    after = scene.view.hand
    g_i, t_i = names.index(give), names.index(get)
    assert after[g_i] == before[g_i] - view.harbour_rates[g_i] and after[t_i] == before[t_i] + 1
    assert app.top is dialog  # it stays open for another trade, showing the new hand
    assert dialog.hand == list(after)


def test_a_click_on_a_card_you_cannot_trade_says_why(home: Path) -> None:
    app = App(size=(1280, 720))
    scene, dialog = my_bank_turn(app)
    names = scene.ctl.game.rules.resources
    view = scene.view
    short = [n for n in names if view.hand[names.index(n)] < view.harbour_rates[names.index(n)]]
    if not short:
        pytest.skip("this position holds enough of every resource")
    click(app, card_rect(dialog, "give", short[0]).center)
    assert dialog.give is None
    assert dialog.info.text == dialog.give_buttons[short[0]].tool_tip_text
    assert not dialog.give_buttons[short[0]].is_enabled


def test_the_bank_dialog_works_from_the_keyboard(home: Path) -> None:
    app = App(size=(1280, 720))
    scene, dialog = my_bank_turn(app)
    names = scene.ctl.game.rules.resources
    view = scene.view
    give = next(n for n in names if view.hand[names.index(n)] >= view.harbour_rates[names.index(n)])
    get = next(n for n in names if n != give and view.bank[names.index(n)])

    def key(resource: str, mod: int = 0) -> None:
        k = dialog.order.index(names.index(resource))
        event = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1 + k, mod=mod, unicode="", scancode=0)
        pygame.event.post(event)
        pump(app, 2)

    key(give)
    key(get, pygame.KMOD_LSHIFT)
    assert (dialog.give, dialog.get) == (give, get)
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    pygame.event.post(enter)
    pump(app, 2)
    assert scene.ctl.game.history[-1] == str(Action("maritime", give, get))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    pump(app, 2)
    assert app.top is scene


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_the_trade_dialogs_fit_and_nothing_overlaps(home: Path, size: tuple[int, int]) -> None:
    """The card pictures (with their selection ring and count badge) stay inside the dialog and clear of
    every label and button; no two widgets overlap."""
    app = App(size=size)
    scene, dialog = my_bank_turn(app)
    px = scene.px
    widgets = [w for w in dialog.ui.get_sprite_group().sprites()
               if isinstance(w, UIButton | UILabel) and w.visible]  # fmt: skip
    for _side, name, rect in dialog.cards:
        ring = rect.inflate(px(10), px(10))
        assert dialog.rect.contains(ring), name
        for w in widgets:
            assert not ring.colliderect(w.rect), (name, getattr(w, "text", ""), w.rect, ring)
    rects = [w.rect for w in widgets]
    for i, a in enumerate(rects):
        assert dialog.rect.contains(a)
        assert not any(a.colliderect(b) for b in rects[i + 1 :]), a

    app2 = App(size=size)
    _scene, answer, _res = offered_to_me(app2)
    widgets = [w for w in answer.ui.get_sprite_group().sprites()
               if isinstance(w, UIButton | UILabel) and w.visible]  # fmt: skip
    rects = [w.rect for w in widgets]
    for i, a in enumerate(rects):
        assert answer.rect.contains(a), getattr(widgets[i], "text", "")
        assert not any(a.colliderect(b) for b in rects[i + 1 :]), getattr(widgets[i], "text", "")
