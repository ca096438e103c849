"""The public face of the Catan Dice Game (RULES.md Part C): ``DiceGame``, the classic game (1-4 players,
15 turns, points) and Dice Game Plus (2-4, a race to 10 VP), as the rule file says.

The same surface as ``Game`` where it applies (docs/engine-api.md, "The Catan Dice Game"): ``new``,
``legal_actions``, ``is_legal`` / ``why_illegal`` with reasons, ``apply`` (actions or their text),
``seat_view``, ``observation``, ``to_json`` / ``from_json``, ``log``, ``history``, ``is_over``, ``winners``,
``vp``; every die is drawn from the game's own seeded RNG.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Mapping
from typing import Any

from . import dice_snapshot
from .actions import Action
from .dice_rules import legal_actions, perform, why_illegal
from .dice_scoring import classic_total, plus_vp, points_of
from .dice_sheet import GAME_KIND, POINTS, DiceSheet, load_sheet
from .dice_state import PHASES, DiceState, SheetState
from .dice_views import DiceSeatView, dice_observation, dice_seat_view, turns_played
from .errors import RulesetError, SnapshotError
from .game_base import GameBase
from .reasons import Reason


class DiceGame(GameBase):
    """One Catan Dice Game: the sheet (``rules``), the state (``s``) and its own seeded RNG."""

    KIND = GAME_KIND
    PHASES = PHASES
    _list_legal = legal_actions  # the verbs of GameBase: the dice game's rules
    _explain = why_illegal
    _perform = perform

    def __init__(
        self, rules: DiceSheet, state: DiceState, rng: random.Random, seed: int, options: Mapping[str, Any]
    ) -> None:
        self.rules = rules
        self.s = state
        self.rng = rng
        self.seed = seed
        self.options = dict(options)
        self._legal: list[Action] | None = None
        self._history_text = 0

    @classmethod
    def new(
        cls,
        variant: str | os.PathLike[str] | DiceSheet | Mapping[str, Any] = "dice-game",
        players: int = 1,
        seed: int = 0,
        options: dict[str, Any] | None = None,
    ) -> DiceGame:
        """Start a game: draw the start player if the sheet says so (gap N-12), then the first turn.

        Raises RulesetError (or the rule-file layer's RuleFileError) for a bad variant, option or player
        count.
        """
        sheet = load_sheet(variant, options)
        if not sheet.players_min <= players <= sheet.players_max:
            lo, hi = sheet.players_min, sheet.players_max
            raise RulesetError([f"players: {sheet.title} is for {lo}-{hi} players, not {players}"])
        rng = random.Random(seed)
        start = rng.randrange(players) if sheet.start_player == "random" and players > 1 else 0
        state = DiceState(
            players=players,
            current=start,
            start_player=start,
            turn=1,
            sheets=[SheetState() for _ in range(players)],
        )
        game = cls(sheet, state, rng, seed, options or {})
        game.event("dice_start", seat=start, players=players)
        game.event("dice_turn", seat=start, dice=sheet.dice_for_turn(1))
        return game

    # ---------------------------------------------------------------------------------------- properties

    @property
    def current_player(self) -> int:
        """The seat that must act now: always the seat whose turn it is."""
        return self.s.current

    @property
    def active_player(self) -> int:
        return self.s.current

    @property
    def phase(self) -> str:
        """``roll`` (the first roll to make), ``reroll`` (may roll again or build), ``build`` (rolling is
        over) or ``over``."""
        return self.s.phase

    @property
    def is_over(self) -> bool:
        return self.s.over

    # --------------------------------------------------------------------------------------------- verbs

    def why_none(self, kind: str) -> str | None:
        """Why the seat to act has no legal action of ``kind`` now, or None when it has one."""
        if self.s.over:
            return Reason("game_over")
        if any(a.kind == kind for a in self.legal_list()):
            return None
        if kind == "roll":
            return Reason("dice_rolled_already")
        if self.s.rolls == 0:
            return Reason("dice_roll_first")
        if kind == "reroll":
            return Reason("dice_rolling_over", rolls=self.rules.rolls)
        return Reason("dice_nothing_of_kind", kind=kind)

    def clone(self) -> DiceGame:
        """An independent copy (state and RNG) sharing the immutable sheet."""
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        copy = DiceGame(self.rules, self.s.clone(), rng, self.seed, self.options)
        copy._history_text = self._history_text
        return copy

    # ------------------------------------------------------------------------------------------- queries

    def score(self, seat: int) -> int:
        """The classic total (the points track, C-6) or the Plus VP (C-7.3)."""
        return (
            classic_total(self.s, seat) if self.rules.scoring == POINTS else plus_vp(self.rules, self.s, seat)
        )

    def vp(self, seat: int) -> int:
        """The same as ``score``: what a seat is ranked by."""
        return self.score(seat)

    def visible_vp(self, seat: int) -> int:
        return self.score(seat)

    def vp_breakdown(self, seat: int) -> dict[str, int]:
        """Points by source: classic ``track`` (the written points) or Plus ``buildings`` and the awards."""
        if self.rules.scoring == POINTS:
            return {"track": classic_total(self.s, seat)}
        sheet, s = self.rules, self.s
        out = {"buildings": points_of(sheet, s.sheets[seat].built), "largest_army": 0, "longest_road": 0}
        if s.largest_army == seat and sheet.largest_army is not None:
            out["largest_army"] = sheet.largest_army.vp
        if s.longest_road == seat and sheet.longest_road is not None:
            out["longest_road"] = sheet.longest_road.vp
        return out

    def sheet_points(self, seat: int) -> int:
        """The points (classic) or VP (Plus, awards left out) of everything marked on a seat's sheet."""
        return points_of(self.rules, self.s.sheets[seat].built)

    def turns_played(self, seat: int) -> int:
        """Turns ``seat`` has finished."""
        return turns_played(self, seat)

    def dice_for_turn(self, k: int | None = None) -> int:
        """Dice rolled in the ``k``-th turn of the game (default: this turn; C-7.2 / Q-54)."""
        return self.rules.dice_for_turn(self.s.turn if k is None else k)

    def seat_view(self, seat: int) -> DiceSeatView:
        """What ``seat`` may know, typed: the whole table (the dice game hides nothing but the future)."""
        return dice_seat_view(self, seat)

    def observation(self, seat: int) -> dict[str, Any]:
        """``seat_view`` as JSON data, with the log."""
        return dice_observation(self, seat)

    # ------------------------------------------------------------------------------------ serialisation

    def to_json(self) -> str:
        """The complete state as JSON text (docs/engine-api.md, "The Catan Dice Game")."""
        return json.dumps(dice_snapshot.to_data(self), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | bytes, rules: DiceSheet | None = None) -> DiceGame:
        """Rebuild a game from ``to_json`` output or a hand-written snapshot; raises SnapshotError."""
        try:
            data = json.loads(text)
        except (ValueError, UnicodeDecodeError, RecursionError) as exc:
            raise SnapshotError(f"not valid JSON: {exc}") from exc
        return cls.from_data(data, rules)

    @classmethod
    def from_data(cls, data: Any, rules: DiceSheet | None = None) -> DiceGame:
        """Rebuild a game from snapshot data (a parsed ``to_json``); raises SnapshotError naming the field."""
        return dice_snapshot.from_data(cls, data, rules)


__all__ = ["DiceGame", "DiceSheet", "load_sheet"]
