"""The best scores of the solo Catan Dice Game (classic sheet, one player), kept in the player's data folder.

One JSON file (``dice_scores.json``) holds a table per sheet (the rule file's name): the ten best totals,
each with the player's name, the date and the seed. Reading never raises: a missing file is an empty table,
and an unreadable or damaged one an empty table with a ``problem`` code the screens word
(``unreadable``, ``not_json``, ``wrong_shape``; ``bad_entries`` when only some entries were dropped).
Writing is atomic; a damaged file is kept beside the new one (``.damaged``), never silently lost.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from .files import atomic_write_text
from .userdirs import data_dir

FILE_NAME = "dice_scores.json"
FORMAT = 1
MAX_ENTRIES = 10
MAX_BYTES = 1_000_000  # a scores file is a few kilobytes: anything larger is not one
MAX_NAME = 40


@dataclass(frozen=True)
class BestScore:
    """One line of the table."""

    name: str
    score: int
    date: str  # ISO 8601, local time with its offset
    seed: int | None = None


@dataclass(frozen=True)
class ScoreTable:
    """The best scores of one sheet, best first; ``problem`` says why the file could not be read (or None)."""

    entries: tuple[BestScore, ...] = ()
    problem: str | None = None
    detail: str = ""

    @property
    def best(self) -> int | None:
        return self.entries[0].score if self.entries else None


@dataclass(frozen=True)
class Recorded:
    """What ``record_score`` did: the new table, the new entry's place (0 = best; None: not in the table),
    whether it beat every earlier score, and the problem met on the way (the old file was damaged)."""

    table: ScoreTable
    rank: int | None
    new_best: bool
    problem: str | None = None


def scores_path() -> Path:
    """The best-scores file in the player's data folder."""
    return data_dir() / FILE_NAME


def load_scores(variant: str = "dice-game", path: str | os.PathLike[str] | None = None) -> ScoreTable:
    """The table of ``variant``; never raises (see the module's docstring for ``problem``)."""
    doc, problem, detail = _read(Path(path) if path is not None else scores_path())
    if doc is None:
        return ScoreTable((), None if problem == "missing" else problem, detail)
    raw = doc["tables"].get(variant, [])
    if not isinstance(raw, list):
        return ScoreTable((), "wrong_shape", f"tables.{variant}")
    entries = [e for e in (_entry(item) for item in raw) if e is not None]
    bad = len(raw) - len(entries)
    return ScoreTable(_sorted(entries), "bad_entries" if bad else None, str(bad) if bad else "")


def record_score(
    name: str,
    score: int,
    variant: str = "dice-game",
    seed: int | None = None,
    when: _dt.datetime | None = None,
    path: str | os.PathLike[str] | None = None,
) -> Recorded:
    """Add a finished game's total to ``variant``'s table and write the file atomically.

    A damaged file is renamed to ``<name>.damaged`` first (its content kept) and a new table started.
    Raises OSError when the disk refuses the write (the old file is then untouched).
    """
    target = Path(path) if path is not None else scores_path()
    doc, problem, _detail = _read(target)
    if doc is None:
        if problem not in (None, "missing"):
            with contextlib.suppress(OSError):
                os.replace(target, target.with_name(target.name + ".damaged"))
        doc = {"format": FORMAT, "tables": {}}
    else:
        problem = None
    before = load_scores(variant, target) if problem is None else ScoreTable()
    moment = (when or _dt.datetime.now().astimezone()).isoformat(timespec="seconds")
    entry = BestScore(name.strip()[:MAX_NAME] or "?", int(score), moment, seed)
    ranked = _sorted([*before.entries, entry])
    kept = ranked[:MAX_ENTRIES]
    rank = next((i for i, e in enumerate(kept) if e is entry), None)
    doc["tables"][variant] = [asdict(e) for e in kept]
    atomic_write_text(target, json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
    new_best = before.best is None or entry.score > before.best
    return Recorded(ScoreTable(kept), rank, new_best, None if problem == "missing" else problem)


def _read(path: Path) -> tuple[dict[str, Any] | None, str | None, str]:
    """The file's document, or None with a problem code (``missing`` for no file) and a detail."""
    try:
        if not path.is_file():
            return None, "missing", ""
        if path.stat().st_size > MAX_BYTES:
            return None, "wrong_shape", "size"
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return None, "unreadable", str(getattr(exc, "strerror", None) or exc)
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError) as exc:
        return None, "not_json", str(exc)[:80]
    if not isinstance(doc, dict) or not isinstance(doc.get("tables"), dict):
        return None, "wrong_shape", "tables"
    return doc, None, ""


def _entry(item: object) -> BestScore | None:
    """An entry of the file, or None when it is not one."""
    if not isinstance(item, dict):
        return None
    name, score, date, seed = item.get("name"), item.get("score"), item.get("date"), item.get("seed")
    if not isinstance(name, str) or type(score) is not int or not isinstance(date, str):
        return None
    if seed is not None and type(seed) is not int:
        return None
    if abs(score) > 10_000:
        return None
    return BestScore(name[:MAX_NAME], score, date[:40], seed)


def _sorted(entries: list[BestScore]) -> tuple[BestScore, ...]:
    """Best first; an equal total keeps the earlier game above (the first to reach it)."""
    return tuple(sorted(entries, key=lambda e: (-e.score, e.date)))
