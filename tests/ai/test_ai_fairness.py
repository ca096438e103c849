"""Fair by construction (issue #4): a bot's decision depends only on what its seat may know.

For many positions of real games, a twin game is made that differs only in hidden information — the
other seats' resource cards (same counts), their development cards (same counts), the order and make-up
of the deck among the unseen cards, and the game's random generator (future dice and steals). The
observation of the seat to act is checked to be identical, then two fresh bots with the same seed must
choose the same action in both games, at every level.
"""

from __future__ import annotations

import random

import pytest

from catan_desktop.ai import DIFFICULTIES, create_bot
from catan_desktop.engine import Game


def _consistent(s, hands: list[list[int]]) -> bool:
    """Public facts about hands: a player who accepted or countered an offer holds what they promised."""
    if s.trade is None:
        return True
    for q, (verdict, gives, _gets) in s.trade.answers.items():
        need = s.trade.get if verdict == "accept" else gives if verdict == "counter" else None
        if need is not None and any(h < n for h, n in zip(hands[q], need, strict=True)):
            return False
    return True


def _twin_with_other_secrets(game: Game, seat: int, rng: random.Random) -> Game:
    twin = game.clone()
    s = twin.s
    others = [q for q in range(s.players) if q != seat]
    # resource cards: pool the other seats' cards and deal them again with the same counts
    for _attempt in range(200):
        pool = [r for q in others for r, n in enumerate(s.hands[q]) for _ in range(n)]
        rng.shuffle(pool)
        hands = [h[:] for h in s.hands]
        for q in others:
            size = sum(s.hands[q])
            hand = [0] * len(s.hands[q])
            for _ in range(size):
                hand[pool.pop()] += 1
            hands[q] = hand
        if _consistent(s, hands):
            s.hands = hands
            break
    # development cards: pool the others' old cards with the deck, deal again, shuffle the deck
    unseen = list(s.dev_deck)
    from catan_desktop.engine.ruleset import DEV_KINDS

    for q in others:
        for k, n in enumerate(s.dev_hand[q]):
            unseen.extend([DEV_KINDS[k]] * (n - s.dev_new[q][k]))
    rng.shuffle(unseen)
    for q in others:
        old = sum(s.dev_hand[q]) - sum(s.dev_new[q])
        hand = s.dev_new[q][:]
        for _ in range(old):
            hand[DEV_KINDS.index(unseen.pop())] += 1
        s.dev_hand[q] = hand
    s.dev_deck = unseen
    twin.rng.seed(rng.random())
    twin.refresh_board()
    return twin


def _positions(seed: int, every: int):
    """Positions of a game between normal bots (trading on), every few moves, with the seat to act."""
    game = Game.new("base", players=4, seed=seed)
    bots = [create_bot("normal", seed=seed * 7 + k) for k in range(4)]
    step = 0
    while not game.is_over and game.turn < 120:
        seat = game.current_player
        if step % every == 0 and len(game.legal_list()) > 1:
            yield game.clone(), seat
        game.apply(bots[seat].choose(game, seat))
        step += 1


@pytest.mark.parametrize("level", DIFFICULTIES)
def test_hidden_information_never_changes_a_decision(level: str) -> None:
    rng = random.Random(2024)
    compared = 0
    phases: set[str] = set()
    differing_secrets = 0
    for seed in (1, 2, 3):
        for game, seat in _positions(seed, every=6):
            twin = _twin_with_other_secrets(game, seat, rng)
            assert twin.observation(seat) == game.observation(seat)
            if twin.to_json() != game.to_json():
                differing_secrets += 1
            a = create_bot(level, seed=99, think_time=10.0).choose(game, seat)
            b = create_bot(level, seed=99, think_time=10.0).choose(twin, seat)
            assert a == b, (level, seed, game.phase, str(a), str(b))
            compared += 1
            phases.add(game.phase)
    assert compared >= 100
    assert differing_secrets >= compared * 0.9  # the twins really hid something different
    assert {"main", "robber", "discard", "setup_settlement", "trade_offer", "trade_confirm"} <= phases


def test_the_real_games_secrets_are_not_what_the_bot_saw() -> None:
    """A bot's sampled world must not be a copy of the real hidden state: over many positions the
    sampled hands of other seats differ from the real ones (the sampler does not peek)."""
    from catan_desktop.ai.knowledge import CardTracker, sample_world

    different = total = 0
    for game, seat in _positions(3, every=5):
        obs = game.observation(seat)
        tracker = CardTracker()
        tracker.update(obs, game.rules)
        world = sample_world(game.rules, obs, tracker, random.Random(total), game.options)
        if any(sum(game.s.hands[q]) > 1 for q in range(4) if q != seat):
            total += 1
            different += world.s.hands != game.s.hands or world.s.dev_deck != game.s.dev_deck
    assert total > 20 and different / total > 0.5
