"""The expert level's trade search (issue 36): many offers weighed inside the look-ahead, within the rules.

Domestic trade follows B-7.1 (the active player offers, the others answer in seat order, the active player
confirms one answer or cancels); the rule file's ``max_offers_per_turn`` bounds the offers of a turn. The
expert must keep the habits every level keeps (tests/ai/test_ai_trading.py): the same question gets the same
answer in a turn, every answer and offer carries its reason, and it decides from its seat's knowledge only.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from quick_bots import game_bot
from test_ai_fairness import _twin_with_other_secrets

from catan_desktop.ai import ExpertBot, create_bot
from catan_desktop.ai.trade_search import offer_candidates
from catan_desktop.engine import Action, Game, make_bundle

TRADE_KINDS = ("offer", "accept", "reject", "counter", "confirm", "cancel")


def _play(variant: str, seed: int, kinds: list[str], options: dict | None = None, turns: int = 500):
    """A whole game (or ``turns`` turns) of ``variant``; yields (game before, seat, bot, action) per move."""
    game = Game.new(variant, players=len(kinds), seed=seed, options=options)
    bots = [game_bot(kind, seed=seed * 31 + k) for k, kind in enumerate(kinds)]
    while not game.is_over and game.turn < turns:
        seat = game.current_player
        before = game.clone()
        action = bots[seat].choose(game, seat)
        yield before, seat, bots[seat], action
        game.apply(action)


def test_offer_candidates_are_every_small_offer_within_the_hand() -> None:
    hand = (2, 1, 0, 0, 3)
    offers = list(offer_candidates(hand))
    assert len(offers) == len(set(offers))
    for give, get in offers:
        assert all(g <= h for g, h in zip(give, hand, strict=True)) and 1 <= sum(give) <= 3
        assert 1 <= sum(get) <= 2 and not any(a and b for a, b in zip(give, get, strict=True))
    # several sizes: one for one, two for one, two kinds for one, one for two
    assert ((1, 0, 0, 0, 0), (0, 0, 1, 0, 0)) in offers
    assert ((0, 0, 0, 0, 2), (0, 0, 0, 1, 0)) in offers
    assert ((1, 1, 0, 0, 0), (0, 0, 0, 1, 0)) in offers
    assert ((0, 0, 0, 0, 1), (0, 0, 1, 1, 0)) in offers
    assert not any(give[2] or give[3] for give, _get in offers)  # nothing we do not hold


@pytest.mark.parametrize("limit", (1, 6))
def test_the_rule_files_limit_on_offers_per_turn_holds(limit: int) -> None:
    """Every seat expert: no turn has more offers than ``max_offers_per_turn`` (nor the level's own cap)."""
    per_turn: Counter[tuple[int, int]] = Counter()
    cap = min(limit, int(ExpertBot(seed=0).w.offers))
    for before, seat, _bot, action in _play("base", 5, ["expert"] * 4, {"max_offers_per_turn": limit}, 40):
        if action.kind == "offer":
            per_turn[(before.turn, seat)] += 1
    assert per_turn, "the expert made no offer in 40 turns"
    assert max(per_turn.values()) <= cap


def test_every_trade_move_of_the_expert_has_a_reason_and_offers_get_taken() -> None:
    """Each offer, answer, confirmation or cancel the expert makes says why; most of its offers are taken
    (its answer predictions use the answer model the computers use)."""
    moves: Counter[str] = Counter()
    for seed in (2, 3):
        kinds = ["expert", "hard"] * 2 if seed % 2 == 0 else ["hard", "expert"] * 2
        for _before, _seat, bot, action in _play("base", seed, kinds, turns=60):
            if isinstance(bot, ExpertBot) and action.kind in TRADE_KINDS:
                assert bot.last_reason, (seed, str(action))
                moves[action.kind] += 1
    assert moves["offer"] >= 5 and moves["confirm"] >= moves["offer"] // 2, moves
    assert moves["accept"] + moves["reject"] + moves["counter"] >= 5, moves


def _offer_to_seat1(kit, give: dict[str, int], get: dict[str, int], seat1_hand: dict[str, int]) -> Game:
    fresh = kit.fresh()
    node = fresh.topo.hex_nodes[fresh.topo.hex_index["3.5"]][0]
    other = fresh.topo.hex_nodes[fresh.topo.hex_index["1.1"]][3]
    buildings = [(node, 1, "settlement"), (other, 2, "settlement")]
    hands = [{"wool": 3, "brick": 3, "ore": 2, "grain": 2}, seat1_hand, {"lumber": 1}, {"grain": 1}]
    game = kit.position(buildings=buildings, hands=hands)
    game.apply(Action("offer", make_bundle(give), make_bundle(get)))
    assert game.phase == "trade_offer" and game.current_player == 1
    return game


def test_the_same_question_gets_the_same_answer(kit) -> None:
    """Probe-proof: the same offer twice in a turn gets the same answer and reason (a good one, a bad one)."""
    bot = create_bot("expert", seed=1)
    for give, get, hand in (
        ({"ore": 1}, {"lumber": 1}, {"ore": 2, "grain": 2, "lumber": 2}),
        ({"wool": 1}, {"grain": 1}, {"ore": 3, "grain": 2}),
    ):
        answers = []
        for _ in range(3):
            game = _offer_to_seat1(kit, give, get, hand)
            answers.append((bot.choose(game, 1), bot.last_reason))
        assert answers[0] == answers[1] == answers[2]
        assert answers[0][1]


def test_accepts_the_card_that_completes_a_city_and_declines_to_give_its_own(kit) -> None:
    bot = create_bot("expert", seed=1)
    game = _offer_to_seat1(kit, {"ore": 1}, {"lumber": 1}, {"ore": 2, "grain": 2, "lumber": 2})
    assert bot.choose(game, 1) == Action("accept") and bot.last_reason == "I need ore."
    game = _offer_to_seat1(kit, {"wool": 1}, {"grain": 1}, {"ore": 3, "grain": 2})
    assert bot.choose(game, 1).kind in ("reject", "counter") and bot.last_reason


@pytest.mark.parametrize("variant", ("base", "frenemies", "helpers", "corsica", "new-york-erie-canal"))
def test_the_expert_plays_whole_games(variant: str) -> None:
    """Two expert seats against hard and normal finish their game with legal moves only (Game.apply raises
    IllegalAction otherwise)."""
    game = None
    for before, _seat, _bot, _action in _play(variant, 11, ["expert", "hard", "expert", "normal"]):
        game = before
    assert game is not None and game.turn < 500


def _expert_positions(seed: int, every: int):
    """Positions of a game between expert and hard seats (so the expert's offers and confirmations are on
    the table), every few moves, with the seat to act when it is an expert's."""
    kinds = ["expert", "hard", "expert", "hard"]
    for step, (before, seat, _bot, _action) in enumerate(_play("base", seed, kinds, turns=80)):
        if kinds[seat] == "expert" and step % every == 0 and len(before.legal_list()) > 1:
            yield before, seat


def test_hidden_information_never_changes_an_expert_trade() -> None:
    """Fairness: the other seats' hidden cards, the deck and the dice dealt again change no decision of the
    expert, in its main phase (where it searches offers), its answers and its confirmations."""
    rng = random.Random(36)
    phases: Counter[str] = Counter()
    for seed in (4, 7):
        for game, seat in _expert_positions(seed, every=5):
            twin = _twin_with_other_secrets(game, seat, rng)
            assert twin.observation(seat) == game.observation(seat)
            a = create_bot("expert", seed=99, think_time=10.0).choose(game, seat)
            b = create_bot("expert", seed=99, think_time=10.0).choose(twin, seat)
            assert a == b, (seed, game.phase, str(a), str(b))
            phases[game.phase] += 1
    assert phases["main"] >= 20 and phases["trade_offer"] + phases["trade_confirm"] >= 3, phases
