"""Axis P, category B only (PRISM_FORMAT §3.5): the share of tests that ran without a platform
(metadata) error, from the same run as M. A wrong value (FAIL) is never a platform error."""

from __future__ import annotations

import re
from collections.abc import Sequence

from prism_desktop.runs.onec import BRunMeasurement
from prism_desktop.scoring.axis_score import AxisScore
from prism_desktop.scoring.entry_points import NO_ENTRY_REASON
from prism_desktop.scoring.syntax import UNMEASURED_RUN_STATUSES
from prism_desktop.scoring.tables import evaluate
from prism_desktop.workspace.protocol import AxisRules, RuntimeConstants

_TEST_START = re.compile(r"(?=тест\d+\s)")  # split just before every `тест<N> ` entry
_EXCEPTION_ENTRY = re.compile(r"тест\d+\s+ИСКЛЮЧЕНИЕ")


def platform_errors(log: str, markers: Sequence[str]) -> list[str]:
    """The markers present anywhere in the log (case-insensitive), in the protocol's order."""
    lowered = log.lower()
    return [marker for marker in markers if marker.lower() in lowered]


def platform_error_tests(log: str, markers: Sequence[str]) -> int:
    """How many test entries are caught exceptions carrying a platform marker. Must be given
    the full log: a truncated one would lose tests."""
    return sum(
        1
        for segment in _TEST_START.split(log)
        if _EXCEPTION_ENTRY.match(segment) and platform_errors(segment, markers)
    )


def score_platform(run: BRunMeasurement, rules: AxisRules, runtime: RuntimeConstants) -> AxisScore:
    """Fine P (clean share × 10) in `score`, the P-table step in `band` and `detail.band`."""
    return _platform(run, rules, runtime).measured_by(run.instrument)


def _platform(run: BRunMeasurement, rules: AxisRules, runtime: RuntimeConstants) -> AxisScore:
    excerpt = run.log[: runtime.error_chars]
    if run.status in UNMEASURED_RUN_STATUSES:
        return AxisScore.not_measured(
            f"исполнение не состоялось ({run.status}): {(run.infra_detail or '')[: runtime.error_chars]}"
        )
    if run.status != "ok":
        # no_entry / candidate_error: the candidate's fault, so the pre-check's 0 without the table.
        return AxisScore(0.0, {"reason": run.infra_detail or NO_ENTRY_REASON, "log": excerpt, "band": 0}, 0)
    found = platform_errors(run.log, runtime.platform_markers)
    if run.total == 0:
        # Crashed before the tests: markers mean the code is built on invented metadata.
        if not found:
            return AxisScore.not_measured("тесты не исполнились, платформенных маркеров нет", log=excerpt)
        band = evaluate(rules.table, 0.0)
        detail = {"clean_share": 0.0, "platform_errors": found, "log": excerpt, "band": band}
        return AxisScore(0.0, detail, band)
    failing = platform_error_tests(run.log, runtime.platform_markers)
    clean = run.total - failing
    clean_share = round(clean / run.total, 3)
    band = evaluate(rules.table, clean / run.total)
    detail = {
        "clean_share": clean_share,
        "clean": clean,
        "total": run.total,
        "platform_error_tests": failing,
        "platform_errors": found,
        "band": band,
    }
    # PRISM computes the fine score from the already-rounded share (1/3 -> 0.333 -> 3.3).
    return AxisScore(round(clean_share * 10, 1), detail, band)
