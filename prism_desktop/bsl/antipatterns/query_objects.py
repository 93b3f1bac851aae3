"""How BSL code creates and runs queries: the object types, their methods, and the variable paths
(`Запрос`, `Контекст.Запрос`) a query object or its text is kept under."""

from __future__ import annotations

from typing import Final

from prism_desktop.bsl import ast as A
from prism_desktop.bsl.names import canonical

# Objects whose Выполнить() reads the database (the same three BSL LS tracks for CreateQueryInCycle).
QUERY_OBJECT_TYPES: Final = frozenset({
    "запрос", "query", "построительзапроса", "querybuilder", "построительотчета", "reportbuilder",
})
EXECUTE_METHODS: Final = frozenset({
    "выполнить", "execute", "выполнитьпакет", "executebatch",
    "выполнитьпакетспромежуточнымиданными", "executebatchwithintermediatedata",
})
TEXT_PROPERTIES: Final = frozenset({"текст", "text"})


def path_of(expr: A.Expr) -> str | None:
    """`Запрос` → "запрос", `Контекст.Запрос.Текст` → "контекст.запрос.текст"; None for anything
    that is not a variable or a chain of properties of one."""
    if isinstance(expr, A.Name):
        return canonical(expr.name)
    if isinstance(expr, A.Member):
        owner = path_of(expr.obj)
        return None if owner is None else f"{owner}.{canonical(expr.name)}"
    return None


def is_new_query_object(expr: A.Expr | None) -> bool:
    """`Новый Запрос`, `Новый Запрос(Текст)`, `Новый("Запрос")` and the builders."""
    if not isinstance(expr, A.New):
        return False
    if expr.type_name is not None:
        return canonical(expr.type_name) in QUERY_OBJECT_TYPES
    type_expr = expr.type_expr
    return (
        isinstance(type_expr, A.Const)
        and type_expr.kind == "string"
        and canonical(str(type_expr.value)) in QUERY_OBJECT_TYPES
    )
