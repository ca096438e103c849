"""Atomic writes: a file is either its old content or its complete new content, never half of each."""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path

# A temporary file older than this is a leftover of a write that was killed (a write takes milliseconds, a
# large save on a slow disk well under a second); younger ones may belong to a write in progress in another
# running copy of the game and are left alone (issue 35, item 5: 10 minutes let leftovers live on).
STALE_TMP_SECONDS = 5.0
# The temporary files of these writes: ".NAME." + mkstemp's random letters, digits and "_" + ".tmp"
_TEMPORARY = re.compile(r"\.(?P<name>.+)\.[A-Za-z0-9_]+\.tmp")


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` (UTF-8, "\\n" line ends) to ``path`` atomically: see ``atomic_write_bytes``."""
    atomic_write_bytes(path, text.encode("utf-8"))


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` via a temporary file in the same folder and a rename.

    Creates the folder if needed; raises OSError if the disk refuses (the old file is then untouched).
    The file's data is flushed to disk before the rename, and the folder after it, so that a power cut
    leaves the old or the new file; leftovers of killed earlier writes of the same file are removed.
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
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
    """Delete the temporary files that killed writes of ``target`` left behind; return how many.

    Only ``.NAME.<random>.tmp`` files of exactly this name older than ``older_than`` seconds are touched
    (not those of ``NAME.damaged``, whose temporaries also start with ``.NAME.``). Never raises.
    """
    return _remove_stale(target.parent, older_than, target.name)


def remove_stale_temporaries_in(folders: Iterable[Path], older_than: float = STALE_TMP_SECONDS) -> int:
    """Delete the leftovers of killed writes of any file in ``folders`` (not their subfolders), e.g. at
    start-up; a missing folder is skipped. Returns how many were removed; never raises."""
    return sum(_remove_stale(Path(folder), older_than) for folder in folders)


def _remove_stale(folder: Path, older_than: float, name: str | None = None) -> int:
    removed = 0
    limit = time.time() - older_than
    with contextlib.suppress(OSError), os.scandir(folder) as entries:
        for entry in entries:
            found = _TEMPORARY.fullmatch(entry.name)
            if found is None or (name is not None and found["name"] != name):
                continue
            with contextlib.suppress(OSError):
                stat = entry.stat(follow_symlinks=False)
                if entry.is_file(follow_symlinks=False) and stat.st_mtime < limit:
                    os.unlink(entry.path)
                    removed += 1
    return removed
