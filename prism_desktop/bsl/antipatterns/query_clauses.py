"""Checks of query clauses:
- SelectTopWithoutOrderBy (BSL LS rule, default settings): ПЕРВЫЕ n with n > 1 in a query with no
  УПОРЯДОЧИТЬ ПО anywhere in it; ПЕРВЫЕ 1 (or 0) is an existence check and passes. In a part of a
  union ПЕРВЫЕ is reported whatever the ordering, except ПЕРВЫЕ 1 with its own ГДЕ.
- LogicalOrInTheWhereSectionOfQuery: ИЛИ in ГДЕ, one report per ИЛИ. BSL LS reports every ИЛИ and its
  documentation lists two cases as false positives; we leave those out: an ИЛИ whose every branch
  compares the same field (`Т.Поле = &А ИЛИ Т.Поле = &Б`, the same as В), and an ИЛИ forming an
  additional condition joined by И to a main condition without ИЛИ."""

from __future__ import annotations

from collections.abc import Iterator

from prism_desktop.bsl.antipatterns import codes
from prism_desktop.bsl.antipatterns.findings import QueryFinding
from prism_desktop.bsl.antipatterns.query_tree import all_cores, all_heads, child_expressions, cores
from prism_desktop.bsl.names import canonical
from prism_desktop.platform.query import ast as Q
from prism_desktop.platform.query.errors import Position
from prism_desktop.platform.query.keywords import kw
from prism_desktop.platform.query.lexer import WORD, Token


def top_findings(head: Q.SelectQuery, tokens: list[Token]) -> Iterator[QueryFinding]:
    for each in all_heads(head):
        if each.unions:
            for core in cores(each):
                if core.top is not None and not (core.top <= 1 and core.where is not None):
                    yield _top_finding(core, codes.top_in_union(core.top), tokens)
        elif each.top is not None and each.top > 1 and not any(h.order_by for h in all_heads(each)):
            yield _top_finding(each, codes.top_without_order_by(each.top), tokens)


def _top_finding(core: Q.SelectQuery, message: str, tokens: list[Token]) -> QueryFinding:
    return QueryFinding(codes.SELECT_TOP_WITHOUT_ORDER_BY, message, _top_position(core, tokens))


def _top_position(core: Q.SelectQuery, tokens: list[Token]) -> Position:
    """Where ПЕРВЫЕ is written: within the few words after ВЫБРАТЬ (РАЗРЕШЕННЫЕ, РАЗЛИЧНЫЕ)."""
    for index, token in enumerate(tokens):
        if token.pos == core.pos:
            for word in tokens[index + 1 : index + 4]:
                if word.kind == WORD and kw(word.key) == "TOP":
                    return word.pos
            break
    return core.pos


def logical_or_findings(head: Q.SelectQuery) -> Iterator[QueryFinding]:
    for core in all_cores(head):
        if core.where is None:
            continue
        conjuncts = _operands(core.where, "AND")
        has_main_condition = any(not _contains_or(c) for c in conjuncts)
        for conjunct in conjuncts:
            for top, ors, branches in _or_chains(conjunct):
                if _same_field(branches) or (top is conjunct and has_main_condition):
                    continue
                for node in ors:
                    yield QueryFinding(codes.LOGICAL_OR_IN_WHERE, codes.logical_or_in_where(), node.pos)


def _operands(expr: Q.Expr, op: str) -> list[Q.Expr]:
    """`a И (b И c)` → [a, b, c] for op "AND"."""
    return _split(expr, op)[0]


def _split(expr: Q.Expr, op: str) -> tuple[list[Q.Expr], list[Q.Binary]]:
    """The operands and the operator nodes of a chain of one operator. Iterative: a generated text
    may chain hundreds of conditions."""
    operands: list[Q.Expr] = []
    operators: list[Q.Binary] = []
    stack = [expr]
    while stack:
        node = stack.pop()
        if isinstance(node, Q.Binary) and node.op == op:
            operators.append(node)
            stack += [node.right, node.left]
        else:
            operands.append(node)
    return operands, operators


def _contains_or(expr: Q.Expr) -> bool:
    return next(_or_chains(expr), None) is not None


def _or_chains(expr: Q.Expr) -> Iterator[tuple[Q.Expr, list[Q.Binary], list[Q.Expr]]]:
    """Each maximal ИЛИ chain (its top node, its ИЛИ operators, its branches), not entering nested
    queries (they are checked as queries of their own)."""
    stack = [expr]
    while stack:
        node = stack.pop()
        if isinstance(node, Q.Binary) and node.op == "OR":
            branches, operators = _split(node, "OR")
            yield node, operators, branches
            stack.extend(branches)
        else:
            stack.extend(child_expressions(node))


def _same_field(branches: list[Q.Expr]) -> bool:
    common: set[tuple[str, ...]] | None = None
    for branch in branches:
        fields = _compared_fields(branch)
        common = fields if common is None else common & fields
        if not common:
            return False
    return True


def _compared_fields(expr: Q.Expr) -> set[tuple[str, ...]]:
    """The fields an equality or a В test compares: `Т.Поле = &А` → {т.поле}."""
    if isinstance(expr, Q.Binary) and expr.op == "=":
        candidates = [expr.left, expr.right]
    elif isinstance(expr, Q.InList) and not expr.negated and len(expr.operands) == 1:
        candidates = list(expr.operands)
    else:
        return set()
    return {tuple(canonical(p) for p in c.parts) for c in candidates if isinstance(c, Q.FieldPath)}
