"""``python -m catan_desktop``: the same as the ``catan-desktop`` command."""

import sys

from .cli.main import main

sys.exit(main())
