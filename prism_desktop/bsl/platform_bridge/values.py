"""Conversion between platform values (RefKey, SystemEnumValue, TypeDescription, plain Python) and BSL
values (reference objects, system enumeration values, ОписаниеТипов), and the system enumerations
of the object model as BSL globals.

Query code (platform_bridge/query*) converts query parameters with `from_bsl` and result cells with
`to_bsl`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from prism_desktop.bsl.stdlib.collections import BslTypeDescription
from prism_desktop.bsl.stdlib.collections.type_description import resolve_type_name
from prism_desktop.bsl.values.base import NULL
from prism_desktop.bsl.values.enums import ConstantSet, EnumValue, make_enum
from prism_desktop.bsl.values.presentation import to_string
from prism_desktop.platform.metadata_errors import ConfigError
from prism_desktop.platform.refs import RefKey
from prism_desktop.platform.types import (
    SYSTEM_ENUMS,
    SimpleType,
    SystemEnumValue,
    TypeDescription,
    parse_type_string,
)

# system enumerations: (Russian name, English name, [(value, value in English)])
_SYSTEM_ENUMS_EN: Final[dict[str, tuple[str, tuple[str, ...]]]] = {
    "ВидДвиженияНакопления": ("AccumulationRecordType", ("Receipt", "Expense")),
    "ВидДвиженияБухгалтерии": ("AccountingRecordType", ("Debit", "Credit")),
    "ВидСчета": ("AccountType", ("Active", "Passive", "ActivePassive")),
}
# enumerations that only steer methods (not stored in fields)
WRITE_MODE: Final = "РежимЗаписиДокумента"
POSTING_MODE: Final = "РежимПроведенияДокумента"
_MODE_ENUMS: Final[dict[str, tuple[str, list[tuple[str, str]]]]] = {
    WRITE_MODE: (
        "DocumentWriteMode",
        [("Запись", "Write"), ("Проведение", "Posting"), ("ОтменаПроведения", "UndoPosting")],
    ),
    POSTING_MODE: ("DocumentPostingMode", [("Неоперативный", "Regular"), ("Оперативный", "RealTime")]),
}

SYSTEM_ENUM_GLOBALS: dict[str, tuple[str, ConstantSet]] = {}  # Russian name -> (English, the global)
_ENUM_VALUES: dict[tuple[str, str], EnumValue] = {}  # (enum, value) -> BSL value

for _name, (_en, _values_en) in _SYSTEM_ENUMS_EN.items():
    _set, _by_name = make_enum(_name, list(zip(SYSTEM_ENUMS[_name], _values_en, strict=True)))
    SYSTEM_ENUM_GLOBALS[_name] = (_en, _set)
    for _value, _bsl in _by_name.items():
        _ENUM_VALUES[(_name, _value)] = _bsl
for _name, (_en, _pairs) in _MODE_ENUMS.items():
    _set, _by_name = make_enum(_name, _pairs)
    SYSTEM_ENUM_GLOBALS[_name] = (_en, _set)
    for _value, _bsl in _by_name.items():
        _ENUM_VALUES[(_name, _value)] = _bsl


def enum_value(enum: str, name: str) -> EnumValue:
    return _ENUM_VALUES[(enum, name)]


def is_enum_value(value: Any, enum: str, name: str) -> bool:
    return value is _ENUM_VALUES[(enum, name)]


def _refs_not_loaded(key: RefKey) -> Any:
    raise RuntimeError(f"platform_bridge.refs is not imported: no reference for {key}")


# How a RefKey becomes a BSL reference: refs.py, which builds on this module, sets it when imported
# (the package's __init__ imports it).
_make_ref: Callable[[RefKey], Any] = _refs_not_loaded


def set_ref_factory(factory: Callable[[RefKey], Any]) -> None:
    global _make_ref
    _make_ref = factory


def to_bsl(value: Any) -> Any:
    """A platform value as BSL sees it."""
    if isinstance(value, RefKey):
        return _make_ref(value)
    if isinstance(value, SystemEnumValue):
        return _ENUM_VALUES[(value.enum, value.name)]
    if isinstance(value, TypeDescription):
        return BslTypeDescription([resolve_type_name(t.name) for t in value.types])
    return value


def from_bsl(value: Any) -> Any:
    """A BSL value as the platform stores it; values the platform has no form for are returned as
    they are (a typed field converts them to its empty value)."""
    key = getattr(value, "ref_key", None)
    if isinstance(key, RefKey):
        return key
    if isinstance(value, EnumValue) and value.enum_name in SYSTEM_ENUMS:
        return SystemEnumValue(value.enum_name, value.name)
    if isinstance(value, BslTypeDescription):
        return _type_description(value)
    if value is NULL:
        return None
    return value


def _type_description(value: BslTypeDescription) -> TypeDescription:
    """The types a field can hold (Число, Строка, Дата, Булево, references); others are dropped."""
    kept: list[SimpleType] = []
    for t in value.types:
        try:
            kept.extend(parse_type_string(t.name).types)
        except ConfigError:
            continue
    return TypeDescription(tuple(kept))


def presenter(value: Any) -> str:
    """The presentation of a platform value (for a non-string value assigned to a Строка field)."""
    return to_string(to_bsl(value))
