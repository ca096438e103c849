"""The seats this player holds at games hosted elsewhere (issue 33): each seat's secret token, by the
host's address and the table, so that a player whose game or computer stopped takes the same seat again.

The file is the player's own (``network_seats.json`` in the data folder), written atomically; any content
at all reads as "no seats kept" rather than an error, and a bad file is only replaced by the next write.
"""

from __future__ import annotations

import json
import time
from typing import Any

from .files import atomic_write_text
from .userdirs import data_dir

KEPT = 50  # seats remembered (the newest)
FILE = "network_seats.json"


def _read() -> dict[str, Any]:
    try:
        data = json.loads((data_dir() / FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


def seat_token(address: str, table: str) -> str | None:
    """The token kept for this table at this host, or None."""
    entry = _read().get(f"{address}|{table}")
    if isinstance(entry, dict) and isinstance(entry.get("token"), str) and len(entry["token"]) <= 64:
        return str(entry["token"])
    return None


def keep_seat_token(address: str, table: str, token: str) -> None:
    """Remember a seat's token (raises OSError when the disk refuses)."""
    data = {k: v for k, v in _read().items() if isinstance(v, dict) and isinstance(v.get("at"), (int, float))}
    data[f"{address}|{table}"] = {"token": token, "at": time.time()}
    newest = sorted(data.items(), key=lambda kv: kv[1]["at"], reverse=True)[:KEPT]
    atomic_write_text(data_dir() / FILE, json.dumps(dict(newest), indent=1))
