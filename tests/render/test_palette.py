"""Player colours: names match the piece sprites, values match the art, text contrast, emblems."""

from __future__ import annotations

import pytest

from catan_desktop.paths import assets_dir
from catan_desktop.render import palette


def test_sets_and_values() -> None:
    assert palette.CLASSIC == ["red", "blue", "orange", "white", "green", "brown"]
    assert palette.rgb("red") == (0xC8, 0x34, 0x2B)
    assert palette.rgb("cb_vermillion") == (0xD5, 0x5E, 0x00)
    with pytest.raises(KeyError, match="known"):
        palette.rgb("purple")


@pytest.mark.parametrize("colour", palette.CLASSIC + palette.COLOUR_BLIND)
def test_every_colour_has_its_pieces(colour: str) -> None:
    pieces = assets_dir() / "sprites" / "pieces"
    for kind in ("settlement", "city", "road"):
        assert (pieces / f"{kind}_{colour}.png").is_file()


@pytest.mark.parametrize("colour", palette.CLASSIC + palette.COLOUR_BLIND)
def test_text_on_a_player_colour_is_readable(colour: str) -> None:
    text = palette.text_on(colour)
    assert text in (palette.BLACK, palette.WHITE)
    assert palette.contrast(text, palette.rgb(colour)) >= 4.5


def test_text_on_picks_black_or_white() -> None:
    assert palette.text_on("white") == palette.BLACK
    assert palette.text_on("blue") == palette.WHITE
    assert palette.text_on((10, 10, 10)) == palette.WHITE


def test_emblems() -> None:
    assert palette.emblem(0) == "pieces/emblem_1"
    assert palette.emblem(5) == "pieces/emblem_6"
    for seat in range(6):
        assert (assets_dir() / "sprites" / f"{palette.emblem(seat)}.png").is_file()
    with pytest.raises(ValueError):
        palette.emblem(6)
