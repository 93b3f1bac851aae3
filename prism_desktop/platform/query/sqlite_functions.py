"""SQLite functions the translated SQL calls (prefix `q1c_`), installed once per connection.

SQLite cannot carry a Python exception out of a user function, so a function that fails (division by
zero, a date out of range) records the platform's message in `failure` and raises; the executor turns
the resulting sqlite3 error into a QueryError with that message.

The infobase itself provides `lower1c` and the collation `CI1C` (infobase.py): strings compare
case-insensitively in queries, as in every 1C database operation.
"""

from __future__ import annotations

import re
import sqlite3
import threading
from collections.abc import Callable
from decimal import ROUND_HALF_UP, Decimal
from functools import lru_cache
from typing import Any

from prism_desktop.platform.query import dates
from prism_desktop.platform.schema import date_from_sql

DIVISION_BY_ZERO = "Деление на 0"


class _Failure(threading.local):
    message: str | None = None


failure = _Failure()


def take_failure() -> str | None:
    message, failure.message = failure.message, None
    return message


def _guard(fn: Callable[..., Any]) -> Callable[..., Any]:
    def call(*args: Any) -> Any:
        try:
            return fn(*args)
        except ZeroDivisionError:
            failure.message = DIVISION_BY_ZERO
            raise
        except (ValueError, OverflowError) as exc:
            failure.message = f"Ошибка вычисления выражения запроса: {exc}"
            raise

    return call


def _divide(a: Any, b: Any) -> float | None:
    if a is None or b is None:
        return None
    if b == 0:
        raise ZeroDivisionError
    return float(Decimal(str(a)) / Decimal(str(b)))


def _round(value: Any, digits: Any) -> int | float | None:
    """Rounding half away from zero (ВЫРАЗИТЬ … КАК Число(n, p), ОКР)."""
    if value is None or digits is None:
        return None
    rounded = Decimal(str(value)).quantize(Decimal(1).scaleb(-int(digits)), rounding=ROUND_HALF_UP)
    return int(rounded) if rounded == rounded.to_integral_value() else float(rounded)


def _truncate(value: Any) -> int | None:
    return None if value is None else int(Decimal(str(value)))


@lru_cache(maxsize=256)
def like_regex(pattern: str, escape: str | None) -> re.Pattern[str]:
    """ПОДОБНО: % any sequence, _ one character, [абв] / [а-я] / [^абв] a set; the СПЕЦСИМВОЛ
    character makes the next one literal. Case-insensitive, matched against the whole string."""
    out: list[str] = []
    i, n = 0, len(pattern)
    while i < n:
        ch = pattern[i]
        if escape and ch == escape and i + 1 < n:
            out.append(re.escape(pattern[i + 1]))
            i += 2
            continue
        if ch == "%":
            out.append(".*")
        elif ch == "_":
            out.append(".")
        elif ch == "[":
            close = pattern.find("]", i + 1)
            if close == -1:
                out.append(re.escape(ch))
            else:
                body = pattern[i + 1 : close]
                negate = body.startswith("^")
                body = body[1:] if negate else body
                chars = "".join("\\" + c if c in "\\]^" else c for c in body)
                out.append(f"[{'^' if negate else ''}{chars}]")
                i = close
        else:
            out.append(re.escape(ch))
        i += 1
    return re.compile("".join(out), re.IGNORECASE | re.DOTALL)


def _like(value: Any, pattern: Any, escape: Any = None) -> int | None:
    if value is None or pattern is None:
        return None
    return 1 if like_regex(str(pattern), escape).fullmatch(str(value)) else 0


def _upper(text: Any) -> Any:
    return text.upper() if isinstance(text, str) else text


def _date_text(text: Any) -> str | None:
    return None if text is None else dates.presentation(date_from_sql(text))


def _number_text(value: Any) -> str | None:
    """A number as 1C presents it: groups of three split by a no-break space, a decimal comma."""
    if value is None:
        return None
    number = Decimal(repr(value)) if isinstance(value, float) else Decimal(value)
    number = number.normalize() if number != number.to_integral_value() else number.quantize(Decimal(1))
    sign = "-" if number < 0 else ""
    whole, _, fraction = format(abs(number), "f").partition(".")
    groups: list[str] = []
    while len(whole) > 3:
        groups.insert(0, whole[-3:])
        whole = whole[:-3]
    groups.insert(0, whole)
    text = "\u00a0".join(groups)
    return f"{sign}{text},{fraction}" if fraction else f"{sign}{text}"


_FUNCTIONS: tuple[tuple[str, int, Callable[..., Any]], ...] = (
    ("q1c_begin", 2, dates.sql_begin),
    ("q1c_end", 2, dates.sql_end),
    ("q1c_add", 3, dates.sql_add),
    ("q1c_diff", 3, dates.sql_diff),
    ("q1c_part", 2, dates.sql_part),
    ("q1c_div", 2, _divide),
    ("q1c_round", 2, _round),
    ("q1c_trunc", 1, _truncate),
    ("q1c_like", 3, _like),
    ("q1c_upper", 1, _upper),
    ("q1c_date_text", 1, _date_text),
    ("q1c_number_text", 1, _number_text),
)


def install(connection: sqlite3.Connection) -> None:
    """Register the q1c_ functions on a connection. Connections cannot be weakly referenced, so
    the executor simply installs them before each batch (a dozen cheap calls; re-creating a function
    replaces it)."""
    for name, arity, fn in _FUNCTIONS:
        connection.create_function(name, arity, _guard(fn), deterministic=True)
