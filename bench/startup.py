"""Cold start-up time of the game: from launching the process to the first frame of the main menu.

Usage::

    python bench/startup.py [--runs N] [--bundle PATH | --python PYTHON] [--timeout SECS] [--json]

Each run starts ``PYTHON -m catan_desktop`` (default: this interpreter) or a built bundle's executable
(``--bundle dist/catan-desktop/catan-desktop``) as a new process with SDL's dummy video and audio
drivers, a fresh empty ``CATAN_DESKTOP_HOME`` (default settings; the player's files are never read) and
``CATAN_DESKTOP_EXIT_AFTER_FIRST_FRAME=1``. With that variable set, the app prints
``FIRST_FRAME <seconds>`` after its first ``pygame.display.flip()`` and exits 0. The figure reported is
the wall time measured here, from just before the spawn to reading that line, so it includes the
interpreter's (or bootloader's) own start-up and is the same on every platform. The number the app
prints itself (seconds since ``App()`` was created) is shown alongside.

If the app prints nothing (e.g. a windowed Windows build, which has no stdout) but exits 0, the time to
its exit is used instead and marked "exit". Prints figures only; asserts nothing about timings. The
first run is usually the slowest (the OS file cache is cold); no caches are dropped.

Standard library only, so any Python 3.11 can measure a bundle.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import queue
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, TextIO

HOOK_VAR = "CATAN_DESKTOP_EXIT_AFTER_FIRST_FRAME"
MARKER = "FIRST_FRAME"


class StartupError(RuntimeError):
    """A run did not reach its first frame."""


def _reader(stream: TextIO, lines: queue.Queue[str | None]) -> None:
    for line in stream:
        lines.put(line)
    lines.put(None)


def measure_once(command: list[str], timeout: float) -> dict[str, Any]:
    """Start ``command`` once; return {"seconds", "app_seconds", "how"}; raises StartupError."""
    home = tempfile.mkdtemp(prefix="catan-startup-")
    env = dict(os.environ)
    env.update(
        {
            "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy",
            "PYGAME_HIDE_SUPPORT_PROMPT": "1",
            "CATAN_DESKTOP_HOME": home,
            HOOK_VAR: "1",
            "PYTHONUNBUFFERED": "1",
        }
    )
    try:
        with tempfile.TemporaryFile(mode="w+", encoding="utf-8", errors="replace") as stderr:
            start = time.perf_counter()
            proc = subprocess.Popen(
                command,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=stderr,
                env=env,
                text=True,
                encoding="utf-8",
                errors="replace",
            )
            try:
                return _watch(proc, start, timeout, stderr)
            finally:
                if proc.poll() is None:
                    proc.kill()
                    proc.wait()
    finally:
        shutil.rmtree(home, ignore_errors=True)


def _watch(proc: subprocess.Popen[str], start: float, timeout: float, stderr: TextIO) -> dict[str, Any]:
    """Wait for the FIRST_FRAME line (or the process's end) and time it from ``start``."""
    assert proc.stdout is not None
    lines: queue.Queue[str | None] = queue.Queue()
    threading.Thread(target=_reader, args=(proc.stdout, lines), daemon=True).start()
    deadline = start + timeout
    while True:
        left = deadline - time.perf_counter()
        if left <= 0:
            raise StartupError(
                f"no {MARKER} line within {timeout:.0f} s: does App.draw() have the "
                f"{HOOK_VAR} hook (packaging/README.md)?"
            )
        try:
            line = lines.get(timeout=left)
        except queue.Empty:
            continue
        if line is None:  # stdout closed: the process ended (or has no stdout at all)
            try:
                code = proc.wait(timeout=max(1.0, deadline - time.perf_counter()))
            except subprocess.TimeoutExpired:
                raise StartupError(f"closed its output but did not exit within {timeout:.0f} s") from None
            seconds = time.perf_counter() - start
            if code == 0:
                return {"seconds": seconds, "app_seconds": None, "how": "exit"}
            stderr.seek(0)
            tail = stderr.read()[-2000:].strip()
            raise StartupError(f"exited with code {code} before its first frame\n{tail}")
        if line.startswith(MARKER):
            seconds = time.perf_counter() - start
            try:
                app_seconds: float | None = float(line.split()[1])
            except (IndexError, ValueError):
                app_seconds = None
            try:
                code = proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                raise StartupError(f"printed {MARKER} but did not exit within 30 s") from None
            if code != 0:
                raise StartupError(f"printed {MARKER} but exited with code {code}")
            return {"seconds": seconds, "app_seconds": app_seconds, "how": "line"}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="number of launches (default 5)")
    target = parser.add_mutually_exclusive_group()
    target.add_argument("--bundle", type=Path, help="a built bundle's executable instead of python -m")
    target.add_argument("--python", default=sys.executable, help="interpreter for -m catan_desktop")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds allowed per run (default 60)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")

    if args.bundle is not None:
        exe = args.bundle.resolve()
        if exe.is_dir():  # the bundle folder: its executable has the folder's name
            exe = exe / (exe.name + (".exe" if os.name == "nt" else ""))
        if not exe.is_file():
            parser.error(f"no executable at {exe}")
        command, label = [str(exe)], f"bundle {exe}"
    else:
        command, label = [args.python, "-m", "catan_desktop"], f"{args.python} -m catan_desktop"

    runs: list[dict[str, Any]] = []
    for i in range(args.runs):
        try:
            run = measure_once(command, args.timeout)
        except StartupError as exc:
            print(f"run {i + 1}: FAILED: {exc}", file=sys.stderr)
            return 1
        runs.append(run)
        if not args.json:
            app = f" (app reports {run['app_seconds']:.3f} s after App())" if run["app_seconds"] else ""
            how = " [time to exit: no FIRST_FRAME line]" if run["how"] == "exit" else ""
            print(f"run {i + 1}: {run['seconds']:.3f} s{app}{how}")

    times = [r["seconds"] for r in runs]
    result = {
        "target": label,
        "runs": len(times),
        "median": round(statistics.median(times), 4),
        "min": round(min(times), 4),
        "max": round(max(times), 4),
        "first": round(times[0], 4),
        "seconds": [round(t, 4) for t in times],
        "python": platform.python_version(),
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
    }
    if args.json:
        print(json.dumps(result, sort_keys=True))
    else:
        print(f"target: {label}; {platform.platform()}, {os.cpu_count()} CPU(s)")
        print(
            f"start-up to first menu frame: median {result['median']:.3f} s, "
            f"min {result['min']:.3f} s, max {result['max']:.3f} s ({len(times)} runs)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
