"""The action bar: the buttons (roll, end, trade, bank, builds, undo, help, menu), whether each is enabled
and why not (from the legal actions and the engine's reason codes), their shortcuts, and the dialogs a
phase needs.

A part of ``GameScene`` (a mixin): it reads the scene's seat view (``view``), ``px``, ``names``, ``colours``
and ``regions()``, so a replay viewer can reuse it.
"""

from __future__ import annotations

import pygame
from pygame_gui.elements import UITextEntryLine

from ...engine import Action
from ...i18n import _
from ...text import cost_text, reason_for
from ..widgets import TipButton
from . import game_dialogs as d
from . import trade_dialogs as td
from .bank_dialog import BankDialog
from .chat_dialog import ChatDialog
from .game_dialogs import ResourceChoiceDialog
from .game_header import HINTS
from .help_dialog import HelpDialog
from .trade_dialogs import TradeDialog


class ActionBar:
    """The action buttons, their state, reasons and shortcuts."""

    def _build_reason(self, kind: str) -> str | None:
        """Why the shown player cannot build ``kind`` now (None: they can): the engine's reason code for "no
        legal action of that kind" (``Game.why_none``), in words."""
        ctl = self.port
        if self.view.is_over:
            return _("The game is over")
        if ctl.watching:
            return _("You are watching this game")
        if not ctl.human_to_act or ctl.seat_to_act != self.viewer:
            return _("Wait for your turn")
        if self.view.phase not in ("main", "special_build"):
            return _(HINTS.get(self.view.phase, "Not now"))
        return self._reason_none({"settlement": "settle"}.get(kind, kind))

    def _reason_none(self, kind: str) -> str | None:
        """The engine's reason why no ``kind`` action is legal now, as the shown player reads it."""
        reason = self.port.why_none(kind)
        return None if reason is None else reason_for(reason, self.names, self.viewer)

    def _sync_widgets(self) -> None:
        """Enable, disable and explain the buttons for the current state (only when it changed)."""
        ctl = self.port
        legal = ctl.legal() if ctl.human_to_act else []
        kinds = {a.kind for a in legal}
        v = self.view
        state = (self.port.moves, ctl.human_to_act, self.viewer, v.phase, ctl.can_undo(), v.is_over)
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
        sbp = self.view.phase == "special_build"
        end_button = self.buttons.get("end")
        if end_button is not None and self._end_is_pass != sbp:
            self._end_is_pass = sbp
            end_button.set_text(_("Pass") if sbp else _("End turn"))
        enable(
            "end",
            mine and "end" in kinds,
            (_("Done building: the next player may build") if sbp else _("Pass the dice to the next player"))
            if "end" in kinds
            else _("Not now: {hint}", hint=_(HINTS.get(self.view.phase, ""))),
        )
        if not self._trade_taken_over():  # (Catan a Dois's market takes the button over: its sync says)
            trade_ok = mine and "offer" in kinds
            offer_tip = _("Offer a trade to the other players")
            enable("trade", trade_ok, offer_tip if trade_ok else self._reason_none("offer") or _("Not now"))
        # the bank dialog opens whenever bank trades are allowed, even without cards enough for a rate yet
        bank_why = self.port.why_none("maritime") if mine else None
        bank_ok = mine and (bank_why is None or bank_why.code == "bank_no_rate")
        enable(
            "bank",
            bank_ok,
            _("Trade with the bank: 4:1, or better at your harbours")
            if bank_ok
            else _("Wait for your turn")
            if not mine
            else reason_for(bank_why or _("Not now"), self.names, self.viewer),
        )
        enable(
            "undo",
            ctl.can_undo(),
            _("Take back your last build or trade with the bank or market")
            if ctl.can_undo()
            else _("Nothing to undo since the last dice roll, card or steal"),
        )
        for addon in self.addons:  # the add-ons' builds (Catan a Dois's terrain development, D-6)
            for key, _label in addon.builds():
                reason = self._build_reason(key)
                enable(key, reason is None, reason or addon.build_tip(key))
        for key in ("road", "settlement", "city", "buy"):
            reason = self._build_reason(key)
            enable(
                key,
                reason is None,
                reason
                or _(
                    "Costs {cost}",
                    cost=self._cost_text(
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
        for addon in self.addons:
            addon.sync(kinds if mine else set(), bool(mine), enable)
        self._sync_play_buttons(kinds if mine else set())

    def hold_buttons(self) -> None:
        """Disable every action button while the dice roll (the next sync, once they stop, sets them)."""
        for key, b in self.buttons.items():
            if key in ("help", "menu", "coach") or not b.is_enabled:
                continue
            b.disable()
            self._widget_state[key] = (False, _("The dice are rolling"))
            b.set_tooltip(_("The dice are rolling"))
        self._ui_state = None

    def cancel_mode(self) -> bool:
        """Esc or a right click: leave the build mode or an add-on's board mode (True: there was one)."""
        if self.mode:
            self.mode = None
            return True
        return any(addon.cancel_mode() for addon in self.addons)

    def _trade_taken_over(self) -> tuple[str, str] | None:
        """The Trade button's (label, tooltip) when an add-on takes it over (Catan a Dois's market)."""
        return next((t for addon in self.addons if (t := addon.trade_button()) is not None), None)

    def build_keys(self) -> list[str]:
        """The build modes' buttons: the usual four, then the add-ons' (terrain development)."""
        return ["road", "settlement", "city", *(key for addon in self.addons for key, _l in addon.builds())]

    def _cost_text(self, item: str) -> str:
        """'1 brick + 1 lumber': what ``item`` costs by the rule file."""
        rules = self.port.rules
        return cost_text(dict(zip(rules.resources, rules.costs[item], strict=True)))

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
        if key == "menu":
            self.open_pause()
        elif key == "coach":
            self.hide_coach()
        elif key == "help":
            self.app.push(HelpDialog(self.app))
        elif any(addon.press(key) for addon in self.addons):  # each says itself when it may act
            pass
        elif not self.port.human_to_act or self.port.seat_to_act != self.viewer:
            return
        elif key == "roll" and self.port.is_legal(Action("roll")):
            self.do(Action("roll"))
        elif key == "end" and self.port.is_legal(Action("end")):
            self.mode = None
            self.do(Action("end"))
        elif key == "undo":
            if self.port.undo():
                self.log_line(_("(move taken back)"))
                self._refresh_log()
                self._ui_state = None
        elif key in self.build_keys():
            if self._build_reason(key) is None:
                self.mode = None if self.mode == key else key
        elif key == "buy" and self.port.is_legal(Action("buy")):
            self.do(Action("buy"))
        elif key == "trade" and self.view.phase == "main":
            self.app.push(TradeDialog(self.app, self.port, self.kit))
        elif key == "bank" and self.view.phase == "main":
            self.app.push(BankDialog(self.app, self.port, self.kit))

    def play_card(self, kind: str) -> None:
        if kind in ("knight", "road_building"):
            self.do(Action(kind))
        elif kind == "year_of_plenty":
            self.app.push(ResourceChoiceDialog(self.app, self.port, self.kit, "year_of_plenty"))
        elif kind == "monopoly":
            self.app.push(ResourceChoiceDialog(self.app, self.port, self.kit, "monopoly"))

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
            pygame.K_t: "trade",
            pygame.K_b: "bank",
            pygame.K_u: "undo",
            pygame.K_h: "help",
            pygame.K_g: "coach",
            pygame.K_F1: "help",
        }
        if event.key == pygame.K_ESCAPE:
            if not self.cancel_mode():
                self.open_pause()
            return True
        for addon in self.addons:
            keys.update(addon.keys())
        if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.press("undo")
            return True
        if event.key == pygame.K_m and self.port.remote:  # a network game: a line for the table
            self.app.push(ChatDialog(self.app, self.port, self.kit))
            return True
        key = keys.get(event.key)
        if key:
            self.press(key)
            return True
        return False

    def build_buttons(self, right: pygame.Rect) -> int:
        """Lay out the action buttons in the right column; return the y below them."""
        s = self.px
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
        label, tip = self._trade_taken_over() or (_("Trade"), _("Offer a trade to the other players (T)"))
        button("trade", pygame.Rect(x0, y, half, s(38)), label, tip)
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
        builds += [b for addon in self.addons for b in addon.builds()]  # Catan a Dois: Develop (D-6)
        for i, (key, label) in enumerate(builds):
            col, row = i % 2, i // 2
            button(key, pygame.Rect(x0 + col * (half + s(8)), y + row * s(66), half, s(38)), label, "")
        y += (len(builds) + 1) // 2 * s(66)
        extra = [b for addon in self.addons for b in addon.buttons()][:2]
        for i, (key, label, tip) in enumerate(extra):  # the add-ons' row (Frenemies, Helpers)
            w = bw if len(extra) == 1 else half
            button(key, pygame.Rect(x0 + i * (half + s(8)), y, w, s(38)), label, tip)
        y += s(48) if extra else 0
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
        return y

    def _open_phase_dialog(self) -> None:
        """Phases that need a dialog for the human: discarding, answering an offer, choosing a partner."""
        key = (self.view.phase, self.port.moves, self.port.seat_to_act)
        if key == self.dialog_open_for:
            return

        if any(addon.phase_dialog(key) for addon in self.addons):
            self.dialog_open_for = key
        elif self.view.phase == "discard":
            self.dialog_open_for = key
            self.app.push(d.DiscardDialog(self.app, self.port, self.kit, self.view.discards_pending[0][1]))
        elif self.view.phase == "trade_offer":
            self.dialog_open_for = key
            self.app.push(td.AnswerOfferDialog(self.app, self.port, self.kit))
        elif self.view.phase == "trade_confirm":
            self.dialog_open_for = key
            self.app.push(td.TradeAnswersDialog(self.app, self.port, self.kit))

