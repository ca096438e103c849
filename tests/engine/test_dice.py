"""Dice kinds (issue 19): the rule option ``dice`` (``ordinary`` | ``balanced``) and ``dice_deck_discard``.

Balanced dice are the rule module ``balanced_dice``: the 36 outcomes of two dice as a deck shuffled with the
game's RNG, each roll the top card, and the last ``dice_deck_discard`` cards of each deck thrown away unseen
before a new deck (rules/README.md, "Balanced dice, exactly"). Ordinary dice draw from the RNG exactly as
before the option existed (the golden games in test_golden.py replay unchanged).
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any

import pytest

from catan_desktop.engine import Game, RulesetError, SnapshotError
from catan_desktop.engine.dice import ORDINARY_ODDS, OUTCOMES, TOTALS, odds_of
from catan_desktop.engine.modules.balanced_dice import DEFAULT_DISCARD, BalancedDice
from catan_desktop.variants import RuleFileError, load_variant

WAYS = {t: sum(1 for a, b in OUTCOMES if a + b == t) for t in TOTALS}  # 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1


def _balanced(seed: int = 1, discard: int | None = None, variant: str = "base", players: int = 4) -> Game:
    options: dict[str, Any] = {"dice": "balanced"}
    if discard is not None:
        options["dice_deck_discard"] = discard
    return Game.new(variant, players=players, seed=seed, options=options)


def _module(g: Game) -> BalancedDice:
    m = g.module("balanced_dice")
    assert isinstance(m, BalancedDice)
    return m


def _draw(g: Game, n: int) -> list[tuple[int, int]]:
    """``n`` rolls straight from the module (as ``roll`` would draw them, without playing the turns)."""
    m = _module(g)
    return [m.roll_dice(g) for _ in range(n)]


def _play(g: Game, actions: int, seed: int = 0) -> random.Random:
    rng = random.Random(seed)
    for _ in range(actions):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    return rng


def _rolls(g: Game) -> list[tuple[int, int]]:
    return [(e["dice"][0], e["dice"][1]) for e in g.log if e["t"] == "roll"]


# ------------------------------------------------------------------------------------------ the deck


@pytest.mark.parametrize("k", [1, 3, 10])
def test_without_discard_36k_rolls_give_each_total_exactly_its_ways_times_k(k: int) -> None:
    """dice_deck_discard 0: every 36 rolls are the 36 outcomes once each, so over 36·k rolls the totals
    2..12 come up exactly 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1 times k."""
    g = _balanced(seed=k, discard=0)
    draws = _draw(g, 36 * k)
    totals = Counter(a + b for a, b in draws)
    assert {t: totals[t] for t in TOTALS} == {t: WAYS[t] * k for t in TOTALS}
    for deck in range(k):
        assert sorted(draws[36 * deck: 36 * deck + 36]) == sorted(OUTCOMES)


def test_without_discard_a_played_game_rolls_whole_decks() -> None:
    """Through real play (``roll`` actions): the first 36·k rolls of a game hold each outcome k times."""
    g = _balanced(seed=5, discard=0)
    _play(g, 4000, seed=5)
    rolls = _rolls(g)
    k = len(rolls) // 36
    assert k >= 2
    counts = Counter(rolls[: 36 * k])
    assert all(counts[o] == k for o in OUTCOMES)
    assert sum(1 for e in g.log if e["t"] == "dice_deck") == -(-len(rolls) // 36)


@pytest.mark.parametrize("discard", [1, DEFAULT_DISCARD, 12])
def test_with_discard_each_deck_gives_the_36_outcomes_minus_the_discarded(discard: int) -> None:
    """Each deck gives 36 - discard rolls; those rolls plus the cards left unseen are the 36 outcomes; the
    next roll starts a new deck (event ``dice_deck`` with the number discarded)."""
    g = _balanced(seed=3, discard=discard)
    per_deck = 36 - discard
    for deck in range(4):
        drawn = _draw(g, per_deck)
        unseen = list(g.module_state("balanced_dice").cards)
        assert len(unseen) == discard
        assert sorted(drawn + unseen) == sorted(OUTCOMES), f"deck {deck}"
        shuffles = [e for e in g.log if e["t"] == "dice_deck"]
        assert len(shuffles) == deck + 1
        assert shuffles[-1]["discarded"] == (discard if deck else 0)
    _draw(g, 1)
    assert len(g.module_state("balanced_dice").cards) == 35


def test_default_discard_is_five() -> None:
    g = _balanced()
    assert _module(g).discard == DEFAULT_DISCARD == 5
    _draw(g, 31)
    assert len(g.module_state("balanced_dice").cards) == 5


def test_the_order_depends_on_the_seed() -> None:
    """Same seed, same rolls; another seed, another order (the game's own RNG, never the random module)."""
    a, b, c = _draw(_balanced(seed=1), 72), _draw(_balanced(seed=1), 72), _draw(_balanced(seed=2), 72)
    assert a == b
    assert a != c
    random.seed(12345)  # the module-level generator has no say
    assert _draw(_balanced(seed=1), 72) == a


def test_the_board_and_deck_do_not_depend_on_the_dice_kind() -> None:
    """The first dice deck is shuffled at the first roll: a seed lays the same board with either dice."""
    plain, balanced = Game.new("base", seed=9), _balanced(seed=9)
    for key in ("board", "dev_deck", "start_player", "setup", "rng"):
        assert json.loads(plain.to_json())[key] == json.loads(balanced.to_json())[key]


def test_next_dice_comes_first_and_draws_no_card() -> None:
    """A hand-written position's ``next_dice`` decides that roll; the deck is not touched."""
    g = _balanced(seed=4)
    _play(g, 300, seed=4)
    while g.phase != "roll":
        g.apply(g.legal_actions()[0] if g.phase != "main" else "end")
    before = list(g.module_state("balanced_dice").cards)
    g.s.next_dice = (2, 5)
    g.apply("roll")
    assert g.s.dice == (2, 5)
    assert g.module_state("balanced_dice").cards == before


def test_the_market_still_reads_two_dice_in_catan_a_dois() -> None:
    """Catan a Dois with balanced dice plays (the market reads the difference of the two faces)."""
    g = _balanced(seed=2, variant="catan-a-dois", players=2)
    _play(g, 1500, seed=2)
    assert _rolls(g)
    assert all(1 <= a <= 6 and 1 <= b <= 6 for a, b in _rolls(g))


# ---------------------------------------------------------------------------- saving, loading, replaying


def _mid_deck_game() -> Game:
    g = _balanced(seed=11)
    _play(g, 700, seed=11)
    assert 0 < len(g.module_state("balanced_dice").cards) < 31, "the test wants a game in mid-deck"
    return g


def test_snapshot_round_trip_mid_deck_keeps_the_order_and_the_future() -> None:
    g = _mid_deck_game()
    data = json.loads(g.to_json())
    deck = data["modules"]["balanced_dice"]["deck"]
    assert [tuple(c) for c in deck] == g.module_state("balanced_dice").cards
    assert data["rules"]["options"]["dice"] == "balanced"
    copy = Game.from_json(g.to_json())
    assert copy.to_json() == g.to_json()
    rng_a, rng_b = random.Random(3), random.Random(3)
    for _ in range(500):  # both go on the same way: the same deck, the same reshuffles
        if g.is_over:
            break
        g.apply(rng_a.choice(g.legal_actions()))
        copy.apply(rng_b.choice(copy.legal_actions()))
    assert copy.to_json() == g.to_json()


def test_replay_from_history_reaches_the_same_state() -> None:
    g = _mid_deck_game()
    again = _balanced(seed=11)
    for text in g.history:
        again.apply(text)
    assert again.to_json() == g.to_json()


def test_a_snapshot_without_the_section_starts_a_new_deck() -> None:
    g = _mid_deck_game()
    data = json.loads(g.to_json())
    del data["modules"]["balanced_dice"]
    loaded = Game.from_data(data)
    assert loaded.module_state("balanced_dice").cards == []
    assert loaded.dice_odds() == ORDINARY_ODDS


def test_an_old_snapshot_without_the_option_plays_ordinary_dice() -> None:
    """A save from before the option (its rules have no ``dice``) loads and rolls ordinary dice."""
    g = Game.new("base", seed=6)
    _play(g, 200, seed=6)
    data = json.loads(g.to_json())
    assert "dice" not in data["rules"]["options"] and "balanced_dice" not in data["modules"]
    loaded = Game.from_data(data)
    assert loaded.module("balanced_dice") is None
    assert loaded.to_json() == g.to_json()


@pytest.mark.parametrize(
    ("deck", "words"),
    [
        ([[3, 7]], "deck[0] must be two dice faces 1-6"),
        ([[3, 4], [3, 4]], "holds an outcome twice"),
        ([3, 4], "deck[0] must be two dice faces 1-6"),
        ("3,4", "must be a mapping with a list 'deck'"),
    ],
)
def test_a_bad_deck_in_a_snapshot_is_refused(deck: Any, words: str) -> None:
    data = json.loads(_balanced(seed=1).to_json())
    data["modules"]["balanced_dice"] = {"deck": deck}
    with pytest.raises(SnapshotError, match=re.escape(words)):
        Game.from_data(data)


# ----------------------------------------------------------------------------------------- ordinary dice


def test_ordinary_dice_are_unchanged_by_the_option() -> None:
    """``dice: ordinary`` (or no option at all) draws exactly the same numbers: same play, same log."""
    plain = Game.new("base", seed=8)
    ordinary = Game.new("base", seed=8, options={"dice": "ordinary"})
    assert ordinary.module("balanced_dice") is None and not ordinary.plugins.roll_dice
    _play(plain, 800, seed=8)
    _play(ordinary, 800, seed=8)
    assert plain.history == ordinary.history
    assert plain.log == ordinary.log
    assert json.loads(plain.to_json())["rng"] == json.loads(ordinary.to_json())["rng"]


def test_ordinary_dice_draw_two_numbers_from_the_game_rng() -> None:
    g = Game.new("base", seed=21)
    _play(g, 100, seed=21)
    while g.phase != "roll":
        g.apply(g.legal_actions()[0] if g.phase != "main" else "end")
    rng = random.Random()
    rng.setstate(g.rng.getstate())
    expected = (int(rng.random() * 6) + 1, int(rng.random() * 6) + 1)
    g.apply("roll")
    assert g.s.dice == expected


# ------------------------------------------------------------------------------------------------- odds


def test_ordinary_odds() -> None:
    g = Game.new("base", seed=1)
    odds = g.dice_odds()
    assert list(odds) == list(TOTALS)
    assert odds == {t: WAYS[t] / 36 for t in TOTALS}
    assert sum(odds.values()) == pytest.approx(1.0)
    assert g.seat_view(0).dice_odds == odds


def test_balanced_odds_follow_the_deck_and_the_reshuffle() -> None:
    """The odds are the cards left in the deck; when the next roll starts a new deck, a full deck's."""
    g = _balanced(seed=7)
    m = _module(g)
    assert g.dice_odds() == ORDINARY_ODDS  # no deck yet: the first roll shuffles 36 cards
    for drawn in range(1, 62):
        _draw(g, 1)
        cards = g.module_state("balanced_dice").cards
        odds = g.dice_odds()
        assert sum(odds.values()) == pytest.approx(1.0)
        if len(cards) <= m.discard:
            assert odds == ORDINARY_ODDS, f"after {drawn} draws the next roll reshuffles"
        else:
            left = Counter(a + b for a, b in cards)
            assert odds == {t: left[t] / len(cards) for t in TOTALS}
        assert g.seat_view(drawn % 4).dice_odds == odds
        view = g.seat_view(0).modules["balanced_dice"]
        assert view["cards"] == len(cards) and sum(view["left"]) == len(cards)
        assert view["left"][2:] == [Counter(a + b for a, b in cards)[t] for t in TOTALS]


def test_odds_ignore_a_hidden_next_dice() -> None:
    """The odds are public: a hand-written ``next_dice`` (never in an observation) does not show in them."""
    g = _balanced(seed=7)
    g.s.next_dice = (6, 6)
    assert g.dice_odds() == ORDINARY_ODDS


def test_odds_of_needs_cards() -> None:
    assert odds_of([(1, 1)]) == {t: float(t == 2) for t in TOTALS}
    with pytest.raises(ValueError):
        odds_of([])


# ------------------------------------------------------------------------------------------- validation


def test_an_unknown_dice_kind_is_refused_with_a_hint() -> None:
    with pytest.raises(RuleFileError) as caught:
        Game.new("base", options={"dice": "balancd"})
    assert caught.value.problems == [
        "<options>: options.dice: unknown dice kind 'balancd' (did you mean 'balanced'?)"
    ]


def test_a_rule_mapping_with_a_bad_dice_value_lists_every_problem() -> None:
    data = load_variant("base")
    data["options"] = {**data["options"], "dice": 6, "dice_deck_discard": -1}
    with pytest.raises(RulesetError) as caught:
        Game.new(data)
    problems = caught.value.problems
    assert "options.dice: must be one of ordinary, balanced, not the number 6" in problems
    assert any(p.startswith("options.dice_deck_discard: must be at least 0") for p in problems)


def test_a_misspelt_option_name_suggests_dice() -> None:
    with pytest.raises(RuleFileError, match=r"unknown option 'dices' \(did you mean 'dice'\?\)"):
        Game.new("base", options={"dices": "balanced"})


@pytest.mark.parametrize("variant,players", [("base", 4), ("base-5-6", 5), ("catan-a-dois", 2)])
def test_every_shipped_variant_takes_the_option(variant: str, players: int) -> None:
    g = Game.new(variant, players=players, seed=1, options={"dice": "balanced", "dice_deck_discard": 3})
    assert _module(g).discard == 3
    assert Game.new(variant, players=players, seed=1).module("balanced_dice") is None


def test_a_rule_file_may_set_balanced_dice(tmp_path: Any) -> None:
    path = tmp_path / "fair.yaml"
    path.write_text(
        "format: 1\nextends: base\nname: fair\ntitle: Fair dice\noptions:\n  dice: balanced\n"
        "  dice_deck_discard: 0\n",
        encoding="utf-8",
    )
    g = Game.new(str(path), seed=1)
    assert _module(g).discard == 0
    assert Game.new(str(path), seed=1, options={"dice": "ordinary"}).module("balanced_dice") is None
