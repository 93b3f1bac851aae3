"""Accounting-register virtual tables: развернутые balances, ОстаткиИОбороты with periods,
ДвиженияССубконто and NULL subconto. Every figure is worked out by hand from the entries the fixture
writes (listed in its docstring).

Where the rules come from:
- account kinds (1C documentation of the accounting virtual tables, and standard accounting): an
  active account's balance is a debit one, a passive account's a credit one, an active-passive
  account's goes to Дт when positive and to Кт when negative. <Рес>ОстатокДт/Кт (свернутый) split the
  balance per account and the keys the query uses; <Рес>РазвернутыйОстатокДт/Кт split it per account
  and its full analytics (every subconto and dimension) and then sum the parts — the "развернутое
  сальдо" of a trial balance (ОСВ), where an account 60 owing one supplier and owed by another shows
  both a debit and a credit balance;
- ДвиженияССубконто(Начало, Конец, Условие, Порядок, Первые): the parameter list of 1C's virtual table
  of records with subconto, its fields those of the register's records (СчетДт/Кт, ВидСубконтоДт/Кт<i>,
  СубконтоДт/Кт<i>, resources, Период, Регистратор, НомерСтроки …);
- a subconto position beyond the account's kinds of subconto is NULL: the platform stores subconto
  values in a separate table keyed by kind, and the virtual tables join it, so a missing kind is NULL
  (not Неопределено).
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from query_data import Data, d

from prism_desktop.platform.query import NULL, QueryError
from prism_desktop.platform.query.errors import Position
from prism_desktop.platform.refs import RefKey

WRONG_RECORDS = re.escape(
    'Неверные параметры "РегистрБухгалтерии.Хозрасчетный.ДвиженияССубконто"'
)  # 1C names the table in full


@dataclass
class Books:
    data: Data
    goods: RefKey  # 41, active, subconto Номенклатура
    settlements: RefKey  # 60, active-passive, subconto Контрагенты
    cash: RefKey  # 50, active, no subconto
    capital: RefKey  # 80, passive, no subconto
    by_counterparty: RefKey
    by_item: RefKey
    alpha: RefKey
    beta: RefKey
    table: RefKey
    chair: RefKey
    entries: list[RefKey]


@pytest.fixture
def books() -> Books:
    """E1 10.01.2024 Дт 41 (Стол)  Кт 60 (Альфа) 1000     E2 20.01 Дт 60 (Альфа) Кт 50  400
    E3 05.02 Дт 60 (Бета)  Кт 50  300                     E4 10.02 Дт 50  Кт 80  2000
    E5 03.03 Дт 41 (Стул)  Кт 60 (Бета) 500
    At 01.03: 41 = 1000 (Стол); 50 = 1300; 60 = −300 (Альфа −600, Бета +300); 80 = −2000.
    At the end: 41 = 1500; 50 = 1300; 60 = −800 (Альфа −600, Бета −200); 80 = −2000."""
    data = Data()
    by_counterparty, by_item = data.subconto_kind("Контрагенты"), data.subconto_kind("Номенклатура")
    goods = data.account("41", "Активный", [by_item])
    settlements = data.account("60", "АктивноПассивный", [by_counterparty])
    cash = data.account("50", "Активный", [])
    capital = data.account("80", "Пассивный", [])
    alpha, beta = data.item("Контрагенты", "Альфа"), data.item("Контрагенты", "Бета")
    table, chair = data.item("Товары", "Стол"), data.item("Товары", "Стул")
    entries = [
        data.entry(d(2024, 1, 10), goods, settlements, 1000, (by_item, table), (by_counterparty, alpha)),
        data.entry(d(2024, 1, 20), settlements, cash, 400, (by_counterparty, alpha)),
        data.entry(d(2024, 2, 5), settlements, cash, 300, (by_counterparty, beta)),
        data.entry(d(2024, 2, 10), cash, capital, 2000),
        data.entry(d(2024, 3, 3), goods, settlements, 500, (by_item, chair), (by_counterparty, beta)),
    ]
    return Books(
        data, goods, settlements, cash, capital, by_counterparty, by_item, alpha, beta, table, chair, entries
    )


BALANCES = (
    "ВЫБРАТЬ {} Б.СуммаОстаток, Б.СуммаОстатокДт, Б.СуммаОстатокКт, Б.СуммаРазвернутыйОстатокДт, "
    "Б.СуммаРазвернутыйОстатокКт ИЗ РегистрБухгалтерии.Хозрасчетный.Остатки(&Д) КАК Б {}"
)


def test_expanded_balances_by_account(books: Books) -> None:
    rows = books.data.rows(BALANCES.format("Б.Счет,", "УПОРЯДОЧИТЬ ПО Б.Счет.Код"), Д=d(2024, 3, 1))
    assert rows == [
        (books.goods, 1000, 1000, 0, 1000, 0),
        (books.cash, 1300, 1300, 0, 1300, 0),
        # 60: Альфа −600 and Бета +300 net to −300 (credit), expanded: 300 debit and 600 credit
        (books.settlements, -300, 0, 300, 300, 600),
        (books.capital, -2000, 0, 2000, 0, 2000),
    ]


def test_expanded_equals_folded_per_subconto(books: Books) -> None:
    rows = books.data.rows(
        "ВЫБРАТЬ Б.Субконто1, Б.СуммаОстаток, Б.СуммаОстатокДт, Б.СуммаОстатокКт, "
        "Б.СуммаРазвернутыйОстатокДт, Б.СуммаРазвернутыйОстатокКт "
        "ИЗ РегистрБухгалтерии.Хозрасчетный.Остатки(&Д, Счет = &С) КАК Б "
        "УПОРЯДОЧИТЬ ПО Б.Субконто1",
        Д=d(2024, 3, 1),
        С=books.settlements,
    )
    assert rows == [(books.alpha, -600, 0, 600, 0, 600), (books.beta, 300, 300, 0, 300, 0)]


def test_totals_over_every_account_keep_the_row_though_the_balance_is_zero(books: Books) -> None:
    # double entry: Σ balances = 0; debit: 41 1000 + 50 1300; credit: 60 300 + 80 2000;
    # expanded: debit adds Бета's 300, credit has Альфа's 600 instead of 60's net 300
    rows = books.data.rows(BALANCES.format("", ""), Д=d(2024, 3, 1))
    assert rows == [(0, 2300, 2300, 2600, 2600)]


def test_balance_and_turnovers_by_month_with_expanded_balances(books: Books) -> None:
    text = (
        "ВЫБРАТЬ Б.Период, Б.СуммаНачальныйОстаток, Б.СуммаНачальныйРазвернутыйОстатокДт, "
        "Б.СуммаНачальныйРазвернутыйОстатокКт, Б.СуммаОборотДт, Б.СуммаОборотКт, Б.СуммаКонечныйОстаток, "
        "Б.СуммаКонечныйОстатокКт, Б.СуммаКонечныйРазвернутыйОстатокДт, Б.СуммаКонечныйРазвернутыйОстатокКт "
        "ИЗ РегистрБухгалтерии.Хозрасчетный.ОстаткиИОбороты(&Н, &К, Месяц, {}, Счет = &С) КАК Б "
        "УПОРЯДОЧИТЬ ПО Б.Период"
    )
    params = {"Н": d(2024, 2, 1), "К": d(2024, 4, 30), "С": books.settlements}
    february = (d(2024, 2, 1), -600, 0, 600, 300, 0, -300, 300, 300, 600)  # E3: Бета +300
    march = (d(2024, 3, 1), -300, 300, 600, 0, 500, -800, 800, 0, 800)  # E5: Бета −500
    assert books.data.rows(text.format("Движения"), **params) == [february, march]
    april = (d(2024, 4, 1), -800, 0, 800, 0, 0, -800, 800, 0, 800)  # the end bound's period
    assert books.data.rows(text.format("ДвиженияИГраницыПериода"), **params) == [february, march, april]


def test_accounting_account_with_a_balance_and_no_movement(books: Books) -> None:
    rows = books.data.rows(
        "ВЫБРАТЬ Б.Счет, Б.Период, Б.СуммаНачальныйОстаток, Б.СуммаОборотДт, Б.СуммаКонечныйОстаток "
        "ИЗ РегистрБухгалтерии.Хозрасчетный.ОстаткиИОбороты(&Н, &К, День, , Счет = &С) КАК Б",
        Н=d(2024, 2, 11),
        К=d(2024, 2, 20),
        С=books.goods,
    )
    assert rows == [(books.goods, d(2024, 2, 11), 1000, 0, 1000)]


def test_balance_and_turnovers_by_recorder(books: Books) -> None:
    rows = books.data.rows(
        "ВЫБРАТЬ Б.Регистратор, Б.СуммаНачальныйОстаток, Б.СуммаОборотДт, Б.СуммаОборотКт, "
        "Б.СуммаКонечныйОстаток, Б.СуммаКонечныйОстатокДт ИЗ РегистрБухгалтерии.Хозрасчетный.ОстаткиИОбороты("
        "&Н, &К, Регистратор, , Счет = &С) КАК Б УПОРЯДОЧИТЬ ПО Б.Период",
        Н=d(2024, 1, 15),
        К=d(2024, 2, 29),
        С=books.cash,
    )
    e2, e3, e4 = books.entries[1:4]
    # an active account keeps a negative balance on the debit side
    assert rows == [
        (e2, 0, 0, 400, -400, -400),
        (e3, -400, 0, 300, -700, -700),
        (e4, -700, 2000, 0, 1300, 1300),
    ]


def test_missing_subconto_is_null_in_every_table(books: Books) -> None:
    data = books.data
    rows = data.rows(
        "ВЫБРАТЬ Б.Субконто1, Б.Субконто2 ИЗ РегистрБухгалтерии.Хозрасчетный.Остатки(, Счет = &С) КАК Б",
        С=books.cash,
    )
    assert rows == [(NULL, NULL)]
    rows = data.rows(
        "ВЫБРАТЬ Б.Субконто1, Б.СуммаКонечныйОстаток ИЗ РегистрБухгалтерии.Хозрасчетный.ОстаткиИОбороты("
        ", , , , Счет = &С) КАК Б",
        С=books.capital,
    )
    assert rows == [(NULL, -2000)]
    rows = data.rows(
        "ВЫБРАТЬ О.КорСчет, О.КорСубконто1, О.СуммаОборотДт ИЗ РегистрБухгалтерии.Хозрасчетный.Обороты("
        ", , , Счет = &С) КАК О ГДЕ О.КорСчет = &К",
        С=books.settlements,
        К=books.cash,
    )
    assert rows == [(books.cash, NULL, 700)]
    rows = data.rows(
        "ВЫБРАТЬ О.СубконтоДт1, О.СубконтоКт1, О.СубконтоКт2, О.СуммаОборот "
        "ИЗ РегистрБухгалтерии.Хозрасчетный.ОборотыДтКт(, , , , , СчетКт = &Касса) КАК О "
        "УПОРЯДОЧИТЬ ПО О.СуммаОборот",
        Касса=books.cash,
    )
    assert rows == [(books.beta, NULL, NULL, 300), (books.alpha, NULL, NULL, 400)]
    # a filled position is a value, an empty one NULL — so ЕСТЬ NULL finds the entries without subconto
    rows = data.rows(
        "ВЫБРАТЬ КОЛИЧЕСТВО(*) ИЗ РегистрБухгалтерии.Хозрасчетный.ДвиженияССубконто(, , "
        "СубконтоКт1 ЕСТЬ NULL) КАК Д"
    )
    assert rows == [(3,)]  # E2, E3 (credit 50) and E4 (credit 80) have none; E1 and E5 credit 60 with one


RECORDS = (
    "ВЫБРАТЬ Д.Период, Д.Регистратор, Д.НомерСтроки, Д.СчетДт, Д.ВидСубконтоДт1, Д.СубконтоДт1, Д.СчетКт, "
    "Д.ВидСубконтоКт1, Д.СубконтоКт1, Д.Сумма ИЗ РегистрБухгалтерии.Хозрасчетный.ДвиженияССубконто({}) КАК Д"
)


def test_records_with_subconto(books: Books) -> None:
    b = books
    _, e2, e3, e4, e5 = b.entries
    rows = b.data.rows(RECORDS.format("&Н, &К"), Н=d(2024, 1, 20), К=d(2024, 2, 10))
    assert rows == [  # both bounds included, in the order of Период
        (d(2024, 1, 20), e2, 1, b.settlements, b.by_counterparty, b.alpha, b.cash, NULL, NULL, 400),
        (d(2024, 2, 5), e3, 1, b.settlements, b.by_counterparty, b.beta, b.cash, NULL, NULL, 300),
        (d(2024, 2, 10), e4, 1, b.cash, NULL, NULL, b.capital, NULL, NULL, 2000),
    ]
    rows = b.data.rows(RECORDS.format(", , СчетКт = &С И СубконтоКт1 = &К"), С=b.settlements, К=b.beta)
    assert rows == [
        (d(2024, 3, 3), e5, 1, b.goods, b.by_item, b.chair, b.settlements, b.by_counterparty, b.beta, 500)
    ]
    everything = b.data.rows(
        "ВЫБРАТЬ Д.Регистратор ИЗ РегистрБухгалтерии.Хозрасчетный.ДвиженияССубконто КАК Д"
    )
    assert everything == [(e,) for e in b.entries]


def test_records_with_subconto_order_and_first(books: Books) -> None:
    e1, e2, e3, e4, _ = books.entries
    text = "ВЫБРАТЬ Д.Регистратор, Д.Сумма ИЗ РегистрБухгалтерии.Хозрасчетный.ДвиженияССубконто({}) КАК Д"
    assert books.data.rows(text.format(", , , Сумма, 2")) == [(e3, 300), (e2, 400)]
    assert books.data.rows(text.format(", , , , &Н"), Н=3) == [(e1, 1000), (e2, 400), (e3, 300)]
    assert books.data.rows(text.format("&Н, , , , 1"), Н=d(2024, 2, 6)) == [(e4, 2000)]


@pytest.mark.parametrize(
    ("params", "bad", "message"),
    [
        (', , , , "два"', '"два"', 'Неверные параметры "РегистрБухгалтерии.Хозрасчетный.ДвиженияССубконто"'),
        (", , , Сумма + 1", "+ 1", 'Неверные параметры "РегистрБухгалтерии.Хозрасчетный.ДвиженияССубконто"'),
        (", , , Цвет", "Цвет", 'Поле не найдено "Цвет"'),
        (", , , , &Н", "&Н", 'Недопустимое значение параметра "Н"'),
    ],
)
def test_records_with_subconto_errors(books: Books, params: str, bad: str, message: str) -> None:
    text = f"ВЫБРАТЬ * ИЗ РегистрБухгалтерии.Хозрасчетный.ДвиженияССубконто({params}) КАК Д"
    with pytest.raises(QueryError, match=message) as caught:
        books.data.query(text, Н=-1)
    assert caught.value.position == Position(1, text.index(bad) + 1)


def test_accounting_wrong_parameters(books: Books) -> None:
    with pytest.raises(QueryError, match=WRONG_RECORDS):
        books.data.query("ВЫБРАТЬ * ИЗ РегистрБухгалтерии.Хозрасчетный.ДвиженияССубконто(, , , , , 1) КАК Д")
    text = "ВЫБРАТЬ * ИЗ РегистрБухгалтерии.Хозрасчетный.ОстаткиИОбороты(, , Месяц, Границы) КАК Б"
    wrong = 'Неверные параметры "РегистрБухгалтерии.Хозрасчетный.ОстаткиИОбороты"'
    with pytest.raises(QueryError, match=wrong) as caught:
        books.data.query(text)
    assert caught.value.position == Position(1, text.index("Границы") + 1)


def test_listed_kinds_keep_only_the_accounts_having_them(books: Books) -> None:
    # 1C: with the Субконто parameter the totals are computed only over accounts having every listed
    # kind — 60 (Контрагенты) here; 41 (Номенклатура), 50 and 80 (none) are left out
    rows = books.data.rows(
        "ВЫБРАТЬ Б.Счет, Б.Субконто1, Б.СуммаОстаток "
        "ИЗ РегистрБухгалтерии.Хозрасчетный.Остатки(, , &Виды) КАК Б "
        "УПОРЯДОЧИТЬ ПО Б.Субконто1",
        Виды=[books.by_counterparty],
    )
    assert rows == [(books.settlements, books.alpha, -600), (books.settlements, books.beta, -200)]
