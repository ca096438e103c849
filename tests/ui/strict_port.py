"""A seat port with nothing but the ``SeatPort`` members, for the package (issue 32): the game screen, its
dialogs and the add-ons' parts that reach past the port (its ``game``, its bots, its undo stack) fail with an
AttributeError, as they would on a port fed by the network. Test code may still read the real controller
behind it (``scene.ctl.game``): only callers inside ``catan_desktop`` are held to the port."""

from __future__ import annotations

import sys
from typing import Any

from catan_desktop.ui.controller import GameController
from catan_desktop.ui.seat_port import SeatPort

MEMBERS = frozenset(
    {name for name in vars(SeatPort) if not name.startswith("_")} | set(SeatPort.__annotations__)
)


class StrictPort:
    """A controller seen through the seat port only, by the package; ``used`` records what it asked for."""

    def __init__(self, inner: GameController) -> None:
        object.__setattr__(self, "inner", inner)
        object.__setattr__(self, "used", set())

    def __getattr__(self, name: str) -> Any:
        caller = sys._getframe(1).f_globals.get("__name__", "")
        if caller.startswith("catan_desktop."):
            if name not in MEMBERS:
                raise AttributeError(f"{caller} asked the seat port for {name!r}, which it does not have")
            self.used.add(name)
        return getattr(self.inner, name)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{name!r} set on the seat port")
