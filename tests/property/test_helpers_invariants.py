"""Invariants of Helpers (RULES.md Part H) over many seeded random games of the rule files
rules/helpers.yaml (3-4 players) and helpers-5-6.yaml (5-6 players, with the special
building phase).

Random players (uniform over the legal actions, so every helper is used, flipped and swapped many times)
play each game to its end. At every step: exactly one helper per player once the cards are dealt (Q-43),
every card once in the stack, the display or a hand, resource cards conserved (B-1.4), no helper action
in the special building phase (H-4.3), and the module's own snapshot checks. At sampled steps: the
snapshot round-trips, and a seat's view hides the cards a development help looks at from the others.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from catan_desktop.engine import Game
from catan_desktop.engine.modules import helpers

RULES_DIR = Path(__file__).resolve().parents[2] / "rules"
MAX_TURNS = 3000
GAMES = int(os.environ.get("CATAN_PROPERTY_GAMES_HELPERS", "6"))  # per player count
CASES = [("helpers", n, seed) for n in (3, 4) for seed in range(GAMES)]
CASES += [("helpers-5-6", n, seed) for n in (5, 6) for seed in range(GAMES // 2)]


def _check_step(g: Game, all_cards: list[str]) -> None:
    st = helpers.state(g)
    held = [c for c in st.held if c is not None]
    assert sorted(st.stack + st.display + held) == all_cards, "every helper card once (H-1.1)"
    if g.turn > 0:
        assert len(held) == g.players and not st.stack, "one helper per player once dealt (H-2.2, Q-43)"
    for r in range(len(g.rules.resources)):
        assert g.s.bank[r] + sum(h[r] for h in g.s.hands) == g.rules.bank_per_resource, "B-1.4"
    assert min(min(h) for h in g.s.hands) >= 0
    if g.phase == "special_build":
        assert not any(a.kind.startswith("helper_") for a in g.legal_actions()), "H-4.3: not in the SBP"
    module = g.module("helpers")
    assert module is not None and module.check(g) == []


@pytest.mark.parametrize(("variant", "players", "seed"), CASES)
def test_helpers_games_keep_one_helper_each_and_end(variant: str, players: int, seed: int) -> None:
    g = Game.new(str(RULES_DIR / f"{variant}.yaml"), players=players, seed=seed)
    all_cards = sorted(helpers.state(g).stack)
    rng = random.Random(seed * 7919 + players)
    step = 0
    used: set[str] = set()
    while not g.is_over:
        assert g.turn < MAX_TURNS, "the game ends"
        g.apply(rng.choice(g.legal_actions()))
        step += 1
        _check_step(g, all_cards)
        if g.phase == "helper_pick" and helpers.state(g).looking:
            user = helpers.state(g).user
            other = (user + 1) % players
            assert g.observation(other)["modules"]["helpers"]["looking"] is None
        if step % 400 == 0:
            assert Game.from_json(g.to_json()).to_json() == g.to_json()
    used |= {e["card"] for e in g.log if e["t"] == "helper_used"}
    assert used, "random players use their helpers"
    assert Game.from_json(g.to_json()).to_json() == g.to_json()
