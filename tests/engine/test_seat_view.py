"""The typed seat view (B-3.6: what one player may know) and ``why_none`` (why a kind of action is off now).

Property tests over random games of the base game, six players and Catan a Dois: the typed view says the same
as the JSON observation, never shows another seat's cards, and ``why_none`` is None exactly when the legal
actions hold one of that kind.
"""

from __future__ import annotations

import random

import pytest

import catan_desktop.text  # noqa: F401  (installs the wording of reasons)
from catan_desktop.engine import Game
from catan_desktop.engine.ruleset import DEV_KINDS

TABLES = [("base", 4), ("base-5-6", 6), ("catan-a-dois", 2)]
KINDS = ("road", "settle", "city", "buy", "offer", "maritime", "knight", "monopoly", "year_of_plenty",
         "road_building", "develop", "market", "market_sell", "roll", "end")


def _random_games(variant: str, players: int, steps: int, seed: int):  # type: ignore[no-untyped-def]
    g = Game.new(variant, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            return
        yield g
        g.apply(rng.choice(g.legal_actions()))


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_seat_view_says_what_the_observation_says(variant: str, players: int) -> None:
    """B-3.6: the typed view and the JSON observation are one view of one seat."""
    names = None
    for i, g in enumerate(_random_games(variant, players, 400, seed=7)):
        if i % 9:
            continue
        for seat in range(players):
            v, o = g.seat_view(seat), g.observation(seat)
            names = g.rules.resources
            assert v.phase == o["phase"] and v.to_act == o["to_act"] and v.turn == o["turn"]
            assert (list(v.dice) if v.dice else None) == o["dice"]
            assert dict(zip(names, v.hand, strict=True)) == o["you"]["hand"]
            assert dict(zip(DEV_KINDS, v.development_cards, strict=True)) == o["you"]["development_cards"]
            assert dict(zip(names, v.bank, strict=True)) == o["bank"]
            assert v.development_deck == o["development_deck"]
            assert v.vp == o["you"]["vp"]
            assert [[n, v.node_owner[n], "city" if v.node_level[n] == 2 else "settlement"]
                    for n in range(len(v.node_owner)) if v.node_owner[n] >= 0] == o["buildings"]
            assert [[e, p] for e, p in enumerate(v.edge_owner) if p >= 0] == o["roads"]
            assert v.topo.hex_ids[v.robber] == o["board"]["robber"]
            for p, pub in enumerate(v.public):
                op = o["players_public"][p]
                assert (pub.resource_cards, pub.development_cards, pub.visible_vp) == (
                    op["resource_cards"], op["development_cards"], op["visible_vp"])
            assert v.modules == o["modules"]
            assert v.gained is None or v.is_over


def test_seat_view_hides_other_hands() -> None:
    """B-3.6: two seats' views differ in the hand only by what each holds, and the view has no deck order."""
    g = next(g for i, g in enumerate(_random_games("base", 4, 200, seed=3)) if i == 150)
    a, b = g.seat_view(0), g.seat_view(1)
    assert a.hand == tuple(g.hand(0).values()) and b.hand == tuple(g.hand(1).values())
    assert not hasattr(a, "dev_deck") and isinstance(a.development_deck, int)
    assert a.public == b.public and a.bank == b.bank


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_why_none_is_none_exactly_when_a_legal_action_of_that_kind_exists(variant: str, players: int) -> None:
    codes: set[str] = set()
    for g in _random_games(variant, players, 1500, seed=11):
        kinds = {a.kind for a in g.legal_actions()}
        for kind in KINDS:
            reason = g.why_none(kind)
            assert (reason is None) == (kind in kinds), (kind, g.phase, reason)
            if reason is not None:
                assert reason.code not in ("malformed_action",), (kind, g.phase)
                codes.add(reason.code)
    assert "waiting_for" in codes and "need_resources" in codes


def test_why_none_names_the_missing_cards() -> None:
    """B-8.1: a road costs 1 brick + 1 lumber; the reason says what is missing."""
    for g in _random_games("base", 4, 2000, seed=5):
        r = g.why_none("road") if g.phase == "main" else None
        if r is not None and r.code == "need_resources":
            assert r.params["item"] == "road" and r.params["missing"]
            assert "costs" in str(r)
            return
    pytest.fail("no main phase without the cards for a road in 2000 random steps")


def test_a_winners_victory_point_cards_are_shown_with_the_win() -> None:
    """B-9.4: VP cards are revealed when they bring their owner to the target: once the game is over the
    winner's public points are its whole score; the others' hidden cards stay hidden."""
    from catan_desktop.ai import create_bot
    from catan_desktop.match import play_game

    checked = 0
    for seed in range(1, 40):
        game = Game.new("base", players=3, seed=seed)
        play_game(game, [create_bot("random", seed=seed * 3 + s) for s in range(3)], max_turns=600)
        if not game.winners:
            continue
        winner = game.winners[0]
        view = game.seat_view((winner + 1) % 3)
        assert view.public[winner].visible_vp == game.vp(winner)
        for p in range(3):
            if p != winner:
                assert view.public[p].visible_vp == game.visible_vp(p)
        checked += game.vp(winner) != game.visible_vp(winner)
        if checked >= 2:
            break
    assert checked >= 2  # winners that did hold hidden victory point cards


PUBLIC_TABLES = [("base", 4), ("base-5-6", 6), ("catan-a-dois", 2), ("frenemies", 4), ("helpers", 4),
                 ("corsica", 3), ("new-york-erie-canal", 4)]


@pytest.mark.parametrize(("variant", "players"), PUBLIC_TABLES)
def test_the_public_view_holds_only_what_every_seat_sees(variant: str, players: int) -> None:
    """B-3.6 for someone watching (a spectator of a hosted game): ``public_view`` has no hand, no
    development cards, and of each module's view only the parts every seat's view agrees on (a part that
    differs between seats is private, and is empty in the public view)."""
    checked = 0
    for i, g in enumerate(_random_games(variant, players, 300, seed=11)):
        if i % 7:
            continue
        pub = g.public_view()
        views = [g.seat_view(q) for q in range(players)]
        assert pub.seat == -1
        assert not any(pub.hand) and not any(pub.development_cards) and not any(pub.bought_this_turn)
        assert pub.vp == 0 and set(pub.harbour_rates) == {g.rules.rate_none}
        assert pub.public == views[0].public and pub.node_owner == views[0].node_owner
        assert pub.trade == views[0].trade and pub.to_act == views[0].to_act
        for name, mod in pub.modules.items():
            if not isinstance(mod, dict):
                assert all(v.modules[name] == mod for v in views)
                continue
            for key, value in mod.items():
                seen = [v.modules[name][key] for v in views]
                if all(x == seen[0] for x in seen):
                    assert value == seen[0], (name, key)
                else:  # private to some seat: nothing of it is public
                    assert value in (None, [], {}, 0), (name, key, value)
        checked += 1
    assert checked >= 10
