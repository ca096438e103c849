"""The seat port of a game played on another computer (issue 33): the same screens, dialogs and add-on
parts as a local game, driven by what the host sends (``net/``, docs/network-protocol.md).

The host sends this seat's view, its events and, when it is to act, its legal actions and why other kinds
are not legal; nothing else of the game is here until the game is over (then the whole game, for Game over,
the story and the replay, and the seed, to check every roll). The moves of the other seats, and the echo of
this seat's own, come out of ``pump`` one at a time, at the screen's pace, with the view as it was after
each: the screen shows the game move by move, never ahead of its animations.
"""

from __future__ import annotations

import collections
import contextlib
from pathlib import Path
from typing import Any

from ..engine import Action, Game, Ruleset
from ..engine.errors import ActionParseError, IllegalAction
from ..engine.reasons import Reason
from ..engine.views import SeatView
from ..i18n import _
from ..net.client import NetClient
from ..net.codec import reason_from_data, view_from_data
from ..net.table import PERSON
from ..net.verify import Verdict, verify_game
from ..persistence import SaveError
from ..persistence.net_seats import keep_seat_token
from .config import shown_name
from .seat_port import Moved


class ChatLine(str):
    """A chat line as a notice: the text, with the speaker's seat and name (``code`` "chat")."""

    code = "chat"
    seat: int
    name: str

    def __new__(cls, msg: dict[str, Any]) -> ChatLine:
        self = super().__new__(cls, str(msg.get("text", ""))[:300])
        self.seat = int(msg.get("seat", -1)) if isinstance(msg.get("seat"), int) else -1
        self.name = str(msg.get("name") or "")[:24]
        return self


UNLISTED = frozenset({"offer", "counter"})  # kinds the engine's legal list leaves out (any bundles)


class RemotePort:
    """A ``SeatPort`` over a ``NetClient``. ``started`` once the host dealt the game; ``lobby``, ``chat``
    and ``notices`` (refusals, the connection's state) are for the screens around the game."""

    remote = True

    def __init__(self, client: NetClient) -> None:
        self.client = client
        self.version = 0
        self.seat = -1
        self.started = False
        self.lobby: dict[str, Any] | None = None
        self.chat: collections.deque[dict[str, Any]] = collections.deque(maxlen=100)
        self.notices: collections.deque[str] = collections.deque(maxlen=20)
        self._rules: Ruleset | None = None
        self._topo: Any = None
        self._names: list[str] = []
        self._kinds: list[str] = []
        self._commitment = ""
        self._queue: collections.deque[dict[str, Any]] = collections.deque()
        self._state: dict[str, Any] | None = None
        self._view: SeatView | None = None
        self._legal: list[Action] = []
        self._events: list[dict[str, Any]] = []
        self._sent: Action | None = None  # a move on its way to the host
        self._record: Game | None = None
        self.verdict: Verdict | None = None
        self.hosting: Any = None  # the host beside this game, when this player hosts it (net.host.HostThread)

    # --------------------------------------------------------------------------------------- arrivals

    def drain(self) -> None:
        """Take what the host sent since the last frame (never waits)."""
        for msg in self.client.poll():
            kind = msg.get("t")
            if kind == "welcome":
                self.seat = int(msg["seat"])
                if isinstance(msg.get("token"), str):  # a spectator has none
                    with contextlib.suppress(OSError, TypeError):  # the seat back after a restart, too
                        keep_seat_token(self.client.url, self.client.table, msg["token"])
            elif kind == "lobby":
                self.lobby = msg
            elif kind == "start":
                self._start(msg)
            elif kind == "state" and self._rules is not None:
                if self._state is None or msg.get("log_at") == 0:  # the first state, or a rejoin: at once
                    rejoined = self._state is not None
                    self._queue.clear()
                    self._show(msg, resync=True)
                    if rejoined:  # the screen tells the log again: what happened meanwhile is in it
                        self.notices.append(Reason("net_back"))
                else:
                    self._queue.append(msg)
            elif kind == "refused":
                self._sent = None
                self.notices.append(reason_from_data(msg.get("reason")))
            elif kind == "over":
                self._over(msg)
            elif kind == "chat":
                self.chat.append(msg)
                if self.started:  # during the game the line shows in the log
                    self.notices.append(ChatLine(msg))
            elif kind == "error":
                code, detail = str(msg.get("code")), str(msg.get("detail"))
                self.notices.append(Reason("net_error", code=code, detail=detail))
            elif kind == "_status" and msg.get("status") in ("lost", "refused", "closed"):
                self._sent = None
                stopped = msg["status"] == "lost" and (msg.get("error") or {}).get("code") == "host_stopped"
                self.notices.append(Reason("net_host_stopped" if stopped else "net_" + msg["status"]))

    def _start(self, msg: dict[str, Any]) -> None:
        self._rules = Ruleset.from_dict(msg["rules"])
        self._topo = Game.topology_of(self._rules)
        self.seat = int(msg["seat"])
        self._names = [str(n) for n in msg["names"]]
        self._kinds = [str(k) for k in msg["kinds"]]
        self._commitment = str(msg.get("commitment", ""))
        self._start_msg = msg
        self.started = True

    def _show(self, msg: dict[str, Any], resync: bool = False) -> list[dict[str, Any]]:
        """Make ``msg`` the state on screen; returns the events it adds."""
        assert self._rules is not None
        self._view = view_from_data(msg["view"], self._rules, self._topo)
        self._state = msg
        self._legal = []
        for text in msg.get("legal") or []:
            try:
                self._legal.append(Action.parse(text))
            except ActionParseError:
                continue
        at = int(msg.get("log_at", 0))
        fresh = [ev for i, ev in enumerate(msg.get("events") or [], start=at) if i >= len(self._events)]
        if resync:
            self._events = self._events[:at]
            fresh = list(msg.get("events") or [])
        self._events.extend(fresh)
        last = msg.get("last") or {}
        if last.get("seat") == self.seat or resync:
            self._sent = None
        self.version += 1
        return fresh

    def _over(self, msg: dict[str, Any]) -> None:
        try:
            self._record = Game.from_json(msg["snapshot"])
        except Exception:
            self.notices.append(Reason("net_error", code="bad_record", detail=""))
            return
        self.verdict = verify_game(self._start_msg, self._commitment, msg, self._record, self.seat,
                                   self._events)

    # ----------------------------------------------------------------------------- lobby and chat

    def set_ready(self, ready: bool) -> None:
        self.client.send({"t": "ready", "ready": ready})

    def start_game(self) -> None:
        """The table's owner starts the game (every person seat taken)."""
        self.client.send({"t": "start"})

    def say(self, text: str) -> None:
        text = " ".join(text.split())[:300]
        if text:
            self.client.send({"t": "chat", "text": text})

    @property
    def watching(self) -> bool:
        """A spectator: no seat, no hand; the host sends what everyone may see."""
        return bool(self.client.watch)

    @property
    def owner(self) -> bool:
        return bool(self.client.owner)

    @property
    def ready_to_play(self) -> bool:
        """The game was dealt and its first position arrived: the game screen can open."""
        self.drain()
        return self.started and self._view is not None

    # ------------------------------------------------------------------------------------ the port

    @property
    def rules(self) -> Ruleset:
        assert self._rules is not None
        return self._rules

    @property
    def players(self) -> int:
        return len(self._names)

    @property
    def seat_to_act(self) -> int:
        v = self._view
        return -1 if v is None or v.to_act is None else int(v.to_act)

    @property
    def moves(self) -> int:
        return int(self._state["moves"]) if self._state else 0

    @property
    def human_to_act(self) -> bool:
        self.drain()
        v = self._view
        return (v is not None and not v.is_over and v.to_act == self.seat and self._sent is None
                and not self._queue and not self.watching and not self.out_of_reach)

    @property
    def out_of_reach(self) -> bool:
        """The connection is down (the client tries again): a move made now would go nowhere."""
        return self.client.status != "connected"

    @property
    def humans(self) -> list[int]:
        return [] if self.watching else [self.seat]

    def is_human(self, seat: int) -> bool:
        return seat == self.seat and not self.watching

    def name(self, seat: int) -> str:
        name = self._names[seat] if 0 <= seat < len(self._names) else ""
        return shown_name(name) if name else _("Player {n}", n=seat + 1)

    def away(self, seat: int) -> str:
        """From the host's last lobby: "computer" when a computer plays this person's seat for now,
        "away" when its player's connection is down, else ""."""
        for s in (self.lobby or {}).get("seats", []):
            if s.get("seat") == seat and s.get("kind") == PERSON and s.get("taken"):
                if s.get("computer_plays"):
                    return "computer"
                return "" if s.get("connected") else "away"
        return ""

    def kind_of_seat(self, seat: int) -> str:
        """``person`` or ``computer``: who plays ``seat`` at the host."""
        return self._kinds[seat] if 0 <= seat < len(self._kinds) else ""

    def view(self, seat: int) -> SeatView:
        if self._record is not None and self._view is not None and self._view.is_over:
            return self._record.public_view() if self.watching else self._record.seat_view(seat)
        assert self._view is not None, "no state yet"
        return self._view

    def legal(self, kind: str | None = None) -> list[Action]:
        if not self.human_to_act:
            return []
        return list(self._legal) if kind is None else [a for a in self._legal if a.kind == kind]

    def is_legal(self, action: Action) -> bool:
        return self.why_illegal(action) is None

    def why_illegal(self, action: Action) -> str | None:
        if action in self._legal:  # (the host lists legal actions only for the seat to act)
            return None
        why = self.why_none(action.kind)  # not this seat's turn, the game over, or the kind's reason
        if action.kind in UNLISTED and why is None:
            return None  # a trade offer or counter: the host checks it, and says why if it refuses
        return why if why is not None else Reason("not_allowed_now")

    def why_none(self, kind: str) -> str | None:
        v = self._view
        if v is None or v.is_over:
            return Reason("game_over")
        if v.to_act != self.seat:
            return Reason("waiting_for", seat=v.to_act, phase=v.phase)
        if any(a.kind == kind for a in self._legal):
            return None
        data = (self._state or {}).get("why_none", {}).get(kind)
        return None if data is None else reason_from_data(data)

    def apply(self, action: Action) -> list[dict[str, Any]]:
        """Send the move; its events come back through ``pump`` once the host played it."""
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalAction(reason, action)
        self._sent = action
        self.client.send({"t": "act", "action": str(action), "at": self.moves})
        return []

    def events_since(self, start: int) -> list[dict[str, Any]]:
        return list(self._events[max(0, start):])

    def pump(self) -> Moved | None:
        """The next move the host played (another seat's, or the echo of this one's), with the view after
        it; None when nothing new has arrived."""
        self.drain()
        if not self._queue:
            return None
        final = (self._queue[0].get("view") or {}).get("phase") == "over"
        if final and self._record is None and self.client.status == "connected":
            return None  # the end shows with the whole game (the host sends it right after)
        msg = self._queue.popleft()
        events = self._show(msg)
        last = msg.get("last")
        if not last:
            return None
        try:
            action = Action.parse(str(last.get("action")))
        except ActionParseError:
            return None
        reason = last.get("reason") if last.get("seat") != self.seat else None
        return Moved(int(last.get("seat", -1)), action, events, reason if isinstance(reason, str) else None)

    def bot_thinking(self) -> bool:
        return False

    def answer_reason(self, seat: int) -> str | None:
        answers = (self._state or {}).get("answers") or {}
        reason = answers.get(str(seat))
        return reason if isinstance(reason, str) else None

    def can_undo(self) -> bool:
        return False

    def undo(self) -> bool:
        return False

    def autosave(self) -> None:
        """The host keeps the game (its autosave); nothing is written here."""

    def save_named(self, name: str) -> Path:
        """Never written here (the pause menu offers no Save over the network): the host keeps the game."""
        raise SaveError(name, "a game played over the network is kept by its host")

    def record(self) -> Any:
        return self._record

    def close(self) -> None:
        """Leave the table; a game hosted here stops with it (its autosave keeps it)."""
        self.client.close()
        if self.hosting is not None:
            self.hosting.stop()
            self.hosting = None
