"""The configuration's metadata: catalogs, documents, registers, constants, enums, charts of accounts
and of characteristic types, each with its fields (standard attributes first, then the task's),
tabular sections and physical table (naming rules in schema.py).

Build one with `load_configuration(spec_dict)` (metadata_spec.py). Names are looked up
case-insensitively (ё = е), in Russian or English for standard attributes and kinds, as 1C does.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Final

from prism_desktop.platform import refs
from prism_desktop.platform.schema import table_name, tabular_table_name, tag_column
from prism_desktop.platform.types import TypeDescription

# Kinds of metadata objects (Russian, as in full names "РегистрНакопления.Остатки").
CATALOG: Final = refs.CATALOG
DOCUMENT: Final = refs.DOCUMENT
ENUM: Final = refs.ENUM
CHART_OF_ACCOUNTS: Final = refs.CHART_OF_ACCOUNTS
CHART_OF_CHARACTERISTIC_TYPES: Final = refs.CHART_OF_CHARACTERISTIC_TYPES
ACCUMULATION_REGISTER: Final = "РегистрНакопления"
INFORMATION_REGISTER: Final = "РегистрСведений"
ACCOUNTING_REGISTER: Final = "РегистрБухгалтерии"
CONSTANT: Final = "Константа"


@dataclass(frozen=True)
class KindInfo:
    kind: str
    kind_en: str
    managers: str  # the global manager collection: Справочники
    managers_en: str  # Catalogs
    spec_section: str  # the config_spec section


KINDS: Final[tuple[KindInfo, ...]] = (
    KindInfo(CATALOG, "Catalog", "Справочники", "Catalogs", "catalogs"),
    KindInfo(DOCUMENT, "Document", "Документы", "Documents", "documents"),
    KindInfo(ENUM, "Enum", "Перечисления", "Enums", "enums"),
    KindInfo(CHART_OF_ACCOUNTS, "ChartOfAccounts", "ПланыСчетов", "ChartsOfAccounts", "charts_of_accounts"),
    KindInfo(
        CHART_OF_CHARACTERISTIC_TYPES,
        "ChartOfCharacteristicTypes",
        "ПланыВидовХарактеристик",
        "ChartsOfCharacteristicTypes",
        "chart_of_characteristic_types",
    ),
    KindInfo(
        ACCUMULATION_REGISTER,
        "AccumulationRegister",
        "РегистрыНакопления",
        "AccumulationRegisters",
        "accumulation_registers",
    ),
    KindInfo(
        INFORMATION_REGISTER,
        "InformationRegister",
        "РегистрыСведений",
        "InformationRegisters",
        "information_registers",
    ),
    KindInfo(
        ACCOUNTING_REGISTER,
        "AccountingRegister",
        "РегистрыБухгалтерии",
        "AccountingRegisters",
        "accounting_registers",
    ),
    KindInfo(CONSTANT, "Constant", "Константы", "Constants", "constants"),
)
KIND_BY_NAME: Final[dict[str, KindInfo]] = {
    key: info for info in KINDS for key in (info.kind.lower(), info.kind_en.lower())
}

# Field roles
STANDARD: Final = "standard"
ATTRIBUTE: Final = "attribute"
DIMENSION: Final = "dimension"
RESOURCE: Final = "resource"


def norm(name: str) -> str:
    """The lookup key of a name: 1C names are case-insensitive, but ё is not е (PRISM's published B20
    logs: `Поле не найдено "Хозрасчетный.СчётДт"` for the field СчетДт)."""
    return name.lower()


@dataclass(frozen=True)
class Field:
    """A field of an object, a tabular section or a register record. `column` holds the value; a
    composite field also has a type-tag column (`tag_column`)."""

    name: str
    type: TypeDescription
    column: str
    role: str = ATTRIBUTE
    name_en: str | None = None

    @property
    def is_composite(self) -> bool:
        return self.type.is_composite

    @property
    def tag_column(self) -> str | None:
        return tag_column(self.column) if self.type.is_composite else None


_SUBCONTO_FIELD = re.compile(r"^(?:Вид)?Субконто(?:Дт|Кт)?\d+$")


class FieldSet:
    """Fields in declaration order with case-insensitive Russian/English lookup."""

    def __init__(self, fields: list[Field]):
        self.fields = fields
        self._defaults: dict[str, Any] | None = None
        self._by_key: dict[str, Field] = {}
        for f in fields:
            self._by_key[norm(f.name)] = f
            if f.name_en:
                self._by_key.setdefault(norm(f.name_en), f)

    def field(self, name: str) -> Field | None:
        return self._by_key.get(norm(name))

    def __iter__(self) -> Iterator[Field]:
        return iter(self.fields)

    def names(self) -> list[str]:
        return [f.name for f in self.fields]

    def defaults(self) -> dict[str, Any]:
        """A new {field name: empty value} dict (empty values are immutable, so they are computed once)."""
        if self._defaults is None:
            self._defaults = {f.name: f.type.default() for f in self.fields}
        return dict(self._defaults)

    def by_role(self, role: str) -> list[Field]:
        return [f for f in self.fields if f.role == role]


@dataclass
class TabularSection:
    """A tabular section: its table holds `Ссылка` (the owner's id), `НомерСтроки` and the columns."""

    name: str
    table: str
    fields: FieldSet

    def field(self, name: str) -> Field | None:
        return self.fields.field(name)


@dataclass
class MetaObject:
    """Common shape of every metadata object."""

    kind: str
    name: str
    fields: FieldSet
    tabular_sections: dict[str, TabularSection] = field(default_factory=dict)

    @property
    def full_name(self) -> str:
        return f"{self.kind}.{self.name}"

    @property
    def table(self) -> str:
        return table_name(self.kind, self.name)

    @property
    def is_register(self) -> bool:
        return self.kind in (ACCUMULATION_REGISTER, INFORMATION_REGISTER, ACCOUNTING_REGISTER)

    @property
    def is_referenced(self) -> bool:
        return self.kind in refs.REF_KINDS

    def field(self, name: str) -> Field | None:
        return self.fields.field(name)

    def tabular_section(self, name: str) -> TabularSection | None:
        key = norm(name)
        return next((ts for ts in self.tabular_sections.values() if norm(ts.name) == key), None)

    def empty_ref(self) -> refs.RefKey:
        return refs.empty_ref(self.kind, self.name)


@dataclass
class PredefinedItem:
    name: str
    folder: bool = False


@dataclass
class Catalog(MetaObject):
    hierarchical: bool = False
    owners: list[str] = field(default_factory=list)
    predefined: list[PredefinedItem] = field(default_factory=list)
    code_length: int = 9
    description_length: int = 50


@dataclass
class Document(MetaObject):
    registers: list[str] = field(default_factory=list)  # accumulation registers
    info_registers: list[str] = field(default_factory=list)
    accounting_registers: list[str] = field(default_factory=list)
    number_length: int = 11

    def recorded_registers(self) -> list[tuple[str, str]]:
        """(kind, name) of every register the document records to, in declaration order."""
        return (
            [(ACCUMULATION_REGISTER, n) for n in self.registers]
            + [(INFORMATION_REGISTER, n) for n in self.info_registers]
            + [(ACCOUNTING_REGISTER, n) for n in self.accounting_registers]
        )


@dataclass
class Enum(MetaObject):
    values: list[str] = field(default_factory=list)

    def value_id(self, name: str) -> int | None:
        key = norm(name)
        return next((i + 1 for i, v in enumerate(self.values) if norm(v) == key), None)


@dataclass
class ChartOfCharacteristicTypes(MetaObject):
    value_types: TypeDescription | None = None
    code_length: int = 9
    description_length: int = 50


@dataclass
class ChartOfAccounts(MetaObject):
    ext_dimension_types: str | None = None  # a chart of characteristic types
    max_ext_dimension_count: int = 3
    code_length: int = 5
    description_length: int = 120


ACCUMULATION_BALANCE: Final = "Balance"
ACCUMULATION_TURNOVERS: Final = "Turnovers"
PERIODICITIES: Final = ("Second", "Day", "Month", "Quarter", "Year", "Nonperiodical")
INDEPENDENT: Final = "Independent"
RECORDER_SUBORDINATE: Final = "RecorderSubordinate"


@dataclass
class Register(MetaObject):
    registrars: list[str] = field(default_factory=list)  # documents recording to it

    def dimensions(self) -> list[Field]:
        return self.fields.by_role(DIMENSION)

    def resources(self) -> list[Field]:
        return self.fields.by_role(RESOURCE)

    def attributes(self) -> list[Field]:
        return self.fields.by_role(ATTRIBUTE)

    @property
    def has_recorder(self) -> bool:
        return True


@dataclass
class AccumulationRegister(Register):
    register_type: str = ACCUMULATION_BALANCE

    @property
    def is_balance(self) -> bool:
        return self.register_type == ACCUMULATION_BALANCE


@dataclass
class InformationRegister(Register):
    periodicity: str = "Day"
    write_mode: str = INDEPENDENT

    @property
    def is_periodic(self) -> bool:
        return self.periodicity != "Nonperiodical"

    @property
    def has_recorder(self) -> bool:
        return self.write_mode == RECORDER_SUBORDINATE


@dataclass
class AccountingRegister(Register):
    chart_of_accounts: str = ""
    correspondence: bool = True
    ext_dimension_count: int = 0

    def real_table_fields(self) -> FieldSet:
        """The fields a query reads from the register's real table: its records' subconto (kept
        beside them here for the record sets and the virtual tables) are no fields of that table in
        1C — `Поле не найдено "СубконтоДт1"` in PRISM's published B20 logs; ДвиженияССубконто has
        them."""
        return FieldSet([f for f in self.fields if not _SUBCONTO_FIELD.match(f.name)])


@dataclass
class Constant(MetaObject):
    @property
    def value_field(self) -> Field:
        return self.fields.fields[0]


class Configuration:
    """Every metadata object of one configuration, by kind and name."""

    def __init__(self, objects: list[MetaObject], source: str = "config_spec.yaml"):
        self.source = source
        self._by_kind: dict[str, dict[str, MetaObject]] = {info.kind: {} for info in KINDS}
        for obj in objects:
            self._by_kind[obj.kind][norm(obj.name)] = obj

    def find(self, kind: str, name: str) -> MetaObject | None:
        info = KIND_BY_NAME.get(norm(kind))
        if info is None:
            return None
        return self._by_kind[info.kind].get(norm(name))

    def by_full_name(self, full_name: str) -> MetaObject | None:
        """ "Справочник.Товары" / "Catalog.Товары" -> the object."""
        kind, _, name = full_name.partition(".")
        return self.find(kind, name) if name else None

    def of_kind(self, kind: str) -> list[MetaObject]:
        return list(self._by_kind[kind].values())

    def objects(self) -> Iterator[MetaObject]:
        for info in KINDS:
            yield from self._by_kind[info.kind].values()

    # typed accessors for the common cases
    def catalog(self, name: str) -> Catalog | None:
        obj = self.find(CATALOG, name)
        return obj if isinstance(obj, Catalog) else None

    def document(self, name: str) -> Document | None:
        obj = self.find(DOCUMENT, name)
        return obj if isinstance(obj, Document) else None

    def register(self, kind: str, name: str) -> Register | None:
        obj = self.find(kind, name)
        return obj if isinstance(obj, Register) else None


def make_tabular_section(owner_kind: str, owner_name: str, name: str, fields: list[Field]) -> TabularSection:
    return TabularSection(
        name, tabular_table_name(table_name(owner_kind, owner_name), name), FieldSet(fields)
    )
