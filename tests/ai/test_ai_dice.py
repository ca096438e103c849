"""Issue 19: the computer players' dice expectations follow the game's dice. With balanced dice a bot's
sampled world holds a dice deck with exactly the public count of cards left for each total (never the real
order), and the risk it sees in holding more than 7 cards follows the chance of a 7 on the next roll;
with ordinary dice nothing changes."""

from __future__ import annotations

import random
from collections import Counter

from catan_desktop.ai import create_bot
from catan_desktop.ai.evaluate import seven_risk
from catan_desktop.ai.knowledge import CardTracker, sample_world
from catan_desktop.engine import Game


def _balanced_positions(count: int = 12) -> list[Game]:
    game = Game.new("base", players=3, seed=21, options={"dice": "balanced"})
    bots = [create_bot("normal", seed=s) for s in range(3)]
    out = []
    while not game.is_over and len(out) < count:
        if game.phase == "main" and game.turn % 3 == 0:
            out.append(game.clone())
        game.apply(bots[game.current_player].choose(game, game.current_player))
    return out


def test_a_sampled_world_has_the_public_deck_counts_not_the_real_order() -> None:
    same_order = 0
    positions = _balanced_positions()
    assert len(positions) >= 8
    for k, game in enumerate(positions):
        seat = game.current_player
        obs = game.observation(seat)
        tracker = CardTracker()
        tracker.update(obs, game.rules)
        world = sample_world(game.rules, obs, tracker, random.Random(k), game.options)
        real = game.module_state("balanced_dice").cards
        guessed = world.module_state("balanced_dice").cards
        assert Counter(a + b for a, b in guessed) == Counter(a + b for a, b in real)
        assert world.dice_odds() == game.dice_odds()
        same_order += [tuple(c) for c in guessed] == [tuple(c) for c in real]
    assert same_order <= 1  # the order is guessed, not copied


def test_the_risk_of_a_seven_follows_the_deck() -> None:
    ordinary = Game.new("base", players=3, seed=1)
    assert seven_risk(ordinary) == 1.0
    game = Game.new("base", players=3, seed=1, options={"dice": "balanced"})
    deck = game.module_state("balanced_dice")
    deck.cards = [[1, 1], [2, 2], [6, 6], [3, 3], [4, 4], [5, 5], [2, 5]]  # one 7 in seven cards
    assert abs(seven_risk(game) - (1 / 7) / (6 / 36)) < 1e-9
    deck.cards = [[1, 1], [2, 2], [6, 6], [3, 3], [4, 4], [5, 5], [1, 2]]  # no 7 left before the reshuffle
    assert seven_risk(game) == 0.0
