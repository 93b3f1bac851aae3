"""Text rules PRISM applies to extracted candidate code (PRISM_FORMAT §3.1.4, §3.2, §3.3.1, and the
category-B auto-export of §1.9).

The single implementation of these rules: the in-container harness uses it, and so does the
scoring layer (which sits above sandbox/). Pure standard library.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from prism_desktop.errors import InputError

# A string literal: doubled quotes stay inside, and an unterminated literal runs to the line end
# (the rest of a multi-line string sits on following `|` lines, which are skipped whole).
_STRING_LITERAL = re.compile(r'"(?:[^"]|"")*"?')
_CLOSERS = re.compile(r"(?<!\w)(конецфункции|конецпроцедуры)(?!\w)", re.IGNORECASE)
_FINAL_SEMICOLON = re.compile(r"(?:конецфункции|конецпроцедуры)(;)\s*\Z", re.IGNORECASE)
# Declarations at the start of a line; only the Russian keywords count (§0).
_FUNCTION_DECL = re.compile(r"^[ \t]*Функция[ \t]+(\w+)[ \t]*\(", re.IGNORECASE | re.MULTILINE)
_METHOD_DECL = re.compile(r"^[ \t]*(?:Функция|Процедура)[ \t]+(\w+)[ \t]*\(", re.IGNORECASE | re.MULTILINE)


class EntryPatternError(InputError, ValueError):
    """An `entry_point_patterns` item is not a valid regular expression."""

    def __init__(self, index: int, pattern: str, error: re.error):
        super().__init__(
            f"entry_point_patterns[{index}]: found {pattern!r}, which is not a valid regular "
            f"expression ({error}); expected a Python regular expression matching a function name"
        )


def neutralise_line(line: str) -> str:
    """A line with each string literal replaced by a space and its `//` comment cut."""
    return _STRING_LITERAL.sub(" ", line).split("//", 1)[0]


def neutralised_lines(code: str) -> Iterator[tuple[int, str]]:
    """(0-based line index, neutralised line) for every line that is not a `|` continuation of a
    multi-line string: the "code only" view PRISM counts and finds keywords on."""
    for index, line in enumerate(code.split("\n")):
        if line.lstrip().startswith("|"):
            continue
        yield index, neutralise_line(line)


def strip_trailing_body(code: str) -> str:
    """§3.1.4: drop everything after the last line holding the whole word КонецФункции or
    КонецПроцедуры (outside strings and comments), and one `;` right after that final keyword at the
    very end. Models append demo calls that would otherwise run inside the test module. Code
    without such a line is returned as is."""
    last = -1
    for index, line in neutralised_lines(code):
        if _CLOSERS.search(line):
            last = index
    if last < 0:
        return code
    kept = "\n".join(code.split("\n")[: last + 1])
    final = _FINAL_SEMICOLON.search(kept)
    if final is not None:
        return kept[: final.start(1)]
    return kept


def declared_functions(code: str, *, include_procedures: bool = False) -> list[str]:
    """Names of `Функция Имя(` declarations (and `Процедура Имя(` for category B), in order."""
    pattern = _METHOD_DECL if include_procedures else _FUNCTION_DECL
    return [m.group(1) for m in pattern.finditer(code)]


def detect_entry_point(code: str, patterns: Sequence[str], *, include_procedures: bool = False) -> str | None:
    """§3.2: patterns in priority order, declared names in declaration order: the first full match
    (case-insensitive, Unicode \\w) wins; else the first declared name; None when there is none."""
    names = declared_functions(code, include_procedures=include_procedures)
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


def ensure_exported(code: str, entry: str) -> str:
    """§1.9: append ` Экспорт` to the first declaration of `entry` when it lacks it: the tests module
    calls the candidate's module from outside, which 1C allows only for exported methods, and the
    prompt never says so. The parameter list runs up to the first `)`; whitespace after it is
    replaced by the single space before `Экспорт`. Lines do not move."""
    declaration = re.compile(
        r"^([ \t]*(?:Функция|Процедура)[ \t]+" + re.escape(entry) + r"[ \t]*\([^)]*\))([ \t]*)(Экспорт\b)?",
        re.MULTILINE | re.IGNORECASE,
    )
    match = declaration.search(code)
    if match is None or match.group(3):
        return code
    return code[: match.start()] + match.group(1) + " Экспорт" + code[match.end() :]
