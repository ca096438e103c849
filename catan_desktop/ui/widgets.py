"""Small shared pieces for the menu-side scenes: a scaled widget manager, the island backdrop, button
columns, colour and date labels, and the base classes that give every sub-screen Esc = back and
Enter = its primary action.
"""

from __future__ import annotations

import datetime as _dt
import html
import math
import os
import random
import subprocess
import sys
import warnings
import weakref
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.core import UIElement
from pygame_gui.elements import UIButton, UILabel, UIPanel, UISelectionList, UITextBox

from ..i18n import N_, _
from .dialogs import OverlayScene, centred_rect, dim
from .scaling import ScaledGui
from .scene import GuiScene

if TYPE_CHECKING:
    from ..render.assets import Assets
    from .app import App

INK = (51, 36, 26)  # the theme's text colour on parchment
IVORY = (251, 244, 228)
GOLD = (217, 178, 106)
ERROR_RED = "#B3261E"


# --------------------------------------------------------------------------------------------- backdrop

_TERRAINS = (
    ("forest",) * 4 + ("pasture",) * 4 + ("fields",) * 4 + ("hills",) * 3 + ("mountains",) * 3 + ("desert",)
)
_backdrops: weakref.WeakKeyDictionary[Assets, dict[tuple[int, int, int], pygame.Surface]] = (
    weakref.WeakKeyDictionary()
)


def backdrop(assets: Assets, size: tuple[int, int], shade: int = 0) -> pygame.Surface:
    """The island backdrop for a window of ``size``: a mosaic of terrain tiles on the sea under a dark
    vignette; ``shade`` (0-255) darkens it further for screens that put a panel on top.

    Only the last one asked for is kept: each is a whole window of pixels (8 MB at 1920x1080); a cache of
    several sizes kept backdrops of sizes the window had long left, and one of each shade kept the main menu's
    under every other screen (only the highest full screen draws one, so a frame needs one; painting another
    takes 40 ms at 1920x1080, as a screen opens or closes)."""
    cache = _backdrops.setdefault(assets, {})
    key = (size[0], size[1], shade)
    surf = cache.get(key)
    if surf is None:
        cache.clear()
        surf = cache[key] = _paint_backdrop(assets, size, shade)
    return surf


def _paint_backdrop(assets: Assets, size: tuple[int, int], shade: int) -> pygame.Surface:
    """Paint the backdrop. Its tiles are scaled here and dropped afterwards, not kept in ``assets.scaled``'s
    cache: every window size needs a new set (half a megabyte a tile at 1080p) that nothing else uses."""
    w, h = size
    surf = pygame.Surface(size).convert() if pygame.display.get_surface() else pygame.Surface(size)
    tiles: dict[str, pygame.Surface] = {}

    def tile_of(name: str, tile_size: tuple[int, int]) -> pygame.Surface:
        tile = tiles.get(name)
        if tile is None:
            tile = tiles[name] = pygame.transform.smoothscale(assets.image(name), tile_size)
        return tile

    try:
        sea_side = max(128, h // 3)
        sea = tile_of("sea", (sea_side, sea_side))
        for x in range(0, w, sea_side):
            for y in range(0, h, sea_side):
                surf.blit(sea, (x, y))
    except (FileNotFoundError, pygame.error):
        surf.fill((46, 111, 167))
    r = h / 6.2  # hex radius: about six rows of tiles on screen
    tw, th = round(math.sqrt(3) * r), round(2 * r)
    gap = max(2, round(r * 0.05))
    rng = random.Random(11)  # the same pleasant arrangement every time
    rows = int(h / (1.5 * r)) + 3
    cols = int(w / tw) + 3
    cx, cy = w / 2, h / 2
    for row in range(-1, rows):
        for col in range(-1, cols):
            x = col * tw + (tw / 2 if row % 2 else 0) - tw / 2
            y = row * 1.5 * r - r
            # the island thins out towards the corners, where the sea shows through
            dx, dy = (x + tw / 2 - cx) / (w / 2), (y + r - cy) / (h / 2)
            if dx * dx * 0.55 + dy * dy * 0.9 > 1.0 + rng.random() * 0.25:
                continue
            name = "terrain/" + rng.choice(_TERRAINS)
            try:
                tile = tile_of(name, (tw - gap, th - gap))
            except (FileNotFoundError, pygame.error):
                continue
            surf.blit(tile, (round(x + gap / 2), round(y + gap / 2)))
    surf.blit(_vignette(size, shade), (0, 0))
    return surf


def _vignette(size: tuple[int, int], shade: int) -> pygame.Surface:
    """A dark veil, stronger towards the edges, computed small and smoothly scaled up."""
    sw, sh = 64, 36
    small = pygame.Surface((sw, sh), pygame.SRCALPHA)
    for y in range(sh):
        for x in range(sw):
            dx, dy = (x + 0.5) / sw * 2 - 1, (y + 0.5) / sh * 2 - 1
            d = min(1.0, math.sqrt(dx * dx + dy * dy) / math.sqrt(2))
            top = max(0.0, 1 - (y + 0.5) / sh * 2.2) * 70  # a darker band at the top, behind titles
            alpha = 95 + shade + top + (235 - 95) * d**1.4
            small.set_at((x, y), (14, 10, 8, int(min(245, alpha))))
    return pygame.transform.smoothscale(small, size)


def draw_title(
    surface: pygame.Surface,
    assets: Assets,
    text: str,
    centre: tuple[int, int],
    height: int,
    colour: tuple[int, int, int] = IVORY,
) -> pygame.Rect:
    """Draw ``text`` in the title face (Vollkorn) with a soft drop shadow; returns the text's rectangle."""
    font = assets.font(max(12, height), title=True)
    label = font.render(text, True, colour)
    shadow = font.render(text, True, (0, 0, 0))
    shadow.set_alpha(150)
    rect = label.get_rect(center=centre)
    off = max(2, height // 18)
    surface.blit(shadow, rect.move(off, off))
    surface.blit(label, rect)
    return rect


# ------------------------------------------------------------------------------------------- widgets


class TipButton(UIButton):
    """A button that keeps showing its tooltip while disabled, so it can say why it is disabled, and whose
    label takes a smaller size of its face when it is too wide for the button (issue 14: "Terminar turno",
    "Insediamento" in a 117-px button at 1280x720), never cut off."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fit_text()

    def set_text(self, text: str, *args: Any, **kwargs: Any) -> None:
        super().set_text(text, *args, **kwargs)
        self.fit_text()

    def fit_text(self) -> None:
        """Step the label's point size down (to 9 at least) until it fits inside the button."""
        font = self.font
        if font is None or not self.text:
            return
        room = self.rect.w - 16  # the border and the text padding of the theme
        size = getattr(font, "point_size", 0)
        if font.size(self.text)[0] <= room or size <= 9:
            return
        fonts = self.ui_manager.get_theme().get_font_dictionary()
        with warnings.catch_warnings():  # a size not preloaded is loaded now, once (pygame_gui warns)
            warnings.simplefilter("ignore")
            while size > 9:
                size -= 1
                smaller = fonts.find_font(size, "dejavu_sans", bold=True)
                if smaller.size(self.text)[0] <= room:
                    break
        self.font = smaller
        self.rebuild()

    def can_hover(self) -> bool:
        return not self.is_selected and not self.held

    def set_tooltip(self, text: str | None, *args: Any, **kwargs: Any) -> None:
        """A new tooltip text replaces the one showing (pygame_gui kept showing the old text while the mouse
        stayed: a disabled button's old reason after the state changed)."""
        changed = text != self.tool_tip_text
        super().set_tooltip(text, *args, **kwargs)
        if changed and self.tool_tip is not None:
            self.tool_tip.kill()
            self.tool_tip = None  # shown again at once with the new text while the mouse stays

    def on_hovered(self) -> None:
        if self.is_enabled:
            super().on_hovered()
        else:
            UIElement.on_hovered(self)  # start the tooltip timer; keep the disabled look

    def on_unhovered(self) -> None:
        if self.is_enabled:
            super().on_unhovered()
        else:
            UIElement.on_unhovered(self)


class DropDown(pygame_gui.elements.UIDropDownMenu):
    """A drop-down whose open list is as wide as its box: pygame_gui keeps the arrow button's width free
    beside the list, so the list looked narrower than the box it drops from (issue 31)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        expanded = self.menu_states["expanded"]
        start = expanded.start

        def widened_start(should_rebuild: bool = True) -> None:
            start(should_rebuild)
            options = getattr(expanded, "options_selection_list", None)
            if options is not None:
                options.set_dimensions((self.relative_rect.width, options.relative_rect.height))

        expanded.start = widened_start


def button_column(
    manager: pygame_gui.UIManager,
    rect: pygame.Rect,
    items: Sequence[tuple[str, str | None, bool]],
    height: int,
    gap: int,
    container: Any = None,
) -> list[UIButton]:
    """A vertical column of buttons inside ``rect`` (relative to ``container``), one per
    (label, tooltip, primary?) item, each ``height`` high with ``gap`` between them."""
    buttons = []
    y = rect.y
    for label, tip, primary in items:
        buttons.append(
            TipButton(
                pygame.Rect(rect.x, y, rect.w, height),
                label,
                manager=manager,
                container=container,
                tool_tip_text=tip,
                object_id="#primary" if primary else None,
            )
        )
        y += height + gap
    return buttons


def preload_font(manager: pygame_gui.UIManager, name: str, size: int, bold: bool = False) -> None:
    """Load a font a UITextBox's markup asks for (``<font face=... pixel_size=...>``) unless it is loaded."""
    fonts = manager.get_theme().get_font_dictionary()
    if not fonts.check_font_preloaded(fonts.create_font_id(size, name, bold, False)):
        fonts.preload_font(size, name, bold, False, force_immediate_load=True)


def esc(text: str) -> str:
    """Escape text for a UITextBox (which reads a small HTML subset)."""
    return html.escape(str(text), quote=False)


def path_html(label: str, path: object, limit: int) -> str:
    """``label`` (e.g. "File: ") and a file path as UITextBox HTML that breaks only between folders, at most
    ``limit`` characters a line: the text box broke a long path inside a name ("base.y-" / "-aml")."""
    text = str(path)
    sep = "\\" if "\\" in text and "/" not in text else "/"
    parts = text.split(sep)
    lines, line = [], label
    for i, part in enumerate(parts):
        piece = part + (sep if i < len(parts) - 1 else "")
        if line.strip() and len(line) + len(piece) > limit:
            lines.append(line)
            line = ""
        line += piece
    lines.append(line)
    return "<br>".join(esc(x) for x in lines)


_COLOUR_NAMES = {
    "red": N_("Red"),
    "blue": N_("Blue"),
    "orange": N_("Orange"),
    "white": N_("White"),
    "green": N_("Green"),
    "brown": N_("Brown"),
    "cb_orange": N_("Orange"),
    "cb_skyblue": N_("Sky blue"),
    "cb_green": N_("Bluish green"),
    "cb_yellow": N_("Yellow"),
    "cb_blue": N_("Blue"),
    "cb_vermillion": N_("Vermillion"),
}


def colour_label(name: str) -> str:
    """A player colour's name as the player reads it ("cb_skyblue" -> "Sky blue"), translated."""
    return _(_COLOUR_NAMES.get(name, name.replace("_", " ").capitalize()))


_MONTHS = (
    N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), N_("May"), N_("Jun"),
    N_("Jul"), N_("Aug"), N_("Sep"), N_("Oct"), N_("Nov"), N_("Dec"),
)


def short_date(moment: _dt.datetime, year: bool = False) -> str:
    """ "22 Nov 14:05" (or "22 Nov 2024 14:05"), month names translated, in local time."""
    month = _(_MONTHS[moment.month - 1])
    if year:
        return f"{moment.day} {month} {moment.year} {moment:%H:%M}"
    return f"{moment.day} {month} {moment:%H:%M}"


def saved_date(iso: str) -> str:
    """A save's ISO timestamp shown in local time ("22 Nov 2024 14:05"); the raw text if unreadable."""
    if not iso:
        return "-"
    try:
        moment = _dt.datetime.fromisoformat(iso)
    except ValueError:
        return iso
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return short_date(moment, year=True)


# --------------------------------------------------------------------------------------- base scenes


class ScreenScene(ScaledGui, GuiScene):
    """A full-screen sub-screen: the backdrop, a parchment panel, Esc = back, Enter = primary action."""

    title = ""
    panel_size = (1000, 640)  # at 1280x720; shrunk to fit smaller windows

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self._setup_scale()
        self.panel: UIPanel | None = None

    # layout ----------------------------------------------------------------------------------------

    def panel_rect(self) -> pygame.Rect:
        w, h = self.app.size
        pw = min(self.px(self.panel_size[0]), w - self.px(24))
        ph = min(self.px(self.panel_size[1]), h - self.px(24))
        return pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)

    def make_panel(self) -> tuple[UIPanel, pygame.Rect]:
        """The scene's parchment panel with its title; returns it and its inner rect (panel coordinates)."""
        rect = self.panel_rect()
        self.panel = UIPanel(rect, manager=self.ui)
        pad = self.px(22)
        title_h = self.px(48)
        UILabel(  # a few pixels of slack round the title: at some scales its face is a pixel taller than
            # title_h (issue 31: "Impostazioni", "Nuova partita", "Settings" were cut at 800x600)
            pygame.Rect(pad, self.px(12) - 3, rect.w - 2 * pad, title_h + 6),
            self.title,
            manager=self.ui,
            container=self.panel,
            object_id="#title",
        )
        inner = pygame.Rect(
            pad,
            self.px(12) + title_h + self.px(8),
            rect.w - 2 * pad - self.px(6),
            rect.h - title_h - self.px(20) - pad,
        )
        return self.panel, inner

    def footer_buttons(
        self, inner: pygame.Rect, items: Sequence[tuple[str, str | None, bool]], width: int = 170
    ) -> list[UIButton]:
        """Buttons right-aligned along the bottom of ``inner`` (first item leftmost)."""
        bw, bh, gap = self.px(width), self.px(46), self.px(12)
        x = inner.right - len(items) * bw - (len(items) - 1) * gap
        y = inner.bottom - bh
        out = []
        for label, tip, primary in items:
            out.append(
                TipButton(
                    pygame.Rect(x, y, bw, bh),
                    label,
                    manager=self.ui,
                    container=self.panel,
                    tool_tip_text=tip,
                    object_id="#primary" if primary else None,
                )
            )
            x += bw + gap
        return out

    def list_and_details(
        self,
        inner: pygame.Rect,
        list_w: int,
        items: list[tuple[str, str]],
        selected: int | None,
        details: str,
        empty_text: str,
    ) -> tuple[UISelectionList | None, UITextBox]:
        """A selection list on the left of ``inner`` (or ``empty_text`` when there are no items) and an HTML
        details box on the right, both above the footer buttons (the saves and the variants screens)."""
        body_h = inner.h - self.px(46) - self.px(14)
        chosen: UISelectionList | None = None
        if items:
            chosen = UISelectionList(
                pygame.Rect(inner.x, inner.y, list_w, body_h),
                items,
                manager=self.ui,
                container=self.panel,
                default_selection=items[selected] if selected is not None else None,
                object_id="#roomy_list",
            )
        else:
            UITextBox(
                empty_text,
                pygame.Rect(inner.x, inner.y, list_w, body_h),
                manager=self.ui,
                container=self.panel,
            )
        dx = inner.x + list_w + self.px(14)
        box = UITextBox(
            details, pygame.Rect(dx, inner.y, inner.right - dx, body_h), manager=self.ui, container=self.panel
        )
        return chosen, box

    # input -----------------------------------------------------------------------------------------

    def back(self) -> None:
        """Esc and the Back button: leave this screen."""
        self.app.pop()

    def primary(self) -> bool:
        """Enter: the screen's main action; return False when there is none."""
        return False

    # a list made by list_and_details whose items are "#{list_prefix}_{index}" (Load game, Import, ...)
    list_prefix = ""
    list: UISelectionList | None = None

    def select(self, index: int | None) -> None:
        """A list item was chosen (screens with a ``list_prefix`` list)."""

    def on_double_click(self) -> None:
        """A list item was double-clicked."""

    def shortcuts(self) -> dict[int, Any]:
        """Keys of the screen's own actions (key -> a function of no arguments), besides Esc and Enter."""
        return {}

    def on_widget_event(self, event: pygame.event.Event) -> bool:
        if self.list_prefix and self.list is not None and event.ui_element is self.list:
            chosen = self.list.get_single_selection(include_object_id=True)
            if chosen is not None:
                self.select(int(chosen[1].removeprefix(f"#{self.list_prefix}_")))
            return True
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if (event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION and self.list_prefix
                and self.list is not None and event.ui_element is self.list):
            self.on_double_click()
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                if not self._close_open_drop_down():
                    self.back()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.primary():
                return True
            action = self.shortcuts().get(event.key)
            if action is not None:
                action()
                return True
        return super().handle_event(event)

    def _close_open_drop_down(self) -> bool:
        """Esc first folds an open drop-down list; returns True if it did."""
        for element in _all_elements(self.ui):
            if isinstance(
                element, pygame_gui.elements.UIDropDownMenu
            ) and element.current_state is element.menu_states.get("expanded"):
                element.current_state.should_transition = True
                return True
        return False

    # drawing ---------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(self.app.assets, surface.get_size(), shade=40), (0, 0))
        self.draw_ui(surface)


class PanelOverlay(ScaledGui, OverlayScene):
    """A modal panel over a dimmed scene, with the same scaling as the full screens."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self._setup_scale()

    def centred(self, w: int, h: int) -> pygame.Rect:
        return centred_rect(self.app.size, self.px(w), self.px(h))

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 160)
        self.draw_ui(surface)


def _all_elements(manager: pygame_gui.UIManager) -> list[Any]:
    return list(manager.get_sprite_group().sprites())


def show_folder(app: App, folder: Path, title: str, explain: str) -> None:
    """Open ``folder`` (created first) in the system's file manager; when that is not possible, a message
    says where it is. ``explain`` is the message's first sentence, with a ``{folder}`` field."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if sys.platform.startswith("win"):
            os.startfile(folder)  # type: ignore[attr-defined]  # noqa: S606 (Windows only)
        else:
            opener = "open" if sys.platform == "darwin" else "xdg-open"
            subprocess.Popen([opener, str(folder)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             start_new_session=True)
    except OSError as exc:
        error = exc.strerror or exc
        app.show_message(title, _(explain, folder=folder) + "\n\n" + _(
            "It could not be opened here ({error}); open it in your file manager.", error=error))
