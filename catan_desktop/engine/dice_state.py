"""The mutable state of one Catan Dice Game: each player's sheet and the turn in progress (RULES.md Part C).

Plain data only (lists, strings, ints), so that a copy is cheap and a snapshot is a direct translation.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

FREE, SPENT, ASIDE = (
    "",
    "spent",
    "aside",
)  # a die this turn: usable, spent on a build (C-2.2), set aside (C-5.2)
PHASES = ("roll", "reroll", "build", "over")  # first roll to make; may roll again; rolling is over; the end


@dataclass
class SheetState:
    """One player's score sheet: what is marked, which swaps are crossed out, the points track (classic)."""

    built: list[str] = field(default_factory=list)  # structure ids, in the order they were built
    swaps_used: list[str] = field(default_factory=list)  # knight ids (the first of a swap group for a group)
    track: list[int] = field(default_factory=list)  # classic: the points written each turn (C-6.1)

    def clone(self) -> SheetState:
        return SheetState(list(self.built), list(self.swaps_used), list(self.track))


@dataclass
class DiceState:
    """Everything that changes during a dice game; ``DiceGame`` holds it with the sheet and the RNG."""

    players: int
    current: int
    start_player: int
    turn: int  # the turn of the game now being played, counting from 1 (C-7.2 counts these)
    sheets: list[SheetState]
    dice: list[str] = field(default_factory=list)  # the faces this turn ([] before the first roll)
    status: list[str] = field(default_factory=list)  # per die: FREE, SPENT or ASIDE
    rolls: int = 0  # rolls made this turn (C-2.1)
    rolling_over: bool = False  # a build, gold or swap ends the rolling (C-2.1)
    built_turn: list[str] = field(default_factory=list)  # ids built this turn
    largest_army: int = -1  # Plus: the holder's seat, -1 for nobody (C-7.3)
    longest_road: int = -1
    over: bool = False
    winners: list[int] = field(default_factory=list)
    history: list[Any] = field(default_factory=list)  # Actions (text on demand, as Game.history)
    log: list[dict[str, Any]] = field(default_factory=list)

    @property
    def phase(self) -> str:
        if self.over:
            return "over"
        if self.rolls == 0:
            return "roll"
        return "build" if self.rolling_over else "reroll"

    def clone(self) -> DiceState:
        """An independent copy (events are shared: they are never changed once logged)."""
        return DiceState(
            players=self.players,
            current=self.current,
            start_player=self.start_player,
            turn=self.turn,
            sheets=[sh.clone() for sh in self.sheets],
            dice=list(self.dice),
            status=list(self.status),
            rolls=self.rolls,
            rolling_over=self.rolling_over,
            built_turn=list(self.built_turn),
            largest_army=self.largest_army,
            longest_road=self.longest_road,
            over=self.over,
            winners=list(self.winners),
            history=list(self.history),
            log=list(self.log),
        )
