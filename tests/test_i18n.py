"""The translation catalogues (issue 14): every message a player may see has a Portuguese and an Italian
translation with the same {fields}; the committed .mo files are compiled from the .po sources; the template
is up to date with the source; the language can be chosen and changed."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from catan_desktop import i18n

ROOT = Path(__file__).resolve().parents[1]


def _tool():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("catalogues", ROOT / "tools" / "catalogues.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


catalogues = _tool()


def test_the_template_holds_every_message_of_the_source() -> None:
    """A new _("...") without `tools/catalogues.py extract` fails here (it would go untranslated)."""
    from babel.messages.pofile import read_po

    with catalogues.POT.open("rb") as f:
        committed = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(f) if m.id}
    fresh = {m.id if isinstance(m.id, str) else m.id[0] for m in catalogues.template() if m.id}
    assert not fresh - committed, f"run tools/catalogues.py extract: {sorted(fresh - committed)[:10]}"
    assert not committed - fresh, f"messages no longer in the source: {sorted(committed - fresh)[:10]}"
    assert len(fresh) > 700


@pytest.mark.parametrize("code", catalogues.LANGUAGES)
def test_every_message_is_translated_with_the_same_fields(code: str) -> None:
    """Issue 14: a user-visible string with no translation, or a translation whose {placeholders} differ
    from the English (a KeyError or a lost number at run time), fails."""
    problems = catalogues.problems(code)
    assert not problems, f"{len(problems)} problems, e.g.:\n" + "\n".join(problems[:15])


@pytest.mark.parametrize("code", catalogues.LANGUAGES)
def test_the_compiled_catalogue_is_the_source_compiled(code: str) -> None:
    mo = catalogues.LOCALE / code / "LC_MESSAGES" / "catan_desktop.mo"
    committed = catalogues.mo_messages(mo.read_bytes())
    fresh = catalogues.mo_messages(catalogues.compiled(code))
    assert committed == fresh, "run tools/catalogues.py compile"


@pytest.mark.parametrize("code", catalogues.LANGUAGES)
def test_plural_forms_follow_the_language(code: str) -> None:
    i18n.set_language(code)
    try:
        one = i18n.ngettext("{n} card", "{n} cards", 1, n=1)
        two = i18n.ngettext("{n} card", "{n} cards", 2, n=2)
    finally:
        i18n.set_language("en")
    assert one.startswith("1 ") and two.startswith("2 ") and one != two.replace("2", "1")


def test_a_language_switch_changes_the_words_at_once() -> None:
    assert i18n.available_languages() == ["en", "pt", "it"]
    words = {}
    for code in ("en", "pt", "it", "en"):
        i18n.set_language(code)
        words[code] = i18n._("Roll")
    assert words["en"] == "Roll" and words["pt"] != "Roll" and words["it"] != "Roll"
    with pytest.raises(ValueError):
        i18n.set_language("xx")


def test_the_system_language_is_chosen_when_the_game_speaks_it(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", i18n.ENV):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(i18n.locale, "getlocale", lambda: (None, None))
    monkeypatch.setenv("LANG", "pt_BR.UTF-8")
    assert i18n.system_language() == "pt" and i18n.requested_language("") == "pt"
    assert i18n.requested_language("it") == "it"  # the setting wins over the system
    monkeypatch.setenv(i18n.ENV, "en")
    assert i18n.requested_language("it") == "en"  # --lang wins over the setting
    monkeypatch.delenv(i18n.ENV)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert i18n.system_language() == "en"


@pytest.mark.parametrize("code", ["pt", "it"])
def test_the_command_line_speaks_the_language_asked(code: str, tmp_path: Path) -> None:
    """`catan-desktop --lang pt variants` (and `variants --lang it`) print the variants in that language."""
    env = {"CATAN_DESKTOP_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PATH": "/usr/bin:/bin"}
    before = subprocess.run([sys.executable, "-m", "catan_desktop", "--lang", code, "variants"],
                            capture_output=True, text=True, env=env, check=True, cwd=ROOT).stdout
    after = subprocess.run([sys.executable, "-m", "catan_desktop", "variants", "--lang", code],
                           capture_output=True, text=True, env=env, check=True, cwd=ROOT).stdout
    english = subprocess.run([sys.executable, "-m", "catan_desktop", "--lang", "en", "variants"],
                             capture_output=True, text=True, env=env, check=True, cwd=ROOT).stdout
    assert before == after and before != english and "Catan" in before


def test_numbers_take_the_languages_decimal_separator() -> None:
    """Issue 14: numbers formatted per language (the simulate report's rates and averages)."""
    template = "  average turns: {t:.1f}; average actions: {a:.1f}"
    try:
        i18n.set_language("pt")
        pt = i18n._(template, t=61.25, a=1234.5)
        i18n.set_language("it")
        it = i18n._("  {gps:.1f} games/s ({secs:.2f} s of play)", gps=2.5, secs=0.75)
    finally:
        i18n.set_language("en")
    assert "61,2" in pt and "1234,5" in pt and "2,5" in it and "0,75" in it
    assert i18n._(template, t=61.25, a=2.0).endswith("2.0")


def test_a_bad_save_file_is_explained_in_the_players_language(tmp_path: Path) -> None:
    """Issue 14: error messages for bad files are translated (the save's problem is a template and fields)."""
    from catan_desktop.persistence import SaveError, load_game
    from catan_desktop.text import save_problem

    empty, damaged = tmp_path / "empty.json", tmp_path / "damaged.json"
    empty.write_bytes(b"")
    damaged.write_text('{"format": "catan-desktop-save", oops}', encoding="utf-8")
    errors = []
    for path in (empty, damaged):
        with pytest.raises(SaveError) as caught:
            load_game(path)
        errors.append(caught.value)
    assert errors[0].problem == "the file is empty" and str(errors[0]).endswith(": the file is empty")
    try:
        i18n.set_language("pt")
        assert save_problem(errors[0]) == "o arquivo está vazio"
        i18n.set_language("it")
        text = save_problem(errors[1])
        assert text.startswith("il file è danneggiato") and "riga 1" in text
    finally:
        i18n.set_language("en")
    assert save_problem(errors[0]) == "the file is empty"


def test_your_own_moves_read_in_the_second_person() -> None:
    """Issue 14: "{who} rolled ..." with who = "You" made Italian say "Tu ha tirato"; the viewer's own moves
    have their own second-person messages, in every language."""
    from catan_desktop.text import describe
    from catan_desktop.text.events import YOURS

    names = ["Anna", "Bruno"]
    roll = {"t": "roll", "seat": 0, "dice": [3, 4]}
    built = {"t": "city", "seat": 1, "node": 5}
    try:
        lines = {}
        for code in ("en", "pt", "it"):
            i18n.set_language(code)
            lines[code] = (
                describe(roll, names, viewer=0), describe(roll, names, viewer=1), describe(built, names, 1)
            )
    finally:
        i18n.set_language("en")
    assert lines["en"] == ("You rolled 3 + 4 = 7", "Anna rolled 3 + 4 = 7", "You built a city")
    assert lines["it"][0] == "Hai tirato 3 + 4 = 7" and lines["it"][2] == "Hai costruito una città"
    assert lines["pt"][0].startswith("Você ") and "Anna" in lines["pt"][1]
    for template, yours in YOURS.items():  # the same fields, less the seat's name
        assert catalogues._fields(yours) == catalogues._fields(template) - {"who"}, template


def test_a_message_kept_as_data_is_english_text_until_it_is_shown() -> None:
    """i18n.Msg: the loader's problems stay English strings (logs, tests, `validate` in English) and are put
    in the player's language only where they are shown; nested messages and fields are translated too."""
    import copy
    import pickle

    inner = i18n.Msg("the number {value}", value=5)
    message = i18n.Msg("must be a whole number, not {got}", got=inner)
    assert message == "must be a whole number, not the number 5" and isinstance(message, str)
    lines = i18n.Msg.joined("\n", [i18n.Msg("missing required key"), "a.yaml: ok {not a field}"])
    assert lines == "missing required key\na.yaml: ok {not a field}"
    assert copy.deepcopy(message).template == message.template
    assert pickle.loads(pickle.dumps(message)).fields["got"] == inner
    try:
        i18n.set_language("pt")
        shown = i18n.tr(message)
        assert i18n._(message) == shown
        shown_lines = i18n.tr(lines)
    finally:
        i18n.set_language("en")
    assert shown != message and "5" in shown and "must be" not in shown
    assert shown_lines.endswith("\na.yaml: ok {not a field}") and not shown_lines.startswith("missing")
    assert i18n.tr(message) == message and i18n.tr(7) == "7"


BROKEN_RULES = "format: 1\nname: typo\ntitle: Typo\nextends: base\nvictory_points:\n  target: x\n"


@pytest.mark.parametrize("code", ["pt", "it"])
def test_a_broken_rule_file_is_explained_in_the_players_language(code: str, tmp_path: Path) -> None:
    """Issue 14: the rule-file problems (schema and YAML syntax) read in the player's language, each with its
    file, line and key path unchanged; English stays exactly as before."""
    from catan_desktop.text import file_problems
    from catan_desktop.variants import RuleFileError, load_rule_file

    typo, syntax = tmp_path / "typo.yaml", tmp_path / "syntax.yaml"
    typo.write_text(BROKEN_RULES + "robber_starts: desert\n", encoding="utf-8")
    syntax.write_text("format: 1\nname: syntax\n  title: [Bad\n", encoding="utf-8")
    errors = []
    for path in (typo, syntax):
        with pytest.raises(RuleFileError) as caught:
            load_rule_file(path)
        errors.append(caught.value)
    english = [file_problems(e) for e in errors]
    assert f"{typo}:6: victory_points.target: must be a whole number, not the text 'x'" in english[0]
    assert "unknown key 'robber_starts' (did you mean 'robber'?)" in english[0]
    assert english[1].startswith(f"{syntax}:3: YAML syntax error: mapping values are not allowed here")
    try:
        i18n.set_language(code)
        shown = [file_problems(e) for e in errors]
    finally:
        i18n.set_language("en")
    assert [file_problems(e) for e in errors] == english  # English again, unchanged
    assert f"{typo}:6: victory_points.target: " in shown[0] and "robber_starts" in shown[0]
    assert f"{syntax}:3: " in shown[1]
    for text in shown:
        for words in ("must be", "unknown key", "did you mean", "YAML syntax error", "mapping values"):
            assert words not in text, f"{code}: {words!r} left in English: {text}"


@pytest.mark.parametrize("code", ["pt", "it"])
def test_validate_speaks_the_language_asked(code: str, tmp_path: Path) -> None:
    """`catan-desktop --lang pt validate FILE` prints the problems (and 'ok') in that language."""
    typo = tmp_path / "typo.yaml"
    typo.write_text(BROKEN_RULES, encoding="utf-8")
    good = ROOT / "rules" / "base.yaml"
    env = {"CATAN_DESKTOP_HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
    command = [sys.executable, "-m", "catan_desktop", "--lang", "LANG", "validate", str(typo), str(good)]
    runs = {lang: subprocess.run([lang if part == "LANG" else part for part in command], capture_output=True,
                                 text=True, env=env, cwd=ROOT) for lang in ("en", code)}
    assert runs["en"].returncode == runs[code].returncode == 2
    english, shown = runs["en"].stdout.splitlines(), runs[code].stdout.splitlines()
    assert english[0] == f"{typo}:6: victory_points.target: must be a whole number, not the text 'x'"
    assert english[-1] == f"{good}: ok"
    assert len(shown) == len(english) and shown[0].startswith(f"{typo}:6: victory_points.target: ")
    assert "must be" not in shown[0] and shown[-1] != english[-1] and shown[-1].startswith(f"{good}: ")


def test_every_rule_file_problem_is_a_message_not_a_sentence() -> None:
    """The loader words its problems as i18n.Msg templates (translated where shown), never as an f-string
    or a bare literal that no catalogue could hold."""
    import ast

    found = []
    for path in sorted((ROOT / "catan_desktop" / "variants").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            name = node.func.id
            if name == "Problem" and len(node.args) >= 2:
                said = [node.args[1]]
            elif name in ("fail", "_Unreadable") and node.args:
                said = [node.args[0] if name == "fail" else node.args[2]]
            elif name == "RuleFileError" and node.args and isinstance(node.args[0], ast.List):
                said = list(node.args[0].elts)
            else:
                continue
            for arg in said:
                if isinstance(arg, ast.JoinedStr | ast.BinOp) or (
                        isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
                    found.append(f"{path.name}:{node.lineno}")
    assert not found, f"problems worded outside i18n.Msg: {found}"
