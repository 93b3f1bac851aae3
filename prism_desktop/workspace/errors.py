"""Errors for bad workspace input: each names the file, the key path or line, what was found and
what was expected, so a user can fix the file without reading a traceback."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from prism_desktop.errors import InputError


@dataclass(frozen=True)
class Problem:
    """One thing wrong with one input file."""

    path: Path | str
    key: str | None = None  # key path, e.g. "tests[3].expected" or "axes.M.scoring.table[2].score"
    line: int | None = None  # 1-based, when the source position is known
    found: str | None = None
    expected: str | None = None
    message: str | None = None  # free text when found/expected do not fit
    column: int | None = None  # 1-based, when known (JSON syntax errors)

    def __str__(self) -> str:
        where = str(self.path)
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        parts = [where]
        if self.key:
            parts.append(self.key)
        text = ": ".join(parts)
        detail = []
        if self.message:
            detail.append(self.message)
        if self.found is not None:
            detail.append(f"found {self.found}")
        if self.expected is not None:
            detail.append(f"expected {self.expected}")
        return f"{text}: {', '.join(detail)}" if detail else text


class WorkspaceError(InputError):
    """Raised with every problem found, never with a half-read result."""

    def __init__(self, problems: list[Problem] | Problem):
        self.problems: list[Problem] = [problems] if isinstance(problems, Problem) else list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


T = TypeVar("T")


class ProblemCollector:
    """Runs several loads, keeps going past failures, and gathers every problem they raise, so
    one pass reports everything wrong and nothing half-read escapes."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def attempt(self, load: Callable[[], T]) -> T | None:
        """`load()`, or None after recording the problems of its WorkspaceError."""
        try:
            return load()
        except WorkspaceError as exc:
            self.problems.extend(exc.problems)
            return None

    def raise_if_any(self) -> None:
        if self.problems:
            raise WorkspaceError(self.problems)
