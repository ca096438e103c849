"""Helpers of the network tests (issue 33): a host on 127.0.0.1 in a thread of its own, remote seats
driven by a script that plays as a person would (a legal action, chosen at random with builds first), and
bounded waits (every loop here stops by itself)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from catan_desktop.net.client import NetClient
from catan_desktop.net.host import Host, HostThread
from catan_desktop.net.table import Seat, TableConfig
from catan_desktop.ui.remote_port import RemotePort

SHORT = {"victory_points.target": 5}  # a whole game in a few hundred moves


SCRIPTED_RATE = 5000.0  # messages a second: the scripted persons' own limit (see host_thread)


def host_thread(autosave: Path | None = None, real_rate: bool = False) -> HostThread:
    """A host for scripted persons, who send each move the moment they may: a few hundred a second on a
    quick machine, past the limit a person never reaches (net.host.RATE), which closed their connection
    as a flood and left the game waiting (seen in 5 of 12 runs of test_secrecy's game). So their host
    allows ``SCRIPTED_RATE``; ``real_rate`` keeps the player's limit (the flood test in test_fuzz)."""
    host = Host(autosave_dir=autosave)
    if not real_rate:
        host.rate = SCRIPTED_RATE
    return HostThread(host).start()


def add_table(host: HostThread, table_id: str, seats: str, seed: int = 4, variant: str = "base",
              players_options: dict[str, Any] | None = None, takeover: float | None = 60.0,
              password: str | None = None, spectators: int = 20) -> None:
    made = [Seat("person") if s == "p" else Seat("computer", level="easy") for s in seats]
    config = TableConfig(table_id, variant, made, options=dict(SHORT if players_options is None else
                                                                   players_options),
                         seed=seed, takeover_after=takeover, password=password, spectators=spectators)
    host.call(lambda h: h.add_table(config))


def url(host: HostThread) -> str:
    return f"ws://127.0.0.1:{host.port}"


def join(host: HostThread, table: str, name: str, **kw: Any) -> RemotePort:
    return RemotePort(NetClient(url(host), table, name, **kw).start())


def wait(cond: Callable[[], bool], timeout: float = 10.0, ports: tuple[RemotePort, ...] = ()) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for p in ports:
            p.drain()
        if cond():
            return True
        time.sleep(0.005)
    return False


BUILD_FIRST = ("city", "settle", "road", "buy")


def choose(port: RemotePort, rng: random.Random) -> Any:
    legal = port.legal()
    for kind in BUILD_FIRST:
        picks = [a for a in legal if a.kind == kind]
        if picks and rng.random() < 0.8:
            return rng.choice(picks)
    return rng.choice(legal)


def play(ports: list[RemotePort], rng: random.Random, until: Callable[[], bool], timeout: float = 60.0,
         on_move: Callable[[int], None] | None = None) -> int:
    """The scripted persons play (each at once when it is their turn) until ``until()``; returns the moves
    they sent. Each client's pump is emptied as the screen would, a move at a time."""
    moves = 0
    end = time.monotonic() + timeout
    while time.monotonic() < end and not until():
        for p in ports:
            while p.pump() is not None:
                pass
            if p.human_to_act and p.legal():
                p.apply(choose(p, rng))
                moves += 1
                if on_move is not None:
                    on_move(moves)
        time.sleep(0.003)
    return moves


def over(ports: list[RemotePort]) -> Callable[[], bool]:
    return lambda: all(p.started and p.moves > 0 and p.view(p.seat).is_over and p.record() is not None
                       for p in ports)
