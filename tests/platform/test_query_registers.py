"""Virtual tables of registers computed from movements, with periods and conditions. Every figure is
worked out by hand from the movements listed in the fixtures below.

Boundaries (1C documentation of the virtual tables): Остатки(Период) excludes movements AT Период — the
balance is taken at the start of that moment; a Граница with ВидГраницы.Включая includes them.
Обороты(Начало, Конец) includes both ends. СрезПоследних(Период) includes records AT Период.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from query_data import EXPENSE, RECEIPT, Data, d, dec

from prism_desktop.platform.query import Boundary, QueryError
from prism_desktop.platform.refs import RefKey
from prism_desktop.platform.types import SystemEnumValue


@dataclass
class Stock:
    data: Data
    table: RefKey
    chair: RefKey
    main: RefKey
    second: RefKey


@pytest.fixture
def stock() -> Stock:
    data = Data()
    table = data.item("Товары", "Стол")
    chair = data.item("Товары", "Стул")
    main = RefKey("Справочник", "Склады", 1)
    second = data.item("Склады", "Второй")
    data.movement("ОстаткиТоваров", d(2024, 1, 10), RECEIPT, Товар=table, Склад=main, Количество=10)
    data.movement("ОстаткиТоваров", d(2024, 1, 20, 12), RECEIPT, Товар=table, Склад=second, Количество=5)
    data.movement("ОстаткиТоваров", d(2024, 2, 1), EXPENSE, Товар=table, Склад=main, Количество=4)
    data.movement("ОстаткиТоваров", d(2024, 2, 15), RECEIPT, Товар=chair, Склад=main, Количество=dec("7.5"))
    data.movement("ОстаткиТоваров", d(2024, 3, 1), EXPENSE, Товар=chair, Склад=main, Количество=dec("7.5"))
    return Stock(data, table, chair, main, second)


BALANCE = (
    "ВЫБРАТЬ О.Товар, О.Склад, О.КоличествоОстаток ИЗ РегистрНакопления.ОстаткиТоваров.Остатки({}) "
    "КАК О "
    "УПОРЯДОЧИТЬ ПО О.Товар, О.Склад"
)


def test_balance_excludes_movements_at_the_moment(stock: Stock) -> None:
    rows = stock.data.rows(BALANCE.format("&Д"), Д=d(2024, 2, 1))
    assert rows == [(stock.table, stock.second, 5), (stock.table, stock.main, 10)]


def test_balance_with_an_including_boundary(stock: Stock) -> None:
    rows = stock.data.rows(BALANCE.format("&Д"), Д=Boundary(d(2024, 2, 1), inclusive=True))
    assert rows == [(stock.table, stock.second, 5), (stock.table, stock.main, 6)]


def test_current_balance_omits_zero_rows(stock: Stock) -> None:
    expected = [(stock.table, stock.second, 5), (stock.table, stock.main, 6)]
    assert stock.data.rows(BALANCE.format("")) == expected
    assert stock.data.rows(BALANCE.format("&Д"), Д=d(1, 1, 1)) == expected  # an empty date is no bound
    rows = stock.data.rows(BALANCE.format("&Д"), Д=d(2024, 3, 1))
    assert rows == [*expected, (stock.chair, stock.main, Decimal("7.5"))]  # Стол before Стул


def test_balance_condition_and_grouping_by_used_dimensions_only(stock: Stock) -> None:
    rows = stock.data.rows(BALANCE.format(", Склад = &С"), С=stock.main)
    assert rows == [(stock.table, stock.main, 6)]
    rows = stock.data.rows(
        "ВЫБРАТЬ О.Товар, О.КоличествоОстаток ИЗ "
        "РегистрНакопления.ОстаткиТоваров.Остатки(&Д) "
        "КАК О УПОРЯДОЧИТЬ ПО О.Товар",
        Д=d(2024, 3, 1),
    )
    assert rows == [(stock.table, 11), (stock.chair, Decimal("7.5"))]
    rows = stock.data.rows(
        "ВЫБРАТЬ О.КоличествоОстаток ИЗ РегистрНакопления.ОстаткиТоваров.Остатки(, "
        'Товар.Наименование ПОДОБНО "стол") КАК О'
    )
    assert rows == [(11,)]


def test_balance_joined_to_a_catalog_gives_null_for_items_without_stock(stock: Stock) -> None:
    rows = stock.data.rows(
        "ВЫБРАТЬ Т.Наименование, ЕСТЬNULL(О.КоличествоОстаток, 0) КАК Остаток, О.КоличествоОстаток КАК Сырой "
        "ИЗ Справочник.Товары КАК Т ЛЕВОЕ СОЕДИНЕНИЕ РегистрНакопления.ОстаткиТоваров.Остатки(, Склад = &С) "
        "КАК О "
        "ПО О.Товар = Т.Ссылка УПОРЯДОЧИТЬ ПО Т.Наименование",
        С=stock.second,
    )
    from prism_desktop.platform.query import NULL

    assert rows == [("Стол", 5, 5), ("Стул", 0, NULL)]


def test_turnovers_include_both_ends(stock: Stock) -> None:
    rows = stock.data.rows(
        "ВЫБРАТЬ О.Товар, О.КоличествоПриход, О.КоличествоРасход, О.КоличествоОборот "
        "ИЗ РегистрНакопления.ОстаткиТоваров.Обороты(&Н, &К) КАК О УПОРЯДОЧИТЬ ПО О.Товар",
        Н=d(2024, 1, 20, 12),
        К=d(2024, 2, 15),
    )
    assert rows == [(stock.table, 5, 4, 1), (stock.chair, Decimal("7.5"), 0, Decimal("7.5"))]


def test_turnovers_by_month_and_by_recorder(stock: Stock) -> None:
    rows = stock.data.rows(
        "ВЫБРАТЬ О.Период, О.Товар, О.КоличествоПриход, О.КоличествоРасход "
        "ИЗ РегистрНакопления.ОстаткиТоваров.Обороты(, , Месяц) КАК О УПОРЯДОЧИТЬ ПО О.Период, О.Товар"
    )
    assert rows == [
        (d(2024, 1, 1), stock.table, 15, 0),
        (d(2024, 2, 1), stock.table, 0, 4),
        (d(2024, 2, 1), stock.chair, Decimal("7.5"), 0),
        (d(2024, 3, 1), stock.chair, 0, Decimal("7.5")),
    ]
    rows = stock.data.rows(
        "ВЫБРАТЬ О.Регистратор.Дата КАК Дата, О.КоличествоОборот ИЗ РегистрНакопления.ОстаткиТоваров.Обороты("
        "&Н, , Регистратор, Товар = &Т) КАК О УПОРЯДОЧИТЬ ПО Дата",
        Н=d(2024, 1, 15),
        Т=stock.table,
    )
    assert rows == [(d(2024, 1, 20, 12), 5), (d(2024, 2, 1), -4)]


def test_balance_and_turnovers(stock: Stock) -> None:
    rows = stock.data.rows(
        "ВЫБРАТЬ О.Товар, О.КоличествоНачальныйОстаток, О.КоличествоПриход, О.КоличествоРасход, "
        "О.КоличествоКонечныйОстаток ИЗ РегистрНакопления.ОстаткиТоваров.ОстаткиИОбороты(&Н, &К) КАК О "
        "УПОРЯДОЧИТЬ ПО О.Товар",
        Н=d(2024, 2, 1),
        К=d(2024, 2, 28),
    )
    assert rows == [(stock.table, 15, 0, 4, 11), (stock.chair, 0, Decimal("7.5"), 0, Decimal("7.5"))]


def test_turnover_register(stock: Stock) -> None:
    data = stock.data
    data.movement("Продажи", d(2024, 1, 5), None, document="Расход", Товар=stock.table, Сумма=dec("100.25"))
    data.movement("Продажи", d(2024, 1, 6), None, document="Расход", Товар=stock.table, Сумма=50)
    data.movement("Продажи", d(2024, 2, 6), None, document="Расход", Товар=stock.chair, Сумма=30)
    text = (
        "ВЫБРАТЬ П.Товар, П.СуммаОборот ИЗ РегистрНакопления.Продажи.Обороты(&Н) КАК П "
        "УПОРЯДОЧИТЬ ПО П.СуммаОборот УБЫВ"
    )
    assert data.rows(text, Н=d(1, 1, 1)) == [(stock.table, Decimal("150.25")), (stock.chair, 30)]
    assert data.rows(text, Н=d(2024, 2, 1)) == [(stock.chair, 30)]
    with pytest.raises(QueryError, match=r'Таблица не найдена "РегистрНакопления\.Продажи\.Остатки"'):
        data.query("ВЫБРАТЬ * ИЗ РегистрНакопления.Продажи.Остатки() КАК П")


def test_physical_movement_table(stock: Stock) -> None:
    rows = stock.data.rows(
        "ВЫБРАТЬ Р.ВидДвижения, СУММА(Р.Количество) ИЗ РегистрНакопления.ОстаткиТоваров КАК Р "
        "ГДЕ Р.ВидДвижения = ЗНАЧЕНИЕ(ВидДвиженияНакопления.Расход) СГРУППИРОВАТЬ ПО Р.ВидДвижения"
    )
    assert rows == [(SystemEnumValue("ВидДвиженияНакопления", "Расход"), Decimal("11.5"))]


def test_period_of_a_wrong_type_is_an_error(stock: Stock) -> None:
    with pytest.raises(QueryError, match='Недопустимое значение параметра "Д"'):
        stock.data.query(BALANCE.format("&Д"), Д="2024-02-01")


# --- information registers ------------------------------------------------------------------------


@pytest.fixture
def prices() -> Stock:
    data = Data()
    table = data.item("Товары", "Стол")
    chair = data.item("Товары", "Стул")
    data.records(
        "РегистрСведений",
        "Цены",
        None,
        [
            {"Период": d(2024, 1, 1), "Товар": table, "Цена": 100},
            {"Период": d(2024, 2, 1), "Товар": table, "Цена": 110},
            {"Период": d(2024, 3, 1), "Товар": table, "Цена": dec("120.5")},
            {"Период": d(2024, 2, 10), "Товар": chair, "Цена": 20},
        ],
    )
    return Stock(data, table, chair, RefKey("Справочник", "Склады", 1), RefKey("Справочник", "Склады", 1))


SLICE = "ВЫБРАТЬ Ц.Товар, Ц.Цена ИЗ РегистрСведений.Цены.{} КАК Ц УПОРЯДОЧИТЬ ПО Ц.Товар"


def test_slice_of_the_last_includes_the_moment(prices: Stock) -> None:
    assert prices.data.rows(SLICE.format("СрезПоследних(&Д)"), Д=d(2024, 2, 1)) == [(prices.table, 110)]
    assert prices.data.rows(SLICE.format("СрезПоследних(&Д)"), Д=d(2024, 2, 15)) == [
        (prices.table, 110),
        (prices.chair, 20),
    ]
    assert prices.data.rows(SLICE.format("СрезПоследних()")) == [
        (prices.table, Decimal("120.5")),
        (prices.chair, 20),
    ]


def test_slice_of_the_first(prices: Stock) -> None:
    assert prices.data.rows(SLICE.format("СрезПервых(&Д)"), Д=d(2024, 2, 2)) == [
        (prices.table, Decimal("120.5")),
        (prices.chair, 20),
    ]


def test_slice_condition_applies_before_the_slice(prices: Stock) -> None:
    rows = prices.data.rows(SLICE.format("СрезПоследних(&Д, Цена < 115)"), Д=d(2024, 3, 15))
    assert rows == [(prices.table, 110), (prices.chair, 20)]
    rows = prices.data.rows(SLICE.format("СрезПоследних(, Товар = &Т)"), Т=prices.chair)
    assert rows == [(prices.chair, 20)]


def test_slice_joined_to_documents_period(prices: Stock) -> None:
    rows = prices.data.rows(
        "ВЫБРАТЬ Т.Наименование, Ц.Период, ЕСТЬNULL(Ц.Цена, 0) ИЗ Справочник.Товары КАК Т "
        "ЛЕВОЕ СОЕДИНЕНИЕ РегистрСведений.Цены.СрезПоследних(&Д) КАК Ц ПО Ц.Товар = Т.Ссылка "
        "УПОРЯДОЧИТЬ ПО Т.Наименование",
        Д=d(2024, 1, 31),
    )
    from prism_desktop.platform.query import NULL

    assert rows == [("Стол", d(2024, 1, 1), 100), ("Стул", NULL, 0)]


# --- accounting registers ---------------------------------------------------------------------------


@dataclass
class Books:
    data: Data
    goods: RefKey
    payables: RefKey
    cash: RefKey
    alpha: RefKey
    table: RefKey
    chair: RefKey


@pytest.fixture
def books() -> Books:
    data = Data()
    by_counterparty, by_item = data.subconto_kind("Контрагенты"), data.subconto_kind("Номенклатура")
    goods = data.account("41", "Активный", [by_item])
    payables = data.account("60", "Пассивный", [by_counterparty])
    cash = data.account("50", "Активный", [])
    alpha = data.item("Контрагенты", "Альфа")
    table, chair = data.item("Товары", "Стол"), data.item("Товары", "Стул")
    data.entry(d(2024, 1, 10), goods, payables, 1000, (by_item, table), (by_counterparty, alpha))
    data.entry(d(2024, 1, 20), payables, cash, 400, (by_counterparty, alpha))
    data.entry(d(2024, 2, 5), goods, payables, 300, (by_item, chair), (by_counterparty, alpha))
    return Books(data, goods, payables, cash, alpha, table, chair)


def test_accounting_balance_by_account_type(books: Books) -> None:
    rows = books.data.rows(
        "ВЫБРАТЬ Б.Счет, Б.СуммаОстаток, Б.СуммаОстатокДт, Б.СуммаОстатокКт "
        "ИЗ РегистрБухгалтерии.Хозрасчетный.Остатки(&Д) КАК Б УПОРЯДОЧИТЬ ПО Б.Счет",
        Д=d(2024, 2, 1),
    )
    assert rows == [(books.goods, 1000, 1000, 0), (books.cash, -400, -400, 0), (books.payables, -600, 0, 600)]


def test_accounting_balance_by_subconto_with_account_condition(books: Books) -> None:
    rows = books.data.rows(
        "ВЫБРАТЬ Б.Субконто1, Б.СуммаОстаток ИЗ РегистрБухгалтерии.Хозрасчетный.Остатки(, Счет = &С) КАК Б "
        "УПОРЯДОЧИТЬ ПО Б.Субконто1",
        С=books.goods,
    )
    assert rows == [(books.table, 1000), (books.chair, 300)]
    rows = books.data.rows(
        "ВЫБРАТЬ Б.Субконто1.Наименование, Б.СуммаОстатокКт ИЗ РегистрБухгалтерии.Хозрасчетный.Остатки(, "
        "Счет = &С) КАК Б",
        С=books.payables,
    )
    assert rows == [("Альфа", 900)]


def test_accounting_turnovers_with_correspondent_account(books: Books) -> None:
    rows = books.data.rows(
        "ВЫБРАТЬ О.Счет, О.СуммаОборотДт, О.СуммаОборотКт, О.СуммаОборот "
        "ИЗ РегистрБухгалтерии.Хозрасчетный.Обороты(&Н, &К) КАК О УПОРЯДОЧИТЬ ПО О.Счет",
        Н=d(2024, 1, 15),
        К=d(2024, 2, 28),
    )
    assert rows == [(books.goods, 300, 0, 300), (books.cash, 0, 400, -400), (books.payables, 400, 300, 100)]
    rows = books.data.rows(
        "ВЫБРАТЬ О.КорСчет, О.СуммаОборотДт, О.СуммаОборотКт ИЗ РегистрБухгалтерии.Хозрасчетный.Обороты("
        ", , , Счет = &С) КАК О УПОРЯДОЧИТЬ ПО О.КорСчет",
        С=books.payables,
    )
    assert rows == [(books.goods, 0, 1300), (books.cash, 400, 0)]


def test_accounting_balance_and_turnovers_and_drcr(books: Books) -> None:
    rows = books.data.rows(
        "ВЫБРАТЬ О.Счет, О.СуммаНачальныйОстаток, О.СуммаОборотДт, О.СуммаОборотКт, О.СуммаКонечныйОстаток "
        "ИЗ РегистрБухгалтерии.Хозрасчетный.ОстаткиИОбороты(&Н, &К) КАК О ГДЕ О.Счет = &С",
        Н=d(2024, 1, 15),
        К=d(2024, 1, 31),
        С=books.payables,
    )
    assert rows == [(books.payables, -1000, 400, 0, -600)]
    rows = books.data.rows(
        "ВЫБРАТЬ О.СчетДт, О.СчетКт, О.СуммаОборот ИЗ РегистрБухгалтерии.Хозрасчетный.ОборотыДтКт() КАК О "
        "УПОРЯДОЧИТЬ ПО О.СчетДт"
    )
    assert rows == [(books.goods, books.payables, 1300), (books.payables, books.cash, 400)]
