"""Формат(Значение, ФорматнаяСтрока): the format-string parameters of the syntax assistant.

Numbers: ЧЦ/ND (total digits), ЧДЦ/NFD (fraction digits, rounded half away from zero), ЧС/NS
(shift), ЧРД/NDS (decimal separator, default ","), ЧРГ/NGS (group separator, default U+00A0),
ЧГ/NG (grouping, "0" = none), ЧН/NZ (zero: absent → "", "ЧН=" → "0"), ЧВН/NLZ (leading zeros),
ЧО/NN (negative form 0–4), ЧФ/NF (pattern with Ч).
Dates: ДФ/DF (pattern), ДЛФ/DLF (Д, ДД, В, ДВ, ДДВ), ДП/DE (empty date). Booleans: БЛ/BF, БИ/BT
(OneScript writes Да/Нет whatever the locale). Л/L (locale, values/locales.py) sets the default
separators of numbers, the local date formats and the names of months and weekdays.
"""

from __future__ import annotations

import datetime as _dt
from decimal import Decimal
from functools import lru_cache
from typing import Any

from prism_desktop.bsl.values import dates, numbers
from prism_desktop.bsl.values.base import BslRuntimeError, is_number
from prism_desktop.bsl.values.locales import RUSSIAN, Locale, locale_for
from prism_desktop.bsl.values.presentation import to_string

_ALIASES = {
    "чц": "ЧЦ", "nd": "ЧЦ", "чдц": "ЧДЦ", "nfd": "ЧДЦ", "чс": "ЧС", "ns": "ЧС",
    "чрд": "ЧРД", "nds": "ЧРД", "чрг": "ЧРГ", "ngs": "ЧРГ", "чг": "ЧГ", "ng": "ЧГ",
    "чн": "ЧН", "nz": "ЧН", "чвн": "ЧВН", "nlz": "ЧВН", "чо": "ЧО", "nn": "ЧО",
    "чф": "ЧФ", "nf": "ЧФ", "дф": "ДФ", "df": "ДФ", "длф": "ДЛФ", "dlf": "ДЛФ",
    "дп": "ДП", "de": "ДП", "бл": "БЛ", "bf": "БЛ", "би": "БИ", "bt": "БИ", "л": "Л", "l": "Л",
}


def read_quoted(text: str, start: int) -> tuple[str, int]:
    """The value quoted at `text[start]` (' or "; a doubled quote inside stands for one) and the
    index just past its closing quote (the end of `text` when it is never closed)."""
    quote = text[start]
    i, n = start + 1, len(text)
    chunk: list[str] = []
    while i < n:
        if text[i] == quote:
            if i + 1 < n and text[i + 1] == quote:
                chunk.append(quote)
                i += 2
                continue
            return "".join(chunk), i + 1
        chunk.append(text[i])
        i += 1
    return "".join(chunk), i


def parse_format_string(text: str) -> dict[str, str]:
    """'ЧДЦ=2; ЧРГ=" "; ДФ=дд.ММ.гггг' -> {"ЧДЦ": "2", "ЧРГ": " ", "ДФ": "дд.ММ.гггг"}.
    Values may be quoted with ' or "; a parameter without '=' has the value ""."""
    return dict(_parsed_format_string(text))


@lru_cache(maxsize=512)
def _parsed_format_string(text: str) -> dict[str, str]:
    """parse_format_string, remembered: a format string is nearly always a constant of a loop.
    The cached dict is never handed out (callers get a copy) nor changed."""
    params: dict[str, str] = {}
    i, n = 0, len(text)
    while i < n:
        while i < n and text[i] in " ;\t":
            i += 1
        start = i
        while i < n and text[i] not in "=;":
            i += 1
        name = text[start:i].strip()
        value = ""
        if i < n and text[i] == "=":
            i += 1
            while i < n and text[i] == " ":
                i += 1
            if i < n and text[i] in "'\"":
                value, i = read_quoted(text, i)
            else:
                start = i
                while i < n and text[i] != ";":
                    i += 1
                value = text[start:i].strip()
        if name:
            params[_ALIASES.get(name.lower(), name.upper())] = value
    return params


def format_value(value: Any, format_string: str = "") -> str:
    params = _parsed_format_string(format_string or "")  # read only below
    if type(value) is int:  # the commonest, ahead of the checks a Булево needs
        return format_number(value, params)
    if isinstance(value, bool):
        return params.get("БИ", "Да") if value else params.get("БЛ", "Нет")
    if is_number(value):
        return format_number(value, params)
    if isinstance(value, _dt.datetime):
        return format_date(value, params)
    return to_string(value)


def _int_param(params: dict[str, str], key: str) -> int | None:
    raw = params.get(key)
    if raw is None or raw == "":
        return None
    try:
        return int(raw)
    except ValueError as exc:
        raise BslRuntimeError(f"Недопустимое значение параметра форматной строки ({key}={raw})") from exc


# Parameters that leave a non-zero whole number as its plain digits when grouping is off (ЧГ=0) or
# the number has at most three digits: the everyday Формат(Н, "ЧГ=0") needs none of the steps below.
_PLAIN_WHOLE_PARAMS = frozenset({"ЧН", "ЧГ", "ЧРД", "ЧРГ"})  # no Л: a locale may group with other marks


def format_number(value: int | Decimal, params: dict[str, str]) -> str:
    if (
        type(value) is int
        and value != 0
        and params.keys() <= _PLAIN_WHOLE_PARAMS
        and (params.get("ЧГ") == "0" or -1000 < value < 1000)
    ):
        return str(value)
    shift = _int_param(params, "ЧС")
    if shift:
        value = numbers.div(value, 10**shift) if shift > 0 else numbers.mul(value, 10 ** (-shift))
    total = _int_param(params, "ЧЦ")
    fraction = _int_param(params, "ЧДЦ")
    if fraction is None and total is not None:
        fraction = 0
    if fraction is not None:
        value = numbers.round_number(value, fraction)
    if value == 0:
        if "ЧН" not in params:
            return ""
        if params["ЧН"] != "":
            return params["ЧН"]
    if type(value) is int:
        text = str(-value if value < 0 else value)
    else:
        text = format(numbers.as_decimal(value).copy_abs(), "f")
    int_digits, _, frac_digits = text.partition(".")
    frac_digits = frac_digits.rstrip("0")
    if fraction is not None:
        frac_digits = frac_digits.ljust(fraction, "0")[:fraction] if fraction > 0 else ""
    if total is not None:
        int_width = max(total - (fraction or 0), 0)
        if len(int_digits) > int_width:  # does not fit: the platform shows the largest number that does
            int_digits = "9" * int_width
            frac_digits = "9" * len(frac_digits)
        elif "ЧВН" in params:
            int_digits = int_digits.rjust(int_width, "0")
    locale = locale_for(params.get("Л"))
    grouped = _group(int_digits, params, locale.group_separator)
    body = grouped + (params.get("ЧРД", locale.decimal_separator) + frac_digits if frac_digits else "")
    if value < 0:
        body = _negative(body, _int_param(params, "ЧО"))
    pattern = params.get("ЧФ")
    if pattern:
        body = pattern.replace("Ч", body, 1)
    return body


def _group(digits: str, params: dict[str, str], default_separator: str) -> str:
    """Group sizes from the right, as .NET NumberGroupSizes (which OneScript uses): the last size
    repeats, a last size of 0 leaves the remaining digits ungrouped; "ЧГ=0" disables grouping."""
    separator = params.get("ЧРГ", default_separator)
    spec = params.get("ЧГ")
    sizes = [3] if spec is None else [int(s) for s in spec.replace(" ", "").split(",") if s.isdigit()]
    if not sizes or sizes[0] == 0:
        return digits
    groups: list[str] = []
    rest = digits
    index = 0
    while rest:
        size = sizes[index] if index < len(sizes) else sizes[-1]
        if size == 0 or len(rest) <= size:
            groups.append(rest)
            break
        groups.append(rest[-size:])
        rest = rest[:-size]
        index += 1
    return separator.join(reversed(groups))


def _negative(body: str, form: int | None) -> str:
    if form == 0:
        return f"({body})"
    if form == 2:
        return f"- {body}"
    if form == 3:
        return f"{body}-"
    if form == 4:
        return f"{body} -"
    return f"-{body}"


def format_date(value: _dt.datetime, params: dict[str, str]) -> str:
    if value == dates.EMPTY_DATE:
        return params.get("ДП", "")
    locale = locale_for(params.get("Л"))
    pattern = params.get("ДФ")
    if pattern is None:
        local = params.get("ДЛФ", "ДВ").upper()
        pattern = locale.local_formats.get(local, locale.local_formats["ДВ"])
    return render_date_pattern(value, pattern, locale)


# Longest tokens first; Latin letters are the English forms of the same tokens.
_TOKENS = (
    ("дддд", "dddd"), ("ддд", "ddd"), ("дд", "dd"), ("д", "d"),
    ("ММММ", "MMMM"), ("МММ", "MMM"), ("ММ", "MM"), ("М", "M"),
    ("гггг", "yyyy"), ("гг", "yy"), ("г", "y"),
    ("ЧЧ", "HH"), ("Ч", "H"), ("чч", "hh"), ("ч", "h"),
    ("мм", "mm"), ("м", "m"), ("сс", "ss"), ("с", "s"), ("к", "q"), ("вв", "tt"),
)
_TOKEN_OF: dict[str, str] = {}
for _ru, _en in _TOKENS:
    _TOKEN_OF[_ru] = _ru
    _TOKEN_OF[_en] = _ru
_ORDERED = sorted(_TOKEN_OF, key=len, reverse=True)


def render_date_pattern(value: _dt.datetime, pattern: str, locale: Locale = RUSSIAN) -> str:
    has_day = any(ch in pattern for ch in "дd")
    out: list[str] = []
    i = 0
    while i < len(pattern):
        ch = pattern[i]
        if ch == "'":
            end = pattern.find("'", i + 1)
            end = len(pattern) if end < 0 else end
            out.append(pattern[i + 1 : end])
            i = end + 1
            continue
        for token in _ORDERED:
            if pattern.startswith(token, i):
                out.append(_render_token(value, _TOKEN_OF[token], has_day, locale) or token)
                i += len(token)
                break
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def _render_token(v: _dt.datetime, token: str, has_day: bool, locale: Locale) -> str:
    """The text of one token ("" only for a token the locale has no meaning for: then the pattern's
    own letters stay)."""
    hour12 = v.hour % 12 or 12
    table: dict[str, str] = {
        "д": str(v.day), "дд": f"{v.day:02d}",
        "ддд": locale.weekdays_short[v.weekday()], "дддд": locale.weekdays[v.weekday()],
        "М": str(v.month), "ММ": f"{v.month:02d}",
        "г": str(v.year % 100), "гг": f"{v.year % 100:02d}", "гггг": f"{v.year:04d}",
        "Ч": str(v.hour), "ЧЧ": f"{v.hour:02d}", "ч": str(hour12), "чч": f"{hour12:02d}",
        "м": str(v.minute), "мм": f"{v.minute:02d}", "с": str(v.second), "сс": f"{v.second:02d}",
        "к": str((v.month - 1) // 3 + 1),
    }
    if token in table:
        return table[token]
    if token == "вв":
        return "" if locale.am_pm is None else locale.am_pm[v.hour >= 12]
    month = (locale.months if has_day else locale.months_standalone)[v.month - 1]
    if token == "ММММ":
        return month
    if locale.months_short is not None:
        return locale.months_short[v.month - 1]
    return month[:3]
