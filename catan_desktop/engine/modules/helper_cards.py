"""The helper cards of Helpers (RULES.md Part H): the shared state, the card protocol and six of the cards.

The seeds give the lifecycle but not the card texts (N-9); the effects come from
``shared/rules/data/helpers_of_catan_2014.json``, which says how sure each card is. Each card is one small
class registered with :func:`card` under its implementation name, the name a rule file lists under
``module_settings.helpers`` (with the number printed on the card, 1-6 for A1-A6, 0 for none). An eleventh
card is one more class here (or in ``helper_cards_build.py``) plus its entry in the rule file; the card
protocol, ``HelperCard``, is in ``helper_base.py``.

A card says which actions it offers (``uses`` on its holder's own turn; ``prompt_actions`` when it answers a
roll or a 7; ``step_actions`` for a choice that follows a use) and what they do. The module
(``helpers.py``) checks the lifecycle for every card: held, not taken this turn (H-4.1), not yet used this
turn, never in the special building phase; then the flip or swap (H-3.2).

Action kinds of the cards in this file (text form):

- ``helper_forced_trade ore 1,3`` ask seats 1 and 3 for an ore each (A1); then ``helper_pay 1 wool``, one
  card of your choice to each seat that gave (phase ``helper_pay``)
- ``helper_take ore`` take an ore from the bank (answer of A3 to a roll, of A5 to a 7); ``helper_spare``
  keep all your cards on a 7 (A5)
- ``helper_robber 1.3`` move the robber back to the desert 1.3 and take a card of the hex it left
- ``helper_free_port ore`` ore at 2:1 with the bank for the rest of the turn
- ``helper_alms 2`` look at seat 2's hand (more visible points than you); then ``helper_pick ore``
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..actions import Action, ActionKind, ArgReader, register_kind
from ..errors import ActionParseError
from ..queries import robber_start_hexes, trading_allowed
from ..reasons import Reason
from .helper_base import (
    HelperCard,
    bank_takes,
    card,
    name_kind,
    no_arg_kind,
    others,
    seat_kind,
    state,
    take_from_bank,
)

if TYPE_CHECKING:
    from ..game import Game


def _parse_forced(r: ArgReader) -> Action:
    args = r.need(2)
    seats = tuple(r.integer(w) for w in args[1].split(","))
    if len(seats) > 2 or list(seats) != sorted(set(seats)):
        raise ActionParseError(f"action {r.text!r}: one or two seats, ascending, e.g. '1,3'")
    return Action("helper_forced_trade", r.name(args[0]), seats)


def _forced_shape(a: Any, b: Any) -> bool:
    return (
        isinstance(a, str)
        and isinstance(b, tuple)
        and 1 <= len(b) <= 2
        and all(type(q) is int and q >= 0 for q in b)
        and list(b) == sorted(set(b))
    )


register_kind(
    ActionKind(
        "helper_forced_trade",
        lambda a: f"helper_forced_trade {a.a} {','.join(map(str, a.b))}",
        _parse_forced,
        _forced_shape,
    )
)
register_kind(
    ActionKind(
        "helper_pay",
        lambda a: f"helper_pay {a.a} {a.b}",
        lambda r: Action("helper_pay", r.integer(r.need(2)[0]), r.name(r.args[1])),
        lambda a, b: type(a) is int and isinstance(b, str),
    )
)
register_kind(
    ActionKind(
        "helper_robber",
        lambda a: f"helper_robber {a.a}",
        lambda r: Action("helper_robber", r.hex_id(r.need(1)[0])),
        lambda a, b: isinstance(a, str) and b is None,
    )
)
name_kind("helper_take")
name_kind("helper_free_port")
name_kind("helper_pick")
no_arg_kind("helper_spare")
seat_kind("helper_alms")


# ------------------------------------------------------------------------------------------ the cards


@card
class ForcedTrade(HelperCard):
    """A1 Merchant, forced trade (exact): name a resource and ask one or two players for it; each who holds
    one must give you one, and you give each of them one resource card of your choice from your hand.

    Readings: a trade, so in the trade phase of your turn and not after building (Q-06); each asked player
    gives one card if they hold the resource; you choose each card you give after receiving.
    """

    NAME = "forced_trade"
    NUMBER = 1
    SOURCE = "Merchant: Forced Trade"
    KINDS = {"helper_forced_trade": ("main",)}

    def uses(self, g: Game, p: int) -> list[Action]:
        if not trading_allowed(g):
            return []
        seats = others(g, p)
        groups = [(q,) for q in seats] + [(a, b) for i, a in enumerate(seats) for b in seats[i + 1 :]]
        return [Action("helper_forced_trade", r, grp) for r in g.rules.resources for grp in groups]

    def why(self, g: Game, p: int, action: Action | None) -> Reason | None:
        if not trading_allowed(g):
            return Reason("trade_after_build")
        return Reason("helper_forced_trade_rule")

    def describe(self, g: Game, p: int, action: Action) -> dict[str, Any]:
        return {"resource": action.a, "asked": list(action.b)}

    def use(self, g: Game, p: int, action: Action) -> str | None:
        s = g.s
        r = g.res_index[action.a]
        gave = [q for q in action.b if s.hands[q][r] > 0]
        for q in gave:
            s.hands[q][r] -= 1
            s.hands[p][r] += 1
        g.event(
            "helper_forced_given",
            seat=p,
            resource=action.a,
            gave=gave,
            refused=[q for q in action.b if q not in gave],
        )
        if not gave:
            return None
        state(g).pay_to = gave
        return "helper_pay"

    def step_actions(self, g: Game, p: int) -> list[Action]:
        q = state(g).pay_to[0]
        return [Action("helper_pay", q, name) for i, name in enumerate(g.rules.resources) if g.s.hands[p][i]]

    def step(self, g: Game, p: int, action: Action) -> bool:
        st = state(g)
        q = st.pay_to.pop(0)
        r = g.res_index[action.b]
        g.s.hands[p][r] -= 1
        g.s.hands[q][r] += 1
        g.event("helper_paid", seat=p, to=q, resource=action.b)
        return not st.pay_to


@card
class ResourceBalance(HelperCard):
    """A3 Mayor, resource balance (exact; that it answers any player's roll is the data file's "likely"):
    except on a 7, when a production roll gives you nothing, you may take one resource of your choice from
    the bank. Offered as a prompt after the production of every player's roll."""

    NAME = "resource_balance"
    NUMBER = 3
    SOURCE = "Mayor: Resource Balance"

    def answers_roll(self, g: Game, p: int, received: dict[int, dict[str, int]]) -> bool:
        return p not in received and any(g.s.bank)

    def prompt_actions(self, g: Game, p: int) -> list[Action]:
        return bank_takes(g)

    def describe(self, g: Game, p: int, action: Action) -> dict[str, Any]:
        return {"resource": action.a}

    def use(self, g: Game, p: int, action: Action) -> str | None:
        take_from_bank(g, p, g.res_index[action.a])
        return None


@card
class SevenProtection(HelperCard):
    """A5 General, protection from the 7 (exact): when a 7 is rolled, a holder of more cards than the
    discard limit does not discard (``helper_spare``); one with no more than the limit may take one
    resource of their choice from the bank (``helper_take``). Offered as a prompt on every 7, before the
    discards; the limit is the rule file's ``robber.discard_limit`` (7 in the base game)."""

    NAME = "seven_protection"
    NUMBER = 5
    SOURCE = "General: Protection from the 7"

    def answers_seven(self, g: Game, p: int) -> bool:
        return bool(self.prompt_actions(g, p))

    def prompt_actions(self, g: Game, p: int) -> list[Action]:
        if any(q == p for q, _n in g.s.discard_queue):
            return [Action("helper_spare")]
        return bank_takes(g)

    def describe(self, g: Game, p: int, action: Action) -> dict[str, Any]:
        if action.kind == "helper_spare":
            return {"spared": next(n for q, n in g.s.discard_queue if q == p)}
        return {"resource": action.a}

    def use(self, g: Game, p: int, action: Action) -> str | None:
        s = g.s
        if action.kind == "helper_spare":
            s.discard_queue = [(q, n) for q, n in s.discard_queue if q != p]
        else:
            take_from_bank(g, p, g.res_index[action.a])
        return None


@card
class RobberToDesert(HelperCard):
    """Robber bride, send the robber to the desert (exact; that the card comes from the bank is the data
    file's "likely"): at any time in your turn (before or after the roll), move the robber back to the
    desert and take one card of the resource the hex it left produces, if the bank has one. With two
    deserts (5-6 players) you choose which; the card cannot be used while the robber is on a desert."""

    NAME = "robber_to_desert"
    SOURCE = "Robber bride: Send Robber to Desert"
    KINDS = {"helper_robber": ("roll", "main")}

    def uses(self, g: Game, p: int) -> list[Action]:
        deserts = robber_start_hexes(g)
        if g.s.robber in deserts:
            return []
        return [Action("helper_robber", g.topo.hex_ids[h]) for h in deserts]

    def why(self, g: Game, p: int, action: Action | None) -> Reason | None:
        return Reason("helper_robber_on_desert")

    def describe(self, g: Game, p: int, action: Action) -> dict[str, Any]:
        left = g.s.robber
        r = g.terrain_res[left]
        got = g.rules.resources[r] if r is not None and g.s.bank[r] > 0 else None
        return {"hex": action.a, "left": g.topo.hex_ids[left], "resource": got}

    def use(self, g: Game, p: int, action: Action) -> str | None:
        s = g.s
        r = g.terrain_res[s.robber]
        s.robber = g.topo.hex_index[action.a]
        if r is not None and s.bank[r] > 0:
            take_from_bank(g, p, r)
        return None


@card
class FreePort(HelperCard):
    """Captain, free port trades (exact): name a resource; for the rest of your turn you trade it with the
    bank at the rule file's 2:1 rate (``harbour_rates.special``)."""

    NAME = "free_port"
    SOURCE = "Captain: Free Port Trades"
    KINDS = {"helper_free_port": ("main",)}

    def uses(self, g: Game, p: int) -> list[Action]:
        return [Action("helper_free_port", name) for name in g.rules.resources]

    def describe(self, g: Game, p: int, action: Action) -> dict[str, Any]:
        return {"resource": action.a}

    def use(self, g: Game, p: int, action: Action) -> str | None:
        state(g).port[p] = action.a
        g.spot_cache.clear()  # the rates are cached
        return None

    def adjust_rates(self, g: Game, seat: int, rates: list[int]) -> None:
        port = state(g).port[seat]
        if port is not None:
            i = g.res_index[port]
            rates[i] = min(rates[i], g.rules.rate_special)

    def on_turn_end(self, g: Game) -> None:
        st = state(g)
        if any(x is not None for x in st.port):
            st.port = [None] * g.s.players
            g.spot_cache.clear()


@card
class Alms(HelperCard):
    """Noblewoman, alms for the poor (exact): choose a player with more victory points than you, look at
    their hand and take one card of your choice. Readings: the visible points (hidden VP cards are secret,
    as in Q-38); the player must hold a card; you look first (``helper_alms 2``: their hand is shown to you
    alone in the module's view), then take (``helper_pick ore``: a private event, like a steal)."""

    NAME = "alms"
    SOURCE = "Noblewoman: Alms for the Poor"
    KINDS = {"helper_alms": ("main",)}

    def uses(self, g: Game, p: int) -> list[Action]:
        mine = g.visible_vp(p)
        return [
            Action("helper_alms", q) for q in others(g, p) if g.visible_vp(q) > mine and any(g.s.hands[q])
        ]

    def why(self, g: Game, p: int, action: Action | None) -> Reason | None:
        return Reason("helper_alms_rule")

    def describe(self, g: Game, p: int, action: Action) -> dict[str, Any]:
        return {"target": action.a}

    def use(self, g: Game, p: int, action: Action) -> str | None:
        state(g).target = action.a
        return "helper_pick"

    def step_actions(self, g: Game, p: int) -> list[Action]:
        hand = g.s.hands[state(g).target]
        return [Action("helper_pick", name) for i, name in enumerate(g.rules.resources) if hand[i]]

    def step(self, g: Game, p: int, action: Action) -> bool:
        st = state(g)
        q, st.target = st.target, -1
        r = g.res_index[action.a]
        g.s.hands[q][r] -= 1
        g.s.hands[p][r] += 1
        g.event("helper_alms_taken", seat=p, victim=q, resource=action.a, private=[p, q])
        return True
