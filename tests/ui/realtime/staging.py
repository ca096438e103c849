"""Starting positions for the real-time cases: a game played by computers up to a moment, then handed to the
screen as a saved game is (the game screen builds itself from it exactly as after Load game)."""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Sequence
from typing import Any

ALL_HUMAN_NAMES = ("You", "Sam")


def config_for(variant: str, players: int, seed: int, humans: Sequence[int] = (0,), bots: str = "normal",
               vp: int | None = None, options: dict[str, Any] | None = None):  # type: ignore[no-untyped-def]
    from catan_desktop.ui.config import HUMAN, GameConfig

    config = GameConfig.default(players)
    config.variant, config.seed, config.vp_target = variant, seed, vp
    config.options = dict(options or {})
    for i, seat in enumerate(config.seats):
        if i in humans:
            seat.kind = HUMAN
            seat.name = ALL_HUMAN_NAMES[list(humans).index(i)]
        else:
            seat.kind = f"computer:{bots}" if not bots.startswith("computer:") else bots
    return config


def play_until(game: Any, done: Callable[[Any], bool], seed: int, limit: int = 4000,
               choose: Callable[[Any, int], Any] | None = None, level: str = "easy") -> list[tuple[int, Any]]:
    """Play every seat with computers of ``level`` (or ``choose(game, seat)``, None: the computer) until
    ``done``; returns the moves made, (seat, action) each."""
    from catan_desktop.ai import create_bot

    bots = [create_bot(level, seed * 17 + i) for i in range(game.players)]
    moves: list[tuple[int, Any]] = []
    for _ in range(limit):
        if done(game):
            return moves
        if game.is_over:
            raise AssertionError("the game ended before the position was reached")
        seat = game.current_player
        action = choose(game, seat) if choose is not None else None
        action = action if action is not None else bots[seat].choose(game, seat)
        game.apply(action)
        moves.append((seat, action))
    raise AssertionError("the position was not reached")


def open_game(app: Any, config: Any, game: Any, speed: str = "fast", coach: bool = True) -> Any:
    """Show ``game`` on the game screen as a loaded save; returns the scene."""
    from catan_desktop.persistence.saves import LoadedSave
    from catan_desktop.ui.scenes.game import GameScene

    app.settings.animation_speed = os.environ.get("CATAN_REALTIME_SPEED", speed)
    app.settings.coach = coach
    scene = GameScene(app, config, LoadedSave(game, "real-time", "", {"config": config.to_dict()}))
    app.push(scene)
    return scene


def new_game(config: Any):  # type: ignore[no-untyped-def]
    from catan_desktop.engine import Game

    return Game.new(config.variant, players=config.players, seed=config.seed, board=config.board,
                    options=config.engine_options() or None)


def main_phase_with(game: Any, seat: int, min_cards: int = 3, min_turn: int = 8) -> bool:
    """``seat`` has rolled and may act, holding at least ``min_cards`` cards of two or more kinds."""
    hand = game.hand(seat)
    return (game.turn >= min_turn and game.phase == "main" and game.current_player == seat
            and sum(hand.values()) >= min_cards and sum(1 for n in hand.values() if n) >= 2)


def pick(seed: int) -> random.Random:
    return random.Random(seed)


class ScriptedComputers:
    """The computers' next moves, fixed in advance (the moves that led to a staged moment, played again by
    the game screen's own computer turns in real time); past the script, a real computer plays."""

    def __init__(self, moves: list[tuple[int, Any]], fallback: dict[int, Any]) -> None:
        self.moves = list(moves)
        self.fallback = fallback

    def for_seat(self, seat: int) -> Any:
        script = self

        class Seat:
            last_reason: str | None = None

            def choose(self, game: Any, who: int) -> Any:
                if script.moves and script.moves[0][0] == who and game.is_legal(script.moves[0][1]):
                    return script.moves.pop(0)[1]
                bot = script.fallback[who]
                action = bot.choose(game, who)
                self.last_reason = getattr(bot, "last_reason", None)
                return action

        return Seat()


def stage_after_computers(config: Any, target: Callable[[Any], bool], seed: int, tail: int = 6,
                          choose: Callable[[Any, int], Any] | None = None, level: str = "easy",
                          limit: int = 4000) -> tuple[Any, list[tuple[int, Any]]]:
    """Play to the first moment ``target(game)`` holds, then step back over the computers' last moves
    (at most ``tail``, never over a human's): returns the game before them and those moves, for the game
    screen's computers to play again in real time."""
    humans = {i for i, s in enumerate(config.seats) if s.is_human}
    game = new_game(config)
    moves = play_until(game, target, seed, limit, choose, level)
    if tail == 0:
        return game, []
    k = len(moves)
    while k > 0 and moves[k - 1][0] not in humans and len(moves) - k < tail:
        k -= 1
    if k == len(moves):
        raise AssertionError("a human's move led to the moment: nothing for the computers to play")
    start = new_game(config)
    for _seat, action in moves[:k]:
        start.apply(action)
    return start, moves[k:]


def script_computers(scene: Any, moves: list[tuple[int, Any]]) -> None:
    """Have the game screen's computers play ``moves`` first (then their own)."""
    script = ScriptedComputers(moves, dict(scene.ctl.bots))
    for seat in list(scene.ctl.bots):
        scene.ctl.bots[seat] = script.for_seat(seat)
