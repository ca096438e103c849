"""The best scores of the solo Catan Dice Game (classic sheet, one player), kept in the player's data folder.

One JSON file (``dice_scores.json``) holds a table per sheet (the rule file's name): the ten best totals,
each with the player's name, the date and the seed. Reading never raises: a missing file is an empty table,
and an unreadable or damaged one an empty table with a ``problem`` code the screens word
(``unreadable``, ``not_json``, ``wrong_shape``; ``bad_entries`` when only some entries were dropped).
Writing is atomic; a damaged file, or one with damaged entries (issue 35, item 6), is copied beside the new
one first (``dice_scores.json.damaged``; ``.damaged-2``... when an older copy is there), never silently lost.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from .files import atomic_write_bytes, atomic_write_text
from .userdirs import data_dir

FILE_NAME = "dice_scores.json"
FORMAT = 1
MAX_ENTRIES = 10
MAX_BYTES = 1_000_000  # a scores file is a few kilobytes: anything larger is not one
MAX_NAME = 40
MAX_DAMAGED_COPIES = 20  # .damaged, .damaged-2 ... .damaged-20 (then the last one is written over)


@dataclass(frozen=True)
class BestScore:
    """One line of the table."""

    name: str
    score: int
    date: str  # ISO 8601, local time with its offset
    seed: int | None = None


@dataclass(frozen=True)
class ScoreTable:
    """The best scores of one sheet, best first; ``problem`` says why the file could not be read (or None),
    ``path`` is the file read (for the messages that name it)."""

    entries: tuple[BestScore, ...] = ()
    problem: str | None = None
    detail: str = ""
    path: str = ""

    @property
    def best(self) -> int | None:
        return self.entries[0].score if self.entries else None


@dataclass(frozen=True)
class Recorded:
    """What ``record_score`` did: the new table, the new entry's place (0 = best; None: not in the table),
    whether it beat every earlier score, and the problem met on the way (the old file, or some of its
    entries, was damaged): ``path`` is the file written, ``kept`` the copy of the damaged one ("": none)."""

    table: ScoreTable
    rank: int | None
    new_best: bool
    problem: str | None = None
    path: str = ""
    kept: str = ""


def scores_path() -> Path:
    """The best-scores file in the player's data folder."""
    return data_dir() / FILE_NAME


def load_scores(variant: str = "dice-game", path: str | os.PathLike[str] | None = None) -> ScoreTable:
    """The table of ``variant``; never raises (see the module's docstring for ``problem``)."""
    target = Path(path) if path is not None else scores_path()
    doc, problem, detail = _read(target)
    if doc is None:
        return ScoreTable((), None if problem == "missing" else problem, detail, str(target))
    return _table(doc, variant, target)


def _table(doc: dict[str, Any], variant: str, path: Path) -> ScoreTable:
    """The table of ``variant`` in a document read from ``path``."""
    raw = doc["tables"].get(variant, [])
    if not isinstance(raw, list):
        return ScoreTable((), "wrong_shape", f"tables.{variant}", str(path))
    entries = [e for e in (_entry(item) for item in raw) if e is not None]
    bad = len(raw) - len(entries)
    return ScoreTable(_sorted(entries), "bad_entries" if bad else None, str(bad) if bad else "", str(path))


def record_score(
    name: str,
    score: int,
    variant: str = "dice-game",
    seed: int | None = None,
    when: _dt.datetime | None = None,
    path: str | os.PathLike[str] | None = None,
) -> Recorded:
    """Add a finished game's total to ``variant``'s table and write the file atomically.

    A file that cannot be read, or whose table of ``variant`` has damaged entries (or is not a list), is
    first copied to ``<name>.damaged`` (``kept`` in the result) and the problem returned: what cannot be
    read is never silently dropped. Raises OSError when the disk refuses the copy or the write (the old
    file is then untouched).
    """
    target = Path(path) if path is not None else scores_path()
    doc, problem, _detail = _read(target)
    if doc is None:
        before = ScoreTable()
        doc = {"format": FORMAT, "tables": {}}
    else:
        before = _table(doc, variant, target)
        problem = before.problem
    kept = keep_damaged(target) if problem not in (None, "missing") else None
    moment = (when or _dt.datetime.now().astimezone()).isoformat(timespec="seconds")
    entry = BestScore(name.strip()[:MAX_NAME] or "?", int(score), moment, seed)
    ranked = _sorted([*before.entries, entry])
    kept_entries = ranked[:MAX_ENTRIES]
    rank = next((i for i, e in enumerate(kept_entries) if e is entry), None)
    doc["tables"][variant] = [asdict(e) for e in kept_entries]
    atomic_write_text(target, json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
    new_best = before.best is None or entry.score > before.best
    return Recorded(
        ScoreTable(kept_entries, path=str(target)),
        rank,
        new_best,
        None if problem == "missing" else problem,
        str(target),
        str(kept) if kept else "",
    )


def keep_damaged(target: Path) -> Path:
    """Keep the damaged file ``target`` as it is beside it, before it is written over; return the copy.

    The copy is ``<name>.damaged``, or ``<name>.damaged-2``... when older copies of other content are there
    (one of the same content is reused). A file too large to copy, or one that cannot be read, is moved
    instead. Raises OSError when neither works (then nothing may write over ``target``).
    """
    data: bytes | None = None
    try:
        if target.stat().st_size <= MAX_BYTES:
            data = target.read_bytes()
    except OSError:
        data = None
    copy = target.with_name(target.name + ".damaged")
    for number in range(1, MAX_DAMAGED_COPIES + 1):
        copy = target.with_name(f"{target.name}.damaged" + (f"-{number}" if number > 1 else ""))
        try:
            if not copy.exists():
                break
            if data is not None and copy.stat().st_size == len(data) and copy.read_bytes() == data:
                return copy
        except OSError:
            continue
    if data is None:
        os.replace(target, copy)
    else:
        atomic_write_bytes(copy, data)
    return copy


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
