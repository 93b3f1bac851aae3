"""Runs the query-text checks over every query text of a module and reports each finding at the
module line and column of the string literal character it points to."""

from __future__ import annotations

from collections.abc import Iterator

from prism_desktop.bsl import ast as A
from prism_desktop.bsl.antipatterns.findings import QueryFinding, warning
from prism_desktop.bsl.antipatterns.literal_positions import LiteralIndex
from prism_desktop.bsl.antipatterns.query_clauses import logical_or_findings, top_findings
from prism_desktop.bsl.antipatterns.query_fields import nested_field_findings, ref_overuse_findings
from prism_desktop.bsl.antipatterns.query_sources import source_findings
from prism_desktop.bsl.antipatterns.query_texts import query_texts
from prism_desktop.bsl.diagnostics import Diagnostic
from prism_desktop.platform.query import ast as Q
from prism_desktop.platform.query.errors import QueryError
from prism_desktop.platform.query.lexer import Token, tokenize
from prism_desktop.platform.query.parser import parse_query


def query_diagnostics(module: A.Module, code: str) -> Iterator[Diagnostic]:
    for text in query_texts(module, LiteralIndex(code)):
        try:
            batch = parse_query(text.text)
            tokens = tokenize(text.text)
            findings = [finding for statement in batch.statements for finding in _findings(statement, tokens)]
        except (QueryError, RecursionError):  # not a query, or one too deep to read: nothing to report
            continue
        for finding in findings:
            line, column = text.module_position(finding.pos.line, finding.pos.column)
            yield warning(finding.code, finding.message, line, column)


def _findings(statement: Q.Statement, tokens: list[Token]) -> Iterator[QueryFinding]:
    if isinstance(statement, Q.SelectQuery):
        yield from source_findings(statement)
        yield from nested_field_findings(statement)
        yield from ref_overuse_findings(statement)
        yield from top_findings(statement, tokens)
        yield from logical_or_findings(statement)
