"""The game screen's short animations drawn over the board and panels: flying cards, the turn banner, and
the mark on what another player just built or where they moved the robber (issue 12: players of colonist.io
and Catan Universe expect to see at a glance what a computer did).

Each function takes the game screen (for its layout, colours, names and pixel scale) and an animation's
data and progress ``p`` (0 to 1); none changes anything.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from ...i18n import _
from ...render.palette import rgb

if TYPE_CHECKING:
    from .game import GameScene

MARK_SECONDS = 1.8  # how long a mark pulses on what another player built or where the robber went


def mark_place(scene: GameScene, ev: dict[str, Any]) -> tuple[int, int] | None:
    """Where on the screen to mark a log event (a building, a road, the robber's hex), or None."""
    t, layout = ev.get("t"), scene.layout
    if t in ("settle", "city"):
        x, y = layout.node_pos(ev["node"])
    elif t == "road":
        x, y = layout.edge_mid(ev["edge"])
    elif t == "robber":
        h = scene.game.topo.hex_index.get(str(ev["hex"]).partition("/")[0])
        if h is None:
            return None
        x, y = layout.hex_center(h)
    else:
        return None
    return int(x), int(y)


def draw_mark(scene: GameScene, surface: pygame.Surface, data: dict[str, Any], p: float) -> None:
    """A ring in the player's colour that pulses twice and fades out."""
    s = scene.px
    radius = s(15) + int(s(7) * (0.5 + 0.5 * math.sin(p * math.pi * 4)))
    alpha = int(255 * (1.0 - p) ** 0.7)
    size = 2 * radius + s(10)
    ring = pygame.Surface((size, size), pygame.SRCALPHA)
    centre = (size // 2, size // 2)
    pygame.draw.circle(ring, (20, 12, 6, alpha), centre, radius + s(2), s(6))
    pygame.draw.circle(ring, (*rgb(scene.colours[data["seat"]]), alpha), centre, radius, s(4))
    surface.blit(ring, ring.get_rect(center=data["pos"]))


def draw_fly(scene: GameScene, surface: pygame.Surface, data: dict[str, Any], p: float) -> None:
    """A resource card flying in an arc from ``data["from"]`` to ``data["to"]`` (production, the market)."""
    s = scene.px
    t = 1 - (1 - p) ** 2
    (x0, y0), (x1, y1) = data["from"], data["to"]
    x = x0 + (x1 - x0) * t
    y = y0 + (y1 - y0) * t - math.sin(t * math.pi) * s(60)
    img = scene.app.assets.scaled(f"cards/{data['res']}", (s(34), s(48)))
    surface.blit(img, img.get_rect(center=(int(x), int(y))))


def draw_banner(scene: GameScene, surface: pygame.Surface, data: dict[str, Any], p: float) -> None:
    """The "Turn N: name" band across the middle of the window, fading in and out."""
    s = scene.px
    w, h = scene.app.size
    alpha = int(255 * min(1.0, 4 * min(p, 1 - p)))
    band = pygame.Surface((w, s(70)), pygame.SRCALPHA)
    band.fill((30, 20, 12, min(200, alpha)))
    surface.blit(band, (0, h // 2 - s(35)))
    seat = data["seat"]
    text = _("Turn {n}: {who}", n=data["turn"], who=scene.names[seat])
    font = scene.app.assets.font(s(34), title=True)
    colour = rgb(scene.colours[seat]) if scene.colours[seat] != "white" else (250, 250, 250)
    img = font.render(text, True, colour)
    img.set_alpha(alpha)
    surface.blit(img, img.get_rect(center=(w // 2, h // 2)))
