"""Helpers (RULES.md Part H) on the game screen, headless, through real clicks and keys: the helper on every
player panel, the Helper button and dialog, the board modes, the dialogs of the helper phases, and a whole
game in which the human uses several helpers, turns one to side B and swaps one."""

from __future__ import annotations

import functools
import json
import os
import random
from collections import Counter

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
from test_game_scene import Driver, click, dialog_buttons, press, pump  # noqa: E402

from catan_desktop.engine import Action, Game  # noqa: E402
from catan_desktop.persistence import LoadedSave  # noqa: E402
from catan_desktop.ui.app import App  # noqa: E402
from catan_desktop.ui.config import GameConfig  # noqa: E402
from catan_desktop.ui.scenes import helper_dialogs as hd  # noqa: E402
from catan_desktop.ui.scenes import helper_dialogs2 as hd2  # noqa: E402
from catan_desktop.ui.scenes.game import GameScene  # noqa: E402
from catan_desktop.ui.scenes.helpers_ui import BOARD_KINDS, HelpersUI  # noqa: E402

HELPERS, HELPERS_56 = "helpers", "helpers-5-6"  # rules/helpers.yaml, rules/helpers-5-6.yaml
# the whole game's swaps: the cards most often usable first (alms needs a player ahead: never the leader's)
SWAP_FIRST = ("free_port", "forced_trade", "robber_to_desert", "road_assistance", "move_road",
              "development_help", "swords_to_plowshares", "resource_balance", "seven_protection", "alms")


# ------------------------------------------------------------------------------------------ staging


@functools.cache
def _base(players: int, seed: int) -> str:
    """A position of random play: seat 0 about to roll in turn 3 or later, every helper dealt."""
    g = Game.new(HELPERS if players <= 4 else HELPERS_56, players=players, seed=seed)
    rng = random.Random(seed)
    while not (g.turn >= 3 and g.phase == "roll" and g.current_player == 0):
        g.apply(rng.choice(g.legal_actions()))
    return g.to_json()


def hold(data: dict, seat: int, card: str, side: str = "A") -> None:
    """Give ``seat`` the helper ``card`` (from the display or another seat, which gets ``seat``'s)."""
    h = data["modules"]["helpers"]
    mine = h["held"][seat]
    if card != mine:
        if card in h["display"]:
            h["display"][h["display"].index(card)] = mine
        else:
            q = h["held"].index(card)
            h["held"][q] = mine
    h["held"][seat], h["side"][seat], h["taken"][seat], h["used"][seat] = card, side, 0, -1


def set_hand(data: dict, seat: int, cards: dict[str, int]) -> None:
    """``seat`` holds exactly ``cards``; the bank makes up the difference."""
    for res in data["bank"]:
        data["bank"][res] += data["hands"][seat][res] - cards.get(res, 0)
        data["hands"][seat][res] = cards.get(res, 0)


def staged(app: App, card: str, hand: dict[str, int] | None = None, edit=None, players: int = 4,  # type: ignore[no-untyped-def]
           phase: str = "main") -> GameScene:  # fmt: skip
    """The game screen on a position where seat 0 (the human) holds ``card`` in ``phase``."""
    data = json.loads(_base(players, 1))
    hold(data, 0, card)
    if hand is not None:
        set_hand(data, 0, hand)
    if phase == "main":
        data["phase"], data["dice"] = "main", [2, 3]
    if edit is not None:
        edit(data)
    game = Game.from_data(data)
    config = GameConfig.default(players)
    config.variant = HELPERS if players <= 4 else HELPERS_56
    for seat in config.seats[1:]:
        seat.kind = "random"
    app.settings.coach = False
    app.settings.animation_speed = "instant"
    scene = GameScene(app, config, LoadedSave(game, "", ""))
    app.push(scene)
    pump(app, 2)
    return scene


def key(app: App, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))
    pump(app, 3)


def addon(scene: GameScene) -> HelpersUI:
    return next(a for a in scene.addons if isinstance(a, HelpersUI))


def mine(scene: GameScene) -> dict:
    return scene.view.modules["helpers"]["seats"][0]


def open_use(app: App, scene: GameScene, kind: str) -> None:
    """The Helper button, then the dialog's Use button."""
    press(app, scene.buttons["helper"])
    dialog = app.top
    assert isinstance(dialog, hd.HelperDialog), type(dialog)
    assert dialog.use_buttons[kind].is_enabled, dialog.use_buttons[kind].tool_tip_text
    press(app, dialog.use_buttons[kind])


def card_centre(dialog: hd.HelperBase, card: str) -> tuple[int, int]:
    rect = dialog.card_rects[card]
    return rect.move(dialog.rect.topleft).center


def board_point(scene: GameScene, kind: str, index: int) -> tuple[int, int]:
    assert scene.layout is not None
    layout = scene.layout
    x, y = {"edge": layout.edge_mid, "node": layout.node_pos, "hex": layout.hex_center}[kind](index)
    return int(round(x)), int(round(y))


# --------------------------------------------------------------------------------------- the panels


def test_every_panel_shows_its_seats_helper_with_an_explanation(app: App) -> None:
    scene = staged(app, "forced_trade", phase="roll")
    ui = addon(scene)
    app.mark_dirty()
    pump(app, 2)
    held = [s["card"] for s in scene.view.modules["helpers"]["seats"]]
    assert sorted(ui.rows) == [0, 1, 2, 3] and all(held)
    for seat, card in enumerate(held):
        row = ui.rows[seat]
        assert scene.panel_rect(seat).contains(row)
        scene._mouse = (row.center, 0.0)
        tip = scene._tip_at()
        assert tip and ui.tip(card, "A")[:40] in tip, tip
    assert not getattr(scene, "shortened", set())


def test_six_short_panels_keep_the_helper_clear_of_the_other_contents(app: App) -> None:
    scene = staged(app, "free_port", players=6, phase="roll")
    ui = addon(scene)
    app.mark_dirty()
    pump(app, 2)
    s = scene.px
    assert sorted(ui.rows) == list(range(6))
    for seat in range(6):
        rect, row = scene.panel_rect(seat), ui.rows[seat]
        assert rect.contains(row) and rect.bottom <= 720
        assert row.bottom <= rect.bottom - s(30), "the row runs into the counters"
        assert row.y >= rect.y + s(44), "the row runs into the name and tag"
        assert row.right <= rect.right - s(60), "the row runs into the badges"
    assert not getattr(scene, "shortened", set())


# ----------------------------------------------------------------------------------- the dialog


def test_the_dialog_shows_the_card_and_a_disabled_use_that_says_why(app: App) -> None:
    scene = staged(app, "forced_trade", phase="roll")
    button = scene.buttons["helper"]
    assert button.is_enabled and "(P)" in button.tool_tip_text and "not usable now" in button.tool_tip_text
    key(app, pygame.K_p)
    dialog = app.top
    assert isinstance(dialog, hd.HelperDialog)
    assert any("Merchant" in " ".join(lines) for lines, *_rest in dialog.notes)
    use = dialog.use_buttons["helper_forced_trade"]
    why = addon(scene).why_not("forced_trade")
    assert not use.is_enabled and use.tool_tip_text == why and "roll" in why
    assert any(why in " ".join(lines) for lines, *_rest in dialog.notes), "the reason is shown, not hidden"
    assert sorted(dialog.card_rects) == sorted(scene.view.modules["helpers"]["display"] + ["forced_trade"])
    press(app, dialog_buttons(dialog, "Close")[0])
    assert app.top is scene


def test_a_card_read_from_uncertain_data_says_so(app: App) -> None:
    scene = staged(app, "development_help", phase="roll")
    key(app, pygame.K_p)
    dialog = app.top
    assert isinstance(dialog, hd.HelperDialog)
    text = " ".join(" ".join(lines) for lines, *_rest in dialog.notes)
    assert "approximate reading" in text
    assert "approximate reading" in addon(scene).tip("development_help")
    assert "(likely)" in addon(scene).tip("move_road")


# ----------------------------------------------------------------------------------- the uses


def test_forced_trade_then_pay_then_turn_to_side_b(app: App) -> None:
    def edit(d: dict) -> None:
        set_hand(d, 1, {"ore": 2})

    scene = staged(app, "forced_trade", {"wool": 2, "grain": 1}, edit)
    open_use(app, scene, "helper_forced_trade")
    ft = app.top
    assert isinstance(ft, hd2.ForcedTradeDialog)
    press(app, dialog_buttons(ft, "ore")[0])
    press(app, next(b for b in app.top.actions if getattr(b, "text", "").startswith("Anna")))
    ft = app.top
    assert ft.ok.is_enabled
    press(app, ft.ok)
    pay = app.top
    assert isinstance(pay, hd2.PayDialog) and scene.ctl.game.phase == "helper_pay"
    assert not pay.choices["lumber"].is_enabled
    press(app, pay.choices["wool"])
    after = app.top
    assert isinstance(after, hd2.AfterDialog)
    press(app, after.flip)
    assert app.top is scene and scene.ctl.game.phase == "main"
    names = scene.ctl.game.rules.resources
    assert mine(scene)["side"] == "B"
    hand = dict(zip(names, scene.view.hand, strict=True))
    assert hand == {"lumber": 0, "brick": 0, "wool": 1, "grain": 1, "ore": 1}
    assert scene.ctl.game.seat_view(1).hand[names.index("wool")] == 1


def test_development_help_pays_keeps_a_card_and_swaps_by_a_click_on_the_display(app: App) -> None:
    scene = staged(app, "development_help", {"grain": 1, "wool": 1, "ore": 1, "brick": 1})
    open_use(app, scene, "helper_develop")
    choice = app.top
    assert isinstance(choice, hd.ChoiceDialog) and choice.choices[0].text == "The usual cost"
    press(app, choice.choices[0])
    pick = app.top
    assert isinstance(pick, hd2.PickDialog) and scene.ctl.game.phase == "helper_pick"
    kept = next(iter(pick.choices))
    press(app, pick.choices[kept])
    after = app.top
    assert isinstance(after, hd2.AfterDialog)
    target = scene.view.modules["helpers"]["display"][0]
    click(app, card_centre(after, target))
    assert app.top is scene and mine(scene)["card"] == target
    assert "development_help" in scene.view.modules["helpers"]["display"]
    assert sum(scene.view.development_cards) == 1 and sum(scene.view.hand) == 1


def test_alms_looks_at_a_hand_and_takes_a_card(app: App) -> None:
    def edit(d: dict) -> None:
        d["buildings"][[b[1] for b in d["buildings"]].index(1)][2] = "city"  # seat 1 shows more points
        set_hand(d, 1, {"ore": 2})

    scene = staged(app, "alms", None, edit)
    open_use(app, scene, "helper_alms")
    pick = app.top
    assert isinstance(pick, hd2.PickDialog) and not pick.choices["wool"].is_enabled
    before = scene.view.hand[scene.ctl.game.rules.resources.index("ore")]
    press(app, pick.choices["ore"])
    assert isinstance(app.top, hd2.AfterDialog)
    assert scene.view.hand[scene.ctl.game.rules.resources.index("ore")] == before + 1


def test_free_port_names_a_resource_at_two_to_one(app: App) -> None:
    scene = staged(app, "free_port")
    open_use(app, scene, "helper_free_port")
    port = app.top
    assert isinstance(port, hd2.FreePortDialog)
    press(app, dialog_buttons(port, "ore")[0])
    assert isinstance(app.top, hd2.AfterDialog)
    assert mine(scene)["free_port"] == "ore"
    assert scene.view.harbour_rates[scene.ctl.game.rules.resources.index("ore")] == 2


def _prompt(d: dict) -> None:
    """Seat 0's own roll gave it nothing: its Mayor (A3) is asked."""
    d["phase"], d["dice"] = "helper_prompt", [2, 3]
    d["modules"]["helpers"]["prompts"], d["modules"]["helpers"]["resume"] = [0], "main"


def test_the_prompt_takes_a_resource_from_the_bank(app: App) -> None:
    scene = staged(app, "resource_balance", {}, _prompt, phase="helper_prompt")
    dialog = app.top
    assert isinstance(dialog, hd2.PromptDialog)
    press(app, dialog.choices["grain"])
    assert isinstance(app.top, hd2.AfterDialog) and sum(scene.view.hand) == 1


def test_the_prompt_lets_the_helper_pass_unused(app: App) -> None:
    scene = staged(app, "resource_balance", {}, _prompt, phase="helper_prompt")
    assert isinstance(app.top, hd2.PromptDialog)
    press(app, app.top.decline)
    assert app.top is scene and scene.ctl.game.phase == "main" and mine(scene)["usable"]


# ------------------------------------------------------------------------------------ board modes


def test_esc_leaves_a_board_mode_and_the_robber_goes_to_the_desert(app: App) -> None:
    def edit(d: dict) -> None:
        d["board"]["robber"] = next(h["id"] for h in d["board"]["hexes"] if h["terrain"] != "desert")

    scene = staged(app, "robber_to_desert", None, edit)
    ui = addon(scene)
    open_use(app, scene, "helper_robber")
    assert app.top is scene and ui.mode == "helper_robber" and scene.board_targets()["hex"]
    assert "desert" in ui.hint()
    key(app, pygame.K_ESCAPE)
    assert app.top is scene and ui.mode is None and not scene.board_targets()["hex"]
    open_use(app, scene, "helper_robber")
    desert = next(iter(scene.board_targets()["hex"]))
    click(app, board_point(scene, "hex", desert))
    assert isinstance(app.top, hd2.AfterDialog) and scene.view.robber == desert


def test_road_assistance_asks_how_to_pay_at_the_spot_clicked(app: App) -> None:
    scene = staged(app, "road_assistance", {"lumber": 1, "wool": 1, "grain": 1})
    open_use(app, scene, "helper_road")
    edges = scene.board_targets()["edge"]
    edge = next(e for e, acts in edges.items() if len(acts) > 1)
    click(app, board_point(scene, "edge", edge))
    choice = app.top
    assert isinstance(choice, hd.ChoiceDialog) and len(choice.choices) == 2
    press(app, choice.choices[0])
    assert isinstance(app.top, hd2.AfterDialog) and scene.view.edge_owner[edge] == 0


def test_move_a_road_from_one_path_to_another_right_click_goes_back(app: App) -> None:
    scene = staged(app, "move_road")
    ui = addon(scene)
    open_use(app, scene, "helper_move_road")
    moves = [a for a in scene.ctl.legal() if a.kind == "helper_move_road"]
    move = moves[0]
    click(app, board_point(scene, "edge", move.a))
    assert ui.move_from == move.a and "where" in ui.hint()
    click(app, board_point(scene, "edge", move.b), button=3)
    assert ui.move_from is None and ui.mode == "helper_move_road"
    click(app, board_point(scene, "edge", move.a))
    click(app, board_point(scene, "edge", move.b))
    assert isinstance(app.top, hd2.AfterDialog)
    assert scene.view.edge_owner[move.b] == 0 and scene.view.edge_owner[move.a] == -1


def test_swords_to_plowshares_builds_a_city_with_a_knight(app: App) -> None:
    def edit(d: dict) -> None:
        d["dev_cards"][0]["knight"] = 1
        d["dev_deck"].remove("knight")

    scene = staged(app, "swords_to_plowshares", {"grain": 1, "ore": 2}, edit)
    open_use(app, scene, "helper_plowshares")
    node = next(iter(scene.board_targets()["node"]))
    click(app, board_point(scene, "node", node))
    assert isinstance(app.top, hd2.AfterDialog)
    assert scene.view.node_level[node] == 2 and sum(scene.view.development_cards) == 0


# --------------------------------------------------------------------------------------- a whole game


class HelperDriver(Driver):
    """Plays seat 0 through clicks, using its helper through the Helper button whenever it can: turns the
    first one used to side B, then swaps for cards it has not used yet."""

    def __init__(self, app: App, scene: GameScene) -> None:
        super().__init__(app, scene)
        self.used: Counter[str] = Counter()

    def main_phase(self, legal: list[Action], kinds: set[str]) -> None:
        uses = sorted(k for k in kinds if k.startswith("helper_"))
        if self.game.phase == "main" and uses:
            self.use_helper(uses[0], [a for a in legal if a.kind == uses[0]])
            return
        super().main_phase(legal, kinds)

    def use_helper(self, kind: str, actions: list[Action]) -> None:
        g, app, scene = self.game, self.app, self.scene
        before = len(g.history)
        card = mine(scene)["card"]
        open_use(app, scene, kind)
        if kind in BOARD_KINDS:
            a = actions[0]
            if kind == "helper_move_road":
                click(app, board_point(scene, "edge", a.a))
                click(app, board_point(scene, "edge", a.b))
            elif kind == "helper_road":
                click(app, board_point(scene, "edge", a.a))
            elif kind == "helper_plowshares":
                click(app, board_point(scene, "node", a.b[0]))
            else:
                click(app, board_point(scene, "hex", scene.view.topo.hex_index[a.a]))
        elif kind == "helper_forced_trade":
            a = max(actions, key=lambda x: sum(g.s.hands[q][g.res_index[x.a]] > 0 for q in x.b))
            press(app, dialog_buttons(app.top, a.a)[0])
            for q in a.b:
                name = scene.names[q]
                press(app, next(b for b in app.top.actions if getattr(b, "text", "").startswith(name)))
            press(app, app.top.ok)
        elif kind == "helper_free_port":
            press(app, dialog_buttons(app.top, actions[0].a)[0])
        if isinstance(app.top, hd.ChoiceDialog):
            press(app, app.top.choices[0])
        self.expect_progress(before, f"use {kind}")
        self.used[card] += 1

    def answer_dialog(self, dialog) -> None:  # type: ignore[no-untyped-def]
        g, app = self.game, self.app
        before = len(g.history)
        if isinstance(dialog, hd2.PromptDialog):
            spare = getattr(dialog, "spare", None)
            takes = [b for b in getattr(dialog, "choices", {}).values() if b.is_enabled]
            self.used[mine(self.scene)["card"]] += 1 if (spare or takes) else 0
            press(app, spare or (takes[0] if takes else dialog.decline))
        elif isinstance(dialog, (hd2.PayDialog, hd2.PickDialog)):
            press(app, next(b for b in dialog.choices.values() if b.is_enabled))
        elif isinstance(dialog, hd2.AfterDialog):
            if dialog.flip is not None and not self.done["flip"]:
                press(app, dialog.flip)
                self.done["flip"] += 1
            else:
                display = self.scene.view.modules["helpers"]["display"]
                card = min(display, key=lambda c: (self.used[c] > 0, SWAP_FIRST.index(c)))
                click(app, card_centre(dialog, card))
                self.done["swap"] += 1
        elif isinstance(dialog, hd.HelperBase):
            press(app, dialog_buttons(dialog, "Close")[0] if dialog_buttons(dialog, "Close")
                  else dialog_buttons(dialog, "Cancel")[0])  # fmt: skip
            return
        else:
            super().answer_dialog(dialog)
            return
        self.expect_progress(before, f"answer {type(dialog).__name__}")


def test_a_whole_helpers_game_through_clicks(app: App) -> None:
    """The human uses at least four different helpers through the Helper button, its dialog, the board and
    the phase dialogs, turns one to side B and swaps, until the game ends."""
    config = GameConfig.default(4)
    config.variant, config.seed = HELPERS, 3
    for seat in config.seats[1:]:
        seat.kind = "random"
    app.settings.coach = False
    app.settings.animation_speed = "instant"
    scene = GameScene(app, config)
    app.push(scene)
    pump(app)
    driver = HelperDriver(app, scene)
    for _ in range(60000):
        if scene.ctl.game.is_over:
            break
        driver.step()
    assert scene.ctl.game.is_over, f"no winner after many steps (turn {scene.ctl.game.turn})"
    assert len(driver.used) >= 4, dict(driver.used)
    assert driver.done["flip"] >= 1 and driver.done["swap"] >= 1, dict(driver.done)
    log = scene.ctl.game.log  # the same, as the game recorded it (H-3.1, H-3.2)
    used = {e["card"] for e in log if e.get("t") == "helper_used" and e.get("seat") == 0}
    assert len(used) >= 4, used
    assert any(e.get("t") == "helper_flipped" and e.get("seat") == 0 for e in log)
    assert any(e.get("t") == "helper_swapped" and e.get("seat") == 0 for e in log)

