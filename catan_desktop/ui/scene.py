"""Scenes form a stack (STYLE habit 8): lifecycle hooks, input consumed by return value, drawing is pure."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import i18n as gui_i18n  # python-i18n, pygame_gui's translation library (not our catan_desktop.i18n)
import pygame
import pygame_gui

from .gui_manager import Manager

if TYPE_CHECKING:
    from .app import App


class Scene:
    """One screen. ``opaque`` scenes hide what is beneath them; overlays set it False."""

    opaque = True
    # a resize (or a scale or language change) came while a full screen above hid this one: it lays itself
    # out when it shows again (App.lay_out_revealed), not for every size the window goes through meanwhile
    layout_due = False
    # the scene builds its widgets anew each time it resumes (Load, the main menu: what they list may have
    # changed meanwhile), so while a full screen hides it, its widgets are of no use: the app drops them
    # (App.push, drop_widgets) and the scene lays itself out as it shows again
    rebuilds_on_resume = False

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """Called when pushed onto the stack."""

    def exit(self) -> None:
        """Called when popped."""

    def pause(self) -> None:
        """Called when another scene is pushed on top."""

    def resume(self) -> None:
        """Called when the scene above is popped."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Return True if the event was used."""
        return False

    def update(self, dt: float) -> None:
        """Advance time by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene; never changes game state."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size."""

    def drop_widgets(self) -> None:
        """Throw the scene's widgets away with their pixels now (it closed, it lays itself out again, or it
        is hidden and builds them again as it resumes)."""

    @property
    def animating(self) -> bool:
        """True while the scene needs frames without input (animations, computer turns)."""
        return False

    def signature(self) -> object:
        """What this scene would draw now, in a few comparable values: the app draws a frame whenever the
        signature of the visible scenes differs from the one on screen (app.py). A running animation draws
        every frame whatever this says. The base adds ``look()``; GuiScene adds its widgets."""
        return (self.animating, self.look())

    def look(self) -> object:
        """The state this scene's own drawing reads that can change without input (input always draws):
        values compared with ``==``, objects by identity. A scene that draws only what its input changed
        keeps this default."""
        return ()


def new_manager(size: tuple[int, int], theme: dict[str, Any]) -> pygame_gui.UIManager:
    """A pygame_gui UIManager for a window of ``size``; every scene's manager is made here.

    Each UIManager appends pygame_gui's translation folder to python-i18n's global ``load_path`` again, and
    the screens make a new manager whenever the UI scale changes, so the list grew with every resize (and
    every text with a dot in it lists each entry's folder). The duplicates are dropped here.
    """
    manager = Manager(size, theme)  # compact theme keys, shared pixel caches, looks drawn when needed
    paths = gui_i18n.load_path
    paths[:] = list(dict.fromkeys(paths))
    return manager


def widgets_signature(manager: pygame_gui.UIManager) -> tuple[object, ...]:
    """What ``manager.draw_ui`` would put on the screen: each visible widget's image and place, in drawing
    order. pygame_gui gives a widget a new image object whenever its look changes (a state, a hover, a new
    text, a tooltip shown), so comparing the images by identity sees every change; the tuple holds them, so
    an old image cannot be freed and its identity reused while this signature is kept."""
    return tuple(
        (image, rect.x, rect.y, rect.w, rect.h, area, blend)
        for image, rect, area, blend in manager.get_sprite_group().visible
    )


TOOLTIP_SECONDS = 8.0  # a tooltip goes after this long (as desktop tooltips do), until the mouse comes back


def tooltips_shown(manager: pygame_gui.UIManager) -> list[Any]:
    """The widgets of ``manager`` whose tooltip is showing."""
    return [el for el in manager.get_sprite_group().sprites() if getattr(el, "tool_tip", None) is not None]


def hide_tooltips(manager: pygame_gui.UIManager) -> bool:
    """Close every tooltip of ``manager`` until the mouse leaves its widget and comes back (a widget's
    hover time restarts from 0 when the mouse enters it). Returns whether one was showing."""
    shown = tooltips_shown(manager)
    for element in shown:
        element.tool_tip.kill()
        element.tool_tip = None
        element.hover_time = float("-inf")
    return bool(shown)


def forget_lost_sprites(manager: pygame_gui.UIManager) -> None:
    """Empty the list of killed widgets' rectangles that pygame_gui's sprite group keeps for pygame's
    dirty-rectangle drawing, which pygame_gui never uses and never empties: it grew by one rectangle per
    widget thrown away (every rebuild, every tooltip that closes) for as long as the manager lived."""
    lost = getattr(manager.get_sprite_group(), "lostsprites", None)
    if lost:
        lost.clear()


def forget_built_shadows(manager: pygame_gui.UIManager) -> None:
    """Empty the short-term cache of drop shadows once a layout is built: the widgets have theirs drawn in,
    and pygame_gui empties it only every 10 seconds of updates, so a resize kept the shadows of every window
    size of the last 10 seconds (a panel's, 2-4 of them, are 2-10 MB at 1920x1080; gui_manager.py)."""
    manager.get_theme().get_shadow_generator().clear_short_term_caches()


class GuiScene(Scene):
    """A scene with its own pygame_gui manager: its widgets get events first (STYLE habit 8)."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self._tooltip_since: float | None = None  # when the tooltip showing now appeared (TOOLTIP_SECONDS)
        self.ui = new_manager(app.size, app.theme)
        self.ui.preload_fonts(
            [
                {"name": "dejavu_sans", "point_size": 14, "style": "bold"},
            ]
        )

    def enter(self) -> None:
        self.build()
        self.ui.update(0.0)  # pygame_gui lists the new widgets to draw on its next update: the first frame
        forget_built_shadows(self.ui)

    def signature(self) -> object:
        return (self.animating, self.look(), widgets_signature(self.ui))

    def build(self) -> None:
        """Create the scene's widgets for the current window size."""

    def rebuild(self) -> None:
        """Throw the widgets away and build them again (after a resize or a language change). A scene that
        missed a resize while hidden lays itself out for the window's size instead, which rebuilds it too:
        the screens that rebuild as they resume (Load, the main menu) were otherwise built twice as they
        showed again, and with the widgets before, three sets of them were alive at once (issue 35,
        item 9)."""
        if self.layout_due:
            self.layout_due = False
            self.resize(self.app.size)
            return
        # the old widgets go before the new ones are drawn, so the two layouts are never in memory together:
        # their pixels at once (gui_manager.py), the rest (text layouts, shapes) with the collection of the
        # reference cycles they are made of in a large window (App.collect_dropped)
        self.drop_widgets()
        self.app.collect_dropped()
        self.build()
        # a scene under another (the game under Pause) gets no updates, and pygame_gui draws new widgets only
        # after one: after a Settings change the game showed no buttons or log (issue 12, defect 7)
        self.ui.update(0.0)
        forget_built_shadows(self.ui)
        self.app.release_due = True  # the old widgets are garbage cycles holding megabytes (memory.py)

    def resize(self, size: tuple[int, int]) -> None:
        self.ui.set_window_resolution(size)
        self.rebuild()

    def drop_widgets(self) -> None:
        drop = getattr(self.ui, "drop_widgets", None)  # every manager made by new_manager has it
        if drop is not None:
            drop()
        else:
            self.ui.clear_and_reset()
        # the signature of the frame on screen holds the widgets' images (widgets_signature): it would keep
        # the old ones alive until the next frame is drawn; that frame is drawn whatever it is compared with
        self.app.drawn_signature = None

    def handle_event(self, event: pygame.event.Event) -> bool:
        used = bool(self.ui.process_events(event))
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self.on_button(event.ui_element) or used
        if event.type in (
            pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
            pygame_gui.UI_HORIZONTAL_SLIDER_MOVED,
            pygame_gui.UI_TEXT_ENTRY_CHANGED,
            pygame_gui.UI_SELECTION_LIST_NEW_SELECTION,
            pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED,
            pygame_gui.UI_TEXT_ENTRY_FINISHED,
        ):
            return self.on_widget_event(event) or used
        return used

    def on_button(self, element: object) -> bool:
        """A button was pressed; return True if handled."""
        return False

    def on_widget_event(self, event: pygame.event.Event) -> bool:
        """A drop-down, slider, text entry, list or dialog reported a change."""
        return False

    def pause(self) -> None:
        """Another screen opens above: this one's tooltips close (they stayed under a pause menu)."""
        hide_tooltips(self.ui)

    def update(self, dt: float) -> None:
        self.ui.update(dt)
        forget_lost_sprites(self.ui)
        if tooltips_shown(self.ui):
            now = time.perf_counter()
            self._tooltip_since = self._tooltip_since or now
            if now - self._tooltip_since > TOOLTIP_SECONDS:
                hide_tooltips(self.ui)
        else:
            self._tooltip_since = None

    def draw_ui(self, surface: pygame.Surface) -> None:
        self.ui.draw_ui(surface)
