"""Fixtures for the rule-file tests: the installed base rule file and a helper that writes rule files."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from catan_desktop import paths


@pytest.fixture
def base_file() -> Path:
    """The installed base rule file."""
    return paths.rules_dir() / "base.yaml"


@pytest.fixture
def base_data(base_file: Path) -> dict[str, Any]:
    """A fresh copy of the base rule file's data, parsed without the project's loader."""
    return yaml.safe_load(base_file.read_text(encoding="utf-8"))


@pytest.fixture
def write(tmp_path: Path) -> Callable[[str, str], Path]:
    """Return a function that writes a text file under tmp_path and returns its path."""

    def _write(name: str, text: str) -> Path:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return path

    return _write
