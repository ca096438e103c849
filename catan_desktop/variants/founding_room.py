"""Whether a board holds every founding settlement, however the players place them (B-3.4, B-8.4).

In the founding phase each settlement may go on any free intersection that keeps the distance rule, so
the founding can only get stuck when some placements leave no free intersection before the last
settlement: a set of settlements that blocks the whole board (a maximal independent set of the
intersection graph) smaller than ``players.max`` x ``setup.settlements``. Found by fuzzing (issue 13): the
base game with ``setup.settlements: 5`` validated, and about one random founding phase in forty stopped with
nobody able to move; a map board, or a 4-player table on a small one, ran out of places the same way.

The smallest blocking set (the graph's independent domination number) is hard to compute in general, but
boards are small: a counting bound settles ordinary files at once, and a pruned search settles the rest;
a search that runs out of steps refuses the file rather than let a game stall.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from catan_desktop.engine.ruleset import Ruleset
from catan_desktop.engine.topology import Topology, topology_for
from catan_desktop.i18n import Msg
from catan_desktop.variants.schema_nodes import Problem

SEARCH_STEPS = 20_000  # about half a second on the hardest boards measured; ordinary ones need under 300
CORNERS = ("N", "NE", "SE", "S", "SW", "NW")  # a rows board's hex corners, clockwise from N (topology.py)


class _OutOfSteps(Exception):
    """The search gave up: whether the board can fill up early is unknown."""


def _lower_bound(closed: Sequence[frozenset[int]], free: set[int]) -> int:
    """The fewest settlements that could block every place in ``free``: each blocks at most its own
    closed neighbourhood, so take the largest neighbourhoods until they add up to the places left."""
    covers = sorted((len(closed[n] & free) for n in free), reverse=True)
    total = 0
    for count, cover in enumerate(covers, 1):
        total += cover
        if total >= len(free):
            return count
    return len(free) + 1


def blocking_set(
    neighbours: Sequence[Sequence[int]], most: int, steps: int = SEARCH_STEPS
) -> list[int] | None:
    """Return at most ``most`` intersections that, settled, leave no free place under the distance rule
    (an independent dominating set), or None when there is none. Raises _OutOfSteps after ``steps``."""
    closed = [frozenset((n, *near)) for n, near in enumerate(neighbours)]
    free = set(range(len(neighbours)))  # neither settled nor next to a settlement
    chosen: list[int] = []
    left = [steps]

    def search() -> bool:
        left[0] -= 1
        if left[0] < 0:
            raise _OutOfSteps
        if not free:
            return True
        room = most - len(chosen)
        if room <= 0 or _lower_bound(closed, free) > room:
            return False
        # some settlement must block the free place with the fewest ways to be blocked: try each way
        target = min(free, key=lambda n: (len(closed[n] & free), n))
        for n in sorted(closed[target] & free, key=lambda m: (-len(closed[m] & free), m)):
            blocked = closed[n] & free
            free.difference_update(blocked)
            chosen.append(n)
            if search():
                return True
            free.update(blocked)
            chosen.pop()
        return False

    return list(chosen) if search() else None


def _place(topo: Topology, node: int) -> str:
    """An intersection as a rule file names it: a map location's id, or a hex corner such as '2.1 N'."""
    if topo.is_map:
        return topo.node_keys[node]
    for h in topo.node_hexes[node]:
        corners = topo.hex_nodes[h]
        if node in corners:
            return f"{topo.hex_ids[h]} {CORNERS[corners.index(node)]}"
    return Msg("intersection {node}", node=node)


def check_founding_room(data: dict[str, Any], out: list[Problem]) -> None:
    """Add a problem when some placements fill the board before the founding phase ends (a valid file)."""
    rules = Ruleset.build(data)
    topo = topology_for(rules)
    needed = rules.players_max * rules.setup_settlements
    path = ("setup", "settlements")
    players, each = rules.players_max, rules.setup_settlements
    try:
        found = blocking_set(topo.node_neighbours, needed - 1)
    except _OutOfSteps:
        out.append(Problem(path, Msg(
            "cannot check that {players} players with {each} founding settlements each always fit on this "
            "board (it may fill up first); use fewer players or settlements, or a larger board",
            players=players, each=each)))
        return
    if found is not None:
        places = [_place(topo, n) for n in sorted(found)]
        where: str = Msg.joined(", ", places[:8])
        if len(places) > 8:
            where = Msg("{places} and {n} more", places=where, n=len(places) - 8)
        out.append(Problem(path, Msg(
            "{players} players with {each} founding settlements each need {needed} places, but {count} "
            "settlements can leave no free place on this board (at {where}); use fewer players or "
            "settlements, or a larger board",
            players=players, each=each, needed=needed, count=len(found), where=where)))
