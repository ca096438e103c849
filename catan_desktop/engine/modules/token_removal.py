"""Rule module ``token_removal`` (Catan a Dois, RULES.md D-1.4 to D-1.9): founding takes number tokens.

After each founding settlement its owner takes the number token of an adjacent hex into a personal reserve
(phase ``remove_token``); that hex becomes unproductive (D-1.6). Steps A and F take any type; steps B to E
must each take a terrain type not taken before (D-1.4). A founding spot needs a hex whose token the step may
take, unless no free intersection has one (then the type constraint is lifted for that step, Q-20).
Starting resources come after the removal, from the hexes still productive (Q-21).

Action (text form): ``remove_token 2.3`` take the number token of hex 2.3 into your reserve.
The reserve is used by ``terrain_development`` (D-6).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..actions import Action, ActionKind, ArgReader, register_kind
from ..errors import SnapshotError
from ..module import RuleModule, read_section, register
from ..perform import give_starting_resources
from ..queries import founding_actor, settlement_spot_free
from ..reasons import Reason

if TYPE_CHECKING:
    import random

    from ..game import Game

_ANY_STEPS = (0, 5)  # steps A and F take any type (D-1.4)


@dataclass
class TokenReserve:
    """Per seat, the number tokens taken at founding; the terrain types taken, in order."""

    reserve: list[list[int]] = field(default_factory=list)
    removed_types: list[str] = field(default_factory=list)

    def clone(self) -> TokenReserve:
        return TokenReserve([r[:] for r in self.reserve], self.removed_types[:])


def state(g: Game) -> TokenReserve:
    """The reserve of ``g`` (raises KeyError when the module is off)."""
    return g.s.modules["token_removal"]


def reserve_of(g: Game, seat: int) -> list[int]:
    """The number tokens in ``seat``'s reserve ([] when the module is off)."""
    st = g.s.modules.get("token_removal")
    return st.reserve[seat] if st is not None else []


def _parse(r: ArgReader) -> Action:
    return Action("remove_token", r.hex_id(r.need(1)[0]))


register_kind(ActionKind(
    "remove_token", lambda a: f"remove_token {a.a}", _parse, lambda a, b: isinstance(a, str) and b is None
))


@register
class TokenRemoval(RuleModule):
    """D-1.4 to D-1.9: a number token into the reserve after each founding settlement."""

    NAME = "token_removal"
    RULES = "D-1.4 to D-1.9, Q-20, Q-21"
    PHASES = ("remove_token",)
    ACTIONS = {"remove_token": ("remove_token",)}

    def new_state(self, g: Game) -> TokenReserve:
        return TokenReserve([[] for _ in range(g.s.players)], [])

    def to_data(self, g: Game, st: TokenReserve) -> dict[str, Any]:
        return {"reserve": [list(x) for x in st.reserve], "removed_types": list(st.removed_types)}

    def from_data(self, g: Game, data: Any) -> TokenReserve:
        if data is None:
            return self.new_state(g)
        if not isinstance(data, dict):
            raise SnapshotError("modules.token_removal must be a mapping")

        def read() -> TokenReserve:
            reserve = data.get("reserve") or [[] for _ in range(g.s.players)]
            types = [str(x) for x in data.get("removed_types", [])]
            st = TokenReserve([[int(x) for x in r] for r in reserve], types)
            if len(st.reserve) != g.s.players:
                raise SnapshotError(f"modules.token_removal.reserve must list {g.s.players} seats")
            return st

        return read_section(data, self.NAME, read)

    def upgrade_v1(self, snapshot: Any) -> Any:
        old = snapshot.get("dois") or {}
        return {"reserve": old.get("reserve"), "removed_types": old.get("removed_types", [])}

    def sample_section(self, view: Any, obs: Mapping[str, Any], unseen: Mapping[str, Any],
                       rng: random.Random) -> Any:
        """Public in full: reserves and the types taken (its view holds its snapshot section)."""
        return view

    def view(self, g: Game, seat: int) -> dict[str, Any]:
        return self.to_data(g, state(g))

    def actor(self, g: Game) -> int:
        return founding_actor(g)

    def phase_actions(self, g: Game) -> list[Action]:
        s = g.s
        types = allowed_types(g)
        around = g.topo.node_hexes[s.last_settlement]
        if types is not None and not any(_removable(g, h, types) for h in around):
            types = None  # the constraint was lifted for this step
        return [
            Action("remove_token", g.topo.hex_ids[h])
            for h in sorted(g.topo.node_hexes[s.last_settlement])
            if _removable(g, h, types)
        ]

    def legal(self, g: Game, actions: list[Action]) -> list[Action]:
        if g.s.phase == "setup_settlement":
            return [a for a in actions if founding_spot_ok(g, a.a)]
        return actions

    def explain(self, g: Game, action: Action) -> str | None:
        return Reason("remove_token_rule")

    def on_build(self, g: Game, seat: int, kind: str, where: int, founding: bool) -> bool:
        if founding and kind == "settle":
            g.s.phase = "remove_token"  # D-1.4; starting resources come after the removal
            return True
        return False

    def apply(self, g: Game, action: Action) -> None:
        """D-1.4/D-1.6/D-1.7: the token goes to the player's reserve; the hex is unproductive from now on."""
        s = g.s
        st = state(g)
        p = founding_actor(g)
        h = g.topo.hex_index[action.a]
        number = s.number[h]
        st.reserve[p].append(number)
        st.removed_types.append(s.terrain[h])
        s.number[h] = 0
        s.letter[h] = ""
        g.refresh_board()
        g.event("remove_token", seat=p, hex=action.a, number=number)
        round_no = s.setup_index // s.players + 1
        if round_no == g.rules.starting_resources_from:  # after the removal, from productive hexes
            give_starting_resources(g, p, s.last_settlement)
        s.phase = "setup_road"


def allowed_types(g: Game) -> set[str] | None:
    """The terrain types the current founding step may take a token from (None: any type)."""
    s = g.s
    step = s.setup_index
    if step in _ANY_STEPS or step >= 6:
        return None
    productive = {t for t, r in g.rules.terrain_resource.items() if r is not None}
    return productive - set(state(g).removed_types)


def _removable(g: Game, h: int, types: set[str] | None) -> bool:
    s = g.s
    return s.number[h] > 0 and (types is None or s.terrain[h] in types)


def founding_spot_ok(g: Game, n: int) -> bool:
    """Q-20: a founding settlement needs an adjacent hex whose token this step may take, unless no
    intersection on the board allows one (then the type constraint is lifted for this step)."""
    types = allowed_types(g)
    if types is None:
        return any(_removable(g, h, None) for h in g.topo.node_hexes[n])
    if any(_removable(g, h, types) for h in g.topo.node_hexes[n]):
        return True
    return not _constraint_satisfiable(g, types)


def _constraint_satisfiable(g: Game, types: set[str]) -> bool:
    for m in range(g.topo.num_nodes):
        if settlement_spot_free(g, m) and any(_removable(g, h, types) for h in g.topo.node_hexes[m]):
            return True
    return False
