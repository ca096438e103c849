"""B-3 Start of the game: the founding phase (B-3.4, Q-03, Q-04) and the start player (B-3.5, Q-05)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from catan_desktop.engine.game import Game, IllegalAction

if TYPE_CHECKING:
    from conftest import Kit


def _snake(start: int, players: int) -> list[int]:
    order = [(start + k) % players for k in range(players)]
    return order + order[::-1]


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("seed", [1, 7, 12])
def test_b3_4b_founding_phase_runs_in_snake_order(kit: Kit, players: int, seed: int) -> None:
    """B-3.4b: round 1 in turn order from the start player, round 2 in reverse; settlement then road."""
    g = kit.fresh(players=players, seed=seed)
    start = g.s.start_player
    done = kit.play_setup(g)
    expected: list[tuple[str, int]] = []
    for seat in _snake(start, players):
        expected += [("settle", seat), ("road", seat)]
    assert done == expected
    assert g.phase == "roll"


@pytest.mark.parametrize("seed", [0, 3, 7, 11])
def test_b3_5_q05_start_player_is_deterministic_places_first_and_takes_first_turn(
    kit: Kit, seed: int
) -> None:
    """B-3.5 / Q-05: same seed, same start player; they place first and take turn 1."""
    a, b = kit.fresh(seed=seed), kit.fresh(seed=seed)
    assert a.s.start_player == b.s.start_player
    start = a.s.start_player
    assert a.current_player == start
    kit.play_setup(a)
    assert a.phase == "roll"
    assert a.active_player == start == a.current_player
    assert a.turn == 1


def test_q05_start_player_is_the_unique_highest_roll() -> None:
    """Q-05: roll 2 dice, highest total starts, ties re-roll; the result varies with the seed."""
    starts = set()
    for seed in range(30):
        g = Game.new("base", players=4, seed=seed, board="beginner")
        rolls = [ev["rolls"] for ev in g.log if ev["t"] == "start_roll"]
        assert rolls, "the start-player roll is logged"
        last = rolls[-1]
        values = [r for r in last if r is not None]
        assert all(2 <= r <= 12 for r in values)
        best = max(values)
        assert [seat for seat, r in enumerate(last) if r == best] == [g.s.start_player]
        starts.add(g.s.start_player)
    assert len(starts) > 1


def test_b3_4c_distance_rule_applies_to_founding_settlements(kit: Kit) -> None:
    """B-3.4c: a founding settlement cannot go next to one already placed."""
    g = kit.fresh()
    g.apply("settle 18")
    g.apply(f"road {kit.edge(g, 18, 13)}")
    for n in (13, 23, 24, 18):
        assert not g.is_legal(f"settle {n}")
    assert g.is_legal("settle 8")


def test_q03_founding_settlement_needs_no_road_connection(kit: Kit) -> None:
    """Q-03: founding settlements need no road; the 2nd may be far from the 1st."""
    g = Game.new("base", players=3, seed=7, board="beginner")
    placed: dict[int, list[int]] = {}
    far = [0, 53, 21, 32, 47, 6]  # pairwise non-adjacent, spread over the board
    for node in far:
        seat = g.current_player
        assert g.phase == "setup_settlement"
        g.apply(f"settle {node}")
        placed.setdefault(seat, []).append(node)
        g.apply(g.legal_actions()[0])
    assert g.phase == "roll"
    assert all(len(v) == 2 for v in placed.values())


def test_q03_founding_road_must_touch_the_settlement_just_placed(kit: Kit) -> None:
    """Q-03: each founding road MUST touch the new settlement (not an older one, not anywhere else)."""
    g = Game.new("base", players=3, seed=7, board="beginner")
    first = g.current_player
    g.apply("settle 8")
    assert not g.is_legal(f"road {kit.edge(g, 18, 24)}")  # elsewhere on the board
    assert {a.a for a in g.legal_actions()} == {kit.edge(g, 8, n) for n in (4, 12, 13)}
    g.apply(f"road {kit.edge(g, 8, 13)}")
    # round 1 for the other two, round 2 starts with the last seat; play until ``first`` places again
    nodes = iter([21, 47, 53, 32])
    while not (g.phase == "setup_settlement" and g.current_player == first):
        if g.phase == "setup_settlement":
            g.apply(f"settle {next(nodes)}")
        else:
            g.apply(g.legal_actions()[0])
    g.apply("settle 31")
    # a road at the first settlement (which does connect to the player's pieces) is still illegal
    for e in (kit.edge(g, 8, 4), kit.edge(g, 13, 9), kit.edge(g, 13, 18)):
        assert not g.is_legal(f"road {e}")
        before = g.to_json()
        with pytest.raises(IllegalAction):
            g.apply(f"road {e}")
        assert g.to_json() == before
    assert g.is_legal(f"road {kit.edge(g, 31, 36)}")


def test_q04_starting_resources_come_from_the_second_settlement_only(kit: Kit) -> None:
    """Q-04: each player gets 1 card per hex adjacent to their 2nd settlement; none for the 1st."""
    g = Game.new("base", players=3, seed=7, board="beginner")
    # node -> the resources of its hexes on the beginner board
    first_round = [
        8,
        22,
        46,
    ]  # 8: mountains, pasture, hills; 22: fields, fields, forest; 46: pasture, pasture
    second_round = [
        18,
        44,
        36,
    ]  # 18: hills, pasture, desert; 44: mountains, hills, fields; 36: forest, fields, pasture
    expected_cards = {
        18: {"brick": 1, "wool": 1},
        44: {"ore": 1, "brick": 1, "grain": 1},
        36: {"lumber": 1, "grain": 1, "wool": 1},
    }
    order = _snake(g.s.start_player, 3)
    got_node: dict[int, int] = {}
    for i, node in enumerate(first_round + second_round):
        seat = g.current_player
        assert seat == order[i]
        g.apply(f"settle {node}")
        if i < 3:
            assert kit.hand_size(g, seat) == 0, "no cards for the first settlement"
        else:
            got_node[seat] = node
            assert kit.hand(g, seat) == expected_cards[node]
        g.apply(g.legal_actions()[0])
    for seat, node in got_node.items():
        assert kit.hand(g, seat) == expected_cards[node]
    total = sum(kit.hand_size(g, p) for p in range(3))
    assert sum(g.s.bank) == 95 - total


def test_b3_4_no_rolling_or_building_during_the_founding_phase(kit: Kit) -> None:
    """B-3.4: the founding phase only places settlements and roads."""
    g = kit.fresh()
    for text in ("roll", "end", "buy", f"road {kit.edge(g, 8, 13)}", "city 8"):
        assert not g.is_legal(text)
    g.apply("settle 8")
    for text in ("roll", "settle 30", "end"):
        assert not g.is_legal(text)
