"""Game records in the desktop (issue 19): export the selected save as a record to send, and import the
records put in the records folder (a file a friend sent), to replay them or keep them as saves.

A record is the game as text: its rules, seed and every action (``persistence.records``). Reading one replays
it from its seed with every action checked, so an imported record is a game that really happened under its
rules; a damaged one is listed with its problem and left untouched.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from ...i18n import N_, _
from ...persistence import LoadedSave, SaveError, export_record, import_record, load_game, read_record
from ...persistence.records import SUFFIX, new_file
from ...persistence.userdirs import records_dir, saves_dir
from ...text import save_problem
from ..launch import config_for
from ..screens import screen
from ..widgets import ERROR_RED, ScreenScene, esc, path_html, preload_font, show_folder

if TYPE_CHECKING:
    from ..app import App

MAX_LISTED = 200  # record files listed (a folder of thousands stays quick to open; each is read when chosen)
FOLDER_WORDS = N_("Game records you were sent go in this folder:\n{folder}")


def export_save(app: App, path: Path, name: str) -> Path | None:
    """Write the save at ``path`` as a record in the records folder (a new file) and say where it is, with
    a button to show the folder; returns the record's path (None after showing the problem)."""
    try:
        loaded = load_game(path)
        folder = records_dir()
        folder.mkdir(parents=True, exist_ok=True)
        target = new_file(folder, path.stem, SUFFIX)
        export_record(loaded.game, target, name or loaded.name, loaded.meta)
    except SaveError as exc:
        app.show_message(_("The record was not written"), f"{exc.path}: {save_problem(exc)}")
        return None
    except OSError as exc:
        app.show_message(_("The record was not written"), f"{records_dir()}: {exc.strerror or exc}")
        return None
    app.confirm(
        _("Game record written"),
        _("{path}\n\nSend this file to replay the game on another computer: there, put it in the game's "
          "records folder and choose Load game \u203a Import.", path=target),
        lambda: show_folder(app, records_dir(), _("Game records"), FOLDER_WORDS),
        yes=_("Show the folder"),
    )
    return target


@screen("import_records")
class ImportScene(ScreenScene):
    """The record files in the records folder: replay one, or import it as a named save."""

    panel_size = (1040, 640)
    list_prefix = "record"
    rebuilds_on_resume = True  # (the records may have changed): its widgets go while a full screen hides it

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.title = _("Import a game record")
        self.files: list[Path] = []
        self.read: dict[Path, LoadedSave | str] = {}  # each file read once: the game, or its problem
        self.selected: int | None = None
        self.imported: Path | None = None

    def refresh(self) -> None:
        folder = records_dir()
        try:
            found = [p for p in folder.iterdir() if p.is_file() and p.name.endswith(".txt")]
        except OSError:
            found = []
        self.files = sorted(found, key=lambda p: p.name.lower())[:MAX_LISTED]
        if self.selected is not None and self.selected >= len(self.files):
            self.selected = None
        if self.selected is None and self.files:
            self.selected = 0

    def enter(self) -> None:
        self.refresh()
        super().enter()

    def resume(self) -> None:
        self.refresh()
        self.rebuild()

    def record(self, path: Path) -> LoadedSave | str:
        if path not in self.read:
            try:
                self.read[path] = read_record(path)
            except SaveError as exc:
                self.read[path] = save_problem(exc)
        return self.read[path]

    def build(self) -> None:
        panel, inner = self.make_panel()
        preload_font(self.ui, "dejavu_sans", self.px(13))
        items = [(f"   {p.name}", f"#record_{i}") for i, p in enumerate(self.files)]
        empty = esc(_(FOLDER_WORDS, folder=records_dir())).replace("\n", "<br>")
        self.list, self.details = self.list_and_details(inner, int(inner.w * 0.48), items, self.selected,
                                                        self._details(), empty)
        self.back_button, self.folder_button, self.replay_button, self.import_button = self.footer_buttons(
            inner,
            [
                (_("Back"), _("Return (Esc)"), False),
                (_("Show the folder"), _("Open the records folder, to put a record you were sent in it (F)"),
                 False),
                (_("Replay"), _("Watch the selected record from its start (R)"), False),
                (_("Import"), _("Keep the selected record as a named save (Enter)"), True),
            ],
            width=190,
        )
        self._sync_buttons()

    def _details(self) -> str:
        if self.selected is None:
            return esc(_(FOLDER_WORDS, folder=records_dir())).replace("\n", "<br>")
        path = self.files[self.selected]
        read = self.record(path)
        lines = [f"<b>{esc(path.name)}</b>", ""]
        if isinstance(read, str):
            problem = esc(_("This record cannot be used: {problem}", problem=read))
            lines.append(f"<font color='{ERROR_RED}'>{problem}</font>")
        else:
            game = read.game
            lines += [
                esc(_("Game: {name}", name=read.name or path.stem)),
                esc(_("Variant: {v}", v=_(game.rules.title))),
                esc(_("Players: {n}", n=game.players)),
                esc(_("Turn: {n}", n=game.turn)),
                esc(_("Actions: {n}", n=len(game.history))),
                esc(_("Finished") if game.is_over else _("Not finished")),
            ]
        lines += ["", f"<font pixel_size={self.px(13)}>{path_html(_('File:') + ' ', path, 56)}</font>"]
        return "<br>".join(lines)

    def _sync_buttons(self) -> None:
        usable = self.selected is not None and not isinstance(self.record(self.files[self.selected]), str)
        for button in (self.replay_button, self.import_button):
            button.enable() if usable else button.disable()

    def select(self, index: int | None) -> None:
        self.selected = index
        self.details.set_text(self._details())
        self._sync_buttons()

    def _chosen(self) -> tuple[Path, LoadedSave] | None:
        if self.selected is None:
            return None
        path = self.files[self.selected]
        read = self.record(path)
        return None if isinstance(read, str) else (path, read)

    def replay_selected(self) -> None:
        chosen = self._chosen()
        if chosen is None:
            return
        self.app.go("replay", chosen[1].game, config_for(chosen[1]))

    def import_selected(self) -> None:
        chosen = self._chosen()
        if chosen is None:
            return
        try:
            target, loaded = import_record(chosen[0], saves_dir())
        except SaveError as exc:
            self.app.show_message(_("This record cannot be imported"), f"{exc.path}: {save_problem(exc)}")
            return
        self.imported = target
        self.app.pop()  # back to Load game, where the new save is listed
        self.app.show_message(_("Record imported"), _(
            "{name} is now a save: load it to play on, or replay it.\n{path}",
            name=loaded.name or chosen[0].stem, path=target))

    def primary(self) -> bool:
        if self.import_button.is_enabled:
            self.import_selected()
        return True

    def on_button(self, element: object) -> bool:
        if element is self.back_button:
            self.back()
        elif element is self.folder_button:
            show_folder(self.app, records_dir(), _("Game records"), FOLDER_WORDS)
        elif element is self.replay_button:
            self.replay_selected()
        elif element is self.import_button:
            self.import_selected()
        else:
            return False
        return True

    def on_double_click(self) -> None:
        self.replay_selected()

    def shortcuts(self) -> dict[int, Any]:
        return {pygame.K_r: self.replay_selected, pygame.K_f: lambda: show_folder(
            self.app, records_dir(), _("Game records"), FOLDER_WORDS)}
