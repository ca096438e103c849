"""The board editor (issue 34): paint a board's hexes, give them number tokens, put harbours on its coast and
the robber on its start, with the fairness figures and what is still wrong beside it, then save it as a
variant of one's own that New game offers at once.

Tools on the left (a terrain brush per terrain, numbers, harbours, the robber), the board in the middle, and
on the right the figures, the problems, the file's name and title, and Balance numbers / Save / Play. The
model is ``editor.session.EditorSession`` (pure); this screen only draws it and turns input into its edits.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UILabel, UITextBox, UITextEntryLine

from ...editor.map_session import MapSession, session_for_file, session_for_variant
from ...editor.session import NUMBERS, SHAPES, EditorSession
from ...editor.testplay import TestPlay
from ...engine import RulesetError
from ...i18n import _
from ...paths import user_rules_dir
from ...render.board import BoardRenderer
from ...render.layout import BoardLayout as ScreenLayout
from ...variants import RuleFileError
from ..screens import screen
from ..widgets import DropDown, ScreenScene, TipButton
from .editor_board import EditorBoard
from .editor_info import info_html, issue_text
from .editor_places import PlaceWidgets, harbour_tool, map_tools, toggle

if TYPE_CHECKING:
    from ..app import App

NAME_RE = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
TEST_GAMES = 40  # games of a test play
INFO_EVERY = 0.15  # seconds between rewrites of the figures while a brush stroke goes on (a rewrite: ~20 ms)


class EditorScene(EditorBoard, ScreenScene):
    """The board editor. Keys: 1-9 a terrain, N numbers (+ / - change the number, Shift and the wheel the
    number of the hex under the pointer), H harbours (red paths on a map), R the robber, P places (a map),
    B balance numbers, T test play, Ctrl+Z / Ctrl+Y undo / redo, Ctrl+S save, Esc back; the wheel, Ctrl and
    + / -, 0 and the arrows zoom and pan (``editor_board``)."""

    def __init__(self, app: App, session: EditorSession | MapSession) -> None:
        super().__init__(app)
        self.title = _("Board editor")
        self.session = session
        if session.meta.description == "":
            session.meta.description = _("A board made with the board editor.")
        self.tool = "paint"
        self.brush = session.terrains[0]
        self.number = 6
        self.seed = 1
        self.renderer = BoardRenderer(app.assets)
        self.board_rect = pygame.Rect(0, 0, 1, 1)
        self.layout: ScreenLayout | None = None
        self.hover: int | None = None  # hex (or edge, with the harbour tool) under the mouse
        self.selected: int | None = None  # the location the place widgets edit (a map board)
        self.zoom = 1.0
        self.focus: tuple[float, float] | None = None
        self.dragging = False
        self._shown_version = -1
        self.test: TestPlay | None = None  # computers playing the board in a thread (Test play)
        self.test_version = -1  # the board's version the test play's figures are for
        self.tool_buttons: dict[str, Any] = {}

    # layout ----------------------------------------------------------------------------------------

    def build(self) -> None:
        w, h = self.app.size
        px = self.px
        left_w, right_w, top_h = px(190), px(330), px(46)
        self.board_rect = pygame.Rect(
            left_w + px(8), top_h + px(8), w - left_w - right_w - px(16), h - top_h - px(16)
        )
        self.layout = None
        self.tool_buttons = {}
        bx, by, bw, bh, gap = px(10), top_h + px(10), left_w - px(20), px(34), px(6)
        for i, terrain in enumerate(self.session.terrains):
            key = f"paint:{terrain}"
            self.tool_buttons[key] = TipButton(
                pygame.Rect(bx, by, bw, bh),
                f"{i + 1}  {_(terrain)}",
                manager=self.ui,
                tool_tip_text=_(
                    "Paint hexes {terrain}: click or drag; right-click clears a hex ({key})",
                    terrain=_(terrain),
                    key=i + 1,
                ),
            )
            by += bh + gap
        by += px(6)
        for key, label, tip in (
            (
                "number",
                _("Numbers ({n})", n=self.number),
                _(
                    "Click a hex to give it this number; + and - change it, Shift and the wheel change a "
                    "hex's; right-click takes it away (N)"
                ),
            ),
            harbour_tool(self.session.is_map),
            ("robber", _("Robber"), _("Click the hex the robber starts on (R)")),
            *(map_tools() if self.session.is_map else []),
        ):
            self.tool_buttons[key] = TipButton(
                pygame.Rect(bx, by, bw, bh), label, manager=self.ui, tool_tip_text=tip
            )
            by += bh + gap
        by += px(6)
        self.undo_button = TipButton(
            pygame.Rect(bx, by, (bw - gap) // 2, bh),
            _("Undo"),
            manager=self.ui,
            tool_tip_text=_("Undo the last change (Ctrl+Z)"),
        )
        self.redo_button = TipButton(
            pygame.Rect(bx + (bw + gap) // 2, by, (bw - gap) // 2, bh),
            _("Redo"),
            manager=self.ui,
            tool_tip_text=_("Redo what was undone (Ctrl+Y)"),
        )
        by += bh + gap + px(6)
        self.place_widgets: PlaceWidgets | None = None
        self.shape_menu: DropDown | None = None
        if self.session.is_map:  # a map keeps its shape: no empty grid to start again from; its places
            self.place_widgets = PlaceWidgets(self, pygame.Rect(bx, by, bw, bh))
            self._build_right(w - right_w, top_h, right_w, h - top_h)
            self._sync()
            return
        UILabel(pygame.Rect(bx, by, bw, px(22)), _("Start again:"), manager=self.ui, object_id="#bold_label")
        by += px(24)
        shapes = [(_("empty, {n} hexes", n=sum(rows)), name) for name, rows in SHAPES.items()]
        self.shape_menu = DropDown(
            [(_("shape\u2026"), "-"), *shapes],
            (_("shape\u2026"), "-"),
            pygame.Rect(bx, by, bw, bh),
            manager=self.ui,
        )
        self._build_right(w - right_w, top_h, right_w, h - top_h)
        self._sync()

    def _build_right(self, x0: int, y0: int, w: int, h: int) -> None:
        px = self.px
        x, y, cw = x0 + px(8), y0 + px(10), w - px(18)
        fields = (
            ("title", _("Title"), 60),
            ("name", _("File name"), 40),
            ("description", _("Description"), 200),
        )
        self.entries: dict[str, UITextEntryLine] = {}
        for key, label, limit in fields:
            UILabel(pygame.Rect(x, y, cw, px(20)), label, manager=self.ui, object_id="#bold_label")
            box = UITextEntryLine(
                pygame.Rect(x, y + px(21), cw, px(32)),
                manager=self.ui,
                initial_text=str(getattr(self.session.meta, key)),
            )
            box.set_text_length_limit(limit)
            self.entries[key] = box
            y += px(58)
        bw, bh, gap = (cw - px(8)) // 2, px(38), px(8)
        footer_y = y0 + h - px(10) - 3 * bh - 2 * gap
        self.info = UITextBox("", pygame.Rect(x, y, cw, footer_y - y - px(8)), manager=self.ui)
        self.test_button = TipButton(
            pygame.Rect(x + bw + gap, footer_y, bw, bh),
            _("Stop") if self._testing() else _("Test play"),
            manager=self.ui,
            tool_tip_text=_("Let computers play {n} quick games on this board: how often each place in the "
                            "turn order wins, and how rich its founding spots are (T)", n=TEST_GAMES),
        )
        footer_y += bh + gap
        self.balance_button = TipButton(
            pygame.Rect(x, footer_y - bh - gap, bw, bh),
            _("Balance numbers"),
            manager=self.ui,
            tool_tip_text=_(
                "Move the number tokens so that no 6 and 8 touch and every resource gets a fair share (B)"
            ),
        )
        self.save_button = TipButton(
            pygame.Rect(x, footer_y, bw, bh),
            _("Save"),
            manager=self.ui,
            object_id="#primary",
            tool_tip_text=_("Save the board in your own rule folder (Ctrl+S)"),
        )
        self.back_button = TipButton(
            pygame.Rect(x, footer_y + bh + gap, cw, bh),
            _("Back"),
            manager=self.ui,
            tool_tip_text=_("Leave the editor (Esc)"),
        )
        self.play_button = TipButton(
            pygame.Rect(x + bw + gap, footer_y, bw, bh),
            _("Play it"),
            manager=self.ui,
            tool_tip_text=_("Save the board and set up a game on it"),
        )

    # state shown -------------------------------------------------------------------------------------

    def _sync(self) -> None:
        """The buttons and the figures for the board as it is now (after an edit)."""
        s = self.session
        self._shown_version = s.version
        for key, button in self.tool_buttons.items():
            chosen = key == self.tool or key == f"{self.tool}:{self.brush}"
            button.set_text(("\u25b6 " if chosen else "") + button.text.removeprefix("\u25b6 "))
        self.tool_buttons["number"].set_text(
            ("\u25b6 " if self.tool == "number" else "") + _("Numbers ({n})", n=self.number)
        )
        for button, ok in ((self.undo_button, s.can_undo), (self.redo_button, s.can_redo)):
            button.enable() if ok else button.disable()
        if self.place_widgets is not None:
            self.place_widgets.sync(self)
        self._info_due = True  # the figures follow in ``update``, at most every INFO_EVERY seconds

    def look(self) -> object:
        """What the editor draws that may change without input: the board's version, the tool in hand,
        the hover, and figures still to be shown (Scene.look)."""
        return (self.session.version, self.tool, self.brush, self.number, self.hover, self.selected,
                self.zoom, self.focus, getattr(self, "_info_due", False),
                self.test.played if self.test else None)

    def update(self, dt: float) -> None:
        super().update(dt)
        now = time.perf_counter()
        test = self.test
        if test is not None and (test.played, test.done) != getattr(self, "_test_shown", None):
            self._test_shown = (test.played, test.done)
            self._info_due = True
            if test.done:
                self.test_button.set_text(_("Test play"))
        if getattr(self, "_info_due", False) and now - getattr(self, "_info_at", 0.0) >= INFO_EVERY:
            self._info_due, self._info_at = False, now
            self.info.set_text(self._info_html())

    def _info_html(self) -> str:
        return info_html(self.session, self.test, self.test_version)

    def _testing(self) -> bool:
        return self.test is not None and not self.test.done

    @property
    def animating(self) -> bool:
        """Frames keep coming while the computers test the board: its progress shows without input."""
        return self._testing()

    def exit(self) -> None:
        if self.test is not None:
            self.test.cancel()  # the games stop with the editor (a daemon thread, it ends on its own)
        super().exit()

    def test_play(self) -> None:
        """Start the test play (T), or stop the one running."""
        if self._testing():
            assert self.test is not None
            self.test.cancel()
            return
        s = self.session
        if s.issues():
            self.app.show_message(_("Cannot test yet"), "\n".join(issue_text(i) for i in s.issues()[:6]))
            return
        rules = s.rules()
        self.test = TestPlay(rules, s.meta.layout_name, rules.players_max, games=TEST_GAMES,
                             seed=s.version + 1).start()
        self.test_version = s.version
        self.test_button.set_text(_("Stop"))
        self._info_due = True

    # drawing -----------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        if self.session.version != self._shown_version:
            self._sync()
        self.draw_board(surface)
        self.draw_ui(surface)

    # input -------------------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
            return True
        if self.zoom_event(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._target(event.pos)
            if self.dragging and self.hover is not None and self.tool in ("paint", "number"):
                self._apply(self.hover, 3 if event.buttons[2] else 1)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            target = self._target(event.pos)
            if target is None:
                return False
            self.session.begin_stroke()
            self.dragging = True
            self._apply(target, event.button)
            return True
        if event.type == pygame.MOUSEBUTTONUP and self.dragging:
            self.dragging = False
            self.session.end_stroke()
            return True
        on_hex = self.tool not in ("harbour", "place")
        if event.type == pygame.MOUSEWHEEL and self.hover is not None and on_hex:
            hex_id = self.session.topology.hex_ids[self.hover]
            self.session.step_number(hex_id, 1 if event.y > 0 else -1)
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _typing(self) -> bool:
        boxes = [*self.entries.values(), *([self.place_widgets.entry] if self.place_widgets else [])]
        return any(box.is_focused for box in boxes)

    def _key(self, event: pygame.event.Event) -> bool:
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        if ctrl and event.key == pygame.K_z:
            (self.session.redo if event.mod & pygame.KMOD_SHIFT else self.session.undo)()
            return True
        if ctrl and event.key == pygame.K_y:
            self.session.redo()
            return True
        if ctrl and event.key == pygame.K_s:
            self.save()
            return True
        if event.key == pygame.K_ESCAPE:
            self.back()
            return True
        if self._typing() or ctrl:
            return False
        terrains = self.session.terrains
        digit = event.key - pygame.K_1
        if 0 <= digit < min(9, len(terrains)):
            self.choose(f"paint:{terrains[digit]}")
        elif event.key == pygame.K_n:
            self.choose("number")
        elif event.key in (
            pygame.K_PLUS,
            pygame.K_EQUALS,
            pygame.K_KP_PLUS,
            pygame.K_MINUS,
            pygame.K_KP_MINUS,
        ):
            step = -1 if event.key in (pygame.K_MINUS, pygame.K_KP_MINUS) else 1
            self.number = NUMBERS[(NUMBERS.index(self.number) + step) % len(NUMBERS)]
            self.choose("number")
        elif event.key == pygame.K_h:
            self.choose("harbour")
        elif event.key == pygame.K_r:
            self.choose("robber")
        elif event.key == pygame.K_p and self.session.is_map:
            self.choose("place")
        elif event.key in (pygame.K_c, pygame.K_k) and self.session.is_map:
            toggle(self, "chips" if event.key == pygame.K_c else "canal")
        elif event.key == pygame.K_b:
            self.balance()
        elif event.key == pygame.K_t:
            self.test_play()
        else:
            return False
        return True

    def choose(self, tool: str) -> None:
        self.tool, _sep, brush = tool.partition(":")
        if brush:
            self.brush = brush
        self.hover = None
        self._sync()

    def select_place(self, node: int | None) -> None:
        """Choose the location the place widgets edit, keeping a name typed for the one before."""
        self._keep_place_name()
        self.selected = node
        if self.place_widgets is not None:
            self.place_widgets.entry.unfocus()
            self.place_widgets.sync(self)

    def _keep_place_name(self) -> None:
        widgets = self.place_widgets
        if widgets is not None and self.selected is not None:
            widgets.on_entry(self, widgets.entry)

    def on_button(self, element: object) -> bool:
        if self.place_widgets is not None and self.place_widgets.on_button(self, element):
            return True
        for key, button in self.tool_buttons.items():
            if element is button:
                self.choose(key)
                return True
        actions = {
            self.undo_button: self.session.undo,
            self.redo_button: self.session.redo,
            self.balance_button: self.balance,
            self.test_button: self.test_play,
            self.save_button: self.save,
            self.back_button: self.back,
            self.play_button: self.play,
        }
        action = actions.get(element)  # type: ignore[call-overload]
        if action is None:
            return False
        action()
        return True

    def on_widget_event(self, event: Any) -> bool:
        if event.ui_element is self.shape_menu:
            shape = getattr(event, "selected_option_id", "-")
            if shape in SHAPES:
                self.app.confirm(
                    _("Start again?"),
                    _("Every hex of the board is cleared."),
                    lambda: self._start_again(shape),
                    yes=_("Start again"),
                )
            return True
        if event.ui_element in self.entries.values():
            self._read_meta()
            return True
        if self.place_widgets is not None and event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            return self.place_widgets.on_entry(self, event.ui_element)
        return False

    def _start_again(self, shape: str) -> None:
        meta = self.session.meta
        self.session = EditorSession.empty(meta.base, shape)
        self.session.meta = meta
        self.session.version = 1  # unsaved
        self.layout = None
        self.rebuild()

    def _read_meta(self) -> None:
        self._keep_place_name()
        meta = self.session.meta
        meta.title = " ".join(self.entries["title"].get_text().split()) or meta.title
        meta.description = " ".join(self.entries["description"].get_text().split()) or meta.description
        meta.name = self.entries["name"].get_text().strip()
        self.session.meta_changed()

    # actions -----------------------------------------------------------------------------------------

    def balance(self) -> None:
        self.seed += 1
        self.session.balance(self.seed)

    def save(self, then: Any = None) -> None:
        """Save into the player's rule folder (asking first before writing over another file)."""
        self._read_meta()
        s = self.session
        if not NAME_RE.fullmatch(s.meta.name):
            self.app.show_message(
                _("Cannot save"),
                _("The file name takes lowercase letters, digits, - and _ only (up to 40), e.g. my-island"),
            )
            return
        if s.issues():
            self.app.show_message(_("Cannot save yet"), "\n".join(issue_text(i) for i in s.issues()[:6]))
            return
        folder = user_rules_dir()
        target = folder / f"{s.meta.name}.yaml"

        def write() -> None:
            try:
                path = s.save(folder)
            except (OSError, ValueError) as exc:
                self.app.show_message(_("Cannot save"), str(exc))
                return
            if then is not None:
                then()
            else:
                self.app.show_message(
                    _("Saved"),
                    _(
                        "The board is saved as {file}. New game and Scenarios & variants offer it now.",
                        file=path,
                    ),
                )

        if target.exists() and target != s.path:
            self.app.confirm(
                _("Replace the file?"),
                _("{file} exists already. Write over it?", file=target),
                write,
                yes=_("Replace"),
            )
        else:
            write()

    def play(self) -> None:
        self.save(then=lambda: self.app.go("new_game", variant=self.session.meta.name))

    def back(self) -> None:
        if not self.session.dirty:
            self.app.pop()
            return
        self.app.confirm(
            _("Leave the editor?"),
            _("The changes since the last save are lost."),
            self.app.pop,
            yes=_("Leave"),
        )


@screen("editor")
def open_editor(
    app: App, variant: str = "base", path: Path | None = None, shape: str | None = None
) -> EditorScene | None:
    """The editor on ``path`` (an own file to edit again), on an empty grid of ``shape`` whose rules are
    ``variant``'s, or on ``variant``'s board as the start of a new one; None after saying why it cannot
    (a map board, a broken file)."""
    try:
        if path is not None:
            session: EditorSession | MapSession = session_for_file(path)
        elif shape is not None:
            session = EditorSession.empty(variant, shape)
        else:
            session = session_for_variant(variant)
            session.meta.title = _("{title} (edited)", title=_(session.base_rules.title))[:60]
    except RuleFileError as exc:
        app.show_message(_("Cannot edit this board"), "\n".join(exc.problems[:6]))
        return None
    except (ValueError, KeyError, OSError, RulesetError) as exc:
        app.show_message(_("Cannot edit this board"), str(exc))
        return None
    return EditorScene(app, session)
