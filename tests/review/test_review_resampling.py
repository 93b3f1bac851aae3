"""The seeded bootstrap sampler: exact binomial and multinomial draws, reproducible by seed, and
the percentile interval."""

from __future__ import annotations

import statistics

import numpy as np
import pytest

from prism_desktop.review.resampling import Resampler, percentile_interval


@pytest.mark.parametrize(
    ("n", "p"), [(7, 0.3), (200, 0.02), (40, 0.5), (5000, 0.2), (100_000, 0.9), (30, 0.97)]
)
def test_binomial_moments(n: int, p: float) -> None:
    """Both samplers (inversion below mean 10, BTRS above) reproduce the mean and variance."""
    sampler = Resampler(f"moments-{n}-{p}")
    draws = [sampler.binomial(n, p) for _ in range(20_000)]
    assert all(0 <= d <= n for d in draws)
    mean, variance = n * p, n * p * (1 - p)
    assert statistics.fmean(draws) == pytest.approx(mean, rel=0.02, abs=0.05)
    assert statistics.pvariance(draws) == pytest.approx(variance, rel=0.06, abs=0.05)


def test_binomial_edges() -> None:
    sampler = Resampler(1)
    assert sampler.binomial(0, 0.5) == 0
    assert sampler.binomial(10, 0.0) == 0
    assert sampler.binomial(10, 1.0) == 10


def test_multinomial_is_a_resample_of_the_same_size_and_reproducible() -> None:
    weights = [500, 0, 3, 1200, 1, 40]
    first = [Resampler(42).multinomial(weights) for _ in range(3)]
    assert first[0] == first[1] == first[2]  # same seed, same draw
    sampler = Resampler(42)
    draws = [sampler.multinomial(weights) for _ in range(4000)]
    assert all(sum(d) == sum(weights) for d in draws)
    assert all(d[1] == 0 for d in draws)  # a pattern nobody showed is never drawn
    total = sum(weights)
    for cell, weight in enumerate(weights):
        share = weight / total
        cells = [d[cell] for d in draws]
        assert statistics.fmean(cells) == pytest.approx(total * share, rel=0.03, abs=0.1)
        assert statistics.pvariance(cells) == pytest.approx(total * share * (1 - share), rel=0.1, abs=0.1)
    assert Resampler(43).multinomial(weights) != first[0]


def test_percentile_interval_is_numpy_linear_quantile() -> None:
    sampler = Resampler(5)
    values = [sampler.binomial(1000, 0.3) / 1000 for _ in range(999)]
    low, high = percentile_interval(values) or (0.0, 0.0)
    assert low == pytest.approx(np.percentile(values, 2.5), abs=1e-12)
    assert high == pytest.approx(np.percentile(values, 97.5), abs=1e-12)
    assert percentile_interval([]) is None
    assert percentile_interval([0.5]) == (0.5, 0.5)
