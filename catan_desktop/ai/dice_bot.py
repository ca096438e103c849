"""The computer player of the Catan Dice Game (RULES.md Part C), classic and Plus, at three levels.

It reads the seat's view (``game.seat_view``), the public sheet (``game.rules``) and the legal actions;
never the game's RNG (the only hidden thing: future rolls). Each turn position gets a ``TurnPlan``
(``dice_search``): the value of every final roll, the best build set it pays for, and over the rerolls the
expectation of the best choice.

- **classic** (points, C-6): a build set is worth its points now (or the -2 penalty) plus a heuristic
  value of the sheet for the turns left (``dice_model.potential``: points per die over what is still
  open), minus the knight swaps it spends.
- **Plus** (race, C-7): a build set is worth the VP it reaches (awards included, a win above all) plus
  the sheet's VP still in reach and the awards within reach; the hard level also counts taking an award
  from another player (denying it) and looks at the leader.

Levels (measured by bench/dice_ai.py; bench/README.md): **easy** plans each roll as if it were the last,
discounts the future heavily and values swaps little; **normal** also looks one roll ahead only, with the
full heuristic, and counts awards within reach weakly; **hard** looks over both rerolls (a full expectimax),
values an unused knight swap by the best open structure it helps pay for (an ore swap while the 30-point
city is open), counts awards fully and taking one from another player.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..engine import Action
from ..engine.dice_scoring import road_length
from ..engine.dice_sheet import GAME_KIND, POINTS
from ..engine.dice_views import DiceSeatView
from .dice_model import WILD, BuildSet, Model, Swap, Tuning, model_of, potential
from .dice_search import Counts, TurnPlan


@dataclass(frozen=True)
class Level:
    """How a level plays."""

    depth: int  # rolls looked ahead by the reroll expectimax (1: each roll as if the last)
    tuning: Tuning
    deny: float  # Plus: value of taking an award away from another player
    award_weight: float  # Plus: how much an award within reach counts
    plus_turns: float  # Plus: turns of dice the sheet's potential looks ahead


LEVELS: dict[str, Level] = {
    "easy": Level(1, Tuning(discount=0.35, swap_specific=0.3, swap_wild=0.5), 0.0, 0.3, 1.5),
    "normal": Level(1, Tuning(), 0.0, 0.3, 2.5),
    "hard": Level(2, Tuning(swap_specific=0.5, swap_wild=1.0, swap_share=0.25), 10.0, 1.0, 2.0),
}
WIN = 1000.0


class DiceBot:
    """A computer player of the dice game; ``choose(game, seat)`` returns one of the legal actions."""

    KIND = GAME_KIND  # the kind of game it plays (engine.any_game.KINDS)

    def __init__(self, level: str = "normal", seed: int = 0, think_time: float | None = None) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}")
        self.name = level
        self.level = level
        self.params = LEVELS[level]
        self.rng = random.Random(seed)
        self.think_time = think_time
        self.last_reason: str | None = None
        self._plan_key: tuple[Any, ...] | None = None
        self._plan: TurnPlan | None = None

    # --------------------------------------------------------------------------------------------- entry

    def choose(self, game: Any, seat: int) -> Action:
        """Return the action for ``seat`` (the seat to act); raises ValueError when there is none."""
        legal = game.legal_actions()
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        view: DiceSeatView = game.seat_view(seat)
        if view.phase == "roll":
            return Action("roll")
        model = model_of(game.rules)
        plan = self._turn_plan(model, view)
        counts, by_face = _free_counts(model, view)
        if view.phase == "reroll" and view.rolls_left > 0:
            kept = plan.choose_keep(counts, view.rolls_left)
            if kept is not None:
                return Action("reroll", _reroll_dice(by_face, kept))
        action = self._build_step(model, view, plan, counts, by_face)
        return action if game.is_legal(action) else _fallback(legal)

    # ----------------------------------------------------------------------------------------- planning

    def _turn_plan(self, model: Model, view: DiceSeatView) -> TurnPlan:
        me = view.sheets[view.seat]
        key = (view.turn, view.seat, me.built, me.swaps_used, view.built_this_turn, view.dice_count)
        if self._plan is not None and self._plan_key == key:
            return self._plan
        built = _mask(model, me.built)
        used = set(me.swaps_used)
        ready = [s for s in model.swaps if s.number in me.swaps_ready]
        if model.sheet.scoring == POINTS:
            now, after, swap_value = self._classic(model, view)
        else:
            now, after, swap_value = self._plus(model, view)
        plan = TurnPlan(
            model, built, ready, used, view.dice_count, now, after, swap_value, depth=self.params.depth
        )
        self._plan_key, self._plan = key, plan
        return plan

    def _classic(self, model: Model, view: DiceSeatView) -> tuple[Any, Any, dict[str, float]]:
        """Points now (C-6.1, the -2 of C-6.2) and the sheet's value for the turns left after this one."""
        tuning = self.params.tuning
        left = max(0, (view.turns_left or 1) - 1)
        penalty = 0 if view.built_this_turn else model.sheet.no_build_penalty
        cache: dict[int, float] = {}

        def now(bs: BuildSet) -> float:
            return float(bs.value if bs.mask else penalty)

        def after(mask: int) -> float:
            if mask not in cache:
                cache[mask] = potential(model, mask, left * tuning.dice_per_turn, tuning) if left else 0.0
            return cache[mask]

        built = _mask(model, view.sheets[view.seat].built)
        return now, after, _swap_values(model, tuning, left, built)

    def _plus(self, model: Model, view: DiceSeatView) -> tuple[Any, Any, dict[str, float]]:
        """VP reached now (awards included; a win above all) and the VP and awards still in reach."""
        sheet, p = model.sheet, self.params
        me = view.seat
        others = [v for v in view.sheets if v.seat != me]
        vp_before = view.sheets[me].score
        leader_vp = max((v.score for v in others), default=0)
        built = _mask(model, view.sheets[me].built)
        cache: dict[int, tuple[int, int, int, int]] = {}

        def state(mask: int) -> tuple[int, int, int, int]:
            """VP after, awards gained, awards taken from others, knights and road length."""
            if mask not in cache:
                ids = [it.id for it in model.items if mask >> it.index & 1]
                vp = sum(model.items[i].value for i in range(len(model.items)) if mask >> i & 1)
                knights = sum(1 for it in model.items if it.kind == "knight" and mask >> it.index & 1)
                count_start = sheet.longest_road.count_start_road if sheet.longest_road else True
                length = road_length(sheet, ids, count_start)
                taken = 0
                for award, holder, mine, theirs in (
                    (sheet.largest_army, view.largest_army, knights, {v.seat: v.knights for v in others}),
                    (sheet.longest_road, view.longest_road, length, {v.seat: v.road_length for v in others}),
                ):
                    if award is None:
                        continue
                    if holder == me or (mine >= award.minimum and (holder is None or mine > theirs[holder])):
                        vp += award.vp
                        taken += 1 if holder is not None and holder != me else 0
                cache[mask] = (vp, taken, knights, length)
            return cache[mask]

        def now(bs: BuildSet) -> float:
            vp, taken, _, _ = state(built | bs.mask)
            if vp >= sheet.target:
                return WIN + vp
            urgency = 1.0 + (0.15 * max(0, leader_vp - 5) if self.level == "hard" else 0.0)
            return (vp - vp_before) * 10.0 * urgency + taken * p.deny

        def after(mask: int) -> float:
            vp, _, knights, length = state(mask)
            capacity = p.plus_turns * 5.0
            value = potential(model, mask, capacity, p.tuning)
            for award, holder, mine, count, per in (
                (sheet.largest_army, view.largest_army, knights, "knights", 3.0),
                (sheet.longest_road, view.longest_road, length, "road_length", 2.0),
            ):
                if award is None or holder == me:
                    continue
                theirs = max((getattr(v, count) for v in others), default=0) if holder is not None else 0
                need = max(award.minimum, theirs + 1) - mine
                if need <= 0:
                    continue
                value += p.award_weight * award.vp * max(0.0, 1.0 - need * per / (capacity + 1.0))
            return value * 10.0

        return now, after, _swap_values(model, p.tuning, 6, built)

    # ------------------------------------------------------------------------------------------- acting

    def _build_step(
        self, model: Model, view: DiceSeatView, plan: TurnPlan, counts: Counts, by_face: list[list[int]]
    ) -> Action:
        """The next action of the best build set for the dice as they are: a gold pair, a swap, a build,
        or ``end``."""
        choice = plan.best(counts)
        bs = choice.build
        if not bs.ids:
            return Action("end")
        n_res = len(model.resources)
        deficit = [max(0, bs.cost[r] - counts[r]) for r in range(n_res)]
        if not any(deficit):
            built = set(view.sheets[view.seat].built)
            for sid in bs.ids:
                it = model.by_id[sid]
                if all(model.items[j].id in built for j in range(len(model.items)) if it.requires >> j & 1):
                    return Action("build", it.kind, it.number)
            return Action("end")
        swaps = {s.key: s for s in model.swaps}
        left = list(deficit)
        specific = [swaps[k] for k in choice.swaps if swaps[k].target != WILD]
        for sw in specific:
            left[sw.target] = max(0, left[sw.target] - 1)
        wanted = next((r for r in range(n_res) if left[r] > 0), next(r for r in range(n_res) if deficit[r]))
        golds = by_face[n_res]
        if choice.pairs > 0 and len(golds) >= 2:
            return Action("gold", (golds[0], golds[1]), model.resources[wanted])
        for key in choice.swaps:
            sw = swaps[key]
            if sw.knights & ~_mask(model, view.sheets[view.seat].built):
                continue  # a knight of this set, not built yet: build first
            target = sw.target if sw.target != WILD else wanted
            die = _spare_die(bs.cost, counts, by_face)
            if die is not None:
                return Action("swap", die, model.resources[target], sw.number)
        built = set(view.sheets[view.seat].built)
        for sid in bs.ids:  # e.g. the knight whose swap pays the rest
            it = model.by_id[sid]
            if it.kind == "knight" and all(r in built for r in model.sheet.structure(sid).requires):  # type: ignore[union-attr]
                return Action("build", it.kind, it.number)
        return Action("end")


# ------------------------------------------------------------------------------------------------ helpers


def _mask(model: Model, ids: tuple[str, ...] | list[str]) -> int:
    mask = 0
    for sid in ids:
        it = model.by_id.get(sid)
        if it is not None:
            mask |= 1 << it.index
    return mask


def _free_counts(model: Model, view: DiceSeatView) -> tuple[Counts, list[list[int]]]:
    """The free dice per face (resources in the sheet's order, then gold), and which dice show each."""
    faces = [*model.resources, model.sheet.gold]
    by_face: list[list[int]] = [[] for _ in faces]
    for i, (face, status) in enumerate(zip(view.dice, view.dice_status, strict=True)):
        if status == "" and face in faces:
            by_face[faces.index(face)].append(i)
    return tuple(len(x) for x in by_face), by_face


def _reroll_dice(by_face: list[list[int]], kept: Counts) -> tuple[int, ...]:
    """The dice to roll again to keep ``kept`` (the first dice of each face are kept)."""
    again = [d for face, dice in enumerate(by_face) for d in dice[kept[face] :]]
    return tuple(sorted(again))


def _spare_die(cost: tuple[int, ...], counts: Counts, by_face: list[list[int]]) -> int | None:
    """A free die the build set does not need: gold first, then a resource above its cost."""
    n_res = len(cost)
    if by_face[n_res]:
        return by_face[n_res][-1]
    for r in range(n_res):
        if counts[r] > cost[r]:
            return by_face[r][-1]
    return None


def _swap_values(model: Model, tuning: Tuning, turns_left: float, built: int = 0) -> dict[str, float]:
    """What each swap still unused is worth with ``turns_left`` turns to use it in: a constant, plus a
    share of the most valuable structure not yet built whose cost it helps pay (a city for an ore swap)."""
    share = min(1.0, turns_left / 5.0)
    out = {}
    for s in model.swaps:
        base = tuning.swap_wild if s.target == WILD else tuning.swap_specific
        best = max(
            (
                it.value
                for it in model.items
                if not built >> it.index & 1 and (s.target == WILD or it.cost[s.target] > 0)
            ),
            default=0,
        )
        out[s.key] = share * (base + tuning.swap_share * best)
    return out


def _fallback(legal: list[Action]) -> Action:
    """A safe legal action when a planned one is refused: a build, else the end of the turn."""
    for a in legal:
        if a.kind == "build":
            return a
    return next((a for a in legal if a.kind == "end"), legal[-1])


__all__ = ["DiceBot", "LEVELS", "Swap"]
