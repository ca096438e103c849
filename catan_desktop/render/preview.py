"""A small picture of a variant's board, drawn from its rule file (the Scenarios & variants screen, issue 17).

A game is set up the way the engine does (``Game.new``) for a fixed seed, on the variant's beginner layout
or else its first fixed layout when it has one (a random board otherwise), and its first seat's view is drawn
by the game's own ``BoardRenderer`` into an offscreen surface: sea, island, terrain, harbours, tokens and the
robber, no pieces. A map board (a scenario) shows its paths, location spaces, chip stars and canal rings; its
place names only where they can be read (``NAME_MIN_RADIUS``).

Previews are cached per (variant, its file's modification time and size, picture size), a few at a time:
the screen that shows them redraws often, and a preview costs a game set-up and a board's static layer. A
variant that cannot be loaded or drawn gets None, never an exception: its problems are shown elsewhere.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import logging
import os
import random
import re
from collections import OrderedDict
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pygame

from .. import paths
from ..engine import Game, Ruleset, load_rules
from ..engine.boards import make_board
from ..engine.topology import topology_for
from .assets import Assets
from .board import BoardRenderer
from .board_static import BADGE
from .layout import BoardLayout
from .palette import CLASSIC

log = logging.getLogger(__name__)

PREVIEW_SEED = 1  # the board a variant without a fixed layout is shown with
MAX_PREVIEWS = 10  # previews kept (least recently used go first): ~0.5-1.2 MB each
# A map's place names are drawn at NAME_PX (0.2) hex radii but never below 9 px (board_map._name_label): on a
# small board they grow larger than the map was drawn for and cover its paths and tokens. A preview draws
# them while they are at most 1.5 times their size on the game screen (a hex radius of 30 px and more).
NAME_MIN_RADIUS = 30
SEA_MARGIN = 0.3  # hex radii of sea around the island, as on the game screen

_NAME = re.compile(r"[a-z0-9_-]+")  # a bare variant name, not a path (variants.schema_nodes.NAME_RE)
_cache: OrderedDict[tuple[Any, ...], pygame.Surface | None] = OrderedDict()

Variant = str | os.PathLike[str] | Ruleset


def board_preview(assets: Assets, variant: Variant, size: tuple[int, int]) -> pygame.Surface | None:
    """The board of ``variant`` (a name, a rule file's path or a Ruleset) drawn into a surface of ``size``
    (w, h), the sea filling it; None when the variant cannot be loaded or drawn. Cached (``MAX_PREVIEWS``)."""
    w, h = int(size[0]), int(size[1])
    if w < 8 or h < 8:
        return None
    key = (*_identity(variant), w, h)
    if key in _cache:
        _cache.move_to_end(key)
        return _cache[key]
    try:
        surface: pygame.Surface | None = _draw(assets, _board_view(variant), (w, h))
    except Exception as exc:  # noqa: BLE001 (a broken or half-written variant: no picture, never a crash)
        log.debug("no preview of %s: %s", variant, exc)
        surface = None
    _cache[key] = surface
    while len(_cache) > MAX_PREVIEWS:
        _cache.popitem(last=False)
    return surface


def cached_previews() -> int:
    """How many previews (or known failures) are cached now."""
    return len(_cache)


def clear_previews() -> None:
    """Forget every cached preview."""
    _cache.clear()


def preview_layout(board: Any, size: tuple[int, int]) -> BoardLayout:
    """The layout a preview of ``size`` draws ``board`` (a seat view or stand-in) with: the island and its
    harbours centred with a little sea around them, as on the game screen."""
    w, h = size
    pad = max(2, round(min(w, h) * 0.02))
    harbours = [e for e, _kind in board.harbours]
    return BoardLayout.fitting(board.topo, (pad, pad, w - 2 * pad, h - 2 * pad), harbours, BADGE,
                               sea_margin=SEA_MARGIN)


# ------------------------------------------------------------------------------------------------ inside


def _identity(variant: Variant) -> tuple[Any, ...]:
    """What tells one version of a variant from another: its name or path and its file's time and size
    (a Ruleset: its name and a digest of its data)."""
    if isinstance(variant, Ruleset):
        data = json.dumps(variant.to_json_data(), sort_keys=True, default=repr)
        return ("rules", variant.name, hashlib.sha1(data.encode()).hexdigest())  # noqa: S324 (not security)
    text = os.fspath(variant)
    path = _file_of(text)
    try:
        st = path.stat() if path is not None else None
    except OSError:
        st = None
    stamp = (st.st_mtime_ns, st.st_size) if st is not None else None
    return (text, str(path) if path is not None else None, stamp)


def _file_of(text: str) -> Path | None:
    """The rule file a variant name or path means (installed files first, then the player's own)."""
    if not _NAME.fullmatch(text):
        return Path(text)
    try:
        shipped = paths.rules_dir() / f"{text}.yaml"
    except FileNotFoundError:
        shipped = None
    if shipped is not None and shipped.is_file():
        return shipped
    own = paths.user_rules_dir() / f"{text}.yaml"
    return own if own.is_file() else None


def _board_kind(rules: Ruleset) -> str:
    """The variant's beginner layout, else its first fixed layout, else a random board (of a fixed seed)."""
    if "beginner" in rules.layouts:
        return "beginner"
    return next(iter(rules.layouts), "random")


def _board_view(variant: Variant) -> Any:
    """The first seat's view of a new game of ``variant``, before anything is placed. When its set-up fails
    (a scenario whose rule module is still being written), a stand-in with the board the engine lays out."""
    rules = load_rules(variant if isinstance(variant, Ruleset) else os.fspath(variant))
    kind = _board_kind(rules)
    try:
        return Game.new(rules, players=rules.players_min, seed=PREVIEW_SEED, board=kind).seat_view(0)
    except Exception as exc:  # noqa: BLE001 (a module's set-up; the board itself may still be drawn)
        log.debug("%s: set-up failed (%s); previewing its board alone", rules.name, exc)
    topo = topology_for(rules)
    setup = make_board(rules, topo, kind, random.Random(PREVIEW_SEED))
    return SimpleNamespace(
        rules=rules, topo=topo, players=rules.players_min, terrain=tuple(setup.terrain),
        number=tuple(setup.number), extra_tokens=(), harbours=tuple(setup.harbours), robber=setup.robber,
        robber_slot=-1, node_owner=(-1,) * topo.num_nodes, node_level=(0,) * topo.num_nodes,
        edge_owner=(-1,) * topo.num_edges,
    )


def _draw(assets: Assets, board: Any, size: tuple[int, int]) -> pygame.Surface:
    layout = preview_layout(board, size)
    topo = board.topo
    if getattr(topo, "is_map", False) and any(topo.node_names) and layout.size < NAME_MIN_RADIUS:
        # the renderer draws every named location's label: a board whose topology names none
        topo = dataclasses.replace(topo, node_names=("",) * topo.num_nodes)
        board = _with_topo(board, topo)
        layout = preview_layout(board, size)
    surface = pygame.Surface(size)
    colours = [CLASSIC[i % len(CLASSIC)] for i in range(max(1, board.players))]
    BoardRenderer(assets).draw(surface, board, layout, colours)
    return surface


def _with_topo(board: Any, topo: Any) -> Any:
    """``board`` (a seat view or a stand-in) with another topology."""
    if dataclasses.is_dataclass(board) and not isinstance(board, type):
        return dataclasses.replace(board, topo=topo)
    return SimpleNamespace(**{**vars(board), "topo": topo})
