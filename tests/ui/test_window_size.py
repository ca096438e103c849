"""Issue 31: a window resized by hand shows its size in Settings and keeps it for the next start."""

from __future__ import annotations

from pathlib import Path

import pygame

from catan_desktop.ui.app import App
from catan_desktop.ui.scenes.menu import MenuScene
from catan_desktop.ui.scenes.settings_scene import SettingsScene
from catan_desktop.ui.settings import Settings


def test_a_window_resized_by_hand_shows_its_size_in_settings_and_keeps_it(home: Path) -> None:
    app = App(size=(1280, 720))
    app.push(MenuScene(app))
    app.step([])
    app.screen = pygame.display.set_mode((1100, 700), pygame.RESIZABLE)  # what the window manager did
    app.step([pygame.event.Event(pygame.VIDEORESIZE, size=(1100, 700), w=1100, h=700)])
    assert app.settings.window_size == "1100x700"
    settings = SettingsScene(app)
    app.push(settings)
    app.step([])
    assert settings.size_menu.selected_option[1] == "1100x700"
    app.keep_window_size()  # the game closes
    assert Settings.load()[0].window_size == "1100x700"
