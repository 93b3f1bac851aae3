"""Date functions of the query language on the stored form of dates ('YYYY-MM-DD HH:MM:SS'):
НАЧАЛОПЕРИОДА, КОНЕЦПЕРИОДА, ДОБАВИТЬКДАТЕ, РАЗНОСТЬДАТ and the parts ГОД … СЕКУНДА. They are
installed as SQLite functions (sqlite_functions.py); a NULL argument gives NULL, as in 1C.

Weeks start on Monday; a decade is days 1–10, 11–20 and 21–end of month; РАЗНОСТЬДАТ counts whole
units between the starts of the two dates' periods (ДЕНЬ: between midnights), as 1C does.
"""

from __future__ import annotations

import calendar
import datetime as _dt
from typing import Final

from prism_desktop.platform.schema import date_from_sql, date_to_sql

SECOND: Final = "SECOND"
MINUTE: Final = "MINUTE"
HOUR: Final = "HOUR"
DAY: Final = "DAY"
WEEK: Final = "WEEK"
DECADE: Final = "DECADE"
MONTH: Final = "MONTH"
QUARTER: Final = "QUARTER"
HALFYEAR: Final = "HALFYEAR"
YEAR: Final = "YEAR"

UNITS: Final[dict[str, str]] = {
    "секунда": SECOND,
    "second": SECOND,
    "минута": MINUTE,
    "minute": MINUTE,
    "час": HOUR,
    "hour": HOUR,
    "день": DAY,
    "day": DAY,
    "неделя": WEEK,
    "week": WEEK,
    "декада": DECADE,
    "tendays": DECADE,
    "месяц": MONTH,
    "month": MONTH,
    "квартал": QUARTER,
    "quarter": QUARTER,
    "полугодие": HALFYEAR,
    "halfyear": HALFYEAR,
    "год": YEAR,
    "year": YEAR,
}
DIFF_UNITS: Final = (SECOND, MINUTE, HOUR, DAY, MONTH, QUARTER, YEAR)

# date parts: function name -> unit key used by `part`
PARTS: Final[dict[str, str]] = {
    "год": "year",
    "year": "year",
    "квартал": "quarter",
    "quarter": "quarter",
    "месяц": "month",
    "month": "month",
    "деньгода": "dayofyear",
    "dayofyear": "dayofyear",
    "день": "day",
    "day": "day",
    "неделя": "week",
    "week": "week",
    "деньнедели": "weekday",
    "weekday": "weekday",
    "час": "hour",
    "hour": "hour",
    "минута": "minute",
    "minute": "minute",
    "секунда": "second",
    "second": "second",
}


def begin_of(date: _dt.datetime, unit: str) -> _dt.datetime:
    if unit == SECOND:
        return date
    if unit == MINUTE:
        return date.replace(second=0)
    if unit == HOUR:
        return date.replace(minute=0, second=0)
    day = date.replace(hour=0, minute=0, second=0)
    if unit == DAY:
        return day
    if unit == WEEK:
        return day - _dt.timedelta(days=day.weekday())
    if unit == DECADE:
        return day.replace(day=min((day.day - 1) // 10, 2) * 10 + 1)
    if unit == MONTH:
        return day.replace(day=1)
    if unit == QUARTER:
        return day.replace(month=(day.month - 1) // 3 * 3 + 1, day=1)
    if unit == HALFYEAR:
        return day.replace(month=1 if day.month <= 6 else 7, day=1)
    return day.replace(month=1, day=1)


def begin_sql(value_sql: str, unit: str | None) -> str:
    """begin_of in SQLite's own functions over a stored date ('YYYY-MM-DD HH:MM:SS', NULL through; no
    unit: the moment itself): the period fields of the register tables take it per movement, where a
    Python function called per row would cost most of the query."""
    x = value_sql
    if unit is None:
        return x
    month = f"CAST(substr({x}, 6, 2) AS INTEGER)"
    day = f"CAST(substr({x}, 9, 2) AS INTEGER)"
    forms = {
        SECOND: x,
        MINUTE: f"substr({x}, 1, 17) || '00'",
        HOUR: f"substr({x}, 1, 14) || '00:00'",
        DAY: f"substr({x}, 1, 11) || '00:00:00'",
        WEEK: f"date({x}, '-6 days', 'weekday 1') || ' 00:00:00'",
        DECADE: f"substr({x}, 1, 8) || printf('%02d 00:00:00', MIN(({day} - 1) / 10, 2) * 10 + 1)",
        MONTH: f"substr({x}, 1, 8) || '01 00:00:00'",
        QUARTER: f"substr({x}, 1, 5) || printf('%02d-01 00:00:00', ({month} - 1) / 3 * 3 + 1)",
        HALFYEAR: f"substr({x}, 1, 5) || CASE WHEN {month} <= 6 THEN '01' ELSE '07' END || '-01 00:00:00'",
        YEAR: f"substr({x}, 1, 5) || '01-01 00:00:00'",
    }
    return f"({forms[unit]})"


def end_of(date: _dt.datetime, unit: str) -> _dt.datetime:
    """The last second of the period containing `date`."""
    start = begin_of(date, unit)
    if unit == SECOND:
        return start
    if unit == DECADE and start.day == 21:
        last = calendar.monthrange(start.year, start.month)[1]
        return start.replace(day=last, hour=23, minute=59, second=59)
    return add_to(start, unit, 1) - _dt.timedelta(seconds=1)


def add_to(date: _dt.datetime, unit: str, count: int) -> _dt.datetime:
    if unit in (SECOND, MINUTE, HOUR, DAY, WEEK):
        seconds = {SECOND: 1, MINUTE: 60, HOUR: 3600, DAY: 86400, WEEK: 604800}[unit]
        return date + _dt.timedelta(seconds=seconds * count)
    if unit == DECADE:
        return date + _dt.timedelta(days=10 * count)
    months = count * {MONTH: 1, QUARTER: 3, HALFYEAR: 6, YEAR: 12}[unit]
    index = date.year * 12 + date.month - 1 + months
    year, month = divmod(index, 12)
    day = min(date.day, calendar.monthrange(year, month + 1)[1])
    return date.replace(year=year, month=month + 1, day=day)


def difference(first: _dt.datetime, second: _dt.datetime, unit: str) -> int:
    """РАЗНОСТЬДАТ(first, second, unit): second − first in whole units."""
    if unit == SECOND:
        return int((second - first).total_seconds())
    if unit in (MINUTE, HOUR, DAY):
        size = {MINUTE: 60, HOUR: 3600, DAY: 86400}[unit]
        delta = begin_of(second, unit) - begin_of(first, unit)
        return int(delta.total_seconds()) // size
    months = (second.year - first.year) * 12 + second.month - first.month
    if unit == MONTH:
        return months
    if unit == QUARTER:
        return (second.year * 4 + (second.month - 1) // 3) - (first.year * 4 + (first.month - 1) // 3)
    return second.year - first.year


def part(date: _dt.datetime, what: str) -> int:
    if what == "year":
        return date.year
    if what == "quarter":
        return (date.month - 1) // 3 + 1
    if what == "month":
        return date.month
    if what == "dayofyear":
        return date.timetuple().tm_yday
    if what == "day":
        return date.day
    if what == "week":
        # week 1 holds 1 January; weeks start on Monday
        jan1 = date.replace(month=1, day=1, hour=0, minute=0, second=0)
        return (date.timetuple().tm_yday + jan1.weekday() - 1) // 7 + 1
    if what == "weekday":
        return date.weekday() + 1
    if what == "hour":
        return date.hour
    if what == "minute":
        return date.minute
    return date.second


def presentation(date: _dt.datetime) -> str:
    """1C's default date presentation: "05.03.2024 9:07:00"."""
    return f"{date.day:02d}.{date.month:02d}.{date.year:04d} {date.hour}:{date.minute:02d}:{date.second:02d}"


# --- SQLite wrappers (text in, text/int out, NULL through) ------------------------------------


def sql_begin(text: str | None, unit: str) -> str | None:
    return None if text is None else date_to_sql(begin_of(date_from_sql(text), unit))


def sql_end(text: str | None, unit: str) -> str | None:
    return None if text is None else date_to_sql(end_of(date_from_sql(text), unit))


def sql_add(text: str | None, unit: str, count: float | int | None) -> str | None:
    if text is None or count is None:
        return None
    return date_to_sql(add_to(date_from_sql(text), unit, int(count)))


def sql_diff(first: str | None, second: str | None, unit: str) -> int | None:
    if first is None or second is None:
        return None
    return difference(date_from_sql(first), date_from_sql(second), unit)


def sql_part(text: str | None, what: str) -> int | None:
    return None if text is None else part(date_from_sql(text), what)


def sql_make(year: int, month: int, day: int, hour: int = 0, minute: int = 0, second: int = 0) -> str:
    return date_to_sql(_dt.datetime(year, month, day, hour, minute, second))
