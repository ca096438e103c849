"""The JSON snapshot of a game: complete, readable, and writable by hand (docs/engine-api.md).

``to_data`` writes every field; ``from_data`` accepts the same, and fills what a hand-written position
leaves out (history, log, statistics, the RNG, the bank, the deck) with values consistent with the rest.
Each rule module writes and reads its own section under ``modules.NAME``. Version 1 (before module
sections: ``dois`` and ``special_build_queue``) is upgraded on reading by the modules' ``upgrade_v1``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .envelope import FORMAT, check_version, head, read_history, read_log, restore_rng, tail
from .errors import RulesetError, SnapshotError
from .plugins import plugins_for
from .position import check_position, derive_holders
from .ruleset import DEV_KINDS, Ruleset, load_rules
from .state import State, Trade

if TYPE_CHECKING:
    from .game import Game

VERSION = 2
_V1_KEYS = ("dois", "special_build_queue")  # version 1 kept module state at the top level


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
    return {
        **head(g, VERSION),
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
            **_extra_tokens(g),
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
        **({"next_dice": list(s.next_dice)} if s.next_dice else {}),
        "built_this_turn": s.built,
        "offers_made": s.offers_made,
        "trade": trade,
        "discards_pending": [list(x) for x in s.discard_queue],
        "free_roads": s.free_roads,
        "resume_phase": s.resume_phase,
        "setup": {"queue": list(s.setup_queue), "index": s.setup_index, "last_settlement": s.last_settlement},
        "modules": {m.NAME: m.to_data(g, s.modules.get(m.NAME)) for m in g.plugins.modules},
        "winners": list(s.winners),
        **tail(g),
        "stats": {"dice": list(s.dice_counts), "gained": [_res_map(g, x) for x in s.gained]},
    }


def _extra_tokens(g: Game) -> dict[str, Any]:
    """``{"extra_tokens": {hex id: [tokens]}}`` when a hex carries tokens after its printed one, else {}."""
    s = g.s
    extra = {g.topo.hex_ids[h]: list(x) for h, x in enumerate(s.extra_tokens) if x}
    return {"extra_tokens": extra} if extra else {}


def _read_extra_tokens(value: Any, topo: Any) -> list[list[int]]:
    if not value:
        return []
    if not isinstance(value, dict):
        raise SnapshotError("board.extra_tokens must map hex ids to lists of numbers")
    out: list[list[int]] = [[] for _ in range(topo.num_hexes)]
    for hid, tokens in value.items():
        h = topo.hex_index.get(hid)
        if h is None or not isinstance(tokens, list):
            raise SnapshotError(f"board.extra_tokens: {hid!r} is not a hex id with a list of numbers")
        for t in tokens:
            if type(t) is not int or t not in (2, 3, 4, 5, 6, 8, 9, 10, 11, 12):
                raise SnapshotError(f"board.extra_tokens.{hid} must hold numbers 2-12 but not 7")
        out[h] = list(tokens)
    return out


def _read_dice(value: Any, where: str) -> tuple[int, int] | None:
    if value is None:
        return None
    ok = isinstance(value, list) and len(value) == 2 and all(type(d) is int and 1 <= d <= 6 for d in value)
    if not ok:
        raise SnapshotError(f"{where} must be two dice [d1, d2], each a whole number from 1 to 6, or null")
    return (value[0], value[1])


def _sections(g: Game, data: dict[str, Any]) -> dict[str, Any]:
    """The modules' sections of a snapshot; a version-1 snapshot's are made by the modules' upgrades."""
    if any(key in data for key in _V1_KEYS) and "modules" not in data:
        return {m.NAME: m.upgrade_v1(data) for m in g.plugins.modules}
    sections = data.get("modules") or {}
    if not isinstance(sections, dict):
        raise SnapshotError("modules must be a mapping of rule-module names to their sections")
    unknown = sorted(set(sections) - set(g.plugins.by_name))
    if unknown:
        raise SnapshotError(f"modules.{unknown[0]}: this game's rules do not switch that module on")
    return sections


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


def from_data(cls: type[Game], data: Any, rules: Ruleset | None = None, check: bool = True) -> Game:
    """Rebuild a Game from snapshot data; raises SnapshotError naming the first problem found.

    ``check=False`` skips the checks that the position is possible (a bot's sampled world). Any content at
    all gives a Game or a SnapshotError: a value of the wrong type that no field check catches first is
    reported with what Python said about it, never raised as another error.
    """
    try:
        return _from_data(cls, data, rules, check)
    except SnapshotError:
        raise
    except _DATA_ERRORS as exc:
        raise SnapshotError(f"a field has a value of the wrong kind ({type(exc).__name__}: {exc})") from exc


_DATA_ERRORS = (TypeError, ValueError, AttributeError, IndexError, KeyError, OverflowError, RecursionError)


def _whole(data: Any, key: str, default: int, minimum: int = 0) -> int:
    """A whole-number field of ``data`` (a mapping) at least ``minimum``; raises SnapshotError naming it."""
    value = data.get(key, default) if isinstance(data, dict) else default
    if type(value) is not int or value < minimum:
        raise SnapshotError(f"field '{key}' must be a whole number >= {minimum}, not {value!r}")
    return value


def _from_data(cls: type[Game], data: Any, rules: Ruleset | None, check: bool) -> Game:
    if not isinstance(data, dict):
        raise SnapshotError("a snapshot must be a JSON object")
    rd = _Reader(data)
    if data.get("format", FORMAT) != FORMAT:
        raise SnapshotError(f"not a game snapshot (format {data.get('format')!r})")
    check_version(rd.get("version", int, VERSION), VERSION)
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
    topo = cls.topology_of(rules)
    plugins = plugins_for(rules)
    players = rd.get("players", int)
    if not 1 <= players <= 8:
        raise SnapshotError(f"players must be between 1 and 8, not {players}")
    seed = rd.get("seed", int, 0)
    phase = rd.get("phase", str)
    if phase not in plugins.phases:
        raise SnapshotError(f"unknown phase '{phase}' (one of: {', '.join(plugins.phases)})")

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
    extra_res, extra_dev = plugins.stock(players)  # a module's cards for the player count (F-1.2)
    if "bank" in data:
        bank = _resources(rules, data["bank"], "bank")
    else:
        bank = [rules.bank_per_resource + extra_res[r] - sum(h[r] for h in hands)
                for r in range(len(rules.resources))]
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

    rng = restore_rng(data, seed, len(rd.get("history", list, [])), rd.get("turn", int, 0))
    if "dev_deck" in data:
        deck = rd.get("dev_deck", list)
        if any(c not in DEV_KINDS for c in deck):
            raise SnapshotError("dev_deck holds an unknown development card")
    else:  # what is not in a hand or played is in the deck, in an order drawn from the game's RNG
        deck = []
        for k, (kind, total) in enumerate(rules.dev_deck):
            used = sum(d[k] for d in dev_hand) + (sum(knights) if kind == "knight" else 0)
            deck.extend([kind] * max(0, total + extra_dev[k] - used))
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
    if not isinstance(setup, dict) or not isinstance(stats, dict):
        raise SnapshotError("fields 'setup' and 'stats' must be mappings")
    if not isinstance(knights, list) or any(type(k) is not int or k < 0 for k in knights):
        raise SnapshotError("field 'knights_played' must list whole numbers >= 0")
    # what the engine indexes by seat, by total or by entry has exactly its shape (issue 35, item 1)
    gained = stats.get("gained", [{}] * players)
    if not isinstance(gained, list) or len(gained) != players:
        raise SnapshotError(f"stats.gained must list {players} seats")
    dice_counts = stats.get("dice", [0] * 13)
    if not isinstance(dice_counts, list) or len(dice_counts) != 13 or any(
            type(n) is not int or n < 0 for n in dice_counts):
        raise SnapshotError("stats.dice must list 13 whole numbers >= 0 (the rolls of each total 0-12)")
    log = read_log(rd.get("log", list, []))
    history = read_history(rd.get("history", list, []))
    discards = []
    for entry in rd.get("discards_pending", list, []):
        if not (isinstance(entry, list) and len(entry) == 2 and type(entry[1]) is int and entry[1] >= 1):
            raise SnapshotError(f"discards_pending must list [seat, cards owed >= 1], not {entry!r}")
        discards.append((seat(entry[0], "discards_pending"), entry[1]))
    resume_phase = data.get("resume_phase", "main")
    if resume_phase not in plugins.phases:
        raise SnapshotError(f"unknown resume_phase {resume_phase!r} (one of: {', '.join(plugins.phases)})")
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
        dice=_read_dice(data.get("dice") or None, "dice"),
        next_dice=_read_dice(data.get("next_dice"), "next_dice"),
        built=bool(data.get("built_this_turn", False)),
        offers_made=_whole(data, "offers_made", 0),
        trade=trade,
        discard_queue=discards,
        free_roads=_whole(data, "free_roads", 0),
        resume_phase=str(resume_phase),
        setup_queue=[seat(q, "setup.queue") for q in setup.get("queue", [])],
        extra_tokens=_read_extra_tokens(board.get("extra_tokens"), topo),
        setup_index=_whole(setup, "index", 0),
        last_settlement=_whole(setup, "last_settlement", -1, minimum=-1),
        winners=[seat(q, "winners") for q in data.get("winners", [])],
        start_player=seat(data.get("start_player", 0), "start_player"),
        history=list(history),
        log=list(log),
        dice_counts=list(dice_counts),
        gained=[_resources(rules, x, "stats.gained") for x in gained],
    )
    most = max([rules.road_building_roads, *(m.most_free_roads() for m in plugins.modules)])
    left = pieces_left[state.current][0]
    if state.free_roads > min(most, left):  # B-9.3: Road Building gives two, never more than the pieces left
        raise SnapshotError(f"free_roads {state.free_roads}: no rule gives more than {most} free roads, nor "
                            f"more than the {left} roads seat {state.current} has left")
    if phase in ("setup_settlement", "setup_road") and not state.setup_queue:
        raise SnapshotError("a founding-phase snapshot needs setup.queue")
    if phase == "discard" and not state.discard_queue:
        raise SnapshotError("a discard-phase snapshot needs discards_pending")
    if phase in ("trade_offer", "trade_confirm") and trade is None:
        raise SnapshotError("a trade-phase snapshot needs a trade")
    game = cls(rules, state, rng, seed, options, plugins)
    dois = data.get("dois")
    if isinstance(dois, dict) and dois.get("extra_tokens") and not state.extra_tokens:  # version 1
        state.extra_tokens = _read_extra_tokens(dois["extra_tokens"], topo)
    sections = _sections(game, data)
    for module in plugins.modules:  # a module with no section gets its empty state
        value = module.from_data(game, sections.get(module.NAME))
        if value is not None:
            state.modules[module.NAME] = value
    for module in plugins.modules:
        problems = module.check(game)
        if problems:
            raise SnapshotError(problems[0])
    game.rebuild_derived()
    derive_holders(game)  # an absent or null longest_road / largest_army is worked out (docs/engine-api.md)
    if check:
        # a finished game with no winner needs a module whose ending holds (D-5.4 collapse, stalemate)
        no_winner = any(m.ENDS_WITHOUT_WINNER and m.ended_without_winner(game) for m in plugins.modules)
        check_position(game, may_end_without_winner=no_winner, **_module_stocks(game))
    return game


def _module_stocks(g: Game) -> dict[str, Any]:
    """What rule modules hold outside the hands, bank and deck, as ``check_position`` keyword arguments
    (each module's ``held_resources``, ``resource_supply``, ``held_dev_cards`` and ``dev_card_supply``)."""
    n_res, n_dev = len(g.rules.resources), len(DEV_KINDS)
    out: dict[str, Any] = {}
    stock: dict[str, list[int]] = {}
    if g.plugins.supply_for:
        stock["extra_resource_supply"], stock["extra_dev_supply"] = g.plugins.stock(g.s.players)
    for key, size, read in (
        ("extra_resources", n_res, lambda m: m.held_resources(g)),
        ("extra_resource_supply", n_res, lambda m: m.resource_supply()),
        ("extra_dev_cards", n_dev, lambda m: m.held_dev_cards(g)),
        ("extra_dev_supply", n_dev, lambda m: m.dev_card_supply()),
    ):
        parts = [x for x in map(read, g.plugins.modules) if x is not None]
        if key in stock:  # the cards modules add for the player count (supply_for)
            parts.append(stock[key])
        if parts:
            out[key] = [sum(col) for col in zip(*parts, strict=True)] if len(parts) > 1 else parts[0]
            assert len(out[key]) == size
    out["dev_cards_may_leave_game"] = any(m.DEV_CARDS_MAY_LEAVE for m in g.plugins.modules)
    return out
