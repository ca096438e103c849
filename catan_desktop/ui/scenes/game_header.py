"""The game screen's header bar: whose turn it is (their colour and name), and what the player may do now;
with the screen's fixed words (the hints by phase, the Catan a Dois panels' explanations); and the
first-game tip (the coach: what to do now and why) in a corner of the board.

Drawn from the seat's view of the game through the game screen (names, colours, the seat to act): a part
of the game screen (``HeaderPart``), as the panels and the hand are.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ... import i18n
from ...i18n import N_, _
from ...render.palette import HEADER_LINE, HINT, PARCHMENT, SHADOW, WOOD_LIGHT, rgb
from .coach import Advice, coach_advice, draw_coach

if TYPE_CHECKING:
    from .game import GameScene

HINTS = {
    "setup_settlement": N_("Place a settlement: click a glowing spot"),
    "setup_road": N_("Place a road next to your new settlement"),
    "roll": N_("Roll the dice (R), or play a development card first"),
    "main": N_("Trade, then build (1 road, 2 settlement, 3 city, 4 card), or end your turn (E)"),
    "robber": N_("Move the robber: click a highlighted hex"),
    "road_building": N_("Road Building: place a free road"),
    "discard": N_("Choose the cards to discard"),
    "trade_offer": N_("Answer the trade offer"),
    "trade_confirm": N_("Choose a trade partner or withdraw the offer"),
    "special_build": N_(
        "Special building phase: build or buy a card (no trading, no card play), then Pass (E)"
    ),
    "place_robber": N_("You start: place the robber on one of the deserts"),
    "remove_token": N_(
        "Take a number token: click a glowing hex next to your new settlement (it stops producing)"
    ),
    "market_cap": N_("Choose which open market cards to put aside"),
    "gift_answer": N_("Accept or refuse the card you are offered"),
    "favour_return": N_("Return one of your favour tokens to the supply"),
    "favour_order": N_("Choose who draws their favour tokens first"),
    "helper_prompt": N_("Your helper may answer: choose in its dialog"),
    "helper_pay": N_("Forced Trade: give a card of your choice to each player who gave you one"),
    "helper_pick": N_("Choose the card to take"),
    "helper_after": N_("Turn your helper to side B, or swap it for a helper on display"),
}


class HeaderPart:
    """The game screen's header bar and its first-game tip (a part of ``GameScene``)."""

    def draw_header(self: GameScene, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Draw the header bar into ``rect``: the colour and name of the seat whose turn (or placement) it is,
        then the hint for the human to act, or who is thinking."""
        pygame.draw.rect(surface, WOOD_LIGHT, rect)
        pygame.draw.line(surface, HEADER_LINE, rect.bottomleft, rect.bottomright, 2)
        g, ctl = self.view, self.port
        seat = ctl.seat_to_act if g.turn == 0 and not g.is_over else g.active  # founding: who places
        colour = rgb(self.colours[seat])
        dot = pygame.Rect(rect.x + self.px(14), rect.centery - self.px(10), self.px(20), self.px(20))
        pygame.draw.rect(surface, colour, dot, border_radius=self.px(5))
        pygame.draw.rect(surface, SHADOW, dot, 2, border_radius=self.px(5))
        if g.is_over:
            winner = g.winners[0] if g.winners else None
            title = _("{who} wins!", who=self.names[winner]) if winner is not None else _("Game over")
        elif g.phase == "place_robber":
            title = _("Founding phase · {who}: the robber", who=self.names[ctl.seat_to_act])
        elif g.turn == 0:
            title = _("Founding phase · {who}", who=self.names[ctl.seat_to_act])
        elif g.phase == "special_build":
            builder = ctl.seat_to_act
            colour = rgb(self.colours[builder])
            pygame.draw.rect(surface, colour, dot, border_radius=self.px(5))
            pygame.draw.rect(surface, SHADOW, dot, 2, border_radius=self.px(5))
            title = _("Turn {n} · special building: {who}", n=g.turn, who=self.names[builder])
        else:
            title = _("Turn {n} · {who}", n=g.turn, who=self.names[seat])
        x = self.draw_text(
            surface,
            title,
            (dot.right + self.px(10), rect.centery),
            20,
            PARCHMENT,
            bold=True,
            anchor="midleft",
        ).right
        if g.is_over:
            hint = ""
        elif ctl.out_of_reach:  # the glowing spots and the buttons wait with it
            hint = _("Waiting for the host…")
        elif self.dice_rolling():  # what the roll brings shows once the dice stop
            hint = _("{who} rolls the dice…", who=self.names[g.active])
        elif ctl.human_to_act and ctl.seat_to_act == self.viewer:
            hint = _(HINTS.get(g.phase, ""))
            if g.phase == "main" and self.mode:  # (an add-on's own mode or build says itself, below)
                hint = _(
                    "Click a glowing spot to build a {what}; right-click or Esc to cancel", what=_(self.mode)
                )
            for addon in self.addons:
                hint = addon.hint() or hint
        else:
            hint = _("{who} is thinking…", who=self.names[ctl.seat_to_act]) if not ctl.human_to_act else ""
            if ctl.watching:
                hint = _("Watching: {who} is thinking…", who=self.names[ctl.seat_to_act])
        self.draw_text(
            surface,
            hint,
            (x + self.px(24), rect.centery),
            16,
            HINT,
            anchor="midleft",
            max_w=rect.right - x - self.px(40),
        )


    def coach_now(self: GameScene) -> Advice | None:
        """The first-game tip for the shown human now (None: tips off, not their move, or hidden by them).
        Worked out once per change of the game or of the build mode."""
        ctl = self.port
        if not self.app.settings.coach or not ctl.human_to_act or ctl.seat_to_act != self.viewer:
            return None
        if self.dice_rolling():
            return None  # the advice for after the roll, once the dice stop
        key = (ctl.version, self.viewer, self.mode, i18n.language())
        if getattr(self, "_coach_key", None) != key:
            kinds = {a.kind for a in ctl.legal()}
            self._coach_key, self._coach = key, coach_advice(self.view, kinds, self.port, self.names)
        advice: Advice | None = self._coach
        if advice is None or self.coach_muted:
            return None
        return advice


    def coach_split(self: GameScene, room: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect | None, bool]:
        """The board's room, the first-game tip's column at its left (None: no column), and whether the tip
        goes at the top of the log instead. The tip never covers the board (issue 31: in a corner it hid a
        quarter of it at 1280x720, half at 150 %). The column is as wide as it can be (up to 300 px at scale
        1) while the board keeps its size. Where a readable column (200 px) costs the board more than 15 % of
        its size and the log has room for the tip (a small window: 800x600), the tip goes above the log, which
        shows its newest lines below it; else the board gives the room. Its place stays while tips are on:
        the board never moves when a tip comes or goes."""
        if not (self.COACHED and self.app.settings.coach and self.port.humans):
            return room, None, False
        whole = self.board_view.board_size(self.view, tuple(room))

        def size_with(width: int) -> float:
            return self.board_view.board_size(self.view, (room.x + width, room.y, room.w - width, room.h))

        least, most = self.px(200), min(self.px(300), room.w // 2)
        width = next((w for w in range(most, least - 1, -self.px(8)) if size_with(w) >= whole * 0.995), None)
        if width is None:
            log = getattr(self, "log_rect", None)
            room_above_log = log.h - self.px(70) if log is not None else 0
            if room_above_log >= self.px(170) and (least > most or size_with(least) < whole * 0.85):
                return room, None, True
            width = max(0, min(least, most))
        column = pygame.Rect(room.x, room.y, width, room.h)
        return pygame.Rect(room.x + width, room.y, room.w - width, room.h), column, False


    def coach_rect(self: GameScene) -> pygame.Rect:
        """Where the tip goes: its column beside the board (coach_split), which no spot of the board
        is in; the first frame before the screen is laid out: the board's top-left corner."""
        column = getattr(self, "coach_column", None)
        if column is not None:
            return column.inflate(-self.px(6), 0)
        log = getattr(self, "log_rect", None)
        if getattr(self, "coach_docked", False) and log is not None:  # above the log, three lines left below
            return pygame.Rect(log.x, log.y, log.w, max(0, log.h - self.px(70)))
        board, s = self.regions()["board"], self.px
        return pygame.Rect(board.x + s(10), board.y + s(10), min(s(300), board.w // 3), board.h // 2)


    def draw_coach_panel(self: GameScene, surface: pygame.Surface) -> None:
        """Draw the first-game tip, if there is one now; remember where (a click there hides it)."""
        advice = self.coach_now()
        self.coach_drawn = None
        if advice is not None:
            key = (self._coach_key, tuple(self.regions()["board"]))
            if getattr(self, "_coach_place", (None, None))[0] != key:  # once per situation, not per frame
                self._coach_place = (key, self.coach_rect())
            rect = self._coach_place[1]
            self.coach_drawn = draw_coach(
                surface,
                rect,
                advice,
                self.px,
                self.draw_text,
                anchor="top",
            )


    def hide_coach(self: GameScene) -> bool:
        """G, or a click on the tip: no more tips in this game until G again (issue 31: a tip hidden with G
        came back with the next roll); Settings turns them off for good. Returns True when something
        changed."""
        if self.coach_muted:
            self.coach_muted = False
            return True
        if self.coach_now() is not None:
            self.coach_muted = True
            return True
        return False
