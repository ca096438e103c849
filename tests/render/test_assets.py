"""Assets: one cached loader with helpful errors, and a theme whose font paths work from any directory."""

from __future__ import annotations

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
