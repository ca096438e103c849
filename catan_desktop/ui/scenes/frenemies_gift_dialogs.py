"""Frenemies' gifts (RULES.md A-3.2): give one resource card to a player whose visible points are not
higher than yours; they accept (and you draw a favour token) or refuse, and a refused card may go to another
player. Two dialogs: the giver's choice, and the receiver's answer (a computer answers with a reason, which
the game screen logs)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...engine import Action
from ...i18n import _
from ...render.cards import card_image
from .frenemies_dialogs import ResourceRowDialog

if TYPE_CHECKING:
    from ..app import App
    from ..seat_port import SeatPort
    from .game_kit import ScreenKit


class GiftDialog(ResourceRowDialog):
    """A-3.2: choose the card, then the player; players who cannot take it say why."""

    width, height = 660, 360

    def __init__(self, app: App, port: SeatPort, kit: ScreenKit) -> None:
        super().__init__(app, port, kit)
        self.card: str | None = None

    def build_dialog(self) -> None:
        gifts = self.legal("gift")
        names = self.rules.resources
        cards = {a.a for a in gifts}
        if self.card not in cards:
            self.card = next(iter(sorted(cards, key=names.index)), None) if len(cards) == 1 else None
        panel = self.frame(_("Give a card"))
        self.note(_("Once a turn you may give one resource card to a player whose visible points are not "
                    "higher than yours. If they accept, you draw a favour token; if they refuse, you may "
                    "offer the same card to someone else (A-3.2)."), 48)
        self.note(_("The card:"), 122, bold=True)
        self.card_buttons = self.resource_row(
            panel, self.px(146), list(self.view.hand), [n in cards for n in names], self.pick, self.card
        )
        self.note(_("To (visible points):"), 194, bold=True)
        me = self.kit.viewer
        self.player_buttons: dict[int, object] = {}
        others = [q for q in range(self.port.players) if q != me]
        width = min(200, (620 - 10 * (len(others) - 1)) // max(1, len(others)))
        probe = self.card or next(iter(cards), names[0])
        for k, q in enumerate(others):
            action = Action("gift", probe, q)
            ok = self.card is not None and self.port.is_legal(action)
            vp = self.view.public[q].visible_vp
            self.player_buttons[q] = self.add_button(
                panel,
                pygame.Rect(self.px(20 + k * (width + 10)), self.px(218), self.px(width), self.px(40)),
                f"{self.kit.names[q]} · {vp}",
                lambda q=q: self.give(q),
                tip=_("Give {res} to {who} ({vp} visible points)", res=_(self.card), who=self.kit.names[q],
                      vp=vp) if ok else (self.why(action) if self.card else _("Choose a card first")),
                enabled=ok,
            )  # fmt: skip
        self.footer(panel, _("Cancel"), self.app.pop, ok_width=130)

    def pick(self, resource: str) -> None:
        self.card = resource
        self.rebuild()

    def give(self, seat: int) -> None:
        assert self.card is not None
        self.finish(Action("gift", self.card, seat))


class GiftAnswerDialog(ResourceRowDialog):
    """A-3.2: another player offers you a card; accepting earns them a favour token."""

    width, height = 600, 300
    cancellable = False

    def build_dialog(self) -> None:
        offer = self.section["offer"] or {}
        self.resource = offer.get("resource") or self.rules.resources[0]
        giver = self.kit.names[offer.get("from", self.view.active)]
        panel = self.frame(_("{who} offers you a card", who=giver))
        words = _("{who} wants to give you one {res}. If you accept, {who} draws a favour token (A-3.2). "
                  "You may refuse: then they may offer it to someone else.", who=giver, res=_(self.resource))
        self.note(words, 60, x=150, size=15)
        y = self.rect.h - self.px(62)
        self.add_button(
            panel, pygame.Rect(self.rect.w - self.px(176), y, self.px(160), self.px(44)), _("Accept"),
            lambda: self.finish(Action("accept_gift")), primary=True,
            tip=_("Take the card; {who} draws a favour token", who=giver),
        )  # fmt: skip
        self.add_button(
            panel, pygame.Rect(self.rect.w - self.px(316), y, self.px(130), self.px(44)), _("Refuse"),
            lambda: self.finish(Action("refuse_gift")), tip=_("{who} keeps the card", who=giver),
        )  # fmt: skip

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        img = card_image(self.app.assets, self.resource, (self.px(100), self.px(140)))
        surface.blit(img, (self.rect.x + self.px(24), self.rect.y + self.px(56)))


__all__ = ["GiftAnswerDialog", "GiftDialog"]
