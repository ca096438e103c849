"""Crash handling (issue: double-click play): an unexpected error writes a report naming the autosave and
tells the player the game can be continued; the exit code says something went wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

from catan_desktop.ui import crash


def test_unexpected_error_writes_a_report_and_explains(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("CATAN_DESKTOP_HOME", str(tmp_path))
    monkeypatch.setattr(crash, "_show_crash_window", lambda message: None)

    def broken() -> int:
        raise RuntimeError("boom in a scene")

    assert crash.guarded(broken) == 1
    reports = list((tmp_path / "log").glob("crash-*.txt"))
    assert len(reports) == 1
    text = reports[0].read_text()
    assert "boom in a scene" in text and "autosave.json" in text
    err = capsys.readouterr().err
    assert str(reports[0]) in err and "Continue" in err


def test_a_normal_exit_passes_through() -> None:
    assert crash.guarded(lambda: 0) == 0
