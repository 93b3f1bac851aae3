"""Speed of the agreement statistics with bootstrap intervals on 100,000 expert grades.

Usage: .venv/bin/python bench/agreement_bench.py [--grades N] [--experts E] [--bootstrap B] [--seed S]
       [--workers W]

Generates runs over 300 tasks (one in three category B, so with P), machine steps anywhere on the
scale the machine reaches, and E experts who mostly agree with the machine (one step off now and
then, a few grades missing), until N grades exist. Then times `compute_agreement` (every
coefficient per axis, category and split, with B bootstrap resamples) and, in the same run, one
textbook bootstrap resample that draws runs with replacement for the same figures, to give the
ratio that the count-based resampling saves. Target: the whole thing within seconds.

CPU time counts the bootstrap's worker processes too (--workers 1 keeps everything in this one;
the default lets compute_agreement decide).
"""

from __future__ import annotations

import argparse
import os
import random
import time

from prism_desktop.review.agreement import AgreementSettings, build_strata, compute_agreement
from prism_desktop.review.dataset import GradedRun
from prism_desktop.review.figures import FigurePlan
from prism_desktop.review.scale import STEPS, projection
from prism_desktop.review.strata import Stratum, comparisons_for

TASKS = 300


def _near(step: int, rng: random.Random) -> int:
    index = STEPS.index(step) + rng.choice((-1, 0, 0, 0, 0, 0, 1))
    return STEPS[min(max(index, 0), len(STEPS) - 1)]


def make_runs(grades: int, experts: tuple[str, ...], seed: int) -> list[GradedRun]:
    rng = random.Random(seed)
    runs: list[GradedRun] = []
    total = 0
    while total < grades:
        index = len(runs)
        category = "B" if index % 3 == 0 else "A"
        machine: dict[str, int | None] = {
            "S": rng.choice(STEPS),
            "M": rng.choice(STEPS),
            "O": rng.choice(STEPS[1:]),
        }
        machine["P"] = rng.choice((0, 4, 6, 10)) if category == "B" else None
        graded = {}
        for expert in experts:
            steps = {a: _near(v, rng) for a, v in machine.items() if v is not None and rng.random() > 0.03}
            graded[expert] = steps
            total += len(steps)
        runs.append(GradedRun(f"T{index % TASKS:03d}", f"model{index % 5}", index, category, machine, graded))
    return runs


def _cpu() -> float:
    """CPU seconds of this process and of its finished children (the bootstrap's workers)."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--grades", type=int, default=100_000)
    parser.add_argument("--experts", type=int, default=2)
    parser.add_argument("--bootstrap", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args()
    experts = tuple(f"expert_{i + 1:02d}" for i in range(args.experts))
    runs = make_runs(args.grades, experts, args.seed)
    grades = sum(len(g) for run in runs for g in run.experts.values())
    split = {f"T{t:03d}": ("validation" if t % 2 else "calibration") for t in range(TASKS)}

    started = time.perf_counter()
    compute_agreement(runs, experts, split, AgreementSettings(bootstrap=0))
    point = time.perf_counter() - started

    started, cpu_started = time.perf_counter(), _cpu()
    bootstrapped = AgreementSettings(bootstrap=args.bootstrap, workers=args.workers)
    agreement = compute_agreement(runs, experts, split, bootstrapped)
    full, cpu = time.perf_counter() - started, _cpu() - cpu_started

    # The same figures for one textbook resample: draw every stratum's runs with replacement.
    settings = AgreementSettings()
    strata = build_strata(runs, experts, split, settings)
    comparisons = comparisons_for(experts)
    plans = {
        a: FigurePlan(comparisons, projection(settings.reachable[a]), len(experts))
        for a in settings.reachable
    }
    rng = random.Random(args.seed)
    started = time.perf_counter()
    for (axis, _, _), stratum in strata.items():
        population = [p for p, w in zip(stratum.patterns, stratum.weights, strict=True) for _ in range(w)]
        drawn = Stratum(rng.choices(population, k=len(population)), experts, comparisons)
        plans[axis].figures(drawn.statistics(drawn.weights))
    naive_per_resample = time.perf_counter() - started
    per_resample = (full - point) / max(args.bootstrap, 1)

    patterns = [len(s.weights) for s in strata.values()]
    print(f"grades: {grades:,} from {len(runs):,} runs, {len(experts)} experts, {TASKS} tasks")
    print(
        f"strata (axis × category × split): {len(strata)}, distinct run patterns per stratum: "
        f"{min(patterns)}–{max(patterns)}"
    )
    coefficients = len(next(iter(plans.values())).keys)
    print(f"coefficients per scope and axis: {coefficients}, scopes: {len(agreement.results)}")
    print(f"point estimates only:            {point:7.2f} s")
    workers = "automatic" if args.workers is None else args.workers
    print(
        f"with {args.bootstrap} bootstrap resamples: {full:7.2f} s wall, {cpu:.2f} s CPU "
        f"({per_resample * 1000:.2f} ms wall per resample; workers: {workers})"
    )
    print(
        f"one resample drawing runs:       {naive_per_resample * 1000:7.1f} ms  "
        f"(count-based resampling is {naive_per_resample / per_resample:.0f}× faster per resample)"
    )


if __name__ == "__main__":
    main()
