"""Snapshots of a Catan Dice Game: the complete state as JSON data and back, checked field by field.

The same envelope as the board game's (``"format": "catan-desktop-snapshot"``) with ``"kind": "dice"`` and
its own ``version``; docs/engine-api.md lists the fields. ``from_data`` refuses a position no sequence of
legal moves could reach with a SnapshotError naming the field.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .dice_scoring import award_counts, classic_total, plus_vp
from .dice_sheet import GAME_KIND, POINTS, RACE, DiceSheet, load_sheet
from .dice_state import ASIDE, FREE, SPENT, DiceState, SheetState
from .envelope import FORMAT, check_version, head, read_history, read_log, restore_rng, tail
from .errors import RulesetError, SnapshotError

if TYPE_CHECKING:
    from .dice_game import DiceGame

VERSION = 1
_DATA_ERRORS = (TypeError, ValueError, AttributeError, IndexError, KeyError, OverflowError, RecursionError)


def to_data(g: DiceGame) -> dict[str, Any]:
    """The complete state of ``g`` as JSON-serialisable data."""
    s = g.s
    return {
        **head(g, VERSION, GAME_KIND),
        "current": s.current,
        "start_player": s.start_player,
        "turn": s.turn,
        "sheets": [
            {"built": list(sh.built), "swaps_used": list(sh.swaps_used), "track": list(sh.track)}
            for sh in s.sheets
        ],
        "dice": list(s.dice),
        "dice_status": list(s.status),
        "rolls": s.rolls,
        "rolling_over": s.rolling_over,
        "built_this_turn": list(s.built_turn),
        "largest_army": s.largest_army if s.largest_army >= 0 else None,
        "longest_road": s.longest_road if s.longest_road >= 0 else None,
        "over": s.over,
        "winners": list(s.winners),
        **tail(g),
    }


def from_data(cls: type[DiceGame], data: Any, rules: DiceSheet | None = None) -> DiceGame:
    """Rebuild a dice game from snapshot data; raises SnapshotError naming the first problem."""
    try:
        return _from_data(cls, data, rules)
    except SnapshotError:
        raise
    except _DATA_ERRORS as exc:
        raise SnapshotError(f"a field has a value of the wrong kind ({type(exc).__name__}: {exc})") from exc


def _get(data: dict[str, Any], key: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
    if key not in data:
        if default is ...:
            raise SnapshotError(f"missing field '{key}'")
        return default
    value = data[key]
    if isinstance(value, bool) and kind is not bool or not isinstance(value, kind):
        raise SnapshotError(f"field '{key}' has the wrong type ({type(value).__name__})")
    return value


def _seat(value: Any, players: int, where: str, allow_none: bool = False) -> int:
    if value is None and allow_none:
        return -1
    if type(value) is not int or not 0 <= value < players:
        raise SnapshotError(f"{where}: {value!r} is not a seat of a {players}-player game")
    return value


def _rules(data: dict[str, Any], rules: DiceSheet | None) -> DiceSheet:
    if rules is not None:
        return rules
    try:
        if "rules" in data:
            return DiceSheet.from_dict(_get(data, "rules", dict))
        return load_sheet(_get(data, "variant", str), _get(data, "options", dict, {}) or None)
    except RulesetError as exc:
        raise SnapshotError("the snapshot's rules are invalid: " + "; ".join(exc.problems)) from exc
    except SnapshotError:
        raise
    except Exception as exc:  # the YAML loader's own error type
        raise SnapshotError(f"cannot load variant {data.get('variant')!r}: {exc}") from exc


def _sheet_state(sheet: DiceSheet, value: Any, where: str) -> SheetState:
    if not isinstance(value, dict):
        raise SnapshotError(f"{where}: must be an object with 'built', 'swaps_used' and 'track'")
    built = _get(value, "built", list, [])
    for k, sid in enumerate(built):
        st = sheet.structure(sid) if isinstance(sid, str) else None
        if st is None:
            raise SnapshotError(f"{where}.built[{k}]: no structure {sid!r} on the sheet")
        if sid in built[:k]:
            raise SnapshotError(f"{where}.built[{k}]: {sid} is marked twice")
        needs = [r for r in st.requires if r not in built[:k]]
        if needs:
            raise SnapshotError(f"{where}.built[{k}]: {sid} needs {', '.join(needs)} built before it (C-3)")
    used = _get(value, "swaps_used", list, [])
    for k, sid in enumerate(used):
        st = sheet.structure(sid) if isinstance(sid, str) else None
        if st is None or st.kind != "knight" or sid not in built or sid in used[:k]:
            raise SnapshotError(f"{where}.swaps_used[{k}]: {sid!r} is not the swap of a built knight")
    track = _get(value, "track", list, [])
    if not all(type(t) is int and -1000 <= t <= 1000 for t in track):
        raise SnapshotError(f"{where}.track: the points written must be whole numbers")
    if sheet.scoring == RACE and track:
        raise SnapshotError(f"{where}.track: a race (Dice Game Plus) has no points track")
    if len(track) > sheet.turns and sheet.scoring == POINTS:
        raise SnapshotError(f"{where}.track: more than {sheet.turns} turns")
    return SheetState(list(built), list(used), list(track))


def _from_data(cls: type[DiceGame], data: Any, rules: DiceSheet | None) -> DiceGame:
    if not isinstance(data, dict):
        raise SnapshotError("a snapshot must be a JSON object")
    if data.get("format", FORMAT) != FORMAT or data.get("kind") != GAME_KIND:
        raise SnapshotError(
            f"not a dice game snapshot (format {data.get('format')!r}, kind {data.get('kind')!r})"
        )
    check_version(_get(data, "version", int, VERSION), VERSION)
    sheet = _rules(data, rules)
    players = _get(data, "players", int)
    if not sheet.players_min <= players <= sheet.players_max:
        raise SnapshotError(
            f"players: {sheet.title} is for {sheet.players_min}-{sheet.players_max}, not {players}"
        )
    current = _seat(_get(data, "current", int), players, "current")
    start = _seat(_get(data, "start_player", int, 0), players, "start_player")
    turn = _get(data, "turn", int, 1)
    if not 1 <= turn <= 100_000:
        raise SnapshotError(f"turn: must be from 1, not {turn}")
    sheets = _get(data, "sheets", list)
    if len(sheets) != players:
        raise SnapshotError(f"sheets: {len(sheets)} sheets for {players} players")
    state = DiceState(
        players=players,
        current=current,
        start_player=start,
        turn=turn,
        sheets=[_sheet_state(sheet, v, f"sheets[{p}]") for p, v in enumerate(sheets)],
    )
    if current != (start + turn - 1) % players:
        raise SnapshotError(
            f"current: turn {turn} from start player {start} is seat {(start + turn - 1) % players}"
        )
    _turn_fields(sheet, data, state)
    _end_fields(sheet, data, state)
    seed = _get(data, "seed", int, 0)
    rng = restore_rng(data, seed, len(_get(data, "history", list, [])), turn)
    state.history = read_history(_get(data, "history", list, []))
    state.log = read_log(_get(data, "log", list, []))
    return cls(sheet, state, rng, seed, _get(data, "options", dict, {}))


def _turn_fields(sheet: DiceSheet, data: dict[str, Any], state: DiceState) -> None:
    """The dice on the table and this turn's builds."""
    rolls = _get(data, "rolls", int, 0)
    if not 0 <= rolls <= sheet.rolls:
        raise SnapshotError(f"rolls: from 0 to {sheet.rolls}, not {rolls}")
    dice = _get(data, "dice", list, [])
    status = _get(data, "dice_status", list, [FREE] * len(dice))
    want = sheet.dice_for_turn(state.turn) if rolls else 0
    if len(dice) != want or len(status) != want:
        raise SnapshotError(
            f"dice: turn {state.turn} shows {want} dice after {rolls} roll(s), not {len(dice)}"
        )
    for k, (face, st) in enumerate(zip(dice, status, strict=True)):
        if face not in sheet.faces and face not in sheet.resources:
            raise SnapshotError(f"dice[{k}]: {face!r} is not a face of the dice")
        if st not in (FREE, SPENT, ASIDE):
            raise SnapshotError(f"dice_status[{k}]: {st!r} is not '', 'spent' or 'aside'")
    rolling_over = _get(data, "rolling_over", bool, rolls >= sheet.rolls)
    built_turn = _get(data, "built_this_turn", list, [])
    own = state.sheets[state.current].built
    if built_turn and own[-len(built_turn) :] != built_turn:
        raise SnapshotError("built_this_turn: must be the last structures of the current player's sheet")
    if (built_turn or ASIDE in status or SPENT in status) and not rolling_over:
        raise SnapshotError("rolling_over: a turn that has built or traded gold has stopped rolling")
    if rolls == 0 and (rolling_over or built_turn):
        raise SnapshotError("rolls: nothing is built before the first roll")
    state.rolls, state.dice, state.status = rolls, list(dice), list(status)
    state.rolling_over, state.built_turn = rolling_over or rolls >= sheet.rolls, list(built_turn)


def _end_fields(sheet: DiceSheet, data: dict[str, Any], state: DiceState) -> None:
    """Awards, the end and the winners."""
    players = state.players
    if sheet.scoring == RACE:
        army, roads = award_counts(sheet, state)
        for name, award, counts in (
            ("largest_army", sheet.largest_army, army),
            ("longest_road", sheet.longest_road, roads),
        ):
            raw = data.get(name)
            holder = _seat(raw, players, name, allow_none=True)
            if award is None:
                continue
            if holder < 0 and raw is None and name not in data:  # left out: worked out from the position
                best = max(counts)
                leaders = [p for p in range(players) if counts[p] == best]
                holder = leaders[0] if best >= award.minimum and len(leaders) == 1 else -1
            if holder >= 0 and (counts[holder] < award.minimum or max(counts) > counts[holder]):
                raise SnapshotError(
                    f"{name}: seat {holder} cannot hold it ({counts[holder]} against {max(counts)})"
                )
            if holder < 0 and max(counts) >= award.minimum:
                raise SnapshotError(f"{name}: the first to {award.minimum} took it; name the holder")
            setattr(state, name, holder)
    over = _get(data, "over", bool, False)
    winners = _get(data, "winners", list, [])
    for w in winners:
        _seat(w, players, "winners")
    if sheet.scoring == POINTS:
        finished = state.turn - 1 + (1 if over else 0)
        for p, sh in enumerate(state.sheets):
            offset = (p - state.start_player) % players
            if len(sh.track) != max(0, (finished - offset + players - 1) // players):
                raise SnapshotError(f"sheets[{p}].track: {len(sh.track)} turns written by turn {state.turn}")
        done = all(len(sh.track) >= sheet.turns for sh in state.sheets)
        if over != done:
            raise SnapshotError("over: a classic game ends when every player has written all turns (C-6.3)")
        if over:
            totals = [classic_total(state, p) for p in range(players)]
            if sorted(winners) != [p for p in range(players) if totals[p] == max(totals)]:
                raise SnapshotError("winners: the highest totals win (C-6.3)")
    else:
        reached = [p for p in range(players) if plus_vp(sheet, state, p) >= sheet.target]
        if over and (winners != [state.current] or reached != winners):
            raise SnapshotError(f"winners: the player who reached {sheet.target} VP in their turn (Q-56)")
        if not over and reached:
            raise SnapshotError(f"over: seat {reached[0]} has {sheet.target} VP and has won (Q-56)")
    if not over and winners:
        raise SnapshotError("winners: none while the game runs")
    state.over, state.winners = over, list(winners)
