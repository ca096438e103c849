"""Scenes form a stack (STYLE habit 8): lifecycle hooks, input consumed by return value, drawing is pure."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

if TYPE_CHECKING:
    from .app import App


class Scene:
    """One screen. ``opaque`` scenes hide what is beneath them; overlays set it False."""

    opaque = True

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

    @property
    def animating(self) -> bool:
        """True while the scene needs frames without input (animations, computer turns)."""
        return False


class GuiScene(Scene):
    """A scene with its own pygame_gui manager: its widgets get events first (STYLE habit 8)."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.ui = pygame_gui.UIManager(app.size, app.theme)
        self.ui.preload_fonts(
            [
                {"name": "dejavu_sans", "point_size": 14, "style": "bold"},
            ]
        )

    def enter(self) -> None:
        self.build()

    def build(self) -> None:
        """Create the scene's widgets for the current window size."""

    def rebuild(self) -> None:
        """Throw the widgets away and build them again (after a resize or a language change)."""
        self.ui.clear_and_reset()
        self.build()
        self.app.mark_dirty()

    def resize(self, size: tuple[int, int]) -> None:
        self.ui.set_window_resolution(size)
        self.rebuild()

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

    def update(self, dt: float) -> None:
        self.ui.update(dt)

    def draw_ui(self, surface: pygame.Surface) -> None:
        self.ui.draw_ui(surface)
