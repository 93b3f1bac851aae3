"""`prism-desktop export verified|expert|report`: write Verified annotations (JSONL, CSV), an
expert's grades as PRISM-shaped expert files, or the agreement report (JSON, HTML). Inputs are
chosen as for `agreement` (--auto/--expert files or --session in the store); `report` can also
re-render a saved agreement JSON (--from). Every file is written atomically."""

from __future__ import annotations

import argparse
from pathlib import Path

from prism_desktop.cli.agreement_command import (
    add_analysis_options,
    add_source_options,
    build_report,
    load_analysis,
    write_text,
)
from prism_desktop.cli.common import (
    EXIT_OK,
    EXIT_USAGE,
    CliError,
    add_command,
    existing_files,
    open_store_from_args,
    open_workspace,
    positive_int,
    write_json_atomic,
)
from prism_desktop.review.expert_export import write_expert_file
from prism_desktop.review.report_html import render_html
from prism_desktop.review.report_json import FORMAT
from prism_desktop.review.store_input import expert_grades, expert_names, expert_provenance
from prism_desktop.review.verified_export import write_verified_csv, write_verified_jsonl
from prism_desktop.services.agreement import expert_files, verified_runs
from prism_desktop.workspace.errors import WorkspaceError
from prism_desktop.workspace.results_loader import read_json

KINDS = ("verified", "expert", "report")


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = add_command(
        subparsers,
        "export",
        run,
        help="export Verified annotations, an expert's grades as expert files, or the agreement report",
    )
    kinds = parser.add_subparsers(title="what to export", metavar="KIND", dest="export_kind", required=True)

    verified = add_command(kinds, "verified", run, help="Verified runs as JSONL (and CSV)")
    add_source_options(verified)
    add_analysis_options(verified)
    verified.add_argument("--jsonl", metavar="OUT", required=True, help="one JSON object per Verified run")
    verified.add_argument("--csv", metavar="OUT", dest="csv_out", help="also as CSV")

    expert = add_command(kinds, "expert", run, help="an expert's grades in the store as PRISM expert files")
    expert.add_argument("--expert", metavar="NAME", required=True, help="the expert's name in the store")
    expert.add_argument(
        "--session",
        metavar="ID",
        type=positive_int,
        help="grades of this session (default: standalone grades)",
    )
    expert.add_argument(
        "--out",
        metavar="DIR",
        required=True,
        help="folder for <experiment>_expert_<id>.json (one per experiment)",
    )

    report = add_command(kinds, "report", run, help="the agreement report as JSON and/or HTML")
    report.add_argument(
        "--from", metavar="REPORT.json", dest="from_report", help="re-render a saved agreement JSON"
    )
    add_source_options(report)
    add_analysis_options(report)
    report.add_argument("--json", metavar="OUT", dest="json_out", help="write the report as JSON")
    report.add_argument("--html", metavar="OUT", dest="html_out", help="write a self-contained HTML page")


def run(args: argparse.Namespace) -> int:
    handlers = {"verified": _verified, "expert": _expert, "report": _report}
    try:
        return handlers[args.export_kind](args)
    except ValueError as exc:  # a step off the scale, a name unusable as a file name
        if isinstance(exc, WorkspaceError):
            raise
        raise CliError(str(exc)) from exc


def _verified(args: argparse.Namespace) -> int:
    loaded = load_analysis(args)
    experts = loaded.analysis.agreement.experts
    records = verified_runs(loaded.analysis, loaded.workspace)
    try:
        write_verified_jsonl(Path(args.jsonl), records)
        if args.csv_out:
            write_verified_csv(Path(args.csv_out), records, experts)
    except OSError as exc:
        raise CliError(f"{exc.filename or args.jsonl}: cannot write ({exc.strerror or exc})") from exc
    graded = len(loaded.analysis.run_verdicts)
    print(
        f"{len(records)} Verified run(s) of {graded} graded written to {args.jsonl}"
        + (f" and {args.csv_out}" if args.csv_out else "")
    )
    return EXIT_OK


def _expert(args: argparse.Namespace) -> int:
    workspace = open_workspace(args)
    with open_store_from_args(args) as store:
        try:
            by_experiment = expert_grades(store, args.expert, args.session)
            provenance = expert_provenance(store, args.expert, args.session)
        except KeyError as exc:
            known = ", ".join(expert_names(store)) or "none"
            raise CliError(f"{exc.args[0]} (experts in the store: {known})") from None
    if not by_experiment:
        scope = f"session {args.session}" if args.session else "standalone grading"
        raise CliError(f"expert {args.expert!r} has no grades in {scope}")
    try:
        files = expert_files(workspace, args.expert, by_experiment, Path(args.out), provenance)
    except ValueError as exc:  # a name from input that would write outside --out
        raise CliError(str(exc)) from None
    for file in files:
        try:
            write_expert_file(file.path, file.document)
        except OSError as exc:
            raise CliError(f"{file.path}: cannot write ({exc.strerror or exc})") from exc
        print(f"{file.path}: {file.graded_runs} run(s) graded by {file.evaluator_id}")
    return EXIT_OK


def _report(args: argparse.Namespace) -> int:
    if not args.json_out and not args.html_out:
        raise CliError("give --json OUT and/or --html OUT", EXIT_USAGE)
    if args.from_report:
        if args.auto or args.expert or args.session is not None:
            raise CliError(
                "--from re-renders a saved report: give it without --auto/--expert/--session", EXIT_USAGE
            )
        (path,) = existing_files([args.from_report])
        report = read_json(path)
        if not isinstance(report, dict) or report.get("format") != FORMAT:
            raise CliError(
                f"{path}: format: expected {FORMAT!r} (a report written by `prism-desktop agreement`)"
            )
    else:
        report = build_report(load_analysis(args))
    if args.json_out:
        write_json_atomic(Path(args.json_out), report)
    if args.html_out:
        write_text(Path(args.html_out), render_html(report))
    written = [p for p in (args.json_out, args.html_out) if p]
    print(f"report written to {' and '.join(written)}")
    return EXIT_OK
