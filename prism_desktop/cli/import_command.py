"""`prism-desktop import [FILE…]`: put a workspace and its PRISM result files into the store."""

from __future__ import annotations

import argparse

from prism_desktop.cli.common import (
    EXIT_OK,
    add_command,
    existing_files,
    format_table,
    open_store_from_args,
    open_workspace,
)
from prism_desktop.services.importing import ImportSummary, import_results


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = add_command(
        subparsers,
        "import",
        run,
        help="import a workspace and its PRISM result files into the store",
        description="Import the workspace (a snapshot of its tasks and protocols) and PRISM result "
        "files: experiments, auto_l1 files and expert files. All or nothing; importing the same "
        "files again adds nothing.",
    )
    parser.add_argument(
        "files",
        nargs="*",
        metavar="FILE",
        help="result files to import (default: every experiment, auto and expert file under results/)",
    )


def run(args: argparse.Namespace) -> int:
    workspace = open_workspace(args)
    files = existing_files(args.files) if args.files else None
    with open_store_from_args(args) as store:
        summary = import_results(store, workspace, files)
        print(render_summary(summary, store.url))
    return EXIT_OK


def render_summary(summary: ImportSummary, store_url: str) -> str:
    count = len(summary.files)
    lines = [f"imported {count} result file{'' if count == 1 else 's'} into {store_url}", ""]
    lines.append(
        format_table(
            ("", "new", "updated", "unchanged"),
            [(name, c.new, c.updated, c.unchanged) for name, c in summary.rows()],
            align=("<", ">", ">", ">"),
        )
    )
    lines += [f"warning: {warning}" for warning in summary.warnings]
    if not summary.changed:
        lines.append("nothing new: the store already held all of it")
    return "\n".join(lines)
