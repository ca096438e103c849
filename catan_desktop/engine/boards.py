"""Board set-up: the beginner layout, a random board, and a balanced random board (B-2).

A map board (``rules.board_map``) prints some or all of its terrain, numbers and harbour kinds; a random
board draws only the rest: ``random`` hexes from ``terrain_counts``, a token for every producing hex
without a printed number, and ``random`` harbours from ``harbour_set``. A rows board is unchanged.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .errors import RulesetError
from .ruleset import Ruleset
from .topology import RANDOM, BoardMap, Topology, board_corners, spiral_order

BOARD_KINDS = ("random", "balanced")
_BALANCE_ATTEMPTS = 500


@dataclass(frozen=True)
class BoardSetup:
    """What lies on the board at the start: terrain, numbers, token letters, harbours and the robber."""

    kind: str
    terrain: tuple[str, ...]
    number: tuple[int, ...]  # 0 for a hex without a token
    letter: tuple[str, ...]  # "" for a hex without a token
    harbours: tuple[tuple[int, str], ...]  # (edge, kind): kind is "generic" or a resource name
    robber: int


def board_kinds(rules: Ruleset) -> list[str]:
    """Return the board choices a variant offers: its fixed layouts, then random and balanced."""
    return list(rules.layouts) + list(BOARD_KINDS)


def make_board(rules: Ruleset, topo: Topology, kind: str, rng: random.Random) -> BoardSetup:
    """Lay out the board of the given kind; every random choice comes from ``rng``.

    Raises RulesetError for an unknown kind.
    """
    if kind in rules.layouts:
        return _fixed(rules, topo, kind)
    if rules.board_map is not None and kind in BOARD_KINDS:
        return _map_board(rules, rules.board_map, topo, kind, rng)
    if kind == "random":
        return _random(rules, topo, rng)
    if kind == "balanced":
        for _ in range(_BALANCE_ATTEMPTS):
            setup = _random(rules, topo, rng, kind="balanced")
            if is_balanced(topo, setup.number):
                return setup
        return _balanced_by_token_shuffle(rules, topo, rng)
    raise RulesetError([f"board: unknown board {kind!r}; choose one of {', '.join(board_kinds(rules))}"])


def is_balanced(topo: Topology, numbers: tuple[int, ...] | list[int]) -> bool:
    """True when no two neighbouring hexes both hold a 6 or 8, and no neighbours share a number."""
    for h, num in enumerate(numbers):
        if not num:
            continue
        for other in topo.hex_neighbours[h]:
            o = numbers[other]
            if not o:
                continue
            if o == num or (num in (6, 8) and o in (6, 8)):
                return False
    return True


def _fixed(rules: Ruleset, topo: Topology, name: str) -> BoardSetup:
    layout = rules.layouts[name]
    terrain = tuple(c[0] for c in layout.cells)
    number = tuple(c[1] for c in layout.cells)
    if topo.is_map:  # a map layout's harbours are (location, location, kind): paths, not hex sides
        harbours = tuple((topo.path_edge(a, b), k) for a, b, k in layout.harbours)
    else:
        harbours = tuple((topo.side_edge(h, s), k) for h, s, k in layout.harbours)
    return BoardSetup(
        kind=name,
        terrain=terrain,
        number=number,
        letter=tuple("" for _ in terrain),
        harbours=harbours,
        robber=topo.hex_index[layout.robber],
    )


def _terrain_pool(rules: Ruleset) -> list[str]:
    pool: list[str] = []
    for t in sorted(rules.terrain_counts):
        pool.extend([t] * rules.terrain_counts[t])
    return pool


def _random(rules: Ruleset, topo: Topology, rng: random.Random, kind: str = "random") -> BoardSetup:
    terrain = _terrain_pool(rules)
    rng.shuffle(terrain)
    corner = rng.randrange(len(board_corners(topo)))
    number = [0] * topo.num_hexes
    letter = [""] * topo.num_hexes
    tokens = iter(rules.number_tokens)
    for h in spiral_order(topo, corner):
        if rules.terrain_resource.get(terrain[h]) is None:
            continue
        tok_letter, tok_number = next(tokens)
        number[h] = tok_number
        letter[h] = tok_letter
    kinds = list(rules.harbour_set)
    rng.shuffle(kinds)
    harbours = tuple(
        (topo.side_edge(h, s), k) for (h, s), k in zip(rules.harbour_positions, kinds, strict=True)
    )
    return BoardSetup(
        kind=kind,
        terrain=tuple(terrain),
        number=tuple(number),
        letter=tuple(letter),
        harbours=harbours,
        robber=_robber_start(rules, terrain),
    )


def _balanced_by_token_shuffle(rules: Ruleset, topo: Topology, rng: random.Random) -> BoardSetup:
    """Fallback when spiral placement never balances: shuffle the tokens themselves until balanced."""
    base = _random(rules, topo, rng, kind="balanced")
    producing = [h for h in range(topo.num_hexes) if base.number[h]]
    tokens = list(rules.number_tokens)
    for _ in range(20 * _BALANCE_ATTEMPTS):
        rng.shuffle(tokens)
        number = [0] * topo.num_hexes
        letter = [""] * topo.num_hexes
        for h, (tl, tn) in zip(producing, tokens, strict=True):
            number[h], letter[h] = tn, tl
        if is_balanced(topo, number):
            return BoardSetup(
                "balanced", base.terrain, tuple(number), tuple(letter), base.harbours, base.robber
            )
    return base  # a board shape where no balanced placement exists: the plain random board


def _robber_start(rules: Ruleset, terrain: list[str] | tuple[str, ...]) -> int:
    want = rules.robber_start
    for h, t in enumerate(terrain):
        if t == want:
            return h
    for h, t in enumerate(terrain):
        if rules.terrain_resource.get(t) is None:
            return h
    return 0


def _map_board(
    rules: Ruleset, board_map: BoardMap, topo: Topology, kind: str, rng: random.Random
) -> BoardSetup:
    """A map board with its random parts drawn; "balanced" retries until no 6/8 or equal numbers touch."""
    setup = _map_random(rules, board_map, topo, rng, kind)
    drawn = any(
        t == RANDOM or (not n and rules.terrain_resource.get(t) is not None) for _h, t, n in board_map.hexes
    )
    if kind != "balanced" or not drawn:
        return setup  # a plain random board, or a fully printed map (nothing to draw)
    for _ in range(_BALANCE_ATTEMPTS):
        if is_balanced(topo, setup.number):
            return setup
        setup = _map_random(rules, board_map, topo, rng, kind)
    return setup  # a map where the drawn parts never balance: the last random board


def _map_random(
    rules: Ruleset, board_map: BoardMap, topo: Topology, rng: random.Random, kind: str
) -> BoardSetup:
    """Draw a map's ``random`` hexes, missing numbers and ``random`` harbour kinds; keep what it prints."""
    pool = _terrain_pool(rules)
    rng.shuffle(pool)
    drawn = iter(pool)
    terrain = [next(drawn) if t == RANDOM else t for _h, t, _n in board_map.hexes]
    number = [n for _h, _t, n in board_map.hexes]
    letter = [""] * topo.num_hexes
    tokens = iter(rules.number_tokens)
    corner = rng.randrange(len(board_corners(topo)))
    for h in spiral_order(topo, corner):
        if number[h] or rules.terrain_resource.get(terrain[h]) is None:
            continue
        letter[h], number[h] = next(tokens)
    kinds = list(rules.harbour_set)
    rng.shuffle(kinds)
    drawn_kinds = iter(kinds)
    harbours = tuple(
        (topo.path_edge(a, b), next(drawn_kinds) if k == RANDOM else k) for a, b, k in board_map.harbours
    )
    robber = topo.hex_index[board_map.robber] if board_map.robber else _robber_start(rules, terrain)
    return BoardSetup(
        kind=kind,
        terrain=tuple(terrain),
        number=tuple(number),
        letter=tuple(letter),
        harbours=harbours,
        robber=robber,
    )
