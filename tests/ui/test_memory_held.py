"""What the screens keep over a long evening of play (issue 35, item 9: a soak of random input peaked at
935 MB while each screen resized alone stayed under 200 MB). These count objects and builds, or bound what
Python keeps with a wide margin, so they do not depend on timings or on how the C library hands memory back;
bench/memory_soak.py prints the resident-memory figures."""

from __future__ import annotations

import gc
import tracemalloc
from typing import Any

import pygame
import pytest
from pygame_gui.core.drawable_shapes.drawable_shape import DrawableShape
from pygame_gui.core.surface_cache import SurfaceCache
from pygame_gui.core.ui_shadow import ShadowGenerator
from pygame_gui.elements import UIDropDownMenu

import catan_desktop.ui.app as app_module
from catan_desktop.ui import widgets
from catan_desktop.ui.app import App
from catan_desktop.ui.scenes.load_save import LoadScene
from catan_desktop.ui.scenes.menu import MenuScene
from catan_desktop.ui.scenes.new_game import NewGameScene
from catan_desktop.ui.scenes.settings_scene import SettingsScene

MB = 1024 * 1024


def live(kind: type) -> int:
    """Objects of ``kind`` the garbage collector tracks, after a full collection."""
    gc.collect()
    return sum(1 for obj in gc.get_objects() if isinstance(obj, kind))


def key(drive: Any, key: int, unicode: str = "") -> None:
    drive.press(key, unicode=unicode)


def resize(app: App, size: tuple[int, int]) -> None:
    """Resize the window (SDL reports it, as after a window manager's resize) and run a frame."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app.step(pygame.event.get())


def menu(app: App) -> MenuScene:
    scene = MenuScene(app)
    app.push(scene)
    app.step()
    return scene


def test_opening_drop_downs_keeps_no_megabytes_of_theme_keys(app: App, drive: Any) -> None:
    """pygame_gui's theme filed the ids of every widget under a key whose length was the product of its id
    lists' printed lengths, and kept it: each drop-down of New game, opened once, left megabytes behind
    (145 MB for the thirteen of them at 1745x907)."""
    menu(app)
    key(drive, pygame.K_n, "n")
    assert isinstance(app.top, NewGameScene)
    drops = [e for e in app.top.ui.get_sprite_group().sprites() if isinstance(e, UIDropDownMenu)]
    assert len(drops) >= 6
    tracemalloc.start()
    try:
        gc.collect()
        before = tracemalloc.get_traced_memory()[0]
        for drop in drops:
            drive.click(drop)  # opens its list
            key(drive, pygame.K_ESCAPE)  # Esc folds an open list first (ScreenScene)
            assert isinstance(app.top, NewGameScene)
        gc.collect()
        kept = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert kept < 16 * MB, f"{kept / MB:.1f} MB kept by opening and closing {len(drops)} drop-downs"


def test_the_screens_share_one_cache_of_shapes_and_of_shadows(app: App, drive: Any) -> None:
    """Each screen's manager had its own shape cache (a 4 MB page from the start) and its own shadows; with
    a few screens stacked, one of each per screen."""
    menu(app)
    key(drive, pygame.K_s, "s")
    assert isinstance(app.top, SettingsScene)
    key(drive, pygame.K_ESCAPE)
    key(drive, pygame.K_l, "l")
    assert isinstance(app.top, LoadScene)
    assert live(SurfaceCache) == 1
    assert live(ShadowGenerator) == 1


def looks_drawn_ahead(app: App) -> list[str]:
    """The looks drawn for the top screen's widgets that they do not show and never showed (beyond the
    normal one): ``"TipButton.hovered"``..."""
    out = []
    for element in app.top.ui.get_sprite_group().sprites():
        shape = getattr(element, "drawable_shape", None)
        if isinstance(shape, DrawableShape):
            shown = {"normal", shape.active_state.state_id}
            out += [f"{type(element).__name__}.{state_id}" for state_id, state in shape.states.items()
                    if state.generated and state_id not in shown]
    return out


def test_widgets_draw_their_other_looks_when_they_first_take_them(
    app: App, drive: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """pygame_gui drew every look of every widget ahead (hovered, pressed, selected), one a frame, and kept
    them all; a look is drawn when a widget first takes it, as pygame_gui does for the disabled one."""
    scene = menu(app)
    drive.pump(10)
    assert looks_drawn_ahead(app) == []
    button = next(b for b in scene.buttons.values() if b.is_enabled)
    normal = button.image
    pos = button.rect.center
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: pos)  # the dummy display has no pointer to move
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
    drive.pump(3)
    assert button.drawable_shape.states["hovered"].generated
    assert button.image is not normal  # the hovered look shows


def test_a_screen_that_rebuilds_as_it_shows_again_is_built_once(
    app: App, drive: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The main menu (like Load) rebuilds as it resumes; after a resize while Settings covered it, it was laid
    out for the new size and then built again, three sets of its widgets alive at once."""
    builds: list[tuple[int, int]] = []
    build = MenuScene.build

    def counted(scene: MenuScene) -> None:
        builds.append(app.size)
        build(scene)

    monkeypatch.setattr(MenuScene, "build", counted)
    menu(app)
    key(drive, pygame.K_s, "s")
    assert isinstance(app.top, SettingsScene)
    resize(app, (1000, 700))
    builds.clear()
    key(drive, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)
    assert builds == [(1000, 700)]


def test_one_backdrop_is_kept(app: App, drive: Any) -> None:
    """A whole window of pixels each: the main menu's (no shade) stayed under every other screen's."""
    menu(app)
    key(drive, pygame.K_s, "s")
    assert isinstance(app.top, SettingsScene)
    assert len(widgets._backdrops[app.assets]) == 1


def test_shapes_waiting_for_the_shape_cache_are_bounded(app: App, drive: Any) -> None:
    """The shape cache moves one waiting shape a frame onto its pages; a window being resized made new
    shapes faster (210 copies, 31 MB, after 40 resizes of the game screen)."""
    menu(app)
    key(drive, pygame.K_n, "n")
    for i in range(12):
        resize(app, (900 + 40 * i, 640 + 25 * i))
    gc.collect()
    waiting = sum(
        len(obj.cache_short_term_lookup) for obj in gc.get_objects() if isinstance(obj, SurfaceCache)
    )
    assert waiting <= 16


def test_a_frame_after_which_the_process_grew_gives_memory_back(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Free heap left by frames that threw nothing away of their own accord (a screen opened, a drop-down
    folded) stayed resident until the next screen closed: a third of the soak's peaks."""
    released: list[int] = []
    size = [500 * MB]

    def release() -> int:
        released.append(size[0])
        return size[0]

    monkeypatch.setattr(app_module, "release_memory", release)
    monkeypatch.setattr(app_module, "resident_bytes", lambda: size[0])
    app.released_size = size[0]
    app.settle_release_at = None
    app.release_due = False
    app.end_frame()
    assert released == []
    size[0] += app_module.GROWTH_RELEASE // 2
    app.end_frame()
    assert released == []
    size[0] += app_module.GROWTH_RELEASE
    app.end_frame()
    assert released == [size[0]]
    app.end_frame()  # measured again from the size after that release
    assert released == [size[0]]
