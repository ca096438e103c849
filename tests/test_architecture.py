"""STYLE.md: the engine is standard-library only; engine, variants, ai and persistence never import pygame."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "catan_desktop"
PURE = ("engine", "variants", "ai", "persistence")
ALLOWED_IN_ENGINE = {"catan_desktop"}  # its own package (engine, i18n; variants lazily for Game.new(name))


def _imports(path: Path) -> list[tuple[str, bool]]:
    """(module, at top level?) for every import in a file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top = set(map(id, tree.body))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.extend((a.name, id(node) in top) for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            out.append(("catan_desktop" if node.level else base, id(node) in top))
    return out


def test_pure_layers_never_import_pygame() -> None:
    for layer in PURE:
        for path in (PACKAGE / layer).rglob("*.py"):
            for module, _top in _imports(path):
                assert not module.startswith("pygame"), f"{path} imports {module}"


def test_engine_uses_only_the_standard_library() -> None:
    stdlib = set(sys.stdlib_module_names)
    for path in (PACKAGE / "engine").rglob("*.py"):
        for module, top in _imports(path):
            root = module.split(".")[0]
            if root in stdlib or root == "__future__":
                continue
            assert root in ALLOWED_IN_ENGINE, f"{path} imports {module}"
            if top:
                continue


def test_engine_imports_without_yaml_or_pygame() -> None:
    import subprocess

    code = (
        "import sys, catan_desktop.engine as e; "
        "assert 'yaml' not in sys.modules and 'pygame' not in sys.modules, sorted(sys.modules)"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
