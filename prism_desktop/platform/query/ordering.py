"""How 1C orders and presents values in queries.

Ordering (УПОРЯДОЧИТЬ ПО): strings case-insensitively; references by their presentation, as the
platform does — catalogs and charts of characteristic types by Наименование, charts of accounts by
Код, documents by Дата and then the reference, enumerations by value order; values of several types
by type first. NULL sorts first ascending (SQLite agrees).

Presentation (ПРЕДСТАВЛЕНИЕ): the same texts the object model shows (platform_bridge/refs.py): a
catalog item's Наименование, "<Документ> <Номер> от <дата>", an account's Код, an enumeration value's
name; "" for an empty reference and for NULL.
"""

from __future__ import annotations

from prism_desktop.platform import metadata as md
from prism_desktop.platform.query.sql_expr import CI_COLLATION, SqlExpr, sql_literal
from prism_desktop.platform.query.values import UNDEFINED, tag_of
from prism_desktop.platform.schema import quote
from prism_desktop.platform.types import BOOLEAN, DATE, NUMBER, STRING, SimpleType


def _lookup(meta: md.MetaObject, column_sql: str, value_sql: str) -> str:
    return f"(SELECT {column_sql} FROM {quote(meta.table)} WHERE {quote('Ссылка')} = {value_sql})"


def _ref_order_keys(config: md.Configuration, simple: SimpleType, value_sql: str) -> list[str]:
    meta = config.find(simple.ref_kind or "", simple.ref_name or "")
    if meta is None or meta.kind == md.ENUM:
        return [value_sql]
    if meta.kind == md.DOCUMENT:
        return [_lookup(meta, quote("Дата"), value_sql), value_sql]
    column = "Код" if meta.kind == md.CHART_OF_ACCOUNTS else "Наименование"
    return [f"{_lookup(meta, quote(column), value_sql)} COLLATE {CI_COLLATION}", value_sql]


def _keys(config: md.Configuration, simple: SimpleType, value_sql: str) -> list[str]:
    if simple.is_ref:
        return _ref_order_keys(config, simple, value_sql)
    if simple.name == STRING:
        return [f"{value_sql} COLLATE {CI_COLLATION}"]
    return [value_sql]


def order_terms(config: md.Configuration, expr: SqlExpr, descending: bool) -> list[str]:
    suffix = " DESC" if descending else ""
    if expr.tag is None:
        if not expr.types:
            return []
        return [k + suffix for k in _keys(config, expr.types[0], expr.sql)]
    terms = [expr.tag + suffix]
    for simple in expr.types:
        if simple is UNDEFINED:
            continue
        keys = _keys(config, simple, expr.sql)
        tag = sql_literal(tag_of(simple))
        terms.extend(f"(CASE WHEN {expr.tag} = {tag} THEN {k} END){suffix}" for k in keys)
    return terms


def _presentation_of(config: md.Configuration, simple: SimpleType, value_sql: str) -> str:
    if simple.is_ref:
        meta = config.find(simple.ref_kind or "", simple.ref_name or "")
        if meta is None:
            return "''"
        if meta.kind == md.ENUM:
            text = _lookup(meta, quote("Имя"), value_sql)
        elif meta.kind == md.DOCUMENT:
            text = _lookup(
                meta,
                f"{sql_literal(meta.name + ' ')} || {quote('Номер')} || ' от ' || "
                f"q1c_date_text({quote('Дата')})",
                value_sql,
            )
        else:
            column = "Код" if meta.kind == md.CHART_OF_ACCOUNTS else "Наименование"
            text = _lookup(meta, quote(column), value_sql)
        return f"COALESCE({text}, '')"
    if simple.is_system_enum:
        cases = " ".join(f"WHEN {i} THEN {sql_literal(v)}" for i, v in enumerate(simple.enum_values))
        return f"(CASE {value_sql} {cases} ELSE '' END)"
    if simple.name == STRING:
        return f"COALESCE({value_sql}, '')"
    if simple.name == NUMBER:
        return f"COALESCE(q1c_number_text({value_sql}), '')"
    if simple.name == DATE:
        return f"COALESCE(q1c_date_text({value_sql}), '')"
    if simple.name == BOOLEAN:
        return f"(CASE {value_sql} WHEN 1 THEN 'Да' WHEN 0 THEN 'Нет' ELSE '' END)"
    return "''"


def presentation(config: md.Configuration, expr: SqlExpr) -> str:
    """SQL for ПРЕДСТАВЛЕНИЕ(expr): always a string."""
    if expr.tag is None:
        return _presentation_of(config, expr.types[0], expr.sql) if expr.types else "''"
    cases = " ".join(
        f"WHEN {sql_literal(tag_of(t))} THEN {_presentation_of(config, t, expr.sql)}"
        for t in expr.types
        if t is not UNDEFINED
    )
    return f"(CASE {expr.tag} {cases} ELSE '' END)" if cases else "''"
