"""`prism-desktop agreement`: machine–expert and expert–expert agreement with bootstrap intervals,
Verified marks and threshold proposals, from an auto file and expert files (or a review session
in the store), written as JSON and optionally as a self-contained HTML page. The numbers come
from review/; this module reads the inputs, picks the split and lays the result out."""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from prism_desktop.cli.common import (
    EXIT_OK,
    EXIT_USAGE,
    CliError,
    add_command,
    existing_files,
    format_table,
    open_store_from_args,
    open_workspace,
    positive_int,
    write_json_atomic,
)
from prism_desktop.review.analysis import Analysis, analyse
from prism_desktop.review.dataset import AXES, SPLITS, GradedRun
from prism_desktop.review.file_input import graded_runs_from_files
from prism_desktop.review.report_html import render_html
from prism_desktop.review.report_json import report_json
from prism_desktop.review.store_input import session_input
from prism_desktop.review.verification_rules import load_verification_rules, rules_for_workspace
from prism_desktop.services.sessions import split_tasks
from prism_desktop.workspace import atomic
from prism_desktop.workspace.errors import WorkspaceError
from prism_desktop.workspace.results_loader import read_json
from prism_desktop.workspace.workspace import Workspace

DEFAULT_BOOTSTRAP = 2000


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = add_command(
        subparsers,
        "agreement",
        run,
        help="agreement of the machine with experts (kappa, CI), Verified marks, threshold proposals",
        description="Cohen's kappa (unweighted, linear, quadratic) of the machine's steps against each "
        "expert and the experts' consensus, Fleiss' kappa and Krippendorff's alpha between experts, "
        "each with a seeded bootstrap 95% interval, on calibration and validation tasks separately "
        "(validation is the headline).",
    )
    add_source_options(parser)
    add_analysis_options(parser)
    parser.add_argument(
        "--json", metavar="OUT", dest="json_out", required=True, help="write the report as JSON"
    )
    parser.add_argument(
        "--html", metavar="OUT", dest="html_out", help="also write a self-contained HTML page"
    )


def add_source_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--auto", metavar="AUTO.json", help="the machine's scores: a results/auto/*_auto_l1.json file"
    )
    parser.add_argument(
        "--expert",
        metavar="EXPERT.json",
        action="append",
        default=[],
        help="an expert file (repeat per expert)",
    )
    parser.add_argument(
        "--session", metavar="ID", type=positive_int, help="a review session in the store instead"
    )


def add_analysis_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--split",
        metavar="FILE",
        help='JSON task split: {"calibration": [ids], "validation": [ids]}, {task: split}, or an '
        "agreement report (its `split`); default: the session's, else a seeded split of the graded tasks",
    )
    parser.add_argument(
        "--bootstrap",
        metavar="N",
        type=int,
        default=DEFAULT_BOOTSTRAP,
        help=f"bootstrap resamples (default {DEFAULT_BOOTSTRAP}; 0: no intervals)",
    )
    parser.add_argument(
        "--seed", metavar="S", type=int, default=0, help="seed of the bootstrap and default split"
    )
    parser.add_argument(
        "--verification",
        metavar="FILE",
        help="Verified rules (default: the workspace's metrics/verification.yaml)",
    )


@dataclass(frozen=True)
class Loaded:
    analysis: Analysis
    workspace: Workspace
    inputs: dict[str, Any]
    warnings: tuple[str, ...]


def load_analysis(args: argparse.Namespace) -> Loaded:
    """Read the chosen inputs, pick the split, run the analysis; CliError for unusable arguments."""
    if args.bootstrap < 0:
        raise CliError(f"--bootstrap: found {args.bootstrap}, expected 0 or more resamples", EXIT_USAGE)
    workspace = open_workspace(args)
    categories = {task.id: task.category for task in workspace.tasks}
    warnings: list[str] = []
    stored_split: dict[str, str] = {}
    if args.session is not None:
        if args.auto or args.expert:
            raise CliError("--session reads the store: give it without --auto/--expert", EXIT_USAGE)
        with open_store_from_args(args) as store:
            try:
                found = session_input(store, args.session)
            except KeyError as exc:
                raise CliError(str(exc.args[0])) from None
        runs, experts, stored_split = found.runs, found.experts, found.split_of
        inputs: dict[str, Any] = {"session": args.session}
    else:
        if not args.auto or not args.expert:
            raise CliError(
                "give --auto AUTO.json and at least one --expert EXPERT.json (or --session ID)", EXIT_USAGE
            )
        auto_path, *expert_paths = existing_files([args.auto, *args.expert])
        joined = graded_runs_from_files(
            workspace.score_file(auto_path), [workspace.score_file(p) for p in expert_paths], categories
        )
        runs, experts = joined.runs, joined.experts
        warnings += joined.warnings
        inputs = {
            "auto": str(auto_path),
            "experts": {e: str(p) for e, p in zip(experts, expert_paths, strict=True)},
        }
    if not runs:
        raise CliError("no graded runs: the experts graded none of the machine's runs")
    split_of, split_source = choose_split(args, runs, stored_split)
    inputs["split"] = split_source
    rules = (
        load_verification_rules(Path(args.verification))
        if args.verification
        else rules_for_workspace(workspace.root)
    )
    applicable = {c: workspace.protocols.constitution.applicable_axes(c) for c in ("A", "B")}
    analysis = analyse(
        runs,
        experts,
        split_of,
        rules,
        bootstrap=args.bootstrap,
        seed=args.seed,
        l1_axes=workspace.protocols.l1.axes,
        applicable=applicable,
    )
    return Loaded(analysis, workspace, inputs, tuple(warnings))


def choose_split(
    args: argparse.Namespace, runs: Iterable[GradedRun], stored: Mapping[str, str]
) -> tuple[dict[str, str], str]:
    """The task split and where it came from: --split, else the session's, else seeded."""
    tasks = sorted({run.task_id for run in runs})
    if args.split:
        (path,) = existing_files([args.split])
        split = read_split(path)
        source = str(path)
    elif stored:
        split, source = dict(stored), "session"
    else:
        if len(tasks) < 2:
            raise CliError(
                f"only one graded task ({tasks[0]}): a calibration/validation split needs two or more"
            )
        split, source = split_tasks(tasks, args.seed), f"seeded split (seed {args.seed})"
    missing = [t for t in tasks if t not in split]
    if missing:
        raise CliError(
            f"{source}: no split for graded task(s) {', '.join(missing)}; expected each in "
            f"{' or '.join(SPLITS)}"
        )
    return split, source


def read_split(path: Path) -> dict[str, str]:
    data = read_json(path)
    if isinstance(data, dict) and isinstance(data.get("split"), dict):
        data = data["split"]  # an agreement report: reuse its split
    if not isinstance(data, dict):
        raise CliError(f"{path}: found {type(data).__name__}, expected a JSON object")
    split: dict[str, str] = {}
    if set(data) <= set(SPLITS) and all(isinstance(v, list) for v in data.values()):
        for name, tasks in data.items():
            for index, task in enumerate(tasks):
                if not isinstance(task, str):
                    raise CliError(f"{path}: {name}[{index}]: found {task!r}, expected a task id")
                if split.get(task, name) != name:
                    raise CliError(f"{path}: task {task} is in both calibration and validation")
                split[task] = name
        return split
    for task, name in data.items():
        if name not in SPLITS:
            raise CliError(f"{path}: {task}: found {name!r}, expected {' or '.join(map(repr, SPLITS))}")
        split[task] = name
    return split


def write_text(path: Path, text: str) -> None:
    try:
        atomic.write_text_atomic(path, text)
    except OSError as exc:
        raise CliError(f"{path}: cannot write ({exc.strerror or exc})") from exc


def build_report(loaded: Loaded) -> dict[str, Any]:
    analysis = loaded.analysis
    return report_json(
        analysis.agreement,
        inputs={**loaded.inputs, "workspace": str(loaded.workspace.root)},
        rules=analysis.rules,
        axis_verdicts=analysis.axis_verdicts,
        run_verdicts=analysis.run_verdicts,
        proposals=analysis.proposals,
        warnings=loaded.warnings,
    )


def run(args: argparse.Namespace) -> int:
    try:
        loaded = load_analysis(args)
    except ValueError as exc:  # a step off the scale in the inputs, a bad rule combination
        if isinstance(exc, WorkspaceError):
            raise
        raise CliError(str(exc)) from exc
    report = build_report(loaded)
    write_json_atomic(Path(args.json_out), report)
    if args.html_out:
        write_text(Path(args.html_out), render_html(report))
    print(render_summary(report))
    print(f"\nJSON written to {args.json_out}" + (f", HTML to {args.html_out}" if args.html_out else ""))
    return EXIT_OK


def _cell(estimate: Mapping[str, Any]) -> str | None:
    if estimate.get("value") is None:
        return None
    text = f"{estimate['value']:.2f}"
    if estimate.get("ci95"):
        text += f" [{estimate['ci95'][0]:.2f}, {estimate['ci95'][1]:.2f}]"
    return text


def render_summary(report: Mapping[str, Any]) -> str:
    """The headline (validation) machine-vs-consensus figures and the Verified marks."""
    rows = []
    for axis in AXES:
        block = report["axes"].get(axis)
        if block is None:
            continue
        rows.append(
            (
                axis,
                block["n"],
                _cell(block["kappa"]),
                _cell(block["kappa_linear"]),
                _cell(block["kappa_quadratic"]),
                block["kappa_quadratic"].get("band"),
                _cell(block["exact"]),
                _cell(block["adjacent"]),
            )
        )
    headers = ("axis", "n", "kappa", "linear", "quadratic", "band", "exact", "adjacent")
    lines = [
        "Validation tasks: machine vs expert consensus (95% bootstrap CI)",
        format_table(headers, rows, ("<", ">", ">", ">", ">", "<", ">", ">")),
        "",
        "Verified axes per category:",
    ]
    verified = report["verified"]
    for verdict in verified["axes"]:
        mark = "Verified" if verdict["verified"] else "not verified"
        lines.append(f"  {verdict['category']} {verdict['axis']}: {mark} — {verdict['reason']}")
    lines.append(f"Runs Verified: {verified['runs']['verified']} of {verified['runs']['graded']} graded")
    lines += [f"warning: {w}" for w in report.get("warnings", [])]
    return "\n".join(lines)
