"""What the review shows of a code task's run (Python, TypeScript, Go, library): the candidate as the
sandbox received it — the extracted source file, or a library's package after the answer's patch —
and the compiler's diagnostics as gutter lines. The same extraction as scoring (code_level1), so the
lines the diagnostics name are the lines shown."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from prism_desktop.services.code_candidates import candidate_files
from prism_desktop.workspace.coding import CodingTask
from prism_desktop.workspace.coding_bench import joined_files


@dataclass(frozen=True)
class CodeCandidate:
    text: str  # "" when nothing could be built
    problem: str | None  # why nothing could be built (no block in the language, patch not applied)
    file_name: str  # solution.py / solution.ts / solution.go, or the package's folder


def code_candidate(task: CodingTask, response: str) -> CodeCandidate:
    files, _candidates, problem = candidate_files(task, response)
    if task.kind == "library":
        name = f"{task.extra.get('package')}/"
        return CodeCandidate(joined_files(files) if files else "", problem, name)
    text = files[task.source_file] if files else ""
    return CodeCandidate(text, problem, task.source_file)


def reference_file_name(task: CodingTask) -> str:
    """How the reference pane is titled: the reference file, or the library's reference package."""
    if task.kind == "library":
        return f"reference/{task.extra.get('package')}/"
    return task.path.with_suffix("").name + ".reference." + task.source_file.rsplit(".", 1)[1]


def code_diagnostic_lines(task: CodingTask, auto_run: dict[str, Any] | None) -> list[tuple[int, str, str]]:
    """(line, severity, message) of the compiler's diagnostics in the candidate's source file, for
    the gutter. Library packages are shown joined, so their lines are not marked."""
    if task.kind == "library" or not auto_run:
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
