"""Where the number tokens and the robber go on a hex (pure geometry: screen points, no drawing).

A hex may hold several number tokens (Catan a Dois terrain development, RULES.md D-6): they are drawn
smaller, side by side, in a triangle or a 2x2 square (``token_centres``), and the robber stands beside
the one token it blocks (D-8, ``robber_feet``). A producing terrain left without a token is unproductive
(D-1.6, ``is_unproductive``).
"""

from __future__ import annotations

import math
from typing import Any

from .layout import BoardLayout, Point

TOKEN = 0.66  # token diameter, in hex radii (layout.size)
TOKEN_DY = 1  # px: the token's disc sits a pixel high in its sprite (its shadow falls below)
TOKEN_DISC = 0.87  # the token's disc diameter, as a fraction of its sprite's side

# Token arrangements by count, in hex radii from the hex centre (y down): the token diameter, each token's
# centre in tokens_of order, and where the robber's feet go when it blocks that token (beside it, outward).
_TOKEN_LAYOUTS: dict[int, tuple[float, tuple[Point, ...], tuple[Point, ...]]] = {
    1: (TOKEN, ((0.0, 0.0),), ((-0.50, 0.36),)),
    2: (0.52, ((-0.29, 0.0), (0.29, 0.0)), ((-0.64, 0.30), (0.64, 0.30))),
    3: (
        0.50,
        ((0.0, -0.27), (-0.28, 0.21), (0.28, 0.21)),
        ((-0.42, -0.03), (-0.60, 0.50), (0.60, 0.50)),
    ),
    4: (
        0.47,
        ((-0.265, -0.255), (0.265, -0.255), (-0.265, 0.255), (0.265, 0.255)),
        ((-0.58, -0.01), (0.58, -0.01), (-0.58, 0.52), (0.58, 0.52)),
    ),
}


def board_of(board: Any) -> Any:
    """What the renderer draws from: a seat view (``engine.views.SeatView``) or a stand-in with the same
    attributes. A whole game (tests, tools) is drawn through its first seat's view: the board is public."""
    return board.seat_view(0) if hasattr(board, "seat_view") else board


def tokens_on(board: Any, h: int) -> list[int]:
    """The number tokens on hex ``h``: the printed one (if any) then the developed ones.

    The same order as ``engine.queries.tokens_of``, for boards (and stand-ins) without ``extra_tokens`` too.
    """
    board = board_of(board)
    out = [board.number[h]] if board.number[h] else []
    extra = getattr(board, "extra_tokens", None)
    if extra:
        out.extend(extra[h])
    return out


def _token_layout(count: int) -> tuple[float, list[Point], list[Point]]:
    """Diameter, centres and robber feet (in hex radii) for ``count`` tokens on a hex."""
    known = _TOKEN_LAYOUTS.get(count)
    if known is not None:
        return known[0], list(known[1]), list(known[2])
    # more than the rules allow: a ring of small tokens, so nothing is ever lost from view
    angles = [2 * math.pi * i / count - math.pi / 2 for i in range(count)]
    centres = [(0.36 * math.cos(a), 0.36 * math.sin(a)) for a in angles]
    feet = [(x * 1.6 + (-0.2 if x <= 0 else 0.2), y * 1.6 + 0.3) for x, y in centres]
    return 0.36, centres, feet


def token_diameter(layout: BoardLayout, count: int) -> int:
    """The drawn size in px of a token's sprite on a hex holding ``count`` tokens."""
    return max(4, round(_token_layout(max(1, count))[0] * layout.size))


def token_centres(layout: BoardLayout, board: Any, h: int) -> list[Point]:
    """The screen centre of each token's disc on hex ``h``, in tokens_of order (empty: no token)."""
    count = len(tokens_on(board, h))
    if not count:
        return []
    cx, cy = layout.hex_center(h)
    size = layout.size
    return [(cx + dx * size, cy + dy * size) for dx, dy in _token_layout(count)[1]]


def token_at(layout: BoardLayout, board: Any, x: float, y: float) -> tuple[int, int] | None:
    """The (hex, slot) whose drawn token disc contains screen point (x, y), or None."""
    h = layout.hex_at(x, y)
    if h is None:
        return None
    centres = token_centres(layout, board, h)
    r = token_diameter(layout, len(centres)) * TOKEN_DISC / 2
    best: tuple[int, int] | None = None
    best_d2 = r * r
    for slot, (tx, ty) in enumerate(centres):
        d2 = (tx - x) ** 2 + (ty - y) ** 2
        if d2 <= best_d2:
            best, best_d2 = (h, slot), d2
    return best


def robber_feet(layout: BoardLayout, h: int, slot: int, board: Any, hidden: bool) -> Point:
    """Where the robber's feet go on hex ``h``: beside token ``slot``, or centred on a hex without one
    (or with its tokens ``hidden``)."""
    cx, cy = layout.hex_center(h)
    count = len(tokens_on(board, h))
    if count and not hidden:
        feet = _token_layout(count)[2]
        dx, dy = feet[min(max(slot, 0), count - 1)]
        return (cx + dx * layout.size, cy + dy * layout.size)
    return (cx, cy + 0.36 * layout.size)


def robber_slot(board: Any) -> int:
    """The token the robber blocks on its hex (0 for games where it sits on the whole hex, and stand-ins)."""
    return max(0, getattr(board_of(board), "robber_slot", 0))


def is_unproductive(board: Any, h: int) -> bool:
    """A producing terrain with no number token left: it yields nothing (Catan a Dois, D-1.6)."""
    board = board_of(board)
    terrain = board.terrain[h]
    rules = getattr(board, "rules", None)  # a stand-in without rules: only the desert is barren
    barren = rules.terrain_resource.get(terrain) is None if rules is not None else terrain == "desert"
    return not barren and not tokens_on(board, h)
