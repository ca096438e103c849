"""Rule module ``special_building_phase`` (5-6 players, RULES.md F-3): building between turns.

When the active player ends the turn, each other player in turn, starting on their left, may build and buy
development cards, then pass (``end``); no trading and no playing cards (F-3.3). A card bought then can be
played from its owner's next turn (F-3.6, in the core's ``next_turn``); points gained then win only at the
start of the owner's own turn (Q-15).

Setting ``from_players`` (default 0: always): the phase only comes with at least that many players, so a
rule file for 3-6 players (the scenarios, S-1.1: "Part F's components if needed") lists the module with
``from_players: 5`` and plays the special building phase only with 5 or 6.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..actions import Action
from ..errors import SnapshotError
from ..legal import build_actions
from ..module import RuleModule, Setting, register
from ..perform import HANDLERS, next_turn
from ..reasons import Reason

if TYPE_CHECKING:
    import random

    from ..game import Game

_BUILD_KINDS = ("end", "buy", "settle", "city", "road")


@dataclass
class BuildQueue:
    """The seats still to act in the special building phase, the one acting first."""

    queue: list[int] = field(default_factory=list)

    def clone(self) -> BuildQueue:
        return BuildQueue(self.queue[:])


def queue(g: Game) -> list[int]:
    """The seats still to build in the special building phase ([] when the module is off)."""
    st = g.s.modules.get("special_building_phase")
    return list(st.queue) if st is not None else []


@register
class SpecialBuildingPhase(RuleModule):
    """F-3: after each turn the other players may build in seat order."""

    NAME = "special_building_phase"
    RULES = "F-3, Q-15"
    PHASES = ("special_build",)
    ACTIONS = {kind: ("special_build",) for kind in _BUILD_KINDS}
    BUILD_PHASES = frozenset({"special_build"})
    SETTINGS = {
        "from_players": Setting(
            "count", 0, 0, "the phase comes only with at least this many players (0: always; F-3, S-1.1)", 8
        ),
    }

    def new_state(self, g: Game) -> BuildQueue:
        return BuildQueue()

    def to_data(self, g: Game, st: BuildQueue) -> dict[str, Any]:
        return {"queue": list(st.queue)}

    def from_data(self, g: Game, data: Any) -> BuildQueue:
        if data is None:
            return BuildQueue()
        seats = data.get("queue", []) if isinstance(data, dict) else None
        players = g.s.players
        if not isinstance(seats, list) or not all(type(q) is int and 0 <= q < players for q in seats):
            raise SnapshotError(f"modules.{self.NAME}.queue must list seats from 0 to {players - 1}")
        return BuildQueue(list(seats))

    def upgrade_v1(self, snapshot: Any) -> Any:
        return {"queue": snapshot.get("special_build_queue") or []}

    def check(self, g: Game) -> list[str]:
        if g.s.phase == "special_build" and not g.s.modules[self.NAME].queue:
            return ["a special-building-phase snapshot needs modules.special_building_phase.queue"]
        return []

    def sample_section(self, view: Any, obs: Mapping[str, Any], unseen: Mapping[str, Any],
                       rng: random.Random) -> Any:
        """Public in full: the builders' queue (its view holds its snapshot section)."""
        return view

    def view(self, g: Game, seat: int) -> dict[str, Any]:
        return {"queue": queue(g)}

    def actor(self, g: Game) -> int:
        return g.s.modules[self.NAME].queue[0]

    def phase_actions(self, g: Game) -> list[Action]:
        return build_actions(g, self.actor(g))

    def why_not(self, g: Game, action: Action) -> str | None:
        if g.s.phase == "special_build" and action.kind not in _BUILD_KINDS:
            return Reason("special_build_only")
        return None

    def apply(self, g: Game, action: Action) -> None:
        if action.kind != "end":
            HANDLERS[action.kind](g, action)  # a build or a purchase, paid by the seat to act
            return
        st = g.s.modules[self.NAME]
        q = st.queue.pop(0)  # this seat passes (or is done building): the next one, or the next turn
        g.event("special_build_done", seat=q)
        if st.queue:
            g.event("special_build", seat=st.queue[0])
            return
        next_turn(g)

    def on_turn_end(self, g: Game) -> bool:
        s = g.s
        if s.players < max(2, self.cfg["from_players"]):
            return False
        p = s.current  # F-3.2: the others, clockwise from the player on the active player's left
        g.s.modules[self.NAME].queue = [(p + k) % s.players for k in range(1, s.players)]
        s.phase = "special_build"
        g.event("special_build", seat=(p + 1) % s.players)
        return True
