"""Draw the board: sea, island, terrain, harbours, tokens, pieces, robber, highlights and a hover preview.

The parts that change only when the board is laid out again (sea, island, tiles, harbours, tokens; see
``board_static``, and ``board_map`` for a map board's paths and locations) are drawn once into a cached
"static layer" and blitted each frame; pieces and overlays are drawn on top from cached, pre-scaled
sprites (``sprites``), so a redraw is a few dozen blits. Drawing never changes the game.

A hex may hold several number tokens (Catan a Dois terrain development, RULES.md D-6): they are drawn
smaller, side by side (``tokens``), and the robber stands beside the one token it blocks (D-8).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

import pygame

from .assets import Assets
from .board_map import map_key
from .board_static import build_static
from .layout import BoardLayout
from .palette import EMBLEMS, emblem
from .sprites import SpriteCache, blit_centred
from .tokens import TOKEN_DY, board_of, robber_feet, robber_slot, token_centres, token_diameter, tokens_on

# Sizes in hex radii (layout.size), tuned by eye at 1280x720 .. 2560x1440.
SETTLEMENT = 0.62  # settlement sprite side
CITY = 0.78  # city sprite side
SETTLEMENT_LIFT = 0.15  # sprite centre above the node (the sprites stand on a shadow at their foot)
CITY_LIFT = 0.20
EMBLEM = 0.21
ROBBER_W = 0.50
ROBBER_W_SMALL = 0.42  # the robber beside one of several (smaller) tokens


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


class BoardRenderer:
    """Draws a game's board with a cached static layer; see ``draw``."""

    def __init__(self, assets: Assets) -> None:
        self.assets = assets
        self.static_builds = 0  # how many times the static layer was (re)built, for tests and profiling
        self._static: pygame.Surface | None = None
        self._static_key: tuple[Any, ...] | None = None
        self.sprites = SpriteCache(assets)

    # ---------------------------------------------------------------------------------------- drawing

    def draw(
        self,
        surface: pygame.Surface,
        board: Any,
        layout: BoardLayout,
        colours: list[str],
        *,
        highlight: Highlight | None = None,
        hover: Hover | None = None,
        show_emblems: bool = False,
        robber_hex: int | None = None,
        hidden_hex_numbers: bool = False,
    ) -> None:
        """Draw ``board`` (a seat view, or a stand-in with its attributes) onto ``surface`` (sea fills it).

        Order: the cached static layer (sea, island, tiles, harbours, tokens), the veil on the robber's
        token, legal-hex outlines (under the pieces, so they never hide a road), roads, buildings (top
        to bottom, emblems on them), the robber, legal-node rings and legal-edge bars, the hover ghost.

        ``colours`` names each seat's colour (palette.CLASSIC or COLOUR_BLIND); ``robber_hex`` draws the
        robber somewhere other than the view's ``robber`` (on that hex's first token); ``hidden_hex_numbers``
        leaves the tokens off. Where the robber sits on one token of several (``token_robber.robber_slot``),
        it stands beside that token and only that token is veiled.
        Raises ValueError when ``colours`` has fewer entries than the game has players, AssetError when
        a sprite is missing.
        """
        s = board = board_of(board)  # a seat view: what one player may know (the board is all public)
        topo = s.topo
        if len(colours) < s.players:
            raise ValueError(f"need a colour per seat: {s.players} players, {len(colours)} colours")
        size = layout.size
        self.sprites.fit(size)  # a new size (a resized window): drop the sprites made for the old one
        key = (
            surface.get_size(),
            layout.rect,
            size,
            layout.origin,
            topo.hex_axial,
            tuple(s.terrain),
            tuple(s.number),
            tuple(tuple(x) for x in getattr(s, "extra_tokens", None) or ()),
            tuple(s.harbours),
            hidden_hex_numbers,
            map_key(s),
        )
        if self._static is None or key != self._static_key:
            self.static_builds += 1
            self._static = build_static(surface.get_size(), board, layout, hidden_hex_numbers, self.sprites)
            self._static_key = key
        surface.blit(self._static, (0, 0))

        robber = s.robber if robber_hex is None else robber_hex
        slot = robber_slot(s) if robber == s.robber else 0
        if 0 <= robber < topo.num_hexes and not hidden_hex_numbers:
            tokens = tokens_on(board, robber)
            if 0 <= slot < len(tokens):
                tx, ty = token_centres(layout, board, robber)[slot]
                dim = self.sprites.dim_token(tokens[slot], token_diameter(layout, len(tokens)))
                blit_centred(surface, dim, (tx, ty + TOKEN_DY))

        if highlight is not None and highlight.hexes:
            self._draw_hex_highlight(surface, layout, highlight)  # under the pieces: never hide a road
        if highlight is not None and highlight.tokens:
            self._draw_token_highlight(surface, layout, board, highlight)

        for e, owner in enumerate(s.edge_owner):
            if owner >= 0:
                spr = self.sprites.road(
                    colours[owner], layout.edge_angle(e), size, stretch=layout.edge_length(e)
                )
                blit_centred(surface, spr, layout.edge_mid(e))

        # nodes are numbered top to bottom, so nearer pieces overlap farther ones
        for n, owner in enumerate(s.node_owner):
            if owner >= 0:
                self._draw_building(surface, layout, n, colours[owner], s.node_level[n], size)
                if show_emblems and owner < EMBLEMS:
                    self._draw_emblem(surface, layout, n, owner, s.node_level[n], size)

        if 0 <= robber < topo.num_hexes:
            self._draw_robber(surface, layout, robber, slot, board, hidden_hex_numbers, ghost=False)

        if highlight is not None:
            self._draw_highlight(surface, layout, s, highlight)
        if hover is not None:
            self._draw_hover(surface, layout, board, hover, hidden_hex_numbers)

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
        spr = self.sprites.ghost(name, (px, px)) if ghost else self.assets.scaled(name, (px, px))
        blit_centred(surface, spr, (x, y - lift * size))

    def _draw_emblem(
        self, surface: pygame.Surface, layout: BoardLayout, n: int, seat: int, level: int, size: float
    ) -> None:
        x, y = layout.node_pos(n)
        px = max(4, round(EMBLEM * size))
        spr = self.assets.scaled(emblem(seat), (px, px))
        # on the front wall of the building (the tall one of a city)
        dx, dy = (-0.165, -0.10) if level >= 2 else (-0.085, -0.03)
        blit_centred(surface, spr, (x + dx * size, y + dy * size))

    def _draw_robber(
        self,
        surface: pygame.Surface,
        layout: BoardLayout,
        h: int,
        slot: int,
        board: Any,
        hidden: bool,
        ghost: bool,
    ) -> None:
        small = len(tokens_on(board, h)) > 1 and not hidden
        w = max(4, round((ROBBER_W_SMALL if small else ROBBER_W) * layout.size))
        hgt = round(w * 108 / 72)
        spr = self.sprites.robber_ghost((w, hgt)) if ghost else self.assets.scaled("robber", (w, hgt))
        fx, fy = robber_feet(layout, h, slot, board, hidden)
        # the sprite's feet (with their shadow) are ~4% above its bottom edge; a ghost has a halo around it
        pw, ph = spr.get_size()
        surface.blit(spr, (round(fx - pw / 2), round(fy - hgt * 0.96 - (ph - hgt) / 2)))

    def _draw_hex_highlight(self, surface: pygame.Surface, layout: BoardLayout, hl: Highlight) -> None:
        for h in sorted(hl.hexes):
            if 0 <= h < layout.topo.num_hexes:
                blit_centred(surface, self.sprites.hex_glow(layout.size), layout.hex_center(h))

    def _draw_token_highlight(
        self, surface: pygame.Surface, layout: BoardLayout, board: Any, hl: Highlight
    ) -> None:
        for h, slot in sorted(hl.tokens):
            if not 0 <= h < layout.topo.num_hexes:
                continue
            centres = token_centres(layout, board, h)
            if 0 <= slot < len(centres):
                td = token_diameter(layout, len(centres))
                blit_centred(surface, self.sprites.token_ring(td, layout.size), centres[slot])

    def _draw_highlight(self, surface: pygame.Surface, layout: BoardLayout, s: Any, hl: Highlight) -> None:
        size = layout.size
        for e in sorted(hl.edges):
            if 0 <= e < layout.topo.num_edges:
                blit_centred(surface, self.sprites.edge_bar(layout.edge_angle(e), size), layout.edge_mid(e))
        for n in sorted(hl.nodes):
            if 0 <= n < layout.topo.num_nodes:
                big = s.node_owner[n] >= 0
                x, y = layout.node_pos(n)
                lift = (SETTLEMENT_LIFT * 0.6 if big else 0.0) * size
                blit_centred(surface, self.sprites.ring(size, big), (x, y - lift))

    def _draw_hover(
        self, surface: pygame.Surface, layout: BoardLayout, board: Any, hover: Hover, hidden: bool
    ) -> None:
        s = board_of(board)
        size = layout.size
        topo = layout.topo
        if hover.kind == "node" and 0 <= hover.index < topo.num_nodes:
            level = 2 if s.node_owner[hover.index] >= 0 else 1
            self._draw_building(surface, layout, hover.index, hover.colour, level, size, ghost=True)
        elif hover.kind == "edge" and 0 <= hover.index < topo.num_edges:
            stretch = layout.edge_length(hover.index)
            spr = self.sprites.road(
                hover.colour, layout.edge_angle(hover.index), size, ghost=True, stretch=stretch
            )
            blit_centred(surface, spr, layout.edge_mid(hover.index))
        elif hover.kind == "hex" and 0 <= hover.index < topo.num_hexes:
            self._draw_robber(surface, layout, hover.index, 0, board, hidden, ghost=True)
        elif hover.kind == "token" and 0 <= hover.index < topo.num_hexes:
            self._draw_robber(surface, layout, hover.index, hover.slot, board, hidden, ghost=True)
