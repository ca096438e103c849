"""The Erie Canal (RULES.md S-5): the action kinds, what is legal, and why not.

Part of the rule module ``erie_canal`` (``erie_canal.py``). Action kinds (text form):

- ``canal ore`` play a canal token in your own trade phase (``main``, before building), naming ore: ore trades
  at 2:1 with the bank for the rest of the turn (S-5.3, Q-51)
- ``canal_offer 2 canal=1 for ore=2`` the active player offers seat 2 one canal token for two ore; either side
  may hold canal tokens (``canal``) and resource cards, one side only the tokens (S-5.4, Q-51: domestic
  trade, in the trade phase, counted with the turn's offers). Too many to list: a representative set is
  listed and any valid one is legal
- ``canal_accept``, ``canal_reject`` the asked seat's answer (phase ``canal_answer``); accepted, the trade is
  made at once
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..actions import Action, ActionKind, ArgReader, bare_kind, bundle_ok, bundle_text, register_kind
from ..explain import offer_blocked
from ..queries import actor, harbour_rates, trading_allowed
from ..reasons import Reason
from .erie_canal_state import TOKEN, holds, items, rate, state, total

if TYPE_CHECKING:
    from ..game import Game


def _parse_offer(r: ArgReader) -> Action:
    args = r.need(4)
    seat = r.integer(args[0])
    r.keyword(args[2], "for", "canal_offer SEAT GIVE for GET")
    return Action("canal_offer", seat, (r.bundle(args[1]), r.bundle(args[3])))


def _offer_shape(a: Any, b: Any) -> bool:
    return type(a) is int and isinstance(b, tuple) and len(b) == 2 and bundle_ok(b[0]) and bundle_ok(b[1])


register_kind(ActionKind(
    "canal", lambda a: f"canal {a.a}", lambda r: Action("canal", r.name(r.need(1)[0])),
    lambda a, b: isinstance(a, str) and b is None,
))
register_kind(ActionKind(
    "canal_offer", lambda a: f"canal_offer {a.a} {bundle_text(a.b[0])} for {bundle_text(a.b[1])}",
    _parse_offer, _offer_shape,
))
register_kind(bare_kind("canal_accept"))
register_kind(bare_kind("canal_reject"))


# ------------------------------------------------------------------------------------------- listing


def turn_actions(g: Game) -> list[Action]:
    """The module's actions in the active player's trade phase: tokens to play, representative offers."""
    if g.s.phase != "main" or not trading_allowed(g):
        return []
    return play_actions(g) + offer_actions(g)


def play_actions(g: Game) -> list[Action]:
    """S-5.3: a held token naming a resource not named yet this turn whose rate it would lower."""
    s, st = g.s, state(g)
    p = s.current
    if st.tokens[p] <= 0:
        return []
    rates, best = harbour_rates(g, p), rate(g)
    return [Action("canal", r) for r in sorted(g.rules.resources)
            if r not in st.named and rates[g.res_index[r]] > best]


def offer_actions(g: Game) -> list[Action]:
    """S-5.4: one token for one card of each resource to each other seat (when the active player holds a
    token), one held card for a token of each seat that holds one; any other valid offer is legal too."""
    s, st = g.s, state(g)
    if not _offers_open(g):
        return []
    p = s.current
    hand = s.hands[p]
    names = sorted(g.rules.resources)
    out: list[Action] = []
    for k in range(1, s.players):
        q = (p + k) % s.players
        if st.tokens[p]:
            out.extend(Action("canal_offer", q, (((TOKEN, 1),), ((r, 1),))) for r in names)
        if st.tokens[q]:
            out.extend(Action("canal_offer", q, (((r, 1),), ((TOKEN, 1),))) for r in names
                       if hand[g.res_index[r]])
    return out


def _offers_open(g: Game) -> bool:
    s, rules = g.s, g.rules
    return (
        rules.option("domestic_trade", True)
        and s.players > 1
        and s.offers_made < rules.option("max_offers_per_turn", 6)
    )


def answer_actions(g: Game) -> list[Action]:
    """Phase ``canal_answer``: accept when the asked seat holds what is asked (the offerer held what it
    offers when it offered, and nothing moves meanwhile), or reject."""
    st = state(g)
    ok = holds(g, st.offer_to, st.offer_get)
    return ([Action("canal_accept")] if ok else []) + [Action("canal_reject")]


# --------------------------------------------------------------------------------------------- reasons


def offer_problem(g: Game, action: Action) -> Reason | None:
    """Why a canal token offer is not legal now, or None (S-5.4, Q-51; the core's B-7.1 conditions)."""
    s = g.s
    if s.phase != "main":
        return Reason("waiting_for", seat=actor(g), phase=s.phase)
    blocked = offer_blocked(g)
    if blocked is not None:
        return blocked
    q = action.a
    if not 0 <= q < s.players or q == s.current:
        return Reason("canal_offer_seat", last=s.players - 1)
    give, get = items(g, action.b[0]), items(g, action.b[1])
    if give is None or get is None:
        return Reason("trade_unknown_resource")
    if (TOKEN in give) == (TOKEN in get):
        return Reason("canal_offer_one_side")
    if set(give) & set(get):
        return Reason("trade_same_resource")
    stock = max(s.bank[r] + sum(h[r] for h in s.hands) for r in range(len(g.rules.resources)))
    if max(give.get(TOKEN, 0), get.get(TOKEN, 0)) > total(g) or max((*give.values(), *get.values())) > stock:
        return Reason("trade_more_than_exist", n=stock)
    if not holds(g, s.current, give):
        if TOKEN in give:
            return Reason("canal_not_held", n=state(g).tokens[s.current])
        return Reason("trade_not_held")
    if get.get(TOKEN, 0) > state(g).tokens[q]:
        return Reason("canal_offer_held", seat=q, n=state(g).tokens[q])
    return None


def explain(g: Game, action: Action) -> Reason | None:
    """Why one of the module's actions is refused (``canal_offer`` is checked whole: None when legal)."""
    kind = action.kind
    if kind == "canal_offer":
        return offer_problem(g, action)
    if kind == "canal":
        return play_problem(g, action.a) or Reason("not_allowed_now")
    if kind == "canal_accept":
        return Reason("accept_cannot_pay")
    return Reason("not_allowed_now")


def play_problem(g: Game, resource: str | None) -> Reason | None:
    """Why the active player cannot play a canal token now (naming ``resource``, if given)."""
    s, st = g.s, state(g)
    if not trading_allowed(g):
        return Reason("trade_after_build")
    p = s.current
    if st.tokens[p] <= 0:
        return Reason("canal_no_token")
    if resource is None:
        return Reason("canal_nothing_to_name", n=rate(g))
    if resource not in g.res_index:
        return Reason("unknown_resource")
    if resource in st.named:
        return Reason("canal_named", resource=resource, n=rate(g))
    current = harbour_rates(g, p)[g.res_index[resource]]
    if current <= rate(g):
        return Reason("canal_rate_already", resource=resource, n=current)
    return None


def why_none(g: Game, kind: str) -> Reason | None:
    """Why there is no action of ``kind`` now; None lets the core say (e.g. not this phase)."""
    s = g.s
    if s.phase != "main":
        return None
    if kind == "canal":
        return play_problem(g, None)
    if kind == "canal_offer":
        sides = (((TOKEN, 1),), ((g.rules.resources[0], 1),))
        probe = Action("canal_offer", (s.current + 1) % s.players, sides)
        reason = offer_problem(g, probe)
        if reason is not None and reason.code in ("domestic_trade_off", "trade_nobody", "trade_after_build",
                                                  "offer_limit"):
            return reason
        return Reason("canal_no_tokens_anywhere")
    return None
