"""Hand-written snapshots are checked as a whole (catan_desktop/engine/position.py, docs/engine-api.md
"Snapshots"): a position that no sequence of legal actions reaches is refused with the field named, and
an unset Longest Road / Largest Army holder is worked out when the position decides it.

Impossible positions are made from real ones: ``Game.new(...).to_json()`` of a game played with random
legal actions, ``json.loads``, one field altered, ``Game.from_json(json.dumps(...))``. Rule numbers refer
to RULES.md (Part B; readings Q-13 to Q-15).
"""

from __future__ import annotations

import json
import random
from typing import TYPE_CHECKING, Any

import pytest

from catan_desktop.engine import Game, SnapshotError
from catan_desktop.engine.position import check_position, derive_holders
from catan_desktop.engine.ruleset import DEV_KINDS

if TYPE_CHECKING:
    from conftest import Kit

MAX_ACTIONS = 20000
PROPERTY_ACTIONS = 1500
# Beginner board (tests/conftest.py): a 7-road line from the settlement at 16, and one from 38.
LINE0 = [16, 22, 17, 23, 18, 24, 19, 25]
LINE2 = [38, 43, 47, 51, 48, 52, 49, 53]
VARIANTS = [("base", 4), ("base", 3), ("base-5-6", 6), ("base-5-6", 5), ("catan-a-dois", 2)]


# ---------------------------------------------------------------------------------------------- helpers


def _play(game: Game, rng: random.Random, until: Any = None) -> Game:
    """Apply random legal actions until the game is over or ``until(game)`` holds."""
    for _ in range(MAX_ACTIONS):
        if game.is_over or (until is not None and until(game)):
            return game
        game.apply(rng.choice(game.legal_actions()))
    raise AssertionError("the game did not end")


def _founded(seed: int = 3, variant: str = "base", players: int = 4) -> dict[str, Any]:
    """The snapshot of a real game just after its founding phase (turn 1, phase roll)."""
    game = Game.new(variant, players=players, seed=seed, board="beginner" if variant == "base" else "random")
    _play(game, random.Random(seed), until=lambda g: g.phase == "roll")
    return json.loads(game.to_json())


def _finished(seed: int = 3, variant: str = "base", players: int = 4) -> dict[str, Any]:
    game = _play(Game.new(variant, players=players, seed=seed), random.Random(seed))
    return json.loads(game.to_json())


def _load(data: dict[str, Any]) -> Game:
    return Game.from_json(json.dumps(data))


def _refused(data: dict[str, Any], *words: str) -> str:
    """Load ``data``, expect SnapshotError, and check the message names every word (the field first)."""
    with pytest.raises(SnapshotError) as info:
        _load(data)
    message = str(info.value)
    for word in words:
        assert word in message, f"{word!r} not in {message!r}"
    return message


def _owners(data: dict[str, Any]) -> tuple[dict[int, int], dict[int, int]]:
    nodes = {n: p for n, p, _kind in data["buildings"]}
    edges = {e: p for e, p in data["roads"]}
    return nodes, edges


def _take_from_deck(data: dict[str, Any], card: str, count: int = 1) -> None:
    for _ in range(count):
        data["dev_deck"].remove(card)


# ------------------------------------------------------------------------------------ real positions load


def test_a_founded_position_loads_unchanged() -> None:
    """The starting point of the refusal tests below is itself possible and round-trips exactly."""
    d = _founded()
    assert d["phase"] == "roll" and d["turn"] == 1
    assert _load(d).to_json() == json.dumps(d, sort_keys=True, separators=(",", ":"))


@pytest.mark.parametrize("variant,players", [("base", 4), ("base-5-6", 6), ("catan-a-dois", 2)])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_finished_random_game_round_trips(variant: str, players: int, seed: int) -> None:
    """B-11 / D-5.4: a real finished game of every variant loads without being refused, unchanged."""
    game = _play(Game.new(variant, players=players, seed=seed), random.Random(seed))
    text = game.to_json()
    assert Game.from_json(text).to_json() == text


def test_property_snapshots_every_fifty_actions_all_load() -> None:
    """30 seeded random games over all variants: a snapshot every 50 actions (any phase, founding
    included) loads, is not refused, and comes back identical (no holder is derived differently). Each game
    is followed for its first PROPERTY_ACTIONS actions (a snapshot's log grows with the game, so later ones
    cost more; whole games are covered by the round trips above)."""
    taken = holders = 0
    for seed in range(30):
        variant, players = VARIANTS[seed % len(VARIANTS)]
        game = Game.new(variant, players=players, seed=100 + seed)
        rng = random.Random(seed)
        for step in range(PROPERTY_ACTIONS + 1):
            if step % 50 == 0 or game.is_over:
                text = game.to_json()
                assert Game.from_json(text).to_json() == text, (variant, seed, step, game.phase)
                taken += 1
                holders += game.s.lr_holder >= 0 or game.s.la_holder >= 0
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))
    assert taken > 30 * 10
    assert holders > 0  # some snapshots have a Longest Road or Largest Army holder


# ----------------------------------------------------------------------------------------- the board


def test_b8_4_two_settlements_on_neighbouring_corners_are_refused() -> None:
    """B-8.4 (distance rule): a settlement next to another building is refused, naming ``buildings``."""
    d = _founded()
    g = _load(d)
    nodes, _edges = _owners(d)
    n = next(n for n, p in nodes.items() if p == 0)
    m = next(m for m in g.topo.node_neighbours[n] if m not in nodes)
    d["buildings"].append([m, 1, "settlement"])
    _refused(d, "buildings", "distance rule", f"{min(n, m)} ", f"{max(n, m)} ")


def test_b8_3_a_road_away_from_its_owners_network_is_refused() -> None:
    """B-8.3: a road touching none of its owner's roads or buildings is refused, naming ``roads``."""
    d = _founded()
    g = _load(d)
    nodes, edges = _owners(d)
    lonely = next(
        e
        for e, (a, b) in enumerate(g.topo.edge_nodes)
        if e not in edges
        and all(x not in nodes and all(f not in edges for f in g.topo.node_edges[x]) for x in (a, b))
    )
    d["roads"].append([lonely, 0])
    _refused(d, "roads", f"edge {lonely}", "not connected")


def test_b8_3_a_road_cut_off_later_by_an_opponents_settlement_is_possible(kit: Kit) -> None:
    """B-8.3 / B-10.1: seat 0 built 16-22-17-23; seat 1 then settled at 17 from its road 7-12-17. The
    road 17-23 no longer reaches seat 0's network without passing seat 1's settlement, but the position is
    reachable (the road was connected when built), so it loads."""
    g = kit.position(
        buildings=[(16, 0, "settlement"), (7, 1, "settlement"), (17, 1, "settlement")],
        paths=[([16, 22, 17, 23], 0), ([7, 12, 17], 1)],
    )
    assert g.s.node_owner[17] == 1


def test_b3_4_a_founding_position_waiting_for_its_road_loads() -> None:
    """B-3.4a / Q-03: in phase setup_road the settlement just placed has no road yet; the position loads
    unchanged (a road always follows its settlement, so no road is ever without one)."""
    game = Game.new("base", players=4, seed=5)
    _play(game, random.Random(5), until=lambda g: g.phase == "setup_road" and g.s.setup_index >= 3)
    assert _load(json.loads(game.to_json())).to_json() == game.to_json()


def test_b1_6_more_pieces_than_a_seat_owns_are_refused() -> None:
    """B-1.6: 15 roads a seat; a 16th is refused (by the reader, and by check_position on its own)."""
    d = _founded()
    g = _load(d)
    _nodes, edges = _owners(d)
    free = [e for e in range(g.topo.num_edges) if e not in edges][:14]
    d["roads"].extend([e, 0] for e in free)
    with pytest.raises(SnapshotError, match="more pieces"):
        _load(d)
    for e in free:
        g.s.edge_owner[e] = 0
    with pytest.raises(SnapshotError, match="roads: seat 0 has 16 roads"):
        check_position(g)


# -------------------------------------------------------------------------------------------- cards


def test_b1_4_more_resource_cards_than_the_game_has_are_refused() -> None:
    """B-1.4: 19 cards of each resource; a hand of 40 more brick makes 59 and is refused."""
    d = _founded()
    d["hands"][0]["brick"] = d["hands"][0].get("brick", 0) + 40
    _refused(d, "hands/bank", "59 brick", "the game has 19")


def test_b1_4_resource_cards_never_leave_the_game() -> None:
    """B-1.4: fewer cards than 19 of a resource is impossible too (every payment goes back to the bank)."""
    d = _founded()
    d["bank"]["ore"] -= 1
    _refused(d, "hands/bank", "18 ore")


def test_b9_2_an_extra_knight_is_refused() -> None:
    """B-1.5 / B-9.2: 14 knights; a 15th in a hand (hands + deck + played) is refused."""
    d = _founded()
    d["dev_cards"][0]["knight"] = 1
    _refused(d, "dev_cards/dev_deck", "15 knight", "the game has 14")


def test_q13_a_missing_victory_point_card_is_refused() -> None:
    """Q-13: VP cards are never played, so hands + deck must hold all 5."""
    d = _founded()
    _take_from_deck(d, "victory_point")
    _refused(d, "dev_cards/dev_deck", "4 victory_point")


def test_b9_3_a_missing_progress_card_was_played_but_an_extra_one_is_refused() -> None:
    """B-9.3: a played progress card goes back to the box and is not recorded, so fewer than 2 monopolies
    loads ("at most"); a third monopoly is refused."""
    d = _founded()
    _take_from_deck(d, "monopoly")
    _load(d)
    d = _founded()
    d["dev_cards"][1]["monopoly"] = 1
    _refused(d, "dev_cards/dev_deck", "3 monopoly")


def test_b4_3_cards_bought_this_turn_are_among_those_held() -> None:
    """B-4.3: dev_bought_this_turn counts cards in the hand; more than the hand holds is refused."""
    d = _founded()
    d["dev_bought_this_turn"][0] = {"knight": 1}
    _refused(d, "dev_bought_this_turn[0].knight")


def test_module_stocks_are_passed_to_check_position_explicitly() -> None:
    """D-2.1 style stocks, passed explicitly: cards rule modules hold outside hands, bank and deck, and the
    cards they add to the game, make the counts balance; without them the same state is refused."""
    g = _load(_founded())
    brick, knight, vp = (
        g.rules.resources.index("brick"),
        DEV_KINDS.index("knight"),
        DEV_KINDS.index("victory_point"),
    )
    check_position(g)
    g.s.bank[brick] -= 2  # two brick now "in a market"
    with pytest.raises(SnapshotError, match="17 brick"):
        check_position(g)
    held = [0] * len(g.rules.resources)
    held[brick] = 2
    check_position(g, extra_resources=held)
    g.s.hands[0][brick] += 7  # a module adds 7 brick to the game
    with pytest.raises(SnapshotError, match="26 brick"):
        check_position(g, extra_resources=held)
    supply = [0] * len(g.rules.resources)
    supply[brick] = 7
    check_position(g, extra_resources=held, extra_resource_supply=supply)

    g.s.dev_deck.remove("victory_point")  # one VP card in a second deck
    with pytest.raises(SnapshotError, match="victory_point"):
        check_position(g, extra_resources=held, extra_resource_supply=supply)
    dev_held = [0] * len(DEV_KINDS)
    dev_held[vp] = 1
    check_position(g, extra_resources=held, extra_resource_supply=supply, extra_dev_cards=dev_held)
    g.s.dev_hand[1][vp] += 3  # three more VP cards that a module brought into the game
    dev_supply = [0] * len(DEV_KINDS)
    dev_supply[vp] = 3
    stocks: dict[str, Any] = {
        "extra_resources": held,
        "extra_resource_supply": supply,
        "extra_dev_cards": dev_held,
        "extra_dev_supply": dev_supply,
    }
    check_position(g, **stocks)
    g.s.dev_deck.remove("knight")  # a knight paid for something and gone (D-6.2 / Q-29)
    with pytest.raises(SnapshotError, match="13 knight"):
        check_position(g, **stocks)
    check_position(g, **stocks, dev_cards_may_leave_game=True)
    g.s.dev_hand[0][knight] += 2  # but never more cards than the game has
    with pytest.raises(SnapshotError, match="15 knight"):
        check_position(g, **stocks, dev_cards_may_leave_game=True)


# ----------------------------------------------------------------------------------- special cards


def test_b10_2_largest_army_with_one_knight_is_refused() -> None:
    """B-10.2: Largest Army needs 3 played knights."""
    d = _founded()
    _take_from_deck(d, "knight")
    d["knights_played"] = [1, 0, 0, 0]
    d["largest_army"] = 0
    _refused(d, "largest_army", "seat 0", "1 knights", "at least 3")


def test_b10_2_largest_army_with_fewer_knights_than_another_is_refused() -> None:
    """B-10.2: more played knights take the card, so the holder has at least as many as anyone."""
    d = _founded()
    _take_from_deck(d, "knight", 7)
    d["knights_played"] = [3, 4, 0, 0]
    d["largest_army"] = 0
    _refused(d, "largest_army", "seat 1 has played 4")
    d["largest_army"] = 1
    assert _load(d).s.la_holder == 1
    d["knights_played"] = [4, 4, 0, 0]
    _take_from_deck(d, "knight")
    d["largest_army"] = 0  # a tie keeps the card with whoever had it first
    assert _load(d).s.la_holder == 0


def test_b10_2_largest_army_unset_while_two_tie_at_three_is_refused() -> None:
    """B-10.2: the first to reach 3 knights takes the card and it is never set aside; with two players at 3
    and nobody named the position cannot be completed (who was first?), so it is refused."""
    d = _founded()
    _take_from_deck(d, "knight", 6)
    d["knights_played"] = [3, 3, 0, 0]
    d["largest_army"] = None
    _refused(d, "largest_army", "nobody holds it", "name the holder")


def test_b10_1_longest_road_below_the_minimum_is_refused() -> None:
    """B-10.1: Longest Road needs a road of 5; a founded game's 1-road networks do not qualify."""
    d = _founded()
    d["longest_road"] = 2
    _refused(d, "longest_road", "seat 2", "at least 5")


def test_b10_1_longest_road_held_by_a_shorter_road_is_refused(kit: Kit) -> None:
    """B-10.1 (and N-7): nobody's road is longer than the holder's."""
    with pytest.raises(
        SnapshotError, match="longest_road: seat 0 holds it with a road of 5, but seat 2's is 6"
    ):
        kit.position(
            buildings=[(16, 0, "settlement"), (38, 2, "settlement")],
            paths=[(LINE0[:6], 0), (LINE2[:7], 2)],
            longest_road=0,
        )
    g = kit.position(
        buildings=[(16, 0, "settlement"), (38, 2, "settlement")],
        paths=[(LINE0[:7], 0), (LINE2[:7], 2)],
        longest_road=0,
    )
    assert g.s.lr_holder == 0  # a tie keeps the card


# -------------------------------------------------------------------------------------- derived holders


def test_b10_1_a_six_road_chain_takes_longest_road_when_the_snapshot_leaves_it_out(kit: Kit) -> None:
    """B-10.1 / B-11.1: one player with a road of 6 (nobody else at 5) holds Longest Road: 1 + 2 = 3 VP,
    whether ``longest_road`` is null or absent."""
    g = kit.position(buildings=[(16, 0, "settlement")], paths=[(LINE0[:7], 0)])  # longest_road: null
    assert g.s.lr_holder == 0 and g.vp(0) == 3
    assert json.loads(g.to_json())["longest_road"] == 0
    d = json.loads(g.to_json())
    del d["longest_road"]
    assert _load(d).vp(0) == 3


def test_b10_1_two_players_tied_for_longest_leave_longest_road_unset(kit: Kit) -> None:
    """B-10.1 / N-7: two roads of 6 decide nothing (after a break the card is set aside on a tie)."""
    g = kit.position(
        buildings=[(16, 0, "settlement"), (38, 2, "settlement")],
        paths=[(LINE0[:7], 0), (LINE2[:7], 2)],
    )
    assert g.s.lr_holder == -1 and g.vp(0) == 1 and g.vp(2) == 1


def test_b10_1_a_road_below_the_minimum_is_not_given_longest_road(kit: Kit) -> None:
    """B-10.1: a road of 4, alone, does not take the card."""
    g = kit.position(buildings=[(16, 0, "settlement")], paths=[(LINE0[:5], 0)])
    assert g.s.lr_holder == -1


def test_b10_2_largest_army_is_derived_for_the_single_player_with_three_knights() -> None:
    """B-10.2: three played knights, nobody else at 3: Largest Army is worked out (2 VP)."""
    d = _founded()
    _take_from_deck(d, "knight", 5)
    d["knights_played"] = [3, 2, 0, 0]
    del d["largest_army"]
    g = _load(d)
    assert g.s.la_holder == 0 and g.vp(0) == 2 + 2


def test_derive_holders_keeps_a_named_holder() -> None:
    """A holder the snapshot names is kept (a tie with it is possible), never replaced."""
    g = _load(_founded())
    g.s.knights = [3, 4, 0, 0]
    g.s.la_holder = 0  # impossible, but derive_holders only fills unset holders
    derive_holders(g)
    assert g.s.la_holder == 0
    g.s.la_holder = -1
    derive_holders(g)
    assert g.s.la_holder == 1


# ------------------------------------------------------------------------------------------- victory


def test_b11_2_winners_in_a_running_game_are_refused() -> None:
    """B-11.2: a win ends the game; a running game has no winners."""
    d = _founded()
    d["winners"] = [d["current"]]
    _refused(d, "winners", "still running")


def test_b11_2_a_finished_game_without_a_winner_is_refused_unless_the_variant_allows_it() -> None:
    """B-11.2: a base game ends only with a winner; a variant that can end with everybody losing (D-5.4,
    passed as may_end_without_winner) accepts it."""
    d = _finished()
    assert d["phase"] == "over" and d["winners"]
    d["winners"] = []
    _refused(d, "winners", "nobody won")
    g = _load(_finished())
    g.s.winners = []
    check_position(g, may_end_without_winner=True)
    with pytest.raises(SnapshotError, match="nobody won"):
        check_position(g)


def test_q15_the_winner_is_the_active_player_at_the_target() -> None:
    """B-11.2 / Q-15: one wins only in one's own turn, with the target reached."""
    d = _finished()
    other = (d["current"] + 1) % d["players"]
    d["winners"] = [other]
    _refused(d, "winners", f"seat {other} won", "only in their own turn")
    d = _founded()
    d["phase"] = "over"
    d["winners"] = [d["current"]]
    _refused(d, "winners", "won with 2 VP", "target is 10")


def _low_target(d: dict[str, Any], target: int) -> None:
    d["rules"]["victory_points"]["target"] = target


def test_q15_the_active_player_at_the_target_in_a_running_game_is_refused() -> None:
    """Q-15 (a)(b): the active player is checked at the start of the turn and after each of their actions,
    so in their running turn they are below the target. Founding over, everybody has 2 VP; with a target
    of 3 a VP card (Q-13: it counts at once) in the active player's hand is impossible."""
    d = _founded()
    _low_target(d, 3)
    _take_from_deck(d, "victory_point")
    d["dev_cards"][d["current"]]["victory_point"] = 1
    _refused(d, "current", f"seat {d['current']} has 3 VP", "already won")


def test_q15_another_seat_at_the_target_is_possible() -> None:
    """Q-15: a seat can reach the target outside its turn (Longest Road passing to it when the active
    player breaks the holder's road, N-7; the special building phase, F-3); it wins at the start of its
    turn, so the position loads."""
    d = _founded()
    _low_target(d, 3)
    _take_from_deck(d, "victory_point")
    d["dev_cards"][(d["current"] + 1) % 4]["victory_point"] = 1
    _load(d)


def test_q18_the_active_player_at_the_target_during_the_special_building_phase_is_possible() -> None:
    """F-3 / Q-18: the others' settlements in the special building phase may hand the player whose turn
    just ended Longest Road; they are not checked until their next turn, so the position loads."""
    game = Game.new("base-5-6", players=5, seed=4)
    _play(game, random.Random(4), until=lambda g: g.phase == "special_build")
    d = json.loads(game.to_json())
    _low_target(d, game.vp(game.active_player))
    _load(d)
    d["phase"] = "main"
    _refused(d, "current", "already won")


# ----------------------------------------------------------------- shapes and fields (issue 35, items 1-2)


def test_issue35_a_seat_missing_from_the_statistics_is_refused() -> None:
    """Issue 35, item 1: ``stats.gained`` one entry short (it loaded, then the first production roll raised
    IndexError) or with a seat of the wrong shape; ``stats.dice`` not 13 counts."""
    d = _founded()
    d["stats"]["gained"].pop()
    _refused(d, "stats.gained", "4")
    d = _founded()
    d["stats"]["gained"][1] = [1, 2]
    _refused(d, "stats.gained")
    d = _founded()
    d["stats"]["dice"] = d["stats"]["dice"][:12]
    _refused(d, "stats.dice", "13")


def test_issue35_the_log_and_history_hold_the_right_kinds() -> None:
    """Issue 35, item 1: the log is a list of events (mappings with a type), the history a list of text."""
    d = _founded()
    d["log"].append(7)
    _refused(d, "log")
    d = _founded()
    d["history"].append(["road", 3])
    _refused(d, "history")


def test_issue35_b9_free_roads_beyond_road_building_are_refused() -> None:
    """Issue 35, item 2 (B-9.3: Road Building gives two roads, never more than the pieces left)."""
    d = _founded()
    d["free_roads"] = 99
    _refused(d, "free_roads", "99")
    d = _founded()
    d["free_roads"] = 2
    d["phase"] = "road_building"
    assert _load(d).s.free_roads == 2


def test_issue35_an_unknown_resume_phase_is_refused() -> None:
    """Issue 35, item 2: ``resume_phase`` must be a phase of the variant."""
    d = _founded()
    d["resume_phase"] = "bogus"
    _refused(d, "resume_phase", "bogus")


def test_issue35_a_discard_owed_by_a_seat_is_a_seat_and_a_positive_count() -> None:
    d = _founded()
    d["phase"] = "discard"
    d["discards_pending"] = [[0, "x"]]
    _refused(d, "discards_pending")
    d["discards_pending"] = [[0, 0]]
    _refused(d, "discards_pending")
