"""Which result columns of a SELECT can hold NULL, for the column's ТипЗначения (1C lists Null among the
types of such a column, so `Колонки.Цена.ТипЗначения.СодержитТип(Тип("Null"))` is Истина after a
ЛЕВОЕ СОЕДИНЕНИЕ).

A field can be NULL when it comes from the optional side of an outer join (the right source of ЛЕВОЕ,
every source before ПРАВОЕ, both sides of ПОЛНОЕ), is the NULL literal or a NULL parameter, is a
ВЫБОР without ИНАЧЕ or a nested query, is an aggregate other than КОЛИЧЕСТВО in a query without
ГРУППИРОВАТЬ ПО (one row over no rows) or of a field that can be NULL; arithmetic, functions and
ВЫРАЗИТЬ pass it on, ЕСТЬNULL stops it unless its replacement can be NULL too. A field reached through
a reference (Т.Товар.Наименование: an empty reference gives NULL) or through a tabular section of the
header (Д.Товары.Товар: a document without lines) can be NULL, and so can a column of a nested query
in ИЗ or of a temporary table that could be NULL where it was computed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from prism_desktop.platform import metadata as md
from prism_desktop.platform.query import ast as A
from prism_desktop.platform.query.values import QueryNull

if TYPE_CHECKING:
    from prism_desktop.platform.query.scope import SelectContext
    from prism_desktop.platform.query.sources import Source

_AGGREGATES = ("сумма", "sum", "среднее", "avg", "максимум", "max", "минимум", "min")
_COUNT = ("количество", "count")
_ISNULL = ("естьnull", "isnull")
_ARITHMETIC = ("+", "-", "*", "/")


def nullable_fields(part: A.SelectQuery, ctx: SelectContext) -> list[bool]:
    """One flag per output column of `part` (a `*` stands for its sources' columns, as in the select
    list); `ctx` is the part's compiled context."""
    optional = _optional_sources(part.sources, ctx.sources)
    check = _Check(ctx, optional, grouped=bool(part.group_by))
    flags: list[bool] = []
    for field in part.fields:
        if field.expr is not None:
            flags.append(check.expr(field.expr))
            continue
        star = ctx.source_by_alias(field.star_alias) if field.star_alias is not None else None
        for source in ctx.sources if star is None else [star]:
            flags.extend(id(source) in optional for _ in source.columns())
    return flags


def _optional_sources(items: list[A.FromItem], sources: list[Source]) -> set[int]:
    """The ids of the sources on the optional side of an outer join (`sources` are in ИЗ order)."""
    order = iter(sources)
    optional: set[int] = set()
    for item in items:
        chain = [next(order)]
        for join in item.joins:
            source = next(order)
            if join.kind in ("LEFT", "FULL"):
                optional.add(id(source))
            if join.kind in ("RIGHT", "FULL"):
                optional.update(id(s) for s in chain)
            chain.append(source)
    return optional


class _Check:
    def __init__(self, ctx: SelectContext, optional: set[int], grouped: bool):
        self.ctx = ctx
        self.optional = optional
        self.grouped = grouped

    def expr(self, node: A.Expr) -> bool:
        if isinstance(node, A.Literal):
            return node.is_null
        if isinstance(node, A.Param):
            return isinstance(self.ctx.tr.param_value(node.name, node.pos), QueryNull)
        if isinstance(node, A.FieldPath):
            return self.field(node)
        if isinstance(node, A.Unary):
            return node.op == "-" and self.expr(node.operand)
        if isinstance(node, A.Binary):
            return node.op in _ARITHMETIC and (self.expr(node.left) or self.expr(node.right))
        if isinstance(node, A.Case):
            results = [value for _, value in node.whens]
            return node.otherwise is None or any(self.expr(e) for e in [*results, node.otherwise])
        if isinstance(node, A.Cast):
            return self.expr(node.operand)
        if isinstance(node, A.Call):
            return self.call(node)
        return False

    def call(self, node: A.Call) -> bool:
        name = md.norm(node.name)
        if name in _COUNT:
            return False
        if name in _ISNULL:
            return all(self.expr(a) for a in node.args)
        if name in _AGGREGATES:
            return not self.grouped or any(self.expr(a) for a in node.args)
        return any(self.expr(a) for a in node.args)

    def field(self, node: A.FieldPath) -> bool:
        parts = node.parts
        source = self.ctx.source_by_alias(parts[0]) if len(parts) > 1 else None
        rest = parts[1:] if source is not None else parts
        if source is None:
            source = next((s for s in self.ctx.sources if s.column(parts[0]) is not None), None)
        if source is None or not rest:
            return True  # a tabular section of the header named alone (Товары.Сумма)
        optional = id(source) in self.optional
        column = source.column(rest[0])
        if column is None:  # Д.Товары.Сумма, or Т.Представление
            return optional or (source.meta is not None and source.meta.tabular_section(rest[0]) is not None)
        return optional or column.nullable or len(rest) > 1


def nullable_columns(parts: list[A.SelectQuery], contexts: list[SelectContext]) -> list[bool]:
    """Per output column of a ОБЪЕДИНИТЬ chain: whether any of its parts can give NULL there."""
    per_part = [nullable_fields(part, ctx) for part, ctx in zip(parts, contexts, strict=True)]
    return [any(flags) for flags in zip(*per_part, strict=True)]
