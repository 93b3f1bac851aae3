"""Diagnostics of the BSL lexer, parser and checker, and their messages in the platform's style.

`Diagnostic` has the same fields as `runs.onec.Diagnostic`, so the
sandbox converts one into the other field by field.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

ERROR = "error"
WARNING = "warning"

# Codes. ParseError covers every syntax error; the rest are the compile-time checks.
PARSE_ERROR = "ParseError"
PROCEDURE_RETURNS_VALUE = "ProcedureReturnsValue"
BREAK_OUTSIDE_LOOP = "BreakOutsideLoop"
CONTINUE_OUTSIDE_LOOP = "ContinueOutsideLoop"
RETURN_OUTSIDE_METHOD = "ReturnOutsideMethod"
DUPLICATE_METHOD = "DuplicateMethod"
DUPLICATE_PARAMETER = "DuplicateParameter"
UNDEFINED_METHOD = "UndefinedMethod"


@dataclass(slots=True)
class Diagnostic:
    code: str  # "ParseError", "ProcedureReturnsValue", …
    severity: str  # "error" | "warning" | "information"
    message: str
    line: int  # 1-based
    column: int = 1  # 1-based
    end_line: int | None = None
    end_column: int | None = None
    # the compile contexts (Сервер, ТонкийКлиент, …) the error occurs in; empty: not context-bound
    contexts: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def sort_key(self) -> tuple[int, int, str, str]:
        return (self.line, self.column, self.code, self.message)

    def format(self, filename: str) -> str:
        """`FILE:line:col: severity code: message`, the form compilers and editors read."""
        where = f" [{', '.join(self.contexts)}]" if self.contexts else ""
        return f"{filename}:{self.line}:{self.column}: {self.severity} {self.code}: {self.message}{where}"


def error(
    message: str,
    line: int,
    column: int,
    end_line: int | None = None,
    end_column: int | None = None,
    code: str = PARSE_ERROR,
) -> Diagnostic:
    return Diagnostic(code, ERROR, message, line, column, end_line, end_column)


def stack_exhausted() -> Diagnostic:
    """Python's own stack ran out (the caller was already deep): reported, never raised."""
    return error(TOO_DEEP, 1, 1)


# ---------------------------------------------------------------------------------------------------
# Messages (Russian, in the platform's wording where the platform has one)

UNTERMINATED_STRING = "Незавершенная строковая константа (ожидается символ '\"')"
UNTERMINATED_DATE = "Незавершенная константа типа Дата (ожидается символ \"'\")"
EXPECTED_EXPRESSION = "Ожидается выражение"
EXPECTED_STATEMENT = "Ожидается оператор"
EXPECTED_IDENTIFIER = "Ожидается идентификатор"
EXPECTED_CONSTANT = "Ожидается константа (значение по умолчанию параметра)"
EXPECTED_METHOD_NAME = "Ожидается имя процедуры или функции"
MODULE_VARS_NOT_FIRST = "Объявления переменных модуля должны предшествовать процедурам, функциям и операторам"
METHOD_AFTER_BODY = "Процедуры и функции должны предшествовать операторам основной программы"
LOCAL_VARS_AFTER_STATEMENTS = "Объявления локальных переменных должны предшествовать операторам"
LOCAL_EXPORT = "Локальная переменная не может быть экспортирована"
NESTED_METHOD = "Процедура или функция не может быть объявлена внутри другой процедуры или функции"
BAD_ASSIGN_TARGET = "Присваивание возможно только переменной, свойству или элементу коллекции"
TOO_DEEP = "Слишком глубокая вложенность выражений или операторов"
TOO_LONG = "Слишком длинное выражение: более 200 операций в одной цепочке"
ANNOTATION_WITHOUT_METHOD = "Аннотация должна предшествовать процедуре, функции или переменной"


def expected_symbol(symbol: str) -> str:
    return f"Ожидается символ '{symbol}'"


def expected_keyword(keyword: str) -> str:
    return f"Ожидается оператор {keyword}"


def expected_word(keyword: str) -> str:
    return f"Ожидается ключевое слово {keyword}"


def unexpected_keyword(keyword: str) -> str:
    return f"Неожиданный оператор {keyword}"


def unexpected_token(text: str) -> str:
    return f"Неожиданный символ '{text}'"


def bad_character(char: str) -> str:
    return f"Недопустимый символ '{char}'"


def bad_date(text: str) -> str:
    return f"Неверная константа типа Дата ({text})"


def expected_annotation_name() -> str:
    return "Ожидается имя аннотации после символа '&'"


def bad_directive(text: str) -> str:
    return f"Неизвестная инструкция препроцессора (#{text})"


def unmatched_directive(directive: str) -> str:
    return f"Инструкция препроцессора #{directive} без парной открывающей инструкции"


def unclosed_directive(directive: str) -> str:
    return f"Ожидается инструкция препроцессора #{directive}"


def bad_directive_condition(text: str) -> str:
    return f"Ошибка в условии инструкции препроцессора ({text})"


def procedure_returns_value() -> str:
    return "Процедура не может возвращать значение"


def break_outside_loop() -> str:
    return "Оператор Прервать (Break) может употребляться только внутри цикла"


def continue_outside_loop() -> str:
    return "Оператор Продолжить (Continue) может употребляться только внутри цикла"


def return_outside_method() -> str:
    return "Оператор Возврат (Return) не может употребляться вне процедуры или функции"


def duplicate_method(name: str) -> str:
    return f"Процедура или функция с указанным именем уже определена ({name})"


def duplicate_parameter(name: str) -> str:
    return f"Повторное объявление параметра ({name})"


def undefined_method(name: str) -> str:
    return f"Процедура или функция с указанным именем не определена ({name})"
