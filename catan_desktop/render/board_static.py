"""The board's static layer: sea, island, terrain, harbours and number tokens (and a map board's paths
and locations), drawn once per board layout into one surface that ``BoardRenderer`` blits each frame.

A producing terrain left without a token is unproductive (D-1.6) and is drawn faded, like the desert's
dry cousin.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from .assets import AssetError
from .board_map import draw_map_locations, draw_map_paths, plain_corners
from .layout import BoardLayout, Point
from .sprites import SS, SpriteCache, blit_centred
from .tokens import TOKEN_DY, board_of, is_unproductive, token_centres, token_diameter, tokens_on

# Sizes in hex radii (layout.size), tuned by eye at 1280x720 .. 2560x1440.
TILE_W, TILE_H, TILE_SIZE = 296, 342, 171  # the terrain sprites' size and the hex radius they are drawn at
BADGE = 0.64  # harbour badge diameter

SAND = (217, 195, 142)
SHALLOWS = (120, 196, 214)
ISLAND_SHADOW = (5, 25, 50)
PIER_DARK = (84, 56, 32)
PIER_WOOD = (176, 132, 82)
PIER_LINE = (120, 84, 50)


def build_static(
    surf_size: tuple[int, int], board: Any, layout: BoardLayout, hidden: bool, sprites: SpriteCache
) -> pygame.Surface:
    """Sea, island, terrain, harbours and tokens (left off when ``hidden``), drawn once per board layout.

    ``board`` is a seat view (``engine.views.SeatView``) or a stand-in with its attributes."""
    s = board_of(board)
    topo, size = s.topo, layout.size
    assets = sprites.assets
    screen = pygame.display.get_surface()
    # the display's pixel format, so the per-frame blit of this layer is a plain copy
    base = pygame.Surface(surf_size, 0, screen) if screen is not None else pygame.Surface(surf_size)

    sea = assets.image("sea")
    sw, sh = sea.get_size()
    for yy in range(0, surf_size[1], sh):
        for xx in range(0, surf_size[0], sw):
            base.blit(sea, (xx, yy))

    _draw_island(base, layout)

    tw = max(2, round(TILE_W * size / TILE_SIZE))
    th = max(2, round(TILE_H * size / TILE_SIZE))
    for h in range(topo.num_hexes):
        terrain = s.terrain[h]
        try:
            tile = assets.scaled(f"terrain/{terrain}", (tw, th))
        except AssetError:
            pygame.draw.polygon(base, (150, 150, 140), layout.hex_polygon(h))  # a terrain with no art yet
            continue
        blit_centred(base, tile, layout.hex_center(h))
        if is_unproductive(s, h):
            blit_centred(base, sprites.fallow(terrain, (tw, th)), layout.hex_center(h))

    if topo.is_map:
        draw_map_paths(base, layout, sprites)

    for e, kind in s.harbours:
        _draw_harbour(base, layout, e, kind, sprites)

    if topo.is_map:
        badges = [(layout.harbour_anchor(e), BADGE * size / 2) for e, _kind in s.harbours]
        draw_map_locations(base, layout, badges, sprites, plain_corners(s))

    if not hidden:
        for h in range(topo.num_hexes):
            tokens = tokens_on(s, h)
            td = token_diameter(layout, len(tokens))
            for num, (tx, ty) in zip(tokens, token_centres(layout, s, h), strict=True):
                token = assets.scaled(f"tokens/{num}", (td, td))
                blit_centred(base, token, (tx, ty + TOKEN_DY))
    return base


def _draw_island(base: pygame.Surface, layout: BoardLayout) -> None:
    """A sandy coast with shallow water and a soft shadow under the hexes, so the island reads as land."""
    size = layout.size
    topo = layout.topo
    xs = [p[0] for p in layout.board_points()]
    ys = [p[1] for p in layout.board_points()]
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


def _draw_harbour(base: pygame.Surface, layout: BoardLayout, e: int, kind: str, sprites: SpriteCache) -> None:
    """Two wooden piers from the badge to the harbour's two nodes, then the badge.

    A map path across the sea has no piers: its badge sits on the path itself.
    """
    size = layout.size
    ax, ay = layout.harbour_anchor(e)
    if not layout.is_side(e):
        blit_centred(base, _badge(sprites, kind, size), (ax, ay))
        return
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
    layer = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)

    def loc(p: Point) -> Point:
        return ((p[0] - x0) * SS, (p[1] - y0) * SS)

    width = 0.13 * size * SS
    for end in ends:
        a, b = loc((ax, ay)), loc(end)
        shadow_off = 0.05 * size * SS
        shadow = _quad((a[0], a[1] + shadow_off), (b[0], b[1] + shadow_off), width)
        pygame.draw.polygon(layer, (*ISLAND_SHADOW, 90), shadow)
        pygame.draw.polygon(layer, (*PIER_DARK, 255), _quad(a, b, width))
        pygame.draw.polygon(layer, (*PIER_WOOD, 255), _quad(a, b, width - 0.035 * size * SS))
        # cross boards along the pier
        length = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        step = 0.085 * size * SS
        half = (width - 0.035 * size * SS) / 2
        t = step
        lw = max(1, round(0.012 * size * SS))
        while t < length:
            cx, cy = a[0] + ux * t, a[1] + uy * t
            pygame.draw.line(
                layer, PIER_LINE, (cx - uy * half, cy + ux * half), (cx + uy * half, cy - ux * half), lw
            )
            t += step
    layer = pygame.transform.smoothscale(layer, (w, h))
    base.blit(layer, (x0, y0))
    blit_centred(base, _badge(sprites, kind, size), (ax, ay))


def _badge(sprites: SpriteCache, kind: str, size: float) -> pygame.Surface:
    """The harbour badge of ``kind`` (the generic one for a kind without art)."""
    bd = max(4, round(BADGE * size))
    try:
        return sprites.assets.scaled(f"harbours/{kind}", (bd, bd))
    except AssetError:
        return sprites.assets.scaled("harbours/generic", (bd, bd))


def _quad(a: Point, b: Point, width: float) -> list[Point]:
    """The four corners of a bar of ``width`` from a to b."""
    length = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
    nx, ny = -(b[1] - a[1]) / length * width / 2, (b[0] - a[0]) / length * width / 2
    return [(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny), (b[0] - nx, b[1] - ny), (a[0] - nx, a[1] - ny)]
