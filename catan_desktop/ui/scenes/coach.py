"""The first-game coach (issue 12): during the player's own decisions, a short panel says what to do now and
why, from the actual situation (the seat's view, its legal action kinds and the reasons the engine gives
for what it cannot do). It can be hidden for a moment and turned off in Settings (``Settings.coach``).

``coach_advice`` decides what to say (no drawing); ``draw_coach`` (coach_draw.py) draws it on a parchment
panel that fits the rectangle it is given. Every word goes through the translation function, with named
placeholders.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...engine import TRADE, kind_traits
from ...engine.actions import CORE_KINDS
from ...i18n import N_, _, ngettext
from ...text.reasons import PHASE_WORDS, card_name, cost_text, list_text
from .coach_board import (
    _hex_pips,
    _leader,
    _legal_targets,
    _name,
    _own_numbers,
    _place,
    _productive,
    _spot_free,
    _spot_score,
    _spot_text,
)

if TYPE_CHECKING:
    from ...engine.views import SeatView


BUILD_KINDS = ("city", "settle", "buy", "develop", "road")  # most valuable first
CARD_KINDS = ("knight", "road_building", "year_of_plenty", "monopoly")
ITEMS = {  # a build kind, its key
    "road": N_("a road (1)"), "settle": N_("a settlement (2)"), "city": N_("a city (3)"),
    "buy": N_("a development card (4)"), "develop": N_("terrain development (D)"),
}
_KIND = {"road": "road", "settlement": "settle", "city": "city", "development_card": "buy"}  # item -> kind
KEEP = {  # discard
    "road": N_("Keep {cards} for a road."), "settlement": N_("Keep {cards} for a settlement."),
    "city": N_("Keep {cards} for a city."), "development_card": N_("Keep {cards} for a development card."),
}


@dataclass(frozen=True)
class Advice:
    """What the coach says: a title, 2-4 short sentences, and a stable id of the situation (``key``) so the
    panel can remember the advice the player dismissed."""

    title: str
    lines: list[str]
    key: str

    def __hash__(self) -> int:  # lines is a list: hash its contents
        return hash((self.title, tuple(self.lines), self.key))


# ----------------------------------------------------------------------------------------------- advice


def coach_advice(view: SeatView, legal_kinds: set[str], game: Any, names: list[str]) -> Advice | None:
    """What the coach tells ``view.seat`` now, or None when it is not that seat's decision (or the game is
    over). ``legal_kinds``: the kinds of the seat's legal actions; ``game``: the seat port (ui/seat_port.py)
    or a Game, read only for its legal actions and ``why_none``."""
    if view.is_over or view.to_act != view.seat:
        return None
    advise = _PHASES.get(view.phase)
    if advise is None:
        what = _(PHASE_WORDS.get(view.phase, view.phase.replace("_", " ")))
        lines = [_("Now: {what}.", what=what),
                 _("The header above the board says how, and Help (F1) lists the keys.")]
        return Advice(_("Your move"), lines, view.phase)
    return advise(view, set(legal_kinds), game, list(names))


def _setup_settlement(view: SeatView, kinds: set[str], game: Any, names: list[str]) -> Advice:
    rules = view.rules
    number = len(view.buildings_of(view.seat)) + 1
    lines = [
        _("Pick a spot where three hexes meet with high numbers: 6 and 8 are rolled most often "
          "(the dots under a number show how often)."),
        _("Mix resources: brick and lumber build roads and settlements early; grain and ore make cities."),
    ]
    spots = _legal_targets(game, "settle")
    if spots is None:
        spots = [n for n in range(view.topo.num_nodes) if _spot_free(view, n)]
    spots = [n for n in spots if isinstance(n, int) and 0 <= n < view.topo.num_nodes]
    if spots:
        best = max(spots, key=lambda n: (_spot_score(view, n), -n))
        if _spot_score(view, best) > 0:
            lines.append(_("A strong free spot now: {spot}.", spot=_spot_text(view, best)))
    pays = number == rules.starting_resources_from
    if pays:
        lines.append(_("This settlement also pays you one card from each hex around it right away."))
    elif (note := _note(rules, "founding")) is not None:  # Catan a Dois: the token for the reserve
        lines.append(note)
    title = _("Founding settlement {n} of {total}", n=number, total=max(number, rules.setup_settlements))
    return Advice(title, lines[:4], "setup_settlement:pays" if pays else "setup_settlement")


def _setup_road(view: SeatView, kinds: set[str], game: Any, names: list[str]) -> Advice:
    lines = [_("Point the road toward a free spot two paths away, where your next settlement can go.")]
    topo, me = view.topo, view.seat
    edges = [e for e in _legal_targets(game, "road") or () if isinstance(e, int) and 0 <= e < topo.num_edges]
    ahead = [n for e in edges for end in topo.edge_nodes[e] if view.node_owner[end] != me
             for n in topo.node_neighbours[end] if _spot_free(view, n)]
    best = max(ahead, key=lambda n: (_spot_score(view, n), -n), default=None)
    if best is not None and _spot_score(view, best) > 0:
        lines.append(_("Good spot that way: {spot}.", spot=_spot_text(view, best)))
    lines.append(_("Nobody may build a settlement right next to another one, so aim where there is room."))
    return Advice(_("Founding road"), lines, "setup_road")


def _roll(view: SeatView, kinds: set[str], game: Any, names: list[str]) -> Advice:
    rules = view.rules
    lines = [_("Roll the dice (R). Every hex showing the rolled number pays its resource to each settlement "
               "(1 card) and city (2) on its corners.")]
    numbers = _own_numbers(view)
    if numbers:
        lines.append(_("Your buildings collect on {numbers}.", numbers=list_text([str(n) for n in numbers])))
    key = "roll"
    mine = set(view.buildings_of(view.seat))
    if "knight" in kinds and mine & set(view.topo.hex_nodes[view.robber]):
        lines.append(_("The robber blocks {place}, where you collect: play the Knight first to move it away "
                       "(and steal a card).", place=_place(view, view.robber)))
        key = "roll:knight"
    elif kinds & set(CARD_KINDS):
        cards = list_text([card_name(k) for k in CARD_KINDS if k in kinds])
        lines.append(_("You may play one development card before rolling: {cards}.", cards=cards))
    held = sum(view.hand)
    if held > rules.discard_limit and len(lines) < 4:
        lines.append(_("You hold {n} cards: on a 7, anyone with more than {limit} discards half, so spend "
                       "them soon.", n=held, limit=rules.discard_limit))
    if len(lines) < 2:
        lines.append(_("A 7 pays nobody: the player who rolled it moves the robber."))
    if (note := _note(rules, "roll")) is not None and len(lines) < 4:  # Catan a Dois: the market's price
        lines.append(note)
    return Advice(_("Roll the dice"), lines, key)


def _worth(kind: str, rules: Any) -> str:
    if kind == "settle":
        return ngettext("A settlement is {n} point and more income from the hexes around it.",
                        "A settlement is {n} points and more income from the hexes around it.",
                        rules.vp_settlement, n=rules.vp_settlement)
    if kind == "city":
        return _("A city doubles a settlement's income and adds a point.")
    if kind == "buy":
        return _("A development card may be a Knight (toward Largest Army) or a victory point.")
    if kind == "develop":
        return _("Developing terrain puts your reserve tokens on a hex beside you: more numbers, "
                 "more income.")
    return _("A road opens new spots for settlements and counts toward Longest Road.")


def _closest(view: SeatView, can: list[str], game: Any) -> tuple[str, dict[str, int]] | None:
    """The build kind the seat lacks the fewest cards for (``why_none`` says what is missing)."""
    owner, me = view.node_owner, view.seat
    has_settlement = any(o == me and view.node_level[n] == 1 for n, o in enumerate(owner))
    has_spot = any(
        _spot_free(view, n) and any(view.edge_owner[e] == me for e in view.topo.node_edges[n])
        for n in range(view.topo.num_nodes)
    )
    skip = {*can, "develop", *(() if has_settlement else ("city",)), *(() if has_spot else ("settle",))}
    best: tuple[int, int, str, dict[str, int]] | None = None
    for rank, kind in enumerate(BUILD_KINDS):
        if kind in skip:
            continue
        reason = game.why_none(kind)
        if getattr(reason, "code", None) != "need_resources":
            continue
        missing = {str(r): int(n) for r, n in dict(reason.params.get("missing") or {}).items() if n}
        if missing and (best is None or (sum(missing.values()), rank) < best[:2]):
            best = (sum(missing.values()), rank, kind, missing)
    return None if best is None else (best[2], best[3])


def _trade_line(view: SeatView, kinds: set[str], missing: dict[str, int] | None) -> str | None:
    rules = view.rules
    if view.built_this_turn and rules.option("strict_trade_then_build", True):
        return _("You have built this turn, so trading is over: build more or end your turn (E).")
    trades = {k for k in kinds if TRADE in kind_traits(k)}  # with the bank, or an add-on's market
    if not trades and "offer" not in kinds:
        return None
    cards = cost_text(missing) if missing else _("the cards you need")
    rate = rules.rate_none
    best = min(view.harbour_rates) if view.harbour_rates else rate
    if best < rate:
        bank = _("the bank (B: {rate}:1, or {best}:1 at your harbour)", rate=rate, best=best)
    else:
        bank = _("the bank (B, {rate}:1)", rate=rate)
    if trades - set(CORE_KINDS) and (note := _note(rules, "trade", cards=cards, bank=bank)) is not None:
        return note  # an add-on's own trade (Catan a Dois: its market)
    if "offer" in kinds:
        return _("Turn spare cards into {cards}: trade with the others (T) or {bank}.", cards=cards,
                 bank=bank)
    return _("Turn spare cards into {cards} at {bank}.", cards=cards, bank=bank)


def _main(view: SeatView, kinds: set[str], game: Any, names: list[str]) -> Advice:
    can = [k for k in BUILD_KINDS if k in kinds]
    closest = _closest(view, can, game)
    lines: list[str] = []
    if can:
        lines.append(_("You can build now: {items}.", items=list_text([_(ITEMS[k]) for k in can])))
        lines.append(_worth(can[0], view.rules))
    if closest is not None:
        kind, missing = closest
        lines.append(_("Closest next: {item}, missing {cards}.", item=_(ITEMS[kind]),
                       cards=cost_text(missing)))
    trade = _trade_line(view, kinds, closest[1] if closest else None)
    if trade is not None:
        if can and not view.built_this_turn and view.rules.option("strict_trade_then_build", True):
            trade += " " + _("Trade first: no trading after you build.")
        lines.append(trade)
    cards = [k for k in CARD_KINDS if k in kinds]
    if cards and len(lines) < 4:
        lines.append(_("You may also play a development card: {cards}.",
                       cards=list_text([card_name(k) for k in cards])))
    if len(lines) < 3 and "end" in kinds:
        lines.append(_("When you are done, end your turn (E): the next roll may bring what you need."))
    if len(lines) < 2:
        lines.append(_("Cards come when the dice roll the numbers beside your buildings."))
    if can:
        key, title = "main:build:" + "+".join(can), _("Build")
    elif closest is not None:
        key, title = "main:closest:" + closest[0], _("Save up")
    else:
        key, title = "main:idle", _("Your turn")
    return Advice(title, lines[:4], key)


def _robber(view: SeatView, kinds: set[str], game: Any, names: list[str]) -> Advice:
    first = _note(view.rules, "robber") or _(
        "Move the robber onto a hex of the leader (most points): it blocks that hex and you steal one card "
        "from a player beside it.")
    lines = [first]
    leader = _leader(view)
    if leader is not None:
        lines.append(ngettext("{name} leads with {n} point.", "{name} leads with {n} points.",
                              view.public[leader].visible_vp, name=_name(names, leader),
                              n=view.public[leader].visible_vp))
        target = _robber_target(view, leader)
        if target is not None:
            lines.append(_("A good target: {place}, beside {name} and none of yours.",
                           place=_place(view, target), name=_name(names, leader)))
    return Advice(_("Move the robber"), lines, "robber")


def _robber_target(view: SeatView, leader: int) -> int | None:
    """The leader's best-producing hex with none of the seat's buildings (not where the robber is)."""
    def owners(h: int) -> list[int]:
        return [view.node_owner[n] for n in view.topo.hex_nodes[h]]

    hexes = [h for h in range(view.topo.num_hexes) if _productive(view, h) and leader in owners(h)
             and view.seat not in owners(h) and not (h == view.robber and view.robber_slot < 0)]
    def weight(h: int) -> int:  # a city counts twice
        return sum(view.node_level[n] for n in view.topo.hex_nodes[h] if view.node_owner[n] == leader)

    return max(hexes, key=lambda h: (weight(h) * _hex_pips(view, h), -h), default=None)


def _place_robber(view: SeatView, kinds: set[str], game: Any, names: list[str]) -> Advice:
    return Advice(_("Place the robber"), [_("You start: place the robber on one of the deserts. It blocks "
                                            "nothing there."),
                                          _("Later a 7 or a Knight moves it onto a hex of the leader.")],
                  "place_robber")


def _nearest(rules: Any, hand: Sequence[int]) -> tuple[int, str]:
    """(cards missing, item) for the build the hand is nearest to (the more valuable one on a tie)."""
    items = [i for i in ("city", "settlement", "development_card", "road") if i in rules.costs]
    short, _rank, item = min((sum(max(0, c - h) for c, h in zip(rules.costs[i], hand, strict=False)), k, i)
                             for k, i in enumerate(items))
    return short, item


def _discard(view: SeatView, kinds: set[str], game: Any, names: list[str]) -> Advice:
    rules = view.rules
    owed = next((n for seat, n in view.discards_pending if seat == view.seat), sum(view.hand) // 2)
    lines = [
        _("You hold more than {limit} cards on a 7: discard half ({n}).", limit=rules.discard_limit, n=owed),
        _("Keep what you need for your next build; let go of cards you hold many of."),
    ]
    item = _nearest(rules, view.hand)[1]
    cost = rules.costs[item]
    held = {r: min(c, n) for r, c, n in zip(rules.resources, cost, view.hand, strict=False) if c and n}
    if held:
        lines.append(_(KEEP[item], cards=cost_text(held)))
    return Advice(_("Discard half"), lines, "discard")


def _road_building(view: SeatView, kinds: set[str], game: Any, names: list[str]) -> Advice:
    rules, n = view.rules, max(1, view.free_roads)
    return Advice(_("Road Building"), [
        ngettext("Place {n} free road: click a glowing path.", "Place {n} free roads: click a glowing path.",
                 n, n=n),
        _("Aim for a free spot for your next settlement, or lengthen your road: a chain of {min} or more "
          "earns Longest Road ({vp} points).", min=rules.longest_road_min, vp=rules.vp_longest_road),
    ], "road_building")


def _special_build(view: SeatView, kinds: set[str], game: Any, names: list[str]) -> Advice:
    can = [k for k in BUILD_KINDS if k in kinds]
    lines = [_("{name} has ended their turn. With 5 or 6 players everyone may build between turns, with the "
               "cards in hand (no trading, no card play).", name=_name(names, view.active))]
    if can:
        lines.append(_("You can build now: {items}.", items=list_text([_(ITEMS[k]) for k in can])))
        lines.append(_("Or Pass (E) to keep your cards for your own turn."))
    else:
        lines.append(_("Nothing to build with your cards: Pass (E)."))
    return Advice(_("Special building phase"), lines, "special_build")


def _bundle(view: SeatView, counts: Iterable[int]) -> dict[str, int]:
    return {r: n for r, n in zip(view.rules.resources, counts, strict=False) if n}


def _trade_offer(view: SeatView, kinds: set[str], game: Any, names: list[str]) -> Advice:
    trade, rules = view.trade, view.rules
    if trade is None:
        lines = [_("Accept the offer if it brings you closer to your next build."),
                 _("Otherwise counter with what you need, or reject it.")]
        return Advice(_("A trade offer"), lines, "trade_offer")
    lines = [_("{name} offers you {give} for {get}.", name=_name(names, trade.giver),
               give=cost_text(_bundle(view, trade.give)), get=cost_text(_bundle(view, trade.get)))]
    after = [h + a - b for h, a, b in zip(view.hand, trade.give, trade.get, strict=False)]
    nearest = _nearest(rules, after)
    if min(after, default=0) < 0 or "accept" not in kinds:
        lines.append(_("You do not hold the cards asked for: you can only counter or reject."))
    elif nearest[0] < _nearest(rules, view.hand)[0]:
        lines.append(_("It brings you closer to {item}: worth accepting.", item=_(ITEMS[_KIND[nearest[1]]])))
    else:
        lines.append(_("It does not bring you closer to your next build: reject it, or counter with what you "
                       "need."))
    if trade.giver == _leader(view):
        lines.append(_("{name} is leading: a trade helps them too.", name=_name(names, trade.giver)))
    return Advice(_("A trade offer"), lines, "trade_offer")


def _trade_confirm(view: SeatView, kinds: set[str], game: Any, names: list[str]) -> Advice:
    return Advice(_("Choose a partner"), [
        _("Players answered your offer: trade with one who accepted, or cancel the offer."),
        _("A counter-offer shows what they would rather give; take it only if it helps your next build."),
    ], "trade_confirm")


Adviser = Callable[["SeatView", set[str], Any, list[str]], Advice]
NOTES: dict[tuple[str, str], Callable[..., str]] = {}  # (rule module, where) -> an add-on's words


def coach_phase(phase: str) -> Callable[[Adviser], Adviser]:
    """Register an add-on's advice for a phase of its own (Catan a Dois's market cap)."""

    def register(adviser: Adviser) -> Adviser:
        _PHASES[phase] = adviser
        return adviser

    return register


def coach_note(module: str, where: str) -> Callable[[Callable[..., str]], Callable[..., str]]:
    """Register an add-on's line for the shared advice at ``where`` ("founding", "roll", "robber": the
    robber's first line; "trade", given ``cards`` and ``bank`` in words, when one of the add-on's trade
    kinds is legal), used when the game's rules switch ``module`` on."""

    def register(note: Callable[..., str]) -> Callable[..., str]:
        NOTES[(module, where)] = note
        return note

    return register


def _note(rules: Any, where: str, **fields: str) -> str | None:
    """The first add-on line for ``where`` of a module ``rules`` switch on (given ``fields``), or None."""
    return next((NOTES[(m, where)](**fields) for m in rules.modules if (m, where) in NOTES), None)


_PHASES: dict[str, Adviser] = {
    "setup_settlement": _setup_settlement,
    "setup_road": _setup_road,
    "roll": _roll,
    "main": _main,
    "robber": _robber,
    "place_robber": _place_robber,
    "discard": _discard,
    "road_building": _road_building,
    "special_build": _special_build,
    "trade_offer": _trade_offer,
    "trade_confirm": _trade_confirm,
}


from .coach_draw import FOOTER, FontText, draw_coach  # noqa: E402  (re-exported: the panel)

__all__ = ["FOOTER", "Advice", "FontText", "coach_advice", "coach_note", "coach_phase", "draw_coach"]
