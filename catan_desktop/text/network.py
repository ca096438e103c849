"""Words of network play (issue 33) that screens share: what the check of a hosted game's dice found."""

from __future__ import annotations

from typing import Any

from ..i18n import N_, _

# why a hosted game's dice did not check out (net.verify.Verdict.problem)
VERDICT_WORDS = {
    "commitment": N_("the seed revealed is not the one promised at the start"),
    "replay": N_("the game's moves do not play from its seed"),
    "event": N_("event {n} you were shown is not what the seed gives"),
    "position": N_("the final position is not what the moves give"),
}


def verdict_text(verdict: Any) -> str:
    """"dice verified: ..." or "dice NOT verified: <the first problem>" (a ``net.verify.Verdict``)."""
    if verdict.ok:
        return _("dice verified: every roll, card and steal came from the promised seed")
    problem = _(VERDICT_WORDS.get(verdict.problem, VERDICT_WORDS["replay"]), n=verdict.at + 1)
    return _("dice NOT verified: {problem}", problem=problem)
