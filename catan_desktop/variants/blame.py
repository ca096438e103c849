"""Where a problem of a file that ``extends`` another is reported (issue 35, item 8).

A problem is reported at the line of its key. When that key is in the file extended (``rules/base.yaml``)
but the problem comes from a key the extending file sets (``resources`` without ``ore`` makes the base's
``costs.city.ore`` an unknown resource), it is reported at that key of the extending file instead: the
file the player wrote, where the fix is. Which key it comes from is found by trying them one at a time.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Protocol

from catan_desktop.variants.schema import KeyPath, Problem, validate_ruleset

# Where each key came from: key path -> (file as shown to the user, 1-based line).
Origins = dict[KeyPath, tuple[str, int]]


class Resolved(Protocol):
    """A file's data with its ``extends`` merged in (loader._Loaded)."""

    data: dict[str, object]
    origins: Origins
    layer: Layer | None


def where(path: KeyPath, origins: Origins, fallback: str) -> tuple[str, int | None]:
    """Return (file, line) of a key path, or of its nearest parent that has an origin."""
    for cut in range(len(path), -1, -1):
        found = origins.get(path[:cut])
        if found is not None:
            return found
    return fallback, None


def merge(base: object, child: object) -> object:
    """Return ``child`` deep-merged over ``base``: mappings merge key by key; lists and scalars replace."""
    if isinstance(base, dict) and isinstance(child, dict):
        merged = dict(base)
        for key, value in child.items():
            merged[key] = merge(base[key], value) if key in base else value
        return merged
    return child


@dataclass
class Layer:
    """How a file that extends another was merged."""

    shown: str  # the extending file, as shown to the user
    before: dict[str, object]  # the data of the file it extends, before this file's ``replace``
    base: Resolved  # the file it extends, ``replace`` applied
    own: dict[str, object]  # this file's keys (``replace`` too, not ``extends``)
    origins: Origins  # this file's own keys' origins
    _found: dict[str, set[Problem]] = field(default_factory=dict)  # key ("": none) -> problems with it alone

    def problems_with(self, key: str) -> set[Problem]:
        """The problems of the file extended with only this file's ``key`` set over it ("": none)."""
        if key not in self._found:
            if key == "replace":
                data: object = self.base.data
            elif key:
                data = merge(copy.deepcopy(self.before), {key: self.own[key]})
            else:
                data = self.before
            self._found[key] = set(validate_ruleset(data)) if isinstance(data, dict) else set()
        return self._found[key]


def blame(problem: Problem, loaded: Resolved, fallback: str) -> tuple[str, int | None, bool]:
    """Return (file, line, moved) for a problem: where its key is, or (``moved``) the line of the key of the
    extending file that causes it; the ``extends`` line when it takes several of its keys together."""
    file, line = where(problem.path, loaded.origins, fallback)
    layer = loaded.layer
    if layer is None or file == layer.shown:
        return file, line, False
    if problem in layer.problems_with(""):  # a problem of the file extended itself: ask where it comes from
        return blame(problem, layer.base, fallback)
    keys = sorted((k for k in layer.own if (k,) in layer.origins), key=lambda k: layer.origins[(k,)][1])
    for key in keys:
        if problem in layer.problems_with(key):
            return (*layer.origins[(key,)], True)
    if ("extends",) in layer.origins:
        return (*layer.origins[("extends",)], True)
    return file, line, False
