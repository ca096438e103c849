"""Dialogs of the Erie Canal (RULES.md S-5): play a canal token naming a resource (S-5.3), offer a player a
token trade (S-5.4, Q-51: domestic trade only, in your own turn), and answer such an offer. What they show
comes from the seat view and the legal actions; an offer the rules refuse says why before it is sent."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...engine import Action, make_bundle
from ...i18n import _, ngettext
from ...render.palette import INK
from ...text import cards_text, reason_for
from .addon_ui import sprite
from .game_dialogs import GameDialog, Stepper, hand_order

if TYPE_CHECKING:
    from ..app import App
    from ..seat_port import SeatPort
    from .game_kit import ScreenKit

TOKEN = "canal"  # a canal token in a trade's bundle (erie_canal_state.TOKEN)


def bundle_words(bundle: dict[str, int]) -> str:
    """'1 canal token and 2 ore': a token trade's side in words."""
    tokens = bundle.get(TOKEN, 0)
    cards = {r: n for r, n in bundle.items() if r != TOKEN}
    parts = [ngettext("{n} canal token", "{n} canal tokens", tokens, n=tokens)] if tokens else []
    if cards:
        parts.append(cards_text(cards))
    return _(" and ").join(parts) if parts else _("nothing")


class CanalDialog(GameDialog):
    """S-5.3: play a token for a 2:1 trade in one resource this turn; S-5.4: offer a player a token trade."""

    width, height = 700, 520

    def __init__(self, app: App, port: SeatPort, kit: ScreenKit) -> None:
        super().__init__(app, port, kit)
        self.partner: int | None = None
        self.giving = True  # you give tokens (True) or ask for them

    @property
    def section(self) -> dict:  # type: ignore[type-arg]
        return self.view.modules["erie_canal"]

    def build(self) -> None:
        sec, px = self.section, self.px
        me = self.kit.viewer
        panel = self.frame(_("The Erie Canal: your tokens {n}", n=sec["tokens"][me]))
        names = self.rules.resources
        plays = {a.a for a in self.port.legal() if a.kind == "canal"}
        self.play_buttons: dict[str, object] = {}
        for k, i in enumerate(hand_order(names)):
            r = names[i]
            self.play_buttons[r] = self.add_button(
                panel,
                pygame.Rect(px(20 + k * 132), px(78), px(122), px(36)),
                _(r).capitalize(),
                lambda r=r: self.finish(Action("canal", r)),
                enabled=r in plays,
                tip=_(
                    "This turn, trade 2 {res} for 1 card of your choice with the bank, as often as you like",
                    res=_(r),
                )
                if r in plays
                else self.why(Action("canal", r)),
            )
        others = [q for q in range(self.port.players) if q != me]
        self.partner_buttons: dict[int, object] = {}
        for k, q in enumerate(others):
            self.partner_buttons[q] = self.add_button(
                panel,
                pygame.Rect(px(20 + k * 134), px(176), px(126), px(34)),
                f"{self.kit.names[q]} · {sec['tokens'][q]}",
                lambda q=q: self.pick(q),
                primary=q == self.partner,
            )
        self.give_button = self.add_button(
            panel,
            pygame.Rect(px(20), px(218), px(200), px(34)),
            _("You give 1 token"),
            lambda: self.direction(True),
            primary=self.giving,
        )
        self.get_button = self.add_button(
            panel,
            pygame.Rect(px(228), px(218), px(200), px(34)),
            _("You get 1 token"),
            lambda: self.direction(False),
            primary=not self.giving,
        )
        limits = list(self.view.hand) if not self.giving else [9] * len(names)
        self.cards = Stepper(
            self,
            panel,
            px(20),
            px(258),
            limits,
            self.refresh,
            _("Cards you ask for") if self.giving else _("Cards you give"),
        )
        self.ok = self.footer(panel, _("Offer"), self.offer, _("Close"), ok_enabled=False, bottom=58)
        self.refresh()

    def why(self, action: Action) -> str:
        reason = self.port.why_illegal(action)
        return _("Not now") if reason is None else reason_for(reason, self.kit.names, self.kit.viewer)

    def pick(self, seat: int) -> None:
        self.partner = seat
        self.rebuild()

    def direction(self, giving: bool) -> None:
        self.giving = giving
        self.rebuild()

    def action(self) -> Action | None:
        if self.partner is None:
            return None
        names = self.rules.resources
        cards = {names[i]: n for i, n in enumerate(self.cards.values) if n}
        give, get = ({TOKEN: 1}, cards) if self.giving else (cards, {TOKEN: 1})
        return Action("canal_offer", self.partner, (make_bundle(give), make_bundle(get)))

    def refresh(self) -> None:
        action = self.action()
        ok = action is not None and bool(self.cards.values and any(self.cards.values))
        ok = ok and self.port.is_legal(action)  # type: ignore[arg-type]
        if ok:
            self.ok.enable()
            self.ok.set_tooltip(
                _(
                    "Offer {who} {give} for {get}",
                    who=self.kit.names[self.partner],
                    give=bundle_words(dict(action.b[0])),
                    get=bundle_words(dict(action.b[1])),
                )
            )
        else:
            self.ok.disable()
            self.ok.set_tooltip(
                _("Choose a player and the cards")
                if action is None or not any(self.cards.values)
                else self.why(action)
            )

    def offer(self) -> None:
        action = self.action()
        if action is not None and self.port.is_legal(action):
            self.finish(action)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        sc, px, sec = self.kit, self.px, self.section
        x0, y0, w = self.rect.x + px(20), self.rect.y, self.rect.w - px(40)
        named = ", ".join(_(r) for r in sec["named"]) or _("none")
        sc.wrapped(
            surface,
            _(
                "Play a token and name a resource: until your turn ends it trades 2:1 with the "
                "bank (S-5.3). Named this turn: {named}.",
                named=named,
            ),
            (x0, y0 + px(46)),
            w,
            13,
            INK,
        )
        sc.wrapped(
            surface,
            _(
                "Trade tokens with a player (S-5.4), in your trade phase: choose the player "
                "(their tokens shown), then what you give or ask for."
            ),
            (x0, y0 + px(128)),
            w,
            13,
            INK,
        )
        icon = sprite(sc.app, "guilds/trader", (px(28), px(28)))
        surface.blit(icon, (self.rect.right - px(48), y0 + px(12)))


class CanalAnswerDialog(GameDialog):
    """S-5.4: a player offers you a canal token trade: accept or refuse."""

    width, height = 560, 250
    cancellable = False

    def build(self) -> None:
        offer = self.view.modules["erie_canal"]["offer"] or {}
        giver = self.kit.names[self.view.active]
        self.words = _(
            "{who} offers you {give} for {get}.",
            who=giver,
            give=bundle_words(offer.get("give", {})),
            get=bundle_words(offer.get("get", {})),
        )
        panel = self.frame(_("A canal token trade"))
        legal = {a.kind for a in self.port.legal()}
        y = self.rect.h - self.px(62)
        self.add_button(
            panel,
            pygame.Rect(self.rect.w - self.px(176), y, self.px(160), self.px(44)),
            _("Accept"),
            lambda: self.finish(Action("canal_accept")),
            primary=True,
            enabled="canal_accept" in legal,
            tip=None if "canal_accept" in legal else _("You cannot pay that"),
        )
        self.add_button(
            panel,
            pygame.Rect(self.rect.w - self.px(316), y, self.px(130), self.px(44)),
            _("Refuse"),
            lambda: self.finish(Action("canal_reject")),
        )

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        px = self.px
        icon = sprite(self.app, "guilds/trader", (px(64), px(64)))
        surface.blit(icon, (self.rect.x + px(24), self.rect.y + px(60)))
        self.kit.wrapped(
            surface, self.words, (self.rect.x + px(104), self.rect.y + px(64)), self.rect.w - px(128), 15, INK
        )


__all__ = ["CanalAnswerDialog", "CanalDialog"]
