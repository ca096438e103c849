"""A finished or saved game as a timeline of positions, for the replay viewer (issue 19).

A game's history (its action texts) replayed from its seed reaches every position it went through: the
engine is deterministic. The timeline replays it once, keeping a copy of the game at the start of every turn
(a checkpoint) and, for every action, where its events begin in the log. Any position is then the nearest
checkpoint at or before it plus at most one turn of actions: stepping back is as cheap as stepping forward.

Step ``k`` is the position after the first ``k`` actions (step 0: the board before the founding phase, step
``len(history)``: the final position). Reads the engine's public API only (``Game.new``, ``apply``,
``clone``, ``log``, ``turn``); draws no random number of its own.
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import Game, Ruleset

# the events that make a moment worth a mark on the timeline slider, and which kind of mark each is
MARK_KINDS = ("seven", "city", "robbery", "longest_road", "largest_army", "win")


@dataclass(frozen=True)
class Mark:
    """A big moment: after action ``step`` (1-based: the position it leads to), of ``kind`` (MARK_KINDS),
    by ``seat``; ``event`` is the log event it was found in."""

    step: int
    kind: str
    seat: int
    event: Mapping[str, Any]


class Timeline:
    """Every position of one game, reachable in any order."""

    def __init__(self, start: Game, history: Sequence[str]) -> None:
        """``start``: the game before its first action (as ``Game.new`` made it); ``history``: the actions
        to apply. Raises the engine's errors when an action is illegal (a damaged record)."""
        self.history: tuple[str, ...] = tuple(history)
        self._checkpoints: list[tuple[int, Game]] = [(0, start.clone())]
        game = start.clone()
        # action i's events are log[event_start[i]:event_start[i + 1]]
        self.event_start: list[int] = [len(game.log)]
        self.turn_of: list[int] = [game.turn]  # the turn at each step
        for action in self.history:
            turn = game.turn
            game.apply(action)
            self.event_start.append(len(game.log))
            self.turn_of.append(game.turn)
            if game.turn != turn:
                self._checkpoints.append((len(self.turn_of) - 1, game.clone()))
        self.final = game
        self.log: tuple[dict[str, Any], ...] = tuple(game.log)
        self._steps = [step for step, _ in self._checkpoints]
        self.turn_starts: list[int] = self._turn_starts()
        self._start_turns = [self.turn_of[step] for step in self.turn_starts]  # the turn each start begins
        self.marks: list[Mark] = self._marks()

    @classmethod
    def of_game(cls, game: Game) -> Timeline:
        """The timeline of a game in memory (finished or not): replayed from its seed, rules and options."""
        # the rules already hold the options the game was started with (as a save's replay does)
        start = Game.new(game.rules, players=game.players, seed=game.seed, board=game.seat_view(0).board_kind)
        start.options = dict(game.options)
        return cls(start, game.history)

    @classmethod
    def of_document(cls, doc: Mapping[str, Any], rules: Ruleset | None = None) -> Timeline:
        """The timeline of a save document (``persistence.save_document``'s shape: rules, seed, players,
        board, options, history)."""
        rules = rules or Ruleset.from_dict(doc["rules"])
        start = Game.new(rules, players=doc["players"], seed=doc["seed"], board=doc["board"])
        start.options = dict(doc.get("options") or {})
        return cls(start, doc["history"])

    # --- positions ----------------------------------------------------------------------------------

    @property
    def steps(self) -> int:
        """The number of actions: the last step."""
        return len(self.history)

    def game_at(self, step: int) -> Game:
        """A new copy of the game after the first ``step`` actions (clamped to 0..steps)."""
        step = max(0, min(step, self.steps))
        index = bisect.bisect_right(self._steps, step) - 1
        at, checkpoint = self._checkpoints[index]
        game = checkpoint.clone()
        for action in self.history[at:step]:
            game.apply(action)
        return game

    def events_of(self, step: int) -> list[dict[str, Any]]:
        """The log events of the action that led to ``step`` (none for step 0)."""
        if step <= 0 or step > self.steps:
            return []
        return list(self.log[self.event_start[step - 1]:self.event_start[step]])

    def log_until(self, step: int) -> list[dict[str, Any]]:
        """The log as it stood at ``step``."""
        step = max(0, min(step, self.steps))
        return list(self.log[:self.event_start[step]])

    # --- turns and moments --------------------------------------------------------------------------

    def _turn_starts(self) -> list[int]:
        """The step at which each turn from 1 on begins (index 0: the founding phase, turn 0)."""
        starts = [0]
        for step in range(1, len(self.turn_of)):
            if self.turn_of[step] != self.turn_of[step - 1]:
                starts.append(step)
        return starts

    def turn_at(self, step: int) -> int:
        return self.turn_of[max(0, min(step, self.steps))]

    def turn_start(self, turn: int) -> int:
        """The first step of ``turn`` (clamped to the game's turns)."""
        index = bisect.bisect_right(self._start_turns, turn) - 1
        return self.turn_starts[max(0, index)]

    def next_turn(self, step: int) -> int:
        """The first step of the turn after the one ``step`` is in (the last step when there is none)."""
        index = bisect.bisect_right(self.turn_starts, step)
        return self.turn_starts[index] if index < len(self.turn_starts) else self.steps

    def previous_turn(self, step: int) -> int:
        """The start of the turn ``step`` is in, or of the turn before when ``step`` is already its start."""
        index = bisect.bisect_left(self.turn_starts, step) - 1
        return self.turn_starts[max(0, index)]

    def _marks(self) -> list[Mark]:
        marks = []
        for step in range(1, self.steps + 1):
            for ev in self.events_of(step):
                kind = _mark_kind(ev)
                if kind is not None:
                    marks.append(Mark(step, kind, int(ev.get("seat", -1)), ev))
        return marks


def _mark_kind(ev: Mapping[str, Any]) -> str | None:
    t = ev.get("t")
    if t == "roll" and sum(ev.get("dice", ())) == 7:
        return "seven"
    if t == "city":
        return "city"
    if t == "steal":
        return "robbery"
    if t in ("longest_road", "largest_army") and ev.get("seat") is not None:
        return str(t)
    if t == "win":
        return "win"
    return None
