"""How long the board editor takes to draw a frame (issue 34: "a redraw of the editor board stays under the
game screen's frame budget: median <= 4 ms at 1920x1080"). Prints figures only; asserts nothing.

    python bench/editor_draw.py [--size 1920x1080] [--frames 300] [--variant base] [--json]

``--variant new-york-erie-canal`` (or ``corsica``) measures the editor on a scenario's map board.

Two phases on the real editor screen (SDL's dummy driver, a fresh temporary CATAN_DESKTOP_HOME): ``still``,
the same board drawn again and again (what a frame costs while the player only moves the mouse), and
``editing``, a hex repainted before every frame (the board's static layer and the figures are made again).
Each frame is ``scene.draw(surface)`` as the app's loop calls it, timed with ``time.perf_counter``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", default="1920x1080")
    ap.add_argument("--frames", type=int, default=300)
    ap.add_argument("--variant", default="base", help="the board edited (maps: new-york-erie-canal, corsica)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    w, h = (int(v) for v in args.size.lower().split("x"))
    os.environ["CATAN_DESKTOP_HOME"] = tempfile.mkdtemp(prefix="catan-editor-bench-")
    import pygame

    from catan_desktop.ui.app import App

    app = App(size=(w, h))
    app.go("editor", args.variant)
    for _ in range(5):
        app.step([])
    scene = app.top
    surface = app.screen
    ids = scene.session.topology.hex_ids
    terrains = scene.session.terrains
    results = {}
    for phase in ("still", "editing"):
        times = []
        for i in range(args.frames):
            if phase == "editing":
                scene.session.paint(ids[i % len(ids)], terrains[i % len(terrains)])
            start = time.perf_counter()
            scene.draw(surface)
            times.append((time.perf_counter() - start) * 1000)
        times.sort()
        results[phase] = {
            "frames": len(times),
            "median_ms": round(statistics.median(times), 2),
            "p95_ms": round(times[int(len(times) * 0.95) - 1], 2),
            "max_ms": round(times[-1], 2),
        }
    pygame.quit()
    if args.json:
        print(json.dumps({"size": args.size, "variant": args.variant, **results}))
    else:
        print(f"editor draw at {args.size} on {args.variant}, {args.frames} frames a phase")
        for phase, r in results.items():
            print(f"  {phase:<8} median {r['median_ms']:.2f} ms  p95 {r['p95_ms']:.2f} ms  "
                  f"max {r['max_ms']:.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
