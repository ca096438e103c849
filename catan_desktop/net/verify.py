"""Dice nobody has to trust (issue 33, item 9): a hosted game is deterministic from its seed, so the host
publishes a hash of the seed (with a random salt) when the game starts and reveals both when it ends; a
client then plays the whole history again from the seed and checks that every roll, card drawn and steal
it was shown is what the seed gives.

What it proves: the host fixed the seed before the first move and never changed an outcome after. What it
cannot prove: that a host's own player did not read the seed during the game (a modified host program
could); the players of a table trust its host that far.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from typing import Any

from ..engine import Game, Ruleset
from ..engine.views import seat_event


@dataclass(frozen=True)
class Verdict:
    """``ok``: every event this seat was shown is the seed's; else ``problem`` (a code: ``commitment``,
    ``replay``, ``event``, ``position``) and, for an event, its number in the log (``at``)."""

    ok: bool
    problem: str = ""
    at: int = -1
    detail: str = ""


def commitment_of(seed: int, salt: str) -> str:
    return hashlib.sha256(f"{seed}:{salt}".encode()).hexdigest()


def verify_game(start: dict[str, Any], commitment: str, over: dict[str, Any], record: Game, seat: int,
                seen: list[dict[str, Any]]) -> Verdict:
    """Check a finished hosted game: the revealed seed against the commitment published at the start, the
    whole history played again from that seed against the host's final position, and every event ``seat``
    was shown during the game against the replay's."""
    try:
        seed, salt = int(over["seed"]), str(over["salt"])
    except (KeyError, TypeError, ValueError):
        return Verdict(False, "commitment", detail="the host did not reveal the seed")
    if not hmac.compare_digest(commitment_of(seed, salt), str(commitment)):
        return Verdict(False, "commitment", detail="the revealed seed is not the one promised at the start")
    try:
        rules = Ruleset.from_dict(start["rules"])
        replay = Game.new(rules, players=record.players, seed=seed, board=str(start.get("board", "random")))
        for action in record.history:
            replay.apply(action)
    except Exception as exc:  # the host's history does not play from its seed
        return Verdict(False, "replay", detail=str(exc)[:200])
    log = replay.log
    for i, ev in enumerate(seen):
        if i >= len(log) or seat_event(log[i], seat) != ev:
            return Verdict(False, "event", at=i, detail=str(ev.get("t", "")))
    if replay.log != record.log or replay.history != record.history:
        return Verdict(False, "position", detail="the final position is not the history's")
    return Verdict(True)
