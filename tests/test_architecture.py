"""The layers of STYLE.md, checked on the source: what each part of the package may import, no import circle
in the engine (imports inside functions included), the engine standard-library only, and small files."""

from __future__ import annotations

import ast
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "catan_desktop"
TOP = "<top>"  # catan_desktop/__init__.py itself

_BELOW_UI = {TOP, "render", "match", "variants", "persistence", "ai", "engine", "text", "i18n", "paths",
             "replay"}
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
    "ui": _BELOW_UI | {"selftest"},
    "selftest": _BELOW_UI | {"ui"},
    "cli": _BELOW_UI | {"ui", "selftest"},
    "__main__": {"cli"},
}
PURE = ("engine", "variants", "ai", "persistence", "match", "replay")  # never pygame
MAX_LINES = 600
# Files over MAX_LINES today, with their size as a ceiling that may only go down.
TOO_LONG_TODAY: dict[str, int] = {}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking_only(tree: ast.Module) -> set[int]:
    """ids of the import nodes inside ``if TYPE_CHECKING:`` blocks (never run; for annotations only)."""
    out: set[int] = set()
    for node in ast.walk(tree):
        test = node.test if isinstance(node, ast.If) else None
        if test is not None and getattr(test, "id", getattr(test, "attr", "")) == "TYPE_CHECKING":
            for inner in node.body:
                for sub in ast.walk(inner):
                    out.add(id(sub))
    return out


def _imports(path: Path, include_type_checking: bool = False) -> list[str]:
    """Every module a file imports (absolute names), at any depth of the file, functions included."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = set() if include_type_checking else _type_checking_only(tree)
    here = _module_name(path).split(".")
    package = here if path.name == "__init__.py" else here[:-1]
    out: list[str] = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            out.extend(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            # "from catan_desktop import paths" / "from . import snapshot" import submodules, not the package
            subs = [f"{module}.{a.name}" for a in node.names if _existing(f"{module}.{a.name}")]
            out.extend(subs)
            if len(subs) < len(node.names):
                out.append(module)
    return out


def _part(module: str) -> str | None:
    """The layer of a catan_desktop module name (None for anything outside the package)."""
    parts = module.split(".")
    if parts[0] != "catan_desktop":
        return None
    return parts[1] if len(parts) > 1 else TOP


def _existing(module: str) -> bool:
    """True for a module of this package that exists as a file."""
    if not module.startswith("catan_desktop"):
        return False
    rel = Path(*module.split(".")[1:])
    return (PACKAGE / rel).with_suffix(".py").is_file() or (PACKAGE / rel / "__init__.py").is_file()


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


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan), or a module importing itself."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1 or v in graph.get(v, ()):
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


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
