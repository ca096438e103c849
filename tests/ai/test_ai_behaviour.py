"""The evaluation pieces and the choices they lead to, on hand-built positions (issue #4).

Positions use the ``kit`` fixture (tests/conftest.py): the beginner board, seat 0 to act in its main phase
unless stated. Rule numbers are those of ../shared/rules/RULES.md.
"""

from __future__ import annotations

import pytest

from catan_desktop.ai import DIFFICULTIES, create_bot
from catan_desktop.ai.evaluate import NORMAL, PIPS, board_info, expansion, hand_value, production
from catan_desktop.engine import Action, Game

LEVELS = DIFFICULTIES


def _hex_nodes(game: Game, hex_id: str) -> tuple[int, ...]:
    return game.topo.hex_nodes[game.topo.hex_index[hex_id]]


def _walk_to_spot(game: Game, start: int) -> list[int]:
    """A walk start -> a -> b where b is a legal settlement spot two roads away on an empty board."""
    topo = game.topo
    for a in topo.node_neighbours[start]:
        for b in topo.node_neighbours[a]:
            if b != start and b not in topo.node_neighbours[start]:
                return [start, a, b]
    raise AssertionError("no spot two roads away")


def test_production_counts_pips_doubles_cities_and_discounts_the_robber(kit) -> None:
    """B-5.1/B-5.2: a settlement earns one card per adjacent number rolled, a city two; B-6.3: the robber's
    hex earns nothing (the evaluation keeps a share, since the robber will move)."""
    game = kit.position(buildings=[(_hex_nodes(kit.fresh(), "2.2")[0], 0, "settlement")])
    node = _hex_nodes(game, "2.2")[0]
    info = board_info(game)
    expected = [0.0] * 5
    for h in game.topo.node_hexes[node]:
        r = game.terrain_res[h]
        if r is not None and game.s.number[h]:
            expected[r] += PIPS[game.s.number[h]]
    assert production(game, 0, info, NORMAL) == pytest.approx(expected)
    city = kit.position(buildings=[(node, 0, "city")])
    assert production(city, 0, info, NORMAL) == pytest.approx([2 * x for x in expected])
    hills = game.topo.hex_index["2.2"]  # hills 6: 5 pips of brick
    robbed = production(game, 0, info, NORMAL, robber=hills)
    brick = game.res_index["brick"]
    assert robbed[brick] == pytest.approx(expected[brick] - 5 + 5 * NORMAL.robbed)


def test_expansion_measures_roads_to_the_nearest_free_spot(kit) -> None:
    """B-3.2 distance rule: a lone settlement's nearest legal spot is two roads away; each road brings it
    one step closer."""
    start = _hex_nodes(kit.fresh(), "3.2")[0]
    walk = _walk_to_spot(kit.fresh(), start)
    bare = kit.position(buildings=[(start, 0, "settlement")])
    one = kit.position(buildings=[(start, 0, "settlement")], paths=[(walk[:2], 0)])
    two = kit.position(buildings=[(start, 0, "settlement")], paths=[(walk, 0)])
    info = board_info(bare)
    assert expansion(bare, 0, info)[1] == 2
    assert expansion(one, 0, info)[1] == 1
    assert expansion(two, 0, info)[1] == 0
    assert expansion(two, 0, info)[0] > expansion(one, 0, info)[0] > expansion(bare, 0, info)[0]


def test_hand_value_rewards_cards_that_complete_a_build(kit) -> None:
    """B-8.1 costs: a full settlement set is worth more than the same number of unrelated cards, and a
    hand above the discard limit (B-6.2) is penalised."""
    game = kit.position(buildings=[(_hex_nodes(kit.fresh(), "3.2")[0], 0, "settlement")])
    idx = game.res_index
    settlement = [0] * 5
    for r in ("brick", "lumber", "wool", "grain"):
        settlement[idx[r]] = 1
    same_size = [0] * 5
    same_size[idx["ore"]] = 4
    v = lambda hand: hand_value(game, 0, hand, NORMAL, 0, True)  # noqa: E731
    assert v(settlement) > v(same_size)
    eight = [0, 0, 0, 0, 0]
    eight[idx["ore"]] = 8
    seven = eight[:]
    seven[idx["ore"]] = 7
    assert v(eight) - v(seven) < 0  # the eighth card costs more than it is worth


@pytest.mark.parametrize("level", LEVELS)
def test_builds_a_city_when_it_can(kit, level: str) -> None:
    """B-8.1: 3 ore + 2 grain upgrade a settlement; every level takes the 2 points at once."""
    node = _hex_nodes(kit.fresh(), "3.5")[0]
    game = kit.position(
        buildings=[(node, 0, "settlement"), (_hex_nodes(kit.fresh(), "1.1")[0], 1, "settlement")],
        hands=[{"ore": 3, "grain": 2}, {}, {}, {}],
    )
    bot = create_bot(level, seed=1)
    assert bot.choose(game, 0) == Action("city", node)


@pytest.mark.parametrize("level", LEVELS)
def test_builds_a_settlement_on_a_reachable_spot(kit, level: str) -> None:
    """B-8.2: a settlement on a free spot joined by its own road."""
    start = _hex_nodes(kit.fresh(), "3.2")[0]
    walk = _walk_to_spot(kit.fresh(), start)
    game = kit.position(
        buildings=[(start, 0, "settlement")],
        paths=[(walk, 0)],
        hands=[{"brick": 1, "lumber": 1, "wool": 1, "grain": 1}, {}, {}, {}],
    )
    action = create_bot(level, seed=2).choose(game, 0)
    assert action.kind == "settle"


@pytest.mark.parametrize("level", ("normal", "hard"))
def test_robber_goes_to_an_opponent_and_not_to_its_own_hex(kit, level: str) -> None:
    """B-6.3/B-6.4: moving the robber; the bot blocks another player's hex and steals from them."""
    own = _hex_nodes(kit.fresh(), "2.2")[0]
    theirs = _hex_nodes(kit.fresh(), "4.4")[3]
    game = kit.position(
        phase="robber",
        dice=[3, 4],
        buildings=[(own, 0, "city"), (theirs, 1, "city")],
        hands=[{}, {"ore": 2}, {}, {}],
    )
    action = create_bot(level, seed=3).choose(game, 0)
    assert action.kind == "robber"
    h = game.topo.hex_index[action.a]
    assert own not in game.topo.hex_nodes[h]
    assert action.b == 1 and theirs in game.topo.hex_nodes[h]


@pytest.mark.parametrize("level", LEVELS)
def test_discard_keeps_the_city_it_is_about_to_build(kit, level: str) -> None:
    """B-6.2: with 10 cards it gives up 5; it keeps 3 ore + 2 grain for the city."""
    node = _hex_nodes(kit.fresh(), "3.5")[0]
    game = kit.position(
        phase="discard",
        dice=[3, 4],
        buildings=[(node, 0, "settlement")],
        hands=[{"ore": 3, "grain": 2, "lumber": 4, "wool": 1}, {}, {}, {}],
        discards_pending=[[0, 5]],
    )
    action = create_bot(level, seed=4).choose(game, 0)
    assert action.kind == "discard"
    given = dict(action.a)
    if level != "easy":
        assert given.get("ore", 0) == 0 and given.get("grain", 0) == 0
    assert sum(given.values()) == 5


@pytest.mark.parametrize("level", LEVELS)
def test_monopoly_names_the_resource_the_others_hold_most(kit, level: str) -> None:
    """B-9.3 Monopoly: every other player hands over all cards of the named resource. The bot knows how
    many are out from the bank and its own hand (B-1.4), so it names the best one."""
    node = _hex_nodes(kit.fresh(), "3.5")[0]
    game = kit.position(
        buildings=[(node, 0, "settlement")],
        hands=[{}, {"ore": 3, "grain": 1}, {"ore": 2}, {"ore": 1, "wool": 1}],
        dev_cards=[{"monopoly": 1}, {}, {}, {}],
    )
    action = create_bot(level, seed=5).choose(game, 0)
    assert game.is_legal(action)
    if level != "easy":  # easy may pick any move close to the best
        assert action == Action("monopoly", "ore")


@pytest.mark.parametrize("level", LEVELS)
def test_does_not_cause_a_collapse_when_it_has_a_choice(level: str) -> None:
    """Catan a Dois D-5.4: two exhausted resources end the game and everybody loses. With ore already
    exhausted and one grain left in the bank, trading for that grain would end the game: no level does."""
    import json

    from catan_desktop.ai.evaluate import evaluate

    variant = "catan-a-dois"
    g = Game.new(variant, players=2, seed=3)
    bots = [create_bot("normal", seed=k) for k in range(2)]
    while g.turn == 0:
        g.apply(bots[g.current_player].choose(g, g.current_player))
    d = json.loads(g.to_json())
    p = d["current"]
    hands = [dict.fromkeys(("lumber", "wool", "grain", "brick", "ore"), 0) for _ in range(2)]
    hands[p]["wool"] = 4
    d.update(phase="main", dice=[2, 1], hands=hands)
    d["bank"] = {"lumber": 12, "wool": 8, "grain": 1, "brick": 12, "ore": 0}
    d.pop("rng", None)
    game = Game.from_data(d, check=False)  # the bank is set by hand: its cards need not add up
    collapse = Action("maritime", "wool", "grain")
    assert game.is_legal(collapse)
    after = game.clone()
    after.apply(collapse)
    assert after.is_over and after.winners == []
    assert evaluate(after, p, NORMAL) < -500
    for seed in range(5):
        action = create_bot(level, seed=seed).choose(game, p)
        assert action != collapse, (level, seed)
