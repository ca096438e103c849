"""The player panels (name, points, card counts, knights, road, special cards, Catan a Dois reserve) and the
Catan a Dois economy panel (market, bank, decks), drawn from the seat view.

A part of ``GameScene`` (a mixin): it reads the scene's seat view (``view``), ``px``, ``names``, ``colours``
and ``regions()``, so a replay viewer can reuse it.
"""

from __future__ import annotations

import pygame

from ...i18n import _
from ...render.palette import ALERT, BORDER, GOLD, INK, INK_SOFT, PARCHMENT, PARCHMENT_DARK, WARN, rgb
from .game_header import PANEL_TIPS


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
        return (142 if self.has_reserve else 118) + sum(a.ROW for a in self.addons)

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
        self._tips = []
        for seat in range(self.port.players):
            rect = self.panel_rect(seat)
            active = seat == (self.port.seat_to_act if v.turn == 0 else v.active) and not v.is_over
            acting = seat == self.port.seat_to_act and not v.is_over
            building = acting and v.phase == "special_build"  # F-3.2: this seat's turn to build or pass
            lit = active or building
            self._panel(surface, rect, PARCHMENT, GOLD if lit else BORDER, 4 if lit else 2)
            colour = rgb(self.colours[seat])
            stripe = pygame.Rect(rect.x + s(6), rect.y + s(6), s(10), rect.h - s(12))
            pygame.draw.rect(surface, colour, stripe, border_radius=s(4))
            name = self.names[seat]
            who = self.config.seats[seat]
            tag = (  # its own message: "you" alone is the log's object ("a te"), not a label ("tu")
                _("(you)")
                if seat == self.viewer and who.is_human
                else (_("computer") if not who.is_human else _("human"))
            )
            self._text(
                surface, name, (rect.x + s(24), rect.y + s(8)), 17, INK, bold=True, max_w=rect.w - s(120)
            )
            tag_right = self._text(surface, tag, (rect.x + s(24), rect.y + s(30)), 12, INK_SOFT).right
            # what the seat is doing: below the tag, or beside it on a short panel (six players at 125 %)
            tall = rect.h >= s(100) and not self._addons_compact(rect)  # a compact add-on row takes y+48
            status_at = (rect.x + s(24), rect.y + s(48)) if tall else (tag_right + s(8), rect.y + s(30))
            pub = v.public[seat]
            vp = pub.visible_vp
            vp_text = str(vp)
            if seat == self.viewer and v.vp != vp:  # your hidden victory point cards, for you only
                vp_text = f"{vp} (+{v.vp - vp})"
            self._text(
                surface,
                vp_text,
                (rect.right - s(12), rect.y + s(6)),
                24,
                INK,
                bold=True,
                title=True,
                anchor="topright",
            )
            self._text(
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
                self._text(surface, value, (x + s(22), y + s(1)), 14, INK, bold=True)
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
            if self.has_reserve:
                self._draw_reserve(surface, rect, seat)
            self._draw_addon_rows(surface, rect, seat)
            if building:
                label = _("may build, then Pass") if self.port.is_human(seat) else _("building")
                self._text(surface, label, status_at, 12, INK, bold=True)
            elif acting and not self.port.is_human(seat):
                # a steady ellipsis: dots counting up read as a typo in a still ("pensa..", issue 31)
                self._text(surface, _("thinking…"), status_at, 12, INK_SOFT)
            elif acting and self.view.phase in ("discard", "trade_offer"):
                self._text(
                    surface,
                    _("to answer") if self.view.phase == "trade_offer" else _("discarding"),
                    status_at,
                    12,
                    ALERT,
                    bold=True,
                )

        if self.has_market:
            self._draw_economy(surface, self.economy_rect())

    def economy_rect(self) -> pygame.Rect:
        """Catan a Dois: the market and bank panel, under the player panels in the left column."""
        region, s = self.regions()["left"], self.px
        top = self.panel_rect(self.port.players - 1).bottom + s(10)
        return pygame.Rect(region.x + s(10), top, region.w - s(20), region.bottom - top - s(10))

    def _draw_reserve(self, surface: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
        """The number tokens a player took at founding and may place by terrain development (D-1.7, D-6)."""
        s = self.px
        y = rect.y + s(66)
        reserves = self.view.modules.get("token_removal", {}).get("reserve", [])
        reserve = sorted(reserves[seat]) if seat < len(reserves) else []
        self._tips.append(
            (
                pygame.Rect(rect.x, y, rect.w, s(26)),
                _(PANEL_TIPS["reserve"]),
            )
        )
        x = self._text(
            surface, _("Reserve:"), (rect.x + s(24), y + s(12)), 12, INK_SOFT, anchor="midleft"
        ).right
        x += s(6)
        if not reserve:
            self._text(surface, _("empty"), (x, y + s(12)), 12, INK_SOFT, anchor="midleft")
        for number in reserve:
            surface.blit(self.app.assets.scaled(f"tokens/{number}", (s(24), s(24))), (x, y))
            x += s(27)

    def _draw_economy(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Catan a Dois: the market row with the turn's price (D-4), pile and discard counts, and the bank's
        stock per resource with scarcity warnings before a collapse (D-5)."""
        s = self.px
        if rect.h < s(120):
            return
        self._panel(surface, rect, PARCHMENT)
        names = self.port.rules.resources
        x0, w = rect.x + s(10), rect.w - s(20)
        y = rect.y + s(8)
        self._text(surface, _("Market"), (x0, y), 16, INK, bold=True)
        market_top = y
        v = self.view
        dice = v.dice
        y += s(22)
        if self.view.turn == 0 or not dice or self.view.phase == "roll":
            price_text, price_colour = _("Price: set by the roll"), INK_SOFT
        elif dice[0] == dice[1]:
            price_text, price_colour = _("Closed this turn: the dice show a double"), ALERT
        else:
            n = abs(dice[0] - dice[1])
            price_text = (
                _("Price this turn: 1 card each") if n == 1 else _("Price this turn: {n} cards each", n=n)
            )
            price_colour = INK
        self._text(surface, price_text, (x0, y), 12, price_colour, bold=True, max_w=w)
        y += s(20)
        stock = v.modules["market"]  # public: the open cards, the pile's and the discards' sizes (D-4)
        cards = sorted(names.index(r) for r in stock["open"])
        closed = bool(dice) and dice[0] == dice[1] and self.view.phase != "roll"
        cw = min(s(40), (w - s(4)) // max(1, len(cards)))
        ch = int(cw * 1.4)
        for i, r in enumerate(cards):
            rc = pygame.Rect(x0 + i * cw, y, cw - s(2), ch)
            self._card(surface, f"cards/{names[r]}", rc, 0, dim=closed)
            if v.bank[r] == 0:
                self.tag(surface, "×2", (rc.centerx, rc.bottom - s(6)))
        if not cards:
            ch = s(24)
            self._text(surface, _("no open cards"), (x0, y + ch // 2), 13, INK_SOFT, anchor="midleft")
        y += ch + s(4)
        self._text(
            surface,
            _("pile {p} · discards {d} · cap {c}", p=stock["pile_size"], d=len(stock["discard"]),
              c=self.view.settings["market"]["open_cap"]),
            (x0, y), 12, INK_SOFT,
        )  # fmt: skip
        y += s(22)
        self._tips.append(
            (
                pygame.Rect(rect.x, market_top, rect.w, y - market_top),
                _(
                    PANEL_TIPS["market"],
                    cap=self.view.settings["market"]["open_cap"],
                    renewal=self.view.settings["market"]["renewal_cards"],
                ),
            )
        )
        bank_top = y
        pygame.draw.line(surface, PARCHMENT_DARK, (x0, y), (rect.right - s(10), y), 2)
        y += s(6)
        self._text(surface, _("Bank"), (x0, y), 16, INK, bold=True)
        y += s(24)
        col = w // len(names)
        low: list[str] = []
        out: list[str] = []
        for i, res in enumerate(names):
            n = v.bank[i]
            cx = x0 + i * col + col // 2
            surface.blit(self.app.assets.scaled(f"icons/{res}", (s(22), s(22))), (cx - s(11), y))
            colour = ALERT if n == 0 else WARN if n <= 3 else INK
            self._text(surface, str(n), (cx, y + s(24)), 14, colour, bold=True, anchor="midtop")
            if n == 0:
                out.append(_(res))
            elif n <= 3:
                low.append(_(res))
        y += s(46)
        limit = self.view.settings.get("collapse", {}).get("exhausted_resources", 2)
        if out and len(out) < limit:
            text = _(
                "{res} is exhausted: it costs double in the market. If {k} more run out, the economy "
                "collapses and both players lose.",
                res=", ".join(out),
                k=limit - len(out),
            )
            colour = ALERT
        elif low:
            text = _(
                "Running low: {res}. If {k} resources run out at once, both players lose.",
                res=", ".join(low),
                k=limit,
            )
            colour = WARN
        else:
            text = _("Collapse: if {k} resources run out in the bank at once, both players lose.", k=limit)
            colour = INK_SOFT
        bottom = self._wrapped(surface, text, (x0, y), w, 12, colour, bold=colour != INK_SOFT)
        if bottom + s(60) < rect.bottom:  # the decks, where there is room: what is left to draw
            y = bottom + s(10)
            pygame.draw.line(surface, PARCHMENT_DARK, (x0, y), (rect.right - s(10), y), 2)
            y += s(6)
            self._text(surface, _("Decks"), (x0, y), 16, INK, bold=True)
            y += s(24)
            self._text(
                surface, _("development cards: {n}", n=v.development_deck), (x0, y), 12, INK_SOFT, max_w=w
            )
            if "remote_cards" in self.port.rules.modules:
                self._text(
                    surface, _("remote-area cards: {n}", n=v.modules["remote_cards"]["deck_size"]),
                    (x0, y + s(18)),
                    12,
                    INK_SOFT, max_w=w,
                )  # fmt: skip
        self._tips.append(
            (
                pygame.Rect(rect.x, bank_top, rect.w, bottom - bank_top),
                _(PANEL_TIPS["bank"]),
            )
        )
