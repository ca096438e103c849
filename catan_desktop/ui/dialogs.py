"""Modal overlays: a message, a yes/no confirmation. They dim the scene beneath and take all input."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIPanel, UITextBox

from ..i18n import _
from .scaling import ScaledGui
from .scene import GuiScene

if TYPE_CHECKING:
    from .app import App


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken everything drawn so far (under an overlay)."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((10, 14, 24, alpha))
    surface.blit(veil, (0, 0))


def centred_rect(size: tuple[int, int], w: int, h: int) -> pygame.Rect:
    """A w x h rectangle centred in a window of ``size`` (shrunk to fit)."""
    w, h = min(w, size[0] - 20), min(h, size[1] - 20)
    return pygame.Rect((size[0] - w) // 2, (size[1] - h) // 2, w, h)


class OverlayScene(GuiScene):
    """A translucent overlay: the scene beneath stays visible, dimmed."""

    opaque = False

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        self.draw_ui(surface)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.on_escape()
            return True
        super().handle_event(event)
        return True  # modal: nothing reaches the scene beneath

    def on_escape(self) -> None:
        self.app.pop()

    def px(self, n: float) -> int:
        """A length drawn for 1280x720 in pixels (1:1 here; the text dialogs below scale)."""
        return round(n)

    def text_panel(self, w: int, h: int) -> tuple[UIPanel, pygame.Rect]:
        """A centred panel with ``self.title`` as heading and ``self.text`` below (room left for buttons);
        lengths are for 1280x720 and grow with ``px``."""
        px = self.px
        rect = centred_rect(self.app.size, px(w), px(h))
        panel = UIPanel(rect, manager=self.ui, object_id="#dialog")
        pygame_gui.elements.UILabel(
            pygame.Rect(px(16), px(12), rect.w - px(32), px(36)),
            self.title,
            manager=self.ui,
            container=panel,
            object_id="#heading",
        )
        UITextBox(
            self.text.replace("\n", "<br>"),
            pygame.Rect(px(16), px(54), rect.w - px(32), rect.h - px(124)),
            manager=self.ui,
            container=panel,
        )
        return panel, rect


class MessageScene(ScaledGui, OverlayScene):
    """A message with an OK button (errors, notices); it grows with the window and the text size."""

    def __init__(self, app: App, title: str, text: str) -> None:
        super().__init__(app)
        self._setup_scale()
        self.title, self.text = title, text

    def build(self) -> None:
        px = self.px
        panel, rect = self.text_panel(560, 300)
        self.ok = UIButton(
            pygame.Rect(rect.w - px(136), rect.h - px(60), px(120), px(44)),
            _("OK"),
            manager=self.ui,
            container=panel,
            object_id="#primary",
        )

    def on_button(self, element: object) -> bool:
        if element is self.ok:
            self.app.pop()
            return True
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.app.pop()
            return True
        return super().handle_event(event)


class ConfirmScene(ScaledGui, OverlayScene):
    """A question with Cancel and a confirming button; Esc cancels. It grows with the window and the text
    size (issue 12: the quit question stayed small at 125 %)."""

    def __init__(
        self, app: App, title: str, text: str, on_yes: Callable[[], None], yes_label: str | None = None
    ) -> None:
        super().__init__(app)
        self._setup_scale()
        self.title, self.text, self.on_yes = title, text, on_yes
        self.yes_label = yes_label or _("OK")

    def build(self) -> None:
        lines = self.text.count("\n") + len(self.text) // 64  # a long message: a taller box, no scroll bar
        panel, rect = self.text_panel(560, 260 + min(200, 22 * max(0, lines - 3)))
        px = self.px
        wide = px(144)
        for _attempt in range(2):  # a long label ("Show the folder" in some languages): the button grows left
            self.yes = UIButton(
                pygame.Rect(rect.w - px(16) - wide, rect.h - px(60), wide, px(44)),
                self.yes_label,
                manager=self.ui,
                container=panel,
                object_id="#primary",
            )
            font = getattr(self.yes, "font", None)
            need = min(rect.w // 2, font.size(self.yes_label)[0] + px(32)) if font is not None else 0
            if need <= wide:
                break
            self.yes.kill()
            wide = need
        self.cancel = UIButton(
            pygame.Rect(rect.w - px(16) - wide - px(152), rect.h - px(60), px(140), px(44)), _("Cancel"),
            manager=self.ui, container=panel,
        )

    def on_button(self, element: object) -> bool:
        if element is self.cancel:
            self.app.pop()
            return True
        if element is self.yes:
            self.app.pop()
            self.on_yes()
            return True
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Enter answers with the highlighted button, as in a message (Esc cancels, as everywhere)."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.on_button(self.yes)
        return super().handle_event(event)
