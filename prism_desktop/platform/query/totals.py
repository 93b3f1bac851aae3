"""ИТОГИ [агрегаты] ПО [ОБЩИЕ,] группировки [[ТОЛЬКО] ИЕРАРХИЯ]: the totals tree built over the detail rows.

A total row holds the aggregate of its rows in each column named in ИТОГИ, the grouping values of its
level and the levels above, and NULL elsewhere — as 1C fills total records. Groups appear in the
order of their first detail row (so УПОРЯДОЧИТЬ ПО decides it). Aggregates ignore NULL; СУММА and
СРЕДНЕЕ of nothing is NULL, КОЛИЧЕСТВО of nothing is 0.

A grouping with ИЕРАРХИЯ over a reference to a hierarchical catalog (or chart of accounts) adds a
total by hierarchy (ИтогПоИерархии) for every folder enclosing a value present, nested as the
catalog nests them: a folder's record holds its subfolders' records and the element records
(ИтогПоГруппировке) of the values directly in it; a value that is itself a folder has both a
hierarchy record (its whole subtree) and, inside it, its own element record. With ТОЛЬКО
ИЕРАРХИЯ the element records are not built: what would sit under them (the next grouping, or the
detail rows) hangs directly under the innermost enclosing folder. A node's level is its depth in the
tree (the overall total, or the first grouping without one, is level 0).
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable
from decimal import Decimal
from typing import Any

from prism_desktop.platform import metadata as md
from prism_desktop.platform.query import ast as A
from prism_desktop.platform.query.errors import WRONG_FUNCTION_PARAMETERS, QueryError, field_not_found
from prism_desktop.platform.query.result import (
    DETAIL,
    GROUP_TOTAL,
    HIERARCHY_TOTAL,
    OVERALL,
    ResultColumn,
    TotalsNode,
)
from prism_desktop.platform.query.translator import QueryDatabase
from prism_desktop.platform.query.values import NULL, QueryNull
from prism_desktop.platform.refs import RefKey
from prism_desktop.platform.schema import quote

Aggregate = Callable[[list[Any]], Any]
Row = tuple[Any, ...]


def _numbers(values: list[Any]) -> list[Any]:
    return [
        v
        for v in values
        if not isinstance(v, QueryNull)
        and v is not None
        and not isinstance(v, bool)
        and isinstance(v, (int, Decimal))
    ]


def _normalize(value: Decimal | int) -> Any:
    if isinstance(value, Decimal) and value == value.to_integral_value():
        return int(value)
    return value


def _sum(values: list[Any]) -> Any:
    numbers = _numbers(values)
    return _normalize(sum((Decimal(v) for v in numbers), Decimal(0))) if numbers else NULL


def _count(values: list[Any]) -> Any:
    return sum(1 for v in values if not isinstance(v, QueryNull))


def _average(values: list[Any]) -> Any:
    numbers = _numbers(values)
    if not numbers:
        return NULL
    return _normalize(round(sum((Decimal(v) for v in numbers), Decimal(0)) / len(numbers), 8))


def _extreme(pick: Callable[..., Any]) -> Aggregate:
    def aggregate(values: list[Any]) -> Any:
        present = [v for v in values if isinstance(v, (int, Decimal, str, _dt.datetime))]
        if not present:
            return NULL
        return pick(present, key=lambda v: v.lower() if isinstance(v, str) else v)

    return aggregate


_AGGREGATES: dict[str, Aggregate] = {
    **dict.fromkeys(("сумма", "sum"), _sum),
    **dict.fromkeys(("количество", "count"), _count),
    **dict.fromkeys(("среднее", "avg"), _average),
    **dict.fromkeys(("максимум", "max"), _extreme(max)),
    **dict.fromkeys(("минимум", "min"), _extreme(min)),
}


def _column_of(expr: A.Expr, columns: list[ResultColumn]) -> int:
    if not isinstance(expr, A.FieldPath):
        raise QueryError(WRONG_FUNCTION_PARAMETERS.format("ИТОГИ"), expr.pos)
    keys = [md.norm(n) for n in ("".join(expr.parts), "".join(expr.parts[1:]), expr.parts[-1]) if n]
    names = [md.norm(c.name) for c in columns]
    for key in keys:
        if key in names:
            return names.index(key)
    raise field_not_found(expr.text, expr.pos)


class HierarchyReader:
    """The folders enclosing a reference of a hierarchical catalog or chart of accounts, read from the
    infobase through Родитель (once per reference); `tables` collects the tables read, which the
    executor reports with the query."""

    def __init__(self, database: QueryDatabase):
        self.config = database.config
        self.db = database.db
        self.tables: set[str] = set()
        self._cache: dict[RefKey, tuple[RefKey | None, bool]] = {}

    def _entry(self, ref: RefKey) -> tuple[RefKey | None, bool]:
        """(parent or None, is a folder) of one reference."""
        cached = self._cache.get(ref)
        if cached is not None:
            return cached
        meta = self.config.find(ref.kind, ref.name)
        parent_field = meta.field("Родитель") if meta is not None else None
        entry: tuple[RefKey | None, bool] = (None, False)
        if meta is not None and parent_field is not None and ref.id:
            folder_field = meta.field("ЭтоГруппа")
            folder_sql = quote(folder_field.column) if folder_field is not None else "0"
            row = self.db.execute(
                f"SELECT {quote(parent_field.column)}, {folder_sql} FROM {quote(meta.table)} "
                f"WHERE {quote('Ссылка')} = ?",
                (ref.id,),
            ).fetchone()
            self.tables.add(meta.table)
            if row is not None:
                parent = RefKey(ref.kind, ref.name, int(row[0])) if row[0] else None
                entry = (parent, bool(row[1]))
        self._cache[ref] = entry
        return entry

    def folders(self, value: Any) -> list[RefKey]:
        """The folders a grouping value belongs to, outermost first, ending with the value itself
        when it is a folder; [] for a value outside any hierarchy."""
        if not isinstance(value, RefKey):
            return []
        parent, is_folder = self._entry(value)
        chain = [value] if is_folder else []
        seen = {value}
        while parent is not None and parent not in seen:  # a cycle in Родитель ends the walk
            seen.add(parent)
            chain.append(parent)
            parent = self._entry(parent)[0]
        return chain[::-1]


def build_totals(
    spec: A.TotalsSpec,
    columns: list[ResultColumn],
    rows: list[Row],
    hierarchy: HierarchyReader | None = None,
) -> list[TotalsNode]:
    """The top-level nodes of the totals tree. `hierarchy` is needed when a grouping has ИЕРАРХИЯ."""
    aggregates: dict[int, Aggregate] = {}
    for field in spec.aggregates:
        expr = field.expr
        if not isinstance(expr, A.Call) or md.norm(expr.name) not in _AGGREGATES or len(expr.args) != 1:
            raise QueryError(WRONG_FUNCTION_PARAMETERS.format("ИТОГИ"), field.pos)
        aggregates[_column_of(expr.args[0], columns)] = _AGGREGATES[md.norm(expr.name)]
    levels = [_column_of(expr, columns) for expr, _ in spec.groupings]
    width = len(columns)

    def total(group_rows: list[Row], fixed: dict[int, Any]) -> Row:
        values = []
        for i in range(width):
            if i in aggregates:
                values.append(aggregates[i]([row[i] for row in group_rows]))
            elif i in fixed:
                values.append(fixed[i])
            else:
                values.append(NULL)
        return tuple(values)

    def group(group_rows: list[Row], depth: int, fixed: dict[int, Any]) -> list[TotalsNode]:
        if depth == len(levels):
            return [TotalsNode(DETAIL, row, "") for row in group_rows]
        index = levels[depth]
        buckets: dict[Any, list[Row]] = {}
        for row in group_rows:
            value = row[index]
            key = value.lower() if isinstance(value, str) else value
            buckets.setdefault(key, []).append(row)
        only = spec.hierarchy.get(depth)
        if only is not None and hierarchy is not None:
            return by_hierarchy(list(buckets.values()), depth, fixed, only, hierarchy)
        return [element(bucket, depth, fixed) for bucket in buckets.values()]

    def element(bucket: list[Row], depth: int, fixed: dict[int, Any]) -> TotalsNode:
        """The total of one grouping value (ИтогПоГруппировке) over its rows, with what lies under it."""
        index = levels[depth]
        inner = {**fixed, index: bucket[0][index]}
        children = group(bucket, depth + 1, inner)
        return TotalsNode(GROUP_TOTAL, total(bucket, inner), columns[index].name, 0, children)

    def by_hierarchy(
        buckets: list[list[Row]], depth: int, fixed: dict[int, Any], only: bool, reader: HierarchyReader
    ) -> list[TotalsNode]:
        index, name = levels[depth], columns[levels[depth]].name
        top: list[TotalsNode] = []
        folders: dict[RefKey, tuple[TotalsNode, list[Row]]] = {}
        # ТОЛЬКО ИЕРАРХИЯ: the rows sitting directly in a folder (or at the top), by the id of the
        # list their nodes go to; a placeholder keeps the place of their first appearance
        direct: dict[int, tuple[list[TotalsNode], TotalsNode, list[Row], dict[int, Any]]] = {}
        for bucket in buckets:
            value = bucket[0][index]
            siblings, enclosing = top, fixed
            for folder in reader.folders(value):
                entry = folders.get(folder)
                if entry is None:
                    entry = (TotalsNode(HIERARCHY_TOTAL, (), name), [])
                    folders[folder] = entry
                    siblings.append(entry[0])
                entry[1].extend(bucket)
                siblings, enclosing = entry[0].children, {**fixed, index: folder}
            if not only:
                siblings.append(element(bucket, depth, fixed))
                continue
            pending = direct.get(id(siblings))
            if pending is None:
                pending = (siblings, TotalsNode(DETAIL, ()), [], enclosing)
                direct[id(siblings)] = pending
                siblings.append(pending[1])
            pending[2].extend(bucket)
        for folder, (node, folder_rows) in folders.items():
            node.values = total(folder_rows, {**fixed, index: folder})
        for siblings, placeholder, direct_rows, enclosing in direct.values():
            at = next(i for i, n in enumerate(siblings) if n is placeholder)
            siblings[at : at + 1] = group(direct_rows, depth + 1, enclosing)
        return top

    top = group(rows, 0, {})
    if spec.overall:
        top = [TotalsNode(OVERALL, total(rows, {}), "", 0, top)]
    _set_levels(top, 0)
    return top


def _set_levels(nodes: list[TotalsNode], level: int) -> None:
    for node in nodes:
        node.level = level
        _set_levels(node.children, level + 1)
