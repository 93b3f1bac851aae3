"""Число: exact decimal arithmetic with the platform's precision, conversions and rounding.

The syntax assistant (type "Число"; mirrored in English as "A number can have a maximum of 38 digits",
http://yellow-erp.com/help/shlang/def_Number) fixes the precision at 38 significant digits. Results
that are not exact are rounded to 38 significant digits (half away from zero), so 1/3 is
0.33333333333333333333333333333333333333 and 1/3*3 is 0.99999999999999999999999999999999999999,
while 0.1 + 0.2 is exactly 0.3. Integral results are Python ints (values/base.py).
"""

from __future__ import annotations

import decimal
import math
from decimal import Decimal
from functools import lru_cache
from typing import Any

from prism_desktop.bsl.values.base import BslRuntimeError, is_number

PRECISION = 38
CONTEXT = decimal.Context(
    prec=PRECISION,
    rounding=decimal.ROUND_HALF_UP,
    Emin=-999_999,
    Emax=999_999,
    traps=[decimal.InvalidOperation, decimal.DivisionByZero, decimal.Overflow],
)

TO_NUMBER_ERROR = "Преобразование значения к типу Число не может быть выполнено"
DIVISION_BY_ZERO = "Деление на 0"

Number = int | Decimal


def number_error() -> BslRuntimeError:
    return BslRuntimeError(TO_NUMBER_ERROR)


def norm(value: Decimal) -> Number:
    """An integral Decimal becomes an int; others keep at most PRECISION significant digits
    (CONTEXT.plus leaves a number of PRECISION digits or fewer as it is)."""
    if value == value.to_integral_value():
        return int(value)
    return _PLUS(value)


def _exact(value: Decimal) -> Number:
    """norm() of a result of CONTEXT's arithmetic, which has at most PRECISION digits already."""
    return int(value) if value == value.to_integral_value() else value


# CONTEXT's operations as plain functions (they take ints as they are, converted exactly).
_PLUS = CONTEXT.plus
_ADD = CONTEXT.add
_SUBTRACT = CONTEXT.subtract
_MULTIPLY = CONTEXT.multiply
_DIVIDE = CONTEXT.divide


def parse_number(text: str) -> Number:
    """Число(" 12.5 "): leading/trailing white space and a sign allowed, a point as the decimal
    separator. As in OneScript (PRISM's category-A oracle, which parses with the invariant culture),
    a decimal comma, digit grouping and exponents are not numbers: the platform's error is raised."""
    cleaned = text.strip(" \t\n\r\v\f")
    if not cleaned or not _is_plain_decimal(cleaned):
        raise number_error()
    try:
        return norm(Decimal(cleaned))
    except decimal.InvalidOperation as exc:
        raise number_error() from exc


def _is_plain_decimal(text: str) -> bool:
    body = text[1:] if text[0] in "+-" else text
    if not body or body.count(".") > 1:
        return False
    return body != "." and all((ch.isdigit() and ch.isascii()) or ch == "." for ch in body)


def to_number(value: Any) -> Number:
    """The implicit conversion used by arithmetic: numbers as they are, strings parsed, else error."""
    if is_number(value):
        return value
    if isinstance(value, str):
        return parse_number(value)
    raise number_error()


def as_decimal(value: Number) -> Decimal:
    return value if type(value) is Decimal else Decimal(value)


def add(a: Number, b: Number) -> Number:
    if type(a) is int and type(b) is int:
        return a + b
    result = _ADD(a, b)  # _exact, inlined: a hot path of decimal code
    return int(result) if result == result.to_integral_value() else result


def sub(a: Number, b: Number) -> Number:
    if type(a) is int and type(b) is int:
        return a - b
    result = _SUBTRACT(a, b)  # _exact, inlined: a hot path of decimal code
    return int(result) if result == result.to_integral_value() else result


def mul(a: Number, b: Number) -> Number:
    if type(a) is int and type(b) is int:
        return a * b
    result = _MULTIPLY(a, b)  # _exact, inlined: a hot path of decimal code
    return int(result) if result == result.to_integral_value() else result


def div(a: Number, b: Number) -> Number:
    if not b:
        raise BslRuntimeError(DIVISION_BY_ZERO)
    if type(a) is int and type(b) is int and a % b == 0:
        return a // b
    return _exact(_DIVIDE(a, b))


def mod(a: Number, b: Number) -> Number:
    """`%`: the remainder takes the sign of the dividend (truncated division), as in 1C: -7 % 3 = -1."""
    if not b:
        raise BslRuntimeError(DIVISION_BY_ZERO)
    if type(a) is int and type(b) is int:
        r = abs(a) % abs(b)
        return -r if a < 0 else r
    return norm(CONTEXT.remainder(as_decimal(a), as_decimal(b)))


def neg(a: Number) -> Number:
    return -a


def integer_part(value: Number) -> Number:
    """Цел: the integer part, towards zero."""
    if type(value) is int:
        return value
    return int(value)


ROUND_HALF_AWAY = "Окр15как20"
ROUND_HALF_DOWN = "Окр15как10"


def round_number(value: Number, digits: int = 0, mode: str = ROUND_HALF_AWAY) -> Number:
    """Окр(Число, Разрядность, РежимОкругления): Окр15как20 rounds a 5 away from zero, Окр15как10
    towards zero; a negative Разрядность rounds to tens, hundreds …"""
    if type(value) is int and digits >= 0:
        return value  # a whole number is already rounded to any number of decimal places
    rounding = decimal.ROUND_HALF_UP if mode == ROUND_HALF_AWAY else decimal.ROUND_HALF_DOWN
    # positional arguments and norm() inlined: Окр is a hot path of decimal code (keywords double
    # the cost of quantize)
    result = (value if type(value) is Decimal else Decimal(value)).quantize(_quantum(digits), rounding, _WIDE)
    return int(result) if result == result.to_integral_value() else _PLUS(result)


@lru_cache(maxsize=64)
def _quantum(digits: int) -> Decimal:
    return Decimal(1).scaleb(-digits)


_WIDE = decimal.Context(prec=PRECISION + 40, Emin=-999_999, Emax=999_999)


def to_float(value: Number) -> float:
    return float(value)


def from_float(value: float) -> Number:
    """A math result (Sqrt, Log, Sin …) as a Число: the double rounded to 15 significant digits, as
    .NET converts a double to decimal (OneScript, PRISM's category-A runner: Sqrt(2) and Pow(2, 0.5)
    print 1,4142135623731, not the double's 17-digit 1,4142135623730951)."""
    if math.isnan(value) or math.isinf(value):
        raise BslRuntimeError("Недопустимое значение параметра (результат не является числом)")
    if value == int(value) and abs(value) < 1e18:
        return int(value)
    return norm(CONTEXT.create_decimal(f"{value:.15g}"))


def presentation(value: Number) -> str:
    """Строка(Число): integer digits grouped by three with a non-breaking space, decimal comma,
    no trailing zeros: 1234.5 -> "1 234,5", -0.25 -> "-0,25"."""
    if isinstance(value, int):
        digits = str(abs(value))
        frac = ""
    else:
        text = format(value.normalize(CONTEXT), "f")
        text = text.lstrip("-")
        digits, _, frac = text.partition(".")
        frac = frac.rstrip("0")
    negative = value < 0
    grouped = group_digits(digits, "\u00a0")
    result = grouped + ("," + frac if frac else "")
    return "-" + result if negative else result


def group_digits(digits: str, separator: str, size: int = 3) -> str:
    if len(digits) <= size:
        return digits
    head = len(digits) % size or size
    parts = [digits[:head]] + [digits[i : i + size] for i in range(head, len(digits), size)]
    return separator.join(parts)
