"""How a run's files reach the container: bind mounts (an engine on this machine) against copies
through the engine's API (put_archive / get_archive, what a remote engine needs), on one engine.

    .venv/bin/python bench/sandbox_files.py [--workspace DIR] [--runs N] [--json FILE]

Category-A reference solutions (all legs) run one at a time through both backends back to back, so
both see the same machine load. Reported: each way's median wall time per run and mean of each
phase (create includes the copy in, collect the copy out), and the median of per-run differences
copy - mount. The question it answers (issue 14): may every engine use copies, or only remote ones?
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

from prism_desktop.sandbox.docker_backend import DockerBackend
from prism_desktop.sandbox.image import connect
from prism_desktop.services.level1 import run_spec
from prism_desktop.workspace.workspace import Workspace

PHASES = ("create", "start", "run", "collect", "remove")
REPO = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workspace", type=Path, default=REPO)
    parser.add_argument("--runs", type=int, default=12, help="how many runs each way")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)

    workspace = Workspace.open(args.workspace)
    tasks = [t for t in workspace.tasks if t.category == "A" and t.canonical]
    specs = [
        run_spec(workspace, task, task.canonical or "", f"{task.id}#files{k}")
        for k, task in enumerate((tasks * (args.runs // max(1, len(tasks)) + 1))[: args.runs])
    ]
    client = connect()
    started = time.perf_counter()
    ways = {"mount": DockerBackend(client, copy_files=False), "copy": DockerBackend(client, copy_files=True)}
    setup = time.perf_counter() - started
    walls: dict[str, list[float]] = {name: [] for name in ways}
    phases: dict[str, dict[str, list[float]]] = {name: {p: [] for p in PHASES} for name in ways}
    not_ok = {name: 0 for name in ways}
    for spec in specs:
        for name, backend in ways.items():
            mark = time.perf_counter()
            result = backend.run(spec)
            walls[name].append(time.perf_counter() - mark)
            not_ok[name] += result.status != "ok"
            for phase in PHASES:
                value = getattr(result.timings, phase)
                if value is not None:
                    phases[name][phase].append(value)
    report = {
        "runs_each_way": len(specs),
        "setup_seconds_both_backends": round(setup, 2),
        "median_wall_s": {name: round(statistics.median(w), 3) for name, w in walls.items()},
        "mean_phase_s": {
            name: {p: round(statistics.fmean(v), 3) for p, v in by_phase.items() if v}
            for name, by_phase in phases.items()
        },
        "median_copy_minus_mount_s": round(
            statistics.median(c - m for c, m in zip(walls["copy"], walls["mount"], strict=True)), 3
        ),
        "copy_over_mount_ratio": round(
            statistics.median(walls["copy"]) / statistics.median(walls["mount"]), 2
        ),
        "not_ok": not_ok,
    }
    text = json.dumps(report, indent=2)
    print(text)
    if args.json:
        args.json.write_text(text + "\n", encoding="utf-8")
    return 0 if not any(not_ok.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
