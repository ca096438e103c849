"""How long the menus take to open, and what a computer's move costs the game screen as a game grows.

Usage::

    python bench/screen_open.py [--runs N] [--moves M] [--keep-imports] [--json]

1. ``list_variants()`` (what New game, Scenarios & variants and Play online list): the first call of the
   process (every rule file read and checked) and the next ``--runs`` calls, with nothing changed.
2. Opening each of those screens ``--runs`` times (``App.go``, the menu's own way), SDL's dummy video
   driver, a fresh empty ``CATAN_DESKTOP_HOME``.
3. ``GameController.apply`` for a game of four random computer players (base, seed 1), by blocks of
   ``--moves`` moves: what the game screen's own bookkeeping adds to each computer move (it took the undo
   snapshot, the whole game with its log, before every move until 2026-11-29).
4. A full garbage collection (``gc.collect``, what the app makes whenever a screen's widgets go) once the
   screens above have been opened and closed, the median of ``--runs``. ``--keep-imports`` first does what
   the app does at start-up since 2026-11-30 (``ui.memory.keep_imports``: the imports frozen out of the
   collector's sight); compare a run with it and one without.

Prints figures only (medians, milliseconds); asserts nothing about timings. Run it on two checkouts to
compare them: ``git worktree add /tmp/old REV`` and ``cd /tmp/old && python /path/to/bench/screen_open.py``
with the same interpreter.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["CATAN_DESKTOP_HOME"] = tempfile.mkdtemp(prefix="screen-open-")
sys.path.insert(0, str(Path.cwd()))  # the checkout it is run from (see the docstring)


def ms(seconds: float) -> float:
    return round(1000 * seconds, 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--keep-imports", action="store_true", help="freeze the imports first, as the app")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)

    from catan_desktop.ai import create_bot
    from catan_desktop.ui.app import App
    from catan_desktop.ui.config import GameConfig
    from catan_desktop.ui.controller import GameController
    from catan_desktop.variants import list_variants

    out: dict[str, object] = {}
    if args.keep_imports:
        from catan_desktop.ui.memory import keep_imports

        keep_imports()
        out["frozen_objects"] = gc.get_freeze_count()
    t = time.perf_counter()
    list_variants()
    out["list_variants_first_ms"] = ms(time.perf_counter() - t)
    again = []
    for _ in range(args.runs):
        t = time.perf_counter()
        list_variants()
        again.append(time.perf_counter() - t)
    out["list_variants_again_ms"] = ms(statistics.median(again))

    app = App(size=(1280, 720))
    for name in ("new_game", "variants", "online"):
        times = []
        for _ in range(args.runs):
            t = time.perf_counter()
            app.go(name)
            app.step([])
            times.append(time.perf_counter() - t)
            app.pop()
            app.step([])
        out[f"open_{name}_ms"] = ms(statistics.median(times))
    collections = []
    for _ in range(args.runs):
        t = time.perf_counter()
        gc.collect()
        collections.append(time.perf_counter() - t)
    out["objects_tracked"] = len(gc.get_objects())
    out["collect_ms"] = ms(statistics.median(collections))

    config = GameConfig.default(4)
    config.seed = 1
    for seat in config.seats:
        seat.kind = "random"
    ctl = GameController(config)
    bots = [create_bot("random", seed=k) for k in range(4)]
    blocks: list[float] = []
    moves, spent = 0, 0.0
    while not ctl.game.is_over and len(blocks) < 50:
        seat = ctl.seat_to_act
        action = bots[seat].choose(ctl.game.clone(), seat)
        t = time.perf_counter()
        ctl.apply(action)
        spent += time.perf_counter() - t
        moves += 1
        if moves == args.moves:
            blocks.append(spent / moves)
            moves, spent = 0, 0.0
    ctl.close()
    out["apply_ms_by_block"] = [round(1000 * b, 3) for b in blocks]
    out["log_events_at_end"] = len(ctl.game.log)

    if args.json:
        print(json.dumps(out))
    else:
        for key, value in out.items():
            print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
