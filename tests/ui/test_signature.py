"""The drawing rule (issue 31): equal signatures mean equal frames. Whenever a turn of the loop draws nothing
(the visible scenes' signature is the one on screen), a frame drawn afresh must be the frame on screen; a
change that escaped the signature would show here as a difference. Property test over seeded random play:
pointer moves, keys, time passing, your moves applied, screens opened and closed, and the computers."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from catan_desktop.ui.app import App
from catan_desktop.ui.config import HUMAN, GameConfig
from catan_desktop.ui.scenes.game import GameScene


def differing_pixels(a: pygame.Surface, b: pygame.Surface) -> int:
    d1, d2 = a.copy(), b.copy()
    d1.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    d2.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    d1.blit(d2, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    same = pygame.mask.from_threshold(d1, (0, 0, 0, 255), (1, 1, 1, 255))
    return d1.get_width() * d1.get_height() - same.count()


def check_quiet_frame(app: App, drawn_before: int, where: str) -> bool:
    """If the last step drew nothing, a fresh frame must equal the screen. Returns whether it checked."""
    if app.frames != drawn_before:
        return False
    fresh = app.screen.copy()
    app.compose(fresh)
    diff = differing_pixels(app.screen, fresh)
    assert diff == 0, f"{where}: nothing was drawn, yet a fresh frame differs in {diff} pixels"
    return True


@pytest.mark.parametrize(("variant", "players", "seed"), [("base", 4, 3), ("helpers", 3, 5)])
def test_a_turn_that_draws_nothing_shows_the_current_state(home: Path, variant: str, players: int,
                                                           seed: int) -> None:
    rng = random.Random(seed)
    app = App(size=(1280, 720))
    app.settings.animation_speed = "instant"
    config = GameConfig.default(players)
    config.variant, config.seed = variant, seed
    config.seats[0].kind = HUMAN
    scene = GameScene(app, config)
    app.push(scene)
    pygame.event.clear()
    w, h = app.size
    checked = 0
    for step in range(350):
        roll = rng.random()
        events: list[pygame.event.Event] = []
        if roll < 0.25:  # the pointer moves somewhere (hover, tooltips, log rings)
            pygame.mouse.set_pos((rng.randrange(w), rng.randrange(h)))
            events = pygame.event.get()
        elif roll < 0.45 and scene.ctl.human_to_act and app.top is scene:  # your move, from no input
            legal = [a for a in scene.ctl.legal() if a.kind not in ("offer",)]
            if legal:
                scene.do(rng.choice(legal))
        elif roll < 0.5 and app.top is not scene:  # a dialog closes by itself (a move made elsewhere)
            app.pop()
        elif roll < 0.55:
            key = rng.choice([pygame.K_1, pygame.K_2, pygame.K_g, pygame.K_ESCAPE, pygame.K_h])
            events = [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)]
        before = app.frames
        app.step(events, dt=rng.choice((1 / 60, 0.1, 0.25)))
        if check_quiet_frame(app, before, f"step {step}, screens {[type(s).__name__ for s in app.scenes]}"):
            checked += 1
        if scene.ctl.game.is_over:
            break
    assert checked > 50, f"only {checked} quiet turns of the loop were checked"
