"""`prism-desktop score --experiment FILE --out FILE [--task ID…] [--model ID…] [--run N…] [--jobs N]
[--sandbox auto|docker|local]`: Level 1 for the runs of a PRISM experiment file (all of them, or those
the filters pick), written as a PRISM-shaped auto file. Resumable: run it again after an interruption
and only the missing runs are scored."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from prism_desktop.cli.common import (
    EXIT_OK,
    EXIT_PROBLEMS,
    CliError,
    add_command,
    add_sandbox_options,
    existing_files,
    open_workspace,
    workspace_root,
)
from prism_desktop.cli.progress import ProgressBar
from prism_desktop.cli.run_filters import pick_runs
from prism_desktop.cli.workspace_kinds import run_for_kind
from prism_desktop.sandbox.backend import SandboxUnavailable
from prism_desktop.services.score_experiment import checkpoint_path, score_experiment
from prism_desktop.workspace.results import Generation


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = add_command(
        subparsers,
        "score",
        run,
        help="score every run of an experiment file at Level 1 and write a PRISM auto file",
    )
    parser.add_argument("--experiment", required=True, metavar="FILE", help="results/experiment_*.json")
    parser.add_argument(
        "--out", required=True, metavar="FILE", help="the auto file to write (*_auto_l1.json)"
    )
    parser.add_argument("--task", nargs="+", metavar="ID", help="only these tasks (e.g. A11 B3)")
    parser.add_argument("--model", nargs="+", metavar="ID", help="only these models (model_id)")
    parser.add_argument(
        "--run", nargs="+", type=int, metavar="N", dest="run_index", help="only these run indexes (0, 1, …)"
    )
    add_sandbox_options(parser)


class _Progress:
    """Score's progress: runs done, with the task and model of the last one."""

    def __init__(self) -> None:
        self.bar = ProgressBar("runs")

    def __call__(self, done: int, total: int, generation: Generation) -> None:
        self.bar.update(done, total, f"{generation.task_id} {generation.model_id}")


def run(args: argparse.Namespace) -> int:
    if args.jobs is not None and args.jobs < 1:
        raise CliError("--jobs: expected a positive number of runs at once")
    handled = run_for_kind("score", workspace_root(args), args, _Progress())
    if handled is not None:
        return handled
    workspace = open_workspace(args)
    (experiment_file,) = existing_files([args.experiment])
    experiment = pick_runs(workspace.experiment(experiment_file), args.task, args.model, args.run_index)
    out = Path(args.out).expanduser()
    if checkpoint_path(out).exists():
        print(f"resuming from {checkpoint_path(out)}", file=sys.stderr)
    try:
        summary = score_experiment(
            workspace, experiment, out, sandbox=args.sandbox, jobs=args.jobs, on_progress=_Progress()
        )
    except SandboxUnavailable as exc:
        raise CliError(f"--sandbox {args.sandbox}: {exc}") from exc
    isolation = "isolated containers" if summary.runner == "docker" else "local subprocesses, NOT isolated"
    print(
        f"{summary.out}: {summary.total} runs ({summary.scored_now} scored now, {summary.resumed} resumed) "
        f"in {isolation}"
    )
    if summary.rescored:
        print(
            f"{summary.rescored} checkpointed run(s) were scored again: they were recorded under another "
            "sandbox runner, engine or protocol, and one file never mixes them"
        )
    if summary.unknown_tasks:
        print(f"skipped runs of tasks not in the workspace: {', '.join(summary.unknown_tasks)}")
    if summary.infra_errors:
        print(
            f"{summary.infra_errors} run(s) hit a sandbox failure and are N/A; run the same command again "
            "to retry them"
        )
        return EXIT_PROBLEMS
    return EXIT_OK
