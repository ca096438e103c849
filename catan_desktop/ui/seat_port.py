"""The seat port (issue 32): the one interface through which the game screen, its dialogs and the add-ons'
screen parts see and play a game, so that a game played here (``controller.GameController``), a replay
(``scenes/replay.ReplayController``) and, next, a game played on another computer drive the same screens.

What goes through it is what a seat may know and do: the seat views (the engine's ``SeatView``: other hands
hidden), the legal actions and why others are not legal, applying an action, the events since a point, the
players' names, and the moves of the seats not played at this screen (``pump``). Nothing in it hands out
the engine's game while the game is being played.
"""

from __future__ import annotations

import collections
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from ..engine import Action

if TYPE_CHECKING:
    from ..engine import Ruleset
    from ..engine.views import SeatView


@dataclass(frozen=True)
class Moved:
    """A move made by a seat not played at this screen (a computer here; later, a player far away)."""

    seat: int
    action: Action
    events: list[dict[str, Any]] = field(default_factory=list)
    reason: str | None = None  # what the seat said of it (a trade answer's reason), if anything


@runtime_checkable
class SeatPort(Protocol):
    """What a game screen reads and does. ``version`` counts the changes to the game: the views are read
    again after it moves."""

    version: int

    @property
    def rules(self) -> Ruleset:
        """The rules of the game (public)."""

    @property
    def players(self) -> int: ...

    @property
    def seat_to_act(self) -> int: ...

    @property
    def moves(self) -> int:
        """How many actions have been played (a position's place in the game; an undo takes it back)."""

    @property
    def human_to_act(self) -> bool:
        """A person at this screen is to act now (the game is not over)."""

    @property
    def humans(self) -> list[int]:
        """The seats played by people at this screen."""

    def is_human(self, seat: int) -> bool: ...

    def name(self, seat: int) -> str: ...

    def away(self, seat: int) -> str:
        """A person's seat at a hosted game whose player is not there: "away", or "computer" once a
        computer plays it until they return; "" otherwise (always "" for a game played here)."""

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know now (a seat played at this screen, or any seat once the game is over)."""

    def legal(self, kind: str | None = None) -> list[Action]:
        """The legal actions of the seat to act (of one kind), in the engine's order."""

    def is_legal(self, action: Action) -> bool: ...

    def why_illegal(self, action: Action) -> str | None:
        """Why ``action`` is not legal now (a reason code, worded by the text layer), or None."""

    def why_none(self, kind: str) -> str | None:
        """Why no action of ``kind`` is legal now, or None when one is."""

    def apply(self, action: Action) -> list[dict[str, Any]]:
        """Play ``action`` for the seat to act at this screen; returns its events. Raises IllegalAction."""

    def events_since(self, start: int) -> list[dict[str, Any]]:
        """The game's events from number ``start`` on (the text layer words them for the viewing seat)."""

    def pump(self) -> Moved | None:
        """Let a seat not played at this screen move: its move once made (None while it thinks)."""

    def bot_thinking(self) -> bool: ...

    def answer_reason(self, seat: int) -> str | None:
        """Why ``seat`` answered the offer on the table as it did (a computer's words), if it said."""

    def can_undo(self) -> bool: ...

    def undo(self) -> bool: ...

    def autosave(self) -> None:
        """Keep the game so it can be continued (raises SaveError)."""

    def save_named(self, name: str) -> Path: ...

    def record(self) -> Any:
        """The whole game (every hand, the history) for Game over, the story and the replay: only once the
        game is over, or in a replay; None otherwise."""

    def close(self) -> None: ...

    def say(self, text: str) -> None:
        """A line for the table's chat (a game over the network; nothing for a game played here)."""

    remote: bool  # the game is played on another computer (its host): no undo, no saves, no replaying it here
    watching: bool  # a spectator of a hosted game: no seat, no hand; every seat's view is the public one
    out_of_reach: bool  # a hosted game whose host cannot be reached now: no move can be sent
    hosting: Any  # the host beside this game when this player hosts it (net.host.HostThread), else None

    @property
    def verdict(self) -> Any:
        """A hosted game, once over: whether every roll, card and steal followed from the seed its host
        promised (``net.verify.Verdict``); None for a game played here."""

    @property
    def notices(self) -> collections.deque[str]:
        """What the screen should tell the player that is not an event of the game (a refusal from far
        away, the connection lost or back); the screen takes them out as it shows them."""


class GamePort:
    """The engine-backed half of a local port (``self.game``: a ``Game``): the rules, the legal actions and
    the reasons, the events. ``GameController`` and the replay's controller build on it."""

    game: Any
    version: int
    _notices: collections.deque[str] | None = None
    remote = False
    watching = False
    out_of_reach = False
    hosting = None
    verdict = None

    def say(self, text: str) -> None:
        """Nobody else to talk to at a game played here."""

    def away(self, seat: int) -> str:
        return ""  # everybody plays at this screen

    @property
    def notices(self) -> collections.deque[str]:
        if self._notices is None:
            self._notices = collections.deque(maxlen=20)
        return self._notices

    @property
    def rules(self) -> Ruleset:
        return self.game.rules  # type: ignore[no-any-return]

    @property
    def players(self) -> int:
        return int(self.game.players)

    @property
    def seat_to_act(self) -> int:
        return int(self.game.current_player)

    @property
    def moves(self) -> int:
        return len(self.game.history)

    def legal(self, kind: str | None = None) -> list[Action]:
        actions = self.game.legal_actions()
        return actions if kind is None else [a for a in actions if a.kind == kind]

    def is_legal(self, action: Action) -> bool:
        return bool(self.game.is_legal(action))

    def why_illegal(self, action: Action) -> str | None:
        return self.game.why_illegal(action)  # type: ignore[no-any-return]

    def why_none(self, kind: str) -> str | None:
        return self.game.why_none(kind)  # type: ignore[no-any-return]

    def events_since(self, start: int) -> list[dict[str, Any]]:
        return list(self.game.log[max(0, start):])

    def record(self) -> Any:
        return self.game if self.game.is_over else None
