"""The 1C query language on the infobase's SQLite database.

    result = execute(infobase, "ВЫБРАТЬ Т.Ссылка ИЗ Справочник.Товары КАК Т ГДЕ Т.Цена > &Ц", {"Ц": 10})
    results = execute_batch(infobase, text, params, temp_tables)   # one result per statement
    batch = parse_query(text)                                       # the syntax tree, with positions

Errors are QueryError with 1C's wording and position ("{(3, 5)}: Поле не найдено "Т.Цвет""). Values
are plain Python (see result.py); NULL is `NULL` from values.py, Неопределено is None.
"""

from prism_desktop.platform.query.errors import Position, QueryError
from prism_desktop.platform.query.executor import execute, execute_batch
from prism_desktop.platform.query.parser import parse_query
from prism_desktop.platform.query.result import QueryResult, ResultColumn, TotalsNode
from prism_desktop.platform.query.temp_tables import TempTables
from prism_desktop.platform.query.translator import QueryDatabase
from prism_desktop.platform.query.values import NULL, Boundary, ParameterTable, UnsupportedValue

__all__ = [
    "NULL",
    "Boundary",
    "ParameterTable",
    "Position",
    "QueryDatabase",
    "QueryError",
    "QueryResult",
    "ResultColumn",
    "TempTables",
    "TotalsNode",
    "UnsupportedValue",
    "ast",
    "errors",
    "execute",
    "execute_batch",
    "keywords",
    "lexer",
    "parse_query",
    "parser",
    "result",
    "values",
    "virtual_tables",
]
