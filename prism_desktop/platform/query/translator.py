"""SELECT (with ОБЪЕДИНИТЬ, УПОРЯДОЧИТЬ ПО, ПЕРВЫЕ) -> one SQLite SELECT over the schema's tables.

Result columns are named c0, c1 … and, when a column may hold values of several types, c0_t … carry
the type tags. Parameters are bound by name (:p1 …); their values are known when translating (the
query is translated at Выполнить), so a parameter's type is the type of its value.
"""

from __future__ import annotations

import datetime as _dt
import itertools
import sqlite3
from dataclasses import dataclass
from typing import Any, Protocol

from prism_desktop.platform import metadata as md
from prism_desktop.platform.query import ast as A
from prism_desktop.platform.query.errors import (
    PARAMETER_NOT_SET,
    Position,
    QueryError,
)
from prism_desktop.platform.query.nested_tables import NESTED_TABLE_MISUSE, check_placement
from prism_desktop.platform.query.nullability import nullable_columns
from prism_desktop.platform.query.ordering import order_terms
from prism_desktop.platform.query.scope import SelectContext
from prism_desktop.platform.query.sources import OutputColumn
from prism_desktop.platform.query.sql_expr import CI_COLLATION, SqlExpr
from prism_desktop.platform.query.temp_tables import TempTables
from prism_desktop.platform.query.values import STRING, merge_types
from prism_desktop.platform.schema import sql_scalar

MAX_QUERY_YEAR = 3999
YEAR_PAST_3999 = "Ошибка выполнения запроса: Номер года в литерале типа 'Дата' превышает 3999."


class QueryLog(Protocol):
    def record_query(self, text: str, tables: Any, rows: int | None = None) -> None: ...


class QueryDatabase(Protocol):
    """What the query language needs of an infobase (platform.infobase.Infobase provides it)."""

    @property
    def config(self) -> md.Configuration: ...

    @property
    def db(self) -> sqlite3.Connection: ...

    @property
    def techlog(self) -> QueryLog: ...


@dataclass
class CompiledSelect:
    sql: str
    columns: list[OutputColumn]
    tables: set[str]


class Translator:
    """Translation state shared by every SELECT of one statement: bound parameters, tables read,
    aliases, temporary and parameter tables."""

    def __init__(
        self, database: QueryDatabase, params: dict[str, Any], temp: TempTables, param_tables: TempTables
    ):
        self.config = database.config
        self.connection = database.db
        self.params = {md.norm(k): v for k, v in params.items()}
        self.temp = temp
        self.param_tables = param_tables
        self.bound: dict[str, Any] = {}
        self.tables: set[str] = set()
        self._serial = itertools.count(1)
        self._depth = 0  # compile_select calls in progress: 1 is the statement itself
        self._placing = False  # the statement has ПОМЕСТИТЬ

    @property
    def may_read_parameter_tables(self) -> bool:
        """1C reads a value table passed as a parameter only into a temporary table: in the
        statement itself (not a nested query) when it has ПОМЕСТИТЬ."""
        return self._depth == 1 and self._placing

    def alias(self, prefix: str) -> str:
        return f"{prefix}{next(self._serial)}"

    def bind(self, value: Any) -> str:
        if isinstance(value, _dt.datetime) and value.year > MAX_QUERY_YEAR:
            # the platform writes values into the DBMS query as literals, and the file DBMS dates end
            # at 3999 (PRISM's published B20 logs, a parameter of 31.12.9999)
            raise QueryError(YEAR_PAST_3999)
        name = f"p{next(self._serial)}"
        self.bound[name] = sql_scalar(value)
        return ":" + name

    def param_value(self, name: str, pos: Position) -> Any:
        key = md.norm(name)
        if key not in self.params:
            raise QueryError(PARAMETER_NOT_SET.format(name), pos)
        return self.params[key]

    # --- SELECT -------------------------------------------------------------------------------
    def compile_select(self, query: A.SelectQuery, outer: SelectContext | None = None) -> CompiledSelect:
        """`outer`: the query around a nested query of `В (ВЫБРАТЬ …)`, whose fields it may use."""
        self._depth += 1
        if self._depth == 1:
            self._placing = query.into is not None
        parts = [query] + [q for _, q in query.unions]
        contexts: list[SelectContext] = []
        fields: list[list[tuple[str, SqlExpr]]] = []
        for part in parts:
            ctx = SelectContext(self, outer)
            ctx.add_from(part.sources)
            fields.append(ctx.select_fields(part))
            contexts.append(ctx)
        nested = [f for ctx in contexts for f in ctx.nested.values()]
        check_placement(nested, top=self._depth == 1, union=len(parts) > 1, into=query.into is not None)
        width = len(fields[0])
        for part, part_fields in zip(parts[1:], fields[1:], strict=True):
            if len(part_fields) != width:
                raise QueryError("Различное количество полей в объединяемых запросах", part.pos)
        columns: list[OutputColumn] = []
        for i, (name, _) in enumerate(fields[0]):
            exprs = [f[i][1] for f in fields]
            types = merge_types(*(e.types for e in exprs))
            dynamic = len(types) > 1 or any(e.tag is not None for e in exprs)
            inner = contexts[0].nested.get(exprs[0].sql)
            tag_column = f"c{i}_t" if dynamic else None
            columns.append(OutputColumn(name, f"c{i}", tag_column, types, inner.columns if inner else None))
        for column, nullable in zip(columns, nullable_columns(parts, contexts), strict=True):
            column.nullable = nullable
        rendered = [
            self._render_part(part, ctx, part_fields, columns, single=len(parts) == 1)
            for part, ctx, part_fields in zip(parts, contexts, fields, strict=True)
        ]
        for ctx in contexts:
            self.tables |= ctx.tables()
        if len(parts) == 1:
            sql = rendered[0]
        else:
            sql = rendered[0]
            for (all_rows, _), text in zip(query.unions, rendered[1:], strict=True):
                sql += (" UNION ALL " if all_rows else " UNION ") + text
            if query.order_by:
                terms = [t for item in query.order_by for t in self._union_order(item, columns)]
                sql = f"SELECT * FROM ({sql}) ORDER BY {', '.join(terms)}"
        self._depth -= 1
        return CompiledSelect(sql, columns, set(self.tables))

    def _render_part(
        self,
        part: A.SelectQuery,
        ctx: SelectContext,
        part_fields: list[tuple[str, SqlExpr]],
        columns: list[OutputColumn],
        single: bool,
    ) -> str:
        items: list[str] = []
        for (_, expr), col in zip(part_fields, columns, strict=True):
            # a string column carries 1C's case-insensitive comparison, so that РАЗЛИЧНЫЕ and
            # ОБЪЕДИНИТЬ fold "а"/"А" as they group them (SQLite dedups by the column's collation)
            collate = f" COLLATE {CI_COLLATION}" if any(t.name == STRING for t in col.types) else ""
            items.append(f"{expr.sql}{collate} AS {col.column}")
            if col.tag_column is not None:
                items.append(f"{expr.tag_sql()} AS {col.tag_column}")
        where = ctx.boolean(part.where) if part.where is not None else None
        group = [g for e in part.group_by for g in _group_terms(ctx.expression(e))] or ctx.per_record
        having = ctx.boolean(part.having) if part.having is not None else None
        order: list[str] = []
        if single:
            for item in part.order_by:
                order.extend(order_terms(self.config, self._order_expr(item, ctx, columns), item.descending))
        sql = "SELECT " + ("DISTINCT " if part.distinct else "") + (", ".join(items) or "NULL")
        from_clause = ctx.from_clause()
        if from_clause:
            sql += " FROM " + from_clause
        if where:
            sql += " WHERE " + where
        if group:
            sql += " GROUP BY " + ", ".join(group)
        if having:
            sql += " HAVING " + having
        if order:
            sql += " ORDER BY " + ", ".join(order)
        if part.top is not None:
            sql += f" LIMIT {int(part.top)}"
            if not single:
                sql = f"SELECT * FROM ({sql})"
        return sql

    def _order_expr(self, item: A.OrderItem, ctx: SelectContext, columns: list[OutputColumn]) -> SqlExpr:
        column = _output_column(item.expr, columns)
        if column is not None and column.nested is not None:
            raise QueryError(NESTED_TABLE_MISUSE.format(column.name), item.pos)
        if column is not None:
            return SqlExpr(column.column, column.types, column.tag_column)
        return ctx.expression(item.expr)

    def _union_order(self, item: A.OrderItem, columns: list[OutputColumn]) -> list[str]:
        column = _output_column(item.expr, columns)
        if column is None:
            text = item.expr.text if isinstance(item.expr, A.FieldPath) else "?"
            raise QueryError(f'Поле не найдено "{text}"', item.pos)
        expr = SqlExpr(column.column, column.types, column.tag_column)
        return order_terms(self.config, expr, item.descending)


def _group_terms(expr: SqlExpr) -> list[str]:
    value = f"{expr.sql} COLLATE {CI_COLLATION}" if any(t.name == STRING for t in expr.types) else expr.sql
    return [expr.tag, value] if expr.tag is not None else [value]


def _output_column(expr: A.Expr, columns: list[OutputColumn]) -> OutputColumn | None:
    """An ORDER BY / ИТОГИ term naming a result column by its alias."""
    if isinstance(expr, A.FieldPath) and len(expr.parts) == 1:
        key = md.norm(expr.parts[0])
        return next((c for c in columns if md.norm(c.name) == key), None)
    return None
