"""Names of the 1C query language the detector must recognise (Russian and English, compared in
canonical form): metadata kinds that prefix a table or field, virtual tables, the Ссылка field.

The query executor (platform/query) implements only a subset of the virtual tables; a static check
must recognise all of them, as BSL Language Server's query grammar does."""

from __future__ import annotations

from typing import Final

from prism_desktop.bsl.names import canonical


def _both(*pairs: tuple[str, str]) -> frozenset[str]:
    return frozenset(canonical(name) for pair in pairs for name in pair)


# Kinds whose objects own virtual tables (…Регистр….Имя.Остатки, Последовательность.Имя.Границы …).
VIRTUAL_TABLE_OWNERS: Final = _both(
    ("РегистрСведений", "InformationRegister"),
    ("РегистрНакопления", "AccumulationRegister"),
    ("РегистрБухгалтерии", "AccountingRegister"),
    ("РегистрРасчета", "CalculationRegister"),
    ("Последовательность", "Sequence"),
    ("Задача", "Task"),
)

METADATA_KINDS: Final = VIRTUAL_TABLE_OWNERS | _both(
    ("Справочник", "Catalog"),
    ("Документ", "Document"),
    ("Перечисление", "Enum"),
    ("ПланВидовХарактеристик", "ChartOfCharacteristicTypes"),
    ("ПланСчетов", "ChartOfAccounts"),
    ("ПланВидовРасчета", "ChartOfCalculationTypes"),
    ("ПланОбмена", "ExchangePlan"),
    ("БизнесПроцесс", "BusinessProcess"),
    ("ЖурналДокументов", "DocumentJournal"),
    ("Константа", "Constant"),
    ("КритерийОтбора", "FilterCriterion"),
    ("ВнешнийИсточникДанных", "ExternalDataSource"),
)

VIRTUAL_TABLES: Final = _both(
    ("Остатки", "Balance"),
    ("Обороты", "Turnovers"),
    ("ОстаткиИОбороты", "BalanceAndTurnovers"),
    ("СрезПоследних", "SliceLast"),
    ("СрезПервых", "SliceFirst"),
    ("Границы", "Boundaries"),
    ("Субконто", "ExtDimensions"),
    ("ДвиженияССубконто", "RecordsWithExtDimensions"),
    ("ОборотыДтКт", "DrCrTurnovers"),
    ("ФактическийПериодДействия", "ActualActionPeriod"),
    ("ДанныеГрафика", "ScheduleData"),
    ("ЗадачиПоИсполнителю", "TaskByPerformer"),
)

REF_FIELD: Final = _both(("Ссылка", "Ref"))


def is_metadata_kind(name: str) -> bool:
    return canonical(name) in METADATA_KINDS


def is_virtual_table(parts: list[str]) -> bool:
    """`РегистрНакопления.Товары.Остатки`: an owner kind, an object name and a virtual table name.
    A tabular section that happens to be called Обороты (`Документ.Х.Обороты`) is not one."""
    return (
        len(parts) == 3
        and canonical(parts[0]) in VIRTUAL_TABLE_OWNERS
        and canonical(parts[2]) in VIRTUAL_TABLES
    )


def is_ref(name: str) -> bool:
    return canonical(name) in REF_FIELD
