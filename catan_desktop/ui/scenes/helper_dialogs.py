"""Dialogs of Helpers (RULES.md Part H): your helper card with what it does and its Use buttons, the display
and the others' helpers (``HelperDialog``); a choice among a few actions (alms, a payment, which knight:
``ChoiceDialog``); the drawn words, cards and tips they share (``HelperBase``). The forced trade, the free
port and the dialogs of the helper phases are in ``helper_dialogs2``. Everything shown comes from the seat
view and the legal actions."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements.ui_tool_tip import UITooltip

from ...engine import Action
from ...i18n import N_, _, ngettext
from ...render.cards import card_image
from ...render.helper_cards import SIDE_COLOURS, helper_card, helper_emblem
from ...render.palette import ALERT, BORDER, INK, INK_SOFT, PARCHMENT, SHADOW, WHITE
from ...text import cards_text, reason_for
from ...text.helper_texts import (
    ALWAYS,
    helper_effect,
    helper_name,
    helper_note,
    helper_role,
    helper_short,
    helper_side_rule,
    helper_when,
)
from .game_dialogs import GameDialog

if TYPE_CHECKING:
    from ...engine.views import SeatView
    from ..app import App
    from ..seat_port import SeatPort
    from .game_kit import ScreenKit
    from .helpers_ui import HelpersUI

BOARD_KINDS = ("helper_road", "helper_move_road", "helper_plowshares", "helper_robber")  # used on the board
USES = {  # what a Use button does, by the kind of action
    "helper_forced_trade": N_("Name a resource and ask one or two players for it"),
    "helper_road": N_("Build a road paying one card exchanged: then click a glowing path"),
    "helper_move_road": N_("Move a road with an open end: then click it, then where it goes"),
    "helper_develop": N_("Buy a development card and keep one of the top three"),
    "helper_robber": N_("Send the robber to the desert: then click the glowing desert"),
    "helper_free_port": N_("Name a resource to trade at 2:1 for the rest of your turn"),
    "helper_plowshares": N_("Lay down a knight to build: then click a glowing spot"),
    "helper_alms": N_("Choose a player who shows more points than you"),
}


def wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """``text`` in lines no wider than ``width`` (a word longer than that gets a line of its own)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and font.size(trial)[0] > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return lines + ([line] if line else [])


class HelperBase(GameDialog):
    """The shared parts: words, cards and their tips drawn on the dialog (not widgets, so no language's
    length makes them scroll), clickable cards, the helpers section of the seat view."""

    def __init__(self, app: App, port: SeatPort, kit: ScreenKit, addon: HelpersUI) -> None:
        super().__init__(app, port, kit)
        self.addon = addon  # the screen's helpers part: the cards' facts and tips, the uses

    def build(self) -> None:
        self.notes: list[tuple[list[str], int, int, int, tuple[int, int, int], bool]] = []
        self.drawn: list[tuple[pygame.Rect, Callable[[], pygame.Surface], int]] = []
        self.tips: list[tuple[pygame.Rect, str]] = []
        self.clicks: list[tuple[pygame.Rect, Callable[[], None]]] = []
        self.card_rects: dict[str, pygame.Rect] = {}  # each helper card drawn (tests click them)
        self.mouse = (-1, -1)
        self.build_dialog()

    def build_dialog(self) -> None:
        raise NotImplementedError

    @property
    def section(self) -> dict[str, Any]:
        return self.view.modules["helpers"]

    def legal(self, kind: str) -> list[Action]:
        """The shown human's legal actions of ``kind`` (none when it is not their move)."""
        return self.port.legal(kind) if self.addon.mine() else []

    def why(self, action: Action) -> str:
        reason = self.port.why_illegal(action)
        return _("Not now") if reason is None else reason_for(reason, self.kit.names, self.kit.viewer)

    # ------------------------------------------------------------------------------ drawn things

    def para(self, text: str, x: int, y: int, width: int, size: int = 14, colour: tuple[int, int, int] = INK,
             bold: bool = False) -> int:
        """Words wrapped to ``width`` at ``x``, ``y`` (pixels in the dialog); returns the y below them."""
        if not text:
            return y
        font = self.app.assets.font(self.px(size), bold=bold)
        lines = wrap(font, text, width)
        self.notes.append((lines, x, y, size, colour, bold))
        return y + len(lines) * font.get_linesize()

    def helper(self, card: str, side: str, rect: pygame.Rect, tip: str | None = None, title: bool = True,
               dim: bool = False, on_click: Callable[[], None] | None = None) -> None:
        """A helper card drawn in ``rect`` (pixels in the dialog)."""
        name = helper_name(card) if title else None
        self.card_rects[card] = rect
        self.drawn.append((rect, lambda: helper_card(self.app.assets, card, side, rect.size, name, dim), 0))
        self._hot(rect, tip, on_click)

    def card(self, name: str, rect: pygame.Rect, count: int = 0, tip: str | None = None,
             on_click: Callable[[], None] | None = None) -> None:
        """A resource or development card drawn in ``rect``, with a count badge when ``count``."""
        self.drawn.append((rect, lambda: card_image(self.app.assets, name, rect.size), count))
        self._hot(rect, tip, on_click)

    def _hot(self, rect: pygame.Rect, tip: str | None, on_click: Callable[[], None] | None) -> None:
        if tip:
            self.tips.append((rect, tip))
        if on_click is not None:
            self.clicks.append((rect, on_click))

    def side_badge(self, surface: pygame.Surface, centre: tuple[int, int], side: str) -> None:
        pygame.draw.circle(surface, SIDE_COLOURS[side], centre, self.px(9))
        self.kit.text(surface, side, (centre[0], centre[1] + 1), 11, WHITE, bold=True, anchor="center")

    def tip_at(self, pos: tuple[int, int]) -> str | None:
        return next((tip for r, tip in self.tips if r.move(self.rect.topleft).collidepoint(pos)), None)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for r, handler in self.clicks:
                if r.move(self.rect.topleft).collidepoint(event.pos):
                    handler()
                    return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        sc, ox, oy = self.kit, self.rect.x, self.rect.y
        for r, image, count in self.drawn:
            at = r.move(ox, oy)
            surface.blit(image(), at)
            if count:
                sc.badge(surface, (at.right - self.px(6), at.y + self.px(6)), str(count), 12)
        for lines, x, y, size, colour, bold in self.notes:
            step = self.app.assets.font(self.px(size), bold=bold).get_linesize()
            for k, line in enumerate(lines):
                sc.text(surface, line, (ox + x, oy + y + k * step), size, colour, bold=bold)
        self.draw_more(surface)
        tip = self.tip_at(self.mouse)
        if tip:
            draw_tip(sc, surface, tip, self.mouse)
        for sprite in self.ui.get_sprite_group().sprites():  # a button's tooltip stays above the drawing
            if isinstance(sprite, UITooltip) and sprite.visible and sprite.text_block is not None:
                surface.blit(sprite.text_block.image, sprite.text_block.rect)

    def draw_more(self, surface: pygame.Surface) -> None:
        """What a dialog draws besides its words and cards (side badges)."""


def draw_tip(scene: ScreenKit, surface: pygame.Surface, text: str, pos: tuple[int, int]) -> None:
    """A tooltip at the mouse, in the look of the game screen's (``DrawKit._draw_tip``)."""
    s = scene.px
    width = s(320)
    font = scene.app.assets.font(s(13))
    lines = wrap(font, text, width - s(16))
    box = pygame.Rect(pos[0] + s(14), pos[1] + s(18), width, len(lines) * font.get_linesize() + s(12))
    box.clamp_ip(surface.get_rect())
    pygame.draw.rect(surface, SHADOW, box.move(0, s(2)), border_radius=s(6))
    pygame.draw.rect(surface, PARCHMENT, box, border_radius=s(6))
    pygame.draw.rect(surface, BORDER, box, 1, border_radius=s(6))
    for k, line in enumerate(lines):
        scene.text(surface, line, (box.x + s(8), box.y + s(6) + k * font.get_linesize()), 13, INK)


class HelperDialog(HelperBase):
    """Your helper card, large, with what it does and when; a Use button for each way to use it now (a
    disabled one says why not); the helpers on display and the other players' helpers, with their texts on
    hover. Opens whenever you hold a helper (P)."""

    width = 900

    @property
    def view(self) -> SeatView:
        return self.addon.view  # the shown human's helper, whoever is to act

    def build_dialog(self) -> None:
        px, sc, addon = self.px, self.kit, self.addon
        info = addon.seat(sc.viewer)
        card, side = info["card"], info["side"]
        number, confidence = addon.facts(card)
        w = px(self.width)
        x, tw = px(186), w - px(206)
        head = " · ".join(t for t in (helper_role(card), number, _("side {side}", side=side)) if t)
        y = self.para(head, x, px(52), tw, 16, INK, True) + px(4)
        y = self.para(helper_effect(card), x, y, tw, 14) + px(6)
        y = self.para(helper_when(card), x, y, tw, 13, INK_SOFT) + px(2)
        y = self.para(_(ALWAYS), x, y, tw, 12, INK_SOFT) + px(6)
        y = self.para(helper_side_rule(side), x, y, tw, 13) + px(6)
        y = self.para(helper_note(confidence), x, y, tw, 13, ALERT, True)
        use_y = max(y, px(54 + 210)) + px(14)
        legal = set(self.addon.usable_kinds())
        kinds = self.addon.use_kinds(card)
        status = (_("You can use it now.") if any(k in legal for k in kinds)
                  else _("Not now: {why}", why=addon.why_not(card)))  # fmt: skip
        buttons = max(1, len(kinds))
        self.para(status, px(20) + buttons * px(190), use_y + px(2), w - px(40) - buttons * px(190), 13,
                  INK if any(k in legal for k in kinds) else ALERT, True)  # fmt: skip
        disp_y = use_y + px(60)
        display = self.section["display"]
        self.para(_("On display: after a use you may swap your helper for one of these"), px(20), disp_y,
                  px(600), 13, INK, True)  # fmt: skip
        cw, ch = px(88), px(123)
        top = disp_y + px(24)
        for k, other in enumerate(display):
            rect = pygame.Rect(px(20) + k * (cw + px(8)), top, cw, ch)
            self.helper(other, "A", rect, addon.tip(other, "A"))
        self.others_y = disp_y
        self.others = [q for q in range(self.port.players) if q != sc.viewer]
        for k, q in enumerate(self.others):
            other = addon.seat(q)
            if other["card"] is None:
                continue
            rect = pygame.Rect(px(620), disp_y + px(26) + k * px(26), px(22), px(22))
            tip = _("{who}: {tip}", who=sc.names[q], tip=addon.tip(other["card"], other["side"]))
            self.tips.append((pygame.Rect(px(620), rect.y, w - px(640), px(24)), tip))
        self.height = (top + ch + px(86)) / sc.scale
        panel = self.frame(_("Your helper: {card}", card=helper_name(card)))
        self.helper(card, side, pygame.Rect(px(20), px(54), px(150), px(210)), addon.tip(card, side))
        self.use_buttons: dict[str, Any] = {}
        for k, kind in enumerate(kinds or ("",)):
            on = kind in legal
            tip = _(USES[kind]) if on and kind in USES else addon.why_not(card)
            self.use_buttons[kind] = self.add_button(
                panel, pygame.Rect(px(20) + k * px(190), use_y, px(178), px(40)), _("Use"),
                lambda k=kind: self.use(k), tip=tip, primary=on, enabled=on,
            )  # fmt: skip
        self.footer(panel, _("Close"), self.app.pop, ok_width=130)

    def draw_more(self, surface: pygame.Surface) -> None:
        px, sc, addon = self.px, self.kit, self.addon
        ox, oy = self.rect.x, self.rect.y
        title = _("The other players' helpers")
        sc.text(surface, title, (ox + px(620), oy + self.others_y), 13, INK, bold=True)
        for k, q in enumerate(self.others):
            other = addon.seat(q)
            y = oy + self.others_y + px(37) + k * px(26)
            if other["card"] is None:
                continue
            icon = helper_emblem(self.app.assets, other["card"], other["side"], px(22), not other["usable"])
            surface.blit(icon, icon.get_rect(midleft=(ox + px(620), y)))
            self.side_badge(surface, (ox + px(654), y), other["side"])
            colour = INK if other["usable"] else INK_SOFT
            room = self.rect.w - px(688)
            text = _("{who}: {card}", who=sc.names[q], card=helper_name(other["card"]))
            if self.app.assets.font(px(13)).size(text)[0] > room:  # the card's short name, never cut short
                text = _("{who}: {card}", who=sc.names[q], card=helper_short(other["card"]))
            sc.text(surface, text, (ox + px(668), y), 13, colour, anchor="midleft", max_w=room)

    def use(self, kind: str) -> None:
        """A Use button: a board mode, or the dialog of the choice the use needs (HelpersUI.use)."""
        actions = self.legal(kind)
        if actions:
            self.addon.use(kind, actions)


def spot_options(view: SeatView, names: list[str], actions: list[Action],
                 ) -> tuple[str, list[tuple[str, str, Action]]]:
    """The title and the (label, tooltip, action) choices for several actions of one kind: the ways to pay a
    road or a development card, the knight to lay down, the player to ask for alms."""
    kind = actions[0].kind
    resources = view.rules.resources
    costs = view.rules.costs

    def cost_of(item: str, a: Action) -> str:
        paid = list(costs[item])
        if a.b is not None and a.a is not None:
            replaced, instead = (a.b if kind == "helper_road" else (a.a, a.b))
            paid[resources.index(replaced)] -= 1
            paid[resources.index(instead)] += 1
        return cards_text({r: n for r, n in zip(resources, paid, strict=True) if n})

    out: list[tuple[str, str, Action]] = []
    if kind == "helper_road":
        title = _("Road Assistance: how do you pay for the road?")
        for a in actions:
            label = _("{paid} instead of {replaced}", paid=_(a.b[1]), replaced=_(a.b[0]))
            out.append((label, _("You pay {cards}", cards=cost_of("road", a)), a))
    elif kind == "helper_develop":
        title = _("Development Help: how do you pay for the card?")
        for a in actions:
            label = (_("The usual cost") if a.a is None
                     else _("{paid} instead of {replaced}", paid=_(a.b), replaced=_(a.a)))  # fmt: skip
            out.append((label, _("You pay {cards}", cards=cost_of("development_card", a)), a))
    elif kind == "helper_plowshares":
        title = _("Swords to Plowshares: which knight do you lay down?")
        for a in actions:
            if a.b[1] == "hand":
                out.append((_("A knight from your hand"), _("The unplayed knight leaves the game"), a))
            else:
                out.append((_("A played knight"), _("It leaves your army: Largest Army may change"), a))
    else:  # helper_alms
        title = _("Alms: take a card from whom?")
        public = view.public
        for a in actions:
            n = public[a.a].resource_cards
            label = ngettext("{who} ({vp} points, {n} card)", "{who} ({vp} points, {n} cards)", n,
                             who=names[a.a], vp=public[a.a].visible_vp, n=n)  # fmt: skip
            out.append((label, _("Look at their hand and take one card"), a))
    return title, out


class ChoiceDialog(HelperBase):
    """One button per action (two columns), and Cancel."""

    width = 640

    def __init__(self, app: App, port: SeatPort, kit: ScreenKit, addon: HelpersUI, title: str,
                 options: list[tuple[str, str, Action]]) -> None:  # fmt: skip
        super().__init__(app, port, kit, addon)
        self.title_text, self.options = title, options

    def build_dialog(self) -> None:
        px = self.px
        rows = (len(self.options) + 1) // 2
        self.height = (px(60) + rows * px(48) + px(80)) / self.kit.scale
        panel = self.frame(self.title_text)
        half = (px(self.width) - px(52)) // 2
        self.choices = []
        for k, (label, tip, action) in enumerate(self.options):
            rect = pygame.Rect(px(20) + (k % 2) * (half + px(12)), px(60) + (k // 2) * px(48), half, px(40))
            self.choices.append(self.add_button(panel, rect, label, lambda a=action: self.finish(a), tip=tip))
        self.footer(panel, _("Cancel"), self.app.pop, ok_width=130)
