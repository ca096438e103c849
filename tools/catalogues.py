"""The translation catalogues (issue 14): extract the messages, merge them into each .po, compile the .mo.

    python tools/catalogues.py extract   # catan_desktop/locale/catan_desktop.pot, and merge into every .po
    python tools/catalogues.py compile   # every .po -> .mo beside it (what the game reads)
    python tools/catalogues.py check     # untranslated, fuzzy or mismatched messages per language

Messages are found in the source, never typed in by hand: the string literals given to ``_()``, ``ngettext()``
and ``N_()`` anywhere in ``catan_desktop/`` (the AST, not a regular expression), and the titles, descriptions
and summaries of the shipped rule files (``rules/*.yaml``). A message is its English text; the .po files hold
the translations. Babel reads and writes the catalogue files (a test and tool dependency; the game reads the
compiled .mo with the standard library's gettext). To add a language: add its code to ``i18n.LANGUAGES`` and
``LANGUAGE_NAMES``, run ``extract`` with ``--new CODE``, translate its .po, run ``compile``.
"""

from __future__ import annotations

import argparse
import ast
import datetime as dt
import gettext
import io
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import yaml
from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "catan_desktop"
LOCALE = PACKAGE / "locale"
DOMAIN = "catan_desktop"
POT = LOCALE / f"{DOMAIN}.pot"
FIXED_DATE = dt.datetime(2026, 11, 24, tzinfo=dt.UTC)  # headers without today's date: no churn on rerun
LANGUAGES = ("pt", "it")  # besides English, the source
RULE_FIELDS = ("title", "description", "summary")
# i18n.Msg (a message kept as data); _p, _li, _h: the rules screen's paragraph, bullet and heading
MARKERS = ("_", "N_", "Msg", "_p", "_li", "_h")
FIELD = re.compile(r"\{(\w*)(?:![rsa])?(?::[^{}]*)?\}")


SAID = ("_said", "said")  # a seat's move in words: said(you, "{who} ...", ...) (text/events.py)


def source_messages() -> Iterator[tuple[str | tuple[str, str], str, int]]:
    """(message or (singular, plural), file relative to the checkout, line) for every marked literal."""
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=rel)
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            name, args = node.func.id, node.args
            literal = [isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args]
            if name in MARKERS and args and literal[0] and args[0].value:
                yield args[0].value, rel, node.lineno
            elif name in SAID and len(args) >= 2 and literal[1] and args[1].value:  # said(you, "...")
                yield args[1].value, rel, node.lineno
            elif name == "ngettext" and len(args) >= 2 and literal[0] and literal[1]:
                yield (args[0].value, args[1].value), rel, node.lineno


def rule_messages() -> Iterator[tuple[str, str, int]]:
    """The titles, descriptions and summaries of the shipped rule files (shown in the menus and rules)."""
    for path in sorted((ROOT / "rules").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            continue
        rel = path.relative_to(ROOT).as_posix()
        layouts = data.get("layouts")
        values = [data.get(field) for field in RULE_FIELDS]
        if isinstance(layouts, dict):  # a named board's description (New game's board menu)
            values += [x.get("description") for x in layouts.values() if isinstance(x, dict)]
        for value in values:
            for text in value if isinstance(value, list) else [value]:
                if isinstance(text, str) and text.strip():
                    yield text.strip(), rel, 1


def template() -> Catalog:
    catalog = Catalog(project="catan-desktop", domain=DOMAIN, charset="utf-8", fuzzy=False,
                      creation_date=FIXED_DATE, revision_date=FIXED_DATE,
                      copyright_holder="the Catan Desktop authors", msgid_bugs_address="", version="")
    for message, rel, line in [*source_messages(), *rule_messages()]:
        existing = catalog.get(message[0] if isinstance(message, tuple) else message)
        if existing is not None:
            existing.locations.append((rel, line))
            continue
        flags = ("python-brace-format",) if _fields(message) else ()
        catalog.add(message, locations=[(rel, line)], flags=flags)
    return catalog


def _fields(message: str | tuple[str, ...] | list[str]) -> set[str]:
    texts = [message] if isinstance(message, str) else list(message)
    return {m.group(1) for t in texts for m in FIELD.finditer(t)}


def _po_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(code: str) -> Catalog:
    with _po_path(code).open("rb") as f:
        return read_po(f, locale=code, domain=DOMAIN)


def _write_po(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buf = io.BytesIO()
    write_po(buf, catalog, width=110, sort_output=False, omit_header=False, include_previous=False)
    path.write_bytes(buf.getvalue())


def extract(new: list[str]) -> int:
    pot = template()
    _write_po(pot, POT)
    print(f"{POT.relative_to(ROOT)}: {len(pot)} messages")
    for code in [*LANGUAGES, *new]:
        path = _po_path(code)
        if path.exists():
            catalog = read(code)
        else:
            catalog = Catalog(locale=code, domain=DOMAIN, project="catan-desktop", charset="utf-8",
                              creation_date=FIXED_DATE, revision_date=FIXED_DATE, fuzzy=False)
        catalog.update(pot, no_fuzzy_matching=True, update_creation_date=False)
        catalog.revision_date = FIXED_DATE
        catalog.obsolete.clear()
        _write_po(catalog, path)
        done = sum(1 for m in catalog if m.id and _translated(m))
        print(f"{path.relative_to(ROOT)}: {done} of {len(pot)} translated")
    return 0


def _translated(m: Message) -> bool:
    strings = m.string if isinstance(m.string, tuple | list) else (m.string,)
    return bool(strings) and all(s for s in strings) and not m.fuzzy


def compiled(code: str) -> bytes:
    """The .mo bytes of a language's .po (what ``compile`` writes; tests compare the committed file)."""
    buf = io.BytesIO()
    write_mo(buf, read(code), use_fuzzy=False)
    return buf.getvalue()


def mo_messages(data: bytes) -> dict[object, str]:
    """The messages of compiled .mo bytes, without the header's ``Generated-By`` line: Babel writes its own
    version there, so the same .po compiled by another Babel release differs only in that line."""
    translations = gettext.GNUTranslations(io.BytesIO(data))
    messages = dict(translations._catalog)  # type: ignore[attr-defined]  # the parsed table, by msgid
    if "" in messages:
        messages[""] = "".join(line for line in messages[""].splitlines(keepends=True)
                               if not line.startswith("Generated-By:"))
    return messages


def compile_all() -> int:
    for code in LANGUAGES:
        out = _po_path(code).with_suffix(".mo")
        out.write_bytes(compiled(code))
        print(f"{out.relative_to(ROOT)}: {len(read(code))} messages")
    return 0


def problems(code: str) -> list[str]:
    """What is wrong with a language's catalogue against the source: missing, untranslated, fuzzy, or a
    translation whose {fields} differ from the English message's."""
    pot, catalog, out = template(), read(code), []
    for m in pot:
        if not m.id:
            continue
        t = catalog.get(m.id)
        where = f"{m.locations[0][0]}:{m.locations[0][1]}" if m.locations else "?"
        if t is None or not _translated(t):
            out.append(f"{code}: untranslated ({where}): {m.id!r}")
            continue
        want = _fields(m.id)
        strings = t.string if isinstance(t.string, tuple | list) else (t.string,)
        for s in strings:
            if _fields(s) != want:
                out.append(f"{code}: fields {sorted(_fields(s))} instead of {sorted(want)} ({where}): {s!r}")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("extract", "compile", "check"))
    parser.add_argument("--new", action="append", default=[], help="start a catalogue for a new language")
    args = parser.parse_args(argv)
    if args.command == "extract":
        return extract(args.new)
    if args.command == "compile":
        return compile_all()
    found = [p for code in LANGUAGES for p in problems(code)]
    print("\n".join(found) or "every message translated in " + ", ".join(LANGUAGES))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
