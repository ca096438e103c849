"""Invariants over many seeded random games (hypothesis). RULES.md Part B throughout, and Part F for the
5-6 player variant (rules/base-5-6.yaml: 24 cards per resource, 34 development cards, the special
building phase).

One random game per example: random bots (uniform over legal actions) play to the end. At every step the
cheap invariants are checked; at sampled steps the expensive ones (save/load, every legal action applies,
illegal actions change nothing, observations hide what they must).

The suite plays a bounded number of games per variant (the CATAN_PROPERTY_GAMES* variables below raise
it); ``python bench/soak.py invariants`` plays the same checked games by the thousand.
"""

from __future__ import annotations

import json
import os
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from catan_desktop.engine import Action, Game, IllegalAction
from catan_desktop.engine.modules import special_building_phase
from catan_desktop.engine.scoring import longest_road_length
from catan_desktop.persistence import load_bytes
from catan_desktop.persistence.saves import replay, save_document

MAX_TURNS = 3000
GAMES = int(os.environ.get("CATAN_PROPERTY_GAMES", "20"))
GAMES_5_6 = int(os.environ.get("CATAN_PROPERTY_GAMES_5_6", "10"))
GAMES_DOIS = int(os.environ.get("CATAN_PROPERTY_GAMES_DOIS", "24"))
DOIS = "catan-a-dois"

PROBES = [
    Action("roll"),
    Action("end"),
    Action("buy"),
    Action("knight"),
    Action("road_building"),
    Action("road", 0),
    Action("road", 71),
    Action("settle", 0),
    Action("settle", 27),
    Action("city", 10),
    Action("maritime", "brick", "ore"),
    Action("maritime", "ore", "ore"),
    Action("monopoly", "wool"),
    Action("year_of_plenty", "grain", "ore"),
    Action("robber", "3.3", None),
    Action("robber", "1.1", 1),
    Action("discard", (("brick", 1),)),
    Action("offer", (("brick", 1),), (("ore", 1),)),
    Action("offer", (("ore", 9),), (("wool", 1),)),
    Action("accept"),
    Action("reject"),
    Action("cancel"),
    Action("confirm", 1),
    Action("counter", (("wool", 1),), (("brick", 1),)),
]


def check_cards(g: Game) -> None:
    """Every step: cards conserved, nothing negative."""
    s = g.s
    market = g.module("market")
    cards = g.rules.bank_per_resource + (market.cfg["pile_per_resource"] if market is not None else 0)
    in_market = [0] * 5
    stock = s.modules.get("market")
    for pile in (stock.pile, stock.open, stock.discard) if stock is not None else ():
        for r in pile:
            in_market[r] += 1
    for r in range(5):
        assert s.bank[r] + sum(h[r] for h in s.hands) + in_market[r] == cards, (
            "B-1.4 / F-1.2 / D-2.1: every card accounted for (bank, hands and the market)"
        )
        assert s.bank[r] >= 0
    for h in s.hands:
        assert min(h) >= 0


def check_cheap(g: Game) -> None:
    """Every few steps: pieces, VP and the development deck recomputed from scratch."""
    check_cards(g)
    s, rules = g.s, g.rules
    for p in range(s.players):
        assert min(s.hands[p]) >= 0 and min(s.dev_hand[p]) >= 0
        left = s.pieces_left[p]
        on_board_roads = sum(1 for o in s.edge_owner if o == p)
        settlements = sum(1 for n, o in enumerate(s.node_owner) if o == p and s.node_level[n] == 1)
        cities = sum(1 for n, o in enumerate(s.node_owner) if o == p and s.node_level[n] == 2)
        assert left[0] + on_board_roads == rules.pieces[0], "B-1.6 roads"
        assert left[1] + settlements + cities == rules.pieces[1] + cities, "B-8.2 settlements"
        assert left[2] + cities == rules.pieces[2], "B-1.6 cities"
        assert min(left) >= 0
        vp = settlements * rules.vp_settlement + cities * rules.vp_city + s.dev_hand[p][4] * rules.vp_card
        vp += rules.vp_longest_road if s.lr_holder == p else 0
        vp += rules.vp_largest_army if s.la_holder == p else 0
        assert g.vp(p) == vp, "B-11.1: VP recomputed from scratch"
    reserve = s.modules.get("token_removal")
    if reserve is not None:  # D-1.7: every number token is on a hex or in a reserve
        on_board = sum(1 for n in s.number if n) + sum(len(x) for x in s.extra_tokens)
        assert on_board + sum(len(r) for r in reserve.reserve) == len(rules.number_tokens)
    market = g.module("market")
    if market is not None:
        assert len(s.modules["market"].open) <= market.cfg["open_cap"] or s.phase == "market_cap"
    if s.phase == "special_build":  # F-3.2 / F-3.4: the others, once each; never the active player
        queue = special_building_phase.queue(g)
        assert queue and s.current not in queue and len(set(queue)) == len(queue)
        assert g.current_player == queue[0]


def check_expensive(g: Game, rng: random.Random, replay_history: bool = False) -> None:
    s = g.s
    before = g.to_json()
    deck = len(s.dev_deck) + sum(sum(d) for d in s.dev_hand) + sum(s.knights)
    played_progress = sum(1 for e in s.log if e["t"] == "play" and e["card"] != "knight")
    # Catan a Dois: the remote-area deck (D-7), cards spent on development (D-6.2) or exchanged (D-7.2)
    remote = g.module("remote_cards")
    deck += len(s.modules["remote_cards"].deck) if remote is not None else 0
    deck += sum(1 for e in s.log if e["t"] == "develop" and e["paid"] != "cards")
    deck += sum(1 for e in s.log if e["t"] == "remote_exchange")
    total = sum(n for _kind, n in g.rules.dev_deck)
    total += sum(remote.cfg["deck"].values()) if remote is not None else 0
    assert deck + played_progress == total, "B-1.5 / F-1.2: 25 (34) development cards"
    # save -> load -> same state, and (once per game: it is costly) the history replays to it (habit 5)
    doc = save_document(g, "prop")
    loaded = load_bytes(json.dumps(doc).encode())
    assert loaded.game.to_json() == before
    if replay_history:
        assert replay(doc).to_json() == before
    # road lengths and the Longest Road holder agree with a recomputation (B-10.1, Q-14)
    lengths = [longest_road_length(g, p) for p in range(s.players)]
    assert lengths == s.road_len
    if s.lr_holder >= 0:
        assert lengths[s.lr_holder] == max(lengths) >= g.rules.longest_road_min
    # every legal action is legal and applies; the listing has no duplicates
    legal = g.legal_actions()
    assert len(set(legal)) == len(legal)
    for a in rng.sample(legal, min(len(legal), 8)):
        assert g.is_legal(a), a
        c = g.clone()
        c.apply(a)
        assert Action.parse(str(a)) == a
    # illegal actions raise and leave the state byte-identical
    for a in PROBES:
        if not g.is_legal(a):
            try:
                g.apply(a)
            except IllegalAction as exc:
                assert exc.reason
            else:
                raise AssertionError(f"illegal {a} applied")
    assert g.to_json() == before, "an illegal action changed the state"
    # an observation shows only what its seat may know (B-3.6)
    for seat in range(s.players):
        obs = g.observation(seat)
        text = json.dumps(obs)
        assert "dev_deck" not in obs and "rng" not in text
        assert obs["you"]["hand"] == g.hand(seat)
        for entry in obs["log"]:
            if entry["t"] in ("buy", "steal") and entry.get("seat") != seat and entry.get("victim") != seat:
                assert "card" not in entry and "resource" not in entry


def play_checked(seed: int, expensive_every: int, variant: str = "base") -> Game:
    rng = random.Random(seed)
    players = {"base": 3 + seed % 2, "base-5-6": 5 + seed % 2}.get(variant, 2)
    board = ("random", "balanced", "beginner")[seed % 3]
    options = {"domestic_trade": seed % 8 == 0 and variant != DOIS, "robber_steal_optional": seed % 5 != 0}
    g = Game.new(variant, players=players, seed=seed, board=board, options=options)
    step = 0
    while not g.is_over:
        assert g.turn < MAX_TURNS, f"seed {seed}: game did not end within {MAX_TURNS} turns"
        if step % 10 == 0:
            check_cheap(g)
        else:
            check_cards(g)
        if step % expensive_every == 0:
            check_expensive(g, rng)
        actions = g.legal_actions()
        assert actions, f"seed {seed}: no legal action in phase {g.phase}"
        g.apply(rng.choice(actions))
        step += 1
    check_cheap(g)
    check_expensive(g, rng, replay_history=True)
    if g.winners or "collapse" not in g.rules.modules:
        assert len(g.winners) == 1 and g.vp(g.winners[0]) >= g.rules.vp_target
    elif g.log[-1]["t"] == "stalemate":  # D-10.1 (designed): 30 rounds without progress, nobody wins
        assert g.module_state("stalemate").turns == g.module("stalemate").cfg["idle_rounds"] * g.players
    else:  # D-5.4: a collapse ends the game with no winner
        assert g.log[-1]["t"] == "collapse" and sum(1 for n in g.s.bank if n == 0) >= 2
    return g


@settings(
    max_examples=GAMES,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_random_games_keep_every_invariant(seed: int) -> None:
    play_checked(seed, expensive_every=400)


@settings(
    max_examples=GAMES_5_6,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_random_5_6_player_games_keep_every_invariant(seed: int) -> None:
    play_checked(seed, expensive_every=600, variant="base-5-6")


@settings(
    max_examples=GAMES_DOIS,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_random_catan_a_dois_core_games_keep_every_invariant(seed: int) -> None:
    play_checked(seed, expensive_every=300, variant=DOIS)


def test_dense_checks_on_a_few_games() -> None:
    """One game of each kind with the expensive checks every few moves (the random games above check
    many more games sparsely; bench/soak.py plays thousands)."""
    play_checked(1, expensive_every=11)
    play_checked(4, expensive_every=13, variant="base-5-6")
    play_checked(6, expensive_every=7, variant=DOIS)


def test_observation_ignores_hidden_information() -> None:
    """B-3.6: reshuffling other players' hands (keeping counts and the bank) and the deck changes nothing
    seat 0 can observe."""
    rng = random.Random(5)
    g = Game.new("base", players=4, seed=11)
    while g.turn < 40 and not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    base_obs = g.observation(0)
    data = json.loads(g.to_json())
    rng.shuffle(data["dev_deck"])
    hands = data["hands"]
    for _ in range(50):
        x, y = rng.sample([1, 2, 3], 2)
        a = rng.choice([r for r, n in hands[x].items() if n] or ["brick"])
        b = rng.choice([r for r, n in hands[y].items() if n] or ["brick"])
        if hands[x].get(a, 0) and hands[y].get(b, 0):
            hands[x][a] -= 1
            hands[y][a] = hands[y].get(a, 0) + 1
            hands[y][b] -= 1
            hands[x][b] = hands[x].get(b, 0) + 1
    other = Game.from_json(json.dumps(data))
    assert other.observation(0) == base_obs
