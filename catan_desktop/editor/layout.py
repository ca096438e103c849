"""The board the editor edits, and how it is saved as a rule file of the player's own (issue 34).

A ``BoardLayout`` is a ``rows`` board (rules/README.md "board"): hexes in rows, each painted with a terrain
and a number or not yet, harbours on hex sides, and the robber's start. It comes from a variant's fixed
layout or from the board the engine deals (``BoardLayout.from_rules``), and goes back out as an ordinary
rule file that ``extends`` the chosen base rules (``variant_data``, ``variant_text``, ``save_variant``):
the same format the loader reads and ``catan-desktop validate`` checks, never one of its own. A saved file
opens again with ``read_variant_layout``.

Map boards (``board.map``, the scenarios) are not edited here: ``from_rules`` and ``variant_data`` refuse
them with a ValueError.

No words for the player: problems with a saved file are the loader's (``RuleFileError``, translatable).
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from catan_desktop.engine import Game, Ruleset
from catan_desktop.engine.topology import SIDES
from catan_desktop.persistence.files import atomic_write_text
from catan_desktop.variants import load_rule_file, load_variant
from catan_desktop.variants.schema_nodes import NAME_RE

Cell = tuple[str | None, int | None]
Harbour = tuple[str, str, str]

HEADER = (
    "# Made with the board editor of Catan Desktop (issue 34). An ordinary rule file: rules/README.md\n"
    "# explains every key, and 'catan-desktop validate FILE' checks it after an edit by hand.\n"
)
# The order of keys in a rule file (rules/base.yaml, with extends and replace after the title as in the
# shipped variants); keys not listed follow in the order they come.
TOP_ORDER = (
    "format", "name", "title", "extends", "replace", "description", "summary", "game", "players", "colours",
    "modules", "module_settings", "resources", "terrains", "board", "harbour_rates", "layouts", "bank",
    "pieces", "costs", "development_cards", "progress", "victory_points", "longest_road", "largest_army",
    "robber", "setup", "options",
)
BOARD_ORDER = ("rows", "terrain_counts", "number_tokens", "robber_start", "harbour_positions", "harbour_set")
LAYOUT_ORDER = ("description", "rows", "harbours", "robber")
_NESTED_ORDER = {
    ("board",): BOARD_ORDER,
    ("players",): ("min", "max"),
    ("victory_points",): (
        "target", "settlement", "city", "longest_road", "largest_army", "victory_point_card"),
}
_FLOW_WIDTH = 100  # a flat list or mapping longer than this is written one item a line
_FOLD_WIDTH = 100  # long text is folded (">-") at about this many characters a line


@dataclass
class BoardLayout:
    """A rows board being edited (issue 34): row lengths, each hex's (terrain, number), harbours, robber.

    ``cells`` maps a hex id "row.col" to (terrain or None when not painted, number or None);
    ``harbours`` holds (hex id, side such as "NW", kind: "generic" or a resource); ``robber`` is the hex the
    robber starts on, or None for the first hex of the rules' ``robber_start`` terrain (the desert).
    """

    rows: list[int]
    cells: dict[str, Cell] = field(default_factory=dict)
    harbours: list[Harbour] = field(default_factory=list)
    robber: str | None = None

    def hex_ids(self) -> list[str]:
        """Return every hex id, row by row from the top, left to right."""
        return [f"{r + 1}.{c + 1}" for r, count in enumerate(self.rows) for c in range(count)]

    def copy(self) -> BoardLayout:
        """Return an independent copy (for undo)."""
        return BoardLayout(list(self.rows), dict(self.cells), list(self.harbours), self.robber)

    def cell(self, hex_id: str) -> Cell:
        """Return a hex's (terrain, number); (None, None) for a hex not painted."""
        return self.cells.get(hex_id, (None, None))

    @classmethod
    def empty(cls, rows: list[int]) -> BoardLayout:
        """Return a board of this shape with every hex unpainted, no harbours and no robber chosen."""
        board = cls(list(rows))
        board.cells = {hex_id: (None, None) for hex_id in board.hex_ids()}
        return board

    @classmethod
    def from_rules(cls, rules: Ruleset, layout: str | None = None, seed: int = 0) -> BoardLayout:
        """Return a variant's board: its fixed layout ``layout``, else the one ``Game.new(rules,
        board="random", seed=seed)`` deals. Raises KeyError for an unknown layout, ValueError for a map
        board."""
        if rules.board_map is not None or not rules.rows:
            raise ValueError(f"{rules.name}: a map board (board.map) is not a rows board")
        board = cls(list(rules.rows))
        ids = board.hex_ids()
        if layout is not None:
            fixed = rules.layouts[layout]
            board.cells = {h: (t, n or None) for h, (t, n) in zip(ids, fixed.cells, strict=True)}
            board.harbours = list(fixed.harbours)
            board.robber = fixed.robber
            return board
        game = Game.new(rules, players=rules.players_min, seed=seed, board="random")
        s, topo = game.s, game.topo
        board.cells = {
            topo.hex_ids[h]: (s.terrain[h], s.number[h] or None) for h in range(topo.num_hexes)}
        places = {topo.side_edge(h, side): (h, side) for h, side in rules.harbour_positions}
        for edge, kind in s.harbours:
            hex_id, side = places.get(edge) or _side_of(game, edge)
            board.harbours.append((hex_id, side, kind))
        board.robber = topo.hex_ids[s.robber]
        return board


def _side_of(game: Game, edge: int) -> tuple[str, str]:
    """Return a (hex id, side) that lies on ``edge``: a harbour the rules' harbour_positions do not list."""
    for h, edges in enumerate(game.topo.hex_edges):
        if edge in edges:
            return game.topo.hex_ids[h], SIDES[edges.index(edge)]
    raise ValueError(f"edge {edge} is on no hex")


# --- the rule-file mapping -------------------------------------------------------------------------------


def variant_data(
    layout: BoardLayout,
    *,
    base: str,
    name: str,
    title: str,
    description: str,
    players: tuple[int, int] | None,
    vp_target: int | None,
    layout_name: str = "edited",
    layout_description: str | None = None,
    base_data: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Return a rule-file mapping that ``extends: base`` with this board (issue 34).

    It sets the board (``rows``, ``terrain_counts`` and ``number_tokens`` counted from the cells, so the
    variant's random and balanced boards deal the same pieces; ``robber_start``; ``harbour_positions`` and
    ``harbour_set`` from the harbours) and one fixed layout, ``layout_name``, which New game offers first;
    the base's layouts and terrain counts are dropped with ``replace``. Where the board keeps the base's
    pieces, they are written in the base's order (tokens with their letters), so an unchanged board deals
    the same random boards as its base. ``players`` (min, max) and ``vp_target`` are set when given; the
    layout's description is ``layout_description``, else the title. ``base_data``: ``base`` as loaded, when
    the caller has it (else it is loaded).

    Nothing is checked here: a board the loader refuses (a hex not painted: ``null``) is written as it is,
    and loading the file says what is wrong. Raises RuleFileError when ``base`` cannot be loaded,
    ValueError when it has a map board.
    """
    rules = load_variant(base) if base_data is None else base_data  # the editor has it loaded: ~80 ms saved
    board = rules["board"]
    if "map" in board:
        raise ValueError(f"{base}: a map board (board.map) is not a rows board")
    terrains: dict[str, Any] = rules["terrains"]
    cells = [layout.cell(h) for h in layout.hex_ids()]
    painted = [t for t, _ in cells if t is not None]
    produces = {t for t in painted if terrains.get(t, t) is not None}  # an unknown one: the loader says so

    counts = Counter(painted)
    order = [*board["terrain_counts"], *terrains, *painted]
    terrain_counts = {t: counts[t] for t in dict.fromkeys(order) if counts[t]}
    numbers = [n for t, n in cells if t in produces and n is not None]
    start = _robber_start(layout, board["robber_start"], terrains)
    robber = layout.robber or next(
        (h for h in layout.hex_ids() if layout.cell(h)[0] == start), "1.1")
    places = [[h, side] for h, side, _ in layout.harbours]
    kinds = [kind for *_, kind in layout.harbours]

    new_board: dict[str, Any] = {
        "rows": list(layout.rows),
        "terrain_counts": terrain_counts,
        "number_tokens": _tokens(numbers, board["number_tokens"]),
        "robber_start": start,
        "harbour_positions": _in_base_order(places, board["harbour_positions"]),
        "harbour_set": _in_base_order(kinds, board["harbour_set"]),
    }
    fixed: dict[str, Any] = {
        "description": title if layout_description is None else layout_description,
        "rows": [[_cell_text(layout.cell(h)) for h in row] for row in _rows_of(layout)],
        "harbours": [list(h) for h in layout.harbours],
        "robber": robber,
    }
    if not fixed["description"]:
        del fixed["description"]
    replace = [key for key in ("layouts",) if key in rules] + ["board.terrain_counts"]
    data: dict[str, Any] = {
        "format": 1, "name": name, "title": title, "extends": base, "replace": replace,
        "description": description,
    }
    if players is not None:
        data["players"] = {"min": players[0], "max": players[1]}
    data["board"] = new_board
    data["layouts"] = {layout_name: fixed}
    if vp_target is not None:
        data["victory_points"] = {"target": vp_target}
    return data


def _rows_of(layout: BoardLayout) -> Iterator[list[str]]:
    ids = iter(layout.hex_ids())
    for count in layout.rows:
        yield [next(ids) for _ in range(count)]


def _cell_text(cell: Cell) -> str | None:
    """A layout cell as the rule file writes it: "forest 9", "desert", or None for a hex not painted."""
    terrain, number = cell
    if terrain is None:
        return None
    return terrain if number is None else f"{terrain} {number}"


def _robber_start(layout: BoardLayout, base_start: str, terrains: dict[str, Any]) -> str:
    """The terrain the robber starts on in a random board: the base's if the board has it, else the
    robber hex's, else the first that produces nothing (else the base's: the loader reports it)."""
    painted = [layout.cell(h)[0] for h in layout.hex_ids()]
    if base_start in painted:
        return base_start
    if layout.robber is not None and layout.cell(layout.robber)[0] is not None:
        return str(layout.cell(layout.robber)[0])
    barren = [t for t in painted if t is not None and t in terrains and terrains[t] is None]
    return barren[0] if barren else base_start


def _tokens(numbers: list[int], base_tokens: list[list[Any]]) -> list[list[Any]]:
    """Number tokens for these numbers: the base's tokens in their order while they fit, then the rest in
    board order; lettered in order with the base's letters (then A.., Za.. unused ones)."""
    left = Counter(numbers)
    ordered = []
    for _, number in base_tokens:
        if left[number]:
            left[number] -= 1
            ordered.append(number)
    for number in numbers:
        if left[number]:
            left[number] -= 1
            ordered.append(number)
    return [[letter, number] for letter, number in zip(_letters(base_tokens), ordered, strict=False)]


def _letters(base_tokens: list[list[Any]]) -> Iterator[str]:
    """The base's token letters in order, then letters it does not use: A..Z, Za..Zz, ZZa.."""
    used = [str(letter) for letter, _ in base_tokens]
    yield from used
    alphabet = [chr(c) for c in range(ord("A"), ord("Z") + 1)]
    prefix = ""
    while True:
        for letter in alphabet if not prefix else [a.lower() for a in alphabet]:
            if prefix + letter not in used:
                yield prefix + letter
        prefix += "Z"


def _in_base_order(items: list[Any], base_items: list[Any]) -> list[Any]:
    """``items`` as the base lists them when they are the same collection (so random boards deal alike)."""
    def key(item: Any) -> str:
        return json.dumps(item)

    if sorted(map(key, items)) == sorted(map(key, base_items)):
        return copy.deepcopy(base_items)
    return items


# --- YAML text -------------------------------------------------------------------------------------------


def variant_text(data: dict[str, Any], header: str = "") -> str:
    """Return a rule-file mapping as YAML a person can read and edit (issue 34): keys in the order of
    rules/base.yaml, flat lists and small mappings on one line (``- [mountains 10, pasture 2, forest 9]``),
    after ``header`` (each line made a comment; the editor's own note when empty). The loader reads the
    text back as ``data``."""
    lines = [line if line.startswith("#") else f"# {line}".rstrip() for line in header.splitlines()]
    out = "\n".join(lines) + "\n" if lines else HEADER
    after_block = False
    for index, key in enumerate(_ordered(data, TOP_ORDER)):
        block = _is_block(data[key])
        if index and (block or after_block):
            out += "\n"  # a blank line around each section
        out += _entry(key, data[key], (key,), 0)
        after_block = block
    return out


def _ordered(mapping: dict[str, Any], order: tuple[str, ...]) -> list[str]:
    return [k for k in order if k in mapping] + [k for k in mapping if k not in order]


def _is_block(value: Any) -> bool:
    return isinstance(value, dict | list) and _flow(value) is None


def _entry(key: Any, value: Any, path: tuple[Any, ...], depth: int) -> str:
    """One ``key: value`` of a block mapping, with what it holds below it."""
    pad = "  " * depth
    head = f"{pad}{_scalar(key)}:"
    if isinstance(value, dict):
        flow = _flow(value)
        if flow is not None:
            return f"{head} {flow}\n"
        order = LAYOUT_ORDER if path[:1] == ("layouts",) and len(path) == 2 else _NESTED_ORDER.get(path, ())
        return head + "\n" + "".join(
            _entry(k, value[k], (*path, k), depth + 1) for k in _ordered(value, order))
    if isinstance(value, list):
        flow = _flow(value)
        if flow is not None:
            return f"{head} {flow}\n"
        return head + "\n" + "".join(_item(item, depth + 1) for item in value)
    if isinstance(value, str) and len(head) + len(value) > _FOLD_WIDTH:
        folded = _folded(value, pad + "  ")
        if folded is not None:
            return f"{head} {folded}"
    return f"{head} {_scalar(value)}\n"


def _item(item: Any, depth: int) -> str:
    """One ``- item`` of a block list."""
    pad = "  " * depth
    flow = _flow(item) if isinstance(item, dict | list) else _scalar(item)
    if flow is not None:
        return f"{pad}- {flow}\n"
    if isinstance(item, list):
        return f"{pad}-\n" + "".join(_item(i, depth + 1) for i in item)
    lines = "".join(_entry(k, v, (), depth + 1) for k, v in item.items())
    return f"{pad}- {lines.lstrip()}"


def _flow(value: Any) -> str | None:
    """A flat list or mapping on one line (``[a, b]``, ``{min: 3, max: 4}``), or None when it is nested
    or too long; a list of flat lists is never one line (each item gets its own)."""
    if isinstance(value, dict):
        if not value or any(isinstance(v, dict | list) for v in value.values()):
            return "{}" if not value else None
        text = "{" + ", ".join(f"{_scalar(k)}: {_scalar(v)}" for k, v in value.items()) + "}"
    else:
        if any(isinstance(v, dict | list) for v in value):
            return None
        text = "[" + ", ".join(_scalar(v) for v in value) + "]"
    return text if len(text) <= _FLOW_WIDTH else None


def _scalar(value: Any) -> str:
    """A scalar as YAML that reads back as the same value: plain when that is safe, else double-quoted."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return yaml.safe_dump([value], default_flow_style=True).strip()[1:-1]
    text = str(value)
    if _plain_ok(text):
        return text
    quoted = json.dumps(text, ensure_ascii=False)
    if _reads_as(f"[{quoted}]", [text]):
        return quoted
    return yaml.safe_dump(text, default_style='"', allow_unicode=True, width=1 << 30).strip()


def _plain_ok(text: str) -> bool:
    """Whether ``text`` can stand unquoted, also inside ``[...]`` and ``{...}``, and reads as itself."""
    if not text or text != text.strip() or not text[0].isalpha():
        return False
    if any(c in text for c in ",[]{}#:\"'\\`|>&*!%@") or not text.isprintable():
        return False
    return _reads_as(f"[{text}]", [text])


def _folded(text: str, pad: str) -> str | None:
    """Long text as a folded block (``>-``) wrapped at spaces, or None when folding would change it."""
    if not text.isprintable() or "  " in text or text != text.strip():
        return None
    lines, line = [], ""
    for word in text.split(" "):
        if line and len(pad) + len(line) + 1 + len(word) > _FOLD_WIDTH:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    block = ">-\n" + "".join(f"{pad}{line}\n" for line in lines)
    return block if _reads_as("key: " + block, {"key": text}) else None


def _reads_as(text: str, expected: Any) -> bool:
    try:
        return bool(yaml.safe_load(text) == expected)
    except yaml.YAMLError:
        return False


# --- files -----------------------------------------------------------------------------------------------


def leading_comments(text: str) -> list[str]:
    """The comment lines a rule file starts with (before its first key): kept when the file is written
    again (the editor's save of a file it opened, an export)."""
    out = []
    for line in text.splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            break
        if line.strip():
            out.append(line.strip())
    return out


def save_variant(folder: Path, file_stem: str, text: str) -> Path:
    """Write ``text`` to ``folder/file_stem.yaml`` atomically and return the path (issue 34).

    Raises ValueError for a stem that is not a bare rule-file name (lowercase letters, digits, '_', '-':
    what ``extends`` accepts), so nothing is written outside ``folder``; OSError when the disk refuses.
    """
    if not isinstance(file_stem, str) or not NAME_RE.fullmatch(file_stem):
        raise ValueError(
            f"{file_stem!r} is not a rule-file name: use lowercase letters, digits, '_' and '-' only "
            "(no folders, dots or '.yaml')")
    path = Path(folder) / f"{file_stem}.yaml"
    atomic_write_text(path, text)
    return path


def read_variant_layout(path: Path) -> tuple[BoardLayout, dict[str, Any]]:
    """Open a rule file for editing again (issue 34): return its first fixed layout (else the random board
    of seed 0) and what the editor shows about it, as the keyword arguments of ``variant_data``: ``base``
    (its ``extends``, None without one), ``name``, ``title``, ``description``, ``players`` and
    ``vp_target`` (None when the file leaves them to its base), ``layout_name``, ``layout_description``.

    Raises the loader's RuleFileError listing every problem of the file, ValueError for a map board.
    """
    data = load_rule_file(path)
    rules = Ruleset.build(data)
    first = next(iter(rules.layouts), None)
    layout = BoardLayout.from_rules(rules, first)
    own = yaml.safe_load(Path(path).read_text(encoding="utf-8-sig"))  # what the file itself sets
    own_vp = own.get("victory_points")
    spec = data.get("layouts", {}).get(first, {}) if first is not None else {}
    meta = {
        "base": own.get("extends"),
        "name": rules.name,
        "title": rules.title,
        "description": rules.description,
        "players": (rules.players_min, rules.players_max) if "players" in own else None,
        "vp_target": rules.vp_target if isinstance(own_vp, dict) and "target" in own_vp else None,
        "layout_name": first or "edited",
        "layout_description": spec.get("description", ""),
    }
    return layout, meta
