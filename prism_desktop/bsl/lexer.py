"""BSL lexer: one compiled master regex, one pass, tokens with 1-based positions.

Comments and whitespace are dropped; preprocessor lines come out as DIRECTIVE tokens for
`preprocessor.py`. Lexical errors (an unknown character, an unterminated string, a bad date) become
diagnostics, and the lexer still emits a usable token so that parsing goes on.
"""

from __future__ import annotations

import datetime as _dt
import re
from decimal import Decimal

from prism_desktop.bsl import diagnostics as diag
from prism_desktop.bsl.diagnostics import Diagnostic
from prism_desktop.bsl.names import canonical
from prism_desktop.bsl.tokens import (
    ANNOTATION,
    DATE,
    DIRECTIVE,
    EOF,
    IDENT,
    KEYWORD,
    KEYWORDS,
    NUMBER,
    OP,
    STRING,
    Token,
)

# A string body on one line: any character but a quote or a newline, or a doubled quote. Possessive
# quantifiers keep the scan linear and make `"а""` an unterminated string, as in the platform.
_BODY = r'(?:[^"\n]|"")*+'
# A continuation of a multi-line string: newline, then blank or comment-only lines, then `|`.
_CONT = r"(?:\n(?:[^\S\n]*(?://[^\n]*)?\n)*+[^\S\n]*\|" + _BODY + r")*+"

_MASTER = re.compile(
    r"(?P<nl>\n)"
    r"|(?P<ws>[^\S\n]+)"
    r"|(?P<comment>//[^\n]*)"
    r"|(?P<ident>[^\W\d]\w*)"
    r"|(?P<number>\d+(?:\.\d+)?)"
    rf'|(?P<string>"{_BODY}{_CONT}")'
    rf'|(?P<badstring>"{_BODY}{_CONT})'
    r"|(?P<date>'[^'\n]*')"
    r"|(?P<baddate>'[^'\n]*)"
    r"|(?P<op><>|<=|>=|[-+*/%=<>()\[\],;.?:~])"
    r"|(?P<annotation>&(?:[^\S\n]*[^\W\d]\w*)?)"
    r"|(?P<directive>\#[^\n]*)"
    r"|(?P<error>.)",
    re.DOTALL,
)

_DATE_DIGITS = (8, 12, 14)
EMPTY_DATE = _dt.datetime(1, 1, 1)


class LexResult:
    # a plain class, not a dataclass: made at import, a dataclass costs start-up time (≈1 ms each)
    __slots__ = ("diagnostics", "tokens")

    def __init__(self, tokens: list[Token], diagnostics: list[Diagnostic]) -> None:
        self.tokens = tokens  # always ends with an EOF token
        self.diagnostics = diagnostics


def string_value(text: str) -> str:
    """The value of a terminated string literal (its text from the opening to the closing quote).
    Continuation lines contribute what follows their `|`; blank and comment-only lines between
    them are not part of the value."""
    if "\n" not in text:
        return text[1:-1].replace('""', '"')
    lines = text.split("\n")
    parts = [lines[0][1:]]
    for raw in lines[1:]:
        stripped = raw.lstrip()
        if stripped.startswith("|"):
            parts.append(stripped[1:])
    return "\n".join(parts)[:-1].replace('""', '"')


def date_value(text: str) -> _dt.datetime | None:
    """The value of a date literal such as '20240131', '2024-01-31 23:59:59'; None if invalid."""
    digits = "".join(ch for ch in text if ch.isdigit())
    if len(digits) not in _DATE_DIGITS:
        return None
    digits = digits.ljust(14, "0")
    if digits.strip("0") == "":
        return EMPTY_DATE
    try:
        return _dt.datetime(
            int(digits[0:4]), int(digits[4:6]), int(digits[6:8]),
            int(digits[8:10]), int(digits[10:12]), int(digits[12:14]),
        )
    except ValueError:
        return None


def tokenize(text: str) -> LexResult:
    """Split BSL source into tokens. Never raises; newlines may be \\n, \\r\\n or \\r."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    tokens: list[Token] = []
    diagnostics: list[Diagnostic] = []
    append = tokens.append
    keywords = KEYWORDS
    line = 1
    line_start = 0
    for m in _MASTER.finditer(text):
        kind = m.lastgroup
        if kind == "ws" or kind == "comment":
            continue
        if kind == "nl":
            line += 1
            line_start = m.end()
            continue
        start = m.start()
        tok_text = m.group()
        col = start - line_start + 1
        if kind == "ident":
            if not tok_text.isascii():
                _check_identifier_chars(tok_text, line, col, diagnostics)
            key = tok_text.lower().replace("ё", "е")  # names.canonical, inlined: the hot path
            keyword = keywords.get(key)
            if keyword is None:
                append(Token(IDENT, tok_text, key, None, line, col, line, col + len(tok_text) - 1))
            else:
                append(Token(KEYWORD, tok_text, keyword, None, line, col, line, col + len(tok_text) - 1))
        elif kind == "op":
            append(Token(OP, tok_text, tok_text, None, line, col, line, col + len(tok_text) - 1))
        elif kind == "number":
            value: object = Decimal(tok_text) if "." in tok_text else int(tok_text)
            append(Token(NUMBER, tok_text, tok_text, value, line, col, line, col + len(tok_text) - 1))
        elif kind == "string" or kind == "badstring":
            newlines = tok_text.count("\n")
            start_line = line
            if newlines:
                line += newlines
                line_start = start + tok_text.rfind("\n") + 1
            end_col = m.end() - line_start
            append(Token(STRING, tok_text, "", _literal_value(tok_text, kind == "string"),
                         start_line, col, line, end_col))
            if kind == "badstring":
                diagnostics.append(diag.error(diag.UNTERMINATED_STRING, start_line, col, line, end_col))
        elif kind == "date" or kind == "baddate":
            end_col = col + len(tok_text) - 1
            value = date_value(tok_text) if kind == "date" else None
            append(Token(DATE, tok_text, "", value, line, col, line, end_col))
            if kind == "baddate":
                diagnostics.append(diag.error(diag.UNTERMINATED_DATE, line, col, line, end_col))
            elif value is None:
                diagnostics.append(diag.error(diag.bad_date(tok_text), line, col, line, end_col))
        elif kind == "annotation":
            name = tok_text[1:].strip()
            end_col = col + len(tok_text) - 1
            if name:
                append(Token(ANNOTATION, tok_text, canonical(name), name, line, col, line, end_col))
            else:
                diagnostics.append(diag.error(diag.expected_annotation_name(), line, col, line, col))
        elif kind == "directive":
            append(Token(DIRECTIVE, tok_text, "", tok_text[1:], line, col, line,
                         col + len(tok_text) - 1))
        else:
            diagnostics.append(diag.error(diag.bad_character(tok_text), line, col, line, col))
    append(Token(EOF, "", "", None, line, len(text) - line_start + 1, line, len(text) - line_start + 1))
    return LexResult(tokens, diagnostics)


def _check_identifier_chars(text: str, line: int, col: int, diagnostics: list[Diagnostic]) -> None:
    """A name is letters, decimal digits and `_` (OneScript's rule). Python's `\\w` also takes
    other numerals (`²`, `Ⅻ`): each such character is a bad character, as OneScript reports it."""
    for offset, char in enumerate(text):
        if not (char.isalpha() or char.isdecimal() or char == "_"):
            at = col + offset
            diagnostics.append(diag.error(diag.bad_character(char), line, at, line, at))


def _literal_value(text: str, terminated: bool) -> str:
    """String literal value; an unterminated literal keeps everything after its opening quote."""
    return string_value(text if terminated else text + '"')


__all__ = ["EMPTY_DATE", "LexResult", "date_value", "string_value", "tokenize"]
