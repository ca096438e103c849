"""Catan a Dois (RULES.md Part D, rules/catan-a-dois.yaml): founding with token removal, stocks, market,
scarcity, collapse, terrain development, remote-area cards and the robber on a token."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from catan_desktop.engine import Action, Game, make_bundle
from catan_desktop.engine.modules import market, remote_cards, token_removal, token_robber
from catan_desktop.engine.queries import tokens_of

VARIANT = "catan-a-dois"
RES = ("lumber", "wool", "grain", "brick", "ore")


def _new(seed: int = 1) -> Game:
    return Game.new(VARIANT, players=2, seed=seed)


def _founded(seed: int = 1) -> Game:
    """A game after the founding phase, placed by a seeded random policy."""
    g = _new(seed)
    rng = random.Random(seed)
    while g.turn == 0:
        g.apply(rng.choice(g.legal_actions()))
    return g


# the short names the tests edit -> where a snapshot keeps them (format version 2)
_FIELDS = {
    "dois_market_pile": ("modules", "market", "pile"),
    "dois_market_open": ("modules", "market", "open"),
    "dois_market_discard": ("modules", "market", "discard"),
    "dois_robber_slot": ("modules", "token_robber", "slot"),
    "dois_extra_tokens": ("board", "extra_tokens"),
}


def _edit(g: Game, **fields: Any) -> Game:
    d = json.loads(g.to_json())
    for key, value in fields.items():
        *path, last = _FIELDS.get(key, (key,))
        where = d
        for part in path:
            where = where[part]
        where[last] = value
    d.pop("rng", None)
    # a position edited for one rule: its card totals need not add up (the market is set by hand)
    return Game.from_data(d, check=False)


def _total_cards(g: Game) -> list[int]:
    s = g.s
    out = [s.bank[r] + sum(h[r] for h in s.hands) for r in range(5)]
    st = market.state(g)
    for pile in (st.pile, st.open, st.discard):
        for r in pile:
            out[r] += 1
    return out


# ------------------------------------------------------------------------------------------------ D-2


@pytest.mark.parametrize("seed", range(6))
def test_d2_1_card_stocks(seed: int) -> None:
    """D-2.1: bank 12 of each resource; a 19-card development deck; the other 35 resource cards form the
    market pile with 1-6 cards (one die) turned face up."""
    g = _new(seed)
    s = g.s
    assert s.bank == [12] * 5
    assert Counter(s.dev_deck) == {"knight": 14, "victory_point": 2, "road_building": 1, "year_of_plenty": 1,
                                   "monopoly": 1}  # fmt: skip
    assert len(market.state(g).pile) + len(market.state(g).open) == 35
    assert 1 <= len(market.state(g).open) <= 6
    assert _total_cards(g) == [19] * 5


# ------------------------------------------------------------------------------------------------ D-1


@pytest.mark.parametrize("seed", range(12))
def test_d1_founding_three_settlements_and_the_a_to_f_token_removal(seed: int) -> None:
    """D-1.3: order P1, P2, P2, P1, P1, P2; D-1.4: after each settlement a token of an adjacent hex goes to
    the placer's reserve, B..E not of an already taken type (F and A any); D-1.6: 12 productive hexes remain;
    D-1.7: P1 holds the tokens of A, D, E and P2 those of B, C, F."""
    g = _new(seed)
    rng = random.Random(seed)
    p1 = g.s.start_player
    placers: list[int] = []
    taken: list[tuple[int, str, int]] = []
    while g.turn == 0:
        if g.phase == "setup_settlement":
            placers.append(g.current_player)
        if g.phase == "remove_token":
            options = g.legal_actions()
            assert options, "a founding settlement always has a token to take (Q-20)"
            node = g.s.last_settlement
            for a in options:
                assert g.topo.hex_index[a.a] in g.topo.node_hexes[node]
            a = rng.choice(options)
            h = g.topo.hex_index[a.a]
            taken.append((g.current_player, g.s.terrain[h], g.s.number[h]))
            g.apply(a)
            assert g.s.number[h] == 0
            continue
        g.apply(rng.choice(g.legal_actions()))
    p2 = 1 - p1
    assert placers == [p1, p2, p2, p1, p1, p2]
    types = [t for _p, t, _n in taken]
    for step in range(1, 5):  # B..E
        assert types[step] not in types[:step], (step, types)
    assert sum(1 for n in g.s.number if n) == 12
    assert token_removal.state(g).reserve[p1] == [taken[i][2] for i in (0, 3, 4)]
    assert token_removal.state(g).reserve[p2] == [taken[i][2] for i in (1, 2, 5)]


def test_d1_9_starting_resources_from_the_third_settlement_after_removal() -> None:
    """Q-21: after the third settlement (and its token removal), one card per adjacent productive hex."""
    g = _new(3)
    rng = random.Random(3)
    while g.turn == 0:
        if g.phase == "remove_token" and g.s.setup_index >= 4:
            p = g.current_player
            before = list(g.s.hands[p])
            a = g.legal_actions()[0]
            g.apply(a)
            node = g.s.last_settlement
            expected = [0] * 5
            for h in g.topo.node_hexes[node]:
                r = g.terrain_res[h]
                if r is not None and g.s.number[h]:
                    expected[r] += 1
            assert [x - y for x, y in zip(g.s.hands[p], before, strict=True)] == expected
            continue
        g.apply(rng.choice(g.legal_actions()))
    assert sum(sum(h) for h in g.s.hands) > 0


# ------------------------------------------------------------------------------------------------ D-4


def _main_with(
    g: Game, dice: tuple[int, int], hand: dict[str, int], open_cards: list[str], **more: Any
) -> Game:
    hands = [dict.fromkeys(RES, 0), dict.fromkeys(RES, 0)]
    hands[g.s.current] = {r: hand.get(r, 0) for r in RES}
    bank = {r: 12 - hands[0][r] - hands[1][r] for r in RES}
    bank.update(more.pop("bank", {}))
    return _edit(
        g, phase="main", dice=list(dice), hands=hands, bank=bank, dois_market_open=open_cards, **more
    )


def test_d4_2_price_is_the_difference_of_the_dice_and_d4_3_doubles_block() -> None:
    g = _founded(2)
    m = _main_with(g, (5, 2), {"ore": 3, "wool": 1}, ["brick", "grain"])
    assert market.price(m, m.res_index["brick"]) == 3
    buy = Action("market", make_bundle({"ore": 3}), "brick")
    assert m.is_legal(buy)
    assert (
        m.why_illegal(Action("market", make_bundle({"ore": 2}), "brick"))
        == "an open brick card costs 3 cards this turn"
    )
    blocked = _main_with(g, (4, 4), {"ore": 3}, ["brick"])
    assert blocked.why_illegal(Action("market", make_bundle({"ore": 1}), "brick")) == (
        "the market is blocked this turn: the dice show a double (D-4.3)"
    )
    assert not [a for a in blocked.legal_actions() if a.kind.startswith("market")]


def test_d4_4_buying_moves_the_payment_to_the_open_cards_and_d4_5_the_trader_trims_to_seven() -> None:
    """Q-24: take 1 open card, the payment joins the open cards, then the cap: above 7 the trader chooses
    which open cards (any of them) go to the market discards."""
    g = _founded(4)
    m = _main_with(g, (6, 2), {"ore": 4, "wool": 1}, ["brick", "grain", "grain", "lumber"])
    p = m.current_player
    m.apply(Action("market", make_bundle({"ore": 4}), "brick"))
    assert m.s.hands[p][m.res_index["brick"]] == 1 and m.s.hands[p][m.res_index["ore"]] == 0
    assert sorted(market.state(m).open) == sorted(
        m.res_index[r] for r in ("grain", "grain", "lumber", "ore", "ore", "ore", "ore")
    )
    assert m.phase == "main"  # exactly 7: no cap
    m2 = _main_with(g, (6, 1), {"ore": 5}, ["brick", "grain", "grain", "lumber"])
    cards = _total_cards(m2)
    m2.apply(Action("market", make_bundle({"ore": 5}), "brick"))
    assert len(market.state(m2).open) == 8 and m2.phase == "market_cap" and market.state(m2).excess == 1
    assert m2.current_player == p
    m2.apply(Action("market_discard", make_bundle({"grain": 1})))  # not one of the cards just paid
    assert m2.phase == "main" and len(market.state(m2).open) == 7
    assert market.state(m2).discard[-1] == m2.res_index["grain"]
    assert _total_cards(m2) == cards  # nothing created or lost


def test_d4_6_a_seven_renews_the_market_after_the_robber() -> None:
    """D-4.6 / Q-25: on a 7, after the discards, the robber and the steal, every open card is discarded and
    4 are turned up (the discards reshuffled into the pile when it runs short)."""
    for seed in range(300):
        g = _founded(5)
        g = _edit(
            g, phase="roll", dice=None, dois_market_pile=["ore", "ore"], dois_market_discard=["wool"] * 3
        )
        g.rng.seed(seed)
        trial = g.clone()
        trial.apply("roll")
        if trial.s.dice and sum(trial.s.dice) == 7:
            break
    else:
        raise AssertionError("no seed rolls 7")
    g.rng.seed(seed)
    old_open = list(market.state(g).open)
    cards = _total_cards(g)
    g.apply("roll")
    while g.phase == "discard":
        g.apply(g.legal_actions()[0])
    assert g.phase == "robber" and market.state(g).open == old_open  # not yet: after the robber
    g.apply(g.legal_actions()[0])
    assert len(market.state(g).open) == 4
    assert _total_cards(g) == cards


def test_d5_2_an_exhausted_resource_costs_double_and_d5_3_sells_for_two() -> None:
    g = _founded(6)
    m = _main_with(
        g, (5, 3), {"ore": 5, "grain": 1}, ["brick", "wool", "lumber"], bank={"brick": 0, "wool": 12}
    )
    assert m.s.bank[m.res_index["brick"]] == 0
    assert market.price(m, m.res_index["brick"]) == 4 and market.price(m, m.res_index["wool"]) == 2
    # D-5.3: a card of an exhausted resource for two open cards of two other, different resources
    m2 = _main_with(g, (5, 3), {"grain": 1}, ["brick", "wool", "lumber"], bank={"grain": 0})
    sell = Action("market_sell", "grain", make_bundle({"wool": 1, "lumber": 1}))
    assert sell in m2.legal_actions()
    assert m2.why_illegal(Action("market_sell", "grain", make_bundle({"wool": 2}))) is not None
    p = m2.current_player
    m2.apply(sell)
    assert m2.s.hands[p][m2.res_index["wool"]] == 1 and m2.s.hands[p][m2.res_index["lumber"]] == 1
    assert m2.res_index["grain"] in market.state(m2).open
    assert m2.why_illegal(Action("market_sell", "ore", make_bundle({"wool": 1, "brick": 1}))) == (
        "only a resource exhausted in the bank sells for two (D-5.3)"
    )


def test_d5_4_two_exhausted_resources_collapse_the_game_and_both_lose() -> None:
    """D-5.4 / Q-28: checked after every movement of cards; no winner."""
    g = _founded(7)
    # ore already exhausted; a maritime trade takes the last grain out of the bank
    m = _main_with(g, (2, 1), {"wool": 4}, ["brick"], bank={"ore": 0, "grain": 1})
    assert not m.is_over
    m.apply(Action("maritime", "wool", "grain"))
    assert m.is_over and m.winners == []
    assert m.log[-1]["t"] == "collapse" and sorted(m.log[-1]["resources"]) == ["grain", "ore"]


# ------------------------------------------------------------------------------------------------ D-8


def test_d8_robber_sits_on_one_token_and_blocks_only_that_number() -> None:
    """D-8.1: on a hex with two tokens the robber blocks one; D-8.2/Q-34: it must move to another token,
    another token of the same hex is allowed."""
    g = _founded(8)
    s = g.s
    h = next(h for h in range(19) if s.number[h] and g.terrain_res[h] is not None)
    extra = [[] for _ in range(19)]
    first = s.number[h]
    second = 2 if first != 2 else 3
    extra[h] = [second]
    hid = g.topo.hex_ids[h]
    m = _edit(g, phase="robber", dice=[3, 4], dois_extra_tokens={hid: [second]})
    moves = {a.a for a in m.legal_actions()}
    assert hid in moves and f"{hid}/1" in moves
    m.apply(next(a for a in m.legal_actions() if a.a == f"{hid}/1"))
    assert (m.s.robber, token_robber.robber_slot(m)) == (h, 1)
    blocked = {slot for _h, _r, _n, slot in m.producers[second] if _h == h}
    assert blocked == {1}
    # production: the hex still pays on its printed number, not on the robbed one
    owner_node = g.topo.hex_nodes[h][0]
    m2 = _edit(
        m,
        buildings=[[owner_node, 0, "settlement"]],
        roads=[],
        phase="roll",
        dice=None,
        dois_robber_slot=1,
    )
    from catan_desktop.engine.perform import produce

    before = list(m2.s.hands[0])
    produce(m2, second)
    assert m2.s.hands[0] == before  # robbed token
    produce(m2, first)
    r = m2.terrain_res[h]
    assert m2.s.hands[0][r] == before[r] + 1
    # the same token again is not a move
    assert f"{hid}/1" not in {a.a for a in _edit(m, phase="robber", dice=[3, 4]).legal_actions()}


# ------------------------------------------------------------------------------------------------ D-6


def _own_hex(g: Game, p: int) -> int:
    """A productive-type hex next to one of ``p``'s buildings."""
    return next(h for n in g.s.buildings_of[p] for h in g.topo.node_hexes[n] if g.terrain_res[h] is not None)


def test_d6_terrain_development_places_reserve_tokens_and_yields_from_the_market() -> None:
    """D-6.1-D-6.4 / Q-30: a hex next to your building; pay grain + wool + ore; place 1-3 reserve tokens;
    take as many cards of its resource as it now has tokens from the whole market, which is reshuffled
    and 4 cards are turned up. D-6.5: the tokens produce from the next roll, each one a separate trigger."""
    g = _founded(9)
    p = g.current_player
    h = _own_hex(g, p)
    hid = g.topo.hex_ids[h]
    m = _main_with(g, (4, 2), {"grain": 1, "wool": 1, "ore": 1}, ["brick"])
    reserve = sorted(token_removal.state(m).reserve[p])
    tokens = tuple(reserve[:2])
    action = Action("develop", hid, ("cards", tokens))
    assert action in m.legal_actions()
    assert Action.parse(str(action)) == action
    before_tokens = len(tokens_of(m, h))
    r = m.terrain_res[h]
    in_market = market.market_count(m, r)
    cards = _total_cards(m)
    m.apply(action)
    after = tokens_of(m, h)
    assert len(after) == before_tokens + 2 and sorted(token_removal.state(m).reserve[p]) == reserve[2:]
    assert m.s.hands[p][r] == min(len(after), in_market)
    assert len(market.state(m).open) == 4 and not market.state(m).discard
    assert m.s.hands[p][m.res_index["grain"]] == 0 or r == m.res_index["grain"]
    assert _total_cards(m) == cards
    triggers = [slot for hh, _r, _n, slot in (x for v in m.producers.values() for x in v) if hh == h]
    assert len(triggers) == len(after)


def test_d6_2_a_development_card_can_pay_and_leaves_the_game() -> None:
    """Q-29: any unused development card (even one bought this turn) pays; it is not 'played'."""
    g = _founded(10)
    p = g.current_player
    hid = g.topo.hex_ids[_own_hex(g, p)]
    devs = [{}, {}]
    devs[p] = {"victory_point": 1}
    new = [{}, {}]
    new[p] = {"victory_point": 1}
    m = _main_with(g, (4, 2), {}, ["brick"], dev_cards=devs, dev_bought_this_turn=new)
    vp_before = m.vp(p)
    token = min(token_removal.state(m).reserve[p])
    m.apply(Action("develop", hid, ("victory_point", (token,))))
    assert m.vp(p) == vp_before - 1 and sum(m.s.dev_hand[p]) == 0
    assert not m.s.dev_played


# ------------------------------------------------------------------------------------------------ D-7


def test_d7_building_on_the_coast_draws_a_remote_card_exchangeable_this_turn_only() -> None:
    """D-7.1 / Q-32: a settlement on the coast or next to an unproductive hex draws the top remote-area card;
    D-7.2 / Q-33: exchange it this turn for grain + wool + ore (the card leaves the game), else keep it."""
    from catan_desktop.engine.queries import settlement_spot_free

    g = _founded(11)
    p = g.current_player
    topo = g.topo
    found = None
    for n in g.s.buildings_of[p]:
        for a in topo.node_neighbours[n]:
            for b in topo.node_neighbours[a]:
                coast_or_barren = b in topo.coastal_nodes or any(
                    not tokens_of(g, h) for h in topo.node_hexes[b]
                )
                e1, e2 = topo.edge_index[tuple(sorted((n, a)))], topo.edge_index[tuple(sorted((a, b)))]
                free = g.s.edge_owner[e1] in (-1, p) and g.s.edge_owner[e2] < 0
                if b != n and settlement_spot_free(g, b) and coast_or_barren and free:
                    found = (b, [e1, e2])
                    break
            if found:
                break
        if found:
            break
    assert found is not None
    node, edges = found
    roads = [[e, o] for e, o in enumerate(g.s.edge_owner) if o >= 0] + [
        [e, p] for e in edges if g.s.edge_owner[e] < 0
    ]
    m = _main_with(g, (4, 2), {"brick": 1, "lumber": 1, "wool": 1, "grain": 1}, ["brick"], roads=roads)
    assert Action("settle", node) in m.legal_actions()
    deck = len(remote_cards.state(m).deck)
    m.apply(Action("settle", node))
    assert len(remote_cards.state(m).deck) == deck - 1
    card = remote_cards.state(m).drawn[0]
    assert Action("remote_exchange", card) in m.legal_actions()
    bank = list(m.s.bank)
    m.apply(Action("remote_exchange", card))
    for r in ("grain", "wool", "ore"):
        assert m.s.bank[m.res_index[r]] == bank[m.res_index[r]] - 1
    assert sum(m.s.dev_hand[p]) == 0
    assert not [a for a in m.legal_actions() if a.kind == "remote_exchange"]


# ------------------------------------------------------------------------------------------------ D-9


def test_d9_1_monopoly_also_takes_the_open_market_cards() -> None:
    """D-9.1 / Q-35: the open market cards count as a third player's hand."""
    g = _founded(12)
    p = g.current_player
    devs = [{}, {}]
    devs[p] = {"monopoly": 1}
    hands = [dict.fromkeys(RES, 0), dict.fromkeys(RES, 0)]
    hands[1 - p]["ore"] = 2
    m = _edit(
        g, phase="main", dice=[4, 2], dev_cards=devs, hands=hands, dois_market_open=["ore", "ore", "wool"]
    )
    m.apply(Action("monopoly", "ore"))
    assert m.s.hands[p][m.res_index["ore"]] == 4
    assert market.state(m).open == [m.res_index["wool"]]


def test_d9_2_invention_falls_back_on_the_market_when_the_bank_is_short() -> None:
    """D-9.2 / Q-36: bank first, then open cards, then the pile, then the discards."""
    g = _founded(13)
    p = g.current_player
    devs = [{}, {}]
    devs[p] = {"year_of_plenty": 1}
    m = _main_with(g, (4, 2), {}, ["ore"], bank={"ore": 0}, dev_cards=devs, dois_market_pile=["ore", "wool"])
    cards = _total_cards(m)
    action = Action("year_of_plenty", "ore", "ore")
    assert action in m.legal_actions()
    m.apply(action)
    assert m.s.hands[p][m.res_index["ore"]] == 2
    assert m.res_index["ore"] not in market.state(m).open + market.state(m).pile
    assert _total_cards(m) == cards


@pytest.mark.parametrize("seed", range(20))
def test_d1_2_one_die_each_for_the_start_player_ties_reroll(seed: int) -> None:
    """D-1.2 / Q-19: each player rolls one die; the higher starts placing and takes the first turn."""
    g = _new(seed)
    rolls = [e["rolls"] for e in g.log if e["t"] == "start_roll"]
    assert rolls and all(1 <= r <= 6 for pair in rolls for r in pair)
    assert all(a == b for a, b in rolls[:-1])  # every roll before the last was a tie
    last = rolls[-1]
    assert last[0] != last[1] and g.s.start_player == last.index(max(last))


def test_d9_3_longest_road_needs_seven() -> None:
    g = _new(1)
    assert g.rules.longest_road_min == 7
