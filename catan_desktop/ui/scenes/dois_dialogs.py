"""Dialogs of Catan a Dois (RULES.md Part D): the market, its cap, terrain development, remote-area cards."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UILabel, UITextBox

from ...engine import Action
from ...engine.ruleset import DEV_KINDS
from ...i18n import _
from ...render.cards import card_image
from ...text import CARD_NAMES, cards_text
from .game_dialogs import ChooseCardsDialog, GameDialog, Stepper

if TYPE_CHECKING:
    from ...engine import Ruleset
    from ..app import App
    from ..seat_port import SeatPort
    from .game_kit import ScreenKit


def _counts(cards: list[str], names: tuple[str, ...] | list[str]) -> list[int]:
    """How many of each resource (by the rule file's index) a list of resource names holds."""
    out = [0] * len(names)
    for r in cards:
        out[names.index(r)] += 1
    return out


def _cost_text(rules: Ruleset, cards: list[int]) -> str:
    names = rules.resources
    return " + ".join(_(names[i]) for i, n in enumerate(cards) for _k in range(n))


class MarketDialog(GameDialog):
    """D-4: buy one open market card at the turn's price (any cards of yours as payment), or sell a resource
    exhausted in the bank for two different open cards (D-5.3). Stays open for several trades."""

    width, height = 640, 500

    def __init__(self, app: App, port: SeatPort, kit: ScreenKit) -> None:
        super().__init__(app, port, kit)
        self.want: str | None = None

    def build(self) -> None:
        view = self.view
        names = self.rules.resources
        dice = view.dice
        base = abs(dice[0] - dice[1]) if dice else 0
        shop = view.modules["market"]
        prices = shop["prices"] or {}
        sells = [a for a in self.port.legal() if a.kind == "market_sell"]
        self.height = 500 if len(sells) > 4 else 460 if sells else 400
        title = (_("Market: each open card costs {n} of your cards this turn", n=base) if base
                 else _("Market: closed this turn (the dice show a double, D-4.2)"))
        panel = self.frame(title)
        self.open_counts = _counts(shop["open"], names)
        self.bank = list(view.bank)
        self.buy_buttons: dict[str, object] = {}
        UILabel(
            pygame.Rect(self.px(20), self.px(46), self.px(600), self.px(24)),
            _("Open cards (choose one to buy):"),
            manager=self.ui,
            container=panel,
        )
        for i, name in enumerate(names):
            if not self.open_counts[i]:
                continue
            cost = prices.get(name)
            label = _("Buy · {n}", n=cost) if cost is not None else _("Closed")
            tip = (
                _("{res} is exhausted in the bank: its price is doubled (D-5.2)", res=_(name))
                if view.bank[i] == 0
                else _("Pay {n} cards of any kind for one {res}", n=cost, res=_(name))
            )
            self.buy_buttons[name] = self.add_button(
                panel,
                pygame.Rect(self.px(20) + i * self.px(116), self.px(146), self.px(104), self.px(34)),
                label,
                lambda n=name: self.choose(n),
                tip=tip,
                primary=name == self.want,
                enabled=cost is not None and sum(view.hand) >= cost,
            )
        self.pay = Stepper(
            self, panel, self.px(20), self.px(190), list(view.hand), self.refresh, _("You pay")
        )
        if self.want is not None:
            self._suggest()
        self.info = UILabel(
            pygame.Rect(self.px(20), self.px(306), self.px(600), self.px(26)),
            "",
            manager=self.ui,
            container=panel,
        )
        if sells:
            UILabel(
                pygame.Rect(self.px(20), self.px(340), self.px(600), self.px(24)),
                _("Sell a resource exhausted in the bank for two different open cards (D-5.3):"),
                manager=self.ui,
                container=panel,
            )
            for k, a in enumerate(sells[:8]):
                col, row = k % 4, k // 4
                get = " + ".join(_(n) for n, _c in a.b)
                self.add_button(
                    panel,
                    pygame.Rect(self.px(20) + col * self.px(150), self.px(368) + row * self.px(38),
                                self.px(142), self.px(32)),
                    f"{_(a.a)} → {get}",
                    lambda a=a: self.sell(a),
                    tip=_("Give 1 {res} to the market, take 1 {get}", res=_(a.a), get=get),
                )  # fmt: skip
        self.ok = self.footer(panel, _("Buy"), self.submit, _("Close"), ok_enabled=False, bottom=58)
        self.refresh()

    def choose(self, name: str) -> None:
        self.want = name
        self.rebuild()

    def _suggest(self) -> None:
        """Pre-fill the payment the engine would suggest (the cards held most, keeping the bought kind)."""
        names = self.rules.resources
        for a in self.port.legal():
            if a.kind == "market" and a.b == self.want:
                for res, n in a.a:
                    for _k in range(n):
                        self.pay.change(names.index(res), +1)
                return

    def action(self) -> Action | None:
        if self.want is None or not sum(self.pay.values):
            return None
        return Action("market", self.pay.bundle(), self.want)

    def refresh(self) -> None:
        if not hasattr(self, "ok"):
            return
        action = self.action()
        if self.want is None:
            self.info.set_text(_("Choose an open card, then the cards you pay with"))
            self.ok.disable()
            return
        reason = self.port.why_illegal(action) if action is not None else _("Choose the cards you pay with")
        if reason is None:
            self.info.set_text(
                _("Get 1 {res} for {cards}", res=_(self.want), cards=cards_text(dict(self.pay.bundle())))
            )
            self.ok.enable()
        else:
            self.info.set_text(reason)
            self.ok.disable()

    def _done(self, action: Action) -> None:
        if self.port.is_legal(action) and self.kit.act(action):
            if self.view.phase != "main" or not self.view.modules["market"]["open"]:
                self.app.pop()  # the cap (D-4.5) or the end of the game comes next; or nothing is left
                return
            self.want = None
            self.rebuild()

    def submit(self) -> None:
        action = self.action()
        if action is not None:
            self._done(action)

    def sell(self, action: Action) -> None:
        self._done(action)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        px = self.px
        for i, name in enumerate(self.rules.resources):
            n = self.open_counts[i]
            if not n:
                continue
            x, y = self.rect.x + px(46) + i * px(116), self.rect.y + px(74)
            surface.blit(card_image(self.app.assets, name, (px(48), px(67))), (x, y))
            self.kit.badge(surface, (x + px(46), y + px(6)), str(n))
            if self.bank[i] == 0:
                self.kit.tag(surface, "×2", (x + px(24), y + px(58)))
        self.pay.draw_icons(surface)


class MarketCapDialog(ChooseCardsDialog):
    """D-4.5 / Q-24: more than 7 open cards after a trade; the trader puts any of them aside."""

    height = 300
    action_kind = "market_discard"

    def __init__(self, app: App, port: SeatPort, kit: ScreenKit) -> None:
        super().__init__(app, port, kit, port.view(port.seat_to_act).modules["market"]["excess"])

    def title(self) -> str:
        cap = self.view.settings["market"]["open_cap"]
        return _("The market holds at most {cap} open cards: put {n} aside", cap=cap, n=self.amount)

    def limits(self) -> list[int]:
        return _counts(self.view.modules["market"]["open"], self.rules.resources)

    def ok_label(self) -> str:
        return _("Put aside")

    def chosen_text(self, chosen: int) -> str:
        return _("Chosen {k} of {n} (they go to the market's discard pile)", k=chosen, n=self.amount)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        x, y = self.stepper.origin
        for i, n in enumerate(self.stepper.limits):  # how many open cards of each kind there are
            if n:
                centre = (self.rect.x + x + i * self.px(106) + self.px(66), self.rect.y + y + self.px(6))
                self.kit.badge(surface, centre, str(n))


class DevelopDialog(GameDialog):
    """D-6: put 1–3 reserve tokens on a hex next to your building, paying grain + wool + ore or an unused
    development card; take as many cards of its resource from the market as it then has tokens."""

    width, height = 640, 460

    def __init__(self, app: App, port: SeatPort, kit: ScreenKit, hex_id: str, actions: list[Action]) -> None:
        super().__init__(app, port, kit)
        self.hex_id = hex_id
        self.options = actions
        self.pays = list(dict.fromkeys(a.b[0] for a in actions))
        seat = port.seat_to_act
        self.reserve = sorted(port.view(seat).modules["token_removal"]["reserve"][seat])
        self.chosen: list[int] = list(range(len(self.reserve)))  # indexes into the reserve: all by default
        self.pay = self.pays[0] if self.pays else None

    def _hex(self) -> tuple[int, str]:
        h = self.view.topo.hex_index[self.hex_id]
        res = self.rules.terrain_resource.get(self.view.terrain[h])
        return h, self.rules.resources[res] if res is not None else ""

    def build(self) -> None:
        h, res = self._hex()
        terrain = self.view.terrain[h]
        panel = self.frame(_("Develop this {terrain} hex ({res})", terrain=_(terrain), res=_(res)))
        now = self.view.tokens_on(h)
        UILabel(
            pygame.Rect(self.px(20), self.px(48), self.px(600), self.px(24)),
            _("Its tokens now: {tokens}", tokens=", ".join(map(str, now)) or _("none (unproductive)")),
            manager=self.ui,
            container=panel,
        )
        UILabel(
            pygame.Rect(self.px(20), self.px(80), self.px(600), self.px(24)),
            _("Tokens from your reserve to place (click to choose):"),
            manager=self.ui,
            container=panel,
        )
        self.token_buttons = []
        for k, number in enumerate(self.reserve):
            on = k in self.chosen
            self.token_buttons.append(
                self.add_button(
                    panel,
                    pygame.Rect(self.px(20) + k * self.px(110), self.px(110), self.px(100), self.px(40)),
                    (_("✓ {n}", n=number) if on else str(number)),
                    lambda k=k: self.toggle(k),
                    tip=_("Place the {n} token", n=number),
                    primary=on,
                )
            )
        UILabel(
            pygame.Rect(self.px(20), self.px(160), self.px(600), self.px(24)),
            _("Pay with:"),
            manager=self.ui,
            container=panel,
        )
        cost = list(self.view.settings["terrain_development"]["cost"])
        for k, pay in enumerate(self.pays):
            text = (
                _cost_text(self.rules, cost)
                if pay == "cards"
                else _("discard {card}", card=_(CARD_NAMES.get(pay, pay)))
            )
            tip = (
                _("Pay the bank {cards}", cards=_cost_text(self.rules, cost))
                if pay == "cards"
                else _("The card leaves the game unplayed (D-6.2); a victory point card's point is lost")
            )
            col, row = k % 3, k // 3
            self.add_button(
                panel,
                pygame.Rect(self.px(20) + col * self.px(200), self.px(188) + row * self.px(42),
                            self.px(190), self.px(36)),
                text,
                lambda p=pay: self.choose_pay(p),
                tip=tip,
                primary=pay == self.pay,
            )  # fmt: skip
        self.info = UITextBox(
            "",
            pygame.Rect(self.px(20), self.px(278), self.px(600), self.px(100)),
            manager=self.ui,
            container=panel,
        )
        self.ok = self.footer(panel, _("Develop"), self.submit, _("Cancel"), bottom=58)
        self.refresh()

    def toggle(self, k: int) -> None:
        self.chosen = sorted(set(self.chosen) ^ {k})
        self.rebuild()

    def choose_pay(self, pay: str) -> None:
        self.pay = pay
        self.rebuild()

    def action(self) -> Action | None:
        if not self.chosen or self.pay is None:
            return None
        tokens = tuple(sorted(self.reserve[k] for k in self.chosen))
        return Action("develop", self.hex_id, (self.pay, tokens))

    def refresh(self) -> None:
        action = self.action()
        if action is None:
            self.info.set_text(_("Choose at least one token"))
            self.ok.disable()
            return
        reason = self.port.why_illegal(action)
        if reason is not None:
            self.info.set_text(reason)
            self.ok.disable()
            return
        h, res = self._hex()
        now = self.view.tokens_on(h)
        numbers = ", ".join(map(str, sorted(now + [self.reserve[k] for k in self.chosen])))
        # how many the market holds in all is not in the seat view (its face-down pile's make-up is hidden)
        self.info.set_text(
            _(
                "You take {n} {res} from the market now (fewer if it holds fewer); then the market is "
                "reshuffled and {k} cards are turned up. From the next turn the hex produces on {numbers}.",
                n=len(now) + len(self.chosen),
                k=int(self.view.settings["market"]["renewal_cards"]),
                res=_(res),
                numbers=numbers,
            )
        )
        self.ok.enable()

    def submit(self) -> None:
        action = self.action()
        if action is not None and self.port.is_legal(action):
            self.finish(action)


class RemoteCardDialog(GameDialog):
    """D-7.2: a remote-area card was drawn; keep it, or exchange it this turn for grain + wool + ore."""

    height = 330

    def __init__(self, app: App, port: SeatPort, kit: ScreenKit, actions: list[Action]) -> None:
        super().__init__(app, port, kit)
        self.options = actions

    def build(self) -> None:
        card = self.options[0].a
        panel = self.frame(_("Remote-area card: {card}", card=_(CARD_NAMES.get(card, card))))
        cards = list(self.view.settings["remote_cards"]["exchange"])
        UITextBox(
            _(
                "You built on the coast or next to an unproductive hex and drew this card (D-7.1). Keep it "
                "as a development card (playable from your next turn), or exchange it now, this turn only, "
                "for "
                "{cards} from the bank.",
                cards=_cost_text(self.rules, cards),
            ),
            pygame.Rect(self.px(150), self.px(52), self.px(450), self.px(150)),
            manager=self.ui,
            container=panel,
        )
        x = self.rect.w - self.px(16)
        for a in self.options:
            name = _(CARD_NAMES.get(a.a, a.a))
            label = _("Exchange") if len(self.options) == 1 else _("Exchange {card}", card=name)
            x -= self.px(180)
            self.add_button(
                panel,
                pygame.Rect(x, self.rect.h - self.px(62), self.px(170), self.px(44)),
                label,
                lambda a=a: self.finish(a),
                tip=_("The card leaves the game; you take {cards}", cards=_cost_text(self.rules, cards)),
                primary=a.a != "victory_point",
            )
        self.add_button(
            panel,
            pygame.Rect(x - self.px(140), self.rect.h - self.px(62), self.px(130), self.px(44)),
            _("Keep"),
            self.app.pop,
            tip=_("Keep it as a development card"),
            primary=card == "victory_point",
        )

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        card = self.options[0].a
        if card in DEV_KINDS:
            img = card_image(self.app.assets, card, (self.px(100), self.px(140)))
            surface.blit(img, (self.rect.x + self.px(24), self.rect.y + self.px(56)))


__all__ = ["DevelopDialog", "MarketCapDialog", "MarketDialog", "RemoteCardDialog"]
