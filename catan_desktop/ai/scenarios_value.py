"""What the scenario maps (RULES.md Part S) give a computer player, in the evaluation's units (``evaluate``: a
victory point is ``Weights.vp``, about ten; a resource card about one once its use for building is counted).

Everything here reads a *sampled world* (``knowledge.sample_world``) whose scenario state is public in full:
the chips, the canal tokens, the roads. Catan chips need nothing here: they are victory points (``vp``), so a
road that reaches a chip spot is worth a point in the evaluation itself. A red path's harbour (S-3.3) belongs
to the road on it, not to a settlement beside it, and a canal token (S-5.3) is worth a turn's 2:1 trade.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..engine import Game
    from .evaluate import Weights

SCENARIO, CANAL = "scenario", "erie_canal"
SCENARIOS = frozenset({SCENARIO, CANAL})
TOKEN_WORTH = 0.7  # one canal token: a turn's 2:1 trade of a surplus resource, in card units
OPPONENT_TOKEN = 0.5  # a canal token another seat holds, for its strength


def harbours_by_road(g: Game) -> bool:
    """True when red paths give their rate to roads, not to settlements beside them (S-3.3, Q-48)."""
    return g.topo.is_map and g.module(SCENARIO) is not None


def road_harbours(g: Game, p: int, w: Weights, prod: list[float]) -> float:
    """S-3.3: the harbours of the red paths ``p`` has a road on, valued like a settlement's harbour."""
    owner = g.s.edge_owner
    kinds = {kind for e, kind in g.s.harbours if owner[e] == p}
    v = 0.0
    for kind in kinds:
        r = g.res_index.get(kind)
        v += w.harbour * prod[r] * 2 if r is not None else w.generic_harbour * sum(prod)
    return v


def tokens_value(n: int) -> float:
    """Canal tokens held: the first few are each worth a turn's trade, more are worth less."""
    return TOKEN_WORTH * min(n, 2) + 0.5 * TOKEN_WORTH * max(0, n - 2)


def scenario_value(g: Game, p: int, w: Weights, prod: list[float]) -> float:
    """The scenario's part of ``p``'s position: red-path harbours and canal tokens."""
    v = road_harbours(g, p, w, prod) if harbours_by_road(g) else 0.0
    st = g.s.modules.get(CANAL)
    if st is not None:
        v += tokens_value(st.tokens[p])
    return v


def scenario_opponent(g: Game, q: int) -> float:
    """The part of another seat's strength its canal tokens make."""
    st = g.s.modules.get(CANAL)
    return OPPONENT_TOKEN * st.tokens[q] if st is not None else 0.0
