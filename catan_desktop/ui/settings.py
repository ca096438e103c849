"""Player settings, stored as JSON in the user's config folder (platformdirs), written atomically."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from ..persistence.files import atomic_write_text
from ..persistence.userdirs import config_dir

SPEEDS = ("slow", "normal", "fast", "instant")
SPEED_DELAY = {"slow": 1.2, "normal": 0.6, "fast": 0.25, "instant": 0.0}  # seconds between computer moves
WINDOW_SIZES = ("1280x720", "1600x900", "1920x1080", "2560x1440")


@dataclass
class Settings:
    """Everything the Settings screen changes, plus the last new-game choices."""

    window_size: str = "1280x720"
    fullscreen: bool = False
    ui_scale: float = 1.0
    animation_speed: str = "normal"
    sound_volume: float = 0.7
    music_volume: float = 0.5
    colour_blind: bool = False
    language: str = ""  # "": the system's language if the game speaks it, else English (issue 14)
    coach: bool = True  # "First-game tips": the game screen's coach panel (ui/scenes/coach.py)
    online_name: str = ""  # the name last used at a network table ("": the computer's login name)
    online_address: str = ""  # the host's address last joined (Play over the network offers it again)
    last_game: dict[str, Any] = field(default_factory=dict)

    @property
    def window_tuple(self) -> tuple[int, int]:
        """The window size as (width, height)."""
        w, _, h = self.window_size.partition("x")
        return (max(800, int(w)), max(600, int(h)))

    @staticmethod
    def path() -> Path:
        return config_dir() / "settings.json"

    @classmethod
    def load(cls) -> tuple[Settings, str | None]:
        """Return the saved settings (defaults when missing) and a message if the file was unusable.

        A damaged file is left untouched; the defaults are used until the player saves new settings.
        """
        path = cls.path()
        if not path.exists():
            return cls(), None
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(data, dict):
                raise ValueError("not a JSON object")
        except (OSError, ValueError, RecursionError) as exc:  # RecursionError: nested too deeply
            return cls(), f"{path}: the settings file could not be read ({exc}); using the defaults"
        known = {f.name for f in fields(cls)}
        settings = cls()
        for key, value in data.items():
            if key in known and isinstance(value, type(getattr(settings, key))):
                setattr(settings, key, value)
        if settings.animation_speed not in SPEEDS:
            settings.animation_speed = "normal"
        try:
            _ = settings.window_tuple
        except ValueError:
            settings.window_size = "1280x720"
        settings.ui_scale = min(2.0, max(0.75, float(settings.ui_scale)))
        return settings, None

    def save(self) -> None:
        """Write the settings atomically; raises OSError if the disk refuses."""
        atomic_write_text(self.path(), json.dumps(asdict(self), indent=2, sort_keys=True))
