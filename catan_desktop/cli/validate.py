"""``catan-desktop validate FILE...``: check rule files and print every problem, one per line."""

from __future__ import annotations

import contextlib
import os
import sys
from typing import TextIO

from catan_desktop.i18n import _, ngettext, tr
from catan_desktop.variants.loader import RuleFileError, load_rule_file

USAGE = "catan-desktop validate FILE..."
MAX_PROBLEMS = 200  # per file: a file with more is not worth reading line by line


def run(paths: list[str], out: TextIO | None = None) -> int:
    """Validate each rule file, printing its problems or ``FILE: ok``; return 0 if all are valid, else 2.

    ``out`` defaults to the current ``sys.stdout``. A reader that stops reading (``validate … | head``) ends
    the run quietly.
    """
    out = out if out is not None else sys.stdout
    try:
        return _run(paths, out)
    except BrokenPipeError:
        # the reader went away: say nothing more, and let the interpreter's final flush not fail
        with contextlib.suppress(OSError):
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - lives until exit
        return 2


def _run(paths: list[str], out: TextIO) -> int:
    if not paths:
        print(_("usage: {usage}", usage=USAGE), file=out)
        return 2
    status = 0
    for path in paths:
        try:
            load_rule_file(path)
        except RuleFileError as err:
            for line in err.problems[:MAX_PROBLEMS]:
                print(tr(line), file=out)  # in the player's language (--lang)
            more = len(err.problems) - MAX_PROBLEMS
            if more > 0:
                print(ngettext("{path}: … and {n} more problem", "{path}: … and {n} more problems", more,
                               path=path, n=more), file=out)
            status = 2
        except Exception as err:  # a validator reports; it never crashes, whatever it is given
            print(_("{path}: could not be checked ({error}); please report this", path=path,
                    error=f"{type(err).__name__}: {err}"), file=out)
            status = 2
        else:
            print(_("{path}: ok", path=path), file=out)
    return status


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
