"""The computer player's turn in the Catan Dice Game: the value of every final roll (the best build set it
pays for, plus the sheet's value afterwards) and, over the rerolls, the expectation of the best choice
(an expectimax over dice multisets, C-2.1). ``TurnPlan`` is built once per turn position and answers
"which dice to roll again" and "what to build with these dice".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .dice_model import BuildSet, Model, Swap, build_sets, decode, encode, outcomes, pay_cost, submultisets

Counts = tuple[int, ...]  # dice per face: the resources in the sheet's order, then gold


@dataclass(frozen=True)
class Choice:
    """The best use of some dice: the build set, its value, the swaps and gold pairs it uses."""

    value: float
    build: BuildSet
    swaps: tuple[str, ...]
    pairs: int


class TurnPlan:
    """Values for one turn position (sheet, swaps ready, what was built this turn), for every roll.

    ``now_value(build)`` gives what a build set is worth this turn (points, VP and awards) and
    ``after_value(mask)`` the value of the sheet after it (the heuristic, cached); ``swap_value`` what each
    swap still to use is worth. ``depth``: rolls looked ahead (1: as if the next roll were the last).
    Dice multisets are codes (``dice_model.encode``).
    """

    def __init__(
        self,
        model: Model,
        built: int,
        ready: list[Swap],
        used: set[str],
        n_dice: int,
        now_value: Callable[[BuildSet], float],
        after_value: Callable[[int], float],
        swap_value: dict[str, float],
        depth: int = 2,
    ) -> None:
        self.model = model
        self.faces = model.faces
        self.n = n_dice
        self.swap_value = swap_value
        self.ready = sorted(ready, key=lambda s: swap_value.get(s.key, 0.0))
        self.depth = depth
        sets = build_sets(model, built, n_dice)
        spare = sum(swap_value.get(s.key, 0.0) for s in ready)
        ranked = []
        for bs in sets:
            have = built | bs.mask
            new = [
                s
                for s in model.swaps
                if s.key not in used and s not in ready and s.knights & bs.mask and s.knights & ~have == 0
            ]
            base = now_value(bs) + after_value(have) + spare + sum(swap_value.get(s.key, 0.0) for s in new)
            with_new = sorted(self.ready + new, key=lambda s: swap_value.get(s.key, 0.0)) if new else None
            ranked.append((base, bs, with_new))
        ranked.sort(key=lambda item: (-item[0], item[1].dice, item[1].ids))
        self.ranked = ranked
        self._final: dict[int, Choice] = {}
        self._w: dict[tuple[int, int], float] = {}
        self._v: dict[tuple[int, int], float] = {}

    # ------------------------------------------------------------------------------------------- final

    def best(self, counts: Counts) -> Choice:
        """The best build set the dice ``counts`` pay for (the empty set if nothing better)."""
        return self._best_code(encode(counts), counts)

    def _best_code(self, code: int, counts: Counts | None = None) -> Choice:
        found = self._final.get(code)
        if found is not None:
            return found
        if counts is None:
            counts = decode(code, self.faces)
        best: Choice | None = None
        dice = sum(counts)
        for base, bs, with_new in self.ranked:
            if best is not None and base <= best.value:
                break
            if bs.dice > dice:  # never payable: every unit of a cost takes a die
                continue
            paid = pay_cost(bs.cost, counts, self.ready, self.swap_value)
            if (  # a knight of this set pays first, then its swap helps with the rest
                paid is None
                and with_new is not None
                and pay_cost(bs.knight_cost, counts, self.ready, self.swap_value) is not None
            ):
                paid = pay_cost(bs.cost, counts, with_new, self.swap_value)
            if paid is None:
                continue
            lost, keys, pairs = paid
            value = base - lost
            if best is None or value > best.value:
                best = Choice(value, bs, keys, pairs)
        assert best is not None  # the empty set always pays
        self._final[code] = best
        return best

    # ----------------------------------------------------------------------------------------- rerolls

    def value_after(self, rolls_left: int, code: int) -> float:
        """The value of holding the dice ``code`` with ``rolls_left`` rolls allowed (stop, or roll again)."""
        key = (rolls_left, code)
        found = self._v.get(key)
        if found is not None:
            return found
        value = self._best_code(code).value
        if rolls_left > 0:
            for kept in submultisets(code, self.faces):
                w = self.keep_value(rolls_left, kept)
                if w > value:
                    value = w
        self._v[key] = value
        return value

    def keep_value(self, rolls_left: int, kept: int) -> float:
        """The expected value of keeping the dice ``kept`` and rolling the others (``rolls_left`` before)."""
        key = (rolls_left, kept)
        found = self._w.get(key)
        if found is not None:
            return found
        after = rolls_left - 1 if self.depth > 1 else 0  # depth 1: as if this roll were the last
        size = sum(decode(kept, self.faces))
        value_after = self.value_after
        total = 0.0
        for rolled, p in outcomes(self.n - size, self.faces):
            total += p * value_after(after, kept + rolled)
        self._w[key] = total
        return total

    def choose_keep(self, counts: Counts, rolls_left: int) -> Counts | None:
        """The dice to keep (None: stop rolling and build) holding ``counts`` with rolls left."""
        code = encode(counts)
        best_value = self._best_code(code, counts).value
        best: int | None = None
        for kept in submultisets(code, self.faces):
            value = self.keep_value(rolls_left, kept)
            if value > best_value + 1e-9:
                best_value, best = value, kept
        return None if best is None else decode(best, self.faces)
