"""What the checks report: module diagnostics, and findings in a query text positioned in that text
(the detector maps them into the module)."""

from __future__ import annotations

from dataclasses import dataclass

from prism_desktop.bsl.diagnostics import WARNING, Diagnostic
from prism_desktop.platform.query.errors import Position


def warning(code: str, message: str, line: int, column: int) -> Diagnostic:
    """Every antipattern is reported as a warning: the code runs, it is just not optimal."""
    return Diagnostic(code, WARNING, message, line, column)


@dataclass(frozen=True, slots=True)
class QueryFinding:
    code: str
    message: str
    pos: Position  # 1-based line and column inside the query text
