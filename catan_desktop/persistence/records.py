"""Game records (issue 19): a game as plain text — its rules, seed and every action — to share it and replay
it on another machine. Importing a record replays it from its seed with the engine's rules checks, so a record
that reads is a game that really happened under its rules.

Format (``format: catan-desktop-record 1``), UTF-8 text, one ``key: value`` per line, then ``history:`` and
one action per line in the engine's text form (docs/engine-api.md); lines starting with ``#`` and blank lines
are ignored::

    # Catan Desktop game record
    format: catan-desktop-record 1
    name: Sunday game
    variant: base
    seed: 18
    players: 4
    board: random
    options: {}
    meta: {"config": {...}}          (optional: the seats' names, kinds and colours, as a save keeps them)
    rules: {...}                     (the complete rule mapping, JSON on one line)
    history:
    settle 25
    road 30
    ...

Reading never trusts the file: its size, line count and fields are checked, and any problem is one
``SaveError`` naming the file, the line and what is wrong (never a traceback).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from ..engine import ActionParseError, Game, IllegalAction, RulesetError, SnapshotError
from ..engine.any_game import BOARD, kind_named
from .files import atomic_write_text
from .saves import LoadedSave, SaveError

FORMAT = "catan-desktop-record"
VERSION = 1
SUFFIX = ".catan.txt"
MAX_RECORD_BYTES = 16 * 1024 * 1024
MAX_ACTIONS = 20_000  # a long game has a few thousand (3,000 in the golden games); reading 20,000: < 1 s
_KEYS = ("format", "name", "variant", "seed", "players", "board", "options", "meta", "rules")
_REQUIRED = ("format", "seed", "players", "board", "rules")


def N_(text: str, /) -> str:
    """Mark a problem's words for the catalogues; the screens translate ``error.template``."""
    return text


def record_text(game: Game, name: str = "", meta: dict[str, Any] | None = None) -> str:
    """The record of ``game`` (finished or not) as text."""
    lines = [
        "# Catan Desktop game record: the rules, the seed and every action of one game.",
        "# Replay it: put it in the game's records folder and choose Load game > Import (or: catan-desktop "
        "import FILE).",
        f"format: {FORMAT} {VERSION}",
        f"name: {' '.join(name.split())}",
        f"variant: {game.rules.name}",
        f"seed: {game.seed}",
        f"players: {game.players}",
        f"board: {getattr(game.seat_view(0), 'board_kind', 'sheet')}",  # a DiceGame has a sheet, no board
        f"options: {json.dumps(game.options, sort_keys=True, ensure_ascii=False)}",
        f"meta: {json.dumps(meta or {}, sort_keys=True, ensure_ascii=False)}",
        f"rules: {json.dumps(game.rules.to_json_data(), sort_keys=True, ensure_ascii=False)}",
        "history:",
        *game.history,
    ]
    return "\n".join(lines) + "\n"


def export_record(game: Game, path: str | os.PathLike[str], name: str = "",
                  meta: dict[str, Any] | None = None) -> Path:
    """Write the record of ``game`` to ``path`` atomically; raises SaveError."""
    p = Path(path)
    try:
        atomic_write_text(p, record_text(game, name, meta))
    except OSError as exc:
        raise SaveError(p, N_("could not write the file ({error})"), error=exc.strerror or exc) from exc
    return p


def read_record(path: str | os.PathLike[str]) -> LoadedSave:
    """Read a record and replay it; raises SaveError naming the file, the line and the problem."""
    p = Path(path)
    try:
        if not p.is_file():
            raise SaveError(p, N_("no such file") if not p.exists() else N_("not a file"))
        if p.stat().st_size > MAX_RECORD_BYTES:
            raise SaveError(p, N_("the file is far too large to be a game record"))
        raw = p.read_bytes()
    except OSError as exc:
        raise SaveError(p, N_("could not read the file ({error})"), error=exc.strerror or exc) from exc
    return parse_record(raw, p)


def parse_record(raw: bytes, path: str | os.PathLike[str] = "<memory>") -> LoadedSave:
    """Parse and replay a record from bytes; raises SaveError (see read_record)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SaveError(path, N_("the file is not text (it may be damaged)")) from exc
    fields: dict[str, tuple[int, str]] = {}
    history: list[tuple[int, str]] = []
    in_history = False
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if in_history:
            if len(history) >= MAX_ACTIONS:
                raise SaveError(path, N_("line {line}: more than {limit} actions; this is not a game record"),
                                line=number, limit=MAX_ACTIONS)
            history.append((number, stripped))
            continue
        if stripped == "history:":
            in_history = True
            continue
        key, sep, value = stripped.partition(":")
        key = key.strip()
        if not sep or key not in _KEYS:
            raise SaveError(path, N_("line {line}: expected 'key: value' with a known key, not {text!r}"),
                            line=number, text=stripped[:60])
        if key in fields:
            raise SaveError(path, N_("line {line}: '{key}' is given twice"), line=number, key=key)
        fields[key] = (number, value.strip())
    if not fields and not history:
        raise SaveError(path, N_("the file is empty"))
    if fields.get("format", (0, ""))[1] != f"{FORMAT} {VERSION}":
        found = fields.get("format", (0, ""))[1]
        if found.startswith(FORMAT):
            raise SaveError(path, N_("the record was written by another version of the game ({found}; this "
                                     "game reads {reads})"), found=found, reads=f"{FORMAT} {VERSION}")
        raise SaveError(path, N_("this is not a Catan Desktop game record"))
    for key in _REQUIRED:
        if key not in fields:
            raise SaveError(path, N_("the record has no '{key}:' line"), key=key)
    if not in_history:
        raise SaveError(path, N_("the record has no 'history:' line"))
    seed = _whole(path, fields, "seed")
    players = _whole(path, fields, "players")
    rules_data = _json(path, fields, "rules", dict)
    options = _json(path, fields, "options", dict) if "options" in fields else {}
    meta = _json(path, fields, "meta", dict) if "meta" in fields else {}
    board = fields["board"][1]
    try:
        kind = kind_named(rules_data.get("game", BOARD))  # the board game, or the Catan Dice Game (issue 18)
        game: Any = kind.new(kind.rules_from_data(rules_data), players, seed, board=board)
    except RulesetError as exc:
        raise SaveError(path, N_("line {line}: the record's rules or set-up are invalid: {problems}"),
                        line=fields["rules"][0], problems="; ".join(exc.problems)) from exc
    except (SnapshotError, TypeError, ValueError, KeyError, IndexError, OverflowError, RecursionError) as exc:
        raise SaveError(path, N_("line {line}: the record's rules are damaged ({detail})"),
                        line=fields["rules"][0], detail=f"{type(exc).__name__}: {exc}") from exc
    game.options = dict(options)
    for number, action in history:
        try:
            game.apply(action)
        except ActionParseError as exc:
            raise SaveError(path, N_("line {line}: {action!r} is not an action ({detail})"), line=number,
                            action=action[:60], detail=exc) from exc
        except IllegalAction as exc:
            raise SaveError(path, N_("line {line}: {action!r} is not allowed at that point of the game "
                                     "({reason})"), line=number, action=action[:60],
                            reason=exc.reason) from exc
    name = fields.get("name", (0, ""))[1]
    return LoadedSave(game=game, name=name, saved_at="", meta=meta)


def _whole(path: str | os.PathLike[str], fields: dict[str, tuple[int, str]], key: str) -> int:
    line, value = fields[key]
    try:
        number = int(value)
    except ValueError:
        number = None
    if number is None or not -(2**63) <= number < 2**63:
        raise SaveError(path, N_("line {line}: '{key}' must be a whole number, not {value!r}"), line=line,
                        key=key, value=value[:40])
    return number


def _json(path: str | os.PathLike[str], fields: dict[str, tuple[int, str]], key: str, kind: type) -> Any:
    line, value = fields[key]
    try:
        data = json.loads(value)
    except (ValueError, RecursionError) as exc:
        raise SaveError(path, N_("line {line}: '{key}' is not valid JSON"), line=line, key=key) from exc
    if not isinstance(data, kind):
        raise SaveError(path, N_("line {line}: '{key}' must be a JSON mapping"), line=line, key=key)
    return data


def import_record(path: str | os.PathLike[str], folder: str | os.PathLike[str]) -> tuple[Path, LoadedSave]:
    """Read a record, replay it, and keep it as a named save in ``folder`` (a new file, never overwriting
    one); returns the save's path and the game. Raises SaveError for the record or the disk."""
    from .saves import save_game

    loaded = read_record(path)
    stem = Path(path).name.removesuffix(SUFFIX).removesuffix(".txt") or "record"
    name = loaded.name or stem
    target = new_file(folder, stem, ".json")
    try:
        Path(folder).mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SaveError(folder, N_("could not write the save ({error})"), error=exc.strerror or exc) from exc
    save_game(loaded.game, target, name, loaded.meta)
    return target, loaded


def new_file(folder: str | os.PathLike[str], stem: str, suffix: str) -> Path:
    """A path in ``folder`` that no file has yet: ``stem`` (letters, digits, '-' and '_' kept, at most 60)
    plus ``suffix``, then ``stem-2``, ``stem-3``... (an export or an import never overwrites a file)."""
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in stem)[:60] or "game"
    target, k = Path(folder) / f"{safe}{suffix}", 2
    while target.exists():
        target, k = Path(folder) / f"{safe}-{k}{suffix}", k + 1
    return target
