"""Where each character of a string constant came from in the module, so that a position inside a
query text (which lives in string literals) can be reported at its module line and column."""

from __future__ import annotations

from prism_desktop.bsl import ast as A
from prism_desktop.bsl.lexer import tokenize
from prism_desktop.bsl.tokens import STRING, Token

ModulePosition = tuple[int, int]  # 1-based line and column in the module


def literal_char_positions(raw: str, line: int, col: int) -> list[ModulePosition]:
    """The module position of every character of the value of the terminated literal `raw` (its source
    text, quotes included) starting at line:col. Mirrors lexer.string_value: continuation lines
    contribute what follows their `|` (the line break is placed at the `|`), blank and comment-only
    lines contribute nothing, a doubled quote is one character."""
    chars: list[tuple[str, ModulePosition]] = []
    for k, text in enumerate(raw.split("\n")):
        if k == 0:
            start, first_col = 1, col  # after the opening quote
        else:
            body = text.lstrip()
            if not body.startswith("|"):
                continue
            start, first_col = len(text) - len(body) + 1, 1
            chars.append(("\n", (line + k, start)))
        chars.extend((text[j], (line + k, first_col + j)) for j in range(start, len(text)))
    chars = chars[:-1]  # the closing quote
    positions: list[ModulePosition] = []
    i = 0
    while i < len(chars):
        positions.append(chars[i][1])
        doubled = chars[i][0] == '"' and i + 1 < len(chars) and chars[i + 1][0] == '"'
        i += 2 if doubled else 1
    return positions


class LiteralIndex:
    """The string tokens of one module, found by the position the parser gives their constant."""

    def __init__(self, code: str):
        self._tokens: list[Token] = tokenize(code).tokens
        self._starts = {(t.line, t.col): i for i, t in enumerate(self._tokens) if t.kind == STRING}

    def positions(self, const: A.Const) -> tuple[ModulePosition, ...]:
        """One module position per character of the constant's value. Adjacent literals form one
        constant, so the tokens following the first are taken until the value is covered; if the
        tokens do not account for the value exactly, every character gets the constant's position."""
        value = str(const.value)
        index = self._starts.get((const.line, const.col))
        found: list[ModulePosition] = []
        while index is not None and index < len(self._tokens) and len(found) < len(value):
            token = self._tokens[index]
            if token.kind != STRING:
                break
            found.extend(literal_char_positions(token.text, token.line, token.col))
            index += 1
        if len(found) != len(value):
            return tuple((const.line, const.col) for _ in value)
        return tuple(found)
