"""Query errors the platform raises where a permissive translation would run: each with 1C's wording,
its `{(line, column)}` position and the offending line quoted (trimmed) with `<<?>>`. Sources: PRISM's
published category-B Level-1 logs (results/auto/experiment_B_20260617_031637_auto_l1.json, the 1C
platform's own messages), and the platform's documented rules for external data sources and
aggregates."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from query_data import Data

from prism_desktop.platform.query import ParameterTable, QueryError

NESTED = "Не допускается использование вложенных запросов и операции В ИЕРАРХИИ внутри агрегатных функций"
ONLY_TEMP = "Содержимое объекта данных может быть выбрано только во временную таблицу"


@pytest.fixture
def data() -> Data:
    data = Data()
    data.table = data.item("Товары", "Стол", Цена=10)  # type: ignore[attr-defined]
    return data


def error(data: Data, text: str, **params: object) -> str:
    with pytest.raises(QueryError) as info:
        data.batch(text, **params)
    return str(info.value)


def test_hierarchy_inside_an_aggregate_is_refused(data: Data) -> None:
    text = (
        "ВЫБРАТЬ\n"
        "\tСУММА(ВЫБОР КОГДА Т.Ссылка В ИЕРАРХИИ(&Группа) ТОГДА 1 ИНАЧЕ 0 КОНЕЦ) КАК Н\n"
        "ИЗ Справочник.Товары КАК Т"
    )
    assert error(data, text, Группа=data.table) == (
        f"{{(2, 29)}}: {NESTED}\n"
        "СУММА(ВЫБОР КОГДА Т.Ссылка <<?>>В ИЕРАРХИИ(&Группа) ТОГДА 1 ИНАЧЕ 0 КОНЕЦ) КАК Н"
    )


def test_a_nested_query_inside_an_aggregate_is_refused(data: Data) -> None:
    text = (
        "ВЫБРАТЬ КОЛИЧЕСТВО(ВЫБОР КОГДА Т.Ссылка В (ВЫБРАТЬ С.Ссылка ИЗ Справочник.Товары КАК С) "
        "ТОГДА 1 КОНЕЦ) КАК Н ИЗ Справочник.Товары КАК Т"
    )
    assert NESTED in error(data, text)


def test_a_value_list_inside_an_aggregate_is_allowed(data: Data) -> None:
    text = (
        "ВЫБРАТЬ СУММА(ВЫБОР КОГДА Т.Ссылка В (&Список) ТОГДА 1 ИНАЧЕ 0 КОНЕЦ) КАК Н "
        "ИЗ Справочник.Товары КАК Т"
    )
    assert data.query(text, Список=[data.table]).rows == [(1,)]


def test_a_value_table_parameter_is_read_only_into_a_temporary_table(data: Data) -> None:
    table = ParameterTable([("Количество", None)], [(2,), (3,)])
    assert error(data, "ВЫБРАТЬ Т.Количество ИЗ &Таблица КАК Т", Таблица=table) == (
        f"{{(1, 25)}}: {ONLY_TEMP}\nВЫБРАТЬ Т.Количество ИЗ <<?>>&Таблица КАК Т"
    )
    nested = (
        "ВЫБРАТЬ Вл.Количество ПОМЕСТИТЬ ВТ ИЗ (ВЫБРАТЬ Т.Количество КАК Количество ИЗ &Таблица КАК Т) КАК Вл"
    )
    assert ONLY_TEMP in error(data, nested, Таблица=table)
    placed = data.batch(
        "ВЫБРАТЬ Т.Количество КАК Количество ПОМЕСТИТЬ ВТ ИЗ &Таблица КАК Т;\n"
        "ВЫБРАТЬ СУММА(ВТ.Количество) КАК С ИЗ ВТ КАК ВТ",
        Таблица=table,
    )
    assert placed[-1].rows == [(5,)]


def test_a_bare_name_in_hierarchy_is_a_field_not_found_quoted_without_indentation(data: Data) -> None:
    """PRISM's published logs: `{(8, 35)}: Поле не найдено "Группа"` then
    `И Номенклатура.Ссылка В ИЕРАРХИИ(<<?>>Группа)` — the line without its leading tab."""
    text = "ВЫБРАТЬ Т.Ссылка\nИЗ Справочник.Товары КАК Т\nГДЕ ИСТИНА\n\tИ Т.Ссылка В ИЕРАРХИИ(Группа)"
    assert error(data, text) == '{(4, 24)}: Поле не найдено "Группа"\nИ Т.Ссылка В ИЕРАРХИИ(<<?>>Группа)'


PLAIN_BOOKS = {
    "charts_of_accounts": {"Основной": {}},  # no kinds of subconto
    "documents": {"Операция": {"accounting_registers": ["Хозрасчетный"]}},
    "accounting_registers": {"Хозрасчетный": {"chart_of_accounts": "Основной", "correspondence": True}},
}


@pytest.mark.parametrize(
    ("params", "ok"),
    [
        (", , , Счет В ИЕРАРХИИ(&Счет), , ", True),  # Н, К, Периодичность, УсловиеСчета, Условие, КорСчет
        (", , , Счет В ИЕРАРХИИ(&Счет), , , , ", False),  # 8: the two Субконто slots do not exist
    ],
)
def test_accounting_tables_of_a_chart_without_subconto_take_fewer_parameters(params: str, ok: bool) -> None:
    """PRISM's published B19 logs: Обороты with 8 parameters over a chart without subconto is
    `Неверные параметры "РегистрБухгалтерии.Хозрасчетный.Обороты"` at the table; with 6 it runs."""
    from prism_desktop.platform import Infobase, load_configuration
    from prism_desktop.platform.query import execute

    infobase = Infobase(load_configuration(PLAIN_BOOKS))
    text = f"ВЫБРАТЬ Т.СуммаОборотДт КАК Дт\nИЗ РегистрБухгалтерии.Хозрасчетный.Обороты({params}) КАК Т"
    if ok:
        assert execute(infobase, text, {"Счет": None}).rows == []
        return
    with pytest.raises(QueryError) as info:
        execute(infobase, text, {"Счет": None})
    assert str(info.value).startswith(
        '{(2, 4)}: Неверные параметры "РегистрБухгалтерии.Хозрасчетный.Обороты"\n'
        "ИЗ <<?>>РегистрБухгалтерии.Хозрасчетный.Обороты("
    )


def test_an_alias_that_is_also_a_field_of_another_source_is_ambiguous(data: Data) -> None:
    """PRISM's published B17 logs: with `Справочник.Договоры КАК Договор` joined to a register whose
    dimension is Договор, `Договор.Владелец` reads either way: `{(8, 4)}: Неоднозначное поле
    "Договор.Владелец"`. Here: alias Товар and the tabular section's field Товар."""
    text = (
        "ВЫБРАТЬ Товар.Цена КАК Цена\n"
        "ИЗ Документ.Приход.Товары КАК Т\n"
        "\tЛЕВОЕ СОЕДИНЕНИЕ Справочник.Товары КАК Товар\n"
        "\tПО ИСТИНА"
    )
    assert error(data, text) == '{(1, 9)}: Неоднозначное поле "Товар.Цена"\nВЫБРАТЬ <<?>>Товар.Цена КАК Цена'


def test_an_alias_whose_field_reading_leads_nowhere_is_the_alias(data: Data) -> None:
    text = (
        "ВЫБРАТЬ Товар.Наименование КАК Имя\n"
        "ИЗ Справочник.Товары КАК Товар\n"
        "\tЛЕВОЕ СОЕДИНЕНИЕ Документ.Приход КАК Д\n"
        "\tПО ИСТИНА"
    )
    assert data.rows(text) == [("Стол",)]


def test_a_date_past_the_year_3999_cannot_reach_the_query(data: Data) -> None:
    """PRISM's published B20 logs: a parameter of 31.12.9999 → "Ошибка выполнения запроса: Номер года
    в литерале типа 'Дата' превышает 3999." (the file DBMS's dates end there); 3999 itself is fine."""
    import datetime as dt

    text = "ВЫБРАТЬ Т.Ссылка ИЗ Справочник.Товары КАК Т ГДЕ &Дата > ДАТАВРЕМЯ(2000, 1, 1)"
    assert error(data, text, Дата=dt.datetime(9999, 12, 31)) == (
        "Ошибка выполнения запроса: Номер года в литерале типа 'Дата' превышает 3999."
    )
    assert len(data.rows(text, Дата=dt.datetime(3999, 12, 31))) == 1
