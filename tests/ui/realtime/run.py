"""Run one real-time case in this process and print its report (``tests/ui/test_realtime.py`` starts one
process per case): ``python tests/ui/realtime/run.py CASE [--backend x11|sdl] [--shots DIR]``."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from cases import CASES  # noqa: E402
from harness import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:], CASES))
