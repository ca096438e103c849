"""Build the macOS icon (``.icns``) from the PNG app icons in ``assets/icon/``; standard library only.

An .icns file is the magic ``icns``, its total length, then one element per image: a four-letter type,
the element's length and, for every type used here, a plain PNG file. So no image tool (iconutil, Pillow)
is needed and the result is the same on any machine.

    python packaging/macos/make_icns.py [ICON_DIR] [OUT.icns]
"""

from __future__ import annotations

import struct
import sys
from pathlib import Path

# (element type, pixel size): the PNG-carrying types macOS 10.7+ reads; @2x types reuse the larger PNG
ELEMENTS = (
    ("icp4", 16),
    ("icp5", 32),
    ("ic11", 32),  # 16x16@2x
    ("ic12", 64),  # 32x32@2x
    ("ic07", 128),
    ("ic08", 256),
    ("ic13", 256),  # 128x128@2x
    ("ic09", 512),
    ("ic14", 512),  # 256x256@2x
    ("ic10", 1024),  # 512x512@2x (skipped when there is no 1024 px PNG)
)
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk; raises ValueError for anything else."""
    if not data.startswith(PNG_MAGIC) or data[12:16] != b"IHDR":
        raise ValueError("not a PNG file")
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def build_icns(icon_dir: Path) -> bytes:
    """Return an .icns holding every size of ``icon_dir/app_<size>.png`` that an element type needs."""
    body = b""
    for kind, size in ELEMENTS:
        path = icon_dir / f"app_{size}.png"
        if not path.is_file():
            continue
        data = path.read_bytes()
        if png_size(data) != (size, size):
            raise ValueError(f"{path} is {png_size(data)}, expected {size}x{size}")
        body += kind.encode("ascii") + struct.pack(">I", 8 + len(data)) + data
    if not body:
        raise FileNotFoundError(f"no app_<size>.png icons in {icon_dir}")
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def read_icns(data: bytes) -> list[tuple[str, tuple[int, int]]]:
    """List (element type, PNG size) of an .icns written by ``build_icns`` (used by the tests)."""
    if data[:4] != b"icns" or struct.unpack(">I", data[4:8])[0] != len(data):
        raise ValueError("not an icns file (bad magic or length)")
    out, pos = [], 8
    while pos < len(data):
        kind = data[pos : pos + 4].decode("ascii")
        length = struct.unpack(">I", data[pos + 4 : pos + 8])[0]
        if length < 8 or pos + length > len(data):
            raise ValueError(f"element {kind} at {pos} has a bad length")
        out.append((kind, png_size(data[pos + 8 : pos + length])))
        pos += length
    return out


def main(argv: list[str]) -> int:
    root = Path(__file__).resolve().parents[2]
    icon_dir = Path(argv[0]) if argv else root / "assets" / "icon"
    out = Path(argv[1]) if len(argv) > 1 else root / "build" / "catan-desktop.icns"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(build_icns(icon_dir))
    print(f"{out}: {', '.join(f'{k} {w}px' for k, (w, _h) in read_icns(out.read_bytes()))}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
