"""Render benchmark for the game screen (issue: desktop game). Prints figures; asserts nothing.

    python bench/render.py [--frames 300] [--size 1920x1080] [--idle-seconds 5] [--startup-runs 5]
                           [--variant base|base-5-6|catan-a-dois]

1. Frame time: a late-game board (turn ~120, many roads and cities) in the real GameScene, headless (SDL dummy
   driver), full redraws (the scene marked dirty every frame), with the mouse moving over the board so the
   hover preview changes. Prints median and 95th percentile ms per frame. With --variant other than base,
   the position is turn ~40 of a game between normal computer players (Catan a Dois: with its market, bank
   and reserve panels and developed hexes), the board as they built it.
2. Idle CPU: the real main loop (App.run) on the game screen while the human is to act and nothing moves,
   for N seconds: process CPU time / wall time, as % of one core.
3. Start-up: bench/startup.py's measurement (process start to the first menu frame), median of N runs.
Goals (issue): median frame <= 4 ms, idle CPU <= 2 % of a core, start-up <= 1 s.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("CATAN_DESKTOP_HOME", tempfile.mkdtemp(prefix="catan-bench-"))


def late_game_scene(size: tuple[int, int], variant: str = "base"):  # type: ignore[no-untyped-def]
    from catan_desktop.ui.app import App
    from catan_desktop.ui.config import GameConfig
    from catan_desktop.ui.scenes.game import GameScene

    app = App(size=size)
    app.settings.animation_speed = "instant"
    if variant != "base":
        return bot_game_scene(app, variant)
    config = GameConfig.default(4)
    config.seed = 4
    config.vp_target = 20  # let the board fill up without the game ending
    scene = GameScene(app, config)
    app.push(scene)
    g = scene.ctl.game
    rng = __import__("random").Random(4)
    while g.turn < 160 and not g.is_over:  # build whenever possible: a crowded late-game board
        legal = g.legal_actions()
        builds = [a for a in legal if a.kind in ("settle", "city")] or [
            a for a in legal if a.kind == "road" and rng.random() < 0.8
        ]
        action = (
            rng.choice(builds) if builds else rng.choice([a for a in legal if a.kind != "offer"] or legal)
        )
        scene.ctl.apply(action)
    crowd_the_board(scene)
    g = scene.ctl.game
    scene.log_lines = []
    for ev in g.log[-60:]:
        scene._log_event(ev)
    scene._refresh_log(full=True)
    while not (g.current_player == 0 and g.phase in ("main", "roll")):
        seat = g.current_player
        bot = scene.ctl.bots.get(seat)
        action = bot.choose(g, seat) if bot else next(a for a in g.legal_actions() if a.kind != "offer")
        scene.ctl.apply(action)
    scene._ui_state = None
    app.step([])
    return app, scene


def bot_game_scene(app, variant: str):  # type: ignore[no-untyped-def]
    """A variant's game at turn ~40, every seat played by a normal computer, then the human's turn."""
    from catan_desktop.ai import create_bot
    from catan_desktop.engine import load_rules
    from catan_desktop.ui.config import GameConfig
    from catan_desktop.ui.scenes.game import GameScene

    config = GameConfig.default(load_rules(variant).players_max)
    config.variant, config.seed, config.vp_target = variant, 4, 20
    scene = GameScene(app, config)
    app.push(scene)
    g = scene.ctl.game
    bots = [create_bot("normal", seed=4 + i) for i in range(g.players)]
    while not g.is_over and not (g.turn >= 40 and g.current_player == 0 and g.phase in ("main", "roll")):
        scene.ctl.apply(bots[g.current_player].choose(g, g.current_player))
    scene.log_lines = []
    for ev in g.log[-60:]:
        scene._log_event(ev)
    scene._refresh_log(full=True)
    scene._ui_state = None
    app.step([])
    return app, scene


def crowd_the_board(scene) -> None:  # type: ignore[no-untyped-def]
    """Add buildings (distance rule kept) and roads until each player is near the piece limits."""
    import json

    from catan_desktop.engine import Game

    g = scene.ctl.game
    data = json.loads(g.to_json())
    topo = g.topo
    owner = {b[0]: b[1] for b in data["buildings"]}
    counts = [sum(1 for b in data["buildings"] if b[1] == p) for p in range(4)]
    seat = 0
    for n in range(topo.num_nodes):
        if n in owner or any(m in owner for m in topo.node_neighbours[n]):
            continue
        while counts[seat] >= 8 and min(counts) < 8:
            seat = (seat + 1) % 4
        if min(counts) >= 8:
            break
        kind = (
            "city"
            if sum(1 for b in data["buildings"] if b[1] == seat and b[2] == "city") < 4
            else "settlement"
        )
        data["buildings"].append([n, seat, kind])
        owner[n] = seat
        counts[seat] += 1
        seat = (seat + 1) % 4
    roads = {r[0] for r in data["roads"]}
    per_seat = [sum(1 for r in data["roads"] if r[1] == p) for p in range(4)]
    for n, p in owner.items():
        for e in topo.node_edges[n]:
            if e not in roads and per_seat[p] < 13:
                data["roads"].append([e, p])
                roads.add(e)
                per_seat[p] += 1
                break
    # a crowded board to time the drawing, not necessarily a position play could reach: not checked
    scene.ctl.game = Game.from_data(data, rules=g.rules, check=False)


def frame_times(frames: int, size: tuple[int, int], variant: str) -> tuple[float, float, int, int]:
    import pygame

    app, scene = late_game_scene(size, variant)
    g = scene.ctl.game
    board = scene.regions()["board"]
    times = []
    for i in range(frames):
        x = board.x + (i * 37) % board.w
        y = board.y + (i * 53) % board.h
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=(0, 0, 0)))
        for event in pygame.event.get():
            app.handle(event)
        app.update(1 / 60)
        app.mark_dirty()
        t0 = time.perf_counter()
        app.draw()
        times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    buildings = sum(1 for o in g.s.node_owner if o >= 0)
    roads = sum(1 for o in g.s.edge_owner if o >= 0)
    return statistics.median(times), times[int(0.95 * len(times)) - 1], buildings, roads


def idle_cpu(seconds: float, size: tuple[int, int], variant: str) -> tuple[float, int]:
    import pygame

    app, scene = late_game_scene(size, variant)
    app.last_input = 0.0
    for _ in range(3):
        app.step([])
    frames_before = app.frames
    pygame.time.set_timer(pygame.QUIT, int(seconds * 1000), loops=1)
    cpu0, wall0 = time.process_time(), time.perf_counter()
    app.run()
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    return 100.0 * cpu / wall, app.frames - frames_before


def startup(runs: int) -> str:
    script = Path(__file__).with_name("startup.py")
    if not script.exists():
        return "bench/startup.py not found"
    out = subprocess.run(
        [sys.executable, str(script), "--runs", str(runs)], capture_output=True, text=True, timeout=600
    )
    return (out.stdout or out.stderr).strip()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--idle-seconds", type=float, default=5.0)
    parser.add_argument("--startup-runs", type=int, default=5)
    parser.add_argument("--variant", default="base", help="base (a crowded board) or another variant")
    args = parser.parse_args()
    w, _, h = args.size.partition("x")
    size = (int(w), int(h))
    print(f"Python {sys.version.split()[0]}; window {size[0]}x{size[1]} (SDL dummy driver); {args.variant}")
    med, p95, buildings, roads = frame_times(args.frames, size, args.variant)
    print(
        f"frame time, {args.variant} board ({buildings} buildings, {roads} roads), "
        f"{args.frames} full redraws: "
        f"median {med:.2f} ms, p95 {p95:.2f} ms   (goal: median <= 4 ms)"
    )
    cpu, frames = idle_cpu(args.idle_seconds, size, args.variant)
    print(
        f"idle CPU on the game screen over {args.idle_seconds:.0f} s: {cpu:.2f} % of one core, "
        f"{frames} frames drawn   (goal: <= 2 %)"
    )
    print("start-up to the first menu frame:")
    print("  " + startup(args.startup_runs).replace("\n", "\n  "))
    return 0


if __name__ == "__main__":
    sys.exit(main())
