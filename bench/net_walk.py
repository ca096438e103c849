"""Two windows, one network game (issue 33, "done means"): two real game processes, each with its own
private Xvfb (or SDL's queue) and the real ``App.run`` loop, play a whole game against each other and two
computers over 127.0.0.1, through input only: one hosts from Play over the network and starts the game
in the lobby, the other joins by typing the address; the joining player's connection is cut in the middle
and comes back by itself. Each window's walker (``realtime_walk.Walker``, reading the seat view instead of
the game) checks the screen is fresh before each of its moves. With ``--watch`` a third window watches: it
types the address, clicks Watch, and checks its screen every few seconds until Game over (a spectator's
screen: no hand, no "you" in the log), then whether its game verified the dice too.

    python bench/net_walk.py [--seed 7] [--drop-at 60] [--watch] [--shots DIR] [--backend x11|sdl]

Prints each window's moves and checks, the drop and the time until the seat was back, and the end (who won,
and whether each window's game verified the dice). Asserts nothing; several minutes: a bench, not a test.
"""

from __future__ import annotations

import argparse
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

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests" / "ui" / "realtime"))
sys.path.insert(0, str(HERE))

import harness  # noqa: E402
from realtime_walk import Walker  # noqa: E402


class NetWalker(Walker):
    """The walker on a remote seat: the turn and the phase come from the seat view (there is no game
    here); it leaves offers to other players aside (realtime_walk walks those)."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.scene.ctl.game = None  # the walker's trace reads it; a remote seat has no game

    def over(self) -> bool:
        sc = self.scene
        return self.name() in ("GameOverScene", "StoryScene") or (
            sc.view.turn > self.turns and self.top() is sc and sc.port.human_to_act)

    def act(self) -> None:
        sc = self.scene
        sc.game = sc.view  # the walker reads .turn and .phase of it
        super().act()

    def offer(self, dialog: Any) -> None:
        self.key("Escape")  # trades between players are walked by realtime_walk; here the network is


def type_into(h: harness.Driver, key: str, text: str) -> None:
    """Click the network screen's text box ``key``, select what it holds and type ``text`` over it, key by
    key. The box is looked up when it is clicked: the screen makes its widgets again whenever a game is
    heard on the network (this walker reads them from another thread than the one that makes them)."""
    entry = h.wait_until(f"the {key} box", lambda: getattr(h.top, "entries", {}).get(key), timeout=30)
    h.click_widget(entry)
    h.key("ctrl+a")
    for ch in text:
        h.key({".": "period", ":": "colon"}.get(ch, ch))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def role_main(args: argparse.Namespace) -> int:
    """One window: ``host`` (hosts from the network screen and starts the game), ``join`` or ``watch``."""
    home = Path(tempfile.mkdtemp(prefix=f"catan-netwalk-{args.role}-"))
    os.environ["CATAN_DESKTOP_LANG"] = args.lang
    backend = harness.choose_backend(args.backend or "x11")  # typing needs real keys (ctrl+a, colon)
    server = harness.prepare_environment(backend, home)
    rng = random.Random(args.seed + ("host", "join", "watch").index(args.role))
    result: dict[str, Any] = {"role": args.role}

    def setup(app: Any) -> Any:
        app.settings.animation_speed = "fast"
        app.go("menu")
        return None

    def script(h: harness.Driver, _ctx: Any) -> None:
        menu = h.wait_screen("MenuScene")
        h.click_widget(menu.buttons["online"])
        online = h.wait_screen("OnlineScene")
        if args.role == "watch":
            watch(h, online, args, result)
            return
        if args.role == "host":
            type_into(h, "name", "Ann")
            type_into(h, "port", str(args.port))
            h.click_widget(online.host_button)  # 4 players, 2 of them people: the screen's defaults
            lobby = h.wait_screen("LobbyScene")
            h.wait_until("the friend at the table", lambda: lobby.start_button.is_enabled, timeout=120)
            h.checkpoint("lobby, the friend seated")
            h.click_widget(lobby.start_button)
        else:
            h.wait_until("the host", lambda: _listening(args.port), timeout=120)
            type_into(h, "name", "Bea")
            type_into(h, "address", f"127.0.0.1:{args.port}")
            h.click_widget(online.join_button)
            lobby = h.wait_screen("LobbyScene")
            try:
                h.wait_until("a seat", lambda: lobby.port.lobby is not None, timeout=60)
            finally:
                result.update(client=lobby.port.client.status, client_error=lobby.port.client.error)
            h.click_widget(lobby.ready_button)
            h.checkpoint("lobby, ready")
        scene = h.wait_screen("GameScene", timeout=120)
        walker = NetWalker(h, scene, rng, 10_000)
        port = scene.port
        if args.role == "join":
            original = walker.act

            def act_and_drop() -> None:
                original()
                if walker.moves == args.drop_at and "dropped" not in result:
                    result["dropped"] = time.monotonic()
                    port.client.drop()
                    h.wait_until("the seat back", lambda: port.client.drops >= 1
                                 and port.client.status == "connected", timeout=60)
                    result["back_after_s"] = round(time.monotonic() - result["dropped"], 3)

            walker.act = act_and_drop  # type: ignore[method-assign]
        try:
            walker.run()
        finally:
            result.update(moves=walker.moves, turn=scene.view.turn, winners=list(scene.view.winners),
                          verified=None if port.verdict is None else port.verdict.ok)

    case = harness.Case(f"net-{args.role}", setup, script, timeout=args.timeout)
    started = time.perf_counter()
    try:
        report = harness.run_case(case, backend, args.shots)
    finally:
        if server is not None:
            server.close()
    failed = [c for c in report["checks"] if not c["ok"]]
    error = (report["error"] or "").strip().splitlines()[-1:] or None
    result.update(checks=len(report["checks"]), stale=len(failed),
                  seconds=round(time.perf_counter() - started), error=error)
    for c in failed:
        print(f"STALE {c['label']}: {c['detail']}", flush=True)
    print("RESULT " + json.dumps(result), flush=True)
    return 0


def watch(h: harness.Driver, online: Any, args: argparse.Namespace, result: dict[str, Any]) -> None:
    """The spectator's window: Watch by address, then a still look at the screen every few seconds."""
    h.wait_until("the host", lambda: _listening(args.port), timeout=120)
    type_into(h, "name", "Cid")
    type_into(h, "address", f"127.0.0.1:{args.port}")
    h.click_widget(online.watch_button)
    # the lobby, or at once the game when it has started already (a spectator may come at any time)
    h.wait_until("the lobby or the game", lambda: h.top_is("LobbyScene") or h.top_is("GameScene"), timeout=60)
    if h.top_is("LobbyScene"):
        lobby = h.top
        h.wait_until("the table", lambda: lobby.port.lobby is not None or h.top_is("GameScene"), timeout=60)
        if h.top_is("LobbyScene"):  # (unless the game begins meanwhile: its screen is never still for long)
            with contextlib.suppress(Exception):
                h.checkpoint("lobby, watching", lambda: "Ready shown" if lobby.ready_button.visible else None)
    scene = h.wait_screen("GameScene", timeout=300)

    def spectators_screen() -> str | None:
        if scene.hand_title(scene.viewer) != "You are watching":
            return f"hand title {scene.hand_title(scene.viewer)!r}"
        mine = [line for line in scene.log_lines if line.startswith("You ")]
        return f"the log says 'You': {mine[0]!r}" if mine else None

    # a spectator's screen is never still for long: the others' moves arrive one after another at the
    # animation pace, so a look compares the frame with a fresh drawing only when the screen rests (a
    # computer thinking); the spectator's own checks (no hand, no "you") run at every look
    looks, fresh, wrong = 0, 0, []
    end = time.monotonic() + args.timeout
    while time.monotonic() < end and not h.top_is("GameOverScene"):
        h.still(6)
        if h.top_is("GameOverScene") or h.top is not scene:
            continue
        looks += 1
        problem = spectators_screen()
        if problem:
            wrong.append(problem)
        if not h.animating():
            # the next move may come before the screen rests: then the next look
            with contextlib.suppress(Exception):
                fresh += h.checkpoint(f"watching, turn {scene.view.turn}", spectators_screen, settle=0.0)
    h.wait_screen("GameOverScene", timeout=120)
    h.checkpoint("game over, watching")
    port = scene.port
    verified = None if port.verdict is None else port.verdict.ok
    result.update(looks=looks, fresh_frames=fresh, wrong=wrong[:3], turn=scene.view.turn,
                  winners=list(scene.view.winners), verified=verified, headline=h.top.winner_label.text)


def _listening(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(0.2)
        return s.connect_ex(("127.0.0.1", port)) == 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--role", choices=("host", "join", "watch"))
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--lang", default="en")
    ap.add_argument("--drop-at", type=int, default=60, help="the joining player's move after which it drops")
    ap.add_argument("--watch", action="store_true", help="a third window watches the game as a spectator")
    ap.add_argument("--shots", type=Path)
    ap.add_argument("--backend", choices=("x11", "sdl"))
    ap.add_argument("--timeout", type=float, default=3600)
    args = ap.parse_args()
    if args.role:
        return role_main(args)
    port = free_port()
    common = ["--port", str(port), "--seed", str(args.seed), "--lang", args.lang, "--drop-at",
              str(args.drop_at), "--timeout", str(args.timeout)]
    if args.backend:
        common += ["--backend", args.backend]
    procs = []
    os.environ["CATAN_DESKTOP_LAN_INTERFACES"] = "127.0.0.1"  # the host's announcement stays on this machine
    roles = ("host", "join", "watch") if args.watch else ("host", "join")
    for role in roles:
        extra = ["--shots", str(args.shots / role)] if args.shots else []
        procs.append(subprocess.Popen([sys.executable, __file__, "--role", role, *common, *extra],
                                      stdout=subprocess.PIPE, text=True))
        time.sleep(2)
    for role, proc in zip(roles, procs, strict=True):
        out, _err = proc.communicate(timeout=args.timeout + 120)
        for line in out.splitlines():
            if line.startswith(("RESULT", "STALE", "moves")):
                print(f"{role}: {line}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
