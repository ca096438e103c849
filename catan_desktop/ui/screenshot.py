"""Render one scene headless to a PNG: ``catan-desktop screenshot --scene game OUT.png`` (README images)."""

from __future__ import annotations

import os
import random
import tempfile
from pathlib import Path
from typing import Any

# the command line's --scene choices (a contract); "market", "favours" and "helper" are the add-ons' own
# scenes (``AddonUI.SHOWCASE``), staged by their screen parts
SCENES = ("menu", "setup", "variants", "online", "lobby", "editor", "game", "trade", "answers",
          "special_build", "market", "gameover", "story", "replay", "favours", "helper", "dice")


def _play_to(scene, turns: int, seed: int, until_special_build: bool = False) -> None:  # type: ignore[no-untyped-def]
    """Advance a game scene's game with random legal moves (all seats) to a mid-game position (and, if
    asked, on to a special building phase where the human, seat 0, may build)."""
    from ..ai import RandomBot, create_bot

    g = scene.ctl.game
    if any(part.STAGED_BY_COMPUTERS for part in scene.addons):
        # random moves would not make the mid-game a player sees (Catan a Dois's economy collapses, D-5.4;
        # on a scenario map roads seldom reach a town, S-3.2): computer players make it
        bots = [create_bot("normal", seed * 31 + i) for i in range(g.players)]
    else:
        bots = [RandomBot(seed * 31 + i) for i in range(g.players)]
    rng = random.Random(seed)

    def more() -> bool:
        if g.is_over:
            return False
        if g.turn < turns:
            return True
        return until_special_build and not (g.phase == "special_build" and g.current_player == 0)

    while more():
        legal = g.legal_actions()
        builds = [a for a in legal if a.kind in ("settle", "city", "road")]
        action = (
            rng.choice(builds)
            if builds and rng.random() < 0.7
            else bots[g.current_player].choose(g, g.current_player)
        )
        scene.ctl.apply(action)
    scene.relog()
    scene.settle()


def _offer_and_collect_answers(scene: Any) -> None:
    from ..engine import Action, make_bundle

    ctl = scene.ctl
    g = ctl.game
    hand = g.hand(0)
    give = max(hand, key=lambda r: hand[r])
    get = min(hand, key=lambda r: hand[r])
    if not hand[give] or give == get:
        return
    ctl.apply(Action("offer", make_bundle({give: 1}), make_bundle({get: 1})))
    while g.phase == "trade_offer":
        ctl.start_bot_move()
        action = None
        while action is None:
            action = ctl.poll_bot_move()
        ctl.apply(action)
        g = ctl.game
    scene.settle()


def screenshot(
    scene_name: str,
    out: str | Path,
    variant: str = "base",
    seed: int = 1,
    size: tuple[int, int] = (1920, 1080),
    keep: dict[str, object] | None = None,
) -> Path:
    """Render ``scene_name`` at ``size`` and save it as PNG; returns the path. Raises ValueError.
    ``keep``, if given, receives the app (``"app"``), the game screen (``"game"``) and the function that
    closes them (``"close"``: the screens' threads and hosts stop), for tests; without it they are closed
    once the picture is saved."""
    if scene_name not in SCENES:
        raise ValueError(f"unknown scene {scene_name!r}; choose one of {', '.join(SCENES)}")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("CATAN_DESKTOP_HOME", tempfile.mkdtemp(prefix="catan-shot-"))
    import pygame

    from .app import App
    from .config import GameConfig

    app = App(size=size)
    app.settings.animation_speed = "instant"
    others: list[Any] = []  # ports staged beside the screens (the lobby's friend), closed with them
    if scene_name == "dice":  # the Catan Dice Game in the middle of a game, the dice rolled
        from .scenes.dice_demo import dice_variant, stage_demo

        keep_scene = stage_demo(app, dice_variant(variant), seed)
        if keep is not None:
            keep["game"] = keep_scene
    from ..engine import Action, load_rules
    from .scenes.addon_ui import showcases

    rules = load_rules(variant if scene_name != "dice" else "base")
    shown = showcases().get(scene_name)  # an add-on's dialog
    if shown is not None and shown.MODULE not in rules.modules:
        raise ValueError(f"--scene {scene_name} needs a variant with the {shown.MODULE} module"
                         + "".join(f" (--variant {v})" for v in _variant_with(shown.MODULE)))
    config = GameConfig.default(rules.players_max)
    config.variant, config.seed = variant, seed
    if scene_name == "dice":
        pass
    elif scene_name == "menu":
        from .scenes.menu import MenuScene

        app.push(MenuScene(app))
    elif scene_name == "setup":
        from .scenes.new_game import NewGameScene

        app.push(NewGameScene(app, variant=variant))
    elif scene_name == "online":  # Play over the network: join and host
        app.go("online")
    elif scene_name == "lobby":  # hosting here: a friend joined and said hello, two computers wait
        others.append(_stage_lobby(app, variant))
    elif scene_name == "editor":  # the board editor on --variant's board: numbers being given; on a map,
        app.go("editor", variant)  # a starred place chosen (its name and marks on the left)
        editor = app.top
        if editor.session.is_map:
            editor.choose("place")
            topo = editor.session.topology
            editor.select_place(min(topo.marked("chips"), default=0))
        else:
            editor.choose("number")
    elif scene_name == "variants":  # Scenarios & variants with --variant chosen: its board, players, target
        from .scenes.variants import VariantsScene

        picker = VariantsScene(app)
        app.push(picker)
        app.step([])
        chosen = [i for i, v in enumerate(picker.variants) if v.name == variant]
        if chosen:
            picker.choose(chosen[0])
    else:
        from .scenes.game import GameScene

        # the human plays seat 0; the others are computers, which we drive here with random moves
        scene = GameScene(app, config)
        app.push(scene)
        if keep is not None:
            keep["game"] = scene
        if scene_name in ("gameover", "story", "replay"):
            _play_to(scene, 10_000, seed)
        else:
            rounds = max([6] + [part.STAGING_ROUNDS for part in scene.addons])
            turns = max(24, rounds * config.players)  # 6 rounds of 4 (or more players)
            _play_to(scene, turns, seed, until_special_build=scene_name == "special_build")
        if (scene_name in ("trade", "answers") or shown is not None) and not scene.ctl.game.is_over:
            from .scenes.trade_dialogs import TradeDialog

            g = scene.ctl.game

            def roll_first() -> None:  # a dialog of the main phase: seat 0 rolls first
                if g.phase == "roll":
                    scene.show_events(scene.ctl.apply(Action("roll")))  # its log lines and dice
                    scene.settle()  # the roll shown settled, and the buttons after it, before a dialog
                    app.step([])

            early = shown is not None and shown.SHOWCASE_FROM_ROLL
            stop = ("roll", "main") if early else ("main",)  # an add-on's dialog: before seat 0 acts
            while not (g.phase in stop and g.current_player == 0) and not g.is_over:
                scene.show_events(scene.ctl.apply(
                    scene.ctl.bots[g.current_player].choose(g, g.current_player)
                    if g.current_player in scene.ctl.bots
                    else random.Random(seed).choice(
                        [a for a in g.legal_actions() if a.kind != "end"] or g.legal_actions()
                    )
                ))
            scene.settle()
            app.step([])
            if scene_name == "trade":
                app.push(TradeDialog(app, scene.port, scene.kit))
            elif shown is not None:  # the add-on's dialog, after seat 0's roll
                roll_first()
                scene.kit.addon(shown.MODULE).showcase()
            else:  # offer one of our most plentiful cards for one we lack; the computers answer with reasons
                _offer_and_collect_answers(scene)
        for _ in range(3):
            app.step([])
        if scene_name in ("gameover", "story", "replay"):
            import time

            scene.over_at = time.perf_counter() - 10
            for _ in range(5):
                app.step([])
            if scene_name == "story":  # the Game over screen's The story button
                app.top.open_story()
            elif scene_name == "replay":  # its Replay button, then a turn in the middle of the game
                app.top.open_replay()
                replay = app.top
                replay.go(replay.timeline.turn_start(replay.timeline.final.turn // 2))
            for _ in range(3):
                app.step([])
    app.mark_dirty()
    app.step([])
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.screen, str(out))

    def close() -> None:
        """The screens exit (a hosted table stops, Play online stops listening) and staged ports leave."""
        app.close(len(app.scenes))
        for port in others:
            port.close()

    if keep is not None:  # the caller looks at the screens first, then calls keep["close"]
        keep["app"], keep["close"] = app, close
    else:
        close()
    return out


def _variant_with(module: str) -> list[str]:
    """The first shipped rule file whose games use rule module ``module`` ([] when none does)."""
    from ..engine import load_rules
    from ..variants import RuleFileError, list_variants

    for info in list_variants():
        try:
            if not info.own and not info.error and module in load_rules(info.name).modules:
                return [info.name]
        except RuleFileError:
            continue
    return []


def _stage_lobby(app: Any, variant: str) -> Any:
    """The lobby of a table hosted here on 127.0.0.1 (a free port): you, a friend who is ready and
    greeted the table, and two computers."""
    import time

    from ..net.client import NetClient
    from ..net.host import Host, HostThread
    from ..net.table import Seat, TableConfig
    from .remote_port import RemotePort

    host = Host()
    host.add_table(TableConfig("table-1", variant, [Seat("person"), Seat("person"), Seat("computer"),
                                                    Seat("computer", level="hard")]))
    thread = HostThread(host).start()
    url = f"ws://127.0.0.1:{thread.port}"
    mine = RemotePort(NetClient(url, "table-1", "You").start())
    mine.hosting = thread
    end = time.monotonic() + 5
    while time.monotonic() < end and mine.lobby is None:
        mine.drain()
        time.sleep(0.01)
    friend = RemotePort(NetClient(url, "table-1", "Bea").start())
    while time.monotonic() < end and not (mine.lobby and mine.lobby["seats"][1]["taken"]):
        mine.drain()
        time.sleep(0.01)
    friend.set_ready(True)
    friend.say("Hi! Ready when you are.")
    while time.monotonic() < end and not mine.chat:
        mine.drain()
        time.sleep(0.01)
    app.go("lobby", mine, thread.port)
    app.step([])
    return friend
