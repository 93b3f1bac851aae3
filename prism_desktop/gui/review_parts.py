"""What the review shows differently per kind of task, chosen once per run: the benchmark kind's
registry answers `panes(...)` (services/benchmark_kinds.py: a RunPanes, Qt-free) and `ReviewParts`
applies it to the widgets — the code panes' language, titles and candidate (for a code task, the
candidate as the sandbox received it), the line under the statement (a code task's language, tests
and timeout), the logs' mode and the candidate's gutter marks. No kind is named here: what differs
is in the RunPanes."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication

from prism_desktop.gui.code_compare import CodeCompare
from prism_desktop.gui.code_editor import GutterMarker
from prism_desktop.gui.reason_texts import localized_reason
from prism_desktop.services.benchmark_kinds import RunPanes, kind_of
from prism_desktop.services.grading import RunReview
from prism_desktop.workspace.tasks import Task
from prism_desktop.workspace.workspace import Workspace

TR_CONTEXT = "ReviewView"  # these texts were the review view's and keep their translations
LIBRARY_LABEL = "library"  # RunPanes.task_label of a Commit-0 style library task (its report group)


def tr(text: str) -> str:
    return QCoreApplication.translate(TR_CONTEXT, text)


def candidate_note(review: RunReview, code: str, problem: str | None) -> str | None:
    """Why the candidate pane is empty or holds no code, in words (None when it holds code).
    `code` and `problem`: the candidate as measured and why none could be built from the answer."""
    if review.success is False:
        reason = review.error or tr("no reason given")
        return tr("The generation failed: %1").replace("%1", reason)
    if not code.strip():
        if not review.response.strip():
            return tr("The model's answer is empty.")
        if problem:
            return tr("No candidate: %1 (see the Raw response tab).").replace("%1", localized_reason(problem))
        return tr("No code was found in the model's answer (see the Raw response tab).")
    return None


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


@dataclass(frozen=True)
class ReviewParts:
    """One run's RunPanes, applied to the review's widgets."""

    panes: RunPanes

    @property
    def code_mode(self) -> bool:
        """The logs show a tests table (code runs) or PRISM's 1C legs."""
        return self.panes.logs == "code"

    def show_code(self, code: CodeCompare, review: RunReview, task: Task | None) -> None:
        """Fill the reference and candidate panes (language, titles, texts, the note over them)."""
        panes = self.panes
        code.set_language(panes.language, panes.reference_name, panes.candidate_name)
        code.set_texts(task.canonical if task else None, panes.candidate_text)
        code.set_candidate_note(candidate_note(review, panes.candidate_text, panes.candidate_problem))

    def statement_line(self) -> str:
        """Markdown added under the task's statement ("" for none)."""
        panes = self.panes
        if panes.task_label is None:
            return ""
        label = tr("library (Commit-0 style)") if panes.task_label == LIBRARY_LABEL else panes.task_label
        line = (
            tr("Language: %1 · %2 tests · %3 s per test")
            .replace("%1", label)
            .replace("%2", str(panes.test_count))
            .replace("%3", f"{panes.timeout_s:g}")
        )
        return f"\n\n*{line}*"

    def markers(self, review: RunReview) -> list[GutterMarker]:
        """The candidate's gutter marks from the machine's measurements (a 1C run's from its record)."""
        if self.panes.diagnostics is None:
            return bsl_markers(review)
        return [GutterMarker(*mark) for mark in self.panes.diagnostics]


def review_parts(workspace: Workspace, review: RunReview) -> ReviewParts:
    """The parts of `review`'s run: the workspace's kind decides, once."""
    panes = kind_of(workspace).panes(
        workspace, review.task_id, review.response, review.candidate_code, review.auto_run
    )
    return ReviewParts(panes)


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
