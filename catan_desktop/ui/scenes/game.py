"""The game screen: the board, player panels, your hand, dice, actions, the log, and computer turns."""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements import UIButton

from ... import i18n
from ...engine import Action, IllegalAction
from ...engine.views import SeatView
from ...i18n import _
from ...persistence import LoadedSave
from ...render.board import BoardRenderer, Hover
from ...render.layout import BoardLayout
from ...render.palette import WOOD
from ..config import GameConfig, shown_colours, shown_names
from ..controller import GameController
from ..scaling import make_manager, refit_manager
from ..scene import GuiScene
from ..screens import screen
from ..seat_port import SeatPort
from .addon_ui import addons_for
from .game_actions import ActionBar
from .game_anims import Anim, draw_mark, mark_places
from .game_board import BoardPart
from .game_draw import DrawKit
from .game_files import FilesPart
from .game_hand import HandPart
from .game_header import HeaderPart
from .game_kit import ScreenKit
from .game_log import LogLine, LogPart
from .game_panels import PanelsPart
from .game_turns import TurnsPart
from .game_zoom import BoardView

if TYPE_CHECKING:
    from ..app import App

ANIM_SCALE = {"slow": 1.5, "normal": 1.0, "fast": 0.5, "instant": 0.0}

@screen("game")
class GameScene(
    ActionBar, BoardPart, PanelsPart, HandPart, LogPart, TurnsPart, HeaderPart, FilesPart, DrawKit, GuiScene
):
    """Plays one game. Humans act through the board, the buttons and dialogs; computers think off-thread."""

    def __init__(self, app: App, config: GameConfig, loaded: LoadedSave | None = None,
                 controller: Any = None) -> None:
        """``controller``: a GameController by default; the replay viewer gives its own (scenes/replay.py)."""
        super().__init__(app)
        self.config = config
        self.ctl = controller if controller is not None else GameController(config, loaded)
        self.port: SeatPort = self.ctl  # all the screen and its parts read and play of the game (issue 32)
        self.kit = ScreenKit(self)  # what its dialogs and the add-ons' parts may ask of the screen
        self.renderer = BoardRenderer(app.assets)
        humans = self.port.humans
        self.viewer = humans[0] if humans else 0  # whose hand is shown
        self.addons = addons_for(self.port, self.kit)  # Frenemies, Helpers...: panel rows, buttons, dialogs
        self.tips: list[tuple[pygame.Rect, str]] = []  # drawn panels that explain themselves on hover
        self._mouse: tuple[tuple[int, int], float] = ((-1, -1), 0.0)
        self._tip_shown = False
        self.mode: str | None = None  # build mode: "road", "settlement", "city"
        self.hover: tuple[str, int] | None = None
        self.anims: list[Anim] = []
        self.next_bot_at = 0.0
        self.log_lines: list[str] = []
        self.over_at: float | None = None
        self.over_shown, self.loaded_over = False, self.view.is_over  # issue 13: never delete a loaded file
        self.save_problem_shown = False
        self.dialog_open_for: tuple[str, int, int] | None = None
        self.dice_faces = (0, 0)
        self.buttons: dict[str, UIButton] = {}
        self.play_buttons: dict[str, UIButton] = {}
        self.layout: BoardLayout | None = None
        self.board_view = BoardView()
        self._rng = random.Random()
        self._ui_state: tuple[Any, ...] | None = None
        self._scale_key: tuple[Any, ...] | None = None
        self._scale = 1.0
        self._text_cache: dict[tuple[Any, ...], pygame.Surface] = {}
        self._widget_state: dict[str, tuple[bool, str]] = {}
        self._play_state: tuple[Any, ...] | None = None
        self._log_dirty_at = 0.0
        self._log_hovered: LogLine | None = None
        self._log_language = i18n.language()
        self.coach_muted = False  # G or a click on the tip: no tips until G again
        self.coach_drawn: pygame.Rect | None = None
        self.coach_column: pygame.Rect | None = None  # where the tip goes, beside the board (coach_split)
        self.coach_docked = False  # or above the log (a small window)
        for event in self.port.events_since(0):
            self._log_event(event)
        self._last_dice()
        self._ui_factor = self.scale
        self.ui = make_manager(app, self._ui_factor)  # widget fonts grow with the window, like the drawing

    def resize(self, size: tuple[int, int]) -> None:
        if self._log_language != i18n.language():  # a new language (Settings): the log is told again in it
            self.relog()
        refit_manager(self, self.scale, self._ui_factor, size)
        self._ui_factor = self.scale
        self.rebuild()

    # ----------------------------------------------------------------------------------------- basics

    @property
    def view(self) -> SeatView:
        """What the shown seat may know (the engine's seat view): all the screen reads of the game's state."""
        return self.port.view(self.viewer)

    @property
    def you(self) -> int:
        """The seat the screen calls "you": the viewer's, or -1 for a spectator (who holds no seat)."""
        return -1 if self.port.watching else self.viewer

    @property
    def colours(self) -> list[str]:
        return shown_colours(self.config, self.app.settings.colour_blind)

    @property
    def names(self) -> list[str]:
        return shown_names(self.config)

    @property
    def scale(self) -> float:
        key = (self.app.size, self.app.settings.ui_scale)
        if key != self._scale_key:
            w, h = self.app.size
            self._scale_key = key
            window = min(w / 1280, h / 720)
            # panels grow more slowly than the window above 1280x720, so a big window goes to the board
            # (issue 12: at 1920x1080 the board had about 60 % of the width and the panels a 1.5x scale)
            window = window if window <= 1.0 else 1.0 + (window - 1.0) * 0.55
            self._scale = max(0.8, min(2.0, window * self.app.settings.ui_scale, self._fitting_scale()))
        return self._scale

    def _fitting_scale(self) -> float:
        """The largest scale at which the columns still hold their contents in this window (issue 12: at
        125 % and 150 % on 1280x720 the six player panels, the Catan a Dois market and the log overlapped):
        a larger UI-scale setting applies where the window has room for it. Heights at scale 1, in px."""
        w, h = self.app.size
        players = len(self.config.seats)
        addons = getattr(self, "addons", ())
        extra = sum(a.ROW for a in addons)  # the add-ons' rows on each panel
        blocks = sum(a.PANEL_BLOCK + 4 for a in addons if a.PANEL_BLOCK)  # Catan a Dois's reserve: 28
        panel = 92 + blocks + extra
        left = 46 + 8 + players * (panel + 8) + sum(a.COLUMN for a in addons)  # Catan a Dois's market: 340
        rows = (4 + sum(len(a.builds()) for a in addons) + 1) // 2  # rows of build buttons
        rows += 1 if any(a.buttons() for a in addons) else 0  # the add-ons' buttons
        right = 46 + 112 + 52 + 48 + rows * 66 + 44 + 140 + 12  # dice, buttons, a log of seven lines
        return min(h / max(left, right), w / 906)  # 906: both columns and a board of 400 px

    def px(self, value: float) -> int:
        return int(round(value * self.scale))

    def anim_scale(self) -> float:
        return ANIM_SCALE.get(self.app.settings.animation_speed, 1.0)

    def exit(self) -> None:
        self.port.close()

    # ---------------------------------------------------------------------------------------- layout

    def regions(self) -> dict[str, pygame.Rect]:
        w, h = self.app.size
        top = self.px(46)
        left = max(self.px(236), int(w * 0.18))
        right = max(self.px(270), int(w * 0.2))
        bottom = self.px(158)  # the hand: title, cards and their Play buttons (the rest is the board's)
        return {
            "top": pygame.Rect(0, 0, w, top),
            "left": pygame.Rect(0, top, left, h - top),
            "right": pygame.Rect(w - right, top, right, h - top),
            "bottom": pygame.Rect(left, h - bottom, w - left - right, bottom),
            "board": pygame.Rect(left, top, w - left - right, h - top - bottom),
        }

    COACHED = True  # the first-game tip has a column beside the board (not in a replay)

    def build(self) -> None:
        r = self.regions()
        right = r["right"]
        y = self.build_buttons(right)
        x0, bw, s = right.x + self.px(14), right.w - self.px(28), self.px
        self.log_rect = pygame.Rect(x0, y, bw, right.bottom - y - s(12))
        room = r["board"].inflate(-self.px(8), -self.px(8))  # the harbours keep clear of the board's edge
        room, self.coach_column, self.coach_docked = self.coach_split(room)  # the tip's place (the log's)
        self.layout = self.board_view.layout(self.view, tuple(room))  # zoomed in or not (game_zoom.py)
        self._refresh_log(full=True)
        self.play_buttons = {}
        self._ui_state = None
        self._sync_widgets()

    # -------------------------------------------------------------------------------------- actions

    def do(self, action: Action) -> bool:
        """Apply a human action through the controller; show the reason if it is refused."""
        try:
            events = self.port.apply(action)
        except IllegalAction as exc:
            self.app.show_message(_("Not allowed"), exc.reason)
            return False
        self.show_events(events)
        if action.kind == "roll":
            self.hold_buttons()  # nothing more to press until the dice stop (then the roll's buttons show)
        if action.kind in ("settle", "city", "develop") or self.view.phase != "main":
            self.mode = None
        if action.kind == "road" and self.mode == "road" and self._build_reason("road") is not None:
            self.mode = None
        return True

    def settle(self) -> None:
        """Show the game as it stands, no animation under way: the last dice, every log line told, the
        buttons (after moves made behind the screen, as the screenshot tool stages a position)."""
        self.anims = []
        self._last_dice()
        self._refresh_log()
        self._ui_state = None
        self._sync_widgets()

    # -------------------------------------------------------------------------------------- events

    def open_pause(self) -> None:
        self.app.go("pause", self)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self._track_pointer(event.pos)  # first: a motion a widget uses still moves the pointer away
        elif event.type == pygame.WINDOWLEAVE:
            self._track_pointer(None)  # the pointer left the window: nothing is hovered
        if event.type == pygame.KEYDOWN and self._key(event):
            return True
        if event.type == pygame.MOUSEWHEEL and self.scroll_log(event.y):
            return True
        if super().handle_event(event) or self.board_view.handle(self, event):
            if event.type == pygame.MOUSEMOTION:
                self.hover = None  # on a widget (or dragging the board): no board spot lit under it
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.coach_drawn is not None and self.coach_drawn.collidepoint(event.pos):
                self.hide_coach()  # a click on the tip hides it, and never reaches the board under it
                return True
            return self._click(event.pos)
        return bool(event.type == pygame.MOUSEBUTTONUP and event.button == 3 and self.cancel_mode())

    def _track_pointer(self, pos: tuple[int, int] | None) -> None:
        """Where the pointer is now (None: outside the window): the board spot under it, the log line it
        lights (and rings on the board), and when it last moved (a panel explains itself after a rest)."""
        self._mouse = (pos if pos is not None else (-1, -1), time.perf_counter())
        self._tip_shown = False
        self.hover = self._target_at(pos) if pos is not None else None
        over_log = pos is not None and self.log_rect is not None and self.log_rect.collidepoint(pos)
        self._log_hovered = self.log_hover() if over_log else None

    def pause(self) -> None:
        """A dialog or menu opens above: the tooltips, the lit log line and the hover go (the pointer's
        next move brings them back)."""
        super().pause()
        self._tip_shown = False
        self._log_hovered = None
        self.hover = None

    # ------------------------------------------------------------------------------ board targeting

    # -------------------------------------------------------------------------------------- update

    @property
    def animating(self) -> bool:
        return (
            bool(self.anims)
            or (not self.port.human_to_act and not self.view.is_over)
            or (self.view.is_over and not self.over_shown)
        )

    def dice_rolling(self, now: float | None = None) -> bool:
        """The dice are still rolling on screen: what the roll brought (the header's hint, the buttons, a
        phase's dialog, the tip) waits until they stop (issue 31: it showed while they rolled)."""
        now = time.perf_counter() if now is None else now
        return any(a.kind == "dice" and a.progress(now) < 1.0 for a in self.anims)

    def update(self, dt: float) -> None:
        super().update(dt)
        now = time.perf_counter()
        if not self.tick(now, hold_log=0.25):
            return
        ctl = self.port
        self._show_notices()  # a game played far away: a refusal, the connection lost or back
        if self.view.is_over:
            self._game_over(now)
            return
        rolling = self.dice_rolling(now)
        if ctl.human_to_act:
            seat = ctl.seat_to_act
            if seat != self.viewer:
                self._pass_to(seat)
                return
            if not rolling:
                self._open_phase_dialog()
        else:
            self._computer_turn(now)
        if not rolling:
            self._sync_widgets()

    def tick(self, now: float, hold_log: float = 0.0) -> bool:
        """Every frame, whoever plays: new log lines show (not while the dice roll; at most every ``hold_log``
        s unless a human acts), finished animations go, a panel explains itself under a resting mouse.
        Returns whether this screen is on top."""
        rolling = self.dice_rolling(now)  # the total shows after
        if getattr(self, "_log_pending", False) and not rolling and (
            now - self._log_dirty_at > hold_log or self.port.human_to_act
        ):
            self._log_dirty_at = now
            self._refresh_log()
        if self.anims:
            self.anims = [a for a in self.anims if a.progress(now) < 1.0]
        if self.app.top is not self:
            return False
        self._tip_shown = self._tip_shown or bool(self._tip_at() and now - self._mouse[1] > 0.6)  # a rest
        return True

    # ---------------------------------------------------------------------------------------- drawing

    def look(self) -> object:
        """Everything the game screen draws that can change without input (Scene.look): the seat view
        (a new object after every move or undo), whose hand shows, the board's layout (zoom), the build
        mode and hover, the log, the dice, the tips, the add-ons' modes, and whether a screen is above."""
        settings = self.app.settings
        return (
            self.view, self.viewer, self.layout, self.mode, self.hover, self._log_hovered,
            self.app.top is self, self.dice_faces, getattr(self, "log_shown", 0),
            getattr(self, "log_scroll", 0), getattr(self, "log_entries", None),
            self._tip_shown, self._mouse[0] if self._tip_shown else None, self.coach_muted,
            settings.coach, settings.colour_blind, self._ui_state, self.over_at is not None,
            tuple(addon.look() for addon in self.addons),
        )

    def draw(self, surface: pygame.Surface) -> None:
        r = self.regions()
        surface.fill(WOOD)
        if self.layout is not None:
            hover = None
            if self.hover is not None:
                kind, index = self.hover
                colour = self.colours[self.port.seat_to_act]
                if kind == "token":
                    hover = Hover("token", index[0], colour, slot=index[1])  # type: ignore[arg-type]
                elif kind == "hex" and self.view.phase != "robber":
                    hover = None  # token removal or development: the glow is enough, no robber ghost
                else:
                    hover = Hover(kind, index, colour)  # type: ignore[arg-type]
            surface.set_clip(r["board"])
            self.renderer.draw(
                surface,
                self.view,
                self.layout,
                self.colours,
                highlight=self.highlight(),
                hover=hover,
                show_emblems=self.app.settings.colour_blind,
            )
            line = self._log_hovered
            if line is not None and line.event is not None and self.app.top is self:  # the line's place
                seat = line.seat if line.seat is not None else self.viewer
                for pos in mark_places(self, line.event):
                    draw_mark(self, surface, {"pos": pos, "seat": seat}, 0.12)
            for addon in self.addons:
                addon.draw_board(surface)
            self.board_view.draw_badge(self, surface)
            surface.set_clip(None)
        self._draw_top(surface, r["top"])
        self._draw_players(surface, r["left"])
        self._draw_right(surface, r["right"])
        self._draw_hand(surface, r["bottom"])
        self.draw_coach_panel(surface)  # beside the board or above the log: never over the board
        self.draw_log(surface)
        self.draw_ui(surface)
        self._draw_anims(surface)
        if self._tip_shown and self.app.top is self:
            self._draw_tip(surface)

    def _draw_top(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self.draw_header(surface, rect)

__all__ = ["GameScene"]
