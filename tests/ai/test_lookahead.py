"""The hard level's look past its own turn (ai/lookahead.py, issue 20): the coming round's rolls as chance
nodes over what each total pays (B-5), a discard on a 7 over the limit (B-6.2) and the robber's theft (B-6.4);
the search re-ranks its turn plans with them while its think-time budget lasts. Rule numbers are those of
../shared/rules/RULES.md."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from catan_desktop.ai import create_bot
from catan_desktop.ai.evaluate import (
    HARD,
    LEVELS,
    NORMAL,
    best_two,
    board_info,
    evaluate,
    production,
    recipe_mix,
)
from catan_desktop.ai.lookahead import (
    SpotRace,
    best_hex_of,
    income_table,
    robbed_share,
    round_value,
    sample_rounds,
)
from catan_desktop.engine import Action, Game
from catan_desktop.match import play_game


def _midgame(seed: int = 3, turns: int = 24) -> Game:
    game = Game.new("base", players=4, seed=seed)
    bots = [create_bot("normal", seed=seed + k) for k in range(4)]
    while game.turn < turns and not game.is_over:
        game.apply(bots[game.current_player].choose(game, game.current_player))
    return game


def test_income_table_pays_what_the_engine_pays_on_each_total() -> None:
    """B-5.1/B-5.2: every total pays each building's hexes, a city twice; B-6.6: not the robber's hex."""
    game = _midgame()
    while game.phase != "roll":
        game.apply(create_bot("normal", seed=1).choose(game, game.current_player))
    table = income_table(game)
    checked = 0
    for total in (2, 3, 4, 5, 6, 8, 9, 10, 11, 12):
        twin = game.clone()
        twin.s.next_dice = (min(6, total - 1), total - min(6, total - 1))
        before = [list(h) for h in twin.s.hands]
        twin.apply(Action("roll"))
        if any(e.get("t") == "shortage" for e in twin.log[-12:]):
            continue  # B-5.5: a short bank pays nobody of that resource; the table is the full payment
        gained = [
            [a - b for a, b in zip(after, old, strict=True)]
            for after, old in zip(twin.s.hands, before, strict=True)
        ]
        expected = table.get(total, [[0] * 5 for _ in range(4)])
        assert gained == expected, total
        checked += 1
    assert checked >= 8


def test_sampled_rounds_follow_the_dice_and_the_bots_own_rng() -> None:
    game = _midgame()
    rounds = sample_rounds(game, random.Random(7), 400)
    assert rounds == sample_rounds(game, random.Random(7), 400)  # deterministic given the bot's seed
    assert all(len(totals) == 4 and len(chance) == 4 for totals, chance in rounds)  # every seat rolls once
    sevens = sum(t == 7 for totals, _c in rounds for t in totals) / 1600
    assert 0.12 < sevens < 0.22  # ordinary dice: 6/36


def test_a_hand_over_the_limit_loses_worth_to_a_round_of_sevens() -> None:
    """B-6.2: over the discard limit, a 7 takes half the hand; B-6.4: another seat's robber may take one."""
    game = _midgame()
    p = game.current_player
    game.s.hands[p] = [3, 3, 2, 2, 1]
    sevens = [((7, 7, 7, 7), (0.9, 0.9, 0.9, 0.9))]
    nothing = [((2, 2, 2, 2), (0.9, 0.9, 0.9, 0.9))]
    assert round_value(game, p, HARD, sevens, 0.0) < 0.0
    assert round_value(game, p, HARD, sevens, 0.0) < round_value(game, p, HARD, nothing, 0.0)
    robbed = [((7, 3, 3, 3), (0.0, 0.9, 0.9, 0.9))]
    game.s.hands[p] = [1, 1, 0, 0, 0]
    assert round_value(game, p, HARD, robbed, 1.0) < round_value(game, p, HARD, robbed, 0.0)


def test_the_leader_is_the_robbers_likelier_target() -> None:
    game = _midgame()
    shares = [robbed_share(game, q) for q in range(4)]
    assert all(0.0 < s <= 1.0 for s in shares)
    leader = max(range(4), key=game.visible_vp)
    if sorted(game.visible_vp(q) for q in range(4))[-2] < game.visible_vp(leader):
        assert shares[leader] > 1 / 3


def test_recipe_mix_values_production_that_builds() -> None:
    """A seat with no brick produces no road: its grain does not make up for it."""
    game = Game.new("base", players=4, seed=1)
    idx = game.res_index
    no_brick = [0.0] * 5
    no_brick[idx["lumber"]], no_brick[idx["grain"]], no_brick[idx["ore"]] = 5.0, 9.0, 6.0
    mixed = [0.0] * 5
    for r in ("lumber", "brick", "wool", "grain"):
        mixed[idx[r]] = 3.5
    # no brick: no road, no settlement; no wool: no development card; ore and grain still make cities
    assert recipe_mix(game, no_brick) == pytest.approx(min(9.0 / 2, 6.0 / 3))
    assert recipe_mix(game, mixed) == pytest.approx(3.5 + 3.5)  # roads and settlements, no city or card
    assert recipe_mix(game, no_brick) < recipe_mix(game, mixed)


def test_hard_values_the_pips_of_the_city_recipe_more() -> None:
    """B-8.1 (a city costs two grain and three ore): hard counts a pip of grain or ore ``city_pip`` more than
    a pip of the other resources, all game long and when founding; normal counts every pip alike."""
    game = _midgame()
    info = board_info(game)
    assert [game.rules.resources[r] for r, c in enumerate(info.city_res) if c] == ["grain", "ore"]
    assert NORMAL.city_pip == 0.0 and HARD.city_pip > 0.0
    flat = replace(HARD, city_pip=0.0)
    for p in range(4):
        prod = production(game, p, info, HARD)
        extra = sum(
            HARD.pip * HARD.city_pip * x * info.res_weight[r] * info.city_res[r] for r, x in enumerate(prod)
        )
        assert evaluate(game, p, HARD) - evaluate(game, p, flat) == pytest.approx(extra)


def test_easy_and_normal_do_not_look_ahead() -> None:
    """The lower rungs stay as they were (issue 20): no look-ahead, no recipe term."""
    assert NORMAL.lookahead == NORMAL.recipe == 0.0 and LEVELS["easy"].lookahead == 0.0
    assert HARD.lookahead > 0.0


@pytest.mark.parametrize("think", [0.0, 0.05])
def test_hard_plays_a_whole_game_on_any_budget(think: float) -> None:
    """Out of time, the search falls back to its last complete pass (or the static plan): always a legal
    action, and the game ends."""
    game = Game.new("base", players=4, seed=11)
    bots = [create_bot("hard" if k % 2 == 0 else "normal", seed=k, think_time=think) for k in range(4)]
    result = play_game(game, bots, max_turns=400)
    assert result.finished and result.winners


def test_the_robber_of_another_seat_blocks_our_best_hex_for_the_rest_of_the_round() -> None:
    """B-6.6: a 7 rolled first by another seat whose robber picks us stops our best hex paying later rolls."""
    game = _midgame()
    p = game.current_player
    best, pays = best_hex_of(game, p)
    assert best >= 0 and pays
    total = next(iter(pays))
    n = game.s.players
    ours_last = tuple([7] + [total] * (n - 1))
    robbed, spared = ((ours_last, (0.0,) * n),), ((ours_last, (0.99,) * n),)
    game.s.hands[p] = [0] * 5
    assert round_value(game, p, HARD, list(robbed), 0.5) < round_value(game, p, HARD, list(spared), 0.5)


def test_another_player_who_can_pay_takes_the_spot_we_reach_first() -> None:
    """The others' likely reply (B-8.4): a player whose hand pays for a settlement builds on their best free
    spot on their own roads; when that is one of ours, our room to grow shrinks by it."""
    game = _midgame()
    p = game.current_player
    race = SpotRace(game, p)
    assert race.mine, "no settlement spot in reach in this position"
    _v, node, _d = max(race.mine)
    q = race.rivals[0][0]
    race.rivals = [(q, [node])] + [(r, []) for r, _s in race.rivals[1:]]
    nothing = (2,) * game.s.players  # a total no hex shows: no income
    race.worlds[0][q] = [0] * 5
    assert not race.prepare({})  # nobody can pay: no sampled round needs looking at (again: rivals changed)
    assert race.after(nothing) == 0.0
    race.worlds[0][q] = list(game.rules.costs["settlement"])
    assert race.prepare({})
    assert race.after(nothing) < 0.0
    assert race.after(nothing) == pytest.approx(
        best_two([v for v, n, _d in race.mine if n != node and n not in game.topo.node_neighbours[node]])
        - race.now
    )


# seat 0 is one grain short of a city and can spare wool; seat 2 holds no grain
OFFER_HANDS = [
    {"ore": 3, "grain": 1, "wool": 3},
    {"grain": 3, "lumber": 1},
    {"wool": 2},
    {"grain": 2, "brick": 1},
]


def test_hard_offers_the_card_it_can_spare_for_the_one_a_city_needs_to_those_who_would_take_it(kit) -> None:
    """B-7.1: an offer to the players who hold the card and gain from the trade by their own hands' worth."""
    game = kit.position(hands=OFFER_HANDS, buildings=[(0, 0, "settlement")])
    bot = create_bot("hard", seed=1)
    obs = game.observation(0)
    offer = bot._searched_offer(game, 0, obs)
    assert offer is not None and offer.kind == "offer"
    assert dict(offer.b) == {"grain": 1} and "grain" not in dict(offer.a) and "ore" not in dict(offer.a)
    assert offer.c is not None and 2 not in offer.c  # seat 2 holds no grain
    assert game.is_legal(offer)


def test_hard_never_offers_to_a_player_about_to_win(kit) -> None:
    game = kit.position(hands=OFFER_HANDS, buildings=[(0, 0, "settlement")])
    target = game.vp_target
    game.visible_vp = lambda q: target - 1 if q in (1, 3) else 2  # type: ignore[method-assign]
    assert create_bot("hard", seed=1)._searched_offer(game, 0, game.observation(0)) is None


@pytest.mark.parametrize("node", (0, 10, 20, 30))
def test_hard_with_no_build_in_hand_trades_and_buys_instead_of_waiting(kit, node: int) -> None:
    """Issue 20, stalls: holding five wool and an ore, with no build it can pay for, hard does not end its
    turn on the hand: a 4:1 trade (B-7.2) or an offer (B-7.1) turns the wool into the grain a development
    card needs (B-9.1), and it buys one."""
    game = kit.position(
        hands=[{"wool": 5, "ore": 1}, {"grain": 2, "lumber": 2}, {"brick": 2}, {"grain": 1, "ore": 1}],
        buildings=[(node, 0, "settlement")],
    )
    bots = [create_bot("hard", seed=1)] + [create_bot("normal", seed=k) for k in (2, 3, 4)]
    kinds = []
    while game.active_player == 0 and not game.is_over:
        seat = game.current_player
        action = bots[seat].choose(game, seat)
        if seat == 0:
            kinds.append(action.kind)
        game.apply(action)
    assert "buy" in kinds, kinds
    assert kinds[-1] == "end" and sum(game.s.hands[0]) < 6
