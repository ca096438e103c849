"""Draw what a map board adds to the static layer: its paths, location spaces and place names.

A map board (``topo.is_map``, scenarios such as Corsica, RULES.md Part S) is printed with its location
spaces and the paths between them: each path gets a small marker bar at its middle (red for a red path,
S-3.3) and a dotted track where it leaves the hex sides; each location space (a named location, S-3.1) a
round space, gold with a star for a Catan chip spot (S-2.2), ringed in blue by a canal (S-5.2), and its place
name on a label below; each plain corner (a rule module's ``plain`` intersections: roads pass it, nobody
settles there) a small dot.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from .layout import BoardLayout, Point, place_labels
from .sprites import SS, SpriteCache, blit_centred

# Sizes in hex radii (layout.size)
LOCATION = 0.30  # a location space's diameter
CORNER = 0.12  # a plain corner's dot: roads pass it, nobody settles there
PATH_MARK_LEN, PATH_MARK_W = 0.40, 0.11  # the marker bar in the middle of a path
TRACK_DOT = 0.07  # the dots of a path that leaves the hex sides
NAME_PX = 0.20  # place-name text height
PARCHMENT = (244, 232, 200)  # location spaces, path markers and name labels: the tokens' paper
INK = (62, 42, 24)  # their outlines and the names
RED_PATH = (196, 48, 38)
CHIP_GOLD = (232, 186, 64)
CANAL_BLUE = (46, 116, 196)


def map_key(board: Any) -> tuple[Any, ...]:
    """What a map board (a seat view's, or a bare topology's) adds to the static layer's key: its locations,
    paths, names and marks."""
    topo = getattr(board, "topo", board)
    if not getattr(topo, "is_map", False):
        return ()
    return (topo.node_xy, topo.edge_nodes, topo.node_names, topo.marked("chips"), topo.marked("canal"),
            topo.red_edges, plain_corners(board))


def plain_corners(board: Any) -> frozenset[int]:
    """The map's plain corners: intersections where roads meet and nobody may build, as a rule module's
    public view lists them (``plain``: the scenario module's unnamed intersections, S-3.1). Without such
    a module every intersection of a map is a location space."""
    modules = getattr(board, "modules", None) or {}
    return frozenset(n for view in modules.values() if isinstance(view, dict) for n in view.get("plain", ()))


def draw_map_paths(base: pygame.Surface, layout: BoardLayout, sprites: SpriteCache) -> None:
    """Every path's marker bar (red on a red path), and a dotted track where it leaves the hex sides."""
    size = layout.size
    topo = layout.topo
    for e, (a, b) in enumerate(topo.edge_nodes):
        if not layout.is_side(e):
            _draw_track(base, layout.node_pos(a), layout.node_pos(b), size, e in topo.red_edges, sprites)
    for e in range(topo.num_edges):
        red = e in topo.red_edges
        blit_centred(base, _path_mark(sprites, layout.edge_angle(e), size, red), layout.edge_mid(e))


def _draw_track(
    base: pygame.Surface, a: Point, b: Point, size: float, red: bool, sprites: SpriteCache
) -> None:
    """Dots from location to location (red on a red path), stopping short of the location spaces."""
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    step = 0.16 * size
    start = LOCATION * size / 2 + step / 2
    count = max(0, int((length - 2 * start) // step) + 1)
    if length <= 0 or count == 0:
        return
    dot = _dot(sprites, size, red)
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    spread = (length - 2 * start) / max(1, count - 1) if count > 1 else 0.0
    offset = start if count > 1 else length / 2
    for i in range(count):
        t = offset + i * spread
        blit_centred(base, dot, (a[0] + ux * t, a[1] + uy * t))


def draw_map_locations(
    base: pygame.Surface,
    layout: BoardLayout,
    badges: list[tuple[Point, float]],
    sprites: SpriteCache,
    plain: frozenset[int] = frozenset(),
) -> None:
    """The location spaces (chip spots and canal rings marked), then their place names where they fit
    (clear of the harbour ``badges``: centre and radius in px); the ``plain`` corners as small dots."""
    topo = layout.topo
    size = layout.size
    chips, canals = topo.marked("chips"), topo.marked("canal")  # the map's marks it draws (S-2.2, S-5.2)
    for n in range(topo.num_nodes):
        chip, canal = n in chips, n in canals
        if n in plain and not (chip or canal):  # a plain corner: roads pass it, nobody settles there
            spot = _corner(sprites, size)
        else:
            spot = _location(sprites, size, chip, canal)
        blit_centred(base, spot, layout.node_pos(n))
    labels = {n: _name_label(sprites, name, size) for n, name in enumerate(topo.node_names) if name}
    spots = place_labels(layout, {n: label.get_size() for n, label in labels.items()}, badges)
    for n, label in labels.items():
        left, top = spots[n]
        w, h = label.get_size()
        base.blit(
            label,
            (
                min(max(0, round(left)), base.get_width() - w),
                min(max(0, round(top)), base.get_height() - h),
            ),
        )


# ---------------------------------------------------------------------------------------- cached sprites


def _path_mark(sprites: SpriteCache, angle: float, size: float, red: bool) -> pygame.Surface:
    """The small bar printed in the middle of a path (S-3.2), red on a harbour path (S-3.3)."""
    key = ("path_mark", round(angle) % 180, round(size * 4), red)
    spr = sprites.get(key)
    if spr is None:
        length, thick = PATH_MARK_LEN * size, PATH_MARK_W * size
        pad = 0.04 * size
        w, h = math.ceil(length + 2 * pad), math.ceil(thick + 2 * pad)
        big_s = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
        rect = pygame.Rect(0, 0, round(length * SS), round(thick * SS))
        rect.center = (w * SS // 2, h * SS // 2)
        edge = max(1, round(0.022 * size * SS))
        pygame.draw.rect(big_s, (*INK, 200), rect.inflate(edge * 2, edge * 2), border_radius=edge * 2)
        fill = RED_PATH if red else PARCHMENT
        pygame.draw.rect(big_s, (*fill, 235), rect, border_radius=edge)
        flat = pygame.transform.smoothscale(big_s, (w, h))
        spr = sprites.put(key, pygame.transform.rotozoom(flat, -round(angle), 1.0))
    return spr


def _dot(sprites: SpriteCache, size: float, red: bool) -> pygame.Surface:
    """One dot of a path's track across the sea (red on a red path)."""
    key = ("track_dot", round(size * 4), red)
    spr = sprites.get(key)
    if spr is None:
        r = TRACK_DOT * size / 2
        dim = math.ceil(2 * r + 4)
        big_s = pygame.Surface((dim * SS, dim * SS), pygame.SRCALPHA)
        c = dim * SS / 2
        pygame.draw.circle(big_s, (*INK, 190), (c, c), (r + 0.015 * size) * SS)
        pygame.draw.circle(big_s, (*(RED_PATH if red else PARCHMENT), 240), (c, c), r * SS)
        spr = sprites.put(key, pygame.transform.smoothscale(big_s, (dim, dim)))
    return spr


def _corner(sprites: SpriteCache, size: float) -> pygame.Surface:
    """A plain corner of the paths: a small ink-ringed dot, much smaller than a location space."""
    key = ("corner", round(size * 4))
    spr = sprites.get(key)
    if spr is None:
        r = CORNER * size / 2
        dim = math.ceil(2 * r + 0.08 * size) + 2
        big_s = pygame.Surface((dim * SS, dim * SS), pygame.SRCALPHA)
        c = dim * SS / 2
        pygame.draw.circle(big_s, (*INK, 230), (c, c), (r + 0.025 * size) * SS)
        pygame.draw.circle(big_s, (*PARCHMENT, 255), (c, c), r * SS)
        spr = sprites.put(key, pygame.transform.smoothscale(big_s, (dim, dim)))
    return spr


def _location(sprites: SpriteCache, size: float, chip: bool, canal: bool) -> pygame.Surface:
    """A round location space; gold with a star on a chip spot, with a blue ring by the canal."""
    key = ("location", round(size * 4), chip, canal)
    spr = sprites.get(key)
    if spr is None:
        r = LOCATION * size / 2
        ring = 0.05 * size if canal else 0.0
        dim = math.ceil(2 * (r + ring + 0.04 * size)) + 2
        big_s = pygame.Surface((dim * SS, dim * SS), pygame.SRCALPHA)
        c = dim * SS / 2
        if canal:
            pygame.draw.circle(big_s, (*CANAL_BLUE, 255), (c, c), (r + ring + 0.02 * size) * SS)
        pygame.draw.circle(big_s, (*INK, 255), (c, c), (r + 0.02 * size) * SS)
        pygame.draw.circle(big_s, (*(CHIP_GOLD if chip else PARCHMENT), 255), (c, c), r * SS)
        if chip:
            pts = []
            for i in range(10):  # a five-pointed star
                ang = -math.pi / 2 + i * math.pi / 5
                rad = (0.72 if i % 2 == 0 else 0.30) * r * SS
                pts.append((c + rad * math.cos(ang), c + rad * math.sin(ang)))
            pygame.draw.polygon(big_s, (*INK, 255), pts)
        spr = sprites.put(key, pygame.transform.smoothscale(big_s, (dim, dim)))
    return spr


def _name_label(sprites: SpriteCache, name: str, size: float) -> pygame.Surface:
    """A place name on a parchment label."""
    px = max(9, round(NAME_PX * size))
    key = ("name", name, px)
    spr = sprites.get(key)
    if spr is None:
        text = sprites.assets.font(px, bold=True).render(name, True, INK)
        pad_x, pad_y = max(3, round(px * 0.35)), max(1, round(px * 0.12))
        w, h = text.get_width() + 2 * pad_x, text.get_height() + 2 * pad_y
        out = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = h // 2
        pygame.draw.rect(out, (*INK, 150), out.get_rect(), border_radius=radius)
        pygame.draw.rect(out, (*PARCHMENT, 225), out.get_rect().inflate(-2, -2), border_radius=radius)
        out.blit(text, (pad_x, pad_y))
        spr = sprites.put(key, out)
    return spr
