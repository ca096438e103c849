"""The computer player's purchases from the Catan a Dois open market (RULES.md D-4, D-5), mixed into
``heuristic.HeuristicBot``: the payment that costs the hand least, and no swapping back."""

from __future__ import annotations

from typing import Any

from ..engine import Action, Game, make_bundle
from .heuristic_core import HeuristicCore

MARKET = "market"  # buying an open market card (D-4.2), the action and its event
MARKET_TRADES = frozenset({MARKET, "market_sell"})  # trades with the market, counted with the bank's


class MarketTrader(HeuristicCore):
    """Market purchases (D-4): which cards pay for an open card."""

    def _market_moves(
        self, game: Game, world: Game, p: int, legal: list[Action], obs: dict[str, Any]
    ) -> list[Action]:
        """D-4.2: any cards may pay for an open market card, and the engine lists only one payment per card
        (the cards held most). Add, for each open resource, the payment that costs our hand least (surplus
        cards, not the ones a build needs), checked with ``game.is_legal``; and drop purchases that swap back
        cards traded this turn (buying lumber with wool, then wool with lumber, only feeds the market).
        ``legal`` unchanged when no market card is for sale."""
        if not any(a.kind == MARKET for a in legal):
            return legal
        names = world.rules.resources
        bought, paid = _market_flows_this_turn(obs, p, names)
        hand = world.s.hands[p]
        nearest, can_city = self._build_context(world, p)
        out: list[Action] = []
        seen: set[Action] = set()
        for a in legal:
            if a.kind == MARKET:
                r = names.index(a.b)
                give = [0] * len(names)
                for name, n in a.a:
                    give[names.index(name)] = n
                if r in paid or any(give[i] for i in bought):
                    continue  # a swap back
                price = sum(give)
                better = self._cheapest_payment(world, p, hand, r, price, nearest, can_city, avoid=bought)
                if better is not None and better != give:
                    named = {names[i]: n for i, n in enumerate(better) if n}
                    alt = Action(MARKET, make_bundle(named), a.b)
                    if alt not in seen and game.is_legal(alt):
                        seen.add(alt)
                        out.append(alt)
            if a not in seen:
                seen.add(a)
                out.append(a)
        return out

    def _cheapest_payment(
        self,
        world: Game,
        p: int,
        hand: list[int],
        r: int,
        price: int,
        nearest: int,
        can_city: bool,
        avoid: set[int],
    ) -> list[int] | None:
        """Pay ``price`` cards for one ``r``, dropping one card at a time the one whose loss costs the hand
        (with the ``r`` bought) least; never ``r`` itself nor a card bought this turn. None if impossible."""
        with_r = list(hand)
        with_r[r] += 1
        return self._shed(world, p, with_r, price, nearest, can_city, avoid | {r})


def _market_flows_this_turn(
    obs: dict[str, Any], seat: int, names: tuple[str, ...]
) -> tuple[set[int], set[int]]:
    """The resources ``seat`` bought from and paid to the market this turn (D-4), from the public log."""
    turn = obs["turn"]
    bought: set[int] = set()
    paid: set[int] = set()
    for ev in reversed(obs["log"]):
        if ev.get("turn") != turn:
            break
        if ev.get("seat") != seat:
            continue
        if ev.get("t") == MARKET:
            bought.add(names.index(ev["get"]))
            paid.update(names.index(x) for x, n in ev["give"].items() if n)
        elif ev.get("t") == "market_sell":
            paid.add(names.index(ev["give"]))
            bought.update(names.index(x) for x, n in ev["get"].items() if n)
    return bought, paid
