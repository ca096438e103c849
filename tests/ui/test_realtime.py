"""The screens in real time (issue 31): each case runs the real ``App.run`` loop in its own process (a private
Xvfb and xdotool where installed, else SDL's dummy driver), puts input into SDL's queue as a player does,
then sends nothing, and checks that the frame on screen a moment later is the current state (see
``realtime/harness.py``). The cases run side by side, a few at a time, while the rest of the suite goes on.

Run one case by hand, keeping its frames: ``python tests/ui/realtime/run.py answers_after_offer --shots DIR``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent / "realtime"
RUN = HERE / "run.py"
SIDE_BY_SIDE = 4  # cases at once: they mostly wait, in real time
CASE_TIMEOUT = 240  # seconds for one case's process, set-up included (a case's own waits stop sooner)

sys.path.insert(0, str(HERE))
from cases import CASES  # noqa: E402

sys.path.remove(str(HERE))

_pool: ThreadPoolExecutor | None = None
_runs: dict[str, Future[dict[str, Any]]] = {}


def _run(name: str, shots: Path) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "DISPLAY")}
    proc = subprocess.run(
        [sys.executable, str(RUN), name, "--shots", str(shots)],
        capture_output=True, text=True, timeout=CASE_TIMEOUT, env=env,
    )
    for line in proc.stdout.splitlines():
        if line.startswith("REPORT "):
            return json.loads(line[len("REPORT "):])
    error = f"no report (exit {proc.returncode}):\n{proc.stderr[-3000:]}"
    return {"case": name, "checks": [], "error": error}


@pytest.fixture(scope="module")
def realtime_runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Future[dict[str, Any]]]:
    """Start every case at once (a few run at a time); each test waits for its own."""
    global _pool
    if _pool is None:
        shots = tmp_path_factory.mktemp("realtime-frames")
        _pool = ThreadPoolExecutor(max_workers=SIDE_BY_SIDE, thread_name_prefix="realtime")
        for name in CASES:
            _runs[name] = _pool.submit(_run, name, shots)
    return _runs


@pytest.mark.xdist_group("realtime")
@pytest.mark.parametrize("name", sorted(CASES))
def test_screen_shows_the_change_without_input(name: str, realtime_runs: dict[str, Any]) -> None:
    report = realtime_runs[name].result(timeout=CASE_TIMEOUT * len(CASES))
    assert not report["error"], f"{name} could not run: {report['error']}"
    assert report["checks"], f"{name} checked nothing"
    failed = [c for c in report["checks"] if not c["ok"]]
    assert not failed, f"{name} ({report.get('backend')}): " + "; ".join(
        f"[{c['label']}] {c['detail']} ({c['screen']})" for c in failed
    )
