"""Helpers ("Os ajudantes", RULES.md Part H, Q-42, Q-43): the stack, the deal, the display, the flip or swap,
and each of the ten cards (their texts: shared/rules/data/helpers_of_catan_2014.json, N-9).

Positions are hand-built snapshots of the rule file rules/helpers.yaml on the
beginner board (tests/conftest.py): seat 0 (active) has a settlement at 8 (hexes 1.1 mountains 10, 1.2
pasture 2, 2.2 hills 6) and a road 8-4 whose end at 4 is open; seat 1 a settlement at 18 (2.2, 2.3, 3.3
the desert) with a road 18-24; seat 2 a settlement at 45 (4.3 fields 4, 5.2 fields 6, 5.3 pasture 11) with
a road 45-41; seat 3 a settlement at 25 (2.4, 3.4, 3.5) with a road 25-31.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from catan_desktop.engine import Action, Game, IllegalAction, SnapshotError
from catan_desktop.engine.modules import helpers

if TYPE_CHECKING:
    from conftest import Kit

RULES_DIR = Path(__file__).resolve().parents[2] / "rules"
HELPERS = str(RULES_DIR / "helpers.yaml")
HELPERS_5_6 = str(RULES_DIR / "helpers-5-6.yaml")
ORDER = [
    "forced_trade",
    "road_assistance",
    "resource_balance",
    "move_road",
    "seven_protection",
    "development_help",
    "alms",
    "free_port",
    "robber_to_desert",
    "swords_to_plowshares",
]
BUILDINGS = [(8, 0, "settlement"), (18, 1, "settlement"), (45, 2, "settlement"), (25, 3, "settlement")]
ROADS = [(8, 4, 0), (18, 24, 1), (45, 41, 2), (25, 31, 3)]


def _helpers_kit(kit: Kit) -> Kit:
    """The kit, building its positions on the Helpers rule file."""

    def fresh(players: int = 4, seed: int = 7, board: str = "beginner", options: Any = None) -> Game:
        return Game.new(HELPERS, players=players, seed=seed, board=board, options=options)

    kit.fresh = fresh  # type: ignore[method-assign]
    return kit


def _section(held: list[str], **fields: Any) -> dict[str, Any]:
    """A helpers section: each seat's card (side A, taken in the founding phase), the rest displayed."""
    out: dict[str, Any] = {
        "stack": [],
        "display": [c for c in ORDER if c not in held],
        "held": held,
        "side": ["A"] * len(held),
        "taken": [0] * len(held),
        "used": [-1] * len(held),
    }
    out.update(fields)
    return out


def _pos(
    kit: Kit, held: list[str], hands: list[dict[str, int]] | None = None, helper: Any = None, **kw: Any
) -> Game:
    kw.setdefault("buildings", BUILDINGS)
    kw.setdefault("roads", ROADS)
    return _helpers_kit(kit).position(
        hands=hands or [{}, {}, {}, {}], modules={"helpers": _section(held, **(helper or {}))}, **kw
    )


def _st(g: Game) -> Any:
    return helpers.state(g)


def _kinds(g: Game) -> set[str]:
    return {a.kind for a in g.legal_actions()}


def _cards_conserved(g: Game) -> bool:
    st = _st(g)
    return sorted(st.stack + st.display + [c for c in st.held if c]) == sorted(ORDER)


def _roll(g: Game, d1: int, d2: int) -> None:
    """Roll showing the dice d1 + d2 (through the snapshot's next_dice)."""
    d = json.loads(g.to_json())
    d["next_dice"] = [d1, d2]
    g.__dict__.update(Game.from_json(json.dumps(d)).__dict__)
    g.apply("roll")


# ---------------------------------------------------------------------------------------- H-2: setup


def test_h2_1_the_stack_a1_to_a6_then_the_cards_without_number() -> None:
    """H-2.1: A1 on top, then A2..A6 in ascending order, then the unnumbered cards ("any order": by name)."""
    g = Game.new(HELPERS, players=4, seed=1)
    assert _st(g).stack == ORDER
    view = g.observation(0)["modules"]["helpers"]
    assert [c["number"] for c in view["cards"]] == [
        "A1",
        "A2",
        "A3",
        "A4",
        "A5",
        "A6",
        None,
        None,
        None,
        None,
    ]
    assert {c["card"]: c["confidence"] for c in view["cards"]}["development_help"] == "approximate"
    assert {c["card"]: c["confidence"] for c in view["cards"]}["move_road"] == "likely"


@pytest.mark.parametrize("players", [3, 4])
def test_h2_2_a_card_on_each_second_founding_settlement_and_h2_3_the_display(players: int) -> None:
    """H-2.2: placing one's second founding settlement takes the top card, side A up; derived: the last
    player in turn order takes A1. H-2.3: after the founding phase the rest lie face up beside the board."""
    g = Game.new(HELPERS, players=players, seed=3)
    rng = random.Random(3)
    placed: dict[int, int] = {}
    expected: dict[int, str] = {}
    while g.turn == 0:
        if g.phase == "setup_settlement":
            p = g.current_player
            placed[p] = placed.get(p, 0) + 1
            before = _st(g).held[p]
            g.apply(rng.choice(g.legal_actions()))
            if placed[p] == 2:
                expected[p] = ORDER[len(expected)]
                assert _st(g).held[p] == expected[p] and _st(g).side[p] == "A"
            else:
                assert before is None and _st(g).held[p] is None
            continue
        g.apply(rng.choice(g.legal_actions()))
    last = (g.s.start_player - 1) % players
    assert _st(g).held[last] == "forced_trade"
    assert _st(g).held == [expected[p] for p in range(players)]
    assert _st(g).stack == [] and _st(g).display == ORDER[players:]
    dealt = [e for e in g.log if e["t"] == "helper_dealt"]
    assert [e["number"] for e in dealt] == [f"A{k}" for k in range(1, players + 1)]
    assert any(e["t"] == "helper_display" for e in g.log)


def test_q42_without_a_second_founding_settlement_the_cards_go_in_reverse_turn_order() -> None:
    """Q-42 (H-2.4): with no founding phase to deal in, the cards go out in reverse turn order. Here the
    founding phase places one settlement each: the cards are dealt when it ends."""
    g = Game.new(
        HELPERS, players=4, seed=5, options={"setup.settlements": 1, "setup.starting_resources_from": 1}
    )
    rng = random.Random(5)
    while g.turn == 0:
        assert all(c is None for c in _st(g).held)
        g.apply(rng.choice(g.legal_actions()))
    start = g.s.start_player
    order = [(start - k) % 4 for k in range(1, 5)]
    assert [_st(g).held[q] for q in order] == ORDER[:4]
    assert _st(g).display == ORDER[4:]


def test_q42_a_position_past_the_founding_phase_without_the_section_deals_in_reverse_turn_order(
    kit: Kit,
) -> None:
    """Q-42: a hand-written position with no helpers section and no founding phase behind it."""
    g = _helpers_kit(kit).position(buildings=BUILDINGS, roads=ROADS, start_player=2, modules={})
    assert [_st(g).held[q] for q in (1, 0, 3, 2)] == ORDER[:4]
    assert _st(g).display == ORDER[4:] and _cards_conserved(g)


# ------------------------------------------------------------------------------------- H-3, H-4: use


def test_h4_1_not_in_the_turn_taken_and_once_a_turn(kit: Kit) -> None:
    """H-4.1: a helper cannot be used in the turn it was taken; and (the data file) at most once a turn,
    so a card flipped to side B waits for a later turn."""
    g = _pos(kit, ["free_port", "alms", "move_road", "forced_trade"], helper={"taken": [9, 0, 0, 0]})
    assert "helper_free_port" not in _kinds(g)
    assert g.why_illegal("helper_free_port ore").code == "helper_taken_this_turn"
    assert g.why_none("helper_free_port").code == "helper_taken_this_turn"
    g = _pos(kit, ["free_port", "alms", "move_road", "forced_trade"])
    g.apply("helper_free_port ore")
    g.apply("helper_flip")
    assert g.phase == "main" and _st(g).side[0] == "B"
    assert g.why_illegal("helper_free_port wool").code == "helper_used_this_turn"


def test_h3_2_flip_then_the_side_b_use_must_be_swapped_q43_for_another_card(kit: Kit) -> None:
    """H-3.2: after the first use, flip to side B or swap; after the side-B use, swap: the card goes back
    to the display side A up and another comes from it, side A up, never the one returned (Q-43); the new
    card cannot be used in that turn (H-4.1)."""
    g = _pos(kit, ["free_port", "alms", "move_road", "forced_trade"])
    g.apply("helper_free_port ore")
    assert g.phase == "helper_after" and g.current_player == 0
    after = g.legal_actions()
    assert Action("helper_flip") in after
    assert {a.a for a in after if a.kind == "helper_swap"} == set(_st(g).display)
    g.apply("helper_flip")
    # a later turn: the side-B use, then only a swap
    d = json.loads(g.to_json())
    d["turn"] = 13
    d["modules"]["helpers"]["port"] = [None] * 4
    g = Game.from_json(json.dumps(d))
    g.apply("helper_free_port wool")
    assert g.phase == "helper_after"
    assert all(a.kind == "helper_swap" for a in g.legal_actions())
    assert g.why_illegal("helper_flip").code == "helper_must_swap"
    assert g.why_illegal("helper_swap free_port").code == "helper_not_in_display"
    g.apply("helper_swap robber_to_desert")
    st = _st(g)
    assert st.held[0] == "robber_to_desert" and st.side[0] == "A" and st.taken[0] == 13
    assert "free_port" in st.display and "robber_to_desert" not in st.display and _cards_conserved(g)
    assert g.phase == "main"
    assert g.why_illegal("helper_robber 3.3").code == "helper_taken_this_turn"  # H-4.1
    assert [e["t"] for e in g.log[-1:]] == ["helper_swapped"]


def test_h4_2_a_helper_is_never_returned_unused(kit: Kit) -> None:
    """H-4.2: no swap or flip without a use, on side A or side B."""
    for side in ("A", "B"):
        g = _pos(kit, ["free_port", "alms", "move_road", "forced_trade"], helper={"side": [side] * 4})
        assert not {"helper_swap", "helper_flip"} & _kinds(g)
        for text in ("helper_swap robber_to_desert", "helper_flip"):
            with pytest.raises(IllegalAction):
                g.apply(text)


def test_h4_3_never_in_the_special_building_phase(kit: Kit) -> None:
    """H-4.3 / the data file: no helper is used in the special building phase (F-3)."""
    base = Game.new(HELPERS_5_6, players=5, seed=2)
    rng = random.Random(2)
    while base.turn < 3 or base.phase != "special_build":
        base.apply(rng.choice(base.legal_actions()))
    seat = base.current_player
    assert not {a.kind for a in base.legal_actions()} - {"end", "buy", "settle", "city", "road"}
    card = _st(base).held[seat]
    kind = next(iter(helpers.CARDS[card].KINDS), None) if card else None
    if kind is not None:
        assert base.why_none(kind).code == "helper_not_in_special_build"


def test_the_seat_view_shows_every_helper_and_the_display(kit: Kit) -> None:
    """Helpers are public: every seat's card and side, and the display, in every seat's view."""
    g = _pos(kit, ["free_port", "alms", "move_road", "forced_trade"], helper={"side": ["A", "B", "A", "A"]})
    for seat in range(4):
        view = g.seat_view(seat).modules["helpers"]
        assert [x["card"] for x in view["seats"]] == ["free_port", "alms", "move_road", "forced_trade"]
        assert [x["side"] for x in view["seats"]] == ["A", "B", "A", "A"]
        assert view["display"] == _st(g).display


def test_check_refuses_a_lost_or_doubled_card(kit: Kit) -> None:
    """Q-43: each player holds exactly one helper; every card is somewhere exactly once."""
    with pytest.raises(SnapshotError):
        _pos(kit, ["free_port", "free_port", "move_road", "forced_trade"])
    with pytest.raises(SnapshotError):
        _pos(kit, ["free_port", None, "move_road", "forced_trade"])  # type: ignore[list-item]


# ------------------------------------------------------------------------------------------ the cards


def test_a1_forced_trade(kit: Kit) -> None:
    """A1 (data file, exact): ask one or two players for a resource; each who has one gives it; you give
    each one card of your choice. A trade: in the trade phase, not after building (Q-06)."""
    hands = [{"wool": 1, "grain": 1}, {"ore": 2}, {"brick": 1}, {}]
    g = _pos(kit, ["forced_trade", "alms", "move_road", "free_port"], hands=hands)
    assert Action("helper_forced_trade", "ore", (1, 2)) in g.legal_actions()
    g.apply("helper_forced_trade ore 1,2")
    assert kit.hand(g, 0) == {"wool": 1, "grain": 1, "ore": 1} and kit.hand(g, 1) == {"ore": 1}
    assert g.phase == "helper_pay" and g.current_player == 0
    assert {a.b for a in g.legal_actions()} == {"wool", "grain", "ore"}
    g.apply("helper_pay 1 wool")
    assert kit.hand(g, 1) == {"ore": 1, "wool": 1} and kit.hand(g, 0) == {"grain": 1, "ore": 1}
    assert g.phase == "helper_after"
    used = next(e for e in g.log if e["t"] == "helper_used")
    assert used["card"] == "forced_trade" and used["asked"] == [1, 2]
    # not before the roll, not after building
    g = _pos(kit, ["forced_trade", "alms", "move_road", "free_port"], hands=hands, phase="roll")
    assert "helper_forced_trade" not in _kinds(g)
    g = _pos(kit, ["forced_trade", "alms", "move_road", "free_port"], hands=hands, built_this_turn=True)
    assert g.why_illegal("helper_forced_trade ore 1").code == "trade_after_build"


def test_a1_side_b_works_the_same_then_must_be_swapped(kit: Kit) -> None:
    """The data file: side B has the same advantage; only the after-use differs."""
    g = _pos(
        kit,
        ["forced_trade", "alms", "move_road", "free_port"],
        hands=[{}, {"ore": 1}, {}, {}],
        helper={"side": ["B", "A", "A", "A"]},
    )
    g.apply("helper_forced_trade ore 1")
    g.apply("helper_pay 1 ore")  # the only card in hand: the one just received
    assert kit.hand(g, 1) == {"ore": 1} and g.phase == "helper_after"
    assert {a.kind for a in g.legal_actions()} == {"helper_swap"}


def test_a2_road_assistance(kit: Kit) -> None:
    """A2 (exact): when you build a road you may pay another resource instead of its brick or lumber."""
    g = _pos(
        kit,
        ["road_assistance", "alms", "move_road", "free_port"],
        hands=[{"lumber": 1, "wool": 1}, {}, {}, {}],
    )
    e = kit.edge(g, 4, 0)
    assert Action("road", e) not in g.legal_actions()
    assert Action("helper_road", e, ("brick", "wool")) in g.legal_actions()
    assert Action("helper_road", e, ("lumber", "wool")) not in g.legal_actions()  # then no lumber
    g.apply(f"helper_road {e} brick wool")
    assert g.s.edge_owner[e] == 0 and kit.hand(g, 0) == {} and g.s.built
    assert g.phase == "helper_after"
    g = _pos(kit, ["road_assistance", "alms", "move_road", "free_port"], hands=[{"wool": 2}, {}, {}, {}])
    assert g.why_none("helper_road").code == "helper_cannot_pay"


def test_a3_resource_balance_answers_any_roll_that_gives_nothing(kit: Kit) -> None:
    """A3 (exact; any player's roll: likely): a production roll (not a 7) that gives you nothing lets you
    take one resource of your choice from the bank."""
    g = _pos(kit, ["free_port", "resource_balance", "move_road", "alms"], phase="roll")
    _roll(g, 5, 5)  # 10: hex 1.1 pays seat 0, hex 2.4 pays seat 3; seat 1 gets nothing
    assert g.phase == "helper_prompt" and g.current_player == 1
    assert Action("helper_decline") in g.legal_actions()
    g.apply("helper_take ore")
    assert kit.hand(g, 1) == {"ore": 1} and g.phase == "helper_after" and g.current_player == 1
    g.apply("helper_flip")
    assert g.phase == "main" and g.current_player == 0
    # a roll that pays the holder: no prompt; a 7: no prompt
    g = _pos(kit, ["free_port", "resource_balance", "move_road", "alms"], phase="roll")
    _roll(g, 3, 3)  # 6: hex 2.2 pays seats 0 and 1
    assert g.phase == "main"
    g = _pos(kit, ["free_port", "resource_balance", "move_road", "alms"], phase="roll")
    _roll(g, 3, 4)
    assert g.phase == "robber"


def test_a3_declined_the_card_is_kept_unused(kit: Kit) -> None:
    g = _pos(kit, ["free_port", "resource_balance", "move_road", "alms"], phase="roll")
    _roll(g, 5, 5)
    g.apply("helper_decline")
    assert g.phase == "main" and _st(g).side[1] == "A" and _st(g).used[1] == -1


def test_a4_move_a_road_with_an_open_end(kit: Kit) -> None:
    """A4 (likely): take one of your roads with an open end and place it elsewhere by the road rules,
    free. A road joined at both ends cannot be moved."""
    g = _pos(
        kit,
        ["move_road", "alms", "free_port", "forced_trade"],
        roads=[(8, 4, 0), (4, 0, 0), (18, 24, 1), (45, 41, 2), (25, 31, 3)],
    )
    a, b = kit.edge(g, 8, 4), kit.edge(g, 4, 0)
    moves = [x for x in g.legal_actions() if x.kind == "helper_move_road"]
    assert moves and {m.a for m in moves} == {b}  # 8-4 is joined at 8 (settlement) and 4 (road 4-0)
    target = kit.edge(g, 8, 12)
    assert Action("helper_move_road", b, target) in moves
    assert Action("helper_move_road", b, b) not in moves
    g.apply(f"helper_move_road {b} {target}")
    assert g.s.edge_owner[b] == -1 and g.s.edge_owner[target] == 0 and g.s.edge_owner[a] == 0
    assert g.s.pieces_left[0][0] == 15 - 2 and not g.s.built


def test_a5_protection_from_the_7(kit: Kit) -> None:
    """A5 (exact): on a 7, a holder over the limit does not discard; one at or under it may take a card."""
    hands = [{"ore": 9}, {}, {}, {"wool": 8}]
    g = _pos(kit, ["seven_protection", "alms", "free_port", "forced_trade"], hands=hands, phase="roll")
    _roll(g, 3, 4)
    assert g.phase == "helper_prompt" and g.current_player == 0
    assert {a.kind for a in g.legal_actions()} == {"helper_spare", "helper_decline"}
    g.apply("helper_spare")
    assert [tuple(x) for x in g.s.discard_queue] == [(3, 4)]
    g.apply("helper_flip")
    assert g.phase == "discard" and g.current_player == 3
    # under the limit: one card from the bank, then the robber
    g = _pos(
        kit,
        ["alms", "seven_protection", "free_port", "forced_trade"],
        hands=[{}, {"ore": 3}, {}, {}],
        phase="roll",
    )
    _roll(g, 3, 4)
    assert g.current_player == 1
    g.apply("helper_take brick")
    g.apply("helper_flip")
    assert kit.hand(g, 1) == {"ore": 3, "brick": 1} and g.phase == "robber"
    # declined: the discard as usual
    g = _pos(kit, ["seven_protection", "alms", "free_port", "forced_trade"], hands=hands, phase="roll")
    _roll(g, 3, 4)
    g.apply("helper_decline")
    assert g.phase == "discard" and [q for q, _n in g.s.discard_queue] == [0, 3]


def test_a6_development_help(kit: Kit) -> None:
    """A6 (approximate): buy a development card paying another resource for one of its three, look at the
    top three cards, keep one; the others go under the deck. The cards seen are the buyer's secret."""
    deck = kit.deck(top=["monopoly", "victory_point", "knight"])  # knight on top
    g = _pos(
        kit,
        ["development_help", "alms", "free_port", "forced_trade"],
        hands=[{"wool": 2, "grain": 1}, {}, {}, {}],
        dev_deck=deck,
    )
    assert Action("buy") not in g.legal_actions()
    g.apply("helper_develop ore wool")
    assert kit.hand(g, 0) == {} and g.phase == "helper_pick" and g.s.built
    assert g.observation(0)["modules"]["helpers"]["looking"] == ["knight", "victory_point", "monopoly"]
    assert g.observation(1)["modules"]["helpers"]["looking"] is None
    assert {a.a for a in g.legal_actions()} == {"knight", "victory_point", "monopoly"}
    g.apply("helper_pick victory_point")
    assert g.s.dev_hand[0][4] == 1 and g.s.dev_new[0][4] == 1
    assert g.s.dev_deck[:2] == ["monopoly", "knight"] and len(g.s.dev_deck) == len(deck) - 1
    kept = next(e for e in g.log if e["t"] == "helper_dev_kept")
    assert "card" not in g.observation(1)["log"][g.log.index(kept)]
    assert g.phase == "helper_after"
    Game.from_json(g.to_json())  # the cards add up again


def test_robber_to_desert(kit: Kit) -> None:
    """Robber bride (exact; from the bank: likely): at any time in your turn, the robber back to the
    desert and one card of the resource of the hex it left."""
    g = _pos(kit, ["robber_to_desert", "alms", "free_port", "forced_trade"], phase="roll", robber="1.1")
    assert Action("helper_robber", "3.3") in g.legal_actions()
    g.apply("helper_robber 3.3")
    assert g.topo.hex_ids[g.s.robber] == "3.3" and kit.hand(g, 0) == {"ore": 1}
    g.apply("helper_flip")
    assert g.phase == "roll"
    g = _pos(kit, ["robber_to_desert", "alms", "free_port", "forced_trade"])
    assert g.why_none("helper_robber").code == "helper_robber_on_desert"


def test_free_port(kit: Kit) -> None:
    """Captain (exact): one resource at 2:1 with the bank for the rest of the turn."""
    g = _pos(kit, ["free_port", "alms", "move_road", "forced_trade"], hands=[{"grain": 2}, {}, {}, {}])
    assert g.harbour_rates(0)["grain"] == 4
    g.apply("helper_free_port grain")
    g.apply("helper_flip")
    assert g.harbour_rates(0)["grain"] == 2 and g.harbour_rates(0)["ore"] == 4
    g.apply("maritime grain ore")
    assert kit.hand(g, 0) == {"ore": 1}
    g.apply("end")
    assert g.harbour_rates(0)["grain"] == 4


def test_swords_to_plowshares(kit: Kit) -> None:
    """Priest (exact): discard a knight, from the hand or played, to build a settlement for lumber + brick
    or a city for grain + 2 ore. A played knight leaves the army (reading, designed)."""
    roads = [(8, 4, 0), (4, 0, 0), *ROADS[1:]]
    g = _pos(
        kit,
        ["swords_to_plowshares", "alms", "free_port", "forced_trade"],
        roads=roads,
        hands=[{"lumber": 1, "brick": 1, "grain": 1, "ore": 2}, {}, {}, {}],
        dev_cards=[{"knight": 1}, {}, {}, {}],
        knights=[3, 0, 0, 0],
        largest_army=0,
        dev_deck=kit.deck(held={"knight": 4}),
    )
    acts = g.legal_actions()
    assert Action("helper_plowshares", "settle", (0, "hand")) in acts
    assert Action("helper_plowshares", "city", (8, "table")) in acts
    g.apply("helper_plowshares city 8 table")
    assert g.s.node_level[8] == 2 and g.s.knights[0] == 2 and g.s.la_holder == -1
    assert kit.hand(g, 0) == {"lumber": 1, "brick": 1}
    g = _pos(
        kit,
        ["swords_to_plowshares", "alms", "free_port", "forced_trade"],
        roads=roads,
        hands=[{"lumber": 1, "brick": 1}, {}, {}, {}],
        dev_cards=[{"knight": 1}, {}, {}, {}],
        dev_deck=kit.deck(held={"knight": 1}),
    )
    g.apply("helper_plowshares settle 0 hand")
    assert g.s.node_owner[0] == 0 and g.s.dev_hand[0][0] == 0 and kit.hand(g, 0) == {}
    g = _pos(
        kit,
        ["swords_to_plowshares", "alms", "free_port", "forced_trade"],
        roads=roads,
        hands=[{"lumber": 1, "brick": 1}, {}, {}, {}],
    )
    assert g.why_none("helper_plowshares").code == "helper_no_knight"


def test_swords_to_plowshares_largest_army_passes_on(kit: Kit) -> None:
    """Reading: Largest Army goes to whoever now has played strictly more knights than the holder."""
    g = _pos(
        kit,
        ["swords_to_plowshares", "alms", "free_port", "forced_trade"],
        hands=[{"grain": 1, "ore": 2}, {}, {}, {}],
        knights=[3, 3, 0, 0],
        largest_army=0,
        dev_deck=kit.deck(held={"knight": 6}),
    )
    g.apply("helper_plowshares city 8 table")
    assert g.s.la_holder == 1


def test_alms_for_the_poor(kit: Kit) -> None:
    """Noblewoman (exact): from a player with more (visible) points, look at the hand, take one card."""
    buildings = [(8, 0, "settlement"), (18, 1, "city"), (45, 2, "settlement"), (25, 3, "settlement")]
    g = _pos(
        kit,
        ["alms", "free_port", "move_road", "forced_trade"],
        buildings=buildings,
        hands=[{}, {"ore": 1, "wool": 2}, {"brick": 3}, {}],
    )
    assert [a for a in g.legal_actions() if a.kind == "helper_alms"] == [Action("helper_alms", 1)]
    g.apply("helper_alms 1")
    assert g.phase == "helper_pick"
    assert g.observation(0)["modules"]["helpers"]["target_hand"]["wool"] == 2
    assert g.observation(2)["modules"]["helpers"]["target_hand"] is None
    g.apply("helper_pick ore")
    assert kit.hand(g, 0) == {"ore": 1} and kit.hand(g, 1) == {"wool": 2}
    taken = next(e for e in g.log if e["t"] == "helper_alms_taken")
    assert "resource" not in g.observation(2)["log"][g.log.index(taken)]
    g = _pos(kit, ["alms", "free_port", "move_road", "forced_trade"], hands=[{}, {"ore": 1}, {}, {}])
    assert g.why_none("helper_alms").code == "helper_alms_rule"


# ------------------------------------------------------------------------------------------ snapshots


def test_snapshot_round_trip_in_every_helper_phase(kit: Kit) -> None:
    """The helpers section (stack, display, cards, sides, turns, the step in progress) round-trips."""
    deck = kit.deck(top=["monopoly", "victory_point", "knight"])
    g = _pos(
        kit,
        ["development_help", "forced_trade", "free_port", "alms"],
        hands=[{"wool": 2, "grain": 1, "ore": 1}, {}, {}, {}],
        dev_deck=deck,
    )
    seen = set()
    for text in ("helper_develop", "helper_pick knight", "helper_flip"):
        g.apply(text)
        seen.add(g.phase)
        again = Game.from_json(g.to_json())
        assert again.to_json() == g.to_json()
        assert again.legal_actions() == g.legal_actions()
    assert seen == {"helper_pick", "helper_after", "main"}


def test_a_whole_random_game_round_trips_and_replays() -> None:
    g = Game.new(HELPERS, players=4, seed=11)
    rng = random.Random(11)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    assert Game.from_json(g.to_json()).to_json() == g.to_json()
    replay = Game.new(HELPERS, players=4, seed=11)
    for text in g.history:
        replay.apply(text)
    assert replay.to_json() == g.to_json()


@pytest.mark.parametrize(
    "text",
    [
        "helper_forced_trade ore 1,3",
        "helper_pay 1 wool",
        "helper_road 31 brick wool",
        "helper_take ore",
        "helper_spare",
        "helper_decline",
        "helper_move_road 31 40",
        "helper_develop",
        "helper_develop ore wool",
        "helper_pick knight",
        "helper_robber 1.3",
        "helper_free_port ore",
        "helper_plowshares settle 12 hand",
        "helper_plowshares city 12 table",
        "helper_alms 2",
        "helper_flip",
        "helper_swap free_port",
    ],
)
def test_action_text_round_trips(text: str) -> None:
    assert str(Action.parse(text)) == text
