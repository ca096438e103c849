"""Statistics shared by the benchmark scripts."""

from __future__ import annotations

import math

Z95 = 1.959963984540054  # two-sided 95 % normal quantile


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (as fractions); (0, 1) when n is 0."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def p95(xs: list[float]) -> float:
    """The 95th percentile of ``xs`` (the value 95 % of the way through them, sorted); 0 when empty."""
    if not xs:
        return 0.0
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(0.95 * len(xs)))]
