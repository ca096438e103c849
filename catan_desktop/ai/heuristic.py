"""The computer opponents: easy, normal and hard.

Every decision starts from ``game.observation(seat)`` (see ``knowledge``): the bot samples a world that
matches what the seat knows and evaluates candidate actions on copies of that world. The action itself is
always one of ``game.legal_actions()`` — the list the UI uses — or, for domestic offers and counter-offers,
an offer the engine accepts (``game.is_legal``).

- **easy** plays the evaluation loosely: any action within a margin of the best may be picked, it never
  proposes trades with other players and does not guard against feeding the leader.
- **normal** plays the best action by the evaluation, one step at a time, trades with other players
  when one card is missing for a build, and refuses to help a player close to winning.
- **hard** searches: it plans whole sequences of its turn (trade, then build, then buy), looks ahead at
  the other players' founding picks before placing its first settlement, and weighs the opponents more.
  It stops searching when its think-time budget is spent.
"""

from __future__ import annotations

import random
import time
from typing import Any

from ..engine import Action, Game, IllegalAction, make_bundle
from ..engine import rules as R
from ..engine.ruleset import DEV_KINDS
from ..i18n import _
from .evaluate import (
    EASY,
    HARD,
    NORMAL,
    PIPS,
    Weights,
    board_info,
    evaluate,
    expansion,
    hand_value,
    production,
)
from .knowledge import CardTracker, sample_world

LEVELS: dict[str, Weights] = {"easy": EASY, "normal": NORMAL, "hard": HARD}
MAX_OFFERS = {"easy": 0, "normal": 2, "hard": 2}
ANSWERS_PER_TURN = 4  # offers from one player in one turn a bot will weigh; after that it declines
MAX_TRADES_PER_TURN = 4  # bank and market trades a bot makes in one turn
TRADE_KINDS = frozenset({"maritime", "market", "market_sell"})
DEFAULT_THINK = {"easy": 0.2, "normal": 0.2, "hard": 0.8}
# a move's own forced follow-ups, valued with it: the robber, free roads, and in Catan a Dois the founding
# token removal (D-1.4), so a founding spot is valued after the token its placer will take
FOLLOW_UPS = ("robber", "road_building", "remove_token")

# expected worth of a development card by kind (victory points are counted in vp)
DEV_VALUE = {"knight": 2.2, "road_building": 2.0, "year_of_plenty": 2.4, "monopoly": 2.4}


class HeuristicBot:
    """A computer player of a given level (``easy``, ``normal`` or ``hard``).

    ``choose(game, seat)`` returns an action; after a trade answer, an offer or a partner choice,
    ``last_reason`` holds a short sentence the UI can show ("I need brick"). ``think_time`` caps the
    seconds the hard level spends on one decision.
    """

    def __init__(
        self,
        level: str = "normal",
        seed: int = 0,
        think_time: float | None = None,
        weights: Weights | None = None,
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}")
        self.name = level
        self.level = level
        self.w = weights or LEVELS[level]
        self.rng = random.Random(seed)
        self.think_time = DEFAULT_THINK[level] if think_time is None else think_time
        self.tracker = CardTracker()
        self.last_reason: str | None = None
        self._answered: dict[tuple[Any, ...], tuple[Action, str]] = {}
        self._answer_count: dict[tuple[int, int], int] = {}
        self._offered: set[tuple[Any, ...]] = set()
        self._deadline = 0.0

    # ----------------------------------------------------------------------------------------- entry

    def choose(self, game: Game, seat: int) -> Action:
        """Return the action for ``seat`` (the seat to act) in ``game``; ``last_reason`` explains trades."""
        self.last_reason = None
        self._deadline = time.perf_counter() + self.think_time
        legal = game.legal_actions()
        if not legal:
            raise ValueError("no legal action to choose from")
        obs = game.observation(seat)
        self.tracker.update(obs, game.rules)
        if len(legal) == 1 and obs["phase"] not in ("trade_offer",):
            return legal[0]
        world = sample_world(game.rules, obs, self.tracker, self.rng, game.options)
        phase = obs["phase"]
        if phase == "trade_offer":
            return self._answer(world, seat, legal, obs)
        if phase == "trade_confirm":
            return self._confirm(world, seat, legal)
        if phase == "discard":
            return self._discard(world, seat, obs)
        if phase == "robber":
            return self._robber(world, seat, legal)
        if phase == "setup_settlement" and self.level == "hard":
            return self._hard_founding(world, seat, legal)
        if phase == "main":
            if _trades_this_turn(obs, seat) >= MAX_TRADES_PER_TURN:  # no endless swapping with bank/market
                legal = [a for a in legal if a.kind not in TRADE_KINDS] or legal
            elif any(a.kind == "market" for a in legal):
                legal = self._market_moves(game, world, seat, legal, obs)
            offer = self._maybe_offer(world, seat, obs)
            if offer is not None and game.is_legal(offer):
                return offer
            if self.level == "hard":
                return self._plan_turn(world, seat, legal)
        return self._best(world, seat, [a for a in legal if a.kind != "offer"] or legal)

    # ------------------------------------------------------------------------------------ evaluation

    def _after(self, world: Game, action: Action, p: int) -> Game | None:
        """A copy of ``world`` after ``action`` and any of ``p``'s forced follow-ups (robber, free roads)."""
        g = world.clone()
        try:
            g.apply_unchecked(action)
        except (IllegalAction, IndexError, KeyError, ValueError, AssertionError):
            return None
        depth = 0
        while depth < 3 and g.s.phase in FOLLOW_UPS and g.current_player == p:
            follow = g.legal_actions()
            if not follow:
                break
            if g.s.phase == "robber":
                nxt = self._robber(g, p, follow)
            else:
                nxt = max(follow, key=lambda a: self._value(g, a, p, follow_ups=False))
            g.apply_unchecked(nxt)
            depth += 1
        return g

    def _value(self, world: Game, action: Action, p: int, follow_ups: bool = True) -> float:
        if action.kind == "end" or action.kind == "roll":
            return evaluate(world, p, self.w)
        if action.kind == "robber":
            return self._robber_value(world, action, p)
        if follow_ups:
            g = self._after(world, action, p)
        else:
            g = world.clone()
            try:
                g.apply_unchecked(action)
            except (IllegalAction, IndexError, KeyError, ValueError, AssertionError):
                return -1e9
        if g is None:
            return -1e9
        v = evaluate(g, p, self.w)
        if action.kind == "buy":  # value the expected card, not the one this sample happened to draw
            v += self._buy_correction(world, g, p)
        return v

    def _buy_correction(self, before: Game, after: Game, p: int) -> float:
        s0, s1 = before.s, after.s
        drawn = next(k for k in range(len(DEV_KINDS)) if s1.dev_hand[p][k] > s0.dev_hand[p][k])
        w = self.w
        actual = w.vp if DEV_KINDS[drawn] == "victory_point" else self._dev_worth(DEV_KINDS[drawn])
        deck = s0.dev_deck
        if not deck:
            return 0.0
        expect = 0.0
        for k in DEV_KINDS:
            share = deck.count(k) / len(deck)
            expect += share * (w.vp if k == "victory_point" else DEV_VALUE.get(k, 2.0))
        return expect - actual

    def _dev_worth(self, kind: str) -> float:
        return self.w.knight_held if kind == "knight" else self.w.dev_held

    def _best(self, world: Game, p: int, actions: list[Action]) -> Action:
        scored = [(self._value(world, a, p), i, a) for i, a in enumerate(actions)]
        best = max(scored, key=lambda t: (t[0], -t[1]))
        if self.level == "easy":
            margin = 2.0 if world.s.phase.startswith("setup") else 1.2
            near = [a for v, _i, a in scored if v >= best[0] - margin]
            return near[int(self.rng.random() * len(near))]
        if world.s.phase in ("main", "special_build"):
            end_value = next((v for v, _i, a in scored if a.kind == "end"), None)
            if end_value is not None and best[0] < end_value + 0.05:
                return Action("end")
        return best[2]

    # ------------------------------------------------------------------------------------------ hard

    def _plan_turn(self, world: Game, p: int, legal: list[Action]) -> Action:
        """Search sequences of up to three of our own moves; return the first move of the best."""
        candidates = [a for a in legal if a.kind not in ("offer",)]
        end_value = evaluate(world, p, self.w)
        first: list[tuple[float, Action, Game | None]] = []
        for a in candidates:
            if a.kind == "end":
                continue
            g = self._after(world, a, p)
            if g is None:
                continue
            v = evaluate(g, p, self.w)
            if a.kind == "buy":
                v += self._buy_correction(world, g, p)
            first.append((v, a, g))
        if not first:
            return Action("end")
        first.sort(key=lambda t: -t[0])
        best_v, best_a = first[0][0], first[0][1]
        beam = first[:6]
        for v0, a0, g0 in beam:
            if time.perf_counter() > self._deadline:
                break
            if g0 is None or g0.s.phase != "main" or g0.current_player != p or a0.kind == "buy":
                continue
            v = max(v0, self._extend(g0, p, 2))
            if v > best_v + 1e-9:
                best_v, best_a = v, a0
        if best_v < end_value + 0.05:
            return Action("end")
        return best_a

    def _extend(self, g: Game, p: int, depth: int) -> float:
        """Best value reachable from ``g`` within ``depth`` more of our moves (greedy beam of 4)."""
        base = evaluate(g, p, self.w)
        if depth == 0 or time.perf_counter() > self._deadline:
            return base
        options = []
        for a in g.legal_actions():
            if a.kind in ("end", "offer"):
                continue
            g2 = self._after(g, a, p)
            if g2 is None:
                continue
            v = evaluate(g2, p, self.w)
            if a.kind == "buy":
                v += self._buy_correction(g, g2, p)
                options.append((v, a, None))
            else:
                options.append((v, a, g2))
        if not options:
            return base
        options.sort(key=lambda t: -t[0])
        best = max(base, options[0][0])
        for _v, _a, g2 in options[:4]:
            if g2 is not None and g2.s.phase == "main" and g2.current_player == p:
                best = max(best, self._extend(g2, p, depth - 1))
        return best

    def _hard_founding(self, world: Game, p: int, legal: list[Action]) -> Action:
        """First or second settlement: look ahead at the picks the others will make before our next one."""
        ranked = sorted(legal, key=lambda a: -self._value(world, a, p))
        s = world.s
        queue = s.setup_queue[s.setup_index + 1 :]
        if p not in queue:  # our last founding pick: nothing to look ahead to
            return ranked[0]
        before_us = queue[: queue.index(p)]
        best_a, best_v = ranked[0], -1e18
        for a in ranked[:8]:
            if time.perf_counter() > self._deadline:
                break
            g = world.clone()
            g.apply_unchecked(a)
            _take_token(g, p, self)
            # our road: the greedy choice
            roads = g.legal_actions()
            if g.s.phase == "setup_road" and roads:
                g.apply_unchecked(max(roads, key=lambda r: self._value(g, r, p)))
            for q in before_us:  # each other player takes the spot best for them (by our normal model)
                if g.s.phase != "setup_settlement":
                    break
                spots = g.legal_actions()
                pick = max(spots, key=lambda x: _spot_score(g, x.a, q))
                g.apply_unchecked(pick)
                _take_token(g, q, None)
                roads = g.legal_actions()
                if g.s.phase == "setup_road" and roads:
                    g.apply_unchecked(roads[0])
            if g.s.phase == "setup_settlement" and g.current_player == p:
                spots = g.legal_actions()
                v = max(self._value(g, x, p) for x in spots) if spots else evaluate(g, p, self.w)
            else:
                v = evaluate(g, p, self.w)
            if v > best_v:
                best_v, best_a = v, a
        return best_a

    # ---------------------------------------------------------------------------------------- robber

    def _robber_value(self, world: Game, action: Action, p: int) -> float:
        h = world.topo.hex_index[str(action.a).partition("/")[0]]  # "2.3/1": a token of hex 2.3 (D-8)
        v = evaluate(world, p, self.w, robber=h)
        victim = action.b
        if victim is not None:
            cards = world.s.hands[victim]
            if sum(cards):
                v += self.w.card * 1.5 + 0.08 * world.visible_vp(victim)
        return v

    def _robber(self, world: Game, p: int, legal: list[Action]) -> Action:
        return self._best(world, p, legal)

    # --------------------------------------------------------------------------------------- discard

    def _discard(self, world: Game, p: int, obs: dict[str, Any]) -> Action:
        seat, amount = obs["discards_pending"][0]
        names = world.rules.resources
        nearest, can_city = self._build_context(world, p)
        dropped = self._shed(world, p, list(world.s.hands[p]), amount, nearest, can_city, frozenset())
        assert dropped is not None  # a discard never asks for more cards than the hand holds
        return Action("discard", make_bundle({names[r]: n for r, n in enumerate(dropped) if n}))

    def _shed(
        self,
        world: Game,
        p: int,
        hand: list[int],
        amount: int,
        nearest: int,
        can_city: bool,
        keep: frozenset[int] | set[int],
    ) -> list[int] | None:
        """Give up ``amount`` cards of ``hand`` one at a time, each time the one whose loss costs the hand
        least, never a resource in ``keep``; the counts given, or None if the hand runs out."""
        left = list(hand)
        given = [0] * len(hand)
        for _i in range(amount):
            best_i, best_v = -1, -1e18
            for i in range(len(left)):
                if i in keep or left[i] <= 0:
                    continue
                left[i] -= 1
                v = hand_value(world, p, left, self.w, nearest, can_city)
                left[i] += 1
                if v > best_v:
                    best_i, best_v = i, v
            if best_i < 0:
                return None
            left[best_i] -= 1
            given[best_i] += 1
        return given

    def _build_context(self, world: Game, p: int) -> tuple[int, bool]:
        s = world.s
        nearest = expansion(world, p, board_info(world))[1]
        can_city = bool(s.pieces_left[p][2]) and any(s.node_level[n] == 1 for n in s.buildings_of[p])
        return nearest, can_city

    def _hand_delta(self, world: Game, p: int, gain: list[int], loss: list[int]) -> float:
        nearest, can_city = self._build_context(world, p)
        hand = world.s.hands[p]
        after = [hand[i] + gain[i] - loss[i] for i in range(len(hand))]
        if min(after) < 0:
            return -1e9
        return hand_value(world, p, after, self.w, nearest, can_city) - hand_value(
            world, p, hand, self.w, nearest, can_city
        )

    # ---------------------------------------------------------------------------- market (Catan a Dois)

    def _market_moves(
        self, game: Game, world: Game, p: int, legal: list[Action], obs: dict[str, Any]
    ) -> list[Action]:
        """D-4.2: any cards may pay for an open market card, and the engine lists only one payment per card
        (the cards held most). Add, for each open resource, the payment that costs our hand least (surplus
        cards, not the ones a build needs), checked with ``game.is_legal``; and drop purchases that swap back
        cards traded this turn (buying lumber with wool, then wool with lumber, only feeds the market)."""
        names = world.rules.resources
        bought, paid = _market_flows_this_turn(obs, p, names)
        hand = world.s.hands[p]
        nearest, can_city = self._build_context(world, p)
        out: list[Action] = []
        seen: set[Action] = set()
        for a in legal:
            if a.kind == "market":
                r = names.index(a.b)
                give = [0] * len(names)
                for name, n in a.a:
                    give[names.index(name)] = n
                if r in paid or any(give[i] for i in bought):
                    continue  # a swap back
                price = sum(give)
                better = self._cheapest_payment(world, p, hand, r, price, nearest, can_city, avoid=bought)
                if better is not None and better != give:
                    alt = Action("market", make_bundle(_bundle(names, better)), a.b)
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

    # --------------------------------------------------------------------------------------- trading

    def _near_win(self, world: Game, q: int) -> bool:
        return world.visible_vp(q) >= world.rules.vp_target - 2

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
        delta = self._hand_delta(world, p, give, get)
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

    def _maybe_offer(self, world: Game, p: int, obs: dict[str, Any]) -> Action | None:
        """Propose a domestic trade when one card is missing for a build and we can spare another."""
        limit = MAX_OFFERS[self.level]
        s, rules = world.s, world.rules
        if (
            not limit
            or s.offers_made >= limit
            or s.built
            or not rules.option("domestic_trade", True)
            or not R.trading_allowed(world)
        ):
            return None
        names = rules.resources
        hand = s.hands[p]
        has_spot = bool(R.settlement_spots(world, p))
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
            return Action("offer", make_bundle({names[give]: n_give}), make_bundle({names[need]: 1}))
        return None

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


def _trades_this_turn(obs: dict[str, Any], seat: int) -> int:
    """Bank and market trades ``seat`` made this turn, counted from the public log."""
    turn = obs["turn"]
    n = 0
    for ev in reversed(obs["log"]):
        if ev.get("turn") != turn:
            break
        if ev.get("t") in TRADE_KINDS and ev.get("seat") == seat:
            n += 1
    return n


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
        if ev.get("t") == "market":
            bought.add(names.index(ev["get"]))
            paid.update(names.index(x) for x, n in ev["give"].items() if n)
        elif ev.get("t") == "market_sell":
            paid.add(names.index(ev["give"]))
            bought.update(names.index(x) for x, n in ev["get"].items() if n)
    return bought, paid


def _bundle(names: tuple[str, ...], counts: list[int]) -> dict[str, int]:
    return {names[i]: n for i, n in enumerate(counts) if n}


def _take_token(g: Game, q: int, bot: HeuristicBot | None) -> None:
    """Catan a Dois founding (D-1.4): after ``q``'s settlement, take the token ``bot`` would (or, for a
    modelled opponent, the one of the hex that produces least)."""
    if g.s.phase != "remove_token" or g.current_player != q:
        return
    options = g.legal_actions()
    if not options:
        return
    if bot is not None:
        pick = max(options, key=lambda x: bot._value(g, x, q, follow_ups=False))
    else:
        info = board_info(g)
        pick = min(options, key=lambda x: info.pips[g.topo.hex_index[x.a]])
    g.apply_unchecked(pick)


def _spot_score(g: Game, node: int, q: int) -> float:
    """How good founding spot ``node`` is for seat ``q``: pips, new resources and a harbour."""
    info = board_info(g)
    have = production(g, q, info, NORMAL)
    v = 0.0
    for h in g.topo.node_hexes[node]:
        r = info.res[h]
        if r >= 0:
            v += info.pips[h] * info.res_weight[r] + (1.5 if not have[r] else 0.0)
    if node in info.harbour:
        v += 1.0
    return v


__all__ = ["HeuristicBot", "LEVELS", "PIPS"]
