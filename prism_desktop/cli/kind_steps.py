"""The steps `check`, `score` and `report` take alike on every benchmark kind other than PRISM's
(coding_cli.py, onec_bench_cli.py): opening the workspace with its problems listed, reading its
experiment files, printing the reference check, picking the runs to score and saying what scoring
did, reading auto files. Each kind keeps only what differs: its reader, its runner, its table."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, Protocol, TypeVar

from prism_desktop.cli.common import EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, CliError, existing_files
from prism_desktop.cli.run_filters import pick_runs
from prism_desktop.services.score_experiment import checkpoint_path
from prism_desktop.workspace.errors import WorkspaceError
from prism_desktop.workspace.results import Experiment
from prism_desktop.workspace.results_loader import load_experiment


class Task(Protocol):
    @property
    def id(self) -> str: ...


class BenchWorkspace(Protocol):
    """What these steps read of a coding bench or a 1C Code Bench."""

    @property
    def root(self) -> Path: ...
    @property
    def tasks(self) -> Sequence[Task]: ...
    @property
    def categories(self) -> tuple[str, ...]: ...


W = TypeVar("W", bound=BenchWorkspace)


class Outcome(Protocol):
    @property
    def ok(self) -> bool: ...


class ScoreSummary(Protocol):  # read-only members, so each kind's summary dataclass fits
    @property
    def out(self) -> Path: ...
    @property
    def total(self) -> int: ...
    @property
    def scored_now(self) -> int: ...
    @property
    def resumed(self) -> int: ...
    @property
    def unknown_tasks(self) -> Sequence[str]: ...
    @property
    def infra_errors(self) -> int: ...


def open_listing_problems(opener: Callable[[Path], W], root: Path) -> W | None:
    """The workspace at `root`, or None after printing every problem its reader found."""
    try:
        return opener(root)
    except WorkspaceError as exc:
        print(f"{len(exc.problems)} problem(s):")
        for problem in exc.problems:
            print(f"  {problem}")
        return None


def experiments_read(workspace: BenchWorkspace, paths: Iterable[Path]) -> bool:
    """Whether every experiment file reads; the problems of the first that does not are printed."""
    for path in paths:
        try:
            load_experiment(path, workspace.categories)
        except WorkspaceError as exc:
            for problem in exc.problems:
                print(f"  {problem}")
            return False
    return True


def known_tasks(workspace: BenchWorkspace, wanted: list[str] | None) -> None:
    """CliError naming the tasks of `--task` the workspace does not have."""
    known = {task.id for task in workspace.tasks}
    unknown = [t for t in wanted or [] if t not in known]
    if unknown:
        raise CliError(f"--task: no task {', '.join(unknown)} in {workspace.root}", EXIT_USAGE)


def print_outcomes(heading: str, outcomes: Sequence[Outcome]) -> int:
    print(heading)
    for outcome in outcomes:
        print(f"  {outcome}")
    failed = [o for o in outcomes if not o.ok]
    print(f"{len(failed)} problem(s)" if failed else "ok: no problems found")
    return EXIT_PROBLEMS if failed else EXIT_OK


def runs_to_score(workspace: BenchWorkspace, args: argparse.Namespace) -> tuple[Experiment, Path]:
    """The experiment's runs `--task`/`--model`/`--run` pick, and where `--out` writes (saying when it
    resumes from a checkpoint)."""
    (experiment_file,) = existing_files([args.experiment])
    try:
        experiment = load_experiment(experiment_file, workspace.categories)
    except WorkspaceError as exc:
        raise CliError(str(exc)) from exc
    experiment = pick_runs(experiment, args.task, args.model, args.run_index)
    out = Path(args.out).expanduser()
    if checkpoint_path(out).exists():
        print(f"resuming from {checkpoint_path(out)}", file=sys.stderr)
    return experiment, out


def scored(summary: ScoreSummary, where: str) -> int:
    """What scoring did, `where` the runs ran; EXIT_PROBLEMS when a sandbox failure left runs N/A."""
    print(
        f"{summary.out}: {summary.total} runs ({summary.scored_now} scored now, {summary.resumed} resumed) "
        f"in {where}"
    )
    if summary.unknown_tasks:
        print(f"skipped runs of tasks not in the workspace: {', '.join(summary.unknown_tasks)}")
    if summary.infra_errors:
        print(f"{summary.infra_errors} run(s) hit a sandbox failure and are N/A; run the same command again")
        return EXIT_PROBLEMS
    return EXIT_OK


def read_auto_files(paths: list[str]) -> list[dict[str, Any]]:
    """The auto files `report` reads; CliError naming a file that is not one."""
    documents = []
    for path in existing_files(paths):
        try:
            document = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise CliError(f"{path}: not a readable auto file ({exc})") from exc
        if not isinstance(document, dict) or not isinstance(document.get("tasks"), list):
            raise CliError(f"{path}: not an auto file (expected a JSON object with `tasks`)")
        documents.append(document)
    return documents
