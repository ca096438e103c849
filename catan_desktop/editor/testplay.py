"""Test play of an edited board (issue 34): N quick games of computer players on it, in a thread beside the
screen, so a designer sees whether the board favours a place in the turn order and how rich each place's
founding spots came out. Pure: no pygame, no words.

Each game is ``Game.new(rules, players, seed=seed + i, board=layout)`` played by ``ai.create_bot(level)``
for every seat, to its end or ``max_turns``. Seats are counted by their place in the turn order (the first
player, the second...), since the start player is rolled for (Q-05), not seat 0.
"""

from __future__ import annotations

import contextlib
import threading
import time
from dataclasses import dataclass

from ..ai import create_bot
from ..engine import Game, Ruleset
from ..match import play_game
from .fairness import PIPS

MAX_TURNS = 400


class _Cancelled(Exception):
    """The player stopped the test play."""


@dataclass(frozen=True)
class TestPlayResult:
    """What the games showed, by place in the turn order (index 0: the player who began)."""

    games: int  # games played to their end (or to the turn cap)
    wins: tuple[int, ...]  # games won, by place
    no_winner: int  # games that ended without a winner or reached the turn cap
    founding_pips: tuple[float, ...]  # the average pips of each place's founding settlements
    turns: float  # the average length of a game in turns
    seconds: float  # how long the games took

    def win_share(self, place: int) -> float:
        return self.wins[place] / self.games if self.games else 0.0


class TestPlay:
    """Games of computers on ``rules``'s board ``board`` in a thread of their own: ``start()``, then read
    ``progress`` (0..1), ``done``, ``result`` (after the games, or what was played when ``cancel()`` stopped
    them) and ``error`` (what went wrong, or None)."""

    def __init__(self, rules: Ruleset, board: str, players: int, games: int = 40, seed: int = 1,
                 level: str = "easy", max_turns: int = MAX_TURNS) -> None:
        self.rules, self.board, self.players = rules, board, players
        self.games, self.seed, self.level, self.max_turns = games, seed, level, max_turns
        self.played = 0
        self.done = False
        self.result: TestPlayResult | None = None
        self.error: str | None = None
        self._cancel = threading.Event()
        self._thread = threading.Thread(target=self._run, name="catan-test-play", daemon=True)

    @property
    def progress(self) -> float:
        return self.played / self.games if self.games else 1.0

    def start(self) -> TestPlay:
        self._thread.start()
        return self

    def cancel(self) -> None:
        self._cancel.set()

    @property
    def cancelled(self) -> bool:
        return self._cancel.is_set()

    def join(self, timeout: float | None = None) -> None:
        self._thread.join(timeout)

    def _run(self) -> None:
        start = time.perf_counter()
        wins = [0] * self.players
        pips = [0.0] * self.players
        no_winner = turns = 0
        try:
            for i in range(self.games):
                if self._cancel.is_set():
                    break
                place_won, place_pips, game_turns = self.play_one(self.seed + i)
                if place_won is None:
                    no_winner += 1
                else:
                    wins[place_won] += 1
                for place, p in enumerate(place_pips):
                    pips[place] += p
                turns += game_turns
                self.played += 1
        except Exception as exc:  # noqa: BLE001 - a board that breaks a game: said, not raised in a thread
            self.error = f"{type(exc).__name__}: {exc}"
        n = max(1, self.played)
        self.result = TestPlayResult(self.played, tuple(wins), no_winner, tuple(p / n for p in pips),
                                     turns / n, time.perf_counter() - start)
        self.done = True

    def play_one(self, seed: int) -> tuple[int | None, list[int], int]:
        """One game: the winner's place in the turn order (None: none), each place's founding pips, turns."""
        game = Game.new(self.rules, players=self.players, seed=seed, board=self.board)
        bots = [create_bot(self.level, seed=seed * 31 + q) for q in range(self.players)]
        founding: list[int] = []

        def turn_ended(g: Game) -> None:
            if not founding:  # the first turn after the founding phase (B-3)
                founding.extend(self._founding_pips(g))
            if self._cancel.is_set():
                raise _Cancelled

        with contextlib.suppress(_Cancelled):
            play_game(game, bots, max_turns=self.max_turns, on_turn_end=turn_ended)
        first = game.s.start_player
        place = {(first + k) % self.players: k for k in range(self.players)}
        by_place = [0] * self.players
        for seat, p in enumerate(founding or [0] * self.players):
            by_place[place[seat]] = p
        winner = place[game.winners[0]] if game.winners else None
        return winner, by_place, game.turn

    @staticmethod
    def _founding_pips(game: Game) -> list[int]:
        """Each seat's pips on the intersections it built on in the founding phase (B-3)."""
        s, topo = game.s, game.topo
        out = [0] * s.players
        for seat in range(s.players):
            for node in s.buildings_of[seat]:
                out[seat] += sum(PIPS.get(s.number[h], 0) for h in topo.node_hexes[node])
        return out
