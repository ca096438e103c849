"""The end of a dice game (every player's score, the winner; alone, the best scores with "new best!") and the
best-scores screen of the solo classic game (persistence/dice_scores.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements import UIImage, UILabel, UIPanel, UITextBox

from ...i18n import _, ngettext
from ...persistence.dice_scores import Recorded, load_scores
from ...render.palette import ALERT, GOLD, INK, INK_SOFT, rgb
from ...text.events import list_text
from ..launch import start_game
from ..screens import screen
from ..widgets import ERROR_RED, ScreenScene, esc
from .dice_best import recorded_problem_text, table_html
from .over_screen import OverScreen, again

if TYPE_CHECKING:
    from ..app import App
    from .played import PlayedDiceGame

HIGHLIGHT = (233, 215, 168)
RULE = (200, 182, 146)


@screen("best_scores")
class BestScoresScene(ScreenScene):
    """The best scores of the solo classic game; Esc or Back returns."""

    panel_size = (720, 560)

    def __init__(self, app: App, variant: str = "dice-game") -> None:
        super().__init__(app)
        self.variant = variant
        self.title = _("Best scores")

    def build(self) -> None:
        panel, inner = self.make_panel()
        foot = self.px(46) + self.px(14)
        intro = _("Your ten best totals in the solo Catan Dice Game (15 turns).")
        self.text = UITextBox(
            esc(intro) + "<br><br>" + table_html(load_scores(self.variant)),
            pygame.Rect(inner.x, inner.y, inner.w, inner.h - foot),
            manager=self.ui,
            container=panel,
        )
        (self.back_button,) = self.footer_buttons(inner, [(_("Back"), _("Return (Esc)"), True)])

    def primary(self) -> bool:
        self.back()
        return True

    def on_button(self, element: object) -> bool:
        if element is self.back_button:
            self.back()
            return True
        return False


# ----------------------------------------------------------------------------------------- game over


@screen("dice_over")
class DiceOverScene(OverScreen):
    """The results over the final sheet. Esc (View sheet) closes it; Enter plays again with a new seed."""

    def __init__(self, app: App, played: PlayedDiceGame) -> None:
        super().__init__(app)
        self.played = played
        self.buttons: dict[str, Any] = {}

    @property
    def view(self) -> Any:
        return self.played.view

    def headline(self) -> str:
        scene, view = self.played, self.view
        names = [scene.names[w] for w in view.winners]
        if view.players == 1:
            score = view.sheets[0].score
            return ngettext("You scored {n} point", "You scored {n} points", abs(score), n=score)
        humans = scene.port.humans
        if len(humans) == 1 and view.winners == (humans[0],):
            return _("You win!")
        if len(names) > 1:
            return _("A shared win: {names}", names=list_text(names))
        return _("{name} wins!", name=names[0] if names else "?")

    def build(self) -> None:
        recorded = self.played.recorded
        solo = recorded is not None
        if solo:
            rows = len(recorded.table.entries) + (2 if recorded.problem else 0)
            height = 122 + 40 + 34 + 26 * max(3, rows) + 40 + 78
        else:
            height = 122 + 40 * (self.view.players + 1) + 30 + 78
        rect = self.centred(860, height)
        panel = UIPanel(rect, manager=self.ui, object_id="#dialog")
        px = self.px
        UILabel(
            pygame.Rect(px(16), px(10), rect.w - px(32), px(34)),
            _("Game over"),
            manager=self.ui,
            container=panel,
            object_id="#heading",
        )
        UILabel(
            pygame.Rect(px(16), px(44), rect.w - px(32), px(72)),
            self.headline(),
            manager=self.ui,
            container=panel,
            object_id="#winner",
        )
        y = px(122)
        if solo:
            y = self._solo(panel, rect, y)
        else:
            table = self._results(rect.w - px(48), px(40))
            UIImage(pygame.Rect(px(24), y, *table.get_size()), table, manager=self.ui, container=panel)
        self._buttons(panel, rect)

    def _solo(self, panel: UIPanel, rect: pygame.Rect, y: int) -> int:
        px = self.px
        recorded: Recorded = self.played.recorded
        if recorded.new_best and recorded.rank == 0:
            note = (
                _("New best!") if len(recorded.table.entries) > 1 else _("Your first score: a best to beat!")
            )
            UILabel(
                pygame.Rect(px(16), y - px(8), rect.w - px(32), px(34)),
                note,
                manager=self.ui,
                container=panel,
                object_id="#heading",
            )
        elif recorded.rank is not None:
            UILabel(
                pygame.Rect(px(16), y - px(8), rect.w - px(32), px(30)),
                _("Place {n} in your best scores", n=recorded.rank + 1),
                manager=self.ui,
                container=panel,
            )
        UILabel(
            pygame.Rect(px(16), y + px(24), rect.w - px(32), px(26)),
            self.solo_stats(),
            manager=self.ui,
            container=panel,
        )
        y += px(34)
        html = table_html(recorded.table, recorded.rank)
        if recorded.problem:
            html = f"<font color='{ERROR_RED}'>{esc(recorded_problem_text(recorded))}</font><br>" + html
        UITextBox(
            f"<b>{esc(_('Best scores'))}</b><br>" + html,
            pygame.Rect(px(24), y + px(30), rect.w - px(48), rect.h - y - px(30) - px(80)),
            manager=self.ui,
            container=panel,
        )
        return y

    def solo_stats(self) -> str:
        """The solo game in one line: the best turn, the empty turns, the knights."""
        sheet = self.view.sheets[0]
        track = sheet.track or (0,)
        return _(
            "Best turn: {best} · turns with nothing built: {empty} · knights: {knights}",
            best=max(track),
            empty=sum(1 for p in track if p < 0),
            knights=sheet.knights,
        )

    def _results(self, width: int, row_h: int) -> pygame.Surface:
        """Every player's score, best first, the winners highlighted."""
        scene, view = self.played, self.view
        assets = self.app.assets
        order = sorted(range(view.players), key=lambda i: -view.sheets[i].score)
        surf = pygame.Surface((width, row_h * (len(order) + 1)), pygame.SRCALPHA)
        font, bold = assets.font(self.px(16)), assets.font(self.px(16), bold=True)
        heads = (_("Player"), _("Score"), _("Details"))
        cols = (self.px(44), int(width * 0.42), int(width * 0.58))
        for x, text in zip(cols, heads, strict=True):
            surf.blit(bold.render(text, True, INK_SOFT), (x, self.px(8)))
        for row, seat in enumerate(order, start=1):
            y = row * row_h
            if seat in view.winners:
                pygame.draw.rect(surf, HIGHLIGHT, (0, y, width, row_h), border_radius=self.px(6))
            pygame.draw.line(surf, RULE, (0, y), (width, y))
            pygame.draw.circle(surf, rgb(scene.colours[seat]), (self.px(20), y + row_h // 2), self.px(9))
            pygame.draw.circle(surf, INK, (self.px(20), y + row_h // 2), self.px(9), 1)
            cells = (scene.names[seat], scene.score_text(seat), self._details(seat))
            for x, text, face in zip(cols, cells, (bold, bold, font), strict=True):
                img = face.render(text, True, ALERT if seat in view.winners and face is bold else INK)
                surf.blit(img, (x, y + (row_h - img.get_height()) // 2))
        return surf

    def _details(self, seat: int) -> str:
        sheet = self.view.sheets[seat]
        if self.played.classic:
            misses = sum(1 for p in sheet.track if p < 0)
            return ngettext("{n} turn with nothing built", "{n} turns with nothing built", misses, n=misses)
        parts = [
            ngettext("{n} knight", "{n} knights", sheet.knights, n=sheet.knights),
            _("road {n}", n=sheet.road_length),
        ]
        if sheet.largest_army:
            parts.append(_("Largest Army"))
        if sheet.longest_road:
            parts.append(_("Longest Road"))
        return ", ".join(parts)

    def _buttons(self, panel: UIPanel, rect: pygame.Rect) -> None:
        px = self.px
        items = [
            ("view", _("View sheet"), _("Close this to look at the final sheets (Esc)"), False),
            ("menu", _("Main menu"), _("Back to the main menu"), False),
            ("setup", _("New setup"), _("Choose the version and the players again"), False),
            ("again", _("Play again"), _("The same players with new dice (Enter)"), True),
        ]
        bh = px(46)
        self.button_row(panel, pygame.Rect(px(16), rect.h - bh - px(16), rect.w - px(32), bh), items)

    # ---------------------------------------------------------------------------------------- actions

    def play_again(self) -> None:
        start_game(self.app, again(self.played.config, fresh=True))

    def setup(self) -> None:
        self.app.go("menu", how="reset")
        self.app.go("dice_setup", self.played.config)

    def main_menu(self) -> None:
        self.app.go("menu", how="reset")

    def actions(self) -> dict[str, Callable[[], None]]:
        return {"view": self.app.pop, "menu": self.main_menu, "setup": self.setup, "again": self.play_again}

    def on_enter(self) -> None:
        self.play_again()


__all__ = ["BestScoresScene", "DiceOverScene", "GOLD"]
