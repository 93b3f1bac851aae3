"""The locales Формат's Л=/L= parameter selects: separators of numbers, local date formats, and the
names of months and weekdays.

OneScript (PRISM's category-A runner) turns the 1C code ("en_US") into a .NET culture and formats
with that culture's conventions; the tables below hold those conventions for the locales a 1C answer
names in practice. The Russian locale is the default (no Л=, or a code not listed here): decimal
comma, a no-break space between digit groups, the platform's own date formats (Ukrainian, Belarusian
and Kazakh codes format numbers the same way; their month names are not in these tables). English and
German follow their cultures: "1,234.5" and "1.234,5"; "1/2/2020 3:04:05 PM" (en_US, and any other
English code but en_GB: "02/01/2020 15:04:05") and "02.01.2020 15:04:05".

Local date formats are written in the token language of Формат's ДФ (values/format.py), with
`tt` for the AM/PM designator of a 12-hour clock.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from prism_desktop.bsl.values import dates


@dataclass(frozen=True)
class Locale:
    decimal_separator: str
    group_separator: str
    local_formats: dict[str, str]  # ДЛФ value (Д, ДД, В, ДВ, ДДВ) -> pattern
    months: tuple[str, ...]  # the month as a date names it (ММММ after a day)
    months_standalone: tuple[str, ...]  # the month alone (ММММ without a day)
    months_short: tuple[str, ...] | None  # МММ; None: the first three letters of the above
    weekdays: tuple[str, ...]  # Monday first
    weekdays_short: tuple[str, ...]
    am_pm: tuple[str, str] | None  # None: `tt` has no meaning and stays as written


def _local_formats(date: str, long_date: str, time: str) -> dict[str, str]:
    """ДЛФ values from the three patterns a culture defines; Latin spellings are aliases."""
    formats = {
        "Д": date,
        "ДД": long_date,
        "В": time,
        "ДВ": f"{date} {time}",
        "ДДВ": f"{long_date} {time}",
    }
    for ru, en in (("Д", "D"), ("ДД", "DD"), ("В", "T"), ("ДВ", "DT"), ("ДДВ", "DDT")):
        formats[en] = formats[ru]
    return formats


RUSSIAN = Locale(
    decimal_separator=",",
    group_separator="\u00a0",
    local_formats=_local_formats("дд.ММ.гггг", "д ММММ гггг 'г.'", "Ч:мм:сс"),
    months=dates.MONTHS_GENITIVE,
    months_standalone=dates.MONTHS_NOMINATIVE,
    months_short=None,
    weekdays=dates.WEEKDAYS,
    weekdays_short=dates.WEEKDAYS_SHORT,
    am_pm=None,
)

_ENGLISH_MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
ENGLISH_US = Locale(
    decimal_separator=".",
    group_separator=",",
    local_formats=_local_formats("M/d/yyyy", "dddd, MMMM d, yyyy", "h:mm:ss tt"),
    months=_ENGLISH_MONTHS,
    months_standalone=_ENGLISH_MONTHS,
    months_short=None,
    weekdays=("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"),
    weekdays_short=("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"),
    am_pm=("AM", "PM"),
)

# British English is American English with day-first dates and a 24-hour clock.
ENGLISH_GB = replace(ENGLISH_US, local_formats=_local_formats("dd/MM/yyyy", "d MMMM yyyy", "HH:mm:ss"))

_GERMAN_MONTHS = (
    "Januar",
    "Februar",
    "März",
    "April",
    "Mai",
    "Juni",
    "Juli",
    "August",
    "September",
    "Oktober",
    "November",
    "Dezember",
)
GERMAN = Locale(
    decimal_separator=",",
    group_separator=".",
    local_formats=_local_formats("dd.MM.yyyy", "dddd, d. MMMM yyyy", "HH:mm:ss"),
    months=_GERMAN_MONTHS,
    months_standalone=_GERMAN_MONTHS,
    months_short=(
        "Jan.",
        "Feb.",
        "März",
        "Apr.",
        "Mai",
        "Juni",
        "Juli",
        "Aug.",
        "Sept.",
        "Okt.",
        "Nov.",
        "Dez.",
    ),
    weekdays=("Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"),
    weekdays_short=("Mo.", "Di.", "Mi.", "Do.", "Fr.", "Sa.", "So."),
    am_pm=None,
)

# A full code first ("en_us"), then its language ("en"); anything else formats as Russian.
_BY_CODE = {
    "ru": RUSSIAN,
    "en": ENGLISH_US,
    "en_us": ENGLISH_US,
    "en_gb": ENGLISH_GB,
    "de": GERMAN,
    "de_de": GERMAN,
}


def locale_for(code: str | None) -> Locale:
    """The locale of a Л= value ("en_US", "en-US", "EN"); Russian when absent or not listed."""
    if not code:
        return RUSSIAN
    key = code.strip().lower().replace("-", "_")
    return _BY_CODE.get(key) or _BY_CODE.get(key.partition("_")[0]) or RUSSIAN
