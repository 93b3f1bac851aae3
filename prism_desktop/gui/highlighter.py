"""BSL syntax highlighting in Qt text documents, driven by our Pygments lexers (no second tokenizer).

QSyntaxHighlighter works one line (block) at a time, but BSL strings span lines (`|` continuations),
so the whole document is lexed once per revision and each block takes its spans from that. A block
that ends inside a string gets state 1, so Qt re-highlights the following blocks when that changes.
String literals that hold a query (`ВЫБРАТЬ …`, `SELECT …`) are lexed again with the query lexer.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from pygments.lexers import get_lexer_by_name
from pygments.token import Comment, Keyword, Name, Number, Operator, String, _TokenType
from PySide6.QtGui import QColor, QFont, QSyntaxHighlighter, QTextCharFormat, QTextDocument

from prism_desktop.gui.colour_scheme import ColourScheme, scheme
from prism_desktop.highlight.bsl_lexer import BslLexer
from prism_desktop.highlight.query_lexer import QueryLexer

_QUERY_START = re.compile(r"^\s*(ВЫБРАТЬ|SELECT|УНИЧТОЖИТЬ|DROP)\b", re.IGNORECASE)
IN_STRING = 1


@dataclass(frozen=True)
class Span:
    start: int  # offset inside its line
    length: int
    token: _TokenType
    query: bool = False  # inside a query string: styled with the query palette


def _query_spans(literal: str, offset: int) -> list[tuple[int, int, _TokenType]]:
    """Tokens of a query inside a string literal. The quotes and `|` continuation marks are blanked
    out with spaces of the same length, so token offsets map back one to one."""
    inner = re.sub(r'(^"|"$)', " ", literal)
    inner = re.sub(r"(?m)^(\s*)\|", lambda m: m.group(1) + " ", inner)
    if not _QUERY_START.match(inner):
        return []
    return [
        (offset + index, len(value), token)
        for index, token, value in QueryLexer().get_tokens_unprocessed(inner)
        if value.strip()
    ]


# Code tasks in other languages are shown with Pygments' own lexers and the same palette.
OTHER_LANGUAGES = {"python": "python", "typescript": "typescript", "go": "go"}


def _document_tokens(
    text: str, query: bool = False, language: str = "bsl"
) -> list[tuple[int, int, _TokenType, bool]]:
    """(start, length, token, in_query) over the whole text. A string literal runs from its opening
    quote token to its closing one; when it holds a query, the query's tokens are added over it.
    With `query`, the whole text is a query (the debug mode's query console); with a `language` of
    OTHER_LANGUAGES, the text is lexed by that language's Pygments lexer."""
    if language in OTHER_LANGUAGES:
        lexer = get_lexer_by_name(OTHER_LANGUAGES[language], stripnl=False, ensurenl=False)
        return [(i, len(v), t, False) for i, t, v in lexer.get_tokens_unprocessed(text) if v.strip()]
    if query:
        return [(i, len(v), t, True) for i, t, v in QueryLexer().get_tokens_unprocessed(text) if v.strip()]
    raw = list(BslLexer().get_tokens_unprocessed(text))
    out: list[tuple[int, int, _TokenType, bool]] = []
    i = 0
    while i < len(raw):
        index, token, value = raw[i]
        if token is String and value == '"':
            j = i + 1
            while j < len(raw) and not (raw[j][1] is String and raw[j][2] == '"'):
                j += 1
            j = min(j, len(raw) - 1)
            end = raw[j][0] + len(raw[j][2])
            out += [(s, len(v), t, False) for s, t, v in raw[i : j + 1]]
            out += [(start, length, tok, True) for start, length, tok in _query_spans(text[index:end], index)]
            i = j + 1
            continue
        out.append((index, len(value), token, False))
        i += 1
    return out


def line_spans(text: str, query: bool = False, language: str = "bsl") -> tuple[list[list[Span]], list[bool]]:
    """Per line of `text` (BSL, a query, or code in one of OTHER_LANGUAGES): its spans, and whether the
    line ends inside a string literal."""
    starts = [0] + [m.end() for m in re.finditer("\n", text)]
    spans: list[list[Span]] = [[] for _ in starts]
    ends_in_string = [False] * len(starts)
    line = 0
    tokens = _document_tokens(text, query, language)
    for start, length, token, in_query in sorted(tokens, key=lambda t: (t[0], t[3])):
        end = start + length
        while line + 1 < len(starts) and starts[line + 1] <= start:
            line += 1
        current = line
        position = start
        # Inside a literal a newline belongs to the string (also a `//` line between continuations).
        in_literal = token in String or (token in Comment and text[start] == "\n")
        while True:
            line_end = starts[current + 1] - 1 if current + 1 < len(starts) else len(text)
            piece_end = min(end, line_end)
            if piece_end > position:
                spans[current].append(Span(position - starts[current], piece_end - position, token, in_query))
            if end <= line_end or current + 1 >= len(starts):
                break
            if in_literal and not in_query:
                ends_in_string[current] = True
            current += 1
            position = starts[current]
    return spans, ends_in_string


def _format(color: str, *, bold: bool = False, italic: bool = False) -> QTextCharFormat:
    fmt = QTextCharFormat()
    fmt.setForeground(QColor(color))
    if bold:
        fmt.setFontWeight(QFont.Weight.DemiBold)
    fmt.setFontItalic(italic)
    return fmt


Styles = tuple[tuple[_TokenType, QTextCharFormat], ...]


@cache
def _styles(colours: ColourScheme) -> tuple[Styles, Styles]:
    """(BSL and code, query) formats in a scheme's token colours; built on first use (formats need
    a QGuiApplication), once per light or dark scheme."""
    bsl = (
        (Comment.Preproc, _format(colours.token_preproc)),
        (Comment, _format(colours.token_comment, italic=True)),
        (Keyword.Constant, _format(colours.token_keyword)),
        (Keyword, _format(colours.token_keyword, bold=True)),
        (Name.Decorator, _format(colours.token_preproc)),
        (Name.Label, _format(colours.token_preproc)),
        (Name.Builtin, _format(colours.token_builtin)),
        (Name.Function, _format(colours.token_function)),
        (Name.Attribute, _format(colours.token_function)),
        (String, _format(colours.token_literal)),
        (Number, _format(colours.token_literal)),
        (Operator, _format(colours.token_keyword)),
    )
    query = (
        (Keyword, _format(colours.token_keyword, bold=True)),
        (Name.Builtin, _format(colours.token_builtin)),
        (Name.Variable.Global, _format(colours.token_preproc)),
        (String, _format(colours.token_query_string)),
        (Number, _format(colours.token_literal)),
        (Comment, _format(colours.token_comment, italic=True)),
        (Name, _format(colours.token_query_name)),
    )
    return bsl, query


def all_formats() -> list[QTextCharFormat]:
    """Every format the highlighter may use in the current scheme (tests check their contrast)."""
    bsl, query = _styles(scheme())
    return [fmt for _, fmt in (*bsl, *query)]


def format_for(token: _TokenType, query: bool) -> QTextCharFormat | None:
    bsl, sdbl = _styles(scheme())
    for kind, fmt in sdbl if query else bsl:
        if token in kind:
            return fmt
    return None


class BslHighlighter(QSyntaxHighlighter):
    """Attach to a QTextDocument holding a BSL module (or, with `query`, a query text)."""

    def __init__(self, document: QTextDocument, query: bool = False):
        super().__init__(None)  # type: ignore[call-overload]  # the document is set below
        self._query = query
        self._language = "bsl"
        self._stale = True
        self._spans: list[list[Span]] = []
        self._ends_in_string: list[bool] = []
        # Connected before setDocument, so the cache is marked stale before Qt re-highlights.
        document.contentsChange.connect(self._invalidate)
        self.setDocument(document)

    def _invalidate(self, *_change: int) -> None:
        self._stale = True

    def set_language(self, language: str) -> None:
        """The language shown: bsl (the default) or a code task's language (python, typescript, go)."""
        if language != self._language:
            self._language = language
            self._stale = True
            self.rehighlight()

    def _refresh(self) -> None:
        if self._stale:
            text = self.document().toPlainText()
            self._spans, self._ends_in_string = line_spans(text, self._query, self._language)
            self._stale = False

    def highlightBlock(self, text: str) -> None:
        self._refresh()
        number = self.currentBlock().blockNumber()
        if number >= len(self._spans):
            return
        for span in self._spans[number]:
            fmt = format_for(span.token, span.query)
            if fmt is not None:
                self.setFormat(span.start, span.length, fmt)
        self.setCurrentBlockState(IN_STRING if self._ends_in_string[number] else 0)


def highlighted_tokens(spans: Iterable[Span]) -> list[tuple[int, int, str]]:
    """(start, length, token name) of the spans that get a colour: what tests look at."""
    return [(s.start, s.length, str(s.token)) for s in spans if format_for(s.token, s.query) is not None]
