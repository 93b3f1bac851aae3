"""Nested queries: in ИЗ (a derived table) and in `В (ВЫБРАТЬ …)`, where 1C lets the nested query refer
to the fields of the query around it (the idiom `ИСТИНА В (ВЫБРАТЬ ПЕРВЫЕ 1 ИСТИНА ИЗ … ГДЕ … =
Внешняя.Ссылка)` that 1C's own Standard Subsystems Library uses for "exists"). A nested query in ИЗ
cannot see the query around it, and 1C has no nested query as a value (in the select list or compared
with =): that is a syntax error. Expected rows are worked out by hand from the data below."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from query_data import Data, d, dec

from prism_desktop.platform.query import QueryError
from prism_desktop.platform.refs import RefKey


@dataclass
class Shop:
    data: Data
    table: RefKey
    chair: RefKey
    delivery: RefKey


@pytest.fixture
def shop() -> Shop:
    data = Data()
    furniture = data.item("Товары", "Мебель", folder=True)
    table = data.item("Товары", "Стол", parent=furniture, Цена=dec("100.50"))
    chair = data.item("Товары", "Стул", parent=furniture, Цена=20)
    delivery = data.item("Товары", "Доставка", Цена=0)
    lines = [{"Товар": table, "Количество": 2, "Сумма": 201}, {"Товар": chair, "Количество": 1, "Сумма": 30}]
    data.document("Приход", d(2024, 3, 5), tabular={"Товары": lines})
    data.document(
        "Приход", d(2024, 3, 6), tabular={"Товары": [{"Товар": table, "Количество": 1, "Сумма": 90}]}
    )
    return Shop(data, table, chair, delivery)


ITEMS = "ВЫБРАТЬ Т.Наименование КАК Имя ИЗ Справочник.Товары КАК Т ГДЕ НЕ Т.ЭтоГруппа И "


def names(shop: Shop, condition: str) -> list[str]:
    return [r[0] for r in shop.data.rows(ITEMS + condition + " УПОРЯДОЧИТЬ ПО Имя")]


def test_nested_query_in_in_sees_the_outer_fields(shop: Shop) -> None:
    exists = "ИСТИНА В (ВЫБРАТЬ ПЕРВЫЕ 1 ИСТИНА ИЗ Документ.Приход.Товары КАК ТЧ ГДЕ ТЧ.Товар = Т.Ссылка)"
    assert names(shop, exists) == ["Стол", "Стул"]
    assert names(shop, "НЕ " + exists) == ["Доставка"]


def test_outer_field_in_a_grouped_nested_query_is_a_constant_of_it(shop: Shop) -> None:
    # Стол: 2 × 100.50 = 201 = МАКСИМУМ(201, 90); Стул: 2 × 20 = 40 ≠ 30; Доставка: no lines
    condition = (
        "Т.Цена * 2 В (ВЫБРАТЬ МАКСИМУМ(ТЧ.Сумма) ИЗ Документ.Приход.Товары КАК ТЧ "
        "ГДЕ ТЧ.Товар = Т.Ссылка СГРУППИРОВАТЬ ПО ТЧ.Товар)"
    )
    assert names(shop, condition) == ["Стол"]


def test_outer_reference_is_dereferenced_inside_the_nested_query(shop: Shop) -> None:
    condition = (
        "ИСТИНА В (ВЫБРАТЬ ИСТИНА ИЗ Документ.Приход.Товары КАК ТЧ "
        'ГДЕ ТЧ.Товар = Т.Ссылка И Т.Родитель.Наименование = "Мебель" И ТЧ.Сумма > 100)'
    )
    assert names(shop, condition) == ["Стол"]


def test_the_nearest_alias_wins(shop: Shop) -> None:
    # inside, Т is the tabular section: Т.Товар is its own field, the outer Т is hidden
    condition = "Т.Ссылка В (ВЫБРАТЬ Т.Товар ИЗ Документ.Приход.Товары КАК Т ГДЕ Т.Сумма < 100)"
    assert names(shop, condition) == ["Стол", "Стул"]


def test_two_levels_down_still_see_the_outermost_query(shop: Shop) -> None:
    condition = (
        "ИСТИНА В (ВЫБРАТЬ ИСТИНА ИЗ Документ.Приход КАК Д ГДЕ Д.Ссылка В "
        "(ВЫБРАТЬ ТЧ.Ссылка ИЗ Документ.Приход.Товары КАК ТЧ ГДЕ ТЧ.Товар = Т.Ссылка И ТЧ.Сумма = 90))"
    )
    assert names(shop, condition) == ["Стол"]


def test_a_correlated_query_is_one_data_access(shop: Shop) -> None:
    before = len(shop.data.ib.techlog.events)
    names(shop, "ИСТИНА В (ВЫБРАТЬ ИСТИНА ИЗ Документ.Приход.Товары КАК ТЧ ГДЕ ТЧ.Товар = Т.Ссылка)")
    assert len(shop.data.ib.techlog.events) == before + 1


def test_a_nested_query_in_from_does_not_see_the_outer_query(shop: Shop) -> None:
    with pytest.raises(QueryError, match=r'Поле не найдено "Т\.Ссылка"'):
        shop.data.rows(
            "ВЫБРАТЬ Т.Наименование ИЗ Справочник.Товары КАК Т ЛЕВОЕ СОЕДИНЕНИЕ "
            "(ВЫБРАТЬ ТЧ.Товар КАК Товар ИЗ Документ.Приход.Товары КАК ТЧ ГДЕ ТЧ.Товар = Т.Ссылка) КАК Х "
            "ПО Х.Товар = Т.Ссылка"
        )


def test_an_unknown_field_inside_is_still_reported(shop: Shop) -> None:
    with pytest.raises(QueryError, match=r'Поле не найдено "Т\.Склад"') as caught:
        names(shop, "ИСТИНА В (ВЫБРАТЬ ИСТИНА ИЗ Документ.Приход.Товары КАК ТЧ ГДЕ ТЧ.Товар = Т.Склад)")
    assert caught.value.position is not None


@pytest.mark.parametrize(
    "text",
    [
        "ВЫБРАТЬ Т.Наименование, (ВЫБРАТЬ 1) КАК Х ИЗ Справочник.Товары КАК Т",
        "ВЫБРАТЬ Т.Наименование ИЗ Справочник.Товары КАК Т "
        "ГДЕ Т.Цена = (ВЫБРАТЬ МАКСИМУМ(Т2.Цена) ИЗ Справочник.Товары КАК Т2)",
    ],
)
def test_a_nested_query_is_not_a_value(shop: Shop, text: str) -> None:
    with pytest.raises(QueryError, match='Синтаксическая ошибка "ВЫБРАТЬ"'):
        shop.data.rows(text)
