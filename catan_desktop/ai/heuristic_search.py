"""The hard computer player's search (``heuristic``): it plans whole sequences of its turn (trade, then
build, then buy), and looks ahead at the other players' founding picks before placing a settlement. It
stops searching when its think-time budget (``_deadline``) is spent.
"""

from __future__ import annotations

import time

from ..engine import Action, Game
from .evaluate import NORMAL, board_info, evaluate, production
from .heuristic_core import HeuristicCore


class Planner(HeuristicCore):
    """The hard level's turn planner and founding look-ahead."""

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
            if _draws_card(a):
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
            if g0 is None or g0.s.phase != "main" or g0.current_player != p or _draws_card(a0):
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
            if a.kind in ("end", "offer", "canal_offer"):  # offers are decided apart from the plan
                continue
            g2 = self._after(g, a, p)
            if g2 is None:
                continue
            v = evaluate(g2, p, self.w)
            if _draws_card(a):
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
