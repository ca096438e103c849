"""The hard level's look past its own turn: the rolls of the coming round as chance nodes.

A position where the hard player would end its turn is worth its evaluation plus what its hand is expected
to become before it acts again: each seat's roll in turn (the chance nodes), the cards every roll pays
(``income_table``), a discard when a 7 comes while the hand is over the limit, a card stolen when another
player's robber may pick us, and the hand's worth then (``evaluate.hand_value``: how close it is to a
build). The rolls are sampled with the dice's own odds (``Game.dice_odds``: ordinary dice, or what is left
of a balanced deck), once per decision, and every candidate position is valued on the same samples, so two
positions differ by what they are, not by luck (common random numbers).

The sampled world is a copy that matches what the seat knows (``knowledge.sample_world``): nothing here
reads the real game.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .evaluate import Weights, best_two, board_info, expansion, hand_value

if TYPE_CHECKING:
    from ..engine import Game

# sampled rounds: per round, the totals of the other seats' rolls and then ours, and for each roll a
# uniform number that decides whether another seat's robber picks us on a 7
Rolls = list[tuple[tuple[int, ...], tuple[float, ...]]]


def sample_rounds(g: Game, rng: random.Random, count: int) -> Rolls:
    """``count`` rounds of dice totals, from the seat after the current one round to the current seat."""
    odds = g.dice_odds()
    totals = list(odds)
    weights = [odds[t] for t in totals]
    n = g.s.players
    rounds: Rolls = []
    for _ in range(count):
        rounds.append((tuple(rng.choices(totals, weights, k=n)), tuple(rng.random() for _ in range(n))))
    return rounds


def income_table(g: Game) -> dict[int, list[list[int]]]:
    """Cards each seat receives of each resource on each total (the robber's hex pays nothing, B-6.6)."""
    s = g.s
    owner, level, robber = s.node_owner, s.node_level, s.robber
    nres = len(g.rules.resources)
    table: dict[int, list[list[int]]] = {}
    for total, producers in g.producers.items():
        rows = [[0] * nres for _ in range(s.players)]
        for h, r, nodes, _slot in producers:
            if h == robber:
                continue
            for n in nodes:
                o = owner[n]
                if o >= 0:
                    rows[o][r] += level[n]
        table[total] = rows
    return table


def best_hex_of(g: Game, p: int) -> tuple[int, dict[int, tuple[int, int]]]:
    """The hex another player's robber would most likely take from ``p`` (the one paying ``p`` most by
    pips, not the robber's own), and on which total it pays ``p`` which resource how many cards: (hex, {total:
    (resource, cards)}); hex -1 when ``p`` has none."""
    s = g.s
    owner, level, robber = s.node_owner, s.node_level, s.robber
    best, best_pips = -1, 0.0
    pays: dict[int, tuple[int, int]] = {}
    for total, producers in g.producers.items():
        for h, r, nodes, _slot in producers:
            if h == robber:
                continue
            cards = sum(level[n] for n in nodes if owner[n] == p)
            if not cards:
                continue
            pips = cards * (6 - abs(7 - total))
            if pips > best_pips:
                best, best_pips = h, pips
                pays = {total: (r, cards)}
    return best, pays


def _shed_half(hand: list[int]) -> None:
    """A discard of half the hand (B-6.2), taken from the largest piles (what a player keeps least)."""
    drop = sum(hand) // 2
    for _ in range(drop):
        i = max(range(len(hand)), key=hand.__getitem__)
        hand[i] -= 1


Hands = list[list[int]]  # each seat's resource cards


class SpotRace:
    """The other players' likely replies that take ``p``'s room to grow: in their turns of the coming round,
    a player whose hand and income pay for a settlement builds one on their best free spot on their own
    roads (B-8.4), and that spot and its neighbours are gone from ``p``'s settlement spots in reach
    (``evaluate.expansion``). The others' hands are hidden: round ``i`` of the samples takes them from
    sampled world ``i`` modulo the worlds given (``g``'s own, then ``worlds``: each seat's hand in each
    further world sampled from what ``p``'s seat knows)."""

    def __init__(self, g: Game, p: int, worlds: list[Hands] | None = None) -> None:
        s = g.s
        info = board_info(g)
        self.mine: list[tuple[float, int, int]] = []
        expansion(g, p, info, self.mine)
        self.now = best_two([v for v, _n, _d in self.mine])
        self.nearest = expansion(g, p, info)[1]
        self.cost = g.rules.costs["settlement"]
        self.neighbours = g.topo.node_neighbours
        n = s.players
        # per roll of the round but ours: the seat rolling, and its free spots on its own roads, best first
        self.rivals: list[tuple[int, list[int]]] = []
        for k in range(n - 1):
            q = (p + 1 + k) % n
            spots: list[tuple[float, int, int]] = []
            if s.pieces_left[q][1]:
                expansion(g, q, info, spots)
            self.rivals.append((q, [node for _v, node, d in sorted(spots, reverse=True) if d == 0]))
        self.worlds = [[list(h) for h in s.hands], *(worlds or [])]

    def after(self, seq: tuple[int, ...], income: dict[int, list[list[int]]], i: int = 0) -> float:
        """``p``'s expansion value after the others' turns of sampled round ``i`` (``seq``), less its value
        now."""
        if not self.mine or not any(spots for _q, spots in self.rivals):
            return 0.0
        blocked: set[int] = set()
        cost = self.cost
        hands = self.worlds[i % len(self.worlds)]
        for k, (q, spots) in enumerate(self.rivals):
            if not spots:
                continue
            hand = list(hands[q])
            for t in seq[: k + 1]:  # what the rolls up to q's own pay q
                row = income.get(t)
                if row is not None:
                    for r, n in enumerate(row[q]):
                        hand[r] += n
            if any(h < c for h, c in zip(hand, cost, strict=False)):
                continue
            node = next((n for n in spots if n not in blocked), None)
            if node is not None:
                blocked.add(node)
                blocked.update(self.neighbours[node])
        if not blocked:
            return 0.0
        return best_two([v for v, n, _d in self.mine if n not in blocked]) - self.now


def round_value(
    g: Game, p: int, w: Weights, rolls: Rolls, robbed_share: float, worlds: list[Hands] | None = None
) -> float:
    """How much ``p``'s position is expected to gain in worth over the coming round (``rolls``): its hand
    (mean ``hand_value`` after the round minus ``hand_value`` now) and its room to grow. Another seat's 7
    discards half of a hand over the limit (B-6.2), and with ``p``'s share of the robber's attention it takes
    one of ``p``'s cards (B-6.4) and blocks ``p``'s best hex for the rest of the round (B-6.6); the others
    settle spots ``p`` could reach (``SpotRace``, with the others' hands of ``worlds``)."""
    s = g.s
    if not rolls:
        return 0.0
    race = SpotRace(g, p, worlds)
    nearest = race.nearest
    can_city = bool(s.pieces_left[p][2]) and any(s.node_level[n] == 1 for n in s.buildings_of[p])
    income = income_table(g)
    _hex, blocked_pay = best_hex_of(g, p)
    limit = g.rules.discard_limit
    hand0 = list(s.hands[p])
    now = hand_value(g, p, hand0, w, nearest, can_city)
    total_value = 0.0
    room = 0.0
    cache: dict[tuple[int, ...], float] = {}
    for i, (seq, chance) in enumerate(rolls):
        room += race.after(seq, income, i)
        hand = list(hand0)
        last = len(seq) - 1
        blocked = False
        for k, t in enumerate(seq):
            if t == 7:
                if sum(hand) > limit:
                    _shed_half(hand)
                if k != last and chance[k] < robbed_share:  # another seat's robber picks us
                    blocked = True
                    if sum(hand):
                        i = max(range(len(hand)), key=hand.__getitem__)
                        hand[i] -= 1
                continue
            row = income.get(t)
            if row is not None:
                for r, n in enumerate(row[p]):
                    if n:
                        hand[r] += n
                if blocked and t in blocked_pay:
                    r, n = blocked_pay[t]
                    hand[r] -= n
        key = tuple(hand)
        v = cache.get(key)
        if v is None:
            v = cache[key] = hand_value(g, p, hand, w, nearest, can_city)
        total_value += v
    return (total_value + w.expansion * w.pip * room) / len(rolls) - now


def robbed_share(g: Game, p: int) -> float:
    """The chance that another player's robber picks ``p`` on a 7: even among the others, more for a
    leader (visible points)."""
    s = g.s
    others = [q for q in range(s.players) if q != p]
    if not others:
        return 0.0
    mine = g.visible_vp(p)
    best_other = max(g.visible_vp(q) for q in others)
    share = 1.0 / len(others)
    if mine > best_other:
        share = min(1.0, share * 1.6)
    return share
