"""One hosted table, without the network: its seats, the game, who may act, what each seat is sent.

The host (``net/host.py``) owns the sockets and hands this class checked messages; everything here runs on
the host's event loop thread, the only thread that changes the game. A computer's thinking is the
exception the host runs elsewhere (``computer_move`` takes a copy of the game).

Secrecy: what a seat is sent comes from ``Game.seat_view(seat)`` (other hands hidden), the legal actions
and reasons of that seat, and the log's events as ``seat_event`` words them for it. The whole game (every
hand, the history, the seed) is sent once the game is over, and not before.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from ..ai import Bot, create_bot
from ..engine import Action, Game
from ..engine.actions import SPECS
from ..engine.errors import ActionParseError
from ..engine.reasons import Reason
from ..engine.views import SPECTATOR, seat_event
from .codec import reason_to_data, view_to_data
from .protocol import MAX_NAME

PERSON = "person"  # a player at their own computer
COMPUTER = "computer"
LEVELS = ("easy", "normal", "hard", "expert")
CHAT_KEPT = 100  # chat lines a table keeps for those who join later
SPECTATORS = 20  # people who may watch a table at once (TableConfig.spectators; 0: nobody watches)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


@dataclass
class Seat:
    """One seat: a person's (taken with a secret token, whose hash is all the host keeps) or a computer's."""

    kind: str
    name: str = ""
    level: str = "normal"
    token_hash: str | None = None
    connected: bool = False
    ready: bool = False
    away_at: float | None = None  # when its person left during the game
    left: bool = False  # its person said goodbye: a computer plays it (when the table allows)

    @property
    def taken(self) -> bool:
        return self.token_hash is not None


@dataclass
class TableConfig:
    """What a table is made of (the host's choice; ``serve --seats`` or the Host screen)."""

    table_id: str
    variant: str = "base"
    seats: list[Seat] = field(default_factory=list)
    board: str = "random"
    options: dict[str, Any] = field(default_factory=dict)
    password: str | None = None
    takeover_after: float | None = 60.0  # seconds away before a computer plays a person's seat; None: wait
    seed: int | None = None  # None: a secret random seed
    spectators: int = SPECTATORS  # how many may watch at once (seeing only what is public); 0: none


class TableError(Exception):
    """A request the table refuses: ``code`` (what the host's ``error`` says) and the detail."""

    def __init__(self, code: str, detail: str = "") -> None:
        super().__init__(f"{code}: {detail}")
        self.code = code
        self.detail = detail


class Table:
    """The game of one table and its seats. Methods return the messages to send, as (seat or None for
    every connection, message) pairs; the host delivers them."""

    def __init__(self, config: TableConfig, owner_token: str | None = None) -> None:
        if not config.seats or not 1 <= len(config.seats) <= 8:
            raise TableError("bad_table", "a table has 1 to 8 seats")
        try:  # the variant, the player count, the board and the options are checked now, not at the start
            self.title = Game.new(config.variant, players=len(config.seats), seed=0, board=config.board,
                     options=config.options or None).rules.title
        except Exception as exc:  # RulesetError, or a rule file that cannot be read
            raise TableError("bad_table", str(exc)) from None
        self.config = config
        self.id = config.table_id
        self.seats = config.seats
        self.owner_hash = token_hash(owner_token) if owner_token else None
        self.seed = config.seed if config.seed is not None else secrets.randbits(31)
        self.salt = secrets.token_hex(16)  # with the seed in the commitment: the hash cannot be searched
        self.game: Game | None = None
        self.bots: dict[int, Bot] = {}
        self.chat: deque[dict[str, Any]] = deque(maxlen=CHAT_KEPT)
        self.reasons: dict[int, str] = {}  # the last words of each computer (a trade answer's reason)
        self.last: dict[str, Any] | None = None
        self.watchers: list[str] = []  # the names of those watching, in the order they came
        self.changed_at = time.monotonic()
        self.saved_moves = -1

    # ------------------------------------------------------------------------------------------ lobby

    @property
    def started(self) -> bool:
        return self.game is not None

    @property
    def players(self) -> int:
        return len(self.seats)

    def commitment(self) -> str:
        """The hash of the secret seed (and a salt), published when the game starts."""
        return hashlib.sha256(f"{self.seed}:{self.salt}".encode()).hexdigest()

    def check_password(self, password: str | None) -> None:
        want = self.config.password
        if want and not hmac.compare_digest((password or "").encode(), want.encode()):
            raise TableError("wrong_password", "this table has a password")

    def claim(self, name: str, token: str | None, seat: int | None) -> tuple[int, str]:
        """A person joins: their own seat again (by its token), or a free person seat (``seat``, or the
        first). Returns (seat, token); raises TableError."""
        if token:
            h = token_hash(token)
            for i, s in enumerate(self.seats):
                if s.token_hash is not None and hmac.compare_digest(s.token_hash, h):
                    # the token is the proof: a connection the host still holds for it is replaced
                    s.connected, s.away_at, s.left = True, None, False
                    return i, token
            if self.started:
                raise TableError("bad_token", "no seat at this table has that token")
        if self.started:
            raise TableError("started", "the game has started: only its players may join again")
        free = [i for i, s in enumerate(self.seats) if s.kind == PERSON and not s.taken]
        if seat is not None:
            free = [i for i in free if i == seat]
        if not free:
            raise TableError("table_full", "no free seat")
        i = free[0]
        token = secrets.token_urlsafe(24)
        s = self.seats[i]
        s.token_hash, s.connected, s.ready = token_hash(token), True, False
        s.name = self._unique_name(name, i)
        if self.owner_hash is None:
            self.owner_hash = s.token_hash  # the first person to sit down starts the game (a served table)
        return i, token

    def _unique_name(self, name: str, seat: int) -> str:
        """``name`` for ``seat``, with a number after it when a person already seated has it ("Ann",
        "Ann 2"): two players of one name could not tell whose turn it was (seen under Xvfb: both windows'
        players were "You"). Within MAX_NAME."""
        wanted = " ".join(name.split())[:MAX_NAME]
        others = {s.name.casefold() for j, s in enumerate(self.seats) if j != seat and s.taken}
        shown, n = wanted, 2
        while shown.casefold() in others:
            tail = f" {n}"
            shown = wanted[:MAX_NAME - len(tail)].rstrip() + tail
            n += 1
        return shown

    def watch(self, name: str) -> str:
        """Someone comes to watch (before or during the game); returns the name shown. Raises TableError
        when the table takes no spectators or has no room for more."""
        if self.config.spectators <= 0:
            raise TableError("no_spectators", "this table takes no spectators")
        if len(self.watchers) >= self.config.spectators:
            raise TableError("no_spectators", "no room for more spectators")
        shown = " ".join(name.split())
        self.watchers.append(shown)
        return shown

    def unwatch(self, name: str) -> None:
        if name in self.watchers:
            self.watchers.remove(name)

    def is_owner(self, seat: int) -> bool:
        h = self.seats[seat].token_hash
        return h is not None and self.owner_hash is not None and hmac.compare_digest(h, self.owner_hash)

    def disconnected(self, seat: int, bye: bool = False) -> None:
        s = self.seats[seat]
        s.connected = False
        if not self.started:  # a person who leaves the lobby frees the seat
            s.token_hash, s.name, s.ready = None, "", False
            return
        s.away_at = time.monotonic()
        s.left = s.left or bye

    def set_ready(self, seat: int, ready: bool) -> None:
        self.seats[seat].ready = ready

    def can_start(self) -> bool:
        return not self.started and all(s.kind != PERSON or (s.taken and s.connected) for s in self.seats)

    def all_ready(self) -> bool:
        return self.can_start() and all(s.kind != PERSON or s.ready for s in self.seats)

    def lobby(self) -> dict[str, Any]:
        """The lobby as everyone sees it (no tokens)."""
        now = time.monotonic()
        return {
            "t": "lobby", "table": self.id, "variant": self.config.variant, "title": self.title,
            "board": self.config.board,
            "options": self.config.options, "players": self.players, "started": self.started,
            "password": bool(self.config.password), "takeover_after": self.config.takeover_after,
            "seats": [
                {"seat": i, "kind": s.kind, "name": s.name if s.kind == PERSON else "", "level": s.level,
                 "taken": s.taken, "connected": s.connected, "ready": s.ready,
                 "away": None if s.away_at is None else round(now - s.away_at, 1),
                 "computer_plays": self.computer_plays(i) if self.started else s.kind == COMPUTER}
                for i, s in enumerate(self.seats)
            ],
            "watching": list(self.watchers), "spectators": self.config.spectators,
        }

    def names(self) -> list[str]:
        return [s.name if s.kind == PERSON and s.name else "" for s in self.seats]

    # ------------------------------------------------------------------------------------------- game

    def start(self) -> None:
        """Deal the game (the seed stays secret until the end)."""
        if self.started:
            raise TableError("started", "the game has started")
        if not self.can_start():
            raise TableError("not_ready", "every person seat must be taken and connected")
        self.game = Game.new(self.config.variant, players=self.players, seed=self.seed,
                             board=self.config.board, options=self.config.options or None)
        self._make_bots()
        self.changed_at = time.monotonic()

    def _make_bots(self) -> None:
        for i, s in enumerate(self.seats):
            level = s.level if s.level in LEVELS else "normal"
            self.bots[i] = create_bot(level, seed=self.seed * 1009 + i)  # also plays for an absent person

    def computer_plays(self, seat: int) -> bool:
        """A computer moves for ``seat`` now: a computer seat, or a person away past the table's limit."""
        s = self.seats[seat]
        if s.kind == COMPUTER:
            return True
        if s.connected or s.away_at is None:
            return False
        after = self.config.takeover_after
        if after is None:
            return False
        return s.left or time.monotonic() - s.away_at >= after

    def to_act(self) -> int | None:
        g = self.game
        return None if g is None or g.is_over else int(g.current_player)

    def computer_to_move(self) -> int | None:
        seat = self.to_act()
        return seat if seat is not None and self.computer_plays(seat) else None

    def act(self, seat: int, text: str, at: int) -> Action:
        """A person's move; raises TableError (with a reason's data in ``detail``) and changes nothing
        when it is not theirs, not now, or not legal."""
        g = self.game
        if g is None:
            raise TableError("not_started", "the game has not started")
        if g.is_over:
            raise TableError("refused", "game_over")
        if at != len(g.history):
            raise TableError("refused", "stale_move")  # the game moved on before this move arrived
        try:
            action = Action.parse(text)
        except ActionParseError:
            raise TableError("refused", "malformed_action") from None
        if action.kind not in SPECS:
            raise TableError("refused", "unknown_action")
        owner = g.seat_of(action)
        if owner is None:
            raise TableError("refused", "illegal")
        if owner != seat:
            raise TableError("refused", "not_your_move")
        self.play(seat, action)
        return action

    def reason_for(self, seat: int, text: str, code: str) -> dict[str, Any] | None:
        """The reason to send with a refusal: the engine's for an illegal move, else the code's."""
        g = self.game
        if code == "illegal" and g is not None:
            try:
                return reason_to_data(g.why_illegal(text))
            except Exception:
                return {"code": "not_allowed_now"}
        if code == "not_your_move" and g is not None:
            return reason_to_data(Reason("waiting_for", seat=g.current_player, phase=g.phase))
        if code == "malformed_action":
            return {"code": code, "text": text[:60]}
        if code == "unknown_action":
            return {"code": code, "kind": text.split(" ", 1)[0][:30]}
        return {"code": code}

    def play(self, seat: int, action: Action, reason: str | None = None) -> None:
        """Apply a checked move (a person's or a computer's) and remember it for the next messages."""
        g = self.game
        assert g is not None
        if action.kind == "offer":
            self.reasons.clear()
        g.apply(action)
        if reason and action.kind in ("accept", "reject", "counter"):
            self.reasons[seat] = reason
        self.last = {"seat": seat, "action": str(action), "reason": reason}
        self.changed_at = time.monotonic()

    def computer_move(self, seat: int) -> tuple[Bot, Game]:
        """The bot and a copy of the game for a computer's thinking (off the host's loop)."""
        assert self.game is not None
        return self.bots[seat], self.game.clone()

    # --------------------------------------------------------------------------------------- messages

    def start_message(self, seat: int) -> dict[str, Any]:
        g = self.game
        assert g is not None
        return {"t": "start", "seat": seat, "rules": g.rules.to_json_data(), "options": g.options,
                "variant": self.config.variant, "board": self.config.board, "names": self.names(),
                "kinds": [s.kind for s in self.seats], "commitment": self.commitment()}

    def state_message(self, seat: int, log_from: int) -> dict[str, Any]:
        """What ``seat`` is sent after a change: its view, its events from ``log_from`` on, and, when it is
        to act, its legal actions and why other kinds are not legal. ``SPECTATOR``: the public view, and
        every private event without its secret."""
        g = self.game
        assert g is not None
        events = [seat_event(ev, seat) for ev in g.log[log_from:]]
        view = g.public_view() if seat == SPECTATOR else g.seat_view(seat)
        msg: dict[str, Any] = {
            "t": "state", "moves": len(g.history), "log_at": log_from, "events": events,
            "view": view_to_data(view), "last": self.last,
            "answers": {str(q): r for q, r in self.reasons.items()},
            "legal": [], "why_none": {},
        }
        if not g.is_over and g.current_player == seat:
            legal = g.legal_actions()
            msg["legal"] = [str(a) for a in legal]
            have = {a.kind for a in legal}
            kinds = sorted(k for k in g.plugins.kind_phases if k not in have)
            msg["why_none"] = {k: reason_to_data(g.why_none(k)) for k in kinds}
        return msg

    def over_message(self) -> dict[str, Any]:
        """The whole game, and the seed that made it, once it is over (every client may now check it)."""
        g = self.game
        assert g is not None and g.is_over
        return {"t": "over", "snapshot": g.to_json(), "seed": self.seed, "salt": self.salt}
