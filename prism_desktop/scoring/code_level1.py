"""Level 1 for a code task (Python, TypeScript, Go, library tasks): from the sandbox's compile and
test measurements to a run object of a PRISM-shaped auto file. Pure: measurements in, dicts out.

S — the candidate compiles: 10 clean, 8 with warnings (go vet), 2 when the compiler rejects it,
    0 when the answer holds no code in the task's language or its patch does not apply.
M — the share of the task's tests that pass (or fail as marked, xfail, as Commit-0 counts), on 0–10:
    10 · passed / test_count. Only the task's own tests count (collected from its hidden files with the
    reference; a Commit-0 library with published ids: those), each by the verdict our harness signed;
    test files the answer adds are never collected (detail.M.ignored_test_files). 0 when the code does
    not compile.
O, P — not applicable to these tasks (N/A with the reason). Q = M.
The lint/type gate of library tasks (ruff, mypy) is reported in detail.S.gate and changes no score:
Commit-0 too reports its lint step apart from the share of passing tests."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from prism_desktop import __version__
from prism_desktop.runs.code import CodeRunResult, CodeTestOutcome
from prism_desktop.scoring.axis_score import AxisScore
from prism_desktop.scoring.reasons import CODE_AXIS_NOT_APPLICABLE
from prism_desktop.scoring.sm_run import sm_run_object
from prism_desktop.workspace.coding import CodingTask
from prism_desktop.workspace.results import Generation

RUNNER_INSTRUMENT = f"prism-code-runner {__version__}"
PASSED = ("pass", "xfail")  # as Commit-0 counts: passed + xfailed; a skipped test is not passed
S_CLEAN, S_WARNINGS, S_REJECTED, S_NO_CODE = 10, 8, 2, 0
M_DECIMALS = 2
FAILED_GENERATION = "генерация не удалась"


def instrument(result: CodeRunResult) -> str:
    return f"{RUNNER_INSTRUMENT}; {result.toolchain or 'toolchain unknown'}"


def score_syntax(result: CodeRunResult) -> AxisScore:
    compiled = result.compile
    if compiled is None:
        return AxisScore.not_measured(
            f"не измерено: песочница завершилась со статусом {result.status} до компиляции"
        )
    diagnostics = [asdict(d) for d in compiled.diagnostics]
    if not compiled.ok:
        score = S_REJECTED
    elif any(d.severity == "warning" for d in compiled.diagnostics):
        score = S_WARNINGS
    else:
        score = S_CLEAN
    detail: dict[str, Any] = {"compiled": compiled.ok, "tool": compiled.tool, "diagnostics": diagnostics}
    if compiled.timed_out:
        detail["status"] = "timeout"
    if not compiled.ok and not diagnostics:
        detail["output"] = compiled.output[-2000:]
    if result.gate is not None:
        detail["gate"] = gate_detail(result)
    if result.suppressions:  # what the answer tried to switch the gate off with (ignored by the gate)
        detail["suppressed"] = [asdict(s) for s in result.suppressions[:50]]
    return AxisScore(score, detail).measured_by(instrument(result))


def gate_detail(result: CodeRunResult) -> dict[str, Any]:
    """{tool: {status, findings, diagnostics[, output]}}: pass / fail / unavailable / timeout / error."""
    detail: dict[str, Any] = {}
    for check in result.gate or []:
        entry: dict[str, Any] = {
            "status": check.status,
            "findings": len(check.diagnostics) if check.status in ("pass", "fail") else None,
            "diagnostics": [asdict(d) for d in check.diagnostics[:50]],
        }
        if check.status not in ("pass", "fail"):
            entry["output"] = check.output[-1000:]
        detail[check.tool] = entry
    return detail


def score_meaning(task: CodingTask, result: CodeRunResult) -> AxisScore:
    compiled = result.compile
    if compiled is not None and not compiled.ok:
        return AxisScore(
            0, {"status": "compile_error", "passed": 0, "total": task.test_count, "tests": []}
        ).measured_by(instrument(result))
    if result.tests is None:
        if result.status == "timeout":  # the whole run was killed: the candidate's code never let go
            killed = {
                "status": "timeout",
                "passed": 0,
                "total": task.test_count,
                "tests": [],
                "note": result.infra_detail,
            }
            return AxisScore(0, killed).measured_by(instrument(result))
        return AxisScore.not_measured(f"не измерено: песочница завершилась со статусом {result.status}")
    counted = counted_tests(task, result.tests)
    tests = [{"name": t.name, "status": t.status, "message": t.message} for t in counted]
    passed = sum(1 for t in counted if t.status in PASSED)
    total = task.test_count
    timed_out = result.status == "timeout" or any(t.status == "timeout" for t in result.tests)
    detail: dict[str, Any] = {
        "status": "timeout" if timed_out else "ok",
        "passed": passed,
        "total": total,
        "tests": tests,
    }
    if result.tests_detail:
        detail["note"] = result.tests_detail[-3000:]
    if result.ignored_files:
        detail["ignored_test_files"] = list(result.ignored_files)
    if result.unverified_events:
        detail["unverified_events"] = result.unverified_events
    return AxisScore(round(10 * min(passed, total) / total, M_DECIMALS), detail).measured_by(
        instrument(result)
    )


def counted_tests(task: CodingTask, tests: list[CodeTestOutcome]) -> list[CodeTestOutcome]:
    """A library with published test ids (Commit-0's) counts those only: a test of the same files that
    Commit-0 leaves out is run but not counted, a published one that did not run counts as failed."""
    published = task.extra.get("test_ids")
    if not published:
        return tests
    wanted = set(published)
    return [t for t in tests if t.name in wanted]


def axis_scores(
    task: CodingTask, generation: Generation, code_problem: str | None, result: CodeRunResult | None
) -> dict[str, AxisScore]:
    """S and M; O and P not applicable. `code_problem`: why no candidate could be built from the
    answer (no code block in the language, a patch that does not apply) — the model's fault, 0."""
    if generation.success is False:
        reason = f"{FAILED_GENERATION}: {(generation.error or FAILED_GENERATION)[:200]}"
        return {"S": AxisScore.not_measured(reason), "M": AxisScore.not_measured(reason)}
    if code_problem is not None:
        status = task.task_kind.no_candidate_status
        detail = {"status": status, "reason": code_problem, "compiled": False}
        detail["instrument"] = RUNNER_INSTRUMENT
        return {
            "S": AxisScore(S_NO_CODE, detail),
            "M": AxisScore(0, {**detail, "passed": 0, "total": task.test_count, "tests": []}),
        }
    if result is None:
        reason = "не измерено: кандидат не запускался в песочнице"
        return {"S": AxisScore.not_measured(reason), "M": AxisScore.not_measured(reason)}
    if result.status in ("infra_error", "cancelled", "killed") and result.compile is None:
        why = f": {result.infra_detail[:200]}" if result.infra_detail else ""
        reason = f"не измерено: песочница завершилась со статусом {result.status}{why}"
        return {"S": AxisScore.not_measured(reason), "M": AxisScore.not_measured(reason)}
    return {"S": score_syntax(result), "M": score_meaning(task, result)}


def score_code_run(
    task: CodingTask, generation: Generation, code_problem: str | None, result: CodeRunResult | None
) -> dict[str, Any]:
    """One auto-file run object: {run_index, response_hash, scores{S,M,O,P,Q}, bands, detail}."""
    results = axis_scores(task, generation, code_problem, result)
    return sm_run_object(generation, results, CODE_AXIS_NOT_APPLICABLE)
