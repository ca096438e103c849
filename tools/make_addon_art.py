#!/usr/bin/env python3
"""Draw the art of the Helpers and Frenemies add-ons, deterministically, in the style of make_assets.py.

Writes (all PNG, recorded in ``assets/manifest.json``, credited in ``assets/LICENSES.md``):

- ``sprites/helpers/<card>_a.png`` / ``_b.png`` (150x210): the ten helper cards, side A with a blue band,
  side B with a red band, the same emblem in a medallion, the helper's portrait in the band corners and no
  text: the game writes the translated title centred at (75, 172), as on ``cards/plain/*.png``;
- ``sprites/helpers/back.png`` (150x210): the back of a helper card;
- ``sprites/guilds/<guild>.png`` (96x96): the Frenemies guild favour tokens (merchant, trader, paver,
  teacher, architect) and ``sprites/guilds/back.png``, the face-down token;
- ``sprites/icons/catan_chip.png`` (64x64): a Catan chip (a gold coin with a star).

It reuses the helpers of ``tools/make_assets.py`` (same build-time tools: Pillow, numpy, resvg-py and the
Fluent Emoji SVGs) and reads two of that script's committed outputs, ``sprites/robber.png`` and
``sprites/dice/{3,4}.png``. How to run it (from the repository root; see make_assets.py for the set-up)::

    python3 -m venv /tmp/artvenv && /tmp/artvenv/bin/pip install pillow numpy resvg-py
    mkdir -p /tmp/emoji && (cd /tmp/emoji && npm install fluentui-emoji@1.3.0)
    /tmp/artvenv/bin/python tools/make_addon_art.py [--emoji-dir DIR] [--contact-sheet /tmp/addons.png]

(``.venv/bin/python tools/make_addon_art.py`` works as well once that venv holds the "assets" extra.)
"""

# The small drawing lambdas below are called at once inside their loops, so B023 does not apply.
# ruff: noqa: B023

from __future__ import annotations

import argparse
import io
import json
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
try:
    import make_assets as ma
    import numpy as np
    from PIL import Image, ImageDraw
except ModuleNotFoundError as exc:  # pragma: no cover - a set-up problem, reported plainly
    sys.exit(
        f"{exc}: this build-time tool needs Pillow, numpy and resvg-py, e.g.\n"
        "    python3 -m venv /tmp/artvenv && /tmp/artvenv/bin/pip install pillow numpy resvg-py\n"
        "    /tmp/artvenv/bin/python tools/make_addon_art.py"
    )

rgba, mix, shade, warm_dark = ma.rgba, ma.mix, ma.shade, ma.warm_dark
new, mask_draw, from_mask, from_arr = ma.new, ma.mask_draw, ma.from_mask, ma.from_arr

BLUE = "#2E6FA7"  # side A
RED = "#B0413E"  # side B
OUTLINE = "#2B2118"
WOOD = "#A8743F"
HC_USED: set[str] = set()  # emoji taken in the high-contrast style

# card -> (helper, portrait emoji for the band corners, what the card does)
HELPERS = {
    "forced_trade": ("Merchant", "person-wearing-turban-default", "forced trade"),
    "road_assistance": ("Mendicant", "old-man-default", "road building help"),
    "resource_balance": ("Mayor", "man-in-tuxedo-default", "a resource when a roll gave you nothing"),
    "move_road": ("Explorer", "detective-default", "move a road"),
    "seven_protection": ("General", "guard-default", "protection from the 7"),
    "development_help": ("Architect", "construction-worker-default", "development help"),
    "robber_to_desert": ("Robber bride", "person-with-veil-default", "send the robber to the desert"),
    "free_port": ("Captain", "pilot-default", "a free 2:1 port"),
    "swords_to_plowshares": ("Priest", "folded-hands-default", "swords to plowshares"),
    "alms": ("Noblewoman", "princess-default", "alms for the poor"),
}

# guild -> (accent colour, emblem)
GUILDS = {
    "merchant": ("#D08A1C", "a covered wagon"),
    "trader": ("#2E6FA7", "a sailing boat"),
    "paver": ("#B5532F", "a shovel"),
    "teacher": ("#3E8A4A", "books"),
    "architect": ("#6A4C9C", "a drafting compass"),
}


# --------------------------------------------------------------------------------------------------
# small drawing helpers (all coordinates in supersampled px)
# --------------------------------------------------------------------------------------------------


class Over:
    """``with Over(img) as d``: an ImageDraw whose translucent colours blend onto the RGBA image ``img``.

    (ImageDraw on an RGBA image replaces the pixels, alpha included, so a translucent line would punch a
    see-through hole; this draws on a clear layer and composites it when the block ends.)
    """

    def __init__(self, img: Image.Image):
        self.img = img
        self.layer = new(*img.size)

    def __enter__(self) -> ImageDraw.ImageDraw:
        return ImageDraw.Draw(self.layer)

    def __exit__(self, *exc):
        self.img.alpha_composite(self.layer)


def put(dst: Image.Image, src: Image.Image, cx, cy, shadow: float = 0.0):
    """Paste src centred at (cx, cy), with a soft drop shadow of blur ``shadow`` px when > 0."""
    if shadow > 0:
        src = ma.with_shadow(src, shadow, 0.32, (0, shadow * 0.7))
    ma.paste_centered(dst, src, cx, cy)


def outlined(mask: Image.Image, fill, outline_px: float, outline=OUTLINE) -> Image.Image:
    """A shape (L mask) in ``fill`` (colour or image) with a dark rounded outline around it."""
    img = new(*mask.size)
    img.alpha_composite(from_mask(ma.grow(mask, outline_px), outline))
    img.alpha_composite(from_mask(mask, fill))
    return img


def arc_arrow(size, cx, cy, r, a0, a1, width, head) -> Image.Image:
    """Mask of an arrow along a circle arc from angle a0 to a1 (degrees, y down), head at a1."""
    n = 48
    pts = [
        (
            cx + r * math.cos(math.radians(a0 + (a1 - a0) * i / n)),
            cy + r * math.sin(math.radians(a0 + (a1 - a0) * i / n)),
        )
        for i in range(n + 1)
    ]
    # stop the shaft a little before the tip so the head covers its end
    sgn = 1 if a1 > a0 else -1
    tip_a = math.radians(a1)
    tx, ty = cx + r * math.cos(tip_a), cy + r * math.sin(tip_a)
    dx, dy = -math.sin(tip_a) * sgn, math.cos(tip_a) * sgn  # direction of travel at the tip
    nx, ny = -dy, dx
    back = head * 1.1
    shaft_end = max(1, int(n * (1 - (back * 0.6) / (abs(math.radians(a1 - a0)) * r))))
    m = Image.new("L", size, 0)
    d = ImageDraw.Draw(m)
    d.line(pts[: shaft_end + 1], fill=255, width=int(width), joint="curve")
    x0, y0 = pts[0]
    d.ellipse([x0 - width / 2, y0 - width / 2, x0 + width / 2, y0 + width / 2], fill=255)
    bx, by = tx - dx * back, ty - dy * back
    d.polygon(
        [
            (tx + dx * head * 0.15, ty + dy * head * 0.15),
            (bx + nx * head * 0.75, by + ny * head * 0.75),
            (bx - nx * head * 0.75, by - ny * head * 0.75),
        ],
        fill=255,
    )
    return m


def arrow_layer(mask: Image.Image, colour, ss) -> Image.Image:
    """An arrow shape with a dark outline, a lit upper half and a soft shadow."""
    img = new(*mask.size)
    img.alpha_composite(ma.shadow_from(mask, 1.2 * ss, 0.35, (0, 1.0 * ss)))
    W, H = mask.size
    grad = from_arr(ma.linear_gradient(W, H, shade(colour, 0.25), warm_dark(colour, 0.15), 90))
    img.alpha_composite(outlined(mask, grad, 1.1 * ss))
    return img


def star_points(cx, cy, r_out, r_in, n=5, rot=-90.0):
    pts = []
    for i in range(2 * n):
        a = math.radians(rot + i * 180 / n)
        rr = r_out if i % 2 == 0 else r_in
        pts.append((cx + math.cos(a) * rr, cy + math.sin(a) * rr))
    return pts


def load_sprite(rel: str) -> Image.Image:
    path = ma.SPR / rel
    if not path.is_file():
        sys.exit(f"{path} is missing: run tools/make_assets.py first (it draws that sprite)")
    return Image.open(path).convert("RGBA")


def scale(img: Image.Image, h: float) -> Image.Image:
    """img resized to height h (keeping its aspect)."""
    return img.resize((max(1, int(round(img.width * h / img.height))), max(1, int(round(h)))), Image.LANCZOS)


# --------------------------------------------------------------------------------------------------
# helper card emblems: each returns a P x P RGBA image (P in supersampled px)
# --------------------------------------------------------------------------------------------------


def em_forced_trade(P, ss):
    img = new(P, P)
    c = P / 2
    r = P * 0.41
    for a0, a1 in ((200, 330), (20, 150)):
        img.alpha_composite(
            arrow_layer(arc_arrow((P, P), c, c, r, a0, a1, P * 0.075, P * 0.13), "#3E9A5A", ss)
        )
    put(img, ma.emoji("money-bag", int(P * 0.62)), c, c + P * 0.01, shadow=1.2 * ss)
    return img


def em_road_assistance(P, ss):
    """A helping hand holding out a road."""
    img = new(P, P)
    put(img, ma.emoji("palm-up-hand-default", int(P * 0.74)), P * 0.46, P * 0.66, shadow=1.0 * ss)
    ma.draw_plank(img, (P * 0.16, P * 0.40), (P * 0.80, P * 0.18), P * 0.15, ma.NEUTRAL_PIECE, ss)
    return img


def em_resource_balance(P, ss):
    img = new(P, P)
    put(img, ma.emoji("balance-scale", int(P * 0.9)), P / 2, P * 0.48, shadow=1.2 * ss)
    return img


def em_move_road(P, ss):
    """A road's old place (faded), an arrow, its new place; the explorer's compass above."""
    img = new(P, P)
    put(img, ma.emoji("compass", int(P * 0.44)), P * 0.50, P * 0.24, shadow=1.0 * ss)
    ghost = new(P, P)
    ma.draw_plank(ghost, (P * 0.06, P * 0.80), (P * 0.40, P * 0.80), P * 0.12, ma.NEUTRAL_PIECE, ss)
    ghost.putalpha(ghost.getchannel("A").point(lambda v: v * 0.4))
    img.alpha_composite(ghost)
    ma.draw_plank(img, (P * 0.60, P * 0.84), (P * 0.94, P * 0.66), P * 0.12, ma.NEUTRAL_PIECE, ss)
    arr = arc_arrow((P, P), P * 0.50, P * 0.80, P * 0.27, 200, 318, P * 0.065, P * 0.13)
    img.alpha_composite(arrow_layer(arr, "#D9822B", ss))
    return img


def em_seven_protection(P, ss):
    img = new(P, P)
    put(img, ma.emoji("shield", int(P * 0.84)), P * 0.44, P * 0.44, shadow=1.2 * ss)
    d3 = scale(load_sprite("dice/3.png"), P * 0.36).rotate(-12, resample=Image.BICUBIC, expand=True)
    d4 = scale(load_sprite("dice/4.png"), P * 0.36).rotate(10, resample=Image.BICUBIC, expand=True)
    put(img, d3, P * 0.64, P * 0.80)
    put(img, d4, P * 0.86, P * 0.72)
    return img


def em_development_help(P, ss):
    img = new(P, P)
    back = ma.card_back("development", ss=2)
    for ang, dx, dy in ((16, 0.10, 0.02), (-8, -0.08, 0.0)):
        c = back.resize((int(P * 0.44), int(P * 0.616)), Image.LANCZOS).rotate(
            ang, resample=Image.BICUBIC, expand=True
        )
        put(img, c, P * (0.5 + dx), P * (0.52 + dy), shadow=1.2 * ss)
    put(img, ma.emoji("glowing-star", int(P * 0.44)), P * 0.80, P * 0.20, shadow=0.8 * ss)
    return img


def em_robber_to_desert(P, ss):
    img = new(P, P)
    sand = ma.TERRAIN["desert"]
    dune = mask_draw((P, P), lambda d: d.ellipse([P * -0.05, P * 0.66, P * 1.05, P * 1.25], fill=255))
    clip = mask_draw((P, P), lambda d: d.ellipse([P * 0.03, P * 0.03, P * 0.97, P * 0.97], fill=255))
    dune = Image.fromarray(np.minimum(np.asarray(dune), np.asarray(clip)))
    grad = from_arr(ma.linear_gradient(P, P, shade(sand, 0.25), warm_dark(sand, 0.18), 90))
    img.alpha_composite(from_mask(dune, grad))
    with Over(img) as d:
        for k, (y, x0, x1) in enumerate(((0.76, 0.25, 0.52), (0.84, 0.55, 0.82), (0.88, 0.18, 0.40))):
            d.arc(
                [P * x0, P * (y - 0.03), P * x1, P * (y + 0.05)],
                200,
                340,
                fill=rgba(warm_dark(sand, 0.35), 150),
                width=max(1, int(0.9 * ss)) + k % 2,
            )
    put(img, ma.emoji("cactus", int(P * 0.50)), P * 0.74, P * 0.50, shadow=0.8 * ss)
    put(img, scale(load_sprite("robber.png"), P * 0.66), P * 0.36, P * 0.46)
    return img


def em_free_port(P, ss):
    img = new(P, P)
    put(img, ma.emoji("sailboat", int(P * 0.50)), P * 0.72, P * 0.66, shadow=0.8 * ss)
    put(img, ma.emoji("anchor", int(P * 0.74)), P * 0.40, P * 0.42, shadow=1.2 * ss)
    return img


def em_swords_to_plowshares(P, ss):
    """Crossed swords turning into a young crop (an arrow round the side from one to the other)."""
    img = new(P, P)
    arr = arc_arrow((P, P), P * 0.50, P * 0.52, P * 0.40, -62, 18, P * 0.07, P * 0.14)
    img.alpha_composite(arrow_layer(arr, "#3E9A5A", ss))
    put(img, ma.emoji("crossed-swords", int(P * 0.54)), P * 0.32, P * 0.32, shadow=1.0 * ss)
    put(img, ma.emoji("seedling", int(P * 0.52)), P * 0.54, P * 0.70, shadow=1.0 * ss)
    return img


def em_alms(P, ss):
    img = new(P, P)
    put(img, ma.emoji("open-hands-default", int(P * 0.70)), P * 0.5, P * 0.68, shadow=1.0 * ss)
    coin = ma.emoji("coin", int(P * 0.30))
    for fx, fy, ang in ((0.34, 0.30, 12), (0.62, 0.20, -14), (0.54, 0.46, 4)):
        put(img, coin.rotate(ang, resample=Image.BICUBIC, expand=True), P * fx, P * fy, shadow=0.7 * ss)
    return img


EMBLEMS = {
    "forced_trade": em_forced_trade,
    "road_assistance": em_road_assistance,
    "resource_balance": em_resource_balance,
    "move_road": em_move_road,
    "seven_protection": em_seven_protection,
    "development_help": em_development_help,
    "robber_to_desert": em_robber_to_desert,
    "free_port": em_free_port,
    "swords_to_plowshares": em_swords_to_plowshares,
    "alms": em_alms,
}


# --------------------------------------------------------------------------------------------------
# helper cards
# --------------------------------------------------------------------------------------------------


def portrait_badge(name, px, band, ss) -> Image.Image:
    """The helper's portrait in a small ivory disc ringed in the side's colour."""
    img = new(px, px)
    r = px / 2 - 0.6 * ss
    c = px / 2
    d = ImageDraw.Draw(img)
    d.ellipse(
        [c - r, c - r, c + r, c + r],
        fill=rgba("#FBF5E6"),
        outline=rgba(warm_dark(band, 0.35)),
        width=max(1, int(1.2 * ss)),
    )
    face = ma.emoji(name, int(px * 0.92))
    disc = mask_draw(face.size, lambda dd: dd.ellipse([0, 0, face.width - 1, face.height - 1], fill=255))
    face.putalpha(Image.fromarray(np.minimum(np.asarray(face.getchannel("A")), np.asarray(disc))))
    ma.paste_centered(img, face, c, c + px * 0.02)
    d.ellipse([c - r, c - r, c + r, c + r], outline=rgba(warm_dark(band, 0.35)), width=max(1, int(1.2 * ss)))
    return img


def helper_card(card: str, side: str, emblem: Image.Image, ss=3) -> Image.Image:
    u = ss
    W = ma.CARD_W * ss
    band = BLUE if side == "a" else RED
    img = ma.card_frame(ss, band, seed=len(card) + (0 if side == "a" else 50))
    cy = 98 * u
    ma.medallion(img, ss, W / 2, cy, 50 * u, band)
    put(img, emblem, W / 2, cy, shadow=2 * u)
    badge = portrait_badge(HELPERS[card][1], int(22 * u), band, ss)
    for x in (16 * u, W - 16 * u):
        ma.paste_centered(img, badge, x, 15 * u)
    return ma.down(img, ma.CARD_W, ma.CARD_H)


def bust_mask(size, cx, cy, s) -> Image.Image:
    """A head-and-shoulders silhouette centred on (cx, cy), about 2s tall."""

    def draw(d):
        d.ellipse([cx - 0.42 * s, cy - 0.95 * s, cx + 0.42 * s, cy - 0.11 * s], fill=255)
        d.chord([cx - 0.85 * s, cy + 0.0 * s, cx + 0.85 * s, cy + 1.6 * s], 180, 360, fill=255)
        d.rectangle([cx - 0.85 * s, cy + 0.78 * s, cx + 0.85 * s, cy + 1.6 * s], fill=255)
        d.polygon(
            [
                (cx - 0.2 * s, cy - 0.2 * s),
                (cx + 0.2 * s, cy - 0.2 * s),
                (cx + 0.3 * s, cy + 0.15 * s),
                (cx - 0.3 * s, cy + 0.15 * s),
            ],
            fill=255,
        )

    return mask_draw(size, draw)


def helper_back(ss=3) -> Image.Image:
    u = ss
    W, H = ma.CARD_W * ss, ma.CARD_H * ss
    rad = 11 * u
    col = "#3B5A52"
    img = new(W, H)
    shape = mask_draw((W, H), lambda d: d.rounded_rectangle([0, 0, W - 1, H - 1], radius=rad, fill=255))
    bg = ma.radial_gradient(W, H, shade(col, 0.18), warm_dark(col, 0.4), 0.5, 0.45, 0.75)
    bg = bg * (1 + (ma.value_noise(W, H, 40 * u, 77, 3)[..., None] - 0.5) * 0.08)
    img.alpha_composite(from_mask(shape, from_arr(np.clip(bg, 0, 1))))
    # the same hex lattice as the other card backs
    lat = new(W, H)
    d = ImageDraw.Draw(lat)
    r = 13 * u
    dx = r * math.sqrt(3)
    for row in range(-1, int(H / (r * 1.5)) + 2):
        for colm in range(-1, int(W / dx) + 2):
            x = colm * dx + (row % 2) * dx / 2
            y = row * r * 1.5
            d.polygon(ma.hex_points(x, y, r - 1.2 * u), outline=rgba("#FFFFFF", 30), width=int(1.0 * u))
    lat.putalpha(Image.fromarray(np.minimum(np.asarray(lat.getchannel("A")), np.asarray(shape))))
    img.alpha_composite(lat)
    d = ImageDraw.Draw(img)
    gold = "#E2C078"
    d.rounded_rectangle(
        [6 * u, 6 * u, W - 1 - 6 * u, H - 1 - 6 * u], radius=7 * u, outline=rgba(gold), width=int(2 * u)
    )
    with Over(img) as d2:
        d2.rounded_rectangle(
            [9.5 * u, 9.5 * u, W - 1 - 9.5 * u, H - 1 - 9.5 * u],
            radius=5 * u,
            outline=rgba(gold, 120),
            width=int(0.8 * u),
        )
    # medallion: blue half (side A) and red half (side B) behind a helper's silhouette
    cx, cy = W / 2, H / 2
    mr = 42 * u
    m = mask_draw((W, H), lambda d2: d2.ellipse([cx - mr, cy - mr, cx + mr, cy + mr], fill=255))
    img.alpha_composite(ma.shadow_from(m, 3 * u, 0.5, (0, 2 * u)))
    left = mask_draw((W, H), lambda d2: d2.pieslice([cx - mr, cy - mr, cx + mr, cy + mr], 90, 270, fill=255))
    right = mask_draw((W, H), lambda d2: d2.pieslice([cx - mr, cy - mr, cx + mr, cy + mr], 270, 90, fill=255))
    for half, c in ((left, BLUE), (right, RED)):
        g = from_arr(
            ma.radial_gradient(W, H, mix(c, "#FFFFFF", 0.55), mix(c, "#FFFFFF", 0.15), 0.45, 0.42, 0.3)
        )
        img.alpha_composite(from_mask(half, g))
    bust = bust_mask((W, H), cx, cy + 4 * u, 30 * u)
    clip = mask_draw(
        (W, H),
        lambda d2: d2.ellipse([cx - mr + 2 * u, cy - mr + 2 * u, cx + mr - 2 * u, cy + mr - 2 * u], fill=255),
    )
    bust = Image.fromarray(np.minimum(np.asarray(bust), np.asarray(clip)))
    img.alpha_composite(from_mask(ma.grow(bust, 1.6 * u), "#FBF1D8"))
    img.alpha_composite(from_mask(bust, from_arr(ma.linear_gradient(W, H, "#3A3A40", "#1E1A18", 90))))
    d.ellipse([cx - mr, cy - mr, cx + mr, cy + mr], outline=rgba(gold), width=int(2.4 * u))
    d.line([(cx, cy - mr), (cx, cy - mr + 3 * u)], fill=rgba(gold), width=int(1.2 * u))
    d.rounded_rectangle([0, 0, W - 1, H - 1], radius=rad, outline=rgba("#24170E"), width=int(1.6 * u))
    return ma.down(img, ma.CARD_W, ma.CARD_H)


def build_helpers():
    ss = 3
    for card, fn in EMBLEMS.items():
        who, _portrait, what = HELPERS[card]
        emblem = fn(int(84 * ss), ss)
        for side, colour in (("a", "blue"), ("b", "red")):
            ma.save_png(
                helper_card(card, side, emblem, ss),
                f"sprites/helpers/{card}_{side}.png",
                f"Helpers add-on card '{card}' ({who}: {what}), side {side.upper()} ({colour}), no text: "
                "draw the translated title centred at (75, 172)",
            )
    ma.save_png(helper_back(ss), "sprites/helpers/back.png", "Helpers add-on: back of a helper card")


# --------------------------------------------------------------------------------------------------
# guild favour tokens
# --------------------------------------------------------------------------------------------------


def wood_texture(S, seed, base=WOOD) -> np.ndarray:
    """A wood-grain RGB float array: wavy stripes with a warm gradient."""
    yy, xx = np.mgrid[0:S, 0:S].astype(np.float32) / S
    n = ma.value_noise(S, S, S / 3, seed, 3)
    stripes = 0.5 + 0.5 * np.sin((yy * 9.0 + n * 3.2 + 0.3 * np.sin(xx * 5)) * math.tau)
    fine = ma.value_noise(S, S, S / 40, seed + 1, 2)
    lum = 0.86 + 0.12 * stripes + 0.08 * (fine - 0.5)
    grad = ma.radial_gradient(S, S, shade(base, 0.22), warm_dark(base, 0.25), 0.4, 0.35, 0.75)
    return np.clip(grad * lum[..., None], 0, 1)


def token_disc(accent, seed, size=96, ss=4, face="ivory") -> tuple[Image.Image, float]:
    """A wooden chip with a coloured accent ring and an ivory (or wooden) face; returns (img, face radius)."""
    S = size * ss
    c = S / 2
    R = 43 * ss
    img = new(S, S)
    sh = mask_draw((S, S), lambda d: d.ellipse([c - R, c - R + 3 * ss, c + R, c + R + 3 * ss], fill=255))
    img.alpha_composite(ma.shadow_from(sh, 2.8 * ss, 0.5, colour=(20, 12, 4)))
    edge = mask_draw(
        (S, S), lambda d: d.ellipse([c - R, c - R + 2.2 * ss, c + R, c + R + 2.2 * ss], fill=255)
    )
    img.alpha_composite(from_mask(edge, warm_dark(WOOD, 0.45)))
    disc = mask_draw((S, S), lambda d: d.ellipse([c - R, c - R, c + R, c + R], fill=255))
    img.alpha_composite(from_mask(disc, from_arr(wood_texture(S, seed))))
    d = ImageDraw.Draw(img)
    d.ellipse([c - R, c - R, c + R, c + R], outline=rgba("#3A2414"), width=int(1.4 * ss))
    # accent ring
    ra = R - 5 * ss
    rb = ra - 7 * ss
    ring = mask_draw(
        (S, S),
        lambda dd: (
            dd.ellipse([c - ra, c - ra, c + ra, c + ra], fill=255),
            dd.ellipse([c - rb, c - rb, c + rb, c + rb], fill=0),
        ),
    )
    if accent is not None:
        g = from_arr(ma.radial_gradient(S, S, shade(accent, 0.2), warm_dark(accent, 0.25), 0.4, 0.32, 0.6))
        img.alpha_composite(from_mask(ring, g))
        with Over(img) as d2:
            for k in range(12):  # small studs on the ring, like an inlaid chip
                a = k / 12 * math.tau + math.pi / 12
                x, y = c + math.cos(a) * (ra + rb) / 2, c + math.sin(a) * (ra + rb) / 2
                q = 1.3 * ss
                d2.ellipse([x - q, y - q, x + q, y + q], fill=rgba(shade(accent, 0.55), 220))
    d.ellipse([c - ra, c - ra, c + ra, c + ra], outline=rgba("#3A2414"), width=int(1.2 * ss))
    fm = mask_draw((S, S), lambda dd: dd.ellipse([c - rb, c - rb, c + rb, c + rb], fill=255))
    if face == "ivory":
        fg = from_arr(ma.radial_gradient(S, S, "#FFF9EA", "#E6D6B0", 0.45, 0.38, 0.42))
    else:
        fg = from_arr(np.clip(wood_texture(S, seed + 9, shade(WOOD, 0.1)) * 1.04, 0, 1))
    img.alpha_composite(from_mask(fm, fg))
    d.ellipse([c - rb, c - rb, c + rb, c + rb], outline=rgba("#3A2414"), width=int(1.2 * ss))
    return img, rb


def draw_wagon(P, ss) -> Image.Image:
    img = new(P, P)
    wood = "#9A5B2C"
    body = mask_draw(
        (P, P),
        lambda d: d.polygon(
            [(P * 0.14, P * 0.50), (P * 0.86, P * 0.50), (P * 0.82, P * 0.70), (P * 0.18, P * 0.70)], fill=255
        ),
    )
    hood = mask_draw(
        (P, P),
        lambda d: (
            d.chord([P * 0.16, P * 0.14, P * 0.84, P * 0.86], 180, 360, fill=255),
            d.rectangle([P * 0.16, P * 0.48, P * 0.84, P * 0.52], fill=255),
        ),
    )
    shaft = mask_draw(
        (P, P), lambda d: d.line([(P * 0.02, P * 0.52), (P * 0.20, P * 0.64)], fill=255, width=int(P * 0.05))
    )
    img.alpha_composite(outlined(shaft, warm_dark(wood, 0.2), 0.9 * ss))
    img.alpha_composite(
        outlined(hood, from_arr(ma.linear_gradient(P, P, "#FFFBEF", "#DCCBA4", 90)), 1.1 * ss)
    )
    d = ImageDraw.Draw(img)
    for x in (0.32, 0.5, 0.68):  # hoops under the canvas
        d.line(
            [(P * x, P * (0.50 - 0.34 * math.sqrt(max(0.0, 1 - ((x - 0.5) / 0.34) ** 2)))), (P * x, P * 0.5)],
            fill=rgba("#B29A70"),
            width=max(1, int(0.9 * ss)),
        )
    img.alpha_composite(
        outlined(
            body, from_arr(ma.linear_gradient(P, P, shade(wood, 0.15), warm_dark(wood, 0.2), 90)), 1.1 * ss
        )
    )
    d.line(
        [(P * 0.17, P * 0.60), (P * 0.83, P * 0.60)],
        fill=rgba(warm_dark(wood, 0.45)),
        width=max(1, int(0.9 * ss)),
    )
    wheel = ma.emoji("wheel", int(P * 0.34))
    for x in (0.30, 0.72):
        put(img, wheel, P * x, P * 0.74, shadow=0.6 * ss)
    return img


def draw_shovel(P, ss) -> Image.Image:
    img = new(P, P)
    # along the diagonal from the grip (upper right) to the blade (lower left)
    ax, ay, bx, by = P * 0.80, P * 0.16, P * 0.36, P * 0.62
    L = math.hypot(bx - ax, by - ay)
    ux, uy = (bx - ax) / L, (by - ay) / L
    nx, ny = -uy, ux

    def at(t, s):  # t along the handle (0 grip .. 1 blade start), s across
        return (ax + ux * L * t + nx * s, ay + uy * L * t + ny * s)

    hw = P * 0.035
    handle = mask_draw(
        (P, P), lambda d: d.polygon([at(0.08, -hw), at(0.08, hw), at(1.05, hw), at(1.05, -hw)], fill=255)
    )
    grip = mask_draw(
        (P, P),
        lambda d: (
            d.polygon(
                [at(-0.08, -P * 0.11), at(-0.08, P * 0.11), at(0.02, P * 0.11), at(0.02, -P * 0.11)], fill=255
            ),
            d.polygon([at(-0.02, -P * 0.11), at(0.12, -hw), at(0.12, hw), at(-0.02, P * 0.11)], fill=255),
        ),
    )
    hole = mask_draw(
        (P, P),
        lambda d: d.polygon(
            [at(0.03, -P * 0.065), at(0.03, P * 0.065), at(0.085, hw * 0.8), at(0.085, -hw * 0.8)], fill=255
        ),
    )
    grip = Image.fromarray(
        np.maximum(np.asarray(grip).astype(np.int16) - np.asarray(hole), 0).astype(np.uint8)
    )
    bw = P * 0.15

    def blade_pts():
        base = [at(0.98, -bw), at(0.98, bw)]
        tip = []
        for i in range(11):
            s = bw - 2 * bw * i / 10
            t = 1.0 + 0.42 * (1 - (s / bw) ** 2) ** 0.8 + 0.05
            tip.append(at(t, s))
        return base + tip

    blade = mask_draw((P, P), lambda d: d.polygon(blade_pts(), fill=255))
    collar = mask_draw(
        (P, P),
        lambda d: d.polygon(
            [at(0.86, -hw * 1.5), at(0.86, hw * 1.5), at(1.02, hw * 2.6), at(1.02, -hw * 2.6)], fill=255
        ),
    )
    woodg = from_arr(ma.linear_gradient(P, P, "#D9A060", "#8A5528", 45))
    steel = from_arr(ma.linear_gradient(P, P, "#EEF1F4", "#6F7782", 30))
    img.alpha_composite(ma.shadow_from(ma.grow(blade, ss), 1.2 * ss, 0.35, (0, ss)))
    img.alpha_composite(outlined(handle, woodg, 1.1 * ss))
    img.alpha_composite(outlined(grip, woodg, 1.1 * ss))
    img.alpha_composite(outlined(blade, steel, 1.2 * ss))
    img.alpha_composite(
        outlined(collar, from_arr(ma.linear_gradient(P, P, "#C9CED6", "#59606A", 30)), 1.0 * ss)
    )
    with Over(img) as d:
        d.line([at(1.10, 0), at(1.40, 0)], fill=rgba("#FFFFFF", 120), width=max(1, int(1.2 * ss)))
    # a few paving stones under it
    for k, (x, y) in enumerate(((0.62, 0.80), (0.80, 0.74), (0.80, 0.88))):
        m = mask_draw(
            (P, P),
            lambda dd: dd.rounded_rectangle(
                [P * (x - 0.08), P * (y - 0.05), P * (x + 0.08), P * (y + 0.05)], radius=P * 0.025, fill=255
            ),
        )
        img.alpha_composite(outlined(m, mix("#A9A39A", "#C7B79A", k / 2), 0.9 * ss))
    return img


def draw_drafting_compass(P, ss) -> Image.Image:
    img = new(P, P)
    steel = from_arr(ma.linear_gradient(P, P, "#F3F5F7", "#7A828D", 20))
    hx, hy = P * 0.5, P * 0.24
    spread = math.radians(24)
    Lg = P * 0.58
    lw = P * 0.055
    # the arc being drawn
    d = ImageDraw.Draw(img)
    pivot = (hx - math.sin(spread) * Lg, hy + math.cos(spread) * Lg)
    pen = (hx + math.sin(spread) * Lg, hy + math.cos(spread) * Lg)
    rr = math.dist(pivot, pen)
    d.arc(
        [pivot[0] - rr, pivot[1] - rr, pivot[0] + rr, pivot[1] + rr],
        -40,
        8,
        fill=rgba("#6A4C9C"),
        width=max(1, int(1.6 * ss)),
    )
    for sgn in (-1, 1):
        tipx = hx + sgn * math.sin(spread) * Lg
        tipy = hy + math.cos(spread) * Lg
        ux, uy = (tipx - hx) / Lg, (tipy - hy) / Lg
        nx, ny = -uy, ux
        leg_end = 0.80 if sgn > 0 else 0.90

        def p(t, s):
            return (hx + ux * Lg * t + nx * s, hy + uy * Lg * t + ny * s)

        leg = mask_draw(
            (P, P),
            lambda dd: dd.polygon(
                [p(0.0, -lw * 0.6), p(0.0, lw * 0.6), p(leg_end, lw * 0.4), p(leg_end, -lw * 0.4)], fill=255
            ),
        )
        img.alpha_composite(outlined(leg, steel, 1.1 * ss))
        if sgn < 0:  # needle
            nd = mask_draw(
                (P, P), lambda dd: dd.polygon([p(0.88, -lw * 0.22), p(0.88, lw * 0.22), p(1.0, 0)], fill=255)
            )
            img.alpha_composite(outlined(nd, "#59606A", 0.8 * ss))
        else:  # pencil lead holder
            pc = mask_draw(
                (P, P),
                lambda dd: dd.polygon(
                    [p(0.76, -lw * 0.5), p(0.76, lw * 0.5), p(0.92, lw * 0.4), p(1.0, 0), p(0.92, -lw * 0.4)],
                    fill=255,
                ),
            )
            img.alpha_composite(
                outlined(pc, from_arr(ma.linear_gradient(P, P, "#F5C84A", "#C98A1A", 20)), 0.9 * ss)
            )
            lead = mask_draw(
                (P, P), lambda dd: dd.polygon([p(0.94, -lw * 0.2), p(0.94, lw * 0.2), p(1.0, 0)], fill=255)
            )
            img.alpha_composite(from_mask(lead, "#2B2118"))
    # hinge and handle
    hr = P * 0.075
    hinge = mask_draw((P, P), lambda dd: dd.ellipse([hx - hr, hy - hr, hx + hr, hy + hr], fill=255))
    img.alpha_composite(
        outlined(hinge, from_arr(ma.radial_gradient(P, P, "#FFFFFF", "#8A929C", 0.45, 0.2, 0.1)), 1.1 * ss)
    )
    hd = mask_draw(
        (P, P),
        lambda dd: dd.rounded_rectangle(
            [hx - P * 0.03, hy - P * 0.20, hx + P * 0.03, hy - hr * 0.6], radius=P * 0.02, fill=255
        ),
    )
    img.alpha_composite(outlined(hd, from_arr(ma.linear_gradient(P, P, "#8A5A32", "#4A2C16", 0)), 1.0 * ss))
    d = ImageDraw.Draw(img)
    d.ellipse([hx - hr * 0.3, hy - hr * 0.3, hx + hr * 0.3, hy + hr * 0.3], fill=rgba("#59606A"))
    return img


def guild_emblem(guild, P, ss) -> Image.Image:
    if guild == "merchant":
        return draw_wagon(P, ss)
    if guild == "architect":
        return draw_drafting_compass(P, ss)
    if guild == "paver":
        return draw_shovel(P, ss)
    img = new(P, P)
    name = {"trader": "sailboat", "teacher": "books"}[guild]
    put(img, ma.emoji(name, int(P * 0.92)), P / 2, P / 2, shadow=1.0 * ss)
    return img


def hc_emoji(name: str, px: int) -> Image.Image:
    """A Fluent Emoji in its "high-contrast" style (a clean line drawing), from next to the modern folder."""
    path = ma.EMOJI_DIR.parent / "high-contrast" / f"{name}.svg"
    if not path.is_file():
        sys.exit(f"{path} not found: the fluentui-emoji package has an icons/high-contrast folder")
    data = ma.resvg_py.svg_to_bytes(svg_path=str(path), width=px, height=px)
    HC_USED.add(name)
    return Image.open(io.BytesIO(bytes(data))).convert("RGBA")


def sepia(img: Image.Image, dark, light, alpha=1.0) -> Image.Image:
    """img recoloured to a two-tone burn (dark..light by luminance), for the face-down token."""
    a = np.asarray(img, dtype=np.float32) / 255
    lum = (0.3 * a[..., 0] + 0.59 * a[..., 1] + 0.11 * a[..., 2])[..., None]
    c0 = np.array(ma.hexrgb(dark), np.float32) / 255
    c1 = np.array(ma.hexrgb(light), np.float32) / 255
    out = np.concatenate([c0 * (1 - lum) + c1 * lum, a[..., 3:4] * alpha], axis=2)
    return from_arr(out)


def build_guilds():
    size, ss = 96, 4
    S = size * ss
    for k, (guild, (accent, what)) in enumerate(GUILDS.items()):
        img, rb = token_disc(accent, 300 + k, size, ss)
        P = int(rb * 2 * 0.86)
        put(img, guild_emblem(guild, P, ss), S / 2, S / 2)
        ma.save_png(
            ma.down(img, size, size),
            f"sprites/guilds/{guild}.png",
            f"Frenemies guild favour token '{guild}': wooden chip, {accent} ring, {what}",
        )
    img, rb = token_disc(None, 399, size, ss, face="wood")
    c = S / 2
    ring_r = rb - 4 * ss
    with Over(img) as d:
        d.ellipse(
            [c - ring_r, c - ring_r, c + ring_r, c + ring_r],
            outline=rgba("#5A3A1E", 150),
            width=int(1.2 * ss),
        )
    hs = hc_emoji("handshake", int(rb * 1.5))
    put(img, sepia(hs, "#F6E2B8", "#F6E2B8", 0.5), c, c + 1.0 * ss)  # a light lower edge: pressed in
    put(img, sepia(hs, "#4A2A12", "#4A2A12", 0.92), c, c)
    ma.save_png(
        ma.down(img, size, size),
        "sprites/guilds/back.png",
        "Frenemies guild favour token, face down: wooden chip with a burnt-in handshake",
    )


# --------------------------------------------------------------------------------------------------
# Catan chip
# --------------------------------------------------------------------------------------------------


def catan_chip(size=64, ss=4) -> Image.Image:
    S = size * ss
    c = S / 2
    R = 28 * ss
    cy = c - 1.2 * ss
    img = new(S, S)
    sh = mask_draw((S, S), lambda d: d.ellipse([c - R, cy - R + 3 * ss, c + R, cy + R + 3 * ss], fill=255))
    img.alpha_composite(ma.shadow_from(sh, 2.0 * ss, 0.45, colour=(20, 12, 4)))
    edge = mask_draw(
        (S, S), lambda d: d.ellipse([c - R, cy - R + 2.6 * ss, c + R, cy + R + 2.6 * ss], fill=255)
    )
    img.alpha_composite(from_mask(edge, "#8E5F12"))
    disc = mask_draw((S, S), lambda d: d.ellipse([c - R, cy - R, c + R, cy + R], fill=255))
    img.alpha_composite(
        from_mask(disc, from_arr(ma.radial_gradient(S, S, "#FFE98A", "#D49A1A", 0.38, 0.32, 0.6)))
    )
    d = ImageDraw.Draw(img)
    # notched rim, as on a gaming chip
    ri = R - 6 * ss
    with Over(img) as d2:
        for k in range(0, 16, 2):
            a0 = k * 22.5 + 4
            d2.pieslice(
                [c - R + 1.5 * ss, cy - R + 1.5 * ss, c + R - 1.5 * ss, cy + R - 1.5 * ss],
                a0,
                a0 + 14.5,
                fill=rgba("#FFF3C4", 150),
            )
    inner = mask_draw((S, S), lambda dd: dd.ellipse([c - ri, cy - ri, c + ri, cy + ri], fill=255))
    img.alpha_composite(
        from_mask(inner, from_arr(ma.radial_gradient(S, S, "#FFE27A", "#DDA323", 0.4, 0.34, 0.45)))
    )
    d.ellipse([c - ri, cy - ri, c + ri, cy + ri], outline=rgba("#9A6A12"), width=int(1.2 * ss))
    d.ellipse([c - R, cy - R, c + R, cy + R], outline=rgba("#6E4A0C"), width=int(1.4 * ss))
    # embossed star
    pts = star_points(c, cy + 0.6 * ss, 15.5 * ss, 6.6 * ss)
    sm = mask_draw((S, S), lambda dd: dd.polygon(pts, fill=255))
    img.alpha_composite(from_mask(ma.grow(sm, 1.0 * ss), "#7A5208"))
    img.alpha_composite(from_mask(sm, from_arr(ma.linear_gradient(S, S, "#FFF6C8", "#E0A828", 100))))
    lit = mask_draw(
        (S, S), lambda dd: dd.polygon(star_points(c - 0.5 * ss, cy - 0.4 * ss, 9 * ss, 3.6 * ss), fill=255)
    )
    img.alpha_composite(from_mask(lit.point(lambda v: v * 0.35), "#FFFFFF"))
    # a glint
    with Over(img) as d2:
        d2.ellipse([c - 17 * ss, cy - 19 * ss, c - 11 * ss, cy - 15 * ss], fill=rgba("#FFFFFF", 140))
    return ma.down(img, size, size)


def build_chip():
    ma.save_png(
        catan_chip(),
        "sprites/icons/catan_chip.png",
        "UI icon: Catan chip (gold coin with a star), Frenemies add-on",
    )


# --------------------------------------------------------------------------------------------------
# manifest, licences, contact sheet
# --------------------------------------------------------------------------------------------------

LICENSE_HEADING = "## Add-on art: Helpers and Frenemies (tools/make_addon_art.py)"


def merge_manifest():
    """Add this script's files to assets/manifest.json, keeping every other entry (same format)."""
    path = ma.ASSETS / "manifest.json"
    data = (
        json.loads(path.read_text()) if path.exists() else {"generator": "tools/make_assets.py", "files": {}}
    )
    files = data.get("files", {})
    files.update(ma.MANIFEST)
    data["files"] = dict(sorted(files.items()))
    path.write_text(json.dumps(data, indent=1) + "\n")


def merge_licenses():
    """Write (or replace) this script's section of assets/LICENSES.md."""
    path = ma.ASSETS / "LICENSES.md"
    text = path.read_text() if path.exists() else "# Asset sources and licences\n"
    used = ", ".join(sorted(ma.EMOJI_USED))
    if HC_USED:
        used += "; in the high-contrast style: " + ", ".join(sorted(HC_USED))
    section = f"""{LICENSE_HEADING}
The helper cards and their back (`sprites/helpers/`), the guild favour tokens (`sprites/guilds/`) and
`sprites/icons/catan_chip.png` are drawn in code by `tools/make_addon_art.py` (project's own work, MIT), with
the card frames, medallions and drawing helpers of `tools/make_assets.py`; the robber and two dice on the
cards are this project's own sprites. The wagon, shovel, drafting compass, arrows, road planks, dune,
silhouette, wooden chips and the Catan chip are drawn in code. The other pictures on them are rasterised
from **Fluent Emoji** ("modern" and "high-contrast" styles, Microsoft, MIT licence, npm package
`fluentui-emoji` 1.3.0; licence text in the Fluent Emoji section above). Emoji used: {used}.
"""
    start = text.find(LICENSE_HEADING)
    if start >= 0:
        nxt = text.find("\n## ", start + len(LICENSE_HEADING))
        text = text[:start] + section + ("\n" + text[nxt + 1 :] if nxt >= 0 else "")
    else:
        text = text.rstrip("\n") + "\n\n" + section
    path.write_text(text)


def contact_sheet(path: Path):
    """Everything this script draws, at 1x and at the player panel's size, on dark wood (not committed)."""

    def ld(rel):
        return Image.open(ma.ASSETS / rel).convert("RGBA")

    W, H = 1760, 1060
    sheet = Image.new("RGBA", (W, H), rgba("#5A3A22"))
    x, y = 10, 10
    for side in ("a", "b"):
        x = 10
        for card in HELPERS:
            sheet.alpha_composite(ld(f"sprites/helpers/{card}_{side}.png"), (x, y))
            x += 158
        y += 218
    sheet.alpha_composite(ld("sprites/helpers/back.png"), (10, y))
    x = 170
    for k, guild in enumerate(list(GUILDS) + ["back"]):
        sheet.alpha_composite(ld(f"sprites/guilds/{guild}.png"), (x + k * 100, y))
        small = ld(f"sprites/guilds/{guild}.png").resize((24, 24), Image.LANCZOS)
        sheet.alpha_composite(small, (x + k * 100 + 36, y + 104))
    x = 790
    sheet.alpha_composite(ld("sprites/icons/catan_chip.png"), (x, y))
    sheet.alpha_composite(
        ld("sprites/icons/catan_chip.png").resize((20, 20), Image.LANCZOS), (x + 80, y + 22)
    )
    for k, name in enumerate(("trade", "bank", "trophy")):
        sheet.alpha_composite(ld(f"sprites/icons/{name}.png"), (x + 110 + k * 70, y))
    ref = ld("sprites/cards/plain/knight.png")
    sheet.alpha_composite(ref, (1120, y))
    sheet.alpha_composite(ld("sprites/cards/back_development.png"), (1280, y))
    y += 226
    # the player panel's size (70x98), with a title drawn like the game does
    x = 10
    for side in ("a", "b"):
        for card in HELPERS:
            im = ld(f"sprites/helpers/{card}_{side}.png")
            draw_title = im.copy()
            ma.draw_text(
                draw_title, (75, 172), card.replace("_", " ").title()[:16], ma.font("title", 15), rgba(ma.INK)
            )
            sheet.alpha_composite(draw_title.resize((70, 98), Image.LANCZOS), (x, y))
            x += 78
    sheet.alpha_composite(ld("sprites/helpers/back.png").resize((70, 98), Image.LANCZOS), (x, y))
    sheet.alpha_composite(ld("sprites/cards/plain/knight.png").resize((70, 98), Image.LANCZOS), (x + 78, y))
    y += 108
    x = 10
    for card in HELPERS:
        im = ld(f"sprites/helpers/{card}_a.png").copy()
        ma.draw_text(im, (75, 172), card.replace("_", " ").title()[:16], ma.font("title", 15), rgba(ma.INK))
        sheet.alpha_composite(im, (x, y))
        x += 158
    sheet.convert("RGB").save(path)
    print("contact sheet:", path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--emoji-dir", type=Path, help="fluentui-emoji icons/modern folder")
    ap.add_argument("--contact-sheet", type=Path, help="also write a contact sheet PNG here")
    args = ap.parse_args(argv)
    cands = [args.emoji_dir] if args.emoji_dir is not None else ma.EMOJI_DEFAULTS
    ma.EMOJI_DIR = next((c for c in cands if (c / "ewe.svg").is_file()), None)
    if ma.EMOJI_DIR is None:
        sys.exit(ma.EMOJI_HELP)
    if ma.resvg_py is None:
        sys.exit("resvg-py is missing: pip install resvg-py (a build-time tool, not a game dependency)")
    build_helpers()
    build_guilds()
    build_chip()
    merge_manifest()
    merge_licenses()
    total = sum((ma.ASSETS / rel).stat().st_size for rel in ma.MANIFEST)
    print(f"{len(ma.MANIFEST)} files, {total / 1024:.0f} KiB")
    if args.contact_sheet:
        contact_sheet(args.contact_sheet)


if __name__ == "__main__":
    main()
