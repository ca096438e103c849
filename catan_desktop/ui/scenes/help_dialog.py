"""The game screen's help: its keyboard shortcuts (H or F1)."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton, UILabel, UIPanel, UITextBox

from ...i18n import N_, _
from ..dialogs import OverlayScene, centred_rect

SHORTCUTS = [
    ("R", N_("Roll the dice")),
    (N_("E / Space"), N_("End your turn")),
    ("1 / 2 / 3", N_("Build a road / settlement / city (then click a glowing spot)")),
    ("4", N_("Buy a development card")),
    ("T", N_("Offer a trade to the other players (Catan a Dois: the market)")),
    ("D / 5", N_("Catan a Dois: develop terrain (then click a glowing hex)")),
    ("F / C", N_("Frenemies: the guild table / give a card")),
    ("P", N_("Helpers: your helper card")),
    ("K", N_("Erie Canal: play or trade canal tokens")),
    ("B", N_("Trade with the bank")),
    ("M", N_("A game over the network: say something to the table")),
    ("U / Ctrl+Z", N_("Undo your last build or bank trade")),
    (N_("Right-click"), N_("Cancel building")),
    ("G", N_("Hide or show the first-game tip (what to do now and why)")),
    (N_("Mouse wheel"),
     N_("Over the log: scroll back (hover a line to see its place); over the board: zoom")),
    ("+ / - / 0", N_("Zoom the board in / out / show it whole; drag it or use the arrow keys to move it")),
    ("H / F1", N_("This help")),
    ("Esc", N_("Pause menu: save, load, settings, rules, quit")),
]


class HelpDialog(OverlayScene):
    """The keyboard shortcuts."""

    def build(self) -> None:
        rect = centred_rect(self.app.size, 640, 530)
        panel = UIPanel(rect, manager=self.ui, object_id="#dialog")
        UILabel(
            pygame.Rect(16, 10, rect.w - 32, 34),
            _("Keyboard shortcuts"),
            manager=self.ui,
            container=panel,
            object_id="#heading",
        )
        rows = "<br>".join(f"<b>{_(key)}</b> — {_(text)}" for key, text in SHORTCUTS)
        UITextBox(rows, pygame.Rect(16, 50, rect.w - 32, rect.h - 120), manager=self.ui, container=panel)
        self.close = UIButton(
            pygame.Rect(rect.w - 136, rect.h - 60, 120, 44),
            _("Close"),
            manager=self.ui,
            container=panel,
            object_id="#primary",
        )

    def on_button(self, element: object) -> bool:
        if element is self.close:
            self.app.pop()
            return True
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_h, pygame.K_F1, pygame.K_RETURN):
            self.app.pop()
            return True
        return super().handle_event(event)
