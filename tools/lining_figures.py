"""Make the title face's digits read as digits: map 0-9 in ``assets/fonts/Vollkorn-Bold.ttf`` to its lining
figures (the ``.lf`` glyphs that OpenType ``lnum`` selects).

Vollkorn's default figures are old-style, so "12" reads "I2" and a dice total of 11 reads "II" (issue 12,
defect 10; ART.md "Figures"); pygame cannot switch OpenType features on, so the font's character map is
changed instead. The font is under the SIL Open Font License 1.1, which allows modified versions (its name
table declares no Reserved Font Name); assets/LICENSES.md says it is modified. Idempotent.

Needs fontTools, a tool-time dependency only (``pip install fonttools``); the game does not import it.

    python tools/lining_figures.py [FONT]
"""

from __future__ import annotations

import sys
from pathlib import Path

DEFAULT = Path(__file__).resolve().parents[1] / "assets" / "fonts" / "Vollkorn-Bold.ttf"
DIGITS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def main(argv: list[str]) -> int:
    from fontTools.ttLib import TTFont

    path = Path(argv[0]) if argv else DEFAULT
    font = TTFont(str(path))
    glyphs = set(font.getGlyphOrder())
    missing = [f"{d}.lf" for d in DIGITS if f"{d}.lf" not in glyphs]
    if missing:
        print(f"{path}: no lining figures ({', '.join(missing)})", file=sys.stderr)
        return 1
    changed = 0
    for table in font["cmap"].tables:
        if not table.isUnicode():
            continue
        for i, name in enumerate(DIGITS):
            code = ord("0") + i
            if table.cmap.get(code) == name:
                table.cmap[code] = f"{name}.lf"
                changed += 1
    if changed:
        font.save(str(path))
    print(f"{path}: {changed} character-map entries now point at lining figures")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
