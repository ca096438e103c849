"""B-5 Production, the robber's block (B-6.6) and the bank shortage (B-5.5, Q-07, N-5).

The position: a roll of 6 makes hex 2.2 (hills -> brick) and hex 5.2 (fields -> grain) produce.
  seat 0: settlement at 8 and city at 17, both on 2.2  -> owed 1 + 2 = 3 brick
  seat 1: settlement at 18 on 2.2                       -> owed 1 brick
  seat 2: settlement at 45 on 5.2                       -> owed 1 grain
  seat 3: settlement at 0 (only on 1.1, mountains 10)   -> owed nothing
For a short bank, the brick not in the bank are in seat 3's hand (every card is somewhere, B-1.4).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from catan_desktop.engine.game import Game

if TYPE_CHECKING:
    from conftest import Kit

BUILDINGS = [
    (8, 0, "settlement"),
    (17, 0, "city"),
    (18, 1, "settlement"),
    (45, 2, "settlement"),
    (0, 3, "settlement"),
]


def _pos(kit: Kit, buildings: list[tuple[int, int, str]] | None = None, **kw: Any) -> Game:
    return kit.position(
        phase="roll", current=0, buildings=BUILDINGS if buildings is None else buildings, **kw
    )


def _bank_brick(n: int) -> list[dict[str, int]]:
    """Hands that leave ``n`` brick in the bank: seat 3 (owed nothing on a 6) holds the others."""
    return [{}, {}, {}, {"brick": 19 - n}]


def test_b5_3_settlement_gives_one_city_gives_two_and_each_building_produces(kit: Kit) -> None:
    """B-5.3: settlement 1 card, city 2 cards; several buildings of one player on a hex each produce."""
    g = _pos(kit)
    bank_before = kit.bank(g)
    kit.force_roll(g, 6)
    assert g.phase == "main"
    assert kit.hand(g, 0) == {"brick": 3}
    assert kit.hand(g, 1) == {"brick": 1}
    assert kit.hand(g, 2) == {"grain": 1}
    assert kit.hand(g, 3) == {}
    bank = kit.bank(g)
    assert bank["brick"] == bank_before["brick"] - 4
    assert bank["grain"] == bank_before["grain"] - 1


def test_b5_2_only_hexes_with_the_rolled_number_produce(kit: Kit) -> None:
    """B-5.1/B-5.2: a roll of 10 pays hexes 1.1 (mountains) and 2.4 (hills) only."""
    g = _pos(kit)
    kit.force_roll(g, 10)
    assert kit.hand(g, 0) == {"ore": 1}  # settlement 8 touches 1.1
    assert kit.hand(g, 3) == {"ore": 1}  # settlement 0 touches 1.1
    assert kit.hand(g, 1) == {} and kit.hand(g, 2) == {}


def test_b6_6_robber_hex_produces_nothing_other_hexes_still_pay(kit: Kit) -> None:
    """B-6.6 / B-5.2: with the robber on 2.2, a 6 pays no brick; 5.2 still pays grain."""
    g = _pos(kit, robber="2.2")
    kit.force_roll(g, 6)
    assert kit.hand(g, 0) == {}
    assert kit.hand(g, 1) == {}
    assert kit.hand(g, 2) == {"grain": 1}


def test_q07_bank_shortage_nobody_gets_the_short_resource_others_still_pay(kit: Kit) -> None:
    """B-5.5 / Q-07: 4 brick owed, bank holds 3: no one gets brick; grain is paid normally."""
    g = _pos(kit, hands=_bank_brick(3))
    kit.force_roll(g, 6)
    assert kit.hand(g, 0) == {}
    assert kit.hand(g, 1) == {}
    assert kit.hand(g, 2) == {"grain": 1}
    assert kit.bank(g)["brick"] == 3


def test_q07_bank_holding_exactly_what_is_owed_pays_everyone(kit: Kit) -> None:
    """Q-07: only *fewer* cards than owed blocks the payment; 4 owed, 4 in the bank pays all."""
    g = _pos(kit, hands=_bank_brick(4))
    kit.force_roll(g, 6)
    assert kit.hand(g, 0) == {"brick": 3}
    assert kit.hand(g, 1) == {"brick": 1}
    assert kit.bank(g)["brick"] == 0


def test_q07_lone_claimant_gets_nothing_by_default(kit: Kit) -> None:
    """Q-07: the shortage rule applies even when only one player is owed (option off by default)."""
    buildings = [b for b in BUILDINGS if b[1] != 1]  # seat 0 alone on 2.2, owed 3 brick
    g = _pos(kit, buildings=buildings, hands=_bank_brick(2))
    kit.force_roll(g, 6)
    assert kit.hand(g, 0) == {}
    assert kit.bank(g)["brick"] == 2


def test_n5_option_lone_claimant_gets_what_is_left(kit: Kit) -> None:
    """N-5 option bank_shortage_one_player_exception: a lone claimant gets what the bank has left."""
    buildings = [b for b in BUILDINGS if b[1] != 1]
    g = _pos(
        kit, buildings=buildings, hands=_bank_brick(2), options={"bank_shortage_one_player_exception": True}
    )
    kit.force_roll(g, 6)
    assert kit.hand(g, 0) == {"brick": 2}
    assert kit.hand(g, 2) == {"grain": 1}
    assert kit.bank(g)["brick"] == 0


def test_n5_option_does_not_help_when_several_players_are_owed(kit: Kit) -> None:
    """N-5 option: with two claimants (seats 0 and 1) and a short bank, nobody gets brick."""
    g = _pos(kit, hands=_bank_brick(3), options={"bank_shortage_one_player_exception": True})
    kit.force_roll(g, 6)
    assert kit.hand(g, 0) == {} and kit.hand(g, 1) == {}
    assert kit.bank(g)["brick"] == 3


def test_b5_4_b6_1_a_seven_produces_nothing(kit: Kit) -> None:
    """B-5.4 / B-6.1: nobody receives resources on a 7."""
    g = _pos(kit)
    kit.force_roll(g, 7)
    assert all(kit.hand(g, p) == {} for p in range(4))
    assert g.phase == "robber"


def test_q07_shortage_compares_the_total_owed_over_all_hexes(kit: Kit) -> None:
    """Q-07: owed is summed over every producing hex: make 5.2 a second hills 6, so 3 + 1 (hex 2.2) and
    1 (hex 5.2) = 5 brick are owed; a bank of 4 pays nobody any brick."""
    g = _pos(kit, hands=_bank_brick(4))
    d = json.loads(g.to_json())
    for hx in d["board"]["hexes"]:
        if hx["id"] == "5.2":
            hx["terrain"] = "hills"
    g = Game.from_json(json.dumps(d))
    kit.force_roll(g, 6)
    assert all(kit.hand(g, p) == {} for p in range(3)) and kit.hand(g, 3) == {"brick": 15}
    assert kit.bank(g)["brick"] == 4
    g2 = Game.from_json(json.dumps({**d, "bank": {**d["bank"], "brick": 5}, "hands": _bank_brick(5)}))
    kit.force_roll(g2, 6)
    assert (
        kit.hand(g2, 0) == {"brick": 3}
        and kit.hand(g2, 1) == {"brick": 1}
        and kit.hand(g2, 2) == {"brick": 1}
    )
