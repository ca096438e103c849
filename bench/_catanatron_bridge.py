"""Our bots inside catanatron 3.2.1; runs INSIDE ``bench/.venv-catanatron`` (see ``bench/vs_catanatron.py``).

Never imported by the project. Two sub-commands, each printing one JSON line per game on stdout:

* ``play``: catanatron games between one of OUR bots (``catan_desktop.ai.create_bot``) and copies of one
  catanatron bot; the result of every game (winner, turns, fallbacks, decision times).
* ``check``: catanatron random-play games where, at every decision, the translated position's
  ``legal_actions()`` (our engine) are compared with catanatron's ``playable_actions``; counts of the
  differences by kind, with a few examples.

How a decision of our bot is made (``Translator``): catanatron's state becomes one of our hand-writable
snapshots (docs/engine-api.md, "Snapshots"), read with ``catan_desktop.engine.snapshot.from_data``; the bot
chooses with ``bot.choose(game, seat)``; the chosen ``Action`` is turned into a key such as
``("road", our_edge)`` and looked up among the keys of catanatron's playable actions. Hex, node and edge
numbers are matched geometrically once per map (cube coordinates of catanatron's land tiles against our
hex centres; a tile's NodeRefs N..NW against our corners clockwise from N). The repository root is put on
``sys.path`` so the current checkout is what runs.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
import traceback
from collections import Counter
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT))

from catanatron import Color, Player, RandomPlayer  # noqa: E402
from catanatron import Game as CGame  # noqa: E402
from catanatron.game import TURNS_LIMIT  # noqa: E402
from catanatron.models.enums import RESOURCES, ActionPrompt, ActionType  # noqa: E402
from catanatron.models.enums import Action as CAction  # noqa: E402
from catanatron.models.map import PORT_DIRECTION_TO_NODEREFS, CatanMap, NodeRef, Port  # noqa: E402
from catanatron.players.search import VictoryPointPlayer  # noqa: E402
from catanatron.players.weighted_random import WeightedRandomPlayer  # noqa: E402

from catan_desktop.ai import BOT_KINDS, create_bot  # noqa: E402
from catan_desktop.engine import Action, Game, Ruleset, load_rules  # noqa: E402
from catan_desktop.engine.ruleset import DEV_KINDS  # noqa: E402
from catan_desktop.engine.snapshot import from_data  # noqa: E402
from catan_desktop.engine.topology import Topology  # noqa: E402

VARIANT = "base"
# Our rule options that bring the base game closest to catanatron's rules.
OPTIONS: dict[str, Any] = {
    "domestic_trade": False,  # catanatron has no trading between players
    "robber_steal_optional": False,  # catanatron always steals when it can
    "strict_trade_then_build": False,  # catanatron allows maritime trade after building
}
# catanatron resource / development-card names -> ours (checked against the rule file at start-up)
RESOURCE = {"WOOD": "lumber", "BRICK": "brick", "SHEEP": "wool", "WHEAT": "grain", "ORE": "ore"}
DEV_CARD = {
    "KNIGHT": "knight",
    "ROAD_BUILDING": "road_building",
    "YEAR_OF_PLENTY": "year_of_plenty",
    "MONOPOLY": "monopoly",
    "VICTORY_POINT": "victory_point",
}
OPPONENTS: dict[str, type[Player]] = {
    "vp": VictoryPointPlayer,
    "random": RandomPlayer,
    "weighted": WeightedRandomPlayer,
}
Key = tuple[Any, ...]


# ------------------------------------------------------------------------------------------ board mapping


class BoardMap:
    """Catanatron's tiles, node ids and edge tuples <-> our hex, node and edge numbers, for one map."""

    def __init__(self, cmap: CatanMap, topo: Topology, rules: Ruleset):
        coords = list(cmap.land_tiles)
        if len(coords) != topo.num_hexes:
            raise ValueError(f"catanatron map has {len(coords)} land tiles, our board {topo.num_hexes}")

        # Pointy-top centres in the same unit space as Topology.hex_centre (cube x,z = axial q,r; z grows
        # downwards in catanatron), each set shifted so its centroid is the origin.
        def theirs_xy(c: tuple[int, int, int]) -> tuple[float, float]:
            return (math.sqrt(3) * (c[0] + c[2] / 2), 1.5 * c[2])

        def centred(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
            mx = sum(p[0] for p in points) / len(points)
            my = sum(p[1] for p in points) / len(points)
            return [(p[0] - mx, p[1] - my) for p in points]

        ours_c = centred([topo.hex_centre(h) for h in range(topo.num_hexes)])
        theirs_c = centred([theirs_xy(c) for c in coords])
        self.coord_to_hex: dict[tuple[int, int, int], int] = {}
        for c, (x, y) in zip(coords, theirs_c, strict=True):
            h = min(range(topo.num_hexes), key=lambda i: math.dist(ours_c[i], (x, y)))
            if math.dist(ours_c[h], (x, y)) > 1e-6 or h in self.coord_to_hex.values():
                raise ValueError(f"no hex of our board lies where catanatron's tile {c} is")
            self.coord_to_hex[c] = h
        self.hex_to_coord = {h: c for c, h in self.coord_to_hex.items()}

        corner_refs = (
            NodeRef.NORTH,
            NodeRef.NORTHEAST,
            NodeRef.SOUTHEAST,
            NodeRef.SOUTH,
            NodeRef.SOUTHWEST,
            NodeRef.NORTHWEST,
        )  # our Topology.hex_nodes order: clockwise from N
        self.node_to_ours: dict[int, int] = {}
        for c, h in self.coord_to_hex.items():
            tile = cmap.land_tiles[c]
            for ref, ours in zip(corner_refs, topo.hex_nodes[h], strict=True):
                theirs = tile.nodes[ref]
                if self.node_to_ours.setdefault(theirs, ours) != ours:
                    raise ValueError(f"catanatron node {theirs} maps to two of our nodes")
        if sorted(self.node_to_ours.values()) != list(range(topo.num_nodes)):
            raise ValueError("the node mapping is not one-to-one")
        self.node_to_theirs = {o: t for t, o in self.node_to_ours.items()}
        self.topo = topo

        # terrain, numbers and harbours of this map, in our terms
        res_terrain = {rules.resources[i]: t for t, i in rules.terrain_resource.items() if i is not None}
        desert = next(t for t, res in rules.terrain_resource.items() if res is None)
        self.hexes: list[dict[str, Any]] = []
        for h in range(topo.num_hexes):
            tile = cmap.land_tiles[self.hex_to_coord[h]]
            terrain = desert if tile.resource is None else res_terrain[RESOURCE[tile.resource]]
            self.hexes.append({"id": topo.hex_ids[h], "terrain": terrain, "number": tile.number})
        self.harbours: list[dict[str, Any]] = []
        for tile in cmap.tiles.values():
            if isinstance(tile, Port):
                a, b = (
                    self.node_to_ours[tile.nodes[ref]] for ref in PORT_DIRECTION_TO_NODEREFS[tile.direction]
                )
                kind = "generic" if tile.resource is None else RESOURCE[tile.resource]
                self.harbours.append({"edge": self.edge(a, b), "kind": kind})
        self.harbours.sort(key=lambda hb: hb["edge"])

    def edge(self, a: int, b: int) -> int:
        """Our edge between our nodes a and b."""
        return self.topo.edge_index[(min(a, b), max(a, b))]

    def edge_to_ours(self, edge: tuple[int, int]) -> int:
        return self.edge(self.node_to_ours[edge[0]], self.node_to_ours[edge[1]])

    def hex_id(self, coord: tuple[int, int, int]) -> str:
        return self.topo.hex_ids[self.coord_to_hex[coord]]


# ------------------------------------------------------------------------------------------ translation


class Translator:
    """Builds our snapshot of a catanatron position and maps actions both ways (by comparable keys)."""

    def __init__(self) -> None:
        self.rules = load_rules(VARIANT, OPTIONS)
        self.topo = Game.new(self.rules, players=self.rules.players_max, seed=1).topo
        if sorted(RESOURCE.values()) != sorted(self.rules.resources):
            raise ValueError(f"resource names differ: {sorted(self.rules.resources)}")
        if sorted(DEV_CARD.values()) != sorted(DEV_KINDS):
            raise ValueError(f"development cards differ: {DEV_KINDS}")
        self._maps: dict[int, tuple[CatanMap, BoardMap]] = {}
        self.hidden: Counter[str] = Counter()  # cards shown as "bought this turn" (see _hide_unplayable)

    def board(self, cmap: CatanMap) -> BoardMap:
        entry = self._maps.get(id(cmap))
        if entry is None or entry[0] is not cmap:
            if len(self._maps) > 8:
                self._maps.clear()
            entry = self._maps[id(cmap)] = (cmap, BoardMap(cmap, self.topo, self.rules))
        return entry[1]

    # -- state

    def snapshot(self, cgame: CGame, seat: int, salt: str) -> dict[str, Any]:
        """Return our snapshot of ``cgame`` as seat ``seat`` may use it.

        ``seat`` gets its exact hand and development cards; the other seats their real resource cards and
        the right NUMBER of development cards, dealt (knights first, victory points last) from the cards
        ``seat`` cannot see, the rest forming the deck in an order drawn from ``salt``.
        """
        st = cgame.state
        bm = self.board(st.board.map)
        ps = st.player_state
        n = len(st.colors)
        seat_of = {color: i for i, color in enumerate(st.colors)}
        active = st.current_turn_index
        rolled = bool(ps[f"P{active}_HAS_ROLLED"])

        buildings = [
            [bm.node_to_ours[node], seat_of[color], "city" if kind == "CITY" else "settlement"]
            for node, (color, kind) in st.board.buildings.items()
        ]
        roads = [
            [bm.edge_to_ours(edge), seat_of[color]]
            for edge, color in st.board.roads.items()
            if edge[0] < edge[1]
        ]
        hands = [{RESOURCE[r]: ps[f"P{p}_{r}_IN_HAND"] for r in RESOURCE} for p in range(n)]
        bank = {RESOURCE[r]: st.resource_freqdeck[i] for i, r in enumerate(RESOURCES)}

        # this turn's flags, read back from catanatron's action log
        bought: Counter[str] = Counter()
        dice = None
        if not st.is_initial_build_phase:
            active_color = st.colors[active]
            for act in reversed(st.actions):
                if act.action_type == ActionType.END_TURN:
                    break
                if act.color != active_color:
                    continue
                if act.action_type == ActionType.BUY_DEVELOPMENT_CARD and act.value is not None:
                    bought[DEV_CARD[act.value]] += 1
                elif act.action_type == ActionType.ROLL and dice is None and act.value is not None:
                    dice = list(act.value)

        # development cards: own exact, others' counts exact and composition from the unseen cards
        unseen: Counter[str] = Counter(DEV_CARD[c] for c in st.development_listdeck)
        held = [{DEV_CARD[c]: ps[f"P{p}_{c}_IN_HAND"] for c in DEV_CARD} for p in range(n)]
        for p in range(n):
            if p != seat:
                unseen.update(held[p])
        dev_cards: list[dict[str, int]] = []
        for p in range(n):
            if p == seat:
                dev_cards.append({k: v for k, v in held[p].items() if v})
                continue
            need = sum(held[p].values())
            dealt: dict[str, int] = {}
            for kind in DEV_KINDS:  # knight first, victory_point last
                take = min(need, unseen[kind])
                if take:
                    dealt[kind] = take
                    unseen[kind] -= take
                    need -= take
            dev_cards.append(dealt)
        deck = sorted(unseen.elements())
        random.Random(salt).shuffle(deck)
        dev_new: list[dict[str, int]] = [{} for _ in range(n)]
        if seat == active:
            dev_new[seat] = {k: min(v, held[seat].get(k, 0)) for k, v in bought.items()}
            if not st.is_initial_build_phase and st.current_prompt == ActionPrompt.PLAY_TURN:
                self._hide_unplayable(dev_new[seat], held[seat], hands[seat], rolled)

        snap: dict[str, Any] = {
            "format": "catan-desktop-snapshot",
            "version": 2,
            "variant": VARIANT,
            "options": OPTIONS,
            "players": n,
            "current": active,
            "start_player": 0,
            "board": {
                "hexes": bm.hexes,
                "harbours": bm.harbours,
                "robber": bm.hex_id(st.board.robber_coordinate),
            },
            "buildings": sorted(buildings),
            "roads": sorted(roads),
            "hands": hands,
            "bank": bank,
            "dev_deck": deck,
            "dev_cards": dev_cards,
            "dev_bought_this_turn": dev_new,
            "knights_played": [ps[f"P{p}_PLAYED_KNIGHT"] for p in range(n)],
            "dev_played_this_turn": bool(ps[f"P{active}_HAS_PLAYED_DEVELOPMENT_CARD_IN_TURN"]),
            "longest_road": next((p for p in range(n) if ps[f"P{p}_HAS_ROAD"]), None),
            "largest_army": next((p for p in range(n) if ps[f"P{p}_HAS_ARMY"]), None),
            "dice": dice,
        }
        prompt = st.current_prompt
        if st.is_initial_build_phase:
            # snake order from seat 0; one road closes each founding step
            snap["turn"] = 0
            queue = list(range(n)) + list(reversed(range(n)))
            last = -1
            if prompt == ActionPrompt.BUILD_INITIAL_ROAD:
                snap["phase"] = "setup_road"
                last = bm.node_to_ours[st.buildings_by_color[st.colors[active]]["SETTLEMENT"][-1]]
            else:
                snap["phase"] = "setup_settlement"
            snap["setup"] = {"queue": queue, "index": len(roads), "last_settlement": last}
            return snap
        # catanatron's num_turns already counts 2 * (n - 1) founding-phase turn changes
        snap["turn"] = max(1, st.num_turns - 2 * (n - 1) + 1)
        resume = "main" if rolled else "roll"
        if prompt == ActionPrompt.MOVE_ROBBER:
            snap["phase"] = "robber"
            snap["resume_phase"] = resume
        elif prompt == ActionPrompt.DISCARD:
            snap["phase"] = "discard"
            amount = sum(hands[st.current_player_index].values()) // 2
            snap["discards_pending"] = [[st.current_player_index, amount]]
            snap["resume_phase"] = "main"
        elif st.is_road_building:
            snap["phase"] = "road_building"
            snap["free_roads"] = st.free_roads_available
            snap["resume_phase"] = resume
        else:
            snap["phase"] = resume
        return snap

    def _hide_unplayable(
        self, new: dict[str, int], held: dict[str, int], hand: dict[str, int], rolled: bool
    ) -> None:
        """Mark as bought this turn the cards catanatron would not let the player play now.

        catanatron allows only knights before the roll, and Road Building only when the player could pay
        for a road; our engine allows both. Listing such a card as new keeps it out of our legal actions, so
        our bot picks among moves catanatron accepts instead of falling back.
        """
        hide = [] if rolled else ["road_building", "year_of_plenty", "monopoly"]
        road_cost = self.rules.costs["road"]
        if rolled and any(hand[name] < c for name, c in zip(self.rules.resources, road_cost, strict=True)):
            hide.append("road_building")
        for kind in hide:
            if held.get(kind, 0) > new.get(kind, 0):
                self.hidden[kind] += 1
                new[kind] = held[kind]

    def game(self, snap: dict[str, Any]) -> Game:
        # the other seats' development cards are dealt from the unseen ones (a guess, like a bot's sampled
        # world), and catanatron's position is its own: not checked as one our rules could reach
        return from_data(Game, snap, self.rules, check=False)

    # -- actions

    def their_key(self, cgame: CGame, action: CAction) -> Key:
        """A comparable key for one of catanatron's playable actions, in our names and numbers."""
        st = cgame.state
        bm = self.board(st.board.map)
        t, v = action.action_type, action.value
        if t == ActionType.BUILD_SETTLEMENT:
            return ("settle", bm.node_to_ours[v])
        if t == ActionType.BUILD_CITY:
            return ("city", bm.node_to_ours[v])
        if t == ActionType.BUILD_ROAD:
            return ("road", bm.edge_to_ours(v))
        if t == ActionType.MOVE_ROBBER:
            victim = None if v[1] is None else st.colors.index(v[1])
            return ("robber", bm.hex_id(v[0]), victim)
        if t == ActionType.PLAY_YEAR_OF_PLENTY:
            return ("year_of_plenty", tuple(sorted(RESOURCE[r] for r in v)))
        if t == ActionType.PLAY_MONOPOLY:
            return ("monopoly", RESOURCE[v])
        if t == ActionType.MARITIME_TRADE:
            return ("maritime", RESOURCE[v[0]], RESOURCE[v[-1]])
        return (_SIMPLE_THEIRS.get(t, t.value),)

    def our_key(self, game: Game, action: Action) -> Key:
        """The key of our action; a steal from a player without cards becomes a plain move (catanatron)."""
        k = action.kind
        if k in ("settle", "city", "road", "monopoly"):
            return (k, action.a)
        if k == "robber":
            victim = action.b
            if victim is not None and sum(game.s.hands[victim]) == 0:
                victim = None
            return ("robber", action.a, victim)
        if k == "year_of_plenty":
            return ("year_of_plenty", tuple(sorted(x for x in (action.a, action.b) if x is not None)))
        if k == "maritime":
            return ("maritime", action.a, action.b)
        return (k,)

    def their_index(self, cgame: CGame, playable: list[CAction]) -> dict[Key, CAction]:
        out: dict[Key, CAction] = {}
        for a in playable:
            out.setdefault(self.their_key(cgame, a), a)
        return out


_SIMPLE_THEIRS = {
    ActionType.ROLL: "roll",
    ActionType.END_TURN: "end",
    ActionType.BUY_DEVELOPMENT_CARD: "buy",
    ActionType.PLAY_KNIGHT_CARD: "knight",
    ActionType.PLAY_ROAD_BUILDING: "road_building",
    ActionType.DISCARD: "discard",
}


def fallback_action(playable: list[CAction]) -> CAction:
    """A deterministic stand-in when our choice has no catanatron counterpart: end or roll, else the first."""
    for wanted in (ActionType.END_TURN, ActionType.ROLL):
        for a in playable:
            if a.action_type == wanted:
                return a
    return playable[0]


# ------------------------------------------------------------------------------------------ our player


class BridgePlayer(Player):
    """A catanatron Player that asks one of our bots (a fresh bot per game, reused for every decision)."""

    def __init__(self, color: Color, kind: str, seed: int, translator: Translator):
        super().__init__(color)
        self.kind = kind
        self.seed = seed
        self.tr = translator
        self.bot = create_bot(kind, seed=seed)
        self.decisions = 0
        self.forced = 0
        self.choose_ms: list[float] = []
        self.translate_ms = 0.0
        self.fallbacks: Counter[str] = Counter()
        self.examples: list[str] = []

    def _note(self, label: str, text: str) -> None:
        self.fallbacks[label] += 1
        if len(self.examples) < 5:
            self.examples.append(text)

    def decide(self, game: CGame, playable_actions: list[CAction]) -> CAction:
        if len(playable_actions) == 1:  # nothing to decide (catanatron's engine-chosen discard, a lone roll)
            self.forced += 1
            return playable_actions[0]
        st = game.state
        seat = st.colors.index(self.color)
        self.decisions += 1
        t0 = time.perf_counter()
        try:
            ours = self.tr.game(self.tr.snapshot(game, seat, f"{self.seed}/{len(st.actions)}"))
        except Exception as exc:  # a position our reader refuses: count it, keep the game going
            self._note("snapshot_error", f"{type(exc).__name__}: {exc}")
            return fallback_action(playable_actions)
        t1 = time.perf_counter()
        try:
            chosen = self.bot.choose(ours, seat)
        except Exception as exc:
            self._note("bot_error", f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=3)}")
            return fallback_action(playable_actions)
        t2 = time.perf_counter()
        mapped = self.tr.their_index(game, playable_actions).get(self.tr.our_key(ours, chosen))
        self.choose_ms.append((t2 - t1) * 1000.0)
        self.translate_ms += (t1 - t0 + time.perf_counter() - t2) * 1000.0
        if mapped is None:
            self._note(chosen.kind, f"{chosen} ({ours.phase}, turn {ours.turn})")
            if chosen.kind == "robber":  # e.g. a steal from an empty hand: the same hex, another victim
                for a in playable_actions:
                    if self.tr.their_key(game, a)[1] == chosen.a:
                        return a
            return fallback_action(playable_actions)
        return mapped


def _seated_game(players_in_order: list[Player], seed: int) -> CGame:
    """A catanatron game whose seating (``state.colors``) is ``players_in_order``.

    catanatron seats players with ``random.sample(players, n)`` right after ``random.seed(seed)``; the
    same draw on indices tells where each input slot lands, so the input is arranged to land as wanted.
    """
    n = len(players_in_order)
    random.seed(seed)
    perm = random.sample(range(n), n)  # position k <- input slot perm[k]
    slots: list[Player | None] = [None] * n
    for position, player in enumerate(players_in_order):
        slots[perm[position]] = player
    game = CGame(slots, seed=seed)
    if list(game.state.colors) != [p.color for p in players_in_order]:
        raise RuntimeError("catanatron's seating differs from the one prepared (internal change?)")
    return game


def play_one(
    kind: str, opponent: str, players: int, seed: int, position: int, tr: Translator
) -> dict[str, Any]:
    colors = list(Color)[:players]
    ours = BridgePlayer(colors[position], kind, seed, tr)
    order: list[Player] = []
    for i, color in enumerate(colors):
        order.append(ours if i == position else OPPONENTS[opponent](color))
    game = _seated_game(order, seed)
    hidden_before = Counter(tr.hidden)
    start = time.perf_counter()
    winner = game.play()
    seconds = time.perf_counter() - start
    return {
        "seed": seed,
        "players": players,
        "position": position,
        "won": winner == ours.color,
        "finished": winner is not None,
        "turns": game.state.num_turns,
        "seconds": seconds,
        "decisions": ours.decisions,
        "forced": ours.forced,
        "choose_ms": [round(x, 4) for x in ours.choose_ms],
        "translate_ms": ours.translate_ms,
        "fallbacks": dict(ours.fallbacks),
        "fallback_examples": ours.examples,
        "hidden_cards": dict(tr.hidden - hidden_before),
    }


# ------------------------------------------------------------------------------------------ check mode


class Checker:
    """Compares our legal actions with catanatron's at every decision of a game."""

    def __init__(self, tr: Translator, seed: int):
        self.tr = tr
        self.seed = seed
        self.positions = 0
        self.skipped: Counter[str] = Counter()
        self.mismatch_positions = 0
        self.counts: Counter[str] = Counter()
        self.examples: dict[str, list[str]] = {}
        self.phases: Counter[str] = Counter()

    def _count(self, label: str, text: str) -> None:
        self.counts[label] += 1
        ex = self.examples.setdefault(label, [])
        if len(ex) < 3:
            ex.append(text)

    def __call__(self, player: Player, game: CGame, playable: list[CAction]) -> CAction:
        st = game.state
        if st.current_prompt == ActionPrompt.DISCARD:
            self.skipped["discard (engine-chosen)"] += 1
        else:
            self.compare(game, playable)
        return player.decide(game, playable)

    def compare(self, cgame: CGame, playable: list[CAction]) -> None:
        st = cgame.state
        seat = st.current_player_index
        self.positions += 1
        snap = self.tr.snapshot(cgame, seat, f"{self.seed}/{len(st.actions)}")
        try:
            game = self.tr.game(snap)
        except Exception as exc:
            self.mismatch_positions += 1
            self._count("snapshot refused", f"{type(exc).__name__}: {exc}")
            return
        where = f"{game.phase} turn {game.turn}"
        self.phases[game.phase] += 1
        if self.positions == 1:
            for problem in board_problems(self.tr.board(st.board.map), st.board.map, game):
                self._count("state: board", problem)
        bad = False
        if game.current_player != seat:
            self._count("state: actor", f"ours {game.current_player}, theirs {seat} ({where})")
            bad = True
        ps = st.player_state
        for p in range(len(st.colors)):
            if game.visible_vp(p) != ps[f"P{p}_VICTORY_POINTS"]:
                self._count(
                    "state: visible vp",
                    f"seat {p}: ours {game.visible_vp(p)}, theirs {ps[f'P{p}_VICTORY_POINTS']} ({where})",
                )
                bad = True
        if game.vp(seat) != ps[f"P{seat}_ACTUAL_VICTORY_POINTS"]:
            self._count(
                "state: own vp", f"ours {game.vp(seat)}, theirs {ps[f'P{seat}_ACTUAL_VICTORY_POINTS']}"
            )
            bad = True
        ours = {self.tr.our_key(game, a): a for a in game.legal_actions() if a.kind not in ("offer",)}
        theirs = self.tr.their_index(cgame, playable)
        for key in ours.keys() - theirs.keys():
            self._count(
                f"{key[0]}: ours only - {ours_only_reason(game, ours[key])}", f"{ours[key]} ({where})"
            )
            bad = True
        for key in theirs.keys() - ours.keys():
            reason = theirs_only_reason(game, key)
            self._count(f"{key[0]}: catanatron only - {reason}", f"{theirs[key]} ({where})")
            bad = True
        self.mismatch_positions += bad


def board_problems(bm: BoardMap, cmap: CatanMap, game: Game) -> list[str]:
    """Differences between catanatron's map and our translated board, node by node."""
    out = []
    for theirs, ours in bm.node_to_ours.items():
        a = sorted((RESOURCE[t.resource], t.number) for t in cmap.adjacent_tiles[theirs] if t.resource)
        b = sorted(
            (game.rules.resources[r], game.s.number[h])
            for h in game.topo.node_hexes[ours]
            if (r := game.terrain_res[h]) is not None
        )
        if a != b:
            out.append(f"node {ours}: catanatron {a}, ours {b}")
        ports = {
            ("generic" if r is None else RESOURCE[r])
            for r, nodes in cmap.port_nodes.items()
            if theirs in nodes
        }
        mine = {game.node_harbour[ours]} if ours in game.node_harbour else set()
        if ports != mine:
            out.append(f"node {ours} harbour: catanatron {ports}, ours {mine}")
    return out


def ours_only_reason(game: Game, action: Action) -> str:
    """Which known rule difference makes our legal ``action`` impossible in catanatron."""
    s, p = game.s, game.current_player
    if game.phase == "roll" and action.kind in ("road_building", "year_of_plenty", "monopoly"):
        return "progress card before the roll"
    if action.kind == "road_building" and not all(
        s.hands[p][i] >= c for i, c in enumerate(game.rules.costs["road"])
    ):
        return "Road Building without a road's cost in hand"
    if action.kind == "robber" and action.b is not None and sum(s.hands[action.b]) == 0:
        return "steal from an empty hand"
    return "UNEXPLAINED"


def theirs_only_reason(game: Game, key: Key) -> str:
    """Which known rule difference makes catanatron's action (as our key) illegal in our engine."""
    s, p = game.s, game.current_player
    if key[0] in DEV_KINDS:
        k = DEV_KINDS.index(key[0])
        if s.dev_new[p][k] > 0 and s.dev_hand[p][k] - s.dev_new[p][k] == 0:
            return "card bought this turn"
    if key[0] == "year_of_plenty" and len(key[1]) == 1:
        return "one-card Year of Plenty"
    return "UNEXPLAINED"


def check_one(seed: int, players: int, opponent: str, tr: Translator) -> dict[str, Any]:
    colors = list(Color)[:players]
    game = CGame([OPPONENTS[opponent](c) for c in colors], seed=seed)
    checker = Checker(tr, seed)
    hidden_before = Counter(tr.hidden)
    start = time.perf_counter()
    winner = game.play(decide_fn=checker)
    return {
        "seed": seed,
        "players": players,
        "opponent": opponent,
        "finished": winner is not None,
        "turns": game.state.num_turns,
        "seconds": time.perf_counter() - start,
        "positions": checker.positions,
        "skipped": dict(checker.skipped),
        "mismatch_positions": checker.mismatch_positions,
        "phases": dict(checker.phases),
        "hidden_cards": dict(tr.hidden - hidden_before),
        "mismatches": dict(checker.counts),
        "examples": checker.examples,
    }


# ------------------------------------------------------------------------------------------ main


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play")
    play.add_argument("--bot", required=True)
    play.add_argument("--opponent", choices=sorted(OPPONENTS), required=True)
    play.add_argument("--players", type=int, choices=(2, 3, 4), required=True)
    play.add_argument("--seed", type=int, required=True, help="seed of game 0 (>= 1)")
    play.add_argument("--indices", required=True, help="comma-separated game numbers to play")
    check = sub.add_parser("check")
    check.add_argument("--seed", type=int, required=True)
    check.add_argument("--indices", required=True)
    args = parser.parse_args(argv)

    if getattr(args, "bot", None) is not None and args.bot not in BOT_KINDS:
        print(f"unknown bot {args.bot!r}; available: {', '.join(BOT_KINDS)}", file=sys.stderr)
        return 2
    tr = Translator()
    indices = [int(x) for x in args.indices.split(",") if x]
    print(json.dumps({"hello": True, "turns_limit": TURNS_LIMIT, "bot_kinds": list(BOT_KINDS)}), flush=True)
    for i in indices:
        if args.command == "play":
            row = play_one(args.bot, args.opponent, args.players, args.seed + i, i % args.players, tr)
        else:  # alternate 4- and 2-player games, RandomPlayer and WeightedRandomPlayer
            players = 4 if i % 2 == 0 else 2
            opponent = "random" if i % 4 < 2 else "weighted"
            row = check_one(args.seed + i, players, opponent, tr)
        row["index"] = i
        print(json.dumps(row), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
