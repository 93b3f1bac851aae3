"""The result of one query: typed columns and rows of plain Python values (RefKey, SystemEnumValue,
int/Decimal, str, bool, datetime, None for Неопределено, values.NULL for NULL), plus the totals
tree when the query has ИТОГИ."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from prism_desktop.platform.query.translator import OutputColumn
from prism_desktop.platform.query.values import NULL, TYPE_VALUE, UNDEFINED, Types, tag_of
from prism_desktop.platform.refs import REF_KINDS, RefKey
from prism_desktop.platform.schema import simple_from_sql
from prism_desktop.platform.types import SimpleType

DETAIL: Final = "ДетальнаяЗапись"
GROUP_TOTAL: Final = "ИтогПоГруппировке"
OVERALL: Final = "ОбщийИтог"


@dataclass(frozen=True)
class ResultColumn:
    name: str
    types: Types


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

    def linear(self) -> list[TotalsNode]:
        """Every row in 1C's direct traversal order: totals before their groups' rows."""
        if self.totals is None:
            return [TotalsNode(DETAIL, row) for row in self.rows]
        out: list[TotalsNode] = []

        def walk(nodes: list[TotalsNode]) -> None:
            for node in nodes:
                out.append(node)
                walk(node.children)

        walk(self.totals)
        return out


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
