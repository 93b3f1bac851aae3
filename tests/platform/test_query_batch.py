"""Batches, temporary tables, parameter tables, ИТОГИ and query errors (1C wording and positions)."""

from __future__ import annotations

import sys
from decimal import Decimal
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from query_data import Data, d, dec

from prism_desktop.platform.query import (
    NULL,
    ParameterTable,
    QueryError,
    TempTables,
    UnsupportedValue,
    execute_batch,
)
from prism_desktop.platform.query.result import DETAIL, GROUP_TOTAL, OVERALL
from prism_desktop.platform.refs import RefKey


@pytest.fixture
def data() -> Data:
    data = Data()
    data.item("Товары", "Стол", Цена=dec("100.50"))
    data.item("Товары", "Стул", Цена=20)
    data.item("Товары", "Шкаф", Цена=300)
    return data


def test_batch_with_temporary_tables(data: Data) -> None:
    results = data.batch(
        "ВЫБРАТЬ Т.Ссылка КАК Товар, Т.Цена КАК Цена ПОМЕСТИТЬ ВТДорогие ИЗ Справочник.Товары КАК Т "
        "ГДЕ Т.Цена > 50 ИНДЕКСИРОВАТЬ ПО Товар;\n"
        "ВЫБРАТЬ Д.Товар.Наименование КАК Имя, Д.Цена ИЗ ВТДорогие КАК Д УПОРЯДОЧИТЬ ПО Д.Цена;\n"
        "УНИЧТОЖИТЬ ВТДорогие"
    )
    placed, selected, dropped = results
    assert [c.name for c in placed.columns] == ["Количество"] and placed.rows == [(2,)]
    assert selected.rows == [("Стол", Decimal("100.5")), ("Шкаф", 300)]
    assert dropped.columns == [] and dropped.rows == []


def test_temporary_table_is_gone_after_drop_and_after_the_batch(data: Data) -> None:
    with pytest.raises(QueryError) as info:
        data.batch("ВЫБРАТЬ 1 КАК А ПОМЕСТИТЬ ВТ;\nУНИЧТОЖИТЬ ВТ;\nВЫБРАТЬ * ИЗ ВТ")
    assert str(info.value).startswith('{(3, 14)}: Таблица не найдена "ВТ"')
    data.batch("ВЫБРАТЬ 1 КАК А ПОМЕСТИТЬ ВТ")
    with pytest.raises(QueryError, match='Таблица не найдена "ВТ"'):
        data.query("ВЫБРАТЬ * ИЗ ВТ")


def test_manager_keeps_temporary_tables_between_executions(data: Data) -> None:
    manager = TempTables(data.ib.db)
    execute_batch(data.ib, "ВЫБРАТЬ Т.Ссылка КАК Товар ПОМЕСТИТЬ ВТ ИЗ Справочник.Товары КАК Т", {}, manager)
    result = execute_batch(data.ib, "ВЫБРАТЬ КОЛИЧЕСТВО(*) ИЗ ВТ", {}, manager)[-1]
    assert result.rows == [(3,)]
    with pytest.raises(QueryError, match='Таблица уже существует "ВТ"'):
        execute_batch(data.ib, "ВЫБРАТЬ 1 КАК А ПОМЕСТИТЬ ВТ", {}, manager)
    manager.close()
    with pytest.raises(QueryError, match='Таблица не найдена "ВТ"'):
        execute_batch(data.ib, "ВЫБРАТЬ * ИЗ ВТ", {}, manager)


def test_value_table_parameter_as_a_source_and_in_a_list(data: Data) -> None:
    table = RefKey("Справочник", "Товары", 1)
    shelf = RefKey("Справочник", "Товары", 3)
    param = ParameterTable([("Товар", None), ("Количество", None)], [(table, 2), (shelf, dec("0.5"))])
    results = data.batch(
        "ВЫБРАТЬ Т.Товар КАК Товар, Т.Количество КАК Количество ПОМЕСТИТЬ ВТ ИЗ &Таблица КАК Т;\n"
        "ВЫБРАТЬ ВТ.Товар.Наименование, ВТ.Количество * ВТ.Товар.Цена КАК Сумма ИЗ ВТ КАК ВТ УПОРЯДОЧИТЬ ПО "
        "Сумма",
        Таблица=param,
    )
    assert results[1].rows == [("Шкаф", 150), ("Стол", 201)]
    rows = data.rows(
        "ВЫБРАТЬ Т.Наименование ИЗ Справочник.Товары КАК Т ГДЕ Т.Ссылка В (&Т) УПОРЯДОЧИТЬ ПО 1 + 0", Т=param
    )
    assert sorted(rows) == [("Стол",), ("Шкаф",)]


def test_totals_overall_and_by_grouping(data: Data) -> None:
    furniture = data.item("Товары", "Мебель")
    result = data.query(
        'ВЫБРАТЬ ВЫБОР КОГДА Т.Цена > 50 ТОГДА "дорого" ИНАЧЕ "дешево" КОНЕЦ КАК Класс, Т.Наименование '
        "КАК Имя, "
        "Т.Цена КАК Цена ИЗ Справочник.Товары КАК Т ГДЕ Т.Ссылка <> &М "
        "УПОРЯДОЧИТЬ ПО Класс, Имя ИТОГИ СУММА(Цена) ПО ОБЩИЕ, Класс",
        М=furniture,
    )
    nodes = [(n.kind, n.values) for n in result.linear()]
    assert nodes == [
        (OVERALL, (NULL, NULL, Decimal("420.5"))),
        (GROUP_TOTAL, ("дешево", NULL, 20)),
        (DETAIL, ("дешево", "Стул", 20)),
        (GROUP_TOTAL, ("дорого", NULL, Decimal("400.5"))),
        (DETAIL, ("дорого", "Стол", Decimal("100.5"))),
        (DETAIL, ("дорого", "Шкаф", 300)),
    ]
    assert result.rows == [
        ("дешево", "Стул", 20),
        ("дорого", "Стол", Decimal("100.5")),
        ("дорого", "Шкаф", 300),
    ]


def test_totals_without_overall(data: Data) -> None:
    result = data.query(
        "ВЫБРАТЬ Т.Наименование КАК Имя, КОЛИЧЕСТВО(*) КАК Н ИЗ Справочник.Товары КАК Т "
        "СГРУППИРОВАТЬ ПО Т.Наименование УПОРЯДОЧИТЬ ПО Имя ИТОГИ СУММА(Н) ПО Имя"
    )
    assert result.totals is not None
    assert [n.values for n in result.totals] == [("Стол", 1), ("Стул", 1), ("Шкаф", 1)]
    assert [n.kind for n in result.linear()] == [GROUP_TOTAL, DETAIL] * 3


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "ВЫБРАТЬ Т.Ссылка\nИЗ Справочник.Несуществующий КАК Т",
            '{(2, 4)}: Таблица не найдена "Справочник.Несуществующий"\n'
            "ИЗ <<?>>Справочник.Несуществующий КАК Т",
        ),
        (
            "ВЫБРАТЬ\n\tТ.Ссылка,\n\tТ.Цвет\nИЗ Справочник.Товары КАК Т",
            '{(3, 4)}: Поле не найдено "Т.Цвет"\nТ.<<?>>Цвет',  # at the part not found; the line trimmed
        ),
        (
            "ВЫБРАТЬ Т.Родитель.Цвет ИЗ Справочник.Товары КАК Т",
            '{(1, 20)}: Поле не найдено "Т.Родитель.Цвет"',
        ),
        ("ВЫБРАТЬ Цвет ИЗ Справочник.Товары", '{(1, 9)}: Поле не найдено "Цвет"'),
        (
            "ВЫБРАТЬ * ИЗ РегистрНакопления.ОстаткиТоваров.Остаток() КАК О",
            '{(1, 14)}: Таблица не найдена "РегистрНакопления.ОстаткиТоваров.Остаток"',
        ),
        ("ВЫБРАТЬ * ИЗ Документ.Приход.Услуги", '{(1, 14)}: Таблица не найдена "Документ.Приход.Услуги"'),
        (
            "ВЫБРАТЬ Т.Ссылка ИЗ Справочник.Товары КАК Т ГДЕ Т.Цена > &Порог",
            '{(1, 58)}: Не задано значение параметра "Порог"',
        ),
        ("ВЫБРАТЬ ФУНКЦИЯ(1)", '{(1, 9)}: Неизвестная функция "ФУНКЦИЯ"'),
        ("ВЫБРАТЬ Т.Наименование + 1 ИЗ Справочник.Товары КАК Т", "{(1, 24)}: Несовместимые типы"),
    ],
)
def test_errors_carry_1c_wording_and_position(data: Data, text: str, message: str) -> None:
    with pytest.raises(QueryError) as info:
        data.query(text)
    assert str(info.value).startswith(message)


def test_parameter_of_a_wrong_type(data: Data) -> None:
    with pytest.raises(QueryError) as info:
        data.query("ВЫБРАТЬ 1 ГДЕ &П = 1", П=UnsupportedValue("Структура"))
    assert str(info.value).startswith('{(1, 15)}: Недопустимое значение параметра "П"')


def test_string_parameter_compared_with_a_number_finds_nothing(data: Data) -> None:
    assert data.rows("ВЫБРАТЬ Т.Наименование ИЗ Справочник.Товары КАК Т ГДЕ Т.Цена = &Ц", Ц="20") == []
    assert data.rows("ВЫБРАТЬ Т.Наименование ИЗ Справочник.Товары КАК Т ГДЕ Т.Цена = &Ц", Ц=20) == [("Стул",)]


def test_each_executed_statement_is_one_logged_access(data: Data) -> None:
    data.ib.techlog.clear()
    data.batch(
        "ВЫБРАТЬ Т.Ссылка КАК С ПОМЕСТИТЬ ВТ ИЗ Справочник.Товары КАК Т;\n"
        "ВЫБРАТЬ * ИЗ ВТ;\n"
        "ВЫБРАТЬ О.КоличествоОстаток ИЗ РегистрНакопления.ОстаткиТоваров.Остатки(&Д) КАК О",
        Д=d(2024, 1, 1),
    )
    counts = data.ib.techlog.counts()
    assert (counts.sdbl, counts.reg_reads) == (3, 1)
    events = data.ib.techlog.events
    assert events[0].tables == ("cat_Товары",) and events[2].tables == ("accum_ОстаткиТоваров",)
    assert [e.rows for e in events] == [3, 3, 0]
