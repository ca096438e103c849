"""Player colours: the sprite suffix per seat, their RGB values for UI panels, and per-seat emblems; and the
game screen's own colours (parchment panels, ink, wood, gold), one palette for every part that draws it.

The names are the suffixes of the piece sprites (``pieces/settlement_<name>``); the values match the art
script (tools/make_assets.py) so a panel swatch is the colour of the pieces on the board.
"""

from __future__ import annotations

RGB = tuple[int, int, int]

# The classic set (default) and the Okabe-Ito colour-blind-safe set, in seat order.
CLASSIC: list[str] = ["red", "blue", "orange", "white", "green", "brown"]
COLOUR_BLIND: list[str] = ["cb_orange", "cb_skyblue", "cb_green", "cb_yellow", "cb_blue", "cb_vermillion"]

_HEX: dict[str, str] = {
    "red": "#C8342B",
    "blue": "#2D5BBF",
    "orange": "#E8892B",
    "white": "#F2F0E6",
    "green": "#3E8E41",
    "brown": "#7A4E2A",
    "cb_orange": "#E69F00",
    "cb_skyblue": "#56B4E9",
    "cb_green": "#009E73",
    "cb_yellow": "#F0E442",
    "cb_blue": "#0072B2",
    "cb_vermillion": "#D55E00",
}

BLACK: RGB = (0, 0, 0)
WHITE: RGB = (255, 255, 255)

# the game screen: parchment panels with ink text on a wooden table, gold for what is active
PARCHMENT: RGB = (243, 233, 210)
PARCHMENT_DARK: RGB = (228, 213, 179)
INK: RGB = (51, 36, 26)
INK_SOFT: RGB = (110, 90, 70)
WOOD: RGB = (58, 40, 28)
WOOD_LIGHT: RGB = (86, 62, 44)
GOLD: RGB = (232, 182, 64)
# the game screen's accents (issue 12: one palette, not colours written into each screen)
ALERT: RGB = (166, 58, 36)  # count badges, "to answer", an exhausted resource
WARN: RGB = (176, 112, 20)  # running low
SHADOW: RGB = (20, 12, 6)  # under panels and tooltips
BORDER: RGB = (107, 74, 47)  # a panel's edge
BULLET: RGB = (176, 128, 40)
HEADER_LINE: RGB = (30, 20, 12)
HINT: RGB = (236, 222, 190)  # the header's hint, on wood
EMPTY_DIE: RGB = (200, 188, 160)
EMBLEMS = 6  # pieces/emblem_1 .. emblem_6


def _parse(code: str) -> RGB:
    return (int(code[1:3], 16), int(code[3:5], 16), int(code[5:7], 16))


_RGB: dict[str, RGB] = {name: _parse(code) for name, code in _HEX.items()}


def rgb(colour_name: str) -> RGB:
    """The (r, g, b) of a player colour name; raises KeyError naming the known colours."""
    try:
        return _RGB[colour_name]
    except KeyError:
        raise KeyError(f"unknown player colour {colour_name!r}; known: {', '.join(_RGB)}") from None


def _luminance(c: RGB) -> float:
    """WCAG relative luminance of an sRGB colour."""

    def lin(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])


def contrast(a: RGB, b: RGB) -> float:
    """WCAG contrast ratio of two colours (1 to 21)."""
    la, lb = _luminance(a), _luminance(b)
    hi, lo = max(la, lb), min(la, lb)
    return (hi + 0.05) / (lo + 0.05)


def text_on(colour: str | RGB) -> RGB:
    """Black or white, whichever reads better on ``colour`` (a player colour name or an (r, g, b))."""
    c = rgb(colour) if isinstance(colour, str) else (int(colour[0]), int(colour[1]), int(colour[2]))
    return BLACK if contrast(c, BLACK) >= contrast(c, WHITE) else WHITE


def emblem(seat: int) -> str:
    """The asset name of seat ``seat``'s emblem (seats 0-5); raises ValueError for other seats."""
    if not 0 <= seat < EMBLEMS:
        raise ValueError(f"no emblem for seat {seat}; there are {EMBLEMS} (seats 0-{EMBLEMS - 1})")
    return f"pieces/emblem_{seat + 1}"
