"""Managers: the global collections (Справочники, Документы, РегистрыНакопления, РегистрыСведений,
РегистрыБухгалтерии, Константы, Перечисления, ПланыСчетов, ПланыВидовХарактеристик) and the manager of
each metadata object with its methods. Every lookup and selection is a data access in the techlog."""

from __future__ import annotations

from typing import Any

from prism_desktop.bsl.platform_bridge.manager_base import (
    FIELD_NOT_FOUND,
    BslObjectManager,
    argument_type_error,
    date_or_none,
    structure_filters,
)
from prism_desktop.bsl.platform_bridge.objects import make_object
from prism_desktop.bsl.platform_bridge.refs import make_ref
from prism_desktop.bsl.platform_bridge.register_managers import (
    BslAccountingRegisterManager,
    BslAccumulationRegisterManager,
    BslInformationRegisterManager,
)
from prism_desktop.bsl.platform_bridge.rows import assign
from prism_desktop.bsl.platform_bridge.selection import BslSelection
from prism_desktop.bsl.platform_bridge.session import current, guarded
from prism_desktop.bsl.platform_bridge.values import from_bsl, to_bsl
from prism_desktop.bsl.values.base import BslObject, BslRuntimeError, method
from prism_desktop.bsl.values.presentation import to_string
from prism_desktop.platform import metadata as md
from prism_desktop.platform.refs import RefKey


class BslRefManager(BslObjectManager):
    """Catalogs, documents, charts: lookups, selections, new objects, the empty reference."""

    __slots__ = ()

    @method("ПустаяСсылка", "EmptyRef")
    def empty_ref(self) -> Any:
        return make_ref(self.meta.empty_ref())

    def _scope(self, parent: Any, owner: Any, method_name: str, parent_no: int) -> dict[str, Any]:
        """Родитель and Владелец of a lookup or selection: Неопределено or a reference; anything
        else is 1C's type mismatch naming the parameter (PRISM's published B16 logs:
        `Выбрать(Контрагент, "Владелец")` -> "Ошибка при вызове метода контекста (Выбрать):
        Несоответствие типов (параметр номер '2')")."""
        scope: dict[str, Any] = {}
        for value, number in ((parent, parent_no), (owner, parent_no + 1)):
            if value is not None and not isinstance(from_bsl(value), RefKey):
                raise argument_type_error(method_name, number)
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
        return self._find(
            {"Код": text, **self._scope(parent, owner, "НайтиПоКоду", 3)},
            f"{self.meta.full_name}.НайтиПоКоду",
        )

    @method("НайтиПоНаименованию", "FindByDescription")
    def find_by_description(
        self, description: Any, exact: Any = False, parent: Any = None, owner: Any = None
    ) -> Any:
        if self.meta.field("Наименование") is None:
            raise BslRuntimeError("Метод объекта не обнаружен (НайтиПоНаименованию)")
        text = to_string(description)
        detail = f"{self.meta.full_name}.НайтиПоНаименованию"
        scope = self._scope(parent, owner, "НайтиПоНаименованию", 3)
        if exact:
            return self._find({"Наименование": text, **scope}, detail)
        return self._find(scope, detail, prefix=text)

    @method("НайтиПоРеквизиту", "FindByAttribute")
    def find_by_attribute(self, name: Any, value: Any, parent: Any = None, owner: Any = None) -> Any:
        f = self.meta.field(to_string(name))
        if f is None or f.role != md.ATTRIBUTE:
            raise BslRuntimeError(FIELD_NOT_FOUND.format(to_string(name)))
        filters = {f.name: assign(f, value), **self._scope(parent, owner, "НайтиПоРеквизиту", 3)}
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
        raise BslRuntimeError(FIELD_NOT_FOUND.format(name))


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
            {**self._scope(parent, owner, "Выбрать", 1), **structure_filters(self.meta, selection_filter, 3)},
            order,
        )

    @method("ВыбратьИерархически", "SelectHierarchically")
    def select_hierarchically(
        self, parent: Any = None, owner: Any = None, selection_filter: Any = None, order: Any = None
    ) -> Any:
        self._scope(parent, owner, "ВыбратьИерархически", 1)  # the parameters' types
        root = from_bsl(parent)
        scope = self._scope(None, owner, "ВыбратьИерархически", 1)
        if isinstance(root, RefKey) and not root.is_empty:
            return self._selection(
                {**scope, **structure_filters(self.meta, selection_filter, 3)}, order, descendants_of=root
            )
        return self._selection({**scope, **structure_filters(self.meta, selection_filter, 3)}, order)


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
            {**self._scope(parent, None, "Выбрать", 1), **structure_filters(self.meta, selection_filter, 2)},
            order,
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
            structure_filters(self.meta, selection_filter, 3),
            order,
            period=(date_or_none(start), date_or_none(end, 2)),
        )


class BslEnumManager(BslObjectManager):
    TYPE_RU = "ПеречислениеМенеджер"
    TYPE_EN = "EnumManager"
    __slots__ = ()

    def bsl_get_dynamic(self, name: str) -> Any:
        assert isinstance(self.meta, md.Enum)
        value_id = self.meta.value_id(name)
        if value_id is None:
            raise BslRuntimeError(FIELD_NOT_FOUND.format(name))
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
            raise BslRuntimeError(FIELD_NOT_FOUND.format(name))
        return _MANAGER_CLASSES[self.info.kind](meta)

    def bsl_get_dynamic(self, name: str) -> Any:
        return self.manager(name)

    def bsl_index_get(self, key: Any) -> Any:
        return self.manager(to_string(key))

    def bsl_iter(self) -> Any:
        return iter([_MANAGER_CLASSES[self.info.kind](m) for m in current().config.of_kind(self.info.kind)])

    def bsl_presentation(self) -> str:
        return self.info.managers


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
