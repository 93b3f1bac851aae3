"""The code sandbox's runner: `python3 -m prism_desktop.sandbox.code.runner --spec FILE --out DIR`.

Starts as root with only CAP_SETUID/CAP_SETGID/CAP_KILL, reads the spec as the owner of the run directory,
lays out a fresh work folder (the candidate's files and the task's tests, read-only to the candidate),
compiles and runs the tests as the candidate user, and writes the result into DIR/result.json inside
an envelope echoing the spec's nonce — after compiling and again at the end, so a deadline kill
keeps what was measured. Nothing the candidate prints or writes is taken as a result: only the task's
test ids count (spec.test_ids), and only verdicts our harness signed with the run's secret
(events.py). A collection pass (spec.collect_only, run with the reference) reports the ids the hidden
test files hold. Pure standard library: it runs in the language images, which carry only Debian's
python3 besides the toolchain.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
import traceback
from pathlib import Path
from typing import Any

from prism_desktop.runs.code import (
    RESULT_FORMAT,
    CodeRunResult,
    CodeRunSpec,
    CodeTestOutcome,
    is_test_file,
    spec_from_json,
)
from prism_desktop.sandbox.code.context import RunContext
from prism_desktop.sandbox.code.gate import run_gate
from prism_desktop.sandbox.code.languages import ADAPTERS, prepare_go_module
from prism_desktop.sandbox.code.processes import CANDIDATE_UID, can_switch_users, drop_to_owner_of
from prism_desktop.sandbox.code.test_loop import collect_plan, run_plan

RESULT_FILE = "result.json"
TOOLCHAIN_FILE = Path("/etc/prism-toolchain")  # written when the image was built


def write_result(out: Path, nonce: str, result: CodeRunResult, complete: bool) -> None:
    data: dict[str, Any] = {
        "format": RESULT_FORMAT,
        "nonce": nonce,
        "complete": complete,
        "result": result.to_dict(),
    }
    temp = out / f".{RESULT_FILE}.tmp"
    temp.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    os.replace(temp, out / RESULT_FILE)


def toolchain() -> str:
    try:
        return TOOLCHAIN_FILE.read_text(encoding="utf-8").strip()
    except OSError:
        return "unknown (the image records no toolchain)"


def lay_out(spec: CodeRunSpec, ctx: RunContext) -> None:
    """Fresh folders: work and tests owned by the runner (the candidate reads), scratch open to it."""
    for folder in (ctx.work, ctx.tests, ctx.copies):
        folder.mkdir(mode=0o755)
    for folder in (ctx.scratch, ctx.scratch / "tmp"):  # the candidate's HOME and TMPDIR
        folder.mkdir(mode=0o777)
        folder.chmod(0o777)
    for name, text in spec.files.items():
        target = (ctx.work / name).resolve()
        if ctx.work.resolve() not in target.parents:
            raise ValueError(f"file {name!r} lies outside the work folder")
        target.parent.mkdir(parents=True, exist_ok=True, mode=0o755)
        # surrogateescape: a data file's non-UTF-8 bytes come as lone surrogates (chardet's test documents)
        target.write_bytes(text.encode("utf-8", "surrogateescape"))
        target.chmod(0o644)
    if spec.language == "go":
        prepare_go_module(ctx.work)


def ignored_test_files(spec: CodeRunSpec) -> list[str]:
    """The answer's files that look like tests or pytest's conftest.py: never collected, reported."""
    return sorted(
        name for name in spec.candidate_files
        if is_test_file(name) and name not in spec.test_files
    )  # fmt: skip


def run(spec: CodeRunSpec, out: Path, ctx: RunContext) -> CodeRunResult:
    started = time.monotonic()
    result = CodeRunResult(run_id=spec.run_id, status="ok", language=spec.language, toolchain=toolchain())
    result.ignored_files = ignored_test_files(spec)
    adapter = ADAPTERS[spec.language]
    lay_out(spec, ctx)
    result.compile = adapter.compile(spec, ctx)
    if spec.collect_only:
        plan = adapter.plan(spec, ctx) if result.compile.ok else None
        if plan is not None and plan.setup_error is None:
            result.collected, result.tests_detail = collect_plan(plan, ctx)
        elif plan is not None:
            result.tests_detail = plan.setup_error
    else:
        if not spec.test_ids:
            raise ValueError("the spec names none of the task's tests (spec.test_ids)")
        if result.compile.ok and spec.gate:  # before any of the candidate's code runs
            result.gate, result.suppressions = run_gate(spec, ctx)
        write_result(out, spec.nonce, result, complete=False)
        if result.compile.ok:
            plan = adapter.plan(spec, ctx)
            if plan.setup_error is not None:
                why = f"the tests could not run: {plan.setup_error[-300:]}"
                result.tests = [CodeTestOutcome(name, "error", why) for name in spec.test_ids]
                result.tests_detail = plan.setup_error
            else:
                result.tests, result.tests_detail, result.unverified_events = run_plan(
                    plan, ctx, spec.test_ids
                )
    result.seconds = round(time.monotonic() - started, 3)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="prism_desktop.sandbox.code.runner")
    parser.add_argument("--spec", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    if not can_switch_users():
        print("the code runner must start as root (with CAP_SETUID/CAP_SETGID/CAP_KILL only) to run "
              f"candidates as uid {CANDIDATE_UID}", file=sys.stderr)  # fmt: skip
        return 2
    drop_to_owner_of(args.out)
    spec = spec_from_json(args.spec.read_text(encoding="utf-8"))
    if spec.language not in ADAPTERS:
        print(f"unknown language {spec.language!r}", file=sys.stderr)
        return 2
    try:
        result = run(spec, args.out, RunContext(spec.limits))
    except Exception:  # a fault of ours, not the candidate's: reported as such
        result = CodeRunResult(
            run_id=spec.run_id,
            status="infra_error",
            language=spec.language,
            infra_detail=traceback.format_exc()[-2000:],
        )
    write_result(args.out, spec.nonce, result, complete=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
