"""Where the player's own files live (platformdirs), overridable with CATAN_DESKTOP_HOME for tests."""

from __future__ import annotations

import os
from pathlib import Path

APP = "catan-desktop"


def _root_override() -> Path | None:
    value = os.environ.get("CATAN_DESKTOP_HOME")
    return Path(value) if value else None


def data_dir() -> Path:
    """Saves and autosaves (e.g. ~/.local/share/catan-desktop)."""
    root = _root_override()
    if root is not None:
        return root / "data"
    import platformdirs

    return Path(platformdirs.user_data_dir(APP, appauthor=False))


def config_dir() -> Path:
    """Settings (e.g. ~/.config/catan-desktop)."""
    root = _root_override()
    if root is not None:
        return root / "config"
    import platformdirs

    return Path(platformdirs.user_config_dir(APP, appauthor=False))


def log_dir() -> Path:
    """Logs and crash reports (e.g. ~/.local/state/catan-desktop/log)."""
    root = _root_override()
    if root is not None:
        return root / "log"
    import platformdirs

    return Path(platformdirs.user_log_dir(APP, appauthor=False))


def saves_dir() -> Path:
    """Named saves."""
    return data_dir() / "saves"


def autosave_path() -> Path:
    """The autosave written after every turn."""
    return data_dir() / "autosave.json"
