"""Save files (issue: saves): atomic, versioned, and bad files give clear errors without being touched."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from catan_desktop.engine import Game
from catan_desktop.persistence import SaveError, list_saves, load_game, save_game
from catan_desktop.persistence.files import atomic_write_text


def _midgame(seed: int = 4, turns: int = 30) -> Game:
    g = Game.new("base", players=4, seed=seed)
    rng = random.Random(seed)
    while g.turn < turns and not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    return g


def test_save_and_load_round_trip_with_replay(tmp_path: Path) -> None:
    g = _midgame()
    path = tmp_path / "game.json"
    save_game(g, path, name="Friday night", meta={"names": ["A", "B", "C", "D"]})
    loaded = load_game(path, verify=True)
    assert loaded.game.to_json() == g.to_json()
    assert loaded.name == "Friday night" and loaded.meta["names"][0] == "A"
    # the loaded game goes on exactly like the original
    rng1, rng2 = random.Random(9), random.Random(9)
    for _ in range(200):
        if g.is_over:
            break
        g.apply(rng1.choice(g.legal_actions()))
        loaded.game.apply(rng2.choice(loaded.game.legal_actions()))
    assert loaded.game.to_json() == g.to_json()


def test_atomic_write_leaves_no_temp_files(tmp_path: Path) -> None:
    target = tmp_path / "x" / "a.json"
    atomic_write_text(target, "one")
    atomic_write_text(target, "two")
    assert target.read_text() == "two"
    assert [p.name for p in target.parent.iterdir()] == ["a.json"]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "the file is empty"),
        (b'{"format": "catan-desktop-save", "version": 1, "rules": {', "truncated"),
        (b"\xff\xfe\x00garbage", "not text"),
        (b'{"hello": 1}', "not a Catan Desktop save file"),
        (b'{"format": "catan-desktop-save", "version": 99}', "newer version of the game (format 99"),
        (b'{"format": "catan-desktop-save", "version": "x"}', "no valid format version"),
        (b'{"format": "catan-desktop-save", "version": 1}', "missing its 'rules' section"),
        (b"[1, 2,, 3]", "damaged"),
    ],
)
def test_bad_files_raise_a_clear_error_and_stay_untouched(
    tmp_path: Path, content: bytes, message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    before = (path.read_bytes(), os.stat(path).st_mtime_ns)
    with pytest.raises(SaveError) as info:
        load_game(path)
    assert message in str(info.value)
    assert str(path) in str(info.value)
    assert (path.read_bytes(), os.stat(path).st_mtime_ns) == before


def test_hand_edited_position_is_rejected_with_the_field(tmp_path: Path) -> None:
    g = _midgame()
    path = tmp_path / "edited.json"
    save_game(g, path)
    doc = json.loads(path.read_text())
    doc["snapshot"]["phase"] = "dancing"
    path.write_text(json.dumps(doc))
    with pytest.raises(SaveError, match="unknown phase 'dancing'"):
        load_game(path)


def test_edited_rules_are_detected(tmp_path: Path) -> None:
    path = tmp_path / "rules.json"
    save_game(_midgame(), path)
    doc = json.loads(path.read_text())
    doc["rules"]["victory_points"]["target"] = 3
    path.write_text(json.dumps(doc))
    with pytest.raises(SaveError, match="checksum"):
        load_game(path)


def test_deleting_the_rules_checksum_does_not_switch_off_the_edited_rules_check(tmp_path: Path) -> None:
    """Issue 13, item 7: without rules_sha256 an edited rule set loaded silently."""
    path = tmp_path / "rules.json"
    save_game(_midgame(), path)
    doc = json.loads(path.read_text())
    doc["rules"]["victory_points"]["target"] = 3
    del doc["rules_sha256"]
    path.write_text(json.dumps(doc))
    with pytest.raises(SaveError, match="missing its 'rules_sha256'"):
        load_game(path)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("seed", "7", "'seed' must be a whole number, not str"),
        ("players", True, "'players' must be a whole number, not bool"),
        ("history", {"a": 1}, "'history' must be a list"),
        ("history", ["roll", 3], "'history' must list actions as text"),
        ("meta", [], "'meta' must be a mapping"),
        ("options", "fast", "'options' must be a mapping"),
        ("snapshot", [1], "'snapshot' must be a mapping"),
        ("rules", "base", "'rules' must be a mapping"),
        ("rules_sha256", 12, "'rules_sha256' must be text"),
        ("rules_sha256", "abc", "not a SHA-256 checksum"),
        ("name", None, "'name' must be text, not NoneType"),
    ],
)
def test_every_field_of_the_save_document_is_type_checked(tmp_path: Path, field: str, value: object,
                                                          message: str) -> None:
    """Issue 13: typed validation of the whole save structure where the bytes enter, naming the field."""
    path = tmp_path / "typed.json"
    save_game(_midgame(), path)
    doc = json.loads(path.read_text())
    doc[field] = value
    path.write_text(json.dumps(doc))
    with pytest.raises(SaveError, match=message):
        load_game(path)


def test_a_killed_write_leaves_no_temporary_file_behind_for_long(tmp_path: Path) -> None:
    """Issue 13, item 7: a kill during a write left .autosave.json.*.tmp files that were never removed; the
    next write of the same file removes the old ones (a young one may be another copy's write in progress)."""
    target = tmp_path / "autosave.json"
    old = tmp_path / ".autosave.json.abc123.tmp"
    young = tmp_path / ".autosave.json.def456.tmp"
    other = tmp_path / ".settings.json.zzz.tmp"
    for leftover in (old, young, other):
        leftover.write_text("half a sa")
    os.utime(old, (1, 1))
    os.utime(other, (1, 1))
    atomic_write_text(target, "{}")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([target.name, young.name, other.name])


def test_the_folder_is_flushed_after_the_rename(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 13, item 7: without an fsync of the folder a power cut can lose the rename."""
    import stat

    synced: list[str] = []
    real = os.fsync

    def spy(fd: int) -> None:
        synced.append("folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "file")
        real(fd)

    monkeypatch.setattr(os, "fsync", spy)
    atomic_write_text(tmp_path / "a.json", "x")
    assert synced == (["file", "folder"] if os.name == "posix" else ["file"])


def test_list_saves_reports_broken_files(tmp_path: Path) -> None:
    save_game(_midgame(), tmp_path / "good.json", name="Good one")
    (tmp_path / "broken.json").write_text("{nope")
    infos = {i.path.name: i for i in list_saves(tmp_path)}
    assert infos["good.json"].name == "Good one" and infos["good.json"].error is None
    assert infos["broken.json"].error
