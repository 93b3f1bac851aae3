"""`prism-desktop runs [--workspace DIR] [--experiment NAME] [--task ID…] [--model ID…] [--json]`: the
runs in the store with their ids (what `gui --run ID` opens), task, model, run index, machine status and
Q. A filter naming what the store does not hold is an error that lists what it does hold."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy import select

from prism_desktop.cli.common import (
    EXIT_OK,
    CliError,
    add_command,
    format_table,
    open_store_from_args,
    workspace_root,
)
from prism_desktop.services.runs_query import RunRow, RunsFilter, RunsQuery, Sort
from prism_desktop.store.models import Experiment, WorkspaceSnapshot

HELP = "list the runs in the store with their ids (for gui --run ID), filtered by experiment, task, model"
IMPORT_HINT = "import a workspace first: prism-desktop import"
LISTED_NAMES = 20  # an error lists at most this many of the values the store holds


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = add_command(
        subparsers,
        "runs",
        run,
        help=HELP,
        description="List the runs in the store with their ids (what `gui --run ID` opens). Every run in "
        "the store; with --workspace DIR, only those imported from that folder.",
    )
    parser.add_argument(
        "--experiment", metavar="NAME", help="only this experiment (its name, or its file: experiment_*.json)"
    )
    parser.add_argument("--task", nargs="+", metavar="ID", help="only these tasks")
    parser.add_argument("--model", nargs="+", metavar="ID", help="only these models (model_id or name)")
    parser.add_argument("--json", action="store_true", help="one JSON array instead of the table")


def run(args: argparse.Namespace) -> int:
    # Only with --workspace: the runs of that workspace (checked before the store opens).
    root = workspace_root(args) if getattr(args, "workspace", None) is not None else None
    store = open_store_from_args(args)
    try:
        run_filter = RunsFilter(experiment_id=_experiment_id(store, args.experiment))
        query = RunsQuery(store)
        rows = query.page(run_filter, Sort(), 0, query.count(run_filter))
        if root is not None:
            rows = _of_workspace(store, rows, root)
    finally:
        store.close()
    _check_named(rows, "--task", args.task, lambda row: [row.task_id])
    _check_named(rows, "--model", args.model, lambda row: [row.model_id, row.model_name or ""])
    rows = [row for row in rows if _wanted(row, args.task, args.model)]
    if args.json:
        print(json.dumps([_as_json(row) for row in rows], ensure_ascii=False, indent=2))
        return EXIT_OK
    if not rows:
        print(_nothing_listed(root, filtered=bool(args.task or args.model)))
        return EXIT_OK
    headers = ("id", "experiment", "task", "model", "run", "status", "Q")
    table = [
        (
            row.run_id,
            row.experiment,
            row.task_id,
            row.model_id,
            row.run_index,
            row.status.value,
            row.scores["Q"],
        )
        for row in rows
    ]
    print(format_table(headers, table, [">", "<", "<", "<", ">", "<", ">"]))
    print(f"\n{len(rows)} run(s); open one with: prism-desktop gui --run ID")
    return EXIT_OK


def _experiment_id(store: Any, name: str | None) -> int | None:
    if name is None:
        return None
    wanted = Path(name).stem if name.endswith(".json") else name
    with store.session() as session:
        found = session.scalar(select(Experiment.id).where(Experiment.name == wanted))
        if found is None:
            known = session.scalars(select(Experiment.name).order_by(Experiment.name)).all()
            raise CliError(
                f"--experiment {name}: not in the store; it holds {', '.join(known) or 'no experiment yet'}"
            )
        return int(found)


def _wanted(row: RunRow, tasks: list[str] | None, models: list[str] | None) -> bool:
    if tasks and row.task_id not in tasks:
        return False
    return not models or row.model_id in models or (row.model_name or "") in models


def _as_json(row: RunRow) -> dict[str, Any]:
    return {
        "id": row.run_id,
        "experiment": row.experiment,
        "task_id": row.task_id,
        "model_id": row.model_id,
        "model_name": row.model_name,
        "run_index": row.run_index,
        "category": row.category,
        "status": row.status.value,
        "scores": row.scores,
    }


def _of_workspace(store: Any, rows: list[RunRow], root: Path) -> list[RunRow]:
    """The rows of experiments imported from the workspace folder `root` (the import records it)."""
    with store.session() as session:
        ids = set(
            session.scalars(
                select(Experiment.id)
                .join(WorkspaceSnapshot, Experiment.snapshot_id == WorkspaceSnapshot.id)
                .where(WorkspaceSnapshot.root_path == str(root))
            )
        )
    return [row for row in rows if row.experiment_id in ids]


def _check_named(
    rows: list[RunRow], option: str, wanted: list[str] | None, names: Callable[[RunRow], list[str]]
) -> None:
    """A task or model no run has is a mistake (a typo, another workspace): say what there is."""
    if not wanted:
        return
    held = sorted({name for row in rows for name in names(row) if name})
    unknown = [name for name in wanted if name not in held]
    if not unknown:
        return
    if not held:
        raise CliError(f"{option} {' '.join(unknown)}: the store holds no runs yet ({IMPORT_HINT})")
    listed = ", ".join(held[:LISTED_NAMES]) + (f" … ({len(held)} in all)" if len(held) > LISTED_NAMES else "")
    raise CliError(f"{option} {' '.join(unknown)}: no run has it; the runs listed hold {listed}")


def _nothing_listed(root: Path | None, *, filtered: bool) -> str:
    if filtered:
        return "no run matches --task and --model together"
    if root is not None:
        return (
            f"no runs of the workspace {root} in the store "
            f"(import it: prism-desktop --workspace {root} import)"
        )
    return f"the store holds no runs yet ({IMPORT_HINT})"
