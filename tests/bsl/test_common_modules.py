"""Common modules: a loaded module called from another module by name, as Тесты calls КодКандидата.
Only exported methods are visible; a call continues the running engine call (deadline, step budget,
depth); the callee's frames keep its module name, which the techlog's attribution relies on."""

from __future__ import annotations

import pytest

from prism_desktop.bsl import platform_bridge
from prism_desktop.bsl.common_modules import COMMON_MODULE_CONTENT, common_module_errors
from prism_desktop.bsl.engine import Engine, ModuleLoadError
from prism_desktop.bsl.limits import RunLimits
from prism_desktop.bsl.parser import parse_module
from prism_desktop.bsl.values.base import BslRuntimeError, ExecutionLimit
from prism_desktop.platform import Infobase, load_configuration

CANDIDATE = """
Функция Сумма(А, Б = 10) Экспорт
    Возврат А + Б;
КонецФункции

Функция Скрытая()
    Возврат 1;
КонецФункции

Процедура Заполнить(Результат, Знач Копия) Экспорт
    Результат = "заполнено";
    Копия = "изменено";
КонецПроцедуры

Функция Глубже(Н) Экспорт
    Если Н = 0 Тогда
        Возврат 0;
    КонецЕсли;
    Возврат Глубже(Н - 1) + 1;
КонецФункции

Функция Ошибка() Экспорт
    Х = Новый Структура;
    Возврат Х.НетТакогоПоля;
КонецФункции

Процедура Крутиться() Экспорт
    Для Счетчик = 1 По 50 Цикл
    КонецЦикла;
КонецПроцедуры
"""


def load_pair(tests: str, limits: RunLimits | None = None) -> tuple[Engine, object]:
    engine = Engine(limits=limits)
    candidate = engine.load(CANDIDATE, "КодКандидата")
    engine.add_common_module("КодКандидата", candidate)
    return engine, engine.load(tests, "Тесты")


def test_exported_methods_are_called_with_defaults() -> None:
    engine, tests = load_pair(
        'Функция Т() Экспорт Возврат "" + КодКандидата.Сумма(1, 2) + "/" + КодКандидата.Сумма(1); '
        "КонецФункции"
    )
    assert engine.call(tests, "Т") == "3/11"


def test_a_method_without_export_is_not_found_as_in_1c() -> None:
    engine, tests = load_pair(
        """
        Функция Т() Экспорт
            Попытка
                КодКандидата.Скрытая();
            Исключение
                Возврат ИнформацияОбОшибке().Описание;
            КонецПопытки;
        КонецФункции
        Функция Т2() Экспорт
            Возврат КодКандидата.НетТакого();
        КонецФункции
        """
    )
    assert engine.call(tests, "Т") == "Метод объекта не обнаружен (Скрытая)"
    with pytest.raises(BslRuntimeError, match=r"Метод объекта не обнаружен \(НетТакого\)"):
        engine.call(tests, "Т2")


def test_argument_count_is_checked() -> None:
    engine, tests = load_pair("Функция Т() Экспорт Возврат КодКандидата.Сумма(1, 2, 3); КонецФункции")
    with pytest.raises(BslRuntimeError, match="Слишком много фактических параметров"):
        engine.call(tests, "Т")
    engine, tests = load_pair("Функция Т() Экспорт Возврат КодКандидата.Сумма(); КонецФункции")
    with pytest.raises(BslRuntimeError, match="Недостаточно фактических параметров"):
        engine.call(tests, "Т")


def test_by_reference_parameters_are_written_back_and_by_value_ones_are_not() -> None:
    engine, tests = load_pair(
        """
        Функция Т() Экспорт
            Р = Неопределено;
            К = "исходное";
            КодКандидата.Заполнить(Р, К);
            Возврат Р + "," + К;
        КонецФункции
        """
    )
    assert engine.call(tests, "Т") == "заполнено,исходное"


def test_the_name_is_resolved_at_load_time() -> None:
    engine = Engine()
    engine.load(CANDIDATE, "КодКандидата")
    with pytest.raises(ModuleLoadError, match=r"Переменная не определена \(КодКандидата\)"):
        engine.load("Функция Т() Экспорт Возврат КодКандидата.Сумма(1); КонецФункции", "Тесты")


def test_a_module_of_another_engine_is_refused() -> None:
    other = Engine().load(CANDIDATE, "КодКандидата")
    with pytest.raises(ValueError, match="another engine"):
        Engine().add_common_module("КодКандидата", other)


def test_the_step_budget_is_not_reset_by_calls_through_the_module() -> None:
    # each call makes ~50 steps, far below the budget; 200 calls together exceed it
    tests_text = """
        Функция Т() Экспорт
            Для Раз = 1 По 200 Цикл
                КодКандидата.Крутиться();
            КонецЦикла;
        КонецФункции
        Функция Раз() Экспорт
            КодКандидата.Крутиться();
        КонецФункции
        """
    limits = RunLimits(timeout_s=None, max_steps=5000)
    engine, tests = load_pair(tests_text, limits)
    engine.call(tests, "Раз")  # one call fits the budget
    with pytest.raises(ExecutionLimit) as raised:
        engine.call(tests, "Т")
    assert raised.value.kind == "statements"


def test_the_call_depth_continues_from_the_caller() -> None:
    tests_text = """
        Функция Т(Н) Экспорт
            Если Н = 0 Тогда
                Возврат КодКандидата.Глубже(60);
            КонецЕсли;
            Возврат Т(Н - 1);
        КонецФункции
        """
    engine, tests = load_pair(tests_text, RunLimits(recursion_depth=100))
    assert engine.call(tests, "Т", [10]) == 60  # 10 + 60 levels fit
    with pytest.raises(ExecutionLimit) as raised:
        engine.call(tests, "Т", [50])  # 50 + 60 levels do not, although each module stays below 100
    assert raised.value.kind == "recursion"


def test_an_error_inside_the_module_is_located_in_it() -> None:
    engine, tests = load_pair(
        """
        Функция Т() Экспорт
            Попытка
                КодКандидата.Ошибка();
            Исключение
                Инфо = ИнформацияОбОшибке();
                Возврат Инфо.ИмяМодуля + ":" + Инфо.НомерСтроки + ":" + Инфо.Описание;
            КонецПопытки;
        КонецФункции
        """
    )
    assert engine.call(tests, "Т") == "КодКандидата:24:Поле объекта не обнаружено (НетТакогоПоля)"


def test_data_accesses_inside_the_module_keep_its_name_on_the_stack() -> None:
    spec = {"catalogs": {"Товары": {}}}
    infobase = platform_bridge.start(Infobase(load_configuration(spec)))
    try:
        engine = Engine()
        candidate = engine.load(
            "Функция Сколько() Экспорт Возврат Справочники.Товары.Выбрать().Следующий(); КонецФункции",
            "КодКандидата",
        )
        engine.add_common_module("КодКандидата", candidate)
        tests = engine.load(
            """
            Функция Т() Экспорт
                Справочники.Товары.Выбрать().Следующий();
                Возврат КодКандидата.Сколько();
            КонецФункции
            """,
            "Тесты",
        )
        assert engine.call(tests, "Т") is False
        stacks = [event.stack for event in infobase.techlog.events]
    finally:
        platform_bridge.stop()
        infobase.close()
    assert stacks == [("Тесты",), ("Тесты", "КодКандидата")]
    assert infobase.techlog.counts("КодКандидата").sdbl == 1
    assert infobase.techlog.counts("Тесты").sdbl == 2


def test_module_variables_and_statements_are_not_allowed_in_a_common_module() -> None:
    text = "Перем А, Б;\nФункция Ф() Экспорт\n    Возврат 1;\nКонецФункции\nСообщить(Ф());\nА = 2;\n"
    found = common_module_errors(parse_module(text).module)
    assert [(d.code, d.line) for d in found] == [(COMMON_MODULE_CONTENT, 1)] * 2 + [
        (COMMON_MODULE_CONTENT, 5),
        (COMMON_MODULE_CONTENT, 6),
    ]
    assert "переменных" in found[0].message and "операторы" in found[2].message
    assert common_module_errors(parse_module(CANDIDATE).module) == []
