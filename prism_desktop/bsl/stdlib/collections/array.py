"""Массив (Array) and ФиксированныйМассив (FixedArray).

Cost model (PRISM_FORMAT §3.6): Найти charges the elements it examines; Вставить and Удалить charge
the tail they shift (count − position, counted before the change).
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Iterable, Iterator
from decimal import Decimal
from typing import Any, Self

from prism_desktop.bsl.stdlib.collections.arguments import (
    READ_ONLY_INDEX,
    bad_value,
    checked_index,
    out_of_range,
    to_int,
    type_mismatch,
)
from prism_desktop.bsl.stdlib.collections.equality import equality_test
from prism_desktop.bsl.values.base import (
    BslObject,
    BslRuntimeError,
    active_meter,
    is_number,
    method,
)


def find_index(items: list[Any], value: Any) -> int:
    """Index of the first element equal to `value` by the platform `=`, or -1. Charges the scan."""
    meter = active_meter.current
    if value is None or isinstance(value, bool | int | Decimal | str | _dt.datetime):
        # The C-level list.index finds every element the platform `=` accepts, plus Python-only
        # matches (1 == Истина); those are skipped by re-checking with the exact test.
        test = equality_test(value)
        start = 0
        while True:
            try:
                index = items.index(value, start)
            except ValueError:
                meter.charge(len(items))
                return -1
            if test(items[index]):
                meter.charge(index + 1)
                return index
            start = index + 1
    test = equality_test(value)
    for index, item in enumerate(items):
        if test(item):
            meter.charge(index + 1)
            return index
    meter.charge(len(items))
    return -1


class ArrayReading(BslObject):
    """What Массив and ФиксированныйМассив share: reading, searching, iterating."""

    __slots__ = ("items",)

    def __init__(self, items: list[Any] | None = None) -> None:
        self.items: list[Any] = [] if items is None else items

    @classmethod
    def from_values(cls, values: Iterable[Any]) -> Self:
        items = list(values)
        active_meter.current.check_size(len(items))
        return cls(items)

    @method("Количество", "Count")
    def count(self) -> int:
        return len(self.items)

    @method("ВГраница", "UBound")
    def upper_bound(self) -> int:
        return len(self.items) - 1

    @method("Получить", "Get")
    def get(self, index: Any) -> Any:
        return self.items[checked_index(index, len(self.items))]

    @method("Найти", "Find")
    def find(self, value: Any = None) -> int | None:
        index = find_index(self.items, value)
        return None if index < 0 else index

    def bsl_index_get(self, key: Any) -> Any:
        if type(key) is int and key >= 0:  # the common case, checked by the list itself
            try:
                return self.items[key]
            except IndexError:
                raise out_of_range() from None
        return self.items[_element_index(key, len(self.items))]

    def bsl_iter(self) -> Iterator[Any]:
        # A live iterator, as the platform's: elements added during the loop are visited.
        return iter(self.items)


def _element_index(key: Any, count: int) -> int:
    if not is_number(key):
        raise BslRuntimeError("Преобразование значения к типу Число не может быть выполнено")
    index = int(key)
    if index < 0 or index >= count:
        raise out_of_range()
    return index


class BslArray(ArrayReading):
    TYPE_RU = "Массив"
    TYPE_EN = "Array"
    __slots__ = ()

    @classmethod
    def construct(cls, args: list[Any]) -> BslArray:
        """Новый Массив, Новый Массив(n), Новый Массив(n, m, …), Новый Массив(ФиксированныйМассив)."""
        if not args:
            return cls()
        if len(args) == 1 and isinstance(args[0], BslFixedArray):
            return cls(list(args[0].items))
        dims: list[int] = []
        total = 1
        for position, arg in enumerate(args, start=1):
            size = to_int(arg, position)
            if size < 0:
                raise bad_value(position)
            total *= size
            active_meter.current.check_size(total)
            dims.append(size)
        return cls._filled(dims)

    @classmethod
    def _filled(cls, dims: list[int]) -> BslArray:
        if len(dims) == 1:
            return cls([None] * dims[0])
        return cls([cls._filled(dims[1:]) for _ in range(dims[0])])

    @method("Добавить", "Add")
    def add(self, value: Any = None) -> None:
        items = self.items
        items.append(value)
        if len(items) > active_meter.current.max_collection_items:  # check_size, inlined: a hot path
            active_meter.current.check_size(len(items))

    @method("Вставить", "Insert")
    def insert(self, index: Any, value: Any = None) -> None:
        position = to_int(index, 1)
        if position < 0:
            raise out_of_range()
        count = len(self.items)
        active_meter.current.charge(count - position)
        if position > count:
            # The platform pads with Неопределено up to the index rather than failing.
            active_meter.current.check_size(position + 1)
            self.items.extend([None] * (position - count))
        self.items.insert(position, value)
        active_meter.current.check_size(len(self.items))

    @method("Удалить", "Delete")
    def delete(self, index: Any) -> None:
        position = checked_index(index, len(self.items))
        active_meter.current.charge(len(self.items) - position)
        del self.items[position]

    @method("Очистить", "Clear")
    def clear(self) -> None:
        self.items.clear()

    @method("Установить", "Set")
    def set_item(self, index: Any, value: Any) -> None:
        self.items[checked_index(index, len(self.items))] = value

    def bsl_index_set(self, key: Any, value: Any) -> None:
        if type(key) is int and key >= 0:
            try:
                self.items[key] = value
                return
            except IndexError:
                raise out_of_range() from None
        self.items[_element_index(key, len(self.items))] = value


class BslFixedArray(ArrayReading):
    TYPE_RU = "ФиксированныйМассив"
    TYPE_EN = "FixedArray"
    __slots__ = ()

    @classmethod
    def construct(cls, args: list[Any]) -> BslFixedArray:
        """Новый ФиксированныйМассив(Массив)."""
        if len(args) != 1 or not isinstance(args[0], ArrayReading):
            raise type_mismatch(1)
        return cls(list(args[0].items))

    def bsl_index_set(self, key: Any, value: Any) -> None:
        raise BslRuntimeError(READ_ONLY_INDEX)
