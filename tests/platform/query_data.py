"""A small trading configuration and helpers that fill an infobase through the platform API (no BSL), for
the query-language tests. Every figure the tests expect is worked out by hand from the data written
here."""

from __future__ import annotations

import datetime as _dt
from decimal import Decimal
from typing import Any

from prism_desktop.platform import Infobase, load_configuration
from prism_desktop.platform.query import execute, execute_batch
from prism_desktop.platform.query.result import QueryResult
from prism_desktop.platform.refs import RefKey
from prism_desktop.platform.types import SystemEnumValue

N3 = {"type": "Число", "length": 15, "precision": 3}
N2 = {"type": "Число", "length": 15, "precision": 2}
SPEC: dict[str, Any] = {
    "enums": {"ВидыТоваров": ["Товар", "Услуга"]},
    "catalogs": {
        "Товары": {
            "hierarchical": True,
            "attributes": {"Цена": N2, "Вид": "ПеречислениеСсылка.ВидыТоваров", "Артикул": "Строка"},
        },
        "Склады": {"predefined": ["Основной"]},
        "Контрагенты": {},
    },
    "documents": {
        "Приход": {
            "registers": ["ОстаткиТоваров"],
            "attributes": {"Склад": "СправочникСсылка.Склады", "Контрагент": "СправочникСсылка.Контрагенты"},
            "tabular_sections": {
                "Товары": {"attributes": {"Товар": "СправочникСсылка.Товары", "Количество": N3, "Сумма": N2}}
            },
        },
        "Расход": {"registers": ["ОстаткиТоваров", "Продажи"], "accounting_registers": ["Хозрасчетный"]},
    },
    "accumulation_registers": {
        "ОстаткиТоваров": {
            "dimensions": {"Товар": "СправочникСсылка.Товары", "Склад": "СправочникСсылка.Склады"},
            "resources": {"Количество": N3},
        },
        "Продажи": {
            "register_type": "Turnovers",
            "dimensions": {"Товар": "СправочникСсылка.Товары"},
            "resources": {"Сумма": N2},
        },
    },
    "information_registers": {
        "Цены": {
            "periodicity": "Day",
            "dimensions": {"Товар": "СправочникСсылка.Товары"},
            "resources": {"Цена": N2},
        },
    },
    "chart_of_characteristic_types": {
        "ВидыСубконто": {"value_types": ["СправочникСсылка.Контрагенты", "СправочникСсылка.Товары"]}
    },
    "charts_of_accounts": {"Основной": {"ext_dimension_types": "ВидыСубконто", "max_ext_dimension_count": 2}},
    "accounting_registers": {"Хозрасчетный": {"chart_of_accounts": "Основной"}},
}

RECEIPT = SystemEnumValue("ВидДвиженияНакопления", "Приход")
EXPENSE = SystemEnumValue("ВидДвиженияНакопления", "Расход")


def d(year: int, month: int, day: int, hour: int = 0, minute: int = 0, second: int = 0) -> _dt.datetime:
    return _dt.datetime(year, month, day, hour, minute, second)


class Data:
    """An infobase with helpers to write catalog items, documents and register records."""

    def __init__(self, spec: dict[str, Any] | None = None):
        self.ib = Infobase(load_configuration(spec or SPEC), clock=lambda: d(2024, 6, 1))

    def item(
        self, catalog: str, name: str, folder: bool = False, parent: RefKey | None = None, **values: Any
    ) -> RefKey:
        meta = self.ib.config.find("Справочник", catalog)
        assert meta is not None
        data = self.ib.new_object(meta, folder=folder)
        data.values["Наименование"] = name
        if parent is not None:
            data.values["Родитель"] = parent
        data.values.update(values)
        return self.ib.write_object(data)

    def document(
        self,
        name: str,
        date: _dt.datetime,
        tabular: dict[str, list[dict[str, Any]]] | None = None,
        **values: Any,
    ) -> RefKey:
        meta = self.ib.config.find("Документ", name)
        assert meta is not None
        data = self.ib.new_object(meta)
        data.values["Дата"] = date
        data.values.update(values)
        data.tabular.update(tabular or {})
        return self.ib.write_object(data)

    def records(
        self, register_kind: str, register: str, recorder: RefKey | None, rows: list[dict[str, Any]]
    ) -> None:
        meta = self.ib.config.register(register_kind, register)
        assert meta is not None
        filters = {"Регистратор": recorder} if recorder is not None else {}
        self.ib.registers.write_records(meta, filters, rows, replace=recorder is not None)

    def movement(
        self,
        register: str,
        date: _dt.datetime,
        kind: SystemEnumValue | None = None,
        document: str = "Приход",
        **fields: Any,
    ) -> RefKey:
        """One registrar document with one movement of an accumulation register."""
        recorder = self.document(document, date)
        row: dict[str, Any] = {"Период": date, **fields}
        if kind is not None:
            row["ВидДвижения"] = kind
        self.records("РегистрНакопления", register, recorder, [row])
        return recorder

    def subconto_kind(self, name: str) -> RefKey:
        """An item of the chart of characteristic types ВидыСубконто."""
        meta = self.ib.config.find("ПланВидовХарактеристик", "ВидыСубконто")
        assert meta is not None
        obj = self.ib.new_object(meta)
        obj.values["Наименование"] = name
        return self.ib.write_object(obj)

    def account(self, code: str, kind: str, subconto: list[RefKey]) -> RefKey:
        """An account of the chart Основной: its code, ВидСчета (Активный …) and kinds of subconto."""
        meta = self.ib.config.find("ПланСчетов", "Основной")
        assert meta is not None
        obj = self.ib.new_object(meta)
        obj.values.update({"Код": code, "Наименование": code, "Вид": SystemEnumValue("ВидСчета", kind)})
        obj.tabular["ВидыСубконто"] = [{"ВидСубконто": k} for k in subconto]
        return self.ib.write_object(obj)

    def entry(
        self,
        date: _dt.datetime,
        debit: RefKey,
        credit: RefKey,
        amount: int,
        dr: tuple[RefKey, RefKey] | None = None,
        cr: tuple[RefKey, RefKey] | None = None,
    ) -> RefKey:
        """One registrar document with one entry of Хозрасчетный; dr/cr: (kind, value) of subconto 1."""
        recorder = self.document("Расход", date)
        row: dict[str, Any] = {"Период": date, "СчетДт": debit, "СчетКт": credit, "Сумма": amount}
        for side, subconto in (("Дт", dr), ("Кт", cr)):
            if subconto is not None:
                row.update({f"ВидСубконто{side}1": subconto[0], f"Субконто{side}1": subconto[1]})
        self.records("РегистрБухгалтерии", "Хозрасчетный", recorder, [row])
        return recorder

    def query(self, text: str, **params: Any) -> QueryResult:
        return execute(self.ib, text, params)

    def batch(self, text: str, **params: Any) -> list[QueryResult]:
        return execute_batch(self.ib, text, params)

    def rows(self, text: str, **params: Any) -> list[tuple[Any, ...]]:
        return self.query(text, **params).rows


def dec(text: str) -> Decimal:
    return Decimal(text)
