"""Axis M (PRISM_FORMAT §3.4): the share of hidden tests passed. `score` holds the fine value
round(passed/total × 10, 1); `band` the M-table step compared with experts."""

from __future__ import annotations

from typing import Any

from prism_desktop.runs.onec import BRunMeasurement, TestsMeasurement
from prism_desktop.scoring.axis_score import AxisScore
from prism_desktop.scoring.entry_points import NO_ENTRY_REASON
from prism_desktop.scoring.platform_axis import platform_error_tests, platform_errors
from prism_desktop.scoring.syntax import UNMEASURED_RUN_STATUSES, compile_error_excerpts
from prism_desktop.scoring.tables import evaluate
from prism_desktop.workspace.protocol import AxisRules, RuntimeConstants

TIMEOUT_ERROR = "таймаут исполнения"
INFRA_DETAIL_CHARS = 300  # detail.M.infra_detail of an unmeasured B run


def fine_and_band(passed: int, total: int, executed: bool, rules: AxisRules) -> tuple[float, int]:
    """(fine, step); both are 0 unless the code executed and there were tests."""
    if not executed or total <= 0:
        return 0.0, 0
    return round(passed / total * 10, 1), evaluate(rules.table, passed / total)


def _case_errors(tests: TestsMeasurement, runtime: RuntimeConstants) -> list[str]:
    """FAIL/ERR lines in PRISM's wording. PRISM numbers its tests from 0, the sandbox from 1."""
    lines: list[str] = []
    for case in tests.cases:
        number = case.index - 1
        if case.status == "fail":
            lines.append(f"PRISM_FAIL {number}")
        elif case.status == "error":
            # PRISM keeps one stdout line per test, so only the first line of the description.
            first_line = (case.error or "").split("\n", 1)[0]
            lines.append(f"PRISM_ERR {number} {first_line}")
    return [line[: runtime.error_chars] for line in lines]


def score_meaning_a(
    tests: TestsMeasurement, total: int, entry_point: str | None, rules: AxisRules, runtime: RuntimeConstants
) -> AxisScore:
    """M for category A. `total` is the task's number of tests; `entry_point` the detected one."""
    executed = False
    passed = 0
    if tests.status == "no_entry":
        entry_point, errors = None, [NO_ENTRY_REASON]
    elif tests.status == "timeout":
        errors = [TIMEOUT_ERROR]
    elif tests.status == "compile_error":
        tail = (tests.detail or "")[-runtime.compile_error_tail_chars :].strip()
        errors = [f"compile_error: {tail}"]
    elif tests.status in ("ok", "limit"):
        # A resource limit stops the run midway, as a killed OneScript process does in PRISM:
        # the tests reported so far count, and the limit is named after them.
        executed = True
        passed = sum(1 for case in tests.cases if case.status == "pass")
        errors = _case_errors(tests, runtime)
        if tests.status == "limit":
            limit = f"лимит исполнения: {tests.detail}" if tests.detail else "лимит исполнения"
            errors.append(limit[: runtime.error_chars])
    else:
        raise ValueError(
            f"tests measurement status: found {tests.status!r}, "
            "expected ok, no_entry, compile_error, timeout or limit"
        )
    fine, band = fine_and_band(passed, total, executed, rules)
    detail: dict[str, Any] = {
        "executed": executed,
        "passed": passed,
        "total": total,
        "entry_point": entry_point,
        "errors": errors,
        "band": band,
    }
    return AxisScore(fine, detail, band).measured_by(tests.instrument)


def b_run_record(run: BRunMeasurement, runtime: RuntimeConstants) -> dict[str, Any]:
    """The run record as PRISM stores it in detail.M: log truncated, platform markers and
    platform-error tests computed from the full log (only a run that produced a result has them)."""
    produced = run.status == "ok"
    return {
        "status": run.status,
        "passed": run.passed,
        "total": run.total,
        "log": run.log.strip()[: runtime.log_chars],
        "platform_errors": platform_errors(run.log, runtime.platform_markers) if produced else [],
        "platform_error_tests": platform_error_tests(run.log, runtime.platform_markers) if produced else 0,
        "compile_error_lines": list(run.compile_error_lines),
        "compile_errors": compile_error_excerpts(run, runtime),
        "entry_point": run.entry_point,
        "infra_detail": run.infra_detail or "",
    }


def score_meaning_b(run: BRunMeasurement, rules: AxisRules, runtime: RuntimeConstants) -> AxisScore:
    """M for category B: null when the infrastructure failed; no_entry and candidate_error are
    the candidate's fault and score 0.0."""
    if run.status in UNMEASURED_RUN_STATUSES:
        return AxisScore.not_measured(
            f"исполнение не состоялось ({run.status})",
            infra_detail=(run.infra_detail or "")[:INFRA_DETAIL_CHARS],
        ).measured_by(run.instrument)
    executed = run.status == "ok" and run.total > 0
    fine, band = fine_and_band(run.passed, run.total, executed, rules)
    return AxisScore(fine, {**b_run_record(run, runtime), "band": band}, band).measured_by(run.instrument)
