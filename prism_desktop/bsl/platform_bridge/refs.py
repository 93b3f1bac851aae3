"""References as BSL values: СправочникСсылка.X, ДокументСсылка.X, ПеречислениеСсылка.X, ПланСчетовСсылка.X,
ПланВидовХарактеристикСсылка.X.

Each metadata object gets its own subclass of BslRef whose TYPE_RU is the reference type name, so
ТипЗнч(Ссылка) = Тип("СправочникСсылка.Товары") holds and Тип("…") resolves the name. Two references
are equal when they point to the same object. Reading a field through a reference (`Ссылка.Цена`) is an
implicit read of the object: one data access in the techlog, every time, as the 1C technological log
shows one per dereference of a not-cached object.
"""

from __future__ import annotations

from typing import Any

from prism_desktop.bsl.platform_bridge.objects import make_object
from prism_desktop.bsl.platform_bridge.session import current, guarded
from prism_desktop.bsl.platform_bridge.tabular import BslTabularSection
from prism_desktop.bsl.platform_bridge.values import set_ref_factory, to_bsl
from prism_desktop.bsl.values.base import BslObject, BslRuntimeError, method
from prism_desktop.bsl.values.dates import presentation as date_presentation
from prism_desktop.platform import metadata as md
from prism_desktop.platform.refs import KIND_EN, REF_TYPE_PREFIXES, RefKey


class BslRef(BslObject):
    TYPE_RU = "Ссылка"
    TYPE_EN = "Ref"
    __slots__ = ("ref_key",)

    def __init__(self, key: RefKey):
        self.ref_key = key

    def __repr__(self) -> str:
        return f"{self.ref_key.type_name}({self.ref_key.id})"

    def bsl_equals(self, other: Any) -> bool:
        return isinstance(other, BslRef) and other.ref_key == self.ref_key

    def bsl_hash_key(self) -> Any:
        return ("ref", self.ref_key)

    def meta(self) -> md.MetaObject:
        return guarded(current().meta_of, self.ref_key)

    @method("Пустая", "IsEmpty")
    def is_empty(self) -> bool:
        return self.ref_key.is_empty

    @method("ПолучитьОбъект", "GetObject")
    def get_object(self) -> Any:
        """The object (one data access); Неопределено when the object does not exist."""
        if self.ref_key.kind == md.ENUM:
            raise BslRuntimeError("Метод объекта не обнаружен (ПолучитьОбъект)")
        data = guarded(current().read_object, self.ref_key)
        return None if data is None else make_object(data)

    def bsl_get_dynamic(self, name: str) -> Any:
        meta = self.meta()
        field = meta.field(name) if meta.kind != md.ENUM else None
        if field is None:
            section = meta.tabular_section(name)
            if section is None:
                raise BslRuntimeError(f"Поле объекта не обнаружено ({name})")
            data = guarded(current().read_object, self.ref_key)
            rows = data.tabular[section.name] if data is not None else []
            return BslTabularSection(section, rows, read_only=True)
        if field.name == "Ссылка":
            return self
        if self.ref_key.is_empty:
            return to_bsl(field.type.default())
        values = guarded(current().read_values, self.ref_key, f"{meta.full_name}: {field.name} через точку")
        return to_bsl(field.type.default() if values is None else values[field.name])

    def bsl_set_dynamic(self, name: str, value: Any) -> None:
        meta = self.meta()
        if meta.field(name) is not None or meta.tabular_section(name) is not None:
            raise BslRuntimeError(f"Поле объекта недоступно для записи ({name})")
        raise BslRuntimeError(f"Поле объекта не обнаружено ({name})")

    def bsl_presentation(self) -> str:
        key = self.ref_key
        if key.is_empty:
            return ""
        if key.kind == md.ENUM:
            enum = self.meta()
            assert isinstance(enum, md.Enum)
            return enum.values[key.id - 1] if 0 < key.id <= len(enum.values) else ""
        values = guarded(current().read_values, key, f"{key.full_name}: представление")
        if values is None:
            return f"<Объект не найден> ({key.id})"
        if key.kind == md.DOCUMENT:
            return f"{key.name} {values['Номер']} от {date_presentation(values['Дата'])}"
        if key.kind == md.CHART_OF_ACCOUNTS:
            return str(values["Код"])
        return str(values["Наименование"])


_CLASSES: dict[tuple[str, str], type[BslRef]] = {}


def ref_class(kind: str, name: str) -> type[BslRef]:
    """The BSL class of references to one metadata object (created once per kind and name)."""
    cls = _CLASSES.get((kind, name))
    if cls is None:
        ru, en = REF_TYPE_PREFIXES[kind]
        cls = type(
            f"{KIND_EN[kind]}Ref_{name}",
            (BslRef,),
            {"TYPE_RU": f"{ru}.{name}", "TYPE_EN": f"{en}.{name}", "__slots__": ()},
        )
        _CLASSES[(kind, name)] = cls
    return cls


def make_ref(key: RefKey) -> BslRef:
    return ref_class(key.kind, key.name)(key)


set_ref_factory(make_ref)
