"""`prism-desktop import [FILE…]`: put a workspace and its PRISM result files into the store."""

from __future__ import annotations

import argparse
import getpass

from prism_desktop.cli.common import (
    EXIT_OK,
    add_command,
    existing_files,
    format_table,
    open_store_from_args,
    open_workspace,
)
from prism_desktop.services.importing import ImportConflict, ImportSummary, import_results


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
    parser.add_argument(
        "--as",
        dest="importer",
        metavar="NAME",
        help="the expert who imports, named in the history of every grade an expert file changes "
        "(default: your login name)",
    )


def run(args: argparse.Namespace) -> int:
    workspace = open_workspace(args)
    files = existing_files(args.files) if args.files else None
    with open_store_from_args(args) as store:
        summary = import_results(store, workspace, files, imported_by=args.importer or _login_name())
        print(render_summary(summary, store.url))
    return EXIT_OK


def _login_name() -> str | None:
    try:
        return getpass.getuser()
    except (KeyError, OSError):  # no user name in the environment or the password database
        return None


def _conflict_line(conflict: ImportConflict) -> str:
    stored = "none (removed)" if conflict.stored_step is None else str(conflict.stored_step)
    who = f"changed by {conflict.changed_by or 'someone'}"
    if conflict.changed_at is not None:
        who += f" at {conflict.changed_at:%Y-%m-%d %H:%M:%S} UTC"
    return (
        f"conflict: {conflict.file.name}: run {conflict.run_id} ({conflict.task_id}, {conflict.model_id}, "
        f"run {conflict.run_index}), axis {conflict.axis}: the store holds {stored} ({who}, after the file "
        f"was written), the file says {conflict.incoming_step}"
    )


def render_summary(summary: ImportSummary, store_url: str) -> str:
    count = len(summary.files)
    lines = [f"imported {count} result file{'' if count == 1 else 's'} into {store_url}", ""]
    lines.append(
        format_table(
            ("", "new", "updated", "unchanged", "conflicts"),
            [(name, c.new, c.updated, c.unchanged, c.conflicts) for name, c in summary.rows()],
            align=("<", ">", ">", ">", ">"),
        )
    )
    lines += [f"warning: {warning}" for warning in summary.warnings]
    lines += [_conflict_line(conflict) for conflict in summary.conflicts]
    if summary.conflicts:
        kept = len(summary.conflicts)
        lines.append(
            f"{kept} grade{'' if kept == 1 else 's'} kept as stored: changed in the store after the file was "
            "written; export again to get them, or change them in the review window"
        )
    if not summary.changed:
        lines.append("nothing new: the store already held all of it")
    return "\n".join(lines)
