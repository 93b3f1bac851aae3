"""Which declared function the tests call (PRISM_FORMAT §3.2), and the category-B auto-export
of that declaration (§1.9). Only the Russian keyword forms are recognised (§0)."""

from __future__ import annotations

import re
from collections.abc import Sequence

NO_ENTRY_REASON = "в коде кандидата не найдено ни одной функции"
_FUNCTIONS = re.compile(r"^\s*Функция\s+(\w+)\s*\(", re.MULTILINE | re.IGNORECASE)
_FUNCTIONS_AND_PROCEDURES = re.compile(
    r"^\s*(?:Функция|Процедура)\s+(\w+)\s*\(", re.MULTILINE | re.IGNORECASE
)


class EntryPatternError(ValueError):
    """An `entry_point_patterns` item is not a valid regular expression."""

    def __init__(self, index: int, pattern: str, error: re.error):
        super().__init__(
            f"entry_point_patterns[{index}]: found {pattern!r}, which is not a valid regular "
            f"expression ({error}); expected a Python regular expression matching a function name"
        )


def declared_functions(code: str) -> list[str]:
    """Names of `Функция <name>(` declarations, in order of declaration."""
    return _FUNCTIONS.findall(code)


def declared_routines(code: str) -> list[str]:
    """Names of function and procedure declarations, in order of declaration."""
    return _FUNCTIONS_AND_PROCEDURES.findall(code)


def _choose(names: Sequence[str], patterns: Sequence[str]) -> str | None:
    """Patterns in priority order, names in declaration order: the first full match wins;
    otherwise the first declared name; None when nothing is declared."""
    if not names:
        return None
    for index, pattern in enumerate(patterns):
        try:
            compiled = re.compile(pattern, re.IGNORECASE)
        except re.error as error:
            raise EntryPatternError(index, pattern, error) from error
        for name in names:
            if compiled.fullmatch(name):
                return name
    return names[0]


def detect_entry_point_a(code: str, patterns: Sequence[str]) -> str | None:
    """Category A (M and O-exec): functions only."""
    return _choose(declared_functions(code), patterns)


def detect_entry_point_b(code: str, patterns: Sequence[str]) -> str | None:
    """Category B: functions and procedures (B tasks may fill a table in place)."""
    return _choose(declared_routines(code), patterns)


def detect_entry_point(code: str, patterns: Sequence[str], category: str) -> str | None:
    return detect_entry_point_b(code, patterns) if category == "B" else detect_entry_point_a(code, patterns)


def ensure_exported(code: str, entry: str) -> str:
    """Append ` Экспорт` to the first declaration of `entry` when it lacks it: the tests module
    calls the candidate's module from outside, which 1C allows only for exported methods, and
    the prompt never says so. The parameter list runs up to the first `)`; whitespace after it
    is replaced by the single space before `Экспорт`."""
    declaration = re.compile(
        r"^([ \t]*(?:Функция|Процедура)[ \t]+" + re.escape(entry) + r"[ \t]*\([^)]*\))([ \t]*)(Экспорт\b)?",
        re.MULTILINE | re.IGNORECASE,
    )
    match = declaration.search(code)
    if match is None or match.group(3):
        return code
    return code[: match.start()] + match.group(1) + " Экспорт" + code[match.end() :]
