"""ТаблицаЗначений (ValueTable), its rows and its Индексы.

Behaviour the syntax assistant leaves open follows OneScript, PRISM's category-A runner:
Свернуть keeps the surviving columns in their original order and the groups in order of first
appearance, and sums only numbers (anything else counts as 0); ЗагрузитьКолонку fills as many rows
as both the array and the table have. Сортировать is stable. Индексы are kept as OneScript
keeps them (a deleted column drops out of them, the table's Очистить drops them all) but do not
change how НайтиСтроки scans: the rows found are the same, and PRISM's cost model scans whatever
indexes exist.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from prism_desktop.bsl.stdlib.collections.arguments import (
    bad_value,
    checked_index,
    split_names,
    to_str,
    type_mismatch,
)
from prism_desktop.bsl.stdlib.collections.array import ArrayReading, BslArray
from prism_desktop.bsl.stdlib.collections.columns import BslColumn, ColumnCollection, DataRow
from prism_desktop.bsl.stdlib.collections.row_list import RowList
from prism_desktop.bsl.stdlib.collections.structure import StructureReading
from prism_desktop.bsl.stdlib.collections.tabular import (
    column_list,
    filter_pairs,
    find_rows,
    find_value,
    parse_sort_rules,
    sort_rows,
    total,
)
from prism_desktop.bsl.stdlib.collections.type_description import BslTypeDescription
from prism_desktop.bsl.values.base import (
    BslObject,
    BslRuntimeError,
    hash_key,
    is_number,
    method,
    normalize_number,
    prop,
)


class BslValueTableRow(DataRow):
    TYPE_RU = "СтрокаТаблицыЗначений"
    TYPE_EN = "ValueTableRow"
    __slots__ = ("table",)

    def __init__(self, table: BslValueTable) -> None:
        # DataRow.__init__ inlined: one row per ТЗ.Добавить(), a hot path
        self.columns = table.columns
        self.cells = {}
        self.table = table

    @method("Владелец", "Owner")
    def owner(self) -> BslValueTable:
        return self.table


class BslCollectionIndex(BslObject):
    """ИндексКоллекции: one entry of ТаблицаЗначений.Индексы. As in OneScript it reads as the list
    of its column names: `Индекс[0]` is the first name, `Для Каждого Имя Из Индекс` walks them, and
    it shows as "К1, К2". A column named twice stays twice; a deleted column leaves it."""

    TYPE_RU = "ИндексКоллекции"
    TYPE_EN = "CollectionIndex"
    __slots__ = ("columns",)

    def __init__(self, columns: list[BslColumn]) -> None:
        self.columns = columns

    def names(self) -> list[str]:
        return [c.name for c in self.columns]

    @method("Количество", "Count")
    def count(self) -> int:
        return len(self.columns)

    def bsl_index_get(self, key: Any) -> Any:
        return self.columns[checked_index(key, len(self.columns))].name

    def bsl_iter(self) -> Iterator[Any]:
        return iter(self.names())

    def bsl_presentation(self) -> str:
        return ", ".join(self.names())


class BslCollectionIndexes(BslObject):
    """ИндексыКоллекции: ТаблицаЗначений.Индексы."""

    TYPE_RU = "ИндексыКоллекции"
    TYPE_EN = "CollectionIndexes"
    __slots__ = ("items", "table")

    def __init__(self, table: BslValueTable) -> None:
        self.table = table
        self.items: list[BslCollectionIndex] = []

    def column_removed(self, column: BslColumn) -> None:
        """A deleted column leaves every index (the index itself stays, possibly with no columns)."""
        for index in self.items:
            index.columns = [c for c in index.columns if c is not column]

    @method("Добавить", "Add")
    def add(self, columns: Any) -> BslCollectionIndex:
        names = split_names(to_str(columns, 1))
        if not names:
            raise bad_value(1)
        index = BslCollectionIndex([self.table.columns.by_name_or_error(name) for name in names])
        self.items.append(index)
        return index

    @method("Количество", "Count")
    def count(self) -> int:
        return len(self.items)

    @method("Удалить", "Delete")
    def delete(self, index: Any) -> None:
        if isinstance(index, BslCollectionIndex):
            if index not in self.items:
                raise bad_value(1)
            self.items.remove(index)
            return
        del self.items[checked_index(index, len(self.items))]

    @method("Очистить", "Clear")
    def clear(self) -> None:
        self.items.clear()

    def bsl_index_get(self, key: Any) -> Any:
        return self.items[checked_index(key, len(self.items))]

    def bsl_iter(self) -> Iterator[Any]:
        return iter(list(self.items))


class BslValueTable(RowList[BslValueTableRow]):
    TYPE_RU = "ТаблицаЗначений"
    TYPE_EN = "ValueTable"
    ROW_TYPE = BslValueTableRow
    FOREIGN_ROW = "Строка не принадлежит таблице значений"
    __slots__ = ("columns", "indexes", "rows")

    def __init__(self) -> None:
        self.columns = ColumnCollection(self)
        self.rows: list[BslValueTableRow] = []
        self.indexes = BslCollectionIndexes(self)

    # --- Python API ----------------------------------------------------------------------
    @classmethod
    def construct(cls, args: list[Any]) -> BslValueTable:
        if args:
            raise BslRuntimeError("Слишком много фактических параметров")
        return cls()

    @classmethod
    def from_rows(
        cls,
        columns: Sequence[str],
        rows: Iterable[Sequence[Any]] = (),
        value_types: Sequence[BslTypeDescription] | None = None,
    ) -> BslValueTable:
        """A table with `columns` (untyped, or of `value_types`) and one row per sequence of cell
        values, stored as given: the caller's values are of the columns' types (a query's Выгрузить)."""
        table = cls()
        types = value_types if value_types is not None else [None] * len(columns)
        created = [
            table.columns.create(len(table.columns.items), name, value_type)
            for name, value_type in zip(columns, types, strict=True)
        ]
        for values in rows:
            row = table.new_row(len(table.rows))
            for column, value in zip(created, values, strict=True):
                row.cells[column] = value
        return table

    def all_rows(self) -> Iterable[DataRow]:
        return self.rows

    def make_row(self) -> BslValueTableRow:
        return BslValueTableRow(self)

    def row_columns(self) -> ColumnCollection:
        return self.columns

    def column_values(self, name: str) -> list[Any]:
        column = self.columns.by_name_or_error(name)
        return [row.value(column) for row in self.rows]

    # --- BSL API -------------------------------------------------------------------------
    @prop("Колонки", "Columns")
    def prop_columns(self) -> ColumnCollection:
        return self.columns

    @prop("Индексы", "Indexes")
    def prop_indexes(self) -> BslCollectionIndexes:
        return self.indexes

    @method("Очистить", "Clear")
    def clear(self) -> None:
        self.rows.clear()
        self.indexes.clear()  # as OneScript's ТаблицаЗначений.Очистить does

    @method("Найти", "Find")
    def find(self, value: Any = None, columns: Any = None) -> BslValueTableRow | None:
        found = find_value(self.rows, value, column_list(self.columns, columns, 2))
        return found if isinstance(found, BslValueTableRow) else None

    @method("НайтиСтроки", "FindRows")
    def find_rows(self, filter_value: Any) -> BslArray:
        return BslArray(find_rows(self.rows, filter_pairs(self.columns, filter_value)))

    @method("Сортировать", "Sort")
    def sort(self, columns: Any, comparer: Any = None) -> None:
        sort_rows(self.rows, parse_sort_rules(self.columns, columns))

    @method("Итог", "Total")
    def total(self, column: Any) -> Any:
        return total(self.rows, self.columns.resolve(column))

    @method("ЗаполнитьЗначения", "FillValues")
    def fill_values(self, value: Any, columns: Any = None) -> None:
        chosen = column_list(self.columns, columns, 2)
        for row in self.rows:
            for column in chosen:
                row.put(column, value)

    @method("СкопироватьКолонки", "CopyColumns")
    def copy_columns(self, columns: Any = None) -> BslValueTable:
        result = BslValueTable()
        self.columns.copy_into(result.columns, column_list(self.columns, columns, 1))
        return result

    @method("Скопировать", "Copy")
    def copy(self, rows: Any = None, columns: Any = None) -> BslValueTable:
        chosen = column_list(self.columns, columns, 2)
        if rows is None:
            source: list[BslValueTableRow] = self.rows
        elif isinstance(rows, StructureReading):
            matched = find_rows(self.rows, filter_pairs(self.columns, rows))
            source = [r for r in matched if isinstance(r, BslValueTableRow)]
        elif isinstance(rows, ArrayReading):
            source = []
            for item in rows.items:
                if not isinstance(item, BslValueTableRow) or item.table is not self:
                    raise bad_value(1)
                source.append(item)
        else:
            raise type_mismatch(1)
        result = BslValueTable()
        mapping = self.columns.copy_into(result.columns, chosen)
        for row in source:
            copy = result.new_row(len(result.rows))
            for old, new in mapping.items():
                if old in row.cells:
                    copy.cells[new] = row.cells[old]
        return result

    @method("Свернуть", "GroupBy")
    def group_by(self, group_columns: Any, sum_columns: Any = None) -> None:
        groups = column_list(self.columns, to_str(group_columns, 1), 1)
        sums = column_list(self.columns, sum_columns, 2, omitted_means_all=False)
        for column in groups:
            if column in sums:
                raise BslRuntimeError(
                    f"Колонка ({column.name}) не может одновременно быть колонкой группировки и суммирования"
                )
        grouped: dict[Any, BslValueTableRow] = {}
        single = groups[0] if len(groups) == 1 else None  # one grouping column: its value is the key
        for row in self.rows:
            cells = row.cells
            if single is not None:
                key: Any = hash_key(cells.get(single, single.empty))
            else:
                key = tuple([hash_key(cells.get(c, c.empty)) for c in groups])
            target = grouped.get(key)
            if target is None:
                target = BslValueTableRow(self)
                for column in groups:
                    target.cells[column] = cells.get(column, column.empty)
                for column in sums:
                    target.cells[column] = 0
                grouped[key] = target
            totals = target.cells
            for column in sums:
                value = cells.get(column, column.empty)
                if type(value) is int or is_number(value):
                    totals[column] = totals[column] + value
        for target in grouped.values():
            for column in sums:
                target.cells[column] = column.adjust(normalize_number(target.cells[column]))
        self.rows = list(grouped.values())
        for column in list(self.columns.items):
            if column not in groups and column not in sums:
                self.columns.remove(column)
