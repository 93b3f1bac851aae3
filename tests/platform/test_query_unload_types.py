"""Typed columns of a query result: which columns can hold NULL (ResultColumn.nullable), the
ОписаниеТипов of РезультатЗапроса.Колонки and of the ТаблицаЗначений / ДеревоЗначений Выгрузить()
gives, and ТаблицаЗначений.Итог over such columns.

Where the expected values come from:
  * NULL appears for the missing side of an outer join (ЛЕВОЕ: the right table, ПРАВОЕ: the left,
    ПОЛНОЕ: both), for a NULL in the select list, and an aggregate of no rows is NULL (1C's query
    language reference on NULL; the usual list of "where NULL comes from" in 1C articles);
    a column that can hold it lists Null among its types, so СодержитТип(Тип("Null")) is Истина;
  * Итог, as 1C's syntax assistant describes it for tables and record sets (yellow-erp.com mirror,
    «Total»): a column whose types include Число sums its numbers (NULL is skipped), so over an
    empty result a Число column totals 0 (a Число, not Неопределено). For a column of one type other
    than Число, 1C converts the values to Число; the engine follows OneScript, PRISM's category-A
    runner, and skips them (Неопределено) — listed in docs/architecture.md, Known differences;
  * the figures (100,5 + 20 = 120,5) are worked out by hand from the data.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from query_data import Data, d, dec

from prism_desktop.platform.query import NULL

DAY = d(2024, 1, 1)
JOIN = (
    "ИЗ Справочник.Товары КАК Т ЛЕВОЕ СОЕДИНЕНИЕ РегистрСведений.Цены КАК Ц ПО Ц.Товар = Т.Ссылка "
    "И Ц.Период = &Д "
)


@pytest.fixture
def data() -> Data:
    data = Data()
    table = data.item("Товары", "Стол", Цена=dec("100.50"))
    data.item("Товары", "Стул", Цена=20)
    data.records("РегистрСведений", "Цены", None, [{"Период": DAY, "Товар": table, "Цена": 99}])
    return data


def nullable(data: Data, text: str, **params: Any) -> dict[str, bool]:
    return {c.name: c.nullable for c in data.query(text, **params).columns}


def test_outer_join_sides(data: Data) -> None:
    left = nullable(data, "ВЫБРАТЬ Т.Наименование КАК Имя, Ц.Цена КАК Цена " + JOIN, Д=DAY)
    assert left == {"Имя": False, "Цена": True}
    right = nullable(
        data,
        "ВЫБРАТЬ Т.Наименование КАК Имя, Ц.Цена КАК Цена ИЗ РегистрСведений.Цены КАК Ц "
        "ПРАВОЕ СОЕДИНЕНИЕ Справочник.Товары КАК Т ПО Ц.Товар = Т.Ссылка",
    )
    assert right == {"Имя": False, "Цена": True}
    full = nullable(
        data,
        "ВЫБРАТЬ Т.Наименование КАК Имя, Ц.Цена КАК Цена ИЗ Справочник.Товары КАК Т "
        "ПОЛНОЕ СОЕДИНЕНИЕ РегистрСведений.Цены КАК Ц ПО Ц.Товар = Т.Ссылка",
    )
    assert full == {"Имя": True, "Цена": True}
    inner = nullable(
        data,
        "ВЫБРАТЬ Т.Наименование КАК Имя, Ц.Цена КАК Цена ИЗ Справочник.Товары КАК Т "
        "ВНУТРЕННЕЕ СОЕДИНЕНИЕ РегистрСведений.Цены КАК Ц ПО Ц.Товар = Т.Ссылка",
    )
    assert inner == {"Имя": False, "Цена": False}


def test_expressions_pass_null_on_or_stop_it(data: Data) -> None:
    text = (
        "ВЫБРАТЬ Ц.Цена * 2 КАК Двойная, ЕСТЬNULL(Ц.Цена, 0) КАК СНулем, "
        "ВЫБОР КОГДА Т.Цена > 50 ТОГДА 1 КОНЕЦ КАК БезИначе, ВЫБОР КОГДА Т.Цена > 50 ТОГДА 1 ИНАЧЕ 0 КОНЕЦ "
        "КАК СИначе, NULL КАК Пусто, &П КАК Параметр, Период " + JOIN
    )
    assert nullable(data, text, Д=DAY, П=NULL) == {
        "Двойная": True,
        "СНулем": False,
        "БезИначе": True,
        "СИначе": False,
        "Пусто": True,
        "Параметр": True,
        "Период": True,  # an unqualified field of the joined register
    }


def test_aggregates(data: Data) -> None:
    whole = nullable(data, "ВЫБРАТЬ СУММА(Т.Цена) КАК С, КОЛИЧЕСТВО(*) КАК К ИЗ Справочник.Товары КАК Т")
    assert whole == {"С": True, "К": False}  # one row over no rows: СУММА is NULL there
    grouped = nullable(
        data,
        "ВЫБРАТЬ Т.Наименование КАК Имя, СУММА(Т.Цена) КАК С, МАКСИМУМ(Ц.Цена) КАК М "
        + JOIN
        + "СГРУППИРОВАТЬ ПО Т.Наименование",
        Д=DAY,
    )
    assert grouped == {"Имя": False, "С": False, "М": True}


def test_references_sections_nested_queries_and_temporary_tables(data: Data) -> None:
    # Т.Вид.Порядок: an empty Вид gives NULL; Д.Товары.Товар: a document without lines gives NULL;
    # a nested query in ИЗ and a temporary table keep what their own joins could give
    refs = nullable(
        data, "ВЫБРАТЬ Т.Наименование КАК Имя, Т.Вид.Порядок КАК Порядок ИЗ Справочник.Товары КАК Т"
    )
    assert refs == {"Имя": False, "Порядок": True}
    sections = nullable(data, "ВЫБРАТЬ Д.Номер КАК Номер, Д.Товары.Товар КАК Товар ИЗ Документ.Приход КАК Д")
    assert sections == {"Номер": False, "Товар": True}
    inner = "ВЫБРАТЬ Т.Наименование КАК Имя, Ц.Цена КАК Цена " + JOIN
    nested = nullable(data, f"ВЫБРАТЬ Вл.Имя, Вл.Цена ИЗ ({inner}) КАК Вл", Д=DAY)
    assert nested == {"Имя": False, "Цена": True}
    placed = data.batch(
        inner.replace(" ИЗ ", " ПОМЕСТИТЬ ВТ ИЗ ", 1) + "; ВЫБРАТЬ ВТ.Имя, ВТ.Цена ИЗ ВТ", Д=DAY
    )
    assert {c.name: c.nullable for c in placed[-1].columns} == {"Имя": False, "Цена": True}


def test_union_and_star(data: Data) -> None:
    union = nullable(data, "ВЫБРАТЬ Т.Цена КАК Цена ИЗ Справочник.Товары КАК Т ОБЪЕДИНИТЬ ВСЕ ВЫБРАТЬ NULL")
    assert union == {"Цена": True}
    star = data.query("ВЫБРАТЬ Т.Наименование КАК Имя, Ц.* " + JOIN, Д=DAY)
    assert [c.nullable for c in star.columns] == [False] + [True] * (len(star.columns) - 1)


def test_null_cells_of_an_outer_join(data: Data) -> None:
    rows = data.rows("ВЫБРАТЬ Т.Наименование КАК Имя, Ц.Цена КАК Цена " + JOIN + "УПОРЯДОЧИТЬ ПО Имя", Д=DAY)
    assert rows == [("Стол", 99), ("Стул", NULL)]


# --- from BSL --------------------------------------------------------------------------------------

SPEC: dict[str, Any] = {
    "catalogs": {
        "Товары": {
            "attributes": {
                "Цена": {"type": "Число", "length": 15, "precision": 2},
                "Артикул": {"type": "Строка", "length": 10},
            }
        }
    }
}
FIXTURES: dict[str, Any] = {
    "catalogs": {
        "Товары": [
            {"ref": "стол", "Наименование": "Стол", "Цена": 100.5, "Артикул": "12"},
            {"ref": "стул", "Наименование": "Стул", "Цена": 20, "Артикул": "30"},
        ]
    }
}
SELF_JOIN = """Запрос = Новый Запрос("ВЫБРАТЬ Т.Наименование КАК Имя, Т.Цена КАК Цена, Т.Артикул КАК Артикул,
|Д.Цена КАК Дорогая, Д.Наименование КАК ИмяДорогой
|ИЗ Справочник.Товары КАК Т ЛЕВОЕ СОЕДИНЕНИЕ Справочник.Товары КАК Д ПО Д.Ссылка = Т.Ссылка И Д.Цена > 50
|%s
|УПОРЯДОЧИТЬ ПО Имя");
"""

Run = Callable[..., Any]


def bsl(run_bsl: Run, source: str) -> list[str]:
    return list(run_bsl(SPEC, source, fixtures=FIXTURES, module="КодКандидата").output)


def test_bsl_column_types_of_the_result_and_of_the_table(run_bsl: Run) -> None:
    output = bsl(
        run_bsl,
        SELF_JOIN % ""
        + """Результат = Запрос.Выполнить();
ТЗ = Результат.Выгрузить();
Сообщить(ТЗ.Колонки.Цена.ТипЗначения.СодержитТип(Тип("Число")));
Сообщить(ТЗ.Колонки.Цена.ТипЗначения.СодержитТип(Тип("Null")));
Сообщить(ТЗ.Колонки.Дорогая.ТипЗначения.СодержитТип(Тип("Число")));
Сообщить(ТЗ.Колонки.Дорогая.ТипЗначения.СодержитТип(Тип("Null")));
Сообщить(Результат.Колонки.Дорогая.ТипЗначения.СодержитТип(Тип("Null")));
Сообщить(Результат.Колонки[0].ТипЗначения.СодержитТип(Тип("Строка")));
Сообщить(Результат.Колонки[0].ТипЗначения.Типы().Количество());
Сообщить(ТЗ[1].Имя + " " + (ТЗ[1].Дорогая = NULL));""",
    )
    assert output == ["Да", "Нет", "Да", "Да", "Да", "Да", "1", "Стул Да"]


def test_bsl_totals_of_typed_columns(run_bsl: Run) -> None:
    output = bsl(
        run_bsl,
        SELF_JOIN % ""
        + """ТЗ = Запрос.Выполнить().Выгрузить();
Сообщить(ТЗ.Итог("Дорогая"));
Сообщить(ТЗ.Итог("Цена"));
Сообщить(ТЗ.Итог("Артикул"));
Сообщить(ТЗ.Итог("ИмяДорогой") = Неопределено);""",
    )
    # Дорогая: Число + Null, the NULL of Стул skipped; Артикул: Строка, skipped as OneScript does;
    # ИмяДорогой: Строка + Null, no Число among them
    assert output == ["100,5", "120,5", "", "Да"]


def test_bsl_total_of_an_empty_result_is_a_number(run_bsl: Run) -> None:
    output = bsl(
        run_bsl,
        SELF_JOIN % "ГДЕ Т.Цена > 1000"
        + """ТЗ = Запрос.Выполнить().Выгрузить();
Сообщить(ТЗ.Количество());
Для Каждого Имя Из СтрРазделить("Цена,Дорогая,Артикул", ",") Цикл
    Итог = ТЗ.Итог(Имя);
    Сообщить(Имя + " " + Итог + " " + (ТипЗнч(Итог) = Тип("Число")));
КонецЦикла;
Сообщить(ТЗ.Итог("ИмяДорогой") = Неопределено);
Ручная = Новый ТаблицаЗначений;
Ручная.Колонки.Добавить("А");
Ручная.Добавить().А = "12";
Сообщить(Ручная.Итог("А") = Неопределено);""",
    )
    # an untyped column sums only numbers and, having none, gives Неопределено (as OneScript)
    assert output == ["0", "Цена 0 Да", "Дорогая 0 Да", "Артикул  Нет", "Да", "Да"]


def test_bsl_null_column_and_tree_columns(run_bsl: Run) -> None:
    output = bsl(
        run_bsl,
        """Запрос = Новый Запрос("ВЫБРАТЬ NULL КАК Пусто, Т.Наименование КАК Имя, Т.Цена КАК Цена
|ИЗ Справочник.Товары КАК Т ИТОГИ СУММА(Цена) ПО Имя");
Результат = Запрос.Выполнить();
Типы = Результат.Колонки.Пусто.ТипЗначения.Типы();
Сообщить("" + Типы.Количество() + " " + (Типы[0] = Тип("Null")));
Дерево = Результат.Выгрузить(ОбходРезультатаЗапроса.ПоГруппировкам);
Сообщить(Дерево.Колонки.Цена.ТипЗначения.СодержитТип(Тип("Число")));
Сообщить(Дерево.Строки[0].Пусто = NULL);
Сообщить(Дерево.Строки.Итог("Цена", Ложь));""",
    )
    assert output == ["1 Да", "Да", "Да", "120,5"]
