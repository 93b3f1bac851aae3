"""Which declared function the tests call (PRISM_FORMAT §3.2), and the category-B auto-export
of that declaration (§1.9). Only the Russian keyword forms are recognised (§0). Detection and
auto-export themselves live in bsl/candidate_text.py, shared with the in-container harness."""

from __future__ import annotations

from collections.abc import Sequence

from prism_desktop.bsl.candidate_text import (
    EntryPatternError,
    declared_functions,
    detect_entry_point,
    ensure_exported,
)

__all__ = [
    "NO_ENTRY_REASON",
    "EntryPatternError",
    "declared_functions",
    "declared_routines",
    "detect_entry_point_a",
    "detect_entry_point_b",
    "detect_entry_point_for",
    "ensure_exported",
]

NO_ENTRY_REASON = "в коде кандидата не найдено ни одной функции"


def declared_routines(code: str) -> list[str]:
    """Names of function and procedure declarations, in order of declaration."""
    return declared_functions(code, include_procedures=True)


def detect_entry_point_a(code: str, patterns: Sequence[str]) -> str | None:
    """Category A (M and O-exec): functions only."""
    return detect_entry_point(code, patterns, include_procedures=False)


def detect_entry_point_b(code: str, patterns: Sequence[str]) -> str | None:
    """Category B: functions and procedures (B tasks may fill a table in place)."""
    return detect_entry_point(code, patterns, include_procedures=True)


def detect_entry_point_for(code: str, patterns: Sequence[str], category: str) -> str | None:
    return detect_entry_point(code, patterns, include_procedures=category == "B")
