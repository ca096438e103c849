"""The player's own rule files (issue 13): a ``rules`` folder in the user's data directory is read beside the
installed one; an own file plays by its name, a broken one is listed with its ``file:line`` problems and
never hides the others, and a file named like a shipped one is explained, not silently ignored."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from catan_desktop import paths
from catan_desktop.cli.main import main as cli_main
from catan_desktop.engine import Game, load_rules
from catan_desktop.variants import RuleFileError, list_variants, load_variant

QUICK = """format: 1
name: quick
title: Quick game
extends: base
description: The base game, first to 6.
victory_points:
  target: 6
"""


def test_the_folder_is_in_the_users_data_directory(own: Path) -> None:
    assert own == paths.user_dir("data") / "rules"


def test_an_own_rule_file_is_listed_as_own_and_plays_by_its_name(own: Path) -> None:
    (own / "quick.yaml").write_text(QUICK, encoding="utf-8")
    infos = {v.name: v for v in list_variants()}
    assert infos["quick"].own and infos["quick"].error is None and infos["quick"].title == "Quick game"
    assert not infos["base"].own
    assert load_rules("quick").vp_target == 6
    game = Game.new("quick", players=3, seed=1)
    assert game.rules.name == "quick"


def test_a_broken_own_file_is_listed_with_file_and_line_and_hides_nothing(own: Path) -> None:
    (own / "quick.yaml").write_text(QUICK, encoding="utf-8")
    (own / "typo.yaml").write_text(QUICK.replace("quick", "typo").replace("target: 6", "target: [6]"),
                                   encoding="utf-8")
    (own / "harbour.yaml").write_text(  # issue 13, item 2: a harbour side written as a list
        "format: 1\nname: harbour\ntitle: H\nextends: base\nboard:\n  harbour_positions:\n"
        "    - [\"1.1\", [NW]]\n", encoding="utf-8")
    infos = {v.name: v for v in list_variants()}
    assert {"base", "base-5-6", "catan-a-dois", "quick"} <= {n for n, v in infos.items() if v.error is None}
    assert infos["typo"].own
    assert f"{own / 'typo.yaml'}:7: victory_points.target" in (infos["typo"].error or "")
    assert str(own / "harbour.yaml") in (infos["harbour"].error or "")
    with pytest.raises(RuleFileError):
        load_variant("typo")


def test_an_own_file_named_like_a_shipped_one_is_explained(own: Path) -> None:
    shutil.copy(paths.rules_dir() / "base.yaml", own / "base.yaml")
    entries = [v for v in list_variants() if v.name == "base"]
    assert [v.own for v in entries] == [False, True]
    assert entries[0].error is None and "rename" in (entries[1].error or "")
    (own / "base.yaml").write_text(QUICK.replace("quick", "base"), encoding="utf-8")
    assert load_rules("base").vp_target == 10  # the shipped file wins: the own one cannot replace it


def test_odd_entries_in_the_folder_are_skipped(own: Path) -> None:
    (own / "folder.yaml").mkdir()
    if hasattr(os, "mkfifo"):
        os.mkfifo(own / "pipe.yaml")  # reading it would hang the menu
    (own / "quick.yaml").write_text(QUICK, encoding="utf-8")
    names = [v.name for v in list_variants() if v.own]
    assert names == ["quick"]


def test_the_cli_lists_own_files_and_the_folder(own: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (own / "quick.yaml").write_text(QUICK, encoding="utf-8")
    assert cli_main(["variants"]) == 0
    out = capsys.readouterr().out
    assert "quick" in out and "your own" in out and str(own) in out


def test_the_listing_follows_every_change_to_an_own_file(own: Path) -> None:
    """list_variants keeps a file's listing while the rules folders are unchanged (variants/listing.py): an
    edit in place, an atomic replacement, a new file that the listed one extends and a removal each show at
    the next listing."""
    quick = own / "quick.yaml"
    quick.write_text(QUICK, encoding="utf-8")
    assert next(v for v in list_variants() if v.name == "quick").error is None
    first = list_variants()
    assert list_variants() == first  # nothing changed: the same listing
    quick.write_text(QUICK.replace("target: 6", "target: [6]"), encoding="utf-8")  # in place, same inode
    os.utime(quick, ns=(1, 1))  # even with a change time the cache has never seen
    assert "victory_points.target" in (next(v for v in list_variants() if v.name == "quick").error or "")
    scratch = own / "quick.tmp"
    scratch.write_text(QUICK.replace("first to 6", "first to 6!"), encoding="utf-8")
    os.replace(scratch, quick)  # an atomic write: a new inode
    assert "first to 6!" in next(v for v in list_variants() if v.name == "quick").description
    (own / "mine.yaml").write_text(QUICK.replace("quick", "mine").replace("extends: base", "extends: other"),
                                   encoding="utf-8")
    assert "other" in (next(v for v in list_variants() if v.name == "mine").error or "")
    (own / "other.yaml").write_text(QUICK.replace("quick", "other"), encoding="utf-8")
    assert next(v for v in list_variants() if v.name == "mine").error is None  # its base came
    quick.unlink()
    assert "quick" not in {v.name for v in list_variants()}
