"""What every manager shares (managers.py for the objects, register_managers.py for the registers):
the common base class, 1C's wording of a wrong parameter, and the conversions of Отбор, a period and
a result table."""

from __future__ import annotations

import datetime as _dt
from typing import Any

from prism_desktop.bsl.platform_bridge.session import current, guarded
from prism_desktop.bsl.platform_bridge.values import from_bsl, to_bsl
from prism_desktop.bsl.stdlib.collections import BslValueTable
from prism_desktop.bsl.stdlib.collections.structure import StructureReading
from prism_desktop.bsl.values.base import BslObject, BslRuntimeError
from prism_desktop.platform import metadata as md
from prism_desktop.platform.refs import RefKey

WRONG_PARAMETER = "Неверный тип параметра (параметр номер '{}')"
FIELD_NOT_FOUND = "Поле объекта не обнаружено ({})"


def argument_type_error(method_name: str, param_no: int) -> BslRuntimeError:
    """1C's error for an argument of the wrong type to a platform method."""
    mismatch = f"Несоответствие типов (параметр номер '{param_no}')"
    return BslRuntimeError(f"Ошибка при вызове метода контекста ({method_name}): {mismatch}")


def structure_items(value: Any, param_no: int) -> list[tuple[str, Any]]:
    """The (key, value) pairs of a Структура given as Отбор: none for Неопределено, the platform's
    wrong-parameter error for any other type."""
    if value is None:
        return []
    if not isinstance(value, StructureReading):
        raise BslRuntimeError(WRONG_PARAMETER.format(param_no))
    return [(key, value.get(key)) for key in value.keys()]  # noqa: SIM118 (a Структура, not a dict)


def structure_filters(meta: md.MetaObject, value: Any, param_no: int) -> dict[str, Any]:
    """A Структура used as Отбор -> {field name: platform value}; unknown fields are errors."""
    result: dict[str, Any] = {}
    for key, item in structure_items(value, param_no):
        f = meta.field(key)
        if f is None:
            raise BslRuntimeError(FIELD_NOT_FOUND.format(key))
        result[f.name] = from_bsl(item)
    return result


def date_or_none(value: Any, param_no: int = 1) -> _dt.datetime | None:
    """A period parameter: a date, a document (its moment) or Неопределено."""
    value = from_bsl(value)
    if value is None:
        return None
    if isinstance(value, _dt.datetime):
        return value
    if isinstance(value, RefKey) and value.kind == md.DOCUMENT:  # a point in time given as a document
        values = guarded(current().read_values, value)
        return values["Дата"] if values else None
    raise BslRuntimeError(WRONG_PARAMETER.format(param_no))


def value_table(columns: list[str], rows: list[dict[str, Any]]) -> BslValueTable:
    return BslValueTable.from_rows(columns, [[to_bsl(row[c]) for c in columns] for row in rows])


class BslObjectManager(BslObject):
    """Common part of the managers of one metadata object."""

    TYPE_RU = "Менеджер"
    TYPE_EN = "Manager"
    __slots__ = ("meta",)

    def __init__(self, meta: md.MetaObject):
        self.meta = meta

    def bsl_presentation(self) -> str:
        return self.meta.full_name
