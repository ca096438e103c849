"""What a bot knows: card counting from the public log, and worlds sampled to match it (issue #4)."""

from __future__ import annotations

import random

from catan_desktop.ai import create_bot
from catan_desktop.ai.knowledge import CardTracker, sample_world
from catan_desktop.engine import Game


def _random_game_steps(seed: int, steps: int):
    """Yield a base game after each of ``steps`` random-bot moves (trading on)."""
    game = Game.new("base", players=4, seed=seed)
    bots = [create_bot("random", seed=seed * 10 + k) for k in range(4)]
    for _ in range(steps):
        if game.is_over:
            return
        seat = game.current_player
        game.apply(bots[seat].choose(game, seat))
        yield game


def test_tracker_never_claims_a_card_the_player_does_not_hold() -> None:
    """Card counting (B-3.6: hands are hidden) may only infer what the public log proves: every card the
    tracker 'knows' another seat holds is really in that hand, and known + unknown = the public count."""
    checked = 0
    for seed in range(6):
        tracker = CardTracker()
        for game in _random_game_steps(seed, 500):
            obs = game.observation(0)
            tracker.update(obs, game.rules)
            for q in range(1, 4):
                real = game.s.hands[q]
                assert all(k <= h for k, h in zip(tracker.known[q], real, strict=True)), (seed, q)
                assert sum(tracker.known[q]) + tracker.unknown[q] == sum(real)
                checked += 1
    assert checked > 5000


def test_tracker_knows_production_exactly_until_a_hidden_steal() -> None:
    """After the founding phase and a few rolls with no 7, all cards of every seat come from public events."""
    game = Game.new("base", players=4, seed=11)
    bot = create_bot("normal", seed=1)
    tracker = CardTracker()
    while game.turn < 1:
        seat = game.current_player
        game.apply(bot.choose(game, seat))
    tracker.update(game.observation(0), game.rules)
    for q in range(1, 4):  # starting resources are public
        assert tracker.known[q] == game.s.hands[q]
        assert tracker.unknown[q] == 0


def test_sampled_world_matches_everything_the_seat_knows() -> None:
    """The sample keeps the public state and our own cards, and conserves every card (B-1.4: 19 of each)."""
    rng = random.Random(3)
    for seed in range(4):
        tracker = CardTracker()
        for i, game in enumerate(_random_game_steps(100 + seed, 400)):
            if i % 7:
                continue
            seat = game.current_player
            obs = game.observation(seat)
            tracker.update(obs, game.rules)
            world = sample_world(game.rules, obs, tracker, rng, game.options)
            s, w = game.s, world.s
            assert w.phase == s.phase and w.current == s.current and w.turn == s.turn
            assert w.hands[seat] == s.hands[seat] and w.dev_hand[seat] == s.dev_hand[seat]
            assert [sum(h) for h in w.hands] == [sum(h) for h in s.hands]
            assert [sum(d) for d in w.dev_hand] == [sum(d) for d in s.dev_hand]
            assert len(w.dev_deck) == len(s.dev_deck)
            assert w.bank == s.bank
            for r in range(5):
                assert w.bank[r] + sum(h[r] for h in w.hands) == 19
            assert w.node_owner == s.node_owner and w.edge_owner == s.edge_owner and w.robber == s.robber
            assert w.road_len == s.road_len
            if s.phase in ("main", "roll", "robber", "discard", "setup_settlement", "setup_road"):
                mine = [a for a in game.legal_actions() if a.kind != "offer"]
                assert [a for a in world.legal_actions() if a.kind != "offer"] == mine


def test_sampled_world_does_not_reuse_the_games_dice() -> None:
    """Future dice in the sample come from the bot's RNG: two samples of one position roll differently."""
    game = Game.new("base", players=4, seed=5)
    bot = create_bot("normal", seed=1)
    while game.phase != "roll":
        game.apply(bot.choose(game, game.current_player))
    obs = game.observation(game.current_player)
    tracker = CardTracker()
    tracker.update(obs, game.rules)
    rolls = set()
    for k in range(12):
        world = sample_world(game.rules, obs, tracker, random.Random(k), game.options)
        world.apply("roll")
        rolls.add(tuple(world.s.dice or ()))
    assert len(rolls) > 3
