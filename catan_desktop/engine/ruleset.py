"""An immutable description of one variant's rules, built from a validated rule-file mapping."""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from .errors import RulesetError
from .topology import BoardMap, parse_board_map

DEV_KINDS = ("knight", "road_building", "year_of_plenty", "monopoly", "victory_point")
PIECE_KINDS = ("road", "settlement", "city")
BUILD_ITEMS = ("road", "settlement", "city", "development_card")


@dataclass(frozen=True)
class Layout:
    """A fixed board: terrain and number per hex (row by row), harbours and the robber's start."""

    name: str
    description: str
    cells: tuple[tuple[str, int], ...]  # (terrain, number or 0), in row order
    harbours: tuple[tuple[str, str, str], ...]  # (hex id, side, kind)
    robber: str


@dataclass(frozen=True)
class Ruleset:
    """Every number and table of a variant. Build it with :meth:`from_dict`; never mutate it."""

    name: str
    title: str
    description: str
    summary: tuple[str, ...]
    players_min: int
    players_max: int
    colours: tuple[str, ...]
    resources: tuple[str, ...]
    terrain_resource: dict[str, int | None]
    rows: tuple[int, ...]
    terrain_counts: dict[str, int]
    number_tokens: tuple[tuple[str, int], ...]
    robber_start: str
    harbour_positions: tuple[tuple[str, str], ...]
    harbour_set: tuple[str, ...]
    rate_none: int
    rate_generic: int
    rate_special: int
    layouts: dict[str, Layout]
    bank_per_resource: int
    pieces: tuple[int, int, int]  # road, settlement, city
    costs: dict[str, tuple[int, ...]]
    dev_deck: tuple[tuple[str, int], ...]
    road_building_roads: int
    year_of_plenty_cards: int
    vp_target: int
    vp_settlement: int
    vp_city: int
    vp_longest_road: int
    vp_largest_army: int
    vp_card: int
    longest_road_min: int
    largest_army_min: int
    discard_limit: int
    start_player: str
    setup_settlements: int
    starting_resources_from: int
    options: dict[str, Any]
    modules: tuple[str, ...]
    data: dict[str, Any] = field(repr=False, compare=False)
    board_map: BoardMap | None = None  # an explicit map board (board.map); then rows is ()

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Ruleset:
        """Build a Ruleset from a rule-file mapping; raises RulesetError listing every problem.

        The mapping is validated by the installed rule-file layer (``rules_source().validate``).
        """
        if not isinstance(data, dict):
            raise RulesetError(["<top>: a rule set must be a mapping"])
        problems = rules_source().validate(data)
        if problems:
            raise RulesetError(problems)
        return cls.build(data)

    @classmethod
    def build(cls, data: dict[str, Any]) -> Ruleset:
        """Build a Ruleset from a mapping that has already been validated (no checks of its own)."""
        data = copy.deepcopy(data)
        resources = tuple(data["resources"])
        index = {r: i for i, r in enumerate(resources)}

        def bundle(mapping: dict[str, int]) -> tuple[int, ...]:
            counts = [0] * len(resources)
            for res, n in mapping.items():
                counts[index[res]] = int(n)
            return tuple(counts)

        board = data["board"]
        layouts: dict[str, Layout] = {}
        for lname, spec in (data.get("layouts") or {}).items():
            cells: list[tuple[str, int]] = []
            for row in spec["rows"]:
                for cell in row:
                    parts = str(cell).split()
                    cells.append((parts[0], int(parts[1]) if len(parts) > 1 else 0))
            layouts[lname] = Layout(
                name=lname,
                description=str(spec.get("description", "")),
                cells=tuple(cells),
                harbours=tuple((str(h), str(s), str(k)) for h, s, k in spec.get("harbours", [])),
                robber=str(spec["robber"]),
            )
        vp = data["victory_points"]
        setup = data["setup"]
        pieces = data["pieces"]
        return cls(
            name=str(data["name"]),
            title=str(data.get("title", data["name"])),
            description=str(data.get("description", "")),
            summary=tuple(str(s) for s in data.get("summary", [])),
            players_min=int(data["players"]["min"]),
            players_max=int(data["players"]["max"]),
            colours=tuple(data.get("colours", ["red", "blue", "orange", "white", "green", "brown"])),
            resources=resources,
            terrain_resource={t: (None if r is None else index[r]) for t, r in data["terrains"].items()},
            rows=tuple(int(n) for n in board.get("rows", ())),
            terrain_counts={t: int(n) for t, n in board.get("terrain_counts", {}).items()},
            number_tokens=tuple((str(letter), int(num)) for letter, num in board.get("number_tokens", [])),
            robber_start=str(board.get("robber_start", "desert")),
            harbour_positions=tuple((str(h), str(s)) for h, s in board.get("harbour_positions", [])),
            harbour_set=tuple(str(k) for k in board.get("harbour_set", [])),
            rate_none=int(data["harbour_rates"]["none"]),
            rate_generic=int(data["harbour_rates"]["generic"]),
            rate_special=int(data["harbour_rates"]["special"]),
            layouts=layouts,
            bank_per_resource=int(data["bank"]["per_resource"]),
            pieces=(int(pieces["road"]), int(pieces["settlement"]), int(pieces["city"])),
            costs={item: bundle(data["costs"][item]) for item in BUILD_ITEMS},
            dev_deck=tuple((k, int(data["development_cards"].get(k, 0))) for k in DEV_KINDS),
            road_building_roads=int(data["progress"]["road_building_roads"]),
            year_of_plenty_cards=int(data["progress"]["year_of_plenty_cards"]),
            vp_target=int(vp["target"]),
            vp_settlement=int(vp["settlement"]),
            vp_city=int(vp["city"]),
            vp_longest_road=int(vp["longest_road"]),
            vp_largest_army=int(vp["largest_army"]),
            vp_card=int(vp["victory_point_card"]),
            longest_road_min=int(data["longest_road"]["min_length"]),
            largest_army_min=int(data["largest_army"]["min_knights"]),
            discard_limit=int(data["robber"]["discard_limit"]),
            start_player=str(setup.get("start_player", "highest_roll")),
            setup_settlements=int(setup.get("settlements", 2)),
            starting_resources_from=int(setup.get("starting_resources_from", 2)),
            options=dict(data.get("options", {})),
            modules=tuple(data.get("modules", [])),
            data=data,
            board_map=parse_board_map(board.get("map")),
        )

    def setting(self, module: str, name: str, default: Any) -> Any:
        """Return parameter ``name`` of rule module ``module`` (``module_settings:`` in the rule file)."""
        return self.data.get("module_settings", {}).get(module, {}).get(name, default)

    def option(self, name: str, default: Any = None) -> Any:
        """Return rule option ``name`` (from the file's ``options:`` block, possibly overridden)."""
        return self.options.get(name, default)

    def to_json_data(self) -> dict[str, Any]:
        """Return the rule-file mapping this Ruleset was built from (JSON-serialisable)."""
        return json.loads(json.dumps(self.data))


class RulesSource(Protocol):
    """What the engine needs from the rule-file layer above it (``catan_desktop.variants`` provides it).

    The engine reads no files: a variant name or path, and the checking of a rule mapping, are resolved
    by whoever installed the source with :func:`install_rules_source`.
    """

    def validate(self, data: Mapping[str, Any]) -> list[str]:
        """Return every problem of a rule mapping as 'key.path: message' (empty when valid)."""
        ...

    def resolve(
        self, variant: str | os.PathLike[str] | Mapping[str, Any], options: Mapping[str, Any] | None
    ) -> Ruleset:
        """Return the Ruleset of a variant name, a rule-file path or a rule mapping, with ``options``
        applied; raises RulesetError (or the layer's own error) listing every problem."""
        ...


_SOURCE: list[RulesSource] = []


def install_rules_source(source: RulesSource) -> None:
    """Make ``source`` the way names, paths and rule mappings become Rulesets (replaces any earlier one)."""
    _SOURCE[:] = [source]


def has_rules_source() -> bool:
    """True once a rule-file layer is installed."""
    return bool(_SOURCE)


def rules_source() -> RulesSource:
    """Return the installed rule-file layer; raises RulesetError when none is installed."""
    if not _SOURCE:
        raise RulesetError(["<rules>: no rule-file layer is installed (import catan_desktop.variants)"])
    return _SOURCE[0]


def load_rules(
    variant: str | os.PathLike[str] | Ruleset | Mapping[str, Any], options: Mapping[str, Any] | None = None
) -> Ruleset:
    """Return the Ruleset for a variant name, a rule-file path, a Ruleset or a rule mapping.

    Names, paths and mappings go through the installed rule-file layer (the engine itself reads no
    files). Raises RulesetError, or the layer's RuleFileError, listing every problem.
    """
    if isinstance(variant, Ruleset):
        if not options:
            return variant
        variant = variant.to_json_data()
    return rules_source().resolve(variant, options or None)
