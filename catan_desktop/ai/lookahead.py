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
from itertools import accumulate
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
    # the cumulative weights Random.choices makes of the odds on each call, made once (the same draws)
    cum = list(accumulate(odds[t] for t in totals))
    n = g.s.players
    choices, uniform = rng.choices, rng.random
    rounds: Rolls = []
    for _ in range(count):
        rounds.append((tuple(choices(totals, cum_weights=cum, k=n)), tuple([uniform() for _ in range(n)])))
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


def _shed_half(hand: list[int], held: int | None = None) -> None:
    """A discard of half the hand (B-6.2; ``held``: its number of cards, when known), taken from the largest
    piles (what a player keeps least)."""
    drop = (sum(hand) if held is None else held) // 2
    for _ in range(drop):
        hand[hand.index(max(hand))] -= 1  # the first of the largest piles


Hands = list[list[int]]  # each seat's resource cards
# hand values by (nearest spot, city possible), then by hand (packed: ``pack``)
Memo = dict[tuple[int, bool], dict[int, float]]

# A hand packed into one int, each resource's count in its own FIELD bits (resource 0 lowest): adding two
# packed hands adds them resource by resource, as long as no count outgrows its field (no hand holds 2**32
# cards) or goes below 0 (a round only takes cards a hand holds).
FIELD = 32
_MASK = (1 << FIELD) - 1


def pack(hand: list[int]) -> int:
    """A hand (non-negative counts by resource) as one int (``FIELD``)."""
    key = 0
    for n in reversed(hand):
        key = key << FIELD | n
    return key


def pack_cards(cards: list[tuple[int, int]]) -> int:
    """(resource, count) pairs as a packed hand (``pack``)."""
    return sum(n << (FIELD * r) for r, n in cards)


def unpack(key: int, nres: int) -> list[int]:
    """The hand of ``nres`` resources that ``pack`` made ``key`` of."""
    return [key >> (FIELD * r) & _MASK for r in range(nres)]


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
                pay = {}  # the totals that pay the rival any of the cards it misses, and those cards
                for t, rows in income.items():
                    cards = [(r, n) for r, n in enumerate(rows[q]) if n and need[r]]
                    if cards:
                        pay[t] = cards
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
            left = need[:]
            for t in seq[: k + 1]:  # what the rolls up to the rival's own pay it
                cards = pay.get(t)
                if cards:
                    for r, n in cards:
                        left[r] -= n
            if max(left) > 0:  # a card still missing
                continue
            for node in spots:  # its best spot still free
                if node not in blocked:
                    blocked.add(node)
                    blocked.update(self.neighbours[node])
                    break
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
        # the same by total 0..12 (rolls): as lists of pairs, and as packed hands (``pack``), so a round
        # without a 7 adds up to a hand in one sum
        self.mine_by_total: list[list[tuple[int, int]]] = [[] for _ in range(13)]
        self.mine_packed = [0] * 13
        for t, pay in self.mine.items():
            self.mine_by_total[t] = pay
            self.mine_packed[t] = pack_cards(pay)
        self.blocked_pay = best_hex_of(g, p)[1]
        self.hand0 = list(s.hands[p])
        self.packed0 = pack(self.hand0)
        self.now = hand_value(g, p, self.hand0, w, self.race.nearest, self.can_city)

    def value(self, rolls: Rolls, memo: Memo | None = None) -> float:
        """The expected gain in worth over ``rolls`` (``round_value``); ``memo`` keeps hand values between
        positions of one turn (the same rules and dice odds)."""
        if not rolls:
            return 0.0
        g, p, w, race = self.g, self.p, self.w, self.race
        nearest, can_city = race.nearest, self.can_city
        limit, nres = g.rules.discard_limit, len(self.hand0)
        # the hand values of this nearest spot and city chance, by packed hand
        values = ({} if memo is None else memo).setdefault((nearest, can_city), {})
        total_value = 0.0
        room = 0.0
        packed0, mine_packed, possible = self.packed0, self.mine_packed, race.possible
        for i, (seq, chance) in enumerate(rolls):
            if possible:
                room += race.after(seq, i)
            if 7 not in seq:  # the common round: no discard, no robber, only the income of each roll
                key = packed0
                for t in seq:
                    key += mine_packed[t]
            else:
                key = self.after_seven(seq, chance, limit)
            v = values.get(key)
            if v is None:
                v = values[key] = hand_value(g, p, unpack(key, nres), w, nearest, can_city)
            total_value += v
        return (total_value + w.expansion * w.pip * room) / len(rolls) - self.now

    def after_seven(self, seq: tuple[int, ...], chance: tuple[float, ...], limit: int) -> int:
        """Our hand (packed) after a sampled round with a 7 in it (``value``): each roll pays its income;
        each 7 discards half of a hand over ``limit`` (B-6.2), and another seat's 7 (not the last roll, ours)
        picks us with our share (by ``chance``): a card taken from our largest pile (B-6.4), our best hex
        blocked for the rest of the round (B-6.6)."""
        hand = self.hand0[:]
        mine, blocked_pay, share = self.mine_by_total, self.blocked_pay, self.share
        last = len(seq) - 1
        blocked = False
        for k, t in enumerate(seq):
            if t == 7:
                held = sum(hand)
                if held > limit:
                    _shed_half(hand, held)
                    held -= held // 2
                if k != last and chance[k] < share:  # another seat's robber picks us
                    blocked = True
                    if held:
                        hand[hand.index(max(hand))] -= 1  # from the first of the largest piles
                continue
            pay = mine[t]
            if pay:
                for r, n in pay:
                    hand[r] += n
                if blocked and t in blocked_pay:
                    r, n = blocked_pay[t]
                    hand[r] -= n
        return pack(hand)


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
