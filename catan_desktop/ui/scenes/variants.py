"""Scenarios & variants: every installed rule file and the player's own ones (paths.user_rules_dir), with
a picture of its board drawn from the rule file (render.preview), its players, its target and its
description; play one, read its rules, open the folder of one's own rule files, or (under the list) export
one of one's own boards as a file for a friend and import a friend's (board_share.py, issue 34).

A broken rule file is listed too, with its ``file:line`` problems in red and no picture, and cannot be
played. Up and Down choose the variant above or below.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIImage

from ...engine import load_rules
from ...i18n import N_, _, tr
from ...paths import user_rules_dir
from ...render.palette import BORDER, INK_SOFT, PARCHMENT_DARK
from ...render.preview import board_preview
from ...variants import VariantInfo, list_variants
from ...variants.file_names import printable
from ...variants.loader import own_rule_files
from ..screens import screen
from ..widgets import ERROR_RED, ScreenScene, TipButton, esc, path_html, preload_font, show_folder
from .board_share import export_own_board
from .rules import target_text, targets_by_players

if TYPE_CHECKING:
    from ..app import App

PREVIEW_SHARE = 0.45  # of the details pane's height, above its text
FILE_ROW = 40  # the height of the row of file buttons under the list (Your folder, Export, Import)
DOT = " \u00b7 "


@screen("variants")
class VariantsScene(ScreenScene):
    """A list of variants on the left, with Your folder, Export and Import under it; on the right the chosen
    one's board above its details; Play this, Rules, Edit board, New board, Back."""

    panel_size = (1040, 670)  # 620, and the row of file buttons under the list

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.title = _("Scenarios & variants")
        self.problem: str | None = None
        self.variants: list[VariantInfo] = []
        self.own_files: object = None  # the player's own rule files as listed (names, times, sizes)
        self._list()
        playable = [i for i, v in enumerate(self.variants) if v.error is None]
        base = [i for i, v in enumerate(self.variants) if v.name == "base" and v.error is None]
        self.selected: int | None = (base or playable or [None])[0] if self.variants else None
        self._targets: dict[int, int | None] = {}
        self.pane = pygame.Rect(0, 0, 0, 0)  # the details pane (panel coordinates): the picture, then text
        self.preview_rect = pygame.Rect(0, 0, 0, 0)
        self.preview_image: UIImage | None = None
        self.has_preview = False

    def _list(self) -> None:
        self.own_files, self.problem = _own_files_now(), None
        try:
            self.variants = list_variants()
        except FileNotFoundError as exc:
            self.variants, self.problem = [], str(exc)

    def resume(self) -> None:
        """Back from another screen: list the variants again if the player's own files changed meanwhile (a
        board imported or saved in the editor), choosing the new one."""
        super().resume()
        if _own_files_now() == self.own_files:
            return
        chosen = self.variants[self.selected].path if self.selected is not None else None
        before = {v.path for v in self.variants}
        self._list()
        self._targets.clear()
        new = [i for i, v in enumerate(self.variants) if v.path not in before]
        same = [i for i, v in enumerate(self.variants) if v.path == chosen]
        self.selected = (new or same or [0])[0] if self.variants else None
        self.rebuild()

    def _label(self, v: VariantInfo, short: bool = False) -> str:
        """The list's line for ``v``; ``short`` leaves the player count off (the details show it)."""
        # the leading spaces are the item's left margin (the list's items ignore the theme's padding)
        own = f"  \u00b7  {_('your own')}" if v.own else ""
        if v.error:  # a broken file's name is its file name: a line break or U+202E shown escaped
            return f"   \u26a0 {printable(v.name)}  ({_('broken')}){own}"
        title = printable(_(v.title))
        if v.own or short:  # the player count is in the details: the list stays one short line
            return f"   {title}{own}"
        players = (
            str(v.players_min) if v.players_min == v.players_max else f"{v.players_min}\u2013{v.players_max}"
        )
        return f"   {title}  \u00b7  {_('{n} players', n=players)}"

    def build(self) -> None:
        panel, inner = self.make_panel()
        list_w = int(inner.w * 0.4)
        preload_font(self.ui, "vollkorn_bold", self.px(24))
        preload_font(self.ui, "dejavu_sans", self.px(13))
        items = [(self._label(v), f"#variant_{i}") for i, v in enumerate(self.variants)]
        row_h = self.px(FILE_ROW)
        row = row_h + self.px(10)  # the list leaves room below it for the file buttons; the pane does not
        self.list, self.details = self.list_and_details(
            pygame.Rect(inner.x, inner.y, inner.w, inner.h - row), list_w, items, self.selected,
            self._details(), _("No variants are installed."),
        )
        self._fit_labels()
        box = self.details.relative_rect
        self.pane = pygame.Rect(box.x, box.y, box.w, box.h + row)
        self._file_buttons(pygame.Rect(inner.x, self.pane.bottom - row_h, list_w, row_h))
        edge = self.pane.inflate(-2 * self._shadow(), -2 * self._shadow())  # a box's edge: inside its shadow
        self.preview_rect = pygame.Rect(edge.topleft, (edge.w, round(edge.h * PREVIEW_SHARE)))
        blank = pygame.Surface(self.preview_rect.size, pygame.SRCALPHA)
        self.preview_image = UIImage(self.preview_rect, blank, manager=self.ui, container=panel)
        self.back_button, self.new_board_button, self.edit_button, self.rules_button, self.play_button = (
            self.footer_buttons(inner, [
                (_("Back"), _("Return to the menu (Esc)"), False),
                (_("New board"),
                 _("Draw a board of your own on an empty grid, with this variant's rules (N)"), False),
                (_("Edit board"),
                 _("Edit this board in the board editor: your own file itself, or a new board that starts as "
                   "a copy of this one (E)"), False),
                (_("Rules"), _("Read this variant's rules"), False),
                (_("Play this"), _("Set up a game of this variant (Enter)"), True),
            ], width=170)
        )
        self._show_preview()
        self._sync_buttons()

    def _file_buttons(self, rect: pygame.Rect) -> None:
        """Your folder, Export and Import side by side in ``rect`` (under the list: they act on its files)."""
        gap = self.px(8)
        unit = (rect.w - 2 * gap) / 10  # 4 : 3 : 3, the folder's label being the longest
        x = [rect.x, rect.x + round(4 * unit) + gap, rect.x + round(7 * unit) + 2 * gap, rect.right + gap]
        specs = [
            (_("Your folder"),
             _("Open the folder for your own rule files (F): {folder}", folder=user_rules_dir())),
            (_("Export"), _("Write this board as one file to give to a friend, in your boards folder (X)")),
            (_("Import"),
             _("Add a board a friend gave you: put the file in your boards folder, then choose it here (I)")),
        ]
        self.folder_button, self.export_button, self.import_button = [
            TipButton(pygame.Rect(x[i], rect.y, x[i + 1] - gap - x[i], rect.h), label, manager=self.ui,
                      container=self.panel, tool_tip_text=tip)
            for i, (label, tip) in enumerate(specs)
        ]

    def _fit_labels(self) -> None:
        """Shorten the list's lines that are wider than its items (a long scenario title, a long language):
        first without the player count, then with the title cut behind an ellipsis."""
        shown = [item["button_element"] for item in self.list.item_list] if self.list is not None else []
        sample = next((b for b in shown if b is not None), None)
        if self.list is None or sample is None or sample.font is None:
            return
        font, room = sample.font, sample.rect.w - 16  # the item's border and a margin on the right
        for v, item in zip(self.variants, self.list.item_list, strict=True):
            text = item["text"]
            if font.size(text)[0] <= room:
                continue
            text = self._label(v, short=True)
            while font.size(text)[0] > room and len(text) > 4:
                text = text[:-2].rstrip() + "\u2026"
            item["text"] = text
            if item["button_element"] is not None:
                item["button_element"].set_text(text)

    # the details pane ------------------------------------------------------------------------------

    def _show_preview(self) -> None:
        """Show the chosen variant's board above its text, or give the text the whole pane when it has
        none (a broken rule file, or none chosen)."""
        picture = self._framed_preview()
        self.has_preview = picture is not None
        image = self.preview_image
        if image is not None:
            if picture is not None:
                image.set_image(picture)
                image.show()
            else:
                image.hide()
        top = self.preview_rect.bottom + self.px(10) - self._shadow() if picture is not None else self.pane.y
        rect = pygame.Rect(self.pane.x, top, self.pane.w, self.pane.bottom - top)
        if pygame.Rect(self.details.relative_rect) != rect:
            self.details.set_relative_position(rect.topleft)
            self.details.set_dimensions(rect.size)
            self.details.rebuild()  # at once: pygame_gui would stretch the old box for 0.2 s first

    def _shadow(self) -> int:
        """The width of the details box's shadow, outside its visible edge."""
        return int(getattr(self.details, "shadow_width", 0))

    def _framed_preview(self) -> pygame.Surface | None:
        """The chosen variant's board on a parchment mount with a brown edge, like the panels; None when it
        has no picture."""
        if self.problem or self.selected is None or self.variants[self.selected].error:
            return None
        outer = self.preview_rect
        mat, radius = self.px(6), self.px(10)
        inner = outer.move(-outer.x, -outer.y).inflate(-2 * mat, -2 * mat)
        board = board_preview(self.app.assets, self.variants[self.selected].path, inner.size)
        if board is None:
            return None
        out = pygame.Surface(outer.size, pygame.SRCALPHA)
        pygame.draw.rect(out, PARCHMENT_DARK, out.get_rect(), border_radius=radius)
        pygame.draw.rect(out, BORDER, out.get_rect(), width=max(2, self.px(2)), border_radius=radius)
        rounded = pygame.Surface(inner.size, pygame.SRCALPHA)  # the board with its corners rounded too
        pygame.draw.rect(rounded, (255, 255, 255, 255), rounded.get_rect(), border_radius=radius - mat // 2)
        rounded.blit(board, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        out.blit(rounded, inner.topleft)
        pygame.draw.rect(out, INK_SOFT, inner.inflate(2, 2), width=1, border_radius=radius - mat // 2 + 1)
        return out

    def _target(self, index: int) -> dict[int, int] | None:
        """The victory points variant ``index`` is played to, by player count (a scenario's depend on it,
        S-4.1: the target of a game set up with its rules); None when its rules cannot be read."""
        if index not in self._targets:
            v = self.variants[index]
            try:
                self._targets[index] = targets_by_players(load_rules(str(v.path)))
            except Exception:  # noqa: BLE001 (listed with its problems already; the text leaves it out)
                self._targets[index] = None
        return self._targets[index]


    def _details(self) -> str:
        return self._variant_details() + (
            f"<br><br><font pixel_size={self.px(13)}>"
            + esc(_("Your own rule files go in {folder}. Start from a copy of a file above, give it a "
                    "new name (the file name and its name: line alike), then come back here (README: "
                    "\"Your own rule files\").", folder=user_rules_dir()))
            + "</font>"
        )

    def _variant_details(self) -> str:
        if self.problem:
            return f"<font color='{ERROR_RED}'>{esc(self.problem)}</font>"
        if self.selected is None:
            return _("No variants are installed.")
        v = self.variants[self.selected]
        title = esc(printable(_(v.title)))  # from the player's file (issue 35, item 8)
        heading = f"<font face='vollkorn_bold' pixel_size={self.px(24)}>{title}</font><br>"
        if v.own:
            heading += f"{esc(_('One of your own rule files'))}<br>"
        if v.error:
            problems = "<br>".join(esc(line) for line in tr(v.error).splitlines())
            return (
                heading + esc(_("This rule file has problems and cannot be played:")) + "<br><br>"
                f"<font color='{ERROR_RED}'>{problems}</font><br><br>"
                f"<font pixel_size={self.px(13)}>{path_html(_('File:') + ' ', printable(v.path), 72)}</font>"
            )
        facts = [
            _("{n} players", n=v.players_min)
            if v.players_min == v.players_max
            else _("{lo}\u2013{hi} players", lo=v.players_min, hi=v.players_max)
        ]
        targets = self._target(self.selected)
        if targets:
            facts.append(target_text(targets))
        return (
            heading + f"<b>{esc(DOT.join(facts))}</b><br><br>{esc(_(v.description))}<br><br>"
            f"<font pixel_size={self.px(13)}>"
            f"{path_html(printable(v.name) + DOT + _('File:') + ' ', printable(v.path), 72)}</font>"
        )

    def choose(self, index: int) -> None:
        """Show variant ``index`` (a click in the list, Up or Down): marked in the list, its board, its
        details and the buttons it allows, all in the next frame."""
        self.selected = index
        self._mark_in_list(index)
        self._show_preview()
        self.details.set_text(self._details())
        self._sync_buttons()

    def step_selection(self, step: int) -> None:
        """Up and Down: choose the variant above or below."""
        if not self.variants:
            return
        index = 0 if self.selected is None else min(max(self.selected + step, 0), len(self.variants) - 1)
        if index != self.selected:
            self.choose(index)

    def _mark_in_list(self, index: int) -> None:
        """Select item ``index`` of the list (alone) and scroll it into view."""
        if self.list is None:
            return
        for i, item in enumerate(self.list.item_list):
            item["selected"] = i == index
            button = item["button_element"]
            if button is not None and i == index:
                button.select()
            elif button is not None:
                button.unselect()
        bar = self.list.scroll_bar
        if bar is not None:
            top, bottom = index / len(self.variants), (index + 1) / len(self.variants)
            if top < bar.start_percentage:
                bar.set_scroll_from_start_percentage(top)
            elif bottom > bar.start_percentage + bar.visible_percentage:
                bar.set_scroll_from_start_percentage(bottom - bar.visible_percentage)

    def _sync_buttons(self) -> None:
        ok = self.selected is not None and self.variants[self.selected].error is None
        for button in (self.play_button, self.rules_button, self.edit_button, self.new_board_button):
            if ok:
                button.enable()
            else:
                button.disable()
        if not ok and self.selected is not None:
            self.play_button.set_tooltip(_("This rule file is broken; its problems are listed on the right"))
        if ok and self.variants[self.selected].own:  # type: ignore[index]  # ok: one is chosen
            self.export_button.enable()
            self.export_button.set_tooltip(
                _("Write this board as one file to give to a friend, in your boards folder (X)"))
        else:
            self.export_button.disable()
            self.export_button.set_tooltip(
                _("Only your own boards and variants are exported (X): the game's come with every copy of it")
                if ok or self.selected is None
                else _("This rule file is broken; its problems are listed on the right"))

    # actions ---------------------------------------------------------------------------------------

    def play(self) -> None:
        if self.selected is None or self.variants[self.selected].error:
            return
        self.app.go("new_game", variant=self.variants[self.selected].name)

    def edit_board(self, empty: bool = False) -> None:
        """The board editor (issue 34): an own file made by it is edited itself; any other board is the
        start of a new one (a new board on an empty grid with ``empty``)."""
        if self.selected is None or self.variants[self.selected].error:
            return
        v = self.variants[self.selected]
        if empty:
            self.app.go("editor", v.name, shape="3-4")
        elif v.own:
            self.app.go("editor", v.name, path=v.path)
        else:
            self.app.go("editor", v.name)

    def export(self) -> None:
        """Export the chosen own board as one file for a friend (board_share.export_own_board)."""
        v = self.variants[self.selected] if self.selected is not None else None
        if v is not None and v.own and v.error is None:
            export_own_board(self.app, v.path)

    def show_rules(self) -> None:
        if self.selected is None or self.variants[self.selected].error:
            return
        self.app.go("rules", variant=self.variants[self.selected].name)

    def open_folder(self) -> None:
        """Show the player's rule folder in the system's file manager (creating it), or say where it is."""
        show_folder(self.app, user_rules_dir(), _("Your rule files"),
                    N_("Your own rule files go in this folder:\n{folder}"))

    def primary(self) -> bool:
        self.play()
        return True

    def on_button(self, element: object) -> bool:
        if element is self.back_button:
            self.back()
        elif element is self.play_button:
            self.play()
        elif element is self.rules_button:
            self.show_rules()
        elif element is self.folder_button:
            self.open_folder()
        elif element is self.edit_button:
            self.edit_board()
        elif element is self.new_board_button:
            self.edit_board(empty=True)
        elif element is self.export_button:
            self.export()
        elif element is self.import_button:
            self.app.go("import_boards")
        else:
            return False
        return True

    def shortcuts(self) -> dict[int, Any]:
        return {pygame.K_UP: lambda: self.step_selection(-1), pygame.K_DOWN: lambda: self.step_selection(1),
                pygame.K_e: self.edit_board, pygame.K_n: lambda: self.edit_board(empty=True),
                pygame.K_x: self.export, pygame.K_i: lambda: self.app.go("import_boards")}

    def on_widget_event(self, event: pygame.event.Event) -> bool:
        if event.ui_element is self.list:
            chosen = self.list.get_single_selection(include_object_id=True)
            if chosen is not None:
                self.choose(int(chosen[1].removeprefix("#variant_")))
            return True
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_f and not getattr(event, "mod", 0) & (
            pygame.KMOD_CTRL | pygame.KMOD_ALT
        ):
            self.open_folder()
            return True
        if (
            event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION
            and event.ui_element is self.list
        ):
            self.play()
            return True
        if (
            event.type == pygame_gui.UI_SELECTION_LIST_DROPPED_SELECTION
            and event.ui_element is self.list
            and self.selected is not None
        ):
            # a click on the chosen item left none selected: it stays chosen, as its details do (a click on
            # another item drops the chosen one too, and has selected the new one already)
            if self.list.get_single_selection() is None:
                self._mark_in_list(self.selected)
            return True
        return super().handle_event(event)


def _own_files_now() -> tuple[tuple[str, int, int], ...]:
    """The player's own rule files with their times and sizes: when it changes, the list is out of date."""
    out = []
    for path in own_rule_files():
        try:
            st = path.stat()
        except OSError:
            continue
        out.append((path.name, st.st_mtime_ns, st.st_size))
    return tuple(out)
