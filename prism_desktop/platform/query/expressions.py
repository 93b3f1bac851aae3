"""Expressions of the query language -> SqlExpr: literals, parameters, fields, arithmetic, logic,
comparisons with 1C's NULL and type semantics, В / В ИЕРАРХИИ, МЕЖДУ, ПОДОБНО, ЕСТЬ NULL, ССЫЛКА,
ВЫБОР, ВЫРАЗИТЬ, ЗНАЧЕНИЕ, ТИП. Function calls are in functions.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from prism_desktop.platform import metadata as md
from prism_desktop.platform.query import ast as A
from prism_desktop.platform.query.errors import (
    INCOMPATIBLE_TYPES,
    WRONG_FUNCTION_PARAMETERS,
    WRONG_PARAMETER,
    QueryError,
    table_not_found,
)
from prism_desktop.platform.query.functions import AGGREGATES, compile_call
from prism_desktop.platform.query.sql_expr import SqlExpr, choose, equality, ordering, sql_literal
from prism_desktop.platform.query.values import (
    ANY_NUMBER,
    ANY_STRING,
    NUMBER_PRECISION_LIMIT,
    TYPE_VALUE,
    UNDEFINED,
    Boundary,
    ParameterTable,
    QueryNull,
    Types,
    is_string,
    precision_of,
    tag_of,
    type_of_value,
)
from prism_desktop.platform.refs import RefKey, parse_ref_type
from prism_desktop.platform.schema import quote
from prism_desktop.platform.types import (
    BOOLEAN_TYPE,
    NUMBER,
    STRING,
    SYSTEM_ENUMS,
    SimpleType,
    SystemEnumValue,
    number_type,
    ref_type,
    string_type,
)

if TYPE_CHECKING:
    from prism_desktop.platform.query.scope import SelectContext

__all__ = ["AGGREGATES", "ExpressionCompiler"]

BOOL: Types = (BOOLEAN_TYPE,)
_HIERARCHICAL = (md.CATALOG, md.CHART_OF_ACCOUNTS)


class ExpressionCompiler:
    def __init__(self, ctx: SelectContext):
        self.ctx = ctx
        self.tr = ctx.tr
        self.config = ctx.config

    def compile(self, node: A.Expr) -> SqlExpr:
        method = getattr(self, "_" + type(node).__name__.lower(), None)
        if method is None:
            raise QueryError("Синтаксическая ошибка", node.pos)
        result: SqlExpr = method(node)
        return result

    # --- operands -------------------------------------------------------------------------------
    def _literal(self, node: A.Literal) -> SqlExpr:
        if node.is_null:
            return SqlExpr("NULL", ())
        return self.value(node.value, node)

    def value(self, value: Any, node: A.Expr, name: str | None = None) -> SqlExpr:
        """A Python value as a bound SQL parameter of its own type."""
        if isinstance(value, QueryNull):
            return SqlExpr("NULL", ())
        simple = type_of_value(value)
        if simple is None:
            raise QueryError(WRONG_PARAMETER.format(name or "?"), node.pos)
        if simple is UNDEFINED:
            return SqlExpr("NULL", (UNDEFINED,))
        return SqlExpr(self.tr.bind(value), (simple,))

    def _param(self, node: A.Param) -> SqlExpr:
        value = self.tr.param_value(node.name, node.pos)
        if isinstance(value, Boundary):
            return self.value(value.moment, node, node.name)
        if isinstance(value, (list, tuple, ParameterTable)):
            items = self.list_values(value, node)
            if len(items) != 1:
                raise QueryError(WRONG_PARAMETER.format(node.name), node.pos)
            return items[0]
        return self.value(value, node, node.name)

    def list_values(self, value: Any, node: A.Param) -> list[SqlExpr]:
        if isinstance(value, ParameterTable):
            value = [row[0] for row in value.rows] if value.columns else []
        if isinstance(value, (list, tuple)):
            return [self.value(v, node, node.name) for v in value]
        return [self.value(value, node, node.name)]

    def _fieldpath(self, node: A.FieldPath) -> SqlExpr:
        return self.ctx.resolve(node)

    # --- operators ------------------------------------------------------------------------------
    def _unary(self, node: A.Unary) -> SqlExpr:
        operand = self.compile(node.operand)
        if node.op == "NOT":
            return SqlExpr(f"(NOT {operand.sql})", BOOL, aggregate=operand.aggregate)
        return SqlExpr(f"(-{operand.sql})", operand.types or (ANY_NUMBER,), aggregate=operand.aggregate)

    def _binary(self, node: A.Binary) -> SqlExpr:
        left, right = self.compile(node.left), self.compile(node.right)
        agg = left.aggregate or right.aggregate
        op = node.op
        if op in ("AND", "OR"):
            return SqlExpr(f"({left.sql} {op} {right.sql})", BOOL, aggregate=agg)
        if op == "=":
            return SqlExpr(equality(left, right), BOOL, aggregate=agg)
        if op == "<>":
            return SqlExpr(f"(NOT {equality(left, right)})", BOOL, aggregate=agg)
        if op in ("<", ">", "<=", ">="):
            return SqlExpr(ordering(op, left, right), BOOL, aggregate=agg)
        return self._arithmetic(op, left, right, node, agg)

    def _arithmetic(self, op: str, left: SqlExpr, right: SqlExpr, node: A.Binary, agg: bool) -> SqlExpr:
        if left.is_null or right.is_null:
            return SqlExpr("NULL", (), aggregate=agg)
        if op == "+" and (is_string(left.types) or is_string(right.types)):
            if not (is_string(left.types) and is_string(right.types)):
                raise QueryError(INCOMPATIBLE_TYPES, node.pos)
            return SqlExpr(f"({left.sql} || {right.sql})", (ANY_STRING,), aggregate=agg)
        for side in (left, right):
            if any(t.name != NUMBER for t in side.types):
                raise QueryError(INCOMPATIBLE_TYPES, node.pos)
        pl, pr = precision_of(left.types), precision_of(right.types)
        if op == "/":
            return SqlExpr(f"q1c_div({left.sql}, {right.sql})", (ANY_NUMBER,), aggregate=agg)
        precision = min(pl + pr, NUMBER_PRECISION_LIMIT) if op == "*" else max(pl, pr)
        return SqlExpr(f"({left.sql} {op} {right.sql})", (number_type(38, precision),), aggregate=agg)

    # --- predicates -----------------------------------------------------------------------------
    def _inlist(self, node: A.InList) -> SqlExpr:
        operands = [self.compile(o) for o in node.operands]
        if node.subquery is not None:
            compiled = self.tr.compile_select(node.subquery, outer=self.ctx)
            if len(compiled.columns) != len(operands):
                raise QueryError(WRONG_FUNCTION_PARAMETERS.format("В"), node.pos)
            if node.hierarchy:
                roots = [SqlExpr(f"({compiled.sql})", compiled.columns[0].types)]
                return self._hierarchy(operands[0], roots, node)
            columns = ", ".join(c.column for c in compiled.columns)
            left = operands[0].sql if len(operands) == 1 else "(" + ", ".join(o.sql for o in operands) + ")"
            test = f"({left} IN (SELECT {columns} FROM ({compiled.sql})))"
            return SqlExpr(f"(NOT {test})" if node.negated else test, BOOL)
        if len(operands) != 1:
            raise QueryError(WRONG_FUNCTION_PARAMETERS.format("В"), node.pos)
        values: list[SqlExpr] = []
        for item in node.values:
            if isinstance(item, A.Param):
                values.extend(self.list_values(self.tr.param_value(item.name, item.pos), item))
            else:
                values.append(self.compile(item))
        if node.hierarchy:
            return self._hierarchy(operands[0], values, node)
        test = self._in_values(operands[0], values)
        return SqlExpr(f"(NOT {test})" if node.negated else test, BOOL)

    def _in_values(self, operand: SqlExpr, values: list[SqlExpr]) -> str:
        if not values:
            return "(CASE WHEN " + operand.null_test() + " THEN NULL ELSE 0 END)"
        simple = operand.tag is None and all(
            v.tag is None
            and len(v.types) == 1
            and len(operand.types) == 1
            and tag_of(v.types[0]) == tag_of(operand.types[0])
            for v in values
        )
        if simple:
            collate = " COLLATE CI1C" if is_string(operand.types) else ""
            return f"({operand.sql}{collate} IN ({', '.join(v.sql for v in values)}))"
        return "(" + " OR ".join(equality(operand, v) for v in values) + ")"

    def _hierarchy(self, operand: SqlExpr, values: list[SqlExpr], node: A.InList) -> SqlExpr:
        """В ИЕРАРХИИ: the value itself or any descendant through Родитель."""
        tests: list[str] = []
        for simple in operand.types:
            meta = self.config.find(simple.ref_kind or "", simple.ref_name or "") if simple.is_ref else None
            if meta is None:
                continue
            parent = meta.field("Родитель")
            roots = [v.sql for v in values if any(tag_of(t) == tag_of(simple) for t in v.types)]
            if not roots:
                continue
            if parent is None or meta.kind not in _HIERARCHICAL:
                subtree = ", ".join(roots)
            else:
                table, ref, par = quote(meta.table), quote("Ссылка"), quote(parent.column)
                cte = self.tr.alias("h")
                subtree = (
                    f"WITH RECURSIVE {cte}(id) AS (SELECT {ref} FROM {table} WHERE {ref} IN "
                    f"({', '.join(roots)}) UNION SELECT t.{ref} FROM {table} AS t JOIN {cte} "
                    f"ON t.{par} = {cte}.id) SELECT id FROM {cte}"
                )
                self.ctx._tables.add(meta.table)
            test = f"{operand.sql} IN ({subtree})"
            if operand.tag is not None:
                test = f"({operand.tag} = {sql_literal(tag_of(simple))} AND {test})"
            tests.append(test)
        sql = "(" + " OR ".join(tests) + ")" if tests else "0"
        sql = f"(CASE WHEN {operand.null_test()} THEN NULL ELSE {sql} END)"
        return SqlExpr(f"(NOT {sql})" if node.negated else sql, BOOL)

    def _between(self, node: A.Between) -> SqlExpr:
        operand, low, high = self.compile(node.operand), self.compile(node.low), self.compile(node.high)
        test = f"({ordering('>=', operand, low)} AND {ordering('<=', operand, high)})"
        return SqlExpr(f"(NOT {test})" if node.negated else test, BOOL)

    def _like(self, node: A.Like) -> SqlExpr:
        operand, pattern = self.compile(node.operand), self.compile(node.pattern)
        escape = self.compile(node.escape).sql if node.escape is not None else "NULL"
        test = f"q1c_like({operand.sql}, {pattern.sql}, {escape})"
        return SqlExpr(f"(NOT {test})" if node.negated else test, BOOL)

    def _isnull(self, node: A.IsNull) -> SqlExpr:
        operand = self.compile(node.operand)
        test = operand.null_test()
        return SqlExpr(f"(NOT ({test}))" if node.negated else f"({test})", BOOL, aggregate=operand.aggregate)

    def _refs(self, node: A.Refs) -> SqlExpr:
        operand = self.compile(node.operand)
        kind, _, name = node.table.partition(".")
        meta = self.config.find(kind, name)
        if meta is None:
            raise table_not_found(node.table, node.pos)
        tag = f"{meta.kind}.{meta.name}"
        if operand.tag is not None:
            test = f"COALESCE({operand.tag} = {sql_literal(tag)}, 0)"
        elif operand.types and tag_of(operand.types[0]) == tag:
            test = f"({operand.sql} IS NOT NULL)"
        else:
            test = "0"
        return SqlExpr(f"(NOT {test})" if node.negated else test, BOOL)

    # --- ВЫБОР ------------------------------------------------------------------------------------
    def _case(self, node: A.Case) -> SqlExpr:
        operand = self.compile(node.operand) if node.operand is not None else None
        branches: list[tuple[str, SqlExpr]] = []
        for cond, value in node.whens:
            test = equality(operand, self.compile(cond)) if operand is not None else self.compile(cond).sql
            branches.append((test, self.compile(value)))
        otherwise = self.compile(node.otherwise) if node.otherwise is not None else SqlExpr("NULL", ())
        return choose(branches, otherwise)

    # --- ВЫРАЗИТЬ, ЗНАЧЕНИЕ, ТИП ----------------------------------------------------------------------
    def _cast(self, node: A.Cast) -> SqlExpr:
        operand = self.compile(node.operand)
        key = md.norm(node.type_name)
        if key in ("число", "number"):
            length = node.qualifiers[0] if node.qualifiers else 38
            precision = node.qualifiers[1] if len(node.qualifiers) > 1 else 0
            value = _restrict(operand, NUMBER)
            return SqlExpr(f"q1c_round({value}, {precision})", (number_type(length, precision),))
        if key in ("строка", "string"):
            length = node.qualifiers[0] if node.qualifiers else 0
            value = _restrict(operand, STRING)
            sql = f"SUBSTR({value}, 1, {length})" if length else value
            return SqlExpr(sql, (string_type(length),))
        if key in ("булево", "boolean"):
            return SqlExpr(_restrict(operand, BOOLEAN_TYPE.name), BOOL)
        if key in ("дата", "date"):
            return SqlExpr(_restrict(operand, "Дата"), (SimpleType("Дата"),))
        kind, _, name = node.type_name.partition(".")
        meta = self.config.find(kind, name) if name else None
        parsed = parse_ref_type(node.type_name)
        if meta is None and parsed is not None:
            meta = self.config.find(*parsed)
        if meta is None or not meta.is_referenced:
            raise table_not_found(node.type_name, node.pos)
        target = ref_type(meta.kind, meta.name)
        if operand.tag is None:
            sql = operand.sql if operand.types and tag_of(operand.types[0]) == tag_of(target) else "NULL"
        else:
            sql = f"(CASE WHEN {operand.tag} = {sql_literal(tag_of(target))} THEN {operand.sql} END)"
        return SqlExpr(sql, (target,))

    def _valueof(self, node: A.ValueOf) -> SqlExpr:
        return self.value(self.predefined_value(node.path, node), node)

    def predefined_value(self, path: str, node: A.Expr) -> Any:
        """ЗНАЧЕНИЕ(...): an enumeration value, an empty reference, a predefined item, a system
        enumeration value (ВидДвиженияНакопления.Приход)."""
        parts = path.split(".")
        bad = QueryError(WRONG_FUNCTION_PARAMETERS.format("ЗНАЧЕНИЕ"), node.pos)
        if len(parts) == 2:
            enum = next((e for e in SYSTEM_ENUMS if md.norm(e) == md.norm(parts[0])), None)
            if enum is None:
                raise bad
            value = next((v for v in SYSTEM_ENUMS[enum] if md.norm(v) == md.norm(parts[1])), None)
            if value is None:
                raise bad
            return SystemEnumValue(enum, value)
        if len(parts) != 3:
            raise bad
        meta = self.config.find(parts[0], parts[1])
        if meta is None or not meta.is_referenced:
            raise table_not_found(".".join(parts[:2]), node.pos)
        if md.norm(parts[2]) in ("пустаяссылка", "emptyref"):
            return meta.empty_ref()
        if isinstance(meta, md.Enum):
            index = meta.value_id(parts[2])
            if index is None:
                raise bad
            return RefKey(meta.kind, meta.name, index)
        row = self.tr.connection.execute(
            f"SELECT {quote('Ссылка')} FROM {quote(meta.table)} WHERE "
            f"lower1c({quote('ИмяПредопределенныхДанных')}) "
            f"= lower1c(?)",
            (parts[2],),
        ).fetchone()
        if row is None:
            raise bad
        return RefKey(meta.kind, meta.name, int(row[0]))

    def _typeof(self, node: A.TypeOf) -> SqlExpr:
        key = md.norm(node.type_name)
        primitive = {
            "число": "N",
            "number": "N",
            "строка": "S",
            "string": "S",
            "дата": "D",
            "date": "D",
            "булево": "B",
            "boolean": "B",
        }.get(key)
        if primitive is not None:
            return SqlExpr(sql_literal(primitive), (TYPE_VALUE,))
        kind, _, name = node.type_name.partition(".")
        meta = self.config.find(kind, name) if name else None
        if meta is None:
            raise table_not_found(node.type_name, node.pos)
        return SqlExpr(sql_literal(f"{meta.kind}.{meta.name}"), (TYPE_VALUE,))

    def _call(self, node: A.Call) -> SqlExpr:
        return compile_call(self, node)

    def _tupleexpr(self, node: A.TupleExpr) -> SqlExpr:
        raise QueryError("Синтаксическая ошибка", node.pos)


def _restrict(operand: SqlExpr, type_name: str) -> str:
    """The operand's value when it is of the named type, else NULL (ВЫРАЗИТЬ of a composite value)."""
    if operand.tag is None:
        return operand.sql if operand.types and operand.types[0].name == type_name else "NULL"
    tag = tag_of(next((t for t in operand.types if t.name == type_name), UNDEFINED))
    return f"(CASE WHEN {operand.tag} = {sql_literal(tag)} THEN {operand.sql} END)"
