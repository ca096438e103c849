"""Loading and saving games: the Load screen, the Save overlay, and the helpers that start a game scene.

A file that cannot be read is reported with its path and the problem and is never changed or deleted
unless the player asks for it with Delete.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements import UILabel, UIPanel, UITextBox, UITextEntryLine

from ...engine.any_game import kind_of
from ...i18n import _
from ...persistence import SaveError, SaveInfo, list_saves, load_game
from ...persistence.userdirs import autosave_path, data_dir, saves_dir
from ...text import save_problem
from ..launch import config_for, resume_save
from ..screens import screen
from ..widgets import (
    ERROR_RED,
    PanelOverlay,
    ScreenScene,
    TipButton,
    esc,
    path_html,
    preload_font,
    saved_date,
    short_date,
)
from .records import export_save

if TYPE_CHECKING:
    from ..app import App


# ---------------------------------------------------------------------------------------- helpers


def _autosave_info() -> SaveInfo | None:
    path = autosave_path()
    if not path.is_file():
        return None
    for info in list_saves(data_dir()):
        if info.path.name == path.name:
            return info
    return SaveInfo(path, path.stem, "", "?", 0, error=_("unreadable"))


# ---------------------------------------------------------------------------------------- load


@screen("load")
class LoadScene(ScreenScene):
    """Every named save plus the autosave, with Load, Delete and Back."""

    panel_size = (1040, 640)
    list_prefix = "save"
    rebuilds_on_resume = True  # (the saves may have changed): its widgets go while a full screen hides it

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.title = _("Load game")
        self.entries: list[tuple[SaveInfo, bool]] = []  # (info, is the autosave?)
        self.selected: int | None = None
        self.problems: dict[Path, str] = {}

    def refresh(self) -> None:
        """Read the saves folder again."""
        self.entries = []
        self.problems = {}
        auto = _autosave_info()
        if auto is not None:
            self.entries.append((auto, True))
        self.entries.extend((info, False) for info in list_saves(saves_dir()))
        if self.selected is not None and self.selected >= len(self.entries):
            self.selected = len(self.entries) - 1 if self.entries else None
        if self.selected is None and self.entries:
            self.selected = 0

    def enter(self) -> None:
        self.refresh()
        super().enter()

    def resume(self) -> None:
        self.refresh()
        self.rebuild()

    def _label(self, i: int) -> str:
        info, auto = self.entries[i]
        name = _("Autosave") if auto else info.name
        if info.error:
            problem = self._problem(info)
            if len(problem) > 48:
                problem = problem[:47] + "\u2026"
            return f"   \u26a0 {name}  \u2014  {problem}"
        return f"   {name}  \u2014  {_('turn {n}', n=info.turn)}  \u00b7  {saved_date(info.saved_at)}"

    def build(self) -> None:
        panel, inner = self.make_panel()
        list_w = int(inner.w * 0.56)
        preload_font(self.ui, "dejavu_sans", self.px(13))
        items = [(self._label(i), f"#save_{i}") for i in range(len(self.entries))]
        self.list, self.details = self.list_and_details(
            inner,
            list_w,
            items,
            self.selected,
            self._details(),
            _(
                "No saved games yet. Save a game from the pause menu (Esc during a game); "
                "the game also autosaves after every turn."
            ),
        )
        (self.back_button, self.delete_button, self.export_button, self.import_button, self.replay_button,
         self.load_button) = self.footer_buttons(
            inner,
            [
                (_("Back"), _("Return (Esc)"), False),
                (_("Delete"), _("Delete the selected save (asks first)"), False),
                (_("Export"), _("Write the selected game as a record file to send: its rules, seed and every "
                                "move (X)"), False),
                (_("Import\u2026"), _("Replay or keep a game record you were sent (I)"), False),
                (_("Replay"), _("Watch the selected game from its start, move by move (R)"), False),
                (_("Load"), _("Continue the selected game (Enter)"), True),
            ],
            width=150,
        )
        self._sync_buttons()

    def _details(self) -> str:
        if self.selected is None:
            return _("Nothing selected.")
        info, auto = self.entries[self.selected]
        name = _("Autosave") if auto else info.name
        lines = [f"<b>{esc(name)}</b>", ""]
        if info.error:
            problem = esc(_("This file cannot be read: {problem}", problem=self._problem(info)))
            lines.append(f"<font color='{ERROR_RED}'>{problem}</font>")
        else:
            lines += [
                _("Variant: {v}", v=esc(info.variant)),
                _("Turn: {n}", n=info.turn),
                _("Saved: {d}", d=saved_date(info.saved_at)),
            ]
        path = path_html(_("File:") + " ", info.path, 56)
        lines += ["", f"<font pixel_size={self.px(13)}>{path}</font>"]
        return "<br>".join(lines)

    def _problem(self, info: SaveInfo) -> str:
        """What exactly is wrong with an unreadable save (read-only; remembered per file)."""
        if info.path not in self.problems:
            try:
                load_game(info.path)
                self.problems[info.path] = info.error or ""
            except SaveError as exc:
                self.problems[info.path] = save_problem(exc)
        return self.problems[info.path]

    def _sync_buttons(self) -> None:
        for button in (self.load_button, self.delete_button, self.replay_button, self.export_button):
            if self.selected is None:
                button.disable()
            else:
                button.enable()
        if self.selected is not None and self.entries[self.selected][0].error:
            for button in (self.load_button, self.replay_button, self.export_button):
                button.disable()
                button.set_tooltip(_("This file cannot be read; see the details on the right"))

    # actions ---------------------------------------------------------------------------------------

    def select(self, index: int | None) -> None:
        self.selected = index
        self.details.set_text(self._details())
        self._sync_buttons()

    def load_selected(self) -> None:
        if self.selected is None:
            return
        info, auto = self.entries[self.selected]
        playing = [getattr(sc, "game", None) for sc in self.app.scenes]  # the game screen below, if any
        if not any(game is not None and not game.is_over for game in playing):
            resume_save(self.app, info.path)
            return
        name = _("the autosave") if auto else f"\u201c{info.name}\u201d"
        self.app.confirm(  # issue 12: loading replaced the game being played without asking
            _("Leave the game you are playing?"),
            _("Load {name}? The game you are playing now is closed: what was played since its last autosave "
              "(at the end of the last turn) is lost.", name=name),
            lambda: resume_save(self.app, info.path),
            yes=_("Load"),
        )

    def replay_selected(self) -> None:
        """Watch the selected save from its start (the game being played, if any, stays as it is)."""
        if self.selected is None:
            return
        info, _auto = self.entries[self.selected]
        try:
            loaded = load_game(info.path)
        except SaveError as exc:
            self.app.show_message(_("This game cannot be loaded"), f"{exc.path}: {save_problem(exc)}")
            return
        if kind_of(loaded.game) != "board":
            self.app.show_message(_("No replay"), _("The replay shows board games only; load this dice game "
                                                    "to continue it."))
            return
        self.app.go("replay", loaded.game, config_for(loaded))

    def export_selected(self) -> None:
        """Write the selected save as a game record in the records folder, to send it (issue 19)."""
        if self.selected is None:
            return
        info, auto = self.entries[self.selected]
        export_save(self.app, info.path, "" if auto else info.name)

    def open_import(self) -> None:
        self.app.go("import_records")

    def delete_selected(self) -> None:
        if self.selected is None:
            return
        info, auto = self.entries[self.selected]
        name = _("the autosave") if auto else f"\u201c{info.name}\u201d"
        self.app.confirm(
            _("Delete this save?"),
            _("Delete {name}? This cannot be undone.\n{path}", name=name, path=info.path),
            lambda: self._delete(info.path),
            yes=_("Delete"),
        )

    def _delete(self, path: Path) -> None:
        try:
            path.unlink()
        except FileNotFoundError:
            pass
        except OSError as exc:
            self.app.show_message(_("Cannot delete"), f"{path}: {exc.strerror or exc}")
        self.refresh()
        self.rebuild()

    def primary(self) -> bool:
        if self.load_button.is_enabled:
            self.load_selected()
        return True

    def on_button(self, element: object) -> bool:
        if element is self.back_button:
            self.back()
        elif element is self.load_button:
            self.load_selected()
        elif element is self.delete_button:
            self.delete_selected()
        elif element is self.replay_button:
            self.replay_selected()
        elif element is self.export_button:
            self.export_selected()
        elif element is self.import_button:
            self.open_import()
        else:
            return False
        return True

    def on_double_click(self) -> None:
        self.load_selected()

    def shortcuts(self) -> dict[int, Any]:
        keys: dict[int, Any] = {pygame.K_i: self.open_import}
        if self.selected is not None:
            keys[pygame.K_DELETE] = self.delete_selected
        for key, button, action in ((pygame.K_r, self.replay_button, self.replay_selected),
                                    (pygame.K_x, self.export_button, self.export_selected)):
            if button.is_enabled:
                keys[key] = action
        return keys


# ---------------------------------------------------------------------------------------- save


def default_save_name(now: _dt.datetime | None = None) -> str:
    """ "Game of 22 Nov 14:05"."""
    return _("Game of {date}", date=short_date(now or _dt.datetime.now()))


@screen("save")
class SaveScene(PanelOverlay):
    """Name the save, then write it with the game's ``save`` (a name -> the file written; raises SaveError);
    asks before replacing a save of that name."""

    def __init__(self, app: App, save: Callable[[str], Path]) -> None:
        super().__init__(app)
        self.save_as = save
        self.name = default_save_name()

    def build(self) -> None:
        rect = self.centred(560, 250)
        panel = UIPanel(rect, manager=self.ui)
        pad = self.px(20)
        UILabel(
            pygame.Rect(pad, self.px(14), rect.w - 2 * pad, self.px(36)),
            _("Save game"),
            manager=self.ui,
            container=panel,
            object_id="#heading",
        )
        UILabel(
            pygame.Rect(pad, self.px(60), rect.w - 2 * pad, self.px(24)),
            _("Name of the save:"),
            manager=self.ui,
            container=panel,
            object_id="#form_label",
        )
        self.entry = UITextEntryLine(
            pygame.Rect(pad, self.px(88), rect.w - 2 * pad, self.px(42)),
            manager=self.ui,
            container=panel,
            initial_text=self.name,
        )
        self.entry.set_text_length_limit(60)
        self.entry.focus()
        # the suggested name is selected: typing replaces it, Enter keeps it (as a desktop save box does)
        self.entry.select_range = [0, len(self.name)]
        self.entry.edit_position = len(self.name)
        UITextBox(
            esc(_("Saved in {folder}", folder=saves_dir())),
            pygame.Rect(pad, self.px(134), rect.w - 2 * pad, self.px(40)),
            manager=self.ui,
            container=panel,
            object_id="#plain_text",
        )
        bw, bh = self.px(150), self.px(46)
        y = rect.h - bh - pad
        self.cancel = TipButton(
            pygame.Rect(rect.w - pad - 2 * bw - self.px(12), y, bw, bh),
            _("Cancel"),
            manager=self.ui,
            container=panel,
            tool_tip_text=_("Back to the game (Esc)"),
        )
        self.save = TipButton(
            pygame.Rect(rect.w - pad - bw, y, bw, bh),
            _("Save"),
            manager=self.ui,
            container=panel,
            object_id="#primary",
            tool_tip_text=_("Write the save (Enter)"),
        )

    def submit(self) -> None:
        name = self.entry.get_text().strip()
        if not name:
            self.app.show_message(_("Save game"), _("Please give the save a name."))
            return
        self.name = name
        taken = any(info.name.casefold() == name.casefold() for info in list_saves(saves_dir()))
        if taken:
            self.app.confirm(
                _("Replace the save?"),
                _("There is already a save called \u201c{name}\u201d. Replace it with this game?", name=name),
                lambda: self._write(name),
                yes=_("Replace"),
            )
        else:
            self._write(name)

    def _write(self, name: str) -> None:
        try:
            path = self.save_as(name)
        except SaveError as exc:
            self.app.show_message(
                _("The game was not saved"),
                _("File: {file}\n\nProblem: {problem}", file=exc.path, problem=save_problem(exc)),
            )
            return
        if self.app.top is self:
            self.app.pop()
        self.app.show_message(
            _("Game saved"), _("Saved as \u201c{name}\u201d.\n{path}", name=name, path=path)
        )

    def on_button(self, element: object) -> bool:
        if element is self.cancel:
            self.app.pop()
        elif element is self.save:
            self.submit()
        else:
            return False
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.submit()
            return True
        return super().handle_event(event)
