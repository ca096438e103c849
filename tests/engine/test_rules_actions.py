"""Actions and information: canonical text round-trips, parse errors, illegal actions leave the state
untouched, and a seat's observation hides other seats' cards and the deck (B-3.6)."""

from __future__ import annotations

import json
import random
from typing import TYPE_CHECKING, Any

import pytest

from catan_desktop.engine.actions import Action, kinds
from catan_desktop.engine.errors import ActionParseError
from catan_desktop.engine.game import Game, IllegalAction

if TYPE_CHECKING:
    from conftest import Kit

SAMPLES = [
    "roll",
    "end",
    "buy",
    "knight",
    "road_building",
    "accept",
    "reject",
    "cancel",
    "settle 12",
    "city 0",
    "road 31",
    "confirm 2",
    "year_of_plenty grain ore",
    "year_of_plenty brick brick",
    "year_of_plenty wool",
    "monopoly ore",
    "robber 3.3",
    "robber 1.2 3",
    "discard brick=1,ore=2",
    "discard wool=4",
    "maritime brick ore",
    "offer brick=1 for ore=1",
    "offer grain=2,lumber=1 for brick=1,wool=3",
    "counter wool=1 for brick=1",
    "robber 2.3/1",
    "remove_token 2.3",
    "market brick=1,ore=2 wool",
    "market_sell ore for brick=1,grain=1",
    "market_discard grain=1",
    "develop 2.3 cards 4,10",
    "develop 1.1 knight 6",
    "remote_exchange monopoly",
    "gift brick 2",  # Frenemies
    "accept_gift",
    "refuse_gift",
    "favour merchant",
    "favour trader ore",
    "merchant_swap brick ore",
    "exchange_favour",
    "return_favour teacher",
    "favour_first 3",
    "helper_forced_trade ore 1,3",  # Helpers (H-3)
    "helper_pay 1 wool",
    "helper_road 31 brick wool",
    "helper_take ore",
    "helper_spare",
    "helper_decline",
    "helper_move_road 31 40",
    "helper_develop ore wool",
    "helper_pick knight",
    "helper_robber 1.3",
    "helper_free_port ore",
    "helper_plowshares city 12 table",
    "helper_alms 2",
    "helper_flip",
    "helper_swap free_port",
    "canal ore",  # the Erie Canal (S-5.3, S-5.4)
    "canal_offer 2 canal=1 for ore=2",
    "canal_offer 1 brick=1,wool=1 for canal=1",
    "reroll 0,2,5",  # the Catan Dice Game (C-2.1, C-2.2, C-4, C-5)
    "build road 4",
    "swap 3 ore knight 6",
    "gold 1,4 brick",
    "canal_accept",
    "canal_reject",
    "reroll 0,2,5",  # the Catan Dice Game (RULES.md Part C)
    "build road 4",
    "build settlement 11",
    "swap 3 ore knight 1",
    "gold 1,4 brick",
]


# ----------------------------------------------------------------------------------------------- text


def test_every_action_kind_round_trips_through_parse() -> None:
    """str(action) is canonical and Action.parse gives the same action back, for every kind."""
    seen = set()
    for text in SAMPLES:
        action = Action.parse(text)
        assert str(action) == text
        assert Action.parse(str(action)) == action
        seen.add(action.kind)
    assert seen == set(kinds())


@pytest.mark.parametrize("players,seed", [(3, 5), (4, 11)])
def test_legal_actions_round_trip_and_apply_in_random_play(players: int, seed: int) -> None:
    """Every listed legal action round-trips through its text, is_legal agrees, and applying it works."""
    g = Game.new("base", players=players, seed=seed, board="random")
    rng = random.Random(seed)
    for _ in range(700):
        if g.is_over:
            break
        legal = g.legal_actions()
        assert legal, f"no legal action in phase {g.phase}"
        for a in legal:
            assert Action.parse(str(a)) == a, a
        choice = rng.choice(legal)
        assert g.is_legal(choice)
        g.apply(str(choice))


MALFORMED = [
    "",
    " roll",
    "roll ",
    "roll  now",
    "ROLL",
    "fly",
    "roll 1",
    "road",
    "road x",
    "road 01",
    "road -1",
    "road 1.5",
    "settle 1 2",
    "robber",
    "robber 33",
    "robber 3.3 x",
    "robber 3.3 1 2",
    "discard",
    "discard ore=2,brick=1",
    "discard brick=0",
    "discard brick",
    "discard brick=1,brick=1",
    "discard brick=x",
    "offer brick=1 ore=1",
    "offer brick=1 to ore=1",
    "offer brick=1 for",
    "counter for ore=1",
    "year_of_plenty",
    "year_of_plenty ore grain",
    "year_of_plenty a b c",
    "monopoly Ore",
    "monopoly",
    "maritime brick",
    "maritime brick ore wool",
    "confirm",
    "confirm one",
]


@pytest.mark.parametrize("text", MALFORMED)
def test_malformed_text_raises_parse_error_quoting_the_text(text: str) -> None:
    with pytest.raises(ActionParseError) as info:
        Action.parse(text)
    assert repr(text) in str(info.value)


@pytest.mark.parametrize("text", ["fly", "road x", "discard brick=0", ""])
def test_apply_of_malformed_text_raises_illegal_action_and_changes_nothing(kit: Kit, text: str) -> None:
    g = kit.position(buildings=[(28, 0, "settlement")], hands=[{"brick": 1}, {}, {}, {}])
    before = g.to_json()
    assert not g.is_legal(text)
    with pytest.raises(IllegalAction):
        g.apply(text)
    assert g.to_json() == before


# ------------------------------------------------------------------------------------ illegal actions


CANDIDATES = [
    "roll",
    "end",
    "buy",
    "knight",
    "road_building",
    "accept",
    "reject",
    "cancel",
    "settle 12",
    "settle 24",
    "settle 0",
    "city 28",
    "city 18",
    "road 31",
    "road 0",
    "road 71",
    "road 72",
    "settle 54",
    "confirm 1",
    "confirm 2",
    "confirm 0",
    "year_of_plenty grain ore",
    "monopoly ore",
    "robber 3.3",
    "robber 2.2 1",
    "robber 2.2 0",
    "robber 9.9",
    "discard ore=1",
    "discard ore=4",
    "discard wool=9",
    "maritime brick ore",
    "maritime ore ore",
    "offer brick=1 for ore=1",
    "offer ore=9 for wool=1",
    "offer brick=1 for brick=1",
    "counter wool=1 for brick=1",
    "counter ore=1 for ore=1",
]


def _phase_positions(kit: Kit) -> list[Game]:
    """Games in every phase of the base game."""
    out: list[Game] = []
    g = kit.fresh()
    out.append(g.clone())  # setup_settlement
    g.apply("settle 8")
    out.append(g.clone())  # setup_road
    common: dict[str, Any] = {
        "buildings": [(28, 0, "settlement"), (18, 1, "settlement"), (45, 2, "settlement")],
        "roads": [(28, 22, 0)],
        "dev_cards": [{"knight": 1, "road_building": 1}, {}, {}, {}],
    }
    out.append(kit.position(phase="roll", hands=[{"ore": 9}, {"ore": 2}, {}, {}], **common))
    out.append(kit.position(phase="main", hands=[{"brick": 2, "lumber": 1}, {"ore": 2}, {}, {}], **common))
    out.append(kit.position(phase="robber", resume_phase="main", hands=[{}, {"ore": 2}, {}, {}], **common))
    out.append(
        kit.position(phase="discard", discards_pending=[[0, 4]], hands=[{"ore": 9}, {}, {}, {}], **common)
    )
    main = kit.position(phase="main", hands=[{"brick": 2}, {"ore": 2}, {}, {}], **common)
    main.apply("offer brick=1 for ore=1")
    out.append(main.clone())  # trade_offer
    for answer in ("accept", "reject", "reject"):
        main.apply(answer)
    out.append(main)  # trade_confirm
    rb = kit.position(phase="main", hands=[{}, {}, {}, {}], **common)
    rb.apply("road_building")
    out.append(rb)  # road_building
    # over: seat 0 won in its turn with 10 VP (B-11.2): cities 3, 5, 35, settlements 28, 52, 2 VP cards
    won = {**common, "dev_cards": [{"knight": 1, "road_building": 1, "victory_point": 2}, {}, {}, {}]}
    won["buildings"] = [(3, 0, "city"), (5, 0, "city"), (35, 0, "city"), (52, 0, "settlement")]
    won["buildings"] += common["buildings"]
    over = kit.position(phase="over", winners=[0], hands=[{}, {}, {}, {}], **won)
    assert over.vp(0) == 10
    out.append(Game.from_json(over.to_json()))
    return out


def test_illegal_actions_raise_and_leave_the_snapshot_byte_identical(kit: Kit) -> None:
    """Game.apply of an illegal action raises IllegalAction with a reason and changes nothing."""
    positions = _phase_positions(kit)
    assert {g.phase for g in positions} == {
        "setup_settlement",
        "setup_road",
        "roll",
        "main",
        "robber",
        "discard",
        "trade_offer",
        "trade_confirm",
        "road_building",
        "over",
    }
    checked = 0
    for g in positions:
        legal = set(map(str, g.legal_actions()))
        for text in CANDIDATES:
            if g.is_legal(text):
                continue
            assert text not in legal
            reason = g.why_illegal(text)
            assert reason, (g.phase, text)
            before = g.to_json()
            with pytest.raises(IllegalAction) as info:
                g.apply(text)
            assert info.value.reason == reason
            assert g.to_json() == before, (g.phase, text)
            checked += 1
    assert checked > 200


BAD_PAYLOADS = [
    Action("road", "x"),
    Action("road", -1),
    Action("road", None),
    Action("settle", None),
    Action("city", [1]),
    Action("robber", None),
    Action("robber", "9.9"),
    Action("robber", "2.2", 7),
    Action("confirm", 9),
    Action("maritime", "gold", "ore"),
    Action("monopoly", "gold"),
    Action("year_of_plenty", "gold", None),
    Action("offer", "x", "y"),
    Action("counter", None, None),
    Action("discard", "x"),
    Action("offer", (("ore", "x"),), (("wool", 1),)),  # a count that is not a number
    Action("offer", ("ore",), (("wool", 1),)),  # a bundle entry that is not a pair
    Action("offer", (("brick", 1.5),), (("ore", 1),)),  # a fractional card
    Action("discard", (("ore", "x"),)),
]


@pytest.mark.parametrize("action", BAD_PAYLOADS, ids=repr)
def test_badly_formed_action_values_are_illegal_not_crashes(kit: Kit, action: Action) -> None:
    """API contract: any Action value that is not legal raises IllegalAction (never another exception) and
    leaves the state unchanged, in the phases where its kind could apply."""
    for g in _phase_positions(kit):
        before = g.to_json()
        try:
            ok = g.is_legal(action)
        except Exception as exc:  # noqa: BLE001 - the point is that nothing else escapes
            pytest.fail(f"why_illegal({action!r}) in phase {g.phase} raised {type(exc).__name__}: {exc}")
        assert not ok, (g.phase, action)
        with pytest.raises(IllegalAction):
            g.apply(action)
        assert g.to_json() == before


# ------------------------------------------------------------------------------------------- observation


def _twins(kit: Kit) -> tuple[Game, Game]:
    """Two games equal in everything public, differing in seats 1 and 2's hands and development cards and in
    the deck order."""
    buy = {"ore": 1, "wool": 1, "grain": 1}
    hand_x = {**buy, "brick": 3}
    hand_y = {**buy, "lumber": 3}
    dev_x = {"knight": 1, "monopoly": 1}
    dev_y = {"victory_point": 1, "year_of_plenty": 1}
    # the 21 cards not in a hand; A has a VP card on top, B a knight
    deck = ["knight"] * 13 + ["road_building"] * 2 + ["year_of_plenty", "monopoly"] + ["victory_point"] * 4
    deck_a, deck_b = deck, deck[::-1]
    common: dict[str, Any] = {
        "buildings": [
            (28, 0, "settlement"),
            (18, 1, "settlement"),
            (45, 2, "settlement"),
            (3, 3, "settlement"),
        ],
        "roads": [(28, 22, 0), (18, 24, 1), (45, 40, 2), (3, 0, 3)],
    }
    a = kit.position(
        hands=[{}, hand_x, hand_y, {"grain": 2}], dev_cards=[{}, dev_x, dev_y, {}], dev_deck=deck_a, **common
    )
    b = kit.position(
        hands=[{}, hand_y, hand_x, {"grain": 2}], dev_cards=[{}, dev_y, dev_x, {}], dev_deck=deck_b, **common
    )
    assert a.s.dev_deck[-1] != b.s.dev_deck[-1]
    assert a.s.bank == b.s.bank
    return a, b


def _same_view(a: Game, b: Game, seats: tuple[int, ...]) -> None:
    for seat in seats:
        oa, ob = a.observation(seat), b.observation(seat)
        assert json.dumps(oa, sort_keys=True) == json.dumps(ob, sort_keys=True), (
            f"seat {seat} can tell them apart"
        )


def test_b3_6_observation_hides_other_hands_dev_cards_and_deck(kit: Kit) -> None:
    """B-3.6: seats 0 and 3 cannot tell apart two games that differ only in seats 1 and 2's hidden cards
    and in the deck order, also after seat 1 buys a card."""
    a, b = _twins(kit)
    _same_view(a, b, (0, 3))
    for g in (a, b):
        g.apply("end")
        kit.force_roll(g, 2)  # picks the same generator seed in both games
        g.apply("buy")
    assert a.s.dice == b.s.dice
    assert a.s.dev_hand[1] != b.s.dev_hand[1]
    _same_view(a, b, (0, 3))


def test_b3_6_observation_hides_what_was_stolen(kit: Kit) -> None:
    """B-3.6: the thief and the victim learn the stolen card; seat 3 learns only that a card moved."""
    a, b = _twins(kit)
    for g in (a, b):
        g.s.phase = "robber"
        g.rng.seed(3)
        g.apply("robber 2.2 1")
    _same_view(a, b, (3,))
    steal = [ev for ev in a.observation(0)["log"] if ev["t"] == "steal"]
    assert steal and steal[-1]["resource"] in ("brick", "ore", "wool", "grain")


def test_b3_6_observation_shows_own_cards(kit: Kit) -> None:
    a, _b = _twins(kit)
    obs = a.observation(1)
    assert obs["you"]["hand"] == a.hand(1)
    assert obs["you"]["development_cards"]["knight"] == 1
    text = json.dumps(a.observation(0))
    assert "dev_deck" not in text and "rng" not in text
    assert a.observation(0)["development_deck"] == len(a.s.dev_deck)


def test_clone_is_independent_of_the_original() -> None:
    """Look-ahead on a clone never changes the original game (used by the AI)."""
    import random as _random

    from catan_desktop.engine import Game

    g = Game.new("base", players=4, seed=21)
    rng = _random.Random(3)
    while g.turn < 25:
        g.apply(rng.choice(g.legal_actions()))
    before = g.to_json()
    c = g.clone()
    for _ in range(300):
        if c.is_over:
            break
        c.apply(rng.choice(c.legal_actions()))
    assert g.to_json() == before
    assert c.to_json() != before


def test_a_huge_number_in_an_action_is_a_parse_error_not_a_crash() -> None:
    """Issue 13, item 7: a 5,000-digit node number gives ActionParseError quoting the text."""
    from catan_desktop.engine import ActionParseError

    with pytest.raises(ActionParseError):
        Action.parse("settle " + "9" * 5000)
