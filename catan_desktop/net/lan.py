"""Games on the local network (issue 33, item 4): a host announces each of its tables with multicast DNS
service discovery (the ``zeroconf`` library; service type ``_catan-desktop._tcp.local.``) and the Join
screen lists what it hears. Where the machine has no multicast (no network, a sandbox), nothing is
announced or found and ``problem`` says why; joining by address always works.

Each table is one service: its instance name is the host's name for it, its port the host's, and its TXT
properties ``table`` (the id to join), ``variant``, ``free`` (person seats still free), ``playing`` ("1" once
its game has started: it may then be watched) and ``v`` (the protocol's version).
"""

from __future__ import annotations

import contextlib
import os
import socket
import threading
from dataclasses import dataclass
from typing import Any

SERVICE = "_catan-desktop._tcp.local."
INTERFACES_VARIABLE = "CATAN_DESKTOP_LAN_INTERFACES"  # e.g. "127.0.0.1": only those (the tests); else all


def _zeroconf() -> Any:
    """A Zeroconf on IPv4, on the interfaces the environment names, or on all."""
    from zeroconf import InterfaceChoice, IPVersion, Zeroconf

    named = [x.strip() for x in os.environ.get(INTERFACES_VARIABLE, "").split(",") if x.strip()]
    return Zeroconf(interfaces=named or InterfaceChoice.All, ip_version=IPVersion.V4Only)


@dataclass(frozen=True)
class LanGame:
    """A table heard on the network."""

    name: str
    address: str
    port: int
    table: str
    variant: str
    free: int
    playing: bool = False  # the game has started: one may watch it

    @property
    def join_text(self) -> str:
        """What the Join box takes: ``address:port/table``."""
        host = f"[{self.address}]" if ":" in self.address else self.address
        return f"{host}:{self.port}/{self.table}"


def _txt(props: dict[Any, Any], key: str) -> str:
    value = props.get(key.encode()) if props else None
    return value.decode("utf-8", "replace")[:60] if isinstance(value, bytes) else ""


class LanBrowser:
    """Listens for announced tables in threads of its own; ``games()`` is what was heard so far."""

    def __init__(self) -> None:
        self.problem: str | None = None
        self._games: dict[str, LanGame] = {}
        self._lock = threading.Lock()
        self._zc: Any = None
        self._browser: Any = None
        try:
            from zeroconf import ServiceBrowser

            self._zc = _zeroconf()
            self._browser = ServiceBrowser(self._zc, SERVICE, handlers=[self._changed])
        except Exception as exc:  # no multicast here (OSError), or the library cannot start
            self.problem = str(exc) or type(exc).__name__
            self.close()

    def _changed(self, zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
        if state_change.name == "Removed":
            with self._lock:
                self._games.pop(name, None)
            return
        info = zeroconf.get_service_info(service_type, name, timeout=1500)
        if info is None or not info.parsed_addresses():
            return
        props = info.properties or {}
        try:
            free = int(_txt(props, "free") or 0)
        except ValueError:
            free = 0
        game = LanGame(name.removesuffix("." + SERVICE)[:60], info.parsed_addresses()[0], int(info.port),
                       _txt(props, "table") or "table-1", _txt(props, "variant"), free,
                       _txt(props, "playing") == "1")
        with self._lock:
            self._games[name] = game

    def games(self) -> list[LanGame]:
        with self._lock:
            return sorted(self._games.values(), key=lambda g: (g.name, g.table))

    def close(self) -> None:
        """Stop listening. The browser's own thread is stopped first: closing the Zeroconf instance
        alone left it running, one more thread each time Play online opened."""
        browser, self._browser = self._browser, None
        if browser is not None:
            with contextlib.suppress(Exception):
                browser.cancel()
        zc, self._zc = self._zc, None
        if zc is not None:
            with contextlib.suppress(Exception):
                zc.close()


class Announcer:
    """Announces a host's tables while it serves; ``update`` after the lobby changes (free seats)."""

    def __init__(self, name: str, port: int, address: str | None = None) -> None:
        self.name, self.port = name, port
        self.address = address
        self.problem: str | None = None
        self._zc: Any = None
        self._infos: dict[str, Any] = {}
        self._lock = threading.Lock()
        self._closed = False

    def _info(self, table: str, variant: str, free: int, playing: bool) -> Any:
        from zeroconf import ServiceInfo

        address = self.address or _own_address()
        label = f"{self.name} \u00b7 {table}"[:60]
        name = f"{label}.{SERVICE}"
        # the server named, as registering names it when it is missing: an update without one
        # (update_service does not fill it in) failed and withdrew the table from the network
        return ServiceInfo(SERVICE, name, addresses=[socket.inet_aton(address)], server=name,
                           port=self.port, properties={"table": table, "variant": variant, "free": str(free),
                                                       "playing": "1" if playing else "0", "v": "1"})

    def announce(self, tables: list[tuple[str, str, int, bool]]) -> None:
        """(table, variant, free seats, playing) for each table; runs in a thread (registering takes a
        second or two), and failing only sets ``problem``."""
        threading.Thread(target=self._announce, args=(tables,), name="catan-lan", daemon=True).start()

    def _announce(self, tables: list[tuple[str, str, int, bool]]) -> None:
        with self._lock:
            if self._closed:  # the host stopped before this thread got the lock: announce nothing
                return
            try:
                if self._zc is None:
                    self._zc = _zeroconf()
                for table, variant, free, playing in tables:
                    info = self._info(table, variant, free, playing)
                    if table in self._infos:
                        self._zc.update_service(info)
                    else:
                        self._zc.register_service(info)
                    self._infos[table] = info
            except Exception as exc:  # no multicast here, a name in use...
                self.problem = str(exc) or type(exc).__name__

    def close(self) -> None:
        """Withdraw the announcements and stop. Also when an announcement's thread had not taken the lock
        yet: it then announces nothing (it made its Zeroconf after the close, so the stopped host's table was
        announced and zeroconf's thread ran on: seen in the hosting test). And zeroconf is closed even when
        withdrawing fails."""
        with self._lock:
            self._closed = True
            zc, self._zc = self._zc, None
            if zc is not None:
                with contextlib.suppress(Exception):
                    zc.unregister_all_services()
                with contextlib.suppress(Exception):
                    zc.close()


def _own_address() -> str:
    from .client import local_addresses

    return local_addresses()[0]
