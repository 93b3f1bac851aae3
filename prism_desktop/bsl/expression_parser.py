"""Expressions of BSL by precedence climbing: ИЛИ < И < НЕ < comparisons < + - < * / % < unary
- +, then operands: literals, names, calls, `Новый`, `?(…)`, parentheses, and their chains of
member accesses, method calls and indexers."""

from __future__ import annotations

from prism_desktop.bsl import ast as A
from prism_desktop.bsl import diagnostics as diag
from prism_desktop.bsl.lexer import EMPTY_DATE
from prism_desktop.bsl.token_cursor import TokenCursor
from prism_desktop.bsl.tokens import CONTEXTUAL_AWAIT, DATE, IDENT, KEYWORD, NUMBER, OP, STRING
from prism_desktop.bsl.values.base import NULL

# Binary operators by token key: (precedence, normalised op). НЕ (prefix) sits between И and
# the comparisons; unary minus/plus bind tighter than every binary operator.
_BINARY: dict[str, tuple[int, str]] = {
    "или": (1, "or"), "и": (2, "and"),
    "=": (4, "="), "<>": (4, "<>"), "<": (4, "<"), ">": (4, ">"), "<=": (4, "<="), ">=": (4, ">="),
    "+": (5, "+"), "-": (5, "-"), "*": (6, "*"), "/": (6, "/"), "%": (6, "%"),
}
_NOT_OPERAND_PRECEDENCE = 4  # `НЕ А = Б` is НЕ (А = Б); `НЕ А И Б` is (НЕ А) И Б
LITERAL_KEYWORDS: dict[str, tuple[object, A.ConstKind]] = {
    "истина": (True, "boolean"), "ложь": (False, "boolean"),
    "неопределено": (None, "undefined"),
}
MAX_CHAIN = 200  # binary operators, or member accesses/calls/indexers, in one chain (bounds tree depth)


class ExpressionParser(TokenCursor):
    def parse_expression(self, min_precedence: int = 1) -> A.Expr:
        self.enter()
        try:
            left = self.parse_operand()
            binary = _BINARY
            chain = 0
            while True:
                tok = self.tok
                info = binary.get(tok.key) if tok.kind in (OP, KEYWORD) else None
                if info is None or info[0] < min_precedence:
                    return left
                chain += 1
                if chain > MAX_CHAIN:
                    raise self.fail(diag.TOO_LONG)
                self.advance()
                right = self.parse_expression(info[0] + 1)
                left = A.Binary(info[1], left, right, line=left.line, col=left.col)
        finally:
            self.depth -= 1

    def parse_operand(self) -> A.Expr:
        tok = self.tok
        if tok.kind == KEYWORD and tok.key == "не":
            self.advance()
            operand = self.parse_expression(_NOT_OPERAND_PRECEDENCE)
            return A.Unary("not", operand, line=tok.line, col=tok.col)
        if tok.kind == OP and tok.key in ("-", "+"):
            self.advance()
            self.enter()
            try:
                operand = self.parse_operand()
            finally:
                self.depth -= 1
            if tok.key == "-" and isinstance(operand, A.Const) and operand.kind == "number":
                return A.Const(-operand.value, "number", line=tok.line, col=tok.col)  # type: ignore[operator]
            return A.Unary(tok.key, operand, line=tok.line, col=tok.col)
        if tok.kind == IDENT and tok.key in CONTEXTUAL_AWAIT and self.in_async and self._await_follows():
            self.advance()
            return A.Await(self.parse_operand(), line=tok.line, col=tok.col)
        return self.parse_postfix(self.parse_primary())

    def _await_follows(self) -> bool:
        nxt = self.peek()
        return nxt.kind in (IDENT, NUMBER, STRING, DATE) or (
            nxt.kind == KEYWORD and nxt.key in ("новый", "истина", "ложь", "неопределено", "null")
        ) or (nxt.kind == OP and nxt.key in ("(", "?"))

    def parse_primary(self) -> A.Expr:
        tok = self.tok
        kind = tok.kind
        if kind == IDENT:
            self.advance()
            if self.tok.kind == OP and self.tok.key == "(":
                return A.Call(tok.text, self.parse_args(), line=tok.line, col=tok.col)
            return A.Name(tok.text, line=tok.line, col=tok.col)
        if kind == NUMBER:
            self.advance()
            return A.Const(tok.value, "number", line=tok.line, col=tok.col)
        if kind == STRING:
            parts = [str(tok.value)]
            self.advance()
            while self.tok.kind == STRING:  # adjacent literals form one string
                parts.append(str(self.tok.value))
                self.advance()
            return A.Const("".join(parts), "string", line=tok.line, col=tok.col)
        if kind == DATE:
            self.advance()
            value = tok.value if tok.value is not None else EMPTY_DATE
            return A.Const(value, "date", line=tok.line, col=tok.col)
        if kind == KEYWORD:
            literal = LITERAL_KEYWORDS.get(tok.key)
            if literal is not None:
                self.advance()
                return A.Const(literal[0], literal[1], line=tok.line, col=tok.col)
            if tok.key == "null":
                self.advance()
                return A.Const(NULL, "null", line=tok.line, col=tok.col)
            if tok.key == "новый":
                return self.parse_new()
        elif kind == OP:
            if tok.key == "(":
                self.advance()
                inner = self.parse_expression()
                self.expect_op(")")
                return inner
            if tok.key == "?":
                return self.parse_ternary()
        raise self.fail(diag.EXPECTED_EXPRESSION)

    def parse_postfix(self, expr: A.Expr) -> A.Expr:
        chain = 0
        while self.tok.kind == OP:
            key = self.tok.key
            chain += 1
            if chain > MAX_CHAIN and key in (".", "["):
                raise self.fail(diag.TOO_LONG)
            if key == ".":
                self.advance()
                name = self.tok
                if name.kind not in (IDENT, KEYWORD):  # keywords are valid member names: .Выполнить()
                    raise self.fail(diag.EXPECTED_IDENTIFIER)
                self.advance()
                if self.tok.kind == OP and self.tok.key == "(":
                    expr = A.MethodCall(expr, name.text, self.parse_args(), line=expr.line, col=expr.col)
                else:
                    expr = A.Member(expr, name.text, line=expr.line, col=expr.col)
            elif key == "[":
                self.advance()
                index = self.parse_expression()
                self.expect_op("]")
                expr = A.Index(expr, index, line=expr.line, col=expr.col)
            else:
                break
        return expr

    def parse_args(self) -> A.Args:
        """`( [арг] {, [арг]} )`; an omitted argument is None."""
        self.expect_op("(")
        if self.at_op(")"):
            self.advance()
            return ()
        args: list[A.Expr | None] = []
        while True:
            if self.at_op(",") or self.at_op(")"):
                args.append(None)
            else:
                args.append(self.parse_expression())
            if self.at_op(","):
                self.advance()
                continue
            self.expect_op(")")
            return tuple(args)

    def parse_new(self) -> A.Expr:
        start = self.tok
        self.advance()
        if self.at_op("("):
            args = self.parse_args()
            if not args or args[0] is None:
                raise self.fail(diag.EXPECTED_EXPRESSION, self.last)
            return A.New(None, args[1:], args[0], line=start.line, col=start.col)
        type_tok = self.expect_ident()
        args = self.parse_args() if self.at_op("(") else ()
        return A.New(type_tok.text, args, None, line=start.line, col=start.col)

    def parse_ternary(self) -> A.Expr:
        start = self.tok
        self.advance()
        self.expect_op("(")
        cond = self.parse_expression()
        self.expect_op(",")
        then = self.parse_expression()
        self.expect_op(",")
        otherwise = self.parse_expression()
        self.expect_op(")")
        return A.Ternary(cond, then, otherwise, line=start.line, col=start.col)
