"""Save files: versioned JSON with the variant's rules, seed, action history and a snapshot.

Format (``"format": "catan-desktop-save"``, ``"version": 1``; a Catan Dice Game's save adds
``"kind": "dice"``, its ``rules`` are the dice sheet's and its ``snapshot`` is ``DiceGame.to_json`` data):
``name``, ``saved_at`` (ISO time), ``variant``, ``rules`` (the complete rule mapping the game used, so a
save never depends on the installed files), ``rules_sha256``, ``seed``, ``players``, ``board``,
``options``, ``history`` (every action as text), ``snapshot`` (``Game.to_json`` data, for quick loading),
and ``meta`` (free data from the UI: seat names, kinds, colours). Loading uses the snapshot; the history
replays to the same state (tests check it). Older versions are upgraded step by step (``_UPGRADES``).
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine import Game, IllegalAction, Ruleset, RulesetError, SnapshotError
from ..engine.any_game import BOARD, KINDS, kind_named, kind_of
from ..engine.module import REGISTRY as MODULES
from ..engine.ruleset import load_rules
from .files import atomic_write_text

# what malformed JSON content can raise below a field check (wrong types, huge numbers, deep nesting)
_DATA_ERRORS = (TypeError, ValueError, AttributeError, IndexError, KeyError, OverflowError, RecursionError)

FORMAT = "catan-desktop-save"
VERSION = 1
MAX_SAVE_BYTES = 64 * 1024 * 1024

# version N -> function upgrading a version-N document to version N+1
_UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


def N_(text: str, /) -> str:
    """Mark a problem's words for the translation catalogues (tools/catalogues.py finds every N_ call);
    persistence never translates: the screens show ``_(error.template, **error.fields)``."""
    return text


class SaveError(Exception):
    """A save file that cannot be read or written; the message names the file and the problem.

    ``template`` and ``fields`` are the problem as data (an English template with {fields}), so a screen can
    put it in the player's language; ``problem`` is the English text.
    """

    def __init__(self, path: str | os.PathLike[str], problem: str, /, **fields: object) -> None:
        text = problem.format(**fields) if fields else problem
        super().__init__(f"{path}: {text}")
        self.path = str(path)
        self.problem = text
        self.template = problem
        self.fields = fields


@dataclass
class LoadedSave:
    """A game read back from a file, with the UI's metadata."""

    game: Game
    name: str
    saved_at: str
    meta: dict[str, Any] = field(default_factory=dict)


def rules_hash(rules: Ruleset) -> str:
    """Return the SHA-256 of the canonical JSON of a rule set."""
    text = json.dumps(rules.to_json_data(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def save_document(game: Game, name: str = "", meta: dict[str, Any] | None = None) -> dict[str, Any]:
    """Return the save document for ``game`` (another kind than the board game's says its ``"kind"``: a
    DiceGame's ``"dice"``) as data."""
    kind = kind_of(game)
    doc = _document(game, name, meta, kind_named(kind).board_of(game))
    return doc if kind == BOARD else {**doc, "kind": kind}  # absent: the board game (older saves too)


def _document(game: Any, name: str, meta: dict[str, Any] | None, board: str) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "name": name,
        "saved_at": _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"),
        "variant": game.rules.name,
        "rules": game.rules.to_json_data(),
        "rules_sha256": rules_hash(game.rules),
        "seed": game.seed,
        "players": game.players,
        "board": board,
        "options": game.options,
        "history": list(game.history),
        "snapshot": json.loads(game.to_json()),
        "meta": meta or {},
    }


def save_game(
    game: Game, path: str | os.PathLike[str], name: str = "", meta: dict[str, Any] | None = None
) -> None:
    """Write ``game`` to ``path`` atomically; raises SaveError if the disk refuses."""
    text = json.dumps(save_document(game, name, meta), separators=(",", ":"))
    try:
        atomic_write_text(path, text)
    except OSError as exc:
        raise SaveError(path, N_("could not write the save ({error})"), error=exc.strerror or exc) from exc


def load_game(path: str | os.PathLike[str], verify: bool = False) -> LoadedSave:
    """Read a save file; raises SaveError naming the file and the problem. Never modifies the file.

    With ``verify``, the action history is replayed from the start and must reach the snapshot's state.
    """
    p = Path(path)
    try:
        if not p.is_file():
            raise SaveError(p, N_("no such save file") if not p.exists() else N_("not a file"))
        if p.stat().st_size > MAX_SAVE_BYTES:
            raise SaveError(p, N_("the file is far too large to be a save"))
        raw = p.read_bytes()
    except OSError as exc:
        raise SaveError(p, N_("could not read the file ({error})"), error=exc.strerror or exc) from exc
    return load_bytes(raw, p, verify)


def load_bytes(raw: bytes, path: str | os.PathLike[str] = "<memory>", verify: bool = False) -> LoadedSave:
    """Parse a save document from bytes; raises SaveError (see load_game)."""
    if not raw.strip():
        raise SaveError(path, N_("the file is empty"))
    try:
        doc = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise SaveError(path, N_("the file is not text (it may be damaged)")) from exc
    except RecursionError as exc:
        raise SaveError(path, N_("the file is nested too deeply to be a save")) from exc
    except json.JSONDecodeError as exc:
        if raw.lstrip().startswith(b"{") and not raw.rstrip().endswith(b"}"):  # a save is one JSON object
            raise SaveError(path, N_("the file is truncated (it ends before the save is complete)")) from exc
        raise SaveError(
            path, N_("the file is damaged: {detail} at line {line}, column {column}"),
            detail=exc.msg, line=exc.lineno, column=exc.colno,
        ) from exc
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise SaveError(path, N_("this is not a Catan Desktop save file"))
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError(path, N_("the save has no valid format version ({version!r})"), version=version)
    if version > VERSION:
        raise SaveError(
            path,
            N_("the save was written by a newer version of the game "
               "(format {found}; this game reads up to {reads})"),
            found=version, reads=VERSION,
        )
    while version < VERSION:
        doc = _UPGRADES[version](doc)
        version = doc["version"]
    problem = document_problem(doc)
    if problem is not None:
        raise SaveError(path, problem)
    try:
        kind = kind_named(doc.get("kind", BOARD))  # the board game's, or e.g. the Catan Dice Game's
        rules = kind.rules_from_data(doc["rules"])
        if doc["rules_sha256"] != rules_hash(rules):
            raise SaveError(path, N_("the rules stored in the save were edited (checksum mismatch)"))
        snapshot = json.dumps(doc["snapshot"])
        stored = kind.game.from_json(snapshot, rules=rules)
        upgraded = with_late_modules(rules)  # what the variant gained since it was saved
        game = stored if upgraded is rules else kind.game.from_json(snapshot, rules=upgraded)
    except KeyError as exc:
        raise SaveError(path, N_("the save is missing its {section!r} section"), section=exc.args[0]) from exc
    except RulesetError as exc:
        problems = "; ".join(exc.problems)
        raise SaveError(path, N_("the save's rules are invalid: {problems}"), problems=problems) from exc
    except SnapshotError as exc:
        raise SaveError(path, N_("the saved position is invalid: {detail}"), detail=exc) from exc
    except _DATA_ERRORS as exc:  # a value of the wrong kind that no check names (the rules' own builder)
        detail = f"{type(exc).__name__}: {exc}"
        raise SaveError(path, N_("the save is damaged ({detail})"), detail=detail) from exc
    if verify:
        try:
            replayed = replay(doc, rules)
        except (IllegalAction, RulesetError, *_DATA_ERRORS) as exc:
            raise SaveError(path, N_("the saved history cannot be replayed ({detail})"), detail=exc) from exc
        if replayed.to_json() != stored.to_json():
            raise SaveError(path, N_("the saved history does not lead to the saved position"))
    meta = doc.get("meta") if isinstance(doc.get("meta"), dict) else {}
    return LoadedSave(
        game=game, name=str(doc.get("name", "")), saved_at=str(doc.get("saved_at", "")), meta=meta
    )


def with_late_modules(rules: Any) -> Any:
    """``rules`` (a board game's, as a save stored them) with the rule modules its shipped variant has gained
    since (``RuleModule.JOINS_OLD_GAMES``, with the shipped settings): a Catan a Dois game saved before the
    stalemate ending (D-10.1) existed ends like a new one. Rules of a variant that is not shipped, or that
    lack nothing, are returned as they are. The saved history is still replayed under the stored rules."""
    if not isinstance(rules, Ruleset):
        return rules
    try:
        shipped = load_rules(rules.name)
    except Exception:  # noqa: BLE001 - not a shipped variant (a file of one's own), or it cannot be read
        return rules
    late = [m for m in shipped.modules
            if m not in rules.modules and getattr(MODULES.get(m), "JOINS_OLD_GAMES", False)]
    if not late:
        return rules
    data = rules.to_json_data()
    data["modules"] = [*data.get("modules", []), *late]
    settings = shipped.to_json_data().get("module_settings", {})
    own = data.setdefault("module_settings", {})
    for name in late:
        if name in settings:
            own[name] = settings[name]
    return Ruleset.from_dict(data)


# The save document's fields (format version 1) and the JSON types each must have; ``snapshot`` and ``rules``
# are checked field by field by the engine (Game.from_data, Ruleset.from_dict).
_FIELDS: dict[str, tuple[type, ...]] = {
    "rules": (dict,),
    "rules_sha256": (str,),
    "snapshot": (dict,),
    "name": (str,),
    "saved_at": (str,),
    "variant": (str,),
    "seed": (int,),
    "players": (int,),
    "board": (str,),
    "options": (dict,),
    "history": (list,),
    "meta": (dict,),
    "kind": (str,),  # "dice" for a Catan Dice Game; absent for the board game
}
_REQUIRED = ("rules", "rules_sha256", "snapshot")
_TYPE_NAMES = {dict: "a mapping", str: "text", int: "a whole number", list: "a list"}


def document_problem(doc: dict[str, Any]) -> str | None:
    """Return the first problem with the save document's own fields (missing, or of the wrong type), else
    None. Without ``rules_sha256`` the edited-rules check could be switched off by deleting it, so it is
    required (every version-1 save has it)."""
    for key in _REQUIRED:
        if key not in doc:
            return f"the save is missing its {key!r} section"
    for key, types in _FIELDS.items():
        if key not in doc:
            continue
        value = doc[key]
        if isinstance(value, bool) or not isinstance(value, types):
            return f"the save's {key!r} must be {_TYPE_NAMES[types[0]]}, not {type(value).__name__}"
    history = doc.get("history", [])
    if not all(isinstance(text, str) for text in history):
        return "the save's 'history' must list actions as text"
    if doc.get("kind", BOARD) not in KINDS:
        return f"the save's 'kind' must be one of {', '.join(KINDS)}"
    if len(doc["rules_sha256"]) != 64:
        return "the save's 'rules_sha256' is not a SHA-256 checksum"
    return None


def replay(doc: dict[str, Any], rules: Ruleset | None = None) -> Game:
    """Rebuild a game by replaying a save document's history from its seed; raises engine errors."""
    kind = kind_named(doc.get("kind", BOARD))
    rules = rules or kind.rules_from_data(doc["rules"])
    game = kind.new(rules, doc["players"], doc["seed"], board=doc["board"])
    game.options = dict(doc.get("options") or {})
    for text in doc["history"]:
        game.apply(text)
    return game  # type: ignore[no-any-return]


@dataclass(frozen=True)
class SaveInfo:
    """One entry of the load dialog."""

    path: Path
    name: str
    saved_at: str
    variant: str
    turn: int
    error: str | None = None


def list_saves(folder: str | os.PathLike[str]) -> list[SaveInfo]:
    """List the saves in ``folder``, newest first; unreadable ones carry ``error`` instead of failing."""
    out: list[SaveInfo] = []
    root = Path(folder)
    if not root.is_dir():
        return out
    files = [p for p in root.glob("*.json") if p.is_file()]  # not a folder or a FIFO named *.json (it hangs)
    for p in sorted(files, key=lambda x: x.stat().st_mtime, reverse=True):
        try:
            if p.stat().st_size > MAX_SAVE_BYTES:
                out.append(SaveInfo(p, p.stem, "", "?", 0, error="too large to be a save"))
                continue
            doc = json.loads(p.read_text(encoding="utf-8"))
            out.append(
                SaveInfo(
                    p,
                    str(doc.get("name") or p.stem),
                    str(doc.get("saved_at", "")),
                    str(doc.get("variant", "?")),
                    int(doc.get("snapshot", {}).get("turn", 0)),
                )
            )
        except (OSError, *_DATA_ERRORS) as exc:  # e.g. "turn": 1e999 (OverflowError), deep nesting
            out.append(SaveInfo(p, p.stem, "", "?", 0, error=f"unreadable ({type(exc).__name__})"))
    return out
