"""The player's file names, shown and followed safely (issue 35, item 8).

A file name may hold anything but ``/``: a line break, a terminal escape, or U+202E (right-to-left
override), which shows the text after it backwards. ``printable`` is how the listings (``catan-desktop
variants``, the Scenarios & variants screen) and the loader's problems show such names. A file may also be
a symbolic link that leads back to itself, which ``Path.resolve`` refuses with a RuntimeError on Python 3.11.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

_WINDOWS_CANNOT_RESOLVE = 1921  # ERROR_CANT_RESOLVE_FILENAME: a link loop on Windows


def printable(text: object) -> str:
    """Return ``text`` safe to show on one line: line breaks, control characters and bidirectional
    formatting characters (U+202E) written as escapes (``\\n``, ``\\u202e``); printable text is unchanged."""
    text = str(text)
    if text.isprintable():  # not printable: controls (Cc), formats (Cf: the bidi controls), separators
        return text
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text)


def resolved(path: Path) -> Path:
    """``path.resolve()``, or ``path.absolute()`` when its links go round in a circle (``resolve`` raises
    RuntimeError there on Python 3.11, OSError elsewhere): whoever reads the file then reports it."""
    try:
        return path.resolve()
    except (OSError, RuntimeError):
        return path.absolute()


def link_loop(path: Path) -> bool:
    """Whether ``path`` is a symbolic link that leads back to itself, directly or through other links."""
    try:
        os.stat(path)
    except OSError as err:
        return err.errno == errno.ELOOP or getattr(err, "winerror", None) == _WINDOWS_CANNOT_RESOLVE
    except ValueError:  # a NUL in the path: no file at all
        return False
    return False
