"""The lint/type gate of library tasks (ruff, mypy), in the manner of Commit-0's lint step: run on the
candidate's files after they compile and before any of its code runs, reported beside the tests and
never part of S or M. Each tool runs as the candidate user with no configuration the candidate could
bring (ruff --isolated with its default rules, mypy with no config file). Pure standard library."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from prism_desktop.sandbox.code.context import BASE_PATH, RunContext
from prism_desktop.sandbox.code.spec import CodeDiagnostic, CodeRunSpec, GateCheck

GATE_TOOLS = ("ruff", "mypy")
MYPY_LINE = re.compile(
    r"^(?P<file>[^:\n]+\.pyi?):(?P<line>\d+):(?:(?P<col>\d+):)? (?P<sev>error|warning): (?P<msg>.*?)"
    r"(?:  \[(?P<code>[\w-]+)\])?$"
)


def run_gate(spec: CodeRunSpec, ctx: RunContext) -> list[GateCheck]:
    files = [name for name in spec.candidate_files if name.endswith(".py")]
    return [_CHECKS[tool](files, spec, ctx) for tool in spec.gate if tool in _CHECKS]


def _ruff(files: list[str], spec: CodeRunSpec, ctx: RunContext) -> GateCheck:
    if shutil.which("ruff", path=BASE_PATH) is None:
        return GateCheck("ruff", "unavailable", output="the sandbox image carries no ruff")
    report = ctx.scratch / "ruff.json"
    argv = ["ruff", "check", "--isolated", "--no-cache", "--exit-zero", "--output-format=json",
            f"--output-file={report}", *files]  # fmt: skip
    run = ctx.run(argv, cwd=ctx.work, env=ctx.env(), timeout_s=spec.limits.compile_timeout_s)
    if run.timed_out:
        return GateCheck("ruff", "timeout", output=run.output[-2000:])
    try:
        found = json.loads(report.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return GateCheck("ruff", "error", output=f"exit {run.exit_code}: {run.output[-2000:]}")
    diagnostics = [
        CodeDiagnostic(
            file=_relative(str(item.get("filename", "")), ctx.work),
            line=int((item.get("location") or {}).get("row") or 0),
            column=int((item.get("location") or {}).get("column") or 0),
            severity="warning",
            message=str(item.get("message", "")),
            code=str(item.get("code") or ""),
        )
        for item in found
        if isinstance(item, dict)
    ]
    return GateCheck("ruff", "fail" if diagnostics else "pass", diagnostics, run.output[-2000:])


def _mypy(files: list[str], spec: CodeRunSpec, ctx: RunContext) -> GateCheck:
    argv = ["python3", "-m", "mypy", "--config-file=", "--no-error-summary", "--show-column-numbers",
            "--show-error-codes", "--no-color-output", "--no-pretty", "--ignore-missing-imports",
            f"--cache-dir={ctx.scratch / 'mypy-cache'}", *files]  # fmt: skip
    run = ctx.run(
        argv, cwd=ctx.work, env=ctx.env(MYPYPATH=str(ctx.work)), timeout_s=spec.limits.compile_timeout_s
    )
    if run.timed_out:
        return GateCheck("mypy", "timeout", output=run.output[-2000:])
    if "No module named mypy" in run.output:
        return GateCheck("mypy", "unavailable", output="the sandbox image carries no mypy")
    diagnostics = []
    for line in run.output.splitlines():
        match = MYPY_LINE.match(line.strip())
        if match:
            diagnostics.append(
                CodeDiagnostic(
                    file=_relative(match["file"], ctx.work),
                    line=int(match["line"]),
                    column=int(match["col"] or 0),
                    severity="warning",
                    message=match["msg"],
                    code=match["code"] or "",
                )
            )
    if run.exit_code not in (0, 1) or (run.exit_code == 1 and not diagnostics):
        return GateCheck("mypy", "error", diagnostics, f"exit {run.exit_code}: {run.output[-2000:]}")
    return GateCheck("mypy", "fail" if diagnostics else "pass", diagnostics, run.output[-2000:])


def _relative(path: str, root: Path) -> str:
    prefix = str(root).rstrip("/") + "/"
    return path[len(prefix) :] if path.startswith(prefix) else path.removeprefix("./")


_CHECKS = {"ruff": _ruff, "mypy": _mypy}
