"""References to infobase objects as plain Python values.

A reference is one integer id per object plus the kind and name of its metadata object: the id is the
`Ссылка` primary key of the object's table (see schema.py), and id 0 is the empty reference
(`ПустаяСсылка()`), which no row ever has. Enumeration values are references too: their id is the
value's position in the enumeration, counted from 1.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

# Metadata kinds whose objects are referenced. The value is the Russian kind as it appears in full
# metadata names ("Справочник.Товары") and in composite-column type tags.
CATALOG: Final = "Справочник"
DOCUMENT: Final = "Документ"
ENUM: Final = "Перечисление"
CHART_OF_ACCOUNTS: Final = "ПланСчетов"
CHART_OF_CHARACTERISTIC_TYPES: Final = "ПланВидовХарактеристик"

REF_KINDS: Final = (CATALOG, DOCUMENT, ENUM, CHART_OF_ACCOUNTS, CHART_OF_CHARACTERISTIC_TYPES)

# kind -> (Russian reference type prefix, English reference type prefix)
REF_TYPE_PREFIXES: Final[dict[str, tuple[str, str]]] = {
    CATALOG: ("СправочникСсылка", "CatalogRef"),
    DOCUMENT: ("ДокументСсылка", "DocumentRef"),
    ENUM: ("ПеречислениеСсылка", "EnumRef"),
    CHART_OF_ACCOUNTS: ("ПланСчетовСсылка", "ChartOfAccountsRef"),
    CHART_OF_CHARACTERISTIC_TYPES: ("ПланВидовХарактеристикСсылка", "ChartOfCharacteristicTypesRef"),
}

# English names of the kinds, accepted wherever a kind is written ("Catalog.Товары")
KIND_EN: Final[dict[str, str]] = {
    CATALOG: "Catalog",
    DOCUMENT: "Document",
    ENUM: "Enum",
    CHART_OF_ACCOUNTS: "ChartOfAccounts",
    CHART_OF_CHARACTERISTIC_TYPES: "ChartOfCharacteristicTypes",
}

EMPTY_ID: Final = 0


@dataclass(frozen=True, slots=True)
class RefKey:
    """A reference: the metadata kind (one of REF_KINDS), the object's name and the row id."""

    kind: str
    name: str
    id: int

    @property
    def is_empty(self) -> bool:
        return self.id == EMPTY_ID

    @property
    def full_name(self) -> str:
        """ "Справочник.Товары": the metadata object's full name, also the composite-column tag."""
        return f"{self.kind}.{self.name}"

    @property
    def type_name(self) -> str:
        """ "СправочникСсылка.Товары": the name ТипЗнч gives."""
        return f"{REF_TYPE_PREFIXES[self.kind][0]}.{self.name}"

    def empty(self) -> RefKey:
        return RefKey(self.kind, self.name, EMPTY_ID)


def empty_ref(kind: str, name: str) -> RefKey:
    return RefKey(kind, name, EMPTY_ID)


def ref_type_name(kind: str, name: str) -> str:
    return f"{REF_TYPE_PREFIXES[kind][0]}.{name}"


def parse_ref_type(text: str) -> tuple[str, str] | None:
    """ "СправочникСсылка.Товары" (or "CatalogRef.Товары") -> (kind, name); None when not a reference
    type name."""
    prefix, dot, name = text.strip().partition(".")
    if not dot or not name:
        return None
    key = prefix.lower().replace("ё", "е")
    for kind, (ru, en) in REF_TYPE_PREFIXES.items():
        if key in (ru.lower(), en.lower()):
            return kind, name.strip()
    return None
