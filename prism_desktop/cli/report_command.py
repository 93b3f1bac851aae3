"""`prism-desktop report AUTO_FILE…`: per model and category, the mean S/M/O/P/Q with the 95% CI
of per-task Q and the failure funnel, as a terminal table and, with --json, as JSON. The numbers
come from scoring/report.py; this module only reads the files and lays the rows out."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from prism_desktop.cli.common import (
    EXIT_OK,
    EXIT_USAGE,
    CliError,
    add_command,
    existing_files,
    format_table,
    open_workspace,
    write_json_atomic,
)
from prism_desktop.scoring.funnel import BUCKETS
from prism_desktop.scoring.report import SUMMARY_AXES, summarise
from prism_desktop.workspace.results import ScoreFile
from prism_desktop.workspace.workspace import Workspace

STDOUT = "-"


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = add_command(
        subparsers,
        "report",
        run,
        help="summarise auto_l1 files per model and category: means, 95%% CI, failure funnel",
    )
    parser.add_argument(
        "auto_files", nargs="+", metavar="AUTO_FILE", help="results/auto/*_auto_l1.json files"
    )
    parser.add_argument(
        "--json",
        metavar="OUT",
        dest="json_out",
        help=f"also write the rows as JSON to OUT ('{STDOUT}': JSON to stdout instead of the table)",
    )


def run(args: argparse.Namespace) -> int:
    workspace = open_workspace(args)
    score_files = [_auto_file(workspace, path) for path in existing_files(args.auto_files)]
    categories = {task.id: task.category for task in workspace.tasks}
    try:
        rows = summarise((f.to_json() for f in score_files), categories, workspace.protocols.taxonomy)
    except ValueError as exc:  # a task of unknown category, or a taxonomy without a default
        raise CliError(str(exc)) from exc
    document = {"files": [str(f.path) for f in score_files], "rows": rows}
    if args.json_out == STDOUT:
        print(json.dumps(document, ensure_ascii=False, indent=2))
        return EXIT_OK
    print(render_report(rows))
    if args.json_out:
        write_json_atomic(Path(args.json_out), document)
        print(f"\nJSON written to {args.json_out}")
    return EXIT_OK


def _auto_file(workspace: Workspace, path: Path) -> ScoreFile:
    score_file = workspace.score_file(path)
    if score_file.is_expert:
        raise CliError(
            f"{path}: evaluator_id: found {score_file.evaluator_id!r}, expected 'auto_l1' "
            "(report summarises machine scores; expert files are compared with `agreement`)",
            EXIT_USAGE,
        )
    return score_file


def _percent(share: float | None) -> str | None:
    return None if share is None else f"{share * 100:.0f}%"


def _margin(margin: float | None) -> str | None:
    return None if margin is None else f"±{margin:.2f}"


def render_report(rows: Sequence[dict[str, Any]]) -> str:
    """One aligned table per category; "—" where nothing was measured."""
    if not rows:
        return "no runs in these files"
    headers = ("model", "runs", "tasks", *SUMMARY_AXES, "Q 95% CI", "solved", *BUCKETS, "top failure")
    align: list[Any] = [">"] * len(headers)
    align[0] = align[-1] = "<"
    blocks = []
    for category in sorted({row["category"] for row in rows}):
        table_rows = []
        for row in (r for r in rows if r["category"] == category):
            funnel = row["funnel"] or {}
            buckets = funnel.get("buckets") or {}
            cause = funnel.get("cause")
            table_rows.append(
                (
                    row["model"],
                    row["runs"],
                    row["tasks"],
                    *(row["means"][axis] for axis in SUMMARY_AXES),
                    _margin(row["margin"]),
                    _percent(row["solved"]),
                    *(buckets.get(bucket) for bucket in BUCKETS),
                    f"{cause[0]} ({cause[1]})" if cause else None,
                )
            )
        blocks.append(f"Category {category}\n{format_table(headers, table_rows, align)}")
    return "\n\n".join(blocks)
