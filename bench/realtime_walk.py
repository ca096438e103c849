"""Walk whole games as a player does, in real time (issue 31), and check the screen at every move.

    python bench/realtime_walk.py [--variant base] [--players 4] [--seed 7] [--lang en|pt|it]
                                  [--turns N] [--shots DIR] [--every 10] [--backend x11|sdl]
    python bench/realtime_walk.py --dice [--variant dice-game] ...

The real ``App.run`` loop runs the game screen with computer opponents; the walker plays the first seat
through input only (xdotool under a private Xvfb, or SDL's queue): it reads the screen's state to decide,
then clicks the buttons, glowing spots and dialog buttons, or presses the game's keys, and sends nothing
while the game answers. Before each of its moves it waits for the screen to be still for a second and
compares the frame on screen with the screens drawn afresh (tests/ui/realtime/harness.py). It prints one
line per stale frame, and at the end the moves made, the checks and how many failed. ``--shots`` keeps a
screenshot of every ``--every``-th check (and of every failed one) to look at.

Asserts nothing; long (a whole game is several minutes): a bench, not a test.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests" / "ui" / "realtime"))

import harness  # noqa: E402
from staging import config_for, new_game, open_game  # noqa: E402

DIALOG_LIMIT = 12  # moves in one dialog before the walker gives up on it (Esc)


class Walker:
    def __init__(self, h: harness.Driver, scene: Any, rng: random.Random, turns: int) -> None:
        self.h, self.scene, self.rng, self.turns = h, scene, rng, turns
        self.moves = 0
        self.roads_this_turn = 0
        self.turn_seen = -1
        self.offered_turn = -1
        self.stuck = 0
        self.trace = False
        self.last = ""  # the walker's last input, for the trace

    # ---- what is on screen

    def top(self) -> Any:
        return self.h.app.top

    def name(self) -> str:
        return type(self.top()).__name__

    def quiet(self) -> bool:
        """The game waits for the walker: its turn (or its dialog), nothing moving."""
        sc, top = self.scene, self.top()
        if self.h.animating():
            return False
        if top is not sc:
            return True
        return sc.ctl.human_to_act and sc.ctl.seat_to_act == sc.viewer and not sc.anims

    def signature(self) -> tuple[Any, ...]:
        """What is on screen (the app's signature of the frame it shows, drawing rule of issue 31)."""
        sc = self.scene
        return (sc.ctl.version, len(self.h.app.scenes), id(self.top()), getattr(sc, "mode", None),
                id(self.h.app.drawn_signature))

    # ---- the walk

    def run(self) -> None:
        h = self.h
        while True:
            h.wait_until("the walker's move", lambda: self.quiet() or self.over(), timeout=120)
            if self.over():
                h.checkpoint("game over", lambda: None)
                return
            h.checkpoint(f"move {self.moves}", lambda: None)
            before = self.signature()
            legal = sorted({a.kind for a in self.scene.ctl.legal()}) if self.scene.ctl.human_to_act else []
            what = f"{self.name()} {getattr(self.scene.ctl.game, 'phase', '')} {legal}"
            self.act()
            if self.trace:
                print(f"move {self.moves}: {what} -> {self.last}", flush=True)
            self.moves += 1
            try:
                h.wait_until("the move's answer", lambda b=before: self.signature() != b, timeout=8)
                self.stuck = 0
            except harness.CaseFailed:
                self.stuck += 1
                if self.stuck >= DIALOG_LIMIT:
                    raise
                if self.top() is not self.scene and getattr(self.top(), "cancellable", True):
                    self.key("Escape")

    def over(self) -> bool:
        sc = self.scene
        return self.name() in ("GameOverScene", "StoryScene") or (
            sc.game.turn > self.turns and self.top() is sc and sc.ctl.human_to_act)

    # ---- input (remembered for the trace)

    def key(self, name: str) -> None:
        self.last = f"key {name}"
        self.h.key(name)

    def click(self, pos: tuple[int, int]) -> None:
        self.last = f"click {pos}"
        self.h.click(pos)

    def click_widget(self, widget: Any) -> None:
        self.last = f"click {type(widget).__name__} {getattr(widget, 'text', '')!r}"
        self.h.click_widget(widget)

    # ---- moves

    def act(self) -> None:
        top, sc = self.top(), self.scene
        if top is not sc:
            self.dialog(top)
            return
        g = sc.game
        if g.turn != self.turn_seen:
            self.turn_seen, self.roads_this_turn = g.turn, 0
        kinds = {a.kind for a in sc.ctl.legal()}
        targets = sc.board_targets()
        if g.phase in ("setup_settlement", "setup_road", "robber", "road_building", "place_robber",
                       "remove_token") or any(targets.values()):
            for kind in ("node", "edge", "hex", "token"):
                if targets[kind]:
                    self.click(self.point(kind, self.rng.choice(sorted(targets[kind], key=str))))
                    return
        if "roll" in kinds:
            self.key("r")
        elif g.phase == "main" and "city" in kinds:
            self.build("3", "city")
        elif g.phase == "main" and "settle" in kinds:
            self.build("2", "settlement")
        elif g.phase == "main" and "road" in kinds and self.roads_this_turn < 2:
            self.roads_this_turn += 1
            self.build("1", "road")
        elif g.phase == "main" and "buy" in kinds and self.rng.random() < 0.5:
            self.key("4")
        elif (g.phase == "main" and "offer" in kinds and self.offered_turn != g.turn
              and self.rng.random() < 0.3):
            self.offered_turn = g.turn
            self.key("t")
        elif "end" in kinds:
            self.key("e")
        else:
            self.key("e")

    def build(self, key: str, mode: str) -> None:
        self.key(key)
        self.h.wait_until("the build mode", lambda: self.scene.mode == mode, timeout=5)

    def point(self, kind: str, index: Any) -> tuple[int, int]:
        sc = self.scene
        layout = sc.layout
        if kind == "token":
            return tuple(int(v) for v in layout.hex_center(index[0]))  # type: ignore[return-value]
        where = {"node": layout.node_pos, "edge": layout.edge_mid, "hex": layout.hex_center}[kind]
        x, y = where(index)
        return (int(x), int(y))

    def dialog(self, top: Any) -> None:
        name = type(top).__name__
        h = self.h
        if name == "PassDeviceScene":
            self.click((h.app.size[0] // 2, h.app.size[1] // 2))
            return
        if name == "PauseScene":
            self.key("Escape")  # back to the game
            return
        from pygame_gui.elements import UIButton

        actions = [b for b in getattr(top, "actions", ()) if isinstance(b, UIButton)]
        if not actions and hasattr(top, "ui"):
            actions = [b for b in top.ui.get_sprite_group().sprites() if isinstance(b, UIButton)]
        if not actions:
            self.key("Escape")
            return
        buttons = sorted((b for b in actions if b.visible and b.alive()), key=lambda b: (b.rect.y, b.rect.x))
        enabled = [b for b in buttons if b.is_enabled]
        stepper = getattr(top, "stepper", None) or getattr(top, "give", None)
        if name == "TradeDialog":
            self.offer(top)
            return
        if name == "AnswerOfferDialog":  # accept (the first of the bottom row) half the time, else decline
            bottom = [b for b in buttons if b.rect.y == buttons[-1].rect.y]
            accept = bottom[0].is_enabled and self.rng.random() < 0.5
            self.click_widget(bottom[0] if accept or len(bottom) < 2 else bottom[1])
            return
        if name == "TradeAnswersDialog":  # trade with the first who accepts, else withdraw (the last button)
            partners = [b for b in enabled if b is not buttons[-1]]
            self.click_widget(partners[0] if partners else buttons[-1])
            return
        if stepper is not None and hasattr(top, "amount") and sum(stepper.values) < top.amount:
            plus = [b for b in buttons if getattr(b, "text", "") == "+"]
            limits = stepper.limits
            room = [k for k, i in enumerate(stepper.order) if stepper.values[i] < limits[i]]
            if plus and room:
                k = max(room, key=lambda k: limits[stepper.order[k]] - stepper.values[stepper.order[k]])
                self.click_widget(plus[k])
                return
        primary = [b for b in enabled if "#primary" in str(getattr(b, "object_ids", ""))]
        choice = (primary or [b for b in enabled if getattr(b, "text", "") not in ("+", "−")] or enabled)
        if choice:
            self.click_widget(choice[0])
        else:
            self.key("Escape")

    def offer(self, dialog: Any) -> None:
        """One of the cards held most for one held least, then Offer (or Cancel when it cannot be)."""
        h, g = self.h, self.scene.ctl.game
        names = g.rules.resources
        hand = list(dialog.view.hand)
        plus = sorted((b for b in dialog.actions if getattr(b, "text", "") == "+"),
                      key=lambda b: (b.rect.y, b.rect.x))
        order = dialog.give.order
        give = max(range(len(names)), key=lambda i: hand[i])
        get = min(range(len(names)), key=lambda i: hand[i])
        if hand[give] and give != get and len(plus) >= 2 * len(order):
            self.click_widget(plus[order.index(give)])
            self.click_widget(plus[len(order) + order.index(get)])
            h.still(0.2)
        if dialog.ok.is_enabled:
            self.click_widget(dialog.ok)
        else:
            self.key("Escape")


class DiceWalker(Walker):
    """The Catan Dice Game: roll up to three times, build what glows, end the turn."""

    def quiet(self) -> bool:
        sc, top = self.scene, self.top()
        if self.h.animating():
            return False
        return top is not sc or (sc.ctl.human_to_act and not sc.rolling())

    def over(self) -> bool:
        return self.name() == "DiceOverScene"

    def act(self) -> None:
        sc, top = self.scene, self.top()
        if top is not sc:
            self.dialog(top)
            return
        lit = sorted(sc.buildable())
        if lit:
            spot = next(p for p in sc.spots() if p.id == lit[0])
            self.click(spot.centre)
        elif sc.buttons["roll"].is_enabled and (sc.view.phase == "roll" or self.rng.random() < 0.5):
            self.key("r")
        else:
            self.key("e")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="base")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--lang", default="en")
    ap.add_argument("--turns", type=int, default=10_000, help="stop after this turn (default: the end)")
    ap.add_argument("--dice", action="store_true", help="a Catan Dice Game (--variant dice-game or -plus)")
    ap.add_argument("--speed", default="fast", choices=("slow", "normal", "fast", "instant"))
    ap.add_argument("--shots", type=Path)
    ap.add_argument("--every", type=int, default=10)
    ap.add_argument("--backend", choices=("x11", "sdl"))
    ap.add_argument("--timeout", type=float, default=3600)
    ap.add_argument("--trace", action="store_true", help="print each move of the walker")
    args = ap.parse_args()
    import os

    backend = harness.choose_backend(args.backend)
    home = Path(tempfile.mkdtemp(prefix="catan-walk-"))
    os.environ["CATAN_DESKTOP_LANG"] = args.lang
    if args.shots is not None:
        os.environ["CATAN_REALTIME_SHOTS_ALL"] = ""
    server = harness.prepare_environment(backend, home)
    rng = random.Random(args.seed)
    counter = {"n": 0}

    def setup(app: Any) -> Any:
        if args.dice:
            from catan_desktop.ui.scenes.dice_demo import demo_config, stage_dice_game

            app.settings.animation_speed = args.speed
            variant = args.variant if args.variant.startswith("dice") else "dice-game"
            return stage_dice_game(app, demo_config(variant, args.players, args.seed), turns=0, rolls=0)
        config = config_for(args.variant, args.players, args.seed)
        return open_game(app, config, new_game(config), speed=args.speed)

    def script(h: harness.Driver, scene: Any) -> None:
        original = h.checkpoint

        def counted(label: str, expect: Any = None, settle: float = harness.SETTLE) -> bool:
            counter["n"] += 1
            keep = args.shots is not None and counter["n"] % args.every == 0
            if keep:
                os.environ["CATAN_REALTIME_SHOTS_ALL"] = "1"
            ok = original(label, expect, settle)
            os.environ["CATAN_REALTIME_SHOTS_ALL"] = ""
            if not ok:
                print(f"STALE {h.checks[-1].label}: {h.checks[-1].detail}", flush=True)
            return ok

        h.checkpoint = counted  # type: ignore[method-assign]
        walker = (DiceWalker if args.dice else Walker)(h, scene, rng, args.turns)
        walker.trace = args.trace
        try:
            walker.run()
        finally:
            print(f"moves {walker.moves}, turn {getattr(scene.ctl.game, 'turn', '?')}", flush=True)

    case = harness.Case("walk", setup, script, timeout=args.timeout)
    started = time.perf_counter()
    try:
        report = harness.run_case(case, backend, args.shots)
    finally:
        if server is not None:
            server.close()
    failed = [c for c in report["checks"] if not c["ok"]]
    print(f"{args.variant} {args.lang} seed {args.seed} ({backend}): {len(report['checks'])} checks, "
          f"{len(failed)} stale or wrong, {time.perf_counter() - started:.0f} s")
    if report["error"]:
        print("stopped:", report["error"].strip().splitlines()[-1])
    return 0


if __name__ == "__main__":
    sys.exit(main())
