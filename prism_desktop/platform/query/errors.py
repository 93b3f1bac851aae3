"""Query errors with the platform's wording and position.

1C reports a query error as `{(строка, колонка)}: <текст>` followed by the offending line of the query
with `<<?>>` inserted where the error is, e.g.

    {(3, 5)}: Поле не найдено "Т.Цвет"
    <<?>>Т.Цвет

(the line without its indentation, as PRISM's published logs show: `{(8, 35)}: Поле не найдено
"Группа"` + newline + `И Номенклатура.Ссылка В ИЕРАРХИИ(<<?>>Группа)`)

and `Запрос.Выполнить()` wraps it as "Ошибка при вызове метода контекста (Выполнить): " + that text
(the BSL bridge adds the wrapping; see bsl/platform_bridge/query_object.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

FIELD_NOT_FOUND: Final = 'Поле не найдено "{}"'
TABLE_NOT_FOUND: Final = 'Таблица не найдена "{}"'
SYNTAX_ERROR: Final = "Синтаксическая ошибка"
PARAMETER_NOT_SET: Final = 'Не задано значение параметра "{}"'
WRONG_PARAMETER: Final = 'Недопустимое значение параметра "{}"'
NOT_IN_GROUP: Final = 'Поле не входит в группу "{}"'
AMBIGUOUS_FIELD: Final = 'Неоднозначное поле "{}"'
TABLE_EXISTS: Final = 'Таблица уже существует "{}"'
WRONG_FUNCTION_PARAMETERS: Final = 'Неверные параметры "{}"'
INCOMPATIBLE_TYPES: Final = "Несовместимые типы"
DUPLICATE_ALIAS: Final = 'Дублирующийся псевдоним "{}"'
DATA_ONLY_INTO_TEMP_TABLE: Final = "Содержимое объекта данных может быть выбрано только во временную таблицу"
NESTED_IN_AGGREGATE: Final = (
    "Не допускается использование вложенных запросов и операции В ИЕРАРХИИ внутри агрегатных функций"
)


@dataclass(frozen=True, slots=True)
class Position:
    """1-based line and column in the query text."""

    line: int
    column: int


class QueryError(Exception):
    """An error in a query text or in its parameters, positioned where 1C positions it."""

    def __init__(self, message: str, position: Position | None = None, text: str | None = None):
        self.message = message
        self.position = position
        self.text = text
        super().__init__(self.describe())

    def with_text(self, text: str) -> QueryError:
        """The same error, now able to quote the query line."""
        if self.text is None:
            self.text = text
            self.args = (self.describe(),)
        return self

    def describe(self) -> str:
        if self.position is None:
            return self.message
        head = f"{{({self.position.line}, {self.position.column})}}: {self.message}"
        if self.text is None:
            return head
        lines = self.text.splitlines()
        if not 1 <= self.position.line <= len(lines):
            return head
        line = lines[self.position.line - 1]
        col = min(max(self.position.column - 1, 0), len(line))
        before, after = line[:col].lstrip(), line[col:].rstrip()  # 1C quotes the line trimmed
        return f"{head}\n{before}<<?>>{after}"


def field_not_found(name: str, position: Position | None) -> QueryError:
    return QueryError(FIELD_NOT_FOUND.format(name), position)


def table_not_found(name: str, position: Position | None) -> QueryError:
    return QueryError(TABLE_NOT_FOUND.format(name), position)


def syntax_error(position: Position | None, near: str | None = None) -> QueryError:
    message = SYNTAX_ERROR if not near else f'{SYNTAX_ERROR} "{near}"'
    return QueryError(message, position)
