"""Where the game's data lives: a source checkout, an installed wheel, or a frozen bundle; and where the
player's own files live (platformdirs' user folders; ``CATAN_DESKTOP_HOME`` moves them all, for tests).

The rule files (``rules/``) and the art (``assets/``) sit at the top of a checkout; a wheel installs them
as ``catan_desktop/rules`` and ``catan_desktop/assets``; a PyInstaller bundle unpacks them under
``sys._MEIPASS``. Everything that needs a data file asks this module, never a hard-coded path.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP = "catan-desktop"

_PACKAGE_DIR = Path(__file__).resolve().parent


def _candidates(name: str) -> list[Path]:
    found: list[Path] = []
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root:
        found.append(Path(frozen_root) / "catan_desktop" / name)
        found.append(Path(frozen_root) / name)
    found.append(_PACKAGE_DIR / name)  # installed wheel
    found.append(_PACKAGE_DIR.parent / name)  # source checkout
    return found


def data_dir(name: str) -> Path:
    """Return the directory holding the game's ``name`` data ("rules" or "assets").

    Raises FileNotFoundError naming every place it looked.
    """
    tried = _candidates(name)
    for path in tried:
        if path.is_dir():
            return path
    raise FileNotFoundError(
        f"cannot find the game's '{name}' folder; looked in: " + ", ".join(str(p) for p in tried)
    )


def rules_dir() -> Path:
    """The folder of installed rule files (variants and scenarios)."""
    return data_dir("rules")


def assets_dir() -> Path:
    """The folder of sprites, fonts, sounds and themes."""
    return data_dir("assets")


def user_dir(kind: str) -> Path:
    """The player's own folder of ``kind``: "data" (saves, autosave, own rule files; e.g.
    ~/.local/share/catan-desktop), "config" (settings; ~/.config/catan-desktop) or "log" (logs and crash
    reports; ~/.local/state/catan-desktop/log). Not created here."""
    root = os.environ.get("CATAN_DESKTOP_HOME")
    if root:
        return Path(root) / kind
    import platformdirs

    finder = {"data": platformdirs.user_data_dir, "config": platformdirs.user_config_dir,
              "log": platformdirs.user_log_dir}[kind]
    return Path(finder(APP, appauthor=False))


def user_rules_dir() -> Path:
    """The player's own rule files (variants and scenarios of their own), listed beside the installed ones."""
    return user_dir("data") / "rules"
