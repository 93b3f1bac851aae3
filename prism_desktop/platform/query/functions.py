"""Functions of the query language: aggregates (СУММА, КОЛИЧЕСТВО [РАЗЛИЧНЫЕ], МАКСИМУМ, МИНИМУМ,
СРЕДНЕЕ), ЕСТЬNULL, dates (ДАТАВРЕМЯ, НАЧАЛОПЕРИОДА, КОНЕЦПЕРИОДА, ДОБАВИТЬКДАТЕ, РАЗНОСТЬДАТ, ГОД …
СЕКУНДА), strings (ПОДСТРОКА and the 8.3.20 additions ВРЕГ, НРЕГ, СТРДЛИНА, СОКРЛП …), numbers (ОКР,
ЦЕЛ), ПРЕДСТАВЛЕНИЕ, ПРЕДСТАВЛЕНИЕССЫЛКИ, ТИПЗНАЧЕНИЯ.

An aggregate over no rows is NULL, except КОЛИЧЕСТВО, which is 0 — as in 1C (and SQL).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from prism_desktop.platform import metadata as md
from prism_desktop.platform.query import ast as A
from prism_desktop.platform.query import dates
from prism_desktop.platform.query.errors import NESTED_IN_AGGREGATE, WRONG_FUNCTION_PARAMETERS, QueryError
from prism_desktop.platform.query.ordering import presentation
from prism_desktop.platform.query.sql_expr import CI_COLLATION, SqlExpr, choose
from prism_desktop.platform.query.values import (
    ANY_NUMBER,
    ANY_STRING,
    TYPE_VALUE,
    Types,
    has_string,
    is_numeric,
    precision_of,
)
from prism_desktop.platform.types import DATE_TYPE, number_type

if TYPE_CHECKING:
    from prism_desktop.platform.query.expressions import ExpressionCompiler

AGGREGATES: Final = frozenset(
    {"сумма", "sum", "количество", "count", "максимум", "max", "минимум", "min", "среднее", "avg"}
)
_SUM: Final = ("сумма", "sum")
_COUNT: Final = ("количество", "count")
_MAX_MIN: Final = {"максимум": "MAX", "max": "MAX", "минимум": "MIN", "min": "MIN"}
INTEGER: Final = (number_type(15, 0),)
STRING_T: Types = (ANY_STRING,)
DATE_T: Types = (DATE_TYPE,)


def _wrong(node: A.Call) -> QueryError:
    return QueryError(WRONG_FUNCTION_PARAMETERS.format(node.name), node.pos)


def _arity(node: A.Call, *allowed: int) -> None:
    if len(node.args) not in allowed or node.star or node.distinct:
        raise _wrong(node)


def _unit(node: A.Call, arg: A.Expr) -> str:
    if isinstance(arg, A.FieldPath) and len(arg.parts) == 1:
        unit = dates.UNITS.get(md.norm(arg.parts[0]))
        if unit is not None:
            return unit
    raise _wrong(node)


def compile_call(c: ExpressionCompiler, node: A.Call) -> SqlExpr:
    key = md.norm(node.name)
    if key in AGGREGATES:
        return _aggregate(c, node, key)
    part = dates.PARTS.get(key)
    if part is not None:
        _arity(node, 1)
        value = c.compile(node.args[0])
        return SqlExpr(f"q1c_part({value.sql}, '{part}')", INTEGER, aggregate=value.aggregate)
    handler = _HANDLERS.get(key)
    if handler is None:
        raise QueryError(f'Неизвестная функция "{node.name}"', node.pos)
    return handler(c, node)


def _aggregate(c: ExpressionCompiler, node: A.Call, key: str) -> SqlExpr:
    distinct = "DISTINCT " if node.distinct else ""
    if node.star:
        if key not in _COUNT:
            raise _wrong(node)
        return SqlExpr("COUNT(*)", INTEGER, aggregate=True)
    if len(node.args) != 1:
        raise _wrong(node)
    _no_nested_query_or_hierarchy(node.args[0])
    arg = c.compile(node.args[0])
    if key in _COUNT:
        if arg.tag is not None:
            counted = f"({arg.tag} || ':' || COALESCE({arg.sql}, ''))" if node.distinct else arg.tag
            return SqlExpr(f"COUNT({distinct}{counted})", INTEGER, aggregate=True)
        return SqlExpr(f"COUNT({distinct}{arg.sql})", INTEGER, aggregate=True)
    if key in _SUM or key in ("среднее", "avg"):
        if arg.types and not is_numeric(arg.types):
            raise _wrong(node)
        if key in _SUM:
            return SqlExpr(
                f"SUM({distinct}{arg.sql})", (number_type(38, precision_of(arg.types)),), aggregate=True
            )
        return SqlExpr(f"AVG({distinct}{arg.sql})", (ANY_NUMBER,), aggregate=True)
    fn = _MAX_MIN[key]
    value = f"{arg.sql} COLLATE {CI_COLLATION}" if has_string(arg.types) else arg.sql
    tag = f"{fn}({arg.tag})" if arg.tag is not None else None
    return SqlExpr(f"{fn}({value})", arg.types, tag, aggregate=True)


def _no_nested_query_or_hierarchy(arg: A.Expr) -> None:
    """1C refuses `В (ВЫБРАТЬ …)` and `В ИЕРАРХИИ` inside an aggregate (PRISM's published B logs)."""
    for expr in (arg, *A.subexpressions(arg)):
        if isinstance(expr, A.InList) and (expr.subquery is not None or expr.hierarchy):
            raise QueryError(NESTED_IN_AGGREGATE, expr.pos)


def _isnull(c: ExpressionCompiler, node: A.Call) -> SqlExpr:
    _arity(node, 2)
    first, second = c.compile(node.args[0]), c.compile(node.args[1])
    if first.tag is None and second.tag is None and first.types == second.types:
        return SqlExpr(
            f"COALESCE({first.sql}, {second.sql})", first.types, aggregate=first.aggregate or second.aggregate
        )
    return choose([(f"NOT ({first.null_test()})", first)], second)


def _datetime(c: ExpressionCompiler, node: A.Call) -> SqlExpr:
    if len(node.args) not in (3, 6) or not all(
        isinstance(a, A.Literal) and isinstance(a.value, int) for a in node.args
    ):
        raise _wrong(node)
    numbers = [a.value for a in node.args if isinstance(a, A.Literal)]
    try:
        text = dates.sql_make(*numbers)
    except ValueError:
        raise _wrong(node) from None
    return SqlExpr(c.tr.bind(text), DATE_T)


def _begin_end(fn: str) -> Callable[[ExpressionCompiler, A.Call], SqlExpr]:
    def compile_(c: ExpressionCompiler, node: A.Call) -> SqlExpr:
        _arity(node, 2)
        value = c.compile(node.args[0])
        unit = _unit(node, node.args[1])
        if fn == "q1c_begin" and value.types == DATE_T:  # a stored date: SQLite's own functions
            return SqlExpr(dates.begin_sql(value.sql, unit), DATE_T, aggregate=value.aggregate)
        return SqlExpr(f"{fn}({value.sql}, '{unit}')", DATE_T, aggregate=value.aggregate)

    return compile_


def _add_to_date(c: ExpressionCompiler, node: A.Call) -> SqlExpr:
    _arity(node, 3)
    value, count = c.compile(node.args[0]), c.compile(node.args[2])
    return SqlExpr(f"q1c_add({value.sql}, '{_unit(node, node.args[1])}', {count.sql})", DATE_T)


def _date_diff(c: ExpressionCompiler, node: A.Call) -> SqlExpr:
    _arity(node, 3)
    unit = _unit(node, node.args[2])
    if unit not in dates.DIFF_UNITS:
        raise _wrong(node)
    first, second = c.compile(node.args[0]), c.compile(node.args[1])
    return SqlExpr(f"q1c_diff({first.sql}, {second.sql}, '{unit}')", INTEGER)


def _substring(c: ExpressionCompiler, node: A.Call) -> SqlExpr:
    _arity(node, 3)
    text, start, length = (c.compile(a) for a in node.args)
    return SqlExpr(f"SUBSTR({text.sql}, {start.sql}, {length.sql})", STRING_T)


def _presentation(c: ExpressionCompiler, node: A.Call) -> SqlExpr:
    _arity(node, 1)
    return SqlExpr(presentation(c.config, c.compile(node.args[0])), STRING_T)


def _value_type(c: ExpressionCompiler, node: A.Call) -> SqlExpr:
    _arity(node, 1)
    value = c.compile(node.args[0])
    return SqlExpr(value.tag_sql(), (TYPE_VALUE,))


def _simple(template: str, arity: int, types: Types) -> Callable[[ExpressionCompiler, A.Call], SqlExpr]:
    """A function whose SQL is a template over its compiled arguments ({0}, {1} …)."""

    def compile_(c: ExpressionCompiler, node: A.Call) -> SqlExpr:
        _arity(node, arity)
        args = [c.compile(a) for a in node.args]
        return SqlExpr(
            template.format(*(a.sql for a in args)), types, aggregate=any(a.aggregate for a in args)
        )

    return compile_


def _round(c: ExpressionCompiler, node: A.Call) -> SqlExpr:
    _arity(node, 1, 2)
    value = c.compile(node.args[0])
    digits = node.args[1] if len(node.args) == 2 else None
    precision = digits.value if isinstance(digits, A.Literal) and isinstance(digits.value, int) else 0
    digits_sql = c.compile(digits).sql if digits is not None else "0"
    return SqlExpr(
        f"q1c_round({value.sql}, {digits_sql})", (number_type(38, precision),), aggregate=value.aggregate
    )


_HANDLERS: Final[dict[str, Callable[[ExpressionCompiler, A.Call], SqlExpr]]] = {
    **dict.fromkeys(("естьnull", "isnull"), _isnull),
    **dict.fromkeys(("датавремя", "datetime"), _datetime),
    **dict.fromkeys(("началопериода", "beginofperiod"), _begin_end("q1c_begin")),
    **dict.fromkeys(("конецпериода", "endofperiod"), _begin_end("q1c_end")),
    **dict.fromkeys(("добавитькдате", "dateadd"), _add_to_date),
    **dict.fromkeys(("разностьдат", "datediff"), _date_diff),
    **dict.fromkeys(("подстрока", "substring"), _substring),
    **dict.fromkeys(
        ("представление", "presentation", "представлениессылки", "refpresentation"), _presentation
    ),
    **dict.fromkeys(("типзначения", "valuetype"), _value_type),
    **dict.fromkeys(("врег", "upper"), _simple("q1c_upper({0})", 1, STRING_T)),
    **dict.fromkeys(("нрег", "lower"), _simple("lower1c({0})", 1, STRING_T)),
    **dict.fromkeys(("стрдлина", "stringlength"), _simple("LENGTH({0})", 1, INTEGER)),
    **dict.fromkeys(("сокрл", "triml"), _simple("LTRIM({0})", 1, STRING_T)),
    **dict.fromkeys(("сокрп", "trimr"), _simple("RTRIM({0})", 1, STRING_T)),
    **dict.fromkeys(("сокрлп", "trimall"), _simple("TRIM({0})", 1, STRING_T)),
    **dict.fromkeys(("лев", "left"), _simple("SUBSTR({0}, 1, {1})", 2, STRING_T)),
    **dict.fromkeys(
        ("прав", "right"), _simple("(CASE WHEN {1} > 0 THEN SUBSTR({0}, -({1})) ELSE '' END)", 2, STRING_T)
    ),
    **dict.fromkeys(("стрнайти", "strfind"), _simple("INSTR(lower1c({0}), lower1c({1}))", 2, INTEGER)),
    **dict.fromkeys(("стрзаменить", "strreplace"), _simple("REPLACE({0}, {1}, {2})", 3, STRING_T)),
    **dict.fromkeys(("окр", "round"), _round),
    **dict.fromkeys(("цел", "int"), _simple("q1c_trunc({0})", 1, INTEGER)),
}
