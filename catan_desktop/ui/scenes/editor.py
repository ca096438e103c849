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
from pygame_gui.elements import UILabel, UITextBox, UITextEntryLine

from ...editor.session import NUMBERS, SHAPES, EditorSession
from ...editor.testplay import TestPlay
from ...engine import RulesetError
from ...i18n import _
from ...paths import user_rules_dir
from ...render.board import BoardRenderer
from ...render.board_static import BADGE
from ...render.layout import BoardLayout as ScreenLayout
from ...render.palette import CLASSIC, INK, PARCHMENT, WOOD_LIGHT
from ...variants import RuleFileError
from ..screens import screen
from ..widgets import DropDown, ScreenScene, TipButton
from .editor_info import info_html, issue_text

if TYPE_CHECKING:
    from ..app import App

NAME_RE = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
HARBOUR_KINDS = (None, "generic")  # then the rules' resources
GOLD = (214, 170, 60)
VEIL = (40, 40, 40, 150)
MARK = (179, 38, 30)
TEST_GAMES = 40  # games of a test play
INFO_EVERY = 0.15  # seconds between rewrites of the figures while a brush stroke goes on (a rewrite: ~20 ms)


class EditorScene(ScreenScene):
    """The board editor. Keys: 1-9 a terrain, N numbers (+ / - or the wheel change the number), H harbours,
    R the robber, B balance numbers, Ctrl+Z / Ctrl+Y undo / redo, Ctrl+S save, Esc back."""

    def __init__(self, app: App, session: EditorSession) -> None:
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
                    "Click a hex to give it this number; + and - or the wheel change it; right-click takes "
                    "it away (N)"
                ),
            ),
            (
                "harbour",
                _("Harbours"),
                _(
                    "Click the coast to put a harbour there, again to change its kind; "
                    "right-click takes it away (H)"
                ),
            ),
            ("robber", _("Robber"), _("Click the hex the robber starts on (R)")),
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
        self._info_due = True  # the figures follow in ``update``, at most every INFO_EVERY seconds

    def look(self) -> object:
        """What the editor draws that may change without input: the board's version, the tool in hand,
        the hover, and figures still to be shown (Scene.look)."""
        return (self.session.version, self.tool, self.brush, self.number, self.hover,
                getattr(self, "_info_due", False), self.test.played if self.test else None)

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

    def _screen_layout(self) -> ScreenLayout:
        view = self.session.board_view()
        key = (self.board_rect.size, view.topo.hex_ids, tuple(view.harbours))
        if self.layout is None or getattr(self, "_layout_key", None) != key:
            coast = list(self.session.coast)
            area = (0, 0, self.board_rect.w, self.board_rect.h)  # drawn into the board's own surface
            self.layout = ScreenLayout.fitting(view.topo, area, coast, BADGE, sea_margin=0.9)
            self._layout_key = key
        return self.layout

    def draw(self, surface: pygame.Surface) -> None:
        if self.session.version != self._shown_version:
            self._sync()
        surface.fill(WOOD_LIGHT)
        view = self.session.board_view()
        layout = self._screen_layout()
        board = surface.subsurface(self.board_rect.clip(surface.get_rect()))
        self.renderer.draw(board, view, layout, list(CLASSIC))
        board.blit(self._overlay(board.get_size(), layout), (0, 0))
        if self.tool == "harbour":
            for e in self.session.coast:
                pygame.draw.circle(board, GOLD, [int(v) for v in layout.edge_mid(e)], max(4, self.px(6)))
        if self.hover is not None:
            if self.tool == "harbour":
                pygame.draw.circle(board, INK, [int(v) for v in layout.edge_mid(self.hover)], self.px(9), 3)
            else:
                pygame.draw.polygon(board, GOLD, layout.hex_polygon(self.hover), max(2, self.px(3)))
        self._draw_header(surface)
        self.draw_ui(surface)

    def _overlay(self, size: tuple[int, int], layout: ScreenLayout) -> pygame.Surface:
        """The veil on hexes not painted yet and the red outline of hexes an issue is about (made again
        only after an edit)."""
        key = (size, self.session.version, id(layout))
        if getattr(self, "_overlay_key", None) != key:
            view = self.session.board_view()
            veil = pygame.Surface(size, pygame.SRCALPHA)
            for h in range(view.topo.num_hexes):
                if self.session.terrain[h] is None:  # not painted yet: veiled
                    pygame.draw.polygon(veil, VEIL, layout.hex_polygon(h))
            for hex_id in {h for issue in self.session.issues() for h in issue.hexes}:
                pygame.draw.polygon(veil, MARK, layout.hex_polygon(view.topo.hex_index[hex_id]),
                                    max(2, self.px(3)))
            self._overlay_surface, self._overlay_key = veil, key
        return self._overlay_surface

    def _draw_header(self, surface: pygame.Surface) -> None:
        """The title bar: the board's title (* when not saved) and what the tool in hand does."""
        w = surface.get_width()
        shown = self.session.meta.title + (" *" if self.session.dirty else "")
        key = (w, shown, self._hint(), self.px(46))
        if getattr(self, "_header_key", None) != key:
            bar = pygame.Surface((w, self.px(46)))
            bar.fill((74, 52, 36))
            font = self.app.assets.font(self.px(20), title=True)
            title = font.render(_("Board editor \u00b7 {title}", title=shown), True, PARCHMENT)
            bar.blit(title, (self.px(14), bar.get_height() // 2 - title.get_height() // 2))
            hint = self.app.assets.font(self.px(14)).render(self._hint(), True, PARCHMENT)
            bar.blit(hint, (self.px(30) + title.get_width(), bar.get_height() // 2 - hint.get_height() // 2))
            self._header, self._header_key = bar, key
        surface.blit(self._header, (0, 0))

    def _hint(self) -> str:
        if self.tool == "paint":
            return _("Painting {terrain}: click or drag over hexes", terrain=_(self.brush))
        if self.tool == "number":
            return _("Number {n}: click a hex; + and - change the number", n=self.number)
        if self.tool == "harbour":
            return _("Harbours: click a gold dot on the coast")
        return _("Robber: click the hex it starts on")

    # input -------------------------------------------------------------------------------------------

    def _target(self, pos: tuple[int, int]) -> int | None:
        """The hex (or, with the harbour tool, the coastal edge) under a screen point."""
        if self.layout is None or not self.board_rect.collidepoint(pos):
            return None
        pos = (pos[0] - self.board_rect.x, pos[1] - self.board_rect.y)
        if self.tool == "harbour":
            e = self.layout.edge_at(*pos, tolerance=self.layout.size * 0.45)
            return e if e in self.session.coast else None
        return self.layout.hex_at(*pos)

    def _apply(self, target: int, button: int) -> None:
        s = self.session
        topo = s.topology
        if self.tool == "harbour":
            h, side = s.coast[target]
            hex_id = topo.hex_ids[h]
            kinds = [*HARBOUR_KINDS, *s.base_rules.resources]
            now = s.harbour_at(hex_id, side)
            kind = None if button == 3 else kinds[(kinds.index(now) + 1) % len(kinds)]
            s.set_harbour(hex_id, side, kind)
            return
        hex_id = topo.hex_ids[target]
        if self.tool == "paint":
            s.paint(hex_id, None if button == 3 else self.brush)
        elif self.tool == "number":
            s.set_number(hex_id, None if button == 3 else self.number)
        elif self.tool == "robber" and button == 1:
            s.set_robber(hex_id)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
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
        if event.type == pygame.MOUSEWHEEL and self.hover is not None and self.tool != "harbour":
            hex_id = self.session.topology.hex_ids[self.hover]
            self.session.step_number(hex_id, 1 if event.y > 0 else -1)
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _typing(self) -> bool:
        return any(box.is_focused for box in self.entries.values())

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

    def on_button(self, element: object) -> bool:
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
        return False

    def _start_again(self, shape: str) -> None:
        meta = self.session.meta
        self.session = EditorSession.empty(meta.base, shape)
        self.session.meta = meta
        self.session.version = 1  # unsaved
        self.layout = None
        self.rebuild()

    def _read_meta(self) -> None:
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
            session = EditorSession.open_file(path)
        elif shape is not None:
            session = EditorSession.empty(variant, shape)
        else:
            session = EditorSession.from_variant(variant)
            session.meta.title = _("{title} (edited)", title=_(session.base_rules.title))[:60]
    except RuleFileError as exc:
        app.show_message(_("Cannot edit this board"), "\n".join(exc.problems[:6]))
        return None
    except (ValueError, KeyError, OSError, RulesetError) as exc:
        why = _("Map boards (the scenarios) cannot be edited yet.") if "map board" in str(exc) else str(exc)
        app.show_message(_("Cannot edit this board"), why)
        return None
    return EditorScene(app, session)
