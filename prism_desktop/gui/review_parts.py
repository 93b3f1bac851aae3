"""What the review shows differently per kind of task, chosen once per run by one lookup: a 1C run
(PRISM or the 1C Code Bench: BSL panes, the analyzer's or compiler's gutter marks), a code run
(Python/TypeScript/Go: the candidate as the sandbox received it, its compiler's marks, a line with
the language and tests under the statement, the logs' tests table) and a library run (Commit-0
style: the package after the answer's patch, joined, not marked). `REVIEW_PARTS` is keyed by the
workspace's `kind`, so a registry of benchmark kinds can carry these factories later."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, Protocol

from PySide6.QtCore import QCoreApplication

from prism_desktop.gui.code_compare import CodeCompare
from prism_desktop.gui.code_editor import GutterMarker
from prism_desktop.gui.reason_texts import localized_reason
from prism_desktop.services.code_review import code_candidate, code_diagnostic_lines, reference_file_name
from prism_desktop.services.grading import RunReview
from prism_desktop.workspace.coding import CodingTask
from prism_desktop.workspace.tasks import Task
from prism_desktop.workspace.workspace import Workspace

TR_CONTEXT = "ReviewView"  # these texts were the review view's and keep their translations


def tr(text: str) -> str:
    return QCoreApplication.translate(TR_CONTEXT, text)


class ReviewParts(Protocol):
    code_mode: ClassVar[bool]  # the logs show a tests table (code runs) or PRISM's 1C legs

    def show_code(self, code: CodeCompare, review: RunReview, task: Task | None) -> None:
        """Fill the reference and candidate panes (language, titles, texts, the note over them)."""

    def statement_line(self) -> str:
        """Markdown added under the task's statement ("" for none)."""

    def markers(self, review: RunReview) -> list[GutterMarker]:
        """The candidate's gutter marks from the machine's measurements."""


def candidate_note(review: RunReview, code: str | None = None, problem: str | None = None) -> str | None:
    """Why the candidate pane is empty or holds no code, in words (None when it holds code).
    `code` and `problem`: a code task's candidate and why none could be built."""
    if review.success is False:
        reason = review.error or tr("no reason given")
        return tr("The generation failed: %1").replace("%1", reason)
    if not (review.candidate_code if code is None else code).strip():
        if not review.response.strip():
            return tr("The model's answer is empty.")
        if problem:
            return tr("No candidate: %1 (see the Raw response tab).").replace("%1", localized_reason(problem))
        return tr("No code was found in the model's answer (see the Raw response tab).")
    return None


def statement_markdown(task_id: str, task: Task | None, parts: ReviewParts) -> str:
    """The statement pane: the task's prompt, its signature and what the kind adds. Markdown for the
    layout, but no HTML in it (the failure reason, text from the model's API, is at the top of the
    candidate pane, as plain text)."""
    if task is None:
        return tr(
            "**Task %1 is not in the open workspace**; its statement and reference cannot be shown."
        ).replace("%1", task_id)
    signature = f"\n\n`{task.signature}`" if task.signature else ""
    return f"{task.prompt.strip()}{signature}{parts.statement_line()}"


def bsl_markers(review: RunReview) -> list[GutterMarker]:
    """The analyzer's diagnostics (category A) or the compiler's error lines (category B, from the
    1C run record, or from an imported auto file's detail)."""
    result = review.run_result
    if result is not None and result.syntax is not None:
        return [GutterMarker(d.line, d.severity, f"{d.code}: {d.message}") for d in result.syntax.diagnostics]
    if result is not None and result.b_run is not None:
        run = result.b_run
        return [
            GutterMarker(line, "error", message)
            for line, message in zip(
                run.compile_error_lines,
                run.compile_errors + [""] * len(run.compile_error_lines),
                strict=False,
            )
        ]
    detail = ((review.auto_run or {}).get("detail") or {}).get("M") or {}
    lines = detail.get("compile_error_lines") or [] if isinstance(detail, dict) else []
    errors = (detail.get("compile_errors") or []) if isinstance(detail, dict) else []
    return [
        GutterMarker(int(line), "error", errors[i] if i < len(errors) else "") for i, line in enumerate(lines)
    ]


class BslParts:
    """A 1C run: the extracted BSL code beside the task's canonical solution."""

    code_mode: ClassVar[bool] = False

    def show_code(self, code: CodeCompare, review: RunReview, task: Task | None) -> None:
        # a 1C Code Bench task names the module its reference function comes from
        code.set_language("bsl", task.extra.get("reference_file") if task else None)
        code.set_texts(task.canonical if task else None, review.candidate_code)
        code.set_candidate_note(candidate_note(review))

    def statement_line(self) -> str:
        return ""

    def markers(self, review: RunReview) -> list[GutterMarker]:
        return bsl_markers(review)


@dataclass
class CodeParts:
    """A Python/TypeScript/Go run: the candidate's source file, highlighted by its language."""

    code_task: CodingTask
    code_mode: ClassVar[bool] = True

    def show_code(self, code: CodeCompare, review: RunReview, task: Task | None) -> None:
        candidate = code_candidate(self.code_task, review.response)
        code.set_language(self.code_task.language, reference_file_name(self.code_task), candidate.file_name)
        code.set_texts(task.canonical if task else None, candidate.text)
        code.set_candidate_note(candidate_note(review, candidate.text, candidate.problem))

    def kind_name(self) -> str:
        return self.code_task.language

    def statement_line(self) -> str:
        line = (
            tr("Language: %1 · %2 tests · %3 s per test")
            .replace("%1", self.kind_name())
            .replace("%2", str(self.code_task.test_count))
            .replace("%3", f"{self.code_task.timeout_s:g}")
        )
        return f"\n\n*{line}*"

    def markers(self, review: RunReview) -> list[GutterMarker]:
        return [GutterMarker(*mark) for mark in code_diagnostic_lines(self.code_task, review.auto_run)]


class LibraryParts(CodeParts):
    """A Commit-0 style library run: the whole package after the answer's patch."""

    def kind_name(self) -> str:
        return tr("library (Commit-0 style)")


CODE_TASK_PARTS: dict[str, Callable[[CodingTask], ReviewParts]] = {"code": CodeParts, "library": LibraryParts}


def one_c_parts(_workspace: Workspace, _task_id: str) -> ReviewParts:
    return BslParts()


def coding_parts(workspace: Workspace, task_id: str) -> ReviewParts:
    """A coding bench holds code and library tasks; a run whose task is gone is shown as text."""
    code_task = workspace.code_task(task_id)
    return BslParts() if code_task is None else CODE_TASK_PARTS[code_task.kind](code_task)


REVIEW_PARTS: dict[str, Callable[[Workspace, str], ReviewParts]] = {
    "prism": one_c_parts,
    "1c-code-bench": one_c_parts,
    "coding": coding_parts,
}


def review_parts(workspace: Workspace, task_id: str) -> ReviewParts:
    """The parts for a run of `task_id`: the workspace's kind decides, once."""
    return REVIEW_PARTS.get(workspace.kind, one_c_parts)(workspace, task_id)
