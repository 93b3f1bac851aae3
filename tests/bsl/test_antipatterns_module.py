"""find_antipatterns as a whole: DeprecatedCurrentDate, the public contract, and a realistic module."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from prism_desktop.bsl.antipatterns import ALL_CODES, find_antipatterns

_REPO = Path(__file__).resolve().parents[2]


def codes_and_lines(module: str) -> list[tuple[str, int]]:
    return [(d.code, d.line) for d in find_antipatterns(module)]


def test_codes_are_the_white_list_of_the_protocol() -> None:
    protocol = yaml.safe_load((_REPO / "metrics" / "smop_l1_auto.yaml").read_text(encoding="utf-8"))
    assert set(ALL_CODES) == set(protocol["axes"]["O"]["white_list"])


@pytest.mark.parametrize(
    ("module", "expected"),
    [
        ("Дата = ТекущаяДата();", [("DeprecatedCurrentDate", 1)]),
        (
            "Процедура П()\n    Возврат;\nКонецПроцедуры\nД = НачалоДня(CurrentDate());",
            [("DeprecatedCurrentDate", 4)],
        ),
        (
            "Функция Ф()\n    Если ТекущаяДата() > '20240101' Тогда\n        Возврат 1;\n    КонецЕсли;\n"
            "    Возврат 0;\nКонецФункции",
            [("DeprecatedCurrentDate", 2)],
        ),
    ],
)
def test_deprecated_current_date(module: str, expected: list[tuple[str, int]]) -> None:
    assert codes_and_lines(module) == expected


@pytest.mark.parametrize(
    "module",
    [
        "Дата = ТекущаяДатаСеанса();",
        "Дата = Объект.ТекущаяДата();",  # a method of an object, not the global function
        'Сообщить("ТекущаяДата()");',
        # the module's own function of that name
        "Функция ТекущаяДата()\n    Возврат ТекущаяДатаСеанса();\nКонецФункции\nД = ТекущаяДата();",
    ],
)
def test_session_date_is_fine(module: str) -> None:
    assert codes_and_lines(module) == []


@pytest.mark.parametrize(
    "module",
    ["", "Процедура П(\n", "Дата = ТекущаяДата(;", 'Запрос = Новый Запрос("ВЫБРАТЬ ПЕРВЫЕ 10 * ИЗ Т";'],
)
def test_code_that_does_not_parse_gives_nothing(module: str) -> None:
    assert find_antipatterns(module) == []


def test_query_deeper_than_the_parser_stack_is_skipped_not_raised() -> None:
    module = 'Запрос = Новый Запрос("ВЫБРАТЬ ' + "(" * 3000 + "1" + ")" * 3000 + '");\nД = ТекущаяДата();'
    assert codes_and_lines(module) == [("DeprecatedCurrentDate", 2)]


def test_a_long_generated_condition_is_checked() -> None:
    condition = " ИЛИ ".join(f"Т.Поле{i} = {i}" for i in range(1500))
    module = f'Запрос = Новый Запрос("ВЫБРАТЬ Т.Ссылка ИЗ Справочник.Т КАК Т ГДЕ {condition}");'
    assert codes_and_lines(module) == [("LogicalOrInTheWhereSectionOfQuery", 1)] * 1499


def test_broken_module_reports_nothing_even_with_antipatterns() -> None:
    assert find_antipatterns("Дата = ТекущаяДата();\nЕсли Тогда") == []


REALISTIC = """// Отчет по остаткам и продажам
Функция ОстаткиТоваров(Склад, Товары) Экспорт
    Запрос = Новый Запрос;
    Запрос.Текст =
    "ВЫБРАТЬ ПЕРВЫЕ 100
    |   Остатки.Номенклатура КАК Номенклатура,
    |   Остатки.Номенклатура.Ссылка.Наименование КАК Наименование,
    |   Остатки.КоличествоОстаток КАК Количество
    |ИЗ
    |   РегистрНакопления.ТоварыНаСкладах.Остатки КАК Остатки
    |ГДЕ
    |   Остатки.Склад = &Склад
    |   ИЛИ Остатки.Номенклатура В (&Товары)";
    Запрос.УстановитьПараметр("Склад", Склад);
    Запрос.УстановитьПараметр("Товары", Товары);
    Возврат Запрос.Выполнить().Выгрузить();
КонецФункции

Функция ЦенаТовара(Товар)
    Запрос = Новый Запрос(
    "ВЫБРАТЬ
    |   Цены.Цена КАК Цена
    |ИЗ
    |   РегистрСведений.ЦеныНоменклатуры.СрезПоследних(&Дата, Номенклатура = &Товар) КАК Цены");
    Запрос.УстановитьПараметр("Дата", ТекущаяДата());
    Запрос.УстановитьПараметр("Товар", Товар);
    Выборка = Запрос.Выполнить().Выбрать();
    Возврат ?(Выборка.Следующий(), Выборка.Цена, 0);
КонецФункции

Функция СтоимостьОстатков(Склад, Товары) Экспорт
    Итог = 0;
    Для Каждого Строка Из ОстаткиТоваров(Склад, Товары) Цикл
        Итог = Итог + Строка.Количество * ЦенаТовара(Строка.Номенклатура);
    КонецЦикла;
    Возврат Итог;
КонецФункции

Функция Продажи(Начало, Конец) Экспорт
    Запрос = Новый Запрос;
    Запрос.Текст =
    "ВЫБРАТЬ
    |   Продажи.Номенклатура КАК Номенклатура,
    |   Продажи.СуммаОборот КАК Сумма,
    |   Данные.Количество КАК Количество
    |ИЗ
    |   РегистрНакопления.Продажи.Обороты(&Начало, &Конец, , ) КАК Продажи
    |   ЛЕВОЕ СОЕДИНЕНИЕ (ВЫБРАТЬ
    |       Т.Номенклатура КАК Номенклатура,
    |       СУММА(Т.Количество) КАК Количество
    |   ИЗ Документ.Реализация.Товары КАК Т
    |   СГРУППИРОВАТЬ ПО Т.Номенклатура) КАК Данные
    |   ПО Данные.Номенклатура = Продажи.Номенклатура
    |УПОРЯДОЧИТЬ ПО Сумма УБЫВ";
    Запрос.УстановитьПараметр("Начало", Начало);
    Запрос.УстановитьПараметр("Конец", Конец);
    Возврат Запрос.Выполнить().Выгрузить();
КонецФункции
"""


def test_realistic_module_gives_the_exact_list() -> None:
    assert codes_and_lines(REALISTIC) == [
        ("SelectTopWithoutOrderBy", 5),
        ("QueryNestedFieldsByDot", 7),
        ("RefOveruse", 7),
        ("VirtualTableCallWithoutParameters", 10),
        ("LogicalOrInTheWhereSectionOfQuery", 13),
        ("DeprecatedCurrentDate", 25),
        ("CreateQueryInCycle", 34),
        ("JoinWithVirtualTable", 47),
        ("JoinWithSubQuery", 48),
    ]
    assert all(d.severity == "warning" and d.message for d in find_antipatterns(REALISTIC))


def test_well_written_module_gives_nothing() -> None:
    module = """Функция СтоимостьОстатков(Склад) Экспорт
    Запрос = Новый Запрос;
    Запрос.Текст =
    "ВЫБРАТЬ
    |   Остатки.Номенклатура КАК Номенклатура,
    |   Остатки.КоличествоОстаток КАК Количество
    |ПОМЕСТИТЬ ВТОстатки
    |ИЗ
    |   РегистрНакопления.ТоварыНаСкладах.Остатки(&Дата, Склад = &Склад) КАК Остатки
    |;
    |ВЫБРАТЬ ПЕРВЫЕ 100
    |   ВТОстатки.Номенклатура КАК Номенклатура,
    |   Номенклатура.Наименование КАК Наименование,
    |   ВТОстатки.Количество * ЕСТЬNULL(Цены.Цена, 0) КАК Стоимость
    |ИЗ
    |   ВТОстатки КАК ВТОстатки
    |   ЛЕВОЕ СОЕДИНЕНИЕ Справочник.Номенклатура КАК Номенклатура
    |   ПО Номенклатура.Ссылка = ВТОстатки.Номенклатура
    |   ЛЕВОЕ СОЕДИНЕНИЕ ВТЦены КАК Цены
    |   ПО Цены.Номенклатура = ВТОстатки.Номенклатура
    |ГДЕ
    |   ВЫБОР КОГДА &ТолькоДорогие ТОГДА ЕСТЬNULL(Цены.Цена, 0) > 1000 ИНАЧЕ ИСТИНА КОНЕЦ
    |УПОРЯДОЧИТЬ ПО Стоимость УБЫВ";
    Запрос.УстановитьПараметр("Дата", ТекущаяДатаСеанса());
    Запрос.УстановитьПараметр("Склад", Склад);
    Итог = 0;
    Для Каждого Строка Из Запрос.Выполнить().Выгрузить() Цикл
        Итог = Итог + Строка.Стоимость;
    КонецЦикла;
    Возврат Итог;
КонецФункции
"""
    assert codes_and_lines(module) == []
