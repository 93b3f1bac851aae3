"""SelectTopWithoutOrderBy and LogicalOrInTheWhereSectionOfQuery on query texts."""

from __future__ import annotations

import pytest
from antipattern_query_text import at, found

TOP = "SelectTopWithoutOrderBy"
OR = "LogicalOrInTheWhereSectionOfQuery"


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("ВЫБРАТЬ ПЕРВЫЕ 10 Т.Ссылка ИЗ Справочник.Товары КАК Т", [at(1, 9)]),
        ("ВЫБРАТЬ РАЗРЕШЕННЫЕ РАЗЛИЧНЫЕ ПЕРВЫЕ 5 Т.Ссылка ИЗ Справочник.Товары КАК Т", [at(1, 31)]),
        ("SELECT TOP 3 T.Ref FROM Catalog.Goods AS T", [at(1, 8)]),
        (  # in a nested query, even when the outer query is ordered
            "ВЫБРАТЬ Т.Ссылка ИЗ Справочник.Товары КАК Т ГДЕ Т.Ссылка В\n"
            "(ВЫБРАТЬ ПЕРВЫЕ 3 Д.Товар ИЗ Документ.Продажа.Товары КАК Д)\nУПОРЯДОЧИТЬ ПО Т.Код",
            [at(2, 10)],
        ),
        (  # in a part of a union, ordering the whole result does not help
            "ВЫБРАТЬ ПЕРВЫЕ 10 Т.Ссылка ИЗ Справочник.Товары КАК Т\nОБЪЕДИНИТЬ ВСЕ\n"
            "ВЫБРАТЬ ПЕРВЫЕ 1 У.Ссылка ИЗ Справочник.Услуги КАК У\nУПОРЯДОЧИТЬ ПО Ссылка",
            [at(1, 9), at(3, 9)],
        ),
    ],
)
def test_top_without_order_by(query: str, expected: list[tuple[int, int]]) -> None:
    assert found(query, TOP) == expected


@pytest.mark.parametrize(
    "query",
    [
        "ВЫБРАТЬ ПЕРВЫЕ 10 Т.Ссылка ИЗ Справочник.Товары КАК Т УПОРЯДОЧИТЬ ПО Т.Наименование",
        "SELECT TOP 10 T.Ref FROM Catalog.Goods AS T ORDER BY T.Description DESC",
        # ПЕРВЫЕ 1 checks existence: any row will do
        "ВЫБРАТЬ ПЕРВЫЕ 1 Т.Ссылка ИЗ Справочник.Товары КАК Т ГДЕ Т.Код = &Код",
        "ВЫБРАТЬ ПЕРВЫЕ 1 1 КАК Есть ИЗ Документ.Продажа КАК Д",
        "ВЫБРАТЬ ПЕРВЫЕ 1 Т.Ссылка ИЗ Справочник.Товары КАК Т ГДЕ Т.Код = &К\nОБЪЕДИНИТЬ ВСЕ\n"
        "ВЫБРАТЬ ПЕРВЫЕ 1 У.Ссылка ИЗ Справочник.Услуги КАК У ГДЕ У.Код = &К",
        "ВЫБРАТЬ Т.Ссылка ИЗ Справочник.Товары КАК Т",
    ],
)
def test_top_with_order_by_is_fine(query: str) -> None:
    assert found(query, TOP) == []


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("ВЫБРАТЬ Т.Ссылка ИЗ Справочник.Товары КАК Т\nГДЕ Т.Артикул = &А ИЛИ Т.Код = &К", [at(2, 20)]),
        (  # one report per ИЛИ
            "ВЫБРАТЬ Т.Ссылка ИЗ Справочник.Товары КАК Т\nГДЕ Т.Артикул = &А\n    ИЛИ Т.Код = &К\n"
            "    ИЛИ Т.Наименование ПОДОБНО &Н",
            [at(3, 5), at(4, 5)],
        ),
        (  # no condition without ИЛИ to lean on
            "ВЫБРАТЬ Т.Ссылка ИЗ Справочник.Товары КАК Т\nГДЕ (Т.А = 1 ИЛИ Т.Б = 2) И (Т.В = 3 ИЛИ Т.Г = 4)",
            [at(2, 14), at(2, 38)],
        ),
        (
            "ВЫБРАТЬ Т.Ссылка ИЗ Справочник.Товары КАК Т\nГДЕ Т.Владелец = &В И НЕ (Т.А = 1 ИЛИ Т.Б = 2)",
            [at(2, 35)],
        ),
        (  # the ГДЕ of a nested query
            "ВЫБРАТЬ Т.Ссылка ИЗ Справочник.Товары КАК Т ГДЕ Т.Ссылка В\n"
            "(ВЫБРАТЬ Д.Товар ИЗ Документ.Продажа.Товары КАК Д ГДЕ Д.Цена > 0 ИЛИ Д.Скидка > 0)",
            [at(2, 66)],
        ),
        ("SELECT T.Ref FROM Catalog.Goods AS T WHERE T.Code = &C OR T.Article = &A", [at(1, 56)]),
    ],
)
def test_logical_or_in_where(query: str, expected: list[tuple[int, int]]) -> None:
    assert found(query, OR) == expected


@pytest.mark.parametrize(
    "query",
    [
        # the same field: the same as В (…), BSL LS documents it as a false positive
        "ВЫБРАТЬ Т.Ссылка ИЗ Справочник.Товары КАК Т ГДЕ Т.Вид = &Вид1 ИЛИ Т.Вид = &Вид2",
        "ВЫБРАТЬ Т.Ссылка ИЗ Справочник.Товары КАК Т ГДЕ Т.Вид В (&Виды) ИЛИ &Вид = Т.Вид",
        "ВЫБРАТЬ Т.Ссылка ИЗ Справочник.Товары КАК Т\nГДЕ (Т.А = 1 ИЛИ Т.А = 2) И (Т.Б = 3 ИЛИ Т.Б = 4)",
        # an additional condition beside a main one without ИЛИ
        "ВЫБРАТЬ Т.Ссылка ИЗ Справочник.Товары КАК Т\nГДЕ Т.Владелец = &В И (Т.А = 1 ИЛИ Т.Б = 2)",
        # the well-written equivalents: В, ВЫБОР, ОБЪЕДИНИТЬ ВСЕ
        "ВЫБРАТЬ Т.Ссылка ИЗ Справочник.Товары КАК Т ГДЕ Т.Код В (&Коды)",
        "ВЫБРАТЬ Т.Ссылка ИЗ Справочник.Товары КАК Т\n"
        "ГДЕ ВЫБОР КОГДА &ПоАртикулу ТОГДА Т.Артикул = &А ИНАЧЕ Т.Код = &К КОНЕЦ",
        "ВЫБРАТЬ Т.Ссылка ИЗ Справочник.Товары КАК Т ГДЕ Т.Артикул = &А\nОБЪЕДИНИТЬ ВСЕ\n"
        "ВЫБРАТЬ Т.Ссылка ИЗ Справочник.Товары КАК Т ГДЕ Т.Код = &К",
        # ИЛИ outside ГДЕ
        "ВЫБРАТЬ ВЫБОР КОГДА Т.А = 1 ИЛИ Т.Б = 2 ТОГДА 1 ИНАЧЕ 0 КОНЕЦ КАК Ф ИЗ Справочник.Товары КАК Т",
        "ВЫБРАТЬ Т.Ссылка ИЗ Справочник.Товары КАК Т ЛЕВОЕ СОЕДИНЕНИЕ Справочник.Услуги КАК У\n"
        "ПО У.Код = Т.Код ИЛИ У.Артикул = Т.Артикул",
        "ВЫБРАТЬ Т.Вид, СУММА(Т.Цена) КАК Ц ИЗ Справочник.Товары КАК Т СГРУППИРОВАТЬ ПО Т.Вид\n"
        "ИМЕЮЩИЕ СУММА(Т.Цена) > 10 ИЛИ КОЛИЧЕСТВО(Т.Ссылка) > 1",
    ],
)
def test_where_without_harmful_or_is_fine(query: str) -> None:
    assert found(query, OR) == []
