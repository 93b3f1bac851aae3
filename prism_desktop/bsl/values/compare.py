"""Comparison operators: `=`/`<>` never raise (values/base.values_equal); `<`, `<=`, `>`, `>=` are
defined only between two values of the same primitive type (Булево, Число, Строка, Дата) and raise
the platform's error otherwise.

Strings order as OneScript (PRISM's category-A runner) orders them, with the invariant culture:
letters compare case-insensitively first, and only a tie puts lower case before upper case.
"""

from __future__ import annotations

import datetime as _dt
from decimal import Decimal
from typing import Any

from prism_desktop.bsl.values.base import BslRuntimeError, values_equal

ORDER_ERROR = (
    "Сравнение на больше/меньше допустимо только для значений совпадающих примитивных типов "
    "(Булево, Число, Строка, Дата)"
)

_NUMBER_TYPES = (int, Decimal)
_NUMBER_SET = frozenset(_NUMBER_TYPES)


def string_key(text: str) -> tuple[str, str]:
    return (text.lower(), text.swapcase())


def _ordered_pair(a: Any, b: Any) -> tuple[Any, Any]:
    ta, tb = type(a), type(b)
    if ta in _NUMBER_TYPES and tb in _NUMBER_TYPES:
        return a, b
    if ta is str and tb is str:
        return string_key(a), string_key(b)
    if ta is bool and tb is bool:
        return a, b
    if isinstance(a, _dt.datetime) and isinstance(b, _dt.datetime):
        return a, b
    raise BslRuntimeError(ORDER_ERROR)


# Each operator first tries two numbers (int or Decimal, exact types: Булево is not a Число), the
# case compiled code sends here when its inline int test fails (a Decimal on either side).


def less(a: Any, b: Any) -> bool:
    if type(a) in _NUMBER_SET and type(b) in _NUMBER_SET:
        return bool(a < b)
    x, y = _ordered_pair(a, b)
    return bool(x < y)


def less_equal(a: Any, b: Any) -> bool:
    if type(a) in _NUMBER_SET and type(b) in _NUMBER_SET:
        return bool(a <= b)
    x, y = _ordered_pair(a, b)
    return bool(x <= y)


def greater(a: Any, b: Any) -> bool:
    if type(a) in _NUMBER_SET and type(b) in _NUMBER_SET:
        return bool(a > b)
    x, y = _ordered_pair(a, b)
    return bool(x > y)


def greater_equal(a: Any, b: Any) -> bool:
    if type(a) in _NUMBER_SET and type(b) in _NUMBER_SET:
        return bool(a >= b)
    x, y = _ordered_pair(a, b)
    return bool(x >= y)


def equal(a: Any, b: Any) -> bool:
    return values_equal(a, b)


def not_equal(a: Any, b: Any) -> bool:
    return not values_equal(a, b)
