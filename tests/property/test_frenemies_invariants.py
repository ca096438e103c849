"""Frenemies (RULES.md Part A) over many seeded random games: favour tokens are conserved between the
supply, the hands and the used pile after every action (A-2.2, A-4, A-5.2, Q-41), resource cards too, the
seat views keep token faces private, snapshots round-trip, and every game ends with a winner at 11 VP.

Random bots (``catan_desktop.ai.RandomBot``: uniform over the legal actions, one offer a turn) play the
rule files rules/frenemies.yaml and frenemies-5-6.yaml.
"""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import pytest

from catan_desktop.ai.random_bot import RandomBot
from catan_desktop.engine import Action, Game
from catan_desktop.engine.modules import frenemies_state as fs

RULES_DIR = Path(__file__).resolve().parents[2] / "rules"
F = str(RULES_DIR / "frenemies.yaml")
F56 = str(RULES_DIR / "frenemies-5-6.yaml")
GAMES = int(os.environ.get("CATAN_PROPERTY_GAMES_FRENEMIES", "24"))
GAMES_5_6 = int(os.environ.get("CATAN_PROPERTY_GAMES_FRENEMIES_5_6", "10"))
MAX_TURNS = 3000


def check_tokens(g: Game) -> None:
    """After every action: every token of A-2.2's table is in the supply, a hand or the used pile."""
    st = fs.state(g)
    players = g.s.players
    want = fs.table(g, players)
    where = Counter(st.supply) + Counter(st.used)
    for held in st.tokens:
        where += Counter(held)
    assert dict(where) == {k: n for k, n in want.items() if n}, "A-2.2 / Q-41: tokens conserved"
    for q in range(players):
        fresh = Counter(fs.fresh(g, q))
        assert not fresh - Counter(st.tokens[q]), "this turn's tokens are held tokens"
    assert 0 <= sum(st.chips) <= fs.cfg(g)["catan_chips"]
    assert 0 <= st.merchant_swaps <= fs.cfg(g)["merchant_swaps"]
    assert st.gifts <= fs.cfg(g)["gifts_per_turn"]


def check_cards(g: Game) -> None:
    s = g.s
    for r in range(len(g.rules.resources)):
        assert s.bank[r] + sum(h[r] for h in s.hands) == g.rules.bank_per_resource
        assert s.bank[r] >= 0 and min(h[r] for h in s.hands) >= 0


def check_views(g: Game) -> None:
    """A seat sees its own faces only; the snapshot round-trips; every legal action applies and keeps the
    tokens conserved, and its text reads back."""
    st = fs.state(g)
    for seat in range(g.s.players):
        obs = g.observation(seat)
        view = obs["modules"]["frenemies"]
        assert view["yours"] == st.tokens[seat]
        assert view["tokens"] == [len(t) for t in st.tokens]
        for entry in obs["log"]:
            if entry["t"] in ("favour", "favour_returned") and entry["seat"] != seat:
                assert "card" not in entry
            if entry["t"] == "favour_used" and entry["guild"] == "teacher" and entry["seat"] != seat:
                assert "card" not in entry
    text = g.to_json()
    assert Game.from_json(text).to_json() == text
    legal = g.legal_actions()
    assert len(set(legal)) == len(legal)
    for action in legal[:: max(1, len(legal) // 12)]:
        assert Action.parse(str(action)) == action
        copy = g.clone()
        copy.apply(action)
        check_tokens(copy)


def play(seed: int, path: str, players: int, out: list[Game] | None = None) -> Counter[str]:
    g = Game.new(path, players=players, seed=seed, board=("random", "balanced")[seed % 2])
    if out is not None:
        out.append(g)
    bots = [RandomBot(seed * 10 + q) for q in range(players)]
    step = 0
    while not g.is_over:
        assert g.turn < MAX_TURNS, f"seed {seed}: no end within {MAX_TURNS} turns"
        seat = g.current_player
        g.apply(bots[seat].choose(g, seat))
        check_tokens(g)
        check_cards(g)
        step += 1
        if step % 250 == 0:
            check_views(g)
    check_views(g)
    assert len(g.winners) == 1 and g.vp(g.winners[0]) >= 11, "A-7.1: 11 VP on one's own turn"
    seen: Counter[str] = Counter()
    for e in g.log:
        if e["t"] == "favour":
            seen["earn:" + e["why"]] += 1
        elif e["t"] == "favour_used":
            seen["use:" + e["guild"]] += 1
        elif e["t"] in ("favour_short", "favour_order", "gift_refused"):
            seen[e["t"]] += 1
    return seen


@pytest.mark.parametrize("seed", range(GAMES))
def test_random_frenemies_games_conserve_tokens_and_end(seed: int) -> None:
    play(seed, F, 3 + seed % 2)


@pytest.mark.parametrize("seed", range(GAMES_5_6))
def test_random_frenemies_5_6_games_conserve_tokens_and_end(seed: int) -> None:
    play(100 + seed, F56, 5 + seed % 2)


def test_random_games_reach_every_way_to_earn_and_every_favour() -> None:
    """The random games exercise the whole of Part A: three ways to earn (the joined player too), the
    exchange, all five favours, a refused gift and an empty supply."""
    seen: Counter[str] = Counter()
    for seed in range(4):
        seen += play(200 + seed, F, 4)
    for key in (
        "earn:robber",
        "earn:gift",
        "earn:join",
        "earn:joined",
        "earn:exchange",
        "gift_refused",
        "favour_short",
        *(f"use:{guild}" for guild in fs.GUILDS),
    ):
        assert seen[key] > 0, key


def test_the_same_seed_plays_the_same_game() -> None:
    """Deterministic given the seed: the favour supply and every draw come from the game's own RNG."""
    games: list[Game] = []
    play(7, F, 4, games)
    play(7, F, 4, games)
    assert games[0].to_json() == games[1].to_json()
