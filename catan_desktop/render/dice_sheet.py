"""The Catan Dice Game's score sheet drawn as a small parchment island map: six terrain hexes ringing a
middle one on a pale sea, the road tree along the hex sides from the start road, numbered settlement and
city spots at the junctions and a knight in each terrain hex with the resource of its swap.

What is printed on the sheet (the island, the empty symbols and their numbers) is drawn once per sheet and
size (``SheetPainter.island``); what a player marked (pieces in their colour, swaps crossed out) and what
the screen lights up (what can be built now, the symbol under the mouse) is drawn over it each frame.
Positions come from ``dice_geometry`` (the rule file's ``layout``).
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import pygame

from .assets import Assets
from .dice_geometry import SheetGeometry, sheet_geometry
from .palette import INK, INK_SOFT, rgb, text_on

PAPER = (250, 244, 228)
SEA = (178, 208, 214)
SEA_DEEP = (150, 188, 200)
HEX_INK = (92, 70, 48)
MIDDLE = (236, 226, 196)
GLOW = (255, 214, 90)
SWAP_GLOW = (110, 200, 255)
USED = (166, 58, 36)
SS = 2  # supersampling of the printed layer
ROAD = 0.58  # the drawn road's length, in hex sides (the rest is room for the buildings at its ends)
THICK = 0.05  # road thickness, in island heights
SIZES = {"settlement": 0.085, "city": 0.10, "knight": 0.054}  # symbol sizes, in island heights
Mapper = Callable[[tuple[float, float]], tuple[float, float]]


@dataclass(frozen=True)
class Spot:
    """Where a structure is drawn on screen: its centre and a radius for the mouse."""

    id: str
    centre: tuple[int, int]
    radius: int


class SheetPainter:
    """Draws dice-game sheets; caches the printed island per sheet and size (STYLE habit 10)."""

    def __init__(self, assets: Assets) -> None:
        self.assets = assets
        self._islands: dict[tuple[str, int, int, bool, bool], pygame.Surface] = {}
        self._geometry: dict[str, SheetGeometry] = {}

    def geometry(self, sheet: Any) -> SheetGeometry:
        geo = self._geometry.get(sheet.name)
        if geo is None:
            geo = self._geometry[sheet.name] = sheet_geometry(sheet)
        return geo

    def island_rect(self, sheet: Any, box: pygame.Rect) -> pygame.Rect:
        """The island's own rectangle inside ``box`` (its aspect kept, centred)."""
        aspect = self.geometry(sheet).aspect
        h = min(box.h, int(box.w / aspect))
        w = int(h * aspect)
        return pygame.Rect(box.centerx - w // 2, box.centery - h // 2, w, h)

    def spots(self, sheet: Any, box: pygame.Rect) -> list[Spot]:
        """Every structure's place on screen for a sheet drawn in ``box``."""
        rect = self.island_rect(sheet, box)
        geo = self.geometry(sheet)
        at = _mapper(rect, geo)
        unit = _unit(rect, geo)
        out = []
        for s in sheet.structures:
            if s.id in geo.points:
                x, y = at(geo.points[s.id])
                size = SIZES.get(s.kind, geo.edge * ROAD / 2)
                out.append(Spot(s.id, (round(x), round(y)), max(6, round(size * unit * 0.62))))
        return out

    # --------------------------------------------------------------------------------------- drawing

    def draw(
        self,
        surface: pygame.Surface,
        box: pygame.Rect,
        sheet: Any,
        marks: Any,
        colour: str,
        lit: Iterable[str] = (),
        swaps: Iterable[str] = (),
        hover: str | None = None,
        pulse: float = 0.0,
        detail: bool = True,
    ) -> pygame.Rect:
        """Draw ``sheet`` with the marks of one player's ``DiceSheetView`` (``marks``; None for a blank
        sheet) in ``colour``; ``lit`` ids glow gold (``pulse`` 0..1 animates them), ``swaps`` (knights
        whose swap may be used) blue,
        ``hover`` is outlined.
        ``detail=False`` leaves out the numbers (a small sheet). Returns the island's rectangle."""
        rect = self.island_rect(sheet, box)
        surface.blit(self.island(sheet, rect.size, detail), rect)
        geo = self.geometry(sheet)
        at = _mapper(rect, geo)
        h = round(_unit(rect, geo))
        if geo.start_road is not None:
            self._road(surface, at, geo.start_road, colour, h, 1.0)
        built = set(marks.built) if marks is not None else set()
        used = set(marks.swaps_used) if marks is not None else set()
        for s in sheet.structures:
            if s.id in built and s.kind == "road":
                self._piece(surface, at, geo, s, colour, h, detail)
        surface.blit(self.island(sheet, rect.size, detail, top=True), rect)  # buildings over the road ends
        for s in sheet.structures:
            if s.id in built and s.kind != "road" and s.id in geo.points:
                self._piece(surface, at, geo, s, colour, h, detail)
        for s in sheet.structures:
            if s.kind == "knight" and s.id in geo.points and _swap_crossed(sheet, s, used):
                self._cross(surface, at(geo.points[s.id]), h)
        for sid in lit:
            self._glow(surface, at, geo, sheet.index[sid], h, pulse)
        for sid in swaps:
            self._glow(surface, at, geo, sheet.index[sid], h, pulse, ring=SWAP_GLOW)
        if hover is not None and hover in geo.points:
            self._glow(surface, at, geo, sheet.index[hover], h, 1.0, ring=INK)
        return rect

    def island(
        self, sheet: Any, size: tuple[int, int], detail: bool = True, top: bool = False
    ) -> pygame.Surface:
        """The printed sheet (cached): the sea, the hexes and the empty roads; with ``top``, a transparent
        layer of the empty buildings and knights with their numbers (drawn over the marked roads)."""
        key = (sheet.name, size[0], size[1], detail, top)
        surf = self._islands.get(key)
        if surf is None:
            if len(self._islands) > 48:
                self._islands.clear()
            surf = self._islands[key] = (
                self._symbols(sheet, size, detail) if top else self._print(sheet, size)
            )
        return surf

    def _symbols(self, sheet: Any, size: tuple[int, int], detail: bool) -> pygame.Surface:
        surf = pygame.Surface(size, pygame.SRCALPHA)
        geo = self.geometry(sheet)
        at = _mapper(surf.get_rect(), geo)
        for s in sheet.structures:
            if s.id in geo.points and s.kind != "road":
                self._empty(surf, at, geo, s, sheet, round(_unit(surf.get_rect(), geo)), detail)
        return surf.convert_alpha() if pygame.display.get_surface() is not None else surf

    def _print(self, sheet: Any, size: tuple[int, int]) -> pygame.Surface:
        w, h = size[0] * SS, size[1] * SS
        big = pygame.Surface((w, h), pygame.SRCALPHA)
        geo = self.geometry(sheet)
        at = _mapper(pygame.Rect(0, 0, w, h), geo)
        side = geo.edge * _unit(pygame.Rect(0, 0, w, h), geo)
        for grow, colour in ((1.34, SEA_DEEP), (1.24, SEA)):  # a watercolour sea around the island
            for centre, _terrain in geo.hexes:
                pygame.draw.polygon(big, colour, _hexagon(at(centre), side * grow))
        for centre, terrain in geo.hexes:
            self._terrain(big, at(centre), side, terrain)
        for centre, _terrain in geo.hexes:
            pygame.draw.polygon(big, HEX_INK, _hexagon(at(centre), side), max(2, round(h / 260)))
        surf = pygame.transform.smoothscale(big, size)
        small = _mapper(pygame.Rect(0, 0, *size), geo)
        for s in sheet.structures:
            if s.id in geo.points and s.kind == "road":
                self._empty(surf, small, geo, s, sheet, round(_unit(surf.get_rect(), geo)), False)
        return surf.convert_alpha() if pygame.display.get_surface() is not None else surf

    def _terrain(
        self, surface: pygame.Surface, centre: tuple[float, float], side: float, terrain: str
    ) -> None:
        """A flat-topped hex filled with the terrain's art (its middle, where the pointed tile is full)."""
        w, h = round(2 * side), round(math.sqrt(3) * side)
        tile = pygame.Surface((w, h), pygame.SRCALPHA)
        if terrain:
            with contextlib.suppress(FileNotFoundError, ValueError, pygame.error):
                art = self.assets.image(f"terrain/{terrain}")
                aw, ah = art.get_size()
                crop = pygame.Rect(0, 0, round(ah * 0.5 * w / h), round(ah * 0.5))
                crop.center = (aw // 2, ah // 2)
                tile.blit(
                    pygame.transform.smoothscale(art.subsurface(crop.clip(art.get_rect())), (w, h)), (0, 0)
                )
        else:
            tile.fill(MIDDLE)
        mask = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.polygon(mask, (255, 255, 255, 255), _hexagon((w / 2, h / 2), side))
        tile.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        wash = pygame.Surface((w, h), pygame.SRCALPHA)  # printed on paper: the colours a little washed out
        pygame.draw.polygon(wash, (*PAPER, 70), _hexagon((w / 2, h / 2), side))
        tile.blit(wash, (0, 0))
        surface.blit(tile, (round(centre[0] - w / 2), round(centre[1] - h / 2)))

    # ----------------------------------------------------------------------------------- the symbols

    def _empty(
        self,
        surface: pygame.Surface,
        at: Mapper,
        geo: SheetGeometry,
        s: Any,
        sheet: Any,
        h: int,
        detail: bool,
    ) -> None:
        """A symbol as printed: an outline on paper with its number."""
        line = max(1, round(h / 300))
        if s.kind == "road":
            a, b = geo.roads.get(s.id, (geo.points[s.id], geo.points[s.id]))
            pygame.draw.polygon(surface, PAPER, _bar(at(a), at(b), THICK * h))
            pygame.draw.polygon(surface, INK_SOFT, _bar(at(a), at(b), THICK * h), line)
            return
        centre = at(geo.points[s.id])
        size = SIZES[s.kind] * h
        if s.kind == "knight":
            pygame.draw.circle(surface, PAPER, centre, size)
            pygame.draw.circle(surface, INK_SOFT, centre, size, line + 1)
            self._swap_icon(surface, centre, size, s.swap)
        else:
            shape = _house(centre, size) if s.kind == "settlement" else _city(centre, size)
            pygame.draw.polygon(surface, PAPER, shape)
            pygame.draw.polygon(surface, INK_SOFT, shape, line + 1)
        label = _label(sheet, s)
        if detail and label:
            scale = {"settlement": 0.6, "city": 0.5, "knight": 0.7}[s.kind]
            font = self.assets.font(max(8, round(size * scale)), bold=True)
            img = font.render(label, True, INK)
            dy = size * {"settlement": 0.15, "city": 0.2, "knight": -0.2}[s.kind]
            surface.blit(img, img.get_rect(center=(round(centre[0]), round(centre[1] + dy))))

    def _swap_icon(
        self, surface: pygame.Surface, centre: tuple[float, float], size: float, swap: str | None
    ) -> None:
        """The resource a knight's swap gives, at the foot of its badge ("?" for any)."""
        side = max(6, round(size * 0.95))
        spot = (round(centre[0]), round(centre[1] + size * 0.62))
        pygame.draw.circle(surface, PAPER, spot, side * 0.55)
        pygame.draw.circle(surface, INK_SOFT, spot, side * 0.55, 1)
        if swap and swap != "any":
            with contextlib.suppress(FileNotFoundError, ValueError, pygame.error):
                icon = self.assets.scaled(f"icons/{swap}", (side, side))
                surface.blit(icon, icon.get_rect(center=spot))
                return
        img = self.assets.font(max(8, round(side * 0.8)), bold=True).render("?", True, INK)
        surface.blit(img, img.get_rect(center=spot))

    def _piece(
        self,
        surface: pygame.Surface,
        at: Mapper,
        geo: SheetGeometry,
        s: Any,
        colour: str,
        h: int,
        detail: bool,
    ) -> None:
        """A marked symbol: the player's piece (a road, a house, a city) or their knight's badge."""
        if s.kind == "road":
            self._road(surface, at, geo.roads.get(s.id), colour, h, 1.0)
            return
        centre = at(geo.points[s.id])
        size = SIZES[s.kind] * h
        if s.kind == "knight":
            pygame.draw.circle(surface, rgb(colour), centre, size)
            pygame.draw.circle(surface, INK, centre, size, max(2, round(h / 220)))
            side = max(6, round(size * 1.1))
            with contextlib.suppress(FileNotFoundError, ValueError, pygame.error):
                swords = self.assets.scaled("icons/army", (side, side))
                surface.blit(
                    swords, swords.get_rect(center=(round(centre[0]), round(centre[1] - size * 0.1)))
                )
            self._swap_icon(surface, centre, size, s.swap)
            return
        side = round(size * (1.55 if s.kind == "settlement" else 1.5))
        with contextlib.suppress(FileNotFoundError, ValueError, pygame.error):
            img = self.assets.scaled(f"pieces/{s.kind}_{colour}", (side, side))
            surface.blit(img, img.get_rect(center=(round(centre[0]), round(centre[1] - size * 0.05))))
        if detail and s.points:
            self._tab(surface, (centre[0], centre[1] + size * 0.62), str(s.points), size, colour)

    def _tab(
        self, surface: pygame.Surface, centre: tuple[float, float], text: str, size: float, colour: str
    ) -> None:
        """The points of a marked building, on a small disc under it (still readable once built)."""
        r = max(6, round(size * 0.34))
        spot = (round(centre[0]), round(centre[1]))
        pygame.draw.circle(surface, PAPER, spot, r)
        pygame.draw.circle(surface, rgb(colour) if colour != "white" else INK_SOFT, spot, r, max(1, r // 5))
        img = self.assets.font(max(7, round(r * 1.2)), bold=True).render(text, True, INK)
        surface.blit(img, img.get_rect(center=spot))

    def _road(
        self, surface: pygame.Surface, at: Mapper, ends: Any, colour: str, h: int, alpha: float
    ) -> None:
        if ends is None:
            return
        a, b = at(ends[0]), at(ends[1])
        bar = _bar(a, b, THICK * h)
        pygame.draw.polygon(surface, rgb(colour), bar)
        pygame.draw.polygon(surface, INK, bar, max(1, round(h / 260)))
        light = tuple(min(255, c + 60) for c in rgb(colour))
        mid = _bar(a, b, THICK * h * 0.28, shift=-THICK * h * 0.18)
        pygame.draw.polygon(surface, light, mid)

    def _cross(self, surface: pygame.Surface, centre: tuple[float, float], h: int) -> None:
        """A knight's swap crossed out (used), as with a pencil on the sheet."""
        size = SIZES["knight"] * h
        spot = (centre[0], centre[1] + size * 0.62)
        d = size * 0.55
        width = max(2, round(h / 150))
        pygame.draw.line(surface, USED, (spot[0] - d, spot[1] - d), (spot[0] + d, spot[1] + d), width)
        pygame.draw.line(surface, USED, (spot[0] - d, spot[1] + d), (spot[0] + d, spot[1] - d), width)

    def _glow(
        self,
        surface: pygame.Surface,
        at: Mapper,
        geo: SheetGeometry,
        s: Any,
        h: int,
        pulse: float,
        ring: tuple[int, int, int] = GLOW,
    ) -> None:
        """A soft pulsing halo and ring around a symbol (what can be built, a ready swap, the mouse's)."""
        centre = at(geo.points[s.id])
        size = SIZES.get(s.kind, geo.edge * ROAD * 0.5) * h
        grow = 1.0 + 0.1 * math.sin(pulse * math.tau)
        width = max(2, round(h / 170))
        if s.kind == "road" and s.id in geo.roads:
            a, b = (at(p) for p in geo.roads[s.id])
            shape = _bar(a, b, THICK * h * 1.9 * grow)
            if ring != INK:  # the mouse's symbol is only outlined
                _veil(
                    surface,
                    lambda g, off: pygame.draw.polygon(
                        g, (*ring, 80), [(x - off[0], y - off[1]) for x, y in shape]
                    ),
                    shape,
                )
            pygame.draw.polygon(surface, ring, shape, width)
            return
        r = round(size * 1.3 * grow)
        box = [(centre[0] - r, centre[1] - r), (centre[0] + r, centre[1] + r)]
        if ring != INK:
            _veil(
                surface,
                lambda g, off: pygame.draw.circle(
                    g, (*ring, 60 if ring == SWAP_GLOW else 90), (centre[0] - off[0], centre[1] - off[1]), r
                ),
                box,
            )
        pygame.draw.circle(surface, (40, 26, 10), (round(centre[0]), round(centre[1]) + 1), r + 1, width)
        pygame.draw.circle(surface, ring, (round(centre[0]), round(centre[1])), r, width)


def _veil(
    surface: pygame.Surface,
    paint: Callable[[pygame.Surface, tuple[int, int]], Any],
    points: list[tuple[float, float]],
) -> None:
    """Paint a translucent shape on ``surface``: ``paint`` draws on a scratch surface offset by its corner."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    x0, y0 = int(min(xs)) - 2, int(min(ys)) - 2
    scratch = pygame.Surface((int(max(xs)) - x0 + 4, int(max(ys)) - y0 + 4), pygame.SRCALPHA)
    paint(scratch, (x0, y0))
    surface.blit(scratch, (x0, y0))


# ------------------------------------------------------------------------------------------- shapes


def _mapper(rect: pygame.Rect, geo: SheetGeometry) -> Mapper:
    """Island points to pixels of ``rect`` (which holds the geometry's bounds); lengths scale by
    ``_unit(rect, geo)``."""
    bx, by, _bw, bh = geo.bounds
    scale = rect.h / bh

    def at(p: tuple[float, float]) -> tuple[float, float]:
        return (rect.x + (p[0] - bx) * scale, rect.y + (p[1] - by) * scale)

    return at


def _unit(rect: pygame.Rect, geo: SheetGeometry) -> float:
    """One island height in pixels of ``rect``."""
    return rect.h / geo.bounds[3]


def _hexagon(centre: tuple[float, float], side: float) -> list[tuple[float, float]]:
    """A flat-topped hexagon's corners."""
    cx, cy = centre
    return [
        (cx + side * math.cos(math.radians(60 * k)), cy + side * math.sin(math.radians(60 * k)))
        for k in range(6)
    ]


def _bar(
    a: tuple[float, float], b: tuple[float, float], thick: float, shift: float = 0.0
) -> list[tuple[float, float]]:
    """A road: the middle ROAD of the segment a-b, ``thick`` wide (moved ``shift`` across it)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    nx, ny = -uy, ux
    half = length * ROAD / 2
    cx, cy = (a[0] + b[0]) / 2 + nx * shift, (a[1] + b[1]) / 2 + ny * shift
    t = thick / 2
    return [
        (cx - ux * half - nx * t, cy - uy * half - ny * t),
        (cx + ux * half - nx * t, cy + uy * half - ny * t),
        (cx + ux * half + nx * t, cy + uy * half + ny * t),
        (cx - ux * half + nx * t, cy - uy * half + ny * t),
    ]


def _house(c: tuple[float, float], s: float) -> list[tuple[float, float]]:
    pts = [(-0.5, 0.45), (-0.5, -0.1), (0.0, -0.55), (0.5, -0.1), (0.5, 0.45)]
    return [(c[0] + x * s, c[1] + y * s) for x, y in pts]


def _city(c: tuple[float, float], s: float) -> list[tuple[float, float]]:
    pts = [
        (-0.66, 0.45),
        (-0.66, -0.28),
        (-0.34, -0.6),
        (-0.02, -0.28),
        (-0.02, -0.1),
        (0.66, -0.1),
        (0.66, 0.45),
    ]
    return [(c[0] + x * s, c[1] + y * s) for x, y in pts]


def _label(sheet: Any, s: Any) -> str:
    """The number printed in a symbol: its points (classic), its VP (Plus buildings), a knight's number."""
    if s.kind == "knight":
        return str(s.points or s.number)
    value = s.points or sheet.vp.get(s.kind, 0)
    return str(value) if value else ""


def _swap_crossed(sheet: Any, s: Any, used: set[str]) -> bool:
    """True when the knight's swap is used (a swap group's use crosses all of its knights)."""
    if s.id in used:
        return True
    group = [k.id for k in sheet.structures if s.swap_group and k.swap_group == s.swap_group]
    return any(k in used for k in group)


def text_colour(colour: str) -> tuple[int, int, int]:
    """Ink that reads on a player's colour (the badge of a built knight)."""
    return text_on(colour)
