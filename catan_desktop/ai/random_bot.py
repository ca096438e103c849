"""A bot that picks uniformly among the legal actions: the baseline for tests and benchmarks."""

from __future__ import annotations

import random

from ..engine import Action, Game


class RandomBot:
    """Chooses uniformly at random among ``game.legal_actions()`` using its own seeded RNG."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game, seat: int) -> Action:
        """Return a uniformly random legal action; raises ValueError when there is none."""
        actions = game.legal_actions()
        if not actions:
            raise ValueError("no legal action to choose from")
        return actions[int(self.rng.random() * len(actions))]
