"""Recursive-descent parser of BSL modules, with error recovery.

Public entry points: `parse_module`, `parse_expression` (for Вычислить) and `parse_statements`
(for Выполнить). None of them raises on any input: every problem becomes a ParseError diagnostic
with its position, and parsing resumes at the next `;`, the next line that starts a statement, or
the next block keyword, so that one run finds several independent errors.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import ClassVar

from prism_desktop.bsl import ast as A
from prism_desktop.bsl import diagnostics as diag
from prism_desktop.bsl.diagnostics import Diagnostic
from prism_desktop.bsl.expression_parser import LITERAL_KEYWORDS, ExpressionParser
from prism_desktop.bsl.lexer import tokenize
from prism_desktop.bsl.preprocessor import PreprocessResult, normalize_defines, preprocess
from prism_desktop.bsl.token_cursor import BLOCK_END, METHOD_KEYWORDS, ParseAbort
from prism_desktop.bsl.tokens import (
    ANNOTATION,
    CONTEXTUAL_AWAIT,
    DATE,
    EOF,
    IDENT,
    KEYWORD,
    NUMBER,
    OP,
    STRING,
    Token,
    display,
)

_IF_ENDS = frozenset({"иначеесли", "иначе", "конецесли"})
_LOOP_ENDS = frozenset({"конеццикла"})
_TRY_ENDS = frozenset({"исключение", "конецпопытки"})
_HANDLER_ENDS = frozenset({"конецпопытки"})
_METHOD_CLOSERS = frozenset({"конецпроцедуры", "конецфункции"})
_METHOD_ENDS = {"procedure": frozenset({"конецпроцедуры"}), "function": frozenset({"конецфункции"})}


class ParseResult:
    # a plain class, not a dataclass: made at import, a dataclass costs start-up time (≈1 ms each)
    __slots__ = ("diagnostics", "filename", "module", "uses")

    def __init__(
        self,
        module: A.Module,
        diagnostics: list[Diagnostic],
        filename: str = "<module>",
        uses: tuple[Token, ...] = (),
    ) -> None:
        self.module = module
        self.diagnostics = diagnostics  # ParseError only, in source order
        self.filename = filename
        self.uses = uses  # OneScript's `#Использовать` directives (DIRECTIVE tokens)

    @property
    def ok(self) -> bool:
        return not any(d.severity == diag.ERROR for d in self.diagnostics)


class ExpressionResult:
    __slots__ = ("diagnostics", "expression")

    def __init__(self, expression: A.Expr | None, diagnostics: list[Diagnostic]) -> None:
        self.expression = expression  # None when the text has a syntax error
        self.diagnostics = diagnostics


class StatementsResult:
    __slots__ = ("body", "diagnostics")

    def __init__(self, body: A.Body, diagnostics: list[Diagnostic]) -> None:
        self.body = body
        self.diagnostics = diagnostics


class Parser(ExpressionParser):
    """Modules, methods, blocks and statements."""

    def __init__(self, tokens: list[Token], diagnostics: list[Diagnostic], *, onescript: bool = False):
        super().__init__(tokens, diagnostics)
        self.onescript = onescript  # OneScript's syntax: annotations on parameters
        # the method being parsed: its local declarations and the depth of its top-level body
        self.local_vars: list[A.VarDecl] | None = None
        self.method_block_depth = 0
        self.method_has_statements = False

    # ------------------------------------------------------------------------------------ module

    def parse_module(self, filename: str) -> A.Module:
        variables: list[A.VarDecl] = []
        methods: list[A.Method] = []
        body: list[A.Stmt] = []
        phase = 0  # 0: variables, 1: methods, 2: module body
        while self.tok.kind != EOF:
            start_pos = self.pos
            try:
                annotations = self.parse_annotations()
                if self.at_kw("перем"):
                    decl = self.parse_var_decl(annotations, local=False)
                    if phase > 0:
                        self.diags.append(diag.error(diag.MODULE_VARS_NOT_FIRST, decl.line, decl.col))
                    variables.append(decl)
                    continue
                if self.at_method_start():
                    if phase == 2:
                        tok = self.tok
                        self.diags.append(diag.error(diag.METHOD_AFTER_BODY, tok.line, tok.col))
                    phase = max(phase, 1)
                    methods.append(self.parse_method(annotations))
                    continue
                if annotations:
                    first = annotations[0]
                    self.diags.append(diag.error(diag.ANNOTATION_WITHOUT_METHOD, first.line, first.col))
            except ParseAbort:
                self.synchronize(start_pos)
                continue
            statements = self.parse_block(frozenset())
            if statements:
                phase = 2
                body.extend(statements)
            if self.pos == start_pos:  # nothing could be read here: never loop in place
                self.report(diag.EXPECTED_STATEMENT)
                self.advance()
        return A.Module(tuple(variables), tuple(methods), tuple(body), filename, line=1, col=1)

    def parse_annotations(self) -> tuple[A.Annotation, ...]:
        annotations: list[A.Annotation] = []
        while self.tok.kind == ANNOTATION:
            tok = self.tok
            self.advance()
            args: tuple[A.Expr, ...] = ()
            if self.at_op("(") and self.tok.line == tok.line:
                args = tuple(a for a in self.parse_args() if a is not None)
            annotations.append(A.Annotation(str(tok.value), args, line=tok.line, col=tok.col))
        return tuple(annotations)

    def parse_var_decl(self, annotations: tuple[A.Annotation, ...], local: bool) -> A.VarDecl:
        start = self.tok
        self.advance()  # Перем
        names: list[A.VarName] = []
        while True:
            name_tok = self.expect_ident()
            export = False
            if self.at_kw("экспорт"):
                if local:
                    self.report(diag.LOCAL_EXPORT)
                export = not local
                self.advance()
            names.append(A.VarName(name_tok.text, export, line=name_tok.line, col=name_tok.col))
            if not self.at_op(","):
                break
            self.advance()
        end_line = self.last.end_line
        self.expect_op(";")
        line, col = (annotations[0].line, annotations[0].col) if annotations else (start.line, start.col)
        return A.VarDecl(tuple(names), annotations, line=line, col=col, end_line=end_line)

    def parse_method(self, annotations: tuple[A.Annotation, ...]) -> A.Method:
        start = self.tok
        is_async = False
        if start.kind == IDENT:  # Асинх
            is_async = True
            self.advance()
        kind: A.MethodKind = "procedure" if self.tok.key == "процедура" else "function"
        self.advance()
        name_tok = self.tok
        params: tuple[A.Param, ...] = ()
        export = False
        try:
            if name_tok.kind != IDENT:
                raise self.fail(diag.EXPECTED_METHOD_NAME)
            self.advance()
            params = self.parse_params()
            if self.at_kw("экспорт"):
                export = True
                self.advance()
        except ParseAbort:
            header_line = self.tok.line if self.tok.line == start.line else start.line
            while self.tok.kind != EOF and self.tok.line == header_line:
                self.advance()
        saved = (self.in_async, self.local_vars, self.method_block_depth, self.method_has_statements)
        self.in_async = is_async
        self.local_vars = []
        self.method_block_depth = len(self.ends) + 1
        self.method_has_statements = False
        ends = _METHOD_ENDS[kind]
        try:
            body = self.parse_block(ends)
            local_vars = tuple(self.local_vars)
        finally:
            self.in_async, self.local_vars, self.method_block_depth, self.method_has_statements = saved
        end_line = self.last.end_line
        end_kw = next(iter(ends))
        if self.at_kw(end_kw):
            end_line = self.tok.line
            self.advance()
        elif self.tok.kind == KEYWORD and self.tok.key in _METHOD_CLOSERS:
            self.report(diag.expected_keyword(display(end_kw)))  # the other method's closer
            end_line = self.tok.line
            self.advance()
        else:
            self.report(diag.expected_keyword(display(end_kw)))
        name = name_tok.text if name_tok.kind == IDENT else ""
        return A.Method(
            name, kind, params, body, export, is_async, annotations, local_vars,
            name_tok.line, name_tok.col, line=start.line, col=start.col, end_line=end_line,
        )

    def parse_params(self) -> tuple[A.Param, ...]:
        self.expect_op("(")
        params: list[A.Param] = []
        if self.at_op(")"):
            self.advance()
            return ()
        while True:
            first = self.tok
            annotations = self.parse_annotations() if self.onescript else ()
            by_value = False
            if self.at_kw("знач"):
                by_value = True
                self.advance()
            name_tok = self.expect_ident()
            default = None
            if self.at_op("="):
                self.advance()
                default = self.parse_default_value()
            params.append(
                A.Param(
                    name_tok.text, by_value, default, line=first.line, col=first.col, annotations=annotations
                )
            )
            if self.at_op(","):
                self.advance()
                continue
            self.expect_op(")")
            return tuple(params)

    def parse_default_value(self) -> A.Expr:
        tok = self.tok
        if tok.kind == OP and tok.key in ("-", "+") and self.peek().kind == NUMBER:
            self.advance()
            number = self.tok
            self.advance()
            value = number.value if tok.key == "+" else -number.value  # type: ignore[operator]
            return A.Const(value, "number", line=tok.line, col=tok.col)
        if tok.kind in (NUMBER, STRING, DATE) or (
            tok.kind == KEYWORD and (tok.key in LITERAL_KEYWORDS or tok.key == "null")
        ):
            return self.parse_primary()
        raise self.fail(diag.EXPECTED_CONSTANT)

    # ------------------------------------------------------------------------------------ blocks

    def parse_block(self, terminators: frozenset[str]) -> A.Body:
        """Statements up to a block keyword, a method start, or the end of text."""
        self.enter()
        self.ends.append(terminators)
        statements: list[A.Stmt] = []
        try:
            while True:
                tok = self.tok
                kind = tok.kind
                if kind == EOF:
                    break
                if kind == OP and tok.key == ";":  # an empty statement
                    self.advance()
                    continue
                if kind == KEYWORD:
                    key = tok.key
                    if key in BLOCK_END:
                        if key in terminators or any(key in ends for ends in self.ends):
                            break
                        if key in _METHOD_CLOSERS and self.local_vars is not None:
                            break  # the method's own (possibly wrong) closer: parse_method decides
                        self.report(diag.unexpected_keyword(tok.text))
                        self.advance()
                        continue
                    if key in METHOD_KEYWORDS:
                        if self.local_vars is not None:
                            self.report(diag.NESTED_METHOD)
                        break
                    if key == "перем":
                        if self.local_vars is None:
                            break  # module level: the caller decides
                        self.parse_local_vars()
                        continue
                elif kind == ANNOTATION or (kind == IDENT and self.at_method_start()):
                    break
                stmt = self.parse_statement()
                if stmt is None:
                    continue
                statements.append(stmt)
                if len(self.ends) == self.method_block_depth:
                    self.method_has_statements = True
                if isinstance(stmt, A.Label):
                    continue
                tok = self.tok
                if tok.kind == OP and tok.key == ";":
                    self.advance()
                elif not self.at_statement_end() and not self.at_method_start():
                    self.report(diag.expected_symbol(";"))
        finally:
            self.ends.pop()
            self.depth -= 1
        return tuple(statements)

    def parse_local_vars(self) -> None:
        start_pos = self.pos
        tok = self.tok
        try:
            decl = self.parse_var_decl((), local=True)
        except ParseAbort:
            self.synchronize(start_pos)
            return
        if self.method_has_statements or len(self.ends) != self.method_block_depth:
            self.diags.append(diag.error(diag.LOCAL_VARS_AFTER_STATEMENTS, tok.line, tok.col))
        assert self.local_vars is not None
        self.local_vars.append(decl)

    def parse_statement(self) -> A.Stmt | None:
        start_pos = self.pos
        tok = self.tok
        try:
            if tok.kind == KEYWORD:
                handler = self._STATEMENTS.get(tok.key)
                if handler is None:
                    raise self.fail(diag.EXPECTED_STATEMENT)
                return handler(self)
            if tok.kind == IDENT:
                return self.parse_assign_or_call()
            if tok.kind == OP and tok.key == "~":
                return self.parse_label()
            raise self.fail(diag.EXPECTED_STATEMENT)
        except ParseAbort:
            self.synchronize(start_pos)
            if self.pos == start_pos:
                self.advance()
            return None

    def _end(self, start: Token) -> dict[str, int]:
        return {"line": start.line, "col": start.col, "end_line": self.last.end_line}

    def parse_assign_or_call(self) -> A.Stmt:
        start = self.tok
        if start.key in CONTEXTUAL_AWAIT and self.in_async:
            call = self.parse_expression()
            return A.CallStmt(call, **self._end(start))
        target = self.parse_postfix(self.parse_primary())
        if self.at_op("="):
            self.advance()
            value = self.parse_expression()
            if not isinstance(target, (A.Name, A.Member, A.Index)):
                self.diags.append(diag.error(diag.BAD_ASSIGN_TARGET, start.line, start.col))
            return A.Assign(target, value, **self._end(start))
        if isinstance(target, (A.Call, A.MethodCall)):
            return A.CallStmt(target, **self._end(start))
        raise self.fail(diag.expected_symbol("="))

    def parse_label(self) -> A.Stmt:
        start = self.tok
        self.advance()
        name = self.expect_ident()
        self.expect_op(":")
        return A.Label(name.text, **self._end(start))

    def expect_end(self, keyword: str) -> int:
        """Consume a block's closing keyword; report it missing (without consuming) otherwise."""
        if self.at_kw(keyword):
            line = self.tok.line
            self.advance()
            return line
        self.report(diag.expected_keyword(display(keyword)))
        return self.last.end_line

    def header(self, parse: Callable[[], A.Expr], until: str, start: Token) -> A.Expr:
        """Parse a statement header expression followed by `until` (Тогда/Цикл), recovering on
        errors so that the body is still parsed."""
        try:
            expr = parse()
        except ParseAbort:
            self.skip_header(until, self.last.line)
            return A.Const(None, "undefined", line=start.line, col=start.col)
        if self.at_kw(until):
            self.advance()
        else:
            self.report(diag.expected_word(display(until)))
            self.skip_header(until, self.last.line)
        return expr

    def parse_if(self) -> A.Stmt:
        start = self.tok
        branches: list[A.CondBranch] = []
        arm = start
        while True:
            self.advance()  # Если / ИначеЕсли
            cond = self.header(self.parse_expression, "тогда", arm)
            body = self.parse_block(_IF_ENDS)
            branches.append(A.CondBranch(cond, body, line=arm.line, col=arm.col))
            if not self.at_kw("иначеесли"):
                break
            arm = self.tok
        else_body: A.Body | None = None
        else_line: int | None = None
        if self.at_kw("иначе"):
            else_line = self.tok.line
            self.advance()
            else_body = self.parse_block(frozenset({"конецесли"}))
        end_line = self.expect_end("конецесли")
        return A.If(tuple(branches), else_body, else_line, line=start.line, col=start.col,
                    end_line=end_line)

    def parse_while(self) -> A.Stmt:
        start = self.tok
        self.advance()
        cond = self.header(self.parse_expression, "цикл", start)
        body = self.parse_block(_LOOP_ENDS)
        end_line = self.expect_end("конеццикла")
        return A.While(cond, body, line=start.line, col=start.col, end_line=end_line)

    def parse_for(self) -> A.Stmt:
        start = self.tok
        self.advance()
        if self.at_kw("каждого"):
            self.advance()
            parts: list[object] = []

            def each_header() -> A.Expr:
                parts.append(self.expect_ident().text)
                self.expect_kw("из")
                return self.parse_expression()

            iterable = self.header(each_header, "цикл", start)
            body = self.parse_block(_LOOP_ENDS)
            end_line = self.expect_end("конеццикла")
            var = str(parts[0]) if parts else ""
            return A.ForEach(var, iterable, body, line=start.line, col=start.col, end_line=end_line)
        bounds: list[object] = []

        def range_header() -> A.Expr:
            bounds.append(self.expect_ident().text)
            self.expect_op("=")
            bounds.append(self.parse_expression())
            self.expect_kw("по")
            return self.parse_expression()

        end_expr = self.header(range_header, "цикл", start)
        body = self.parse_block(_LOOP_ENDS)
        end_line = self.expect_end("конеццикла")
        placeholder = A.Const(None, "undefined", line=start.line, col=start.col)
        var = str(bounds[0]) if bounds else ""
        first = bounds[1] if len(bounds) > 1 else placeholder
        assert isinstance(first, A.Expr)
        return A.ForRange(var, first, end_expr, body, line=start.line, col=start.col,
                          end_line=end_line)

    def parse_try(self) -> A.Stmt:
        start = self.tok
        self.advance()
        body = self.parse_block(_TRY_ENDS)
        handler: A.Body = ()
        handler_line = self.tok.line
        if self.at_kw("исключение"):
            self.advance()
            handler = self.parse_block(_HANDLER_ENDS)
        else:
            self.report(diag.expected_keyword(display("исключение")))
        end_line = self.expect_end("конецпопытки")
        return A.Try(body, handler, handler_line, line=start.line, col=start.col, end_line=end_line)

    def parse_return(self) -> A.Stmt:
        start = self.tok
        self.advance()
        value = None if self.at_statement_end() else self.parse_expression()
        return A.Return(value, **self._end(start))

    def parse_break(self) -> A.Stmt:
        start = self.tok
        self.advance()
        return A.Break(**self._end(start))

    def parse_continue(self) -> A.Stmt:
        start = self.tok
        self.advance()
        return A.Continue(**self._end(start))

    def parse_raise(self) -> A.Stmt:
        start = self.tok
        self.advance()
        if self.at_statement_end():
            return A.Raise(None, (), **self._end(start))
        if self.at_op("(") and self._is_call_form():
            args = self.parse_args()
            message = args[0] if args else None
            return A.Raise(message, args[1:], **self._end(start))
        return A.Raise(self.parse_expression(), (), **self._end(start))

    def _is_call_form(self) -> bool:
        """`ВызватьИсключение(А, Б, …);` with a top-level comma and nothing after `)`."""
        depth = 0
        comma = False
        index = self.pos
        toks = self.toks
        while index < len(toks):
            tok = toks[index]
            if tok.kind == EOF:
                return False
            if tok.kind == OP:
                if tok.key in ("(", "["):
                    depth += 1
                elif tok.key in (")", "]"):
                    depth -= 1
                    if depth == 0:
                        after = toks[index + 1]
                        return comma and (
                            after.kind == EOF or (after.kind == OP and after.key == ";")
                            or (after.kind == KEYWORD and after.key in BLOCK_END)
                        )
                elif tok.key == "," and depth == 1:
                    comma = True
                elif tok.key == ";":
                    return False
            index += 1
        return False

    def parse_goto(self) -> A.Stmt:
        start = self.tok
        self.advance()
        self.expect_op("~")
        label = self.expect_ident()
        return A.Goto(label.text, **self._end(start))

    def parse_execute(self) -> A.Stmt:
        start = self.tok
        self.advance()
        return A.Execute(self.parse_expression(), **self._end(start))

    def parse_handler(self) -> A.Stmt:
        start = self.tok
        self.advance()
        event = self.parse_expression()
        self.expect_op(",")
        handler = self.parse_expression()
        remove = start.key == "удалитьобработчик"
        return A.AddHandler(event, handler, remove, **self._end(start))

    _STATEMENTS: ClassVar[dict[str, Callable[[Parser], A.Stmt]]] = {}


Parser._STATEMENTS = {
    "если": Parser.parse_if,
    "пока": Parser.parse_while,
    "для": Parser.parse_for,
    "попытка": Parser.parse_try,
    "возврат": Parser.parse_return,
    "прервать": Parser.parse_break,
    "продолжить": Parser.parse_continue,
    "вызватьисключение": Parser.parse_raise,
    "перейти": Parser.parse_goto,
    "выполнить": Parser.parse_execute,
    "добавитьобработчик": Parser.parse_handler,
    "удалитьобработчик": Parser.parse_handler,
}


# ---------------------------------------------------------------------------------------------------
# Public API


def source_tokens(text: str, defines: Iterable[str] | None, diagnostics: list[Diagnostic]) -> list[Token]:
    return _preprocessed(text, defines, diagnostics).tokens


def _preprocessed(
    text: str, defines: Iterable[str] | None, diagnostics: list[Diagnostic], onescript: bool = False
) -> PreprocessResult:
    lexed = tokenize(text)
    diagnostics.extend(lexed.diagnostics)
    processed = preprocess(lexed.tokens, normalize_defines(defines), onescript=onescript)
    diagnostics.extend(processed.diagnostics)
    return processed


def _sorted(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    return sorted(diagnostics, key=Diagnostic.sort_key)


def parse_module(
    text: str, filename: str = "<module>", defines: Iterable[str] | None = None, *, onescript: bool = False
) -> ParseResult:
    """Parse a whole module. `defines` are the true preprocessor symbols (default: the server
    context, Сервер and НаСервере); `onescript` reads a OneScript script (`#native`, annotations
    on parameters). Never raises."""
    diagnostics: list[Diagnostic] = []
    processed = _preprocessed(text, defines, diagnostics, onescript)
    parser = Parser(processed.tokens, diagnostics, onescript=onescript)
    try:
        module = parser.parse_module(filename)
    except RecursionError:  # the caller's own stack was already deep
        diagnostics.append(diag.stack_exhausted())
        module = A.Module(filename=filename, line=1, col=1)
    return ParseResult(module, _sorted(diagnostics), filename, processed.uses)


def parse_module_variants(
    text: str, filename: str, define_sets: Sequence[frozenset[str]]
) -> list[ParseResult]:
    """The module parsed once per set of preprocessor symbols (one per compile context), lexing
    once and parsing again only where `#Если` leaves a different token stream; contexts with the
    same stream share one ParseResult."""
    lexed = tokenize(text)
    by_stream: dict[tuple[int, ...], ParseResult] = {}
    results: list[ParseResult] = []
    for defines in define_sets:
        processed = preprocess(lexed.tokens, defines)
        key = tuple(map(id, processed.tokens)) if processed.tokens is not lexed.tokens else ()
        result = by_stream.get(key)
        if result is None:
            diagnostics = [*lexed.diagnostics, *processed.diagnostics]
            parser = Parser(processed.tokens, diagnostics)
            try:
                module = parser.parse_module(filename)
            except RecursionError:
                diagnostics.append(diag.stack_exhausted())
                module = A.Module(filename=filename, line=1, col=1)
            result = by_stream[key] = ParseResult(module, _sorted(diagnostics), filename)
        results.append(result)
    return results


def parse_expression(text: str) -> ExpressionResult:
    """Parse the text of one expression (what Вычислить receives). Never raises."""
    diagnostics: list[Diagnostic] = []
    tokens = source_tokens(text, None, diagnostics)
    parser = Parser(tokens, diagnostics)
    expression: A.Expr | None = None
    try:
        expression = parser.parse_expression()
        if parser.tok.kind != EOF:
            parser.report(diag.unexpected_token(parser.tok.text))
    except ParseAbort:
        expression = None
    except RecursionError:
        diagnostics.append(diag.stack_exhausted())
    if diagnostics:
        expression = None
    return ExpressionResult(expression, _sorted(diagnostics))


def parse_statements(text: str) -> StatementsResult:
    """Parse a statement sequence (what Выполнить receives). Never raises."""
    diagnostics: list[Diagnostic] = []
    tokens = source_tokens(text, None, diagnostics)
    parser = Parser(tokens, diagnostics)
    body: A.Body = ()
    try:
        body = parser.parse_block(frozenset())
        while parser.tok.kind != EOF:  # Перем, methods or annotations are not statements here
            parser.report(diag.EXPECTED_STATEMENT)
            parser.advance()
            body += parser.parse_block(frozenset())
    except RecursionError:
        diagnostics.append(diag.stack_exhausted())
    return StatementsResult(body, _sorted(diagnostics))


__all__ = [
    "ExpressionResult", "ParseResult", "Parser", "StatementsResult", "parse_expression",
    "parse_module", "parse_statements",
]

