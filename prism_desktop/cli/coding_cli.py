"""`check` and `score` on a coding-bench workspace (dataset/, tests/, libraries/): the same commands
as for a PRISM workspace, dispatched here when --workspace is one (workspace/coding.py)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from prism_desktop.cli.common import EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, CliError
from prism_desktop.cli.kind_steps import (
    experiments_read,
    known_tasks,
    open_listing_problems,
    print_outcomes,
    read_auto_files,
    runs_to_score,
    scored,
)
from prism_desktop.sandbox.backend import SandboxUnavailable
from prism_desktop.services.code_level1 import score_code_experiment
from prism_desktop.services.code_reference_check import check_code_references
from prism_desktop.workspace.coding import CodingWorkspace


def _open(root: Path) -> CodingWorkspace | None:
    return open_listing_problems(CodingWorkspace.open, root)


def _docker_only(args: argparse.Namespace) -> None:
    if getattr(args, "sandbox", "auto") == "local":
        raise CliError(
            "--sandbox local: code tasks run only in Docker containers (never unisolated)", EXIT_USAGE
        )


def check_coding(root: Path, args: argparse.Namespace) -> int:
    workspace = _open(root)
    if workspace is None:
        return EXIT_PROBLEMS
    languages: dict[str, int] = {}
    for task in workspace.tasks:
        key = task.task_kind.group(task)
        languages[key] = languages.get(key, 0) + 1
    counts = ", ".join(f"{name}: {n}" for name, n in sorted(languages.items()))
    print(f"coding workspace {workspace.root}: {len(workspace.tasks)} tasks ({counts})")
    if not experiments_read(workspace, workspace.experiment_paths()):
        return EXIT_PROBLEMS
    if args.no_run:
        print("reference solutions: not run (--no-run)")
        return EXIT_OK
    _docker_only(args)
    wanted = args.tasks or None
    known_tasks(workspace, wanted)
    print(f"running the reference solutions of {len(wanted or workspace.tasks)} task(s)…", file=sys.stderr)
    try:
        outcomes = check_code_references(workspace, wanted, jobs=args.jobs)
    except SandboxUnavailable as exc:
        raise CliError(f"reference solutions: {exc}") from exc
    return print_outcomes("reference solutions:", outcomes)


def score_coding(root: Path, args: argparse.Namespace, on_progress: object = None) -> int:
    _docker_only(args)
    workspace = _open(root)
    if workspace is None:
        return EXIT_PROBLEMS
    experiment, out = runs_to_score(workspace, args)
    try:
        summary = score_code_experiment(
            workspace,
            experiment,
            out,
            jobs=args.jobs,
            on_progress=on_progress if callable(on_progress) else None,
        )
    except SandboxUnavailable as exc:
        raise CliError(f"--sandbox {args.sandbox}: {exc}") from exc
    return scored(summary, "isolated containers")


def print_code_images() -> None:
    """One line per code-task image (sandbox status)."""
    from prism_desktop.runs.code import LANGUAGES
    from prism_desktop.sandbox.code_images import code_image
    from prism_desktop.sandbox.image import connect

    client = connect()
    for language in LANGUAGES:
        image = code_image(client, language)
        state = f"present ({image.toolchain or 'toolchain not recorded'})" if image.present else "missing"
        print(f"code:    {image.ref} {state}")


def code_languages(wanted: list[str], present: Callable[[str], bool]) -> list[str]:
    """The languages whose code image `sandbox build --code WANTED` builds, in LANGUAGES' order:
    "all", "missing" (also what `--code` alone means) or the languages named."""
    from prism_desktop.runs.code import LANGUAGES

    if "all" in wanted:
        return list(LANGUAGES)
    if not wanted or "missing" in wanted:
        return [language for language in LANGUAGES if not present(language)]
    return [language for language in LANGUAGES if language in wanted]


def build_code_images(wanted: list[str], method: str) -> int:
    """`sandbox build --code [LANG…]`: each image in turn, with its builder's progress and time taken."""
    import time

    from prism_desktop.sandbox.code_images import build_code_image, code_image
    from prism_desktop.sandbox.image import ImageBuildError, connect

    if "all" not in wanted and (not wanted or "missing" in wanted):
        client = connect()  # asked only when the choice depends on which images are there
        languages = code_languages(wanted, lambda language: code_image(client, language).present)
    else:
        languages = code_languages(wanted, lambda _language: False)
    for language in languages:
        started = time.monotonic()
        try:
            used = build_code_image(language, method, progress=lambda line: print(line, flush=True))
        except ImageBuildError as exc:
            raise CliError(f"cannot build the {language} image: {exc}") from exc
        print(f"built the {language} image ({used}) in {time.monotonic() - started:.0f} s", flush=True)
    if not languages:
        print("every code-task image is there")
    return EXIT_OK


def report_coding(root: Path, args: argparse.Namespace) -> int:
    """`report` on a coding workspace: per model, by language and by category."""
    from prism_desktop.cli.common import format_table
    from prism_desktop.scoring.code_report import summarise_code
    from prism_desktop.workspace.atomic import write_json_atomic

    workspace = _open(root)
    if workspace is None:
        return EXIT_PROBLEMS
    documents = read_auto_files(args.auto_files)
    groups = {t.id: (t.task_kind.group(t), t.category) for t in workspace.tasks}
    rows = summarise_code(documents, groups)
    if args.json_out:
        write_json_atomic(Path(args.json_out), {"rows": rows})
    headers = ["by", "group", "model", "runs", "S", "M", "pass@1", "pass@5", "SS", "PCS", "compiles"]
    table = []
    for row in rows:
        samples = row["samples"] or {}
        passes = samples.get("pass_at_k", {})
        table.append(
            [
                row["dimension"], row["value"], row["model"], row["runs"], row["mean_S"], row["mean_M"],
                passes.get("1"), passes.get("5"), samples.get("stability_score"),
                samples.get("partial_credit_score"), samples.get("compile_rate"),
            ]
        )  # fmt: skip
    print(format_table(headers, table, ["<", "<", "<", ">", ">", ">", ">", ">", ">", ">", ">"]))
    print(CODING_LEGEND)
    return EXIT_OK


# What the coding report's short headers mean (the definitions: docs/multi-sample.md).
CODING_LEGEND = (
    "S, M: mean S and M over the runs; pass@k: chance that one of k samples of a task passes every test\n"
    "SS: stability score, 1 − spread of a task's pass/fail results over its samples (1: always the same)\n"
    "PCS: partial credit score, the mean share of hidden tests passed\n"
    "compiles: share of samples that compile"
)
