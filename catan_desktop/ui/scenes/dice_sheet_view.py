"""The dice game screen's sheets: the big sheet of the player whose turn it is (what can be built glows; a
click builds it or uses a knight's swap; every symbol explains itself under the mouse), a small sheet per
player beside it (a click shows that sheet big), the header, the log and the turn banner.

A part of ``DiceGameScene`` (a mixin): it reads the scene's seat view, legal actions, names and colours.
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING, Any

import pygame

from ...engine.dice_sheet import POINTS
from ...i18n import _, ngettext
from ...render.dice_sheet import Spot
from ...render.dice_track import TrackWords, draw_points_track, draw_vp_track
from ...render.palette import BORDER, GOLD, HINT, INK, INK_SOFT, PARCHMENT, PARCHMENT_DARK, WOOD_LIGHT, rgb
from ...text.dice import face_name, item_name
from ...text.reasons import names_text
from .dice_best import best_lines
from .game_anims import draw_banner, draw_mark

if TYPE_CHECKING:
    from .dice_game import DiceGameScene

    _Base = DiceGameScene
else:
    _Base = object


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


class DiceSheetPart(_Base):
    """The sheets, the header and the log of the dice game screen."""

    # ----------------------------------------------------------------------------------------- layout

    @property
    def classic(self) -> bool:
        return self.game.rules.scoring == POINTS

    def regions(self) -> dict[str, pygame.Rect]:
        w, h = self.app.size
        s = self.px
        top, m = s(48), s(12)
        card_h = h - top - 2 * m
        island_h = card_h - s(44) - s(96) - s(12)
        aspect = self.painter.geometry(self.game.rules).aspect
        card = pygame.Rect(m, top + m, min(int(island_h * aspect) + 2 * s(14), int(w * 0.5)), card_h)
        right = pygame.Rect(card.right + m, card.y, w - card.right - 2 * m, card_h)
        tray = pygame.Rect(right.x, right.y, right.w, s(226))
        buttons = pygame.Rect(right.x, tray.bottom + s(8), right.w, s(44))
        players = pygame.Rect(right.x, buttons.bottom + s(12), right.w, s(148))
        log = pygame.Rect(right.x, players.bottom + s(12), right.w, right.bottom - players.bottom - s(12))
        island = pygame.Rect(card.x + s(14), card.y + s(44), card.w - 2 * s(14), island_h)
        track = pygame.Rect(card.x + s(16), island.bottom + s(6), card.w - 2 * s(16), s(86))
        return {
            "top": pygame.Rect(0, 0, w, top),
            "card": card,
            "board": island,
            "island": island,
            "track": track,
            "tray": tray,
            "buttons": buttons,
            "players": players,
            "log": log,
        }

    @property
    def shown_seat(self) -> int:
        """Whose sheet is big: the one the player chose to look at, else the player whose turn it is."""
        return self.peek if self.peek is not None else self.view.active

    def spots(self) -> list[Spot]:
        return self.painter.spots(self.game.rules, self.regions()["island"])

    def buildable(self) -> set[str]:
        """What the big sheet lights up: what the person to act can build now (after the dice settle)."""
        if not self.my_turn or self.shown_seat != self.view.active or self.rolling():
            return set()
        return set(self.view.buildable)

    def swappable(self) -> set[str]:
        """The knights whose swap the person to act may use now."""
        if not self.my_turn or self.shown_seat != self.view.active or self.rolling():
            return set()
        return {f"K{a.c}" for a in self.legal_of("swap")}

    # ------------------------------------------------------------------------------------------ input

    def sheet_target(self, pos: tuple[int, int]) -> str | None:
        """The symbol of the big sheet under ``pos``, or None."""
        if not self.regions()["island"].collidepoint(pos):
            return None
        best, best_d = None, math.inf
        for spot in self.spots():
            d = math.hypot(spot.centre[0] - pos[0], spot.centre[1] - pos[1])
            if d <= spot.radius * 1.15 and d < best_d:
                best, best_d = spot.id, d
        return best

    def sheet_click(self, pos: tuple[int, int]) -> bool:
        """Build the clicked symbol, start its knight's swap, or show another player's sheet."""
        for seat, rect in self.player_rects().items():
            if rect.collidepoint(pos):
                self.peek = None if seat in (self.peek, self.view.active) else seat
                return True
        target = self.sheet_target(pos)
        if target is None:
            return False
        if not self.my_turn or self.shown_seat != self.view.active:
            return True
        structure = self.game.rules.index[target]
        if target in self.swappable():
            self.start_swap(structure.number)
        elif target in self.view.sheets[self.view.active].built:
            self.say(_("{item} is already built.", item=capital(item_name(structure.kind, structure.number))))
        else:
            self.do(f"build {structure.kind} {structure.number}")
        return True

    # ----------------------------------------------------------------------------------------- header

    def draw_header(self, surface: pygame.Surface) -> None:
        s, view = self.px, self.view
        bar = self.regions()["top"]
        pygame.draw.rect(surface, WOOD_LIGHT, bar)
        pygame.draw.line(surface, (30, 20, 12), bar.bottomleft, bar.bottomright, 2)
        self.draw_text(
            surface,
            _(self.game.rules.title),
            (s(16), bar.centery),
            22,
            PARCHMENT,
            title=True,
            anchor="midleft",
        )
        seat = view.active
        who = (
            _("Your turn")
            if self.my_turn and len(self.ctl.humans) == 1
            else _("{name}'s turn", name=self.names[seat])
        )
        if view.is_over:
            who = _("Game over")
        centre = (bar.centerx, bar.centery)
        pygame.draw.circle(surface, rgb(self.colours[seat]), (centre[0] - s(150), centre[1]), s(8))
        self.draw_text(surface, who, (centre[0] - s(134), centre[1]), 17, PARCHMENT, bold=True,
                       anchor="midleft")
        self.draw_text(surface, self.turn_text(), (bar.right - s(150), bar.centery), 15, HINT,
                       anchor="midright")

    def turn_text(self) -> str:
        view = self.view
        if self.classic:
            sheet = view.sheets[view.active]
            n = min(self.game.rules.turns, sheet.turns_played + 1)
            return _("Turn {n} of {total}", n=n, total=self.game.rules.turns)
        return _("Turn {n} · first to {vp} VP wins", n=view.turn, vp=self.game.rules.target)

    # ------------------------------------------------------------------------------------------ sheets

    def draw_sheets(self, surface: pygame.Surface) -> None:
        r = self.regions()
        seat = self.shown_seat
        card = r["card"]
        self.draw_panel(surface, card)
        s = self.px
        colour = self.colours[seat]
        pygame.draw.circle(surface, rgb(colour), (card.x + s(24), card.y + s(22)), s(9))
        pygame.draw.circle(surface, INK, (card.x + s(24), card.y + s(22)), s(9), 2)
        title = (
            _("Your sheet")
            if seat == self.viewer and len(self.ctl.humans) == 1
            else _("{name}'s sheet", name=self.names[seat])
        )
        self.draw_text(
            surface,
            title,
            (card.x + s(40), card.y + s(22)),
            20,
            INK,
            title=True,
            anchor="midleft",
            max_w=card.w // 2,
        )
        self.draw_text(
            surface,
            self.score_text(seat),
            (card.right - s(16), card.y + s(22)),
            17,
            INK,
            bold=True,
            anchor="midright",
        )
        if self.peek is not None:
            self.draw_text(
                surface,
                _("Click a small sheet to go back"),
                (card.centerx, card.y + s(40)),
                12,
                INK_SOFT,
                anchor="midtop",
            )
        marks = self.view.sheets[seat]
        # a steady glow: a pulse would need a frame many times a second while the game waits for the player
        # (idle CPU, issue 31), and was frozen at a random size between the frames anyway
        pulse = 0.25
        self.painter.draw(
            surface,
            r["island"],
            self.game.rules,
            marks,
            colour,
            lit=self.buildable(),
            swaps=self.swappable(),
            hover=self.hover,
            pulse=pulse,
        )
        self.draw_track(surface, r["track"], seat)
        self.draw_players(surface)
        for anim in self.anims:
            if anim.kind == "built" and anim.data.get("seat") == seat:
                spot = next((p for p in self.spots() if p.id == anim.data["id"]), None)
                if spot is not None:
                    draw_mark(
                        self, surface, {"pos": spot.centre, "seat": seat}, anim.progress(time.perf_counter())
                    )

    def score_text(self, seat: int) -> str:
        score = self.view.sheets[seat].score
        if self.classic:
            return ngettext("{n} point", "{n} points", abs(score), n=score)
        return ngettext("{n} VP", "{n} VP", score, n=score)

    def draw_track(self, surface: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
        marks = self.view.sheets[seat]
        rules = self.game.rules
        if self.classic:
            pending = None
            if seat == self.view.active and not self.view.is_over and self.view.rolls:
                pending = sum(rules.index[i].points for i in self.view.built_this_turn)
                pending = pending or rules.no_build_penalty
            words = TrackWords(
                _("Points track: one box a turn ({n} = nothing built)", n=rules.no_build_penalty)
            )
            draw_points_track(surface, self.app.assets, rect, marks, rules.turns, pending, words)
            return
        words = TrackWords(
            _("Victory points: first to {n}", n=rules.target), army=_("Largest Army"), road=_("Longest Road")
        )
        draw_vp_track(surface, self.app.assets, rect, marks, rules.target, self.colours[seat], words)
        self.tips.append((rect, self.award_tip(seat)))

    def award_tip(self, seat: int) -> str:
        sheet = self.view.sheets[seat]
        army, road = self.game.rules.largest_army, self.game.rules.longest_road
        return " ".join(
            [
                _(
                    "Largest Army: {vp} VP to the first with {n} knights, until someone has more.",
                    vp=army.vp if army else 2,
                    n=army.minimum if army else 3,
                ),
                _(
                    "Longest Road: {vp} VP to the first with a road of {n}, until someone builds a longer "
                    "one.",
                    vp=road.vp if road else 2,
                    n=road.minimum if road else 5,
                ),
                _("Knights: {k}; longest road: {r}.", k=sheet.knights, r=sheet.road_length),
            ]
        )

    # ---------------------------------------------------------------------------------- small sheets

    def player_rects(self) -> dict[int, pygame.Rect]:
        area = self.regions()["players"]
        n = self.view.players
        slots = max(n, 2)
        gap = self.px(10)
        w = (area.w - (slots - 1) * gap) // slots
        return {i: pygame.Rect(area.x + i * (w + gap), area.y, w, area.h) for i in range(n)}

    def draw_players(self, surface: pygame.Surface) -> None:
        s, view = self.px, self.view
        for seat, rect in self.player_rects().items():
            active = seat == view.active and not view.is_over
            self.draw_panel(
                surface,
                rect,
                PARCHMENT if seat == self.shown_seat else PARCHMENT_DARK,
                GOLD if active else BORDER,
                3 if active else 2,
            )
            colour = self.colours[seat]
            pygame.draw.circle(surface, rgb(colour), (rect.x + s(16), rect.y + s(16)), s(7))
            pygame.draw.circle(surface, INK, (rect.x + s(16), rect.y + s(16)), s(7), 1)
            self.draw_text(
                surface,
                self.names[seat],
                (rect.x + s(28), rect.y + s(16)),
                14,
                INK,
                bold=True,
                anchor="midleft",
                max_w=rect.w - s(36),
            )
            box = pygame.Rect(rect.x + s(6), rect.y + s(28), rect.w - s(12), rect.h - s(52))
            self.painter.draw(surface, box, self.game.rules, view.sheets[seat], colour, detail=False)
            status = self.score_text(seat)
            if self.classic:
                status += "  ·  " + _(
                    "{n}/{total} turns", n=view.sheets[seat].turns_played, total=self.game.rules.turns
                )
            self.draw_text(
                surface,
                status,
                (rect.centerx, rect.bottom - s(12)),
                12,
                INK,
                anchor="center",
                max_w=rect.w - s(8),
            )
            self.tips.append((rect, _("{name}: click to see this sheet large", name=self.names[seat])))
        if view.players == 1:
            self.draw_best(surface, self.regions()["players"])

    def draw_best(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """Alone: the best scores beside your small sheet."""
        s = self.px
        rect = pygame.Rect(area.x + area.w // 2 + s(5), area.y, area.w // 2 - s(5), area.h)
        self.draw_panel(surface, rect, PARCHMENT_DARK)
        self.draw_text(surface, _("Best scores"), (rect.x + s(12), rect.y + s(8)), 16, INK, title=True)
        y = rect.y + s(34)
        for line in best_lines(self.game.rules.name, 4):
            self.draw_text(surface, line, (rect.x + s(14), y), 13, INK, max_w=rect.w - s(24))
            y += s(24)

    # ---------------------------------------------------------------------------------------- tooltip

    def sheet_tip(self, sid: str) -> str:
        """What a symbol is, costs, is worth and whether it can be built (or swapped) now."""
        rules, view = self.game.rules, self.view
        st = rules.index[sid]
        lines = [capital(item_name(st.kind, st.number))]
        if self.classic:
            lines.append(ngettext("Worth {n} point", "Worth {n} points", st.points, n=st.points))
        elif rules.vp.get(st.kind):
            lines.append(
                ngettext(
                    "Worth {n} victory point",
                    "Worth {n} victory points",
                    rules.vp[st.kind],
                    n=rules.vp[st.kind],
                )
            )
        lines.append(_("Cost: {cost}", cost=names_text(dict(rules.costs[st.kind]))))
        if st.kind == "knight":
            res = _("any resource") if st.swap == "any" else face_name(st.swap or "")
            lines.append(_("Once a game: turn one die into {res}.", res=res))
        marks = view.sheets[self.shown_seat]
        if sid in marks.built:
            lines.append(self.built_note(st, marks))
        elif self.shown_seat == view.active and self.my_turn:
            why = self.reason(f"build {st.kind} {st.number}")
            lines.append(_("Click to build it.") if why is None else why)
        return "\n".join(lines)

    def built_note(self, st: Any, marks: Any) -> str:
        if st.kind != "knight":
            return _("Built.")
        if f"K{st.number}" in self.swappable():
            return _("Built; its swap is ready: click it, then click a die.")
        if st.number in marks.swaps_ready:
            return _("Built; its swap can be used once the dice are rolled.")
        return _("Built; its swap is used.") if st.id in marks.swaps_used else _("Built.")

    def draw_sheet_tip(self, surface: pygame.Surface) -> None:
        """The hovered symbol's explanation at once; a panel's after the mouse rests on it."""
        text = self.sheet_tip(self.hover) if self.hover is not None else None
        if text is None and time.perf_counter() - self._mouse[1] > 0.6:
            text = self._tip_at()
        if not text:
            return
        s = self.px
        width = s(300)
        scratch = pygame.Surface((width, s(400)), pygame.SRCALPHA)
        y = 0
        for i, line in enumerate(text.split("\n")):
            y = self.draw_wrapped(scratch, line, (0, y), width - s(16), 13, INK, bold=i == 0)
        box = pygame.Rect(self._mouse[0][0] + s(14), self._mouse[0][1] + s(18), width, y + s(12))
        box.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, (20, 12, 6), box.move(0, s(2)), border_radius=s(6))
        pygame.draw.rect(surface, PARCHMENT, box, border_radius=s(6))
        pygame.draw.rect(surface, BORDER, box, 1, border_radius=s(6))
        surface.blit(scratch, (box.x + s(8), box.y + s(6)), pygame.Rect(0, 0, width - s(16), y))

    # -------------------------------------------------------------------------------------------- log

    def draw_log(self, surface: pygame.Surface) -> None:
        rect = self.regions()["log"]
        if rect.h < self.px(40):
            return
        self.draw_panel(surface, rect, PARCHMENT_DARK)
        s = self.px
        font = self.app.assets.font(s(13))
        line_h = font.get_linesize()
        rows: list[tuple[str, int | None]] = []
        for text, seat in reversed(self.log_lines):
            wrapped = self._wrap(font, text, rect.w - s(34))
            rows[:0] = [(line, seat if k == 0 else -1) for k, line in enumerate(wrapped)]
            if len(rows) * line_h > rect.h - s(14):
                break
        rows = rows[-max(1, (rect.h - s(14)) // line_h) :]
        y = rect.bottom - s(8) - len(rows) * line_h
        for line, seat in rows:
            if seat is not None and seat >= 0:
                pygame.draw.circle(surface, rgb(self.colours[seat]), (rect.x + s(14), y + line_h // 2), s(4))
            self.draw_text(surface, line, (rect.x + s(24), y), 13, INK)
            y += line_h

    @staticmethod
    def _wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
        lines, line = [], ""
        for word in text.split():
            trial = f"{line} {word}".strip()
            if line and font.size(trial)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
        return [*lines, line] if line else lines

    def draw_banner(self, surface: pygame.Surface) -> None:
        now = time.perf_counter()
        for anim in self.anims:
            if anim.kind == "banner" and isinstance(anim.data.get("seat"), int):
                draw_banner(self, surface, anim.data, anim.progress(now))
