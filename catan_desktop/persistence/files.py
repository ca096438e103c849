"""Atomic writes: a file is either its old content or its complete new content, never half of each."""

from __future__ import annotations

import contextlib
import glob
import os
import tempfile
import time
from pathlib import Path

# A temporary file older than this is a leftover of a write that was killed (a write takes milliseconds);
# younger ones may belong to another running copy of the game and are left alone.
STALE_TMP_SECONDS = 600


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` via a temporary file in the same folder and a rename.

    Creates the folder if needed; raises OSError if the disk refuses (the old file is then untouched).
    The file's data is flushed to disk before the rename, and the folder after it, so that a power cut
    leaves the old or the new file; leftovers of killed earlier writes of the same file are removed.
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _sync_folder(target.parent)
    remove_stale_temporaries(target)


def _sync_folder(folder: Path) -> None:
    """Flush the folder's entry for the renamed file to disk (POSIX; Windows has no folder handles)."""
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def remove_stale_temporaries(target: Path, older_than: float = STALE_TMP_SECONDS) -> int:
    """Delete the temporary files that killed writes of ``target`` left behind; return how many."""
    removed = 0
    limit = time.time() - older_than
    with contextlib.suppress(OSError):
        for leftover in target.parent.glob(f".{glob.escape(target.name)}.*.tmp"):
            with contextlib.suppress(OSError):
                if leftover.is_file() and not leftover.is_symlink() and leftover.stat().st_mtime < limit:
                    leftover.unlink()
                    removed += 1
    return removed
