"""``catan-desktop serve``: a headless host for games played over the network (issue 33), any number of
tables in one process, each autosaved so that a restarted host brings its games back and their players
rejoin (docs/network-protocol.md)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import socket
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..i18n import _

if TYPE_CHECKING:
    from ..net.host import Host
    from ..net.table import Seat

PERSON, COMPUTER = "person", "computer"
LEVELS = ("easy", "normal", "hard", "expert")  # as net.table names them


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:  # type: ignore[type-arg]
    p = sub.add_parser("serve", help=_("host games for players at other computers (no window)"))
    p.add_argument("--host", default="0.0.0.0",
                   help=_("the address to listen on (default: every address of this computer)"))
    p.add_argument("--port", type=int, default=8765)
    p.add_argument("--variant", default="base", help=_("variant name or rule-file path (default: base)"))
    p.add_argument("--seats", default="person,person,computer:normal,computer:normal",
                   help=_("comma-separated seats: person, or computer:easy|normal|hard"))
    p.add_argument("--tables", type=int, default=1, help=_("how many tables (default 1)"))
    p.add_argument("--board", default="random", help=_("beginner, random or balanced"))
    p.add_argument("--option", action="append", metavar="KEY=VALUE",
                   help=_("override a rule value, e.g. victory_points.target=12"))
    p.add_argument("--password", default=None, help=_("players must give this password to join"))
    p.add_argument("--takeover", default="60", metavar="SECONDS",
                   help=_("seconds a player may be away before a computer plays for them, or 'never'"))
    p.add_argument("--spectators", type=int, default=20, metavar="N",
                   help=_("how many people may watch each table at once (default 20; 0: nobody)"))
    p.add_argument("--autosave", default=None, metavar="DIR",
                   help=_("where the tables are kept (default: the game's data folder)"))
    p.add_argument("--fresh", action="store_true", help=_("do not bring back the tables autosaved earlier"))
    p.add_argument("--seed", type=int, default=None, help=_("the first table's seed (default: secret)"))
    p.add_argument("--no-announce", action="store_true",
                   help=_("do not list the tables on the local network (they are listed unless the host "
                          "listens on 127.0.0.1 only)"))
    p.add_argument("--for", dest="seconds", type=float, default=None, help=argparse.SUPPRESS)
    return p


def parse_seats(text: str) -> list[Seat]:
    """``person,computer:hard`` -> seats; raises ValueError naming the bad entry."""
    from ..net.table import Seat  # the network's modules load only when a host is served

    seats = []
    for entry in text.split(","):
        kind, _sep, level = entry.strip().partition(":")
        if kind == PERSON and not level:
            seats.append(Seat(PERSON))
        elif kind == COMPUTER and (level or "normal") in LEVELS:
            seats.append(Seat(COMPUTER, level=level or "normal"))
        else:
            raise ValueError(_("unknown seat {entry!r} (person, or computer:easy|normal|hard)", entry=entry))
    return seats


def run(args: argparse.Namespace, options: dict[str, Any]) -> int:
    """Serve until Ctrl+C (``options``: the --option values, read as the simulate command reads them)."""
    from ..engine import Game, RulesetError
    from ..net.host import Host, load_tables
    from ..net.table import Seat, TableConfig
    from ..persistence.userdirs import data_dir

    try:
        seats = parse_seats(args.seats)
        takeover = None if args.takeover == "never" else float(args.takeover)
        if not 1 <= args.tables <= 500:
            raise ValueError(_("--tables must be between 1 and 500"))
        if not 0 <= args.spectators <= 1000:
            raise ValueError(_("--spectators must be between 0 and 1000"))
        Game.new(args.variant, players=len(seats), seed=0, board=args.board, options=options or None)
    except (ValueError, RulesetError) as exc:
        print(_("serve: {problem}", problem=exc), file=sys.stderr)
        return 2
    folder = Path(args.autosave) if args.autosave else data_dir() / "hosted"
    host = Host(autosave_dir=folder)
    resumed: list[str] = []
    if not args.fresh and folder.is_dir():
        for problem in load_tables(host, folder):
            print(_("not brought back: {problem}", problem=problem), file=sys.stderr)
        resumed = [t for t, table in host.tables.items() if table.game is not None and not table.game.is_over]
        for t in [t for t in host.tables if t not in resumed]:
            del host.tables[t], host.conns[t]  # finished games stay on disk, not at the tables
    for i in range(args.tables):
        table_id = f"table-{i + 1}"
        if table_id in host.tables:
            continue
        host.add_table(TableConfig(table_id, args.variant, [Seat(s.kind, level=s.level) for s in seats],
                                   args.board, options, args.password, takeover,
                                   None if args.seed is None else args.seed + i, args.spectators))
    return asyncio.run(_serve(host, args, resumed))


async def _serve(host: Host, args: argparse.Namespace, resumed: list[str]) -> int:
    try:
        port = await host.start(args.host, args.port)
    except OSError as exc:
        print(_("serve: cannot listen on {host}:{port}: {problem}", host=args.host, port=args.port,
                problem=exc.strerror or exc), file=sys.stderr)
        return 2
    print(_("Serving {n} tables on ws://{host}:{port}", n=len(host.tables), host=args.host, port=port),
          flush=True)
    if not args.no_announce and args.host not in ("127.0.0.1", "localhost", "::1"):
        from ..net.lan import Announcer

        host.announcer = Announcer(socket.gethostname()[:30] or "catan", port)
        host.announce()
    for table in host.tables.values():
        seats = ", ".join(s.kind if s.kind == PERSON else f"{s.kind}:{s.level}" for s in table.seats)
        again = _(" (brought back)") if table.id in resumed else ""
        print(f"  {table.id}: {table.config.variant} [{seats}]{again}", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(stop.wait(), args.seconds)
    await host.stop()
    print(_("Stopped; the tables are kept in {folder}", folder=host.autosave_dir), flush=True)
    return 0
