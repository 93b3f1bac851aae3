"""Tokens of the 1C query language: words (keywords are recognised by the parser, in Russian or
English, case-insensitively), numbers, "strings" ("" inside is a quote), &parameters, operators and
`//` comments. Every token carries its 1-based line and column."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from prism_desktop.platform.query.errors import Position, QueryError, syntax_error

WORD: Final = "word"
NUMBER: Final = "number"
STRING: Final = "string"
PARAM: Final = "param"
OP: Final = "op"
EOF: Final = "eof"

_TWO_CHAR_OPS: Final = ("<>", "<=", ">=")
_ONE_CHAR_OPS: Final = "+-*/=<>(),.;"


@dataclass(frozen=True, slots=True)
class Token:
    kind: str
    text: str  # the word as written, the string's value, the operator, the parameter's name
    pos: Position

    @property
    def key(self) -> str:
        """Case-insensitive form of a word (ё = е)."""
        return self.text.lower().replace("ё", "е")


def _is_word_char(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


def tokenize(text: str) -> list[Token]:
    tokens: list[Token] = []
    i, line, line_start, n = 0, 1, 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "\n":
            i += 1
            line += 1
            line_start = i
            continue
        if ch in " \t\r\ufeff\u00a0":
            i += 1
            continue
        pos = Position(line, i - line_start + 1)
        if text.startswith("//", i):
            while i < n and text[i] != "\n":
                i += 1
            continue
        if ch == '"':
            i += 1
            chars: list[str] = []
            while True:
                if i >= n:
                    raise QueryError("Незавершенная строковая константа", pos)
                if text[i] == '"':
                    if i + 1 < n and text[i + 1] == '"':
                        chars.append('"')
                        i += 2
                        continue
                    i += 1
                    break
                if text[i] == "\n":
                    line += 1
                    line_start = i + 1
                chars.append(text[i])
                i += 1
            tokens.append(Token(STRING, "".join(chars), pos))
            continue
        if ch.isdigit():
            start = i
            while i < n and text[i].isdigit():
                i += 1
            if i + 1 < n and text[i] == "." and text[i + 1].isdigit():
                i += 1
                while i < n and text[i].isdigit():
                    i += 1
            tokens.append(Token(NUMBER, text[start:i], pos))
            continue
        if ch == "&":
            start = i + 1
            i = start
            while i < n and _is_word_char(text[i]):
                i += 1
            if i == start:
                raise syntax_error(pos, "&")
            tokens.append(Token(PARAM, text[start:i], pos))
            continue
        if _is_word_char(ch):
            start = i
            while i < n and _is_word_char(text[i]):
                i += 1
            tokens.append(Token(WORD, text[start:i], pos))
            continue
        two = text[i : i + 2]
        if two in _TWO_CHAR_OPS:
            tokens.append(Token(OP, two, pos))
            i += 2
            continue
        if ch in _ONE_CHAR_OPS:
            tokens.append(Token(OP, ch, pos))
            i += 1
            continue
        raise syntax_error(pos, ch)
    tokens.append(Token(EOF, "", Position(line, n - line_start + 1)))
    return tokens
