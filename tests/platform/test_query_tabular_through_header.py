"""Tabular sections reached through their header table: `Д.Товары.Товар` (a field of the section read
as a field of the document) and the nested-table field `Д.Товары.(Товар, Количество КАК Кол)`.

Where the expected behaviour comes from:
- A field of a tabular section named through the header (in the select list, ГДЕ, УПОРЯДОЧИТЬ ПО,
  СГРУППИРОВАТЬ ПО) joins the section's table to the header by a LEFT join: one result row per line,
  a document without lines gives one row with NULL in the section's fields, and every reference to
  the same section in one query shares that one join (1C's query language documentation on fields of
  nested tables; the query designer writes `Док.Товары.Номенклатура` for a section field picked under
  the header table). A condition on a section field in ГДЕ therefore keeps a document once per line
  that satisfies it — the reason РАЗЛИЧНЫЕ goes with such conditions in 1C code.
- The same holds through a reference field (`Р.Регистратор.Товары.Товар`): the query designer lists a
  referenced object's tabular sections under the reference field; the section of the referenced
  object is joined the same way (for a composite reference, only for the types that have it).
- A nested-table field is of type РезультатЗапроса; `*` or no field list takes every field of the
  nested table (1C syntax help, "Вложенные таблицы в списке полей выборки"). From BSL, a selection's
  field is a РезультатЗапроса with Выбрать()/Выгрузить(), and Выгрузить() of the outer result puts a
  ТаблицаЗначений in the nested column (РезультатЗапроса.Выгрузить in the syntax help).
- An unknown section or an unknown field of a section is "Поле не найдено" at the path, as any other
  unknown field.
Every expected row is worked out by hand from the data written in the fixture below.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from query_data import EXPENSE, RECEIPT, SPEC, Data, d, dec

from prism_desktop.bsl.platform_bridge import query_registration  # noqa: F401  (Новый Запрос)
from prism_desktop.platform.query import NULL, QueryError, QueryResult
from prism_desktop.platform.query.errors import Position
from prism_desktop.platform.refs import RefKey

MAIN = RefKey("Справочник", "Склады", 1)  # the predefined Основной


@dataclass
class Docs:
    data: Data
    bolt: RefKey
    nut: RefKey
    full: RefKey  # 2024-01-10: Болт 2.5 for 10, Гайка 3 for 4.25
    empty: RefKey  # 2024-01-11: no lines
    single: RefKey  # 2024-01-12: Болт 1 for 5
    expense: RefKey  # Расход 2024-01-13 (a document kind without tabular sections)

    def rows(self, text: str, **params: Any) -> list[tuple[Any, ...]]:
        return self.data.rows(text, **params)


@pytest.fixture
def docs() -> Docs:
    data = Data()
    bolt = data.item("Товары", "Болт", Цена=5)
    nut = data.item("Товары", "Гайка", Цена=2)
    lines = [
        {"Товар": bolt, "Количество": dec("2.5"), "Сумма": 10},
        {"Товар": nut, "Количество": 3, "Сумма": dec("4.25")},
    ]
    full = data.document("Приход", d(2024, 1, 10), {"Товары": lines}, Склад=MAIN)
    empty = data.document("Приход", d(2024, 1, 11), Склад=MAIN)
    single = data.document(
        "Приход", d(2024, 1, 12), {"Товары": [{"Товар": bolt, "Количество": 1, "Сумма": 5}]}
    )
    expense = data.document("Расход", d(2024, 1, 13))
    movement = {"Товар": bolt, "Склад": MAIN, "Количество": 1}
    data.records(
        "РегистрНакопления",
        "ОстаткиТоваров",
        full,
        [{**movement, "Период": d(2024, 1, 10), "ВидДвижения": RECEIPT}],
    )
    data.records(
        "РегистрНакопления",
        "ОстаткиТоваров",
        expense,
        [{**movement, "Период": d(2024, 1, 13), "ВидДвижения": EXPENSE}],
    )
    return Docs(data, bolt, nut, full, empty, single, expense)


def error_of(docs: Docs, text: str) -> QueryError:
    with pytest.raises(QueryError) as info:
        docs.data.query(text)
    return info.value


# --- fields of a section through the header -------------------------------------------------------


def test_section_fields_give_one_row_per_line_and_null_without_lines(docs: Docs) -> None:
    result = docs.data.query(
        "ВЫБРАТЬ Д.Ссылка, Д.Товары.Товар, Д.Товары.Количество ИЗ Документ.Приход КАК Д "
        "УПОРЯДОЧИТЬ ПО Д.Дата, Д.Товары.НомерСтроки"
    )
    assert [c.name for c in result.columns] == ["Ссылка", "ТоварыТовар", "ТоварыКоличество"]
    # two fields of the same section share one join: 2 + 1 + 1 rows, not 2 × 2 for the first document
    assert result.rows == [
        (docs.full, docs.bolt, dec("2.5")),
        (docs.full, docs.nut, 3),
        (docs.empty, NULL, NULL),
        (docs.single, docs.bolt, 1),
    ]


def test_a_section_named_without_the_alias(docs: Docs) -> None:
    rows = docs.rows("ВЫБРАТЬ Товары.Сумма ИЗ Документ.Приход УПОРЯДОЧИТЬ ПО Дата, Товары.НомерСтроки")
    assert rows == [(10,), (dec("4.25"),), (NULL,), (5,)]


def test_a_condition_on_a_section_field_keeps_a_document_once_per_matching_line(docs: Docs) -> None:
    by_item = docs.rows(
        "ВЫБРАТЬ Д.Ссылка ИЗ Документ.Приход КАК Д ГДЕ Д.Товары.Товар = &Т УПОРЯДОЧИТЬ ПО Д.Дата", Т=docs.bolt
    )
    assert by_item == [(docs.full,), (docs.single,)]
    any_line = (
        "ВЫБРАТЬ {} Д.Ссылка ИЗ Документ.Приход КАК Д ГДЕ Д.Товары.Количество > 0 УПОРЯДОЧИТЬ ПО Д.Дата"
    )
    assert docs.rows(any_line.format("")) == [(docs.full,), (docs.full,), (docs.single,)]
    assert docs.rows(any_line.format("РАЗЛИЧНЫЕ")) == [(docs.full,), (docs.single,)]
    # a document without lines has NULL there, which satisfies neither a condition nor its negation
    assert docs.rows("ВЫБРАТЬ Д.Ссылка ИЗ Документ.Приход КАК Д ГДЕ НЕ Д.Товары.Количество > 0") == []
    assert docs.rows("ВЫБРАТЬ Д.Ссылка ИЗ Документ.Приход КАК Д ГДЕ Д.Товары.Товар ЕСТЬ NULL") == [
        (docs.empty,)
    ]


def test_ordering_by_a_section_field(docs: Docs) -> None:
    rows = docs.rows(
        "ВЫБРАТЬ Д.Дата, Д.Товары.Сумма КАК Сумма ИЗ Документ.Приход КАК Д УПОРЯДОЧИТЬ ПО Д.Товары.Сумма УБЫВ"
    )
    # NULL is the smallest value in 1C's ordering, so it comes last in descending order
    assert rows == [
        (d(2024, 1, 10), 10),
        (d(2024, 1, 12), 5),
        (d(2024, 1, 10), dec("4.25")),
        (d(2024, 1, 11), NULL),
    ]


def test_grouping_by_a_section_field(docs: Docs) -> None:
    rows = docs.rows(
        "ВЫБРАТЬ Д.Товары.Товар КАК Товар, СУММА(Д.Товары.Количество) КАК Количество, "
        "КОЛИЧЕСТВО(Д.Ссылка) КАК Документов ИЗ Документ.Приход КАК Д "
        "СГРУППИРОВАТЬ ПО Д.Товары.Товар УПОРЯДОЧИТЬ ПО Количество"
    )
    # the document without lines forms the NULL group (СУММА of NULL is NULL, the smallest value)
    assert rows == [(NULL, NULL, 1), (docs.nut, 3, 1), (docs.bolt, dec("3.5"), 2)]


def test_aggregates_of_section_fields_alone_are_taken_per_document(docs: Docs) -> None:
    # 1C's query reference (СГРУППИРОВАТЬ ПО): when the aggregates apply to fields of a nested table,
    # the top-level table's fields may be selected without grouping: one row per document
    rows = docs.rows(
        "ВЫБРАТЬ Д.Дата КАК Дата, СУММА(Д.Товары.Сумма) КАК Сумма, КОЛИЧЕСТВО(Д.Товары.Товар) КАК Строк, "
        "МАКСИМУМ(Д.Товары.Товар.Цена) КАК Цена ИЗ Документ.Приход КАК Д УПОРЯДОЧИТЬ ПО Дата"
    )
    assert rows == [
        (d(2024, 1, 10), dec("14.25"), 2, 5),
        (d(2024, 1, 11), NULL, 0, NULL),
        (d(2024, 1, 12), 5, 1, 5),
    ]
    assert docs.rows(
        "ВЫБРАТЬ СУММА(Товары.Количество) КАК К ИЗ Документ.Приход ГДЕ Дата > &Д", Д=d(2024, 1, 11)
    ) == [(1,)]


@pytest.mark.parametrize(
    "aggregates",
    [
        "СУММА(Д.Товары.Сумма), КОЛИЧЕСТВО(Д.Ссылка)",  # an aggregate of a header field
        "СУММА(Д.Товары.Сумма), КОЛИЧЕСТВО(*)",
    ],
)
def test_the_exception_needs_every_aggregate_over_the_nested_table(docs: Docs, aggregates: str) -> None:
    with pytest.raises(QueryError, match="Поле не входит в группу"):
        docs.rows(f"ВЫБРАТЬ Д.Дата, {aggregates} ИЗ Документ.Приход КАК Д")


def test_a_section_field_is_dereferenced_further(docs: Docs) -> None:
    rows = docs.rows(
        "ВЫБРАТЬ Д.Товары.Товар.Наименование КАК Имя, "
        "Д.Товары.Товар.Цена * Д.Товары.Количество КАК Стоимость "
        "ИЗ Документ.Приход КАК Д ГДЕ Д.Товары.Товар.Цена > 1 УПОРЯДОЧИТЬ ПО Д.Дата, Д.Товары.НомерСтроки"
    )
    assert rows == [("Болт", dec("12.5")), ("Гайка", 6), ("Болт", 5)]


def test_a_section_through_a_reference_field(docs: Docs) -> None:
    # Регистратор is a composite reference (Приход or Расход); only Приход has Товары
    rows = docs.rows(
        "ВЫБРАТЬ Р.Регистратор КАК Документ, Р.Регистратор.Товары.Товар КАК Товар "
        "ИЗ РегистрНакопления.ОстаткиТоваров КАК Р УПОРЯДОЧИТЬ ПО Р.Период, Р.Регистратор.Товары.НомерСтроки"
    )
    assert rows == [(docs.full, docs.bolt), (docs.full, docs.nut), (docs.expense, NULL)]


def test_a_section_through_the_owner_of_a_line(docs: Docs) -> None:
    # each line of a document meets every line of the same document: 2 × 2 + 1 × 1
    rows = docs.rows(
        "ВЫБРАТЬ Т.НомерСтроки, Т.Ссылка.Товары.НомерСтроки КАК Другая ИЗ Документ.Приход.Товары КАК Т "
        "УПОРЯДОЧИТЬ ПО Т.Ссылка.Дата, Т.НомерСтроки, Другая"
    )
    assert rows == [(1, 1), (1, 2), (2, 1), (2, 2), (1, 1)]


def test_a_catalog_section_through_its_header() -> None:
    spec = {
        **SPEC,
        "catalogs": {
            **SPEC["catalogs"],
            "Контрагенты": {"tabular_sections": {"Телефоны": {"attributes": {"Номер": "Строка"}}}},
        },
    }
    data = Data(spec)
    meta = data.ib.config.find("Справочник", "Контрагенты")
    assert meta is not None
    obj = data.ib.new_object(meta)
    obj.values["Наименование"] = "Альфа"
    obj.tabular.update({"Телефоны": [{"Номер": "101"}, {"Номер": "102"}]})
    data.ib.write_object(obj)
    data.item("Контрагенты", "Бета")
    rows = data.rows(
        "ВЫБРАТЬ К.Наименование, К.Телефоны.Номер ИЗ Справочник.Контрагенты КАК К "
        "УПОРЯДОЧИТЬ ПО К.Наименование, К.Телефоны.НомерСтроки"
    )
    assert rows == [("Альфа", "101"), ("Альфа", "102"), ("Бета", NULL)]


# --- nested-table fields --------------------------------------------------------------------------


def nested(result: QueryResult, column: str) -> list[tuple[list[str], list[tuple[Any, ...]]]]:
    index = [c.name for c in result.columns].index(column)
    out = []
    for row in result.rows:
        value = row[index]
        assert isinstance(value, QueryResult)
        out.append(([c.name for c in value.columns], value.rows))
    return out


def test_a_nested_table_with_a_field_list(docs: Docs) -> None:
    result = docs.data.query(
        "ВЫБРАТЬ Д.Ссылка, Д.Товары.(Товар, Количество КАК Кол) КАК Строки ИЗ Документ.Приход КАК Д "
        "УПОРЯДОЧИТЬ ПО Д.Дата"
    )
    assert [c.name for c in result.columns] == ["Ссылка", "Строки"]
    assert [row[0] for row in result.rows] == [docs.full, docs.empty, docs.single]  # one row per document
    names = ["Товар", "Кол"]
    assert nested(result, "Строки") == [
        (names, [(docs.bolt, dec("2.5")), (docs.nut, 3)]),
        (names, []),
        (names, [(docs.bolt, 1)]),
    ]


@pytest.mark.parametrize("field", ["Д.Товары.*", "Д.Товары"])
def test_a_nested_table_of_every_field(docs: Docs, field: str) -> None:
    result = docs.data.query(
        f"ВЫБРАТЬ Д.Дата, {field} ИЗ Документ.Приход КАК Д ГДЕ Д.Ссылка = &Д", Д=docs.full
    )
    assert [c.name for c in result.columns] == ["Дата", "Товары"]
    names = ["Ссылка", "НомерСтроки", "Товар", "Количество", "Сумма"]
    assert nested(result, "Товары") == [
        (names, [(docs.full, 1, docs.bolt, dec("2.5"), 10), (docs.full, 2, docs.nut, 3, dec("4.25"))])
    ]


def test_nested_fields_are_expressions_with_dereference(docs: Docs) -> None:
    result = docs.data.query(
        "ВЫБРАТЬ Д.Товары.(Товар.Наименование КАК Имя, Сумма * 2, НомерСтроки) КАК Т "
        "ИЗ Документ.Приход КАК Д ГДЕ Д.Ссылка = &Д",
        Д=docs.full,
    )
    assert nested(result, "Т") == [
        (["Имя", "Поле2", "НомерСтроки"], [("Болт", 20, 1), ("Гайка", dec("8.5"), 2)])
    ]


def test_a_nested_table_through_a_reference_field(docs: Docs) -> None:
    result = docs.data.query(
        "ВЫБРАТЬ Р.Регистратор.Товары.(Товар) ИЗ РегистрНакопления.ОстаткиТоваров КАК Р "
        "УПОРЯДОЧИТЬ ПО Р.Период"
    )
    assert [c.name for c in result.columns] == ["РегистраторТовары"]
    assert nested(result, "РегистраторТовары") == [(["Товар"], [(docs.bolt,), (docs.nut,)]), (["Товар"], [])]


def test_one_query_is_one_logical_access_whatever_it_joins_or_nests(docs: Docs) -> None:
    techlog = docs.data.ib.techlog
    for text in (
        "ВЫБРАТЬ Д.Ссылка, Д.Товары.(Товар, Количество) КАК Т ИЗ Документ.Приход КАК Д",
        "ВЫБРАТЬ Д.Товары.Товар.Наименование ИЗ Документ.Приход КАК Д",
    ):
        techlog.clear()
        docs.data.query(text)
        assert techlog.counts().sdbl == 1
        (event,) = techlog.events
        assert "doc_Приход__Товары" in event.tables


# --- errors -----------------------------------------------------------------------------------------


# 1C points at the part of a dotted path it cannot resolve (PRISM's published logs:
# `Хозрасчетный.<<?>>СчётДт`, `ВзаиморасчетыОстатки.<<?>>Сумма`).
@pytest.mark.parametrize(
    ("text", "message", "position"),
    [
        ("ВЫБРАТЬ Д.Услуги.Товар ИЗ Документ.Приход КАК Д", 'Поле не найдено "Д.Услуги.Товар"', (1, 11)),
        ("ВЫБРАТЬ Д.Товары.Цвет ИЗ Документ.Приход КАК Д", 'Поле не найдено "Д.Товары.Цвет"', (1, 18)),
        (
            "ВЫБРАТЬ Д.Ссылка ИЗ Документ.Приход КАК Д\nГДЕ Д.Товары.Цвет = 1",
            'Поле не найдено "Д.Товары.Цвет"',
            (2, 14),
        ),
        ("ВЫБРАТЬ Д.Товары.(Товар, Цвет) ИЗ Документ.Приход КАК Д", 'Поле не найдено "Цвет"', (1, 26)),
        ("ВЫБРАТЬ Д.Услуги.(Товар) ИЗ Документ.Приход КАК Д", 'Поле не найдено "Д.Услуги"', (1, 11)),
        ("ВЫБРАТЬ Д.Склад.(Код) ИЗ Документ.Приход КАК Д", 'Поле не найдено "Д.Склад"', (1, 9)),
        (
            "ВЫБРАТЬ Р.Регистратор.Услуги.Товар ИЗ РегистрНакопления.ОстаткиТоваров КАК Р",
            'Поле не найдено "Р.Регистратор.Услуги.Товар"',
            (1, 23),
        ),
        (
            "ВЫБРАТЬ Р.Регистратор.Товары.Цвет ИЗ РегистрНакопления.ОстаткиТоваров КАК Р",
            'Поле не найдено "Р.Регистратор.Товары.Цвет"',
            (1, 30),
        ),
    ],
)
def test_unknown_sections_and_section_fields(
    docs: Docs, text: str, message: str, position: tuple[int, int]
) -> None:
    error = error_of(docs, text)
    assert error.message == message
    assert error.position == Position(*position)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # a nested table is not a value: not in ГДЕ, not in an expression
        (
            "ВЫБРАТЬ Д.Ссылка ИЗ Документ.Приход КАК Д ГДЕ Д.Товары = 1",
            'Недопустимое использование вложенной таблицы "Д.Товары"',
        ),
        (
            "ВЫБРАТЬ ЕСТЬNULL(Д.Товары, 0) ИЗ Документ.Приход КАК Д",
            'Недопустимое использование вложенной таблицы "Д.Товары"',
        ),
        (
            "ВЫБРАТЬ Д.Товары КАК Т ИЗ Документ.Приход КАК Д УПОРЯДОЧИТЬ ПО Т",
            'Недопустимое использование вложенной таблицы "Т"',
        ),
        # nested tables exist only in a statement's result
        (
            "ВЫБРАТЬ Д.Товары.(Товар) КАК Т ПОМЕСТИТЬ ВТ ИЗ Документ.Приход КАК Д",
            'Недопустимое использование вложенной таблицы "Д.Товары"',
        ),
        (
            "ВЫБРАТЬ Вл.Т ИЗ (ВЫБРАТЬ Д.Товары КАК Т ИЗ Документ.Приход КАК Д) КАК Вл",
            'Недопустимое использование вложенной таблицы "Д.Товары"',
        ),
        (
            "ВЫБРАТЬ Д.Товары ИЗ Документ.Приход КАК Д "
            "ОБЪЕДИНИТЬ ВСЕ ВЫБРАТЬ Д.Товары ИЗ Документ.Приход КАК Д",
            'Недопустимое использование вложенной таблицы "Д.Товары"',
        ),
        (
            "ВЫБРАТЬ Д.Товары.(Товар, Ссылка.Товары) ИЗ Документ.Приход КАК Д",
            'Недопустимое использование вложенной таблицы "Ссылка.Товары"',
        ),
        # grouped: a nested table is neither a grouping nor an aggregate
        (
            "ВЫБРАТЬ Д.Склад, Д.Товары.(Товар) ИЗ Документ.Приход КАК Д СГРУППИРОВАТЬ ПО Д.Склад",
            'Поле не входит в группу "Д.Товары"',
        ),
        (
            "ВЫБРАТЬ Д.Товары.(СУММА(Сумма)) ИЗ Документ.Приход КАК Д",
            'Агрегатная функция не допускается в поле вложенной таблицы "Д.Товары"',
        ),
    ],
)
def test_nested_tables_where_they_cannot_be(docs: Docs, text: str, message: str) -> None:
    assert error_of(docs, text).message == message


def test_a_nested_field_list_outside_the_select_list_is_a_syntax_error(docs: Docs) -> None:
    text = "ВЫБРАТЬ Д.Ссылка ИЗ Документ.Приход КАК Д ГДЕ Д.Товары.(Товар) = 1"
    error = error_of(docs, text)
    assert error.message.startswith("Синтаксическая ошибка")
    assert error.position == Position(1, text.index(".(") + 1)


# --- from BSL ---------------------------------------------------------------------------------------

BSL_SPEC: dict[str, Any] = {
    "catalogs": {"Товары": {}},
    "documents": {
        "Приход": {
            "tabular_sections": {
                "Товары": {
                    "attributes": {
                        "Товар": "СправочникСсылка.Товары",
                        "Количество": {"type": "Число", "length": 15, "precision": 3},
                    }
                }
            }
        }
    },
}
BSL_DATA = """
Процедура Заполнить() Экспорт
    Болт = Справочники.Товары.СоздатьЭлемент();
    Болт.Наименование = "Болт";
    Болт.Записать();
    Гайка = Справочники.Товары.СоздатьЭлемент();
    Гайка.Наименование = "Гайка";
    Гайка.Записать();
    Док = Документы.Приход.СоздатьДокумент();
    Док.Дата = Дата(2024, 1, 10);
    Строка = Док.Товары.Добавить();
    Строка.Товар = Болт.Ссылка;
    Строка.Количество = 2.5;
    Строка = Док.Товары.Добавить();
    Строка.Товар = Гайка.Ссылка;
    Строка.Количество = 3;
    Док.Записать();
    Пустой = Документы.Приход.СоздатьДокумент();
    Пустой.Дата = Дата(2024, 1, 11);
    Пустой.Записать();
КонецПроцедуры

Функция ТекстЗапроса()
    Возврат "ВЫБРАТЬ Д.Дата КАК Дата, Д.Товары.(Товар.Наименование КАК Товар, Количество) КАК Товары
    |ИЗ Документ.Приход КАК Д УПОРЯДОЧИТЬ ПО Д.Дата";
КонецФункции
"""


def run_module(run_bsl: Callable[..., Any], body: str) -> Any:
    result = run_bsl(BSL_SPEC, BSL_DATA + body, module="КодКандидата", body=False)
    result.call("Заполнить")
    return result


def test_a_selection_field_is_a_query_result(run_bsl: Callable[..., Any]) -> None:
    result = run_module(
        run_bsl,
        """
Процедура Прочитать() Экспорт
    Результат = Новый Запрос(ТекстЗапроса()).Выполнить();
    Сообщить(Результат.Колонки.Товары.ТипЗначения.СодержитТип(Тип("РезультатЗапроса")));
    Выборка = Результат.Выбрать();
    Пока Выборка.Следующий() Цикл
        Вложенный = Выборка.Товары;
        Строки = Вложенный.Выбрать();
        Сообщить(ТипЗнч(Вложенный) = Тип("РезультатЗапроса"));
        Сообщить(Строка(Вложенный.Пустой()) + " " + Строки.Количество());
        Пока Строки.Следующий() Цикл
            Сообщить(Строки.Товар + " " + Строки.Количество);
        КонецЦикла;
    КонецЦикла;
КонецПроцедуры
""",
    )
    techlog = result.infobase.techlog
    techlog.clear()
    result.call("Прочитать")
    assert result.output == ["Да", "Да", "Нет 2", "Болт 2,5", "Гайка 3", "Да", "Да 0"]
    assert techlog.counts("КодКандидата").sdbl == 1  # reading the nested tables costs no query


def test_unloading_puts_a_value_table_in_the_nested_column(run_bsl: Callable[..., Any]) -> None:
    result = run_module(
        run_bsl,
        """
Процедура Выгрузить() Экспорт
    Таблица = Новый Запрос(ТекстЗапроса()).Выполнить().Выгрузить();
    Вложенная = Таблица[0].Товары;
    Сообщить(ТипЗнч(Вложенная) = Тип("ТаблицаЗначений"));
    Сообщить(Вложенная.Колонки[0].Имя + " " + Вложенная.Колонки[1].Имя + " " + Вложенная.Количество());
    Сообщить(Вложенная[1].Товар + " " + Вложенная.Итог("Количество"));
    Сообщить(Таблица[1].Товары.Количество());
КонецПроцедуры
""",
    )
    result.call("Выгрузить")
    assert result.output == ["Да", "Товар Количество 2", "Гайка 5,5", "0"]
