"""A line for the table during a network game (M): what you type reaches every player at the table, and
their lines appear in the game's log with their names."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIPanel, UITextEntryLine

from ...i18n import _
from ..widgets import PanelOverlay

if TYPE_CHECKING:
    from ..app import App


class ChatDialog(PanelOverlay):
    """A text box, Send (Enter) and Cancel (Esc)."""

    def __init__(self, app: App, port: Any, kit: Any) -> None:
        super().__init__(app)
        self.port = port
        self.kit = kit

    def build(self) -> None:
        rect = self.centred(560, 170)
        px = self.px
        panel = UIPanel(rect, manager=self.ui, object_id="#dialog")
        UILabel(pygame.Rect(px(16), px(10), rect.w - px(32), px(34)), _("Say something to the table"),
                manager=self.ui, container=panel, object_id="#heading")
        self.entry = UITextEntryLine(pygame.Rect(px(16), px(54), rect.w - px(32), px(38)), manager=self.ui,
                                     container=panel)
        self.entry.set_text_length_limit(300)
        self.entry.focus()
        bw, bh = px(120), px(44)
        self.cancel = UIButton(pygame.Rect(rect.w - 2 * bw - px(28), rect.h - bh - px(14), bw, bh),
                               _("Cancel"), manager=self.ui, container=panel)
        self.send = UIButton(pygame.Rect(rect.w - bw - px(16), rect.h - bh - px(14), bw, bh), _("Send"),
                             manager=self.ui, container=panel, object_id="#primary")

    def _send(self) -> None:
        self.port.say(self.entry.get_text())
        self.app.pop()

    def on_button(self, element: object) -> bool:
        if element is self.send:
            self._send()
        elif element is self.cancel:
            self.app.pop()
        else:
            return False
        return True

    def on_widget_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            self._send()
            return True
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        return super().handle_event(event)
