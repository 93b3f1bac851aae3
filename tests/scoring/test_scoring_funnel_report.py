"""The failure funnel (PRISM_FORMAT §2.4) and the per-model report (§4.3)."""

from __future__ import annotations

import math

import pytest
from scoring_fixtures import (
    PERF_A,
    PROTOCOLS,
    TAXONOMY,
    b_run,
    generation,
    measured_tests,
    perf_run,
    result,
    syntax,
)
from scoring_fixtures import diag as diagnostic
from scoring_fixtures import task_a as make_task_a
from scoring_fixtures import task_b as make_task_b

from prism_desktop.scoring.funnel import BUCKETS, run_outcome, summarise_outcomes
from prism_desktop.scoring.level1 import auto_file, group_runs, score_run
from prism_desktop.scoring.report import ci_half_width, summarise, t_critical


def a_run(
    root_causes: int = 0,
    executed: bool = True,
    entry: str | None = "Ф",
    passed: int = 3,
    total: int = 3,
    errors: list[str] | None = None,
    q: float | None = 8.0,
) -> dict:
    return {
        "scores": {"S": 10, "Q": q},
        "detail": {
            "S": {"root_causes": root_causes},
            "M": {
                "executed": executed,
                "entry_point": entry,
                "passed": passed,
                "total": total,
                "errors": errors or [],
            },
        },
    }


def b_record(status: str = "ok", passed: int = 3, total: int = 3, log: str = "", **m: object) -> dict:
    return {
        "scores": {"S": 10, "Q": 5.0},
        "detail": {
            "S": {"root_causes": 0},
            "M": {"status": status, "passed": passed, "total": total, "log": log, **m},
        },
    }


def test_a_gates_and_buckets() -> None:
    cases = {
        "решено": a_run(),
        "не компилируется": a_run(root_causes=2),
        "ошибка выполнения": a_run(executed=False, errors=["таймаут исполнения"]),
        "неверный ответ": a_run(passed=1, errors=["PRISM_FAIL 1"]),
    }
    for bucket, run in cases.items():
        outcome = run_outcome(run, "A", TAXONOMY)
        assert outcome is not None and outcome.bucket == bucket


def test_causes_come_from_the_first_matching_rule_or_the_default() -> None:
    no_entry = run_outcome(a_run(executed=False, entry=None), "A", TAXONOMY)
    assert no_entry is not None and (no_entry.code, no_entry.died) == ("M.NOENTRY", "запуск")
    crashed = run_outcome(a_run(passed=2, errors=["PRISM_ERR 0 Деление на 0"]), "A", TAXONOMY)
    assert crashed is not None and crashed.code == "M.RUNTIME" and crashed.bucket == "ошибка выполнения"
    typed = run_outcome(a_run(passed=2, errors=["PRISM_ERR 0 Несоответствие типов; Индекс"]), "A", TAXONOMY)
    assert typed is not None and typed.code == "M.TYPE"  # first rule wins, not the first fragment
    wrong = run_outcome(a_run(passed=0, errors=["PRISM_FAIL 0"]), "A", TAXONOMY)
    assert wrong is not None and wrong.code == "M.WRONG"
    parse = run_outcome(a_run(root_causes=1), "A", TAXONOMY)
    assert parse is not None and parse.code == "S.PARSE"


def test_taxonomy_matching_is_case_sensitive() -> None:
    outcome = run_outcome(a_run(passed=0, errors=["деление на 0"]), "A", TAXONOMY)
    assert outcome is not None and outcome.code == "M.WRONG"


def test_b_gates_and_platform_metadata_by_structure() -> None:
    compile_fail = run_outcome(
        b_record("candidate_error", 0, 0, compile_errors=["Пропущен символ ;"]), "B", TAXONOMY
    )
    assert (
        compile_fail is not None
        and compile_fail.code == "S.COMPILE"
        and compile_fail.bucket == "не компилируется"
    )
    no_entry = run_outcome(b_record("no_entry", 0, 0), "B", TAXONOMY)
    assert no_entry is not None and no_entry.code == "M.NOENTRY"
    meta = run_outcome(
        b_record("ok", 1, 3, "тест2 FAIL", platform_errors=[], platform_error_tests=1), "B", TAXONOMY
    )
    assert meta is not None and meta.code == "P.METADATA" and meta.bucket == "ошибка выполнения"
    solved = run_outcome(b_record(), "B", TAXONOMY)
    assert solved is not None and solved.bucket == "решено"
    zero_tests = run_outcome(b_record("ok", 0, 0), "B", TAXONOMY)
    assert zero_tests is not None and zero_tests.died == "верно"


def test_unmeasured_runs_are_left_out() -> None:
    assert run_outcome({"scores": {"S": None, "Q": 7.0}, "detail": {}}, "A", TAXONOMY) is None
    assert (
        run_outcome(
            {"scores": {"S": None, "Q": None}, "detail": {"S": {"reason": "генерация не удалась: 429"}}},
            "A",
            TAXONOMY,
        )
        is None
    )


def test_summary_counts_every_bucket_and_the_top_cause() -> None:
    outcomes = [
        run_outcome(r, "A", TAXONOMY)
        for r in (a_run(), a_run(passed=0), a_run(passed=1), a_run(root_causes=1), a_run(q=None))
    ]
    summary = summarise_outcomes(outcomes)
    assert summary == {
        "n": 4,
        "buckets": dict(zip(BUCKETS, (1, 2, 0, 1), strict=True)),
        "solved": 0.25,
        "cause": ["результат не тот", 2],
        "cause_code": "M.WRONG",
    }
    assert summarise_outcomes([None]) is None


def test_t_table_and_normal_limit() -> None:
    assert t_critical(1) == 12.706 and t_critical(4) == 2.776 and t_critical(29) == 2.045
    assert t_critical(30) == 1.96 and t_critical(200) == 1.96
    with pytest.raises(ValueError):
        t_critical(0)


def test_ci_half_width_uses_the_sample_sd() -> None:
    assert ci_half_width([5.0]) is None
    # values 2, 4, 6: mean 4, sample SD 2, n 3, t(2) = 4.303
    assert ci_half_width([2.0, 4.0, 6.0]) == pytest.approx(4.303 * 2 / math.sqrt(3))


def test_report_per_model_and_category() -> None:
    task_a = make_task_a(tests=3, perf=PERF_A)
    linear = perf_run((200, "ok", 100), (1600, "ok", 800))
    scored = []
    for index, (task_id, tests) in enumerate([("A1", "ppp"), ("A1", "pfp"), ("A2", "fff")]):
        gen = generation(task_id=task_id, run_index=index)
        measurements = result(
            syntax=syntax(diagnostic("MagicNumber", 1)), tests=measured_tests(tests), perf=linear
        )
        scored.append((gen, score_run(task_a, PROTOCOLS, gen, measurements)))
    failed = generation(task_id="A2", run_index=9, success=False, error="timeout")
    scored.append((failed, score_run(task_a, PROTOCOLS, failed, None)))
    b_gen = generation(task_id="B1", model_name="Model X")
    b_measured = result(syntax=syntax(), b_run=b_run("ok", 3, 3))
    scored.append((b_gen, score_run(make_task_b(), PROTOCOLS, b_gen, b_measured)))
    document = auto_file("exp", "local", group_runs(scored), PROTOCOLS, None)

    rows = summarise([document], {"A1": "A", "A2": "A"}, TAXONOMY)
    assert [(r["model"], r["category"]) for r in rows] == [("Model X", "A"), ("Model X", "B")]
    a_row = rows[0]
    # Runs: S 10/10/10, M 10.0/6.7/0.0, O 10/10/None (gated), Q 10.0/8.9/5.0; the failed run is skipped.
    assert a_row["runs"] == 3 and a_row["tasks"] == 2
    assert a_row["means"]["S"] == 10
    assert a_row["means"]["M"] == pytest.approx((10.0 + 6.7 + 0.0) / 3)
    assert a_row["means"]["O"] == 10
    assert a_row["means"]["P"] is None
    assert a_row["means"]["Q"] == pytest.approx((10.0 + 8.9 + 5.0) / 3)
    per_task = [(10.0 + 8.9) / 2, 5.0]
    assert a_row["margin"] == pytest.approx(ci_half_width(per_task))
    assert a_row["solved"] == pytest.approx(1 / 3)
    assert a_row["funnel"]["n"] == 3
    assert rows[1]["means"]["P"] == 10.0 and rows[1]["solved"] == 1.0


def test_report_rejects_unknown_categories() -> None:
    document = {"tasks": [{"task_id": "X1", "model_id": "m", "model_name": "M", "runs": []}]}
    with pytest.raises(ValueError, match="X1"):
        summarise([document], {}, TAXONOMY)
