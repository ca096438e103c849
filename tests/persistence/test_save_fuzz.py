"""Any content in a save file gives a game or one SaveError naming the file: never another exception
(issue 13, item 1: wrong-typed fields, huge numbers, deep nesting, in the snapshot or around it)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from catan_desktop.persistence import SaveError, load_bytes
from catan_desktop.persistence.saves import list_saves

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "saves_v1"
BAD: list[Any] = [7, -1, "x", [], {}, None, True, 1e308, [[1, 2]], {"a": 1}, "2.3", 10**30, ["road 999"]]


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield (*prefix, key)
            yield from _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value[:3]):
            yield (*prefix, index)
            yield from _paths(item, (*prefix, index))


def _set(doc: Any, path: tuple[Any, ...], value: Any) -> None:
    for key in path[:-1]:
        doc = doc[key]
    doc[path[-1]] = value


@pytest.mark.parametrize("name", ["dois_midgame.json", "five_six_special_build.json"])
def test_a_save_with_one_wrong_value_anywhere_loads_or_says_why(name: str) -> None:
    original = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
    places = [p for p in _paths(original) if p[:1] not in (("history",), ("snapshot", "log"))]
    rng = random.Random(name)
    refused = 0
    for _ in range(120):
        doc = json.loads(json.dumps(original))
        _set(doc, rng.choice(places), rng.choice(BAD))
        try:
            load_bytes(json.dumps(doc).encode(), "fuzzed.json", verify=rng.random() < 0.3)
        except SaveError as exc:
            assert "fuzzed.json" in str(exc)
            refused += 1
    assert refused > 30  # most such edits make an impossible or damaged save


def test_the_saves_folder_lists_files_with_huge_numbers_or_deep_nesting(tmp_path: Path) -> None:
    (tmp_path / "huge.json").write_text('{"snapshot": {"turn": 1e999}}', encoding="utf-8")
    (tmp_path / "deep.json").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    found = {info.path.name: info.error for info in list_saves(tmp_path)}
    assert found == {"huge.json": "unreadable (OverflowError)", "deep.json": "unreadable (RecursionError)"}


def test_a_deeply_nested_save_is_refused() -> None:
    deep = b"[" * 100_000 + b"]" * 100_000
    raw = b'{"format": "catan-desktop-save", "version": 1, "snapshot": ' + deep + b"}"
    with pytest.raises(SaveError, match="nested too deeply"):
        load_bytes(raw, "deep.json")


def test_the_saves_folder_skips_a_fifo_and_refuses_a_huge_file(tmp_path: Path) -> None:
    """Issue 13, item 7: a FIFO named *.json hung the list; a 400 MB file was read whole."""
    import os

    from catan_desktop.persistence.saves import MAX_SAVE_BYTES

    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "pipe.json")
    with open(tmp_path / "huge.json", "wb") as f:
        f.truncate(MAX_SAVE_BYTES + 1)  # sparse: no real disk use
    found = {info.path.name: info.error for info in list_saves(tmp_path)}
    assert found == {"huge.json": "too large to be a save"}
