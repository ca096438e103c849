"""Any content in a save file gives a game or one SaveError naming the file: never another exception
(issue 13, item 1: wrong-typed fields, huge numbers, deep nesting, in the snapshot or around it)."""

from __future__ import annotations

import contextlib
import copy
import functools
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from catan_desktop.persistence import SaveError, load_bytes
from catan_desktop.persistence.saves import list_saves

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "saves_v1"
SAVES = ["dois_midgame.json", "five_six_special_build.json"]
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


@functools.cache
def _original(name: str) -> str:
    return (FIXTURES / name).read_text(encoding="utf-8")


def save_mutants(name: str, rng: random.Random, edits: int = 1) -> Iterator[tuple[bytes, bool]]:
    """Yield endless seeded mutants of the fixture save ``name``: the file's bytes with ``edits`` values set
    to a wrong one (outside the history and the log), and whether to load it with ``verify``.

    Used by the test below and by ``python bench/fuzz.py saves``.
    """
    original = json.loads(_original(name))
    places = [p for p in _paths(original) if p[:1] not in (("history",), ("snapshot", "log"))]
    while True:
        doc = json.loads(json.dumps(original))
        for _ in range(edits):
            # a later edit may fall under an earlier one that replaced its container: then it is skipped
            # a copy: a later edit may go inside this value, and BAD must stay as it is for the next mutant
            with contextlib.suppress(KeyError, IndexError, TypeError):
                _set(doc, rng.choice(places), copy.deepcopy(rng.choice(BAD)))
        yield json.dumps(doc).encode(), rng.random() < 0.3


def check_save(raw: bytes, verify: bool) -> bool:
    """Load a mutant save: True when it is refused with a SaveError naming the file, False when it loads;
    any other exception escapes (the failure the fuzzing looks for)."""
    try:
        load_bytes(raw, "fuzzed.json", verify=verify)
    except SaveError as exc:
        assert "fuzzed.json" in str(exc), f"a SaveError that does not name the file: {exc}"
        return True
    return False


@pytest.mark.parametrize("name", SAVES)
def test_a_save_with_one_wrong_value_anywhere_loads_or_says_why(name: str) -> None:
    mutants = save_mutants(name, random.Random(name))
    refused = sum(check_save(*next(mutants)) for _ in range(120))
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
