"""The solo Catan Dice Game's best scores (persistence/dice_scores.py): ordering, the ten kept, a damaged file
read as an empty table with a problem (never an exception) and kept aside when a new score is written, and
writes that are atomic."""

from __future__ import annotations

import datetime as dt
import json
import os
from pathlib import Path

import pytest

from catan_desktop.persistence import dice_scores
from catan_desktop.persistence.dice_scores import MAX_ENTRIES, load_scores, record_score, scores_path


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CATAN_DESKTOP_HOME", str(tmp_path))
    return tmp_path


def when(day: int) -> dt.datetime:
    return dt.datetime(2024, 11, day, 14, 5, tzinfo=dt.UTC)


def test_no_file_is_an_empty_table_without_a_problem() -> None:
    table = load_scores()
    assert table.entries == () and table.problem is None and table.best is None


def test_scores_are_kept_best_first_ten_at_most_and_a_new_best_is_told() -> None:
    first = record_score("Ana", 40, when=when(1), seed=3)
    assert first.rank == 0 and first.new_best and first.problem is None
    assert scores_path().is_file()
    second = record_score("Bea", 35, when=when(2))
    assert second.rank == 1 and not second.new_best
    third = record_score("Caio", 52, when=when(3))
    assert third.rank == 0 and third.new_best
    tie = record_score("Dani", 40, when=when(4))
    assert tie.rank == 2  # an equal total goes under the earlier one
    for k in range(10):
        record_score("Eva", 10 + k, when=when(5 + k))
    low = record_score("Fabio", -30, when=when(20))
    assert low.rank is None and not low.new_best
    table = load_scores()
    assert len(table.entries) == MAX_ENTRIES
    assert [e.score for e in table.entries][:4] == [52, 40, 40, 35]
    assert table.entries[1].name == "Ana" and table.entries[1].seed == 3
    assert load_scores("dice-game-plus").entries == ()  # one table per sheet


@pytest.mark.parametrize(
    "content, problem",
    [
        (b"{not json", "not_json"),
        (b"\xff\xfe\x00garbage", "unreadable"),
        (b"[1, 2, 3]", "wrong_shape"),
        (b'{"tables": {"dice-game": 5}}', "wrong_shape"),
        (
            b'{"tables": {"dice-game": [{"name": "A", "score": "lots", "date": "x"}, '
            b'{"name": "B", "score": 12, "date": "2024-11-01"}]}}',
            "bad_entries",
        ),
    ],
)
def test_a_damaged_file_gives_an_empty_table_and_a_problem(content: bytes, problem: str) -> None:
    path = scores_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    table = load_scores()
    assert table.problem == problem
    assert [e.name for e in table.entries] == (["B"] if problem == "bad_entries" else [])


def test_writing_over_a_damaged_file_keeps_it_aside() -> None:
    path = scores_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{broken", encoding="utf-8")
    result = record_score("Ana", 30, when=when(1))
    assert result.problem == "not_json" and result.rank == 0
    assert path.with_name(path.name + ".damaged").read_text(encoding="utf-8") == "{broken"
    assert json.loads(path.read_text(encoding="utf-8"))["tables"]["dice-game"][0]["score"] == 30


def test_a_refused_write_leaves_the_old_file_whole(monkeypatch: pytest.MonkeyPatch, home: Path) -> None:
    record_score("Ana", 30, when=when(1))
    before = scores_path().read_bytes()

    def refuse(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr(os, "replace", refuse)
        with pytest.raises(OSError):
            record_score("Bea", 99, when=when(2))
    assert scores_path().read_bytes() == before
    assert not [p for p in scores_path().parent.iterdir() if p.suffix == ".tmp"]
    assert [e.name for e in load_scores().entries] == ["Ana"]


def test_the_file_is_read_without_trusting_its_size(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dice_scores, "MAX_BYTES", 10)
    record_score("Ana", 30, when=when(1))
    assert load_scores().problem == "wrong_shape"


BAD_ENTRY_FILE = (
    '{"format": 1, "tables": {"dice-game": [{"name": "A", "score": "lots", "date": "x"}, '
    '{"name": "B", "score": 12, "date": "2024-11-01"}], '
    '"dice-game-plus": [{"name": "C", "score": 9, "date": "2024-11-02", "seed": 1}]}}'
)


def test_a_new_score_over_damaged_entries_keeps_the_file_aside_and_says_so() -> None:
    """Issue 35, item 6: one invalid entry was dropped without a trace when a new score was written (no
    .damaged copy, no problem told); now the file as it was is copied aside and the result names the copy."""
    path = scores_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(BAD_ENTRY_FILE, encoding="utf-8")
    result = record_score("Ana", 30, when=when(3))
    damaged = path.with_name(path.name + ".damaged")
    assert damaged.read_text(encoding="utf-8") == BAD_ENTRY_FILE
    assert result.problem == "bad_entries" and result.kept == str(damaged) and result.path == str(path)
    assert [e.name for e in result.table.entries] == ["Ana", "B"] and result.rank == 0
    assert load_scores().problem is None  # the new file is whole...
    assert [e.name for e in load_scores("dice-game-plus").entries] == ["C"]  # ...and the other sheet kept
    assert not [p for p in path.parent.iterdir() if p.suffix == ".tmp"]
    again = record_score("Bea", 5, when=when(4))  # nothing damaged any more: no copy, no problem
    assert again.problem is None and again.kept == ""
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name, damaged.name]


def test_a_table_of_the_wrong_shape_is_kept_aside_too() -> None:
    """Issue 35, item 6: a sheet's table that is not a list was written over silently."""
    path = scores_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"tables": {"dice-game": {"name": "A"}}}', encoding="utf-8")
    result = record_score("Ana", 30, when=when(1))
    assert result.problem == "wrong_shape" and result.kept.endswith("dice_scores.json.damaged")
    assert Path(result.kept).read_text(encoding="utf-8") == '{"tables": {"dice-game": {"name": "A"}}}'


def test_an_older_damaged_copy_is_not_written_over() -> None:
    """Issue 35, item 6: a second damaged file gets its own copy; the same content twice reuses the copy."""
    path = scores_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{first", encoding="utf-8")
    first = record_score("Ana", 30, when=when(1))
    path.write_text("{second", encoding="utf-8")
    second = record_score("Bea", 20, when=when(2))
    assert Path(first.kept).read_text(encoding="utf-8") == "{first"
    assert Path(second.kept).name == "dice_scores.json.damaged-2"
    assert Path(second.kept).read_text(encoding="utf-8") == "{second"
    path.write_text("{second", encoding="utf-8")
    assert record_score("Caio", 10, when=when(3)).kept == second.kept


def test_when_the_damaged_file_cannot_be_kept_it_is_not_written_over(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 35, item 6: rather no new score than a lost file."""
    path = scores_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(BAD_ENTRY_FILE, encoding="utf-8")

    def refuse(target: object, data: bytes) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(dice_scores, "atomic_write_bytes", refuse)
    with pytest.raises(OSError):
        record_score("Ana", 30, when=when(1))
    assert path.read_text(encoding="utf-8") == BAD_ENTRY_FILE
