"""The game screen: the board, player panels, your hand, dice, actions, the log, and computer turns."""

from __future__ import annotations

import contextlib
import math
import random
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements import UIButton, UITextBox, UITextEntryLine

from ...engine import Action, IllegalAction
from ...engine.modules import market, remote_cards, terrain_development, token_removal, token_robber
from ...engine.queries import CITY, ROAD, SETTLEMENT, harbour_rates, road_spots, settlement_spots
from ...engine.views import SeatView
from ...i18n import _
from ...persistence import LoadedSave, SaveError
from ...render.board import BoardRenderer, Highlight, Hover
from ...render.board_static import BADGE
from ...render.layout import BoardLayout
from ...render.palette import COLOUR_BLIND, GOLD, INK, INK_SOFT, PARCHMENT, PARCHMENT_DARK, WOOD, rgb
from ...render.tokens import token_at, token_centres
from ...text import CARD_RULES, cards_text, describe, places_of, reason_for
from ..config import GameConfig
from ..controller import GameController
from ..scaling import make_manager
from ..scene import GuiScene
from ..settings import SPEED_DELAY
from ..widgets import TipButton, esc
from .game_anims import MARK_SECONDS, draw_banner, draw_fly, draw_mark, mark_place
from .game_dialogs import RESOURCES_ORDER
from .game_header import HINTS, PANEL_TIPS, draw_header

if TYPE_CHECKING:
    from ..app import App

DEV_ORDER = ("knight", "road_building", "year_of_plenty", "monopoly", "victory_point")
ANIM_SCALE = {"slow": 1.5, "normal": 1.0, "fast": 0.5, "instant": 0.0}




@dataclass
class Anim:
    """A short animation: dice, flying resource cards, a turn banner."""

    kind: str
    start: float
    duration: float
    data: dict[str, Any] = field(default_factory=dict)

    def progress(self, now: float) -> float:
        return 1.0 if self.duration <= 0 else min(1.0, (now - self.start) / self.duration)


class GameScene(GuiScene):
    """Plays one game. Humans act through the board, the buttons and dialogs; computers think off-thread."""

    def __init__(self, app: App, config: GameConfig, loaded: LoadedSave | None = None) -> None:
        super().__init__(app)
        self.config = config
        self.ctl = GameController(config, loaded)
        self.renderer = BoardRenderer(app.assets)
        humans = self.ctl.humans
        self.viewer = humans[0] if humans else 0  # whose hand is shown
        modules = self.game.rules.modules
        self.has_market = "market" in modules  # Catan a Dois (RULES.md Part D)
        self.has_develop = "terrain_development" in modules
        self.token_robber = "token_robber" in modules
        self.has_reserve = "token_removal" in modules or self.has_develop
        self._remote_seen: tuple[int, int] | None = None
        self._tips: list[tuple[pygame.Rect, str]] = []  # drawn panels that explain themselves on hover
        self._mouse: tuple[tuple[int, int], float] = ((-1, -1), 0.0)
        self._tip_shown = False
        self.mode: str | None = None  # build mode: "road", "settlement", "city"
        self.hover: tuple[str, int] | None = None
        self.anims: list[Anim] = []
        self.next_bot_at = 0.0
        self.log_lines: list[str] = []
        self.over_at: float | None = None
        self.over_shown, self.loaded_over = False, self.game.is_over  # issue 13: never delete a loaded file
        self.save_problem_shown = False
        self.dialog_open_for: tuple[str, int, int] | None = None
        self.dice_faces = (0, 0)
        self.buttons: dict[str, UIButton] = {}
        self.play_buttons: dict[str, UIButton] = {}
        self.layout: BoardLayout | None = None
        self._rng = random.Random()
        self._ui_state: tuple[Any, ...] | None = None
        self._scale_key: tuple[Any, ...] | None = None
        self._scale = 1.0
        self._text_cache: dict[tuple[Any, ...], pygame.Surface] = {}
        self._widget_state: dict[str, tuple[bool, str]] = {}
        self._play_state: tuple[Any, ...] | None = None
        self._log_dirty_at = 0.0
        for event in self.game.log:
            self._log_event(event)
        self._last_dice()
        self._ui_factor = self.scale
        self.ui = make_manager(app, self._ui_factor)  # widget fonts grow with the window, like the drawing

    def resize(self, size: tuple[int, int]) -> None:
        if self.scale != self._ui_factor:
            self._ui_factor = self.scale
            self.ui = make_manager(self.app, self._ui_factor)
        else:
            self.ui.set_window_resolution(size)
        self.rebuild()

    # ----------------------------------------------------------------------------------------- basics

    @property
    def game(self):  # type: ignore[no-untyped-def]
        return self.ctl.game

    @property
    def view(self) -> SeatView:
        """What the shown seat may know (the engine's seat view): all the screen reads of the game's state."""
        return self.ctl.view(self.viewer)

    @property
    def colours(self) -> list[str]:
        if self.app.settings.colour_blind:
            return [COLOUR_BLIND[i % len(COLOUR_BLIND)] for i in range(len(self.config.seats))]
        return [s.colour for s in self.config.seats]

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.config.seats]

    @property
    def scale(self) -> float:
        key = (self.app.size, self.app.settings.ui_scale)
        if key != self._scale_key:
            w, h = self.app.size
            self._scale_key = key
            self._scale = max(0.8, min(2.0, min(w / 1280, h / 720) * self.app.settings.ui_scale))
        return self._scale

    def px(self, value: float) -> int:
        return int(round(value * self.scale))

    def anim_scale(self) -> float:
        return ANIM_SCALE.get(self.app.settings.animation_speed, 1.0)

    def save_named(self, name: str):  # type: ignore[no-untyped-def]
        """Write a named save (raises SaveError)."""
        return self.ctl.save_named(name)

    def autosave(self) -> None:
        if self.game.is_over:
            return  # a finished game has nothing to continue
        try:
            self.ctl.autosave()
        except SaveError as exc:
            if not self.save_problem_shown:
                self.save_problem_shown = True
                self.app.show_message(_("Autosave failed"), str(exc))

    def exit(self) -> None:
        self.ctl.close()

    # ---------------------------------------------------------------------------------------- layout

    def regions(self) -> dict[str, pygame.Rect]:
        w, h = self.app.size
        top = self.px(46)
        left = max(self.px(236), int(w * 0.18))
        right = max(self.px(270), int(w * 0.2))
        bottom = self.px(176)
        return {
            "top": pygame.Rect(0, 0, w, top),
            "left": pygame.Rect(0, top, left, h - top),
            "right": pygame.Rect(w - right, top, right, h - top),
            "bottom": pygame.Rect(left, h - bottom, w - left - right, bottom),
            "board": pygame.Rect(left, top, w - left - right, h - top - bottom),
        }

    def build(self) -> None:
        r = self.regions()
        harbours = [h["edge"] for h in self.game.observation(self.viewer)["board"]["harbours"]]  # seat view
        self.layout = BoardLayout.fitting(self.game.topo, tuple(r["board"]), harbours, BADGE, sea_margin=0.75)
        s = self.px
        right = r["right"]
        x0, bw = right.x + s(14), right.w - s(28)
        y = right.y + s(112)
        half = (bw - s(8)) // 2
        self.buttons = {}
        self._widget_state = {}
        self._end_is_pass = False  # the End turn button reads "Pass" in the special building phase
        self._play_state = None

        def button(key: str, rect: pygame.Rect, text: str, tip: str, primary: bool = False) -> None:
            self.buttons[key] = TipButton(  # a disabled button still says why (issue 12, defect 6)
                rect, text, manager=self.ui, tool_tip_text=tip, object_id="#primary" if primary else None
            )

        button("roll", pygame.Rect(x0, y, half, s(44)), _("Roll"), _("Roll the dice (R)"), primary=True)
        button(
            "end",
            pygame.Rect(x0 + half + s(8), y, half, s(44)),
            _("End turn"),
            _("Pass the dice to the next player (E)"),
            primary=True,
        )
        y += s(52)
        if self.has_market:  # D-4.1: no trade between players; the market instead
            button(
                "trade",
                pygame.Rect(x0, y, half, s(38)),
                _("Market"),
                _("Buy open market cards at the turn's price (T)"),
            )
        else:
            button(
                "trade",
                pygame.Rect(x0, y, half, s(38)),
                _("Trade"),
                _("Offer a trade to the other players (T)"),
            )
        button(
            "bank",
            pygame.Rect(x0 + half + s(8), y, half, s(38)),
            _("Bank"),
            _("Trade with the bank: 4:1, or better at your harbours (B)"),
        )
        y += s(48)
        builds = [
            ("road", _("Road")),
            ("settlement", _("Settlement")),
            ("city", _("City")),
            ("buy", _("Dev. card")),
        ]
        if self.has_develop:  # D-6: terrain development is a build
            builds.append(("develop", _("Develop")))
        for i, (key, label) in enumerate(builds):
            col, row = i % 2, i // 2
            button(key, pygame.Rect(x0 + col * (half + s(8)), y + row * s(66), half, s(38)), label, "")
        y += (len(builds) + 1) // 2 * s(66)
        third = (bw - s(16)) // 3
        button(
            "undo",
            pygame.Rect(x0, y, third, s(34)),
            _("Undo"),
            _("Take back your last build or bank trade, until the dice, a card or a steal (U)"),
        )
        button(
            "help", pygame.Rect(x0 + third + s(8), y, third, s(34)), _("Help"), _("Keyboard shortcuts (H)")
        )
        button(
            "menu",
            pygame.Rect(x0 + 2 * (third + s(8)), y, third, s(34)),
            _("Menu"),
            _("Pause: save, load, settings, rules, quit (Esc)"),
        )
        y += s(44)
        self.log_box = UITextBox(
            "", pygame.Rect(x0, y, bw, right.bottom - y - s(12)), manager=self.ui, object_id="#game_log"
        )
        self._refresh_log(full=True)
        self.play_buttons = {}
        self._ui_state = None
        self._sync_widgets()

    # ------------------------------------------------------------------------------------ card layout

    def hand_rects(self) -> dict[str, pygame.Rect]:
        """Where each resource card and development card of the shown hand is drawn."""
        r = self.regions()["bottom"]
        s = self.px
        cw, ch = s(60), s(84)
        x, y = r.x + s(20), r.y + s(34)
        out: dict[str, pygame.Rect] = {}
        for res in RESOURCES_ORDER:
            out[res] = pygame.Rect(x, y, cw, ch)
            x += cw + s(8)
        x += s(14)
        for kind in DEV_ORDER:
            out[kind] = pygame.Rect(x, y, cw, ch)
            x += cw + s(8)
        return out

    # ------------------------------------------------------------------------------------- widgets

    def _build_reason(self, kind: str) -> str | None:
        """Why the shown player cannot build ``kind`` now (None: they can)."""
        g, ctl = self.game, self.ctl
        seat = ctl.seat_to_act
        if g.is_over:
            return _("The game is over")
        if not ctl.human_to_act or seat != self.viewer:
            return _("Wait for your turn")
        if g.phase not in ("main", "special_build"):
            return _(HINTS.get(g.phase, "Not now"))
        if kind == "develop":
            if not token_removal.reserve_of(g, seat):
                return _("Your reserve has no tokens left: each player develops at most three times (D-6.6)")
            if g.phase != "main" or not g.s.dice:
                return _("Develop after rolling, in your build phase")
            if not terrain_development.development_actions(g, seat):
                return _(
                    "Costs {cards}, or an unused development card (D-6.2)",
                    cards=self._develop_cost_text(),
                )
            return None
        rules = g.rules
        item = {"road": "road", "settlement": "settlement", "city": "city", "buy": "development_card"}[kind]
        hand = g.s.hands[seat]
        left = g.s.pieces_left[seat]
        cost_text = _("Costs {cost}", cost=g.cost_text(item))
        if kind == "buy":
            if not g.s.dev_deck:
                return _("The development deck is empty")
        else:
            piece = {"road": ROAD, "settlement": SETTLEMENT, "city": CITY}[kind]
            if not left[piece]:
                return _("You have no {piece}s left", piece=_(kind))
        if any(h < c for h, c in zip(hand, rules.costs[item], strict=True)):
            return cost_text
        if kind == "road" and not road_spots(g, seat):
            return _("There is nowhere to build a road")
        if kind == "settlement" and not settlement_spots(g, seat):
            return _("No free spot at the end of your roads (settlements need two paths between them)")
        if kind == "city" and not any(g.s.node_level[n] == 1 for n in g.s.buildings_of[seat]):
            return _("A city replaces one of your settlements")
        return None

    def _sync_widgets(self) -> None:
        """Enable, disable and explain the buttons for the current state (only when it changed)."""
        g, ctl = self.game, self.ctl
        legal = ctl.legal() if ctl.human_to_act else []
        kinds = {a.kind for a in legal}
        state = (len(g.history), ctl.human_to_act, self.viewer, g.phase, len(ctl.undo_stack), g.is_over)
        if state == self._ui_state:
            return
        self._ui_state = state
        mine = ctl.human_to_act and ctl.seat_to_act == self.viewer

        def enable(key: str, on: bool, tip: str) -> None:
            b = self.buttons.get(key)
            if b is None or self._widget_state.get(key) == (on, tip):
                return
            self._widget_state[key] = (on, tip)
            b.enable() if on else b.disable()
            b.set_tooltip(tip)

        enable(
            "roll",
            mine and "roll" in kinds,
            _("Roll the dice") if "roll" in kinds else _("You can roll at the start of your turn"),
        )
        sbp = g.phase == "special_build"
        end_button = self.buttons.get("end")
        if end_button is not None and self._end_is_pass != sbp:
            self._end_is_pass = sbp
            end_button.set_text(_("Pass") if sbp else _("End turn"))
        enable(
            "end",
            mine and "end" in kinds,
            (_("Done building: the next player may build") if sbp else _("Pass the dice to the next player"))
            if "end" in kinds
            else _("Not now: {hint}", hint=_(HINTS.get(g.phase, ""))),
        )
        if self.has_market:
            trade_ok = mine and bool(kinds & {"market", "market_sell"})
            enable(
                "trade",
                trade_ok,
                _("Buy open market cards at the turn's price (D-4)")
                if trade_ok
                else (_("Wait for your turn") if not mine else self._market_reason()),
            )
        else:
            trade_ok = mine and "offer" in kinds
            why = g.why_illegal(Action("offer", (("brick", 1),), (("ore", 1),))) or _("Not now")
            offer_tip = _("Offer a trade to the other players")
            enable("trade", trade_ok, offer_tip if trade_ok else reason_for(why, self.names, self.viewer))
        bank_ok = mine and g.phase == "main" and not (g.s.built and g.rules.option("strict_trade_then_build"))
        enable(
            "bank",
            bank_ok,
            _("Trade with the bank: 4:1, or better at your harbours")
            if bank_ok
            else _("Bank trades happen after rolling and before building"),
        )
        enable(
            "undo",
            ctl.can_undo(),
            _("Take back your last build or trade with the bank or market")
            if ctl.can_undo()
            else _("Nothing to undo since the last dice roll, card or steal"),
        )
        if self.has_develop:
            reason = self._build_reason("develop")
            enable(
                "develop",
                reason is None,
                reason
                or _(
                    "Put reserve tokens on a hex next to your building, paying {cards} or a development card "
                    "(D-6), then click a glowing hex",
                    cards=self._develop_cost_text(),
                ),
            )
        for key in ("road", "settlement", "city", "buy"):
            reason = self._build_reason(key)
            enable(
                key,
                reason is None,
                reason
                or _(
                    "Costs {cost}",
                    cost=g.cost_text(
                        {
                            "road": "road",
                            "settlement": "settlement",
                            "city": "city",
                            "buy": "development_card",
                        }[key]
                    ),
                ),
            )
        if self.mode and self._build_reason(self.mode) is not None:
            self.mode = None
        self._sync_play_buttons(kinds if mine else set())

    def _develop_cost_text(self) -> str:
        """'1 grain, 1 wool, 1 ore': terrain development's cost from the rule file (D-6.2)."""
        g = self.game
        return cards_text(dict(zip(g.rules.resources, terrain_development.development_cost(g), strict=True)))

    def _market_reason(self) -> str:
        """Why the market button is off for the player to act (D-4.3, D-4.1)."""
        g = self.game
        if g.phase != "main":
            return _(HINTS.get(g.phase, "Not now"))
        open_cards = market.state(g).open
        if not open_cards:
            return _("The market has no open cards")
        seat = g.current_player
        price = min((market.price(g, r) or 99) for r in set(open_cards))
        if market.price(g, 0) is not None and sum(g.s.hands[seat]) < price:
            return _("An open card costs {n} of your cards this turn", n=price)
        return g.why_illegal(Action("market", (("brick", 1),), g.rules.resources[open_cards[0]])) or _(
            "Not now"
        )

    def _sync_play_buttons(self, kinds: set[str]) -> None:
        g = self.game
        state = (self.viewer, tuple(g.s.dev_hand[self.viewer]), frozenset(kinds), g.phase, g.s.dev_played)
        if state == self._play_state:
            return
        self._play_state = state
        for b in self.play_buttons.values():
            b.kill()
        self.play_buttons = {}
        seat = self.viewer
        rects = self.hand_rects()
        for k, kind in enumerate(DEV_ORDER):
            held = g.s.dev_hand[seat][k]
            if not held or kind == "victory_point":
                continue
            rect = rects[kind]
            label = _("Play")
            b = TipButton(
                pygame.Rect(rect.x, rect.bottom + self.px(4), rect.w, self.px(26)),
                label,
                manager=self.ui,
                tool_tip_text=_(CARD_RULES[kind]),
            )
            playable = kind in kinds
            if not playable:
                reason = g.why_illegal(
                    Action(kind)
                    if kind in ("knight", "road_building")
                    else Action(kind, "brick", None)
                    if kind == "monopoly"
                    else Action(kind, "brick", "ore")
                )
                b.disable()
                b.set_tooltip(_(CARD_RULES[kind]) + "<br>" + reason_for(reason or _("Not now"), self.names,
                                                                          self.viewer))
            self.play_buttons[kind] = b

    # -------------------------------------------------------------------------------------- actions

    def do(self, action: Action) -> bool:
        """Apply a human action through the controller; show the reason if it is refused."""
        try:
            events = self.ctl.apply(action)
        except IllegalAction as exc:
            self.app.show_message(_("Not allowed"), exc.reason)
            return False
        self._after_events(events)
        if action.kind in ("settle", "city", "develop") or self.game.phase != "main":
            self.mode = None
        if action.kind == "road" and self.mode == "road" and self._build_reason("road") is not None:
            self.mode = None
        self.app.mark_dirty()
        return True

    def _after_events(self, events: list[dict[str, Any]]) -> None:
        now = time.perf_counter()
        speed = self.anim_scale()
        for ev in events:
            self._log_event(ev)
            t = ev.get("t")
            if speed and ev.get("seat") not in (None, self.viewer) and (where := mark_place(self, ev)):
                self.anims.append(Anim("mark", now, MARK_SECONDS, {"pos": where, "seat": ev["seat"]}))
            if t == "roll":
                self.dice_faces = tuple(ev["dice"])  # type: ignore[assignment]
                if speed:
                    self.anims.append(Anim("dice", now, 0.55 * speed, {"final": ev["dice"]}))
                self.app.play_sound("dice")
            elif t == "produce" and speed:
                self._fly_cards(ev, now + 0.55 * speed, speed)
            elif t in ("market", "market_sell", "develop") and self.has_market:
                if speed:
                    self._fly_from_market(ev, now, speed)
                self.app.play_sound("trade" if t != "develop" else "build")
            elif t in ("settle", "city", "road"):
                self.app.play_sound("build")
            elif t in ("buy", "play"):
                self.app.play_sound("card")
            elif t in ("trade", "maritime"):
                self.app.play_sound("trade")
            elif t in ("robber", "steal"):
                self.app.play_sound("robber")
            elif t == "turn":
                self.autosave()
                self.app.play_sound("turn")
                if speed:
                    self.anims.append(
                        Anim("banner", now, 1.3 * speed, {"seat": ev["seat"], "turn": ev["turn"]})
                    )
            elif t == "win":
                self.app.play_sound("win")
        self._log_pending = True

    def _fly_cards(self, ev: dict[str, Any], start: float, speed: float) -> None:
        g = self.game
        if self.layout is None or not g.s.dice:
            return
        total = sum(g.s.dice)
        seat = ev["seat"]
        target = self.panel_rect(seat).center
        delay = 0.0
        robber, robber_slot = g.s.robber, token_robber.robber_slot(g)
        for h, r, nodes, slot in g.producers.get(total, ()):
            if h == robber and (robber_slot < 0 or slot == robber_slot):  # D-8.1: only that token is blocked
                continue
            if not any(g.s.node_owner[n] == seat for n in nodes):
                continue
            res = g.rules.resources[r]
            if res not in ev["cards"]:
                continue
            self.anims.append(
                Anim(
                    "fly",
                    start + delay,
                    0.8 * speed,
                    {"from": self.layout.hex_center(h), "to": target, "res": res},
                )
            )
            delay += 0.08 * speed

    def _fly_from_market(self, ev: dict[str, Any], start: float, speed: float) -> None:
        """Cards taken from the market (a purchase, a sale, a development's yield) fly from the market panel
        to the taker's panel, like production from the hexes."""
        t = ev["t"]
        if t == "market":
            cards = [ev["get"]]
        elif t == "market_sell":
            cards = [res for res, n in ev["get"].items() for _k in range(n)]
        else:
            cards = [ev["resource"]] * min(4, ev.get("got", 0))
        rect = self.economy_rect()
        source = (rect.centerx, rect.y + self.px(70))
        target = self.panel_rect(ev["seat"]).center
        for i, res in enumerate(cards):
            self.anims.append(
                Anim("fly", start + 0.08 * speed * i, 0.7 * speed, {"from": source, "to": target, "res": res})
            )

    def _log_event(self, ev: dict[str, Any]) -> None:
        if getattr(self, "places", None) is None:  # hexes named as players do: "the hills with the 8"
            self.places = places_of(self.game.observation(self.viewer)["board"]["hexes"])
        line = describe(ev, self.names, self.viewer, self.places)
        if line:
            self.log_lines.append(line)

    def _refresh_log(self, full: bool = False) -> None:
        self._log_pending = False
        box = getattr(self, "log_box", None)
        if box is None:
            return
        # oldest first; a space ends each line (one filling the box exactly made pygame_gui add a blank row)
        html = "<br>".join(esc(x) + " " for x in self.log_lines[-40:])
        if full or html != getattr(self, "_log_html", None):
            self._log_html = html
            box.set_text(html)
            if box.scroll_bar is not None:  # show the newest line, at the bottom
                box.scroll_bar.set_scroll_from_start_percentage(1.0 - box.scroll_bar.visible_percentage)

    def _last_dice(self) -> None:
        if self.game.s.dice:
            self.dice_faces = tuple(self.game.s.dice)  # type: ignore[assignment]

    # -------------------------------------------------------------------------------------- events

    def on_button(self, element: object) -> bool:
        for key, b in self.buttons.items():
            if element is b:
                self.press(key)
                return True
        for kind, b in self.play_buttons.items():
            if element is b:
                self.play_card(kind)
                return True
        return False

    def press(self, key: str) -> None:
        """A button or its shortcut."""
        g = self.game
        if key == "menu":
            self.open_pause()
        elif key == "help":
            from .game_dialogs import HelpDialog

            self.app.push(HelpDialog(self.app))
        elif not self.ctl.human_to_act or self.ctl.seat_to_act != self.viewer:
            return
        elif key == "roll" and g.is_legal(Action("roll")):
            self.do(Action("roll"))
        elif key == "end" and g.is_legal(Action("end")):
            self.mode = None
            self.do(Action("end"))
        elif key == "undo":
            if self.ctl.undo():
                self.log_lines.append(_("(move taken back)"))
                self._refresh_log()
                self._ui_state = None
        elif key in ("road", "settlement", "city", "develop"):
            if key == "develop" and not self.has_develop:
                return
            if self._build_reason(key) is None:
                self.mode = None if self.mode == key else key
        elif key == "buy" and g.is_legal(Action("buy")):
            self.do(Action("buy"))
        elif key == "trade" and g.phase == "main" and self.has_market:
            from .dois_dialogs import MarketDialog

            if self.buttons["trade"].is_enabled:
                self.app.push(MarketDialog(self.app, self))
        elif key == "trade" and g.phase == "main":
            from .trade_dialogs import TradeDialog

            self.app.push(TradeDialog(self.app, self))
        elif key == "bank" and g.phase == "main":
            from .trade_dialogs import BankDialog

            self.app.push(BankDialog(self.app, self))
        self.app.mark_dirty()

    def play_card(self, kind: str) -> None:
        from .game_dialogs import ResourceChoiceDialog

        if kind in ("knight", "road_building"):
            self.do(Action(kind))
        elif kind == "year_of_plenty":
            self.app.push(ResourceChoiceDialog(self.app, self, "year_of_plenty"))
        elif kind == "monopoly":
            self.app.push(ResourceChoiceDialog(self.app, self, "monopoly"))

    def open_pause(self) -> None:
        from .pause import PauseScene

        self.app.push(PauseScene(self.app, self))

    def on_quit_request(self) -> bool:
        """Closing the window during a game: the game is autosaved, so just say so and quit."""
        self.autosave()
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and self._key(event):
            return True
        if super().handle_event(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self._mouse = (event.pos, time.perf_counter())
            if self._tip_shown:
                self._tip_shown = False
                self.app.mark_dirty()
            hover = self._target_at(event.pos)
            if hover != self.hover:
                self.hover = hover
                self.app.mark_dirty()
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._click(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3 and self.mode:
            self.mode = None
            return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        # only a text field keeps the keys (a clicked button kept the focus and the shortcuts: issue 12, #2)
        if any(isinstance(e, UITextEntryLine) for e in self.ui.get_focus_set() or ()):
            return False
        keys = {
            pygame.K_r: "roll",
            pygame.K_e: "end",
            pygame.K_SPACE: "end",
            pygame.K_1: "road",
            pygame.K_2: "settlement",
            pygame.K_3: "city",
            pygame.K_4: "buy",
            pygame.K_5: "develop",
            pygame.K_d: "develop",
            pygame.K_t: "trade",
            pygame.K_b: "bank",
            pygame.K_u: "undo",
            pygame.K_h: "help",
            pygame.K_F1: "help",
        }
        if event.key == pygame.K_ESCAPE:
            if self.mode:
                self.mode = None
            else:
                self.open_pause()
            return True
        if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.press("undo")
            return True
        key = keys.get(event.key)
        if key:
            self.press(key)
            return True
        return False

    # ------------------------------------------------------------------------------ board targeting

    def board_targets(self) -> dict[str, dict[Any, list[Action]]]:
        """The legal board actions of the shown human, grouped by what is clicked: node, edge, hex or
        (hex, slot) number token (Catan a Dois: the robber sits on a token, D-8.1)."""
        out: dict[str, dict[Any, list[Action]]] = {"node": {}, "edge": {}, "hex": {}, "token": {}}
        ctl, g = self.ctl, self.game
        if not ctl.human_to_act or ctl.seat_to_act != self.viewer:
            return out
        phase = g.phase
        for a in ctl.legal():
            settle = a.kind == "settle" and (phase == "setup_settlement" or self.mode == "settlement")
            if settle or (a.kind == "city" and self.mode == "city"):
                out["node"].setdefault(a.a, []).append(a)
            elif a.kind == "road" and (phase in ("setup_road", "road_building") or self.mode == "road"):
                out["edge"].setdefault(a.a, []).append(a)
            elif a.kind == "robber" and self.token_robber:
                out["token"].setdefault(token_robber.robber_spot(g, a.a), []).append(a)
            elif a.kind in ("robber", "remove_token") or (a.kind == "develop" and self.mode == "develop"):
                out["hex"].setdefault(g.topo.hex_index[a.a], []).append(a)
        return out

    def _target_at(self, pos: tuple[int, int]) -> tuple[str, int] | None:
        if self.layout is None or not self.regions()["board"].collidepoint(pos):
            return None
        targets = self.board_targets()
        if targets["node"]:
            n = self.layout.node_at(*pos)
            if n is not None and n in targets["node"]:
                return ("node", n)
        if targets["edge"]:
            e = self.layout.edge_at(*pos)
            if e is not None and e in targets["edge"]:
                return ("edge", e)
        if targets["token"]:
            spot = token_at(self.layout, self.game, *pos)
            if spot is not None and spot in targets["token"]:
                return ("token", spot)
            h = self.layout.hex_at(*pos)  # anywhere on a hex with a single legal token
            slots = [k for k in targets["token"] if k[0] == h]
            if len(slots) == 1:
                return ("token", slots[0])
        if targets["hex"]:
            h = self.layout.hex_at(*pos)
            if h is not None and h in targets["hex"]:
                return ("hex", h)
        return None

    def _click(self, pos: tuple[int, int]) -> bool:
        target = self._target_at(pos)
        if target is None:
            return False
        kind, index = target
        actions = self.board_targets()[kind][index]
        if actions[0].kind == "develop":
            from .dois_dialogs import DevelopDialog

            self.app.push(DevelopDialog(self.app, self, actions[0].a, actions))
            return True
        if kind in ("hex", "token") and len(actions) > 1:
            from .game_dialogs import VictimDialog

            self.app.push(VictimDialog(self.app, self, actions))
            return True
        self.hover = None
        self.do(actions[0])
        return True

    def screen_pos(self, action: Action) -> tuple[int, int]:
        """Where to click on the board for a board action (used by tests and the help overlay)."""
        assert self.layout is not None
        if action.kind in ("settle", "city"):
            x, y = self.layout.node_pos(action.a)
        elif action.kind == "road":
            x, y = self.layout.edge_mid(action.a)
        elif action.kind == "robber" and self.token_robber:
            h, slot = token_robber.robber_spot(self.game, action.a)
            x, y = token_centres(self.layout, self.game, h)[slot]
        else:
            x, y = self.layout.hex_center(self.game.topo.hex_index[action.a])
        return (int(round(x)), int(round(y)))

    # -------------------------------------------------------------------------------------- update

    @property
    def animating(self) -> bool:
        return (
            bool(self.anims)
            or (not self.ctl.human_to_act and not self.game.is_over)
            or (self.game.is_over and not self.over_shown)
        )

    def update(self, dt: float) -> None:
        super().update(dt)
        now = time.perf_counter()
        rolling = any(a.kind == "dice" and a.progress(now) < 1.0 for a in self.anims)  # the total shows after
        if getattr(self, "_log_pending", False) and not rolling and (
            now - self._log_dirty_at > 0.25 or self.ctl.human_to_act
        ):
            self._log_dirty_at = now
            self._refresh_log()
        if self.anims:
            self.anims = [a for a in self.anims if a.progress(now) < 1.0]
            self.app.mark_dirty()
        if self.app.top is not self:
            return
        if not self._tip_shown and self._tip_at() and now - self._mouse[1] > 0.6:
            self._tip_shown = True  # the mouse rested on a panel: show its explanation
            self.app.mark_dirty()
        g, ctl = self.game, self.ctl
        if g.is_over:
            self._game_over(now)
            return
        if ctl.human_to_act:
            seat = ctl.seat_to_act
            if seat != self.viewer:
                self._pass_to(seat)
                return
            self._open_phase_dialog()
        else:
            self._computer_turn(now)
        self._sync_widgets()

    def _computer_turn(self, now: float) -> None:
        ctl = self.ctl
        blocking = any(a.kind in ("dice", "fly") for a in self.anims)
        if now < self.next_bot_at or blocking:
            return
        ctl.start_bot_move()
        action = ctl.poll_bot_move()
        if action is None:
            return
        seat = ctl.seat_to_act
        reason = ctl.last_reason
        events = ctl.apply(action)
        self._after_events(events)
        if reason:  # a trade answer, offer or partner choice: say why, as a player would
            self.log_lines.append(_("{who}: \u201c{reason}\u201d", who=self.names[seat], reason=reason))
        self.next_bot_at = time.perf_counter() + SPEED_DELAY.get(self.app.settings.animation_speed, 0.6) * (
            0.4 if action.kind in ("accept", "reject", "counter", "discard") else 1.0
        )
        self.app.mark_dirty()

    def _pass_to(self, seat: int) -> None:
        """Hot-seat: hide the hand and ask to pass the screen to the next human."""
        if len(self.ctl.humans) <= 1:
            self.viewer = seat
            return
        from .pass_device import PassDeviceScene

        def ready(seat: int = seat) -> None:
            self.viewer = seat
            self._ui_state = None
            self.log_lines = []
            for ev in self.game.log:
                self._log_event(ev)
            self._refresh_log(full=True)

        self.app.push(PassDeviceScene(self.app, self.names[seat], ready))

    def _open_phase_dialog(self) -> None:
        """Phases that need a dialog for the human: discarding, answering an offer, choosing a partner."""
        g = self.game
        key = (g.phase, len(g.history), self.ctl.seat_to_act)
        if key == self.dialog_open_for:
            return
        from . import game_dialogs as d
        from . import trade_dialogs as td

        if g.phase == "discard":
            self.dialog_open_for = key
            self.app.push(d.DiscardDialog(self.app, self, g.s.discard_queue[0][1]))
        elif g.phase == "trade_offer":
            self.dialog_open_for = key
            self.app.push(td.AnswerOfferDialog(self.app, self))
        elif g.phase == "trade_confirm":
            self.dialog_open_for = key
            self.app.push(td.TradeAnswersDialog(self.app, self))
        elif g.phase == "market_cap":
            from .dois_dialogs import MarketCapDialog

            self.dialog_open_for = key
            self.app.push(MarketCapDialog(self.app, self))
        elif g.phase == "main" and (drawn := remote_cards.drawn_this_turn(g)):
            seen = (g.turn, len(drawn))  # D-7.2: offer the choice once per card drawn
            if seen != self._remote_seen:
                self._remote_seen = seen
                offers = [a for a in self.ctl.legal() if a.kind == "remote_exchange"]
                if offers:
                    from .dois_dialogs import RemoteCardDialog

                    newest = drawn[-1]
                    offers.sort(key=lambda a: a.a != newest)
                    self.app.push(RemoteCardDialog(self.app, self, offers))

    def _game_over(self, now: float) -> None:
        if self.over_shown:
            return
        if self.over_at is None:
            self.over_at = now
            if not self.loaded_over:  # a game finished here has nothing to continue (not one loaded over)
                from ...persistence.userdirs import autosave_path

                with contextlib.suppress(OSError):
                    autosave_path().unlink(missing_ok=True)
            self._ui_state = None
            self._sync_widgets()
        if now - self.over_at >= 1.2 * self.anim_scale() and not self.anims:
            self.over_shown = True
            from .game_over import GameOverScene

            self.app.push(GameOverScene(self.app, self))

    # ---------------------------------------------------------------------------------------- drawing

    def highlight(self) -> Highlight | None:
        t = self.board_targets()
        if not (t["node"] or t["edge"] or t["hex"] or t["token"]):
            return None
        kind = "robber" if t["hex"] or t["token"] else (self.mode or self.game.phase)
        return Highlight(
            kind,
            frozenset(t["node"]),
            frozenset(t["edge"]),
            frozenset(t["hex"]),
            tokens=frozenset(t["token"]),
        )

    def draw(self, surface: pygame.Surface) -> None:
        r = self.regions()
        surface.fill(WOOD)
        if self.layout is not None:
            hover = None
            if self.hover is not None:
                kind, index = self.hover
                colour = self.colours[self.ctl.seat_to_act]
                if kind == "token":
                    hover = Hover("token", index[0], colour, slot=index[1])  # type: ignore[arg-type]
                elif kind == "hex" and self.game.phase != "robber":
                    hover = None  # token removal or development: the glow is enough, no robber ghost
                else:
                    hover = Hover(kind, index, colour)  # type: ignore[arg-type]
            surface.set_clip(r["board"])
            self.renderer.draw(
                surface,
                self.game,
                self.layout,
                self.colours,
                highlight=self.highlight(),
                hover=hover,
                show_emblems=self.app.settings.colour_blind,
            )
            surface.set_clip(None)
        self._draw_top(surface, r["top"])
        self._draw_players(surface, r["left"])
        self._draw_right(surface, r["right"])
        self._draw_hand(surface, r["bottom"])
        self.draw_ui(surface)
        self._draw_anims(surface)
        if self._tip_shown and self.app.top is self:
            self._draw_tip(surface)

    def _tip_at(self) -> str | None:
        pos = self._mouse[0]
        return next((tip for rect, tip in self._tips if rect.collidepoint(pos)), None)

    def _draw_tip(self, surface: pygame.Surface) -> None:
        """A tooltip for a drawn panel, in the look of the widgets' tooltips."""
        text = self._tip_at()
        if not text:
            return
        s = self.px
        width = s(300)
        scratch = pygame.Surface((width, s(400)), pygame.SRCALPHA)
        height = self._wrapped(scratch, text, (0, 0), width - s(16), 13, INK) + s(12)
        x, y = self._mouse[0]
        box = pygame.Rect(x + s(14), y + s(18), width, height)
        box.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, (20, 12, 6), box.move(0, s(2)), border_radius=s(6))
        pygame.draw.rect(surface, PARCHMENT, box, border_radius=s(6))
        pygame.draw.rect(surface, (107, 74, 47), box, 1, border_radius=s(6))
        surface.blit(scratch, (box.x + s(8), box.y + s(6)), pygame.Rect(0, 0, width - s(16), height))

    def _panel(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        fill: tuple[int, int, int] = PARCHMENT,
        border: tuple[int, int, int] = (107, 74, 47),
        width: int = 2,
    ) -> None:
        pygame.draw.rect(surface, (20, 12, 6), rect.move(0, self.px(3)), border_radius=self.px(10))
        pygame.draw.rect(surface, fill, rect, border_radius=self.px(10))
        pygame.draw.rect(surface, border, rect, width, border_radius=self.px(10))

    def _text(
        self,
        surface: pygame.Surface,
        text: str,
        pos: tuple[int, int],
        size: int,
        colour: tuple[int, int, int] = INK,
        bold: bool = False,
        title: bool = False,
        anchor: str = "topleft",
        max_w: int | None = None,
    ) -> pygame.Rect:
        key = (text, size, colour, bold, title, max_w, self.scale)
        img = self._text_cache.get(key)
        if img is None:
            font = self.app.assets.font(self.px(size), bold=bold, title=title)
            fitted = text
            if max_w is not None:
                while font.size(fitted)[0] > max_w and len(fitted) > 4:
                    fitted = fitted[:-2].rstrip() + "…"
            img = font.render(fitted, True, colour)
            if len(self._text_cache) > 600:
                self._text_cache.clear()
            self._text_cache[key] = img
        rect = img.get_rect(**{anchor: pos})
        surface.blit(img, rect)
        return rect

    def _draw_top(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        draw_header(self, surface, rect)

    def panel_rect(self, seat: int) -> pygame.Rect:
        r = self.regions()["left"]
        n = self.game.players
        gap = self.px(8)
        h = min(self.px(142 if self.has_reserve else 118), (r.h - gap * (n + 1)) // n)
        return pygame.Rect(r.x + self.px(10), r.y + gap + seat * (h + gap), r.w - self.px(20), h)

    def _draw_players(self, surface: pygame.Surface, region: pygame.Rect) -> None:
        g = self.game
        s = self.px
        self._tips = []
        for seat in range(g.players):
            rect = self.panel_rect(seat)
            active = seat == (self.ctl.seat_to_act if g.turn == 0 else g.active_player) and not g.is_over
            acting = seat == self.ctl.seat_to_act and not g.is_over
            building = acting and g.phase == "special_build"  # F-3.2: this seat's turn to build or pass
            lit = active or building
            self._panel(surface, rect, PARCHMENT, GOLD if lit else (107, 74, 47), 4 if lit else 2)
            colour = rgb(self.colours[seat])
            stripe = pygame.Rect(rect.x + s(6), rect.y + s(6), s(10), rect.h - s(12))
            pygame.draw.rect(surface, colour, stripe, border_radius=s(4))
            name = self.names[seat]
            who = self.config.seats[seat]
            tag = (
                _("you")
                if seat == self.viewer and who.is_human
                else (_("computer") if not who.is_human else _("human"))
            )
            self._text(
                surface, name, (rect.x + s(24), rect.y + s(8)), 17, INK, bold=True, max_w=rect.w - s(120)
            )
            tag_right = self._text(surface, tag, (rect.x + s(24), rect.y + s(30)), 12, INK_SOFT).right
            # what the seat is doing: below the tag, or beside it on a short panel (six players at 125 %)
            tall = rect.h >= s(100)
            status_at = (rect.x + s(24), rect.y + s(48)) if tall else (tag_right + s(8), rect.y + s(30))
            vp = g.visible_vp(seat)
            vp_text = str(vp)
            if seat == self.viewer and g.vp(seat) != vp:
                vp_text = f"{vp} (+{g.vp(seat) - vp})"
            self._text(
                surface,
                vp_text,
                (rect.right - s(12), rect.y + s(6)),
                24,
                INK,
                bold=True,
                title=True,
                anchor="topright",
            )
            self._text(
                surface, _("VP"), (rect.right - s(12), rect.y + s(36)), 11, INK_SOFT, anchor="topright"
            )
            # counters row
            y = rect.bottom - s(30)
            x = rect.x + s(24)
            stats = [
                ("cards/back_resource", str(sum(g.s.hands[seat]))),  # resource cards
                ("icons/development_card", str(sum(g.s.dev_hand[seat]))),  # development cards
                ("icons/army", str(g.s.knights[seat])),  # knights played
                ("icons/road", str(g.s.road_len[seat])),  # longest road
            ]
            for icon, value in stats:
                img = self.app.assets.scaled(icon, (s(20), s(20)))
                surface.blit(img, (x, y))
                self._text(surface, value, (x + s(23), y + s(1)), 14, INK, bold=True)
                x += s(52)
            badges = []
            if g.s.lr_holder == seat:
                badges.append("icons/longest_road")
            if g.s.la_holder == seat:
                badges.append("icons/army")
            bx = rect.right - s(12)
            for icon in badges:
                img = self.app.assets.scaled(icon, (s(26), s(26)))
                bx -= s(28)
                pygame.draw.circle(surface, GOLD, (bx + s(13), rect.y + s(66)), s(15))
                surface.blit(img, (bx, rect.y + s(53)))
            if self.has_reserve:
                self._draw_reserve(surface, rect, seat)
            if building:
                label = _("may build, then Pass") if self.ctl.is_human(seat) else _("building")
                self._text(surface, label, status_at, 12, INK, bold=True)
            elif acting and not self.ctl.is_human(seat):
                dots = "." * (1 + int(time.perf_counter() * 3) % 3)
                self._text(surface, _("thinking") + dots, status_at, 12, INK_SOFT)
            elif acting and g.phase in ("discard", "trade_offer"):
                self._text(
                    surface,
                    _("to answer") if g.phase == "trade_offer" else _("discarding"),
                    status_at,
                    12,
                    (166, 58, 36),
                    bold=True,
                )

        if self.has_market:
            self._draw_economy(surface, self.economy_rect())

    def economy_rect(self) -> pygame.Rect:
        """Catan a Dois: the market and bank panel, under the player panels in the left column."""
        region, s = self.regions()["left"], self.px
        top = self.panel_rect(self.game.players - 1).bottom + s(10)
        return pygame.Rect(region.x + s(10), top, region.w - s(20), region.bottom - top - s(10))

    def _draw_reserve(self, surface: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
        """The number tokens a player took at founding and may place by terrain development (D-1.7, D-6)."""
        s = self.px
        y = rect.y + s(66)
        reserve = sorted(token_removal.reserve_of(self.game, seat))
        self._tips.append(
            (
                pygame.Rect(rect.x, y, rect.w, s(26)),
                _(PANEL_TIPS["reserve"]),
            )
        )
        x = self._text(
            surface, _("Reserve:"), (rect.x + s(24), y + s(12)), 12, INK_SOFT, anchor="midleft"
        ).right
        x += s(6)
        if not reserve:
            self._text(surface, _("empty"), (x, y + s(12)), 12, INK_SOFT, anchor="midleft")
        for number in reserve:
            surface.blit(self.app.assets.scaled(f"tokens/{number}", (s(24), s(24))), (x, y))
            x += s(27)

    def badge(self, surface: pygame.Surface, centre: tuple[int, int], text: str, r: int = 11) -> None:
        """A small red count disc (cards in a pile, copies of a card)."""
        pygame.draw.circle(surface, (166, 58, 36), centre, self.px(r))
        pygame.draw.circle(surface, PARCHMENT, centre, self.px(r), 2)
        self._text(surface, text, centre, 12, (255, 255, 255), bold=True, anchor="center")

    def tag(self, surface: pygame.Surface, text: str, centre: tuple[int, int]) -> None:
        """A small dark label on a card ("×2": doubled price)."""
        font = self.app.assets.font(self.px(11), bold=True)
        w, h = font.size(text)
        box = pygame.Rect(0, 0, w + self.px(8), h + self.px(2))
        box.center = centre
        pygame.draw.rect(surface, (166, 58, 36), box, border_radius=self.px(4))
        self._text(surface, text, centre, 11, (255, 255, 255), bold=True, anchor="center")

    def _wrapped(
        self,
        surface: pygame.Surface,
        text: str,
        pos: tuple[int, int],
        width: int,
        size: int,
        colour: tuple[int, int, int],
        bold: bool = False,
    ) -> int:
        """Draw ``text`` word-wrapped to ``width``; return the y below it."""
        font = self.app.assets.font(self.px(size), bold=bold)
        x, y = pos
        line = ""
        for word in text.split():
            trial = f"{line} {word}".strip()
            if line and font.size(trial)[0] > width:
                self._text(surface, line, (x, y), size, colour, bold=bold)
                y += font.get_linesize()
                line = word
            else:
                line = trial
        if line:
            self._text(surface, line, (x, y), size, colour, bold=bold)
            y += font.get_linesize()
        return y

    def _draw_economy(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Catan a Dois: the market row with the turn's price (D-4), pile and discard counts, and the bank's
        stock per resource with scarcity warnings before a collapse (D-5)."""
        g, s = self.game, self.px
        if rect.h < s(120):
            return
        self._panel(surface, rect, PARCHMENT)
        names = g.rules.resources
        x0, w = rect.x + s(10), rect.w - s(20)
        y = rect.y + s(8)
        self._text(surface, _("Market"), (x0, y), 16, INK, bold=True)
        market_top = y
        dice = g.s.dice
        y += s(22)
        if g.turn == 0 or not dice or g.phase == "roll":
            price_text, price_colour = _("Price: set by the roll"), INK_SOFT
        elif dice[0] == dice[1]:
            price_text, price_colour = _("Closed this turn: the dice show a double"), (166, 58, 36)
        else:
            n = abs(dice[0] - dice[1])
            price_text = (
                _("Price this turn: 1 card each") if n == 1 else _("Price this turn: {n} cards each", n=n)
            )
            price_colour = INK
        self._text(surface, price_text, (x0, y), 12, price_colour, bold=True, max_w=w)
        y += s(20)
        stock = market.state(g)
        cards = sorted(stock.open)
        closed = bool(dice) and dice[0] == dice[1] and g.phase != "roll"
        cw = min(s(40), (w - s(4)) // max(1, len(cards)))
        ch = int(cw * 1.4)
        for i, r in enumerate(cards):
            rc = pygame.Rect(x0 + i * cw, y, cw - s(2), ch)
            self._card(surface, f"cards/{names[r]}", rc, 0, dim=closed)
            if g.s.bank[r] == 0:
                self.tag(surface, "×2", (rc.centerx, rc.bottom - s(6)))
        if not cards:
            ch = s(24)
            self._text(surface, _("no open cards"), (x0, y + ch // 2), 13, INK_SOFT, anchor="midleft")
        y += ch + s(4)
        self._text(
            surface,
            _("pile {p} · discards {d} · cap {c}", p=len(stock.pile), d=len(stock.discard),
              c=market.settings(g)["open_cap"]),
            (x0, y), 12, INK_SOFT,
        )  # fmt: skip
        y += s(22)
        self._tips.append(
            (
                pygame.Rect(rect.x, market_top, rect.w, y - market_top),
                _(
                    PANEL_TIPS["market"],
                    cap=market.settings(g)["open_cap"],
                    renewal=market.renewal_cards(g),
                ),
            )
        )
        bank_top = y
        pygame.draw.line(surface, PARCHMENT_DARK, (x0, y), (rect.right - s(10), y), 2)
        y += s(6)
        self._text(surface, _("Bank"), (x0, y), 16, INK, bold=True)
        y += s(24)
        col = w // len(names)
        low: list[str] = []
        out: list[str] = []
        for i, res in enumerate(names):
            n = g.s.bank[i]
            cx = x0 + i * col + col // 2
            surface.blit(self.app.assets.scaled(f"icons/{res}", (s(22), s(22))), (cx - s(11), y))
            colour = (166, 58, 36) if n == 0 else (176, 112, 20) if n <= 3 else INK
            self._text(surface, str(n), (cx, y + s(24)), 14, colour, bold=True, anchor="midtop")
            if n == 0:
                out.append(_(res))
            elif n <= 3:
                low.append(_(res))
        y += s(46)
        limit = collapse.cfg["exhausted_resources"] if (collapse := g.module("collapse")) else 2
        if out and len(out) < limit:
            text = _(
                "{res} is exhausted: it costs double in the market. If {k} more run out, the economy "
                "collapses and both players lose.",
                res=", ".join(out),
                k=limit - len(out),
            )
            colour = (166, 58, 36)
        elif low:
            text = _(
                "Running low: {res}. If {k} resources run out at once, both players lose.",
                res=", ".join(low),
                k=limit,
            )
            colour = (176, 112, 20)
        else:
            text = _("Collapse: if {k} resources run out in the bank at once, both players lose.", k=limit)
            colour = INK_SOFT
        bottom = self._wrapped(surface, text, (x0, y), w, 12, colour, bold=colour != INK_SOFT)
        if bottom + s(60) < rect.bottom:  # the decks, where there is room: what is left to draw
            y = bottom + s(10)
            pygame.draw.line(surface, PARCHMENT_DARK, (x0, y), (rect.right - s(10), y), 2)
            y += s(6)
            self._text(surface, _("Decks"), (x0, y), 16, INK, bold=True)
            y += s(24)
            self._text(
                surface, _("development cards: {n}", n=len(g.s.dev_deck)), (x0, y), 12, INK_SOFT, max_w=w
            )
            if "remote_cards" in g.rules.modules:
                self._text(
                    surface, _("remote-area cards: {n}", n=len(remote_cards.state(g).deck)), (x0, y + s(18)),
                    12,
                    INK_SOFT, max_w=w,
                )  # fmt: skip
        self._tips.append(
            (
                pygame.Rect(rect.x, bank_top, rect.w, bottom - bank_top),
                _(PANEL_TIPS["bank"]),
            )
        )

    def _draw_right(self, surface: pygame.Surface, region: pygame.Rect) -> None:
        s = self.px
        box = pygame.Rect(region.x + s(14), region.y + s(10), region.w - s(28), s(92))
        self._panel(surface, box, PARCHMENT_DARK)
        now = time.perf_counter()
        faces = self.dice_faces
        rolling = next((a for a in self.anims if a.kind == "dice"), None)
        if rolling is not None:
            faces = (self._rng.randint(1, 6), self._rng.randint(1, 6))
        size = s(60)
        for i, face in enumerate(faces):
            x = box.x + s(16) + i * (size + s(10))
            y = box.centery - size // 2
            if rolling is not None:
                y += int(math.sin((now - rolling.start) * 30 + i) * s(4))
            if face:
                surface.blit(self.app.assets.scaled(f"dice/{face}", (size, size)), (x, y))
            else:
                pygame.draw.rect(surface, (200, 188, 160), (x, y, size, size), 2, border_radius=s(8))
        if faces[0] and rolling is None:
            self._text(
                surface,
                str(sum(faces)),
                (box.right - s(18), box.centery),
                34,
                INK,
                title=True,
                anchor="midright",
            )

    def _draw_hand(self, surface: pygame.Surface, region: pygame.Rect) -> None:
        s = self.px
        rect = region.inflate(-s(12), -s(10))
        self._panel(surface, rect, PARCHMENT)
        g = self.game
        seat = self.viewer
        title = _("Your hand") if len(self.ctl.humans) <= 1 else _("{who}'s hand", who=self.names[seat])
        title_right = self._text(surface, title, (rect.x + s(14), rect.y + s(6)), 14, INK, bold=True).right
        rects = self.hand_rects()
        names = g.rules.resources
        for res in RESOURCES_ORDER:
            if res not in names:
                continue
            n = g.s.hands[seat][names.index(res)]
            self._card(surface, f"cards/{res}", rects[res], n, dim=n == 0)
        for k, kind in enumerate(DEV_ORDER):
            n = g.s.dev_hand[seat][k]
            if n:
                new = g.s.dev_new[seat][k]
                self._card(surface, f"cards/{kind}", rects[kind], n, note=_("new") if new else None)
        # costs under the build buttons
        for key, item in (
            ("road", "road"),
            ("settlement", "settlement"),
            ("city", "city"),
            ("buy", "development_card"),
            ("develop", "develop"),
        ):
            b = self.buttons.get(key)
            if b is None:
                continue
            cost = terrain_development.development_cost(g) if item == "develop" else g.rules.costs[item]
            x, y = b.rect.x + s(2), b.rect.bottom + s(3)
            for i, n in enumerate(cost):
                for _k in range(n):
                    surface.blit(self.app.assets.scaled(f"icons/{names[i]}", (s(20), s(20))), (x, y))
                    x += s(18)
        # the bank rates share the title's line: narrower steps, then no label, when the panel is narrow
        rates = harbour_rates(g, seat)
        step = min(s(62), max(s(46), (rect.right - s(14) - title_right - s(12)) // len(names)))
        x, y = rect.right - s(14) - len(names) * step, rect.y + s(5)
        label = _("Bank rates:")
        if x - s(8) - self.app.assets.font(s(12)).size(label)[0] > title_right + s(12):
            self._text(surface, label, (x - s(8), y + s(3)), 12, INK_SOFT, anchor="topright")
        for i, res in enumerate(names):
            surface.blit(self.app.assets.scaled(f"icons/{res}", (s(20), s(20))), (x, y))
            self._text(surface, f"{rates[i]}:1", (x + s(22), y + s(3)), 12, INK, bold=rates[i] < 4)
            x += step

    def _card(
        self,
        surface: pygame.Surface,
        name: str,
        rect: pygame.Rect,
        count: int,
        dim: bool = False,
        note: str | None = None,
    ) -> None:
        img = self.app.assets.scaled(name, rect.size)
        if dim:
            key = ("dim", name, rect.size)
            faded = self._text_cache.get(key)
            if faded is None:
                faded = self._text_cache[key] = img.copy()
                faded.set_alpha(90)
            img = faded
        surface.blit(img, rect)
        if count:
            c = (rect.right - self.px(6), rect.y + self.px(6))
            pygame.draw.circle(surface, (166, 58, 36), c, self.px(13))
            pygame.draw.circle(surface, PARCHMENT, c, self.px(13), 2)
            self._text(surface, str(count), c, 15, (255, 255, 255), bold=True, anchor="center")
        if note:  # on the card's top edge, clear of its name
            self.tag(surface, note, (rect.centerx - self.px(6), rect.y + self.px(2)))

    def _draw_anims(self, surface: pygame.Surface) -> None:
        now = time.perf_counter()
        for a in self.anims:
            p = a.progress(now)
            if a.kind == "fly" and now >= a.start:
                draw_fly(self, surface, a.data, p)
            elif a.kind == "banner":
                draw_banner(self, surface, a.data, p)
            elif a.kind == "mark":
                draw_mark(self, surface, a.data, p)

__all__ = ["GameScene"]
