#!/usr/bin/env python3
"""Regenerate every file under ``assets/`` for Catan Desktop, deterministically.

This is a build-time tool. The game itself only loads the committed PNG/WAV/OGG/TTF/JSON files
with pygame; nothing here is a runtime dependency.

How to run (from the repository root)::

    # 1. build-time Python tools (any venv; these are NOT game dependencies: the "assets" extra)
    python3 -m venv /tmp/artvenv
    /tmp/artvenv/bin/pip install -e '.[assets]'    # pillow numpy resvg-py soundfile

    # 2. fonts (Debian): DejaVu Sans for the UI, Vollkorn for titles / numbers
    apt-get install -y fonts-dejavu-core fonts-vollkorn

    # 3. Fluent Emoji SVG sources (MIT) from the npm registry, into a temp dir
    mkdir -p /tmp/emoji && (cd /tmp/emoji && npm install fluentui-emoji@1.3.0)

    # 4. build everything (about a minute on 2 cores)
    /tmp/artvenv/bin/python tools/make_assets.py \\
        --emoji-dir /tmp/emoji/node_modules/fluentui-emoji/icons/modern

    # optional: a contact sheet to look at (not committed)
    /tmp/artvenv/bin/python tools/make_assets.py --emoji-dir ... --contact-sheet /tmp/contact_sheet.png

``--only GROUP[,GROUP]`` rebuilds some groups only (terrain, sea, tokens, harbours, pieces, robber,
cards, dice, icons, appicon, fonts, sounds, music, theme); the manifest and licence files are always
rewritten.

Everything is drawn in code (Pillow + numpy, supersampled then downsampled) except the resource and UI
icons, which are rasterised from Fluent Emoji "modern" SVGs with resvg. All randomness uses fixed seeds,
so the same tool versions give byte-identical output.
"""

# The many small drawing lambdas below are called at once inside their loops, so B023 does not apply.
# ruff: noqa: B023

from __future__ import annotations

import argparse
import io
import json
import math
import random
import shutil
import sys
import time
import wave
from pathlib import Path

import numpy as np
from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont

try:  # only needed for the emoji-based sprites
    import resvg_py
except ImportError:  # pragma: no cover - reported at run time
    resvg_py = None

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
SPR = ASSETS / "sprites"

EMOJI_HELP = (
    "Fluent Emoji SVGs are needed. Get them with:\n"
    "    mkdir -p /tmp/emoji && (cd /tmp/emoji && npm install fluentui-emoji@1.3.0)\n"
    "then pass --emoji-dir /tmp/emoji/node_modules/fluentui-emoji/icons/modern"
)

DEJAVU_DIR = Path("/usr/share/fonts/truetype/dejavu")
VOLLKORN_DIR = Path("/usr/share/fonts/truetype/vollkorn")

# --------------------------------------------------------------------------------------------------
# palette
# --------------------------------------------------------------------------------------------------

TERRAIN = {
    "forest": "#2F6B3A",
    "pasture": "#8CC257",
    "fields": "#E8C14A",
    "hills": "#C0643A",
    "mountains": "#8A8F98",
    "desert": "#E3CF9A",
}
SEA = "#2E6FA7"
IVORY = "#F4EBD3"
INK = "#2B2118"  # near-black warm brown used for text and pips
RED = "#C0261E"  # 6 and 8

PLAYER_COLOURS = {
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

RESOURCES = ["lumber", "wool", "grain", "brick", "ore"]
RESOURCE_EMOJI = {
    "lumber": "wood",
    "wool": "ewe",
    "grain": "sheaf-of-rice",
    "brick": "brick",
    "ore": "rock",
}
RESOURCE_BAND = {  # card band colours, a little deeper than the terrain so white text would read
    "lumber": "#2F6B3A",
    "wool": "#6FA83E",
    "grain": "#D9A92A",
    "brick": "#B4532E",
    "ore": "#737985",
}
DEV_BAND = "#5B3F8C"
DEV_CARDS = ["knight", "road_building", "year_of_plenty", "monopoly", "victory_point"]
CARD_NAMES = {
    "lumber": "Lumber",
    "wool": "Wool",
    "grain": "Grain",
    "brick": "Brick",
    "ore": "Ore",
    "knight": "Knight",
    "road_building": "Road Building",
    "year_of_plenty": "Year of Plenty",
    "monopoly": "Monopoly",
    "victory_point": "Victory Point",
}

MANIFEST: dict[str, dict] = {}


def hexrgb(c: str) -> tuple[int, int, int]:
    c = c.lstrip("#")
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)


def rgba(c, a: int = 255) -> tuple[int, int, int, int]:
    if isinstance(c, str):
        c = hexrgb(c)
    return (int(c[0]), int(c[1]), int(c[2]), int(a))


def mix(c1, c2, t: float) -> tuple[int, int, int]:
    a = hexrgb(c1) if isinstance(c1, str) else c1
    b = hexrgb(c2) if isinstance(c2, str) else c2
    return tuple(int(round(a[i] + (b[i] - a[i]) * t)) for i in range(3))


def shade(c, f: float) -> tuple[int, int, int]:
    """f < 0 darkens toward black, f > 0 lightens toward white."""
    if f < 0:
        return mix(c, (0, 0, 0), -f)
    return mix(c, (255, 255, 255), f)


def warm_dark(c, f: float) -> tuple[int, int, int]:
    """Darken toward a warm deep brown instead of black (keeps colours from going muddy-grey)."""
    return mix(c, (40, 22, 16), f)


def luminance(c) -> float:
    r, g, b = [v / 255 for v in (hexrgb(c) if isinstance(c, str) else c)]

    def lin(v):
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def contrast(c1, c2) -> float:
    l1, l2 = sorted([luminance(c1), luminance(c2)], reverse=True)
    return (l1 + 0.05) / (l2 + 0.05)


# --------------------------------------------------------------------------------------------------
# generic raster helpers
# --------------------------------------------------------------------------------------------------


def new(w: int, h: int, colour=(0, 0, 0, 0)) -> Image.Image:
    return Image.new("RGBA", (int(w), int(h)), colour)


def down(img: Image.Image, w: int, h: int) -> Image.Image:
    """Downsample a supersampled drawing (Pillow premultiplies alpha for RGBA resizes)."""
    return img.resize((w, h), Image.LANCZOS)


def from_mask(mask: Image.Image, colour) -> Image.Image:
    """A flat colour (or an RGB image) with the given L mask as alpha."""
    if isinstance(colour, Image.Image):
        out = colour.convert("RGBA")
    else:
        out = Image.new("RGBA", mask.size, rgba(colour))
    a = (
        mask
        if out.getchannel("A").getextrema() == (255, 255)
        else ImageChops.multiply(out.getchannel("A"), mask)
    )
    out.putalpha(a)
    return out


def shadow_from(
    mask: Image.Image, blur: float, opacity: float, offset=(0, 0), colour=(0, 0, 0)
) -> Image.Image:
    m = mask.point(lambda v: int(v * opacity))
    if offset != (0, 0):
        m = ImageChops.offset(m, int(offset[0]), int(offset[1]))
    if blur > 0:
        m = m.filter(ImageFilter.GaussianBlur(blur))
    return from_mask(m, colour)


def grow(mask: Image.Image, r: float) -> Image.Image:
    """Dilate a mask by about r px with rounded corners (blur + threshold; fast for any r)."""
    if r <= 0:
        return mask
    b = mask.filter(ImageFilter.GaussianBlur(r / 2))
    return b.point(lambda v: 255 if v >= 12 else v * 21)


def alpha_of(img: Image.Image) -> Image.Image:
    return img.getchannel("A")


def mask_draw(size, fn) -> Image.Image:
    m = Image.new("L", size, 0)
    fn(ImageDraw.Draw(m))
    return m


def to_arr(img: Image.Image) -> np.ndarray:
    return np.asarray(img, dtype=np.float32) / 255.0


def from_arr(a: np.ndarray) -> Image.Image:
    a = np.clip(a * 255.0 + 0.5, 0, 255).astype(np.uint8)
    mode = {3: "RGB", 4: "RGBA"}[a.shape[2]] if a.ndim == 3 else "L"
    return Image.fromarray(a, mode)


def linear_gradient(w, h, c0, c1, angle_deg=90.0) -> np.ndarray:
    """RGB float array; angle 90 = top (c0) to bottom (c1)."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    a = math.radians(angle_deg)
    t = (xx - w / 2) * math.cos(a) + (yy - h / 2) * math.sin(a)
    ext = abs(w / 2 * math.cos(a)) + abs(h / 2 * math.sin(a))
    t = np.clip((t / max(ext, 1e-6) + 1) / 2, 0, 1)[..., None]
    c0 = np.array(hexrgb(c0) if isinstance(c0, str) else c0, np.float32) / 255
    c1 = np.array(hexrgb(c1) if isinstance(c1, str) else c1, np.float32) / 255
    return c0 * (1 - t) + c1 * t


def radial_gradient(w, h, c0, c1, cx=0.5, cy=0.5, radius=0.7) -> np.ndarray:
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    d = np.sqrt(((xx + 0.5) / w - cx) ** 2 + ((yy + 0.5) / h - cy) ** 2) / radius
    t = np.clip(d, 0, 1)[..., None]
    c0 = np.array(hexrgb(c0) if isinstance(c0, str) else c0, np.float32) / 255
    c1 = np.array(hexrgb(c1) if isinstance(c1, str) else c1, np.float32) / 255
    return c0 * (1 - t) + c1 * t


def value_noise(w, h, cell, seed, octaves=3, periodic=False) -> np.ndarray:
    """Smooth fractal noise in [0,1]. periodic=True tiles seamlessly (w, h multiples of cell)."""
    rng = np.random.default_rng(seed)
    total = np.zeros((h, w), np.float32)
    amp, norm = 1.0, 0.0
    c = float(cell)
    for _ in range(octaves):
        gw, gh = max(2, int(round(w / c))), max(2, int(round(h / c)))
        grid = rng.random((gh + 1, gw + 1)).astype(np.float32)
        if periodic:
            grid[-1, :] = grid[0, :]
            grid[:, -1] = grid[:, 0]
        ys = np.linspace(0, gh, h, endpoint=False, dtype=np.float32)
        xs = np.linspace(0, gw, w, endpoint=False, dtype=np.float32)
        y0 = np.floor(ys).astype(int)
        x0 = np.floor(xs).astype(int)
        fy = ys - y0
        fx = xs - x0
        fy = fy * fy * (3 - 2 * fy)
        fx = fx * fx * (3 - 2 * fx)
        g00 = grid[y0][:, x0]
        g01 = grid[y0][:, x0 + 1]
        g10 = grid[y0 + 1][:, x0]
        g11 = grid[y0 + 1][:, x0 + 1]
        top = g00 * (1 - fx) + g01 * fx
        bot = g10 * (1 - fx) + g11 * fx
        total += amp * (top * (1 - fy[:, None]) + bot * fy[:, None])
        norm += amp
        amp *= 0.5
        c /= 2
    return total / norm


def grain(w, h, seed, amount=0.04) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return (rng.random((h, w)).astype(np.float32) - 0.5) * amount


def smoothstep(e0, e1, x):
    t = np.clip((x - e0) / (e1 - e0), 0, 1)
    return t * t * (3 - 2 * t)


_FONT_CACHE: dict = {}


def font(kind: str, size: float) -> ImageFont.FreeTypeFont:
    files = {
        "sans": DEJAVU_DIR / "DejaVuSans.ttf",
        "sans-bold": DEJAVU_DIR / "DejaVuSans-Bold.ttf",
        "serif-bold": DEJAVU_DIR / "DejaVuSerif-Bold.ttf",
        "title": VOLLKORN_DIR / "Vollkorn-Bold.ttf",
        "title-black": VOLLKORN_DIR / "Vollkorn-Black.ttf",
    }
    path = files[kind]
    if not path.exists():
        if kind.startswith("title"):
            path = files["serif-bold"]
        if not path.exists():
            sys.exit(f"missing font {path}: apt-get install -y fonts-dejavu-core fonts-vollkorn")
    key = (str(path), int(round(size)))
    if key not in _FONT_CACHE:
        try:
            _FONT_CACHE[key] = ImageFont.truetype(
                str(path), int(round(size)), layout_engine=ImageFont.Layout.RAQM
            )
        except Exception:  # no libraqm: basic layout
            _FONT_CACHE[key] = ImageFont.truetype(str(path), int(round(size)))
    return _FONT_CACHE[key]


def text_features(f: ImageFont.FreeTypeFont):
    """Vollkorn defaults to old-style figures; ask for lining ones where the layout engine can."""
    try:
        if f.layout_engine == ImageFont.Layout.RAQM and "ollkorn" in (f.path or ""):
            return ["lnum"]
    except AttributeError:
        pass
    return None


def draw_text(img, xy, text, fnt, fill, anchor="mm", stroke=0, stroke_fill=None):
    d = ImageDraw.Draw(img)
    d.text(
        xy,
        text,
        font=fnt,
        fill=fill,
        anchor=anchor,
        stroke_width=stroke,
        stroke_fill=stroke_fill,
        features=text_features(fnt),
    )


def text_mask(size, xy, text, fnt, anchor="mm", stroke=0) -> Image.Image:
    m = Image.new("L", size, 0)
    ImageDraw.Draw(m).text(
        xy,
        text,
        font=fnt,
        fill=255,
        anchor=anchor,
        stroke_width=stroke,
        stroke_fill=255,
        features=text_features(fnt),
    )
    return m


def fit_font(kind, text, max_w, start, min_size=8):
    s = start
    while s > min_size:
        f = font(kind, s)
        box = f.getbbox(text, features=text_features(f))
        if box[2] - box[0] <= max_w:
            return f
        s -= 1
    return font(kind, min_size)


# --------------------------------------------------------------------------------------------------
# emoji (Fluent Emoji, MIT) rasterised with resvg
# --------------------------------------------------------------------------------------------------

EMOJI_DIR: Path | None = None
EMOJI_DEFAULTS = [
    ROOT / "node_modules/fluentui-emoji/icons/modern",
    Path("/tmp/emoji/node_modules/fluentui-emoji/icons/modern"),
]
EMOJI_GROUPS = {"harbours", "cards", "icons"}
_EMOJI_CACHE: dict = {}
EMOJI_USED: set[str] = set()


def emoji(name: str, px: int) -> Image.Image:
    if EMOJI_DIR is None or resvg_py is None:
        sys.exit(EMOJI_HELP if EMOJI_DIR is None else "pip install resvg-py (build-time only)")
    key = (name, px)
    if key not in _EMOJI_CACHE:
        path = EMOJI_DIR / f"{name}.svg"
        if not path.exists():
            sys.exit(f"emoji {name}.svg not found in {EMOJI_DIR}\n{EMOJI_HELP}")
        data = resvg_py.svg_to_bytes(svg_path=str(path), width=px, height=px)
        _EMOJI_CACHE[key] = Image.open(io.BytesIO(bytes(data))).convert("RGBA")
        EMOJI_USED.add(name)
    return _EMOJI_CACHE[key].copy()


def resource_emoji(res: str, px: int) -> Image.Image:
    """Resource icon; the pale 'rock' emoji is toned to a darker slate so ore reads on parchment."""
    img = emoji(RESOURCE_EMOJI[res], px)
    if res == "ore":
        a = np.asarray(img, dtype=np.float32)
        a[..., :3] = a[..., :3] * np.array([0.66, 0.70, 0.80], np.float32) + np.array([8, 10, 18], np.float32)
        img = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8), "RGBA")
    return img


def paste_centered(dst: Image.Image, src: Image.Image, cx: float, cy: float):
    dst.alpha_composite(src, (int(round(cx - src.width / 2)), int(round(cy - src.height / 2))))


def with_shadow(src: Image.Image, blur=3.0, opacity=0.35, offset=(0, 2), pad=None) -> Image.Image:
    pad = int(blur * 3 + max(abs(offset[0]), abs(offset[1]))) if pad is None else pad
    out = new(src.width + 2 * pad, src.height + 2 * pad)
    a = Image.new("L", out.size, 0)
    a.paste(alpha_of(src), (pad, pad))
    out.alpha_composite(shadow_from(a, blur, opacity, offset))
    out.alpha_composite(src, (pad, pad))
    return out


# --------------------------------------------------------------------------------------------------
# output bookkeeping
# --------------------------------------------------------------------------------------------------


def save_png(img: Image.Image, rel: str, purpose: str):
    path = ASSETS / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    img.save(path, "PNG", optimize=True)
    MANIFEST[rel] = {"type": "image", "size": [img.width, img.height], "purpose": purpose}


def record(rel: str, entry: dict):
    MANIFEST[rel] = entry


# --------------------------------------------------------------------------------------------------
# scatter helper
# --------------------------------------------------------------------------------------------------


def poisson(rng: random.Random, n_try: int, min_dist: float, ok, bounds, existing=()):
    """Dart-throwing Poisson-disc sampling inside bounds=(x0,y0,x1,y1) where ok(x, y) holds."""
    pts = list(existing)
    out = []
    x0, y0, x1, y1 = bounds
    for _ in range(n_try):
        x = rng.uniform(x0, x1)
        y = rng.uniform(y0, y1)
        if not ok(x, y):
            continue
        if all((x - px) ** 2 + (y - py) ** 2 >= min_dist * min_dist for px, py in pts):
            pts.append((x, y))
            out.append((x, y))
    return out


# ==================================================================================================
# TERRAIN TILES
# ==================================================================================================

HEX_SIZE = 171
TILE_W, TILE_H = 296, 342
TSS = 2  # supersampling for tiles


class Hex:
    """Geometry of a pointy-top hex filling a (TILE_W x TILE_H) image at supersampling ss."""

    def __init__(self, ss=TSS):
        self.ss = ss
        self.w, self.h = TILE_W * ss, TILE_H * ss
        self.cx, self.cy = self.w / 2, self.h / 2
        self.R = HEX_SIZE * ss
        self.rin = min(self.R * math.sqrt(3) / 2, self.w / 2)
        yy, xx = np.mgrid[0 : self.h, 0 : self.w].astype(np.float32) + 0.5
        self.X = xx - self.cx
        self.Y = yy - self.cy
        p0 = np.abs(self.X)
        p1 = np.abs(self.X * 0.5 + self.Y * 0.8660254)
        p2 = np.abs(self.X * 0.5 - self.Y * 0.8660254)
        self.d = self.rin - np.maximum(np.maximum(p0, p1), p2)  # distance to the edge, >0 inside
        # outward normal of the nearest edge (for lighting the rim)
        q0 = self.X
        q1 = self.X * 0.5 + self.Y * 0.8660254
        q2 = self.X * 0.5 - self.Y * 0.8660254
        k = np.argmax(np.stack([p0, p1, p2]), axis=0)
        nx = np.choose(k, [np.sign(q0), 0.5 * np.sign(q1), 0.5 * np.sign(q2)])
        ny = np.choose(k, [np.zeros_like(q0), 0.8660254 * np.sign(q1), -0.8660254 * np.sign(q2)])
        self.nx, self.ny = nx.astype(np.float32), ny.astype(np.float32)

    def dist(self, x, y):
        """Edge distance (supersampled px) of a point given in supersampled px."""
        X, Y = x - self.cx, y - self.cy
        return self.rin - max(abs(X), abs(X * 0.5 + Y * 0.8660254), abs(X * 0.5 - Y * 0.8660254))

    def centre_dist(self, x, y):
        return math.hypot(x - self.cx, y - self.cy)

    def polygon(self, inset=0.0):
        r = self.R - inset * 2 / math.sqrt(3)
        return [
            (self.cx + r * math.cos(math.radians(a)), self.cy + r * math.sin(math.radians(a)))
            for a in (-90, -30, 30, 90, 150, 210)
        ]


CALM_R = 60  # radius (1x px) of the calm centre circle where a number token sits


def finish_tile(hx: Hex, base: np.ndarray, motifs: Image.Image | None, rim_colour, seed) -> Image.Image:
    """Composite base texture + motif layer, add rim / bevel and cut the hex."""
    ss = hx.ss
    img = from_arr(base)
    img = img.convert("RGBA")
    if motifs is not None:
        img.alpha_composite(motifs)
    a = to_arr(img)[..., :3]
    d = hx.d / ss  # in 1x px
    # inner bevel: light on the upper-left edges, shade on the lower-right ones
    light = -(hx.nx * -0.55 + hx.ny * -0.83)  # >0 where edge faces away from the light
    band = smoothstep(9.0, 2.5, d) * (d > 0)
    a = a * (1 + (-0.16 * np.clip(light, 0, 1) + 0.14 * np.clip(-light, 0, 1))[..., None] * band[..., None])
    # thin darker rim
    rim = np.array(hexrgb(rim_colour) if isinstance(rim_colour, str) else rim_colour, np.float32) / 255
    rim_t = smoothstep(3.4, 1.6, d)[..., None]
    a = a * (1 - rim_t) + rim * rim_t
    # a hairline highlight just inside the rim
    hl = (smoothstep(3.2, 3.9, d) * smoothstep(5.2, 4.2, d))[..., None]
    a = a + hl * 0.07
    alpha = np.clip(hx.d + 0.5, 0, 1)[..., None]
    out = from_arr(np.concatenate([np.clip(a, 0, 1), alpha], axis=2))
    return down(out, TILE_W, TILE_H)


def base_texture(hx: Hex, c_light, c_dark, seed, noise_amt=0.10, grain_amt=0.035, cell=70):
    w, h = hx.w, hx.h
    g = linear_gradient(w, h, c_light, c_dark, angle_deg=62)
    n = value_noise(w, h, cell * hx.ss, seed, octaves=4)
    g = g * (1 + (n[..., None] - 0.5) * noise_amt * 2)
    g = g + grain(w, h, seed + 1, grain_amt)[..., None]
    return np.clip(g, 0, 1)


def ok_region(hx: Hex, margin, calm=CALM_R, calm_shape=1.0):
    ss = hx.ss

    def ok(x, y):
        if hx.dist(x, y) < margin * ss:
            return False
        dx, dy = x - hx.cx, (y - hx.cy) * calm_shape
        return math.hypot(dx, dy) >= calm * ss

    return ok


# ---------------------------------------------------------------- forest


def draw_conifer(d: ImageDraw.ImageDraw, x, y, h, rng: random.Random, palette):
    """A stylised fir: trunk + 3 tiers split into a sunlit left half and a shaded right half."""
    light, dark, outline = palette
    w = h * rng.uniform(0.52, 0.62)
    trunk_h = h * 0.14
    tw = max(2.0, w * 0.12)
    d.rectangle([x - tw / 2, y - trunk_h, x + tw / 2, y], fill=(92, 60, 36, 255))
    tiers = 3
    top = y - h
    for i in range(tiers):
        t0 = i / tiers
        ty = top + (h - trunk_h) * (0.0 + 0.26 * i)
        by = top + (h - trunk_h) * (0.46 + 0.27 * i) + h * 0.02
        half = w / 2 * (0.55 + 0.45 * (i + 1) / tiers)
        sag = h * 0.05
        left = [(x, ty), (x - half, by), (x - half * 0.5, by + sag * 0.6), (x, by + sag)]
        right = [(x, ty), (x + half, by), (x + half * 0.5, by + sag * 0.6), (x, by + sag)]
        ow = max(1, int(h * 0.035))
        d.polygon(
            [
                (x, ty - ow),
                (x - half - ow, by + ow * 0.5),
                (x - half * 0.5, by + sag * 0.6 + ow),
                (x, by + sag + ow),
                (x + half * 0.5, by + sag * 0.6 + ow),
                (x + half + ow, by + ow * 0.5),
            ],
            fill=outline,
        )
        d.polygon(left, fill=light)
        d.polygon(right, fill=dark)
        _ = t0


def draw_broadleaf(d: ImageDraw.ImageDraw, x, y, h, rng: random.Random, palette):
    light, dark, outline = palette
    r = h * 0.36
    trunk_h = h * 0.3
    d.rectangle([x - h * 0.05, y - trunk_h, x + h * 0.05, y], fill=(92, 60, 36, 255))
    cy = y - trunk_h - r * 0.75
    blobs = [(-0.45, 0.15, 0.62), (0.45, 0.18, 0.6), (0.0, -0.35, 0.7), (0.0, 0.25, 0.62)]
    ow = max(1, h * 0.035)
    for bx, by, br in blobs:
        rr = r * br + ow
        d.ellipse([x + bx * r - rr, cy + by * r - rr, x + bx * r + rr, cy + by * r + rr], fill=outline)
    for bx, by, br in blobs:
        rr = r * br
        d.ellipse([x + bx * r - rr, cy + by * r - rr, x + bx * r + rr, cy + by * r + rr], fill=dark)
    for bx, by, br in blobs:
        rr = r * br * 0.72
        ox, oy = -r * 0.13, -r * 0.15
        d.ellipse(
            [x + bx * r + ox - rr, cy + by * r + oy - rr, x + bx * r + ox + rr, cy + by * r + oy + rr],
            fill=light,
        )


def tile_forest(seed=101) -> Image.Image:
    hx = Hex()
    ss = hx.ss
    rng = random.Random(seed)
    base = base_texture(hx, "#3F7D45", "#234F2B", seed, noise_amt=0.14)
    # a soft, lighter mossy clearing in the middle for the token
    clearing = smoothstep(CALM_R * 1.25 * ss, CALM_R * 0.5 * ss, np.sqrt(hx.X**2 + hx.Y**2))[..., None]
    moss = linear_gradient(hx.w, hx.h, "#5E9650", "#487F40", 90)
    base = base * (1 - clearing * 0.75) + moss * clearing * 0.75
    layer = new(hx.w, hx.h)
    shadows = Image.new("L", (hx.w, hx.h), 0)
    sd = ImageDraw.Draw(shadows)
    ok = ok_region(hx, 6, calm=CALM_R + 2)
    pts = poisson(rng, 4000, 25 * ss, lambda x, y: ok(x, y), (0, 0, hx.w, hx.h))
    trees = []
    for x, y in pts:
        h = rng.uniform(46, 64) * ss
        if hx.dist(x, y - h) < 3 * ss or hx.dist(x - h * 0.3, y) < 3 * ss or hx.dist(x + h * 0.3, y) < 3 * ss:
            continue
        trees.append((y, x, h))
    trees.sort()
    d = ImageDraw.Draw(layer)
    for y, x, h in trees:
        sd.ellipse([x - h * 0.28, y - h * 0.1, x + h * 0.42, y + h * 0.12], fill=150)
    layer.alpha_composite(shadow_from(shadows, 3 * ss, 0.55, colour=(10, 30, 14)))
    for y, x, h in trees:
        hue = rng.uniform(-0.12, 0.12)
        if rng.random() < 0.22:
            base_c = mix("#5C9A3E", "#7FB04A", rng.random())
            pal = (rgba(shade(base_c, 0.12 + hue * 0.3)), rgba(warm_dark(base_c, 0.28)), rgba("#173A1E"))
            draw_broadleaf(d, x, y, h * 0.92, rng, pal)
        else:
            base_c = mix("#2E7A3C", "#1F6234", rng.random())
            pal = (rgba(shade(base_c, 0.18 + hue)), rgba(warm_dark(base_c, 0.30)), rgba("#112A16"))
            draw_conifer(d, x, y, h, rng, pal)
    return finish_tile(hx, base, layer, "#173A1F", seed)


# ---------------------------------------------------------------- pasture


def draw_grass_tuft(d, x, y, s, colour):
    w = max(1, int(s * 0.22))
    d.line([(x, y), (x - s * 0.45, y - s)], fill=colour, width=w)
    d.line([(x, y), (x, y - s * 1.2)], fill=colour, width=w)
    d.line([(x, y), (x + s * 0.45, y - s)], fill=colour, width=w)


def draw_sheep(layer: Image.Image, x, y, s, facing, rng: random.Random):
    """A fluffy sheep standing at (x, y) (feet), body width ~ 2.2*s."""
    d = ImageDraw.Draw(layer)
    f = facing
    ink = (52, 46, 44, 255)
    # legs
    for lx in (-0.62, -0.3, 0.3, 0.62):
        d.rounded_rectangle(
            [x + lx * s - s * 0.09, y - s * 0.55, x + lx * s + s * 0.09, y], radius=s * 0.08, fill=ink
        )
    by = y - s * 0.78
    bumps = []
    for i in range(9):
        a = i / 9 * math.tau
        bumps.append((x + math.cos(a) * s * 0.78, by + math.sin(a) * s * 0.42, s * rng.uniform(0.34, 0.42)))
    bumps.append((x, by, s * 0.6))
    ow = s * 0.09
    for bx, bby, r in bumps:
        d.ellipse([bx - r - ow, bby - r - ow, bx + r + ow, bby + r + ow], fill=ink)
    for bx, bby, r in bumps:
        d.ellipse([bx - r, bby - r, bx + r, bby + r], fill=(208, 204, 194, 255))
    for bx, bby, r in bumps:
        rr = r * 0.78
        d.ellipse(
            [bx - rr - s * 0.07, bby - rr - s * 0.1, bx + rr - s * 0.07, bby + rr - s * 0.1],
            fill=(250, 249, 243, 255),
        )
    # head
    hx_, hy = x + f * s * 1.08, by - s * 0.12
    d.ellipse([hx_ - s * 0.36, hy - s * 0.3, hx_ + s * 0.36, hy + s * 0.3], fill=ink)
    d.ellipse(
        [hx_ - s * 0.2 - f * s * 0.1 - s * 0.3, hy - s * 0.32, hx_ - f * s * 0.1 + s * 0.02, hy - s * 0.12],
        fill=ink,
    )
    d.ellipse(
        [hx_ + f * s * 0.02 - s * 0.06, hy - s * 0.1, hx_ + f * s * 0.02 + s * 0.06, hy + 0.02 * s],
        fill=(235, 230, 220, 255),
    )
    # a tuft of wool on the head
    d.ellipse(
        [hx_ - f * s * 0.25 - s * 0.2, hy - s * 0.42, hx_ - f * s * 0.25 + s * 0.2, hy - s * 0.05],
        fill=(244, 242, 235, 255),
    )


def tile_pasture(seed=202) -> Image.Image:
    hx = Hex()
    ss = hx.ss
    rng = random.Random(seed)
    base = base_texture(hx, "#9FD064", "#6FAA45", seed, noise_amt=0.12, cell=60)
    # a few lighter meadow patches
    n = value_noise(hx.w, hx.h, 120 * ss, seed + 5, octaves=2)
    base = base * (1 + (smoothstep(0.55, 0.75, n) * 0.10)[..., None])
    layer = new(hx.w, hx.h)
    d = ImageDraw.Draw(layer)
    ok_any = ok_region(hx, 4, calm=0)
    # grass tufts everywhere (low contrast near the centre)
    for _ in range(900):
        x, y = rng.uniform(0, hx.w), rng.uniform(0, hx.h)
        if not ok_any(x, y):
            continue
        cd = hx.centre_dist(x, y) / ss
        a = 70 if cd < CALM_R else 150
        c = rgba(rng.choice(["#5E9A3A", "#4F8A33", "#B8E07A"]), a)
        draw_grass_tuft(d, x, y, rng.uniform(3.5, 6) * ss, c)
    # flowers
    for _ in range(60):
        x, y = rng.uniform(0, hx.w), rng.uniform(0, hx.h)
        if not ok_region(hx, 8)(x, y):
            continue
        c = rgba(rng.choice(["#FFFFFF", "#FFF3A0", "#F7D0E0"]))
        r = rng.uniform(1.0, 1.6) * ss
        d.ellipse([x - r, y - r, x + r, y + r], fill=c)
    # a short wooden fence
    fence_y = hx.cy + 118 * ss
    posts = [hx.cx - 70 * ss + i * 22 * ss for i in range(7)]
    posts = [p for p in posts if hx.dist(p, fence_y) > 10 * ss]
    if posts:
        fy0 = fence_y - 10 * ss
        for yy in (fy0 + 2 * ss, fy0 + 7 * ss):
            d.line([(posts[0], yy), (posts[-1], yy)], fill=(96, 66, 40, 255), width=int(2.2 * ss))
            d.line([(posts[0], yy - ss), (posts[-1], yy - ss)], fill=(168, 128, 84, 255), width=int(1 * ss))
        for p in posts:
            d.rounded_rectangle(
                [p - 1.6 * ss, fy0 - 3 * ss, p + 1.6 * ss, fence_y], radius=ss, fill=(88, 58, 34, 255)
            )
            d.line(
                [(p - 0.6 * ss, fy0 - 2 * ss), (p - 0.6 * ss, fence_y - ss)],
                fill=(150, 110, 70, 255),
                width=ss,
            )
    # sheep
    shadows = Image.new("L", (hx.w, hx.h), 0)
    sd = ImageDraw.Draw(shadows)
    spots = [(-78, -62, 1), (68, -84, -1), (92, 22, -1), (-96, 40, 1), (-10, -128, 1), (10, 82, -1)]
    sheep = []
    for sx, sy, f in spots:
        x, y = hx.cx + sx * ss + rng.uniform(-5, 5) * ss, hx.cy + sy * ss + rng.uniform(-4, 4) * ss
        s = rng.uniform(13.5, 15.5) * ss
        sheep.append((y, x, s, f))
    sheep.sort()
    for y, x, s, _f in sheep:
        sd.ellipse([x - s * 1.1, y - s * 0.2, x + s * 1.3, y + s * 0.25], fill=140)
    layer.alpha_composite(shadow_from(shadows, 2.5 * ss, 0.5, colour=(30, 60, 20)))
    for y, x, s, f in sheep:
        draw_sheep(layer, x, y, s, f, rng)
    return finish_tile(hx, base, layer, "#4A7A2E", seed)


# ---------------------------------------------------------------- fields


def draw_sheaf(layer: Image.Image, x, y, s, rng: random.Random):
    """A tied sheaf of wheat standing at (x, y); s = height."""
    d = ImageDraw.Draw(layer)
    ink = (112, 72, 18, 255)
    ow = max(2, s * 0.05)
    tie_y = y - s * 0.42
    foot = [(x - s * 0.24, y), (x - s * 0.09, tie_y), (x + s * 0.09, tie_y), (x + s * 0.24, y)]
    d.polygon(
        [
            (foot[0][0] - ow, y + ow * 0.7),
            (foot[1][0] - ow, foot[1][1]),
            (foot[2][0] + ow, foot[2][1]),
            (foot[3][0] + ow, y + ow * 0.7),
        ],
        fill=ink,
    )
    d.polygon(foot, fill=(214, 164, 62, 255))
    d.polygon([foot[0], foot[1], (x - s * 0.01, tie_y), (x - s * 0.05, y)], fill=(242, 200, 100, 255))
    for k in (-2, 0, 2):
        d.line(
            [(x + k * s * 0.03, tie_y + s * 0.04), (x + k * s * 0.08, y - ow)],
            fill=(170, 118, 36, 255),
            width=max(1, int(s * 0.025)),
        )
    # the ears: a rounded fan above the tie
    top = tie_y - s * 0.58
    fan = [(x, tie_y)]
    for i in range(21):
        a = math.radians(-90 - 42 + 84 * i / 20)
        rr = s * 0.56 * (1 - 0.05 * math.cos(i * 1.9))
        fan.append((x + math.cos(a) * rr * 0.95, tie_y + s * 0.02 + math.sin(a) * rr))
    d.polygon(fan, fill=ink)
    inner = [(x, tie_y - ow)] + [(x + (px - x) * 0.9, tie_y - ow + (py - tie_y) * 0.9) for px, py in fan[1:]]
    d.polygon(inner, fill=(238, 192, 84, 255))
    lit = [(x, tie_y - ow)] + [(x + (px - x) * 0.9, tie_y - ow + (py - tie_y) * 0.9) for px, py in fan[1:12]]
    d.polygon(lit, fill=(252, 220, 126, 255))
    for k in range(-3, 4):
        a = math.radians(-90 + k * 11)
        for j in range(3):
            r0 = s * (0.22 + 0.11 * j)
            gx, gy = x + math.cos(a) * r0, tie_y + math.sin(a) * r0
            d.line(
                [(gx - s * 0.03, gy - s * 0.01), (gx, gy - s * 0.05), (gx + s * 0.03, gy - s * 0.01)],
                fill=(176, 122, 36, 255),
                width=max(1, int(s * 0.022)),
            )
    _ = top
    d.rounded_rectangle(
        [x - s * 0.13, tie_y - s * 0.045, x + s * 0.13, tie_y + s * 0.055],
        radius=s * 0.03,
        fill=(150, 90, 30, 255),
        outline=ink,
        width=max(1, int(ow * 0.7)),
    )


def tile_fields(seed=303) -> Image.Image:
    hx = Hex()
    ss = hx.ss
    rng = random.Random(seed)
    w, h = hx.w, hx.h
    # patchwork of fields: Voronoi cells, each with its own row direction and hue
    seeds = [(-70, -70), (75, -95), (95, 45), (-15, 110), (-115, 45), (10, -12)]
    hues = ["#EBC24C", "#E0AE38", "#F0CE5E", "#DBA536", "#E6BE4E", "#EFCB5C"]
    angles = [25, -40, 70, 5, -65, 0]
    P = np.stack([hx.X, hx.Y], axis=-1) / ss
    wob = np.stack([value_noise(w, h, 45 * ss, seed + 20, 2), value_noise(w, h, 45 * ss, seed + 21, 2)], -1)
    P = P + (wob - 0.5) * 40
    dists = np.stack([np.hypot(P[..., 0] - sx, P[..., 1] - sy) for sx, sy in seeds])
    order = np.argsort(dists, axis=0)
    nearest = order[0]
    d1 = np.take_along_axis(dists, order[0:1], 0)[0]
    d2 = np.take_along_axis(dists, order[1:2], 0)[0]
    out = np.zeros((h, w, 3), np.float32)
    for i, (c, ang) in enumerate(zip(hues, angles, strict=True)):
        a = math.radians(ang)
        u = (hx.X * math.cos(a) + hx.Y * math.sin(a)) / ss
        v = (-hx.X * math.sin(a) + hx.Y * math.cos(a)) / ss
        period = 11.0
        wob = np.sin(v / 23.0 + i) * 1.5
        s = np.sin((u + wob) / period * math.tau)
        ridge = smoothstep(-0.2, 0.9, s)
        col = np.array(hexrgb(c), np.float32) / 255
        lite = np.array(shade(c, 0.30), np.float32) / 255
        dark = np.array(warm_dark(c, 0.20), np.float32) / 255
        calm = smoothstep(CALM_R * 0.5, CALM_R * 1.05, np.sqrt(hx.X**2 + hx.Y**2) / ss)
        ridge = 0.5 + (ridge - 0.5) * (0.35 + 0.65 * calm)
        tex = dark * (1 - ridge[..., None]) + lite * ridge[..., None]
        tex = tex * 0.55 + col * 0.45
        out = np.where((nearest == i)[..., None], tex, out)
    n = value_noise(w, h, 50 * ss, seed, octaves=3)
    out = out * (1 + (n[..., None] - 0.5) * 0.12) + grain(w, h, seed + 1, 0.03)[..., None]
    # field boundaries: grassy hedges / dirt paths
    edge = smoothstep(3.2, 1.2, (d2 - d1))[..., None]
    hedge = np.array(hexrgb("#8A9A3A"), np.float32) / 255
    out = out * (1 - edge) + hedge * edge
    edge_sh = (smoothstep(7.0, 3.0, d2 - d1) - smoothstep(3.0, 1.2, d2 - d1))[..., None]
    out = out * (1 - 0.10 * edge_sh)
    base = np.clip(out, 0, 1)
    # wheat stalks and stooks outside the centre
    layer = new(w, h)
    d = ImageDraw.Draw(layer)
    ok = ok_region(hx, 7, calm=CALM_R + 4)
    standing = {0, 2, 4}  # patches with standing wheat; the others show bare rows
    stalk_pts = poisson(
        rng, 3000, 6.5 * ss, lambda x, y: ok(x, y) and int(nearest[int(y), int(x)]) in standing, (0, 0, w, h)
    )
    stalk_pts.sort(key=lambda p: p[1])
    for x, y in stalk_pts:
        sh = rng.uniform(8, 12) * ss
        lean = rng.uniform(-1.5, 1.5) * ss
        d.line([(x, y), (x + lean, y - sh)], fill=(176, 128, 36, 255), width=int(1.0 * ss))
        gx, gy = x + lean, y - sh
        for k in range(3):
            oy = gy + k * 1.6 * ss
            d.ellipse([gx - 1.7 * ss, oy - 1.0 * ss, gx - 0.2 * ss, oy + 0.9 * ss], fill=(246, 214, 112, 255))
            d.ellipse([gx + 0.2 * ss, oy - 0.5 * ss, gx + 1.7 * ss, oy + 1.4 * ss], fill=(214, 164, 58, 255))
        d.ellipse([gx - 0.8 * ss, gy - 2.6 * ss, gx + 0.8 * ss, gy - 0.4 * ss], fill=(250, 224, 130, 255))
    # stooks (standing sheaves)
    shadows = Image.new("L", (w, h), 0)
    sd = ImageDraw.Draw(shadows)
    stooks = [(-96, -34), (98, -30), (-44, 118), (62, 112), (-6, -124)]
    stook_layer = new(w, h)
    for sx, sy in stooks:
        x, y = hx.cx + sx * ss, hx.cy + sy * ss
        s = 30 * ss
        sd.ellipse([x - s * 0.3, y - s * 0.1, x + s * 0.75, y + s * 0.14], fill=170)
        draw_sheaf(stook_layer, x, y, s, rng)
    layer.alpha_composite(shadow_from(shadows, 2 * ss, 0.45, colour=(90, 60, 10)))
    layer.alpha_composite(stook_layer)
    return finish_tile(hx, base, layer, "#9A7322", seed)


# ---------------------------------------------------------------- hills


def draw_brick_stack(layer: Image.Image, x, y, bw, rng: random.Random, rows=(3, 2, 1)):
    """A small pyramid of bricks standing at (x, y) (bottom centre); bw = brick width."""
    d = ImageDraw.Draw(layer)
    bh = bw * 0.42
    top_h = bw * 0.22
    ink = (70, 28, 16, 255)
    ow = max(1, bw * 0.06)
    for r, n in enumerate(rows):
        yy = y - r * bh
        x0 = x - n * bw / 2
        for i in range(n):
            bx = x0 + i * bw
            c = mix("#C4522E", "#A9421F", rng.random())
            d.rectangle([bx - ow, yy - bh - top_h - ow, bx + bw + ow, yy + ow], fill=ink)
            d.rectangle([bx, yy - bh, bx + bw - ow * 0.6, yy], fill=rgba(c))
            d.rectangle(
                [bx, yy - bh - top_h, bx + bw - ow * 0.6, yy - bh - ow * 0.4], fill=rgba(shade(c, 0.28))
            )
            d.line(
                [(bx + bw * 0.15, yy - bh * 0.55), (bx + bw * 0.8, yy - bh * 0.55)],
                fill=rgba(warm_dark(c, 0.18)),
                width=max(1, int(bw * 0.04)),
            )


def draw_mound(layer: Image.Image, x, y, wdt, hgt, colour, rng: random.Random):
    """A rounded clay hill (dome) standing on (x, y), lit from the upper left, with a dark outline."""
    ss_pad = int(max(wdt, hgt) * 0.1) + 4
    W, H = int(wdt + 2 * ss_pad), int(hgt + 2 * ss_pad)
    ox, oy = x - W / 2, y - hgt - ss_pad
    pts = []
    k = 40
    skew = rng.uniform(-0.12, 0.12)
    for i in range(k + 1):
        u = i / k
        px = (u - 0.5) * wdt
        bump = math.sin(u * math.pi) ** 0.55
        wob = 1 + 0.05 * math.sin(u * 9 + x)
        py = -hgt * bump * wob * (1 + skew * (u - 0.5) * 2)
        pts.append((W / 2 + px, hgt + ss_pad + py))
    ow = max(2, wdt * 0.022)
    m = mask_draw((W, H), lambda d: d.polygon(pts, fill=255))
    outline = mask_draw(
        (W, H), lambda d: (d.polygon(pts, fill=255), d.line(pts, fill=255, width=int(ow * 2)))
    )
    lit = shade(colour, 0.22)
    dark = warm_dark(colour, 0.30)
    g = linear_gradient(W, H, lit, dark, angle_deg=25)
    # a dome highlight up and to the left
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    r = np.sqrt(((xx - W * 0.38) / (wdt * 0.45)) ** 2 + ((yy - (ss_pad + hgt * 0.35)) / (hgt * 0.8)) ** 2)
    g = g * (1 + 0.16 * smoothstep(1.0, 0.0, r)[..., None])
    # terraces / strata
    strata = np.sin((yy - ss_pad) / max(hgt, 1) * 5.5 * math.pi + np.sin(xx / wdt * 6) * 0.6)
    g = g * (1 - 0.06 * smoothstep(0.7, 1.0, strata)[..., None])
    tex = from_arr(np.clip(g, 0, 1))
    piece = new(W, H)
    piece.alpha_composite(from_mask(outline, warm_dark(colour, 0.62)))
    piece.alpha_composite(from_mask(m, tex))
    d = ImageDraw.Draw(piece)
    for _ in range(int(wdt / 9)):
        u = rng.uniform(0.15, 0.85)
        px = W / 2 + (u - 0.5) * wdt
        py = hgt + ss_pad - hgt * math.sin(u * math.pi) ** 0.55 + rng.uniform(2, 6) * wdt / 60
        draw_grass_tuft(d, px, py, wdt * 0.045, rgba(rng.choice(["#7E8A3A", "#96A04A"]), 220))
    layer.alpha_composite(piece, (int(ox), int(oy)))


def tile_hills(seed=404) -> Image.Image:
    hx = Hex()
    ss = hx.ss
    rng = random.Random(seed)
    w, h = hx.w, hx.h
    base = base_texture(hx, "#D58352", "#B0603A", seed, noise_amt=0.12, cell=60)
    X, Y = hx.X / ss, hx.Y / ss
    # a faint brick-course pattern in the clay around the centre
    course = 7.0
    row = np.floor(Y / course)
    bx = (X + (row % 2) * 8) % 16
    by = Y % course
    mortar = np.maximum(smoothstep(1.2, 0.2, by), smoothstep(1.2, 0.2, bx))
    ring = smoothstep(CALM_R * 0.55, CALM_R * 0.9, np.sqrt(X**2 + Y**2))
    base = base * (1 - (0.07 * mortar * (1 - ring))[..., None])
    layer = new(w, h)
    d = ImageDraw.Draw(layer)
    for _ in range(200):
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        if not ok_region(hx, 6, calm=CALM_R)(x, y):
            continue
        draw_grass_tuft(
            d, x, y, rng.uniform(3, 5) * ss, rgba(rng.choice(["#8D7A3A", "#A08C48", "#7A6A30"]), 150)
        )
    shadows = Image.new("L", (w, h), 0)
    sd = ImageDraw.Draw(shadows)
    mounds = [
        (-84, -66, 100, 44, "#B9552F"),
        (-30, -92, 110, 50, "#AE4D29"),
        (48, -70, 96, 40, "#C05C33"),
        (96, -100, 86, 44, "#B2512C"),
        (-12, -138, 80, 30, "#B9562F"),
        (-118, 52, 70, 34, "#B4532D"),
        (-84, 86, 86, 36, "#BC5A31"),
        (112, 52, 72, 36, "#B65630"),
        (20, 150, 96, 32, "#B0502B"),
        (80, 134, 70, 30, "#BC5A31"),
    ]
    items = []
    for mx, my, mw, mh, c in mounds:
        items.append((hx.cy + my * ss, hx.cx + mx * ss, mw * ss, mh * ss, c))
    items.sort()
    for y, x, mw, mh, _c in items:
        sd.ellipse([x - mw * 0.45, y - mh * 0.25, x + mw * 0.62, y + mh * 0.18], fill=150)
    stacks = [
        (-34, 112, 18, (3, 2, 1)),
        (78, 86, 16, (3, 2, 1)),
        (-104, -4, 15, (2, 1)),
        (104, -16, 15, (3, 2, 1)),
    ]
    for sx, sy, bw, rows in stacks:
        x, y = hx.cx + sx * ss, hx.cy + sy * ss
        wdt = rows[0] * bw * ss
        sd.ellipse([x - wdt * 0.55, y - 4 * ss, x + wdt * 0.75, y + 5 * ss], fill=170)
    layer.alpha_composite(shadow_from(shadows, 3 * ss, 0.5, colour=(70, 25, 10)))
    drawables = [(y, "m", (x, y, mw, mh, c)) for y, x, mw, mh, c in items]
    drawables += [
        (hx.cy + sy * ss, "b", (hx.cx + sx * ss, hx.cy + sy * ss, bw * ss, rows))
        for sx, sy, bw, rows in stacks
    ]
    drawables.sort(key=lambda t: t[0])
    for _y, kind, a in drawables:
        if kind == "m":
            draw_mound(layer, a[0], a[1], a[2], a[3], a[4], rng)
        else:
            draw_brick_stack(layer, a[0], a[1], a[2], rng, a[3])
    m = Image.fromarray((np.clip(hx.d - 4 * ss, 0, 1) * 255).astype(np.uint8), "L")
    layer.putalpha(ImageChops.multiply(alpha_of(layer), m))
    return finish_tile(hx, base, layer, "#6E2E17", seed)


# ---------------------------------------------------------------- mountains


def draw_mountain(layer: Image.Image, x, y, wdt, hgt, rng: random.Random):
    """A peak with a lit left face, shaded right face and a jagged snow cap; (x, y) = base centre."""
    pad = int(wdt * 0.15) + 6
    W, H = int(wdt + 2 * pad), int(hgt + 2 * pad)
    ox, oy = x - W / 2, y - hgt - pad  # local origin

    def L(px, py):
        return (px - ox, py - oy)

    sx, sy = x + wdt * rng.uniform(-0.08, 0.08), y - hgt
    n = 6
    left = [(x - wdt / 2, y)]
    for i in range(1, n):
        t = i / n
        left.append(
            (
                x - wdt / 2 + (sx - (x - wdt / 2)) * t + rng.uniform(-1, 1) * wdt * 0.025,
                y + (sy - y) * t + rng.uniform(-1, 1) * hgt * 0.035,
            )
        )
    right = []
    for i in range(n - 1, 0, -1):
        t = i / n
        right.append(
            (
                x + wdt / 2 + (sx - (x + wdt / 2)) * t + rng.uniform(-1, 1) * wdt * 0.025,
                y + (sy - y) * t + rng.uniform(-1, 1) * hgt * 0.035,
            )
        )
    right.append((x + wdt / 2, y))
    ridge = [(sx, sy)]
    for i in range(1, 5):
        t = i / 5
        ridge.append((sx + (x + wdt * 0.06 - sx) * t + rng.uniform(-1, 1) * wdt * 0.045, sy + (y - sy) * t))
    ridge[-1] = (x + wdt * 0.08, y)
    sil = [L(*p) for p in left + [(sx, sy)] + right]
    m = mask_draw((W, H), lambda d: d.polygon(sil, fill=255))
    ow = max(2.0, wdt * 0.022)
    piece = new(W, H)
    piece.alpha_composite(from_mask(grow(m, ow), (44, 46, 54)))
    lit_c = rng.choice(["#B4B8C0", "#ADB2BB", "#BABDC3"])
    dark_c = rng.choice(["#6A6F7A", "#646974", "#707581"])
    lit_g = from_arr(linear_gradient(W, H, shade(lit_c, 0.25), warm_dark(lit_c, 0.10), 100))
    dark_g = from_arr(linear_gradient(W, H, shade(dark_c, 0.10), warm_dark(dark_c, 0.18), 100))
    lm = mask_draw((W, H), lambda d: d.polygon([L(*p) for p in left + [(sx, sy)] + ridge[1:]], fill=255))
    dm = mask_draw(
        (W, H), lambda d: d.polygon([L(*p) for p in [(sx, sy)] + right + ridge[::-1][:-1]], fill=255)
    )
    piece.alpha_composite(from_mask(ImageChops.multiply(m, lm), lit_g))
    piece.alpha_composite(from_mask(ImageChops.multiply(m, dm), dark_g))
    d = ImageDraw.Draw(piece)
    lw = max(1, int(ow * 0.55))
    # crevices: short strokes running down the faces
    for _ in range(7):
        t = rng.uniform(0.3, 0.85)
        side = rng.choice((-1, 1))
        px = sx + ((x + side * wdt / 2) - sx) * t * rng.uniform(0.35, 0.85)
        py = sy + (y - sy) * t
        L2 = hgt * rng.uniform(0.1, 0.2)
        col = (96, 100, 110, 200) if side < 0 else (52, 55, 64, 200)
        d.line([L(px, py), L(px + side * L2 * 0.35, py + L2)], fill=col, width=lw)
    d.line([L(*p) for p in ridge], fill=(70, 73, 82, 180), width=lw)
    # snow cap
    cap = rng.uniform(0.34, 0.42)
    cy_ = sy + hgt * cap
    lx = sx + (x - wdt / 2 - sx) * cap
    rx = sx + (x + wdt / 2 - sx) * cap
    zig = []
    k = 7
    for i in range(1, k):
        t = i / k
        zx = lx + (rx - lx) * t
        zy = cy_ + (hgt * 0.09 if i % 2 else -hgt * 0.03) * rng.uniform(0.6, 1.2)
        zig.append((zx, zy))
    cap_poly = [(sx, sy), (lx, cy_)] + zig + [(rx, cy_)]
    cm = mask_draw((W, H), lambda d2: d2.polygon([L(*p) for p in cap_poly], fill=255))
    cm = ImageChops.multiply(cm, m)
    piece.alpha_composite(from_mask(cm, (250, 251, 253)))
    rmid = ridge[1]
    shade_poly = [(sx, sy), (rmid[0], min(rmid[1], cy_))] + [p for p in zig if p[0] > rmid[0]] + [(rx, cy_)]
    sm = mask_draw((W, H), lambda d2: d2.polygon([L(*p) for p in shade_poly], fill=255))
    piece.alpha_composite(from_mask(ImageChops.multiply(sm, m), (200, 212, 228)))
    layer.alpha_composite(piece, (int(round(ox)), int(round(oy))))


def tile_mountains(seed=505) -> Image.Image:
    hx = Hex()
    ss = hx.ss
    rng = random.Random(seed)
    w, h = hx.w, hx.h
    base = base_texture(hx, "#9DA1A8", "#6F747D", seed, noise_amt=0.16, cell=40)
    # scree: a ridged noise to suggest rock
    n = value_noise(w, h, 25 * ss, seed + 9, octaves=3)
    ridged = 1 - np.abs(n - 0.5) * 2
    base = base * (1 - 0.05 * smoothstep(0.8, 1.0, ridged)[..., None])
    layer = new(w, h)
    d = ImageDraw.Draw(layer)
    # pebbles
    for _ in range(120):
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        if not ok_region(hx, 6, calm=CALM_R - 6)(x, y):
            continue
        r = rng.uniform(1.2, 2.6) * ss
        d.ellipse([x - r, y - r * 0.7, x + r, y + r * 0.7], fill=(92, 96, 104, 200))
        d.ellipse([x - r * 0.8, y - r * 0.8, x + r * 0.5, y + r * 0.2], fill=(176, 180, 188, 200))
    peaks = [
        (-62, -44, 104, 96),
        (56, -62, 112, 112),
        (-104, 60, 76, 70),
        (104, 56, 78, 76),
        (-18, -118, 80, 64),
        (4, 132, 96, 64),
        (-120, -22, 50, 48),
        (128, -10, 46, 46),
    ]
    shadows = Image.new("L", (w, h), 0)
    sd = ImageDraw.Draw(shadows)
    items = []
    for px, py, pw, ph in peaks:
        x, y = hx.cx + px * ss, hx.cy + py * ss
        items.append((y, x, pw * ss, ph * ss))
    items.sort()
    for y, x, pw, ph in items:
        sd.polygon(
            [(x - pw * 0.4, y), (x + pw * 0.75, y + pw * 0.05), (x + pw * 0.4, y - ph * 0.25)], fill=120
        )
    layer.alpha_composite(shadow_from(shadows, 4 * ss, 0.55, colour=(30, 32, 40)))
    for y, x, pw, ph in items:
        draw_mountain(layer, x, y, pw, ph, rng)
    # cut motifs that poke out of the hex a little inside the rim
    m = Image.fromarray((np.clip(hx.d - 4 * ss, 0, 1) * 255).astype(np.uint8), "L")
    layer.putalpha(ImageChops.multiply(alpha_of(layer), m))
    return finish_tile(hx, base, layer, "#4A4E57", seed)


# ---------------------------------------------------------------- desert


def draw_cactus(layer: Image.Image, x, y, s, rng: random.Random, flip=1):
    d = ImageDraw.Draw(layer)
    ink = (30, 70, 36, 255)
    body = (84, 150, 70, 255)
    lite = (128, 190, 98, 255)
    tw = s * 0.26
    ow = s * 0.05

    def limb(x0, y0, x1, y1, wdt):
        d.rounded_rectangle(
            [x0 - wdt / 2 - ow, y1 - ow, x0 + wdt / 2 + ow, y0 + ow], radius=wdt / 2 + ow, fill=ink
        )
        _ = x1

    # arms (drawn under the trunk)
    ax = x + flip * s * 0.3
    for side, ay, ah in ((flip, y - s * 0.45, s * 0.32), (-flip, y - s * 0.62, s * 0.26)):
        ax = x + side * s * 0.3
        for fill, grow in ((ink, ow), (body, 0)):
            d.rounded_rectangle(
                [min(x, ax) - grow, ay - tw * 0.36 - grow, max(x, ax) + grow, ay + tw * 0.36 + grow],
                radius=tw * 0.36 + grow,
                fill=fill,
            )
            d.rounded_rectangle(
                [ax - tw * 0.36 - grow, ay - ah - grow, ax + tw * 0.36 + grow, ay + tw * 0.36 + grow],
                radius=tw * 0.36 + grow,
                fill=fill,
            )
        d.line(
            [(ax - tw * 0.1, ay - ah + tw * 0.3), (ax - tw * 0.1, ay)],
            fill=lite,
            width=max(1, int(tw * 0.18)),
        )
    limb(x, y, x, y - s, tw)
    d.rounded_rectangle([x - tw / 2, y - s, x + tw / 2, y], radius=tw / 2, fill=body)
    d.rounded_rectangle(
        [x - tw / 2 + tw * 0.12, y - s + tw * 0.2, x - tw * 0.05, y - tw * 0.2], radius=tw / 4, fill=lite
    )
    d.line(
        [(x + tw * 0.18, y - s + tw * 0.4), (x + tw * 0.18, y - tw * 0.1)],
        fill=(56, 112, 52, 255),
        width=max(1, int(tw * 0.1)),
    )


def tile_desert(seed=606) -> Image.Image:
    hx = Hex()
    ss = hx.ss
    rng = random.Random(seed)
    w, h = hx.w, hx.h
    base = base_texture(hx, "#F0DEAA", "#D6BC80", seed, noise_amt=0.07, grain_amt=0.05, cell=80)
    X, Y = hx.X / ss, hx.Y / ss
    sh = np.zeros((h, w), np.float32)
    for y0, amp, k, ph in [
        (-110, 10, 40, 0.2),
        (-55, 14, 46, 2.0),
        (5, 10, 38, 3.3),
        (60, 13, 44, 4.4),
        (115, 11, 41, 5.6),
    ]:
        crest = y0 + amp * np.sin(X / k + ph) + 4 * np.sin(X / 17 + ph)
        t = Y - crest
        sh += smoothstep(-14, 0, t) * smoothstep(0.01, -1.5, t) * 0.13  # lit windward side up to the crest
        sh -= smoothstep(0.5, 2, t) * smoothstep(22, 4, t) * 0.15  # lee shadow below the crest
    # fine wind ripples
    rip = np.sin((Y + 3 * np.sin(X / 13)) / 3.2 * math.tau)
    sh += smoothstep(0.85, 1.0, rip) * 0.035
    calm = smoothstep(CALM_R * 0.6, CALM_R * 1.1, np.sqrt(X**2 + Y**2))
    base = base * (1 + (sh * (0.4 + 0.6 * calm))[..., None])
    layer = new(w, h)
    d = ImageDraw.Draw(layer)
    # small stones
    for _ in range(45):
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        if not ok_region(hx, 8, calm=CALM_R)(x, y):
            continue
        r = rng.uniform(1.5, 3.2) * ss
        d.ellipse([x - r, y - r * 0.65, x + r, y + r * 0.65], fill=(150, 122, 84, 230))
        d.ellipse([x - r * 0.7, y - r * 0.7, x + r * 0.4, y + r * 0.1], fill=(206, 180, 134, 230))
    shadows = Image.new("L", (w, h), 0)
    sd = ImageDraw.Draw(shadows)
    cacti = [(-74, -36, 50, 1), (82, 62, 44, -1), (40, -104, 34, -1), (-66, 104, 32, 1)]
    for cx, cy, s, _f in cacti:
        x, y = hx.cx + cx * ss, hx.cy + cy * ss
        sd.polygon(
            [
                (x - 4 * ss, y),
                (x + s * ss * 0.9, y + s * ss * 0.08),
                (x + s * ss * 0.9, y + s * ss * 0.2),
                (x + 4 * ss, y + 3 * ss),
            ],
            fill=130,
        )
    # a bleached desert bush or two
    for bx, by in [(110, -40), (-118, 20), (-20, 136)]:
        x, y = hx.cx + bx * ss, hx.cy + by * ss
        for _ in range(9):
            a = rng.uniform(-2.6, -0.5)
            L = rng.uniform(5, 9) * ss
            d.line([(x, y), (x + math.cos(a) * L, y + math.sin(a) * L)], fill=(130, 104, 60, 230), width=ss)
    layer.alpha_composite(shadow_from(shadows, 2.5 * ss, 0.4, colour=(110, 80, 30)))
    for cx, cy, s, f in sorted(cacti, key=lambda c: c[1]):
        draw_cactus(layer, hx.cx + cx * ss, hx.cy + cy * ss, s * ss, rng, f)
    return finish_tile(hx, base, layer, "#A88A4E", seed)


def build_terrain():
    makers = {
        "forest": (tile_forest, "forest hex (lumber), pointy-top, size 171"),
        "pasture": (tile_pasture, "pasture hex (wool), pointy-top, size 171"),
        "fields": (tile_fields, "fields hex (grain), pointy-top, size 171"),
        "hills": (tile_hills, "hills hex (brick), pointy-top, size 171"),
        "mountains": (tile_mountains, "mountains hex (ore), pointy-top, size 171"),
        "desert": (tile_desert, "desert hex (no resource), pointy-top, size 171"),
    }
    for name, (fn, purpose) in makers.items():
        save_png(fn(), f"sprites/terrain/{name}.png", purpose + "; calm centre for the number token")


# ==================================================================================================
# SEA
# ==================================================================================================


def periodic_noise(n, seed, cutoff) -> np.ndarray:
    """Seamless low-pass noise on an n x n torus via FFT, normalised to [0,1]."""
    rng = np.random.default_rng(seed)
    white = rng.standard_normal((n, n)).astype(np.float32)
    f = np.fft.fftfreq(n)
    fx, fy = np.meshgrid(f, f)
    k = np.sqrt(fx**2 + fy**2)
    filt = np.exp(-((k / cutoff) ** 2))
    out = np.real(np.fft.ifft2(np.fft.fft2(white) * filt))
    out = (out - out.min()) / (out.max() - out.min())
    return out.astype(np.float32)


def build_sea(seed=707):
    n = 512
    ss = 2
    N = n * ss
    rng = random.Random(seed)
    big = periodic_noise(N, seed, 0.004)
    mid = periodic_noise(N, seed + 1, 0.015)
    deep = np.array(hexrgb("#1F5C94"), np.float32) / 255
    light = np.array(hexrgb("#3478B3"), np.float32) / 255
    t = np.clip(big * 0.75 + mid * 0.25, 0, 1)[..., None]
    col = deep * (1 - t) + light * t
    g = np.random.default_rng(seed + 2).random((N, N)).astype(np.float32)
    col = col + ((g - 0.5) * 0.025)[..., None]
    img = from_arr(np.clip(col, 0, 1)).convert("RGBA")
    layer = new(N, N)
    d = ImageDraw.Draw(layer)
    pts = []
    for _ in range(4000):
        x, y = rng.uniform(0, N), rng.uniform(0, N)
        if all(
            min(abs(x - px), N - abs(x - px)) ** 2 + (min(abs(y - py), N - abs(y - py)) * 2.2) ** 2
            > (84 * ss) ** 2
            for px, py in pts
        ):
            pts.append((x, y))

    def stroke(dd, pts_, width, colour):
        """A tapered stroke along pts_ (thicker in the middle, pointed ends)."""
        up, dn = [], []
        for i, (px, py) in enumerate(pts_):
            j0, j1 = max(0, i - 1), min(len(pts_) - 1, i + 1)
            tx, ty = pts_[j1][0] - pts_[j0][0], pts_[j1][1] - pts_[j0][1]
            ln = math.hypot(tx, ty) or 1
            nx_, ny_ = -ty / ln, tx / ln
            u = i / (len(pts_) - 1)
            hw = width / 2 * math.sin(u * math.pi) ** 0.7
            up.append((px + nx_ * hw, py + ny_ * hw))
            dn.append((px - nx_ * hw, py - ny_ * hw))
        dd.polygon(up + dn[::-1], fill=colour)

    for x, y in pts:
        wlen = rng.uniform(46, 74) * ss
        amp = rng.uniform(2.0, 3.2) * ss
        ph = rng.uniform(0, math.tau)
        lines = [(0, 0, 1.0)]
        if rng.random() < 0.6:
            lines.append((rng.uniform(-14, 14) * ss, 6.5 * ss, 0.7))
        for ox in (-N, 0, N):
            for oy in (-N, 0, N):
                bx, by = x + ox, y + oy
                if bx < -wlen * 2 or bx > N + wlen * 2 or by < -40 * ss or by > N + 40 * ss:
                    continue
                for sx, sy, k in lines:
                    L = wlen * k
                    arc = []
                    for i in range(25):
                        u = i / 24
                        px = bx + sx + (u - 0.5) * L
                        py = by + sy - amp * math.sin(u * math.tau * 1.0 + ph) * k
                        arc.append((px, py))
                    stroke(d, [(p[0], p[1] + 1.6 * ss) for p in arc], 2.0 * ss, (14, 52, 92, 60))
                    stroke(d, arc, 2.2 * ss, (176, 214, 238, int(95 * k)))
    img.alpha_composite(layer)
    img = down(img, n, n).convert("RGB")
    save_png(img, "sprites/sea.png", "seamlessly tileable deep-blue sea background (no alpha)")


# ==================================================================================================
# NUMBER TOKENS
# ==================================================================================================

PIPS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}


def ivory_disc(size, r, ss, face_top=IVORY, face_bottom="#E6D8B4", ring="#B59A66", shadow=True):
    """A supersampled ivory disc with a soft drop shadow, bevelled edge and inner ring."""
    S = size * ss
    cx = cy = S / 2
    R = r * ss
    img = new(S, S)
    if shadow:
        m = mask_draw(
            (S, S), lambda d: d.ellipse([cx - R, cy - R + 3 * ss, cx + R, cy + R + 3 * ss], fill=255)
        )
        img.alpha_composite(shadow_from(m, 3.2 * ss, 0.45, colour=(20, 12, 4)))
    # edge (darker rim = the token's thickness)
    edge = mask_draw(
        (S, S), lambda d: d.ellipse([cx - R, cy - R + 1.6 * ss, cx + R, cy + R + 1.6 * ss], fill=255)
    )
    img.alpha_composite(from_mask(edge, "#9C8458"))
    face = mask_draw((S, S), lambda d: d.ellipse([cx - R, cy - R, cx + R, cy + R], fill=255))
    grad = from_arr(radial_gradient(S, S, shade(face_top, 0.35), face_bottom, cx=0.42, cy=0.36, radius=0.55))
    img.alpha_composite(from_mask(face, grad))
    ImageDraw.Draw(img).ellipse(
        [cx - R, cy - R, cx + R, cy + R], outline=rgba(ring), width=max(1, int(1.2 * ss))
    )
    ri = R - 5.5 * ss
    ImageDraw.Draw(img).ellipse(
        [cx - ri, cy - ri, cx + ri, cy + ri], outline=rgba(ring, 150), width=max(1, int(0.9 * ss))
    )
    return img


def build_tokens():
    size, ss = 120, 4
    S = size * ss
    for n, pips in PIPS.items():
        img = ivory_disc(size, 52, ss)
        colour = RED if n in (6, 8) else INK
        fsize = {1: 44, 2: 48, 3: 52, 4: 56, 5: 60}[pips]
        f = font("title-black", fsize * ss)
        txt = str(n)
        cy = S / 2 - 8 * ss
        # subtle letterpress: a light edge below the digits
        hl = text_mask((S, S), (S / 2, cy + 1.2 * ss), txt, f)
        img.alpha_composite(from_mask(hl.point(lambda v: v * 0.7), "#FFFFFF"))
        draw_text(img, (S / 2, cy), txt, f, rgba(colour))
        pr = 4.3 * ss
        gap = 11.5 * ss
        py = S / 2 + 29 * ss
        d = ImageDraw.Draw(img)
        for i in range(pips):
            px = S / 2 + (i - (pips - 1) / 2) * gap
            d.ellipse([px - pr, py - pr, px + pr, py + pr], fill=rgba(colour))
        save_png(
            down(img, size, size),
            f"sprites/tokens/{n}.png",
            f"number token {n}: ivory disc, {pips} probability pip(s){', red' if n in (6, 8) else ''}",
        )


# ==================================================================================================
# HARBOURS
# ==================================================================================================


def badge_base(size, ss, r, ring="#8A5A32"):
    """A round harbour badge: wooden ring with plank joints around an ivory face, soft shadow."""
    S = size * ss
    c = S / 2
    R = r * ss
    img = new(S, S)
    m = mask_draw((S, S), lambda d: d.ellipse([c - R, c - R + 2.5 * ss, c + R, c + R + 2.5 * ss], fill=255))
    img.alpha_composite(shadow_from(m, 2.8 * ss, 0.5, colour=(10, 20, 30)))
    outer = mask_draw((S, S), lambda d: d.ellipse([c - R, c - R, c + R, c + R], fill=255))
    img.alpha_composite(
        from_mask(
            outer,
            from_arr(
                radial_gradient(S, S, shade(ring, 0.25), warm_dark(ring, 0.35), cx=0.4, cy=0.35, radius=0.6)
            ),
        )
    )
    d = ImageDraw.Draw(img)
    for k in range(10):  # plank joints
        a = k / 10 * math.tau + 0.2
        d.line(
            [
                (c + math.cos(a) * (R - 9.5 * ss), c + math.sin(a) * (R - 9.5 * ss)),
                (c + math.cos(a) * (R - 1.0 * ss), c + math.sin(a) * (R - 1.0 * ss)),
            ],
            fill=rgba(warm_dark(ring, 0.5)),
            width=max(1, int(1.0 * ss)),
        )
    d.ellipse([c - R, c - R, c + R, c + R], outline=rgba("#3A2414"), width=int(1.4 * ss))
    ri = R - 8.5 * ss
    face = mask_draw((S, S), lambda d2: d2.ellipse([c - ri, c - ri, c + ri, c + ri], fill=255))
    img.alpha_composite(
        from_mask(face, from_arr(radial_gradient(S, S, "#FFF9EA", "#E9DCBC", cx=0.45, cy=0.38, radius=0.5)))
    )
    d.ellipse([c - ri, c - ri, c + ri, c + ri], outline=rgba("#3A2414"), width=int(1.2 * ss))
    return img


def build_harbours():
    size, ss = 96, 4
    S = size * ss
    for name in ["generic"] + RESOURCES:
        img = badge_base(size, ss, 44)
        if name == "generic":
            ic = emoji("anchor", int(30 * ss))
            paste_centered(img, ic, S / 2, S / 2 - 14 * ss)
            f = font("title-black", 30 * ss)
            draw_text(img, (S / 2, S / 2 + 15 * ss), "3:1", f, rgba(INK))
            purpose = "generic harbour badge: any 3 identical resources for 1"
        else:
            ic = resource_emoji(name, int(36 * ss))
            paste_centered(img, with_shadow(ic, 1.2 * ss, 0.3, (0, ss)), S / 2, S / 2 - 12 * ss)
            f = font("title-black", 25 * ss)
            draw_text(img, (S / 2, S / 2 + 20 * ss), "2:1", f, rgba(INK))
            purpose = f"{name} harbour badge: 2 {name} for 1"
        save_png(down(img, size, size), f"sprites/harbours/{name}.png", purpose)


# ==================================================================================================
# PIECES
# ==================================================================================================

OUTLINE = (27, 22, 18, 255)


def house_polys(x, base_y, fw, wall_h, roof_h, dx, dy, overhang=0.0):
    """3/4-view house: front gable facing the viewer, depth vector (dx, dy) going up-right.

    Returns (roof_back, side_wall, roof_top, front_face, apex, door_box)."""
    x0, x1 = x, x + fw
    top = base_y - wall_h
    apex = (x + fw / 2, top - roof_h)
    o = overhang
    front = [(x0, base_y), (x0, top), apex, (x1, top), (x1, base_y)]
    side = [(x1, base_y), (x1, top), (x1 + dx, top + dy), (x1 + dx, base_y + dy)]
    roof_top = [
        (apex[0], apex[1]),
        (x1 + o, top + o * 0.9),
        (x1 + dx + o, top + dy + o * 0.9),
        (apex[0] + dx, apex[1] + dy),
    ]
    roof_back = [
        (x0 - o, top + o * 0.9),
        apex,
        (apex[0] + dx, apex[1] + dy),
        (x0 + dx - o, top + dy + o * 0.9),
    ]
    return roof_back, side, roof_top, front, apex


def draw_building(img: Image.Image, ss, colour, parts, outline_w=2.0, details=True):
    """Draw one or more houses (lists of polys) with a merged dark outline and face shading."""
    S = img.size
    top_c = rgba(shade(colour, 0.28 if luminance(colour) < 0.6 else 0.12))
    front_c = rgba(colour)
    side_c = rgba(warm_dark(colour, 0.34 if luminance(colour) > 0.3 else 0.30))
    back_c = rgba(warm_dark(colour, 0.16))
    sil = Image.new("L", S, 0)
    sd = ImageDraw.Draw(sil)
    for p in parts:
        for poly in p[:4]:
            sd.polygon(poly, fill=255)
    grown = grow(sil, outline_w * ss)
    img.alpha_composite(from_mask(grown, OUTLINE))
    line = OUTLINE[:3] + (200,)
    lw = max(1, int(0.7 * ss))
    for p in parts:
        roof_back, side, roof_top, front, apex = p[:5]
        layer = new(*S)
        d = ImageDraw.Draw(layer)
        d.polygon(roof_back, fill=back_c)
        d.polygon(side, fill=side_c)
        d.polygon(roof_top, fill=top_c)
        d.polygon(front, fill=front_c)
        # soft gradient on the front face (lighter toward the top-left)
        d.line([front[1], front[2]], fill=rgba(shade(colour, 0.35), 160), width=lw)
        d.line(roof_top[:2], fill=line, width=lw)
        d.line([roof_top[0], roof_top[3]], fill=rgba(shade(colour, 0.45), 200), width=lw)
        d.line([side[0], side[1]], fill=line, width=lw)
        d.line([front[1], front[2], front[3]], fill=line, width=lw)
        if details and len(p) > 5 and p[5]:
            for kind, box in p[5]:
                dc = rgba(warm_dark(colour, 0.55))
                if kind == "door":
                    d.rounded_rectangle(box, radius=(box[2] - box[0]) * 0.45, fill=dc)
                else:
                    d.rectangle(box, fill=dc)
                    d.rectangle(
                        [box[0] + lw, box[1] + lw, box[2] - lw, box[3] - lw],
                        fill=rgba(mix(colour, "#FFE9A8", 0.55)),
                    )
        img.alpha_composite(layer)


def piece_settlement(colour, out=64, ss=4) -> Image.Image:
    """Settlement drawn on a 64-unit grid, output at out x out px."""
    size = 64
    ss = max(ss, int(math.ceil(out * 2 / size)))
    S = size * ss
    img = new(S, S)
    u = ss
    fw, wall, roof, dx, dy = 24 * u, 17 * u, 13 * u, 17 * u, -9 * u
    x = S / 2 - (fw + dx) / 2
    base = S - 10 * u
    polys = house_polys(x, base, fw, wall, roof, dx, dy, overhang=1.2 * u)
    door = [("door", [x + fw * 0.36, base - wall * 0.62, x + fw * 0.64, base])]
    m = mask_draw(
        (S, S), lambda d: d.ellipse([x - 3 * u, base - 7 * u, x + fw + dx + 5 * u, base + 4 * u], fill=255)
    )
    img.alpha_composite(shadow_from(m, 2.5 * u, 0.45))
    draw_building(img, ss, colour, [polys + (door,)])
    return down(img, out, out)


def piece_city(colour, out=80, ss=4) -> Image.Image:
    """City drawn on an 80-unit grid, output at out x out px."""
    size = 80
    ss = max(ss, int(math.ceil(out * 2 / size)))
    S = size * ss
    img = new(S, S)
    u = ss
    base = S - 11 * u
    # tall back building (left) and a lower wing (right, in front)
    fw1, wall1, roof1, dx, dy = 22 * u, 36 * u, 12 * u, 14 * u, -8 * u
    x1 = S / 2 - 28 * u
    tall = house_polys(x1, base - 2 * u, fw1, wall1, roof1, dx, dy, overhang=1.0 * u)
    fw2, wall2, roof2 = 24 * u, 17 * u, 11 * u
    x2 = x1 + fw1 + 1 * u
    wing = house_polys(x2 - 6 * u, base, fw2, wall2, roof2, dx + 2 * u, dy, overhang=1.0 * u)
    win1 = [
        ("win", [x1 + fw1 * 0.32, base - 2 * u - wall1 * 0.78, x1 + fw1 * 0.68, base - 2 * u - wall1 * 0.58]),
        ("door", [x1 + fw1 * 0.34, base - 2 * u - wall1 * 0.36, x1 + fw1 * 0.66, base - 2 * u]),
    ]
    win2 = [("door", [x2 - 6 * u + fw2 * 0.37, base - wall2 * 0.62, x2 - 6 * u + fw2 * 0.63, base])]
    m = mask_draw(
        (S, S), lambda d: d.ellipse([x1 - 3 * u, base - 8 * u, x2 + fw2 + dx, base + 4 * u], fill=255)
    )
    img.alpha_composite(shadow_from(m, 2.5 * u, 0.45))
    draw_building(img, ss, colour, [tall + (win1,), wing + (win2,)])
    return down(img, out, out)


def piece_road(colour, w=96, h=22, ss=4) -> Image.Image:
    W, H = w * ss, h * ss
    img = new(W, H)
    u = ss
    x0, x1 = 4 * u, W - 4 * u
    y0, y1 = 4 * u, H - 4 * u
    body = mask_draw((W, H), lambda d: d.rounded_rectangle([x0, y0, x1, y1], radius=3 * u, fill=255))
    img.alpha_composite(shadow_from(body, 1.6 * u, 0.45, offset=(0, 0.8 * u)))
    grown = grow(body, 1.6 * u)
    img.alpha_composite(from_mask(grown, OUTLINE))
    side_c = warm_dark(colour, 0.34 if luminance(colour) > 0.3 else 0.30)
    top_c = shade(colour, 0.16 if luminance(colour) < 0.6 else 0.06)
    img.alpha_composite(from_mask(body, side_c))
    top = mask_draw((W, H), lambda d: d.rounded_rectangle([x0, y0, x1, y1 - 4.5 * u], radius=3 * u, fill=255))
    grad = from_arr(linear_gradient(W, H, shade(top_c, 0.18), top_c, 90))
    img.alpha_composite(from_mask(top, grad))
    d = ImageDraw.Draw(img)
    d.line(
        [(x0 + 3 * u, y1 - 4.5 * u), (x1 - 3 * u, y1 - 4.5 * u)],
        fill=OUTLINE[:3] + (150,),
        width=max(1, int(0.6 * u)),
    )
    # wood grain on the top face
    rng = random.Random(hash(colour) & 0xFFFF if False else 11)
    for k in range(3):
        yy = y0 + (2.2 + k * 2.2) * u
        xa = x0 + rng.uniform(8, 20) * u
        xb = x1 - rng.uniform(8, 20) * u
        d.line([(xa, yy), (xb, yy)], fill=rgba(warm_dark(top_c, 0.14), 110), width=max(1, int(0.5 * u)))
    # end-grain ticks
    for xe in (x0 + 2.2 * u, x1 - 2.2 * u):
        d.line(
            [(xe, y0 + 2 * u), (xe, y1 - 2 * u)],
            fill=rgba(warm_dark(top_c, 0.2), 120),
            width=max(1, int(0.6 * u)),
        )
    return down(img, w, h)


def emblem(kind: int, size=24, ss=8) -> Image.Image:
    S = size * ss
    c = S / 2
    r = 8.2 * ss
    m = Image.new("L", (S, S), 0)
    d = ImageDraw.Draw(m)
    if kind == 1:
        d.ellipse([c - r, c - r, c + r, c + r], fill=255)
    elif kind == 2:
        q = r * 0.86
        d.rectangle([c - q, c - q, c + q, c + q], fill=255)
    elif kind == 3:
        d.polygon([(c, c - r * 1.05), (c + r * 1.08, c + r * 0.8), (c - r * 1.08, c + r * 0.8)], fill=255)
    elif kind == 4:
        d.polygon([(c, c - r * 1.12), (c + r * 0.95, c), (c, c + r * 1.12), (c - r * 0.95, c)], fill=255)
    elif kind == 5:
        pts = []
        for i in range(10):
            a = -math.pi / 2 + i * math.pi / 5
            rr = r * 1.12 if i % 2 == 0 else r * 0.48
            pts.append((c + math.cos(a) * rr, c + 0.06 * r + math.sin(a) * rr))
        d.polygon(pts, fill=255)
    elif kind == 6:
        t = r * 0.36
        d.rectangle([c - t, c - r, c + t, c + r], fill=255)
        d.rectangle([c - r, c - t, c + r, c + t], fill=255)
    img = new(S, S)
    ring = grow(m, 1.3 * ss)
    img.alpha_composite(
        from_mask(ring, (20, 16, 12, 255)).copy()
        if False
        else from_mask(ring.point(lambda v: v * 0.6), (20, 16, 12))
    )
    img.alpha_composite(from_mask(m, "#FFFFFF"))
    return down(img, size, size)


EMBLEM_NAMES = {1: "circle", 2: "square", 3: "triangle", 4: "diamond", 5: "star", 6: "cross"}


def build_pieces():
    for name, col in PLAYER_COLOURS.items():
        save_png(
            piece_settlement(col),
            f"sprites/pieces/settlement_{name}.png",
            f"settlement, player colour {name} {col}",
        )
        save_png(piece_city(col), f"sprites/pieces/city_{name}.png", f"city, player colour {name} {col}")
        save_png(
            piece_road(col),
            f"sprites/pieces/road_{name}.png",
            f"road plank, player colour {name} {col}; horizontal, rotate about its centre",
        )
    for k, nm in EMBLEM_NAMES.items():
        save_png(
            emblem(k),
            f"sprites/pieces/emblem_{k}.png",
            f"player emblem {k} ({nm}): white with a soft dark edge, so colour is never the only cue",
        )


# ==================================================================================================
# ROBBER
# ==================================================================================================


def build_robber():
    w, h, ss = 72, 108, 4
    W, H = w * ss, h * ss
    u = ss
    img = new(W, H)
    cx = W / 2
    m = mask_draw((W, H), lambda d: d.ellipse([cx - 26 * u, H - 14 * u, cx + 30 * u, H - 2 * u], fill=255))
    img.alpha_composite(shadow_from(m, 3 * u, 0.55))
    # silhouette: base disc + robe + hood
    base_y = H - 10 * u
    robe = []
    for i in range(21):
        t = i / 20
        y = 44 * u + t * (base_y - 44 * u)
        half = (12 + 12 * t**1.3) * u
        robe.append((cx - half, y))
    robe_r = [(cx + (cx - x), y) for x, y in robe[::-1]]
    robe_poly = robe + robe_r
    hood_c = (cx, 30 * u)
    hr = 15.5 * u

    def sil_draw(d):
        d.ellipse([cx - 24 * u, base_y - 7 * u, cx + 24 * u, base_y + 6 * u], fill=255)
        d.polygon(robe_poly, fill=255)
        d.ellipse([hood_c[0] - hr, hood_c[1] - hr, hood_c[0] + hr, hood_c[1] + hr], fill=255)
        d.polygon(
            [
                (cx - 6 * u, hood_c[1] - hr * 0.7),
                (cx + 3 * u, hood_c[1] - hr - 6 * u),
                (cx + 8 * u, hood_c[1] - hr * 0.5),
            ],
            fill=255,
        )

    sil = mask_draw((W, H), sil_draw)
    grown = grow(sil, 1.8 * u)
    img.alpha_composite(from_mask(grown, (14, 14, 17)))
    body = from_arr(radial_gradient(W, H, "#8A8E96", "#2A2C31", cx=0.36, cy=0.38, radius=0.62))
    img.alpha_composite(from_mask(sil, body))
    d = ImageDraw.Draw(img)
    # base disc top face
    d.ellipse([cx - 24 * u, base_y - 7 * u, cx + 24 * u, base_y + 4 * u], fill=rgba("#50535A"))
    d.ellipse([cx - 24 * u, base_y - 9 * u, cx + 24 * u, base_y + 2 * u], fill=rgba("#6C7078"))
    d.ellipse(
        [cx - 24 * u, base_y - 9 * u, cx + 24 * u, base_y + 2 * u], outline=rgba("#1A1B1F"), width=int(1 * u)
    )
    # robe again over the base top, with folds
    robe_layer = new(W, H)
    rd = ImageDraw.Draw(robe_layer)
    rd.polygon([(x, min(y, base_y - 3 * u)) for x, y in robe_poly], fill=255)
    rm = alpha_of(robe_layer)
    img.alpha_composite(from_mask(rm, body))
    for fx in (-7, 0, 7):
        d.line(
            [(cx + fx * 0.5 * u, 52 * u), (cx + fx * 1.4 * u, base_y - 4 * u)],
            fill=(30, 31, 36, 150),
            width=int(1.2 * u),
        )
    d.line(
        [(cx - 11 * u, 50 * u), (cx - 18 * u, base_y - 5 * u)], fill=(170, 175, 184, 90), width=int(1.5 * u)
    )
    # hood and the dark face opening
    hood = mask_draw(
        (W, H),
        lambda d2: (
            d2.ellipse([hood_c[0] - hr, hood_c[1] - hr, hood_c[0] + hr, hood_c[1] + hr], fill=255),
            d2.polygon(
                [
                    (cx - 6 * u, hood_c[1] - hr * 0.7),
                    (cx + 3 * u, hood_c[1] - hr - 6 * u),
                    (cx + 8 * u, hood_c[1] - hr * 0.5),
                ],
                fill=255,
            ),
        ),
    )
    img.alpha_composite(
        from_mask(hood, from_arr(radial_gradient(W, H, "#9A9EA6", "#34363C", cx=0.4, cy=0.2, radius=0.3)))
    )
    d.ellipse([cx - 9.5 * u, 26 * u, cx + 9.5 * u, 44 * u], fill=rgba("#121216"))
    d.ellipse([cx - 9.5 * u, 26 * u, cx + 9.5 * u, 44 * u], outline=rgba("#5A5D64"), width=int(0.8 * u))
    for ex in (-4, 4):
        d.ellipse([cx + ex * u - 1.5 * u, 33 * u, cx + ex * u + 1.5 * u, 35.6 * u], fill=rgba("#E8C86A"))
    # shoulder cape edge
    d.arc([cx - 15 * u, 36 * u, cx + 15 * u, 60 * u], 20, 160, fill=rgba("#1B1C20"), width=int(1.2 * u))
    save_png(
        down(img, w, h),
        "sprites/robber.png",
        "the robber: dark grey hooded pawn with soft shadow; feet at bottom centre",
    )


# ==================================================================================================
# CARDS
# ==================================================================================================

CARD_W, CARD_H = 150, 210


def card_frame(ss, band, face_top="#FBF5E6", face_bot="#EFE3C6", seed=1):
    W, H = CARD_W * ss, CARD_H * ss
    u = ss
    rad = 11 * u
    img = new(W, H)
    shape = mask_draw((W, H), lambda d: d.rounded_rectangle([0, 0, W - 1, H - 1], radius=rad, fill=255))
    face = linear_gradient(W, H, face_top, face_bot, 90)
    face = (
        face * (1 + (value_noise(W, H, 30 * u, seed, 3)[..., None] - 0.5) * 0.06)
        + grain(W, H, seed, 0.02)[..., None]
    )
    img.alpha_composite(from_mask(shape, from_arr(np.clip(face, 0, 1))))
    d = ImageDraw.Draw(img)
    # top band
    bh = 30 * u
    band_img = from_arr(linear_gradient(W, H, shade(band, 0.12), warm_dark(band, 0.12), 90))
    bm = mask_draw(
        (W, H),
        lambda d2: (
            d2.rounded_rectangle([0, 0, W - 1, bh + rad], radius=rad, fill=255),
            d2.rectangle([0, bh, W, bh + rad + 2], fill=0),
        ),
    )
    img.alpha_composite(from_mask(bm, band_img))
    d.line([(0, bh), (W, bh)], fill=rgba(warm_dark(band, 0.45)), width=int(1.2 * u))
    d.line([(0, bh + 1.2 * u), (W, bh + 1.2 * u)], fill=rgba("#FFFFFF", 120), width=int(0.8 * u))
    # bottom band
    bb = H - 10 * u
    bm2 = mask_draw(
        (W, H),
        lambda d2: (
            d2.rounded_rectangle([0, bb - rad, W - 1, H - 1], radius=rad, fill=255),
            d2.rectangle([0, 0, W, bb], fill=0),
        ),
    )
    img.alpha_composite(from_mask(bm2, band_img))
    d.line([(0, bb), (W, bb)], fill=rgba(warm_dark(band, 0.45)), width=int(1.2 * u))
    # inner frame and outline
    ins = 6 * u
    d.rounded_rectangle(
        [ins, bh + 5 * u, W - 1 - ins, bb - 5 * u], radius=6 * u, outline=rgba(band, 150), width=int(1.2 * u)
    )
    d.rounded_rectangle([0, 0, W - 1, H - 1], radius=rad, outline=rgba("#3A2A1C"), width=int(1.6 * u))
    return img


def hex_points(cx, cy, r, pointy=True):
    off = -90 if pointy else 0
    return [
        (cx + r * math.cos(math.radians(off + 60 * k)), cy + r * math.sin(math.radians(off + 60 * k)))
        for k in range(6)
    ]


def medallion(img, ss, cx, cy, r, band):
    u = ss
    W, H = img.size
    m = mask_draw((W, H), lambda d: d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=255))
    img.alpha_composite(
        from_mask(
            m,
            from_arr(
                radial_gradient(
                    W,
                    H,
                    mix(band, "#FFFFFF", 0.86),
                    mix(band, "#FFFFFF", 0.6),
                    cx=cx / W,
                    cy=(cy - r * 0.2) / H,
                    radius=r / W * 1.3,
                )
            ),
        )
    )
    d = ImageDraw.Draw(img)
    d.ellipse([cx - r, cy - r, cx + r, cy + r], outline=rgba(band, 210), width=int(1.6 * u))
    d.ellipse(
        [cx - r + 3 * u, cy - r + 3 * u, cx + r - 3 * u, cy + r - 3 * u],
        outline=rgba(band, 80),
        width=int(0.8 * u),
    )


def dev_icon(name, px) -> Image.Image:
    """Composite development card icon at px x px."""
    img = new(px, px)
    if name == "knight":
        sh = emoji("shield", int(px * 0.78))
        sw = emoji("crossed-swords", int(px * 0.96))
        paste_centered(img, sw, px / 2, px / 2 - px * 0.02)
        paste_centered(img, with_shadow(sh, px * 0.02, 0.35, (0, px * 0.015)), px / 2, px / 2 + px * 0.07)
    elif name == "victory_point":
        tr = emoji("trophy", int(px * 0.86))
        paste_centered(img, tr, px / 2, px / 2 + px * 0.05)
        cr = emoji("crown", int(px * 0.42))
        paste_centered(img, with_shadow(cr, px * 0.015, 0.3, (0, px * 0.01)), px / 2, px * 0.16)
    else:
        sc = emoji("scroll", int(px * 0.86))
        paste_centered(img, sc, px / 2 - px * 0.06, px / 2 - px * 0.04)
        sym = {"road_building": "hammer", "year_of_plenty": "wrapped-gift", "monopoly": "money-bag"}[name]
        br = px * 0.23
        bx, by = px * 0.72, px * 0.72
        b = new(px, px)
        d = ImageDraw.Draw(b)
        d.ellipse(
            [bx - br, by - br, bx + br, by + br],
            fill=rgba("#FFFFFF"),
            outline=rgba(DEV_BAND),
            width=max(1, int(px * 0.025)),
        )
        img.alpha_composite(with_shadow(b, px * 0.02, 0.35, (0, px * 0.01), pad=0))
        paste_centered(img, emoji(sym, int(br * 1.55)), bx, by)
    return img


def build_card(name, with_text: bool, ss=3) -> Image.Image:
    u = ss
    W = CARD_W * ss
    band = RESOURCE_BAND.get(name, DEV_BAND)
    img = card_frame(ss, band, seed=len(name))
    cy = 98 * u
    medallion(img, ss, W / 2, cy, 50 * u, band)
    ic = resource_emoji(name, int(80 * u)) if name in RESOURCES else dev_icon(name, int(84 * u))
    paste_centered(img, with_shadow(ic, 2 * u, 0.3, (0, 1.5 * u)), W / 2, cy)
    # small corner icons in the band (like a real card's index)
    small = resource_emoji(name, int(20 * u)) if name in RESOURCES else dev_icon(name, int(22 * u))
    paste_centered(img, small, 16 * u, 15 * u)
    paste_centered(img, small, W - 16 * u, 15 * u)
    if with_text:
        txt = CARD_NAMES[name]
        f = fit_font("title", txt, 124 * u, 21 * u)
        draw_text(img, (W / 2, 172 * u), txt, f, rgba(INK))
    return down(img, CARD_W, CARD_H)


def card_back(kind, ss=3) -> Image.Image:
    u = ss
    W, H = CARD_W * ss, CARD_H * ss
    rad = 11 * u
    col = "#8A3B22" if kind == "resource" else "#4B3380"
    img = new(W, H)
    shape = mask_draw((W, H), lambda d: d.rounded_rectangle([0, 0, W - 1, H - 1], radius=rad, fill=255))
    bg = radial_gradient(W, H, shade(col, 0.18), warm_dark(col, 0.35), 0.5, 0.45, 0.75)
    img.alpha_composite(from_mask(shape, from_arr(bg)))
    # hex lattice
    lat = new(W, H)
    d = ImageDraw.Draw(lat)
    r = 13 * u
    dx = r * math.sqrt(3)
    for row in range(-1, int(H / (r * 1.5)) + 2):
        for colm in range(-1, int(W / dx) + 2):
            x = colm * dx + (row % 2) * dx / 2
            y = row * r * 1.5
            d.polygon(hex_points(x, y, r - 1.2 * u), outline=rgba("#FFFFFF", 34), width=int(1.0 * u))
    lat.putalpha(ImageChops.multiply(alpha_of(lat), shape))
    img.alpha_composite(lat)
    d = ImageDraw.Draw(img)
    gold = "#E2C078"
    d.rounded_rectangle(
        [6 * u, 6 * u, W - 1 - 6 * u, H - 1 - 6 * u], radius=7 * u, outline=rgba(gold), width=int(2 * u)
    )
    d.rounded_rectangle(
        [9.5 * u, 9.5 * u, W - 1 - 9.5 * u, H - 1 - 9.5 * u],
        radius=5 * u,
        outline=rgba(gold, 120),
        width=int(0.8 * u),
    )
    cx, cy = W / 2, H / 2
    # medallion: a little island of hexes, or a question mark for development cards
    mr = 42 * u
    m = mask_draw((W, H), lambda d2: d2.ellipse([cx - mr, cy - mr, cx + mr, cy + mr], fill=255))
    img.alpha_composite(shadow_from(m, 3 * u, 0.5, (0, 2 * u)))
    img.alpha_composite(from_mask(m, from_arr(radial_gradient(W, H, "#FFF8E6", "#E8D6AE", 0.45, 0.42, 0.3))))
    d.ellipse([cx - mr, cy - mr, cx + mr, cy + mr], outline=rgba(gold), width=int(2.4 * u))
    d.ellipse(
        [cx - mr + 4 * u, cy - mr + 4 * u, cx + mr - 4 * u, cy + mr - 4 * u],
        outline=rgba(col, 140),
        width=int(u),
    )
    if kind == "resource":
        hr = 10.5 * u
        cols = ["fields", "forest", "pasture", "hills", "mountains", "desert", "forest"]
        centres = [(0, 0)] + [
            (
                math.cos(math.radians(30 + 60 * k)) * hr * math.sqrt(3),
                math.sin(math.radians(30 + 60 * k)) * hr * math.sqrt(3),
            )
            for k in range(6)
        ]
        for (ox, oy), c in zip(centres, [TERRAIN[k] for k in cols], strict=True):
            d.polygon(
                hex_points(cx + ox, cy + oy, hr - 0.6 * u),
                fill=rgba(c),
                outline=rgba("#3A2A1C"),
                width=int(1.1 * u),
            )
    else:
        f = font("title-black", 62 * u)
        draw_text(img, (cx, cy + 2 * u), "?", f, rgba(col), stroke=int(1.5 * u), stroke_fill=rgba(gold))
    d.rounded_rectangle([0, 0, W - 1, H - 1], radius=rad, outline=rgba("#24170E"), width=int(1.6 * u))
    return down(img, CARD_W, CARD_H)


def build_cards():
    for name in RESOURCES + DEV_CARDS:
        kind = "resource" if name in RESOURCES else "development"
        save_png(
            build_card(name, True),
            f"sprites/cards/{name}.png",
            f"{kind} card '{CARD_NAMES[name]}' with English name",
        )
        save_png(
            build_card(name, False),
            f"sprites/cards/plain/{name}.png",
            f"{kind} card '{CARD_NAMES[name]}' without text: draw the translated name centred at (75, 172)",
        )
    save_png(card_back("resource"), "sprites/cards/back_resource.png", "back of a resource card")
    save_png(card_back("development"), "sprites/cards/back_development.png", "back of a development card")


# ==================================================================================================
# DICE
# ==================================================================================================

DIE_PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


def build_dice():
    size, ss = 80, 4
    S = size * ss
    u = ss
    for n, pips in DIE_PIPS.items():
        img = new(S, S)
        x0, y0, x1, y1 = 7 * u, 5 * u, S - 7 * u, S - 11 * u
        rad = 14 * u
        m = mask_draw(
            (S, S), lambda d: d.rounded_rectangle([x0, y0 + 6 * u, x1, y1 + 6 * u], radius=rad, fill=255)
        )
        img.alpha_composite(shadow_from(m, 3 * u, 0.5))
        side = mask_draw(
            (S, S), lambda d: d.rounded_rectangle([x0, y0 + 4.5 * u, x1, y1 + 4.5 * u], radius=rad, fill=255)
        )
        img.alpha_composite(from_mask(side, "#B8A57C"))
        face = mask_draw((S, S), lambda d: d.rounded_rectangle([x0, y0, x1, y1], radius=rad, fill=255))
        img.alpha_composite(
            from_mask(face, from_arr(radial_gradient(S, S, "#FFFDF5", "#E9DDBE", 0.4, 0.3, 0.75)))
        )
        d = ImageDraw.Draw(img)
        d.rounded_rectangle(
            [x0, y0, x1, y1 + 4.5 * u], radius=rad, outline=rgba("#6E5A3A"), width=int(1.2 * u)
        )
        d.line([(x0 + rad * 0.7, y1), (x1 - rad * 0.7, y1)], fill=rgba("#A8956B"), width=int(0.9 * u))
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        step = 17 * u
        pr = 6.2 * u if n != 1 else 8.5 * u
        for px, py in pips:
            x, y = cx + px * step, cy + py * step
            d.ellipse([x - pr, y - pr + 0.8 * u, x + pr, y + pr + 0.8 * u], fill=rgba("#FFFFFF", 200))
            col = RED if n == 1 else INK
            d.ellipse([x - pr, y - pr, x + pr, y + pr], fill=rgba(col))
            d.ellipse(
                [x - pr * 0.55, y - pr * 0.7, x + pr * 0.15, y - pr * 0.05], fill=rgba(shade(col, 0.25), 120)
            )
        save_png(down(img, size, size), f"sprites/dice/{n}.png", f"die face {n} (ivory, pips)")


# ==================================================================================================
# ICONS
# ==================================================================================================

ICON_EMOJI = {
    "lumber": "wood",
    "wool": "ewe",
    "grain": "sheaf-of-rice",
    "brick": "brick",
    "ore": "rock",
    "trade": "handshake",
    "bank": "bank",
    "dice": "game-die",
    "end_turn": "next-track-button",
    "settings": "gear",
    "save": "floppy-disk",
    "load": "open-file-folder",
    "help": "red-question-mark",
    "trophy": "trophy",
    "army": "crossed-swords",
    "robot": "robot",
    "person": "person-default",
    "warning": "warning",
    "check": "check-mark-button",
    "cross": "cross-mark",
    "hourglass": "hourglass-not-done",
    "undo": "right-arrow-curving-left",
    "sound": "speaker-high-volume",
    "music": "musical-score",
}
ICON_PURPOSE = {
    "lumber": "lumber resource",
    "wool": "wool resource",
    "grain": "grain resource",
    "brick": "brick resource",
    "ore": "ore resource",
    "road": "build a road",
    "settlement": "build a settlement",
    "city": "build a city",
    "development_card": "buy / play a development card",
    "trade": "trade with players",
    "bank": "trade with the bank",
    "dice": "roll the dice",
    "end_turn": "end the turn",
    "menu": "open the menu",
    "settings": "settings",
    "save": "save the game",
    "load": "load a game",
    "help": "help / rules",
    "trophy": "victory points / winner",
    "army": "largest army",
    "longest_road": "longest road",
    "robot": "computer player",
    "person": "human player",
    "warning": "warning",
    "check": "confirm / accept",
    "cross": "cancel / reject",
    "hourglass": "waiting / thinking",
    "undo": "undo",
    "sound": "sound effects",
    "music": "music",
}
NEUTRAL_PIECE = "#D9B27A"


def icon_from_emoji(name, size=64):
    ss = 1
    img = emoji(name, size - 2)
    out = new(size, size)
    paste_centered(out, img, size / 2, size / 2)
    _ = ss
    return out


def icon_menu(size=64, ss=4):
    S = size * ss
    u = ss
    img = new(S, S)
    bars = mask_draw(
        (S, S),
        lambda d: [
            d.rounded_rectangle([12 * u, y * u, 52 * u, (y + 8) * u], radius=4 * u, fill=255)
            for y in (14, 28, 42)
        ],
    )
    img.alpha_composite(shadow_from(bars, 1.5 * u, 0.35, (0, 1.5 * u)))
    img.alpha_composite(from_mask(grow(bars, 1.5 * u), "#3A2A1C"))
    img.alpha_composite(from_mask(bars, from_arr(linear_gradient(S, S, "#FFF8E8", "#E3D2AC", 90))))
    return down(img, size, size)


def icon_dev_card(size=64, ss=4):
    S = size * ss
    back = card_back("development", ss=3)
    img = new(S, S)
    for ang, dx in ((14, 8), (-8, -6)):
        c = back.resize((int(37 * ss), int(52 * ss)), Image.LANCZOS).rotate(
            ang, resample=Image.BICUBIC, expand=True
        )
        paste_centered(img, with_shadow(c, 1.5 * ss, 0.35, (0, ss)), S / 2 + dx * ss, S / 2)
    return down(img, size, size)


def draw_plank(img: Image.Image, a, b, thick, colour, ss):
    """A road plank from a to b (supersampled px) with a dark outline, lit top face and darker side."""
    ax, ay = a
    bx, by = b
    L = math.hypot(bx - ax, by - ay)
    ux, uy = (bx - ax) / L, (by - ay) / L
    nx_, ny_ = -uy, ux
    if ny_ < 0:  # the side face is always the lower edge on screen
        nx_, ny_ = -nx_, -ny_
    h = thick / 2

    def quad(t0, t1):
        return [
            (ax + nx_ * t0, ay + ny_ * t0),
            (bx + nx_ * t0, by + ny_ * t0),
            (bx + nx_ * t1, by + ny_ * t1),
            (ax + nx_ * t1, ay + ny_ * t1),
        ]

    m = mask_draw(img.size, lambda d: d.polygon(quad(-h, h), fill=255))
    img.alpha_composite(shadow_from(m, 1.5 * ss, 0.4, (0, 1.2 * ss)))
    img.alpha_composite(from_mask(grow(m, 1.5 * ss), OUTLINE))
    d = ImageDraw.Draw(img)
    d.polygon(quad(-h, h), fill=rgba(warm_dark(colour, 0.32)))
    d.polygon(quad(-h, h * 0.25), fill=rgba(shade(colour, 0.12)))
    d.line(
        [quad(-h * 0.35, 0)[0], quad(-h * 0.35, 0)[1]],
        fill=rgba(warm_dark(colour, 0.12), 140),
        width=max(1, ss // 2),
    )


def icon_piece(kind, size=64):
    if kind == "settlement":
        p = piece_settlement(NEUTRAL_PIECE, out=size)
    elif kind == "city":
        p = piece_city(NEUTRAL_PIECE, out=size)
    else:
        ss = 4
        p = new(size * ss, size * ss)
        draw_plank(p, (9 * ss, 44 * ss), (55 * ss, 21 * ss), 15 * ss, NEUTRAL_PIECE, ss)
        p = down(p, size, size)
    return p


def icon_longest_road(size=64, ss=4):
    """A staircase of three road planks, as a long road runs along hex edges."""
    S = size * ss
    img = new(S, S)
    pts = [(8, 55), (29, 43), (29, 20), (50, 8)]
    for (ax, ay), (bx, by) in zip(pts, pts[1:], strict=False):
        draw_plank(img, (ax * ss, ay * ss), (bx * ss, by * ss), 8.5 * ss, NEUTRAL_PIECE, ss)
    return down(img, size, size)


def build_icons():
    for name in [
        "lumber",
        "wool",
        "grain",
        "brick",
        "ore",
        "road",
        "settlement",
        "city",
        "development_card",
        "trade",
        "bank",
        "dice",
        "end_turn",
        "menu",
        "settings",
        "save",
        "load",
        "help",
        "trophy",
        "army",
        "longest_road",
        "robot",
        "person",
        "warning",
        "check",
        "cross",
        "hourglass",
        "undo",
        "sound",
        "music",
    ]:
        if name in RESOURCES:
            img = new(64, 64)
            paste_centered(img, resource_emoji(name, 62), 32, 32)
        elif name in ICON_EMOJI:
            img = icon_from_emoji(ICON_EMOJI[name])
        elif name in ("road", "settlement", "city"):
            img = icon_piece(name)
        elif name == "menu":
            img = icon_menu()
        elif name == "development_card":
            img = icon_dev_card()
        elif name == "longest_road":
            img = icon_longest_road()
        else:
            raise KeyError(name)
        save_png(img, f"sprites/icons/{name}.png", "UI icon: " + ICON_PURPOSE[name])


# ==================================================================================================
# APP ICON
# ==================================================================================================


def app_icon(size) -> Image.Image:
    ss = 4 if size < 256 else 2
    S = size * ss
    img = new(S, S)
    r = S * 0.47
    cx, cy = S / 2, S / 2 + S * 0.01
    hexm = mask_draw((S, S), lambda d: d.polygon(hex_points(cx, cy, r), fill=255))
    img.alpha_composite(shadow_from(hexm, S * 0.015, 0.5, (0, S * 0.012)))
    if size >= 64:
        tile = (
            Image.open(ASSETS / "sprites/terrain/pasture.png")
            if (ASSETS / "sprites/terrain/pasture.png").exists()
            else tile_pasture()
        )
        th = int(round(2 * r))
        tw = int(round(th * TILE_W / TILE_H))
        t = tile.resize((tw, th), Image.LANCZOS)
        paste_centered(img, t, cx, cy)
    else:
        g = from_arr(linear_gradient(S, S, "#A6D66A", "#5F9A3A", 60))
        img.alpha_composite(from_mask(hexm, g))
        ImageDraw.Draw(img).polygon(
            hex_points(cx, cy, r - S * 0.02), outline=rgba("#2F5A1E"), width=max(1, int(S * 0.04))
        )
    hs = int(S * (0.7 if size >= 64 else 0.98))
    house = piece_settlement(PLAYER_COLOURS["red"], out=hs)
    paste_centered(img, house, cx + S * 0.01, cy - S * (0.03 if size >= 64 else 0.04))
    return down(img, size, size)


def build_appicon():
    imgs = {}
    for s in (16, 32, 48, 64, 128, 256, 512):
        imgs[s] = app_icon(s)
        save_png(imgs[s], f"icon/app_{s}.png", f"application icon {s}x{s}")
    try:
        ico = ASSETS / "icon/app.ico"
        imgs[256].save(
            ico,
            format="ICO",
            sizes=[(s, s) for s in (16, 32, 48, 64, 128, 256)],
            append_images=[imgs[s] for s in (16, 32, 48, 64, 128)],
        )
        record(
            "icon/app.ico",
            {
                "type": "icon",
                "size": [[s, s] for s in (16, 32, 48, 64, 128, 256)],
                "purpose": "Windows application icon (multi-size)",
            },
        )
    except Exception as e:  # pragma: no cover
        print("could not write app.ico:", e)


# ==================================================================================================
# FONTS
# ==================================================================================================

FONT_FILES = [
    (DEJAVU_DIR / "DejaVuSans.ttf", "DejaVuSans.ttf", "UI text (regular)"),
    (DEJAVU_DIR / "DejaVuSans-Bold.ttf", "DejaVuSans-Bold.ttf", "UI text (bold)"),
    (VOLLKORN_DIR / "Vollkorn-Bold.ttf", "Vollkorn-Bold.ttf", "titles / display serif (bold)"),
]


def build_fonts():
    out = ASSETS / "fonts"
    out.mkdir(parents=True, exist_ok=True)
    for src, name, purpose in FONT_FILES:
        if not src.exists():
            sys.exit(f"missing {src}: apt-get install -y fonts-dejavu-core fonts-vollkorn")
        shutil.copyfile(src, out / name)
        record(f"fonts/{name}", {"type": "font", "purpose": purpose})
    for src, name in [
        (Path("/usr/share/doc/fonts-dejavu-core/copyright"), "LICENSE-DejaVu.txt"),
        (Path("/usr/share/doc/fonts-vollkorn/copyright"), "LICENSE-Vollkorn.txt"),
    ]:
        if not src.exists():
            sys.exit(f"missing {src}: apt-get install -y fonts-dejavu-core fonts-vollkorn")
        shutil.copyfile(src, out / name)
        record(f"fonts/{name}", {"type": "text", "purpose": "font licence"})


# ==================================================================================================
# SOUNDS
# ==================================================================================================

RATE = 22050


def env_exp(n, tau):
    t = np.arange(n) / RATE
    return np.exp(-t / tau)


def tone(freq, dur, partials=((1, 1.0),), tau=0.3, attack=0.004, phase=0.0):
    n = int(dur * RATE)
    t = np.arange(n) / RATE
    sig = np.zeros(n)
    for mult, amp in partials:
        sig += amp * np.sin(2 * np.pi * freq * mult * t + phase) * np.exp(-t / (tau / max(mult, 1) ** 0.5))
    a = np.clip(t / attack, 0, 1)
    return sig * a


def lowpass(x, alpha):
    y = np.zeros_like(x)
    acc = 0.0
    for i, v in enumerate(x):
        acc += alpha * (v - acc)
        y[i] = acc
    return y


def bandpass_noise(n, rng, lo, hi):
    white = rng.standard_normal(n)
    spec = np.fft.rfft(white)
    f = np.fft.rfftfreq(n, 1 / RATE)
    shape = np.exp(-(((np.log(np.maximum(f, 1) / math.sqrt(lo * hi))) / (math.log(hi / lo) / 2)) ** 2))
    return np.fft.irfft(spec * shape, n)


def place(buf, sig, at):
    i = int(at * RATE)
    j = min(len(buf), i + len(sig))
    buf[i:j] += sig[: j - i]


def wood_click(rng, amp=1.0, pitch=1.0):
    n = int(0.09 * RATE)
    t = np.arange(n) / RATE
    s = np.zeros(n)
    for f, a, tau in ((1150, 1.0, 0.016), (1720, 0.6, 0.011), (2650, 0.35, 0.007), (620, 0.45, 0.025)):
        s += a * np.sin(2 * np.pi * f * pitch * rng.uniform(0.97, 1.03) * t) * np.exp(-t / tau)
    noise = bandpass_noise(n, rng, 900, 5000) * np.exp(-t / 0.004)
    s += 0.9 * noise / (np.abs(noise).max() + 1e-9)
    return s * amp


def write_wav(rel, sig, purpose):
    sig = np.asarray(sig, dtype=np.float64)
    peak = np.abs(sig).max()
    if peak > 0:
        sig = sig / peak * 0.72
    fade = int(0.01 * RATE)
    sig[-fade:] *= np.linspace(1, 0, fade)
    fin = int(0.0015 * RATE)
    sig[:fin] *= np.linspace(0, 1, fin)
    data = (np.clip(sig, -1, 1) * 32767).astype("<i2").tobytes()
    path = ASSETS / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(data)
    record(rel, {"type": "sound", "seconds": round(len(sig) / RATE, 3), "rate": RATE, "purpose": purpose})


def build_sounds():
    rng = np.random.default_rng(1234)
    # dice: a few wooden clicks, bouncing and settling
    buf = np.zeros(int(0.62 * RATE))
    for at, amp, p in (
        (0.0, 1.0, 1.0),
        (0.085, 0.8, 1.08),
        (0.16, 0.9, 0.95),
        (0.25, 0.55, 1.05),
        (0.31, 0.6, 0.98),
        (0.38, 0.35, 1.1),
        (0.43, 0.22, 1.0),
    ):
        place(buf, wood_click(rng, amp, p), at)
    write_wav("sounds/dice.wav", buf, "dice roll: wooden clicks")
    # build: a soft knock (two taps of wood on wood)
    buf = np.zeros(int(0.42 * RATE))
    for at, amp in ((0.0, 1.0), (0.11, 0.55)):
        n = int(0.25 * RATE)
        t = np.arange(n) / RATE
        f = 190 * (1 + 0.35 * np.exp(-t / 0.01))
        body = np.sin(2 * np.pi * np.cumsum(f) / RATE) * np.exp(-t / 0.06)
        body += 0.45 * np.sin(2 * np.pi * 430 * t) * np.exp(-t / 0.03)
        click = bandpass_noise(n, rng, 300, 2500) * np.exp(-t / 0.005)
        place(buf, amp * (body + 0.6 * click / (np.abs(click).max() + 1e-9)), at)
    write_wav("sounds/build.wav", buf, "piece placed: soft wooden knock")
    # card: a paper flick (filtered noise with a quick swell and a rising sweep)
    n = int(0.26 * RATE)
    t = np.arange(n) / RATE
    noise = bandpass_noise(n, rng, 1800, 9000)
    env = np.clip(t / 0.012, 0, 1) * np.exp(-t / 0.06)
    flick = noise * env
    snap = bandpass_noise(n, rng, 2500, 7000) * np.exp(-np.maximum(t - 0.035, 0) / 0.008) * (t > 0.035)
    write_wav("sounds/card.wav", flick + 0.5 * snap, "card drawn / played: paper flick")
    # turn: a gentle two-note chime
    buf = np.zeros(int(0.95 * RATE))
    bell = ((1, 1.0), (2.0, 0.35), (3.01, 0.18), (4.2, 0.08))
    place(buf, tone(659.25, 0.9, bell, tau=0.35, attack=0.003), 0.0)
    place(buf, tone(987.77, 0.75, bell, tau=0.32, attack=0.003) * 0.85, 0.16)
    write_wav("sounds/turn.wav", buf, "your turn: gentle chime")
    # trade: two bright plucks and a coin-like ting
    buf = np.zeros(int(0.55 * RATE))
    pluck = ((1, 1.0), (2, 0.5), (3, 0.25), (4, 0.12))
    place(buf, tone(523.25, 0.4, pluck, tau=0.12), 0.0)
    place(buf, tone(783.99, 0.4, pluck, tau=0.12), 0.09)
    place(buf, tone(2093.0, 0.35, ((1, 1.0), (2.76, 0.3)), tau=0.08) * 0.35, 0.18)
    write_wav("sounds/trade.wav", buf, "trade completed: two plucks")
    # robber: a low, ominous descending pair with a soft tremolo
    buf = np.zeros(int(0.9 * RATE))
    reed = ((1, 1.0), (2, 0.55), (3, 0.35), (4, 0.2), (5, 0.1))
    for at, f0 in ((0.0, 155.56), (0.28, 146.83)):
        n = int(0.6 * RATE)
        tt = np.arange(n) / RATE
        s = sum(a * np.sin(2 * np.pi * f0 * k * tt) for k, a in reed)
        s = s * np.clip(tt / 0.04, 0, 1) * np.exp(-tt / 0.28) * (1 + 0.25 * np.sin(2 * np.pi * 6 * tt))
        place(buf, s, at)
    buf = lowpass(buf, 0.25)
    write_wav("sounds/robber.wav", buf, "robber moved: low ominous notes")
    # win: a short brass-like fanfare (C-E-G-C, last note held)
    buf = np.zeros(int(1.0 * RATE))
    brass = ((1, 1.0), (2, 0.7), (3, 0.5), (4, 0.3), (5, 0.18), (6, 0.1))
    notes = ((0.0, 523.25, 0.14), (0.13, 659.25, 0.14), (0.26, 783.99, 0.14), (0.39, 1046.5, 0.4))
    for at, f0, dur in notes:
        n = int((dur + 0.2) * RATE)
        tt = np.arange(n) / RATE
        vib = 1 + 0.004 * np.sin(2 * np.pi * 5.5 * tt) * (tt > 0.15)
        ph = 2 * np.pi * f0 * np.cumsum(vib) / RATE
        s = sum(a * np.sin(k * ph) for k, a in brass)
        env = np.clip(tt / 0.025, 0, 1) * np.where(tt < dur, 1.0, np.exp(-(tt - dur) / 0.07))
        if dur > 0.3:  # the held note swells a little, then relaxes
            env *= np.where(tt < dur, 0.8 + 0.2 * np.sin(np.clip(tt / dur, 0, 1) * math.pi), 0.8)
        env *= 0.85 + 0.15 * np.exp(-tt / 0.05)
        place(buf, s * env, at)
    buf = lowpass(buf, 0.35)
    write_wav("sounds/win.wav", buf, "game won: short fanfare")


# ==================================================================================================
# MUSIC
# ==================================================================================================
# One calm loop for the whole game: D major, 80 BPM, 4/4, 24 bars of 3 s (72 s), in three sections:
#   A  (bars 1-8)   D  A  Bm G | D  G  Em A    rolling eighth-note arpeggios, pad, recorder tune
#   B  (bars 9-16)  Bm F#m G D | Em Bm G  A    sparser 3+3+2 arpeggios, a low recorder line, frame drum
#   A' (bars 17-24) D  A  Bm G | D  G  A  A    the tune again, varied; it rests for the last bars, and
#                                              the closing A (V) leads back to the D at the loop point
# Instruments: a plucked string (Karplus-Strong, tuned exactly by resampling), a soft pad of detuned
# sines, a sine bass, a recorder-like flute (sine + weak harmonics, delayed vibrato, breath) and a very
# soft frame drum. Everything is rendered past the loop point and the tail is wrapped onto the start;
# the reverb and the final filter are circular (FFT over exactly one loop), so the seam is continuous.

MUSIC_BPM = 80
MUSIC_BAR = 4 * 60 / MUSIC_BPM  # seconds
MUSIC_PEAK_DBFS = -6.0
MUSIC_LEVELS = {"arps": 1.6, "pad": 0.18, "bass": 0.21, "tune": 0.4, "drum": 0.5}  # before normalising
# chord symbol -> (root as a MIDI note in the arpeggio's bass octave, third in semitones)
MUSIC_CHORDS = {"D": (50, 4), "A": (45, 4), "Bm": (47, 3), "G": (55, 4), "Em": (52, 3), "F#m": (54, 3)}
MUSIC_FORM = (
    ("D", "A", "Bm", "G", "D", "G", "Em", "A"),  # A
    ("Bm", "F#m", "G", "D", "Em", "Bm", "G", "A"),  # B
    ("D", "A", "Bm", "G", "D", "G", "A", "A"),  # A'
)
# the recorder: (bar, beat, length in beats, MIDI note); bars count from 0; long rests are intended
_TUNE_A = [
    (0, 2, 1, 69), (0, 3, 1, 74),
    (1, 0, 1.5, 76), (1, 1.5, 0.5, 73), (1, 2, 2, 69),
    (2, 1, 1, 71), (2, 2, 1, 74), (2, 3, 1, 78),
    (3, 0, 3, 74),
    (4, 3, 0.5, 78), (4, 3.5, 0.5, 76),
    (5, 0, 1, 74), (5, 1, 2, 71),
    (6, 1, 1, 67), (6, 2, 1.5, 71), (6, 3.5, 0.5, 69),
    (7, 0, 2.5, 76),
]  # fmt: skip
_TUNE_B = [
    (10, 0, 3, 71), (10, 3, 1, 69),
    (11, 0, 3, 66),
    (12, 2, 1, 67), (12, 3, 1, 71),
    (13, 0, 2, 74), (13, 2, 2, 71),
    (14, 2, 1, 69), (14, 3, 1, 71),
    (15, 0, 3, 73),
]  # fmt: skip
_TUNE_A2 = [
    (16, 2, 1, 69), (16, 3, 1, 74),
    (17, 0, 1.5, 76), (17, 1.5, 0.5, 78), (17, 2, 2, 76),
    (18, 1, 1, 74), (18, 2, 1, 71), (18, 3, 1, 74),
    (19, 0, 2, 74), (19, 2, 1, 71), (19, 3, 1, 69),
    (20, 2, 2, 69),
    (21, 0, 2.5, 71),
]  # fmt: skip
MUSIC_TUNE = _TUNE_A + _TUNE_B + _TUNE_A2


def midi_hz(note: float) -> float:
    return 440.0 * 2 ** ((note - 69) / 12)


def pan_gains(pan: float) -> tuple[float, float]:
    """Equal-power gains (left, right) for pan in [-1, 1]."""
    a = (pan + 1) * math.pi / 4
    return math.cos(a), math.sin(a)


def place_stereo(buf: np.ndarray, sig: np.ndarray, at: float, pan: float = 0.0):
    """Add a mono (n,) or stereo (2, n) signal into buf (2, m) at ``at`` seconds."""
    i = int(round(at * RATE))
    sig = np.asarray(sig)
    if sig.ndim == 1:
        gl, gr = pan_gains(pan)
        sig = np.stack([sig * gl, sig * gr])
    j = min(buf.shape[1], i + sig.shape[1])
    buf[:, i:j] += sig[:, : j - i]


def smooth_fade(n: int) -> np.ndarray:
    """A raised-cosine ramp 0 -> 1 over n samples."""
    return 0.5 - 0.5 * np.cos(np.linspace(0, math.pi, max(n, 1)))


def karplus_strong(freq: float, dur: float, rng, tau: float = 1.3, softness: int = 3) -> np.ndarray:
    """A plucked string: Karplus-Strong, computed a delay line at a time, tuned exactly by resampling.

    The integer delay p plus the averaging filter's half sample gives the pitch RATE / (p + 0.5); the
    result is then resampled to ``freq``. ``tau`` is the fundamental's decay time, ``softness`` how many
    times the noise burst is smoothed (a softer, nylon-like pluck).
    """
    p = max(2, int(RATE / freq - 0.5))
    native = RATE / (p + 0.5)
    ratio = freq / native  # read the native-pitch string this much faster
    n_out = int(dur * RATE)
    n_native = int(n_out * ratio) + p + 3
    burst = rng.uniform(-1, 1, p + 1)
    for _ in range(softness):
        burst = np.convolve(burst, [0.25, 0.5, 0.25], mode="same")
    burst -= burst.mean()  # no DC: the loop filter would keep it for a long time
    burst -= 0.6 * np.roll(burst, max(1, int(p * 0.18)))  # plucked a little off the end (pick position)
    y = np.zeros(n_native)
    y[: p + 1] = burst
    g = math.exp(-1.0 / (tau * native))
    for start in range(p + 1, n_native, p):
        end = min(start + p, n_native)
        y[start:end] = g * 0.5 * (y[start - p : end - p] + y[start - p - 1 : end - p - 1])
    out = np.interp(np.arange(n_out) * ratio, np.arange(n_native), y)
    out[: int(0.002 * RATE)] *= smooth_fade(int(0.002 * RATE))
    rel = int(0.08 * RATE)
    out[-rel:] *= smooth_fade(rel)[::-1]
    return out / (np.abs(out).max() + 1e-12)


def pad_tone(freq: float, dur: float, rng, attack: float = 0.9, release: float = 1.4) -> np.ndarray:
    """A soft pad note (stereo): three sines detuned by a few cents, spread left / centre / right."""
    n = int((dur + release) * RATE)
    t = np.arange(n) / RATE
    out = np.zeros((2, n))
    for cents, pan in ((-5.0, -0.7), (0.0, 0.0), (5.0, 0.7)):
        f = freq * 2 ** (cents / 1200)
        ph = 2 * np.pi * f * t + rng.uniform(0, 2 * np.pi)
        s = np.sin(ph) + 0.12 * np.sin(2 * ph) + 0.03 * np.sin(3 * ph)
        gl, gr = pan_gains(pan)
        out[0] += gl * s
        out[1] += gr * s
    env = np.ones(n)
    na = int(attack * RATE)
    env[:na] = smooth_fade(na)
    nd = int(dur * RATE)
    env[nd:] = smooth_fade(n - nd)[::-1]
    return out * env / 3


def bass_tone(freq: float, dur: float, release: float = 0.8) -> np.ndarray:
    """A round sine bass with a little second harmonic (heard on small speakers), slow in and out."""
    n = int((dur + release) * RATE)
    t = np.arange(n) / RATE
    s = np.sin(2 * np.pi * freq * t) + 0.3 * np.sin(4 * np.pi * freq * t)
    env = np.exp(-t / 4.0)
    na = int(0.12 * RATE)
    env[:na] *= smooth_fade(na)
    nd = int(dur * RATE)
    env[nd:] *= smooth_fade(n - nd)[::-1]
    return s * env


def recorder_tone(freq: float, dur: float, rng) -> np.ndarray:
    """A recorder-like flute: sine plus weak harmonics, a soft chiff, breath and a late vibrato."""
    release = 0.18
    n = int((dur + release) * RATE)
    t = np.arange(n) / RATE
    depth = 0.004 * smoothstep(0.25, 0.7, t)  # vibrato only on held notes
    vib = 1 + depth * np.sin(2 * np.pi * 4.8 * t + rng.uniform(0, 2 * np.pi))
    ph = 2 * np.pi * freq * np.cumsum(vib) / RATE
    s = np.sin(ph) + 0.14 * np.sin(2 * ph) + 0.07 * np.sin(3 * ph) + 0.015 * np.sin(4 * ph)
    breath = bandpass_noise(n, rng, freq * 1.5, freq * 4)
    s += 0.04 * breath / (np.abs(breath).max() + 1e-9)
    chiff = bandpass_noise(n, rng, freq * 2, freq * 6) * np.exp(-t / 0.02)
    s += 0.12 * chiff / (np.abs(chiff).max() + 1e-9)
    env = np.where(t < dur, 1.0 - 0.12 * np.clip(t / max(dur, 1e-3), 0, 1), 0.0)
    na = int(0.07 * RATE)
    env[:na] *= smooth_fade(na)
    nd = int(dur * RATE)
    env[nd:] = (1.0 - 0.12) * smooth_fade(n - nd)[::-1]
    return s * env


def frame_drum(rng) -> np.ndarray:
    """A soft, low frame-drum thump: a falling sine with a touch of skin noise."""
    n = int(0.6 * RATE)
    t = np.arange(n) / RATE
    f = 68 * (1 + 0.4 * np.exp(-t / 0.025))
    body = np.sin(2 * np.pi * np.cumsum(f) / RATE) * np.exp(-t / 0.16)
    skin = bandpass_noise(n, rng, 120, 700) * np.exp(-t / 0.03)
    s = body + 0.25 * skin / (np.abs(skin).max() + 1e-9)
    na = int(0.003 * RATE)
    s[:na] *= smooth_fade(na)
    return s


def circular_reverb(x: np.ndarray, rng, seconds: float = 2.0, tau: float = 0.32, wet: float = 0.22):
    """A small room: convolve each channel (circularly, over exactly one loop) with decaying noise."""
    n_ir = int(seconds * RATE)
    t = np.arange(n_ir) / RATE
    n = x.shape[1]
    out = np.empty_like(x)
    for ch in range(x.shape[0]):
        ir = rng.standard_normal(n_ir) * np.exp(-t / tau)
        ir[: int(0.018 * RATE)] = 0.0  # pre-delay
        ir = np.fft.irfft(np.fft.rfft(ir) * np.exp(-np.fft.rfftfreq(n_ir, 1 / RATE) / 2500.0), n_ir)  # dark
        ir /= np.sqrt(np.sum(ir**2))
        wet_sig = np.fft.irfft(np.fft.rfft(x[ch]) * np.fft.rfft(ir, n), n)
        out[ch] = x[ch] + wet * wet_sig
    return out


def circular_tone_filter(x: np.ndarray, low_hz: float = 40.0, high_hz: float = 4500.0) -> np.ndarray:
    """Zero-phase band shaping over one loop: no DC or rumble below ``low_hz``, gentle roll-off above
    ``high_hz`` (about 24 dB per octave), so no harsh upper partials."""
    n = x.shape[1]
    f = np.fft.rfftfreq(n, 1 / RATE)
    gain = 1 / np.sqrt(1 + (f / high_hz) ** 8)
    gain *= (f / low_hz) ** 2 / np.sqrt(1 + (f / low_hz) ** 4)
    gain[0] = 0.0
    return np.fft.irfft(np.fft.rfft(x, axis=1) * gain, n, axis=1)


def compose_music(seed: int = 4242) -> np.ndarray:
    """Render the loop; returns float stereo samples (2, n) at RATE that repeat seamlessly."""
    rng = np.random.default_rng(seed)
    chords = [c for section in MUSIC_FORM for c in section]
    bars = len(chords)
    n = int(round(bars * MUSIC_BAR * RATE))
    tail = int(4 * RATE)  # notes ringing past the loop point are wrapped onto the start
    arps = np.zeros((2, n + tail))
    pad = np.zeros((2, n + tail))
    bass = np.zeros((2, n + tail))
    tune = np.zeros((2, n + tail))
    drum = np.zeros((2, n + tail))
    eighth = MUSIC_BAR / 8
    rolling = (0, 1, 2, 3, 4, 3, 2, 1)  # A and A': a rolling arpeggio on every eighth
    lilting = (0, None, 2, 3, None, 4, 2, None)  # B: 3 + 3 + 2, more air
    for bar, name in enumerate(chords):
        root, third = MUSIC_CHORDS[name]
        section = bar // 8
        start = bar * MUSIC_BAR
        voicing = (root, root + 7, root + 12, root + 12 + third, root + 19)
        pattern = lilting if section == 1 else rolling
        for k, idx in enumerate(pattern):
            if idx is None:
                continue
            note = voicing[idx]
            vel = (1.0 if k == 0 else 0.8 if k == 4 else 0.62) * rng.uniform(0.88, 1.0)
            when = start + k * eighth + rng.uniform(0.0, 0.012)  # a human hand is never exactly on time
            ring = 1.6 if section == 1 else 1.1
            s = karplus_strong(midi_hz(note), ring + 0.4, rng, tau=0.9 + 0.5 * (note < 55))
            place_stereo(arps, vel * s, when, pan=-0.35 + 0.7 * (note - 45) / 29)
        # pad: the chord in close position between A3 and G#4, one note per chord tone
        for interval in (0, third, 7):
            note = 57 + (root + interval - 57) % 12
            place_stereo(pad, pad_tone(midi_hz(note), MUSIC_BAR, rng), start)
        bass_level = 0.75 if section == 0 else 1.0
        place_stereo(bass, bass_level * bass_tone(midi_hz(root - 12), MUSIC_BAR - 0.05), start)
        if section > 0:  # the frame drum joins in B and stays through A'
            for beat, amp in ((0, 1.0), (1.5, 0.35), (2, 0.6)):
                hit = amp * rng.uniform(0.9, 1.0) * frame_drum(rng)
                place_stereo(drum, hit, start + beat * MUSIC_BAR / 4)
    beat_s = MUSIC_BAR / 4
    for bar, beat, length, note in MUSIC_TUNE:
        s = recorder_tone(midi_hz(note), length * beat_s * 0.94, rng)
        place_stereo(tune, s, bar * MUSIC_BAR + beat * beat_s, pan=0.12)
    lv = MUSIC_LEVELS
    mix = lv["arps"] * arps + lv["pad"] * pad + lv["bass"] * bass + lv["tune"] * tune + lv["drum"] * drum
    mix[:, :tail] += mix[:, n:]  # wrap what rings past the end onto the start
    mix = mix[:, :n]
    mix = circular_reverb(mix, rng)
    mix = circular_tone_filter(mix)
    mix -= mix.mean(axis=1, keepdims=True)
    return mix * (10 ** (MUSIC_PEAK_DBFS / 20) / np.abs(mix).max())


def _ogg_crc_table() -> list[int]:
    table = []
    for i in range(256):
        r = i << 24
        for _ in range(8):
            r = ((r << 1) ^ 0x04C11DB7) if r & 0x80000000 else r << 1
        table.append(r & 0xFFFFFFFF)
    return table


def ogg_fixed_serial(data: bytes, serial: int = 0x43415441) -> bytes:
    """Give every page of an Ogg stream the same serial number (and fix each page's CRC).

    libsndfile picks a random stream serial number, the only thing that differs between two encodings of
    the same samples; fixing it makes the file byte-identical from run to run.
    """
    table = _ogg_crc_table()
    out = bytearray(data)
    pos = 0
    while pos < len(out):
        if out[pos : pos + 4] != b"OggS":
            raise ValueError(f"not an Ogg page at byte {pos}")
        nseg = out[pos + 26]
        size = 27 + nseg + sum(out[pos + 27 : pos + 27 + nseg])
        out[pos + 14 : pos + 18] = serial.to_bytes(4, "little")
        out[pos + 22 : pos + 26] = bytes(4)
        crc = 0
        for byte in out[pos : pos + size]:
            crc = ((crc << 8) & 0xFFFFFFFF) ^ table[(crc >> 24) ^ byte]
        out[pos + 22 : pos + 26] = crc.to_bytes(4, "little")
        pos += size
    return bytes(out)


def build_music():
    try:
        import soundfile
    except ImportError:  # pragma: no cover - reported at run time
        sys.exit("soundfile is missing: pip install soundfile (a build-time tool, not a game dependency)")
    mix = compose_music()
    rel = "sounds/music.ogg"
    path = ASSETS / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    ogg = io.BytesIO()
    # compression_level 0.3: about Vorbis quality 7 (~70 kbit/s here), clean plucks, ~0.65 MB
    soundfile.write(
        ogg, mix.T.astype(np.float32), RATE, format="OGG", subtype="VORBIS", compression_level=0.3
    )
    path.write_bytes(ogg_fixed_serial(ogg.getvalue()))
    seconds = mix.shape[1] / RATE
    record(
        rel,
        {
            "type": "sound",
            "seconds": round(seconds, 3),
            "rate": RATE,
            "channels": 2,
            "loop": True,
            "purpose": f"background music: a calm {seconds:.0f} s folk loop, D major, {MUSIC_BPM} BPM "
            "(plucked strings, pad, recorder)",
        },
    )


# ==================================================================================================
# THEME (pygame_gui 0.6.x)
# ==================================================================================================

UI = {
    "parchment": "#F3E9D2",
    "parchment_hi": "#FBF4E4",
    "parchment_lo": "#E4D5B3",
    "wood": "#3B2A1E",
    "wood_mid": "#6B4A2F",
    "ink": "#33241A",
    "muted": "#6B5A48",
    "accent": "#A63A24",
    "accent_hi": "#B8452D",
    "accent_lo": "#8C2F1C",
    "gold": "#D9B26A",
    "sea": "#1F4E79",
}


def build_theme():
    f_reg = "assets/fonts/DejaVuSans.ttf"
    f_bold = "assets/fonts/DejaVuSans-Bold.ttf"
    f_title = "assets/fonts/Vollkorn-Bold.ttf"

    def fnt(size, bold=False):
        return {
            "name": "dejavu_sans",
            "size": str(size),
            "bold": "1" if bold else "0",
            "regular_path": f_reg,
            "bold_path": f_bold,
        }

    def colours(bg, bg_hover, bg_sel, text, border, text_dis, bg_dis):
        return {
            "normal_bg": bg,
            "hovered_bg": bg_hover,
            "disabled_bg": bg_dis,
            "selected_bg": bg_sel,
            "active_bg": bg_sel,
            "normal_text": text,
            "hovered_text": text,
            "selected_text": text,
            "active_text": text,
            "disabled_text": text_dis,
            "normal_border": border,
            "hovered_border": border,
            "disabled_border": "#A89878",
            "selected_border": border,
            "active_border": border,
        }

    theme = {
        "defaults": {
            "colours": {
                "normal_bg": UI["parchment_lo"],
                "hovered_bg": UI["parchment_hi"],
                "disabled_bg": "#D8CCB2",
                "selected_bg": "#E9D7A8",
                "active_bg": "#E9D7A8",
                "dark_bg": UI["parchment"],
                "disabled_dark_bg": "#D8CCB2",
                "normal_text": UI["ink"],
                "hovered_text": UI["ink"],
                "disabled_text": "#7A6A56",
                "selected_text": UI["ink"],
                "active_text": UI["ink"],
                "normal_text_shadow": "#00000000",
                "hovered_text_shadow": "#00000000",
                "disabled_text_shadow": "#00000000",
                "selected_text_shadow": "#00000000",
                "active_text_shadow": "#00000000",
                "normal_border": UI["wood_mid"],
                "hovered_border": UI["wood"],
                "disabled_border": "#A89878",
                "selected_border": UI["accent"],
                "active_border": UI["accent"],
                "link_text": "#1F5A8A",
                "link_hover": "#2C73AD",
                "link_selected": "#2C73AD",
                "text_shadow": "#00000000",
                "filled_bar": "#3E8E41",
                "unfilled_bar": "#D8CCB2",
                "text_cursor": UI["ink"],
            }
        },
        "#parchment_shape": {
            "font": fnt(15),
            "misc": {
                "shape": "rounded_rectangle",
                "shape_corner_radius": "6",
                "border_width": "2",
                "shadow_width": "2",
                "text_horiz_alignment_padding": "10",
            },
        },
        "button": {
            "prototype": "#parchment_shape",
            "font": fnt(15, bold=True),
            "colours": colours(
                "#EADBB8", UI["parchment_hi"], "#E2CC96", UI["ink"], UI["wood_mid"], "#7A6A56", "#D8CCB2"
            ),
        },
        "#primary": {
            "font": fnt(16, bold=True),
            "colours": colours(
                UI["accent"], UI["accent_hi"], UI["accent_lo"], "#FFF8EC", "#5E1E10", "#E9C9BE", "#9A7064"
            ),
            "misc": {
                "shape": "rounded_rectangle",
                "shape_corner_radius": "6",
                "border_width": "2",
                "shadow_width": "3",
            },
        },
        "label": {
            "font": fnt(15),
            "colours": {"normal_text": UI["ink"], "dark_bg": "#00000000"},
            "misc": {"text_shadow_size": "0"},
        },
        "#light_label": {  # for text sitting directly on the dark wood / sea background
            "colours": {"normal_text": "#FBF4E4", "dark_bg": "#00000000"},
        },
        "#title": {
            "font": {
                "name": "vollkorn_bold",
                "size": "34",
                "bold": "0",
                "regular_path": f_title,
                "bold_path": f_title,
            },
            "colours": {"normal_text": UI["ink"], "dark_bg": "#00000000"},
        },
        "#heading": {
            "font": {
                "name": "vollkorn_bold",
                "size": "22",
                "bold": "0",
                "regular_path": f_title,
                "bold_path": f_title,
            },
            "colours": {"normal_text": UI["ink"], "dark_bg": "#00000000"},
        },
        "panel": {
            "prototype": "#parchment_shape",
            "colours": {"dark_bg": UI["parchment"], "normal_border": UI["wood_mid"]},
            "misc": {
                "shape": "rounded_rectangle",
                "shape_corner_radius": "10",
                "border_width": "2",
                "shadow_width": "4",
            },
        },
        "#wood_panel": {
            "colours": {"dark_bg": UI["wood"], "normal_border": UI["gold"]},
        },
        "window": {
            "prototype": "#parchment_shape",
            "colours": {"dark_bg": UI["parchment"], "normal_border": UI["wood"]},
            "misc": {
                "shape": "rounded_rectangle",
                "shape_corner_radius": "10",
                "border_width": "2",
                "shadow_width": "6",
                "title_bar_height": "32",
            },
        },
        "window.#title_bar": {
            "font": fnt(16, bold=True),
            "colours": colours(
                UI["wood"], "#4A3626", UI["wood"], "#FBF4E4", UI["wood"], "#CBBBA2", UI["wood"]
            ),
            "misc": {
                "shape": "rectangle",
                "border_width": "0",
                "shadow_width": "0",
                "text_horiz_alignment": "left",
                "text_horiz_alignment_padding": "12",
            },
        },
        "window.#close_button": {
            "colours": colours(
                UI["wood"], UI["accent"], UI["accent_lo"], "#FBF4E4", UI["wood"], "#CBBBA2", UI["wood"]
            ),
            "misc": {"shape": "rectangle", "border_width": "0", "shadow_width": "0"},
        },
        "text_box": {
            "prototype": "#parchment_shape",
            "colours": {
                "dark_bg": UI["parchment_hi"],
                "normal_border": UI["wood_mid"],
                "normal_text": UI["ink"],
            },
            "misc": {
                "padding": "8,6",
                "text_horiz_alignment_padding": "0",
                "text_vert_alignment_padding": "0",
            },
        },
        "text_entry_line": {
            "prototype": "#parchment_shape",
            "colours": {
                "dark_bg": "#FFFBF1",
                "selected_bg": "#E2CC96",
                "normal_text": UI["ink"],
                "selected_text": UI["ink"],
                "text_cursor": UI["ink"],
                "normal_border": UI["wood_mid"],
            },
            "misc": {"shadow_width": "0", "padding": "6,4"},
        },
        "tool_tip": {
            "misc": {"rect_width": "260"},
        },
        "tool_tip.text_box": {
            "font": fnt(14),
            "colours": {"dark_bg": "#2E2119F0", "normal_text": "#FBF1DC", "normal_border": UI["gold"]},
            "misc": {
                "shape": "rounded_rectangle",
                "shape_corner_radius": "6",
                "border_width": "1",
                "shadow_width": "3",
                "padding": "8,6",
                "text_horiz_alignment_padding": "0",
                "text_vert_alignment_padding": "0",
            },
        },
        "drop_down_menu": {
            "prototype": "#parchment_shape",
            "colours": colours(
                "#EADBB8", UI["parchment_hi"], "#E2CC96", UI["ink"], UI["wood_mid"], "#7A6A56", "#D8CCB2"
            ),
        },
        "selection_list": {
            "prototype": "#parchment_shape",
            "colours": {"dark_bg": UI["parchment_hi"], "normal_border": UI["wood_mid"]},
        },
        "selection_list.button": {
            "font": fnt(15),
            "colours": colours(
                UI["parchment_hi"], "#EFE2C2", "#E2CC96", UI["ink"], UI["parchment_hi"], "#7A6A56", "#D8CCB2"
            ),
        },
        "horizontal_slider": {
            "colours": {"dark_bg": "#D8C8A4", "normal_border": UI["wood_mid"]},
        },
        "progress_bar": {
            "font": fnt(13, bold=True),
            "colours": {"filled_bar": "#3E8E41", "unfilled_bar": "#D8CCB2", "normal_text": UI["ink"]},
        },
    }
    # accessibility check: every text/background pair of the theme must reach 4.5:1
    pairs = [
        (UI["ink"], "#EADBB8"),
        (UI["ink"], UI["parchment_hi"]),
        (UI["ink"], "#E2CC96"),
        (UI["ink"], UI["parchment"]),
        ("#FFF8EC", UI["accent"]),
        ("#FFF8EC", UI["accent_hi"]),
        ("#FFF8EC", UI["accent_lo"]),
        ("#FBF4E4", UI["wood"]),
        ("#FBF1DC", "#2E2119"),
        (UI["ink"], "#FFFBF1"),
        (UI["ink"], "#EFE2C2"),
        ("#FBF4E4", "#4A3626"),
        ("#FBF4E4", UI["accent"]),
        (UI["ink"], UI["parchment_lo"]),
    ]
    worst = min(contrast(a, b) for a, b in pairs)
    if worst < 4.5:
        raise SystemExit(f"theme contrast too low: {worst:.2f}")
    path = ASSETS / "theme.json"
    path.write_text(json.dumps(theme, indent=2) + "\n")
    record(
        "theme.json",
        {
            "type": "theme",
            "purpose": "pygame_gui 0.6 theme (parchment panels, wood title bars, "
            "#primary accent buttons, #title/#heading Vollkorn labels, #light_label, #wood_panel). Font "
            "paths are relative to the folder that holds assets/; rewrite them to absolute paths "
            "when the working directory differs.",
            "min_text_contrast": round(worst, 2),
        },
    )


# ==================================================================================================
# MANIFEST, LICENCES, CONTACT SHEET
# ==================================================================================================


def write_licenses():
    names = (
        set(RESOURCE_EMOJI.values())
        | set(ICON_EMOJI.values())
        | {
            "anchor",
            "shield",
            "crossed-swords",
            "trophy",
            "crown",
            "scroll",
            "hammer",
            "wrapped-gift",
            "money-bag",
        }
    )
    emoji_list = ", ".join(sorted(names | EMOJI_USED))
    text = f"""# Asset sources and licences

Everything in `assets/` is produced by `tools/make_assets.py` (see its docstring for how to run it).

## Drawn in code (project's own work, same licence as the game: MIT)
Terrain tiles, sea, number tokens, harbour badges (frames), player pieces and emblems, robber, card
frames and card backs, dice, the menu / development-card / road / settlement / city / longest-road icons,
the app icon and all sounds (synthesised with numpy; no samples) were generated procedurally by
`tools/make_assets.py`. So was the background music, `sounds/music.ogg`: composed in code (notes and
chords in the script) and synthesised with numpy (Karplus-Strong plucked strings, a sine pad and bass, a
recorder-like flute, a frame drum; no samples or recordings), encoded as Ogg Vorbis with soundfile.

## Fluent Emoji (MIT)
Resource and UI icons, the icons on cards and harbours are rasterised from **Fluent Emoji** ("modern" style)
by Microsoft Corporation, https://github.com/microsoft/fluentui-emoji, MIT licence, taken from the npm package
`fluentui-emoji` 1.3.0 by Mohammad Abu Mattar (MIT). Emoji used: {emoji_list}.

    MIT License

    Copyright (c) Microsoft Corporation.
    Copyright (c) 2022 Mohammad Abu Mattar (npm packaging)

    Permission is hereby granted, free of charge, to any person obtaining a copy of this software and
    associated documentation files (the "Software"), to deal in the Software without restriction, including
    without limitation the rights to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
    copies of the Software, and to permit persons to whom the Software is furnished to do so, subject to the
    following conditions:

    The above copyright notice and this permission notice shall be included in all copies or substantial
    portions of the Software.

    THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT
    LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO
    EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER
    IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR
    THE USE OR OTHER DEALINGS IN THE SOFTWARE.

## Fonts
- `fonts/DejaVuSans.ttf`, `fonts/DejaVuSans-Bold.ttf`: DejaVu Sans (Debian `fonts-dejavu-core`),
  Bitstream Vera licence + DejaVu changes in the public domain; full text in `fonts/LICENSE-DejaVu.txt`.
  Also used to render text into sprites.
- `fonts/Vollkorn-Bold.ttf`: Vollkorn by Friedrich Althausen (Debian `fonts-vollkorn`), SIL Open Font
  Licence 1.1; full text in `fonts/LICENSE-Vollkorn.txt`. Vollkorn Bold and Black (same family and
  licence) also render the numbers and card names into the sprites.
"""
    path = ASSETS / "LICENSES.md"
    old = path.read_text() if path.exists() else ""
    addon = old.find("## Add-on art:")  # tools/make_addon_art.py's own section stays (it rewrites it itself)
    if addon >= 0:
        text = text.rstrip("\n") + "\n\n" + old[addon:]
    path.write_text(text)
    record("LICENSES.md", {"type": "text", "purpose": "sources and licences of every asset"})


def write_manifest():
    record("manifest.json", {"type": "json", "purpose": "this list"})
    data = {
        "generator": "tools/make_assets.py",
        "notes": {
            "terrain": "pointy-top hexes, size 171 (296x342); scale uniformly; calm centre for the token",
            "pieces": "settlement/city: anchor at bottom centre (shadow included); road: horizontal, rotate",
            "cards": "plain/ variants have no text; draw the translated name centred at (75, 172) of 150x210",
            "theme": "font paths in theme.json are relative to the folder holding assets/",
        },
        "files": dict(sorted(MANIFEST.items())),
    }
    (ASSETS / "manifest.json").write_text(json.dumps(data, indent=1) + "\n")


def rescan_manifest():
    """Keep manifest entries of groups not rebuilt in this run (read the old manifest)."""
    path = ASSETS / "manifest.json"
    if path.exists():
        try:
            old = json.loads(path.read_text()).get("files", {})
        except ValueError:
            old = {}
        for k, v in old.items():
            if (ASSETS / k).exists():
                MANIFEST.setdefault(k, v)


def contact_sheet(path: Path):
    """A 19-hex island at in-game scale with tokens, pieces, robber, harbours, cards, dice (not committed)."""

    def ld(rel, w=None, h=None):
        im = Image.open(ASSETS / rel).convert("RGBA")
        if w:
            im = im.resize((int(w), int(h if h else im.height * w / im.width)), Image.LANCZOS)
        return im

    W, H = 1600, 1000
    sheet = new(W, H)
    sea = ld("sprites/sea.png")
    for y in range(0, H, sea.height):
        for x in range(0, W, sea.width):
            sheet.alpha_composite(sea, (x, y))
    tw = 110
    size = tw / math.sqrt(3)
    th = int(round(2 * size))
    ox, oy = 430, 470
    terr = [
        "mountains",
        "pasture",
        "forest",
        "fields",
        "hills",
        "pasture",
        "hills",
        "fields",
        "forest",
        "desert",
        "forest",
        "mountains",
        "forest",
        "mountains",
        "fields",
        "pasture",
        "hills",
        "fields",
        "pasture",
    ]
    nums = [10, 2, 9, 12, 6, 4, 10, 9, 11, None, 3, 8, 8, 3, 4, 5, 5, 6, 11]
    coords = [(q, r) for r in range(-2, 3) for q in range(-2, 3) if -2 <= q + r <= 2]
    centres = {}
    tiles = {n: ld(f"sprites/terrain/{n}.png", tw, th) for n in set(terr)}
    # a sandy coast under the island
    coast = Image.new("L", (W, H), 0)
    cd = ImageDraw.Draw(coast)
    for q, r in coords:
        cx = ox + size * math.sqrt(3) * (q + r / 2)
        cy = oy + size * 1.5 * r
        cd.polygon(hex_points(cx, cy, size + 14), fill=255)
    coast = coast.filter(ImageFilter.GaussianBlur(6)).point(lambda v: 255 if v > 110 else int(v * 2.2))
    sheet.alpha_composite(shadow_from(coast, 10, 0.35, (0, 6), colour=(5, 25, 50)))
    sheet.alpha_composite(from_mask(coast, "#D9C38E"))
    for i, (q, r) in enumerate(coords):
        cx = ox + size * math.sqrt(3) * (q + r / 2)
        cy = oy + size * 1.5 * r
        centres[(q, r)] = (cx, cy)
        paste_centered(sheet, tiles[terr[i]], cx, cy)
    for i, (q, r) in enumerate(coords):
        cx, cy = centres[(q, r)]
        if nums[i]:
            paste_centered(sheet, ld(f"sprites/tokens/{nums[i]}.png", 42), cx, cy + 1)
        else:
            rob = ld("sprites/robber.png", 34)
            paste_centered(sheet, rob, cx, cy - 8)

    def vert(c, k):
        a = math.radians(-90 + 60 * k)
        return c[0] + size * math.cos(a), c[1] + size * math.sin(a)

    def road(c, k, colour):
        a, b = vert(c, k), vert(c, k + 1)
        ang = math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))
        rd = ld(f"sprites/pieces/road_{colour}.png", 46).rotate(-ang, resample=Image.BICUBIC, expand=True)
        paste_centered(sheet, rd, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2)

    def settle(c, k, colour, city=False):
        x, y = vert(c, k)
        if city:
            paste_centered(sheet, ld(f"sprites/pieces/city_{colour}.png", 46), x, y - 12)
        else:
            paste_centered(sheet, ld(f"sprites/pieces/settlement_{colour}.png", 38), x, y - 9)

    road(centres[(0, -1)], 3, "red")
    road(centres[(0, -1)], 2, "red")
    settle(centres[(0, -1)], 3, "red")
    settle(centres[(0, -1)], 2, "red", city=True)
    road(centres[(-1, 1)], 0, "blue")
    road(centres[(-1, 1)], 5, "blue")
    settle(centres[(-1, 1)], 0, "blue")
    settle(centres[(-1, 1)], 4, "blue", city=True)
    road(centres[(1, 0)], 1, "white")
    settle(centres[(1, 0)], 1, "white")
    road(centres[(1, 0)], 2, "orange")
    settle(centres[(1, 0)], 3, "orange", city=True)
    road(centres[(-2, 0)], 4, "cb_yellow")
    settle(centres[(-2, 0)], 4, "cb_yellow")
    road(centres[(2, -1)], 0, "cb_skyblue")
    settle(centres[(2, -1)], 0, "cb_skyblue", city=True)
    road(centres[(0, 2)], 2, "green")
    settle(centres[(0, 2)], 2, "green")
    road(centres[(-2, 2)], 3, "cb_vermillion")
    settle(centres[(-2, 2)], 3, "cb_vermillion")
    # harbours on the coast
    hb = [
        ("generic", (0, -2), 5),
        ("wool", (1, -2), 0),
        ("generic", (2, -1), 1),
        ("ore", (2, 0), 1),
        ("generic", (1, 1), 2),
        ("grain", (-1, 2), 3),
        ("generic", (-2, 2), 3),
        ("brick", (-2, 1), 4),
        ("lumber", (-2, 0), 5),
    ]
    for name, (q, r), k in hb:
        c = centres[(q, r)]
        a = math.radians(-60 + 60 * k)  # outward normal of edge k (between vertices k and k+1)
        dist = size * math.sqrt(3) / 2 + 30
        x, y = c[0] + math.cos(a) * dist, c[1] + math.sin(a) * dist
        # piers from the badge to the two coast corners
        pd = ImageDraw.Draw(sheet)
        for kk in (k, k + 1):
            vx, vy = vert(c, kk)
            pd.line([(x, y), (vx, vy)], fill=(92, 62, 36, 255), width=6)
            pd.line([(x, y), (vx, vy)], fill=(170, 128, 80, 255), width=3)
        paste_centered(sheet, ld(f"sprites/harbours/{name}.png", 44), x, y)
    # right side: cards, dice, pieces, icons, tokens
    x0 = 860
    d = ImageDraw.Draw(sheet)
    panel = [x0 - 20, 14, W - 14, H - 14]
    pm = mask_draw((W, H), lambda dd: dd.rounded_rectangle(panel, radius=14, fill=255))
    sheet.alpha_composite(shadow_from(pm, 8, 0.5, (0, 4)))
    sheet.alpha_composite(from_mask(pm, UI["parchment"]))
    d.rounded_rectangle(panel, radius=14, outline=rgba(UI["wood_mid"]), width=3)
    d.text((x0, 26), "Catan Desktop - contact sheet", font=font("title", 30), fill=rgba(UI["ink"]))
    cards = RESOURCES + DEV_CARDS
    for i, n in enumerate(cards):
        c = ld(f"sprites/cards/{n}.png", 70)
        sheet.alpha_composite(
            with_shadow(c, 3, 0.35, (0, 2)),
            (x0 - 9 + (i % 5) * 142 // 2 * 2 // 2 + i % 5 * 0, 70 + (i // 5) * 104),
        )
    for i, n in enumerate(["back_resource", "back_development"]):
        c = ld(f"sprites/cards/{n}.png", 70)
        sheet.alpha_composite(with_shadow(c, 3, 0.35, (0, 2)), (x0 + 355 + i * 78, 70))
    big = ld("sprites/cards/knight.png")
    sheet.alpha_composite(with_shadow(big, 4, 0.4, (0, 3)), (x0 + 520, 60))
    for i in range(1, 7):
        sheet.alpha_composite(
            ld(f"sprites/dice/{i}.png", 48), (x0 + 355 + ((i - 1) % 3) * 52, 175 + ((i - 1) // 3) * 52)
        )
    colours = list(PLAYER_COLOURS)
    for i, col in enumerate(colours):
        x = x0 + (i % 6) * 118
        y = 290 + (i // 6) * 78
        sheet.alpha_composite(ld(f"sprites/pieces/road_{col}.png", 54), (x, y + 48))
        sheet.alpha_composite(ld(f"sprites/pieces/settlement_{col}.png", 40), (x, y))
        sheet.alpha_composite(ld(f"sprites/pieces/city_{col}.png", 50), (x + 38, y - 10))
        e = ld(f"sprites/pieces/emblem_{i % 6 + 1}.png")
        d.ellipse(
            [x + 88, y + 2, x + 110, y + 24], fill=rgba(PLAYER_COLOURS[col]), outline=rgba(OUTLINE), width=1
        )
        paste_centered(sheet, e.resize((18, 18), Image.LANCZOS), x + 99, y + 13)
    icons = sorted(p.stem for p in (ASSETS / "sprites/icons").glob("*.png"))
    for i, n in enumerate(icons):
        sheet.alpha_composite(ld(f"sprites/icons/{n}.png", 40), (x0 + (i % 15) * 47, 462 + (i // 15) * 46))
    # icons on a dark wood strip too
    d.rounded_rectangle([x0 - 4, 560, W - 30, 612], radius=8, fill=rgba(UI["wood"]))
    for i, n in enumerate(icons[:15]):
        sheet.alpha_composite(ld(f"sprites/icons/{n}.png", 40), (x0 + (i % 15) * 47, 566))
    for i, n in enumerate(sorted(PIPS)):
        sheet.alpha_composite(ld(f"sprites/tokens/{n}.png", 60), (x0 + i * 70, 622))
    for i, n in enumerate(["generic"] + RESOURCES):
        sheet.alpha_composite(ld(f"sprites/harbours/{n}.png", 64), (x0 + i * 78, 690))
    sheet.alpha_composite(ld("sprites/robber.png"), (x0 + 480, 680))
    for i, s_ in enumerate((16, 32, 48, 64, 128)):
        im = ld(f"icon/app_{s_}.png")
        sheet.alpha_composite(im, (x0 + [0, 24, 64, 120, 192][i], 990 - 16 - s_ - 10))
    # a few buttons in the theme colours
    bx = x0 + 340
    for label, bg, fg in (("End turn", UI["accent"], "#FFF8EC"), ("Trade", "#EADBB8", UI["ink"])):
        d.rounded_rectangle(
            [bx, 880, bx + 130, 922], radius=6, fill=rgba(bg), outline=rgba(UI["wood_mid"]), width=2
        )
        d.text((bx + 65, 901), label, font=font("sans-bold", 16), fill=rgba(fg), anchor="mm")
        bx += 150
    sheet.convert("RGB").save(path)
    print("contact sheet:", path)


# ==================================================================================================
# MAIN
# ==================================================================================================

GROUPS = {}


def main(argv=None):
    global EMOJI_DIR
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--emoji-dir", type=Path, help="fluentui-emoji icons/modern folder")
    ap.add_argument("--only", default="", help="comma-separated groups to rebuild")
    ap.add_argument("--contact-sheet", type=Path, help="also write a contact sheet PNG here")
    args = ap.parse_args(argv)
    only = [g for g in args.only.split(",") if g]
    unknown = [g for g in only if g not in GROUPS]
    if unknown:
        sys.exit(f"unknown group(s) {unknown}; choose from {', '.join(GROUPS)}")
    if args.emoji_dir is not None:
        if not (args.emoji_dir / "ewe.svg").is_file():
            sys.exit(f"--emoji-dir {args.emoji_dir} does not hold the Fluent Emoji SVGs.\n{EMOJI_HELP}")
        EMOJI_DIR = args.emoji_dir
    else:
        for cand in EMOJI_DEFAULTS:
            if (cand / "ewe.svg").is_file():
                EMOJI_DIR = cand
                print(f"using Fluent Emoji from {cand}")
                break
    needs_emoji = [g for g in (only or GROUPS) if g in EMOJI_GROUPS]
    if needs_emoji and EMOJI_DIR is None:
        sys.exit(f"groups {needs_emoji} need the emoji sources and no --emoji-dir was given.\n{EMOJI_HELP}")
    if needs_emoji and resvg_py is None:
        sys.exit("resvg-py is missing: pip install resvg-py (a build-time tool, not a game dependency)")
    t0 = time.time()
    for name, fn in GROUPS.items():
        if only and name not in only:
            continue
        t = time.time()
        fn()
        print(f"{name:10s} {time.time() - t:5.1f}s")
    rescan_manifest()
    write_licenses()
    write_manifest()
    if args.contact_sheet:
        contact_sheet(args.contact_sheet)
    print(f"total {time.time() - t0:.1f}s")


GROUPS.update(
    {
        "terrain": build_terrain,
        "sea": build_sea,
        "tokens": build_tokens,
        "harbours": build_harbours,
        "pieces": build_pieces,
        "robber": build_robber,
        "cards": build_cards,
        "dice": build_dice,
        "icons": build_icons,
        "appicon": build_appicon,
        "fonts": build_fonts,
        "sounds": build_sounds,
        "music": build_music,
        "theme": build_theme,
    }
)

if __name__ == "__main__":
    main()
