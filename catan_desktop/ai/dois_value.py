"""The Catan a Dois collapse (RULES.md D-5.4) in the computer player's evaluation (``evaluate``): how close
the bank is to running out of a second resource, which ends the game with both players losing."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..engine import Game

COLLAPSE = "collapse"  # the rule module of the collapse

# what a bank stock of 1, 2, 3 cards costs while another resource is exhausted (the next roll owing exactly
# that many ends the game, both lose), and one exhausted resource (D-5.2: its hexes stop, its market price
# doubles, and the next exhaustion is a collapse)
LOW_STOCK_RISK = {1: 8.0, 2: 4.0, 3: 2.0, 4: 0.8}
EXHAUSTED_RISK = 2.5


def bank_risk(bank: list[int], limit: int) -> float:
    """How close the bank is to a collapse, where ``limit`` resources at 0 end the game; 0 when far."""
    exhausted = sum(1 for b in bank if b == 0)
    if exhausted == 0:
        return 0.0
    v = EXHAUSTED_RISK * exhausted
    if exhausted >= limit - 1:
        v += sum(LOW_STOCK_RISK.get(b, 0.0) for b in bank if b)
    return v


def collapse_limit(g: Game) -> int:
    """The number of exhausted resources that collapse the game (D-5.4), or 0 without the module."""
    module = g.module(COLLAPSE)
    if module is None:
        return 0
    return int(module.cfg["exhausted_resources"])


def collapse_risk(g: Game) -> float:
    """``bank_risk`` of ``g``'s bank, 0 without the collapse."""
    limit = collapse_limit(g)
    return bank_risk(g.s.bank, limit) if limit else 0.0
