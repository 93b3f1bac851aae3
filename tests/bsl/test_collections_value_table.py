"""ТаблицаЗначений: columns, rows, search, sort, Свернуть, copies, typed columns."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from prism_desktop.bsl.stdlib.collections import (
    CONSTRUCTORS,
    BslArray,
    BslColumn,
    BslStructure,
    BslTypeDescription,
    BslValueTable,
    BslValueTableRow,
)
from prism_desktop.bsl.values.base import NULL, BslRuntimeError, BslType


def call(obj: object, name: str, *args: object) -> object:
    return obj.bsl_call(name, list(args))  # type: ignore[attr-defined]


def goods() -> BslValueTable:
    return BslValueTable.from_rows(
        ["Товар", "Склад", "Количество"],
        [("Мыло", "Основной", 5), ("Хлеб", "Дальний", 2), ("Мыло", "Дальний", 3), ("Соль", "Основной", 1)],
    )


# --- columns -------------------------------------------------------------------------------


def test_columns_add_find_count_index_and_props() -> None:
    t = CONSTRUCTORS["таблицазначений"]([])
    columns = t.bsl_get("Колонки")
    c1 = call(columns, "Добавить", "Имя")
    c2 = call(columns, "Add", "Сумма", BslTypeDescription.of("Число"), "Сумма, руб.", 10)
    assert isinstance(c1, BslColumn)
    assert call(columns, "Количество") == 2
    assert call(columns, "Найти", "СУММА") is c2
    assert call(columns, "Найти", "Нет") is None
    assert columns.bsl_index_get(0) is c1
    assert columns.bsl_get("имя") is c1  # Колонки.Имя is the column
    assert call(columns, "Индекс", c2) == 1
    assert c2.bsl_get("Имя") == "Сумма"
    assert c2.bsl_get("Заголовок") == "Сумма, руб."
    assert c2.bsl_get("Ширина") == 10
    assert call(c2.bsl_get("ТипЗначения"), "Типы").items == [BslType("Число")]
    assert [c.name for c in columns.bsl_iter()] == ["Имя", "Сумма"]
    assert c1.bsl_presentation() == "КолонкаТаблицыЗначений"


def test_columns_reject_bad_and_duplicate_names() -> None:
    columns = BslValueTable().columns
    call(columns, "Добавить", "А")
    with pytest.raises(BslRuntimeError, match="Колонка с таким именем уже существует"):
        call(columns, "Добавить", "а")
    with pytest.raises(BslRuntimeError, match="Неверное имя колонки"):
        call(columns, "Добавить", "Два слова")
    with pytest.raises(BslRuntimeError, match="Несоответствие типов"):
        call(columns, "Добавить", "Б", "Число")  # the type must be an ОписаниеТипов


def test_columns_insert_delete_rename_move() -> None:
    t = goods()
    columns = t.columns
    call(columns, "Вставить", 0, "Номер")
    assert columns.names() == ["Номер", "Товар", "Склад", "Количество"]
    call(columns, "Удалить", "Склад")
    call(columns, "Удалить", 0)
    assert columns.names() == ["Товар", "Количество"]
    with pytest.raises(BslRuntimeError, match="Поле объекта не обнаружено"):
        t.rows[0].bsl_get("Склад")
    column = call(columns, "Найти", "Товар")
    column.bsl_set("Имя", "Номенклатура")
    assert t.rows[0].bsl_get("Номенклатура") == "Мыло"
    with pytest.raises(BslRuntimeError, match="Поле объекта не обнаружено"):
        t.rows[0].bsl_get("Товар")
    call(columns, "Сдвинуть", column, 1)
    assert columns.names() == ["Количество", "Номенклатура"]
    assert t.rows[0].bsl_index_get(0) == 5  # [i] follows the new column order
    with pytest.raises(BslRuntimeError, match="Индекс находится за границами диапазона"):
        call(columns, "Вставить", 5, "Х")


def test_column_added_later_reads_its_empty_value() -> None:
    t = goods()
    call(t.columns, "Добавить", "Цена", BslTypeDescription.of("Число"))
    call(t.columns, "Добавить", "Прочее")
    assert t.column_values("Цена") == [0, 0, 0, 0]
    assert t.column_values("Прочее") == [None] * 4


def test_columns_clear_drops_cells() -> None:
    t = goods()
    call(t.columns, "Очистить")
    assert call(t.columns, "Количество") == 0
    assert all(row.cells == {} for row in t.rows)


# --- rows ----------------------------------------------------------------------------------


def test_add_insert_count_get_index_delete() -> None:
    t = goods()
    row = call(t, "Добавить")
    assert isinstance(row, BslValueTableRow)
    assert call(t, "Количество") == 5
    first = call(t, "Вставить", 0)
    assert call(t, "Индекс", first) == 0
    assert call(t, "Получить", 0) is first
    assert t.bsl_index_get(5) is row
    call(t, "Удалить", first)
    call(t, "Удалить", 0)
    assert t.column_values("Товар") == ["Хлеб", "Мыло", "Соль", None]
    assert call(t, "Индекс", first) == -1
    with pytest.raises(BslRuntimeError, match="не принадлежит"):
        call(t, "Удалить", first)
    with pytest.raises(BslRuntimeError, match="Индекс находится за границами диапазона"):
        call(t, "Удалить", 10)
    with pytest.raises(BslRuntimeError, match="Индекс находится за границами диапазона"):
        call(t, "Вставить", 10)
    with pytest.raises(BslRuntimeError, match="Индекс находится за границами диапазона"):
        t.bsl_index_get(4)
    with pytest.raises(BslRuntimeError, match="только для чтения"):
        t.bsl_index_set(0, row)


def test_empty_table() -> None:
    t = BslValueTable.from_rows(["А"])
    assert call(t, "Количество") == 0
    assert call(t, "Найти", 1) is None
    assert call(t, "НайтиСтроки", BslStructure.from_pairs([("А", 1)])).items == []
    assert call(t, "Итог", "А") is None
    assert call(t, "ВыгрузитьКолонку", "А").items == []
    call(t, "Сортировать", "А Убыв")
    call(t, "Свернуть", "А")
    assert list(t.bsl_iter()) == []
    with pytest.raises(BslRuntimeError, match="Индекс находится за границами диапазона"):
        call(t, "Получить", 0)


def test_row_access_by_name_index_and_owner() -> None:
    t = goods()
    row = t.rows[0]
    assert row.bsl_get("товар") == "Мыло"
    assert row.bsl_index_get("Склад") == "Основной"
    assert row.bsl_index_get(2) == 5
    row.bsl_set("Количество", 7)
    row.bsl_index_set(1, "Новый")
    row.bsl_index_set("Товар", "Сода")
    assert [row.get(n) for n in ("Товар", "Склад", "Количество")] == ["Сода", "Новый", 7]
    assert call(row, "Владелец") is t
    with pytest.raises(BslRuntimeError, match="Индекс находится за границами диапазона"):
        row.bsl_index_get(3)
    with pytest.raises(BslRuntimeError, match=r"Поле объекта не обнаружено \(Цена\)"):
        row.bsl_set("Цена", 1)
    assert row.bsl_presentation() == "СтрокаТаблицыЗначений"
    assert t.bsl_presentation() == "ТаблицаЗначений"


def test_for_each_over_rows() -> None:
    t = goods()
    assert [r.get("Товар") for r in t.bsl_iter()] == ["Мыло", "Хлеб", "Мыло", "Соль"]


def test_typed_columns_adjust_values() -> None:
    t = BslValueTable()
    call(t.columns, "Добавить", "Число", BslTypeDescription.of("Число"))
    call(t.columns, "Добавить", "Строка", BslTypeDescription.of("Строка"))
    call(t.columns, "Добавить", "Любое")
    row = call(t, "Добавить")
    assert (row.get("Число"), row.get("Строка"), row.get("Любое")) == (0, "", None)
    row.bsl_set("Число", "")
    assert row.get("Число") == 0  # "" is not a number: the column's empty value
    row.bsl_set("Число", "12.5")
    assert row.get("Число") == Decimal("12.5")
    row.bsl_set("Строка", 5)
    assert row.get("Строка") == "5"
    row.bsl_set("Любое", "x")
    assert row.get("Любое") == "x"


# --- search --------------------------------------------------------------------------------


def test_find_in_all_or_listed_columns() -> None:
    t = goods()
    assert call(t, "Найти", "Дальний") is t.rows[1]
    assert call(t, "Найти", "Дальний", "Товар") is None
    assert call(t, "Найти", 3, "Товар, Количество") is t.rows[2]
    assert call(t, "Найти", "мыло") is None  # case-sensitive
    assert call(t, "Найти", "Мыло", "") is None  # an empty list names no column
    with pytest.raises(BslRuntimeError, match=r"Колонка не найдена \(Цена\)"):
        call(t, "Найти", 1, "Цена")


def test_find_rows_with_several_keys() -> None:
    t = goods()
    found = call(t, "НайтиСтроки", BslStructure.from_pairs([("Товар", "Мыло"), ("Склад", "Дальний")]))
    assert isinstance(found, BslArray) and found.items == [t.rows[2]]
    found = call(t, "FindRows", BslStructure.from_pairs([("Товар", "Мыло")]))
    assert found.items == [t.rows[0], t.rows[2]]
    assert call(t, "НайтиСтроки", BslStructure()).items == t.rows
    with pytest.raises(BslRuntimeError, match="Колонка не найдена"):
        call(t, "НайтиСтроки", BslStructure.from_pairs([("Цена", 1)]))
    with pytest.raises(BslRuntimeError, match="Несоответствие типов"):
        call(t, "НайтиСтроки", "Товар")


def test_find_rows_numbers_by_value() -> None:
    t = BslValueTable.from_rows(["Н"], [(1,), (Decimal("1.0"),), (True,)])
    assert len(call(t, "НайтиСтроки", BslStructure.from_pairs([("Н", 1)])).items) == 2


# --- sort ----------------------------------------------------------------------------------


def test_sort_by_several_columns_and_directions() -> None:
    t = goods()
    call(t, "Сортировать", "Склад, Количество Убыв")
    assert t.column_values("Количество") == [3, 2, 5, 1]
    call(t, "Sort", "Товар Desc, Склад asc")
    assert [(r.get("Товар"), r.get("Склад")) for r in t.rows] == [
        ("Хлеб", "Дальний"),
        ("Соль", "Основной"),
        ("Мыло", "Дальний"),
        ("Мыло", "Основной"),
    ]


def test_sort_is_stable_for_equal_keys() -> None:
    t = BslValueTable.from_rows(["К", "Н"], [(1, "a"), (0, "b"), (1, "c"), (0, "d"), (1, "e")])
    call(t, "Сортировать", "К")
    assert t.column_values("Н") == ["b", "d", "a", "c", "e"]
    call(t, "Сортировать", "К Убыв")
    assert t.column_values("Н") == ["a", "c", "e", "b", "d"]


def test_sort_mixed_types_in_one_column() -> None:
    date = dt.datetime(2024, 1, 1)
    values = ["б", 2, None, date, True, NULL, "А", 1, False]
    t = BslValueTable.from_rows(["В"], [(v,) for v in values])
    call(t, "Сортировать", "В")
    assert t.column_values("В") == [None, NULL, False, True, 1, 2, "А", "б", date]


def test_sort_strings_case_insensitively_first() -> None:
    t = BslValueTable.from_rows(["С"], [("б",), ("Б",), ("а",), ("В",)])
    call(t, "Сортировать", "С")
    assert t.column_values("С") == ["а", "б", "Б", "В"]


def test_sort_errors() -> None:
    t = goods()
    with pytest.raises(BslRuntimeError, match="Колонка не найдена"):
        call(t, "Сортировать", "Цена")
    with pytest.raises(BslRuntimeError, match="Недопустимое значение параметра"):
        call(t, "Сортировать", "Товар Вверх")
    with pytest.raises(BslRuntimeError, match="Недопустимое значение параметра"):
        call(t, "Сортировать", "")


# --- Свернуть and Итог ----------------------------------------------------------------------


def test_group_by_sums_and_drops_other_columns() -> None:
    t = goods()
    call(t, "Свернуть", "Товар", "Количество")
    assert t.columns.names() == ["Товар", "Количество"]
    assert [(r.get("Товар"), r.get("Количество")) for r in t.rows] == [("Мыло", 8), ("Хлеб", 2), ("Соль", 1)]


def test_group_by_without_sum_columns_is_distinct() -> None:
    t = goods()
    call(t, "Свернуть", "Склад")
    assert t.columns.names() == ["Склад"]
    assert t.column_values("Склад") == ["Основной", "Дальний"]


def test_group_by_with_no_group_columns_gives_one_total_row() -> None:
    t = goods()
    call(t, "GroupBy", "", "Количество")
    assert t.column_values("Количество") == [11]


def test_group_by_keeps_original_column_order() -> None:
    t = goods()
    call(t, "Свернуть", "Склад, Товар", "Количество")
    assert t.columns.names() == ["Товар", "Склад", "Количество"]
    assert len(t.rows) == 4


def test_group_by_counts_non_numbers_as_zero() -> None:
    t = BslValueTable.from_rows(["К", "С"], [("а", "текст"), ("а", 2), ("б", None), ("б", Decimal("0.5"))])
    call(t, "Свернуть", "К", "С")
    assert t.column_values("С") == [2, Decimal("0.5")]


def test_group_by_rejects_a_column_in_both_lists() -> None:
    with pytest.raises(BslRuntimeError, match="не может одновременно"):
        call(goods(), "Свернуть", "Товар", "Товар")
    with pytest.raises(BslRuntimeError, match="Колонка не найдена"):
        call(goods(), "Свернуть", "Цена")


def test_total() -> None:
    t = goods()
    assert call(t, "Итог", "Количество") == 11
    assert call(t, "Total", 2) == 11
    assert call(t, "Итог", "Товар") is None  # no number in the column
    mixed = BslValueTable.from_rows(["Ч"], [(Decimal("1.5"),), ("x",), (Decimal("1.5"),)])
    assert call(mixed, "Итог", "Ч") == 3
    typed = BslValueTable()
    call(typed.columns, "Добавить", "Ч", BslTypeDescription.of("Число"))
    assert call(typed, "Итог", "Ч") == 0


# --- columns as arrays, fill, move ---------------------------------------------------------


def test_unload_and_load_column() -> None:
    t = goods()
    assert call(t, "ВыгрузитьКолонку", "Количество").items == [5, 2, 3, 1]
    column = call(t.columns, "Найти", "Склад")
    assert call(t, "UnloadColumn", column).items == ["Основной", "Дальний", "Дальний", "Основной"]
    call(t, "ЗагрузитьКолонку", BslArray.from_values([10, 20]), "Количество")
    assert t.column_values("Количество") == [10, 20, 3, 1]  # only as many rows as values
    call(t, "ЗагрузитьКолонку", BslArray.from_values(list(range(9))), 2)
    assert t.column_values("Количество") == [0, 1, 2, 3]
    with pytest.raises(BslRuntimeError, match="Несоответствие типов"):
        call(t, "ЗагрузитьКолонку", "1,2", "Количество")


def test_fill_values() -> None:
    t = goods()
    call(t, "ЗаполнитьЗначения", 0, "Количество")
    assert t.column_values("Количество") == [0] * 4
    call(t, "ЗаполнитьЗначения", "x")
    assert t.column_values("Товар") == ["x"] * 4 and t.column_values("Склад") == ["x"] * 4


def test_move_rows() -> None:
    t = goods()
    call(t, "Сдвинуть", t.rows[0], 2)
    assert t.column_values("Количество") == [2, 3, 5, 1]
    call(t, "Сдвинуть", 3, -3)
    assert t.column_values("Количество") == [1, 2, 3, 5]
    with pytest.raises(BslRuntimeError, match="Неверное значение аргумента номер 2"):  # OneScript's wording
        call(t, "Сдвинуть", 0, -1)


# --- copies and clear ----------------------------------------------------------------------


def test_copy_whole_and_independent() -> None:
    t = goods()
    copy = call(t, "Скопировать")
    assert copy is not t and copy.columns.names() == t.columns.names()
    copy.rows[0].bsl_set("Количество", 100)
    assert t.rows[0].get("Количество") == 5
    assert copy.column_values("Товар") == t.column_values("Товар")


def test_copy_with_filter_and_columns() -> None:
    t = goods()
    copy = call(t, "Скопировать", BslStructure.from_pairs([("Склад", "Дальний")]), "Товар, Количество")
    assert copy.columns.names() == ["Товар", "Количество"]
    assert [(r.get("Товар"), r.get("Количество")) for r in copy.rows] == [("Хлеб", 2), ("Мыло", 3)]


def test_copy_chosen_rows() -> None:
    t = goods()
    copy = call(t, "Copy", BslArray.from_values([t.rows[3], t.rows[0]]))
    assert copy.column_values("Товар") == ["Соль", "Мыло"]
    with pytest.raises(BslRuntimeError, match="Недопустимое значение параметра"):
        call(t, "Скопировать", BslArray.from_values([goods().rows[0]]))


def test_copy_columns_keeps_types_and_no_rows() -> None:
    t = BslValueTable()
    call(t.columns, "Добавить", "Ч", BslTypeDescription.of("Число"), "Заголовок")
    call(t.columns, "Добавить", "С")
    call(t, "Добавить")
    empty = call(t, "СкопироватьКолонки", "Ч")
    assert empty.columns.names() == ["Ч"] and empty.rows == []
    assert empty.columns.items[0].title == "Заголовок"
    assert call(empty, "Добавить").get("Ч") == 0


def test_clear_keeps_columns() -> None:
    t = goods()
    call(t, "Очистить")
    assert call(t, "Количество") == 0 and len(t.columns.items) == 3


def test_indexes_are_recorded() -> None:
    t = goods()
    indexes = t.bsl_get("Индексы")
    index = call(indexes, "Добавить", "Товар, Склад")
    assert call(indexes, "Количество") == 1
    assert index.bsl_presentation() == "Товар, Склад"
    with pytest.raises(BslRuntimeError, match="Колонка не найдена"):
        call(indexes, "Добавить", "Цена")
    call(indexes, "Удалить", index)
    assert call(indexes, "Количество") == 0


def test_from_rows_requires_matching_width() -> None:
    with pytest.raises(ValueError):
        BslValueTable.from_rows(["А", "Б"], [(1,)])
