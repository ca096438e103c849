"""The Catan Dice Game's rules (RULES.md Part C, readings Q-52..Q-56), one test per rule, on hand-written
positions (``DiceGame.from_data``) and seeded games: rolling and keeping, building in order, gold, knight
swaps, the classic points and end, and Dice Game Plus's dice, awards and immediate win."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from catan_desktop.engine import Action, DiceGame, Game, IllegalAction, RulesetError, SnapshotError
from catan_desktop.engine.dice_scoring import road_length
from catan_desktop.text import describe

CLASSIC, PLUS = "dice-game", "dice-game-plus"
FACES = {"ore", "grain", "wool", "lumber", "brick", "gold"}


def position(
    variant: str = CLASSIC,
    players: int = 1,
    dice: list[str] | None = None,
    rolls: int = 1,
    built: list[list[str]] | None = None,
    turn: int = 1,
    **fields: Any,
) -> DiceGame:
    """A hand-written position: seat ``(turn - 1) % players`` to act with ``dice`` after ``rolls`` rolls."""
    built = built or [[] for _ in range(players)]
    sheets = [{"built": list(b), "swaps_used": [], "track": []} for b in built]
    if variant == CLASSIC:
        for p, sheet in enumerate(sheets):
            sheet["track"] = [0] * max(0, (turn - 1 - p + players - 1) // players)
    for p, used in fields.pop("swaps_used", {}).items():
        sheets[p]["swaps_used"] = used
    data = {
        "format": "catan-desktop-snapshot",
        "kind": "dice",
        "variant": variant,
        "players": players,
        "current": (turn - 1) % players,
        "start_player": 0,
        "turn": turn,
        "sheets": sheets,
        "dice": dice or [],
        "rolls": rolls if dice else 0,
        **fields,
    }
    return DiceGame.from_data(data)


def refused(game: DiceGame, action: str) -> str:
    """The reason code ``action`` is refused with (and that apply refuses it, changing nothing)."""
    before = game.to_json()
    reason = game.why_illegal(action)
    assert reason is not None, f"{action} is legal"
    with pytest.raises(IllegalAction):
        game.apply(action)
    assert game.to_json() == before
    return getattr(reason, "code", str(reason))


# ------------------------------------------------------------------------------------- C-2.1 rolling


def test_c2_1_the_first_roll_uses_every_die_and_a_second_roll_command_is_refused() -> None:
    game = DiceGame.new(CLASSIC, players=1, seed=3)
    assert game.phase == "roll" and [str(a) for a in game.legal_actions()] == ["roll"]
    assert refused(game, "end") == "dice_roll_first"
    assert refused(game, "build road 0") == "dice_roll_first"
    game.apply("roll")
    view = game.seat_view(0)
    assert len(view.dice) == 6 and set(view.dice) <= FACES and view.rolls == 1 and view.rolls_left == 2
    assert refused(game, "roll") == "dice_rolled_already"


def test_c2_1_a_reroll_keeps_the_other_dice_and_the_third_roll_is_final() -> None:
    game = DiceGame.new(CLASSIC, players=1, seed=11)
    game.apply("roll")
    first = list(game.s.dice)
    game.apply("reroll 1,3,4")
    second = game.s.dice
    assert [second[i] for i in (0, 2, 5)] == [first[i] for i in (0, 2, 5)]  # kept
    game.apply("reroll 0,2")
    assert game.phase == "build" and game.seat_view(0).rolls_left == 0
    assert refused(game, "reroll 1") == "dice_rolling_over"
    assert game.log[-1]["t"] == "dice_roll" and game.log[-1]["roll"] == 3 and game.log[-1]["rolled"] == [0, 2]


def test_c2_1_dice_kept_at_roll_2_may_be_taken_back_and_rolled_in_roll_3() -> None:
    """Die 0 was kept through roll 2 (not rolled); roll 3 may roll it again, with dice kept before."""
    game = position(dice=["ore", "ore", "ore", "grain", "gold", "wool"], rolls=2)
    assert game.is_legal("reroll 0,1,2,3,4,5") and game.is_legal("reroll 0")
    game.apply("reroll 0,1")
    assert game.s.rolls == 3 and game.s.dice[2:] == ["ore", "grain", "gold", "wool"]


def test_c2_1_stopping_early_building_ends_the_rolling() -> None:
    game = position(dice=["brick", "lumber", "ore", "ore", "gold", "wool"], rolls=1)
    assert game.is_legal("reroll 2,3")
    game.apply("build road 0")
    assert game.phase == "build" and refused(game, "reroll 2,3") == "dice_rolling_over"


def test_a_reroll_names_dice_that_exist() -> None:
    game = position(PLUS, players=2, dice=["ore", "grain", "wool"], rolls=1)  # turn 1 of Plus: 3 dice
    assert refused(game, "reroll 3") == "dice_no_die"
    assert game.why_illegal("reroll 3") == "there is no die 4 (dice 1 to 3)"


# --------------------------------------------------------------------------------- C-2.2, C-3 building


def test_c2_2_building_spends_the_dice_of_its_cost_once() -> None:
    game = position(dice=["brick", "lumber", "ore", "wool", "grain", "gold"])
    game.apply("build road 0")
    assert game.s.status == ["spent", "spent", "", "", "", ""]
    assert game.s.sheets[0].built == ["R0"]
    reason = game.why_illegal("build road 1")
    assert reason.code == "dice_cannot_pay" and reason.params["missing"] == {"brick": 1, "lumber": 1}
    assert str(reason) == "road 1 costs 1 brick + 1 lumber; the dice lack 1 brick + 1 lumber"


def test_c3_1_costs_are_those_of_the_table() -> None:
    sheet = DiceGame.new(CLASSIC).rules
    assert sheet.cost("road") == {"brick": 1, "lumber": 1}
    assert sheet.cost("settlement") == {"brick": 1, "lumber": 1, "wool": 1, "grain": 1}
    assert sheet.cost("city") == {"ore": 3, "grain": 2}
    assert sheet.cost("knight") == {"ore": 1, "wool": 1, "grain": 1}


def test_c3_2_roads_are_built_one_after_another_from_the_start_road() -> None:
    game = position(dice=["brick", "lumber", "brick", "lumber", "ore", "ore"])
    assert refused(game, "build road 1") == "dice_needs_first"
    assert game.why_illegal("build road 1") == "first build road 0"
    game.apply("build road 0")
    game.apply("build road 2")  # R0 built: R1 and R2 both open (a branch)
    assert game.s.sheets[0].built == ["R0", "R2"]


def test_c3_3_classic_settlements_go_in_ascending_order_by_a_road() -> None:
    dice = ["brick", "lumber", "wool", "grain", "ore", "ore"]
    game = position(dice=dice, built=[["R0", "R2"]])
    assert game.is_legal("build settlement 3")  # at the start road's free end: no road of its own
    reason = game.why_illegal("build settlement 4")
    assert reason.code == "dice_needs_first" and str(reason) == "first build settlement 3"
    game = position(dice=dice, built=[["S3"]])
    assert game.why_illegal("build settlement 4") == "first build road 2"  # by a built road too


def test_c3_4_classic_cities_go_in_ascending_order() -> None:
    game = position(
        dice=["ore", "ore", "ore", "grain", "grain", "gold"], built=[["R0", "R1", "R2", "R3", "R4"]]
    )
    assert game.why_illegal("build city 12") == "first build city 7"
    game.apply("build city 7")
    assert game.s.sheets[0].built[-1] == "C7"


def test_c3_5_knights_go_in_order_and_need_no_road() -> None:
    game = position(dice=["ore", "wool", "grain", "ore", "wool", "grain"])
    assert game.why_illegal("build knight 2") == "first build knight 1"
    game.apply("build knight 1")
    game.apply("build knight 2")
    assert game.s.sheets[0].built == ["K1", "K2"]


def test_c7_4_plus_builds_settlements_cities_and_knights_in_any_order_but_by_roads() -> None:
    dice = ["brick", "lumber", "wool", "grain", "ore", "wool"]
    game = position(PLUS, players=2, dice=dice, built=[["R0", "R2"], []], turn=5)
    assert game.is_legal("build settlement 4")  # no settlement 3 first
    assert game.is_legal("build knight 3")  # no knights 1 and 2 first
    game = position(PLUS, players=2, dice=dice, turn=5)
    assert game.why_illegal("build settlement 4") == "first build road 2"


def test_a_structure_not_on_the_sheet_or_built_twice_is_refused() -> None:
    game = position(dice=["brick", "lumber", "wool", "grain", "ore", "wool"], built=[["R0"]])
    assert game.why_illegal("build knight 9") == "the sheet has no knight 9"
    assert game.why_illegal("build road 0") == "road 0 is already built"


# ---------------------------------------------------------------------------------------------- C-5 gold


def test_c5_two_gold_make_one_resource_and_the_other_is_set_aside() -> None:
    game = position(dice=["gold", "ore", "gold", "ore", "ore", "grain"], built=[["R0", "R1", "K1"]])
    assert refused(game, "build city 7") == "dice_cannot_pay"  # gold is not a building resource (C-5.1)
    game.apply("gold 0,2 grain")
    assert game.s.dice[0] == "grain" and game.s.status[2] == "aside"
    assert game.phase == "build"  # gold comes after rolling
    assert refused(game, "swap 2 ore knight 1") == "dice_die_used"  # the die set aside is out of play
    game.apply("build city 7")
    assert game.s.sheets[0].built[-1] == "C7"


def test_c5_gold_goes_in_pairs_of_gold_dice() -> None:
    game = position(dice=["gold", "ore", "gold", "gold", "ore", "grain"])
    assert game.why_illegal("gold 0,1 wool") == "gold goes in pairs: die 2 does not show gold"
    assert refused(game, "gold 0,2 gold") == "dice_unknown_resource"
    game.apply("gold 0,2 wool")
    assert refused(game, "gold 2,3 wool") == "dice_die_used"  # die 2 is set aside
    assert game.why_illegal("gold 2,3 wool") == "die 3 was set aside with a gold pair"


# ---------------------------------------------------------------------------------------- C-4 knights


def test_c4_a_knight_swap_turns_one_die_into_its_resource_once_per_game() -> None:
    game = position(dice=["wool", "grain", "grain", "gold", "brick", "lumber"], built=[["K1", "R0", "R1"]])
    assert game.why_illegal("swap 0 wool knight 1") == "knight 1 turns a die into ore only"
    game.apply("swap 0 ore knight 1")
    assert game.s.dice[0] == "ore" and game.s.sheets[0].swaps_used == ["K1"]
    assert game.why_illegal("swap 4 ore knight 1") == "the swap of knight 1 is already used"
    assert game.log[-1] == {
        "t": "dice_swap",
        "seat": 0,
        "knight": 1,
        "die": 0,
        "was": "wool",
        "resource": "ore",
        "turn": 1,
    }


@pytest.mark.parametrize(
    "number,resource", [(1, "ore"), (2, "grain"), (3, "wool"), (4, "lumber"), (5, "brick")]
)
def test_c4_each_knight_of_the_classic_sheet_gives_its_resource(number: int, resource: str) -> None:
    knights = [f"K{k}" for k in range(1, number + 1)]
    game = position(dice=["gold"] * 6, built=[knights])
    legal = [a for a in game.legal_actions() if a.kind == "swap"]
    assert {a.b for a in legal if a.c == number} == {resource}
    game.apply(f"swap 5 {resource} knight {number}")
    assert game.s.dice[5] == resource


def test_q52_knight_6_gives_any_resource_and_may_turn_a_gold_die() -> None:
    built = ["K1", "K2", "K3", "K4", "K5", "K6"]
    game = position(dice=["gold", "ore", "ore", "ore", "grain", "wool"], built=[built])
    assert {a.b for a in game.legal_actions() if a.kind == "swap" and a.c == 6 and a.a == 0} == {
        "ore",
        "grain",
        "wool",
        "lumber",
        "brick",
    }
    game.apply("swap 0 brick knight 6")  # a gold die swapped
    assert game.s.dice[0] == "brick"


def test_q52_a_knight_swap_may_be_used_in_the_turn_the_knight_is_built() -> None:
    game = position(dice=["ore", "wool", "grain", "brick", "brick", "gold"])
    game.apply("build knight 1")
    assert refused(game, "swap 0 ore knight 1") == "dice_die_used"  # not with the dice spent on it
    assert refused(game, "swap 4 lumber knight 2") == "dice_knight_not_built"
    game.apply("swap 5 ore knight 1")
    assert game.s.dice[5] == "ore"


def test_a_swap_to_the_face_a_die_shows_is_refused() -> None:
    game = position(dice=["ore", "wool", "grain", "brick", "brick", "gold"], built=[["K1"]])
    assert game.why_illegal("swap 0 ore knight 1") == "die 1 already shows ore"


def test_c7_5_the_desert_knights_share_one_swap_once_both_are_built() -> None:
    dice = ["gold", "ore", "ore", "ore", "grain", "wool"]
    game = position(PLUS, players=2, dice=dice, built=[["K6"], []], turn=5)
    assert game.why_illegal("swap 0 brick knight 6") == "first build knight 7"
    game = position(PLUS, players=2, dice=dice, built=[["K6", "K7"], []], turn=5)
    assert (
        game.why_illegal("swap 0 brick knight 7") == "the desert knights share one swap: use it with knight 6"
    )
    game.apply("swap 0 brick knight 6")
    assert game.s.sheets[0].swaps_used == ["K6"]
    assert refused(game, "swap 1 wool knight 6") == "dice_swap_used"


# --------------------------------------------------------------------------------- C-6 classic scoring


def test_c6_1_a_turn_writes_the_points_of_everything_built() -> None:
    game = position(dice=["brick", "lumber", "wool", "grain", "brick", "lumber"])
    game.apply("build settlement 3")
    game.apply("build road 0")
    game.apply("end")
    assert game.s.sheets[0].track == [4] and game.score(0) == 4
    assert describe(game.log[-2], ["Ann"], viewer=0) == "You wrote 4 points (total 4)"


def test_q53_nothing_built_writes_minus_2_even_when_something_could_be_built() -> None:
    game = position(dice=["brick", "lumber", "wool", "grain", "brick", "lumber"])
    assert any(a.kind == "build" for a in game.legal_actions())
    game.apply("end")
    assert game.s.sheets[0].track == [-2] and game.score(0) == -2


def test_c6_3_a_solo_game_ends_after_15_turns_with_its_score() -> None:
    game = DiceGame.new(CLASSIC, players=1, seed=2)
    for turn in range(1, 16):
        assert not game.is_over and game.turn == turn
        game.apply("roll")
        game.apply("end")
    assert game.is_over and game.winners == [0] and game.score(0) == -30
    assert game.log[-1]["t"] == "dice_over" and game.log[-1]["scores"] == [-30]
    assert refused(game, "roll") == "game_over"


def test_c6_3_with_several_players_each_plays_15_turns_and_the_highest_total_wins() -> None:
    game = DiceGame.new(CLASSIC, players=2, seed=5)
    first = game.current_player
    rng = random.Random(1)
    while not game.is_over:
        builds = [a for a in game.legal_actions() if a.kind == "build"]
        game.apply(
            rng.choice(builds)
            if builds and game.current_player == first
            else Action("roll")
            if game.phase == "roll"
            else Action("end")
        )
    assert [len(s.track) for s in game.s.sheets] == [15, 15] and game.turn == 30
    assert game.winners == [first] and game.score(1 - first) == -30


def test_n12_a_classic_tie_is_shared() -> None:
    game = DiceGame.new(CLASSIC, players=2, seed=1)
    while not game.is_over:
        game.apply("roll" if game.phase == "roll" else "end")
    assert game.winners == [0, 1]


def test_options_override_the_sheet() -> None:
    game = DiceGame.new(CLASSIC, players=1, seed=1, options={"scoring.turns": 2})
    for _ in range(2):
        game.apply("roll")
        game.apply("end")
    assert game.is_over and game.rules.turns == 2


# ------------------------------------------------------------------------------------------- C-7 Plus


def test_q54_plus_turn_k_rolls_min_6_k_plus_2_dice() -> None:
    game = DiceGame.new(PLUS, players=3, seed=4)
    counts = []
    for _ in range(6):
        game.apply("roll")
        counts.append(len(game.s.dice))
        game.apply("end")
    assert counts == [3, 4, 5, 6, 6, 6]
    assert [e["dice"] for e in game.log if e["t"] == "dice_turn"][:6] == [3, 4, 5, 6, 6, 6]


def test_c7_1_plus_writes_no_points_track_and_has_no_penalty() -> None:
    game = DiceGame.new(PLUS, players=2, seed=4)
    for _ in range(40):
        game.apply("roll")
        game.apply("end")
    assert not game.is_over and all(s.track == [] for s in game.s.sheets)
    assert [game.score(p) for p in range(2)] == [0, 0]


def test_c7_3_largest_army_goes_to_the_first_with_3_knights_and_passes_only_to_more() -> None:
    knights = ["ore", "wool", "grain", "ore", "wool", "grain"]
    game = position(
        PLUS, players=2, dice=knights, built=[["K1", "K2"], ["K1", "K2", "K3"]], turn=5, largest_army=1
    )
    game.apply("build knight 3")  # 3 against 3: the holder keeps it
    assert game.s.largest_army == 1
    game.apply("build knight 4")  # 4 against 3: it passes
    assert game.s.largest_army == 0 and game.score(0) == 2 and game.score(1) == 0
    award = [e for e in game.log if e["t"] == "dice_award"][-1]
    assert award == {
        "t": "dice_award",
        "seat": 0,
        "award": "largest_army",
        "previous": 1,
        "count": 4,
        "turn": 5,
    }
    assert describe(award, ["Ann", "Bo"], viewer=1) == "Ann took Largest Army (4 knights) from you"


def test_c7_3_q55_longest_road_counts_the_start_road_and_not_branches() -> None:
    sheet = DiceGame.new(PLUS, players=2).rules
    assert road_length(sheet, ["R0", "R1", "R2"]) == 3  # start + R0 + one branch
    assert road_length(sheet, ["R0", "R2", "R3", "R5"]) == 5
    roads = ["brick", "lumber", "brick", "lumber", "ore", "ore"]
    game = position(PLUS, players=2, dice=roads, built=[["R0", "R2", "R3"], []], turn=5)
    game.apply("build road 1")  # a branch: still 4
    assert game.s.longest_road == -1
    game.apply("build road 5")  # start + R0 + R2 + R3 + R5 = 5
    assert game.s.longest_road == 0 and game.score(0) == 2


def test_q56_reaching_10_vp_wins_at_once() -> None:
    built = ["R0", "R1", "R2", "R3", "R4", "R5", "S3", "S4", "S5", "C7", "C12", "K1", "K2"]
    game = position(
        PLUS,
        players=2,
        dice=["ore", "wool", "grain", "ore", "ore", "grain"],
        built=[built, []],
        turn=7,
        largest_army=None,
        longest_road=0,
    )
    assert game.score(0) == 3 + 4 + 2  # settlements, cities, Longest Road (start + R0 R2 R3 R5 = 5)
    game.apply("build knight 3")  # Largest Army: 11 VP
    assert game.is_over and game.winners == [0] and game.log[-1]["t"] == "dice_win"
    assert refused(game, "end") == "game_over"


# ----------------------------------------------------------------------------------- the engine surface


def test_actions_round_trip_through_their_text() -> None:
    for text in (
        "reroll 0,2,5",
        "build road 4",
        "build settlement 11",
        "swap 3 ore knight 1",
        "gold 1,4 brick",
    ):
        assert str(Action.parse(text)) == text
    game = DiceGame.new(PLUS, players=2, seed=8)
    rng = random.Random(8)
    for _ in range(200):
        for a in game.legal_actions():
            assert Action.parse(str(a)) == a and game.is_legal(a)
        game.apply(str(rng.choice(game.legal_actions())))


def test_the_dice_game_and_the_board_game_refuse_each_others_rule_files_and_actions() -> None:
    with pytest.raises(RulesetError, match="DiceGame"):
        Game.new(CLASSIC)
    with pytest.raises(RulesetError, match="not a dice game"):
        DiceGame.new("base")
    with pytest.raises(RulesetError, match="players"):
        DiceGame.new(PLUS, players=1)
    game = DiceGame.new(CLASSIC)
    assert game.why_illegal("settle 3") == "unknown action 'settle'"
    assert Game.new("base", players=3).why_illegal("build road 4") == "unknown action 'build'"


def test_the_seat_view_shows_the_whole_table() -> None:
    game = position(
        PLUS,
        players=2,
        dice=["brick", "lumber", "ore", "ore", "gold", "gold"],
        rolls=2,
        built=[["R0", "K1"], ["K1", "K2", "K3"]],
        turn=5,
        largest_army=1,
    )
    view = game.seat_view(1)
    assert (view.active, view.phase, view.turn, view.dice_count, view.rolls_left) == (0, "reroll", 5, 6, 1)
    assert view.buildable == () and game.seat_view(0).buildable == ("R1", "R2")
    assert view.sheets[1].knights == 3 and view.sheets[1].largest_army and view.sheets[1].score == 2
    assert view.sheets[0].swaps_ready == (1,) and view.sheets[0].road_length == 2
    assert view.largest_army == 1 and view.longest_road is None and view.turns_left is None
    data = game.observation(0)
    assert json.loads(json.dumps(data)) == data and data["game"] == "dice" and "rng" not in data


def test_snapshots_round_trip_and_refuse_impossible_positions() -> None:
    game = DiceGame.new(PLUS, players=3, seed=9)
    rng = random.Random(9)
    for _ in range(120):
        game.apply(rng.choice(game.legal_actions()))
    copy = DiceGame.from_json(game.to_json())
    assert copy.to_json() == game.to_json()
    data = json.loads(game.to_json())
    assert data["kind"] == "dice" and data["version"] == 1
    for field, value, words in (
        ("version", 2, "newer"),
        ("kind", None, "not a dice game snapshot"),
        ("sheets", [{"built": ["R1"]}] * 3, "needs R0"),
        ("rolls", 4, "rolls"),
        ("current", 7, "current"),
    ):
        with pytest.raises(SnapshotError, match=words):
            DiceGame.from_data({**data, field: value})
    with pytest.raises(SnapshotError, match="JSON"):
        DiceGame.from_json("{")
    with pytest.raises(SnapshotError):
        Game.from_json(game.to_json())


def test_the_log_reads_as_sentences() -> None:
    game = position(dice=["gold", "gold", "brick", "lumber", "ore", "wool"])
    game.apply("gold 0,1 grain")
    game.apply("build road 0")
    texts = [describe(e, ["Ann"], viewer=None) for e in game.log]
    assert texts[-2:] == ["Ann turned two gold into 1 grain", "Ann built road 0"]


def test_saves_and_game_records_keep_a_dice_game(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The board game's save path with ``"kind": "dice"`` (persistence.saves) and its records."""
    from catan_desktop.persistence import export_record, load_game, read_record, save_game

    game = DiceGame.new(PLUS, players=2, seed=12)
    rng = random.Random(12)
    for _ in range(80):
        game.apply(rng.choice(game.legal_actions()))
    save_game(game, tmp_path / "dice.json", "Dice", {"seats": ["Ann", "Bo"]})
    loaded = load_game(tmp_path / "dice.json", verify=True)
    assert isinstance(loaded.game, DiceGame) and loaded.game.to_json() == game.to_json()
    assert json.loads((tmp_path / "dice.json").read_text())["kind"] == "dice"
    export_record(game, tmp_path / "dice.catan.txt", "Dice")
    assert read_record(tmp_path / "dice.catan.txt").game.to_json() == game.to_json()
