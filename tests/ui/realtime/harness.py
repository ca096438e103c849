"""The real-time harness (issue 31): the game as a person plays it, and what the screen shows a moment later.

Tests that call ``App.step`` draw after every call, so they cannot see a screen that waits for the mouse. Here
the real ``App.run`` loop runs in the main thread of its own process, exactly as the game runs; a script in a
second thread puts input into SDL's own event queue, then sends nothing, and reads the frame last put on the
screen a moment later. Two ways in:

- ``x11``: a private Xvfb server (Debian's ``xvfb``) and ``xdotool``: the X server moves the pointer and sends
  the keys, and SDL reads them as it reads a player's. This is the default wherever both programs exist.
- ``sdl``: SDL's dummy video driver: the pointer is warped with ``pygame.mouse.set_pos`` (SDL records the new
  position and queues the motion) and buttons and keys are pushed with ``pygame.event.post``.

A checkpoint waits (no input), then asks the main thread, between two turns of the loop, for two pictures: the
last frame the loop put on the screen, and the visible scenes drawn afresh from their current state (drawing
never changes state, so this disturbs nothing). If they differ, the screen is stale: it does not show what the
game, the widgets or the dialogs already are. Each checkpoint also checks what should be on screen (a dialog,
a button's state, a tooltip), so a screen that is fresh but wrong fails too.

The only additions to the real app are in ``WatchedApp``: a copy of each frame after it is shown, and the
probe above. Neither changes when the loop draws.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SIZE = (1280, 720)
SETTLE = 1.0  # seconds of no input before a checkpoint reads the screen ("a moment later")


def x11_available() -> bool:
    return bool(shutil.which("Xvfb") and shutil.which("xdotool"))


def choose_backend(requested: str | None = None) -> str:
    """``x11`` where Xvfb and xdotool are installed (CI installs them), else ``sdl``."""
    wanted = requested or os.environ.get("CATAN_REALTIME_BACKEND") or ("x11" if x11_available() else "sdl")
    if wanted not in ("x11", "sdl"):
        raise ValueError(f"unknown backend {wanted!r}: x11 or sdl")
    return wanted


class XServer:
    """A private Xvfb display for one process (so cases can run side by side without sharing a pointer)."""

    def __init__(self, size: tuple[int, int] = SIZE) -> None:
        read, write = os.pipe()
        self.proc = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{size[0]}x{size[1]}x24", "-nolisten", "tcp",
             "-noreset"],
            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        os.close(write)
        number = b""
        deadline = time.monotonic() + 20
        with os.fdopen(read, "rb") as pipe:
            while not number.endswith(b"\n") and time.monotonic() < deadline:
                chunk = pipe.read(1)
                if not chunk:
                    break
                number += chunk
        if not number.strip():
            self.proc.kill()
            raise RuntimeError("Xvfb did not start")
        self.display = ":" + number.decode().strip()

    def close(self) -> None:
        self.proc.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(5)
        if self.proc.poll() is None:
            self.proc.kill()


def prepare_environment(backend: str, home: Path) -> XServer | None:
    """Set the environment before pygame starts; returns the X server to close at the end (x11)."""
    os.environ["CATAN_DESKTOP_HOME"] = str(home)
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if backend == "x11":
        server = XServer()
        os.environ["DISPLAY"] = server.display
        os.environ["SDL_VIDEODRIVER"] = "x11"
        return server
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    return None


# ------------------------------------------------------------------------------------------------- the app


def watched_app_class():  # type: ignore[no-untyped-def]
    """``App`` with a copy of every frame it shows and a probe served between turns of the loop."""
    import pygame

    from catan_desktop.ui.app import App

    class WatchedApp(App):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.shown: pygame.Surface | None = None
            self.shown_at = 0.0
            self.probe: Probe | None = None
            self.last_step = 0.0

        def draw(self) -> None:
            super().draw()
            self.shown = self.screen.copy()
            self.shown_at = time.perf_counter()

        def step(self, events=(), dt=1 / 60):  # type: ignore[no-untyped-def]
            super().step(events, dt)
            self.last_step = time.perf_counter()
            probe = self.probe
            if probe is not None and not probe.done.is_set():
                # what the next draw would put on the screen: the same start (the last frame) drawn over
                fresh = (self.shown if self.shown is not None else self.screen).copy()
                for scene in self.visible_scenes():
                    scene.draw(fresh)
                probe.shown = self.shown.copy() if self.shown is not None else None
                probe.fresh = fresh
                probe.since_frame = time.perf_counter() - self.shown_at
                probe.stack = [type(s).__name__ for s in self.scenes]
                probe.animating = any(s.animating for s in self.visible_scenes())
                probe.done.set()

        def visible_scenes(self) -> list[Any]:
            if hasattr(App, "visible_scenes"):
                return App.visible_scenes(self)
            start = max([i for i, s in enumerate(self.scenes) if s.opaque], default=0)  # before issue 31
            return self.scenes[start:]

    return WatchedApp


@dataclass
class Probe:
    done: threading.Event = field(default_factory=threading.Event)
    shown: Any = None
    fresh: Any = None
    since_frame: float = 0.0
    animating: bool = False
    stack: list[str] = field(default_factory=list)


def difference(a: Any, b: Any) -> tuple[int, Any]:
    """(pixels that differ, their bounding rectangle or None) between two surfaces of one size."""
    import pygame

    if a is None or b is None:
        return (-1, None)
    if a.get_size() != b.get_size():
        return (a.get_width() * a.get_height(), a.get_rect())
    d1, d2 = a.copy(), b.copy()
    d1.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    d2.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    d1.blit(d2, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    same = pygame.mask.from_threshold(d1, (0, 0, 0, 255), (1, 1, 1, 255))
    same.invert()
    count = same.count()
    if not count:
        return (0, None)
    rects = same.get_bounding_rects()
    box = rects[0].unionall(rects[1:]) if len(rects) > 1 else rects[0]
    return (count, box)


# ---------------------------------------------------------------------------------------------- the input


class X11Input:
    """Input through the X server (xdotool), as a player's mouse and keyboard give it."""

    def __init__(self) -> None:
        import pygame

        self.window = str(pygame.display.get_wm_info().get("window", ""))

    def _run(self, *args: str) -> None:
        subprocess.run(["xdotool", *args], check=True, timeout=10, stdout=subprocess.DEVNULL)

    def move(self, pos: tuple[int, int]) -> None:
        self._run("mousemove", "--window", self.window, str(int(pos[0])), str(int(pos[1])))

    def click(self, button: int = 1) -> None:
        self._run("click", str(button))

    def key(self, name: str) -> None:
        self._run("key", "--clearmodifiers", name)

    def wheel(self, up: bool) -> None:
        self._run("click", "4" if up else "5")


class SdlInput:
    """Input pushed into SDL's queue on the dummy driver (no X server here)."""

    KEYS = {"Escape": "escape", "Return": "return", "space": "space", "ctrl+z": "z"}

    def __init__(self) -> None:
        self.pos = (0, 0)

    def move(self, pos: tuple[int, int]) -> None:
        import pygame

        self.pos = (int(pos[0]), int(pos[1]))
        pygame.mouse.set_pos(self.pos)  # SDL records the position and queues the motion

    def click(self, button: int = 1) -> None:
        import pygame

        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, pos=self.pos, button=button, touch=False))
            time.sleep(0.03)

    def key(self, name: str) -> None:
        import pygame

        mod = pygame.KMOD_CTRL if name.startswith("ctrl+") else 0
        key = pygame.key.key_code(self.KEYS.get(name, name.lower()))
        text = name if len(name) == 1 else ""
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            pygame.event.post(pygame.event.Event(kind, key=key, mod=mod, unicode=text, scancode=0))
            if kind == pygame.KEYDOWN and text:
                pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
            time.sleep(0.03)

    def wheel(self, up: bool) -> None:
        import pygame

        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1 if up else -1, flipped=False))


# --------------------------------------------------------------------------------------------- the script


class CaseFailed(Exception):
    """A wait that never came true: the case cannot go on."""


@dataclass
class Check:
    label: str
    ok: bool
    detail: str
    screen: str  # what the screen showed one second after the last input


class Driver:
    """What a case's script does, in its own thread, while the real loop runs: input, waits, checkpoints."""

    def __init__(self, app: Any, backend: str, shots: Path | None, case: str) -> None:
        self.app = app
        self.input = X11Input() if backend == "x11" else SdlInput()
        self.shots = shots
        self.case = case
        self.checks: list[Check] = []
        self.error: str | None = None
        self.seen_top: Any = None
        self.seen_at = 0.0

    # ---- what the script reads (plain reads of Python objects; the loop owns every change)

    @property
    def top(self) -> Any:
        return self.app.top

    def top_is(self, name: str) -> bool:
        top = self.app.top
        return top is not None and type(top).__name__ == name

    # ---- input

    def move(self, pos: tuple[int, int]) -> None:
        self.input.move(pos)
        time.sleep(0.05)

    def click(self, pos: tuple[int, int] | None = None, button: int = 1) -> None:
        if pos is not None:
            self.move(pos)
            time.sleep(0.1)
        self.input.click(button)
        time.sleep(0.05)

    def click_widget(self, widget: Any) -> None:
        self.click(widget.rect.center)

    def key(self, name: str) -> None:
        self.input.key(name)
        time.sleep(0.05)

    def wheel(self, up: bool = True) -> None:
        self.input.wheel(up)
        time.sleep(0.05)

    # ---- time

    def wait_until(self, what: str, test: Callable[[], object], timeout: float = 30.0) -> Any:
        """Wait (sending nothing) until ``test()`` is true; a case that never gets there fails."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with contextlib.suppress(Exception):  # a read in the middle of a change: read again
                value = test()
                if value:
                    return value
            time.sleep(0.05)
        raise CaseFailed(f"waited {timeout:.0f} s for {what}; screens: {self.stack()}")

    def wait_screen(self, name: str, timeout: float = 30.0) -> Any:
        """Wait until the screen on top is a ``name`` that has finished building (its ``enter`` returned and
        the loop turned once since); returns it."""

        def ready() -> Any:
            top = self.app.top
            if top is None or type(top).__name__ != name:
                return None
            if self.seen_top is not top:
                self.seen_top, self.seen_at = top, time.perf_counter()
                return None
            return top if self.app.last_step > self.seen_at else None

        return self.wait_until(f"the screen {name}", ready, timeout)

    def still(self, seconds: float) -> None:
        time.sleep(seconds)

    def animating(self) -> bool:
        return any(scene.animating for scene in self.app.visible_scenes())

    def stack(self) -> list[str]:
        return [type(s).__name__ for s in list(self.app.scenes)]

    # ---- checkpoints

    def probe(self) -> Probe:
        probe = Probe()
        self.app.probe = probe
        if not probe.done.wait(10):
            raise CaseFailed("the loop did not turn for 10 s")
        self.app.probe = None
        return probe

    def checkpoint(self, label: str, expect: Callable[[], str | None] | None = None,
                   settle: float = SETTLE) -> bool:
        """Send nothing for ``settle`` seconds, then compare the frame on screen with a fresh drawing of the
        current state, and run ``expect`` (None: fine, else what is wrong)."""
        time.sleep(settle)
        # a running animation is drawn every frame at its own moment: compare once the screen is still
        self.wait_until("the animations to end", lambda: not self.animating(), timeout=30)
        probe = self.probe()
        while probe.animating:
            self.wait_until("the animations to end", lambda: not self.animating(), timeout=30)
            probe = self.probe()
        problems = []
        count, box = difference(probe.shown, probe.fresh)
        screen = f"screens {'/'.join(probe.stack)}; last frame {probe.since_frame:.1f} s before"
        if count:
            where = "no frame at all" if count < 0 else (
                f"{count} pixels differ in {tuple(box)}" if box is not None else f"{count} pixels differ")
            problems.append(f"stale screen: the frame on screen is not the current state ({where})")
            screen += f"; stale: {where}"
        else:
            screen += "; fresh"
        if expect is not None:
            try:
                wrong = expect()
            except Exception as exc:  # noqa: BLE001 - a check that cannot read the state fails with why
                wrong = f"check raised {exc!r}"
            if wrong:
                problems.append(wrong)
        ok = not problems
        self.checks.append(Check(label, ok, "; ".join(problems) or "ok", screen))
        if self.shots is not None and (not ok or os.environ.get("CATAN_REALTIME_SHOTS_ALL")):
            self._save(label, probe)
        return ok

    def _save(self, label: str, probe: Probe) -> None:
        import pygame

        self.shots.mkdir(parents=True, exist_ok=True)
        stem = "".join(c if c.isalnum() else "_" for c in f"{self.case}-{label}")
        if probe.shown is not None:
            pygame.image.save(probe.shown, str(self.shots / f"{stem}-shown.png"))
        pygame.image.save(probe.fresh, str(self.shots / f"{stem}-fresh.png"))


@dataclass
class Case:
    """``setup(app)`` builds the starting screens in the main thread before the loop starts and returns
    what the script needs; ``script(driver, ctx)`` runs in the driver thread while the loop runs."""

    name: str
    setup: Callable[[Any], Any]
    script: Callable[[Driver, Any], None]
    timeout: float = 90.0


def run_case(case: Case, backend: str, shots: Path | None = None) -> dict[str, Any]:
    """Run one case in this process (pygame must not have opened a display yet); returns its report."""
    import pygame

    app = watched_app_class()(size=SIZE)
    pygame.event.clear()
    report: dict[str, Any] = {"case": case.name, "backend": backend, "checks": [], "error": None}
    try:
        ctx = case.setup(app)
    except Exception:  # noqa: BLE001
        report["error"] = "set-up failed:\n" + traceback.format_exc()
        return report
    driver = Driver(app, backend, shots, case.name)

    def script() -> None:
        try:
            driver.wait_until("the first frame", lambda: app.shown is not None, timeout=20)
            case.script(driver, ctx)
        except CaseFailed as exc:
            driver.error = str(exc)
        except Exception:  # noqa: BLE001
            driver.error = traceback.format_exc()
        finally:
            app.running = False  # the loop ends by itself at its next turn: no input needed

    thread = threading.Thread(target=script, name=f"realtime-{case.name}", daemon=True)
    thread.start()
    watchdog = threading.Timer(case.timeout, lambda: setattr(app, "running", False))
    watchdog.daemon = True
    watchdog.start()
    try:
        app.run()
    except Exception:  # noqa: BLE001
        report["error"] = "the game loop raised:\n" + traceback.format_exc()
    watchdog.cancel()
    thread.join(10)
    if driver.error and not report["error"]:
        report["error"] = driver.error
    if thread.is_alive() and not report["error"]:
        report["error"] = f"the case did not finish in {case.timeout:.0f} s"
    report["checks"] = [c.__dict__ for c in driver.checks]
    with contextlib.suppress(Exception):
        for scene in list(app.scenes):
            scene.exit()
    pygame.quit()  # before the X server goes: SDL must not talk to it at exit
    return report


def main(argv: list[str], cases: dict[str, Case]) -> int:
    """``run.py CASE [--backend x11|sdl] [--shots DIR]``: run one case, print its report as JSON."""
    import argparse
    import json
    import tempfile

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("case", choices=sorted(cases))
    parser.add_argument("--backend", choices=("x11", "sdl"))
    parser.add_argument("--shots", type=Path, help="save the frames of failed checkpoints here")
    args = parser.parse_args(argv)
    backend = choose_backend(args.backend)
    home = Path(tempfile.mkdtemp(prefix="catan-realtime-"))
    server = prepare_environment(backend, home)
    try:
        report = run_case(cases[args.case], backend, args.shots)
    finally:
        if server is not None:
            server.close()
        shutil.rmtree(home, ignore_errors=True)
    sys.stdout.write("REPORT " + json.dumps(report) + "\n")
    return 0
