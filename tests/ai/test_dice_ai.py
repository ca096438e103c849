"""The computer players of the Catan Dice Game (catan_desktop/ai/dice_bot.py): every level plays whole
classic and Plus games with legal moves only, through ``create_bot`` like the board game's; they play
sensibly in hand-written positions; they never read the game's RNG (fair: a different future gives the
same decision); and ``catan-desktop simulate`` plays dice games. Strength figures: bench/dice_ai.py."""

from __future__ import annotations

import json
import random
import statistics

import pytest

from catan_desktop.ai import create_bot
from catan_desktop.ai.dice_bot import DiceBot
from catan_desktop.cli.main import main as cli_main
from catan_desktop.engine import Action, DiceGame

LEVELS = ("easy", "normal", "hard")


def play(game: DiceGame, kinds: list[str], seed: int) -> DiceGame:
    bots = [create_bot(kind, seed=seed * 10 + k) for k, kind in enumerate(kinds)]
    while not game.is_over:
        seat = game.current_player
        game.apply(bots[seat].choose(game, seat))  # apply raises IllegalAction for an illegal move
    return game


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_a_solo_classic_game_well_above_random(level: str) -> None:
    scores = [play(DiceGame.new("dice-game", players=1, seed=s), [level], s).score(0) for s in range(2)]
    randoms = [play(DiceGame.new("dice-game", players=1, seed=s), ["random"], s).score(0) for s in range(2)]
    assert statistics.mean(scores) > statistics.mean(randoms) + 25, (scores, randoms)


def test_a_plus_game_with_every_level_and_a_random_seat_ends_with_one_winner() -> None:
    game = play(DiceGame.new("dice-game-plus", players=4, seed=3), ["hard", "normal", "easy", "random"], 3)
    assert len(game.winners) == 1 and game.score(game.winners[0]) >= 10


def test_a_two_player_classic_game_ends_after_15_turns_each() -> None:
    game = play(DiceGame.new("dice-game", players=2, seed=4), ["hard", "easy"], 4)
    assert game.turn == 30 and game.winners


KNIGHTS = [f"K{k}" for k in range(1, 7)]


def position(dice: list[str], built: list[str], rolls: int = 1, used: list[str] | None = None) -> DiceGame:
    """A solo classic position in turn 1 after ``rolls`` rolls."""
    return DiceGame.from_data(
        {
            "format": "catan-desktop-snapshot",
            "kind": "dice",
            "variant": "dice-game",
            "players": 1,
            "current": 0,
            "start_player": 0,
            "turn": 1,
            "dice": dice,
            "rolls": rolls,
            "sheets": [{"built": built, "swaps_used": used or [], "track": []}],
        }
    )


def play_turn(game: DiceGame, bot: DiceBot) -> list[str]:
    """The bot's moves until its turn ends."""
    moves: list[str] = []
    while not game.is_over and moves[-1:] != ["end"]:
        action = bot.choose(game, 0)
        moves.append(str(action))
        game.apply(action)
    return moves


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_takes_the_city_its_dice_pay_for(level: str) -> None:
    """3 ore + 2 grain, the road to city 7 built, the knights built and their swaps used: the turn builds
    city 7 (C-3.4, C-6.1), keeping the city's dice if it rolls again."""
    game = position(
        ["ore", "grain", "ore", "ore", "grain", "wool"], ["R0", "R1", "S3", *KNIGHTS], used=KNIGHTS
    )
    moves = play_turn(game, DiceBot(level, 1))
    assert "build city 7" in moves and all(m in ("reroll 5", "build city 7", "end") for m in moves), moves


@pytest.mark.parametrize("level", LEVELS)
def test_no_level_ends_a_turn_empty_handed_when_it_can_build(level: str) -> None:
    """After the third roll, a road is better than the -2 of an empty turn (Q-53)."""
    game = position(["brick", "lumber", "ore", "ore", "wool", "wool"], [], rolls=3)
    action = DiceBot(level, 1).choose(game, 0)
    assert action.kind == "build"


def test_the_hard_level_pairs_gold_to_complete_a_settlement() -> None:
    """Brick, lumber, wool, two gold and a brick after the last roll: two gold make the grain of settlement 4
    (C-5), worth more than a road."""
    game = position(["brick", "lumber", "wool", "gold", "gold", "brick"], ["S3", "R0", "R2"], rolls=3)
    moves = play_turn(game, DiceBot("hard", 2))
    assert moves[:2] == ["gold 3,4 grain", "build settlement 4"], moves


@pytest.mark.parametrize("level", ("normal", "hard"))
def test_the_city_dice_are_kept_when_a_city_is_next(level: str) -> None:
    """Road to city 7 built, every knight built and its swap used, 3 ore + 1 grain + 2 wool after roll 1:
    the city is the only build in reach, so the ore and the grain are kept and the wool rolled again."""
    game = position(
        ["ore", "ore", "ore", "grain", "wool", "wool"], ["R0", "R1", "S3", *KNIGHTS], used=KNIGHTS
    )
    assert DiceBot(level, 3).choose(game, 0) == Action("reroll", (4, 5))


@pytest.mark.parametrize("level", LEVELS)
def test_a_decision_does_not_depend_on_the_future_rolls(level: str) -> None:
    """The bot never reads the game's RNG: the same position with another generator state (other future
    dice) gives the same decisions (C-2.1's rolls are the only hidden thing)."""
    game = DiceGame.new("dice-game-plus", players=2, seed=6)
    rng = random.Random(6)
    checked = 0
    while not game.is_over and checked < 25:
        other = game.clone()
        other.rng.seed(12345 + checked)
        first = DiceBot(level, 7).choose(game, game.current_player)
        assert DiceBot(level, 7).choose(other, other.current_player) == first
        game.apply(first if rng.random() < 0.8 else rng.choice(game.legal_actions()))
        checked += 1


def test_simulate_plays_the_dice_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        cli_main(["simulate", "--variant", "dice-game", "--seats", "ai:normal", "--games", "2", "--json"])
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "dice" and data["wins"] == [2] and data["average_turns"] == 15
    assert data["average_vp"][0] > 20
    code = cli_main(
        ["simulate", "--variant", "dice-game-plus", "--seats", "ai:hard,ai:normal", "--games", "2"]
    )
    out = capsys.readouterr().out
    assert code == 0 and "average score" in out and "2 games of dice-game-plus" in out
