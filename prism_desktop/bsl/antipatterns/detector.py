"""`find_antipatterns`: our static stand-in for the BSL Language Server diagnostics PRISM's O-auto
counts (smop_l1_auto.yaml axes.O.white_list), computed on our own BSL syntax tree and on the query
texts the module gives to its queries."""

from __future__ import annotations

from prism_desktop.bsl.antipatterns.current_date import current_date_diagnostics
from prism_desktop.bsl.antipatterns.query_checks import query_diagnostics
from prism_desktop.bsl.antipatterns.query_in_loop import query_in_loop_diagnostics
from prism_desktop.bsl.diagnostics import Diagnostic
from prism_desktop.bsl.parser import parse_module


def find_antipatterns(code: str) -> list[Diagnostic]:
    """White-list antipatterns of a BSL module, sorted by position, one per (code, position). Never
    raises; a module with syntax errors gives [] (O-auto applies to code that runs)."""
    parsed = parse_module(code)
    if not parsed.ok:
        return []
    module = parsed.module
    try:
        found = [
            *query_in_loop_diagnostics(module),
            *current_date_diagnostics(module),
            *query_diagnostics(module, code),
        ]
    except RecursionError:  # the caller's own stack was already nearly exhausted
        return []
    unique: dict[tuple[str, int, int], Diagnostic] = {}
    for diagnostic in found:
        unique.setdefault((diagnostic.code, diagnostic.line, diagnostic.column), diagnostic)
    return sorted(unique.values(), key=Diagnostic.sort_key)
