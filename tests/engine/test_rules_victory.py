"""B-11 Victory (B-11.2, reading Q-15): 10 VP wins at once during one's own turn; a player who gets to 10
outside their turn wins only when their turn starts; nobody wins in someone else's turn."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from catan_desktop.engine.game import Game, IllegalAction

if TYPE_CHECKING:
    from conftest import Kit

SETTLE = {"brick": 1, "lumber": 1, "wool": 1, "grain": 1}
# Seat 0 with 8 VP on the board: cities at 3, 5, 35 and settlements at 28 and 49, roads 28-22-17.
EIGHT = [(3, 0, "city"), (5, 0, "city"), (35, 0, "city"), (28, 0, "settlement"), (49, 0, "settlement")]


def _nine(kit: Kit, hand: dict[str, int], **kw: Any) -> Game:
    """Seat 0 active with 9 VP (8 on the board + 1 VP card)."""
    args: dict[str, Any] = {
        "buildings": EIGHT,
        "paths": [([28, 22, 17], 0)],
        "dev_cards": [{"victory_point": 1}, {}, {}, {}],
    }
    args.update(kw)
    g = kit.position(hands=[hand, {}, {}, {}], **args)
    assert g.vp(0) == 9
    return g


def test_b11_2_q15a_reaching_ten_in_own_turn_wins_at_once(kit: Kit) -> None:
    """Q-15(a): the 10th point from a settlement ends the game immediately."""
    g = _nine(kit, dict(SETTLE))
    g.apply("settle 17")
    assert g.is_over and g.winners == [0]
    assert g.legal_actions() == []
    before = g.to_json()
    with pytest.raises(IllegalAction):
        g.apply("end")
    assert g.to_json() == before


def test_q13_q15a_buying_the_tenth_point_as_a_vp_card_wins(kit: Kit) -> None:
    """Q-13 + Q-15(a): a VP card counts at once, so buying the 10th point wins."""
    deck = kit.deck(["knight", "victory_point"], held={"victory_point": 1})
    g = _nine(kit, {"ore": 1, "wool": 1, "grain": 1}, dev_deck=deck)
    g.apply("buy")
    assert g.is_over and g.winners == [0]


def test_q15a_largest_army_as_tenth_point_wins(kit: Kit) -> None:
    """Q-15(a): 8 VP + Largest Army from a third knight = 10 wins at once."""
    g = kit.position(
        buildings=EIGHT,
        paths=[([28, 22, 17], 0)],
        dev_cards=[{"knight": 1}, {}, {}, {}],
        knights=[2, 0, 0, 0],
    )
    g.apply("knight")
    assert g.is_over and g.winners == [0]


def test_q15a_longest_road_from_a_free_road_wins(kit: Kit) -> None:
    """Q-15(a): the 5th road, placed by Road Building, brings Longest Road and the win."""
    g = kit.position(
        buildings=EIGHT, paths=[([28, 22, 17, 23, 18], 0)], dev_cards=[{"road_building": 1}, {}, {}, {}]
    )
    assert g.vp(0) == 8
    g.apply("road_building")
    g.apply(f"road {kit.edge(g, 18, 24)}")
    assert g.is_over and g.winners == [0]


def test_b11_2_nine_points_is_not_enough(kit: Kit) -> None:
    g = _nine(kit, {"brick": 1, "lumber": 1})
    g.apply(f"road {kit.edge(g, 17, 12)}")
    assert not g.is_over and g.winners == []


# ---------------------------------------------------------------------------- outside one's own turn

# Seat 0 holds Longest Road with 7 roads 16-22-17-23-18-24-19-25; seat 1 (active) can settle at 18
# (from its settlement at 9, roads 9-13-18), cutting seat 0's road to 4 + 3. Seat 2 has 4 cities (8 VP) and a
# road of 5 along the bottom coast, so it becomes the unique longest and reaches 10 in seat 1's turn.
LR_BUILDINGS = [
    (16, 0, "settlement"),
    (9, 1, "settlement"),
    (38, 2, "city"),
    (47, 2, "city"),
    (52, 2, "city"),
    (50, 2, "city"),
]
LR_PATHS = [([16, 22, 17, 23, 18, 24, 19, 25], 0), ([9, 13, 18], 1), ([38, 43, 47, 51, 48, 52], 2)]


def test_q15b_ten_points_gained_in_anothers_turn_win_at_the_start_of_own_turn(kit: Kit) -> None:
    """Q-15: seat 2 reaches 10 VP during seat 1's turn (Longest Road passes to it under N-7); it does not
    win then, but at the start of its own turn."""
    g = kit.position(
        current=1, buildings=LR_BUILDINGS, paths=LR_PATHS, longest_road=0, hands=[{}, dict(SETTLE), {}, {}]
    )
    assert g.vp(2) == 8
    g.apply("settle 18")
    assert g.s.lr_holder == 2 and g.vp(2) == 10
    assert not g.is_over and g.winners == [], "no win in someone else's turn"
    assert g.current_player == 1
    g.apply("end")
    assert g.is_over and g.winners == [2]


def test_q15_no_win_in_someone_elses_turn(kit: Kit) -> None:
    """B-11.2: a player at 10 VP outside their turn does not win while others act."""
    tenvp = [(38, 2, "city"), (47, 2, "city"), (52, 2, "city"), (50, 2, "city"), (44, 2, "settlement")]
    g = kit.position(
        current=1,
        buildings=[*tenvp, (9, 1, "settlement")],
        paths=[([9, 13, 18], 1)],
        dev_cards=[{}, {}, {"victory_point": 1}, {}],
        hands=[{}, {"brick": 2, "lumber": 2}, {}, {}],
    )
    assert g.vp(2) == 10
    g.apply(f"road {kit.edge(g, 18, 24)}")
    g.apply(f"road {kit.edge(g, 18, 23)}")
    assert not g.is_over


def test_q15b_the_check_is_for_the_player_whose_turn_starts(kit: Kit) -> None:
    """Q-15(b): with seat 3 at 10 VP, seat 1 ending its turn starts seat 2's turn (no win); seat 2 ending its
    turn starts seat 3's, who wins."""
    tenvp = [
        (38, 3, "city"),
        (47, 3, "city"),
        (52, 3, "city"),
        (50, 3, "city"),
        (44, 3, "settlement"),
        (45, 3, "settlement"),
    ]  # 8 + 2 = 10 on the board
    g = kit.position(current=1, buildings=tenvp)
    assert g.vp(3) == 10
    g.apply("end")
    assert not g.is_over and g.active_player == 2
    kit.force_roll(g, 2)  # 1.2 pasture 2: nobody there, no 7
    g.apply("end")
    assert g.is_over and g.winners == [3]
