"""Screens by name (issue 32): each screen registers itself here, and screens open one another by name
through the app (``app.go("load_save")``), as Tuxemon's ``push_state("Name")`` does, so no screen imports
another and the screens hold no import circle.

A screen is a ``Scene`` class, or a function that makes one (``open_replay``), registered with ``@screen``.
The screens' package (``catan_desktop.ui.scenes``) imports every screen module once, the first time a
screen is asked for by name.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from .app import App
    from .scene import Scene

SCREENS_PACKAGE = "catan_desktop.ui.scenes"

F = TypeVar("F", bound=Callable[..., Any])
FACTORIES: dict[str, Callable[..., Scene | None]] = {}  # name -> maker (tests may stand one in)


class UnknownScreen(KeyError):
    """No screen has this name (a typing error in the caller)."""


def screen(name: str) -> Callable[[F], F]:
    """Register a screen (a Scene class, or a function ``(app, ...) -> Scene | None``) under ``name``."""

    def register(factory: F) -> F:
        other = FACTORIES.get(name)
        if other is not None and other is not factory:
            raise ValueError(f"two screens are named {name!r}: {other.__qualname__}, {factory.__qualname__}")
        FACTORIES[name] = factory
        return factory

    return register


def load_all() -> None:
    """Register every screen (import the screens' package once)."""
    if not FACTORIES.get("menu"):
        importlib.import_module(SCREENS_PACKAGE)


def make(name: str, app: App, *args: Any, **kwargs: Any) -> Scene | None:
    """A new screen of the given name (None when the screen's function chose not to open one, e.g. a
    file that could not be read, which it has already said). Raises ``UnknownScreen``."""
    load_all()
    factory = FACTORIES.get(name)
    if factory is None:
        raise UnknownScreen(f"no screen is named {name!r}; known: {', '.join(sorted(FACTORIES))}")
    return factory(app, *args, **kwargs)


def names() -> list[str]:
    """Every registered screen's name."""
    load_all()
    return sorted(FACTORIES)
