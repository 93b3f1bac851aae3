"""The contract between the BSL executor and every built-in value.

Python representation of BSL values (kept as plain Python objects so the hot path stays fast):
  Неопределено -> None            Null        -> NULL (singleton below)
  Булево       -> bool            Число       -> int when integral, decimal.Decimal otherwise
  Строка       -> str             Дата        -> datetime.datetime (no tzinfo)
  Тип          -> BslType         objects     -> subclasses of BslObject

Built-in objects expose methods and properties through case-insensitive Russian and English names
registered with the `@method` / `@prop` decorators; the executor calls `bsl_call`, `bsl_get`,
`bsl_set`, `bsl_index_get`, `bsl_index_set` and `bsl_iter`, and nothing else.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable, Iterator
from decimal import Decimal
from typing import Any, ClassVar


class BslRuntimeError(Exception):
    """A 1C runtime error: catchable by Попытка, its text is what ОписаниеОшибки() returns.
    Messages use the platform's wording, e.g. "Метод объекта не обнаружен (Добавитьь)"."""

    def __init__(self, message: str, line: int | None = None, module: str | None = None):
        super().__init__(message)
        self.message = message
        self.line = line
        self.module = module
        self.source_line = ""  # the text of the failing line, set when the error is located


class ExecutionLimit(Exception):
    """A sandbox limit was hit (statement budget, deadline, depth, size). Not catchable by Попытка:
    it ends the run with a clear status."""

    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind = kind  # "timeout" | "statements" | "recursion" | "memory" | "output"
        self.message = message


class _Null:
    __slots__ = ()
    _instance: ClassVar[_Null | None] = None

    def __new__(cls) -> _Null:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "NULL"

    def __reduce__(self) -> str:
        return "NULL"


NULL = _Null()


class BslType:
    """A value of type Тип. Compared by canonical (Russian) name."""

    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def __eq__(self, other: object) -> bool:
        return isinstance(other, BslType) and other.name == self.name

    def __hash__(self) -> int:
        return hash(("BslType", self.name))

    def __repr__(self) -> str:
        return f"Тип({self.name})"


class Meter:
    """Where built-ins charge the O cost model (PRISM's linear-scan and tail-shift charges)
    and where limits are checked. The executor installs the active meter in `active_meter`."""

    __slots__ = ("charged", "max_collection_items", "max_string_chars")

    def __init__(self, max_collection_items: int = 5_000_000, max_string_chars: int = 50_000_000):
        self.charged = 0
        self.max_collection_items = max_collection_items
        self.max_string_chars = max_string_chars

    def charge(self, units: int) -> None:
        if units > 0:
            self.charged += units

    def check_size(self, items: int) -> None:
        if items > self.max_collection_items:
            limit = self.max_collection_items
            raise ExecutionLimit("memory", f"коллекция превысила предел {limit} элементов")


class _ActiveMeter:
    """A module-level slot instead of a ContextVar: one engine run per worker process/thread."""

    current: Meter = Meter()


active_meter = _ActiveMeter


def norm_name(name: str) -> str:
    return name.lower().replace("ё", "е")


MethodImpl = Callable[..., Any]


def method(*names: str) -> Callable[[MethodImpl], MethodImpl]:
    """Mark a Python method as a BSL method under each given name (Russian first, then English)."""

    def mark(fn: MethodImpl) -> MethodImpl:
        fn.__bsl_method_names__ = names  # type: ignore[attr-defined]
        return fn

    return mark


def prop(*names: str, settable: bool = False, reads: str | None = None) -> Callable[[MethodImpl], MethodImpl]:
    """Mark a zero-argument Python method as a BSL property getter (optionally settable through
    a companion `set_<python name>` method). `reads`: the getter only returns that attribute of the
    object, so compiled code may read the attribute itself (no Python call: КлючИЗначение.Значение
    in a Для Каждого over 300,000 pairs)."""

    def mark(fn: MethodImpl) -> MethodImpl:
        fn.__bsl_prop_names__ = names  # type: ignore[attr-defined]
        fn.__bsl_prop_settable__ = settable  # type: ignore[attr-defined]
        fn.__bsl_prop_reads__ = reads  # type: ignore[attr-defined]
        return fn

    return mark


class BslObject:
    """Base class of every built-in object type (Массив, Структура, ТаблицаЗначений, …)."""

    TYPE_RU: ClassVar[str] = "Объект"
    TYPE_EN: ClassVar[str] = "Object"
    _methods: ClassVar[dict[str, str]]  # normalised BSL name -> Python attribute name
    _props: ClassVar[dict[str, tuple[str, bool]]]  # normalised BSL name -> (attribute, settable)

    __slots__ = ("__weakref__",)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        methods: dict[str, str] = {}
        props: dict[str, tuple[str, bool]] = {}
        for klass in reversed(cls.__mro__):
            for attr, fn in vars(klass).items():
                for n in getattr(fn, "__bsl_method_names__", ()):
                    methods[norm_name(n)] = attr
                for n in getattr(fn, "__bsl_prop_names__", ()):
                    props[norm_name(n)] = (attr, getattr(fn, "__bsl_prop_settable__", False))
        cls._methods = methods
        cls._props = props

    # --- the executor's entry points -------------------------------------------------------
    def bsl_call(self, name: str, args: list[Any]) -> Any:
        attr = self._methods.get(norm_name(name))
        if attr is None:
            raise BslRuntimeError(f"Метод объекта не обнаружен ({name})")
        return getattr(self, attr)(*args)

    def bsl_has_method(self, name: str) -> bool:
        return norm_name(name) in self._methods

    def bsl_get(self, name: str) -> Any:
        entry = self._props.get(norm_name(name))
        if entry is None:
            return self.bsl_get_dynamic(name)
        return getattr(self, entry[0])()

    def bsl_set(self, name: str, value: Any) -> None:
        entry = self._props.get(norm_name(name))
        if entry is None:
            self.bsl_set_dynamic(name, value)
            return
        attr, settable = entry
        if not settable:
            raise BslRuntimeError(f"Поле объекта недоступно для записи ({name})")
        getattr(self, f"set_{attr}")(value)

    def bsl_get_dynamic(self, name: str) -> Any:
        """Fields that are data, not API (Структура keys, table row columns). Override."""
        raise BslRuntimeError(f"Поле объекта не обнаружено ({name})")

    def bsl_set_dynamic(self, name: str, value: Any) -> None:
        raise BslRuntimeError(f"Поле объекта не обнаружено ({name})")

    def bsl_field_names(self) -> list[str]:
        """The data fields ЗаполнитьЗначенияСвойств copies (Структура keys, row columns). Override."""
        return []

    def bsl_index_get(self, key: Any) -> Any:
        raise BslRuntimeError("Получение элемента по индексу для значения не поддерживается")

    def bsl_index_set(self, key: Any, value: Any) -> None:
        raise BslRuntimeError("Установка значения элемента по индексу для значения не поддерживается")

    def bsl_iter(self) -> Iterator[Any]:
        raise BslRuntimeError("Итератор для значения не определен")

    def bsl_presentation(self) -> str:
        """What Строка(value) and Сообщить print: the type name, as the platform does."""
        return self.TYPE_RU


def is_number(value: Any) -> bool:
    kind = type(value)  # exact types: bool is an int subclass but not a Число
    return kind is int or kind is Decimal or (kind is not bool and isinstance(value, int | Decimal))


def normalize_number(value: int | Decimal) -> int | Decimal:
    """Integral results become int so integer-heavy code stays on the fast path."""
    if isinstance(value, Decimal) and value == value.to_integral_value():
        return int(value)
    return value


def values_equal(a: Any, b: Any) -> bool:
    """The platform `=`: numbers by value, strings case-sensitively, dates and booleans by value,
    Неопределено and NULL only to themselves, objects by reference (Тип by name)."""
    if a is b:
        return True
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if is_number(a):
        return is_number(b) and a == b
    if isinstance(a, str):
        return isinstance(b, str) and a == b
    if isinstance(a, _dt.datetime):
        return isinstance(b, _dt.datetime) and a == b
    if isinstance(a, BslType):
        return a == b
    if isinstance(a, BslObject) and hasattr(a, "bsl_equals"):
        return bool(a.bsl_equals(b))  # value-like objects (e.g. references in platform/)
    return False


def hash_key(value: Any) -> Any:
    """A Python dict key that matches `values_equal` (for Соответствие and grouping)."""
    kind = type(value)
    if kind is str or kind is int or kind is Decimal:
        return value  # the hot path; True (an int to Python) is keyed apart below
    if isinstance(value, bool):
        return ("b", value)
    if is_number(value):
        return value  # int and Decimal hash alike when equal
    if value is None:
        return ("u",)
    if isinstance(value, BslObject) and hasattr(value, "bsl_hash_key"):
        return value.bsl_hash_key()
    if isinstance(value, BslObject):
        return ("o", id(value))
    return value
