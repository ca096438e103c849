"""Rule module ``scenario`` (RULES.md Part S, S-1 to S-4, readings Q-44 to Q-49): the Corsica and New York
maps.

The board is a map (``board.map``, rules/README.md "A map board"): its hexes, locations, paths, red paths,
Catan chip spots and canal locations are data, and the core already plays on its graph (production from the
hexes a location names, S-3.4; the distance rule one path away). This module adds the scenario's rules:

- **Location spaces** (S-3.1, Q-46): the round, named places of the printed map. A map location *with a
  name* is a location space; a location without one is a plain intersection that the marked paths pass
  through (the corners between road rectangles), where nobody settles. Canal locations (S-5.2) are
  location spaces. A Catan chip spot is a location space only with 5-6 players (Q-49); with 3-4 players it
  holds a chip, is never built on (founding phase included) and roads pass it. On a map whose every
  location is named, every node is a location space.
- **Roads** (S-3.2, Q-47): only on the map's paths (the core), and a player's roads do not continue through
  a location space where that player has no building (``road_passes``); nor may a second road of theirs
  reach such a space (``road_allowed``): a road may touch a location space only if the player has a building
  there or no road touching it yet. An opponent's building stops a road as in B-8.3 (the core).
- **Harbours** (S-3.3, Q-48): the rate of a red path belongs to the player with a road on it, never to a
  settlement beside it (``adjust_rates`` replaces the core's rates by buildings on a map board).
- **Catan chips** (S-2.2, S-3.5, Q-45, Q-49): with fewer than ``large_from`` players (default 5) each chip
  spot holds a chip; the first road that reaches a spot (either end, founding roads and free roads
  included) takes its chip: ``chip_vp`` visible points (``vp``: ``catan_chips``). With more, no chips.
- **Victory** (S-4.1): ``target_3`` (13), ``target_4`` (12), ``target_5_6`` (10) by the player count
  (``vp_target``), whatever the rule file's ``victory_points.target`` says.
- **Part F's components if needed** (S-1.1): from ``large_from`` players the stock grows by F-1.2's extension
  (``large_bank_extra`` cards of each resource: 19 + 5 = 24; ``large_dev_extra``: 6 knights and one of each
  progress card, 25 + 9 = 34; ``supply_for``). The special building phase for 5-6 players (F-3) is the
  module ``special_building_phase`` with its ``from_players: 5``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..actions import Action
from ..errors import SnapshotError
from ..module import RuleModule, Setting, read_section, register
from ..queries import actor, vp_target
from ..reasons import Reason
from ..ruleset import DEV_KINDS

if TYPE_CHECKING:
    import random

    from ..game import Game

NAME = "scenario"
CHIPS = "chips"  # the map's mark on the Catan chip spots (board.map.marks.chips, S-2.2)
CANAL = "canal"  # the Erie Canal's locations (S-5.2): named places, so location spaces (S-3.1)
_F_DEV_EXTRA = {"knight": 6, "road_building": 1, "year_of_plenty": 1, "monopoly": 1}  # F-1.2: 34 - 25
_BUILD_ROAD_PHASES = ("setup_road", "main", "road_building")


@dataclass
class Chips:
    """The Catan chips (S-2.2, S-3.5): the spots still holding one, and the spots each seat took."""

    spots: list[int] = field(default_factory=list)  # nodes, ascending
    taken: list[list[int]] = field(default_factory=list)  # per seat, in the order taken

    def clone(self) -> Chips:
        return Chips(self.spots[:], [t[:] for t in self.taken])


def state(g: Game) -> Chips:
    """The chips of ``g`` (raises KeyError when the module is off)."""
    return g.s.modules[NAME]


def module(g: Game) -> Scenario:
    m = g.module(NAME)
    assert isinstance(m, Scenario)
    return m


def large_table(g: Game) -> bool:
    """True from ``large_from`` players (5): no chips (Q-49), F-1's stock (S-1.1)."""
    return g.s.players >= module(g).cfg["large_from"]


def location_spaces(g: Game) -> frozenset[int]:
    """The nodes that are location spaces in this game (S-3.1; see the module's doc). On a board that is
    not a map, every intersection."""
    return module(g).spaces(g)


def place(g: Game, n: int) -> str:
    """A node as players name it: the location's printed name, else its id in the rule file."""
    topo = g.topo
    if not topo.is_map:
        return str(n)
    return topo.node_names[n] or topo.node_keys[n]


def has_road_at(g: Game, seat: int, n: int, but: int = -1) -> bool:
    """True when ``seat`` has a road (other than on path ``but``) touching node ``n``."""
    owner = g.s.edge_owner
    return any(owner[e] == seat and e != but for e in g.topo.node_edges[n])


@register
class Scenario(RuleModule):
    """Part S: location spaces, roads that stop at them, harbours by red-path roads, Catan chips, the
    target and the stock by the player count."""

    NAME = NAME
    RULES = "S-1 to S-4, Q-44 to Q-49"
    SETTINGS = {
        "target_3": Setting("count", 13, 1, "points to win with 3 players (S-4.1)"),
        "target_4": Setting("count", 12, 1, "points to win with 4 players (S-4.1)"),
        "target_5_6": Setting("count", 10, 1, "points to win with 5 or 6 players (S-4.1)"),
        "large_from": Setting("count", 5, 1, "from this many players: no chips, F-1's stock (S-1.1)", 8),
        "large_bank_extra": Setting("count", 5, 0, "resource cards of each kind added then (F-1.2: 24)"),
        "large_dev_extra": Setting("dev_cards", _F_DEV_EXTRA, 0, "development cards added then (F-1.2: 34)"),
        "chip_vp": Setting("count", 1, 0, "victory points of a Catan chip (S-3.5)"),
    }

    def __init__(self, rules: Any) -> None:
        super().__init__(rules)
        self._spaces: dict[int, frozenset[int]] = {}  # by player count (the board is the rules')

    def spaces(self, g: Game) -> frozenset[int]:
        players = g.s.players
        found = self._spaces.get(players)
        if found is None:
            topo = g.topo
            if not topo.is_map:
                found = frozenset(range(topo.num_nodes))
            else:
                named = {n for n in range(topo.num_nodes) if topo.node_names[n]} | set(topo.marked(CANAL))
                if players >= self.cfg["large_from"]:
                    named |= topo.marked(CHIPS)  # ordinary location spaces from the start
                else:
                    named -= topo.marked(CHIPS)  # S-3.5: never built on while it holds (or held) a chip
                found = frozenset(named)
            self._spaces[players] = found
        return found

    # ------------------------------------------------------------------------------------------ state

    def new_state(self, g: Game) -> Chips:
        """S-2.2: a chip on every chip spot with fewer than ``large_from`` players, none with more."""
        spots = [] if large_table(g) else sorted(g.topo.marked(CHIPS))
        return Chips(spots, [[] for _ in range(g.s.players)])

    def to_data(self, g: Game, st: Chips) -> dict[str, Any]:
        return {"spots": list(st.spots), "taken": [list(t) for t in st.taken]}

    def from_data(self, g: Game, data: Any) -> Chips:
        """The section written by ``to_data``; without one, a chip lies on every spot no road reaches, and a
        spot a road reaches has given its chip to that road's owner (the lowest path's, if several)."""
        if data is None:
            return self._derived(g)
        if not isinstance(data, dict):
            raise SnapshotError(f"modules.{NAME} must be a mapping")
        players = g.s.players

        def nodes(value: Any, where: str) -> list[int]:
            if not isinstance(value, list) or any(type(n) is not int for n in value):
                raise SnapshotError(f"modules.{NAME}.{where} must list intersections (numbers)")
            return list(value)

        def read() -> Chips:
            taken = data.get("taken", [[] for _ in range(players)])
            if not isinstance(taken, list) or len(taken) != players:
                raise SnapshotError(f"modules.{NAME}.taken must have one list per seat")
            return Chips(sorted(nodes(data.get("spots", []), "spots")),
                         [nodes(t, f"taken[{q}]") for q, t in enumerate(taken)])

        return read_section(data, NAME, read)

    def _derived(self, g: Game) -> Chips:
        st = self.new_state(g)
        owner = g.s.edge_owner
        for n in list(st.spots):
            roads = sorted(e for e in g.topo.node_edges[n] if owner[e] >= 0)
            if roads:
                st.spots.remove(n)
                st.taken[owner[roads[0]]].append(n)
        return st

    def check(self, g: Game) -> list[str]:
        """The chips add up (S-2.2), a spot with a chip has no road at it (S-3.5), a chip taken was reached by
        its holder's road, and every building stands on a location space (S-3.1)."""
        st, s, topo = state(g), g.s, g.topo
        problems: list[str] = []
        taken = [n for t in st.taken for n in t]
        every = st.spots + taken
        if any(not 0 <= n < topo.num_nodes or n not in topo.marked(CHIPS) for n in every):
            problems.append(f"modules.{NAME}: a chip lies on an intersection that is not a chip spot")
        elif len(set(every)) != len(every):
            problems.append(f"modules.{NAME}: a chip spot is listed twice")
        elif set(every) != (set() if large_table(g) else set(topo.marked(CHIPS))):
            want = 0 if large_table(g) else len(topo.marked(CHIPS))
            problems.append(f"modules.{NAME}: {len(every)} Catan chips, but this game has {want} (S-2.2)")
        for n in st.spots if not problems else ():
            reached = [s.edge_owner[e] for e in topo.node_edges[n] if s.edge_owner[e] >= 0]
            if reached:
                problems.append(f"modules.{NAME}.spots: seat {reached[0]}'s road reaches {place(g, n)}, so "
                                "its chip is taken (S-3.5)")
        for q, spots in enumerate(st.taken if not problems else ()):
            for n in spots:
                if not has_road_at(g, q, n):
                    problems.append(f"modules.{NAME}.taken[{q}]: seat {q} has no road at {place(g, n)}")
        spaces = self.spaces(g)
        for n, o in enumerate(s.node_owner):
            if o >= 0 and n not in spaces:
                problems.append(f"buildings: {place(g, n)} (intersection {n}) is no location space (S-3.1)")
        return problems

    def sample_section(self, view: Any, obs: Mapping[str, Any], unseen: Mapping[str, Any],
                       rng: random.Random) -> Any:
        """Public in full: the Catan chips (its view holds its snapshot section)."""
        return view

    def view(self, g: Game, seat: int) -> dict[str, Any]:
        """Public: the chips left on their spots and taken by each seat, the location spaces (and the plain
        intersections), the target and whether the table is large (no chips, F-1's stock)."""
        st = state(g)
        spaces = self.spaces(g)
        return {
            "spots": list(st.spots),
            "taken": [list(t) for t in st.taken],
            "chips": [len(t) for t in st.taken],
            "chip_vp": self.cfg["chip_vp"],
            "target": vp_target(g),  # the game's: a chosen target wins over S-4.1
            "large": large_table(g),
            "locations": sorted(spaces),
            "plain": [n for n in range(g.topo.num_nodes) if n not in spaces],
        }

    # ----------------------------------------------------------------------------------------- scoring

    def vp(self, g: Game, seat: int) -> dict[str, int]:
        """S-3.5: each chip is a visible point."""
        return {"catan_chips": len(state(g).taken[seat]) * self.cfg["chip_vp"]}

    def vp_target(self, g: Game) -> int:
        """S-4.1: 13 points with 3 players, 12 with 4, 10 with 5 or 6."""
        players = g.s.players
        if players >= 5:
            return int(self.cfg["target_5_6"])
        return int(self.cfg["target_4"] if players == 4 else self.cfg["target_3"])

    def supply_for(self, players: int) -> tuple[list[int], list[int]] | None:
        """S-1.1 / F-1.2: the extension's cards from ``large_from`` players."""
        if players < self.cfg["large_from"]:
            return None
        dev = self.cfg["large_dev_extra"]
        return [self.cfg["large_bank_extra"]] * len(self.rules.resources), [dev.get(k, 0) for k in DEV_KINDS]

    # ------------------------------------------------------------------------------------ the board rules

    def can_settle(self, g: Game, seat: int, node: int) -> bool:
        """S-3.1, Q-46, Q-49: only on a location space (never on a spot that holds a chip)."""
        return node in self.spaces(g)

    def road_passes(self, g: Game, seat: int, node: int) -> bool:
        """S-3.2, Q-47: not through a location space without the player's building (plain nodes: yes)."""
        return node not in self.spaces(g)

    def road_allowed(self, g: Game, seat: int, edge: int) -> bool:
        """Q-47: a road touches a location space only where the player has a building or no road yet."""
        spaces, owner = self.spaces(g), g.s.node_owner
        for n in g.topo.edge_nodes[edge]:
            if n in spaces and owner[n] != seat and has_road_at(g, seat, n, edge):
                return False
        return True

    def legal(self, g: Game, actions: list[Action]) -> list[Action]:
        """Q-47 for the founding road too; a founding settlement always keeps a road (if every path from it
        is refused, the rule gives way rather than stop the game)."""
        if g.s.phase != "setup_road" or not g.topo.is_map:
            return actions
        p = actor(g)
        kept = [a for a in actions if a.kind != "road" or self.road_allowed(g, p, a.a)]
        return kept if any(a.kind == "road" for a in kept) else actions

    def adjust_rates(self, g: Game, seat: int, rates: list[int]) -> None:
        """S-3.3, Q-48: a red path's rate for a road on it; a settlement beside it gives nothing."""
        if not g.topo.is_map:
            return
        rules = g.rules
        rates[:] = [rules.rate_none] * len(rates)
        owner = g.s.edge_owner
        for e, kind in g.s.harbours:
            if owner[e] != seat:
                continue
            if kind == "generic":
                rates[:] = [min(r, rules.rate_generic) for r in rates]
            else:
                i = g.res_index[kind]
                rates[i] = min(rates[i], rules.rate_special)

    def why_not(self, g: Game, action: Action) -> str | None:
        """The scenario's own reasons for a settlement or road the board refuses (S-3.1, S-3.5, Q-47)."""
        s, topo = g.s, g.topo
        if not topo.is_map or s.phase not in g.plugins.kind_phases.get(action.kind, ()):
            return None
        p = actor(g)
        if action.kind == "settle" and type(action.a) is int and 0 <= action.a < topo.num_nodes:
            n = action.a
            if s.node_owner[n] < 0 and n not in self.spaces(g):
                if n in topo.marked(CHIPS):
                    return Reason("chip_spot", place=place(g, n))
                return Reason("not_a_location", place=place(g, n))
        if action.kind == "road" and type(action.a) is int and 0 <= action.a < topo.num_edges:
            e = action.a
            if s.edge_owner[e] >= 0:
                return None
            spaces = self.spaces(g)
            for n in topo.edge_nodes[e]:
                if n in spaces and s.node_owner[n] != p and has_road_at(g, p, n, e):
                    reached = any(_reaches(g, p, m) for m in topo.edge_nodes[e] if m != n)
                    code = "location_road_twice" if reached else "location_road_stop"
                    return Reason(code, place=place(g, n))
        return None

    # ------------------------------------------------------------------------------------------ events

    def on_build(self, g: Game, seat: int, kind: str, where: int, founding: bool) -> bool:
        """S-3.5: the first road to reach a chip spot takes its chip (founding roads too)."""
        if kind != "road":
            return False
        st = state(g)
        for n in g.topo.edge_nodes[where]:
            if n in st.spots:
                st.spots.remove(n)
                st.taken[seat].append(n)
                g.event("catan_chip", seat=seat, node=n, place=place(g, n))
        return False


def _reaches(g: Game, seat: int, n: int) -> bool:
    """True when ``seat``'s road network may continue from node ``n`` (their building, or their road at a
    node that does not stop it)."""
    s = g.s
    if s.node_owner[n] == seat:
        return True
    if s.node_owner[n] >= 0 or not has_road_at(g, seat, n):
        return False
    return n not in location_spaces(g)
