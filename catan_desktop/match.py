"""A headless game runner: a Game, one bot per seat, an optional per-turn hook (autosave), results."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .ai import Bot, create_bot
from .engine import Game
from .engine.any_game import game_kind, new_game

DEFAULT_MAX_TURNS = 1000  # the same cap catanatron uses, so benchmark figures compare


@dataclass
class GameResult:
    """How one game ended."""

    seed: int
    winners: list[int]
    turns: int
    actions: int
    seconds: float
    finished: bool
    vp: list[int]


@dataclass
class Summary:
    """Totals over many games."""

    variant: str
    seats: list[str]
    games: int = 0
    wins: list[int] = field(default_factory=list)
    unfinished: int = 0
    no_winner: int = 0  # finished without a winner: a Catan a Dois collapse (D-5.4) or stalemate (D-10.1)
    total_turns: int = 0
    total_actions: int = 0
    seconds: float = 0.0
    results: list[GameResult] = field(default_factory=list)
    game: str = "board"  # the rule file's game: "board", or "dice" (the Catan Dice Game)

    def to_dict(self) -> dict[str, Any]:
        """Return the summary as JSON-serialisable data."""
        return {
            "variant": self.variant,
            "seats": self.seats,
            "games": self.games,
            "wins": self.wins,
            "win_rate": [w / self.games if self.games else 0.0 for w in self.wins],
            "unfinished": self.unfinished,
            "no_winner": self.no_winner,
            "average_turns": self.total_turns / self.games if self.games else 0.0,
            "average_actions": self.total_actions / self.games if self.games else 0.0,
            "seconds": round(self.seconds, 3),
            "games_per_second": self.games / self.seconds if self.seconds else 0.0,
            "game": self.game,
            # per seat: the final VP (a dice game: the classic total or the Plus VP), averaged over the games
            "average_vp": [sum(r.vp[k] for r in self.results) / self.games if self.games else 0.0
                           for k in range(len(self.seats))],
        }


def play_game(
    game: Game | Any,  # or a DiceGame: the same verbs
    bots: Sequence[Bot],
    max_turns: int = DEFAULT_MAX_TURNS,
    on_turn_end: Callable[[Game], None] | None = None,
) -> GameResult:
    """Play ``game`` to the end (or ``max_turns``) with one bot per seat; return the result."""
    if len(bots) != game.players:
        raise ValueError(f"{game.players} seats need {game.players} bots, got {len(bots)}")
    start = time.perf_counter()
    turn = game.turn
    while not game.is_over and game.turn < max_turns:
        seat = game.current_player
        game.apply(bots[seat].choose(game, seat))
        if on_turn_end is not None and game.turn != turn:
            turn = game.turn
            on_turn_end(game)
    return GameResult(
        seed=game.seed,
        winners=game.winners,
        turns=game.turn,
        actions=len(game.history),
        seconds=time.perf_counter() - start,
        finished=game.is_over,
        vp=[game.vp(p) for p in range(game.players)],
    )


def run_games(
    variant: str,
    seats: Sequence[str],
    games: int,
    seed: int = 1,
    board: str = "random",
    options: dict[str, Any] | None = None,
    max_turns: int = DEFAULT_MAX_TURNS,
    progress: Callable[[int, GameResult], None] | None = None,
) -> Summary:
    """Play ``games`` games of ``variant`` with the given seat kinds; game i uses seed ``seed + i``.

    Raises ValueError for an unknown seat kind, and the engine's errors for a bad variant or option.
    """
    kinds = [_seat_kind(s) for s in seats]
    summary = Summary(variant=variant, seats=list(seats), wins=[0] * len(seats), game=game_kind(variant))
    for i in range(games):
        game_seed = seed + i
        # Game.new, or DiceGame.new for a dice game's rule file (engine.any_game)
        game = new_game(variant, players=len(seats), seed=game_seed, board=board, options=options)
        bots = [create_bot(kind, seed=game_seed * 101 + k) for k, kind in enumerate(kinds)]
        result = play_game(game, bots, max_turns=max_turns)
        summary.games += 1
        summary.total_turns += result.turns
        summary.total_actions += result.actions
        summary.seconds += result.seconds
        summary.results.append(result)
        if not result.finished:
            summary.unfinished += 1
        elif not result.winners:
            summary.no_winner += 1
        for w in result.winners:
            summary.wins[w] += 1
        if progress is not None:
            progress(i, result)
    return summary


def _seat_kind(spec: str) -> str:
    """'random' or 'ai:LEVEL' -> the bot kind for create_bot."""
    return spec.split(":", 1)[1] if spec.startswith("ai:") else spec
