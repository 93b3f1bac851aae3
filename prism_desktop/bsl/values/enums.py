"""System enumerations (РежимОкругления, НаправлениеПоиска …) and constant sets (Символы): global
properties whose members are read as `Перечисление.Значение`."""

from __future__ import annotations

from typing import Any

from prism_desktop.bsl.values.base import BslObject, BslRuntimeError, norm_name


class EnumValue(BslObject):
    """One value of a system enumeration; compared by identity, shown by its name."""

    TYPE_RU = "ЗначениеПеречисления"
    TYPE_EN = "EnumValue"
    __slots__ = ("enum_name", "name", "name_en")

    def __init__(self, enum_name: str, name: str, name_en: str):
        self.enum_name = enum_name
        self.name = name
        self.name_en = name_en

    def bsl_presentation(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"{self.enum_name}.{self.name}"


class ConstantSet(BslObject):
    """A read-only global whose members are looked up by name (Символы.ПС, РежимОкругления.Окр15как20)."""

    TYPE_RU = "Перечисление"
    TYPE_EN = "Enum"
    __slots__ = ("members", "name")

    def __init__(self, name: str, members: dict[str, Any]):
        self.name = name
        self.members = members  # normalised member name -> value

    def bsl_get_dynamic(self, name: str) -> Any:
        try:
            return self.members[norm_name(name)]
        except KeyError:
            raise BslRuntimeError(f"Поле объекта не обнаружено ({name})") from None

    def bsl_set_dynamic(self, name: str, value: Any) -> None:
        raise BslRuntimeError(f"Поле объекта недоступно для записи ({name})")

    def bsl_presentation(self) -> str:
        return self.name


def make_enum(name: str, values: list[tuple[str, str]]) -> tuple[ConstantSet, dict[str, EnumValue]]:
    """The enumeration object and its values by Russian name."""
    by_name: dict[str, EnumValue] = {}
    members: dict[str, Any] = {}
    for ru, en in values:
        value = EnumValue(name, ru, en)
        by_name[ru] = value
        members[norm_name(ru)] = value
        members[norm_name(en)] = value
    return ConstantSet(name, members), by_name


def make_constants(name: str, values: list[tuple[str, str, Any]]) -> ConstantSet:
    members: dict[str, Any] = {}
    for ru, en, value in values:
        members[norm_name(ru)] = value
        members[norm_name(en)] = value
    return ConstantSet(name, members)
