"""The board editor's tools for a map board's locations (issue 34): the places tool picks a location on the
board, and the widgets under the tools give it a place name (a location space with the scenario module,
S-3.1; no name: a plain intersection), a Catan chip spot (S-2.2) or a canal mark (S-5.2)."""

from __future__ import annotations

from typing import Any

import pygame
from pygame_gui.elements import UILabel, UITextEntryLine

from ...i18n import _
from ..widgets import TipButton

NAME_LIMIT = 40  # characters of a place name


def map_tools() -> list[tuple[str, str, str]]:
    """The tool a map board adds: (key, label, tooltip)."""
    return [("place", _("Places"), _("Click a location to name it or mark it (P)"))]


def harbour_tool(is_map: bool) -> tuple[str, str, str]:
    """The harbour tool of a rows board (harbours on the coast) or a map (red paths, S-3.3)."""
    if is_map:
        return ("harbour", _("Red paths"),
                _("Click a path to make it a red path, again to change its harbour; right-click makes it a "
                  "plain path again (H)"))
    return ("harbour", _("Harbours"),
            _("Click the coast to put a harbour there, again to change its kind; "
              "right-click takes it away (H)"))


class PlaceWidgets:
    """The chosen location's name box and its chip spot and canal buttons."""

    def __init__(self, editor: Any, rect: pygame.Rect) -> None:
        px, ui = editor.px, editor.ui
        x, y, w, h = rect
        self.label = UILabel(pygame.Rect(x, y, w, px(22)), _("Place"), manager=ui, object_id="#bold_label")
        y += px(24)
        self.entry = UITextEntryLine(pygame.Rect(x, y, w, px(32)), manager=ui,
                                     placeholder_text=_("click a place (P)"))
        self.entry.set_text_length_limit(NAME_LIMIT)
        self.entry.set_tooltip(_("The place name; Enter keeps it. No name: a corner the roads pass, where "
                                 "nobody builds"))
        y += px(36)
        half = (w - px(6)) // 2
        self.chip = TipButton(pygame.Rect(x, y, half, h), _("Chip"), manager=ui,
                              tool_tip_text=_("A Catan chip spot here, or none (C)"))
        self.canal = TipButton(pygame.Rect(x + w - half, y, half, h), _("Canal"), manager=ui,
                               tool_tip_text=_("A canal mark here, or none (K)"))
        self.sync(editor)

    def sync(self, editor: Any) -> None:
        """Show the chosen location's name and marks (the widgets are off when none is chosen)."""
        node = editor.selected
        s = editor.session
        if node is None or node >= s.topology.num_nodes:
            for widget in (self.entry, self.chip, self.canal):
                widget.disable()
            self.entry.set_text("")
            return
        for widget in (self.entry, self.chip, self.canal):
            widget.enable()
        if not self.entry.is_focused:
            self.entry.set_text(s.name_of(node))
        self.chip.set_text(("\u2713 " if s.has_mark("chips", node) else "") + _("Chip"))
        self.canal.set_text(("\u2713 " if s.has_mark("canal", node) else "") + _("Canal"))

    def on_button(self, editor: Any, element: object) -> bool:
        for kind, button in (("chips", self.chip), ("canal", self.canal)):
            if element is button:
                return toggle(editor, kind)
        return False

    def on_entry(self, editor: Any, element: object) -> bool:
        """The name box was left or Enter pressed: rename the chosen location."""
        if element is not self.entry or editor.selected is None:
            return False
        editor.session.rename(editor.selected, self.entry.get_text())
        return True


def toggle(editor: Any, kind: str) -> bool:
    """Put or take away a mark on the chosen location."""
    if editor.selected is None:
        return False
    editor.session.toggle_mark(kind, editor.selected)
    return True
