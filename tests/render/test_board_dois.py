"""BoardRenderer on Catan a Dois: several tokens on a hex, unproductive hexes, the robber on one token."""

from __future__ import annotations

import math
import random
from types import SimpleNamespace

import pygame
import pytest

from catan_desktop.engine import Game
from catan_desktop.engine.queries import add_token, tokens_of
from catan_desktop.render import palette
from catan_desktop.render.assets import Assets
from catan_desktop.render.board import BoardRenderer, Highlight, Hover
from catan_desktop.render.layout import BoardLayout
from catan_desktop.render.tokens import (
    TOKEN_DISC,
    is_unproductive,
    token_at,
    token_centres,
    token_diameter,
    tokens_on,
)

RECT = (0, 0, 900, 560)


@pytest.fixture(scope="module")
def assets() -> Assets:
    return Assets()


@pytest.fixture(scope="module")
def founded() -> Game:
    """Catan a Dois, seed 1, with random legal moves until the founding (and its token removals) is over."""
    game = Game.new("catan-a-dois", players=2, seed=1)
    rng = random.Random(1)
    while game.turn == 0:
        game.apply(rng.choice(game.legal_actions()))
    return game


def _developed(founded: Game) -> tuple[Game, dict[int, int]]:
    """A copy of ``founded`` with 2, 3 and 4 tokens on three hexes and one unproductive hex given 2 back.

    Returns the game and {token count: a hex holding that many}.
    """
    game = founded.clone()
    s = game.s
    productive = [h for h in range(game.topo.num_hexes) if tokens_of(game, h)]
    barren = [h for h in range(game.topo.num_hexes) if is_unproductive(game, h)]
    for h, tokens in ((productive[0], [9]), (productive[3], [4, 11]), (productive[6], [5, 10, 12])):
        for token in tokens:
            add_token(game, h, token)
    add_token(game, barren[0], 6)  # a developed unproductive hex: its first token becomes the printed one
    add_token(game, barren[0], 3)
    assert s.number[barren[0]] == 6
    game.refresh_board()
    by_count = {1: productive[1], 2: productive[0], 3: productive[3], 4: productive[6]}
    return game, by_count


def _inside_hex(layout: BoardLayout, h: int, p: tuple[float, float], r: float) -> bool:
    """Whether a disc of radius ``r`` at ``p`` lies inside hex ``h`` (convex, corners clockwise)."""
    poly = layout.hex_polygon(h)
    for (ax, ay), (bx, by) in zip(poly, poly[1:] + poly[:1], strict=True):
        length = math.hypot(bx - ax, by - ay)
        inward = ((bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax)) / length  # > 0 on the inside (y down)
        if inward < r:
            return False
    return True


def _saturation(surface: pygame.Surface, centre: tuple[float, float], half: int) -> float:
    """The mean (max - min) of the RGB channels over a square around ``centre``."""
    total = 0
    n = 0
    for y in range(round(centre[1]) - half, round(centre[1]) + half):
        for x in range(round(centre[0]) - half, round(centre[0]) + half):
            r, g, b = surface.get_at((x, y))[:3]
            total += max(r, g, b) - min(r, g, b)
            n += 1
    return total / n


def _lum(surface: pygame.Surface, p: tuple[float, float], half: int = 3) -> float:
    total = 0
    n = 0
    for y in range(round(p[1]) - half, round(p[1]) + half + 1):
        for x in range(round(p[0]) - half, round(p[0]) + half + 1):
            total += sum(surface.get_at((x, y))[:3])
            n += 1
    return total / n


def test_the_founding_leaves_unproductive_hexes(founded: Game) -> None:
    barren = [h for h in range(founded.topo.num_hexes) if is_unproductive(founded, h)]
    assert len(barren) == 6  # one token taken per founding settlement (D-1.4)
    assert all(founded.s.terrain[h] != "desert" for h in barren)
    desert = founded.s.terrain.index("desert")
    assert not tokens_on(founded, desert) and not is_unproductive(founded, desert)


def test_tokens_on_follows_the_engine_order(founded: Game) -> None:
    game, _ = _developed(founded)
    for h in range(game.topo.num_hexes):
        assert tokens_on(game, h) == tokens_of(game, h)


def test_token_centres_one_per_token_inside_the_hex_and_apart(founded: Game) -> None:
    game, by_count = _developed(founded)
    layout = BoardLayout(game.topo, RECT, sea_margin=0.75)
    for count, h in by_count.items():
        centres = token_centres(layout, game, h)
        assert len(centres) == count == len(tokens_of(game, h))
        r = token_diameter(layout, count) * TOKEN_DISC / 2
        for p in centres:
            assert _inside_hex(layout, h, p, r), (count, p)
        for i, a in enumerate(centres):
            for b in centres[i + 1 :]:
                assert math.dist(a, b) > 2 * r, (count, a, b)
    assert token_centres(layout, game, by_count[1]) == [layout.hex_center(by_count[1])]
    assert token_diameter(layout, 4) < token_diameter(layout, 2) < token_diameter(layout, 1)
    barren = next(h for h in range(game.topo.num_hexes) if is_unproductive(game, h))
    assert token_centres(layout, game, barren) == []


def test_token_at_finds_every_token_and_nothing_else(founded: Game) -> None:
    game, by_count = _developed(founded)
    layout = BoardLayout(game.topo, RECT, sea_margin=0.75)
    for h in range(game.topo.num_hexes):
        centres = token_centres(layout, game, h)
        r = token_diameter(layout, len(centres)) * TOKEN_DISC / 2
        for slot, (x, y) in enumerate(centres):
            assert token_at(layout, game, x, y) == (h, slot)
            assert token_at(layout, game, x + 0.8 * r, y) == (h, slot)  # near the rim still counts
    four = by_count[4]
    assert token_at(layout, game, *layout.hex_center(four)) is None  # between the four tokens
    barren = next(h for h in range(game.topo.num_hexes) if is_unproductive(game, h))
    assert token_at(layout, game, *layout.hex_center(barren)) is None
    assert token_at(layout, game, 2, 2) is None  # the sea


def test_a_development_rebuilds_the_static_layer(
    display: pygame.Surface, founded: Game, assets: Assets
) -> None:
    game = founded.clone()
    layout = BoardLayout(game.topo, RECT, sea_margin=0.75)
    renderer = BoardRenderer(assets)
    surface = pygame.Surface(RECT[2:])
    renderer.draw(surface, game, layout, palette.CLASSIC)
    renderer.draw(surface, game, layout, palette.CLASSIC)
    assert renderer.static_builds == 1
    h = next(h for h in range(game.topo.num_hexes) if len(tokens_of(game, h)) == 1 and h != game.s.robber)
    before = surface.copy()
    add_token(game, h, 10)
    game.refresh_board()
    renderer.draw(surface, game, layout, palette.CLASSIC)
    assert renderer.static_builds == 2
    after_centre = token_centres(layout, game, h)[1]
    assert surface.get_at((round(after_centre[0]), round(after_centre[1]))) != before.get_at(
        (round(after_centre[0]), round(after_centre[1]))
    )


def test_unproductive_hexes_are_faded_and_the_desert_is_not(
    display: pygame.Surface, founded: Game, assets: Assets
) -> None:
    game = founded.clone()
    layout = BoardLayout(game.topo, RECT, sea_margin=0.75)
    barren = next(h for h in range(game.topo.num_hexes) if is_unproductive(game, h) and h != game.s.robber)
    desert = game.s.terrain.index("desert")
    faded = pygame.Surface(RECT[2:])
    BoardRenderer(assets).draw(faded, game, layout, palette.CLASSIC)
    game.s.number[barren] = 5  # give the hex a token back: it produces again
    game.refresh_board()
    lively = pygame.Surface(RECT[2:])
    BoardRenderer(assets).draw(lively, game, layout, palette.CLASSIC)
    cx, cy = layout.hex_center(barren)
    below = (cx, cy + 0.55 * layout.size)  # off the token, on the terrain
    half = round(0.15 * layout.size)
    assert _saturation(faded, below, half) < 0.7 * _saturation(lively, below, half)
    dx, dy = layout.hex_center(desert)
    spot = (round(dx), round(dy + 0.5 * layout.size))
    assert faded.get_at(spot) == lively.get_at(spot)


def test_the_robber_veils_only_its_own_token(display: pygame.Surface, founded: Game, assets: Assets) -> None:
    game, by_count = _developed(founded)
    layout = BoardLayout(game.topo, RECT, sea_margin=0.75)
    two = by_count[2]
    renderer = BoardRenderer(assets)
    away = pygame.Surface(RECT[2:])
    game.s.robber, game.s.modules["token_robber"].slot = game.s.terrain.index("desert"), -1
    renderer.draw(away, game, layout, palette.CLASSIC)
    on_two = pygame.Surface(RECT[2:])
    game.s.robber, game.s.modules["token_robber"].slot = two, 1
    renderer.draw(on_two, game, layout, palette.CLASSIC)
    first, second = token_centres(layout, game, two)
    assert _lum(on_two, first) == _lum(away, first)  # the other token is untouched
    assert _lum(on_two, second) < 0.7 * _lum(away, second)  # the robber's token is veiled
    # the robber stands beside its token, on the side away from the other one
    cx, cy = layout.hex_center(two)
    reach = round(1.2 * layout.size)
    changed = [
        x
        for y in range(round(cy) - reach, round(cy) + reach, 2)
        for x in range(round(cx) - reach, round(cx) + reach, 2)
        if on_two.get_at((x, y)) != away.get_at((x, y)) and math.dist((x, y), second) > 0.5 * layout.size
    ]
    assert changed and min(changed) > first[0]
    assert renderer.static_builds == 1


def test_token_highlights_and_the_token_hover_draw_without_a_rebuild(
    display: pygame.Surface, founded: Game, assets: Assets
) -> None:
    game, by_count = _developed(founded)
    layout = BoardLayout(game.topo, RECT, sea_margin=0.75)
    renderer = BoardRenderer(assets)
    surface = pygame.Surface(RECT[2:])
    renderer.draw(surface, game, layout, palette.CLASSIC)
    plain = surface.copy()
    four = by_count[4]
    ring = Highlight("robber", tokens=frozenset({(four, 3), (99, 0), (four, 9)}))  # bad entries are skipped
    renderer.draw(surface, game, layout, palette.CLASSIC, highlight=ring)
    tx, ty = token_centres(layout, game, four)[3]
    r = token_diameter(layout, 4) * TOKEN_DISC / 2
    rim = (round(tx + r + 0.06 * layout.size), round(ty))  # just outside the disc: the ring
    assert surface.get_at(rim) != plain.get_at(rim)
    far = token_centres(layout, game, four)[0]
    assert surface.get_at((round(far[0]), round(far[1]))) == plain.get_at((round(far[0]), round(far[1])))
    renderer.draw(surface, game, layout, palette.CLASSIC, hover=Hover("token", four, "red", slot=2))
    assert surface.get_view("2").raw != plain.get_view("2").raw
    renderer.draw(surface, game, layout, palette.CLASSIC, hover=Hover("token", four, "red", slot=0))
    renderer.draw(surface, game, layout, palette.CLASSIC, hidden_hex_numbers=True)
    assert renderer.static_builds == 2  # only the hidden numbers rebuilt it


def test_base_boards_and_stand_ins_keep_one_centred_token(
    display: pygame.Surface, mid_game: Game, big_board: SimpleNamespace, assets: Assets
) -> None:
    layout = BoardLayout(mid_game.topo, (0, 0, 1280, 720))
    for h in range(mid_game.topo.num_hexes):
        want = [layout.hex_center(h)] if mid_game.s.number[h] else []
        assert token_centres(layout, mid_game, h) == want
        assert not is_unproductive(mid_game, h)
    big = BoardLayout(big_board.topo, (0, 0, 1280, 720))  # no extra_tokens, no robber_slot, no rules
    h = next(h for h in range(big_board.topo.num_hexes) if big_board.number[h])
    assert token_at(big, big_board, *big.hex_center(h)) == (h, 0)
    assert not any(is_unproductive(big_board, h) for h in range(big_board.topo.num_hexes))
    BoardRenderer(assets).draw(display, big_board, big, palette.CLASSIC, hover=Hover("token", h, "red"))
