"""The Catan Dice Game's setup screen: Classic or Plus (every dice sheet installed), how many players (as the
sheet allows: classic 1-4, Plus 2-4), who plays each seat (a person or a computer: easy, normal, hard), the
names and an optional seed; Rules (F1); Best scores; Start. Esc goes back, Enter starts."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UIImage, UILabel, UITextBox, UITextEntryLine

from ...engine import RulesetError
from ...engine.dice_sheet import DiceSheet, load_sheet
from ...i18n import _
from ...render.dice_sheet import SheetPainter
from ...variants import RuleFileError, list_variants
from ..config import HUMAN, MAX_NAME, GameConfig, SeatConfig, kind_label, new_seed, shown_name
from ..screens import screen
from ..widgets import DropDown, TipButton, esc
from .setup_form import SetupForm

if TYPE_CHECKING:
    from ..app import App

LEVELS = ("easy", "normal", "hard")
NAMES = ("You", "Anna", "Bruno", "Carla")


def dice_sheets() -> list[DiceSheet]:
    """Every dice game's sheet that can be read (the classic one first)."""
    out = []
    with contextlib.suppress(FileNotFoundError):
        for info in list_variants(games=("dice",)):
            if info.error is None:
                with contextlib.suppress(RulesetError, RuleFileError, OSError):
                    out.append(load_sheet(info.name))
    return sorted(out, key=lambda sh: (sh.name != "dice-game", sh.name))


@screen("dice_setup")
class DiceSetupScene(SetupForm):
    """Set up a dice game and start it."""

    panel_size = (900, 640)
    SEED_OPTIONAL = True  # no seed: a new one

    def __init__(self, app: App, config: GameConfig | None = None) -> None:
        super().__init__(app)
        self.title = _("Catan Dice Game")
        self.sheets = dice_sheets()
        self.seats = [SeatConfig(_(NAMES[0]), HUMAN)] + [SeatConfig(_(n), "normal") for n in NAMES[1:]]
        self.sheet = self.sheets[0] if self.sheets else None
        self.players = 1
        self.seed_text = ""
        if config is not None:
            self._prefill(config)
        self.set_sheet(self.sheet)

    def _prefill(self, config: GameConfig) -> None:
        self.sheet = next((sh for sh in self.sheets if sh.name == config.variant), self.sheet)
        for i, seat in enumerate(config.seats[: len(self.seats)]):
            kind = seat.kind if seat.kind in (HUMAN, *LEVELS) else "normal"
            self.seats[i] = SeatConfig(shown_name(seat.name), kind)
        self.players = len(config.seats)

    def set_sheet(self, sheet: DiceSheet | None) -> None:
        """Play ``sheet``: the number of players is kept within what it allows."""
        self.sheet = sheet
        if sheet is not None:
            self.players = min(max(self.players, sheet.players_min), sheet.players_max)

    @property
    def player_range(self) -> range:
        if self.sheet is None:
            return range(1, 2)
        return range(self.sheet.players_min, self.sheet.players_max + 1)

    # layout ----------------------------------------------------------------------------------------

    def build(self) -> None:
        panel, inner = self.make_panel()
        px = self.px
        UILabel(
            pygame.Rect(inner.x, inner.y, inner.w, px(24)),
            _("Version"),
            manager=self.ui,
            container=panel,
            object_id="#bold_label",
        )
        y = inner.y + px(28)
        n = max(1, len(self.sheets))
        gap = px(12)
        bw = (inner.w - (n - 1) * gap) // n
        self.version_buttons: dict[str, TipButton] = {}
        for i, sheet in enumerate(self.sheets):
            button = TipButton(
                pygame.Rect(inner.x + i * (bw + gap), y, bw, px(44)),
                self.version_label(sheet),
                manager=self.ui,
                container=panel,
                tool_tip_text=_(sheet.description),
            )
            if sheet is self.sheet:
                button.select()
            self.version_buttons[sheet.name] = button
        y += px(52)
        about = _(self.sheet.description) if self.sheet is not None else _("No dice game rules were found.")
        UITextBox(
            esc(about),
            pygame.Rect(inner.x, y, inner.w, px(70)),
            manager=self.ui,
            container=panel,
            object_id="#plain_text",
        )
        y += px(78)
        self._preview(panel, pygame.Rect(inner.x + px(580), y, inner.w - px(580), inner.bottom - px(64) - y))
        y = self._options_row(panel, inner, y)
        self._seat_rows(panel, inner, y)
        self.back_button, self.rules_button, self.best_button, self.start_button = self.footer_buttons(
            inner,
            [
                (_("Back"), _("Return to the menu (Esc)"), False),
                (_("Rules"), _("How to play this version (F1)"), False),
                (_("Best scores"), _("Your best solo scores (B)"), False),
                (_("Start"), _("Start the game (Enter)"), True),
            ],
        )

    def _preview(self, panel: object, box: pygame.Rect) -> None:
        """The chosen version's score sheet, blank, beside the seats."""
        if self.sheet is None or box.w < self.px(120) or box.h < self.px(120):
            return
        painter = SheetPainter(self.app.assets)
        island = painter.island_rect(self.sheet, pygame.Rect(0, 0, box.w, box.h))
        image = pygame.Surface(island.size, pygame.SRCALPHA)
        painter.draw(image, image.get_rect(), self.sheet, None, self.sheet.colours[0])
        UIImage(pygame.Rect(box.x + (box.w - island.w) // 2, box.y, *island.size), image, manager=self.ui,
                container=panel)

    def version_label(self, sheet: DiceSheet) -> str:
        lo, hi = sheet.players_min, sheet.players_max
        return _("{title} ({lo}\u2013{hi} players)", title=_(sheet.title), lo=lo, hi=hi)

    def _options_row(self, panel: object, inner: pygame.Rect, y: int) -> int:
        px = self.px
        UILabel(
            pygame.Rect(inner.x, y, px(140), px(24)),
            _("Players"),
            manager=self.ui,
            container=panel,
            object_id="#bold_label",
        )
        counts = [(str(k), str(k)) for k in self.player_range]
        self.players_menu = DropDown(
            counts,
            str(self.players),
            pygame.Rect(inner.x, y + px(26), px(140), px(38)),
            manager=self.ui,
            container=panel,
        )
        x = inner.x + px(170)
        seed_label = UILabel(
            pygame.Rect(x, y, px(260), px(24)),
            _("Seed (optional)"),
            manager=self.ui,
            container=panel,
            object_id="#bold_label",
        )
        seed_label.set_tooltip(_("The same seed gives the same dice; leave it empty for new dice"))
        self.seed_entry = UITextEntryLine(
            pygame.Rect(x, y + px(26), px(200), px(38)),
            manager=self.ui,
            container=panel,
            initial_text=self.seed_text,
        )
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_text_length_limit(9)
        return y + px(78)

    def _seat_rows(self, panel: object, inner: pygame.Rect, y: int) -> None:
        px = self.px
        UILabel(
            pygame.Rect(inner.x, y, inner.w, px(28)),
            _("Seats"),
            manager=self.ui,
            container=panel,
            object_id="#left_heading",
        )
        y += px(32)
        row_h = min(px(46), (inner.bottom - px(60) - y) // max(1, self.players))
        kinds = [(kind_label(k), k) for k in (HUMAN, *LEVELS)]
        colours = self.sheet.colours if self.sheet is not None else ("red", "blue", "orange", "white")
        self.name_entries: list[UITextEntryLine] = []
        self.kind_menus: list[DropDown] = []
        for i in range(self.players):
            ry = y + i * row_h
            side = min(px(38), row_h - px(6))
            with contextlib.suppress(FileNotFoundError, ValueError, pygame.error):
                UIImage(
                    pygame.Rect(inner.x, ry, side, side),
                    self.app.assets.scaled(f"pieces/settlement_{colours[i % len(colours)]}", (side, side)),
                    manager=self.ui,
                    container=panel,
                )
            entry = UITextEntryLine(
                pygame.Rect(inner.x + px(52), ry, px(250), side),
                manager=self.ui,
                container=panel,
                initial_text=self.seats[i].name,
            )
            entry.set_text_length_limit(MAX_NAME)
            self.name_entries.append(entry)
            self.kind_menus.append(
                DropDown(
                    kinds,
                    (kind_label(self.seats[i].kind), self.seats[i].kind),
                    pygame.Rect(inner.x + px(316), ry, px(240), side),
                    manager=self.ui,
                    container=panel,
                    object_id="#drop_up" if i >= 2 else None,
                )
            )

    # model -----------------------------------------------------------------------------------------

    def config(self) -> GameConfig:
        colours = self.sheet.colours if self.sheet is not None else ("red", "blue", "orange", "white")
        seats = [
            SeatConfig(s.name.strip(), s.kind, colours[i % len(colours)])
            for i, s in enumerate(self.seats[: self.players])
        ]
        seed = int(self.seed_text) if self.seed_text.isdigit() else new_seed()
        name = self.sheet.name if self.sheet is not None else "dice-game"
        return GameConfig(variant=name, seats=seats, board="sheet", seed=seed)

    def problems(self) -> list[str]:
        missing = [_("No dice game rules were found.")] if self.sheet is None else []
        return missing + self.seat_problems()

    # input -----------------------------------------------------------------------------------------

    def on_widget_event(self, event: pygame.event.Event) -> bool:
        element, value = event.ui_element, getattr(event, "selected_option_id", None)
        if element is self.players_menu and value:
            self.read_entries()
            self.players = int(value)
            self.rebuild()
            return True
        return self.seat_event(element, value)

    def on_button(self, element: object) -> bool:
        for name, button in self.version_buttons.items():
            if element is button:
                self.read_entries()
                self.set_sheet(next(sh for sh in self.sheets if sh.name == name))
                self.rebuild()
                return True
        if element is self.back_button:
            self.back()
        elif element is self.best_button:
            self.open_best()
        elif element is self.rules_button:
            self.open_rules()
        elif element is self.start_button:
            self.start()
        else:
            return False
        return True

    def shortcuts(self) -> dict[int, object]:
        keys: dict[int, object] = {pygame.K_F1: self.open_rules}
        return keys if self._typing() else {**keys, pygame.K_b: self.open_best}

    def open_rules(self) -> None:
        """The chosen version's rules (the sheet's summary, costs, scoring and the screen's controls)."""
        if self.sheet is not None:
            self.app.go("dice_rules", self.sheet)

    def _typing(self) -> bool:
        return any(e.is_focused for e in [*self.name_entries, self.seed_entry])

    def open_best(self) -> None:
        self.app.go("best_scores", "dice-game")
