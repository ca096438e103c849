"""The JSON snapshot of a game: complete, readable, and writable by hand (docs/engine-api.md).

``to_data`` writes every field; ``from_data`` accepts the same, and fills what a hand-written position
leaves out (history, log, statistics, the RNG, the bank, the deck) with values consistent with the rest.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from .errors import RulesetError, SnapshotError
from .ruleset import DEV_KINDS, Ruleset
from .state import PHASES, State, Trade

if TYPE_CHECKING:
    from .game import Game

FORMAT = "catan-desktop-snapshot"
VERSION = 1


def _res_map(g: Game, values: list[int]) -> dict[str, int]:
    return {name: values[i] for i, name in enumerate(g.rules.resources)}


def _dev_map(values: list[int]) -> dict[str, int]:
    return {name: values[i] for i, name in enumerate(DEV_KINDS)}


def to_data(g: Game) -> dict[str, Any]:
    """Return the complete state of ``g`` as JSON-serialisable data."""
    s, topo = g.s, g.topo
    trade = None
    if s.trade is not None:
        trade = {
            "give": _res_map(g, s.trade.give),
            "get": _res_map(g, s.trade.get),
            "responders": list(s.trade.responders),
            "answers": {
                str(q): [v, _res_map(g, a), _res_map(g, b)] if v == "counter" else [v]
                for q, (v, a, b) in s.trade.answers.items()
            },
        }
    version, internal, gauss = g.rng.getstate()
    return {
        "format": FORMAT,
        "version": VERSION,
        "variant": g.rules.name,
        "rules": g.rules.to_json_data(),
        "options": g.options,
        "seed": g.seed,
        "players": s.players,
        "phase": s.phase,
        "current": s.current,
        "start_player": s.start_player,
        "turn": s.turn,
        "board": {
            "kind": s.board_kind,
            "hexes": [
                {
                    "id": topo.hex_ids[h],
                    "terrain": s.terrain[h],
                    "number": s.number[h] or None,
                    "letter": s.letter[h] or None,
                }
                for h in range(topo.num_hexes)
            ],
            "harbours": [{"edge": e, "kind": k} for e, k in s.harbours],
            "robber": topo.hex_ids[s.robber],
        },
        "buildings": sorted(
            [n, s.node_owner[n], "city" if s.node_level[n] == 2 else "settlement"]
            for n in range(topo.num_nodes)
            if s.node_owner[n] >= 0
        ),
        "roads": sorted([e, s.edge_owner[e]] for e in range(topo.num_edges) if s.edge_owner[e] >= 0),
        "hands": [_res_map(g, h) for h in s.hands],
        "bank": _res_map(g, s.bank),
        "dev_deck": list(s.dev_deck),
        "dev_cards": [_dev_map(d) for d in s.dev_hand],
        "dev_bought_this_turn": [_dev_map(d) for d in s.dev_new],
        "knights_played": list(s.knights),
        "dev_played_this_turn": s.dev_played,
        "longest_road": s.lr_holder if s.lr_holder >= 0 else None,
        "largest_army": s.la_holder if s.la_holder >= 0 else None,
        "dice": list(s.dice) if s.dice else None,
        "built_this_turn": s.built,
        "offers_made": s.offers_made,
        "trade": trade,
        "discards_pending": [list(x) for x in s.discard_queue],
        "free_roads": s.free_roads,
        "resume_phase": s.resume_phase,
        "setup": {"queue": list(s.setup_queue), "index": s.setup_index, "last_settlement": s.last_settlement},
        "special_build_queue": list(s.sbp_queue),
        "dois": dois_data(g),
        "winners": list(s.winners),
        "rng": [version, list(internal), gauss],
        "history": list(g.history),
        "log": s.log,
        "stats": {"dice": list(s.dice_counts), "gained": [_res_map(g, x) for x in s.gained]},
    }


def dois_data(g: Game) -> dict[str, Any] | None:
    """The Catan a Dois stocks (RULES.md Part D), or None in other variants."""
    s = g.s
    stocks = (s.extra_tokens, s.reserve, s.market_pile, s.market_open, s.market_discard, s.remote_deck)
    if not any(stocks):
        return None
    names = g.rules.resources
    return {
        "extra_tokens": {g.topo.hex_ids[h]: list(x) for h, x in enumerate(s.extra_tokens) if x},
        "robber_slot": s.robber_slot,
        "reserve": [list(x) for x in s.reserve],
        "removed_types": list(s.removed_types),
        "market_pile": [names[r] for r in s.market_pile],
        "market_open": [names[r] for r in s.market_open],
        "market_discard": [names[r] for r in s.market_discard],
        "market_excess": s.market_excess,
        "renewal_pending": s.renewal_pending,
        "remote_deck": list(s.remote_deck),
        "remote_drawn": list(s.remote_drawn),
    }


def _read_dois(data: Any, rules: Ruleset, state: State, topo: Any) -> None:
    if not data:
        if {"token_removal", "token_robber"} & set(rules.modules):
            state.extra_tokens = [[] for _ in range(topo.num_hexes)]
            state.reserve = [[] for _ in range(state.players)]
        return
    if not isinstance(data, dict):
        raise SnapshotError("dois must be a mapping")
    index = {r: i for i, r in enumerate(rules.resources)}
    try:
        state.extra_tokens = [[] for _ in range(topo.num_hexes)]
        for hid, tokens in (data.get("extra_tokens") or {}).items():
            state.extra_tokens[topo.hex_index[hid]] = [int(x) for x in tokens]
        state.robber_slot = int(data.get("robber_slot", -1))
        reserve = data.get("reserve") or [[] for _ in range(state.players)]
        state.reserve = [[int(x) for x in r] for r in reserve]
        state.removed_types = [str(x) for x in data.get("removed_types", [])]
        state.market_pile = [index[r] for r in data.get("market_pile", [])]
        state.market_open = [index[r] for r in data.get("market_open", [])]
        state.market_discard = [index[r] for r in data.get("market_discard", [])]
        state.market_excess = int(data.get("market_excess", 0))
        state.renewal_pending = bool(data.get("renewal_pending", False))
        state.remote_deck = [str(x) for x in data.get("remote_deck", [])]
        state.remote_drawn = [str(x) for x in data.get("remote_drawn", [])]
    except (KeyError, TypeError, ValueError) as exc:
        raise SnapshotError(f"dois: not valid ({exc!r})") from exc
    if len(state.reserve) != state.players:
        raise SnapshotError(f"dois.reserve must list {state.players} seats")


class _Reader:
    """Typed access to snapshot fields with errors that name the field."""

    def __init__(self, data: dict[str, Any]):
        self.data = data

    def get(self, key: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
        if key not in self.data:
            if default is ...:
                raise SnapshotError(f"missing field '{key}'")
            return default
        value = self.data[key]
        if kind is int and isinstance(value, bool):
            raise SnapshotError(f"field '{key}' must be a whole number, not {value!r}")
        if not isinstance(value, kind):
            raise SnapshotError(f"field '{key}' has the wrong type ({type(value).__name__})")
        return value


def _resources(rules: Ruleset, value: Any, where: str) -> list[int]:
    if not isinstance(value, dict):
        raise SnapshotError(f"{where} must be a mapping of resource to count")
    out = [0] * len(rules.resources)
    for name, n in value.items():
        if name not in rules.resources:
            raise SnapshotError(f"{where}: unknown resource '{name}'")
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise SnapshotError(f"{where}.{name} must be a whole number >= 0")
        out[rules.resources.index(name)] = n
    return out


def _devs(value: Any, where: str) -> list[int]:
    if not isinstance(value, dict):
        raise SnapshotError(f"{where} must be a mapping of card to count")
    out = [0] * len(DEV_KINDS)
    for name, n in value.items():
        if name not in DEV_KINDS:
            raise SnapshotError(f"{where}: unknown development card '{name}'")
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise SnapshotError(f"{where}.{name} must be a whole number >= 0")
        out[DEV_KINDS.index(name)] = n
    return out


def from_data(cls: type[Game], data: Any, rules: Ruleset | None = None) -> Game:
    """Rebuild a Game from snapshot data; raises SnapshotError naming the first problem found."""
    from .game import _topology, load_rules

    if not isinstance(data, dict):
        raise SnapshotError("a snapshot must be a JSON object")
    rd = _Reader(data)
    if data.get("format", FORMAT) != FORMAT:
        raise SnapshotError(f"not a game snapshot (format {data.get('format')!r})")
    version = rd.get("version", int, VERSION)
    if version > VERSION:
        raise SnapshotError(f"snapshot version {version} is newer than this game understands ({VERSION})")
    options = rd.get("options", dict, {})
    if rules is None:
        try:
            if "rules" in data:
                rules = Ruleset.from_dict(rd.get("rules", dict))
            else:
                rules = load_rules(rd.get("variant", str), options or None)
        except RulesetError as exc:
            raise SnapshotError("the snapshot's rules are invalid: " + "; ".join(exc.problems)) from exc
        except Exception as exc:  # the YAML loader's own error type
            raise SnapshotError(f"cannot load variant {data.get('variant')!r}: {exc}") from exc
    topo = _topology(rules.rows)
    players = rd.get("players", int)
    if not 1 <= players <= 8:
        raise SnapshotError(f"players must be between 1 and 8, not {players}")
    seed = rd.get("seed", int, 0)
    phase = rd.get("phase", str)
    if phase not in PHASES:
        raise SnapshotError(f"unknown phase '{phase}' (one of: {', '.join(PHASES)})")

    def seat(value: Any, where: str, allow_none: bool = False) -> int:
        if value is None and allow_none:
            return -1
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
            raise SnapshotError(f"{where} must be a seat number from 0 to {players - 1}, not {value!r}")
        return value

    board = rd.get("board", dict)
    hexes = board.get("hexes")
    if not isinstance(hexes, list) or len(hexes) != topo.num_hexes:
        raise SnapshotError(f"board.hexes must list all {topo.num_hexes} hexes")
    terrain, number, letter = [], [], []
    for i, hx in enumerate(hexes):
        if not isinstance(hx, dict) or hx.get("terrain") not in rules.terrain_resource:
            raise SnapshotError(f"board.hexes[{i}] needs a known terrain")
        if hx.get("id", topo.hex_ids[i]) != topo.hex_ids[i]:
            raise SnapshotError(f"board.hexes[{i}] should be hex {topo.hex_ids[i]}, found {hx.get('id')}")
        num = hx.get("number") or 0
        if num not in (0, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12):
            raise SnapshotError(f"board.hexes[{i}].number must be 2-12 but not 7")
        terrain.append(hx["terrain"])
        number.append(num)
        letter.append(hx.get("letter") or "")
    harbours = []
    for i, hb in enumerate(board.get("harbours", [])):
        if (
            not isinstance(hb, dict)
            or not isinstance(hb.get("edge"), int)
            or not 0 <= hb["edge"] < topo.num_edges
        ):
            raise SnapshotError(f"board.harbours[{i}] needs an edge number 0-{topo.num_edges - 1}")
        kind = hb.get("kind")
        if kind != "generic" and kind not in rules.resources:
            raise SnapshotError(f"board.harbours[{i}].kind must be 'generic' or a resource")
        harbours.append((hb["edge"], kind))
    robber = topo.hex_index.get(board.get("robber"))
    if robber is None:
        raise SnapshotError(f"board.robber must be a hex id such as '{topo.hex_ids[0]}'")

    node_owner = [-1] * topo.num_nodes
    node_level = [0] * topo.num_nodes
    edge_owner = [-1] * topo.num_edges
    roads_of: list[list[int]] = [[] for _ in range(players)]
    buildings_of: list[list[int]] = [[] for _ in range(players)]
    pieces_left = [list(rules.pieces) for _ in range(players)]
    for i, b in enumerate(rd.get("buildings", list, [])):
        if not (
            isinstance(b, list) and len(b) == 3 and isinstance(b[0], int) and b[2] in ("settlement", "city")
        ):
            raise SnapshotError(f"buildings[{i}] must be [node, seat, 'settlement' or 'city']")
        n, p = b[0], seat(b[1], f"buildings[{i}] seat")
        if not 0 <= n < topo.num_nodes or node_owner[n] >= 0:
            raise SnapshotError(f"buildings[{i}]: node {n} is not a free intersection of this board")
        node_owner[n], node_level[n] = p, (2 if b[2] == "city" else 1)
        buildings_of[p].append(n)
        pieces_left[p][2 if b[2] == "city" else 1] -= 1
    for i, r in enumerate(rd.get("roads", list, [])):
        if not (isinstance(r, list) and len(r) == 2 and isinstance(r[0], int)):
            raise SnapshotError(f"roads[{i}] must be [edge, seat]")
        e, p = r[0], seat(r[1], f"roads[{i}] seat")
        if not 0 <= e < topo.num_edges or edge_owner[e] >= 0:
            raise SnapshotError(f"roads[{i}]: edge {e} is not a free path of this board")
        edge_owner[e] = p
        roads_of[p].append(e)
        pieces_left[p][0] -= 1
    for p in range(players):
        if min(pieces_left[p]) < 0:
            raise SnapshotError(f"seat {p} has more pieces on the board than the rules allow")

    raw_hands = rd.get("hands", list)
    if len(raw_hands) != players:
        raise SnapshotError(f"hands must list {players} seats")
    hands = [_resources(rules, h, f"hands[{i}]") for i, h in enumerate(raw_hands)]
    if "bank" in data:
        bank = _resources(rules, data["bank"], "bank")
    else:
        bank = [rules.bank_per_resource - sum(h[r] for h in hands) for r in range(len(rules.resources))]
        if min(bank) < 0:
            raise SnapshotError("the hands hold more cards than the game has")
    dev_hand = [_devs(d, f"dev_cards[{i}]") for i, d in enumerate(rd.get("dev_cards", list, [{}] * players))]
    dev_new = [
        _devs(d, f"dev_bought_this_turn[{i}]")
        for i, d in enumerate(rd.get("dev_bought_this_turn", list, [{}] * players))
    ]
    knights = rd.get("knights_played", list, [0] * players)
    if len(dev_hand) != players or len(dev_new) != players or len(knights) != players:
        raise SnapshotError(f"dev_cards, dev_bought_this_turn and knights_played must list {players} seats")

    rng = random.Random(seed)
    if data.get("rng") is not None:
        try:
            v, internal, gauss = data["rng"]
            rng.setstate((v, tuple(internal), gauss))
        except (TypeError, ValueError) as exc:
            raise SnapshotError(f"rng: not a valid generator state ({exc})") from exc
    else:
        rng.seed(f"{seed}/{len(rd.get('history', list, []))}/{rd.get('turn', int, 0)}")
    if "dev_deck" in data:
        deck = rd.get("dev_deck", list)
        if any(c not in DEV_KINDS for c in deck):
            raise SnapshotError("dev_deck holds an unknown development card")
    else:  # what is not in a hand or played is in the deck, in an order drawn from the game's RNG
        deck = []
        for k, (kind, total) in enumerate(rules.dev_deck):
            used = sum(d[k] for d in dev_hand) + (sum(knights) if kind == "knight" else 0)
            deck.extend([kind] * max(0, total - used))
        rng.shuffle(deck)

    trade = None
    if data.get("trade") is not None:
        t = data["trade"]
        try:
            answers = {}
            for q, ans in t.get("answers", {}).items():
                if ans[0] == "counter":
                    answers[int(q)] = (
                        "counter",
                        _resources(rules, ans[1], "trade"),
                        _resources(rules, ans[2], "trade"),
                    )
                else:
                    answers[int(q)] = (str(ans[0]), [], [])
            trade = Trade(
                give=_resources(rules, t["give"], "trade.give"),
                get=_resources(rules, t["get"], "trade.get"),
                responders=[seat(q, "trade.responders") for q in t["responders"]],
                answers=answers,
            )
        except (KeyError, TypeError, IndexError, ValueError) as exc:
            raise SnapshotError(f"trade: malformed offer ({exc})") from exc
    setup = data.get("setup") or {}
    stats = data.get("stats") or {}
    state = State(
        players=players,
        phase=phase,
        current=seat(rd.get("current", int), "current"),
        turn=rd.get("turn", int, 1),
        hands=hands,
        bank=bank,
        dev_deck=list(deck),
        dev_hand=dev_hand,
        dev_new=dev_new,
        knights=[int(k) for k in knights],
        dev_played=bool(data.get("dev_played_this_turn", False)),
        node_owner=node_owner,
        node_level=node_level,
        edge_owner=edge_owner,
        roads_of=roads_of,
        buildings_of=buildings_of,
        pieces_left=pieces_left,
        terrain=terrain,
        number=number,
        letter=letter,
        harbours=harbours,
        robber=robber,
        board_kind=str(board.get("kind", "custom")),
        lr_holder=seat(data.get("longest_road"), "longest_road", allow_none=True),
        la_holder=seat(data.get("largest_army"), "largest_army", allow_none=True),
        dice=tuple(data["dice"]) if data.get("dice") else None,
        built=bool(data.get("built_this_turn", False)),
        offers_made=int(data.get("offers_made", 0)),
        trade=trade,
        discard_queue=[(seat(q, "discards_pending"), int(a)) for q, a in data.get("discards_pending", [])],
        free_roads=int(data.get("free_roads", 0)),
        resume_phase=str(data.get("resume_phase", "main")),
        setup_queue=[seat(q, "setup.queue") for q in setup.get("queue", [])],
        sbp_queue=[seat(q, "special_build_queue") for q in data.get("special_build_queue", [])],
        setup_index=int(setup.get("index", 0)),
        last_settlement=int(setup.get("last_settlement", -1)),
        winners=[seat(q, "winners") for q in data.get("winners", [])],
        start_player=seat(data.get("start_player", 0), "start_player"),
        history=[str(x) for x in data.get("history", [])],
        log=list(data.get("log", [])),
        dice_counts=list(stats.get("dice", [0] * 13)),
        gained=[_resources(rules, x, "stats.gained") for x in stats.get("gained", [{}] * players)],
    )
    _read_dois(data.get("dois"), rules, state, topo)
    if phase in ("setup_settlement", "setup_road") and not state.setup_queue:
        raise SnapshotError("a founding-phase snapshot needs setup.queue")
    if phase == "special_build" and not state.sbp_queue:
        raise SnapshotError("a special-building-phase snapshot needs special_build_queue")
    if phase == "discard" and not state.discard_queue:
        raise SnapshotError("a discard-phase snapshot needs discards_pending")
    if phase in ("trade_offer", "trade_confirm") and trade is None:
        raise SnapshotError("a trade-phase snapshot needs a trade")
    game = cls(rules, state, rng, seed, options)
    game._rebuild_derived()
    return game
