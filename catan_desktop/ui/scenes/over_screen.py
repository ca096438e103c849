"""What the two game-over screens share (issue 32: the dice game's results on the board game's skeleton):
the row of buttons under the results, each as wide as its words need, a button's key calling its action,
Enter for the first choice, and "play again" with the same players.

Game over (``game_over.py``) and the dice game's results (``dice_over.py``) each draw their own results.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pygame

from ..config import GameConfig, new_seed
from ..widgets import PanelOverlay, TipButton

Choice = tuple[str, str, str, bool]  # (key, label, tooltip, primary)


class OverScreen(PanelOverlay):
    """A screen of results over a finished game, with a row of choices (``buttons`` by key)."""

    buttons: dict[str, TipButton]

    def actions(self) -> dict[str, Callable[[], None]]:
        """What each button (by key) does."""
        return {}

    def on_enter(self) -> None:
        """Enter: the screen's first choice."""

    def button_row(
        self, panel: object, area: pygame.Rect, choices: list[Choice], alike: int | None = None
    ) -> None:
        """The choices in one row at the right of ``area``: all ``alike`` wide (default: sharing the row)
        when their words fit, else each as wide as its words need (the languages differ), all within
        ``area``."""
        px = self.px
        gap = px(12)
        font = self.app.assets.font(max(10, px(16)), bold=True)
        widths = [max(px(150), font.size(label)[0] + px(40)) for _k, label, _t, _p in choices]
        room = area.w - (len(choices) - 1) * gap
        alike = room // max(1, len(choices)) if alike is None else alike
        if max(widths) <= alike and len(choices) * alike <= room:  # short words: equal buttons
            widths = [alike] * len(choices)
        else:
            widths = [w * min(room, sum(widths)) // sum(widths) for w in widths]
        x = area.right - sum(widths) - (len(choices) - 1) * gap
        self.buttons = {}
        for (key, label, tip, primary), width in zip(choices, widths, strict=True):
            self.buttons[key] = TipButton(
                pygame.Rect(x, area.y, width, area.h),
                label,
                manager=self.ui,
                container=panel,
                tool_tip_text=tip,
                object_id="#primary" if primary else None,
            )
            x += width + gap

    def on_button(self, element: object) -> bool:
        actions = self.actions()
        for key, button in self.buttons.items():
            if element is button and key in actions:
                actions[key]()
                return True
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.on_enter()
            return True
        return super().handle_event(event)


def again(config: GameConfig, fresh: bool) -> GameConfig:
    """``config`` to play again with the same players (copied), on a new seed when ``fresh``."""
    config = dataclasses.replace(config, seats=[dataclasses.replace(s) for s in config.seats])
    if fresh:
        config.seed = new_seed()
    return config


__all__ = ["Choice", "OverScreen", "again"]
