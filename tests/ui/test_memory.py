"""Memory on the menu-side screens (issue 13, item 4): a rebuilt screen (every window resize) and a closed
screen must not leave their widgets alive, and no cache may keep something for every window size it went
through. These count objects, so they do not depend on timings or on how the C library hands memory back;
bench/memory_soak.py prints the resident-memory figures."""

from __future__ import annotations

import gc

import i18n as gui_i18n
import pygame
import pygame_gui
import pytest
from pygame_gui.core import UIElement

import catan_desktop.render.assets as assets_module
from catan_desktop.render.assets import Assets
from catan_desktop.ui import widgets
from catan_desktop.ui.app import App
from catan_desktop.ui.scene import Scene, new_manager
from catan_desktop.ui.scenes.menu import MenuScene
from catan_desktop.ui.scenes.settings_scene import SettingsScene

SMALL, LARGE = (800, 600), (1280, 720)  # two sizes with different UI scales: the managers are replaced too


def live(kind: type) -> int:
    """Objects of ``kind`` the garbage collector tracks, reachable or not yet collected."""
    return sum(1 for obj in gc.get_objects() if isinstance(obj, kind))


def resize(app: App, size: tuple[int, int]) -> None:
    """Resize the window (SDL reports it, as after a window manager's resize) and run a frame."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app.step(pygame.event.get())


def open_settings(app: App) -> None:
    app.push(MenuScene(app))
    app.step()
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="s", scancode=0)])
    assert isinstance(app.top, SettingsScene)


def test_resizing_a_screen_leaves_no_dead_widgets_or_managers(app: App) -> None:
    open_settings(app)
    counts: dict[tuple[int, int], tuple[int, int]] = {}
    for i in range(10):
        size = (SMALL, LARGE)[i % 2]
        resize(app, size)
        now = (live(UIElement), live(pygame_gui.UIManager))
        # the widgets (and the managers) of the layout before are gone at the end of the frame
        assert counts.setdefault(size, now) == now, f"resize {i + 1} to {size}: {now} != {counts[size]}"
    ui = app.top.ui
    assert not ui.get_sprite_group().lostsprites  # pygame_gui's never-emptied list of killed widgets


def test_a_closed_screen_is_freed(app: App) -> None:
    open_settings(app)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)])
    assert isinstance(app.top, MenuScene)
    assert live(SettingsScene) == 0


def test_one_resize_lays_out_once(app: App) -> None:
    class Counting(Scene):
        def __init__(self, app: App) -> None:
            super().__init__(app)
            self.sizes: list[tuple[int, int]] = []

        def resize(self, size: tuple[int, int]) -> None:
            self.sizes.append(size)

    scene = Counting(app)
    app.push(scene)
    pygame.display.set_mode((1000, 700), pygame.RESIZABLE)
    # a desktop reports one resize three times; the dummy driver posts WINDOWSIZECHANGED itself
    extra = [
        pygame.event.Event(pygame.VIDEORESIZE, size=(1000, 700), w=1000, h=700),
        pygame.event.Event(pygame.WINDOWRESIZED, x=1000, y=700),
    ]
    app.step(pygame.event.get() + extra)
    assert scene.sizes == [(1000, 700)]
    app.on_resize()  # a scale or language change lays out again at the same size
    assert scene.sizes == [(1000, 700)] * 2


class Sized(Scene):
    """A scene that notes every size it was laid out for."""

    def __init__(self, app: App, opaque: bool = True) -> None:
        super().__init__(app)
        self.opaque = opaque
        self.sizes: list[tuple[int, int]] = []

    def resize(self, size: tuple[int, int]) -> None:
        self.sizes.append(size)


def test_a_hidden_screen_is_laid_out_when_it_shows_again_not_for_every_size(app: App) -> None:
    """Issue 35, item 9: a resize lays out the scenes on screen only; one hidden under a full screen keeps
    its widgets of the size before (not one set more per resize) and is laid out once, as it shows again."""
    under, over = Sized(app), Sized(app)
    app.push(under)
    app.push(over)
    for size in (SMALL, (1100, 650), (900, 700)):
        resize(app, size)
    assert under.sizes == [] and over.sizes == [SMALL, (1100, 650), (900, 700)]
    app.on_resize()  # a scale or language change while hidden
    assert under.sizes == []
    app.pop()
    assert under.sizes == [(900, 700)]
    app.step()
    assert under.sizes == [(900, 700)]  # once


def test_scenes_beneath_an_overlay_are_laid_out_with_it(app: App) -> None:
    base, overlay = Sized(app), Sized(app, opaque=False)
    app.push(base)
    app.push(overlay)
    resize(app, SMALL)
    assert base.sizes == [SMALL] and overlay.sizes == [SMALL]
    top = Sized(app)
    app.push(top)
    resize(app, LARGE)
    app.replace(Sized(app, opaque=False))  # an overlay in the full screen's place shows both again
    assert base.sizes == [SMALL, LARGE] and overlay.sizes == [SMALL, LARGE]


def test_the_menu_under_settings_shows_at_the_new_size(app: App) -> None:
    open_settings(app)
    menu = app.scenes[0]
    resize(app, SMALL)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)])
    assert app.top is menu and menu.ui.window_resolution == SMALL
    assert all(widget.rect.right <= SMALL[0] for widget in menu.ui.get_sprite_group().sprites())


def test_backdrops_are_kept_for_the_current_window_size_only(app: App) -> None:
    open_settings(app)
    for size in (SMALL, LARGE, (1100, 650), (900, 700), LARGE):
        resize(app, size)
    cache = widgets._backdrops[app.assets]
    assert cache and {key[:2] for key in cache} == {LARGE}
    # and its tiles were scaled for the painting only, not kept in the shared cache for every size
    assert not [key for key in app.assets._scaled if key[0] == "sea" or key[0].startswith("terrain/")]


def test_scaled_images_are_bounded_in_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(assets_module, "MAX_SCALED_BYTES", 3 * 40 * 40 * 4)  # three 40x40 copies
    assets = Assets()
    for side in range(36, 46):
        assets.scaled("tokens/6", (side, side))
    assert assets._scaled_bytes <= assets_module.MAX_SCALED_BYTES
    assert assets._scaled_bytes == sum(s.get_pitch() * s.get_height() for s in assets._scaled.values())
    assert ("tokens/6", 45, 45) in assets._scaled and ("tokens/6", 36, 36) not in assets._scaled


def test_fonts_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(assets_module, "MAX_FONTS", 3)
    assets = Assets()
    first = assets.font(10)
    for size in range(11, 20):
        assets.font(size)
    assert len(assets._fonts) == 3
    assert assets.font(19) is assets.font(19)
    assert assets.font(10) is not first


def test_managers_do_not_grow_the_translation_search_path(app: App) -> None:
    for _ in range(5):
        new_manager(app.size, app.theme)
    assert len(gui_i18n.load_path) == len(set(gui_i18n.load_path))
