"""VirtualTableCallWithoutParameters, JoinWithVirtualTable, JoinWithSubQuery on query texts."""

from __future__ import annotations

import pytest
from antipattern_query_text import at, found

VT = "VirtualTableCallWithoutParameters"
JOIN_VT = "JoinWithVirtualTable"
JOIN_SUB = "JoinWithSubQuery"


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        (  # no parentheses, the condition put into ГДЕ instead
            "ВЫБРАТЬ О.КоличествоОстаток\nИЗ\n    РегистрНакопления.Товары.Остатки КАК О\n"
            "ГДЕ О.Склад = &Склад",
            [at(3, 5)],
        ),
        ("ВЫБРАТЬ О.КоличествоОстаток ИЗ РегистрНакопления.Товары.Остатки() КАК О", [at(1, 32)]),
        (  # only the period: the first of several parameters does not count
            "ВЫБРАТЬ Ц.Цена ИЗ РегистрСведений.Цены.СрезПоследних(&Дата, ) КАК Ц ГДЕ Ц.Товар = &Т",
            [at(1, 19)],
        ),
        ("ВЫБРАТЬ П.СуммаОборот ИЗ РегистрНакопления.Продажи.Обороты(, , , ) КАК П", [at(1, 26)]),
        ("ВЫБРАТЬ Б.СуммаОстаток ИЗ РегистрБухгалтерии.Хозрасчетный.Остатки КАК Б", [at(1, 27)]),
        ("SELECT B.QuantityBalance FROM AccumulationRegister.Stock.Balance AS B", [at(1, 31)]),
        (  # in a nested query too
            "ВЫБРАТЬ Т.Ссылка ИЗ Справочник.Товары КАК Т ГДЕ Т.Ссылка В\n"
            "(ВЫБРАТЬ О.Номенклатура ИЗ РегистрНакопления.Товары.Остатки КАК О)",
            [at(2, 28)],
        ),
    ],
)
def test_virtual_table_without_parameters(query: str, expected: list[tuple[int, int]]) -> None:
    assert found(query, VT) == expected


@pytest.mark.parametrize(
    "query",
    [
        "ВЫБРАТЬ О.КоличествоОстаток ИЗ РегистрНакопления.Товары.Остатки(&Дата, Склад = &Склад) КАК О",
        "ВЫБРАТЬ О.КоличествоОстаток ИЗ РегистрНакопления.Товары.Остатки(, Склад = &Склад) КАК О",
        "ВЫБРАТЬ Ц.Цена ИЗ РегистрСведений.Цены.СрезПоследних(&Дата, Товар = &Товар) КАК Ц",
        # a single parameter, the period: BSL LS accepts it
        "ВЫБРАТЬ Ц.Цена ИЗ РегистрСведений.Цены.СрезПоследних(&Дата) КАК Ц",
        "ВЫБРАТЬ П.СуммаОборот ИЗ РегистрНакопления.Продажи.Обороты(&Начало, &Конец) КАК П",
        # the register's own table and a tabular section called Обороты are not virtual tables
        "ВЫБРАТЬ Т.Количество ИЗ РегистрНакопления.Товары КАК Т ГДЕ Т.Склад = &Склад",
        "ВЫБРАТЬ Т.Сумма ИЗ Документ.Отчет.Обороты КАК Т",
    ],
)
def test_virtual_table_with_parameters_is_fine(query: str) -> None:
    assert found(query, VT) == []


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        (
            "ВЫБРАТЬ Т.Ссылка, О.КоличествоОстаток\nИЗ Справочник.Товары КАК Т\n"
            "    ЛЕВОЕ СОЕДИНЕНИЕ РегистрНакопления.Товары.Остатки(&Дата, ) КАК О\n"
            "    ПО О.Номенклатура = Т.Ссылка",
            [at(3, 22)],
        ),
        (  # the virtual table on the left side of the join counts as well
            "ВЫБРАТЬ О.КоличествоОстаток\nИЗ РегистрНакопления.Товары.Остатки(&Дата, Склад = &С) КАК О\n"
            "    ВНУТРЕННЕЕ СОЕДИНЕНИЕ Справочник.Товары КАК Т ПО О.Номенклатура = Т.Ссылка",
            [at(2, 4)],
        ),
        (
            "ВЫБРАТЬ Ц.Цена ИЗ РегистрСведений.Цены.СрезПоследних(&Д, ) КАК Ц\n"
            "СОЕДИНЕНИЕ РегистрНакопления.Товары.Остатки(&Д, ) КАК О ПО О.Номенклатура = Ц.Товар",
            [at(1, 19), at(2, 12)],
        ),
    ],
)
def test_join_with_virtual_table(query: str, expected: list[tuple[int, int]]) -> None:
    assert found(query, JOIN_VT) == expected


@pytest.mark.parametrize(
    "query",
    [
        "ВЫБРАТЬ О.КоличествоОстаток ИЗ РегистрНакопления.Товары.Остатки(&Дата, Склад = &С) КАК О",
        # the recommended way: the virtual table into a temporary table, then the join
        "ВЫБРАТЬ О.Номенклатура, О.КоличествоОстаток ПОМЕСТИТЬ ВТОстатки\n"
        "ИЗ РегистрНакопления.Товары.Остатки(&Дата, Склад = &С) КАК О;\n"
        "ВЫБРАТЬ Т.Ссылка, В.КоличествоОстаток ИЗ Справочник.Товары КАК Т\n"
        "    ЛЕВОЕ СОЕДИНЕНИЕ ВТОстатки КАК В ПО В.Номенклатура = Т.Ссылка",
        "ВЫБРАТЬ Т.Ссылка ИЗ Справочник.Товары КАК Т\n"
        "    ЛЕВОЕ СОЕДИНЕНИЕ РегистрНакопления.Товары КАК Р ПО Р.Номенклатура = Т.Ссылка",
    ],
)
def test_join_without_virtual_table_is_fine(query: str) -> None:
    assert found(query, JOIN_VT) == []


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        (
            "ВЫБРАТЬ Т.Ссылка, П.Сумма\nИЗ Справочник.Товары КАК Т\n"
            "    ЛЕВОЕ СОЕДИНЕНИЕ (ВЫБРАТЬ Д.Товар КАК Товар, СУММА(Д.Сумма) КАК Сумма\n"
            "        ИЗ Документ.Продажа.Товары КАК Д СГРУППИРОВАТЬ ПО Д.Товар) КАК П\n"
            "    ПО П.Товар = Т.Ссылка",
            [at(3, 22)],
        ),
        (  # the nested query on the left side of the join
            "ВЫБРАТЬ П.Товар\nИЗ (ВЫБРАТЬ Д.Товар КАК Товар ИЗ Документ.Продажа.Товары КАК Д) КАК П\n"
            "    ВНУТРЕННЕЕ СОЕДИНЕНИЕ Справочник.Товары КАК Т ПО П.Товар = Т.Ссылка",
            [at(2, 4)],
        ),
        (  # a join inside a nested query
            "ВЫБРАТЬ Х.Товар ИЗ (ВЫБРАТЬ Т.Ссылка КАК Товар ИЗ Справочник.Товары КАК Т\n"
            "    ЛЕВОЕ СОЕДИНЕНИЕ (ВЫБРАТЬ 1 КАК Один) КАК Е ПО ИСТИНА) КАК Х",
            [at(2, 22)],
        ),
    ],
)
def test_join_with_sub_query(query: str, expected: list[tuple[int, int]]) -> None:
    assert found(query, JOIN_SUB) == expected


@pytest.mark.parametrize(
    "query",
    [
        "ВЫБРАТЬ П.Товар ИЗ (ВЫБРАТЬ Д.Товар КАК Товар ИЗ Документ.Продажа.Товары КАК Д) КАК П",
        "ВЫБРАТЬ Т.Ссылка ИЗ Справочник.Товары КАК Т\n"
        "ГДЕ Т.Ссылка В (ВЫБРАТЬ Д.Товар ИЗ Документ.Продажа.Товары КАК Д)",
        "ВЫБРАТЬ Д.Товар ПОМЕСТИТЬ ВТ ИЗ Документ.Продажа.Товары КАК Д;\n"
        "ВЫБРАТЬ Т.Ссылка ИЗ Справочник.Товары КАК Т ЛЕВОЕ СОЕДИНЕНИЕ ВТ КАК В ПО В.Товар = Т.Ссылка",
    ],
)
def test_sub_query_without_join_is_fine(query: str) -> None:
    assert found(query, JOIN_SUB) == []
