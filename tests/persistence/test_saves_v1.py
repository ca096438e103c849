"""Saves written before rule modules had snapshot sections (snapshot version 1) still load and replay.

tests/fixtures/saves_v1/ holds two saves written by the engine of commit 6573e50: a 5-player game in the
special building phase (F-3.2: the queue was ``special_build_queue``) and a Catan a Dois game in its main
phase with a market, reserves and a developed hex (D-1.4, D-4, D-6: the stocks were under ``dois``).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from catan_desktop.engine.modules import market, special_building_phase, token_removal
from catan_desktop.persistence import load_game

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "saves_v1"


def _old_snapshot(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))["snapshot"]


def test_f3_2_a_version_1_save_in_the_special_building_phase_loads_and_replays() -> None:
    path = FIXTURES / "five_six_special_build.json"
    old = _old_snapshot(path)
    assert old["version"] == 1 and old["special_build_queue"]
    for verify in (False, True):
        game = load_game(path, verify=verify).game
        assert game.phase == "special_build"
        assert special_building_phase.queue(game) == old["special_build_queue"]
        assert game.current_player == old["special_build_queue"][0]
    assert json.loads(game.to_json())["version"] == 2
    rng = random.Random(1)
    for _ in range(50):  # the upgraded game plays on
        game.apply(rng.choice(game.legal_actions()))


def test_d4_d6_a_version_1_catan_a_dois_save_keeps_its_market_reserves_and_tokens() -> None:
    path = FIXTURES / "dois_midgame.json"
    old = _old_snapshot(path)["dois"]
    for verify in (False, True):
        game = load_game(path, verify=verify).game
        names = game.rules.resources
        st = market.state(game)
        assert [names[r] for r in st.open] == old["market_open"]
        assert [names[r] for r in st.pile] == old["market_pile"]
        assert token_removal.state(game).reserve == old["reserve"]
        extra = {game.topo.hex_ids[h]: x for h, x in enumerate(game.s.extra_tokens) if x}
        assert extra == old["extra_tokens"]
    again = type(game).from_json(game.to_json())
    assert again.to_json() == game.to_json()


def test_d10_1_a_catan_a_dois_game_saved_before_the_stalemate_ending_gets_it_and_ends() -> None:
    """Issue 35, item 7 (D-10.1, designed): the save of commit 6573e50 stores rules without ``stalemate``;
    loaded, its game has the shipped variant's stalemate, so a game where nobody builds again (here: every
    seat rolls, discards, moves the robber and ends, never building) ends within ``idle_rounds`` rounds
    instead of running for ever. The saved history still replays under the stored rules."""
    path = FIXTURES / "dois_midgame.json"
    assert "stalemate" not in json.loads(path.read_text(encoding="utf-8"))["rules"]["modules"]
    game = load_game(path, verify=True).game
    assert "stalemate" in game.rules.modules
    rounds = game.rules.data["module_settings"]["stalemate"]["idle_rounds"]
    start = game.turn
    builds = {"road", "settle", "city", "buy", "develop", "knight", "road_building", "remote_keep"}
    while not game.is_over and game.turn <= start + rounds * game.players + 2:
        legal = game.legal_actions()
        idle = [a for a in legal if a.kind not in builds and a.kind != "offer"]
        game.apply(idle[0] if idle else legal[0])
    assert game.is_over and not game.winners and game.turn <= start + rounds * game.players + 1
    assert any(ev["t"] == "stalemate" for ev in game.log[-6:])
    again = type(game).from_json(game.to_json())
    assert again.to_json() == game.to_json()
