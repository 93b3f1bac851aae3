"""Структура (Structure) and ФиксированнаяСтруктура (FixedStructure).

Keys are identifiers compared case-insensitively (ё = е); the first spelling is kept, insertion
order is preserved, and re-inserting a key replaces its value in place. Fields read as `s.Ключ` or
`s["Ключ"]`. Свойство(Ключ, Значение) writes its second argument by reference (see byref.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, ClassVar, Self

from prism_desktop.bsl.names import canonical as norm_name  # keys fold as names do: `С.Ключ` finds "ключ"
from prism_desktop.bsl.stdlib.collections.arguments import (
    is_identifier,
    split_names,
    to_str,
    type_mismatch,
)
from prism_desktop.bsl.stdlib.collections.byref import write_back
from prism_desktop.bsl.stdlib.collections.key_value import iterate_pairs
from prism_desktop.bsl.values.base import BslObject, BslRuntimeError, active_meter, method


def _invalid_key(name: str) -> BslRuntimeError:
    return BslRuntimeError(f"Задано неправильное имя атрибута структуры ({name})")


def _missing_field(name: str) -> BslRuntimeError:
    return BslRuntimeError(f"Поле объекта не обнаружено ({name})")


class StructureReading(BslObject):
    """What Структура and ФиксированнаяСтруктура share: reading fields, Свойство, iteration."""

    __slots__ = ("fields",)
    bsl_byref_args: ClassVar[dict[str, tuple[int, ...]]] = {"свойство": (1,), "property": (1,)}

    def __init__(self) -> None:
        # normalised key -> (key as first written, value)
        self.fields: dict[str, tuple[str, Any]] = {}

    @classmethod
    def from_pairs(cls, pairs: Iterable[tuple[str, Any]]) -> Self:
        result = cls()
        for key, value in pairs:
            result._put(key, value)
        return result

    @classmethod
    def construct(cls, args: list[Any]) -> Self:
        """Новый X(), Новый X("Ключ1, Ключ2", з1, з2), Новый X(другая структура)."""
        if not args:
            return cls()
        first = args[0]
        if isinstance(first, StructureReading) and len(args) == 1:
            return cls.from_pairs(first.fields.values())
        if not isinstance(first, str):
            raise type_mismatch(1)
        values = args[1:]
        keys = split_names(first)
        return cls.from_pairs((key, values[i] if i < len(values) else None) for i, key in enumerate(keys))

    def _put(self, key: str, value: Any) -> None:
        if not is_identifier(key):
            raise _invalid_key(key)
        norm = norm_name(key)
        existing = self.fields.get(norm)
        self.fields[norm] = (key if existing is None else existing[0], value)
        active_meter.current.check_size(len(self.fields))

    def keys(self) -> list[str]:
        return [key for key, _ in self.fields.values()]

    def bsl_field_names(self) -> list[str]:
        return self.keys()

    def get(self, key: str) -> Any:
        """Python API: the value under `key` (KeyError when absent)."""
        return self.fields[norm_name(key)][1]

    @method("Свойство", "Property")
    def has_property(self, key: Any, found: Any = None) -> bool:
        name = to_str(key, 1)
        entry = self.fields.get(norm_name(name))
        if entry is None:
            if not is_identifier(name):
                raise _invalid_key(name)
            write_back(found, None)
            return False
        write_back(found, entry[1])
        return True

    @method("Количество", "Count")
    def count(self) -> int:
        return len(self.fields)

    def bsl_get_dynamic(self, name: str) -> Any:
        entry = self.fields.get(norm_name(name))
        if entry is None:
            raise _missing_field(name)
        return entry[1]

    @staticmethod
    def bsl_field_getter(key: str, name: str) -> Callable[[Any], Any]:
        """The reader of `С.<name>` (key: the name folded by the compiler), for runtime.MemberSite."""

        def read(structure: Any) -> Any:
            entry = structure.fields.get(key)
            if entry is None:
                raise _missing_field(name)
            return entry[1]

        return read

    def bsl_index_get(self, key: Any) -> Any:
        if not isinstance(key, str):
            raise _missing_field(str(key))
        return self.bsl_get_dynamic(key)

    def bsl_iter(self) -> Iterator[Any]:
        return iterate_pairs(self.fields.values())


class BslStructure(StructureReading):
    TYPE_RU = "Структура"
    TYPE_EN = "Structure"
    __slots__ = ()

    @method("Вставить", "Insert")
    def insert(self, key: Any, value: Any = None) -> None:
        self._put(to_str(key, 1), value)

    @method("Удалить", "Delete")
    def delete(self, key: Any) -> None:
        self.fields.pop(norm_name(to_str(key, 1)), None)

    @method("Очистить", "Clear")
    def clear(self) -> None:
        self.fields.clear()

    def bsl_set_dynamic(self, name: str, value: Any) -> None:
        self.bsl_field_setter(norm_name(name), name)(self, value)

    @staticmethod
    def bsl_field_setter(key: str, name: str) -> Callable[[Any, Any], None]:
        """The writer of `С.<name> = З` (key: the folded name), for runtime.MemberSite."""

        def write(structure: Any, value: Any) -> None:
            fields = structure.fields
            entry = fields.get(key)
            if entry is None:
                raise _missing_field(name)
            fields[key] = (entry[0], value)

        return write

    def bsl_index_set(self, key: Any, value: Any) -> None:
        if not isinstance(key, str):
            raise _missing_field(str(key))
        self.bsl_set_dynamic(key, value)


class BslFixedStructure(StructureReading):
    TYPE_RU = "ФиксированнаяСтруктура"
    TYPE_EN = "FixedStructure"
    __slots__ = ()

    def bsl_set_dynamic(self, name: str, value: Any) -> None:
        if norm_name(name) not in self.fields:
            raise _missing_field(name)
        raise BslRuntimeError(f"Поле объекта недоступно для записи ({name})")

    def bsl_index_set(self, key: Any, value: Any) -> None:
        if not isinstance(key, str):
            raise _missing_field(str(key))
        self.bsl_set_dynamic(key, value)
