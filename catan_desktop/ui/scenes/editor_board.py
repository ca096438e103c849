"""The board editor's board (issue 34): drawing it with what the tool in hand acts on, turning the mouse into
the session's edits, and zoom and pan as on the game board (render/layout.py: a layout at a zoom with a
focus, so hit testing follows the view).

Zoom: the wheel over the board zooms around the pointer, Ctrl and + / - around the middle, 0 shows the whole
board; pan: the arrow keys, or a drag with the middle mouse button (a left drag paints). Shift and the wheel
over a hex change its number. On a map board (``map_session.MapSession``) the harbour tool acts on paths (a
red path, S-3.3) and the places tool on locations (name, chip spot, canal mark).
"""

from __future__ import annotations

from typing import Any

import pygame

from ...i18n import _
from ...render.board_static import BADGE
from ...render.layout import BoardLayout as ScreenLayout
from ...render.palette import CLASSIC, INK, PARCHMENT, WOOD_LIGHT

HARBOUR_KINDS = (None, "generic")  # then the rules' resources
GOLD = (214, 170, 60)
VEIL = (40, 40, 40, 150)
MARK = (179, 38, 30)
MAX_ZOOM = 4.0
ZOOM_STEP = 1.25
PAN_KEYS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}


class EditorBoard:
    """The board part of ``editor.EditorScene`` (a mixin: the scene holds the session and the tool)."""

    app: Any
    session: Any
    tool: str
    brush: str
    number: int
    board_rect: pygame.Rect
    layout: ScreenLayout | None
    hover: int | None
    selected: int | None
    renderer: Any
    zoom: float
    focus: tuple[float, float] | None

    px: Any  # the scene's scaling of a length in pixels (ScreenScene.px)

    # ------------------------------------------------------------------------------------------ layout

    def _screen_layout(self) -> ScreenLayout:
        view = self.session.board_view()
        key = (self.board_rect.size, view.topo.hex_ids, view.topo.edge_nodes, tuple(view.harbours), self.zoom,
               self.focus)
        if self.layout is None or getattr(self, "_layout_key", None) != key:
            area = (0, 0, self.board_rect.w, self.board_rect.h)  # drawn into the board's own surface
            if self.session.is_map:  # room for the red paths' badges, as the game screen leaves
                badges, margin = [e for e, _kind in view.harbours], 0.3
            else:  # room for a harbour anywhere on the coast
                badges, margin = list(self.session.coast), 0.9
            self.layout = ScreenLayout.fitting(view.topo, area, badges, BADGE, sea_margin=margin,
                                               zoom=self.zoom, focus=self.focus)
            if self.zoom > 1.0:
                self.focus = self.layout.focus
            self._layout_key = (*key[:-1], self.focus)
        return self.layout

    # ----------------------------------------------------------------------------------------- drawing

    def draw_board(self, surface: pygame.Surface) -> None:
        area = self.board_rect.clip(surface.get_rect())
        w, h = surface.get_size()
        strips = ((0, 0, w, area.top), (0, area.bottom, w, h - area.bottom), (0, area.top, area.left, area.h),
                  (area.right, area.top, w - area.right, area.h))
        for strip in strips:  # the board itself covers the rest
            surface.fill(WOOD_LIGHT, strip)
        view = self.session.board_view()
        layout = self._screen_layout()
        board = surface.subsurface(area)
        self.renderer.draw(board, view, layout, list(CLASSIC))
        overlay = self._overlay(board.get_size(), layout)
        if overlay is not None:
            board.blit(overlay, (0, 0))
        dot = max(4, self.px(6))
        if self.tool == "harbour":
            for e in self.session.coast:
                pygame.draw.circle(board, GOLD, [int(v) for v in layout.edge_mid(e)], dot)
        if self.tool == "place":
            for n in range(view.topo.num_nodes):
                pygame.draw.circle(board, GOLD, [int(v) for v in layout.node_pos(n)], dot, 2)
        if self.selected is not None and self.tool == "place":
            pygame.draw.circle(board, MARK, [int(v) for v in layout.node_pos(self.selected)], self.px(12), 3)
        if self.hover is not None:
            if self.tool == "harbour":
                pygame.draw.circle(board, INK, [int(v) for v in layout.edge_mid(self.hover)], self.px(9), 3)
            elif self.tool == "place":
                pygame.draw.circle(board, INK, [int(v) for v in layout.node_pos(self.hover)], self.px(10), 3)
            else:
                pygame.draw.polygon(board, GOLD, layout.hex_polygon(self.hover), max(2, self.px(3)))
        self._draw_zoom_badge(board)
        self._draw_header(surface)

    def _overlay(self, size: tuple[int, int], layout: ScreenLayout) -> pygame.Surface | None:
        """The veil on hexes not painted yet and the red outline of hexes an issue is about (made again
        only after an edit); None when there is neither (a full-window blit of nothing costs ~1.5 ms)."""
        key = (size, self.session.version, id(layout))
        if getattr(self, "_overlay_key", None) != key:
            topo = self.session.board_view().topo
            veiled = [h for h in range(topo.num_hexes) if self.session.terrain[h] is None]  # not painted yet
            marked = {h for issue in self.session.issues() for h in issue.hexes}
            veil = pygame.Surface(size, pygame.SRCALPHA) if veiled or marked else None
            if veil is not None:
                for h in veiled:
                    pygame.draw.polygon(veil, VEIL, layout.hex_polygon(h))
                for hex_id in marked:
                    outline = layout.hex_polygon(topo.hex_index[hex_id])
                    pygame.draw.polygon(veil, MARK, outline, max(2, self.px(3)))
            self._overlay_surface, self._overlay_key = veil, key
        return self._overlay_surface

    def _draw_zoom_badge(self, board: pygame.Surface) -> None:
        """When zoomed in: the zoom at the board's bottom-left corner, with how to see the whole board."""
        if self.zoom <= 1.0:
            return
        text = _("Zoom {percent}% · 0: whole board", percent=round(self.zoom * 100))
        label = self.app.assets.font(self.px(12), bold=True).render(text, True, INK)
        pad = self.px(6)
        rect = label.get_rect().inflate(2 * pad, pad)
        rect.bottomleft = (pad, board.get_height() - pad)
        pygame.draw.rect(board, PARCHMENT, rect, border_radius=rect.height // 2)
        pygame.draw.rect(board, INK, rect, 1, border_radius=rect.height // 2)
        board.blit(label, label.get_rect(center=rect.center))

    def _draw_header(self, surface: pygame.Surface) -> None:
        """The title bar: the board's title (* when not saved) and what the tool in hand does."""
        w = surface.get_width()
        shown = self.session.meta.title + (" *" if self.session.dirty else "")
        key = (w, shown, self._hint(), self.px(46))
        if getattr(self, "_header_key", None) != key:
            bar = pygame.Surface((w, self.px(46)))
            bar.fill((74, 52, 36))
            font = self.app.assets.font(self.px(20), title=True)
            title = font.render(_("Board editor \u00b7 {title}", title=shown), True, PARCHMENT)
            bar.blit(title, (self.px(14), bar.get_height() // 2 - title.get_height() // 2))
            hint = self.app.assets.font(self.px(14)).render(self._hint(), True, PARCHMENT)
            bar.blit(hint, (self.px(30) + title.get_width(), bar.get_height() // 2 - hint.get_height() // 2))
            self._header, self._header_key = bar, key
        surface.blit(self._header, (0, 0))

    def _hint(self) -> str:
        if self.tool == "paint":
            return _("Painting {terrain}: click or drag over hexes", terrain=_(self.brush))
        if self.tool == "number":
            return _("Number {n}: click a hex; + and - change the number", n=self.number)
        if self.tool == "harbour":
            if self.session.is_map:
                return _("Red paths: click a gold dot on a path")
            return _("Harbours: click a gold dot on the coast")
        if self.tool == "place":
            return _("Places: click a location, then name it or mark it on the left")
        return _("Robber: click the hex it starts on")

    # ------------------------------------------------------------------------------------------- input

    def _target(self, pos: tuple[int, int]) -> int | None:
        """The hex (with the harbour tool the coastal edge or path, with the places tool the location)
        under a screen point."""
        if self.layout is None or not self.board_rect.collidepoint(pos):
            return None
        x, y = pos[0] - self.board_rect.x, pos[1] - self.board_rect.y
        if self.tool == "harbour":
            e = self.layout.edge_at(x, y, tolerance=self.layout.size * 0.45)
            return e if e in self.session.coast else None
        if self.tool == "place":
            return self.layout.node_at(x, y, tolerance=self.layout.size * 0.4)
        return self.layout.hex_at(x, y)

    def _apply(self, target: int, button: int) -> None:
        s = self.session
        if self.tool == "harbour":
            kinds = [*HARBOUR_KINDS, *s.base_rules.resources]
            if s.is_map:
                now = s.red_path_at(target)
                s.set_red_path(target, None if button == 3 else kinds[(kinds.index(now) + 1) % len(kinds)])
                return
            h, side = s.coast[target]
            hex_id = s.topology.hex_ids[h]
            now = s.harbour_at(hex_id, side)
            s.set_harbour(hex_id, side, None if button == 3 else kinds[(kinds.index(now) + 1) % len(kinds)])
            return
        if self.tool == "place":
            self.select_place(target)
            return
        hex_id = s.topology.hex_ids[target]
        if self.tool == "paint":
            s.paint(hex_id, None if button == 3 else self.brush)
        elif self.tool == "number":
            s.set_number(hex_id, None if button == 3 else self.number)
        elif self.tool == "robber" and button == 1:
            s.set_robber(hex_id)

    def select_place(self, node: int | None) -> None:
        """Choose the location the place widgets edit (the scene shows its name and marks)."""
        self.selected = node

    def zoom_event(self, event: pygame.event.Event) -> bool:
        """Zoom or pan for ``event``; True when it was used up."""
        if event.type == pygame.MOUSEWHEEL and not (pygame.key.get_mods() & pygame.KMOD_SHIFT):
            pos = getattr(self, "_pointer", None) or pygame.mouse.get_pos()
            if not self.board_rect.collidepoint(pos):
                return False
            return self._zoom_by(ZOOM_STEP ** event.y, pos)
        if event.type == pygame.MOUSEMOTION:
            self._pointer = event.pos
            if event.buttons[1] and self.zoom > 1.0:
                return self._pan(event.rel)
        if event.type == pygame.KEYDOWN:
            ctrl = event.mod & pygame.KMOD_CTRL
            if ctrl and event.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
                return self._zoom_by(ZOOM_STEP, self.board_rect.center)
            if ctrl and event.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
                return self._zoom_by(1 / ZOOM_STEP, self.board_rect.center)
            if event.key in (pygame.K_0, pygame.K_KP0) and not ctrl:
                return self._zoom_by(1 / MAX_ZOOM, self.board_rect.center)
            if event.key in PAN_KEYS and self.zoom > 1.0:
                dx, dy = PAN_KEYS[event.key]
                return self._pan((-dx * self.board_rect.w / 5, -dy * self.board_rect.h / 5))
        return False

    def _zoom_by(self, factor: float, pos: tuple[int, int]) -> bool:
        """Zoom by ``factor`` keeping the board point under ``pos`` where it is."""
        layout = self._screen_layout()
        zoom = min(MAX_ZOOM, max(1.0, self.zoom * factor))
        if abs(zoom - self.zoom) < 1e-9:
            return True
        x, y = pos[0] - self.board_rect.x, pos[1] - self.board_rect.y
        ux, uy = layout.to_unit(x, y)
        cx, cy = layout.centre
        size = layout.fit_size * zoom
        self.zoom = zoom
        self.focus = (ux - (x - cx) / size, uy - (y - cy) / size) if zoom > 1.0 else None
        return self._moved()

    def _pan(self, moved: tuple[float, float]) -> bool:
        layout = self._screen_layout()
        fx, fy = layout.focus
        self.focus = (fx - moved[0] / layout.size, fy - moved[1] / layout.size)
        return self._moved()

    def _moved(self) -> bool:
        """The view moved under a still pointer: what it points at now is the hover."""
        self._screen_layout()
        pointer = getattr(self, "_pointer", None)
        self.hover = self._target(pointer) if pointer is not None else None
        return True
