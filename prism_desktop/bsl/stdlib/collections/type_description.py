"""ОписаниеТипов (TypeDescription), the part collections need: the type list of a value-table column,
its default value, and ПривестиЗначение.

Adjusting follows the platform: a value whose type is in the description is kept; otherwise it is
converted to the first listed type that can take it (Число reads numeric strings and booleans and
gives 0 for anything else, so "" becomes 0; Строка takes the presentation; Булево reads numbers;
Дата gives 01.01.0001 for anything but a date). A composite description holds Неопределено
implicitly, so its empty value is Неопределено; a single-type description's empty value is that
type's (0, "", Ложь, 01.01.0001). Qualifiers (КвалификаторыЧисла/Строки/Даты) are accepted in the
constructor and not applied.
"""

from __future__ import annotations

import datetime as _dt
from typing import Any, Self

from prism_desktop.bsl.stdlib.collections.arguments import is_identifier, split_names, type_mismatch
from prism_desktop.bsl.stdlib.collections.array import BslArray, _ArrayReading
from prism_desktop.bsl.stdlib.types import canonical_type_name
from prism_desktop.bsl.values.base import BslObject, BslRuntimeError, BslType, is_number, method
from prism_desktop.bsl.values.dates import EMPTY_DATE
from prism_desktop.bsl.values.numbers import Number, parse_number
from prism_desktop.bsl.values.presentation import to_string, type_name

_DEFAULTS: dict[str, Any] = {"Число": 0, "Строка": "", "Булево": False, "Дата": EMPTY_DATE}


def resolve_type_name(name: str) -> BslType:
    """A type named in ОписаниеТипов("…"): primitives and known objects get their Russian name;
    other identifiers (metadata types such as СправочникСсылка.Товары) are kept as written."""
    known = canonical_type_name(name)
    if known is not None:
        return BslType(known)
    if all(is_identifier(part) for part in name.split(".")):
        return BslType(name)
    raise BslRuntimeError(f"Тип не определен ({name})")


def _to_number(value: Any) -> Number | None:
    if is_number(value):
        return value
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, str):
        try:
            return parse_number(value)
        except BslRuntimeError:
            return None
    return None


def _to_boolean(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    if is_number(value):
        return value != 0
    return None


def _adjust_to(type_name: str, value: Any) -> tuple[bool, Any]:
    """(converted?, result) for one target type."""
    if type_name == "Число":
        number = _to_number(value)
        return True, 0 if number is None else number
    if type_name == "Строка":
        return True, value if isinstance(value, str) else to_string(value)
    if type_name == "Булево":
        flag = _to_boolean(value)
        return True, False if flag is None else flag
    if type_name == "Дата":
        return True, value if isinstance(value, _dt.datetime) else EMPTY_DATE
    if type_name == "Неопределено":
        return True, None
    return False, None


class BslTypeDescription(BslObject):
    TYPE_RU = "ОписаниеТипов"
    TYPE_EN = "TypeDescription"
    __slots__ = ("types",)

    def __init__(self, types: list[BslType] | None = None) -> None:
        self.types: list[BslType] = []
        for t in types or []:
            if t not in self.types:
                self.types.append(t)

    @classmethod
    def of(cls, *names: str) -> Self:
        """Python API: BslTypeDescription.of("Число") or .of("Строка", "Число")."""
        return cls([resolve_type_name(n) for n in names])

    @classmethod
    def construct(cls, args: list[Any]) -> Self:
        """Новый ОписаниеТипов(Типы[, квалификаторы…]) or (Исходное, Добавляемые, Вычитаемые[, …])."""
        if not args or args[0] is None:
            return cls()
        first = args[0]
        if isinstance(first, BslTypeDescription):
            added = cls._type_list(args[1] if len(args) > 1 else None, 2)
            removed = cls._type_list(args[2] if len(args) > 2 else None, 3)
            kept = [t for t in first.types if t not in removed]
            return cls(kept + added)
        return cls(cls._type_list(first, 1))

    @classmethod
    def _type_list(cls, value: Any, param_no: int) -> list[BslType]:
        if value is None:
            return []
        if isinstance(value, str):
            return [resolve_type_name(name) for name in split_names(value)]
        if isinstance(value, _ArrayReading):
            return [item for item in value.items if isinstance(item, BslType)]
        if isinstance(value, BslType):
            return [value]
        raise type_mismatch(param_no)

    @property
    def is_composite(self) -> bool:
        return len(self.types) > 1

    def empty_value(self) -> Any:
        """What a new value-table cell of this type holds."""
        if len(self.types) == 1:
            return _DEFAULTS.get(self.types[0].name)
        return None

    @method("Типы", "Types")
    def types_array(self) -> BslArray:
        return BslArray(list(self.types))

    @method("СодержитТип", "ContainsType")
    def contains_type(self, type_value: Any) -> bool:
        if not isinstance(type_value, BslType):
            raise type_mismatch(1)
        if type_value.name == "Неопределено":
            # a composite type holds Неопределено implicitly; "any type" (empty list) does not list it
            return self.is_composite or type_value in self.types
        return type_value in self.types

    @method("ПривестиЗначение", "AdjustValue")
    def adjust(self, value: Any = None) -> Any:
        if not self.types:
            return value
        if self.contains_type(BslType(type_name(value))):
            return value
        for t in self.types:
            converted, result = _adjust_to(t.name, value)
            if converted:
                return result
        return None
