"""Frenemies ("Entre amigos", RULES.md Part A, readings Q-38 to Q-41): the rule module ``frenemies`` and the
rule files rules/frenemies.yaml (3-4 players) and frenemies-5-6.yaml."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from catan_desktop.engine import Action, Game, IllegalAction, SnapshotError
from catan_desktop.engine.modules import frenemies_state as fs

RULES_DIR = Path(__file__).resolve().parents[2] / "rules"
F = str(RULES_DIR / "frenemies.yaml")
F56 = str(RULES_DIR / "frenemies-5-6.yaml")
RES = ("lumber", "wool", "grain", "brick", "ore")
ROAD_CARDS = {"lumber": 1, "brick": 1}


def _position(
    players: int = 4,
    path: str = F,
    *,
    buildings: list[tuple[int, int]] | None = None,
    roads: list[tuple[int, int]] | None = None,
    cities: list[tuple[int, int]] | None = None,
    hands: dict[int, dict[str, int]] | None = None,
    tokens: dict[int, list[str]] | None = None,
    new: dict[int, list[str]] | None = None,
    supply: list[str] | None = None,
    phase: str = "main",
    current: int = 0,
    turn: int = 5,
    dice: list[int] | None = None,
    seed: int = 3,
    **fields: Any,
) -> Game:
    """A hand-written position: ``buildings`` as (node, seat) settlements, ``roads`` as (edge, seat); the
    favour tokens held per seat (``new``: those obtained this turn) and, if given, the exact face-down
    ``supply`` (top last; the rest of the table then lies on the used pile)."""
    g = Game.new(path, players=players, seed=seed)
    d = json.loads(g.to_json())
    d.update(
        phase=phase,
        current=current,
        turn=turn,
        dice=dice if dice is not None else [2, 3],
        history=[],
        log=[],
        setup={"queue": [], "index": 0, "last_settlement": -1},
        buildings=[[n, q, "settlement"] for n, q in buildings or []]
        + [[n, q, "city"] for n, q in cities or []],
        roads=[[e, q] for e, q in roads or []],
        hands=[dict((hands or {}).get(q, {})) for q in range(players)],
    )
    del d["bank"]
    sec = d["modules"]["frenemies"]
    for q, held in (tokens or {}).items():
        for t in held:
            sec["supply"].remove(t)
        sec["tokens"][q] = list(held)
    for q, fresh in (new or {}).items():
        sec["new"][q] = list(fresh)
        sec["new_turn"] = turn
    if supply is not None:
        rest = Counter(sec["supply"])
        rest.subtract(Counter(supply))
        assert min(rest.values(), default=0) >= 0, "the supply asked for holds more tokens than are left"
        sec["used"] = sorted(rest.elements())
        sec["supply"] = list(supply)
    for card in [k for hand in fields.get("dev_cards", []) for k, n in hand.items() for _ in range(n)]:
        d["dev_deck"].remove(card)  # the cards in hands come out of the deck
    for card in fields.pop("dev_top", []):
        d["dev_deck"].remove(card)
        d["dev_deck"].append(card)
    for key, value in fields.items():
        if key.startswith("fav_"):
            sec[key[4:]] = value
        else:
            d[key] = value
    return Game.from_json(json.dumps(d))


def _edge(g: Game, a: int, b: int) -> int:
    return g.topo.edge_index[(min(a, b), max(a, b))]


def _ring(g: Game, hex_id: str) -> list[int]:
    """The six corners of a hex, clockwise from the top (neighbours in the list are joined by a path)."""
    return list(g.topo.hex_nodes[g.topo.hex_index[hex_id]])


def _desert(g: Game) -> str:
    return next(g.topo.hex_ids[h] for h, t in enumerate(g.s.terrain) if t == "desert")


def _tokens(g: Game, seat: int) -> list[str]:
    return list(fs.state(g).tokens[seat])


def _events(g: Game, kind: str) -> list[dict[str, Any]]:
    return [e for e in g.log if e["t"] == kind]


def _table_total(g: Game) -> Counter[str]:
    st = fs.state(g)
    out = Counter(st.supply) + Counter(st.used)
    for t in st.tokens:
        out += Counter(t)
    return out


# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("path", "players"), [(F, 3), (F, 4), (F56, 5), (F56, 6)])
def test_a2_2_the_supply_matches_the_table_for_the_player_count(path: str, players: int) -> None:
    """A-2.2: 3 players 6/6/6/12/12, 4 players 8/8/8/16/16, 5 players 10/../20, 6 players 12/../24."""
    g = Game.new(path, players=players, seed=1)
    k = players * 2
    assert Counter(fs.state(g).supply) == {
        "merchant": k,
        "trader": k,
        "paver": k,
        "teacher": 2 * k,
        "architect": 2 * k,
    }
    assert all(t == [] for t in fs.state(g).tokens)
    assert g.module("frenemies").check(g) == []


def test_a2_2_the_supply_is_shuffled_with_the_games_rng() -> None:
    """A-2.2: shuffled face down; the same seed gives the same order (the game's RNG, not ``random``)."""
    a, b, c = (Game.new(F, players=4, seed=s) for s in (5, 5, 6))
    assert fs.state(a).supply == fs.state(b).supply
    assert fs.state(a).supply != fs.state(c).supply
    assert fs.state(a).supply != sorted(fs.state(a).supply)


def test_a7_1_the_target_is_11_and_comes_from_the_rule_file() -> None:
    """A-7.1: 11 VP, as data (victory_points.target) in both rule files."""
    assert Game.new(F, players=3).rules.vp_target == 11
    assert Game.new(F56, players=5).rules.vp_target == 11


def test_a7_1_a_catan_chip_can_win_on_ones_own_turn() -> None:
    """A-6 / A-7.1: an architect's chip is a point; the 11th wins at once (Q-15)."""
    g0 = Game.new(F, seed=3)
    spots = [
        _ring(g0, "1.1")[0],
        _ring(g0, "1.3")[0],
        _ring(g0, "3.1")[3],
        _ring(g0, "3.5")[0],
        _ring(g0, "5.1")[3],
        _ring(g0, "5.3")[3],
    ]
    g = _position(
        cities=[(n, 0) for n in spots[:4]],
        buildings=[(n, 0) for n in spots[4:]],
        tokens={0: ["architect", "architect"]},
    )
    assert g.vp(0) == 10 and not g.is_over
    g.apply("favour architect")
    assert g.is_over and g.winners == [0] and g.vp_breakdown(0)["catan_chips"] == 1


def test_the_rule_files_validate() -> None:
    from catan_desktop.engine.ruleset import load_rules

    assert tuple(load_rules(F).modules) == ("frenemies",)
    assert tuple(load_rules(F56).modules) == ("special_building_phase", "frenemies")


# -------------------------------------------------------------------------------------------


def _seven(**kw: Any) -> Game:
    """Seat 0 has rolled a 7 and moves the robber."""
    return _position(phase="robber", dice=[3, 4], **kw)


def test_a3_1a_a_hex_with_no_building_next_to_it_earns_a_favour() -> None:
    """A-3.1(a): after a 7, the robber onto a hex with no adjacent settlement or city: 1 favour."""
    g = _seven(buildings=[(_ring(Game.new(F, seed=3), "1.1")[0], 1)], supply=["paver", "trader"])
    g.apply("robber 5.3")
    assert _tokens(g, 0) == ["trader"]
    assert [e["why"] for e in _events(g, "favour")] == ["robber"]
    assert _events(g, "harmless_robber")[0]["hex"] == "5.3"


def test_a3_1a_counts_after_a_knight_too() -> None:
    """A-3.1: 'after a 7 or with a Knight'."""
    g = _position(dev_cards=[{"knight": 1}, {}, {}, {}], phase="roll", dice=None)
    g.apply("knight")
    g.apply("robber 5.3")
    assert len(_tokens(g, 0)) == 1 and g.phase == "roll"


def test_a3_1a_a_hex_next_to_ones_own_building_is_not_harmless() -> None:
    """A-3.1(a): 'no adjacent settlement or city' at all, the mover's own included; stealing nothing
    from nobody there earns nothing (it blocks the mover's own production)."""
    g0 = Game.new(F, seed=3)
    g = _seven(buildings=[(_ring(g0, "5.3")[0], 0)])
    g.apply("robber 5.3")
    assert _tokens(g, 0) == [] and not _events(g, "favour")


def test_a3_1b_the_desert_without_stealing_earns_a_favour() -> None:
    """A-3.1(b): onto the desert, choosing not to steal from a player with a building next to it."""
    g0 = Game.new(F, seed=3)
    desert = _desert(g0)
    corner = _ring(g0, desert)[0]
    away = "5.3" if desert != "5.3" else "1.1"
    g = _seven(buildings=[(corner, 1)], board={**json.loads(g0.to_json())["board"], "robber": away})
    assert Action("robber", desert, None) in g.legal_actions()
    stolen = _seven(
        buildings=[(corner, 1)],
        hands={1: {"ore": 1}},
        board={**json.loads(g0.to_json())["board"], "robber": away},
    )
    g.apply(Action("robber", desert, None))
    assert len(_tokens(g, 0)) == 1
    stolen.apply(Action("robber", desert, 1))
    assert _tokens(stolen, 0) == [], "A-3.1(b): a steal on the desert is not harmless"


def test_a3_1_a_harmful_move_earns_nothing() -> None:
    """A-3.1: the robber on another player's hex, even without a steal, earns nothing."""
    g0 = Game.new(F, seed=3)
    g = _seven(buildings=[(_ring(g0, "5.3")[0], 1)])
    g.apply(Action("robber", "5.3", None))
    assert _tokens(g, 0) == []


# -------------------------------------------------------------------------------------------


def _gift_table(**kw: Any) -> Game:
    """Seat 0: 2 settlements; seat 1: 2; seat 2: 3 (higher); seat 3: 1. Seat 0 holds brick and ore."""
    g0 = Game.new(F, seed=3)
    r = {h: _ring(g0, h) for h in ("1.1", "1.3", "3.1", "3.5", "5.1", "5.3")}
    buildings = [
        (r["1.1"][0], 0),
        (r["5.3"][3], 0),
        (r["1.3"][0], 1),
        (r["3.1"][3], 1),
        (r["3.5"][0], 2),
        (r["5.1"][3], 2),
        (r["1.3"][3], 2),
        (r["5.1"][0], 3),
    ]
    kw.setdefault("hands", {0: {"brick": 1, "ore": 2}})
    return _position(buildings=buildings, **kw)


def test_a3_2_a_gift_accepted_moves_the_card_and_earns_the_giver_a_favour() -> None:
    """A-3.2: one resource card to a player whose VP are not higher; accepted: the giver earns 1."""
    g = _gift_table(supply=["architect"])
    g.apply("gift brick 1")
    assert g.phase == "gift_answer" and g.current_player == 1
    assert g.legal_actions() == [Action("accept_gift"), Action("refuse_gift")]
    g.apply("accept_gift")
    assert g.phase == "main" and g.current_player == 0
    assert g.hand(1)["brick"] == 1 and g.hand(0)["brick"] == 0
    assert _tokens(g, 0) == ["architect"]
    assert _events(g, "gift_accepted")[0] == {
        "t": "gift_accepted",
        "seat": 1,
        "giver": 0,
        "resource": "brick",
        "turn": 5,
    }


def test_a3_2_only_to_players_whose_visible_vp_are_not_higher() -> None:
    """A-3.2 / Q-38: seat 2 (3 VP) is higher than seat 0 (2 VP); seats 1 (2) and 3 (1) may receive."""
    g = _gift_table()
    receivers = {a.b for a in g.legal_actions() if a.kind == "gift"}
    assert receivers == {1, 3}
    reason = g.why_illegal("gift brick 2")
    assert reason.code == "gift_vp_higher" and reason.params == {"seat": 2, "vp": 3, "yours": 2}


def test_q38_hidden_vp_cards_do_not_count_chips_do() -> None:
    """Q-38: visible VP are all VP but hidden VP cards; A-6: Catan chips are visible."""
    g = _gift_table(dev_cards=[{"victory_point": 3}, {}, {}, {}])
    assert g.vp(0) == 5 and 2 not in {a.b for a in g.legal_actions() if a.kind == "gift"}
    g = _gift_table(dev_cards=[{}, {}, {"victory_point": 2}, {}], fav_chips=[1, 0, 0, 0])
    assert 2 in {a.b for a in g.legal_actions() if a.kind == "gift"}, "3 visible + 2 hidden vs 2 + 1 chip"
    g = _gift_table(fav_chips=[0, 0, 0, 2])
    assert 3 not in {a.b for a in g.legal_actions() if a.kind == "gift"}, "1 + 2 chips is higher than 2"


def test_a3_2_a_refused_card_may_be_offered_to_another_player() -> None:
    """A-3.2: refused, the same card may go to another eligible player (not back to the one who refused)."""
    g = _gift_table(supply=["paver"])
    g.apply("gift ore 1")
    g.apply("refuse_gift")
    assert g.phase == "main" and _tokens(g, 0) == [] and g.hand(0)["ore"] == 2
    gifts = [a for a in g.legal_actions() if a.kind == "gift"]
    assert gifts == [Action("gift", "ore", 3)]
    assert g.why_illegal("gift ore 1").code == "gift_refused_already"
    assert g.why_illegal("gift brick 3").code == "gift_same_card"
    g.apply("gift ore 3")
    g.apply("accept_gift")
    assert g.hand(3)["ore"] == 1 and _tokens(g, 0) == ["paver"]


def test_a3_2_at_most_one_gift_a_turn() -> None:
    """A-3.2: 'at most 1 resource per turn'; the next turn may give again."""
    g = _gift_table(supply=["paver", "trader"])
    g.apply("gift ore 1")
    g.apply("accept_gift")
    assert not [a for a in g.legal_actions() if a.kind == "gift"]
    assert g.why_none("gift").code == "gift_once_a_turn"
    assert g.why_illegal("gift ore 3").code == "gift_once_a_turn"
    g.apply("end")
    assert fs.state(g).gifts == 0 and fs.state(g).refused == []


def test_q38_gifts_in_the_roll_phase_but_never_in_the_special_building_phase() -> None:
    """Q-38: any phase of one's own turn (before the dice too), never the special building phase."""
    g = _gift_table(phase="roll", dice=None)
    assert any(a.kind == "gift" for a in g.legal_actions())
    g.apply("gift ore 1")
    g.apply("refuse_gift")
    assert g.phase == "roll"
    g = _sbp(hands={1: {"ore": 2}})
    assert g.current_player == 1
    assert not [a for a in g.legal_actions() if a.kind in ("gift", "favour", "exchange_favour")]
    assert g.why_illegal("gift ore 2").code == "special_build_only"


# -------------------------------------------------------------------------------------------


def _joined(g: Game, seat: int) -> int:
    return sum(1 for e in _events(g, "favour") if e["seat"] == seat and e["why"] in ("join", "joined"))


def test_a3_3_the_example_with_roads_a_b_and_c() -> None:
    """A-3.3, S004's example: Red's road A joins Red's lower district to Blue's: Blue 1, Red 3. Road B joins
    the same two districts elsewhere: nothing. Road C joins Red's upper district to Blue's central
    district for the first time: both earn."""
    g0 = Game.new(F, seed=3)
    low = _ring(g0, "4.2")  # the lower districts around hex 4.2
    up = _ring(g0, "1.2")  # Red's upper district and Blue's central one, around hex 1.2
    red, blue = 0, 1
    g = _position(
        buildings=[(low[0], red), (low[3], blue), (up[0], red), (up[3], blue)],
        roads=[
            (_edge(g0, low[0], low[1]), red),
            (_edge(g0, low[0], low[5]), red),
            (_edge(g0, low[3], low[2]), blue),
            (_edge(g0, low[3], low[4]), blue),
            (_edge(g0, up[0], up[1]), red),
            (_edge(g0, up[3], up[2]), blue),
        ],
        hands={red: {"lumber": 3, "brick": 3}},
    )
    g.apply(Action("road", _edge(g, low[1], low[2])))  # road A
    assert (_joined(g, red), _joined(g, blue)) == (3, 1)
    assert _events(g, "districts_joined")[-1]["others"] == [blue]
    g.apply(Action("road", _edge(g, low[5], low[4])))  # road B: the same two districts again
    assert (_joined(g, red), _joined(g, blue)) == (3, 1)
    g.apply(Action("road", _edge(g, up[1], up[2])))  # road C: Red's upper and Blue's central, first time
    assert (_joined(g, red), _joined(g, blue)) == (6, 2)
    assert len(_tokens(g, red)) == 6 and len(_tokens(g, blue)) == 2


@pytest.mark.parametrize("merge_first", [True, False])
def test_q40_merged_districts_inherit_the_records(merge_first: bool) -> None:
    """Q-40: a district that merges with one already joined to Blue's inherits that record; unmerged, the
    second district's first join with Blue pays."""
    g0 = Game.new(F, seed=3)
    r = _ring(g0, "3.3")
    outer = next(n for n in g0.topo.node_neighbours[r[5]] if n not in r)
    red, blue = 0, 1
    g = _position(
        buildings=[(r[0], red), (outer, red), (r[3], blue)],
        roads=[
            (_edge(g0, r[0], r[1]), red),
            (_edge(g0, r[1], r[2]), red),
            (_edge(g0, outer, r[5]), red),
            (_edge(g0, r[3], r[2]), blue),
            (_edge(g0, r[3], r[4]), blue),
        ],
        hands={red: {"lumber": 2, "brick": 2}},
    )
    # Red's district r0-r1-r2 already touches Blue's at r2 (joined before); Red's other district: outer-r5
    if merge_first:
        g.apply(Action("road", _edge(g, r[5], r[0])))  # merges Red's two districts, touches no Blue piece
        assert _joined(g, red) == 0
    g.apply(Action("road", _edge(g, r[5], r[4])))  # touches Blue's district at r4
    assert _joined(g, red) == (0 if merge_first else 3)
    assert _joined(g, blue) == (0 if merge_first else 1)


def _junction(g0: Game) -> tuple[int, int, int, int, int, int, int]:
    """A node b with three neighbours a, c, d and a further neighbour a2, c2, d2 of each, the three of them
    pairwise apart (so settlements fit on them)."""
    topo = g0.topo
    for b in range(topo.num_nodes):
        nb = topo.node_neighbours[b]
        if len(nb) != 3:
            continue
        a, c, d = nb
        far = [[m for m in topo.node_neighbours[x] if m != b] for x in (a, c, d)]
        for a2 in far[0]:
            for c2 in far[1]:
                for d2 in far[2]:
                    spots = (a2, c2, d2)
                    if len(set(spots)) == 3 and all(
                        y not in topo.node_neighbours[x] for x in spots for y in spots
                    ):
                        return b, a, c, d, a2, c2, d2
    raise AssertionError("no junction")


def _two_at_once(supply: list[str] | None = None, path: str = F, players: int = 4, **kw: Any) -> Game:
    """Red (0) at a2-a; Blue (1) at c2-c-b; White (2) at d2-d-b: Red's road a-b touches both at b."""
    g0 = Game.new(path, players=players, seed=3)
    b, a, c, d, a2, c2, d2 = _junction(g0)
    kw.setdefault("hands", {0: {"lumber": 1, "brick": 1}})
    return _position(
        players,
        path,
        buildings=[(a2, 0), (c2, 1), (d2, 2)],
        roads=[
            (_edge(g0, a2, a), 0),
            (_edge(g0, c2, c), 1),
            (_edge(g0, c, b), 1),
            (_edge(g0, d2, d), 2),
            (_edge(g0, d, b), 2),
        ],
        supply=supply,
        **kw,
    )


def test_a3_3_a_road_joining_two_players_at_once_pays_the_builder_3_only() -> None:
    """A-3.3: 'joins the builder's district to two other players' districts at once: the builder only 3,
    each of the other two 1'. With enough tokens they draw clockwise from the builder (blind draws)."""
    g = _two_at_once()
    b, a = _junction(g)[:2]
    g.apply(Action("road", _edge(g, a, b)))
    assert g.phase == "main"
    assert (len(_tokens(g, 0)), len(_tokens(g, 1)), len(_tokens(g, 2))) == (3, 1, 1)
    assert _events(g, "districts_joined")[0]["others"] == [1, 2]


def test_a3_3_the_builder_decides_who_draws_first_when_it_matters() -> None:
    """A-3.3 / Q-41: the builder decides which of the two draws first; with one token left for two, it
    decides who gets it (phase favour_order), and the other draws nothing."""
    g = _two_at_once(supply=["teacher", "paver", "paver", "paver"])
    b, a = _junction(g)[:2]
    g.apply(Action("road", _edge(g, a, b)))
    assert g.phase == "favour_order" and g.current_player == 0
    assert g.legal_actions() == [Action("favour_first", 1), Action("favour_first", 2)]
    assert g.why_illegal("favour_first 3").code == "favour_order_owed"
    g.apply("favour_first 2")
    assert g.phase == "main"
    assert _tokens(g, 0) == ["paver"] * 3 and _tokens(g, 2) == ["teacher"] and _tokens(g, 1) == []
    assert _events(g, "favour_short")[-1] == {
        "t": "favour_short",
        "seat": 1,
        "why": "joined",
        "missing": 1,
        "turn": 5,
    }


def test_q39_joins_in_the_founding_phase_earn_nothing() -> None:
    """Q-39: no favours for any join made in the founding phase; the pair counts as joined afterwards."""
    g0 = Game.new(F, seed=3)
    r = _ring(g0, "3.3")
    g = _position(
        phase="setup_road",
        turn=0,
        current=0,
        buildings=[(r[0], 1), (r[2], 0)],
        roads=[(_edge(g0, r[0], r[1]), 1)],
        setup={"queue": [0, 1, 2, 3, 3, 2, 1, 0], "index": 7, "last_settlement": r[2]},
    )
    g.apply(Action("road", _edge(g, r[2], r[1])))  # Red's founding road meets Blue's road at r1
    assert g.turn == 1 and not _events(g, "favour") and not _events(g, "districts_joined")


def test_q40_free_roads_count() -> None:
    """Q-40: a Road Building road (and the paver's, below) that joins districts earns favours."""
    g = _two_at_once(hands={}, dev_cards=[{"road_building": 1}, {}, {}, {}])
    b, a = _junction(g)[:2]
    g.apply("road_building")
    g.apply(Action("road", _edge(g, a, b)))
    assert (len(_tokens(g, 0)), len(_tokens(g, 1)), len(_tokens(g, 2))) == (3, 1, 1)


def _sbp(players: int = 6, **kw: Any) -> Game:
    """5-6 players: the special building phase after seat 0's turn, seat 1 to build first."""
    data = json.loads(_position(players, F56, **kw).to_json())
    data["phase"] = "special_build"
    data["modules"]["special_building_phase"] = {"queue": [(1 + k) % players for k in range(players - 1)]}
    return Game.from_json(json.dumps(data))


def test_q40_special_building_phase_roads_count_and_a_5_4_their_tokens_wait() -> None:
    """Q-40: a road built in the special building phase joins too; A-5.4: tokens obtained then can be used
    from the player's next turn."""
    g0 = Game.new(F56, players=6, seed=3)
    b, a, c, d, a2, c2, d2 = _junction(g0)
    g = _sbp(
        buildings=[(a2, 1), (c2, 2)],
        roads=[(_edge(g0, a2, a), 1), (_edge(g0, c2, c), 2), (_edge(g0, c, b), 2)],
        hands={1: ROAD_CARDS},
        supply=["trader", "paver", "paver", "paver"],
    )
    assert g.current_player == 1
    g.apply(Action("road", _edge(g, a, b)))
    assert _tokens(g, 1) == ["paver"] * 3 and _tokens(g, 2) == ["trader"]
    assert not any(a.kind == "favour" for a in g.legal_actions())
    while g.phase == "special_build":
        g.apply("end")
    assert g.active_player == 1 and g.phase == "roll"
    assert Action("favour", "paver") in g.legal_actions(), "A-5.4: usable from the player's next turn"


# ---------------------------------------------------------------------------------------


def test_q41_an_empty_supply_pays_nothing() -> None:
    """A-4.2 / Q-41: a player owed favours when the supply is empty draws none."""
    g = _two_at_once(supply=[])
    b, a = _junction(g)[:2]
    g.apply(Action("road", _edge(g, a, b)))
    assert g.phase == "main" and all(_tokens(g, q) == [] for q in range(4))
    assert [(e["seat"], e["missing"]) for e in _events(g, "favour_short")] == [(0, 3), (1, 1), (2, 1)]
    assert g.module("frenemies").check(g) == []


def test_q41_an_empty_supply_allows_no_exchange() -> None:
    g = _position(tokens={0: ["trader"]}, supply=[])
    assert Action("exchange_favour") not in g.legal_actions()
    assert g.why_illegal("exchange_favour").code == "favour_supply_empty"
    assert g.why_none("exchange_favour").code == "favour_supply_empty"


# -------------------------------------------------------------------------------------------


def test_a5_3_a_token_obtained_this_turn_cannot_be_used() -> None:
    """A-5.3: a token obtained in a turn cannot be used in that same turn."""
    g = _position(tokens={0: ["trader"]}, new={0: ["trader"]})
    assert not [a for a in g.legal_actions() if a.kind in ("favour", "exchange_favour")]
    reason = g.why_illegal("favour trader ore")
    assert reason.code == "favour_tokens" and reason.params == {
        "guild": "trader",
        "need": 1,
        "have": 0,
        "new": 1,
    }
    g = _position(tokens={0: ["trader"]}, new={0: ["trader"]}, turn=6, fav_new_turn=5)
    assert Action("favour", "trader", "ore") in g.legal_actions(), "obtained in an earlier turn"


def test_a5_3_a_favour_earned_this_turn_waits_for_the_next() -> None:
    """A-5.3: earned now (a harmless robber), usable from the next own turn only."""
    g = _seven(supply=["trader"])
    g.apply("robber 5.3")
    assert not any(a.kind == "favour" for a in g.legal_actions())
    assert fs.state(g).new[0] == ["trader"]


def test_a5_1_one_favour_or_exchange_a_turn() -> None:
    """A-5.1: either use a guild favour or exchange a token, once a turn; the next turn may again."""
    g = _position(tokens={0: ["trader", "trader", "paver"]}, hands={0: {}})
    g.apply("favour trader ore")
    acts = g.legal_actions()
    assert not [a for a in acts if a.kind in ("favour", "exchange_favour")]
    assert g.why_illegal("favour trader wool").code == "favour_once_a_turn"
    assert g.why_illegal("exchange_favour").code == "favour_once_a_turn"
    assert g.why_none("favour").code == "favour_once_a_turn"
    assert fs.state(g).acted
    g.apply("end")
    assert not fs.state(g).acted


def test_a5_2_tokens_handed_in_leave_the_game() -> None:
    """A-5.2 / Q-41: handed in face up at the guild table, out of play; the table still adds up."""
    g = _position(tokens={0: ["teacher", "teacher", "merchant"]})
    before = _table_total(g)
    supply = len(fs.state(g).supply)
    g.apply("favour teacher")
    assert _tokens(g, 0) == ["merchant"] and fs.state(g).used.count("teacher") == 2
    assert len(fs.state(g).supply) == supply and _table_total(g) == before
    assert g.observation(1)["modules"]["frenemies"]["used"]["teacher"] == 2


def test_a5_5_exchange_draws_one_then_returns_any_one() -> None:
    """A-5.5 / Q-41: draw one face down, then return any one (the drawn one may go back), shuffled in."""
    g = _position(tokens={0: ["merchant"]}, supply=["paver", "teacher", "architect"])
    g.apply("exchange_favour")
    assert g.phase == "favour_return" and g.current_player == 0
    assert _tokens(g, 0) == ["merchant", "architect"]
    assert g.legal_actions() == [Action("return_favour", "merchant"), Action("return_favour", "architect")]
    assert g.why_illegal("return_favour teacher").code == "favour_return_held"
    g.apply("return_favour merchant")
    assert g.phase == "main" and _tokens(g, 0) == ["architect"]
    assert sorted(fs.state(g).supply) == ["merchant", "paver", "teacher"]
    assert fs.state(g).acted and not any(a.kind == "favour" for a in g.legal_actions())
    g2 = _position(tokens={0: ["merchant"]}, supply=["paver", "teacher", "architect"])
    g2.apply("exchange_favour")
    g2.apply("return_favour architect")
    assert _tokens(g2, 0) == ["merchant"], "the drawn token may go straight back"


def test_a5_4_no_favour_in_the_special_building_phase() -> None:
    """A-5.4: with 5-6 players, favours cannot be used in the special building phase."""
    g = _sbp(tokens={1: ["trader", "merchant"]})
    assert g.current_player == 1
    assert not [a for a in g.legal_actions() if a.kind in ("favour", "exchange_favour", "merchant_swap")]
    assert g.why_illegal("favour trader ore").code == "special_build_only"


def test_a5_6_tokens_cannot_be_given_or_traded() -> None:
    """A-5.6: no action moves a token between players; gifts and offers carry resource cards only."""
    g = _gift_table(tokens={0: ["trader"]})
    assert not [a for a in g.legal_actions() if "trader" in str(a) and a.kind != "favour"]


# -------------------------------------------------------------------------------------------


def test_a6_merchants_two_bank_swaps_this_turn() -> None:
    """A-6 merchants: 1 wagon; exchange 1 card for any other from the bank, at most twice that turn."""
    g = _position(tokens={0: ["merchant"]}, hands={0: {"ore": 3}})
    g.apply("favour merchant")
    assert fs.state(g).merchant_swaps == 2
    g.apply("merchant_swap ore brick")
    g.apply("merchant_swap ore wool")
    assert g.hand(0) == {"lumber": 0, "wool": 1, "grain": 0, "brick": 1, "ore": 1}
    assert not [a for a in g.legal_actions() if a.kind == "merchant_swap"]
    assert g.why_illegal("merchant_swap ore grain").code == "merchant_no_swaps"
    assert sum(g.s.bank) == 19 * 5 - 3


def test_a6_merchant_swaps_cannot_be_saved() -> None:
    """A-5.2: the favour is received at once and cannot be saved for a later turn."""
    g = _position(tokens={0: ["merchant"]}, hands={0: {"ore": 3}})
    g.apply("favour merchant")
    g.apply("merchant_swap ore brick")
    g.apply("end")
    assert fs.state(g).merchant_swaps == 0


def test_a6_traders_take_any_card_from_the_bank() -> None:
    """A-6 traders: 1 boat; take any 1 resource card from the bank (one the bank holds)."""
    g = _position(tokens={0: ["trader"]}, hands={1: {"wool": 19}})
    trader = {a.b for a in g.legal_actions() if a.kind == "favour" and a.a == "trader"}
    assert trader == {"lumber", "grain", "brick", "ore"}
    assert g.why_illegal("favour trader wool").code == "bank_out_of"
    g.apply("favour trader grain")
    assert g.hand(0)["grain"] == 1 and g.s.bank[g.res_index["grain"]] == 18


def test_a6_pavers_build_a_free_road_by_the_normal_rules_and_it_can_join() -> None:
    """A-6 pavers: 1 shovel; build 1 road free, under the normal road rules (Q-40: it may join)."""
    g = _two_at_once(hands={}, tokens={0: ["paver"]})
    b, a = _junction(g)[:2]
    g.apply("favour paver")
    assert g.phase == "road_building" and g.s.free_roads == 1
    assert Action("road", _edge(g, a, b)) in g.legal_actions()
    g.apply(Action("road", _edge(g, a, b)))
    assert g.phase == "main" and sum(g.hand(0).values()) == 0
    assert len(_tokens(g, 0)) == 3 and len(_tokens(g, 1)) == 1


def test_a6_paver_needs_a_road_spot() -> None:
    g = _position(tokens={0: ["paver"]})
    assert g.why_illegal("favour paver").code == "no_road_spot"


def test_a6_teachers_give_the_top_development_card_free() -> None:
    """A-6 teachers: 2 books; the top card of the deck, unpaid; like a bought card it waits a turn."""
    g = _position(tokens={0: ["teacher", "teacher"]}, dev_top=["knight"])
    deck = len(g.s.dev_deck)
    g.apply("favour teacher")
    assert len(g.s.dev_deck) == deck - 1
    assert g.observation(0)["you"]["development_cards"]["knight"] == 1
    assert g.observation(0)["you"]["bought_this_turn"]["knight"] == 1
    assert Action("knight") not in g.legal_actions()
    assert _events(g, "favour_used")[0]["card"] == "knight"
    everything = dict(Counter(Game.new(F, seed=3).s.dev_deck))
    g = _position(tokens={0: ["teacher", "teacher"]}, dev_cards=[{}, {}, {}, everything])
    assert g.s.dev_deck == [] and g.why_illegal("favour teacher").code == "deck_empty"


def test_a6_architects_give_a_catan_chip_a_visible_point() -> None:
    """A-6 architects: 2 compasses; a Catan chip worth 1 VP, always visible (it limits gifts, A-3.2)."""
    g = _position(tokens={0: ["architect", "architect"]}, buildings=[(0, 0)])
    assert g.visible_vp(0) == 1
    g.apply("favour architect")
    assert g.visible_vp(0) == 2 and g.vp_breakdown(0)["catan_chips"] == 1
    assert g.observation(1)["players_public"][0]["visible_vp"] == 2
    assert g.observation(1)["modules"]["frenemies"]["chips"][0] == 1


def test_n10_no_chip_when_the_chips_run_out() -> None:
    """Gap N-10: the 12 chips may run out; then the architects have nothing to give."""
    g = _position(tokens={0: ["architect", "architect"]}, fav_chips=[4, 4, 4, 0])
    assert g.why_illegal("favour architect").code == "favour_no_chips"


def test_a6_cost_is_the_guilds_number_of_tokens() -> None:
    """A-1.1: teachers and architects take 2 tokens; one is not enough."""
    g = _position(tokens={0: ["teacher", "architect"]})
    assert g.why_illegal("favour teacher").params["need"] == 2
    assert g.why_illegal("favour builder").code == "favour_unknown_guild"


# ---------------------------------------------------------------------- snapshots, views and actions


def test_snapshot_round_trip_in_every_frenemies_phase() -> None:
    """The module's section travels through the game's snapshot unchanged (to_data / from_data)."""
    g = _gift_table(tokens={0: ["merchant"]}, supply=["trader", "paver"])
    g.apply("gift ore 1")  # gift_answer
    assert Game.from_json(g.to_json()).to_json() == g.to_json()
    g.apply("accept_gift")
    g.apply("exchange_favour")  # favour_return
    assert Game.from_json(g.to_json()).to_json() == g.to_json()
    g = _two_at_once(supply=["teacher", "paver", "paver", "paver"])
    b, a = _junction(g)[:2]
    g.apply(Action("road", _edge(g, a, b)))  # favour_order
    copy = Game.from_json(g.to_json())
    assert copy.to_json() == g.to_json() and copy.legal_actions() == g.legal_actions()
    copy.apply("favour_first 1")
    assert _tokens(copy, 1) == ["teacher"]


def test_a_snapshot_whose_tokens_do_not_add_up_is_refused() -> None:
    g = Game.new(F, players=4, seed=2)
    d = json.loads(g.to_json())
    d["modules"]["frenemies"]["tokens"][1] = ["architect"]
    with pytest.raises(SnapshotError, match="architect tokens"):
        Game.from_json(json.dumps(d))
    d["modules"]["frenemies"]["tokens"][1] = ["builder"]
    with pytest.raises(SnapshotError, match="guilds"):
        Game.from_json(json.dumps(d))


def test_a_snapshot_without_the_section_starts_with_the_whole_supply() -> None:
    g = Game.new(F, players=3, seed=2)
    d = json.loads(g.to_json())
    del d["modules"]
    copy = Game.from_json(json.dumps(d))
    assert Counter(fs.state(copy).supply) == Counter(fs.state(g).supply)


def test_seat_view_shows_own_faces_and_others_counts_only() -> None:
    """A seat sees its own tokens' faces, the others' counts; the log hides the faces drawn by others."""
    g = _seven(tokens={0: ["teacher"], 1: ["merchant", "paver"]})
    g.apply("robber 5.3")
    drawn = _tokens(g, 0)[:]
    drawn.remove("teacher")
    mine, theirs = g.observation(0), g.observation(1)
    assert sorted(mine["modules"]["frenemies"]["yours"]) == sorted(["teacher", *drawn])
    assert mine["modules"]["frenemies"]["yours_new"] == drawn
    assert [e["card"] for e in mine["log"] if e["t"] == "favour"] == drawn
    assert theirs["modules"]["frenemies"]["yours"] == ["merchant", "paver"]
    assert theirs["modules"]["frenemies"]["tokens"] == [2, 2, 0, 0]
    assert theirs["modules"]["frenemies"]["new"] == [1, 0, 0, 0]
    assert theirs["modules"]["frenemies"]["supply"] == len(fs.state(g).supply), "its size, not its order"
    assert [e for e in theirs["log"] if e["t"] == "favour"] == [
        {"t": "favour", "seat": 0, "why": "robber", "turn": 5}
    ]
    # other faces for seat 0 (and another supply behind them): seat 1 sees exactly the same
    other = _seven(tokens={0: ["paver"], 1: ["merchant", "paver"]}, seed=4)
    other.apply("robber 5.3")
    assert other.observation(1)["modules"] == theirs["modules"]
    assert other.observation(1)["log"] == theirs["log"]
    assert g.seat_view(1).modules["frenemies"] == theirs["modules"]["frenemies"]


def test_the_teachers_card_is_private() -> None:
    g = _position(tokens={0: ["teacher", "teacher"]}, dev_top=["victory_point"])
    g.apply("favour teacher")
    other = [e for e in g.observation(2)["log"] if e["t"] == "favour_used"]
    assert other and "card" not in other[0]


@pytest.mark.parametrize(
    "text",
    [
        "gift brick 2",
        "accept_gift",
        "refuse_gift",
        "favour merchant",
        "favour trader ore",
        "merchant_swap brick ore",
        "exchange_favour",
        "return_favour teacher",
        "favour_first 3",
    ],
)
def test_action_text_round_trips(text: str) -> None:
    assert str(Action.parse(text)) == text


def test_illegal_actions_change_nothing() -> None:
    g = _gift_table(tokens={0: ["trader"]}, new={0: ["trader"]})
    before = g.to_json()
    for text in (
        "gift brick 2",
        "favour trader ore",
        "merchant_swap ore brick",
        "accept_gift",
        "favour_first 1",
        "return_favour trader",
        "gift brick 0",
        "gift brick 9",
    ):
        with pytest.raises(IllegalAction):
            g.apply(text)
    assert g.to_json() == before


@pytest.mark.parametrize("step", ["gift_answer", "favour_order", "main"])
def test_a_section_from_a_seat_view_is_a_possible_position(step: str) -> None:
    """For computer players' sampled worlds: a section built from one seat's view keeps that seat's faces
    and everything public, deals the hidden faces from the unseen tokens, and passes the module's check."""
    import random

    if step == "favour_order":
        g = _two_at_once(supply=["teacher", "paver", "paver", "paver"])
        b, a = _junction(g)[:2]
        g.apply(Action("road", _edge(g, a, b)))
    else:
        g = _gift_table(tokens={0: ["merchant", "teacher"], 1: ["paver"]})
        g.apply("favour merchant")
        if step == "gift_answer":
            g.apply("gift ore 1")
    assert g.phase == step
    seat = 1
    obs = g.observation(seat)
    view = obs["modules"]["frenemies"]
    section = fs.section_from_view(view, seat, obs["turn"], fs.table(g, g.players), random.Random(4))
    data = json.loads(g.to_json())
    data["modules"]["frenemies"] = section
    world = Game.from_data(data, check=False)
    assert world.module("frenemies").check(world) == []
    assert world.observation(seat)["modules"] == obs["modules"]
    assert world.legal_actions() == g.legal_actions()
