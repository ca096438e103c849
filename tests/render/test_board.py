"""BoardRenderer: draws real boards headless, keeps its static layer cached, never loads in a warm draw."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from catan_desktop.engine.game import Game
from catan_desktop.render import palette
from catan_desktop.render.assets import Assets
from catan_desktop.render.board import BoardRenderer, Highlight, Hover
from catan_desktop.render.layout import BoardLayout


@pytest.fixture(scope="module")
def assets() -> Assets:
    return Assets()


def _draw(renderer: BoardRenderer, game, size: tuple[int, int], **kw) -> pygame.Surface:
    surface = pygame.Surface(size)
    renderer.draw(surface, game, BoardLayout(game.topo, (0, 0, *size)), palette.CLASSIC, **kw)
    return surface


def test_mid_game_draws_at_two_sizes_and_reuses_the_static_layer(
    display: pygame.Surface, mid_game: Game, assets: Assets
) -> None:
    renderer = BoardRenderer(assets)
    layout = BoardLayout(mid_game.topo, (0, 0, 1280, 720))
    renderer.draw(display, mid_game, layout, palette.CLASSIC)
    renderer.draw(display, mid_game, layout, palette.CLASSIC)
    assert renderer.static_builds == 1
    big = pygame.Surface((1920, 1080))
    renderer.draw(big, mid_game, BoardLayout(mid_game.topo, (0, 0, 1920, 1080)), palette.CLASSIC)
    assert renderer.static_builds == 2
    renderer.draw(big, mid_game, BoardLayout(mid_game.topo, (0, 0, 1920, 1080)), palette.CLASSIC)
    assert renderer.static_builds == 2  # an equal layout object hits the cache too


def test_overlays_and_the_robber_do_not_rebuild_the_static_layer(
    display: pygame.Surface, mid_game: Game, assets: Assets
) -> None:
    renderer = BoardRenderer(assets)
    layout = BoardLayout(mid_game.topo, (0, 0, 1280, 720))
    s = mid_game.s
    renderer.draw(display, mid_game, layout, palette.CLASSIC)
    plain = display.copy()
    empty = next(n for n in range(mid_game.topo.num_nodes) if s.node_owner[n] < 0)
    free = next(e for e in range(mid_game.topo.num_edges) if s.edge_owner[e] < 0)
    other_hex = (s.robber + 1) % mid_game.topo.num_hexes
    variants = [
        {"highlight": Highlight("settlement", nodes=frozenset({empty}))},
        {"highlight": Highlight("road", edges=frozenset({free}))},
        {"highlight": Highlight("robber", hexes=frozenset({other_hex}))},
        {"hover": Hover("node", empty, "red")},
        {"hover": Hover("edge", free, "blue")},
        {"hover": Hover("hex", other_hex, "red")},
        {"robber_hex": other_hex},
        {"show_emblems": True},
    ]
    for kw in variants:
        renderer.draw(display, mid_game, layout, palette.CLASSIC, **kw)
        assert display.get_view("2").raw != plain.get_view("2").raw, f"{kw} changed nothing"
    assert renderer.static_builds == 1


def test_board_changes_rebuild_the_static_layer(display: pygame.Surface, assets: Assets) -> None:
    game = Game.new("base", players=3, seed=11, board="random")
    renderer = BoardRenderer(assets)
    layout = BoardLayout(game.topo, (0, 0, 1280, 720))
    renderer.draw(display, game, layout, palette.CLASSIC)
    game.s.number[0], game.s.number[1] = game.s.number[1], game.s.number[0]
    renderer.draw(display, game, layout, palette.CLASSIC)
    assert renderer.static_builds == 2
    renderer.draw(display, game, layout, palette.CLASSIC, hidden_hex_numbers=True)
    assert renderer.static_builds == 3


def test_a_warm_draw_loads_no_files(
    display: pygame.Surface, mid_game: Game, assets: Assets, monkeypatch: pytest.MonkeyPatch
) -> None:
    renderer = BoardRenderer(assets)
    layout = BoardLayout(mid_game.topo, (0, 0, 1280, 720))
    kw = {
        "show_emblems": True,
        "highlight": Highlight("robber", hexes=frozenset({1, 2})),
        "hover": Hover("hex", 2, "red"),
    }
    renderer.draw(display, mid_game, layout, palette.CLASSIC, **kw)

    def no_loading(*_args: object, **_kw: object) -> None:
        raise AssertionError("a file was loaded inside a warm draw")

    monkeypatch.setattr(pygame.image, "load", no_loading)
    renderer.draw(display, mid_game, layout, palette.CLASSIC, **kw)


def test_drawing_does_not_change_the_game(display: pygame.Surface, mid_game: Game, assets: Assets) -> None:
    before = mid_game.to_json()
    _draw(BoardRenderer(assets), mid_game, (1280, 720), show_emblems=True, hover=Hover("hex", 0, "red"))
    assert mid_game.to_json() == before


def test_pieces_show_in_their_owners_colour(display: pygame.Surface, mid_game: Game, assets: Assets) -> None:
    s = mid_game.s
    renderer = BoardRenderer(assets)
    layout = BoardLayout(mid_game.topo, (0, 0, 1280, 720))
    e = next(e for e in range(mid_game.topo.num_edges) if s.edge_owner[e] >= 0)
    renderer.draw(display, mid_game, layout, palette.CLASSIC)
    x, y = layout.edge_mid(e)
    seen = display.get_at((round(x), round(y)))[:3]
    want = palette.rgb(palette.CLASSIC[s.edge_owner[e]])
    assert sum(abs(a - b) for a, b in zip(seen, want, strict=True)) < 150, (seen, want)


def test_colour_blind_set_and_the_30_hex_board_draw(
    display: pygame.Surface, big_board: SimpleNamespace, assets: Assets
) -> None:
    renderer = BoardRenderer(assets)
    _draw(
        renderer,
        big_board,
        (1920, 1080),
        show_emblems=True,
        highlight=Highlight("settlement", nodes=frozenset({0, 1, 2})),
        hover=Hover("node", 5, "cb_green"),
    )
    layout = BoardLayout(big_board.topo, (0, 0, 1280, 720))
    renderer.draw(display, big_board, layout, palette.COLOUR_BLIND)
    assert renderer.static_builds == 2


def test_too_few_colours_is_an_error(display: pygame.Surface, mid_game: Game, assets: Assets) -> None:
    with pytest.raises(ValueError, match="colour per seat"):
        BoardRenderer(assets).draw(
            display, mid_game, BoardLayout(mid_game.topo, (0, 0, 1280, 720)), ["red", "blue"]
        )


def test_a_legal_building_spot_is_easy_to_see() -> None:
    """Issue 12 (what players expect): legal build spots larger with a stronger glow. The ring is at least
    0.23 hex radii across its bright edge, and its glow reaches past it."""
    import pygame

    from catan_desktop.render.assets import Assets
    from catan_desktop.render.sprites import SpriteCache

    pygame.init()
    size = 60.0
    ring = SpriteCache(Assets()).ring(size, False)
    bright = ring.get_bounding_rect(min_alpha=200)
    glow = ring.get_bounding_rect(min_alpha=40)
    assert bright.w >= 2 * 0.23 * size - 2
    assert glow.w >= bright.w + 0.15 * size
