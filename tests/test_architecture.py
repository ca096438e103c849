"""The layers of STYLE.md, checked on the source: what each part of the package may import, no import circle
in the engine (imports inside functions included), the engine standard-library only, and small files."""

from __future__ import annotations

import ast
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import architecture as scan  # noqa: E402  (tools/architecture.py: the AST scan, also a report)

PACKAGE = scan.PACKAGE
TOP = "<top>"  # catan_desktop/__init__.py itself
_module_name, _imports, _existing, _cycles = scan.module_name, scan.imports, scan.existing, scan.cycles

_BELOW_UI = {TOP, "render", "match", "variants", "persistence", "ai", "engine", "text", "i18n", "paths",
             "replay", "net", "editor"}
# What each part of the package may import from the others (its own part is always allowed).
LAYERS: dict[str, set[str]] = {
    "paths": set(),
    "i18n": set(),
    "engine": set(),  # codes, never words: the text layer words them
    "text": {"engine", "i18n"},
    TOP: {"engine"},  # installs the stand-in rule-file source (catan_desktop/__init__.py)
    "variants": {TOP, "engine", "paths", "i18n"},  # problems as i18n.Msg: words translated where shown
    "ai": {TOP, "engine", "i18n"},
    "persistence": {TOP, "engine", "variants", "paths"},
    "match": {TOP, "ai", "persistence", "engine"},
    "replay": {TOP, "engine"},  # a game's timeline and story, read from its history
    "render": {TOP, "engine", "paths", "i18n"},
    "net": {TOP, "engine", "ai", "persistence"},  # network play: the host's computers, its autosave; no words
    "editor": {TOP, "engine", "variants", "persistence", "ai", "match"},  # the board editor's model: no words
    "ui": _BELOW_UI | {"selftest"},
    "selftest": _BELOW_UI | {"ui"},
    "cli": _BELOW_UI | {"ui", "selftest"},
    "__main__": {"cli"},
}
PURE = ("engine", "variants", "ai", "persistence", "match", "replay", "net", "editor")  # never pygame
MAX_LINES = 600
# Files over MAX_LINES today, with their size as a ceiling that may only go down.
TOO_LONG_TODAY: dict[str, int] = {}


def _part(module: str) -> str | None:
    """The layer of a catan_desktop module name (None for anything outside the package)."""
    parts = module.split(".")
    if parts[0] != "catan_desktop":
        return None
    return parts[1] if len(parts) > 1 else TOP



def test_every_part_imports_only_what_its_layer_allows() -> None:
    problems = []
    for path in sorted(PACKAGE.rglob("*.py")):
        me = _part(_module_name(path))
        assert me in LAYERS, f"{path}: part {me!r} is missing from the layer table"
        for module in _imports(path):
            other = _part(module)
            if other is None or other == me or not _existing(module):
                continue
            if other not in LAYERS[me]:
                problems.append(f"{path.relative_to(PACKAGE)} ({me}) imports {module} ({other})")
    assert not problems, "\n".join(problems)


def _engine_graph() -> dict[str, set[str]]:
    """Module -> engine modules it imports (functions included; a package's __init__ is only an edge when
    it is imported by name, not because a submodule of it is)."""
    graph: dict[str, set[str]] = defaultdict(set)
    for path in sorted((PACKAGE / "engine").rglob("*.py")):
        me = _module_name(path)
        graph[me]
        for module in _imports(path):
            if module.startswith("catan_desktop.engine") and _existing(module) and module != me:
                graph[me].add(module)
    return graph


def test_no_import_circle_in_the_engine() -> None:
    graph = _engine_graph()
    assert len(graph) >= 20  # the scan really saw the engine
    assert _cycles(graph) == []


def test_the_circle_check_finds_circles() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"a"}}) == [["a"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_the_core_never_names_a_rule_module() -> None:
    """Rule modules are plugins: no core file tests or imports a module by its name."""
    from catan_desktop.engine.module import REGISTRY

    names = set(REGISTRY)
    assert {"market", "special_building_phase"} <= names
    for path in sorted((PACKAGE / "engine").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and node.value in names:
                raise AssertionError(f"{path.name}:{node.lineno} names the rule module {node.value!r}")
        for module in _imports(path):
            assert not module.startswith("catan_desktop.engine.modules."), f"{path.name} imports {module}"


def test_pure_layers_never_import_pygame() -> None:
    for layer in PURE:
        single = PACKAGE / f"{layer}.py"
        for path in [single] if single.is_file() else (PACKAGE / layer).rglob("*.py"):
            for module in _imports(path, include_type_checking=True):
                assert not module.startswith("pygame"), f"{path} imports {module}"


def test_engine_uses_only_the_standard_library() -> None:
    stdlib = set(sys.stdlib_module_names) | {"__future__"}
    for path in (PACKAGE / "engine").rglob("*.py"):
        for module in _imports(path, include_type_checking=True):
            root = module.split(".")[0]
            assert root in stdlib or module.startswith("catan_desktop.engine"), (
                f"{path} imports {module}"
            )


def test_engine_imports_without_yaml_or_pygame() -> None:
    code = (
        "import sys, catan_desktop.engine as e; "
        "assert 'yaml' not in sys.modules and 'pygame' not in sys.modules, sorted(sys.modules); "
        "g = e.Game.new('base', players=3, seed=1); assert 'yaml' in sys.modules  # loaded on first use"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_files_stay_small() -> None:
    problems = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        lines = len(path.read_text(encoding="utf-8").splitlines())
        ceiling = TOO_LONG_TODAY.get(rel, MAX_LINES)
        if lines > ceiling:
            problems.append(f"{rel}: {lines} lines (at most {ceiling})")
    assert not problems, "\n".join(problems)


def test_the_screens_and_the_renderer_read_only_a_seats_view() -> None:
    """Issue 12's design change: ``ui/`` and ``render/`` never read the engine's internal state (``game.s``);
    they read the seat view (``Game.seat_view``), the legal actions and the reasons (76 reads before)."""
    reads = []
    for folder in ("ui", "render"):
        for path in sorted((PACKAGE / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            reads += [f"{path.relative_to(PACKAGE)}:{n.lineno}" for n in ast.walk(tree)
                      if isinstance(n, ast.Attribute) and n.attr == "s"]
    assert not reads, "reads of the engine's state: " + ", ".join(reads)


def test_the_game_screen_is_made_of_small_parts() -> None:
    """Issue 12: the game screen (1,466 lines in one class before) is a thin scene and parts of at most
    about 400 lines each (board view, panels, hand, action bar, log, drawing kit, dialogs, animations)."""
    scenes = PACKAGE / "ui" / "scenes"
    parts = sorted({*scenes.glob("game*.py"), *scenes.glob("*dialog*.py"), *scenes.glob("coach*.py")})
    sizes = {p.name: len(p.read_text(encoding="utf-8").splitlines()) for p in parts}
    expected = {"game.py", "game_board.py", "game_panels.py", "game_hand.py", "game_actions.py"}
    assert expected <= set(sizes)
    assert max(sizes.values()) <= 420, sizes


# ------------------------------------------------------------------------------------------------ issue 32
# Measured on b0c621b with tools/architecture.py: 3 runtime circles (18, 9 and 2 files), 154 imports of
# package modules inside functions, 19 dialogs and parts given the game scene, 8 checks on the game kind.


def test_no_runtime_import_circle_in_the_package() -> None:
    """Imports inside functions included (``TYPE_CHECKING`` ones are never run): screens open one another
    by name (ui/screens.py), add-on parts and rule sections register themselves."""
    graph = scan.package_graph()
    assert len(graph) >= 150  # the scan saw the whole package
    assert scan.cycles(graph) == []


def test_screens_import_no_package_module_inside_a_function() -> None:
    """A screen that wanted another imported it inside a function to dodge the circle; now it asks for it by
    name. (ui/screenshot.py is a command-line tool that stages screens: it loads them when asked.)"""
    hidden = [i for i in scan.function_imports() if i.startswith("ui/") and not i.startswith("ui/screenshot")]
    assert hidden == []


def test_every_screen_is_registered_by_name() -> None:
    from catan_desktop.ui import screens

    names = set(screens.names())
    assert {"menu", "new_game", "load", "save", "game", "dice_game", "pause", "game_over", "replay",
            "story", "settings", "rules", "variants", "dice_setup", "dice_over"} <= names


def test_dialogs_and_addon_parts_are_given_the_seat_port_never_the_game_scene() -> None:
    """Issue 32: every dialog of the game screens takes (app, port, kit, ...), every add-on part (port,
    kit); none is handed the game scene (19 constructors were, reaching into its private members)."""
    import inspect

    from catan_desktop.ui import screens
    from catan_desktop.ui.scenes.addon_ui import REGISTRY, AddonUI
    from catan_desktop.ui.scenes.game_dialogs import GameDialog

    screens.load_all()

    def subclasses(cls: type) -> list[type]:
        out = []
        for sub in cls.__subclasses__():
            out += [sub, *subclasses(sub)]
        return out

    dialogs = subclasses(GameDialog)
    assert len(dialogs) >= 25 and len(REGISTRY) >= 4
    for cls in [GameDialog, *dialogs]:
        params = list(inspect.signature(cls.__init__).parameters)
        assert params[1:4] == ["app", "port", "kit"], f"{cls.__qualname__}{params}"
        assert not any("scene" in p for p in params), cls.__qualname__
    for cls in [AddonUI, *subclasses(AddonUI)]:
        params = list(inspect.signature(cls.__init__).parameters)
        assert params[1:3] == ["port", "kit"] and not any("scene" in p for p in params), cls.__qualname__
    # the kit knows the screen only as a ScreenHost (public members); the screens over a game (pause, game
    # over, its story, the dice game's results) know it as a PlayedGame (ui/scenes/played.py), and Save is
    # given only the function that writes the save
    assert scan.scene_takers() == []


def test_the_game_screens_offer_what_the_screens_over_them_read() -> None:
    """Issue 32: the board game's and the dice game's screens have every member of the protocols the pause
    menu, Game over, the story and the dice results are given (``PlayedGame``, ``PlayedDiceGame``)."""
    from catan_desktop.ui.scenes.dice_game import DiceGameScene
    from catan_desktop.ui.scenes.game import GameScene
    from catan_desktop.ui.scenes.played import PlayedDiceGame, PlayedGame

    def members(protocol: type) -> set[str]:
        names = set()
        for klass in protocol.__mro__:
            if klass.__name__ in ("PlayedGame", "PlayedDiceGame"):
                names |= {n for n in vars(klass) if not n.startswith("_")}
                names |= set(getattr(klass, "__annotations__", {}))
        return names

    assert {"port", "config", "viewer", "you", "colours", "save_named", "autosave"} <= members(PlayedGame)
    set_in_init = {"config", "viewer", "recorded", "port"}  # instance attributes, set when a screen is made
    for screen, protocol in ((GameScene, PlayedGame), (DiceGameScene, PlayedDiceGame)):
        missing = [n for n in members(protocol) if n not in set_in_init and not hasattr(screen, n)]
        assert missing == [], (screen.__name__, missing)


def test_no_screen_part_reads_another_ones_private_members() -> None:
    """Issue 32: "no part reads another part's private members" (``x._name`` where x is not self, cls or
    super()), the screenshot tool included. Left: pygame_gui's pre-clipped image, dropped to free memory."""
    reads = [(place.split(":")[0], place.split(" ", 1)[1]) for place in scan.private_reads()]
    assert reads == [("ui/gui_manager.py", "element._pre_clipped_image")]


def test_the_game_screens_never_hold_the_engine_game() -> None:
    """The board game's screen and its parts read the game through the seat port only: no ``.game`` on the
    scene (a network seat will have none), so ``self.game``/``scene.game`` appear in no part of it. (Game
    over reads the finished game's record, ``port.record()``: every hand is public then.)"""
    from catan_desktop.ui.scenes.game import GameScene

    assert not hasattr(GameScene, "game")
    parts = sorted(p for p in (PACKAGE / "ui" / "scenes").glob("game*.py") if p.name != "game_over.py") + [
        PACKAGE / "ui" / "scenes" / name for name in ("coach.py", "coach_board.py", "pass_device.py")]
    reads = []
    for path in parts:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        reads += [f"{path.name}:{n.lineno}" for n in ast.walk(tree) if isinstance(n, ast.Attribute)
                  and n.attr == "game" and getattr(n.value, "id", "") in ("self", "scene", "sc")]
    assert reads == []


def test_no_check_on_the_game_kind_outside_the_registry() -> None:
    """Kinds of game are looked up in engine.any_game.KINDS; the CLI's simulate asks the kind whether a seat's
    score is printed (``GameKind.scored``: the dice game's average score, its output a contract)."""
    assert scan.kind_checks() == []


# Shared files (tools/architecture.py: not one add-on's own) that still name rule modules, with the count
# as a ceiling that may only go down (issue 32 measured 71 on b0c621b, 31 after it; 11 once the bots' card
# counting, market and collapse, Catan a Dois's log and game-over words went to their add-on files and the
# screens read an action kind's traits, engine.kind_traits; 1 once the story took a module's trade events
# from RuleModule.TRADE_EVENTS and the screenshot tool's add-on stagings went to the add-ons' screen parts,
# AddonUI.SHOWCASE). Left: the command line's --scene name "market" (a contract) in ui/screenshot.py.
MODULE_NAMES_TODAY = {"ui/screenshot.py": 1}
MODULE_IMPORTS_TODAY: set[str] = set()  # ai/knowledge.py's import of a Helpers card: now ai/addons_knowledge


def test_shared_files_name_no_more_rule_modules_than_today() -> None:
    counts: dict[str, int] = defaultdict(int)
    for place in scan.module_names_in_shared_files():
        counts[place.split(":")[0]] += 1
    over = {f: n for f, n in counts.items() if n > MODULE_NAMES_TODAY.get(f, 0)}
    assert not over, f"shared files naming rule modules (an add-on's words belong in its own files): {over}"


def test_no_shared_screen_or_bot_imports_a_rule_module() -> None:
    assert set(scan.module_imports_from()) <= MODULE_IMPORTS_TODAY
