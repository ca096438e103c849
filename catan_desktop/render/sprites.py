"""The board's sprites made in code or derived from the art, cached per hex size (sizes in hex radii).

Roads rotated to their edge, translucent ghosts for the hover preview, the veils of an unproductive tile
and of the robber's token, and the glowing marks of legal spots (rings, bars, hex outlines). Each is made
once per key and kept until the hex size changes (a resized window: ``fit``). Code-drawn shapes are drawn
at ``SS`` times the size and scaled down, for smooth edges.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from .assets import Assets
from .layout import Point
from .tokens import TOKEN_DISC

ROAD_LEN = 0.74  # road length (the edge is 1.0 long; the rest is left for the buildings at its ends)
GHOST_ALPHA = 150
GLOW = (255, 236, 160)
RING = (255, 250, 225)
FALLOW_KEEP = (140, 140, 140)  # an unproductive tile keeps this much (of 255) of its grey texture...
FALLOW_TINT = (116, 106, 90)  # ...lifted by this warm grey: a bleached, dusty look
FALLOW_ALPHA = 235  # how much the veil covers the tile's own colours (of 255)

SS = 3  # supersampling for code-drawn sprites


def blit_centred(surface: pygame.Surface, sprite: pygame.Surface, at: Point) -> None:
    """Blit ``sprite`` onto ``surface`` with its centre at ``at`` (rounded to whole pixels)."""
    w, h = sprite.get_size()
    surface.blit(sprite, (round(at[0] - w / 2), round(at[1] - h / 2)))


class SpriteCache:
    """Sprites by key for one hex size; ``fit(size)`` drops them when the size changes."""

    def __init__(self, assets: Assets) -> None:
        self.assets = assets
        self._sprites: dict[tuple[Any, ...], pygame.Surface] = {}
        self._size = 0.0  # the hex size the sprites were made for

    def fit(self, size: float) -> None:
        """Make ready for hex radius ``size``: a new size (a resized window) drops the sprites made before."""
        if size != self._size:
            self._sprites.clear()
            self._size = size

    def get(self, key: tuple[Any, ...]) -> pygame.Surface | None:
        return self._sprites.get(key)

    def put(self, key: tuple[Any, ...], surf: pygame.Surface) -> pygame.Surface:
        """Keep ``surf`` under ``key`` (in the display's format when there is a display); return it."""
        spr = self._sprites[key] = surf.convert_alpha() if pygame.display.get_surface() is not None else surf
        return spr

    # ------------------------------------------------------------------------------ pieces and veils

    def road(
        self, colour: str, angle: float, size: float, ghost: bool = False, stretch: float = 1.0
    ) -> pygame.Surface:
        """The road sprite in ``colour`` rotated to ``angle`` degrees (clockwise on screen), cached.

        ``stretch`` lengthens it (not thickens it) for a map path longer than a hex side.
        """
        length = max(4, round(ROAD_LEN * size * stretch))
        key = ("road", colour, round(angle) % 180, length, ghost)
        spr = self.get(key)
        if spr is None and abs(stretch - 1.0) > 0.01:
            big = self.assets.image(f"pieces/road_{colour}")
            thick = max(2, round(big.get_height() * ROAD_LEN * size / big.get_width()))
            spr = pygame.transform.rotozoom(
                pygame.transform.smoothscale(big, (length, thick)), -round(angle), 1
            )
            if ghost:
                spr = faded(spr, GHOST_ALPHA)
            spr = self.put(key, spr)
        if spr is None:
            # rotate and scale the full-size sprite in one filtered pass: crisper than rotating a small copy
            big = self.assets.image(f"pieces/road_{colour}")
            spr = pygame.transform.rotozoom(big, -round(angle), length / big.get_width())
            if ghost:
                spr = faded(spr, GHOST_ALPHA)
            spr = self.put(key, spr)
        return spr

    def ghost(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        """A translucent copy of a scaled sprite, for hover previews."""
        key = ("ghost", name, size)
        spr = self.get(key)
        if spr is None:
            spr = self.put(key, faded(self.assets.scaled(name, size), GHOST_ALPHA))
        return spr

    def robber_ghost(self, size: tuple[int, int]) -> pygame.Surface:
        """A translucent robber with a pale halo, so the preview shows on dark forest too."""
        key = ("robber_ghost", size)
        spr = self.get(key)
        if spr is None:
            w, h = size
            pad = max(2, round(0.12 * w))
            out = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
            halo = pygame.Surface(out.get_size(), pygame.SRCALPHA)
            halo.blit(self.assets.scaled("robber", size), (pad, pad))
            halo.fill((255, 246, 214, 255), special_flags=pygame.BLEND_RGB_MAX)  # white silhouette
            halo = pygame.transform.gaussian_blur(faded(halo, 200), max(1, pad // 2))
            out.blit(halo, (0, 0))
            out.blit(faded(self.assets.scaled("robber", size), 190), (pad, pad))
            spr = self.put(key, out)
        return spr

    def fallow(self, terrain: str, size: tuple[int, int]) -> pygame.Surface:
        """A warm-grey, hex-shaped veil that drains an unproductive tile's colour (D-1.6)."""
        key = ("fallow", terrain, size)
        spr = self.get(key)
        if spr is None:
            # grey, then squeezed into a pale band: bleached and flat, so it reads on grey mountains too
            spr = pygame.transform.grayscale(self.assets.scaled(f"terrain/{terrain}", size))
            spr.fill((*FALLOW_KEEP, 255), special_flags=pygame.BLEND_RGBA_MULT)
            spr.fill((*FALLOW_TINT, 0), special_flags=pygame.BLEND_RGB_ADD)
            spr.fill((255, 255, 255, FALLOW_ALPHA), special_flags=pygame.BLEND_RGBA_MULT)
            spr = self.put(key, spr)
        return spr

    def dim_token(self, number: int, td: int) -> pygame.Surface:
        """A dark, token-shaped veil laid over the robber's token (``td``: the token's size in px)."""
        key = ("dim", number, td)
        spr = self.get(key)
        if spr is None:
            spr = self.assets.scaled(f"tokens/{number}", (td, td)).copy()
            spr.fill((40, 40, 48, 150), special_flags=pygame.BLEND_RGBA_MULT)
            spr = self.put(key, spr)
        return spr

    # ---------------------------------------------------------------------------------- legal spots

    def ring(self, size: float, big: bool) -> pygame.Surface:
        """A soft glowing ring marking a legal node (bigger around an existing settlement)."""
        key = ("ring", round(size * 4), big)
        spr = self.get(key)
        if spr is None:
            # issue 12: legal spots easy to see at a glance (were 0.19 of a hex radius with a faint glow)
            spr = self.put(key, glow_ring((0.30 if big else 0.23) * size, size, 90))
        return spr

    def token_ring(self, td: int, size: float) -> pygame.Surface:
        """The same glowing ring hugging a token of ``td`` px: a token the robber may move to."""
        key = ("token_ring", td, round(size * 4))
        spr = self.get(key)
        if spr is None:
            r = td * TOKEN_DISC / 2 + 0.065 * size  # a gap of terrain between disc and ring: it reads
            spr = self.put(key, glow_ring(r, size, 0))
        return spr

    def edge_bar(self, angle: float, size: float) -> pygame.Surface:
        """A light translucent bar marking a legal edge."""
        key = ("bar", round(angle) % 180, round(size * 4))
        spr = self.get(key)
        if spr is None:
            length, thick = 0.56 * size, 0.13 * size
            pad = 0.08 * size
            w, h = math.ceil(length + 2 * pad), math.ceil(thick + 2 * pad)
            big_s = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
            rect = pygame.Rect(0, 0, round(length * SS), round(thick * SS))
            rect.center = (w * SS // 2, h * SS // 2)
            glow = pygame.Surface(big_s.get_size(), pygame.SRCALPHA)
            pygame.draw.rect(glow, (*GLOW, 190), rect.inflate(pad * SS, pad * SS), border_radius=rect.h)
            glow = pygame.transform.gaussian_blur(glow, max(1, round(0.04 * size * SS)))
            big_s.blit(glow, (0, 0))
            pygame.draw.rect(
                big_s,
                (60, 40, 20, 170),
                rect.inflate(0.03 * size * SS, 0.03 * size * SS),
                border_radius=rect.h,
            )
            pygame.draw.rect(big_s, (*RING, 225), rect, border_radius=rect.h)
            flat = pygame.transform.smoothscale(big_s, (w, h))
            spr = self.put(key, pygame.transform.rotozoom(flat, -round(angle), 1.0))
        return spr

    def hex_glow(self, size: float) -> pygame.Surface:
        """A bright outline with a soft glow marking a legal hex."""
        key = ("hexglow", round(size * 4))
        spr = self.get(key)
        if spr is None:
            pad = 0.15 * size
            w = math.ceil(math.sqrt(3) * size + 2 * pad)
            h = math.ceil(2 * size + 2 * pad)
            big_s = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
            c = (w * SS / 2, h * SS / 2)

            def pts(r: float) -> list[Point]:
                return [
                    (c[0] + r * math.cos(math.radians(a)), c[1] + r * math.sin(math.radians(a)))
                    for a in (-90, -30, 30, 90, 150, 210)
                ]

            r = 0.88 * size * SS  # inset: the glow stays off the paths around the hex
            glow = pygame.Surface(big_s.get_size(), pygame.SRCALPHA)
            pygame.draw.polygon(glow, (*GLOW, 220), pts(r), max(1, round(0.12 * size * SS)))
            glow = pygame.transform.gaussian_blur(glow, max(1, round(0.05 * size * SS)))
            big_s.blit(glow, (0, 0))
            pygame.draw.polygon(big_s, (255, 250, 215, 255), pts(r), max(1, round(0.04 * size * SS)))
            spr = self.put(key, pygame.transform.smoothscale(big_s, (w, h)))
        return spr


def glow_ring(r: float, size: float, fill_alpha: int) -> pygame.Surface:
    """A pale ring of radius ``r`` px with a dark edge and a soft golden glow; a faint fill inside."""
    dim = math.ceil(2 * (r + 0.2 * size)) + 2
    big_s = pygame.Surface((dim * SS, dim * SS), pygame.SRCALPHA)
    c = dim * SS / 2
    glow = pygame.Surface(big_s.get_size(), pygame.SRCALPHA)
    pygame.draw.circle(glow, (*GLOW, 230), (c, c), (r + 0.07 * size) * SS, round(0.15 * size * SS))
    glow = pygame.transform.gaussian_blur(glow, max(1, round(0.06 * size * SS)))
    big_s.blit(glow, (0, 0))
    if fill_alpha:
        pygame.draw.circle(big_s, (*RING, fill_alpha), (c, c), r * SS)  # a faint fill: the spot itself
    pygame.draw.circle(
        big_s, (60, 40, 20, 170), (c, c), (r + 0.012 * size) * SS, max(1, round(0.055 * size * SS))
    )
    pygame.draw.circle(big_s, (*RING, 245), (c, c), r * SS, max(1, round(0.035 * size * SS)))
    return pygame.transform.smoothscale(big_s, (dim, dim))


def faded(surf: pygame.Surface, alpha: int) -> pygame.Surface:
    """A copy of ``surf`` with its per-pixel alpha scaled by alpha/255."""
    out = surf.copy()
    out.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    return out
