"""The game screen's logic without pygame: the game, who plays each seat, computer moves off the render
thread, undo until the next irreversible event, and autosave after every turn."""

from __future__ import annotations

import datetime as _dt
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from pathlib import Path
from typing import Any

from ..ai import Bot, create_bot
from ..engine import UNDOABLE, Action, Game, kind_traits
from ..engine.views import SeatView
from ..persistence import LoadedSave, save_game
from ..persistence.userdirs import autosave_path, saves_dir
from .config import GameConfig, shown_name
from .seat_port import GamePort, Moved

# Moves a human may take back are the kinds registered UNDOABLE (engine.kind_traits: a piece placed, a
# trade with the bank or a market) until something irreversible (dice, a card draw, a steal, another
# player's move) happens; a move that revealed something (a private event: Catan a Dois's remote-area card
# drawn by a settlement, D-7.1) is not.
POLL_WAIT = 0.004  # seconds a frame may wait for a computer move


class GameController(GamePort):
    """Owns the Game for the UI (the seat port of a game played at this computer, ``seat_port.SeatPort``).
    Only the main thread changes the game; bots think on a clone."""

    def __init__(self, config: GameConfig, loaded: LoadedSave | None = None) -> None:
        self.config = config
        if loaded is not None:
            self.game = loaded.game
        else:
            self.game = Game.new(
                config.variant,
                players=config.players,
                seed=config.seed,
                board=config.board,
                options=config.engine_options() or None,
            )
        self.bots: dict[int, Bot] = {}
        for seat, sc in enumerate(config.seats):
            if not sc.is_human:
                kind = sc.kind.split(":", 1)[-1]
                self.bots[seat] = create_bot(kind, seed=config.seed * 1009 + seat)
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="catan-ai")
        self._pending: Future[Action] | None = None
        self._pending_seat = -1
        self.undo_stack: list[str] = []
        self._events_read = len(self.game.log)
        self.last_actor = -1
        self.last_reason: str | None = None  # the last computer move's explanation (trades), if any
        self.trade_reasons: dict[int, str] = {}  # seat -> why it answered the offer on the table so
        self.version = 0  # counts the changes to the game (moves and undos): when to read the seat view again
        self._views: dict[int, tuple[int, SeatView]] = {}

    # ------------------------------------------------------------------------------------------ queries

    def is_human(self, seat: int) -> bool:
        return self.config.seats[seat].is_human

    @property
    def human_to_act(self) -> bool:
        return not self.game.is_over and self.is_human(self.seat_to_act)

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.config.seats) if s.is_human]

    def touched(self) -> None:
        """Say the game was changed outside ``apply`` (a tool staging a position, a test)."""
        self.version += 1

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know now (the engine's seat view), read again only after the game changed."""
        cached = self._views.get(seat)
        if cached is None or cached[0] != self.version:
            cached = (self.version, self.game.seat_view(seat))
            self._views[seat] = cached
        return cached[1]

    def name(self, seat: int) -> str:
        return shown_name(self.config.seats[seat].name)

    # -------------------------------------------------------------------------------------------- moves

    def apply(self, action: Action) -> list[dict[str, Any]]:
        """Apply a move for the seat to act; returns the new log events. Raises IllegalAction."""
        seat = self.seat_to_act
        if action.kind == "offer":
            self.trade_reasons.clear()
        # the position to undo to, for a person's move only (a whole game's snapshot, log included, taken
        # before every computer move as well cost 1.4 s of a short test game and grew with the log)
        undoable = UNDOABLE in kind_traits(action.kind) and self.is_human(seat)
        before = self.game.to_json() if undoable else None
        self.game.apply(action)
        self.version += 1
        events = self.new_events()
        # not past a private event (a card drawn), nor back over the start of a turn (issue 12, defect 8: the
        # founding's last road began turn 1, and undoing it reached back into the founding phase)
        if before is not None and self.is_human(seat) and not any(
            "private" in ev or ev.get("t") == "turn" for ev in events
        ):
            self.undo_stack.append(before)
        else:
            self.undo_stack.clear()
        self.last_actor = seat
        return events

    def can_undo(self) -> bool:
        return bool(self.undo_stack) and self.human_to_act

    def undo(self) -> bool:
        """Take back the last reversible move; returns False when there is nothing to undo."""
        if not self.can_undo():
            return False
        snapshot = self.undo_stack.pop()
        self.game = Game.from_json(snapshot, rules=self.game.rules)
        self.version += 1
        self._events_read = len(self.game.log)
        return True

    def new_events(self) -> list[dict[str, Any]]:
        """Return the log events not returned before."""
        log = self.game.log
        fresh = log[self._events_read :]
        self._events_read = len(log)
        return fresh

    # ---------------------------------------------------------------------------------------- computer

    def bot_thinking(self) -> bool:
        return self._pending is not None

    def start_bot_move(self) -> None:
        """Ask the seat's bot for a move on a copy of the game, in the worker thread."""
        if self._pending is not None or self.game.is_over:
            return
        seat = self.seat_to_act
        bot = self.bots.get(seat)
        if bot is None:
            return
        self._pending_seat = seat
        self._pending = self._executor.submit(bot.choose, self.game.clone(), seat)

    def poll_bot_move(self) -> Action | None:
        """Return the bot's move once it is ready (None while it thinks). Raises what the bot raised."""
        if self._pending is None:
            return None
        try:
            # a short blocking wait hands the interpreter lock to the worker; 4 ms fits in any frame
            self._pending.result(timeout=POLL_WAIT)
        except FutureTimeout:
            return None
        future, self._pending = self._pending, None
        if self._pending_seat != self.seat_to_act:
            return None  # the game changed under it (undo/load): ask again
        action = future.result()
        self.last_reason = getattr(self.bots[self._pending_seat], "last_reason", None)
        if self.last_reason and action.kind in ("accept", "reject", "counter"):
            self.trade_reasons[self._pending_seat] = self.last_reason
        return action

    def pump(self) -> Moved | None:
        """The seat to act's computer player: start its thinking, and play its move once it is ready."""
        if self.game.is_over or self.is_human(self.seat_to_act):
            return None
        self.start_bot_move()
        action = self.poll_bot_move()
        if action is None:
            return None
        seat = self.seat_to_act
        reason = self.last_reason
        return Moved(seat, action, self.apply(action), reason)

    def answer_reason(self, seat: int) -> str | None:
        return self.trade_reasons.get(seat)

    def close(self) -> None:
        """Stop the worker thread (pending thoughts are dropped)."""
        self._executor.shutdown(wait=False, cancel_futures=True)

    # -------------------------------------------------------------------------------------------- files

    def meta(self) -> dict[str, Any]:
        return {"config": self.config.to_dict()}

    def autosave(self) -> None:
        """Write the autosave atomically (raises SaveError if the disk refuses)."""
        save_game(self.game, autosave_path(), name="autosave", meta=self.meta())

    def save_named(self, name: str) -> Path:
        """Write a named save into the saves folder and return its path (raises SaveError)."""
        slug = "".join(c if c.isalnum() or c in "-_ " else "_" for c in name).strip().replace(" ", "_")
        slug = slug or _dt.datetime.now().strftime("game_%Y%m%d_%H%M%S")
        path = saves_dir() / f"{slug}.json"
        save_game(self.game, path, name=name, meta=self.meta())
        return path
