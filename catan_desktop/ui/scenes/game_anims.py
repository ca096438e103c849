"""The game screen's short animations drawn over the board and panels: flying cards, the turn banner, and
the mark on what another player just built or where they moved the robber (issue 12: players of colonist.io
and Catan Universe expect to see at a glance what a computer did).

Each function takes the game screen (for its layout, colours, names and pixel scale) and an animation's
data and progress ``p`` (0 to 1); none changes anything.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from ...i18n import _
from ...render.cards import card_image
from ...render.palette import PARCHMENT, rgb

if TYPE_CHECKING:
    from .game import GameScene

MARK_SECONDS = 1.8  # how long a mark pulses on what another player built or where the robber went


def mark_places(scene: GameScene, ev: dict[str, Any]) -> list[tuple[int, int]]:
    """Where on the screen a log event happened: a building, a road, the robber's or a developed hex, the
    hexes showing the number rolled; [] for an event with no place."""
    t, layout, v = ev.get("t"), scene.layout, scene.view
    if layout is None:
        return []
    if t in ("settle", "city") and isinstance(ev.get("node"), int):
        points = [layout.node_pos(ev["node"])]
    elif t == "road" and isinstance(ev.get("edge"), int):
        points = [layout.edge_mid(ev["edge"])]
    elif t in ("robber", "develop", "remove_token"):
        h = v.topo.hex_index.get(str(ev.get("hex")).partition("/")[0])
        points = [] if h is None else [layout.hex_center(h)]
    elif t == "roll" and isinstance(ev.get("dice"), list):
        total = sum(ev["dice"])
        points = [layout.hex_center(h) for h in range(v.topo.num_hexes) if total in v.tokens_on(h)]
    else:
        points = []
    return [(int(x), int(y)) for x, y in points]


def mark_place(scene: GameScene, ev: dict[str, Any]) -> tuple[int, int] | None:
    """Where to mark what another player just did (a building, a road, the robber), or None."""
    if ev.get("t") not in ("settle", "city", "road", "robber"):
        return None
    points = mark_places(scene, ev)
    return points[0] if points else None


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
    """A resource card (or ``data["image"]``) flying in an arc from ``data["from"]`` to ``data["to"]``
    (production, the market, favour tokens)."""
    s = scene.px
    t = 1 - (1 - p) ** 2
    (x0, y0), (x1, y1) = data["from"], data["to"]
    x = x0 + (x1 - x0) * t
    y = y0 + (y1 - y0) * t - math.sin(t * math.pi) * s(60)
    card = data.get("image")  # a favour token (Frenemies) or another sprite, not a card
    img = card if card is not None else card_image(scene.app.assets, data["res"], (s(34), s(48)))
    surface.blit(img, img.get_rect(center=(int(x), int(y))))


def draw_banner(scene: GameScene, surface: pygame.Surface, data: dict[str, Any], p: float) -> None:
    """The "Turn N: name" label in the board's top-left corner (sea), with the player's colour, fading in and
    out (a band across the middle of the window covered the board and the panels: issue 12)."""
    s = scene.px
    board = scene.regions()["board"]
    alpha = int(255 * min(1.0, 4 * min(p, 1 - p)))
    seat = data["seat"]
    text = _("Turn {n}: {who}", n=data["turn"], who=scene.names[seat])
    img = scene.app.assets.font(s(24), title=True).render(text, True, PARCHMENT)
    dot = s(14)
    pill = pygame.Rect(board.x + s(10), board.y + s(10), img.get_width() + dot + s(40), 0)
    pill.h = img.get_height() + s(12)
    band = pygame.Surface(pill.size, pygame.SRCALPHA)
    pygame.draw.rect(band, (30, 20, 12, min(215, alpha)), band.get_rect(), border_radius=pill.h // 2)
    centre = (s(14) + dot // 2, pill.h // 2)
    pygame.draw.circle(band, (*rgb(scene.colours[seat]), alpha), centre, dot // 2 + s(2))
    pygame.draw.circle(band, (20, 12, 6, alpha), centre, dot // 2 + s(2), max(1, s(2)))
    surface.blit(band, pill)
    img.set_alpha(alpha)
    surface.blit(img, img.get_rect(midleft=(pill.x + s(24) + dot, pill.centery)))


@dataclass
class Anim:
    """A short animation: dice, flying resource cards, a turn banner."""

    kind: str
    start: float
    duration: float
    data: dict[str, Any] = field(default_factory=dict)

    def progress(self, now: float) -> float:
        return 1.0 if self.duration <= 0 else min(1.0, (now - self.start) / self.duration)
