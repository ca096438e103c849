"""B-9 Development cards and their timing (B-4.3): Knight (B-9.2), Road Building, Year of Plenty,
Monopoly (B-9.3), VP cards (B-9.4, Q-13), the empty deck (B-8.6, Q-12), Largest Army (B-10.2).

Seat 0 (active) has a settlement at 28 and a road 28-22; seat 1 a settlement at 18 (hexes 2.2, 2.3, 3.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from catan_desktop.engine.actions import Action
from catan_desktop.engine.errors import ActionParseError
from catan_desktop.engine.game import Game

if TYPE_CHECKING:
    from conftest import Kit

COAST = [3, 0, 4, 1, 5, 2, 6, 10, 15, 20, 26, 32, 37, 42, 46, 50]


def _pos(kit: Kit, cards: dict[str, int], hands: list[dict[str, int]] | None = None, **kw: Any) -> Game:
    args: dict[str, Any] = {
        "buildings": [(28, 0, "settlement"), (18, 1, "settlement")],
        "roads": [(28, 22, 0)],
        "dev_cards": [cards, {}, {}, {}],
        "hands": hands or [{}, {"wool": 2}, {}, {}],
    }
    args.update(kw)
    return kit.position(**args)


# ------------------------------------------------------------------------------------------------ timing


def test_b4_3_only_one_development_card_per_turn(kit: Kit) -> None:
    """B-4.3: one development card per turn."""
    g = _pos(kit, {"knight": 2, "monopoly": 1, "year_of_plenty": 1})
    g.apply("knight")
    g.apply("robber 1.3")
    assert g.phase == "main"
    for text in ("knight", "monopoly ore", "year_of_plenty grain ore"):
        assert not g.is_legal(text), text
    assert "already played" in (g.why_illegal("knight") or "")
    assert all(
        a.kind not in ("knight", "monopoly", "year_of_plenty", "road_building") for a in g.legal_actions()
    )


def test_b4_3_card_cannot_be_played_in_the_turn_it_was_bought(kit: Kit) -> None:
    """B-4.3: a card bought this turn is not playable until a later turn."""
    g = _pos(kit, {}, hands=[{"ore": 1, "wool": 1, "grain": 1}, {}, {}, {}], dev_deck=kit.deck(["knight"]))
    g.apply("buy")
    assert g.s.dev_hand[0][0] == 1
    assert not g.is_legal("knight")
    assert "bought" in (g.why_illegal("knight") or "")
    g.apply("end")
    assert g.s.dev_new[0] == [0, 0, 0, 0, 0], "at the end of the turn the card is no longer new"


def test_b4_3_card_bought_earlier_is_playable(kit: Kit) -> None:
    """B-4.3: with one old and one new knight, the old one may be played."""
    g = _pos(kit, {"knight": 2}, dev_bought=[{"knight": 1}, {}, {}, {}])
    assert g.is_legal("knight")
    g2 = _pos(kit, {"knight": 1}, dev_bought=[{"knight": 1}, {}, {}, {}])
    assert not g2.is_legal("knight")


def test_b4_3_card_may_be_played_before_rolling(kit: Kit) -> None:
    """B-4.3: a development card may be played before the roll; the turn then continues with the roll."""
    g = _pos(kit, {"knight": 1, "monopoly": 1}, phase="roll")
    assert g.is_legal("knight") and g.is_legal("monopoly wool")
    g.apply("knight")
    assert g.phase == "robber" and g.current_player == 0
    g.apply("robber 2.2 1")
    assert g.phase == "roll" and g.current_player == 0
    assert not g.is_legal("monopoly wool")
    assert g.is_legal("roll")


def test_b4_3_development_cards_only_in_own_turn_phases(kit: Kit) -> None:
    """B-4.3: no card play while the robber, a discard or a trade answer is pending."""
    g = _pos(kit, {"knight": 1, "monopoly": 1}, phase="robber", resume_phase="main")
    assert not g.is_legal("knight") and not g.is_legal("monopoly wool")


# ------------------------------------------------------------------------------------------------ knight


def test_b9_2_knight_moves_robber_steals_and_counts(kit: Kit) -> None:
    """B-9.2: move the robber (to another hex), may steal, no discard; the knight counts as played."""
    g = _pos(kit, {"knight": 1}, hands=[{}, {"wool": 10}, {"ore": 9}, {}])
    g.apply("knight")
    assert g.phase == "robber", "a knight causes no discard"
    assert not g.is_legal("robber 3.3")
    assert not g.is_legal("robber 2.2 2")
    g.apply("robber 2.2 1")
    assert kit.hand(g, 0) == {"wool": 1}
    assert g.s.knights[0] == 1
    assert g.s.dev_hand[0][0] == 0
    assert g.phase == "main"


def test_b10_2_largest_army_needs_three_knights(kit: Kit) -> None:
    """B-10.2: the first player with 3 played knights takes Largest Army (2 VP)."""
    g = _pos(kit, {"knight": 1}, knights=[1, 0, 0, 0])
    g.apply("knight")
    assert g.s.la_holder == -1
    g = _pos(kit, {"knight": 1}, knights=[2, 0, 0, 0])
    vp = g.vp(0)
    g.apply("knight")
    assert g.s.la_holder == 0
    assert g.vp(0) == vp + 2


def test_b10_2_largest_army_moves_only_to_strictly_more_knights(kit: Kit) -> None:
    """B-10.2: a tie does not take the card; one more knight than the holder does."""
    g = _pos(kit, {"knight": 1}, knights=[2, 3, 0, 0], largest_army=1)
    g.apply("knight")
    assert g.s.knights[0] == 3 and g.s.la_holder == 1
    g = _pos(kit, {"knight": 1}, knights=[3, 3, 0, 0], largest_army=1)
    vp0, vp1 = g.vp(0), g.vp(1)
    g.apply("knight")
    assert g.s.la_holder == 0
    assert g.vp(0) == vp0 + 2 and g.vp(1) == vp1 - 2


# ------------------------------------------------------------------------------------------ road building


def test_b9_3_road_building_places_two_free_roads(kit: Kit) -> None:
    """B-9.3: two roads free of cost, following B-8.3."""
    g = _pos(kit, {"road_building": 1})
    bank = kit.bank(g)
    g.apply("road_building")
    assert g.phase == "road_building"
    assert all(a.kind == "road" for a in g.legal_actions())
    assert not g.is_legal(f"road {kit.edge(g, 3, 0)}"), "free roads must still connect"
    g.apply(f"road {kit.edge(g, 22, 17)}")
    assert g.phase == "road_building"
    g.apply(f"road {kit.edge(g, 17, 12)}")
    assert g.phase == "main"
    assert kit.hand(g, 0) == {} and kit.bank(g) == bank
    assert g.s.pieces_left[0][0] == 15 - 3
    assert g.s.road_len[0] == 3


def test_b9_3_road_building_before_the_roll_returns_to_the_roll(kit: Kit) -> None:
    g = _pos(kit, {"road_building": 1}, phase="roll")
    g.apply("road_building")
    g.apply(f"road {kit.edge(g, 22, 17)}")
    g.apply(f"road {kit.edge(g, 17, 12)}")
    assert g.phase == "roll" and g.is_legal("roll")


def test_n6_road_building_with_one_piece_left_places_one_road(kit: Kit) -> None:
    """N-6 reading: with only one road piece left, Road Building places one road."""
    g = _pos(kit, {"road_building": 1}, buildings=[(3, 0, "settlement")], roads=[], paths=[(COAST[:-1], 0)])
    assert g.s.pieces_left[0][0] == 1
    g.apply("road_building")
    g.apply(f"road {kit.edge(g, 46, 50)}")
    assert g.phase == "main"
    assert g.s.pieces_left[0][0] == 0


def test_n6_road_building_with_no_piece_left_is_not_playable(kit: Kit) -> None:
    g = _pos(kit, {"road_building": 1}, buildings=[(3, 0, "settlement")], roads=[], paths=[(COAST, 0)])
    assert not g.is_legal("road_building")


# --------------------------------------------------------------------------------- year of plenty, monopoly


def test_b9_3_year_of_plenty_takes_two_cards_from_the_bank(kit: Kit) -> None:
    """B-9.3: any 2 resource cards from the bank, of different types or the same."""
    g = _pos(kit, {"year_of_plenty": 1})
    bank = kit.bank(g)
    g.apply("year_of_plenty grain ore")
    assert kit.hand(g, 0) == {"grain": 1, "ore": 1}
    assert kit.bank(g)["grain"] == bank["grain"] - 1 and kit.bank(g)["ore"] == bank["ore"] - 1
    g2 = _pos(kit, {"year_of_plenty": 1})
    g2.apply("year_of_plenty brick brick")
    assert kit.hand(g2, 0) == {"brick": 2}


def test_n6_year_of_plenty_only_what_the_bank_holds(kit: Kit) -> None:
    """N-6 / Q-11 spirit: Year of Plenty cannot take a card the bank does not hold."""
    hands = [{}, {"wool": 2}, {"ore": 19}, {"grain": 18}]  # the bank: no ore, 1 grain
    g = _pos(kit, {"year_of_plenty": 1}, hands=hands)
    assert not g.is_legal("year_of_plenty grain ore")
    assert not g.is_legal("year_of_plenty grain grain")
    assert g.is_legal("year_of_plenty grain wool")


def test_b9_3_monopoly_takes_every_card_of_one_resource_from_every_opponent(kit: Kit) -> None:
    """B-9.3: name a resource; every opponent gives all their cards of it."""
    hands = [{"ore": 1}, {"ore": 2, "wool": 1}, {"ore": 3, "grain": 2}, {"brick": 4}]
    g = _pos(kit, {"monopoly": 1}, hands=hands)
    g.apply("monopoly ore")
    assert kit.hand(g, 0) == {"ore": 6}
    assert kit.hand(g, 1) == {"wool": 1}
    assert kit.hand(g, 2) == {"grain": 2}
    assert kit.hand(g, 3) == {"brick": 4}
    assert g.s.dev_hand[0][3] == 0


def test_b9_3_progress_cards_leave_the_game(kit: Kit) -> None:
    """B-9.3: a played progress card goes back to the box, not into the deck or a hand."""
    deck = kit.deck(["knight"], held={"monopoly": 1})
    g = _pos(kit, {"monopoly": 1}, dev_deck=deck)
    g.apply("monopoly ore")
    assert sum(g.s.dev_hand[0]) == 0 and g.s.dev_deck == deck


# ------------------------------------------------------------------------------------------------- VP cards


def test_q13_vp_card_counts_at_once_and_stays_hidden(kit: Kit) -> None:
    """Q-13: a VP card is worth 1 VP from the moment it is bought; B-9.4: it stays hidden."""
    g = _pos(
        kit,
        {},
        hands=[{"ore": 1, "wool": 1, "grain": 1}, {}, {}, {}],
        dev_deck=kit.deck(["knight", "victory_point"]),
    )
    vp, visible = g.vp(0), g.visible_vp(0)
    g.apply("buy")
    assert g.vp(0) == vp + 1
    assert g.visible_vp(0) == visible
    assert g.observation(1)["players_public"][0]["visible_vp"] == visible


def test_q13_vp_cards_are_never_played(kit: Kit) -> None:
    """Q-13: there is no action to play a VP card, and holding or revealing them does not use up the
    one-card-per-turn play."""
    g = _pos(kit, {"victory_point": 3, "knight": 1})
    assert all("victory" not in str(a) for a in g.legal_actions())
    with pytest.raises(ActionParseError):
        Action.parse("victory_point")
    assert g.is_legal("knight")
    g.apply("knight")
    g.apply("robber 1.3")
    assert g.s.dev_hand[0][4] == 3
    assert g.vp(0) == 1 + 3


def test_q12_empty_deck_cannot_buy(kit: Kit) -> None:
    """B-8.6 / Q-12: no purchase when the deck is empty (every knight played, the progress cards played and
    gone, the 5 VP cards held)."""
    g = _pos(
        kit,
        {},
        hands=[{"ore": 1, "wool": 1, "grain": 1}, {}, {}, {}],
        dev_deck=[],
        dev_cards=[{}, {}, {}, {"victory_point": 5}],
        knights=[0, 0, 7, 7],
        largest_army=2,
    )
    assert not g.is_legal("buy")
    assert "empty" in (g.why_illegal("buy") or "")
    assert Action("buy") not in g.legal_actions()
