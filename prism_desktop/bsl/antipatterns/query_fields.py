"""Checks of the fields a query reads (BSL LS rules of the same names):
- QueryNestedFieldsByDot: a field reached through a reference, `Т.Номенклатура.Вид` (two or more
  names after the table alias); inside virtual table parameters, where fields have no alias, one
  dot (`Номенклатура.Вид`) is already a dereference.
- RefOveruse: a redundant `.Ссылка`: `Т.Поле.Ссылка` (the field already is a reference) and
  `Т.Ссылка.Реквизит` on an object table (its attributes are read directly as `Т.Реквизит`); a
  tabular section, virtual or temporary table keeps `Т.Ссылка.Реквизит` legitimate."""

from __future__ import annotations

from collections.abc import Iterator

from prism_desktop.bsl.antipatterns import codes
from prism_desktop.bsl.antipatterns.findings import QueryFinding
from prism_desktop.bsl.antipatterns.query_names import is_metadata_kind, is_ref, is_virtual_table
from prism_desktop.bsl.antipatterns.query_tree import (
    Source,
    all_heads,
    core_expressions,
    cores,
    head_expressions,
    sources,
    subtree_expressions,
    subtree_sources,
    walk,
)
from prism_desktop.bsl.names import canonical
from prism_desktop.platform.query import ast as Q


def nested_field_findings(head: Q.SelectQuery) -> Iterator[QueryFinding]:
    for each in all_heads(head):
        for core in cores(each):
            in_parameters = {
                id(node)
                for source in sources(core)
                if isinstance(source, Q.TableSource) and source.params
                for param in source.params
                if param is not None
                for node in walk(param)
            }
            for expr in core_expressions(core):
                yield from _dotted(expr, in_parameters)
        for expr in head_expressions(each):
            yield from _dotted(expr, set())


def _dotted(expr: Q.Expr, in_parameters: set[int]) -> Iterator[QueryFinding]:
    for node in walk(expr):
        if not isinstance(node, Q.FieldPath):
            continue
        parts = node.parts
        # `Справочник.Товары.Наименование` names its table in full: the field names start after it
        names = parts[2:] if len(parts) >= 3 and is_metadata_kind(parts[0]) else parts[1:]
        limit = 0 if id(node) in in_parameters else 1
        if len(names) > limit:
            message = codes.nested_field_by_dot(node.text)
            yield QueryFinding(codes.QUERY_NESTED_FIELDS_BY_DOT, message, node.pos)


def ref_overuse_findings(head: Q.SelectQuery) -> Iterator[QueryFinding]:
    """Each part of the top-level union is checked with everything nested in it (as BSL LS does)."""
    for core in cores(head):
        tables = _tables(subtree_sources(core))
        for node in subtree_expressions(core):
            if isinstance(node, Q.FieldPath) and _overused(node.parts, tables):
                yield QueryFinding(codes.REF_OVERUSE, codes.ref_overuse(node.text), node.pos)


def _tables(found: Iterator[Source]) -> dict[str, bool]:
    """Alias (canonical) -> whether `Alias.Ссылка` is a real field there: true for a tabular
    section, a virtual table and a temporary table; false for an object table and a nested query.
    A table without КАК is reachable by its implicit alias, taken here as its last name (and all its
    names joined) so that `Товары.Ссылка` over `Справочник.Товары` is not mistaken for a field."""
    tables: dict[str, bool] = {}

    def add(name: str, own_ref: bool) -> None:
        key = canonical(name)
        tables[key] = tables.get(key, False) or own_ref

    for source in found:
        if isinstance(source, Q.SubquerySource):
            add(source.alias or "", False)
            continue
        parts = source.parts
        is_parameter = parts[0].startswith("&")
        own_ref = (len(parts) == 1 and not is_parameter) or len(parts) == 3 or is_virtual_table(parts)
        if source.alias:
            add(source.alias, own_ref)
        else:
            add(parts[-1], own_ref)
            add("".join(parts[1:]), own_ref)
    return tables


def _overused(parts: list[str], tables: dict[str, bool]) -> bool:
    if not tables:  # a query without ИЗ: only a chain ending in Ссылка is suspicious
        return len(parts) >= 3 and is_ref(parts[-1])
    if len(parts) < 2:
        return False
    if is_ref(parts[-2]):  # Т.Ссылка.Реквизит
        return len(parts) == 2 or not tables.get(canonical(parts[-3]), False)
    if is_ref(parts[-1]):  # Т.Поле.Ссылка, unless Т.Ссылка of a table in the query
        return canonical(parts[-2]) not in tables
    return False
