"""What one seat of a Catan Dice Game may know: everything but the future rolls (the RNG).

The dice game hides nothing from anybody: every sheet and die is on the table. ``dice_seat_view`` is the
typed view the UI, the renderer and the computer players read; ``dice_observation`` the same as JSON data,
with the log.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .dice_rules import legal_actions, swap_ready
from .dice_scoring import award_counts, classic_total, plus_vp
from .dice_sheet import POINTS, DiceSheet

if TYPE_CHECKING:
    from .dice_game import DiceGame


@dataclass(frozen=True)
class DiceSheetView:
    """One player's sheet as everyone sees it."""

    seat: int
    built: tuple[str, ...]  # structure ids in the order built
    swaps_used: tuple[str, ...]  # knights whose swap is crossed out (a swap group's first knight)
    swaps_ready: tuple[int, ...]  # knight numbers whose swap may be used now (a group's first knight)
    track: tuple[int, ...]  # classic: the points written each turn; Plus: ()
    score: int  # classic: the track's total; Plus: victory points, awards included
    knights: int
    road_length: int  # the start road counted when the sheet says so
    largest_army: bool
    longest_road: bool
    turns_played: int


@dataclass(frozen=True)
class DiceSeatView:
    """A dice game as ``seat`` sees it (the whole table: the game has no hidden cards)."""

    seat: int
    players: int
    active: int  # whose turn it is (the seat to act)
    start_player: int
    phase: str  # roll, reroll, build or over
    turn: int  # the turn of the game, from 1
    dice_count: int  # dice this turn (C-7.2)
    dice: tuple[str, ...]  # faces, () before the first roll
    dice_status: tuple[str, ...]  # per die: "" usable, "spent", "aside" (C-5.2)
    rolls: int
    rolls_left: int  # 0 once rolling is over
    built_this_turn: tuple[str, ...]
    buildable: tuple[str, ...]  # ids the seat can build now (its own turn; () otherwise)
    sheets: tuple[DiceSheetView, ...]
    largest_army: int | None  # Plus: the holder's seat
    longest_road: int | None
    winners: tuple[int, ...]
    is_over: bool
    turns_left: int | None  # classic: turns ``seat`` still plays; Plus: None
    rules: DiceSheet


def turns_played(g: DiceGame, seat: int) -> int:
    """Turns ``seat`` has finished."""
    s = g.s
    if g.rules.scoring == POINTS:
        return len(s.sheets[seat].track)
    done = s.turn - 1 + (1 if s.over else 0)  # turns finished by anybody (the winning turn counts)
    offset = (seat - s.start_player) % s.players
    return max(0, (done - offset + s.players - 1) // s.players)


def _sheets(g: DiceGame) -> tuple[DiceSheetView, ...]:
    s, sheet = g.s, g.rules
    army, roads = award_counts(sheet, s)
    out = []
    for p, sh in enumerate(s.sheets):
        ready = tuple(
            k.number
            for k in sheet.structures
            if k.kind == "knight" and swap_ready(sheet, sh.built, sh.swaps_used, k)
        )
        score = classic_total(s, p) if sheet.scoring == POINTS else plus_vp(sheet, s, p)
        out.append(
            DiceSheetView(
                seat=p,
                built=tuple(sh.built),
                swaps_used=tuple(sh.swaps_used),
                swaps_ready=ready,
                track=tuple(sh.track),
                score=score,
                knights=army[p],
                road_length=roads[p],
                largest_army=s.largest_army == p,
                longest_road=s.longest_road == p,
                turns_played=turns_played(g, p),
            )
        )
    return tuple(out)


def dice_seat_view(g: DiceGame, seat: int) -> DiceSeatView:
    """The typed view of ``seat``; raises ValueError for a seat not at the table."""
    s, sheet = g.s, g.rules
    if not 0 <= seat < s.players:
        raise ValueError(f"no seat {seat} in a {s.players}-player game")
    buildable: tuple[str, ...] = ()
    if seat == s.current and not s.over:
        buildable = tuple(
            sheet.by_kind(a.a, a.b).id
            for a in legal_actions(g)
            if a.kind == "build"  # type: ignore[union-attr]
        )
    left = None
    if sheet.scoring == POINTS:
        left = sheet.turns - len(s.sheets[seat].track)
    return DiceSeatView(
        seat=seat,
        players=s.players,
        active=s.current,
        start_player=s.start_player,
        phase=s.phase,
        turn=s.turn,
        dice_count=sheet.dice_for_turn(s.turn),
        dice=tuple(s.dice),
        dice_status=tuple(s.status),
        rolls=s.rolls,
        rolls_left=0 if s.rolling_over or s.over else sheet.rolls - s.rolls,
        built_this_turn=tuple(s.built_turn),
        buildable=buildable,
        sheets=_sheets(g),
        largest_army=s.largest_army if s.largest_army >= 0 else None,
        longest_road=s.longest_road if s.longest_road >= 0 else None,
        winners=tuple(s.winners),
        is_over=s.over,
        turns_left=left,
        rules=sheet,
    )


def dice_observation(g: DiceGame, seat: int) -> dict[str, Any]:
    """``dice_seat_view`` as JSON data, with ``game: "dice"``, the sheet's name and the public log."""
    view = dice_seat_view(g, seat)
    data: dict[str, Any] = {
        "game": "dice",
        "variant": g.rules.name,
        "seat": seat,
        "players": view.players,
        "active": view.active,
        "to_act": view.active,
        "start_player": view.start_player,
        "phase": view.phase,
        "turn": view.turn,
        "dice_count": view.dice_count,
        "dice": list(view.dice),
        "dice_status": list(view.dice_status),
        "rolls": view.rolls,
        "rolls_left": view.rolls_left,
        "built_this_turn": list(view.built_this_turn),
        "buildable": list(view.buildable),
        "largest_army": view.largest_army,
        "longest_road": view.longest_road,
        "winners": list(view.winners),
        "is_over": view.is_over,
        "turns_left": view.turns_left,
        "sheets": [
            {
                "seat": v.seat,
                "built": list(v.built),
                "swaps_used": list(v.swaps_used),
                "swaps_ready": list(v.swaps_ready),
                "track": list(v.track),
                "score": v.score,
                "knights": v.knights,
                "road_length": v.road_length,
                "largest_army": v.largest_army,
                "longest_road": v.longest_road,
                "turns_played": v.turns_played,
            }
            for v in view.sheets
        ],
        "log": list(g.s.log),
    }
    return data
