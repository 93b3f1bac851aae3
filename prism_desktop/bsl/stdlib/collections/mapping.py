"""Соответствие (Map) and ФиксированноеСоответствие (FixedMap).

Keys match by the platform `=` (through `hash_key`): 1 and 1.0 are one key, "а" and "А" are two,
objects match by reference. Iteration yields КлючИЗначение in insertion order; replacing a value
keeps the key's place. A missing key reads as Неопределено through Получить; through [] it does so in
Соответствие, while ФиксированноеСоответствие raises OneScript's "Значение, соответствующее ключу,
не задано".
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, Self

from prism_desktop.bsl.stdlib.collections.arguments import READ_ONLY_INDEX, type_mismatch
from prism_desktop.bsl.stdlib.collections.key_value import iterate_pairs
from prism_desktop.bsl.values.base import BslObject, BslRuntimeError, active_meter, hash_key, method

MISSING_KEY = "Значение, соответствующее ключу, не задано"


class _MapReading(BslObject):
    """What Соответствие and ФиксированноеСоответствие share."""

    __slots__ = ("entries",)

    def __init__(self) -> None:
        self.entries: dict[Any, tuple[Any, Any]] = {}  # hash_key(key) -> (key, value)

    @classmethod
    def from_pairs(cls, pairs: Iterable[tuple[Any, Any]]) -> Self:
        result = cls()
        for key, value in pairs:
            result._put(key, value)
        return result

    @classmethod
    def construct(cls, args: list[Any]) -> Self:
        """Новый X() or Новый X(другое соответствие)."""
        if not args:
            return cls()
        if len(args) == 1 and isinstance(args[0], _MapReading):
            return cls.from_pairs(args[0].entries.values())
        raise type_mismatch(1)

    def _put(self, key: Any, value: Any) -> None:
        kind = type(key)
        hk = key if kind is str or kind is int else hash_key(key)
        entries = self.entries
        existing = entries.get(hk)
        if existing is not None:
            entries[hk] = (existing[0], value)  # the size does not change
            return
        entries[hk] = (key, value)
        if len(entries) > active_meter.current.max_collection_items:  # check_size, inlined: a hot path
            active_meter.current.check_size(len(entries))

    def lookup(self, key: Any) -> Any:
        kind = type(key)  # strings and whole numbers are their own hash keys (see hash_key)
        entry = self.entries.get(key if kind is str or kind is int else hash_key(key))
        return None if entry is None else entry[1]

    @method("Получить", "Get")
    def get(self, key: Any = None) -> Any:
        return self.lookup(key)

    @method("Количество", "Count")
    def count(self) -> int:
        return len(self.entries)

    def bsl_index_get(self, key: Any) -> Any:
        kind = type(key)
        entry = self.entries.get(key if kind is str or kind is int else hash_key(key))
        return None if entry is None else entry[1]

    def bsl_iter(self) -> Iterator[Any]:
        return iterate_pairs(self.entries.values())


class BslMap(_MapReading):
    TYPE_RU = "Соответствие"
    TYPE_EN = "Map"
    __slots__ = ()

    @method("Вставить", "Insert")
    def insert(self, key: Any = None, value: Any = None) -> None:
        self._put(key, value)

    @method("Удалить", "Delete")
    def delete(self, key: Any = None) -> None:
        self.entries.pop(hash_key(key), None)

    @method("Очистить", "Clear")
    def clear(self) -> None:
        self.entries.clear()

    def bsl_index_set(self, key: Any, value: Any) -> None:
        self._put(key, value)


class BslFixedMap(_MapReading):
    TYPE_RU = "ФиксированноеСоответствие"
    TYPE_EN = "FixedMap"
    __slots__ = ()

    def bsl_index_get(self, key: Any) -> Any:
        kind = type(key)
        entry = self.entries.get(key if kind is str or kind is int else hash_key(key))
        if entry is None:
            raise BslRuntimeError(MISSING_KEY)
        return entry[1]

    def bsl_index_set(self, key: Any, value: Any) -> None:
        raise BslRuntimeError(READ_ONLY_INDEX)
