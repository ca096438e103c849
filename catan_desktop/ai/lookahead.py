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
Memo = dict[tuple[int, bool, tuple[int, ...]], float]  # hand values by nearest spot, city possible, hand


class SpotRace:
    """The other players' likely replies that take ``p``'s room to grow: in their turns of the coming round,
    a player whose hand and income pay for a settlement builds one on their best free spot on their own
    roads (B-8.4), and that spot and its neighbours are gone from ``p``'s settlement spots in reach
    (``evaluate.expansion``). The others' hands are hidden: round ``i`` of the samples takes them from
    sampled world ``i`` modulo the worlds given (``g``'s own, then ``worlds``: each seat's hand in each
    further world sampled from what ``p``'s seat knows)."""

    def __init__(
        self,
        g: Game,
        p: int,
        worlds: list[Hands] | None = None,
        income: dict[int, list[list[int]]] | None = None,
    ) -> None:
        s = g.s
        info = board_info(g)
        self.mine: list[tuple[float, int, int]] = []
        self.now, self.nearest = expansion(g, p, info, self.mine)
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
        self.plans: list[list[tuple[int, list[int], dict[int, list[tuple[int, int]]], list[int]]]] = []
        self.possible = self.prepare(income_table(g) if income is None else income)

    def prepare(self, income: dict[int, list[list[int]]]) -> bool:
        """Ready ``after`` for the round's incomes (``income_table``; done on construction, again after
        ``rivals`` or ``worlds`` change): per world, the rivals that could pay for a settlement at all (by the
        most each roll up to their own could pay them), with the cards they miss and what each total pays
        them of those. False when none could in any world (``after`` is then 0 for every sampled round)."""
        self.plans = []
        cost = self.cost
        rivals = [(k, q, spots) for k, (q, spots) in enumerate(self.rivals) if spots] if self.mine else []
        most = {q: [max((rows[q][r] for rows in income.values()), default=0) for r in range(len(cost))]
                for _k, q, _spots in rivals}  # fmt: skip
        for hands in self.worlds:
            plan = []
            for k, q, spots in rivals:
                need = [max(0, c - h) for c, h in zip(cost, hands[q], strict=False)]
                if any(n > (k + 1) * m for n, m in zip(need, most[q], strict=True)):
                    continue
                pay = {
                    t: [(r, n) for r, n in enumerate(rows[q]) if n and need[r]]
                    for t, rows in income.items()
                }
                plan.append((k, need, pay, spots))
            self.plans.append(plan)
        return any(self.plans)

    def after(self, seq: tuple[int, ...], i: int = 0) -> float:
        """``p``'s expansion value after the others' turns of sampled round ``i`` (``seq``), less its value
        now."""
        plan = self.plans[i % len(self.plans)]
        if not plan:
            return 0.0
        blocked: set[int] = set()
        for k, need, pay, spots in plan:
            left = list(need)
            for t in seq[: k + 1]:  # what the rolls up to the rival's own pay it
                for r, n in pay.get(t, ()):
                    left[r] -= n
            if any(x > 0 for x in left):
                continue
            node = next((n for n in spots if n not in blocked), None)
            if node is not None:
                blocked.add(node)
                blocked.update(self.neighbours[node])
        if not blocked:
            return 0.0
        return best_two([v for v, n, _d in self.mine if n not in blocked]) - self.now


class RoundModel:
    """What the coming round may do to ``p``'s position ``g`` (``round_value``), built once per position and
    asked on any number of sampled rounds: its income by total, the hex the robber would block, the others'
    race for its settlement spots (``SpotRace``, with the others' hands of ``worlds``)."""

    def __init__(self, g: Game, p: int, w: Weights, robbed_share: float, worlds: list[Hands] | None = None):
        s = g.s
        self.g, self.p, self.w, self.share = g, p, w, robbed_share
        income = income_table(g)
        self.race = SpotRace(g, p, worlds, income)
        self.can_city = bool(s.pieces_left[p][2]) and any(s.node_level[n] == 1 for n in s.buildings_of[p])
        self.mine = {t: [(r, n) for r, n in enumerate(rows[p]) if n] for t, rows in income.items()}
        self.blocked_pay = best_hex_of(g, p)[1]
        self.hand0 = list(s.hands[p])
        self.now = hand_value(g, p, self.hand0, w, self.race.nearest, self.can_city)

    def value(self, rolls: Rolls, memo: Memo | None = None) -> float:
        """The expected gain in worth over ``rolls`` (``round_value``); ``memo`` keeps hand values between
        positions of one turn (the same rules and dice odds)."""
        if not rolls:
            return 0.0
        g, p, w, share, race = self.g, self.p, self.w, self.share, self.race
        nearest, can_city, mine, blocked_pay = race.nearest, self.can_city, self.mine, self.blocked_pay
        limit = g.rules.discard_limit
        values: Memo = {} if memo is None else memo
        total_value = 0.0
        room = 0.0
        for i, (seq, chance) in enumerate(rolls):
            if race.possible:
                room += race.after(seq, i)
            hand = list(self.hand0)
            last = len(seq) - 1
            blocked = False
            for k, t in enumerate(seq):
                if t == 7:
                    if sum(hand) > limit:
                        _shed_half(hand)
                    if k != last and chance[k] < share:  # another seat's robber picks us
                        blocked = True
                        if sum(hand):
                            hand[max(range(len(hand)), key=hand.__getitem__)] -= 1
                    continue
                pay = mine.get(t)
                if pay:
                    for r, n in pay:
                        hand[r] += n
                    if blocked and t in blocked_pay:
                        r, n = blocked_pay[t]
                        hand[r] -= n
            key = (nearest, can_city, tuple(hand))
            v = values.get(key)
            if v is None:
                v = values[key] = hand_value(g, p, hand, w, nearest, can_city)
            total_value += v
        return (total_value + w.expansion * w.pip * room) / len(rolls) - self.now


def round_value(
    g: Game,
    p: int,
    w: Weights,
    rolls: Rolls,
    robbed_share: float,
    worlds: list[Hands] | None = None,
    memo: Memo | None = None,
) -> float:
    """How much ``p``'s position is expected to gain in worth over the coming round (``rolls``): its hand
    (mean ``hand_value`` after the round minus ``hand_value`` now) and its room to grow. Another seat's 7
    discards half of a hand over the limit (B-6.2), and with ``p``'s share of the robber's attention it takes
    one of ``p``'s cards (B-6.4) and blocks ``p``'s best hex for the rest of the round (B-6.6); the others
    settle spots ``p`` could reach (``SpotRace``, with the others' hands of ``worlds``).

    ``memo`` keeps hand values between calls on positions of one turn (the same rules and dice odds): by the
    nearest settlement spot, whether a city can be built, and the hand."""
    if not rolls:
        return 0.0
    return RoundModel(g, p, w, robbed_share, worlds).value(rolls, memo)


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
