"""Rule module ``collapse`` (Catan a Dois, RULES.md D-5.4, Q-28): an exhausted economy ends the game.

When ``exhausted_resources`` resources (two) are at 0 in the bank at the same time, the game ends at once
and nobody wins. Checked after every action, since any action may move cards (Q-28).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..module import RuleModule, Setting, register

if TYPE_CHECKING:
    from ..game import Game


@register
class Collapse(RuleModule):
    """D-5.4: two exhausted resources end the game; everybody loses."""

    NAME = "collapse"
    RULES = "D-5.4, Q-28"
    SETTINGS = {"exhausted_resources": Setting("count", 2, 1, "resources at 0 at once that end the game")}
    ENDS_WITHOUT_WINNER = True

    def ended_without_winner(self, g: Game) -> bool:
        return sum(1 for n in g.s.bank if n == 0) >= self.cfg["exhausted_resources"]

    def on_cards_moved(self, g: Game) -> None:
        s = g.s
        if s.phase == "over":
            return
        exhausted = [i for i, n in enumerate(s.bank) if n == 0]
        if len(exhausted) >= self.cfg["exhausted_resources"]:
            s.winners = []
            s.phase = "over"
            g.event("collapse", resources=[g.rules.resources[i] for i in exhausted])
