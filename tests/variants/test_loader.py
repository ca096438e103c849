"""Reading rule files: line numbers, duplicate keys, extends, overrides, listing, and the validate command.

Each file in ``bad/`` holds one kind of error and states the exact problems it must produce in
``# expect: FILE:LINE: key.path: message`` comment lines (FILE relative to ``bad/``).
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from catan_desktop import paths
from catan_desktop.cli import validate
from catan_desktop.variants import (
    RuleFileError,
    RuleLoader,
    VariantInfo,
    list_variants,
    load_rule_file,
    load_variant,
)

Write = Callable[[str, str], Path]
BAD_DIR = Path(__file__).parent / "bad"
EXPECT = "# expect: "
BAD_FILES = sorted(BAD_DIR.glob("*.yaml"))
VARIANT = "extends: base\nname: long_game\ntitle: A longer game\nvictory_points:\n  target: 12\n"


def expected_problems(path: Path) -> list[str]:
    text = path.read_bytes().decode("utf-8", errors="replace")
    return [f"{BAD_DIR}/{line[len(EXPECT):]}" for line in text.splitlines() if line.startswith(EXPECT)]


def problems_of(path: str | Path) -> list[str]:
    with pytest.raises(RuleFileError) as caught:
        load_rule_file(path)
    return caught.value.problems


# --- the base file and the bad files ---------------------------------------------------------------------


def test_base_rules_load_clean(base_file: Path, base_data: dict[str, Any]) -> None:
    assert load_rule_file(base_file) == base_data


def test_there_is_a_bad_file_for_each_kind_of_error() -> None:
    assert len(BAD_FILES) >= 50
    for path in BAD_FILES:
        assert expected_problems(path), f"{path.name} has no '{EXPECT}' line"


@pytest.mark.parametrize("path", BAD_FILES, ids=[p.stem for p in BAD_FILES])
def test_bad_file(path: Path) -> None:
    assert problems_of(path) == expected_problems(path)


def test_error_text_is_every_problem_on_its_own_line(write: Write) -> None:
    path = write("two.yaml", "extends: base\nname: two\ntitle: Two\n"
                             "pieces: {road: 0}\nbank: {per_resource: x}\n")
    with pytest.raises(RuleFileError) as caught:
        load_rule_file(path)
    assert str(caught.value) == (
        f"{path}:4: pieces.road: must be at least 1, not 0\n"
        f"{path}:5: bank.per_resource: must be a whole number, not the text 'x'"
    )


# --- the YAML loader -------------------------------------------------------------------------------------


def test_loader_is_a_safe_loader() -> None:
    assert issubclass(RuleLoader, yaml.SafeLoader)


def test_loader_records_the_line_of_every_key_and_item() -> None:
    loader = RuleLoader("a: 1\nb:\n  c: [x,\n      y]\n  d:\n    - 1\n    - 2\n")
    data, lines, duplicates = loader.load_with_lines()
    assert data == {"a": 1, "b": {"c": ["x", "y"], "d": [1, 2]}}
    assert lines == {(): 1, ("a",): 1, ("b",): 2, ("b", "c"): 3, ("b", "c", 0): 3, ("b", "c", 1): 4,
                     ("b", "d"): 5, ("b", "d", 0): 6, ("b", "d", 1): 7}
    assert duplicates == []


def test_loader_finds_nested_duplicates_but_accepts_merge_keys() -> None:
    loader = RuleLoader("x: &x {p: 1}\na:\n  <<: *x\n  p: 2\n  q: 1\n  q: 2\n")
    data, _, duplicates = loader.load_with_lines()
    assert data == {"x": {"p": 1}, "a": {"p": 2, "q": 2}}
    assert [(str(p), line) for p, line in duplicates] == [("a.q: duplicate key 'q' (first at line 5)", 6)]


def test_problems_in_an_extended_file_point_into_that_file(write: Write, base_file: Path) -> None:
    text = base_file.read_text(encoding="utf-8").replace("per_resource: 19", "per_resource: 0")
    base = write("shaky.yaml", text.replace("name: base", "name: shaky"))
    child = write("child.yaml", "extends: shaky\nname: child\ntitle: Child\npieces: {city: 0}\n")
    line = text.splitlines().index("  per_resource: 0          # B-1.4: 95 cards") + 1
    assert problems_of(child) == [
        f"{child}:4: pieces.city: must be at least 1, not 0",
        f"{base}:{line}: bank.per_resource: must be at least 1, not 0",
    ]


def test_missing_folder_and_binary_files_are_problems(write: Write, tmp_path: Path) -> None:
    binary = tmp_path / "image.yaml"
    binary.write_bytes(b"name: x\x00\x01\x02")
    assert problems_of(tmp_path / "nothing.yaml") == [f"{tmp_path}/nothing.yaml: no such file"]
    assert problems_of(tmp_path) == [f"{tmp_path}: is a folder, not a rule file"]
    assert problems_of(binary) == [f"{binary}:1: the file contains a character YAML does not allow (#x0000)"]
    assert problems_of(write("blank.yaml", "\n\n")) == [
        f"{tmp_path}/blank.yaml:1: the file is empty; a rule file starts with 'format: 1'"
    ]


def test_the_loader_never_changes_the_files_it_reads(write: Write, base_file: Path) -> None:
    child = write("long_game.yaml", VARIANT)
    before = {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in (base_file, child)}
    load_rule_file(child)
    load_variant(str(child), {"domestic_trade": False})
    load_rule_file(base_file)
    list_variants()
    assert {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in (base_file, child)} == before


# --- extends ---------------------------------------------------------------------------------------------


def test_extends_merges_over_the_base(write: Write, base_data: dict[str, Any]) -> None:
    data: dict[str, Any] = load_rule_file(write("long_game.yaml", VARIANT))
    assert data["victory_points"] == {**base_data["victory_points"], "target": 12}
    assert (data["name"], data["title"]) == ("long_game", "A longer game")
    assert data["costs"] == base_data["costs"]
    assert "extends" not in data


def test_lists_and_scalars_replace_and_mappings_merge(write: Write) -> None:
    data: dict[str, Any] = load_rule_file(write("v.yaml", (
        "extends: base\nname: v\ntitle: V\n"
        "colours: [red, blue, orange, white, green]\n"
        "costs:\n  road: {brick: 2}\n"
    )))
    assert data["colours"] == ["red", "blue", "orange", "white", "green"]
    assert data["costs"]["road"] == {"brick": 2, "lumber": 1}


def test_replace_drops_the_base_value(write: Write) -> None:
    data: dict[str, Any] = load_rule_file(write("v.yaml", (
        "extends: base\nname: v\ntitle: V\nreplace: [layouts, costs.road]\ncosts:\n  road: {brick: 2}\n"
    )))
    assert "layouts" not in data
    assert "replace" not in data
    assert data["costs"]["road"] == {"brick": 2}


def test_extends_looks_beside_the_file_first(write: Write, base_file: Path) -> None:
    text = base_file.read_text(encoding="utf-8").replace("target: 10", "target: 8")
    write("base.yaml", text)
    data: dict[str, Any] = load_rule_file(write("quick.yaml", "extends: base\nname: quick\ntitle: Quick\n"))
    assert data["victory_points"]["target"] == 8


def test_a_local_base_file_may_extend_the_installed_one(write: Write) -> None:
    data: dict[str, Any] = load_rule_file(write("base.yaml", "extends: base\nname: base\ntitle: My base\n"))
    assert data["title"] == "My base"
    assert data["victory_points"]["target"] == 10


def test_extends_chains(write: Write) -> None:
    write("long_game.yaml", VARIANT)
    longer = write("longer.yaml", "extends: long_game\nname: longer\ntitle: L\npieces: {road: 20}\n")
    data: dict[str, Any] = load_rule_file(longer)
    assert data["victory_points"]["target"] == 12
    assert data["pieces"]["road"] == 20


@pytest.mark.parametrize("name", ["../x", "sub/base", "base.yaml", "/etc/passwd", "Base", ""])
def test_extends_must_be_a_bare_name(write: Write, name: str) -> None:
    path = write("v.yaml", f"name: v\ntitle: V\nextends: '{name}'\n")
    (message,) = problems_of(path)
    assert message.startswith(f"{path}:3: extends: must be a bare rule-file name such as 'base'")
    assert message.endswith(f"not '{name}'")


def test_extends_cannot_follow_a_link_out_of_its_folder(tmp_path: Path, write: Write) -> None:
    outside = write("outside/secret.yaml", VARIANT)
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "secret.yaml").symlink_to(outside)
    path = write("rules/v.yaml", "extends: secret\nname: v\ntitle: V\n")
    assert problems_of(path) == [
        f"{path}:1: extends: '{tmp_path}/rules/secret.yaml' links to a file in another folder; "
        "extends cannot follow it"
    ]


def test_a_cycle_is_rejected(write: Write) -> None:
    write("a.yaml", "extends: b\nname: a\ntitle: A\n")
    b = write("b.yaml", "name: b\ntitle: B\nextends: c\n")
    c = write("c.yaml", "name: c\nextends: a\ntitle: C\n")
    # reported where the circle closes: b.yaml leads back to c.yaml, the file being loaded
    assert problems_of(c) == [
        f"{b}:3: extends: extends goes round in a circle: c.yaml -> a.yaml -> b.yaml -> c.yaml"
    ]


def test_installed_rules_folder_is_the_fallback(write: Write, monkeypatch: pytest.MonkeyPatch,
                                                tmp_path: Path) -> None:
    installed = tmp_path / "installed"
    installed.mkdir()
    (installed / "classic.yaml").write_text((paths.rules_dir() / "base.yaml").read_text(encoding="utf-8"))
    monkeypatch.setattr(paths, "rules_dir", lambda: installed)
    data: dict[str, Any] = load_rule_file(write("mine/v.yaml", "extends: classic\nname: v\ntitle: V\n"))
    assert data["name"] == "v"
    (message,) = problems_of(write("mine/w.yaml", "extends: base\nname: w\ntitle: W\n"))
    assert message.endswith(
        "extends: no rule file named 'base' in this file's folder or among the installed rules"
    )


# --- load_variant and overrides --------------------------------------------------------------------------


def test_load_variant_by_name_or_path(base_file: Path, base_data: dict[str, Any]) -> None:
    assert load_variant("base") == base_data
    assert load_variant(str(base_file)) == base_data


def test_load_variant_unknown_name() -> None:
    with pytest.raises(RuleFileError) as caught:
        load_variant("bsae")
    assert caught.value.problems == ["bsae: no installed variant of that name (did you mean 'base'?)"]


def test_load_variant_applies_overrides() -> None:
    data: dict[str, Any] = load_variant("base", {"domestic_trade": False, "victory_points.target": 12})
    assert data["options"]["domestic_trade"] is False
    assert data["victory_points"]["target"] == 12


def test_override_problems_are_reported_as_options() -> None:
    with pytest.raises(RuleFileError) as caught:
        load_variant("base", {"domestic_trad": False, "victory_point.target": 12})
    assert caught.value.problems == [
        "<options>: domestic_trad: unknown option 'domestic_trad' (did you mean 'domestic_trade'?)",
        "<options>: victory_point: unknown key 'victory_point' (did you mean 'victory_points'?)",
    ]
    with pytest.raises(RuleFileError) as caught:
        load_variant("base", {"domestic_trade": "no", "victory_points.target": 0})
    assert caught.value.problems == [
        "<options>: victory_points.target: must be at least 1, not 0",
        "<options>: options.domestic_trade: must be true or false, not the text 'no'",
    ]


# --- list_variants ---------------------------------------------------------------------------------------


def test_list_installed_variants(base_file: Path) -> None:
    base = next(v for v in list_variants() if v.name == "base")
    assert base == VariantInfo("base", "Catan - base game", base.description, 3, 4, base_file)
    assert base.description.startswith("The classic game for 3 or 4 players")


def test_a_broken_installed_file_is_listed_with_its_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          base_file: Path) -> None:
    (tmp_path / "base.yaml").write_bytes(base_file.read_bytes())
    (tmp_path / "long_game.yaml").write_text(VARIANT)
    (tmp_path / "broken.yaml").write_text("name: broken\ntitle: [\n")
    (tmp_path / "notes.txt").write_text("not a rule file")
    monkeypatch.setattr(paths, "rules_dir", lambda: tmp_path)
    found = list_variants()
    assert [v.name for v in found] == ["base", "broken", "long_game"]
    broken = found[1]
    assert broken.error is not None
    assert broken.error.startswith(f"{tmp_path}/broken.yaml:3: YAML syntax error")
    assert (broken.title, broken.players_min, broken.path) == ("broken", 0, tmp_path / "broken.yaml")
    assert found[2].error is None and found[2].title == "A longer game"


# --- the validate command --------------------------------------------------------------------------------


def run_validate(*paths_: str | Path) -> tuple[int, list[str]]:
    out = io.StringIO()
    status = validate.run([os.fspath(p) for p in paths_], out=out)
    return status, out.getvalue().splitlines()


def test_validate_ok(base_file: Path) -> None:
    assert run_validate(base_file) == (0, [f"{base_file}: ok"])


def test_validate_reports_every_problem_of_every_file(base_file: Path) -> None:
    bad = [BAD_DIR / "rows_step.yaml", BAD_DIR / "unknown_key.yaml"]
    status, lines = run_validate(bad[0], base_file, bad[1])
    assert status == 2
    assert lines == [*expected_problems(bad[0]), f"{base_file}: ok", *expected_problems(bad[1])]


def test_validate_never_raises(tmp_path: Path) -> None:
    binary = tmp_path / "b.yaml"
    binary.write_bytes(b"\xff\xfe\x00\x01")
    status, lines = run_validate(tmp_path, binary, tmp_path / "missing.yaml", "/dev/null")
    assert status == 2
    assert lines == [
        f"{tmp_path}: is a folder, not a rule file",
        f"{binary}:1: the file is not UTF-8 text (byte 0xff cannot be read)",
        f"{tmp_path}/missing.yaml: no such file",
        "/dev/null: is not a regular file",
    ]


def test_validate_without_files_prints_usage() -> None:
    assert run_validate() == (2, ["usage: catan-desktop validate FILE..."])


def test_validate_reports_an_unexpected_error_without_a_traceback(
    monkeypatch: pytest.MonkeyPatch, base_file: Path
) -> None:
    def explode(path: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(validate, "load_rule_file", explode)
    assert run_validate(base_file) == (
        2, [f"{base_file}: could not be checked (RuntimeError: boom); please report this"]
    )


def test_variants_code_never_uses_an_unsafe_yaml_loader() -> None:
    package = Path(validate.__file__).parents[1]
    source = "".join(p.read_text(encoding="utf-8") for p in package.glob("variants/*.py"))
    for unsafe in ("yaml.load(", "UnsafeLoader", "FullLoader", "yaml.Loader", "unsafe_load",
                   "add_constructor"):
        assert unsafe not in source


def test_validate_into_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    """Issue 13, item 7: `validate … | head` ended in a BrokenPipeError traceback."""
    import subprocess
    import sys

    bad = sorted(str(p) for p in (Path(__file__).parent / "bad").glob("*.yaml")) * 50
    command = [sys.executable, "-m", "catan_desktop", "validate", *bad]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    proc.stdout.close()  # the reader goes away, as `head -1` does
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 2
    assert "Traceback" not in err
