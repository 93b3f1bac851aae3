"""`check`, `score` and `report` on a 1C Code Bench workspace (tasks/<id>/ holding processings dumped
to files, config_spec.yaml): the same commands as for a PRISM workspace, dispatched here by
cli/workspace_kinds.py."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from prism_desktop.cli.common import (
    EXIT_OK,
    EXIT_PROBLEMS,
    EXIT_USAGE,
    CliError,
    existing_files,
    format_table,
)
from prism_desktop.cli.run_filters import pick_runs
from prism_desktop.sandbox.backend import SandboxUnavailable
from prism_desktop.scoring.onec_report import summarise_onec
from prism_desktop.services.onec_level1 import check_onec_references, score_onec_experiment
from prism_desktop.services.score_experiment import checkpoint_path
from prism_desktop.workspace.atomic import write_json_atomic
from prism_desktop.workspace.errors import WorkspaceError
from prism_desktop.workspace.onec_bench import OneCBenchWorkspace
from prism_desktop.workspace.results_loader import load_experiment

STDOUT = "-"
# The table's words (report --lang); the figures keep 1C Code Bench's names in both languages.
REPORT_WORDS = {
    "en": {"by": "by", "group": "group", "model": "model", "tasks": "tasks", "runs": "runs",
           "all": "all", "level": "level", "context": "context"},
    "ru": {"by": "срез", "group": "группа", "model": "модель", "tasks": "задач", "runs": "прогонов",
           "all": "всего", "level": "уровень", "context": "контекст"},
}  # fmt: skip


def _open(root: Path) -> OneCBenchWorkspace | None:
    try:
        return OneCBenchWorkspace.open(root)
    except WorkspaceError as exc:
        print(f"{len(exc.problems)} problem(s):")
        for problem in exc.problems:
            print(f"  {problem}")
        return None


def check_onec(root: Path, args: argparse.Namespace) -> int:
    workspace = _open(root)
    if workspace is None:
        return EXIT_PROBLEMS
    levels: dict[str, int] = {}
    for task in workspace.tasks:
        key = f"{task.level}/{task.context}"
        levels[key] = levels.get(key, 0) + 1
    counts = ", ".join(f"{name}: {n}" for name, n in sorted(levels.items()))
    print(f"1C Code Bench workspace {workspace.root}: {len(workspace.tasks)} tasks ({counts})")
    for path in workspace.experiment_paths():
        try:
            load_experiment(path, workspace.categories)
        except WorkspaceError as exc:
            for problem in exc.problems:
                print(f"  {problem}")
            return EXIT_PROBLEMS
    if args.no_run:
        print("reference solutions: not run (--no-run)")
        return EXIT_OK
    known = {task.id for task in workspace.tasks}
    unknown = [t for t in args.tasks or [] if t not in known]
    if unknown:
        raise CliError(f"--task: no task {', '.join(unknown)} in {workspace.root}", EXIT_USAGE)
    print(f"running the references and variants of {len(args.tasks or known)} task(s)…", file=sys.stderr)
    try:
        outcomes = check_onec_references(workspace, args.tasks or None, sandbox=args.sandbox, jobs=args.jobs)
    except SandboxUnavailable as exc:
        raise CliError(f"reference solutions: {exc}") from exc
    print("reference solutions and variants:")
    for outcome in outcomes:
        print(f"  {outcome}")
    failed = [o for o in outcomes if not o.ok]
    print(f"{len(failed)} problem(s)" if failed else "ok: no problems found")
    return EXIT_PROBLEMS if failed else EXIT_OK


def score_onec(root: Path, args: argparse.Namespace, on_progress: object = None) -> int:
    workspace = _open(root)
    if workspace is None:
        return EXIT_PROBLEMS
    (experiment_file,) = existing_files([args.experiment])
    try:
        experiment = load_experiment(experiment_file, workspace.categories)
    except WorkspaceError as exc:
        raise CliError(str(exc)) from exc
    experiment = pick_runs(experiment, args.task, args.model, args.run_index)
    out = Path(args.out).expanduser()
    if checkpoint_path(out).exists():
        print(f"resuming from {checkpoint_path(out)}", file=sys.stderr)
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
    print(
        f"{summary.out}: {summary.total} runs ({summary.scored_now} scored now, {summary.resumed} resumed) "
        f"in {isolation}"
    )
    if summary.unknown_tasks:
        print(f"skipped runs of tasks not in the workspace: {', '.join(summary.unknown_tasks)}")
    if summary.infra_errors:
        print(f"{summary.infra_errors} run(s) hit a sandbox failure and are N/A; run the same command again")
        return EXIT_PROBLEMS
    return EXIT_OK


def report_onec(root: Path, args: argparse.Namespace) -> int:
    """Compile Rate and Success Rate per model: overall, by level and by context."""
    workspace = _open(root)
    if workspace is None:
        return EXIT_PROBLEMS
    documents = []
    for path in existing_files(args.auto_files):
        try:
            documents.append(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise CliError(f"{path}: not a readable auto file ({exc})") from exc
        if not isinstance(documents[-1], dict) or not isinstance(documents[-1].get("tasks"), list):
            raise CliError(f"{path}: not an auto file (expected a JSON object with `tasks`)")
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
