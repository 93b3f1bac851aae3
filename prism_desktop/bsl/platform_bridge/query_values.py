"""Query values between BSL and the platform: parameters in (arrays, value lists and value tables for
В, value tables as ИЗ &Таблица, Граница), result cells out (NULL, references …), and the system
enumerations of the query objects (ОбходРезультатаЗапроса, ТипЗаписиЗапроса, ВидГраницы)."""

from __future__ import annotations

import datetime as _dt
from typing import Any

from prism_desktop.bsl.platform_bridge.values import from_bsl, to_bsl
from prism_desktop.bsl.stdlib.collections import (
    BslArray,
    BslFixedArray,
    BslTypeDescription,
    BslValueList,
    BslValueTable,
)
from prism_desktop.bsl.values.base import NULL, BslObject, BslRuntimeError, method
from prism_desktop.bsl.values.enums import EnumValue, make_enum
from prism_desktop.platform.query import NULL as QUERY_NULL
from prism_desktop.platform.query import Boundary, ParameterTable, UnsupportedValue
from prism_desktop.platform.query.values import QueryNull

TRAVERSAL, TRAVERSAL_VALUES = make_enum(
    "ОбходРезультатаЗапроса",
    [
        ("Прямой", "Linear"),
        ("ПоГруппировкам", "ByGroups"),
        ("ПоГруппировкамСИерархией", "ByGroupsWithHierarchy"),
    ],
)
RECORD_TYPE, RECORD_TYPE_VALUES = make_enum(
    "ТипЗаписиЗапроса",
    [
        ("ДетальнаяЗапись", "DetailRecord"),
        ("ИтогПоГруппировке", "GroupTotal"),
        ("ИтогПоИерархии", "TotalByHierarchy"),
        ("ОбщийИтог", "Overall"),
    ],
)
BOUNDARY_TYPE, BOUNDARY_TYPE_VALUES = make_enum(
    "ВидГраницы", [("Включая", "Including"), ("Исключая", "Excluding")]
)


class BslBoundary(BslObject):
    """Граница(Значение, ВидГраницы): a period bound for virtual tables."""

    TYPE_RU = "Граница"
    TYPE_EN = "Boundary"
    __slots__ = ("inclusive", "moment")

    def __init__(self, moment: _dt.datetime, inclusive: bool):
        self.moment = moment
        self.inclusive = inclusive

    @classmethod
    def construct(cls, args: list[Any]) -> BslBoundary:
        if not args or len(args) > 2:
            raise BslRuntimeError("Недопустимое количество параметров")
        moment = args[0]
        if not isinstance(moment, _dt.datetime):
            raise BslRuntimeError("Несоответствие типов (параметр номер '1')")
        kind = args[1] if len(args) > 1 else None
        if kind is not None and not (isinstance(kind, EnumValue) and kind.enum_name == "ВидГраницы"):
            raise BslRuntimeError("Несоответствие типов (параметр номер '2')")
        return cls(moment, kind is None or kind is BOUNDARY_TYPE_VALUES["Включая"])

    @method("Значение", "Value")
    def value(self) -> _dt.datetime:
        return self.moment

    @method("ВидГраницы", "BoundaryType")
    def kind(self) -> EnumValue:
        return BOUNDARY_TYPE_VALUES["Включая" if self.inclusive else "Исключая"]


def parameter_from_bsl(value: Any) -> Any:
    """A BSL parameter value as the query layer takes it."""
    if value is NULL:
        return QUERY_NULL
    if isinstance(value, (BslArray, BslFixedArray)):
        return [parameter_from_bsl(v) for v in value.bsl_iter()]
    if isinstance(value, BslValueList):
        return [parameter_from_bsl(v) for v in value.values()]
    if isinstance(value, BslValueTable):
        return _table(value)
    if isinstance(value, BslBoundary):
        return Boundary(value.moment, value.inclusive)
    converted = from_bsl(value)
    if isinstance(converted, BslObject):
        return UnsupportedValue(converted.TYPE_RU)
    return converted


def _table(table: BslValueTable) -> ParameterTable:
    columns = table.columns.items
    described = []
    for column in columns:
        declared = from_bsl(column.value_type) if isinstance(column.value_type, BslTypeDescription) else None
        described.append((column.name, declared if getattr(declared, "types", None) else None))
    rows = [tuple(parameter_from_bsl(row.value(c)) for c in columns) for row in table.rows]
    return ParameterTable(described, rows)


def cell_to_bsl(value: Any) -> Any:
    """A result cell as BSL sees it."""
    if isinstance(value, QueryNull):
        return NULL
    return to_bsl(value)
