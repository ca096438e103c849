"""The mutable state of one game. Plain lists and ints (indexed by seat, node, edge, hex, resource)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

PHASES = (  # the core phases; rule modules add their own (RuleModule.PHASES)
    "setup_settlement",  # a founding settlement (B-3.4)
    "setup_road",  # the road beside it
    "roll",  # the active player's turn before the dice
    "discard",  # a 7: players over the limit discard, in seat order from the active player (B-6.2)
    "robber",  # move the robber and maybe steal (B-6.3, B-6.4, B-9.2)
    "main",  # trade, then build (B-4.2)
    "road_building",  # the free roads of a Road Building card (B-9.3)
    "trade_offer",  # the other players answer a domestic offer in seat order (B-7.1)
    "trade_confirm",  # the active player picks a partner or cancels
    "place_robber",  # the start player puts the robber on one of several deserts (F-2.5, reading Q-17)
    "over",
)


@dataclass
class Trade:
    """A domestic offer in progress: the active player gives ``give`` for ``get`` (per-resource counts)."""

    give: list[int]
    get: list[int]
    responders: list[int]
    answers: dict[int, tuple[str, list[int], list[int]]] = field(default_factory=dict)
    # answer: ("accept"|"reject", [], []) or ("counter", responder_gives, responder_gets)


@dataclass
class State:
    """Everything that changes during a game. The board's shape lives in the Topology, not here."""

    players: int
    phase: str
    current: int  # the active player (whose turn it is)
    turn: int  # 0 during the founding phase, then 1, 2, ...
    hands: list[list[int]]
    bank: list[int]
    dev_deck: list[str]  # the top card is the last one
    dev_hand: list[list[int]]  # per seat, per DEV_KINDS
    dev_new: list[list[int]]  # bought this turn (cannot be played yet)
    knights: list[int]
    dev_played: bool
    node_owner: list[int]  # -1 = empty
    node_level: list[int]  # 1 settlement, 2 city
    edge_owner: list[int]
    roads_of: list[list[int]]
    buildings_of: list[list[int]]
    pieces_left: list[list[int]]  # per seat: road, settlement, city
    terrain: list[str]
    number: list[int]
    letter: list[str]
    harbours: list[tuple[int, str]]
    robber: int
    board_kind: str
    lr_holder: int = -1
    road_len: list[int] = field(default_factory=list)
    la_holder: int = -1
    dice: tuple[int, int] | None = None
    next_dice: tuple[int, int] | None = None  # set by a hand-written position: the next roll shows these
    built: bool = False
    offers_made: int = 0
    trade: Trade | None = None
    discard_queue: list[tuple[int, int]] = field(default_factory=list)
    free_roads: int = 0
    resume_phase: str = "main"
    setup_queue: list[int] = field(default_factory=list)
    # a hex's number tokens after the printed one (several tokens per hex, e.g. D-6.5); [] when none anywhere
    extra_tokens: list[list[int]] = field(default_factory=list)
    setup_index: int = 0
    last_settlement: int = -1
    winners: list[int] = field(default_factory=list)
    start_player: int = 0
    history: list[str] = field(default_factory=list)
    log: list[dict[str, Any]] = field(default_factory=list)
    dice_counts: list[int] = field(default_factory=lambda: [0] * 13)
    gained: list[list[int]] = field(default_factory=list)  # resources received from production, per seat
    modules: dict[str, Any] = field(default_factory=dict)  # each rule module's own state, by module name

    def clone(self) -> State:
        """Return an independent copy. Log events are never changed once written, so they are shared."""
        c = State.__new__(State)  # a shallow copy (copy.copy, without its generic protocol's cost)
        c.__dict__.update(self.__dict__)
        c.hands = [h[:] for h in self.hands]
        c.bank = self.bank[:]
        c.dev_deck = self.dev_deck[:]
        c.dev_hand = [d[:] for d in self.dev_hand]
        c.dev_new = [d[:] for d in self.dev_new]
        c.knights = self.knights[:]
        c.node_owner = self.node_owner[:]
        c.node_level = self.node_level[:]
        c.edge_owner = self.edge_owner[:]
        c.roads_of = [r[:] for r in self.roads_of]
        c.buildings_of = [b[:] for b in self.buildings_of]
        c.pieces_left = [p[:] for p in self.pieces_left]
        c.terrain = self.terrain[:]
        c.number = self.number[:]
        c.letter = self.letter[:]
        c.harbours = self.harbours[:]
        c.road_len = self.road_len[:]
        if self.trade is not None:
            t = self.trade
            c.trade = Trade(t.give[:], t.get[:], t.responders[:], dict(t.answers))
        c.discard_queue = self.discard_queue[:]
        c.setup_queue = self.setup_queue[:]
        c.extra_tokens = [x[:] for x in self.extra_tokens]
        c.winners = self.winners[:]
        c.history = self.history[:]
        c.log = self.log[:]
        c.dice_counts = self.dice_counts[:]
        c.gained = [g[:] for g in self.gained]
        if self.modules:
            c.modules = {name: section.clone() for name, section in self.modules.items()}
        return c
