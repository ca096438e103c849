"""The Catan Dice Game screen (RULES.md Part C): the score sheet of the player whose turn it is, the dice
tray, every player's sheet at a glance, the log; computer turns played one move at a time, hot-seat
hand-over between people, an autosave after every turn and the game-over screen.

The screen reads the seat view, the legal actions and the log only (STYLE: one view per seat). Its parts:
``dice_tray`` (the dice and the buttons), ``dice_sheet_view`` (the sheets, the header and the log) and
``dice_dialogs`` (choosing a resource, the pause menu, how to play).
"""

from __future__ import annotations

import contextlib
import time
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

import pygame

from ...engine import Action, DiceGame, IllegalAction
from ...engine.dice_views import DiceSeatView
from ...i18n import _
from ...persistence import LoadedSave
from ...persistence.userdirs import autosave_path
from ...render.dice_sheet import SheetPainter
from ...render.palette import WOOD
from ...text import describe, reason_for
from ..config import GameConfig, shown_colours, shown_names
from ..controller import GameController
from ..scaling import make_manager, refit_manager, ui_factor
from ..scene import GuiScene
from ..screens import screen
from ..seat_port import SeatPort
from ..settings import SPEED_DELAY
from .dice_best import record_solo
from .dice_sheet_view import DiceSheetPart
from .dice_tray import NOTICE_SECONDS, DiceTrayPart
from .game_anims import Anim
from .game_draw import DrawKit
from .game_files import FilesPart
from .game_kit import ScreenKit
from .pass_device import pass_screen

if TYPE_CHECKING:
    from ..app import App

ANIM_SCALE = {"slow": 1.5, "normal": 1.0, "fast": 0.5, "instant": 0.0}
ROLL_SECONDS = 0.75
OVER_DELAY = 1.2


class DiceController(GameController):
    """The game screen's controller (computer moves off-thread, autosave) for a ``DiceGame``."""

    def __init__(self, config: GameConfig, loaded: LoadedSave | None = None) -> None:
        if loaded is None:
            game = DiceGame.new(
                config.variant,
                players=config.players,
                seed=config.seed,
                options=config.engine_options() or None,
            )
            loaded = SimpleNamespace(game=game)  # type: ignore[assignment]
        super().__init__(config, loaded)

    def view(self, seat: int) -> DiceSeatView:  # type: ignore[override]
        return super().view(seat)  # type: ignore[return-value]


@screen("dice_game")
class DiceGameScene(DiceTrayPart, DiceSheetPart, FilesPart, DrawKit, GuiScene):
    """Plays one dice game. Keys: R roll, 1-6 keep or release a die, G gold, E or Space end the turn,
    Esc pause (or cancel a knight's swap)."""

    def __init__(self, app: App, config: GameConfig, loaded: LoadedSave | None = None) -> None:
        super().__init__(app)
        self.config = config
        self.ctl = DiceController(config, loaded)
        self.port: SeatPort = self.ctl  # what the screen's dialogs read and play of the game (issue 32)
        self.kit = ScreenKit(self)
        self.painter = SheetPainter(app.assets)
        humans = self.ctl.humans
        self.viewer = humans[0] if humans else 0
        self.anims: list[Anim] = []
        self.kept: set[int] = set()
        self.swap_knight: int | None = None  # a knight whose swap is being made: the next die clicked
        self.peek: int | None = None  # a seat whose sheet the player chose to look at
        self.hover: str | None = None
        self.notice = ("", 0.0)  # a short message under the dice (a refused click), and when it was set
        self.next_bot_at = 0.0
        self.log_lines: list[tuple[str, int | None]] = []
        self.over_at: float | None = None
        self.over_shown, self.loaded_over = False, self.game.is_over
        self.recorded: Any = None  # the best-scores result of a finished solo game
        self.save_problem_shown = False
        self._text_cache: dict[tuple[Any, ...], pygame.Surface] = {}
        self._mouse: tuple[tuple[int, int], float] = ((-1, -1), 0.0)
        self.tips: list[tuple[pygame.Rect, str]] = []
        self._turn_key = (self.view.turn, self.view.active)
        for event in self.game.log:
            self._log_event(event)
        self.scale = ui_factor(app)
        self.ui = make_manager(app, self.scale)

    # ----------------------------------------------------------------------------------------- basics

    @property
    def game(self) -> DiceGame:
        return self.ctl.game  # type: ignore[return-value]

    @property
    def view(self) -> DiceSeatView:
        """The table as the screen's viewer sees it (a dice game hides nothing but the future rolls)."""
        return self.ctl.view(self.viewer)

    @property
    def names(self) -> list[str]:
        return shown_names(self.config)

    @property
    def you(self) -> int:
        """The seat the screen calls "you": the viewer's, or -1 for a spectator (who holds no seat)."""
        return -1 if self.port.watching else self.viewer

    @property
    def colours(self) -> list[str]:
        return shown_colours(self.config, self.app.settings.colour_blind)

    @property
    def my_turn(self) -> bool:
        """A person plays the seat to act (and the screen shows them their turn)."""
        return self.ctl.human_to_act and self.view.active == self.viewer

    def px(self, value: float) -> int:
        return int(round(value * self.scale))

    def anim_scale(self) -> float:
        return ANIM_SCALE.get(self.app.settings.animation_speed, 1.0)

    def resize(self, size: tuple[int, int]) -> None:
        factor = ui_factor(self.app)
        if refit_manager(self, factor, self.scale, size):
            self._text_cache.clear()
        self.scale = factor
        self.rebuild()

    def build(self) -> None:
        self.build_buttons()
        self.sync_buttons()

    def exit(self) -> None:
        self.ctl.close()

    # ------------------------------------------------------------------------------------------ files

    # ---------------------------------------------------------------------------------------- actions

    def legal(self) -> list[Action]:
        return self.ctl.legal() if not self.game.is_over else []

    def legal_of(self, kind: str) -> list[Action]:
        return [a for a in self.legal() if a.kind == kind]

    def reason(self, action: Action | str) -> str | None:
        """Why ``action`` is refused now, as the player reads it (None: it is legal)."""
        why = self.game.why_illegal(action)
        return None if why is None else reason_for(why, self.names, self.viewer)

    def do(self, action: Action | str) -> bool:
        """Apply a move of the person to act; a refusal is said under the dice."""
        if isinstance(action, str):
            action = Action.parse(action)
        try:
            events = self.ctl.apply(action)
        except IllegalAction as exc:
            self.say(reason_for(exc.reason, self.names, self.viewer))
            return False
        self.after_events(events)
        return True

    def say(self, text: str) -> None:
        """A short notice under the dice (a click that did nothing, what just happened)."""
        self.notice = (text, time.perf_counter())

    def after_events(self, events: list[dict[str, Any]]) -> None:
        """Animate and log what just happened; autosave after a turn."""
        now = time.perf_counter()
        k = self.anim_scale()
        for event in events:
            self._log_event(event)
            t = event.get("t")
            if t == "dice_roll":
                self.anims.append(
                    Anim("roll", now, ROLL_SECONDS * k, {"dice": list(event.get("rolled", []))})
                )
                self.app.play_sound("dice")
            elif t == "dice_build":
                self.anims.append(
                    Anim("built", now, 1.4 * k, {"id": event.get("id"), "seat": event.get("seat")})
                )
                self.app.play_sound("build")
            elif t in ("dice_gold", "dice_swap"):
                dice = event.get("dice") if t == "dice_gold" else [event.get("die")]
                self.anims.append(Anim("changed", now, 0.8 * k, {"dice": list(dice or [])}))
                self.app.play_sound("card")
            elif t == "dice_award":
                self.say(describe(event, self.names, self.viewer) or "")
            elif t == "dice_turn":
                self._new_turn(event, now)
        if any(e.get("t") == "dice_turn_end" for e in events):
            self.autosave()

    def _new_turn(self, event: dict[str, Any], now: float) -> None:
        self.kept.clear()
        self.swap_knight = None
        self.peek = None
        self.notice = ("", 0.0)
        self.anims.append(
            Anim(
                "banner", now, 1.6 * self.anim_scale(), {"seat": event.get("seat"), "turn": event.get("turn")}
            )
        )
        self.app.play_sound("turn")

    def _log_event(self, event: dict[str, Any]) -> None:
        text = describe(event, self.names, self.viewer)
        if text:
            seat = event.get("seat")
            self.log_lines.append((text, seat if isinstance(seat, int) else None))
            del self.log_lines[:-200]

    # ----------------------------------------------------------------------------------------- input

    def open_pause(self) -> None:
        self.app.go("dice_pause", self)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and self.on_key(event):
            return True
        if super().handle_event(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self._mouse = (event.pos, time.perf_counter())
            hover = self.sheet_target(event.pos)
            if hover != self.hover:
                self.hover = hover
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self.tray_click(event.pos) or self.sheet_click(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3 and self.swap_knight is not None:
            self.swap_knight = None
            return True
        return False

    def on_key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if self.game.is_over and self.over_shown and key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.app.go("dice_over", self)  # the results again, after View sheet
            return True
        if key == pygame.K_ESCAPE:
            if self.swap_knight is not None:
                self.swap_knight = None
            else:
                self.open_pause()
            return True
        if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return False
        if key == pygame.K_r:
            self.roll()
        elif key in (pygame.K_e, pygame.K_SPACE):
            self.end_turn()
        elif key == pygame.K_g:
            self.trade_gold()
        elif pygame.K_1 <= key <= pygame.K_9:
            self.die_clicked(key - pygame.K_1)
        else:
            return False
        return True

    # ---------------------------------------------------------------------------------------- update

    @property
    def animating(self) -> bool:
        return (
            bool(self.anims)
            or not self.game.is_over
            and not self.ctl.human_to_act
            or (self.game.is_over and not self.over_shown)
        )

    def rolling(self, now: float | None = None) -> bool:
        now = time.perf_counter() if now is None else now
        return any(a.kind == "roll" and a.progress(now) < 1.0 for a in self.anims)

    def update(self, dt: float) -> None:
        super().update(dt)
        now = time.perf_counter()
        if self.anims:
            self.anims = [a for a in self.anims if a.progress(now) < 1.0]
        if self.app.top is not self:
            return
        if self.game.is_over:
            self._game_over(now)
        elif self.ctl.human_to_act:
            seat = self.ctl.seat_to_act
            if seat != self.viewer:
                self._pass_to(seat)
        else:
            self._computer_move(now)
        self.sync_buttons()

    def _computer_move(self, now: float) -> None:
        ctl = self.ctl
        if now < self.next_bot_at or self.rolling(now):
            return
        ctl.start_bot_move()
        action = ctl.poll_bot_move()
        if action is None:
            return
        if action.kind == "reroll":  # show what the computer keeps before its dice roll
            self.kept = set(range(len(self.view.dice))) - set(action.a)
        events = ctl.apply(action)
        self.after_events(events)
        delay = SPEED_DELAY.get(self.app.settings.animation_speed, 0.6)
        self.next_bot_at = time.perf_counter() + delay * (1.4 if action.kind == "end" else 1.0)

    def _pass_to(self, seat: int) -> None:
        """Hot-seat: the screen goes to the next person once they are ready."""
        pass_screen(self, seat, self.relog, _("Every sheet stays on the table: nothing here is secret."))

    def relog(self) -> None:
        """Tell the log again as the new viewer reads it ("You built ...")."""
        self.log_lines = []
        for event in self.game.log:
            self._log_event(event)

    def _game_over(self, now: float) -> None:
        if self.over_shown:
            return
        if self.over_at is None:
            self.over_at = now
            if not self.loaded_over:
                with contextlib.suppress(OSError):
                    autosave_path().unlink(missing_ok=True)
                self.recorded = record_solo(self)
        if now - self.over_at >= OVER_DELAY * self.anim_scale() and not self.anims:
            self.over_shown = True
            self.app.go("dice_over", self)

    # --------------------------------------------------------------------------------------- drawing

    def look(self) -> object:
        """What the dice screen draws that can change without input (Scene.look): the seat view (a new
        object after every move), the dice kept, the sheet shown, the hover, the notice under the dice until
        it expires, the log, and a resting mouse's tip once it is due."""
        now = time.perf_counter()
        text, at = self.notice
        return (
            self.view, self.viewer, frozenset(self.kept), self.swap_knight, self.peek, self.hover,
            bool(text) and now - at < NOTICE_SECONDS, text, len(self.log_lines), self.app.top is self,
            self.over_at is not None, now - self._mouse[1] > 0.6, self._mouse[0],
        )

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(WOOD)
        self.tips = []
        self.draw_header(surface)
        self.draw_sheets(surface)
        self.draw_tray(surface)
        self.draw_log(surface)
        self.draw_ui(surface)
        self.draw_banner(surface)
        if self.app.top is self:
            self.draw_sheet_tip(surface)


__all__ = ["DiceController", "DiceGameScene"]
