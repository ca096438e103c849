"""Boards shared between friends (issue 34): Scenarios & variants exports one of the player's own boards as
one file in the boards folder (``export_own_board``), and Import lists the files put there (a board a friend
gave), each with its board, its rules and the name it will take, or its problems, and copies the chosen one
into the player's own rule files, where Scenarios & variants and New game offer it at once.

The files are read and checked by ``editor.share``, through the rule-file loader: a broken or hostile file
(too large, not text, a link, a name with '/' or U+202E) is listed with its problem and cannot be imported.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements import UIImage

from ...editor.share import Incoming, ShareError, check_import, export_board, import_board, shared_files
from ...engine import Ruleset
from ...i18n import N_, _, tr
from ...persistence.userdirs import boards_dir
from ...render.preview import board_preview
from ...variants import RuleFileError
from ...variants.file_names import printable
from ..screens import screen
from ..widgets import ERROR_RED, ScreenScene, esc, path_html, preload_font, show_folder
from .rules import target_text, targets_by_players

if TYPE_CHECKING:
    from ..app import App

FOLDER_WORDS = N_("Boards you export, and boards friends give you, go in this folder:\n{folder}")
MAX_PROBLEMS = 8  # lines of a broken file's problems in a message (the import screen lists them all)
PREVIEW_SHARE = 0.42  # of the details pane's height, above its text
DOT = " \u00b7 "


def share_problem(exc: ShareError) -> str:
    """A ShareError in the player's words."""
    file = printable(exc.fields.get("file", ""))
    if exc.code == "link":
        return _("{file}: is a link, not a file; put the file itself in the folder", file=file)
    if exc.code == "unknown_base":
        return _("{file}: it extends '{name}', which is neither a variant of the game nor one of your own "
                 "rule files. Import that one first, or ask for the board again: Export puts everything it "
                 "needs in one file.", file=file, name=printable(exc.fields.get("name", "")))
    if exc.code == "not_written":
        return _("{file}: could not be written ({error})", file=file, error=exc.fields.get("error", ""))
    return _("{file}: the exported file would not give the same rules; nothing was written", file=file)


def rule_problems(exc: RuleFileError, limit: int | None = MAX_PROBLEMS) -> str:
    """The loader's problems in the player's language, one a line (the first ``limit`` and how many more)."""
    lines = [tr(p) for p in exc.problems]
    if limit is not None and len(lines) > limit:
        lines = [*lines[:limit], _("... and {n} more", n=len(lines) - limit)]
    return "\n".join(lines)


def export_own_board(app: App, path: Path) -> Path | None:
    """Write the player's rule file ``path`` as one file to give to a friend in the boards folder (a new
    file) and say where it is, with a button to show the folder; returns its path (None after showing the
    problem)."""
    title = _("The board was not exported")
    try:
        target = export_board(path, boards_dir())
    except RuleFileError as exc:
        app.show_message(title, esc(rule_problems(exc)))  # a message is HTML: a file's '<' shown as it is
        return None
    except ShareError as exc:
        app.show_message(title, esc(share_problem(exc)))
        return None
    app.confirm(
        _("Board exported"),
        _("{path}\n\nGive this file to a friend. On their computer it goes in the game's boards folder; "
          "then Scenarios & variants \u203a Import adds it to their variants.", path=target),
        lambda: show_folder(app, boards_dir(), _("Shared boards"), FOLDER_WORDS),
        yes=_("Show the folder"),
    )
    return target


@screen("import_boards")
class ImportBoardsScene(ScreenScene):
    """The rule files in the boards folder: the chosen one's board and rules (or problems); Import copies it
    into the player's own rule files."""

    panel_size = (1040, 640)
    list_prefix = "board"
    rebuilds_on_resume = True  # (the files may have changed): its widgets go while a full screen hides it

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.title = _("Import a board")
        self.files: list[Path] = []
        # each file checked once (again when it changes): what it would be, or its problem in words
        self.read: dict[Path, tuple[object, Incoming | RuleFileError | ShareError]] = {}
        self.selected: int | None = None
        self.imported: Path | None = None
        self.preview_image: UIImage | None = None
        self.pane = pygame.Rect(0, 0, 0, 0)

    def refresh(self) -> None:
        self.files = shared_files(boards_dir())
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

    def checked(self, path: Path) -> Incoming | RuleFileError | ShareError:
        """What ``path`` would be once imported, or why it cannot be (read once, again after a change)."""
        try:
            st = os.lstat(path)
            stamp: object = (st.st_mtime_ns, st.st_size, st.st_ino)
        except OSError:
            stamp = None
        known = self.read.get(path)
        if known is None or known[0] != stamp:
            try:
                result: Incoming | RuleFileError | ShareError = check_import(path)
            except (RuleFileError, ShareError) as exc:
                result = exc
            self.read[path] = (stamp, result)
        return self.read[path][1]

    def build(self) -> None:
        panel, inner = self.make_panel()
        preload_font(self.ui, "vollkorn_bold", self.px(24))
        preload_font(self.ui, "dejavu_sans", self.px(13))
        items = [(f"   {printable(p.name)}", f"#board_{i}") for i, p in enumerate(self.files)]
        empty = esc(_(FOLDER_WORDS, folder=boards_dir())).replace("\n", "<br>")
        self.list, self.details = self.list_and_details(inner, int(inner.w * 0.4), items, self.selected,
                                                        self._details(), empty)
        self.pane = pygame.Rect(self.details.relative_rect)
        blank = pygame.Surface((1, 1), pygame.SRCALPHA)
        self.preview_image = UIImage(self._preview_rect(), blank, manager=self.ui, container=panel)
        self.back_button, self.folder_button, self.import_button = self.footer_buttons(
            inner,
            [
                (_("Back"), _("Return (Esc)"), False),
                (_("Show the folder"), _("Open the boards folder, to put a board you were given in it (F)"),
                 False),
                (_("Import"), _("Add the selected board to your own variants (Enter)"), True),
            ],
            width=190,
        )
        self._show()

    def _preview_rect(self) -> pygame.Rect:
        edge = self.pane.inflate(-2 * self._shadow(), -2 * self._shadow())
        return pygame.Rect(edge.topleft, (edge.w, round(edge.h * PREVIEW_SHARE)))

    def _shadow(self) -> int:
        return int(getattr(self.details, "shadow_width", 0))

    def _show(self) -> None:
        """The chosen file's board above its text (the text alone for a broken file), and the buttons."""
        chosen = self._chosen()
        rect = self._preview_rect()
        picture = None
        if chosen is not None:
            picture = board_preview(self.app.assets, Ruleset.build(chosen.data), rect.size)
        if self.preview_image is not None:
            if picture is not None:
                self.preview_image.set_image(picture)
                self.preview_image.show()
            else:
                self.preview_image.hide()
        top = rect.bottom + self.px(10) - self._shadow() if picture is not None else self.pane.y
        box = pygame.Rect(self.pane.x, top, self.pane.w, self.pane.bottom - top)
        if pygame.Rect(self.details.relative_rect) != box:
            self.details.set_relative_position(box.topleft)
            self.details.set_dimensions(box.size)
            self.details.rebuild()
        self.details.set_text(self._details())
        if chosen is not None:
            self.import_button.enable()
        else:
            self.import_button.disable()

    def _details(self) -> str:
        if self.selected is None:
            return esc(_(FOLDER_WORDS, folder=boards_dir())).replace("\n", "<br>")
        path = self.files[self.selected]
        read = self.checked(path)
        small = f"<font pixel_size={self.px(13)}>{path_html(_('File:') + ' ', printable(path), 64)}</font>"
        if not isinstance(read, Incoming):
            problems = rule_problems(read, None) if isinstance(read, RuleFileError) else share_problem(read)
            lines = "<br>".join(esc(line) for line in problems.splitlines())
            return (f"<b>{esc(printable(path.name))}</b><br><br>"
                    + esc(_("This file cannot be imported:")) + "<br><br>"
                    f"<font color='{ERROR_RED}'>{lines}</font><br><br>{small}")
        data = read.data
        players = data["players"]
        facts = [
            _("{n} players", n=players["min"]) if players["min"] == players["max"]
            else _("{lo}\u2013{hi} players", lo=players["min"], hi=players["max"])
        ]
        targets = self._targets(read)
        if targets:
            facts.append(target_text(targets))
        title = esc(printable(_(str(data["title"]))))
        joins = _("It joins your own variants as '{name}'.", name=read.stem)
        if read.renamed:
            joins += " " + _("(A variant named '{name}' is there already.)", name=read.original)
        return (
            f"<font face='vollkorn_bold' pixel_size={self.px(24)}>{title}</font><br>"
            f"<b>{esc(DOT.join(facts))}</b><br><br>{esc(printable(_(str(data['description']))))}<br><br>"
            f"{esc(joins)}<br><br>{small}"
        )

    def _targets(self, read: Incoming) -> dict[int, int] | None:
        try:
            return targets_by_players(Ruleset.build(read.data))
        except Exception:  # noqa: BLE001 (a sheet of the dice game, or rules a game cannot be set up with)
            return None

    def _chosen(self) -> Incoming | None:
        if self.selected is None:
            return None
        read = self.checked(self.files[self.selected])
        return read if isinstance(read, Incoming) else None

    def select(self, index: int | None) -> None:
        self.selected = index
        self._show()

    def import_selected(self) -> None:
        chosen = self._chosen()
        if chosen is None:
            return
        try:
            target = import_board(chosen.source)
        except RuleFileError as exc:  # changed since it was listed
            self.app.show_message(_("This board cannot be imported"), esc(rule_problems(exc)))
            return
        except ShareError as exc:
            self.app.show_message(_("This board cannot be imported"), esc(share_problem(exc)))
            return
        self.imported = target
        self.app.pop()  # back to Scenarios & variants, which lists it at once, chosen
        self.app.show_message(_("Board imported"), esc(_(
            "{title} is now one of your own variants: Scenarios & variants and New game offer it.\n{path}",
            title=printable(_(str(chosen.data["title"]))), path=target)))

    def open_folder(self) -> None:
        show_folder(self.app, boards_dir(), _("Shared boards"), FOLDER_WORDS)

    def primary(self) -> bool:
        if self.import_button.is_enabled:
            self.import_selected()
        return True

    def on_button(self, element: object) -> bool:
        if element is self.back_button:
            self.back()
        elif element is self.folder_button:
            self.open_folder()
        elif element is self.import_button:
            self.import_selected()
        else:
            return False
        return True

    def on_double_click(self) -> None:
        self.import_selected()

    def shortcuts(self) -> dict[int, Any]:
        return {pygame.K_f: self.open_folder}
