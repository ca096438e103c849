"""Trading, for the computer player (``heuristic``): answering and making domestic offers and choosing a
partner among the answers. The Catan a Dois market's purchases are ``dois_trade``'s.
"""

from __future__ import annotations

from typing import Any

from ..engine import Action, Game, make_bundle, queries
from ..i18n import _
from .dois_trade import MARKET_TRADES
from .heuristic_core import HeuristicCore

OFFER_GAIN = 0.3  # what a searched offer must gain our hand at least (hand_value units)
ANSWERS_PER_TURN = 4  # offers from one player in one turn a bot will weigh; after that it declines
MAX_TRADES_PER_TURN = 4  # bank and market trades a bot makes in one turn
TRADE_KINDS = frozenset({"maritime"}) | MARKET_TRADES  # with the bank, and with an add-on's market


class Trader(HeuristicCore):
    """The computer player's trades with the other players."""

    # --------------------------------------------------------------------------------------- trading

    def _near_win(self, world: Game, q: int) -> bool:
        return world.visible_vp(q) >= world.vp_target - 2  # the table's target (S-4.1)

    def _answer(self, world: Game, p: int, legal: list[Action], obs: dict[str, Any]) -> Action:
        """Answer the active player's offer: accept, decline or counter, with a reason."""
        s = world.s
        trade = s.trade
        assert trade is not None
        names = world.rules.resources
        offerer = s.current
        key = (obs["turn"], offerer, tuple(trade.give), tuple(trade.get), tuple(s.hands[p]))
        if key in self._answered:  # the same question gets the same answer
            action, reason = self._answered[key]
            self.last_reason = reason
            return action
        count_key = (obs["turn"], offerer)
        self._answer_count[count_key] = self._answer_count.get(count_key, 0) + 1
        if len(self._answer_count) > 64:
            self._answer_count = {count_key: self._answer_count[count_key]}
        action, reason = self._judge_offer(world, p, legal, offerer, trade.give, trade.get, names)
        if self._answer_count[count_key] > ANSWERS_PER_TURN and action.kind != "reject":
            action, reason = Action("reject"), _("Enough offers for this turn.")
        if len(self._answered) > 256:
            self._answered.clear()
        self._answered[key] = (action, reason)
        self.last_reason = reason
        return action

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
        # the offerer gives ``give`` to us and gets ``get`` from us
        if self.level != "easy" and self._near_win(world, offerer):
            return Action("reject"), _("You're about to win.")
        can_accept = any(a.kind == "accept" for a in legal)
        envy = self.w.trade_envy  # hard: what the deal is worth to the offerer counts against it
        delta = self._hand_delta(world, p, give, get)
        if envy:
            delta -= envy * max(0.0, self._hand_delta(world, offerer, get, give))
        threshold = 0.25 if self.level != "easy" else 0.0
        if self.level != "easy" and world.visible_vp(offerer) > max(
            world.visible_vp(q) for q in range(world.s.players) if q != offerer
        ):
            threshold += 0.4  # a little more reluctant to help the leader
        wanted = max(
            (i for i in range(len(names)) if give[i]),
            key=lambda i: self._hand_delta(
                world, p, [int(j == i) for j in range(len(names))], [0] * len(names)
            ),
            default=None,
        )
        if can_accept and delta > threshold:
            return Action("accept"), _(
                "I need {resource}.", resource=_(names[wanted])
            ) if wanted is not None else _("That helps me.")
        # a counter-offer: give one card we can spare instead of what they asked for
        if self.level != "easy":
            best: tuple[float, Action] | None = None
            hand = world.s.hands[p]
            for i in range(len(names)):
                if not hand[i] or give[i]:
                    continue
                loss = [int(j == i) for j in range(len(names))]
                d = self._hand_delta(world, p, give, loss)
                if envy:
                    d -= envy * max(0.0, self._hand_delta(world, offerer, loss, give))
                if d > threshold + 0.1 and (best is None or d > best[0]):
                    counter = Action("counter", make_bundle({names[i]: 1}), make_bundle(_bundle(names, give)))
                    best = (d, counter)
            if best is not None and best[1].a != make_bundle(_bundle(names, get)):
                return best[1], _("I can give you {resource} instead.", resource=_(best[1].a[0][0]))
        if not can_accept:
            asked = next(i for i in range(len(names)) if get[i])
            return Action("reject"), _("I don't have {resource} to spare.", resource=_(names[asked]))
        needed = [
            i
            for i in range(len(names))
            if get[i]
            and self._hand_delta(world, p, [0] * len(names), [int(j == i) for j in range(len(names))]) < -0.6
        ]
        if needed:
            return Action("reject"), _("I need my {resource}.", resource=_(names[needed[0]]))
        return Action("reject"), _("That doesn't help me.")

    def _offers_closed(self, world: Game, limit: int) -> bool:
        """No domestic offer now: none allowed (``limit``) or ``limit`` made this turn, a build made (trade
        then build), or the rule file or the phase allow none."""
        s = world.s
        return (
            not limit
            or s.offers_made >= limit
            or s.built
            or not world.rules.option("domestic_trade", True)
            or not queries.trading_allowed(world)
        )

    def _maybe_offer(self, world: Game, p: int, obs: dict[str, Any]) -> Action | None:
        """Propose a domestic trade when one card is missing for a build and we can spare another (hard, with
        ``offer_search``: the offer the others would take that helps us most, ``_searched_offer``)."""
        s, rules = world.s, world.rules
        if self._offers_closed(world, int(self.w.offers)):  # easy makes none
            return None
        if self.w.offer_search:
            return self._searched_offer(world, p, obs)
        names = rules.resources
        hand = s.hands[p]
        has_spot = bool(queries.settlement_spots(world, p))
        _spot, can_city = self._build_context(world, p)
        targets = []
        if can_city:
            targets.append(rules.costs["city"])
        if has_spot and s.pieces_left[p][1]:
            targets.append(rules.costs["settlement"])
        for cost in targets:
            missing = [i for i in range(len(names)) if cost[i] > hand[i]]
            short = sum(cost[i] - hand[i] for i in missing)
            if short != 1:
                continue
            need = missing[0]
            others_hold = rules.bank_per_resource - s.bank[need] - hand[need]
            if others_hold <= 0:
                continue
            # ask only the players who may hold it by our own card counting (issue 12: a player seen to
            # have none was asked anyway, and a human had to answer every such offer)
            to = tuple(q for q in range(s.players) if q != p and self._may_hold(q, need))
            if not to:
                continue
            spare = [i for i in range(len(names)) if hand[i] - cost[i] >= 1 and i != need]
            if not spare:
                continue
            give = max(spare, key=lambda i: hand[i] - cost[i])
            n_give = 2 if hand[give] - cost[give] >= 3 else 1
            key = (obs["turn"], p, give, need, n_give)
            if key in self._offered:
                continue
            if len(self._offered) > 64:
                self._offered.clear()
            self._offered.add(key)
            self.last_reason = _("I need {resource}.", resource=_(names[need]))
            everyone = len(to) == s.players - 1
            return Action("offer", make_bundle({names[give]: n_give}), make_bundle({names[need]: 1}),
                          None if everyone else to)
        return None

    def _searched_offer(self, world: Game, p: int, obs: dict[str, Any]) -> Action | None:
        """The offer of one or two of our cards for one of theirs that gains our hand most, made to the
        players who would take it by their own hands' worth (their hands as this seat's sampled world guesses
        them, judged as the normal level judges: ``_judge_offer``'s threshold, more for a leader), never to
        one about to win; an offer that helps a taker more than us is not made (``trade_envy``). None when no
        offer gains at least ``OFFER_GAIN``."""
        s, names = world.s, world.rules.resources
        hand = s.hands[p]
        others = [q for q in range(s.players) if q != p and not self._near_win(world, q)]
        leader = world.visible_vp(p) > max(world.visible_vp(q) for q in range(s.players) if q != p)
        threshold = 0.25 + (0.4 if leader else 0.0)
        envy = self.w.trade_envy
        nres = len(names)
        best: tuple[float, Action, tuple[Any, ...]] | None = None
        for need in range(nres):
            holders = [q for q in others if self._may_hold(q, need) and s.hands[q][need] > 0]
            if not holders:
                continue
            gain = [int(j == need) for j in range(nres)]
            for give in range(nres):
                if give == need or not hand[give]:
                    continue
                for n in (1, 2):
                    if hand[give] < n:
                        break
                    loss = [n if j == give else 0 for j in range(nres)]
                    mine = self._hand_delta(world, p, gain, loss)
                    if mine < OFFER_GAIN or (best is not None and mine <= best[0]):
                        continue
                    takers = tuple(
                        q for q in holders
                        if (theirs := self._hand_delta(world, q, loss, gain)) > threshold
                        and mine - envy * theirs > OFFER_GAIN
                    )
                    if not takers:
                        continue
                    key = (obs["turn"], p, give, need, n)
                    if key in self._offered:
                        continue
                    to = None if len(takers) == s.players - 1 else takers
                    offer = Action("offer", make_bundle({names[give]: n}), make_bundle({names[need]: 1}), to)
                    best = (mine, offer, key)
        if best is None:
            return None
        if len(self._offered) > 64:
            self._offered.clear()
        self._offered.add(best[2])
        self.last_reason = _("I need {resource}.", resource=_(best[1].b[0][0]))
        return best[1]

    def _may_hold(self, q: int, r: int) -> bool:
        """Whether seat ``q`` may hold a card of resource ``r``: known to, or holding cards we cannot see."""
        tracker = self.tracker
        if q >= len(tracker.known):
            return True
        return tracker.known[q][r] > 0 or tracker.unknown[q] > 0

    def _confirm(self, world: Game, p: int, legal: list[Action]) -> Action:
        """Pick the answer that helps most; never trade with a player about to win."""
        s = world.s
        trade = s.trade
        assert trade is not None
        best: tuple[float, Action] | None = None
        for a in legal:
            if a.kind != "confirm":
                continue
            q = a.a
            if self.level != "easy" and self._near_win(world, q):
                continue
            verdict, q_gives, q_gets = trade.answers[q]
            gain, loss = (trade.get, trade.give) if verdict == "accept" else (q_gives, q_gets)
            d = self._hand_delta(world, p, gain, loss)
            if d > 0 and (best is None or d > best[0]):
                best = (d, a)
        if best is None:
            self.last_reason = _("No answer helps me.")
            return Action("cancel")
        self.last_reason = _("Deal.")
        return best[1]


def trades_this_turn(obs: dict[str, Any], seat: int) -> int:
    """Bank and market trades ``seat`` made this turn, counted from the public log."""
    turn = obs["turn"]
    n = 0
    for ev in reversed(obs["log"]):
        if ev.get("turn") != turn:
            break
        if ev.get("t") in TRADE_KINDS and ev.get("seat") == seat:
            n += 1
    return n


def _bundle(names: tuple[str, ...], counts: list[int]) -> dict[str, int]:
    return {names[i]: n for i, n in enumerate(counts) if n}
