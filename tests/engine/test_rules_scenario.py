"""The scenario maps (RULES.md Part S, S-1 to S-4, readings Q-44 to Q-49): the rule module ``scenario`` on the
test isle (tests/fixtures/scenario/isle.yaml: named towns with plain intersections between them, three Catan
chip spots, red paths, a town off the map), and on a map whose every location is named (named.yaml)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from catan_desktop.engine import Game, SnapshotError
from catan_desktop.engine.ruleset import DEV_KINDS
from catan_desktop.engine.views import seat_event
from catan_desktop.text import describe

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "scenario"
ISLE = str(FIXTURES / "isle.yaml")
CANAL = str(FIXTURES / "isle-canal.yaml")
NAMED = str(FIXTURES / "named.yaml")
RES = ("lumber", "wool", "grain", "brick", "ore")
ROAD_CARDS = {"lumber": 1, "brick": 1}
TOWNS = {"alba", "borgo", "castello", "dorga", "elva", "fiora", "gallo", "hora", "ilse", "lanza", "mira",
         "nola", "olmo", "pieve", "rocca", "isola"}
CHIPS = {"stella", "torre", "vetta"}


def node(g: Game, key: str) -> int:
    return g.topo.node_index[key]


def edge(g: Game, a: str, b: str) -> int:
    return g.topo.path_edge(a, b)


def position(
    path: str = ISLE,
    players: int = 4,
    *,
    settlements: dict[str, int] | None = None,
    cities: dict[str, int] | None = None,
    roads: list[tuple[str, str, int]] | None = None,
    hands: dict[int, dict[str, int]] | None = None,
    phase: str = "main",
    current: int = 0,
    turn: int = 5,
    seed: int = 3,
    sections: dict[str, Any] | None = None,
    **fields: Any,
) -> Game:
    """A hand-written position on a test map: buildings by location id -> seat, roads as (location,
    location, seat); the bank and the deck derived; module sections derived unless given."""
    g = Game.new(path, players=players, seed=seed)
    d = json.loads(g.to_json())
    d.update(
        phase=phase, current=current, turn=turn, dice=[2, 3] if phase == "main" else None, history=[], log=[],
        setup={"queue": [], "index": 0, "last_settlement": -1},
        buildings=[[node(g, k), q, "settlement"] for k, q in (settlements or {}).items()]
        + [[node(g, k), q, "city"] for k, q in (cities or {}).items()],
        roads=[[edge(g, a, b), q] for a, b, q in roads or []],
        hands=[dict((hands or {}).get(q, {})) for q in range(players)],
    )
    del d["bank"], d["dev_deck"]
    d["modules"] = {k: v for k, v in (sections or {}).items()}
    d.update(fields)
    return Game.from_json(json.dumps(d))


def events(g: Game, kind: str) -> list[dict[str, Any]]:
    return [e for e in g.log if e["t"] == kind]


def keys(g: Game, nodes: Any) -> set[str]:
    return {g.topo.node_keys[n] for n in nodes}


def legal_roads(g: Game) -> set[frozenset[str]]:
    return {frozenset(keys(g, g.topo.edge_nodes[a.a])) for a in g.legal_actions() if a.kind == "road"}


# ------------------------------------------------------------------------------------- S-3.1, Q-46, Q-49


@pytest.mark.parametrize("players", [3, 4])
def test_s3_1_founding_settlements_only_on_location_spaces_never_on_a_chip_spot(players: int) -> None:
    """S-3.1 / Q-46: only the named towns; Q-49: with 3-4 players a chip spot never, founding included."""
    g = Game.new(ISLE, players=players, seed=1)
    spots = {g.topo.node_keys[a.a] for a in g.legal_actions() if a.kind == "settle"}
    assert spots == TOWNS
    assert g.why_illegal(f"settle {node(g, 'x3_6')}").code == "not_a_location"
    reason = g.why_illegal(f"settle {node(g, 'torre')}")
    assert reason.code == "chip_spot" and reason.params["place"] == "Torre"
    assert "Torre" in str(reason)


@pytest.mark.parametrize("players", [5, 6])
def test_q49_with_5_or_6_players_chip_spots_are_ordinary_location_spaces(players: int) -> None:
    """S-3.5 / Q-49: no chips; every chip spot is a location space from the start (founding too)."""
    g = Game.new(ISLE, players=players, seed=1)
    if g.phase == "place_robber":
        g.apply(g.legal_actions()[0])
    spots = {g.topo.node_keys[a.a] for a in g.legal_actions() if a.kind == "settle"}
    assert spots == TOWNS | CHIPS
    view = g.observation(0)["modules"]["scenario"]
    assert view["spots"] == [] and view["large"] is True
    assert keys(g, view["locations"]) == TOWNS | CHIPS


def test_s3_1_a_settlement_at_the_end_of_a_road_only_on_a_town() -> None:
    """S-3.1: the road's plain intersection is no place for a settlement; the town after it is."""
    g = position(settlements={"alba": 0}, roads=[("alba", "x2_1", 0), ("x2_1", "castello", 0)],
                 hands={0: {"lumber": 1, "brick": 1, "wool": 1, "grain": 1}})
    settles = {g.topo.node_keys[a.a] for a in g.legal_actions() if a.kind == "settle"}
    assert settles == {"castello"}
    assert g.why_illegal(f"settle {node(g, 'x2_1')}").code == "not_a_location"
    g.apply(f"settle {node(g, 'castello')}")
    assert g.s.node_owner[node(g, "castello")] == 0


# --------------------------------------------------------------------------------------------- S-3.2, Q-47


def test_s3_2_roads_only_on_the_maps_paths_and_through_plain_intersections() -> None:
    """S-3.2: roads go on the map's paths; a plain intersection lets the road go on."""
    g = position(settlements={"alba": 0}, roads=[("alba", "x2_1", 0)], hands={0: dict(ROAD_CARDS)})
    assert legal_roads(g) == {frozenset({"alba", "x0_1"}), frozenset({"x2_1", "castello"}),
                              frozenset({"x2_1", "x3_0"})}


def test_q47_a_road_stops_at_a_location_space_until_the_player_settles_there() -> None:
    """Q-47: no road continues through an unsettled location space; after a settlement there it does."""
    roads = [("alba", "x2_1", 0), ("x2_1", "castello", 0)]
    hand = {"lumber": 2, "brick": 2, "wool": 1, "grain": 1}
    g = position(settlements={"alba": 0}, roads=roads, hands={0: hand})
    assert frozenset({"castello", "x3_4"}) not in legal_roads(g)
    assert frozenset({"castello", "x1_4"}) not in legal_roads(g)
    reason = g.why_illegal(f"road {edge(g, 'castello', 'x3_4')}")
    assert reason.code == "location_road_stop" and reason.params["place"] == "Castello"
    g.apply(f"settle {node(g, 'castello')}")
    assert {frozenset({"castello", "x3_4"}), frozenset({"castello", "x1_4"})} <= legal_roads(g)


def test_q47_no_second_road_to_an_unsettled_location_space() -> None:
    """Q-47: a player with a road at a location space builds another road to it only after settling there."""
    roads = [("alba", "x2_1", 0), ("x2_1", "castello", 0), ("fiora", "x1_4", 0)]
    g = position(settlements={"alba": 0, "fiora": 0}, roads=roads, hands={0: dict(ROAD_CARDS)})
    assert frozenset({"x1_4", "castello"}) not in legal_roads(g)
    assert frozenset({"x1_4", "x0_3"}) in legal_roads(g)
    reason = g.why_illegal(f"road {edge(g, 'x1_4', 'castello')}")
    assert reason.code == "location_road_twice" and "Castello" in str(reason)


def test_q47_an_opponents_building_blocks_as_in_b8_3() -> None:
    """B-8.3 / Q-47: the first road up to an opponent's town is allowed; it goes no further."""
    g = position(settlements={"alba": 0, "castello": 1}, roads=[("alba", "x2_1", 0)],
                 hands={0: dict(ROAD_CARDS)})
    assert frozenset({"x2_1", "castello"}) in legal_roads(g)
    g.apply(f"road {edge(g, 'x2_1', 'castello')}")
    g.s.hands[0] = [1, 0, 0, 1, 0]
    g.spot_cache.clear()
    g._legal = None
    assert not {r for r in legal_roads(g) if "castello" in r}


def test_q47_on_a_map_whose_every_location_is_named() -> None:
    """Every node a location space (named.yaml): a road goes one path from a building, and a founding road
    does not reach a location space the player's other road already touches, unless it has no other path."""
    g = Game.new(NAMED, players=3, seed=2)
    order = []
    while g.phase in ("setup_settlement", "setup_road"):
        seat = g.current_player
        if g.phase == "setup_settlement":
            want = {0: ["a1", "c1"], 1: ["a4", "c4"], 2: ["a6", "c6"]}[seat]
            free = [a.a for a in g.legal_actions()]
            target = next(k for k in want if node(g, k) in free and k not in order)
            order.append(target)
            g.apply(f"settle {node(g, target)}")
        else:
            roads = legal_roads(g)
            if order[-1] == "c1":  # seat 0's second settlement: b1 is touched by its first road
                assert frozenset({"c1", "b1"}) not in roads and roads
            pick = frozenset({"a1", "b1"}) if order[-1] == "a1" else sorted(roads, key=sorted)[0]
            g.apply(f"road {edge(g, *sorted(pick))}")
    assert g.phase in ("roll", "over")


def test_q47_the_founding_road_gives_way_when_it_has_no_other_path() -> None:
    """A founding settlement always keeps a road: its only path is kept even against Q-47."""
    g = position(NAMED, 3, settlements={"a1": 0, "cul": 0}, roads=[("a1", "b1", 0)], phase="setup_road",
                 turn=0, setup={"queue": [1, 2, 0], "index": 2, "last_settlement": 0})
    g.s.last_settlement = node(g, "cul")
    g._legal = None
    assert legal_roads(g) == {frozenset({"cul", "b1"})}


# ------------------------------------------------------------------------------------------ S-3.3, Q-48


def test_s3_3_a_red_path_gives_its_rate_to_a_road_on_it_not_to_a_settlement_beside_it() -> None:
    """S-3.3 / Q-48: Alba by the generic red path trades 4:1; the road on the path trades 3:1."""
    g = position(settlements={"alba": 0}, hands={0: dict(ROAD_CARDS)})
    assert set(g.harbour_rates(0).values()) == {4}
    g.apply(f"road {edge(g, 'alba', 'x0_1')}")
    assert set(g.harbour_rates(0).values()) == {3}
    assert g.observation(0)["you"]["harbour_rates"]["ore"] == 3


def test_s3_3_a_resource_red_path_gives_2_to_1_even_between_plain_intersections() -> None:
    roads = [("rocca", "x8_13", 0), ("olmo", "x2_13", 1), ("x2_13", "x3_12", 1)]
    g = position(settlements={"rocca": 0, "olmo": 1}, roads=roads)
    assert g.harbour_rates(0)["ore"] == 2 and g.harbour_rates(0)["wool"] == 4
    assert g.harbour_rates(1)["wool"] == 2 and g.harbour_rates(1)["ore"] == 4


# ----------------------------------------------------------------------------------------------- S-3.4


def test_s3_4_a_town_off_the_map_produces_from_the_hexes_it_names() -> None:
    """S-3.4: Isola, in the sea, produces from 1.4 (fields 4) and 2.4 (forest 3), which it does not touch."""
    g = position(settlements={"isola": 1}, phase="roll", next_dice=[1, 2])
    assert {g.topo.hex_ids[h] for h in g.topo.node_hexes[node(g, "isola")]} == {"1.4", "2.4"}
    g.apply("roll")
    assert g.hand(1)["lumber"] == 1
    g = position(settlements={"isola": 1}, phase="roll", next_dice=[2, 2])
    g.apply("roll")
    assert g.hand(1)["grain"] == 1


# ------------------------------------------------------------------------------------ S-2.2, S-3.5, Q-49


def test_s2_2_with_3_or_4_players_a_chip_lies_on_every_chip_spot() -> None:
    g = Game.new(ISLE, players=3, seed=4)
    view = g.observation(1)["modules"]["scenario"]
    assert keys(g, view["spots"]) == CHIPS and view["chips"] == [0, 0, 0] and view["large"] is False
    assert not (keys(g, view["locations"]) & CHIPS)


def test_s3_5_the_first_road_to_reach_a_chip_spot_takes_its_chip() -> None:
    """S-3.5: 1 visible VP (``catan_chips``); the second player to arrive gets nothing; the road goes on."""
    g = position(settlements={"castello": 0, "dorga": 1},
                 roads=[("castello", "x3_4", 0), ("dorga", "x5_4", 1)], hands={0: {"lumber": 2, "brick": 2}})
    before = g.visible_vp(0)
    g.apply(f"road {edge(g, 'x3_4', 'torre')}")
    assert g.visible_vp(0) == before + 1 and g.vp_breakdown(0)["catan_chips"] == 1
    ev = events(g, "catan_chip")[-1]
    assert ev["seat"] == 0 and ev["place"] == "Torre"
    assert describe(seat_event(ev, 0), ["A", "B", "C", "D"], 0) == "You took the Catan chip at Torre"
    assert describe(seat_event(ev, 1), ["A", "B", "C", "D"], 1) == "A took the Catan chip at Torre"
    assert frozenset({"torre", "x4_1"}) in legal_roads(g)  # no location space: the road goes on
    g.apply("end")
    g.s.phase, g.s.hands[1] = "main", [1, 0, 0, 1, 0]
    g.spot_cache.clear()
    g._legal = None
    g.apply(f"road {edge(g, 'x5_4', 'torre')}")
    assert g.vp_breakdown(1)["catan_chips"] == 0 and len(events(g, "catan_chip")) == 1
    assert g.observation(2)["modules"]["scenario"]["chips"] == [1, 0, 0, 0]


def test_s3_5_a_founding_road_takes_a_chip_too() -> None:
    """S-3.5: "the first player whose road reaches" it, founding roads included (named.yaml: chip at b4)."""
    g = position(NAMED, 3, settlements={"a4": 0}, phase="setup_road", turn=0,
                 setup={"queue": [0, 1, 2, 2, 1, 0], "index": 0, "last_settlement": 0})
    g.s.last_settlement = node(g, "a4")
    g.apply(f"road {edge(g, 'a4', 'b4')}")
    assert g.vp_breakdown(0)["catan_chips"] == 1


# ----------------------------------------------------------------------------------------------- S-4.1


@pytest.mark.parametrize(("players", "target"), [(3, 13), (4, 12), (5, 10), (6, 10)])
def test_s4_1_the_target_by_the_player_count(players: int, target: int) -> None:
    g = Game.new(ISLE, players=players, seed=1)
    assert g.vp_target == target and g.observation(0)["vp_target"] == target
    assert g.seat_view(0).vp_target == target
    assert g.observation(0)["modules"]["scenario"]["target"] == target


@pytest.mark.parametrize(("players", "cards", "wins"), [(4, 1, True), (3, 1, False), (3, 2, True)])
def test_s4_1_a_player_wins_on_reaching_their_tables_target(players: int, cards: int, wins: bool) -> None:
    """S-4.1: 12 points win with 4 players, not with 3 (13); a city is the twelfth (or thirteenth) point."""
    g = position(players=players, cities={"alba": 0, "borgo": 0, "elva": 0},
                 settlements={"fiora": 0, "lanza": 0, "olmo": 0, "mira": 0},
                 hands={0: {"grain": 2, "ore": 3}},
                 dev_cards=[{"victory_point": cards}] + [{}] * (players - 1))
    assert g.vp(0) == 10 + cards
    g.apply(f"city {node(g, 'fiora')}")
    assert g.is_over is wins and (g.winners == [0]) is wins


def test_s4_1_ten_points_win_with_five_players() -> None:
    g = position(players=5, cities={"alba": 0, "borgo": 0}, settlements={"fiora": 0, "lanza": 0, "olmo": 0},
                 hands={0: {"grain": 2, "ore": 3}}, dev_cards=[{"victory_point": 2}] + [{}] * 4)
    assert g.vp(0) == 9
    g.apply(f"city {node(g, 'fiora')}")
    assert g.winners == [0]


# ----------------------------------------------------------------------------------------- S-1.1, Part F


@pytest.mark.parametrize(("players", "per_resource", "deck"),
                         [(3, 19, 25), (4, 19, 25), (5, 24, 34), (6, 24, 34)])
def test_s1_1_part_f_stock_with_5_or_6_players(players: int, per_resource: int, deck: int) -> None:
    """S-1.1 / F-1.2: 24 cards of each resource and 34 development cards (20 knights, 3 of each progress
    card, 5 VP) with 5-6 players; the base game's 19 and 25 with 3-4."""
    g = Game.new(ISLE, players=players, seed=2)
    assert g.s.bank == [per_resource] * 5 and len(g.s.dev_deck) == deck
    if players >= 5:
        assert {k: g.s.dev_deck.count(k) for k in DEV_KINDS} == {
            "knight": 20, "road_building": 3, "year_of_plenty": 3, "monopoly": 3, "victory_point": 5}


def test_s1_1_a_hand_written_5_player_position_derives_the_larger_stock() -> None:
    """A snapshot without bank and deck fills them from the stock for its player count (and passes)."""
    g = position(players=5, settlements={"alba": 0}, hands={0: {"ore": 4}},
                 dev_cards=[{"knight": 2}] + [{}] * 4)
    assert g.s.bank[RES.index("ore")] == 20 and g.s.bank[0] == 24
    assert len(g.s.dev_deck) == 32
    d = json.loads(g.to_json())
    d["bank"]["ore"] = 19  # a card lost: the snapshot check counts the larger stock
    with pytest.raises(SnapshotError, match="the game has 24"):
        Game.from_json(json.dumps(d))


@pytest.mark.parametrize(("players", "phase"), [(4, "roll"), (5, "special_build")])
def test_f3_the_special_building_phase_only_with_5_or_6_players(players: int, phase: str) -> None:
    """F-3 with ``from_players: 5``: the scenario file for 3-6 players has the phase only with 5 or 6."""
    g = position(players=players, settlements={"alba": 0})
    g.apply("end")
    assert g.phase == phase


def test_f3_base_5_6_keeps_its_special_building_phase() -> None:
    g = Game.new("base-5-6", players=5, seed=1)
    assert g.module("special_building_phase").cfg["from_players"] == 0
    d = json.loads(g.to_json())
    d.update(phase="main", current=0, turn=3, setup={"queue": [], "index": 0, "last_settlement": -1})
    g = Game.from_json(json.dumps(d))
    g.apply("end")
    assert g.phase == "special_build"


# ------------------------------------------------------------------------------------------- snapshots


def test_a_played_game_round_trips_and_the_view_is_public() -> None:
    g = Game.new(ISLE, players=4, seed=5)
    import random

    rng = random.Random(5)
    while not g.is_over and g.turn < 60:
        g.apply(rng.choice(g.legal_actions()))
    again = Game.from_json(g.to_json())
    assert again.to_json() == g.to_json()
    views = [g.observation(q)["modules"]["scenario"] for q in range(4)]
    assert all(v == views[0] for v in views)


@pytest.mark.parametrize(
    ("section", "problem"),
    [
        ("nonsense", "modules.scenario must be a mapping"),
        ({"spots": "all"}, "must list intersections"),
        ({"taken": [[], []]}, "one list per seat"),
        ({"spots": [0], "taken": [[], [], [], []]}, "not a chip spot"),
        ({"spots": [], "taken": [[], [], [], []]}, "0 Catan chips, but this game has 3"),
        ({"spots": [True], "taken": [[], [], [], []]}, "must list intersections"),
    ],
)
def test_a_malformed_section_is_a_clear_problem(section: Any, problem: str) -> None:
    g = Game.new(ISLE, players=4, seed=1)
    d = json.loads(g.to_json())
    d["modules"]["scenario"] = section
    with pytest.raises(SnapshotError, match=problem):
        Game.from_json(json.dumps(d))


def test_a_chip_still_on_a_spot_a_road_reaches_is_refused() -> None:
    g = position(settlements={"castello": 0}, roads=[("castello", "x3_4", 0), ("x3_4", "torre", 0)])
    assert g.vp_breakdown(0)["catan_chips"] == 1  # a missing section gives the chip to the road's owner
    d = json.loads(g.to_json())
    d["modules"]["scenario"] = {"spots": sorted(node(g, k) for k in CHIPS), "taken": [[], [], [], []]}
    with pytest.raises(SnapshotError, match="chip is taken"):
        Game.from_json(json.dumps(d))


def test_a_building_on_a_plain_intersection_is_refused() -> None:
    with pytest.raises(SnapshotError, match="is no location space"):
        position(settlements={"x3_6": 0})


def test_s4_1_a_target_the_players_chose_wins_over_the_player_count() -> None:
    """New game's target (the option ``victory_points.target``) replaces S-4.1's, in saves too."""
    g = Game.new(ISLE, players=3, seed=1, options={"victory_points.target": 9})
    assert g.vp_target == 9 and g.observation(0)["modules"]["scenario"]["target"] == 9
    assert Game.from_json(g.to_json()).vp_target == 9
