"""How much of the window the game screen gives the board (issue 12: "at 1920x1080 the board uses the space").

    python bench/board_space.py [--sizes 1280x720,1920x1080,800x600] [--variants base,base-5-6,catan-a-dois]

For each window size and variant, builds the real GameScene headless (SDL dummy driver) and prints the
island's drawn extent (the hexes and the harbour badges) as a share of the window's width and height and of
its area, the hex radius in pixels, and the scale of the panels. Prints figures; asserts nothing. Run it
against another checkout with PYTHONPATH=<checkout> to compare.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("CATAN_DESKTOP_HOME", tempfile.mkdtemp(prefix="catan-bench-"))
if not os.environ.get("PYTHONPATH"):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def measure(size: tuple[int, int], variant: str) -> dict[str, float]:
    import pygame

    from catan_desktop.engine.ruleset import load_rules
    from catan_desktop.render.board_static import BADGE
    from catan_desktop.ui.app import App
    from catan_desktop.ui.config import GameConfig
    from catan_desktop.ui.scenes.game import GameScene

    app = App(size=size)
    config = GameConfig.default(load_rules(variant).players_max)
    config.variant = variant
    scene = GameScene(app, config)
    app.push(scene)
    app.step([])
    layout = scene.layout
    points = [p for h in range(layout.topo.num_hexes) for p in layout.hex_polygon(h)]
    r = BADGE * layout.size / 2
    for harbour in scene.ctl.game.observation(0)["board"]["harbours"]:
        x, y = layout.harbour_anchor(harbour["edge"])
        points += [(x - r, y - r), (x + r, y + r)]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    w, h = size
    box = pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
    out = {
        "width": box.w / w,
        "height": box.h / h,
        "area": box.w * box.h / (w * h),
        "hex_px": layout.size,
        "scale": scene.scale,
    }
    pygame.quit()
    return out


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="1280x720,1920x1080,800x600")
    parser.add_argument("--variants", default="base,base-5-6,catan-a-dois")
    args = parser.parse_args()
    import catan_desktop

    print(f"checkout: {Path(catan_desktop.__file__).resolve().parent.parent}")
    print(f"{'window':>10} {'variant':>13} {'width':>6} {'height':>6} {'area':>6} {'hex px':>7} {'scale':>6}")
    for size_text in args.sizes.split(","):
        w, h = (int(x) for x in size_text.split("x"))
        for variant in args.variants.split(","):
            m = measure((w, h), variant)
            print(f"{size_text:>10} {variant:>13} {m['width']:6.1%} {m['height']:6.1%} {m['area']:6.1%} "
                  f"{m['hex_px']:7.1f} {m['scale']:6.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
