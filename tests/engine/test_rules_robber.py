"""B-6 Rolling a 7: discards (B-6.2), the robber move (B-6.3), the steal (B-6.4, Q-08), order (Q-09).

Position for the robber: seat 0 (active) has a settlement at 8 (hexes 1.1, 1.2, 2.2); seat 1 at 18
(2.2, 2.3, 3.3); seat 2 at 45 (4.3, 5.2, 5.3). Hex 1.3 has no building. The robber starts on 3.3.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from catan_desktop.engine.actions import Action
from catan_desktop.engine.game import Game, IllegalAction

if TYPE_CHECKING:
    from conftest import Kit

BUILDINGS = [(8, 0, "settlement"), (18, 1, "settlement"), (45, 2, "settlement")]


def _robber_pos(kit: Kit, hands: list[dict[str, int]] | None = None, **kw: Any) -> Game:
    return kit.position(
        phase="robber",
        current=0,
        buildings=BUILDINGS,
        hands=hands or [{}, {"ore": 2}, {"wool": 1}, {}],
        resume_phase="main",
        **kw,
    )


# ---------------------------------------------------------------------------------------------- discards


def test_b6_2_discard_half_rounded_down_only_over_seven_in_seat_order_from_active(kit: Kit) -> None:
    """B-6.2: hands of 8+ discard half rounded down (8 -> 4, 9 -> 4, 10 -> 5); 7 keeps all;
    discards go in seat order starting from the active player; then the robber (Q-09)."""
    hands = [
        {"ore": 9},  # seat 0: 9 -> 4
        {"wool": 7},  # seat 1: 7, no discard
        {"grain": 8},  # seat 2 (active): 8 -> 4
        {"brick": 6, "lumber": 4},  # seat 3: 10 -> 5
    ]
    g = kit.position(phase="roll", current=2, buildings=BUILDINGS, hands=hands)
    kit.force_roll(g, 7)
    assert g.phase == "discard"
    assert [tuple(x) for x in g.s.discard_queue] == [(2, 4), (3, 5), (0, 4)]
    order = []
    for text in ("discard grain=4", "discard brick=3,lumber=2", "discard ore=4"):
        order.append(g.current_player)
        assert not g.is_legal("robber 2.2 1"), "the robber waits for the discards (Q-09)"
        g.apply(text)
    assert order == [2, 3, 0]
    assert g.phase == "robber" and g.current_player == 2
    assert kit.hand(g, 0) == {"ore": 5}
    assert kit.hand(g, 1) == {"wool": 7}
    assert kit.hand(g, 2) == {"grain": 4}
    assert kit.hand(g, 3) == {"brick": 3, "lumber": 2}
    assert kit.bank(g)["ore"] == 19 - 5 and kit.bank(g)["grain"] == 19 - 4


def test_b6_2_discard_must_be_exactly_half_of_cards_held(kit: Kit) -> None:
    """B-6.2: the discard is exactly half rounded down, and only of cards the player holds."""
    g = kit.position(phase="roll", current=0, buildings=BUILDINGS, hands=[{"ore": 5, "wool": 4}, {}, {}, {}])
    kit.force_roll(g, 7)
    assert g.current_player == 0
    for bad in ("discard ore=3", "discard ore=5", "discard grain=4", "discard ore=5,wool=0"):
        assert not g.is_legal(bad)
    assert g.why_illegal("discard ore=3")
    assert g.is_legal("discard ore=2,wool=2")
    assert len(g.legal_actions()) == 5  # ore 0..4 with wool making up the rest
    g.apply("discard ore=4")
    assert kit.hand(g, 0) == {"ore": 1, "wool": 4}


def test_b6_2_only_resource_cards_count_for_the_discard(kit: Kit) -> None:
    """B-6.2: development cards are not counted: 7 resources + 3 development cards discard nothing."""
    g = kit.position(
        phase="roll",
        current=0,
        buildings=BUILDINGS,
        hands=[{"ore": 7}, {}, {}, {}],
        dev_cards=[{"knight": 1, "monopoly": 1, "victory_point": 1}, {}, {}, {}],
    )
    kit.force_roll(g, 7)
    assert g.phase == "robber"
    assert kit.hand(g, 0) == {"ore": 7}


# ------------------------------------------------------------------------------------------ robber moves


def test_b6_3_robber_must_move_to_a_different_hex(kit: Kit) -> None:
    """B-6.3: the robber cannot stay where it is."""
    g = _robber_pos(kit)
    assert not g.is_legal("robber 3.3")
    assert not g.is_legal("robber 3.3 1")
    assert "different" in (g.why_illegal("robber 3.3") or "")
    assert all(a.a != "3.3" for a in g.legal_actions())
    assert {a.a for a in g.legal_actions()} == set(g.topo.hex_ids) - {"3.3"}


def test_b6_3_desert_is_a_legal_target(kit: Kit) -> None:
    """B-6.3 (derived): the robber may move back to the desert."""
    g = _robber_pos(kit, robber="2.2")
    assert g.is_legal("robber 3.3")
    g.apply("robber 3.3")
    assert g.s.robber == g.topo.hex_index["3.3"]


def test_b6_4_steal_only_from_an_opponent_next_to_the_new_hex(kit: Kit) -> None:
    """B-6.4 / Q-08: the victim must have a building adjacent to the robber's hex and be another player."""
    g = _robber_pos(kit)
    assert not g.is_legal("robber 2.2 2")  # seat 2 has nothing on 2.2
    assert not g.is_legal("robber 2.2 0")  # not yourself
    assert not g.is_legal("robber 2.2 3")  # seat 3 has no building at all
    assert not g.is_legal("robber 1.3 1")  # seat 1 is not on 1.3
    assert g.is_legal("robber 2.2 1")
    assert g.is_legal("robber 5.2 2")
    g.apply("robber 2.2 1")
    assert kit.hand(g, 0) == {"ore": 1}
    assert kit.hand(g, 1) == {"ore": 1}
    assert g.phase == "main"
    assert g.s.robber == g.topo.hex_index["2.2"]


def test_q08_stealing_is_optional(kit: Kit) -> None:
    """Q-08: the active player may decline to steal even when a victim is available."""
    g = _robber_pos(kit)
    assert g.is_legal("robber 2.2")
    g.apply("robber 2.2")
    assert kit.hand(g, 0) == {} and kit.hand(g, 1) == {"ore": 2}
    assert g.phase == "main"


def test_q08_option_mandatory_steal_when_there_is_a_victim(kit: Kit) -> None:
    """Option robber_steal_optional=false: with a victim next to the hex the steal is compulsory;
    a hex with no victim is still a legal target without a steal."""
    g = _robber_pos(kit, options={"robber_steal_optional": False})
    assert not g.is_legal("robber 2.2")
    assert g.is_legal("robber 2.2 1")
    assert g.is_legal("robber 1.3")
    assert Action("robber", "2.2", None) not in g.legal_actions()
    before = g.to_json()
    with pytest.raises(IllegalAction):
        g.apply("robber 2.2")
    assert g.to_json() == before


def test_q08_stealing_from_an_empty_hand_yields_nothing(kit: Kit) -> None:
    """Q-08: the steal from a player with no resource cards gives nothing and does not fail."""
    g = _robber_pos(kit, hands=[{"wool": 1}, {}, {}, {}])
    assert g.is_legal("robber 2.2 1")
    g.apply("robber 2.2 1")
    assert kit.hand(g, 0) == {"wool": 1} and kit.hand(g, 1) == {}
    assert g.phase == "main"


def test_b6_4_steal_takes_exactly_one_card_of_the_victims(kit: Kit) -> None:
    """B-6.4: one card moves from the victim to the thief; the total is unchanged."""
    for seed in range(5):
        g = _robber_pos(kit, hands=[{}, {"ore": 1, "grain": 2, "brick": 3}, {}, {}], seed=seed)
        before = kit.hand(g, 1)
        g.apply("robber 2.2 1")
        got = kit.hand(g, 0)
        assert sum(got.values()) == 1
        (res,) = got
        after = kit.hand(g, 1)
        assert after.get(res, 0) == before[res] - 1
        assert sum(after.values()) == 5


def test_b6_5_turn_continues_after_the_robber(kit: Kit) -> None:
    """B-6.5: after the robber the active player trades and builds as normal."""
    g = _robber_pos(kit, hands=[{"brick": 1, "lumber": 1}, {"ore": 2}, {}, {}], roads=[(8, 13, 0)])
    g.apply("robber 1.3")
    assert g.phase == "main" and g.current_player == 0
    assert g.is_legal(f"road {kit.edge(g, 13, 9)}")
    assert g.is_legal("end")
