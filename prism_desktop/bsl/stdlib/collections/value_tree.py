"""ДеревоЗначений (ValueTree): Колонки, Строки, and rows that carry their own Строки.

With ВключатьПодчиненные = Истина, search, filters and totals visit the rows depth-first, each row
before its children (the order the tree shows them in).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from prism_desktop.bsl.stdlib.collections.arguments import (
    type_mismatch,
)
from prism_desktop.bsl.stdlib.collections.array import BslArray
from prism_desktop.bsl.stdlib.collections.columns import BslColumn, DataRow, TreeColumnCollection
from prism_desktop.bsl.stdlib.collections.row_list import RowList
from prism_desktop.bsl.stdlib.collections.tabular import (
    column_list,
    filter_pairs,
    find_rows,
    find_value,
    parse_sort_rules,
    sort_rows,
    total,
)
from prism_desktop.bsl.values.base import BslObject, BslRuntimeError, method, prop


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


class BslValueTreeRowCollection(RowList[BslValueTreeRow]):
    """КоллекцияСтрокДереваЗначений: the rows under one parent (None for the top level)."""

    TYPE_RU = "КоллекцияСтрокДереваЗначений"
    TYPE_EN = "ValueTreeRowCollection"
    ROW_TYPE = BslValueTreeRow
    FOREIGN_ROW = "Строка не принадлежит коллекции строк дерева значений"
    MOVE_WRAPS = True  # OneScript's КоллекцияСтрокДереваЗначений.Сдвинуть takes the target modulo the count
    __slots__ = ("parent", "rows", "tree")

    def __init__(self, tree: BslValueTree, parent: BslValueTreeRow | None) -> None:
        self.tree = tree
        self.parent = parent
        self.rows: list[BslValueTreeRow] = []

    def make_row(self) -> BslValueTreeRow:
        return BslValueTreeRow(self.tree, self.parent)

    def row_columns(self) -> TreeColumnCollection:
        return self.tree.columns

    def walk(self, include_children: bool) -> Iterator[BslValueTreeRow]:
        for row in list(self.rows):
            yield row
            if include_children:
                yield from row.children.walk(True)

    @prop("Родитель", "Parent")
    def prop_parent(self) -> BslValueTreeRow | None:
        return self.parent

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
