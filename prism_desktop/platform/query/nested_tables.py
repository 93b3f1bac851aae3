"""Nested-table fields of the select list: `Д.Товары.(Товар, Количество КАК Кол)`, `Д.Товары.*` and a
bare `Д.Товары` — each result row carries a nested РезультатЗапроса (1C's syntax help, "Вложенные
таблицы в списке полей выборки": the field's type is РезультатЗапроса; `*` or no list takes every
field of the nested table).

The nested rows are read by the same SQL statement as the outer rows (one logical data access, as
1C's technological log shows one query): a correlated subquery over the tabular section's table
gives each outer row a JSON array of [НомерСтроки, value, type tag, value, type tag, …] arrays, which
result.py decodes into a QueryResult ordered by line number.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from prism_desktop.platform import metadata as md
from prism_desktop.platform.query import ast as A
from prism_desktop.platform.query.errors import Position, QueryError
from prism_desktop.platform.query.sources import OutputColumn, TableSource
from prism_desktop.platform.query.sql_expr import SqlExpr, sql_literal
from prism_desktop.platform.query.values import Types, merge_types, tag_of
from prism_desktop.platform.schema import quote
from prism_desktop.platform.types import SimpleType

if TYPE_CHECKING:
    from prism_desktop.platform.query.scope import SectionRef, SelectContext

NESTED_RESULT: Final = SimpleType("РезультатЗапроса")
NESTED_TABLE_MISUSE: Final = 'Недопустимое использование вложенной таблицы "{}"'
NESTED_AGGREGATE: Final = 'Агрегатная функция не допускается в поле вложенной таблицы "{}"'

# the nested rows' JSON layout: element 0 is НомерСтроки, then a value and its type tag per column
LINE_KEY: Final = "n"


@dataclass
class NestedField:
    """A compiled nested-table field: where it was written and the nested result's columns."""

    text: str
    pos: Position
    columns: list[OutputColumn]


def compile_nested(
    ctx: SelectContext, node: A.NestedTable, target: SectionRef
) -> tuple[SqlExpr, NestedField]:
    """The nested table `target` as one SQL value (a JSON array of rows) and its columns."""
    ref = target.ref
    branches: list[tuple[str, str]] = []  # (type tag of the reference, subquery)
    per_candidate: list[list[tuple[str, SqlExpr]]] = []
    for simple, _meta, section in target.sections:
        source = TableSource(section.name, ctx.tr.alias("n"), section.table, section.fields, "tabular", None)
        inner = ctx.over_source(source)
        part = A.SelectQuery(node.pos, node.fields or [A.SelectField(None, None, node.pos)], [])
        fields = inner.select_fields(part)
        if inner.nested:  # a nested table inside a nested table
            raise QueryError(NESTED_TABLE_MISUSE.format(next(iter(inner.nested.values())).text), node.pos)
        per_candidate.append(fields)
        line = section.fields.field("НомерСтроки")
        items = [f"{quote(source.sql_alias)}.{quote(line.column if line else 'НомерСтроки')}"]
        for _, expr in fields:
            items += [expr.sql, expr.tag_sql()]
        where = f"{quote(source.sql_alias)}.{quote('Ссылка')} = {ref.sql}"
        if ref.tag is not None:
            where += f" AND {ref.tag} = {sql_literal(tag_of(simple))}"
        branches.append(
            (
                tag_of(simple),
                f"(SELECT json_group_array(json_array({', '.join(items)})) "
                f"FROM {inner.from_clause()} WHERE {where})",
            )
        )
        ctx.add_tables(inner.tables())
    if len(branches) == 1:
        sql = branches[0][1]
    else:
        whens = " ".join(f"WHEN {ref.tag} = {sql_literal(tag)} THEN {sub}" for tag, sub in branches)
        sql = f"(CASE {whens} ELSE json_array() END)"
    names = [[md.norm(name) for name, _ in fields] for fields in per_candidate]
    if any(n != names[0] for n in names):  # `*` over same-named sections with different fields
        raise QueryError(NESTED_TABLE_MISUSE.format(node.path.text), node.pos)
    columns = []
    for i, (name, _) in enumerate(per_candidate[0]):
        types: Types = merge_types(*(fields[i][1].types for fields in per_candidate))
        columns.append(OutputColumn(name, f"v{i}", f"t{i}", types))
    return SqlExpr(sql, (NESTED_RESULT,)), NestedField(node.path.text, node.pos, columns)


def check_placement(nested: list[NestedField], top: bool, union: bool, into: bool) -> None:
    """Nested tables exist only in the result of a statement: not in a nested query, an ОБЪЕДИНИТЬ
    part or a temporary table."""
    if nested and (not top or union or into):
        raise QueryError(NESTED_TABLE_MISUSE.format(nested[0].text), nested[0].pos)


def row_layout(columns: list[OutputColumn]) -> list[str]:
    """The names of a nested row's JSON elements, in order (for result.py's decoders)."""
    return [LINE_KEY] + [name for c in columns for name in (c.column, c.tag_column or "")]
