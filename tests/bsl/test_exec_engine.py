"""The engine API: loading, calling, output, errors, limits and operation counting."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest

from prism_desktop.bsl.engine import BslModule, Engine, EngineInternalError, ModuleLoadError
from prism_desktop.bsl.limits import RunLimits
from prism_desktop.bsl.stdlib.collections import BslArray
from prism_desktop.bsl.values.base import BslRuntimeError, ExecutionLimit, active_meter

MODULE = """
Перем Всего Экспорт;

Функция Сумма(А, Б = 10) Экспорт
    Возврат А + Б;
КонецФункции

Процедура Накопить(Значение)
    Всего = Всего + Значение;
КонецПроцедуры

Функция Длина(Массив)
    Возврат Массив.Количество();
КонецФункции

Всего = 0;
"""


def load(text: str, **kwargs: Any) -> tuple[Engine, BslModule]:
    engine = Engine(**kwargs)
    return engine, engine.load(text, "Тест")


def test_call_with_defaults_and_python_values() -> None:
    engine, module = load(MODULE)
    engine.run_body(module)
    assert engine.call(module, "Сумма", [1, 2]) == 3
    assert engine.call(module, "СУММА", [1]) == 11
    assert engine.call(module, "Сумма", [Decimal("0.1"), Decimal("0.2")]) == Decimal("0.3")
    assert engine.call(module, "Длина", [BslArray.from_values([1, 2, 3])]) == 3


def test_module_variables_persist_between_calls() -> None:
    engine, module = load(MODULE)
    engine.run_body(module)
    engine.call(module, "Накопить", [5])
    engine.call(module, "Накопить", [7])
    assert module.get_variable("всего") == 12


def test_call_argument_count_errors() -> None:
    engine, module = load(MODULE)
    with pytest.raises(BslRuntimeError, match="Слишком много фактических параметров"):
        engine.call(module, "Сумма", [1, 2, 3])
    with pytest.raises(BslRuntimeError, match="Недостаточно фактических параметров"):
        engine.call(module, "Сумма", [])
    with pytest.raises(BslRuntimeError, match=r"Метод объекта не обнаружен \(Нет\)"):
        engine.call(module, "Нет", [])


def test_method_signatures() -> None:
    _, module = load(MODULE)
    signature = module.method("сумма")
    assert signature is not None
    shape = (signature.name, signature.kind, signature.params, signature.export)
    assert shape == ("Сумма", "function", ["А", "Б"], True)
    assert module.method("нет") is None


def test_syntax_error_is_a_load_error_with_position() -> None:
    with pytest.raises(ModuleLoadError) as info:
        load("Если Истина Тогда\n Х = ;\nКонецЕсли;")
    assert info.value.line == 2
    assert "Модуль Тест" in info.value.describe()


def test_compile_error_names_the_symbol() -> None:
    with pytest.raises(ModuleLoadError, match=r"Переменная не определена \(Неизвестная\)"):
        load("Х = Неизвестная;")


def test_output_is_captured_and_forwarded() -> None:
    seen: list[str] = []
    engine, module = load('Сообщить("раз"); Сообщить(2);', output=seen.append)
    engine.run_body(module)
    assert engine.output == ["раз", "2"]
    assert seen == ["раз", "2"]


def test_uncaught_error_carries_line_and_module() -> None:
    engine, module = load("А = 1;\nБ = А / 0;")
    with pytest.raises(BslRuntimeError) as info:
        engine.run_body(module)
    assert (info.value.message, info.value.line, info.value.module) == ("Деление на 0", 2, "Тест")


def test_current_date_uses_the_clock() -> None:
    fixed = dt.datetime(2024, 5, 6, 7, 8, 9, 123)
    engine, module = load("Функция Ф()\n Возврат ТекущаяДата();\nКонецФункции", clock=lambda: fixed)
    assert engine.call(module, "Ф") == dt.datetime(2024, 5, 6, 7, 8, 9)


def test_python_exception_in_a_builtin_becomes_internal_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from prism_desktop.bsl.stdlib import strings

    engine, module = load("Функция Ф()\n Возврат СтрДлина(\"абв\");\nКонецФункции")

    def broken(_text: object) -> int:
        raise KeyError("поломка")

    monkeypatch.setitem(module.namespace, "b_стрдлина", broken)
    with pytest.raises(EngineInternalError, match="Внутренняя ошибка исполнителя") as info:
        engine.call(module, "Ф")
    assert info.value.line == 2
    assert strings.str_len("абв") == 3


def test_internal_error_is_catchable_by_try() -> None:
    engine, module = load(
        'Функция Ф()\nПопытка\n Возврат СтрДлина("x");\nИсключение\n Возврат "поймано";\nКонецПопытки;\n'
        "КонецФункции"
    )

    def broken(_text: object) -> int:
        raise TypeError("поломка")

    module.namespace["b_стрдлина"] = broken
    assert engine.call(module, "Ф") == "поймано"


# --- limits ---------------------------------------------------------------------------------


def test_timeout_stops_an_endless_loop_and_try_cannot_catch_it() -> None:
    engine, module = load(
        "Процедура П()\nПопытка\n Пока Истина Цикл\n КонецЦикла;\nИсключение\n Сообщить(1);\n"
        "КонецПопытки;\nКонецПроцедуры",
        limits=RunLimits(timeout_s=0.2),
    )
    with pytest.raises(ExecutionLimit) as info:
        engine.call(module, "П")
    assert info.value.kind == "timeout"
    assert engine.output == []


def test_step_budget() -> None:
    engine, module = load("Процедура П()\n Для К = 1 По 100000 Цикл\n КонецЦикла;\nКонецПроцедуры",
                          limits=RunLimits(timeout_s=None, max_steps=5000))
    with pytest.raises(ExecutionLimit) as info:
        engine.call(module, "П")
    assert info.value.kind == "statements"


def test_recursion_depth_limit() -> None:
    source = "Функция Ф(Н)\n Возврат Ф(Н + 1);\nКонецФункции"
    engine, module = load(source, limits=RunLimits(recursion_depth=200))
    with pytest.raises(ExecutionLimit) as info:
        engine.call(module, "Ф", [0])
    assert info.value.kind == "recursion"


def test_deep_but_allowed_recursion_works() -> None:
    source = "Функция Ф(Н)\n Если Н = 0 Тогда\n  Возврат 0;\n КонецЕсли;\n Возврат 1 + Ф(Н - 1);\n"
    source += "КонецФункции"
    engine, module = load(source, limits=RunLimits(recursion_depth=3000))
    assert engine.call(module, "Ф", [2500]) == 2500


def test_string_size_cap() -> None:
    source = 'Процедура П()\n С = "x";\n Пока Истина Цикл\n  С = С + С;\n КонецЦикла;\nКонецПроцедуры'
    engine, module = load(source, limits=RunLimits(max_string_chars=10_000))
    with pytest.raises(ExecutionLimit) as info:
        engine.call(module, "П")
    assert info.value.kind == "memory"


def test_output_cap() -> None:
    engine, module = load('Пока Истина Цикл\n Сообщить("строка вывода");\nКонецЦикла;',
                          limits=RunLimits(max_output_chars=1000))
    with pytest.raises(ExecutionLimit) as info:
        engine.run_body(module)
    assert info.value.kind == "output"


def test_active_meter_is_restored_after_a_call() -> None:
    before = active_meter.current
    engine, module = load("Х = 1;")
    engine.run_body(module)
    assert active_meter.current is before


# --- counting ---------------------------------------------------------------------------------

CODESTAT_PROGRAM = """Функция Квадраты(Н)
    Итог = 0;
    Для К = 1 По Н Цикл
        Итог = Итог + К * К;
    КонецЦикла;
    Возврат Итог;
КонецФункции

Р = Квадраты(3);
Если Р > 10 Тогда
    Сообщить(Р);
Иначе
    Сообщить(0);
КонецЕсли;
"""


def test_codestat_counts_line_entries_as_onescript() -> None:
    engine, module = load(CODESTAT_PROGRAM, counting="codestat")
    engine.run_body(module)
    counts = module.line_counts()
    # line 3: the statement and each return to the header (3 iterations) -> 1 + 3; КонецЦикла of Для
    # is reached at the end of every iteration; Возврат skips КонецФункции; КонецЕсли is always marked.
    assert counts[2] == 1
    assert counts[3] == 4
    assert counts[4] == 3
    assert counts[5] == 3
    assert counts[6] == 1
    assert counts[7] == 0
    assert (counts[9], counts[10], counts[11], counts[12], counts[13], counts[14]) == (1, 1, 1, 0, 0, 1)
    assert module.ops() == sum(counts.values())


def test_codestat_one_line_loop_counts_once() -> None:
    engine, module = load("Для К = 1 По 100 Цикл Х = К; КонецЦикла;", counting="codestat")
    engine.run_body(module)
    assert module.line_counts() == {1: 1}


def test_codestat_json_shape() -> None:
    engine, module = load(CODESTAT_PROGRAM, counting="codestat")
    engine.run_body(module)
    data = module.codestat("/x/prog.bsl")
    entry = data["/x/prog.bsl"]
    assert entry["#path"] == "/x/prog.bsl"
    assert entry["Квадраты"]["4"] == {"count": 3, "time": 0}
    assert entry["$entry"]["9"]["count"] == 1


def test_statement_count_mode() -> None:
    engine, module = load("Для К = 1 По 10 Цикл Х = К; КонецЦикла;", counting="statements")
    engine.run_body(module)
    assert module.ops() == 1 + 10 + 10  # the loop statement, its 10 iterations, 10 assignments


def test_counting_off_counts_nothing() -> None:
    engine, module = load(CODESTAT_PROGRAM)
    engine.run_body(module)
    assert module.ops() == 0
    assert "_cs[" not in module.code.python


def test_concatenation_charge_only_for_strings() -> None:
    source = (
        'Функция Ф(Н)\n С = "";\n Ч = 0;\n Для К = 1 По Н Цикл\n  С = С + "ab";\n  Ч = Ч + 1;\n'
        " КонецЦикла;\n Возврат С;\nКонецФункции"
    )
    engine, module = load(source, counting="codestat")
    engine.call(module, "Ф", [4])
    assert module.line_charges() == {5: 0 + 2 + 4 + 6}


def test_collection_charges_are_attributed_to_the_calling_line() -> None:
    source = "Функция Ф(М)\n Возврат М.Найти(99);\nКонецФункции\n"
    engine, module = load(source, counting="codestat")
    array = BslArray.from_values(range(50))
    assert engine.call(module, "Ф", [array]) is None
    charges = module.line_charges()
    assert set(charges) == {2} and charges[2] >= 50
