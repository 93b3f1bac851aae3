"""Sandbox throughput and per-run overhead: category-A candidate runs in Docker vs the local fallback.

    .venv/bin/python bench/sandbox_bench.py [--workspace DIR] [--jobs N] [--repeat K] [--json FILE]

The batch is every category-A task of the workspace with its reference solution (canonical.bsl) as the
candidate, all legs (syntax, tests, perf) under the protocol's limits, repeated K times. It reports:
* runs per minute for each backend with N runs in flight (default: one per core);
* one run at a time, each spec in process (harness_a.run_legs called directly), in Docker and in the
  local fallback back to back: the per-run timing breakdown (create, start, run, collect, remove),
  each backend's overhead over the in-process run, and the container overhead = Docker wall time
  minus local-fallback wall time for the same spec (both start the same worker; the difference is
  what the container costs). Overheads are medians of per-run differences.
Goals (issue 4): container overhead <= 0.5 s per run; >= 60 category-A runs per minute on 2 cores.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from prism_desktop.runs.onec import RunResult, RunSpec
from prism_desktop.sandbox.backend import SandboxBackend
from prism_desktop.sandbox.docker_backend import DockerBackend
from prism_desktop.sandbox.harness_a import run_legs
from prism_desktop.sandbox.local_backend import LocalBackend
from prism_desktop.sandbox.pool import SandboxPool
from prism_desktop.services.level1 import run_spec
from prism_desktop.workspace.workspace import Workspace

PHASES = ("create", "start", "run", "collect", "remove")
REPO = Path(__file__).resolve().parent.parent


def batch(workspace: Workspace, repeat: int) -> list[RunSpec]:
    tasks = [t for t in workspace.tasks if t.category == "A" and t.canonical]
    return [
        run_spec(workspace, task, task.canonical or "", f"{task.id}#{k}")
        for k in range(repeat)
        for task in tasks
    ]


def timed(call: Callable[[], RunResult]) -> tuple[RunResult, float]:
    started = time.perf_counter()
    result = call()
    return result, time.perf_counter() - started


def throughput(backend: SandboxBackend, specs: list[RunSpec], jobs: int) -> dict[str, float | int]:
    started = time.perf_counter()
    results = SandboxPool(backend, workers=jobs).run_batch(specs)
    seconds = time.perf_counter() - started
    return {
        "runs": len(specs),
        "seconds": round(seconds, 2),
        "runs_per_minute": round(len(specs) / seconds * 60, 1),
        "not_ok": sum(r.status != "ok" for r in results),
    }


def one_at_a_time(backends: list[SandboxBackend], specs: list[RunSpec]) -> dict[str, object]:
    """Each spec in process, then in each backend, back to back (so all see the same machine load):
    median wall times, the mean of each phase, and the overheads as medians of per-run differences."""
    walls: dict[str, list[float]] = {"inprocess": [], **{b.name: [] for b in backends}}
    phases: dict[str, dict[str, list[float]]] = {b.name: {p: [] for p in PHASES} for b in backends}
    for spec in specs:
        walls["inprocess"].append(timed(lambda spec=spec: run_legs(spec))[1])
        for backend in backends:
            result, wall = timed(lambda spec=spec, backend=backend: backend.run(spec))
            walls[backend.name].append(wall)
            for phase in PHASES:
                value = getattr(result.timings, phase)
                if value is not None:
                    phases[backend.name][phase].append(value)

    def median_gap(slower: str, faster: str) -> float:
        return round(statistics.median(a - b for a, b in zip(walls[slower], walls[faster], strict=True)), 3)

    figures: dict[str, object] = {
        f"{name}_median_s": round(statistics.median(v), 3) for name, v in walls.items()
    }
    for backend in backends:
        figures[f"{backend.name}_phase_mean_s"] = {
            p: round(statistics.mean(v), 3) if v else None for p, v in phases[backend.name].items()
        }
        figures[f"{backend.name}_overhead_vs_inprocess_s"] = median_gap(backend.name, "inprocess")
    if {"docker", "local"} <= walls.keys():
        figures["container_overhead_vs_local_s"] = median_gap("docker", "local")
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--workspace", type=Path, default=REPO)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--repeat", type=int, default=2, help="how many times the task list is run")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args(argv)

    workspace = Workspace.open(args.workspace)
    specs = batch(workspace, args.repeat)
    single = specs[: len(specs) // args.repeat]  # each task once, for the one-at-a-time figures
    print(f"{len(specs)} category-A runs ({len(single)} tasks x {args.repeat}), {args.jobs} in flight")

    backends: list[SandboxBackend] = [LocalBackend()]
    try:
        backends.insert(0, DockerBackend.connect())
    except Exception as exc:
        print(f"docker: skipped ({exc})", file=sys.stderr)
    figures: dict[str, object] = {"cores": os.cpu_count(), "jobs": args.jobs}
    for backend in backends:
        figures[f"{backend.name}_throughput"] = throughput(backend, specs, args.jobs)
    figures["one_at_a_time"] = one_at_a_time(backends, single)
    figures["backends"] = {b.name: b.describe() for b in backends}  # after runs: the netns is known
    print(json.dumps(figures, ensure_ascii=False, indent=2))
    if args.json:
        args.json.write_text(json.dumps(figures, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
