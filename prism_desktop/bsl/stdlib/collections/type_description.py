"""ОписаниеТипов (TypeDescription): the type list of a value-table column, its default value, its
qualifiers, and ПривестиЗначение.

Constructor (the platform's two forms, as OneScript implements them in TypeDescription.cs):
`Новый ОписаниеТипов(Типы[, Квалификаторы…])` with Типы a string of names or an array of Тип, and
`Новый ОписаниеТипов(Исходное, [Добавляемые], [Вычитаемые][, Квалификаторы…])`. Qualifiers may come in
any order after the types; anything else in their place is "Несоответствие типов (параметр номер
'N')", as is a first argument that is neither. A qualifier not given keeps the source's, else the
default: no limits, and (our reading where the documentation is silent) dates keep their time.

Adjusting follows the platform: a value whose type is in the description is fitted to that type's
qualifiers; otherwise it is converted to the first listed type that can take it (Число reads numeric
strings and booleans and gives 0 for anything else, so "" becomes 0; Строка takes the presentation;
Булево reads numbers and the words Истина/Ложь/Да/Нет, else Ложь; Дата reads a date string such as
"20240131", else 01.01.0001). A composite description holds Неопределено implicitly, so its empty
value is Неопределено; a single-type description's empty value is that type's (0, "", Ложь,
01.01.0001).
"""

from __future__ import annotations

import datetime as _dt
from typing import Any, Self

from prism_desktop.bsl.stdlib.collections.arguments import is_identifier, split_names, type_mismatch
from prism_desktop.bsl.stdlib.collections.array import ArrayReading, BslArray
from prism_desktop.bsl.stdlib.collections.qualifiers import (
    DATE_TIME,
    BslBinaryDataQualifiers,
    BslDateQualifiers,
    BslNumberQualifiers,
    BslStringQualifiers,
)
from prism_desktop.bsl.stdlib.types import boolean, canonical_type_name, date
from prism_desktop.bsl.values.base import BslObject, BslRuntimeError, BslType, is_number, method, prop
from prism_desktop.bsl.values.dates import EMPTY_DATE
from prism_desktop.bsl.values.numbers import Number, parse_number
from prism_desktop.bsl.values.presentation import to_string, type_name

_DEFAULTS: dict[str, Any] = {"Число": 0, "Строка": "", "Булево": False, "Дата": EMPTY_DATE}


# Platform types of configuration code that our engine has no class for, named without a dot.
_PLATFORM_TYPES_WE_DO_NOT_BUILD = frozenset(
    n.lower()
    for n in (
        "ЛюбаяСсылка", "AnyRef", "ХранилищеЗначения", "ValueStorage", "СтандартныйПериод", "StandardPeriod",
        "МоментВремени", "PointInTime", "Граница", "Boundary", "ВидДвиженияНакопления",
        "AccumulationRecordType", "ВидДвиженияБухгалтерии", "AccountingRecordType", "ВидСчета", "AccountType",
    )
)


def resolve_type_name(name: str, *, written: bool = False) -> BslType:
    """A type named in ОписаниеТипов("…"): primitives and known objects get their Russian name;
    other identifiers (metadata types such as СправочникСсылка.Товары) are kept as written."""
    known = canonical_type_name(name)
    if known is not None:
        return BslType(known)
    plain_ok = not written or "." in name or name.lower() in _PLATFORM_TYPES_WE_DO_NOT_BUILD
    if all(is_identifier(part) for part in name.split(".")) and plain_ok:
        return BslType(name)
    # written in code, a single unknown name is no metadata type (they all have a dot): OneScript's
    # wording; names coming from the platform bridge are kept as they are
    raise BslRuntimeError(f"Тип не зарегистрирован ({name})")


# OneScript's order of the types of a description (its TypeComparer): these first, in this order,
# then every other type in the order given; Неопределено is never listed (a composite description
# holds it implicitly).
_PRIMITIVE_ORDER = {"Булево": 0, "ДвоичныеДанные": 1, "Строка": 2, "Дата": 3, "Null": 4, "Число": 5, "Тип": 6}


def _ordered(types: list[BslType]) -> list[BslType]:
    unique: list[BslType] = []
    for t in types:
        if t not in unique and t.name != "Неопределено":
            unique.append(t)
    return sorted(unique, key=lambda t: _PRIMITIVE_ORDER.get(t.name, len(_PRIMITIVE_ORDER)))


def _plain_string(value: Any) -> str:
    """A value as ПривестиЗначение puts it into a string: numbers without digit grouping (OneScript)."""
    if is_number(value):
        text = str(value) if type(value) is int else format(value.normalize(), "f")
        return text.replace(".", ",")
    return value if isinstance(value, str) else to_string(value)


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
    try:
        return boolean(value) if isinstance(value, bool | str) or is_number(value) else None
    except BslRuntimeError:
        return None


def _to_date(value: Any) -> _dt.datetime:
    if isinstance(value, _dt.datetime):
        return value
    if isinstance(value, str):
        try:
            return date(value)
        except BslRuntimeError:
            pass
    return EMPTY_DATE


def _adjust_to(type_name: str, value: Any) -> tuple[bool, Any]:
    """(converted?, result) for one target type."""
    if type_name == "Число":
        number = _to_number(value)
        return True, 0 if number is None else number
    if type_name == "Строка":
        return True, _plain_string(value)
    if type_name == "Булево":
        flag = _to_boolean(value)
        return True, False if flag is None else flag
    if type_name == "Дата":
        return True, _to_date(value)
    if type_name == "Неопределено":
        return True, None
    return False, None


class BslTypeDescription(BslObject):
    TYPE_RU = "ОписаниеТипов"
    TYPE_EN = "TypeDescription"
    __slots__ = ("binary_q", "date_q", "number_q", "string_q", "types")

    def __init__(
        self,
        types: list[BslType] | None = None,
        number_q: BslNumberQualifiers | None = None,
        string_q: BslStringQualifiers | None = None,
        date_q: BslDateQualifiers | None = None,
        binary_q: BslBinaryDataQualifiers | None = None,
    ) -> None:
        self.types: list[BslType] = _ordered(types or [])
        names = {t.name for t in self.types}
        # a qualifier of a type the description does not hold is the default one (OneScript)
        self.number_q = (number_q if "Число" in names else None) or BslNumberQualifiers()
        self.string_q = (string_q if "Строка" in names else None) or BslStringQualifiers()
        self.date_q = (date_q if "Дата" in names else None) or BslDateQualifiers(DATE_TIME)
        self.binary_q = (binary_q if "ДвоичныеДанные" in names else None) or BslBinaryDataQualifiers()

    @classmethod
    def of(cls, *names: str) -> Self:
        """Python API: BslTypeDescription.of("Число") or .of("Строка", "Число")."""
        return cls([resolve_type_name(n) for n in names])

    @classmethod
    def construct(cls, args: list[Any]) -> Self:
        """Новый ОписаниеТипов(Типы[, квалификаторы…]) or (Исходное, Добавляемые, Вычитаемые[, …])."""
        first = args[0] if args else None
        qualifiers: dict[type, Any] = {}
        start = 1
        if first is None:
            types: list[BslType] = []
        elif isinstance(first, BslTypeDescription):
            added = cls._type_list(args[1] if len(args) > 1 else None, 2)
            removed = cls._type_list(args[2] if len(args) > 2 else None, 3)
            types = [t for t in first.types if t not in removed] + added
            qualifiers = {type(q): q for q in (first.number_q, first.string_q, first.date_q, first.binary_q)}
            start = 3
        elif isinstance(first, str | ArrayReading):
            types = cls._type_list(first, 1)
        else:
            raise type_mismatch(1)
        for position, value in enumerate(args[start:], start + 1):
            if value is None:
                continue
            if not isinstance(
                value, BslNumberQualifiers | BslStringQualifiers | BslDateQualifiers | BslBinaryDataQualifiers
            ):
                raise type_mismatch(position)
            qualifiers[type(value)] = value
        return cls(
            types,
            qualifiers.get(BslNumberQualifiers),
            qualifiers.get(BslStringQualifiers),
            qualifiers.get(BslDateQualifiers),
            qualifiers.get(BslBinaryDataQualifiers),
        )

    @classmethod
    def _type_list(cls, value: Any, param_no: int) -> list[BslType]:
        if value is None:
            return []
        if isinstance(value, str):
            return [resolve_type_name(name, written=True) for name in split_names(value)]
        if isinstance(value, ArrayReading):
            return [item for item in value.items if isinstance(item, BslType)]
        if isinstance(value, BslType):
            return [value]
        if param_no > 1:  # the added/removed lists of the second form: OneScript's wording
            raise BslRuntimeError(f"Неверный тип аргумента номер {param_no}")
        raise type_mismatch(param_no)

    @property
    def is_composite(self) -> bool:
        return len(self.types) > 1

    def empty_value(self) -> Any:
        """What a new value-table cell of this type holds."""
        if len(self.types) == 1:
            name = self.types[0].name
            return self.string_q.empty() if name == "Строка" else _DEFAULTS.get(name)
        return None

    @prop("КвалификаторыЧисла", "NumberQualifiers")
    def prop_number_q(self) -> BslNumberQualifiers:
        return self.number_q

    @prop("КвалификаторыСтроки", "StringQualifiers")
    def prop_string_q(self) -> BslStringQualifiers:
        return self.string_q

    @prop("КвалификаторыДаты", "DateQualifiers")
    def prop_date_q(self) -> BslDateQualifiers:
        return self.date_q

    @prop("КвалификаторыДвоичныхДанных", "BinaryDataQualifiers")
    def prop_binary_q(self) -> BslBinaryDataQualifiers:
        return self.binary_q

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

    def _fit(self, name: str, value: Any) -> Any:
        """A value of the listed type `name`, within that type's qualifiers."""
        if name == "Число":
            return self.number_q.adjust(value)
        if name == "Строка":
            return self.string_q.adjust(value)
        if name == "Дата":
            return self.date_q.adjust(value)
        return value

    @method("ПривестиЗначение", "AdjustValue")
    def adjust(self, value: Any = None) -> Any:
        if not self.types:
            return value
        own = type_name(value)
        if self.contains_type(BslType(own)):
            return self._fit(own, value)
        for t in self.types:
            converted, result = _adjust_to(t.name, value)
            if converted:
                return self._fit(t.name, result)
        return None
