"""A board being edited (issue 34): a ``BoardLayout`` with the rules it extends, undo and redo, and what the
editor shows beside it as you edit: the board as the renderer draws it, the fairness figures, and what is
wrong (the editor's own checks, then the rule-file checks of ``validate``, on the variant as it would be
saved). Pure: no pygame, no words (problems are codes with their facts, or the checker's messages).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from ..engine import Ruleset
from ..engine.ruleset import load_rules
from ..engine.topology import SIDES, Topology, build_topology
from ..variants import load_variant
from ..variants.blame import merge
from ..variants.schema import validate_ruleset
from .fairness import PIPS, Fairness, balance_numbers, fairness, harbour_edges
from .history import EditHistory
from .layout import (
    BoardLayout,
    leading_comments,
    read_variant_layout,
    save_variant,
    variant_data,
    variant_text,
)

NUMBERS = (2, 3, 4, 5, 6, 8, 9, 10, 11, 12)
SHAPES = {  # empty boards to start from: hexes per row
    "3-4": [3, 4, 5, 4, 3],
    "5-6": [3, 4, 5, 6, 5, 4, 3],
    "small": [2, 3, 4, 3, 2],
    "long": [4, 5, 4, 5, 4],
}


@dataclass(frozen=True)
class Issue:
    """Something the board needs before it can be saved: ``code`` (the text layer words it), the hexes it
    is about (marked on the board) and its facts; ``message`` holds a rule-file checker's words instead."""

    code: str
    hexes: tuple[str, ...] = ()
    facts: dict[str, Any] = field(default_factory=dict)
    message: str = ""


@dataclass
class Meta:
    """What is saved besides the board: the file's name, title and description, and the rules it keeps."""

    base: str
    name: str = "my-board"
    title: str = "My board"
    description: str = ""
    players: tuple[int, int] | None = None  # None: the base's
    vp_target: int | None = None  # None: the base's
    layout_name: str = "edited"


class Terrains:
    """The terrains of the rules a board extends (``base_rules``), for both kinds of session."""

    base_rules: Ruleset

    @property
    def terrains(self) -> list[str]:
        """The terrains a hex may be painted with: the base rules' (resource terrains, then the barren)."""
        return list(self.base_rules.terrain_resource)

    @property
    def barren(self) -> set[str]:
        """Terrains that produce nothing and take no number (the desert)."""
        return {t for t, r in self.base_rules.terrain_resource.items() if r is None}


class EditorSession(Terrains, EditHistory):
    """The board, its history of edits (``undo`` / ``redo``, one step per stroke), and what it derives."""

    is_map = False

    def __init__(self, layout: BoardLayout, meta: Meta, path: Path | None = None) -> None:
        super().__init__()
        self.layout = layout
        self.meta = meta
        self.path = path  # the file it was opened from or saved to
        self.header = ""  # the comments an opened file starts with, written again (else the editor's note)
        self.base_rules: Ruleset = load_rules(meta.base)
        if self.base_rules.board_map is not None:
            raise ValueError(f"{meta.base}: a map board (board.map) cannot be the base of a rows board yet")
        self.base_data: dict[str, Any] = load_variant(meta.base)

    # -------------------------------------------------------------------------------------- opening

    @classmethod
    def from_variant(cls, variant: str, layout: str | None = None) -> EditorSession:
        """A shipped or own rows-board variant's board (its first fixed layout, else a random deal) as the
        start of a new board that extends it. Raises ValueError for a map board."""
        rules = load_rules(variant)
        if layout is None:
            layout = next(iter(rules.layouts), None)
        board = BoardLayout.from_rules(rules, layout)
        return cls(
            board, Meta(base=rules.name, name=f"{rules.name}-edited"[:40], title=f"{rules.title} (edited)")
        )

    @classmethod
    def empty(cls, base: str, shape: str | list[int]) -> EditorSession:
        """An empty grid (every hex unpainted) of ``shape`` (a name of ``SHAPES`` or hexes per row)."""
        rows = SHAPES[shape] if isinstance(shape, str) else list(shape)
        return cls(BoardLayout.empty(rows), Meta(base=base))

    @classmethod
    def open_file(cls, path: Path) -> EditorSession:
        """An own rule file made by the editor (or by hand), to edit again. Raises the loader's
        RuleFileError (its problems listed) or ValueError (a map board, or a file that extends nothing)."""
        board, meta = read_variant_layout(path)
        if not meta.get("base"):
            raise ValueError("the file does not extend another rule file")
        session = cls(
            board,
            Meta(
                base=meta["base"],
                name=meta["name"],
                title=meta["title"],
                description=meta["description"],
                players=meta["players"],
                vp_target=meta["vp_target"],
                layout_name=meta["layout_name"],
            ),
            Path(path),
        )
        session.header = "\n".join(leading_comments(Path(path).read_text(encoding="utf-8-sig")))
        return session

    # ---------------------------------------------------------------------------------------- edits

    def paint(self, hex_id: str, terrain: str | None) -> bool:
        """Paint a hex (None: unpaint it). A desert (or sea) loses its number; a hex painted over a desert
        keeps none until one is given."""

        def change(board: BoardLayout) -> bool:
            old_terrain, number = board.cell(hex_id)
            if old_terrain == terrain:
                return False
            if terrain in self.barren:
                number = None
            board.cells[hex_id] = (terrain, number)
            return True

        return self._edit(change)

    def set_number(self, hex_id: str, number: int | None) -> bool:
        if number is not None and number not in NUMBERS:
            raise ValueError(f"no number token {number}")

        def change(board: BoardLayout) -> bool:
            terrain, old = board.cell(hex_id)
            if old == number or (number is not None and terrain in self.barren):
                return False
            board.cells[hex_id] = (terrain, number)
            return True

        return self._edit(change)

    def step_number(self, hex_id: str, step: int) -> bool:
        """The next (``step`` 1) or previous number token on a hex: none, 2, 3 ... 12, none."""
        order = [None, *NUMBERS]
        now = self.layout.cell(hex_id)[1]
        return self.set_number(hex_id, order[(order.index(now) + step) % len(order)])

    def set_harbour(self, hex_id: str, side: str, kind: str | None) -> bool:
        """Put a harbour of ``kind`` on a hex's side (None: take it away)."""

        def change(board: BoardLayout) -> bool:
            kept = [h for h in board.harbours if (h[0], h[1]) != (hex_id, side)]
            new = kept + ([(hex_id, side, kind)] if kind is not None else [])
            if new == board.harbours:
                return False
            board.harbours = new
            return True

        return self._edit(change)

    def harbour_at(self, hex_id: str, side: str) -> str | None:
        return next((k for h, s, k in self.layout.harbours if (h, s) == (hex_id, side)), None)

    def set_robber(self, hex_id: str) -> bool:
        def change(board: BoardLayout) -> bool:
            if board.robber == hex_id:
                return False
            board.robber = hex_id
            return True

        return self._edit(change)

    def balance(self, seed: int) -> bool:
        """Redistribute the number tokens over the numbered hexes (``fairness.balance_numbers``)."""
        topo = self.topology
        numbers = balance_numbers(self.base_rules, topo, self.terrain, self.numbers, seed)

        def change(board: BoardLayout) -> bool:
            new = {
                topo.hex_ids[h]: (board.cell(topo.hex_ids[h])[0], numbers[h] or None)
                for h in range(topo.num_hexes)
            }
            if new == board.cells:
                return False
            board.cells = new
            return True

        return self._edit(change)

    # ------------------------------------------------------------------------------------- derived

    @property
    def topology(self) -> Topology:
        return self._cached("topo", lambda: build_topology(self.layout.rows))  # type: ignore[no-any-return]

    @property
    def coast(self) -> dict[int, tuple[int, str]]:
        """The coast's edges (a side of one hex only: where harbours go) -> (hex, side)."""

        def make() -> dict[int, tuple[int, str]]:
            sides: dict[int, list[tuple[int, str]]] = {}
            for h, edges in enumerate(self.topology.hex_edges):
                for side, e in zip(SIDES, edges, strict=True):
                    sides.setdefault(e, []).append((h, side))
            return {e: found[0] for e, found in sides.items() if len(found) == 1}

        return self._cached("coast", make)  # type: ignore[no-any-return]

    @property
    def terrain(self) -> list[str | None]:
        ids = self.topology.hex_ids
        return [self.layout.cell(h)[0] for h in ids]

    @property
    def numbers(self) -> list[int | None]:
        ids = self.topology.hex_ids
        return [self.layout.cell(h)[1] for h in ids]

    @property
    def harbours(self) -> list[tuple[int, str]]:
        """The harbours as the engine has them: (edge, kind)."""
        return harbour_edges(self.topology, self.layout.harbours)

    @property
    def robber_hex(self) -> int:
        """Where the robber starts: the chosen hex, else the first barren one, else -1."""
        topo = self.topology
        if self.layout.robber in topo.hex_index:
            return topo.hex_index[self.layout.robber]
        return next((h for h, t in enumerate(self.terrain) if t in self.barren), -1)

    def board_view(self) -> Any:
        """A stand-in for the renderer (``render.board``): an unpainted hex is drawn as ``blank`` (the
        screen veils it), pieces none."""

        def make() -> Any:
            topo, barren = self.topology, self.barren
            blank = next(iter(sorted(barren)), self.terrains[0])
            terrain = tuple(t if t is not None else blank for t in self.terrain)
            numbers = tuple(
                (n or 0) if t not in barren else 0 for t, n in zip(self.terrain, self.numbers, strict=True)
            )
            return SimpleNamespace(
                rules=self.base_rules,
                topo=topo,
                players=self.base_rules.players_min,
                terrain=terrain,
                number=numbers,
                extra_tokens=(),
                harbours=tuple(self.harbours),
                robber=self.robber_hex,
                robber_slot=-1,
                node_owner=(-1,) * topo.num_nodes,
                node_level=(0,) * topo.num_nodes,
                edge_owner=(-1,) * topo.num_edges,
            )

        return self._cached("view", make)

    def fairness(self) -> Fairness:
        return self._cached(
            "fair",
            lambda: fairness(
                self.base_rules,
                self.topology,
                self.terrain,  # type: ignore[no-any-return]
                [n or 0 for n in self.numbers],
                self.harbours,
            ),
        )

    def pips(self, hex_id: str) -> int:
        return PIPS.get(self.layout.cell(hex_id)[1] or 0, 0)

    # ------------------------------------------------------------------------------------- checking

    def issues(self) -> list[Issue]:
        """What stands between the board and a file that plays: the editor's own checks first (in words
        for the player), then, when they pass, the rule-file checks of the variant as it would be saved."""
        return self._cached("issues", self._issues)  # type: ignore[no-any-return]

    def _issues(self) -> list[Issue]:
        out: list[Issue] = []
        ids = self.topology.hex_ids
        barren = self.barren
        unpainted = tuple(h for h in ids if self.layout.cell(h)[0] is None)
        if unpainted:
            out.append(Issue("unpainted", unpainted, {"n": len(unpainted)}))
        no_number = tuple(
            h
            for h in ids
            if (t := self.layout.cell(h)[0]) is not None
            and t not in barren
            and self.layout.cell(h)[1] is None
        )
        if no_number:
            out.append(Issue("no_number", no_number, {"n": len(no_number)}))
        if self.robber_hex < 0 and not unpainted:
            out.append(Issue("no_robber"))
        if out:
            return out
        try:
            merged = self.merged_data()
        except ValueError as exc:
            return [Issue("rules", message=str(exc))]
        return [Issue("rules", message=str(p)) for p in validate_ruleset(merged)]

    def merged_data(self) -> dict[str, Any]:
        """The variant as the loader would read it: the base's data with this file's keys over it."""
        return merged_over(self.base_data, self.variant_data())

    def rules(self) -> Ruleset:
        """The variant as it would be saved, built (for a test play). Raises RulesetError when it has
        issues."""
        return self._cached("rules", lambda: Ruleset.build(self.merged_data()))  # type: ignore[no-any-return]

    @property
    def ready(self) -> bool:
        return not self.issues()

    # --------------------------------------------------------------------------------------- saving

    def variant_data(self) -> dict[str, Any]:
        m = self.meta
        return variant_data(
            self.layout,
            base=m.base,
            name=m.name,
            title=m.title,
            description=m.description,
            players=m.players,
            vp_target=m.vp_target,
            layout_name=m.layout_name,
            base_data=self.base_data,
        )

    def text(self) -> str:
        return variant_text(self.variant_data(), self.header)

    def save(self, folder: Path) -> Path:
        """Write the variant to ``folder/<name>.yaml`` (the player's own rule folder). Raises ValueError
        for a board with issues or a bad name, OSError when the disk refuses."""
        if self.issues():
            raise ValueError("the board is not ready to be saved")
        path = save_variant(folder, self.meta.name, self.text())
        self.path = path
        self.saved_version = self.version
        return path


def merged_over(base_data: dict[str, Any], own: dict[str, Any]) -> dict[str, Any]:
    """A file's keys over the data of the file it extends, as the loader merges them (``extends`` and
    ``replace``: rules/README.md), for a file not written yet."""
    merged = copy.deepcopy(base_data)
    for key, value in own.items():
        if key in ("extends", "replace"):
            continue
        merged[key] = merge(merged.get(key), value)  # the loader's own merge of extends
    for dotted in own.get("replace", []):  # these keys are the file's alone, not merged
        parts = dotted.split(".")
        target: Any = merged
        source: Any = own
        for part in parts[:-1]:
            target, source = target[part], source[part]
        if parts[-1] in source:
            target[parts[-1]] = copy.deepcopy(source[parts[-1]])
    return merged
