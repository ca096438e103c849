"""Undo and redo for a board being edited (issue 34), one step per edit or per brush stroke.

Both kinds of board the editor edits share it: a rows board (``session.EditorSession``, whose state is a
``layout.BoardLayout``) and a map board (``map_session.MapSession``, whose state is a ``MapState``). A state
has ``copy()`` (an independent copy) and compares equal when nothing differs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

MAX_UNDO = 200


class EditHistory:
    """The board's state (``layout``), the steps to undo and redo, and the version the screen watches."""

    layout: Any

    def __init__(self) -> None:
        self._undo: list[Any] = []
        self._redo: list[Any] = []
        self._stroke: Any = None
        self.version = 0  # changes with every edit: the screen redraws and rechecks on a change
        self.saved_version = 0
        self._derived: dict[str, Any] = {}

    @property
    def dirty(self) -> bool:
        return self.version != self.saved_version

    def begin_stroke(self) -> None:
        """A brush stroke starts: everything until ``end_stroke`` is one step of undo."""
        if self._stroke is None:
            self._stroke = self.layout.copy()

    def end_stroke(self) -> None:
        before, self._stroke = self._stroke, None
        if before is not None and before != self.layout:
            self._push(before)

    def _push(self, before: Any) -> None:
        self._undo.append(before)
        del self._undo[:-MAX_UNDO]
        self._redo.clear()

    def _edit(self, change: Callable[[Any], bool]) -> bool:
        """Apply ``change`` (a function of the state returning whether it changed anything)."""
        before = self.layout.copy() if self._stroke is None else None
        if not change(self.layout):
            return False
        if before is not None:
            self._push(before)
        self._changed()
        return True

    def meta_changed(self) -> None:
        """The name, title or description changed: unsaved, and the checks run again."""
        self._changed()

    def _changed(self) -> None:
        self.version += 1
        self._derived.clear()

    def undo(self) -> bool:
        if not self._undo:
            return False
        self._redo.append(self.layout)
        self.layout = self._undo.pop()
        self._changed()
        return True

    def redo(self) -> bool:
        if not self._redo:
            return False
        self._undo.append(self.layout)
        self.layout = self._redo.pop()
        self._changed()
        return True

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def _cached(self, key: str, make: Callable[[], Any]) -> Any:
        if key not in self._derived:
            self._derived[key] = make()
        return self._derived[key]
