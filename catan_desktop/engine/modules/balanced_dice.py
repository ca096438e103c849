"""Rule module ``balanced_dice`` (issue 19, not in the rules: a house rule of the digital Catans): the dice
are a deck of the 36 outcomes of two dice.

Switched on by the rule option ``dice: balanced`` (any rule file, or ``Game.new(options={"dice":
"balanced"})``), not by ``modules:``. Exactly:

- The deck holds the 36 outcomes of two dice once each, as ordered pairs (first die, second die): one card
  shows a total of 2, two a 3, ... six a 7, ... one a 12, and the first and second die are told apart (the
  Catan a Dois market reads their difference and doubles, D-4.3).
- Each roll draws the top card. Before the draw, when the deck holds ``dice_deck_discard`` cards or fewer
  (rule option, default 5; 0 up to 30), those cards are thrown away unseen and all 36 are shuffled into a
  new deck with the game's own RNG (``g.rng.shuffle``). So each deck gives 36 - ``dice_deck_discard`` rolls
  (31 by default), each drawn from at least ``dice_deck_discard`` + 1 cards: counting the cards does not
  tell the last rolls of a deck, as it would tell the 36th card of a full deck. The first deck is
  shuffled at the first roll, so a game's board, development deck and start player are those of ordinary
  dice with the same seed.
- A hand-written position's ``next_dice`` still decides the roll it names, without drawing a card.
- A new deck logs the public event ``dice_deck`` (``discarded``: how many cards were thrown away unseen).

What a player may know: the cards drawn from the current deck are public (each roll is), so the deck's
remaining totals are too (``view``: ``left``, the cards per total 0..12; ``cards``; ``discard``); its order
is not. The odds of the next roll (``dice_odds``) are the remaining cards' totals, or a full deck's (the
ordinary odds) when the next roll starts a new deck.

State (snapshot section ``modules.balanced_dice``): ``deck``, the remaining cards in order as
``[first, second]`` pairs, the top card last. A snapshot without the section starts with an empty deck
(a new one is shuffled at the next roll).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..dice import OUTCOMES, odds_of
from ..errors import SnapshotError
from ..module import RuleModule, register

if TYPE_CHECKING:
    import random

    from ..game import Game
    from ..ruleset import Ruleset

DEFAULT_DISCARD = 5  # 31 rolls a deck; the 5 unseen cards keep the last rolls of a deck uncertain
MAX_DISCARD = 30


@dataclass
class DiceDeck:
    """The remaining cards of the current dice deck, the top card last."""

    cards: list[tuple[int, int]] = field(default_factory=list)

    def clone(self) -> DiceDeck:
        return DiceDeck(self.cards[:])


@register
class BalancedDice(RuleModule):
    """Two dice as a shuffled deck of their 36 outcomes, the last ``dice_deck_discard`` cards unseen."""

    NAME = "balanced_dice"
    RULES = "issue 19 (a house rule, not in the seeds)"
    OPTION = ("dice", "balanced")

    def __init__(self, rules: Ruleset) -> None:
        super().__init__(rules)
        self.discard = int(rules.option("dice_deck_discard", DEFAULT_DISCARD))

    def deck(self, g: Game) -> DiceDeck:
        return g.s.modules[self.NAME]

    def new_state(self, g: Game) -> DiceDeck:
        return DiceDeck()

    def to_data(self, g: Game, st: DiceDeck) -> dict[str, Any]:
        return {"deck": [[a, b] for a, b in st.cards]}

    def from_data(self, g: Game, data: Any) -> DiceDeck:
        if data is None:
            return DiceDeck()
        if not isinstance(data, dict) or not isinstance(data.get("deck", []), list):
            raise SnapshotError(f"modules.{self.NAME} must be a mapping with a list 'deck'")
        cards: list[tuple[int, int]] = []
        for i, card in enumerate(data.get("deck", [])):
            if not (isinstance(card, list) and len(card) == 2 and all(type(x) is int for x in card)
                    and tuple(card) in OUTCOMES):
                raise SnapshotError(f"modules.{self.NAME}.deck[{i}] must be two dice faces 1-6, "
                                    "such as [3, 5]")
            cards.append((card[0], card[1]))
        if len(set(cards)) != len(cards):
            raise SnapshotError(f"modules.{self.NAME}.deck holds an outcome twice "
                                "(each of the 36 is one card)")
        return DiceDeck(cards)

    def sample_section(self, view: Any, obs: Mapping[str, Any], unseen: Mapping[str, Any],
                       rng: random.Random) -> Any:
        """How many cards of each total are left is public; their pairs and order are not."""
        cards: list[list[int]] = []
        for total, count in enumerate(view.get("left") or []):
            pairs = [[a, total - a] for a in range(1, 7) if 1 <= total - a <= 6]
            rng.shuffle(pairs)
            cards += pairs[:count]
        rng.shuffle(cards)
        return {"deck": cards}

    def view(self, g: Game, seat: int) -> dict[str, Any]:
        cards = self.deck(g).cards
        left = [0] * 13  # by total 0..12, as the statistics' dice counts
        for a, b in cards:
            left[a + b] += 1
        return {"cards": len(cards), "left": left, "discard": self.discard}

    def roll_dice(self, g: Game) -> tuple[int, int]:
        st = self.deck(g)
        if len(st.cards) <= self.discard:
            discarded = len(st.cards)
            st.cards = list(OUTCOMES)
            g.rng.shuffle(st.cards)
            g.event("dice_deck", discarded=discarded)
        return st.cards.pop()

    def dice_odds(self, g: Game) -> dict[int, float]:
        cards = self.deck(g).cards
        return odds_of(cards if len(cards) > self.discard else OUTCOMES)
