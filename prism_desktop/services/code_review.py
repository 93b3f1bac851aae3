"""What the review shows of a code task's run (Python, TypeScript, Go, library): the candidate as the
sandbox received it — the extracted source file, or a library's package after the answer's patch —
and the compiler's diagnostics as gutter lines. The same extraction as scoring (code_level1), so the
lines the diagnostics name are the lines shown."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from prism_desktop.services.task_kinds import task_kind
from prism_desktop.workspace.coding import CodingTask


@dataclass(frozen=True)
class CodeCandidate:
    text: str  # "" when nothing could be built
    problem: str | None  # why nothing could be built (no block in the language, patch not applied)
    file_name: str  # solution.py / solution.ts / solution.go, or the package's folder


def code_candidate(task: CodingTask, response: str) -> CodeCandidate:
    kind = task_kind(task)
    built = kind.candidate(task, response)
    text = kind.candidate_text(task, built.files) if built.files else ""
    return CodeCandidate(text, built.problem, kind.candidate_pane(task))


def reference_file_name(task: CodingTask) -> str:
    """How the reference pane is titled: the reference file, or the library's reference package."""
    return task.task_kind.reference_pane(task)


def code_diagnostic_lines(task: CodingTask, auto_run: dict[str, Any] | None) -> list[tuple[int, str, str]]:
    """(line, severity, message) of the compiler's diagnostics in the candidate's source file, for
    the gutter. Library packages are shown joined, so their lines are not marked."""
    if not task.task_kind.marks_diagnostics or not auto_run:
        return []
    detail = ((auto_run.get("detail") or {}).get("S")) or {}
    found = detail.get("diagnostics") if isinstance(detail, dict) else None
    lines = []
    for item in found if isinstance(found, list) else []:
        if not isinstance(item, dict) or not isinstance(item.get("line"), int):
            continue
        if item.get("file") not in (None, "", task.source_file):
            continue
        code = f"{item['code']}: " if item.get("code") else ""
        lines.append(
            (item["line"], str(item.get("severity") or "error"), code + str(item.get("message") or ""))
        )
    return lines
