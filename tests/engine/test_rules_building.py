"""B-8 Building: costs paid to the bank (B-8.1), pieces (B-8.2), roads (B-8.3), settlements (B-8.4),
cities (B-8.5), buying development cards (B-8.6).

Seat 0 (active) has a settlement at 28 and a road 28-22 unless a test says otherwise; from 22 the free
intersections 16 and 17 are one path away.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from catan_desktop.engine.game import Game, IllegalAction

if TYPE_CHECKING:
    from conftest import Kit

SETTLEMENT_COST = {"brick": 1, "lumber": 1, "wool": 1, "grain": 1}
# A 15-path walk along the top and right coast, from seat 0's settlement at 3.
COAST = [3, 0, 4, 1, 5, 2, 6, 10, 15, 20, 26, 32, 37, 42, 46, 50]


def _pos(kit: Kit, hand: dict[str, int], **kw: Any) -> Game:
    args: dict[str, Any] = {"buildings": [(28, 0, "settlement")], "roads": [(28, 22, 0)]}
    args.update(kw)
    return kit.position(hands=[hand, {}, {}, {}], **args)


# ----------------------------------------------------------------------------------------------- costs


def test_b8_1_road_costs_brick_and_lumber_paid_to_the_bank(kit: Kit) -> None:
    g = _pos(kit, {"brick": 1, "lumber": 1, "ore": 1})
    bank = kit.bank(g)
    g.apply(f"road {kit.edge(g, 22, 17)}")
    assert kit.hand(g, 0) == {"ore": 1}
    assert kit.bank(g) == {**bank, "brick": bank["brick"] + 1, "lumber": bank["lumber"] + 1}
    assert g.s.pieces_left[0][0] == 15 - 2


def test_b8_1_road_needs_its_cost(kit: Kit) -> None:
    g = _pos(kit, {"brick": 1})
    e = kit.edge(g, 22, 17)
    assert not g.is_legal(f"road {e}")
    assert "cost" in (g.why_illegal(f"road {e}") or "")


def test_b8_1_settlement_costs_four_cards_paid_to_the_bank(kit: Kit) -> None:
    g = _pos(kit, dict(SETTLEMENT_COST), roads=[(28, 22, 0), (22, 17, 0)])
    bank = kit.bank(g)
    g.apply("settle 17")
    assert kit.hand(g, 0) == {}
    assert kit.bank(g) == {r: bank[r] + SETTLEMENT_COST.get(r, 0) for r in bank}
    assert g.s.node_owner[17] == 0 and g.s.node_level[17] == 1
    assert g.vp(0) == 2


def test_b8_1_settlement_needs_its_cost(kit: Kit) -> None:
    g = _pos(kit, {"brick": 1, "lumber": 1, "wool": 1}, roads=[(28, 22, 0), (22, 17, 0)])
    assert not g.is_legal("settle 17")


def test_b8_1_city_costs_three_ore_two_grain_and_scores_two(kit: Kit) -> None:
    g = _pos(kit, {"ore": 3, "grain": 2})
    bank = kit.bank(g)
    assert g.vp(0) == 1
    g.apply("city 28")
    assert kit.hand(g, 0) == {}
    assert kit.bank(g)["ore"] == bank["ore"] + 3 and kit.bank(g)["grain"] == bank["grain"] + 2
    assert g.s.node_level[28] == 2
    assert g.vp(0) == 2


def test_b8_1_city_needs_its_cost(kit: Kit) -> None:
    g = _pos(kit, {"ore": 2, "grain": 2})
    assert not g.is_legal("city 28")


def test_b8_1_development_card_costs_ore_wool_grain(kit: Kit) -> None:
    deck = kit.deck(["monopoly", "knight"])
    g = _pos(kit, {"ore": 1, "wool": 1, "grain": 1}, dev_deck=deck)
    bank = kit.bank(g)
    g.apply("buy")
    assert kit.hand(g, 0) == {}
    assert kit.bank(g) == {
        **bank,
        "ore": bank["ore"] + 1,
        "wool": bank["wool"] + 1,
        "grain": bank["grain"] + 1,
    }
    assert g.s.dev_hand[0][0] == 1, "the top card (last of dev_deck) is drawn"
    assert g.s.dev_deck == deck[:-1] and g.s.dev_deck[-1] == "monopoly"
    assert not g.is_legal("buy")


def test_b8_1_several_builds_in_one_turn(kit: Kit) -> None:
    """B-8.1: several builds are allowed while resources and pieces last."""
    g = _pos(kit, {"brick": 3, "lumber": 3})
    g.apply(f"road {kit.edge(g, 22, 17)}")
    g.apply(f"road {kit.edge(g, 17, 12)}")
    g.apply(f"road {kit.edge(g, 28, 33)}")
    assert kit.hand(g, 0) == {}


# ---------------------------------------------------------------------------------------------- pieces


def test_b8_2_no_sixth_settlement_and_a_city_returns_the_piece(kit: Kit) -> None:
    """B-8.2 / B-1.6: 5 settlements on the board leave none to build; a city gives one back."""
    five = [
        (28, 0, "settlement"),
        (3, 0, "settlement"),
        (5, 0, "settlement"),
        (35, 0, "settlement"),
        (49, 0, "settlement"),
    ]
    g = _pos(kit, {**SETTLEMENT_COST, "grain": 3, "ore": 3}, buildings=five, roads=[(28, 22, 0), (22, 17, 0)])
    assert g.s.pieces_left[0][1] == 0
    assert not g.is_legal("settle 17")
    assert "no settlements left" in (g.why_illegal("settle 17") or "")
    g.apply("city 3")
    assert g.s.pieces_left[0][1] == 1 and g.s.pieces_left[0][2] == 3
    assert g.is_legal("settle 17")
    g.apply("settle 17")
    assert g.vp(0) == 5 + 2


def test_b8_2_no_fifth_city(kit: Kit) -> None:
    """B-1.6: 4 cities per player."""
    pieces = [(28, 0, "city"), (3, 0, "city"), (5, 0, "city"), (35, 0, "city"), (49, 0, "settlement")]
    g = _pos(kit, {"grain": 2, "ore": 3}, buildings=pieces)
    assert not g.is_legal("city 49")
    assert "no cities left" in (g.why_illegal("city 49") or "")


def test_b8_2_no_sixteenth_road(kit: Kit) -> None:
    """B-1.6: 15 roads per player."""
    g = _pos(kit, {"brick": 1, "lumber": 1}, buildings=[(3, 0, "settlement")], roads=[], paths=[(COAST, 0)])
    assert g.s.pieces_left[0][0] == 0
    e = kit.edge(g, 50, 53)
    assert not g.is_legal(f"road {e}")
    assert all(a.kind != "road" for a in g.legal_actions())
    assert "no roads left" in (g.why_illegal(f"road {e}") or "")


# ----------------------------------------------------------------------------------------------- roads


def test_b8_3_road_must_connect_to_own_piece(kit: Kit) -> None:
    """B-8.3: a road must touch an intersection reached by the builder's roads or buildings."""
    g = _pos(kit, {"brick": 1, "lumber": 1})
    assert not g.is_legal(f"road {kit.edge(g, 3, 0)}")
    assert not g.is_legal(f"road {kit.edge(g, 38, 43)}")
    assert g.is_legal(f"road {kit.edge(g, 28, 33)}")  # from the settlement
    assert g.is_legal(f"road {kit.edge(g, 22, 16)}")  # from the road's end
    legal = {a.a for a in g.legal_actions() if a.kind == "road"}
    assert legal == {kit.edge(g, 28, 33), kit.edge(g, 28, 34), kit.edge(g, 22, 16), kit.edge(g, 22, 17)}


def test_b8_3_one_road_per_path(kit: Kit) -> None:
    g = _pos(
        kit,
        {"brick": 1, "lumber": 1},
        buildings=[(28, 0, "settlement"), (38, 1, "settlement")],
        roads=[(28, 22, 0), (38, 33, 1), (28, 33, 1)],
    )
    assert not g.is_legal(f"road {kit.edge(g, 28, 22)}")
    assert not g.is_legal(f"road {kit.edge(g, 28, 33)}")


def test_b8_3_road_cannot_pass_through_an_opponents_settlement(kit: Kit) -> None:
    """B-8.3: the road may reach the opponent's settlement, but not continue through it."""
    g = _pos(
        kit,
        {"brick": 2, "lumber": 2},
        buildings=[(28, 0, "settlement"), (17, 1, "settlement")],
        roads=[(28, 22, 0), (22, 17, 0)],
    )
    for a, b in ((17, 12), (17, 23)):
        e = kit.edge(g, a, b)
        assert not g.is_legal(f"road {e}"), (a, b)
        before = g.to_json()
        with pytest.raises(IllegalAction):
            g.apply(f"road {e}")
        assert g.to_json() == before
    assert g.is_legal(f"road {kit.edge(g, 22, 16)}")


def test_b8_3_opponent_city_also_blocks(kit: Kit) -> None:
    g = _pos(
        kit,
        {"brick": 1, "lumber": 1},
        buildings=[(28, 0, "settlement"), (17, 1, "city")],
        roads=[(28, 22, 0), (22, 17, 0)],
    )
    assert not g.is_legal(f"road {kit.edge(g, 17, 12)}")


def test_b8_3_road_to_an_opponents_settlement_is_allowed(kit: Kit) -> None:
    """B-8.3: the new road touches 22 (own road, no opponent building), so it may end at 17."""
    g = _pos(kit, {"brick": 1, "lumber": 1}, buildings=[(28, 0, "settlement"), (17, 1, "settlement")])
    assert g.is_legal(f"road {kit.edge(g, 22, 17)}")


# ------------------------------------------------------------------------------------------ settlements


def test_b8_4_settlement_must_touch_own_road(kit: Kit) -> None:
    """B-8.4: a settlement goes where one of the builder's roads reaches."""
    g = _pos(kit, dict(SETTLEMENT_COST), roads=[(28, 22, 0), (22, 17, 0)])
    assert g.is_legal("settle 17")
    for n in (23, 12, 45, 0):
        assert not g.is_legal(f"settle {n}"), n
    assert [a.a for a in g.legal_actions() if a.kind == "settle"] == [17]


def test_b8_4_settlement_on_an_opponents_road_alone_is_illegal(kit: Kit) -> None:
    """B-8.4: the builder's *own* road must reach the intersection."""
    g = _pos(
        kit,
        dict(SETTLEMENT_COST),
        buildings=[(28, 0, "settlement"), (12, 1, "settlement")],
        roads=[(28, 22, 0), (12, 17, 1), (23, 17, 1)],
    )
    assert not g.is_legal("settle 23")


def test_b8_4_distance_rule_blocks_neighbouring_node(kit: Kit) -> None:
    """B-8.4: no settlement next to any building, whoever owns it."""
    g = _pos(
        kit,
        dict(SETTLEMENT_COST),
        buildings=[(28, 0, "settlement"), (23, 1, "settlement")],
        roads=[(28, 22, 0), (22, 17, 0)],
    )
    assert not g.is_legal("settle 17")
    assert "distance" in (g.why_illegal("settle 17") or "")
    assert not g.is_legal("settle 22"), "22 is next to seat 0's own settlement at 28"
    assert "distance" in (g.why_illegal("settle 22") or "")


def test_b8_4_settlement_cannot_go_on_an_occupied_intersection(kit: Kit) -> None:
    g = _pos(
        kit,
        dict(SETTLEMENT_COST),
        buildings=[(28, 0, "settlement"), (17, 1, "settlement")],
        roads=[(28, 22, 0), (22, 17, 0)],
    )
    assert not g.is_legal("settle 17")
    assert not g.is_legal("settle 28")


# ----------------------------------------------------------------------------------------------- cities


def test_b8_5_city_only_on_own_settlement(kit: Kit) -> None:
    """B-8.5: a city upgrades one of the builder's own settlements: not an opponent's, not an empty node,
    not a city."""
    g = _pos(
        kit, {"ore": 6, "grain": 4}, buildings=[(28, 0, "settlement"), (3, 0, "city"), (17, 1, "settlement")]
    )
    assert not g.is_legal("city 17")
    assert not g.is_legal("city 22")
    assert not g.is_legal("city 3")
    assert [a.a for a in g.legal_actions() if a.kind == "city"] == [28]
    g.apply("city 28")
    assert not g.is_legal("city 28")


def test_b4_2_the_roll_comes_first(kit: Kit) -> None:
    """B-4.2: production (the roll) is mandatory and first: no trade, build, buy or end before it."""
    g = _pos(kit, {"brick": 4, "lumber": 1, "ore": 1, "wool": 1, "grain": 1}, phase="roll")
    for text in (
        "end",
        f"road {kit.edge(g, 22, 17)}",
        "buy",
        "maritime brick ore",
        "offer brick=1 for ore=1",
    ):
        assert not g.is_legal(text), text
    assert g.is_legal("roll")
    assert {a.kind for a in g.legal_actions()} == {"roll"}
