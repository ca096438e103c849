"""The rating ladder's fit and seating (bench/_rating.py, bench/rating_ladder.py) on synthetic games.

The fit must find known ratings again from games drawn by its own model, keep a level that never wins finite
and below the others, and the seating must put every level in every position equally often. No game is
played here; ``python bench/rating_ladder.py`` plays them."""

from __future__ import annotations

import math
import random
import sys
from collections import Counter
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))
try:
    import rating_ladder
    from _rating import bootstrap, no_win_bound, ratings, sides, tally
finally:
    sys.path.remove(str(BENCH))

TRUE = {"easy": 1000.0, "normal": 1300.0, "hard": 1450.0, "random": 600.0}
LEVELS = list(TRUE)


def _games(n: int, seats: int, seed: int) -> list[tuple[list[str], list[int]]]:
    """n games drawn from the model: a random table of ``seats`` levels, the winner with probability
    proportional to 10 ** (rating / 400)."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        table = rng.sample(LEVELS, seats)
        weights = [10 ** (TRUE[level] / 400) for level in table]
        out.append((table, [rng.choices(range(seats), weights=weights)[0]]))
    return out


def test_the_fit_finds_known_ratings_again() -> None:
    games = _games(4000, 4, seed=3)
    fitted = ratings(games, LEVELS, "easy", 1000.0)
    assert fitted["easy"] == 1000.0
    for level in ("normal", "hard", "random"):
        assert abs(fitted[level] - TRUE[level]) < 40, (level, fitted)


def test_two_player_games_are_bradley_terry() -> None:
    """75 wins in 100 is odds of 3: 400 * log10(3) = 191 points, less a little for the prior."""
    games = [(["normal", "easy"], [0])] * 75 + [(["easy", "normal"], [0])] * 25
    fitted = ratings(games, ["easy", "normal"], "easy", 1000.0)
    assert 180 < fitted["normal"] - 1000.0 < 400 * math.log10(3) + 0.5


def test_a_level_that_never_wins_stays_finite_and_last() -> None:
    games = [g for g in _games(1000, 4, seed=5) if g[0][g[1][0]] != "random"]
    fitted = ratings(games, LEVELS, "easy", 1000.0)
    assert math.isfinite(fitted["random"]) and fitted["random"] < fitted["easy"]


def test_a_level_that_never_wins_gets_a_one_sided_bound() -> None:
    """Losing all 60 two-player games is 5 % likely when (g_a / (g_a + g_b)) ** 60 = 0.05."""
    games = [(["a", "b"], [0])] * 30 + [(["b", "a"], [1])] * 30
    bound = no_win_bound(games, ["a", "b"], "b", "a", 1000.0)
    assert bound is not None and abs(bound - (1000 + 400 * math.log10(0.05 ** (-1 / 60) - 1))) < 1e-6
    assert no_win_bound(games, ["a", "b", "c"], "c", "a", 1000.0) is None  # never seated


def test_which_ratings_are_finite_next_to_the_anchor() -> None:
    """Easy beat random and lost to normal every time: next to normal, easy and random are minus infinity
    (next to random, plus infinity); once easy also beats normal, only random is."""
    games = [(["easy", "random"], [0])] * 5 + [(["normal", "easy"], [0])] * 5
    levels = ["normal", "easy", "random", "hard"]
    assert sides(tally(games, levels), 4, 0) == [0, -1, -1, None]
    assert sides(tally(games, levels), 4, 2) == [1, 1, 0, None]
    assert sides(tally([*games, (["easy", "normal"], [0])], levels), 4, 0) == [0, 0, -1, None]


def test_the_bootstrap_interval_holds_the_estimate_and_is_seeded() -> None:
    games = _games(600, 4, seed=7)
    fitted = ratings(games, LEVELS, "easy", 1000.0)
    ci = bootstrap([games], LEVELS, "easy", 1000.0, replicates=60, seed=2)
    assert ci == bootstrap([games], LEVELS, "easy", 1000.0, replicates=60, seed=2)
    assert ci["easy"] == (1000.0, 1000.0)
    for level in ("normal", "hard"):
        lo, hi = ci[level]
        assert lo < fitted[level] < hi and hi - lo < 250, (level, ci)


def test_every_level_sits_in_every_position_equally_often() -> None:
    for levels in (LEVELS, [*LEVELS, "expert"]):
        for seats in (2, 4, 5, 6):
            block = seats * len(rating_ladder.tables(levels, seats))
            counts = Counter(
                (position, level)
                for i in range(block)
                for position, level in enumerate(rating_ladder.lineup(levels, seats, i))
            )
            assert len(counts) == seats * len(levels) and len(set(counts.values())) == 1, (levels, seats)
