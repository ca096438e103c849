"""The pygame_gui manager every screen uses: pygame_gui's own, with a theme that keys its cache of element ids
compactly and shares its caches of pixels with the other screens' themes.

Why (issue 35, item 9). First, for every widget pygame_gui works out the theme ids it answers to (``button``,
``#primary``, ``drop_down_menu.selection_list.button``...) and caches the answer in the theme, under a key
made with ``str(base_ids).join(str(element_ids).join(str(class_ids)).join(str(object_ids)))``. ``str.join``
puts the separator between every character, so the key's length is the product of the lists' printed lengths:
a button in the open list of a drop-down in a panel gets a key of 0.1-2.7 million characters. The theme keeps
every key for as long as its manager lives, one per distinct place a widget was made in: the New game screen's
drop-downs, each opened once, left 145 MB of keys behind (tracemalloc: ``build_all_combined_ids``), the
Scenarios & variants screen 15 MB as it opened, and a random soak's memory kept climbing on a screen full of
drop-downs until a resize replaced its manager. Here the key is the four id lists themselves, as tuples, and
the ids are still worked out by pygame_gui's own code.

Second, every screen has its own manager (each is laid out for its own text size), and each manager's theme
had its own cache of drawn shapes (a 1024x1024 page, 4 MB, from the start, up to three pages, plus copies
waiting to go in) and its own cache of drop shadows (those of the last 10 seconds, emptied only while the
theme's manager is updated: a Load screen under a Replay kept 10 MB of them at 1920x1080). A few screens
stacked kept one of each. The caches are keyed by what they draw (shape, size, colours), so every theme now
uses the same two. The shape cache takes a new shape as a copy on a waiting list and moves one a frame onto
its pages, which are bounded; the list was not, and a window being resized added shapes of every new size
faster than they moved: 210 copies, 31 MB, after 40 resizes of the game screen. Here it waits for at most
``MAX_WAITING`` shapes; a shape that finds it full is drawn again the next time instead of copied.

Third, pygame_gui draws every look of a widget ahead (normal, hovered, pressed, selected), one a frame after
the widget is made, and keeps them all, with its 4x-sized scratch surfaces until the last is drawn; a screen
covered before then kept those too. Only the disabled look waits until it is needed. Here every look but the
normal one waits (pygame_gui draws a look the moment a widget takes it, ``DrawableShape.set_active_state``):
four screens stacked at 1636x994 took 162 MB instead of 179, and the first hover of a button draws it once.

Fourth, a screen laid out again (a resize, a new text size) killed its widgets and built new ones while the
old ones still held their pixels: the screen keeps its widgets in attributes (``self.text``, ``self.panel``)
until the build puts the new ones there, and the rest wait in reference cycles for the end of the frame
(memory.py). For a moment both layouts were in memory, the Rules screen's 47 MB of pixels twice at 1800x1000
(a panel's look three times, the whole rules text drawn once in full). ``Manager.drop_widgets`` kills the
widgets and takes their pixels from them at once (``drop_pixels``), so the old layout's memory is free before
the new one is drawn; the widget objects stay, as pygame_gui leaves a killed widget, and a call on one redraws
what it needs (tests/ui/test_memory_held.py calls each kind's methods on dropped widgets).

Fifth, a text box taller than its room lays its text out twice as it is made: once at its full width, then,
having found it needs a scroll bar, again beside the bar, and the first layout, with the whole text drawn on
one surface, waited in reference cycles for the collector: the Rules' text twice over (15 MB each at
1800x1000). A text box now lets go of the text it drew before laying the text out again
(``lay_text_out_once``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import UIAppearanceTheme, UIElement
from pygame_gui.core.drawable_shapes.drawable_shape import DrawableShape, DrawableShapeState
from pygame_gui.core.surface_cache import SurfaceCache
from pygame_gui.core.text.text_box_layout import TextBoxLayout
from pygame_gui.core.ui_shadow import ShadowGenerator
from pygame_gui.elements import UITextBox

Ids = Sequence[str | None] | None
IdsKey = tuple[tuple[str | None, ...] | None, ...]


MAX_WAITING = 16  # shapes waiting to go onto the shape cache's pages (see the module's docstring)

_shared: dict[str, Any] = {}  # the one shape cache and shadow maker, made with the first theme


class ShapeCache(SurfaceCache):
    """pygame_gui's cache of drawn shapes with a bounded waiting list (see the module's docstring)."""

    def add_surface_to_cache(self, surface: Any, string_id: str) -> None:
        if len(self.cache_short_term_lookup) < MAX_WAITING:
            super().add_surface_to_cache(surface, string_id)


def shared_caches() -> tuple[SurfaceCache, ShadowGenerator]:
    """The cache of drawn shapes and the maker (and cache) of drop shadows that every theme uses."""
    if not _shared:
        _shared["shapes"] = ShapeCache()
        _shared["shadows"] = ShadowGenerator()
    return _shared["shapes"], _shared["shadows"]


def _key(*id_lists: Ids) -> IdsKey:
    return tuple(None if ids is None else tuple(ids) for ids in id_lists)


class CompactTheme(UIAppearanceTheme):
    """pygame_gui's theme with its cache of combined element ids keyed by the id lists, not by a string
    whose length grows as the product of theirs, and with the shape cache and shadow maker every theme
    shares (see the module's docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.combined_ids_by_key: dict[IdsKey, list[str]] = {}
        self.shape_cache, self.shadow_generator = shared_caches()

    def build_all_combined_ids(  # type: ignore[override]
        self, element_base_ids: Ids, element_ids: Ids, class_ids: Ids, object_ids: Ids
    ) -> list[str]:
        """The ids an element answers to, most specific first (pygame_gui's answer, cached compactly)."""
        key = _key(element_base_ids, element_ids, class_ids, object_ids)
        found = self.combined_ids_by_key.get(key)
        if found is None:
            # pygame_gui's own method works the ids out; the long key it files them under goes with this
            # scratch dictionary, which lives for the one call
            kept, self.unique_theming_ids = self.unique_theming_ids, {}
            try:
                found = super().build_all_combined_ids(element_base_ids, element_ids, class_ids, object_ids)
            finally:
                self.unique_theming_ids = kept
            self.combined_ids_by_key[key] = found
        return found


def draw_looks_when_needed() -> None:
    """Have pygame_gui draw a widget's looks other than the normal one when the widget first takes them
    (as it already does for the disabled look), not ahead (see the module's docstring). Done once, for
    every widget made afterwards; raises nothing."""
    if getattr(DrawableShapeState, "looks_when_needed", False):
        return
    made = DrawableShapeState.__init__

    def init(state: DrawableShapeState, state_id: str) -> None:
        made(state, state_id)
        state.should_auto_pregen = state_id == "normal"

    DrawableShapeState.__init__ = init  # type: ignore[method-assign]
    DrawableShapeState.looks_when_needed = True  # type: ignore[attr-defined]


def drop_pixels(element: UIElement, empty: pygame.Surface) -> None:
    """Let go of the pixels a killed widget holds (see the module's docstring): its image, each look of its
    shape and the shape's scratch surfaces, and its drawn text. Each is given the value pygame_gui gives it
    before the first drawing (``empty`` is the manager's 0x0 surface, or None), so a method called on the dead
    widget later draws anew what it needs. Shared surfaces are never changed, only let go of."""
    element.image = empty
    element._pre_clipped_image = None
    if isinstance(element, UITextBox):
        drop_text_pixels(element.text_box_layout)  # the whole text drawn at its full height (Rules: 15 MB)
        element.text_box_layout = None
        element.background_surf = None
    shape = getattr(element, "drawable_shape", None)
    if isinstance(shape, DrawableShape):
        if hasattr(shape, "base_surface"):
            shape.base_surface = None
        clean_up = getattr(shape, "clean_up_temp_shapes", None)
        if clean_up is not None:
            clean_up()
        for state in shape.states.values():
            state.surface = empty
            state.text_surface = state.pre_text_surface = None
            state.transition = None
            state.generated = state.has_fresh_surface = False
        drop_text_pixels(shape.text_box_layout)  # a label's text: its rows point at the look drawn


def drop_text_pixels(layout: TextBoxLayout | None) -> None:
    """Let go of the surface a text layout drew its text on (pygame_gui's values before the first drawing)."""
    if layout is None:
        return
    layout.finalised_surface = None
    layout.pre_alpha_final_surf = None
    for row in layout.layout_rows:
        row.target_surface = None
        for chunk in row.items:
            if hasattr(chunk, "target_surface"):
                chunk.target_surface = None


def lay_text_out_once() -> None:
    """Have a text box let go of the text it drew before it lays its text out again (see the module's
    docstring). Done once, for every text box; raises nothing."""
    if getattr(UITextBox, "drops_old_text", False):
        return
    parse = UITextBox.parse_html_into_style_data

    def parse_again(box: UITextBox) -> None:
        drop_text_pixels(box.text_box_layout)
        parse(box)

    UITextBox.parse_html_into_style_data = parse_again  # type: ignore[method-assign]
    UITextBox.drops_old_text = True  # type: ignore[attr-defined]


class Manager(pygame_gui.UIManager):
    """A pygame_gui UIManager whose theme is a ``CompactTheme``, whose widgets draw their looks other than
    the normal one when they first need them, and whose widgets can be dropped with their pixels."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        draw_looks_when_needed()
        lay_text_out_once()
        super().__init__(*args, **kwargs)

    def drop_widgets(self) -> None:
        """Kill every widget (``clear_and_reset``) and let go of their pixels now, not when the last
        reference to them goes (see the module's docstring)."""
        widgets = self.get_sprite_group().sprites()
        self.clear_and_reset()
        empty = self.get_universal_empty_surface()
        for widget in widgets:
            if isinstance(widget, UIElement) and not widget.alive():
                drop_pixels(widget, empty)

    def create_new_theme(self, theme_path: Any = None) -> UIAppearanceTheme:
        theme = CompactTheme(self.resource_loader, self._locale)
        if theme_path is not None:
            theme.load_theme(theme_path)
        return theme
