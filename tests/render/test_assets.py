"""Assets: one cached loader with helpful errors, and a theme whose font paths work from any directory."""

from __future__ import annotations

import array
import json
import os
from pathlib import Path

import pygame
import pytest

from catan_desktop.paths import assets_dir
from catan_desktop.render.assets import AssetError, Assets


def test_missing_image_names_what_and_where() -> None:
    assets = Assets()
    with pytest.raises(AssetError) as info:
        assets.image("terrain/volcano")
    message = str(info.value)
    expected = assets_dir().resolve() / "sprites" / "terrain" / "volcano.png"
    assert "terrain/volcano" in message
    assert str(expected) in message
    assert isinstance(info.value, FileNotFoundError)
    assert info.value.path == expected


def test_missing_sound_and_font_name_the_file(tmp_path: Path) -> None:
    assets = Assets(tmp_path)
    with pytest.raises(AssetError, match="DejaVuSans.ttf"):
        assets.font(12)
    with pytest.raises(AssetError, match="theme.json"):
        assets.theme()


def test_names_must_be_lowercase() -> None:
    with pytest.raises(ValueError, match="lowercase"):
        Assets().image("Terrain/Forest")


def test_image_paths() -> None:
    assets = Assets()
    assert assets.image_path("terrain/forest") == assets.root / "sprites" / "terrain" / "forest.png"
    assert assets.image_path("icon/app_64") == assets.root / "icon" / "app_64.png"


def test_images_are_cached_and_scaled_copies_too(display: pygame.Surface) -> None:
    assets = Assets()
    forest = assets.image("terrain/forest")
    assert assets.image("terrain/forest") is forest
    assert forest.get_size() == (296, 342)
    assert assets.image("icon/app_64").get_size() == (64, 64)
    small = assets.scaled("terrain/forest", (74, 86))
    assert small.get_size() == (74, 86)
    assert assets.scaled("terrain/forest", (74, 86)) is small


def test_images_loaded_before_the_window_are_converted_once_it_exists() -> None:
    pygame.display.quit()
    assets = Assets()
    early = assets.image("tokens/6")
    pygame.display.init()
    try:
        pygame.display.set_mode((320, 200))
        late = assets.image("tokens/6")
        assert late is not early
        assert late.get_flags() & pygame.SRCALPHA
        assert assets.image("tokens/6") is late
    finally:
        pygame.display.quit()


def test_fonts_are_cached() -> None:
    assets = Assets()
    regular = assets.font(16)
    assert assets.font(16) is regular
    assert assets.font(16, bold=True) is not regular
    assert assets.font(16, title=True) is not assets.font(16, bold=True)
    assert regular.size("Catan")[0] > 0


def test_sound_is_none_without_a_mixer() -> None:
    pygame.mixer.quit()
    assert Assets().sound("dice") is None


def test_theme_font_paths_are_absolute_and_exist(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # pygame_gui resolves relative paths against the working directory
    theme = Assets().theme()
    found = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key.endswith("_path") and isinstance(value, str):
                    found.append(value)
                else:
                    walk(value)

    walk(theme)
    assert found, "the theme names font files"
    for path in found:
        assert os.path.isabs(path), path
        assert Path(path).is_file(), path


def test_theme_is_a_fresh_copy() -> None:
    assets = Assets()
    theme = assets.theme()
    theme.clear()
    assert assets.theme()


def test_scaled_copies_are_bounded(display: pygame.Surface, monkeypatch: pytest.MonkeyPatch) -> None:
    import catan_desktop.render.assets as assets_module

    monkeypatch.setattr(assets_module, "MAX_SCALED", 3)
    assets = Assets()
    first = assets.scaled("tokens/6", (10, 10))
    for side in (11, 12, 13):
        assets.scaled("tokens/6", (side, side))
    assert assets.scaled("tokens/6", (13, 13)) is assets.scaled("tokens/6", (13, 13))
    assert assets.scaled("tokens/6", (10, 10)) is not first  # the oldest copy was dropped and remade


# ------------------------------------------------------------------------------------------------ music


def test_music_is_listed_and_small() -> None:
    files = json.loads((assets_dir() / "manifest.json").read_text(encoding="utf-8"))["files"]
    entry = files["sounds/music.ogg"]
    assert entry["type"] == "sound" and entry["purpose"]
    assert 60 <= entry["seconds"] <= 90
    path = Assets().music_path()
    assert path == assets_dir().resolve() / "sounds" / "music.ogg"
    assert path.is_file() and path.stat().st_size < 1_500_000
    assert path.read_bytes()[:4] == b"OggS"


def test_music_loads_and_loops_without_a_click() -> None:
    """Decoded by pygame at the file's own rate: 60-90 s, a modest peak, no DC, and the last sample runs
    into the first as smoothly as neighbouring samples do (the loop has no seam)."""
    before = pygame.mixer.get_init()
    pygame.mixer.quit()
    try:
        pygame.mixer.init(frequency=22050, size=-16, channels=2)
        path = str(Assets().music_path())
        pygame.mixer.music.load(path)  # how the game plays it: streamed
        pygame.mixer.music.unload()
        sound = pygame.mixer.Sound(path)
        assert 60 <= sound.get_length() <= 90
        samples = array.array("h", sound.get_raw())
        for channel in (0, 1):
            x = samples[channel::2]
            assert 0.25 * 32768 < max(map(abs, x)) < 0.6 * 32768  # about -6 dBFS
            assert abs(sum(x) / len(x)) < 30  # no DC offset
            around = x[-11025:] + x[:11025]  # half a second either side of the loop point
            steps = sorted(abs(b - a) for a, b in zip(around, around[1:], strict=False))
            seam = abs(x[0] - x[-1])
            assert seam <= steps[int(len(steps) * 0.95)], (seam, steps[len(steps) // 2])
    finally:
        pygame.mixer.quit()
        if before:
            pygame.mixer.init(frequency=before[0], size=before[1], channels=before[2])
