"""РезультатЗапроса and ВыборкаИзРезультатаЗапроса over a platform QueryResult.

Выгрузить() gives a ТаблицаЗначений in direct order (total records first, as 1C does), or with
ОбходРезультатаЗапроса.ПоГруппировкам a ДеревоЗначений; Выбрать() gives a selection with Следующий(),
fields by column name, ТипЗаписи(), Группировка(), Уровень() and, when traversing by groupings, a
nested Выбрать() over the current group's records.
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
from prism_desktop.bsl.stdlib.collections.value_tree import BslValueTreeRowCollection
from prism_desktop.bsl.values.base import (
    BslObject,
    BslRuntimeError,
    _norm,
    is_number,
    method,
    prop,
    values_equal,
)
from prism_desktop.platform.query import QueryResult, ResultColumn, TotalsNode
from prism_desktop.platform.types import TypeDescription


def _by_groups(traversal: Any) -> bool:
    if traversal is None or traversal is TRAVERSAL_VALUES["Прямой"]:
        return False
    if (
        traversal is TRAVERSAL_VALUES["ПоГруппировкам"]
        or traversal is TRAVERSAL_VALUES["ПоГруппировкамСИерархией"]
    ):
        return True
    raise BslRuntimeError("Несоответствие типов (параметр номер '1')")


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
    def value_type(self) -> Any:
        return to_bsl(TypeDescription(tuple(t for t in self.column.types if t.name != "Неопределено")))

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
        key = _norm(str(name))
        return next((c for c in self.items if _norm(c.column.name) == key), None)

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
        if _by_groups(traversal) and self.result.totals is not None:
            tree = BslValueTree()
            created = [tree.columns.create(i, name) for i, name in enumerate(names)]
            _fill_tree(tree.rows, self.result.totals, created)
            return tree
        return BslValueTable.from_rows(
            names, ([cell_to_bsl(v) for v in node.values] for node in self.result.linear())
        )

    @method("Выбрать", "Select")
    def select(self, traversal: Any = None, groupings: Any = None) -> BslQuerySelection:
        if _by_groups(traversal) and self.result.totals is not None:
            return BslQuerySelection(self.result.columns, self.result.totals)
        return BslQuerySelection(self.result.columns, self.result.linear())


def _fill_tree(target: BslValueTreeRowCollection, nodes: list[TotalsNode], columns: list[Any]) -> None:
    for node in nodes:
        row = target.add()
        for column, value in zip(columns, node.values, strict=True):
            row.put(column, cell_to_bsl(value))
        if node.children:
            _fill_tree(row.prop_rows(), node.children, columns)


class BslQuerySelection(BslObject):
    TYPE_RU = "ВыборкаИзРезультатаЗапроса"
    TYPE_EN = "QueryResultSelection"
    __slots__ = ("by_key", "columns", "nodes", "position")

    def __init__(self, columns: list[ResultColumn], nodes: list[TotalsNode]):
        self.columns = columns
        self.nodes = nodes
        self.position = -1
        self.by_key = {_norm(c.name): i for i, c in enumerate(columns)}

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
            if all(values_equal(cell_to_bsl(node.values[i]), value) for i, value in wanted):
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
        return cell_to_bsl(self._current().values[int(index)])

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
        if _by_groups(traversal):
            return BslQuerySelection(self.columns, node.children)
        flat: list[TotalsNode] = []

        def walk(nodes: list[TotalsNode]) -> None:
            for child in nodes:
                flat.append(child)
                walk(child.children)

        walk(node.children)
        return BslQuerySelection(self.columns, flat)

    def _index(self, name: str) -> int:
        index = self.by_key.get(_norm(name))
        if index is None:
            raise BslRuntimeError(f"Поле объекта не обнаружено ({name})")
        return index

    def bsl_get_dynamic(self, name: str) -> Any:
        return cell_to_bsl(self._current().values[self._index(name)])

    def bsl_field_names(self) -> list[str]:
        return [column.name for column in self.columns]

    def bsl_index_get(self, key: Any) -> Any:
        if isinstance(key, str):
            return self.bsl_get_dynamic(key)
        return self.get(key)
