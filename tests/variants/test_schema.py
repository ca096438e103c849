"""The rule-file schema: every check, on parsed data (no YAML files involved)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from catan_desktop.variants import schema
from catan_desktop.variants.schema import (
    KNOWN_MODULES,
    OverrideError,
    Problem,
    apply_overrides,
    format_path,
    validate_ruleset,
)


def messages(data: dict[str, Any]) -> list[str]:
    return [str(p) for p in validate_ruleset(data)]


def test_base_rules_are_valid(base_data: dict[str, Any]) -> None:
    assert validate_ruleset(base_data) == []


def test_problem_is_frozen_and_prints_its_path() -> None:
    problem = Problem(("board", "number_tokens", 3, 1), "must be a whole number")
    assert str(problem) == "board.number_tokens[3][1]: must be a whole number"
    with pytest.raises(AttributeError):
        problem.message = "x"


def test_format_path() -> None:
    assert format_path(()) == "(top level)"
    assert format_path(("costs", "road", "brick")) == "costs.road.brick"
    assert format_path(("layouts", "beginner", "rows", 2, 0)) == "layouts.beginner.rows[2][0]"


def test_not_a_mapping() -> None:
    assert messages([1, 2]) == ["(top level): a rule file must be a mapping of keys to values, not a list"]


def test_every_problem_is_collected(base_data: dict[str, Any]) -> None:
    base_data["victory_point"] = base_data.pop("victory_points")
    base_data["format"] = 2
    base_data["pieces"]["road"] = 0
    base_data["options"]["domestic_trade"] = "no"
    assert sorted(messages(base_data)) == sorted([
        "victory_point: unknown key 'victory_point' (did you mean 'victory_points'?)",
        "victory_points: missing required key",
        "format: unsupported format 2 (this version reads format 1)",
        "pieces.road: must be at least 1, not 0",
        "options.domestic_trade: must be true or false, not the text 'no'",
    ])


def test_unknown_key_without_a_close_match_lists_the_choices(base_data: dict[str, Any]) -> None:
    base_data["robber"]["steal"] = True
    assert messages(base_data) == ["robber.steal: unknown key 'steal' (expected one of: discard_limit)"]


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("1", "format: must be a whole number, not the text '1'"),
        (1.0, "format: must be a whole number, not the number 1.0"),
        (True, "format: must be a whole number, not true"),
        (2, "format: unsupported format 2 (this version reads format 1)"),
    ],
)
def test_format(base_data: dict[str, Any], value: object, message: str) -> None:
    base_data["format"] = value
    assert messages(base_data) == [message]


def test_optional_top_level_keys(base_data: dict[str, Any]) -> None:
    for key in ("summary", "colours", "layouts"):
        del base_data[key]
    assert validate_ruleset(base_data) == []
    base_data.update(extends="base", modules=[], summary=["one line"], colours=["a", "b", "c", "d", "e"])
    assert validate_ruleset(base_data) == []


def test_optional_keys_are_checked(base_data: dict[str, Any]) -> None:
    base_data.update(extends=3, summary="one line", modules=["zzz"])
    assert sorted(messages(base_data)) == [
        "extends: must be text, not the number 3",
        # more than ten known modules: the message no longer lists them all (a close name is still suggested)
        "modules[0]: unknown module 'zzz'",
        "summary: must be a list, not the text 'one line'",
    ]


def test_known_modules_and_unknown_modules_get_a_hint(
    base_data: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert {
        "special_building_phase",
        "token_removal",
        "market",
        "collapse",
        "token_robber",
        "terrain_development",
        "remote_cards",
        "stalemate",
        "frenemies",
        "helpers",
        "scenario",
        "erie_canal",
    } == KNOWN_MODULES
    monkeypatch.setattr(schema, "KNOWN_MODULES", frozenset({"market", "helpers"}))
    base_data["modules"] = ["market", "helpres"]
    assert messages(base_data) == ["modules[1]: unknown module 'helpres' (did you mean 'helpers'?)"]


def test_replace_needs_extends(base_data: dict[str, Any]) -> None:
    base_data["replace"] = ["layouts"]
    assert messages(base_data) == ["replace: only means something in a file that uses 'extends'"]


def test_players_and_colours(base_data: dict[str, Any]) -> None:
    base_data["players"] = {"min": 3, "max": 6}
    assert messages(base_data) == ["colours: needs at least 6 colours (players.max is 6), has 4"]
    base_data["players"] = {"min": 0, "max": 4, "most": 5}
    assert messages(base_data) == [
        "players.min: must be at least 1, not 0",
        "players.most: unknown key 'most' (expected one of: min, max)",
    ]


def test_resources_must_be_unique_names(base_data: dict[str, Any]) -> None:
    base_data["resources"] = ["lumber", "wool", "grain", "brick", "ore", "Ore", "ore"]
    assert messages(base_data) == [
        "resources[5]: must be a lowercase name (letters, digits and '_', starting with a letter), not 'Ore'",
        "resources[6]: 'ore' is listed twice (also at resources[4])",
    ]


def test_costs_must_name_known_resources_and_all_buildables(base_data: dict[str, Any]) -> None:
    del base_data["costs"]["city"]
    base_data["costs"]["road"] = {"brick": 1, "lumbr": 1}
    base_data["costs"]["settlement"]["wool"] = 0
    assert sorted(messages(base_data)) == [
        "costs.city: missing required key",
        "costs.road.lumbr: unknown resource 'lumbr' (did you mean 'lumber'?)",
        "costs.settlement.wool: must be at least 1, not 0",
    ]


def test_development_cards(base_data: dict[str, Any]) -> None:
    base_data["development_cards"] = {"knight": 14, "road_building": -1, "year_of_plenty": 2,
                                      "monopoly": 2, "victory_points": 5}
    assert sorted(messages(base_data)) == [
        "development_cards.road_building: must be at least 0, not -1",
        "development_cards.victory_point: missing required key",
        "development_cards.victory_points: unknown key 'victory_points' (did you mean 'victory_point'?)",
    ]


def test_setup_and_options(base_data: dict[str, Any]) -> None:
    base_data["setup"] = {"start_player": "first", "settlements": 2, "starting_resources_from": 3}
    base_data["options"]["max_offers_per_turn"] = -1
    assert messages(base_data) == [
        "setup.start_player: unknown start_player rule 'first' (did you mean 'first_seat'?)",
        "options.max_offers_per_turn: must be at least 0, not -1",
        "setup.starting_resources_from: is settlement 3, but setup.settlements is only 2",
    ]


# --- the board -------------------------------------------------------------------------------------------


def test_terrain_counts_must_add_up_to_the_board(base_data: dict[str, Any]) -> None:
    del base_data["layouts"]
    base_data["board"]["terrain_counts"]["forest"] = 3
    assert messages(base_data) == [
        "board.terrain_counts: the counts add up to 18 but board.rows has 19 hexes",
    ]


def test_token_count_skips_every_barren_hex(base_data: dict[str, Any]) -> None:
    # Two deserts (as on the 5-6 board): 19 hexes, 2 producing nothing, so 17 tokens.
    del base_data["layouts"]
    base_data["board"]["terrain_counts"].update(forest=3, desert=2)
    assert messages(base_data) == [
        "board.number_tokens: needs 17 tokens (19 hexes, 2 of them producing nothing), not 18",
    ]
    base_data["board"]["number_tokens"].pop()
    assert validate_ruleset(base_data) == []


def test_robber_start_needs_a_hex_of_that_terrain(base_data: dict[str, Any]) -> None:
    del base_data["layouts"]
    base_data["board"]["terrain_counts"].update(forest=5, desert=0)
    base_data["board"]["number_tokens"].append(["S", 4])
    assert messages(base_data) == [
        "board.robber_start: no 'desert' hex on this board (board.terrain_counts.desert is 0)",
    ]


@pytest.mark.parametrize(
    ("hex_id", "side", "neighbour"),
    [
        ("1.1", "NW", None),
        ("1.1", "NE", None),
        ("1.1", "W", None),
        ("1.1", "E", "1.2"),
        ("1.1", "SE", "2.2"),
        ("1.1", "SW", "2.1"),
        ("3.1", "W", None),
        ("3.1", "NE", "2.1"),
        ("3.1", "SE", "4.1"),
        ("3.5", "SW", "4.4"),
        ("3.5", "NW", "2.4"),
        ("3.5", "NE", None),
        ("5.3", "E", None),
        ("5.3", "NE", "4.4"),
        ("5.3", "NW", "4.3"),
        ("5.3", "SW", None),
        ("4.4", "NE", "3.5"),
        ("4.4", "E", None),
    ],
)
def test_harbour_sides_must_face_the_sea(
    base_data: dict[str, Any], hex_id: str, side: str, neighbour: str | None
) -> None:
    base_data["board"]["harbour_positions"][0] = [hex_id, side]
    expected = [] if neighbour is None else [
        f"board.harbour_positions[0][1]: side {side} of hex {hex_id} faces hex {neighbour}, not the sea"
    ]
    found = [m for m in messages(base_data) if "already at" not in m]
    assert found == expected


def test_harbours_on_a_board_whose_rows_grow_to_six(base_data: dict[str, Any]) -> None:
    board = base_data["board"]
    del base_data["layouts"]
    board["rows"] = [3, 4, 5, 6, 5, 4, 3]
    board["terrain_counts"] = {"forest": 29, "desert": 1}
    board["number_tokens"] = [[f"T{i}", 8] for i in range(29)]
    board["harbour_positions"] = [["4.6", "E"], ["4.1", "W"], ["7.3", "SE"], ["4.6", "NE"],
                                  ["3.5", "NE"], ["5.5", "E"], ["7.1", "NW"], ["6.4", "NE"], ["2.2", "NE"]]
    assert messages(base_data) == [
        "board.harbour_positions[6][1]: side NW of hex 7.1 faces hex 6.1, not the sea",
        "board.harbour_positions[7][1]: side NE of hex 6.4 faces hex 5.5, not the sea",
        "board.harbour_positions[8][1]: side NE of hex 2.2 faces hex 1.2, not the sea",
    ]


def test_rows_must_step_by_one(base_data: dict[str, Any]) -> None:
    base_data["board"]["rows"] = [3, 4, 5, 4, 0]
    assert messages(base_data) == ["board.rows[4]: must be at least 1, not 0"]


def test_harbour_places_and_kinds(base_data: dict[str, Any]) -> None:
    board = base_data["board"]
    board["harbour_positions"][1] = ["1.2", "N"]
    board["harbour_positions"][2] = ["0.4", "NE"]
    board["harbour_positions"][3] = "3.5 E"
    board["harbour_set"][0] = "any"
    assert messages(base_data) == [
        "board.harbour_positions[1][1]: unknown side 'N' (did you mean 'NW'?)",
        "board.harbour_positions[2][0]: must be a hex id 'ROW.COL' like '2.1', not the text '0.4'",
        "board.harbour_positions[3]: must be a list [HEX, SIDE], not the text '3.5 E'",
        "board.harbour_set[0]: unknown harbour kind 'any' (expected one of: generic, lumber, wool, grain, "
        "brick, ore)",
    ]


def test_number_tokens_shape(base_data: dict[str, Any]) -> None:
    tokens = base_data["board"]["number_tokens"]
    tokens[0] = ["A", 1]
    tokens[1] = ["B", 2, 3]
    tokens[2] = ["", 6]
    assert messages(base_data) == [
        "board.number_tokens[0][1]: must be a dice total from 2 to 12 other than 7, not 1",
        "board.number_tokens[1]: must be a list of 2 items [LETTER, NUMBER], not 3 item(s)",
        "board.number_tokens[2][0]: must not be empty",
    ]


# --- layouts ---------------------------------------------------------------------------------------------


def test_layout_cells(base_data: dict[str, Any]) -> None:
    rows = base_data["layouts"]["beginner"]["rows"]
    rows[0] = ["mountains 10", "pasture 2 3", "forest nine"]
    rows[1][0] = 12
    assert messages(base_data) == [
        "layouts.beginner.rows[1][0]: must be text, not the number 12",
        "layouts.beginner.rows[0][1]: must be 'TERRAIN NUMBER' or 'TERRAIN', not 'pasture 2 3'",
        "layouts.beginner.rows[0][2]: the number must be a dice total from 2 to 12 other than 7, not 'nine'",
    ]


def test_layout_numbers_must_be_the_board_tokens(base_data: dict[str, Any]) -> None:
    base_data["layouts"]["beginner"]["rows"][0][0] = "mountains 6"
    assert messages(base_data) == [
        "layouts.beginner.rows: its numbers are not board.number_tokens: 1 more 6, 1 fewer 10",
    ]


def test_layout_harbours_and_keys(base_data: dict[str, Any]) -> None:
    layout = base_data["layouts"]["beginner"]
    layout["harbours"][0] = ["1.1", "E", "generic"]
    layout["harbours"][1] = ["1.2", "NE", "grian"]
    layout["robbers"] = "3.3"
    del layout["description"]  # optional
    assert sorted(messages(base_data)) == [
        "layouts.beginner.harbours[0][1]: side E of hex 1.1 faces hex 1.2, not the sea",
        "layouts.beginner.harbours[1][2]: unknown harbour kind 'grian' (did you mean 'grain'?)",
        "layouts.beginner.robbers: unknown key 'robbers' (did you mean 'robber'?)",
    ]


def test_layout_names(base_data: dict[str, Any]) -> None:
    base_data["layouts"]["Big Map"] = base_data["layouts"].pop("beginner")
    assert messages(base_data) == [
        "layouts.Big Map: names must be lowercase letters, digits and '_', starting with a letter",
    ]


# --- robustness ------------------------------------------------------------------------------------------

_yaml_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 30) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)


# base_data is only read here (each example works on deep copies), so a function-scoped fixture is fine.
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(key=st.sampled_from(sorted(schema.RULESET.keys)), value=_yaml_values, inner=_yaml_values)
def test_validation_never_raises(base_data: dict[str, Any], key: str, value: Any, inner: Any) -> None:
    data = copy.deepcopy(base_data)
    data[key] = value
    validate_ruleset(data)
    section = copy.deepcopy(base_data)
    target = section.get(key)
    if isinstance(target, dict) and target:
        target[next(iter(target))] = inner
    elif isinstance(target, list) and target:
        target[0] = inner
    validate_ruleset(section)


# --- overrides -------------------------------------------------------------------------------------------


def test_override_an_option(base_data: dict[str, Any]) -> None:
    result = apply_overrides(base_data, {"domestic_trade": False, "max_offers_per_turn": 2})
    assert result["options"]["domestic_trade"] is False
    assert result["options"]["max_offers_per_turn"] == 2
    assert base_data["options"]["domestic_trade"] is True


def test_override_a_nested_value(base_data: dict[str, Any]) -> None:
    result = apply_overrides(base_data, {"victory_points.target": 12})
    assert result["victory_points"]["target"] == 12
    assert base_data["victory_points"]["target"] == 10
    assert validate_ruleset(result) == []


def test_override_replaces_a_mapping_whole(base_data: dict[str, Any]) -> None:
    result = apply_overrides(base_data, {"costs.road": {"lumber": 2}})
    assert result["costs"]["road"] == {"lumber": 2}


def test_override_values_are_copied(base_data: dict[str, Any]) -> None:
    value = {"lumber": 2}
    result = apply_overrides(base_data, {"costs.road": value})
    value["lumber"] = 5
    assert result["costs"]["road"] == {"lumber": 2}


def test_override_may_add_a_key_the_schema_allows(base_data: dict[str, Any]) -> None:
    del base_data["summary"]
    result = apply_overrides(base_data, {"summary": ["short"], "costs.road.wool": 1})
    assert result["summary"] == ["short"]
    assert result["costs"]["road"] == {"brick": 1, "lumber": 1, "wool": 1}


def test_override_result_is_revalidated_by_the_caller(base_data: dict[str, Any]) -> None:
    result = apply_overrides(base_data, {"domestic_trade": "no", "costs.road": {"wood": 1}})
    assert messages(result) == [
        "options.domestic_trade: must be true or false, not the text 'no'",
        "costs.road.wood: unknown resource 'wood' (did you mean 'wool'?)",
    ]


def test_unknown_overrides_are_all_reported(base_data: dict[str, Any]) -> None:
    with pytest.raises(OverrideError) as caught:
        apply_overrides(base_data, {
            "domestic_trad": False,
            "victory_point.target": 12,
            "victory_points.targt": 12,
            "board.rows.first": 3,
            "a..b": 1,
        })
    assert isinstance(caught.value, ValueError)
    assert str(caught.value).splitlines() == [
        "domestic_trad: unknown option 'domestic_trad' (did you mean 'domestic_trade'?)",
        "victory_point: unknown key 'victory_point' (did you mean 'victory_points'?)",
        "victory_points.targt: unknown key 'targt' (did you mean 'target'?)",
        "board.rows.first: 'board.rows' is a list; an override can only name a key inside a mapping",
        "a..b: an override path needs a name between each pair of dots",
    ]
    assert base_data["options"]["domestic_trade"] is True


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("resources", "lumber", "resources: must be a list, not the text 'lumber'"),
        ("terrains", ["forest"], "terrains: must be a mapping of names to values, not a list"),
        ("board", None, "board: must be a mapping of keys to values, not empty (null)"),
    ],
)
def test_a_broken_section_is_reported_once(
    base_data: dict[str, Any], key: str, value: Any, message: str
) -> None:
    base_data[key] = value
    assert messages(base_data) == [message]


def test_a_harbour_side_written_as_a_list_is_a_problem_not_a_crash(base_data: dict[str, Any]) -> None:
    """B-1.2: harbour places are [HEX, SIDE]; a side in brackets is reported with its key path."""
    base_data["board"]["harbour_positions"][0] = ["1.1", ["NW"]]
    expected = "board.harbour_positions[0][1]: must be one of NE, E, SE, SW, W, NW, not a list"
    assert messages(base_data) == [expected]


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("robber", "discard_limit"), 0, "robber.discard_limit: must be at least 1, not 0"),
        (("setup", "settlements"), 50, "setup.settlements: must be at most 5, not 50"),
        (("progress", "year_of_plenty_cards"), 1_000_000, "progress.year_of_plenty_cards: must be at most 5, "
                                                          "not 1000000"),
        (("development_cards", "monopoly"), 10**40, "development_cards.monopoly: must be at most 200, not 1"),
        (("victory_points", "target"), 10**9, "victory_points.target: must be at most 100, not 1000000000"),
    ],
)
def test_values_that_would_stall_hang_or_overflow_the_engine_are_refused(
    base_data: dict[str, Any], path: tuple[str, str], value: int, message: str
) -> None:
    """Issue 13, item 5: every rule file that validates must play (B-6.2, B-3.4, B-9.3, B-11)."""
    base_data[path[0]][path[1]] = value
    assert any(m.startswith(message) for m in messages(base_data))


def test_the_founding_phase_needs_the_pieces_it_places(base_data: dict[str, Any]) -> None:
    """B-3.4: each founding step places a settlement and a road."""
    base_data["setup"]["settlements"] = 5
    base_data["setup"]["starting_resources_from"] = 2
    base_data["pieces"]["settlement"] = 4
    assert messages(base_data) == ["pieces.settlement: is 4, fewer than the 5 the founding phase places"]


def test_a_module_setting_has_a_ceiling(base_data: dict[str, Any]) -> None:
    base_data["modules"] = ["market"]
    base_data["module_settings"] = {"market": {"pile_per_resource": 10**40}}
    expected = f"module_settings.market.pile_per_resource: must be at most 100, not {10**40}"
    assert messages(base_data) == [expected]
