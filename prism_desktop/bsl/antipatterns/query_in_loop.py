"""CreateQueryInCycle: the database is read on every iteration of a loop.

Reported, as BSL LS does, at a call of Выполнить() on a query object (a variable assigned
`Новый Запрос` / `Новый ПостроительЗапроса` / `Новый ПостроительОтчета`, or a copy of one) evaluated
inside a Для / Для Каждого / Пока loop; the bounds of Для and the collection of Для Каждого are
evaluated once and do not count unless the loop itself sits in a loop. Beyond BSL LS:
ВыполнитьПакет() counts too, and so does a call, inside a loop, of a method of the same module that
executes a query itself or through the methods it calls (followed to a fixed point, so recursion
is safe). Lookups such as Справочники.Х.НайтиПоКоду or Ссылка.ПолучитьОбъект() in a loop are not
reported: BSL LS's rule does not count them either."""

from __future__ import annotations

from collections.abc import Iterator

from prism_desktop.bsl import ast as A
from prism_desktop.bsl.antipatterns import codes
from prism_desktop.bsl.antipatterns.findings import warning
from prism_desktop.bsl.antipatterns.query_objects import EXECUTE_METHODS, is_new_query_object, path_of
from prism_desktop.bsl.compiler_analysis import (
    all_expressions,
    child_bodies,
    statement_expressions,
    walk_expression,
    walk_statements,
)
from prism_desktop.bsl.diagnostics import Diagnostic
from prism_desktop.bsl.names import canonical


def query_in_loop_diagnostics(module: A.Module) -> Iterator[Diagnostic]:
    methods = {canonical(m.name): m for m in module.methods}
    scopes = [(m.body, query_variables(m.body)) for m in module.methods]
    scopes.append((module.body, query_variables(module.body)))
    executing = _executing_methods(methods)
    for body, queries in scopes:
        for expr in loop_expressions(body):
            if _executes_query(expr, queries):
                yield warning(codes.CREATE_QUERY_IN_CYCLE, codes.query_in_cycle(), expr.line, expr.col)
            elif isinstance(expr, A.Call) and canonical(expr.name) in executing:
                message = codes.query_method_in_cycle(expr.name)
                yield warning(codes.CREATE_QUERY_IN_CYCLE, message, expr.line, expr.col)


def query_variables(body: A.Body) -> set[str]:
    """Paths of the variables of one method that hold a query object (flow-insensitive)."""
    assignments = [
        (path_of(stmt.target), stmt.value) for stmt in walk_statements(body) if isinstance(stmt, A.Assign)
    ]
    found: set[str] = set()
    changed = True
    while changed:
        changed = False
        for key, value in assignments:
            if key is None or key in found:
                continue
            if is_new_query_object(value) or path_of(value) in found:
                found.add(key)
                changed = True
    return found


def loop_expressions(body: A.Body, in_loop: bool = False) -> Iterator[A.Expr]:
    """Every expression (sub-expressions included) evaluated on each iteration of some loop."""
    for stmt in body:
        if isinstance(stmt, A.While):
            yield from walk_expression(stmt.cond)
            yield from loop_expressions(stmt.body, True)
            continue
        if in_loop:
            for expr in statement_expressions(stmt):
                yield from walk_expression(expr)
        for inner in child_bodies(stmt):
            yield from loop_expressions(inner, in_loop or isinstance(stmt, A.ForRange | A.ForEach))


def _executes_query(expr: A.Expr, queries: set[str]) -> bool:
    return (
        isinstance(expr, A.MethodCall)
        and canonical(expr.name) in EXECUTE_METHODS
        and (path_of(expr.obj) in queries or is_new_query_object(expr.obj))
    )


def _executing_methods(methods: dict[str, A.Method]) -> set[str]:
    """Methods of the module that execute a query, directly or through the methods they call."""
    executing: set[str] = set()
    callees: dict[str, set[str]] = {}
    for key, method in methods.items():
        queries = query_variables(method.body)
        expressions = list(all_expressions(method.body))
        if any(_executes_query(expr, queries) for expr in expressions):
            executing.add(key)
        callees[key] = {canonical(e.name) for e in expressions if isinstance(e, A.Call)} & methods.keys()
    changed = True
    while changed:
        changed = False
        for key, called in callees.items():
            if key not in executing and called & executing:
                executing.add(key)
                changed = True
    return executing
