"""What compiled BSL code calls at run time: operators on arbitrary values (the slow paths behind the
compiler's inline int fast paths), object member access, by-reference arguments, errors.

Every function here raises BslRuntimeError with the platform's wording for a BSL-level error.
"""

from __future__ import annotations

import datetime as _dt
import inspect
from collections.abc import Iterator
from decimal import Decimal
from itertools import chain
from operator import attrgetter
from typing import Any

from prism_desktop.bsl.limits import CHUNK, LimitState
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

_NUMBER_SET = frozenset((int, Decimal))

# --------------------------------------------------------------------------------------------
# Arithmetic


def string_cap(text: str) -> str:
    """A concatenation's result, refused (ExecutionLimit) when longer than the run's string cap."""
    cap = active_meter.current.max_string_chars
    if len(text) > cap:
        raise ExecutionLimit("memory", f"строка превысила предел {cap} символов")
    return text


def add(a: Any, b: Any) -> Any:
    """`+`: the left operand decides. Строка + x concatenates x's presentation; Число + Строка
    converts the string to a number; Дата + Число adds seconds."""
    ta = type(a)
    if ta is str:
        text = a + (b if type(b) is str else to_string(b))
        return text if len(text) <= active_meter.current.max_string_chars else string_cap(text)
    if ta is int or ta is Decimal:
        return numbers.add(a, b if type(b) in _NUMBER_SET else _operand_number(b))
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
    if ta in _NUMBER_SET and type(b) in _NUMBER_SET:
        return numbers.sub(a, b)
    if ta is _dt.datetime:
        if type(b) is _dt.datetime:
            return dates.difference(a, b)
        return dates.add_seconds(a, -_operand_number(b))
    return numbers.sub(_operand_number(a), _operand_number(b))


# Two numbers go straight to the arithmetic; anything else is converted (or refused) first.


def mul(a: Any, b: Any) -> Any:
    if type(a) in _NUMBER_SET and type(b) in _NUMBER_SET:
        return numbers.mul(a, b)
    return numbers.mul(_operand_number(a), _operand_number(b))


def div(a: Any, b: Any) -> Any:
    if type(a) in _NUMBER_SET and type(b) in _NUMBER_SET:
        return numbers.div(a, b)
    return numbers.div(_operand_number(a), _operand_number(b))


def mod(a: Any, b: Any) -> Any:
    if type(a) in _NUMBER_SET and type(b) in _NUMBER_SET:
        return numbers.mod(a, b)
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

_METHODS: dict[tuple[type, str], tuple[Any, int, int | None]] = {}


def _not_object(name: str) -> BslRuntimeError:
    return BslRuntimeError(NOT_AN_OBJECT.format(name))


def member_getter(cls: type, key: str, name: str) -> Any:
    """f(obj) reading `obj.<name>` for objects of class `cls` (key: the folded name): a property's
    getter; a data field's reader from the class (`bsl_field_getter`: Структура keys, table row
    columns); else the class's own `bsl_get`. Errors are raised when f is called."""
    if not issubclass(cls, BslObject):
        return _raiser(_not_object, name)
    entry = cls._props.get(key)
    fields = getattr(cls, "bsl_field_getter", None)
    if entry is not None and (fields is not None or cls.bsl_get is BslObject.bsl_get):
        getter = getattr(cls, entry[0])
        reads = getattr(getter, "__bsl_prop_reads__", None)
        return getter if reads is None else attrgetter(reads)
    if entry is None and fields is not None:
        return fields(key, name)
    return lambda obj: obj.bsl_get(name)


def member_setter(cls: type, key: str, name: str) -> Any:
    """f(obj, value) doing `obj.<name> = value` for objects of class `cls`, as member_getter."""
    if not issubclass(cls, BslObject):
        return _raiser(_not_object, name)
    if cls.bsl_set is BslObject.bsl_set:
        entry = cls._props.get(key)
        if entry is None:
            fields = getattr(cls, "bsl_field_setter", None)
            if fields is not None:
                return fields(key, name)
            return lambda obj, value: obj.bsl_set_dynamic(name, value)
        if entry[1]:
            return getattr(cls, f"set_{entry[0]}")
    return lambda obj, value: obj.bsl_set(name, value)


class TypeCache(dict[type, Any]):
    """type -> the function doing one operation on values of that type, found on the first use of
    each type (`found_for`) and kept: compiled code calls `_site[type(x)](x, …)`, one dict hit and
    a direct call."""

    def __missing__(self, cls: type) -> Any:
        found = self.found_for(cls)
        self[cls] = found
        return found

    def found_for(self, cls: type) -> Any:
        raise NotImplementedError


class MemberSite(TypeCache):
    """One `obj.Имя` of a module: the function reading (`_mg[type(x)](x)`) or writing
    (`_ms[type(x)](x, v)`) that member for each type."""

    def __init__(self, key: str, name: str, resolve: Any):
        super().__init__()
        self.key = key
        self.name = name
        self.resolve = resolve

    def found_for(self, cls: type) -> Any:
        return self.resolve(cls, self.key, self.name)


_MEMBER_GETS: dict[tuple[str, str], MemberSite] = {}
_MEMBER_SETS: dict[tuple[str, str], MemberSite] = {}


def get_member(obj: Any, key: str, name: str) -> Any:
    """`obj.name` outside a compiled site (by-reference arguments); key is the folded name."""
    site = _MEMBER_GETS.get((key, name))
    if site is None:
        site = _MEMBER_GETS[(key, name)] = MemberSite(key, name, member_getter)
    return site[type(obj)](obj)


def set_member(obj: Any, key: str, name: str, value: Any) -> None:
    """`obj.name = value` outside a compiled site."""
    site = _MEMBER_SETS.get((key, name))
    if site is None:
        site = _MEMBER_SETS[(key, name)] = MemberSite(key, name, member_setter)
    site[type(obj)](obj, value)


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


class MethodSite(TypeCache):
    """One `obj.Метод(a, b)` shape of a module (method name and number of arguments): the function
    called as `_mc[type(x)](x, a, b)` for each type, checked against the signature once: a direct
    call of the collection's method. Errors (no such method, wrong number of arguments, not an
    object) are functions too, so they are raised after the arguments are evaluated, as before."""

    def __init__(self, key: str, name: str, count: int):
        super().__init__()
        self.key = key
        self.name = name
        self.count = count

    def found_for(self, cls: type) -> Any:
        name = self.name
        if not issubclass(cls, BslObject):
            return _raiser(_not_object, name)
        fn, least, most = _METHODS.get((cls, self.key)) or _resolve_method(cls, self.key)
        if fn is None:
            if least < 0:
                return _raiser(lambda n: BslRuntimeError(METHOD_NOT_FOUND.format(n)), name)
            return lambda obj, *args: obj.bsl_call(name, list(args))
        if self.count < least:
            return _raiser(lambda _n: BslRuntimeError(TOO_FEW_ARGS), name)
        if most is not None and self.count > most:
            return _raiser(lambda _n: BslRuntimeError(TOO_MANY_ARGS), name)
        return fn


def _raiser(error: Any, name: str) -> Any:
    def fail(*_args: Any) -> Any:
        raise error(name)

    return fail


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
    return INDEX_GET[type(obj)](obj, key)


def index_set(obj: Any, key: Any, value: Any) -> None:
    INDEX_SET[type(obj)](obj, key, value)


def _no_index_get(_obj: Any, _key: Any) -> Any:
    raise BslRuntimeError("Получение элемента по индексу для значения не поддерживается")


def _no_index_set(_obj: Any, _key: Any, _value: Any) -> None:
    raise BslRuntimeError("Установка значения элемента по индексу для значения не поддерживается")


class TypeDispatch(TypeCache):
    """An operation every collection class implements as a method of its own (`bsl_index_get`):
    compiled code calls `_IG[type(x)](x, k)`, the collection's method directly."""

    def __init__(self, method: str, fallback: Any):
        super().__init__()
        self.method = method
        self.fallback = fallback

    def found_for(self, cls: type) -> Any:
        return getattr(cls, self.method) if issubclass(cls, BslObject) else self.fallback


INDEX_GET = TypeDispatch("bsl_index_get", _no_index_get)  # X[k]
INDEX_SET = TypeDispatch("bsl_index_set", _no_index_set)  # X[k] = v


def iterate(obj: Any) -> Iterator[Any]:
    if isinstance(obj, BslObject):
        return obj.bsl_iter()
    raise BslRuntimeError("Итератор для значения не определен")


# --------------------------------------------------------------------------------------------
# Для … По …


def for_range(state: LimitState, start: Any, end: Any) -> Iterator[Any]:
    """The values of a Для loop whose body never assigns the variable: start, start+1 … <= end.
    Whole-number bounds give a C-level iterator charged to the limits once per CHUNK values, so the
    loop body carries no step counter."""
    if type(start) is int and type(end) is int:
        if end - start < CHUNK:
            state.charge(max(end - start + 1, 0))
            return iter(range(start, end + 1))
        stop = end + 1

        def chunk(first: int) -> range:
            last = min(first + CHUNK, stop)
            state.charge(last - first)
            return range(first, last)

        return chain.from_iterable(map(chunk, range(start, stop, CHUNK)))
    return _decimal_range(state, _operand_number(start), _operand_number(end))


def _decimal_range(state: LimitState, start: Any, end: Any) -> Iterator[Any]:
    value = start
    while value <= end:
        state.charge(1)
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
