"""Frenemies (RULES.md Part A): the favour tokens' state, drawing them, and the districts a road joins.

Part of the rule module ``frenemies`` (``frenemies.py``). The tokens are named by their guild
(``GUILDS``). A seat's tokens are private; how many each seat holds, the tokens handed in (face up at the
guild table, A-5.2) and the Catan chips are public.

Districts (A-3.3, reading Q-40): a seat's district is a connected group of its settlements, cities and
roads, two pieces being connected when they share an intersection. Pieces never leave the board, so a
district only grows or merges with another of the same colour, and two districts of different colours,
once they share an intersection, always do. The record of a join (Q-40: "record each pair once joined;
merged districts inherit the records") is therefore the shared intersection itself: a road joins two
districts *for the first time* when, before it was built, none of the builder's districts it touches
shared an intersection with the other district. Joins made in the founding phase are joins too: they earn
nothing (Q-39) and a later road joining the same pair earns nothing either.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import random

    from ..game import Game

NAME = "frenemies"
GUILDS = ("merchant", "trader", "paver", "teacher", "architect")  # in the guild table's order
_ORDER = {guild: i for i, guild in enumerate(GUILDS)}


@dataclass
class Favours:
    """The favour tokens and this turn's favour, gift and join bookkeeping (A-2 to A-6)."""

    supply: list[str] = field(default_factory=list)  # face down, the top last
    tokens: list[list[str]] = field(default_factory=list)  # per seat, in GUILDS order
    new: list[list[str]] = field(default_factory=list)  # per seat: those obtained in turn new_turn
    new_turn: int = -1
    used: list[str] = field(default_factory=list)  # handed in, face up: out of play
    chips: list[int] = field(default_factory=list)  # Catan chips per seat (A-6, architects)
    acted: bool = False  # the active player used a favour or exchanged a token this turn
    gifts: int = 0  # gifts accepted this turn
    refused: list[int] = field(default_factory=list)  # seats that refused this turn's card
    refused_card: str | None = None  # the refused card, which may be offered to another player
    offer_to: int = -1  # phase gift_answer: the seat offered ``offer_card``
    offer_card: str | None = None
    resume: str = "main"  # the phase after gift_answer, favour_return or favour_order
    merchant_swaps: int = 0  # bank swaps left this turn (A-6, merchants)
    owed: list[int] = field(default_factory=list)  # phase favour_order: seats owed a favour for a join
    owed_by: int = -1  # the builder, who decides who draws first

    def clone(self) -> Favours:
        return Favours(
            self.supply[:],
            [t[:] for t in self.tokens],
            [t[:] for t in self.new],
            self.new_turn,
            self.used[:],
            self.chips[:],
            self.acted,
            self.gifts,
            self.refused[:],
            self.refused_card,
            self.offer_to,
            self.offer_card,
            self.resume,
            self.merchant_swaps,
            self.owed[:],
            self.owed_by,
        )


def state(g: Game) -> Favours:
    """The favour tokens of ``g`` (raises KeyError when the module is off)."""
    return g.s.modules[NAME]


def cfg(g: Game) -> dict[str, Any]:
    """The module's settings in ``g``'s rules."""
    module = g.module(NAME)
    assert module is not None
    return module.cfg


def cost(g: Game, guild: str) -> int:
    """Tokens a guild's favour takes (A-1.1)."""
    return int(cfg(g)[f"{guild}_cost"])


def table(g: Game, players: int) -> dict[str, int]:
    """The favour supply for ``players`` players, per guild (A-2.2)."""
    c = cfg(g)
    return {guild: c[f"{guild}_tokens_per_player"] * players for guild in GUILDS}


def chips_left(g: Game) -> int:
    """Catan chips still beside the guild table (A-1.1; gap N-10: none when they run out)."""
    return int(cfg(g)["catan_chips"]) - sum(state(g).chips)


def sort_tokens(tokens: list[str]) -> None:
    """Put tokens in the guild table's order (a hand has no order)."""
    tokens.sort(key=_ORDER.__getitem__)


def fresh(g: Game, seat: int) -> list[str]:
    """The tokens ``seat`` obtained in the current turn (A-5.3, A-5.4: usable from the next turn)."""
    st = state(g)
    return st.new[seat] if st.new_turn == g.s.turn else []


def usable(g: Game, seat: int, guild: str) -> int:
    """Tokens of ``guild`` that ``seat`` may hand in now (not obtained in this turn, A-5.3)."""
    return state(g).tokens[seat].count(guild) - fresh(g, seat).count(guild)


def draw(g: Game, seat: int, n: int, why: str) -> int:
    """``seat`` draws ``n`` face-down tokens (A-4.1); from an empty supply nothing (Q-41). Returns how many.

    Each token is a ``favour`` event whose face only ``seat`` sees; a shortfall is a public
    ``favour_short`` event with the number ``missing``.
    """
    st = state(g)
    turn = g.s.turn
    if st.new_turn != turn:
        st.new = [[] for _ in range(g.s.players)]
        st.new_turn = turn
    got = 0
    while got < n and st.supply:
        token = st.supply.pop()
        st.tokens[seat].append(token)
        sort_tokens(st.tokens[seat])
        st.new[seat].append(token)
        sort_tokens(st.new[seat])
        g.event("favour", seat=seat, why=why, card=token, private=[seat])
        got += 1
    if got < n:
        g.event("favour_short", seat=seat, why=why, missing=n - got)
    return got


def hand_in(g: Game, seat: int, guild: str, n: int) -> None:
    """Take ``n`` tokens of ``guild`` out of ``seat``'s hand, keeping the marks of this turn's tokens."""
    st = state(g)
    for _step in range(n):
        st.tokens[seat].remove(guild)
    mine = fresh(g, seat)
    while mine.count(guild) > st.tokens[seat].count(guild):
        mine.remove(guild)


def districts(g: Game, seat: int, skip: int = -1) -> list[set[int]]:
    """The intersections each district of ``seat`` touches (reading Q-40), leaving out road ``skip``."""
    s, topo = g.s, g.topo
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for n in s.buildings_of[seat]:
        parent.setdefault(n, n)
    for e in s.roads_of[seat]:
        if e == skip:
            continue
        a, b = topo.edge_nodes[e]
        parent.setdefault(a, a)
        parent.setdefault(b, b)
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[ra] = rb
    groups: dict[int, set[int]] = {}
    for n in parent:
        groups.setdefault(find(n), set()).add(n)
    return list(groups.values())


def first_joins(g: Game, seat: int, e: int) -> list[int]:
    """The other seats (clockwise from ``seat``'s left) one of whose districts ``seat``'s new road ``e``
    joins to a district of ``seat``'s for the first time (A-3.3, Q-40)."""
    s = g.s
    ends = set(g.topo.edge_nodes[e])
    before: set[int] = set()
    for d in districts(g, seat, skip=e):
        if d & ends:
            before |= d  # the builder's districts the road merges, as they were before it
    out: list[int] = []
    for k in range(1, s.players):
        q = (seat + k) % s.players
        if any(d & ends and not d & before for d in districts(g, q)):
            out.append(q)
    return out


def section_from_view(
    view: dict[str, Any], seat: int, turn: int, table: dict[str, int], rng: random.Random
) -> dict[str, Any]:
    """A complete ``modules.frenemies`` snapshot section consistent with ``seat``'s ``view`` (the module's
    view in an observation of turn ``turn``; ``table``: the supply for the player count, A-2.2), for a
    computer player's sampled worlds: what the seat cannot see, the other seats' faces and the supply's
    order, is dealt from the tokens it cannot account for, shuffled with ``rng`` (the caller's own RNG)."""
    unseen = Counter(table)
    unseen.subtract(Counter(view["yours"]))
    unseen.subtract(Counter(view["used"]))
    pool = sorted(unseen.elements(), key=_ORDER.__getitem__)
    rng.shuffle(pool)
    tokens: list[list[str]] = []
    new: list[list[str]] = []
    for q, n in enumerate(view["tokens"]):
        if q == seat:
            hand, fresh_here = list(view["yours"]), list(view["yours_new"])
        else:
            hand = [pool.pop() for _ in range(min(n, len(pool)))]
            fresh_here = hand[: view["new"][q]]
        sort_tokens(hand)
        sort_tokens(fresh_here)
        tokens.append(hand)
        new.append(fresh_here)
    offer = view.get("offer") or {}
    return {
        "supply": pool, "tokens": tokens, "new": new, "new_turn": turn,
        "used": [guild for guild in GUILDS for _ in range(view["used"].get(guild, 0))],
        "chips": list(view["chips"]), "acted": view["acted"], "gifts": view["gifts"],
        "refused": list(view["refused"]), "refused_card": view["refused_card"],
        "offer_to": offer.get("to", -1), "offer_card": offer.get("resource"), "resume": view["resume"],
        "merchant_swaps": view["merchant_swaps"], "owed": list(view["owed"]), "owed_by": view["owed_by"],
    }  # fmt: skip
