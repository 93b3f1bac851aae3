"""The in-process category-A harness: S, M and O-exec measurements straight from the engine."""

from __future__ import annotations

import datetime as dt
import math

import pytest

from prism_desktop.bsl.stdlib.collections import BslArray, BslStructure, BslValueTable
from prism_desktop.runs.onec import Limits, RunSpec, TaskData
from prism_desktop.sandbox.harness_a import describe, from_yaml, prism_equal, run_legs

SUM_TASK = TaskData(
    category="A",
    task_id="T1",
    entry_point_patterns=[r"Сумма\w*"],
    tests=[
        {"args": [[1, 2, 3]], "expected": 6},
        {"args": [[]], "expected": 0},
        {"args": [[0.1, 0.2]], "expected": 0.3},
    ],
    perf={
        "p_opt": 1.0,
        "sizes": [50, 100, 200, 400],
        "gen": "М = Новый Массив;\nДля Номер = 1 По {n} Цикл\n    М.Добавить(Номер);\nКонецЦикла;",
        "call": "Р = {entry}(М);",
    },
)

LINEAR = """Функция Вспомогательная(Х)
    Возврат Х;
КонецФункции

Функция СуммаЭлементов(Массив) Экспорт
    Итог = 0;
    Для Каждого Элемент Из Массив Цикл
        Итог = Итог + Элемент;
    КонецЦикла;
    Возврат Итог;
КонецФункции"""

QUADRATIC = """Функция СуммаЭлементов(Массив)
    Итог = 0;
    Для Каждого Элемент Из Массив Цикл
        Для Каждого Другой Из Массив Цикл
            Если Другой = Элемент Тогда
                Итог = Итог + Элемент;
            КонецЕсли;
        КонецЦикла;
    КонецЦикла;
    Возврат Итог;
КонецФункции"""


def run(code: str, task: TaskData = SUM_TASK, legs: list[str] | None = None, **limits: float):
    spec = RunSpec(run_id="r", code=code, task=task, legs=legs or ["syntax", "tests", "perf"],
                   limits=Limits(**limits))  # type: ignore[arg-type]
    return run_legs(spec)


def test_passing_candidate_all_legs() -> None:
    result = run(LINEAR)
    assert (result.runner, result.isolated, result.status) == ("inprocess", False, "ok")
    assert result.syntax is not None and result.syntax.diagnostics == []
    assert result.syntax.instrument.startswith("prism-bsl ")
    tests = result.tests
    assert tests is not None and tests.status == "ok" and tests.entry_point == "СуммаЭлементов"
    assert [c.status for c in tests.cases] == ["pass", "pass", "pass"]
    assert tests.cases[0].args == ["[1, 2, 3]"] and tests.cases[0].actual == "6"
    assert tests.cases[2].expected == "0.3"


def test_failing_and_erroring_cases_are_recorded() -> None:
    code = """Функция СуммаЭлементов(Массив)
    Если Массив.Количество() = 0 Тогда
        ВызватьИсключение "пустой массив";
    КонецЕсли;
    Возврат Массив[0];
КонецФункции"""
    tests = run(code, legs=["tests"]).tests
    assert tests is not None
    assert [c.status for c in tests.cases] == ["fail", "error", "fail"]
    assert tests.cases[0].actual == "1" and tests.cases[0].expected == "6"
    assert tests.cases[1].error is not None and "пустой массив" in tests.cases[1].error
    assert "Ошибка в строке: 3" in tests.cases[1].error


def test_printed_markers_cannot_forge_a_pass() -> None:
    code = """Функция СуммаЭлементов(Массив)
    Сообщить("PRISM_PASS 1");
    Сообщить("PRISM_PASS 2");
    Возврат -1;
КонецФункции"""
    result = run(code, legs=["tests"])
    assert result.tests is not None and [c.status for c in result.tests.cases] == ["fail", "fail", "fail"]
    assert "PRISM_PASS 1" in result.stdout


def test_no_function_is_no_entry() -> None:
    tests = run("Процедура СуммаЭлементов(Массив)\nКонецПроцедуры", legs=["tests"]).tests
    assert tests is not None and tests.status == "no_entry" and tests.entry_point is None
    assert tests.total == 3 and tests.detail == "в коде кандидата не найдено ни одной функции"


def test_syntax_error_is_compile_error_with_tail() -> None:
    result = run("Функция СуммаЭлементов(Массив)\n    Возврат Массив.Количество(;\nКонецФункции")
    assert result.tests is not None and result.tests.status == "compile_error"
    assert result.tests.detail is not None and result.tests.detail.startswith("compile_error: ")
    assert result.syntax is not None and any(d.code == "ParseError" for d in result.syntax.diagnostics)
    assert result.perf is not None and [s.status for s in result.perf.sizes] == ["error"]


def test_trailing_module_body_is_stripped_for_tests_only() -> None:
    code = LINEAR + "\n\nСообщить(СуммаЭлементов(Неопределено));\n"
    result = run(code)
    assert result.tests is not None and [c.status for c in result.tests.cases] == ["pass", "pass", "pass"]
    # O-exec runs the unstripped candidate: its body fails before gen/call
    assert result.perf is not None and result.perf.sizes[0].status == "error"


def test_failing_module_body_before_methods_end_is_compile_error() -> None:
    code = "Перем Кэш;\nКэш = 1 / 0;\n" + LINEAR
    tests = run(code, legs=["tests"]).tests
    assert tests is not None and tests.status == "compile_error"


def test_endless_candidate_times_out() -> None:
    code = "Функция СуммаЭлементов(Массив)\n    Пока Истина Цикл\n    КонецЦикла;\nКонецФункции"
    result = run(code, test_timeout_s=0.3, size_timeout_s=0.3)
    assert result.tests is not None and result.tests.status == "timeout" and result.tests.cases == []
    assert result.perf is not None and [s.status for s in result.perf.sizes] == ["timeout"]


def test_recursion_limit_is_a_case_error() -> None:
    code = "Функция СуммаЭлементов(Массив)\n    Возврат СуммаЭлементов(Массив);\nКонецФункции"
    tests = run(code, legs=["tests"], recursion_depth=100).tests
    assert tests is not None and tests.status == "ok"
    assert [c.status for c in tests.cases] == ["error"] * 3
    assert all("глубина вызовов" in (c.error or "") for c in tests.cases)


def test_entry_point_follows_patterns_then_first_function() -> None:
    tests = run(LINEAR, legs=["tests"]).tests
    assert tests is not None and tests.entry_point == "СуммаЭлементов"
    other = TaskData(
        category="A", task_id="T2", entry_point_patterns=["Нет"], tests=[{"args": [1], "expected": 1}]
    )
    tests = run(LINEAR, task=other, legs=["tests"]).tests
    assert tests is not None and tests.entry_point == "Вспомогательная"
    assert [c.status for c in tests.cases] == ["pass"]


def test_perf_counts_candidate_lines_and_grows_linearly() -> None:
    perf = run(LINEAR, legs=["perf"]).perf
    assert perf is not None and perf.entry_point == "СуммаЭлементов"
    ops = [s.ops for s in perf.sizes]
    assert [s.status for s in perf.sizes] == ["ok"] * 4 and all(isinstance(o, int) for o in ops)
    # per element: the loop header and the body line; plus Итог, the header's last check and Возврат
    assert ops == [2 * n + 3 for n in (50, 100, 200, 400)]


def test_perf_growth_separates_linear_from_quadratic() -> None:
    def growth(code: str) -> float:
        perf = run(code, legs=["perf"]).perf
        assert perf is not None
        first, last = perf.sizes[0], perf.sizes[-1]
        assert first.ops and last.ops
        return math.log(last.ops / first.ops) / math.log(last.size / first.size)

    assert growth(LINEAR) == pytest.approx(1.0, abs=0.05)
    assert growth(QUADRATIC) == pytest.approx(2.0, abs=0.05)


def test_perf_charges_linear_scans() -> None:
    code = """Функция СуммаЭлементов(Массив)
    Итог = 0;
    Для Каждого Элемент Из Массив Цикл
        Если Массив.Найти(Элемент) <> Неопределено Тогда
            Итог = Итог + 1;
        КонецЕсли;
    КонецЦикла;
    Возврат Итог;
КонецФункции"""
    perf = run(code, legs=["perf"]).perf
    assert perf is not None
    first, last = perf.sizes[0], perf.sizes[-1]
    assert first.ops and last.ops
    growth = math.log(last.ops / first.ops) / math.log(last.size / first.size)
    assert growth > 1.6  # Найти inside the loop is charged as a scan: quadratic


def test_yaml_values() -> None:
    assert from_yaml(1.5) == from_yaml(1.5) and str(from_yaml(1.5)) == "1.5"
    assert from_yaml({"__date__": "2024-01-31"}) == dt.datetime(2024, 1, 31)
    table = from_yaml({"__table__": {"columns": ["А", "Б"], "rows": [[1, "x"], [2, "y"]]}})
    assert isinstance(table, BslValueTable) and describe(table) == 'ТаблицаЗначений(А, Б; [1, "x"], [2, "y"])'
    structure = from_yaml({"Имя": "Ann", "Дети": [1]})
    assert isinstance(structure, BslStructure) and describe(structure) == 'Структура{Имя: "Ann", Дети: [1]}'
    with pytest.raises(ValueError, match="unsupported value"):
        from_yaml({1, 2})


def test_comparator_rules() -> None:
    # Массив: order matters
    assert prism_equal(BslArray.from_values([1, 2]), from_yaml([1, 2]))
    assert not prism_equal(BslArray.from_values([2, 1]), from_yaml([1, 2]))
    # Структура: extra keys allowed, expected keys must be equal
    actual = BslStructure.from_pairs([("А", 1), ("Лишний", 2)])
    assert prism_equal(actual, from_yaml({"А": 1}))
    assert not prism_equal(actual, from_yaml({"А": 2}))
    assert not prism_equal(BslArray.from_values([1]), from_yaml({"А": 1}))
    # ТаблицаЗначений: rows in any order, cells by column index, names ignored
    expected = from_yaml({"__table__": {"columns": ["А", "Б"], "rows": [[1, "x"], [2, "y"]]}})
    shuffled = BslValueTable.from_rows(["П", "В"], [(2, "y"), (1, "x")])
    assert prism_equal(shuffled, expected)
    assert not prism_equal(BslValueTable.from_rows(["П", "В"], [(2, "y"), (2, "y")]), expected)
    # everything else: the platform's =
    assert prism_equal(2, from_yaml(2.0)) and not prism_equal("2", 2) and prism_equal(None, None)
