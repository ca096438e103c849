"""A board of one's own as one file to give to a friend, and a friend's board taken in (issue 34).

**Export.** A board made in the editor is a rule file in the player's own folder (paths.user_rules_dir) that
``extends`` a variant of the game, or another file of the player's, which may extend another... The friend
has the game's variants but not the player's files, so ``export_text`` returns one file that needs only the
game's: the file's own text, comments and all, when it extends a variant of the game (or nothing); else the
player's files of its chain merged into it by the loader's own merge (``flatten_extends``) and written as the
editor writes a board (``editor.layout.variant_text``). Either way it loads to the same rules.

**Import.** ``check_import`` reads a file from anywhere through the loader (its size, kind of file and
UTF-8 checked, safe YAML, nothing run), refuses a link, a file that extends something neither the game nor
the player has, and any file the loader finds a problem in, and says under which name it would join the
player's own files: its ``name``, else ``name-2``, ``name-3``... (a rule file's name is its file name, so the
text's ``name:`` is changed to match). ``import_board`` then writes it there, never over a file and never
outside that folder.

No words for the player: problems are the loader's ``RuleFileError`` or a ``ShareError`` code that the
screens word.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from catan_desktop.editor.layout import leading_comments, save_variant, variant_text
from catan_desktop.persistence.files import atomic_write_text
from catan_desktop.persistence.records import new_file
from catan_desktop.persistence.userdirs import rules_dir as own_rules_dir
from catan_desktop.variants import RuleFileError, RuleLoader, load_rule_file
from catan_desktop.variants.loader import flatten_extends, read_rule_text, rule_file_named
from catan_desktop.variants.schema_nodes import NAME_RE

SUFFIX = ".yaml"
MAX_LISTED = 200  # shared files listed (each is read when it is chosen)
MAX_STEM = 60  # an imported file's name is cut to this (the editor's own names are at most 40)
EXPORT_NOTE = (
    "# Exported from Catan Desktop, with the rule files it extended merged in: {files}.\n"
    "# It needs only the game's own rules. To play it, put it in the game's boards folder and choose\n"
    "# Scenarios & variants > Import.\n"
)
_NAME_LINE = re.compile(r"name(?P<colon>[ \t]*:[ \t]*)(?P<value>[^\r\n]*?)(?P<comment>[ \t]+#[^\r\n]*)?"
                        r"(?P<end>\r?\n)?\Z")


class ShareError(Exception):
    """A board that cannot be exported or imported for a reason of this module (the loader's problems are a
    RuleFileError): ``code`` and the ``fields`` its words use.

    Codes: ``link`` (the file to import is a symbolic link; ``file``), ``unknown_base`` (it extends
    ``name``, which neither the game nor the player has; ``file``), ``not_written`` (the disk refused;
    ``file``, ``error``), ``differs`` (the exported text would not load as the board: a bug; ``file``).
    """

    def __init__(self, code: str, **fields: Any) -> None:
        super().__init__(f"{code}: {fields}")
        self.code = code
        self.fields = fields


# --- export ----------------------------------------------------------------------------------------------


def export_text(path: str | os.PathLike[str]) -> str:
    """Return the text of one file that holds the board and rules of the player's rule file ``path`` and
    needs none of the player's other files. Raises RuleFileError (a broken file), ShareError ``differs``."""
    file = Path(path)
    data, merged = flatten_extends(file)  # loads the file: a broken one raises RuleFileError here
    if len(merged) == 1:  # it extends a variant of the game (or nothing): the file itself, as it is
        return read_rule_text(file)
    original = read_rule_text(file)
    comments = [line for line in leading_comments(original) if line.strip("# ")]
    note = EXPORT_NOTE.format(files=", ".join(p.name for p in merged[1:]))
    text = variant_text(data, "\n".join([*comments, *note.splitlines()]))
    # read as the friend's game reads it: beside no other file, so 'extends' finds only the game's variants
    alone = file.parent / ".nowhere" / file.name
    try:
        same = load_rule_file(alone, text=text, shown=str(file)) == load_rule_file(file)
    except RuleFileError:
        same = False
    if not same:
        raise ShareError("differs", file=file)
    return text


def export_board(path: str | os.PathLike[str], folder: str | os.PathLike[str]) -> Path:
    """Write ``export_text(path)`` into ``folder`` as ``NAME.yaml`` (``NAME-2.yaml``, its name changed to
    match, when taken: never over a file) and return its path. Raises RuleFileError, ShareError
    (``not_written``, ``differs``)."""
    text = export_text(path)
    target = new_file(folder, Path(path).stem, SUFFIX)
    if target.stem != Path(path).stem:  # NAME-2.yaml says name: NAME-2, so validate finds it sound as it is
        text = _renamed(text, _own_mapping(text), target.stem)
    try:
        atomic_write_text(target, text)
    except OSError as exc:
        raise ShareError("not_written", file=target, error=exc.strerror or str(exc)) from exc
    return target


# --- import ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Incoming:
    """A file checked for import: where it is, the name it would take among the player's own files (its
    own ``name``, else ``name-2``...), the text that would be written there (its ``name:`` set to that name)
    and the rules it loads to."""

    source: Path
    stem: str
    text: str = field(repr=False)
    data: dict[str, Any] = field(repr=False)
    original: str = ""  # the file's own name; another ``stem`` when a variant has it already

    @property
    def renamed(self) -> bool:
        """Whether the file takes another name than its own (a variant of that name is there already)."""
        return self.original != self.stem


def shared_files(folder: str | os.PathLike[str]) -> list[Path]:
    """The ``*.yaml`` files in ``folder`` (links too, to be refused when chosen), by name, at most MAX_LISTED;
    none when the folder cannot be read."""
    try:
        found = [p for p in Path(folder).iterdir() if p.name.endswith(SUFFIX) and not p.name.startswith(".")
                 and (p.is_file() or p.is_symlink())]
    except OSError:
        return []
    return sorted(found, key=lambda p: p.name.lower())[:MAX_LISTED]


def check_import(source: str | os.PathLike[str]) -> Incoming:
    """Check the file ``source`` completely, as it would be among the player's own rule files, and say under
    which name it would join them. Raises RuleFileError (every problem the loader finds, the file's size, kind
    and encoding included), ShareError (``link``, ``unknown_base``)."""
    file = Path(source)
    if file.is_symlink():
        raise ShareError("link", file=file)
    folder = own_rules_dir()
    text = read_rule_text(file)
    own = _own_mapping(text)
    base = own.get("extends")
    if isinstance(base, str) and NAME_RE.fullmatch(base) and rule_file_named(base) is None:
        raise ShareError("unknown_base", file=file, name=base)
    name = own.get("name")
    valid = isinstance(name, str) and NAME_RE.fullmatch(name) is not None
    stem = _free_stem(folder, str(name) if valid else "board")
    if valid and stem != name:
        text = _renamed(text, own, stem)
    data = load_rule_file(folder / f"{stem}{SUFFIX}", text=text, shown=str(file))
    return Incoming(file, stem, text, data, original=str(name))


def import_board(source: str | os.PathLike[str]) -> Path:
    """Check ``source`` (``check_import``) and write it into the player's own rule folder under its new name
    (a new file, atomically); return its path. Raises RuleFileError, ShareError (``link``, ``unknown_base``,
    ``not_written``)."""
    incoming = check_import(source)  # its name is free now: checked a moment before it is written
    folder = own_rules_dir()
    try:
        return save_variant(folder, incoming.stem, incoming.text)  # refuses a stem that is not a bare name
    except (OSError, ValueError) as exc:
        error = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise ShareError("not_written", file=folder / f"{incoming.stem}{SUFFIX}", error=error) from exc


def _own_mapping(text: str) -> dict[Any, Any]:
    """The keys the text itself sets (no ``extends`` merged), or {} when it is not a readable mapping: the
    loader then says why."""
    try:
        loader = RuleLoader(text)
        try:
            data = loader.load_with_lines()[0]
        finally:
            loader.dispose()
    except (yaml.YAMLError, RecursionError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _free_stem(folder: Path, wanted: str) -> str:
    """``wanted`` (cut to MAX_STEM), else ``wanted-2``, ``wanted-3``...: the first that is neither a file in
    ``folder`` nor the name of one of the game's variants (an own file of that name could not be played)."""
    stem = wanted if len(wanted) <= MAX_STEM else wanted[:MAX_STEM].rstrip("-_") or "board"

    def taken(candidate: str) -> bool:
        return os.path.lexists(folder / f"{candidate}{SUFFIX}") or rule_file_named(candidate) is not None

    candidate, k = stem, 2
    while taken(candidate):
        candidate, k = f"{stem}-{k}", k + 1
    return candidate


def _renamed(text: str, own: dict[Any, Any], stem: str) -> str:
    """``text`` with its top-level ``name:`` set to ``stem``: that one line changed, the rest (comments too)
    as it is; written afresh (``variant_text``, comments lost) when that line cannot be found or changed."""
    lines = text.splitlines(keepends=True)
    wanted = {**own, "name": stem}
    for index, line in enumerate(lines):
        found = _NAME_LINE.match(line)
        if found is None:
            continue
        changed = f"name{found['colon']}{stem}{found['comment'] or ''}{found['end'] or ''}"
        attempt = "".join([*lines[:index], changed, *lines[index + 1:]])
        if _own_mapping(attempt) == wanted:
            return attempt
    return variant_text(wanted, "\n".join(leading_comments(text)))
