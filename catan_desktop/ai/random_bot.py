"""A bot that picks uniformly among the legal actions: the baseline for tests and benchmarks."""

from __future__ import annotations

import random

from ..engine import Action, Game


class RandomBot:
    """Chooses uniformly at random among ``game.legal_actions()`` using its own seeded RNG, except that it
    makes at most one trade offer a turn (uniform choice would fill every turn with offers, each of which
    a human player has to answer)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.last_reason: str | None = None

    def choose(self, game: Game, seat: int) -> Action:
        """Return a uniformly random legal action; raises ValueError when there is none."""
        actions = game.legal_actions()
        offers = getattr(game, "observation_offers_made", None)  # a DiceGame has no offers
        if offers is not None and offers() >= 1:
            actions = [a for a in actions if a.kind not in ("offer", "canal_offer")] or actions
        if not actions:
            raise ValueError("no legal action to choose from")
        return actions[int(self.rng.random() * len(actions))]
