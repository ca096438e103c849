"""Issue 31: an open drop-down list is as wide as the box it drops from (pygame_gui kept the arrow's width
free beside it)."""

from __future__ import annotations

from pathlib import Path

import pygame

from catan_desktop.ui.app import App
from catan_desktop.ui.scenes.new_game import NewGameScene


def test_an_open_list_is_as_wide_as_its_box(home: Path) -> None:
    app = App(size=(1280, 720))
    scene = NewGameScene(app)
    app.push(scene)
    app.step([])
    menu = scene.variant_menu
    pygame.mouse.set_pos(menu.rect.center)
    app.step(pygame.event.get())
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.step([pygame.event.Event(kind, pos=menu.rect.center, button=1)])
    app.step(pygame.event.get())
    options = menu.menu_states["expanded"].options_selection_list
    assert options is not None and options.alive()
    assert options.rect.w == menu.rect.w
    assert options.rect.x == menu.rect.x
