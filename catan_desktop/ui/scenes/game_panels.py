"""The player panels (name, points, card counts, knights, road, special cards, and the add-ons' rows and
blocks) and the add-ons' panel under them (Catan a Dois's market and bank: dois_ui.py), from the seat view.

A part of ``GameScene`` (a mixin): it reads the scene's seat view (``view``), ``px``, ``names``, ``colours``
and ``regions()``, so a replay viewer can reuse it.
"""

from __future__ import annotations

import pygame

from ...i18n import _
from ...render.palette import ALERT, BORDER, GOLD, INK, INK_SOFT, PARCHMENT, rgb


class PanelsPart:
    """The player panels and the economy panel."""

    def panel_rect(self, seat: int) -> pygame.Rect:
        r = self.regions()["left"]
        n = self.port.players
        gap = self.px(8)
        h = min(self.px(self._panel_height()), (r.h - gap * (n + 1)) // n)
        return pygame.Rect(r.x + self.px(10), r.y + gap + seat * (h + gap), r.w - self.px(20), h)

    def _panel_height(self) -> int:
        """A full player panel's height at scale 1: a row more for the reserve and for each add-on."""
        return 118 + sum(a.PANEL_BLOCK + a.ROW for a in self.addons)

    def _addons_compact(self, rect: pygame.Rect) -> bool:
        """Whether the add-ons' rows share a line with the status (a short panel: five or six players)."""
        return any(a.ROW for a in self.addons) and rect.h < self.px(self._panel_height()) - self.px(4)

    def _draw_addon_rows(self, surface: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
        """The add-ons' rows (favours, helper) above the counters; on a short panel (five or six players)
        one compact row beside the badges."""
        s = self.px
        if not self.addons:
            return
        shown = [a for a in self.addons if a.ROW]
        if not shown:
            return
        if self._addons_compact(rect):
            row = pygame.Rect(rect.x + s(24), rect.y + s(48), rect.w - s(24) - s(70), s(22))
            part = row.w // len(shown)
            for i, addon in enumerate(shown):
                addon.draw_panel_row(surface, pygame.Rect(row.x + i * part, row.y, part, row.h), seat, True)
            return
        y = rect.bottom - s(32) - sum(s(a.ROW) for a in shown)
        for addon in shown:
            addon.draw_panel_row(surface, pygame.Rect(rect.x + s(24), y, rect.w - s(34), s(addon.ROW - 2)),
                                 seat, False)  # fmt: skip
            y += s(addon.ROW)

    def _draw_players(self, surface: pygame.Surface, region: pygame.Rect) -> None:
        v = self.view
        s = self.px
        self.tips = []
        for seat in range(self.port.players):
            rect = self.panel_rect(seat)
            active = seat == (self.port.seat_to_act if v.turn == 0 else v.active) and not v.is_over
            acting = seat == self.port.seat_to_act and not v.is_over
            building = acting and v.phase == "special_build"  # F-3.2: this seat's turn to build or pass
            lit = active or building
            self.draw_panel(surface, rect, PARCHMENT, GOLD if lit else BORDER, 4 if lit else 2)
            colour = rgb(self.colours[seat])
            stripe = pygame.Rect(rect.x + s(6), rect.y + s(6), s(10), rect.h - s(12))
            pygame.draw.rect(surface, colour, stripe, border_radius=s(4))
            name = self.names[seat]
            who = self.config.seats[seat]
            tag = (  # its own message: "you" alone is the log's object ("a te"), not a label ("tu")
                _("(you)")
                if seat == self.viewer and who.is_human and not self.port.watching
                else (_("computer") if not who.is_human else _("human"))
            )
            away = self.port.away(seat) if who.is_human else ""  # a friend's seat at a hosted game
            if away:
                tag = _("away: a computer plays") if away == "computer" else _("away")
            self.draw_text(
                surface, name, (rect.x + s(24), rect.y + s(8)), 17, INK, bold=True, max_w=rect.w - s(120)
            )
            tag_right = self.draw_text(surface, tag, (rect.x + s(24), rect.y + s(30)), 12, INK_SOFT).right
            # what the seat is doing: below the tag, or beside it on a short panel (six players at 125 %)
            tall = rect.h >= s(100) and not self._addons_compact(rect)  # a compact add-on row takes y+48
            status_at = (rect.x + s(24), rect.y + s(48)) if tall else (tag_right + s(8), rect.y + s(30))
            # beside the tag, the status stops short of the VP column ("away: a computer plays" is long)
            room = None if tall else rect.right - s(58) - status_at[0]
            pub = v.public[seat]
            vp = pub.visible_vp
            vp_text = str(vp)
            mine = seat == self.viewer and not self.port.watching
            if mine and v.vp != vp:  # your hidden victory point cards, for you only
                vp_text = f"{vp} (+{v.vp - vp})"
            self.draw_text(
                surface,
                vp_text,
                (rect.right - s(12), rect.y + s(6)),
                24,
                INK,
                bold=True,
                title=True,
                anchor="topright",
            )
            self.draw_text(
                surface, _("VP"), (rect.right - s(12), rect.y + s(36)), 11, INK_SOFT, anchor="topright"
            )
            # counters row
            y = rect.bottom - s(30)
            x = rect.x + s(24)
            stats = [
                ("cards/back_resource", str(pub.resource_cards)),
                ("icons/development_card", str(pub.development_cards)),
                ("icons/army", str(pub.knights_played)),
                ("icons/road", str(pub.road_length)),  # the longest road's length
            ]
            step = min(s(52), (rect.right - s(6) - x) // len(stats))  # two-digit counts stay inside
            for icon, value in stats:
                img = self.app.assets.scaled(icon, (s(20), s(20)))
                surface.blit(img, (x, y))
                self.draw_text(surface, value, (x + s(22), y + s(1)), 14, INK, bold=True)
                x += step
            badges = []
            if v.longest_road == seat:
                badges.append("icons/longest_road")
            if v.largest_army == seat:
                badges.append("icons/army")
            bx = rect.right - s(12)
            for icon in badges:
                img = self.app.assets.scaled(icon, (s(26), s(26)))
                bx -= s(28)
                pygame.draw.circle(surface, GOLD, (bx + s(13), rect.y + s(66)), s(15))
                surface.blit(img, (bx, rect.y + s(53)))
            for addon in self.addons:
                if addon.PANEL_BLOCK:  # Catan a Dois: the reserve tokens (D-1.7)
                    addon.draw_panel_block(surface, rect, seat)
            self._draw_addon_rows(surface, rect, seat)
            if room is not None and room < s(28):
                pass  # no room for a status beside the tag
            elif building:
                label = _("may build, then Pass") if self.port.is_human(seat) else _("building")
                self.draw_text(surface, label, status_at, 12, INK, bold=True, max_w=room)
            elif acting and not self.port.is_human(seat):
                # a steady ellipsis: dots counting up read as a typo in a still ("pensa..", issue 31)
                self.draw_text(surface, _("thinking…"), status_at, 12, INK_SOFT, max_w=room)
            elif acting and self.view.phase in ("discard", "trade_offer"):
                self.draw_text(
                    surface,
                    _("to answer") if self.view.phase == "trade_offer" else _("discarding"),
                    status_at,
                    12,
                    ALERT,
                    bold=True,
                    max_w=room,
                )

        for addon in self.addons:
            if addon.COLUMN:  # Catan a Dois: the market and the bank's stock (D-4, D-5)
                addon.draw_column(surface, self.column_rect())

    def column_rect(self) -> pygame.Rect:
        """An add-on's panel under the player panels in the left column (Catan a Dois's market and bank)."""
        region, s = self.regions()["left"], self.px
        top = self.panel_rect(self.port.players - 1).bottom + s(10)
        return pygame.Rect(region.x + s(10), top, region.w - s(20), region.bottom - top - s(10))
