"""The dialogs of the helper phases (RULES.md Part H): a helper answering a roll or a 7 (``helper_prompt``),
paying the players who gave you a card (``helper_pay``), keeping a development card or taking a card of alms
(``helper_pick``), and turning the helper over or swapping it after a use (``helper_after``); they cannot be
cancelled: the game waits for the choice. And the choices of two uses: the forced trade's resource and
players, the free port's resource. Everything shown comes from the seat view and the legal actions."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UILabel

from ...engine import Action
from ...i18n import _, ngettext
from ...render.palette import INK, INK_SOFT
from ...text import CARD_NAMES
from ...text.events import list_text
from ...text.helper_texts import helper_effect, helper_name, helper_side_rule
from .game_dialogs import hand_order
from .helper_dialogs import HelperBase

if TYPE_CHECKING:
    from ..app import App
    from ..seat_port import SeatPort
    from .game_kit import ScreenKit
    from .helpers_ui import HelpersUI


class PhaseDialog(HelperBase):
    """A helper phase's dialog: the acting seat's card on the left, the choice on the right."""

    cancellable = False
    width = 760

    def options_now(self) -> list[Action]:
        return list(self.port.legal())

    def left_card(self, side: str | None = None) -> tuple[str, str]:
        """Draw the acting seat's helper on the left; return its name and side."""
        info = self.section["seats"][self.seat]
        card, up = info["card"], side or info["side"]
        self.helper(card, up, pygame.Rect(self.px(20), self.px(54), self.px(120), self.px(168)),
                    self.addon.tip(card, up))  # fmt: skip
        return card, up

    def resource_row(self, panel: object, y: int, counts: list[int], offered: dict[str, Action], label: str,
                     tip: str) -> None:  # fmt: skip
        """The resources as cards with ``counts`` and a button under each offered one (``offered``: resource
        -> the action it takes), to the right of the helper."""
        px = self.px
        names = self.rules.resources
        self.choices: dict[str, object] = {}
        for k, i in enumerate(hand_order(names)):
            name = names[i]
            x = px(160) + k * px(116)
            self.card(name, pygame.Rect(x + px(22), y, px(60), px(84)), counts[i])
            action = offered.get(name)
            self.choices[name] = self.add_button(
                panel, pygame.Rect(x, y + px(92), px(104), px(36)), label,
                (lambda a=action: self.finish(a)) if action is not None else (lambda: None),
                tip=tip.format(res=_(name)) if action is not None else None, enabled=action is not None,
            )  # fmt: skip


class PromptDialog(PhaseDialog):
    """A3 after a roll that gave you nothing, A5 on a 7: take a resource, keep all your cards, or let the
    helper pass (it stays unused)."""

    def build_dialog(self) -> None:
        px = self.px
        acts = self.options_now()
        card, _side = self.left_card()
        y = self.para(helper_effect(card), px(160), px(54), px(580), 14)
        takes = {a.a: a for a in acts if a.kind == "helper_take"}
        spare = next((a for a in acts if a.kind == "helper_spare"), None)
        self.height = (max(px(230), y + px(140)) + px(72)) / self.kit.scale
        panel = self.frame(_("Your helper {card} may answer", card=helper_name(card)))
        if spare is not None:
            self.para(_("A 7: you hold more cards than the limit. Your helper spares you the discard."),
                      px(160), y + px(10), px(580), 14, INK, True)  # fmt: skip
            self.spare = self.add_button(panel, pygame.Rect(px(160), y + px(60), px(300), px(44)),
                                         _("Keep all my cards"), lambda: self.finish(spare), primary=True,
                                         tip=_("You discard nothing on this 7"))  # fmt: skip
        if takes:
            self.resource_row(panel, y + px(12), list(self.view.bank), takes, _("Take"),
                              _("Take 1 {res} from the bank (the number: the bank's stock)"))  # fmt: skip
        decline = next(a for a in acts if a.kind == "helper_decline")
        self.decline = self.add_button(
            panel, pygame.Rect(px(20), self.rect.h - px(62), px(200), px(44)), _("Let it pass"),
            lambda: self.finish(decline), tip=_("Keep the helper unused for another time"),
        )  # fmt: skip


class PayDialog(PhaseDialog):
    """A1: a player gave you the card you asked for; give them one resource card of your choice."""

    height = 270

    def build_dialog(self) -> None:
        px, sc = self.px, self.kit
        acts = [a for a in self.options_now() if a.kind == "helper_pay"]
        to = acts[0].a if acts else self.section["pay_to"][0]
        self.left_card()
        panel = self.frame(_("Forced Trade: pay {who}", who=sc.names[to]))
        text = _("{who} gave you the card you asked for. Give them one card of your choice from your hand.",
                 who=sc.names[to])
        self.para(text, px(160), px(54), px(580), 14)
        self.resource_row(panel, px(112), list(self.view.hand), {a.b: a for a in acts}, _("Give"),
                          _("Give 1 {res} (the number: how many you hold)"))  # fmt: skip


class PickDialog(PhaseDialog):
    """A6: keep one of the top development cards (the others go under the deck); alms: take one card of
    the hand you look at."""

    height = 300

    def build_dialog(self) -> None:
        px, sc = self.px, self.kit
        acts = {a.a: a for a in self.options_now() if a.kind == "helper_pick"}
        self.left_card()
        looking = self.section["looking"]
        if looking:
            panel = self.frame(_("Development Help: keep one card"))
            self.para(_("The top cards of the deck. Keep one; the others go under the deck."), px(160),
                      px(54), px(580), 14)  # fmt: skip
            self.choices = {}
            for k, kind in enumerate(looking):
                x = px(160) + k * px(140)
                action = acts.get(kind)
                self.card(kind, pygame.Rect(x, px(90), px(100), px(140)),
                          on_click=(lambda a=action: self.finish(a)) if action else None)  # fmt: skip
                self.choices.setdefault(kind, self.add_button(
                    panel, pygame.Rect(x, px(238), px(100), px(38)), _("Keep"),
                    lambda a=action: self.finish(a),
                    tip=_("Keep {card}", card=_(CARD_NAMES.get(kind, kind))), enabled=action is not None,
                ))  # fmt: skip
            return
        target = self.section["target"]
        who = sc.names[target] if target is not None else "?"
        self.height = 250
        panel = self.frame(_("Alms: take one card from {who}", who=who))
        self.para(_("{who}'s hand. Take one card of your choice.", who=who), px(160), px(54), px(580), 14)
        hand = self.section["target_hand"] or {}
        counts = [hand.get(r, 0) for r in self.rules.resources]
        self.resource_row(panel, px(90), counts, acts, _("Take"), _("Take 1 {res}"))


class AfterDialog(PhaseDialog):
    """H-3.2: after a use, turn the helper to side B (one more use) or swap it for a card on display, side A
    up; after a side-B use only the swap. The display is shown as cards: click one (or its Take button)."""

    width = 820

    def build_dialog(self) -> None:
        px, addon = self.px, self.addon
        acts = self.options_now()
        flip = next((a for a in acts if a.kind == "helper_flip"), None)
        swaps = {a.a: a for a in acts if a.kind == "helper_swap"}
        card, side = self.left_card()
        display = self.section["display"]
        cw, ch, gap = px(96), px(134), px(8)
        per_row = max(1, (px(self.width) - px(180)) // (cw + gap))
        rows = (len(display) + per_row - 1) // per_row
        text = (_("You used {card}. Turn it to side B for one more use, or swap it for a helper on display.",
                  card=helper_name(card)) if flip is not None
                else _("You used {card} on side B: swap it for a helper on display.", card=helper_name(card)))
        y = self.para(text, px(160), px(54), px(640), 14, INK, True) + px(10)
        below = self.para(helper_side_rule(side), px(20), px(282 if flip is not None else 232), px(130), 12,
                          INK_SOFT)  # fmt: skip
        self.height = max(y + rows * (ch + px(52)), below) / self.kit.scale + 20
        panel = self.frame(_("Your helper after its use"))
        self.flip = None
        if flip is not None:
            self.flip = self.add_button(panel, pygame.Rect(px(20), px(232), px(120), px(40)), _("Side B"),
                                        lambda: self.finish(flip), primary=True,
                                        tip=_("Turn it to side B and keep it. {rule}",
                                              rule=helper_side_rule("B")))  # fmt: skip
        self.takes = {}
        for k, other in enumerate(display):
            x = px(160) + (k % per_row) * (cw + gap)
            top = y + (k // per_row) * (ch + px(52))
            action = swaps.get(other)
            self.helper(other, "A", pygame.Rect(x, top, cw, ch), addon.tip(other, "A"),
                        on_click=(lambda a=action: self.finish(a)) if action else None)  # fmt: skip
            self.takes[other] = self.add_button(
                panel, pygame.Rect(x, top + ch + px(6), cw, px(36)), _("Take"),
                lambda a=action: self.finish(a) if a is not None else None,
                tip=_("Swap yours for {card}", card=helper_name(other)), enabled=action is not None,
            )  # fmt: skip


class ForcedTradeDialog(HelperBase):
    """A1: name a resource and ask one or two other players for it (each who holds one gives it)."""

    width, height = 640, 420

    def __init__(self, app: App, port: SeatPort, kit: ScreenKit, addon: HelpersUI) -> None:
        super().__init__(app, port, kit, addon)
        self.resource: str | None = None
        self.asked: list[int] = []

    def build_dialog(self) -> None:
        px, sc = self.px, self.kit
        panel = self.frame(_("Forced Trade: ask for a resource"))
        names = self.rules.resources
        for k, i in enumerate(hand_order(names)):
            name = names[i]
            self.card(name, pygame.Rect(px(42) + k * px(116), px(52), px(60), px(84)))
            self.add_button(panel, pygame.Rect(px(20) + k * px(116), px(142), px(104), px(34)), _(name),
                            lambda n=name: self.choose(n), primary=name == self.resource)  # fmt: skip
        UILabel(pygame.Rect(px(20), px(188), px(600), px(24)), _("Ask one or two players:"), manager=self.ui,
                container=panel)  # fmt: skip
        public = self.view.public
        others = [q for q in range(self.port.players) if q != self.seat]
        width = (px(600) - px(10) * (len(others) - 1)) // max(1, len(others))
        for k, q in enumerate(others):
            n = public[q].resource_cards
            label = ngettext("{who} ({n} card)", "{who} ({n} cards)", n, who=sc.names[q], n=n)
            on = q in self.asked
            self.add_button(panel, pygame.Rect(px(20) + k * (width + px(10)), px(216), width, px(38)),
                            ("✓ " if on else "") + label, lambda q=q: self.toggle(q), primary=on)  # fmt: skip
        self.info = UILabel(pygame.Rect(px(20), px(266), px(600), px(26)), "", manager=self.ui,
                            container=panel)  # fmt: skip
        self.para(_("Each asked player who holds one gives it to you; then you give each of them one card "
                    "of your choice."), px(20), px(296), px(600), 13, INK_SOFT)  # fmt: skip
        self.ok = self.footer(panel, _("Ask"), self.submit, _("Cancel"), bottom=58)
        self.refresh()

    def choose(self, name: str) -> None:
        self.resource = name
        self.rebuild()

    def toggle(self, seat: int) -> None:
        if seat in self.asked:
            self.asked = [q for q in self.asked if q != seat]
        else:
            self.asked = (self.asked + [seat])[-2:]  # one or two players
        self.rebuild()

    def action(self) -> Action | None:
        if self.resource is None or not self.asked:
            return None
        return Action("helper_forced_trade", self.resource, tuple(sorted(self.asked)))

    def refresh(self) -> None:
        action = self.action()
        if action is None:
            self.info.set_text(_("Choose a resource and one or two players"))
            self.ok.disable()
        elif self.port.is_legal(action):
            who = list_text([self.kit.names[q] for q in sorted(self.asked)])
            text = (_("Ask {who} for 1 {res}", who=who, res=_(self.resource)) if len(self.asked) == 1
                    else _("Ask {who} for 1 {res} each", who=who, res=_(self.resource)))  # fmt: skip
            self.info.set_text(text)
            self.ok.enable()
        else:
            self.info.set_text(self.why(action))
            self.ok.disable()

    def submit(self) -> None:
        action = self.action()
        if action is not None and self.port.is_legal(action):
            self.finish(action)


class FreePortDialog(HelperBase):
    """The Captain: name a resource to trade with the bank at 2:1 for the rest of the turn."""

    width, height = 640, 300

    def build_dialog(self) -> None:
        px = self.px
        panel = self.frame(_("Free Port: trade a resource at 2:1 this turn"))
        names = self.rules.resources
        offered = {a.a for a in self.legal("helper_free_port")}
        for k, i in enumerate(hand_order(names)):
            name = names[i]
            self.card(name, pygame.Rect(px(42) + k * px(116), px(56), px(60), px(84)))
            self.add_button(panel, pygame.Rect(px(20) + k * px(116), px(148), px(104), px(38)), _(name),
                            lambda n=name: self.finish(Action("helper_free_port", n)),
                            tip=_("Give 2 {res} for 1 card of your choice at the bank this turn",
                                  res=_(name)),
                            enabled=name in offered)  # fmt: skip
        self.footer(panel, _("Cancel"), self.app.pop, ok_width=130)


__all__ = ["AfterDialog", "ForcedTradeDialog", "FreePortDialog", "PayDialog", "PickDialog", "PromptDialog"]
