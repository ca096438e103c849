"""What the hot paths read on every move, built once per rule set (``lookups_for``) and shared by all its
games and their copies: the action values of its board, so listing legal moves allocates little, and the
costs and options the legal-move listing checks, so it does not look them up by name each time.

Everything here is immutable once built, except ``robber_moves``, a table filled on first use whose
entries never change (the robber moves of a hex for a set of victims).
"""

from __future__ import annotations

from collections import OrderedDict
from typing import TYPE_CHECKING

from .actions import Action

if TYPE_CHECKING:
    from .ruleset import Ruleset
    from .topology import Topology

_CACHE_SIZE = 64


class RuleLookups:
    """Shared action values and the hot paths' costs and options of one Ruleset on its Topology."""

    __slots__ = (
        "road", "settle", "city", "maritime", "maritime_others", "robber_moves", "hex_ids", "need_road",
        "need_settlement", "need_city", "need_dev", "steal_optional", "domestic_trade", "max_offers",
        "strict_trade_then_build", "shortage_exception",
    )

    def __init__(self, rules: Ruleset, topo: Topology) -> None:
        self.road = [Action("road", e) for e in range(topo.num_edges)]  # by edge
        self.settle = [Action("settle", n) for n in range(topo.num_nodes)]  # by node
        self.city = [Action("city", n) for n in range(topo.num_nodes)]  # by node
        names = rules.resources
        self.maritime = [[Action("maritime", a, b) for b in names] for a in names]  # by given, taken
        # by given: the trades for each other resource, in order
        self.maritime_others = [
            [m for j, m in enumerate(row) if j != i] for i, row in enumerate(self.maritime)
        ]
        # by hex: the seats that may be robbed there (a bit per seat) -> the moves to that hex, in the
        # order legal.py lists them; filled as positions ask (legal._robber_moves)
        self.robber_moves: list[dict[int, list[Action]]] = [{} for _ in range(topo.num_hexes)]
        self.hex_ids = topo.hex_ids
        costs = rules.costs
        # the build costs as (resource, cards) pairs, without the resources they do not take (has_cards)
        self.need_road = needs(costs["road"])
        self.need_settlement = needs(costs["settlement"])
        self.need_city = needs(costs["city"])
        self.need_dev = needs(costs["development_card"])
        self.steal_optional = bool(rules.option("robber_steal_optional", True))
        self.domestic_trade = bool(rules.option("domestic_trade", True))
        self.max_offers = rules.option("max_offers_per_turn", 6)
        self.strict_trade_then_build = bool(rules.option("strict_trade_then_build", True))
        self.shortage_exception = bool(rules.option("bank_shortage_one_player_exception", False))

    def robber_hex_moves(self, h: int, victims: int) -> list[Action]:
        """The robber moves to hex ``h`` when the seats in bit set ``victims`` may be robbed there: to the
        hex stealing from nobody (when nobody can be robbed, or stealing is optional, Q-08), then from each
        victim by seat. Shared: do not modify."""
        moves = self.robber_moves[h]
        out = moves.get(victims)
        if out is None:
            hid = self.hex_ids[h]
            out = [Action("robber", hid, None)] if not victims or self.steal_optional else []
            out.extend(Action("robber", hid, v) for v in range(victims.bit_length()) if victims >> v & 1)
            moves[victims] = out
        return out


def needs(cost: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """A cost per resource as (resource, cards) pairs, leaving out the resources it does not take."""
    return tuple((r, n) for r, n in enumerate(cost) if n)


def has_cards(hand: list[int], need: tuple[tuple[int, int], ...]) -> bool:
    """True when ``hand`` holds the (resource, cards) pairs of ``need`` (``needs``): ``queries.can_afford``
    for the hot paths, which check the same few costs again and again."""
    for r, n in need:  # noqa: SIM110 - a plain loop is faster on this hot path
        if hand[r] < n:
            return False
    return True


_LOOKUPS: OrderedDict[int, tuple[Ruleset, RuleLookups]] = OrderedDict()


def lookups_for(rules: Ruleset, topo: Topology) -> RuleLookups:
    """Return the RuleLookups of ``rules`` (built once per Ruleset object, kept for the last few used);
    ``topo`` is its board's topology (``topology_for(rules)``)."""
    key = id(rules)
    hit = _LOOKUPS.get(key)
    if hit is not None and hit[0] is rules:
        _LOOKUPS.move_to_end(key)
        return hit[1]
    lookups = RuleLookups(rules, topo)
    _LOOKUPS[key] = (rules, lookups)
    if len(_LOOKUPS) > _CACHE_SIZE:
        _LOOKUPS.popitem(last=False)
    return lookups
