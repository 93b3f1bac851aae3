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
        has_value = i < n and text[i] == "="
        if has_value:
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
        if name and has_value:  # a parameter without "=" is not given (OneScript: "ЧВН;" adds no zeros)
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
    zero = params["ЧН"] or "0" if "ЧН" in params else ""
    if value == 0:
        return zero
    locale = locale_for(params.get("Л"))
    if "ЧЦ" in params or "ЧДЦ" in params:
        fitted = _fit_digits(value, _unsigned_param(params, "ЧЦ"), _unsigned_param(params, "ЧДЦ"), params)
        if fitted is None:
            return zero
        int_digits, frac_digits, negative = fitted
    else:
        text = str(abs(value)) if isinstance(value, int) else format(value.copy_abs(), "f")
        int_digits, _, frac_digits = text.partition(".")
        frac_digits, negative = frac_digits.rstrip("0"), value < 0
    grouped = _group(int_digits, params, locale.group_separator) if int_digits else ""
    separator = _separator_param(params, "ЧРД", locale.decimal_separator)
    body = grouped + (separator + frac_digits if frac_digits else "")
    if negative:
        body = _negative(body, _int_param(params, "ЧО"))
    pattern = params.get("ЧФ")
    if pattern:
        body = pattern.replace("Ч", body, 1)
    return body


_MAX_DECIMAL_DIGITS = 28  # OneScript's numbers are .NET decimals: 28 digits after the point at most


def _unsigned_param(params: dict[str, str], key: str) -> int:
    """ЧЦ/ЧДЦ as OneScript reads them: empty, negative or not a number is 0."""
    try:
        number = int(params.get(key) or 0)
    except ValueError:
        return 0
    return max(number, 0)


def _separator_param(params: dict[str, str], key: str, default: str) -> str:
    """ЧРД/ЧРГ: the first character of the value; an empty value keeps the default (OneScript)."""
    raw = params.get(key)
    return default if not raw else raw[0]


def _fit_digits(
    value: int | Decimal, total: int, fraction: int, params: dict[str, str]
) -> tuple[str, str, bool] | None:
    """(integer digits, fraction digits, negative?) of a number under ЧЦ/ЧДЦ, as OneScript lays it out:
    rounded half away from zero to ЧДЦ; ЧЦ=0 limits nothing; a number whose integer part does not fit
    becomes the largest that does (999.99); with no integer digits allowed (ЧЦ < ЧДЦ) a fraction shows
    ЧЦ digits; ЧВН pads the integer part with zeros; None when the rounded number is 0."""
    number = numbers.as_decimal(value)
    if fraction <= _MAX_DECIMAL_DIGITS:
        number = numbers.as_decimal(numbers.round_number(value, fraction))
    shown_fraction = fraction
    int_width = total - fraction
    if total:
        whole = int(number)
        if whole == 0:
            if total < fraction:
                number = numbers.as_decimal(numbers.round_number(number, total))
        elif len(str(abs(whole))) > int_width:  # does not fit: the largest number that does
            nines = "9" * total
            point = max(int_width, 0)
            number = Decimal(nines[:point] + "." + nines[point:]).copy_sign(number)
        if int_width <= 0:
            shown_fraction = total
    if number == 0:
        return None
    text = format(number.copy_abs(), "f")
    int_digits, _, frac_digits = text.partition(".")
    frac_digits = frac_digits.ljust(shown_fraction, "0")[:shown_fraction]
    if total and int_width <= 0:
        int_digits = "" if int_digits == "0" else int_digits
    elif total and "ЧВН" in params:
        int_digits = int_digits.rjust(int_width, "0")
    return int_digits, frac_digits, number < 0


def _group_sizes(spec: str) -> list[int]:
    """ЧГ as OneScript reads it: the first two numbers in the text (any other characters separate
    them); a missing second one is 0, which stops grouping after the first group; a first 0 is none."""
    found: list[int] = []
    digits = ""
    for ch in spec + " ":
        if ch.isdigit():
            digits += ch
        elif digits:
            found.append(int(digits))
            digits = ""
        if len(found) == 2:
            break
    if not found or found[0] == 0:
        return [0]
    if len(found) == 1:
        return [found[0], 0]
    return found if found[1] else [found[0]]


def _group(digits: str, params: dict[str, str], default_separator: str) -> str:
    """Group sizes from the right, as .NET NumberGroupSizes (which OneScript uses): the last size
    repeats, a size of 0 leaves the remaining digits ungrouped; "ЧГ=0" disables grouping."""
    separator = _separator_param(params, "ЧРГ", default_separator)
    spec = params.get("ЧГ")
    sizes = [3] if spec is None else _group_sizes(spec)
    if sizes[0] == 0:
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
