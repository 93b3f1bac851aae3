"""The token cursor under the BSL parser: looking at and consuming tokens, reporting syntax
errors once per token, and the recovery moves (skip to a point where a statement can start)."""

from __future__ import annotations

import bisect

from prism_desktop.bsl import diagnostics as diag
from prism_desktop.bsl.diagnostics import Diagnostic
from prism_desktop.bsl.tokens import ANNOTATION, CONTEXTUAL_ASYNC, EOF, IDENT, KEYWORD, OP, Token, display

# Keywords that close (or split) a block: a block stops at any of them.
BLOCK_END = frozenset({
    "конецесли", "иначе", "иначеесли", "конеццикла", "исключение", "конецпопытки",
    "конецпроцедуры", "конецфункции",
})
METHOD_KEYWORDS = frozenset({"процедура", "функция"})
STATEMENT_KEYWORDS = frozenset({
    "если", "пока", "для", "попытка", "возврат", "прервать", "продолжить", "вызватьисключение",
    "перейти", "выполнить", "добавитьобработчик", "удалитьобработчик", "перем",
})
# Bound on nesting (blocks and parenthesised expressions), so that no consumer walking the tree
# recursively hits Python's limit.
MAX_DEPTH = 60


class ParseAbort(Exception):
    """Unwinds to the nearest recovery point after a syntax error has been recorded."""


class TokenCursor:
    def __init__(self, tokens: list[Token], diagnostics: list[Diagnostic]):
        """`diagnostics` may already hold the lexer's errors: the token right after each of them
        gets no parser error of its own, since it would only echo the lexical one."""
        self.toks = tokens
        self.pos = 0
        self.tok = tokens[0]
        self.last = tokens[0]  # the most recently consumed token
        self.diags = diagnostics
        self._error_positions: set[int] = tokens_after(tokens, diagnostics)
        self.ends: list[frozenset[str]] = []  # terminator sets of the open constructs
        self.depth = 0
        self.in_async = False  # inside an Асинх method, where Ждать is an operator

    # ------------------------------------------------------------------------------------ tokens

    def advance(self) -> None:
        tok = self.tok
        self.last = tok
        if tok.kind != EOF:
            self.pos += 1
            self.tok = self.toks[self.pos]

    def peek(self, offset: int = 1) -> Token:
        index = min(self.pos + offset, len(self.toks) - 1)
        return self.toks[index]

    def at_op(self, op: str) -> bool:
        return self.tok.kind == OP and self.tok.key == op

    def at_kw(self, keyword: str) -> bool:
        return self.tok.kind == KEYWORD and self.tok.key == keyword

    def starts_line(self) -> bool:
        return self.pos == 0 or self.toks[self.pos - 1].end_line < self.tok.line

    def at_method_start(self) -> bool:
        tok = self.tok
        if tok.kind == KEYWORD:
            return tok.key in METHOD_KEYWORDS
        if tok.kind == ANNOTATION:
            return True
        if tok.kind == IDENT and tok.key in CONTEXTUAL_ASYNC:
            nxt = self.peek()
            return nxt.kind == KEYWORD and nxt.key in METHOD_KEYWORDS
        return False

    def at_statement_end(self) -> bool:
        tok = self.tok
        return (tok.kind == EOF or (tok.kind == OP and tok.key == ";")
                or (tok.kind == KEYWORD and tok.key in BLOCK_END))

    # ------------------------------------------------------------------------------------ errors

    def report(self, message: str, tok: Token | None = None) -> None:
        """Record a syntax error at a token (once per token position)."""
        tok = tok or self.tok
        key = id(tok)
        if key in self._error_positions:
            return
        self._error_positions.add(key)
        self.diags.append(diag.error(message, tok.line, tok.col, tok.end_line, tok.end_col))

    def fail(self, message: str, tok: Token | None = None) -> ParseAbort:
        self.report(message, tok)
        return ParseAbort()

    def expect_op(self, op: str) -> Token:
        tok = self.tok
        if tok.kind == OP and tok.key == op:
            self.advance()
            return tok
        raise self.fail(diag.expected_symbol(op))

    def expect_kw(self, keyword: str) -> Token:
        tok = self.tok
        if tok.kind == KEYWORD and tok.key == keyword:
            self.advance()
            return tok
        raise self.fail(diag.expected_word(display(keyword)))

    def expect_ident(self) -> Token:
        tok = self.tok
        if tok.kind == IDENT:
            self.advance()
            return tok
        raise self.fail(diag.EXPECTED_IDENTIFIER)

    def enter(self) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            self.depth -= 1
            raise self.fail(diag.TOO_DEEP)

    def synchronize(self, start_pos: int) -> None:
        """Skip to a point where a statement can start again."""
        while True:
            tok = self.tok
            if tok.kind == EOF:
                break
            if tok.kind == OP and tok.key == ";":
                self.advance()
                break
            if self.pos > start_pos:
                if tok.kind == KEYWORD and (tok.key in BLOCK_END or tok.key in METHOD_KEYWORDS):
                    break
                if self.starts_line() and (
                    tok.kind in (IDENT, ANNOTATION)
                    or (tok.kind == KEYWORD and tok.key in STATEMENT_KEYWORDS)
                    or (tok.kind == OP and tok.key == "~")
                ):
                    break
            self.advance()

    def skip_header(self, until: str, line: int) -> None:
        """After an error in a statement header (`Если … Тогда`), skip to its closing keyword
        on the same line, so that the body is still parsed."""
        while self.tok.kind != EOF and self.tok.line == line:
            if self.at_kw(until):
                self.advance()
                return
            if self.tok.kind == KEYWORD and self.tok.key in BLOCK_END:
                return
            self.advance()


def tokens_after(tokens: list[Token], diagnostics: list[Diagnostic]) -> set[int]:
    """Ids of the tokens that directly follow an already reported error."""
    if not diagnostics:
        return set()
    starts = [(t.line, t.col) for t in tokens]
    quiet: set[int] = set()
    for d in diagnostics:
        end = (d.end_line or d.line, d.end_column or d.column)
        index = bisect.bisect_right(starts, end)
        if index < len(tokens):
            quiet.add(id(tokens[index]))
    return quiet
