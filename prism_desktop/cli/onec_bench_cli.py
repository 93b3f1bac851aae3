"""`check`, `score` and `report` on a 1C Code Bench workspace (tasks/<id>/ holding processings dumped
to files, config_spec.yaml): the same commands as for a PRISM workspace, dispatched here by
cli/workspace_kinds.py."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from prism_desktop.cli.common import EXIT_OK, EXIT_PROBLEMS, CliError, format_table
from prism_desktop.cli.kind_steps import (
    experiments_read,
    known_tasks,
    open_listing_problems,
    print_outcomes,
    read_auto_files,
    runs_to_score,
    scored,
)
from prism_desktop.sandbox.backend import SandboxUnavailable
from prism_desktop.scoring.onec_report import summarise_onec
from prism_desktop.services.onec_level1 import check_onec_references, score_onec_experiment
from prism_desktop.workspace.atomic import write_json_atomic
from prism_desktop.workspace.onec_bench import OneCBenchWorkspace

STDOUT = "-"
# The table's words (report --lang); the figures keep 1C Code Bench's names in both languages.
REPORT_WORDS = {
    "en": {"by": "by", "group": "group", "model": "model", "tasks": "tasks", "runs": "runs",
           "all": "all", "level": "level", "context": "context"},
    "ru": {"by": "срез", "group": "группа", "model": "модель", "tasks": "задач", "runs": "прогонов",
           "all": "всего", "level": "уровень", "context": "контекст"},
}  # fmt: skip


def check_onec(root: Path, args: argparse.Namespace) -> int:
    workspace = open_listing_problems(OneCBenchWorkspace.open, root)
    if workspace is None:
        return EXIT_PROBLEMS
    levels: dict[str, int] = {}
    for task in workspace.tasks:
        key = f"{task.level}/{task.context}"
        levels[key] = levels.get(key, 0) + 1
    counts = ", ".join(f"{name}: {n}" for name, n in sorted(levels.items()))
    print(f"1C Code Bench workspace {workspace.root}: {len(workspace.tasks)} tasks ({counts})")
    if not experiments_read(workspace, workspace.experiment_paths()):
        return EXIT_PROBLEMS
    if args.no_run:
        print("reference solutions: not run (--no-run)")
        return EXIT_OK
    known_tasks(workspace, args.tasks)
    count = len(args.tasks or workspace.tasks)
    print(f"running the references and variants of {count} task(s)…", file=sys.stderr)
    try:
        outcomes = check_onec_references(workspace, args.tasks or None, sandbox=args.sandbox, jobs=args.jobs)
    except SandboxUnavailable as exc:
        raise CliError(f"reference solutions: {exc}") from exc
    return print_outcomes("reference solutions and variants:", outcomes)


def score_onec(root: Path, args: argparse.Namespace, on_progress: object = None) -> int:
    workspace = open_listing_problems(OneCBenchWorkspace.open, root)
    if workspace is None:
        return EXIT_PROBLEMS
    experiment, out = runs_to_score(workspace, args)
    try:
        summary = score_onec_experiment(
            workspace,
            experiment,
            out,
            sandbox=args.sandbox,
            jobs=args.jobs,
            on_progress=on_progress if callable(on_progress) else None,
        )
    except SandboxUnavailable as exc:
        raise CliError(f"--sandbox {args.sandbox}: {exc}") from exc
    isolation = "isolated containers" if summary.runner == "docker" else "local subprocesses, NOT isolated"
    return scored(summary, isolation)


def report_onec(root: Path, args: argparse.Namespace) -> int:
    """Compile Rate and Success Rate per model: overall, by level and by context."""
    workspace = open_listing_problems(OneCBenchWorkspace.open, root)
    if workspace is None:
        return EXIT_PROBLEMS
    documents = read_auto_files(args.auto_files)
    rows = summarise_onec(documents, {t.id: (t.level, t.context) for t in workspace.tasks})
    if args.json_out == STDOUT:
        print(json.dumps({"rows": rows}, ensure_ascii=False, indent=2))
        return EXIT_OK
    if args.json_out:
        write_json_atomic(Path(args.json_out), {"rows": rows})
    words = REPORT_WORDS[getattr(args, "lang", "en")]
    headers = [words[w] for w in ("by", "group", "model", "tasks", "runs")] + ["Compile Rate", "Success Rate"]
    table = [
        [words[row["dimension"]], words.get(row["value"], row["value"]), row["model"], row["tasks"],
         row["runs"], _percent(row["compile_rate"]), _percent(row["success_rate"])]
        for row in rows
    ]  # fmt: skip
    print(format_table(headers, table, ["<", "<", "<", ">", ">", ">", ">"]))
    return EXIT_OK


def _percent(value: float | None) -> str | None:
    return None if value is None else f"{100 * value:.1f}%"
