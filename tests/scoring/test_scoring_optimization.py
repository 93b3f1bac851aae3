"""Axis O (PRISM_FORMAT §3.6): O-exec in A and B, O-auto, the leg choice and the M-gate."""

from __future__ import annotations

import dataclasses

import pytest
from scoring_fixtures import (
    CODE_A,
    L1,
    PERF_A,
    PERF_B,
    RUNTIME,
    b_run,
    diag,
    perf_b,
    perf_run,
    syntax,
    table,
    task_a,
    task_b,
)

from prism_desktop.runs.onec import BRunMeasurement, PerfMeasurement
from prism_desktop.scoring.axis_score import AxisScore
from prism_desktop.scoring.optimization import (
    LEG_AUTO,
    LEG_EXEC_A,
    LEG_EXEC_B,
    anchor_max,
    apply_correctness_gate,
    apply_result_check,
    growth_exponent,
    leg_for,
    score_auto,
    score_exec_a,
    score_exec_b,
    score_optimization,
)

O_RULES = L1.axes["O"]
LINEAR = perf_run((200, "ok", 1000), (400, "ok", 2000), (800, "ok", 4000), (1600, "ok", 8000))


def exec_a(measurement: PerfMeasurement, p_opt: float = 1.0, code: str = CODE_A) -> AxisScore:
    spec = dataclasses.replace(PERF_A, p_opt=p_opt)
    return score_exec_a(measurement, spec, code, ("Сгруппировать.*",), O_RULES, RUNTIME)


@pytest.mark.parametrize(
    ("p_opt", "step"),
    [(1.0, 10), (0.8, 10), (0.79, 8), (0.5, 8), (0.49, 6), (0.2, 6), (0.19, 4), (-0.2, 4), (-0.21, 2)],
)
def test_exec_table_on_d_equals_p_minus_p_opt(p_opt: float, step: int) -> None:
    result = exec_a(LINEAR, p_opt)
    assert result.score == step
    assert result.detail is not None
    assert result.detail["growth"] == 1.0
    assert result.detail["p_opt"] == p_opt


def test_quadratic_candidate_on_a_linear_task() -> None:
    result = exec_a(perf_run((200, "ok", 1000), (400, "ok", 4000), (800, "ok", 16000), (1600, "ok", 64000)))
    assert result.score == 4  # d = 1.0
    assert result.detail == {
        "growth": 2.0,
        "p_opt": 1.0,
        "ops": [1000, 4000, 16000, 64000],
        "sizes": [200, 400, 800, 1600],
        "entry_point": "СгруппироватьТаблицу",
        "note": "",
        "leg": LEG_EXEC_A,
        "instrument": "prism-bsl 0.1.0",
    }


def test_growth_uses_only_the_end_points_and_is_rounded_to_two() -> None:
    result = exec_a(perf_run((200, "ok", 1000), (400, "ok", 99999), (1600, "ok", 9000)))
    assert result.detail is not None
    assert result.detail["growth"] == round(growth_exponent([1000, 9000], [200, 1600]) or 0, 2) == 1.06


def test_timeout_after_a_successful_size_scores_two() -> None:
    result = exec_a(perf_run((200, "ok", 1000), (400, "ok", 4000), (800, "timeout", None)))
    assert result.score == 2
    assert result.detail is not None
    assert result.detail["growth"] is None
    assert result.detail["note"] == "таймаут на размере 800 — слишком медленно"
    assert result.detail["ops"] == [1000, 4000]


def test_timeout_at_the_first_size_is_the_worst_o_not_na() -> None:
    result = exec_a(perf_run((200, "timeout", None)))
    assert result.score == 2
    assert result.detail is not None and result.detail["note"] == "таймаут на размере 200 — слишком медленно"


def test_run_failure_under_measurement_is_the_worst_o_with_the_tail() -> None:
    measurement = perf_run((200, "ok", 1000), (400, "error", None))
    measurement.sizes[1].note = "x" * 300 + " Деление на 0 "
    result = exec_a(measurement)
    assert result.score == 2
    assert result.detail is not None
    assert (
        result.detail["note"]
        == "не исполнился под замером на размере 400: " + ("x" * 300 + " Деление на 0 ")[-200:].strip()
    )


def test_an_engine_bug_under_measurement_stays_not_measured() -> None:
    measurement = perf_run((200, "infra", None))
    measurement.sizes[0].note = "Внутренняя ошибка исполнителя PRISM Desktop (KeyError: 1)"
    assert exec_a(measurement).score is None


def test_an_engine_bug_is_known_by_its_status_not_by_the_text_the_candidate_chose() -> None:
    measurement = perf_run((200, "error", None))
    measurement.sizes[0].note = "Внутренняя ошибка исполнителя PRISM Desktop (KeyError: 1)"
    assert exec_a(measurement).score == 2


def test_constant_ballast_does_not_flatten_the_growth() -> None:
    sizes = (200, 400, 800, 1600)
    ballast = [10**9 + n * n for n in sizes]
    result = exec_a(perf_run(*((n, "ok", ops) for n, ops in zip(sizes, ballast, strict=True))))
    assert result.detail is not None and result.detail["growth"] == 2.0
    assert result.score == 4  # one class worse than p_opt = 1, as without the ballast
    honest = exec_a(perf_run(*((n, "ok", 5 * n + 40) for n in sizes)))
    assert honest.detail is not None and honest.detail["note"] == ""


@pytest.mark.parametrize(
    "measurement",
    [
        perf_run((200, "ok", 1000)),
        perf_run((200, "ok", 0), (400, "ok", 10)),
        perf_run((200, "ok", -5), (400, "ok", 5)),
    ],
)
def test_insufficient_data(measurement: PerfMeasurement) -> None:
    result = exec_a(measurement)
    assert result.score is None
    assert result.detail is not None and result.detail["note"] == "недостаточно данных для оценки роста"


def test_no_entry_point_is_not_measured() -> None:
    result = exec_a(perf_run(entry=None), code="Процедура П()\nКонецПроцедуры")
    assert result.score is None
    assert result.detail is not None
    assert result.detail["note"] == "в коде кандидата не найдено ни одной функции"


def test_entry_point_falls_back_to_detection_on_the_code() -> None:
    result = exec_a(dataclasses.replace(LINEAR, entry_point=None))
    assert result.detail is not None and result.detail["entry_point"] == "СгруппироватьТаблицу"


def test_category_b_exec_sdbl() -> None:
    result = score_exec_b(
        perf_b((20, "ok", {"sdbl": 5, "reg_reads": 1}), (80, "ok", {"sdbl": 20, "reg_reads": 1})),
        PERF_B,
        O_RULES,
        RUNTIME,
    )
    assert result.score == 4  # d = 1.0: linear in the database size where a set-based query is flat
    assert result.detail == {
        "growth": 1.0,
        "p_opt": 0.0,
        "metric": "sdbl",
        "counts": [5, 20],
        "sizes": [20, 80],
        "entry_point": None,
        "note": "",
        "leg": LEG_EXEC_B,
        "instrument": "prism-platform 0.1.0",
    }


def test_category_b_exec_register_metric_and_three_decimals() -> None:
    spec = dataclasses.replace(PERF_B, count="register")
    result = score_exec_b(
        perf_b((20, "ok", {"sdbl": 9, "reg_reads": 3}), (80, "ok", {"sdbl": 9, "reg_reads": 4})),
        spec,
        O_RULES,
        RUNTIME,
    )
    assert result.detail is not None
    assert result.detail["metric"] == "reg_reads" and result.detail["counts"] == [3, 4]
    assert result.detail["growth"] == 0.208
    assert result.score == 8  # d = 0.2075


# PRISM 1.3.0's smop_l1_auto.yaml: counted rows have their own scale (linear growth is 6, not the 4
# of a query in a loop) and the slow reference of such a task must stay at or below its anchor_max 6.
ROWS_TABLE = dataclasses.replace(
    table("lower_is_better", (0.2, 10), (0.8, 8), (1.2, 6), ("else", 4)), anchor_max=6
)
RULES_1_3 = dataclasses.replace(
    O_RULES,
    b_exec_table=dataclasses.replace(O_RULES.b_exec_table, anchor_max=4),
    extra_tables={"b_rows_scoring": ROWS_TABLE},
)
LINEAR_ROWS = perf_b((20, "ok", {"sdbl": 1, "rows": 20}), (80, "ok", {"sdbl": 1, "rows": 80}))


def test_counted_rows_score_on_the_rows_scale_of_protocol_1_3() -> None:
    rows = dataclasses.replace(PERF_B, count="rows")
    assert score_exec_b(LINEAR_ROWS, rows, RULES_1_3, RUNTIME).score == 6  # linear rows: 6 on b_rows_scoring
    assert score_exec_b(LINEAR_ROWS, rows, O_RULES, RUNTIME).score == 4  # protocol 1.2 has no rows scale
    assert score_exec_b(LINEAR_ROWS, PERF_B, RULES_1_3, RUNTIME).score == 10  # sdbl stays on b_exec_scoring


def test_the_slow_anchor_threshold_is_the_scales_anchor_max() -> None:
    rows = task_b(perf=dataclasses.replace(PERF_B, count="rows"))
    assert anchor_max(rows, RULES_1_3) == 6
    assert anchor_max(task_b(perf=PERF_B), RULES_1_3) == 4
    assert anchor_max(rows, O_RULES) == 4  # no anchor_max in the protocol: PRISM_FORMAT §1.6's O ≤ 4
    assert anchor_max(task_a(perf=PERF_A), RULES_1_3) == 4


@pytest.mark.parametrize("status", ["timeout", "error", "limit"])
@pytest.mark.parametrize("failed_at", [0, 1], ids=["first-size", "last-size"])
def test_category_b_a_size_the_candidate_broke_is_the_worst_o(status: str, failed_at: int) -> None:
    """PRISM leaves these N/A in B, which Q skips: the candidate could opt out of O (issue 25)."""
    rungs = [(20, "ok", {"sdbl": 5}), (80, "ok", {"sdbl": 5})]
    rungs[failed_at] = (rungs[failed_at][0], status, {})
    result = score_exec_b(perf_b(*rungs[: failed_at + 1]), PERF_B, O_RULES, RUNTIME)
    assert result.score == 2
    assert result.detail is not None and str(rungs[failed_at][0]) in result.detail["note"]


def test_category_b_our_failure_under_measurement_stays_not_measured() -> None:
    measured = perf_b((20, "ok", {"sdbl": 5}), (80, "infra", {}))
    measured.sizes[1].note = "модуль Тесты не компилируется"
    result = score_exec_b(measured, PERF_B, O_RULES, RUNTIME)
    assert result.score is None
    assert result.detail is not None and "модуль Тесты не компилируется" in result.detail["note"]


def test_category_b_zero_accesses_at_the_first_size() -> None:
    result = score_exec_b(perf_b((20, "ok", {"sdbl": 0}), (80, "ok", {"sdbl": 4})), PERF_B, O_RULES, RUNTIME)
    assert result.score is None
    assert result.detail is not None
    assert result.detail["note"] == "кандидат не обратился к данным (счётчик sdbl) на минимальном размере"


def test_category_b_needs_two_sizes() -> None:
    spec = dataclasses.replace(PERF_B, sizes=(20,))
    result = score_exec_b(perf_b((20, "ok", {"sdbl": 3})), spec, O_RULES, RUNTIME)
    assert result.score is None
    assert result.detail is not None and result.detail["note"] == "perf.sizes: нужно ≥2 размеров базы"


def test_o_auto_sums_weights_counting_repeats() -> None:
    measurement = syntax(
        diag("CreateQueryInCycle", 3),
        diag("CreateQueryInCycle", 9),
        diag("JoinWithSubQuery", 4),
        diag("MagicNumber", 1),
        diag("QueryToMissingMetadata", 2),
    )
    result = score_auto(measurement, O_RULES)
    assert result.detail == {
        "weighted": 5.5,
        "count": 3,
        "codes": ["CreateQueryInCycle", "JoinWithSubQuery"],
        "leg": LEG_AUTO,
        "instrument": "prism-bsl 0.1.0",
    }
    assert result.score == 4


def test_o_auto_clean_is_ten() -> None:
    assert score_auto(syntax(diag("LineLength", 1)), O_RULES).score == 10


def test_leg_choice() -> None:
    assert leg_for(task_a(perf=PERF_A)) == LEG_EXEC_A
    assert leg_for(task_b(perf=PERF_B)) == LEG_EXEC_B
    assert leg_for(task_a()) == LEG_AUTO
    assert leg_for(task_b()) == LEG_AUTO


def _why(leg: str) -> str:
    return f"нет {leg}"


def test_perf_task_never_falls_back_to_o_auto() -> None:
    result = score_optimization(
        task_a(perf=PERF_A),
        CODE_A,
        perf=None,
        syntax=syntax(),
        b_run=None,
        rules=O_RULES,
        runtime=RUNTIME,
        why_missing=_why,
    )
    assert result.score is None
    assert result.detail == {"reason": "нет perf", "leg": LEG_EXEC_A}


def test_o_auto_in_b_requires_a_successful_run() -> None:
    def o_auto_b(run: BRunMeasurement | None) -> AxisScore:
        return score_optimization(
            task_b(),
            "",
            perf=None,
            syntax=syntax(),
            b_run=run,
            rules=O_RULES,
            runtime=RUNTIME,
            why_missing=_why,
        )

    failed = o_auto_b(b_run("candidate_error", 0, 0))
    assert failed.score is None
    assert failed.detail is not None
    assert failed.detail["leg"] == LEG_AUTO and failed.detail["run_status"] == "candidate_error"
    missing = o_auto_b(None)
    assert missing.detail == {"reason": "нет b_run", "leg": LEG_AUTO}
    ok = o_auto_b(b_run())
    assert ok.score == 10


def test_m_gate_nulls_o_below_five() -> None:
    measured = AxisScore(8, {"growth": 1.0, "note": "", "leg": LEG_EXEC_A})
    gated = apply_correctness_gate(measured, 4.9, RUNTIME)
    assert gated.score is None
    assert gated.detail == {
        "growth": 1.0,
        "leg": LEG_EXEC_A,
        "gated_by_m": True,
        "note": "оптимальность не оцениваем — задача не решена (M<5)",
    }
    assert apply_correctness_gate(measured, 5.0, RUNTIME) is measured
    assert apply_correctness_gate(measured, None, RUNTIME) is measured
    unmeasured = AxisScore(None, {"note": "таймаут уже на минимальном размере 200"})
    assert apply_correctness_gate(unmeasured, 0.0, RUNTIME) is unmeasured


def test_m_gate_threshold_comes_from_the_runtime_constants() -> None:
    stricter = dataclasses.replace(RUNTIME, o_correctness_gate=8.0)
    gated = apply_correctness_gate(AxisScore(10, {"leg": LEG_AUTO}), 7.5, stricter)
    assert gated.score is None
    assert gated.detail is not None and gated.detail["note"].endswith("(M<8)")


# --- a result other than the reference's at a measurement size (issue 25 item 4) ---------------

DIFFERING = perf_run((200, "ok", 10), (400, "wrong", 10), (800, "wrong", 10), (1600, "wrong", 10))


def test_a_wrong_rung_is_counted_like_a_measured_one() -> None:
    """The ladder goes on past a differing rung and its counts stand: O is scored on them first."""
    assert exec_a(DIFFERING).score == exec_a(perf_run(*((n, "ok", 10) for n in (200, 400, 800, 1600)))).score


def test_an_answer_passing_every_test_but_differing_under_measurement_gets_the_worst_o() -> None:
    task = task_a(perf=PERF_A)
    measured = exec_a(DIFFERING)
    assert measured.score == 10  # flat: the cheap path
    judged = apply_result_check(measured, task, DIFFERING, 10.0, O_RULES, RUNTIME)
    assert judged.score == 2
    assert judged.detail is not None and judged.detail["note"].startswith(
        "результат отличается от результата эталона на размере 400: "
    )


@pytest.mark.parametrize("m_fine", [9.0, 5.0, None])
def test_an_answer_failing_tests_keeps_its_measured_o(m_fine: float | None) -> None:
    """Already known to be wrong on the tests: its O is scored as PRISM scores it."""
    measured = exec_a(DIFFERING)
    assert apply_result_check(measured, task_a(perf=PERF_A), DIFFERING, m_fine, O_RULES, RUNTIME) is measured


def test_an_answer_matching_the_reference_keeps_its_o() -> None:
    measured = exec_a(LINEAR)
    assert apply_result_check(measured, task_a(perf=PERF_A), LINEAR, 10.0, O_RULES, RUNTIME) is measured
