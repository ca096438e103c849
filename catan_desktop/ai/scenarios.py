"""The computer player's decisions on the scenario maps (RULES.md Part S): Corsica, New York, the Erie Canal.

Like every decision of ``heuristic``, these start from the seat's observation and a sampled world; the
scenario's state (chips, location spaces, canal tokens) is public, so the world holds it exactly.

Most of the scenario needs no decision of its own: the legal actions already keep roads on the marked paths
and out of unsettled towns (Q-47) and settlements on location spaces (S-3.1), and the evaluation
(``evaluate`` with ``scenarios_value``) counts a Catan chip as the victory point it is (a road that reaches a
chip spot is worth a point), a red path's harbour for the road on it (S-3.3), and a canal token as a turn's
2:1 trade (S-5.3); a road that earns a token is worth it, so it is built when it is useful anyway or nearly
so. On top of that:

- **Playing a token** (S-5.3) is valued with the 2:1 bank trades it is for (``_after``: the trades of the
  named resource that improve the position), so a token is played when those trades lead towards a build
  by more than the token is worth held.
- **Trading tokens** (S-5.4): an offer to the active player is answered by its worth to us (the cards and
  tokens we get less those we give), refused to a player about to win, and, above the easy level, a little
  reluctantly to the leader. In its own turn a normal or hard bot buys a token with a card it can spare
  when playing it now would pay, or sells a token it cannot use for a card it misses; at most one canal
  offer a turn, never to a player about to win.
"""

from __future__ import annotations

from typing import Any

from ..engine import Action, Game, IllegalAction
from ..engine.queries import trading_allowed
from ..i18n import _
from .evaluate import evaluate
from .heuristic_core import HeuristicCore
from .scenarios_value import CANAL, tokens_value

SCENARIO_PHASES = frozenset({"canal_answer"})
TOKEN = "canal"
OFFER_MARGIN = 0.3  # a canal offer is made when it gains this much (evaluation units)
_ERRORS = (IllegalAction, IndexError, KeyError, ValueError, AssertionError)


class ScenarioPlayer(HeuristicCore):
    """The scenario's decisions and valuations (mixed into ``HeuristicBot``)."""

    # ---------------------------------------------------------------------------- the module phases

    def _scenario_phase(self, world: Game, p: int, legal: list[Action], obs: dict[str, Any]) -> Action:
        """An answer in one of the scenario's own phases (``SCENARIO_PHASES``): a canal token trade."""
        offer = obs["modules"][CANAL]["offer"]
        giver = obs["active"]
        accept = any(a.kind == "canal_accept" for a in legal)
        if not accept:
            self.last_reason = _("I can't pay that.")
            return Action("canal_reject")
        if self.level != "easy" and world.visible_vp(giver) >= world.vp_target - 2:
            self.last_reason = _("You're about to win.")
            return Action("canal_reject")
        gain = self._items_delta(world, p, offer["give"], offer["get"])
        threshold = 0.0 if self.level == "easy" else 0.25
        others = [world.visible_vp(q) for q in range(world.s.players) if q != giver]
        if self.level != "easy" and world.visible_vp(giver) > max(others):
            threshold += 0.4  # a little more reluctant to help the leader
        if gain > threshold:
            self.last_reason = _("That helps me.")
            return Action("canal_accept")
        self.last_reason = _("That doesn't help me.")
        return Action("canal_reject")

    def _items_delta(self, world: Game, p: int, gain: dict[str, int], loss: dict[str, int]) -> float:
        """What getting ``gain`` and giving ``loss`` (resource cards and canal tokens) is worth to ``p``."""
        names = world.rules.resources
        cards_in = [gain.get(r, 0) for r in names]
        cards_out = [loss.get(r, 0) for r in names]
        held = world.s.modules[CANAL].tokens[p]
        after = held + gain.get(TOKEN, 0) - loss.get(TOKEN, 0)
        if after < 0:
            return -1e9
        return self._hand_delta(world, p, cards_in, cards_out) + tokens_value(after) - tokens_value(held)

    # ------------------------------------------------------------------------------------ own turn

    def _turn_moves(self, legal: list[Action], phase: str) -> list[Action]:
        """Canal offers are decided apart (``_maybe_canal_offer``), not valued as moves."""
        return super()._turn_moves([a for a in legal if a.kind != "canal_offer"] or legal, phase)

    def _maybe_canal_offer(self, game: Game, world: Game, p: int, obs: dict[str, Any]) -> Action | None:
        """S-5.4: buy a token with a spare card when playing it now pays, or sell an unusable one for a card
        we miss; normal and hard only, one canal offer a turn, never to a player about to win."""
        st = world.s.modules.get(CANAL)
        if st is None or self.level == "easy" or not trading_allowed(world) or world.s.built:
            return None
        key = ("canal", obs["turn"], p)
        if key in self._offered:
            return None
        names = world.rules.resources
        hand = world.s.hands[p]
        seats = [q for q in range(world.s.players) if q != p and world.visible_vp(q) < world.vp_target - 2]
        base = evaluate(world, p, self.w)
        best: tuple[float, Action] | None = None
        if not st.tokens[p]:  # buy: a token would pay now, for the card that costs us least
            sellers = [q for q in seats if st.tokens[q]]
            gain = self._token_play_gain(world, p, base) if sellers else 0.0
            for i in range(len(names)) if gain > 0 else ():
                if not hand[i]:
                    continue
                cost = -self._hand_delta(world, p, [0] * len(names), [int(j == i) for j in range(len(names))])
                value = gain - cost
                if value > OFFER_MARGIN and (best is None or value > best[0]):
                    q = min(sellers, key=lambda s: (world.visible_vp(s), s))
                    best = (value, Action("canal_offer", q, (((names[i], 1),), ((TOKEN, 1),))))
        elif self._token_play_gain(world, p, base) <= 0:  # sell: for the card we miss most
            for i in range(len(names)):
                value = self._items_delta(world, p, {names[i]: 1}, {TOKEN: 1})
                if value > OFFER_MARGIN and seats and (best is None or value > best[0]):
                    q = max(seats, key=lambda s: (world.s.hands[s][i] > 0, -world.visible_vp(s), -s))
                    best = (value, Action("canal_offer", q, (((TOKEN, 1),), ((names[i], 1),))))
        if best is None or not game.is_legal(best[1]):
            return None
        self._offered.add(key)
        wanted = best[1].b[1][0][0]
        self.last_reason = (_("I need a canal token.") if wanted == TOKEN
                            else _("I need {resource}.", resource=_(wanted)))
        return best[1]

    def _token_play_gain(self, world: Game, p: int, base: float) -> float:
        """What playing one more canal token now, with its best resource and trades, adds (token aside)."""
        g = world.clone()
        st = g.s.modules[CANAL]
        st.tokens[p] += 1
        best = 0.0
        for a in [x for x in g.legal_actions() if x.kind == "canal"]:
            after = self._after(g, a, p)
            if after is not None:
                best = max(best, evaluate(after, p, self.w) - base)
        return best

    # ------------------------------------------------------------------------------------ valuation

    def _after(self, world: Game, action: Action, p: int) -> Game | None:
        g = super()._after(world, action, p)
        if g is not None and action.kind == "canal":  # S-5.3: the 2:1 trades it is for
            self._greedy(g, p, lambda a: a.kind == "maritime" and a.a == action.a, 3)
        return g
