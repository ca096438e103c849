"""``catan-desktop --self-test``: check that an installation (checkout, wheel or frozen bundle) works.

It loads every rule file and every asset listed in ``assets/manifest.json``, opens the window off-screen
and draws each screen once, plays one short computer-only game, and saves and reloads a game. It never
touches the player's files: settings, saves and logs go to a fresh temporary folder
(``CATAN_DESKTOP_HOME``) that is deleted afterwards. Unless a display is asked for (``SDL_VIDEODRIVER``
already set), SDL's dummy video and audio drivers are used, so it also runs on a machine without a
screen or sound card.

One line is printed per check (``ok   rules: 1 file(s)`` or ``FAIL scenes/game: <error>``), then a
summary; ``CATAN_DESKTOP_SELF_TEST_VERBOSE=1`` adds each failure's traceback. The return value is the
process exit code: 0 when every check passed, else 1.
"""

from __future__ import annotations

import json
import os
import platform
import random
import shutil
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TextIO

from .i18n import _, ngettext

_ENV_KEYS = ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER", "CATAN_DESKTOP_HOME", "PYGAME_HIDE_SUPPORT_PROMPT")


class _Checks:
    """Runs named checks, each in its own try block, and prints one line per check."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.passed = 0
        self.failed: list[str] = []

    def run(self, name: str, check: Callable[[], str | None]) -> Any:
        start = time.perf_counter()
        try:
            detail = check()
        except Exception as exc:  # noqa: BLE001 - every failure is reported, none stops the others
            self.fail(name, exc)
            return False
        self.passed += 1
        took = time.perf_counter() - start
        text = f"ok   {name}" + (f": {detail}" if detail else "") + f" ({took:.2f} s)"
        self._print(text)
        return True

    def fail(self, name: str, exc: BaseException) -> None:
        self.failed.append(name)
        self._print(f"FAIL {name}: {_one_line(exc)}")
        if os.environ.get("CATAN_DESKTOP_SELF_TEST_VERBOSE"):
            traceback.print_exception(exc, file=self.out)

    def info(self, text: str) -> None:
        self._print(f"     {text}")

    def _print(self, text: str) -> None:
        print(text, file=self.out, flush=True)


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or "(no message)"
    if len(text) > 300:
        text = text[:297] + "..."
    return f"{type(exc).__name__}: {text}"


@contextmanager
def _sandbox() -> Iterator[Path]:
    """Dummy SDL drivers (unless a display was asked for) and a private, temporary home folder."""
    saved = {key: os.environ.get(key) for key in _ENV_KEYS}
    home = Path(tempfile.mkdtemp(prefix="catan-selftest-"))
    if not os.environ.get("SDL_VIDEODRIVER"):
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"  # no window: no sound either
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ["CATAN_DESKTOP_HOME"] = str(home)
    try:
        yield home
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        shutil.rmtree(home, ignore_errors=True)


def run_self_test(out: TextIO | None = None) -> int:
    """Run every check, print the results to ``out`` (default stdout); return 0 if all passed, else 1."""
    out = out if out is not None else sys.stdout
    started = time.perf_counter()
    checks = _Checks(out)
    with _sandbox() as home:
        try:
            import pygame
        except ImportError:
            pygame = None  # reported by the checks that need it
        was_initialised = pygame is not None and pygame.get_init()
        try:
            _run_all(checks, home)
        finally:
            if pygame is not None and not was_initialised:
                pygame.quit()  # leave pygame as found (the tests run this in-process)
    total = time.perf_counter() - started
    if checks.failed:
        failed, run = len(checks.failed), checks.passed + len(checks.failed)
        print(
            ngettext("self-test FAILED: {failed} of {run} checks failed ({names}) in {seconds:.1f} s",
                     "self-test FAILED: {failed} of {run} checks failed ({names}) in {seconds:.1f} s",
                     run, failed=failed, run=run, names=", ".join(checks.failed), seconds=total),
            file=out,
            flush=True,
        )
        return 1
    passed = ngettext("self-test passed: {n} check in {seconds:.1f} s",
                      "self-test passed: {n} checks in {seconds:.1f} s", checks.passed,
                      n=checks.passed, seconds=total)
    print(passed, file=out, flush=True)
    return 0


def _run_all(checks: _Checks, home: Path) -> None:
    from . import __version__, paths

    frozen = _("frozen bundle") if getattr(sys, "frozen", False) else "Python"
    checks.info(
        f"Catan Desktop {__version__} ({frozen}), Python {platform.python_version()} on {platform.platform()}"
    )
    try:
        import pygame

        checks.info(
            f"pygame-ce {pygame.version.ver}, SDL {'.'.join(map(str, pygame.get_sdl_version()))}, "
            f"video driver {os.environ.get('SDL_VIDEODRIVER')}, home {home}"
        )
    except Exception as exc:  # noqa: BLE001
        checks.info(f"pygame: {_one_line(exc)}")

    def locate() -> str:
        return _("rules {rules}, assets {assets}", rules=paths.rules_dir(), assets=paths.assets_dir())

    checks.run("data folders", locate)
    checks.run("rules", _check_rules)
    for name, section in (("assets", _check_assets), ("scenes", _check_scenes)):
        try:
            section(checks)
        except Exception as exc:  # noqa: BLE001 - e.g. a missing library: report it, run the rest
            checks.fail(name, exc)
    checks.run("game", _check_game)
    checks.run("saves", _check_saves)
    checks.run("languages", _check_languages)


# ------------------------------------------------------------------------------------------------ rules


def _check_rules() -> str:
    from .paths import rules_dir
    from .variants import RuleFileError, list_variants, load_rule_file

    files = sorted(rules_dir().glob("*.yaml"))
    if not files:
        raise FileNotFoundError(f"no rule files in {rules_dir()}")
    problems: list[str] = []
    for path in files:
        try:
            load_rule_file(path)
        except RuleFileError as exc:
            problems.append(f"{path.name}: {exc}")
    if problems:
        raise ValueError("; ".join(problems))
    names = [info.name for info in list_variants() if not info.own]  # the shipped ones
    if "base" not in names:
        raise ValueError(f"the base game is missing (found {names})")
    n = len(files)
    return ngettext("{n} file ({names})", "{n} files ({names})", n, n=n, names=", ".join(names))


# ----------------------------------------------------------------------------------------------- assets


def _manifest() -> dict[str, dict[str, Any]]:
    from .paths import assets_dir

    data = json.loads((assets_dir() / "manifest.json").read_text(encoding="utf-8"))
    files = data["files"]
    if not isinstance(files, dict) or not files:
        raise ValueError("manifest.json lists no files")
    return files


def _image_name(rel: str) -> str:
    """``sprites/terrain/forest.png`` -> ``terrain/forest``; ``icon/app_64.png`` -> ``icon/app_64``."""
    stem = rel.rsplit(".", 1)[0]
    return stem.removeprefix("sprites/")


def _ico_sizes(path: Path) -> list[tuple[int, int]]:
    """Decode every image in a Windows .ico (PNG or BMP entries); return their sizes.

    SDL_image cannot read PNG-compressed .ico entries (the usual kind for 256 px), so this reads the
    directory itself and decodes PNG entries with pygame; BMP entries are checked for their header.
    """
    import io
    import struct

    import pygame

    data = path.read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    if reserved != 0 or kind != 1 or count == 0:
        raise ValueError("not an icon file")
    sizes: list[tuple[int, int]] = []
    for i in range(count):
        w, h, _c, _r, _planes, _bpp, size, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        w, h = w or 256, h or 256
        blob = data[offset : offset + size]
        if len(blob) != size or size == 0:
            raise ValueError(f"entry {i} ({w}x{h}) runs past the end of the file")
        if blob.startswith(b"\x89PNG\r\n\x1a\n"):
            got = pygame.image.load(io.BytesIO(blob), "entry.png").get_size()
            if got != (w, h):
                raise ValueError(f"entry {i} says {w}x{h} but holds a {got[0]}x{got[1]} PNG")
        elif struct.unpack_from("<I", blob, 0)[0] != 40:
            raise ValueError(f"entry {i} ({w}x{h}) is neither PNG nor a BMP")
        sizes.append((w, h))
    return sizes


def _check_assets(checks: _Checks) -> None:
    import pygame

    from .render.assets import FONT_BOLD, FONT_REGULAR, FONT_TITLE, Assets

    state: dict[str, Any] = {}

    def manifest() -> str:
        from .paths import assets_dir

        files = _manifest()
        state["files"] = files
        missing = [rel for rel in files if not (assets_dir() / rel).is_file()]
        if missing:
            raise FileNotFoundError(f"{len(missing)} listed file(s) missing: {', '.join(missing[:8])}")
        return ngettext("{n} file listed, present", "{n} files listed, all present", len(files), n=len(files))

    if not checks.run("assets/manifest", manifest):
        return
    files: dict[str, dict[str, Any]] = state["files"]
    assets = Assets()

    def of_type(*kinds: str) -> list[str]:
        return sorted(rel for rel, entry in files.items() if entry.get("type") in kinds)

    def images() -> str:
        names = of_type("image")
        bad: list[str] = []
        for rel in names:
            try:
                surf = assets.image(_image_name(rel))
                size = files[rel].get("size")
                if size and list(surf.get_size()) != list(size):
                    bad.append(f"{rel} is {surf.get_size()}, manifest says {tuple(size)}")
            except Exception as exc:  # noqa: BLE001
                bad.append(f"{rel}: {_one_line(exc)}")
        for rel in of_type("icon"):  # the Windows .ico, read entry by entry
            try:
                found = _ico_sizes(assets.root / rel)
                wanted = {tuple(size) for size in files[rel].get("size") or []}
                if wanted and set(found) != wanted:
                    bad.append(f"{rel} holds {sorted(found)}, manifest says {sorted(wanted)}")
            except Exception as exc:  # noqa: BLE001
                bad.append(f"{rel}: {_one_line(exc)}")
        if bad:
            raise ValueError("; ".join(bad[:6]) + (f" (+{len(bad) - 6} more)" if len(bad) > 6 else ""))
        return _("images: {images}, icons: {icons}", images=len(names), icons=len(of_type("icon")))

    def fonts() -> str:
        listed = of_type("font")
        known = {FONT_REGULAR: (False, False), FONT_BOLD: (True, False), FONT_TITLE: (False, True)}
        for rel in listed:
            if rel in known:
                bold, title = known[rel]
                font = assets.font(18, bold=bold, title=title)
            else:
                if not pygame.font.get_init():
                    pygame.font.init()
                font = pygame.font.Font(str(assets.root / rel), 18)
            if font.size("Catan")[0] <= 0:
                raise ValueError(f"{rel} renders nothing")
        unlisted = sorted(set(known) - set(listed))
        if unlisted:
            raise ValueError(f"fonts the game uses are not in the manifest: {', '.join(unlisted)}")
        return _("fonts: {n}", n=len(listed))

    def sounds() -> str:
        listed = of_type("sound")
        note = ""
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
        except pygame.error as exc:
            note = _(" (no audio device: {problem}; files checked only)", problem=exc)
        music = [rel for rel in listed if rel.endswith(".ogg")]  # streamed, so only opened here
        for rel in listed:
            if rel in music:
                if not (assets.root / rel).is_file():
                    raise FileNotFoundError(rel)
                if pygame.mixer.get_init():
                    pygame.mixer.music.load(str(assets.root / rel))
                    pygame.mixer.music.unload()
                continue
            name = rel.removeprefix("sounds/").rsplit(".", 1)[0]
            sound = assets.sound(name)
            if sound is None:
                if not (assets.root / rel).is_file():
                    raise FileNotFoundError(rel)
            elif sound.get_length() <= 0:
                raise ValueError(f"{rel} is empty")
        sounds = len(listed) - len(music)
        return _("sounds: {sounds}, music tracks: {music}", sounds=sounds, music=len(music)) + note

    def theme() -> str:
        data = assets.theme()
        missing: list[str] = []

        def walk(node: Any) -> None:
            if isinstance(node, dict):
                for key, value in node.items():
                    if isinstance(value, str) and key.endswith("_path") and value:
                        if not Path(value).is_file():
                            missing.append(value)
                    else:
                        walk(value)
            elif isinstance(node, list):
                for value in node:
                    walk(value)

        walk(data)
        if missing:
            raise FileNotFoundError(f"the theme names missing files: {', '.join(sorted(set(missing)))}")
        for rel in of_type("json", "theme"):
            json.loads((assets.root / rel).read_text(encoding="utf-8"))
        return _("theme blocks: {n}", n=len(data))

    checks.run("assets/images", images)
    checks.run("assets/fonts", fonts)
    checks.run("assets/sounds", sounds)
    checks.run("assets/theme", theme)


# ----------------------------------------------------------------------------------------------- scenes


def _check_scenes(checks: _Checks) -> None:
    state: dict[str, Any] = {}

    def make_app() -> str:
        from .ui.app import App

        app = App(size=(1280, 720))
        app.set_music_volume(0)  # a check, not a concert: the music fades out before it is heard
        state["app"] = app
        return _("{width}x{height}, {surface} on {driver}", width=app.size[0], height=app.size[1],
                 surface=type(app.screen).__name__, driver=_driver())

    if not checks.run("window", make_app):
        return
    app = state["app"]

    def show(make: Callable[[], Any]) -> Callable[[], str | None]:
        """Construct a scene, push it, draw one frame, pop it (whatever happened)."""

        def check() -> str | None:
            depth = len(app.scenes)
            try:
                scene = make()
                app.push(scene)
                frames = app.frames
                app.step([])
                if app.frames == frames:
                    app.draw()  # step() draws only when dirty; a scene must still draw
                state["last"] = scene
            finally:
                while len(app.scenes) > depth:
                    app.pop()
            return None

        return check

    def by_name(name: str, *args: Any) -> Callable[[], Any]:
        """A maker of the screen registered as ``name`` (ui/screens.py)."""
        from .ui import screens

        return lambda: screens.make(name, app, *args)

    for name, screen in (("menu", "menu"), ("new game", "new_game"), ("settings", "settings"),
                         ("rules", "rules"), ("variants", "variants"), ("load", "load")):
        checks.run(f"scenes/{name}", show(by_name(screen)))

    # the game screen stays on the stack while its overlays are drawn over it
    def game() -> str | None:
        from .ui.config import GameConfig
        from .ui.scenes.game import GameScene

        config = GameConfig.default(4)
        config.seed = 1
        scene = GameScene(app, config)
        state["game"] = scene
        app.push(scene)
        app.step([])
        return _("seats: {n}, seed {seed}", n=len(config.seats), seed=config.seed)

    try:
        if checks.run("scenes/game", game):
            game_scene = state["game"]

            def game_over() -> Any:  # the game played to its end by random moves, then its results
                ctl, rng = game_scene.ctl, random.Random(2)
                while not ctl.game.is_over:
                    ctl.game.apply(rng.choice(ctl.game.legal_actions()))
                ctl.touched()
                return by_name("game_over", game_scene)()

            checks.run("scenes/pause", show(by_name("pause", game_scene)))
            checks.run("scenes/game over", show(game_over))
        else:
            state.pop("game", None)

        checks.run("scenes/pass device", show(by_name("pass_device", "Anna", lambda: None)))
        checks.run("scenes/play over the network", show(by_name("online")))
        checks.run("network: a table on 127.0.0.1 seats a client", _network_round_trip)

        def dois() -> str | None:
            """Catan a Dois (RULES.md Part D): its panels, token-removal founding and market dialog draw."""
            from .engine.modules import market
            from .ui.config import GameConfig
            from .ui.scenes.dois_dialogs import MarketDialog
            from .ui.scenes.game import GameScene

            config = GameConfig.default(2)
            config.variant, config.seed = "catan-a-dois", 1
            depth = len(app.scenes)
            scene = GameScene(app, config)
            app.push(scene)
            try:
                g, rng = scene.ctl.game, random.Random(1)
                while g.turn < 3 and not g.is_over:
                    scene.ctl.apply(rng.choice(g.legal_actions()))
                scene._ui_state = None
                app.step([])
                app.draw()
                app.push(MarketDialog(app, scene.port, scene.kit))
                app.draw()
            finally:
                while len(app.scenes) > depth:
                    app.pop()
            return _("turn {turn}, open market cards: {n}", turn=g.turn, n=len(market.state(g).open))

        checks.run("scenes/catan a dois", dois)

        def dice() -> str | None:  # the Catan Dice Game's screen in the middle of a Plus game, dice rolled
            from .ui.scenes.dice_demo import stage_demo

            depth = len(app.scenes)
            try:
                scene = stage_demo(app, "dice-game-plus", 1)
                app.draw()
            finally:
                while len(app.scenes) > depth:
                    app.pop()
            return _("turn {turn}, dice: {dice}", turn=scene.view.turn, dice=", ".join(scene.view.dice))

        checks.run("scenes/dice", dice)
    finally:
        while app.scenes:
            try:
                app.pop()  # the game screen's exit() stops its computer-player thread
            except Exception as exc:  # noqa: BLE001
                checks.info(f"closing a scene: {_one_line(exc)}")
                break


def _driver() -> str:
    import pygame

    try:
        return _("the '{driver}' video driver", driver=pygame.display.get_driver())
    except pygame.error:
        return _("no video driver")


# ------------------------------------------------------------------------------------------------- game


def _check_game() -> str:
    from .match import run_games

    summary = run_games("base", ["random"] * 4, 1, seed=1)
    result = summary.results[0]
    if summary.games != 1 or not result.finished:
        raise RuntimeError(f"the game did not finish within {result.turns} turns")
    if not result.winners:
        raise RuntimeError("the game finished without a winner")
    return _("base, 4 random players: seat {seat} won with {vp} VP after {turns} turns",
             seat=result.winners[0], vp=max(result.vp), turns=result.turns)


def _check_languages() -> str:
    """Each language's catalogue is installed and speaks (issue 14): a menu word differs from English."""
    from . import i18n

    found = i18n.available_languages()
    missing = [code for code in i18n.LANGUAGES if code not in found]
    if missing:
        raise FileNotFoundError(f"no catalogue for {', '.join(missing)} in {i18n.LOCALE_DIR}")
    words = []
    speaking = i18n.language()  # the player's --lang: this check must not change it
    try:
        for code in found:
            i18n.set_language(code)
            words.append(f"{code} \u201c{i18n._('New game')}\u201d")
    finally:
        i18n.set_language(speaking)
    if len({w.split(" ", 1)[1] for w in words}) != len(words):
        raise ValueError(f"the catalogues do not translate: {', '.join(words)}")
    return ", ".join(words)


def _check_saves() -> str:
    """Save a game in progress into the temporary home, read it back and replay it (hashing included)."""
    from .ai import create_bot
    from .engine import Game
    from .match import play_game
    from .persistence import list_saves, load_game, save_game
    from .persistence.userdirs import saves_dir

    game = Game.new("base", players=4, seed=1)
    play_game(game, [create_bot("random", seed=k) for k in range(4)], max_turns=20)
    path = saves_dir() / "self-test.json"
    save_game(game, path, name="self-test")
    loaded = load_game(path, verify=True)
    if loaded.game.to_json() != game.to_json():
        raise ValueError("the game read back differs from the game saved")
    if [info.path.name for info in list_saves(saves_dir())] != [path.name]:
        raise ValueError(f"the saves folder does not list {path.name}")
    n = len(game.history)
    return ngettext("{n} action saved, read back and replayed", "{n} actions saved, read back and replayed",
                    n, n=n)


if __name__ == "__main__":
    sys.exit(run_self_test())


def _network_round_trip() -> str:
    """Host a table on 127.0.0.1 (a free port), join it, get a seat; the network libraries load (websockets,
    zeroconf) and a bundle carries what they need."""
    import time

    import zeroconf

    from .net.client import NetClient
    from .net.host import Host, HostThread
    from .net.table import Seat, TableConfig

    host = Host()
    host.add_table(TableConfig("t", "base", [Seat("person"), Seat("computer"), Seat("computer")]))
    thread = HostThread(host).start()
    try:
        client = NetClient(f"ws://127.0.0.1:{thread.port}", "t", "check").start()
        end = time.monotonic() + 10
        while client.seat is None and client.status != "refused" and time.monotonic() < end:
            time.sleep(0.02)
        client.close()
        if client.seat != 0:
            raise RuntimeError(f"no seat (status {client.status}, {client.error})")
        return f"seat 0 on port {thread.port}; zeroconf {zeroconf.__version__}"
    finally:
        thread.stop()
