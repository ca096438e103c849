"""A client's connection to a host, beside the game's loop: its own thread runs an asyncio loop with the
WebSocket (the ``websockets`` library); what arrives waits in a queue that the game's loop empties with
``poll()`` each frame, and ``send`` never waits. A dropped connection is tried again (with the seat's token,
so the same seat comes back), until the host refuses or ``close`` is called.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import queue
import socket
import threading
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from .protocol import encode, hello

MAX_HOST_MESSAGE = 16 * 1024 * 1024  # a whole finished game with its log fits
RETRY = (0.2, 0.5, 1.0, 2.0, 3.0)  # seconds between tries after a drop
UNREACHABLE_AFTER = 3  # failed tries before a client that never got a seat gives up (a wrong address)
GOING_AWAY = 1001  # the WebSocket close code of a host that stops serving
FATAL = frozenset({"version", "unknown_table", "wrong_password", "table_full", "bad_token", "started",
                   "no_spectators", "flood", "hello_first"})


class NetClient:
    """One connection to one table. ``status``: connecting, connected, lost (trying again), closed, refused
    (``error`` says why). Messages from the host, and ``{"t": "_status"}`` when the status changes, come out
    of ``poll``. ``watch``: a spectator's connection (no seat; the host sends only what is public)."""

    def __init__(self, url: str, table: str, name: str, token: str | None = None,
                 password: str | None = None, seat: int | None = None, retry: bool = True,
                 watch: bool = False) -> None:
        self.url, self.table, self.name = url, table, name
        self.token, self.password, self.want_seat = token, password, seat
        self.watch = watch
        self.retry = retry
        self.status = "connecting"
        self.error: dict[str, Any] | None = None
        self.seat: int | None = None
        self.owner = False  # this client's seat may start the table's game
        self.drops = 0
        self._inbox: queue.SimpleQueue[dict[str, Any]] = queue.SimpleQueue()
        self._loop = asyncio.new_event_loop()
        self._out: asyncio.Queue[str] | None = None
        self._closing = False
        self._ws: Any = None
        self._thread = threading.Thread(target=self._run, name="catan-net", daemon=True)

    def start(self) -> NetClient:
        self._thread.start()
        return self

    # ------------------------------------------------------------------------------- the game's side

    def poll(self) -> list[dict[str, Any]]:
        """Every message that arrived since the last call (never waits)."""
        out = []
        with contextlib.suppress(queue.Empty):
            while True:
                out.append(self._inbox.get_nowait())
        return out

    def send(self, msg: dict[str, Any]) -> None:
        """Send a message when connected (dropped while the connection is down: the host's state decides)."""
        if self._closing or self._loop.is_closed():
            return
        text = encode(msg)
        with contextlib.suppress(RuntimeError):
            self._loop.call_soon_threadsafe(self._queue_out, text)

    def _queue_out(self, text: str) -> None:
        if self._out is not None:
            with contextlib.suppress(asyncio.QueueFull):
                self._out.put_nowait(text)

    def close(self, bye: bool = True) -> None:
        """Leave (saying goodbye, so the host need not wait for this seat) and stop the thread."""
        if self._closing:
            return
        if bye and self.status == "connected":
            self.send({"t": "bye"})
        self._closing = True
        if not self._thread.is_alive():
            return
        with contextlib.suppress(RuntimeError):
            self._loop.call_soon_threadsafe(self._wake_close)
        self._thread.join(timeout=3)

    def drop(self) -> None:
        """Cut the connection without a goodbye (tests: a lost network); the client connects again."""
        with contextlib.suppress(RuntimeError):
            self._loop.call_soon_threadsafe(self._wake_drop)

    def _wake_drop(self) -> None:
        if self._ws is not None:
            self._ws.transport.abort()

    def _wake_close(self) -> None:
        if self._out is not None:
            self._out.put_nowait("")  # the writer's signal to finish

    # ---------------------------------------------------------------------------------- the thread

    def _set_status(self, status: str) -> None:
        self.status = status
        self._inbox.put({"t": "_status", "status": status, "error": self.error})

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_until_complete(self._main())
        finally:
            self._loop.close()

    async def _main(self) -> None:
        self._out = asyncio.Queue(256)
        tries = 0
        while not self._closing:
            try:
                async with connect(self.url, max_size=MAX_HOST_MESSAGE, open_timeout=5, compression=None,
                                   ping_interval=10, ping_timeout=10, close_timeout=1) as ws:
                    self._ws = ws
                    await ws.send(encode(hello(self.table, self.name, None if self.watch else self.token,
                                               self.password, watch=self.watch, seat=self.want_seat)))
                    tries = 0
                    done = await self._session(ws)
                    if done:
                        return
                    if ws.close_code == GOING_AWAY:  # the host stopped (or restarts): said once, below
                        self.error = {"code": "host_stopped", "detail": ws.close_reason or ""}
            except (OSError, InvalidHandshake, InvalidURI, TimeoutError, ConnectionClosed) as exc:
                if isinstance(exc, InvalidURI):
                    self.error = {"code": "bad_address", "detail": str(exc)}
                    self._set_status("refused")
                    return
            finally:
                self._ws = None
            if self._closing or self.status == "refused":
                break
            if not self.retry:
                self._set_status("closed")
                return
            if self.token is None and self.seat is None and tries >= UNREACHABLE_AFTER:  # never welcomed
                self.error = {"code": "unreachable", "detail": self.url}
                self._set_status("refused")
                return
            self.drops += 1
            if self.status != "lost":  # once per outage, not at every try (the log said it every 3 s)
                self._set_status("lost")
            await asyncio.sleep(RETRY[min(tries, len(RETRY) - 1)])
            tries += 1
        if self.status != "refused":
            self._set_status("closed")

    async def _session(self, ws: Any) -> bool:
        """Read and write until the connection ends; True when this client is finished with the host."""
        assert self._out is not None
        while not self._out.empty():  # what was queued while down is stale
            self._out.get_nowait()

        async def writer() -> None:
            assert self._out is not None
            while True:
                text = await self._out.get()
                if not text:
                    await ws.close()
                    return
                await ws.send(text)

        task = asyncio.ensure_future(writer())
        try:
            async for raw in ws:
                msg = json.loads(raw)
                if not isinstance(msg, dict):
                    continue
                kind = msg.get("t")
                if kind == "welcome":
                    self.token, self.seat = msg.get("token"), msg.get("seat")
                    self.owner = bool(msg.get("owner"))
                    self.error = None
                    self._set_status("connected")
                elif kind == "error" and msg.get("code") in FATAL:
                    self.error = msg
                    self._set_status("refused")
                self._inbox.put(msg)
        finally:
            task.cancel()
        return self._closing or self.status == "refused"


DEFAULT_PORT = 8765


def parse_address(text: str) -> tuple[str, str | None]:
    """What a player types to join: ``192.168.1.5``, ``192.168.1.5:8765``, ``host:8765/table-2``,
    ``ws://host:8765/table-2``, ``[::1]:8765`` -> (the WebSocket URL, the table named in it or None).
    Raises ValueError for anything else."""
    rest = text.strip()
    for scheme in ("ws://", "catan://"):
        if rest.lower().startswith(scheme):
            rest = rest[len(scheme):]
    where, _sep, table = rest.partition("/")
    if where.startswith("["):  # an IPv6 address in brackets
        host, _b, tail = where[1:].partition("]")
        port_text = tail.removeprefix(":")
        shown = f"[{host}]"
    else:
        host, _c, port_text = where.partition(":")
        shown = host
    if not host or any(c.isspace() for c in host) or len(host) > 255:
        raise ValueError("no host")
    if port_text:
        if not port_text.isascii() or not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
            raise ValueError("bad port")
        port = int(port_text)
    else:
        port = DEFAULT_PORT
    table = table.strip().strip("/")
    return f"ws://{shown}:{port}", (table or None)


def local_addresses() -> list[str]:
    """This computer's addresses that others on the network can reach (the one used to reach the
    outside first; no packet is sent), or ["127.0.0.1"]."""
    found: list[str] = []
    for probe in ("10.255.255.255", "192.168.255.255"):
        sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            sock.connect((probe, 1))
            ip = str(sock.getsockname()[0])
            if ip not in found and not ip.startswith("127."):
                found.append(ip)
        except OSError:
            pass
        finally:
            sock.close()
    return found or ["127.0.0.1"]
