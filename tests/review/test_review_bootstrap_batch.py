"""The fast bootstrap: packed batches of resamples give exactly the figures of each resample taken
alone, the sampler's caches do not change a draw, and the replicates depend neither on the block
size nor on the number of worker processes."""

from __future__ import annotations

import random
import sys
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest

from prism_desktop.review import bootstrap
from prism_desktop.review.agreement import AgreementSettings, build_strata, compute_agreement
from prism_desktop.review.batch import SINGLE, Packing
from prism_desktop.review.dataset import GradedRun
from prism_desktop.review.figures import FigurePlan
from prism_desktop.review.resampling import Resampler, draw_block
from prism_desktop.review.scale import STEPS, projection
from prism_desktop.review.strata import comparisons_for, largest_statistic

EXPERTS = ("e1", "e2", "e3")
RunsFactory = Callable[..., list[GradedRun]]


@pytest.mark.parametrize("largest", [1000, 2**40, 2**70])
def test_packing_round_trip_and_field_wise_sums(largest: int) -> None:
    rng = random.Random(largest)
    packing = Packing.for_values(7, largest)
    rows = [[rng.randrange(largest // 4) for _ in range(5)] for _ in range(7)]
    columns = packing.columns(rows)
    assert [packing.unpack(c) for c in columns] == [list(c) for c in zip(*rows, strict=True)]
    # adding packed ints and scaling them by small ints acts on every field at once
    combined = 3 * columns[0] + columns[1] + 2 * columns[4]
    assert packing.unpack(combined) == [3 * r[0] + r[1] + 2 * r[4] for r in rows]
    assert SINGLE.columns([rows[0]]) == rows[0] and SINGLE.unpack(42) == [42]


@pytest.mark.parametrize(
    ("axis", "reachable", "experts"), [("O", (2, 4, 6, 8, 10), EXPERTS), ("S", STEPS, ("e1",))]
)
def test_a_packed_batch_gives_the_figures_of_each_resample(
    runs_factory: RunsFactory, axis: str, reachable: tuple[int, ...], experts: tuple[str, ...]
) -> None:
    """Every coefficient of a batch of 40 resamples, packed, equals (==, not approximately) the
    coefficient computed from that resample's counts alone; also with 3-byte fields, which take
    the path without array typecodes."""
    runs = runs_factory(150, experts, seed=21)
    settings = AgreementSettings(min_experts=min(2, len(experts)))
    strata = build_strata(runs, experts, {f"T{t:02d}": "validation" for t in range(20)}, settings)
    stratum = strata[(axis, "A", "validation")]
    plan = FigurePlan(comparisons_for(experts), projection(reachable), len(experts))
    state = Resampler("batch").state
    resampler = Resampler.resume(state)
    alone = [resampler.multinomial(stratum.weights) for _ in range(40)]
    expected = [[c.value for c in plan.figures(stratum.statistics(counts)).values()] for counts in alone]
    largest = largest_statistic(sum(stratum.weights), len(experts))
    for packing in (Packing.for_values(40, largest), Packing(40, 3)):
        columns, _ = draw_block(stratum.weights, state, packing)
        assert [packing.unpack(c) for c in columns] == [list(c) for c in zip(*alone, strict=True)]
        batch = plan.values(stratum.statistics(columns), packing)
        assert [list(resample) for resample in zip(*batch, strict=True)] == expected


def test_sampler_caches_do_not_change_draws() -> None:
    """A long-lived Resampler keeps per-n search tables and constants; resuming a fresh one at
    each draw (empty caches) gives the very same draws."""
    weights = [900, 3, 0, 41, 1, 7, 260, 2, 15, 1]
    warm = Resampler("cache")
    for _ in range(300):
        state = warm.state
        cold = Resampler.resume(state).multinomial(weights)
        assert warm.multinomial(weights) == cold


def test_blocks_cut_a_stream_without_changing_it() -> None:
    weights = [40, 3, 0, 17, 1, 9]
    packing = Packing.for_values(10, 10_000)
    state = Resampler(7).state
    first, state = draw_block(weights, state, packing)
    second, _ = draw_block(weights, state, packing)
    whole, _ = draw_block(weights, Resampler(7).state, Packing.for_values(20, 10_000))
    halves = [packing.unpack(a) + packing.unpack(b) for a, b in zip(first, second, strict=True)]
    assert halves == [Packing.for_values(20, 10_000).unpack(c) for c in whole]


LINUX_ONLY = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="workers are forked on Linux only"
)


@LINUX_ONLY
def test_replicates_do_not_depend_on_block_size_or_workers(
    runs_factory: RunsFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    runs = runs_factory(240, EXPERTS, seed=13)
    split = {f"T{t:02d}": ("validation" if t % 2 else "calibration") for t in range(20)}

    def estimates(workers: int) -> dict[object, object]:
        settings = AgreementSettings(bootstrap=150, seed=3, workers=workers)
        agreement = compute_agreement(runs, EXPERTS, split, settings)
        return {key: scope.estimates for key, scope in agreement.results.items()}

    reference = estimates(workers=1)
    # The reference libraries loaded by other tests (numpy's BLAS) start idle native threads,
    # which would keep the bootstrap in-process; here the pool itself is under test.
    monkeypatch.setattr(bootstrap, "_single_threaded", lambda: True)
    pools: list[int] = []

    class CountedPool(ProcessPoolExecutor):
        def __init__(self, workers: int, **options: Any) -> None:
            pools.append(workers)
            super().__init__(workers, **options)

    monkeypatch.setattr(bootstrap, "ProcessPoolExecutor", CountedPool)
    assert estimates(workers=2) == reference
    assert pools == [2]
    monkeypatch.setattr(bootstrap, "BLOCK", 37)
    assert estimates(workers=1) == reference


@LINUX_ONLY
def test_worker_processes_only_when_single_threaded_and_worth_it(monkeypatch: pytest.MonkeyPatch) -> None:
    release = threading.Event()
    other = threading.Thread(target=release.wait)
    other.start()
    try:
        assert not bootstrap._single_threaded()
        assert bootstrap._processes(2, jobs=8, draws=10**9) == 1  # never fork beside another thread
    finally:
        release.set()
        other.join()
    monkeypatch.setattr(bootstrap, "_single_threaded", lambda: True)
    assert bootstrap._processes(2, jobs=8, draws=10) == 2
    assert bootstrap._processes(4, jobs=3, draws=10) == 3  # no more processes than groups
    assert bootstrap._processes(None, jobs=8, draws=10) == 1  # too little work to pay for forks
    assert bootstrap._processes(1, jobs=8, draws=10**9) == 1
    with pytest.raises(ValueError, match="workers: found 0"):
        bootstrap._processes(0, jobs=8, draws=10)
