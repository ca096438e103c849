"""Rule module ``terrain_development`` (Catan a Dois, RULES.md D-6, Q-29 to Q-31): develop a hex.

In the trade-and-build phase, after the roll, the active player puts one or more number tokens from their
reserve (``token_removal``) on a non-desert hex next to one of their buildings, paying ``cost`` (grain +
wool + ore) or discarding an unused development card (Q-29). They then take, from the whole market
(``market``), as many cards of the hex's resource as the hex now has tokens; the market is reshuffled and
new cards turned up (D-6.4, Q-30). Each token is a separate trigger that produces (D-6.5, Q-31).

Action (text form): ``develop 2.3 cards 4,10`` put reserve tokens 4 and 10 on hex 2.3 paying the cards, or
``develop 2.3 knight 4`` paying by discarding an unused knight.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from ..actions import Action, ActionKind, ArgReader, register_kind
from ..errors import ActionParseError
from ..module import RuleModule, Setting, register
from ..perform import discard_dev_card
from ..queries import actor, add_token, tokens_of
from ..reasons import Reason
from ..ruleset import DEV_KINDS
from . import market
from .token_removal import state as reserve_state

if TYPE_CHECKING:
    from ..game import Game


def _parse(r: ArgReader) -> Action:
    args = r.need(3)
    hex_id = r.hex_id(args[0])
    tokens = tuple(r.integer(w) for w in args[2].split(","))
    if list(tokens) != sorted(tokens):
        raise ActionParseError(f"action {r.text!r}: list the tokens in increasing order")
    return Action("develop", hex_id, (r.name(args[1]), tokens))


def _shape(a: Any, b: Any) -> bool:
    return (
        isinstance(a, str)
        and isinstance(b, tuple)
        and len(b) == 2
        and isinstance(b[0], str)
        and isinstance(b[1], tuple)
        and all(type(x) is int for x in b[1])
    )


register_kind(ActionKind(
    "develop", lambda a: f"develop {a.a} {a.b[0]} {','.join(str(x) for x in a.b[1])}", _parse, _shape
))


def development_cost(g: Game) -> list[int]:
    """The cards paid per development (D-6.2), per resource in the rule file's order."""
    module = g.module("terrain_development")
    assert module is not None
    return list(module.cfg["cost"])


@register
class TerrainDevelopment(RuleModule):
    """D-6: reserve tokens onto a hex next to one's building."""

    NAME = "terrain_development"
    RULES = "D-6, Q-29, Q-30, Q-31"
    REQUIRES = ("token_removal", "market")
    SETTINGS = {
        "cost": Setting("resources", {"grain": 1, "wool": 1, "ore": 1}, 1, "paid per development (D-6.2)")
    }
    ACTIONS = {"develop": ("main",)}
    DEV_CARDS_MAY_LEAVE = True  # a development card may pay for a development

    def legal(self, g: Game, actions: list[Action]) -> list[Action]:
        if g.s.phase == "main":
            actions.extend(development_actions(g, g.s.current))
        return actions

    def why_none(self, g: Game, kind: str) -> str | None:
        """No development now: the reserve is empty (D-6.6), the dice are not rolled yet, or the cost."""
        p = actor(g)
        if not reserve_state(g).reserve[p]:
            return Reason("develop_reserve_empty")
        if g.s.phase != "main" or not g.s.dice:
            return Reason("develop_after_roll")
        cost = {r: n for r, n in zip(g.rules.resources, self.cfg["cost"], strict=True) if n}
        return Reason("develop_rule", cost=cost)

    def explain(self, g: Game, action: Action) -> str | None:
        if action in development_actions(g, actor(g)):
            return None
        cost = {r: n for r, n in zip(g.rules.resources, self.cfg["cost"], strict=True) if n}
        return Reason("develop_rule", cost=cost)

    def apply(self, g: Game, action: Action) -> None:
        """D-6.3/D-6.4 / Q-30: place the tokens, pay, and take as many cards of the hex's resource as it
        now has tokens from the whole market, which is then reshuffled and new cards turned up."""
        s = g.s
        p = actor(g)
        h = g.topo.hex_index[action.a]
        pay, tokens = action.b
        cost = self.cfg["cost"]
        if pay == "cards":
            for i, c in enumerate(cost):
                s.hands[p][i] -= c
                s.bank[i] += c
        else:  # the card leaves the game
            discard_dev_card(g, p, pay)
        reserve = reserve_state(g).reserve[p]
        for t in tokens:
            reserve.remove(t)
            add_token(g, h, t)
        g.refresh_board()
        r = g.terrain_res[h]
        want = len(tokens_of(g, h))
        st = market.state(g)
        cards = st.pile + st.open + st.discard
        got = min(want, cards.count(r))
        for _step in range(got):
            cards.remove(r)
        s.hands[p][r] += got
        g.rng.shuffle(cards)
        st.pile, st.open, st.discard = cards, [], []
        for _step in range(min(market.renewal_cards(g), len(st.pile))):
            st.open.append(st.pile.pop())
        s.built = True
        paid = {g.rules.resources[i]: n for i, n in enumerate(cost) if n} if pay == "cards" else {}
        g.event("develop", seat=p, hex=action.a, tokens=list(tokens), paid=pay, cards=paid, got=got,
                resource=g.rules.resources[r])  # fmt: skip
        g.event("market_renewed", cards=[g.rules.resources[x] for x in st.open])


def development_actions(g: Game, p: int) -> list[Action]:
    """D-6.1/D-6.2/D-6.3: a non-desert hex next to your buildings; 1..all of your reserve tokens; paid with
    the cost in cards or by discarding any unused development card (Q-29)."""
    s = g.s
    reserve = sorted(reserve_state(g).reserve[p])
    if not reserve or s.phase != "main" or not s.dice:
        return []
    payments: list[str] = []
    if all(h >= c for h, c in zip(s.hands[p], development_cost(g), strict=True)):
        payments.append("cards")
    payments.extend(k for i, k in enumerate(DEV_KINDS) if s.dev_hand[p][i] > 0)
    if not payments:
        return []
    hexes = sorted(
        {h for n in s.buildings_of[p] for h in g.topo.node_hexes[n] if g.terrain_res[h] is not None}
    )
    token_sets = sorted({c for k in range(1, len(reserve) + 1) for c in combinations(reserve, k)})
    return [
        Action("develop", g.topo.hex_ids[h], (pay, tokens))
        for h in hexes
        for tokens in token_sets
        for pay in payments
    ]
