"""Recursive-descent parser: query text -> Batch (ast.py). Syntax errors are QueryError with 1C's
"Синтаксическая ошибка" wording and the position of the offending token.

Operator precedence, lowest first: ИЛИ; И; НЕ; comparisons (= <> < > <= >=, [НЕ] В [ИЕРАРХИИ],
[НЕ] МЕЖДУ … И …, [НЕ] ПОДОБНО … [СПЕЦСИМВОЛ …], ЕСТЬ [НЕ] NULL, [НЕ] ССЫЛКА …); + -; * /; unary -.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import TypeVar

from prism_desktop.platform.query import ast as A
from prism_desktop.platform.query.errors import QueryError, syntax_error
from prism_desktop.platform.query.keywords import REFS_WORDS, kw
from prism_desktop.platform.query.lexer import EOF, NUMBER, OP, PARAM, STRING, WORD, Token, tokenize

T = TypeVar("T")
_COMPARISONS = ("=", "<>", "<", ">", "<=", ">=")
_JOIN_KINDS = {"LEFT": "LEFT", "RIGHT": "RIGHT", "FULL": "FULL", "INNER": "INNER"}


def parse_query(text: str) -> A.Batch:
    """Parse a batch of `;`-separated queries; QueryError (positioned, quoting the line) on error."""
    try:
        return _Parser(tokenize(text)).batch()
    except QueryError as exc:
        raise exc.with_text(text) from None


class _Parser:
    def __init__(self, tokens: list[Token]):
        self.tokens = tokens
        self.i = 0

    # --- token helpers -----------------------------------------------------------------------
    @property
    def tok(self) -> Token:
        return self.tokens[self.i]

    def peek(self, offset: int = 1) -> Token:
        return self.tokens[min(self.i + offset, len(self.tokens) - 1)]

    def advance(self) -> Token:
        tok = self.tokens[self.i]
        if tok.kind != EOF:
            self.i += 1
        return tok

    def is_kw(self, name: str, tok: Token | None = None) -> bool:
        t = tok or self.tok
        return t.kind == WORD and kw(t.key) == name

    def accept_kw(self, name: str) -> bool:
        if self.is_kw(name):
            self.advance()
            return True
        return False

    def expect_kw(self, name: str) -> Token:
        if not self.is_kw(name):
            raise self.error()
        return self.advance()

    def is_op(self, op: str, tok: Token | None = None) -> bool:
        t = tok or self.tok
        return t.kind == OP and t.text == op

    def accept_op(self, op: str) -> bool:
        if self.is_op(op):
            self.advance()
            return True
        return False

    def expect_op(self, op: str) -> Token:
        if not self.is_op(op):
            raise self.error()
        return self.advance()

    def error(self, tok: Token | None = None) -> QueryError:
        t = tok or self.tok
        return syntax_error(t.pos, t.text if t.kind != EOF else None)

    def name(self) -> Token:
        """An identifier: a word that is not a reserved keyword."""
        if self.tok.kind != WORD or kw(self.tok.key) is not None:
            raise self.error()
        return self.advance()

    def member_name(self) -> Token:
        """A name after a dot: any word (Т.Ссылка, Т.Порядок, Перечисление.Виды.Все)."""
        if self.tok.kind != WORD:
            raise self.error()
        return self.advance()

    # --- batch -------------------------------------------------------------------------------
    def batch(self) -> A.Batch:
        statements: list[A.Statement] = []
        while True:
            while self.accept_op(";"):
                pass
            if self.tok.kind == EOF:
                break
            statements.append(self.statement())
            if self.tok.kind != EOF and not self.is_op(";"):
                raise self.error()
        if not statements:
            raise QueryError("Текст запроса не задан")
        return A.Batch(statements)

    def statement(self) -> A.Statement:
        if self.is_kw("DROP"):
            pos = self.advance().pos
            return A.DropTable(self.name().text, pos)
        return self.union_query()

    def union_query(self) -> A.SelectQuery:
        head = self.select_core()
        while self.is_kw("UNION"):
            self.advance()
            all_rows = self.accept_kw("ALL")
            head.unions.append((all_rows, self.select_core()))
        if self.is_kw("ORDER"):
            self.advance()
            self.expect_kw("BY")
            head.order_by = self.comma_list(self.order_item)
        self.accept_kw("AUTOORDER")
        if self.is_kw("TOTALS"):
            head.totals = self.totals()
        if self.is_kw("INDEX"):
            self.advance()
            self.expect_kw("BY")
            head.index_by = self.comma_list(self.expression)
        return head

    def select_core(self) -> A.SelectQuery:
        pos = self.expect_kw("SELECT").pos
        query = A.SelectQuery(pos, [], [])
        query.allowed = self.accept_kw("ALLOWED")
        query.distinct = self.accept_kw("DISTINCT")
        if self.accept_kw("TOP"):
            if self.tok.kind != NUMBER or "." in self.tok.text:
                raise self.error()
            query.top = int(self.advance().text)
        query.distinct = query.distinct or self.accept_kw("DISTINCT")
        query.fields = self.comma_list(self.select_field)
        if self.is_kw("INTO"):
            self.advance()
            name = self.name()
            query.into, query.into_pos = name.text, name.pos
        if self.accept_kw("FROM"):
            query.sources = self.comma_list(self.from_item)
        if self.accept_kw("WHERE"):
            query.where = self.expression()
        if self.is_kw("GROUP"):
            self.advance()
            self.expect_kw("BY")
            query.group_by = self.comma_list(self.expression)
        if self.accept_kw("HAVING"):
            query.having = self.expression()
        if self.accept_kw("FOR"):
            self.expect_kw("UPDATE")
            if self.tok.kind == WORD and kw(self.tok.key) is None:
                self.comma_list(self.dotted_name)
        return query

    def comma_list(self, item: Callable[[], T]) -> list[T]:
        items = [item()]
        while self.accept_op(","):
            items.append(item())
        return items

    def dotted_name(self) -> str:
        parts = [self.name().text]
        while self.accept_op("."):
            parts.append(self.member_name().text)
        return ".".join(parts)

    def alias(self) -> str | None:
        if self.accept_kw("AS"):
            return self.name().text
        if self.tok.kind == WORD and kw(self.tok.key) is None:
            return self.advance().text
        return None

    def select_field(self) -> A.SelectField:
        pos = self.tok.pos
        if self.accept_op("*"):
            return A.SelectField(None, None, pos)
        if self.tok.kind == WORD and self.is_op(".", self.peek()) and self.is_op("*", self.peek(2)):
            alias = self.advance().text
            self.advance()
            self.advance()
            return A.SelectField(None, None, pos, star_alias=alias)
        expr = self.expression()
        if isinstance(expr, A.FieldPath) and self.is_op(".") and self.peek().kind == OP:
            expr = self.nested_table(expr)
        return A.SelectField(expr, self.alias(), pos)

    def nested_table(self, path: A.FieldPath) -> A.NestedTable:
        """`<path>.(Поле [КАК Имя], …)` or `<path>.*`: a nested table's fields (select list only)."""
        self.expect_op(".")
        if self.accept_op("*"):
            return A.NestedTable(path.pos, path)
        self.expect_op("(")
        fields = self.comma_list(self.nested_field)
        self.expect_op(")")
        return A.NestedTable(path.pos, path, fields)

    def nested_field(self) -> A.SelectField:
        pos = self.tok.pos
        expr = self.expression()
        return A.SelectField(expr, self.alias(), pos)

    def order_item(self) -> A.OrderItem:
        pos = self.tok.pos
        expr = self.expression()
        descending = False
        if self.accept_kw("DESC"):
            descending = True
        else:
            self.accept_kw("ASC")
        self.accept_kw("HIERARCHY")
        return A.OrderItem(expr, descending, pos)

    def totals(self) -> A.TotalsSpec:
        pos = self.expect_kw("TOTALS").pos
        aggregates: list[A.SelectField] = []
        if not self.is_kw("BY"):
            aggregates = self.comma_list(self.select_field)
        groupings: list[tuple[A.Expr, str | None]] = []
        hierarchy: dict[int, bool] = {}
        overall = False
        if self.accept_kw("BY"):
            while True:
                if self.accept_kw("OVERALL"):
                    overall = True
                else:
                    expr = self.expression()
                    if self.accept_kw("ONLY"):
                        self.expect_kw("HIERARCHY_ONLY")
                        hierarchy[len(groupings)] = True
                    elif self.accept_kw("HIERARCHY_ONLY"):
                        hierarchy[len(groupings)] = False
                    groupings.append((expr, self.alias()))
                if not self.accept_op(","):
                    break
        else:
            overall = True
        return A.TotalsSpec(aggregates, overall, groupings, pos, hierarchy)

    # --- ИЗ -----------------------------------------------------------------------------------
    def from_item(self) -> A.FromItem:
        item = A.FromItem(self.source())
        while True:
            pos = self.tok.pos
            kind = None
            if self.tok.kind == WORD and kw(self.tok.key) in _JOIN_KINDS:
                kind = _JOIN_KINDS[kw(self.advance().key) or ""]
                self.accept_kw("OUTER")
            elif self.is_kw("JOIN"):
                kind = "INNER"
            if kind is None:
                break
            self.expect_kw("JOIN")
            source = self.source()
            self.expect_kw("BY")
            item.joins.append(A.Join(kind, source, self.expression(), pos))
        return item

    def source(self) -> A.TableSource | A.SubquerySource:
        pos = self.tok.pos
        if self.is_op("("):
            self.advance()
            if not self.is_kw("SELECT"):
                raise self.error()
            query = self.union_query()
            self.expect_op(")")
            return A.SubquerySource(query, self.alias(), pos)
        if self.tok.kind == PARAM:
            return A.TableSource(["&" + self.advance().text], None, self.alias(), pos)
        parts = [self.name().text]
        while self.accept_op("."):
            parts.append(self.member_name().text)
        params: list[A.Expr | None] | None = None
        if self.accept_op("("):
            params = []
            while True:
                if self.is_op(",") or self.is_op(")"):
                    params.append(None)
                else:
                    params.append(self.expression())
                if not self.accept_op(","):
                    break
            self.expect_op(")")
        return A.TableSource(parts, params, self.alias(), pos)

    # --- expressions --------------------------------------------------------------------------
    def expression(self) -> A.Expr:
        left = self.and_expr()
        while self.is_kw("OR"):
            pos = self.advance().pos
            left = A.Binary(pos, "OR", left, self.and_expr())
        return left

    def and_expr(self) -> A.Expr:
        left = self.not_expr()
        while self.is_kw("AND"):
            pos = self.advance().pos
            left = A.Binary(pos, "AND", left, self.not_expr())
        return left

    def not_expr(self) -> A.Expr:
        if self.is_kw("NOT"):
            pos = self.advance().pos
            return A.Unary(pos, "NOT", self.not_expr())
        return self.comparison()

    def comparison(self) -> A.Expr:
        left = self.additive()
        tok = self.tok
        if tok.kind == OP and tok.text in _COMPARISONS:
            self.advance()
            return A.Binary(tok.pos, tok.text, left, self.additive())
        negated = False
        if (
            self.is_kw("NOT")
            and self.peek().kind == WORD
            and (kw(self.peek().key) in ("IN", "BETWEEN", "LIKE") or self.peek().key in REFS_WORDS)
        ):
            self.advance()
            negated = True
        tok = self.tok
        if self.accept_kw("IN"):
            return self.in_list(left, negated, tok)
        if self.accept_kw("BETWEEN"):
            low = self.additive()
            self.expect_kw("AND")
            return A.Between(tok.pos, left, low, self.additive(), negated)
        if self.accept_kw("LIKE"):
            pattern = self.additive()
            escape = self.additive() if self.accept_kw("ESCAPE") else None
            return A.Like(tok.pos, left, pattern, escape, negated)
        if tok.kind == WORD and tok.key in REFS_WORDS:
            self.advance()
            return A.Refs(tok.pos, left, self.dotted_name(), negated)
        if negated:
            raise self.error()
        if self.accept_kw("IS"):
            is_negated = self.accept_kw("NOT")
            self.expect_kw("NULL")
            return A.IsNull(tok.pos, left, is_negated)
        return left

    def in_list(self, left: A.Expr, negated: bool, tok: Token) -> A.Expr:
        hierarchy = self.accept_kw("HIERARCHY")
        operands = left.items if isinstance(left, A.TupleExpr) else [left]
        self.expect_op("(")
        if self.is_kw("SELECT"):
            query = self.union_query()
            self.expect_op(")")
            return A.InList(tok.pos, operands, [], query, hierarchy, negated)
        values = self.comma_list(self.expression)
        self.expect_op(")")
        return A.InList(tok.pos, operands, values, None, hierarchy, negated)

    def additive(self) -> A.Expr:
        left = self.multiplicative()
        while self.tok.kind == OP and self.tok.text in ("+", "-"):
            tok = self.advance()
            left = A.Binary(tok.pos, tok.text, left, self.multiplicative())
        return left

    def multiplicative(self) -> A.Expr:
        left = self.unary()
        while self.tok.kind == OP and self.tok.text in ("*", "/"):
            tok = self.advance()
            left = A.Binary(tok.pos, tok.text, left, self.unary())
        return left

    def unary(self) -> A.Expr:
        if self.is_op("-"):
            pos = self.advance().pos
            return A.Unary(pos, "-", self.unary())
        if self.is_op("+"):
            self.advance()
        return self.primary()

    def primary(self) -> A.Expr:
        tok = self.tok
        if tok.kind == NUMBER:
            self.advance()
            return A.Literal(tok.pos, Decimal(tok.text) if "." in tok.text else int(tok.text))
        if tok.kind == STRING:
            self.advance()
            return A.Literal(tok.pos, tok.text)
        if tok.kind == PARAM:
            self.advance()
            return A.Param(tok.pos, tok.text)
        if self.is_op("("):
            return self.parenthesized()
        if tok.kind != WORD:
            raise self.error()
        word = kw(tok.key)
        if word in ("TRUE", "FALSE"):
            self.advance()
            return A.Literal(tok.pos, word == "TRUE")
        if word == "UNDEFINED":
            self.advance()
            return A.Literal(tok.pos, None)
        if word == "NULL":
            self.advance()
            return A.Literal(tok.pos, None, is_null=True)
        if word == "CASE":
            return self.case()
        if word is not None:
            raise self.error()
        if self.is_op("(", self.peek()):
            return self.call()
        parts = [self.advance().text]
        while self.is_op(".") and self.peek().kind == WORD:
            self.advance()
            parts.append(self.advance().text)
        return A.FieldPath(tok.pos, parts)

    def parenthesized(self) -> A.Expr:
        # 1C has no nested query as a value (only `В (ВЫБРАТЬ …)` and ИЗ): `(ВЫБРАТЬ` is a syntax error
        pos = self.expect_op("(").pos
        first = self.expression()
        if self.is_op(","):
            items = [first]
            while self.accept_op(","):
                items.append(self.expression())
            self.expect_op(")")
            return A.TupleExpr(pos, items)
        self.expect_op(")")
        return first

    def case(self) -> A.Expr:
        pos = self.expect_kw("CASE").pos
        operand = None if self.is_kw("WHEN") else self.expression()
        whens: list[tuple[A.Expr, A.Expr]] = []
        while self.accept_kw("WHEN"):
            cond = self.expression()
            self.expect_kw("THEN")
            whens.append((cond, self.expression()))
        if not whens:
            raise self.error()
        otherwise = self.expression() if self.accept_kw("ELSE") else None
        self.expect_kw("END")
        return A.Case(pos, operand, whens, otherwise)

    def call(self) -> A.Expr:
        name_tok = self.advance()
        key = name_tok.key
        self.expect_op("(")
        if key in ("выразить", "cast"):
            operand = self.expression()
            self.expect_kw("AS")
            type_name = self.dotted_name()
            qualifiers: list[int] = []
            if self.accept_op("("):
                qualifiers = self.comma_list(self.integer)
                self.expect_op(")")
            self.expect_op(")")
            return A.Cast(name_tok.pos, operand, type_name, qualifiers)
        if key in ("значение", "value"):
            path = self.dotted_name()
            self.expect_op(")")
            return A.ValueOf(name_tok.pos, path)
        if key in ("тип", "type"):
            type_name = self.dotted_name()
            self.expect_op(")")
            return A.TypeOf(name_tok.pos, type_name)
        call = A.Call(name_tok.pos, name_tok.text, [])
        if self.accept_op(")"):
            return call
        if self.is_op("*"):
            self.advance()
            call.star = True
            self.expect_op(")")
            return call
        call.distinct = self.accept_kw("DISTINCT")
        if not call.distinct:
            self.accept_kw("ALL")
        call.args = self.comma_list(self.expression)
        self.expect_op(")")
        return call

    def integer(self) -> int:
        if self.tok.kind != NUMBER or "." in self.tok.text:
            raise self.error()
        return int(self.advance().text)
