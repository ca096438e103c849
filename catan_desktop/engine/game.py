"""The public face of the engine: ``Game``. See docs/engine-api.md for a tour with a runnable example."""

from __future__ import annotations

import json
import os
import random
from collections.abc import Mapping
from typing import Any

from . import snapshot, views
from .actions import Action
from .boards import make_board
from .dice import dice_odds
from .errors import IllegalAction, RulesetError, SnapshotError
from .explain import explain, why_none
from .game_base import GameBase
from .legal import legal_actions
from .lookups import lookups_for
from .module import RuleModule
from .perform import perform
from .plugins import Plugins, plugins_for
from .queries import actor, harbour_rates, robber_start_hexes, vp_target
from .ruleset import DEV_KINDS, Ruleset, load_rules
from .scoring import longest_road_length, total_vp, visible_vp, vp_breakdown
from .state import PHASES, State, Trade
from .topology import Topology, topology_for

SNAPSHOT_VERSION = 1
class Game(GameBase):
    """One game of a variant: the rules, the board's topology, the state and its own seeded RNG."""

    KIND = "board"  # its kind of game (engine.any_game.KINDS)

    _list_legal = legal_actions  # the verbs of GameBase: the board game's rules
    _explain = explain
    _perform = perform

    def __init__(
        self,
        rules: Ruleset,
        state: State,
        rng: random.Random,
        seed: int,
        options: Mapping[str, Any],
        plugins: Plugins | None = None,
    ):
        self.rules = rules
        self.topo = topology_for(rules)
        self.s = state
        self._rng = rng
        self._rng_shared = False  # see the rng property
        self.seed = seed
        self.options = dict(options)
        self.plugins = plugins if plugins is not None else plugins_for(rules)
        self.res_index = {r: i for i, r in enumerate(rules.resources)}
        # shared immutable action values, so listing legal moves allocates little (one set per Ruleset)
        self.lookups = lookups_for(rules, self.topo)
        self.road_actions = self.lookups.road
        self.settle_actions = self.lookups.settle
        self.maritime_actions = self.lookups.maritime
        self._legal: list[Action] | None = None
        self._history_text = 0
        self._refresh_board()

    # ------------------------------------------------------------------------------------------ creation

    @classmethod
    def new(
        cls,
        variant: str | os.PathLike[str] | Ruleset | Mapping[str, Any] = "base",
        players: int = 4,
        seed: int = 0,
        board: str = "random",
        options: dict[str, Any] | None = None,
    ) -> Game:
        """Start a game: lay out the board, shuffle the deck and roll for the start player (Q-05).

        Raises RulesetError for a bad variant, option, player count or board name.
        """
        rules = load_rules(variant, options)
        if not rules.players_min <= players <= rules.players_max:
            lo, hi = rules.players_min, rules.players_max
            raise RulesetError([f"players: {rules.title} is for {lo}-{hi} players, not {players}"])
        rng = random.Random(seed)
        topo = topology_for(rules)
        setup = make_board(rules, topo, board, rng)
        # a module may add cards for the player count (e.g. F-1.2's stock with 5-6 players in a 3-6 file)
        extra_res, extra_dev = plugins_for(rules).stock(players)
        deck: list[str] = []
        for k, (kind, count) in enumerate(rules.dev_deck):
            deck.extend([kind] * (count + extra_dev[k]))
        rng.shuffle(deck)
        n_res = len(rules.resources)
        state = State(
            players=players,
            phase="setup_settlement",
            current=0,
            turn=0,
            hands=[[0] * n_res for _ in range(players)],
            bank=[rules.bank_per_resource + extra_res[r] for r in range(n_res)],
            dev_deck=deck,
            dev_hand=[[0] * len(DEV_KINDS) for _ in range(players)],
            dev_new=[[0] * len(DEV_KINDS) for _ in range(players)],
            knights=[0] * players,
            dev_played=False,
            node_owner=[-1] * topo.num_nodes,
            node_level=[0] * topo.num_nodes,
            edge_owner=[-1] * topo.num_edges,
            roads_of=[[] for _ in range(players)],
            buildings_of=[[] for _ in range(players)],
            pieces_left=[list(rules.pieces) for _ in range(players)],
            terrain=list(setup.terrain),
            number=list(setup.number),
            letter=list(setup.letter),
            harbours=list(setup.harbours),
            robber=setup.robber,
            board_kind=setup.kind,
            road_len=[0] * players,
            gained=[[0] * n_res for _ in range(players)],
        )
        game = cls(rules, state, rng, seed, options or {})
        start = game._roll_for_start()
        state.start_player = state.current = start
        order = [(start + k) % players for k in range(players)]
        queue: list[int] = []
        for rnd in range(rules.setup_settlements):
            queue.extend(order if rnd % 2 == 0 else reversed(order))  # snake order (B-3.4b)
        state.setup_queue = queue
        if len(robber_start_hexes(game)) > 1:  # F-2.5 / Q-17: two deserts, the start player chooses
            state.phase = "place_robber"
        for m in game.plugins.modules:  # in the rule file's order: each may draw from the game's RNG
            section = m.new_state(game)
            if section is not None:
                state.modules[m.NAME] = section
        return game

    def _roll_for_start(self) -> int:
        """Pick the start player (B-3.5): highest 2-dice roll, ties re-roll (reading Q-05)."""
        players = list(range(self.s.players))
        if self.rules.start_player == "first_seat":
            return 0
        while True:
            if self.rules.start_player == "highest_die":  # D-1.2 / Q-19: one die each
                rolls = {p: self.rng.randint(1, 6) for p in players}
            else:
                rolls = {p: self.rng.randint(1, 6) + self.rng.randint(1, 6) for p in players}
            best = max(rolls.values())
            self.event("start_roll", rolls=[rolls.get(p) for p in range(self.s.players)])
            players = [p for p in players if rolls[p] == best]
            if len(players) == 1:
                self.event("start_player", seat=players[0])
                return players[0]

    def _refresh_board(self) -> None:
        """Rebuild the lookup tables derived from the board (numbers, harbours, terrain resources)."""
        s = self.s
        self.terrain_res = [self.rules.terrain_resource.get(t) for t in s.terrain]
        producers: dict[int, list[tuple[int, int, tuple[int, ...], int]]] = {}
        for h, num in enumerate(s.number):
            r = self.terrain_res[h]
            if r is None:
                continue
            tokens = ([num] if num else []) + (s.extra_tokens[h] if s.extra_tokens else [])
            for slot, token in enumerate(tokens):  # each token is its own trigger (D-6.5, Q-31)
                producers.setdefault(token, []).append((h, r, self.topo.hex_nodes[h], slot))
        self.producers = producers
        self.spot_cache: dict[tuple[str, int], Any] = {}  # queries' answers until a piece is placed
        self.building_cache: dict[str, Any] = {}  # ... until a settlement is placed (queries.hex_buildings)
        node_harbour: dict[int, str] = {}
        for e, kind in s.harbours:
            for n in self.topo.edge_nodes[e]:
                node_harbour[n] = kind
        self.node_harbour = node_harbour

    # ---------------------------------------------------------------------------------------- properties

    @property
    def current_player(self) -> int:
        """The seat that must act now (during discards and trade answers, not always the active player)."""
        return actor(self) if self.s.phase != "over" else self.s.current

    @property
    def active_player(self) -> int:
        """The seat whose turn it is."""
        return self.s.current

    @property
    def phase(self) -> str:
        return self.s.phase

    @property
    def is_over(self) -> bool:
        return self.s.phase == "over"

    # -------------------------------------------------------------------------------------------- verbs

    def why_none(self, kind: str) -> str | None:
        """Why the seat to act has no legal action of ``kind`` now (a Reason), or None when it has one."""
        return why_none(self, kind)

    def seat_view(self, seat: int) -> views.SeatView:
        """Return what ``seat`` may know, typed (``views.SeatView``): what the UI and the renderer read."""
        return views.seat_view(self, seat)

    def public_view(self) -> views.SeatView:
        """Return what anyone watching may know (``views.public_view``): no seat's hidden cards."""
        return views.public_view(self)

    @property
    def rng(self) -> random.Random:
        """The game's own RNG (dice, steals, shuffles). A copy (``clone``) shares its source's until either
        of them uses it: the first use takes a private RNG in the shared state, which nobody draws from."""
        if self._rng_shared:
            own = random.Random(0)  # seeded only to skip reading os.urandom: the state is replaced at once
            own.setstate(self._rng.getstate())
            self._rng, self._rng_shared = own, False
        return self._rng

    @rng.setter
    def rng(self, rng: random.Random) -> None:
        self._rng, self._rng_shared = rng, False

    def clone(self) -> Game:
        """Return an independent copy (state and RNG) sharing the immutable rules and topology.

        The copy shares what never changes in place: the rules, topology, rule modules, lookups and the
        board's derived tables (``_refresh_board`` replaces them whole); it starts with the same cached
        spots (``spot_cache``: the same state gives the same answers) and the RNG's state, taken lazily
        (copying a Random costs more than the rest of a copy, and most copies in a search never roll).
        """
        g = Game.__new__(Game)
        g.rules, g.topo, g.s, g.seed = self.rules, self.topo, self.s.clone(), self.seed
        g._rng = self._rng
        g._rng_shared = self._rng_shared = True
        g.options = dict(self.options)
        g.plugins, g.res_index, g.lookups = self.plugins, self.res_index, self.lookups
        g.road_actions, g.settle_actions = self.road_actions, self.settle_actions
        g.maritime_actions = self.maritime_actions
        g._legal = None
        g._history_text = self._history_text  # the copied history holds the same texts
        g.terrain_res, g.producers, g.node_harbour = self.terrain_res, self.producers, self.node_harbour
        g.spot_cache = dict(self.spot_cache)
        g.building_cache = dict(self.building_cache)
        return g

    # ------------------------------------------------------------------------------------------ queries

    def vp(self, seat: int) -> int:
        """Return a seat's total victory points, hidden VP cards included."""
        return total_vp(self, seat)

    def visible_vp(self, seat: int) -> int:
        """Return the victory points everyone can see."""
        return visible_vp(self, seat)

    def vp_breakdown(self, seat: int) -> dict[str, int]:
        """Return a seat's points by source."""
        return vp_breakdown(self, seat)

    def dice_odds(self) -> dict[int, float]:
        """Return the probability of each total 2..12 (every key present) for the next roll, as this game's
        dice kind says: ordinary dice (1/36 … 6/36 … 1/36), balanced dice from the cards left in the deck
        (a full deck when the next roll reshuffles). Public: the same for every seat
        (``SeatView.dice_odds``), so a hand-written position's hidden ``next_dice`` is left out."""
        return dice_odds(self)

    def observation_offers_made(self) -> int:
        """How many domestic offers the active player has made this turn (public information)."""
        return self.s.offers_made

    @property
    def vp_target(self) -> int:
        """The points that win this game: the rule file's ``victory_points.target``, or a rule module's
        (e.g. by the player count, S-4.1)."""
        return vp_target(self)

    def harbour_rates(self, seat: int) -> dict[str, int]:
        """Return a seat's best bank rate per resource."""
        return dict(zip(self.rules.resources, harbour_rates(self, seat), strict=True))

    def hand(self, seat: int) -> dict[str, int]:
        """Return a seat's resource cards by name (full state: the UI shows only the human's own)."""
        return dict(zip(self.rules.resources, self.s.hands[seat], strict=True))

    def cost_text(self, item: str) -> str:
        """Return a readable cost such as '1 brick + 1 lumber'."""
        cost = self.rules.costs[item]
        return " + ".join(f"{n} {self.rules.resources[i]}" for i, n in enumerate(cost) if n)

    # ------------------------------------------------------------------------------------- observation

    def observation(self, seat: int) -> dict[str, Any]:
        """Return what ``seat`` may know, as JSON-serialisable data: the public board and counts, its own
        hand and development cards, and the public log (private events only if ``seat`` took part).
        Never another seat's cards, the deck order or the RNG."""
        return views.observation(self, seat)

    # ------------------------------------------------------------------------------------ serialisation

    def to_json(self) -> str:
        """Return the complete state as JSON text (documented in docs/engine-api.md)."""
        return json.dumps(snapshot.to_data(self), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | bytes, rules: Ruleset | None = None) -> Game:
        """Rebuild a game from ``to_json`` output or a hand-written snapshot; raises SnapshotError."""
        try:
            data = json.loads(text)
        except (ValueError, UnicodeDecodeError, RecursionError) as exc:
            raise SnapshotError(f"not valid JSON: {exc}") from exc
        return cls.from_data(data, rules)

    @staticmethod
    def topology_of(rules: Ruleset) -> Topology:
        """Return the board topology of ``rules`` (shared by every game of the same board shape)."""
        return topology_for(rules)

    @classmethod
    def from_data(cls, data: Any, rules: Ruleset | None = None, check: bool = True) -> Game:
        """Rebuild a game from snapshot data (a parsed ``to_json``); raises SnapshotError naming the field.

        ``check=False`` skips the checks that the position is possible (for a bot's sampled worlds, whose
        hidden parts are guesses).
        """
        return snapshot.from_data(cls, data, rules, check)

    def rebuild_derived(self) -> None:
        """Recompute what snapshots do not store: road lengths and the board lookups."""
        self._refresh_board()
        self.s.road_len = [longest_road_length(self, p) for p in range(self.s.players)]

    def refresh_board(self) -> None:
        """Rebuild the board lookups after a rule changed the tokens on a hex (e.g. D-1.4, D-6)."""
        self._refresh_board()

    def module(self, name: str) -> RuleModule | None:
        """Return the rule module ``name`` if this game's rules switch it on, else None."""
        return self.plugins.by_name.get(name)

    def module_state(self, name: str) -> Any:
        """Return rule module ``name``'s state section (None when the module has none or is off)."""
        return self.s.modules.get(name)

    @property
    def phases(self) -> tuple[str, ...]:
        """Every phase this game can be in: the core's and its rule modules'."""
        return self.plugins.phases


__all__ = ["Game", "Action", "IllegalAction", "PHASES", "Trade"]
