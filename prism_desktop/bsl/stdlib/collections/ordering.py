"""The order in which collection sorts (ТаблицаЗначений.Сортировать, СписокЗначений.СортироватьПоЗначению,
ДеревоЗначений) place values.

The syntax assistant says only: values of different types are compared by a type code, values of
simple types by value, other values by their string presentation. The type code order used here is
the one OneScript (PRISM's category-A runner) documents as checked against 1C 8.3.27:
Неопределено < Null < Булево < Число < Строка < Дата < objects (by presentation) < Тип.
Strings compare as the `<` operator compares them (values/compare.string_key).
"""

from __future__ import annotations

import datetime as _dt
from typing import Any

from prism_desktop.bsl.values.base import NULL, BslObject, BslType, is_number
from prism_desktop.bsl.values.compare import string_key

_UNDEFINED_RANK = 0
_NULL_RANK = 1
_BOOL_RANK = 2
_NUMBER_RANK = 3
_STRING_RANK = 4
_DATE_RANK = 5
_OBJECT_RANK = 6
_TYPE_RANK = 7


def sort_key(value: Any) -> tuple[int, Any]:
    """A key whose Python order is the platform's collection order for any BSL value."""
    if value is None:
        return (_UNDEFINED_RANK, 0)
    if value is NULL:
        return (_NULL_RANK, 0)
    if isinstance(value, bool):
        return (_BOOL_RANK, int(value))
    if is_number(value):
        return (_NUMBER_RANK, value)
    if isinstance(value, str):
        return (_STRING_RANK, string_key(value))
    if isinstance(value, _dt.datetime):
        return (_DATE_RANK, value)
    if isinstance(value, BslType):
        return (_TYPE_RANK, string_key(value.name))
    if isinstance(value, BslObject):
        return (_OBJECT_RANK, string_key(value.bsl_presentation()))
    return (_OBJECT_RANK, string_key(str(value)))
