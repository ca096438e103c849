"""Kill safety of the newer files (issue 35, item 5): a process writing the dice game's best scores and a
game record over and over is killed (SIGKILL) at random moments; each file must always read back whole, and
the temporary files the kills leave are removed by the next write, or when the app starts."""

from __future__ import annotations

import multiprocessing
import os
import random
import signal
import time
from pathlib import Path

import pytest

from catan_desktop.engine import Game
from catan_desktop.persistence import files
from catan_desktop.persistence.dice_scores import load_scores, record_score, scores_path
from catan_desktop.persistence.records import export_record, read_record
from catan_desktop.persistence.userdirs import records_dir, tidy_user_folders

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL") or os.name != "posix", reason="POSIX kill")

KILLS = 20


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CATAN_DESKTOP_HOME", str(tmp_path))
    return tmp_path


def _game(seed: int) -> Game:
    game = Game.new("base", players=3, seed=seed)
    rng = random.Random(seed)
    while game.turn < 12 and not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def _write_forever(record: str, game: Game) -> None:
    """The child: write both files in a loop until killed."""
    try:
        count = 0
        while True:
            count += 1
            record_score(f"P{count}", count % 97)
            export_record(game, record, name=f"game {count}")
    finally:
        os._exit(1)  # never back into pytest (only reached if a write raised)


def _leftovers(*folders: Path) -> list[Path]:
    return sorted(p for folder in folders for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_killed_writes_of_the_best_scores_and_a_record_always_leave_loadable_files() -> None:
    """Issue 35, item 5: 20 SIGKILLs at random moments of a loop writing the best scores and a record; after
    each, both files read back whole; the next normal write (once the leftovers are a few seconds old)
    removes every temporary file the kills left."""
    game = _game(7)
    record = records_dir() / "loop.catan.txt"
    record_score("First", 1)
    export_record(game, record, name="first")
    context = multiprocessing.get_context("fork")  # the child starts at once, imports done
    rng = random.Random(35)
    seen_leftovers = 0
    started = time.monotonic()
    for _kill in range(KILLS):
        child = context.Process(target=_write_forever, args=(str(record), game), daemon=True)
        child.start()
        time.sleep(rng.uniform(0.005, 0.12))
        assert child.pid is not None and child.exitcode is None, "the writer stopped by itself"
        os.kill(child.pid, signal.SIGKILL)
        child.join(5)
        assert child.exitcode == -signal.SIGKILL
        table = load_scores()
        assert table.problem is None and table.entries, table
        loaded = read_record(record)  # replays every action: a torn file would not
        assert loaded.game.history == game.history and loaded.name.startswith(("game ", "first"))
        seen_leftovers = max(seen_leftovers, len(_leftovers(scores_path().parent, record.parent)))
    assert time.monotonic() - started < 15
    old = time.time() - files.STALE_TMP_SECONDS - 1  # as if the next write came a few seconds later
    for leftover in _leftovers(scores_path().parent, record.parent):
        os.utime(leftover, (old, old))
    record_score("After", 3)
    export_record(game, record, name="after")
    assert _leftovers(scores_path().parent, record.parent) == []
    assert load_scores().problem is None and read_record(record).name == "after"
    print(f"most leftovers seen after a kill: {seen_leftovers}")


def test_the_app_start_removes_old_leftovers_of_any_file_and_spares_young_ones(home: Path) -> None:
    """Issue 35, item 5: leftovers of killed writes are removed when the app starts (tidy_user_folders, run by
    App.__init__), in every folder the game writes; a young one may be another copy's write in progress,
    and files that are not temporaries of these writes are never touched."""
    records_dir().mkdir(parents=True)
    old_ones = [
        scores_path().with_name(".dice_scores.json.k3j_x9aq.tmp"),
        records_dir() / ".loop.catan.txt.ab12cd34.tmp",
        home / "config" / ".settings.json.zzzzzzzz.tmp",
    ]
    young = scores_path().with_name(".autosave.json.q1w2e3r4.tmp")
    others = [scores_path().with_name("notes.tmp"), scores_path().with_name(".hidden.tmp")]
    old = time.time() - 60
    for path in [*old_ones, young, *others]:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("half a fi", encoding="utf-8")
    for path in [*old_ones, *others]:
        os.utime(path, (old, old))
    assert tidy_user_folders() == len(old_ones)
    assert not any(p.exists() for p in old_ones)
    assert young.exists() and all(p.exists() for p in others)


def test_tidying_never_raises(monkeypatch: pytest.MonkeyPatch, home: Path) -> None:
    """Issue 35, item 5: a folder that cannot be listed (or is missing) does not stop the app starting."""
    assert tidy_user_folders() == 0  # no folder exists yet

    def broken(folder: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "scandir", broken)
    scores_path().parent.mkdir(parents=True)
    assert tidy_user_folders() == 0
