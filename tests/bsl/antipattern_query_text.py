"""A query text placed in a module as `Запрос.Текст = "…"` on module line 3, and the module positions
of its findings: query line 1 starts at module column 21, every next query line after the `|` at
column 5. Shared by the test_antipatterns_query_* files."""

from __future__ import annotations

from prism_desktop.bsl.antipatterns import find_antipatterns

_HEAD = 'Процедура П()\n    Запрос = Новый Запрос;\n    Запрос.Текст = "'


def in_module(query: str) -> str:
    literal = "\n    |".join(query.replace('"', '""').split("\n"))
    return f'{_HEAD}{literal}";\n    Результат = Запрос.Выполнить();\nКонецПроцедуры\n'


def at(line: int, column: int) -> tuple[int, int]:
    """Module position of a 1-based position in the query text."""
    return (2 + line, 20 + column if line == 1 else 5 + column)


def found(query: str, code: str) -> list[tuple[int, int]]:
    return [(d.line, d.column) for d in find_antipatterns(in_module(query)) if d.code == code]
