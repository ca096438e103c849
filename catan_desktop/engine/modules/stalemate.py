"""Rule module ``stalemate`` (Catan a Dois, RULES.md D-10.1: the seeds give the game no ending of its own).

Not in the seeds: a designed ending. Catan a Dois's economy can run dry without collapsing (D-5): cards
drift into the market (D-2.2, Q-23), the bank runs out of one resource (D-5.2), and both players may
then roll and end turn for ever with nobody able to build. Random play stalled that way in 7 of 400 games
(still running at turn 3000; issue 13 saw games reach turn 16,340). This module ends such a game:

- the position *progresses* when a road, settlement or city is built, a development card is bought or a
  Knight played, or terrain is developed (D-6);
- when ``idle_rounds`` full rounds (``idle_rounds`` x players turns) end without progress, the game ends at
  once and nobody wins, like a collapse (D-5.4);
- ``warn_rounds`` rounds before that, the log says so (event ``stalemate_near``), and the seat view carries
  the count, so a player sees it coming.

The default, 30 rounds, is 3 times the longest stretch without progress in 30 games of the normal computer
player against the random one (10 rounds; 21 for the easy one), so a game in which anybody can still build
does not end this way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..errors import SnapshotError
from ..module import RuleModule, Setting, register

if TYPE_CHECKING:
    from ..game import Game


@dataclass
class Idle:
    """Turns ended in a row without progress, and the progress mark of the last one that made some."""

    turns: int = 0
    mark: list[int] = field(default_factory=list)

    def clone(self) -> Idle:
        return Idle(self.turns, self.mark[:])


def progress_mark(g: Game) -> list[int]:
    """Counters that only grow with progress: pieces placed, city levels, cards bought, Knights played,
    tokens put back by terrain development."""
    s = g.s
    return [
        sum(len(r) for r in s.roads_of),
        sum(s.node_level[n] for b in s.buildings_of for n in b),
        -len(s.dev_deck),
        sum(s.knights),
        sum(len(t) for t in s.extra_tokens),
    ]


def idle_rounds_left(g: Game) -> int | None:
    """Full rounds left before a stalemate ends the game, or None without the module."""
    m = g.module("stalemate")
    if m is None:
        return None
    st: Idle = g.s.modules["stalemate"]
    left_turns = m.cfg["idle_rounds"] * g.s.players - st.turns
    return max(0, -(-left_turns // g.s.players))


@register
class Stalemate(RuleModule):
    """D-10.1 (designed): a game where nobody builds for ``idle_rounds`` rounds ends with nobody winning."""

    NAME = "stalemate"
    RULES = "D-10.1 (not in the seeds: a designed ending)"
    JOINS_OLD_GAMES = True  # a Catan a Dois game saved before it existed, stalled, must end too (issue 35)
    SETTINGS = {
        "idle_rounds": Setting("count", 30, 1, "full rounds without building, buying a development card, "
                                               "playing a Knight or developing terrain that end the game",
                               maximum=1000),
        "warn_rounds": Setting("count", 5, 0, "rounds before the end at which the log warns", maximum=1000),
    }
    ENDS_WITHOUT_WINNER = True

    def new_state(self, g: Game) -> Idle:
        return Idle(0, [])

    def to_data(self, g: Game, st: Idle) -> dict[str, Any]:
        return {"idle_turns": st.turns, "mark": list(st.mark)}

    def from_data(self, g: Game, data: Any) -> Idle:
        if data is None:
            return Idle(0, [])
        if not isinstance(data, dict):
            raise SnapshotError(f"modules.{self.NAME} must be a mapping")
        turns, mark = data.get("idle_turns", 0), data.get("mark", [])
        if type(turns) is not int or not 0 <= turns <= self.cfg["idle_rounds"] * g.s.players:
            raise SnapshotError(f"modules.{self.NAME}.idle_turns must be a whole number from 0 to "
                                f"{self.cfg['idle_rounds'] * g.s.players}")
        if not isinstance(mark, list) or not all(type(v) is int for v in mark):
            raise SnapshotError(f"modules.{self.NAME}.mark must be a list of whole numbers")
        return Idle(turns, list(mark))

    def check(self, g: Game) -> list[str]:
        st: Idle = g.s.modules[self.NAME]
        if st.turns and not st.mark:
            return [f"modules.{self.NAME}.mark is needed when idle_turns is not 0"]
        return []

    def view(self, g: Game, seat: int) -> dict[str, Any]:
        st: Idle = g.s.modules[self.NAME]
        return {"idle_turns": st.turns, "rounds_left": idle_rounds_left(g),
                "idle_rounds": self.cfg["idle_rounds"]}

    def ended_without_winner(self, g: Game) -> bool:
        st: Idle = g.s.modules[self.NAME]
        return st.turns >= self.cfg["idle_rounds"] * g.s.players

    def on_turn_end(self, g: Game) -> bool:
        s = g.s
        if s.phase == "over" or s.turn < 1:
            return False
        st: Idle = s.modules[self.NAME]
        mark = progress_mark(g)
        if mark != st.mark:
            st.turns, st.mark = 0, mark
            return False
        st.turns += 1
        limit = self.cfg["idle_rounds"] * s.players
        if st.turns >= limit:
            s.winners = []
            s.phase = "over"
            g.event("stalemate", rounds=self.cfg["idle_rounds"])
            return True  # the game is over: no next turn
        warn = self.cfg["warn_rounds"] * s.players
        if warn and st.turns == limit - warn:
            g.event("stalemate_near", rounds=self.cfg["warn_rounds"])
        return False
