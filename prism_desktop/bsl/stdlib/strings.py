"""Global string functions (syntax assistant: "Функции работы со значениями типа Строка") and Символы.

Positions are 1-based; arguments are converted to Строка / Число implicitly, as the platform does.
"""

from __future__ import annotations

from typing import Any

from prism_desktop.bsl.stdlib.globals import (
    arg_int,
    arg_opt_int,
    arg_str,
    builtin,
    global_property,
    invalid_argument,
)
from prism_desktop.bsl.values.base import BslObject, BslRuntimeError, ExecutionLimit, active_meter
from prism_desktop.bsl.values.enums import EnumValue, make_constants, make_enum
from prism_desktop.bsl.values.format import read_quoted

SEARCH_DIRECTION, _DIRECTIONS = make_enum(
    "НаправлениеПоиска", [("СНачала", "FromBegin"), ("СКонца", "FromEnd")]
)
global_property("НаправлениеПоиска", "SearchDirection", SEARCH_DIRECTION)
FROM_END: EnumValue = _DIRECTIONS["СКонца"]


SYMBOLS = make_constants(
    "Символы",
    [
        ("ВК", "CR", "\r"),
        ("ВТаб", "VTab", "\v"),
        ("НПП", "NBSp", "\u00a0"),
        ("ПС", "LF", "\n"),
        ("ПФ", "FF", "\f"),
        ("Таб", "Tab", "\t"),
    ],
)
global_property("Символы", "Chars", SYMBOLS)

_LINE_BREAKS = "\n"


def _check_size(text: str) -> str:
    cap = active_meter.current.max_string_chars
    if len(text) > cap:
        raise ExecutionLimit("memory", f"строка превысила предел {cap} символов")
    return text


@builtin("СтрДлина", "StrLen")
def str_len(text: Any) -> int:
    return len(text if type(text) is str else arg_str(text))


@builtin("Лев", "Left")
def left(text: Any, count: Any) -> str:
    n = count if type(count) is int else arg_int(count)
    return (text if type(text) is str else arg_str(text))[: max(n, 0)]


@builtin("Прав", "Right")
def right(text: Any, count: Any) -> str:
    s = text if type(text) is str else arg_str(text)
    n = count if type(count) is int else arg_int(count)
    return s[len(s) - n :] if n > 0 else ""


@builtin("Сред", "Mid")
def mid(text: Any, start: Any, count: Any = None) -> str:
    s = text if type(text) is str else arg_str(text)
    begin = max(start if type(start) is int else arg_int(start), 1) - 1
    if count is None:
        return s[begin:]
    n = count if type(count) is int else arg_int(count)
    return s[begin : begin + n] if n > 0 else ""


@builtin("СокрЛ", "TrimL")
def trim_left(text: Any) -> str:
    return arg_str(text).lstrip()


@builtin("СокрП", "TrimR")
def trim_right(text: Any) -> str:
    return arg_str(text).rstrip()


@builtin("СокрЛП", "TrimAll")
def trim_all(text: Any) -> str:
    return (text if type(text) is str else arg_str(text)).strip()


@builtin("ВРег", "Upper")
def upper(text: Any) -> str:
    return (text if type(text) is str else arg_str(text)).upper()


@builtin("НРег", "Lower")
def lower(text: Any) -> str:
    return (text if type(text) is str else arg_str(text)).lower()


@builtin("ТРег", "Title")
def title(text: Any) -> str:
    """Each word starts with a capital, the rest in lower case."""
    out: list[str] = []
    previous_letter = False
    for ch in arg_str(text):
        out.append(ch.lower() if previous_letter else ch.upper())
        previous_letter = ch.isalnum()
    return "".join(out)


@builtin("Найти", "Find")
def find(text: Any, substring: Any) -> int:
    """Найти: position of the first occurrence, 0 when absent (an empty substring is found at 1)."""
    return arg_str(text).find(arg_str(substring)) + 1


@builtin("СтрНайти", "StrFind")
def str_find(
    text: Any, substring: Any, direction: Any = None, start: Any = None, occurrence: Any = None
) -> int:
    """СтрНайти(Строка, ПодстрокаПоиска, НаправлениеПоиска, НачальнаяПозиция, НомерВхождения)."""
    s = text if type(text) is str else arg_str(text)
    sub = substring if type(substring) is str else arg_str(substring)
    if direction is None and start is None and occurrence is None:  # the everyday two-argument form
        return s.find(sub) + 1 if sub else 1
    backwards = direction is FROM_END
    if direction is not None and not isinstance(direction, EnumValue):
        raise invalid_argument(3)
    n = arg_opt_int(occurrence, 1)
    if n < 1:
        raise invalid_argument(5)
    length = len(s)
    if start is None:
        position = length if backwards else 1
    else:
        position = arg_int(start)
        if position < 1 or position > max(length, 1):
            raise invalid_argument(4)
    if sub == "":
        return position
    found = 0
    if backwards:
        end = position  # .NET LastIndexOf: the match must end at or before the start position
        while end > 0:
            index = s.rfind(sub, 0, end)
            if index < 0:
                return 0
            found += 1
            if found == n:
                return index + 1
            end = index + len(sub) - 1
        return 0
    index = position - 1
    while True:
        index = s.find(sub, index)
        if index < 0:
            return 0
        found += 1
        if found == n:
            return index + 1
        index += 1


@builtin("СтрЗаменить", "StrReplace")
def str_replace(text: Any, substring: Any, replacement: Any) -> str:
    s = text if type(text) is str else arg_str(text)
    sub = substring if type(substring) is str else arg_str(substring)
    if sub == "":
        return s
    result = s.replace(sub, replacement if type(replacement) is str else arg_str(replacement))
    return result if len(result) <= len(s) else _check_size(result)  # only growth can pass the cap


@builtin("СтрЧислоВхождений", "StrOccurrenceCount")
def str_occurrence_count(text: Any, substring: Any) -> int:
    sub = arg_str(substring)
    return arg_str(text).count(sub) if sub else 0


def _lines(text: str) -> list[str]:
    return text.split(_LINE_BREAKS)


@builtin("СтрЧислоСтрок", "StrLineCount")
def str_line_count(text: Any) -> int:
    return len(_lines(arg_str(text)))


@builtin("СтрПолучитьСтроку", "StrGetLine")
def str_get_line(text: Any, number: Any) -> str:
    lines = _lines(arg_str(text))
    n = arg_int(number)
    if 1 <= n <= len(lines):
        return lines[n - 1]
    return ""


@builtin("ПустаяСтрока", "IsBlankString")
def is_blank_string(text: Any) -> bool:
    return arg_str(text).strip() == ""


@builtin("СтрНачинаетсяС", "StrStartsWith")
def str_starts_with(text: Any, prefix: Any) -> bool:
    p = arg_str(prefix)
    if p == "":
        raise invalid_argument(2)
    return arg_str(text).startswith(p)


@builtin("СтрЗаканчиваетсяНа", "StrEndsWith")
def str_ends_with(text: Any, suffix: Any) -> bool:
    p = arg_str(suffix)
    if p == "":
        raise invalid_argument(2)
    return arg_str(text).endswith(p)


@builtin("СтрРазделить", "StrSplit")
def str_split(text: Any, separators: Any, include_blank: Any = None) -> Any:
    """СтрРазделить(Строка, Разделитель, ВключатьПустые = Истина): every character of Разделитель
    separates; the result is a Массив."""
    s, seps = arg_str(text), arg_str(separators)
    keep_blank = True if include_blank is None else bool(include_blank)
    if seps == "":
        parts = [s]
    elif len(seps) == 1:
        parts = s.split(seps)
    else:  # every separator character becomes the first one, then one split
        parts = s.translate({ord(ch): seps[0] for ch in seps}).split(seps[0])
    if not keep_blank:
        parts = [p for p in parts if p != ""]
    return _new_array(parts)


@builtin("СтрСоединить", "StrConcat")
def str_concat(strings: Any, separator: Any = None) -> str:
    sep = "" if separator is None else arg_str(separator)
    if not isinstance(strings, BslObject):
        raise BslRuntimeError("Несоответствие типов (параметр номер '1')")
    return _check_size(sep.join(arg_str(item) for item in strings.bsl_iter()))


TOO_MANY_ARGS = "Слишком много фактических параметров"
_DIGITS = frozenset("0123456789")


@builtin("СтрШаблон", "StrTemplate")
def str_template(template: Any = None, *values: Any) -> str:
    """%1 … %10 (or %(1) … %(10), to write a digit right after) are replaced with the values'
    presentations, %% gives %; a missing value gives "". As OneScript checks a template: the digits
    after % are read as one number, which must be 1 … 10; a % followed by anything else is a syntax
    error at that place; and passing more values than the largest number used is an error
    (trailing Неопределено values do not count). A skipped template is empty (OneScript: `СтрШаблон(,)`
    gives "")."""
    s = "" if template is None else arg_str(template)
    if len(values) > 10:
        raise BslRuntimeError(TOO_MANY_ARGS)
    out: list[str] = []
    largest = 0
    i, n = 0, len(s)
    while i < n:
        marker = s.find("%", i)
        if marker < 0:
            out.append(s[i:])
            break
        out.append(s[i:marker])
        i = marker
        number, end = _template_marker(s, i)
        if number is None:
            out.append("%")
        else:
            if not 1 <= number <= 10:
                raise BslRuntimeError(
                    f"Ошибка синтаксиса шаблона в позиции {i + 2}: недопустимый номер подстановки"
                )
            largest = max(largest, number)
            out.append(arg_str(values[number - 1]) if number <= len(values) else "")
        i = end
    passed = len(values)
    while passed and values[passed - 1] is None:
        passed -= 1
    if passed > largest:
        raise BslRuntimeError(TOO_MANY_ARGS)
    return "".join(out)


def _template_marker(s: str, i: int) -> tuple[int | None, int]:
    """The marker at s[i] == "%": (its number, the index after it); (None, …) for "%%". A run of
    more than two digits is out of range whatever it says (0 stands for it)."""
    j = i + 1
    if s.startswith("%", j):
        return None, j + 1
    if j < len(s) and s[j] in _DIGITS:
        k = j
        while k < len(s) and s[k] in _DIGITS:
            k += 1
        return _marker_number(s[j:k]), k
    if s.startswith("(", j):
        k = j + 1
        while k < len(s) and s[k] in _DIGITS:
            k += 1
        if k > j + 1 and s.startswith(")", k):
            return _marker_number(s[j + 1 : k]), k + 1
    raise BslRuntimeError(f"Ошибка синтаксиса шаблона в позиции {i + 2}")


def _marker_number(digits: str) -> int:
    return int(digits) if len(digits) <= 2 else 0


@builtin("СтрСравнить", "StrCompare")
def str_compare(first: Any, second: Any) -> int:
    """Case-insensitive comparison: -1, 0 or 1."""
    a, b = arg_str(first).lower(), arg_str(second).lower()
    return (a > b) - (a < b)


@builtin("Символ", "Char")
def char(code: Any) -> str:
    """OneScript makes one UTF-16 code unit: a code outside 0 … 65535 gives ""."""
    n = arg_int(code)
    if n < 0 or n > 0xFFFF:
        return ""
    return chr(n)


@builtin("КодСимвола", "CharCode")
def char_code(text: Any, position: Any = None) -> int:
    s = arg_str(text)
    index = arg_opt_int(position, 1)
    if index < 1 or index > len(s):
        return -1
    return ord(s[index - 1])


@builtin("НСтр", "NStr")
def nstr(text: Any, language: Any = None) -> str:
    """НСтр("ru = 'Привет'; en = 'Hello'", КодЯзыка): the string for the language. As OneScript: a
    language asked for and absent gives ""; without a language, Russian, else English, else the first."""
    entries: dict[str, str] = {}
    for code, value in _parse_nstr(arg_str(text)):
        entries.setdefault(code, value)  # the first entry of a code wins
    if language is not None:
        return entries.get(arg_str(language).strip().lower(), "")
    for code in ("ru", "en"):
        if code in entries:
            return entries[code]
    return next(iter(entries.values()), "")


def _parse_nstr(text: str) -> list[tuple[str, str]]:
    entries: list[tuple[str, str]] = []
    i, n = 0, len(text)
    while i < n:
        eq = text.find("=", i)
        if eq < 0:
            break
        code = text[i:eq].strip(" ;\t\r\n").lower()
        j = eq + 1
        while j < n and text[j] in " \t":
            j += 1
        if j < n and text[j] in "'\"":
            value, j = read_quoted(text, j)
        else:
            end = text.find(";", j)
            end = n if end < 0 else end
            value = text[j:end].strip()
            j = end
        entries.append((code, value))
        i = j
    return entries


def _new_array(values: list[Any]) -> Any:
    from prism_desktop.bsl.stdlib.collections.array import BslArray  # collections import this module

    return BslArray.from_values(values)
