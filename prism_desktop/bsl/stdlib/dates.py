"""Global date functions (syntax assistant: "Функции работы со значениями типа Дата").
Weeks start on Monday; НеделяГода counts the week holding 1 January as week 1."""

from __future__ import annotations

import datetime as _dt
from typing import Any

from prism_desktop.bsl.stdlib.globals import arg_int, builtin
from prism_desktop.bsl.values import dates
from prism_desktop.bsl.values.dates import require_date


@builtin("Год", "Year")
def year(value: Any) -> int:
    return require_date(value).year


@builtin("Месяц", "Month")
def month(value: Any) -> int:
    return require_date(value).month


@builtin("День", "Day")
def day(value: Any) -> int:
    return require_date(value).day


@builtin("Час", "Hour")
def hour(value: Any) -> int:
    return require_date(value).hour


@builtin("Минута", "Minute")
def minute(value: Any) -> int:
    return require_date(value).minute


@builtin("Секунда", "Second")
def second(value: Any) -> int:
    return require_date(value).second


@builtin("ДеньГода", "DayOfYear")
def day_of_year(value: Any) -> int:
    return require_date(value).timetuple().tm_yday


@builtin("ДеньНедели", "WeekDay")
def week_day(value: Any) -> int:
    """1 = Monday … 7 = Sunday."""
    return require_date(value).isoweekday()


@builtin("НеделяГода", "WeekOfYear")
def week_of_year(value: Any) -> int:
    d = require_date(value)
    first_weekday = _dt.date(d.year, 1, 1).weekday()  # 0 = Monday
    return (d.timetuple().tm_yday - 1 + first_weekday) // 7 + 1


@builtin("НачалоДня", "BegOfDay")
def beg_of_day(value: Any) -> _dt.datetime:
    d = require_date(value)
    return d.replace(hour=0, minute=0, second=0)


@builtin("КонецДня", "EndOfDay")
def end_of_day(value: Any) -> _dt.datetime:
    return require_date(value).replace(hour=23, minute=59, second=59)


@builtin("НачалоЧаса", "BegOfHour")
def beg_of_hour(value: Any) -> _dt.datetime:
    return require_date(value).replace(minute=0, second=0)


@builtin("КонецЧаса", "EndOfHour")
def end_of_hour(value: Any) -> _dt.datetime:
    return require_date(value).replace(minute=59, second=59)


@builtin("НачалоМинуты", "BegOfMinute")
def beg_of_minute(value: Any) -> _dt.datetime:
    return require_date(value).replace(second=0)


@builtin("КонецМинуты", "EndOfMinute")
def end_of_minute(value: Any) -> _dt.datetime:
    return require_date(value).replace(second=59)


@builtin("НачалоНедели", "BegOfWeek")
def beg_of_week(value: Any) -> _dt.datetime:
    d = beg_of_day(value)
    return dates.add_seconds(d, -86400 * d.weekday()) if d.weekday() else d


@builtin("КонецНедели", "EndOfWeek")
def end_of_week(value: Any) -> _dt.datetime:
    return dates.add_seconds(beg_of_week(value), 7 * 86400 - 1)


@builtin("НачалоМесяца", "BegOfMonth")
def beg_of_month(value: Any) -> _dt.datetime:
    return beg_of_day(value).replace(day=1)


@builtin("КонецМесяца", "EndOfMonth")
def end_of_month(value: Any) -> _dt.datetime:
    d = require_date(value)
    return d.replace(day=dates.days_in_month(d.year, d.month), hour=23, minute=59, second=59)


@builtin("НачалоКвартала", "BegOfQuarter")
def beg_of_quarter(value: Any) -> _dt.datetime:
    d = beg_of_month(value)
    return d.replace(month=(d.month - 1) // 3 * 3 + 1)


@builtin("КонецКвартала", "EndOfQuarter")
def end_of_quarter(value: Any) -> _dt.datetime:
    start = beg_of_quarter(value)
    return end_of_month(start.replace(month=start.month + 2))


@builtin("НачалоГода", "BegOfYear")
def beg_of_year(value: Any) -> _dt.datetime:
    return beg_of_day(value).replace(month=1, day=1)


@builtin("КонецГода", "EndOfYear")
def end_of_year(value: Any) -> _dt.datetime:
    return require_date(value).replace(month=12, day=31, hour=23, minute=59, second=59)


@builtin("ДобавитьМесяц", "AddMonth")
def add_month(value: Any, count: Any) -> _dt.datetime:
    return dates.add_months(require_date(value), arg_int(count))


@builtin("ТекущаяДата", "CurrentDate", implicit="context")
def current_date(ctx: Any) -> _dt.datetime:
    return ctx.now()


@builtin("ТекущаяДатаСеанса", "CurrentSessionDate", implicit="context")
def current_session_date(ctx: Any) -> _dt.datetime:
    return ctx.now()


@builtin("ТекущаяУниверсальнаяДата", "CurrentUniversalDate", implicit="context")
def current_universal_date(ctx: Any) -> _dt.datetime:
    return ctx.utc_now()
