"""Frenemies (RULES.md Part A): the action kinds, what is legal in the active player's turn, and why not.

Part of the rule module ``frenemies`` (``frenemies.py``). Action kinds (text form):

- ``gift brick 2`` offer one brick to seat 2, whose visible VP are not higher (A-3.2, Q-38)
- ``accept_gift``, ``refuse_gift`` the offered player's answer (phase ``gift_answer``)
- ``favour merchant``, ``favour trader ore``, ``favour paver``, ``favour teacher``, ``favour architect``
  hand in the guild's tokens for its favour (A-5.2, A-6); the trader's names the card to take
- ``merchant_swap brick ore`` after the merchants' favour: one brick to the bank for one ore (A-6)
- ``exchange_favour`` draw a token, then ``return_favour teacher`` (phase ``favour_return``) (A-5.5)
- ``favour_first 2`` phase ``favour_order``: the builder of a road that joined two players' districts
  at once lets seat 2 draw first (A-3.3)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..actions import Action, ActionKind, ArgReader, bare_kind, register_kind
from ..queries import ROAD, road_spots
from ..reasons import Reason
from .frenemies_state import GUILDS, cfg, chips_left, cost, fresh, state, usable

if TYPE_CHECKING:
    from ..game import Game

TURN_PHASES = ("roll", "main")  # one's own turn, never the special building phase


def _one(kind: str, read: Callable[[ArgReader, str], Any], ok: Callable[[Any], bool]) -> ActionKind:
    return ActionKind(
        kind,
        lambda a: f"{a.kind} {a.a}",
        lambda r: Action(kind, read(r, r.need(1)[0])),
        lambda a, b: ok(a) and b is None,
    )


def _parse_favour(r: ArgReader) -> Action:
    args = r.need((1, 2))
    return Action("favour", r.name(args[0]), r.name(args[1]) if len(args) == 2 else None)


def _two_words(a: Action) -> str:
    return f"{a.kind} {a.a}" if a.b is None else f"{a.kind} {a.a} {a.b}"


register_kind(
    ActionKind(
        "gift",
        lambda a: f"gift {a.a} {a.b}",
        lambda r: Action("gift", r.name(r.need(2)[0]), r.integer(r.args[1])),
        lambda a, b: isinstance(a, str) and type(b) is int,
    )
)
register_kind(bare_kind("accept_gift"))
register_kind(bare_kind("refuse_gift"))
register_kind(
    ActionKind(
        "favour",
        _two_words,
        _parse_favour,
        lambda a, b: isinstance(a, str) and (b is None or isinstance(b, str)),
    )
)
register_kind(
    ActionKind(
        "merchant_swap",
        lambda a: f"merchant_swap {a.a} {a.b}",
        lambda r: Action("merchant_swap", *(r.name(w) for w in r.need(2))),
        lambda a, b: isinstance(a, str) and isinstance(b, str),
    )
)
register_kind(bare_kind("exchange_favour"))
register_kind(_one("return_favour", lambda r, w: r.name(w), lambda a: isinstance(a, str)))
register_kind(_one("favour_first", lambda r, w: r.integer(w), lambda a: type(a) is int))


# ------------------------------------------------------------------------------------------- listing


def turn_actions(g: Game) -> list[Action]:
    """The module's actions in the active player's ``roll`` or ``main`` phase, in a fixed order."""
    return gift_actions(g) + favour_actions(g) + swap_actions(g)


def gift_receivers(g: Game) -> list[int]:
    """Seats the active player may offer a card to now: not higher in visible VP, not refused (A-3.2)."""
    s, st = g.s, state(g)
    p = s.current
    if st.gifts >= cfg(g)["gifts_per_turn"]:
        return []
    mine = g.visible_vp(p)
    seats = [(p + k) % s.players for k in range(1, s.players)]
    return [q for q in seats if q not in st.refused and g.visible_vp(q) <= mine]


def gift_actions(g: Game) -> list[Action]:
    """A-3.2: one resource card to an eligible player; after a refusal, the same card to another."""
    s, st = g.s, state(g)
    receivers = gift_receivers(g)
    if not receivers:
        return []
    hand = s.hands[s.current]
    names = sorted(r for i, r in enumerate(g.rules.resources) if hand[i] > 0)
    if st.refused_card is not None:
        names = [r for r in names if r == st.refused_card]
    return [Action("gift", r, q) for r in names for q in receivers]


def favour_actions(g: Game) -> list[Action]:
    """A-5: once a turn, a guild favour whose tokens the player held before this turn, or an exchange."""
    s, st = g.s, state(g)
    if st.acted:
        return []
    p = s.current
    out: list[Action] = []
    for guild in GUILDS:
        if usable(g, p, guild) >= cost(g, guild) and not favour_blocked(g, guild):
            if guild == "trader":
                n = cfg(g)["trader_cards"]
                out.extend(
                    Action("favour", guild, r)
                    for r in sorted(g.rules.resources)
                    if s.bank[g.res_index[r]] >= n
                )
            else:
                out.append(Action("favour", guild))
    if st.supply and any(usable(g, p, guild) for guild in GUILDS):
        out.append(Action("exchange_favour"))
    return out


def favour_blocked(g: Game, guild: str) -> Reason | None:
    """Why a guild's favour could not be received now, whatever the tokens (None: it could)."""
    s = g.s
    p = s.current
    if guild == "paver":
        if not s.pieces_left[p][ROAD]:
            return Reason("no_pieces_left", piece="road")
        if not road_spots(g, p):
            return Reason("no_road_spot")
    elif guild == "teacher" and not s.dev_deck:
        return Reason("deck_empty")
    elif guild == "architect" and chips_left(g) <= 0:
        return Reason("favour_no_chips")
    return None


def swap_actions(g: Game) -> list[Action]:
    """A-6 merchants: one card to the bank for another resource it holds, while swaps are left."""
    s, st = g.s, state(g)
    if st.merchant_swaps <= 0:
        return []
    hand = s.hands[s.current]
    names = sorted(g.rules.resources)
    idx = g.res_index
    return [
        Action("merchant_swap", a, b)
        for a in names
        if hand[idx[a]] > 0
        for b in names
        if b != a and s.bank[idx[b]] > 0
    ]


def return_actions(g: Game) -> list[Action]:
    """A-5.5: any one of the player's tokens back into the supply, the one just drawn included."""
    held = state(g).tokens[g.s.current]
    return [Action("return_favour", guild) for guild in GUILDS if guild in held]


# --------------------------------------------------------------------------------------------- reasons


def explain(g: Game, action: Action) -> Reason:
    """Why one of the module's actions, known to be illegal, is refused (its phase is right)."""
    kind = action.kind
    st = state(g)
    if kind == "gift":
        return _gift_reason(g, action)
    if kind == "favour":
        return _favour_reason(g, action)
    if kind == "exchange_favour":
        if st.acted:
            return Reason("favour_once_a_turn")
        if not st.supply:
            return Reason("favour_supply_empty")
        return _no_tokens(g)
    if kind == "merchant_swap":
        return _swap_reason(g, action)
    if kind == "return_favour":
        return Reason("favour_return_held")
    if kind == "favour_first":
        return Reason("favour_order_owed", seats=list(st.owed))
    return Reason("not_allowed_now")


def why_none(g: Game, kind: str) -> Reason | None:
    """Why there is no action of ``kind`` at all now; None lets the core say (e.g. not this phase)."""
    s, st = g.s, state(g)
    if s.phase not in TURN_PHASES or kind not in ("gift", "favour", "exchange_favour", "merchant_swap"):
        return None
    if kind == "gift":
        if st.gifts >= cfg(g)["gifts_per_turn"]:
            return Reason("gift_once_a_turn")
        if not any(s.hands[s.current]):
            return Reason("gift_no_cards")
        return Reason("gift_nobody")
    if kind == "merchant_swap":
        return Reason("merchant_no_swaps")
    if st.acted:
        return Reason("favour_once_a_turn")
    if kind == "exchange_favour" and not st.supply:
        return Reason("favour_supply_empty")
    return _no_tokens(g)


def _no_tokens(g: Game) -> Reason:
    p = g.s.current
    return Reason("favour_no_tokens", held=len(state(g).tokens[p]), new=len(fresh(g, p)))


def _gift_reason(g: Game, action: Action) -> Reason:
    s, st = g.s, state(g)
    p, q, r = s.current, action.b, action.a
    if r not in g.res_index:
        return Reason("unknown_resource")
    if not 0 <= q < s.players or q == p:
        return Reason("gift_to_other")
    if st.gifts >= cfg(g)["gifts_per_turn"]:
        return Reason("gift_once_a_turn")
    if st.refused_card is not None and r != st.refused_card:
        return Reason("gift_same_card", resource=st.refused_card)
    if q in st.refused:
        return Reason("gift_refused_already", seat=q)
    if g.visible_vp(q) > g.visible_vp(p):
        return Reason("gift_vp_higher", seat=q, vp=g.visible_vp(q), yours=g.visible_vp(p))
    return Reason("no_resource", resource=r)


def _favour_reason(g: Game, action: Action) -> Reason:
    s, st = g.s, state(g)
    guild, r = action.a, action.b
    if guild not in GUILDS:
        return Reason("favour_unknown_guild", guild=guild, guilds=list(GUILDS))
    if st.acted:
        return Reason("favour_once_a_turn")
    p = s.current
    need, have = cost(g, guild), usable(g, p, guild)
    if have < need:
        return Reason("favour_tokens", guild=guild, need=need, have=have, new=fresh(g, p).count(guild))
    blocked = favour_blocked(g, guild)
    if blocked is not None:
        return blocked
    if guild != "trader":
        return Reason("malformed_action", text=str(action))
    if r not in g.res_index:
        return Reason("unknown_resource")
    return Reason("bank_out_of", resource=r)


def _swap_reason(g: Game, action: Action) -> Reason:
    s = g.s
    if state(g).merchant_swaps <= 0:
        return Reason("merchant_no_swaps")
    a, b = action.a, action.b
    if a not in g.res_index or b not in g.res_index:
        return Reason("unknown_resource")
    if a == b:
        return Reason("trade_same_resource_bank")
    if s.hands[s.current][g.res_index[a]] <= 0:
        return Reason("no_resource", resource=a)
    return Reason("bank_out_of", resource=b)
