"""How values show as text (Строка(), Сообщить, String + value) and what type they are (ТипЗнч)."""

from __future__ import annotations

import datetime as _dt
from decimal import Decimal
from typing import Any

from prism_desktop.bsl.values import dates, numbers
from prism_desktop.bsl.values.base import NULL, BslObject, BslType

# Canonical (Russian) names of the primitive types, as Тип() and ТипЗнч() give them.
TYPE_UNDEFINED = "Неопределено"
TYPE_NULL = "Null"
TYPE_BOOLEAN = "Булево"
TYPE_NUMBER = "Число"
TYPE_STRING = "Строка"
TYPE_DATE = "Дата"
TYPE_TYPE = "Тип"

PRIMITIVE_TYPE_ALIASES = {
    "неопределено": TYPE_UNDEFINED, "undefined": TYPE_UNDEFINED,
    "null": TYPE_NULL,
    "булево": TYPE_BOOLEAN, "boolean": TYPE_BOOLEAN,
    "число": TYPE_NUMBER, "number": TYPE_NUMBER,
    "строка": TYPE_STRING, "string": TYPE_STRING,
    "дата": TYPE_DATE, "date": TYPE_DATE,
    "тип": TYPE_TYPE, "type": TYPE_TYPE,
}


def to_string(value: Any) -> str:
    """Строка(Значение): numbers "1 234,5", dates "31.01.2024 0:00:00", Да/Нет, "" for
    Неопределено and NULL, the type name for Тип, an object's presentation."""
    if type(value) is str:
        return value
    if value is None or value is NULL:
        return ""
    if value is True:
        return "Да"
    if value is False:
        return "Нет"
    if type(value) is int:
        return str(value) if -1000 < value < 1000 else numbers.presentation(value)  # no digit groups
    if type(value) is Decimal:
        return numbers.presentation(value)
    if isinstance(value, _dt.datetime):
        return dates.presentation(value)
    if isinstance(value, BslType):
        return value.name
    if isinstance(value, BslObject):
        return value.bsl_presentation()
    return str(value)


def type_name(value: Any) -> str:
    """The canonical name of the value's type: what ТипЗнч(Значение) compares equal to."""
    if value is None:
        return TYPE_UNDEFINED
    if value is NULL:
        return TYPE_NULL
    if isinstance(value, bool):
        return TYPE_BOOLEAN
    if isinstance(value, (int, Decimal)):
        return TYPE_NUMBER
    if isinstance(value, str):
        return TYPE_STRING
    if isinstance(value, _dt.datetime):
        return TYPE_DATE
    if isinstance(value, BslType):
        return TYPE_TYPE
    if isinstance(value, BslObject):
        return value.TYPE_RU
    return type(value).__name__


def literal(value: Any) -> str:
    """A value as it would be written in BSL source (used for test-case argument listings):
    strings quoted with doubled quotes, dates as Дата(…), numbers with a decimal point."""
    if isinstance(value, str):
        return '"' + value.replace('"', '""') + '"'
    if value is None:
        return "Неопределено"
    if value is NULL:
        return "NULL"
    if isinstance(value, bool):
        return "Истина" if value else "Ложь"
    if isinstance(value, (int, Decimal)):
        return str(value) if isinstance(value, int) else format(value.normalize(numbers.CONTEXT), "f")
    if isinstance(value, _dt.datetime):
        if value.hour or value.minute or value.second:
            parts = (value.year, value.month, value.day, value.hour, value.minute, value.second)
            return f"Дата({', '.join(map(str, parts))})"
        return f"Дата({value.year}, {value.month}, {value.day})"
    return to_string(value)
