"""Seeded bootstrap resampling by counts.

Drawing n runs with replacement and counting how many fall on each distinct pattern (a run's tuple
of steps) gives Multinomial(n, pattern shares): the same distribution, drawn in time independent
of n. The multinomial is drawn as a chain of binomials; the binomial sampler is exact (inversion
by sequential search for small means, Hörmann's BTRS transformed rejection for the rest).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

# Below this mean the inversion loop is cheaper than setting up the rejection sampler.
_SMALL_MEAN = 10.0


class Resampler:
    """A seeded source of bootstrap resamples; the same seed gives the same draws."""

    def __init__(self, seed: int | str):
        self._random = random.Random(seed)

    def binomial(self, n: int, p: float) -> int:
        """Binomial(n, p), exact."""
        if n <= 0 or p <= 0.0:
            return 0
        if p >= 1.0:
            return n
        if p > 0.5:
            return n - self.binomial(n, 1.0 - p)
        if n * p < _SMALL_MEAN:
            return self._by_inversion(n, p)
        return self._btrs(n, p)

    def _by_inversion(self, n: int, p: float) -> int:
        # Sequential search of the distribution function from 0: about mean + 1 steps, each a few
        # multiplications. q^n cannot underflow here because n·p < _SMALL_MEAN.
        u = self._random.random()
        odds = p / (1.0 - p)
        probability = (1.0 - p) ** n
        cumulative = probability
        k = 0
        while u > cumulative and k < n:
            probability *= odds * (n - k) / (k + 1)
            k += 1
            cumulative += probability
        return k

    def _btrs(self, n: int, p: float) -> int:
        # W. Hörmann, "The generation of binomial random variates" (1993), algorithm BTRS, with the
        # acceptance test on log(v) as corrected in later implementations.
        random_ = self._random.random
        spq = math.sqrt(n * p * (1.0 - p))
        b = 1.15 + 2.53 * spq
        a = -0.0873 + 0.0248 * b + 0.01 * p
        c = n * p + 0.5
        v_r = 0.92 - 4.2 / b
        setup: tuple[float, float, int, float] | None = None  # only the rare full test needs it
        while True:
            u = random_() - 0.5
            v = random_()
            us = 0.5 - abs(u)
            k = math.floor((2.0 * a / us + b) * u + c)
            if k < 0 or k > n:
                continue
            if us >= 0.07 and v <= v_r:
                return k
            if setup is None:
                mode = math.floor((n + 1) * p)
                setup = (
                    (2.83 + 5.1 / b) * spq,
                    math.log(p / (1.0 - p)),
                    mode,
                    math.lgamma(mode + 1) + math.lgamma(n - mode + 1),
                )
            alpha, log_odds, mode, h = setup
            v = v * alpha / (a / (us * us) + b)
            bound = h - math.lgamma(k + 1) - math.lgamma(n - k + 1) + (k - mode) * log_odds
            if v > 0.0 and math.log(v) <= bound:
                return k

    def multinomial(self, weights: Sequence[int]) -> list[int]:
        """A bootstrap resample of items that fall on patterns with the given counts: how many of
        sum(weights) draws with replacement land on each pattern."""
        remaining = total = sum(weights)
        left = total
        drawn = []
        for weight in weights:
            if remaining == 0 or weight == 0:
                drawn.append(0)
            elif weight >= left:
                drawn.append(remaining)
                remaining = 0
            else:
                count = self.binomial(remaining, weight / left)
                drawn.append(count)
                remaining -= count
            left -= weight
        return drawn


def percentile_interval(values: Sequence[float], level: float = 0.95) -> tuple[float, float] | None:
    """The central `level` interval of bootstrap replicates, by linear interpolation between order
    statistics (the usual "type 7" quantile); None without replicates."""
    if not values:
        return None
    ordered = sorted(values)
    tail = (1.0 - level) / 2.0
    return _quantile(ordered, tail), _quantile(ordered, 1.0 - tail)


def _quantile(ordered: Sequence[float], share: float) -> float:
    position = share * (len(ordered) - 1)
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    fraction = position - below
    return ordered[below] + (ordered[above] - ordered[below]) * fraction
