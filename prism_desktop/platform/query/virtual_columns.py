"""Column helpers shared by the virtual tables (virtual_tables.py, virtual_periods.py,
virtual_accounting.py): a register field as a derived column, its select items and grouping terms."""

from __future__ import annotations

from collections.abc import Sequence

from prism_desktop.platform import metadata as md
from prism_desktop.platform.query.sources import DerivedColumn
from prism_desktop.platform.query.values import UNDEFINED, Types
from prism_desktop.platform.schema import quote


def q(name: str) -> str:
    return quote(name)


def types_of(f: md.Field) -> Types:
    return (*f.type.types, UNDEFINED) if f.type.is_composite else f.type.types


def field_column(f: md.Field, name: str | None = None) -> DerivedColumn:
    name = name or f.name
    return DerivedColumn(name, name, types_of(f), name + "_t" if f.type.is_composite else None)


def select(column: DerivedColumn, value_sql: str, tag_sql: str | None) -> list[str]:
    items = [f"{value_sql} AS {q(column.column)}"]
    if column.tag_column is not None:
        items.append(f"{tag_sql or 'NULL'} AS {q(column.tag_column)}")
    return items


def fsql(alias_sql: str, f: md.Field) -> tuple[str, str | None]:
    """A physical field's value and tag SQL under a table alias."""
    tag = f"{alias_sql}.{q(f.tag_column)}" if f.tag_column else None
    return f"{alias_sql}.{q(f.column)}", tag


def names(column: DerivedColumn) -> list[str]:
    """The SQL column names of a column: its value and, for several types, its tag."""
    return [column.column] + ([column.tag_column] if column.tag_column else [])


def key(column: DerivedColumn, value_sql: str, tag_sql: str | None) -> tuple[list[str], list[str]]:
    """Select items and GROUP BY expressions of a grouping column (grouping by the expressions: an
    output alias equal to a source column name would group by the source column in SQLite)."""
    groups = [value_sql] + ([tag_sql] if column.tag_column is not None and tag_sql else [])
    return select(column, value_sql, tag_sql), groups


def used_columns(columns: Sequence[DerivedColumn], used: set[str]) -> list[DerivedColumn]:
    return [c for c in columns if md.norm(c.name) in used]


def nonzero(columns: Sequence[tuple[str, md.Field]]) -> str:
    """A test that some of the named resource values is not zero (rounded to the resource's
    precision, so that float residues of REAL sums count as zero)."""
    tests = []
    for name, res in columns:
        precision = max((t.precision for t in res.type.types), default=0)
        tests.append(f"ROUND({q(name)}, {precision}) <> 0")
    return " OR ".join(tests) if tests else "1"
