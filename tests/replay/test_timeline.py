"""The replay timeline (issue 19): every variant's golden games, stepped forward and back in any order,
reach exactly the positions the straight replay passes through, and the final one is the saved game."""

from __future__ import annotations

import gzip
import json
import random
from pathlib import Path
from typing import Any

import pytest

from catan_desktop.engine import Game, Ruleset
from catan_desktop.persistence.saves import save_document
from catan_desktop.replay import MARK_KINDS, Timeline

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
VARIANTS = ["base", "base-5-6", "catan-a-dois"]


def _golden(variant: str) -> list[dict[str, Any]]:
    with gzip.open(GOLDEN / f"{variant}.json.gz", "rt", encoding="utf-8") as f:
        return json.load(f)["games"]


def _start(rec: dict[str, Any]) -> Game:
    """The recorded game's start, under the rules it was recorded with (stored in its final snapshot)."""
    rules = Ruleset.from_dict(json.loads(rec["final"])["rules"])
    return Game.new(rules, players=rec["players"], seed=rec["seed"], board=rec["board"])


def _check(rec: dict[str, Any], steps: list[int]) -> None:
    """The timeline's position at each of ``steps`` (in that order) equals the straight replay's."""
    timeline = Timeline(_start(rec), rec["history"])
    wanted = set(steps) | {len(rec["history"])}
    straight, positions = _start(rec), {}
    for k in range(len(rec["history"]) + 1):
        if k in wanted:
            positions[k] = straight.to_json()
        if k < len(rec["history"]):
            straight.apply(rec["history"][k])
    assert timeline.steps == len(rec["history"])
    assert Game.from_json(rec["final"]).to_json() == positions[timeline.steps]  # the saved final state
    for step in steps:
        assert timeline.game_at(step).to_json() == positions[step], f"{rec['id']} step {step}"


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_step_forward_and_back_is_the_straight_replays_position(variant: str) -> None:
    """Two games of computer players per variant at every step, last to first (then first to last); a
    long game of random play (up to 3,000 actions) at 60 steps in random order."""
    games = _golden(variant)
    rng = random.Random(19)
    for rec in games[-2:]:
        every = list(range(len(rec["history"]) + 1))
        _check(rec, every[::-1] + every)
    long = games[0]
    _check(long, rng.sample(range(len(long["history"]) + 1), 60))


def test_a_position_is_a_copy_that_leaves_the_timeline_as_it_was() -> None:
    rec = _golden("base")[0]
    timeline = Timeline(_start(rec), rec["history"])
    game = timeline.game_at(200)
    expected = timeline.game_at(201).to_json()
    game.apply(rec["history"][200])
    for action in game.legal_actions()[:1]:
        game.apply(action)  # playing on from a position changes nothing stored
    assert timeline.game_at(201).to_json() == expected
    assert timeline.game_at(-5).to_json() == timeline.game_at(0).to_json()
    assert timeline.game_at(10**6).to_json() == timeline.game_at(timeline.steps).to_json()


def test_turns_steps_and_events_line_up() -> None:
    rec = _golden("base")[0]
    timeline = Timeline(_start(rec), rec["history"])
    assert timeline.turn_starts[0] == 0
    for turn_start in timeline.turn_starts[1:]:
        assert timeline.turn_at(turn_start) == timeline.turn_at(turn_start - 1) + 1
        assert timeline.game_at(turn_start).turn == timeline.turn_at(turn_start)
        assert timeline.turn_start(timeline.turn_at(turn_start)) == turn_start
        assert timeline.previous_turn(turn_start) < turn_start <= timeline.next_turn(turn_start - 1)
    events = sum(len(timeline.events_of(k)) for k in range(timeline.steps + 1))
    assert events + timeline.event_start[0] == len(timeline.log)
    step = timeline.turn_starts[5]
    assert timeline.log_until(step) == timeline.game_at(step).log


def test_the_big_moments_are_marked_where_they_happened() -> None:
    rec = next(r for r in _golden("base") if r["winners"])
    timeline = Timeline(_start(rec), rec["history"])
    kinds = {mark.kind for mark in timeline.marks}
    assert kinds <= set(MARK_KINDS) and {"seven", "city", "win"} <= kinds
    for mark in timeline.marks:
        assert mark.event in timeline.events_of(mark.step)
        if mark.kind == "city":
            assert timeline.history[mark.step - 1].startswith("city")
    assert timeline.marks[-1].kind == "win" and timeline.marks[-1].step == timeline.steps


def test_a_save_document_and_a_game_in_memory_give_the_same_timeline() -> None:
    rec = _golden("catan-a-dois")[0]
    game = _start(rec)
    for action in rec["history"]:
        game.apply(action)
    from_game, from_doc = Timeline.of_game(game), Timeline.of_document(save_document(game))
    assert from_game.history == from_doc.history == tuple(rec["history"])
    assert from_doc.game_at(from_doc.steps).to_json() == game.to_json()
    assert from_game.game_at(57).to_json() == from_doc.game_at(57).to_json()
