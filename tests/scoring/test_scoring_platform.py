"""Axis P, category B (PRISM_FORMAT §3.5)."""

from __future__ import annotations

import pytest
from scoring_fixtures import L1, RUNTIME, b_run

from prism_desktop.scoring.platform_axis import platform_error_tests, platform_errors, score_platform

P_RULES = L1.axes["P"]
MARKERS = RUNTIME.platform_markers


def test_clean_share_one_of_three() -> None:
    log = (
        'тест1 ИСКЛЮЧЕНИЕ: Поле не найдено "Х"; тест2 ИСКЛЮЧЕНИЕ: Метод объекта не обнаружен (Y); '
        "тест3 FAIL (Объект не найден)"
    )
    result = score_platform(b_run("ok", 0, 3, log), P_RULES, RUNTIME)
    assert result.detail is not None
    assert result.detail["clean_share"] == 0.333
    assert result.score == 3.3  # from the rounded share
    assert result.band == 4  # 1/3 > 0 exclusive
    assert result.detail["clean"] == 1 and result.detail["platform_error_tests"] == 2


def test_fine_score_uses_the_share_rounded_to_three_places() -> None:
    # 5/8 -> 0.625 -> 6.2: Python's round of the float 6.25, as PRISM computes it.
    log = "".join(f"тест{i} ИСКЛЮЧЕНИЕ: Поле не найдено; " for i in (1, 2, 3))
    result = score_platform(b_run("ok", 5, 8, log), P_RULES, RUNTIME)
    assert result.detail is not None and result.detail["clean_share"] == 0.625
    assert result.score == 6.2
    assert result.band == 6


def test_all_clean_is_ten() -> None:
    result = score_platform(b_run("ok", 2, 3, "тест3 FAIL (ожидали 1); "), P_RULES, RUNTIME)
    assert (result.score, result.band) == (10.0, 10)


def test_fail_segments_never_count_even_with_a_marker() -> None:
    assert (
        platform_error_tests("тест1 FAIL (Поле не найдено); тест2 ИСКЛЮЧЕНИЕ: ошибка деления", MARKERS) == 0
    )


def test_segments_split_before_each_test_entry_and_markers_are_case_insensitive() -> None:
    log = (
        "тест1 ИСКЛЮЧЕНИЕ: поле НЕ НАЙДЕНО; тест12 ИСКЛЮЧЕНИЕ: ок; "
        "тест3\tИСКЛЮЧЕНИЕ: Ошибка при вызове метода контекста (Выполнить)"
    )
    assert platform_error_tests(log, MARKERS) == 2
    assert platform_errors(log, MARKERS) == [
        "Поле не найдено",
        "Ошибка при вызове метода контекста (Выполнить)",
    ]


def test_crash_before_the_tests_with_markers_is_zero() -> None:
    result = score_platform(b_run("ok", 0, 0, "КЛИЕНТ_ИСКЛЮЧЕНИЕ: Таблица не найдена"), P_RULES, RUNTIME)
    assert (result.score, result.band) == (0.0, 0)
    assert result.detail is not None
    assert result.detail["clean_share"] == 0.0 and result.detail["platform_errors"] == ["Таблица не найдена"]


def test_crash_before_the_tests_without_markers_is_not_measured() -> None:
    result = score_platform(b_run("ok", 0, 0, "КЛИЕНТ_ИСКЛЮЧЕНИЕ: деление на ноль"), P_RULES, RUNTIME)
    assert result.score is None
    assert result.detail is not None
    assert result.detail["reason"] == "тесты не исполнились, платформенных маркеров нет"


@pytest.mark.parametrize("status", ["no_entry", "candidate_error"])
def test_candidate_fault_is_zero_via_the_pre_check(status: str) -> None:
    result = score_platform(
        b_run(status, 0, 0, "л" * 300, infra_detail="модуль кандидата не компилируется"), P_RULES, RUNTIME
    )
    assert (result.score, result.band) == (0.0, 0)
    assert result.detail is not None
    assert result.detail["reason"] == "модуль кандидата не компилируется"
    assert len(result.detail["log"]) == 200 and result.detail["band"] == 0


def test_no_entry_without_detail_names_the_missing_function() -> None:
    result = score_platform(b_run("no_entry", 0, 0), P_RULES, RUNTIME)
    assert result.detail is not None
    assert result.detail["reason"] == "в коде кандидата не найдено ни одной функции"


def test_a_run_a_limit_stopped_is_the_candidates_zero() -> None:
    result = score_platform(b_run("no_result", 0, 0, infra_detail="превышено время"), P_RULES, RUNTIME)
    assert result.score == 0.0 and result.band == 0


@pytest.mark.parametrize("status", ["infra_error"])
def test_infrastructure_is_not_measured(status: str) -> None:
    result = score_platform(b_run(status, 0, 0, infra_detail="docker упал"), P_RULES, RUNTIME)
    assert result.score is None and result.band is None
    assert result.detail is not None
    assert result.detail["reason"] == f"исполнение не состоялось ({status}): docker упал"
