"""Where the player's own files live (platformdirs), overridable with CATAN_DESKTOP_HOME for tests; the
folders themselves are decided in ``catan_desktop.paths`` (the rule-file reader needs them too)."""

from __future__ import annotations

from pathlib import Path

from .. import paths
from .files import remove_stale_temporaries_in

APP = paths.APP


def data_dir() -> Path:
    """Saves and autosaves (e.g. ~/.local/share/catan-desktop)."""
    return paths.user_dir("data")


def config_dir() -> Path:
    """Settings (e.g. ~/.config/catan-desktop)."""
    return paths.user_dir("config")


def log_dir() -> Path:
    """Logs and crash reports (e.g. ~/.local/state/catan-desktop/log)."""
    return paths.user_dir("log")


def saves_dir() -> Path:
    """Named saves."""
    return data_dir() / "saves"


def autosave_path() -> Path:
    """The autosave written after every turn."""
    return data_dir() / "autosave.json"


def rules_dir() -> Path:
    """The player's own rule files."""
    return paths.user_rules_dir()


def records_dir() -> Path:
    """Game records (``.catan.txt``): exported to be shared, or put here to be imported."""
    return data_dir() / "records"


def boards_dir() -> Path:
    """Boards (rule files, ``.yaml``) exported to be given to a friend, or put here to be imported."""
    return data_dir() / "boards"


def user_folders() -> list[Path]:
    """Every folder the game writes the player's files into (settings, saves, autosave, records, shared
    boards, the best scores, own rule files, crash reports)."""
    return [config_dir(), data_dir(), saves_dir(), records_dir(), boards_dir(), rules_dir(), log_dir()]


def tidy_user_folders() -> int:
    """Remove what killed writes left in the player's folders (``.NAME.*.tmp`` older than a few seconds:
    persistence/files.py); run at start-up. Cheap (a few folder listings), returns how many; never raises."""
    try:
        return remove_stale_temporaries_in(user_folders())
    except Exception:  # noqa: BLE001 - tidying must never stop the game from starting
        return 0
