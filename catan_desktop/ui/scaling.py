"""How big text and widgets are: the window size times the player's UI-scale setting, the pygame_gui theme
with its font sizes scaled to match, and the ``ScaledGui`` mixin every scaled screen and dialog uses (its own
module so that the dialogs can scale without importing the screens' widgets)."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame_gui

from .scene import new_manager

if TYPE_CHECKING:
    from .app import App

# ------------------------------------------------------------------------------------------------ scale

BASE_SIZE = (1280, 720)  # the window size the layouts are drawn for at scale 1


def ui_factor(app: App) -> float:
    """How much bigger than at 1280x720 text and widgets should be: the window size times the player's
    UI-scale setting, in steps of 1/8 so a few pixels of resizing do not rebuild every font."""
    w, h = app.size
    window = max(0.75, min(w / BASE_SIZE[0], h / BASE_SIZE[1]))
    user = max(0.75, min(1.5, float(getattr(app.settings, "ui_scale", 1.0) or 1.0)))
    factor = window * user
    factor = min(factor, h / 640, w / 1100)  # never so large that a 720-px layout stops fitting
    return max(0.75, round(factor * 8) / 8)


_VOLLKORN = {
    "name": "vollkorn_bold",
    "bold": "0",
    "regular_path": "assets/fonts/Vollkorn-Bold.ttf",
    "bold_path": "assets/fonts/Vollkorn-Bold.ttf",
}
_DEJAVU = {
    "name": "dejavu_sans",
    "regular_path": "assets/fonts/DejaVuSans.ttf",
    "bold_path": "assets/fonts/DejaVuSans-Bold.ttf",
}

# Object ids these screens add to the shared theme (the theme file is another engineer's; these only add).
EXTRA_THEME: dict[str, Any] = {
    "#form_label": {"misc": {"text_horiz_alignment": "left"}},
    "#bold_label": {"font": {**_DEJAVU, "size": "15", "bold": "1"}, "misc": {"text_horiz_alignment": "left"}},
    "#small_label": {
        "font": {**_DEJAVU, "size": "13", "bold": "0"},
        "misc": {"text_horiz_alignment": "left"},
        "colours": {"normal_text": "#5A4632"},
    },
    "#error_label": {
        "font": {**_DEJAVU, "size": "14", "bold": "1"},
        "misc": {"text_horiz_alignment": "left"},
        "colours": {"normal_text": "#B3261E"},
    },
    "#winner": {"font": {**_VOLLKORN, "size": "44"}, "colours": {"normal_text": "#33241A"}},
    "#roomy_list": {"misc": {"list_item_height": "36"}},
    "#roomy_list.@selection_list_item": {"misc": {"text_horiz_alignment": "left"}},
    "#drop_up": {"misc": {"expand_direction": "up"}},
    "#plain_text": {
        "font": {**_DEJAVU, "size": "13", "bold": "0"},
        "colours": {"dark_bg": "#00000000", "normal_border": "#00000000", "normal_text": "#5A4632"},
        "misc": {"border_width": "0", "shadow_width": "0", "padding": "0,0"},
    },
    "#left_heading": {
        "font": {**_VOLLKORN, "size": "20"},
        "misc": {"text_horiz_alignment": "left"},
        "colours": {"normal_text": "#33241A"},
    },
    "#small_note": {  # a chart's explanation under it (the story of a game)
        "font": {**_DEJAVU, "size": "12", "bold": "0"},
        "misc": {"text_horiz_alignment": "left"},
        "colours": {"normal_text": "#7A6A56"},
    },
    "#left_text": {"misc": {"text_horiz_alignment": "left"}, "colours": {"normal_text": "#33241A"}},
}


def scaled_theme(theme: dict[str, Any], factor: float) -> dict[str, Any]:
    """A copy of a pygame_gui theme plus EXTRA_THEME, with every font size (and the tooltip width)
    multiplied by ``factor``; font paths are made absolute like the theme's own."""
    out = copy.deepcopy(theme)
    root = _font_root(theme)
    for key, block in copy.deepcopy(EXTRA_THEME).items():
        font = block.get("font")
        if font and root is not None:
            for k in ("regular_path", "bold_path"):
                font[k] = str(root / Path(font[k]).name)
        out.setdefault(key, {}).update(block)
    for block in out.values():
        if not isinstance(block, dict):
            continue
        font = block.get("font")
        if isinstance(font, dict) and "size" in font:
            font["size"] = str(max(8, round(float(font["size"]) * factor)))
        misc = block.get("misc")
        if isinstance(misc, dict):
            for key in ("rect_width", "title_bar_height", "list_item_height"):
                if key in misc:
                    misc[key] = str(round(float(misc[key]) * factor))
    return out


def _font_root(theme: dict[str, Any]) -> Path | None:
    """The folder holding the theme's fonts (its paths were made absolute by Assets.theme())."""
    for block in theme.values():
        if isinstance(block, dict) and isinstance(block.get("font"), dict):
            path = block["font"].get("regular_path")
            if path:
                return Path(path).parent
    return None


def make_manager(app: App, factor: float) -> pygame_gui.UIManager:
    """A UIManager for the whole window with fonts scaled by ``factor``."""
    return new_manager(app.size, scaled_theme(app.theme, factor))


def refit_manager(scene: Any, factor: float, built_for: float, size: tuple[int, int]) -> bool:
    """Fit ``scene.ui`` to a new window ``size``: when the scale ``factor`` differs from the one its manager
    was ``built_for``, the old widgets go (their pixels first) and a manager with the new scale's fonts
    comes; otherwise the same manager is told the new size. True when the manager is new."""
    if factor != built_for:
        scene.drop_widgets()
        scene.ui = make_manager(scene.app, factor)
        return True
    scene.ui.set_window_resolution(size)
    return False


class ScaledGui:
    """Mixin for GuiScene subclasses: text and widgets grow with the window and the UI-scale setting.

    ``self.scale`` is the factor; ``self.px(n)`` turns a length drawn for 1280x720 into pixels.
    """

    app: App
    ui: pygame_gui.UIManager
    scale: float = 1.0

    def _setup_scale(self) -> None:
        self.scale = ui_factor(self.app)
        self.ui = make_manager(self.app, self.scale)

    def px(self, n: float) -> int:
        return round(n * self.scale)

    def resize(self, size: tuple[int, int]) -> None:
        factor = ui_factor(self.app)
        refit_manager(self, factor, self.scale, size)
        self.scale = factor
        self.rebuild()  # type: ignore[attr-defined]
