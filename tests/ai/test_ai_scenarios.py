"""The computer players on the scenario maps (RULES.md Part S, issue 17): whole games at every level finish on
the test isles (tests/fixtures/scenario/) and the shipped scenario files when they exist; the bots take
Catan chips (S-3.5), earn, play and trade canal tokens (S-5); a road to a chip spot and a token that enables a
build are chosen; a token trade never helps a player about to win; a sampled world keeps the scenario's
public state; and the decisions are fair: a twin game that differs only in what the seat cannot see (the
other seats' cards, the deck, the dice) gives the same decision at every level."""

from __future__ import annotations

import functools
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from quick_bots import game_bot
from test_ai_fairness import _twin_with_other_secrets

from catan_desktop.ai import DIFFICULTIES, create_bot
from catan_desktop.ai.knowledge import CardTracker, sample_world
from catan_desktop.ai.scenarios_value import road_harbours
from catan_desktop.engine import Action, Game

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "scenario"
ISLE, CANAL = str(FIXTURES / "isle.yaml"), str(FIXTURES / "isle-canal.yaml")
SHIPPED = sorted(str(p) for p in (ROOT / "rules").glob("*.yaml")
                 if p.stem == "corsica" or p.stem.startswith("new-york"))
MAX_TURNS = 400



def node(g: Game, key: str) -> int:
    return g.topo.node_index[key]


def edge(g: Game, a: str, b: str) -> int:
    return g.topo.path_edge(a, b)


def position(path: str, *, settlements: dict[str, int], cities: dict[str, int] | None = None,
             roads: list[tuple[str, str, int]] | None = None, hands: dict[int, dict[str, int]] | None = None,
             sections: dict[str, Any] | None = None, **fields: Any) -> Game:
    """A hand-written 4-player position in seat 0's main phase (as tests/engine/test_rules_scenario.py)."""
    g = Game.new(path, players=4, seed=3)
    d = json.loads(g.to_json())
    d.update(phase="main", current=0, turn=5, dice=[2, 3], history=[], log=[],
             setup={"queue": [], "index": 0, "last_settlement": -1},
             buildings=[[node(g, k), q, "settlement"] for k, q in settlements.items()]
             + [[node(g, k), q, "city"] for k, q in (cities or {}).items()],
             roads=[[edge(g, a, b), q] for a, b, q in roads or []],
             hands=[dict((hands or {}).get(q, {})) for q in range(4)], modules=dict(sections or {}))
    del d["bank"], d["dev_deck"]
    d.update(fields)
    return Game.from_json(json.dumps(d))


def _play(path: str, players: int, seed: int) -> Game:
    kinds = (["hard", "normal", "easy"] * 2)[:players]
    game = Game.new(path, players=players, seed=seed)
    bots = [game_bot(kind, seed=seed * 31 + k) for k, kind in enumerate(kinds)]
    while not game.is_over and game.turn < MAX_TURNS:
        seat = game.current_player
        game.apply(bots[seat].choose(game, seat))  # Game.apply raises IllegalAction for an illegal move
    return game


GAMES = [(CANAL, 4, 2), (CANAL, 5, 3), (ISLE, 3, 4), *[(p, 4, 5) for p in SHIPPED]]


@functools.cache
def _played() -> list[Game]:
    """Played once per process (a module fixture is played again when a worker comes back to the module)."""
    return [_play(path, players, seed) for path, players, seed in GAMES]


@pytest.fixture
def played() -> list[Game]:
    return _played()


@pytest.mark.xdist_group("scenario_played")  # one worker plays the module's games once for both tests
def test_bot_games_on_the_scenario_maps_finish(played: list[Game]) -> None:
    for game, (path, players, _seed) in zip(played, GAMES, strict=True):
        assert game.is_over and game.winners, (Path(path).stem, players, game.turn)
        assert game.vp(game.winners[0]) >= game.vp_target


@pytest.mark.xdist_group("scenario_played")
def test_bots_take_chips_and_earn_play_and_trade_canal_tokens(played: list[Game]) -> None:
    seen = Counter(ev["t"] for game in played for ev in game.log)
    assert seen["catan_chip"] >= 3
    assert seen["canal_token"] >= 3 and seen["canal_played"] >= 1
    assert seen["canal_offer"] >= 1


def test_a_road_to_a_chip_spot_is_worth_its_point() -> None:
    """S-3.5: with one road to build, the bot takes the Catan chip at Torre."""
    g = position(ISLE, settlements={"castello": 0}, roads=[("castello", "x3_4", 0)],
                 hands={0: {"lumber": 1, "brick": 1}})
    for level in DIFFICULTIES[1:]:
        assert create_bot(level, seed=1).choose(g, 0) == Action("road", edge(g, "x3_4", "torre")), level


def test_a_red_path_is_valued_for_the_road_on_it() -> None:
    """S-3.3: the harbour counts for the road on the red path, not for the town beside it."""
    from catan_desktop.ai.evaluate import NORMAL

    g = position(ISLE, settlements={"rocca": 0})
    assert g.harbour_rates(0)["ore"] == 4 and road_harbours(g, 0, NORMAL, [1.0] * 5) == 0.0
    g = position(ISLE, settlements={"rocca": 0}, roads=[("rocca", "x8_13", 0)])
    assert road_harbours(g, 0, NORMAL, [1.0] * 5) > 0.0


def test_a_token_is_played_when_its_trade_completes_a_build() -> None:
    """S-5.3: ore at 2:1 buys the missing grain of a settlement at Castello: play the token."""
    g = position(CANAL, settlements={"alba": 0}, roads=[("alba", "x2_1", 0), ("x2_1", "castello", 0)],
                 hands={0: {"lumber": 1, "brick": 1, "wool": 1, "ore": 2}},
                 sections={"erie_canal": {"supply": 11, "tokens": [1, 0, 0, 0], "pairs": [[], [], [], []]}})
    for level in ("normal", "hard"):
        assert str(create_bot(level, seed=2).choose(g, 0)) == "canal ore", level


@pytest.mark.parametrize(("near_win", "level", "expect"), [
    (False, "normal", "canal_accept"), (True, "normal", "canal_reject"), (True, "easy", "canal_accept")])
def test_a_token_trade_never_helps_a_player_about_to_win(near_win: bool, level: str, expect: str) -> None:
    """S-5.4: a good trade is accepted, but not from a player two points from the target (easy does)."""
    cities = {"alba": 0, "borgo": 0, "elva": 0, "olmo": 0} if near_win else {}
    towns = {"fiora": 1, "lanza": 0, "mira": 0} if near_win else {"fiora": 1, "lanza": 0}
    g = position(CANAL, settlements=towns, cities=cities, hands={0: {"ore": 1}, 1: {"ore": 6}},
                 sections={"erie_canal": {"supply": 11, "tokens": [1, 0, 0, 0], "pairs": [[], [], [], []]}})
    assert (g.visible_vp(0) >= g.vp_target - 2) is near_win
    g.apply("canal_offer 1 canal=1 for ore=1")
    assert str(create_bot(level, seed=3).choose(g, 1)) == expect


def _positions(path: str, players: int, seed: int, every: int):
    game = Game.new(path, players=players, seed=seed)
    kinds = ("normal", "hard", "easy", "normal", "hard")
    bots = [game_bot(kinds[k], seed=seed * 7 + k) for k in range(players)]
    step = 0
    while not game.is_over and game.turn < 150:
        seat = game.current_player
        if (step % every == 0 or game.phase == "canal_answer") and len(game.legal_list()) > 1:
            yield game.clone(), seat
        game.apply(bots[seat].choose(game, seat))
        step += 1


def test_a_sampled_world_keeps_what_the_seat_knows() -> None:
    checked = 0
    for game, seat in _positions(CANAL, 4, 6, 6):
        obs = game.observation(seat)
        tracker = CardTracker()
        tracker.update(obs, game.rules)
        world = sample_world(game.rules, obs, tracker, random.Random(7), game.options)
        assert world.observation(seat)["modules"] == obs["modules"], game.phase
        assert world.vp_target == game.vp_target and world.s.bank == game.s.bank
        checked += 1
    assert checked > 20


@pytest.mark.parametrize("level", DIFFICULTIES)
def test_hidden_information_never_changes_a_decision_on_a_scenario_map(level: str) -> None:
    """Fair (issue 4): the other seats' cards, the deck and the dice are dealt again; the seat's view is the
    same and so is its decision, in the scenario's phases too (a canal token trade to answer)."""
    rng = random.Random(2026)
    compared = 0
    phases: set[str] = set()
    for path, players, seed, every in ((CANAL, 5, 16, 9),):  # a game with canal token offers to answer
        for game, seat in _positions(path, players, seed, every):
            twin = _twin_with_other_secrets(game, seat, rng)
            assert twin.observation(seat) == game.observation(seat), game.phase
            a = create_bot(level, seed=99, think_time=10.0).choose(game, seat)
            b = create_bot(level, seed=99, think_time=10.0).choose(twin, seat)
            assert a == b, (level, game.phase, str(a), str(b))
            compared += 1
            phases.add(game.phase)
    assert compared >= 30
    assert {"main", "special_build", "canal_answer", "setup_settlement"} <= phases, phases


def test_the_card_tracker_follows_canal_trades() -> None:
    g = position(CANAL, settlements={"alba": 0}, hands={1: {"ore": 3}},
                 sections={"erie_canal": {"supply": 11, "tokens": [1, 0, 0, 0], "pairs": [[], [], [], []]}})
    g.apply("canal_offer 1 canal=1 for ore=2")
    g.apply("canal_accept")
    tracker = CardTracker()
    tracker.update(g.observation(2), g.rules)
    assert tracker.known[0][g.rules.resources.index("ore")] == 2
    assert node(g, "alba") in g.s.buildings_of[0]
