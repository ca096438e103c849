"""Rule module ``remote_cards`` (Catan a Dois, RULES.md D-7, Q-32, Q-33): remote-area cards.

Building a settlement, or upgrading one to a city, on the coast or next to an unproductive hex draws the
top card of a separate deck (``deck``: victory points and progress cards, D-2.1); it is not refilled
(D-7.3). The card is kept as a development card (bought this turn), or exchanged in the same turn for
``exchange`` (grain + wool + ore) from the bank, if the bank holds all of it (D-7.2, Q-33).

Action (text form): ``remote_exchange monopoly`` the remote-area card drawn this turn for the exchange.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..actions import Action, ActionKind, register_kind
from ..errors import SnapshotError
from ..module import RuleModule, Setting, read_section, register
from ..queries import actor, tokens_of
from ..reasons import Reason
from ..ruleset import DEV_KINDS

if TYPE_CHECKING:
    import random

    from ..game import Game


@dataclass
class RemoteDeck:
    """The remote-area deck (top last) and the cards the active player drew this turn."""

    deck: list[str] = field(default_factory=list)
    drawn: list[str] = field(default_factory=list)

    def clone(self) -> RemoteDeck:
        return RemoteDeck(self.deck[:], self.drawn[:])


def state(g: Game) -> RemoteDeck:
    """The remote-area deck of ``g`` (raises KeyError when the module is off)."""
    return g.s.modules["remote_cards"]


def drawn_this_turn(g: Game) -> list[str]:
    """The remote-area cards the active player drew this turn ([] when the module is off)."""
    st = g.s.modules.get("remote_cards")
    return list(st.drawn) if st is not None else []


def exchange_cards(g: Game) -> list[int]:
    """The cards a remote-area card is exchanged for (D-7.2), per resource in the rule file's order."""
    module = g.module("remote_cards")
    assert module is not None
    return list(module.cfg["exchange"])


register_kind(ActionKind(
    "remote_exchange", lambda a: f"remote_exchange {a.a}",
    lambda r: Action("remote_exchange", r.name(r.need(1)[0])), lambda a, b: isinstance(a, str) and b is None,
))


@register
class RemoteCards(RuleModule):
    """D-7: building on the coast or by an unproductive hex draws a remote-area card."""

    NAME = "remote_cards"
    RULES = "D-2.1, D-7, Q-32, Q-33"
    SETTINGS = {
        "deck": Setting("dev_cards", {"victory_point": 3, "road_building": 1, "year_of_plenty": 1,
                                      "monopoly": 1}, 0, "the remote-area deck (D-2.1)"),
        "exchange": Setting("resources", {"grain": 1, "wool": 1, "ore": 1}, 1, "a card's exchange (D-7.2)"),
    }
    ACTIONS = {"remote_exchange": ("main",)}
    DEV_CARDS_MAY_LEAVE = True  # an exchanged card leaves the game
    TRADE_EVENTS = frozenset({"remote_exchange", "remote_card"})  # D-7.2: a remote-area card for resources

    def new_state(self, g: Game) -> RemoteDeck:
        deck = [k for k, n in sorted(self.cfg["deck"].items()) for _ in range(n)]
        g.rng.shuffle(deck)
        return RemoteDeck(deck, [])

    def to_data(self, g: Game, st: RemoteDeck) -> dict[str, Any]:
        return {"deck": list(st.deck), "drawn": list(st.drawn)}

    def from_data(self, g: Game, data: Any) -> RemoteDeck:
        if data is None:
            return RemoteDeck()
        if not isinstance(data, dict):
            raise SnapshotError("modules.remote_cards must be a mapping")

        def read() -> RemoteDeck:
            st = RemoteDeck([str(x) for x in data.get("deck", [])], [str(x) for x in data.get("drawn", [])])
            if any(c not in DEV_KINDS for c in st.deck + st.drawn):
                raise SnapshotError("modules.remote_cards holds an unknown development card")
            return st

        return read_section(data, self.NAME, read)

    def upgrade_v1(self, snapshot: Any) -> Any:
        old = snapshot.get("dois") or {}
        return {"deck": old.get("remote_deck", []), "drawn": old.get("remote_drawn", [])}

    def held_dev_cards(self, g: Game) -> list[int]:
        deck = state(g).deck
        return [deck.count(k) for k in DEV_KINDS]

    def dev_card_supply(self) -> list[int]:
        return [self.cfg["deck"].get(k, 0) for k in DEV_KINDS]

    def sample_section(self, view: Any, obs: Mapping[str, Any], unseen: Mapping[str, Any],
                       rng: random.Random) -> Any:
        """D-7: the face-down remote-area deck, dealt from its make-up in a random order."""
        counts: dict[str, int] = self.cfg["deck"]
        cards = [k for k, n in sorted(counts.items()) for _ in range(n)]
        rng.shuffle(cards)
        while len(cards) < view["deck_size"]:
            cards.append("victory_point")
        return {"deck": cards[: view["deck_size"]], "drawn": view["drawn"]}

    def view(self, g: Game, seat: int) -> dict[str, Any]:
        """The deck's size; the card drawn this turn only to the player who drew it (face down, D-7.1)."""
        st = state(g)
        return {"deck_size": len(st.deck), "drawn": list(st.drawn) if seat == g.s.current else []}

    def legal(self, g: Game, actions: list[Action]) -> list[Action]:
        if g.s.phase == "main" and state(g).drawn:
            actions.extend(remote_exchange_actions(g, g.s.current))
        return actions

    def explain(self, g: Game, action: Action) -> str | None:
        cards = {r: n for r, n in zip(g.rules.resources, self.cfg["exchange"], strict=True) if n}
        return Reason("remote_exchange_rule", cards=cards)

    def apply(self, g: Game, action: Action) -> None:
        """D-7.2 / Q-33: the card drawn this turn leaves the game for the exchange cards from the bank."""
        s = g.s
        p = actor(g)
        k = DEV_KINDS.index(action.a)
        state(g).drawn.remove(action.a)
        s.dev_hand[p][k] -= 1
        s.dev_new[p][k] -= 1
        give = self.cfg["exchange"]
        for i, c in enumerate(give):
            s.bank[i] -= c
            s.hands[p][i] += c
        cards = {g.rules.resources[i]: n for i, n in enumerate(give) if n}
        g.event("remote_exchange", seat=p, card=action.a, cards=cards)

    def on_build(self, g: Game, seat: int, kind: str, where: int, founding: bool) -> bool:
        """D-7.1 / Q-32: a settlement (or its upgrade) on the coast or next to an unproductive hex draws the
        top remote-area card."""
        if founding or kind == "road":
            return False
        s = g.s
        st = state(g)
        if not st.deck:
            return False  # D-7.3: not refilled
        coastal = where in g.topo.coastal_nodes
        unproductive = any(not tokens_of(g, h) for h in g.topo.node_hexes[where])
        if not (coastal or unproductive):
            return False
        card = st.deck.pop()
        k = DEV_KINDS.index(card)
        s.dev_hand[seat][k] += 1
        s.dev_new[seat][k] += 1
        st.drawn.append(card)
        g.event("remote_card", seat=seat, card=card, private=[seat])
        return False

    def on_turn_end(self, g: Game) -> bool:
        state(g).drawn = []  # D-7.2 / Q-33: kept if not exchanged this turn
        return False

    def on_dev_card_lost(self, g: Game, seat: int, card: str) -> None:
        """A drawn card spent otherwise (D-6.2) can no longer be exchanged."""
        st = state(g)
        k = DEV_KINDS.index(card)
        while st.drawn.count(card) > g.s.dev_new[seat][k]:
            st.drawn.remove(card)


def remote_exchange_actions(g: Game, p: int) -> list[Action]:
    """The remote-area cards ``p`` drew this turn and may still exchange (the bank must hold the cards)."""
    s = g.s
    if s.phase != "main" or p != s.current:
        return []
    give = exchange_cards(g)
    if any(s.bank[i] < c for i, c in enumerate(give)):
        return []  # only if the bank holds all three
    held = s.dev_new[p]  # a drawn card spent on a development (D-6.2) can no longer be exchanged
    return [Action("remote_exchange", k) for k in sorted(set(state(g).drawn)) if held[DEV_KINDS.index(k)] > 0]
