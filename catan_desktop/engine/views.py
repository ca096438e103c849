"""Per-seat views of a game: what one player may know (B-3.6)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .queries import actor, harbour_rates
from .ruleset import DEV_KINDS

if TYPE_CHECKING:
    from .game import Game


def observation(g: Game, seat: int) -> dict[str, Any]:
    """Return JSON-serialisable data with everything ``seat`` may know and nothing else.

    Public: the board, buildings, roads, robber, bank counts, deck size, every player's card counts,
    development-card counts, played knights, visible points and special cards, the trade on the table,
    pending discards, each rule module's view for ``seat`` (``modules``), and the log. Private to ``seat``:
    its own hand, development cards (with those bought this turn) and total points, and the log's private
    events it took part in (a steal it made or suffered, a card it bought).
    """
    s, topo, rules = g.s, g.topo, g.rules
    names = rules.resources
    if not 0 <= seat < s.players:
        raise ValueError(f"no seat {seat} in a {s.players}-player game")
    players = []
    for p in range(s.players):
        players.append(
            {
                "seat": p,
                "resource_cards": sum(s.hands[p]),
                "development_cards": sum(s.dev_hand[p]),
                "knights_played": s.knights[p],
                "visible_vp": g.visible_vp(p),
                "road_length": s.road_len[p],
                "longest_road": s.lr_holder == p,
                "largest_army": s.la_holder == p,
                "pieces_left": dict(zip(("road", "settlement", "city"), s.pieces_left[p], strict=True)),
            }
        )
    trade = None
    if s.trade is not None:
        trade = {
            "from": s.current,
            "give": dict(zip(names, s.trade.give, strict=True)),
            "get": dict(zip(names, s.trade.get, strict=True)),
            "responders": list(s.trade.responders),
            "answers": {
                str(q): (
                    {"answer": v}
                    if v != "counter"
                    else {
                        "answer": v,
                        "give": dict(zip(names, a, strict=True)),
                        "get": dict(zip(names, b, strict=True)),
                    }
                )
                for q, (v, a, b) in s.trade.answers.items()
            },
        }
    log = []
    for ev in s.log:
        private = ev.get("private")
        if private is None:
            log.append(ev)
        elif seat in private:
            log.append({k: v for k, v in ev.items() if k != "private"})
        else:  # others see that it happened, not what it was
            log.append({k: v for k, v in ev.items() if k not in ("private", "resource", "card")})
    return {
        "seat": seat,
        "variant": rules.name,
        "players": s.players,
        "phase": s.phase,
        "to_act": actor(g) if s.phase != "over" else None,
        "active": s.current,
        "turn": s.turn,
        "dice": list(s.dice) if s.dice else None,
        "vp_target": rules.vp_target,
        "board": {
            "hexes": [
                {"id": topo.hex_ids[h], "terrain": s.terrain[h], "number": s.number[h] or None}
                for h in range(topo.num_hexes)
            ],
            "harbours": [{"edge": e, "kind": k} for e, k in s.harbours],
            "robber": topo.hex_ids[s.robber],
            **({"extra_tokens": {topo.hex_ids[h]: list(x) for h, x in enumerate(s.extra_tokens) if x}}
               if any(s.extra_tokens) else {}),
        },
        "buildings": sorted(
            [n, s.node_owner[n], "city" if s.node_level[n] == 2 else "settlement"]
            for n in range(topo.num_nodes)
            if s.node_owner[n] >= 0
        ),
        "roads": sorted([e, s.edge_owner[e]] for e in range(topo.num_edges) if s.edge_owner[e] >= 0),
        "bank": dict(zip(names, s.bank, strict=True)),
        "development_deck": len(s.dev_deck),
        "players_public": players,
        "longest_road": s.lr_holder if s.lr_holder >= 0 else None,
        "largest_army": s.la_holder if s.la_holder >= 0 else None,
        "trade": trade,
        "discards_pending": [list(x) for x in s.discard_queue],
        "free_roads": s.free_roads,
        "dev_played_this_turn": s.dev_played,  # public: everyone sees a card being played
        "resume_phase": s.resume_phase,
        "setup": {"queue": list(s.setup_queue), "index": s.setup_index, "last_settlement": s.last_settlement},
        "start_player": s.start_player,
        "modules": {m.NAME: m.view(g, seat) for m in g.plugins.modules},
        "built_this_turn": s.built,
        "offers_made": s.offers_made,
        "winners": list(s.winners),
        "you": {
            "hand": dict(zip(names, s.hands[seat], strict=True)),
            "development_cards": dict(zip(DEV_KINDS, s.dev_hand[seat], strict=True)),
            "bought_this_turn": dict(zip(DEV_KINDS, s.dev_new[seat], strict=True)),
            "vp": g.vp(seat),
            "harbour_rates": dict(zip(names, harbour_rates(g, seat), strict=True)),
        },
        "log": log,
    }
