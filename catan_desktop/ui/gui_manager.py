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
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame_gui
from pygame_gui.core import UIAppearanceTheme
from pygame_gui.core.drawable_shapes.drawable_shape import DrawableShapeState
from pygame_gui.core.surface_cache import SurfaceCache
from pygame_gui.core.ui_shadow import ShadowGenerator

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


class Manager(pygame_gui.UIManager):
    """A pygame_gui UIManager whose theme is a ``CompactTheme`` and whose widgets draw their looks other than
    the normal one when they first need them."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        draw_looks_when_needed()
        super().__init__(*args, **kwargs)

    def create_new_theme(self, theme_path: Any = None) -> UIAppearanceTheme:
        theme = CompactTheme(self.resource_loader, self._locale)
        if theme_path is not None:
            theme.load_theme(theme_path)
        return theme
