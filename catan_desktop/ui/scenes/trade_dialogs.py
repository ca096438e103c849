"""Trade dialogs of the game screen with the other players (B-7.1; the bank is in bank_dialog.py): composing
an offer, answering one, and choosing among the answers."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UILabel, UITextBox

from ...engine import Action
from ...i18n import _
from ...text import cards_text, reason_for
from .bank_dialog import BankDialog
from .game_dialogs import GameDialog, Stepper

__all__ = ["AnswerOfferDialog", "BankDialog", "TradeAnswersDialog", "TradeDialog"]

if TYPE_CHECKING:
    pass


class TradeDialog(GameDialog):
    """Compose a domestic offer (B-7.1): what you give, what you want, and to whom (everyone by default;
    only the players chosen answer)."""

    height = 480

    def build(self) -> None:
        panel = self.frame(_("Offer a trade to the other players"))
        seat = self.seat
        view = self.view
        hand = list(view.hand)
        px, give_label = self.px, _("You give (you hold)")
        self.give = Stepper(self, panel, px(20), px(46), hand, self.refresh, give_label, show_limits=True)
        self.get = Stepper(
            self, panel, self.px(20), self.px(190), [19] * len(hand), self.refresh, _("You want")
        )
        UILabel(
            pygame.Rect(self.px(20), self.px(318), self.px(60), self.px(30)), _("To:"), manager=self.ui,
            container=panel,
        )
        self.to: dict[int, bool] = {}
        self.to_buttons: dict[int, object] = {}
        others = [(seat + k) % self.port.players for k in range(1, self.port.players)]
        for i, q in enumerate(others):
            self.to[q] = True
            self.to_buttons[q] = self.add_button(
                panel, pygame.Rect(self.px(80) + i * self.px(106), self.px(316), self.px(100), self.px(34)),
                self._to_label(q), lambda q=q: self.toggle(q), tip=_("Click to leave this player out or in"),
            )
        left = self.rules.option("max_offers_per_turn", 6) - view.offers_made
        self.info = UILabel(
            pygame.Rect(self.px(20), self.rect.h - self.px(100), self.px(580), self.px(26)),
            _("Offers left this turn: {n}", n=left),
            manager=self.ui,
            container=panel,
        )
        self.ok = self.footer(
            panel, _("Offer"), self.submit, _("Cancel"), ok_enabled=False, ok_width=180
        )

    def _to_label(self, q: int) -> str:
        return ("\u2713 " if self.to[q] else "") + self.kit.names[q]

    def toggle(self, q: int) -> None:
        """Leave a player out of the offer or take them back in (at least one stays in)."""
        if self.to[q] and sum(self.to.values()) == 1:
            return
        self.to[q] = not self.to[q]
        self.to_buttons[q].set_text(self._to_label(q))  # type: ignore[attr-defined]
        self.refresh()

    def action(self) -> Action | None:
        give, get = self.give.bundle(), self.get.bundle()
        if not give or not get:
            return None
        chosen = tuple(sorted(q for q, on in self.to.items() if on))
        return Action("offer", give, get, None if len(chosen) == len(self.to) else chosen)

    def refresh(self) -> None:
        action = self.action()
        reason = (
            _("Choose at least one card on each side") if action is None else self.port.why_illegal(action)
        )
        self.info.set_text(
            reason
            or _(
                "Offer {give} for {get}",
                give=cards_text(dict(self.give.bundle())),
                get=cards_text(dict(self.get.bundle())),
            )
        )
        self.ok.enable() if reason is None else self.ok.disable()

    def submit(self) -> None:
        action = self.action()
        if action is not None and self.port.is_legal(action):
            self.finish(action)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.give.draw_icons(surface)
        self.get.draw_icons(surface)


class AnswerOfferDialog(GameDialog):
    """Another player's offer to you: accept, decline or counter. A counter-offer may change both sides:
    what you give (from your hand, which the top row shows) and what you get (at first what they offered)."""

    cancellable = False
    height = 490

    def build(self) -> None:
        view = self.view
        trade = view.trade
        names = self.rules.resources
        offerer = self.kit.names[trade.giver]
        give = {names[i]: n for i, n in enumerate(trade.give) if n}
        get = {names[i]: n for i, n in enumerate(trade.get) if n}
        panel = self.frame(_("{who} offers you a trade", who=offerer))
        px = self.px
        UITextBox(
            _(
                "{who} gives <b>{give}</b><br>and wants <b>{get}</b>",
                who=offerer,
                give=cards_text(give),
                get=cards_text(get),
            ),
            pygame.Rect(px(16), px(46), self.rect.w - px(32), px(76)),
            manager=self.ui,
            container=panel,
        )
        self.counter_give = Stepper(
            self, panel, px(20), px(126), list(view.hand), self.refresh, _("Or counter: you give (you hold)"),
            show_limits=True,
        )
        self.counter_get = Stepper(
            self, panel, px(20), px(244), [self.rules.bank_per_resource] * len(names), self.refresh,
            _("\u2026 and you get"),
        )
        self.counter_get.set_values(trade.give)  # a counter starts from what they offered
        self.info = UILabel(
            pygame.Rect(px(20), px(362), self.rect.w - px(40), px(26)), "", manager=self.ui, container=panel
        )
        accept_ok = self.port.is_legal(Action("accept"))
        y = self.rect.h - px(62)
        self.add_button(
            panel,
            pygame.Rect(px(16), y, px(150), px(44)),
            _("Accept"),
            lambda: self.finish(Action("accept")),
            primary=True,
            enabled=accept_ok,
            tip=None if accept_ok else _("You do not have the cards asked for"),
        )
        self.add_button(
            panel,
            pygame.Rect(px(176), y, px(150), px(44)),
            _("Decline"),
            lambda: self.finish(Action("reject")),
        )
        self.counter_button = self.add_button(
            panel,
            pygame.Rect(self.rect.w - px(276), y, px(260), px(44)),
            _("Send counter-offer"),
            self.counter,
            enabled=False,
            tip=_("You give the cards chosen above, for the cards chosen below"),
        )
        self.refresh()

    def counter_action(self) -> Action | None:
        """The counter-offer the steppers show (None while a side is empty)."""
        mine, theirs = self.counter_give.bundle(), self.counter_get.bundle()
        return Action("counter", mine, theirs) if mine and theirs else None

    def counter_problem(self) -> str | None:
        """Why the counter-offer shown cannot be sent (the engine's reason), or None."""
        action = self.counter_action()
        if action is None:
            return _("Choose at least one card on each side")
        reason = self.port.why_illegal(action)
        return None if reason is None else reason_for(reason, self.kit.names, self.seat)

    def refresh(self) -> None:
        reason = self.counter_problem()
        if reason is None:
            text = _(
                "Counter-offer: you give {give} for {get}",
                give=cards_text(dict(self.counter_give.bundle())),
                get=cards_text(dict(self.counter_get.bundle())),
            )
            self.counter_button.enable()
        else:
            text = reason
            self.counter_button.disable()
        self.counter_button.set_tooltip(text)
        self.info.set_text(text)

    def counter(self) -> None:
        action = self.counter_action()
        if action is not None and self.port.is_legal(action):
            self.finish(action)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.counter_give.draw_icons(surface)
        self.counter_get.draw_icons(surface)


class TradeAnswersDialog(GameDialog):
    """Everyone has answered your offer: trade with one of them, or withdraw it. Each answer takes two lines:
    the answer, and under it the computer's reason in its own words (issue 31: on one line the reason was
    cut off at 1280x720)."""

    cancellable = False
    width, height = 820, 360
    ROW = 62  # one answer: its line, its reason's line and a gap

    def build(self) -> None:
        trade = self.view.trade
        names = self.rules.resources
        self.height = max(type(self).height, 150 + self.ROW * len(trade.responders))
        panel = self.frame(_("Answers to your offer"))
        y = self.px(54)
        label_w = self.rect.w - self.px(236)
        for q in trade.responders:
            verdict, q_gives, q_gets = trade.answers[q]
            who = self.kit.names[q]
            if verdict == "accept":
                text = _("{who} accepts", who=who)
            elif verdict == "counter":
                text = _(
                    "{who} counters: gives {give} for {get}",
                    who=who,
                    give=cards_text({names[i]: n for i, n in enumerate(q_gives) if n}),
                    get=cards_text({names[i]: n for i, n in enumerate(q_gets) if n}),
                )
            else:
                text = _("{who} declines", who=who)
            UILabel(
                pygame.Rect(self.px(20), y, label_w, self.px(26)),
                text,
                manager=self.ui,
                container=panel,
                object_id="#bold_label",
            )
            reason = self.port.answer_reason(q)
            if reason:
                UILabel(
                    pygame.Rect(self.px(20), y + self.px(26), label_w, self.px(24)),
                    _("\u201c{reason}\u201d", reason=reason),
                    manager=self.ui,
                    container=panel,
                    object_id="#small_label",
                )
            action = Action("confirm", q)
            if verdict != "reject":
                ok = self.port.is_legal(action)
                self.add_button(
                    panel,
                    pygame.Rect(self.rect.w - self.px(196), y + self.px(6), self.px(180), self.px(36)),
                    _("Trade with {who}", who=who),
                    lambda a=action: self.finish(a),
                    primary=True,
                    enabled=ok,
                )
            y += self.px(self.ROW)
        self.add_button(
            panel,
            pygame.Rect(self.rect.w - self.px(196), self.rect.h - self.px(62), self.px(180), self.px(44)),
            _("Withdraw offer"),
            lambda: self.finish(Action("cancel")),
        )
