"""The one asset loader: images, scaled images, fonts, sounds and the pygame_gui theme, all cached.

Names are lowercase and extension-free: "terrain/forest" is ``sprites/terrain/forest.png``, "icon/app_64"
is ``icon/app_64.png`` and "dice" (a sound) is ``sounds/dice.wav``. The background music,
``sounds/music.ogg``, is streamed by ``pygame.mixer.music`` (see ``music_path``), not cached. Nothing is
loaded at import time and drawing code never opens files: it asks this cache.
"""

from __future__ import annotations

import copy
import json
from collections import OrderedDict
from pathlib import Path
from typing import Any

import pygame

FONT_REGULAR = "fonts/DejaVuSans.ttf"
FONT_BOLD = "fonts/DejaVuSans-Bold.ttf"
FONT_TITLE = "fonts/Vollkorn-Bold.ttf"
THEME = "theme.json"
MUSIC = "sounds/music.ogg"
MAX_SCALED = 800  # scaled copies kept (least recently used go first): a window being resized makes many
# ...and at most this many bytes of them: the menus' backdrop tiles are ~0.5 MB each at 1080p and every window
# size makes a new set, so 800 of them could hold 400 MB. What a screen asks for at one size is far less (the
# game at 1920x1080, zoomed in or not: 16-17 images, 0.2-0.5 MB; its board is drawn once into its own
# surface), and 64 MB filled up with the sizes a window had long left: 13 MB after 40 resizes of the game
# screen, all of it over an evening of resizing and zooming (issue 35, item 9)
MAX_SCALED_BYTES = 16 * 1024 * 1024
# fonts kept (least recently used go first): text sizes follow the window's size, so a window being resized
# asks for a new size of each face again and again, at about a quarter of a megabyte each
MAX_FONTS = 64


class AssetError(FileNotFoundError):
    """An asset is missing; the message names what was asked for and the file that was looked for."""

    def __init__(self, kind: str, name: str, path: Path) -> None:
        super().__init__(f"missing {kind} {name!r}: looked for {path}")
        self.kind = kind
        self.name = name
        self.path = path


class Assets:
    """Load and cache the game's art from ``root`` (default: ``catan_desktop.paths.assets_dir()``)."""

    def __init__(self, root: Path | None = None) -> None:
        if root is None:
            from ..paths import assets_dir

            root = assets_dir()
        self.root = Path(root).resolve()
        self._images: dict[str, tuple[pygame.Surface, bool]] = {}  # name -> (surface, converted?)
        self._scaled: OrderedDict[tuple[str, int, int], pygame.Surface] = OrderedDict()
        self._scaled_bytes = 0  # the pixels held by _scaled
        self._fonts: OrderedDict[tuple[int, bool, bool], pygame.font.Font] = OrderedDict()
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._theme: dict[str, Any] | None = None

    def __repr__(self) -> str:
        return f"Assets({str(self.root)!r})"

    # ----------------------------------------------------------------------------------------- paths

    def image_path(self, name: str) -> Path:
        """The file behind image ``name``; raises ValueError for a name that is not lowercase."""
        _check_name(name)
        if name.startswith("icon/"):
            return self.root / f"{name}.png"
        return self.root / "sprites" / f"{name}.png"

    # ---------------------------------------------------------------------------------------- images

    def image(self, name: str) -> pygame.Surface:
        """The image ``name`` (shared: copy it before drawing on it).

        Converted with ``convert_alpha()`` once a display mode is set. Raises AssetError when the file is
        missing, ValueError for a name that is not lowercase.
        """
        cached = self._images.get(name)
        if cached is not None:
            surf, converted = cached
            if converted or pygame.display.get_surface() is None:
                return surf
            surf = surf.convert_alpha()  # loaded before the window existed: convert now, once
            self._images[name] = (surf, True)
            for key in [k for k in self._scaled if k[0] == name]:
                self._scaled_bytes -= _nbytes(self._scaled.pop(key))
            return surf
        path = self.image_path(name)
        if not path.is_file():
            raise AssetError("image", name, path)
        surf = pygame.image.load(str(path))
        converted = pygame.display.get_surface() is not None
        if converted:
            surf = surf.convert_alpha()
        self._images[name] = (surf, converted)
        return surf

    def scaled(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        """Image ``name`` smooth-scaled to ``size`` (w, h), cached; raises AssetError or ValueError."""
        w, h = max(1, int(size[0])), max(1, int(size[1]))
        key = (name, w, h)
        src = self.image(name)  # (re)converts first, so the scaled copy has the display's format
        surf = self._scaled.get(key)
        if surf is None:
            surf = src if src.get_size() == (w, h) else pygame.transform.smoothscale(src, (w, h))
            self._scaled[key] = surf
            self._scaled_bytes += _nbytes(surf)
            while len(self._scaled) > 1 and (
                len(self._scaled) > MAX_SCALED or self._scaled_bytes > MAX_SCALED_BYTES
            ):
                self._scaled_bytes -= _nbytes(self._scaled.popitem(last=False)[1])
        else:
            self._scaled.move_to_end(key)
        return surf

    # ----------------------------------------------------------------------------------------- fonts

    def font(self, size: int, bold: bool = False, title: bool = False) -> pygame.font.Font:
        """DejaVu Sans (or Bold) at ``size`` px; ``title=True`` gives Vollkorn Bold. Raises AssetError."""
        key = (int(size), bool(bold), bool(title))
        font = self._fonts.get(key)
        if font is None:
            rel = FONT_TITLE if title else FONT_BOLD if bold else FONT_REGULAR
            path = self.root / rel
            if not path.is_file():
                raise AssetError("font", rel, path)
            if not pygame.font.get_init():
                pygame.font.init()
            font = self._fonts[key] = pygame.font.Font(str(path), key[0])
            if len(self._fonts) > MAX_FONTS:
                self._fonts.popitem(last=False)
        else:
            self._fonts.move_to_end(key)
        return font

    # ---------------------------------------------------------------------------------------- sounds

    def sound(self, name: str) -> pygame.mixer.Sound | None:
        """Sound ``name`` (``sounds/<name>.wav``), or None when the mixer is not initialised.

        Raises AssetError when the file is missing, ValueError for a name that is not lowercase.
        """
        _check_name(name)
        if not pygame.mixer.get_init():
            return None
        snd = self._sounds.get(name)
        if snd is None:
            path = self.root / "sounds" / f"{name}.wav"
            if not path.is_file():
                raise AssetError("sound", name, path)
            snd = self._sounds[name] = pygame.mixer.Sound(str(path))
        return snd

    def music_path(self) -> Path:
        """The background music (Ogg Vorbis, loops seamlessly); streamed with ``pygame.mixer.music``."""
        return self.root / MUSIC

    # ----------------------------------------------------------------------------------------- theme

    def theme(self) -> dict[str, Any]:
        """The pygame_gui theme (``theme.json``) with every ``*_path`` made absolute under the asset root.

        Returns a fresh copy, so callers may edit it. Raises AssetError when the file is missing.
        """
        if self._theme is None:
            path = self.root / THEME
            if not path.is_file():
                raise AssetError("theme", THEME, path)
            data = json.loads(path.read_text(encoding="utf-8"))
            self._theme = _absolute_paths(data, self.root)
        return copy.deepcopy(self._theme)


def _nbytes(surf: pygame.Surface) -> int:
    return surf.get_pitch() * surf.get_height()


def _check_name(name: str) -> None:
    if not name or name != name.lower():
        raise ValueError(f"asset names are lowercase (the files are, and some disks care): got {name!r}")


def _absolute_paths(node: Any, root: Path) -> Any:
    """Rewrite every string under a key ending in "_path" to an absolute path under ``root``.

    The theme's paths are relative to the folder holding ``assets/`` ("assets/fonts/X.ttf"); the
    leading "assets/" is dropped so a root with any folder name works.
    """
    if isinstance(node, dict):
        out: dict[str, Any] = {}
        for key, value in node.items():
            if isinstance(value, str) and key.endswith("_path") and value:
                parts = Path(value).parts
                if parts and parts[0] == "assets":
                    parts = parts[1:]
                rel = Path(*parts) if parts else Path(value)
                out[key] = value if Path(value).is_absolute() else str(root / rel)
            else:
                out[key] = _absolute_paths(value, root)
        return out
    if isinstance(node, list):
        return [_absolute_paths(v, root) for v in node]
    return node
