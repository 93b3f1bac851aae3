"""Plain-Python values the query layer adds to those of types.py: NULL (distinct from Неопределено =
None), a period boundary (Граница), a table passed as a parameter, and the type of a query value.

Types of query expressions are tuples of types.SimpleType; `UNDEFINED` stands for Неопределено (a
composite field's empty value), and NULL has no type at all (an empty tuple).
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, ClassVar, Final

from prism_desktop.platform.refs import RefKey
from prism_desktop.platform.types import (
    BOOLEAN_TYPE,
    DATE_TYPE,
    NUMBER,
    STRING,
    TYPE_DESCRIPTION,
    UNDEFINED_TAG,
    SimpleType,
    SystemEnumValue,
    TypeDescription,
    number_type,
    ref_type,
    string_type,
    system_enum_type,
)


class QueryNull:
    """NULL of the query language (a missing value of an outer join, СУММА of no rows)."""

    __slots__ = ()
    _instance: ClassVar[QueryNull | None] = None

    def __new__(cls) -> QueryNull:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "NULL"


NULL: Final = QueryNull()

UNDEFINED: Final = SimpleType("Неопределено")
TYPE_VALUE: Final = SimpleType("Тип")  # ТИП(…) / ТИПЗНАЧЕНИЯ(…): compared, never selected
NUMBER_PRECISION_LIMIT: Final = 8  # digits after the point 1C keeps in query arithmetic
ANY_NUMBER: Final = number_type(38, NUMBER_PRECISION_LIMIT)
ANY_STRING: Final = string_type(0)

Types = tuple[SimpleType, ...]


@dataclass(frozen=True, slots=True)
class Boundary:
    """Граница: a moment with its inclusion (ВидГраницы.Включая / Исключая)."""

    moment: _dt.datetime
    inclusive: bool


@dataclass
class ParameterTable:
    """A ТаблицаЗначений passed as a parameter: columns (name, declared types or None) and rows."""

    columns: list[tuple[str, TypeDescription | None]]
    rows: list[tuple[Any, ...]] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class UnsupportedValue:
    """A parameter value the query language cannot take (a Структура, a Соответствие …)."""

    type_name: str


def tag_of(simple: SimpleType) -> str:
    """The type tag of a value (schema.py's composite tags; 'U' for Неопределено)."""
    return UNDEFINED_TAG if simple is UNDEFINED or simple.name == UNDEFINED.name else simple.tag


def type_of_value(value: Any) -> SimpleType | None:
    """The query type of a plain Python value; None for NULL and for values without one."""
    if value is None:
        return UNDEFINED
    if isinstance(value, bool):
        return BOOLEAN_TYPE
    if isinstance(value, int):
        return number_type(38, 0)
    if isinstance(value, Decimal):
        exponent = value.as_tuple().exponent
        digits = -exponent if isinstance(exponent, int) and exponent < 0 else 0
        return number_type(38, min(digits, 37))
    if isinstance(value, str):
        return ANY_STRING
    if isinstance(value, _dt.datetime):
        return DATE_TYPE
    if isinstance(value, RefKey):
        return ref_type(value.kind, value.name)
    if isinstance(value, SystemEnumValue):
        return system_enum_type(value.enum)
    if isinstance(value, TypeDescription):
        return SimpleType(TYPE_DESCRIPTION)
    return None


def same_kind(a: SimpleType, b: SimpleType) -> bool:
    """Whether values of the two types can be equal (numbers of any precision are one kind)."""
    if a.name == NUMBER or b.name == NUMBER:
        return a.name == b.name
    if a.name == STRING or b.name == STRING:
        return a.name == b.name
    return tag_of(a) == tag_of(b)


def merge_types(*groups: Types) -> Types:
    """The union of several type lists: numbers merge into the widest precision, strings into an
    unlimited string; the order of first appearance is kept."""
    result: list[SimpleType] = []
    for group in groups:
        for t in group:
            twin = next((i for i, r in enumerate(result) if same_kind(r, t)), None)
            if twin is None:
                result.append(t)
            elif t.name == NUMBER:
                old = result[twin]
                result[twin] = number_type(max(old.length, t.length), max(old.precision, t.precision))
            elif t.name == STRING and t != result[twin]:
                result[twin] = ANY_STRING
    return tuple(result)


def is_numeric(types: Types) -> bool:
    return bool(types) and all(t.name == NUMBER for t in types)


def is_string(types: Types) -> bool:
    return bool(types) and all(t.name == STRING for t in types)


def has_string(types: Types) -> bool:
    return any(t.name == STRING for t in types)


def precision_of(types: Types) -> int:
    return max((t.precision for t in types if t.name == NUMBER), default=0)
