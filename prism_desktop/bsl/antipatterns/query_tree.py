"""Walking the query syntax tree (platform/query/ast.py) for the static checks.

Vocabulary: a *core* is one `ВЫБРАТЬ … ИЗ … ГДЕ …` block; a *head* is the first core of a union
chain and also owns the chain's УПОРЯДОЧИТЬ ПО / ИТОГИ / ИНДЕКСИРОВАТЬ. Nested queries (in ИЗ, in
В (ВЫБРАТЬ …), in expressions) are heads of their own chains."""

from __future__ import annotations

from collections.abc import Iterator

from prism_desktop.platform.query import ast as Q

Source = Q.TableSource | Q.SubquerySource


def cores(head: Q.SelectQuery) -> list[Q.SelectQuery]:
    return [head, *(member for _, member in head.unions)]


def sources(core: Q.SelectQuery) -> Iterator[Source]:
    """The sources of a core's ИЗ, joined ones included (not those of nested queries)."""
    for item in core.sources:
        yield item.source
        for join in item.joins:
            yield join.source


def core_expressions(core: Q.SelectQuery) -> Iterator[Q.Expr]:
    """The expressions of one core: fields, virtual table parameters, join conditions, ГДЕ,
    СГРУППИРОВАТЬ, ИМЕЮЩИЕ."""
    yield from (f.expr for f in core.fields if f.expr is not None)
    for source in sources(core):
        if isinstance(source, Q.TableSource) and source.params:
            yield from (p for p in source.params if p is not None)
    for item in core.sources:
        yield from (join.on for join in item.joins)
    if core.where is not None:
        yield core.where
    yield from core.group_by
    if core.having is not None:
        yield core.having


def head_expressions(head: Q.SelectQuery) -> Iterator[Q.Expr]:
    """What the head of a chain owns besides its core: УПОРЯДОЧИТЬ ПО, ИТОГИ, ИНДЕКСИРОВАТЬ ПО."""
    yield from (item.expr for item in head.order_by)
    if head.totals is not None:
        yield from (f.expr for f in head.totals.aggregates if f.expr is not None)
        yield from (expr for expr, _ in head.totals.groupings)
    yield from head.index_by


def child_expressions(expr: Q.Expr) -> list[Q.Expr]:
    """Direct sub-expressions, not entering nested queries."""
    if isinstance(expr, Q.Unary):
        return [expr.operand]
    if isinstance(expr, Q.Binary):
        return [expr.left, expr.right]
    if isinstance(expr, Q.InList):
        return [*expr.operands, *expr.values]
    if isinstance(expr, Q.Between):
        return [expr.operand, expr.low, expr.high]
    if isinstance(expr, Q.Like):
        return [expr.operand, expr.pattern] + ([expr.escape] if expr.escape is not None else [])
    if isinstance(expr, Q.IsNull | Q.Refs | Q.Cast):
        return [expr.operand]
    if isinstance(expr, Q.Case):
        children = [] if expr.operand is None else [expr.operand]
        for when, then in expr.whens:
            children += [when, then]
        return children + ([expr.otherwise] if expr.otherwise is not None else [])
    if isinstance(expr, Q.Call):
        return list(expr.args)
    if isinstance(expr, Q.TupleExpr):
        return list(expr.items)
    return []


def walk(expr: Q.Expr) -> Iterator[Q.Expr]:
    """The expression and all its sub-expressions, pre-order, not entering nested queries."""
    stack = [expr]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(child_expressions(node)))


def expression_subqueries(expr: Q.Expr) -> Iterator[Q.SelectQuery]:
    """Heads of the queries nested directly in an expression."""
    for node in walk(expr):
        if isinstance(node, Q.InList) and node.subquery is not None:
            yield node.subquery


def nested_heads(core: Q.SelectQuery) -> Iterator[Q.SelectQuery]:
    """Heads of the queries nested directly in one core (in its sources and expressions)."""
    for source in sources(core):
        if isinstance(source, Q.SubquerySource):
            yield source.query
    for expr in core_expressions(core):
        yield from expression_subqueries(expr)


def all_heads(head: Q.SelectQuery) -> Iterator[Q.SelectQuery]:
    """The head and every head nested in its chain, at any depth."""
    yield head
    for core in cores(head):
        for nested in nested_heads(core):
            yield from all_heads(nested)
    for expr in head_expressions(head):
        for nested in expression_subqueries(expr):
            yield from all_heads(nested)


def all_cores(head: Q.SelectQuery) -> Iterator[Q.SelectQuery]:
    for each in all_heads(head):
        yield from cores(each)


def subtree_expressions(core: Q.SelectQuery) -> Iterator[Q.Expr]:
    """Every expression inside one core, those of nested queries included (not the head clauses
    of the core's own chain)."""
    for expr in core_expressions(core):
        yield from walk(expr)
    for nested in nested_heads(core):
        for each in all_heads(nested):
            for member in cores(each):
                for expr in core_expressions(member):
                    yield from walk(expr)
            for expr in head_expressions(each):
                yield from walk(expr)


def subtree_sources(core: Q.SelectQuery) -> Iterator[Source]:
    yield from sources(core)
    for nested in nested_heads(core):
        for member in all_cores(nested):
            yield from sources(member)
