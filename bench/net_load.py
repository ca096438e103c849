"""Network play under load (issue 33): one ``catan-desktop serve`` process on 127.0.0.1 with many tables,
each with scripted clients that play a random legal move at a person's pace (one every 1-3 s when it is
their turn), all in this process on one asyncio loop (raw WebSockets, the protocol of
docs/network-protocol.md). Prints the time from a move sent to every client of its table holding the new
state (p50, p95, max), the moves played, and the host's memory (VmRSS, VmHWM of /proc). A second run gives
each table one computer seat (normal), to show whether the computers' thinking stalls the other tables.
Then: the time from a dropped connection to the seat back in play (a fresh connection with its token).

    python bench/net_load.py [--tables 50] [--seconds 60] [--pace 1 3] [--skip-computers]

Every loop is bounded: each phase stops after ``--seconds``; the host is stopped at the end. Only
127.0.0.1 is used.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

ROOT = Path(__file__).resolve().parents[1]
BUILD_FIRST = ("city", "settle", "road", "buy")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def memory_of(pid: int) -> dict[str, int]:
    out = {}
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            key, _sep, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                out[key] = int(value.split()[0])  # kB
    except OSError:
        pass
    return out


class TableRun:
    """The clients of one table and the moves in flight: when each was sent, who has seen its result."""

    def __init__(self, table: str, persons: int) -> None:
        self.table = table
        self.persons = persons
        self.sent: dict[int, float] = {}  # move number -> when the move that makes it was sent
        self.seen: dict[int, int] = {}  # move number -> clients that hold it
        self.latencies: list[float] = []
        self.moves = 0


async def client(url: str, run: TableRun, name: str, pace: tuple[float, float], stop: float,
                 rng: random.Random, tokens: dict[str, str]) -> None:
    async with connect(url, max_size=None, compression=None) as ws:
        await ws.send(json.dumps({"t": "hello", "protocol": "catan-desktop-net", "version": 1,
                                  "table": run.table, "name": name}))
        await ws.send(json.dumps({"t": "ready", "ready": True}))
        act_task: asyncio.Task[None] | None = None
        while time.monotonic() < stop:
            try:
                raw = await asyncio.wait_for(ws.recv(), max(0.05, stop - time.monotonic()))
            except TimeoutError:
                break
            now = time.monotonic()
            msg = json.loads(raw)
            if msg["t"] == "welcome":
                tokens[f"{run.table}/{msg['seat']}"] = msg["token"]
            if msg["t"] != "state":
                continue
            moves = msg["moves"]
            if moves in run.sent and msg.get("log_at", 0) > 0:
                run.seen[moves] = run.seen.get(moves, 0) + 1
                if run.seen[moves] == run.persons:
                    run.latencies.append(now - run.sent.pop(moves))
                    run.moves += 1
            if msg["legal"] and (act_task is None or act_task.done()):
                act_task = asyncio.ensure_future(act(ws, run, msg, pace, rng))


async def act(ws: Any, run: TableRun, state: dict[str, Any], pace: tuple[float, float],
              rng: random.Random) -> None:
    await asyncio.sleep(rng.uniform(*pace))
    legal = state["legal"]
    pick = None
    for kind in BUILD_FIRST:
        options = [a for a in legal if a.split(" ", 1)[0] == kind]
        if options and rng.random() < 0.8:
            pick = rng.choice(options)
            break
    pick = pick or rng.choice(legal)
    run.sent[state["moves"] + 1] = time.monotonic()
    with contextlib.suppress(ConnectionClosed):  # the phase ended meanwhile
        await ws.send(json.dumps({"t": "act", "action": pick, "at": state["moves"]}))


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def serve(port: int, tables: int, seats: str, folder: str) -> subprocess.Popen[str]:
    env = dict(os.environ, CATAN_DESKTOP_HOME=folder)
    proc = subprocess.Popen(
        [sys.executable, "-m", "catan_desktop", "serve", "--host", "127.0.0.1", "--port", str(port),
         "--tables", str(tables), "--seats", seats, "--fresh", "--autosave", folder, "--takeover", "never"],
        stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT,
    )
    assert proc.stdout is not None
    proc.stdout.readline()  # "Serving ..."
    return proc


async def load(url: str, tables: int, persons: int, seconds: float, pace: tuple[float, float],
               pid: int) -> tuple[list[TableRun], dict[str, int]]:
    stop = time.monotonic() + seconds
    runs = [TableRun(f"table-{i + 1}", persons) for i in range(tables)]
    tokens: dict[str, str] = {}
    rng = random.Random(1)
    peak: dict[str, int] = {}

    async def sample() -> None:
        while time.monotonic() < stop:
            mem = memory_of(pid)
            peak["VmRSS"] = max(peak.get("VmRSS", 0), mem.get("VmRSS", 0))
            peak["VmHWM"] = mem.get("VmHWM", 0)
            await asyncio.sleep(1)

    tasks = [asyncio.ensure_future(client(url, run, f"P{k}", pace, stop, random.Random(rng.random()), tokens))
             for run in runs for k in range(persons)]
    tasks.append(asyncio.ensure_future(sample()))
    await asyncio.gather(*tasks, return_exceptions=True)
    return runs, peak


async def reconnect_times(url: str, port_tables: int, tries: int = 10) -> list[float]:
    """Join a one-person table, drop the connection, connect again with the token: the time from the drop
    to the first full state of the seat."""
    times = []
    for i in range(tries):
        table = f"table-{i + 1}"
        async with connect(url, max_size=None) as ws:
            await ws.send(json.dumps({"t": "hello", "protocol": "catan-desktop-net", "version": 1,
                                      "table": table, "name": "R"}))
            token = json.loads(await ws.recv())["token"]
            await ws.send(json.dumps({"t": "ready", "ready": True}))
            while json.loads(await ws.recv())["t"] != "state":
                pass
            ws.transport.abort()  # the network goes away
        dropped = time.monotonic()
        async with connect(url, max_size=None) as ws:
            await ws.send(json.dumps({"t": "hello", "protocol": "catan-desktop-net", "version": 1,
                                      "table": table, "name": "R", "token": token}))
            while json.loads(await ws.recv())["t"] != "state":
                pass
            times.append(time.monotonic() - dropped)
    return times


def report(label: str, runs: list[TableRun], peak: dict[str, int], seconds: float) -> None:
    lat = [x for r in runs for x in r.latencies]
    moves = sum(r.moves for r in runs)
    print(f"{label}: {len(runs)} tables, {moves} moves in {seconds:.0f} s "
          f"({moves / seconds:.1f} a second); move sent -> every client of its table holds the state: "
          f"p50 {percentile(lat, 0.5) * 1000:.1f} ms, p95 {percentile(lat, 0.95) * 1000:.1f} ms, "
          f"max {max(lat, default=float('nan')) * 1000:.1f} ms; host memory VmRSS peak "
          f"{peak.get('VmRSS', 0) / 1024:.0f} MB (VmHWM {peak.get('VmHWM', 0) / 1024:.0f} MB)", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--pace", type=float, nargs=2, default=(1.0, 3.0))
    ap.add_argument("--skip-computers", action="store_true")
    args = ap.parse_args()
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs", flush=True)
    phases = [("4 people a table", "person,person,person,person", 4)]
    if not args.skip_computers:
        phases.append(("3 people + 1 computer (normal) a table", "person,person,person,computer:normal", 3))
    for label, seats, persons in phases:
        with tempfile.TemporaryDirectory(prefix="catan-net-bench-") as folder:
            port = free_port()
            proc = serve(port, args.tables, seats, folder)
            try:
                runs, peak = asyncio.run(load(f"ws://127.0.0.1:{port}", args.tables, persons, args.seconds,
                                              tuple(args.pace), proc.pid))
                report(label, runs, peak, args.seconds)
            finally:
                proc.terminate()
                proc.wait(timeout=20)
    with tempfile.TemporaryDirectory(prefix="catan-net-bench-") as folder:
        port = free_port()
        proc = serve(port, 10, "person,computer:easy,computer:easy", folder)
        try:
            times = asyncio.run(reconnect_times(f"ws://127.0.0.1:{port}", 10))
            print(f"reconnect: drop -> seat back with the position, {len(times)} tries: "
                  f"p50 {percentile(times, 0.5) * 1000:.1f} ms, max {max(times) * 1000:.1f} ms", flush=True)
        finally:
            proc.terminate()
            proc.wait(timeout=20)


if __name__ == "__main__":
    main()
