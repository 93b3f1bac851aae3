"""Axis S (PRISM_FORMAT §3.3). Category A: the keyword-balance pre-check on the code, then root
causes = clusters of ParseError lines + compile blockers, scored by the S table. Category B: the
compiler's error lines for the candidate module, clustered the same way."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from prism_desktop.bsl.candidate_text import neutralised_lines
from prism_desktop.runs.onec import BRunMeasurement, SyntaxMeasurement
from prism_desktop.scoring.axis_score import AxisScore
from prism_desktop.scoring.tables import evaluate
from prism_desktop.workspace.protocol import AxisRules, RuntimeConstants

# Opening word -> closing word. `иначеесли` never counts as `если`: no word boundary inside it.
BALANCED_PAIRS: tuple[tuple[str, str], ...] = (
    ("функция", "конецфункции"),
    ("процедура", "конецпроцедуры"),
    ("если", "конецесли"),
    ("цикл", "конеццикла"),
    ("попытка", "конецпопытки"),
)
PARSE_ERROR_CODE = "ParseError"
DEFAULT_CLUSTER_GAP = 3  # PRISM's value when a protocol omits `cluster_gap`
# Only our own failure leaves a B run unmeasured. PRISM also leaves `no_result` (a time or resource
# limit ended the run) N/A; here that is the candidate's failure (docs/gaming.md): it compiled, so S
# is scored, and M and P are 0.
UNMEASURED_RUN_STATUSES = ("infra_error",)


def balance_check(code: str) -> tuple[bool, dict[str, dict[str, int]]]:
    """(balanced, {opener: {open, close}} for every unbalanced pair) on the code without
    strings and comments, lower-cased. Catches truncated answers a parser may swallow."""
    text = "\n".join(line for _, line in neutralised_lines(code)).lower()
    detail: dict[str, dict[str, int]] = {}
    for opener, closer in BALANCED_PAIRS:
        opened = len(re.findall(rf"\b{opener}\b", text))
        closed = len(re.findall(rf"\b{closer}\b", text))
        if opened != closed:
            detail[opener] = {"open": opened, "close": closed}
    return not detail, detail


def count_clusters(lines: Iterable[int], gap: int) -> int:
    """Sorted error lines form one cluster while each exceeds the previous by at most `gap`:
    a cascade of errors from one mistake is one root cause."""
    clusters = 0
    previous: int | None = None
    for line in sorted(lines):
        if previous is None or line - previous > gap:
            clusters += 1
        previous = line
    return clusters


def compile_error_excerpts(run: BRunMeasurement, runtime: RuntimeConstants) -> list[str]:
    """The first few compiler messages, each cut short, as PRISM stores them."""
    return [message[: runtime.error_chars] for message in run.compile_errors[: runtime.max_compile_errors]]


def _gap(rules: AxisRules) -> int:
    return rules.cluster_gap if rules.cluster_gap is not None else DEFAULT_CLUSTER_GAP


def score_syntax_a(code: str, syntax: SyntaxMeasurement, rules: AxisRules) -> AxisScore:
    """S for category A from the analyzer's diagnostics of the extracted code."""
    balanced, balance_detail = balance_check(code)
    parse_errors = [d for d in syntax.diagnostics if d.code == PARSE_ERROR_CODE]
    blockers = [d for d in syntax.diagnostics if d.code in rules.compile_blocker_codes]
    clusters = count_clusters((d.line for d in parse_errors), _gap(rules))
    root_causes = clusters + len(blockers)
    # The pre-check bypasses the table: an unbalanced module scores 0 whatever the table says.
    score = evaluate(rules.table, root_causes) if balanced else 0
    detail: dict[str, Any] = {
        "root_causes": root_causes,
        "parse_error_clusters": clusters,
        "blockers": len(blockers),
        "balanced": balanced,
        "balance_detail": balance_detail,
        "error_codes": sorted({d.code for d in parse_errors + blockers}),
    }
    return AxisScore(score, detail).measured_by(syntax.instrument)


def score_syntax_b(run: BRunMeasurement, rules: AxisRules, runtime: RuntimeConstants) -> AxisScore:
    """S for category B from the compiler run: no balance pre-check and no blockers. A run with
    no entry point is never compiled, so it has no error lines and gets the table's 0-cause step."""
    if run.status in UNMEASURED_RUN_STATUSES:
        return AxisScore.not_measured(f"исполнение не состоялось ({run.status})").measured_by(run.instrument)
    clusters = count_clusters(run.compile_error_lines, _gap(rules))
    detail = {"root_causes": clusters, "errors": compile_error_excerpts(run, runtime)}
    return AxisScore(evaluate(rules.table, clusters), detail).measured_by(run.instrument)
