"""An opaque cover between two people's turns at one screen, so nobody sees another player's hand."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from ...i18n import _
from ..scaling import ui_factor
from ..scene import Scene
from ..screens import screen
from ..widgets import GOLD, IVORY, backdrop, draw_title

if TYPE_CHECKING:
    from ..app import App


@screen("pass_device")
class PassDeviceScene(Scene):
    """ "Pass to <name>": hides everything beneath; a click, Space or Enter pops it and calls ``on_ready``.

    A click counts only if it started on this cover (a release left over from the click that opened it
    does not), and Esc does nothing: the cover must not be dismissed by accident.
    """

    opaque = True

    def __init__(self, app: App, name: str, on_ready: Callable[[], None], note: str | None = None) -> None:
        """``note``: the line under the hint (default: the other players' cards stay hidden)."""
        super().__init__(app)
        self.name = name
        self.note = note
        self.on_ready = on_ready
        self._pressed = False
        self._done = False

    def ready(self) -> None:
        if self._done:
            return
        self._done = True
        if self.app.top is self:
            self.app.pop()
        self.on_ready()

    def handle_event(self, event: pygame.event.Event) -> bool:
        keys = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._pressed = True
        elif (event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._pressed) or (
            event.type == pygame.KEYDOWN and event.key in keys
        ):
            self.ready()
        return True  # nothing reaches the hidden scene

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        scale = ui_factor(self.app)
        surface.blit(backdrop(self.app.assets, (w, h), shade=90), (0, 0))
        assets = self.app.assets
        try:
            icon = assets.scaled("icons/person", (round(96 * scale), round(96 * scale)))
            surface.blit(icon, icon.get_rect(midbottom=(w // 2, int(h * 0.36))))
        except (FileNotFoundError, pygame.error):
            pass
        rect = draw_title(
            surface,
            assets,
            _("Pass to {name}", name=self.name),
            (w // 2, int(h * 0.46)),
            min(round(64 * scale), h // 9),
        )
        hint = assets.font(round(20 * scale)).render(
            _("Click or press Space when {name} is ready", name=self.name), True, IVORY
        )
        surface.blit(hint, hint.get_rect(midtop=(w // 2, rect.bottom + round(18 * scale))))
        note = assets.font(round(15 * scale)).render(
            self.note or _("The other players' cards stay hidden until then."), True, GOLD
        )
        surface.blit(note, note.get_rect(midtop=(w // 2, rect.bottom + round(58 * scale))))


def pass_screen(scene: Any, seat: int, on_ready: Callable[[], None], note: str | None = None) -> None:
    """Hot-seat hand-over to ``seat`` on a game screen (``scene.port.humans``, ``scene.names``,
    ``scene.viewer``): with one human at the screen the view just changes; with several, a cover asks to
    pass the screen to that player, and the view changes (then ``on_ready``) when they are ready."""
    if len(scene.port.humans) <= 1:
        scene.viewer = seat
        return

    def ready() -> None:
        scene.viewer = seat
        on_ready()

    scene.app.push(PassDeviceScene(scene.app, scene.names[seat], ready, note))
