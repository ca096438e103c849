"""What every level of the computer player (``heuristic``) stands on: its state, and the value of an
action, a robber move or a hand of cards on a sampled world.

An action is valued on a copy of the world after it (and its forced follow-ups: the robber, free roads,
a founding token removal) by ``evaluate``; a hand by ``hand_value``, for discarding and trading.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..engine import Action, Game, IllegalAction, make_bundle
from ..engine.ruleset import DEV_KINDS
from .budget import Budget
from .evaluate import LEVELS, Weights, board_info, evaluate, expansion, hand_value, weights_for
from .knowledge import CardTracker

DEFAULT_THINK = {"easy": 0.2, "normal": 0.2, "hard": 0.8, "expert": 1.2}
# a move's own forced follow-ups, valued with it: the robber, free roads, in Catan a Dois the founding
# token removal (D-1.4), so a founding spot is valued after the token its placer will take; in Frenemies
# the token returned after an exchange and who draws first; in Helpers a card's payment or
# pick and the flip or swap after a use (H-3.2)
FOLLOW_UPS = (
    "robber",
    "road_building",
    "remove_token",
    "favour_return",
    "favour_order",
    "helper_pay",
    "helper_pick",
    "helper_after",
)

# expected worth of a development card by kind (victory points are counted in vp)
DEV_VALUE = {"knight": 2.2, "road_building": 2.0, "year_of_plenty": 2.4, "monopoly": 2.4}


class HeuristicCore:
    """The state of a computer player of a given level and its valuation of actions and hands; the levels'
    decisions are in ``HeuristicBot`` (``heuristic``) and the parts it is made of (``heuristic_trade``,
    ``heuristic_search``)."""

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
        self._own_weights = weights is None  # the level's, fitted to each game's rule modules (weights_for)
        self._fitted_to: tuple[str, ...] = ()
        self.rng = random.Random(seed)
        self.think_time = DEFAULT_THINK[level] if think_time is None else think_time
        # the seconds after which a search stops whatever its budget says (None: the think time); a test or
        # a benchmark that needs the same game on a loaded machine sets it longer
        self.clock_time: float | None = None
        self.tracker = CardTracker()
        self.last_reason: str | None = None
        self._answered: dict[tuple[Any, ...], tuple[Action, str]] = {}
        self._answer_count: dict[tuple[int, int], int] = {}
        self._offered: set[tuple[Any, ...]] = set()
        self.budget = Budget(0.0)  # this decision's think time, as work (set by ``choose``)
        self._knowledge: tuple[Any, ...] = ()  # this decision's rules, observation and options

    # ------------------------------------------------------------------------------------ evaluation

    def fit_weights(self, game: Game) -> None:
        """Use the level's weights for ``game``'s rule modules (``evaluate.MODULE_WEIGHTS``), unless the bot
        was given its own."""
        modules = tuple(game.rules.modules)
        if self._own_weights and modules != self._fitted_to:
            self.w = weights_for(self.level, modules)
            self._fitted_to = modules

    def _greedy(self, g: Game, p: int, pick: Callable[[Action], bool], steps: int) -> None:
        """Apply to ``g``, up to ``steps`` times, the ``pick`` move that improves it most for ``p``."""
        for _step in range(steps):
            if g.s.phase != "main" or g.current_player != p:
                return
            base = evaluate(g, p, self.w)
            best: tuple[float, Action] | None = None
            for a in g.legal_actions():
                if not pick(a):
                    continue
                g2 = g.clone()
                try:
                    g2.apply_unchecked(a)
                except (IllegalAction, IndexError, KeyError, ValueError, AssertionError):
                    continue
                v = evaluate(g2, p, self.w)
                if best is None or v > best[0]:
                    best = (v, a)
            if best is None or best[0] < base + 0.05:
                return
            g.apply_unchecked(best[1])

    def _after(self, world: Game, action: Action, p: int) -> Game | None:
        """A copy of ``world`` after ``action`` and any of ``p``'s forced follow-ups (robber, free roads)."""
        g = world.clone()
        try:
            g.apply_unchecked(action)
        except (IllegalAction, IndexError, KeyError, ValueError, AssertionError):
            return None
        depth = 0
        while depth < 5 and g.s.phase in FOLLOW_UPS and g.current_player == p:
            follow = g.legal_actions()
            if not follow:
                break
            g.apply_unchecked(self._follow_up(g, p, follow))
            depth += 1
        return g

    def _follow_up(self, g: Game, p: int, follow: list[Action]) -> Action:
        """The follow-up ``p`` would choose in ``g`` while valuing the move that led there."""
        if g.s.phase == "robber":
            return self._robber(g, p, follow)
        return max(follow, key=lambda a: self._value(g, a, p, follow_ups=False))

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

    def _valued(self, g: Game, a: Action, p: int, draws: bool) -> tuple[float, Game] | None:
        """The position after ``p``'s move ``a`` in ``g`` (with its forced follow-ups) and its value, a card
        drawn blind (``draws``) at the deck's expected card; one node. None when the move cannot be made."""
        g2 = self._after(g, a, p)
        self.budget.spend()
        if g2 is None:
            return None
        v = evaluate(g2, p, self.w)
        if draws:
            v += self._buy_correction(g, g2, p)
        return v, g2

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
