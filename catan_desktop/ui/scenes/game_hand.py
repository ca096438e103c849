"""The shown player's hand (resource and development cards, Play buttons, bank rates, build costs) and the
dice box, drawn from the seat view.

A part of ``GameScene`` (a mixin): it reads the scene's seat view (``view``), ``px``, ``names``, ``colours``
and ``regions()``, so a replay viewer can reuse it.
"""

from __future__ import annotations

import math
import time

import pygame

from ...engine import Action
from ...i18n import _
from ...render.palette import EMPTY_DIE, INK, INK_SOFT, PARCHMENT, PARCHMENT_DARK
from ...text import CARD_RULES, reason_for
from ..widgets import TipButton
from .game_dialogs import RESOURCES_ORDER

DEV_ORDER = ("knight", "road_building", "year_of_plenty", "monopoly", "victory_point")


class HandPart:
    """The shown hand and the dice box."""

    def hand_rects(self) -> dict[str, pygame.Rect]:
        """Where each resource card and development card of the shown hand is drawn."""
        r = self.regions()["bottom"]
        s = self.px
        # the resource cards, then the development cards held (side by side, in DEV_ORDER): smaller cards
        # where the row is narrower than they need (an 800-px window holding several kinds of card)
        cards = self.view.development_cards
        held = [k for i, k in enumerate(DEV_ORDER) if cards[i]]
        need = (len(RESOURCES_ORDER) + len(held)) * s(68) + s(14) + s(40)
        f = min(1.0, r.w / need)
        cw, ch, gap = int(s(60) * f), int(s(84) * f), int(s(8) * f)
        x, y = r.x + s(20), r.y + s(34)
        out: dict[str, pygame.Rect] = {}
        for res in RESOURCES_ORDER:
            out[res] = pygame.Rect(x, y, cw, ch)
            x += cw + gap
        x += int(s(14) * f)
        for kind in held + [k for k in DEV_ORDER if k not in held]:
            out[kind] = pygame.Rect(x, y, cw, ch)
            x += cw + gap
        return out

    def hand_title(self, seat: int) -> str:
        """"Your hand" for the one human; with several at one screen, whose hand it is; a spectator's."""
        if self.port.watching:
            return _("You are watching")
        return _("Your hand") if len(self.port.humans) <= 1 else _("{who}'s hand", who=self.names[seat])

    def _draw_hand(self, surface: pygame.Surface, region: pygame.Rect) -> None:
        s = self.px
        rect = region.inflate(-s(12), -s(10))
        self.draw_panel(surface, rect, PARCHMENT)
        v = self.view
        seat = self.viewer
        title = self.hand_title(seat)
        title_rect = self.draw_text(surface, title, (rect.x + s(14), rect.y + s(6)), 14, INK, bold=True)
        title_right = title_rect.right
        if self.port.watching:  # no hand: a spectator sees what is on the table
            self.draw_wrapped(surface, _("The players' hands are hidden from spectators: how many cards each "
                                     "holds is on their panel. Press M to chat with the table."),
                          (rect.x + s(14), rect.y + s(40)), rect.w - s(28), 14, INK_SOFT)
            return
        rects = self.hand_rects()
        names = self.port.rules.resources
        for res in RESOURCES_ORDER:
            if res not in names:
                continue
            n = v.hand[names.index(res)]
            self.draw_card(surface, f"cards/{res}", rects[res], n, dim=n == 0)
        for k, kind in enumerate(DEV_ORDER):
            n = v.development_cards[k]
            if n:
                new = v.bought_this_turn[k]
                self.draw_card(surface, f"cards/{kind}", rects[kind], n, note=_("new") if new else None)
        # costs under the build buttons
        costs = self.port.rules.costs
        items = [(k, costs[item]) for k, item in (("road", "road"), ("settlement", "settlement"),
                                                  ("city", "city"), ("buy", "development_card"))]
        items += [(k, c) for addon in self.addons for k, _l in addon.builds() if (c := addon.build_cost(k))]
        for key, cost in items:
            b = self.buttons.get(key)
            if b is None:
                continue
            x, y = b.rect.x + s(2), b.rect.bottom + s(3)
            for i, n in enumerate(cost):
                for _k in range(n):
                    surface.blit(self.app.assets.scaled(f"icons/{names[i]}", (s(20), s(20))), (x, y))
                    x += s(18)
        # the bank rates share the title's line: narrower steps, then no label, when the panel is narrow
        rates = v.harbour_rates
        step = min(s(62), max(s(46), (rect.right - s(14) - title_right - s(12)) // len(names)))
        x, y = rect.right - s(14) - len(names) * step, rect.y + s(5)
        label = _("Bank rates:")
        if x - s(8) - self.app.assets.font(s(12)).size(label)[0] > title_right + s(12):
            self.draw_text(surface, label, (x - s(8), y + s(3)), 12, INK_SOFT, anchor="topright")
        for i, res in enumerate(names):
            surface.blit(self.app.assets.scaled(f"icons/{res}", (s(20), s(20))), (x, y))
            self.draw_text(surface, f"{rates[i]}:1", (x + s(22), y + s(3)), 12, INK, bold=rates[i] < 4)
            x += step

    def _draw_right(self, surface: pygame.Surface, region: pygame.Rect) -> None:
        s = self.px
        box = pygame.Rect(region.x + s(14), region.y + s(10), region.w - s(28), s(92))
        self.draw_panel(surface, box, PARCHMENT_DARK)
        now = time.perf_counter()
        faces = self.dice_faces
        rolling = next((a for a in self.anims if a.kind == "dice"), None)
        if rolling is not None:
            faces = (self._rng.randint(1, 6), self._rng.randint(1, 6))
        size = s(60)
        for i, face in enumerate(faces):
            x = box.x + s(16) + i * (size + s(10))
            y = box.centery - size // 2
            if rolling is not None:
                y += int(math.sin((now - rolling.start) * 30 + i) * s(4))
            if face:
                surface.blit(self.app.assets.scaled(f"dice/{face}", (size, size)), (x, y))
            else:
                pygame.draw.rect(surface, EMPTY_DIE, (x, y, size, size), 2, border_radius=s(8))
        if faces[0] and rolling is None:
            self.draw_text(
                surface,
                str(sum(faces)),
                (box.right - s(18), box.centery),
                34,
                INK,
                title=True,
                anchor="midright",
            )

    def _sync_play_buttons(self, kinds: set[str]) -> None:
        v = self.view
        state = (self.viewer, v.development_cards, frozenset(kinds), v.phase, v.dev_played_this_turn)
        if state == self._play_state:
            return
        self._play_state = state
        for b in self.play_buttons.values():
            b.kill()
        self.play_buttons = {}
        rects = self.hand_rects()
        for k, kind in enumerate(DEV_ORDER):
            held = v.development_cards[k]
            if not held or kind == "victory_point":
                continue
            rect = rects[kind]
            label = _("Play")
            b = TipButton(
                pygame.Rect(rect.x, rect.bottom + self.px(4), rect.w, self.px(26)),
                label,
                manager=self.ui,
                tool_tip_text=_(CARD_RULES[kind]),
            )
            playable = kind in kinds
            if not playable:
                reason = self.port.why_illegal(
                    Action(kind)
                    if kind in ("knight", "road_building")
                    else Action(kind, "brick", None)
                    if kind == "monopoly"
                    else Action(kind, "brick", "ore")
                )
                b.disable()
                b.set_tooltip(_(CARD_RULES[kind]) + "<br>" + reason_for(reason or _("Not now"), self.names,
                                                                          self.viewer))
            self.play_buttons[kind] = b

    def _last_dice(self) -> None:
        if self.view.dice:
            self.dice_faces = self.view.dice
