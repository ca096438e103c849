"""Dialogs of Frenemies (RULES.md Part A): the guild table (A-5, A-6) with the merchants' swaps and the
traders' card, returning a token after an exchange (A-5.5), who draws first (A-3.3). The gift dialogs are in
``frenemies_gift_dialogs``. Everything shown comes from the seat view and the legal actions."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

import pygame

from ...engine import Action
from ...i18n import N_, _, ngettext
from ...render.palette import INK, INK_SOFT, PARCHMENT_DARK
from ...text import reason_for
from ...text.addons import GUILD_NAMES, GUILDS
from .addon_ui import sprite
from .game_dialogs import GameDialog, hand_order

if TYPE_CHECKING:
    from ..app import App
    from ..seat_port import SeatPort
    from .game_kit import ScreenKit

FAVOURS = {  # what each guild's favour gives, in the rule file's amounts
    "merchant": N_("Two swaps with the bank this turn: 1 card of yours for 1 of the bank's"),
    "trader": N_("Take any one resource card from the bank"),
    "paver": N_("Build one road for free"),
    "teacher": N_("Take the top development card for free"),
    "architect": N_("Take a Catan chip: one visible victory point"),
}



def guild_name(guild: str) -> str:
    return _(GUILD_NAMES[guild])


class FrenemiesDialog(GameDialog):
    """The shared parts: the Frenemies section of the seat view, a reason in words."""

    @property
    def section(self) -> dict:  # type: ignore[type-arg]
        return self.view.modules["frenemies"]

    def legal(self, kind: str) -> list[Action]:
        return [a for a in self.port.legal() if a.kind == kind]

    def why(self, action: Action) -> str:
        reason = self.port.why_illegal(action)
        return _("Not now") if reason is None else reason_for(reason, self.kit.names, self.kit.viewer)

    def note(self, text: str, y: int, x: int = 20, width: int = 0, size: int = 14, bold: bool = False,
             ) -> None:
        """A line of words drawn (wrapped) at ``x``, ``y`` of the dialog (scale 1; ``width`` 0: to the right
        edge): labels and explanations are drawn, not widgets, so no language's length makes them scroll."""
        self.__dict__.setdefault("notes", []).append((text, x, y, width, size, bold))

    def build(self) -> None:
        self.notes: list[tuple[str, int, int, int, int, bool]] = []
        self.build_dialog()

    def build_dialog(self) -> None:
        raise NotImplementedError

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        px = self.px
        for text, x, y, width, size, bold in self.notes:
            w = px(width) if width else self.rect.w - px(x) - px(20)
            pos = (self.rect.x + px(x), self.rect.y + px(y))
            self.kit.wrapped(surface, text, pos, w, size, INK, bold=bold)

    def icon(self, surface: pygame.Surface, name: str, x: int, y: int, size: int) -> None:
        img = sprite(self.app, name, (self.px(size), self.px(size)))
        surface.blit(img, (self.rect.x + self.px(x), self.rect.y + self.px(y)))


class GuildDialog(FrenemiesDialog):
    """A-5, A-6: the guild table: each guild's emblem, its cost in tokens, what its favour does, how many of
    its tokens you hold (those earned this turn are not usable yet), and a Use button that says why not;
    the exchange of a token with the supply (A-5.5); the merchants' swaps once bought."""

    width, height = 760, 520

    def build_dialog(self) -> None:
        sec = self.section
        panel = self.frame(_("The guilds: favours for your tokens"))
        favours = [a for a in self.legal("favour")]
        y = self.px(100)
        self.use_buttons: dict[str, object] = {}
        for guild in GUILDS:
            action = next((a for a in favours if a.a == guild), None)
            first = self.rules.resources[0]
            probe = action or Action("favour", guild, first if guild == "trader" else None)
            self.use_buttons[guild] = self.add_button(
                panel,
                pygame.Rect(self.rect.w - self.px(126), y + self.px(8), self.px(106), self.px(38)),
                _("Use"),
                lambda g=guild: self.use(g),
                tip=_(FAVOURS[guild]) if action is not None else self.why(probe),
                enabled=action is not None,
            )
            y += self.px(66)
        exchange = self.legal("exchange_favour")
        self.exchange = self.add_button(
            panel,
            pygame.Rect(self.px(20), self.rect.h - self.px(62), self.px(230), self.px(44)),
            _("Exchange a token"),
            lambda: self.finish(exchange[0]),
            tip=_("Draw a token from the supply, then return any one of yours (A-5.5)")
            if exchange
            else self.why(Action("exchange_favour")),
            enabled=bool(exchange),
        )
        swaps = self.legal("merchant_swap")
        self.swap = self.add_button(
            panel,
            pygame.Rect(self.px(260), self.rect.h - self.px(62), self.px(220), self.px(44)),
            _("Merchant swaps: {n}", n=sec["merchant_swaps"]),
            self.open_swaps,
            tip=_("Swap one card of yours for one of the bank's (the merchants' favour)"),
            enabled=bool(swaps),
        )
        self.footer(panel, _("Close"), self.app.pop, ok_width=130)

    def draw(self, surface: pygame.Surface) -> None:
        """The table's words are drawn, not widgets: wrapped to their column at any language's length."""
        super().draw(surface)
        sc, sec, px = self.kit, self.section, self.px
        held, new = Counter(sec["yours"]), Counter(sec["yours_new"])
        x0, y0 = self.rect.x, self.rect.y
        sc.wrapped(
            surface,
            _("Once a turn: one favour or one exchange, with tokens held before this turn (A-5). "
              "Supply: {n} tokens.", n=sec["supply"]),
            (x0 + px(20), y0 + px(50)), self.rect.w - px(40), 14, INK_SOFT,
        )  # fmt: skip
        y = 100
        for guild in GUILDS:
            top = y0 + px(y)
            self.icon(surface, f"guilds/{guild}", 18, y + 4, 46)
            cost = sec["costs"][guild]
            name, size = guild_name(guild), 16
            while size > 11 and self.app.assets.font(px(size), bold=True).size(name)[0] > px(134):
                size -= 1  # a long guild name ("Commerciante") shrinks rather than run into its favour
            sc.text(surface, name, (x0 + px(76), top + px(6)), size, INK, bold=True)
            sc.text(surface, ngettext("{n} token", "{n} tokens", cost, n=cost), (x0 + px(76), top + px(30)),
                     13, INK_SOFT)  # fmt: skip
            sc.wrapped(surface, _(FAVOURS[guild]), (x0 + px(216), top + px(6)), px(288), 14, INK)
            mine = held[guild]
            sc.text(surface, _("you: {n}", n=mine), (x0 + px(512), top + px(18)), 14,
                     INK if mine else INK_SOFT, bold=bool(mine), anchor="midleft")  # fmt: skip
            if new[guild]:  # earned this turn: usable from the next one
                sc.text(surface, ngettext("{n} new", "{n} new", new[guild], n=new[guild]),
                         (x0 + px(512), top + px(38)), 12, INK_SOFT, anchor="midleft")  # fmt: skip
            if guild != GUILDS[-1]:
                pygame.draw.line(surface, PARCHMENT_DARK, (x0 + px(16), top + px(60)),
                                 (self.rect.right - px(16), top + px(60)), 1)  # fmt: skip
            y += 66

    def use(self, guild: str) -> None:
        if guild == "trader":
            self.app.pop()
            self.app.push(TraderDialog(self.app, self.port, self.kit))
            return
        action = next((a for a in self.legal("favour") if a.a == guild), None)
        if action is None:
            return
        self.finish(action)
        if guild == "merchant" and self.legal("merchant_swap"):
            self.app.push(MerchantSwapDialog(self.app, self.port, self.kit))

    def open_swaps(self) -> None:
        self.app.pop()
        self.app.push(MerchantSwapDialog(self.app, self.port, self.kit))


class ResourceRowDialog(FrenemiesDialog):
    """A row of resource cards to choose from, each a button with its count."""

    def resource_row(self, panel: object, y: int, counts: list[int], enabled: list[bool], handler: object,
                     selected: str | None = None) -> dict[str, object]:  # fmt: skip
        names = self.rules.resources
        out = {}
        for k, i in enumerate(hand_order(names)):
            out[names[i]] = self.add_button(
                panel,  # type: ignore[arg-type]
                pygame.Rect(self.px(20 + k * 122), y, self.px(112), self.px(36)),
                f"{_(names[i]).capitalize()} · {counts[i]}",
                lambda r=names[i]: handler(r),  # type: ignore[operator]
                primary=names[i] == selected,
                enabled=enabled[i],
            )
        return out


class TraderDialog(ResourceRowDialog):
    """A-6: the traders' favour: any one resource card from the bank."""

    width, height = 660, 250

    def build_dialog(self) -> None:
        panel = self.frame(_("The traders' favour: take a card from the bank"))
        bank = list(self.view.bank)
        offered = {a.b for a in self.legal("favour") if a.a == "trader"}
        names = self.rules.resources
        enabled = [n in offered for n in names]
        self.take_buttons = self.resource_row(panel, self.px(60), bank, enabled, self.take)
        self.note(_("The number on each button is what the bank has left."), 108)
        self.footer(panel, _("Cancel"), self.app.pop, ok_width=130)

    def take(self, resource: str) -> None:
        self.finish(Action("favour", "trader", resource))


class MerchantSwapDialog(ResourceRowDialog):
    """A-6: the merchants' favour: swap one card for one of the bank's, as many times as it allows."""

    width, height = 660, 330

    def __init__(self, app: App, port: SeatPort, kit: ScreenKit) -> None:
        super().__init__(app, port, kit)
        self.give: str | None = None

    def build_dialog(self) -> None:
        swaps = self.legal("merchant_swap")
        panel = self.frame(_("The merchants' favour: swaps left {n}", n=self.section["merchant_swaps"]))
        names = self.rules.resources
        gives = {a.a for a in swaps}
        self.note(_("You give:"), 48, bold=True)
        self.give_buttons = self.resource_row(panel, self.px(72), list(self.view.hand),
                                              [n in gives for n in names], self.pick, self.give)  # fmt: skip
        gets = {a.b for a in swaps if a.a == self.give}
        self.note(_("You take:"), 122, bold=True)
        self.get_buttons = self.resource_row(
            panel, self.px(146), list(self.view.bank), [n in gets for n in names], self.swap
        )
        self.footer(panel, _("Done"), self.app.pop, ok_width=130)

    def pick(self, resource: str) -> None:
        self.give = resource
        self.rebuild()

    def swap(self, resource: str) -> None:
        assert self.give is not None
        self.kit.act(Action("merchant_swap", self.give, resource))
        self.give = None
        if self.legal("merchant_swap"):
            self.rebuild()
        else:
            self.app.pop()


class ReturnFavourDialog(FrenemiesDialog):
    """A-5.5: after drawing a token in an exchange, return any one of yours to the supply."""

    width, height = 660, 260
    cancellable = False

    def build_dialog(self) -> None:
        panel = self.frame(_("Return one of your favour tokens"))
        self.note(_("You drew a token from the supply: now return any one of yours to it (A-5.5)."), 48)
        held = Counter(self.section["yours"])
        self.options = sorted({a.a for a in self.legal("return_favour")}, key=GUILDS.index)
        for k, guild in enumerate(self.options):
            self.add_button(
                panel,
                pygame.Rect(self.px(20 + k * 124), self.px(150), self.px(114), self.px(40)),
                f"{guild_name(guild)} · {held[guild]}",
                lambda g=guild: self.finish(Action("return_favour", g)),
                tip=_(FAVOURS[guild]),
            )

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        for k, guild in enumerate(self.options):
            self.icon(surface, f"guilds/{guild}", 20 + k * 124 + 33, 84, 48)


class FavourOrderDialog(FrenemiesDialog):
    """A-3.3: your road joined several players' districts and the supply is short: who draws first."""

    width, height = 560, 240
    cancellable = False

    def build_dialog(self) -> None:
        self.height = 240 + (len(self.legal("favour_first")) - 1) // 3 * 48
        panel = self.frame(_("Who draws their favour tokens first?"))
        self.note(_("Your road joined your roads to several players' at once and the supply cannot pay "
                    "everyone (A-3.3). Choose who draws first; you draw yours before them."), 50)
        for k, a in enumerate(self.legal("favour_first")):  # three a row (five others at most)
            self.add_button(
                panel,
                pygame.Rect(self.px(20 + k % 3 * 176), self.px(150 + k // 3 * 48), self.px(166), self.px(40)),
                self.kit.names[a.a],
                lambda a=a: self.finish(a),
            )


__all__ = ["FavourOrderDialog", "GuildDialog", "MerchantSwapDialog", "ReturnFavourDialog", "TraderDialog"]
