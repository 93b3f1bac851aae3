"""Checks of a query's data sources (BSL LS rules of the same names):
- VirtualTableCallWithoutParameters: a virtual table without parentheses, or whose parameters are all
  empty; when there are several, the first (usually the period) does not count.
- JoinWithVirtualTable / JoinWithSubQuery: a virtual table / nested query taking part in a join,
  on either side of it."""

from __future__ import annotations

from collections.abc import Iterator

from prism_desktop.bsl.antipatterns import codes
from prism_desktop.bsl.antipatterns.findings import QueryFinding
from prism_desktop.bsl.antipatterns.query_names import is_virtual_table
from prism_desktop.bsl.antipatterns.query_tree import all_cores, sources
from prism_desktop.platform.query import ast as Q


def source_findings(head: Q.SelectQuery) -> Iterator[QueryFinding]:
    for core in all_cores(head):
        for source in sources(core):
            if isinstance(source, Q.TableSource) and _is_virtual(source) and _without_parameters(source):
                yield QueryFinding(
                    codes.VIRTUAL_TABLE_CALL_WITHOUT_PARAMETERS,
                    codes.virtual_table_without_parameters(source.name),
                    source.pos,
                )
        for item in core.sources:
            if not item.joins:
                continue
            for source in (item.source, *(join.source for join in item.joins)):
                yield from _join_findings(source)


def _join_findings(source: Q.TableSource | Q.SubquerySource) -> Iterator[QueryFinding]:
    if isinstance(source, Q.SubquerySource):
        yield QueryFinding(codes.JOIN_WITH_SUB_QUERY, codes.join_with_sub_query(), source.pos)
    elif _is_virtual(source):
        message = codes.join_with_virtual_table(source.name)
        yield QueryFinding(codes.JOIN_WITH_VIRTUAL_TABLE, message, source.pos)


def _is_virtual(source: Q.TableSource | Q.SubquerySource) -> bool:
    return isinstance(source, Q.TableSource) and is_virtual_table(source.parts)


def _without_parameters(source: Q.TableSource) -> bool:
    if source.params is None:
        return True
    conditions = source.params[1:] if len(source.params) > 1 else source.params
    return all(param is None for param in conditions)
