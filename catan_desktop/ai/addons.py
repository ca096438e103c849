"""The computer player's decisions in the Frenemies (RULES.md Part A) and Helpers (Part H) add-ons.

Like every decision of ``heuristic``, these start from the seat's observation and a sampled world; the
other seats' favour tokens and the supply's order are the bot's own guesses (``knowledge``).

Frenemies. Tokens are valued by the favours they buy (``addons_value``), so the evaluation itself earns
and spends them: a guild favour is used when what it brings now (a chip, a card that completes a build, a
road to a spot, the merchants' swaps it is followed by) is worth more than holding its tokens; a road that
joins districts (A-3.3) is worth its three tokens, so it is built when it is useful anyway or nearly so. On
top of that: a harmless robber move (A-3.1) counts the token it earns against the harm it forgoes; before
ending its turn the bot offers a surplus card to a player who is behind when the expected token is worth
more than the card and the help (A-3.2); a gift offered to it is accepted when the card is worth more to
it than the giver's favour is to the giver, weighted by how far the giver leads (the same for a human's
gift as for a computer's); the token returned after an exchange is the least useful one, and the first
to draw after a join (A-3.3) is the player furthest behind.

Helpers. Each card's own uses are candidate moves valued with their follow-ups (a payment, a pick, and
the flip or swap, H-3.2), against the worth of holding the card, so a card is used when its effect beats
waiting; the merchants' favour and the free port are valued with the swaps or 2:1 trades they lead to. A
prompt (a roll that gave nothing, a 7) is always answered: the spare on a 7 when over the limit, else the
card the hand misses most. After a use the bot keeps the card (flip) or takes the display card whose next
use is worth most (swap).
"""

from __future__ import annotations

from typing import Any

from ..engine import Action, Game, IllegalAction
from ..i18n import _
from .addons_value import (
    FRENEMIES,
    HELPERS,
    OPPONENT_TOKEN,
    SIDE_A,
    exchange_gain,
    expected_token,
    helper_worth,
)
from .evaluate import board_info, evaluate, opponent_score
from .heuristic_core import HeuristicCore

ADDON_PHASES = frozenset(
    {
        "gift_answer",
        "favour_return",
        "favour_order",
        "helper_prompt",
        "helper_pay",
        "helper_pick",
        "helper_after",
    }
)
FAVOUR_KINDS = frozenset({"gift", "favour", "exchange_favour", "merchant_swap"})
GIFT_MARGIN = 0.15  # a gift is offered when the expected token beats the card and the help by this much
_ERRORS = (IllegalAction, IndexError, KeyError, ValueError, AssertionError)


class AddonPlayer(HeuristicCore):
    """The add-ons' decisions and valuations (mixed into ``HeuristicBot``)."""

    # ---------------------------------------------------------------------------- the module phases

    def _addon_phase(self, world: Game, p: int, legal: list[Action], obs: dict[str, Any]) -> Action:
        """An answer in one of the add-ons' own phases (``ADDON_PHASES``)."""
        phase = obs["phase"]
        if phase == "gift_answer":
            return self._gift_answer(world, p, obs)
        if phase == "favour_order":
            return self._favour_first(world, p, legal)
        if phase == "helper_prompt":
            return self._helper_prompt(world, p, legal)
        if phase == "helper_after":
            return self._follow_up(world, p, legal)
        return self._best(world, p, legal)  # the token to return, the card to pay or to pick

    def _gift_answer(self, world: Game, p: int, obs: dict[str, Any]) -> Action:
        """A-3.2: a card for us against a favour for the giver. Refused when it helps a leading giver more
        than it helps us, or the giver is about to win (easy weighs only the card)."""
        offer = obs["modules"][FRENEMIES]["offer"]
        giver, name = offer["from"], offer["resource"]
        r = world.rules.resources.index(name)
        n = len(world.rules.resources)
        gain = self._hand_delta(world, p, [int(i == r) for i in range(n)], [0] * n)
        others = [world.visible_vp(q) for q in range(world.s.players) if q != giver]
        near_win = world.visible_vp(giver) >= world.vp_target - 2
        if self.level == "easy":
            weight = 0.0
        elif near_win:
            weight = 4.0
        elif world.visible_vp(giver) > max(others):
            weight = 1.0  # the leader: its favour counts as much as our card
        else:
            weight = 0.3
        if gain > 0 and gain >= weight * OPPONENT_TOKEN:
            self.last_reason = _("I need {resource}.", resource=_(name))
            return Action("accept_gift")
        self.last_reason = _("You're about to win.") if near_win else _("That doesn't help me.")
        return Action("refuse_gift")

    def _favour_first(self, world: Game, p: int, legal: list[Action]) -> Action:
        """A-3.3: let the player furthest behind draw first from the short supply."""
        info = board_info(world)
        return min(legal, key=lambda a: (opponent_score(world, a.a, info, self.w), a.a))

    def _helper_prompt(self, world: Game, p: int, legal: list[Action]) -> Action:
        """A 7 or a roll that gave us nothing: keep our cards if we may, else take the card we miss most."""
        spare = [a for a in legal if a.kind == "helper_spare"]
        if spare:
            return spare[0]
        takes = [a for a in legal if a.kind == "helper_take"]
        if not takes:
            return Action("helper_decline")
        names = world.rules.resources
        return max(
            takes,
            key=lambda a: self._hand_delta(world, p, [int(n == a.a) for n in names], [0] * len(names)),
        )

    # ------------------------------------------------------------------------------ own turn: gifts

    def _turn_moves(self, legal: list[Action], phase: str) -> list[Action]:
        """The candidates for the evaluation: gifts are decided at the end of the turn (``_maybe_gift``),
        and favours wait until after the roll (the hand they are weighed against is known then)."""
        if phase == "roll":
            return [a for a in legal if a.kind not in FAVOUR_KINDS] or legal
        return [a for a in legal if a.kind != "gift"] or legal

    def _maybe_gift(self, world: Game, p: int, legal: list[Action]) -> Action | None:
        """A-3.2: before ending the turn, a surplus card to a player who is behind, when the token it
        earns is worth more than the card and the help it gives; None when no gift is worth it."""
        gifts = [a for a in legal if a.kind == "gift"]
        if not gifts or FRENEMIES not in world.s.modules:
            return None
        token = expected_token(world, p, self.w)
        if token <= 0:
            return None
        names = world.rules.resources
        info = board_info(world)
        strongest = max(
            (q for q in range(world.s.players) if q != p),
            key=lambda q: opponent_score(world, q, info, self.w),
        )
        best: tuple[float, Action] | None = None
        loss: dict[str, float] = {}
        for a in gifts:
            if a.a not in loss:
                r = names.index(a.a)
                one = [int(i == r) for i in range(len(names))]
                loss[a.a] = -self._hand_delta(world, p, [0] * len(names), one)
            help_cost = 0.0 if self.level == "easy" else (1.0 if a.b == strongest else 0.35)
            value = token - loss[a.a] - help_cost
            key = value - 0.01 * world.visible_vp(a.b)  # the one furthest behind first
            if value > GIFT_MARGIN and (best is None or key > best[0]):
                best = (key, a)
        return best[1] if best is not None else None

    # ------------------------------------------------------------------------------------ valuation

    def _value(self, world: Game, action: Action, p: int, follow_ups: bool = True) -> float:
        kind = action.kind
        if kind == "exchange_favour":  # the expected draw, less the token returned
            return evaluate(world, p, self.w) + exchange_gain(world, p, self.w) - 0.1
        if kind == "favour" and action.a == "teacher":  # the expected card, not the sample's
            g = self._after(world, action, p)
            if g is None:
                return -1e9
            return evaluate(g, p, self.w) + self._buy_correction(world, g, p)
        return super()._value(world, action, p, follow_ups)

    def _after(self, world: Game, action: Action, p: int) -> Game | None:
        g = super()._after(world, action, p)
        if g is None:
            return None
        if action.kind == "favour" and action.a == "merchant":  # the two swaps it is for
            self._greedy(g, p, lambda a: a.kind == "merchant_swap", 2)
        elif action.kind == "helper_free_port":  # the 2:1 trades it is for
            port = action.a
            self._greedy(g, p, lambda a: a.kind == "maritime" and a.a == port, 2)
        return g

    def _follow_up(self, g: Game, p: int, follow: list[Action]) -> Action:
        if g.s.phase == "helper_after":  # H-3.2: flip, or swap for the display card worth most
            hs = g.s.modules[HELPERS]
            card = hs.held[p]
            assert card is not None

            def worth(a: Action) -> float:
                if a.kind == "helper_flip":
                    return helper_worth(g, p, card)
                return helper_worth(g, p, a.a) * SIDE_A

            return max(follow, key=worth)
        return super()._follow_up(g, p, follow)

    def _robber_value(self, world: Game, action: Action, p: int) -> float:
        """A-3.1: a harmless robber move also earns a favour token."""
        v = super()._robber_value(world, action, p)
        if FRENEMIES in world.s.modules and _harmless(world, action):
            v += expected_token(world, p, self.w)
        return v


def _harmless(g: Game, action: Action) -> bool:
    """A-3.1: a hex with no building next to it, or the desert without a steal."""
    h = g.topo.hex_index[str(action.a).partition("/")[0]]
    if all(g.s.node_owner[n] < 0 for n in g.topo.hex_nodes[h]):
        return True
    return g.terrain_res[h] is None and action.b is None
