"""The Erie Canal (RULES.md S-5): the canal tokens' state and the direct connections that earn them.

Part of the rule module ``erie_canal`` (``erie_canal.py``). The tokens lie on the table, so everything
here is public: the supply's size, each seat's count, the pairs of canal locations each seat has joined,
the resources named this turn and a token trade on the table.

A direct connection (S-5.2, Q-50): a chain of the seat's own roads from one canal location to another that
passes no other location space (``scenario.location_spaces``): its inner nodes are plain intersections (on
a map whose every location is named, a single road between two canal locations). A road completes the
connections of the canal locations its chain through plain intersections reaches, once per pair and seat;
pairs joined in the founding phase are recorded too, and never pay.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import TYPE_CHECKING, Any

from .scenario import location_spaces

if TYPE_CHECKING:
    from ..game import Game

NAME = "erie_canal"
TOKEN = "canal"  # a canal token in a trade's bundle: "canal_offer 2 canal=1 for ore=2"
MARK = "canal"  # the map's mark on the locations by the canal (board.map.marks.canal, S-5.2)


@dataclass
class Canal:
    """The canal tokens (S-5.1), the connections made (Q-50), the tokens in play this turn (S-5.3) and the
    token trade on the table (S-5.4)."""

    supply: int = 0
    tokens: list[int] = field(default_factory=list)  # per seat
    pairs: list[list[tuple[int, int]]] = field(default_factory=list)  # per seat: canal pairs joined, a < b
    named: list[str] = field(default_factory=list)  # resources the active player named this turn
    offer_to: int = -1  # phase canal_answer: the seat asked
    offer_give: dict[str, int] = field(default_factory=dict)  # the active player gives (resources, TOKEN)
    offer_get: dict[str, int] = field(default_factory=dict)  # ... and gets

    def clone(self) -> Canal:
        return Canal(self.supply, self.tokens[:], [p[:] for p in self.pairs], self.named[:], self.offer_to,
                     dict(self.offer_give), dict(self.offer_get))


def state(g: Game) -> Canal:
    """The canal tokens of ``g`` (raises KeyError when the module is off)."""
    return g.s.modules[NAME]


def cfg(g: Game) -> dict[str, Any]:
    m = g.module(NAME)
    assert m is not None
    return m.cfg


def joined_canals(g: Game, seat: int, edge: int) -> list[int]:
    """The canal locations that ``seat``'s roads join to path ``edge`` without passing another location
    space (the road on ``edge`` is the seat's or counted as such), ascending."""
    topo, owner = g.topo, g.s.edge_owner
    spaces = location_spaces(g)
    seen, stack, ends = {edge}, [edge], set()
    while stack:
        for n in topo.edge_nodes[stack.pop()]:
            if n in spaces:
                ends.add(n)  # a location ends the chain (S-5.2: "not through any other location")
                continue
            for f in topo.node_edges[n]:
                if f not in seen and owner[f] == seat:
                    seen.add(f)
                    stack.append(f)
    return sorted(ends & topo.marked(MARK))


def new_pairs(g: Game, seat: int, edge: int) -> list[tuple[int, int]]:
    """The pairs of canal locations the seat's road on ``edge`` joins that it had not joined before."""
    known = set(state(g).pairs[seat])
    return [pair for pair in combinations(joined_canals(g, seat, edge), 2) if pair not in known]


def all_pairs(g: Game, seat: int) -> list[tuple[int, int]]:
    """Every pair of canal locations ``seat``'s roads join now (for a snapshot without the section)."""
    found: set[tuple[int, int]] = set()
    for e in g.s.roads_of[seat]:
        found.update(combinations(joined_canals(g, seat, e), 2))
    return sorted(found)


def rate(g: Game) -> int:
    """S-5.3: the rate of a named resource with the bank (2:1)."""
    return int(cfg(g)["rate"])


def total(g: Game) -> int:
    """S-5.1: the canal tokens of the game (12)."""
    return int(cfg(g)["tokens"])


def items(g: Game, bundle: Any) -> dict[str, int] | None:
    """A trade's bundle as a mapping of resources and canal tokens, or None when it names anything else."""
    out: dict[str, int] = {}
    for name, n in bundle:
        if name != TOKEN and name not in g.res_index:
            return None
        out[name] = n
    return out


def holds(g: Game, seat: int, what: dict[str, int]) -> bool:
    """True when ``seat`` holds the cards and canal tokens of ``what``."""
    hand = g.s.hands[seat]
    for name, n in what.items():
        have = state(g).tokens[seat] if name == TOKEN else hand[g.res_index[name]]
        if have < n:
            return False
    return True


def move(g: Game, giver: int, taker: int, what: dict[str, int]) -> None:
    """Move the cards and canal tokens of ``what`` from ``giver`` to ``taker``."""
    st, hands = state(g), g.s.hands
    for name, n in what.items():
        if name == TOKEN:
            st.tokens[giver] -= n
            st.tokens[taker] += n
        else:
            r = g.res_index[name]
            hands[giver][r] -= n
            hands[taker][r] += n


def section_from_view(view: dict[str, Any]) -> dict[str, Any]:
    """The snapshot section from the module's view (everything is public): for a bot's sampled world."""
    return {key: view[key] for key in ("supply", "tokens", "pairs", "named", "offer")}
