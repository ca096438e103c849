"""The 5-6 player extension (RULES.md Part F): rules/base-5-6.yaml and the special_building_phase module."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from catan_desktop.engine import Action, Game, RulesetError
from catan_desktop.engine.modules import special_building_phase
from catan_desktop.engine.topology import spiral_order

RES = ("lumber", "wool", "grain", "brick", "ore")


def _game(players: int = 6, seed: int = 3, board: str = "random") -> Game:
    return Game.new("base-5-6", players=players, seed=seed, board=board)


def _position(**fields: Any) -> Game:
    """A main-phase position on the 5-6 starting map; fields override snapshot keys."""
    base = _game(board="beginner")
    d = json.loads(base.to_json())
    d.update(
        phase="main",
        current=0,
        turn=12,
        dice=[2, 3],
        history=[],
        log=[],
        setup={"queue": [], "index": 0, "last_settlement": -1},
        buildings=[],
        roads=[],
        hands=[{} for _ in range(6)],
    )
    d["board"]["robber"] = "1.3"
    del d["bank"]
    d.update(fields)
    return Game.from_json(json.dumps(d))


def _walk(game: Game, start: int, steps: int) -> list[int]:
    """Edges of a simple path of ``steps`` roads from ``start`` (deterministic)."""
    topo = game.topo
    edges: list[int] = []
    seen = {start}
    node = start
    for _ in range(steps):
        nxt = next(m for m in topo.node_neighbours[node] if m not in seen)
        edges.append(topo.edge_index[(min(node, nxt), max(node, nxt))])
        seen.add(nxt)
        node = nxt
    return edges


# ------------------------------------------------------------------------------------------ F-1 / F-2


def test_f1_components_and_f2_board() -> None:
    """F-1.2 totals: 30 hexes (forest/pasture/fields 6, hills/mountains 5, desert 2), 120 resource cards,
    34 development cards; F-2.3 rows 3-4-5-6-5-4-3; 11 harbours (5 generic, wool twice, one of each other)."""
    g = _game()
    assert g.rules.rows == (3, 4, 5, 6, 5, 4, 3)
    assert Counter(g.s.terrain) == {
        "forest": 6,
        "pasture": 6,
        "fields": 6,
        "hills": 5,
        "mountains": 5,
        "desert": 2,
    }
    assert g.s.bank == [24] * 5
    assert Counter(g.s.dev_deck) == {
        "knight": 20,
        "road_building": 3,
        "year_of_plenty": 3,
        "monopoly": 3,
        "victory_point": 5,
    }
    kinds = Counter(k for _e, k in g.s.harbours)
    assert kinds == {"generic": 5, "wool": 2, "lumber": 1, "grain": 1, "brick": 1, "ore": 1}
    assert g.rules.colours[4:] == ("green", "brown")


@pytest.mark.parametrize("seed", range(8))
def test_f2_4_tokens_a_to_zc_in_a_spiral_skipping_both_deserts(seed: int) -> None:
    """F-2.4 / Q-16: 28 tokens A..Y, Za, Zb, Zc laid from a corner, counter-clockwise towards the centre."""
    g = _game(seed=seed)
    letters = [g.s.letter[h] for h in range(30) if g.s.letter[h]]
    assert len(letters) == 28
    expected = [chr(ord("A") + i) for i in range(25)] + ["Za", "Zb", "Zc"]
    starts = []
    for corner in range(6):
        order = [g.s.letter[h] for h in spiral_order(g.topo, corner) if g.s.letter[h]]
        if order == expected:
            starts.append(corner)
    assert starts, "no corner spiral reads A..Zc"
    numbers = Counter(n for n in g.s.number if n)
    assert numbers == {2: 2, 3: 3, 4: 3, 5: 3, 6: 3, 8: 3, 9: 3, 10: 3, 11: 3, 12: 2}
    deserts = [h for h, t in enumerate(g.s.terrain) if t == "desert"]
    assert all(g.s.number[h] == 0 for h in deserts)


def test_f1_3_five_or_six_players_only() -> None:
    _game(players=5)
    _game(players=6)
    with pytest.raises(RulesetError, match="5-6 players"):
        _game(players=4)


def test_f2_5_start_player_places_the_robber_on_a_desert() -> None:
    """F-2.5 / reading Q-17: the robber starts on either desert, the start player's choice."""
    g = _game(seed=5)
    assert g.phase == "place_robber"
    start = g.s.start_player
    assert g.current_player == start
    deserts = sorted(g.topo.hex_ids[h] for h, t in enumerate(g.s.terrain) if t == "desert")
    assert sorted(a.a for a in g.legal_actions()) == deserts
    not_desert = next(hid for h, hid in enumerate(g.topo.hex_ids) if g.s.terrain[h] != "desert")
    assert g.why_illegal(Action("robber", not_desert, None)) == "the robber starts on one of the deserts"
    g.apply(Action("robber", deserts[1], None))
    assert g.s.robber == g.topo.hex_index[deserts[1]]
    assert g.phase == "setup_settlement" and g.current_player == start


# ------------------------------------------------------------------------------------------------ F-3


def test_f3_2_special_building_phase_follows_every_turn_clockwise() -> None:
    """F-3.2: after the active player ends, the others may build one at a time, starting on the left;
    F-3.4: the active player does not take part; F-3.5: then the next player's turn begins."""
    g = _position(current=2)
    g.apply("end")
    assert g.phase == "special_build"
    assert special_building_phase.queue(g) == [3, 4, 5, 0, 1]
    order = []
    while g.phase == "special_build":
        order.append(g.current_player)
        assert g.active_player == 2
        g.apply("end")
    assert order == [3, 4, 5, 0, 1]
    assert g.phase == "roll" and g.current_player == 3 and g.turn == 13


def test_f3_2_builds_and_purchases_are_paid_normally() -> None:
    """F-3.2: roads, settlements, cities and development cards, paying the usual costs (B-8.1)."""
    g0 = _game(board="beginner")
    node = g0.topo.hex_nodes[g0.topo.hex_index["3.3"]][0]
    path = _walk(g0, node, 2)
    hands = [{} for _ in range(6)]
    hands[1] = {"brick": 3, "lumber": 3, "wool": 2, "grain": 4, "ore": 4}
    g = _position(buildings=[[node, 1, "settlement"]], roads=[[path[0], 1]], hands=hands)
    g.apply("end")
    assert g.current_player == 1
    legal = {a.kind for a in g.legal_actions()}
    assert legal == {"end", "buy", "road", "city"}
    g.apply(Action("city", node))
    g.apply(Action("road", path[1]))
    g.apply("buy")
    assert g.hand(1) == {"lumber": 2, "wool": 1, "grain": 1, "brick": 2, "ore": 0}
    assert g.s.node_level[node] == 2 and g.s.edge_owner[path[1]] == 1
    assert sum(g.s.dev_hand[1]) == 1
    assert g.current_player == 1  # still this seat's opportunity until it passes


def test_f3_3_no_trading_and_no_card_play_in_the_special_building_phase() -> None:
    """F-3.3: playing cards, trading cards, all trade (domestic and maritime) are forbidden."""
    hands = [{} for _ in range(6)]
    hands[1] = {"brick": 4, "lumber": 4, "wool": 2}
    devs = [{} for _ in range(6)]
    devs[1] = {"knight": 1, "monopoly": 1}
    deck = json.loads(_game(board="beginner").to_json())["dev_deck"]
    deck.remove("knight")  # seat 1's cards come out of the deck (B-1.5 / F-1: every card is somewhere)
    deck.remove("monopoly")
    g = _position(hands=hands, dev_cards=devs, dev_deck=deck)
    g.apply("end")
    assert g.current_player == 1
    why = "in the special building phase you may only build or buy development cards (F-3.3)"
    for text in ("maritime brick ore", "knight", "monopoly ore", "offer brick=1 for ore=1", "roll"):
        assert g.why_illegal(text) == why, text
    assert not [a for a in g.legal_actions() if a.kind not in ("end", "buy", "road", "settle", "city")]


def test_f3_6_one_opportunity_per_phase() -> None:
    """Q-18: each other player gets one uninterrupted build opportunity and may pass; once passed, the
    phase moves on and that seat cannot build again until the next special building phase."""
    hands = [{} for _ in range(6)]
    hands[1] = {"ore": 1, "wool": 1, "grain": 1}
    g = _position(hands=hands)
    g.apply("end")
    g.apply("end")  # seat 1 passes without building
    assert g.current_player == 2
    assert g.why_illegal("buy") is not None  # seat 2 has nothing; seat 1 cannot come back


def test_f3_6_card_bought_in_the_special_building_phase_is_playable_on_own_next_turn() -> None:
    """Q-18: a card bought in the SBP was not bought in the buyer's own turn, so it can be played then."""
    hands = [{} for _ in range(6)]
    hands[1] = {"ore": 1, "wool": 1, "grain": 1}
    deck = json.loads(_game(board="beginner").to_json())["dev_deck"]
    g = _position(hands=hands, dev_deck=sorted(deck, key=lambda card: card == "knight"))  # a knight on top
    g.apply("end")
    g.apply("buy")
    assert g.s.dev_hand[1][0] == 1
    while g.phase == "special_build":
        g.apply("end")
    assert g.current_player == 1 and g.phase == "roll"
    assert Action("knight") in g.legal_actions()


def test_f3_6_longest_road_changes_at_once_in_the_special_building_phase() -> None:
    """Q-18: Longest Road (B-10.1) changes hands immediately when a road built in the SBP makes it."""
    g0 = _game(board="beginner")
    start = g0.topo.hex_nodes[g0.topo.hex_index["4.3"]][0]
    path = _walk(g0, start, 5)
    hands = [{} for _ in range(6)]
    hands[1] = {"brick": 1, "lumber": 1}
    g = _position(buildings=[[start, 1, "settlement"]], roads=[[e, 1] for e in path[:4]], hands=hands)
    assert g.s.lr_holder == -1
    g.apply("end")
    g.apply(Action("road", path[4]))
    assert g.s.lr_holder == 1 and g.s.road_len[1] == 5


def test_f3_6_points_reached_in_the_special_building_phase_win_only_on_own_turn() -> None:
    """Q-18 with B-11.2(b): a seat reaching 10 in the SBP does not win at once; it wins when its own turn
    begins (unless the game ended before)."""
    g0 = _game(board="beginner")
    ids = g0.topo.hex_index
    nodes = [g0.topo.hex_nodes[ids[h]][0] for h in ("1.1", "2.2", "3.4", "4.5", "5.1", "7.3")]
    buildings = [[n, 2, "city"] for n in nodes[:3]]  # 6 points
    buildings += [[n, 2, "settlement"] for n in nodes[3:]]  # 9 points
    node5 = nodes[3]
    hands = [{} for _ in range(6)]
    hands[2] = {"ore": 3, "grain": 2}
    g = _position(buildings=buildings, hands=hands)
    assert g.vp(2) == 9
    g.apply("end")  # seat 0 ends: SBP 1, 2, ...
    g.apply("end")  # seat 1 passes
    g.apply(Action("city", node5))
    assert g.vp(2) == 10 and not g.is_over  # not its own turn
    while g.phase == "special_build":
        g.apply("end")
    # seat 1's turn: seat 2 has not won yet
    assert g.current_player == 1 and not g.is_over
    g.apply("roll")
    while g.phase != "main":
        g.apply(g.legal_actions()[0])
    g.apply("end")
    while g.phase == "special_build":
        g.apply("end")
    assert g.is_over and g.winners == [2]
