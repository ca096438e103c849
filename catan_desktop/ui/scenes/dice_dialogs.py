"""The dice game screen's dialogs: choosing a resource (for a gold pair or a knight's swap of any resource),
the pause menu (the board game's, with the dice game's rules) and the rules of the dice game."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements import UIImage, UITextBox

from ...engine.dice_sheet import POINTS, DiceSheet
from ...i18n import N_, _
from ...text.dice import face_name
from ...text.reasons import names_text
from ..screens import screen
from ..widgets import esc, preload_font
from .game_dialogs import GameDialog
from .pause import PauseScene
from .rules import RulesScene

if TYPE_CHECKING:
    from ..app import App
    from ..seat_port import SeatPort
    from .game_kit import ScreenKit

KIND_WORDS = {"road": N_("Road"), "settlement": N_("Settlement"), "city": N_("City"), "knight": N_("Knight")}


class ResourceDialog(GameDialog):
    """Pick one resource: a big button with its icon for each; keys 1-5 pick, Esc cancels."""

    width, height = 640, 330

    def __init__(
        self,
        app: App,
        port: SeatPort,
        kit: ScreenKit,
        title: str,
        text: str,
        options: Sequence[str],
        on_choose: Callable[[str], Any],
    ) -> None:
        super().__init__(app, port, kit)
        self.title, self.text = title, text
        self.options = list(options)
        self.on_choose = on_choose
        self.choices: list[Any] = []

    @property
    def view(self) -> Any:
        return self.port.view(self.kit.viewer)

    def build(self) -> None:
        panel = self.frame(self.title)
        px = self.px
        UITextBox(
            esc(self.text),
            pygame.Rect(px(16), px(48), self.rect.w - px(32), px(70)),
            manager=self.ui,
            container=panel,
            object_id="#plain_text",
        )
        n = max(1, len(self.options))
        gap = px(12)
        w = min(px(110), (self.rect.w - px(32) - (n - 1) * gap) // n)
        x = (self.rect.w - n * w - (n - 1) * gap) // 2
        self.choices = []
        for i, res in enumerate(self.options):
            icon = pygame.Rect(x + (w - px(52)) // 2, px(124), px(52), px(52))
            with contextlib.suppress(FileNotFoundError, ValueError, pygame.error):
                UIImage(
                    icon, self.app.assets.scaled(f"icons/{res}", icon.size), manager=self.ui, container=panel
                )
            button = self.add_button(
                panel,
                pygame.Rect(x, px(182), w, px(42)),
                face_name(res).capitalize(),
                lambda res=res: self.choose(res),
                tip=_("{res} (key {n})", res=face_name(res).capitalize(), n=i + 1),
            )
            self.choices.append(button)
            x += w + gap
        close = pygame.Rect(self.rect.w - px(144), self.rect.h - px(58), px(128), px(44))
        self.add_button(panel, close, _("Cancel"), self.app.pop, tip=_("Choose nothing (Esc)"))

    def choose(self, res: str) -> None:
        self.app.pop()
        self.on_choose(res)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and pygame.K_1 <= event.key < pygame.K_1 + len(self.options):
            self.choose(self.options[event.key - pygame.K_1])
            return True
        return super().handle_event(event)


@screen("dice_pause")
class DicePauseScene(PauseScene):
    """The pause menu over a dice game: its Rules are the dice game's."""

    RULES_SCREEN = "dice_rules"


@screen("dice_rules")
class DiceRulesScene(RulesScene):
    """How to play the Catan Dice Game (the sheet's own summary and numbers) and this screen's controls."""

    def __init__(self, app: App, sheet: DiceSheet) -> None:
        super().__init__(app, "base")
        self.sheet = sheet
        self.title = _("Rules")

    def build(self) -> None:
        panel, inner = self.make_panel()
        foot = self.px(46) + self.px(14)
        preload_font(self.ui, "vollkorn_bold", self.px(22))
        self.text = UITextBox(
            dice_rules_html(self.sheet, self.px(22)),
            pygame.Rect(inner.x, inner.y, inner.w, inner.h - foot),
            manager=self.ui,
            container=panel,
        )
        (self.back_button,) = self.footer_buttons(inner, [(_("Back"), _("Return (Esc)"), True)])


def dice_rules_html(sheet: DiceSheet, heading_px: int) -> str:
    """The dice game's rules for a UITextBox: the sheet's description and summary, its costs and scoring,
    then the controls of the screen."""

    def h(text: str) -> str:
        return f"<br><font face='vollkorn_bold' pixel_size={heading_px}>{esc(text)}</font><br>"

    def li(text: str) -> str:
        return "\u2022 " + esc(text) + "<br>"

    lo, hi = sheet.players_min, sheet.players_max
    span = _("{n} player", n=lo) if lo == hi == 1 else _("{lo}\u2013{hi} players", lo=lo, hi=hi)
    out = [f"<b>{esc(_(sheet.title))}</b> \u2014 {esc(span)}<br>", esc(_(sheet.description)) + "<br>"]
    out.append(h(_("In short")))
    out += [li(_(line)) for line in sheet.summary]
    out.append(h(_("Costs")))
    for kind, word in KIND_WORDS.items():
        out.append(li(f"{_(word)}: {names_text(dict(sheet.costs[kind]))}"))
    out.append(h(_("Scoring")))
    if sheet.scoring == POINTS:
        out.append(
            li(
                _(
                    "Each turn, the points of what you built go in the next box of your track; a turn "
                    "with nothing built writes {n}.",
                    n=sheet.no_build_penalty,
                )
            )
        )
        out.append(
            li(_("After {n} turns each, the highest total wins. Alone, beat your best score.", n=sheet.turns))
        )
    else:
        out.append(
            li(
                _(
                    "Settlement {s} VP, city {c} VP; Largest Army and Longest Road 2 VP each.",
                    s=sheet.vp.get("settlement", 1),
                    c=sheet.vp.get("city", 2),
                )
            )
        )
        out.append(li(_("The first to {n} VP wins at once.", n=sheet.target)))
    out.append(h(_("On this screen")))
    for line in (
        _(
            "Roll (R). Click a die, or press 1\u20136, to keep it; Roll again rolls the others. Kept dice "
            "can be released before the last roll."
        ),
        _(
            "What you can build glows gold on your sheet: click it. Hover over any symbol to see its cost "
            "and why it cannot be built yet."
        ),
        _("Two gold dice: Trade gold (G), or click a gold die, and choose the resource."),
        _("A built knight's swap glows blue: click the knight, then the die to turn."),
        _("End turn: E or Space. Esc opens the menu. Click a small sheet to see it large."),
    ):
        out.append(li(line))
    return "".join(out)
