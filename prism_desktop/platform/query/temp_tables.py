"""Temporary tables (ПОМЕСТИТЬ / УНИЧТОЖИТЬ): SQLite TEMP tables owned by a МенеджерВременныхТаблиц,
or by one batch when the query has no manager (then they are dropped when the batch ends)."""

from __future__ import annotations

import itertools
import sqlite3
from dataclasses import dataclass
from typing import Any

from prism_desktop.platform.metadata import norm
from prism_desktop.platform.query.errors import TABLE_EXISTS, Position, QueryError, table_not_found
from prism_desktop.platform.query.sources import DerivedColumn
from prism_desktop.platform.schema import quote

_SERIAL = itertools.count(1)


@dataclass
class TempTable:
    name: str
    sql_name: str
    columns: list[DerivedColumn]


class TempTables:
    """The temporary tables of one manager (or one batch) on one connection."""

    def __init__(self, connection: sqlite3.Connection):
        self.connection = connection
        self.prefix = f"tt{next(_SERIAL)}_"
        self._tables: dict[str, TempTable] = {}

    def get(self, name: str) -> TempTable | None:
        return self._tables.get(norm(name))

    def names(self) -> list[str]:
        return [t.name for t in self._tables.values()]

    def create(
        self,
        name: str,
        columns: list[DerivedColumn],
        select_sql: str,
        params: dict[str, Any],
        pos: Position | None,
    ) -> int:
        """CREATE TEMP TABLE … AS SELECT; the number of rows placed (ПОМЕСТИТЬ's result)."""
        if norm(name) in self._tables:
            raise QueryError(TABLE_EXISTS.format(name), pos)
        sql_name = f"{self.prefix}{len(self._tables) + 1}_{next(_SERIAL)}"
        self.connection.execute(f"CREATE TEMP TABLE {quote(sql_name)} AS {select_sql}", params)
        self._tables[norm(name)] = TempTable(name, sql_name, columns)
        count = self.connection.execute(f"SELECT COUNT(*) FROM {quote(sql_name)}").fetchone()[0]
        return int(count)

    def create_from_rows(self, name: str, columns: list[DerivedColumn], rows: list[list[Any]]) -> TempTable:
        """A table filled from Python rows (a parameter table); rows hold SQL values in column order."""
        sql_name = f"{self.prefix}p{next(_SERIAL)}"
        column_names = [
            c
            for col in columns
            for c in ((col.column,) if col.tag_column is None else (col.tag_column, col.column))
        ]
        self.connection.execute(
            f"CREATE TEMP TABLE {quote(sql_name)} ({', '.join(quote(c) for c in column_names)})"
        )
        if rows:
            marks = ", ".join("?" for _ in column_names)
            self.connection.executemany(f"INSERT INTO {quote(sql_name)} VALUES ({marks})", rows)
        table = TempTable(name, sql_name, columns)
        self._tables[norm(name)] = table
        return table

    def drop(self, name: str, pos: Position | None) -> None:
        table = self._tables.pop(norm(name), None)
        if table is None:
            raise table_not_found(name, pos)
        self.connection.execute(f"DROP TABLE IF EXISTS temp.{quote(table.sql_name)}")

    def close(self) -> None:
        """Drop every table (МенеджерВременныхТаблиц.Закрыть, or the end of a batch)."""
        for table in list(self._tables.values()):
            self.connection.execute(f"DROP TABLE IF EXISTS temp.{quote(table.sql_name)}")
        self._tables.clear()
