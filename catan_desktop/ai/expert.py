"""The expert computer player (issue 36): the hard level with a trade search.

It plays as hard does (the turn planner and its look-ahead, the founding look-ahead, the add-ons' and the
scenarios' moves) and trades by search (``trade_search``): it weighs many offers to the players who would
take them, values the accepted outcomes inside its look-ahead, confirms the answer that adds most to its
turn, and answers the others' offers the same way: each answer (accept, a counter-offer, decline) is valued
by where it leaves this seat after the coming round's rolls (``lookahead.RoundModel``), not by the hand
alone.

Fairness and probing are as for every level: the worlds come from the seat's observation and its own card
counting; the same offer in one turn gets the same answer (``Trader._answer`` remembers it); after
``ANSWERS_PER_TURN`` offers from one player in one turn it declines; each answer, offer and confirmation
sets ``last_reason``.
"""

from __future__ import annotations

from typing import Any

from ..engine import Action, Game, make_bundle
from ..i18n import _
from .budget import SAMPLE_COST
from .evaluate import Weights, evaluate
from .heuristic import HeuristicBot
from .lookahead import Hands, Memo, Rolls, RoundModel, robbed_share, sample_rounds
from .trade_search import TRADE_SAMPLES, TradeSearch

EXPERT = "expert"
ACCEPT = 0.25  # what an offer must add to our position after the coming round to be accepted (as hard's)
COUNTER_EXTRA = 0.1  # a counter-offer must beat the answer threshold by this much (as hard's)
NEEDED = -0.6  # a card whose loss costs our hand more than this is one we need (as hard's)
LEADER_EXTRA = 0.4  # more reluctance to help the player with the most visible points (as hard's)
# the turn planner's breadth (``heuristic_search.Planner``): hard's unless changed here; read when a bot is
# made, so ``bench/ai_tune.py --set expert.NAME=VALUE`` changes them for a run
FIRST_MOVES = 6
BEAM = 4
PLAN_DEPTH = 2
FOUNDING = 8
N_WORLDS = 4
EXTRA_PASSES = 0  # look-ahead passes after hard's last, each with twice the leaves and sampled rounds
OTHERS_BY_OWN_VALUE = 0  # 1: the others' founding picks modelled by this bot's own value (hard: by pips)


class ExpertBot(TradeSearch, HeuristicBot):
    """The expert level: ``HeuristicBot`` at hard's search, with ``TradeSearch`` for domestic trade."""

    def __init__(
        self,
        level: str = EXPERT,
        seed: int = 0,
        think_time: float | None = None,
        weights: Weights | None = None,
    ) -> None:
        super().__init__(level, seed, think_time, weights)
        self.FIRST_MOVES, self.BEAM, self.PLAN_DEPTH = FIRST_MOVES, BEAM, PLAN_DEPTH
        self.FOUNDING, self.N_WORLDS = FOUNDING, N_WORLDS
        self.OTHERS_BY_OWN_VALUE = bool(OTHERS_BY_OWN_VALUE)
        passes = list(self.PASSES)
        for _pass in range(EXTRA_PASSES):
            count, samples = passes[-1]
            passes.append((2 * count, 2 * samples))
        self.PASSES = tuple(passes)

    def _player_for(self, kind: str) -> Any:
        """Other kinds of game (the Catan Dice Game) are played by the hard level's player."""
        level = self.level
        self.level = "hard"
        try:
            return super()._player_for(kind)
        finally:
            self.level = level

    # ------------------------------------------------------------------------------------------ hooks

    def _maybe_offer(self, world: Game, p: int, obs: dict[str, Any]) -> Action | None:
        return self._searched_trade(world, p, obs)

    def _confirm(self, world: Game, p: int, legal: list[Action]) -> Action:
        return self._searched_confirm(world, p, legal)

    # ---------------------------------------------------------------------------------------- answering

    def _judge_offer(
        self,
        world: Game,
        p: int,
        legal: list[Action],
        offerer: int,
        give: list[int],
        get: list[int],
        names: tuple[str, ...],
    ) -> tuple[Action, str]:
        """Accept, counter or decline the offerer's ``give`` (to us) for ``get`` (from us), each outcome
        valued by our position after the coming round (``_outcome``) less what it gives the offerer
        (``trade_envy``), against the hard level's thresholds; with a reason."""
        if self._near_win(world, offerer):
            return Action("reject"), _("You're about to win.")
        s = world.s
        nres = len(names)
        hand = s.hands[p]
        can_accept = any(a.kind == "accept" for a in legal)
        threshold = ACCEPT
        if world.visible_vp(offerer) > max(world.visible_vp(q) for q in range(s.players) if q != offerer):
            threshold += LEADER_EXTRA
        rolls = sample_rounds(world, self.rng, TRADE_SAMPLES)
        hands = self._other_worlds(p)
        memo: Memo = {}
        base = self._position(world, p, rolls, hands, memo)
        envy = self.w.trade_envy
        accept = -1e9
        if can_accept:
            accept = self._outcome(world, p, offerer, give, get, rolls, hands, memo) - base
            accept -= envy * max(0.0, self._hand_delta(world, offerer, get, give))
        if can_accept and accept > threshold:
            wanted = max((i for i in range(nres) if give[i]), key=lambda i: give[i])
            return Action("accept"), _("I need {resource}.", resource=_(names[wanted]))
        # a counter-offer: one card we can spare for what they offer, when they would take it
        best: tuple[float, Action] | None = None
        asked = make_bundle({names[i]: n for i, n in enumerate(get) if n})
        for i in range(nres):
            if not hand[i] or give[i]:
                continue
            loss = [int(j == i) for j in range(nres)]
            if self._hand_delta(world, offerer, loss, give) <= 0.0:
                continue  # the offerer's confirmation would not take it (``Trader._confirm``)
            d = self._outcome(world, p, offerer, give, loss, rolls, hands, memo) - base
            d -= envy * max(0.0, self._hand_delta(world, offerer, loss, give))
            counter = Action("counter", make_bundle({names[i]: 1}), make_bundle(_named(names, give)))
            good = d > threshold + COUNTER_EXTRA and d > accept and counter.a != asked
            if good and (best is None or d > best[0]):
                best = (d, counter)
        if best is not None:
            return best[1], _("I can give you {resource} instead.", resource=_(best[1].a[0][0]))
        if not can_accept:
            short = next(i for i in range(nres) if get[i] > hand[i])
            return Action("reject"), _("I don't have {resource} to spare.", resource=_(names[short]))
        keep = [0] * nres
        needed = [
            i for i in range(nres) if get[i] and self._hand_delta(world, p, keep, loss_of(i, nres)) < NEEDED
        ]
        if needed:
            return Action("reject"), _("I need my {resource}.", resource=_(names[needed[0]]))
        return Action("reject"), _("That doesn't help me.")

    def _position(self, g: Game, p: int, rolls: Rolls, hands: list[Hands], memo: Memo) -> float:
        """``p``'s position ``g`` valued with the coming round's expected gain (as the planner's leaves)."""
        w = self.w
        self.budget.spend(len(rolls) * SAMPLE_COST)
        v = evaluate(g, p, w)
        if w.lookahead:
            v += w.lookahead * RoundModel(g, p, w, robbed_share(g, p), hands).value(rolls, memo)
        return v

    def _outcome(
        self,
        world: Game,
        p: int,
        offerer: int,
        gain: list[int],
        loss: list[int],
        rolls: Rolls,
        hands: list[Hands],
        memo: Memo,
    ) -> float:
        """``_position`` after we get ``gain`` from the offerer and give them ``loss``."""
        g = world.clone()
        h = g.s.hands
        for i in range(len(gain)):
            h[p][i] += gain[i] - loss[i]
            h[offerer][i] = max(0, h[offerer][i] + loss[i] - gain[i])  # their hand is a guess
        self.budget.spend()
        return self._position(g, p, rolls, hands, memo)


def loss_of(i: int, nres: int) -> list[int]:
    """One card of resource ``i``."""
    return [int(j == i) for j in range(nres)]


def _named(names: tuple[str, ...], counts: list[int]) -> dict[str, int]:
    return {names[i]: n for i, n in enumerate(counts) if n}


__all__ = ["EXPERT", "ExpertBot"]
