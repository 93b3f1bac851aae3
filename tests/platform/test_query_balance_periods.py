"""ОстаткиИОбороты of an accumulation register with a periodicity and МетодДополнения. Every figure is
worked out by hand from the movements the fixture writes (listed in its docstring).

Where the rules come from (1C:Enterprise 8.3 documentation of the virtual table of balances and
turnovers, and the platform's documented behaviour as described on 1C developer sites such as
1s-portal.ru "ДвиженияИГраницыПериода в 1С"):
- with a periodicity, one row per key and period; НачальныйОстаток is the balance at the start of the
  period (at Начало for the first), КонечныйОстаток at its end, so that Н + Приход − Расход = К;
- МетодДополнения "Движения" (the default) gives rows only for periods with movements; a key with a
  balance at Начало and no movement gets one row for Начало's period (worked out: the emulator's rule,
  module docstring of virtual_tables.py); "ДвиженияИГраницыПериода" adds, for every key, the rows of
  the periods holding Начало and Конец; rows whose values are all zero are not returned;
- the parameter is an identifier: Движения / ДвиженияИГраницыПериода, in English RegisterRecords /
  RegisterRecordsAndPeriodBoundaries (the spelling of 1C's English query texts; "Movements" is not
  one and is refused);
- as everywhere in 1C, the table is grouped only by the dimensions the query uses.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from query_data import EXPENSE, RECEIPT, Data, d, dec

from prism_desktop.platform.query import NULL, QueryError
from prism_desktop.platform.query.errors import Position
from prism_desktop.platform.refs import RefKey

H = Decimal("7.5")
WRONG_PARAMETERS = re.escape(
    'Неверные параметры "РегистрНакопления.ОстаткиТоваров.ОстаткиИОбороты"'
)  # 1C names the table in full


@dataclass
class Stock:
    data: Data
    table: RefKey
    chair: RefKey
    main: RefKey
    second: RefKey
    recorders: list[RefKey]


@pytest.fixture
def stock() -> Stock:
    """M1 10.01.2024 10:00 Приход Стол/Основной 10    M2 20.01 12:00 Приход Стол/Второй 5
    M3 01.02 09:00 (Thu) Расход Стол/Основной 4        M4 02.02 (Fri) Приход Стол/Основной 2
    M5 15.02 (Thu) Приход Стул/Основной 7.5            M6 01.03 Расход Стул/Основной 7.5
    M7 02.04 Расход Стол/Второй 1
    Balances of Стол (both warehouses): 10 after M1, 15 after M2, 11 after M3, 13 after M4, 12 after M7."""
    data = Data()
    table, chair = data.item("Товары", "Стол"), data.item("Товары", "Стул")
    main, second = RefKey("Справочник", "Склады", 1), data.item("Склады", "Второй")
    moves = [
        (d(2024, 1, 10, 10), RECEIPT, table, main, 10),
        (d(2024, 1, 20, 12), RECEIPT, table, second, 5),
        (d(2024, 2, 1, 9), EXPENSE, table, main, 4),
        (d(2024, 2, 2), RECEIPT, table, main, 2),
        (d(2024, 2, 15), RECEIPT, chair, main, dec("7.5")),
        (d(2024, 3, 1), EXPENSE, chair, main, dec("7.5")),
        (d(2024, 4, 2), EXPENSE, table, second, 1),
    ]
    recorders = [
        data.movement("ОстаткиТоваров", date, kind, Товар=item, Склад=store, Количество=n)
        for date, kind, item, store, n in moves
    ]
    return Stock(data, table, chair, main, second, recorders)


BY_ITEM = (
    "ВЫБРАТЬ О.Период, О.Товар, О.КоличествоНачальныйОстаток, О.КоличествоПриход, О.КоличествоРасход, "
    "О.КоличествоКонечныйОстаток ИЗ РегистрНакопления.ОстаткиТоваров.ОстаткиИОбороты({}) КАК О "
    "УПОРЯДОЧИТЬ ПО О.Товар, О.Период"
)


def test_month_rows_only_for_periods_with_movements(stock: Stock) -> None:
    # Стол has 10 at 15.01 (M1); no row for March (no movement of Стол) nor April (after Конец)
    rows = stock.data.rows(BY_ITEM.format("&Н, &К, Месяц"), Н=d(2024, 1, 15), К=d(2024, 3, 31))
    assert rows == [
        (d(2024, 1, 1), stock.table, 10, 5, 0, 15),
        (d(2024, 2, 1), stock.table, 15, 2, 4, 13),
        (d(2024, 2, 1), stock.chair, 0, H, 0, H),
        (d(2024, 3, 1), stock.chair, H, 0, H, 0),
    ]
    explicit = stock.data.rows(BY_ITEM.format("&Н, &К, Месяц, Движения"), Н=d(2024, 1, 15), К=d(2024, 3, 31))
    assert explicit == rows


def test_grouping_by_the_dimensions_the_query_uses(stock: Stock) -> None:
    rows = stock.data.rows(
        "ВЫБРАТЬ О.Период, О.Товар, О.Склад, О.КоличествоНачальныйОстаток, О.КоличествоКонечныйОстаток "
        "ИЗ РегистрНакопления.ОстаткиТоваров.ОстаткиИОбороты(&Н, &К, Месяц, , Товар = &Т) КАК О "
        "УПОРЯДОЧИТЬ ПО О.Склад, О.Период",
        Н=d(2024, 1, 15),
        К=d(2024, 3, 31),
        Т=stock.table,
    )
    # Стол/Второй: Jan +5; Стол/Основной: 10 at Начало, Feb: −4 +2 (warehouses sort by name)
    assert rows == [
        (d(2024, 1, 1), stock.table, stock.second, 0, 5),
        (d(2024, 2, 1), stock.table, stock.main, 10, 8),
    ]


def test_a_key_with_a_balance_but_no_movement_gets_a_row_for_the_start(stock: Stock) -> None:
    # in [10.02, 31.03] Стол has no movement but 13 at Начало: one row, for February, turnovers 0
    rows = stock.data.rows(BY_ITEM.format("&Н, &К, Месяц"), Н=d(2024, 2, 10), К=d(2024, 3, 31))
    assert rows == [
        (d(2024, 2, 1), stock.table, 13, 0, 0, 13),
        (d(2024, 2, 1), stock.chair, 0, H, 0, H),
        (d(2024, 3, 1), stock.chair, H, 0, H, 0),
    ]


def test_movements_and_period_boundaries(stock: Stock) -> None:
    rows = stock.data.rows(
        BY_ITEM.format("&Н, &К, Месяц, ДвиженияИГраницыПериода"), Н=d(2024, 1, 15), К=d(2024, 4, 30)
    )
    # Стол: January (start, with movements), February, April (end, with M7); no March row: March is neither
    # a bound nor has a movement. Стул: its January row (0 everywhere) and April row (0) are omitted.
    assert rows == [
        (d(2024, 1, 1), stock.table, 10, 5, 0, 15),
        (d(2024, 2, 1), stock.table, 15, 2, 4, 13),
        (d(2024, 4, 1), stock.table, 13, 0, 1, 12),
        (d(2024, 2, 1), stock.chair, 0, H, 0, H),
        (d(2024, 3, 1), stock.chair, H, 0, H, 0),
    ]
    rows = stock.data.rows(
        BY_ITEM.format("&Н, &К, Месяц, ДвиженияИГраницыПериода"), Н=d(2024, 3, 10), К=d(2024, 5, 31)
    )
    # Стол: 13 at Начало: March (start bound), April (M7), May (end bound)
    assert rows == [
        (d(2024, 3, 1), stock.table, 13, 0, 0, 13),
        (d(2024, 4, 1), stock.table, 13, 0, 1, 12),
        (d(2024, 5, 1), stock.table, 12, 0, 0, 12),
    ]


def test_english_spellings_of_the_method(stock: Stock) -> None:
    params = {"Н": d(2024, 1, 15), "К": d(2024, 4, 30)}
    russian = stock.data.rows(BY_ITEM.format("&Н, &К, Месяц, ДвиженияИГраницыПериода"), **params)
    english = stock.data.rows(
        "SELECT О.Период, О.Товар, О.КоличествоНачальныйОстаток, О.КоличествоПриход, О.КоличествоРасход, "
        "О.КоличествоКонечныйОстаток FROM AccumulationRegister.ОстаткиТоваров.BalanceAndTurnovers("
        "&Н, &К, Month, RegisterRecordsAndPeriodBoundaries) AS О ORDER BY О.Товар, О.Период",
        **params,
    )
    assert english == russian
    plain = stock.data.rows(BY_ITEM.format("&Н, &К, Month, RegisterRecords"), **params)
    assert plain == stock.data.rows(BY_ITEM.format("&Н, &К, Месяц"), **params)


def test_day_and_week(stock: Stock) -> None:
    rows = stock.data.rows(
        "ВЫБРАТЬ О.Период, О.ДеньПериод, О.КоличествоНачальныйОстаток, О.КоличествоПриход, "
        "О.КоличествоРасход, О.КоличествоКонечныйОстаток ИЗ РегистрНакопления.ОстаткиТоваров.ОстаткиИОбороты("
        "&Н, &К, День, , Товар = &Т) КАК О УПОРЯДОЧИТЬ ПО О.Период",
        Н=d(2024, 2, 1),
        К=d(2024, 2, 2, 23, 59, 59),
        Т=stock.table,
    )
    assert rows == [
        (d(2024, 2, 1), d(2024, 2, 1), 15, 0, 4, 11),
        (d(2024, 2, 2), d(2024, 2, 2), 11, 2, 0, 13),
    ]
    # weeks start on Monday: M3 and M4 fall in the week of 29.01, M5 in the week of 12.02, M6 in that of 26.02
    rows = stock.data.rows(BY_ITEM.format("&Н, &К, Неделя"), Н=d(2024, 1, 29), К=d(2024, 3, 3))
    assert rows == [
        (d(2024, 1, 29), stock.table, 15, 2, 4, 13),
        (d(2024, 2, 12), stock.chair, 0, H, 0, H),
        (d(2024, 2, 26), stock.chair, H, 0, H, 0),
    ]


def test_quarter_and_year_without_bounds(stock: Stock) -> None:
    rows = stock.data.rows(BY_ITEM.format(", , Квартал"))
    assert rows == [
        (d(2024, 1, 1), stock.table, 0, 17, 4, 13),
        (d(2024, 4, 1), stock.table, 13, 0, 1, 12),
        (d(2024, 1, 1), stock.chair, 0, H, H, 0),
    ]
    rows = stock.data.rows(
        "ВЫБРАТЬ О.Период, О.ГодПериод, О.КварталПериод, О.КоличествоКонечныйОстаток "
        "ИЗ РегистрНакопления.ОстаткиТоваров.ОстаткиИОбороты(, , Год, , Товар = &Т) КАК О",
        Т=stock.table,
    )
    assert rows == [(d(2024, 1, 1), d(2024, 1, 1), d(2024, 1, 1), 12)]


def test_recorder_rows_and_their_boundaries(stock: Stock) -> None:
    text = (
        "ВЫБРАТЬ О.Период, О.Регистратор, О.КоличествоНачальныйОстаток, О.КоличествоПриход, "
        "О.КоличествоРасход, О.КоличествоКонечныйОстаток ИЗ РегистрНакопления.ОстаткиТоваров.ОстаткиИОбороты("
        "&Н, &К, Регистратор{}, Товар = &Т) КАК О УПОРЯДОЧИТЬ ПО О.Период"
    )
    params = {"Н": d(2024, 1, 15), "К": d(2024, 2, 10), "Т": stock.table}
    m2, m3, m4 = stock.recorders[1:4]
    movements = [
        (d(2024, 1, 20, 12), m2, 10, 5, 0, 15),
        (d(2024, 2, 1, 9), m3, 15, 0, 4, 11),
        (d(2024, 2, 2), m4, 11, 2, 0, 13),
    ]
    assert stock.data.rows(text.format(", "), **params) == movements
    # the bounds are rows at the moments Начало and Конец with an empty recorder
    bounded = stock.data.rows(text.format(", ДвиженияИГраницыПериода"), **params)
    assert bounded == [(d(2024, 1, 15), NULL, 10, 0, 0, 10), *movements, (d(2024, 2, 10), NULL, 13, 0, 0, 13)]


def test_record_rows_split_a_recorder(stock: Stock) -> None:
    data = stock.data
    recorder = data.document("Приход", d(2024, 5, 6))
    data.records(
        "РегистрНакопления",
        "ОстаткиТоваров",
        recorder,
        [
            {
                "Период": d(2024, 5, 6),
                "ВидДвижения": RECEIPT,
                "Товар": stock.table,
                "Склад": stock.main,
                "Количество": 3,
            },
            {
                "Период": d(2024, 5, 6),
                "ВидДвижения": EXPENSE,
                "Товар": stock.table,
                "Склад": stock.main,
                "Количество": 1,
            },
        ],
    )
    text = (
        "ВЫБРАТЬ {} О.КоличествоНачальныйОстаток, О.КоличествоПриход, О.КоличествоРасход, "
        "О.КоличествоКонечныйОстаток ИЗ РегистрНакопления.ОстаткиТоваров.ОстаткиИОбороты(&Н, , {}, , "
        "Товар = &Т) КАК О"
    )
    params = {"Н": d(2024, 5, 1), "Т": stock.table}
    rows = data.rows(
        text.format("О.Регистратор, О.НомерСтроки,", "Запись") + " УПОРЯДОЧИТЬ ПО О.НомерСтроки", **params
    )
    assert rows == [(recorder, 1, 12, 3, 0, 15), (recorder, 2, 15, 0, 1, 14)]
    assert data.rows(text.format("О.Регистратор,", "Регистратор"), **params) == [(recorder, 12, 3, 1, 14)]


def test_auto_takes_the_finest_period_field_used(stock: Stock) -> None:
    params = {"Н": d(2024, 1, 15), "К": d(2024, 3, 31), "Т": stock.table}
    text = (
        "ВЫБРАТЬ {} О.КоличествоНачальныйОстаток, О.КоличествоКонечныйОстаток "
        "ИЗ РегистрНакопления.ОстаткиТоваров.ОстаткиИОбороты(&Н, &К, Авто, , Товар = &Т) КАК О {}"
    )
    monthly = stock.data.rows(text.format("О.МесяцПериод,", "УПОРЯДОЧИТЬ ПО О.МесяцПериод"), **params)
    assert monthly == [(d(2024, 1, 1), 10, 15), (d(2024, 2, 1), 15, 13)]
    by_recorder = stock.data.rows(text.format("О.Регистратор,", "УПОРЯДОЧИТЬ ПО О.Регистратор"), **params)
    assert by_recorder == [
        (r, *b) for r, b in zip(stock.recorders[1:4], [(10, 15), (15, 11), (11, 13)], strict=True)
    ]
    assert stock.data.rows(text.format("", ""), **params) == [(10, 13)]


def test_periodicity_period_ignores_the_method(stock: Stock) -> None:
    # one row per key for the interval; Стул has no balance at either end but turnovers, so it stays
    expected = [(stock.table, 10, 7, 4, 13), (stock.chair, 0, H, H, 0)]
    text = (
        "ВЫБРАТЬ О.Товар, О.КоличествоНачальныйОстаток, О.КоличествоПриход, О.КоличествоРасход, "
        "О.КоличествоКонечныйОстаток ИЗ РегистрНакопления.ОстаткиТоваров.ОстаткиИОбороты(&Н, &К{}) КАК О "
        "УПОРЯДОЧИТЬ ПО О.Товар"
    )
    params = {"Н": d(2024, 1, 15), "К": d(2024, 3, 31)}
    assert stock.data.rows(text.format(""), **params) == expected
    assert stock.data.rows(text.format(", Период, ДвиженияИГраницыПериода"), **params) == expected


@pytest.mark.parametrize(
    ("params", "bad"),
    [
        ("&Н, &К, Месяц, Границы", "Границы"),
        ('&Н, &К, Месяц, "Движения"', '"Движения"'),
        ("&Н, &К, Месяц, Movements", "Movements"),
        ("&Н, &К, Месяцы", "Месяцы"),
        ("&Н, &К, 1", "1"),
    ],
)
def test_a_wrong_parameter_is_1c_error_at_the_parameter(stock: Stock, params: str, bad: str) -> None:
    text = f"ВЫБРАТЬ * ИЗ РегистрНакопления.ОстаткиТоваров.ОстаткиИОбороты({params}) КАК О"
    with pytest.raises(QueryError, match=WRONG_PARAMETERS) as caught:
        stock.data.query(text, Н=d(2024, 1, 1), К=d(2024, 2, 1))
    assert caught.value.position == Position(1, text.index(bad) + 1)


def test_too_many_parameters(stock: Stock) -> None:
    text = "ВЫБРАТЬ * ИЗ РегистрНакопления.ОстаткиТоваров.ОстаткиИОбороты(, , Месяц, Движения, , 1) КАК О"
    with pytest.raises(QueryError, match=WRONG_PARAMETERS):
        stock.data.query(text)
