"""The row-list API ТаблицаЗначений and КоллекцияСтрокДереваЗначений share: Добавить, Вставить,
Удалить, Количество, Очистить, Получить, Индекс, Сдвинуть, ВыгрузитьКолонку, ЗагрузитьКолонку,
reading rows by [index] and iterating them. Each list keeps its rows in `rows` and says how to make
a row of its own kind, which columns its rows have and how a foreign row is reported."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar, Generic, TypeVar

from prism_desktop.bsl.stdlib.collections.arguments import (
    READ_ONLY_INDEX,
    checked_index,
    oscript_move_target,
    out_of_range,
    position_by_number,
    to_int,
    type_mismatch,
)
from prism_desktop.bsl.stdlib.collections.array import ArrayReading, BslArray
from prism_desktop.bsl.stdlib.collections.columns import ColumnCollection, DataRow
from prism_desktop.bsl.values.base import BslObject, BslRuntimeError, active_meter, is_number, method

RowT = TypeVar("RowT", bound=DataRow)


class RowList(BslObject, Generic[RowT]):
    """Base of a BSL object whose rows are a list of `ROW_TYPE` rows in `rows`."""

    __slots__ = ()
    ROW_TYPE: ClassVar[type[DataRow]]
    FOREIGN_ROW: ClassVar[str]  # the error when a row of another list is passed in
    MOVE_WRAPS: ClassVar[bool] = False  # Сдвинуть past an end: wrap around (the tree's rows) or fail
    rows: list[RowT]

    def make_row(self) -> RowT:
        """A new, empty row belonging to this list (not yet placed in `rows`)."""
        raise NotImplementedError(f"{type(self).__name__} must say how its rows are made")

    def row_columns(self) -> ColumnCollection:
        """The columns of this list's rows."""
        raise NotImplementedError(f"{type(self).__name__} must say which columns its rows have")

    def new_row(self, position: int) -> RowT:
        row = self.make_row()
        rows = self.rows
        if position == len(rows):
            rows.append(row)
        else:
            rows.insert(position, row)
        if len(rows) > active_meter.current.max_collection_items:  # check_size, inlined: a hot path
            active_meter.current.check_size(len(rows))
        return row

    def _row_position(self, row: Any) -> int:
        if isinstance(row, self.ROW_TYPE):
            for position, candidate in enumerate(self.rows):
                if candidate is row:
                    return position
            raise BslRuntimeError(self.FOREIGN_ROW)
        return checked_index(row, len(self.rows))

    @method("Добавить", "Add")
    def add(self) -> RowT:
        return self.new_row(len(self.rows))

    @method("Вставить", "Insert")
    def insert(self, index: Any) -> RowT:
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
    def get(self, index: Any) -> RowT:
        return self.rows[checked_index(index, len(self.rows))]

    @method("Индекс", "IndexOf")
    def index_of(self, row: Any) -> int:
        for position, candidate in enumerate(self.rows):
            if candidate is row:
                return position
        return -1

    @method("ВыгрузитьКолонку", "UnloadColumn")
    def unload_column(self, column: Any) -> BslArray:
        chosen = self.row_columns().resolve(column)
        return BslArray([row.value(chosen) for row in self.rows])

    @method("ЗагрузитьКолонку", "LoadColumn")
    def load_column(self, values: Any, column: Any) -> None:
        if not isinstance(values, ArrayReading):
            raise type_mismatch(1)
        chosen = self.row_columns().resolve(column, 2)
        for row, value in zip(self.rows, values.items, strict=False):
            row.put(chosen, value)

    @method("Сдвинуть", "Move")
    def move(self, row: Any, offset: Any) -> None:
        # by number (a string holding one too: Т.Сдвинуть("2", 2)) with OneScript's error texts
        if isinstance(row, self.ROW_TYPE):
            source = self._row_position(row)
        else:
            source = position_by_number(row, len(self.rows))
        target = oscript_move_target(source, offset, len(self.rows), self.MOVE_WRAPS)
        self.rows.insert(target, self.rows.pop(source))

    def bsl_index_get(self, key: Any) -> Any:
        if not is_number(key):
            raise BslRuntimeError("Неверный тип индекса")
        return self.rows[checked_index(key, len(self.rows))]

    def bsl_index_set(self, key: Any, value: Any) -> None:
        raise BslRuntimeError(READ_ONLY_INDEX)

    def bsl_iter(self) -> Iterator[Any]:
        return iter(self.rows)
