"""The story of a game told by its numbers (issue 19), for the Game over screen and the replay viewer.

Everything is recomputed from the timeline (the history replayed from the seed), never from figures the
screens kept: victory points at the start of every turn, the resource cards each seat received split by where
they came from, the dice totals against the two-dice distribution, each seat's luck (cards produced against
the cards its buildings could expect from the rolls, given where the robber stood), and the turns where the
lead changed hands.

Cards received are measured as each hand's gains action by action, so every rule module's cards are counted;
the action's events name the source:

- ``production``: a roll that produced, and the founding phase's starting resources (B-3.4);
- ``trade``: trades between players, with the bank or harbours, and the exchanges a rule module names
  (``RuleModule.TRADE_EVENTS``: Catan a Dois's market and remote cards);
- ``robbery``: what a robber move stole;
- ``development``: Year of Plenty and Monopoly;
- ``other``: anything else a module gives (so the sources always add up to the cards received).

Reads the engine's public API, and, for the luck figure, the board's production table and the robber's place
(the same facts every player sees on the board).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..engine import Game
from .timeline import Timeline

SOURCES = ("production", "trade", "robbery", "development", "other")
TOTALS = tuple(range(2, 13))
CHANCE = {t: (6 - abs(t - 7)) / 36 for t in TOTALS}  # two fair dice
CORE_TRADE_EVENTS = frozenset({"trade", "maritime"})  # between players; with the bank or a harbour


@dataclass(frozen=True)
class Lead:
    """At the start of ``turn`` (step ``step``) ``seat`` led alone with ``vp``; ``previous``: who led
    before (None at the first lead)."""

    turn: int
    step: int
    seat: int
    vp: int
    previous: int | None


@dataclass
class Story:
    players: int
    turns: list[int] = field(default_factory=list)  # the turn of each column of ``vp``
    vp: list[list[int]] = field(default_factory=list)  # vp[seat][i]: victory points at turns[i]
    gained: list[dict[str, int]] = field(default_factory=list)  # gained[seat][source]: cards received
    dice: dict[int, int] = field(default_factory=dict)  # total -> times rolled
    produced: list[int] = field(default_factory=list)  # cards each seat received from rolls
    expected: list[float] = field(default_factory=list)  # cards its buildings could expect from those rolls
    leads: list[Lead] = field(default_factory=list)

    @property
    def rolls(self) -> int:
        return sum(self.dice.values())

    def expected_dice(self, total: int) -> float:
        """How often ``total`` was to be expected in this many rolls."""
        return self.rolls * CHANCE[total]

    def luck(self, seat: int) -> float:
        """Cards produced by the dice beyond (or short of) what the seat's buildings could expect."""
        return self.produced[seat] - self.expected[seat]

    @classmethod
    def of(cls, timeline: Timeline) -> Story:
        game = timeline.game_at(0)
        story = cls(players=game.players)
        n = game.players
        story.gained = [dict.fromkeys(SOURCES, 0) for _ in range(n)]
        story.dice = dict.fromkeys(TOTALS, 0)
        story.produced = [0] * n
        story.expected = [0.0] * n
        story.vp = [[] for _ in range(n)]
        starts = set(timeline.turn_starts)
        hands = [_cards(game, seat) for seat in range(n)]
        trades = CORE_TRADE_EVENTS.union(*(m.TRADE_EVENTS for m in game.plugins.by_name.values()))
        for step, action in enumerate(timeline.history, start=1):
            if step - 1 in starts:
                story._note_turn(game, timeline.turn_at(step - 1), step - 1)
            odds = _odds(game) if action.split(" ", 1)[0] == "roll" else None
            game.apply(action)
            events = timeline.events_of(step)
            source = _source(events, trades)
            after = [_cards(game, seat) for seat in range(n)]
            for seat in range(n):
                received = sum(max(0, after[seat][r] - hands[seat][r]) for r in after[seat])
                story.gained[seat][source] += received
            hands = after
            if odds is not None:
                story._note_roll(events, odds)
        story._note_turn(game, timeline.turn_at(timeline.steps), timeline.steps)
        return story

    def _note_turn(self, game: Game, turn: int, step: int) -> None:
        if self.turns and self.turns[-1] == turn:  # the final position, at a turn start already counted
            for seat in range(self.players):
                self.vp[seat][-1] = game.vp(seat)
        else:
            self.turns.append(turn)
            for seat in range(self.players):
                self.vp[seat].append(game.vp(seat))
        points = [game.vp(seat) for seat in range(self.players)]
        best = max(points)
        if points.count(best) != 1 or best == 0:
            return  # a tie leads nobody
        seat = points.index(best)
        previous = self.leads[-1].seat if self.leads else None
        if seat != previous:
            self.leads.append(Lead(turn, step, seat, best, previous))

    def _note_roll(self, events: list[Mapping[str, Any]], odds: list[float]) -> None:
        for ev in events:
            if ev.get("t") == "roll":
                total = sum(ev.get("dice", ()))
                if total in self.dice:
                    self.dice[total] += 1
            elif ev.get("t") == "produce":
                self.produced[ev["seat"]] += sum(ev.get("cards", {}).values())
        for seat, chance in enumerate(odds):
            self.expected[seat] += chance


def _cards(game: Game, seat: int) -> dict[str, int]:
    return dict(game.hand(seat))


def _source(events: list[Mapping[str, Any]], trades: frozenset[str]) -> str:
    kinds = {ev.get("t") for ev in events}
    if kinds & {"produce", "starting_resources"}:
        return "production"
    if "steal" in kinds:
        return "robbery"
    if kinds & trades:
        return "trade"
    if any(ev.get("t") == "play" and ev.get("card") in ("year_of_plenty", "monopoly") for ev in events):
        return "development"
    return "other"


def _odds(game: Game) -> list[float]:
    """The cards each seat's buildings could expect from the next roll of two fair dice, the robber where it
    stands (a city counts two; the bank's shortages are luck, not expectation)."""
    s = game.s
    owner, level, robber = s.node_owner, s.node_level, s.robber
    blocks = game.plugins.robber_blocks
    expected = [0.0] * s.players
    for total, producers in game.producers.items():
        chance = CHANCE.get(total, 0.0)
        if not chance:
            continue
        for h, _resource, nodes, slot in producers:
            if h == robber and (blocks is None or blocks.robber_blocks(game, slot)):
                continue
            for node in nodes:
                if owner[node] >= 0:
                    expected[owner[node]] += chance * level[node]
    return expected
