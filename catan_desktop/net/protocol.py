"""The network protocol's messages: JSON objects over a WebSocket, each with a type ``t``
(docs/network-protocol.md describes every message; this module is its executable half).

Every message a client sends is checked here before the host looks at it: a JSON object, a known type,
exactly the fields of that type with the right JSON types and lengths. Anything else is a ``BadMessage``
with a code the host answers with (``error``), and no game state changes.
"""

from __future__ import annotations

import json
from typing import Any

PROTOCOL = "catan-desktop-net"
VERSION = 1
MAX_CLIENT_MESSAGE = 16 * 1024  # bytes: the largest message a client may send (an action is a few dozen)
MAX_NAME = 24
MAX_CHAT = 300
MAX_TOKEN = 64
MAX_ACTION = 200


class BadMessage(ValueError):
    """A client message the protocol does not allow; ``code`` is what the host's ``error`` says."""

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(f"{code}: {detail}")
        self.code = code
        self.detail = detail


# type -> field -> (JSON types allowed, required, longest string)
_Str = (str,)
_OptStr = (str, type(None))
CLIENT_MESSAGES: dict[str, dict[str, tuple[tuple[type, ...], bool, int]]] = {
    # join a table: take a free seat, or your own again with its token; watch: a spectator
    "hello": {
        "protocol": (_Str, True, 40), "version": ((int,), True, 0), "table": (_Str, True, 40),
        "name": (_Str, True, MAX_NAME), "token": (_OptStr, False, MAX_TOKEN),
        "password": (_OptStr, False, 64), "watch": ((bool,), False, 0), "seat": ((int, type(None)), False, 0),
    },
    "act": {"action": (_Str, True, MAX_ACTION), "at": ((int,), True, 0)},  # at: the moves the client saw
    "chat": {"text": (_Str, True, MAX_CHAT)},
    "ready": {"ready": ((bool,), True, 0)},  # in the lobby
    "start": {},  # the table's owner starts the game (once every remote seat is taken)
    "ping": {},
    "bye": {},  # leaving for good: the seat is free again in the lobby, a computer's in a game
}


def parse_client(raw: str | bytes) -> dict[str, Any]:
    """The message a client sent, checked; raises BadMessage."""
    if isinstance(raw, bytes):
        raise BadMessage("bad_message", "messages are JSON text, not binary frames")
    if len(raw) > MAX_CLIENT_MESSAGE:
        raise BadMessage("too_large", f"a message is at most {MAX_CLIENT_MESSAGE} bytes")
    try:
        msg = json.loads(raw, parse_constant=_no_constant)
    except (ValueError, RecursionError) as exc:
        raise BadMessage("bad_json", str(exc)[:120]) from None
    if not isinstance(msg, dict):
        raise BadMessage("bad_message", "a message is a JSON object")
    kind = msg.get("t")
    spec = CLIENT_MESSAGES.get(kind) if isinstance(kind, str) else None
    if spec is None:
        raise BadMessage("unknown_type", f"unknown message type {str(kind)[:40]!r}")
    for key in msg:
        if key != "t" and key not in spec:
            raise BadMessage("bad_message", f"{kind}: unknown field {str(key)[:40]!r}")
    for key, (types, required, longest) in spec.items():
        if key not in msg:
            if required:
                raise BadMessage("bad_message", f"{kind}: missing field {key!r}")
            continue
        value = msg[key]
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            raise BadMessage("bad_message", f"{kind}.{key}: wrong type")
        if isinstance(value, str) and len(value) > longest:
            raise BadMessage("bad_message", f"{kind}.{key}: longer than {longest} characters")
        if isinstance(value, int) and not isinstance(value, bool) and not -1 <= value < 1 << 31:
            raise BadMessage("bad_message", f"{kind}.{key}: out of range")
    return msg


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def encode(msg: dict[str, Any]) -> str:
    """A message as the text sent on the wire."""
    return json.dumps(msg, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def hello(table: str, name: str, token: str | None = None, password: str | None = None,
          watch: bool = False, seat: int | None = None) -> dict[str, Any]:
    """The first message of a client."""
    msg: dict[str, Any] = {"t": "hello", "protocol": PROTOCOL, "version": VERSION, "table": table,
                           "name": name[:MAX_NAME], "token": token, "password": password, "watch": watch}
    if seat is not None:
        msg["seat"] = seat
    return msg
