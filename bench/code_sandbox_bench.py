"""Code-task throughput per language: each task's reference solution run in its language's container.

    .venv/bin/python bench/code_sandbox_bench.py [--workspace DIR] [--jobs N] [--repeat K] [--json FILE]

For each language (Python, TypeScript, Go, and the library tasks), every task's reference is run K times
with N runs in flight, straight on the backend (no de-duplication of identical candidates), so each run
compiles and tests from scratch in a fresh container. Reports runs per minute, tests per minute and the
median wall time of one run, and checks every run passed all its tests (a bench of broken runs is no bench).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from prism_desktop.runs.code import CodeRunResult
from prism_desktop.sandbox.code_docker import CodeDockerBackend
from prism_desktop.services.code_candidates import candidate_files, reference_answer
from prism_desktop.services.code_level1 import run_spec
from prism_desktop.services.code_test_ids import TaskTestIds
from prism_desktop.workspace.coding import CodingTask, CodingWorkspace

BUNDLED = Path(__file__).resolve().parents[1] / "benchmarks" / "coding"


def kind_of(task: CodingTask) -> str:
    return task.task_kind.group(task)


def run_one(
    backend: CodeDockerBackend, task: CodingTask, number: int, test_ids: list[str]
) -> tuple[CodeRunResult, float]:
    files, candidates, problem = candidate_files(task, reference_answer(task) or "")
    assert files is not None, problem
    started = time.perf_counter()
    result = backend.run(run_spec(task, files, candidates, f"bench-{number}", test_ids))
    return result, time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workspace", type=Path, default=BUNDLED)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    workspace = CodingWorkspace.open(args.workspace)
    report: dict[str, dict[str, float | int | str]] = {}
    for kind in ("python", "typescript", "go", "library"):
        tasks = [t for t in workspace.tasks if kind_of(t) == kind] * args.repeat
        if not tasks:
            continue
        backend = CodeDockerBackend.connect((tasks[0].language,))
        collected = TaskTestIds(backend)  # once per task and image, cached: not part of the timing
        ids = [collected.ids(task) for task in tasks]
        started = time.perf_counter()
        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            numbers = range(len(tasks))
            outcomes = list(pool.map(run_one, [backend] * len(tasks), tasks, numbers, ids))
        elapsed = time.perf_counter() - started
        failed = [
            task.id
            for task, (result, _) in zip(tasks, outcomes, strict=True)
            if result.status != "ok" or not result.tests or any(t.status != "pass" for t in result.tests)
        ]
        tests = sum(len(result.tests or []) for result, _ in outcomes)
        report[kind] = {
            "runs": len(tasks),
            "runs_per_min": round(len(tasks) / elapsed * 60, 1),
            "tests_per_min": round(tests / elapsed * 60, 1),
            "median_run_s": round(statistics.median(seconds for _, seconds in outcomes), 2),
            "toolchain": outcomes[0][0].toolchain,
            "failed": len(failed),
        }
        row = report[kind]
        print(
            f"{kind:<10} {len(tasks):3d} runs  {row['runs_per_min']:6.1f} runs/min  "
            f"{row['tests_per_min']:7.1f} tests/min  median run {row['median_run_s']:5.2f} s  "
            f"({row['toolchain']}){'  FAILED: ' + ', '.join(failed) if failed else ''}",
            flush=True,
        )
    load = os.getloadavg()[0]
    print(f"jobs {args.jobs}, load average at the end {load:.1f}")
    if args.json:
        args.json.write_text(json.dumps({"jobs": args.jobs, "load": load, "languages": report}, indent=2))
    return 1 if any(r["failed"] for r in report.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
