"""Draw the board: sea, island, terrain, harbours, tokens, pieces, robber, highlights and a hover preview.

The parts that change only when the board is laid out again (sea, island, tiles, harbours, tokens) are
drawn once into a cached "static layer" and blitted each frame; pieces and overlays are drawn on top
from cached, pre-scaled sprites, so a redraw is a few dozen blits. Drawing never changes the game.

A hex may hold several number tokens (Catan a Dois terrain development, RULES.md D-6): they are drawn
smaller, side by side, in a triangle or a 2x2 square (``token_centres``), and the robber stands beside
the one token it blocks (D-8). A producing terrain left without a token is unproductive (D-1.6) and is
drawn faded, like the desert's dry cousin.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Literal

import pygame

from .assets import AssetError, Assets
from .layout import BoardLayout
from .palette import EMBLEMS, emblem

Point = tuple[float, float]

# Sizes in hex radii (layout.size), tuned by eye at 1280x720 .. 2560x1440.
TILE_W, TILE_H, TILE_SIZE = 296, 342, 171  # the terrain sprites' size and the hex radius they are drawn at
TOKEN = 0.66  # token diameter
TOKEN_DY = 1  # px: the token's disc sits a pixel high in its sprite (its shadow falls below)
BADGE = 0.64  # harbour badge diameter
ROAD_LEN = 0.74  # road length (the edge is 1.0 long; the rest is left for the buildings at its ends)
SETTLEMENT = 0.62  # settlement sprite side
CITY = 0.78  # city sprite side
SETTLEMENT_LIFT = 0.15  # sprite centre above the node (the sprites stand on a shadow at their foot)
CITY_LIFT = 0.20
EMBLEM = 0.21
ROBBER_W = 0.50
GHOST_ALPHA = 150

SAND = (217, 195, 142)
SHALLOWS = (120, 196, 214)
ISLAND_SHADOW = (5, 25, 50)
PIER_DARK = (84, 56, 32)
PIER_WOOD = (176, 132, 82)
PIER_LINE = (120, 84, 50)
GLOW = (255, 236, 160)
RING = (255, 250, 225)
FALLOW_KEEP = (140, 140, 140)  # an unproductive tile keeps this much (of 255) of its grey texture...
FALLOW_TINT = (116, 106, 90)  # ...lifted by this warm grey: a bleached, dusty look
FALLOW_ALPHA = 235  # how much the veil covers the tile's own colours (of 255)
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
ROBBER_W_SMALL = 0.42  # the robber beside one of several (smaller) tokens

_SS = 3  # supersampling for code-drawn sprites


@dataclass(frozen=True)
class Highlight:
    """Legal spots to show: ``kind`` says what they are for ("settlement", "city", "road", "robber", ...)."""

    kind: str
    nodes: frozenset[int] = frozenset()
    edges: frozenset[int] = frozenset()
    hexes: frozenset[int] = frozenset()
    tokens: frozenset[tuple[int, int]] = frozenset()  # (hex, slot in tokens_of order): the robber's targets


@dataclass(frozen=True)
class Hover:
    """The spot under the mouse: a ghost of what would be built there, in the player's colour.

    For ``kind`` "token", ``index`` is the hex and ``slot`` the token on it (tokens_of order).
    """

    kind: Literal["node", "edge", "hex", "token"]
    index: int
    colour: str
    slot: int = 0


def tokens_on(game: Any, h: int) -> list[int]:
    """The number tokens on hex ``h``: the printed one (if any) then the developed ones.

    The same order as ``engine.dois.tokens_of``, for games (and stand-ins) without ``extra_tokens`` too.
    """
    s = game.s
    out = [s.number[h]] if s.number[h] else []
    extra = getattr(s, "extra_tokens", None)
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


def token_centres(layout: BoardLayout, game: Any, h: int) -> list[Point]:
    """The screen centre of each token's disc on hex ``h``, in tokens_of order (empty: no token)."""
    count = len(tokens_on(game, h))
    if not count:
        return []
    cx, cy = layout.hex_center(h)
    size = layout.size
    return [(cx + dx * size, cy + dy * size) for dx, dy in _token_layout(count)[1]]


def token_at(layout: BoardLayout, game: Any, x: float, y: float) -> tuple[int, int] | None:
    """The (hex, slot) whose drawn token disc contains screen point (x, y), or None."""
    h = layout.hex_at(x, y)
    if h is None:
        return None
    centres = token_centres(layout, game, h)
    r = token_diameter(layout, len(centres)) * TOKEN_DISC / 2
    best: tuple[int, int] | None = None
    best_d2 = r * r
    for slot, (tx, ty) in enumerate(centres):
        d2 = (tx - x) ** 2 + (ty - y) ** 2
        if d2 <= best_d2:
            best, best_d2 = (h, slot), d2
    return best


def robber_slot(game: Any) -> int:
    """The token the robber blocks on its hex (0 for games where it sits on the whole hex)."""
    return max(0, getattr(game.s, "robber_slot", 0))


def is_unproductive(game: Any, h: int) -> bool:
    """A producing terrain with no number token left: it yields nothing (Catan a Dois, D-1.6)."""
    terrain = game.s.terrain[h]
    rules = getattr(game, "rules", None)  # a stand-in game without rules: only the desert is barren
    barren = rules.terrain_resource.get(terrain) is None if rules is not None else terrain == "desert"
    return not barren and not tokens_on(game, h)


class BoardRenderer:
    """Draws a game's board with a cached static layer; see ``draw``."""

    def __init__(self, assets: Assets) -> None:
        self.assets = assets
        self.static_builds = 0  # how many times the static layer was (re)built, for tests and profiling
        self._static: pygame.Surface | None = None
        self._static_key: tuple[Any, ...] | None = None
        self._sprites: dict[tuple[Any, ...], pygame.Surface] = {}
        self._sprites_size = 0.0  # the hex size the generated sprites were made for

    # ---------------------------------------------------------------------------------------- drawing

    def draw(
        self,
        surface: pygame.Surface,
        game: Any,
        layout: BoardLayout,
        colours: list[str],
        *,
        highlight: Highlight | None = None,
        hover: Hover | None = None,
        show_emblems: bool = False,
        robber_hex: int | None = None,
        hidden_hex_numbers: bool = False,
    ) -> None:
        """Draw ``game``'s board onto ``surface`` (all of it: the sea fills the surface).

        Order: the cached static layer (sea, island, tiles, harbours, tokens), the veil on the robber's
        token, legal-hex outlines (under the pieces, so they never hide a road), roads, buildings (top
        to bottom, emblems on them), the robber, legal-node rings and legal-edge bars, the hover ghost.

        ``colours`` names each seat's colour (palette.CLASSIC or COLOUR_BLIND); ``robber_hex`` draws the
        robber somewhere other than ``game.s.robber`` (on that hex's first token); ``hidden_hex_numbers``
        leaves the tokens off. Where the robber sits on one token of several (``game.s.robber_slot``),
        it stands beside that token and only that token is veiled.
        Raises ValueError when ``colours`` has fewer entries than the game has players, AssetError when
        a sprite is missing.
        """
        s = game.s
        topo = game.topo
        if len(colours) < s.players:
            raise ValueError(f"need a colour per seat: {s.players} players, {len(colours)} colours")
        size = layout.size
        if size != self._sprites_size:  # a new size (a resized window): drop the sprites made for the old one
            self._sprites.clear()
            self._sprites_size = size
        key = (
            surface.get_size(),
            layout.rect,
            size,
            topo.hex_axial,
            tuple(s.terrain),
            tuple(s.number),
            tuple(tuple(x) for x in getattr(s, "extra_tokens", None) or ()),
            tuple(s.harbours),
            hidden_hex_numbers,
        )
        if self._static is None or key != self._static_key:
            self._static = self._build_static(surface.get_size(), game, layout, hidden_hex_numbers)
            self._static_key = key
        surface.blit(self._static, (0, 0))

        robber = s.robber if robber_hex is None else robber_hex
        slot = robber_slot(game) if robber == s.robber else 0
        if 0 <= robber < topo.num_hexes and not hidden_hex_numbers:
            tokens = tokens_on(game, robber)
            if 0 <= slot < len(tokens):
                tx, ty = token_centres(layout, game, robber)[slot]
                dim = self._dim_token(tokens[slot], token_diameter(layout, len(tokens)))
                self._blit_centred(surface, dim, (tx, ty + TOKEN_DY))

        if highlight is not None and highlight.hexes:
            self._draw_hex_highlight(surface, layout, highlight)  # under the pieces: never hide a road
        if highlight is not None and highlight.tokens:
            self._draw_token_highlight(surface, layout, game, highlight)

        for e, owner in enumerate(s.edge_owner):
            if owner >= 0:
                spr = self._road(colours[owner], layout.edge_angle(e), size)
                self._blit_centred(surface, spr, layout.edge_mid(e))

        # nodes are numbered top to bottom, so nearer pieces overlap farther ones
        for n, owner in enumerate(s.node_owner):
            if owner >= 0:
                self._draw_building(surface, layout, n, colours[owner], s.node_level[n], size)
                if show_emblems and owner < EMBLEMS:
                    self._draw_emblem(surface, layout, n, owner, s.node_level[n], size)

        if 0 <= robber < topo.num_hexes:
            self._draw_robber(surface, layout, robber, slot, game, hidden_hex_numbers, ghost=False)

        if highlight is not None:
            self._draw_highlight(surface, layout, s, highlight)
        if hover is not None:
            self._draw_hover(surface, layout, game, hover, hidden_hex_numbers)

    def _blit_centred(self, surface: pygame.Surface, sprite: pygame.Surface, at: Point) -> None:
        w, h = sprite.get_size()
        surface.blit(sprite, (round(at[0] - w / 2), round(at[1] - h / 2)))

    def _draw_building(
        self,
        surface: pygame.Surface,
        layout: BoardLayout,
        n: int,
        colour: str,
        level: int,
        size: float,
        ghost: bool = False,
    ) -> None:
        x, y = layout.node_pos(n)
        if level >= 2:
            name, side, lift = f"pieces/city_{colour}", CITY, CITY_LIFT
        else:
            name, side, lift = f"pieces/settlement_{colour}", SETTLEMENT, SETTLEMENT_LIFT
        px = max(4, round(side * size))
        spr = self._ghost(name, (px, px)) if ghost else self.assets.scaled(name, (px, px))
        self._blit_centred(surface, spr, (x, y - lift * size))

    def _draw_emblem(
        self, surface: pygame.Surface, layout: BoardLayout, n: int, seat: int, level: int, size: float
    ) -> None:
        x, y = layout.node_pos(n)
        px = max(4, round(EMBLEM * size))
        spr = self.assets.scaled(emblem(seat), (px, px))
        # on the front wall of the building (the tall one of a city)
        dx, dy = (-0.165, -0.10) if level >= 2 else (-0.085, -0.03)
        self._blit_centred(surface, spr, (x + dx * size, y + dy * size))

    def _robber_spot(self, layout: BoardLayout, h: int, slot: int, game: Any, hidden: bool) -> Point:
        """Where the robber's feet go on hex ``h``: beside token ``slot``, or centred on a hex without one."""
        cx, cy = layout.hex_center(h)
        count = len(tokens_on(game, h))
        if count and not hidden:
            feet = _token_layout(count)[2]
            dx, dy = feet[min(max(slot, 0), count - 1)]
            return (cx + dx * layout.size, cy + dy * layout.size)
        return (cx, cy + 0.36 * layout.size)

    def _draw_robber(
        self,
        surface: pygame.Surface,
        layout: BoardLayout,
        h: int,
        slot: int,
        game: Any,
        hidden: bool,
        ghost: bool,
    ) -> None:
        small = len(tokens_on(game, h)) > 1 and not hidden
        w = max(4, round((ROBBER_W_SMALL if small else ROBBER_W) * layout.size))
        hgt = round(w * 108 / 72)
        spr = self._robber_ghost((w, hgt)) if ghost else self.assets.scaled("robber", (w, hgt))
        fx, fy = self._robber_spot(layout, h, slot, game, hidden)
        # the sprite's feet (with their shadow) are ~4% above its bottom edge; a ghost has a halo around it
        pw, ph = spr.get_size()
        surface.blit(spr, (round(fx - pw / 2), round(fy - hgt * 0.96 - (ph - hgt) / 2)))

    def _draw_hex_highlight(self, surface: pygame.Surface, layout: BoardLayout, hl: Highlight) -> None:
        for h in sorted(hl.hexes):
            if 0 <= h < layout.topo.num_hexes:
                self._blit_centred(surface, self._hex_glow(layout.size), layout.hex_center(h))

    def _draw_token_highlight(
        self, surface: pygame.Surface, layout: BoardLayout, game: Any, hl: Highlight
    ) -> None:
        for h, slot in sorted(hl.tokens):
            if not 0 <= h < layout.topo.num_hexes:
                continue
            centres = token_centres(layout, game, h)
            if 0 <= slot < len(centres):
                td = token_diameter(layout, len(centres))
                self._blit_centred(surface, self._token_ring(td, layout.size), centres[slot])

    def _draw_highlight(self, surface: pygame.Surface, layout: BoardLayout, s: Any, hl: Highlight) -> None:
        size = layout.size
        for e in sorted(hl.edges):
            if 0 <= e < layout.topo.num_edges:
                self._blit_centred(surface, self._edge_bar(layout.edge_angle(e), size), layout.edge_mid(e))
        for n in sorted(hl.nodes):
            if 0 <= n < layout.topo.num_nodes:
                big = s.node_owner[n] >= 0
                x, y = layout.node_pos(n)
                lift = (SETTLEMENT_LIFT * 0.6 if big else 0.0) * size
                self._blit_centred(surface, self._ring(size, big), (x, y - lift))

    def _draw_hover(
        self, surface: pygame.Surface, layout: BoardLayout, game: Any, hover: Hover, hidden: bool
    ) -> None:
        s = game.s
        size = layout.size
        topo = layout.topo
        if hover.kind == "node" and 0 <= hover.index < topo.num_nodes:
            level = 2 if s.node_owner[hover.index] >= 0 else 1
            self._draw_building(surface, layout, hover.index, hover.colour, level, size, ghost=True)
        elif hover.kind == "edge" and 0 <= hover.index < topo.num_edges:
            spr = self._road(hover.colour, layout.edge_angle(hover.index), size, ghost=True)
            self._blit_centred(surface, spr, layout.edge_mid(hover.index))
        elif hover.kind == "hex" and 0 <= hover.index < topo.num_hexes:
            self._draw_robber(surface, layout, hover.index, 0, game, hidden, ghost=True)
        elif hover.kind == "token" and 0 <= hover.index < topo.num_hexes:
            self._draw_robber(surface, layout, hover.index, hover.slot, game, hidden, ghost=True)

    # ------------------------------------------------------------------------------------ static layer

    def _build_static(
        self, surf_size: tuple[int, int], game: Any, layout: BoardLayout, hidden: bool
    ) -> pygame.Surface:
        """Sea, island, terrain, harbours and tokens, drawn once per board layout."""
        self.static_builds += 1
        s, topo, size = game.s, game.topo, layout.size
        screen = pygame.display.get_surface()
        # the display's pixel format, so the per-frame blit of this layer is a plain copy
        base = pygame.Surface(surf_size, 0, screen) if screen is not None else pygame.Surface(surf_size)

        sea = self.assets.image("sea")
        sw, sh = sea.get_size()
        for yy in range(0, surf_size[1], sh):
            for xx in range(0, surf_size[0], sw):
                base.blit(sea, (xx, yy))

        self._draw_island(base, layout)

        tw = max(2, round(TILE_W * size / TILE_SIZE))
        th = max(2, round(TILE_H * size / TILE_SIZE))
        for h in range(topo.num_hexes):
            terrain = s.terrain[h]
            try:
                tile = self.assets.scaled(f"terrain/{terrain}", (tw, th))
            except AssetError:
                pygame.draw.polygon(base, (150, 150, 140), layout.hex_polygon(h))  # a terrain with no art yet
                continue
            self._blit_centred(base, tile, layout.hex_center(h))
            if is_unproductive(game, h):
                self._blit_centred(base, self._fallow(terrain, (tw, th)), layout.hex_center(h))

        for e, kind in s.harbours:
            self._draw_harbour(base, layout, e, kind)

        if not hidden:
            for h in range(topo.num_hexes):
                tokens = tokens_on(game, h)
                td = token_diameter(layout, len(tokens))
                for num, (tx, ty) in zip(tokens, token_centres(layout, game, h), strict=True):
                    token = self.assets.scaled(f"tokens/{num}", (td, td))
                    self._blit_centred(base, token, (tx, ty + TOKEN_DY))
        return base

    def _draw_island(self, base: pygame.Surface, layout: BoardLayout) -> None:
        """A sandy coast with shallow water and a soft shadow under the hexes, so the island reads as land."""
        size = layout.size
        topo = layout.topo
        xs = [p[0] for p in (layout.node_pos(n) for n in range(topo.num_nodes))]
        ys = [p[1] for p in (layout.node_pos(n) for n in range(topo.num_nodes))]
        pad = 0.9 * size
        x0, y0 = math.floor(min(xs) - pad), math.floor(min(ys) - pad)
        w, h = math.ceil(max(xs) + pad) - x0, math.ceil(max(ys) + pad) - y0
        k = 0.25  # build the masks at quarter resolution: blurred anyway, and much faster

        def mask(grow: float, blur: float) -> pygame.Surface:
            small = pygame.Surface(small_size, pygame.SRCALPHA)
            small.fill((255, 255, 255, 0))
            r = (1 + grow) * size * k
            for hx in range(topo.num_hexes):
                cx, cy = layout.hex_center(hx)
                cx, cy = (cx - x0) * k, (cy - y0) * k
                pts = [
                    (cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
                    for a in (-90, -30, 30, 90, 150, 210)
                ]
                pygame.draw.polygon(small, (255, 255, 255, 255), pts)
            radius = max(1, round(0.7 * blur * size * k))  # two box blurs: a near-Gaussian at constant cost
            return pygame.transform.box_blur(pygame.transform.box_blur(small, radius), radius)

        def sharpen(m: pygame.Surface, cut: int, doublings: int) -> pygame.Surface:
            # alpha levels: (a - cut) * 2**doublings, clamped, to turn a blur into a rounded, crisp edge
            m = m.copy()
            m.fill((0, 0, 0, cut), special_flags=pygame.BLEND_RGBA_SUB)
            for _ in range(doublings):
                m.blit(m.copy(), (0, 0), special_flags=pygame.BLEND_RGBA_ADD)
            return m

        def paint(m: pygame.Surface, rgb: tuple[int, int, int], alpha: int, dy: int = 0) -> None:
            m = m.copy()
            m.fill((*rgb, alpha), special_flags=pygame.BLEND_RGBA_MULT)
            base.blit(pygame.transform.smoothscale(m, (w, h)), (x0, y0 + dy))

        # masks are built, blurred and levelled at low resolution; the smooth upscale keeps the coast soft
        small_size = (max(1, round(w * k)), max(1, round(h * k)))
        paint(sharpen(mask(0.42, 0.16), 90, 2), SHALLOWS, 70)
        coast = mask(0.2, 0.1)
        paint(coast, ISLAND_SHADOW, 110, round(0.07 * size))
        paint(sharpen(coast, 110, 2), SAND, 255)

    def _draw_harbour(self, base: pygame.Surface, layout: BoardLayout, e: int, kind: str) -> None:
        """Two wooden piers from the badge to the harbour's two nodes, then the badge."""
        size = layout.size
        ax, ay = layout.harbour_anchor(e)
        ends = []
        for n in layout.topo.edge_nodes[e]:
            nx, ny = layout.node_pos(n)
            d = math.hypot(nx - ax, ny - ay) or 1.0
            stop = 0.06 * size  # stop just short of the corner, where a settlement would stand
            ends.append((nx - (nx - ax) / d * stop, ny - (ny - ay) / d * stop))
        xs = [ax] + [p[0] for p in ends]
        ys = [ay] + [p[1] for p in ends]
        pad = 0.2 * size
        x0, y0 = math.floor(min(xs) - pad), math.floor(min(ys) - pad)
        w, h = math.ceil(max(xs) + pad) - x0, math.ceil(max(ys) + pad) - y0
        layer = pygame.Surface((w * _SS, h * _SS), pygame.SRCALPHA)

        def loc(p: Point) -> Point:
            return ((p[0] - x0) * _SS, (p[1] - y0) * _SS)

        width = 0.13 * size * _SS
        for end in ends:
            a, b = loc((ax, ay)), loc(end)
            shadow_off = 0.05 * size * _SS
            shadow = _quad((a[0], a[1] + shadow_off), (b[0], b[1] + shadow_off), width)
            pygame.draw.polygon(layer, (*ISLAND_SHADOW, 90), shadow)
            pygame.draw.polygon(layer, (*PIER_DARK, 255), _quad(a, b, width))
            pygame.draw.polygon(layer, (*PIER_WOOD, 255), _quad(a, b, width - 0.035 * size * _SS))
            # cross boards along the pier
            length = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
            ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
            step = 0.085 * size * _SS
            half = (width - 0.035 * size * _SS) / 2
            t = step
            lw = max(1, round(0.012 * size * _SS))
            while t < length:
                cx, cy = a[0] + ux * t, a[1] + uy * t
                pygame.draw.line(
                    layer, PIER_LINE, (cx - uy * half, cy + ux * half), (cx + uy * half, cy - ux * half), lw
                )
                t += step
        layer = pygame.transform.smoothscale(layer, (w, h))
        base.blit(layer, (x0, y0))
        bd = max(4, round(BADGE * size))
        name = f"harbours/{kind}"
        try:
            badge = self.assets.scaled(name, (bd, bd))
        except AssetError:
            badge = self.assets.scaled("harbours/generic", (bd, bd))
        self._blit_centred(base, badge, (ax, ay))

    # ---------------------------------------------------------------------------------- cached sprites

    def _finish(self, surf: pygame.Surface) -> pygame.Surface:
        return surf.convert_alpha() if pygame.display.get_surface() is not None else surf

    def _road(self, colour: str, angle: float, size: float, ghost: bool = False) -> pygame.Surface:
        """The road sprite in ``colour`` rotated to ``angle`` degrees (clockwise on screen), cached."""
        length = max(4, round(ROAD_LEN * size))
        key = ("road", colour, round(angle) % 180, length, ghost)
        spr = self._sprites.get(key)
        if spr is None:
            # rotate and scale the full-size sprite in one filtered pass: crisper than rotating a small copy
            big = self.assets.image(f"pieces/road_{colour}")
            spr = pygame.transform.rotozoom(big, -round(angle), length / big.get_width())
            if ghost:
                spr = _faded(spr, GHOST_ALPHA)
            spr = self._sprites[key] = self._finish(spr)
        return spr

    def _ghost(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        """A translucent copy of a scaled sprite, for hover previews."""
        key = ("ghost", name, size)
        spr = self._sprites.get(key)
        if spr is None:
            spr = self._sprites[key] = self._finish(_faded(self.assets.scaled(name, size), GHOST_ALPHA))
        return spr

    def _robber_ghost(self, size: tuple[int, int]) -> pygame.Surface:
        """A translucent robber with a pale halo, so the preview shows on dark forest too."""
        key = ("robber_ghost", size)
        spr = self._sprites.get(key)
        if spr is None:
            w, h = size
            pad = max(2, round(0.12 * w))
            out = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
            halo = pygame.Surface(out.get_size(), pygame.SRCALPHA)
            halo.blit(self.assets.scaled("robber", size), (pad, pad))
            halo.fill((255, 246, 214, 255), special_flags=pygame.BLEND_RGB_MAX)  # white silhouette
            halo = pygame.transform.gaussian_blur(_faded(halo, 200), max(1, pad // 2))
            out.blit(halo, (0, 0))
            out.blit(_faded(self.assets.scaled("robber", size), 190), (pad, pad))
            spr = self._sprites[key] = self._finish(out)
        return spr

    def _fallow(self, terrain: str, size: tuple[int, int]) -> pygame.Surface:
        """A warm-grey, hex-shaped veil that drains an unproductive tile's colour (D-1.6)."""
        key = ("fallow", terrain, size)
        spr = self._sprites.get(key)
        if spr is None:
            # grey, then squeezed into a pale band: bleached and flat, so it reads on grey mountains too
            spr = pygame.transform.grayscale(self.assets.scaled(f"terrain/{terrain}", size))
            spr.fill((*FALLOW_KEEP, 255), special_flags=pygame.BLEND_RGBA_MULT)
            spr.fill((*FALLOW_TINT, 0), special_flags=pygame.BLEND_RGB_ADD)
            spr.fill((255, 255, 255, FALLOW_ALPHA), special_flags=pygame.BLEND_RGBA_MULT)
            spr = self._sprites[key] = self._finish(spr)
        return spr

    def _dim_token(self, number: int, td: int) -> pygame.Surface:
        """A dark, token-shaped veil laid over the robber's token (``td``: the token's size in px)."""
        key = ("dim", number, td)
        spr = self._sprites.get(key)
        if spr is None:
            spr = self.assets.scaled(f"tokens/{number}", (td, td)).copy()
            spr.fill((40, 40, 48, 150), special_flags=pygame.BLEND_RGBA_MULT)
            spr = self._sprites[key] = self._finish(spr)
        return spr

    def _ring(self, size: float, big: bool) -> pygame.Surface:
        """A soft glowing ring marking a legal node (bigger around an existing settlement)."""
        key = ("ring", round(size * 4), big)
        spr = self._sprites.get(key)
        if spr is None:
            spr = self._sprites[key] = self._finish(_glow_ring((0.30 if big else 0.19) * size, size, 60))
        return spr

    def _token_ring(self, td: int, size: float) -> pygame.Surface:
        """The same glowing ring hugging a token of ``td`` px: a token the robber may move to."""
        key = ("token_ring", td, round(size * 4))
        spr = self._sprites.get(key)
        if spr is None:
            r = td * TOKEN_DISC / 2 + 0.065 * size  # a gap of terrain between disc and ring: it reads
            spr = self._sprites[key] = self._finish(_glow_ring(r, size, 0))
        return spr

    def _edge_bar(self, angle: float, size: float) -> pygame.Surface:
        """A light translucent bar marking a legal edge."""
        key = ("bar", round(angle) % 180, round(size * 4))
        spr = self._sprites.get(key)
        if spr is None:
            length, thick = 0.56 * size, 0.13 * size
            pad = 0.08 * size
            w, h = math.ceil(length + 2 * pad), math.ceil(thick + 2 * pad)
            big_s = pygame.Surface((w * _SS, h * _SS), pygame.SRCALPHA)
            rect = pygame.Rect(0, 0, round(length * _SS), round(thick * _SS))
            rect.center = (w * _SS // 2, h * _SS // 2)
            glow = pygame.Surface(big_s.get_size(), pygame.SRCALPHA)
            pygame.draw.rect(glow, (*GLOW, 190), rect.inflate(pad * _SS, pad * _SS), border_radius=rect.h)
            glow = pygame.transform.gaussian_blur(glow, max(1, round(0.04 * size * _SS)))
            big_s.blit(glow, (0, 0))
            pygame.draw.rect(
                big_s,
                (60, 40, 20, 170),
                rect.inflate(0.03 * size * _SS, 0.03 * size * _SS),
                border_radius=rect.h,
            )
            pygame.draw.rect(big_s, (*RING, 225), rect, border_radius=rect.h)
            flat = pygame.transform.smoothscale(big_s, (w, h))
            spr = self._sprites[key] = self._finish(pygame.transform.rotozoom(flat, -round(angle), 1.0))
        return spr

    def _hex_glow(self, size: float) -> pygame.Surface:
        """A bright outline with a soft glow marking a legal hex."""
        key = ("hexglow", round(size * 4))
        spr = self._sprites.get(key)
        if spr is None:
            pad = 0.15 * size
            w = math.ceil(math.sqrt(3) * size + 2 * pad)
            h = math.ceil(2 * size + 2 * pad)
            big_s = pygame.Surface((w * _SS, h * _SS), pygame.SRCALPHA)
            c = (w * _SS / 2, h * _SS / 2)

            def pts(r: float) -> list[Point]:
                return [
                    (c[0] + r * math.cos(math.radians(a)), c[1] + r * math.sin(math.radians(a)))
                    for a in (-90, -30, 30, 90, 150, 210)
                ]

            r = 0.88 * size * _SS  # inset: the glow stays off the paths around the hex
            glow = pygame.Surface(big_s.get_size(), pygame.SRCALPHA)
            pygame.draw.polygon(glow, (*GLOW, 220), pts(r), max(1, round(0.12 * size * _SS)))
            glow = pygame.transform.gaussian_blur(glow, max(1, round(0.05 * size * _SS)))
            big_s.blit(glow, (0, 0))
            pygame.draw.polygon(big_s, (255, 250, 215, 255), pts(r), max(1, round(0.04 * size * _SS)))
            spr = self._sprites[key] = self._finish(pygame.transform.smoothscale(big_s, (w, h)))
        return spr


def _quad(a: Point, b: Point, width: float) -> list[Point]:
    """The four corners of a bar of ``width`` from a to b."""
    length = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
    nx, ny = -(b[1] - a[1]) / length * width / 2, (b[0] - a[0]) / length * width / 2
    return [(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny), (b[0] - nx, b[1] - ny), (a[0] - nx, a[1] - ny)]


def _glow_ring(r: float, size: float, fill_alpha: int) -> pygame.Surface:
    """A pale ring of radius ``r`` px with a dark edge and a soft golden glow; a faint fill inside."""
    dim = math.ceil(2 * (r + 0.16 * size)) + 2
    big_s = pygame.Surface((dim * _SS, dim * _SS), pygame.SRCALPHA)
    c = dim * _SS / 2
    glow = pygame.Surface(big_s.get_size(), pygame.SRCALPHA)
    pygame.draw.circle(glow, (*GLOW, 170), (c, c), (r + 0.06 * size) * _SS, round(0.12 * size * _SS))
    glow = pygame.transform.gaussian_blur(glow, max(1, round(0.06 * size * _SS)))
    big_s.blit(glow, (0, 0))
    if fill_alpha:
        pygame.draw.circle(big_s, (*RING, fill_alpha), (c, c), r * _SS)  # a faint fill: the spot itself
    pygame.draw.circle(
        big_s, (60, 40, 20, 170), (c, c), (r + 0.012 * size) * _SS, max(1, round(0.055 * size * _SS))
    )
    pygame.draw.circle(big_s, (*RING, 245), (c, c), r * _SS, max(1, round(0.035 * size * _SS)))
    return pygame.transform.smoothscale(big_s, (dim, dim))


def _faded(surf: pygame.Surface, alpha: int) -> pygame.Surface:
    """A copy of ``surf`` with its per-pixel alpha scaled by alpha/255."""
    out = surf.copy()
    out.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    return out
