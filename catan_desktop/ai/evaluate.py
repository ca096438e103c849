"""The position evaluation the bots maximise: a weighted sum of features a Catan player weighs.

All features read a *sampled world* (``knowledge.sample_world``), never the real game. Units: one resource
card in hand is worth about ``card`` points; a victory point ``vp`` points. Each difficulty level has
its own ``Weights``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields, replace
from importlib import resources
from typing import TYPE_CHECKING

from ..engine.queries import settlement_spot_free
from ..engine.ruleset import DEV_KINDS
from .addons_value import FRENEMIES, HELPERS, addon_opponent, addon_value
from .dois_value import collapse_risk
from .scenarios_value import SCENARIOS, harbours_by_road, scenario_opponent, scenario_value

if TYPE_CHECKING:
    from ..engine import Game

ADDONS = frozenset({FRENEMIES, HELPERS})  # the add-ons whose tokens and cards ``addon_value`` weighs
PIPS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
KNIGHT, ROAD_BUILDING, YEAR_OF_PLENTY, MONOPOLY, VICTORY_POINT = range(5)
assert DEV_KINDS[KNIGHT] == "knight" and DEV_KINDS[VICTORY_POINT] == "victory_point"


@dataclass(frozen=True)
class Weights:
    """How much each feature is worth, in 'card' units. The values of each level are data, in
    ``weights.json``, with the figures that chose them."""

    vp: float
    pip: float  # per pip of production (a settlement on 6-8-5 has 14 pips)
    robbed: float  # share of a robbed hex's production that still counts
    diversity: float  # per resource produced at all
    card: float  # per card in hand (first four of a kind)
    card_extra: float  # per card beyond four of a kind
    progress: float  # a complete city or settlement in hand (halved per missing card)
    dev_progress: float
    discard_risk: float  # per card above the discard limit
    knight_held: float
    dev_held: float
    knight_played: float
    road_len: float  # per segment of the longest road while it can still matter
    expansion: float  # best reachable settlement spot (scaled by distance)
    harbour: float  # per pip of a resource with its own 2:1 harbour
    generic_harbour: float  # per pip of production with a 3:1 harbour
    opponent: float  # subtract this share of the strongest opponent's score
    army_race: float  # share of Largest Army's points counted per step towards taking it
    road_race: float  # the same for Longest Road
    win: float
    collapse_risk: float  # Catan a Dois (D-5.4): scales ``bank_risk``, in card units
    recipe: float  # per pip of the scarcest resource of each build's recipe (a mix that builds)
    lookahead: float  # hard: share of the coming round's expected hand worth counted (``lookahead``)
    trade_envy: float  # share of a trade's worth to the other side counted against making it
    offer_search: float  # hard: 1 to search the domestic offers the others would take (heuristic_trade)
    offers: float  # domestic offers a bot makes in one turn at most (heuristic_trade)
    city_pip: float  # share more a pip is worth when its resource is in the city recipe (grain, ore)


def _load_levels() -> tuple[dict[str, Weights], dict[str, dict[str, dict[str, float]]]]:
    """The levels' weights and the rule modules' changes, from ``weights.json`` (shipped with the package;
    a key that is not a ``Weights`` field or a value that is not a number is a ValueError naming it)."""
    data = json.loads(resources.files(__package__).joinpath("weights.json").read_text(encoding="utf-8"))
    names = {f.name for f in fields(Weights)}

    def numbers(where: str, values: dict[str, object]) -> dict[str, float]:
        for key, value in values.items():
            if key not in names or isinstance(value, bool) or not isinstance(value, int | float):
                raise ValueError(f"weights.json: {where}: {key!r} = {value!r} is not a weight")
        return {k: float(v) for k, v in values.items()}  # type: ignore[arg-type]

    levels: dict[str, Weights] = {}
    for name, entry in data["levels"].items():
        if "weights" in entry:
            levels[name] = Weights(**numbers(name, entry["weights"]))
        else:
            levels[name] = replace(levels[entry["from"]], **numbers(name, entry["change"]))
    modules = {
        module: {level: numbers(f"{module}/{level}", entry["change"]) for level, entry in by_level.items()}
        for module, by_level in data["modules"].items()
    }
    return levels, modules


LEVELS, MODULE_WEIGHTS = _load_levels()
NORMAL, EASY, HARD = LEVELS["normal"], LEVELS["easy"], LEVELS["hard"]


def weights_for(level: str, modules: tuple[str, ...] | list[str] = ()) -> Weights:
    """The weights of ``level`` in a game with these rule modules (``MODULE_WEIGHTS`` over ``LEVELS``)."""
    w = LEVELS[level]
    for module in modules:
        change = MODULE_WEIGHTS.get(module, {}).get(level)
        if change:
            w = replace(w, **change)
    return w


class BoardInfo:
    """Per-board lookup tables (the board never changes during a game, so these are cached by layout)."""

    def __init__(self, g: Game) -> None:
        s, topo = g.s, g.topo
        self.nres = len(g.rules.resources)
        extra = s.extra_tokens or [[] for _ in s.number]  # Catan a Dois: developed tokens (D-6)
        self.pips = [
            (PIPS.get(n, 0) + sum(PIPS.get(x, 0) for x in extra[h])) if g.terrain_res[h] is not None else 0
            for h, n in enumerate(s.number)
        ]
        self.res = [r if r is not None else -1 for r in g.terrain_res]
        city = g.rules.costs.get("city") or ()
        self.city_res = [float(bool(r < len(city) and city[r])) for r in range(self.nres)]
        totals = [0] * self.nres
        for h, r in enumerate(self.res):
            if r >= 0:
                totals[r] += self.pips[h]
        mean = sum(totals) / max(1, self.nres)
        # a scarce resource is worth more than a plentiful one
        self.res_weight = [min(1.5, max(0.7, (mean / t) ** 0.5)) if t else 1.5 for t in totals]
        self.node_hexes = topo.node_hexes
        self.node_spot = []
        for n in range(topo.num_nodes):
            v = 0.0
            for h in topo.node_hexes[n]:
                r = self.res[h]
                if r >= 0:
                    v += self.pips[h] * self.res_weight[r]
            self.node_spot.append(v)
        self.harbour: dict[int, int] = {}  # node -> resource index, or -1 for 3:1
        for n, kind in g.node_harbour.items() if not harbours_by_road(g) else ():  # S-3.3: roads, not nodes
            self.harbour[n] = g.res_index.get(kind, -1)


_BOARD_CACHE: dict[tuple[object, ...], BoardInfo] = {}


def board_info(g: Game) -> BoardInfo:
    s = g.s
    extra = tuple(map(tuple, s.extra_tokens)) if s.extra_tokens else ()
    key = (g.rules.name, tuple(s.terrain), tuple(s.number), tuple(s.harbours), extra)
    info = _BOARD_CACHE.get(key)
    if info is None:
        if len(_BOARD_CACHE) > 64:
            _BOARD_CACHE.clear()
        info = _BOARD_CACHE[key] = BoardInfo(g)
    return info


def production(g: Game, p: int, info: BoardInfo, w: Weights, robber: int | None = None) -> list[float]:
    """Expected pips per resource of seat ``p``'s buildings (a robbed hex counts ``w.robbed``)."""
    s = g.s
    rob = s.robber if robber is None else robber
    prod = [0.0] * info.nres
    pips, res, level = info.pips, info.res, s.node_level
    for n in s.buildings_of[p]:
        lvl = level[n]
        for h in info.node_hexes[n]:
            r = res[h]
            if r >= 0:
                prod[r] += lvl * pips[h] * (w.robbed if h == rob else 1.0)
    return prod


def expansion(
    g: Game, p: int, info: BoardInfo, spots: list[tuple[float, int, int]] | None = None
) -> tuple[float, int]:
    """Value of the best settlement spots ``p`` can reach: now (1.0), after one road (0.55), two (0.3);
    and the number of roads to the nearest one (3 when none is within two roads). ``spots``, when given,
    receives every spot in reach as (value, node, roads to it)."""
    s, topo = g.s, g.topo
    if not s.pieces_left[p][1]:
        return 0.0, 3
    owner, eown = s.node_owner, s.edge_owner
    settles, passes = g.plugins.can_settle, g.plugins.road_passes  # e.g. location spaces (S-3.1, Q-47)
    frontier: list[int] = []
    dist: dict[int, int] = {}
    for e in s.roads_of[p]:
        for n in topo.edge_nodes[e]:
            if n not in dist and (owner[n] < 0 or owner[n] == p):
                dist[n] = 0
                frontier.append(n)
    for n in s.buildings_of[p]:
        if n not in dist:
            dist[n] = 0
            frontier.append(n)
    scores: list[float] = []
    nearest = 3
    disc = (1.0, 0.55, 0.3)
    for d in range(3):
        nxt: list[int] = []
        for n in frontier:
            if (
                owner[n] < 0
                and settlement_spot_free(g, n)
                and (not settles or all(m.can_settle(g, p, n) for m in settles))
            ):
                scores.append(info.node_spot[n] * disc[d])
                if spots is not None:
                    spots.append((scores[-1], n, d))
                if d < nearest:
                    nearest = d
            if d == 2:
                continue
            if owner[n] >= 0 and owner[n] != p:
                continue  # an opponent's building blocks the way
            if passes and owner[n] != p and not all(m.road_passes(g, p, n) for m in passes):
                continue  # e.g. a location space the player has not settled
            for e in topo.node_edges[n]:
                if eown[e] >= 0:
                    continue
                a, b = topo.edge_nodes[e]
                m = b if a == n else a
                if m not in dist:
                    dist[m] = d + 1
                    nxt.append(m)
        frontier = nxt
    if not scores:
        return 0.0, 3
    return best_two(scores), nearest


def best_two(scores: list[float]) -> float:
    """The expansion value of spot values: the best, and 0.4 of the second best (a second way to grow)."""
    if not scores:
        return 0.0
    scores = sorted(scores, reverse=True)
    return scores[0] + (0.4 * scores[1] if len(scores) > 1 else 0.0)


SPOT_PROGRESS = (1.0, 0.55, 0.3, 0.1)  # how much settlement cards are worth by roads to the nearest spot


def hand_value(g: Game, p: int, hand: list[int], w: Weights, nearest: int, can_city: bool) -> float:
    """Cards in hand, how close they are to a build, and the risk of losing half on a 7."""
    rules = g.rules
    v = 0.0
    card, extra = w.card, w.card_extra
    for n in hand:  # min(n, 4) and max(0, n - 4), written out: a hot path of the look-ahead
        v += card * (n if n < 4 else 4) + extra * (n - 4 if n > 4 else 0)
    costs = rules.costs
    if can_city:
        v += w.progress * _closeness(hand, costs["city"])
    v += w.progress * SPOT_PROGRESS[nearest] * _closeness(hand, costs["settlement"])
    if nearest:  # a road is the way to the next settlement
        v += w.progress * 0.3 * _closeness(hand, costs["road"])
    v += w.dev_progress * _closeness(hand, costs["development_card"])
    total = sum(hand)
    if total > rules.discard_limit:  # the risk grows with the chance of a 7 next (balanced dice: the deck)
        v -= (w.discard_risk * (total - rules.discard_limit) + w.discard_risk * 2) * seven_risk(g)
    return v


ORDINARY_SEVEN = 6 / 36


def seven_risk(g: Game) -> float:
    """The chance of a 7 on the next roll against ordinary dice's 6/36: exactly 1.0 with ordinary dice;
    with balanced dice, from the cards left in the deck (public), 0.0 when no 7 is left."""
    seven = g.dice_odds()[7]
    return 1.0 if abs(seven - ORDINARY_SEVEN) < 1e-12 else seven / ORDINARY_SEVEN


def _closeness(hand: list[int], cost: tuple[int, ...]) -> float:
    missing = 0
    for have, need in zip(hand, cost, strict=False):
        if need > have:
            missing += need - have
    return 1.0 / (1 << missing) if missing < 8 else 0.0


RECIPES = ("road", "settlement", "city", "development_card")


def recipe_mix(g: Game, prod: list[float]) -> float:
    """Production that builds: for each recipe, the pips of its scarcest resource per card it needs (a seat
    with no brick produces no road, however many pips of grain it has)."""
    costs = g.rules.costs
    v = 0.0
    for name in RECIPES:
        cost = costs.get(name)
        if not cost:
            continue
        v += min(prod[r] / n for r, n in enumerate(cost) if n)
    return v


def _races(g: Game, p: int, w: Weights) -> float:
    """Points for being close to taking Largest Army or Longest Road (halved per step still missing)."""
    s, rules = g.s, g.rules
    v = 0.0
    if w.army_race and s.la_holder != p:
        target = max(rules.largest_army_min, s.knights[s.la_holder] + 1 if s.la_holder >= 0 else 0)
        need = target - s.knights[p] - s.dev_hand[p][KNIGHT]
        if need <= 2:
            v += w.army_race * w.vp * rules.vp_largest_army * 0.5 ** max(0, need + 1)
    if w.road_race and s.lr_holder != p and s.pieces_left[p][0]:
        target = max(rules.longest_road_min, s.road_len[s.lr_holder] + 1 if s.lr_holder >= 0 else 0)
        need = target - s.road_len[p]
        if need <= 3:
            v += w.road_race * w.vp * rules.vp_longest_road * 0.5 ** max(1, need)
    return v


def opponent_score(g: Game, q: int, info: BoardInfo, w: Weights, robber: int | None = None) -> float:
    """A rough public strength of seat ``q``: visible points and production."""
    return w.vp * g.visible_vp(q) + w.pip * sum(production(g, q, info, w, robber)) + 0.3 * g.s.knights[q]


def evaluate(g: Game, p: int, w: Weights, robber: int | None = None) -> float:
    """Score the position for seat ``p`` (higher is better)."""
    s = g.s
    if s.winners:
        return w.win if p in s.winners else -w.win
    if s.phase == "over":  # a game over with no winner: Catan a Dois's collapse (D-5.4), everybody loses
        return -0.9 * w.win
    info = board_info(g)
    v = w.vp * g.vp(p)
    prod = production(g, p, info, w, robber)
    rw = info.res_weight
    city = info.city_res if w.city_pip else None
    for r, x in enumerate(prod):
        if x:
            v += w.pip * x * rw[r] * (1.0 + w.city_pip * city[r] if city else 1.0) + w.diversity
    if w.recipe:
        v += w.recipe * recipe_mix(g, prod)
    exp, nearest = expansion(g, p, info)
    v += w.expansion * w.pip * exp
    level = s.node_level
    can_city = bool(s.pieces_left[p][2]) and any(level[n] == 1 for n in s.buildings_of[p])
    v += hand_value(g, p, s.hands[p], w, nearest, can_city)
    dev = s.dev_hand[p]
    v += w.knight_held * dev[KNIGHT] + w.dev_held * (dev[ROAD_BUILDING] + dev[YEAR_OF_PLENTY] + dev[MONOPOLY])
    v += w.knight_played * min(s.knights[p], 5)
    if s.road_len[p] >= 3:
        v += w.road_len * min(s.road_len[p], 9)
    if w.army_race or w.road_race:
        v += _races(g, p, w)
    for n in s.buildings_of[p]:
        h = info.harbour.get(n)
        if h is None:
            continue
        v += w.harbour * prod[h] * 2 if h >= 0 else w.generic_harbour * sum(prod)
    if w.collapse_risk and g.plugins.modules:  # Catan a Dois's collapse (D-5.4)
        v -= w.collapse_risk * collapse_risk(g)
    addons = ADDONS.intersection(s.modules) if s.modules else ()
    if addons:
        v += addon_value(g, p, w)
    scenario = bool(s.modules) and not SCENARIOS.isdisjoint(s.modules)
    if scenario:  # red-path harbours (S-3.3), canal tokens (S-5.3)
        v += scenario_value(g, p, w, prod)
    if w.opponent:
        best = 0.0
        for q in range(s.players):
            if q != p:
                sc = opponent_score(g, q, info, w, robber)
                if addons:
                    sc += addon_opponent(g, q)
                if scenario:
                    sc += scenario_opponent(g, q)
                if sc > best:
                    best = sc
        v -= w.opponent * best
    return v
