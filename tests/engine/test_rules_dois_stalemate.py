"""Catan a Dois's stalemate ending (RULES.md D-10.1: the seeds give the game no ending of its own; designed in
issue 13, rules/catan-a-dois.yaml ``stalemate``): 30 rounds in which nobody builds, buys a development card,
plays a Knight or develops terrain end the game with nobody winning, with a warning 5 rounds before."""

from __future__ import annotations

import json

import pytest
from test_rules_dois import _founded  # the same seeded random founding as the other Part D tests

from catan_desktop.engine import Game, SnapshotError
from catan_desktop.text import describe

VARIANT = "catan-a-dois"
IDLE_ROUNDS, WARN_ROUNDS = 30, 5
_PROGRESS = ("road", "settle", "city", "buy", "develop", "knight", "road_building", "play")


def _passive_step(g: Game) -> None:
    """Roll and end the turn; answer what the game asks (discards, robber) but never make progress."""
    actions = g.legal_actions()
    for kind in ("roll", "end"):
        for a in actions:
            if a.kind == kind:
                g.apply(a)
                return
    g.apply(next(a for a in actions if a.kind not in _PROGRESS))


def _stalemate_view(g: Game) -> dict[str, int]:
    return g.observation(g.current_player)["modules"]["stalemate"]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_d10_1_thirty_rounds_without_progress_end_the_game_with_nobody_winning(seed: int) -> None:
    g = _founded(seed)
    assert g.turn == 1
    warned_at = None
    while not g.is_over:
        _passive_step(g)
        if warned_at is None and any(e["t"] == "stalemate_near" for e in g.log):
            warned_at = g.turn
    # turn 1 ends with the founding as its progress; turns 2 to 61 are the 60 idle turns (30 rounds of 2)
    assert g.turn == 1 + IDLE_ROUNDS * 2
    assert g.winners == [] and g.log[-1]["t"] == "stalemate" and g.log[-1]["rounds"] == IDLE_ROUNDS
    assert warned_at == 1 + (IDLE_ROUNDS - WARN_ROUNDS) * 2 + 1  # warned when turn 51 ended
    assert "nobody wins" in describe(g.log[-1], ["You", "Bruno"], viewer=0) or ""
    assert "5 rounds" in describe(next(e for e in g.log if e["t"] == "stalemate_near"), ["You", "B"]) or ""
    again = Game.from_json(g.to_json())  # a finished stalemate is a position play can reach
    assert again.is_over and again.winners == []


def test_d10_1_progress_resets_the_count() -> None:
    g = _founded(4)
    for _ in range(40):  # 20 idle turn ends
        _passive_step(g)
    idle = _stalemate_view(g)["idle_turns"]
    assert idle > 0 and _stalemate_view(g)["rounds_left"] == IDLE_ROUNDS - idle // 2
    d = json.loads(g.to_json())
    d.pop("rng", None)
    seat = d["current"]
    d["hands"][seat] = {"brick": 1, "lumber": 1}
    d["bank"] = {r: n - (1 if r in ("brick", "lumber") else 0) for r, n in d["bank"].items()}
    g = Game.from_data(d, check=False)
    while g.current_player != seat or g.phase != "main" or g.s.dice is None:
        _passive_step(g)
    road = next(a for a in g.legal_actions() if a.kind == "road")
    g.apply(road)
    g.apply("end")
    assert _stalemate_view(g)["idle_turns"] == 0


def test_d10_1_a_finished_game_with_no_winner_needs_its_ending_to_hold() -> None:
    """A save that says 'over, nobody won' is refused unless a collapse (D-5.4) or the stalemate explains it
    (issue 13: such a file made Continue delete the autosave)."""
    g = _founded(5)
    d = json.loads(g.to_json())
    d["phase"], d["winners"] = "over", []
    with pytest.raises(SnapshotError, match="nobody won"):
        Game.from_data(d)
    d["modules"]["stalemate"] = {"idle_turns": IDLE_ROUNDS * 2, "mark": [1, 2, 3, 4, 5]}
    assert Game.from_data(d).is_over


@pytest.mark.parametrize("bad", [{"idle_turns": -1}, {"idle_turns": 61}, {"idle_turns": "3"},
                                 {"idle_turns": 2, "mark": "x"}, {"idle_turns": 2, "mark": []}, [1]])
def test_d10_1_a_wrong_stalemate_section_is_refused(bad: object) -> None:
    d = json.loads(_founded(6).to_json())
    d["modules"]["stalemate"] = bad
    with pytest.raises(SnapshotError, match="stalemate"):
        Game.from_data(d)
