"""Managers: the global collections (Справочники, Документы, РегистрыНакопления, РегистрыСведений,
РегистрыБухгалтерии, Константы, Перечисления, ПланыСчетов, ПланыВидовХарактеристик) and the manager of
each metadata object with its methods. Every lookup and selection is a data access in the techlog."""

from __future__ import annotations

import datetime as _dt
from typing import Any

from prism_desktop.bsl.platform_bridge.objects import make_object
from prism_desktop.bsl.platform_bridge.records import BslRecordManager, BslRecordSet, record_set
from prism_desktop.bsl.platform_bridge.refs import make_ref
from prism_desktop.bsl.platform_bridge.rows import assign
from prism_desktop.bsl.platform_bridge.selection import BslSelection
from prism_desktop.bsl.platform_bridge.session import current, guarded
from prism_desktop.bsl.platform_bridge.values import from_bsl, to_bsl
from prism_desktop.bsl.stdlib.collections import BslStructure, BslValueTable
from prism_desktop.bsl.stdlib.collections.structure import _StructureReading
from prism_desktop.bsl.values.base import BslObject, BslRuntimeError, method
from prism_desktop.bsl.values.presentation import to_string
from prism_desktop.platform import metadata as md
from prism_desktop.platform.refs import RefKey


def _filters(meta: md.MetaObject, value: Any, param_no: int) -> dict[str, Any]:
    """A Структура used as Отбор -> {field name: platform value}; unknown fields are errors."""
    if value is None:
        return {}
    if not isinstance(value, _StructureReading):
        raise BslRuntimeError(f"Неверный тип параметра (параметр номер '{param_no}')")
    result: dict[str, Any] = {}
    for key in value.keys():  # noqa: SIM118 (a Структура, not a dict)
        f = meta.field(key)
        if f is None:
            raise BslRuntimeError(f"Поле объекта не обнаружено ({key})")
        result[f.name] = from_bsl(value.get(key))
    return result


def _date_or_none(value: Any) -> _dt.datetime | None:
    value = from_bsl(value)
    if value is None:
        return None
    if isinstance(value, _dt.datetime):
        return value
    if isinstance(value, RefKey) and value.kind == md.DOCUMENT:  # a point in time given as a document
        values = guarded(current().read_values, value)
        return values["Дата"] if values else None
    raise BslRuntimeError("Неверный тип параметра (параметр номер '1')")


def _table(columns: list[str], rows: list[dict[str, Any]]) -> BslValueTable:
    return BslValueTable.from_rows(columns, [[to_bsl(row[c]) for c in columns] for row in rows])


class BslObjectManager(BslObject):
    """Common part of the managers of one metadata object."""

    TYPE_RU = "Менеджер"
    TYPE_EN = "Manager"
    __slots__ = ("meta",)

    def __init__(self, meta: md.MetaObject):
        self.meta = meta

    def bsl_presentation(self) -> str:
        return self.meta.full_name


class BslRefManager(BslObjectManager):
    """Catalogs, documents, charts: lookups, selections, new objects, the empty reference."""

    __slots__ = ()

    @method("ПустаяСсылка", "EmptyRef")
    def empty_ref(self) -> Any:
        return make_ref(self.meta.empty_ref())

    def _scope(self, parent: Any, owner: Any) -> dict[str, Any]:
        scope: dict[str, Any] = {}
        if parent is not None and self.meta.field("Родитель") is not None and not from_bsl(parent).is_empty:
            scope["Родитель"] = from_bsl(parent)
        if owner is not None and self.meta.field("Владелец") is not None:
            scope["Владелец"] = from_bsl(owner)
        return scope

    def _find(self, filters: dict[str, Any], detail: str, prefix: str | None = None) -> Any:
        return make_ref(guarded(current().find, self.meta, filters, prefix=prefix, detail=detail))

    @method("НайтиПоКоду", "FindByCode")
    def find_by_code(self, code: Any, in_hierarchy: Any = None, parent: Any = None, owner: Any = None) -> Any:
        if self.meta.field("Код") is None:
            raise BslRuntimeError("Метод объекта не обнаружен (НайтиПоКоду)")
        text = to_string(code).strip()
        return self._find({"Код": text, **self._scope(parent, owner)}, f"{self.meta.full_name}.НайтиПоКоду")

    @method("НайтиПоНаименованию", "FindByDescription")
    def find_by_description(
        self, description: Any, exact: Any = False, parent: Any = None, owner: Any = None
    ) -> Any:
        if self.meta.field("Наименование") is None:
            raise BslRuntimeError("Метод объекта не обнаружен (НайтиПоНаименованию)")
        text = to_string(description)
        detail = f"{self.meta.full_name}.НайтиПоНаименованию"
        if exact:
            return self._find({"Наименование": text, **self._scope(parent, owner)}, detail)
        return self._find(self._scope(parent, owner), detail, prefix=text)

    @method("НайтиПоРеквизиту", "FindByAttribute")
    def find_by_attribute(self, name: Any, value: Any, parent: Any = None, owner: Any = None) -> Any:
        f = self.meta.field(to_string(name))
        if f is None or f.role != md.ATTRIBUTE:
            raise BslRuntimeError(f"Поле объекта не обнаружено ({to_string(name)})")
        filters = {f.name: assign(f, value), **self._scope(parent, owner)}
        return self._find(filters, f"{self.meta.full_name}.НайтиПоРеквизиту")

    def _selection(self, filters: dict[str, Any], order: Any, **kwargs: Any) -> BslSelection:
        rules = None
        if order is not None:
            rules = []
            for part in to_string(order).split(","):
                words = part.split()
                if words:
                    rules.append((words[0], len(words) > 1 and words[1].lower() in ("убыв", "desc")))
        rows = guarded(current().select, self.meta, filters, order=rules, **kwargs)
        return BslSelection(self.meta, rows)

    def _new(self, folder: bool = False) -> Any:
        return make_object(current().new_object(self.meta, folder=folder))

    def bsl_get_dynamic(self, name: str) -> Any:
        """Predefined items: Справочники.X.<ИмяПредопределенного>."""
        if isinstance(self.meta, md.Catalog):
            item = next((p for p in self.meta.predefined if md.norm(p.name) == md.norm(name)), None)
            if item is not None:
                return self._find(
                    {"ИмяПредопределенныхДанных": item.name}, f"{self.meta.full_name}.{item.name}"
                )
        raise BslRuntimeError(f"Поле объекта не обнаружено ({name})")


class BslCatalogManager(BslRefManager):
    TYPE_RU = "СправочникМенеджер"
    TYPE_EN = "CatalogManager"
    __slots__ = ()

    @method("СоздатьЭлемент", "CreateItem")
    def create_item(self) -> Any:
        return self._new()

    @method("СоздатьГруппу", "CreateFolder")
    def create_folder(self) -> Any:
        if not isinstance(self.meta, md.Catalog) or not self.meta.hierarchical:
            raise BslRuntimeError("Метод объекта не обнаружен (СоздатьГруппу)")
        return self._new(folder=True)

    @method("Выбрать", "Select")
    def select(
        self, parent: Any = None, owner: Any = None, selection_filter: Any = None, order: Any = None
    ) -> Any:
        return self._selection(
            {**self._scope(parent, owner), **_filters(self.meta, selection_filter, 3)}, order
        )

    @method("ВыбратьИерархически", "SelectHierarchically")
    def select_hierarchically(
        self, parent: Any = None, owner: Any = None, selection_filter: Any = None, order: Any = None
    ) -> Any:
        root = from_bsl(parent)
        scope = self._scope(None, owner)
        if isinstance(root, RefKey) and not root.is_empty:
            return self._selection(
                {**scope, **_filters(self.meta, selection_filter, 3)}, order, descendants_of=root
            )
        return self._selection({**scope, **_filters(self.meta, selection_filter, 3)}, order)


class BslChartOfCharacteristicTypesManager(BslCatalogManager):
    TYPE_RU = "ПланВидовХарактеристикМенеджер"
    TYPE_EN = "ChartOfCharacteristicTypesManager"
    __slots__ = ()


class BslChartOfAccountsManager(BslRefManager):
    TYPE_RU = "ПланСчетовМенеджер"
    TYPE_EN = "ChartOfAccountsManager"
    __slots__ = ()

    @method("СоздатьСчет", "CreateAccount")
    def create_account(self) -> Any:
        return self._new()

    @method("Выбрать", "Select")
    def select(self, parent: Any = None, selection_filter: Any = None, order: Any = None) -> Any:
        return self._selection(
            {**self._scope(parent, None), **_filters(self.meta, selection_filter, 2)}, order
        )


class BslDocumentManager(BslRefManager):
    TYPE_RU = "ДокументМенеджер"
    TYPE_EN = "DocumentManager"
    __slots__ = ()

    @method("СоздатьДокумент", "CreateDocument")
    def create_document(self) -> Any:
        return self._new()

    @method("НайтиПоНомеру", "FindByNumber")
    def find_by_number(self, number: Any, date: Any = None) -> Any:
        return self._find({"Номер": to_string(number).strip()}, f"{self.meta.full_name}.НайтиПоНомеру")

    @method("Выбрать", "Select")
    def select(
        self, start: Any = None, end: Any = None, selection_filter: Any = None, order: Any = None
    ) -> Any:
        return self._selection(
            _filters(self.meta, selection_filter, 3), order, period=(_date_or_none(start), _date_or_none(end))
        )


class BslEnumManager(BslObjectManager):
    TYPE_RU = "ПеречислениеМенеджер"
    TYPE_EN = "EnumManager"
    __slots__ = ()

    def bsl_get_dynamic(self, name: str) -> Any:
        assert isinstance(self.meta, md.Enum)
        value_id = self.meta.value_id(name)
        if value_id is None:
            raise BslRuntimeError(f"Поле объекта не обнаружено ({name})")
        return make_ref(RefKey(self.meta.kind, self.meta.name, value_id))

    @method("ПустаяСсылка", "EmptyRef")
    def empty_ref(self) -> Any:
        return make_ref(self.meta.empty_ref())

    @method("Индекс", "IndexOf")
    def index_of(self, value: Any) -> int:
        key = from_bsl(value)
        if not isinstance(key, RefKey) or key.kind != md.ENUM or key.name != self.meta.name or key.is_empty:
            raise BslRuntimeError("Неверный тип параметра (параметр номер '1')")
        return key.id - 1

    @method("Получить", "Get")
    def get(self, index: Any) -> Any:
        assert isinstance(self.meta, md.Enum)
        position = int(index) if isinstance(index, int) else -1
        if not 0 <= position < len(self.meta.values):
            raise BslRuntimeError("Индекс находится за границами диапазона")
        return make_ref(RefKey(self.meta.kind, self.meta.name, position + 1))


class BslRegisterManager(BslObjectManager):
    __slots__ = ()

    @method("СоздатьНаборЗаписей", "CreateRecordSet")
    def create_record_set(self) -> BslRecordSet:
        assert isinstance(self.meta, md.Register)
        return record_set(self.meta)

    def _columns(self, names: Any, default: list[md.Field]) -> list[str]:
        if names is None:
            return [f.name for f in default]
        chosen = []
        for part in to_string(names).split(","):
            if part.strip():
                f = self.meta.field(part.strip())
                if f is None:
                    raise BslRuntimeError(f"Поле объекта не обнаружено ({part.strip()})")
                chosen.append(f.name)
        return chosen


class BslAccumulationRegisterManager(BslRegisterManager):
    TYPE_RU = "РегистрНакопленияМенеджер"
    TYPE_EN = "AccumulationRegisterManager"
    __slots__ = ()

    def _register(self) -> md.AccumulationRegister:
        assert isinstance(self.meta, md.AccumulationRegister)
        return self.meta

    def _result(self, rows: list[dict[str, Any]], dimensions: Any, resources: Any) -> BslValueTable:
        register = self._register()
        dims = self._columns(dimensions, register.dimensions())
        res = self._columns(resources, register.resources())
        grouped: dict[tuple[Any, ...], dict[str, Any]] = {}
        for row in rows:
            key = tuple(repr(row[d]) for d in dims)
            entry = grouped.setdefault(key, {**{d: row[d] for d in dims}, **{r: 0 for r in res}})
            for r in res:
                entry[r] += row[r]
        return _table(dims + res, list(grouped.values()))

    @method("Остатки", "Balance")
    def balance(
        self, period: Any = None, selection_filter: Any = None, dimensions: Any = None, resources: Any = None
    ) -> BslValueTable:
        """Columns: the dimensions and the resources (their balances) — one data access."""
        register = self._register()
        if not register.is_balance:
            raise BslRuntimeError("Метод объекта не обнаружен (Остатки)")
        rows = guarded(
            current().registers.balances,
            register,
            _date_or_none(period),
            _filters(register, selection_filter, 2),
        )
        return self._result(rows, dimensions, resources)

    @method("Обороты", "Turnovers")
    def turnovers(
        self,
        start: Any = None,
        end: Any = None,
        selection_filter: Any = None,
        dimensions: Any = None,
        resources: Any = None,
    ) -> BslValueTable:
        """Columns: the dimensions and the resources (their net turnovers) — one data access."""
        register = self._register()
        rows = guarded(
            current().registers.turnovers,
            register,
            _date_or_none(start),
            _date_or_none(end),
            _filters(register, selection_filter, 3),
        )
        return self._result(rows, dimensions, resources)


class BslInformationRegisterManager(BslRegisterManager):
    TYPE_RU = "РегистрСведенийМенеджер"
    TYPE_EN = "InformationRegisterManager"
    __slots__ = ()

    def _register(self) -> md.InformationRegister:
        assert isinstance(self.meta, md.InformationRegister)
        return self.meta

    @method("СоздатьМенеджерЗаписи", "CreateRecordManager")
    def create_record_manager(self) -> BslRecordManager:
        register = self._register()
        if register.has_recorder:
            raise BslRuntimeError("Метод объекта не обнаружен (СоздатьМенеджерЗаписи)")
        return BslRecordManager(register)

    def _slice(self, period: Any, selection_filter: Any, last: bool) -> list[dict[str, Any]]:
        register = self._register()
        if not register.is_periodic:
            raise BslRuntimeError(f"Метод объекта не обнаружен ({'СрезПоследних' if last else 'СрезПервых'})")
        return guarded(
            current().registers.slice,
            register,
            _date_or_none(period),
            _filters(register, selection_filter, 2),
            last,
        )

    def _slice_table(self, period: Any, selection_filter: Any, last: bool) -> BslValueTable:
        register = self._register()
        return _table([f.name for f in register.fields], self._slice(period, selection_filter, last))

    @method("СрезПоследних", "SliceLast")
    def slice_last(self, period: Any = None, selection_filter: Any = None) -> BslValueTable:
        return self._slice_table(period, selection_filter, True)

    @method("СрезПервых", "SliceFirst")
    def slice_first(self, period: Any = None, selection_filter: Any = None) -> BslValueTable:
        return self._slice_table(period, selection_filter, False)

    def _resources(self, row: dict[str, Any] | None) -> BslStructure:
        register = self._register()
        fields = register.resources() + register.attributes()
        return BslStructure.from_pairs(
            [(f.name, to_bsl(row[f.name] if row is not None else f.type.default())) for f in fields]
        )

    @method("ПолучитьПоследнее", "GetLast")
    def get_last(self, period: Any = None, selection_filter: Any = None) -> BslStructure:
        rows = self._slice(period, selection_filter, True)
        return self._resources(rows[0] if rows else None)

    @method("ПолучитьПервое", "GetFirst")
    def get_first(self, period: Any = None, selection_filter: Any = None) -> BslStructure:
        rows = self._slice(period, selection_filter, False)
        return self._resources(rows[0] if rows else None)

    @method("Получить", "Get")
    def get(self, selection_filter: Any = None) -> BslStructure:
        register = self._register()
        rows = guarded(
            current().registers.read_records,
            register,
            _filters(register, selection_filter, 1),
            f"{register.full_name}.Получить",
        )
        return self._resources(rows[-1] if rows else None)


class BslAccountingRegisterManager(BslRegisterManager):
    TYPE_RU = "РегистрБухгалтерииМенеджер"
    TYPE_EN = "AccountingRegisterManager"
    __slots__ = ()


class BslConstantManager(BslObjectManager):
    TYPE_RU = "КонстантаМенеджер"
    TYPE_EN = "ConstantManager"
    __slots__ = ()

    @method("Получить", "Get")
    def get(self) -> Any:
        assert isinstance(self.meta, md.Constant)
        return to_bsl(guarded(current().registers.get_constant, self.meta))

    @method("Установить", "Set")
    def set_value(self, value: Any) -> None:
        assert isinstance(self.meta, md.Constant)
        guarded(current().registers.set_constant, self.meta, assign(self.meta.value_field, value))


_MANAGER_CLASSES: dict[str, type[BslObjectManager]] = {
    md.CATALOG: BslCatalogManager,
    md.DOCUMENT: BslDocumentManager,
    md.ENUM: BslEnumManager,
    md.CHART_OF_ACCOUNTS: BslChartOfAccountsManager,
    md.CHART_OF_CHARACTERISTIC_TYPES: BslChartOfCharacteristicTypesManager,
    md.ACCUMULATION_REGISTER: BslAccumulationRegisterManager,
    md.INFORMATION_REGISTER: BslInformationRegisterManager,
    md.ACCOUNTING_REGISTER: BslAccountingRegisterManager,
    md.CONSTANT: BslConstantManager,
}


class BslManagerCollection(BslObject):
    """A global such as Справочники: `Справочники.Товары` and `Справочники["Товары"]` give the manager;
    an unknown name is the platform's "Поле объекта не обнаружено"."""

    TYPE_RU = "КоллекцияМенеджеров"
    TYPE_EN = "ManagerCollection"
    __slots__ = ("info",)

    def __init__(self, info: md.KindInfo):
        self.info = info

    def manager(self, name: str) -> BslObjectManager:
        meta = current().config.find(self.info.kind, name)
        if meta is None:
            raise BslRuntimeError(f"Поле объекта не обнаружено ({name})")
        return _MANAGER_CLASSES[self.info.kind](meta)

    def bsl_get_dynamic(self, name: str) -> Any:
        return self.manager(name)

    def bsl_index_get(self, key: Any) -> Any:
        return self.manager(to_string(key))

    def bsl_iter(self) -> Any:
        return iter([_MANAGER_CLASSES[self.info.kind](m) for m in current().config.of_kind(self.info.kind)])

    def bsl_presentation(self) -> str:
        return self.info.managers
