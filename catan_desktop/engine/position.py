"""Is a loaded position one that play could reach? And who holds the special cards a snapshot leaves out?

``Game.from_json`` accepts hand-written snapshots (docs/engine-api.md, "Snapshots"). Field by field they
are checked as they are read; this module checks the position as a whole, after it is built:

- ``check_position`` raises ``SnapshotError`` naming the field and the problem for a position that no
  sequence of legal actions can reach (two buildings on neighbouring corners, more cards than the game
  has, a Largest Army holder with one knight, winners in a running game, ...);
- ``derive_holders`` fills in the Longest Road and Largest Army holders a snapshot leaves unset, when the
  position decides them.

Both read the game's state and rules only; what rule modules keep outside the hands, the bank and the deck
(market cards, a second development deck) is passed in by the caller, so this module knows no module.
Rule numbers refer to RULES.md (Part B; readings Q-13 to Q-15 in Part Q).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .errors import SnapshotError
from .queries import vp_target
from .ruleset import DEV_KINDS
from .scoring import longest_road_length, total_vp

if TYPE_CHECKING:
    from .game import Game

_ROAD, _SETTLEMENT, _CITY = 0, 1, 2
_KNIGHT = DEV_KINDS.index("knight")
_VP_CARD = DEV_KINDS.index("victory_point")
# The founding phase (B-3.4); rule modules' founding steps (F-2.5, D-1.4) run in turn 0 as well.
_FOUNDING = ("setup_settlement", "setup_road")


def check_position(
    g: Game,
    *,
    extra_resources: Sequence[int] | None = None,
    extra_resource_supply: Sequence[int] | None = None,
    extra_dev_cards: Sequence[int] | None = None,
    extra_dev_supply: Sequence[int] | None = None,
    dev_cards_may_leave_game: bool = False,
    may_end_without_winner: bool = False,
) -> None:
    """Raise ``SnapshotError`` if play cannot reach the position of ``g``; return None if it can.

    The message names the snapshot field and the problem. Checked, in this order:

    - pieces: no seat has more roads, settlements or cities on the board than the rule file gives it (B-1.6);
    - ``buildings``: the distance rule (B-8.4): no two buildings on neighbouring intersections;
    - ``roads``: every road is joined, through its owner's roads, to one of its owner's buildings (B-8.3;
      founding roads touch their settlement, Q-03). Joined through any intersection: a road that was
      connected when built stays so when an opponent later settles between (B-10.1 cuts the road's
      length, not its right to exist). A building without a road is not refused: in the founding phase
      the settlement just placed waits for its road (B-3.4a), and hand-written test positions often
      leave roads out;
    - ``hands`` / ``bank``: per resource, hands + bank + ``extra_resources`` equal the rule file's
      ``bank.per_resource`` + ``extra_resource_supply`` (B-1.4: resource cards never leave the game);
    - ``dev_cards`` / ``dev_deck`` / ``knights_played``, per card kind, against the rule file's
      ``development_cards`` + ``extra_dev_supply``:
        * knights: hands + deck + played + ``extra_dev_cards`` must be equal (a played knight stays in
          front of its owner, B-9.2);
        * victory point cards: hands + deck + extra must be equal (they are never played, Q-13);
        * road building, year of plenty, monopoly: hands + deck + extra must be at most the total (a played
          progress card goes back to the box and nothing records it, B-9.3);
        * with ``dev_cards_may_leave_game`` (a rule module takes unplayed cards of any kind out of the game)
          knights and VP cards are also checked with "at most";
      and no seat has more cards bought this turn (``dev_bought_this_turn``) than in hand;
    - ``longest_road``: the holder's road is at least ``longest_road.min_length`` long and nobody's is
      longer (B-10.1; a tie keeps the card, and after a break the almanac rule N-7 never leaves it with a
      shorter road or below the minimum);
    - ``largest_army``: the holder has played at least ``largest_army.min_knights`` knights and nobody has
      played more (B-10.2); nobody holding it while someone has played the minimum is refused too (the
      first to reach it takes it, and it is never set aside);
    - ``winners`` / ``phase``: no winners while the game runs; a finished game has a winner unless
      ``may_end_without_winner`` (a variant that can end with everybody losing, D-5.4); the winner is
      the active player (``current``) and has reached the target (B-11.2, Q-15);
    - ``current``: past the founding phase, in a running game, the active player has not reached the
      target: Q-15 checks them at the start of their turn (b) and after each of their actions (a). Other
      seats may be at the target (Longest Road can pass to them in someone else's turn, N-7; they build in
      the special building phase, F-3), and so may the active player in a rule module's building phase
      (``g.plugins.build_phases``: the special building phase, where the others' settlements can hand them
      Longest Road); those wait for Q-15(b).

    ``extra_resources`` / ``extra_resource_supply`` are per resource in the rule file's order;
    ``extra_dev_cards`` / ``extra_dev_supply`` per development card kind in ``DEV_KINDS`` order. They are the
    cards rule modules hold outside the hands, bank and deck, and the cards they add to the game (Catan a
    Dois: the market's resource cards, and the remote-area development deck, D-2.1). None means none.
    """
    _check_pieces(g)
    _check_distance(g)
    _check_roads(g)
    _check_resources(g, extra_resources, extra_resource_supply)
    _check_development_cards(g, extra_dev_cards, extra_dev_supply, dev_cards_may_leave_game)
    _check_longest_road(g)
    _check_largest_army(g)
    _check_winners(g, may_end_without_winner)
    _check_active_below_target(g)


def derive_holders(g: Game) -> None:
    """Fill in an unset Longest Road or Largest Army holder when the position decides it.

    A snapshot that leaves ``longest_road`` / ``largest_army`` out, or gives null, means "work it out":
    the card goes to the one player whose road is strictly the longest with at least the minimum length
    (B-10.1), or who has strictly the most played knights with at least the minimum (B-10.2). With a tie
    for the lead, or nobody at the minimum, the holder stays unset (``check_position`` then refuses a
    Largest Army tie: someone must hold it). A holder the snapshot names is kept (and checked). In a
    position reached by play an unset holder never has a single qualifying player, so real snapshots load
    unchanged.
    """
    s, rules = g.s, g.rules
    if s.lr_holder < 0:
        lengths = [longest_road_length(g, p) for p in range(s.players)]
        s.lr_holder = _single_leader(lengths, rules.longest_road_min)
    if s.la_holder < 0:
        s.la_holder = _single_leader(list(s.knights), rules.largest_army_min)


def _single_leader(values: list[int], minimum: int) -> int:
    """The seat with strictly the highest value if it is at least ``minimum``, else -1."""
    if not values:
        return -1
    best = max(values)
    leaders = [p for p, v in enumerate(values) if v == best]
    return leaders[0] if best >= minimum and len(leaders) == 1 else -1


# ------------------------------------------------------------------------------------------ the board


def _check_pieces(g: Game) -> None:
    s, rules = g.s, g.rules
    for p in range(s.players):
        counts = [0, 0, 0]
        counts[_ROAD] = sum(1 for owner in s.edge_owner if owner == p)
        for n, owner in enumerate(s.node_owner):
            if owner == p:
                counts[_CITY if s.node_level[n] == 2 else _SETTLEMENT] += 1
        for kind, name in ((_ROAD, "roads"), (_SETTLEMENT, "settlements"), (_CITY, "cities")):
            if counts[kind] > rules.pieces[kind]:
                field = "roads" if kind == _ROAD else "buildings"
                raise SnapshotError(
                    f"{field}: seat {p} has {counts[kind]} {name} on the board, but the rules give each seat "
                    f"{rules.pieces[kind]} (B-1.6)"
                )


def _check_distance(g: Game) -> None:
    s, topo = g.s, g.topo
    for n, owner in enumerate(s.node_owner):
        if owner < 0:
            continue
        for m in topo.node_neighbours[n]:
            if m > n and s.node_owner[m] >= 0:
                raise SnapshotError(
                    f"buildings: intersections {n} (seat {owner}) and {m} (seat {s.node_owner[m]}) are "
                    "neighbours; the distance rule keeps every two buildings at least two paths apart (B-8.4)"
                )


def _check_roads(g: Game) -> None:
    """Every component of a seat's roads (joined wherever two of them meet) touches one of its buildings."""
    s, topo = g.s, g.topo
    seen: set[int] = set()
    for e, owner in enumerate(s.edge_owner):
        if owner < 0 or e in seen:
            continue
        component, stack, anchored = [e], [e], False
        seen.add(e)
        while stack:
            for n in topo.edge_nodes[stack.pop()]:
                if s.node_owner[n] == owner:
                    anchored = True
                for f in topo.node_edges[n]:
                    if f not in seen and s.edge_owner[f] == owner:
                        seen.add(f)
                        component.append(f)
                        stack.append(f)
        if not anchored:
            a, b = topo.edge_nodes[min(component)]
            raise SnapshotError(
                f"roads: seat {owner}'s road on edge {min(component)} (intersections {a}-{b}) is not "
                "connected to any of their settlements or cities; a road is built next to the owner's own "
                "road, settlement or city (B-8.3)"
            )


# -------------------------------------------------------------------------------------------- cards


def _check_resources(g: Game, extra: Sequence[int] | None, supply: Sequence[int] | None) -> None:
    s, rules = g.s, g.rules
    names = rules.resources
    extra = _per_kind(extra, len(names), "extra_resources")
    supply = _per_kind(supply, len(names), "extra_resource_supply")
    for r, name in enumerate(names):
        in_hands = sum(h[r] for h in s.hands)
        total = rules.bank_per_resource + supply[r]
        found = in_hands + s.bank[r] + extra[r]
        if found != total:
            outside = f" + {extra[r]} held by rule modules" if extra[r] else ""
            raise SnapshotError(
                f"hands/bank: {found} {name} cards ({in_hands} in hands + {s.bank[r]} in the bank{outside}), "
                f"but the game has {total}; resource cards never leave the game (B-1.4)"
            )


def _check_development_cards(
    g: Game, extra: Sequence[int] | None, supply: Sequence[int] | None, may_leave: bool
) -> None:
    s = g.s
    extra = _per_kind(extra, len(DEV_KINDS), "extra_dev_cards")
    supply = _per_kind(supply, len(DEV_KINDS), "extra_dev_supply")
    for p in range(s.players):
        if s.knights[p] < 0:
            raise SnapshotError(f"knights_played: seat {p} has played {s.knights[p]} knights")
        for k, kind in enumerate(DEV_KINDS):
            if s.dev_new[p][k] > s.dev_hand[p][k]:
                raise SnapshotError(
                    f"dev_bought_this_turn[{p}].{kind}: {s.dev_new[p][k]} bought this turn, but "
                    f"dev_cards[{p}] holds only {s.dev_hand[p][k]} (the cards bought are among those held)"
                )
    deck_counts = [0] * len(DEV_KINDS)
    for card in s.dev_deck:
        deck_counts[DEV_KINDS.index(card)] += 1
    for k, (kind, count) in enumerate(g.rules.dev_deck):
        total = count + supply[k]
        in_hands = sum(d[k] for d in s.dev_hand)
        found = in_hands + deck_counts[k] + extra[k]
        parts = f"{in_hands} in hands + {deck_counts[k]} in the deck"
        if k == _KNIGHT:
            found += sum(s.knights)
            parts += f" + {sum(s.knights)} played"
        if extra[k]:
            parts += f" + {extra[k]} held by rule modules"
        exact = k in (_KNIGHT, _VP_CARD) and not may_leave
        if found > total or (exact and found != total):
            why = (
                "a played knight stays in front of its owner (B-9.2)"
                if k == _KNIGHT
                else "VP cards are never played (Q-13)"
                if exact
                else "cards can leave the game, but none can be added"
            )
            raise SnapshotError(
                f"dev_cards/dev_deck: {found} {kind} cards ({parts}), but the game has {total}; {why}"
            )


def _per_kind(values: Sequence[int] | None, size: int, name: str) -> list[int]:
    if values is None:
        return [0] * size
    if len(values) != size or any(v < 0 for v in values):
        raise ValueError(f"{name} must list {size} counts >= 0, not {list(values)!r}")
    return list(values)


# ----------------------------------------------------------------------------------- special cards


def _check_longest_road(g: Game) -> None:
    s, minimum = g.s, g.rules.longest_road_min
    holder = s.lr_holder
    if holder < 0:
        return
    lengths = [longest_road_length(g, p) for p in range(s.players)]
    if lengths[holder] < minimum:
        raise SnapshotError(
            f"longest_road: seat {holder} holds it with a road of {lengths[holder]}, but it needs at least "
            f"{minimum} (B-10.1)"
        )
    best = max(lengths)
    if lengths[holder] < best:
        rival = lengths.index(best)
        raise SnapshotError(
            f"longest_road: seat {holder} holds it with a road of {lengths[holder]}, but seat {rival}'s is "
            f"{best} long; a longer road takes the card (B-10.1)"
        )


def _check_largest_army(g: Game) -> None:
    s, minimum = g.s, g.rules.largest_army_min
    holder = s.la_holder
    knights = s.knights
    if holder < 0:
        qualified = [p for p, k in enumerate(knights) if k >= minimum]
        if qualified:
            raise SnapshotError(
                f"largest_army: nobody holds it, but seats {', '.join(map(str, qualified))} have played "
                f"{minimum} or more knights; the first to reach {minimum} takes it and it is never set aside "
                "(B-10.2): name the holder"
            )
        return
    if knights[holder] < minimum:
        raise SnapshotError(
            f"largest_army: seat {holder} holds it with {knights[holder]} knights played, but it needs at "
            f"least {minimum} (B-10.2)"
        )
    best = max(knights)
    if knights[holder] < best:
        rival = knights.index(best)
        raise SnapshotError(
            f"largest_army: seat {holder} holds it with {knights[holder]} knights played, but seat {rival} "
            f"has played {best}; more knights take the card (B-10.2)"
        )


# ------------------------------------------------------------------------------------------ victory


def _check_winners(g: Game, may_end_without_winner: bool) -> None:
    s, target = g.s, vp_target(g)
    if s.phase != "over":
        if s.winners:
            raise SnapshotError(
                f"winners: the game is still running (phase '{s.phase}') but lists winners {s.winners}; a "
                "win ends the game (B-11.2)"
            )
        return
    if not s.winners:
        if may_end_without_winner:
            return
        raise SnapshotError(
            "winners: the game is over (phase 'over') but nobody won; this variant always ends with a "
            "winner (B-11.2)"
        )
    for p in s.winners:
        if p != s.current:
            raise SnapshotError(
                f"winners: seat {p} won, but the active player (current) is seat {s.current}; a player wins "
                "only in their own turn (B-11.2, Q-15)"
            )
        vp = total_vp(g, p)
        if vp < target:
            raise SnapshotError(f"winners: seat {p} won with {vp} VP, but the target is {target} (B-11.2)")


def _check_active_below_target(g: Game) -> None:
    s, target = g.s, vp_target(g)
    if s.phase == "over" or s.turn == 0 or s.phase in _FOUNDING or s.phase in g.plugins.build_phases:
        return
    vp = total_vp(g, s.current)
    if vp >= target:
        raise SnapshotError(
            f"current: seat {s.current} has {vp} VP (target {target}) in their own turn (phase '{s.phase}'), "
            f"so they have already won (Q-15): give phase 'over' and winners [{s.current}]"
        )
