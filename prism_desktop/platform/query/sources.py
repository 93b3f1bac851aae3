"""Sources of ИЗ as the translator sees them: a SQL table expression under an alias, with 1C-named
columns (their SQL, their possible types and, for values of several types, the type-tag SQL).

  TableSource      an object's, tabular section's or register's physical table (schema.py naming)
  DerivedSource    a virtual table, a nested query, a temporary or parameter table: SQL built by the
                   translator, possibly lazily (a virtual table may depend on the fields used)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from prism_desktop.platform import metadata as md
from prism_desktop.platform.query.values import UNDEFINED, Types
from prism_desktop.platform.schema import quote

# fields that are stored but are not 1C fields of the table
_HIDDEN: dict[str, set[str]] = {md.ENUM: {"имя"}}


@dataclass(frozen=True)
class Column:
    """A field of a source: `sql` gives its value, `tag` its type tag when it may hold several types."""

    name: str
    sql: str
    types: Types
    tag: str | None = None
    name_en: str | None = None
    nullable: bool = False  # may hold NULL besides its types (a nested query's or temporary table's)


def field_column(owner_sql_alias: str, f: md.Field) -> Column:
    qualified = f"{quote(owner_sql_alias)}.{quote(f.column)}"
    if f.type.is_composite:
        tag = f"{quote(owner_sql_alias)}.{quote(f.tag_column or '')}"
        return Column(f.name, qualified, (*f.type.types, UNDEFINED), tag, f.name_en)
    return Column(f.name, qualified, f.type.types, None, f.name_en)


class Source:
    """Common interface: the 1C alias, the SQL alias, the columns, the FROM text, tables read."""

    def __init__(self, alias: str, sql_alias: str):
        self.alias = alias
        self.sql_alias = sql_alias
        self.tables: set[str] = set()
        self.meta: md.MetaObject | None = None  # the object whose Ссылка rows this table holds

    def column(self, name: str) -> Column | None:
        raise NotImplementedError

    def columns(self) -> list[Column]:
        raise NotImplementedError

    def from_sql(self) -> str:
        raise NotImplementedError


class TableSource(Source):
    def __init__(
        self,
        alias: str,
        sql_alias: str,
        table: str,
        fields: md.FieldSet,
        kind: str,
        meta: md.MetaObject | None,
    ):
        super().__init__(alias, sql_alias)
        self.table = table
        self.fields = fields
        self.tables = {table}
        self.meta = meta
        self._hidden = _HIDDEN.get(kind, set())

    def column(self, name: str) -> Column | None:
        if md.norm(name) in self._hidden:
            return None
        f = self.fields.field(name)
        return None if f is None else field_column(self.sql_alias, f)

    def columns(self) -> list[Column]:
        return [field_column(self.sql_alias, f) for f in self.fields if md.norm(f.name) not in self._hidden]

    def from_sql(self) -> str:
        return f"{quote(self.table)} AS {quote(self.sql_alias)}"


@dataclass
class DerivedColumn:
    """A column of a derived table: its 1C name, SQL column names and types."""

    name: str
    column: str
    types: Types
    tag_column: str | None = None
    name_en: str | None = None
    nullable: bool = False


@dataclass
class OutputColumn:
    """A column of a query's result: its 1C name, SQL columns (value, type tag) and types."""

    name: str
    column: str
    tag_column: str | None
    types: Types
    nested: list[OutputColumn] | None = None  # a nested-table field's columns (nested_tables.py)
    nullable: bool = False  # can hold NULL (nullability.py)

    def derived(self) -> DerivedColumn:
        """The column as a column of a table made of this result (a nested query, a temporary table)."""
        return DerivedColumn(self.name, self.column, self.types, self.tag_column, nullable=self.nullable)


class DerivedSource(Source):
    """A table computed by SQL: `build(used)` returns the SELECT (or, with `plain_table`, the table
    name) for the set of used column names (normalised); it is called when the FROM clause is
    rendered, after every use is known."""

    def __init__(
        self,
        alias: str,
        sql_alias: str,
        derived: list[DerivedColumn],
        build: Callable[[set[str]], str],
        tables: set[str] | None = None,
        plain_table: bool = False,
    ):
        super().__init__(alias, sql_alias)
        self.derived = derived
        self.build = build
        self.tables = tables or set()
        self.plain_table = plain_table
        self.used: set[str] = set()
        self._by_key: dict[str, DerivedColumn] = {}
        for c in derived:
            self._by_key.setdefault(md.norm(c.name), c)
            if c.name_en:
                self._by_key.setdefault(md.norm(c.name_en), c)

    def _column(self, c: DerivedColumn) -> Column:
        prefix = quote(self.sql_alias) + "."
        tag = prefix + quote(c.tag_column) if c.tag_column else None
        return Column(c.name, prefix + quote(c.column), c.types, tag, c.name_en, c.nullable)

    def column(self, name: str) -> Column | None:
        c = self._by_key.get(md.norm(name))
        if c is None:
            return None
        self.used.add(md.norm(c.name))
        return self._column(c)

    def columns(self) -> list[Column]:
        for c in self.derived:
            self.used.add(md.norm(c.name))
        return [self._column(c) for c in self.derived]

    def from_sql(self) -> str:
        body = self.build(self.used)
        if self.plain_table:
            return f"{quote(body)} AS {quote(self.sql_alias)}"
        return f"({body}) AS {quote(self.sql_alias)}"
