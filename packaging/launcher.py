"""Entry script of the frozen bundle (PyInstaller): the same as the ``catan-desktop`` command.

Everything, including ``catan-desktop --self-test``, goes through ``catan_desktop.cli.main.main()``;
this file only turns its return value into the process exit code.
"""

import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no pygame banner on a player's terminal

from catan_desktop.cli.main import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
