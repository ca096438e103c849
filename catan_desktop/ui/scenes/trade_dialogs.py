"""Trade dialogs of the game screen: with the bank (B-7.2), and with the other players (B-7.1): composing
an offer, answering one, and choosing among the answers."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UIButton, UILabel, UITextBox

from ...engine import Action
from ...i18n import _
from ...render.palette import GOLD
from ...text import cards_text, reason_for
from .game_dialogs import GameDialog, Stepper, hand_order

if TYPE_CHECKING:
    from ..app import App
    from .game import GameScene


class BankDialog(GameDialog):
    """Maritime trade (B-7.2): give N of one resource at your best rate for one of another.

    Both rows show the resource cards as pictures in the hand's order: on the give row each card carries
    how many you hold and your rate (4:1, 3:1 or 2:1 by your harbours), on the get row how many the bank
    holds. A click on a card (or on the button under it) picks it; keys 1-5 pick what you give, Shift+1-5
    what you get, Enter trades and Esc closes. The choice stays after a trade, so a trade can be repeated.
    """

    width, height = 620, 480
    CARD = (60, 84)

    def __init__(self, app: App, scene: GameScene) -> None:
        super().__init__(app, scene)
        self.give: str | None = None
        self.get: str | None = None
        self._faded: dict[tuple[str, tuple[int, int]], pygame.Surface] = {}

    def build(self) -> None:
        panel = self.frame(_("Trade with the bank"))
        view = self.view
        px = self.px
        names = self.game.rules.resources
        self.rates = list(view.harbour_rates)
        self.hand, self.bank = list(view.hand), list(view.bank)
        self.order = hand_order(names)
        cw, ch = px(self.CARD[0]), px(self.CARD[1])
        pad = px(20)
        col = min(px(116), (self.rect.w - 2 * pad) // max(1, len(names)))
        self.give_buttons: dict[str, UIButton] = {}
        self.get_buttons: dict[str, UIButton] = {}
        self.cards: list[tuple[str, str, pygame.Rect]] = []  # (side, resource, rectangle on the screen)
        inner = panel.get_container().get_rect()  # where the panel's widgets are placed from (its border)
        rows = (
            ("give", px(46), _("You give, at your rate (on each card: how many you hold)")),
            ("get", px(214), _("You get one (on each card: how many the bank holds)")),
        )
        for side, top, title in rows:
            label = pygame.Rect(pad, top, self.rect.w - 2 * pad, px(24))
            UILabel(label, title, manager=self.ui, container=panel)
            for k, i in enumerate(self.order):
                name = names[i]
                x = pad + k * col
                card = pygame.Rect(x + (col - cw) // 2, top + px(34), cw, ch)  # clear of the title
                self.cards.append((side, name, card.move(inner.x, inner.y)))
                key = str(k + 1) if k < 9 else ""
                if side == "give":
                    enabled = self.hand[i] >= self.rates[i]
                    tip = _(
                        "Give {n} {res} for one card of your choice: you hold {have} (key {key})",
                        n=self.rates[i], res=_(name), have=self.hand[i], key=key,
                    )
                    if not enabled:
                        tip = _(
                            "You hold {have} {res}: the bank takes {n} for one card",
                            have=self.hand[i], res=_(name), n=self.rates[i],
                        )
                    text, store = f"{self.rates[i]}:1", self.give_buttons
                else:
                    enabled = self.bank[i] > 0
                    tip = (
                        _("Get one {res}: the bank holds {n} (Shift+{key})", res=_(name), n=self.bank[i],
                          key=key)
                        if enabled
                        else _("The bank has no {res} left", res=_(name))
                    )
                    text, store = _(name).capitalize(), self.get_buttons
                store[name] = self.add_button(
                    panel,
                    pygame.Rect(x + px(4), card.bottom + px(8), col - px(8), px(32)),
                    text,
                    lambda side=side, name=name: self.choose(side, name),
                    tip=tip,
                    enabled=enabled,
                )
        self.info = UILabel(
            pygame.Rect(pad, px(378), self.rect.w - 2 * pad, px(26)), "", manager=self.ui, container=panel
        )
        self.ok = self.footer(panel, _("Trade"), self.submit, _("Close"), ok_enabled=False)
        self.refresh()

    def usable(self, side: str, name: str) -> bool:
        i = self.game.rules.resources.index(name)
        return self.hand[i] >= self.rates[i] if side == "give" else self.bank[i] > 0

    def choose(self, side: str, name: str) -> None:
        if side == "give":
            self.give = name
        else:
            self.get = name
        self.refresh()

    def choose_give(self, name: str) -> None:
        self.choose("give", name)

    def choose_get(self, name: str) -> None:
        self.choose("get", name)

    def refresh(self) -> None:
        names = self.game.rules.resources
        for side, buttons, chosen in (
            ("give", self.give_buttons, self.give),
            ("get", self.get_buttons, self.get),
        ):
            for name, button in buttons.items():
                i = names.index(name)
                text = f"{self.rates[i]}:1" if side == "give" else _(name).capitalize()
                button.set_text(("\u2713 " + text) if name == chosen else text)
        if self.give and self.get:
            action = Action("maritime", self.give, self.get)
            reason = self.game.why_illegal(action)
            i = self.game.rules.resources.index(self.give)
            self.info.set_text(
                reason_for(reason, self.scene.names, self.game.current_player)
                if reason is not None
                else _("Give {n} {give}, get 1 {get}", n=self.rates[i], give=_(self.give), get=_(self.get))
            )
            self.ok.enable() if reason is None else self.ok.disable()
        else:
            self.info.set_text(
                _(
                    "Give: {g} \u00b7 Get: {t}",
                    g=_(self.give) if self.give else "?",
                    t=_(self.get) if self.get else "?",
                )
            )
            self.ok.disable()

    def submit(self) -> None:
        if self.give and self.get:
            action = Action("maritime", self.give, self.get)
            if self.game.is_legal(action):
                self.scene.do(action)
                self.rebuild()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for side, name, rect in self.cards:
                if rect.collidepoint(event.pos):
                    if self.usable(side, name):
                        self.choose(side, name)
                    else:  # say why, as the button's tooltip does
                        tip = (self.give_buttons if side == "give" else self.get_buttons)[name].tool_tip_text
                        self.info.set_text(tip or "")
                    return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.ok.is_enabled:
                    self.submit()
                return True
            k = event.key - pygame.K_1
            if 0 <= k < len(self.order):
                side = "get" if event.mod & pygame.KMOD_SHIFT else "give"
                name = self.game.rules.resources[self.order[k]]
                if self.usable(side, name):
                    self.choose(side, name)
                return True
        return super().handle_event(event)

    def _picture(self, name: str, size: tuple[int, int], faded: bool) -> pygame.Surface:
        img = self.app.assets.scaled(f"cards/{name}", size)
        if not faded:
            return img
        key = (name, size)
        if key not in self._faded:
            self._faded[key] = img.copy()
            self._faded[key].set_alpha(90)
        return self._faded[key]

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        px = self.px
        names = self.game.rules.resources
        for side, name, rect in self.cards:
            i = names.index(name)
            if name == (self.give if side == "give" else self.get):
                ring = rect.inflate(px(10), px(10))
                pygame.draw.rect(surface, GOLD, ring, max(2, px(3)), border_radius=px(6))
            surface.blit(self._picture(name, rect.size, not self.usable(side, name)), rect)
            count = self.hand[i] if side == "give" else self.bank[i]
            self.scene.badge(surface, (rect.right - px(4), rect.y + px(6)), str(count))


class TradeDialog(GameDialog):
    """Compose a domestic offer (B-7.1): what you give, what you want, and to whom (everyone by default;
    only the players chosen answer)."""

    height = 480

    def build(self) -> None:
        panel = self.frame(_("Offer a trade to the other players"))
        seat = self.game.current_player
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
        others = [(seat + k) % self.game.players for k in range(1, self.game.players)]
        for i, q in enumerate(others):
            self.to[q] = True
            self.to_buttons[q] = self.add_button(
                panel, pygame.Rect(self.px(80) + i * self.px(106), self.px(316), self.px(100), self.px(34)),
                self._to_label(q), lambda q=q: self.toggle(q), tip=_("Click to leave this player out or in"),
            )
        left = self.game.rules.option("max_offers_per_turn", 6) - view.offers_made
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
    """Another player's offer to you: accept, decline or counter. A counter-offer may change both sides:
    what you give (from your hand, which the top row shows) and what you get (at first what they offered)."""

    cancellable = False
    height = 490

    def build(self) -> None:
        g, view = self.game, self.view
        trade = view.trade
        names = g.rules.resources
        offerer = self.scene.names[trade.giver]
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
            self, panel, px(20), px(244), [g.rules.bank_per_resource] * len(names), self.refresh,
            _("\u2026 and you get"),
        )
        self.counter_get.set_values(trade.give)  # a counter starts from what they offered
        self.info = UILabel(
            pygame.Rect(px(20), px(362), self.rect.w - px(40), px(26)), "", manager=self.ui, container=panel
        )
        accept_ok = g.is_legal(Action("accept"))
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
        reason = self.game.why_illegal(action)
        return None if reason is None else reason_for(reason, self.scene.names, self.game.current_player)

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
        if action is not None and self.game.is_legal(action):
            self.finish(action)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.counter_give.draw_icons(surface)
        self.counter_get.draw_icons(surface)


class TradeAnswersDialog(GameDialog):
    """Everyone has answered your offer: trade with one of them, or withdraw it."""

    cancellable = False
    width, height = 820, 360

    def build(self) -> None:
        g = self.game
        trade = self.view.trade
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
