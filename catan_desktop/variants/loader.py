"""Read rule files (``rules/*.yaml``): parse with line numbers, resolve ``extends``, validate, report.

Every problem is reported as ``FILE:LINE: key.path: message`` and all of them are raised together in one
``RuleFileError``; nothing here warns and carries on, prints, or exits.
"""

from __future__ import annotations

import contextlib
import copy
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from yaml.constructor import ConstructorError
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from catan_desktop import paths
from catan_desktop.i18n import Msg
from catan_desktop.variants.blame import Layer, Origins, blame, merge, where
from catan_desktop.variants.file_names import link_loop, printable, resolved
from catan_desktop.variants.schema import (
    NAME_RE,
    KeyPath,
    OverrideError,
    Problem,
    apply_overrides,
    did_you_mean,
    validate_ruleset,
)
from catan_desktop.variants.schema_nodes import at
from catan_desktop.variants.yaml_words import yaml_words as _yaml_words

MAX_FILE_BYTES = 1_000_000  # a rule file is a few kilobytes; anything this big is not one
MAX_VALUES = 100_000  # values once aliases are expanded (base.yaml has about 400); see _check_expansion
MAX_NUMBER_CHARS = 100  # the largest number a rule file may hold is 1000; see RuleLoader.construct_object
OPTIONS_SOURCE = "<options>"  # stands in for FILE:LINE in problems caused by overrides
_MERGE_TAG = "tag:yaml.org,2002:merge"
_INT_TAG = "tag:yaml.org,2002:int"
_EXTENDS_HINT = Msg(
    "a bare rule-file name such as 'base' "
    "(lowercase letters, digits, '_' and '-'; no folders, dots or '.yaml')"
)


class RuleFileError(Exception):
    """A rule file could not be used; ``problems`` holds every ``FILE:LINE: key.path: message`` line."""

    def __init__(self, problems: list[str]) -> None:
        # one problem, one line: a key or value holding a line break or a terminal escape ('a\nb', found by
        # fuzzing, issue 13) is quoted in a message and must not split it or reach the terminal raw
        problems = [_one_line(p) for p in problems]
        super().__init__("\n".join(problems))
        self.problems = problems


def _one_line(text: str) -> str:
    """Return ``text`` with line breaks and other unprintable characters written as escapes (``\\n``); a
    message keeps its template, with its fields escaped."""
    if text.isprintable():
        return text
    if isinstance(text, Msg):
        fields = text.fields.items()
        return Msg(text.template, **{k: _one_line(v) if isinstance(v, str) else v for k, v in fields})
    return printable(text)


class RuleLoader(yaml.SafeLoader):
    """A safe YAML loader that also returns the line of every key and list item, and finds duplicate keys.

    Use ``load_with_lines``; it never builds anything but plain YAML values (no custom tags).
    """

    def load_with_lines(self) -> tuple[object, dict[KeyPath, int], list[tuple[Problem, int]]]:
        """Return (data, line of each key path, duplicate keys with their lines); raises yaml.YAMLError."""
        node = self.get_single_node()
        if node is None:
            return None, {}, []
        lines: dict[KeyPath, int] = {}
        duplicates: list[tuple[Problem, int]] = []
        self._record(node, (), lines, duplicates, set())  # before construction flattens '<<' merge keys
        _check_expansion(node)
        return self.construct_document(node), lines, duplicates

    def _record(self, node: Node, path: KeyPath, lines: dict[KeyPath, int],
                duplicates: list[tuple[Problem, int]], seen: set[int]) -> None:
        lines.setdefault(path, node.start_mark.line + 1)
        if id(node) in seen:  # an alias: its lines were recorded where the anchor is
            return
        seen.add(id(node))
        if isinstance(node, SequenceNode):
            for index, item in enumerate(node.value):
                self._record(item, (*path, index), lines, duplicates, seen)
        elif isinstance(node, MappingNode):
            first_line: dict[object, int] = {}
            for key_node, value_node in node.value:
                if not isinstance(key_node, ScalarNode) or key_node.tag == _MERGE_TAG:
                    continue
                key = self.construct_object(key_node)
                line = key_node.start_mark.line + 1
                if key in first_line:
                    message = Msg(
                        "duplicate key '{key}' (first at line {first_line})",
                        key=key, first_line=first_line[key])
                    duplicates.append((Problem((*path, key), message), line))
                    continue
                first_line[key] = line
                lines[(*path, key)] = line
                self._record(value_node, (*path, key), lines, duplicates, seen)

    def construct_object(self, node: Node, deep: bool = False) -> Any:
        """Construct one value; one that cannot be a rule-file value raises ConstructorError with its line.

        Found by fuzzing (issue 13). PyYAML's scalar constructors raise bare errors for an explicit tag on
        the wrong text (``!!int brick`` and ``!!float desert`` a ValueError, ``!!bool maybe`` a KeyError,
        ``!!timestamp x`` an AttributeError), which escaped as crashes instead of problems. And a number
        too long for a rule file is refused before PyYAML builds it: a 5000-digit one raised a bare
        ValueError (Python's int-from-text digit limit), a 0x-number of 100,000 digits was built and then
        could not be printed in a message (the int-to-text limit), and a long sexagesimal ``1:2:3:...``
        took minutes (PyYAML's base-60 loop is quadratic). No rule-file number needs more than four digits.
        """
        if (
            isinstance(node, ScalarNode)
            and node.tag == _INT_TAG
            and len(str(node.value)) > MAX_NUMBER_CHARS
        ):
            message = Msg(
                "a number of {count} characters is too long for a rule file",
                count=len(str(node.value)))
            raise _Unreadable(None, None, Msg(
                "{message} (none may exceed 1000)",
                message=message), node.start_mark)
        try:
            return super().construct_object(node, deep)
        except (ValueError, KeyError, AttributeError, TypeError):
            tag = str(node.tag).replace("tag:yaml.org,2002:", "!!")
            value = str(node.value) if isinstance(node, ScalarNode) else "this value"
            shown = value if len(value) <= 40 else value[:37] + "..."
            raise _Unreadable(None, None, Msg(
                "'{shown}' cannot be read as {tag}",
                shown=shown, tag=tag), node.start_mark) from None


class _Unreadable(ConstructorError):
    """A value YAML reads but cannot build: its message is plain words, not a syntax error."""


def _check_expansion(root: Node) -> None:
    """Raise _Unreadable when aliases expand the file past MAX_VALUES values (or a value contains itself),
    at the first top-level key whose value alone passes the limit, else at the one that grows most.

    Found by fuzzing (issue 13): a "billion laughs" (nine aliases of nine aliases ...) is a few lines of
    YAML that reads fast, since the aliases share one value, but checking it visits every copy: 9**9 values
    took the validator minutes.
    """
    sizes: dict[int, int] = {}

    def size(node: Node) -> int:
        known = sizes.get(id(node))
        if known is not None:
            return known if known >= 0 else MAX_VALUES + 1  # -1: on the way down, so it contains itself
        sizes[id(node)] = -1
        total = 1
        if isinstance(node, SequenceNode):
            total += sum(size(item) for item in node.value)
        elif isinstance(node, MappingNode):
            total += sum(size(key) + size(value) for key, value in node.value)
        sizes[id(node)] = min(total, MAX_VALUES + 1)  # capped: the sum of 9**9 copies needs no big ints
        return sizes[id(node)]

    pairs = root.value if isinstance(root, MappingNode) else [(root, root)]
    grown = [(size(value), key) for key, value in pairs]
    if size(root) > MAX_VALUES:
        _, key = max(grown, key=lambda item: item[0])
        message = (Msg(
            "aliases (*name) make this value more than {limit} values long, or make it contain itself; a "
            "rule file has a few hundred",
            limit=MAX_VALUES))
        raise _Unreadable(None, None, message, key.start_mark)


@dataclass
class _Loaded:
    """One file's data, the origin of each key, and problems found before validation (duplicate keys)."""

    data: dict[str, object]
    origins: Origins
    problems: list[tuple[str, int, str]]  # (file, line, text)
    layer: Layer | None = None  # how it extends another file, if it does


def _format(problem: Problem, origins: Origins, fallback: str) -> str:
    """Return ``FILE:LINE: key.path: message`` for a problem."""
    file, line = where(problem.path, origins, fallback)
    return at(f"{file}:{line}" if line is not None else file, str(problem))


def _read_text(path: Path, shown: str) -> str:
    """Return the text of a rule file; raises RuleFileError for a file that cannot be a rule file."""
    try:
        if link_loop(path):  # exists() says False, and resolve() raised RuntimeError (issue 35, item 8)
            raise RuleFileError([Msg(
                "{shown}: cannot be read: it is a symbolic link that leads back to itself",
                shown=shown)])
        if not path.exists():
            raise RuleFileError([Msg("{shown}: no such file", shown=shown)])
        if path.is_dir():
            raise RuleFileError([Msg("{shown}: is a folder, not a rule file", shown=shown)])
        if not path.is_file():
            raise RuleFileError([Msg("{shown}: is not a regular file", shown=shown)])
        if path.stat().st_size > MAX_FILE_BYTES:
            raise RuleFileError([Msg(
                "{shown}: is too large to be a rule file (over {limit} bytes)",
                shown=shown, limit=MAX_FILE_BYTES)])
        raw = path.read_bytes()
    except OSError as err:
        raise RuleFileError([Msg(
            "{shown}: cannot be read ({value})",
            shown=shown, value=err.strerror or err)]) from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = raw.count(b"\n", 0, err.start) + 1
        raise RuleFileError(
            [Msg(
                "{shown}:{line}: the file is not UTF-8 text (byte 0x{raw:02x} cannot be read)",
                shown=shown, line=line, raw=raw[err.start])]
        ) from None


def _yaml_message(err: yaml.MarkedYAMLError) -> str:
    """Return a YAML error in plain words, without PyYAML's own position lines."""
    problem: str = _yaml_words(err.problem) if err.problem else Msg("cannot read this")
    if isinstance(err, _Unreadable):
        return problem
    if isinstance(err, ConstructorError) and "constructor for the tag" in problem:
        tag = problem.split("tag", 1)[1].strip(" '").replace("tag:yaml.org,2002:", "!!")
        return Msg("the tag {tag} is not allowed in a rule file", tag=tag)
    if err.context and err.context_mark is not None and err.context_mark.line != getattr(
        err.problem_mark, "line", None
    ):
        problem = Msg("{problem} ({context} at line {line})", problem=problem,
                      context=_yaml_words(err.context), line=err.context_mark.line + 1)
    elif err.context:
        problem = Msg("{problem} ({context})", problem=problem, context=_yaml_words(err.context))
    return Msg("YAML syntax error: {problem}", problem=problem)


def _parse(path: Path, shown: str, text: str | None = None) -> _Loaded:
    """Return one file's top-level mapping with line origins (``text``: its text); raises RuleFileError."""
    text = _read_text(path, shown) if text is None else text
    try:
        loader = RuleLoader(text)
        try:
            data, lines, duplicates = loader.load_with_lines()
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = mark.line + 1 if mark is not None else 1
        raise RuleFileError([at(f"{shown}:{line}", _yaml_message(err))]) from None
    except yaml.reader.ReaderError as err:
        line = text.count("\n", 0, err.position) + 1
        raise RuleFileError(
            [Msg(
                "{shown}:{line}: the file contains a character YAML does not allow (#x{character:04x})",
                shown=shown, line=line, character=err.character)]
        ) from None
    except yaml.YAMLError as err:
        raise RuleFileError([Msg("{shown}: YAML error: {err}", shown=shown, err=err)]) from None
    except RecursionError:
        raise RuleFileError([Msg(
            "{shown}: the file is nested too deeply to be a rule file",
            shown=shown)]) from None
    if data is None:
        raise RuleFileError([Msg(
            "{shown}:1: the file is empty; a rule file starts with 'format: 1'",
            shown=shown)])
    if not isinstance(data, dict):
        kind = Msg("a list") if isinstance(data, list) else Msg("a single value")
        raise RuleFileError(
            [Msg(
                "{shown}:1: the file must be a mapping of keys to values (like 'format: 1'), not {kind}",
                shown=shown, kind=kind)]
        )
    origins = {key: (shown, line) for key, line in lines.items()}
    problems = [(shown, line, f"{shown}:{line}: {problem}") for problem, line in duplicates]
    return _Loaded(data, origins, problems)


# --- extends ---------------------------------------------------------------------------------------------


def _find_base(name: str, folder: Path, myself: Path) -> Path | None:
    """Return the file ``extends: NAME`` means: NAME.yaml beside the file, else an installed one."""
    folders = [folder]
    with contextlib.suppress(FileNotFoundError):  # no installed rules: only the file's own folder
        folders.append(paths.rules_dir())
    for place in folders:
        candidate = place / f"{name}.yaml"
        if (candidate.is_file() or link_loop(candidate)) and resolved(candidate) != myself:
            return candidate  # a link loop too: reading it says so
    return None


def _installed_names() -> list[str]:
    """Return the names of the installed and the player's own rule files (for did-you-mean hints)."""
    try:
        shipped = [p.stem for p in paths.rules_dir().glob("*.yaml")]
    except FileNotFoundError:
        shipped = []
    return sorted({*shipped, *(p.stem for p in own_rule_files())})


MAX_OWN_FILES = 200  # the player's rules folder is read at every menu visit: a bounded number of files


def own_rule_files() -> list[Path]:
    """The player's own rule files (``*.yaml`` in paths.user_rules_dir()), by name; at most MAX_OWN_FILES.

    Only regular files: a folder, a FIFO (reading it would hang) or a link named ``*.yaml`` is skipped.
    """
    folder = paths.user_rules_dir()
    try:
        found = sorted(p for p in folder.glob("*.yaml") if p.is_file() and not p.is_symlink())
    except OSError:
        return []
    return found[:MAX_OWN_FILES]


def _merge_origins(base: _Loaded, child: _Loaded, own: dict[str, object]) -> Origins:
    """Return origins for merged data: the child's keys plus the base's keys the child did not replace."""
    replaced = [p for p in child.origins if p and not _both_mappings(base.data, own, p)]

    def kept(path: KeyPath) -> bool:
        return not any(len(path) > len(r) and path[: len(r)] == r for r in replaced)

    return {**{p: o for p, o in base.origins.items() if kept(p)}, **child.origins}


def _both_mappings(base: object, child: object, path: KeyPath) -> bool:
    """Return whether both documents hold a mapping at ``path`` (so the merge goes inside it)."""
    for key in path:
        base = base.get(key) if isinstance(base, dict) else None
        child = child.get(key) if isinstance(child, dict) else None
    return isinstance(base, dict) and isinstance(child, dict)


def _apply_replace(child: _Loaded, base: _Loaded, shown: str) -> list[str]:
    """Remove from ``base`` each key the child lists under ``replace``; return problems with the list."""
    entries = child.data.get("replace", [])
    if not isinstance(entries, list):
        return [_format(Problem(("replace",), Msg("must be a list of key paths")), child.origins, shown)]
    problems = []
    for index, entry in enumerate(entries):
        keys = entry.split(".") if isinstance(entry, str) else []
        if not keys or not all(keys):
            message = Msg(
                "must be a key path like 'layouts' or 'board.terrain_counts', not {entry}",
                entry=repr(entry))
            problems.append(_format(Problem(("replace", index), message), child.origins, shown))
            continue
        parent: object = base.data
        for key in keys[:-1]:
            parent = parent.get(key) if isinstance(parent, dict) else None
        if not isinstance(parent, dict) or keys[-1] not in parent:
            hint = did_you_mean(keys[-1], [str(k) for k in parent]) if isinstance(parent, dict) else ""
            message = Msg("'{entry}' is not a key of the file this one extends{hint}", entry=entry, hint=hint)
            problems.append(_format(Problem(("replace", index), message), child.origins, shown))
            continue
        del parent[keys[-1]]
        gone = tuple(keys)
        base.origins = {p: o for p, o in base.origins.items() if p[: len(gone)] != gone}
    return problems


def _resolve(path: Path, shown: str, chain: list[Path], text: str | None = None) -> _Loaded:
    """Return a file's data with its ``extends`` chain merged in; raises RuleFileError."""
    child = _parse(path, shown, text)
    if "extends" not in child.data:
        return child
    name = child.data["extends"]

    def fail(message: str, key: str = "extends") -> RuleFileError:
        return RuleFileError([*(text for *_, text in child.problems),
                              _format(Problem((key,), message), child.origins, shown)])

    if not isinstance(name, str) or not NAME_RE.fullmatch(name):
        raise fail(Msg("must be {hint}, not {name}", hint=_EXTENDS_HINT, name=repr(name)))
    base_path = _find_base(name, path.parent, chain[-1])
    if base_path is None and resolved(path.parent / f"{name}.yaml") == chain[-1]:
        raise fail(Msg("a file cannot extend itself"))
    if base_path is None:
        hint = did_you_mean(name, _installed_names())
        raise fail(Msg(
            "no rule file named '{name}' in this file's folder or among the installed rules{hint}",
            name=name, hint=hint))
    if resolved(base_path).parent != resolved(base_path.parent):
        raise fail(Msg(
            "'{base_path}' links to a file in another folder; extends cannot follow it",
            base_path=base_path))
    if resolved(base_path) in chain:
        loop = [p.name for p in chain[chain.index(resolved(base_path)):]]
        raise fail(Msg("extends goes round in a circle: {files}", files=" -> ".join([*loop, base_path.name])))
    for key in ("name", "title"):
        if key not in child.data:
            raise fail(Msg("a file that extends another must set its own '{key}'", key=key), key)

    base = _resolve(base_path, str(base_path), [*chain, resolved(base_path)])
    before = copy.deepcopy(base.data) if "replace" in child.data else base.data  # replace edits base.data
    replace_problems = _apply_replace(child, base, shown)
    if replace_problems:
        raise RuleFileError([*(text for *_, text in child.problems), *replace_problems])
    own = {k: v for k, v in child.data.items() if k not in ("extends", "replace")}
    merged = merge(copy.deepcopy(base.data), own)
    assert isinstance(merged, dict)  # both sides are mappings
    keys = {k: v for k, v in child.data.items() if k != "extends"}
    layer = Layer(shown, before, base, keys, child.origins)
    return _Loaded(merged, _merge_origins(base, child, own), [*child.problems, *base.problems], layer)


# --- public API ------------------------------------------------------------------------------------------


def _ordered(problems: list[Problem], loaded: _Loaded, shown: str) -> list[str]:
    """Return every problem as text: this file's first, then each other file's, each in line order."""
    located = list(loaded.problems)
    for problem in problems:
        file, line, moved = blame(problem, loaded, shown)
        text = _format(problem, loaded.origins, shown)
        if moved:  # at the key of this file that causes it, saying where the value it makes wrong is
            place = ":".join(str(x) for x in where(problem.path, loaded.origins, shown) if x is not None)
            text = at(f"{file}:{line}", Msg(
                "{problem} (the value is at {place}, in the file this one extends)",
                problem=str(problem), place=place))
        located.append((file, line or 0, text))
    located.sort(key=lambda item: (item[0] != shown, item[0], item[1]))
    return [text for *_, text in located]


def load_rule_file(path: str | os.PathLike[str], text: str | None = None, shown: str = "") -> dict[str, Any]:
    """Return a rule file's data with ``extends`` resolved; raises RuleFileError listing every problem.
    ``text``: the text of a file not yet at ``path`` (issue 34: an import checked where it goes); ``shown``:
    the file's name in the problems, if not ``path``."""
    file = Path(os.fspath(path))
    shown = shown or os.fspath(path)
    try:
        loaded = _resolve(file, shown, [resolved(file)], text)
        problems = validate_ruleset(loaded.data)
        name = loaded.data.get("name")
        if isinstance(name, str) and NAME_RE.fullmatch(name) and name != file.stem:
            # load_variant(NAME), extends: NAME and list_variants all find a rule file by its file name
            problems.append(Problem(("name",), Msg(
                "'{name}' does not match the file name '{name2}' (a rule file's name is its file name "
                "without '.yaml')",
                name=name, name2=file.name)))
        ordered = _ordered(problems, loaded, shown) if problems or loaded.problems else []
    except RecursionError:
        raise RuleFileError([Msg(
            "{shown}: the file is nested too deeply to be a rule file",
            shown=shown)]) from None
    if ordered:
        raise RuleFileError(ordered)
    return loaded.data


def read_rule_text(path: str | os.PathLike[str]) -> str:
    """Return a rule file's text as the loader reads it (size, kind of file, UTF-8); raises RuleFileError."""
    return _read_text(Path(os.fspath(path)), os.fspath(path))


def flatten_extends(path: str | os.PathLike[str]) -> tuple[dict[str, Any], list[Path]]:
    """Return a rule file merged as ``_resolve`` merges with the files it extends down to the first that comes
    with the game, as one file extending that one (or nothing: its whole data if merging is not associative),
    and the files merged, ``path`` first (issue 34: a board to give a friend). Raises RuleFileError."""
    file, shipped = Path(os.fspath(path)), resolved(paths.rules_dir())
    full = load_rule_file(file)  # the whole chain is sound from here on
    layers, files, kept = [_parse(file, os.fspath(file))], [file], None
    while "extends" in layers[-1].data:
        kept = _find_base(str(layers[-1].data["extends"]), files[-1].parent, resolved(files[-1]))
        if kept is None or resolved(kept).parent == shipped:
            break
        files.append(kept)
        layers.append(_parse(kept, os.fspath(kept)))
        kept = None
    rest = _Loaded(_resolve(kept, os.fspath(kept), [resolved(kept)]).data if kept else {}, {}, [])
    own, replace = _Loaded({}, {}, []), []  # the merged files' keys; what they replace of the kept file's
    for layer in reversed(layers):
        for entry in layer.data.get("replace", []):
            if not _apply_replace(_Loaded({"replace": [entry]}, {}, []), rest, ""):  # it was there
                replace.append(entry)
            _apply_replace(_Loaded({"replace": [entry]}, {}, []), own, "")
        keys = {k: copy.deepcopy(v) for k, v in layer.data.items() if k not in ("extends", "replace")}
        own.data = merge(own.data, keys)  # type: ignore[assignment]  # two mappings make a mapping
    extends = {k: v for k, v in {"extends": kept.stem if kept else "", "replace": replace}.items() if v}
    return (full if merge(rest.data, own.data) != full else {**own.data, **extends}), files


def rule_file_named(name: str) -> Path | None:
    """The file ``load_variant(name)`` reads (the game's, else the player's own); None when there is none."""
    with contextlib.suppress(RuleFileError):
        return _variant_path(name) if NAME_RE.fullmatch(name) else None
    return None


def _variant_path(name_or_path: str) -> Path:
    """Return the file a variant name or path means; raises RuleFileError for an unknown name."""
    if not NAME_RE.fullmatch(name_or_path):
        return Path(name_or_path)
    try:
        path = paths.rules_dir() / f"{name_or_path}.yaml"
    except FileNotFoundError as err:
        raise RuleFileError([at(name_or_path, str(err))]) from None
    if not path.is_file():
        own = paths.user_rules_dir() / f"{name_or_path}.yaml"  # the player's own rule files come second
        if own.is_file() and not own.is_symlink():
            return own
        names = _installed_names()
        hint = did_you_mean(name_or_path, names) or Msg(" (installed: {names})", names=", ".join(names))
        raise RuleFileError([Msg(
            "{name_or_path}: no installed variant of that name{hint}",
            name_or_path=name_or_path, hint=hint)])
    return path


def load_variant(name_or_path: str, overrides: Mapping[str, object] | None = None) -> dict[str, Any]:
    """Return a variant's validated data with ``overrides`` applied; raises RuleFileError.

    A bare name (``base``) means the installed ``rules/NAME.yaml``; anything else is a path.
    """
    data = load_rule_file(_variant_path(name_or_path))
    if not overrides:
        return data
    try:
        data = apply_overrides(data, overrides)
    except OverrideError as err:
        raise RuleFileError([at(OPTIONS_SOURCE, str(p)) for p in err.problems]) from None
    problems = validate_ruleset(data)
    if problems:
        raise RuleFileError([at(OPTIONS_SOURCE, str(p)) for p in problems])
    return data
