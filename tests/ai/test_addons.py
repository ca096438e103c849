"""The computer players in the Frenemies (RULES.md Part A, issue 15) and Helpers (Part H, issue 16) add-ons.

Whole seeded games at every level finish; the bots earn favours all three ways (A-3), spend them (A-5,
A-6) and use their helpers (H-3); a gift that helps the leader more than the receiver is refused (A-3.2);
a sampled world keeps the add-ons' public state and the seat's own tokens; and the decisions are fair: a
twin game that differs only in what the seat cannot see (the other seats' cards and favour tokens, the
favour supply's make-up and order, the deck, the dice) gives the same decision at every level.
Rule files: rules/frenemies.yaml and rules/helpers.yaml (docs/rule-modules.md)."""

from __future__ import annotations

import functools
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from quick_bots import game_bot
from test_ai_fairness import _twin_with_other_secrets

from catan_desktop.ai import DIFFICULTIES, create_bot
from catan_desktop.ai.knowledge import CardTracker, sample_world
from catan_desktop.engine import Game
from catan_desktop.engine.modules.frenemies_state import GUILDS

RULES_DIR = Path(__file__).resolve().parents[2] / "rules"
FRENEMIES = str(RULES_DIR / "frenemies.yaml")
HELPERS = str(RULES_DIR / "helpers.yaml")
EARN = ("robber", "gift", "join", "joined")  # A-3 (an exchange, A-5.5, earns nothing)
MAX_TURNS = 400


def _play(path: str, players: int, seed: int, kinds: list[str]) -> tuple[Game, list[str]]:
    game = Game.new(path, players=players, seed=seed)
    bots = [game_bot(kind, seed=seed * 31 + k) for k, kind in enumerate(kinds)]
    while not game.is_over and game.turn < MAX_TURNS:
        seat = game.current_player
        game.apply(bots[seat].choose(game, seat))  # Game.apply raises IllegalAction for an illegal move
    return game, kinds


GAMES = [  # every level of DIFFICULTIES is seated in each add-on (the expert since issue 36)
    (FRENEMIES, 4, 1, ["hard", "normal", "easy", "expert"]),
    (FRENEMIES, 4, 2, ["easy", "hard", "normal", "expert"]),
    (FRENEMIES, 3, 3, ["normal", "easy", "hard"]),
    (str(RULES_DIR / "frenemies-5-6.yaml"), 6, 4, ["hard", "normal", "easy", "expert", "normal", "easy"]),
    (HELPERS, 4, 1, ["hard", "normal", "easy", "expert"]),
    (HELPERS, 4, 2, ["easy", "hard", "normal", "expert"]),
    (HELPERS, 3, 3, ["normal", "easy", "hard"]),
    (str(RULES_DIR / "helpers-5-6.yaml"), 6, 4, ["hard", "normal", "easy", "expert", "normal", "easy"]),
]


@functools.cache
def _played() -> list[tuple[str, Game, list[str]]]:
    """Played once per process (a module fixture is played again when a worker comes back to the module)."""
    return [(path, *_play(path, players, seed, kinds)) for path, players, seed, kinds in GAMES]


@pytest.fixture
def played() -> list[tuple[str, Game, list[str]]]:
    return _played()


def _by_level(played: list[tuple[str, Game, list[str]]], addon: str) -> dict[str, Counter[str]]:
    out: dict[str, Counter[str]] = {level: Counter() for level in DIFFICULTIES}
    for path, game, kinds in played:
        if addon not in Path(path).name:
            continue
        for ev in game.s.log:
            seat = ev.get("seat")
            if not isinstance(seat, int):
                continue
            c = out[kinds[seat]]
            t = ev["t"]
            if t == "favour" and ev["why"] in EARN:
                c["earned"] += 1
                c[f"earned_{ev['why']}"] += 1
            elif t == "favour_used":
                c["used"] += 1
                c[f"guild_{ev['guild']}"] += 1
            elif t == "helper_used":
                c["helpers"] += 1
                c[f"card_{ev['card']}"] += 1
            elif t in ("helper_flipped", "helper_swapped", "gift_refused", "favour_returned"):
                c[t] += 1
    return out


@pytest.mark.xdist_group("addons_played")  # one worker plays the games once for both tests
def test_every_level_finishes_its_add_on_games(played: list[tuple[str, Game, list[str]]]) -> None:
    """Seeded games of every level (3, 4 and 6 players, the 5-6 files with the special building phase)."""
    for path, game, kinds in played:
        assert game.is_over, (Path(path).name, kinds, game.turn)
        assert game.winners


@pytest.mark.xdist_group("addons_played")
def test_the_bots_earn_favours_every_way_and_spend_them(played: list[tuple[str, Game, list[str]]]) -> None:
    """A-3: a harmless robber, a gift and a joining road all earn favours; A-5/A-6: each level spends them,
    on several guilds; a refused gift and an exchange happen too."""
    counts = _by_level(played, "frenemies")
    for level in DIFFICULTIES:
        c = counts[level]
        assert c["earned"] >= 10 and c["used"] >= 5, (level, c)
        assert sum(1 for k in c if k.startswith("guild_")) >= 3, (level, c)
    total = sum(counts.values(), Counter())
    for way in ("robber", "gift", "join", "joined"):
        assert total[f"earned_{way}"] > 0, (way, total)
    assert total["guild_architect"] > 0 and total["favour_returned"] > 0 and total["gift_refused"] > 0


@pytest.mark.xdist_group("addons_played")
def test_the_bots_use_their_helpers_and_flip_or_swap(played: list[tuple[str, Game, list[str]]]) -> None:
    """H-3: each level uses its helpers, many different cards are used, and after a use the bots swap (and
    sometimes flip)."""
    counts = _by_level(played, "helpers")
    for level in DIFFICULTIES:
        assert counts[level]["helpers"] >= 5, (level, counts[level])
    total = sum(counts.values(), Counter())
    assert sum(1 for k in total if k.startswith("card_")) >= 7, total
    assert total["helper_swapped"] > 0


# ------------------------------------------------------------------------------------------- gifts


def _gift_offer(giver_leads: bool, card: str = "wool") -> Game:
    """Seat 0 offers seat 1 a ``card`` (A-3.2). Seat 0 has 3 settlements and leads, or 2 with seat 2 ahead
    (3); seat 1 has 2 and an empty hand."""
    g0 = Game.new(FRENEMIES, players=4, seed=3)

    def ring(hex_id: str) -> list[int]:
        return list(g0.topo.hex_nodes[g0.topo.hex_index[hex_id]])

    extra = (ring("3.3")[0], 0 if giver_leads else 2)
    buildings = [
        (ring("1.1")[0], 0),
        (ring("5.3")[3], 0),
        (ring("1.3")[0], 1),
        (ring("3.1")[3], 1),
        (ring("3.5")[0], 2),
        (ring("5.1")[3], 2),
        (ring("5.1")[0], 3),
        (ring("1.3")[3], 3),
        extra,
    ]
    d = json.loads(g0.to_json())
    d.update(
        phase="gift_answer",
        current=0,
        turn=9,
        dice=[2, 3],
        history=[],
        log=[],
        setup={"queue": [], "index": 0, "last_settlement": -1},
        buildings=[[n, q, "settlement"] for n, q in buildings],
        roads=[],
        hands=[{card: 2}, {}, {"ore": 1}, {"grain": 1}],
    )
    del d["bank"]
    d["modules"]["frenemies"].update(offer_to=1, offer_card=card, resume="main")
    return Game.from_json(json.dumps(d))


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_gift_that_helps_the_leader_more_than_us_is_refused(level: str) -> None:
    """A-3.2: the same card is accepted from a player who is not ahead and refused from the leader, whose
    favour would help them more than the card helps us; the answer comes with a reason."""
    leader = _gift_offer(giver_leads=True)
    level_pegged = _gift_offer(giver_leads=False)
    assert leader.visible_vp(0) > max(leader.visible_vp(q) for q in (1, 2, 3))
    assert level_pegged.visible_vp(2) > level_pegged.visible_vp(0) == level_pegged.visible_vp(1)
    bot = create_bot(level, seed=5)
    assert str(bot.choose(level_pegged, 1)) == "accept_gift"
    assert str(bot.choose(leader, 1)) == "refuse_gift"
    assert bot.last_reason


def test_easy_takes_any_useful_gift() -> None:
    """The easy level weighs only the card."""
    assert str(create_bot("easy", seed=5).choose(_gift_offer(giver_leads=True), 1)) == "accept_gift"


# -------------------------------------------------------------------------------------- sampled worlds


def _positions(path: str, seed: int, every: int, kinds: list[str], max_turn: int) -> Any:
    """Positions of a game between bots, every few decisions (and at every add-on phase), with the seat
    to act."""
    game = Game.new(path, players=len(kinds), seed=seed)
    bots = [game_bot(kind, seed=seed * 7 + k) for k, kind in enumerate(kinds)]
    step = 0
    addon_phases = ("gift_answer", "favour_return", "favour_order", "helper_prompt", "helper_pay",
                    "helper_pick", "helper_after")  # fmt: skip
    while not game.is_over and game.turn < max_turn:
        seat = game.current_player
        if (step % every == 0 or game.phase in addon_phases) and len(game.legal_list()) > 1:
            yield game.clone(), seat
        game.apply(bots[seat].choose(game, seat))
        step += 1


@pytest.mark.parametrize("path", [FRENEMIES, HELPERS])
def test_a_sampled_world_keeps_what_the_seat_knows(path: str) -> None:
    """The sampled world's add-on views for the seat equal the real ones (its own tokens, everything public;
    helpers.section_from_view and frenemies_state.section_from_view), and its legal moves are the real
    ones."""
    checked = Counter()
    for game, seat in _positions(path, 5, 4, ["normal", "hard", "easy", "normal"], 80):
        obs = game.observation(seat)
        tracker = CardTracker()
        tracker.update(obs, game.rules)
        world = sample_world(game.rules, obs, tracker, random.Random(7), game.options)
        assert world.observation(seat)["modules"] == obs["modules"], game.phase
        assert world.legal_actions() == game.legal_actions(), game.phase
        checked[game.phase] += 1
    assert sum(checked.values()) > 50
    wanted = {"gift_answer", "favour_return"} if path == FRENEMIES else {"helper_prompt", "helper_after"}
    assert wanted <= set(checked), checked


# ------------------------------------------------------------------------------------------- fairness


def _twin_with_other_tokens(game: Game, seat: int, rng: random.Random) -> Game:
    """A twin that also deals the other seats' face-down favour tokens and the supply again (A-2.2, A-4.1):
    the same counts, the tokens obtained this turn still counted as new."""
    twin = _twin_with_other_secrets(game, seat, rng)
    st = twin.s.modules.get("frenemies")
    if st is None:
        return twin
    others = [q for q in range(twin.s.players) if q != seat]
    pool = list(st.supply) + [t for q in others for t in st.tokens[q]]
    rng.shuffle(pool)
    for q in others:
        n, fresh = len(st.tokens[q]), len(st.new[q]) if st.new else 0
        hand = [pool.pop() for _ in range(n)]
        if st.new:
            st.new[q] = sorted(hand[:fresh], key=GUILDS.index)
        st.tokens[q] = sorted(hand, key=GUILDS.index)
    st.supply = pool
    return twin


def _alms_target_kept(game: Game, twin: Game, seat: int) -> None:
    """Alms (Part H): the user looks at the target's hand, so that hand is not a secret from it."""
    hs = game.s.modules.get("helpers")
    if hs is not None and hs.user == seat and hs.target >= 0:
        twin.s.hands[hs.target] = list(game.s.hands[hs.target])
        for q in range(twin.s.players):  # keep the card totals (the pool was dealt with the target's)
            if q != seat and q != hs.target:
                twin.s.hands[q] = list(game.s.hands[q])


@pytest.mark.parametrize("level", DIFFICULTIES)
def test_hidden_tokens_and_cards_never_change_a_decision(level: str) -> None:
    """For positions of a Frenemies and a Helpers game, a twin differing only in hidden information (the
    other seats' cards, favour tokens and new-token faces, the favour supply, the deck, the dice) gives the
    same decision; the twins really differ, in the tokens too."""
    rng = random.Random(2025)
    compared = differing = differing_tokens = 0
    phases: set[str] = set()
    for path in (FRENEMIES, HELPERS):
        for game, seat in _positions(path, 11, 7, ["normal", "hard", "easy", "normal"], 60):
            twin = _twin_with_other_tokens(game, seat, rng)
            _alms_target_kept(game, twin, seat)
            assert twin.observation(seat) == game.observation(seat), game.phase
            differing += twin.to_json() != game.to_json()
            if path == FRENEMIES:
                real, other = game.s.modules["frenemies"], twin.s.modules["frenemies"]
                differing_tokens += (real.tokens, real.supply) != (other.tokens, other.supply)
            a = create_bot(level, seed=99, think_time=10.0).choose(game, seat)
            b = create_bot(level, seed=99, think_time=10.0).choose(twin, seat)
            assert a == b, (level, path, game.phase, str(a), str(b))
            compared += 1
            phases.add(game.phase)
    assert compared >= 60
    assert differing >= compared * 0.8 and differing_tokens >= 20
    assert {"gift_answer", "main", "robber", "helper_prompt", "helper_after"} <= phases, phases
