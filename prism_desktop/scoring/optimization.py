"""Axis O (PRISM_FORMAT §3.6). With perf.yaml: O-exec only — the growth exponent of executed
operations (A) or data accesses (B) against the task's p_opt. Without it: O-auto, the weighted
count of white-listed diagnostics. Then the correctness gate: no O for an unsolved task."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from prism_desktop.runs.onec import (
    SIZE_DIFFERS,
    SIZE_MEASURED,
    SIZE_WRONG,
    BRunMeasurement,
    PerfMeasurement,
    SizeOutcome,
    SyntaxMeasurement,
)
from prism_desktop.scoring.axis_score import AxisScore
from prism_desktop.scoring.entry_points import NO_ENTRY_REASON, detect_entry_point_a
from prism_desktop.scoring.tables import evaluate
from prism_desktop.workspace.protocol import AxisRules, RuntimeConstants, ScoringTable
from prism_desktop.workspace.tasks import PerfSpec, Task

LEG_EXEC_A = "O-исп"
LEG_EXEC_B = "O-исп-B"
LEG_AUTO = "O-авто"
INSUFFICIENT_DATA = "недостаточно данных для оценки роста"
GROWTH_TOLERANCE = 0.2  # the increments' exponent replaces PRISM's only when it is a step (0.2) larger
BROKE_UNDER_MEASUREMENT = "не исполнился под замером на размере"
DIFFERED_UNDER_MEASUREMENT = f"результат {SIZE_DIFFERS} на размере"
FAILED_MEASUREMENT = (BROKE_UNDER_MEASUREMENT, DIFFERED_UNDER_MEASUREMENT)  # how a worst-O note begins
ALL_TESTS_PASSED = 10.0  # fine M = passed / total × 10
B_METRICS = {"sdbl": "sdbl", "register": "reg_reads", "rows": "rows"}  # perf.yaml `count` -> counter


def leg_for(task: Task) -> str:
    """perf.yaml present: O-exec of the task's category, with no static fallback; else O-auto."""
    if task.perf is None:
        return LEG_AUTO
    return LEG_EXEC_B if task.category == "B" else LEG_EXEC_A


def growth_exponent(values: Sequence[int], sizes: Sequence[int]) -> float | None:
    """p = ln(v_last/v_first) / ln(n_last/n_first) from the two end points only (no regression);
    None when the end points cannot give one."""
    if len(values) < 2 or values[0] <= 0 or values[-1] <= 0 or sizes[0] <= 0 or sizes[-1] <= sizes[0]:
        return None
    return math.log(values[-1] / values[0]) / math.log(sizes[-1] / sizes[0])


def growth_of_growing_work(values: Sequence[int], sizes: Sequence[int]) -> float | None:
    """The exponent of the part of the work that grows, from the increments between rungs: for
    ops(n) = C + a·n^p on a geometric ladder, (ops(n_K) − ops(n_K−1)) / (ops(n_1) − ops(n_0)) =
    (n_K−1 / n_0)^p whatever C is, so constant "ballast" cancels. None when the increments do not
    grow by at least one operation per unit of input added on the last step (the work is flat:
    PRISM's end-point exponent says all there is to say) or are not positive."""
    if len(values) < 3 or len(sizes) != len(values):
        return None
    first, last = values[1] - values[0], values[-1] - values[-2]
    if first <= 0 or last <= 0 or last < sizes[-1] - sizes[-2] or sizes[-2] <= sizes[0]:
        return None
    return math.log(last / first) / math.log(sizes[-2] / sizes[0])


def fitted_growth(values: Sequence[int], sizes: Sequence[int]) -> tuple[float | None, str]:
    """(p, how): PRISM's end-point exponent, raised to the exponent of the growing work when that
    is larger (docs/gaming.md) — for honest code the two agree within the table's steps."""
    two_point = growth_exponent(values, sizes)
    if two_point is None:
        return None, ""
    growing = growth_of_growing_work(values, sizes)
    if growing is not None and growing > two_point + GROWTH_TOLERANCE:
        return growing, f"рост по приращениям операций ({growing:.2f}); по крайним точкам {two_point:.2f}"
    return two_point, ""


ROWS_TABLE = "b_rows_scoring"  # PRISM 1.3: its own scale for counted rows (a linear growth is 6, not 4)
ROW_COUNTS = frozenset({"rows"})
DEFAULT_ANCHOR_MAX = 4


def _b_scale(rules: AxisRules, count: str) -> ScoringTable | None:
    """The O-exec B scale for a perf.yaml `count`: rows on the rows scale when the protocol has one
    (PRISM 1.3.0 and later), everything else — and rows under older protocols — on b_exec_scoring."""
    rows_table = rules.extra_tables.get(ROWS_TABLE)
    if count in ROW_COUNTS and rows_table is not None:
        return rows_table
    return rules.b_exec_table


def b_exec_table(rules: AxisRules, count: str) -> ScoringTable:
    return _b_scale(rules, count) or _exec_table(rules, LEG_EXEC_B)


def anchor_max(task: Task, rules: AxisRules | None) -> int:
    """The highest O a task's deliberately slow reference may reach: the scale's `anchor_max`, else 4."""
    table: ScoringTable | None = None
    if rules is not None and task.perf is not None:
        table = _b_scale(rules, task.perf.count) if task.category == "B" else rules.exec_table
    return DEFAULT_ANCHOR_MAX if table is None or table.anchor_max is None else table.anchor_max


def _exec_table(rules: AxisRules, leg: str) -> ScoringTable:
    table = rules.b_exec_table if leg == LEG_EXEC_B else rules.exec_table
    if table is None:
        key = "b_exec_scoring" if leg == LEG_EXEC_B else "exec_scoring"
        raise ValueError(f"smop_l1_auto.yaml: axes.O.{key} is missing; a task with perf.yaml needs it")
    return table


@dataclass(frozen=True)
class SizeFailure:
    ours: bool  # our engine or the task data failed: N/A; otherwise the candidate's worst O
    note: str


def size_failure(outcome: SizeOutcome, runtime: RuntimeConstants) -> SizeFailure | None:
    """Why a rung of the O ladder was not measured, and whose fault it was (one rule for A and B):
    the harness marks our failures "infra" by what failed (an engine error, broken task data), never
    by its text, which the candidate controls. None for a measured rung."""
    if outcome.status in SIZE_MEASURED:  # a "wrong" rung is judged with M (apply_result_check)
        return None
    tail = (outcome.note or outcome.status)[-runtime.error_chars :].strip()
    if outcome.status == "infra":
        return SizeFailure(ours=True, note=f"не измерено на размере {outcome.size}: {tail}")
    if outcome.status == "timeout":
        # Also at the first size: PRISM leaves that N/A, which Q skips, so a candidate could opt
        # out of O by stalling only under measurement.
        return SizeFailure(ours=False, note=f"таймаут на размере {outcome.size} — слишком медленно")
    return SizeFailure(ours=False, note=f"{BROKE_UNDER_MEASUREMENT} {outcome.size}: {tail}")


def _result_check(perf: PerfMeasurement) -> dict[str, str]:
    """How the ladder's results compared with the reference's (docs/gaming.md); absent in measurements
    made before the comparison existed."""
    return {"result_check": perf.result_check} if perf.result_check else {}


def worst_exec_o(task: Task, rules: AxisRules, runtime: RuntimeConstants) -> int | None:
    """The O the protocol gives a measured run the candidate broke: the task's exec table at
    `runtime.o_timeout_signal` (2 on PRISM's tables)."""
    if task.perf is None:
        return None
    table = b_exec_table(rules, task.perf.count) if task.category == "B" else _exec_table(rules, LEG_EXEC_A)
    return evaluate(table, runtime.o_timeout_signal)


def score_exec_a(
    perf: PerfMeasurement,
    spec: PerfSpec,
    code: str,
    patterns: Sequence[str],
    rules: AxisRules,
    runtime: RuntimeConstants,
) -> AxisScore:
    """O-exec, category A: operations counted per size of the ladder."""
    table = _exec_table(rules, LEG_EXEC_A)
    entry = perf.entry_point or detect_entry_point_a(code, patterns)
    ops: list[int] = []
    sizes: list[int] = []

    def result(score: int | None, note: str, growth: float | None = None) -> AxisScore:
        detail = {
            "growth": growth,
            "p_opt": spec.p_opt,
            "ops": ops,
            "sizes": sizes,
            "entry_point": entry,
            "note": note,
            "leg": LEG_EXEC_A,
            **_result_check(perf),
        }
        return AxisScore(score, detail).measured_by(perf.instrument)

    if entry is None:
        return result(None, NO_ENTRY_REASON)
    worst = evaluate(table, runtime.o_timeout_signal)
    for outcome in perf.sizes:
        failure = size_failure(outcome, runtime)
        if failure is None and outcome.ops is None:
            failure = SizeFailure(ours=True, note=f"не измерено на размере {outcome.size}: нет счёта")
        if failure is not None:
            return result(None if failure.ours else worst, failure.note)
        ops.append(outcome.ops or 0)
        sizes.append(outcome.size)
    growth, how = fitted_growth(ops, sizes)
    if growth is None:
        return result(None, INSUFFICIENT_DATA)
    return result(evaluate(table, growth - spec.p_opt), how, round(growth, 2))


def score_exec_b(
    perf: PerfMeasurement, spec: PerfSpec, rules: AxisRules, runtime: RuntimeConstants
) -> AxisScore:
    """O-exec, category B: data accesses attributed to the candidate per database size. A size the
    candidate broke (exception, timeout, limit) is the worst O, as in A — PRISM leaves it N/A, which
    lets a candidate opt out of O (docs/gaming.md); a size we failed to measure makes O N/A."""
    table = b_exec_table(rules, spec.count)
    metric = B_METRICS.get(spec.count)
    if metric is None:
        raise ValueError(f"perf.yaml count: found {spec.count!r}, expected one of {sorted(B_METRICS)}")
    counts: list[int] = []
    sizes: list[int] = []

    def result(score: int | None, note: str, growth: float | None = None) -> AxisScore:
        detail = {
            "growth": growth,
            "p_opt": spec.p_opt,
            "metric": metric,
            "counts": counts,
            "sizes": sizes,
            "entry_point": None,
            "note": note,
            "leg": LEG_EXEC_B,
            **_result_check(perf),
        }
        return AxisScore(score, detail).measured_by(perf.instrument)

    if len(spec.sizes) < 2:
        return result(None, "perf.sizes: нужно ≥2 размеров базы")
    worst = evaluate(table, runtime.o_timeout_signal)
    for outcome in perf.sizes:
        failure = size_failure(outcome, runtime)
        if failure is None and metric not in outcome.counts:
            missing = f"замер не состоялся на размере базы {outcome.size}: нет счётчика {metric}"
            failure = SizeFailure(ours=True, note=missing)
        if failure is not None:
            return result(None if failure.ours else worst, failure.note)
        counts.append(outcome.counts[metric])
        sizes.append(outcome.size)
    if counts and counts[0] <= 0:
        return result(None, f"кандидат не обратился к данным (счётчик {metric}) на минимальном размере")
    growth = growth_exponent(counts, sizes)
    if growth is None:
        return result(None, INSUFFICIENT_DATA)
    return result(evaluate(table, growth - spec.p_opt), "", round(growth, 3))


def score_auto(syntax: SyntaxMeasurement, rules: AxisRules) -> AxisScore:
    """O-auto: weighted sum over every white-listed diagnostic, repeats counted. The machine sees
    only a short list of anti-patterns, so the table never reaches 0."""
    hits = [d for d in syntax.diagnostics if d.code in rules.white_list]
    weighted = sum((rules.white_list[d.code] for d in hits), 0.0)
    codes = sorted({d.code for d in hits})
    detail = {"weighted": weighted, "count": len(hits), "codes": codes, "leg": LEG_AUTO}
    return AxisScore(evaluate(rules.table, weighted), detail).measured_by(syntax.instrument)


def score_optimization(
    task: Task,
    code: str,
    *,
    perf: PerfMeasurement | None,
    syntax: SyntaxMeasurement | None,
    b_run: BRunMeasurement | None,
    rules: AxisRules,
    runtime: RuntimeConstants,
    why_missing: Callable[[str], str],
    stopped: str | None = None,
) -> AxisScore:
    """O for one run with the leg the task calls for. `why_missing(leg)` names why a sandbox
    leg ("perf", "syntax", "b_run") has no measurement; `stopped` why the sandbox stopped a run
    for what the candidate did (then a missing O-exec A measurement is the worst O, not N/A)."""
    if task.perf is not None:
        leg = leg_for(task)
        if perf is None and stopped is not None:
            worst = worst_exec_o(task, rules, runtime)
            return AxisScore(worst, {"note": f"{BROKE_UNDER_MEASUREMENT}: {stopped}", "leg": leg})
        if perf is None:
            return AxisScore.not_measured(why_missing("perf"), leg=leg)
        if leg == LEG_EXEC_B:
            return score_exec_b(perf, task.perf, rules, runtime)
        return score_exec_a(perf, task.perf, code, task.entry_point_patterns, rules, runtime)
    if task.category == "B":
        # O-auto in B only scores code that ran in 1C: otherwise the diagnostics describe code
        # the platform never accepted.
        if b_run is None:
            return AxisScore.not_measured(why_missing("b_run"), leg=LEG_AUTO)
        if b_run.status != "ok":
            return AxisScore.not_measured(
                f"O-авто оценивается только после успешного прогона в 1С (статус {b_run.status})",
                leg=LEG_AUTO,
                run_status=b_run.status,
            ).measured_by(b_run.instrument)
    if syntax is None:
        return AxisScore.not_measured(why_missing("syntax"), leg=LEG_AUTO)
    return score_auto(syntax, rules)


def apply_correctness_gate(o: AxisScore, m_fine: float | None, runtime: RuntimeConstants) -> AxisScore:
    """Optimality of a wrong answer means nothing: when fine M is known and below the gate, a
    measured O becomes N/A and its detail says why."""
    gate = runtime.o_correctness_gate
    if o.score is None or m_fine is None or m_fine >= gate:
        return o
    detail: dict[str, Any] = {
        **(o.detail or {}),
        "gated_by_m": True,
        "note": f"оптимальность не оцениваем — задача не решена (M<{gate:g})",
    }
    return AxisScore(None, detail)


def apply_result_check(
    o: AxisScore,
    task: Task,
    perf: PerfMeasurement | None,
    m_fine: float | None,
    rules: AxisRules,
    runtime: RuntimeConstants,
) -> AxisScore:
    """An answer that passed every hidden test but returned another value than the reference's at a
    measurement size was measured on a path that is not a solution: the worst O, with the size and
    both values (docs/gaming.md). An answer that failed tests is known to be wrong already; its O stays
    as measured, as PRISM scores it, and `result_check` shows the difference."""
    wrong = next((s for s in perf.sizes if s.status == SIZE_WRONG), None) if perf is not None else None
    if wrong is None or o.score is None or m_fine != ALL_TESTS_PASSED:
        return o
    note = f"{DIFFERED_UNDER_MEASUREMENT} {wrong.size}: {wrong.note or ''}"[: runtime.error_chars]
    return AxisScore(worst_exec_o(task, rules, runtime), {**(o.detail or {}), "note": note})
