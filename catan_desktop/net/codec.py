"""What crosses the network of a game, as JSON data: a seat's view (``SeatView``) and a refusal's reason.

A remote seat gets exactly the engine's view of its seat, field by field (docs/network-protocol.md): the
same facts as ``Game.observation(seat)``, in the view's own indexing, so the screens read the same
``SeatView`` whether the game runs here or on the host. The rules and the board's shape are not sent with
every view: the client has them from the game's start, and each module's settings come from the rules.
"""

from __future__ import annotations

from typing import Any

from ..engine.plugins import plugins_for
from ..engine.reasons import Reason
from ..engine.ruleset import Ruleset
from ..engine.topology import Topology
from ..engine.views import PlayerPublic, SeatView, TradeView

# fields copied as they are (ints, strings, booleans, JSON data)
_PLAIN = (
    "seat", "players", "phase", "to_act", "active", "turn", "robber", "robber_slot", "development_deck",
    "longest_road", "largest_army", "free_roads", "dev_played_this_turn", "built_this_turn", "offers_made",
    "start_player", "vp", "board_kind", "vp_target", "modules",
)
# tuples of ints or strings (one level)
_FLAT = (
    "terrain", "number", "node_owner", "node_level", "edge_owner", "bank", "winners", "dice_counts", "hand",
    "development_cards", "bought_this_turn", "harbour_rates",
)
# tuples of tuples
_NESTED = ("extra_tokens", "harbours", "discards_pending")


def view_to_data(v: SeatView) -> dict[str, Any]:
    """The seat view as JSON data (no rules, no topology: the receiver has them)."""
    out: dict[str, Any] = {k: getattr(v, k) for k in _PLAIN}
    for k in _FLAT:
        out[k] = list(getattr(v, k))
    for k in _NESTED:
        out[k] = [list(x) for x in getattr(v, k)]
    out["dice"] = list(v.dice) if v.dice else None
    out["public"] = [
        [p.seat, p.resource_cards, p.development_cards, p.knights_played, p.visible_vp, p.road_length,
         list(p.pieces_left)]
        for p in v.public
    ]
    t = v.trade
    out["trade"] = None if t is None else {
        "giver": t.giver, "give": list(t.give), "get": list(t.get), "responders": list(t.responders),
        "answers": {str(q): [a, list(g), list(h)] for q, (a, g, h) in t.answers.items()},
    }
    out["gained"] = None if v.gained is None else [list(x) for x in v.gained]
    out["dice_odds"] = {str(k): p for k, p in v.dice_odds.items()}
    return out


def _ints(value: Any) -> tuple[int, ...]:
    return tuple(int(x) for x in value)


def view_from_data(d: dict[str, Any], rules: Ruleset, topo: Topology) -> SeatView:
    """The seat view sent by ``view_to_data``; raises ValueError, KeyError or TypeError on anything else
    (the caller treats that as a broken message)."""
    fields: dict[str, Any] = {k: d[k] for k in _PLAIN}
    for k in _FLAT:
        fields[k] = tuple(d[k])
    fields["extra_tokens"] = tuple(_ints(x) for x in d["extra_tokens"])
    fields["harbours"] = tuple((int(e), str(k)) for e, k in d["harbours"])
    fields["discards_pending"] = tuple((int(a), int(b)) for a, b in d["discards_pending"])
    fields["dice"] = (int(d["dice"][0]), int(d["dice"][1])) if d["dice"] else None
    fields["public"] = tuple(
        PlayerPublic(int(s), int(rc), int(dc), int(k), int(vp), int(rl), (int(pl[0]), int(pl[1]), int(pl[2])))
        for s, rc, dc, k, vp, rl, pl in d["public"]
    )
    t = d["trade"]
    fields["trade"] = None if t is None else TradeView(
        int(t["giver"]), _ints(t["give"]), _ints(t["get"]), _ints(t["responders"]),
        {int(q): (str(a), _ints(g), _ints(h)) for q, (a, g, h) in t["answers"].items()},
    )
    fields["gained"] = None if d["gained"] is None else tuple(_ints(x) for x in d["gained"])
    fields["dice_odds"] = {int(k): float(p) for k, p in d["dice_odds"].items()}
    fields["settings"] = {m.NAME: m.cfg for m in plugins_for(rules).modules}
    return SeatView(rules=rules, topo=topo, **fields)


def reason_to_data(reason: str | None) -> dict[str, Any] | None:
    """A refusal reason as data (a plain string, never the engine's, becomes ``not_allowed_now``)."""
    if reason is None:
        return None
    if isinstance(reason, Reason):
        return reason.to_data()
    return {"code": "not_allowed_now"}


def reason_from_data(data: Any) -> Reason:
    """The reason sent by ``reason_to_data``, worded here, in this player's language."""
    if not isinstance(data, dict) or not isinstance(data.get("code"), str):
        return Reason("not_allowed_now")
    params = {k: v for k, v in data.items() if k != "code" and isinstance(k, str)}
    try:
        return Reason(data["code"], **params)
    except Exception:  # a parameter the wording cannot use (a broken or hostile host): still a reason
        return Reason("not_allowed_now")
