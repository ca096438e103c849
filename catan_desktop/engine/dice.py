"""The dice of a game: the 36 outcomes of two dice, and the odds of each total for the next roll.

Ordinary dice draw two numbers from the game's RNG (``perform._do_roll``). A rule module may roll instead
(its ``roll_dice`` hook, e.g. ``balanced_dice``: a shuffled deck of the 36 outcomes) and then says the
odds of its next roll (its ``dice_odds`` hook). ``dice_odds`` here is what ``Game.dice_odds`` and the seat
view give: one answer for every dice kind, so the computer players and the screens need not know which.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import Game

TOTALS = tuple(range(2, 13))
OUTCOMES: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(1, 7) for b in range(1, 7))


def odds_of(cards: Iterable[tuple[int, int]]) -> dict[int, float]:
    """The probability of each total 2..12 when one of ``cards`` (equally likely outcomes) is drawn.

    Every total is a key (0.0 when no card shows it). Raises ValueError for no cards.
    """
    counts = dict.fromkeys(TOTALS, 0)
    n = 0
    for a, b in cards:
        counts[a + b] += 1
        n += 1
    if not n:
        raise ValueError("no dice outcomes to draw from")
    return {t: c / n for t, c in counts.items()}


ORDINARY_ODDS = odds_of(OUTCOMES)  # 1/36, 2/36, ... 6/36 (a 7), ... 1/36


def dice_odds(g: Game) -> dict[int, float]:
    """The probability of each total 2..12 for ``g``'s next roll, as its dice kind says.

    The first rule module that rolls the dice answers (its ``dice_odds``); else ordinary dice. Public, the
    same for every seat: a hand-written position's ``next_dice`` (which no observation shows) is left out.
    """
    for m in g.plugins.dice_odds:
        odds = m.dice_odds(g)
        if odds is not None:
            return odds
    return dict(ORDINARY_ODDS)
