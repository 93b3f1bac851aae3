"""ИТОГИ [агрегаты] ПО [ОБЩИЕ,] группировки: the totals tree built over the detail rows.

A total row holds the aggregate of its rows in each column named in ИТОГИ, the grouping values of its
level and the levels above, and NULL elsewhere — as 1C fills total records. Groups appear in the
order of their first detail row (so УПОРЯДОЧИТЬ ПО decides it). Aggregates ignore NULL; СУММА and
СРЕДНЕЕ of nothing is NULL, КОЛИЧЕСТВО of nothing is 0.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable
from decimal import Decimal
from typing import Any

from prism_desktop.platform import metadata as md
from prism_desktop.platform.query import ast as A
from prism_desktop.platform.query.errors import WRONG_FUNCTION_PARAMETERS, QueryError, field_not_found
from prism_desktop.platform.query.result import DETAIL, GROUP_TOTAL, OVERALL, ResultColumn, TotalsNode
from prism_desktop.platform.query.values import NULL, QueryNull

Aggregate = Callable[[list[Any]], Any]


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


def build_totals(
    spec: A.TotalsSpec, columns: list[ResultColumn], rows: list[tuple[Any, ...]]
) -> list[TotalsNode]:
    aggregates: dict[int, Aggregate] = {}
    for field in spec.aggregates:
        expr = field.expr
        if not isinstance(expr, A.Call) or md.norm(expr.name) not in _AGGREGATES or len(expr.args) != 1:
            raise QueryError(WRONG_FUNCTION_PARAMETERS.format("ИТОГИ"), field.pos)
        aggregates[_column_of(expr.args[0], columns)] = _AGGREGATES[md.norm(expr.name)]
    levels = [_column_of(expr, columns) for expr, _ in spec.groupings]
    width = len(columns)

    def total(group_rows: list[tuple[Any, ...]], fixed: dict[int, Any]) -> tuple[Any, ...]:
        values = []
        for i in range(width):
            if i in aggregates:
                values.append(aggregates[i]([row[i] for row in group_rows]))
            elif i in fixed:
                values.append(fixed[i])
            else:
                values.append(NULL)
        return tuple(values)

    def group(group_rows: list[tuple[Any, ...]], depth: int, fixed: dict[int, Any]) -> list[TotalsNode]:
        if depth == len(levels):
            return [TotalsNode(DETAIL, row, "", depth) for row in group_rows]
        index = levels[depth]
        buckets: dict[Any, list[tuple[Any, ...]]] = {}
        for row in group_rows:
            value = row[index]
            key = value.lower() if isinstance(value, str) else value
            buckets.setdefault(key, []).append(row)
        nodes = []
        for bucket in buckets.values():
            inner = {**fixed, index: bucket[0][index]}
            nodes.append(
                TotalsNode(
                    GROUP_TOTAL,
                    total(bucket, inner),
                    columns[index].name,
                    depth,
                    group(bucket, depth + 1, inner),
                )
            )
        return nodes

    top = group(rows, 0, {})
    if spec.overall:
        return [TotalsNode(OVERALL, total(rows, {}), "", 0, top)]
    return top
