"""The expert level's trade search (issue 36): domestic offers chosen by what they make of the turn.

The hard level makes at most two offers a turn, each one or two cards of one kind for one card, valued by
the hand they leave (``heuristic_trade.Trader._searched_offer``). The expert searches them:

1. **Candidates.** Every offer of one to three of our cards (one kind, two of a kind, or two kinds) for one
   or two cards we do not give (``offer_candidates``). Each is screened by the hand it leaves us; the best
   ``SCREEN`` go on.
2. **Answers.** Each other seat's answer is predicted with the answer model the computer players use
   (``Trader._judge_offer``: its threshold, its envy, its refusal of a leader, its "enough offers this turn"),
   in ``TRADE_WORLDS`` worlds sampled from this seat's own observation and card counting
   (``knowledge.sample_world``): nothing here reads the real game. The share of worlds where somebody takes
   it is the offer's chance; the seats that take it in some world are the ones asked.
3. **Outcomes in the look-ahead.** The ``VALUED`` most promising offers (chance x hand gain) are valued as
   the hard level values its turn: from the position after the trade, our best sequence of moves this turn
   (``ROOT_BEAM``), each end of turn valued with the coming round's rolls (``lookahead.RoundModel``), all
   roots on the same sampled rolls (common random numbers). An offer is made when its chance times what the
   trade adds to the turn, less what it gives the partner (``trade_envy``), is at least ``OFFER_MARGIN``.
4. **Confirming.** Each answer on the table (an acceptance or a counter-offer) is valued the same way, and
   the best one is taken when it adds to the turn.

Work is counted in search nodes (``budget``); the search takes at most ``TRADE_SHARE`` of a decision's
budget and the rest is the turn planner's (``heuristic_search``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NamedTuple

from ..engine import Action, Game, make_bundle
from ..i18n import _
from .budget import SAMPLE_COST
from .evaluate import evaluate, hand_value
from .heuristic_trade import ANSWERS_PER_TURN, Trader
from .knowledge import sample_world
from .lookahead import Hands, Memo, Rolls, RoundModel, robbed_share, sample_rounds

TRADE_WORLDS = 4  # worlds the others' answers are predicted in (the decision's own and three more)
TRADE_SAMPLES = 48  # sampled rounds every root of one decision is valued on
SCREEN = 40  # candidate offers whose answers are predicted, the best by the hand they leave us
VALUED = 6  # of those, the offers valued inside the look-ahead (by chance x hand gain)
ROOT_BEAM = 2  # first moves of a root extended by one more move
ROOT_LEAVES = 5  # leaves of a root valued with the look-ahead (and the root itself: ending the turn)
OFFER_MARGIN = 0.35  # what an offer's expected gain to the turn must reach, in card units
CONFIRM_MARGIN = 0.05  # what a trade on the table must add to the turn to be confirmed
ANSWER_COST = 0.05  # nodes per predicted answer (hand values, no copy of the world)
TRADE_SHARE = 0.45  # of a decision's budget, what the trade search may spend at most
MIN_ROOTS = 3  # roots valued whatever the budget says (the no-trade root and two offers), so a short think
# time still searches trades


class Candidate(NamedTuple):
    """An offer being weighed: the cards we give and get (counts by resource), the hand gain it leaves us,
    the chance somebody takes it, the seats that take it in some world, and what the partner gains."""

    give: tuple[int, ...]
    get: tuple[int, ...]
    mine: float
    chance: float
    takers: tuple[int, ...]
    envy: float


def offer_candidates(hand: list[int] | tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every offer of 1-3 of ``hand``'s cards (one, two of one kind, two kinds, three of one kind) for one or
    two cards (one, two of one kind, two kinds) of resources not given, in a fixed order."""
    nres = len(hand)
    gives = list(_bundles(nres, hand, three=True))
    gets = list(_bundles(nres, None, three=False))
    for give in gives:
        for get in gets:
            if any(give[i] and get[i] for i in range(nres)):
                continue
            if sum(get) > sum(give) + 1:  # four-for-one asks are refused by every answer model: skip
                continue
            yield give, get


def _bundles(nres: int, hand: list[int] | tuple[int, ...] | None, three: bool) -> Iterator[tuple[int, ...]]:
    """Bundles of one card, two of a kind, two kinds (and three of a kind), within ``hand`` when given."""

    def ok(b: list[int]) -> bool:
        return hand is None or all(b[i] <= hand[i] for i in range(nres))

    for sizes in ((1,), (2,), (3,)) if three else ((1,), (2,)):
        for i in range(nres):
            b = [0] * nres
            b[i] = sizes[0]
            if ok(b):
                yield tuple(b)
        if sizes == (1,):
            for i in range(nres):
                for j in range(i + 1, nres):
                    b = [0] * nres
                    b[i] = b[j] = 1
                    if ok(b):
                        yield tuple(b)


class TradeSearch(Trader):
    """The expert level's domestic offers and its choice among the answers (see the module's docstring)."""

    # the build context (nearest spot, city possible) of (world, seat) while the answers are predicted: the
    # board does not change between sampled worlds of one decision, only the hidden hands do
    _ctx_cache: dict[int, tuple[int, bool]] | None = None

    def _build_context(self, world: Game, p: int) -> tuple[int, bool]:
        cache = self._ctx_cache
        if cache is None:
            return super()._build_context(world, p)
        ctx = cache.get(p)
        if ctx is None:
            ctx = cache[p] = super()._build_context(world, p)
        return ctx

    # ------------------------------------------------------------------------------------------ offers

    def _searched_trade(self, world: Game, p: int, obs: dict[str, Any]) -> Action | None:
        """The offer whose expected outcome adds most to this turn (module docstring), or None."""
        s, rules = world.s, world.rules
        if self._offers_closed(world, min(int(self.w.offers), int(rules.option("max_offers_per_turn", 6)))):
            return None
        names = rules.resources
        hand = list(s.hands[p])
        if not sum(hand):
            return None
        cap = self.budget.used + TRADE_SHARE * self.budget.nodes
        worlds = self._trade_worlds(world, p)
        candidates = self._predicted(worlds, p, obs, hand)
        if not candidates:
            return None
        rolls = sample_rounds(world, self.rng, TRADE_SAMPLES)
        hands: list[Hands] = [g.s.hands for g in worlds[1:]]
        memo: Memo = {}
        base = self._root_value(world, p, rolls, hands, memo)
        best: tuple[float, Candidate] | None = None
        for k, c in enumerate(candidates):
            if k + 1 >= MIN_ROOTS and self.budget.used >= cap:
                break
            root = _traded(world, p, c.takers, c.give, c.get)
            gain = c.chance * (self._root_value(root, p, rolls, hands, memo) - base - c.envy)
            if gain >= OFFER_MARGIN and (best is None or gain > best[0]):
                best = (gain, c)
        if best is None:
            return None
        c = best[1]
        key = (obs["turn"], p, c.give, c.get)
        if len(self._offered) > 64:
            self._offered.clear()
        self._offered.add(key)
        to = None if len(c.takers) == s.players - 1 else c.takers
        get_names = [names[i] for i in range(len(names)) if c.get[i]]
        self.last_reason = _("I need {resource}.", resource=_(get_names[0]))
        return Action("offer", make_bundle(_named(names, c.give)), make_bundle(_named(names, c.get)), to)

    def _trade_worlds(self, world: Game, p: int) -> list[Game]:
        """The decision's world and ``TRADE_WORLDS - 1`` more sampled from what ``p``'s seat knows (one node
        each); only the decision's world outside ``choose`` (no observation to sample from)."""
        worlds = [world]
        if self._knowledge:
            rules, obs, options = self._knowledge
            for _i in range(TRADE_WORLDS - 1):
                self.budget.spend()
                worlds.append(sample_world(rules, obs, self.tracker, self.rng, options))
        return worlds

    def _predicted(
        self, worlds: list[Game], p: int, obs: dict[str, Any], hand: list[int]
    ) -> list[Candidate]:
        """The candidate offers somebody may take, with their chance, takers and the partner's gain: the
        ``SCREEN`` best by our hand's gain, predicted with the computers' answer model, then the ``VALUED``
        best by chance x gain."""
        world = worlds[0]
        s, names = world.s, world.rules.resources
        nearest, can_city = self._build_context(world, p)
        now = hand_value(world, p, hand, self.w, nearest, can_city)
        screened: list[tuple[float, tuple[int, ...], tuple[int, ...]]] = []
        for give, get in offer_candidates(hand):
            if (obs["turn"], p, give, get) in self._offered:
                continue  # asked already this turn: the same question gets the same answer
            after = [hand[i] - give[i] + get[i] for i in range(len(hand))]
            mine = hand_value(world, p, after, self.w, nearest, can_city) - now
            if mine > 0.0:
                screened.append((mine, give, get))
        screened.sort(key=lambda t: -t[0])
        asked = _offers_to(obs, p)
        others = [q for q in range(s.players) if q != p and not self._near_win(world, q)]
        out: list[Candidate] = []
        self._ctx_cache = {}
        try:
            for mine, give, get in screened[:SCREEN]:
                takes = 0
                takers: set[int] = set()
                envy = 0.0
                for g in worlds:
                    took = []
                    for q in others:
                        if asked.get(q, 0) >= ANSWERS_PER_TURN or any(
                            g.s.hands[q][i] < get[i] for i in range(len(get))
                        ):
                            continue  # cannot accept, or has stopped weighing our offers this turn
                        self.budget.spend(ANSWER_COST)
                        verdict, _reason = Trader._judge_offer(
                            self, g, q, [Action("accept")], p, list(give), list(get), names
                        )
                        if verdict.kind == "accept":
                            took.append(q)
                    if took:
                        takes += 1
                        takers.update(took)
                        # the partner we would confirm gains least of them (``trade_envy``)
                        envy += min(max(0.0, self._hand_delta(g, q, list(give), list(get))) for q in took)
                if takes:
                    chance = takes / len(worlds)
                    envy_share = self.w.trade_envy * envy / takes
                    out.append(Candidate(give, get, mine, chance, tuple(sorted(takers)), envy_share))
        finally:
            self._ctx_cache = None
        out.sort(key=lambda c: -c.chance * c.mine)
        return out[:VALUED]

    # --------------------------------------------------------------------------------------- confirming

    def _searched_confirm(self, world: Game, p: int, legal: list[Action]) -> Action:
        """Take the answer on the table that adds most to this turn (valued as offers are), never from a
        player about to win; cancel when none adds ``CONFIRM_MARGIN``."""
        trade = world.s.trade
        assert trade is not None
        rolls = sample_rounds(world, self.rng, TRADE_SAMPLES)
        hands = [g.s.hands for g in self._trade_worlds(world, p)[1:]]
        memo: Memo = {}
        root = world.clone()
        root.apply_unchecked(Action("cancel"))
        base = self._root_value(root, p, rolls, hands, memo)
        best: tuple[float, Action] | None = None
        for a in legal:
            if a.kind != "confirm" or self._near_win(world, a.a):
                continue
            q = a.a
            verdict, q_gives, q_gets = trade.answers[q]
            give, get = (trade.give, trade.get) if verdict == "accept" else (q_gets, q_gives)
            envy = self.w.trade_envy * max(0.0, self._hand_delta(world, q, list(give), list(get)))
            v = self._root_value(_traded(root, p, (q,), give, get), p, rolls, hands, memo) - base - envy
            if v > CONFIRM_MARGIN and (best is None or v > best[0]):
                best = (v, a)
        if best is None:
            self.last_reason = _("No answer helps me.")
            return Action("cancel")
        self.last_reason = _("Deal.")
        return best[1]

    # ------------------------------------------------------------------------------------------ valuing

    def _root_value(self, g: Game, p: int, rolls: Rolls, hands: list[Hands], memo: Memo) -> float:
        """What the rest of ``p``'s turn makes of position ``g`` (main phase): the best of ending now and
        the sequences of one or two of our moves (the ``ROOT_BEAM`` best first moves extended once), each
        valued by evaluation plus the coming round's expected gain (``RoundModel``) on ``rolls``."""
        w = self.w
        leaves: list[tuple[float, Game]] = []
        first: list[tuple[float, Action, Game]] = []
        if g.s.phase == "main" and g.current_player == p:
            for v, a, g2 in self._moves(g, p):
                first.append((v, a, g2))
                leaves.append((v, g2))
            first.sort(key=lambda t: -t[0])
            for _v, a, g2 in first[:ROOT_BEAM]:
                if a.kind != "buy" and g2.s.phase == "main" and g2.current_player == p:
                    leaves.extend((v, g3) for v, _a, g3 in self._moves(g2, p))
        leaves.sort(key=lambda t: -t[0])
        top = [(evaluate(g, p, w), g), *leaves[:ROOT_LEAVES]]
        if not w.lookahead:
            return max(v for v, _g in top)
        self.budget.spend(len(top) * len(rolls) * SAMPLE_COST)
        return max(
            v + w.lookahead * RoundModel(leaf, p, w, robbed_share(leaf, p), hands).value(rolls, memo)
            for v, leaf in top
        )

    def _moves(self, g: Game, p: int) -> Iterator[tuple[float, Action, Game]]:
        """Each of ``p``'s moves in ``g`` but ending and offers, with the position after it (and its forced
        follow-ups) and that position's value (a purchase at the deck's expected card); one node each."""
        for a in g.legal_actions():
            if a.kind in ("end", "offer", "canal_offer"):
                continue
            valued = self._valued(g, a, p, a.kind == "buy")
            if valued is not None:
                yield valued[0], a, valued[1]


Counts = tuple[int, ...] | list[int]  # cards by resource


def _traded(world: Game, p: int, takers: tuple[int, ...], give: Counts, get: Counts) -> Game:
    """A copy of ``world`` after ``p`` gives ``give`` and gets ``get``: from the first of ``takers`` that
    holds ``get`` in it (else from nobody: the partner's hand is a guess, ours is not)."""
    g = world.clone()
    hands = g.s.hands
    n = len(give)
    partner = next((q for q in takers if all(hands[q][i] >= get[i] for i in range(n))), None)
    for i in range(n):
        hands[p][i] += get[i] - give[i]
        if partner is not None:
            hands[partner][i] += give[i] - get[i]
    return g


def _offers_to(obs: dict[str, Any], p: int) -> dict[int, int]:
    """Offers ``p`` made this turn to each seat, from the public log (an answering computer stops weighing a
    player's offers after ``ANSWERS_PER_TURN`` in one turn)."""
    turn = obs["turn"]
    out: dict[int, int] = {}
    for ev in reversed(obs["log"]):
        if ev.get("turn") != turn:
            break
        if ev.get("t") == "offer" and ev.get("seat") == p:
            for q in ev.get("to") or [q for q in range(obs["players"]) if q != p]:
                out[q] = out.get(q, 0) + 1
    return out


def _named(names: tuple[str, ...], counts: tuple[int, ...] | list[int]) -> dict[str, int]:
    return {names[i]: n for i, n in enumerate(counts) if n}

