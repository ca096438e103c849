"""The bank (maritime) trade dialog (B-7.2): card pictures with your rate and what you and the bank hold."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UIButton, UILabel

from ...engine import Action
from ...i18n import _
from ...render.cards import card_image
from ...render.palette import GOLD
from ...text import reason_for
from .game_dialogs import GameDialog, hand_order

if TYPE_CHECKING:
    from ..app import App
    from ..seat_port import SeatPort
    from .game_kit import ScreenKit


class BankDialog(GameDialog):
    """Maritime trade (B-7.2): give N of one resource at your best rate for one of another.

    Both rows show the resource cards as pictures in the hand's order: on the give row each card carries
    how many you hold and your rate (4:1, 3:1 or 2:1 by your harbours), on the get row how many the bank
    holds. A click on a card (or on the button under it) picks it; keys 1-5 pick what you give, Shift+1-5
    what you get, Enter trades and Esc closes. The choice stays after a trade, so a trade can be repeated.
    """

    width, height = 620, 480
    CARD = (60, 84)

    def __init__(self, app: App, port: SeatPort, kit: ScreenKit) -> None:
        super().__init__(app, port, kit)
        self.give: str | None = None
        self.get: str | None = None
        self._faded: dict[tuple[str, tuple[int, int]], pygame.Surface] = {}

    def build(self) -> None:
        panel = self.frame(_("Trade with the bank"))
        view = self.view
        px = self.px
        names = self.rules.resources
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
        i = self.rules.resources.index(name)
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
        names = self.rules.resources
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
            reason = self.port.why_illegal(action)
            i = self.rules.resources.index(self.give)
            self.info.set_text(
                reason_for(reason, self.kit.names, self.seat)
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
            if self.port.is_legal(action):
                self.kit.act(action)
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
                name = self.rules.resources[self.order[k]]
                if self.usable(side, name):
                    self.choose(side, name)
                return True
        return super().handle_event(event)

    def _picture(self, name: str, size: tuple[int, int], faded: bool) -> pygame.Surface:
        img = card_image(self.app.assets, name, size)
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
        names = self.rules.resources
        for side, name, rect in self.cards:
            i = names.index(name)
            if name == (self.give if side == "give" else self.get):
                ring = rect.inflate(px(10), px(10))
                pygame.draw.rect(surface, GOLD, ring, max(2, px(3)), border_radius=px(6))
            surface.blit(self._picture(name, rect.size, not self.usable(side, name)), rect)
            count = self.hand[i] if side == "give" else self.bank[i]
            self.kit.badge(surface, (rect.right - px(4), rect.y + px(6)), str(count))
