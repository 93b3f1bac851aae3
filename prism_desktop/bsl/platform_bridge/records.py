"""Register record sets (НаборЗаписей) with their Отбор, records (including an accounting record's
СубконтоДт/СубконтоКт/Субконто by kind), and information-register record managers (МенеджерЗаписи)."""

from __future__ import annotations

from typing import Any, ClassVar

from prism_desktop.bsl.platform_bridge.rows import TypedRow, TypedRows, assign
from prism_desktop.bsl.platform_bridge.session import current, guarded
from prism_desktop.bsl.platform_bridge.values import enum_value, from_bsl, to_bsl
from prism_desktop.bsl.values.base import BslObject, BslRuntimeError, method, prop
from prism_desktop.bsl.values.presentation import to_string
from prism_desktop.platform import metadata as md
from prism_desktop.platform.refs import RefKey


class BslFilterItem(BslObject):
    TYPE_RU = "ЭлементОтбора"
    TYPE_EN = "FilterItem"
    __slots__ = ("field", "owner", "used", "value")

    def __init__(self, owner: BslFilter, field: md.Field):
        self.owner = owner
        self.field = field
        self.value = field.type.default()
        self.used = False

    @method("Установить", "Set")
    def set_value(self, value: Any, use: Any = True) -> None:
        self.value = assign(self.field, value)
        self.used = bool(use) if use is not None else True
        self.owner.changed()

    @prop("Значение", "Value", settable=True)
    def prop_value(self) -> Any:
        return to_bsl(self.value)

    def set_prop_value(self, value: Any) -> None:
        self.value = assign(self.field, value)
        self.owner.changed()

    @prop("Использование", "Use", settable=True)
    def prop_use(self) -> bool:
        return self.used

    def set_prop_use(self, value: Any) -> None:
        self.used = bool(value)
        self.owner.changed()

    @prop("Имя", "Name")
    def prop_name(self) -> str:
        return self.field.name


class BslFilter(BslObject):
    """Отбор of a record set: one item per field the set can be selected by."""

    TYPE_RU = "Отбор"
    TYPE_EN = "Filter"
    __slots__ = ("items", "record_set")

    def __init__(self, record_set: BslRecordSet, fields: list[md.Field]):
        self.record_set = record_set
        self.items = {f.name: BslFilterItem(self, f) for f in fields}

    def changed(self) -> None:
        self.record_set.modified = True

    def _item(self, name: str) -> BslFilterItem:
        key = md.norm(name)
        item = next(
            (
                i
                for n, i in self.items.items()
                if md.norm(n) == key or (i.field.name_en is not None and md.norm(i.field.name_en) == key)
            ),
            None,
        )
        if item is None:
            raise BslRuntimeError(f"Поле объекта не обнаружено ({name})")
        return item

    def bsl_get_dynamic(self, name: str) -> Any:
        return self._item(name)

    def bsl_index_get(self, key: Any) -> Any:
        return self._item(to_string(key))

    @method("Количество", "Count")
    def count(self) -> int:
        return len(self.items)

    def used(self) -> dict[str, Any]:
        return {name: item.value for name, item in self.items.items() if item.used}


class BslSubconto(BslObject):
    """Запись.СубконтоДт[ВидСубконто] = Значение: the value is put at the kind's position in the
    account's ВидыСубконто (reading the account is one data access); a kind the account does not have
    is ignored, as by the platform."""

    TYPE_RU = "ЗначенияСубконто"
    TYPE_EN = "ExtDimensions"
    __slots__ = ("record", "side")

    def __init__(self, record: BslRecord, side: str):
        self.record = record
        self.side = side  # "Дт", "Кт" or "" (a register without correspondence)

    def _position(self, kind: Any) -> int | None:
        account = self.record.values.get(f"Счет{self.side}")
        kind_key = from_bsl(kind)
        if not isinstance(account, RefKey) or account.is_empty or not isinstance(kind_key, RefKey):
            return None
        data = guarded(current().read_object, account)
        if data is None:
            return None
        kinds = [row.get("ВидСубконто") for row in data.tabular.get("ВидыСубконто", [])]
        return kinds.index(kind_key) + 1 if kind_key in kinds else None

    def bsl_index_get(self, key: Any) -> Any:
        kind_key = from_bsl(key)
        for i in range(1, self.record.register_count() + 1):
            if self.record.values.get(f"ВидСубконто{self.side}{i}") == kind_key:
                return to_bsl(self.record.values[f"Субконто{self.side}{i}"])
        return None

    def bsl_index_set(self, key: Any, value: Any) -> None:
        position = self._position(key)
        if position is None or position > self.record.register_count():
            return
        owner = self.record.owner
        kind_field = owner.fields.field(f"ВидСубконто{self.side}{position}")
        value_field = owner.fields.field(f"Субконто{self.side}{position}")
        assert kind_field is not None and value_field is not None
        self.record.values[kind_field.name] = assign(kind_field, key)
        self.record.values[value_field.name] = assign(value_field, value)
        owner.touch()

    def bsl_get_dynamic(self, name: str) -> Any:
        raise BslRuntimeError(f"Поле объекта не обнаружено ({name})")


class BslRecord(TypedRow):
    TYPE_RU = "ЗаписьРегистра"
    TYPE_EN = "RegisterRecord"
    __slots__ = ()

    def register_count(self) -> int:
        register = self.owner.register  # type: ignore[attr-defined]
        return register.ext_dimension_count if isinstance(register, md.AccountingRegister) else 0

    def _subconto(self, side: str) -> BslSubconto:
        register = self.owner.register  # type: ignore[attr-defined]
        if not isinstance(register, md.AccountingRegister) or register.correspondence != bool(side):
            raise BslRuntimeError(f"Поле объекта не обнаружено (Субконто{side})")
        return BslSubconto(self, side)

    @prop("СубконтоДт", "ExtDimensionsDr")
    def subconto_dr(self) -> BslSubconto:
        return self._subconto("Дт")

    @prop("СубконтоКт", "ExtDimensionsCr")
    def subconto_cr(self) -> BslSubconto:
        return self._subconto("Кт")

    @prop("Субконто", "ExtDimensions")
    def subconto(self) -> BslSubconto:
        return self._subconto("")


class BslRecordSet(TypedRows):
    """A register's record set: Отбор, Добавить, Записать(Замещение = Истина), Прочитать, Записывать."""

    TYPE_RU = "НаборЗаписей"
    TYPE_EN = "RecordSet"
    __slots__ = ("filter", "register", "write_flag")
    row_class: ClassVar[type[TypedRow]] = BslRecord

    def __init__(self, register: md.Register):
        self.register = register
        super().__init__(register.fields)
        self.write_flag = False
        self.filter = BslFilter(self, self._filter_fields(register))

    @staticmethod
    def _filter_fields(register: md.Register) -> list[md.Field]:
        names = ["Регистратор"] if register.has_recorder else []
        if isinstance(register, md.InformationRegister) and not register.has_recorder:
            names = (["Период"] if register.is_periodic else []) + [f.name for f in register.dimensions()]
        return [f for f in (register.field(n) for n in names) if f is not None]

    def touch(self) -> None:
        super().touch()
        self.write_flag = True

    def complete(self, values: dict[str, Any]) -> dict[str, Any]:
        row = super().complete(values)
        if "Активность" in row and "Активность" not in values:
            row["Активность"] = True  # a new record is active
        return row

    @prop("Отбор", "Filter")
    def prop_filter(self) -> BslFilter:
        return self.filter

    @prop("Записывать", "Write", settable=True)
    def prop_write(self) -> bool:
        return self.write_flag

    def set_prop_write(self, value: Any) -> None:
        self.write_flag = bool(value)

    @method("Модифицированность", "Modified")
    def is_modified(self) -> bool:
        return self.modified

    @method("Записать", "Write")
    def write(self, replace: Any = True) -> None:
        filters = self.filter.used()
        if self.register.has_recorder and "Регистратор" not in filters:
            raise BslRuntimeError("Не установлено значение отбора по полю Регистратор")
        guarded(
            current().registers.write_records,
            self.register,
            filters,
            self.values(),
            True if replace is None else bool(replace),
        )
        self.modified = False
        self.write_flag = False

    @method("Прочитать", "Read")
    def read(self) -> None:
        rows = guarded(current().registers.read_records, self.register, self.filter.used())
        self.rows = [self.row_class(self, self.complete(values)) for values in rows]
        self.modified = False


class BslBalanceRecordSet(BslRecordSet):
    """The record set of a balance accumulation register: 8.3 adds ДобавитьПриход/ДобавитьРасход,
    which add a record with ВидДвижения already set."""

    __slots__ = ()

    def _add_movement(self, kind: str) -> TypedRow:
        row = self.add()
        row.bsl_set("ВидДвижения", enum_value("ВидДвиженияНакопления", kind))
        return row

    @method("ДобавитьПриход", "AddReceipt")
    def add_receipt(self) -> TypedRow:
        return self._add_movement("Приход")

    @method("ДобавитьРасход", "AddExpense")
    def add_expense(self) -> TypedRow:
        return self._add_movement("Расход")


def record_set(register: md.Register) -> BslRecordSet:
    """The record set class the platform gives this register."""
    if isinstance(register, md.AccumulationRegister) and register.is_balance:
        return BslBalanceRecordSet(register)
    return BslRecordSet(register)


class BslRecordManager(BslObject):
    """МенеджерЗаписи of an independent information register: one record by key."""

    TYPE_RU = "МенеджерЗаписи"
    TYPE_EN = "RecordManager"
    __slots__ = ("register", "selected", "values")

    def __init__(self, register: md.InformationRegister):
        self.register = register
        self.values = {f.name: f.type.default() for f in register.fields}
        self.selected = False

    def _field(self, name: str) -> md.Field:
        f = self.register.field(name)
        if f is None:
            raise BslRuntimeError(f"Поле объекта не обнаружено ({name})")
        return f

    def bsl_get_dynamic(self, name: str) -> Any:
        return to_bsl(self.values[self._field(name).name])

    def bsl_field_names(self) -> list[str]:
        return self.register.fields.names()

    def bsl_set_dynamic(self, name: str, value: Any) -> None:
        f = self._field(name)
        self.values[f.name] = assign(f, value)

    def _key(self) -> dict[str, Any]:
        names = (["Период"] if self.register.is_periodic else []) + [
            f.name for f in self.register.dimensions()
        ]
        return {n: self.values[n] for n in names}

    @method("Записать", "Write")
    def write(self, replace: Any = True) -> None:
        guarded(
            current().registers.write_record,
            self.register,
            dict(self.values),
            True if replace is None else bool(replace),
        )

    @method("Прочитать", "Read")
    def read(self) -> None:
        found = guarded(current().registers.read_record, self.register, self._key())
        self.selected = found is not None
        if found is not None:
            self.values = found

    @method("Удалить", "Delete")
    def delete(self) -> None:
        guarded(current().registers.delete_record, self.register, self._key())

    @method("Выбран", "Selected")
    def is_selected(self) -> bool:
        return self.selected
