"""A map board being edited (issue 34): a scenario's ``board.map`` (rules/README.md "A map board") with its
hexes' terrains and printed numbers, the robber's start, the red paths (S-3.3), the place names of the
locations (S-3.1: a named location is a location space), the Catan chip spots (S-2.2) and the canal marks
(S-5.2). The shape of the map (which hexes, locations and paths there are) stays as it is.

It answers the editor screen as ``session.EditorSession`` does for a rows board (the same undo, figures,
problems and saving) and adds the map's own edits. It is saved as a rule file that ``extends`` the variant it
started from and ``replace``s its board, so the file holds the whole map and opens in a text editor as an
ordinary scenario file. Pure: no pygame, no words.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from ..engine import Game, Ruleset
from ..engine.ruleset import load_rules
from ..engine.topology import Topology
from ..variants import load_rule_file, load_variant
from ..variants.schema import validate_ruleset
from .fairness import PIPS, Fairness, balance_numbers, fairness
from .history import EditHistory
from .layout import leading_comments, save_variant, variant_text
from .session import NUMBERS, EditorSession, Issue, Meta, Terrains, merged_over

MARKS = ("chips", "canal")
# the keys the editor writes; an own file's other keys (set by hand) are kept as they are
WRITTEN = ("format", "name", "title", "extends", "replace", "description", "players", "board")


@dataclass
class MapState:
    """What a map edit changes: the ``board.map`` mapping as the rule file has it."""

    map: dict[str, Any]

    def copy(self) -> MapState:
        return MapState(copy.deepcopy(self.map))


class MapSession(Terrains, EditHistory):
    """A map board, its undo history, and what the editor shows of it (see the module's text)."""

    is_map = True

    def __init__(self, data: dict[str, Any], meta: Meta, path: Path | None = None,
                 extra: dict[str, Any] | None = None) -> None:
        """``data``: the variant's rule data as loaded (its ``board.map`` is edited); ``meta.base``: the rule
        file the saved file extends; ``extra``: an own file's keys the editor does not write, kept."""
        super().__init__()
        board_map = data.get("board", {}).get("map")
        if not isinstance(board_map, dict):
            raise ValueError(f"{meta.base}: not a map board (board.map)")
        self.meta = meta
        self.path = path
        self.extra = dict(extra or {})
        self.header = ""  # the comments an opened file starts with, written again (else the editor's note)
        self.base_data: dict[str, Any] = load_variant(meta.base)
        self.base_rules: Ruleset = load_rules(meta.base)
        self.board_rest = {k: copy.deepcopy(v) for k, v in data["board"].items() if k != "map"}
        self.layout = MapState(copy.deepcopy(board_map))
        self._last_view: Any = None

    # -------------------------------------------------------------------------------------- opening

    @classmethod
    def from_variant(cls, variant: str) -> MapSession:
        """A shipped or own map-board variant's map as the start of a new board that extends it."""
        data = load_variant(variant)
        rules = load_rules(variant)
        meta = Meta(base=rules.name, name=f"{rules.name}-edited"[:40], title=f"{rules.title} (edited)",
                    layout_name="random")
        return cls(data, meta)

    @classmethod
    def open_file(cls, path: Path) -> MapSession:
        """An own rule file with a map board, to edit again. Raises the loader's RuleFileError or
        ValueError (not a map board, or a file that extends nothing)."""
        data = load_rule_file(path)
        own = yaml.safe_load(Path(path).read_text(encoding="utf-8-sig"))
        if not isinstance(own, dict) or not own.get("extends"):
            raise ValueError("the file does not extend another rule file")
        rules = Ruleset.build(data)
        own_vp = own.get("victory_points")
        meta = Meta(
            base=str(own["extends"]),
            name=rules.name,
            title=rules.title,
            description=rules.description,
            players=(rules.players_min, rules.players_max) if "players" in own else None,
            vp_target=rules.vp_target if isinstance(own_vp, dict) and "target" in own_vp else None,
            layout_name="random",
        )
        extra = {k: v for k, v in own.items() if k not in WRITTEN}
        session = cls(data, meta, Path(path), extra)
        session.header = "\n".join(leading_comments(Path(path).read_text(encoding="utf-8-sig")))
        return session

    # --------------------------------------------------------------------------------------- cells

    @property
    def hexes(self) -> dict[str, str]:
        return self.layout.map["hexes"]  # type: ignore[no-any-return]

    def cell(self, hex_id: str) -> tuple[str, int | None]:
        """A map hex's (terrain or "random", printed number or None)."""
        parts = str(self.hexes[hex_id]).split()
        number = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else None
        return parts[0], number

    def _set_cell(self, state: MapState, hex_id: str, terrain: str, number: int | None) -> bool:
        text = terrain if number is None or terrain in self.barren else f"{terrain} {number}"
        if hex_id not in state.map["hexes"] or state.map["hexes"][hex_id] == text:
            return False
        state.map["hexes"][hex_id] = text
        return True

    def paint(self, hex_id: str, terrain: str | None) -> bool:
        """Paint a map hex (a map's hexes are never taken away: None does nothing). A desert loses its
        number."""
        if terrain is None or hex_id not in self.hexes:
            return False
        number = self.cell(hex_id)[1]
        return self._edit(lambda st: self._set_cell(st, hex_id, terrain, number))

    def set_number(self, hex_id: str, number: int | None) -> bool:
        """Print ``number`` on a hex (None: its number is drawn from the board's tokens)."""
        if number is not None and number not in NUMBERS:
            raise ValueError(f"no number token {number}")
        if hex_id not in self.hexes:
            return False
        terrain = self.cell(hex_id)[0]
        if number is not None and (terrain in self.barren or terrain == "random"):
            return False
        return self._edit(lambda st: self._set_cell(st, hex_id, terrain, number))

    def step_number(self, hex_id: str, step: int) -> bool:
        order = [None, *NUMBERS]
        now = self.cell(hex_id)[1]
        return self.set_number(hex_id, order[(order.index(now) + step) % len(order)])

    def set_robber(self, hex_id: str) -> bool:
        def change(st: MapState) -> bool:
            if st.map.get("robber") == hex_id or hex_id not in st.map["hexes"]:
                return False
            st.map["robber"] = hex_id
            return True

        return self._edit(change)

    def balance(self, seed: int) -> bool:
        """Re-deal the printed numbers over the hexes that print one (``fairness.balance_numbers``)."""
        topo = self.topology
        numbers = balance_numbers(self.rules_or_base(), topo, self.terrain, self.numbers, seed)

        def change(st: MapState) -> bool:
            changed = False
            for h, hex_id in enumerate(topo.hex_ids):
                terrain, printed = self.cell(hex_id)
                if printed is not None:
                    changed |= self._set_cell(st, hex_id, terrain, numbers[h])
            return changed

        return self._edit(change)

    # -------------------------------------------------------------------------- paths and places

    def _path_key(self, state: MapState, edge: int) -> str | None:
        """The key ``board.map.harbours`` has (or would have) for path ``edge``: "A B"."""
        topo = self.topology
        a, b = (topo.node_keys[n] for n in topo.edge_nodes[edge])
        for key in state.map.get("harbours") or {}:
            if set(str(key).split()) == {a, b}:
                return str(key)
        for path in state.map.get("paths", []):
            if set(str(path).split()) == {a, b}:
                return str(path)
        return f"{a} {b}"

    def red_path_at(self, edge: int) -> str | None:
        """The harbour kind of path ``edge`` when it is a red path (S-3.3), else None."""
        harbours = self.layout.map.get("harbours") or {}
        return harbours.get(self._path_key(self.layout, edge))  # type: ignore[no-any-return]

    def set_red_path(self, edge: int, kind: str | None) -> bool:
        """Make path ``edge`` a red path of ``kind`` ("generic" or a resource), or a plain one (None)."""

        def change(st: MapState) -> bool:
            key = self._path_key(st, edge)
            harbours = dict(st.map.get("harbours") or {})
            if harbours.get(key) == kind:
                return False
            harbours.pop(key, None)
            if kind is not None:
                harbours[key] = kind
            if harbours:
                st.map["harbours"] = harbours
            else:
                st.map.pop("harbours", None)
            return True

        return self._edit(change)

    def location(self, node: int) -> str:
        """The location id of node ``node``."""
        return self.topology.node_keys[node]

    def name_of(self, node: int) -> str:
        spec = self.layout.map["locations"][self.location(node)]
        return str(spec.get("name", "")) if isinstance(spec, dict) else ""

    def rename(self, node: int, name: str) -> bool:
        """Give a location its place name (a location space with the scenario module, S-3.1), or take it
        away ("": a plain intersection)."""
        key = self.location(node)
        name = " ".join(name.split())

        def change(st: MapState) -> bool:
            spec = st.map["locations"][key]
            spec = dict(spec) if isinstance(spec, dict) else {"at": spec}
            if spec.get("name", "") == name:
                return False
            if name:
                spec["name"] = name
            else:
                spec.pop("name", None)
            st.map["locations"][key] = spec["at"] if list(spec) == ["at"] else spec
            return True

        return self._edit(change)

    def has_mark(self, kind: str, node: int) -> bool:
        return self.location(node) in ((self.layout.map.get("marks") or {}).get(kind) or [])

    def toggle_mark(self, kind: str, node: int) -> bool:
        """Put a chip spot (S-2.2) or canal mark (S-5.2) on a location, or take it away."""
        if kind not in MARKS:
            raise ValueError(f"no mark {kind!r}")
        key = self.location(node)

        def change(st: MapState) -> bool:
            marks = dict(st.map.get("marks") or {})
            listed = list(marks.get(kind) or [])
            listed = [k for k in listed if k != key] if key in listed else [*listed, key]
            if listed:
                marks[kind] = listed
            else:
                marks.pop(kind, None)
            if marks:
                st.map["marks"] = marks
            else:
                st.map.pop("marks", None)
            return True

        return self._edit(change)

    # ------------------------------------------------------------------------------------- derived

    def _game(self) -> Game | None:
        """The board dealt as a game would deal it (seed 0), or None when the rules do not build."""

        def make() -> Game | None:
            try:
                rules = Ruleset.build(self.merged_data())
                return Game.new(rules, players=rules.players_min, seed=0)
            except Exception:  # noqa: BLE001 - a board the checks refuse: its problems are listed instead
                return None

        return self._cached("game", make)  # type: ignore[no-any-return]

    def board_view(self) -> Any:
        """The map as the renderer draws it: a new game's public view (the last good one while the board
        has a problem that keeps it from being built)."""
        game = self._game()
        if game is not None:
            self._last_view = self._cached("view", game.public_view)
        if self._last_view is None:
            raise ValueError(f"{self.meta.base}: the map cannot be drawn")
        return self._last_view

    @property
    def topology(self) -> Topology:
        return self.board_view().topo  # type: ignore[no-any-return]

    @property
    def coast(self) -> dict[int, Any]:
        """Where the harbour tool acts on a map: every path (a red path may be any of them)."""
        return {e: None for e in range(self.topology.num_edges)}

    @property
    def terrain(self) -> list[str | None]:
        return [self.cell(h)[0] for h in self.topology.hex_ids]

    @property
    def numbers(self) -> list[int | None]:
        view = self.board_view()
        return [n or None for n in view.number]

    @property
    def robber_hex(self) -> int:
        return int(self.board_view().robber)

    def rules_or_base(self) -> Ruleset:
        try:
            return self.rules()
        except Exception:  # noqa: BLE001 - figures of a board with a problem: the base's rules
            return self.base_rules

    def spots(self) -> list[int]:
        """The founding spots: where the first settlement of a new game may go, as the rules say (with the
        scenario's rules the named places that are no chip spot, S-3.1, S-2.2), by the engine's own legal
        moves (a board that cannot be dealt: every location that produces)."""
        game = self._game()
        if game is None:
            topo = self.topology
            return [n for n in range(topo.num_nodes) if topo.node_hexes[n]]
        return sorted({int(a.a) for a in game.legal_actions() if a.kind == "settle"})

    def fairness(self) -> Fairness:
        def make() -> Fairness:
            view = self.board_view()
            return fairness(self.rules_or_base(), view.topo, list(view.terrain),
                            [n or 0 for n in view.number], list(view.harbours), self.spots())

        return self._cached("fair", make)  # type: ignore[no-any-return]

    def pips(self, hex_id: str) -> int:
        return PIPS.get(self.cell(hex_id)[1] or 0, 0)

    # ------------------------------------------------------------------------------------- checking

    def issues(self) -> list[Issue]:
        """The rule-file checks of the variant as it would be saved (``validate``'s words)."""

        def make() -> list[Issue]:
            problems = [Issue("rules", message=str(p)) for p in validate_ruleset(self.merged_data())]
            if not problems and self._game() is None:
                problems.append(Issue("rules", message="board: the map cannot be dealt"))
            return problems

        return self._cached("issues", make)  # type: ignore[no-any-return]

    def merged_data(self) -> dict[str, Any]:
        return merged_over(self.base_data, self.variant_data())

    def rules(self) -> Ruleset:
        return self._cached("rules", lambda: Ruleset.build(self.merged_data()))  # type: ignore[no-any-return]

    @property
    def ready(self) -> bool:
        return not self.issues()

    # --------------------------------------------------------------------------------------- saving

    def variant_data(self) -> dict[str, Any]:
        """The rule file: it extends the variant it started from and replaces its board with this map."""
        m = self.meta
        replace = ["board", *(["layouts"] if "layouts" in self.base_data else [])]
        data: dict[str, Any] = {"format": 1, "name": m.name, "title": m.title, "extends": m.base,
                                "replace": replace, "description": m.description}
        if m.players is not None:
            data["players"] = {"min": m.players[0], "max": m.players[1]}
        data.update(copy.deepcopy(self.extra))
        if m.vp_target is not None:
            vp = data.get("victory_points")
            data["victory_points"] = {**(vp if isinstance(vp, dict) else {}), "target": m.vp_target}
        robber_set = "robber" in self.layout.map  # then no robber_start: one or the other (rules/README.md)
        rest = {k: v for k, v in self.board_rest.items() if not (k == "robber_start" and robber_set)}
        data["board"] = {"map": copy.deepcopy(self.layout.map), **copy.deepcopy(rest)}
        return data

    def text(self) -> str:
        return variant_text(self.variant_data(), self.header)

    def save(self, folder: Path) -> Path:
        if self.issues():
            raise ValueError("the board is not ready to be saved")
        path = save_variant(folder, self.meta.name, self.text())
        self.path = path
        self.saved_version = self.version
        return path


def session_for_variant(variant: str) -> EditorSession | MapSession:
    """A new board that starts as a copy of ``variant``'s (a rows board or a map)."""
    if load_rules(variant).board_map is not None:
        return MapSession.from_variant(variant)
    return EditorSession.from_variant(variant)


def session_for_file(path: Path) -> EditorSession | MapSession:
    """An own rule file to edit again, rows board or map. Raises RuleFileError or ValueError."""
    data = load_rule_file(path)
    if isinstance(data.get("board"), dict) and "map" in data["board"]:
        return MapSession.open_file(path)
    return EditorSession.open_file(path)
