"""Rule module ``market`` (Catan a Dois, RULES.md D-4, D-5.3, D-9): the open market cards.

The market holds resource cards of its own (``pile_per_resource`` of each, D-2.1): a face-down pile, the open
cards and a discard pile. In the trade phase the active player buys one open card for as many of their own
cards (any kinds) as the difference of the two dice; a double closes the market for the turn (D-4.3), and a
resource exhausted in the bank costs ``exhausted_price_factor`` times as much (D-5.2b). The payment joins the
open cards; above ``open_cap`` the buyer puts the excess aside (phase ``market_cap``, D-4.5, Q-24). A resource
exhausted in the bank sells for two open cards of two other, different resources (D-5.3, Q-27). After a 7's
robber the open cards are renewed with ``renewal_cards`` new ones (D-4.6, Q-25). Monopoly also takes the
open cards (D-9.1, Q-35) and Year of Plenty falls back on the market when the bank is short (D-9.2, Q-36).

Actions (text form):

- ``market brick=1,ore=2 wool`` pay the bundle, take one open wool (D-4.4); any payment of the right size is
  legal, ``legal_actions`` lists one per open resource (the most plentiful cards first)
- ``market_sell ore for brick=1,grain=1`` an exhausted resource for two different open cards (D-5.3)
- ``market_discard grain=1`` put open cards above the cap aside (D-4.5)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..actions import (
    TRADE,
    UNDOABLE,
    Action,
    ActionKind,
    ArgReader,
    Bundle,
    bundle_ok,
    bundle_text,
    make_bundle,
    register_kind,
)
from ..errors import SnapshotError
from ..module import RuleModule, Setting, read_section, register
from ..queries import actor, counts, sub_bundles, trading_allowed
from ..reasons import Reason

if TYPE_CHECKING:
    import random

    from ..game import Game


@dataclass
class MarketState:
    """The market's cards as resource indices (top of the pile last) and the pending steps."""

    pile: list[int] = field(default_factory=list)
    open: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    excess: int = 0  # open cards the trader must put aside (phase market_cap)
    renewal_pending: bool = False  # a 7 renews the market after the robber (D-4.6, Q-25)

    def clone(self) -> MarketState:
        return MarketState(self.pile[:], self.open[:], self.discard[:], self.excess, self.renewal_pending)

    def count(self, r: int) -> int:
        """Cards of resource ``r`` anywhere in the market."""
        return self.pile.count(r) + self.open.count(r) + self.discard.count(r)


def state(g: Game) -> MarketState:
    """The market of ``g`` (raises KeyError when the game has no market)."""
    return g.s.modules["market"]


def _parse_market(r: ArgReader) -> Action:
    args = r.need(2)
    return Action("market", r.bundle(args[0]), r.name(args[1]))


def _parse_sell(r: ArgReader) -> Action:
    args = r.need(3)
    r.keyword(args[1], "for", "market_sell RESOURCE for GET")
    return Action("market_sell", r.name(args[0]), r.bundle(args[2]))


register_kind(ActionKind(
    "market", lambda a: f"market {bundle_text(a.a)} {a.b}", _parse_market,
    lambda a, b: bundle_ok(a) and isinstance(b, str), frozenset({TRADE, UNDOABLE}),
))
register_kind(ActionKind(
    "market_sell", lambda a: f"market_sell {a.a} for {bundle_text(a.b)}", _parse_sell,
    lambda a, b: isinstance(a, str) and bundle_ok(b), frozenset({TRADE, UNDOABLE}),
))
register_kind(ActionKind(
    "market_discard", lambda a: f"market_discard {bundle_text(a.a)}",
    lambda r: Action("market_discard", r.bundle(r.need(1)[0])), lambda a, b: bundle_ok(a) and b is None,
))


@register
class Market(RuleModule):
    """D-4, D-5.3, D-9: the open market."""

    NAME = "market"
    RULES = "D-2.1, D-4, D-5.2, D-5.3, D-9"
    TRADE_EVENTS = frozenset({"market", "market_sell"})  # cards bought from and sold to the market
    SETTINGS = {
        "pile_per_resource": Setting("count", 7, 0, "cards of each resource in the market (D-2.1)"),
        "open_cap": Setting("count", 7, 1, "most open cards after a purchase (D-4.5)"),
        "renewal_cards": Setting("count", 4, 1, "cards turned up after a 7 or a development (D-4.6)"),
        "exhausted_price_factor": Setting("count", 2, 1, "price factor of a resource gone from the bank"),
    }
    PHASES = ("market_cap",)
    ACTIONS = {"market": ("main",), "market_sell": ("main",), "market_discard": ("market_cap",)}
    OPEN_KINDS = frozenset({"market", "market_sell"})

    # ------------------------------------------------------------------------------------------ state

    def new_state(self, g: Game) -> MarketState:
        """D-2.1: shuffle the pile, roll one die and turn that many cards face up."""
        per = self.cfg["pile_per_resource"]
        pile = [r for r in range(len(self.rules.resources)) for _ in range(per)]
        g.rng.shuffle(pile)
        opened = g.rng.randint(1, 6)
        st = MarketState(pile=pile)
        st.open = [pile.pop() for _ in range(min(opened, len(pile)))]
        g.event("market_opened", cards=self._names(st.open))
        return st

    def _names(self, cards: list[int]) -> list[str]:
        return [self.rules.resources[r] for r in cards]

    def to_data(self, g: Game, st: MarketState) -> dict[str, Any]:
        return {
            "pile": self._names(st.pile), "open": self._names(st.open), "discard": self._names(st.discard),
            "excess": st.excess, "renewal_pending": st.renewal_pending,
        }

    def from_data(self, g: Game, data: Any) -> MarketState:
        if data is None:
            return MarketState()
        if not isinstance(data, dict):
            raise SnapshotError("modules.market must be a mapping")
        index = {r: i for i, r in enumerate(self.rules.resources)}

        def read() -> MarketState:
            cards = {key: [index[r] for r in data.get(key, [])] for key in ("pile", "open", "discard")}
            excess = data.get("excess", 0)
            if type(excess) is not int or excess < 0:
                raise ValueError("excess must be a whole number >= 0")
            return MarketState(cards["pile"], cards["open"], cards["discard"], excess,
                               bool(data.get("renewal_pending", False)))

        return read_section(data, self.NAME, read)

    def upgrade_v1(self, snapshot: Any) -> Any:
        old = snapshot.get("dois") or {}
        if not isinstance(old, dict):
            raise SnapshotError("dois must be a mapping")
        return {"pile": old.get("market_pile", []), "open": old.get("market_open", []),
                "discard": old.get("market_discard", []), "excess": old.get("market_excess", 0),
                "renewal_pending": old.get("renewal_pending", False)}

    def check(self, g: Game) -> list[str]:
        st = state(g)
        if g.s.phase == "market_cap" and st.excess <= 0:
            return ["a market_cap snapshot needs modules.market.excess"]
        return []

    def held_resources(self, g: Game) -> list[int]:
        st = state(g)
        return [st.count(r) for r in range(len(self.rules.resources))]

    def resource_supply(self) -> list[int]:
        return [self.cfg["pile_per_resource"]] * len(self.rules.resources)

    def sample_section(self, view: Any, obs: Mapping[str, Any], unseen: Mapping[str, Any],
                       rng: random.Random) -> Any:
        """D-2.1: the open cards and the discards are seen; the face-down pile is dealt from the resource
        cards no hand took."""
        pile = list(unseen.get("resources", ()))[: view["pile_size"]]
        return {"pile": pile, "open": view["open"], "discard": view["discard"], "excess": view["excess"],
                "renewal_pending": view["renewal_pending"]}

    def view(self, g: Game, seat: int) -> dict[str, Any]:
        """Public: the open cards, the discards, the pile's size (not its order or make-up), the prices."""
        st = state(g)
        names = self.rules.resources
        return {"pile_size": len(st.pile), "open": self._names(st.open), "discard": self._names(st.discard),
                "excess": st.excess, "renewal_pending": st.renewal_pending,
                "prices": {names[r]: price(g, r) for r in range(len(names))} if st.open else None}

    # ---------------------------------------------------------------------------------------- actions

    def actor(self, g: Game) -> int:
        return g.s.current

    def phase_actions(self, g: Game) -> list[Action]:
        """Every way to put ``excess`` open cards aside (Q-24: any open cards, the trader's choice)."""
        st = state(g)
        open_counts = [0] * len(self.rules.resources)
        for r in st.open:
            open_counts[r] += 1
        return [Action("market_discard", b) for b in sub_bundles(g, open_counts, st.excess)]

    def legal(self, g: Game, actions: list[Action]) -> list[Action]:
        if g.s.phase == "main":
            actions.extend(market_actions(g, g.s.current))
        return actions

    def explain(self, g: Game, action: Action) -> str | None:
        if action.kind == "market_discard":
            return Reason("market_cap_exactly", n=state(g).excess)
        return explain_market(g, action)

    def why_none(self, g: Game, kind: str) -> str | None:
        """No purchase now: the market's own reason (phase, no open cards, doubles, built), else the price."""
        if kind == "market_discard":
            return None
        general = explain_market(g, Action("market", (), None))
        if general is not None and general.code != "unknown_resource":
            return general
        if kind == "market_sell":
            return Reason("market_sell_not_exhausted")
        st = state(g)
        cheapest = min((price(g, r) or 0) for r in set(st.open)) if st.open else 0
        return Reason("market_price_min", n=cheapest)

    def apply(self, g: Game, action: Action) -> None:
        {"market": _do_market, "market_sell": _do_sell, "market_discard": _do_discard}[action.kind](g, action)

    # ----------------------------------------------------------------------------------------- events

    def on_roll(self, g: Game, total: int) -> None:
        if total == 7:
            state(g).renewal_pending = True  # D-4.6: after the discards, the robber and the steal

    def after_robber(self, g: Game, h: int, victim: int | None) -> None:
        if state(g).renewal_pending:
            renew(g)

    def extra_supply(self, g: Game, r: int) -> int:
        return state(g).count(r)

    def take_supply(self, g: Game, r: int) -> bool:
        """D-9.2 / Q-36: the open cards, then the pile (reshuffled), then the discards shuffled into it."""
        st = state(g)
        if r in st.open:
            st.open.remove(r)
        elif r in st.pile:
            st.pile.remove(r)
            g.rng.shuffle(st.pile)
        elif r in st.discard:
            st.pile.extend(st.discard)
            st.discard = []
            g.rng.shuffle(st.pile)
            st.pile.remove(r)
        else:
            return False
        return True

    def monopoly_take(self, g: Game, r: int) -> int:
        st = state(g)
        taken = st.open.count(r)
        st.open = [x for x in st.open if x != r]
        return taken


def settings(g: Game) -> dict[str, Any]:
    module = g.module("market")
    assert module is not None
    return module.cfg


def renewal_cards(g: Game) -> int:
    """How many market cards are turned up after a renewal or a development (D-4.6, D-6.4)."""
    return int(settings(g)["renewal_cards"])


def price(g: Game, r: int) -> int | None:
    """The cards one open market card of resource ``r`` costs this turn; None when the market is blocked
    (doubles, or no roll yet). An exhausted resource costs more (D-5.2b)."""
    dice = g.s.dice
    if not dice or dice[0] == dice[1]:
        return None
    base = abs(dice[0] - dice[1])
    if g.s.bank[r] == 0:
        return base * settings(g)["exhausted_price_factor"]
    return base


def market_count(g: Game, r: int) -> int:
    """Cards of resource ``r`` anywhere in the market (pile, open and discards)."""
    return state(g).count(r)


def market_open_now(g: Game) -> bool:
    """True while the active player may buy from the market (trade phase, open cards, no double)."""
    s = g.s
    return s.phase == "main" and bool(state(g).open) and price(g, 0) is not None and trading_allowed(g)


def market_actions(g: Game, p: int) -> list[Action]:
    """A representative set of market purchases (like domestic offers, any valid one is legal): for each
    open resource, pay with the cards of which the player holds most."""
    s = g.s
    if not market_open_now(g):
        return []
    st = state(g)
    names = g.rules.resources
    hand = s.hands[p]
    out: list[Action] = []
    for r in sorted(set(st.open)):
        cost = price(g, r)
        assert cost is not None
        if sum(hand) < cost:
            continue
        give = _cheapest_payment(hand, cost, avoid=r)
        out.append(Action("market", make_bundle({names[i]: n for i, n in enumerate(give) if n}), names[r]))
    for r, have in enumerate(hand):
        if have and s.bank[r] == 0:
            others = sorted({x for x in st.open if x != r})
            for i, a in enumerate(others):
                for b in others[i + 1 :]:
                    out.append(Action("market_sell", names[r], make_bundle({names[a]: 1, names[b]: 1})))
    return out


def _cheapest_payment(hand: list[int], cost: int, avoid: int) -> list[int]:
    """Pay ``cost`` cards taking from the largest piles first, keeping the bought resource if possible."""
    left = hand[:]
    give = [0] * len(hand)
    for _step in range(cost):
        order = sorted(range(len(left)), key=lambda i: (i == avoid, -left[i], i))
        i = next(i for i in order if left[i] > 0)
        left[i] -= 1
        give[i] += 1
    return give


def explain_market(g: Game, action: Action) -> str | None:
    """Why a market purchase or sale is not legal now, or None when it is (any valid payment counts)."""
    s = g.s
    st = state(g)
    if s.phase != "main":
        return Reason("market_not_trade_phase")
    if not st.open:
        return Reason("market_no_open_cards")
    if s.dice and s.dice[0] == s.dice[1]:
        return Reason("market_double")
    if not market_open_now(g):
        return Reason("trade_after_build")
    p = actor(g)
    hand = s.hands[p]
    idx = g.res_index
    if action.kind == "market":
        r = idx.get(action.b) if isinstance(action.b, str) else None
        give = counts(g, action.a) if isinstance(action.a, tuple) else None
        if r is None or give is None:
            return Reason("unknown_resource")
        if r not in st.open:
            return Reason("market_no_open_resource", resource=action.b)
        cost = price(g, r)
        if sum(give) != cost:
            return Reason("market_price", resource=action.b, n=cost)
        if any(h < n for h, n in zip(hand, give, strict=True)):
            return Reason("cards_not_held")
        return None
    r = idx.get(action.a) if isinstance(action.a, str) else None
    get = counts(g, action.b) if isinstance(action.b, tuple) else None
    if r is None or get is None:
        return Reason("unknown_resource")
    if s.bank[r] != 0:
        return Reason("market_sell_not_exhausted")
    if hand[r] < 1:
        return Reason("no_resource", resource=action.a)
    if sum(get) != 2 or max(get) != 1 or get[r]:
        return Reason("market_sell_two")
    if any(n and i not in st.open for i, n in enumerate(get)):
        return Reason("market_no_such_open")
    return None


def _do_market(g: Game, action: Action) -> None:
    """D-4.4: take the card, the payment joins the open cards, then the cap applies."""
    s, st = g.s, state(g)
    p = actor(g)
    r = g.res_index[action.b]
    give = counts(g, action.a)
    assert give is not None
    st.open.remove(r)
    s.hands[p][r] += 1
    for i, n in enumerate(give):
        s.hands[p][i] -= n
        st.open.extend([i] * n)
    g.event("market", seat=p, give=dict(action.a), get=action.b)
    _apply_cap(g)


def _do_sell(g: Game, action: Action) -> None:
    """D-5.3 / Q-27: the exhausted card joins the open cards; two other, different open cards come back."""
    s, st = g.s, state(g)
    p = actor(g)
    r = g.res_index[action.a]
    get = counts(g, action.b)
    assert get is not None
    s.hands[p][r] -= 1
    for i, n in enumerate(get):
        if n:
            st.open.remove(i)
            s.hands[p][i] += 1
    st.open.append(r)
    g.event("market_sell", seat=p, give=action.a, get=dict(action.b))
    _apply_cap(g)


def _apply_cap(g: Game) -> None:
    st = state(g)
    cap = settings(g)["open_cap"]
    if len(st.open) > cap:
        st.excess = len(st.open) - cap
        g.s.phase = "market_cap"


def _do_discard(g: Game, action: Action) -> None:
    s, st = g.s, state(g)
    out = counts(g, action.a)
    assert out is not None
    for i, n in enumerate(out):
        for _step in range(n):
            st.open.remove(i)
            st.discard.append(i)
    st.excess = 0
    g.event("market_discard", seat=s.current, cards=dict(action.a))
    s.phase = "main"


def renew(g: Game) -> None:
    """D-4.6 / Q-25: after a 7's robber, discard all open cards and turn up new ones, reshuffling the
    discards into the pile when it runs short (fewer if the whole market holds fewer)."""
    st = state(g)
    st.renewal_pending = False
    st.discard.extend(st.open)
    st.open = []
    want = renewal_cards(g)
    while len(st.open) < want:
        if not st.pile:
            if not st.discard:
                break
            st.pile = st.discard
            st.discard = []
            g.rng.shuffle(st.pile)
        st.open.append(st.pile.pop())
    g.event("market_renewed", cards=[g.rules.resources[r] for r in st.open])


def market_bundle(g: Game, cards: list[int]) -> Bundle:
    """The bundle of a list of resource indices."""
    names = g.rules.resources
    c = [0] * len(names)
    for r in cards:
        c[r] += 1
    return make_bundle({names[i]: n for i, n in enumerate(c) if n})
