"""The helper cards that build or buy (RULES.md Part H, cards from helpers_of_catan_2014.json): A2 road
assistance, A4 move a road, A6 development help and swords to plowshares. See ``helper_base.py`` for the
card protocol.

Action kinds (text form):

- ``helper_road 31 brick wool`` build a road on path 31 paying wool instead of its brick (A2)
- ``helper_move_road 31 40`` move your open-ended road from path 31 to path 40 (A4)
- ``helper_develop`` or ``helper_develop ore wool`` buy a development card (paying wool instead of its ore),
  then ``helper_pick knight``: keep one of the top three (A6)
- ``helper_plowshares settle 12 hand`` / ``helper_plowshares city 12 table`` discard a knight from your hand
  or from the table to build a settlement or a city at the card's cost
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..actions import Action, ActionKind, ArgReader, register_kind
from ..errors import ActionParseError
from ..perform import discard_dev_card, pay, place_road, place_settlement
from ..queries import (
    CITY,
    KNIGHT,
    ROAD,
    SETTLEMENT,
    can_afford,
    road_spots,
    settlement_spots,
)
from ..reasons import Reason
from ..ruleset import DEV_KINDS
from .helper_base import HelperCard, card, state

if TYPE_CHECKING:
    from ..game import Game


def _parse_road(r: ArgReader) -> Action:
    args = r.need(3)
    return Action("helper_road", r.integer(args[0]), (r.name(args[1]), r.name(args[2])))


def _pair(b: Any) -> bool:
    return isinstance(b, tuple) and len(b) == 2 and isinstance(b[0], str) and isinstance(b[1], str)


def _parse_develop(r: ArgReader) -> Action:
    args = r.need((0, 2))
    return Action("helper_develop", *(r.name(w) for w in args)) if args else Action("helper_develop")


def _parse_plowshares(r: ArgReader) -> Action:
    args = r.need(3)
    if args[0] not in ("settle", "city") or args[2] not in ("hand", "table"):
        raise ActionParseError(f"action {r.text!r}: expected 'helper_plowshares settle|city NODE hand|table'")
    return Action("helper_plowshares", args[0], (r.integer(args[1]), args[2]))


def _plowshares_shape(a: Any, b: Any) -> bool:
    return (
        a in ("settle", "city")
        and isinstance(b, tuple)
        and len(b) == 2
        and type(b[0]) is int
        and b[1] in ("hand", "table")
    )


register_kind(
    ActionKind(
        "helper_road",
        lambda a: f"helper_road {a.a} {a.b[0]} {a.b[1]}",
        _parse_road,
        lambda a, b: type(a) is int and _pair(b),
    )
)
register_kind(
    ActionKind(
        "helper_move_road",
        lambda a: f"helper_move_road {a.a} {a.b}",
        lambda r: Action("helper_move_road", *(r.integer(w) for w in r.need(2))),
        lambda a, b: type(a) is int and type(b) is int,
    )
)
register_kind(
    ActionKind(
        "helper_develop",
        lambda a: "helper_develop" if a.a is None else f"helper_develop {a.a} {a.b}",
        _parse_develop,
        lambda a, b: (a is None and b is None) or (isinstance(a, str) and isinstance(b, str)),
    )
)
register_kind(
    ActionKind(
        "helper_plowshares",
        lambda a: f"helper_plowshares {a.a} {a.b[0]} {a.b[1]}",
        _parse_plowshares,
        _plowshares_shape,
    )
)


def substitutions(g: Game, p: int, cost: tuple[int, ...]) -> list[tuple[str, str, list[int]]]:
    """Every way to pay ``cost`` with one of its resources replaced by one other resource that ``p`` can
    afford: (replaced, paid instead, the cost so paid), in the rule file's resource order."""
    names, hand = g.rules.resources, g.s.hands[p]
    out = []
    for i, n in enumerate(cost):
        if not n:
            continue
        for j in range(len(names)):
            if j == i:
                continue
            paid = list(cost)
            paid[i] -= 1
            paid[j] += 1
            if can_afford(hand, paid):
                out.append((names[i], names[j], paid))
    return out


def substituted(g: Game, cost: tuple[int, ...], replaced: str, instead: str) -> list[int]:
    paid = list(cost)
    paid[g.res_index[replaced]] -= 1
    paid[g.res_index[instead]] += 1
    return paid


def built(g: Game, p: int, kind: str, where: int) -> None:
    """After a card placed a piece: the other modules' ``on_build`` hooks (never a founding build)."""
    for m in g.plugins.on_build:
        m.on_build(g, p, kind, where, False)


@card
class RoadAssistance(HelperCard):
    """A2 Mendicant, road building assistance (exact): once in your turn, when you build a road you may pay
    one other resource of your choice instead of its brick or instead of its lumber (generally: instead of
    one card of the road's cost in the rule file)."""

    NAME = "road_assistance"
    NUMBER = 2
    SOURCE = "Mendicant: Road Building Assistance"
    KINDS = {"helper_road": ("main",)}

    def uses(self, g: Game, p: int) -> list[Action]:
        if not g.s.pieces_left[p][ROAD]:
            return []
        ways = substitutions(g, p, g.rules.costs["road"])
        if not ways:
            return []
        return [Action("helper_road", e, (a, b)) for e in road_spots(g, p) for a, b, _paid in ways]

    def why(self, g: Game, p: int, action: Action | None) -> Reason | None:
        if not g.s.pieces_left[p][ROAD]:
            return Reason("no_pieces_left", piece="road")
        if not road_spots(g, p):
            return Reason("no_road_spot")
        return Reason("helper_cannot_pay", item="road")

    def describe(self, g: Game, p: int, action: Action) -> dict[str, Any]:
        return {"edge": action.a, "replaced": action.b[0], "paid": action.b[1]}

    def use(self, g: Game, p: int, action: Action) -> str | None:
        e = action.a
        pay(g, p, substituted(g, g.rules.costs["road"], *action.b))
        place_road(g, p, e)
        g.s.built = True
        g.event("road", seat=p, edge=e, helper=self.NAME)
        built(g, p, "road", e)
        return None


def open_ended(g: Game, p: int, e: int) -> bool:
    """Whether ``p``'s road ``e`` has an end joined to none of ``p``'s roads or buildings (an opponent's
    building there cuts it, Q-14)."""
    s, topo = g.s, g.topo
    for n in topo.edge_nodes[e]:
        owner = s.node_owner[n]
        if owner == p:
            continue
        if owner >= 0 or not any(f != e and s.edge_owner[f] == p for f in topo.node_edges[n]):
            return True
    return False


def take_road(g: Game, p: int, e: int) -> None:
    s = g.s
    s.edge_owner[e] = -1
    s.roads_of[p].remove(e)
    s.pieces_left[p][ROAD] += 1
    g.spot_cache.clear()


@card
class MoveRoad(HelperCard):
    """A4 Explorer, move a road (LIKELY: no 2014 card text was found; the data file's reading, consistent
    with tile 4 of the 2023 edition): take one of your roads that has an open end (joined at that end to
    none of your roads or buildings) and place it elsewhere by the road-building rules, free. Like a Road
    Building road it is not a purchase (the turn's trading is not closed)."""

    NAME = "move_road"
    NUMBER = 4
    SOURCE = "Explorer: Move a road"
    CONFIDENCE = "likely"
    KINDS = {"helper_move_road": ("main",)}

    def uses(self, g: Game, p: int) -> list[Action]:
        key = ("helper_move_road", p)
        cached = g.spot_cache.get(key)
        if cached is not None:
            return list(cached)  # type: ignore[arg-type]
        s = g.s
        out: list[Action] = []
        for e in sorted(e for e in s.roads_of[p] if open_ended(g, p, e)):
            take_road(g, p, e)  # where could it go without it? (restored at once)
            try:
                spots = list(road_spots(g, p))
            finally:
                s.edge_owner[e] = p
                s.roads_of[p].append(e)
                s.pieces_left[p][ROAD] -= 1
                g.spot_cache.clear()
            out.extend(Action("helper_move_road", e, t) for t in spots if t != e)
        g.spot_cache[key] = out  # type: ignore[assignment]
        return list(out)

    def why(self, g: Game, p: int, action: Action | None) -> Reason | None:
        return Reason("helper_no_road_to_move")

    def describe(self, g: Game, p: int, action: Action) -> dict[str, Any]:
        return {"from": action.a, "to": action.b}

    def use(self, g: Game, p: int, action: Action) -> str | None:
        take_road(g, p, action.a)
        place_road(g, p, action.b, recount=True)  # the length before counted the road taken away
        built(g, p, "road", action.b)
        return None


@card
class DevelopmentHelp(HelperCard):
    """A6 Architect, development help (APPROXIMATE: from an engine's research notes and tile 6 of the 2023
    edition; the printed card was not found): when you buy a development card you may pay one other
    resource instead of one of its three; you look at the top three cards of the deck (fewer if the deck
    holds fewer), keep one and return the others. Reading: the others go under the deck in the order they
    were drawn, so nobody learns the next card."""

    NAME = "development_help"
    NUMBER = 6
    SOURCE = "Architect: Development-card help"
    CONFIDENCE = "approximate"
    KINDS = {"helper_develop": ("main",)}
    LOOK: ClassVar[int] = 3

    def uses(self, g: Game, p: int) -> list[Action]:
        if not g.s.dev_deck:
            return []
        cost = g.rules.costs["development_card"]
        out = [Action("helper_develop")] if can_afford(g.s.hands[p], cost) else []
        out.extend(Action("helper_develop", a, b) for a, b, _paid in substitutions(g, p, cost))
        return out

    def why(self, g: Game, p: int, action: Action | None) -> Reason | None:
        if not g.s.dev_deck:
            return Reason("deck_empty")
        return Reason("helper_cannot_pay", item="development_card")

    def describe(self, g: Game, p: int, action: Action) -> dict[str, Any]:
        out: dict[str, Any] = {"seen": min(self.LOOK, len(g.s.dev_deck))}
        if action.a is not None:
            out.update(replaced=action.a, paid=action.b)
        return out

    def use(self, g: Game, p: int, action: Action) -> str | None:
        s = g.s
        cost = g.rules.costs["development_card"]
        pay(g, p, cost if action.a is None else substituted(g, cost, action.a, action.b))
        st = state(g)
        st.looking = [s.dev_deck.pop() for _ in range(min(self.LOOK, len(s.dev_deck)))]
        s.built = True
        return "helper_pick"

    def step_actions(self, g: Game, p: int) -> list[Action]:
        kinds = set(state(g).looking)
        return [Action("helper_pick", k) for k in DEV_KINDS if k in kinds]

    def step(self, g: Game, p: int, action: Action) -> bool:
        s, st = g.s, state(g)
        st.looking.remove(action.a)
        k = DEV_KINDS.index(action.a)
        s.dev_hand[p][k] += 1
        s.dev_new[p][k] += 1
        s.dev_deck[0:0] = list(reversed(st.looking))  # under the deck (its top is the end of the list)
        g.event("helper_dev_kept", seat=p, card=action.a, returned=len(st.looking), private=[p])
        st.looking = []
        return True


@card
class SwordsToPlowshares(HelperCard):
    """Priest, swords to plowshares (exact): discard one of your knights, played (face up on the table) or
    in your hand, to build a settlement for 1 lumber + 1 brick or a city for 1 grain + 2 ore, by the usual
    placement rules. Reading (designed, the seeds say nothing): a played knight leaves your army; Largest
    Army stays with its holder while nobody has played more, else goes to whoever has played the most (the
    first of them clockwise from the holder on a tie), and is set aside when nobody has the minimum."""

    NAME = "swords_to_plowshares"
    SOURCE = "Priest: Swords to Plowshares"
    KINDS = {"helper_plowshares": ("main",)}
    COSTS: ClassVar[dict[str, dict[str, int]]] = {
        "settle": {"lumber": 1, "brick": 1},
        "city": {"grain": 1, "ore": 2},
    }

    def cost(self, g: Game, what: str) -> list[int] | None:
        """The card's price of ``what`` per resource (None when the rule file lacks one of its resources)."""
        out = [0] * len(g.rules.resources)
        for name, n in self.COSTS[what].items():
            i = g.res_index.get(name)
            if i is None:
                return None
            out[i] += n
        return out

    def uses(self, g: Game, p: int) -> list[Action]:
        s = g.s
        sources = [src for src, n in (("hand", s.dev_hand[p][KNIGHT]), ("table", s.knights[p])) if n > 0]
        if not sources:
            return []
        hand, left = s.hands[p], s.pieces_left[p]
        out: list[Action] = []
        cost = self.cost(g, "settle")
        if left[SETTLEMENT] and cost is not None and can_afford(hand, cost):
            out.extend(
                Action("helper_plowshares", "settle", (n, src))
                for n in settlement_spots(g, p)
                for src in sources
            )
        cost = self.cost(g, "city")
        if left[CITY] and cost is not None and can_afford(hand, cost):
            out.extend(
                Action("helper_plowshares", "city", (n, src))
                for n in sorted(s.buildings_of[p])
                if s.node_level[n] == 1
                for src in sources
            )
        return out

    def why(self, g: Game, p: int, action: Action | None) -> Reason | None:
        if not (g.s.dev_hand[p][KNIGHT] or g.s.knights[p]):
            return Reason("helper_no_knight")
        return Reason("helper_plowshares_rule")

    def describe(self, g: Game, p: int, action: Action) -> dict[str, Any]:
        return {"build": action.a, "node": action.b[0], "knight": action.b[1]}

    def use(self, g: Game, p: int, action: Action) -> str | None:
        s = g.s
        what, (n, src) = action.a, action.b
        if src == "hand":
            discard_dev_card(g, p, "knight")
        else:
            s.knights[p] -= 1
            army_after_loss(g, p)
        cost = self.cost(g, what)
        assert cost is not None
        pay(g, p, cost)
        if what == "settle":
            place_settlement(g, p, n)
            g.event("settle", seat=p, node=n, helper=self.NAME)
        else:
            s.node_level[n] = 2
            s.pieces_left[p][CITY] -= 1
            s.pieces_left[p][SETTLEMENT] += 1  # B-8.2
            g.event("city", seat=p, node=n, helper=self.NAME)
        s.built = True
        built(g, p, "settle" if what == "settle" else "city", n)
        return None


def army_after_loss(g: Game, p: int) -> None:
    """Largest Army after seat ``p`` lost a played knight (see SwordsToPlowshares)."""
    s = g.s
    holder = s.la_holder
    if holder != p:
        return
    knights, minimum = s.knights, g.rules.largest_army_min
    best = max(knights)
    if knights[p] >= minimum and knights[p] >= best:
        return
    new = -1
    if best >= minimum:
        new = next(q for q in ((p + k) % s.players for k in range(s.players)) if knights[q] == best)
    s.la_holder = new
    g.event("largest_army", seat=new if new >= 0 else None, previous=p, knights=best)
