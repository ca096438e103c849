"""Crash handling: an unexpected error writes a report to the log folder and tells the player where."""

from __future__ import annotations

import datetime as _dt
import platform
import sys
import traceback
from collections.abc import Callable
from pathlib import Path

from .. import __version__
from ..i18n import _
from ..persistence.files import atomic_write_text
from ..persistence.userdirs import autosave_path, log_dir


def write_crash_report(exc: BaseException) -> Path:
    """Write a crash report (traceback, versions, the autosave's name) and return its path."""
    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    path = log_dir() / f"crash-{stamp}.txt"
    body = "\n".join(
        [
            f"Catan Desktop {__version__} crash report, {stamp}",
            f"Python {sys.version.split()[0]} on {platform.platform()}",
            f"Autosave: {autosave_path()} ({'present' if autosave_path().exists() else 'none'})",
            "",
            "".join(traceback.format_exception(exc)),
        ]
    )
    atomic_write_text(path, body)
    return path


def guarded(body: Callable[[], int]) -> int:
    """Run the app; on an unexpected error write a crash report and show where it is."""
    try:
        return body()
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # noqa: BLE001 - the last line of defence for the player
        try:
            report = write_crash_report(exc)
        except OSError:
            report = None
        message = _("Catan Desktop stopped because of an unexpected error.") + "\n"
        if report is not None:
            message += _("A report was written to {path}.", path=report) + "\n"
        message += _("Your game was autosaved after the last turn: choose Continue in the menu to resume it.")
        print(message, file=sys.stderr)
        _show_crash_window(message)
        return 1


def _show_crash_window(message: str) -> None:
    """Best effort: show the message in a small window until it is closed."""
    try:
        import pygame

        pygame.display.quit()
        pygame.display.init()
        pygame.font.init()
        width, pad = 720, 24
        font = pygame.font.Font(None, 26)
        # each line wrapped to the window (a report's path ran off its right edge); the window as tall as
        # the lines need
        lines = [font.render(line, True, (51, 36, 26), wraplength=width - 2 * pad)
                 for line in message.split("\n")]
        height = 2 * pad + sum(line.get_height() for line in lines) + 10 * (len(lines) - 1)
        screen = pygame.display.set_mode((width, max(160, height)))
        pygame.display.set_caption(_("Catan Desktop - error"))
        screen.fill((243, 233, 210))
        y = pad
        for line in lines:
            screen.blit(line, (pad, y))
            y += line.get_height() + 10
        pygame.display.flip()
        while True:
            event = pygame.event.wait(30000)
            if event.type in (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.NOEVENT):
                break
    except Exception:  # noqa: BLE001 - no display: the message is on stderr already
        pass
