"""B-7 Trade: domestic offers, answers and confirmation (B-7.1, Q-10), the trade-then-build order (Q-06),
the offer options, and maritime trade (B-7.2, Q-11).

Harbours on the beginner board used here: generic 3:1 at (0, 3); brick 2:1 at (33, 38).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from catan_desktop.engine.actions import Action
from catan_desktop.engine.game import Game, IllegalAction

if TYPE_CHECKING:
    from conftest import Kit

BUILDINGS = [(28, 0, "settlement"), (18, 1, "settlement"), (45, 2, "settlement"), (31, 3, "settlement")]
HANDS = [
    {"brick": 2, "lumber": 1},  # seat 0 (active)
    {"ore": 1},  # seat 1: can accept "brick=1 for ore=1"
    {"ore": 1},  # seat 2
    {"grain": 2},  # seat 3: cannot accept, can counter with grain
]


def _trade_pos(kit: Kit, hands: list[dict[str, int]] | None = None, **kw: Any) -> Game:
    """Seat 0 (settlement 28, road 28-22, no harbour) is active in its main phase unless told otherwise."""
    args: dict[str, Any] = {"phase": "main", "current": 0, "buildings": BUILDINGS, "roads": [(28, 22, 0)]}
    args.update(kw)
    return kit.position(hands=hands or HANDS, **args)


# -------------------------------------------------------------------------------------------- domestic


def test_b7_1_offer_is_answered_by_every_other_player_in_seat_order(kit: Kit) -> None:
    """B-7.1: after an offer each other player answers in turn, starting left of the active player."""
    g = _trade_pos(kit, current=2, hands=[{"ore": 1}, {"ore": 1}, {"brick": 1}, {"ore": 1}])
    g.apply("offer brick=1 for ore=1")
    assert g.phase == "trade_offer"
    seen = []
    for _ in range(3):
        seen.append(g.current_player)
        g.apply("reject")
    assert seen == [3, 0, 1]
    assert g.phase == "main" and g.current_player == 2
    assert g.s.trade is None
    assert kit.hand(g, 2) == {"brick": 1}


def test_b7_1_an_offer_may_be_addressed_to_some_players(kit: Kit) -> None:
    """B-7.1: the active player trades with any other player, so an offer may go to some of them only
    ("offer GIVE for GET to SEATS"); only they answer, in seat order (issue 12: a computer asked everyone,
    also a player seen to hold none of the card)."""
    g = _trade_pos(kit, current=2, hands=[{"ore": 1}, {"ore": 1}, {"brick": 1}, {"ore": 1}])
    action = Action.parse("offer brick=1 for ore=1 to 0,3")
    assert action.c == (0, 3) and str(action) == "offer brick=1 for ore=1 to 0,3"
    assert g.is_legal(action)
    for bad in ("offer brick=1 for ore=1 to 2", "offer brick=1 for ore=1 to 4"):
        refused = Action.parse(bad)
        assert not g.is_legal(refused) and "other players" in (g.why_illegal(refused) or "")
    assert not g.is_legal(Action("counter", action.a, action.b, (0,)))  # only an offer is addressed
    g.apply(action)
    assert g.s.trade.responders == [3, 0] and g.log[-1]["to"] == [0, 3]
    seen = []
    for _ in range(2):
        seen.append(g.current_player)
        g.apply("reject")
    assert seen == [3, 0] and g.phase == "main"


def test_b7_1_confirm_with_an_acceptor_moves_the_cards(kit: Kit) -> None:
    """B-7.1: accept, reject, counter; the active player confirms with the acceptor; cards move."""
    g = _trade_pos(kit)
    g.apply("offer brick=1 for ore=1")
    assert g.current_player == 1
    g.apply("accept")
    assert g.current_player == 2
    g.apply("reject")
    assert g.current_player == 3
    assert not g.is_legal("accept"), "seat 3 holds no ore"
    g.apply("counter grain=1 for brick=1")
    assert g.phase == "trade_confirm" and g.current_player == 0
    assert not g.is_legal("confirm 2"), "seat 2 rejected"
    assert g.is_legal("confirm 1") and g.is_legal("confirm 3")
    g.apply("confirm 1")
    assert g.phase == "main"
    assert kit.hand(g, 0) == {"brick": 1, "lumber": 1, "ore": 1}
    assert kit.hand(g, 1) == {"brick": 1}
    assert kit.hand(g, 2) == {"ore": 1}
    assert kit.hand(g, 3) == {"grain": 2}


def test_b7_1_confirm_with_a_counter_offer_uses_the_counter_terms(kit: Kit) -> None:
    """B-7.1: confirming a counter-offer trades on the counter's terms (seat 3 gives grain for brick)."""
    g = _trade_pos(kit)
    g.apply("offer brick=1 for ore=1")
    g.apply("reject")
    g.apply("reject")
    g.apply("counter grain=2 for brick=2")
    bank = sum(g.s.bank)
    g.apply("confirm 3")
    assert kit.hand(g, 0) == {"grain": 2, "lumber": 1}
    assert kit.hand(g, 3) == {"brick": 2}
    assert sum(g.s.bank) == bank


def test_b7_1_cancel_and_all_rejections_leave_hands_unchanged(kit: Kit) -> None:
    g = _trade_pos(kit)
    g.apply("offer brick=1 for ore=1")
    g.apply("accept")
    g.apply("reject")
    g.apply("reject")
    g.apply("cancel")
    assert g.phase == "main"
    assert [kit.hand(g, p) for p in range(4)] == [{k: v for k, v in h.items() if v} for h in HANDS]


def test_b7_1_non_active_players_cannot_make_offers(kit: Kit) -> None:
    """B-7.1: a non-active player trades only with the active player: they answer, they do not offer."""
    g = _trade_pos(kit)
    g.apply("offer brick=1 for ore=1")
    assert g.current_player == 1
    assert not g.is_legal("offer ore=1 for brick=1")
    assert all(a.kind != "offer" for a in g.legal_actions())
    before = g.to_json()
    with pytest.raises(IllegalAction):
        g.apply("offer ore=1 for brick=1")
    assert g.to_json() == before


def test_b7_1_answer_phase_only_accepts_answers(kit: Kit) -> None:
    """While an offer is open, nobody builds, rolls or ends the turn."""
    g = _trade_pos(kit, hands=[{"brick": 2, "lumber": 2}, {"ore": 1}, {}, {}])
    g.apply("offer brick=1 for ore=1")
    for text in ("end", f"road {kit.edge(g, 22, 17)}", "maritime brick ore", "confirm 1"):
        assert not g.is_legal(text)


@pytest.mark.parametrize(
    "give,get",
    [
        ((), (("ore", 1),)),  # gives nothing: a gift is not a trade
        ((("brick", 1),), ()),  # asks for nothing
        ((("brick", 1),), (("brick", 1),)),  # same resource on both sides
        ((("brick", 1), ("lumber", 1)), (("brick", 1),)),  # overlapping
        ((("ore", 1),), (("wool", 1),)),  # offers cards it does not hold
        ((("brick", 3),), (("wool", 1),)),  # more than it holds
        ((("gold", 1),), (("wool", 1),)),  # not a resource of this game
    ],
)
def test_q10_malformed_offers_are_illegal(kit: Kit, give: tuple[Any, ...], get: tuple[Any, ...]) -> None:
    """Q-10: resource cards only, each side gives at least one card, no resource on both sides."""
    g = _trade_pos(kit)
    action = Action("offer", give, get)
    assert not g.is_legal(action)
    before = g.to_json()
    with pytest.raises(IllegalAction):
        g.apply(action)
    assert g.to_json() == before


@pytest.mark.parametrize(
    "give,get",
    [
        ((("brick", 0),), (("ore", 1),)),  # a zero count gives nothing
        ((("brick", 1),), (("ore", 0),)),  # asks for nothing
        ((("brick", -1),), (("ore", 1),)),  # a negative count would take cards
        ((("brick", 1),), (("ore", -1),)),
    ],
)
def test_q10_offer_with_zero_or_negative_counts_is_illegal(
    kit: Kit, give: tuple[Any, ...], get: tuple[Any, ...]
) -> None:
    """Q-10: each side gives at least 1 card: a bundle whose counts are 0 or negative is not an offer.

    (Action.parse rejects such text, but Action values can be built directly by a bot or the UI.)
    """
    g = _trade_pos(kit)
    assert not g.is_legal(Action("offer", give, get))


def test_q10_negative_offer_cannot_drive_a_hand_below_zero(kit: Kit) -> None:
    """Q-10 / B-7.1: whatever Action value is submitted, a trade never leaves a hand negative."""
    g = _trade_pos(kit, hands=[{"wool": 1}, {"ore": 1}, {}, {}])
    action = Action("offer", (("brick", -2),), (("ore", 1),))
    if g.is_legal(action):
        g.apply(action)
        g.apply("accept")
        g.apply("reject")
        g.apply("reject")
        if g.is_legal("confirm 1"):
            g.apply("confirm 1")
    assert all(n >= 0 for p in range(4) for n in g.hand(p).values()), [g.hand(p) for p in range(4)]


def test_q10_counter_offers_follow_the_same_rules(kit: Kit) -> None:
    """Q-10 for counter-offers: at least one card each way, no overlap, only cards the responder holds."""
    g = _trade_pos(kit)
    g.apply("offer brick=1 for ore=1")  # seat 1 answers, holds 1 ore
    assert not g.is_legal("counter ore=1 for ore=1")
    assert not g.is_legal("counter ore=2 for brick=1")
    assert not g.is_legal("counter wool=1 for brick=1")
    assert not g.is_legal(Action("counter", (), (("brick", 1),)))
    assert not g.is_legal(Action("counter", (("ore", 0),), (("brick", 1),)))
    assert g.is_legal("counter ore=1 for brick=2")


def test_option_max_offers_per_turn_bounds_the_offers(kit: Kit) -> None:
    """Option max_offers_per_turn: after that many offers in a turn, no more."""
    g = _trade_pos(kit, options={"max_offers_per_turn": 2})
    for _ in range(2):
        assert g.is_legal("offer brick=1 for ore=1")
        g.apply("offer brick=1 for ore=1")
        for _ in range(3):
            g.apply("reject")
    assert not g.is_legal("offer brick=1 for ore=1")
    assert all(a.kind != "offer" for a in g.legal_actions())


def test_option_domestic_trade_false_forbids_offers(kit: Kit) -> None:
    """Option domestic_trade=false: no offers at all (maritime trade is unaffected)."""
    g = _trade_pos(kit, hands=[{"brick": 4}, {"ore": 1}, {}, {}], options={"domestic_trade": False})
    assert not g.is_legal("offer brick=1 for ore=1")
    assert all(a.kind != "offer" for a in g.legal_actions())
    assert g.is_legal("maritime brick ore")


def test_q06_no_trading_after_building(kit: Kit) -> None:
    """Q-06: after the first build action of a turn, no more trading (domestic or maritime)."""
    g = _trade_pos(kit, hands=[{"brick": 5, "lumber": 1}, {"ore": 1}, {}, {}])
    assert g.is_legal("offer brick=1 for ore=1") and g.is_legal("maritime brick ore")
    g.apply(f"road {kit.edge(g, 22, 17)}")
    assert not g.is_legal("offer brick=1 for ore=1")
    assert not g.is_legal("maritime brick ore")
    assert all(a.kind not in ("offer", "maritime") for a in g.legal_actions())


def test_q06_buying_a_development_card_is_a_build_action(kit: Kit) -> None:
    """B-4.2 / Q-06: buying a development card belongs to the build phase, so it ends trading."""
    g = _trade_pos(kit, hands=[{"brick": 4, "ore": 1, "wool": 1, "grain": 1}, {"ore": 1}, {}, {}])
    g.apply("buy")
    assert not g.is_legal("maritime brick lumber")
    assert not g.is_legal("offer brick=1 for ore=1")


def test_q06_trading_allowed_again_next_turn(kit: Kit) -> None:
    """Q-06 is per turn: the next player may trade even though the previous one built."""
    g = _trade_pos(kit, hands=[{"brick": 1, "lumber": 1}, {"ore": 4}, {}, {}])
    g.apply(f"road {kit.edge(g, 22, 17)}")
    g.apply("end")
    kit.force_roll(g, 2)  # 1.2: nobody there, no 7
    assert g.current_player == 1
    assert g.is_legal("maritime ore grain")


def test_q06_option_off_allows_trading_after_building(kit: Kit) -> None:
    """Option strict_trade_then_build=false lifts Q-06."""
    g = _trade_pos(
        kit, hands=[{"brick": 5, "lumber": 1}, {"ore": 1}, {}, {}], options={"strict_trade_then_build": False}
    )
    g.apply(f"road {kit.edge(g, 22, 17)}")
    assert g.is_legal("maritime brick ore")


# -------------------------------------------------------------------------------------------- maritime


def test_b7_2_maritime_four_to_one_without_harbour(kit: Kit) -> None:
    """B-7.2: 4 identical cards for 1 of choice; 3 are not enough without a harbour; cards go to the bank."""
    g = _trade_pos(kit, hands=[{"brick": 4, "wool": 3}, {}, {}, {}])
    assert g.harbour_rates(0) == {r: 4 for r in ("lumber", "wool", "grain", "brick", "ore")}
    assert not g.is_legal("maritime wool ore")
    bank = kit.bank(g)
    g.apply("maritime brick ore")
    assert kit.hand(g, 0) == {"ore": 1, "wool": 3}
    assert kit.bank(g)["brick"] == bank["brick"] + 4
    assert kit.bank(g)["ore"] == bank["ore"] - 1


def test_b7_2_maritime_trade_for_the_same_resource_is_illegal(kit: Kit) -> None:
    g = _trade_pos(kit, hands=[{"brick": 4}, {}, {}, {}])
    assert not g.is_legal("maritime brick brick")


def test_b7_2_generic_harbour_gives_three_to_one(kit: Kit) -> None:
    """B-7.2: a settlement on a 3:1 harbour trades any resource 3:1."""
    g = kit.position(buildings=[(3, 0, "settlement")], hands=[{"wool": 3, "grain": 2}, {}, {}, {}])
    assert g.harbour_rates(0) == {r: 3 for r in ("lumber", "wool", "grain", "brick", "ore")}
    assert not g.is_legal("maritime grain ore")
    g.apply("maritime wool ore")
    assert kit.hand(g, 0) == {"grain": 2, "ore": 1}


def test_b7_2_special_harbour_gives_two_to_one_for_its_resource_only(kit: Kit) -> None:
    """B-7.2: a settlement on the brick 2:1 harbour trades brick 2:1, other resources 4:1."""
    g = kit.position(buildings=[(33, 0, "settlement")], hands=[{"brick": 2, "wool": 3}, {}, {}, {}])
    rates = g.harbour_rates(0)
    assert rates["brick"] == 2
    assert all(rates[r] == 4 for r in ("lumber", "wool", "grain", "ore"))
    assert not g.is_legal("maritime wool ore")
    g.apply("maritime brick grain")
    assert kit.hand(g, 0) == {"grain": 1, "wool": 3}


def test_q11_a_city_keeps_the_harbour(kit: Kit) -> None:
    """Q-11: a city on a harbour intersection keeps the harbour."""
    g = kit.position(buildings=[(38, 0, "city")], hands=[{"brick": 2}, {}, {}, {}])
    assert g.harbour_rates(0)["brick"] == 2
    assert g.is_legal("maritime brick ore")


def test_q11_city_built_on_harbour_settlement_keeps_the_rate(kit: Kit) -> None:
    """Q-11 through play: upgrading the harbour settlement does not lose the harbour."""
    g = kit.position(
        buildings=[(3, 0, "settlement")],
        hands=[{"ore": 3, "grain": 2}, {}, {}, {}],
        options={"strict_trade_then_build": False},
    )
    g.apply("city 3")
    assert g.harbour_rates(0)["wool"] == 3


def test_q11_the_bank_must_hold_the_requested_card(kit: Kit) -> None:
    """Q-11: a maritime trade needs the bank to hold the card asked for."""
    g = _trade_pos(kit, hands=[{"brick": 4}, {}, {}, {"ore": 19}])  # the bank: no ore
    assert not g.is_legal("maritime brick ore")
    assert "bank" in (g.why_illegal("maritime brick ore") or "")
    assert g.is_legal("maritime brick wool")


def test_b7_2_maritime_only_during_own_main_phase(kit: Kit) -> None:
    """B-7 / B-4.2: trading happens in the trade phase, after the roll."""
    g = _trade_pos(kit, hands=[{"brick": 4}, {}, {}, {}], phase="roll")
    assert not g.is_legal("maritime brick ore")
    assert not g.is_legal("offer brick=1 for ore=1")
