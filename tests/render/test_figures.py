"""Issue 12, defect 10 (ART.md "Figures"): numbers in the display face read as numbers. Vollkorn's default
figures are old-style ("12" looked like "I2", a dice total of 11 like "II"); tools/lining_figures.py maps the
digits to its lining figures, which stand as tall as capitals."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from catan_desktop.paths import assets_dir  # noqa: E402
from catan_desktop.render.assets import FONT_TITLE  # noqa: E402


def _ink_height(font: pygame.font.Font, text: str) -> int:
    return font.render(text, True, (0, 0, 0)).get_bounding_rect(min_alpha=128).h


def test_every_digit_of_the_display_face_stands_as_tall_as_a_capital() -> None:
    pygame.font.init()
    font = pygame.font.Font(str(assets_dir() / FONT_TITLE), 64)
    capital = _ink_height(font, "H")
    for digit in "0123456789":
        assert _ink_height(font, digit) >= 0.9 * capital, digit  # an old-style 1, 2 or 0 is x-height
