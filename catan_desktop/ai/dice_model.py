"""The Catan Dice Game as the computer player plans it: the sheet as bit masks and cost vectors, the build
sets a turn may make, whether a set of dice can pay for one (gold pairs and knight swaps included, C-4,
C-5, Q-52), and a heuristic value of a sheet for the turns left.

Everything here reads the public sheet (``game.rules``) and a seat's view; nothing reads the game's RNG.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial

from ..engine.dice_sheet import ANY, DiceSheet

WILD = -1  # a swap that gives any resource


@dataclass(frozen=True)
class Item:
    """One structure: its bit, cost per resource (in the sheet's resource order) and value."""

    index: int
    id: str
    kind: str
    number: int
    cost: tuple[int, ...]
    dice: int
    value: int
    requires: int  # mask of the structures it needs directly
    closure: tuple[int, ...]  # every structure it needs, transitively (indices)


@dataclass(frozen=True)
class Swap:
    """One knight swap (a knight's own, or a swap group's): its key, what it gives and who must be built."""

    key: str
    target: int  # a resource index, or WILD
    knights: int  # mask of the knights that must all be built
    number: int  # the knight named in the swap action


@dataclass
class Model:
    """A sheet prepared for planning."""

    sheet: DiceSheet
    resources: tuple[str, ...]
    items: list[Item]
    swaps: list[Swap]
    by_id: dict[str, Item] = field(default_factory=dict)

    @property
    def faces(self) -> int:
        return len(self.resources) + 1  # the resources, then gold


_MODELS: dict[str, Model] = {}


def model_of(sheet: DiceSheet) -> Model:
    """The planning model of ``sheet`` (cached per sheet name and content)."""
    key = f"{sheet.name}:{id(sheet)}"
    found = _MODELS.get(key)
    if found is None:
        if len(_MODELS) > 16:
            _MODELS.clear()
        found = _MODELS[key] = _build(sheet)
    return found


def _build(sheet: DiceSheet) -> Model:
    res = sheet.resources
    index = {s.id: k for k, s in enumerate(sheet.structures)}
    items: list[Item] = []
    for k, s in enumerate(sheet.structures):
        cost = [0] * len(res)
        for r, n in sheet.costs[s.kind]:
            cost[res.index(r)] += n
        req = 0
        for r in s.requires:
            req |= 1 << index[r]
        seen: set[int] = set()
        todo = [index[r] for r in s.requires]
        while todo:
            j = todo.pop()
            if j not in seen:
                seen.add(j)
                todo.extend(index[r] for r in sheet.structures[j].requires)
        items.append(
            Item(k, s.id, s.kind, s.number, tuple(cost), sum(cost), sheet.value(s), req, tuple(sorted(seen)))
        )
    swaps: list[Swap] = []
    done: set[str] = set()
    for s in sheet.structures:
        if s.kind != "knight":
            continue
        members = (
            [s]
            if s.swap_group is None
            else [k for k in sheet.structures if k.kind == "knight" and k.swap_group == s.swap_group]
        )
        key = members[0].id
        if key in done:
            continue
        done.add(key)
        mask = 0
        for m in members:
            mask |= 1 << index[m.id]
        target = WILD if s.swap == ANY else res.index(s.swap or res[0])
        swaps.append(Swap(key, target, mask, members[0].number))
    model = Model(sheet, res, items, swaps)
    model.by_id = {i.id: i for i in items}
    return model


# ------------------------------------------------------------------------------------- dice multisets


# A multiset of dice is also written as one integer, ``code``: the count of face i in digit i of base
# CODE_BASE, so that adding two codes adds the multisets (no count reaches the base).
CODE_BASE = 16


def encode(counts: tuple[int, ...]) -> int:
    """The code of a multiset given as counts per face."""
    code = 0
    for i, c in enumerate(counts):
        code += c * CODE_BASE**i
    return code


@lru_cache(maxsize=4096)
def decode(code: int, faces: int) -> tuple[int, ...]:
    """The counts per face of a code."""
    return tuple((code // CODE_BASE**i) % CODE_BASE for i in range(faces))


@lru_cache(maxsize=32)
def outcomes(n: int, faces: int) -> tuple[tuple[int, float], ...]:
    """Every multiset of ``n`` dice over ``faces`` equally likely faces, as (code, probability)."""
    out = []
    total = faces**n
    for combo in combinations_with_replacement(range(faces), n):
        counts = [0] * faces
        for f in combo:
            counts[f] += 1
        ways = factorial(n)
        for c in counts:
            ways //= factorial(c)
        out.append((encode(tuple(counts)), ways / total))
    return tuple(out)


@lru_cache(maxsize=8192)
def submultisets(code: int, faces: int) -> tuple[int, ...]:
    """The codes of every proper sub-multiset of a multiset (the dice that may be kept while rolling
    at least one again)."""
    parts: list[int] = [0]
    for i, c in enumerate(decode(code, faces)):
        unit = CODE_BASE**i
        parts = [p + k * unit for p in parts for k in range(c + 1)]
    return tuple(p for p in parts if p != code)


# ------------------------------------------------------------------------------------------ build sets


@dataclass(frozen=True)
class BuildSet:
    """Structures a turn may build together (closed under requirements), with their totals."""

    mask: int
    ids: tuple[str, ...]  # in an order that builds: requirements first
    cost: tuple[int, ...]
    dice: int
    value: int
    knight_cost: tuple[int, ...]  # the part of ``cost`` that knights built in the set take
    new_knights: int  # mask of the knights in the set


def build_sets(model: Model, built: int, max_dice: int) -> list[BuildSet]:
    """Every set of unbuilt structures buildable in one turn from ``built`` with at most ``max_dice``
    dice (requirements first; the empty set included)."""
    items = model.items
    seen: dict[int, BuildSet] = {}
    zero = (0,) * len(model.resources)

    def grow(mask: int, order: tuple[int, ...], cost: tuple[int, ...], dice: int) -> None:
        if mask in seen:
            return
        have = built | mask
        kcost, knights, value = list(zero), 0, 0
        for j in order:
            value += items[j].value
            if items[j].kind == "knight":
                knights |= 1 << j
                kcost = [a + b for a, b in zip(kcost, items[j].cost, strict=True)]
        seen[mask] = BuildSet(
            mask, tuple(items[j].id for j in order), cost, dice, value, tuple(kcost), knights
        )
        for it in items:
            bit = 1 << it.index
            if have & bit or it.requires & ~have or dice + it.dice > max_dice:
                continue
            grow(
                mask | bit,
                (*order, it.index),
                tuple(a + b for a, b in zip(cost, it.cost, strict=True)),
                dice + it.dice,
            )

    grow(0, (), zero, 0)
    return list(seen.values())


# ----------------------------------------------------------------------------------------- paying dice


def pay_cost(
    cost: tuple[int, ...], counts: tuple[int, ...], swaps: list[Swap], swap_value: dict[str, float]
) -> tuple[float, tuple[str, ...], int] | None:
    """Whether dice ``counts`` (per resource, then gold) pay ``cost`` using gold pairs (free) and the
    ``swaps`` (each once, each worth ``swap_value``, cheapest first); returns (value of the swaps used,
    their keys, gold pairs used), the cheapest way, or None."""
    n_res = len(cost)
    need = spare = 0
    deficit = []
    for r in range(n_res):
        d = cost[r] - counts[r]
        deficit.append(d if d > 0 else 0)
        if d > 0:
            need += d
        else:
            spare -= d
    if need == 0:
        return 0.0, (), 0
    gold = counts[n_res]
    if need > spare + gold:  # every unit missing takes a die
        return None
    # specific swaps cover their own resource first; gold pairs, then wild swaps, the rest
    specific: list[Swap] = []
    wilds: list[Swap] = []
    left = deficit
    for sw in swaps:
        if sw.target == WILD:
            wilds.append(sw)
        elif left[sw.target] > 0:
            left[sw.target] -= 1
            specific.append(sw)
    rest = sum(left)  # deficits no specific swap covers
    best: tuple[float, tuple[str, ...], int] | None = None
    for pairs in range(min(need, gold // 2), -1, -1):
        use_wild = max(0, rest - pairs)
        if use_wild > len(wilds):
            break  # fewer pairs only needs more wilds
        use_specific = need - pairs - use_wild
        chosen = specific[:use_specific] if use_specific <= len(specific) else None
        if chosen is None:
            continue
        if use_specific + use_wild > spare + gold - 2 * pairs:  # every swap turns a die that is not needed
            continue
        used = [*chosen, *wilds[:use_wild]]
        value = sum(swap_value.get(s.key, 0.0) for s in used)
        if best is None or value < best[0]:
            best = (value, tuple(s.key for s in used), pairs)
        break  # more pairs first is the cheapest that works
    return best


# ------------------------------------------------------------------------------------- a sheet's value


@dataclass(frozen=True)
class Tuning:
    """The heuristic's numbers (a level may use its own)."""

    dice_per_turn: float = 4.4  # dice a turn turns into buildings, on average
    difficulty: tuple[tuple[str, float], ...] = (
        ("road", 1.0),
        ("settlement", 1.15),
        ("city", 1.35),
        ("knight", 1.05),
    )
    discount: float = 0.85  # future points are not points yet
    swap_specific: float = 0.9  # a knight swap not yet used, per 5 turns left (capped at 1 each)
    swap_wild: float = 1.5
    partial: float = 0.5  # a bundle that does not fit any more, counted in part
    weight: float = 1.0  # how much the sheet's potential counts against points made now
    swap_share: float = 0.0  # a swap unused is also worth this share of the best open item it helps pay


def potential(model: Model, built: int, capacity: float, tuning: Tuning, skip: int = 0) -> float:
    """Points a sheet may still make with ``capacity`` dice-worth of turns: greedy by points per die over
    each unbuilt structure with its unbuilt requirements (``skip``: structures never to count)."""
    items = model.items
    diff = dict(tuning.difficulty)
    eff = [it.dice * diff.get(it.kind, 1.0) for it in items]
    gained = 0.0
    while capacity > 0:
        best_ratio, best = 0.0, None
        for it in items:
            bit = 1 << it.index
            if built & bit or skip & bit or it.value <= 0:
                continue
            cost, value, mask = eff[it.index], it.value, bit
            for j in it.closure:
                if not built & (1 << j):
                    cost += eff[j]
                    value += items[j].value
                    mask |= 1 << j
            ratio = value / cost
            if ratio > best_ratio:
                best_ratio, best = ratio, (cost, value, mask)
        if best is None:
            break
        cost, value, mask = best
        if cost > capacity:
            gained += tuning.partial * value * capacity / cost
            break
        gained += value
        capacity -= cost
        built |= mask
    return gained * tuning.discount * tuning.weight
