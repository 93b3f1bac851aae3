"""Axis S (PRISM_FORMAT §3.3): balance pre-check, ParseError clusters, blockers; category B."""

from __future__ import annotations

from scoring_fixtures import L1, RUNTIME, b_run, diag, syntax

from prism_desktop.scoring.syntax import balance_check, count_clusters, score_syntax_a, score_syntax_b

BALANCED = """Функция Ф(А)
    Если А > 0 Тогда
        Для Й = 1 По А Цикл
            Попытка
                А = А - 1;
            Исключение
            КонецПопытки;
        КонецЦикла;
    ИначеЕсли А < 0 Тогда
    КонецЕсли;
    Возврат А;
КонецФункции

Процедура П()
КонецПроцедуры"""


def test_balanced_code_passes_the_pre_check() -> None:
    assert balance_check(BALANCED) == (True, {})


def test_imbalance_scores_zero_without_the_table() -> None:
    truncated = BALANCED.rsplit("КонецФункции", 1)[0]
    balanced, detail = balance_check(truncated)
    assert not balanced
    assert detail == {"функция": {"open": 1, "close": 0}}
    result = score_syntax_a(truncated, syntax(), L1.axes["S"])
    assert result.score == 0
    assert result.detail is not None
    assert result.detail["balanced"] is False
    assert result.detail["root_causes"] == 0  # the table alone would have given 10
    assert result.detail["balance_detail"] == {"функция": {"open": 1, "close": 0}}


def test_procedures_are_checked_too() -> None:
    assert balance_check("Процедура П()\n") == (False, {"процедура": {"open": 1, "close": 0}})


def test_strings_comments_and_continuations_do_not_count() -> None:
    code = (
        "Функция Ф()\n"
        '    Т = "Если Цикл";  // Попытка\n'
        '    Запрос = "ВЫБРАТЬ\n'
        '    |Если Функция";\n'
        '    Х = "кавычка "" Если";\n'
        '    Н = "незакрытая Цикл\n'
        "КонецФункции"
    )
    assert balance_check(code) == (True, {})


def test_keywords_are_lower_cased_and_whole_words() -> None:
    assert balance_check("ЕСЛИ 1 ТОГДА\nконецесли;")[0]
    assert balance_check("ЕслиБы = 1; ЦиклЗакончен = Истина;")[0]
    # ИначеЕсли has no word boundary before `если`, so it does not open an If.
    assert balance_check("Если А Тогда\nИначеЕсли Б Тогда\nКонецЕсли;")[0]


def test_clusters_with_gap_three() -> None:
    assert count_clusters([], 3) == 0
    assert count_clusters([5], 3) == 1
    assert count_clusters([1, 4], 3) == 1  # 4 - 1 = 3: same cause
    assert count_clusters([1, 5], 3) == 2  # 5 - 1 = 4 > gap: a new cause
    assert count_clusters([27, 2, 5, 4, 9, 23, 20], 3) == 4  # unsorted input


def test_clustering_plus_procedure_returns_value_blockers() -> None:
    diagnostics = [diag("ParseError", line) for line in (2, 4, 5, 9, 20, 23, 27)]
    diagnostics += [diag("ProcedureReturnsValue", 12), diag("ProcedureReturnsValue", 30)]
    diagnostics += [diag("LineLength", 1), diag("MagicNumber", 3)]  # style: not S's business
    result = score_syntax_a(BALANCED, syntax(*diagnostics), L1.axes["S"])
    assert result.detail == {
        "root_causes": 6,
        "parse_error_clusters": 4,
        "blockers": 2,
        "balanced": True,
        "balance_detail": {},
        "error_codes": ["ParseError", "ProcedureReturnsValue"],
        "instrument": "prism-bsl 0.1.0",
    }
    assert result.score == 4  # S-table(6)


def test_clean_code_scores_ten() -> None:
    result = score_syntax_a(BALANCED, syntax(diag("MagicNumber", 3)), L1.axes["S"])
    assert result.score == 10
    assert result.detail is not None and result.detail["error_codes"] == []


def test_category_b_clusters_compiler_lines_without_blockers() -> None:
    run = b_run(
        "candidate_error",
        0,
        0,
        compile_error_lines=[3, 4, 10],
        compile_errors=["Переменная не определена (Х)" * 20] * 7,
    )
    result = score_syntax_b(run, L1.axes["S"], RUNTIME)
    assert result.score == 6  # two clusters
    assert result.detail is not None
    assert result.detail["root_causes"] == 2
    assert len(result.detail["errors"]) == 5
    assert all(len(e) == 200 for e in result.detail["errors"])
    assert result.detail["instrument"] == "prism-platform 0.1.0"


def test_category_b_no_entry_is_never_compiled_and_gets_ten() -> None:
    result = score_syntax_b(b_run("no_entry", 0, 0), L1.axes["S"], RUNTIME)
    assert result.score == 10


def test_category_b_infrastructure_failure_is_not_measured() -> None:
    for status in ("infra_error",):
        result = score_syntax_b(b_run(status, 0, 0), L1.axes["S"], RUNTIME)
        assert result.score is None
        assert result.detail is not None and result.detail["reason"] == f"исполнение не состоялось ({status})"
