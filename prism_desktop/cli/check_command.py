"""`prism-desktop check [--task ID…] [--no-run]`: is the workspace sound? Every file is read and
checked (Workspace.validate), then the reference solutions of the chosen tasks run through Level 1
(canonical: M = 10 and O ≥ 8; baseline: M = 10 and O ≤ 4). Exit 1 on any problem."""

from __future__ import annotations

import argparse
import dataclasses
import sys
from collections.abc import Sequence
from pathlib import Path

from prism_desktop.cli.common import (
    EXIT_OK,
    EXIT_PROBLEMS,
    EXIT_USAGE,
    CliError,
    add_command,
    add_sandbox_options,
    workspace_root,
)
from prism_desktop.cli.workspace_kinds import run_for_kind
from prism_desktop.sandbox.backend import SandboxUnavailable
from prism_desktop.services.reference_check import check_references
from prism_desktop.workspace.errors import Problem, WorkspaceError
from prism_desktop.workspace.tasks import Task
from prism_desktop.workspace.workspace import TASKS_DIR, Workspace

FAILED = "failed"  # ReferenceOutcome.status of a reference solution that misses its mark


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = add_command(
        subparsers,
        "check",
        run,
        help="validate the workspace: protocols, tags, tasks, result files and reference solutions",
    )
    parser.add_argument(
        "--task",
        nargs="+",
        metavar="ID",
        dest="tasks",
        help="run the reference solutions of these tasks only (every file is always read and checked: "
        "the workspace opens whole or not at all)",
    )
    parser.add_argument(
        "--no-run", action="store_true", help="only read and validate the files; do not run the references"
    )
    add_sandbox_options(parser)


def run(args: argparse.Namespace) -> int:
    root = workspace_root(args)
    handled = run_for_kind("check", root, args)
    if handled is not None:
        return handled
    try:
        workspace = Workspace.open(root)
    except WorkspaceError as exc:
        # Without readable protocols and tasks nothing else can be checked: report what blocks it.
        _print_problems(root, exc.problems)
        print("result files and reference solutions were not checked: fix the problems above first")
        return EXIT_PROBLEMS

    tasks = _selected_tasks(workspace, args.tasks)
    print(_describe(workspace, tasks))
    problems = workspace.validate()
    problems += _reference_problems(workspace, tasks, args)
    _print_problems(root, problems)
    return EXIT_PROBLEMS if problems else EXIT_OK


def _reference_problems(
    workspace: Workspace, tasks: Sequence[Task], args: argparse.Namespace
) -> list[Problem]:
    """Each reference solution that misses its mark becomes a problem pointing at its file."""
    if args.no_run:
        print("reference solutions: not run (--no-run)")
        return []
    print(f"running the reference solutions of {len(tasks)} task(s)…", file=sys.stderr)
    task_ids = [task.id for task in tasks] if args.tasks else None
    try:
        outcomes = check_references(workspace, task_ids, sandbox=args.sandbox, jobs=args.jobs)
    except SandboxUnavailable as exc:
        raise CliError(f"reference solutions: {exc}") from exc
    print("reference solutions:")
    problems = []
    for outcome in outcomes:
        print(f"  {outcome}")
        if outcome.status == FAILED:
            path = workspace.task(outcome.task_id).directory / outcome.file
            problems.append(Problem(path, message=outcome.message))
    return problems


def _selected_tasks(workspace: Workspace, wanted: Sequence[str] | None) -> tuple[Task, ...]:
    if not wanted:
        return workspace.tasks
    known = {task.id for task in workspace.tasks}
    unknown = [task_id for task_id in wanted if task_id not in known]
    if unknown:
        raise CliError(
            f"--task: no task {', '.join(unknown)} in {workspace.root / TASKS_DIR} "
            f"(tasks: {', '.join(sorted(known)) or 'none'})",
            EXIT_USAGE,
        )
    return tuple(task for task in workspace.tasks if task.id in set(wanted))


def _describe(workspace: Workspace, tasks: Sequence[Task]) -> str:
    protocols = workspace.protocols
    by_category: dict[str, int] = {}
    for task in tasks:
        by_category[task.category] = by_category.get(task.category, 0) + 1
    counts = ", ".join(f"{category}: {n}" for category, n in sorted(by_category.items()))
    return (
        f"workspace {workspace.root}: {len(tasks)} task{'' if len(tasks) == 1 else 's'}"
        f"{f' ({counts})' if counts else ''}; constitution {protocols.constitution.version}, "
        f"L1 protocol {protocols.l1.version}, L2 protocol {protocols.l2.version}"
    )


def _relative(root: Path, problem: Problem) -> Problem:
    path = Path(problem.path)
    if path.is_absolute() and path.is_relative_to(root):
        return dataclasses.replace(problem, path=path.relative_to(root))
    return problem


def _print_problems(root: Path, problems: Sequence[Problem]) -> None:
    if not problems:
        print("ok: no problems found")
        return
    shown = sorted((_relative(root, p) for p in problems), key=lambda p: (str(p.path), p.line or 0))
    print(f"{len(shown)} problem{'' if len(shown) == 1 else 's'}:")
    for problem in shown:
        print(f"  {problem}")
