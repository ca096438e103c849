"""What every snapshot holds, whatever the kind of game (issue 32): the envelope (``format``, the kind for a
game other than the board game, ``version``, the variant and its rules, the options, the seed, the number of
players), and the tail that replays it (the generator's state, the history of actions, the event log).
``snapshot`` (the board game) and ``dice_snapshot`` (the Catan Dice Game) write and check these alike;
docs/engine-api.md lists the fields."""

from __future__ import annotations

import random
from typing import Any

from .errors import SnapshotError

FORMAT = "catan-desktop-snapshot"


def head(g: Any, version: int, kind: str | None = None) -> dict[str, Any]:
    """The envelope of ``g``'s snapshot, in the order the file shows it (``kind`` left out for the board
    game, as in every snapshot written before kinds existed)."""
    out: dict[str, Any] = {"format": FORMAT}
    if kind is not None:
        out["kind"] = kind
    out.update(
        version=version,
        variant=g.rules.name,
        rules=g.rules.to_json_data(),
        options=g.options,
        seed=g.seed,
        players=g.s.players,
    )
    return out


def tail(g: Any) -> dict[str, Any]:
    """The generator's state, the actions played (as text) and the event log of ``g``."""
    version, internal, gauss = g.rng.getstate()
    return {"rng": [version, list(internal), gauss], "history": list(g.history), "log": g.s.log}


def check_version(version: int, supported: int) -> None:
    """Refuse a snapshot written by a newer game than this one."""
    if version > supported:
        raise SnapshotError(f"snapshot version {version} is newer than this game understands ({supported})")


def restore_rng(data: dict[str, Any], seed: int, actions: int, turn: int) -> random.Random:
    """The game's generator from a snapshot's ``rng`` state; without one (a hand-written position), a
    generator seeded from the seed, the number of actions played and the turn."""
    rng = random.Random(seed)
    if data.get("rng") is None:
        rng.seed(f"{seed}/{actions}/{turn}")
        return rng
    try:
        v, internal, gauss = data["rng"]
        rng.setstate((v, tuple(internal), gauss))
    except (TypeError, ValueError) as exc:
        raise SnapshotError(f"rng: not a valid generator state ({exc})") from exc
    return rng


def read_history(history: list[Any]) -> list[str]:
    """The ``history`` field: actions as text."""
    if any(not isinstance(x, str) for x in history):
        raise SnapshotError("history must list actions as text")
    return list(history)


def read_log(log: list[Any]) -> list[dict[str, Any]]:
    """The ``log`` field: events, each a mapping with its type ``t``."""
    if any(not isinstance(ev, dict) or not isinstance(ev.get("t"), str) for ev in log):
        raise SnapshotError("log must list events (mappings with a type 't')")
    return list(log)
