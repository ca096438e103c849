"""Give memory back once a screen's widgets are thrown away (a resize, a language change, a closed screen).

Why (issue 13, "memory is retained on menu screens"): pygame_gui's widgets are reference cycles (what a
full collection finds after a rebuild: the buttons, drop-downs and panels with their drawable shapes,
shape states and text layouts), so the widgets a rebuild throws away are not freed when the scene lets go
of them; they wait for Python's cyclic garbage collector. The collector schedules itself by counting
objects, not bytes, and by then the old widgets sit in the oldest generation, which is collected only
after the long-lived objects have grown by a quarter. Until then they keep their pixel surfaces (one or
more per look of every widget; pygame_gui draws rounded shapes at 4x4 supersampling, so a panel's scratch
surfaces run to tens of megabytes) while the next layout allocates its own, and several rebuilds pile up.
When they are finally freed, glibc's malloc keeps the memory: the pixel buffers came from its main heap,
between small long-lived allocations, so the holes cannot be given back by trimming the heap's top.
Measured on the New game screen: 40 resizes took the process from 258 MB to 1.74 GB, 85 % of the heap
free space; gc.collect() after each rebuild kept it at ~360 MB, and malloc_trim(0) as well at ~210 MB.

So the app calls ``release_memory()`` at the end of a frame in which widgets were thrown away: a full
collection frees them at once, and on glibc ``malloc_trim(0)`` returns the free pages to the system.
Together they take 20-50 ms, next to 200-900 ms for laying a screen out again.

Frames that throw nothing away of their own accord leave free pages too: a screen opened over another, a
drop-down's list opened and closed, dialogs of a game, pygame_gui's scratch surfaces. In a soak of random
input (issue 35, item 9) a third of the resident memory at its peaks was free heap (mallinfo2: 140-180 MB in
use, 60-100 MB free) that stayed resident until the next screen closed, so the app also releases at the end of
a frame after which the process has grown by ``GROWTH_RELEASE`` since the last release (``resident_bytes``
reads the size from /proc; where there is no /proc it reads 0 and this never happens).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import os
import sys
from collections.abc import Callable

GROWTH_RELEASE = 24 * 1024 * 1024  # bytes of growth after which a frame's end releases memory (see above)
_STATM = "/proc/self/statm"

_trim: Callable[[int], int] | None = None
_trim_looked_up = False
_page_size = 0


def keep_imports() -> None:
    """Put what exists now out of the collector's sight for good (``gc.freeze``): at start-up, before any
    screen is built, that is the imported modules, classes and tables, which live as long as the process.
    Every full collection (``release_memory``, ``App.collect_dropped``) walked all of them again: after
    three menus had been opened, 44,000 objects tracked and 12-16 ms a collection; with the imports frozen
    (30,000 objects) 14,500 and 1.4-1.5 ms (``bench/screen_open.py`` with and without ``--keep-imports``).
    Never call it once widgets exist: their cycles, frozen, would never be freed."""
    gc.collect()
    gc.freeze()


def release_memory() -> int:
    """Free unreachable objects now and return the freed pages to the operating system where possible.
    Returns the resident size afterwards (``resident_bytes``)."""
    gc.collect()
    trim = _malloc_trim()
    if trim is not None:
        trim(0)
    return resident_bytes()


def resident_bytes() -> int:
    """The process's resident memory in bytes, from /proc/self/statm; 0 where there is no such file."""
    global _page_size
    try:
        with open(_STATM, "rb") as statm:
            pages = int(statm.read().split()[1])
    except (OSError, ValueError, IndexError):
        return 0
    if not _page_size:
        _page_size = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096
    return pages * _page_size


def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, or None on other C libraries and systems (looked up once)."""
    global _trim, _trim_looked_up
    if not _trim_looked_up:
        _trim_looked_up = True
        if sys.platform.startswith("linux"):
            try:
                libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
                _trim = libc.malloc_trim  # absent from musl: AttributeError
                _trim.argtypes = [ctypes.c_size_t]
                _trim.restype = ctypes.c_int
            except (OSError, AttributeError):
                _trim = None
    return _trim
