"""Scores of the Catan Dice Game: the classic points track (C-6) and Dice Game Plus's victory points, road
length and awards (C-7.3, Q-55). Pure functions of the sheet and the marked structures."""

from __future__ import annotations

from collections.abc import Iterable

from .dice_sheet import POINTS, DiceSheet
from .dice_state import DiceState


def points_of(sheet: DiceSheet, ids: Iterable[str]) -> int:
    """The points (classic) or VP (Plus) the structures ``ids`` are worth, awards not included."""
    return sum(sheet.value(s) for s in (sheet.structure(i) for i in ids) if s is not None)


def knights(sheet: DiceSheet, built: Iterable[str]) -> int:
    """Knights built; a knight whose swap is used still counts (C-7.3)."""
    return sum(1 for i in built if (s := sheet.structure(i)) is not None and s.kind == "knight")


def road_length(sheet: DiceSheet, built: Iterable[str], count_start: bool = True) -> int:
    """The longest line of consecutive roads, branches not added (C-7.3); the start road counted when
    ``count_start`` (Q-55). The sheet's roads form a tree, so this is its longest simple path."""
    edges: list[tuple[str, str]] = [
        s.ends
        for i in built
        if (s := sheet.structure(i)) is not None and s.kind == "road" and s.ends is not None
    ]
    if count_start:
        edges.append(sheet.start_road)
    if not edges:
        return 0
    around: dict[str, list[int]] = {}
    for k, (a, b) in enumerate(edges):
        around.setdefault(a, []).append(k)
        around.setdefault(b, []).append(k)

    def longest(node: str, used: frozenset[int]) -> int:
        best = 0
        for k in around[node]:
            if k in used:
                continue
            a, b = edges[k]
            best = max(best, 1 + longest(b if a == node else a, used | {k}))
        return best

    return max(longest(node, frozenset()) for node in around)


def classic_total(state: DiceState, seat: int) -> int:
    """A classic player's total: the sum of the points track (C-6.3)."""
    return sum(state.sheets[seat].track)


def plus_vp(sheet: DiceSheet, state: DiceState, seat: int) -> int:
    """A Plus player's victory points: settlements, cities and the awards held (C-7.3)."""
    vp = points_of(sheet, state.sheets[seat].built)
    if state.largest_army == seat and sheet.largest_army is not None:
        vp += sheet.largest_army.vp
    if state.longest_road == seat and sheet.longest_road is not None:
        vp += sheet.longest_road.vp
    return vp


def score(sheet: DiceSheet, state: DiceState, seat: int) -> int:
    """The number a player is ranked by: the classic total or the Plus VP."""
    return classic_total(state, seat) if sheet.scoring == POINTS else plus_vp(sheet, state, seat)


def award_counts(sheet: DiceSheet, state: DiceState) -> tuple[list[int], list[int]]:
    """Per seat: knights built, and road length (for Largest Army and Longest Road)."""
    count_start = sheet.longest_road.count_start_road if sheet.longest_road is not None else True
    army = [knights(sheet, sh.built) for sh in state.sheets]
    roads = [road_length(sheet, sh.built, count_start) for sh in state.sheets]
    return army, roads


def award_holder(counts: list[int], holder: int, seat: int, minimum: int) -> int:
    """Who holds an award after ``seat`` built: ``seat`` takes it on reaching the minimum first, or on
    having *more* than the holder (C-7.3; the lost award passes to the player with more, Q-55)."""
    if counts[seat] < minimum or holder == seat:
        return holder
    if holder < 0 or counts[seat] > counts[holder]:
        return seat
    return holder
