"""The bootstrap replicates of every coefficient, in blocks of resamples, optionally spread over
worker processes.

Every (axis, category, split) stratum is resampled from its own seeded stream, and a scope never
mixes axes or splits, so the work falls into independent (axis, split) groups: a group draws its
strata's resamples and evaluates its scopes (each category, and both pooled). Groups run in this
process or in worker processes; either way each stratum's stream, and so every replicate, is the
same: the result depends on neither the number of workers nor the block size.

Worker processes are forked, which costs milliseconds and re-imports nothing. They are used only
where fork is safe and cheap (Linux, no other thread running, native ones included: a fork copies
locks other threads may hold) and the work is large enough to pay for them; elsewhere the groups
run here, one by one."""

from __future__ import annotations

import multiprocessing
import os
import sys
import threading
from array import array
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from functools import reduce
from operator import add

from .batch import Packing
from .figures import FigureKey, FigurePlan
from .resampling import Resampler, draw_block
from .strata import Statistics, Stratum, largest_statistic

StratumKey = tuple[str, str, str]  # (axis, category, split)
Members = tuple[StratumKey, ...]  # the strata pooled into one scope
Replicates = dict[Members, dict[FigureKey, array]]

# Resamples evaluated together: bounds the memory of packed counts and unpacked statistics.
BLOCK = 2000
# Pattern draws (resamples × patterns) below which forking workers costs more than it saves.
_PARALLEL_DRAWS = 200_000


@dataclass(frozen=True)
class _Group:
    """One (axis, split): its strata and the scopes made of them, with the figures wanted."""

    strata: dict[StratumKey, Stratum]
    scopes: dict[Members, tuple[FigureKey, ...]]  # coefficients defined on the observed data
    plan: FigurePlan
    seeds: dict[StratumKey, str]
    resamples: int
    largest: int  # bound on any packed statistic (batch.Packing)


def pooled(members: Sequence[StratumKey], parts: Mapping[StratumKey, Statistics]) -> Statistics:
    """The statistics of a scope: its one stratum's, or the sum of its strata's."""
    return reduce(add, (parts[key] for key in members))


def bootstrap_replicates(
    strata: Mapping[StratumKey, Stratum],
    wanted: Mapping[Members, tuple[FigureKey, ...]],
    plans: Mapping[str, FigurePlan],
    resamples: int,
    seed: int,
    workers: int | None = None,
) -> Replicates:
    """For every scope (a tuple of strata pooled), the replicate values of the wanted figures in
    `resamples` resamples (no entry for a figure not wanted). A replicate where a figure is
    undefined (e.g. no run graded by every expert was drawn) is left out. `workers`: processes to
    use, None to decide from the machine and the work, 1 to stay in this process."""
    groups: dict[tuple[str, str], list[Members]] = {}
    for members, keys in wanted.items():
        if keys:  # a scope with no figure defined needs no resamples
            axis, _, split = members[0]
            groups.setdefault((axis, split), []).append(members)
    replicates: Replicates = {members: {} for members in wanted}
    if resamples <= 0 or not groups:
        return replicates
    experts = len(next(iter(strata.values())).experts)
    largest = largest_statistic(sum(sum(s.weights) for s in strata.values()), experts)
    jobs = [
        _Group(
            strata={key: strata[key] for key in sorted({key for m in scopes for key in m})},
            scopes={members: wanted[members] for members in scopes},
            plan=plans[axis],
            seeds={key: f"{seed}:{key[0]}:{key[1]}:{key[2]}" for m in scopes for key in m},
            resamples=resamples,
            largest=largest,
        )
        for (axis, _), scopes in sorted(groups.items())
    ]
    draws = resamples * sum(len(s.weights) for job in jobs for s in job.strata.values())
    processes = _processes(workers, len(jobs), draws)
    if processes > 1:
        try:
            with ProcessPoolExecutor(processes, mp_context=multiprocessing.get_context("fork")) as pool:
                for result in pool.map(_replicates_of, jobs):
                    replicates.update(result)
            return replicates
        except (OSError, BrokenProcessPool):
            pass  # no processes to be had (limits, memory): the same groups, here, one by one
    for job in jobs:
        replicates.update(_replicates_of(job))
    return replicates


def _processes(workers: int | None, jobs: int, draws: int) -> int:
    if workers is not None and workers < 1:
        raise ValueError(f"workers: found {workers}, expected 1 or more (or None for automatic)")
    if not sys.platform.startswith("linux") or not _single_threaded():
        return 1
    if workers is None:
        if draws < _PARALLEL_DRAWS:
            return 1
        workers = len(os.sched_getaffinity(0))
    return max(1, min(workers, jobs))


def _single_threaded() -> bool:
    """No other thread, Python's or native (Qt starts its own): Linux lists them all in /proc."""
    try:
        return len(os.listdir("/proc/self/task")) == 1
    except OSError:
        return threading.active_count() == 1


def _replicates_of(group: _Group) -> Replicates:
    replicates: Replicates = {
        members: {key: array("d") for key in keys} for members, keys in group.scopes.items()
    }
    indexes = {key: index for index, key in enumerate(group.plan.keys)}
    targets = {
        members: [(indexes[key], store) for key, store in replicates[members].items()]
        for members in group.scopes
    }
    states = {key: Resampler(group.seeds[key]).state for key in group.strata}
    for start in range(0, group.resamples, BLOCK):
        packing = Packing.for_values(min(BLOCK, group.resamples - start), group.largest)
        parts = {}
        for key, stratum in group.strata.items():
            columns, states[key] = draw_block(stratum.weights, states[key], packing)
            parts[key] = stratum.statistics(columns)
        for members, wanted in targets.items():
            coefficients = group.plan.batch(pooled(members, parts), packing)
            for index, store in wanted:
                values = coefficients[index].values()
                store.extend(values if None not in values else [v for v in values if v is not None])
    return replicates
