"""Type conversions and type values: Строка, Число, Булево, Дата, Формат, Тип, ТипЗнч,
ЗначениеЗаполнено, and `Новый` (object construction through the registered constructors)."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable
from decimal import Decimal
from typing import Any

from prism_desktop.bsl.stdlib.globals import arg_int, arg_str, builtin, load_providers
from prism_desktop.bsl.values import dates, numbers
from prism_desktop.bsl.values.base import NULL, BslObject, BslRuntimeError, BslType, is_number, norm_name
from prism_desktop.bsl.values.format import format_value
from prism_desktop.bsl.values.presentation import PRIMITIVE_TYPE_ALIASES, to_string, type_name

BOOLEAN_ERROR = "Преобразование значения к типу Булево не может быть выполнено"

# Types that would reach the outside world: the engine is itself a sandbox layer.
FORBIDDEN_TYPES = frozenset(
    norm_name(n)
    for n in (
        "ЧтениеТекста", "TextReader", "ЗаписьТекста", "TextWriter", "Файл", "File",
        "HTTPСоединение", "HTTPConnection", "HTTPЗапрос", "HTTPRequest", "FTPСоединение", "FTPConnection",
        "COMОбъект", "COMObject", "ИнтернетПочта", "InternetMail",
        "ФайловыйПоток", "FileStream", "ДвоичныеДанные", "BinaryData", "ЗапускПриложения",
        "ПроцессОС", "WSПрокси", "WSProxy", "TCPСоединение", "TCPClient", "ZipФайлЗаписи",
        "ЧтениеZipФайла", "ВебСервер", "Процесс", "Process",
    )
)


def sandbox_type_error(name: str) -> BslRuntimeError:
    return BslRuntimeError(
        f"Тип {name} недоступен: исполнитель PRISM Desktop не обращается к файлам, сети, процессам и COM"
    )


Constructor = Callable[[list[Any]], BslObject]
# `Новый X` for every constructible type: the collections, the stdlib modules and the platform bridge
# register theirs (they sit above this module; bsl/stdlib/__init__.py imports them all).
_REGISTERED: dict[str, Constructor] = {}


def register_constructor(names: tuple[str, ...], ctor: Constructor) -> None:
    """Make `Новый <name>(...)` build objects with `ctor`, for each name (Russian, English)."""
    for name in names:
        _REGISTERED[norm_name(name)] = ctor


def find_constructor(key: str) -> Constructor | None:
    """The constructor of a normalised type name, loading the lazy providers on a miss."""
    found = _REGISTERED.get(key)
    if found is None and load_providers():
        found = _REGISTERED.get(key)
    return found


def new_object(name: str, args: list[Any]) -> BslObject:
    """`Новый Имя(Аргументы)`."""
    key = norm_name(name)
    ctor = find_constructor(key)
    if ctor is None:
        if key in FORBIDDEN_TYPES:
            raise sandbox_type_error(name)
        raise BslRuntimeError(f"Тип не определен ({name})")
    return ctor(args)


def new_object_dynamic(type_value: Any, params: Any) -> BslObject:
    """`Новый(Тип или "Имя", МассивПараметров)`."""
    name = type_value.name if isinstance(type_value, BslType) else arg_str(type_value)
    args = list(params.bsl_iter()) if isinstance(params, BslObject) else []
    return new_object(name, args)


def _object_type_names() -> dict[str, str]:
    names: dict[str, str] = {}
    stack = list(BslObject.__subclasses__())
    while stack:
        klass = stack.pop()
        stack.extend(klass.__subclasses__())
        names.setdefault(norm_name(klass.TYPE_RU), klass.TYPE_RU)
        names.setdefault(norm_name(klass.TYPE_EN), klass.TYPE_RU)
    return names


def canonical_type_name(name: str) -> str | None:
    key = norm_name(name.strip())
    if key in PRIMITIVE_TYPE_ALIASES:
        return PRIMITIVE_TYPE_ALIASES[key]
    found = _object_type_names().get(key)
    if found is None and load_providers():
        found = _object_type_names().get(key)
    return found


@builtin("Тип", "Type")
def type_(name: Any) -> BslType:
    text = arg_str(name)
    canonical = canonical_type_name(text)
    if canonical is None:
        raise BslRuntimeError(f"Тип не определен ({text})")
    return BslType(canonical)


@builtin("ТипЗнч", "TypeOf")
def type_of(value: Any) -> BslType:
    return BslType(type_name(value))


@builtin("Строка", "String")
def string(value: Any = "") -> str:
    return to_string(value)


@builtin("Число", "Number")
def number(value: Any) -> int | Decimal:
    if isinstance(value, bool):
        return int(value)
    return numbers.to_number(value)


_TRUE_WORDS = frozenset(("истина", "true", "да", "yes"))
_FALSE_WORDS = frozenset(("ложь", "false", "нет", "no"))


@builtin("Булево", "Boolean")
def boolean(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if is_number(value):
        return value != 0
    if isinstance(value, str):
        word = value.strip().lower()
        if word in _TRUE_WORDS:
            return True
        if word in _FALSE_WORDS:
            return False
    raise BslRuntimeError(BOOLEAN_ERROR)


@builtin("Дата", "Date")
def date(first: Any, month: Any = None, day: Any = None, hour: Any = None, minute: Any = None,
         second: Any = None) -> _dt.datetime:
    if month is None and day is None:
        if isinstance(first, _dt.datetime):
            return first
        if isinstance(first, str):
            return dates.parse_date(first)
        raise BslRuntimeError(dates.DATE_ERROR)
    parts = [first, month, day, hour, minute, second]
    return dates.make_date(*(0 if p is None else arg_int(p) for p in parts))


@builtin("Формат", "Format")
def format_(value: Any, format_string: Any = None) -> str:
    return format_value(value, "" if format_string is None else arg_str(format_string))


@builtin("ЗначениеЗаполнено", "ValueIsFilled")
def value_is_filled(value: Any) -> bool:
    """Empty: Неопределено, NULL, 0, a blank string, the empty date, an empty reference, an empty
    collection."""
    if value is None or value is NULL:
        return False
    if isinstance(value, bool):
        return True
    if is_number(value):
        return value != 0
    if isinstance(value, str):
        return value.strip() != ""
    if isinstance(value, _dt.datetime):
        return value != dates.EMPTY_DATE
    if isinstance(value, BslObject) and value.bsl_has_method("Пустая"):  # references
        return not value.bsl_call("Пустая", [])
    if isinstance(value, BslObject) and value.bsl_has_method("Количество"):
        return value.bsl_call("Количество", []) != 0
    return True
