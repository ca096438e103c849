"""Any content in a save file gives a game or one SaveError naming the file: never another exception
(issue 13, item 1: wrong-typed fields, huge numbers, deep nesting, in the snapshot or around it). And a save
that loads also plays (issue 35, items 1 and 4): each mutant that loads plays on for a few hundred random
legal actions, and the mutants also change the shape of lists (one entry fewer or more: a seat's stats, a
hand, a module's per-seat section)."""

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

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
# the two compatibility saves, and games in play of the variants with per-seat module sections (issue 35)
SAVES = ["saves_v1/dois_midgame.json", "saves_v1/five_six_special_build.json",
         "saves_fuzz/frenemies_midgame.json", "saves_fuzz/helpers_midgame.json",
         "saves_fuzz/erie_canal_midgame.json", "saves_fuzz/corsica_midgame.json"]
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
                path = rng.choice(places)
                if rng.random() < 0.3:
                    _reshape(doc, path, rng)
                else:
                    _set(doc, path, copy.deepcopy(rng.choice(BAD)))
        yield json.dumps(doc).encode(), rng.random() < 0.3


def _reshape(doc: Any, path: tuple[Any, ...], rng: random.Random) -> None:
    """The list at ``path`` (or the nearest list above it) with its last entry dropped or repeated."""
    for end in range(len(path), -1, -1):
        value = doc
        for key in path[:end]:
            value = value[key]
        if isinstance(value, list) and value:
            if rng.random() < 0.5:
                value.pop()
            else:
                value.append(copy.deepcopy(value[-1]))
            return


def check_save(raw: bytes, verify: bool, play: int = 0, seed: int = 0) -> bool:
    """Load a mutant save: True when it is refused with a SaveError naming the file, False when it loads
    (and then plays ``play`` random legal actions on, with the views a screen reads); any other exception
    escapes (the failure the fuzzing looks for)."""
    try:
        loaded = load_bytes(raw, "fuzzed.json", verify=verify)
    except SaveError as exc:
        assert "fuzzed.json" in str(exc), f"a SaveError that does not name the file: {exc}"
        return True
    game, rng = loaded.game, random.Random(seed)
    for _ in range(play):
        if game.is_over:
            break
        for seat in range(game.players):
            game.seat_view(seat)
        game.apply(rng.choice(game.legal_actions()))
    return False


@pytest.mark.parametrize("name", SAVES)
def test_a_save_with_one_wrong_value_anywhere_loads_or_says_why(name: str) -> None:
    mutants = save_mutants(name, random.Random(name))
    refused = sum(check_save(*next(mutants), play=200, seed=i) for i in range(100))
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


@pytest.mark.parametrize("name", SAVES)
def test_every_per_seat_list_one_seat_short_or_long_is_refused_or_plays(name: str) -> None:
    """Issue 35, item 1: each list of the snapshot as long as the table has seats (stats, hands, knights, a
    module's per-seat section...), one entry short or one too many: refused with a SaveError, or it plays
    200 random legal actions on without an exception."""
    original = json.loads(_original(name))
    players = original["snapshot"]["players"]
    skip = (("history",), ("log",))
    places = [p for p in _paths(original) if p[:1] == ("snapshot",) and p[1:2] not in skip]
    per_seat = []
    for path in places:
        value: Any = original
        for key in path:
            value = value[key]
        if isinstance(value, list) and len(value) == players:
            per_seat.append(path)
    assert len(per_seat) >= 3, per_seat
    for path in per_seat:
        for grow in (False, True):
            doc = json.loads(json.dumps(original))
            target: Any = doc
            for key in path:
                target = target[key]
            if grow:
                target.append(copy.deepcopy(target[-1]))
            else:
                target.pop()
            check_save(json.dumps(doc).encode(), False, play=200, seed=len(path))
