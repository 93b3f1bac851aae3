"""Syntax errors as the 1C compiler (`DESIGNER /CheckModules`) reports them, where its error recovery
differs from the one our default parser shares with BSL Language Server (category A's instrument).

PRISM's S for category B counts clusters of the compiler's error lines, so where 1C stops, skips or
goes on after an error decides the score. The rules below follow PRISM's published B logs
(`compile_error_lines` / `compile_errors` of experiment_B_20260617_031637):

* A character the language does not have (the ```` ``` ```` of an unclosed Markdown fence) is where
  the module logically ends: 1C reports `Обнаружено логическое завершение исходного текста модуля`
  there and nothing after it (B19/gemini-2.5-flash-lite: one error, at line 1).
* After an error inside a statement, 1C skips to the next `;`, whatever keywords the skipped text
  holds (`ИНАЧЕ` of a query's `ВЫБОР`, an `Если` lines later), and a string left open or a `|` inside
  the skipped text is not reported (B2/aliceai-llm, B4/qwen3-235b, B19/aliceai-llm-flash: `Пропущен
  символ '"'`, `Ожидается символ ';'`, `Неопознанный оператор`, then nothing until the method's end;
  B19/GigaChat-2-Max: the skip runs past an `Если` onto its `Иначе`, which then stands alone). When the
  error is found at a keyword that starts or ends statements, nothing is skipped: parsing goes on there
  (B20/GigaChat-2-Pro: a bare name before `Исключение`, then `Ожидается ключевое слово 'КонецЕсли'`
  at that `Исключение`; B19/gpt-oss-120b: `Х = Если … Тогда 0 Иначе Х;` opens a real Если that the
  method's end finds unclosed — its fourth cluster).
* A `|` outside a string is no such foreign character (B20/GigaChat-2-Pro: query lines starting with
  `|` after a missing opening quote end no module; 1C reports errors lines later).
* `Дата()` with no argument is `Ожидается выражение` (B19/yandexgpt-5-lite: `НачалоПериода(Дата(), День)`
  inside a call's argument list; 1C then reports nothing until the statement's `;`).
* A statement that starts with a keyword no statement starts with (`ИЗ` of a query text left outside
  its string, `Тогда` after a call) is `Неопознанный оператор`; 1C then skips to the next keyword a
  statement or a block starts or ends with, and the module ends there: `Обнаружено логическое
  завершение исходного текста модуля` at that keyword, after `Ожидается ключевое слово
  'КонецФункции'` when it is another block's end (B12/qwen3-235b and B17/yandexgpt-5-pro: at the
  `Выполнить` of `Запрос.Выполнить()` lines later; B11/qwen3-235b: at a `КонецЕсли`).
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass

from prism_desktop.bsl import ast as A
from prism_desktop.bsl import diagnostics as diag
from prism_desktop.bsl.diagnostics import Diagnostic
from prism_desktop.bsl.lexer import tokenize
from prism_desktop.bsl.parser import Parser, source_tokens
from prism_desktop.bsl.token_cursor import BLOCK_END, METHOD_KEYWORDS, STATEMENT_KEYWORDS
from prism_desktop.bsl.tokens import EOF, IDENT, KEYWORD, OP, Token

LOGICAL_END = "Обнаружено логическое завершение исходного текста модуля"
UNRECOGNIZED_STATEMENT = "Неопознанный оператор"
_CLOSERS = {
    "конецфункции": "'КонецФункции' ('EndFunction')",
    "конецпроцедуры": "'КонецПроцедуры' ('EndProcedure')",
}
_RESUME_KEYWORDS = STATEMENT_KEYWORDS | BLOCK_END | METHOD_KEYWORDS
_METHOD_BOUNDS = METHOD_KEYWORDS | frozenset(_CLOSERS)
_BAR_MESSAGE = diag.bad_character("|")
_DATE = "дата"

Position = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Syntax1C:
    diagnostics: list[Diagnostic]  # sorted by position
    end: Position | None  # where 1C found the module's logical end (nothing after it is compiled)


class _ModuleEnd(Exception):
    """The compiler stops reading the module here."""


class Parser1C(Parser):
    """Our parser with the 1C compiler's recovery (see the module docstring)."""

    def __init__(self, tokens: list[Token], diagnostics: list[Diagnostic]):
        super().__init__(tokens, diagnostics)
        self.skipped: list[tuple[Position, Position]] = []  # text skipped after errors
        self.end: Position | None = None
        self.closer: str | None = None  # the closing keyword of the method being parsed

    def synchronize(self, start_pos: int) -> None:
        first = self.tok
        if self.pos > start_pos and first.kind == KEYWORD and first.key in _RESUME_KEYWORDS:
            return  # the error is at a keyword that starts or ends statements: parsing goes on there
        while self.tok.kind != EOF:
            tok = self.tok
            if tok.kind == OP and tok.key == ";":
                self.advance()
                break
            if self.pos > start_pos and tok.kind == KEYWORD and tok.key in _METHOD_BOUNDS:
                break
            self.advance()
        self.skipped.append(((first.line, first.col), (self.tok.line, self.tok.col)))

    def parse_method(self, annotations: tuple[A.Annotation, ...]) -> A.Method:
        saved = self.closer
        kind = self.peek().key if self.tok.kind != KEYWORD else self.tok.key  # Асинх Функция …
        self.closer = "конецпроцедуры" if kind == "процедура" else "конецфункции"
        try:
            return super().parse_method(annotations)
        finally:
            self.closer = saved

    def parse_primary(self) -> A.Expr:
        tok = self.tok
        if tok.kind == IDENT and tok.key == _DATE and self.peek().key == "(" and self.peek(2).key == ")":
            # `Дата()`: 1C's built-in Дата takes its arguments as expressions and has no empty form
            self.advance()
            self.advance()
            raise self.fail(diag.EXPECTED_EXPRESSION)
        return super().parse_primary()

    def parse_statement(self) -> A.Stmt | None:
        tok = self.tok
        if tok.kind == KEYWORD and tok.key not in self._STATEMENTS:
            self._unrecognized(tok)
            return None
        return super().parse_statement()

    def _unrecognized(self, start: Token) -> None:
        self.diags.append(diag.error(UNRECOGNIZED_STATEMENT, start.line, start.col))
        self.advance()
        while self.tok.kind != EOF and not (self.tok.kind == KEYWORD and self.tok.key in _RESUME_KEYWORDS):
            self.advance()
        tok = self.tok
        self.skipped.append(((start.line, start.col), (tok.line, tok.col)))
        if tok.kind == EOF:
            raise _ModuleEnd
        if tok.key in METHOD_KEYWORDS or (self.closer is not None and tok.key == self.closer):
            return  # the method's own end (or the next method): parsing goes on from there
        if tok.key in BLOCK_END and self.closer is not None:
            message = f"Ожидается ключевое слово {_CLOSERS[self.closer]}"
            self.diags.append(diag.error(message, tok.line, tok.col))
        self.diags.append(diag.error(LOGICAL_END, tok.line, tok.col))
        self.end = (tok.line, tok.col)
        raise _ModuleEnd


def check_syntax_1c(text: str, filename: str = "<module>") -> Syntax1C:
    """The syntax errors 1C reports for a module (the lexer's and the parser's), in source order."""
    text = text.removeprefix("\ufeff")  # positions count from after a byte-order mark, as the lexer's
    cut = _first_foreign_character(text)
    source = text if cut is None else _prefix(text, cut)
    found: list[Diagnostic] = []
    parser = Parser1C(source_tokens(source, None, found), found)
    try:
        parser.parse_module(filename)
    except _ModuleEnd:
        pass
    except RecursionError:
        found.append(diag.stack_exhausted())
    end = parser.end
    if cut is not None:
        found.append(diag.error(LOGICAL_END, *cut))
        end = end or cut
    skipped = sorted(parser.skipped)
    kept = [d for d in found if not _silenced(d, skipped, end)]
    return Syntax1C(sorted(kept, key=Diagnostic.sort_key), end)


def _silenced(d: Diagnostic, skipped: list[tuple[Position, Position]], end: Position | None) -> bool:
    """A lexer error inside text the compiler skipped (`skipped` sorted), or past where it stopped."""
    at = (d.line, d.column)
    if end is not None and at > end:
        return True
    if d.message not in (diag.UNTERMINATED_STRING, diag.UNTERMINATED_DATE, _BAR_MESSAGE):
        return False
    index = bisect.bisect_left(skipped, (at,)) - 1  # the last skip that starts before `at`
    return index >= 0 and at < skipped[index][1]


def _first_foreign_character(text: str) -> Position | None:
    """Where the first character that belongs to no token stands (a bad character inside a name,
    like `²` in `Итог²`, is the name's error, not the module's end)."""
    lexed = tokenize(text)
    names: dict[int, list[tuple[int, int]]] = {}  # line -> the column spans of its names
    for t in lexed.tokens:
        if t.kind == IDENT:
            names.setdefault(t.line, []).append((t.col, t.end_col))
    for d in lexed.diagnostics:
        if not d.message.startswith("Недопустимый символ") or d.message == _BAR_MESSAGE:
            continue
        if not any(col <= d.column <= end_col for col, end_col in names.get(d.line, ())):
            return (d.line, d.column)
    return None


def _prefix(text: str, at: Position) -> str:
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    line, col = at
    return "\n".join([*lines[: line - 1], lines[line - 1][: col - 1]])
