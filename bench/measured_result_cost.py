"""What comparing each measured result with the reference's costs: the O ladder of every task with perf.yaml,
in process, with and without the reference run beside the candidate (docs/gaming.md).

    .venv/bin/python bench/measured_result_cost.py [--workspace DIR] [--repeat K] [--task ID ...]

The candidate is each task's slow anchor (A: perf_baseline.bsl, B: loop_variant.bsl), the answer a
reference is most often compared with. The two variants run alternately, K times each; the figures are
the medians per task, and per category the sum of the medians and their ratio.
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import time
from pathlib import Path

from prism_desktop.runs.onec import PerfMeasurement, RunSpec
from prism_desktop.sandbox import harness_a, harness_b_perf
from prism_desktop.sandbox.harness_b import INSTRUMENT
from prism_desktop.services.level1 import run_spec
from prism_desktop.workspace.tasks import Task
from prism_desktop.workspace.workspace import Workspace

REPO = Path(__file__).resolve().parent.parent


def slow_anchor(task: Task) -> str | None:
    if task.category == "A":
        return task.perf_baseline
    loop = task.directory / "loop_variant.bsl"
    return loop.read_text(encoding="utf-8-sig") if loop.is_file() else None


def ladder(spec: RunSpec) -> PerfMeasurement:
    if spec.task.category == "A":
        return harness_a.perf_leg(spec, [])
    return harness_b_perf.perf_leg(spec, [], INSTRUMENT)


def seconds(spec: RunSpec) -> tuple[float, PerfMeasurement]:
    started = time.perf_counter()
    measurement = ladder(spec)
    return time.perf_counter() - started, measurement


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workspace", type=Path, default=REPO)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--task", nargs="*", default=None)
    args = parser.parse_args()
    workspace = Workspace.open(args.workspace)
    totals: dict[str, list[float]] = {"A": [0.0, 0.0], "B": [0.0, 0.0]}
    print(f"{'task':6} {'without, s':>11} {'with, s':>9} {'ratio':>6}  result check")
    for task in workspace.tasks:
        code = slow_anchor(task)
        if task.perf is None or code is None or (args.task and task.id not in args.task):
            continue
        spec = run_spec(workspace, task, code, "bench")
        bare = dataclasses.replace(spec, task=dataclasses.replace(spec.task, reference=None))
        without, with_reference = [], []
        check = ""
        for _ in range(args.repeat):
            without.append(seconds(bare)[0])
            elapsed, measurement = seconds(spec)
            with_reference.append(elapsed)
            check = measurement.result_check or ""
        plain, compared = statistics.median(without), statistics.median(with_reference)
        totals[task.category][0] += plain
        totals[task.category][1] += compared
        print(f"{task.id:6} {plain:11.2f} {compared:9.2f} {compared / plain:6.2f}  {check[:60]}")
    for category, (plain, compared) in totals.items():
        if plain:
            print(f"category {category}: {plain:.1f} s -> {compared:.1f} s (x{compared / plain:.2f})")


if __name__ == "__main__":
    main()
