"""The lint/type gate of library tasks (ruff, mypy), in the manner of Commit-0's lint step: run on the
candidate's files after they compile and before any of its code runs, reported beside the tests and
never part of S or M. Each tool runs as the candidate user with no configuration the candidate could
bring (ruff --isolated with its default rules, mypy with no config file), over a runner-owned copy of
the candidate's files in which every inline suppression (`# noqa`, `# type: ignore`, `# ruff: …`,
`# mypy: …`) is replaced by a neutral comment: the answer cannot switch a rule off, and the result
lists what it tried to switch off (CodeRunResult.suppressions). Pure standard library."""

from __future__ import annotations

import io
import json
import re
import shutil
import tokenize
from pathlib import Path

from prism_desktop.runs.code import CodeDiagnostic, CodeRunSpec, CodeSuppression, GateCheck
from prism_desktop.sandbox.code.context import BASE_PATH, RunContext
from prism_desktop.sandbox.code.languages import seed_cache

GATE_TOOLS = ("ruff", "mypy")
MYPY_WARM_CACHE = Path("/opt/prism-mypycache")  # the standard library's stubs, analysed at image build
# the options mypy's cache entries depend on: the image's warm-up (build_offline.sh, Dockerfile) uses the same
MYPY_OPTIONS = ["--config-file=", "--ignore-missing-imports"]
MYPY_LINE = re.compile(
    r"^(?P<file>[^:\n]+\.pyi?):(?P<line>\d+):(?:(?P<col>\d+):)? (?P<sev>error|warning): (?P<msg>.*?)"
    r"(?:  \[(?P<code>[\w-]+)\])?$"
)

NEUTRAL_COMMENT = "# (suppression ignored by the gate)"
SUPPRESSION = re.compile(r"#\s*(?:noqa\b|type\s*:\s*ignore\b|(?:ruff|mypy|flake8)\s*:)", re.IGNORECASE)


def run_gate(spec: CodeRunSpec, ctx: RunContext) -> tuple[list[GateCheck], list[CodeSuppression]]:
    """The checks, run in a copy of the candidate's files without their suppressions; those suppressions."""
    files = [name for name in spec.candidate_files if name.endswith(".py")]
    folder = ctx.tests / "gate"
    suppressions: list[CodeSuppression] = []
    for name in files:
        text, found = without_suppressions(spec.files[name])
        suppressions += [CodeSuppression(name, line, comment) for line, comment in found]
        target = folder / name
        target.parent.mkdir(parents=True, exist_ok=True, mode=0o755)
        target.write_text(text, encoding="utf-8")
        target.chmod(0o644)
    checks = [_CHECKS[tool](files, spec, ctx, folder) for tool in spec.gate if tool in _CHECKS]
    return checks, suppressions


def without_suppressions(text: str) -> tuple[str, list[tuple[int, str]]]:
    """`text` with each suppressing comment replaced by a neutral one (same lines; nothing after a comment
    on its line, so no column moves), and (line, comment) of each."""
    lines = text.splitlines(keepends=True)
    found: list[tuple[int, str]] = []
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, SyntaxError):
        return text, found  # the candidate compiled, so this does not happen; then nothing is replaced
    for token in tokens:
        if token.type == tokenize.COMMENT and SUPPRESSION.search(token.string):
            row, column = token.start
            found.append((row, token.string.strip()))
            line = lines[row - 1]
            end = column + len(token.string)
            lines[row - 1] = line[:column] + NEUTRAL_COMMENT + line[end:]
    return "".join(lines), found


def _ruff(files: list[str], spec: CodeRunSpec, ctx: RunContext, folder: Path) -> GateCheck:
    if shutil.which("ruff", path=BASE_PATH) is None:
        return GateCheck("ruff", "unavailable", output="the sandbox image carries no ruff")
    report = ctx.scratch / "ruff.json"
    argv = ["ruff", "check", "--isolated", "--no-cache", "--exit-zero", "--output-format=json",
            f"--output-file={report}", *files]  # fmt: skip
    run = ctx.run(argv, cwd=folder, env=ctx.env(), timeout_s=spec.limits.compile_timeout_s)
    if run.timed_out:
        return GateCheck("ruff", "timeout", output=run.output[-2000:])
    try:
        found = json.loads(report.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return GateCheck("ruff", "error", output=f"exit {run.exit_code}: {run.output[-2000:]}")
    diagnostics = [
        CodeDiagnostic(
            file=_relative(str(item.get("filename", "")), folder),
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


def _mypy(files: list[str], spec: CodeRunSpec, ctx: RunContext, folder: Path) -> GateCheck:
    cache = ctx.scratch / "mypy-cache"
    seed_cache(MYPY_WARM_CACHE, cache)
    report = ["--no-error-summary", "--show-column-numbers", "--show-error-codes", "--no-color-output"]
    argv = ["python3", "-m", "mypy", *MYPY_OPTIONS, f"--cache-dir={cache}", *report, "--no-pretty", *files]
    run = ctx.run(
        argv, cwd=folder, env=ctx.env(MYPYPATH=str(folder)), timeout_s=spec.limits.compile_timeout_s
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
                    file=_relative(match["file"], folder),
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
