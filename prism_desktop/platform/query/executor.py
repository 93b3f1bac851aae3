"""Running a batch: parse, translate each statement with the parameters' values, execute on the
infobase's SQLite connection, decode rows, build ИТОГИ, and report each executed statement to the
technological log (one logical data access per query; the register tables it reads make it a
physical register read there too).

ПОМЕСТИТЬ returns a one-row result with the column Количество (rows placed), as 1C does;
УНИЧТОЖИТЬ returns an empty result without columns. Without a temporary-table manager, the batch's
temporary tables are dropped when it ends.
"""

from __future__ import annotations

import sqlite3
from typing import Any

from prism_desktop.platform.query import ast as A
from prism_desktop.platform.query.errors import QueryError
from prism_desktop.platform.query.parser import parse_query
from prism_desktop.platform.query.result import QueryResult, ResultColumn, decoder
from prism_desktop.platform.query.sqlite_functions import install, take_failure
from prism_desktop.platform.query.temp_tables import TempTables
from prism_desktop.platform.query.totals import HierarchyReader, build_totals
from prism_desktop.platform.query.translator import CompiledSelect, QueryDatabase, Translator
from prism_desktop.platform.types import number_type

PLACED_COLUMN = "Количество"


def execute_batch(
    database: QueryDatabase,
    text: str,
    params: dict[str, Any] | None = None,
    temp_tables: TempTables | None = None,
) -> list[QueryResult]:
    """Every statement's result, in order; QueryError (positioned, quoting the line) on error."""
    batch = parse_query(text)
    install(database.db)
    temp = temp_tables if temp_tables is not None else TempTables(database.db)
    param_tables = TempTables(database.db)
    try:
        return [
            _statement(database, statement, params or {}, temp, param_tables, text)
            for statement in batch.statements
        ]
    except QueryError as exc:
        raise exc.with_text(text) from None
    finally:
        param_tables.close()
        if temp_tables is None:
            temp.close()


def execute(
    database: QueryDatabase,
    text: str,
    params: dict[str, Any] | None = None,
    temp_tables: TempTables | None = None,
) -> QueryResult:
    """Запрос.Выполнить(): the result of the batch's last statement."""
    return execute_batch(database, text, params, temp_tables)[-1]


def _statement(
    database: QueryDatabase,
    statement: A.Statement,
    params: dict[str, Any],
    temp: TempTables,
    param_tables: TempTables,
    text: str,
) -> QueryResult:
    if isinstance(statement, A.DropTable):
        temp.drop(statement.name, statement.pos)
        return QueryResult([], [])
    translator = Translator(database, params, temp, param_tables)
    compiled = translator.compile_select(statement)
    if statement.into is not None:
        columns = [c.derived() for c in compiled.columns]
        count = _run(
            lambda: temp.create(
                statement.into or "", columns, compiled.sql, translator.bound, statement.into_pos
            )
        )
        database.techlog.record_query(text, sorted(compiled.tables), count)
        return QueryResult([ResultColumn(PLACED_COLUMN, (number_type(15, 0),))], [(count,)])
    rows = _fetch(database.db, compiled, translator.bound)
    result_columns = [ResultColumn(c.name, c.types, c.nullable) for c in compiled.columns]
    result = QueryResult(result_columns, rows)
    tables = set(compiled.tables)
    if statement.totals is not None:
        hierarchy = HierarchyReader(database)  # ИЕРАРХИЯ reads the catalogs' Родитель as part of the query
        result.totals = build_totals(statement.totals, result_columns, rows, hierarchy)
        tables |= hierarchy.tables
    database.techlog.record_query(text, sorted(tables), len(rows))
    return result


def _fetch(
    connection: sqlite3.Connection, compiled: CompiledSelect, bound: dict[str, Any]
) -> list[tuple[Any, ...]]:
    cursor = _run(lambda: connection.execute(compiled.sql, bound))
    names = [d[0] for d in cursor.description or ()]
    decoders = [decoder(c, names) for c in compiled.columns]
    raw_rows = _run(cursor.fetchall)
    return [tuple(d(row) for d in decoders) for row in raw_rows]


def _run(action: Any) -> Any:
    """Run an SQLite call; a failing query function becomes the platform's message."""
    try:
        return action()
    except sqlite3.Error as exc:
        message = take_failure()
        if message is not None:
            raise QueryError(message) from None
        raise QueryError(f"Ошибка выполнения запроса: {exc}") from None
