"""The Catan Dice Game's rule files (``game: dice``: rules/dice-game.yaml, rules/dice-game-plus.yaml): the
shipped sheets load with the facts of RULES.md Part C, and a broken sheet is refused with every problem as
``FILE:LINE: key.path: message`` (the same loader as the board games; catan_desktop/variants/dice_schema.py).
"""

from __future__ import annotations

import copy
import re
from pathlib import Path

import pytest

from catan_desktop import paths
from catan_desktop.cli.main import main as cli_main
from catan_desktop.engine import Ruleset, RulesetError
from catan_desktop.engine.dice_sheet import DiceSheet, load_sheet
from catan_desktop.variants import RuleFileError, list_variants, load_rule_file

CLASSIC = paths.rules_dir() / "dice-game.yaml"
PLUS = paths.rules_dir() / "dice-game-plus.yaml"


def test_the_classic_sheet_is_island_one() -> None:
    sheet = load_sheet("dice-game")
    kinds = [s.kind for s in sheet.structures]
    assert (kinds.count("road"), kinds.count("settlement"), kinds.count("city"), kinds.count("knight")) == (
        16,
        6,
        4,
        6,
    )
    assert [s.points for s in sheet.structures if s.kind == "settlement"] == [3, 4, 5, 7, 9, 11]
    assert [s.points for s in sheet.structures if s.kind == "city"] == [7, 12, 20, 30]
    assert [s.swap for s in sheet.structures if s.kind == "knight"] == [
        "ore",
        "grain",
        "wool",
        "lumber",
        "brick",
        "any",
    ]
    assert sheet.structure("S4").requires == ("R2", "S3") and sheet.structure("C30").requires == (
        "R15",
        "C20",
    )
    assert (sheet.dice_count, sheet.per_turn, sheet.rolls, sheet.gold) == (6, (6,), 3, "gold")
    assert (sheet.scoring, sheet.turns, sheet.no_build_penalty) == ("points", 15, -2)
    assert (sheet.players_min, sheet.players_max) == (1, 4)


def test_the_plus_sheet_races_with_awards_and_a_desert_pair() -> None:
    sheet = load_sheet("dice-game-plus")
    assert sheet.scoring == "race" and sheet.target == 10 and sheet.per_turn == (3, 4, 5, 6)
    assert sheet.vp == {"road": 0, "settlement": 1, "city": 2, "knight": 0}
    assert sheet.largest_army.minimum == 3 and sheet.longest_road.minimum == 5
    assert sheet.longest_road.count_start_road
    desert = [s for s in sheet.structures if s.swap_group == "desert"]
    assert [s.id for s in desert] == ["K6", "K7"] and all(s.swap == "any" for s in desert)
    assert sheet.structure("S4").requires == ("R2",) and sheet.structure("K3").requires == ()  # C-7.4
    assert (sheet.players_min, sheet.players_max) == (2, 4)


def test_dice_sheets_are_listed_apart_from_the_board_games() -> None:
    board = {v.name for v in list_variants()}
    dice = {v.name: v for v in list_variants(games=("dice",))}
    assert "dice-game" not in board and "base" in board
    assert set(dice) == {"dice-game", "dice-game-plus"} and dice["dice-game"].game == "dice"
    assert {"dice-game", "base"} <= {v.name for v in list_variants(games=None)}


def test_a_dice_mapping_is_not_a_board_rule_set() -> None:
    data = load_rule_file(CLASSIC)
    with pytest.raises(RulesetError, match="not a board game"):
        Ruleset.from_dict(data)
    assert DiceSheet.from_dict(data).name == "dice-game"
    broken = copy.deepcopy(data)
    broken["dice"]["rolls"] = 0
    with pytest.raises(RulesetError, match=r"dice\.rolls: must be at least 1"):
        DiceSheet.from_dict(broken)


# --------------------------------------------------------------------------------------- broken sheets

BROKEN = [  # (file, replace this, with this, expected "key.path: message" on the changed line)
    (CLASSIC, "\ngame: dice", "\ngame: dcie", "game: unknown game 'dcie' (did you mean 'dice'?)"),
    (CLASSIC, "count: 6 ", "count: 5 ", "dice.per_turn[0]: 6 dice, but only 5 are on the table (dice.count)"),
    (
        CLASSIC,
        "gold: gold ",
        "gold: ore ",
        "dice.gold: 'ore' is a resource; the gold face must be another face",
    ),
    (
        CLASSIC,
        "  city: {ore: 3, grain: 2}",
        "  city: {ore: 3, grian: 2}",
        "costs.city.grian: unknown resource 'grian' (did you mean 'grain'?)",
    ),
    (
        CLASSIC,
        "  knight: {ore: 1, wool: 1, grain: 1}",
        "  knight: {ore: 5, wool: 1, grain: 1}",
        "costs.knight: costs 7 dice, more than the 6 on the table (dice.count)",
    ),
    (CLASSIC, "kind: points ", "kind: pionts ", "scoring.kind: unknown scoring kind 'pionts'"),
    (CLASSIC, "no_build_penalty: -2", "no_build_penalty: 2", "scoring.no_build_penalty: must be at most 0"),
    (
        CLASSIC,
        "R4: {type: road, points: 1, from: N4, to: N5, requires: [R3]}",
        "R4: {type: road, points: 1, from: N4, to: N5, requires: [R33]}",
        "sheet.structures.R4.requires[0]: unknown structure 'R33' (did you mean 'R3'?)",
    ),
    (
        CLASSIC,
        "R9: {type: road, points: 1, from: N9, to: N10, requires: [R8]}",
        "R9: {type: road, points: 1, from: N20, to: N10, requires: [R8]}",
        "sheet.structures.R9.requires: road R9 touches neither the start road nor a road it requires",
    ),
    (
        CLASSIC,
        "S5: {type: settlement, points: 5, node: N6, requires: [R5, S4]}",
        "S5: {type: settlement, points: 5, node: N9, requires: [R5, S4]}",
        "sheet.structures.S5.node: S5 at N9 stands by no road",
    ),
    (
        CLASSIC,
        "C12: {type: city, points: 12,",
        "C12: {type: town, points: 12,",
        "sheet.structures.C12.type: unknown structure type 'town'",
    ),
    (
        CLASSIC,
        "S9: {type: settlement,",
        "S9: {type: city,",
        "sheet.structures.S9.type: 'S9' is the id of a settlement: a city's id starts with C",
    ),
    (
        CLASSIC,
        "K2: {type: knight, points: 2, hex: fields, swap: grain, requires: [K1]}",
        "K2: {type: knight, points: 2, hex: fields, swap: grain, requires: [K3]}",
        "sheet.structures.K2.requires: the requirements go round in a circle: K2 -> K3 -> K2",
    ),
    (
        CLASSIC,
        "K5: {type: knight, points: 5, hex: hills, swap: brick, requires: [K4]}",
        "K5: {type: knight, points: 5, hex: hills, swap: brik, requires: [K4, R1]}",
        "sheet.structures.K5.requires[1]: a knight needs no road or building (C-3.5): 'R1' is a road",
    ),
    (
        CLASSIC,
        "K1: {type: knight, points: 1, hex: mountains, swap: ore, requires: []}",
        "K1: {type: knight, hex: mountains, swap: ore, requires: []}",
        "sheet.structures.K1.points: missing required key",
    ),
    (
        CLASSIC,
        "    R13: [0.903, 0.737, -60]",
        "    R13: [1.903, 0.737, -60]",
        "sheet.layout.R13: must be [x, y, rotation]",
    ),
    (
        CLASSIC,
        "    R12: {type: road,",
        "    X12: {type: road,",
        "sheet.structures.X12: a structure id is R (road)",
    ),
    (
        PLUS,
        "    S3: {type: settlement, node: N0, requires: []}",
        "    S3: {type: settlement, points: 3, node: N0, requires: []}",
        "sheet.structures.S3.points: structures have no points in a race",
    ),
    (
        PLUS,
        "K6: {type: knight, hex: desert, swap: any, swap_group: desert",
        "K6: {type: knight, hex: desert, swap: ore, swap_group: desert",
        "sheet.structures.K6.swap_group: the knights of swap group 'desert' share one swap",
    ),
    (
        PLUS,
        "  largest_army: {vp: 2, min_knights: 3}",
        "  largest_army: {vp: 2, min_knight: 3}",
        "scoring.largest_army.min_knight: unknown key 'min_knight' (did you mean 'min_knights'?)",
    ),
]


def _broken(tmp_path: Path, source: Path, old: str, new: str) -> tuple[Path, str]:
    text = source.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} is not once in {source.name}"
    path = tmp_path / source.name
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path, text


@pytest.mark.parametrize("source,old,new,expected", BROKEN, ids=[b[3].split(":")[0] for b in BROKEN])
def test_a_broken_sheet_is_refused_with_file_line_and_key(
    tmp_path: Path, source: Path, old: str, new: str, expected: str
) -> None:
    path, text = _broken(tmp_path, source, old, new)
    with pytest.raises(RuleFileError) as caught:
        load_rule_file(path)
    problems = caught.value.problems
    found = [p for p in problems if expected in p]
    assert found, problems
    line = re.match(rf"{re.escape(str(path))}:(\d+): ", found[0])
    assert line, found[0]
    changed = next(k for k, row in enumerate(text.splitlines(), 1) if row.lstrip().startswith(old.strip()))
    key = expected.split(":")[0].split(".")[0]
    assert int(line.group(1)) == changed or key in ("dice", "costs", "scoring"), (found[0], changed)


def test_every_problem_of_a_sheet_is_reported_at_once(tmp_path: Path) -> None:
    text = CLASSIC.read_text(encoding="utf-8")
    for old, new in (
        ("gold: gold ", "gold: ore "),
        ("turns: 15", "turns: 0"),
        ("S11: {type: settlement,", "S11: {type: castle,"),
    ):
        text = text.replace(old, new)
    path = tmp_path / "dice-game.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RuleFileError) as caught:
        load_rule_file(path)
    problems = "\n".join(caught.value.problems)
    for expected in (
        "dice.gold: 'ore' is a resource",
        "scoring.turns: must be at least 1",
        "sheet.structures.S11.type: unknown structure type 'castle'",
    ):
        assert expected in problems


def test_validate_accepts_the_sheets_and_refuses_a_broken_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli_main(["validate", str(CLASSIC), str(PLUS)]) == 0
    assert capsys.readouterr().out.splitlines() == [f"{CLASSIC}: ok", f"{PLUS}: ok"]
    path, _ = _broken(tmp_path, CLASSIC, "swap: any", "swap: anything")
    assert cli_main(["validate", str(path)]) == 2
    out = capsys.readouterr().out.strip()
    assert re.fullmatch(
        rf"{re.escape(str(path))}:\d+: sheet\.structures\.K6\.swap: unknown resource 'anything'.*", out
    )


def test_variants_lists_both_dice_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["variants"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^dice-game +1-4 +Catan Dice Game:", out, re.M)
    assert re.search(r"^dice-game-plus +2-4 +Catan Dice Game Plus:", out, re.M)
