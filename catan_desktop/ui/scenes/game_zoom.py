"""Zoom and pan of the game screen's board: a tall map such as Corsica (issue 17) reads better enlarged.

The mouse wheel over the board zooms in and out around the pointer; ``+`` and ``-`` zoom around the middle
of the view, ``0`` shows the whole board again; when zoomed in, dragging the board (any mouse button) or the
arrow keys move the view. A drag never clicks: the button's release after a drag is swallowed. The view is
a ``BoardLayout`` at a zoom with a focus (render/layout.py), so hit testing, animations and marks follow it.
"""

from __future__ import annotations

from typing import Any

import pygame

from ...i18n import _
from ...render.board_static import BADGE
from ...render.layout import BoardLayout, Point
from ...render.palette import INK, PARCHMENT

MAX_ZOOM = 3.0
STEP = 1.25  # one wheel notch or key press
DRAG_PX = 6  # a press that moves farther than this is a drag, not a click
PAN_KEYS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
ZOOM_IN_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
ZOOM_OUT_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS)
RESET_KEYS = (pygame.K_0, pygame.K_KP0)


class BoardView:
    """The zoom and focus of one game screen's board, and the mouse and keys that change them."""

    def __init__(self) -> None:
        self.zoom = 1.0
        self.focus: Point | None = None  # unit space; None: the board's centre
        self._press: tuple[int, int] | None = None  # where a button went down on the board
        self._last: tuple[int, int] | None = None
        self.dragging = False
        self._pointer: tuple[int, int] | None = None

    def layout(self, view: Any, room: tuple[int, int, int, int]) -> BoardLayout:
        """The board of seat view ``view`` laid out in ``room`` at this zoom and focus (the focus kept on
        the board); the harbour badges stay inside ``room`` when the whole board shows."""
        harbours = [e for e, _kind in view.harbours]
        layout = BoardLayout.fitting(view.topo, room, harbours, BADGE, sea_margin=0.3, zoom=self.zoom,
                                     focus=self.focus)
        self.focus = layout.focus if self.zoom > 1.0 else None
        return layout

    @staticmethod
    def board_size(view: Any, room: tuple[int, int, int, int]) -> float:
        """The hex radius of the whole board laid out in ``room`` (as ``layout`` does at zoom 1)."""
        harbours = [e for e, _kind in view.harbours]
        return BoardLayout.fitting(view.topo, room, harbours, BADGE, sea_margin=0.3).size

    # ------------------------------------------------------------------------------------------ events

    def handle(self, scene: Any, event: pygame.event.Event) -> bool:
        """Zoom or pan ``scene``'s board for ``event``; True when the event was used up."""
        board = scene.regions()["board"]
        if event.type == pygame.MOUSEMOTION:
            self._pointer = event.pos
        if event.type == pygame.MOUSEWHEEL:  # the wheel's event has no position: the pointer's last one
            pos = self._pointer or pygame.mouse.get_pos()
            return board.collidepoint(pos) and self._zoom_by(scene, STEP ** event.y, pos)
        if event.type == pygame.KEYDOWN:
            return self._key(scene, event.key, board)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3):
            self._press = self._last = event.pos if board.collidepoint(event.pos) else None
            self.dragging = False
            return False
        if event.type == pygame.MOUSEMOTION and self._press is not None and any(event.buttons):
            return self._drag(scene, event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button in (1, 2, 3):
            dragged, self._press, self.dragging = self.dragging, None, False
            return dragged  # the release ending a drag is no click and no cancel
        return False

    def _key(self, scene: Any, key: int, board: pygame.Rect) -> bool:
        if key in ZOOM_IN_KEYS:
            return self._zoom_by(scene, STEP, board.center)
        if key in ZOOM_OUT_KEYS:
            return self._zoom_by(scene, 1 / STEP, board.center)
        if key in RESET_KEYS:
            return self._zoom_by(scene, 1 / MAX_ZOOM, board.center)
        if key in PAN_KEYS and self.zoom > 1.0 and scene.layout is not None:
            dx, dy = PAN_KEYS[key]
            step = board.width / 5
            return self._pan(scene, (-dx * step, -dy * step))
        return False

    def _drag(self, scene: Any, pos: tuple[int, int]) -> bool:
        assert self._press is not None and self._last is not None
        if not self.dragging:
            far = abs(pos[0] - self._press[0]) + abs(pos[1] - self._press[1]) > DRAG_PX
            if not far or self.zoom <= 1.0:
                return False
            self.dragging = True
        moved = (pos[0] - self._last[0], pos[1] - self._last[1])
        self._last = pos
        self._pan(scene, moved)
        return True

    def _pan(self, scene: Any, moved: tuple[float, float]) -> bool:
        """Move the view so the board follows the pointer by ``moved`` pixels."""
        layout: BoardLayout = scene.layout
        fx, fy = layout.focus
        self.focus = (fx - moved[0] / layout.size, fy - moved[1] / layout.size)
        return self._relayout(scene)

    def _zoom_by(self, scene: Any, factor: float, pos: tuple[int, int]) -> bool:
        """Zoom by ``factor`` keeping the board point under ``pos`` where it is."""
        layout: BoardLayout | None = scene.layout
        zoom = min(MAX_ZOOM, max(1.0, self.zoom * factor))
        if layout is None or abs(zoom - self.zoom) < 1e-9:
            return True  # used up all the same: the wheel over the board never scrolls anything else
        ux, uy = layout.to_unit(*pos)
        cx, cy = layout.centre
        size = layout.fit_size * zoom
        self.zoom = zoom
        self.focus = (ux - (pos[0] - cx) / size, uy - (pos[1] - cy) / size) if zoom > 1.0 else None
        return self._relayout(scene)

    def _relayout(self, scene: Any) -> bool:
        scene.layout = self.layout(scene.view, scene.layout.rect)
        scene.hover = None
        return True

    # ------------------------------------------------------------------------------------------ drawing

    def draw_badge(self, scene: Any, surface: pygame.Surface) -> None:
        """When zoomed in: the zoom at the board's bottom-left corner, with how to see the whole board."""
        if self.zoom <= 1.0:
            return
        board = scene.regions()["board"]
        text = _("Zoom {percent}% · 0: whole board", percent=round(self.zoom * 100))
        font = scene.app.assets.font(scene.px(12), bold=True)
        label = font.render(text, True, INK)
        pad = scene.px(6)
        rect = label.get_rect().inflate(2 * pad, pad)
        rect.bottomleft = (board.x + pad, board.bottom - pad)
        chip = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(chip, (*PARCHMENT, 225), chip.get_rect(), border_radius=rect.height // 2)
        pygame.draw.rect(chip, (*INK, 160), chip.get_rect(), 1, border_radius=rect.height // 2)
        chip.blit(label, label.get_rect(center=chip.get_rect().center))
        surface.blit(chip, rect)
