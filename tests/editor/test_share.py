"""A board to give to a friend (issue 34, editor/share.py): export makes one file that needs only the game's
own rules (a chain of the player's files merged by the loader's own merge) and loads to the same rules and
the same seeded game; import reads any file through the loader, refuses a broken or hostile one with one
clear problem, and writes a good one into the player's own rule folder under a free name, never over a file
and never anywhere else."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest

from catan_desktop.editor.layout import BoardLayout, save_variant, variant_data, variant_text
from catan_desktop.editor.share import (
    ShareError,
    check_import,
    export_board,
    export_text,
    import_board,
    shared_files,
)
from catan_desktop.engine import Game, Ruleset, load_rules
from catan_desktop.variants import RuleFileError, list_variants, load_rule_file, load_variant
from catan_desktop.variants.loader import MAX_FILE_BYTES, flatten_extends

ISLAND = """\
# The island of my uncle: drawn in the editor, then changed by hand.
format: 1
name: island
title: Uncle's island
extends: base
replace: [board.terrain_counts]
description: Four of each but one, and eleven to win.
board:
  terrain_counts: {forest: 4, pasture: 4, fields: 4, hills: 3, mountains: 3, desert: 1}
victory_points: {target: 11}
"""
ISLAND_TWO = """\
format: 1
name: island-two
title: Uncle's island for two to four
extends: island
description: The same island, from two players.
players: {min: 2, max: 4}
"""
ISLAND_SHORT = """\
# a short game on the island
format: 1
name: island-short
title: Uncle's island, short
extends: island-two
replace: [victory_points.target, layouts]
victory_points: {target: 8}
"""


def _files(root: Path) -> dict[Path, bytes]:
    """Every file under ``root`` (links as links) with its bytes: what a step wrote, and where."""
    out = {}
    for folder, _dirs, names in os.walk(root):
        for name in names:
            path = Path(folder) / name
            out[path] = b"<link>" if path.is_symlink() else path.read_bytes()
    return out


def _play(game: Game, steps: int = 150) -> list[str]:
    rng = random.Random(9)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return list(game.history)


def _same_game(first: dict[str, Any], second: dict[str, Any], board: str = "random") -> None:
    """The same rules, and the same seeded game on them (the board dealt, random players' actions)."""
    a, b = Ruleset.build(first), Ruleset.build(second)
    assert a == b
    for seed in (1, 2):
        mine, theirs = (Game.new(r, players=r.players_min, seed=seed, board=board) for r in (a, b))
        assert mine.to_json() == theirs.to_json()
        assert _play(mine) == _play(theirs)
        assert mine.to_json() == theirs.to_json()


@pytest.fixture
def friend(tmp_path: Path) -> Path:
    """Another folder, anywhere: where a friend's file is, or where the exported file is looked at alone."""
    folder = tmp_path / "friend"
    folder.mkdir()
    return folder


def _chain(own: Path) -> None:
    for name, text in (("island", ISLAND), ("island-two", ISLAND_TWO), ("island-short", ISLAND_SHORT)):
        (own / f"{name}.yaml").write_text(text, encoding="utf-8")


# --- export ----------------------------------------------------------------------------------------------


def test_a_file_that_extends_a_variant_of_the_game_is_exported_as_it_is(own: Path) -> None:
    _chain(own)
    assert export_text(own / "island.yaml") == ISLAND  # comments and all
    (own / "alone.yaml").write_text(ISLAND.replace("island", "alone").replace("extends: base\n", "")
                                    .replace("replace: [board.terrain_counts]\n", ""), encoding="utf-8")
    with pytest.raises(RuleFileError):  # not a complete rule file without its base: the loader says so
        export_text(own / "alone.yaml")


def test_a_chain_of_own_files_is_flattened_into_one_that_extends_only_the_game(
    own: Path, friend: Path
) -> None:
    _chain(own)
    text = export_text(own / "island-short.yaml")
    assert "extends: base\n" in text and "island-two" not in text.split("extends:")[1]
    assert text.startswith("# a short game on the island\n# Exported from Catan Desktop")  # its comments kept
    assert "island-two.yaml, island.yaml" in text  # and what was merged into it, said
    # the merged files' replace of the game's keys is kept; layouts only where the game has them
    data, merged = flatten_extends(own / "island-short.yaml")
    assert [p.name for p in merged] == ["island-short.yaml", "island-two.yaml", "island.yaml"]
    assert data["replace"] == ["board.terrain_counts", "victory_points.target", "layouts"]
    alone = friend / "island-short.yaml"  # beside none of the player's files
    alone.write_text(text, encoding="utf-8")
    original = load_rule_file(own / "island-short.yaml")
    assert load_rule_file(alone) == original
    _same_game(load_rule_file(alone), original)


def test_an_editor_board_extended_by_another_own_file_exports_the_same_board(own: Path, friend: Path) -> None:
    rules = load_rules("base")
    board = BoardLayout.from_rules(rules, None, seed=4)
    data = variant_data(board, base="base", name="drawn", title="Drawn", description="A drawn board.",
                        players=None, vp_target=None)
    save_variant(own, "drawn", variant_text(data))
    (own / "drawn-long.yaml").write_text(
        "format: 1\nname: drawn-long\ntitle: Drawn, long\nextends: drawn\nvictory_points: {target: 13}\n",
        encoding="utf-8")
    alone = friend / "drawn-long.yaml"
    alone.write_text(export_text(own / "drawn-long.yaml"), encoding="utf-8")
    assert "extends: base" in alone.read_text(encoding="utf-8")
    original = load_rule_file(own / "drawn-long.yaml")
    assert load_rule_file(alone) == original
    _same_game(load_rule_file(alone), original, board="edited")  # the drawn board itself
    _same_game(load_rule_file(alone), original)  # and the variant's random boards


def test_where_merging_is_not_associative_the_export_is_the_whole_rules(own: Path, friend: Path) -> None:
    """A file that puts a list where the game has a mapping, and a file over it that puts a mapping back:
    merged in one step the game's mapping would come through, so the export extends nothing."""
    (own / "flat.yaml").write_text(
        "format: 1\nname: flat\ntitle: Flat\nextends: base\nlayouts: []\n", encoding="utf-8")
    again = {"format": 1, "name": "again", "title": "Again", "extends": "flat",
             "layouts": {"again": load_variant("base")["layouts"]["beginner"]}}
    (own / "again.yaml").write_text(variant_text(again), encoding="utf-8")
    original = load_rule_file(own / "again.yaml")
    assert list(original["layouts"]) == ["again"]
    text = export_text(own / "again.yaml")
    assert "extends" not in text
    alone = friend / "again.yaml"
    alone.write_text(text, encoding="utf-8")
    assert load_rule_file(alone) == original
    _same_game(load_rule_file(alone), original, board="again")


def test_export_writes_a_new_file_in_the_folder_never_over_one(own: Path, tmp_path: Path) -> None:
    _chain(own)
    boards = tmp_path / "home" / "data" / "boards"
    first = export_board(own / "island-short.yaml", boards)
    second = export_board(own / "island-short.yaml", boards)
    assert (first.name, second.name) == ("island-short.yaml", "island-short-2.yaml")
    # the second says its own name, so 'catan-desktop validate' finds each file sound as it is
    assert second.read_text(encoding="utf-8") == first.read_text(encoding="utf-8").replace(
        "name: island-short", "name: island-short-2", 1)
    assert [load_rule_file(f)["name"] for f in (first, second)] == ["island-short", "island-short-2"]
    assert set(_files(tmp_path)) - set(_files(own)) == {first, second}


def test_a_broken_file_is_not_exported(own: Path, tmp_path: Path) -> None:
    (own / "typo.yaml").write_text(ISLAND.replace("island", "typo").replace("target: 11", "target: x"),
                                   encoding="utf-8")
    before = _files(tmp_path)
    with pytest.raises(RuleFileError) as err:
        export_board(own / "typo.yaml", tmp_path / "boards")
    assert any("typo.yaml:10: victory_points.target" in p for p in err.value.problems)
    assert _files(tmp_path) == before


# --- import ----------------------------------------------------------------------------------------------


def test_a_good_board_is_imported_into_the_own_folder_as_it_is(own: Path, friend: Path) -> None:
    _chain(own)
    shared = friend / "island-short.yaml"
    shared.write_text(export_text(own / "island-short.yaml"), encoding="utf-8")
    for name in ("island", "island-two", "island-short"):
        (own / f"{name}.yaml").unlink()  # the friend has none of the player's files
    target = import_board(shared)
    assert target == own / "island-short.yaml"
    assert target.read_bytes() == shared.read_bytes()
    assert {v.name for v in list_variants() if v.own and v.error is None} == {"island-short"}


def test_a_name_taken_gives_name_2_then_name_3_with_the_name_line_changed(own: Path, friend: Path) -> None:
    (own / "island.yaml").write_text(ISLAND, encoding="utf-8")
    before = (own / "island.yaml").read_bytes()
    shared = friend / "uncle.yaml"  # the file's name is not its name: the name inside counts
    shared.write_text(ISLAND, encoding="utf-8")
    assert check_import(shared).stem == "island-2" and check_import(shared).renamed
    second = import_board(shared)
    third = import_board(shared)
    assert (second.name, third.name) == ("island-2.yaml", "island-3.yaml")
    assert (own / "island.yaml").read_bytes() == before  # never over a file
    assert second.read_text(encoding="utf-8") == ISLAND.replace("name: island\n", "name: island-2\n")
    assert load_rule_file(third)["name"] == "island-3"
    own_names = {v.name for v in list_variants() if v.own and v.error is None}
    assert own_names == {"island", "island-2", "island-3"}


def test_a_board_named_like_a_variant_of_the_game_takes_another_name(own: Path, friend: Path) -> None:
    shared = friend / "base.yaml"
    shared.write_text(ISLAND.replace("name: island", "name: base"), encoding="utf-8")
    assert import_board(shared) == own / "base-2.yaml"
    assert load_rule_file(own / "base-2.yaml")["victory_points"]["target"] == 11


def test_a_name_line_that_cannot_be_changed_in_place_is_written_afresh(own: Path, friend: Path) -> None:
    (own / "flow.yaml").write_text(ISLAND.replace("name: island", "name: flow"), encoding="utf-8")
    shared = friend / "flow.yaml"
    shared.write_text("{format: 1, name: flow, title: Flow, extends: base, description: In one line.}\n",
                      encoding="utf-8")
    target = import_board(shared)
    assert target == own / "flow-2.yaml" and load_rule_file(target)["title"] == "Flow"


def test_a_board_may_extend_one_of_the_own_files_but_nothing_unknown(own: Path, friend: Path) -> None:
    shared = friend / "island-two.yaml"
    shared.write_text(ISLAND_TWO, encoding="utf-8")
    with pytest.raises(ShareError) as err:
        check_import(shared)
    assert err.value.code == "unknown_base" and err.value.fields["name"] == "island"
    (own / "island.yaml").write_text(ISLAND, encoding="utf-8")
    assert import_board(shared) == own / "island-two.yaml"


def test_a_broken_board_is_refused_with_the_loaders_problems(own: Path, friend: Path) -> None:
    shared = friend / "typo.yaml"
    shared.write_text(ISLAND.replace("target: 11", "target: x").replace("forest: 4", "forrest: 4"),
                      encoding="utf-8")
    with pytest.raises(RuleFileError) as err:
        import_board(shared)
    problems = err.value.problems
    assert any(p.startswith(f"{shared}:10: victory_points.target") for p in problems)  # the friend's file
    assert any("forrest" in p and "did you mean 'forest'" in p for p in problems)
    assert list(own.iterdir()) == []


def _hostile(friend: Path) -> dict[str, Path]:
    """Files that are no rule file, or try to be one somewhere else."""
    files = {}

    def put(label: str, name: str, data: bytes) -> None:
        files[label] = friend / name
        files[label].write_bytes(data)

    good = ISLAND.encode()
    put("huge", "huge.yaml", good + b"#" * (MAX_FILE_BYTES + 1))
    put("binary", "binary.yaml", bytes(range(256)) * 8)
    put("nul", "nul.yaml", good.replace(b"Four", b"Fo\x00ur"))
    put("slashes", "slashes.yaml", good.replace(b"name: island", b"name: ../../../outside"))
    put("dots", "dots.yaml", good.replace(b"name: island", b"name: .."))
    put("rtl", "rtl.yaml", good.replace(b"name: island", "name: evil\u202eelif".encode()))
    put("absolute", "absolute.yaml", good.replace(b"name: island", b"name: /tmp/x"))
    put("extends-path", "extends-path.yaml", good.replace(b"extends: base", b"extends: ../../rules/base"))
    put("tag", "tag.yaml", good + b"x: !!python/object/apply:os.system ['echo hacked']\n")
    put("laughs", "laughs.yaml", good + b"a: &a [x, x, x, x, x, x, x, x, x]\n" + b"".join(
        f"{c}: &{c} [*{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}]\n".encode()
        for p, c in zip("abcdefgh", "bcdefghi", strict=True)))
    put("list", "list.yaml", b"- format: 1\n")
    put("rtl-file", "evil\u202e\nlmay.yaml", good.replace(b"target: 11", b"target: x"))
    put("empty", "empty.yaml", b"")
    (friend / "folder.yaml").mkdir()
    files["folder"] = friend / "folder.yaml"
    files["link"] = friend / "link.yaml"
    files["link"].symlink_to(friend / "huge.yaml")
    files["loop"] = friend / "loop.yaml"
    files["loop"].symlink_to(friend / "loop.yaml")
    return files


EXPECTED = {
    "huge": "is too large to be a rule file",
    "binary": "is not UTF-8 text",
    "nul": "contains a character YAML does not allow",
    "slashes": "name:",
    "dots": "name:",
    "rtl": "\\u202e",
    "absolute": "name:",
    "extends-path": "extends:",
    "tag": "is not allowed in a rule file",
    "laughs": "aliases",
    "list": "must be a mapping",
    "rtl-file": "evil\\u202e\\nlmay.yaml:10: victory_points.target",  # the file's name shown escaped
    "empty": "the file is empty",
    "folder": "is a folder",
    "link": "link",
    "loop": "link",
}


def test_hostile_files_are_refused_with_one_clear_problem_and_nothing_written(
    own: Path, friend: Path, tmp_path: Path
) -> None:
    files = _hostile(friend)
    before = _files(tmp_path)
    for label, path in files.items():
        with pytest.raises((RuleFileError, ShareError)) as err:
            import_board(path)
        exc = err.value
        if label in ("link", "loop"):
            assert isinstance(exc, ShareError) and exc.code == "link", label
            continue
        assert isinstance(exc, RuleFileError), label
        text = "\n".join(exc.problems)
        assert EXPECTED[label] in text, (label, text)
        assert all(p.isprintable() for p in exc.problems), (label, exc.problems)  # no U+202E, no line break
        assert "hacked" not in text or label == "tag"
    assert _files(tmp_path) == before  # nothing written, here or anywhere else


def test_the_shared_folder_lists_yaml_files_and_links_but_no_hidden_ones(friend: Path) -> None:
    for name in ("b.yaml", "A.yaml", ".hidden.yaml", "notes.txt"):
        (friend / name).write_text("x", encoding="utf-8")
    (friend / "c.yaml").symlink_to(friend / "notes.txt")
    assert [p.name for p in shared_files(friend)] == ["A.yaml", "b.yaml", "c.yaml"]
    assert shared_files(friend / "missing") == []
