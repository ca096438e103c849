"""The hard computer player's search (``heuristic``): it plans whole sequences of its turn (trade, then
build, then buy), values where each would end the turn by the coming round's rolls (``lookahead``), and
looks ahead at the other players' founding picks before placing a settlement. It stops searching when its
think-time budget (``budget.Budget``, counted in search nodes) is spent.
"""

from __future__ import annotations

from ..engine import Action, Game
from .budget import SAMPLE_COST
from .evaluate import NORMAL, board_info, evaluate, production
from .heuristic_core import HeuristicCore
from .knowledge import sample_world
from .lookahead import Hands, Memo, RoundModel, robbed_share, sample_rounds

Leaf = tuple[float, Action | None, Game]  # a position where the turn could end: static value, first move, it
# the hard level's look-ahead passes: (how many of the best leaves, how many sampled rounds each); each pass
# weighs more of the plans on more rolls; a pass runs only when what is left of the budget pays for all of
# it, and the last pass decides
LOOKAHEAD_PASSES = ((6, 32), (12, 64), (24, 128), (48, 256))
WORLDS = 4  # sampled worlds the look-ahead takes the others' hidden hands from (fair: the seat's knowledge)
PLAN_SHARE = 0.6  # of a decision's budget, what longer plans may take before the look-ahead's passes


class Planner(HeuristicCore):
    """The hard level's turn planner and founding look-ahead. Its breadth is per class (the expert searches
    wider and deeper: ``expert.ExpertBot``); the budget still ends a search that runs long."""

    PASSES = LOOKAHEAD_PASSES
    N_WORLDS = WORLDS
    FIRST_MOVES = 6  # the best first moves of the turn that longer plans start from
    BEAM = 4  # the best moves each further step of a plan goes on from
    PLAN_DEPTH = 2  # further moves after the first in one plan
    FOUNDING = 8  # the best founding spots looked ahead from
    OTHERS_BY_OWN_VALUE = False  # the others' founding picks modelled by this bot's own value, not pips

    def _plan_turn(self, world: Game, p: int, legal: list[Action]) -> Action:
        """Search sequences of up to three of our own moves, value where each would end the turn by what the
        coming round's rolls make of it (``lookahead``), and return the first move of the best."""
        candidates = [a for a in legal if a.kind not in ("offer",)]
        end_leaf: Leaf = (evaluate(world, p, self.w), None, world)
        leaves: list[Leaf] = [end_leaf]
        first: list[tuple[float, Action, Game]] = []
        for a in candidates:
            if a.kind == "end":
                continue
            valued = self._valued(world, a, p, _draws_card(a))
            if valued is None:
                continue
            first.append((valued[0], a, valued[1]))
            leaves.append((valued[0], a, valued[1]))
        if not first:
            return Action("end")
        first.sort(key=lambda t: -t[0])
        for _v0, a0, g0 in first[: self.FIRST_MOVES]:
            if self.budget.spent() or self.budget.used >= PLAN_SHARE * self.budget.nodes:
                break  # the rest of the budget is the look-ahead's
            if g0.s.phase != "main" or g0.current_player != p or _draws_card(a0):
                continue
            self._extend(g0, p, self.PLAN_DEPTH, a0, leaves)
        return self._pick(world, p, leaves, end_leaf)

    def _extend(self, g: Game, p: int, depth: int, first: Action, leaves: list[Leaf]) -> None:
        """Add to ``leaves`` the positions reachable from ``g`` within ``depth`` more of our moves (greedy
        beam of ``BEAM``), each with ``first``, the move that starts its sequence."""
        if depth == 0 or self.budget.spent():
            return
        options = []
        for a in g.legal_actions():
            if a.kind in ("end", "offer", "canal_offer"):  # offers are decided apart from the plan
                continue
            g2 = self._after(g, a, p)
            self.budget.spend()
            if g2 is None:
                continue
            v = evaluate(g2, p, self.w)
            if _draws_card(a):
                v += self._buy_correction(g, g2, p)
            options.append((v, a, g2))
            leaves.append((v, first, g2))
        options.sort(key=lambda t: -t[0])
        for _v, a, g2 in options[: self.BEAM]:
            if not _draws_card(a) and g2.s.phase == "main" and g2.current_player == p:
                self._extend(g2, p, depth - 1, first, leaves)

    def _pick(self, world: Game, p: int, leaves: list[Leaf], end_leaf: Leaf) -> Action:
        """The first move of the best leaf: by static value, then (``lookahead``) re-ranked in passes of more
        leaves and more sampled rounds while the budget can pay for a whole pass (``LOOKAHEAD_PASSES``); the
        last pass decides."""
        leaves.sort(key=lambda t: -t[0])
        best = leaves[0]
        w = self.w
        if w.lookahead:
            worlds: list[Hands] | None = None
            memo: Memo = {}  # hand values, shared by the leaves (one turn: the same rules and dice odds)
            models: dict[int, RoundModel] = {}  # each leaf's round, built on its first pass
            for count, samples in self.PASSES:
                top = leaves[:count]
                if end_leaf not in top:
                    top.append(end_leaf)
                cost = len(top) * samples * SAMPLE_COST
                if self.budget.left() < cost:
                    break
                self.budget.spend(cost)
                if worlds is None:
                    worlds = self._other_worlds(p)
                rolls = sample_rounds(world, self.rng, samples)
                scored = []
                for v, a, g in top:
                    model = models.get(id(g))
                    if model is None:
                        model = models[id(g)] = RoundModel(g, p, w, robbed_share(g, p), worlds)
                    scored.append((v + w.lookahead * model.value(rolls, memo), (v, a, g)))
                scored.sort(key=lambda t: -t[0])
                best = scored[0][1]
                end_v = next(v for v, leaf in scored if leaf[1] is None)
                if scored[0][0] < end_v + 0.05:
                    best = end_leaf
        elif best[0] < end_leaf[0] + 0.05:
            best = end_leaf
        return best[1] or Action("end")

    def _other_worlds(self, p: int) -> list[Hands]:
        """The hands of ``N_WORLDS - 1`` more worlds sampled from what ``p``'s seat knows (the others' hidden
        cards dealt again), for the others' replies in the look-ahead; one node each. none outside ``choose``
        (no observation to sample from): the look-ahead then uses the decision's own world only."""
        if not self._knowledge:
            return []
        rules, obs, options = self._knowledge
        worlds: list[Hands] = []
        for _ in range(self.N_WORLDS - 1):
            self.budget.spend()
            worlds.append(sample_world(rules, obs, self.tracker, self.rng, options).s.hands)
        return worlds

    def _hard_founding(self, world: Game, p: int, legal: list[Action]) -> Action:
        """First or second settlement: look ahead at the picks the others will make before our next one."""
        ranked = sorted(legal, key=lambda a: -self._value(world, a, p))
        self.budget.spend(len(legal))
        s = world.s
        queue = s.setup_queue[s.setup_index + 1 :]
        if p not in queue:  # our last founding pick: nothing to look ahead to
            return ranked[0]
        before_us = queue[: queue.index(p)]
        best_a, best_v = ranked[0], -1e18
        for a in ranked[: self.FOUNDING]:
            if self.budget.spent():
                break
            g = world.clone()
            g.apply_unchecked(a)
            _take_token(g, p, self)
            # our road: the greedy choice
            roads = g.legal_actions()
            if g.s.phase == "setup_road" and roads:
                g.apply_unchecked(max(roads, key=lambda r: self._value(g, r, p)))
                self.budget.spend(1 + len(roads))
            for q in before_us:  # each other player takes the spot best for them (by our normal model)
                if g.s.phase != "setup_settlement":
                    break
                spots = g.legal_actions()
                if self.OTHERS_BY_OWN_VALUE:
                    pick = max(spots, key=lambda x: self._value(g, x, q, follow_ups=False))
                    self.budget.spend(len(spots))
                else:
                    pick = max(spots, key=lambda x: _spot_score(g, x.a, q))
                g.apply_unchecked(pick)
                _take_token(g, q, None)
                roads = g.legal_actions()
                if g.s.phase == "setup_road" and roads:
                    g.apply_unchecked(roads[0])
            if g.s.phase == "setup_settlement" and g.current_player == p:
                spots = g.legal_actions()
                v = max(self._value(g, x, p) for x in spots) if spots else evaluate(g, p, self.w)
                self.budget.spend(len(spots))
            else:
                v = evaluate(g, p, self.w)
            if v > best_v:
                best_v, best_a = v, a
        return best_a


def _draws_card(a: Action) -> bool:
    """A move that draws a development card blind: a purchase, or the teachers' favour (Frenemies, A-6)."""
    return a.kind == "buy" or (a.kind == "favour" and a.a == "teacher")


def _take_token(g: Game, q: int, bot: HeuristicCore | None) -> None:
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
