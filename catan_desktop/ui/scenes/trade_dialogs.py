"""Trade dialogs of the game screen: with the bank (B-7.2), and with the other players (B-7.1): composing
an offer, answering one, and choosing among the answers."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UILabel, UITextBox

from ...engine import Action, make_bundle
from ...engine.queries import harbour_rates
from ...i18n import _
from ...text import cards_text
from .game_dialogs import GameDialog, Stepper


class BankDialog(GameDialog):
    """Maritime trade (B-7.2): give N of one resource at your best rate for one of another."""

    height = 330

    def build(self) -> None:
        panel = self.frame(_("Trade with the bank"))
        seat = self.game.current_player
        self.rates = harbour_rates(self.game, seat)
        self.give: str | None = None
        self.get: str | None = None
        names = self.game.rules.resources
        hand = self.game.s.hands[seat]
        UILabel(
            pygame.Rect(self.px(20), self.px(50), self.px(300), self.px(24)),
            _("Give:"),
            manager=self.ui,
            container=panel,
        )
        self.give_buttons = {}
        self.get_buttons = {}
        for i, name in enumerate(names):
            ok = hand[i] >= self.rates[i]
            self.give_buttons[name] = self.add_button(
                panel,
                pygame.Rect(self.px(20) + i * self.px(116), self.px(78), self.px(108), self.px(40)),
                f"{self.rates[i]} {_(name)}",
                lambda n=name: self.choose_give(n),
                tip=_("You have {n}", n=hand[i]),
                enabled=ok,
            )
        UILabel(
            pygame.Rect(self.px(20), self.px(132), self.px(300), self.px(24)),
            _("Get one:"),
            manager=self.ui,
            container=panel,
        )
        for i, name in enumerate(names):
            self.get_buttons[name] = self.add_button(
                panel,
                pygame.Rect(self.px(20) + i * self.px(116), self.px(160), self.px(108), self.px(40)),
                _(name),
                lambda n=name: self.choose_get(n),
                tip=_("The bank has {n}", n=self.game.s.bank[i]),
                enabled=self.game.s.bank[i] > 0,
            )
        self.info = UILabel(
            pygame.Rect(self.px(20), self.px(214), self.px(580), self.px(26)),
            _("Choose what to give and what to get"),
            manager=self.ui,
            container=panel,
        )
        self.ok = self.footer(panel, _("Trade"), self.submit, _("Close"), ok_enabled=False)

    def choose_give(self, name: str) -> None:
        self.give = name
        self.refresh()

    def choose_get(self, name: str) -> None:
        self.get = name
        self.refresh()

    def refresh(self) -> None:
        if self.give and self.get:
            action = Action("maritime", self.give, self.get)
            reason = self.game.why_illegal(action)
            i = self.game.rules.resources.index(self.give)
            self.info.set_text(
                reason
                or _("Give {n} {give}, get 1 {get}", n=self.rates[i], give=_(self.give), get=_(self.get))
            )
            self.ok.enable() if reason is None else self.ok.disable()
        else:
            self.info.set_text(
                _(
                    "Give: {g} · Get: {t}",
                    g=_(self.give) if self.give else "?",
                    t=_(self.get) if self.get else "?",
                )
            )

    def submit(self) -> None:
        if self.give and self.get:
            action = Action("maritime", self.give, self.get)
            if self.game.is_legal(action):
                self.scene.do(action)
                self.rebuild()


class TradeDialog(GameDialog):
    """Compose a domestic offer (B-7.1): what you give, what you want, and to whom (everyone by default;
    only the players chosen answer)."""

    height = 480

    def build(self) -> None:
        panel = self.frame(_("Offer a trade to the other players"))
        seat = self.game.current_player
        hand = list(self.game.s.hands[seat])
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
        others = [(seat + k) % self.game.players for k in range(1, self.game.players)]
        for i, q in enumerate(others):
            self.to[q] = True
            self.to_buttons[q] = self.add_button(
                panel, pygame.Rect(self.px(80) + i * self.px(106), self.px(316), self.px(100), self.px(34)),
                self._to_label(q), lambda q=q: self.toggle(q), tip=_("Click to leave this player out or in"),
            )
        left = self.game.rules.option("max_offers_per_turn", 6) - self.game.s.offers_made
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
        return ("\u2713 " if self.to[q] else "") + self.scene.names[q]

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
            _("Choose at least one card on each side") if action is None else self.game.why_illegal(action)
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
        if action is not None and self.game.is_legal(action):
            self.finish(action)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.give.draw_icons(surface)
        self.get.draw_icons(surface)


class AnswerOfferDialog(GameDialog):
    """Another player's offer to you: accept, decline or counter."""

    cancellable = False
    height = 430

    def build(self) -> None:
        g = self.game
        trade = g.s.trade
        names = g.rules.resources
        offerer = self.scene.names[g.active_player]
        me = g.current_player
        give = {names[i]: n for i, n in enumerate(trade.give) if n}
        get = {names[i]: n for i, n in enumerate(trade.get) if n}
        panel = self.frame(_("{who} offers you a trade", who=offerer))
        UITextBox(
            _(
                "{who} gives <b>{give}</b><br>and wants <b>{get}</b>",
                who=offerer,
                give=cards_text(give),
                get=cards_text(get),
            ),
            pygame.Rect(self.px(16), self.px(48), self.rect.w - self.px(32), self.px(70)),
            manager=self.ui,
            container=panel,
        )
        hand = list(g.s.hands[me])
        self.counter_give = Stepper(
            self, panel, self.px(20), self.px(124), hand, self.refresh, _("Or counter: you give")
        )
        self.info = UILabel(
            pygame.Rect(self.px(20), self.px(246), self.px(580), self.px(26)),
            "",
            manager=self.ui,
            container=panel,
        )
        accept_ok = g.is_legal(Action("accept"))
        y = self.rect.h - self.px(62)
        self.add_button(
            panel,
            pygame.Rect(self.px(16), y, self.px(150), self.px(44)),
            _("Accept"),
            lambda: self.finish(Action("accept")),
            primary=True,
            enabled=accept_ok,
            tip=None if accept_ok else _("You do not have the cards asked for"),
        )
        self.add_button(
            panel,
            pygame.Rect(self.px(176), y, self.px(150), self.px(44)),
            _("Decline"),
            lambda: self.finish(Action("reject")),
        )
        self.counter_button = self.add_button(
            panel,
            pygame.Rect(self.px(336), y, self.px(260), self.px(44)),
            _("Counter: my cards for theirs"),
            self.counter,
            enabled=False,
            tip=_("You give the cards chosen above, for what they offered"),
        )
        self.refresh()

    def counter_action(self) -> Action | None:
        g = self.game
        names = g.rules.resources
        theirs = make_bundle([(names[i], n) for i, n in enumerate(g.s.trade.give) if n])
        mine = self.counter_give.bundle()
        return Action("counter", mine, theirs) if mine else None

    def refresh(self) -> None:
        action = self.counter_action()
        reason = None if action is None else self.game.why_illegal(action)
        if action is not None:
            self.info.set_text(reason or _("Counter-offer ready"))
        (
            self.counter_button.enable()
            if action is not None and reason is None
            else self.counter_button.disable()
        )

    def counter(self) -> None:
        action = self.counter_action()
        if action is not None and self.game.is_legal(action):
            self.finish(action)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.counter_give.draw_icons(surface)


class TradeAnswersDialog(GameDialog):
    """Everyone has answered your offer: trade with one of them, or withdraw it."""

    cancellable = False
    width, height = 820, 360

    def build(self) -> None:
        g = self.game
        trade = g.s.trade
        names = g.rules.resources
        panel = self.frame(_("Answers to your offer"))
        y = self.px(54)
        for q in trade.responders:
            verdict, q_gives, q_gets = trade.answers[q]
            who = self.scene.names[q]
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
            reason = self.scene.ctl.trade_reasons.get(q)
            if reason:
                text = _("{answer} \u2014 \u201c{reason}\u201d", answer=text, reason=reason)
            label_w = self.rect.w - self.px(236)
            UILabel(
                pygame.Rect(self.px(20), y, label_w, self.px(36)),
                text,
                manager=self.ui,
                container=panel,
                object_id="#form_label",
            )
            action = Action("confirm", q)
            if verdict != "reject":
                ok = g.is_legal(action)
                self.add_button(
                    panel,
                    pygame.Rect(self.rect.w - self.px(196), y, self.px(180), self.px(36)),
                    _("Trade with {who}", who=who),
                    lambda a=action: self.finish(a),
                    primary=True,
                    enabled=ok,
                )
            y += self.px(46)
        self.add_button(
            panel,
            pygame.Rect(self.rect.w - self.px(196), self.rect.h - self.px(62), self.px(180), self.px(44)),
            _("Withdraw offer"),
            lambda: self.finish(Action("cancel")),
        )
