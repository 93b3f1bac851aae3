"""Seeded bootstrap resampling by counts.

Drawing n runs with replacement and counting how many fall on each distinct pattern (a run's tuple
of steps) gives Multinomial(n, pattern shares): the same distribution, drawn in time independent
of n. The multinomial is drawn as a chain of binomials; the binomial sampler is exact (inversion
by sequential search for small means, Hörmann's BTRS transformed rejection for the rest).

Within a chain each binomial has a fixed p and only n (the runs not yet placed) varies, and the
same n recurs across resamples, so the chain keeps what depends on p alone, each n's distribution
function as far as the inversion search has needed it, and a table of log-factorials. Every draw
is the same float computation on the same random numbers as without these caches: the draws do
not change, only their cost.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_left
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from .batch import Packing

StreamState = tuple[Any, ...]  # random.Random.getstate()

# Below this mean the inversion loop is cheaper than setting up the rejection sampler.
_SMALL_MEAN = 10.0


class _Indexed(Protocol):
    def __getitem__(self, k: int, /) -> float: ...


class _LogFactorial:
    """log(k!) on demand, indexed like the table a _Chain keeps."""

    def __getitem__(self, k: int) -> float:
        return math.lgamma(k + 1)


# A binomial with p ∈ (0, 1) prepared for any n: (p, 1 − p, p/(1 − p), 0.01·p, log(p/(1 − p)),
# drawn as the complement, {n: what depends on n}); p above 1/2 is drawn as n − Binomial(n, 1 − p).
_Prepared = tuple[float, float, float, float, float, bool, dict[int, Any]]
# In a chain, None is a pattern nobody showed and True the last one, which takes every run left.
_Step = _Prepared | bool | None


def _prepare(p: float) -> _Prepared:
    flip = p > 0.5
    if flip:
        p = 1.0 - p
    q = 1.0 - p
    return (p, q, p / q, 0.01 * p, math.log(p / q), flip, {})


def _draw_chain(
    random_: Callable[[], float], steps: Sequence[_Step], total: int, log_factorial: _Indexed
) -> list[int]:
    """One draw of a chain of binomials: each step draws from the `remaining` items not yet placed.

    A step caches per n what depends on n alone: for the inversion search (mean below
    _SMALL_MEAN) the distribution function from 0 as far as any u has needed it (a list), for
    BTRS its constants, those of the full acceptance test included, which about half the draws
    reach when the mean is small (a tuple). The loop is written out in one function because it runs for
    every pattern of every resample; each draw is the float computation of the plain algorithms."""
    floor, sqrt, log = math.floor, math.sqrt, math.log
    remaining = total
    drawn: list[int] = []
    append = drawn.append
    for step in steps:
        if remaining == 0 or step is None:
            append(0)
            continue
        if step is True:
            append(remaining)
            remaining = 0
            continue
        p, q, odds, hundredth, log_odds, flip, per_n = step  # type: ignore[misc]
        n = remaining
        setup: Any = per_n.get(n)  # a list (inversion) or a tuple (BTRS), as described above
        if setup is None:
            if n * p < _SMALL_MEAN:  # q^n cannot underflow here
                probability = q**n
                setup = per_n[n] = [[probability], probability]
            else:
                spq = sqrt(n * p * q)
                b = 1.15 + 2.53 * spq
                a = -0.0873 + 0.0248 * b + hundredth
                mode = floor((n + 1) * p)
                setup = per_n[n] = (
                    2.0 * a,
                    b,
                    n * p + 0.5,
                    0.92 - 4.2 / b,
                    a,
                    (2.83 + 5.1 / b) * spq,  # alpha
                    mode,
                    log_factorial[mode] + log_factorial[n - mode],  # h
                )
        if setup.__class__ is list:
            # Inversion by sequential search: the first k whose cumulative probability reaches u.
            u = random_()
            cumulative = setup[0]
            k = bisect_left(cumulative, u)
            if k == len(cumulative):  # beyond what is known: extend the search from there
                probability = setup[1]
                k -= 1
                reached = cumulative[k]
                while u > reached and k < n:
                    probability *= odds * (n - k) / (k + 1)
                    k += 1
                    reached += probability
                    cumulative.append(reached)
                setup[1] = probability
        else:
            # W. Hörmann, "The generation of binomial random variates" (1993), algorithm BTRS,
            # with the acceptance test on log(v) as corrected in later implementations.
            two_a, b, c, v_r, a, alpha, mode, h = setup
            while True:
                u = random_() - 0.5
                v = random_()
                us = 0.5 - abs(u)
                k = floor((two_a / us + b) * u + c)
                if k < 0 or k > n:
                    continue
                if us >= 0.07 and v <= v_r:
                    break
                v = v * alpha / (a / (us * us) + b)
                bound = h - log_factorial[k] - log_factorial[n - k] + (k - mode) * log_odds
                if v > 0.0 and log(v) <= bound:
                    break
        if flip:
            k = n - k
        append(k)
        remaining = n - k
    return drawn


class _Chain:
    """Multinomial draws for fixed pattern counts: pattern by pattern, a binomial draw from the
    runs not yet placed with the pattern's share of the patterns left."""

    def __init__(self, weights: tuple[int, ...]):
        self.weights = weights
        self.total = sum(weights)
        self._steps: list[_Step] = []
        left = self.total
        for weight in weights:
            self._steps.append(None if weight == 0 else True if weight >= left else _prepare(weight / left))
            left -= weight
        self._log_factorial = [math.lgamma(k + 1) for k in range(self.total + 1)]

    def draw(self, random_: Callable[[], float]) -> list[int]:
        return _draw_chain(random_, self._steps, self.total, self._log_factorial)


class Resampler:
    """A seeded source of bootstrap resamples; the same seed gives the same draws."""

    def __init__(self, seed: int | str):
        self._random = random.Random(seed)
        self._chain: _Chain | None = None

    @property
    def state(self) -> StreamState:
        """Where the stream is: a Resampler.resume(state) continues with the same draws."""
        return self._random.getstate()

    @classmethod
    def resume(cls, state: StreamState) -> Resampler:
        resampler = cls(0)
        resampler._random.setstate(state)
        return resampler

    def binomial(self, n: int, p: float) -> int:
        """Binomial(n, p), exact."""
        if n <= 0 or p <= 0.0:
            return 0
        if p >= 1.0:
            return n
        return _draw_chain(self._random.random, [_prepare(p)], n, _LogFactorial())[0]

    def multinomial(self, weights: Sequence[int]) -> list[int]:
        """A bootstrap resample of items that fall on patterns with the given counts: how many of
        sum(weights) draws with replacement land on each pattern."""
        key = tuple(weights)
        if self._chain is None or self._chain.weights != key:
            self._chain = _Chain(key)
        return self._chain.draw(self._random.random)


def draw_block(weights: Sequence[int], state: StreamState, packing: Packing) -> tuple[list[int], StreamState]:
    """packing.size resamples of items on patterns with the given counts, continuing the stream at
    `state`: the counts of each pattern packed over the resamples (batch.py), and the stream's
    state after them. A stream cut into blocks gives the same draws as one run through it."""
    resampler = Resampler.resume(state)
    drawn = [resampler.multinomial(weights) for _ in range(packing.size)]
    return packing.columns(drawn), resampler.state


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
