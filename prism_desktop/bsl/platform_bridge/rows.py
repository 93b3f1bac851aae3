"""Typed rows of the object model: tabular-section rows and register records share one shape —
fields from metadata, values converted to the field's type on assignment, an unknown field is
"Поле объекта не обнаружено". `TypedRows` is their collection (ТабличнаяЧасть, НаборЗаписей).

Rows hold platform values (RefKey …) so an object or record set writes them as they are; BSL reads
them through `to_bsl`.
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from typing import Any, ClassVar

from prism_desktop.bsl.platform_bridge.values import from_bsl, presenter, to_bsl
from prism_desktop.bsl.stdlib.collections import BslArray, BslValueTable
from prism_desktop.bsl.stdlib.collections.columns import ColumnCollection
from prism_desktop.bsl.stdlib.collections.structure import StructureReading
from prism_desktop.bsl.values.base import BslObject, BslRuntimeError, is_number, method, values_equal
from prism_desktop.bsl.values.compare import less
from prism_desktop.bsl.values.presentation import to_string
from prism_desktop.platform.infobase_errors import PlatformError
from prism_desktop.platform.metadata import Field, FieldSet

OUT_OF_RANGE = "Индекс находится за границами диапазона"


def assign(field: Field, value: Any) -> Any:
    """The platform value a field holds after `field = value` (1C's conversion to the field type)."""
    try:
        return field.type.adjust(from_bsl(value), field.name, presenter)
    except PlatformError as exc:
        raise BslRuntimeError(exc.message) from None


class TypedRow(BslObject):
    """A row whose fields come from metadata. Subclasses set TYPE_RU and may add properties."""

    TYPE_RU = "Строка"
    TYPE_EN = "Row"
    __slots__ = ("owner", "values")
    hidden: ClassVar[frozenset[str]] = frozenset()  # field names not visible as row fields

    def __init__(self, owner: TypedRows, values: dict[str, Any]):
        self.owner = owner
        self.values = values

    def field(self, name: str) -> Field:
        f = self.owner.fields.field(name)
        if f is None or f.name in self.hidden:
            raise BslRuntimeError(f"Поле объекта не обнаружено ({name})")
        return f

    def bsl_get_dynamic(self, name: str) -> Any:
        return to_bsl(self.values[self.field(name).name])

    def bsl_field_names(self) -> list[str]:
        return [name for name in self.owner.fields.names() if name not in self.hidden]

    def bsl_set_dynamic(self, name: str, value: Any) -> None:
        f = self.field(name)
        self.values[f.name] = assign(f, value)
        self.owner.touch()

    def bsl_index_get(self, key: Any) -> Any:
        return self.bsl_get(to_string(key))

    def bsl_index_set(self, key: Any, value: Any) -> None:
        self.bsl_set(to_string(key), value)


class TypedRows(BslObject):
    """A collection of TypedRow: Добавить, Вставить, Удалить, Количество, Очистить, Получить, Индекс,
    Найти, НайтиСтроки, Итог, ВыгрузитьКолонку, ЗагрузитьКолонку, Выгрузить, Загрузить, Сортировать,
    iteration and [index]."""

    TYPE_RU = "КоллекцияСтрок"
    TYPE_EN = "RowCollection"
    __slots__ = ("fields", "modified", "read_only", "rows")
    row_class: ClassVar[type[TypedRow]] = TypedRow

    def __init__(self, fields: FieldSet, rows: list[dict[str, Any]] | None = None, read_only: bool = False):
        self.fields = fields
        self.read_only = read_only
        self.modified = False
        self.rows: list[TypedRow] = [self.row_class(self, self.complete(values)) for values in rows or []]

    # --- hooks ----------------------------------------------------------------------------
    def visible_fields(self) -> list[Field]:
        return [f for f in self.fields if f.name not in self.row_class.hidden]

    def complete(self, values: dict[str, Any]) -> dict[str, Any]:
        row = self.fields.defaults()
        row.update(values)
        return row

    def touch(self) -> None:
        if self.read_only:
            raise BslRuntimeError("Объект недоступен для изменения")
        self.modified = True

    def values(self) -> list[dict[str, Any]]:
        return [row.values for row in self.rows]

    def _row_index(self, row: Any, param_no: int = 1) -> int:
        if isinstance(row, TypedRow) and row.owner is self:
            return self.rows.index(row)
        if is_number(row):
            index = int(row)
            if 0 <= index < len(self.rows):
                return index
            raise BslRuntimeError(OUT_OF_RANGE)
        raise BslRuntimeError(f"Неверный тип параметра (параметр номер '{param_no}')")

    def _field(self, name: Any) -> Field:
        f = self.fields.field(to_string(name).strip())
        if f is None or f.name in self.row_class.hidden:
            raise BslRuntimeError(f"Поле объекта не обнаружено ({to_string(name)})")
        return f

    def _fields_list(self, names: Any) -> list[Field]:
        if names is None:
            return self.visible_fields()
        return [self._field(n) for n in to_string(names).split(",") if n.strip()]

    # --- BSL methods ------------------------------------------------------------------------
    @method("Добавить", "Add")
    def add(self) -> TypedRow:
        self.touch()
        row = self.row_class(self, self.complete({}))
        self.rows.append(row)
        return row

    @method("Вставить", "Insert")
    def insert(self, index: Any) -> TypedRow:
        self.touch()
        position = int(index) if is_number(index) else -1
        if not 0 <= position <= len(self.rows):
            raise BslRuntimeError(OUT_OF_RANGE)
        row = self.row_class(self, self.complete({}))
        self.rows.insert(position, row)
        return row

    @method("Удалить", "Delete")
    def delete(self, row: Any) -> None:
        self.touch()
        del self.rows[self._row_index(row)]

    @method("Количество", "Count")
    def count(self) -> int:
        return len(self.rows)

    @method("Очистить", "Clear")
    def clear(self) -> None:
        self.touch()
        self.rows.clear()

    @method("Получить", "Get")
    def get(self, index: Any) -> TypedRow:
        return self.rows[self._row_index(index)]

    @method("Индекс", "IndexOf")
    def index_of(self, row: Any) -> int:
        return self.rows.index(row) if isinstance(row, TypedRow) and row.owner is self else -1

    @method("Найти", "Find")
    def find(self, value: Any, columns: Any = None) -> TypedRow | None:
        fields = self._fields_list(columns)
        for row in self.rows:
            if any(values_equal(to_bsl(row.values[f.name]), value) for f in fields):
                return row
        return None

    @method("НайтиСтроки", "FindRows")
    def find_rows(self, filter_value: Any) -> BslArray:
        if not isinstance(filter_value, StructureReading):
            raise BslRuntimeError("Неверный тип параметра (параметр номер '1')")
        pairs = [(self._field(k), filter_value.get(k)) for k in filter_value.keys()]  # noqa: SIM118 (not a dict)
        return BslArray(
            [row for row in self.rows if all(values_equal(to_bsl(row.values[f.name]), v) for f, v in pairs)]
        )

    @method("Итог", "Total")
    def total(self, column: Any) -> Any:
        f = self._field(column)
        result: int | Decimal = 0
        for row in self.rows:
            value = row.values[f.name]
            if is_number(value):
                result += value
        return int(result) if result == int(result) else result

    @method("ВыгрузитьКолонку", "UnloadColumn")
    def unload_column(self, column: Any) -> BslArray:
        f = self._field(column)
        return BslArray([to_bsl(row.values[f.name]) for row in self.rows])

    @method("ЗагрузитьКолонку", "LoadColumn")
    def load_column(self, values: Any, column: Any) -> None:
        if not isinstance(values, BslArray):
            raise BslRuntimeError("Неверный тип параметра (параметр номер '1')")
        f = self._field(column)
        self.touch()
        for row, value in zip(self.rows, values.items, strict=False):
            row.values[f.name] = assign(f, value)

    @method("Выгрузить", "Unload")
    def unload(self, rows: Any = None, columns: Any = None) -> BslValueTable:
        fields = self._fields_list(columns)
        chosen = (
            self.rows
            if rows is None
            else [r for r in rows.items if isinstance(r, TypedRow)]
            if isinstance(rows, BslArray)
            else self.rows
        )
        return BslValueTable.from_rows(
            [f.name for f in fields], [[to_bsl(r.values[f.name]) for f in fields] for r in chosen]
        )

    @method("Загрузить", "Load")
    def load(self, table: Any) -> None:
        if not isinstance(table, BslValueTable):
            raise BslRuntimeError("Неверный тип параметра (параметр номер '1')")
        self.touch()
        columns: ColumnCollection = table.columns
        mapping = [(f, columns.by_name.get(f.name.lower().replace("ё", "е"))) for f in self.visible_fields()]
        self.rows = []
        for source in table.rows:
            values = self.complete({})
            for f, column in mapping:
                if column is not None:
                    values[f.name] = assign(f, source.value(column))
            self.rows.append(self.row_class(self, values))

    @method("Сортировать", "Sort")
    def sort(self, columns: Any) -> None:
        rules: list[tuple[Field, bool]] = []
        for part in to_string(columns).split(","):
            words = part.split()
            if not words:
                continue
            descending = len(words) > 1 and words[1].lower() in ("убыв", "desc")
            rules.append((self._field(words[0]), descending))
        for f, descending in reversed(rules):
            self.rows.sort(key=_SortKey.factory(f), reverse=descending)

    def bsl_index_get(self, key: Any) -> Any:
        return self.rows[self._row_index(key)]

    def bsl_iter(self) -> Iterator[Any]:
        return iter(list(self.rows))


class _SortKey:
    """A sort key comparing BSL values with the platform's ordering."""

    __slots__ = ("value",)

    def __init__(self, value: Any):
        self.value = value

    def __lt__(self, other: _SortKey) -> bool:
        return bool(less(self.value, other.value))

    @staticmethod
    def factory(f: Field) -> Any:
        return lambda row: _SortKey(to_bsl(row.values[f.name]))
