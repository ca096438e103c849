"""The package's shape, measured on the source with an AST scan (issue 32): import circles, imports hidden
inside functions, rule-module names in shared files, checks on the game kind, and file sizes.

    python tools/architecture.py          # the report
    python tools/architecture.py --list   # with every place counted

``tests/test_architecture.py`` imports the scan from here and turns the figures into rules.
"""

from __future__ import annotations

import argparse
import ast
import fnmatch
from collections import defaultdict
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "catan_desktop"  # --package measures another checkout

# The files that belong to one add-on (its rule modules, screen parts, dialogs, bot advice and words), as glob
# patterns on the path inside catan_desktop/. Every other file is shared: the core, the shared screens, bots
# and words, which should name no rule module.
ADDON_FILES = {
    "engine/modules/*": "the rule modules",
    "ui/scenes/frenemies_*": "Frenemies", "ai/addons*": "Frenemies and Helpers",
    "text/addons.py": "Frenemies and Helpers", "text/events_addons.py": "Frenemies and Helpers",
    "ui/scenes/helper*": "Helpers", "text/helper_texts.py": "Helpers",
    "render/helper_cards.py": "Helpers",
    "ui/scenes/scenario_*": "the scenarios", "ai/scenarios*": "the scenarios",
    "text/scenarios.py": "the scenarios",
    "ui/scenes/dois_*": "Catan a Dois", "ai/dois_*": "Catan a Dois", "text/dois_*": "Catan a Dois",
}

# Each add-on's files (glob patterns inside catan_desktop/): its rule modules, and above the engine its screen
# parts and dialogs, bot advice and words. Frenemies and Helpers share their bots' and words' files.
_DOIS_MODULES = ("market", "collapse", "stalemate", "terrain_development", "token_removal", "token_robber",
                 "remote_cards")
ADDONS: dict[str, tuple[str, ...]] = {
    "Catan a Dois": (*(f"engine/modules/{m}.py" for m in _DOIS_MODULES), "ui/scenes/dois_*", "ai/dois_*",
                     "text/dois_*"),
    "Frenemies": ("engine/modules/frenemies*", "ui/scenes/frenemies_*", "ai/addons*", "text/addons.py",
                  "text/events_addons.py"),
    "Helpers": ("engine/modules/helper*", "ui/scenes/helper*", "text/helper_texts.py",
                "render/helper_cards.py", "ai/addons*", "text/addons.py", "text/events_addons.py"),
    "the scenarios (Corsica, New York) with the Erie Canal": (
        "engine/modules/scenario*", "engine/modules/erie_canal*", "ui/scenes/scenario_*", "ai/scenarios*",
        "text/scenarios.py"),
    "the special building phase": ("engine/modules/special_building_phase.py",),
    "balanced dice": ("engine/modules/balanced_dice.py",),
}


def addon_files() -> dict[str, list[tuple[str, int]]]:
    """Each add-on's files with their lines, by ``ADDONS``."""
    out: dict[str, list[tuple[str, int]]] = {}
    for name, patterns in ADDONS.items():
        out[name] = [(rel(p), len(p.read_text(encoding="utf-8").splitlines())) for p in files()
                     if any(fnmatch.fnmatch(rel(p), pattern) for pattern in patterns)]
    return out


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def existing(module: str) -> bool:
    """True for a module of this package that exists as a file."""
    if not module.startswith("catan_desktop"):
        return False
    rel = Path(*module.split(".")[1:])
    return (PACKAGE / rel).with_suffix(".py").is_file() or (PACKAGE / rel / "__init__.py").is_file()


def type_checking_only(tree: ast.Module) -> set[int]:
    """ids of the nodes inside ``if TYPE_CHECKING:`` blocks (never run; for annotations only)."""
    out: set[int] = set()
    for node in ast.walk(tree):
        test = node.test if isinstance(node, ast.If) else None
        if test is not None and getattr(test, "id", getattr(test, "attr", "")) == "TYPE_CHECKING":
            for inner in node.body:
                for sub in ast.walk(inner):
                    out.add(id(sub))
    return out


def _import_targets(node: ast.Import | ast.ImportFrom, path: Path) -> list[str]:
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    here = module_name(path).split(".")
    package = here if path.name == "__init__.py" else here[:-1]
    base = package[: len(package) - node.level + 1] if node.level else []
    module = ".".join(base + ([node.module] if node.module else []))
    # "from catan_desktop import paths" / "from . import snapshot" import submodules, not the package
    subs = [f"{module}.{a.name}" for a in node.names if existing(f"{module}.{a.name}")]
    return subs + ([module] if len(subs) < len(node.names) else [])


def imports(path: Path, include_type_checking: bool = False, only_in_functions: bool = False) -> list[str]:
    """Every module a file imports (absolute names), at any depth of the file, functions included."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = set() if include_type_checking else type_checking_only(tree)
    nested: set[int] = set()
    if only_in_functions:
        for fn in ast.walk(tree):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                nested.update(id(sub) for sub in ast.walk(fn))
    out: list[str] = []
    for node in ast.walk(tree):
        if id(node) in skip or (only_in_functions and id(node) not in nested):
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            out.extend(_import_targets(node, path))
    return out


def package_graph(folder: str = "") -> dict[str, set[str]]:
    """Module -> package modules it imports at run time (functions included, ``TYPE_CHECKING`` not). A
    package's ``__init__`` is an edge only when it is imported by name."""
    graph: dict[str, set[str]] = defaultdict(set)
    root = PACKAGE / folder if folder else PACKAGE
    prefix = module_name(root / "__init__.py")
    for path in sorted(root.rglob("*.py")):
        me = module_name(path)
        graph[me]
        for module in imports(path):
            if module.startswith(prefix) and existing(module) and module != me:
                graph[me].add(module)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
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


def files() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def rel(path: Path) -> str:
    return path.relative_to(PACKAGE).as_posix()


def is_shared(path: Path) -> bool:
    """A file that no single add-on owns (the core, the shared screens, bots and words)."""
    r = rel(path)
    return not any(fnmatch.fnmatch(r, pattern) for pattern in ADDON_FILES)


def rule_module_names() -> set[str]:
    from catan_desktop.engine.module import REGISTRY

    return set(REGISTRY)


def module_names_in_shared_files() -> list[str]:
    """Places where a shared file names a rule module (a string equal to a module's name)."""
    names = rule_module_names()
    out = []
    for path in files():
        if not is_shared(path):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and node.value in names:
                out.append(f"{rel(path)}:{node.lineno} {node.value!r}")
    return out


def module_imports_from(folders: tuple[str, ...] = ("ui", "ai", "render", "text")) -> list[str]:
    """Imports of ``engine.modules.*`` from the shared screens, bots, drawing and words."""
    out = []
    for path in files():
        if rel(path).split("/")[0] not in folders or not is_shared(path):
            continue
        for module in imports(path, include_type_checking=True):
            if module.startswith("catan_desktop.engine.modules"):
                out.append(f"{rel(path)} imports {module}")
    return out


DICE_NAMES = {"DICE", "GAME_KIND"}  # the dice game's kind, as the code names it


def _names_the_dice_kind(node: ast.AST) -> bool:
    return (isinstance(node, ast.Constant) and node.value == "dice") or (
        isinstance(node, ast.Name) and node.id in DICE_NAMES)


def kind_checks() -> list[str]:
    """Branches on the game kind outside the engine's dice game and the dice screens: ``is_dice_game``,
    ``isinstance(x, DiceGame)``, and comparisons of a kind with the dice game's (``doc.get("kind") ==
    DICE``, ``game_kind(v) == "dice"``)."""
    out = []
    for path in files():
        r = rel(path)
        if r.startswith(("engine/dice", "ui/scenes/dice_", "ai/dice_", "variants/dice_", "engine/any_game")):
            continue  # the dice game's own files, and the registry of kinds
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            sides = [node.left, *node.comparators] if isinstance(node, ast.Compare) else []
            if any(_names_the_dice_kind(x) for x in sides):
                text = ast.unparse(node)
                if "game" in text or "doc" in text:  # a game's or a document's kind (not an animation's)
                    out.append(f"{r}:{node.lineno} {text}")
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "isinstance":
                if any("DiceGame" in ast.unparse(a) for a in node.args[1:]):
                    out.append(f"{rel(path)}:{node.lineno} {ast.unparse(node)}")
            elif isinstance(node, (ast.Name, ast.Attribute)) and (
                getattr(node, "id", None) == "is_dice_game" or getattr(node, "attr", None) == "is_dice_game"
            ):
                out.append(f"{rel(path)}:{node.lineno} is_dice_game")
    return out


def scene_takers() -> list[str]:
    """Constructors of dialogs and screen parts that are given the whole game scene."""
    out = []
    for path in files():
        if not rel(path).startswith("ui/"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                for item in node.body:
                    if isinstance(item, ast.FunctionDef) and item.name == "__init__":
                        for arg in item.args.args[1:]:
                            ann = ast.unparse(arg.annotation) if arg.annotation else ""
                            named = arg.arg in ("scene", "sc", "game_scene")
                            if "GameScene" in ann or named:
                                out.append(f"{rel(path)}:{node.lineno} {node.name}({arg.arg}: {ann})")
    return out


def private_reads(folder: str = "ui/") -> list[str]:
    """Reads of another object's private members (``x._name``; not ``self``, ``cls`` or ``super()``): one part
    reaching into another."""
    out = []
    for path in files():
        if not rel(path).startswith(folder):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            private = isinstance(node, ast.Attribute) and node.attr[:1] == "_" and node.attr[:2] != "__"
            if not private:
                continue
            value = node.value
            if isinstance(value, ast.Name) and value.id in ("self", "cls"):
                continue
            if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "super":
                continue
            out.append(f"{rel(path)}:{node.lineno} {ast.unparse(node)}")
    return out


def function_imports() -> list[str]:
    """Imports of package modules from inside functions (the way circles were held apart)."""
    out = []
    for path in files():
        for module in imports(path, only_in_functions=True):
            if module.startswith("catan_desktop"):
                out.append(f"{rel(path)} -> {module}")
    return out


def sizes() -> list[tuple[int, str]]:
    return sorted(((len(p.read_text(encoding="utf-8").splitlines()), rel(p)) for p in files()), reverse=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--list", action="store_true", help="print every place counted")
    parser.add_argument("--package", type=Path, help="the catan_desktop folder of another checkout")
    args = parser.parse_args()
    if args.package is not None:
        global PACKAGE
        PACKAGE = args.package.resolve()
    circles = cycles(package_graph())
    report = [
        ("runtime import circles in the package", [f"{len(c)} files: " + ", ".join(
            m.removeprefix("catan_desktop.") for m in c) for c in circles]),
        ("imports of package modules inside functions", function_imports()),
        ("rule-module names in shared files", module_names_in_shared_files()),
        ("imports of engine.modules.* from ui/ai/render/text", module_imports_from()),
        ("checks on the game kind", kind_checks()),
        ("dialogs and parts given the game scene", scene_takers()),
        ("reads of another part's private members in ui/", private_reads()),
    ]
    for title, items in report:
        print(f"{title}: {len(items)}")
        if args.list or title.startswith("runtime"):
            for item in items:
                print(f"    {item}")
    top = sizes()[:5]
    print("largest files: " + ", ".join(f"{r} {n}" for n, r in top))
    print("files of each add-on (lines):")
    for name, owned in addon_files().items():
        print(f"    {name}: {len(owned)} file{'s' * (len(owned) != 1)}, {sum(n for _r, n in owned)} lines")
        if args.list:
            for r, n in owned:
                print(f"        {r} {n}")


if __name__ == "__main__":
    main()
