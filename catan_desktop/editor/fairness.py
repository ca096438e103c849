"""How fair a board is, and a one-click re-dealing of its number tokens (issue 34).

Beside the board the editor shows: the pips per resource and their share, neighbouring 6/8 (and 2/12, and
equal-number) pairs, the founding spots and the richest of them, the harbours per kind, and the spread of
pips over the resources. ``balance_numbers`` re-deals the same tokens over the same hexes so that no 6 or 8
touch (the variant's "balanced" board, ``engine.boards.is_balanced``), equal numbers preferably do not, and
the pips per resource come out as even as practical, from a seed the editor shows.

Facts only, no words: the UI words them. Inputs are the engine's: a ``Topology``, the ``Ruleset``, one
terrain name per hex (None for a hex not painted yet), one number per hex (None or 0 for none) and the
harbours as the engine keeps them, ``(edge, kind)`` pairs (``BoardSetup.harbours``, ``State.harbours``;
kind is "generic" or a resource name). ``harbour_edges`` turns the rule file's ``(hex, side, kind)`` into
that form.

A number's pips are its ways to roll it with two dice (B-1.3, N-2: 6 and 8 have 5, 2 and 12 have 1). Land
is any painted hex that is not ``SEA``; a hex produces when its terrain yields a resource (B-1.1); tokens lie
on producing hexes only (B-2.2: the desert gets none).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from catan_desktop.ai.evaluate import PIPS  # the dots under a token (B-1.3), one table
from catan_desktop.engine.boards import is_balanced
from catan_desktop.engine.ruleset import Ruleset
from catan_desktop.engine.topology import Topology

HOT = (6, 8)  # printed red (B-1.3): the balanced board keeps them apart
EDGE = (2, 12)  # the rarest rolls
SEA = "sea"  # an editor's water hex: not land, no spot, no token
GENERIC = "generic"
TOP_SPOTS = 5
BALANCE_EVALS = 6000  # swap evaluations per balance_numbers call: bounds its time (about 12 ms, base board)
_KICK_SWAPS = 3  # random swaps that shake the best arrangement before climbing again

Harbour = tuple[int, str]  # (edge, kind), as engine.boards.BoardSetup.harbours


@dataclass(frozen=True)
class Fairness:
    """The fairness figures of one board (issue 34). Hexes and nodes are topology indices; pairs are
    (lower hex, higher hex), sorted; per-resource dicts follow ``rules.resources``."""

    pips_by_resource: dict[str, int]
    share_by_resource: dict[str, float]  # 0..1, sums to 1 when there are any pips (all 0.0 otherwise)
    total_pips: int
    spread: float  # population standard deviation of pips_by_resource
    pip_range: int  # the most pips of a resource minus the fewest
    hot_pairs: list[tuple[int, int]]  # neighbouring hexes both holding a 6 or 8
    edge_pairs: list[tuple[int, int]]  # neighbouring hexes both holding a 2 or 12
    same_pairs: list[tuple[int, int]]  # neighbouring hexes holding the same number
    balanced: bool  # no hot pairs and no same pairs: what the "balanced" board asks (engine.boards)
    founding_spots: int  # intersections a founding settlement may take on the empty board (B-3.4)
    best_spot: tuple[int, int]  # (node, pips) of the richest founding spot; (-1, 0) when there is none
    top_spots: list[tuple[int, int]]  # up to TOP_SPOTS (node, pips), richest first, under the distance rule
    harbour_access: dict[str, int]  # harbours per kind: "generic" then every resource (0 when none)


def harbour_edges(topo: Topology, sides: Sequence[tuple[int | str, str, str]]) -> list[Harbour]:
    """Return (hex index or hex id, side, kind) harbours as the engine's (edge, kind) pairs (a rows board).

    Raises IndexError or KeyError for an unknown hex, ValueError for an unknown side or a map board.
    """
    out: list[Harbour] = []
    for hx, side, kind in sides:
        hex_id = topo.hex_ids[hx] if isinstance(hx, int) else hx
        out.append((topo.side_edge(hex_id, side), kind))
    return out


def fairness(
    rules: Ruleset,
    topo: Topology,
    terrain: Sequence[str | None],
    numbers: Sequence[int | None],
    harbours: Sequence[Harbour],
    spots: Sequence[int] | None = None,
) -> Fairness:
    """Return the fairness figures of a board (issue 34; B-1.3 pips, B-2.2 tokens, B-3.4 founding).

    ``spots`` are the nodes a founding settlement may take when the rules narrow them (a scenario map's
    location spaces, S-3.1); by default every node touching land.

    Raises ValueError when ``terrain`` or ``numbers`` does not have one entry per hex, or a harbour's edge
    is not on the board.
    """
    res = _resources(rules, topo, terrain)
    num = _tokens(topo, terrain, numbers)
    pips = [0] * len(rules.resources)
    for h, r in enumerate(res):
        if r is not None:
            pips[r] += PIPS.get(num[h], 0)
    by_resource = dict(zip(rules.resources, pips, strict=True))
    total = sum(pips)
    mean = total / len(pips) if pips else 0.0
    hot, edge, same = [], [], []
    for a, b in _hex_pairs(topo):
        x, y = num[a], num[b]
        if not x or not y:
            continue
        if x in HOT and y in HOT:
            hot.append((a, b))
        if x in EDGE and y in EDGE:
            edge.append((a, b))
        if x == y:
            same.append((a, b))
    spots = _founding_nodes(rules, topo, terrain) if spots is None else list(spots)
    spot_pips = _spot_pips(topo, res, num)
    top = _top_spots(topo, spots, spot_pips)
    return Fairness(
        pips_by_resource=by_resource,
        share_by_resource={name: p / total if total else 0.0 for name, p in by_resource.items()},
        total_pips=total,
        spread=math.sqrt(sum((p - mean) ** 2 for p in pips) / len(pips)) if pips else 0.0,
        pip_range=max(pips) - min(pips) if pips else 0,
        hot_pairs=hot,
        edge_pairs=edge,
        same_pairs=same,
        balanced=is_balanced(topo, num),
        founding_spots=len(spots),
        best_spot=top[0] if top else (-1, 0),
        top_spots=top,
        harbour_access=_harbour_access(rules, topo, harbours),
    )


def balance_numbers(
    rules: Ruleset,
    topo: Topology,
    terrain: Sequence[str | None],
    numbers: Sequence[int | None],
    seed: int,
) -> list[int | None]:
    """Re-deal the board's number tokens under the variant's balanced-board rule (issue 34, B-1.3, B-2.2).

    The same multiset of tokens goes back on the same hexes (producing land hexes that hold a token); a
    token on any other hex, an empty hex and the terrain stay as they are. Wanted, in this order: no two
    6/8 neighbours, no two equal neighbours, the pips per resource as even as practical (then few 2/12
    neighbours). A seeded local search of swaps (``random.Random(seed)`` only) with at most
    BALANCE_EVALS tries: the same seed gives the same board, and when no arrangement without neighbouring
    6/8 turns up within the cap, the best one found is returned. Raises ValueError like ``fairness``.
    """
    res = _resources(rules, topo, terrain)
    num = _tokens(topo, terrain, numbers)
    slots = [h for h in range(topo.num_hexes) if res[h] is not None and num[h]]
    out = list(numbers)
    if len(set(num[h] for h in slots)) < 2:
        return out  # nothing to re-deal
    search = _Search(topo, res, num, slots, len(rules.resources))
    tokens = [num[h] for h in slots]
    rng = random.Random(seed)
    rng.shuffle(tokens)
    best = search.climb(tokens, rng)
    best_cost = search.cost
    while search.evals < BALANCE_EVALS:
        tokens = list(best)
        for _ in range(_KICK_SWAPS):
            i, j = rng.sample(range(len(tokens)), 2)
            tokens[i], tokens[j] = tokens[j], tokens[i]
        found = search.climb(tokens, rng)
        if search.cost < best_cost:
            best, best_cost = found, search.cost
    for h, t in zip(slots, best, strict=True):
        out[h] = t
    return out


# ------------------------------------------------------------------------------------------- the search


class _Search:
    """Swap hill-climbing over the token slots; cost = pair penalties + sum of squared pips per resource.

    Pair weights make every 6/8 pair outweigh every equal pair, which outweighs any change of spread (the
    sum of squares of a fixed total is below total²); 2/12 pairs weigh a few pips² only.
    """

    def __init__(self, topo: Topology, res: list[int | None], num: list[int], slots: list[int], n_res: int):
        self.slots = slots
        self.res = [r for h in slots if (r := res[h]) is not None]  # slots are producing hexes
        self.board = list(num)
        self.n_res = n_res
        total = sum(PIPS.get(num[h], 0) for h in slots)
        hex_pairs = _hex_pairs(topo)
        w_edge = 8
        w_same = total * total + w_edge * len(hex_pairs) + 1
        w_hot = w_same * (len(hex_pairs) + 1)
        self.weight = [[0] * 13 for _ in range(13)]
        for x in PIPS:
            for y in PIPS:
                self.weight[x][y] = (
                    (w_hot if x in HOT and y in HOT else 0)
                    + (w_same if x == y else 0)
                    + (w_edge if x in EDGE and y in EDGE else 0)
                )
        self.neighbours = [topo.hex_neighbours[h] for h in slots]
        taken = set(slots)
        self.slot_pairs = [(a, b) for a, b in hex_pairs if a in taken or b in taken]  # the pairs that change
        self.pairs = [(i, j) for i in range(len(slots)) for j in range(i + 1, len(slots))]
        self.evals = 0
        self.cost = 0

    def _load(self, tokens: list[int]) -> list[int]:
        """Lay ``tokens`` on the slots, set ``cost`` and return the pips per resource."""
        board, weight = self.board, self.weight
        pips = [0] * self.n_res
        for h, r, t in zip(self.slots, self.res, tokens, strict=True):
            board[h] = t
            pips[r] += PIPS.get(t, 0)
        pair_cost = sum(weight[board[a]][board[b]] for a, b in self.slot_pairs)
        self.cost = pair_cost + sum(p * p for p in pips)
        return pips

    def climb(self, tokens: list[int], rng: random.Random) -> list[int]:
        """Take improving swaps (in a seeded order) until none is left or the cap is reached; set ``cost``
        and return the tokens per slot."""
        pips = self._load(tokens)
        board, weight, slots, res = self.board, self.weight, self.slots, self.res
        order = list(self.pairs)
        improved = True
        while improved and self.evals < BALANCE_EVALS:
            improved = False
            rng.shuffle(order)
            for i, j in order:
                a, b = slots[i], slots[j]
                x, y = board[a], board[b]
                if x == y:
                    continue
                self.evals += 1
                delta = 0
                for o in self.neighbours[i]:
                    if o != b:
                        n = board[o]
                        delta += weight[y][n] - weight[x][n]
                for o in self.neighbours[j]:
                    if o != a:
                        n = board[o]
                        delta += weight[x][n] - weight[y][n]
                ra, rb = res[i], res[j]
                if ra != rb:
                    px, py = PIPS[x], PIPS[y]
                    na, nb = pips[ra] - px + py, pips[rb] - py + px
                    delta += na * na + nb * nb - pips[ra] ** 2 - pips[rb] ** 2
                if delta < 0:
                    board[a], board[b] = y, x
                    if ra != rb:
                        pips[ra], pips[rb] = na, nb
                    self.cost += delta
                    improved = True
                if self.evals >= BALANCE_EVALS:
                    break
        return [board[h] for h in slots]


# ------------------------------------------------------------------------------------------- the board


def _resources(rules: Ruleset, topo: Topology, terrain: Sequence[str | None]) -> list[int | None]:
    """Each hex's resource index, None for a hex that produces nothing (desert, sea, unpainted)."""
    if len(terrain) != topo.num_hexes:
        raise ValueError(f"terrain has {len(terrain)} entries for {topo.num_hexes} hexes")
    return [None if t is None else rules.terrain_resource.get(t) for t in terrain]


def _tokens(topo: Topology, terrain: Sequence[str | None], numbers: Sequence[int | None]) -> list[int]:
    """Each hex's number as an int, 0 for none; a number on a hex that is not land is no token."""
    if len(numbers) != topo.num_hexes:
        raise ValueError(f"numbers has {len(numbers)} entries for {topo.num_hexes} hexes")
    return [int(n or 0) if _is_land(terrain[h]) else 0 for h, n in enumerate(numbers)]


def _is_land(t: str | None) -> bool:
    return t is not None and t != SEA


def _hex_pairs(topo: Topology) -> list[tuple[int, int]]:
    """Every two neighbouring hexes once, as (lower, higher), sorted."""
    return sorted((a, b) for a in range(topo.num_hexes) for b in topo.hex_neighbours[a] if a < b)


def _founding_nodes(rules: Ruleset, topo: Topology, terrain: Sequence[str | None]) -> list[int]:
    """The nodes a first founding settlement may take (B-3.4; on the empty board the distance rule of B-8.4
    rules nothing out): those touching a land hex. (A map board's rule modules may narrow them, e.g. to
    location spaces: ``fairness`` is given them.)"""
    return [n for n in range(topo.num_nodes) if any(_is_land(terrain[h]) for h in topo.node_hexes[n])]


def _spot_pips(topo: Topology, res: list[int | None], num: list[int]) -> list[int]:
    """Each node's pips: the pips of the producing hexes it takes from."""
    hex_pips = [PIPS.get(num[h], 0) if res[h] is not None else 0 for h in range(topo.num_hexes)]
    return [sum(hex_pips[h] for h in topo.node_hexes[n]) for n in range(topo.num_nodes)]


def _top_spots(topo: Topology, spots: list[int], spot_pips: list[int]) -> list[tuple[int, int]]:
    """The richest spots picked one by one, each free under the distance rule (B-8.4) of those before;
    ties go to the lower node."""
    free = set(spots)
    top: list[tuple[int, int]] = []
    while free and len(top) < TOP_SPOTS:
        n = min(free, key=lambda m: (-spot_pips[m], m))
        top.append((n, spot_pips[n]))
        free.discard(n)
        free.difference_update(topo.node_neighbours[n])
    return top


def _harbour_access(rules: Ruleset, topo: Topology, harbours: Sequence[Harbour]) -> dict[str, int]:
    counts = {GENERIC: 0, **{r: 0 for r in rules.resources}}
    for edge, kind in harbours:
        if not 0 <= edge < topo.num_edges:
            raise ValueError(f"harbour edge {edge} is not on the board (0-{topo.num_edges - 1})")
        counts[kind] = counts.get(kind, 0) + 1
    return counts


__all__ = ["PIPS", "SEA", "Fairness", "balance_numbers", "fairness", "harbour_edges"]
