"""Watch a game again (issue 19): the game screen's own parts, read-only, over a game's timeline.

Step one action or one turn forward and back, jump anywhere on the timeline in the header (marks for the big
moments: a 7, a city, a robbery, Longest Road or Largest Army changing hands, the win), play at four speeds,
and choose whose view to see: one seat's (what that player knew), or, for a finished game, every hand open.
The board, the panels, the dice and the log are the game screen's, drawn from the seat view of the position
at the chosen step (``replay.Timeline``); nothing can be played and nothing is saved.

Keys: Left/Right one action, Page Up/Page Down (or Up/Down) one turn, Home/End the start and the end, Space
play or pause, V whose view, + and - the speed, Esc close.
"""

from __future__ import annotations

import contextlib
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from ...engine import Action, IllegalAction, RulesetError, SnapshotError
from ...engine.views import SeatView
from ...i18n import N_, _
from ...persistence import SaveError
from ...render.palette import HEADER_LINE, INK, PARCHMENT, SHADOW, WOOD_LIGHT, rgb
from ...replay import Timeline
from ...text.network import verdict_text
from ..config import GameConfig
from ..scene import GuiScene
from ..screens import screen
from ..seat_port import GamePort, Moved
from ..widgets import TipButton
from .game import GameScene

if TYPE_CHECKING:
    from ..app import App

SPEEDS = (1.5, 3.0, 6.0, 12.0)  # actions a second when playing
SPEED_WORDS = ("\u00bd\u00d7", "1\u00d7", "2\u00d7", "4\u00d7")
MARK_COLOURS = {
    "seven": (150, 138, 118),
    "robbery": (160, 44, 34),
    "longest_road": (214, 170, 60),
    "largest_army": (214, 170, 60),
    "win": (240, 200, 80),
}
MARK_WORDS = {
    "seven": N_("a 7"),
    "city": N_("a city"),
    "robbery": N_("a robbery"),
    "longest_road": N_("Longest Road changes hands"),
    "largest_army": N_("Largest Army changes hands"),
    "win": N_("the win"),
}


class ReplayController(GamePort):
    """The seat port of a replay: the position at the chosen step of the timeline, seen by any seat; nobody
    acts, nothing is saved, there is no computer player."""

    def __init__(self, timeline: Timeline, config: GameConfig, step: int = 0) -> None:
        self.timeline = timeline
        self.config = config
        self.step = max(0, min(step, timeline.steps))
        self.game = timeline.game_at(self.step)
        self.version = 0
        self.bots: dict[int, Any] = {}
        self.undo_stack: list[str] = []
        self.last_reason: str | None = None
        self.last_actor = -1
        self._views: dict[int, SeatView] = {}

    def go(self, step: int) -> bool:
        """Move to ``step`` (clamped); returns whether the position changed."""
        step = max(0, min(step, self.timeline.steps))
        if step == self.step:
            return False
        self.step = step
        self.game = self.timeline.game_at(step)
        self.version += 1
        self._views = {}
        return True

    def is_human(self, seat: int) -> bool:
        return True  # every seat is shown as a player's, never as a computer thinking

    @property
    def human_to_act(self) -> bool:
        return False  # nothing may be played in a replay

    @property
    def humans(self) -> list[int]:
        return list(range(self.game.players))

    def touched(self) -> None:
        self.version += 1
        self._views = {}

    def view(self, seat: int) -> SeatView:
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.game.seat_view(seat)
        return view

    def legal(self, kind: str | None = None) -> list[Action]:
        return []

    def is_legal(self, action: Action) -> bool:
        return False

    def apply(self, action: Action) -> list[dict[str, Any]]:
        raise IllegalAction("a replay is watched, not played", action)

    def pump(self) -> Moved | None:
        return None

    def answer_reason(self, seat: int) -> str | None:
        return None

    def undo(self) -> bool:
        return False

    def save_named(self, name: str) -> Path:
        raise SaveError(name, "a replay is not saved")

    def record(self) -> Any:
        return self.game

    def name(self, seat: int) -> str:
        seats = self.config.seats
        return seats[seat].name if seat < len(seats) else _("Player {n}", n=seat + 1)

    def can_undo(self) -> bool:
        return False

    def new_events(self) -> list[dict[str, Any]]:
        return []

    def bot_thinking(self) -> bool:
        return False

    def close(self) -> None:
        pass

    def autosave(self) -> None:
        pass


class ReplayScene(GameScene):
    """The replay viewer."""

    COACHED = False  # nothing to advise: the board takes the whole room

    def __init__(self, app: App, timeline: Timeline, config: GameConfig, step: int = 0,
                 verdict: Any = None) -> None:
        self.timeline = timeline
        self.verdict = verdict  # a hosted game's dice check (net.verify.Verdict): the log's first line
        super().__init__(app, config, controller=ReplayController(timeline, config, step))
        self.at_screen = [i for i, seat in enumerate(config.seats) if seat.kind == "human"]
        self.viewer = self.at_screen[0] if self.at_screen else 0
        self.all_hands = False  # every hand open: a finished game only (no secret of a game going on)
        self.playing = False
        self.speed = 1
        self.next_step_at = 0.0
        self.dragging = False
        self.slider: pygame.Rect | None = None
        self.relog()
        self._last_dice()

    # --- what is shown ------------------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        return self.timeline.final.is_over

    @property
    def step(self) -> int:
        return int(self.ctl.step)

    def go(self, step: int) -> None:
        """Show the position after ``step`` actions; one step forward is animated like play, any other
        move redraws the position and tells the log again."""
        before = self.step
        if not self.ctl.go(step):
            return
        self.anims = []
        if self.step == before + 1:
            self.show_events(self.timeline.events_of(self.step))
            self._refresh_log()
        else:
            self.relog()
            self._last_dice()
        self.mode = None
        self._ui_state = None
        self._play_state = None

    def clear_log(self) -> None:
        super().clear_log()
        if getattr(self, "verdict", None) is not None:  # a game played over the network: were its dice fair?
            self.log_line(verdict_text(self.verdict))

    def autosave(self) -> None:
        pass  # a replay never writes the autosave

    def save_named(self, name: str):  # type: ignore[no-untyped-def]
        raise OSError(_("A replay cannot be saved"))

    def open_pause(self) -> None:
        self.app.pop()  # Esc closes the replay, back to where it was opened

    def _click(self, pos: tuple[int, int]) -> bool:
        return False  # the board shows; it cannot be played

    @property
    def animating(self) -> bool:
        return self.playing or self.dragging or bool(self.anims)

    def look(self) -> object:
        return (super().look(), self.step, self.playing, self.speed, self.all_hands)

    # --- controls -----------------------------------------------------------------------------------

    def build_buttons(self, right: pygame.Rect) -> int:
        s = self.px
        x0, bw = right.x + s(14), right.w - s(28)
        y = right.y + s(112)
        self.buttons = {}
        self._widget_state = {}
        self._play_state = None
        quarter = (bw - 3 * s(6)) // 4
        row = [
            ("turn_back", "\u25c0\u25c0", _("Back one turn (Page Up)")),
            ("back", "\u25c0", _("Back one action (Left)")),
            ("forward", "\u25b6", _("Forward one action (Right)")),
            ("turn_forward", "\u25b6\u25b6", _("Forward one turn (Page Down)")),
        ]
        for i, (key, label, tip) in enumerate(row):
            rect = pygame.Rect(x0 + i * (quarter + s(6)), y, quarter, s(40))
            self.buttons[key] = TipButton(rect, label, manager=self.ui, tool_tip_text=tip)
        y += s(48)
        half = (bw - s(8)) // 2
        self.buttons["play"] = TipButton(pygame.Rect(x0, y, half, s(40)), self._play_label(), manager=self.ui,
                                         tool_tip_text=_("Play the game on by itself, or pause it (Space)"),
                                         object_id="#primary")
        self.buttons["speed"] = TipButton(pygame.Rect(x0 + half + s(8), y, half, s(40)), self._speed_label(),
                                          manager=self.ui, tool_tip_text=_("How fast it plays (+ and -)"))
        y += s(48)
        self.buttons["view"] = TipButton(pygame.Rect(x0, y, bw, s(36)), self._view_label(), manager=self.ui,
                                         tool_tip_text=self._view_tip())
        y += s(44)
        back = _("Back to where you opened it (Esc)")
        self.buttons["close"] = TipButton(pygame.Rect(x0, y, bw, s(36)), _("Close the replay"),
                                          manager=self.ui, tool_tip_text=back)
        y += s(46)
        return y

    def _play_label(self) -> str:
        return _("Pause") if self.playing else _("\u25b6 Play")

    def _speed_label(self) -> str:
        return _("Speed {n}", n=SPEED_WORDS[self.speed])

    def _view_label(self) -> str:
        if self.all_hands:
            return _("View: every hand open")
        return _("View: {name}", name=self.names[self.viewer])

    def _view_tip(self) -> str:
        if self.finished:
            return _("Whose view: each player's in turn (what they knew), then every hand open (V)")
        return _("Whose view: each player's in turn, what they knew (V). Every hand open is for finished "
                 "games.")

    def _sync_widgets(self) -> None:
        state = (self.step, self.playing, self.speed, self.viewer, self.all_hands)
        if state == self._ui_state:
            return
        self._ui_state = state
        b = self.buttons
        if not b:
            return
        at_start, at_end = self.step == 0, self.step == self.timeline.steps
        for key, on in (("turn_back", not at_start), ("back", not at_start), ("forward", not at_end),
                        ("turn_forward", not at_end), ("play", not at_end or self.playing)):
            b[key].enable() if on else b[key].disable()
        b["play"].set_text(self._play_label())
        b["speed"].set_text(self._speed_label())
        b["view"].set_text(self._view_label())
        b["view"].set_tooltip(self._view_tip())

    def press(self, key: str) -> None:
        tl = self.timeline
        if key == "back":
            self.go(self.step - 1)
        elif key == "forward":
            self.go(self.step + 1)
        elif key == "turn_back":
            self.go(tl.previous_turn(self.step))
        elif key == "turn_forward":
            self.go(tl.next_turn(self.step))
        elif key == "start":
            self.go(0)
        elif key == "end":
            self.go(tl.steps)
        elif key == "play":
            self.playing = not self.playing and self.step < tl.steps
            self.next_step_at = time.perf_counter()
        elif key in ("faster", "slower", "speed"):
            if key == "speed":
                self.speed = (self.speed + 1) % len(SPEEDS)
            else:
                self.speed = max(0, min(len(SPEEDS) - 1, self.speed + (1 if key == "faster" else -1)))
        elif key == "view":
            self._next_view()
        elif key == "close":
            self.app.pop()
            return
        self._sync_widgets()

    def _next_view(self) -> None:
        """Each seat's view in turn, then (a finished game) every hand open, then the first seat again."""
        if self.all_hands:
            self.all_hands, self.viewer = False, 0
        elif self.viewer + 1 < self.ctl.game.players:
            self.viewer += 1
        elif self.finished:
            self.all_hands = True
        else:
            self.viewer = 0
        self._play_state = None
        self.relog()  # what the new seat may see

    def on_button(self, element: object) -> bool:
        for key, button in self.buttons.items():
            if element is button:
                self.press(key)
                return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        keys = {
            pygame.K_LEFT: "back",
            pygame.K_RIGHT: "forward",
            pygame.K_PAGEUP: "turn_back",
            pygame.K_UP: "turn_back",
            pygame.K_PAGEDOWN: "turn_forward",
            pygame.K_DOWN: "turn_forward",
            pygame.K_HOME: "start",
            pygame.K_END: "end",
            pygame.K_SPACE: "play",
            pygame.K_v: "view",
            pygame.K_PLUS: "faster",
            pygame.K_EQUALS: "faster",
            pygame.K_KP_PLUS: "faster",
            pygame.K_MINUS: "slower",
            pygame.K_KP_MINUS: "slower",
        }
        if event.key == pygame.K_ESCAPE:
            self.open_pause()
            return True
        key = keys.get(event.key)
        if key is None:
            return False
        self.press(key)
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        slider = self.slider
        pressed = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        if pressed and slider is not None and slider.inflate(0, self.px(12)).collidepoint(event.pos):
            self.dragging, self.playing = True, False
            self._seek(event.pos[0])
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self._seek(event.pos[0])
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            self._sync_widgets()
            return True
        return super().handle_event(event)

    def _seek(self, x: int) -> None:
        slider = self.slider
        if slider is None or slider.w <= 0:
            return
        share = min(1.0, max(0.0, (x - slider.x) / slider.w))
        self.go(round(share * self.timeline.steps))
        self._sync_widgets()

    # --- time ---------------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        GuiScene.update(self, dt)
        now = time.perf_counter()
        if not self.tick(now):
            return
        if self.playing and now >= self.next_step_at:
            if self.step >= self.timeline.steps:
                self.playing = False
            else:
                self.go(self.step + 1)
                if SPEEDS[self.speed] > 4:  # fast: no flying cards or rolling dice, the board just changes
                    self.anims = []
                self.next_step_at = now + 1.0 / SPEEDS[self.speed]
        self._sync_widgets()

    # --- drawing ------------------------------------------------------------------------------------

    def _draw_top(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The header: whose turn at this step, then the timeline with its marks and where we are."""
        s = self.px
        pygame.draw.rect(surface, WOOD_LIGHT, rect)
        pygame.draw.line(surface, HEADER_LINE, rect.bottomleft, rect.bottomright, 2)
        g = self.ctl.game
        seat = g.current_player if g.turn == 0 and not g.is_over else g.active_player
        dot = pygame.Rect(rect.x + s(14), rect.centery - s(10), s(20), s(20))
        pygame.draw.rect(surface, rgb(self.colours[seat]), dot, border_radius=s(5))
        pygame.draw.rect(surface, SHADOW, dot, 2, border_radius=s(5))
        if g.turn == 0:
            title = _("Replay · founding · {who}", who=self.names[seat])
        else:
            title = _("Replay · turn {n} of {last} · {who}", n=g.turn, last=self.timeline.final.turn,
                      who=self.names[seat])
        x = self.draw_text(surface, title, (dot.right + s(10), rect.centery), 18, PARCHMENT, bold=True,
                       anchor="midleft").right
        left = max(x + s(24), rect.x + int(rect.w * 0.36))
        track = pygame.Rect(left, rect.centery - s(3), rect.right - s(24) - left, s(6))
        self.slider = track
        pygame.draw.rect(surface, SHADOW, track, border_radius=s(3))
        steps = max(1, self.timeline.steps)
        done = track.copy()
        done.w = round(track.w * self.step / steps)
        pygame.draw.rect(surface, (214, 170, 60), done, border_radius=s(3))
        for mark in self.timeline.marks:
            mx = track.x + round(track.w * mark.step / steps)
            if mark.kind == "city" and mark.seat >= 0:
                colour = rgb(self.colours[mark.seat])
            else:
                colour = MARK_COLOURS.get(mark.kind, PARCHMENT)
            tall = s(9) if mark.kind in ("win", "longest_road", "largest_army") else s(6)
            pygame.draw.line(surface, colour, (mx, track.y - tall), (mx, track.y - s(2)), max(1, s(2)))
        knob = (track.x + done.w, track.centery)
        pygame.draw.circle(surface, INK, knob, s(9))
        pygame.draw.circle(surface, PARCHMENT, knob, s(7))

    def _tip_at(self) -> str | None:
        """Over a mark of the timeline: what happened there; else the game screen's own explanations."""
        pos = self._mouse[0]
        slider = self.slider
        if slider is not None and slider.inflate(0, self.px(24)).collidepoint(pos):
            steps = max(1, self.timeline.steps)
            near = [m for m in self.timeline.marks
                    if abs(slider.x + slider.w * m.step / steps - pos[0]) <= self.px(4)]
            if near:
                mark = near[0]
                turn = self.timeline.turn_at(mark.step)
                who = self.names[mark.seat] if 0 <= mark.seat < len(self.names) else ""
                return _("Turn {n}: {what}", n=turn, what=_(MARK_WORDS[mark.kind])) + (f" \u00b7 {who}" if who
                                                                                         else "")
            return _("Click or drag to jump to any moment of the game")
        return super()._tip_at()

    def hand_title(self, seat: int) -> str:
        """Whose hand is shown: "Your hand" for the seat of the one human who played (by seat, never by
        comparing names)."""
        if self.at_screen == [seat]:
            return _("Your hand")
        return _("{who}'s hand", who=self.names[seat])

    def _sync_play_buttons(self, kinds: set[str]) -> None:
        """No Play buttons under the cards: nothing is played in a replay."""
        for button in self.play_buttons.values():
            button.kill()
        self.play_buttons = {}

    def _draw_hand(self, surface: pygame.Surface, region: pygame.Rect) -> None:
        if not self.all_hands:
            super()._draw_hand(surface, region)
            return
        self._draw_open_hands(surface, region)

    def _draw_open_hands(self, surface: pygame.Surface, region: pygame.Rect) -> None:
        """Every player's cards, one row each (a finished game: no secret left to keep)."""
        s = self.px
        box = region.inflate(-s(16), -s(12))
        self.draw_panel(surface, box)
        n = self.ctl.game.players
        row_h = max(s(18), (box.h - s(12)) // n)
        resources = self.view.rules.resources
        icon = min(s(22), row_h - s(4))
        name_w = s(150)
        col_w = max(s(44), (box.w - name_w - s(120)) // max(1, len(resources)))
        for seat in range(n):
            view = self.ctl.view(seat)
            y = box.y + s(6) + seat * row_h
            swatch = pygame.Rect(box.x + s(10), y + row_h // 2 - s(6), s(12), s(12))
            pygame.draw.rect(surface, rgb(self.colours[seat]), swatch)
            pygame.draw.rect(surface, SHADOW, swatch, 1)
            self.draw_text(surface, self.names[seat], (swatch.right + s(8), y + row_h // 2), 14, INK,
                           bold=True, anchor="midleft", max_w=name_w - s(30))
            for i, resource in enumerate(resources):
                x = box.x + name_w + i * col_w
                with contextlib.suppress(FileNotFoundError, ValueError, pygame.error):
                    surface.blit(self.app.assets.scaled(f"icons/{resource}", (icon, icon)),
                                 (x, y + (row_h - icon) // 2))
                self.draw_text(surface, str(view.hand[i]), (x + icon + s(4), y + row_h // 2), 14, INK,
                           anchor="midleft")
            cards = sum(view.development_cards)
            self.draw_text(surface, _("{n} dev.", n=cards), (box.right - s(12), y + row_h // 2), 13, INK,
                       anchor="midright")


@screen("replay")
def open_replay(app: App, game: Any, config: GameConfig, step: int = 0,
                verdict: Any = None) -> ReplayScene | None:
    """The replay of ``game`` (its history replayed from its seed), or None after explaining that a game whose
    history does not lead to it (a position written by hand) cannot be replayed. ``verdict``: a hosted
    game's dice check, said first in the log."""
    try:
        timeline = Timeline.of_game(game)
        ok = timeline.final.to_json() == game.to_json()
    except (IllegalAction, RulesetError, SnapshotError, ValueError, KeyError):
        ok = False
    if not ok:
        app.show_message(_("No replay"), _("This game's record does not lead back to its start, so it cannot "
                                            "be replayed."))
        return None
    return ReplayScene(app, timeline, config, step, verdict)
