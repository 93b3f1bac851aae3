"""A translated expression: SQLite text for the value, the possible 1C types, and — when the value may
be of several types — SQL for its type tag (schema.py's tags: 'N', 'S', 'D', 'B', 'U' or the full name
of the referenced object)."""

from __future__ import annotations

from dataclasses import dataclass

from prism_desktop.platform.query.values import UNDEFINED, Types, has_string, merge_types, same_kind, tag_of

CI_COLLATION = "CI1C"  # registered by the infobase: case-insensitive, as 1C compares strings


def sql_literal(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


@dataclass(frozen=True)
class SqlExpr:
    sql: str
    types: Types
    tag: str | None = None
    aggregate: bool = False

    @property
    def is_null(self) -> bool:
        """The NULL literal (no type at all)."""
        return not self.types

    @property
    def is_undefined(self) -> bool:
        return self.types == (UNDEFINED,)

    def tag_sql(self) -> str:
        """The tag as SQL: the dynamic tag, or the static type's tag as a literal (NULL when the value
        is NULL)."""
        if self.tag is not None:
            return self.tag
        if not self.types:
            return "NULL"
        literal = sql_literal(tag_of(self.types[0]))
        return (
            literal
            if self.types[0] is UNDEFINED
            else f"CASE WHEN {self.sql} IS NULL THEN NULL ELSE {literal} END"
        )

    def null_test(self) -> str:
        """SQL true when the value is NULL (for a dynamic value: when its tag is NULL)."""
        return f"{self.tag} IS NULL" if self.tag is not None else f"{self.sql} IS NULL"


def equality(left: SqlExpr, right: SqlExpr) -> str:
    """`=` with 1C semantics: NULL is equal to nothing, values of different types are never equal,
    strings compare case-insensitively, Неопределено equals only Неопределено."""
    if left.is_null or right.is_null:
        return "NULL"
    if left.is_undefined or right.is_undefined:
        other = right if left.is_undefined else left
        if other.is_undefined:
            return "1"
        if other.tag is not None:
            return f"({other.tag} = 'U')"
        return f"(CASE WHEN {other.sql} IS NULL THEN NULL ELSE 0 END)"
    kinds = [(a, b) for a in left.types for b in right.types if same_kind(a, b)]
    if not kinds:
        return f"(CASE WHEN {left.null_test()} OR {right.null_test()} THEN NULL ELSE 0 END)"
    collate = f" COLLATE {CI_COLLATION}" if any(has_string((a,)) for a, _ in kinds) else ""
    value_eq = f"{left.sql} = {right.sql}{collate}"
    if left.tag is None and right.tag is None:
        return f"({value_eq})"
    return f"({left.tag_sql()} = {right.tag_sql()} AND {value_eq})"


def ordering(op: str, left: SqlExpr, right: SqlExpr) -> str:
    """< > <= >= on values (strings case-insensitively)."""
    if left.is_null or right.is_null:
        return "NULL"
    collate = f" COLLATE {CI_COLLATION}" if has_string(left.types) or has_string(right.types) else ""
    return f"({left.sql} {op} {right.sql}{collate})"


def choose(branches: list[tuple[str, SqlExpr]], otherwise: SqlExpr) -> SqlExpr:
    """CASE WHEN test THEN value … ELSE value END with the type tags of values of different types."""
    values = [v for _, v in branches] + [otherwise]
    types = merge_types(*(v.types for v in values))
    agg = any(v.aggregate for v in values)
    value_sql = (
        "(CASE " + " ".join(f"WHEN {t} THEN {v.sql}" for t, v in branches) + f" ELSE {otherwise.sql} END)"
    )
    dynamic = len(types) > 1 or any(v.tag is not None for v in values)
    if not dynamic:
        return SqlExpr(value_sql, types, aggregate=agg)
    tag_sql = (
        "(CASE "
        + " ".join(f"WHEN {t} THEN {v.tag_sql()}" for t, v in branches)
        + f" ELSE {otherwise.tag_sql()} END)"
    )
    return SqlExpr(value_sql, types, tag_sql, aggregate=agg)
