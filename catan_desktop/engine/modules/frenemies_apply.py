"""Frenemies (RULES.md Part A): applying the module's own actions (the gift, the favours, the exchange and
the builder's choice of who draws first). Part of the rule module ``frenemies`` (``frenemies.py``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..actions import Action
from ..queries import ROAD
from ..ruleset import DEV_KINDS
from .frenemies_state import cfg, cost, draw, hand_in, state

if TYPE_CHECKING:
    from ..game import Game


def _gift(g: Game, action: Action) -> None:
    """A-3.2: the card is offered; the receiver answers in phase gift_answer."""
    s, st = g.s, state(g)
    st.offer_to, st.offer_card, st.resume = action.b, action.a, s.phase
    s.phase = "gift_answer"
    g.event("gift_offer", seat=s.current, to=action.b, resource=action.a)


def _answer_gift(g: Game, action: Action) -> None:
    """A-3.2: accepted, the card moves and the giver draws a favour; refused, it may go to another."""
    s, st = g.s, state(g)
    p, q, card = s.current, st.offer_to, st.offer_card
    assert card is not None
    r = g.res_index[card]
    st.offer_to, st.offer_card = -1, None
    s.phase = st.resume
    if action.kind == "refuse_gift":
        st.refused.append(q)
        st.refused_card = card
        g.event("gift_refused", seat=q, giver=p, resource=card)
        return
    s.hands[p][r] -= 1
    s.hands[q][r] += 1
    st.gifts += 1
    st.refused_card = None
    g.event("gift_accepted", seat=q, giver=p, resource=card)
    draw(g, p, cfg(g)["gift_favours"], "gift")


def _favour(g: Game, action: Action) -> None:
    """A-5.2 / A-6: hand in the tokens (out of play, Q-41) and receive the favour at once."""
    s, st = g.s, state(g)
    p, guild = s.current, action.a
    n = cost(g, guild)
    hand_in(g, p, guild, n)
    st.used.extend([guild] * n)
    st.acted = True
    c = cfg(g)
    extra: dict[str, Any] = {}
    if guild == "merchant":
        st.merchant_swaps = c["merchant_swaps"]
        extra = {"swaps": st.merchant_swaps}
    elif guild == "trader":
        r = g.res_index[action.b]
        s.bank[r] -= c["trader_cards"]
        s.hands[p][r] += c["trader_cards"]
        extra = {"resource": action.b, "n": c["trader_cards"]}
    elif guild == "paver":  # the core's free-road phase, under the normal road rules
        s.free_roads = min(c["paver_roads"], s.pieces_left[p][ROAD])
        s.resume_phase = s.phase
        s.phase = "road_building"
        extra = {"roads": s.free_roads}
    elif guild == "teacher":  # from the top of the deck, unpaid; like a bought card, not playable yet
        cards = []
        for _step in range(min(c["teacher_cards"], len(s.dev_deck))):
            card = s.dev_deck.pop()
            k = DEV_KINDS.index(card)
            s.dev_hand[p][k] += 1
            s.dev_new[p][k] += 1
            cards.append(card)
        extra = {"card": cards[0] if len(cards) == 1 else cards, "private": [p]}
    else:
        st.chips[p] += 1
        extra = {"chips": st.chips[p]}
    g.event("favour_used", seat=p, guild=guild, tokens=n, **extra)


def _swap(g: Game, action: Action) -> None:
    """A-6 merchants: one card to the bank for one of another resource."""
    s, st = g.s, state(g)
    p = s.current
    a, b = g.res_index[action.a], g.res_index[action.b]
    s.hands[p][a] -= 1
    s.bank[a] += 1
    s.bank[b] -= 1
    s.hands[p][b] += 1
    st.merchant_swaps -= 1
    g.event("merchant_swap", seat=p, give=action.a, get=action.b, left=st.merchant_swaps)


def _exchange(g: Game, action: Action) -> None:
    """A-5.5: draw one token face down, then return one (phase favour_return)."""
    s, st = g.s, state(g)
    st.acted = True
    st.resume = s.phase
    g.event("favour_exchange", seat=s.current)
    draw(g, s.current, 1, "exchange")
    s.phase = "favour_return"


def _return(g: Game, action: Action) -> None:
    """A-5.5 / Q-41: the returned token is shuffled back into the face-down supply."""
    s, st = g.s, state(g)
    p = s.current
    hand_in(g, p, action.a, 1)
    st.supply.append(action.a)
    g.rng.shuffle(st.supply)
    s.phase = st.resume
    g.event("favour_returned", seat=p, card=action.a, private=[p])


def _first(g: Game, action: Action) -> None:
    """A-3.3: the builder's choice of who draws first; while the supply is still short for several
    players, the builder chooses again, else the rest draw clockwise."""
    s, st = g.s, state(g)
    each = cfg(g)["join_other_favours"]
    st.owed.remove(action.a)
    draw(g, action.a, each, "joined")
    if len(st.owed) > 1 and 0 < len(st.supply) < each * len(st.owed):
        return
    for q in st.owed:
        draw(g, q, each, "joined")
    st.owed, st.owed_by = [], -1
    s.phase = st.resume


APPLY: dict[str, Callable[[Game, Action], None]] = {
    "gift": _gift,
    "accept_gift": _answer_gift,
    "refuse_gift": _answer_gift,
    "favour": _favour,
    "merchant_swap": _swap,
    "exchange_favour": _exchange,
    "return_favour": _return,
    "favour_first": _first,
}
