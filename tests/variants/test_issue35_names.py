"""Issue 35, item 8: rule files with awkward names and links, and the lines problems are reported at.

- A rule file that is a symbolic link to itself is one plain problem naming the file, from every reader
  (``catan-desktop validate``, the variant listing, loading a game from its path), never a crash.
- A file name holding a line break or U+202E (right-to-left override) is shown escaped (``\\n``,
  ``\\u202e``) by ``catan-desktop variants``, so it cannot break the listing or turn the text after it round.
- A problem that a key of an extending file causes in the file it extends (``resources`` without ``ore``:
  the base's costs name an unknown resource) is reported at that key of the extending file.
"""

from __future__ import annotations

import io
import os
import shutil
from pathlib import Path

import pytest

from catan_desktop import paths
from catan_desktop.cli import validate
from catan_desktop.cli.main import main as cli_main
from catan_desktop.engine import Game, load_rules
from catan_desktop.variants import RuleFileError, list_variants, load_rule_file, load_variant
from catan_desktop.variants.file_names import printable

LOOP = "cannot be read: it is a symbolic link that leads back to itself"
GOLD = "format: 1\nname: gold\ntitle: Gold\nextends: base\nresources: [lumber, wool, grain, brick, gold]\n"

needs_links = pytest.mark.skipif(not hasattr(os, "symlink") or os.name == "nt",
                                 reason="symbolic links need a POSIX system")


def problems_of(path: str | Path) -> list[str]:
    with pytest.raises(RuleFileError) as caught:
        load_rule_file(path)
    return caught.value.problems


def run_validate(*files: Path) -> tuple[int, list[str]]:
    out = io.StringIO()
    status = validate.run([os.fspath(f) for f in files], out=out)
    return status, out.getvalue().splitlines()


# --- 1. a link to itself ---------------------------------------------------------------------------------


@needs_links
def test_validate_names_a_link_to_itself_as_a_plain_problem(tmp_path: Path) -> None:
    """Issue 35, item 8: a rule file linked to itself (or round a circle of links) is one clear problem
    naming the file and the failure code, not "could not be checked (RuntimeError …); please report this"."""
    itself = tmp_path / "itself.yaml"
    itself.symlink_to("itself.yaml")
    (tmp_path / "a.yaml").symlink_to("b.yaml")
    (tmp_path / "b.yaml").symlink_to("a.yaml")
    status, lines = run_validate(itself, tmp_path / "a.yaml")
    assert (status, lines) == (2, [f"{itself}: {LOOP}", f"{tmp_path / 'a.yaml'}: {LOOP}"])
    assert not any("please report" in line for line in lines)


@needs_links
def test_every_reader_names_a_link_to_itself(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             base_file: Path) -> None:
    """Issue 35, item 8: the variant listing, loading a game from the file's path (as the variant list does)
    and a file that extends the looping one all give the same plain problem."""
    shutil.copy(base_file, tmp_path / "base.yaml")
    loop = tmp_path / "loop.yaml"
    loop.symlink_to("loop.yaml")
    monkeypatch.setattr(paths, "rules_dir", lambda: tmp_path)
    listed = {v.name: v for v in list_variants()}
    assert listed["base"].error is None
    assert listed["loop"].error == f"{loop}: {LOOP}"
    for load in (lambda: load_variant(str(loop)), lambda: load_rules(str(loop)),
                 lambda: Game.new(str(loop), players=3, seed=1)):
        with pytest.raises(RuleFileError) as caught:
            load()
        assert caught.value.problems == [f"{loop}: {LOOP}"]
    child = tmp_path / "child.yaml"
    child.write_text("format: 1\nname: child\ntitle: Child\nextends: loop\n", encoding="utf-8")
    assert problems_of(child) == [f"{loop}: {LOOP}"]


# --- 2. names with line breaks and bidi controls ---------------------------------------------------------


def test_printable_escapes_line_breaks_controls_and_bidi_characters() -> None:
    """Issue 35, item 8: the one helper the listings share."""
    assert printable("base-5-6") == "base-5-6"
    assert printable("Catan a Dois \u2013 2 players") == "Catan a Dois \u2013 2 players"
    assert printable("two\nlines") == "two\\nlines"
    assert printable("evil\u202etxt\u2066\x1b[31m") == "evil\\u202etxt\\u2066\\x1b[31m"


def test_the_variant_listing_shows_awkward_names_escaped(own: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 35, item 8: `catan-desktop variants` printed a file's name raw: a line break split its line,
    U+202E turned the rest of it round."""
    (own / "evil\u202etxt.yaml").write_text("format: 1\n", encoding="utf-8")
    (own / "two\nlines.yaml").write_text("format: 1\n", encoding="utf-8")
    (own / "odd.yaml").write_text(
        "format: 1\nname: odd\ntitle: \"Odd \u202etitle\"\nextends: base\ndescription: \"Two\\nlines\"\n",
        encoding="utf-8")
    assert cli_main(["variants"]) == 0
    out = capsys.readouterr().out
    assert "\u202e" not in out
    lines = out.splitlines()
    assert any(line.startswith("evil\\u202etxt ") and "BROKEN" in line for line in lines)
    assert any(line.startswith("two\\nlines ") and "BROKEN" in line for line in lines)
    assert not any(line.startswith("lines") for line in lines)
    assert any(line.startswith("odd ") and "Odd \\u202etitle" in line and "Two\\nlines" in line
               for line in lines)


# --- 3. problems an extending file causes in the file it extends -----------------------------------------


def test_a_problem_a_key_causes_in_the_base_points_at_that_key(tmp_path: Path, base_file: Path) -> None:
    """Issue 35, item 8: `resources` without ore made the base's costs and terrains name an unknown
    resource, reported at rules/base.yaml:113 and others; they belong to line 5 of the player's file."""
    gold = tmp_path / "gold.yaml"
    gold.write_text(GOLD, encoding="utf-8")
    problems = problems_of(gold)
    assert problems and all(p.startswith(f"{gold}:5: ") for p in problems)
    base_lines = base_file.read_text(encoding="utf-8").splitlines()
    city = next(i for i, line in enumerate(base_lines, 1) if line.startswith("  city: {ore: 3"))
    assert (f"{gold}:5: costs.city.ore: unknown resource 'ore' (expected one of: lumber, wool, grain, "
            f"brick, gold) (the value is at {base_file}:{city}, in the file this one extends)") in problems
    status, lines = run_validate(gold)
    assert status == 2 and lines == problems


def test_only_the_key_that_causes_it_is_blamed(tmp_path: Path) -> None:
    """Issue 35, item 8: with other keys set, the problem points at the key that causes it."""
    gold = tmp_path / "gold.yaml"
    gold.write_text(GOLD.replace("resources:", "victory_points: {target: 12}\nresources:")
                    + "pieces: {city: 0}\n", encoding="utf-8")
    problems = problems_of(gold)
    assert f"{gold}:7: pieces.city: must be at least 1, not 0" in problems
    assert all(p.startswith((f"{gold}:6: ", f"{gold}:7: pieces.city")) for p in problems)


def test_a_problem_of_the_extended_file_itself_stays_there(tmp_path: Path, base_file: Path) -> None:
    """Issue 35, item 8: a problem the extended file has on its own is still reported in that file, also
    through a chain of files."""
    text = base_file.read_text(encoding="utf-8").replace("per_resource: 19", "per_resource: 0")
    shaky = tmp_path / "shaky.yaml"
    shaky.write_text(text.replace("name: base", "name: shaky"), encoding="utf-8")
    (tmp_path / "middle.yaml").write_text(
        GOLD.replace("gold\ntitle: Gold\nextends: base", "middle\ntitle: Middle\nextends: shaky"),
        encoding="utf-8")
    top = tmp_path / "top.yaml"
    top.write_text("format: 1\nname: top\ntitle: Top\nextends: middle\n", encoding="utf-8")
    line = text.splitlines().index("  per_resource: 0          # B-1.4: 95 cards") + 1
    problems = problems_of(top)
    assert f"{shaky}:{line}: bank.per_resource: must be at least 1, not 0" in problems
    moved = [p for p in problems if "costs.city.ore" in p]
    assert moved and moved[0].startswith(f"{tmp_path / 'middle.yaml'}:5: costs.city.ore: unknown resource")
