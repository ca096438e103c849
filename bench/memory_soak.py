"""Memory soak of the real app (issue 13, item 4: "memory is retained on menu screens"). Prints figures only;
asserts nothing.

    python bench/memory_soak.py resizes [--resizes 40] [--frames 10] [--screens menu,new_game,...] [--seed 1]
                                        [--max-size 1920x1080] [--json]
    python bench/memory_soak.py random [--minutes 2] [--seed 1] [--every 5] [--max-size 1920x1080] [--peaks N]
                                       [--json]

``resizes``: for every screen reachable from the main menu (main menu, New game, Scenarios & variants, Load,
Save, Settings, Rules, the game, Pause, Game over), each in a fresh child process: open the screen the way a
player does (menu shortcut keys; the game through New game + Enter; Pause with Esc; Game over by letting four
random computer players finish a game at instant speed), then resize the window N times to seeded sizes
between 800x600 and ``--max-size`` the way a desktop does it: the window really changes size (SDL reports
WINDOWSIZECHANGED) and VIDEORESIZE and WINDOWRESIZED are posted too; after each resize the real App runs
``--frames`` frames (events, update, draw), so every screen on the stack lays itself out again. It prints the
process's resident memory (RSS) when the screen is open, after the 1st and after the last resize, the
difference (the issue's goal: within 50 MB of the first) and the process's peak RSS.

``random``: one process, the real app from the main menu, ``--minutes`` of seeded random input (mouse moves,
clicks on widgets or anywhere, keys without modifiers, wheel turns, window resizes) with a few frames after
each, restarting from the menu if the input quits the app. An RSS line every ``--every`` seconds, then the
peak of those samples and the kernel's peak RSS (VmHWM). With ``--peaks N`` the kernel's peak is reset before
each input (/proc/self/clear_refs), so each input's own peak is known, and the N inputs with the highest peaks
are listed: the RSS before, the peak, the screens before and after, and glibc's heap in use and free
(mallinfo2) before the input. The VmHWM figure is then the highest of those peaks.

RSS is read from /proc/self/status (VmRSS, VmHWM), so the figures need Linux; elsewhere they show as 0. Every
run uses a fresh temporary CATAN_DESKTOP_HOME (deleted afterwards), never the player's own settings and saves,
and SDL's dummy video and audio drivers.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
import warnings
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

SCREENS = ("menu", "new_game", "variants", "load", "save", "settings", "rules", "game", "pause", "game_over")
MIN_SIZE = (800, 600)


# ------------------------------------------------------------------------------------------------ memory


def memory_mb() -> tuple[float, float]:
    """(current RSS, peak RSS) of this process in MB, from /proc/self/status; (0, 0) where there is none."""
    found = {"VmRSS": 0.0, "VmHWM": 0.0}
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                key, _, value = line.partition(":")
                if key in found:
                    found[key] = int(value.split()[0]) / 1024
    except OSError:
        pass
    return found["VmRSS"], found["VmHWM"]


def reset_peak() -> bool:
    """Reset the kernel's peak RSS (VmHWM) to the current RSS; False where that is not possible."""
    try:
        with open("/proc/self/clear_refs", "w", encoding="ascii") as refs:
            refs.write("5")
    except OSError:
        return False
    return True


def heap_mb() -> tuple[float, float] | None:
    """glibc's heap (in use, free) in MB from mallinfo2, or None elsewhere."""
    import ctypes

    class MallInfo2(ctypes.Structure):
        _fields_ = [(name, ctypes.c_size_t) for name in (
            "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks",
            "keepcost")]

    try:
        mallinfo2 = ctypes.CDLL("libc.so.6").mallinfo2
    except (OSError, AttributeError):
        return None
    mallinfo2.restype = MallInfo2
    info = mallinfo2()
    return (info.uordblks + info.hblkhd) / 2**20, info.fordblks / 2**20


# ------------------------------------------------------------------------------------------------ driving


def pump(app: Any, frames: int = 1) -> None:
    """Run ``frames`` iterations of the main loop's body with the events SDL and pygame_gui queued."""
    import pygame

    for _ in range(frames):
        app.step(pygame.event.get())


def press(app: Any, key: int, frames: int = 3) -> None:
    import pygame

    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
    pump(app, frames)


def resize(size: tuple[int, int]) -> None:
    """Change the window's size as a window manager does: SDL resizes the display surface (the same
    surface object) and reports WINDOWSIZECHANGED; a desktop's VIDEORESIZE and WINDOWRESIZED are posted
    alongside."""
    import pygame

    pygame.display.set_mode(size, pygame.RESIZABLE)
    w, h = size
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=w, h=h))
    pygame.event.post(pygame.event.Event(pygame.WINDOWRESIZED, x=w, y=h))


def random_size(rng: random.Random, largest: tuple[int, int]) -> tuple[int, int]:
    """A window size between the smallest the game supports (800x600) and ``largest``."""
    w = rng.randint(MIN_SIZE[0], max(MIN_SIZE[0], largest[0]))
    h = rng.randint(MIN_SIZE[1], max(MIN_SIZE[1], largest[1]))
    return w, h


def new_app() -> Any:
    from catan_desktop.ui.app import App
    from catan_desktop.ui.scenes.menu import MenuScene

    app = App(size=(1280, 720), windowed=True)
    app.push(MenuScene(app))
    pump(app, 3)
    return app


def write_saves() -> None:
    """A named save and an autosave, so Load lists something and Continue is enabled."""
    from catan_desktop.engine import Game
    from catan_desktop.persistence import save_game
    from catan_desktop.persistence.userdirs import autosave_path, saves_dir
    from catan_desktop.ui.config import GameConfig

    config = GameConfig.default(4)
    game = Game.new("base", players=4, seed=3)
    for _ in range(40):
        game.apply(game.legal_actions()[0])
    save_game(game, saves_dir() / "soak.json", "Soak game", {"config": config.to_dict()})
    save_game(game, autosave_path(), "", {"config": config.to_dict()})


def start_game(app: Any) -> None:
    """Menu -> New game (N) -> Start (Enter): the real game screen, one human and three computer players."""
    import pygame

    press(app, pygame.K_n)
    press(app, pygame.K_RETURN, frames=5)


def finish_game(app: Any, limit_s: float = 120.0) -> None:
    """Play a whole game of four random computer players at instant speed until the game-over screen shows."""
    from catan_desktop.ui.config import GameConfig
    from catan_desktop.ui.launch import start_game as start

    app.settings.animation_speed = "instant"
    config = GameConfig.default(4)
    for seat in config.seats:
        seat.kind = "random"
    start(app, config)
    deadline = time.perf_counter() + limit_s
    while type(app.top).__name__ != "GameOverScene":
        if time.perf_counter() > deadline:
            raise RuntimeError("the computer players did not finish a game in time")
        pump(app)


def open_screen(app: Any, name: str) -> None:
    """From the main menu to screen ``name``, with the keys and buttons a player would use."""
    import pygame

    keys = {
        "new_game": pygame.K_n,
        "variants": pygame.K_v,
        "load": pygame.K_l,
        "settings": pygame.K_s,
        "rules": pygame.K_r,
    }
    if name in keys:
        press(app, keys[name])
    elif name in ("game", "pause", "save"):
        start_game(app)
        if name != "game":
            press(app, pygame.K_ESCAPE)
        if name == "save":
            press(app, pygame.K_s)
    elif name == "game_over":
        finish_game(app)
    elif name != "menu":
        raise ValueError(f"unknown screen {name!r}; known: {', '.join(SCREENS)}")
    pump(app, 10)


# ------------------------------------------------------------------------------------------------ resizes


def measure_screen(
    name: str, resizes: int, frames: int, seed: int, largest: tuple[int, int]
) -> dict[str, Any]:
    """Open ``name`` and resize the window ``resizes`` times; RSS figures in MB (run in a child process)."""
    write_saves()
    app = new_app()
    open_screen(app, name)
    stack = [type(s).__name__ for s in app.scenes]
    opened, _ = memory_mb()
    rng = random.Random(seed)
    first = 0.0
    started = time.perf_counter()
    for i in range(resizes):
        resize(random_size(rng, largest))
        pump(app, frames)
        if i == 0:
            first, _ = memory_mb()
    last, peak = memory_mb()
    return {
        "screen": name,
        "stack": stack,
        "open_mb": round(opened, 1),
        "after_first_mb": round(first, 1),
        "after_last_mb": round(last, 1),
        "growth_mb": round(last - first, 1),
        "peak_mb": round(peak, 1),
        "seconds": round(time.perf_counter() - started, 1),
    }


def run_resizes(args: argparse.Namespace, home: Path) -> dict[str, Any]:
    screens = [s for s in args.screens.split(",") if s]
    rows = []
    if not args.json:
        print(
            f"{args.resizes} resizes per screen, {args.frames} frames after each, "
            f"sizes 800x600..{args.max_size}, seed {args.seed}; RSS in MB (Linux /proc/self/status)"
        )
        print(
            f"{'screen':<10} {'open':>7} {'1st':>7} {'last':>7} {'growth':>7} {'peak':>7} {'secs':>6}  stack"
        )
    for name in screens:
        child_home = home / name
        child_home.mkdir(parents=True, exist_ok=True)
        env = {**os.environ, "CATAN_DESKTOP_HOME": str(child_home)}
        cmd = [
            sys.executable,
            __file__,
            "_screen",
            name,
            "--resizes",
            str(args.resizes),
            "--frames",
            str(args.frames),
            "--seed",
            str(args.seed),
            "--max-size",
            args.max_size,
        ]
        done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
        lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
        if done.returncode != 0 or not lines:
            row: dict[str, Any] = {"screen": name, "error": (done.stderr.strip().splitlines() or ["?"])[-1]}
        else:
            row = json.loads(lines[-1])
        rows.append(row)
        if args.json:
            continue
        if "error" in row:
            print(f"{name:<10} failed: {row['error']}")
            continue
        print(
            f"{name:<10} {row['open_mb']:>7.1f} {row['after_first_mb']:>7.1f} {row['after_last_mb']:>7.1f} "
            f"{row['growth_mb']:>+7.1f} {row['peak_mb']:>7.1f} {row['seconds']:>6.1f}  "
            + " > ".join(row["stack"])
        )
    return {
        "mode": "resizes",
        "resizes": args.resizes,
        "frames": args.frames,
        "seed": args.seed,
        "max_size": args.max_size,
        "screens": rows,
    }


# ------------------------------------------------------------------------------------------------ random


def random_event(app: Any, rng: random.Random, largest: tuple[int, int]) -> str:
    """Post one random input (or resize the window); returns its kind."""
    import pygame

    w, h = app.size
    roll = rng.random()
    if roll < 0.30:
        pos = (rng.randrange(w), rng.randrange(h))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        return "move"
    if roll < 0.62:
        pos = (rng.randrange(w), rng.randrange(h))
        ui = getattr(app.top, "ui", None)
        widgets = [e for e in ui.get_sprite_group().sprites() if e.visible] if ui is not None else []
        if widgets and rng.random() < 0.75:
            rect = rng.choice(widgets).rect
            pos = (min(w - 1, max(0, rect.centerx)), min(h - 1, max(0, rect.centery)))
        button = 1 if rng.random() < 0.9 else 3
        for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            extra = (
                {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION else {"button": button}
            )
            pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))
        return "click"
    if roll < 0.90:
        keys = [
            pygame.K_ESCAPE,
            pygame.K_RETURN,
            pygame.K_SPACE,
            pygame.K_TAB,
            pygame.K_UP,
            pygame.K_DOWN,
            pygame.K_LEFT,
            pygame.K_RIGHT,
            pygame.K_BACKSPACE,
            pygame.K_F1,
        ]
        keys += [ord(c) for c in "abcdehlnorstuv12345"]
        key = rng.choice(keys)
        text = chr(key) if 32 <= key < 127 else ""
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text, scancode=0))
        if text.strip():
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=text, scancode=0))
        return "key"
    if roll < 0.95:
        pos = (rng.randrange(w), rng.randrange(h))
        pygame.event.post(
            pygame.event.Event(
                pygame.MOUSEWHEEL,
                x=0,
                y=rng.choice((-1, 1)),
                flipped=False,
                precise_x=0.0,
                precise_y=0.0,
                touch=False,
            )
        )
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        return "wheel"
    resize(random_size(rng, largest))
    return "resize"


def run_random(args: argparse.Namespace) -> dict[str, Any]:
    from catan_desktop.ui.scenes.menu import MenuScene

    write_saves()
    rng = random.Random(args.seed)
    largest = parse_size(args.max_size)
    app = new_app()
    counts: dict[str, int] = {}
    errors: list[str] = []
    restarts = 0
    samples: list[dict[str, Any]] = []
    start = time.perf_counter()
    end = start + args.minutes * 60
    next_sample = start
    if not args.json:
        print(
            f"random input for {args.minutes} min, seed {args.seed}, sizes 800x600..{args.max_size}; "
            "RSS in MB (Linux /proc/self/status)"
        )
    peaks: list[dict[str, Any]] = []  # with --peaks: each input's own peak
    watch_peaks = args.peaks > 0 and reset_peak()
    highest = 0.0
    while True:
        now = time.perf_counter()
        if now >= next_sample:
            rss, _ = memory_mb()
            top = type(app.top).__name__ if app.top is not None else "-"
            samples.append({"t": round(now - start, 1), "rss_mb": round(rss, 1), "top": top})
            if not args.json:
                print(
                    f"t={now - start:7.1f} s  RSS {rss:7.1f} MB  screen {top}  inputs {sum(counts.values())}",
                    flush=True,
                )
            next_sample += args.every
        if now >= end:
            break
        if watch_peaks:
            before_rss, before_hwm = memory_mb()
            highest = max(highest, before_hwm)
            before_stack = stack_text(app)
            heap = heap_mb()
            reset_peak()
        kind = random_event(app, rng, largest)
        counts[kind] = counts.get(kind, 0) + 1
        try:
            pump(app, rng.randint(1, 4))
        except Exception:  # noqa: BLE001 - a soak reports crashes and carries on from the menu
            text = traceback.format_exc().strip()
            message = text.splitlines()[-1]
            if message not in errors:  # the whole traceback the first time, one line after that
                print(text if not args.json else message, file=sys.stderr)
            elif not args.json:
                print(f"  exception: {message}", file=sys.stderr)
            errors.append(message)
            app.running = False
        if watch_peaks:
            _, own = memory_mb()
            highest = max(highest, own)
            peaks.append({
                "input": sum(counts.values()), "kind": kind, "size": list(app.size),
                "rss_before_mb": round(before_rss, 1), "peak_mb": round(own, 1),
                "heap_before_mb": [round(x, 1) for x in heap] if heap else None,
                "before": before_stack, "after": stack_text(app),
            })
            peaks = sorted(peaks, key=lambda p: -p["peak_mb"])[: args.peaks]
        if not app.running or not app.scenes:
            restarts += 1
            app.running = True
            app.reset_to(MenuScene(app))
            pump(app, 2)
    rss, hwm = memory_mb()
    hwm = max(hwm, highest)
    peak = max(s["rss_mb"] for s in samples)
    if not args.json:
        print(
            f"peak of the samples {peak:.1f} MB, kernel peak (VmHWM) {hwm:.1f} MB, final {rss:.1f} MB; "
            f"inputs {counts}, restarts {restarts}, exceptions {len(errors)}"
        )
        for p in peaks:
            heap = p["heap_before_mb"]
            heap_text = f"heap in use {heap[0]:.0f} free {heap[1]:.0f} MB; " if heap else ""
            rise = p["peak_mb"] - p["rss_before_mb"]
            print(
                f"  input {p['input']:6} {p['kind']:<6} peak {p['peak_mb']:6.1f} MB (+{rise:.1f} on "
                f"{p['rss_before_mb']:.1f}) {heap_text}{p['size'][0]}x{p['size'][1]} "
                f"{p['before']} -> {p['after']}"
            )
    return {
        "mode": "random",
        "minutes": args.minutes,
        "seed": args.seed,
        "max_size": args.max_size,
        "samples": samples,
        "peak_sample_mb": peak,
        "peak_hwm_mb": round(hwm, 1),
        "final_mb": round(rss, 1),
        "inputs": counts,
        "restarts": restarts,
        "exceptions": errors,
        "peaks": peaks,
    }


def stack_text(app: Any) -> str:
    return " > ".join(type(scene).__name__ for scene in app.scenes) or "-"


# ------------------------------------------------------------------------------------------------ main


def parse_size(text: str) -> tuple[int, int]:
    w, _, h = text.lower().partition("x")
    return int(w), int(h)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="mode", required=True)
    rz = sub.add_parser(
        "resizes", help="resize every menu-side screen N times, RSS after the 1st and the last"
    )
    rz.add_argument("--resizes", type=int, default=40)
    rz.add_argument("--frames", type=int, default=10, help="frames run after each resize")
    rz.add_argument(
        "--screens", default=",".join(SCREENS), help=f"comma-separated, from {', '.join(SCREENS)}"
    )
    rnd = sub.add_parser("random", help="minutes of seeded random input, RSS every few seconds and the peak")
    rnd.add_argument("--minutes", type=float, default=2.0)
    rnd.add_argument("--every", type=float, default=5.0, help="seconds between RSS lines")
    rnd.add_argument("--peaks", type=int, default=0, help="list the N inputs with the highest own peaks")
    child = sub.add_parser("_screen", help=argparse.SUPPRESS)  # one screen of 'resizes', in a child process
    child.add_argument("screen")
    child.add_argument("--resizes", type=int, default=40)
    child.add_argument("--frames", type=int, default=10)
    for p in (rz, rnd, child):
        p.add_argument("--seed", type=int, default=1)
        p.add_argument("--max-size", default="1920x1080", help="largest window size, WxH")
        p.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    args = parser.parse_args(argv)
    warnings.simplefilter("ignore")  # pygame_gui's layout warnings at small sizes are not what we measure

    if args.mode == "_screen":  # the parent gave us a private CATAN_DESKTOP_HOME
        if not os.environ.get("CATAN_DESKTOP_HOME"):
            os.environ["CATAN_DESKTOP_HOME"] = tempfile.mkdtemp(prefix="catan-memsoak-")
        row = measure_screen(args.screen, args.resizes, args.frames, args.seed, parse_size(args.max_size))
        print(json.dumps(row))
        return 0
    home = Path(tempfile.mkdtemp(prefix="catan-memsoak-"))
    os.environ["CATAN_DESKTOP_HOME"] = str(home)  # never the player's own settings and saves
    try:
        out = run_resizes(args, home) if args.mode == "resizes" else run_random(args)
    finally:
        shutil.rmtree(home, ignore_errors=True)
    if args.json:
        print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    sys.exit(main())
