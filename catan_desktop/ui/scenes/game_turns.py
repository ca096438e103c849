"""The game's turns as the screen follows them: the computers' moves (thought off the render thread, played at
the animation speed), the hot-seat hand-over to the next person at the screen, and the end of the game.

A part of ``GameScene`` (a mixin), like the action bar and the board part.
"""

from __future__ import annotations

import contextlib
import time

from ...i18n import _
from ...persistence.userdirs import autosave_path
from ...text.reasons import reason_for
from ..settings import SPEED_DELAY
from .pass_device import pass_screen


class TurnsPart:
    """Whose move it is, when no human is to act: computers, the hand-over, game over."""

    def _computer_turn(self, now: float) -> None:
        """The seats not played at this screen move through the port (``pump``), one move at a time and at
        the animation speed: a computer here (thinking off the render thread), later a player elsewhere."""
        blocking = any(a.kind in ("dice", "fly") for a in self.anims)
        if now < self.next_bot_at or blocking:
            return
        moved = self.port.pump()
        if moved is None:
            return
        events = moved.events
        if not moved.reason:
            self.show_events(events)
        else:  # a trade answer, offer or partner choice: say why, as a player would, under the move's own
            # line (a last refusal also closes the offer: "Nobody took ..." comes after the reason)
            cut = next((i + 1 for i, ev in enumerate(events) if ev.get("seat") == moved.seat), len(events))
            self.show_events(events[:cut])
            self.log_line(_("{who}: \u201c{reason}\u201d", who=self.names[moved.seat], reason=moved.reason),
                          seat=moved.seat)
            self.show_events(events[cut:])
        self.next_bot_at = time.perf_counter() + SPEED_DELAY.get(self.app.settings.animation_speed, 0.6) * (
            0.4 if moved.action.kind in ("accept", "reject", "counter", "discard") else 1.0
        )

    def _show_notices(self) -> None:
        """What the port has to tell that is not an event of the game: the connection lost or back (a line
        in the log), a move the host refused (shown as a refusal here is)."""
        notices = self.port.notices
        while notices:
            notice = notices.popleft()
            code = str(getattr(notice, "code", ""))
            if code == "chat":  # a line from the table's chat
                seat = getattr(notice, "seat", -1)
                who = self.names[seat] if 0 <= seat < len(self.names) else getattr(notice, "name", "")
                self.log_line(_("{who}: \u201c{reason}\u201d", who=who, reason=str(notice)), seat=seat)
                continue
            text = reason_for(notice, self.names, self.viewer)
            if code == "net_back":
                self.relog()  # the moves made while away are in the log now
            if code.startswith("net_"):
                self.log_line(text)
            else:
                self.app.show_message(_("Not allowed"), text)

    def _pass_to(self, seat: int) -> None:
        """Hot-seat: hide the hand and ask to pass the screen to the next human."""

        def ready() -> None:
            self._ui_state = None
            self.relog()  # as the new seat may see it

        pass_screen(self, seat, ready)

    def _game_over(self, now: float) -> None:
        if self.over_shown:
            return
        if self.over_at is None:
            self.over_at = now
            if not self.loaded_over:  # a game finished here has nothing to continue (not one loaded over)
                with contextlib.suppress(OSError):
                    autosave_path().unlink(missing_ok=True)
            self._ui_state = None
            self._sync_widgets()
        if now - self.over_at >= 1.2 * self.anim_scale() and not self.anims:
            self.over_shown = True
            self.app.go("game_over", self)
