"""The Catan Dice Game's rule file as an immutable description: the dice, the costs, the score sheet's graph
and the scoring (RULES.md Part C). Built from a rule file with ``game: dice`` (rules/dice-game.yaml,
rules/dice-game-plus.yaml), validated by the same rule-file layer as the board games
(``catan_desktop.variants.dice_schema``); the engine itself reads no files.
"""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import RulesetError
from .ruleset import rules_source

GAME_KIND = "dice"  # the rule file's top-level ``game:`` for this engine
KINDS = ("road", "settlement", "city", "knight")  # what a sheet holds, in the order actions list them
PREFIX = {"road": "R", "settlement": "S", "city": "C", "knight": "K"}  # a structure's id: PREFIX + number
ANY = "any"  # a knight whose swap gives any resource (C-4.2 "?", Q-52)
POINTS, RACE = "points", "race"  # classic scoring (C-6) and Dice Game Plus (C-7)


@dataclass(frozen=True)
class Structure:
    """One symbol of the score sheet: a road (``ends``), a settlement or city (``node``) or a knight
    (``swap``: the resource its swap gives, or ``any``; knights of one ``swap_group`` share one swap, usable
    once all of them are built, C-7.5). ``requires``: the ids that must be built first (C-3)."""

    id: str
    kind: str
    number: int
    points: int
    requires: tuple[str, ...]
    ends: tuple[str, str] | None = None
    node: str | None = None
    hex: str | None = None
    swap: str | None = None
    swap_group: str | None = None


@dataclass(frozen=True)
class Award:
    """Largest Army or Longest Road in Dice Game Plus (C-7.3): its VP and the count that first takes it."""

    vp: int
    minimum: int
    count_start_road: bool = False


@dataclass(frozen=True)
class DiceSheet:
    """Every number and table of one dice game. Build it with :meth:`from_dict` or :func:`load_sheet`."""

    name: str
    title: str
    description: str
    summary: tuple[str, ...]
    players_min: int
    players_max: int
    colours: tuple[str, ...]
    start_player: str  # "random" (drawn with the game's RNG) or "first_seat"
    resources: tuple[str, ...]
    faces: tuple[str, ...]
    gold: str | None
    dice_count: int
    per_turn: tuple[int, ...]
    rolls: int
    costs: dict[str, tuple[tuple[str, int], ...]]  # kind -> sorted (resource, count) pairs
    structures: tuple[Structure, ...]
    start_road: tuple[str, str]
    scoring: str  # POINTS or RACE
    turns: int = 0
    no_build_penalty: int = 0
    target: int = 0
    vp: dict[str, int] = field(default_factory=dict)
    largest_army: Award | None = None
    longest_road: Award | None = None
    layout: dict[str, tuple[float, float, float]] = field(default_factory=dict)
    data: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)
    index: dict[str, Structure] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", {s.id: s for s in self.structures})

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DiceSheet:
        """Build a sheet from a rule mapping; raises RulesetError listing every problem."""
        return load_sheet(data)

    @classmethod
    def build(cls, data: Mapping[str, Any]) -> DiceSheet:
        """Build a sheet from an already validated mapping (no checks of its own)."""
        data = copy.deepcopy(dict(data))
        dice, scoring, sheet = data["dice"], data["scoring"], data["sheet"]
        structures = []
        for sid, spec in sheet["structures"].items():
            kind = str(spec["type"])
            ends = (str(spec["from"]), str(spec["to"])) if kind == "road" else None
            structures.append(
                Structure(
                    id=str(sid),
                    kind=kind,
                    number=int(str(sid)[1:]),
                    points=int(spec.get("points", 0)),
                    requires=tuple(str(r) for r in spec.get("requires", [])),
                    ends=ends,
                    node=str(spec["node"]) if "node" in spec else None,
                    hex=str(spec["hex"]) if "hex" in spec else None,
                    swap=str(spec["swap"]) if "swap" in spec else None,
                    swap_group=str(spec["swap_group"]) if "swap_group" in spec else None,
                )
            )
        structures.sort(key=lambda s: (KINDS.index(s.kind), s.number))

        def award(key: str, minimum: str) -> Award | None:
            spec = scoring.get(key)
            if not isinstance(spec, dict):
                return None
            return Award(int(spec["vp"]), int(spec[minimum]), bool(spec.get("count_start_road", False)))

        start = sheet["start_road"]
        return cls(
            name=str(data["name"]),
            title=str(data["title"]),
            description=str(data["description"]),
            summary=tuple(str(s) for s in data.get("summary", [])),
            players_min=int(data["players"]["min"]),
            players_max=int(data["players"]["max"]),
            colours=tuple(data.get("colours", ["red", "blue", "orange", "white"])),
            start_player=str(data.get("start_player", "first_seat")),
            resources=tuple(data["resources"]),
            faces=tuple(dice["faces"]),
            gold=dice.get("gold"),
            dice_count=int(dice["count"]),
            per_turn=tuple(int(n) for n in dice["per_turn"]),
            rolls=int(dice["rolls"]),
            costs={k: tuple(sorted((str(r), int(n)) for r, n in data["costs"][k].items())) for k in KINDS},
            structures=tuple(structures),
            start_road=(str(start["from"]), str(start["to"])),
            scoring=str(scoring["kind"]),
            turns=int(scoring.get("turns", 0)),
            no_build_penalty=int(scoring.get("no_build_penalty", 0)),
            target=int(scoring.get("target", 0)),
            vp={str(k): int(v) for k, v in (scoring.get("vp") or {}).items()},
            largest_army=award("largest_army", "min_knights"),
            longest_road=award("longest_road", "min_length"),
            layout={
                str(k): (float(v[0]), float(v[1]), float(v[2]))
                for k, v in (sheet.get("layout") or {}).items()
            },
            data=data,
        )

    # ------------------------------------------------------------------------------------------ lookups

    @property
    def kind(self) -> str:
        """The game this sheet is for (``dice``)."""
        return GAME_KIND

    def structure(self, sid: str) -> Structure | None:
        """The structure with id ``sid`` (``"R4"``), or None."""
        return self.index.get(sid)

    def by_kind(self, kind: str, number: int) -> Structure | None:
        """The structure written ``build KIND NUMBER`` (``road 4`` -> R4), or None."""
        return self.index.get(f"{PREFIX.get(kind, '?')}{number}")

    def cost(self, kind: str) -> dict[str, int]:
        """The cost of a kind of structure as ``{resource: count}`` (C-3.1)."""
        return dict(self.costs[kind])

    def dice_for_turn(self, k: int) -> int:
        """How many dice the ``k``-th turn of the game rolls (counting from 1; C-7.2 / Q-54)."""
        return self.per_turn[min(k, len(self.per_turn)) - 1]

    def value(self, s: Structure) -> int:
        """What ``s`` is worth: its printed points (classic) or its VP (Plus, C-7.3)."""
        return s.points if self.scoring == POINTS else self.vp.get(s.kind, 0)

    def to_json_data(self) -> dict[str, Any]:
        """The rule-file mapping this sheet was built from (JSON-serialisable)."""
        return json.loads(json.dumps(self.data))


def load_sheet(
    variant: str | os.PathLike[str] | DiceSheet | Mapping[str, Any], options: Mapping[str, Any] | None = None
) -> DiceSheet:
    """Return the sheet of a dice game's rule-file name (``"dice-game"``), path, mapping or DiceSheet,
    with ``options`` (overrides by dotted key, e.g. ``{"scoring.turns": 5}``) applied.

    Names, paths and mappings go through the installed rule-file layer, which validates them. Raises
    RulesetError (or the layer's RuleFileError) listing every problem, and RulesetError for a rule file
    that is not a dice game's.
    """
    if isinstance(variant, DiceSheet):
        if not options:
            return variant
        variant = variant.to_json_data()
    source = rules_source()
    reader = getattr(source, "load_data", None)
    if reader is None:
        raise RulesetError(["<rules>: the installed rule-file layer cannot read dice-game rule files"])
    data = reader(variant if isinstance(variant, Mapping) else os.fspath(variant), options or None)
    if data.get("game") != GAME_KIND:
        name = data.get("name", variant if isinstance(variant, str) else "<rules>")
        raise RulesetError([f"{name}: game: not a dice game's rule file (it has no 'game: {GAME_KIND}')"])
    return DiceSheet.build(data)
