"""The story of a game (issue 19): the charts' numbers equal figures recomputed from the history another way
(the engine's own counters, the final score, a straight replay)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from catan_desktop.engine import Game, Ruleset
from catan_desktop.replay import Timeline
from catan_desktop.replay.story import CHANCE, SOURCES, TOTALS, Story

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def _games(variant: str) -> list[tuple[dict[str, Any], Timeline]]:
    with gzip.open(GOLDEN / f"{variant}.json.gz", "rt", encoding="utf-8") as f:
        records = json.load(f)["games"][:3]
    out = []
    for rec in records:
        rules = Ruleset.from_dict(json.loads(rec["final"])["rules"])  # as recorded
        start = Game.new(rules, players=rec["players"], seed=rec["seed"], board=rec["board"])
        out.append((rec, Timeline(start, rec["history"])))
    return out


@pytest.mark.parametrize("variant", ["base", "base-5-6", "catan-a-dois"])
def test_the_story_adds_up(variant: str) -> None:
    for _rec, timeline in _games(variant):
        story = Story.of(timeline)
        final = timeline.final
        n = final.players
        # victory points: one column per turn, the last one the final score
        assert len(story.turns) == len(set(timeline.turn_at(s) for s in timeline.turn_starts))
        assert [story.vp[seat][-1] for seat in range(n)] == [final.vp(seat) for seat in range(n)]
        for i, turn in enumerate(story.turns[:-1]):
            at = timeline.game_at(timeline.turn_start(turn))
            assert [story.vp[seat][i] for seat in range(n)] == [at.vp(seat) for seat in range(n)]
        # the dice: the engine counts every roll too
        counts = final.seat_view(0).dice_counts
        assert [story.dice[t] for t in TOTALS] == [counts[t] for t in TOTALS]
        assert story.rolls == sum(1 for ev in timeline.log if ev["t"] == "roll")
        assert sum(story.expected_dice(t) for t in TOTALS) == pytest.approx(story.rolls)
        # production: the produce events, and the cards received add up by source
        for seat in range(n):
            produced = sum(sum(ev["cards"].values()) for ev in timeline.log
                           if ev["t"] == "produce" and ev["seat"] == seat)
            starting = sum(sum(ev["cards"].values()) for ev in timeline.log
                           if ev["t"] == "starting_resources" and ev["seat"] == seat)
            assert story.produced[seat] == produced
            assert story.gained[seat]["production"] == produced + starting
            stolen = sum(1 for ev in timeline.log if ev["t"] == "steal" and ev["seat"] == seat
                         and ev.get("resource"))
            assert story.gained[seat]["robbery"] == stolen
            assert set(story.gained[seat]) == set(SOURCES)
            assert story.luck(seat) == pytest.approx(story.produced[seat] - story.expected[seat])
        # the lead: each change names a new leader who leads alone at that turn
        for lead in story.leads:
            at = timeline.game_at(lead.step)
            points = [at.vp(seat) for seat in range(n)]
            assert points[lead.seat] == lead.vp == max(points) and points.count(lead.vp) == 1
        assert all(a.seat != b.seat for a, b in zip(story.leads, story.leads[1:], strict=False))


def test_the_expected_production_of_a_single_settlement() -> None:
    """Luck's yardstick: a lone settlement on three numbers expects the sum of their chances, a card a hit."""
    from catan_desktop.replay.story import _odds

    game = Game.new("base", players=3, seed=4, board="beginner")
    view = game.seat_view(0)
    topo = view.topo
    node = next(n for n in range(len(topo.node_hexes)) if len(topo.node_hexes[n]) == 3
                and all(view.number[h] and h != view.robber for h in topo.node_hexes[n]))
    chance = sum(CHANCE[view.number[h]] for h in topo.node_hexes[node])
    seat = game.active_player
    game.apply(f"settle {node}")
    odds = _odds(game)
    assert odds[seat] == pytest.approx(chance) and chance > 0.2
    assert sum(odds) == pytest.approx(odds[seat])  # nobody else has built yet
    assert CHANCE[7] == pytest.approx(6 / 36) and sum(CHANCE.values()) == pytest.approx(1)


def test_a_modules_exchanges_count_as_trades() -> None:
    """A rule module's exchanges (``RuleModule.TRADE_EVENTS``: Catan a Dois's market, D-4) are trades in the
    story, though the story names no module: the cards every market purchase brought are in ``trade``."""
    for _rec, timeline in _games("catan-a-dois"):
        game = timeline.game_at(0)
        bought = [0] * game.players
        for step, action in enumerate(timeline.history, start=1):
            before = [dict(game.hand(seat)) for seat in range(game.players)]
            game.apply(action)
            if any(ev["t"] in ("market", "market_sell") for ev in timeline.events_of(step)):
                for seat in range(game.players):
                    after = dict(game.hand(seat))
                    bought[seat] += sum(max(0, after[r] - before[seat][r]) for r in after)
        story = Story.of(timeline)
        assert sum(bought) > 0
        for seat in range(game.players):
            assert story.gained[seat]["trade"] >= bought[seat]
