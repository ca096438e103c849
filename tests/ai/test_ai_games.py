"""Whole games (issue #4): every level plays every installed variant to the end with legal moves only, a
bot decides from a hand-written position with no history, and ``simulate`` accepts ``ai:`` seats."""

from __future__ import annotations

import json

import pytest

from catan_desktop.ai import BOT_KINDS, DIFFICULTIES, create_bot
from catan_desktop.cli.main import main as cli_main
from catan_desktop.engine import Game, load_rules
from catan_desktop.variants import list_variants

GAMES = 200
VARIANTS = [v.name for v in list_variants() if not v.error]


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_level_finishes_200_games_without_an_illegal_action(variant: str) -> None:
    """Game.apply raises IllegalAction for any move that is not legal, so reaching the end is the proof.
    Every game seats each level (and the random baseline), rotated so each plays from every seat."""
    rules = load_rules(variant)
    players = rules.players_max
    kinds = list(DIFFICULTIES) + ["random"]
    finished = 0
    for i in range(GAMES):
        seats = [kinds[(i + k) % len(kinds)] for k in range(players)]
        game = Game.new(variant, players=players, seed=i)
        bots = [create_bot(kind, seed=i * 31 + k) for k, kind in enumerate(seats)]
        while not game.is_over and game.turn < 500:
            seat = game.current_player
            game.apply(bots[seat].choose(game, seat))
        finished += game.is_over
    assert finished == GAMES


HAND_WRITTEN = {
    "variant": "base",
    "players": 3,
    "phase": "main",
    "current": 1,
    "dice": [4, 2],
    "board": {
        "hexes": [
            {"id": hid, "terrain": terrain, "number": number}
            for hid, terrain, number in [
                ("1.1", "mountains", 10), ("1.2", "pasture", 2), ("1.3", "forest", 9),
                ("2.1", "fields", 12), ("2.2", "hills", 6), ("2.3", "pasture", 4), ("2.4", "hills", 10),
                ("3.1", "fields", 9), ("3.2", "forest", 11), ("3.3", "desert", None), ("3.4", "forest", 3),
                ("3.5", "mountains", 8), ("4.1", "forest", 8), ("4.2", "mountains", 3), ("4.3", "fields", 4),
                ("4.4", "pasture", 5), ("5.1", "hills", 5), ("5.2", "fields", 6), ("5.3", "pasture", 11),
            ]
        ],
        "robber": "3.3",
    },
    "buildings": [[13, 0, "settlement"], [40, 0, "settlement"], [19, 1, "city"], [44, 1, "settlement"],
                  [8, 2, "settlement"], [29, 2, "settlement"]],
    "roads": [],
    "hands": [{"ore": 2}, {"ore": 3, "grain": 2, "brick": 1, "lumber": 1}, {"wool": 4}],
}  # fmt: skip


@pytest.mark.parametrize("kind", BOT_KINDS)
def test_decides_from_a_hand_written_position_without_history(kind: str) -> None:
    """Outside harnesses rebuild a position with Game.from_json and ask the bot (docs/engine-api.md)."""
    game = Game.from_json(json.dumps(HAND_WRITTEN))
    action = create_bot(kind, seed=1).choose(game, 1)
    assert game.is_legal(action)
    if kind != "random":  # 3 ore + 2 grain and one settlement left to upgrade: every level takes the city
        assert str(action) == "city 44"


def test_simulate_runs_ai_seats(capsys) -> None:
    """`catan-desktop simulate --seats ai:hard,ai:normal,ai:easy,random --games N --json` reports results."""
    code = cli_main(["simulate", "--seats", "ai:hard,ai:normal,ai:easy,random", "--games", "4", "--json"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["seats"] == ["ai:hard", "ai:normal", "ai:easy", "random"]
    assert data["games"] == 4 and sum(data["wins"]) == 4


def test_every_level_plays_the_catan_a_dois_core_without_an_illegal_action() -> None:
    """The Catan a Dois engine core (tests/fixtures/catan-a-dois-core.yaml, RULES.md Part D): founding
    token removal, the market and its cap, the robber on a token. The bots reach the end (a win or a
    collapse, D-5.4) through legal moves only."""

    variant = "catan-a-dois"
    kinds = list(DIFFICULTIES) + ["random"]
    ended = 0
    for i in range(24):
        seats = [kinds[i % 4], kinds[(i // 4 + i + 1) % 4]]
        game = Game.new(variant, players=2, seed=i)
        bots = [create_bot(kind, seed=i * 7 + k) for k, kind in enumerate(seats)]
        while not game.is_over and game.turn < 600:
            seat = game.current_player
            game.apply(bots[seat].choose(game, seat))
        ended += game.is_over
    assert ended >= 22  # a random seat can leave an economy where nobody can build (see the property test)
