"""Objects of catalogs, documents, charts of accounts and of characteristic types (СправочникОбъект.X …):
fields converted on assignment, tabular sections, Записать (documents: РежимЗаписиДокумента
Запись/Проведение/ОтменаПроведения and their movements), Удалить, ПометкаУдаления, Прочитать.

There are no object modules in a synthetic configuration: posting records exactly the movements the
code put into `Движения` (record sets marked Записывать, which adding or changing records sets), and
undoing the posting clears them, as the platform does with "delete movements automatically".
"""

from __future__ import annotations

from typing import Any

from prism_desktop.bsl.platform_bridge.records import BslRecordSet
from prism_desktop.bsl.platform_bridge.records import record_set as new_record_set
from prism_desktop.bsl.platform_bridge.rows import assign
from prism_desktop.bsl.platform_bridge.session import current, guarded
from prism_desktop.bsl.platform_bridge.tabular import BslTabularSection
from prism_desktop.bsl.platform_bridge.values import WRITE_MODE, enum_value, to_bsl
from prism_desktop.bsl.values.base import BslObject, BslRuntimeError, method, prop
from prism_desktop.platform import metadata as md
from prism_desktop.platform.infobase import ObjectData

_OBJECT_TYPE = {
    md.CATALOG: ("СправочникОбъект", "CatalogObject"),
    md.DOCUMENT: ("ДокументОбъект", "DocumentObject"),
    md.CHART_OF_ACCOUNTS: ("ПланСчетовОбъект", "ChartOfAccountsObject"),
    md.CHART_OF_CHARACTERISTIC_TYPES: ("ПланВидовХарактеристикОбъект", "ChartOfCharacteristicTypesObject"),
}


class BslInfobaseObject(BslObject):
    TYPE_RU = "Объект"
    TYPE_EN = "Object"
    __slots__ = ("data", "modified", "sections")

    def __init__(self, data: ObjectData):
        self.data = data
        self.modified = data.ref.is_empty
        self.sections: dict[str, BslTabularSection] = {}

    @property
    def meta(self) -> md.MetaObject:
        return self.data.meta

    # --- fields -----------------------------------------------------------------------------
    def bsl_get_dynamic(self, name: str) -> Any:
        f = self.meta.field(name)
        if f is not None:
            return to_bsl(self.data.values[f.name])
        section = self.meta.tabular_section(name)
        if section is None:
            raise BslRuntimeError(f"Поле объекта не обнаружено ({name})")
        table = self.sections.get(section.name)
        if table is None:
            table = BslTabularSection(section, self.data.tabular.get(section.name, []))
            self.sections[section.name] = table
        return table

    def bsl_field_names(self) -> list[str]:
        return self.meta.fields.names()

    def bsl_set_dynamic(self, name: str, value: Any) -> None:
        f = self.meta.field(name)
        if f is None:
            if self.meta.tabular_section(name) is not None:
                raise BslRuntimeError(f"Поле объекта недоступно для записи ({name})")
            raise BslRuntimeError(f"Поле объекта не обнаружено ({name})")
        self.data.values[f.name] = assign(f, value)
        self.modified = True

    def sync_sections(self) -> None:
        for name, table in self.sections.items():
            self.data.tabular[name] = table.stored_rows()

    # --- methods ----------------------------------------------------------------------------
    @prop("Ссылка", "Ref")
    def prop_ref(self) -> Any:
        return to_bsl(self.data.ref)

    @method("ЭтоНовый", "IsNew")
    def is_new(self) -> bool:
        return self.data.ref.is_empty

    @method("Модифицированность", "Modified")
    def is_modified(self) -> bool:
        return self.modified or any(t.modified for t in self.sections.values())

    @method("Записать", "Write")
    def write(self) -> None:
        self.store()

    def store(self) -> None:
        self.sync_sections()
        guarded(current().write_object, self.data)
        self.modified = False
        for table in self.sections.values():
            table.modified = False

    @method("Удалить", "Delete")
    def delete(self) -> None:
        if self.data.ref.is_empty:
            raise BslRuntimeError("Объект не записан")
        guarded(current().delete_object, self.data.ref)

    @method("УстановитьПометкуУдаления", "SetDeletionMark")
    def set_deletion_mark(self, mark: Any, include_subordinates: Any = None) -> None:
        self.data.values["ПометкаУдаления"] = bool(mark)
        self.store()

    @method("Прочитать", "Read")
    def read(self) -> None:
        data = guarded(current().read_object, self.data.ref)
        if data is None:
            raise BslRuntimeError("Объект не найден")
        self.data = data
        self.sections.clear()
        self.modified = False

    @method("Скопировать", "Copy")
    def copy(self) -> BslInfobaseObject:
        self.sync_sections()
        values = dict(self.data.values)
        for key in ("Код", "Номер"):
            if key in values:
                values[key] = ""
        rows = {k: [dict(r) for r in v] for k, v in self.data.tabular.items()}
        return make_object(ObjectData(self.meta, self.meta.empty_ref(), values, rows))

    @method("УстановитьНовыйКод", "SetNewCode")
    def set_new_code(self, prefix: Any = None) -> None:
        self._renumber("Код")

    def _renumber(self, field: str) -> None:
        if self.meta.field(field) is None:
            raise BslRuntimeError(f"Метод объекта не обнаружен (УстановитьНовый{field})")
        self.data.values[field] = ""  # numbered on write, as a new object is

    def bsl_presentation(self) -> str:
        return to_bsl(self.data.ref).bsl_presentation() if not self.data.ref.is_empty else ""


class BslMovements(BslObject):
    """ДокументОбъект.Движения: the record sets of the registers the document records to."""

    TYPE_RU = "КоллекцияДвижений"
    TYPE_EN = "RegisterRecordsCollection"
    __slots__ = ("document", "sets")

    def __init__(self, document: BslDocumentObject):
        self.document = document
        self.sets: dict[str, BslRecordSet] = {}

    def bsl_get_dynamic(self, name: str) -> Any:
        meta = self.document.meta
        assert isinstance(meta, md.Document)
        key = md.norm(name)
        for kind, reg_name in meta.recorded_registers():
            if md.norm(reg_name) == key:
                record_set = self.sets.get(reg_name)
                if record_set is None:
                    register = current().config.register(kind, reg_name)
                    assert register is not None
                    record_set = new_record_set(register)
                    self.document.bind(record_set)
                    self.sets[reg_name] = record_set
                return record_set
        raise BslRuntimeError(f"Поле объекта не обнаружено ({name})")

    def bsl_iter(self) -> Any:
        meta = self.document.meta
        assert isinstance(meta, md.Document)
        return iter([self.bsl_get_dynamic(name) for _, name in meta.recorded_registers()])


class BslDocumentObject(BslInfobaseObject):
    __slots__ = ("movements",)

    def __init__(self, data: ObjectData):
        super().__init__(data)
        self.movements = BslMovements(self)

    def bind(self, record_set: BslRecordSet) -> None:
        if not self.data.ref.is_empty:
            record_set.filter.items["Регистратор"].value = self.data.ref
            record_set.filter.items["Регистратор"].used = True

    @prop("Движения", "RegisterRecords")
    def prop_movements(self) -> BslMovements:
        return self.movements

    @method("Записать", "Write")
    def write_document(self, mode: Any = None, posting_mode: Any = None) -> None:
        if mode is None or mode is enum_value(WRITE_MODE, "Запись"):
            action = "write"
        elif mode is enum_value(WRITE_MODE, "Проведение"):
            action = "post"
        elif mode is enum_value(WRITE_MODE, "ОтменаПроведения"):
            action = "undo"
        else:
            raise BslRuntimeError("Неверный тип параметра (параметр номер '1')")
        if action != "write":
            self.data.values["Проведен"] = action == "post"
        self.store()
        meta = self.meta
        assert isinstance(meta, md.Document)
        if action == "undo":
            for _, reg_name in meta.recorded_registers():
                record_set = self.movements.bsl_get_dynamic(reg_name)
                record_set.rows.clear()
                record_set.write_flag = True
        for record_set in self.movements.sets.values():
            self.bind(record_set)
            if record_set.write_flag:
                record_set.write(True)

    @method("УстановитьНовыйНомер", "SetNewNumber")
    def set_new_number(self, prefix: Any = None) -> None:
        self._renumber("Номер")


_CLASSES: dict[tuple[str, str], type[BslInfobaseObject]] = {}


def make_object(data: ObjectData) -> BslInfobaseObject:
    meta = data.meta
    cls = _CLASSES.get((meta.kind, meta.name))
    if cls is None:
        ru, en = _OBJECT_TYPE[meta.kind]
        base = BslDocumentObject if meta.kind == md.DOCUMENT else BslInfobaseObject
        cls = type(
            f"{en}_{meta.name}",
            (base,),
            {"TYPE_RU": f"{ru}.{meta.name}", "TYPE_EN": f"{en}.{meta.name}", "__slots__": ()},
        )
        _CLASSES[(meta.kind, meta.name)] = cls
    return cls(data)
