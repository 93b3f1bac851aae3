"""One field's values in the infobase's SQL rows: the select list of some fields, a row decoded back into
values, and an equality test of a field against a value. Shared by the objects (infobase.py) and the
registers (infobase_registers.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from prism_desktop.platform import metadata as md
from prism_desktop.platform.schema import field_columns, from_sql, quote, sql_scalar


def decode_row(row: Sequence[Any], fields: Sequence[md.Field], start: int = 0) -> dict[str, Any]:
    """Column values (in `field_columns` order) -> {field name: value}."""
    values: dict[str, Any] = {}
    i = start
    for f in fields:
        if f.type.is_composite:
            values[f.name] = from_sql(row[i + 1], f.type, row[i])
            i += 2
        else:
            values[f.name] = from_sql(row[i], f.type)
            i += 1
    return values


def select_list(fields: Sequence[md.Field]) -> str:
    return ", ".join(quote(c) for f in fields for c in field_columns(f))


def condition(f: md.Field, value: Any, alias: str = "") -> tuple[str, list[Any]]:
    """An SQL equality test of one field against a Python value (strings case-insensitively)."""
    column = f"{alias}{quote(f.column)}"
    if f.type.is_composite:
        if value is None:
            return f"{alias}{quote(f.tag_column or '')} = 'U'", []
        own = f.type.type_of(value)
        if own is None:
            return "0", []
        return f"{alias}{quote(f.tag_column or '')} = ? AND {column} = ?", [own.tag, sql_scalar(value)]
    if isinstance(value, str):
        return f"lower1c({column}) = ?", [value.lower()]
    if not f.type.type_of(value) and value is not None and f.type.types:
        return "0", []
    return f"{column} = ?", [sql_scalar(f.type.default() if value is None else value)]
