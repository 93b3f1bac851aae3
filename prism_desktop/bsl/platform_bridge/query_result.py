"""РезультатЗапроса and ВыборкаИзРезультатаЗапроса over a platform QueryResult.

Выгрузить() gives a ТаблицаЗначений in direct order (total records first, as 1C does), or with
ОбходРезультатаЗапроса.ПоГруппировкам[СИерархией] a ДеревоЗначений; its columns are typed as the
query's (РезультатЗапроса.Колонки[i].ТипЗначения, with Null where the column can hold NULL), and the
cells keep the query's values (NULL stays NULL). Выбрать() gives a selection with Следующий(), fields
by column name, ТипЗаписи(), Группировка(), Уровень() and, when traversing by groupings, a nested
Выбрать() over the current group's records; Выбрать's second parameter restricts a traversal by
groupings to the named ones. ПоГруппировкамСИерархией nests the records of ИТОГИ … ИЕРАРХИЯ as the
catalog does; ПоГруппировкам lists them one after another (result.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from prism_desktop.bsl.platform_bridge.query_values import (
    RECORD_TYPE_VALUES,
    TRAVERSAL_VALUES,
    cell_to_bsl,
)
from prism_desktop.bsl.platform_bridge.values import to_bsl
from prism_desktop.bsl.stdlib.collections import BslFixedStructure, BslStructure, BslValueTable, BslValueTree
from prism_desktop.bsl.stdlib.collections.type_description import BslTypeDescription
from prism_desktop.bsl.stdlib.collections.value_tree import BslValueTreeRowCollection
from prism_desktop.bsl.values.base import (
    BslObject,
    BslRuntimeError,
    BslType,
    is_number,
    method,
    norm_name,
    prop,
    values_equal,
)
from prism_desktop.platform.query import QueryResult, ResultColumn, TotalsNode
from prism_desktop.platform.query.result import flatten, of_groupings, without_hierarchy
from prism_desktop.platform.types import TypeDescription


def _by_groups(traversal: Any) -> bool | None:
    """None for the direct traversal (the default), else whether the hierarchy is kept."""
    if traversal is None or traversal is TRAVERSAL_VALUES["Прямой"]:
        return None
    if traversal is TRAVERSAL_VALUES["ПоГруппировкам"]:
        return False
    if traversal is TRAVERSAL_VALUES["ПоГруппировкамСИерархией"]:
        return True
    raise BslRuntimeError("Несоответствие типов (параметр номер '1')")


def _restricted(nodes: list[TotalsNode], groupings: Any) -> list[TotalsNode]:
    """Выбрать's second parameter: the groupings to traverse, by name, comma-separated ("" or ВСЕ:
    the next grouping, as without it)."""
    if groupings is None:
        return nodes
    if not isinstance(groupings, str):
        raise BslRuntimeError("Несоответствие типов (параметр номер '2')")
    names = {norm_name(n.strip()) for n in groupings.split(",") if n.strip()}
    return nodes if not names or names & {"все", "all"} else of_groupings(nodes, names)


def column_type(column: ResultColumn) -> BslTypeDescription:
    """The ОписаниеТипов of a result column: its types (Неопределено, a composite field's empty value,
    is implied) and Null when the column can hold NULL."""
    described = to_bsl(TypeDescription(tuple(t for t in column.types if t.name != "Неопределено")))
    null = [BslType("Null")] if column.nullable else []
    return BslTypeDescription([*described.types, *null])


class BslQueryResultColumn(BslObject):
    TYPE_RU = "КолонкаРезультатаЗапроса"
    TYPE_EN = "QueryResultColumn"
    __slots__ = ("column",)

    def __init__(self, column: ResultColumn):
        self.column = column

    @prop("Имя", "Name")
    def name(self) -> str:
        return self.column.name

    @prop("ТипЗначения", "ValueType")
    def value_type(self) -> BslTypeDescription:
        return column_type(self.column)

    @prop("Ширина", "Width")
    def width(self) -> int:
        return 0


class BslQueryResultColumns(BslObject):
    TYPE_RU = "КоллекцияКолонокРезультатаЗапроса"
    TYPE_EN = "QueryResultColumnsCollection"
    __slots__ = ("items",)

    def __init__(self, columns: list[ResultColumn]):
        self.items = [BslQueryResultColumn(c) for c in columns]

    @method("Количество", "Count")
    def count(self) -> int:
        return len(self.items)

    @method("Найти", "Find")
    def find(self, name: Any) -> BslQueryResultColumn | None:
        key = norm_name(str(name))
        return next((c for c in self.items if norm_name(c.column.name) == key), None)

    @method("Получить", "Get")
    def get(self, index: Any) -> BslQueryResultColumn:
        return self.bsl_index_get(index)

    @method("Индекс", "IndexOf")
    def index_of(self, column: Any) -> int:
        return next((i for i, c in enumerate(self.items) if c is column), -1)

    def bsl_index_get(self, key: Any) -> Any:
        if is_number(key) and 0 <= int(key) < len(self.items):
            return self.items[int(key)]
        if isinstance(key, str) and (found := self.find(key)) is not None:
            return found
        raise BslRuntimeError("Значение индекса выходит за пределы диапазона")

    def bsl_get_dynamic(self, name: str) -> Any:
        found = self.find(name)
        if found is None:
            raise BslRuntimeError(f"Поле объекта не обнаружено ({name})")
        return found

    def bsl_iter(self) -> Iterator[Any]:
        return iter(self.items)


class BslQueryResult(BslObject):
    TYPE_RU = "РезультатЗапроса"
    TYPE_EN = "QueryResult"
    __slots__ = ("result",)

    def __init__(self, result: QueryResult):
        self.result = result

    @method("Пустой", "IsEmpty")
    def is_empty(self) -> bool:
        return self.result.is_empty

    @prop("Колонки", "Columns")
    def columns(self) -> BslQueryResultColumns:
        return BslQueryResultColumns(self.result.columns)

    @method("Выгрузить", "Unload")
    def unload(self, traversal: Any = None) -> Any:
        names = [c.name for c in self.result.columns]
        types = [column_type(c) for c in self.result.columns]
        hierarchy = _by_groups(traversal)
        if hierarchy is not None and self.result.totals is not None:
            tree = BslValueTree()
            created = [
                tree.columns.create(i, n, t) for i, (n, t) in enumerate(zip(names, types, strict=True))
            ]
            _fill_tree(tree.rows, self.result.by_groups(hierarchy), created)
            return tree
        return BslValueTable.from_rows(
            names, ([_unloaded(v) for v in node.values] for node in self.result.linear()), types
        )

    @method("Выбрать", "Select")
    def select(self, traversal: Any = None, groupings: Any = None) -> BslQuerySelection:
        hierarchy = _by_groups(traversal)
        if hierarchy is not None and self.result.totals is not None:
            nodes = _restricted(self.result.by_groups(hierarchy), groupings)
            return BslQuerySelection(self.result.columns, nodes, hierarchy)
        return BslQuerySelection(self.result.columns, self.result.linear())


def _unloaded(value: Any) -> Any:
    """A cell of Выгрузить(): a nested table's result is unloaded into a ТаблицаЗначений too."""
    return BslQueryResult(value).unload() if isinstance(value, QueryResult) else cell_to_bsl(value)


def _selected(value: Any) -> Any:
    """A field of a selection: a nested table is a РезультатЗапроса of its own."""
    return BslQueryResult(value) if isinstance(value, QueryResult) else cell_to_bsl(value)


def _fill_tree(target: BslValueTreeRowCollection, nodes: list[TotalsNode], columns: list[Any]) -> None:
    for node in nodes:
        row = target.add()
        for column, value in zip(columns, node.values, strict=True):
            row.cells[column] = _unloaded(value)  # as the query gives it: the column is of its type
        if node.children:
            _fill_tree(row.prop_rows(), node.children, columns)


class BslQuerySelection(BslObject):
    TYPE_RU = "ВыборкаИзРезультатаЗапроса"
    TYPE_EN = "QueryResultSelection"
    __slots__ = ("by_key", "columns", "nodes", "position", "with_hierarchy")

    def __init__(self, columns: list[ResultColumn], nodes: list[TotalsNode], with_hierarchy: bool = True):
        self.columns = columns
        self.nodes = nodes
        self.with_hierarchy = with_hierarchy  # False: the records' sub-records of ИЕРАРХИЯ are lifted
        self.position = -1
        self.by_key = {norm_name(c.name): i for i, c in enumerate(columns)}

    def _current(self) -> TotalsNode:
        if not 0 <= self.position < len(self.nodes):
            raise BslRuntimeError("Выборка не спозиционирована на запись")
        return self.nodes[self.position]

    @method("Следующий", "Next")
    def next(self) -> bool:
        if self.position < len(self.nodes):
            self.position += 1
        return self.position < len(self.nodes)

    @method("НайтиСледующий", "FindNext")
    def find_next(self, key: Any, column: Any = None) -> bool:
        """НайтиСледующий(Структура) / НайтиСледующий(Значение, ИмяКолонки)."""
        if isinstance(key, (BslStructure, BslFixedStructure)):
            wanted = [(self._index(name), value) for name, value in key.fields.values()]
        else:
            if column is None:
                raise BslRuntimeError("Недопустимое значение параметра (параметр номер '2')")
            wanted = [(self._index(str(column)), key)]
        while self.next():
            node = self.nodes[self.position]
            if all(values_equal(_selected(node.values[i]), value) for i, value in wanted):
                return True
        return False

    @method("Сбросить", "Reset")
    def reset(self) -> None:
        self.position = -1

    @method("Количество", "Count")
    def count(self) -> int:
        return len(self.nodes)

    @method("Получить", "Get")
    def get(self, index: Any) -> Any:
        if not is_number(index) or not 0 <= int(index) < len(self.columns):
            raise BslRuntimeError("Значение индекса выходит за пределы диапазона")
        return _selected(self._current().values[int(index)])

    @method("ТипЗаписи", "RecordType")
    def record_type(self) -> Any:
        return RECORD_TYPE_VALUES[self._current().kind]

    @method("Группировка", "Group")
    def group(self) -> str:
        return self._current().group

    @method("Уровень", "Level")
    def level(self) -> int:
        return self._current().level

    @method("Выбрать", "Select")
    def select(self, traversal: Any = None, groupings: Any = None) -> BslQuerySelection:
        node = self._current()
        hierarchy = _by_groups(traversal)
        if hierarchy is None:
            return BslQuerySelection(self.columns, flatten(node.children))
        # a selection without hierarchy already holds lifted copies: its records' children are flat
        children = node.children if hierarchy or not self.with_hierarchy else without_hierarchy(node.children)
        return BslQuerySelection(
            self.columns, _restricted(children, groupings), hierarchy and self.with_hierarchy
        )

    def _index(self, name: str) -> int:
        index = self.by_key.get(norm_name(name))
        if index is None:
            raise BslRuntimeError(f"Поле объекта не обнаружено ({name})")
        return index

    def bsl_get_dynamic(self, name: str) -> Any:
        return _selected(self._current().values[self._index(name)])

    def bsl_field_names(self) -> list[str]:
        return [column.name for column in self.columns]

    def bsl_index_get(self, key: Any) -> Any:
        if isinstance(key, str):
            return self.bsl_get_dynamic(key)
        return self.get(key)
