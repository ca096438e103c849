"""Rule module ``token_robber`` (Catan a Dois, RULES.md D-8, Q-34): the robber sits on one number token.

The robber moves onto a number token of a productive hex (not the one it is on) and blocks only that token;
a hex's other tokens still produce (D-8.1). Stealing is as usual (B-6.4). A hex's tokens are numbered from 0
(the printed one) in the order ``queries.tokens_of`` gives; the action names the token after a slash:
``robber 2.3/1`` is the second token of hex 2.3 (``robber 2.3`` the first). The ``robber`` event carries
the ``number`` it now blocks.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..actions import Action
from ..errors import SnapshotError
from ..module import RuleModule, register
from ..queries import robber_victims, tokens_of
from ..reasons import Reason

if TYPE_CHECKING:
    import random

    from ..game import Game


@dataclass
class RobberSlot:
    """Which of its hex's number tokens the robber blocks (-1: the whole hex, before its first move)."""

    slot: int = -1

    def clone(self) -> RobberSlot:
        return RobberSlot(self.slot)


def robber_slot(g: Game) -> int:
    """The robber's token on its hex (0 = the printed one); -1 when it blocks the whole hex."""
    st = g.s.modules.get("token_robber")
    return st.slot if st is not None else -1


def robber_spot(g: Game, text: str) -> tuple[int, int]:
    """'2.3' -> (hex, 0); '2.3/1' -> (hex, 1). Raises KeyError for an unknown hex."""
    hex_id, _sep, slot = text.partition("/")
    return g.topo.hex_index[hex_id], int(slot or 0)


def robber_spot_text(g: Game, h: int, slot: int) -> str:
    """The action text of token ``slot`` of hex ``h``."""
    return g.topo.hex_ids[h] + (f"/{slot}" if slot else "")


def token_robber_moves(g: Game) -> list[tuple[int, int]]:
    """D-8.1 / Q-34: every number token of a productive hex except the one the robber is on."""
    s = g.s
    here = (s.robber, robber_slot(g))
    out = []
    for h in range(g.topo.num_hexes):
        if g.terrain_res[h] is None:
            continue
        for slot in range(len(tokens_of(g, h))):
            if (h, slot) != here:
                out.append((h, slot))
    return out


@register
class TokenRobber(RuleModule):
    """D-8: the robber blocks one number token."""

    NAME = "token_robber"
    RULES = "D-8, Q-34"

    def new_state(self, g: Game) -> RobberSlot:
        return RobberSlot()

    def to_data(self, g: Game, st: RobberSlot) -> dict[str, Any]:
        return {"slot": st.slot}

    def from_data(self, g: Game, data: Any) -> RobberSlot:
        if data is None:
            return RobberSlot()
        slot = data.get("slot", -1) if isinstance(data, dict) else None
        if type(slot) is not int or slot < -1:
            raise SnapshotError("modules.token_robber.slot must be a whole number >= -1")
        return RobberSlot(slot)

    def upgrade_v1(self, snapshot: Any) -> Any:
        old = snapshot.get("dois") or {}
        return {"slot": old.get("robber_slot", -1)}

    def sample_section(self, view: Any, obs: Mapping[str, Any], unseen: Mapping[str, Any],
                       rng: random.Random) -> Any:
        """Public in full: the robber's token (its view holds its snapshot section)."""
        return view

    def view(self, g: Game, seat: int) -> dict[str, Any]:
        return {"slot": robber_slot(g)}

    def robber_token(self, g: Game) -> int | None:
        return robber_slot(g)

    def legal(self, g: Game, actions: list[Action]) -> list[Action]:
        if g.s.phase != "robber":
            return actions
        p = g.s.current
        optional = g.rules.option("robber_steal_optional", True)
        out: list[Action] = []
        for h, slot in token_robber_moves(g):
            spot = robber_spot_text(g, h, slot)
            victims = robber_victims(g, h, p)
            if not victims or optional:
                out.append(Action("robber", spot, None))
            out.extend(Action("robber", spot, v) for v in victims)
        return out

    def why_not(self, g: Game, action: Action) -> str | None:
        if action.kind == "robber" and g.s.phase == "robber":
            hex_id = str(action.a).partition("/")[0]
            if hex_id in g.topo.hex_index:
                return Reason("token_robber_rule")
        return None

    def place_robber(self, g: Game, spot: str) -> tuple[int, dict[str, Any]] | None:
        h, slot = robber_spot(g, spot)
        g.s.modules["token_robber"].slot = slot
        tokens = tokens_of(g, h)
        number = tokens[slot] if 0 <= slot < len(tokens) else None  # D-8.1: the number now blocked
        return h, {"number": number}

    def robber_blocks(self, g: Game, slot: int) -> bool:
        here = robber_slot(g)
        return here < 0 or slot == here
