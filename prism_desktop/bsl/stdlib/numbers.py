"""Global number functions (syntax assistant: "Функции работы со значениями типа Число") and
РежимОкругления. Transcendental functions work in double precision, as the platform's do."""

from __future__ import annotations

import math
from decimal import ROUND_HALF_EVEN, Decimal, localcontext
from typing import Any

from prism_desktop.bsl.stdlib.globals import (
    arg_int,
    arg_number,
    arg_str,
    builtin,
    global_property,
    invalid_argument,
)
from prism_desktop.bsl.values import numbers
from prism_desktop.bsl.values.base import BslRuntimeError, is_number
from prism_desktop.bsl.values.compare import greater, less
from prism_desktop.bsl.values.enums import EnumValue, make_enum

ROUND_MODE, _MODES = make_enum(
    "РежимОкругления", [("Окр15как10", "Round15as10"), ("Окр15как20", "Round15as20")]
)
global_property("РежимОкругления", "RoundMode", ROUND_MODE)
ROUND_15_AS_10: EnumValue = _MODES["Окр15как10"]

Number = int | Decimal


@builtin("Цел", "Int")
def int_part(value: Any) -> Number:
    return numbers.integer_part(arg_number(value))


@builtin("Окр", "Round")
def round_(value: Any, digits: Any = None, mode: Any = None) -> Number:
    if type(value) is Decimal and type(digits) is int and mode is None:  # Окр(Сумма, 2): the commonest
        return numbers.round_number(value, digits)
    number = arg_number(value)
    places = 0 if digits is None else arg_int(digits)
    if mode is None or isinstance(mode, EnumValue):
        half_down = mode is ROUND_15_AS_10
    elif is_number(mode):  # OneScript takes a number too: 0 is Окр15как10, any other Окр15как20
        half_down = mode == 0
    else:
        raise invalid_argument(3)
    style = numbers.ROUND_HALF_DOWN if half_down else numbers.ROUND_HALF_AWAY
    return numbers.round_number(number, places, style)


@builtin("Макс", "Max")
def max_(first: Any, *rest: Any) -> Any:
    best = first
    for value in rest:
        if greater(value, best):
            best = value
    return best


@builtin("Мин", "Min")
def min_(first: Any, *rest: Any) -> Any:
    best = first
    for value in rest:
        if less(value, best):
            best = value
    return best


def _float(value: Any) -> float:
    return float(arg_number(value))


MAX_POW_BITS = 1_000_000  # ≈ 300,000 digits


def _math(fn: Any, *args: float) -> Number:
    try:
        return numbers.from_float(fn(*args))
    except (ValueError, OverflowError) as exc:
        raise BslRuntimeError("Недопустимое значение параметра") from exc


@builtin("Pow", "Pow")
def pow_(base: Any, exponent: Any) -> Number:
    b, e = arg_number(base), arg_number(exponent)
    if type(b) is int and type(e) is int and e >= 0:
        if abs(b) > 1 and e * abs(b).bit_length() > MAX_POW_BITS:
            # One multiplication no deadline can interrupt (Pow(10, 100000000) holds the interpreter
            # for minutes); OneScript's decimal overflows far earlier.
            raise BslRuntimeError("Недопустимое значение параметра")
        return b**e
    if type(e) is int and 0 <= e <= MAX_DECIMAL_POW:
        return numbers.norm(_decimal_power(Decimal(b), e))
    return _math(math.pow, float(b), float(e))


MAX_DECIMAL_POW = 100_000  # a whole power of a fraction by squaring: 17 steps at most
_DOTNET_DECIMAL_MAX = 2**96 - 1  # .NET decimal: a 96-bit mantissa, at most 28 digits after the point


def _dotnet_decimal(value: Decimal) -> Decimal:
    """The value as a .NET decimal holds it: as many digits after the point as fit in 96 bits (up to
    28), rounded half to even (OneScript's numbers are .NET decimals)."""
    scale = min(max(0, -int(value.as_tuple().exponent)), 28)
    while True:
        fitted = value.quantize(Decimal(1).scaleb(-scale), rounding=ROUND_HALF_EVEN)
        if scale == 0 or abs(int(fitted.scaleb(scale))) <= _DOTNET_DECIMAL_MAX:
            return fitted
        scale -= 1


def _decimal_power(base: Decimal, exponent: int) -> Decimal:
    """A fraction to a whole power, squaring and multiplying with each product held as a .NET decimal,
    as OneScript computes it: Pow(2.001, 50) = 1154394986095681,3754617408527 (the exact value ends
    …08526)."""
    result = Decimal(1)
    with localcontext() as context:
        context.prec = 200  # exact products of two 29-digit numbers; _dotnet_decimal rounds them
        while True:
            if exponent & 1:
                result = _dotnet_decimal(result * base)
            exponent >>= 1
            if exponent == 0:
                return result
            base = _dotnet_decimal(base * base)


@builtin("Sqrt", "Sqrt")
def sqrt(value: Any) -> Number:
    number = arg_number(value)
    if type(number) is int and number >= 0:
        root = math.isqrt(number)
        if root * root == number:
            return root
    return _math(math.sqrt, float(number))


def _unary(fn: Any) -> Any:
    """A one-argument float function of the global context (Log, Exp, Sin …)."""

    def call(value: Any) -> Number:
        return _math(fn, _float(value))

    call.__name__ = fn.__name__
    return call


for _name, _fn in (
    ("Log", math.log),
    ("Log10", math.log10),
    ("Exp", math.exp),
    ("Sin", math.sin),
    ("Cos", math.cos),
    ("Tan", math.tan),
    ("ASin", math.asin),
    ("ACos", math.acos),
    ("ATan", math.atan),
):
    builtin(_name, _name)(_unary(_fn))


@builtin("ЧислоИзШестнадцатеричнойСтроки", "NumberFromHexString")
def number_from_hex_string(text: Any) -> int:
    """ "0xFF" or "FF" -> 255."""
    s = arg_str(text).strip()
    digits = s[2:] if s.lower().startswith("0x") else s
    try:
        return int(digits, 16)
    except ValueError as exc:
        raise BslRuntimeError(numbers.TO_NUMBER_ERROR) from exc


@builtin("ЧислоИзДвоичнойСтроки", "NumberFromBinaryString")
def number_from_binary_string(text: Any) -> int:
    s = arg_str(text).strip()
    digits = s[2:] if s.lower().startswith("0b") else s
    try:
        return int(digits, 2)
    except ValueError as exc:
        raise BslRuntimeError(numbers.TO_NUMBER_ERROR) from exc
