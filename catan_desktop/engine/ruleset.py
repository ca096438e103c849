"""An immutable description of one variant's rules, built from a validated rule-file mapping."""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from typing import Any

from .errors import RulesetError

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

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Ruleset:
        """Build a Ruleset from a rule-file mapping; raises RulesetError listing every problem."""
        problems = _validate(data)
        if problems:
            raise RulesetError(problems)
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
            rows=tuple(int(n) for n in board["rows"]),
            terrain_counts={t: int(n) for t, n in board["terrain_counts"].items()},
            number_tokens=tuple((str(letter), int(num)) for letter, num in board["number_tokens"]),
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


def _validate(data: Any) -> list[str]:
    """Return every schema problem as 'key.path: message' (empty when valid)."""
    if not isinstance(data, dict):
        return ["<top>: a rule set must be a mapping"]
    from .schema import validate_ruleset  # stdlib-only schema, shared with the YAML loader

    problems = validate_ruleset(data)
    out = []
    for p in problems:
        path = ".".join(str(x) if not isinstance(x, int) else f"[{x}]" for x in p.path).replace(".[", "[")
        out.append(f"{path or '<top>'}: {p.message}")
    return out
