"""Operations on a sequence of rows shared by ТаблицаЗначений and the row collections of
ДеревоЗначений: column lists, search, filters, sorting and totals.

Cost model (PRISM_FORMAT §3.6): Найти charges the rows it examines, НайтиСтроки charges every row
against every key of the filter (what PRISM's instrumented scan does).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import Any

from prism_desktop.bsl.stdlib.collections.arguments import bad_value, split_names, type_mismatch
from prism_desktop.bsl.stdlib.collections.columns import BslColumn, ColumnCollection, DataRow
from prism_desktop.bsl.stdlib.collections.equality import equality_test
from prism_desktop.bsl.stdlib.collections.ordering import sort_key
from prism_desktop.bsl.stdlib.collections.structure import StructureReading
from prism_desktop.bsl.values.base import BslType, active_meter, is_number, normalize_number

_ASCENDING_WORDS = {"возр", "asc"}
_DESCENDING_WORDS = {"убыв", "desc"}


def column_list(
    columns: ColumnCollection, names: Any, param_no: int, omitted_means_all: bool = True
) -> list[BslColumn]:
    """Columns named in "Кол1, Кол2" (duplicates dropped). An omitted list means every column
    (or none, where the method says so); an empty string names no column."""
    if names is None:
        return list(columns.items) if omitted_means_all else []
    if not isinstance(names, str):
        raise type_mismatch(param_no)
    result: list[BslColumn] = []
    for name in split_names(names):
        column = columns.by_name_or_error(name)
        if column not in result:
            result.append(column)
    return result


def filter_pairs(
    columns: ColumnCollection, filter_value: Any, param_no: int = 1
) -> list[tuple[BslColumn, Any]]:
    """The (column, value) pairs of a Структура used as a row filter."""
    if not isinstance(filter_value, StructureReading):
        raise type_mismatch(param_no)
    return [(columns.by_name_or_error(key), value) for key, value in filter_value.fields.values()]


def find_rows(rows: Iterable[DataRow], pairs: Sequence[tuple[BslColumn, Any]]) -> list[DataRow]:
    """The rows whose cells equal every (column, value) of the filter, in row order."""
    tests = [(column, column.empty, equality_test(value)) for column, value in pairs]
    found: list[DataRow] = []
    examined = 0
    for row in rows:
        examined += 1
        cells = row.cells
        for column, empty, test in tests:
            if not test(cells.get(column, empty)):
                break
        else:
            found.append(row)
    active_meter.current.charge(examined * max(1, len(pairs)))
    return found


def find_value(rows: Iterable[DataRow], value: Any, columns: Sequence[BslColumn]) -> DataRow | None:
    """The first row holding `value` in any of `columns`."""
    test = equality_test(value)
    examined = 0
    try:
        for row in rows:
            examined += 1
            cells = row.cells
            for column in columns:
                if test(cells.get(column, column.empty)):
                    return row
        return None
    finally:
        active_meter.current.charge(examined)


def parse_sort_rules(columns: ColumnCollection, spec: Any) -> list[tuple[BslColumn, bool]]:
    """ "Кол1 Убыв, Кол2" -> [(Кол1, descending), (Кол2, ascending)]."""
    if not isinstance(spec, str):
        raise type_mismatch(1)
    rules: list[tuple[BslColumn, bool]] = []
    for part in spec.split(","):
        words = part.split()
        if not words or len(words) > 2:
            raise bad_value(1)
        column = columns.by_name_or_error(words[0])
        descending = False
        if len(words) == 2:
            direction = words[1].lower()
            if direction in _DESCENDING_WORDS:
                descending = True
            elif direction not in _ASCENDING_WORDS:
                raise bad_value(1)
        rules.append((column, descending))
    return rules


def sort_rows(rows: list[Any], rules: Sequence[tuple[BslColumn, bool]]) -> None:
    """Stable multi-key sort in place: one stable pass per key, the last key first."""
    for column, descending in reversed(rules):

        def cell_key(row: DataRow, c: BslColumn = column) -> tuple[int, Any]:
            return sort_key(row.value(c))

        rows.sort(key=cell_key, reverse=descending)


def total(rows: Iterable[DataRow], column: BslColumn) -> int | Decimal | None:
    """The sum of the column's numbers. Non-numbers are skipped; with no number at all the result
    is 0 for a Число column and Неопределено otherwise (as OneScript, PRISM's runner, does)."""
    result: int | Decimal = 0
    seen = False
    for row in rows:
        value = row.value(column)
        if is_number(value):
            result += value
            seen = True
    if seen:
        return normalize_number(result)
    return 0 if BslType("Число") in column.value_type.types else None
