"""Axis M (PRISM_FORMAT §3.4): fine score, step, and the detail of both categories."""

from __future__ import annotations

import pytest
from scoring_fixtures import L1, RUNTIME, b_run, measured_tests

from prism_desktop.scoring.meaning import b_run_record, fine_and_band, score_meaning_a, score_meaning_b

M_RULES = L1.axes["M"]


def test_four_of_five_is_fine_eight_step_six() -> None:
    result = score_meaning_a(measured_tests("ppfpp"), 5, "Ф", M_RULES, RUNTIME)
    assert (result.score, result.band) == (8.0, 6)
    assert result.detail == {
        "executed": True,
        "passed": 4,
        "total": 5,
        "entry_point": "Ф",
        "errors": ["PRISM_FAIL 2"],
        "band": 6,
        "instrument": "prism-bsl 0.1.0",
    }


def test_one_of_three_is_fine_three_point_three_step_two() -> None:
    result = score_meaning_a(measured_tests("pfe"), 3, "Ф", M_RULES, RUNTIME)
    assert (result.score, result.band) == (3.3, 2)
    assert result.detail is not None
    assert result.detail["errors"] == ["PRISM_FAIL 1", "PRISM_ERR 2 Деление на 0"]


@pytest.mark.parametrize(
    ("passed", "total", "fine", "step"),
    [(5, 5, 10.0, 10), (17, 20, 8.5, 8), (0, 4, 0.0, 0), (2, 3, 6.7, 6), (1, 2, 5.0, 4)],
)
def test_fine_and_band(passed: int, total: int, fine: float, step: int) -> None:
    assert fine_and_band(passed, total, True, M_RULES) == (fine, step)


def test_not_executed_or_no_tests_is_zero() -> None:
    assert fine_and_band(3, 3, False, M_RULES) == (0.0, 0)
    assert fine_and_band(0, 0, True, M_RULES) == (0.0, 0)


def test_timeout() -> None:
    result = score_meaning_a(measured_tests("", status="timeout"), 5, "Ф", M_RULES, RUNTIME)
    assert (result.score, result.band) == (0.0, 0)
    assert result.detail is not None
    assert result.detail["errors"] == ["таймаут исполнения"]
    assert result.detail["executed"] is False and result.detail["total"] == 5


def test_compile_failure_keeps_the_last_400_characters() -> None:
    text = "x" * 500 + "Ошибка компиляции: ожидается ;  \n"
    result = score_meaning_a(
        measured_tests("", status="compile_error", detail=text), 5, "Ф", M_RULES, RUNTIME
    )
    assert result.score == 0.0
    assert result.detail is not None
    [error] = result.detail["errors"]
    assert error == "compile_error: " + text[-400:].strip()


def test_no_entry_point() -> None:
    result = score_meaning_a(measured_tests("", status="no_entry", entry=None), 5, None, M_RULES, RUNTIME)
    assert (result.score, result.band) == (0.0, 0)
    assert result.detail is not None
    assert result.detail["errors"] == ["в коде кандидата не найдено ни одной функции"]
    assert result.detail["entry_point"] is None


def test_limit_counts_the_tests_reported_before_it() -> None:
    result = score_meaning_a(measured_tests("pp", status="limit", detail="память"), 4, "Ф", M_RULES, RUNTIME)
    assert (result.score, result.band) == (5.0, 4)
    assert result.detail is not None and result.detail["errors"] == ["лимит исполнения: память"]


def test_error_lines_are_cut_to_200_and_keep_the_first_line() -> None:
    measurement = measured_tests("e")
    measurement.cases[0].error = "Е" * 300 + "\nвторая строка"
    result = score_meaning_a(measurement, 1, "Ф", M_RULES, RUNTIME)
    assert result.detail is not None
    [line] = result.detail["errors"]
    assert line.startswith("PRISM_ERR 0 ЕЕЕ") and len(line) == 200


def test_unknown_status_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="found 'weird'"):
        score_meaning_a(measured_tests("p", status="weird"), 1, "Ф", M_RULES, RUNTIME)


LOG = 'тест1 ОК; тест2 FAIL (ожидали 5); тест3 ИСКЛЮЧЕНИЕ: Поле не найдено "Склад"; ' + "хвост " * 200


def test_category_b_ok_run() -> None:
    result = score_meaning_b(b_run("ok", 1, 3, LOG), M_RULES, RUNTIME)
    assert (result.score, result.band) == (3.3, 2)
    detail = result.detail
    assert detail is not None
    assert len(detail["log"]) == 500
    assert detail["platform_errors"] == ["Поле не найдено"]
    assert detail["platform_error_tests"] == 1
    assert {
        "status",
        "passed",
        "total",
        "compile_error_lines",
        "compile_errors",
        "entry_point",
        "infra_detail",
        "band",
        "instrument",
    } <= set(detail)


def test_platform_tests_are_counted_on_the_full_log() -> None:
    tail = "тест9 ИСКЛЮЧЕНИЕ: Таблица не найдена; "
    record = b_run_record(b_run("ok", 0, 9, "тест1 FAIL; " + "ш" * 600 + tail), RUNTIME)
    assert tail not in record["log"]
    assert record["platform_error_tests"] == 1
    assert record["platform_errors"] == ["Таблица не найдена"]


@pytest.mark.parametrize("status", ["no_entry", "candidate_error"])
def test_category_b_candidate_fault_is_zero(status: str) -> None:
    run = b_run(status, 0, 0, "Объект не найден в тексте ошибки компиляции")
    result = score_meaning_b(run, M_RULES, RUNTIME)
    assert (result.score, result.band) == (0.0, 0)
    assert result.detail is not None
    assert result.detail["platform_errors"] == []  # only a run that produced a result has markers


def test_category_b_limit_stop_is_zero_not_na() -> None:
    result = score_meaning_b(b_run("no_result", 0, 0, infra_detail="время"), M_RULES, RUNTIME)
    assert result.score == 0.0 and result.band == 0


@pytest.mark.parametrize("status", ["infra_error"])
def test_category_b_infrastructure_is_not_measured(status: str) -> None:
    result = score_meaning_b(b_run(status, 0, 0, infra_detail="x" * 400), M_RULES, RUNTIME)
    assert result.score is None and result.band is None
    assert result.detail is not None
    assert result.detail["reason"] == f"исполнение не состоялось ({status})"
    assert len(result.detail["infra_detail"]) == 300
