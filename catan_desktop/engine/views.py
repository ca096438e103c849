"""Per-seat views of a game: what one player may know (B-3.6)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .dice import dice_odds
from .queries import actor, harbour_rates, vp_target
from .ruleset import DEV_KINDS

if TYPE_CHECKING:
    from .game import Game
    from .ruleset import Ruleset
    from .topology import Topology


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
    log = [x for x in (seat_event(ev, seat) for ev in s.log) if x is not None]
    return {
        "seat": seat,
        "variant": rules.name,
        "players": s.players,
        "phase": s.phase,
        "to_act": actor(g) if s.phase != "over" else None,
        "active": s.current,
        "turn": s.turn,
        "dice": list(s.dice) if s.dice else None,
        "vp_target": vp_target(g),  # the rule file's, or a module's (by the player count, S-4.1)
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


def seat_event(ev: dict[str, Any], seat: int) -> dict[str, Any] | None:
    """One log event as ``seat`` may see it: public events whole, a private one whole to those who took
    part, to the others without its secret (which card, which resource). Never None today."""
    private = ev.get("private")
    if private is None:
        return ev
    if seat in private:
        return {k: v for k, v in ev.items() if k != "private"}
    return {k: v for k, v in ev.items() if k not in ("private", "resource", "card")}


@dataclass(frozen=True)
class PlayerPublic:
    """What everyone knows about one seat."""

    seat: int
    resource_cards: int
    development_cards: int
    knights_played: int
    visible_vp: int  # the points everyone sees; a winner's victory point cards count (revealed, B-9.4)
    road_length: int
    pieces_left: tuple[int, int, int]  # road, settlement, city


@dataclass(frozen=True)
class TradeView:
    """The domestic offer on the table: ``giver`` gives ``give`` for ``get`` (counts in resource order)."""

    giver: int
    give: tuple[int, ...]
    get: tuple[int, ...]
    responders: tuple[int, ...]
    answers: dict[int, tuple[str, tuple[int, ...], tuple[int, ...]]]  # seat -> (answer, gives, gets)


@dataclass(frozen=True)
class SeatView:
    """Everything one seat may know, typed: what the UI, the renderer and a replay viewer read (B-3.6).

    The same facts as ``observation`` (its JSON form), indexed as the board is (hex, intersection and path
    indices of ``topo``; resources in ``rules.resources`` order), plus the board's shape (``topo``) and the
    rules (``rules``), which are public. Hidden: other seats' cards, the deck's order, the RNG.
    """

    seat: int
    rules: Ruleset
    topo: Topology
    players: int
    phase: str
    to_act: int | None
    active: int
    turn: int
    dice: tuple[int, int] | None
    terrain: tuple[str, ...]
    number: tuple[int, ...]
    extra_tokens: tuple[tuple[int, ...], ...]  # developed tokens per hex (Catan a Dois, D-6); may be empty
    harbours: tuple[tuple[int, str], ...]
    robber: int  # hex index
    robber_slot: int  # the token it blocks on its hex; -1: the whole hex
    node_owner: tuple[int, ...]  # -1: free
    node_level: tuple[int, ...]  # 1 settlement, 2 city
    edge_owner: tuple[int, ...]
    bank: tuple[int, ...]
    development_deck: int
    public: tuple[PlayerPublic, ...]
    longest_road: int  # seat, -1: nobody
    largest_army: int
    trade: TradeView | None
    discards_pending: tuple[tuple[int, int], ...]  # (seat, cards owed)
    free_roads: int
    dev_played_this_turn: bool
    built_this_turn: bool
    offers_made: int
    winners: tuple[int, ...]
    start_player: int
    dice_counts: tuple[int, ...]  # rolls of each total 0..12 so far (everyone saw them)
    modules: dict[str, Any]  # each rule module's view for this seat
    hand: tuple[int, ...]
    development_cards: tuple[int, ...]  # per DEV_KINDS
    bought_this_turn: tuple[int, ...]
    vp: int
    harbour_rates: tuple[int, ...]
    gained: tuple[tuple[int, ...], ...] | None  # production per seat and resource: only once the game is over
    board_kind: str = "random"  # how the board was laid: "random", "balanced" or a named layout
    # the probability of each total 2..12 for the next roll, as the game's dice kind says (Game.dice_odds)
    dice_odds: dict[int, float] = field(default_factory=dict)
    vp_target: int = 0  # the points that win this game (Game.vp_target; 0 only in a hand-made view)
    # each rule module's settings from the rule file (public, like the rules): module -> setting -> value
    settings: dict[str, dict[str, Any]] = field(default_factory=dict)

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def tokens_on(self, h: int) -> list[int]:
        """The number tokens on hex ``h``: the printed one (if any), then the developed ones."""
        out = [self.number[h]] if self.number[h] else []
        if self.extra_tokens:
            out.extend(self.extra_tokens[h])
        return out

    def buildings_of(self, seat: int) -> list[int]:
        return [n for n, o in enumerate(self.node_owner) if o == seat]


SPECTATOR = -1  # the seat of a public view: someone watching, who holds no cards


def public_view(g: Game) -> SeatView:
    """What anyone watching may know (a spectator of a hosted game): a ``SeatView`` whose ``seat`` is
    ``SPECTATOR``, with no hand, no development cards, 0 points of its own, the bank's plain rate for every
    resource, and each rule module's view for nobody (its public part only)."""
    return _view(g, SPECTATOR)


def seat_view(g: Game, seat: int) -> SeatView:
    """The typed view of ``g`` for ``seat`` (see ``SeatView``). ValueError for a seat not at the table."""
    if not 0 <= seat < g.s.players:
        raise ValueError(f"no seat {seat} in a {g.s.players}-player game")
    return _view(g, seat)


def _view(g: Game, seat: int) -> SeatView:
    s, rules = g.s, g.rules
    watching = seat == SPECTATOR
    none = (0,) * len(rules.resources)
    shown = set(s.winners)  # B-9.4: a winner's victory point cards are revealed with the win
    public = tuple(
        PlayerPublic(p, sum(s.hands[p]), sum(s.dev_hand[p]), s.knights[p],
                     g.vp(p) if p in shown else g.visible_vp(p), s.road_len[p],
                     (s.pieces_left[p][0], s.pieces_left[p][1], s.pieces_left[p][2]))
        for p in range(s.players)
    )
    trade = None
    if s.trade is not None:
        trade = TradeView(
            s.current, tuple(s.trade.give), tuple(s.trade.get), tuple(s.trade.responders),
            {q: (v, tuple(a), tuple(b)) for q, (v, a, b) in s.trade.answers.items()},
        )
    slot = next((x for m in g.plugins.modules if (x := m.robber_token(g)) is not None), -1)
    return SeatView(
        seat=seat, rules=rules, topo=g.topo, players=s.players, phase=s.phase,
        to_act=actor(g) if s.phase != "over" else None, active=s.current, turn=s.turn,
        dice=(s.dice[0], s.dice[1]) if s.dice else None,
        terrain=tuple(s.terrain), number=tuple(s.number),
        extra_tokens=tuple(tuple(x) for x in s.extra_tokens) if s.extra_tokens else (),
        harbours=tuple((e, k) for e, k in s.harbours), robber=s.robber,
        robber_slot=slot,
        node_owner=tuple(s.node_owner), node_level=tuple(s.node_level), edge_owner=tuple(s.edge_owner),
        bank=tuple(s.bank), development_deck=len(s.dev_deck), public=public,
        longest_road=s.lr_holder, largest_army=s.la_holder, trade=trade,
        discards_pending=tuple((a, b) for a, b in s.discard_queue), free_roads=s.free_roads,
        dev_played_this_turn=s.dev_played, built_this_turn=s.built, offers_made=s.offers_made,
        winners=tuple(s.winners), start_player=s.start_player, dice_counts=tuple(s.dice_counts),
        modules={m.NAME: m.view(g, seat) for m in g.plugins.modules},
        settings={m.NAME: m.cfg for m in g.plugins.modules},
        hand=none if watching else tuple(s.hands[seat]),
        development_cards=(0,) * len(s.dev_hand[0]) if watching else tuple(s.dev_hand[seat]),
        bought_this_turn=(0,) * len(s.dev_new[0]) if watching else tuple(s.dev_new[seat]),
        vp=0 if watching else g.vp(seat),
        harbour_rates=(rules.rate_none,) * len(none) if watching else tuple(harbour_rates(g, seat)),
        gained=tuple(tuple(x) for x in s.gained) if s.phase == "over" else None,
        board_kind=s.board_kind,
        dice_odds=dice_odds(g),
        vp_target=vp_target(g),
    )
