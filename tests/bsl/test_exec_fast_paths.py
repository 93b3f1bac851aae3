"""The engine's fast paths (type-dispatched indexing, member and method call sites, chunked Для
loops, CONTEXT arithmetic) keep 1C's results, error texts and evaluation order, and the limits still
stop every kind of loop."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from prism_desktop.bsl.engine import Engine
from prism_desktop.bsl.limits import RunLimits
from prism_desktop.bsl.values.base import BslRuntimeError, ExecutionLimit


def run(body: str, **limits: Any) -> list[str]:
    engine = Engine(limits=RunLimits(**limits)) if limits else Engine()
    engine.run_body(engine.load(body, "Тест"))
    return engine.output


def error_of(body: str) -> str:
    with pytest.raises(BslRuntimeError) as info:
        run(body)
    return info.value.message


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("М[1]", "20"),
        ("М[1.0]", "20"),  # a Число index, not only a whole Python int
        ("М[1.7]", "20"),  # the fraction is dropped, as the platform does
    ],
)
def test_array_index_reads_any_number(expression: str, expected: str) -> None:
    assert run(f"М = Новый Массив; М.Добавить(10); М.Добавить(20); Сообщить({expression});") == [expected]


@pytest.mark.parametrize("index", ["-1", "2", "100"])
def test_array_index_out_of_range_reads_and_writes(index: str) -> None:
    prefix = "М = Новый Массив(2);"
    assert error_of(f"{prefix} Х = М[{index}];") == "Индекс находится за границами диапазона"
    assert error_of(f"{prefix} М[{index}] = 1;") == "Индекс находится за границами диапазона"


def test_index_of_non_collections_and_booleans() -> None:
    assert error_of("Х = 5; У = Х[0];") == "Получение элемента по индексу для значения не поддерживается"
    assert (
        error_of("Х = 5; Х[0] = 1;")
        == "Установка значения элемента по индексу для значения не поддерживается"
    )
    text = "Преобразование значения к типу Число не может быть выполнено"
    assert error_of("М = Новый Массив(2); Х = М[Истина];") == text


def test_map_keys_keep_one_c_equality() -> None:
    out = run(
        'С = Новый Соответствие; С[1] = "один"; С[Истина] = "истина"; С["А"] = "А"; С["а"] = "а";'
        'С[1.0] = "снова один"; Сообщить(С.Количество()); Сообщить(С[1]); Сообщить(С[Истина]);'
        'Сообщить(С["А"] + С["а"]); Сообщить(С[2] = Неопределено); Сообщить(С.Получить("а"));'
    )
    assert out == ["4", "снова один", "истина", "Аа", "Да", "а"]


def test_structure_fields_fold_case_and_yo_and_report_missing_fields() -> None:
    out = run(
        'С = Новый Структура("Ёлка, Сумма", 1, 2); С.елка = С.ЁЛКА + 10; С.сумма = С.Сумма * 2;'
        "Сообщить(С.Ёлка); Сообщить(С.СУММА); Для Каждого П Из С Цикл Сообщить(П.Ключ); КонецЦикла;"
    )
    assert out == ["11", "4", "Ёлка", "Сумма"]
    assert error_of('С = Новый Структура("А", 1); Х = С.Б;') == "Поле объекта не обнаружено (Б)"
    assert error_of('С = Новый Структура("А", 1); С.Б = 2;') == "Поле объекта не обнаружено (Б)"
    text = "Поле объекта недоступно для записи (А)"
    assert error_of('С = Новый ФиксированнаяСтруктура("А", 1); С.А = 2;') == text


def test_value_table_row_fields_and_typed_columns() -> None:
    out = run(
        'ТЗ = Новый ТаблицаЗначений; ТЗ.Колонки.Добавить("Кол", Новый ОписаниеТипов("Число"));'
        'ТЗ.Колонки.Добавить("Имя"); С = ТЗ.Добавить(); С.кол = "12"; С.Имя = 5;'
        'Сообщить(С.Кол + 1); Сообщить(С.имя); Сообщить(ТипЗнч(С.Кол) = Тип("Число"));'
    )
    assert out == ["13", "5", "Да"]
    assert (
        error_of("ТЗ = Новый ТаблицаЗначений; С = ТЗ.Добавить(); Х = С.Нет;")
        == "Поле объекта не обнаружено (Нет)"
    )


def test_member_and_method_errors_come_after_the_arguments_are_evaluated() -> None:
    body = (
        "Перем Счет;\n"
        "Функция Шаг() Счет = Счет + 1; Возврат Счет; КонецФункции\n"
        "Счет = 0; М = Новый Массив;\n"
        "Попытка М.НетТакого(Шаг()); Исключение Сообщить(ОписаниеОшибки()); КонецПопытки;\n"
        "Попытка М.Добавить(Шаг(), Шаг()); Исключение Сообщить(ОписаниеОшибки()); КонецПопытки;\n"
        "Попытка М.Получить(); Исключение Сообщить(ОписаниеОшибки()); КонецПопытки;\n"
        "Х = 5; Попытка Х.Добавить(Шаг()); Исключение Сообщить(ОписаниеОшибки()); КонецПопытки;\n"
        "Попытка Х.Поле = Шаг(); Исключение Сообщить(ОписаниеОшибки()); КонецПопытки;\n"
        "Сообщить(Счет);"
    )
    out = run(body)
    assert [line.rsplit("/", 1)[-1].strip(" }") for line in out[:-1]] == [
        "Метод объекта не обнаружен (НетТакого)",
        "Слишком много фактических параметров",
        "Недостаточно фактических параметров",
        "Значение не является значением объектного типа (Добавить)",
        "Значение не является значением объектного типа (Поле)",
    ]
    assert out[-1] == "5"


def test_one_call_site_serves_several_types() -> None:
    out = run(
        "Коллекции = Новый Массив; Коллекции.Добавить(Новый Массив); Коллекции.Добавить(Новый Соответствие);"
        'Коллекции.Добавить(Новый Структура("А", 1));'
        "Для Каждого К Из Коллекции Цикл Сообщить(К.Количество()); КонецЦикла;"
    )
    assert out == ["0", "0", "1"]


def test_one_member_site_reads_key_and_value_pairs_and_structure_fields() -> None:
    # КлючИЗначение.Значение is read as an attribute; a Структура's field of the same name, a
    # property-less object and Неопределено at the same site keep their own reading and errors
    out = run(
        'С = Новый Соответствие; С.Вставить("к", 1); Ст = Новый Структура("Значение", 2);'
        "Значения = Новый Массив; Для Каждого Э Из С Цикл Значения.Добавить(Э); КонецЦикла;"
        "Значения.Добавить(Ст); Значения.Добавить(Новый Массив); Значения.Добавить(Неопределено);"
        "Для Каждого З Из Значения Цикл"
        "  Попытка Сообщить(З.Значение); Исключение Сообщить(ИнформацияОбОшибке().Описание); КонецПопытки;"
        "КонецЦикла;"
    )
    assert out == [
        "1",
        "2",
        "Поле объекта не обнаружено (Значение)",
        "Значение не является значением объектного типа (Значение)",
    ]


def test_decimal_arithmetic_stays_exact() -> None:
    out = run(
        "Сообщить(0.1 + 0.2 = 0.3); Сообщить(1/3); Сообщить(1/3*3); Сообщить(2.5 * 2);"
        'Сообщить(ТипЗнч(2.5 * 2) = Тип("Число")); Сообщить(Окр(2.345, 2)); Сообщить(Окр(-2.5));'
        "Сообщить(Окр(1234, -2)); Сообщить(10.25 * 3 * 0.95); Сообщить(7 - 0.5 > 6); Сообщить(1.5 < 2);"
    )
    assert out == [
        "Да",
        "0,33333333333333333333333333333333333333",
        "0,99999999999999999999999999999999999999",
        "5",
        "Да",
        "2,35",
        "-3",
        "1\u00a0200",
        "29,2125",
        "Да",
        "Да",
    ]


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # a decimal literal with a variable of every kind: numbers take the fast path, the rest
        # keeps the general operator's conversions and 1C's errors
        ('Х = 0.25; Сообщить(Х + 0.75); Сообщить(ТипЗнч(Х + 0.75) = Тип("Число"));', ["1", "Да"]),
        (
            "Х = 3; Сообщить(Х * 0.5); Сообщить(0.5 * Х); Сообщить(Х - 0.5); Сообщить(2.5 - Х);",
            ["1,5", "1,5", "2,5", "-0,5"],
        ),
        (
            'Х = "1.5"; Сообщить(Х + 0.25); Сообщить(0.25 + Х); Сообщить(Х * 0.5);',
            ["1.50,25", "1,75", "0,75"],
        ),
        ("Х = '20240101'; Сообщить(Формат(Х + 0.5, \"ДФ=yyyyMMddHHmmss\"));", ["20240101000000"]),
        ("Х = 0.5; Х = Х + 0.25; Сообщить(Х); Х = 1.75; Х = Х + 0.25; Сообщить(Х);", ["0,75", "2"]),
        ('С = "а"; С = С + 0.5; Сообщить(С);', ["а0,5"]),
        ("С = 0.5; Для Сч = 1 По 3 Цикл С = С + Окр(Сч / 4, 2); КонецЦикла; Сообщить(С);", ["2"]),
        (
            "Х = 0.5; Сообщить(Х > 0.25); Сообщить(Х = 0.5); Сообщить(1 < 0.5); Сообщить(Х <> 0.5);",
            ["Да", "Да", "Нет", "Нет"],
        ),
        (
            'Х = "0.5"; Сообщить(Х = 0.5); Х = Истина; Сообщить(Х = 0.5);'
            "Х = Неопределено; Сообщить(Х <> 0.5);",
            ["Нет", "Нет", "Да"],
        ),
    ],
)
def test_decimal_literal_fast_paths_keep_the_general_operators(body: str, expected: list[str]) -> None:
    assert run(body) == expected


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("Х = Неопределено; У = Х + 0.5;", "Преобразование значения к типу Число не может быть выполнено"),
        ("Х = Истина; У = Х * 0.5;", "Преобразование значения к типу Число не может быть выполнено"),
        ("Х = Неопределено; У = 0.5 - Х;", "Преобразование значения к типу Число не может быть выполнено"),
        (
            'Х = "а"; У = Х > 0.5;',
            "Сравнение на больше/меньше допустимо только для значений совпадающих примитивных типов "
            "(Булево, Число, Строка, Дата)",
        ),
    ],
)
def test_decimal_literal_fast_paths_keep_one_c_errors(body: str, message: str) -> None:
    assert error_of(body) == message


def test_string_concatenation_inline_keeps_presentations_order_and_the_cap() -> None:
    out = run(
        'С = "а"; Сообщить("х" + 1.5 + Истина); Сообщить(С + Неопределено + "!"); Сообщить("а" + "б" + С);'
        'Сообщить(ТипЗнч("1" + 2) = Тип("Строка")); Сообщить(1 + "2"); Сообщить(С + С + 1);'
    )
    assert out == ["х1,5Да", "а!", "аба", "Да", "3", "аа1"]
    with pytest.raises(ExecutionLimit):
        run('С = "0123456789"; Х = "а" + С + С;', max_string_chars=15)
    with pytest.raises(ExecutionLimit):
        run('С = "0123456789"; Х = С + "а" + С;', max_string_chars=15)


def test_whole_number_results_are_python_ints() -> None:
    engine = Engine()
    module = engine.load("Функция Ф(А, Б) Экспорт Возврат А * Б; КонецФункции", "Тест")
    assert engine.call(module, "Ф", [Decimal("2.5"), 2]) == 5
    assert type(engine.call(module, "Ф", [Decimal("2.5"), 2])) is int
    assert engine.call(module, "Ф", [Decimal("0.5"), Decimal("0.5")]) == Decimal("0.25")


@pytest.mark.parametrize(
    "loop",
    [
        "Для Сч = 1 По 1000000000 Цикл КонецЦикла;",
        "Для Сч = 1 По 1000000000 Цикл Х = Сч; КонецЦикла;",
        "Для Сч = 1 По 100000 Цикл Для Вн = 1 По 100000 Цикл КонецЦикла; КонецЦикла;",
        "Для Сч = 1 По 1000000 Цикл Для Вн = 1 По 5 Цикл Х = 1; КонецЦикла; КонецЦикла;",
        "Пока Истина Цикл КонецЦикла;",
        "Пока Истина Цикл Для Сч = 1 По 3 Цикл КонецЦикла; КонецЦикла;",
        "Для Сч = 1 По 10 Цикл Сч = 1; КонецЦикла;",  # a body that assigns the variable
        "М = Новый Массив; М.Добавить(1); Для Каждого Э Из М Цикл Пока Истина Цикл КонецЦикла; КонецЦикла;",
        "Для Сч = 1.5 По 1000000000.5 Цикл КонецЦикла;",  # decimal bounds
    ],
)
def test_the_deadline_stops_every_kind_of_loop(loop: str) -> None:
    with pytest.raises(ExecutionLimit) as info:
        run(loop, timeout_s=0.3)
    assert info.value.kind == "timeout"


def test_the_deadline_stops_loops_spread_over_many_calls() -> None:
    body = (
        "Функция Кружок() Для Сч = 1 По 3 Цикл КонецЦикла; Пока Ложь Цикл КонецЦикла; Возврат 1;\n"
        "КонецФункции\n"
        "Пока Истина Цикл Кружок(); КонецЦикла;"
    )
    with pytest.raises(ExecutionLimit) as info:
        run(body, timeout_s=0.3)
    assert info.value.kind == "timeout"


def test_the_step_budget_counts_for_loop_iterations() -> None:
    with pytest.raises(ExecutionLimit) as info:
        run("Для Сч = 1 По 100000 Цикл КонецЦикла;", timeout_s=None, max_steps=50_000)
    assert info.value.kind == "statements"
    assert run("Для Сч = 1 По 1000 Цикл КонецЦикла; Сообщить(Сч);", timeout_s=None, max_steps=50_000) == [
        "1\u00a0001"
    ]


def test_for_loop_variable_after_the_loop() -> None:
    out = run(
        "Для Сч = 1 По 5000 Цикл КонецЦикла; Сообщить(Сч);"
        "Для Сч = 1 По 10 Цикл Если Сч = 3 Тогда Прервать; КонецЕсли; КонецЦикла; Сообщить(Сч);"
        "Для Сч = 5 По 1 Цикл КонецЦикла; Сообщить(Сч);"
        "Для Сч = 1 По 3 Цикл Сч = Сч + 1; КонецЦикла; Сообщить(Сч);"
    )
    assert out == ["5\u00a0001", "3", "5", "5"]


def test_a_module_method_named_like_a_string_function_keeps_its_own_result() -> None:
    """A global function known to make a string (Лев, КодСимвола …) is compiled with that knowledge;
    a module method of the same name is called instead and may make anything."""
    body = (
        "Функция Лев(Х) Возврат Х; КонецФункции\n"
        "Функция КодСимвола(Х, П) Возврат Х; КонецФункции\n"
        'Сообщить(Лев(1) + Прав("5", 1)); Сообщить(КодСимвола("а", 1) + 1);'
    )
    assert run(body) == ["6", "а1"]


def test_loop_and_method_copies_exist_only_outside_counting_modes() -> None:
    """The copies behind a type guard are not made when counting, so counts come from one copy."""
    from prism_desktop.bsl.compiler import ModuleCompiler
    from prism_desktop.bsl.parser import parse_module

    source = (
        "Функция Ф(Н) Если Н < 2 Тогда Возврат Н; КонецЕсли; Возврат Ф(Н - 1); КонецФункции\n"
        "М = Новый Массив(3); Для Инд = 0 По 2 Цикл М[Инд] = Инд; КонецЦикла;"
    )
    fast = ModuleCompiler(parse_module(source).module).compile().python
    counted = ModuleCompiler(parse_module(source).module, "codestat").compile().python
    assert "if type(v_н) is int:" in fast and ".items\n" in fast
    assert "if type(v_н) is int:" not in counted and ".items\n" not in counted
