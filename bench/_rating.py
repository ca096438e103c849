"""Ratings of players from multiplayer games in which only the winner is known (used by rating_ladder.py).

The model is Luce's choice model, the first stage of Plackett-Luce: each level k has a strength
``g[k] > 0``, and a game's winner is seat s with probability ``g[level(s)] / sum of g over the seats``. In a
two-player game this is the Bradley-Terry (Elo) model. The strengths are fitted by maximum likelihood
(Newton's method on the log-strengths; the model is Hunter 2004's "MM algorithms for generalized
Bradley-Terry models", section 5, with the winner as the only observed place). A faint prior keeps the fit
finite when a level never wins: every level has a hundredth of a virtual two-player game won and as much
lost against a fixed reference of strength 1. Such a level's maximum-likelihood rating is minus infinity;
``no_win_bound`` gives the one-sided 95 % upper bound to report instead.

Ratings are on the Elo scale, ``400 * log10(g)``, shifted so that the anchor level has the anchor rating: a
level 400 points above another is ten times as likely as it to win a game, whoever else sits at the table.
Intervals come from the bootstrap over games: the games are drawn again with replacement (within each
stratum, e.g. a variant), the ratings fitted again, and the 2.5th and 97.5th percentiles kept; a level
left without a finite rating (``sides``: it won none of the drawn games, say) in more than 2.5 % of the
draws gets no lower end (minus infinity).

A game is ``(seats, winners)``: the level of each seat in play order, and the winning seat indices (empty
when nobody won: the game stopped at the turn cap, or it ended with no winner, as a Catan a Dois collapse).
Such a game changes no rating, though it counts in the bootstrap's draws. Standard library only.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from _stats import solve  # bench/ is on sys.path (the scripts' own folder, or the tests')

Game = tuple[Sequence[str], Sequence[int]]  # (level of each seat, winning seats)
# virtual wins and virtual losses per level against the reference (strength 1): enough to keep the fit finite
# when a level never wins, too little to move a level that wins a game or two (with 1.0, a level that never
# won was pulled up to the reference, and the wins of the levels that beat it counted as if it were strong)
PRIOR_GAMES = 0.01
ELO = 400.0 / math.log(10.0)  # rating points per unit of log-strength


def tally(games: Iterable[Game], levels: Sequence[str]) -> dict[tuple[int, ...], list[float]]:
    """Group games by table: seat counts per level -> [games, wins of each level...] (a shared win is split).

    Raises ValueError for a seat whose level is not in ``levels``."""
    index = {level: i for i, level in enumerate(levels)}
    out: dict[tuple[int, ...], list[float]] = {}
    for seats, winners in games:
        counts = [0] * len(levels)
        for level in seats:
            if level not in index:
                raise ValueError(f"seat level {level!r} is not one of {', '.join(levels)}")
            counts[index[level]] += 1
        row = out.setdefault(tuple(counts), [0.0] * (len(levels) + 1))
        row[0] += 1
        for seat in winners:
            row[1 + index[seats[seat]]] += 1 / len(winners)
    return out


def _log_likelihood(rows: list[tuple[tuple[int, ...], list[float], float]], theta: Sequence[float],
                    prior: float) -> float:
    ll = sum(prior * t - 2 * prior * math.log1p(math.exp(t)) for t in theta)
    for counts, wins, decided in rows:
        z = sum(c * math.exp(t) for c, t in zip(counts, theta, strict=True))
        ll += sum(w * t for w, t in zip(wins, theta, strict=True)) - decided * math.log(z)
    return ll


def fit_strengths(tables: Mapping[tuple[int, ...], Sequence[float]], n_levels: int,
                  prior: float = PRIOR_GAMES, tol: float = 1e-10, max_iter: int = 100) -> list[float]:
    """The maximum-likelihood strengths (with the prior) from ``tally``'s tables.

    Newton's method on the log-strengths, each step halved until the likelihood rises; the prior makes the
    likelihood strictly concave, so the maximum is unique and the steps reach it in a few iterations."""
    # only games with a winner say anything under the model; a game nobody won drops out here
    rows = [(counts, list(row[1:]), sum(row[1:])) for counts, row in tables.items() if sum(row[1:]) > 0]
    theta = [0.0] * n_levels
    ll = _log_likelihood(rows, theta, prior)
    for _ in range(max_iter):
        grad = [0.0] * n_levels
        hess = [[0.0] * n_levels for _ in range(n_levels)]
        for k, t in enumerate(theta):
            s = 1.0 / (1.0 + math.exp(-t))
            grad[k] = prior - 2 * prior * s
            hess[k][k] = -2 * prior * s * (1 - s)
        for counts, wins, decided in rows:
            e = [c * math.exp(t) for c, t in zip(counts, theta, strict=True)]
            z = sum(e)
            p = [x / z for x in e]
            for k in range(n_levels):
                grad[k] += wins[k] - decided * p[k]
                if p[k]:
                    hess[k][k] -= decided * p[k]
                    for j in range(n_levels):
                        hess[k][j] += decided * p[k] * p[j]
        step = solve(hess, [-x for x in grad])
        scale = 1.0
        while True:
            trial = [t + scale * d for t, d in zip(theta, step, strict=True)]
            trial_ll = _log_likelihood(rows, trial, prior)
            if trial_ll >= ll or scale < 1e-6:
                break
            scale /= 2
        theta, ll = trial, trial_ll
        if max(abs(scale * d) for d in step) < tol:
            break
    return [math.exp(t) for t in theta]


def ratings(games: Sequence[Game], levels: Sequence[str], anchor: str, anchor_rating: float,
            prior: float = PRIOR_GAMES) -> dict[str, float]:
    """Each level's rating, the anchor level at ``anchor_rating``. Raises ValueError for an unknown anchor."""
    if anchor not in levels:
        raise ValueError(f"anchor {anchor!r} is not one of {', '.join(levels)}")
    g = fit_strengths(tally(games, levels), len(levels), prior)
    base = ELO * math.log(g[levels.index(anchor)])
    return {level: anchor_rating + ELO * math.log(x) - base for level, x in zip(levels, g, strict=True)}


def no_win_bound(games: Sequence[Game], levels: Sequence[str], level: str, anchor: str, anchor_rating: float,
                 prior: float = PRIOR_GAMES, q: float = 0.05) -> float | None:
    """For a level that won none of its games (its maximum-likelihood rating is minus infinity, its fitted
    rating only the prior's): the rating at which winning none of them has probability ``q``, the others held
    at their fitted strengths. A one-sided 95 % upper bound for q = 0.05; None if it sat in no decided game.
    """
    tables = tally(games, levels)
    g = fit_strengths(tables, len(levels), prior)
    k = levels.index(level)
    # each decided game with the level seated: P(it does not win) = rest / (rest + c * x), x its strength
    rows = []
    for counts, row in tables.items():
        decided = sum(row[1:])
        if counts[k] and decided:
            rest = sum(c * x for j, (c, x) in enumerate(zip(counts, g, strict=True)) if j != k)
            rows.append((decided, counts[k], rest))
    if not rows:
        return None

    def log_p_none(log_x: float) -> float:
        x = math.exp(log_x)
        return sum(-d * math.log1p(c * x / rest) for d, c, rest in rows)

    lo, hi = -50.0, 50.0  # log-strengths: log_p_none falls from about 0 to far below log(q) between them
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if log_p_none(mid) > math.log(q) else (lo, mid)
    return anchor_rating + ELO * (lo - math.log(g[levels.index(anchor)]))


def sides(tables: Mapping[tuple[int, ...], Sequence[float]], n_levels: int, anchor: int) -> list[int | None]:
    """Where each level's maximum-likelihood rating lies next to the anchor's: 0 finite, -1 minus infinity,
    +1 plus infinity, None undefined. Level i beat level j if i won a game j sat in; a rating is finite when
    the anchor beat the level and the level beat the anchor, each perhaps through others (the two are in one
    strongly connected part of that graph, Hunter 2004's condition), and minus infinity when only the first
    holds (a level that never won; one that only beat such a level). Levels are indices, tables from
    ``tally``."""
    beat = [[i == j for j in range(n_levels)] for i in range(n_levels)]
    for counts, row in tables.items():
        for i in range(n_levels):
            if row[1 + i]:
                for j, c in enumerate(counts):
                    if c and j != i:
                        beat[i][j] = True
    for m in range(n_levels):  # transitive closure (Warshall)
        for i in range(n_levels):
            if beat[i][m]:
                for j in range(n_levels):
                    beat[i][j] = beat[i][j] or beat[m][j]
    table = {(True, True): 0, (True, False): -1, (False, True): 1, (False, False): None}
    return [table[beat[anchor][k], beat[k][anchor]] for k in range(n_levels)]


def _percentile(xs: Sequence[float], q: float) -> float:
    """The q-quantile of sorted ``xs`` by linear interpolation (next to an infinity, the infinity)."""
    pos = q * (len(xs) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(xs) - 1)
    if math.isinf(xs[lo]) or math.isinf(xs[hi]):
        return xs[lo] if xs[lo] == -math.inf else xs[hi]
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


def bootstrap_gaps(strata: Sequence[Sequence[Game]], levels: Sequence[str], pairs: Sequence[tuple[str, str]],
                   replicates: int = 1000, seed: int = 1, prior: float = PRIOR_GAMES,
                   ) -> dict[tuple[str, str], tuple[float, float]]:
    """95 % percentile intervals of ``rating(a) - rating(b)`` for each pair (a, b): each replicate redraws
    every stratum's games with replacement (as many as it has) and fits again; seeded, so the same games give
    the same intervals. An end is infinite when more than 2.5 % of the replicates leave a without a finite
    rating next to b's (``sides``)."""
    rng = random.Random(seed)
    index = {level: i for i, level in enumerate(levels)}
    # each game reduced once to (table key, winning level indices) so a replicate only counts
    keyed = []
    for stratum in strata:
        rows = []
        for seats, winners in stratum:
            counts = Counter(index[level] for level in seats)
            key = tuple(counts.get(k, 0) for k in range(len(levels)))
            rows.append((key, tuple(index[seats[s]] for s in winners)))
        keyed.append(rows)
    draws: dict[tuple[str, str], list[float]] = {pair: [] for pair in pairs}
    for _ in range(replicates):
        tables: dict[tuple[int, ...], list[float]] = {}
        for rows in keyed:
            for key, won in rng.choices(rows, k=len(rows)) if rows else ():
                row = tables.setdefault(key, [0.0] * (len(levels) + 1))
                row[0] += 1
                for k in won:
                    row[1 + k] += 1 / len(won)
        g = fit_strengths(tables, len(levels), prior)
        # a level with no finite rating next to the other's in the drawn games (``sides``) has only the
        # prior's there: its draw is minus or plus infinity (none when undefined)
        side = {b: sides(tables, len(levels), index[b]) for b in {b for _, b in pairs}}
        for a, b in pairs:
            k = index[a]
            if side[b][k] == 0:
                draws[a, b].append(ELO * (math.log(g[k]) - math.log(g[index[b]])))
            elif side[b][k] is not None:
                draws[a, b].append(side[b][k] * math.inf)
    out = {}
    for pair, xs in draws.items():
        xs.sort()
        out[pair] = (_percentile(xs, 0.025), _percentile(xs, 0.975)) if xs else (-math.inf, math.inf)
    return out


def bootstrap(strata: Sequence[Sequence[Game]], levels: Sequence[str], anchor: str, anchor_rating: float,
              replicates: int = 1000, seed: int = 1, prior: float = PRIOR_GAMES,
              ) -> dict[str, tuple[float, float]]:
    """95 % percentile intervals of the ratings, the anchor at ``anchor_rating`` (``bootstrap_gaps``)."""
    gaps = bootstrap_gaps(strata, levels, [(level, anchor) for level in levels], replicates, seed, prior)
    return {a: (anchor_rating + lo, anchor_rating + hi) for (a, _), (lo, hi) in gaps.items()}
