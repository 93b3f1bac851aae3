"""ДеревоЗначений (ValueTree): Колонки, Строки, and rows that carry their own Строки.

With ВключатьПодчиненные = Истина, search, filters and totals visit the rows depth-first, each row
before its children (the order the tree shows them in).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from prism_desktop.bsl.stdlib.collections.arguments import (
    READ_ONLY_INDEX,
    bad_value,
    checked_index,
    out_of_range,
    to_int,
    type_mismatch,
)
from prism_desktop.bsl.stdlib.collections.array import BslArray, _ArrayReading
from prism_desktop.bsl.stdlib.collections.columns import BslColumn, DataRow, TreeColumnCollection
from prism_desktop.bsl.stdlib.collections.tabular import (
    column_list,
    filter_pairs,
    find_rows,
    find_value,
    parse_sort_rules,
    sort_rows,
    total,
)
from prism_desktop.bsl.values.base import BslObject, BslRuntimeError, active_meter, is_number, method, prop


def _include(flag: Any, param_no: int) -> bool:
    if flag is None:
        return False
    if not isinstance(flag, bool):
        raise type_mismatch(param_no)
    return flag


class BslValueTreeRow(DataRow):
    TYPE_RU = "СтрокаДереваЗначений"
    TYPE_EN = "ValueTreeRow"
    __slots__ = ("children", "parent", "tree")

    def __init__(self, tree: BslValueTree, parent: BslValueTreeRow | None) -> None:
        super().__init__(tree.columns)
        self.tree = tree
        self.parent = parent
        self.children = BslValueTreeRowCollection(tree, self)

    @prop("Родитель", "Parent")
    def prop_parent(self) -> BslValueTreeRow | None:
        return self.parent

    @prop("Строки", "Rows")
    def prop_rows(self) -> BslValueTreeRowCollection:
        return self.children

    @method("Уровень", "Level")
    def level(self) -> int:
        depth = 0
        row = self.parent
        while row is not None:
            depth += 1
            row = row.parent
        return depth

    @method("Владелец", "Owner")
    def owner(self) -> BslValueTree:
        return self.tree


class BslValueTreeRowCollection(BslObject):
    """КоллекцияСтрокДереваЗначений: the rows under one parent (None for the top level)."""

    TYPE_RU = "КоллекцияСтрокДереваЗначений"
    TYPE_EN = "ValueTreeRowCollection"
    __slots__ = ("parent", "rows", "tree")

    def __init__(self, tree: BslValueTree, parent: BslValueTreeRow | None) -> None:
        self.tree = tree
        self.parent = parent
        self.rows: list[BslValueTreeRow] = []

    def walk(self, include_children: bool) -> Iterator[BslValueTreeRow]:
        for row in list(self.rows):
            yield row
            if include_children:
                yield from row.children.walk(True)

    def new_row(self, position: int) -> BslValueTreeRow:
        row = BslValueTreeRow(self.tree, self.parent)
        self.rows.insert(position, row)
        active_meter.current.check_size(len(self.rows))
        return row

    def _row_position(self, row: Any) -> int:
        if isinstance(row, BslValueTreeRow):
            for position, candidate in enumerate(self.rows):
                if candidate is row:
                    return position
            raise BslRuntimeError("Строка не принадлежит коллекции строк дерева значений")
        return checked_index(row, len(self.rows))

    @prop("Родитель", "Parent")
    def prop_parent(self) -> BslValueTreeRow | None:
        return self.parent

    @method("Добавить", "Add")
    def add(self) -> BslValueTreeRow:
        return self.new_row(len(self.rows))

    @method("Вставить", "Insert")
    def insert(self, index: Any) -> BslValueTreeRow:
        position = to_int(index, 1)
        if position < 0 or position > len(self.rows):
            raise out_of_range()
        return self.new_row(position)

    @method("Удалить", "Delete")
    def delete(self, row: Any) -> None:
        del self.rows[self._row_position(row)]

    @method("Количество", "Count")
    def count(self) -> int:
        return len(self.rows)

    @method("Очистить", "Clear")
    def clear(self) -> None:
        self.rows.clear()

    @method("Получить", "Get")
    def get(self, index: Any) -> BslValueTreeRow:
        return self.rows[checked_index(index, len(self.rows))]

    @method("Индекс", "IndexOf")
    def index_of(self, row: Any) -> int:
        for position, candidate in enumerate(self.rows):
            if candidate is row:
                return position
        return -1

    @method("Найти", "Find")
    def find(self, value: Any = None, columns: Any = None, include_children: Any = None) -> Any:
        chosen = column_list(self.tree.columns, columns, 2)
        return find_value(self.walk(_include(include_children, 3)), value, chosen)

    @method("НайтиСтроки", "FindRows")
    def find_rows(self, filter_value: Any, include_children: Any = None) -> BslArray:
        pairs = filter_pairs(self.tree.columns, filter_value)
        return BslArray(find_rows(self.walk(_include(include_children, 2)), pairs))

    @method("Итог", "Total")
    def total(self, column: Any, include_children: Any = None) -> Any:
        return total(self.walk(_include(include_children, 2)), self.tree.columns.resolve(column))

    @method("Сортировать", "Sort")
    def sort(self, columns: Any, include_children: Any = None, comparer: Any = None) -> None:
        rules = parse_sort_rules(self.tree.columns, columns)
        self._sort(rules, _include(include_children, 2))

    def _sort(self, rules: list[tuple[BslColumn, bool]], include_children: bool) -> None:
        sort_rows(self.rows, rules)
        if include_children:
            for row in self.rows:
                row.children._sort(rules, True)

    @method("ВыгрузитьКолонку", "UnloadColumn")
    def unload_column(self, column: Any) -> BslArray:
        chosen = self.tree.columns.resolve(column)
        return BslArray([row.value(chosen) for row in self.rows])

    @method("ЗагрузитьКолонку", "LoadColumn")
    def load_column(self, values: Any, column: Any) -> None:
        if not isinstance(values, _ArrayReading):
            raise type_mismatch(1)
        chosen = self.tree.columns.resolve(column, 2)
        for row, value in zip(self.rows, values.items, strict=False):
            row.put(chosen, value)

    @method("Сдвинуть", "Move")
    def move(self, row: Any, offset: Any) -> None:
        source = self._row_position(row)
        target = source + to_int(offset, 2)
        if target < 0 or target >= len(self.rows):
            raise bad_value(2)
        self.rows.insert(target, self.rows.pop(source))

    def bsl_index_get(self, key: Any) -> Any:
        if not is_number(key):
            raise BslRuntimeError("Неверный тип индекса")
        return self.rows[checked_index(key, len(self.rows))]

    def bsl_index_set(self, key: Any, value: Any) -> None:
        raise BslRuntimeError(READ_ONLY_INDEX)

    def bsl_iter(self) -> Iterator[Any]:
        return iter(self.rows)


class BslValueTree(BslObject):
    TYPE_RU = "ДеревоЗначений"
    TYPE_EN = "ValueTree"
    __slots__ = ("columns", "rows")

    def __init__(self) -> None:
        self.columns = TreeColumnCollection(self)
        self.rows = BslValueTreeRowCollection(self, None)

    @classmethod
    def construct(cls, args: list[Any]) -> BslValueTree:
        if args:
            raise BslRuntimeError("Слишком много фактических параметров")
        return cls()

    def all_rows(self) -> Iterable[DataRow]:
        return self.rows.walk(True)

    @prop("Колонки", "Columns")
    def prop_columns(self) -> TreeColumnCollection:
        return self.columns

    @prop("Строки", "Rows")
    def prop_rows(self) -> BslValueTreeRowCollection:
        return self.rows

    @method("Скопировать", "Copy")
    def copy(self) -> BslValueTree:
        result = BslValueTree()
        mapping = self.columns.copy_into(result.columns, self.columns.items)
        _copy_rows(self.rows, result.rows, mapping)
        return result


def _copy_rows(
    source: BslValueTreeRowCollection,
    target: BslValueTreeRowCollection,
    mapping: dict[BslColumn, BslColumn],
) -> None:
    for row in source.rows:
        copy = target.new_row(len(target.rows))
        for old, new in mapping.items():
            if old in row.cells:
                copy.cells[new] = row.cells[old]
        _copy_rows(row.children, copy.children, mapping)
