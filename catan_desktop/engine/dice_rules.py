"""The rules of a Catan Dice Game turn (RULES.md Part C): what is legal, why not, and what an action does.

``why_illegal`` is the one judge: ``legal_actions`` lists exactly the actions it accepts, in a
deterministic order, and ``perform`` applies one it accepted. Reasons are codes (``dice_*``, worded by
``catan_desktop.text.dice``); events are ``dice_*`` log entries (docs/engine-api.md, "The Catan Dice Game").
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from .actions import SPECS, Action
from .dice_actions import DICE_KINDS, MAX_NUMBER
from .dice_scoring import award_counts, award_holder, classic_total, plus_vp
from .dice_sheet import ANY, POINTS, RACE, DiceSheet, Structure
from .dice_state import ASIDE, FREE, SPENT, DiceState
from .reasons import Reason

if TYPE_CHECKING:
    from .dice_game import DiceGame

ROLL, END = Action("roll"), Action("end")


def _shown(value: object) -> str:
    """A hostile payload as short text for a reason; never raises (see explain._shown)."""
    try:
        text = repr(value)
    except ValueError:
        return f"<{type(value).__name__} too long to show>"
    return text if len(text) <= 80 else text[:77] + "..."


# ---------------------------------------------------------------------------------------------- helpers


def free_dice(s: DiceState) -> list[int]:
    """The dice not spent and not set aside this turn."""
    return [i for i, st in enumerate(s.status) if st == FREE]


def payment(sheet: DiceSheet, s: DiceState, kind: str) -> list[int] | None:
    """The dice that pay for a ``kind`` (the lowest-numbered free dice showing the cost), or None."""
    chosen: list[int] = []
    for resource, n in sheet.costs[kind]:
        have = [i for i in free_dice(s) if s.dice[i] == resource][:n]
        if len(have) < n:
            return None
        chosen.extend(have)
    return sorted(chosen)


def missing(sheet: DiceSheet, s: DiceState, kind: str) -> dict[str, int]:
    """What the free dice lack of a ``kind``'s cost."""
    out = {}
    for resource, n in sheet.costs[kind]:
        have = sum(1 for i in free_dice(s) if s.dice[i] == resource)
        if have < n:
            out[resource] = n - have
    return out


def swap_key(sheet: DiceSheet, knight: Structure) -> str:
    """The id a knight's swap is crossed out under: its own, or the first knight of its swap group."""
    if knight.swap_group is None:
        return knight.id
    return group(sheet, knight)[0].id


def group(sheet: DiceSheet, knight: Structure) -> list[Structure]:
    """The knights sharing ``knight``'s swap (C-7.5), by number; just ``knight`` when it has no group."""
    if knight.swap_group is None:
        return [knight]
    return [k for k in sheet.structures if k.kind == "knight" and k.swap_group == knight.swap_group]


def swap_ready(sheet: DiceSheet, built: list[str], used: list[str], knight: Structure) -> bool:
    """True when ``knight``'s swap may be used: built (the whole group), not yet crossed out."""
    members = group(sheet, knight)
    return (
        members[0] is knight and all(k.id in built for k in members) and swap_key(sheet, knight) not in used
    )


def _item(s: Structure) -> dict[str, Any]:
    return {"kind": s.kind, "number": s.number}


# ------------------------------------------------------------------------------------------- the judge


def why_illegal(g: DiceGame, action: Action) -> Reason | None:
    """Why ``action`` is not legal now (a Reason), or None when it is."""
    s = g.s
    if s.over:
        return Reason("game_over")
    kind = action.kind
    spec = SPECS.get(kind) if isinstance(kind, str) else None
    if spec is None or kind not in DICE_KINDS:
        return Reason(
            "unknown_action", kind=kind if isinstance(kind, str) and len(kind) <= 80 else _shown(kind)
        )
    if (
        not spec.shape(action.a, action.b)
        or (action.c is not None) != (kind == "swap")
        or (kind == "swap" and (type(action.c) is not int or not 0 <= action.c <= MAX_NUMBER))
    ):
        return Reason("malformed_action", text=_shown(tuple(action)))
    if kind == "roll":
        return None if s.rolls == 0 else Reason("dice_rolled_already")
    if s.rolls == 0:
        return Reason("dice_roll_first")
    if kind == "reroll":
        return _why_reroll(g, action.a)
    if kind == "end":
        return None
    if kind == "build":
        return _why_build(g, action.a, action.b)
    if kind == "gold":
        return _why_gold(g, action.a, action.b)
    return _why_swap(g, action.a, action.b, action.c)


def _why_die(s: DiceState, die: int) -> Reason | None:
    if die >= len(s.dice):
        return Reason("dice_no_die", die=die, last=len(s.dice) - 1)
    if s.status[die] != FREE:
        return Reason("dice_die_used", die=die, status=s.status[die])
    return None


def _why_reroll(g: DiceGame, dice: tuple[int, ...]) -> Reason | None:
    s = g.s
    if s.rolling_over:
        return Reason("dice_rolling_over", rolls=g.rules.rolls)
    for d in dice:
        if d >= len(s.dice):
            return Reason("dice_no_die", die=d, last=len(s.dice) - 1)
    return None


def _why_build(g: DiceGame, kind: str, number: int) -> Reason | None:
    sheet, s = g.rules, g.s
    target = sheet.by_kind(kind, number)
    if target is None:
        return Reason("dice_no_structure", kind=kind, number=number)
    built = s.sheets[s.current].built
    if target.id in built:
        return Reason("dice_built_already", kind=kind, number=number)
    needs = [r for r in target.requires if r not in built]
    if needs:
        first = [_item(x) for x in (sheet.structure(r) for r in needs) if x is not None]
        return Reason("dice_needs_first", kind=kind, number=number, needs=first)
    lack = missing(sheet, s, kind)
    if lack:
        return Reason("dice_cannot_pay", kind=kind, number=number, cost=sheet.cost(kind), missing=lack)
    return None


def _why_gold(g: DiceGame, pair: tuple[int, int], resource: str) -> Reason | None:
    sheet, s = g.rules, g.s
    if sheet.gold is None:
        return Reason("dice_no_gold")
    for d in pair:
        problem = _why_die(s, d)
        if problem is not None:
            return problem
        if s.dice[d] != sheet.gold:
            return Reason("dice_gold_pair", die=d)
    if resource not in sheet.resources:
        return Reason("dice_unknown_resource", resource=_shown(resource)[1:-1][:40])
    return None


def _why_swap(g: DiceGame, die: int, resource: str, number: int) -> Reason | None:
    sheet, s = g.rules, g.s
    knight = sheet.by_kind("knight", number)
    if knight is None:
        return Reason("dice_no_structure", kind="knight", number=number)
    sh = s.sheets[s.current]
    members = group(sheet, knight)
    if members[0] is not knight:
        return Reason("dice_swap_group_first", number=members[0].number)
    unbuilt = [k.number for k in members if k.id not in sh.built]
    if unbuilt:
        return Reason("dice_knight_not_built", number=number, knights=unbuilt)
    if swap_key(sheet, knight) in sh.swaps_used:
        return Reason("dice_swap_used", number=number)
    if resource not in sheet.resources:
        return Reason("dice_unknown_resource", resource=_shown(resource)[1:-1][:40])
    if knight.swap != ANY and resource != knight.swap:
        return Reason("dice_swap_resource", number=number, resource=knight.swap)
    problem = _why_die(s, die)
    if problem is not None:
        return problem
    if s.dice[die] == resource:
        return Reason("dice_swap_same", die=die, resource=resource)
    return None


# ------------------------------------------------------------------------------------- legal actions


def legal_actions(g: DiceGame) -> list[Action]:
    """Every legal action for the seat to act, in a deterministic order: roll or the rerolls (fewest dice
    first), then builds (roads, settlements, cities, knights by number), gold, swaps, and ``end``."""
    s, sheet = g.s, g.rules
    if s.over:
        return []
    if s.rolls == 0:
        return [ROLL]
    out: list[Action] = []
    if not s.rolling_over:
        n = len(s.dice)
        for size in range(1, n + 1):
            out.extend(Action("reroll", dice) for dice in combinations(range(n), size))
    sh = s.sheets[s.current]
    for st in sheet.structures:
        if (
            st.id not in sh.built
            and all(r in sh.built for r in st.requires)
            and not missing(sheet, s, st.kind)
        ):
            out.append(Action("build", st.kind, st.number))
    free = free_dice(s)
    if sheet.gold is not None:
        golds = [i for i in free if s.dice[i] == sheet.gold]
        for pair in combinations(golds, 2):
            out.extend(Action("gold", pair, r) for r in sheet.resources)
    for st in sheet.structures:
        if st.kind != "knight" or not swap_ready(sheet, sh.built, sh.swaps_used, st):
            continue
        targets = sheet.resources if st.swap == ANY else (st.swap,)
        for die in free:
            out.extend(Action("swap", die, r, st.number) for r in targets if s.dice[die] != r)
    out.append(END)
    return out


# ------------------------------------------------------------------------------------------- perform


def perform(g: DiceGame, action: Action) -> None:
    """Apply an action ``why_illegal`` accepted."""
    s, sheet, seat = g.s, g.rules, g.s.current
    kind = action.kind
    if kind in ("roll", "reroll"):
        rolled = list(range(sheet.dice_for_turn(s.turn))) if kind == "roll" else list(action.a)
        if kind == "roll":
            s.dice, s.status = [""] * len(rolled), [FREE] * len(rolled)
        for d in rolled:
            s.dice[d] = sheet.faces[g.rng.randrange(len(sheet.faces))]
        s.rolls += 1
        s.rolling_over = s.rolls >= sheet.rolls
        g.event("dice_roll", seat=seat, roll=s.rolls, rolled=rolled, dice=list(s.dice))
    elif kind == "build":
        _build(g, sheet.by_kind(action.a, action.b))
    elif kind == "gold":
        turned, aside = action.a
        s.rolling_over = True
        s.dice[turned] = action.b
        s.status[aside] = ASIDE
        g.event("dice_gold", seat=seat, dice=list(action.a), resource=action.b)
    elif kind == "swap":
        knight = sheet.by_kind("knight", action.c)
        assert knight is not None
        s.rolling_over = True
        was = s.dice[action.a]
        s.dice[action.a] = action.b
        s.sheets[seat].swaps_used.append(swap_key(sheet, knight))
        g.event("dice_swap", seat=seat, knight=knight.number, die=action.a, was=was, resource=action.b)
    else:
        _end_turn(g)


def _build(g: DiceGame, target: Structure | None) -> None:
    s, sheet, seat = g.s, g.rules, g.s.current
    assert target is not None
    paid = payment(sheet, s, target.kind)
    assert paid is not None
    s.rolling_over = True
    for d in paid:
        s.status[d] = SPENT
    s.sheets[seat].built.append(target.id)
    s.built_turn.append(target.id)
    g.event(
        "dice_build",
        seat=seat,
        id=target.id,
        kind=target.kind,
        number=target.number,
        value=sheet.value(target),
        dice=paid,
    )
    if sheet.scoring == RACE:
        _awards(g, seat)
        vp = plus_vp(sheet, s, seat)
        if vp >= sheet.target:  # C-7.6 / Q-56: at once
            s.over, s.winners = True, [seat]
            g.event("dice_win", seat=seat, vp=vp)


def _awards(g: DiceGame, seat: int) -> None:
    """Largest Army and Longest Road after ``seat`` built (C-7.3, Q-55)."""
    s, sheet = g.s, g.rules
    army, roads = award_counts(sheet, s)
    for name, award, counts in (
        ("largest_army", sheet.largest_army, army),
        ("longest_road", sheet.longest_road, roads),
    ):
        if award is None:
            continue
        holder = getattr(s, name)
        new = award_holder(counts, holder, seat, award.minimum)
        if new != holder:
            setattr(s, name, new)
            g.event(
                "dice_award",
                seat=new,
                award=name,
                previous=holder if holder >= 0 else None,
                count=counts[new],
            )


def _end_turn(g: DiceGame) -> None:
    s, sheet, seat = g.s, g.rules, g.s.current
    if sheet.scoring == POINTS:
        built = list(s.built_turn)
        points = (
            sum(sheet.value(x) for x in map(sheet.structure, built) if x is not None)
            if built
            else sheet.no_build_penalty
        )  # C-6.2 / Q-53: whenever nothing is built
        s.sheets[seat].track.append(points)
        g.event("dice_turn_end", seat=seat, points=points, built=built, total=classic_total(s, seat))
        if all(len(sh.track) >= sheet.turns for sh in s.sheets):  # C-6.3
            totals = [classic_total(s, p) for p in range(s.players)]
            best = max(totals)
            s.over, s.winners = True, [p for p in range(s.players) if totals[p] == best]  # ties share (N-12)
            s.dice, s.status, s.rolls, s.rolling_over, s.built_turn = [], [], 0, False, []
            g.event("dice_over", scores=totals, winners=list(s.winners))
            return
    else:
        g.event("dice_turn_end", seat=seat, built=list(s.built_turn), vp=plus_vp(sheet, s, seat))
    s.current = (seat + 1) % s.players
    s.turn += 1
    s.dice, s.status, s.rolls, s.rolling_over, s.built_turn = [], [], 0, False, []
    g.event("dice_turn", seat=s.current, dice=sheet.dice_for_turn(s.turn))
