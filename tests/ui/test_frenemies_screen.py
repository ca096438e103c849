"""Frenemies (RULES.md Part A, issue 15) on the desktop game screen, headless, through real clicks.

A whole game: the human seat earns favour tokens all three ways (a harmless robber, an accepted gift, a road
joining another player's roads, A-3), gives cards, uses guild favours through the guild table (A-5, A-6) and
answers whatever Frenemies asks of it, until a player reaches 11 points. Then focused checks of the guild
table, the gift dialogs, the panel row's privacy in hot-seat play and the tokens' flight.

The rule file is rules/frenemies.yaml, the variant the menu offers as ``frenemies``.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json  # noqa: E402
import time  # noqa: E402
from collections import Counter  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from test_game_scene import Driver, click, dialog_buttons, drawn_texts, new_scene, press, pump  # noqa: E402

from catan_desktop.engine import Action, Game  # noqa: E402
from catan_desktop.engine.modules.frenemies_state import GUILDS, cost, first_joins  # noqa: E402
from catan_desktop.persistence import LoadedSave  # noqa: E402
from catan_desktop.text import reason_for  # noqa: E402
from catan_desktop.ui.app import App  # noqa: E402
from catan_desktop.ui.config import GameConfig  # noqa: E402
from catan_desktop.ui.scenes import frenemies_dialogs as fd  # noqa: E402
from catan_desktop.ui.scenes import frenemies_gift_dialogs as gd  # noqa: E402
from catan_desktop.ui.scenes import game_dialogs as dlg  # noqa: E402
from catan_desktop.ui.scenes.addon_ui import sprite  # noqa: E402
from catan_desktop.ui.scenes.game import GameScene  # noqa: E402
from catan_desktop.ui.scenes.pass_device import PassDeviceScene  # noqa: E402

FRENEMIES = "frenemies"  # rules/frenemies.yaml
EARN = ("robber", "gift", "join")  # A-3.3 (the builder's share)


def resource_button(dialog: dlg.GameDialog, resource: str, exclude: tuple[object, ...] = ()) -> Any:
    """The live button of ``resource`` in a row of resource cards ("Grain · 3"), e.g. the trader's row."""
    label = resource.capitalize() + " ·"
    found = [
        b for b in dialog.actions
        if getattr(b, "text", "").startswith(label) and b.alive() and b not in exclude  # type: ignore[attr-defined]
    ]  # fmt: skip
    assert len(found) == 1, [getattr(b, "text", "") for b in dialog.actions]
    return found[0]


class FrenemiesDriver(Driver):
    """Plays seat 0 through clicks like ``Driver``, and plays Frenemies too: harmless robber moves, joining
    roads, gifts, the guilds' favours, exchanges; answers the Frenemies dialogs. It reads the game to choose
    (as a player reads the board) but acts only through the screen."""

    def __init__(self, app: App, scene: GameScene) -> None:
        super().__init__(app, scene)
        self.guilds: Counter[str] = Counter()

    # ------------------------------------------------------------------------------------- choosing

    def lacking(self) -> list[str]:
        """The resources a city, else a settlement, else a road still needs."""
        g = self.game
        names, hand = g.rules.resources, g.s.hands[0]
        for item in ("city", "settlement", "road"):
            price = g.rules.costs[item]
            short = [names[i] for i in range(len(names)) if hand[i] < price[i]]
            if short:
                return short
        return list(names)

    def plentiful(self, options: set[str]) -> str:
        g = self.game
        hand = g.s.hands[0]
        return max(sorted(options), key=lambda r: hand[g.res_index[r]])

    def joins(self, roads: list[Action]) -> list[Action]:
        """The roads that would join seat 0's roads to another player's for the first time (A-3.3)."""
        return [a for a in roads if first_joins(self.game, 0, a.a)]

    # ----------------------------------------------------------------------------------------- acting

    def act(self) -> None:
        g = self.game
        if g.phase == "robber":
            self.robber()
        elif g.phase == "road_building":
            self.free_road()
        else:
            super().act()

    def robber(self) -> None:
        """A-3.1: a hex with no building next to it, or the desert and steal from nobody; else the usual."""
        g, app, scene = self.game, self.app, self.scene
        legal = g.legal_actions()
        before = len(g.history)
        owner = g.s.node_owner

        def harmless(a: Action) -> bool:
            h = g.topo.hex_index[a.a]
            return a.b is None and (
                all(owner[n] < 0 for n in g.topo.hex_nodes[h]) or g.terrain_res[h] is None
            )

        moves = [a for a in legal if harmless(a)]
        if not moves:
            super().act()
            return
        # the desert first when somebody could be robbed there: the victim dialog then offers "Nobody"
        best = max(moves, key=lambda a: (g.terrain_res[g.topo.hex_index[a.a]] is None,
                                         any(x.a == a.a and x.b is not None for x in legal)))  # fmt: skip
        click(app, scene.screen_pos(best))
        if isinstance(app.top, dlg.VictimDialog):
            press(app, dialog_buttons(app.top, "Nobody")[0])
            self.done["nobody"] += 1
        self.done["harmless_robber"] += 1
        self.expect_progress(before, "move the robber harmlessly")

    def free_road(self) -> None:
        """A free road (the pavers' favour, a Road Building card): a joining road if there is one."""
        g, app, scene = self.game, self.app, self.scene
        before = len(g.history)
        roads = [a for a in g.legal_actions() if a.kind == "road"]
        choice = (self.joins(roads) or roads)[0]
        click(app, scene.screen_pos(choice))
        self.done["free_road"] += 1
        self.expect_progress(before, "build a free road")

    def main_phase(self, legal: list[Action], kinds: set[str]) -> None:
        if self.use_favour(legal) or self.join_road(legal) or self.give_card(legal):
            return
        super().main_phase(legal, kinds)

    def join_road(self, legal: list[Action]) -> bool:
        g, app, scene = self.game, self.app, self.scene
        joining = self.joins([a for a in legal if a.kind == "road"])
        if not joining:
            return False
        before = len(g.history)
        if scene.mode != "road":
            press(app, scene.buttons["road"])
        click(app, scene.screen_pos(joining[0]))
        self.done["join_road"] += 1
        self.expect_progress(before, "build a joining road")
        return True

    def give_card(self, legal: list[Action]) -> bool:
        """A-3.2: Give a card -> the card -> the player; the computer answers. Twice early in the game, and
        whenever the hand is large (seven cards would be discarded on a 7 anyway)."""
        g, app, scene = self.game, self.app, self.scene
        gifts = [a for a in legal if a.kind == "gift"]
        accepted = sum(1 for e in g.log if e["t"] == "gift_accepted" and e["giver"] == 0)
        if not gifts or (accepted >= 2 and sum(g.s.hands[0]) < 7):
            return False
        before = len(g.history)
        assert scene.buttons["gift"].is_enabled
        press(app, scene.buttons["gift"])
        dialog = app.top
        assert isinstance(dialog, gd.GiftDialog), type(dialog)
        card = self.plentiful({a.a for a in gifts})
        if dialog.card != card:
            press(app, dialog.card_buttons[card])
        dialog = app.top
        assert isinstance(dialog, gd.GiftDialog) and dialog.card == card
        seat = next(a.b for a in gifts if a.a == card)
        assert dialog.player_buttons[seat].is_enabled  # type: ignore[attr-defined]
        press(app, dialog.player_buttons[seat])
        assert any(h.startswith(f"gift {card} {seat}") for h in g.history[before:]), g.history[before:]
        self.done["gift"] += 1
        self.expect_progress(before, "give a card")
        return True

    def use_favour(self, legal: list[Action]) -> bool:
        """A-5, A-6: a guild's favour through Favours -> Use, the guilds not used yet first; else exchange a
        token that cannot pay for its guild yet (A-5.5)."""
        g, app, scene = self.game, self.app, self.scene
        guilds = {a.a for a in legal if a.kind == "favour"}
        if not guilds and not any(a.kind == "exchange_favour" for a in legal):
            return False
        before = len(g.history)
        if guilds:
            rank = ["trader", "merchant", "paver", "architect", "teacher"]
            if not self.joins([a for a in legal if a.kind == "road"]) and self.guilds["paver"]:
                rank.remove("paver")  # a free road only for a join, once the pavers have been tried
                rank.append("paver")
            guild = min(guilds, key=lambda x: (self.guilds[x] > 0, rank.index(x)))
        else:
            guild = ""
            held = Counter(scene.view.modules["frenemies"]["yours"])
            if not any(0 < held[x] < cost(g, x) for x in held):
                return False
        press(app, scene.buttons["favours"])
        dialog = app.top
        assert isinstance(dialog, fd.GuildDialog), type(dialog)
        if not guild:
            assert dialog.exchange.is_enabled
            press(app, dialog.exchange)
            self.done["exchange"] += 1
            self.expect_progress(before, "exchange a token")
            return True
        button = dialog.use_buttons[guild]
        assert button.is_enabled, (guild, button.tool_tip_text)  # type: ignore[attr-defined]
        press(app, button)
        if guild == "trader":
            trader = app.top
            assert isinstance(trader, fd.TraderDialog), type(trader)
            offered = {a.b for a in legal if a.kind == "favour" and a.a == "trader"}
            want = next((r for r in self.lacking() if r in offered), min(offered))
            press(app, resource_button(trader, want))
        elif guild == "merchant":
            self.merchant_swaps()
        self.guilds[guild] += 1
        self.done[f"favour_{guild}"] += 1
        self.expect_progress(before, f"use the {guild}s' favour")
        return True

    def merchant_swaps(self) -> None:
        """The merchants' swaps: give the most plentiful card for one a build lacks, until none is left."""
        app, g = self.app, self.game
        for _ in range(4):
            dialog = app.top
            if not isinstance(dialog, fd.MerchantSwapDialog):
                return
            swaps = [a for a in g.legal_actions() if a.kind == "merchant_swap"]
            give = self.plentiful({a.a for a in swaps})
            press(app, resource_button(dialog, give, exclude=tuple(dialog.get_buttons.values())))
            dialog = app.top
            assert isinstance(dialog, fd.MerchantSwapDialog) and dialog.give == give
            gets = [a.b for a in swaps if a.a == give]
            get = next((r for r in self.lacking() if r in gets), gets[0])
            assert dialog.get_buttons[get].is_enabled  # type: ignore[attr-defined]
            before = len(g.history)
            press(app, dialog.get_buttons[get])
            self.expect_progress(before, "swap with the merchants")
            self.done["merchant_swap"] += 1

    # ---------------------------------------------------------------------------------------- dialogs

    def answer_dialog(self, dialog: dlg.GameDialog) -> None:
        g, app = self.game, self.app
        before = len(g.history)
        if isinstance(dialog, gd.GiftAnswerDialog):
            press(app, dialog_buttons(dialog, "Accept")[0])
            self.done["gift_answer"] += 1
        elif isinstance(dialog, fd.ReturnFavourDialog):
            held = Counter(dialog.section["yours"])
            # give back a token that cannot pay for its guild, else the first offered
            back = next((x for x in dialog.options if held[x] < cost(g, x)), dialog.options[0])
            label = next(b for b in dialog.actions if getattr(b, "text", "").startswith(fd.guild_name(back)))
            press(app, label)
            self.done["return_favour"] += 1
        elif isinstance(dialog, fd.FavourOrderDialog):
            press(app, next(iter(dialog.actions)))
            self.done["favour_order"] += 1
        else:
            super().answer_dialog(dialog)
            return
        self.expect_progress(before, f"answer {type(dialog).__name__}")


def frenemies_scene(app: App, seed: int, opponents: str = "random") -> GameScene:
    return new_scene(app, seed=seed, opponents=opponents, variant=FRENEMIES)


def mine(game: Any, kind: str, **match: Any) -> list[dict[str, Any]]:
    return [e for e in game.log if e["t"] == kind and all(e.get(k) == v for k, v in match.items())]


def wait_for(app: App, done: Any, frames: int = 600) -> None:
    """Let the screen run (computer players think off-thread) until ``done()``."""
    for _ in range(frames):
        if done():
            return
        pump(app)
        time.sleep(0.002)
    assert done(), "the game did not get there"


# ------------------------------------------------------------------------------------- a whole game


def test_a_whole_frenemies_game_through_clicks(home: Path) -> None:
    """Issue 15, "done means": seat 0 earns favour tokens all three ways (A-3.1 a harmless robber, with the
    victim dialog's "Nobody" on the desert; A-3.2 an accepted gift; A-3.3 a joining road), gives cards,
    uses three guilds' favours and more through the guild table (the traders' card, the merchants' swaps,
    the pavers' free road clicked on the board, ...), exchanges a token and returns one (A-5.5), answers a
    computer's gift, and the game ends at 11 points with the game-over screen."""
    app = App(size=(1280, 720))
    scene = frenemies_scene(app, seed=2, opponents="easy")
    assert scene.ctl.game.rules.vp_target == 11 and scene.ctl.game.players == 4
    assert {"favours", "gift"} <= set(scene.buttons)
    driver = FrenemiesDriver(app, scene)
    for _ in range(20000):
        if scene.ctl.game.is_over:
            break
        driver.step()
        assert not any(a.kind == "fly" for a in scene.anims), "an animation at the instant speed"
    g = scene.ctl.game
    assert g.is_over and len(g.winners) == 1, f"no winner (turn {g.turn})"
    assert max(g.vp(q) for q in range(4)) >= 11
    earned = Counter(e["why"] for e in mine(g, "favour", seat=0))
    for why in EARN:
        assert earned[why] > 0, f"seat 0 never earned a favour token by '{why}': {dict(earned)}"
    assert mine(g, "gift_accepted", giver=0), "seat 0 never gave a card"
    guilds = Counter(e["guild"] for e in mine(g, "favour_used", seat=0))
    assert len(guilds) >= 3 and {"trader", "merchant", "paver"} <= set(guilds), dict(guilds)
    assert mine(g, "merchant_swap", seat=0)
    done = driver.done
    for kind in ("harmless_robber", "nobody", "gift", "join_road", "free_road", "gift_answer",
                 "exchange", "return_favour"):  # fmt: skip
        assert done[kind] > 0, f"the test game never exercised '{kind}': {dict(done)}"
    assert mine(g, "gift_accepted", seat=0), "seat 0 never accepted a computer's gift"
    for _ in range(300):
        pump(app)
        if type(app.top).__name__ == "GameOverScene":
            break
    assert type(app.top).__name__ == "GameOverScene"


# ---------------------------------------------------------------------------------- hand-built positions


def position(
    *,
    hands: dict[int, dict[str, int]] | None = None,
    tokens: dict[int, list[str]] | None = None,
    new: dict[int, list[str]] | None = None,
    supply: list[str] | None = None,
    board: tuple[list[tuple[int, int]], list[tuple[int, int]]] | None = None,
    seed: int = 3,
) -> Game:
    """Seat 0's main phase after a seeded founding (first legal spots), with the given resource cards and
    favour tokens (``new``: those obtained this turn, A-5.3), as tests/engine/test_rules_frenemies.py does;
    ``supply``: the exact face-down supply (top last; the rest of the tokens lie on the used pile);
    ``board``: (settlements as (node, seat), roads as (edge, seat)) instead of the founding's."""
    g = Game.new(FRENEMIES, players=4, seed=seed)
    while g.phase in ("setup_settlement", "setup_road"):
        g.apply(g.legal_actions()[0])
    d = json.loads(g.to_json())
    d.update(phase="main", current=0, dice=[2, 3], history=[], log=[])
    if board is not None:
        d["buildings"] = [[n, q, "settlement"] for n, q in board[0]]
        d["roads"] = [[e, q] for e, q in board[1]]
    d["hands"] = [dict((hands or {}).get(q, {})) for q in range(4)]
    del d["bank"]  # derived from the hands
    sec = d["modules"]["frenemies"]
    for q, held in (tokens or {}).items():
        for t in held:
            sec["supply"].remove(t)
        sec["tokens"][q] = list(held)
    for q, fresh in (new or {}).items():
        sec["new"][q] = list(fresh)
        sec["new_turn"] = d["turn"]
    if supply is not None:
        rest = Counter(sec["supply"])
        rest.subtract(Counter(supply))
        sec["used"] = sorted(rest.elements())
        sec["supply"] = list(supply)
    return Game.from_json(json.dumps(d))


def load_scene(app: App, game: Game, humans: tuple[int, ...] = (0,)) -> GameScene:
    """The game screen resuming ``game`` (as from a save), ``humans`` at the screen, easy computers else."""
    config = GameConfig.default(4)
    config.variant, config.seed = FRENEMIES, 3
    for q, seat in enumerate(config.seats):
        seat.kind = "human" if q in humans else "easy"
    app.settings.coach = False
    app.settings.animation_speed = "instant"
    scene = GameScene(app, config, loaded=LoadedSave(game, "test", ""))
    app.push(scene)
    pump(app, 2)
    return scene


def answers(scene: GameScene, by_seat: dict[int, str]) -> None:
    """Computer seats that answer any gift with ``accept_gift`` or ``refuse_gift`` (the rest as they like)."""
    for q, kind in by_seat.items():
        bot = scene.ctl.bots[q]
        own = bot.choose

        def choose(game: Game, seat: int, own: Any = own, kind: str = kind) -> Action:
            return Action(kind) if game.phase == "gift_answer" else own(game, seat)

        bot.choose = choose  # type: ignore[method-assign]


def hand(game: Game, seat: int, resource: str) -> int:
    return game.hand(seat)[resource]


# ------------------------------------------------------------------------------------- focused tests


def test_the_guild_table_says_why_a_favour_cannot_be_used(home: Path) -> None:
    """A-5: with no tokens every Use button is disabled and its tooltip is the engine's reason; a token
    obtained this turn cannot pay yet (A-5.3), a teachers' favour needs two (A-1.1); an affordable favour is
    enabled and says what it gives. The table opens with F."""
    app = App(size=(1280, 720))
    scene = load_scene(app, position(hands={0: {"grain": 1}}))
    g = scene.ctl.game
    assert scene.buttons["favours"].is_enabled and "No favour now" in scene.buttons["favours"].tool_tip_text
    press_key(app, pygame.K_f)
    dialog = app.top
    assert isinstance(dialog, fd.GuildDialog)
    for guild in GUILDS:
        button = dialog.use_buttons[guild]
        probe = Action("favour", guild, "brick" if guild == "trader" else None)
        assert not button.is_enabled, guild  # type: ignore[attr-defined]
        reason = g.why_illegal(probe)
        assert reason is not None and reason.code == "favour_tokens"
        assert button.tool_tip_text == reason_for(reason, scene.names, 0)  # type: ignore[attr-defined]
    assert not dialog.exchange.is_enabled
    why = g.why_illegal(Action("exchange_favour"))
    assert why is not None and why.code == "favour_no_tokens"
    assert dialog.exchange.tool_tip_text == reason_for(why, scene.names, 0)
    assert not dialog.swap.is_enabled
    press(app, dialog_buttons(dialog, "Close")[0])
    assert app.top is scene

    app = App(size=(1280, 720))
    held = ["merchant", "trader", "teacher"]
    scene = load_scene(app, position(hands={0: {"grain": 1}}, tokens={0: held}, new={0: ["merchant"]}))
    press(app, scene.buttons["favours"])
    dialog = app.top
    assert isinstance(dialog, fd.GuildDialog)
    use = dialog.use_buttons
    assert use["trader"].is_enabled and use["trader"].tool_tip_text == fd.FAVOURS["trader"]  # type: ignore[attr-defined]
    assert not use["merchant"].is_enabled  # type: ignore[attr-defined]
    assert use["merchant"].tool_tip_text.endswith("you can use 0")  # type: ignore[attr-defined]
    assert not use["teacher"].is_enabled  # type: ignore[attr-defined]
    assert "needs 2 tokens" in use["teacher"].tool_tip_text  # type: ignore[attr-defined]
    assert dialog.exchange.is_enabled


def press_key(app: App, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    pump(app, 2)


def test_a_refused_gift_stays_with_the_giver_and_can_go_to_another_player(home: Path) -> None:
    """A-3.2: Give a card -> a card -> a computer that refuses: the card stays; the dialog then offers only
    that card, the refusing player's button says why not, and another player can take it."""
    app = App(size=(1280, 720))
    scene = load_scene(app, position(hands={0: {"brick": 1, "wool": 2}}))
    g = scene.ctl.game
    answers(scene, {1: "refuse_gift", 2: "accept_gift"})
    press_key(app, pygame.K_c)
    dialog = app.top
    assert isinstance(dialog, gd.GiftDialog) and dialog.card is None
    assert not any(b.is_enabled for b in dialog.player_buttons.values())  # type: ignore[attr-defined]
    assert dialog.player_buttons[1].tool_tip_text == "Choose a card first"  # type: ignore[attr-defined]
    assert not dialog.card_buttons["grain"].is_enabled  # type: ignore[attr-defined]
    press(app, dialog.card_buttons["brick"])
    assert app.top is dialog and dialog.card == "brick"
    assert all(b.is_enabled for b in dialog.player_buttons.values())  # type: ignore[attr-defined]
    press(app, dialog.player_buttons[1])
    wait_for(app, lambda: bool(mine(g, "gift_refused")) and g.phase == "main")
    assert hand(g, 0, "brick") == 1 and hand(g, 1, "brick") == 0
    assert not mine(g, "favour")
    assert scene.buttons["gift"].is_enabled
    press(app, scene.buttons["gift"])
    dialog = app.top
    assert isinstance(dialog, gd.GiftDialog) and dialog.card == "brick"  # the refused card, chosen
    assert not dialog.card_buttons["wool"].is_enabled  # type: ignore[attr-defined]
    refused = dialog.player_buttons[1]
    assert not refused.is_enabled and "already refused" in refused.tool_tip_text  # type: ignore[attr-defined]
    assert dialog.player_buttons[2].is_enabled  # type: ignore[attr-defined]
    press(app, dialog.player_buttons[2])
    wait_for(app, lambda: bool(mine(g, "gift_accepted")))
    assert hand(g, 0, "brick") == 0 and hand(g, 2, "brick") == 1
    assert [e["why"] for e in mine(g, "favour", seat=0)] == ["gift"]
    pump(app, 3)
    assert not scene.buttons["gift"].is_enabled  # one accepted gift a turn
    why = g.why_none("gift")
    assert why is not None and why.code == "gift_once_a_turn"
    assert scene.buttons["gift"].tool_tip_text == reason_for(why, scene.names, 0)


def test_the_merchants_swaps_can_be_resumed_from_the_guild_table(home: Path) -> None:
    """A-6: Use (merchants) opens the swaps; Done leaves the rest for later in the turn, and the guild
    table's "Merchant swaps" button opens them again; each swap gives one card for one of the bank's."""
    app = App(size=(1280, 720))
    scene = load_scene(app, position(hands={0: {"grain": 2, "ore": 1}}, tokens={0: ["merchant"]}))
    g = scene.ctl.game
    press(app, scene.buttons["favours"])
    press(app, app.top.use_buttons["merchant"])  # type: ignore[attr-defined]
    dialog = app.top
    assert isinstance(dialog, fd.MerchantSwapDialog) and dialog.give is None
    assert not any(b.is_enabled for b in dialog.get_buttons.values())  # type: ignore[attr-defined]
    press(app, dialog_buttons(dialog, "Done")[0])
    assert app.top is scene and g.phase == "main"
    press(app, scene.buttons["favours"])
    table = app.top
    assert isinstance(table, fd.GuildDialog)
    assert not any(b.is_enabled for b in table.use_buttons.values())  # once a turn
    assert table.swap.is_enabled and table.swap.text == "Merchant swaps: 2"
    press(app, table.swap)
    dialog = app.top
    assert isinstance(dialog, fd.MerchantSwapDialog)
    for get in ("brick", "wool"):
        press(app, resource_button(dialog, "grain", exclude=tuple(dialog.get_buttons.values())))
        assert dialog.give == "grain" and not dialog.get_buttons["grain"].is_enabled  # type: ignore[attr-defined]
        press(app, dialog.get_buttons[get])
    assert app.top is scene  # no swap left: the dialog closed itself
    assert g.hand(0) == {"lumber": 0, "wool": 1, "grain": 0, "brick": 1, "ore": 1}
    assert [e["get"] for e in mine(g, "merchant_swap", seat=0)] == ["brick", "wool"]


def give_to_the_next_human(app: App, scene: GameScene, card: str) -> None:
    """Seat 0 gives ``card`` to seat 1 (a human at the same screen) and passes the screen to seat 1."""
    press(app, scene.buttons["gift"])
    dialog = app.top
    assert isinstance(dialog, gd.GiftDialog)
    if dialog.card != card:
        press(app, dialog.card_buttons[card])
    press(app, app.top.player_buttons[1])  # type: ignore[attr-defined]
    assert scene.ctl.game.phase == "gift_answer" and scene.ctl.seat_to_act == 1
    wait_for(app, lambda: isinstance(app.top, PassDeviceScene))
    press_key(app, pygame.K_RETURN)
    wait_for(app, lambda: isinstance(app.top, gd.GiftAnswerDialog))
    assert scene.viewer == 1


def test_a_human_receiver_answers_a_gift_at_the_same_screen(home: Path) -> None:
    """Hot-seat (two humans): the receiver is handed the screen and answers in the gift dialog; Accept
    moves the card and the giver draws a favour token (A-3.2)."""
    app = App(size=(1280, 720))
    scene = load_scene(app, position(hands={0: {"ore": 1, "grain": 1}}), humans=(0, 1))
    g = scene.ctl.game
    give_to_the_next_human(app, scene, "ore")
    dialog = app.top
    assert isinstance(dialog, gd.GiftAnswerDialog) and dialog.resource == "ore"
    assert hand(g, 0, "ore") == 1 and hand(g, 1, "ore") == 0
    press(app, dialog_buttons(dialog, "Accept")[0])
    assert hand(g, 0, "ore") == 0 and hand(g, 1, "ore") == 1
    assert [e["why"] for e in mine(g, "favour", seat=0)] == ["gift"]
    wait_for(app, lambda: isinstance(app.top, PassDeviceScene))  # back to the giver, whose turn it is
    press_key(app, pygame.K_RETURN)
    wait_for(app, lambda: app.top is scene and scene.viewer == 0)
    assert g.phase == "main" and g.current_player == 0


def panel_row(scene: GameScene, seat: int) -> tuple[str, list[str]]:
    """Draw the screen; return the Frenemies row's explanation on ``seat``'s panel, and the texts in it."""
    drawn = drawn_texts(scene, scene.app.screen)
    panel = scene.panel_rect(seat)
    tips = [t for r, t in scene.tips if panel.contains(r) and ("favour tokens" in t or "Favour tokens" in t)]
    assert len(tips) == 1, tips
    row = next(r for r, t in scene.tips if t == tips[0])
    return tips[0], [t for t, r in drawn if row.contains(r)]


def test_the_panel_shows_your_token_faces_and_only_counts_for_the_others(home: Path) -> None:
    """A-4.1 / hot-seat privacy: your own panel row shows your tokens by guild, the others' rows only how
    many they hold; when the screen passes to the other human it is the other way round."""
    app = App(size=(1280, 720))
    tokens = {0: ["merchant", "trader", "trader"], 1: ["architect"]}
    scene = load_scene(app, position(hands={0: {"ore": 1}}, tokens=tokens), humans=(0, 1))
    tip, texts = panel_row(scene, 0)
    assert tip.startswith("Your favour tokens by guild: 1 ") and fd.guild_name("trader") in tip
    assert "2" in texts and "1" in texts and "×3" not in texts
    tip, texts = panel_row(scene, 1)
    assert tip.startswith("Favour tokens: 1 (face down)") and fd.guild_name("architect") not in tip
    assert "×1" in texts
    give_to_the_next_human(app, scene, "ore")
    drawn = [t for _r, t in drawn_texts(scene, app.screen)]
    assert drawn  # the screen under the answer dialog is seat 1's now
    tip, texts = panel_row(scene, 1)
    assert tip.startswith("Your favour tokens by guild: 1 " + fd.guild_name("architect"))
    tip, texts = panel_row(scene, 0)
    assert tip.startswith("Favour tokens: 3 (face down)") and "×3" in texts
    assert not any(fd.guild_name(x) in tip for x in GUILDS)


def test_a_road_joining_two_players_from_a_short_supply_asks_who_draws_first(home: Path) -> None:
    """A-3.3: the road clicked with the Road button joins seat 0's roads to two players' at once; seat 0
    draws its 3 tokens (they fly from the road to its panel), and the one token left cannot pay both
    others: the favour-order dialog asks who draws first, and that player gets it."""
    g0 = Game.new(FRENEMIES, players=4, seed=3)
    topo = g0.topo
    hub = next(n for n in range(len(topo.node_neighbours)) if len(topo.node_neighbours[n]) == 3)
    a, b, m = topo.node_neighbours[hub]  # seat 1 at a, seat 2 at b, seat 0 at m: each next to the hub

    def edge(x: int, y: int) -> int:
        return topo.edge_index[(min(x, y), max(x, y))]

    board = ([(m, 0), (a, 1), (b, 2)], [(edge(a, hub), 1), (edge(b, hub), 2)])
    game = position(hands={0: {"lumber": 1, "brick": 1}}, board=board,
                    supply=["architect", "paver", "trader", "merchant"])  # fmt: skip
    app = App(size=(1280, 720))
    scene = load_scene(app, game)
    app.settings.animation_speed = "normal"
    road = Action("road", edge(m, hub))
    assert scene.ctl.game.is_legal(road) and first_joins(scene.ctl.game, 0, road.a) == [1, 2]
    press(app, scene.buttons["road"])
    click(app, scene.screen_pos(road))
    g = scene.ctl.game
    assert [e["why"] for e in mine(g, "favour", seat=0)] == ["join"] * 3
    wait_for(app, lambda: isinstance(app.top, fd.FavourOrderDialog))
    flying = [x for x in scene.anims if x.kind == "fly" and "image" in x.data]
    x, y = scene.layout.edge_mid(road.a)  # type: ignore[union-attr]
    assert len(flying) == 3 and {f.data["from"] for f in flying} == {(int(x), int(y))}
    dialog = app.top
    assert g.phase == "favour_order"
    choices = {getattr(btn, "text", ""): btn for btn in dialog.actions}
    assert set(choices) == {scene.names[1], scene.names[2]}
    press(app, choices[scene.names[2]])
    assert [e["why"] for e in mine(g, "favour", seat=2)] == ["joined"]
    assert not mine(g, "favour", seat=1) and mine(g, "favour_short", seat=1)
    assert g.phase == "main" and app.top is scene


@pytest.mark.parametrize("speed", ["normal", "instant"])
def test_an_earned_token_flies_to_the_panel_unless_animations_are_instant(home: Path, speed: str) -> None:
    """A-3: the token a player earns flies (face up for you) from the board to the earner's panel; at the
    instant speed nothing flies."""
    app = App(size=(1280, 720))
    scene = load_scene(app, position(hands={0: {"wool": 1}}))
    g = scene.ctl.game
    answers(scene, {1: "accept_gift"})
    app.settings.animation_speed = speed
    press(app, scene.buttons["gift"])
    dialog = app.top
    assert isinstance(dialog, gd.GiftDialog) and dialog.card == "wool"  # the only card, chosen
    press(app, dialog.player_buttons[1])
    wait_for(app, lambda: bool(mine(g, "favour", seat=0)))
    flying = [a for a in scene.anims if a.kind == "fly" and "image" in a.data]
    if speed == "instant":
        assert not flying
        return
    assert len(flying) == 1 and flying[0].data["to"] == scene.panel_rect(0).center
    token = mine(g, "favour", seat=0)[0]["card"]
    face = sprite(scene.app, f"guilds/{token}", (scene.px(30), scene.px(30)))
    image = flying[0].data["image"]
    assert pygame.image.tobytes(image, "RGBA") == pygame.image.tobytes(face, "RGBA")  # its face: yours
