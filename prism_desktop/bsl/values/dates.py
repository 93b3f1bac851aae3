"""Дата: construction, arithmetic in seconds, calendar helpers and the default presentation."""

from __future__ import annotations

import datetime as _dt
from decimal import Decimal
from typing import Any

from prism_desktop.bsl.values.base import BslRuntimeError, is_number

EMPTY_DATE = _dt.datetime(1, 1, 1)
MAX_DATE = _dt.datetime(3999, 12, 31, 23, 59, 59)
DATE_ERROR = "Преобразование значения к типу Дата не может быть выполнено"

MONTHS_GENITIVE = (
    "января", "февраля", "марта", "апреля", "мая", "июня",
    "июля", "августа", "сентября", "октября", "ноября", "декабря",
)
MONTHS_NOMINATIVE = (
    "Январь", "Февраль", "Март", "Апрель", "Май", "Июнь",
    "Июль", "Август", "Сентябрь", "Октябрь", "Ноябрь", "Декабрь",
)
WEEKDAYS = ("понедельник", "вторник", "среда", "четверг", "пятница", "суббота", "воскресенье")
WEEKDAYS_SHORT = ("Пн", "Вт", "Ср", "Чт", "Пт", "Сб", "Вс")


def make_date(
    year: int, month: int, day: int, hour: int = 0, minute: int = 0, second: int = 0
) -> _dt.datetime:
    """Дата(Год, Месяц, День, Час, Минута, Секунда); Дата(0,1,1) / (1,1,1) is the empty date."""
    if year == 0 and month in (0, 1) and day in (0, 1) and not (hour or minute or second):
        return EMPTY_DATE
    try:
        value = _dt.datetime(year, month, day, hour, minute, second)
    except (ValueError, OverflowError) as exc:
        raise BslRuntimeError(DATE_ERROR) from exc
    if value > MAX_DATE:
        raise BslRuntimeError(DATE_ERROR)
    return value


def parse_date(text: str) -> _dt.datetime:
    """Дата("20240131"), Дата("20240131235959"), Дата("2024.01.31"): the digits of ГГГГММДД[ччмм[сс]],
    separators other than letters ignored, as in date literals."""
    digits = "".join(ch for ch in text if ch.isdigit())
    if len(digits) not in (8, 12, 14) or any(ch.isalpha() for ch in text):
        raise BslRuntimeError(DATE_ERROR)
    digits = digits.ljust(14, "0")
    parts = [int(digits[i:j]) for i, j in ((0, 4), (4, 6), (6, 8), (8, 10), (10, 12), (12, 14))]
    if parts[:3] == [0, 0, 0]:
        return EMPTY_DATE
    return make_date(*parts)


def add_seconds(date: _dt.datetime, seconds: int | Decimal) -> _dt.datetime:
    """Дата + Число: the fraction of a second is dropped (dates have a one-second resolution)."""
    whole = int(seconds)
    try:
        result = date + _dt.timedelta(seconds=whole)
    except OverflowError as exc:
        raise BslRuntimeError("Недопустимое значение даты") from exc
    if result > MAX_DATE or result < EMPTY_DATE:
        raise BslRuntimeError("Недопустимое значение даты")
    return result


def difference(a: _dt.datetime, b: _dt.datetime) -> int:
    """Дата − Дата: whole seconds."""
    delta = a - b
    return delta.days * 86400 + delta.seconds


def add_months(date: _dt.datetime, months: int) -> _dt.datetime:
    """ДобавитьМесяц: the day is clipped to the last day of the target month."""
    index = date.year * 12 + (date.month - 1) + months
    year, month = divmod(index, 12)
    month += 1
    day = min(date.day, days_in_month(year, month))
    return make_date(year, month, day, date.hour, date.minute, date.second)


def days_in_month(year: int, month: int) -> int:
    if month == 12:
        return 31
    return (_dt.date(year, month + 1, 1) - _dt.date(year, month, 1)).days


def presentation(value: _dt.datetime) -> str:
    """Строка(Дата): "31.01.2024 0:00:00" (the ДЛФ=ДВ form)."""
    day = f"{value.day:02d}.{value.month:02d}.{value.year:04d}"
    return f"{day} {value.hour}:{value.minute:02d}:{value.second:02d}"


def is_date(value: Any) -> bool:
    return isinstance(value, _dt.datetime)


def require_date(value: Any, param_no: int = 1) -> _dt.datetime:
    if isinstance(value, _dt.datetime):
        return value
    raise BslRuntimeError(f"Несоответствие типов (параметр номер '{param_no}')")


def seconds_arg(value: Any) -> int | Decimal:
    if is_number(value):
        return value
    raise BslRuntimeError("Преобразование значения к типу Число не может быть выполнено")
