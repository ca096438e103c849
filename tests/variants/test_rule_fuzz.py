"""Any content in a rule file gives one RuleFileError whose every line names the file (and the line, when
there is one), or rule data that builds a Ruleset and plays (issue 13, "robustness under hostile input").

Each shipped rule file (rules/*.yaml, plus the map-board fixture, which exercises the map schema) is
mutated by seeded text edits: a value changed to another type, to 0, -1, a huge number, 1e40, a 5000-digit
int, a list, a mapping, a tag such as ``!!python/object``; a key deleted, written twice, misspelt or unknown;
deep nesting, an alias bomb, truncation, flipped bytes, swapped lines, an ``extends`` that tries to leave the
folder or goes round in a circle. A mutant that loads must play: random legal moves for the smallest and the
largest table, with every call to the engine bounded in time and ``legal_actions`` never empty (nor huge)
before the game ends. The suite tries a bounded, seeded handful per file; ``python bench/fuzz.py rules``
tries thousands with the same functions (``make_folder``, ``mutant``, ``check_mutant``).
"""

from __future__ import annotations

import contextlib
import io
import random
import re
import shutil
import signal
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from catan_desktop import paths
from catan_desktop.cli.main import main as cli_main
from catan_desktop.engine import DiceGame, Game, Ruleset
from catan_desktop.engine.dice_sheet import DiceSheet
from catan_desktop.variants import RuleFileError, load_rule_file

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
SOURCES = sorted(  # board games only: test_dice_sheet_schema.py checks the dice sheets
    s for s in paths.rules_dir().glob("*.yaml") if not s.stem.startswith("dice-game")
) + [FIXTURES / "map_island.yaml"]
MUTANTS_PER_FILE = 60  # the suite's share; bench/fuzz.py rules --count N tries more
PLAY_ACTIONS = 300  # random moves per game in the suite (the bench plays longer games)
MAX_LISTED = 5000  # more legal actions than this at once is a hang in the making
CALL_SECONDS = 5.0  # one engine call (legal_actions, apply) taking longer than this is a hang
FILE_SECONDS = 20.0  # loading one mutant
GAME_SECONDS = 60.0  # one whole capped game


class Hang(BaseException):
    """Time ran out. A BaseException, so that no ``except Exception`` in the code under test eats it."""


@contextlib.contextmanager
def deadline(seconds: float, what: str) -> Iterator[None]:
    """Raise Hang inside the block after ``seconds`` (SIGALRM, in the main thread), or after it ends.

    A hang must fail the test rather than stall the suite; off the main thread (or without SIGALRM) only a
    block that does end can be caught. Deadlines nest: an outer one still rings, on time.
    """
    armed = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    previous: Any = None
    outer = 0.0
    if armed:
        message = [f"{what} took more than {seconds:g} s"]

        def ring(_signum: int, _frame: object) -> None:
            raise Hang(message[0])

        previous = signal.signal(signal.SIGALRM, ring)
        outer, _ = signal.setitimer(signal.ITIMER_REAL, seconds)
        if 0 < outer < seconds:  # the enclosing deadline comes first: keep it
            signal.setitimer(signal.ITIMER_REAL, outer)
            message[0] = f"{what} ran past an enclosing deadline"
    start = time.perf_counter()
    try:
        yield
    finally:
        took = time.perf_counter() - start
        if armed:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
            if outer > 0:
                signal.setitimer(signal.ITIMER_REAL, max(outer - took, 0.001))
    if took > seconds:
        raise Hang(f"{what} took more than {seconds:g} s")


# --- the folder a mutant lives in ------------------------------------------------------------------------


def make_folder(root: Path) -> Path:
    """Return ``root/rules``: copies of every source file, two files extending each other, and ``evil.yaml``,
    a link to a valid rule file outside the folder (extends must refuse to follow it)."""
    folder = root / "rules"
    folder.mkdir(parents=True, exist_ok=True)
    for source in SOURCES:
        shutil.copyfile(source, folder / source.name)
    for me, other in (("loop_a", "loop_b"), ("loop_b", "loop_a")):
        text = f"format: 1\nextends: {other}\nname: {me}\ntitle: {me}\n"
        (folder / f"{me}.yaml").write_text(text, encoding="utf-8")
    outside = root / "outside"
    outside.mkdir(exist_ok=True)
    base = (paths.rules_dir() / "base.yaml").read_text(encoding="utf-8")
    (outside / "evil.yaml").write_text(base.replace("name: base", "name: evil"), encoding="utf-8")
    with contextlib.suppress(OSError, NotImplementedError):  # no symbolic links here: nothing to test
        (folder / "evil.yaml").symlink_to(outside / "evil.yaml")
    return folder


# --- mutations: each takes the file's text and returns the mutant text (or bytes) ------------------------

KEY_LINE = re.compile(r"^(\s*(?:- )?[A-Za-z_\"][\w\-\".]*\s*:)(\s*)(.*)$")
NUMBER = re.compile(r"(?<![\w.\-\"'])\d+(?![\w.\-\"'])")
LIST_ITEM = re.compile(r"^(\s*- )(.*)$")
FLOW_ITEM = re.compile(r"(?<=[\[{,]) ?([^,\[\]{}:]+?)(?=\s*[,\]}])")
BAD_VALUES = [
    "0", "-1", "1", "2", "3", "7", "8", "9", "20", "21", "100", "101", "200", "1000", "1001",
    "999999999999", "-999999999999", "1.0e+40", "1e40", ".inf", "-.inf", ".nan", "2.5", "-0", "007", "0o17",
    "9" * 5000, "-" + "9" * 4299, "0x" + "f" * 5000, "0b" + "1" * 20000, "1:2:3:4:5:6:7:8:9:10:11:12",
    "[]", "[1, 2]", "[[1, 2], [3]]", "[A, 5]", "{}", "{a: 1}", "{min: 3, max: 4}", "{brick: 1}",
    '"x"', "''", "~", "null", "true", "false", "no", "off", '"2.1"', "2.1", '"1.1 N"', "[1.5, 2]",
    '"é✓\u202e 中\u200b"', '"a\\nb"', "desert", "generic", "lumber", "random", "base", "knight",
    "!!python/object/apply:os.system [echo pwned]", "!!python/object:object {}", "!!python/name:os.system",
    "!!binary aGVsbG8=", "!!set {a, b}", "!!omap [a: 1]", "!!timestamp 2001-12-14", "!!float 3",
    "!!str 3", "!!int '12'", "!!bool yes", "!foo bar", "&anchor [1]", "*nowhere",
    "[" * 3000 + "]" * 3000, "{a: " * 1500 + "1" + "}" * 1500, "[" * 90 + "]" * 90,
]
UNKNOWN_KEYS = ["colour", "pieces_", "zzz", "roads", "targte", "Target", "1", "true", "~", '"a b"', "<<"]
EXTENDS = [
    "../base", "../outside/evil", "/etc/passwd", "base.yaml", "./base", "..", ".", "evil", "loop_a",
    "nosuch", "BASE", "bas", "[base]", "{a: 1}", "123", "''", "~", "base/../base", "'base\\0'", "map_island",
    "base-5-6", "catan-a-dois", "'\u0431ase'",
]


def _block_end(lines: list[str], i: int) -> int:
    """Return the index after the block that starts at line ``i`` (its more-indented continuation)."""
    indent = len(lines[i]) - len(lines[i].lstrip(" -"))
    end = i + 1
    while end < len(lines):
        line = lines[end]
        if line.strip() and not line.lstrip().startswith("#") and len(line) - len(line.lstrip()) <= indent:
            break
        end += 1
    return end


def _bad_value(rng: random.Random) -> str:
    if rng.random() < 0.25:  # plausible whole numbers: the files that validate and must then play
        return str(rng.choice([rng.randint(-2, 12), rng.randint(0, 120), rng.randint(0, 1100)]))
    return rng.choice(BAD_VALUES)


def _key_lines(lines: list[str]) -> list[int]:
    return [i for i, line in enumerate(lines) if KEY_LINE.match(line) and not line.lstrip().startswith("#")]


def set_value(text: str, rng: random.Random) -> str:
    """A key's value (scalar, flow or whole block) becomes another value."""
    lines = text.split("\n")
    i = rng.choice(_key_lines(lines))
    head, _, _ = KEY_LINE.match(lines[i]).groups()  # type: ignore[union-attr]
    return "\n".join([*lines[:i], f"{head} {_bad_value(rng)}", *lines[_block_end(lines, i) :]])


def tweak_number(text: str, rng: random.Random) -> str:
    """A number becomes a plausible other one (0, 1, one more or less, double, a ceiling): often still a valid
    file, so this is how most playable mutants arise."""
    lines = text.split("\n")
    found = [(i, m) for i, line in enumerate(lines) for m in NUMBER.finditer(line.split("#")[0])]
    i, m = rng.choice(found)
    n = int(m.group())
    new = rng.choice([0, 1, 2, n - 1, n + 1, n * 2, n // 2, 5, 6, 7, 8, 10, 12, 20, 100, 200, 1000])
    lines[i] = f"{lines[i][: m.start()]}{new}{lines[i][m.end() :]}"
    return "\n".join(lines)


def set_item(text: str, rng: random.Random) -> str:
    """A list item (``- x``) or an item inside a flow list or mapping becomes another value."""
    lines = text.split("\n")
    flows = [(i, m) for i, line in enumerate(lines) for m in FLOW_ITEM.finditer(line.split("#")[0])]
    items = [i for i, line in enumerate(lines) if LIST_ITEM.match(line)]
    if flows and (not items or rng.random() < 0.6):
        i, m = rng.choice(flows)
        lines[i] = f"{lines[i][: m.start(1)]}{_bad_value(rng)}{lines[i][m.end(1) :]}"
    elif items:
        i = rng.choice(items)
        lines[i] = f"{LIST_ITEM.match(lines[i]).group(1)}{_bad_value(rng)}"  # type: ignore[union-attr]
    return "\n".join(lines)


def delete_key(text: str, rng: random.Random) -> str:
    """A key (with its block) or a single line disappears."""
    lines = text.split("\n")
    i = rng.choice(_key_lines(lines)) if rng.random() < 0.7 else rng.randrange(len(lines))
    end = _block_end(lines, i) if KEY_LINE.match(lines[i]) else i + 1
    return "\n".join(lines[:i] + lines[end:])


def duplicate_key(text: str, rng: random.Random) -> str:
    """A key is written twice in the same mapping (with its block), possibly with another value."""
    lines = text.split("\n")
    i = rng.choice(_key_lines(lines))
    block = lines[i : _block_end(lines, i)]
    copy = list(block)
    if rng.random() < 0.5:
        head = KEY_LINE.match(copy[0]).group(1)  # type: ignore[union-attr]
        copy = [f"{head} {_bad_value(rng)}"]
    copy[0] = re.sub(r"^(\s*)- ", r"\1  ", copy[0])  # the copy sits in the same mapping, not a new item
    return "\n".join([*lines[: i + len(block)], *copy, *lines[i + len(block) :]])


def unknown_key(text: str, rng: random.Random) -> str:
    """A key that the schema does not know (or a misspelling of one it does) appears beside another."""
    lines = text.split("\n")
    i = rng.choice(_key_lines(lines))
    indent = re.match(r"^\s*(?:- )?", lines[i]).end()  # type: ignore[union-attr]
    key = rng.choice(UNKNOWN_KEYS)
    if rng.random() < 0.5:  # a near miss: one letter dropped, doubled or swapped
        name = KEY_LINE.match(lines[i]).group(1).strip(" -:")  # type: ignore[union-attr]
        k = rng.randrange(len(name))
        key = rng.choice([name[:k] + name[k + 1 :], name[:k] + name[k] + name[k:], name[::-1]]) or "x"
    return "\n".join([*lines[: i + 1], " " * indent + f"{key}: {_bad_value(rng)}", *lines[i + 1 :]])


def rename_key(text: str, rng: random.Random) -> str:
    """A key is misspelt, changes case or becomes a number."""
    lines = text.split("\n")
    i = rng.choice(_key_lines(lines))
    head = KEY_LINE.match(lines[i]).group(1)  # type: ignore[union-attr]
    name = head.strip(" -:")
    new = rng.choice([name.upper(), name + "s", name[:-1] or "x", "7", "null", f'"{name} "',
                      name.replace("_", "-")])
    lines[i] = lines[i].replace(name, new, 1)
    return "\n".join(lines)


def nest_deeply(text: str, rng: random.Random) -> str:
    """A value nests thousands of levels deep, in flow or in block style."""
    lines = text.split("\n")
    i = rng.choice(_key_lines(lines))
    head = KEY_LINE.match(lines[i]).group(1)  # type: ignore[union-attr]
    depth = rng.choice([50, 500, 5000])
    if rng.random() < 0.5:
        value = [f"{head} " + "[" * depth + "1" + "]" * depth]
    else:
        base = len(lines[i]) - len(lines[i].lstrip())
        value = [head] + [" " * (base + 1 + k) + "a:" for k in range(min(depth, 1000))]
        value[-1] += " 1"
    return "\n".join([*lines[:i], *value, *lines[_block_end(lines, i) :]])


def alias_bomb(text: str, rng: random.Random) -> str:
    """A value is a 'billion laughs' of aliases: tiny in the file, 9**9 items once expanded."""
    lines = text.split("\n")
    i = rng.choice(_key_lines(lines))
    head = KEY_LINE.match(lines[i]).group(1)  # type: ignore[union-attr]
    levels = rng.choice([4, 9])
    bomb = ["x0: &x0 [lol, 7, lol, 7, lol, 7, lol, 7, lol]"]
    bomb += [f"x{k}: &x{k} [" + ", ".join([f"*x{k - 1}"] * 9) + "]" for k in range(1, levels)]
    return "\n".join([*bomb, *lines[:i], f"{head} *x{levels - 1}", *lines[_block_end(lines, i) :]])


def add_tag(text: str, rng: random.Random) -> str:
    """A tag (``!!python/object``, ``!!binary``, a local ``!tag``) is written before a value."""
    lines = text.split("\n")
    i = rng.choice(_key_lines(lines))
    tag = rng.choice(["!!python/object/apply:os.system", "!!python/object:object", "!!python/tuple",
                      "!!binary", "!!set", "!!omap", "!!str", "!!int", "!!float", "!!map", "!!seq", "!local"])
    head, space, rest = KEY_LINE.match(lines[i]).groups()  # type: ignore[union-attr]
    lines[i] = f"{head} {tag} {rest}" if rest else f"{head} {tag}"
    return "\n".join(lines)


def set_extends(text: str, rng: random.Random) -> str:
    """``extends`` names a path out of the folder, a link out of it, itself, a circle or nonsense."""
    lines = [line for line in text.split("\n") if not line.startswith("extends:")]
    lines.insert(rng.randrange(len(lines) + 1), f"extends: {rng.choice(EXTENDS)}")
    return "\n".join(lines)


def truncate(text: str, rng: random.Random) -> bytes:
    raw = text.encode("utf-8")
    return raw[: rng.randrange(len(raw) + 1)]


def flip_bytes(text: str, rng: random.Random) -> bytes:
    raw = bytearray(text.encode("utf-8"))
    for _ in range(rng.choice([1, 1, 2, 5, 20])):
        raw[rng.randrange(len(raw))] ^= 1 << rng.randrange(8)
    return bytes(raw)


def swap_lines(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    i = rng.randrange(len(lines))
    j = min(len(lines) - 1, i + 1) if rng.random() < 0.5 else rng.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines)


def odd_characters(text: str, rng: random.Random) -> bytes:
    """A byte order mark, CRLF ends, tabs, NUL and control characters, a lone surrogate, a 900 KB line."""
    raw = text.encode("utf-8")
    at = rng.randrange(len(raw) + 1)
    choice = rng.randrange(8)
    if choice == 0:
        return b"\xef\xbb\xbf" + raw
    if choice == 1:
        return raw.replace(b"\n", b"\r\n")
    if choice == 2:
        return raw.replace(b"  ", b"\t", rng.randint(1, 5))
    if choice == 3:
        odd = rng.choice([b"\x00", b"\x07", b"\x1b[2J", "\u2028".encode(), "\ufeff".encode()])
        return raw[:at] + odd + raw[at:]
    if choice == 4:
        return raw[:at] + b"\xed\xa0\x80" + raw[at:]  # a UTF-16 surrogate, not UTF-8
    if choice == 5:
        return raw + b"\nsummary: [" + b"x" * 900_000 + b"]\n"
    if choice == 6:
        return raw + b"\n" + b"#" * 1_000_001  # too large to be a rule file
    return raw.replace(b"\n", b"\r")


def whole_file(text: str, rng: random.Random) -> bytes:
    """The file is replaced: empty, a scalar, a list, several documents, random bytes."""
    choices = [b"", b"---\n", b"# only a comment\n", b"42\n", b"[format, 1]\n", b"~\n", b"format: 1\n",
               text.encode("utf-8") + b"\n---\nformat: 1\n", b"!!python/object/apply:os.system [ls]\n",
               bytes(rng.randrange(256) for _ in range(rng.randint(1, 400))),
               b"\xff\xfe" + text.encode("utf-16-le"),
               b"&a [*a]\n", b"a: &a {b: *a}\n"]
    return rng.choice(choices)


MUTATIONS: dict[str, tuple[Callable[[str, random.Random], str | bytes], int]] = {
    # name: (mutation, weight)
    "tweak_number": (tweak_number, 16),
    "set_value": (set_value, 10),
    "set_item": (set_item, 8),
    "delete_key": (delete_key, 4),
    "duplicate_key": (duplicate_key, 3),
    "unknown_key": (unknown_key, 3),
    "rename_key": (rename_key, 2),
    "nest_deeply": (nest_deeply, 1),
    "alias_bomb": (alias_bomb, 1),
    "add_tag": (add_tag, 2),
    "set_extends": (set_extends, 2),
    "truncate": (truncate, 2),
    "flip_bytes": (flip_bytes, 2),
    "swap_lines": (swap_lines, 2),
    "odd_characters": (odd_characters, 1),
    "whole_file": (whole_file, 1),
}


def mutant(source: Path, seed: int) -> tuple[bytes, list[str]]:
    """Return seeded mutant bytes of ``source`` and the names of the mutations made (one to three)."""
    rng = random.Random(f"{source.name}:{seed}")
    text = source.read_text(encoding="utf-8")
    names, weights = zip(*((name, w) for name, (_, w) in MUTATIONS.items()), strict=True)
    done: list[str] = []
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        name = rng.choices(names, weights)[0]
        result = MUTATIONS[name][0](text, rng)
        done.append(name)
        if isinstance(result, bytes):  # a byte-level edit ends the chain
            return result, done
        text = result
    return text.encode("utf-8"), done


# --- the checks ------------------------------------------------------------------------------------------


def check_problems(problems: list[str], folder: Path) -> None:
    """Every problem is one line ``FILE:LINE: text`` or ``FILE: text``, FILE a rule file it could read and
    LINE within that file; raises AssertionError."""
    assert problems, "a RuleFileError without problems"
    files = {str(p): p for p in [*folder.iterdir(), *paths.rules_dir().glob("*.yaml")]}
    names = "|".join(map(re.escape, sorted(files, key=len, reverse=True)))
    pattern = re.compile(rf"^({names})(?::(\d+))?: \S")
    for line in problems:
        assert "\n" not in line and "\r" not in line, f"a problem on several lines: {line[:300]!r}"
        found = pattern.match(line)
        assert found, f"a problem that does not start with the file (and line): {line[:300]!r}"
        if found.group(2) is not None:
            raw = files[found.group(1)].read_bytes()
            most = raw.count(b"\n") + raw.count(b"\r") + 2
            line_no = int(found.group(2))
            assert 1 <= line_no <= most, f"line {line_no} is not in the file: {line[:300]!r}"


def play(rules: Ruleset, seed: int, max_actions: int) -> int:
    """Play random games for the smallest and the largest table; return the actions played.

    Raises AssertionError (or Hang, or whatever the engine raised) when the rules cannot be played."""
    rng = random.Random(seed)
    played = 0
    boards = ["random", "balanced", *sorted(rules.layouts)]
    for players in sorted({rules.players_min, rules.players_max}):
        board = rng.choice(boards)
        with deadline(GAME_SECONDS, f"a {players}-player game on board {board!r}"):
            game = Game.new(rules, players=players, seed=rng.randrange(2**31), board=board)
            for _ in range(max_actions):
                if game.is_over:
                    break
                start = time.perf_counter()
                legal = game.legal_actions()
                took = time.perf_counter() - start
                assert took < CALL_SECONDS, f"legal_actions took {took:.1f} s in phase {game.phase}"
                assert legal, f"no legal action in phase {game.phase} at turn {game.turn}"
                assert len(legal) <= MAX_LISTED, f"{len(legal)} legal actions in phase {game.phase}"
                start = time.perf_counter()
                game.apply(rng.choice(legal))
                took = time.perf_counter() - start
                assert took < CALL_SECONDS, f"apply took {took:.1f} s in phase {game.phase}"
                played += 1
    return played


def play_dice(sheet: DiceSheet, seed: int, max_actions: int) -> int:
    """Play random dice games (a DiceGame) for the smallest and the largest table; as ``play``."""
    rng = random.Random(seed)
    played = 0
    for players in sorted({sheet.players_min, sheet.players_max}):
        with deadline(GAME_SECONDS, f"a {players}-player dice game"):
            game = DiceGame.new(sheet, players=players, seed=rng.randrange(2**31))
            for _ in range(max_actions):
                if game.is_over:
                    break
                legal = game.legal_actions()
                assert legal and len(legal) <= MAX_LISTED, f"{len(legal)} legal actions in phase {game.phase}"
                game.apply(rng.choice(legal))
                played += 1
    return played


def check_mutant(path: Path, folder: Path, seed: int, max_actions: int = PLAY_ACTIONS,
                 cli: bool = False) -> str:
    """Load the rule file at ``path``; return ``"refused"`` (a well-formed RuleFileError) or ``"played"``.

    Raises AssertionError, Hang or the escaped exception on a failure. ``cli`` also runs ``validate`` on it.
    """
    try:
        with deadline(FILE_SECONDS, f"loading {path.name}"):
            data = load_rule_file(path)
    except RuleFileError as err:
        check_problems(err.problems, folder)
        outcome = "refused"
    else:
        if data.get("game") == "dice":  # the Catan Dice Game's sheets (rules/dice-game*.yaml)
            play_dice(DiceSheet.build(data), seed, max_actions)
        else:
            rules = Ruleset.build(data)
            play(rules, seed, max_actions)
        outcome = "played"
    if cli:
        check_validate(path, outcome == "played")
    return outcome


def check_validate(path: Path, valid: bool) -> None:
    """``catan-desktop validate FILE`` exits 0 for a valid file and 2 otherwise, and never crashes."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), deadline(FILE_SECONDS, f"validate {path.name}"):
        code = cli_main(["validate", str(path)])
    text = out.getvalue()
    assert code == (0 if valid else 2), f"validate exited {code}: {text[:300]!r}"
    assert "Traceback" not in text and "could not be checked" not in text, text[:300]


def fuzz_one(
    folder: Path, source: Path, seed: int, max_actions: int = PLAY_ACTIONS, cli: bool = False
) -> str:
    """Write the seeded mutant of ``source`` into ``folder`` (over its copy), check it, restore the copy."""
    raw, _ = mutant(source, seed)
    path = folder / source.name
    path.write_bytes(raw)
    try:
        return check_mutant(path, folder, seed, max_actions, cli)
    finally:
        shutil.copyfile(source, path)


# --- the tests -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("source", SOURCES, ids=[s.stem for s in SOURCES])
def test_every_mutant_of_a_rule_file_is_refused_cleanly_or_plays(source: Path, tmp_path: Path) -> None:
    folder = make_folder(tmp_path)
    outcomes: dict[str, int] = {}
    for seed in range(MUTANTS_PER_FILE):
        try:
            outcome = fuzz_one(folder, source, seed, cli=seed % 7 == 0)
        except (Exception, Hang) as exc:
            _, done = mutant(source, seed)
            raise AssertionError(f"{source.name} seed {seed} ({', '.join(done)}): {exc!r}"[:2000]) from exc
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
    assert outcomes.get("refused", 0) > MUTANTS_PER_FILE // 3  # most mutants are broken files
    assert outcomes.get("played", 0) >= 3  # and some still play


# --- what fuzzing found (issue 13): each once more, as the smallest file that showed it -------------------

BASE = paths.rules_dir() / "base.yaml"
REFUSED = {
    # (line in base.yaml, its replacement, a problem that must be among the file's, at the first line of
    # the replacement or, for the bomb, at the first value that grows past the limit)
    "digits": ("  per_resource: 19", "  per_resource: " + "9" * 5000, "a number of 5000 characters"),
    "hex_digits": ("  per_resource: 19", "  per_resource: 0x" + "f" * 5000, "too long for a rule file"),
    "sexagesimal": ("  per_resource: 19", "  per_resource: " + "1:" * 300_000 + "1", "too long"),
    "int_tag": ("  per_resource: 19", "  per_resource: !!int brick", "'brick' cannot be read as !!int"),
    "float_tag": ("  robber_start: desert", "  robber_start: !!float desert", "cannot be read as !!float"),
    "bool_tag": ("  domestic_trade: true", "  domestic_trade: !!bool maybe", "cannot be read as !!bool"),
    "time_tag": ("  per_resource: 19", "  per_resource: !!timestamp x", "cannot be read as !!timestamp"),
    "line_break": ("  per_resource: 19", '  per_resource: "a\\nb\\u001b[2J"', "not the text 'a\\nb\\x1b[2J'"),
    "founding": ("  settlements: 2", "  settlements: 4", "15 settlements can leave no free place"),
    "alias_bomb": (
        "summary:",
        "x1: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        + "".join(f"x{k}: &{'abcdefg'[k - 1]} [{', '.join(['*' + 'abcdefg'[k - 2]] * 9)}]\n"
                  for k in range(2, 8))
        + "summary: *g\nold_summary:",
        "more than 100000 values",
    ),
    "huge_row": ("  rows: [3, 4, 5, 4, 3]", "  rows: [300000]", "must be at most 50, not 300000"),
    "resources": ("resources: [lumber, wool, grain, brick, ore]", "resources: [" + ", ".join(
        f"r{k}" for k in range(11)) + "]", "must have at most 10 items"),
}  # fmt: skip


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_what_fuzzing_found_in_rule_files_is_refused_with_its_line(case: str, tmp_path: Path) -> None:
    old, new, expected = REFUSED[case]
    text = BASE.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "base.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    line = text[: text.index(old)].count("\n") + 1 + (5 if case == "alias_bomb" else 0)  # x6: 9**6 values
    start = time.perf_counter()
    with pytest.raises(RuleFileError) as caught:
        load_rule_file(path)
    assert time.perf_counter() - start < 5  # the sexagesimal and the alias bomb took minutes
    check_problems(caught.value.problems, tmp_path)
    assert any(p.startswith(f"{path}:{line}: ") and expected in p for p in caught.value.problems), (
        caught.value.problems[:5]
    )


def test_a_board_that_fills_up_names_the_places_and_a_table_that_fits_plays(tmp_path: Path) -> None:
    """Base with 5 founding settlements each: about one random founding phase in forty stopped with
    nobody able to settle. With 3 each the board always has room (its smallest blocking set is 15)."""
    text = BASE.read_text(encoding="utf-8")
    path = tmp_path / "base.yaml"
    path.write_text(text.replace("  settlements: 2", "  settlements: 5"), encoding="utf-8")
    with pytest.raises(RuleFileError, match=r"need 20 places, but 15 settlements .* \(at 1\.\d [NS]"):
        load_rule_file(path)
    path.write_text(text.replace("  settlements: 2", "  settlements: 3"), encoding="utf-8")
    play(Ruleset.build(load_rule_file(path)), seed=1, max_actions=2000)


def test_a_rule_file_for_one_player_plays(tmp_path: Path) -> None:
    """players.min 1 validated, and the lone player's trade offer went to nobody (IndexError)."""
    folder = make_folder(tmp_path)
    path = folder / "map_island.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("{min: 2, max: 2}", "{min: 1, max: 2}"))
    assert check_mutant(path, folder, seed=1009, max_actions=3000, cli=True) == "played"
