"""The category-B run on the real engine and a real synthetic infobase: a small task written here
(config_spec, fixtures, tests.bsl in PRISM's log convention), one candidate per status and per
platform marker, and the scores PRISM's rules give the measurements."""

from __future__ import annotations

import copy
import dataclasses
from pathlib import Path
from typing import Any

import pytest

from prism_desktop.bsl.stdlib import FUNCTIONS
from prism_desktop.runs.onec import BRunMeasurement, Limits, RunResult, RunSpec, TaskData
from prism_desktop.sandbox import worker
from prism_desktop.sandbox.harness_b import INSTRUMENT, run_legs
from prism_desktop.scoring.platform_axis import platform_error_tests, platform_errors
from prism_desktop.scoring.syntax import count_clusters
from prism_desktop.workspace.protocol import RuntimeConstants

MARKERS = RuntimeConstants().platform_markers

CONFIG: dict[str, Any] = {
    "catalogs": {"Товары": {"attributes": {"Цена": {"type": "Число", "length": 15, "precision": 2}}}},
}
FIXTURES: dict[str, Any] = {
    "catalogs": {
        "Товары": [
            {"ref": "Стол", "Наименование": "Стол", "Цена": 10},
            {"ref": "Стул", "Наименование": "Стул", "Цена": 5},
        ]
    },
    "expected": {"rows": 2},
}
# Three checks in PRISM's log convention: `тест<N> FAIL (...); ` and `тест<N> ИСКЛЮЧЕНИЕ: ...; `.
TESTS_BSL = """
Функция Проверить(Номер, Наименование, Ожидание, Пройдено, Лог)
    Попытка
        Факт = КодКандидата.{{ENTRY}}(Наименование);
        Если Факт = Ожидание Тогда
            Пройдено = Пройдено + 1;
        Иначе
            Лог = Лог + "тест" + Номер + " FAIL (ожидалось " + Ожидание + ", получено " + Факт + "); ";
        КонецЕсли;
    Исключение
        Лог = Лог + "тест" + Номер + " ИСКЛЮЧЕНИЕ: " + ОписаниеОшибки() + "; ";
    КонецПопытки;
КонецФункции

Функция ПрогнатьТест() Экспорт
    СоздатьФикстуры();
    Пройдено = 0;
    Лог = "";
    Проверить(1, "Стол", 10, Пройдено, Лог);
    Проверить(2, "Стул", 5, Пройдено, Лог);
    Проверить(3, "Шкаф", 0, Пройдено, Лог);
    Возврат "PASSED=" + Пройдено + ";TOTAL=3;" + Лог;
КонецФункции
"""

CORRECT = """
Функция ЦенаТовара(Наименование)
    Ссылка = Справочники.Товары.НайтиПоНаименованию(Наименование, Истина);
    Если Ссылка.Пустая() Тогда
        Возврат 0;
    КонецЕсли;
    Возврат Ссылка.Цена;
КонецФункции
"""
BY_QUERY = """
Функция ЦенаТовара(Наименование) Экспорт
    Запрос = Новый Запрос(
    "ВЫБРАТЬ Т.Цена КАК Цена
    |ИЗ Справочник.Товары КАК Т
    |ГДЕ Т.Наименование = &Наименование");
    Запрос.УстановитьПараметр("Наименование", Наименование);
    Выборка = Запрос.Выполнить().Выбрать();
    Возврат ?(Выборка.Следующий(), Выборка.Цена, 0);
КонецФункции
"""


def b_spec(
    code: str, *, task: dict[str, Any] | None = None, legs: list[str] | None = None, **limits: Any
) -> RunSpec:
    data = {"config_spec": CONFIG, "fixtures": FIXTURES, "tests_bsl": TESTS_BSL, **(task or {})}
    return RunSpec(
        run_id="b-1",
        code=code,
        task=TaskData(category="B", task_id="ТестB", entry_point_patterns=["Цена.*"], **copy.deepcopy(data)),
        legs=legs or ["tests"],
        limits=Limits(**{"test_timeout_s": 10.0, **limits}),
    )


def b_run(code: str, **kwargs: Any) -> BRunMeasurement:
    run = run_legs(b_spec(code, **kwargs)).b_run
    assert run is not None and run.instrument == INSTRUMENT
    return run


def p_clean(run: BRunMeasurement) -> int:
    return run.total - platform_error_tests(run.log, MARKERS)


# --- ok -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("code", [CORRECT, BY_QUERY], ids=["manager", "query"])
def test_a_correct_candidate_passes_every_check(code: str) -> None:
    run = b_run(code)
    assert (run.status, run.passed, run.total, run.log) == ("ok", 3, 3, "")
    assert run.entry_point == "ЦенаТовара"
    assert run.compile_error_lines == [] and run.infra_detail is None


def test_a_procedure_is_an_entry_point_and_is_auto_exported() -> None:
    code = "Процедура ЦенаТовара(Наименование)\nКонецПроцедуры\n"
    run = b_run(code)
    # the procedure ran (no "Метод объекта не обнаружен"): it returned nothing, so every check fails
    assert (run.status, run.entry_point, run.passed, run.total) == ("ok", "ЦенаТовара", 0, 3)
    assert "FAIL" in run.log and platform_errors(run.log, MARKERS) == []


def test_a_wrong_value_is_a_fail_never_a_platform_error() -> None:
    run = b_run(CORRECT.replace("Возврат Ссылка.Цена;", "Возврат Ссылка.Цена * 2;"))
    assert (run.status, run.passed, run.total) == ("ok", 1, 3)
    assert run.log.count("FAIL") == 2
    assert platform_error_tests(run.log, MARKERS) == 0 and p_clean(run) == 3


# --- platform markers ---------------------------------------------------------------------------


def test_an_invented_field_gives_the_field_marker() -> None:
    run = b_run(CORRECT.replace("Ссылка.Цена;", "Ссылка.Стоимость;"))
    assert (run.status, run.passed, run.total) == ("ok", 1, 3)  # "Шкаф" returns before the field
    assert "Поле объекта не обнаружено (Стоимость)" in run.log
    assert platform_errors(run.log, MARKERS) == ["не обнаружено"]
    assert platform_error_tests(run.log, MARKERS) == 2


def test_an_invented_table_in_a_query_gives_the_table_marker() -> None:
    run = b_run(BY_QUERY.replace("Справочник.Товары", "Справочник.Номенклатура"))
    assert (run.status, run.passed, run.total) == ("ok", 0, 3)
    assert "Таблица не найдена" in run.log
    assert "Таблица не найдена" in platform_errors(run.log, MARKERS)
    assert platform_error_tests(run.log, MARKERS) == 3


def test_an_invented_query_field_gives_the_field_marker() -> None:
    run = b_run(BY_QUERY.replace("Т.Цена КАК Цена", "Т.Стоимость КАК Цена"))
    assert (run.passed, run.total) == (0, 3)
    assert "Поле не найдено" in platform_errors(run.log, MARKERS)


def test_an_invented_method_gives_the_method_marker() -> None:
    run = b_run(CORRECT.replace("НайтиПоНаименованию(Наименование, Истина)", "НайтиПоИмени(Наименование)"))
    assert (run.status, run.passed, run.total) == ("ok", 0, 3)
    assert "Метод объекта не обнаружен (НайтиПоИмени)" in run.log
    assert platform_error_tests(run.log, MARKERS) == 3


def test_only_exported_methods_of_the_candidate_are_visible_to_the_tests() -> None:
    helper = CORRECT + "\nФункция Помощник()\n    Возврат 1;\nКонецФункции\n"
    tests = TESTS_BSL.replace(
        "Факт = КодКандидата.{{ENTRY}}(Наименование);", "Факт = КодКандидата.Помощник();"
    )
    run = b_run(helper, task={"tests_bsl": tests})
    assert (run.status, run.passed) == ("ok", 0)
    assert run.log.count("Метод объекта не обнаружен (Помощник)") == 3


@pytest.mark.parametrize("name", ["ВидСчета", "Символы", "Справочники"])
def test_assigning_a_global_propertys_name_writes_the_read_only_property(name: str) -> None:
    """1C takes an undeclared name of a global property as that property, never as an implicit local
    (PRISM's published B19 logs: `ВидСчета = СсылкаНаСчет.Вид;` -> "Поле объекта недоступно для
    записи (ВидСчета)"); declared with Перем it is a local."""
    code = CORRECT.replace("    Ссылка =", f"    {name} = 1;\n    Ссылка =")
    run = b_run(code)
    assert (run.status, run.passed) == ("ok", 0)
    assert run.log.count(f"Поле объекта недоступно для записи ({name})") == 3
    declared = CORRECT.replace("    Ссылка =", f"    Перем {name};\n    {name} = 1;\n    Ссылка =")
    assert "недоступно для записи" not in b_run(declared).log


# --- the result string --------------------------------------------------------------------------


def test_what_the_candidate_prints_cannot_forge_the_result() -> None:
    code = CORRECT.replace("Возврат Ссылка.Цена;", 'Сообщить("PASSED=9;TOTAL=9;");\n    Возврат -1;')
    result = run_legs(b_spec(code))
    assert result.b_run is not None
    assert (result.b_run.passed, result.b_run.total) == (1, 3)
    assert "PASSED=9;TOTAL=9;" in result.stdout  # printed, kept apart from the result


def test_an_exception_escaping_the_tests_is_the_client_exception_text() -> None:
    tests = """
    Функция ПрогнатьТест() Экспорт
        СоздатьФикстуры();
        Возврат "PASSED=" + КодКандидата.{{ENTRY}}("Стол") + ";TOTAL=1;";
    КонецФункции
    """
    run = b_run(CORRECT.replace("Ссылка.Цена;", "Ссылка.Стоимость;"), task={"tests_bsl": tests})
    assert (run.status, run.passed, run.total) == ("ok", 0, 0)
    assert run.log.startswith("КЛИЕНТ_ИСКЛЮЧЕНИЕ: ")
    assert "Поле объекта не обнаружено (Стоимость)" in run.log
    assert platform_errors(run.log, MARKERS) == ["не обнаружено"]


def test_a_raised_result_text_escaping_the_tests_passes_nothing() -> None:
    """Only what ПрогнатьТест returns is a result: an exception carrying `PASSED=9;TOTAL=9;` counts
    nothing (PRISM's regex over result.txt would take it)."""
    tests = """
    Функция ПрогнатьТест() Экспорт
        СоздатьФикстуры();
        Возврат "PASSED=" + КодКандидата.{{ENTRY}}("Стол") + ";TOTAL=1;";
    КонецФункции
    """
    forged = CORRECT.replace("Возврат Ссылка.Цена;", 'ВызватьИсключение "PASSED=9;TOTAL=9;";')
    run = b_run(forged, task={"tests_bsl": tests})
    assert (run.status, run.passed, run.total) == ("ok", 0, 0)
    assert run.log.startswith("КЛИЕНТ_ИСКЛЮЧЕНИЕ: ") and "PASSED=9;TOTAL=9;" in run.log


def test_the_log_is_the_full_rest_after_the_counts_even_across_lines() -> None:
    tests = "\n".join(
        [
            "Функция ПрогнатьТест() Экспорт",
            '    Хвост = СтрСоединить(Новый Массив(601), "я");',
            '    Возврат "шум PASSED=2;TOTAL=4;строка 1" + Символы.ПС + "строка 2 " + Хвост;',
            "КонецФункции",
        ]
    )
    run = b_run(CORRECT, task={"tests_bsl": tests})
    assert (run.status, run.passed, run.total) == ("ok", 2, 4)
    assert run.log == "строка 1\nстрока 2 " + "я" * 600  # untruncated: scoring cuts it


def test_a_result_without_counts_is_ok_with_nothing_passed_and_the_text_kept() -> None:
    tests = 'Функция ПрогнатьТест() Экспорт\n    Возврат "Таблица не найдена где-то";\nКонецФункции\n'
    run = b_run(CORRECT, task={"tests_bsl": tests})
    assert (run.status, run.passed, run.total, run.log) == ("ok", 0, 0, "Таблица не найдена где-то")


# --- no_entry, candidate_error, no_result, infra_error -------------------------------------------


def test_code_without_functions_or_procedures_is_no_entry() -> None:
    run = b_run('Возврат Справочники.Товары.НайтиПоНаименованию("Стол").Цена;')
    assert (run.status, run.entry_point, run.passed, run.total) == ("no_entry", None, 0, 0)
    assert run.compile_error_lines == []  # never compiled: S = 10 in PRISM


def test_a_module_that_does_not_compile_is_a_candidate_error_with_its_lines() -> None:
    code = "\n".join(
        [
            "Функция ЦенаТовара(Наименование)",  # 1
            "    Если Наименование = Тогда",  # 2: syntax error
            "        Возврат 0;",  # 3
            "    КонецЕсли;",  # 4
            "    Возврат НеОпределённаяФункция(Наименование);",  # 5: 1C does not know this function
            "КонецФункции",  # 6
            "",  # 7
            "",  # 8
            "",  # 9
            'Сообщить(ЦенаТовара("Стол"));',  # 10: a demo call: a common module has no main program
        ]
    )
    run = b_run(code)
    assert run.status == "candidate_error"
    assert run.infra_detail == "модуль кандидата не компилируется"
    # 1C checks names only once the module parses (PRISM's published B logs): line 5 is not reported
    assert run.compile_error_lines == [2, 10]
    assert count_clusters(run.compile_error_lines, 3) == 2
    names_only = b_run(code.replace("Наименование = Тогда", "Наименование = 1 Тогда"))
    assert names_only.compile_error_lines == [5, 10]
    assert 1 <= len(run.compile_errors) <= 5
    assert all(
        e.startswith("{ОбщийМодуль.КодКандидата.Модуль(") and len(e) <= 200 for e in run.compile_errors
    )
    assert (run.passed, run.total) == (0, 0)


def test_every_read_of_a_name_1c_cannot_resolve_is_a_compile_error() -> None:
    """PRISM's published B3 logs: `Переменная не определена (СтроковыеФункцииКлиентСервер)` on each
    line that uses a common module the synthetic configuration lacks. Names assigned later in the
    method, parameters, Перем and global properties are defined; a bare name passed as an argument is
    left alone."""
    code = "\n".join(
        [
            "Функция ЦенаТовара(Наименование)",  # 1
            "    Если Итог = Неопределено Тогда",  # 2: assigned on line 3 -> a local
            "        Итог = ОбщегоНазначения.Значение(Наименование);",  # 3: an unknown module
            "    КонецЕсли;",  # 4
            "    Сообщить(Неизвестная);",  # 5: a bare argument: not checked
            "    Возврат Справочники.Товары.Пустая() + Итог + Неизвестная + 1;",  # 6
            "КонецФункции",
        ]
    )
    run = b_run(code)
    assert run.status == "candidate_error"
    assert run.compile_error_lines == [3, 6]
    assert "Переменная не определена (ОбщегоНазначения)" in run.compile_errors[0]
    assert "Переменная не определена (Неизвестная)" in run.compile_errors[1]


def test_a_type_the_platform_does_not_know_is_a_compile_error() -> None:
    """PRISM's published B4 logs: `Новый ОписаниеПараметровТипа(15, 2)` -> "Тип не определен
    (ОписаниеПараметровТипа)" from 1C's compiler; a platform type our engine lacks still compiles."""
    code = CORRECT.replace(
        "    Ссылка =",
        "    Т = Новый ОписаниеПараметровТипа(15, 2);\n    С = Новый СообщениеПользователю;\n    Ссылка =",
    )
    run = b_run(code)
    assert run.status == "candidate_error"
    assert run.compile_error_lines == [3]
    assert "Тип не определен (ОписаниеПараметровТипа)" in run.compile_errors[0]


def test_a_type_unknown_to_new_is_reported_alongside_syntax_errors() -> None:
    """PRISM's published B4/qwen3-235b log: `Тип не определен (ОписаниеТипа)` on line 5 and a
    `Пропущен символ '"'` on line 10 in one compile: the type is checked while parsing, unlike names
    (which 1C checks only in a module that parses)."""
    code = CORRECT.replace(
        "    Ссылка =",
        "    Т = Новый ОписаниеТипа(Число, 15, 2);\n\n\n\n"
        '    Н = НеизвестноеИмя;\n    Ш = "открыта;\n    Ссылка =',
    )
    run = b_run(code)
    assert run.status == "candidate_error"
    assert run.compile_error_lines[0] == 3 and "Тип не определен (ОписаниеТипа)" in run.compile_errors[0]
    assert 8 in run.compile_error_lines
    assert not any("Переменная не определена" in e for e in run.compile_errors)
    assert count_clusters(run.compile_error_lines, 3) == 2


def test_the_compile_check_recovers_from_errors_as_1c_does() -> None:
    """PRISM's published B19/gemini-2.5-flash-lite log: an answer cut inside its ```bsl fence is
    compiled with the fence line, and 1C reports only the module's logical end at line 1."""
    run = b_run("```bsl\n" + CORRECT)
    assert run.status == "candidate_error"
    assert run.compile_error_lines == [1]
    assert "Обнаружено логическое завершение исходного текста модуля" in run.compile_errors[0]


def test_the_same_diagnostics_reach_the_syntax_measurement() -> None:
    code = CORRECT + "\nПерем Лишняя;\n"
    result = run_legs(b_spec(code, legs=["syntax", "tests"]))
    assert result.b_run is not None and result.b_run.status == "candidate_error"
    assert result.syntax is not None
    assert {d.line for d in result.syntax.diagnostics if d.severity == "error"} >= set(
        result.b_run.compile_error_lines
    )


def test_a_run_past_the_time_limit_is_no_result() -> None:
    code = CORRECT.replace("Возврат Ссылка.Цена;", "Пока Истина Цикл\n    КонецЦикла;")
    run = b_run(code, test_timeout_s=0.5)
    assert run.status == "no_result"
    assert run.infra_detail is not None and "время" in run.infra_detail


@pytest.mark.parametrize(
    ("task", "named"),
    [
        ({"config_spec": {"catalogs": {"Товары": {"attributes": {"Цена": "НетТакогоТипа"}}}}}, "config_spec"),
        ({"fixtures": {"catalogs": {"Склады": [{"ref": "С", "Наименование": "С"}]}}}, "fixtures"),
        ({"tests_bsl": "Функция ПрогнатьТест() Экспорт\nВозврат 1 +;\nКонецФункции"}, "tests.bsl, строка 2"),
        ({"tests_bsl": "Функция Другая() Экспорт\nКонецФункции\n"}, "ПрогнатьТест"),
        ({"config_spec": None}, "config_spec"),
    ],
    ids=["config", "fixtures", "tests-syntax", "tests-no-run-function", "no-config"],
)
def test_what_the_task_or_emulator_cannot_set_up_is_an_infra_error(task: dict[str, Any], named: str) -> None:
    run = b_run(CORRECT, task=task)
    assert run.status == "infra_error"
    assert run.infra_detail is not None and named in run.infra_detail


def test_an_engine_bug_escaping_the_tests_is_ours_not_the_candidates(monkeypatch: pytest.MonkeyPatch) -> None:
    key = "стрдлина"
    entry = FUNCTIONS[key]

    def broken(_text: object) -> int:
        raise ZeroDivisionError("engine bug")

    monkeypatch.setitem(FUNCTIONS, key, dataclasses.replace(entry, fn=broken))
    tests = (
        'Функция ПрогнатьТест() Экспорт\n    Возврат "PASSED=" + СтрДлина("х") + ";TOTAL=1;";\nКонецФункции'
    )
    run = b_run(CORRECT, task={"tests_bsl": tests})
    assert run.status == "infra_error"
    assert run.infra_detail is not None and "внутренняя ошибка эмулятора" in run.infra_detail


def test_fixture_dates_arrive_in_their_json_safe_form() -> None:
    config = {
        "catalogs": {"Товары": {"attributes": {"Цена": {"precision": 2}, "Появился": {"type": "Дата"}}}},
    }
    fixtures = {
        "catalogs": {
            "Товары": [
                {"ref": "Стол", "Наименование": "Стол", "Цена": 10, "Появился": {"__date__": "2026-01-10"}}
            ]
        }
    }
    code = CORRECT.replace("Возврат Ссылка.Цена;", "Возврат ?(Ссылка.Появился = Дата(2026, 1, 10), 10, -1);")
    run = b_run(code, task={"config_spec": config, "fixtures": fixtures})
    assert (run.status, run.passed) == ("ok", 2)  # Стол by its date, Шкаф as 0; Стул is not in these fixtures


def test_the_worker_runs_category_b_and_the_measurements_survive_json(tmp_path: Path) -> None:
    assert worker.harness_for("B") is run_legs
    envelope = worker.run_spec(b_spec(CORRECT, legs=["syntax", "tests"]), tmp_path)
    assert envelope.fault is None and envelope.legs_done == ["syntax", "tests"]
    result = envelope.result
    assert result.b_run is not None and (result.b_run.status, result.b_run.passed) == ("ok", 3)
    assert RunResult.from_json(result.to_json()).b_run == result.b_run
