"""Columns of ТаблицаЗначений and ДеревоЗначений, and the row base both kinds of row share.

A row keeps its cells in a dict keyed by the column object, so adding, inserting, renaming or
moving a column never touches the rows; a cell never written reads as the column's empty value
(0 for a Число column, Неопределено for an untyped one). Values written into a typed column are
adjusted by its ОписаниеТипов, as the platform does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, ClassVar

from prism_desktop.bsl.names import canonical
from prism_desktop.bsl.stdlib.collections.arguments import (
    bad_value,
    checked_index,
    is_identifier,
    move_target,
    optional_str,
    out_of_range,
    to_int,
    type_mismatch,
)
from prism_desktop.bsl.stdlib.collections.type_description import BslTypeDescription
from prism_desktop.bsl.values.base import BslObject, BslRuntimeError, is_number, method, prop


def norm_name(name: str) -> str:
    return canonical(name)  # column names fold as names do: `Строка.Товар` finds column "товар"


def column_not_found(name: str) -> BslRuntimeError:
    return BslRuntimeError(f"Колонка не найдена ({name})")


class BslColumn(BslObject):
    """КолонкаТаблицыЗначений; the tree's column is the subclass below."""

    TYPE_RU = "КолонкаТаблицыЗначений"
    TYPE_EN = "ValueTableColumn"
    __slots__ = ("collection", "empty", "name", "title", "value_type", "width")

    def __init__(
        self,
        collection: ColumnCollection,
        name: str,
        value_type: BslTypeDescription,
        title: str,
        width: int,
    ) -> None:
        self.collection = collection
        self.name = name
        self.value_type = value_type
        self.title = title
        self.width = width
        self.empty = value_type.empty_value()

    def adjust(self, value: Any) -> Any:
        return self.value_type.adjust(value) if self.value_type.types else value

    @prop("Имя", "Name", settable=True)
    def prop_name(self) -> str:
        return self.name

    def set_prop_name(self, value: Any) -> None:
        self.collection.rename(self, optional_str(value, 1))

    @prop("Заголовок", "Title", settable=True)
    def prop_title(self) -> str:
        return self.title

    def set_prop_title(self, value: Any) -> None:
        self.title = optional_str(value, 1)

    @prop("ТипЗначения", "ValueType")
    def prop_value_type(self) -> BslTypeDescription:
        return self.value_type

    @prop("Ширина", "Width", settable=True)
    def prop_width(self) -> int:
        return self.width

    def set_prop_width(self, value: Any) -> None:
        self.width = to_int(value, 1)


class BslTreeColumn(BslColumn):
    TYPE_RU = "КолонкаДереваЗначений"
    TYPE_EN = "ValueTreeColumn"
    __slots__ = ()


class DataRow(BslObject):
    """A row of a table or tree: cells by column name, by index and by column object."""

    __slots__ = ("cells", "columns")

    def __init__(self, columns: ColumnCollection) -> None:
        self.columns = columns
        self.cells: dict[BslColumn, Any] = {}

    def value(self, column: BslColumn) -> Any:
        return self.cells.get(column, column.empty)

    def put(self, column: BslColumn, value: Any) -> None:
        self.cells[column] = column.adjust(value)

    def get(self, name: str) -> Any:
        """Python API: the cell of the named column."""
        return self.value(self.columns.by_name_or_error(name))

    def bsl_field_names(self) -> list[str]:
        return self.columns.names()

    def bsl_get(self, name: str) -> Any:
        # Cells are read far more often than anything else: one name lookup, not two.
        key = norm_name(name)
        entry = self._props.get(key)
        if entry is not None:
            return getattr(self, entry[0])()
        column = self.columns.by_name.get(key)
        if column is None:
            raise BslRuntimeError(f"Поле объекта не обнаружено ({name})")
        return self.cells.get(column, column.empty)

    def bsl_set_dynamic(self, name: str, value: Any) -> None:
        self.bsl_field_setter(norm_name(name), name)(self, value)

    @staticmethod
    def bsl_field_getter(key: str, name: str) -> Callable[[Any], Any]:
        """The reader of `Строка.<name>` (key: the folded name), for runtime.MemberSite."""

        def read(row: Any) -> Any:
            column = row.columns.by_name.get(key)
            if column is None:
                raise BslRuntimeError(f"Поле объекта не обнаружено ({name})")
            return row.cells.get(column, column.empty)

        return read

    @staticmethod
    def bsl_field_setter(key: str, name: str) -> Callable[[Any, Any], None]:
        """The writer of `Строка.<name> = З` (key: the folded name), for runtime.MemberSite."""

        def write(row: Any, value: Any) -> None:
            column = row.columns.by_name.get(key)
            if column is None:
                raise BslRuntimeError(f"Поле объекта не обнаружено ({name})")
            row.cells[column] = column.value_type.adjust(value) if column.value_type.types else value

        return write

    def _column_for_index(self, key: Any) -> BslColumn:
        if isinstance(key, str):
            column = self.columns.by_name.get(norm_name(key))
            if column is None:
                raise BslRuntimeError(f"Поле объекта не обнаружено ({key})")
            return column
        if is_number(key):
            index = int(key)
            if index < 0 or index >= len(self.columns.items):
                raise out_of_range()
            return self.columns.items[index]
        if isinstance(key, BslColumn) and key.collection is self.columns:
            return key
        raise BslRuntimeError("Неверный тип индекса")

    def bsl_index_get(self, key: Any) -> Any:
        return self.value(self._column_for_index(key))

    def bsl_index_set(self, key: Any, value: Any) -> None:
        self.put(self._column_for_index(key), value)


class ColumnCollection(BslObject):
    """КоллекцияКолонокТаблицыЗначений; the tree's collection is the subclass below. The owner
    (table or tree) gives `all_rows()` so a deleted column's cells can be dropped."""

    TYPE_RU = "КоллекцияКолонокТаблицыЗначений"
    TYPE_EN = "ValueTableColumnCollection"
    COLUMN_CLASS: ClassVar[type[BslColumn]] = BslColumn
    MOVE_WRAPS: ClassVar[bool] = False  # Сдвинуть past an end: wrap around (the tree's columns) or fail
    __slots__ = ("by_name", "items", "owner")

    def __init__(self, owner: Any) -> None:
        self.owner = owner
        self.items: list[BslColumn] = []
        self.by_name: dict[str, BslColumn] = {}

    # --- Python API ----------------------------------------------------------------------
    def names(self) -> list[str]:
        return [c.name for c in self.items]

    def by_name_or_error(self, name: str) -> BslColumn:
        column = self.by_name.get(norm_name(name))
        if column is None:
            raise column_not_found(name)
        return column

    def resolve(self, spec: Any, param_no: int = 1) -> BslColumn:
        """A column given as a name, an index or the column object itself."""
        if isinstance(spec, str):
            return self.by_name_or_error(spec.strip())
        if is_number(spec):
            return self.items[checked_index(spec, len(self.items), param_no)]
        if isinstance(spec, BslColumn):
            if spec.collection is not self:
                raise bad_value(param_no)
            return spec
        raise type_mismatch(param_no)

    def create(
        self,
        position: int,
        name: Any = None,
        value_type: Any = None,
        title: Any = None,
        width: Any = None,
    ) -> BslColumn:
        column_name = optional_str(name, 1).strip()
        self._check_new_name(column_name)
        if value_type is None:
            description = BslTypeDescription()
        elif isinstance(value_type, BslTypeDescription):
            description = value_type
        else:
            raise type_mismatch(2)
        column = self.COLUMN_CLASS(
            self,
            column_name,
            description,
            optional_str(title, 3),
            0 if width is None else to_int(width, 4),
        )
        self.items.insert(position, column)
        if column_name:
            self.by_name[norm_name(column_name)] = column
        return column

    def _check_new_name(self, name: str) -> None:
        if not name:
            return
        if not is_identifier(name):
            raise BslRuntimeError(f"Неверное имя колонки ({name})")
        if norm_name(name) in self.by_name:
            raise BslRuntimeError(f"Колонка с таким именем уже существует ({name})")

    def rename(self, column: BslColumn, new_name: str) -> None:
        new_name = new_name.strip()
        if norm_name(new_name) != norm_name(column.name):
            self._check_new_name(new_name)
        self.by_name.pop(norm_name(column.name), None)
        column.name = new_name
        if new_name:
            self.by_name[norm_name(new_name)] = column

    def remove(self, column: BslColumn) -> None:
        self.items.remove(column)
        if self.by_name.get(norm_name(column.name)) is column:
            del self.by_name[norm_name(column.name)]
        for row in self.owner.all_rows():
            row.cells.pop(column, None)
        indexes = getattr(self.owner, "indexes", None)  # the table's Индексы (a tree has none)
        if indexes is not None:
            indexes.column_removed(column)

    def copy_into(self, target: ColumnCollection, columns: Iterable[BslColumn]) -> dict[BslColumn, BslColumn]:
        """Add copies of `columns` to `target`; returns old column -> new column."""
        mapping: dict[BslColumn, BslColumn] = {}
        for column in columns:
            mapping[column] = target.create(
                len(target.items), column.name, column.value_type, column.title, column.width
            )
        return mapping

    # --- BSL methods ---------------------------------------------------------------------
    @method("Добавить", "Add")
    def add(
        self, name: Any = None, value_type: Any = None, title: Any = None, width: Any = None
    ) -> BslColumn:
        return self.create(len(self.items), name, value_type, title, width)

    @method("Вставить", "Insert")
    def insert(
        self, index: Any, name: Any = None, value_type: Any = None, title: Any = None, width: Any = None
    ) -> BslColumn:
        position = to_int(index, 1)
        if position < 0 or position > len(self.items):
            raise out_of_range()
        return self.create(position, name, value_type, title, width)

    @method("Удалить", "Delete")
    def delete(self, column: Any) -> None:
        self.remove(self.resolve(column))

    @method("Найти", "Find")
    def find(self, name: Any) -> BslColumn | None:
        return self.by_name.get(norm_name(optional_str(name, 1).strip()))

    @method("Количество", "Count")
    def count(self) -> int:
        return len(self.items)

    @method("Очистить", "Clear")
    def clear(self) -> None:
        for column in list(self.items):
            self.remove(column)

    @method("Получить", "Get")
    def get(self, index: Any) -> BslColumn:
        return self.items[checked_index(index, len(self.items))]

    @method("Индекс", "IndexOf")
    def index_of(self, column: Any) -> int:
        for position, item in enumerate(self.items):
            if item is column:
                return position
        return -1

    @method("Сдвинуть", "Move")
    def move(self, column: Any, offset: Any) -> None:
        source = self.items.index(self.resolve(column))
        target = move_target(source, offset, len(self.items), self.MOVE_WRAPS)
        self.items.insert(target, self.items.pop(source))

    def bsl_get_dynamic(self, name: str) -> Any:
        # Колонки.Имя gives the column itself
        column = self.by_name.get(norm_name(name))
        if column is None:
            raise BslRuntimeError(f"Поле объекта не обнаружено ({name})")
        return column

    def bsl_index_get(self, key: Any) -> Any:
        if isinstance(key, str):
            return self.bsl_get_dynamic(key)
        if not is_number(key):
            raise BslRuntimeError("Неверный тип индекса")
        index = int(key)
        if index < 0 or index >= len(self.items):
            raise out_of_range()
        return self.items[index]

    def bsl_iter(self) -> Iterator[Any]:
        return iter(list(self.items))


class TreeColumnCollection(ColumnCollection):
    TYPE_RU = "КоллекцияКолонокДереваЗначений"
    TYPE_EN = "ValueTreeColumnCollection"
    COLUMN_CLASS: ClassVar[type[BslColumn]] = BslTreeColumn
    MOVE_WRAPS = True  # OneScript's КоллекцияКолонокДереваЗначений.Сдвинуть takes the target modulo the count
    __slots__ = ()
