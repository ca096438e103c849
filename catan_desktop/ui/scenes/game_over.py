"""The end of a game: the winner, every player's points by source, the dice rolled against the odds, and
the resources each player collected; then play again (same or new seed) or return to the menu.

The tables and the chart are drawn once into images when the screen is built, never in ``draw()``.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UIImage, UILabel, UIPanel

from ...i18n import N_, _
from ...render.palette import rgb
from ...text.events import ending_words
from ...text.network import verdict_text
from ..config import SeatConfig, seat_of, shown_name
from ..launch import start_game
from ..screens import screen
from ..widgets import INK
from .over_screen import OverScreen, again

if TYPE_CHECKING:
    from ...engine.views import SeatView
    from ...render.assets import Assets
    from ..app import App
    from .played import PlayedGame

_VP_COLUMNS = (
    ("settlements", "icons/settlement", N_("Settlements")),
    ("cities", "icons/city", N_("Cities")),
    ("longest_road", "icons/longest_road", N_("Longest road")),
    ("largest_army", "icons/army", N_("Largest army")),
    ("victory_point_cards", "icons/trophy", N_("VP cards")),
)
_ADDON_VP = (("catan_chips", "icons/catan_chip", N_("Catan chips")),)  # Frenemies, when in play
_HIGHLIGHT = (233, 215, 168)
_RULE = (200, 182, 146)
_FAINT = (122, 106, 86)
_BAR = (166, 58, 36)
_BAR_HOT = (200, 52, 43)


def dice_odds(total: int) -> float:
    """The chance of rolling ``total`` with two dice (0 outside 2..12)."""
    return max(0, 6 - abs(7 - total)) / 36 if 2 <= total <= 12 else 0.0


@screen("game_over")
class GameOverScene(OverScreen):
    """The results over the final board. Esc (or View board) closes it to look at the board."""

    def __init__(self, app: App, played: PlayedGame) -> None:
        super().__init__(app)
        self.played = played
        self.game = played.port.record()  # the whole finished game: every hand is public now
        self.config = played.config

    @property
    def view(self) -> SeatView:
        """The final position as the shown seat may know it (the engine's seat view): once the game is over
        it holds everyone's production (``gained``) and the dice rolled (``dice_counts``)."""
        return self.game.seat_view(self.played.viewer)

    # data ------------------------------------------------------------------------------------------

    def seat(self, i: int) -> SeatConfig:
        return seat_of(self.config, i)

    def humans(self) -> list[int]:
        return [i for i in range(self.game.players) if self.seat(i).is_human]

    def headline(self) -> str:
        winners = self.game.winners
        ending = ending_words(self.game.log, self.game.turn)  # an add-on's end without a winner
        if not winners and ending is not None:
            return ending[0]
        if not winners:
            return _("Nobody won")
        names = [self.seat(w).name for w in winners]
        if len(names) == 1:  # "You win!" for the human whose screen it is (by seat, not by comparing names)
            mine = winners[0] == self.played.you and len(self.humans()) == 1  # (a spectator is nobody: -1)
            return _("You win!") if mine else _("{name} wins!", name=names[0])
        return _("{names} win!", names=" & ".join(names))

    # layout ----------------------------------------------------------------------------------------

    def build(self) -> None:
        px = self.px
        self.final = self.view  # read once per build: the tables and the chart are drawn from it
        rect = self.centred(1200, 690)
        panel = UIPanel(rect, manager=self.ui)
        pad = px(22)
        inner = pygame.Rect(pad, pad - px(8), rect.w - 2 * pad - px(6), rect.h - 2 * pad + px(4))
        players = self.game.players

        # headline with a trophy
        head_h = px(66)
        self.winner_label = UILabel(
            pygame.Rect(inner.x, inner.y, inner.w, head_h),
            self.headline(),
            manager=self.ui,
            container=panel,
            object_id="#winner",
        )
        font = self.app.assets.font(max(10, px(44)), title=True)
        text_w = font.size(self.headline())[0]
        icon = px(48)
        if self.game.winners:  # no trophy for a game without a winner (a collapse, D-5.4)
            try:
                trophy = self.app.assets.scaled("icons/trophy", (icon, icon))
                for side in (-1, 1):
                    x = inner.centerx + side * (text_w // 2 + px(16)) - (icon if side < 0 else 0)
                    UIImage(
                        pygame.Rect(x, inner.y + (head_h - icon) // 2, icon, icon),
                        trophy,
                        manager=self.ui,
                        container=panel,
                    )
            except (FileNotFoundError, pygame.error):
                pass
        target = self.game.vp_target  # the scenarios' target depends on the player count (S-4.1)
        sub = _("First to {vp} points \u00b7 {turns} turns", vp=target, turns=self.game.turn)
        ending = ending_words(self.game.log, self.game.turn)
        if ending is not None:  # e.g. Catan a Dois's collapse (D-5.4) or stalemate (D-10.1)
            sub = ending[1]
        verdict = getattr(self.played.port, "verdict", None)  # a hosted game: its dice checked
        sub += "" if verdict is None else " \u00b7 " + verdict_text(verdict)
        UILabel(
            pygame.Rect(inner.x, inner.y + head_h, inner.w, px(24)), sub, manager=self.ui, container=panel
        )
        y = inner.y + head_h + px(34)

        foot = px(46) + px(14)
        avail = inner.bottom - foot - y
        heading_h = px(30)
        # two tables of (header + players rows) share the left column's height
        row_h = max(px(22), min(px(34), (avail - 2 * heading_h - 2 * px(50) - px(12)) // (2 * players)))
        left_w = min(px(760), int(inner.w * 0.64))

        UILabel(
            pygame.Rect(inner.x, y, left_w, heading_h),
            _("Victory points"),
            manager=self.ui,
            container=panel,
            object_id="#left_heading",
        )
        table = self._vp_table(left_w, row_h)
        UIImage(
            pygame.Rect(inner.x, y + heading_h, *table.get_size()), table, manager=self.ui, container=panel
        )
        y2 = y + heading_h + table.get_height() + px(12)
        UILabel(
            pygame.Rect(inner.x, y2, left_w, heading_h),
            _("Resources gained"),
            manager=self.ui,
            container=panel,
            object_id="#left_heading",
        )
        table = self._resource_table(left_w, row_h)
        UIImage(
            pygame.Rect(inner.x, y2 + heading_h, *table.get_size()), table, manager=self.ui, container=panel
        )

        cx = inner.x + left_w + px(24)
        cw = inner.right - cx
        rolls = sum(self.final.dice_counts)
        UILabel(
            pygame.Rect(cx, y, cw, heading_h),
            _("Dice rolls ({n})", n=rolls),
            manager=self.ui,
            container=panel,
            object_id="#left_heading",
        )
        chart_h = min(inner.bottom - foot - y - heading_h - px(8), px(380))
        chart = self._histogram(cw, chart_h)
        UIImage(pygame.Rect(cx, y + heading_h, cw, chart_h), chart, manager=self.ui, container=panel)

        bh = px(46)
        labels = [
            ("replay", _("Replay"), _("Watch the game again, move by move (W)"), False),
            ("story", _("The story"), _("How the points grew, where the cards came from, who the dice "
                                        "favoured (S)"), False),
            ("view", _("View board"), _("Close this to look at the final board (Esc)"), False),
            ("menu", _("Main menu"), _("Back to the main menu"), False),
            ("new_seed", _("Play again (new seed)"), _("The same players on a new board"), False),
            ("again", _("Play again"), _("The same players, board and seed (Enter)"), True),
        ]
        labels = labels[:4] if getattr(self.played.port, "remote", False) else labels  # its host deals
        self.button_row(panel, pygame.Rect(inner.x, inner.bottom - bh, inner.w, bh), labels, alike=px(200))

    # pictures --------------------------------------------------------------------------------------

    def _name_cell(self, surf: pygame.Surface, i: int, y: int, row_h: int, width: int, bold: bool) -> None:
        assets: Assets = self.app.assets
        seat = self.seat(i)
        side = row_h - self.px(4)
        try:
            piece = assets.scaled(f"pieces/settlement_{seat.colour}", (side, side))
            surf.blit(piece, (self.px(6), y + (row_h - side) // 2))
        except (FileNotFoundError, ValueError, pygame.error):
            with contextlib.suppress(KeyError):
                pygame.draw.rect(surf, rgb(seat.colour), (self.px(6), y + self.px(6), side - 4, side - 4))
        font = assets.font(self.px(15), bold=bold)
        name = shown_name(seat.name)
        while font.size(name)[0] > width - side - self.px(16) and len(name) > 2:
            name = name[:-2] + "\u2026"
        label = font.render(name, True, INK)
        surf.blit(label, (self.px(12) + side, y + (row_h - label.get_height()) // 2))

    def _table(
        self,
        width: int,
        row_h: int,
        headers: list[tuple[str | None, str]],
        rows: list[list[int]],
        bold_last: bool,
    ) -> pygame.Surface:
        """A table: a name column, then one column per header (icon name or None, caption)."""
        assets: Assets = self.app.assets
        px = self.px
        head_h = px(50)
        players = len(rows)
        surf = pygame.Surface((width, head_h + players * row_h), pygame.SRCALPHA)
        name_w = max(px(150), width - len(headers) * px(92))
        col_w = (width - name_w) // max(1, len(headers))
        small = assets.font(px(12))
        icon = px(24)
        for c, (icon_name, caption) in enumerate(headers):
            cx = name_w + c * col_w + col_w // 2
            if icon_name:
                with contextlib.suppress(FileNotFoundError, pygame.error):
                    surf.blit(assets.scaled(icon_name, (icon, icon)), (cx - icon // 2, px(2)))
            text = small.render(caption, True, _FAINT)
            if text.get_width() > col_w - 4:
                text = pygame.transform.smoothscale(text, (col_w - 4, text.get_height()))
            surf.blit(text, text.get_rect(midtop=(cx, icon + px(6))))
        pygame.draw.line(surf, _RULE, (0, head_h - 2), (width, head_h - 2), max(1, px(2)))
        winners = set(self.game.winners)
        regular, bold = assets.font(px(15)), assets.font(px(15), bold=True)
        for r, values in enumerate(rows):
            y = head_h + r * row_h
            if r in winners:
                pygame.draw.rect(surf, _HIGHLIGHT, (0, y, width, row_h), border_radius=px(4))
            elif r % 2:
                pygame.draw.rect(surf, (236, 224, 196, 120), (0, y, width, row_h))
            self._name_cell(surf, r, y, row_h, name_w, r in winners)
            for c, value in enumerate(values):
                last = bold_last and c == len(values) - 1
                text = (bold if last else regular).render(str(value), True, INK if value or last else _FAINT)
                surf.blit(text, text.get_rect(center=(name_w + c * col_w + col_w // 2, y + row_h // 2)))
        return surf

    def _vp_table(self, width: int, row_h: int) -> pygame.Surface:
        breakdowns = [self.game.vp_breakdown(seat) for seat in range(self.game.players)]
        columns = _VP_COLUMNS + tuple(c for c in _ADDON_VP if any(c[0] in b for b in breakdowns))
        headers: list[tuple[str | None, str]] = [(icon, _(caption)) for _k, icon, caption in columns]
        headers.append((None, _("Total")))
        rows = []
        for seat, parts in enumerate(breakdowns):
            rows.append([int(parts.get(key, 0)) for key, _i, _c in columns] + [self.game.vp(seat)])
        self.vp_rows = [(self.seat(i).name, row) for i, row in enumerate(rows)]  # what the table shows
        return self._table(width, row_h, headers, rows, bold_last=True)

    def _resource_table(self, width: int, row_h: int) -> pygame.Surface:
        resources = self.game.rules.resources
        headers: list[tuple[str | None, str]] = [(f"icons/{r}", _(r).capitalize()) for r in resources]
        headers.append((None, _("Total")))
        rows = []
        gained = self.final.gained or ()  # None only for a game that is not over
        for seat in range(self.game.players):
            counts = [int(n) for n in gained[seat]] if seat < len(gained) else [0] * len(resources)
            rows.append(counts + [sum(counts)])
        self.resource_rows = [(self.seat(i).name, row) for i, row in enumerate(rows)]
        return self._table(width, row_h, headers, rows, bold_last=True)

    def _histogram(self, width: int, height: int) -> pygame.Surface:
        """Bars of how often each total was rolled, with the expected counts outlined faintly."""
        assets: Assets = self.app.assets
        px = self.px
        surf = pygame.Surface((width, height), pygame.SRCALPHA)
        counts = list(self.final.dice_counts) + [0] * 13
        rolls = sum(counts[2:13])
        expected = [rolls * dice_odds(t) for t in range(13)]
        top = max([*counts[2:13], *expected[2:13], 1])
        label_font, count_font = assets.font(px(14), bold=True), assets.font(px(13))
        legend_h = px(22)
        base = height - px(24) - legend_h
        chart_top = px(20)
        slot = width / 11
        bar_w = max(4, int(slot * 0.62))
        pygame.draw.line(surf, _RULE, (0, base), (width, base), max(1, px(2)))
        for i, total in enumerate(range(2, 13)):
            cx = int(slot * i + slot / 2)
            h = round((base - chart_top) * counts[total] / top)
            colour = _BAR_HOT if total in (6, 8) else (_FAINT if total == 7 else _BAR)
            if h:
                pygame.draw.rect(
                    surf,
                    colour,
                    (cx - bar_w // 2, base - h, bar_w, h),
                    border_top_left_radius=px(3),
                    border_top_right_radius=px(3),
                )
            eh = round((base - chart_top) * expected[total] / top)
            if eh:
                pygame.draw.rect(
                    surf,
                    (51, 36, 26, 110),
                    (cx - bar_w // 2 - px(3), base - eh, bar_w + px(6), eh),
                    max(1, px(1)),
                )
            text = count_font.render(str(counts[total]), True, INK)
            surf.blit(text, text.get_rect(midbottom=(cx, base - max(h, eh) - px(2))))
            label = label_font.render(str(total), True, (200, 52, 43) if total in (6, 8) else INK)
            surf.blit(label, label.get_rect(midtop=(cx, base + px(4))))
        legend = assets.font(px(12)).render(
            _("Bars: rolled \u00b7 outline: expected with fair dice"), True, _FAINT
        )
        surf.blit(legend, legend.get_rect(midbottom=(width // 2, height)))
        return surf

    # actions ---------------------------------------------------------------------------------------

    def play_again(self, new_seed: bool) -> None:
        start_game(self.app, again(self.config, fresh=new_seed))

    def open_replay(self) -> None:
        self.app.go("replay", self.game, self.config, verdict=getattr(self.played.port, "verdict", None))

    def open_story(self) -> None:
        self.app.go("story", self.played)

    def main_menu(self) -> None:
        self.app.go("menu", how="reset")

    def actions(self) -> dict[str, Callable[[], None]]:
        return {
            "replay": self.open_replay,
            "story": self.open_story,
            "view": self.app.pop,
            "menu": self.main_menu,
            "again": lambda: self.play_again(new_seed=False),
            "new_seed": lambda: self.play_again(new_seed=True),
        }

    def on_enter(self) -> None:
        if "again" in self.buttons:
            self.play_again(new_seed=False)
        else:
            self.main_menu()

    def handle_event(self, event: pygame.event.Event) -> bool:
        act = {pygame.K_s: self.open_story, pygame.K_w: self.open_replay}.get(getattr(event, "key", 0))
        if event.type == pygame.KEYDOWN and act is not None:
            act()
            return True
        return super().handle_event(event)
