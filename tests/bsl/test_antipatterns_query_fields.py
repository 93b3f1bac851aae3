"""QueryNestedFieldsByDot and RefOveruse on query texts."""

from __future__ import annotations

import pytest
from antipattern_query_text import at, found

DOT = "QueryNestedFieldsByDot"
REF = "RefOveruse"


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("ВЫБРАТЬ Т.Номенклатура.Вид КАК Вид ИЗ Документ.Продажа.Товары КАК Т", [at(1, 9)]),
        (
            "ВЫБРАТЬ\n    Т.Номенклатура.Вид.Наименование КАК Вид\nИЗ Документ.Продажа.Товары КАК Т",
            [at(2, 5)],
        ),
        (  # in ГДЕ, in a join condition and in УПОРЯДОЧИТЬ ПО
            "ВЫБРАТЬ Т.Номенклатура ИЗ Документ.Продажа.Товары КАК Т\n"
            "ЛЕВОЕ СОЕДИНЕНИЕ Справочник.Склады КАК С ПО С.Ссылка = Т.Ссылка.Склад\n"
            "ГДЕ Т.Ссылка.Дата МЕЖДУ &Начало И &Конец\nУПОРЯДОЧИТЬ ПО Т.Номенклатура.Код",
            [at(2, 56), at(3, 5), at(4, 16)],
        ),
        (  # inside virtual table parameters fields have no alias: one dot is already a dereference
            "ВЫБРАТЬ О.КоличествоОстаток\n"
            "ИЗ РегистрНакопления.Товары.Остатки(&Дата, Номенклатура.Родитель = &Группа) КАК О",
            [at(2, 44)],
        ),
        ("SELECT T.Item.Kind AS Kind FROM Document.Sale.Goods AS T", [at(1, 8)]),
    ],
)
def test_nested_fields_by_dot(query: str, expected: list[tuple[int, int]]) -> None:
    assert found(query, DOT) == expected


@pytest.mark.parametrize(
    "query",
    [
        "ВЫБРАТЬ Т.Номенклатура, Т.Количество ИЗ Документ.Продажа.Товары КАК Т ГДЕ Т.Количество > 0",
        # the table named in full, a predefined value, aggregates over one-dot fields
        "ВЫБРАТЬ Справочник.Товары.Наименование",
        "ВЫБРАТЬ Т.Ссылка ИЗ Справочник.Товары КАК Т ГДЕ Т.Вид = ЗНАЧЕНИЕ(Перечисление.Виды.Товар)",
        "ВЫБРАТЬ Т.Номенклатура, СУММА(Т.Сумма) КАК Сумма ИЗ Документ.Продажа.Товары КАК Т\n"
        "СГРУППИРОВАТЬ ПО Т.Номенклатура",
        # a virtual table parameter without a dot; a nested query inside the parameters
        "ВЫБРАТЬ О.КоличествоОстаток ИЗ РегистрНакопления.Товары.Остатки(&Дата, Склад = &Склад) КАК О",
        "ВЫБРАТЬ О.КоличествоОстаток ИЗ РегистрНакопления.Товары.Остатки(&Дата,\n"
        "    Номенклатура В (ВЫБРАТЬ В.Товар ИЗ ВТТовары КАК В)) КАК О",
        # the attribute taken by an explicit join instead of a dot
        "ВЫБРАТЬ Н.Вид ИЗ Документ.Продажа.Товары КАК Т\n"
        "ЛЕВОЕ СОЕДИНЕНИЕ Справочник.Номенклатура КАК Н ПО Н.Ссылка = Т.Номенклатура",
    ],
)
def test_one_dot_is_fine(query: str) -> None:
    assert found(query, DOT) == []


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("ВЫБРАТЬ Т.Ссылка.Наименование КАК Имя ИЗ Справочник.Контрагенты КАК Т", [at(1, 9)]),
        (  # .Ссылка after a field that already is a reference
            "ВЫБРАТЬ Т.Контрагент.Ссылка КАК Контрагент ИЗ Документ.Продажа КАК Т",
            [at(1, 9)],
        ),
        ("ВЫБРАТЬ Т.Ссылка ИЗ Справочник.Контрагенты КАК Т\nГДЕ Т.Ссылка.ИНН = &ИНН", [at(2, 5)]),
        ("ВЫБРАТЬ Т.Менеджер.Ссылка.Наименование КАК М ИЗ Справочник.Контрагенты КАК Т", [at(1, 9)]),
        (  # each part of a union is checked
            "ВЫБРАТЬ Т.Ссылка ИЗ Справочник.Контрагенты КАК Т\nОБЪЕДИНИТЬ ВСЕ\n"
            "ВЫБРАТЬ Д.Контрагент.Ссылка ИЗ Документ.Продажа КАК Д",
            [at(3, 9)],
        ),
        (  # inside a nested query
            "ВЫБРАТЬ Т.Ссылка ИЗ Справочник.Контрагенты КАК Т ГДЕ Т.Ссылка В\n"
            "(ВЫБРАТЬ Д.Контрагент.Ссылка ИЗ Документ.Продажа КАК Д)",
            [at(2, 10)],
        ),
    ],
)
def test_ref_overuse(query: str, expected: list[tuple[int, int]]) -> None:
    assert found(query, REF) == expected


@pytest.mark.parametrize(
    "query",
    [
        "ВЫБРАТЬ Т.Ссылка, Т.Наименование ИЗ Справочник.Контрагенты КАК Т ГДЕ Т.ИНН = &ИНН",
        "ВЫБРАТЬ Т.Контрагент ИЗ Документ.Продажа КАК Т",
        # a tabular section, a virtual table, a temporary table: Т.Ссылка is their own field
        "ВЫБРАТЬ Т.Ссылка.Дата КАК Дата ИЗ Документ.Продажа.Товары КАК Т",
        "ВЫБРАТЬ Т.Ссылка.Дата КАК Дата ИЗ РегистрСведений.Файлы.СрезПоследних(&Д, ) КАК Т",
        "ВЫБРАТЬ Т.Ссылка.Дата КАК Дата ИЗ ВТДокументы КАК Т",
        # a table without КАК is reached by its own name
        "ВЫБРАТЬ Контрагенты.Ссылка ИЗ Справочник.Контрагенты",
        # an outer alias used in a nested query
        "ВЫБРАТЬ Т.Ссылка ИЗ Справочник.Пользователи КАК Т ГДЕ ИСТИНА В\n"
        "(ВЫБРАТЬ ИСТИНА ИЗ РегистрСведений.Состав КАК С ГДЕ С.Пользователь = Т.Ссылка)",
    ],
)
def test_necessary_ref_is_fine(query: str) -> None:
    assert found(query, REF) == []
