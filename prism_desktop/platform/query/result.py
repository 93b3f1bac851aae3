"""The result of one query: typed columns and rows of plain Python values (RefKey, SystemEnumValue,
int/Decimal, str, bool, datetime, None for Неопределено, values.NULL for NULL), plus the totals
tree when the query has ИТОГИ."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from prism_desktop.platform.metadata import norm
from prism_desktop.platform.query.nested_tables import row_layout
from prism_desktop.platform.query.sources import OutputColumn
from prism_desktop.platform.query.values import NULL, TYPE_VALUE, UNDEFINED, Types, tag_of
from prism_desktop.platform.refs import REF_KINDS, RefKey
from prism_desktop.platform.schema import simple_from_sql
from prism_desktop.platform.types import SimpleType

DETAIL: Final = "ДетальнаяЗапись"
GROUP_TOTAL: Final = "ИтогПоГруппировке"
HIERARCHY_TOTAL: Final = "ИтогПоИерархии"
OVERALL: Final = "ОбщийИтог"


@dataclass(frozen=True)
class ResultColumn:
    """A column of the result: its types and whether it can hold NULL (a field of the optional side
    of an outer join, a NULL literal, an aggregate of a query without ГРУППИРОВАТЬ ПО …: see
    nullability.py), which 1C lists among the column's ТипЗначения."""

    name: str
    types: Types
    nullable: bool = False


@dataclass
class TotalsNode:
    """A row of the result with ИТОГИ: a total (overall or of a grouping) with its children, or a
    detail row. `group` is the grouping column's name ("" for the overall total and details)."""

    kind: str
    values: tuple[Any, ...]
    group: str = ""
    level: int = 0
    children: list[TotalsNode] = field(default_factory=list)


@dataclass
class QueryResult:
    columns: list[ResultColumn]
    rows: list[tuple[Any, ...]]
    totals: list[TotalsNode] | None = None  # top-level nodes when the query has ИТОГИ

    @property
    def is_empty(self) -> bool:
        return not self.rows

    def __str__(self) -> str:
        return "РезультатЗапроса"  # Строка() of a result (a nested table's cell in a printed table)

    def linear(self) -> list[TotalsNode]:
        """Every row in 1C's direct traversal order: totals before their groups' rows."""
        if self.totals is None:
            return [TotalsNode(DETAIL, row) for row in self.rows]
        return flatten(self.totals)

    def by_groups(self, with_hierarchy: bool) -> list[TotalsNode]:
        """The top records of a traversal by groupings (None without ИТОГИ): ПоГруппировкамСИерархией
        keeps the hierarchy records nested; ПоГруппировкам takes the hierarchy into no account and
        lists a grouping's hierarchy and element records one after another at the same level."""
        if self.totals is None:
            return []
        return self.totals if with_hierarchy else without_hierarchy(self.totals)


def flatten(nodes: list[TotalsNode]) -> list[TotalsNode]:
    """The nodes and everything under them in direct order (a total before its contents)."""
    out: list[TotalsNode] = []

    def walk(level: list[TotalsNode]) -> None:
        for node in level:
            out.append(node)
            walk(node.children)

    walk(nodes)
    return out


def without_hierarchy(nodes: list[TotalsNode]) -> list[TotalsNode]:
    """The same records with every hierarchy record's sub-records of its own grouping lifted to its
    level (copies; records keep their level); the next grouping's records stay under them."""
    out: list[TotalsNode] = []
    for node in nodes:
        if node.kind != HIERARCHY_TOTAL:
            out.append(_with_children(node, without_hierarchy(node.children)))
            continue
        own = [c for c in node.children if c.group == node.group and c.kind in (HIERARCHY_TOTAL, GROUP_TOTAL)]
        lifted = {id(c) for c in own}
        lower = [c for c in node.children if id(c) not in lifted]
        out.append(_with_children(node, without_hierarchy(lower)))
        out.extend(without_hierarchy(own))
    return out


def of_groupings(nodes: list[TotalsNode], names: set[str]) -> list[TotalsNode]:
    """The records of the named groupings (normalised names; ОБЩИЕ for the overall total), outermost
    first, looking under the records of other groupings: a traversal by groupings restricted by the
    second parameter of Выбрать (`Выбрать(ОбходРезультатаЗапроса.ПоГруппировкам, "Склад")`)."""
    out: list[TotalsNode] = []
    for node in nodes:
        if node.kind == DETAIL:
            continue
        own = {"общие", "overall"} if node.kind == OVERALL else {norm(node.group)}
        if own & names:
            out.append(node)
        else:
            out.extend(of_groupings(node.children, names))
    return out


def _with_children(node: TotalsNode, children: list[TotalsNode]) -> TotalsNode:
    return TotalsNode(node.kind, node.values, node.group, node.level, children)


def _convert(raw: Any, simple: SimpleType) -> Any:
    if simple is UNDEFINED or simple.name == UNDEFINED.name:
        return None
    if simple is TYPE_VALUE:
        return raw
    return simple_from_sql(raw, simple)


def _ref_by_tag(tag: str, raw: Any) -> Any:
    kind, _, name = tag.partition(".")
    return RefKey(kind, name, int(raw)) if kind in REF_KINDS and name else NULL


def decoder(column: OutputColumn, names: list[str]) -> Callable[[tuple[Any, ...]], Any]:
    """A function reading one column's Python value from an SQLite row (`names` are the row's columns)."""
    if column.nested is not None:
        return _nested_decoder(column, column.nested, names)
    value_index = names.index(column.column)
    types = column.types
    if column.tag_column is not None:
        tag_index = names.index(column.tag_column)
        by_tag = {tag_of(t): t for t in types}

        def dynamic(row: tuple[Any, ...]) -> Any:
            tag = row[tag_index]
            if tag is None:
                return NULL
            simple = by_tag.get(tag)
            raw = row[value_index]
            if simple is None:
                return NULL if raw is None else _ref_by_tag(tag, raw)
            if simple is UNDEFINED:
                return None
            return NULL if raw is None else _convert(raw, simple)

        return dynamic
    if not types:
        return lambda _row: NULL
    simple = types[0]
    if simple is UNDEFINED:
        return lambda _row: None

    def static(row: tuple[Any, ...]) -> Any:
        raw = row[value_index]
        return NULL if raw is None else _convert(raw, simple)

    return static


def _nested_decoder(
    column: OutputColumn, nested: list[OutputColumn], names: list[str]
) -> Callable[[tuple[Any, ...]], Any]:
    """A nested-table field: its JSON rows (nested_tables.py) as a QueryResult in line order."""
    index = names.index(column.column)
    decoders = [decoder(c, row_layout(nested)) for c in nested]
    columns = [ResultColumn(c.name, c.types) for c in nested]

    def nested_result(row: tuple[Any, ...]) -> QueryResult:
        lines = sorted(json.loads(row[index] or "[]"), key=lambda line: line[0] or 0)
        return QueryResult(columns, [tuple(d(line) for d in decoders) for line in lines])

    return nested_result
