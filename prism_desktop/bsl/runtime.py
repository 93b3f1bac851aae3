"""What compiled BSL code calls at run time: operators on arbitrary values (the slow paths behind the
compiler's inline int fast paths), object member access, by-reference arguments, errors.

Every function here raises BslRuntimeError with the platform's wording for a BSL-level error.
"""

from __future__ import annotations

import datetime as _dt
import inspect
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

from prism_desktop.bsl.values import dates, numbers
from prism_desktop.bsl.values.base import (
    BslObject,
    BslRuntimeError,
    ExecutionLimit,
    active_meter,
    values_equal,
)
from prism_desktop.bsl.values.compare import greater, greater_equal, less, less_equal
from prism_desktop.bsl.values.presentation import to_string

BOOLEAN_ERROR = "Преобразование значения к типу Булево не может быть выполнено"
NOT_AN_OBJECT = "Значение не является значением объектного типа ({})"
METHOD_NOT_FOUND = "Метод объекта не обнаружен ({})"
TOO_MANY_ARGS = "Слишком много фактических параметров"
TOO_FEW_ARGS = "Недостаточно фактических параметров"

_NUM = (int, Decimal)

# --------------------------------------------------------------------------------------------
# Arithmetic


def _string_cap(text: str) -> str:
    cap = active_meter.current.max_string_chars
    if len(text) > cap:
        raise ExecutionLimit("memory", f"строка превысила предел {cap} символов")
    return text


def add(a: Any, b: Any) -> Any:
    """`+`: the left operand decides. Строка + x concatenates x's presentation; Число + Строка
    converts the string to a number; Дата + Число adds seconds."""
    ta = type(a)
    if ta is str:
        return _string_cap(a + (b if type(b) is str else to_string(b)))
    if ta is int or ta is Decimal:
        return numbers.add(a, b if type(b) in _NUM else _operand_number(b))
    if ta is _dt.datetime:
        return dates.add_seconds(a, _operand_number(b))
    raise numbers.number_error()


def _operand_number(value: Any) -> Any:
    if type(value) is int or type(value) is Decimal:
        return value
    if type(value) is str:
        return numbers.parse_number(value)
    raise numbers.number_error()


def sub(a: Any, b: Any) -> Any:
    ta = type(a)
    if ta is _dt.datetime:
        if type(b) is _dt.datetime:
            return dates.difference(a, b)
        return dates.add_seconds(a, -_operand_number(b))
    return numbers.sub(_operand_number(a), _operand_number(b))


def mul(a: Any, b: Any) -> Any:
    return numbers.mul(_operand_number(a), _operand_number(b))


def div(a: Any, b: Any) -> Any:
    return numbers.div(_operand_number(a), _operand_number(b))


def mod(a: Any, b: Any) -> Any:
    return numbers.mod(_operand_number(a), _operand_number(b))


def neg(a: Any) -> Any:
    return -_operand_number(a)


def plus(a: Any) -> Any:
    return _operand_number(a)


def truth(value: Any) -> bool:
    """A condition (Если, Пока, И, ИЛИ, НЕ, ?()): Булево, or a number (non-zero is Истина)."""
    if value is True or value is False:
        return value
    if type(value) is int or type(value) is Decimal:
        return value != 0
    raise BslRuntimeError(BOOLEAN_ERROR)


eq = values_equal


def ne(a: Any, b: Any) -> bool:
    return not values_equal(a, b)


lt = less
le = less_equal
gt = greater
ge = greater_equal

# --------------------------------------------------------------------------------------------
# Objects: members, methods, indexers, iteration

_GETTERS: dict[tuple[type, str], Any] = {}
_METHODS: dict[tuple[type, str], tuple[Any, int, int | None]] = {}


def _not_object(name: str) -> BslRuntimeError:
    return BslRuntimeError(NOT_AN_OBJECT.format(name))


def get_member(obj: Any, key: str, name: str) -> Any:
    """`obj.name`; key is the normalised name."""
    cls = type(obj)
    getter = _GETTERS.get((cls, key))
    if getter is None:
        if not isinstance(obj, BslObject):
            raise _not_object(name)
        getter = _resolve_getter(cls, key)
    if getter is False:
        return obj.bsl_get(name)
    return getter(obj)


def _resolve_getter(cls: type, key: str) -> Any:
    entry = cls._props.get(key) if cls.bsl_get is BslObject.bsl_get else None  # type: ignore[attr-defined]
    getter = getattr(cls, entry[0]) if entry is not None else False
    _GETTERS[(cls, key)] = getter
    return getter


_SETTERS: dict[tuple[type, str], Any] = {}


def set_member(obj: Any, key: str, name: str, value: Any) -> None:
    """`obj.name = value`: a settable property, else the object's dynamic fields (what
    BslObject.bsl_set does, with the lookup cached per class)."""
    cls = type(obj)
    setter = _SETTERS.get((cls, key))
    if setter is None:
        if not isinstance(obj, BslObject):
            raise _not_object(name)
        setter = _resolve_setter(cls, key)
    if setter is False:
        obj.bsl_set(name, value)
    elif setter is True:
        obj.bsl_set_dynamic(name, value)
    else:
        setter(obj, value)


def _resolve_setter(cls: type, key: str) -> Any:
    setter: Any = False  # the class handles bsl_set itself, or the property is read-only
    if cls.bsl_set is BslObject.bsl_set:  # type: ignore[attr-defined]
        entry = cls._props.get(key)  # type: ignore[attr-defined]
        if entry is None:
            setter = True  # a dynamic field
        elif entry[1]:
            setter = getattr(cls, f"set_{entry[0]}")
    _SETTERS[(cls, key)] = setter
    return setter


def call_method(obj: Any, key: str, name: str, *args: Any) -> Any:
    """`obj.name(args)`: an omitted argument arrives as None; the number of arguments is checked
    against the method's signature with the platform's messages."""
    cls = type(obj)
    entry = _METHODS.get((cls, key))
    if entry is None:
        if not isinstance(obj, BslObject):
            raise _not_object(name)
        entry = _resolve_method(cls, key)
    fn, least, most = entry
    if fn is None:
        if least < 0:
            raise BslRuntimeError(METHOD_NOT_FOUND.format(name))
        return obj.bsl_call(name, list(args))
    count = len(args)
    if count < least:
        raise BslRuntimeError(TOO_FEW_ARGS)
    if most is not None and count > most:
        raise BslRuntimeError(TOO_MANY_ARGS)
    return fn(obj, *args)


def _resolve_method(cls: type, key: str) -> tuple[Any, int, int | None]:
    if cls.bsl_call is not BslObject.bsl_call:  # type: ignore[attr-defined]
        entry: tuple[Any, int, int | None] = (None, 0, None)  # the class dispatches itself
    else:
        attr = cls._methods.get(key)  # type: ignore[attr-defined]
        if attr is None:
            entry = (None, -1, None)
        else:
            fn = getattr(cls, attr)
            least, most = _arity(fn)
            entry = (fn, least, most)
    _METHODS[(cls, key)] = entry
    return entry


def _arity(fn: Any) -> tuple[int, int | None]:
    params = list(inspect.signature(fn).parameters.values())[1:]  # without self
    if any(p.kind is inspect.Parameter.VAR_POSITIONAL for p in params):
        most = None
    else:
        most = sum(1 for p in params if p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD)
    positional = [p for p in params if p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD]
    least = sum(1 for p in positional if p.default is inspect.Parameter.empty)
    return least, most


class OutRef:
    """A by-reference argument of a built-in method (the collections' ValueRef protocol): holds the
    caller's current value; the method may `set` a new one, which the compiled code writes back."""

    __slots__ = ("value",)

    def __init__(self, value: Any):
        self.value = value

    def set(self, value: Any) -> None:
        self.value = value


def call_method_byref(obj: Any, key: str, name: str, *args: Any) -> Any:
    """Like call_method, with OutRef objects at the positions the compiler could pass by
    reference; positions the object's class does not take by reference get the plain value."""
    positions = getattr(type(obj), "bsl_byref_args", {}).get(key, ())
    plain = [a.value if isinstance(a, OutRef) and i not in positions else a for i, a in enumerate(args)]
    return call_method(obj, key, name, *plain)


def index_get(obj: Any, key: Any) -> Any:
    if isinstance(obj, BslObject):
        return obj.bsl_index_get(key)
    raise BslRuntimeError("Получение элемента по индексу для значения не поддерживается")


def index_set(obj: Any, key: Any, value: Any) -> None:
    if isinstance(obj, BslObject):
        obj.bsl_index_set(key, value)
        return
    raise BslRuntimeError("Установка значения элемента по индексу для значения не поддерживается")


def iterate(obj: Any) -> Iterator[Any]:
    if isinstance(obj, BslObject):
        return obj.bsl_iter()
    raise BslRuntimeError("Итератор для значения не определен")


# --------------------------------------------------------------------------------------------
# Для … По …


def for_range(start: Any, end: Any) -> Iterator[Any]:
    """The values of a Для loop whose body never assigns the variable: start, start+1 … <= end."""
    if type(start) is int and type(end) is int:
        return iter(range(start, end + 1))
    return _decimal_range(_operand_number(start), _operand_number(end))


def _decimal_range(start: Any, end: Any) -> Iterator[Any]:
    value = start
    while value <= end:
        yield value
        value = numbers.add(value, 1)


def for_bounds(start: Any, end: Any) -> tuple[Any, Any]:
    """Bounds of a Для loop whose body assigns the variable (checked to be numbers)."""
    return _operand_number(start), _operand_number(end)


# --------------------------------------------------------------------------------------------
# Errors


def raise_value(message: Any, cause: Any = None) -> BslRuntimeError:
    """ВызватьИсключение <значение>: the text is the value's presentation."""
    error = BslRuntimeError(to_string(message))
    if cause is not None:
        error.cause = getattr(cause, "error", cause)  # type: ignore[attr-defined]
    return error


def reraise(last_error: BslRuntimeError | None) -> BslRuntimeError:
    """ВызватьИсключение; outside Исключение: OneScript raises an empty error."""
    return last_error if last_error is not None else BslRuntimeError("")


def procedure_as_function(name: str) -> BslRuntimeError:
    return BslRuntimeError(f"Использование процедуры в качестве функции ({name})")


def unsupported_global(name: str) -> BslRuntimeError:
    return BslRuntimeError(
        f"{name}: метод или свойство глобального контекста не поддерживается исполнителем PRISM Desktop"
    )
