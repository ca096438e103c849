"""Headless fixtures for the render tests: a dummy video driver, a display, a mid-game board."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import random  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from types import SimpleNamespace  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from catan_desktop.engine.game import Game  # noqa: E402
from catan_desktop.engine.topology import build_topology  # noqa: E402

BIG_ROWS = (3, 4, 5, 6, 5, 4, 3)


@pytest.fixture
def display() -> Iterator[pygame.Surface]:
    """A 1280x720 display (dummy driver), closed again after the test."""
    pygame.display.init()
    screen = pygame.display.set_mode((1280, 720))
    yield screen
    pygame.display.quit()


@pytest.fixture(scope="session")
def mid_game() -> Game:
    """The base game, seed 3, played with random legal moves until turn 60."""
    game = Game.new("base", players=4, seed=3, board="random")
    rng = random.Random(3)
    while game.turn < 60 and not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.fixture(scope="session")
def big_board() -> SimpleNamespace:
    """A stand-in seat view on the 30-hex board (rows 3,4,5,6,5,4,3): the attributes the renderer reads."""
    topo = build_topology(BIG_ROWS)
    n = topo.num_hexes
    terrains = ["forest", "pasture", "fields", "hills", "mountains"]
    terrain = ["desert" if h in (0, n - 1) else terrains[h % 5] for h in range(n)]
    numbers = [2, 3, 4, 5, 6, 8, 9, 10, 11, 12]
    number = [0 if t == "desert" else numbers[h % 10] for h, t in enumerate(terrain)]
    coast = [e for e in range(topo.num_edges) if sum(e in edges for edges in topo.hex_edges) == 1]
    node_owner = [-1] * topo.num_nodes
    node_level = [0] * topo.num_nodes
    edge_owner = [-1] * topo.num_edges
    for seat, node in enumerate((5, 20, 40, 55, 70, 78)):
        node_owner[node] = seat
        node_level[node] = 1 + seat % 2
        edge_owner[topo.node_edges[node][0]] = seat
    return SimpleNamespace(
        topo=topo,
        players=6,
        terrain=terrain,
        number=number,
        robber=0,
        node_owner=node_owner,
        node_level=node_level,
        edge_owner=edge_owner,
        harbours=[(e, "generic" if i % 2 else "wool") for i, e in enumerate(coast[::5])],
    )
