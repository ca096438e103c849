"""The game screen's header bar: whose turn it is (their colour and name), and what the player may do now;
with the screen's fixed words (the hints by phase, the Catan a Dois panels' explanations).

Drawn from the seat's view of the game through the game screen (names, colours, the seat to act).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...i18n import _
from ...render.palette import PARCHMENT, WOOD_LIGHT, rgb

if TYPE_CHECKING:
    from .game import GameScene

HINTS = {
    "setup_settlement": "Place a settlement: click a glowing spot",
    "setup_road": "Place a road next to your new settlement",
    "roll": "Roll the dice (R), or play a development card first",
    "main": "Trade, then build (1 road, 2 settlement, 3 city, 4 card), or end your turn (E)",
    "robber": "Move the robber: click a highlighted hex",
    "road_building": "Road Building: place a free road",
    "discard": "Choose the cards to discard",
    "trade_offer": "Answer the trade offer",
    "trade_confirm": "Choose a trade partner or withdraw the offer",
    "special_build": "Special building phase: build or buy a card (no trading, no card play), then Pass (E)",
    "place_robber": "You start: place the robber on one of the deserts",
    "remove_token": "Take a number token: click a glowing hex next to your new settlement (it stops producing)",  # noqa: E501
    "market_cap": "Choose which open market cards to put aside",
}


PANEL_TIPS = {  # Catan a Dois panels explain themselves when the mouse rests on them (RULES.md Part D)
    "reserve": "Reserve: the number tokens taken at founding (D-1.7). Develop terrain to put them on a "
    "hex next to your building (D-6).",
    "market": "The market (D-4): on your turn, after rolling, buy an open card for as many of your "
    "cards as the difference of the two dice (a double closes it). An exhausted resource (×2) costs "
    "double. At most {cap} open cards; after a 7 it is renewed with {renewal} new cards. Market button or T.",
    "bank": "The bank's stock (D-5). Building, buying and the development cost pay into it; production "
    "and maritime trade take from it. A resource at 0 is exhausted: its hexes produce nothing and its "
    "market price doubles. Two exhausted at once: the game ends and both players lose. Remote-area cards "
    "are drawn by building on the coast or next to an unproductive hex (D-7).",
}


def draw_header(scene: GameScene, surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Draw the header bar into ``rect``: the colour and name of the seat whose turn (or placement) it is,
    then the hint for the human to act, or who is thinking."""
    pygame.draw.rect(surface, WOOD_LIGHT, rect)
    pygame.draw.line(surface, (30, 20, 12), rect.bottomleft, rect.bottomright, 2)
    g, ctl = scene.game, scene.ctl
    seat = ctl.seat_to_act if g.turn == 0 and not g.is_over else g.active_player  # founding: who places
    colour = rgb(scene.colours[seat])
    dot = pygame.Rect(rect.x + scene.px(14), rect.centery - scene.px(10), scene.px(20), scene.px(20))
    pygame.draw.rect(surface, colour, dot, border_radius=scene.px(5))
    pygame.draw.rect(surface, (20, 12, 6), dot, 2, border_radius=scene.px(5))
    if g.is_over:
        winner = g.winners[0] if g.winners else None
        title = _("{who} wins!", who=scene.names[winner]) if winner is not None else _("Game over")
    elif g.phase == "place_robber":
        title = _("Founding phase · {who}: the robber", who=scene.names[ctl.seat_to_act])
    elif g.turn == 0:
        title = _("Founding phase · {who}", who=scene.names[ctl.seat_to_act])
    elif g.phase == "special_build":
        builder = ctl.seat_to_act
        colour = rgb(scene.colours[builder])
        pygame.draw.rect(surface, colour, dot, border_radius=scene.px(5))
        pygame.draw.rect(surface, (20, 12, 6), dot, 2, border_radius=scene.px(5))
        title = _("Turn {n} · special building: {who}", n=g.turn, who=scene.names[builder])
    else:
        title = _("Turn {n} · {who}", n=g.turn, who=scene.names[seat])
    x = scene._text(
        surface,
        title,
        (dot.right + scene.px(10), rect.centery),
        20,
        PARCHMENT,
        bold=True,
        anchor="midleft",
    ).right
    if g.is_over:
        hint = ""
    elif ctl.human_to_act and ctl.seat_to_act == scene.viewer:
        hint = _(HINTS.get(g.phase, ""))
        if g.phase == "robber" and scene.token_robber:
            hint = _("Move the robber onto another number token (D-8): click a ringed token")
        if g.phase == "main" and scene.mode == "develop":
            hint = _(
                "Click a glowing hex next to your building to develop it; right-click or Esc to cancel"
            )
        elif g.phase == "main" and scene.mode:
            hint = _(
                "Click a glowing spot to build a {what}; right-click or Esc to cancel", what=_(scene.mode)
            )
    else:
        hint = _("{who} is thinking…", who=scene.names[ctl.seat_to_act]) if not ctl.human_to_act else ""
    scene._text(
        surface,
        hint,
        (x + scene.px(24), rect.centery),
        16,
        (236, 222, 190),
        anchor="midleft",
        max_w=rect.right - x - scene.px(40),
    )

