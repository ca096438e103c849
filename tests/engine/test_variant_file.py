"""A variant file in tests/ changes the VP target, a cost and the deck; it plays with no code change."""

from __future__ import annotations

import random
from pathlib import Path

from catan_desktop.engine import Action, Game
from catan_desktop.engine.queries import road_spots

VARIANT = Path(__file__).resolve().parents[1] / "fixtures" / "quick_variant.yaml"


def test_quick_variant_values_reach_the_engine() -> None:
    g = Game.new(str(VARIANT), players=3, seed=2)
    assert g.rules.vp_target == 6
    assert g.rules.costs["road"] == (1, 1, 0, 1, 0)  # lumber, wool, grain, brick, ore
    assert sorted(set(g.s.dev_deck)) == ["monopoly", "victory_point"] and len(g.s.dev_deck) == 10


def test_quick_variant_road_needs_wool() -> None:
    g = Game.new(str(VARIANT), players=3, seed=2)
    rng = random.Random(1)
    while g.phase != "main":
        g.apply(rng.choice(g.legal_actions()))
    data = g.to_json()
    p = g.active_player
    import json

    d = json.loads(data)
    del d["bank"]  # derived from the hands (every card is somewhere, B-1.4)
    d["hands"][p] = {"lumber": 1, "brick": 1}
    g = Game.from_json(json.dumps(d))
    spot = road_spots(g, p)[0]
    assert not g.is_legal(Action("road", spot))
    assert g.why_illegal(Action("road", spot)) == "a road costs 1 lumber + 1 wool + 1 brick"
    d["hands"][p] = {"lumber": 1, "brick": 1, "wool": 1}
    g = Game.from_json(json.dumps(d))
    assert g.is_legal(Action("road", spot))


def test_quick_variant_games_end_at_six_points() -> None:
    for seed in range(20):
        g = Game.new(str(VARIANT), players=3, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
        winner = g.winners[0]
        assert 6 <= g.vp(winner) <= 7
        assert all(g.vp(p) < 6 for p in range(3) if p != winner)
