"""The board editor's save side (issue 34): a board becomes an ordinary rule file of the player's own that
``extends`` its base rules, the loader reads back exactly what was written, New game offers it at once, and
every shipped rows board round-trips: loaded into the editor and saved unchanged it is *semantically*
identical (the same board, tokens, harbours and robber, playing the same seeded game), not byte-for-byte
(the shipped files carry comments and the rest of their rules; the saved file holds only the board).
Map boards (``board.map``, the scenarios) are refused here: ``map_session`` edits them
(test_map_session.py)."""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import pytest
import yaml

from catan_desktop import paths
from catan_desktop.editor.layout import (
    BOARD_ORDER,
    LAYOUT_ORDER,
    TOP_ORDER,
    BoardLayout,
    read_variant_layout,
    save_variant,
    variant_data,
    variant_text,
)
from catan_desktop.engine import Game, load_rules
from catan_desktop.engine.boards import board_kinds
from catan_desktop.match import run_games
from catan_desktop.variants import RuleFileError, list_variants, load_rule_file, load_variant

ROWS_VARIANTS = sorted(
    path.stem for path in paths.rules_dir().glob("*.yaml")
    if "rows" in (load_rule_file(path).get("board") or {})
)
CASES = [
    (variant, layout)
    for variant in ROWS_VARIANTS
    for layout in [*load_rules(variant).layouts, None]  # each fixed layout, and the random board of seed 3
]
STEPS = 200


def _saved_name(variant: str, layout: str | None) -> str:
    return f"edited-{variant}-{layout or 'random'}"


def _data(variant: str, layout: str | None, **changes: Any) -> tuple[BoardLayout, dict[str, Any]]:
    rules = load_rules(variant)
    board = BoardLayout.from_rules(rules, layout, seed=3)
    meta: dict[str, Any] = {
        "base": variant, "name": _saved_name(variant, layout), "title": f"Edited {rules.title}",
        "description": "The board of " + rules.description, "players": (rules.players_min, rules.players_max),
        "vp_target": rules.vp_target,
    }
    meta.update(changes)
    return board, variant_data(board, **meta)


def _merged_over_base(data: dict[str, Any]) -> dict[str, Any]:
    """What ``extends`` + ``replace`` should give: the base's data, replaced keys dropped, ``data`` merged."""
    merged = copy.deepcopy(load_variant(data["extends"]))
    for entry in data.get("replace", []):
        *parents, last = entry.split(".")
        parent = merged
        for key in parents:
            parent = parent[key]
        del parent[last]

    def merge(into: dict[str, Any], own: dict[str, Any]) -> None:
        for key, value in own.items():
            if isinstance(value, dict) and isinstance(into.get(key), dict):
                merge(into[key], value)
            else:
                into[key] = copy.deepcopy(value)

    merge(merged, {k: v for k, v in data.items() if k not in ("extends", "replace")})
    return merged


def _play(game: Game, steps: int = STEPS) -> tuple[list[str], list[dict[str, Any]]]:
    rng = random.Random(5)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return list(game.history), copy.deepcopy(game.log)


def _board(game: Game) -> tuple[Any, ...]:
    s = game.s
    return (s.terrain, s.number, s.harbours, s.robber)


def test_the_shipped_rows_boards_are_found() -> None:
    assert {"base", "base-5-6", "catan-a-dois", "frenemies", "helpers"} <= set(ROWS_VARIANTS)
    assert not {"corsica", "new-york"} & set(ROWS_VARIANTS)  # map boards: out of scope


@pytest.mark.parametrize(("variant", "layout"), CASES)
def test_every_shipped_board_saved_unchanged_loads_and_plays_the_same(
    own: Path, variant: str, layout: str | None
) -> None:
    """Issue 34's round trip: semantically identical (the board keys equal the original's; the one layout
    is the same board), and the same seeded game on it, random players' actions and log alike."""
    board, data = _data(variant, layout)
    name = data["name"]
    path = save_variant(own, name, variant_text(data))
    assert path == own / f"{name}.yaml"
    loaded = load_rule_file(path)
    assert loaded == _merged_over_base(data)  # the loader gives back exactly what was written, over the base
    original = load_variant(variant)
    assert loaded["board"] == original["board"]  # same rows, terrain counts, tokens, harbours, robber start
    saved_rules = load_rules(name)
    assert BoardLayout.from_rules(saved_rules, "edited") == board
    assert board_kinds(saved_rules)[0] == "edited"  # New game offers the edited board first
    players = saved_rules.players_min
    mine = Game.new(name, players=players, seed=5, board="edited")
    if layout is not None:
        theirs = Game.new(variant, players=players, seed=5, board=layout)
        assert _board(mine) == _board(theirs)
        assert _play(mine) == _play(theirs)
    else:  # the random board of seed 3 is now fixed: compare it with the original's deal
        dealt = Game.new(variant, players=players, seed=3, board="random")
        assert _board(Game.new(name, players=players, seed=3, board="edited")) == _board(dealt)
    # the same pieces in the same order: the variant's own random boards deal exactly like the original's
    random_mine = Game.new(name, players=players, seed=5, board="random")
    random_theirs = Game.new(variant, players=players, seed=5, board="random")
    assert _board(random_mine) == _board(random_theirs)
    assert _play(random_mine) == _play(random_theirs)


@pytest.mark.parametrize(("variant", "layout"), [("base", "beginner"), ("base-5-6", None)])
def test_what_was_read_writes_the_same_bytes(own: Path, variant: str, layout: str | None) -> None:
    """Issue 34: the editor reads back what it wrote identically; saved again, the file is byte-for-byte
    the same."""
    board, data = _data(variant, layout)
    first = variant_text(data)
    path = save_variant(own, data["name"], first)
    again, meta = read_variant_layout(path)
    assert again == board
    assert meta == {
        "base": variant, "name": data["name"], "title": data["title"], "description": data["description"],
        "players": (data["players"]["min"], data["players"]["max"]),
        "vp_target": data["victory_points"]["target"], "layout_name": "edited",
        "layout_description": data["title"],
    }
    second = variant_text(variant_data(again, **meta))
    assert second == first
    assert save_variant(own, data["name"], second).read_bytes() == first.encode("utf-8")


def test_a_file_that_leaves_players_and_points_to_its_base_reads_back_so(own: Path) -> None:
    board, data = _data("base", "beginner", players=None, vp_target=None, layout_name="mine")
    assert "players" not in data and "victory_points" not in data
    path = save_variant(own, data["name"], variant_text(data))
    again, meta = read_variant_layout(path)
    assert again == board and meta["players"] is None and meta["vp_target"] is None
    assert meta["layout_name"] == "mine"
    assert variant_text(variant_data(again, **meta)) == path.read_text(encoding="utf-8")


def test_it_appears_among_the_variants_at_once_and_computers_play_it(own: Path) -> None:
    """Issue 34: listed with the player's own variants at once, and computer players finish a game on it."""
    _, data = _data("base", "beginner", players=(2, 4), vp_target=6)
    save_variant(own, data["name"], variant_text(data))
    infos = {v.name: v for v in list_variants()}
    info = infos[data["name"]]
    assert info.own and info.error is None and (info.players_min, info.players_max) == (2, 4)
    rules = load_rules(data["name"])
    assert rules.vp_target == 6 and list(rules.layouts) == ["edited"]
    summary = run_games(data["name"], ["ai:easy", "ai:easy"], games=1, seed=1, board="edited")
    assert summary.unfinished == 0 and len(summary.results[0].winners) == 1
    assert max(summary.results[0].vp) >= 6


def test_the_text_is_readable_yaml_in_rule_file_order() -> None:
    board, data = _data("base", "beginner")
    text = variant_text(data, header="Made with the board editor of Catan Desktop\nfor a test")
    assert text.startswith("# Made with the board editor of Catan Desktop\n# for a test\nformat: 1\n")
    assert "      - [mountains 10, pasture 2, forest 9]\n" in text
    assert '    - ["1.1", NW, generic]\n' in text and "  rows: [3, 4, 5, 4, 3]\n" in text
    assert yaml.safe_load(text) == data
    assert list(data) == [k for k in TOP_ORDER if k in data]
    # the orders follow rules/base.yaml
    base = yaml.safe_load((paths.rules_dir() / "base.yaml").read_text(encoding="utf-8"))
    assert [k for k in TOP_ORDER if k in base] == list(base)
    assert [k for k in BOARD_ORDER if k in base["board"]] == list(base["board"])
    assert [k for k in LAYOUT_ORDER if k in base["layouts"]["beginner"]] == list(base["layouts"]["beginner"])
    assert variant_text(data).startswith("# Made with the board editor of Catan Desktop")


@pytest.mark.parametrize(
    "title",
    ["yes", "Board: with colon", 'a "quoted" #title', "12", "Ünïcödé – board", "line\nbreak", " spaced ",
     "null", "- dash", "x" * 300, ("long words " * 30).strip(), "tab\there", "\u2028", "😀 emoji"],
)
def test_any_text_the_player_types_reads_back_as_itself(title: str) -> None:
    board = BoardLayout.from_rules(load_rules("base"), "beginner")
    data = variant_data(board, base="base", name="t", title=title, description=title, players=None,
                        vp_target=None)
    assert yaml.safe_load(variant_text(data)) == data


@pytest.mark.parametrize("stem", ["../x", "a/b", "X", "", "a.b", "x.yaml", ".hidden", "..", "a\\b", "a b"])
def test_save_refuses_a_name_that_is_not_a_bare_rule_file_name(tmp_path: Path, stem: str) -> None:
    with pytest.raises(ValueError, match="not a rule-file name"):
        save_variant(tmp_path / "rules", stem, "format: 1\n")
    assert not (tmp_path / "rules").exists() and list(tmp_path.iterdir()) == []


def test_an_unpainted_hex_is_refused_by_the_loader_naming_the_layout_row(own: Path) -> None:
    board = BoardLayout.from_rules(load_rules("base"), "beginner")
    board.cells["2.2"] = (None, None)
    data = variant_data(board, base="base", name="holes", title="Holes", description="d", players=None,
                        vp_target=None)
    text = variant_text(data)
    assert "      - [fields 12, null, pasture 4, hills 10]\n" in text
    path = save_variant(own, "holes", text)
    with pytest.raises(RuleFileError) as err:
        load_rule_file(path)
    print("\n".join(err.value.problems))  # shown with -s: the message the editor passes on
    line = text.splitlines().index("      - [fields 12, null, pasture 4, hills 10]") + 1
    assert f"{path}:{line}: layouts.edited.rows[1][1]: must be text, not empty (null)" in err.value.problems


def test_an_empty_board_has_every_hex_unpainted() -> None:
    board = BoardLayout.empty([3, 4, 3])
    assert board.hex_ids() == ["1.1", "1.2", "1.3", "2.1", "2.2", "2.3", "2.4", "3.1", "3.2", "3.3"]
    assert set(board.cells.values()) == {(None, None)} and board.harbours == [] and board.robber is None
    copied = board.copy()
    copied.cells["1.1"] = ("forest", 8)
    assert board.cell("1.1") == (None, None)


def test_a_changed_board_counts_its_pieces_and_keeps_letters_in_order(own: Path) -> None:
    board = BoardLayout.from_rules(load_rules("base"), "beginner")
    board.cells["3.3"] = ("forest", 6)  # the desert becomes a forest with one more 6
    board.cells["1.1"] = ("desert", None)  # and a mountains 10 a desert, where the robber starts
    board.robber = "1.1"
    board.harbours = board.harbours[:-1]
    data = variant_data(board, base="base", name="changed", title="Changed", description="d",
                        players=None, vp_target=None)
    new = data["board"]
    assert new["terrain_counts"] == {"forest": 5, "pasture": 4, "fields": 4, "hills": 3, "mountains": 2,
                                     "desert": 1}
    assert [letter for letter, _ in new["number_tokens"]] == [chr(ord("A") + i) for i in range(18)]
    assert sorted(n for _, n in new["number_tokens"]) == sorted(
        [5, 2, 6, 3, 8, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11, 6])
    assert len(new["harbour_positions"]) == len(new["harbour_set"]) == 8
    path = save_variant(own, "changed", variant_text(data))
    rules = load_rules("changed")
    assert load_rule_file(path)["layouts"]["edited"]["robber"] == "1.1"
    assert BoardLayout.from_rules(rules, "edited") == board
    Game.new("changed", players=3, seed=2, board="random")  # the random board deals its pieces


def test_map_boards_are_out_of_scope() -> None:
    with pytest.raises(ValueError, match="map board"):
        BoardLayout.from_rules(load_rules("corsica"))
