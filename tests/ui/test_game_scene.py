"""The desktop game played through the real scenes, headless, by posting mouse events (issue: desktop game).

A test driver plays seat 0 with a simple greedy policy, but it never calls the engine to act: every move is
made by clicking the same buttons, board spots and dialog controls a player would.
"""

from __future__ import annotations

import json
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections import Counter  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from strict_port import StrictPort  # noqa: E402

from catan_desktop.engine import Action  # noqa: E402
from catan_desktop.engine.modules import market, token_removal, token_robber  # noqa: E402
from catan_desktop.engine.queries import settlement_spot_free, settlement_spots, tokens_of  # noqa: E402
from catan_desktop.ui.app import App  # noqa: E402
from catan_desktop.ui.config import GameConfig  # noqa: E402
from catan_desktop.ui.controller import GameController  # noqa: E402
from catan_desktop.ui.scenes import dois_dialogs as ddlg  # noqa: E402
from catan_desktop.ui.scenes import game_dialogs as dlg  # noqa: E402
from catan_desktop.ui.scenes import trade_dialogs as tdlg  # noqa: E402
from catan_desktop.ui.scenes.game import GameScene  # noqa: E402
from catan_desktop.ui.scenes.game_hand import DEV_ORDER  # noqa: E402
from catan_desktop.ui.scenes.game_log import wrap_pieces  # noqa: E402

PIPS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CATAN_DESKTOP_HOME", str(tmp_path))
    return tmp_path


def pump(app: App, frames: int = 1) -> None:
    for _ in range(frames):
        app.step(pygame.event.get(), 1 / 60)


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    """A real click: move, press, release, then let pygame_gui's own events through."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pump(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pump(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    pump(app, 2)


def press(app: App, widget: object) -> None:
    click(app, widget.rect.center)  # type: ignore[attr-defined]


def dialog_buttons(dialog: dlg.GameDialog, text: str) -> list[object]:
    return [b for b in dialog.actions if getattr(b, "text", None) == text]


def pips(scene: GameScene, node: int) -> int:
    g = scene.ctl.game
    return sum(PIPS.get(g.s.number[h], 0) for h in g.topo.node_hexes[node])


class Driver:
    """Plays seat 0 through clicks and records what it did."""

    def __init__(self, app: App, scene: GameScene) -> None:
        self.app, self.scene = app, scene
        self.done: Counter[str] = Counter()
        self.offered = 0

    @property
    def game(self):  # type: ignore[no-untyped-def]
        return self.scene.ctl.game

    def step(self) -> None:
        app, scene = self.app, self.scene
        top = app.top
        if isinstance(top, dlg.GameDialog):
            self.answer_dialog(top)
        elif top is scene and scene.ctl.human_to_act:
            self.act()
        else:
            pump(app)

    def expect_progress(self, before: int, what: str) -> None:
        assert len(self.game.history) > before, f"clicking did not {what} (phase {self.game.phase})"

    def act(self) -> None:
        g, scene, app = self.game, self.scene, self.app
        legal = g.legal_actions()
        kinds = {a.kind for a in legal}
        before = len(g.history)
        if g.phase == "setup_settlement":
            a = max((x for x in legal), key=lambda x: (pips(scene, x.a), -x.a))
            click(app, scene.screen_pos(a))
            self.done["settle"] += 1
        elif g.phase in ("setup_road", "road_building"):
            click(app, scene.screen_pos(legal[0]))
            self.done["road"] += 1
        elif g.phase == "robber":
            me = g.active_player
            best = max((x for x in legal), key=lambda x: (x.b is not None, self.robber_score(x, me)))
            click(app, scene.screen_pos(best))
            if isinstance(app.top, dlg.VictimDialog):
                choice = [b for b in app.top.actions if "Nobody" not in getattr(b, "text", "")][0]
                press(app, choice)
            self.done["robber"] += 1
        elif g.phase == "roll":
            if "knight" in kinds and scene.play_buttons.get("knight"):
                press(app, scene.play_buttons["knight"])
                self.done["knight"] += 1
                return
            press(app, scene.buttons["roll"])
            self.done["roll"] += 1
        elif g.phase == "main":
            self.main_phase(legal, kinds)
            return
        elif g.phase == "place_robber":  # F-2.5: the start player picks a desert for the robber
            click(app, scene.screen_pos(legal[-1]))
            self.done["place_robber"] += 1
        elif g.phase == "remove_token":  # D-1.4: take the least productive token next to the new settlement
            a = min(legal, key=lambda x: (PIPS.get(g.s.number[g.topo.hex_index[x.a]], 0), x.a))
            click(app, scene.screen_pos(a))
            self.done["remove_token"] += 1
        elif g.phase == "special_build":  # F-3.2: build like in the main phase, then Pass
            assert scene.buttons["end"].text == "Pass"
            self.done["special_build"] += 1
            self.main_phase(legal, kinds)
            return
        else:
            pump(app)
            return
        self.expect_progress(before, f"act in phase {g.phase}")

    def robber_score(self, a: Action, me: int) -> int:
        g = self.game
        if "token_robber" in g.rules.modules:
            h, slot = token_robber.robber_spot(g, a.a)  # D-8.1: the robber sits on one token
            number = tokens_of(g, h)[slot]
        else:
            h = g.topo.hex_index[a.a]
            number = g.s.number[h]
        owners = [g.s.node_owner[n] for n in g.topo.hex_nodes[h]]
        if me in owners:
            return -100
        return PIPS.get(number, 0) * sum(1 for o in owners if o >= 0)

    def main_phase(self, legal: list[Action], kinds: set[str]) -> None:
        g, scene, app = self.game, self.scene, self.app
        before = len(g.history)
        for kind, button in (("city", "city"), ("settle", "settlement")):
            spots = [a for a in legal if a.kind == kind]
            if spots:
                a = max(spots, key=lambda x: (pips(scene, x.a), -x.a))
                if scene.mode != button:
                    press(app, scene.buttons[button])
                click(app, scene.screen_pos(a))
                self.done[kind] += 1
                self.expect_progress(before, f"build a {kind}")
                return
        roads = [a for a in legal if a.kind == "road"]
        useful = [a for a in roads if any(settlement_spot_free(g, n) for n in g.topo.edge_nodes[a.a])]
        if useful and g.s.pieces_left[0][1] and not settlement_spots(g, 0):
            best = max(useful, key=lambda a: max(pips(scene, n) for n in g.topo.edge_nodes[a.a]))
            if scene.mode != "road":  # the Road button toggles road-building mode
                press(app, scene.buttons["road"])
            click(app, scene.screen_pos(best))
            self.done["road"] += 1
            self.expect_progress(before, "build a road")
            return
        if "buy" in kinds:
            press(app, scene.buttons["buy"])
            self.done["buy"] += 1
            self.expect_progress(before, "buy a card")
            return
        if "develop" in kinds and self.develop(legal):
            return
        if kinds & {"market", "market_sell"} and self.market(legal):
            return
        if "offer" in kinds and self.offered < 2 and g.turn > 8:
            self.offer()
            return
        trades = [a for a in legal if a.kind == "maritime" and self.trade_helps(a)]
        if trades:
            self.bank_trade(trades[0])
            return
        press(app, scene.buttons["end"])
        self.done["end"] += 1
        self.expect_progress(before, "end the turn")

    def develop(self, legal: list[Action]) -> bool:
        """D-6: develop the best hex with every reserve token, through the Develop button, a click on the
        glowing hex and the dialog (its default: all tokens, the first payment offered)."""
        g, scene, app = self.game, self.scene, self.app
        before = len(g.history)
        options = [a for a in legal if a.kind == "develop"]
        best = max(options, key=lambda a: (len(a.b[1]), sum(PIPS.get(n, 0) for n in a.b[1]), a.a))
        if scene.mode != "develop":
            press(app, scene.buttons["develop"])
        click(app, scene.screen_pos(best))
        dialog = app.top
        assert isinstance(dialog, ddlg.DevelopDialog), type(dialog)
        press(app, dialog.ok)
        self.expect_progress(before, "develop terrain")
        self.done["develop"] += 1
        return True

    def market(self, legal: list[Action]) -> bool:
        """D-4: buy the one card a city or settlement still lacks, paying what the dialog suggests, when that
        leaves the build affordable; or sell an exhausted resource (D-5.3)."""
        g, scene, app = self.game, self.scene, self.app
        names = g.rules.resources
        hand = g.s.hands[0]
        want = None
        for item in ("city", "settlement"):
            cost = g.rules.costs[item]
            lacking = [i for i in range(5) if hand[i] < cost[i]]
            if len(lacking) == 1 and hand[lacking[0]] + 1 >= cost[lacking[0]]:
                r = lacking[0]
                price = market.price(g, r)
                spare = sum(max(0, hand[i] - cost[i]) for i in range(5))
                if r in market.state(g).open and price is not None and spare >= price:
                    want = names[r]
                    break
        sells = [a for a in legal if a.kind == "market_sell"]
        if want is None and not (sells and self.done["market_sell"] < 3):
            return False
        before = len(g.history)
        press(app, scene.buttons["trade"])
        dialog = app.top
        assert isinstance(dialog, ddlg.MarketDialog), type(dialog)
        if want is not None:
            press(app, dialog.buy_buttons[want])
            dialog = app.top
            assert isinstance(dialog, ddlg.MarketDialog)
            # pay with what the build does not need: reset the suggestion, then add spare cards
            cost = g.rules.costs["city" if hand[4] >= 2 else "settlement"]
            minus, plus = dialog_buttons(dialog, "−"), dialog_buttons(dialog, "+")
            col = dialog.pay.order.index  # the columns follow the hand's order
            for i in range(5):
                for _k in range(dialog.pay.values[i]):
                    press(app, minus[col(i)])
            left = market.price(g, names.index(want))
            for i in sorted(range(5), key=lambda i: -(hand[i] - cost[i])):
                while left and dialog.pay.values[i] < hand[i] - cost[i]:
                    press(app, plus[col(i)])
                    left -= 1
            if left or not dialog.ok.is_enabled:
                press(app, dialog_buttons(dialog, "Close")[0])
                return False
            press(app, dialog.ok)
            self.done["market"] += 1
        else:
            sell = [b for b in dialog.actions if "→" in getattr(b, "text", "")][0]
            press(app, sell)
            self.done["market_sell"] += 1
        self.expect_progress(before, "trade with the market")
        if isinstance(app.top, ddlg.MarketDialog):
            press(app, dialog_buttons(app.top, "Close")[0])
        return True

    def trade_helps(self, a: Action) -> bool:
        """Trade only for what a city or settlement still lacks, never away what they need."""
        g = self.game
        names = g.rules.resources
        hand = g.s.hands[0]
        for item in ("city", "settlement"):
            cost = g.rules.costs[item]
            lacking = [names[i] for i in range(5) if hand[i] < cost[i]]
            give = names.index(a.a)
            if a.b in lacking and hand[give] - g.harbour_rates(0)[a.a] >= cost[give]:
                return True
        return False

    def bank_trade(self, action: Action) -> None:
        g, app = self.game, self.app
        before = len(g.history)
        press(app, self.scene.buttons["bank"])
        dialog = app.top
        assert isinstance(dialog, tdlg.BankDialog)
        press(app, dialog.give_buttons[action.a])
        press(app, dialog.get_buttons[action.b])
        press(app, dialog.ok)
        self.expect_progress(before, "trade with the bank")
        press(app, dialog_buttons(app.top, "Close")[0])  # type: ignore[arg-type]
        assert app.top is self.scene
        self.done["maritime"] += 1

    def offer(self) -> None:
        """Offer one of our most plentiful cards for one we lack, through the trade dialog."""
        g, app = self.game, self.app
        before = len(g.history)
        hand = g.s.hands[0]
        give = max(range(5), key=lambda i: hand[i])
        want = min(range(5), key=lambda i: (hand[i], i == give))
        press(app, self.scene.buttons["trade"])
        dialog = app.top
        assert isinstance(dialog, tdlg.TradeDialog)
        plus = dialog_buttons(dialog, "+")
        col = dialog.give.order.index  # the columns follow the hand's order
        press(app, plus[col(give)])  # first stepper: what we give
        press(app, plus[5 + col(want)])  # second stepper: what we want
        press(app, dialog.ok)
        self.offered += 1
        self.done["offer"] += 1
        self.expect_progress(before, "make an offer")

    def answer_dialog(self, dialog: dlg.GameDialog) -> None:
        g, app = self.game, self.app
        before = len(g.history)
        if isinstance(dialog, dlg.DiscardDialog):
            plus = dialog_buttons(dialog, "+")
            hand = list(g.s.hands[0])
            for _ in range(dialog.amount):
                i = max(range(5), key=lambda r: hand[r])
                hand[i] -= 1
                press(app, plus[dialog.stepper.order.index(i)])  # the columns follow the hand's order
            press(app, dialog.ok)
            self.done["discard"] += 1
        elif isinstance(dialog, tdlg.AnswerOfferDialog):
            press(app, dialog_buttons(dialog, "Decline")[0])
            self.done["answer"] += 1
        elif isinstance(dialog, tdlg.TradeAnswersDialog):
            partners = [
                b for b in dialog.actions if getattr(b, "text", "").startswith("Trade with") and b.is_enabled
            ]  # type: ignore[attr-defined]
            press(app, partners[0] if partners else dialog_buttons(dialog, "Withdraw offer")[0])
            self.done["trade" if partners else "withdraw"] += 1
        elif isinstance(dialog, dlg.VictimDialog):
            press(app, list(dialog.actions)[0])
        elif isinstance(dialog, ddlg.MarketCapDialog):  # D-4.5: put the commonest open cards aside
            plus = dialog_buttons(dialog, "+")
            left = [market.state(g).open.count(r) for r in range(5)]
            for _ in range(dialog.amount):
                i = max(range(5), key=lambda r: left[r])
                left[i] -= 1
                press(app, plus[dialog.stepper.order.index(i)])
            press(app, dialog.ok)
            self.done["market_cap"] += 1
        elif isinstance(dialog, ddlg.RemoteCardDialog):  # D-7.2: keep a point, exchange anything else
            if dialog.options[0].a == "victory_point":
                press(app, dialog_buttons(dialog, "Keep")[0])
                self.done["remote_keep"] += 1
                assert app.top is self.scene
                return
            press(app, [b for b in dialog.actions if getattr(b, "text", "").startswith("Exchange")][0])
            self.done["remote_exchange"] += 1
        else:
            pump(app)
            return
        self.expect_progress(before, f"answer {type(dialog).__name__}")


def new_scene(
    app: App,
    seed: int,
    opponents: str = "random",
    variant: str = "base",
    players: int = 4,
    coach: bool = False,
    strict: bool = False,
) -> GameScene:
    """Seat 0 human; the others ``opponents``. Random opponents make long games that reach every dialog
    (a discard needs 8+ cards in the human's hand); the real computer levels are tested in tests/ai. The
    first-game tips are off unless ``coach`` (a click on a tip hides it: the drivers click the board)."""
    app.settings.coach = coach
    config = GameConfig.default(players)
    config.variant = variant
    config.seed = seed
    for seat in config.seats[1:]:
        seat.kind = opponents
    app.settings.animation_speed = "instant"
    # ``strict``: the screen sees the game only through the seat port's members (issue 32, strict_port.py)
    scene = GameScene(app, config, controller=StrictPort(GameController(config)) if strict else None)
    app.push(scene)
    pump(app)
    return scene


def test_a_whole_game_through_clicks(home: Path) -> None:
    """Founding, rolls, builds, a trade offer, a discard, the robber and turn ends, until somebody wins."""
    app = App(size=(1280, 720))
    scene = new_scene(app, seed=5, strict=True)  # nothing but the seat port: as a network client gives
    driver = Driver(app, scene)
    for _ in range(60000):
        if scene.ctl.game.is_over:
            break
        driver.step()
    assert scene.ctl.game.is_over, f"no winner after many steps (turn {scene.ctl.game.turn})"
    assert len(scene.ctl.game.winners) == 1
    done = driver.done
    for kind in ("settle", "road", "roll", "end", "robber", "offer", "discard"):
        assert done[kind] > 0, f"the test game never exercised '{kind}': {dict(done)}"
    assert done["settle"] >= 2 and done["city"] + done["settle"] >= 3
    assert {"view", "legal", "apply", "pump", "events_since"} <= scene.ctl.used  # all through the port
    # the game-over screen follows the final position
    for _ in range(200):
        pump(app)
        if type(app.top).__name__ == "GameOverScene":
            break
    assert type(app.top).__name__ == "GameOverScene"
    assert not (home / "data" / "autosave.json").exists(), "a finished game leaves nothing to continue"


def test_build_buttons_explain_why_they_are_disabled(home: Path) -> None:
    app = App(size=(1280, 720))
    scene = new_scene(app, seed=2)
    assert not scene.buttons["city"].is_enabled
    driver = Driver(app, scene)
    while scene.ctl.game.phase.startswith("setup") or not scene.ctl.human_to_act:
        driver.step()
    pump(app, 2)
    tip = scene.buttons["city"].tool_tip_text
    assert tip and ("Costs" in tip or "Roll" in tip or "Wait" in tip or "settlement" in tip)


def test_undo_takes_back_a_build_until_another_player_acts(home: Path) -> None:
    app = App(size=(1280, 720))
    scene = new_scene(app, seed=11)
    driver = Driver(app, scene)
    while scene.ctl.game.phase != "setup_settlement" or not scene.ctl.human_to_act:
        driver.step()
    before = scene.ctl.game.to_json()
    spot = scene.ctl.game.legal_actions()[0]
    click(app, scene.screen_pos(spot))
    assert scene.ctl.game.phase == "setup_road" and scene.ctl.game.to_json() != before
    assert scene.buttons["undo"].is_enabled
    press(app, scene.buttons["undo"])
    assert scene.ctl.game.to_json() == before
    assert not scene.buttons["undo"].is_enabled


def test_resume_from_the_autosave_mid_game(home: Path) -> None:
    """Autosave after every turn; Continue in the menu resumes exactly there."""
    from catan_desktop.persistence import load_game
    from catan_desktop.persistence.userdirs import autosave_path

    app = App(size=(1280, 720))
    scene = new_scene(app, seed=7)
    driver = Driver(app, scene)
    while scene.ctl.game.turn < 6:
        driver.step()
    saved = load_game(autosave_path())
    assert saved.game.turn >= 5
    state = saved.game.to_json()
    # a new session: the menu's Continue button
    from catan_desktop.ui.scenes.menu import MenuScene

    app2 = App(size=(1280, 720))
    menu = MenuScene(app2)
    app2.push(menu)
    pump(app2)
    cont = next(b for b in _all_buttons(menu) if "Continue" in b.text)
    assert cont.is_enabled
    press(app2, cont)
    pump(app2, 3)
    resumed = next(s for s in app2.scenes if isinstance(s, GameScene))
    saved_history = json.loads(state)["history"]
    # the resumed game starts exactly at the autosave (the computer may already have moved on since)
    assert resumed.ctl.game.history[: len(saved_history)] == saved_history
    assert resumed.config.seats[0].name == scene.config.seats[0].name


def _all_buttons(scene: object) -> list:  # type: ignore[type-arg]
    from pygame_gui.elements import UIButton

    ui = scene.ui  # type: ignore[attr-defined]
    return [e for e in ui.get_sprite_group().sprites() if isinstance(e, UIButton)]


def test_a_whole_5_6_player_game_through_clicks(home: Path) -> None:
    """RULES.md Part F at 1280x720: six panels, the human places the robber on a desert as start player
    (F-2.5), builds or passes in every special building phase (F-3.2) and the game reaches a winner."""
    from catan_desktop.engine import Game

    seed = next(s for s in range(100) if Game.new("base-5-6", players=6, seed=s).s.start_player == 0)
    app = App(size=(1280, 720))
    scene = new_scene(app, seed=seed, variant="base-5-6", players=6, strict=True)
    assert scene.ctl.game.players == 6 and scene.ctl.game.phase == "place_robber"
    rects = [scene.panel_rect(p) for p in range(6)]
    assert all(r.h >= 90 for r in rects) and rects[-1].bottom <= 720
    driver = Driver(app, scene)
    for _ in range(80000):
        if scene.ctl.game.is_over:
            break
        driver.step()
    assert scene.ctl.game.is_over and len(scene.ctl.game.winners) == 1
    assert driver.done["place_robber"] == 1
    assert driver.done["special_build"] > 10


def test_a_whole_catan_a_dois_game_through_clicks(home: Path) -> None:
    """RULES.md Part D at 1280x720: the human founds three settlements and takes a token after each (D-1.4),
    buys from the market and handles its cap (D-4), develops terrain (D-6), keeps or exchanges remote-area
    cards (D-7.2) and moves the robber onto a token (D-8.1), until the game ends by a win or a collapse."""
    app = App(size=(1280, 720))
    scene = new_scene(app, seed=4, variant="catan-a-dois", players=2, strict=True)
    assert scene.ctl.game.players == 2 and scene.buttons["trade"].text == "Market"
    driver = Driver(app, scene)
    for _ in range(60000):
        if scene.ctl.game.is_over:
            break
        driver.step()
    g = scene.ctl.game
    assert g.is_over, f"the game did not end (turn {g.turn})"
    done = driver.done
    assert done["remove_token"] == 3 and done["settle"] >= 3, dict(done)
    for kind in ("roll", "end", "market", "develop"):
        assert done[kind] > 0, f"the test game never exercised '{kind}': {dict(done)}"
    for _ in range(200):
        pump(app)
        if type(app.top).__name__ == "GameOverScene":
            break
    assert type(app.top).__name__ == "GameOverScene"


def test_catan_a_dois_panels_explain_themselves_on_hover(home: Path) -> None:
    """The drawn market, bank and reserve panels (D-4, D-5, D-1.7) show an explanation when the mouse rests
    on them, like the buttons' tooltips."""
    app = App(size=(1280, 720))
    scene = new_scene(app, seed=4, variant="catan-a-dois", players=2)
    pump(app, 2)
    texts = [text for _rect, text in scene.tips]
    for start in ("The market (D-4)", "The bank's stock (D-5)", "Reserve: "):
        assert any(text.startswith(start) for text in texts), texts
    pos = next(rect for rect, text in scene.tips if text.startswith("The market")).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pump(app)
    assert not scene._tip_shown  # not at once: only when the mouse rests
    scene._mouse = (pos, scene._mouse[1] - 1.0)
    pump(app, 2)
    assert scene._tip_shown and (scene._tip_at() or "").startswith("The market (D-4)")


def test_catan_a_dois_undo_allows_a_market_trade_but_not_a_drawn_remote_card(home: Path) -> None:
    """Undo takes back a market purchase (D-4) like a bank trade, but not a city that drew a remote-area
    card (D-7.1): taking it back would let a player peek at the remote deck."""
    import random

    from catan_desktop.ui.controller import GameController

    config = GameConfig.default(2)
    config.variant, config.seed = "catan-a-dois", 3
    config.seats[1].kind = "random"
    ctl = GameController(config)
    g = ctl.game
    rng = random.Random(3)
    try:
        while not (g.phase == "main" and g.current_player == 0 and g.s.dice[0] != g.s.dice[1]):
            legal = g.legal_actions()
            ends = [a for a in legal if a.kind == "end"]
            ctl.apply(ends[0] if ends and g.phase == "main" else rng.choice(legal))
        for r in range(5):  # enough for a market card and a city, from the bank (undo checks the cards)
            g.s.bank[r] -= 3 - g.s.hands[0][r]
            g.s.hands[0][r] = 3
        assert min(g.s.bank) > 0
        buy = next(a for a in g.legal_actions() if a.kind == "market")
        ctl.apply(buy)
        assert ctl.can_undo() and ctl.undo()
        assert g is not ctl.game and ctl.game.s.hands[0] == [3, 3, 3, 3, 3]
        g = ctl.game
        city = next(a for a in g.legal_actions() if a.kind == "city")
        events = ctl.apply(city)  # every founding settlement touches the hex it made unproductive (D-1.6)
        assert any(ev["t"] == "remote_card" for ev in events), events
        assert not ctl.can_undo()
    finally:
        ctl.close()


def test_catan_a_dois_hot_seat_founding_with_two_humans(home: Path) -> None:
    """Two people at one screen (D-0.1: exactly two players): the founding order P1, P2, P2, P1, P1, P2
    (D-1.3) hands the screen over with the "pass to …" cover each time the placer changes, and each placer
    takes a token by clicking a glowing hex next to their own new settlement (D-1.4)."""
    from catan_desktop.ui.scenes.pass_device import PassDeviceScene

    app = App(size=(1280, 720))
    config = GameConfig.default(2)
    config.variant, config.seed = "catan-a-dois", 6
    config.seats[1].kind = "human"
    app.settings.animation_speed = "instant"
    scene = GameScene(app, config)
    app.push(scene)
    pump(app)
    g = scene.ctl.game
    covers, removals = 0, []
    for _ in range(400):
        if g.phase == "roll":
            break
        top = app.top
        if isinstance(top, PassDeviceScene):
            covers += 1
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
            pump(app, 2)
            continue
        if top is not scene or not scene.ctl.human_to_act:
            pump(app)
            continue
        seat = g.current_player
        assert scene.viewer == seat, "the screen shows the hand of the player who places"
        legal = g.legal_actions()
        before = len(g.history)
        if g.phase == "remove_token":
            targets = scene.board_targets()["hex"]
            assert {g.topo.hex_index[a.a] for a in legal} == set(targets)
            removals.append(seat)
        click(app, scene.screen_pos(legal[0]))
        assert len(g.history) > before, f"the click did nothing in {g.phase}"
    assert g.phase == "roll" and g.turn == 1
    start = g.s.start_player
    order = [start, 1 - start, 1 - start, start, start, 1 - start]
    assert removals == order  # D-1.3 steps A-F, each followed by its token removal
    assert covers >= 3 and sorted(len(r) for r in token_removal.state(g).reserve) == [3, 3]


@pytest.mark.parametrize(("variant", "players"), [("base", 4), ("catan-a-dois", 2), ("base-5-6", 6)])
def test_the_founding_phase_marks_the_player_who_places(home: Path, variant: str, players: int) -> None:
    """Issue 12, defect 5: while the header said "Founding phase · You", its colour square and the lit
    player panel were the start player's. Both follow the seat placing now."""
    from catan_desktop.render.palette import GOLD, rgb

    app = App(size=(1280, 720))
    seed = next(s for s in range(1, 60) if _start_player(variant, players, s) != 0)
    scene = new_scene(app, seed=seed, variant=variant, players=players)
    for _ in range(400):
        if scene.ctl.game.turn == 0 and scene.ctl.human_to_act and scene.ctl.seat_to_act == 0:
            break
        pump(app)
    assert scene.ctl.game.turn == 0 and scene.ctl.seat_to_act == 0 and scene.ctl.game.active_player != 0
    scene.draw(app.screen)
    top = scene.regions()["top"]
    dot = (top.x + scene.px(24), top.centery)
    assert tuple(app.screen.get_at(dot))[:3] == rgb(scene.colours[0])
    for seat in range(players):
        rect = scene.panel_rect(seat)
        border = tuple(app.screen.get_at((rect.x + 1, rect.centery)))[:3]
        assert (border == GOLD) == (seat == 0), seat


def _start_player(variant: str, players: int, seed: int) -> int:
    from catan_desktop.engine import Game

    return Game.new(variant, players=players, seed=seed).active_player


def test_undo_never_reaches_back_into_the_founding_phase(home: Path) -> None:
    """Issue 12, defect 8: the founding's last road starts turn 1; Undo then reached back into the founding
    phase and the log showed "— Turn 1: You —" twice."""
    app = App(size=(1280, 720))
    seed = next(s for s in range(1, 60) if _start_player("base", 4, s) == 0)  # the human places last
    scene = new_scene(app, seed=seed)
    driver = Driver(app, scene)
    while scene.ctl.game.turn == 0:
        driver.step()
    assert scene.ctl.game.active_player == 0 and scene.ctl.game.history[-1].startswith("road")
    pump(app, 2)
    assert not scene.ctl.can_undo() and not scene.buttons["undo"].is_enabled
    assert sum(1 for line in scene.log_lines if "Turn 1" in line) <= 1


def played_to_turn(turn: int) -> tuple[App, GameScene]:
    """A base game (seed 5) played through clicks until ``turn`` starts, its log up to date."""
    app = App(size=(1280, 720))
    scene = new_scene(app, seed=5, strict=True)  # nothing but the seat port: as a network client gives
    driver = Driver(app, scene)
    while scene.ctl.game.turn < turn:
        driver.step()
    pump(app, 30)
    return app, scene


def shown_log(scene: GameScene) -> list[str]:
    """The log lines the game screen shows now (held back while the dice roll)."""
    return [e.text for e in scene.log_entries[: scene.log_shown]]


def test_the_log_shows_the_roll_once_the_dice_have_landed(home: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 12, defect 12: the log gave the total while the dice were still rolling."""
    import catan_desktop.ui.scenes.game as game_module

    app = App(size=(1280, 720))
    scene = new_scene(app, seed=3)
    driver = Driver(app, scene)
    while not (scene.ctl.game.phase == "roll" and scene.ctl.human_to_act):
        driver.step()
    clock = [1000.0]
    monkeypatch.setattr(game_module.time, "perf_counter", lambda: clock[0])
    app.settings.animation_speed = "normal"
    pump(app, 3)
    press(app, scene.buttons["roll"])
    for _ in range(3):
        clock[0] += 0.1  # 0.3 s of the 0.55 s roll
        pump(app)
    mine = "You rolled"
    assert not any(mine in x for x in shown_log(scene))
    clock[0] += 1.0
    pump(app, 3)
    assert any(mine in x for x in shown_log(scene))


def test_a_disabled_button_shows_why_on_hover(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 12, defect 6: disabled buttons (Trade, Settlement) showed no tooltip, so the reason (roll
    first, no trading after building, ...) never reached the player."""
    app = App(size=(1280, 720))
    scene = new_scene(app, seed=3)
    driver = Driver(app, scene)
    while not (scene.ctl.game.phase == "roll" and scene.ctl.human_to_act):
        driver.step()
    pump(app, 2)
    trade = scene.buttons["trade"]
    assert not trade.is_enabled and trade.tool_tip_text
    pos = trade.rect.center
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: pos)  # the dummy display has no pointer to move
    for _ in range(120):  # two seconds of hovering
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], 1 / 60)
    assert trade.tool_tip is not None and trade.tool_tip.alive()


def open_from_my_main_phase(app: App, scene: GameScene, key: str) -> object:
    """Play (seat 0 by clicks) until it is seat 0's main phase with button ``key`` enabled, press it, and
    return the dialog it opened."""
    driver = Driver(app, scene)
    while not (scene.ctl.game.phase == "main" and scene.ctl.human_to_act and scene.buttons[key].is_enabled):
        driver.step()
    pump(app, 2)
    press(app, scene.buttons[key])
    return app.top


def test_shortcuts_work_after_a_dialog_is_closed_with_the_mouse(home: Path) -> None:
    """Issue 12, defect 2: after Bank -> Close (clicked), T and B did nothing until the player clicked
    somewhere: the clicked Bank button kept the keyboard focus of the game screen's widgets."""
    app = App(size=(1280, 720))
    scene = new_scene(app, seed=3)
    dialog = open_from_my_main_phase(app, scene, "bank")
    assert isinstance(dialog, tdlg.BankDialog)
    close = [b for b in dialog.actions if getattr(b, "text", "") in ("Close", "Cancel")]
    assert close, [getattr(b, "text", "") for b in dialog.actions]
    press(app, close[0])
    assert app.top is scene
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_b, mod=0, unicode="b", scancode=0))
    pump(app, 2)
    assert isinstance(app.top, tdlg.BankDialog)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    pump(app, 2)
    assert app.top is scene


def test_the_game_under_pause_keeps_its_buttons_after_a_settings_change(home: Path) -> None:
    """Issue 12, defect 7: after changing Settings during a game, the pause screen drew the game with no
    buttons or log on the right (its widgets were rebuilt but never updated while it was not on top)."""
    from catan_desktop.ui.scenes.pause import PauseScene

    app = App(size=(1280, 720))
    scene = new_scene(app, seed=3)
    driver = Driver(app, scene)
    while not (scene.ctl.game.phase == "roll" and scene.ctl.human_to_act):
        driver.step()
    scene.open_pause()
    pump(app, 3)
    pause = app.top
    assert isinstance(pause, PauseScene)
    pause.settings()
    pump(app, 3)
    app.top.draft.ui_scale = 1.25
    app.top.save()
    pump(app, 3)
    assert app.top is pause
    app.draw()
    roll = scene.buttons["roll"].rect
    colours = {tuple(app.screen.get_at((x, roll.centery))) for x in range(roll.left + 4, roll.right - 4)}
    assert len(colours) > 4, "the Roll button is not drawn (a flat background)"


def drawn_texts(scene: GameScene, surface: pygame.Surface) -> list[tuple[str, pygame.Rect]]:
    """Draw the game screen once and return every text it drew with its rectangle (layout checks)."""
    drawn: list[tuple[str, pygame.Rect]] = []
    real = scene.draw_text

    def record(surface, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        rect = real(surface, text, *args, **kwargs)
        drawn.append((text, rect))
        return rect

    scene.draw_text = record  # type: ignore[method-assign]
    try:
        scene.draw(surface)
    finally:
        del scene.draw_text
    return drawn


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)])
def test_the_hand_title_and_the_bank_rates_never_overlap(home: Path, size: tuple[int, int]) -> None:
    """Issue 12, defect 9: at 800x600 "Your hand" overlapped "Bank rates"."""
    app = App(size=size)
    scene = new_scene(app, seed=3)
    drawn = drawn_texts(scene, app.screen)
    title = next(r for t, r in drawn if t == "Your hand")
    others = [r for t, r in drawn if t == "Bank rates:" or t.endswith(":1")]
    assert others and not any(title.colliderect(r) for r in others)


def test_the_log_reads_like_a_chat_newest_at_the_bottom(home: Path) -> None:
    """Issue 12 (what players expect): the newest line at the bottom, in view, with no blank rows; the wheel
    scrolls back and returns."""
    app, scene = played_to_turn(3)
    lines = shown_log(scene)
    assert lines[-1] == scene.log_lines[-1]
    first, second = (next(i for i, x in enumerate(lines) if f"Turn {n}" in x) for n in (1, 2))
    assert first < second
    scene.draw(app.screen)
    hits = sorted(scene._log_hits, key=lambda h: h[0].y)  # drawn lines, top to bottom
    assert hits[-1][1].text == lines[-1] and hits[-1][0].bottom <= scene.log_rect.bottom
    assert all(a[0].bottom <= b[0].y + 1 for a, b in zip(hits, hits[1:], strict=False))  # no overlap
    assert all(b[0].y - a[0].bottom < scene.px(8) for a, b in zip(hits, hits[1:], strict=False))  # no gaps
    centre = scene.log_rect.center  # the events the game screen gets (a dialog may be over it now)
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(1, 1), buttons=(0, 0, 0)))
    scene.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, flipped=False))
    assert scene.log_scroll > 0
    scene.draw(app.screen)
    assert scene._log_hits[0][1].text != lines[-1]  # older lines at the bottom now
    scene.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-30, flipped=False))
    assert scene.log_scroll == 0


def test_resource_words_in_the_log_are_drawn_as_icons(home: Path) -> None:
    """Issue 12 (what players expect): resource icons instead of words in the log."""
    app = App(size=(1280, 720))
    scene = new_scene(app, seed=5)
    with_word = scene._log_row("You received 1 brick + 2 ore", scene.px(200))
    plain = scene._log_row("You received 1 + 2", scene.px(200))
    assert with_word.get_height() == plain.get_height()  # icons sit in the line
    assert scene._icon_pattern().findall("more ore, before brick") == ["ore", "brick"]  # whole words only


def test_the_log_shows_whole_lines_and_keeps_a_count_with_its_icon(home: Path) -> None:
    """Seen in the real app (2026-11-29): at the newest lines the top one was cut in half by the panel's
    edge, and "took starting resources: 1" ended a line whose grain icon began the next."""
    app, scene = played_to_turn(3)
    scene.draw(app.screen)
    inner = scene.log_rect.inflate(-scene.px(16), -scene.px(12))
    top = inner.y - scene.px(4)  # how far over the inner edge a line may start (its blank leading)
    assert scene.log_scroll == 0 and all(r.y + scene.px(2) >= top for r, _e in scene._log_hits)
    pieces = [("word", "Anna "), ("word", "took "), ("word", "resources: "), ("word", "1 "),
              ("icon", "grain"), ("word", ", "), ("word", "12 "), ("icon", "lumber"), ("word", ", "),
              ("word", "1 "), ("icon", "wool")]
    for width in range(10, 400, 3):  # a letter is 7 wide, an icon 16 and its gap 3 (1 before a comma)
        lines = wrap_pieces(pieces, width, lambda word: 7 * len(word), 16, (3, 1))
        assert [p for line in lines for p in line] and sum(map(len, lines)) == len(pieces)
        for above, line in zip(lines, lines[1:], strict=False):
            assert line[0][0] != "icon" or not above[-1][1].strip().isdigit(), (width, lines)
            assert line[0][1][:1] != ",", (width, lines)
    one = wrap_pieces(pieces, 1000, lambda word: 7 * len(word), 16, (3, 1))
    assert len(one) == 1 and one[0][5] == ("word", ", ", one[0][4][2] + 17)  # the comma closer to its icon


def test_hovering_a_log_line_marks_its_place_on_the_board(home: Path) -> None:
    """Issue 12, defect 4: name places as a player would, and mark them on the board when the line is
    hovered."""
    from catan_desktop.ui.scenes.game_anims import mark_places

    app, scene = played_to_turn(2)
    scene.draw(app.screen)
    hit = next((r, e) for r, e in scene._log_hits if e.event and mark_places(scene, e.event))
    before = app.screen.copy()
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=hit[0].center, rel=(1, 1), buttons=(0, 0, 0))
    scene.handle_event(motion)
    assert scene._log_hovered is hit[1]
    while app.top is not scene:  # the marks are drawn while the game screen is on top
        app.pop()
    scene.draw(app.screen)
    (x, y) = mark_places(scene, hit[1].event)[0]
    assert app.screen.get_at((x, y)) != before.get_at((x, y)) or any(
        app.screen.get_at((x + dx, y)) != before.get_at((x + dx, y)) for dx in range(-30, 31, 3)
    )


def test_what_another_player_builds_is_marked_on_the_board(home: Path) -> None:
    """Issue 12 (what players expect): what a computer just built, or where it moved the robber, is marked
    on the board for a moment, in its colour; the viewer's own moves are not."""
    from catan_desktop.ui.scenes.game_anims import MARK_SECONDS

    app = App(size=(1280, 720))
    scene = new_scene(app, seed=5)
    app.settings.animation_speed = "normal"
    driver = Driver(app, scene)
    marks: list[dict[str, object]] = []
    while scene.ctl.game.turn == 0:
        driver.step()
        marks += [a.data for a in scene.anims if a.kind == "mark" and a.data not in marks]
    assert marks, "no computer move was marked during the founding phase"
    for data in marks:
        assert data["seat"] != scene.viewer
        x, y = data["pos"]  # type: ignore[misc]
        assert scene.regions()["board"].collidepoint(x, y)
    assert MARK_SECONDS >= 1.0


def test_a_short_player_panel_keeps_its_status_clear_of_the_counters(home: Path) -> None:
    """Issue 12, defect 9: at 125 % text with six players, "building" overlapped the card counts."""
    app = App(size=(1280, 720))
    app.settings.ui_scale = 1.25
    scene = new_scene(app, seed=3, variant="base-5-6", players=6)
    driver = Driver(app, scene)
    while not (scene.ctl.game.phase == "special_build" and not scene.ctl.human_to_act):
        driver.step()
    drawn = drawn_texts(scene, app.screen)
    seat = scene.ctl.seat_to_act
    panel = scene.panel_rect(seat)
    status = next(r for t, r in drawn if t == "building" and panel.colliderect(r))
    counters = [r for t, r in drawn if t.isdigit() and panel.colliderect(r) and r.y > panel.centery]
    assert counters and not any(status.colliderect(r) for r in counters)


def test_the_turn_banner_covers_neither_the_panels_nor_the_middle_of_the_board(home: Path) -> None:
    """Issue 12 (what players expect): the turn banner was a band across the middle of the window."""
    from catan_desktop.ui.scenes.game_anims import draw_banner

    app = App(size=(1280, 720))
    scene = new_scene(app, seed=5)
    scene.draw(app.screen)
    before = app.screen.copy()
    draw_banner(scene, app.screen, {"seat": 1, "turn": 7}, 0.5)
    board = scene.regions()["board"]
    changed = [(x, y) for x in range(0, 1280, 4) for y in range(0, 720, 4)
               if app.screen.get_at((x, y)) != before.get_at((x, y))]
    assert changed and all(board.collidepoint(x, y) for x, y in changed)
    assert not any(abs(x - board.centerx) < board.w // 8 and abs(y - board.centery) < board.h // 4
                   for x, y in changed)


def test_an_offer_can_leave_players_out(home: Path) -> None:
    """Issue 12 / B-7.1: the trade dialog addresses the offer (all other players by default)."""
    app = App(size=(1280, 720))
    scene = new_scene(app, seed=3)
    dialog = open_from_my_main_phase(app, scene, "trade")
    assert isinstance(dialog, tdlg.TradeDialog) and all(dialog.to.values())
    me = scene.ctl.game.active_player
    others = sorted(dialog.to)
    press(app, dialog.to_buttons[others[0]])
    assert not dialog.to[others[0]] and dialog.to_buttons[others[0]].text == scene.names[others[0]]
    names = scene.ctl.game.rules.resources
    have = next(i for i, n in enumerate(scene.ctl.game.hand(me).values()) if n)
    dialog.give.values[have] = 1
    dialog.get.values[(have + 1) % len(names)] = 1
    dialog.refresh()
    assert dialog.action().c == tuple(others[1:])
    press(app, dialog.ok)
    assert scene.ctl.game.s.trade is not None and others[0] not in scene.ctl.game.s.trade.responders


@pytest.mark.parametrize("ui_scale", [1.25, 1.5])
@pytest.mark.parametrize(("variant", "players"), [("base-5-6", 6), ("catan-a-dois", 2), ("base", 4)])
def test_large_text_sizes_keep_the_panels_apart(
    home: Path, ui_scale: float, variant: str, players: int
) -> None:
    """Issue 12, defect 9 (the 125 % / 150 % audit): at 1280x720 with a larger UI scale the six player
    panels' labels overlapped their counters, the Catan a Dois bank ran out of its panel, the hand ran out
    of its panel and the log shrank to a line. The scale now stops where the columns hold their contents."""
    app = App(size=(1280, 720))
    app.settings.ui_scale = ui_scale
    scene = new_scene(app, seed=3, variant=variant, players=players)
    drawn = drawn_texts(scene, app.screen)
    for seat in range(players):
        panel = scene.panel_rect(seat)
        inside = [r.inflate(-2, -8) for _t, r in drawn if panel.contains(r)]  # the glyphs, not line gaps
        assert len(inside) >= 5
        assert not [(a, b) for i, a in enumerate(inside) for b in inside[i + 1 :] if a.colliderect(b)], seat
    hand = scene.regions()["bottom"]
    rects = scene.hand_rects()
    held = [k for k, n in zip(DEV_ORDER, scene.view.development_cards, strict=True) if n]
    assert all(hand.contains(rects[k]) for k in [*dlg.RESOURCES_ORDER, *held]), (hand, rects)
    assert scene.log_rect.h >= 5 * app.assets.font(scene.px(13)).get_linesize()
    if any(a.COLUMN for a in scene.addons):  # the economy panel's words stay inside it (Catan a Dois)
        eco = scene.column_rect()
        below = [r for _t, r in drawn if r.colliderect(eco)]
        assert below and all(eco.contains(r) for r in below)


def test_a_computers_reason_stands_under_its_answer_in_the_log(home: Path) -> None:
    """Seen in the real app: the last refusal of an offer also closes it, and the refusing computer's reason
    came after "Nobody took ...", away from its "declines"."""
    app = App(size=(1280, 720))
    scene = new_scene(app, seed=5, opponents="hard")
    driver = Driver(app, scene)
    closed: list[int] = []
    for _ in range(20000):
        lines = shown_log(scene)
        closed = [k for k, line in enumerate(lines[:-1]) if line.startswith("Nobody took")]
        if len(closed) >= 3 or scene.ctl.game.is_over:
            break
        driver.step()
    assert len(closed) >= 3, "the test game had too few offers that nobody took"
    for k in closed:
        assert "\u201c" in lines[k - 1] or lines[k - 1] == "You decline", lines[k - 3 : k + 2]
        assert "\u201c" not in lines[k + 1], lines[k - 3 : k + 2]  # no reason after the offer closed
