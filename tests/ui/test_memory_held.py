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
from pygame_gui.core import UIElement
from pygame_gui.core.drawable_shapes.drawable_shape import DrawableShape
from pygame_gui.core.surface_cache import SurfaceCache
from pygame_gui.core.text.text_box_layout import TextBoxLayout
from pygame_gui.core.ui_shadow import ShadowGenerator
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UIHorizontalSlider,
    UIImage,
    UILabel,
    UIPanel,
    UISelectionList,
    UITextBox,
    UITextEntryLine,
)

import catan_desktop.ui.app as app_module
from catan_desktop.ui import widgets
from catan_desktop.ui.app import App
from catan_desktop.ui.scene import new_manager
from catan_desktop.ui.scenes.load_save import LoadScene
from catan_desktop.ui.scenes.menu import MenuScene
from catan_desktop.ui.scenes.new_game import NewGameScene
from catan_desktop.ui.scenes.records import ImportScene
from catan_desktop.ui.scenes.rules import RulesScene
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


# ------------------------------------------------------------------------- widgets thrown away in time

_OWN_PARTS = ("pygame_gui.core.drawable_shapes", "pygame_gui.core.text")  # a widget's shape and text layout


def pixels_held(element: UIElement) -> list[pygame.Surface]:
    """The surfaces ``element`` holds itself: in its attributes, its shape with its looks, its text layout
    with its rows and chunks (not other widgets', nor the manager's, the theme's or the caches')."""
    found: dict[int, pygame.Surface] = {}
    todo: list[Any] = [element]
    seen: set[int] = set()
    while todo:
        obj = todo.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if isinstance(obj, pygame.Surface):
            found[id(obj)] = obj
        elif isinstance(obj, dict):
            todo += obj.values()
        elif isinstance(obj, list | tuple | set):
            todo += obj
        elif obj is element or type(obj).__module__.startswith(_OWN_PARTS):
            todo += vars(obj).values()
    return list(found.values())


def all_widgets() -> list[UIElement]:
    return [obj for obj in gc.get_objects() if isinstance(obj, UIElement)]


def old_widgets_pixels(app: App, earlier: list[UIElement]) -> int:
    """Bytes of pixels held by widgets that no screen on the stack shows: killed ones, those of a manager
    a screen replaced, those of a closed screen (alive in an attribute or waiting for the collector); not
    those of ``earlier`` (made before the test began: other tests' in the same process)."""
    managers = [scene.ui for scene in app.scenes if hasattr(scene, "ui")]
    left_out = {id(w) for ui in managers for w in ui.get_sprite_group().sprites()} | {id(w) for w in earlier}
    surfaces: dict[int, pygame.Surface] = {}
    for widget in all_widgets():
        if id(widget) not in left_out:
            surfaces.update((id(s), s) for s in pixels_held(widget))
    return sum(s.get_width() * s.get_height() * s.get_bytesize() for s in surfaces.values())


def pixels_when_built(
    earlier: list[UIElement], app: App, monkeypatch: pytest.MonkeyPatch, kind: type
) -> list[int]:
    """Each time a screen of ``kind`` builds its widgets from now on: the bytes of pixels that old widgets
    hold at that moment (``old_widgets_pixels``)."""
    seen: list[int] = []
    build = kind.build

    def measured(scene: Any) -> None:
        seen.append(old_widgets_pixels(app, earlier))
        build(scene)

    monkeypatch.setattr(kind, "build", measured)
    return seen


def test_a_screen_laid_out_again_lets_go_of_its_old_widgets_first(
    app: App, drive: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The old widgets kept their pixels while the new layout was built (the screen holds them in its
    attributes until the build replaces them): for a moment both were in memory, the Rules screen's
    47 MB twice at 1800x1000. Both ways of laying out again: a new text size (a new manager), the same."""
    earlier = all_widgets()  # kept, so that their ids are not reused
    menu(app)
    key(drive, pygame.K_r, "r")
    assert isinstance(app.top, RulesScene)
    held = pixels_when_built(earlier, app, monkeypatch, RulesScene)
    resize(app, (1600, 900))  # text grows: a new manager
    resize(app, (1610, 905))  # the same text size
    assert len(held) == 2
    assert max(held) < MB, f"{[round(b / MB, 1) for b in held]} MB held by old widgets as new ones were built"


def test_a_closed_screen_lets_go_of_its_widgets_before_the_one_beneath_is_laid_out(
    app: App, drive: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Closing the Rules after a resize lays the main menu out again at once; the Rules' widgets were freed
    only when the frame ended, after the menu's new ones were drawn."""
    earlier = all_widgets()
    menu(app)
    key(drive, pygame.K_r, "r")
    resize(app, (1600, 900))
    held = pixels_when_built(earlier, app, monkeypatch, MenuScene)
    key(drive, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)
    assert len(held) == 1
    assert held[0] < MB, f"{held[0] / MB:.1f} MB of the closed screen's pixels as the menu was built"


def test_a_screen_that_rebuilds_as_it_resumes_keeps_no_widgets_while_hidden(app: App, drive: Any) -> None:
    """Load (like the main menu) builds its widgets anew when it shows again, so those it kept under the
    screens opened from it (a replay, the records) were 25 MB of nothing; it shows again as it was."""
    earlier = all_widgets()
    menu(app)
    key(drive, pygame.K_l, "l")
    load = app.top
    assert isinstance(load, LoadScene)
    drive.pump(5)
    shown = pygame.image.tobytes(app.screen, "RGB")
    key(drive, pygame.K_i, "i")
    assert isinstance(app.top, ImportScene)
    assert len(load.ui.get_sprite_group().sprites()) <= 1  # its root container only
    assert old_widgets_pixels(app, earlier) < MB
    key(drive, pygame.K_ESCAPE)
    assert app.top is load
    drive.pump(5)
    assert len(load.ui.get_sprite_group().sprites()) > 5
    assert pygame.image.tobytes(app.screen, "RGB") == shown


def test_a_long_text_is_drawn_once_as_its_box_is_made(app: App) -> None:
    """A text box taller than its room lays its text out twice (at full width, then beside the scroll bar it
    found it needs); the first layout kept the whole text drawn until the collector came: the Rules' text
    twice over as the screen was built."""
    ui = new_manager(app.size, app.theme)
    gc.collect()
    earlier = [obj for obj in gc.get_objects() if isinstance(obj, TextBoxLayout)]  # kept: ids not reused
    gc.disable()  # what waits for the collector is what is measured
    try:
        box = UITextBox("<b>rules</b> and more words " * 400, pygame.Rect(10, 10, 500, 300), manager=ui)
        old = {id(layout) for layout in earlier}
        drawn = [obj for obj in gc.get_objects() if isinstance(obj, TextBoxLayout) and id(obj) not in old
                 and obj.finalised_surface is not None and obj.finalised_surface.get_height() > 300]
    finally:
        gc.enable()
    assert box.scroll_bar is not None
    assert drawn == [box.text_box_layout]  # the whole text drawn once (not the scroll bar's arrows)


_CALLS = (
    ("set_text", ("new",)), ("disable", ()), ("enable", ()), ("hide", ()), ("show", ()), ("select", ()),
    ("unselect", ()), ("set_dimensions", ((120, 40),)), ("set_relative_position", ((5, 5),)), ("rebuild", ()),
    ("update", (0.1,)), ("set_tooltip", ("tip",)), ("on_hovered", ()), ("on_unhovered", ()),
    ("append_html_text", ("more",)), ("set_current_value", (3,)), ("get_text", ()),
    ("get_single_selection", ()), ("set_item_list", ([("c", "#c")],)), ("focus", ()), ("unfocus", ()),
    ("rebuild_from_changed_theme_data", ()), ("kill", ()),
)


@pytest.mark.parametrize("call", _CALLS, ids=[name for name, _args in _CALLS])
def test_a_dropped_widget_can_still_be_called(app: App, call: tuple[str, tuple[Any, ...]]) -> None:
    """A screen may keep a widget of a layout it threw away in an attribute and call it later; once its
    pixels are gone (``Manager.drop_widgets``) the call still works as on any killed widget."""
    ui = new_manager(app.size, app.theme)
    rect = pygame.Rect
    panel = UIPanel(rect(10, 10, 900, 600), manager=ui)
    made = [
        panel,
        UILabel(rect(10, 10, 200, 30), "label", manager=ui, container=panel),
        UITextBox("<b>rules</b> " * 300, rect(10, 50, 300, 200), manager=ui, container=panel),
        UIImage(rect(320, 50, 50, 50), pygame.Surface((50, 50)), manager=ui, container=panel),
        UITextEntryLine(rect(10, 260, 200, 30), manager=ui, container=panel),
        UIButton(rect(10, 300, 100, 30), "button", manager=ui, container=panel, tool_tip_text="tip"),
        widgets.TipButton(rect(120, 300, 100, 30), "tip", manager=ui, container=panel, tool_tip_text="tip"),
        UIHorizontalSlider(rect(10, 340, 200, 30), 5, (0, 10), manager=ui, container=panel),
        UISelectionList(rect(10, 380, 200, 100), [("a", "#a"), ("b", "#b")], manager=ui, container=panel),
        widgets.DropDown(["x", "y"], "x", rect(300, 300, 150, 30), manager=ui, container=panel),
    ]
    for _ in range(3):
        ui.update(0.05)
    ui.draw_ui(app.screen)
    ui.drop_widgets()
    assert [w for w in made if any(s.get_width() * s.get_height() for s in pixels_held(w))] == []
    name, args = call
    for widget in made:
        method = getattr(widget, name, None)
        if method is not None:
            method(*args)
            widget.update(0.05)


def test_the_app_freezes_its_imports_before_any_screen_and_still_frees_dropped_widgets() -> None:
    """``run_app`` freezes what the imports made (ui.memory.keep_imports) so that full collections skip it;
    screens built afterwards are collected as before. In a process of its own: a freeze is for good."""
    import subprocess
    import sys
    import textwrap

    script = textwrap.dedent("""
        import gc, os, sys, weakref
        os.environ["SDL_VIDEODRIVER"] = os.environ["SDL_AUDIODRIVER"] = "dummy"
        import catan_desktop.ui.app as app_module
        from catan_desktop.ui.scenes.new_game import NewGameScene

        made = []
        class Recording(app_module.App):
            def __init__(self, *args, **kw):
                made.append(gc.get_freeze_count())  # what was frozen when the first window came
                super().__init__(size=(1024, 700))
            def run(self):
                self.go("new_game")
                self.step([])
                widget = weakref.ref(self.top.ui.get_sprite_group().sprites()[0])
                self.pop()
                self.step([])
                gc.collect()
                print(made[0], widget() is None)
                return 0
        app_module.App = Recording
        sys.exit(app_module.run_app())
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    frozen, freed = out.stdout.split()[-2:]
    assert int(frozen) > 10_000  # the imports' objects
    assert freed == "True"  # New game's widgets were not frozen with them
