"""The authoritative host: one asyncio event loop serving any number of tables over WebSockets
(the ``websockets`` library), the only place where a hosted game changes (docs/network-protocol.md).

- Every incoming message is checked (``protocol.parse_client``) and every action is checked against the
  seat of the connection that sent it (``Game.seat_of``); a refusal changes nothing.
- Sending never waits for a slow client: each connection has a bounded outbox drained by its own task; a
  client that lets it fill is not reading and is closed. A client that sends faster than a person could is
  closed too; so is a connection that does not say hello in time. The host serves the other tables on.
- Computers think in a worker thread on a copy of the game (``run_in_executor``), never on the loop, and
  their move is applied on the loop only if the game did not move meanwhile.
- With an autosave folder, each table is written there (atomically) after every turn and when the host
  stops, and ``load_tables`` brings the tables back: their players rejoin with their seat tokens.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from ..engine import Game
from ..persistence.files import atomic_write_text
from .protocol import MAX_CLIENT_MESSAGE, PROTOCOL, VERSION, BadMessage, encode, parse_client
from .table import COMPUTER, PERSON, SPECTATORS, Seat, Table, TableConfig, TableError
from .table import SPECTATOR as WATCHING

log = logging.getLogger(__name__)

HELLO_TIMEOUT = 10.0  # seconds a new connection has to say hello
OUTBOX = 256  # messages waiting for one client; more and it is not reading: closed
RATE = 50.0  # messages a second a client may send on average (a person sends a few) ...
BURST = 100.0  # ... and at once
MAX_CONNECTIONS = 2000
TABLE_FORMAT = "catan-desktop-table"


@dataclass
class Conn:
    """One client connection at one table."""

    ws: ServerConnection
    table: Table
    seat: int  # WATCHING (-1): a spectator
    name: str = ""  # a spectator's name (a player's is its seat's)
    outbox: asyncio.Queue[str] = field(default_factory=lambda: asyncio.Queue(OUTBOX))
    log_sent: int = 0  # events of the game's log this seat has been sent
    replaced: bool = False  # the same seat connected again: this one's end changes nothing
    slow: bool = False  # its outbox filled: closed as not reading
    rate: float = RATE  # the host's limit (Host.rate)
    tokens: float = BURST
    stamp: float = field(default_factory=time.monotonic)

    def allow(self) -> bool:
        """The rate limit: a token bucket of ``BURST`` refilled at ``rate`` (``RATE``) a second."""
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True

    def send(self, msg: dict[str, Any] | str) -> bool:
        """Queue a message; False (and the connection is closed) when the client is not reading."""
        try:
            self.outbox.put_nowait(msg if isinstance(msg, str) else encode(msg))
            return True
        except asyncio.QueueFull:
            self.slow = True
            asyncio.ensure_future(self.ws.close(1008, "not reading"))
            return False


class Host:
    """Tables by id, their connections, and the server. ``add_table`` before or while serving."""

    def __init__(self, autosave_dir: Path | None = None, workers: int = 1) -> None:
        self.tables: dict[str, Table] = {}
        self.conns: dict[str, list[Conn]] = {}
        self.autosave_dir = autosave_dir
        self.executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="catan-host-ai")
        self.server: Server | None = None
        self.connections = 0
        self._thinking: set[str] = set()
        self._timers: set[asyncio.Task[None]] = set()
        self.stats = {"refused": 0, "errors": 0, "closed_slow": 0, "closed_flood": 0}
        self.hello_timeout = HELLO_TIMEOUT
        self.rate = RATE  # messages a second each new connection may send on average
        self.announcer: Any = None  # net.lan.Announcer: the tables told to the local network (optional)

    # ------------------------------------------------------------------------------------------ tables

    def add_table(self, config: TableConfig, owner_token: str | None = None) -> Table:
        if config.table_id in self.tables:
            raise TableError("table_exists", config.table_id)
        table = Table(config, owner_token)
        self.tables[table.id] = table
        self.conns[table.id] = []
        return table

    def table_info(self) -> list[dict[str, Any]]:
        return [t.lobby() for t in self.tables.values()]

    # ------------------------------------------------------------------------------------------ server

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        """Listen; returns the port (``port=0``: a free one)."""
        self.server = await serve(
            self._handle, host, port, max_size=MAX_CLIENT_MESSAGE, max_queue=8, write_limit=256 * 1024,
            ping_interval=20, ping_timeout=20, open_timeout=HELLO_TIMEOUT, close_timeout=2, compression=None,
        )
        sock = next(iter(self.server.sockets))
        return int(sock.getsockname()[1])

    async def stop(self) -> None:
        for table in self.tables.values():
            self._autosave(table, force=True)
        if self.announcer is not None:
            await asyncio.get_running_loop().run_in_executor(None, self.announcer.close)
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()
        for task in list(self._timers):
            task.cancel()
        self.executor.shutdown(wait=False, cancel_futures=True)

    async def _handle(self, ws: ServerConnection) -> None:
        if self.connections >= MAX_CONNECTIONS:
            await ws.close(1013, "the host is full")
            return
        self.connections += 1
        conn: Conn | None = None
        writer: asyncio.Task[None] | None = None
        try:
            conn = await self._greet(ws)
            if conn is None:
                return
            writer = asyncio.ensure_future(self._write(conn))
            self._joined(conn)
            async for raw in ws:
                if not conn.allow():
                    self.stats["closed_flood"] += 1
                    await self._error(ws, "flood", "too many messages")
                    break
                try:
                    msg = parse_client(raw)
                except BadMessage as exc:
                    self.stats["errors"] += 1
                    conn.send({"t": "error", "code": exc.code, "detail": exc.detail})
                    continue
                if msg["t"] == "bye":
                    self._left(conn, bye=True)
                    conn = None
                    break
                try:
                    self._message(conn, msg)
                except Exception:  # a fault of the host's: said, logged, and the other tables go on
                    log.exception("table %s: a message failed", conn.table.id)
                    conn.send({"t": "error", "code": "host_error", "detail": "the host could not do that"})
        except ConnectionClosed:
            pass
        finally:
            self.connections -= 1
            if conn is not None:
                self._left(conn)
            if writer is not None:
                writer.cancel()

    async def _error(self, ws: ServerConnection, code: str, detail: str) -> None:
        with contextlib.suppress(ConnectionClosed):
            await ws.send(encode({"t": "error", "code": code, "detail": detail}))
            await ws.close(1008, code)

    async def _greet(self, ws: ServerConnection) -> Conn | None:
        """The hello: the protocol, the table, the password, the seat. None: refused (the reason sent)."""
        try:
            raw = await asyncio.wait_for(ws.recv(), self.hello_timeout)
        except (TimeoutError, ConnectionClosed):
            with contextlib.suppress(ConnectionClosed):
                await ws.close(1008, "no hello")
            return None
        try:
            msg = parse_client(raw)
        except BadMessage as exc:
            await self._error(ws, exc.code, exc.detail)
            return None
        if msg["t"] == "ping":  # a table list request: "ping" before hello answers with the tables
            with contextlib.suppress(ConnectionClosed):
                await ws.send(encode({"t": "tables", "tables": self.table_info()}))
                await ws.close()
            return None
        if msg["t"] != "hello":
            await self._error(ws, "hello_first", "the first message is hello")
            return None
        if msg["protocol"] != PROTOCOL or msg["version"] != VERSION:
            await self._error(ws, "version", f"this host speaks {PROTOCOL} {VERSION}")
            return None
        table = self.tables.get(msg["table"])
        if table is None:
            await self._error(ws, "unknown_table", "no table of that name here")
            return None
        if msg.get("watch"):
            return await self._greet_spectator(ws, table, msg)
        try:
            table.check_password(msg.get("password"))
            seat, token = table.claim(msg["name"], msg.get("token"), msg.get("seat"))
        except TableError as exc:
            await self._error(ws, exc.code, exc.detail)
            return None
        for old in [c for c in self.conns[table.id] if c.seat == seat]:  # the same seat from a new link
            old.replaced = True
            self.conns[table.id].remove(old)
            asyncio.ensure_future(old.ws.close(1000, "replaced by a new connection"))
        conn = Conn(ws, table, seat, rate=self.rate)
        conn.send({"t": "welcome", "protocol": PROTOCOL, "version": VERSION, "table": table.id,
                   "seat": seat, "token": token, "owner": table.is_owner(seat)})
        return conn

    async def _greet_spectator(self, ws: ServerConnection, table: Table, msg: dict[str, Any]) -> Conn | None:
        """``hello`` with ``watch``: a spectator (no seat, no token; sees only what is public)."""
        try:
            table.check_password(msg.get("password"))
            name = table.watch(msg["name"])
        except TableError as exc:
            await self._error(ws, exc.code, exc.detail)
            return None
        conn = Conn(ws, table, WATCHING, name=name, rate=self.rate)
        conn.send({"t": "welcome", "protocol": PROTOCOL, "version": VERSION, "table": table.id,
                   "seat": WATCHING, "token": None, "owner": False, "watching": True})
        return conn

    async def _write(self, conn: Conn) -> None:
        with contextlib.suppress(ConnectionClosed):
            while True:
                text = await conn.outbox.get()
                await conn.ws.send(text)

    # ---------------------------------------------------------------------------------------- messages

    def _joined(self, conn: Conn) -> None:
        table = conn.table
        self.conns[table.id].append(conn)
        for line in table.chat:
            conn.send(line)
        if table.started:
            conn.send(table.start_message(conn.seat))
            conn.log_sent = 0
            self._send_state(conn)
            if table.game is not None and table.game.is_over:
                conn.send(table.over_message())  # joined again after the end
        self._lobby(table)
        self._kick(table)

    def _left(self, conn: Conn, bye: bool = False) -> None:
        table = conn.table
        self.stats["closed_slow"] += conn.slow
        if conn.replaced:
            return
        with contextlib.suppress(ValueError):
            self.conns[table.id].remove(conn)
        if conn.seat == WATCHING:
            table.unwatch(conn.name)
            self._lobby(table)
            return
        table.disconnected(conn.seat, bye)
        self._lobby(table)
        after = table.config.takeover_after
        if table.started and after is not None:
            self._later(after + 0.05, table)  # a computer may then play the seat
        self._kick(table)

    def _message(self, conn: Conn, msg: dict[str, Any]) -> None:
        table, kind = conn.table, msg["t"]
        if kind == "ping":
            conn.send({"t": "pong"})
        elif kind == "chat":
            text = " ".join(msg["text"].split())
            if text:
                name = conn.name if conn.seat == WATCHING else table.seats[conn.seat].name
                line = {"t": "chat", "seat": conn.seat, "name": name, "text": text}
                table.chat.append(line)
                self._broadcast(table, line)
        elif kind in ("ready", "start", "act") and conn.seat == WATCHING:
            conn.send({"t": "error", "code": "watching", "detail": "a spectator does not play"})
        elif kind == "ready":
            if not table.started:
                table.set_ready(conn.seat, msg["ready"])
                self._lobby(table)
                if table.all_ready():
                    self._start(table)
        elif kind == "start":
            if not table.is_owner(conn.seat):
                conn.send({"t": "error", "code": "not_owner", "detail": "only the table's owner starts it"})
            elif not table.can_start():
                conn.send({"t": "error", "code": "not_ready", "detail": "every seat must be taken first"})
            else:
                self._start(table)
        elif kind == "act":
            self._act(conn, msg["action"], msg["at"])
        elif kind == "hello":
            conn.send({"t": "error", "code": "bad_message", "detail": "hello was said already"})

    def _start(self, table: Table) -> None:
        if table.started:
            return
        table.start()
        for conn in self.conns[table.id]:
            conn.send(table.start_message(conn.seat))
        self._lobby(table)
        self._changed(table)

    def _act(self, conn: Conn, text: str, at: int) -> None:
        table = conn.table
        try:
            table.act(conn.seat, text, at)
        except TableError as exc:
            self.stats["refused"] += 1
            reason = table.reason_for(conn.seat, text, exc.detail if exc.code == "refused" else exc.code)
            conn.send({"t": "refused", "action": text, "at": at, "reason": reason})
            return
        self._changed(table)

    def _changed(self, table: Table) -> None:
        """After a move: every connection gets its state; the autosave; the computers' turn."""
        for conn in self.conns[table.id]:
            self._send_state(conn)
        g = table.game
        if g is not None and g.is_over:
            over = encode(table.over_message())
            for conn in self.conns[table.id]:
                conn.send(over)
        self._autosave(table)
        self._kick(table)

    def _send_state(self, conn: Conn) -> None:
        g = conn.table.game
        if g is None:
            return
        msg = conn.table.state_message(conn.seat, conn.log_sent)
        conn.log_sent = len(g.log)
        conn.send(msg)

    def _lobby(self, table: Table) -> None:
        self._broadcast(table, table.lobby())
        self.announce()

    def announce(self) -> None:
        """Tell the local network the tables still taking players, and those in play that may be watched
        (with an announcer)."""
        if self.announcer is None:
            return
        free = [(t.id, t.config.variant, sum(s.kind == PERSON and not s.taken for s in t.seats), t.started)
                for t in self.tables.values() if not t.started or t.config.spectators > 0]
        key = repr(free)
        if key != getattr(self, "_announced", None):
            self._announced = key
            self.announcer.announce(free)

    def _broadcast(self, table: Table, msg: dict[str, Any]) -> None:
        text = encode(msg)
        for conn in list(self.conns[table.id]):
            conn.send(text)

    def _later(self, delay: float, table: Table) -> None:
        async def wake() -> None:
            await asyncio.sleep(delay)
            self._lobby(table)
            self._kick(table)

        task = asyncio.ensure_future(wake())
        self._timers.add(task)
        task.add_done_callback(self._timers.discard)

    # --------------------------------------------------------------------------------------- computers

    def _kick(self, table: Table) -> None:
        """Start a computer's thinking when one is to move (one at a time per table)."""
        if table.id in self._thinking or table.computer_to_move() is None:
            return
        self._thinking.add(table.id)
        task = asyncio.ensure_future(self._computer(table))
        self._timers.add(task)
        task.add_done_callback(self._timers.discard)

    async def _computer(self, table: Table) -> None:
        loop = asyncio.get_running_loop()
        try:
            while (seat := table.computer_to_move()) is not None:
                g = table.game
                assert g is not None
                moves = len(g.history)
                bot, copy = table.computer_move(seat)
                try:
                    action = await loop.run_in_executor(self.executor, bot.choose, copy, seat)
                except Exception:  # a computer player's fault must not stop the table: the first legal move
                    log.exception("table %s: seat %d's computer failed; it plays the first legal move",
                                  table.id, seat)
                    action = g.legal_actions()[0]
                if table.game is not g or len(g.history) != moves or table.computer_to_move() != seat:
                    continue  # the game moved meanwhile (a person came back): think again
                reason = getattr(bot, "last_reason", None)
                table.play(seat, action, reason)
                self._changed(table)
                await asyncio.sleep(0)  # let the loop send before the next thought
        except Exception:
            log.exception("table %s: a computer's move failed", table.id)
        finally:
            self._thinking.discard(table.id)

    # ---------------------------------------------------------------------------------------- autosave

    def _autosave(self, table: Table, force: bool = False) -> None:
        g = table.game
        if self.autosave_dir is None or g is None:
            return
        moves = len(g.history)
        if moves == table.saved_moves:
            return
        turn_changed = any(ev.get("t") == "turn" for ev in g.log[-8:])
        if not (force or g.is_over or turn_changed or moves - table.saved_moves >= 20):
            return
        data = {
            "format": TABLE_FORMAT, "version": 1, "table": table.id, "variant": table.config.variant,
            "board": table.config.board, "options": table.config.options, "password": table.config.password,
            "takeover_after": table.config.takeover_after, "spectators": table.config.spectators,
            "seed": table.seed, "salt": table.salt,
            "owner_hash": table.owner_hash,
            "seats": [{"kind": s.kind, "name": s.name, "level": s.level, "token_hash": s.token_hash}
                      for s in table.seats],
            "game": json.loads(g.to_json()),
        }
        try:
            atomic_write_text(self.autosave_dir / f"{table.id}.json", json.dumps(data))
            table.saved_moves = moves
        except OSError:
            log.exception("table %s: the autosave failed", table.id)


def load_tables(host: Host, folder: Path) -> list[str]:
    """Bring back the tables autosaved in ``folder`` (each file on its own: a broken one is skipped and
    named in the returned problems)."""
    problems: list[str] = []
    for path in sorted(folder.glob("*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(data, dict) or data.get("format") != TABLE_FORMAT:
                raise ValueError("not a hosted table")
            seats = [Seat(kind=s["kind"] if s["kind"] in (PERSON, COMPUTER) else COMPUTER,
                          name=str(s.get("name") or "")[:24], level=str(s.get("level") or "normal"),
                          token_hash=s.get("token_hash") if isinstance(s.get("token_hash"), str) else None)
                     for s in data["seats"]]
            config = TableConfig(str(data["table"])[:40], str(data["variant"]), seats, str(data["board"]),
                                 dict(data.get("options") or {}), data.get("password"),
                                 data.get("takeover_after"), int(data["seed"]),
                                 max(0, int(data.get("spectators", SPECTATORS))))
            game = Game.from_data(data["game"])
            table = host.add_table(config)
            table.salt = str(data["salt"])
            table.owner_hash = data.get("owner_hash")
            table.game = game
            table._make_bots()
            now = time.monotonic()
            for s in table.seats:
                if s.kind == PERSON:
                    s.away_at = now  # until its player rejoins
            table.saved_moves = len(game.history)
        except Exception as exc:  # any content: one problem named, the other tables still load
            problems.append(f"{path.name}: {exc}")
    return problems


class HostThread:
    """A host beside the game (the menu's "Host a game"), or beside a test: its own thread and event loop.
    ``call(fn)`` runs ``fn(host)`` on that loop and returns its result."""

    def __init__(self, host: Host, address: str = "127.0.0.1", port: int = 0) -> None:
        self.host = host
        self.loop = asyncio.new_event_loop()
        self.port = 0
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, args=(address, port), name="catan-host",
                                        daemon=True)

    def start(self) -> HostThread:
        self._thread.start()
        self._ready.wait(10)
        if self._error is not None:
            raise self._error
        return self

    def _run(self, address: str, port: int) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.port = self.loop.run_until_complete(self.host.start(address, port))
        except BaseException as exc:  # a port in use: the caller hears it
            self._error = exc
            self._ready.set()
            return
        self._ready.set()
        self.loop.run_forever()
        self.loop.run_until_complete(self.host.stop())
        self.loop.close()

    def call(self, fn: Any, timeout: float = 10) -> Any:
        """Run ``fn(host)`` on the host's loop (the only thread that may touch its tables)."""

        async def run() -> Any:
            return fn(self.host)

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(timeout)

    def stop(self) -> None:
        if self.loop.is_running():
            self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(timeout=10)
