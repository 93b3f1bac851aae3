"""Agreement of our Level 1 with PRISM's published Level-1 scores, run by run, on PRISM's own data.

Usage:
  .venv/bin/python bench/prism_agreement.py --workspace PRISM_CHECKOUT \\
      --experiment PRISM_CHECKOUT/results/experiment_B_….json \\
      --published PRISM_CHECKOUT/results/auto/experiment_B_…_auto_l1.json \\
      --out /tmp/ours_B_auto_l1.json [--sandbox docker|local|auto] [--jobs N] \\
      [--task ID …] [--model ID …] [--no-score] [--top N] [--json REPORT.json]

Scores the experiment's runs that the published file also has (optionally only some tasks/models)
with the same services layer as `prism-desktop score` (resumable: `--out` keeps a checkpoint, so an
interrupted run picks up where it stopped; `--no-score` compares an existing `--out` only), then
compares both files run by run: per axis the share of runs whose step is the same (S, bands.M, O,
bands.P; both null agrees, one null does not), with n, overall and per category, and the mismatches
grouped by cause with example runs and log excerpts. No PRISM data is bundled: every input is a path.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from prism_desktop.scoring.run_agreement import compare_runs, format_report, select
from prism_desktop.services.score_experiment import score_experiment
from prism_desktop.workspace.results import Experiment, ScoredRun
from prism_desktop.workspace.results_loader import load_score_file
from prism_desktop.workspace.workspace import Workspace


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--workspace", required=True, help="a PRISM checkout (tasks/, metrics/)")
    parser.add_argument("--experiment", required=True, help="results/experiment_*.json of that checkout")
    parser.add_argument("--published", required=True, help="PRISM's results/auto/*_auto_l1.json for it")
    parser.add_argument("--out", required=True, help="where our auto file goes (resumable)")
    parser.add_argument("--sandbox", choices=("auto", "docker", "local"), default="docker")
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--task", nargs="*", default=[], metavar="ID")
    parser.add_argument("--model", nargs="*", default=[], metavar="MODEL_ID")
    parser.add_argument("--no-score", action="store_true", help="compare an existing --out only")
    parser.add_argument("--top", type=int, default=25, help="mismatch groups to print")
    parser.add_argument("--json", metavar="OUT", help="write the whole report as JSON")
    return parser.parse_args(argv)


def _to_score(experiment: Experiment, published: Sequence[ScoredRun], args: argparse.Namespace) -> Experiment:
    """The experiment restricted to runs the published file has and the filters keep (a run is
    found by model id, else by response hash, else by model name: see `align`)."""
    keys = {r.key for r in published}
    hashes = {(r.task_id, r.run_index, r.response_hash) for r in published if r.response_hash}
    names = {(r.task_id, r.run_index, r.model_name) for r in published if r.model_name}
    keep = tuple(
        g
        for g in experiment.generations
        if (
            (g.task_id, g.model_id, g.run_index) in keys
            or (g.task_id, g.run_index, g.response_hash) in hashes
            or (g.task_id, g.run_index, g.model_name) in names
        )
        and (not args.task or g.task_id in args.task)
        and (not args.model or g.model_id in args.model)
    )
    return dataclasses.replace(experiment, generations=keep)


def _progress(done: int, total: int, generation: object) -> None:
    if done == total or done % 10 == 0:
        print(f"  scored {done}/{total}", file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    workspace = Workspace.open(args.workspace)
    published = load_score_file(Path(args.published))
    out = Path(args.out)
    if not args.no_score:
        experiment = workspace.experiment(Path(args.experiment))
        subset = _to_score(experiment, published.runs, args)
        started = time.monotonic()
        summary = score_experiment(
            workspace, subset, out, sandbox=args.sandbox, jobs=args.jobs, on_progress=_progress
        )
        print(
            f"scored {summary.total} runs ({summary.scored_now} now, {summary.resumed} resumed, "
            f"{summary.infra_errors} sandbox failures) on {summary.runner} "
            f"in {time.monotonic() - started:.0f} s",
            file=sys.stderr,
        )
    ours = load_score_file(out)
    categories = {task.id: task.category for task in workspace.tasks}
    # PRISM's model ids may differ from the experiment's: --model filters our runs, theirs follow
    # by alignment (their runs of other models then count as "only theirs").
    report = compare_runs(
        select(ours.runs, args.task, args.model), select(published.runs, args.task), categories
    )
    print(
        f"ours: {out} (protocol {ours.protocol_version}); "
        f"reference: {args.published} (runner {published.runner})"
    )
    print(format_report(report, top=args.top))
    if args.json:
        document = {
            "workspace": str(workspace.root),
            "experiment": args.experiment,
            "published": args.published,
            "ours": str(out),
            "protocol": {"ours": ours.protocol_version, "reference": published.protocol_version},
            **report.to_json(),
        }
        Path(args.json).write_text(json.dumps(document, ensure_ascii=False, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
