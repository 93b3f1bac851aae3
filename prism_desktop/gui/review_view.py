"""The review of one run: the task statement, reference and candidate side by side, every log, the
machine's scores and the expert's grading panel, driven from the keyboard.

Every grade change is committed at once through services.grading, so a killed app loses nothing.
In a blind session the machine's scores and details and other experts' grades stay hidden until the
current expert has graded every applicable axis of the run.

Keys (active while the focus is anywhere inside the view): S M O P (or Ы Ь Щ З on the Russian
layout) choose the axis; 0 2 4 6 8 set its step and 1 sets 10 (a single key for the top step; "-"
is left free); Backspace/Delete clears it; Enter saves and asks for the next ungraded run; Ctrl+Z
undoes the last change; Ctrl+0..3 set the approach; C (С) types a comment, Esc leaves it; F1 or ?
shows the help overlay.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from prism_desktop.gui.actions import make_action
from prism_desktop.gui.app_workers import Background, ImmediateWrites
from prism_desktop.gui.code_compare import CodeCompare
from prism_desktop.gui.code_editor import GutterMarker, LanguageAware
from prism_desktop.gui.colour_scheme import colour_text, follow_scheme, on_scheme_change, scheme
from prism_desktop.gui.grade_history import GradeHistory
from prism_desktop.gui.grading_panel import GradingPanel
from prism_desktop.gui.help_overlay import HelpOverlay
from prism_desktop.gui.hotkeys import Scope, help_rows
from prism_desktop.gui.logs_tabs import LogsTabs
from prism_desktop.gui.plain_text import MARKDOWN_WITHOUT_HTML, escape
from prism_desktop.gui.reason_texts import localized_reason
from prism_desktop.gui.scores_panel import ScoresPanel
from prism_desktop.services.annotations import is_flagged, set_flag
from prism_desktop.services.code_review import code_candidate, code_diagnostic_lines, reference_file_name
from prism_desktop.services.grading import (
    GradeConflict,
    GradingError,
    RunReview,
    UndoneChange,
    applicable_axes,
    clear_grade,
    ensure_expert,
    grades_for_run,
    load_run_review,
    machine_axes,
    next_ungraded_run,
    save_grade,
    save_note,
    undo_last,
)
from prism_desktop.services.model_comparison import sample_siblings
from prism_desktop.services.save_failures import failure_text
from prism_desktop.services.sessions import SessionSummary, session_info
from prism_desktop.services.team_sessions import run_history
from prism_desktop.services.visibility import SHOWN, Visibility, run_visibility
from prism_desktop.store import Store
from prism_desktop.vocabulary import AXES, GRADE_STEPS
from prism_desktop.workspace.coding import CodingTask
from prism_desktop.workspace.tasks import Task
from prism_desktop.workspace.workspace import Workspace


def diagnostic_markers(review: RunReview) -> list[GutterMarker]:
    """Gutter markers of the candidate: the analyzer's diagnostics (category A) or the compiler's
    error lines (category B, from the 1C run record)."""
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


BUSY_NOTICE_MS = 5000  # a save still waiting after this long says the store is busy


@dataclass
class PendingWrite:
    """One change the expert made, on its way to the store (or failed, kept for Retry)."""

    run_id: int
    what: str  # in the expert's words: "S = 8 on run #12"
    work: Callable[[], Any]
    after: Callable[[Any], None]


class SaveErrorBar(LanguageAware, QFrame):
    """Red bar over the grading panel: what was not saved, why, and Retry."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("saveErrorBar")
        follow_scheme(
            self,
            lambda: self.setStyleSheet(
                f"QFrame#saveErrorBar {{ background: {scheme().error_background};"
                f" border: 1px solid {scheme().error_border}; border-radius: 4px; }}"
            ),
        )
        self.text = QLabel()
        self.text.setTextFormat(Qt.TextFormat.PlainText)  # the store's own message is quoted
        self.text.setWordWrap(True)
        colour_text(self.text, lambda c: c.error_text)
        self.retry = QPushButton()
        self.retry.setObjectName("retrySaveButton")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.addWidget(self.text, 1)
        layout.addWidget(self.retry, 0, Qt.AlignmentFlag.AlignTop)
        self.retranslate()
        self.hide()

    def retranslate(self) -> None:
        self.retry.setText(self.tr("Retry"))

    def show_failure(self, text: str, count: int) -> None:
        more = self.tr(" (%1 changes are waiting)").replace("%1", str(count)) if count > 1 else ""
        self.text.setText(text + more)
        self.show()


class ReviewView(LanguageAware, QWidget):
    gradeSaved = Signal(int)  # run id whose grades changed (saved, cleared or undone)
    requestNextRun = Signal()  # Enter: the host moves on (next_ungraded_run_id() knows the next one)
    currentRunChanged = Signal(int)  # the view moved itself (undo of a change on an earlier run)
    skipped = Signal(int)  # run id the expert skipped on purpose
    flagChanged = Signal(int, bool)  # run id, flagged "unsure"

    def __init__(
        self,
        store: Store,
        workspace: Workspace,
        expert_name: str | None,
        session_id: int | None,
        parent: QWidget | None = None,
        *,
        shortcuts: bool = True,
        writer: Background | ImmediateWrites | None = None,
    ):
        super().__init__(parent)
        self.setObjectName("reviewView")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.store = store
        self.workspace = workspace
        self.expert_name: str | None = None
        self.expert_id: int | None = None
        self.session_id: int | None = None
        self.session: SessionSummary | None = None
        self.review: RunReview | None = None
        self.task: Task | None = None
        self.code_task: CodingTask | None = None  # the task's code form in a coding workspace
        self.machine_hidden = False
        self.visible: Visibility = SHOWN
        self._header_model_shown = True

        self.header = QLabel()
        self.header.setObjectName("reviewHeader")
        self.header.setTextFormat(Qt.TextFormat.RichText)
        self.header.setWordWrap(True)  # a long task title wraps rather than widening the window
        self.badge = QLabel()
        self.badge.setTextFormat(Qt.TextFormat.RichText)
        self.siblings = QLabel()  # "sample 3 of 10" and, when the machine may be seen, how each sample scored
        self.siblings.setObjectName("reviewSiblings")
        self.siblings.setTextFormat(Qt.TextFormat.PlainText)
        self.statement = QTextBrowser()
        self.statement.setObjectName("taskStatement")
        self.statement.setOpenExternalLinks(False)
        self.code = CodeCompare()
        self.logs = LogsTabs()
        self.scores = ScoresPanel()
        self.grading = GradingPanel()
        self.history = GradeHistory()
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setStyleSheet(f"color: {scheme().bad};")
        self.message.hide()
        self.help = HelpOverlay(self)
        # Writes: the main window's task runner (store lane), or at once on this thread when alone.
        self.writer = writer or ImmediateWrites()
        self._pending: list[PendingWrite] = []
        self._failed: list[PendingWrite] = []
        self._saved_note: tuple[str | None, str | None] = (None, None)
        # (run, axis) -> the version of the expert's grade this window last saw (0: no grade). Every
        # save passes it, so a grade changed elsewhere meanwhile is refused, not overwritten. The
        # store lane's writes read and advance it in order; a refresh sets it from the store only
        # when none of this run's writes is on its way.
        self._versions: dict[tuple[int, str], int] = {}
        self._busy_timer = QTimer(self)
        self._busy_timer.setSingleShot(True)
        self._busy_timer.setInterval(BUSY_NOTICE_MS)
        self._busy_timer.timeout.connect(self._store_busy)
        self.save_error = SaveErrorBar()
        self.save_error.retry.clicked.connect(self.retry_failed)

        top = QHBoxLayout()
        top.setContentsMargins(4, 2, 4, 2)
        top.addWidget(self.header, 1)
        top.addWidget(self.siblings)
        top.addSpacing(self.fontMetrics().horizontalAdvance("0") * 3)  # "sample 2 of 10" apart from BLIND
        top.addWidget(self.badge)
        left = self.left_splitter = QSplitter(Qt.Orientation.Vertical)
        left.addWidget(self.statement)
        left.addWidget(self.code)
        left.addWidget(self.logs)
        left.setStretchFactor(0, 0)
        left.setStretchFactor(1, 3)
        left.setStretchFactor(2, 2)
        left.setSizes([110, 420, 260])
        column = QWidget()
        column_layout = QVBoxLayout(column)
        column_layout.setContentsMargins(4, 0, 4, 0)
        column_layout.setSpacing(8)
        column_layout.addWidget(self.save_error)
        column_layout.addWidget(self.grading)
        column_layout.addWidget(self.message)
        column_layout.addWidget(self.history)
        column_layout.addWidget(self.scores)
        column_layout.addStretch(1)
        self.right = QScrollArea()
        self.right.setWidgetResizable(True)
        self.right.setFrameShape(QFrame.Shape.NoFrame)
        self.right.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.right.setWidget(column)
        self.right.setMinimumWidth(380)
        right = self.grading.pin_actions_under(self.right)
        self.splitter = QSplitter()
        self.splitter.addWidget(left)
        self.splitter.addWidget(right)
        self.splitter.setStretchFactor(0, 1)  # a wider window widens the code, not the grading column
        self.splitter.setStretchFactor(1, 0)
        self.splitter.setSizes([900, 420])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.setSpacing(2)
        layout.addLayout(top)
        layout.addWidget(self.splitter, 1)

        self.grading.stepChosen.connect(self._grade)
        self.grading.noteEdited.connect(self._save_note)
        self.grading.saveAndNext.connect(self.save_and_next)
        self.grading.skipRequested.connect(self.skip)
        self.grading.flagToggled.connect(self._flag_clicked)
        self.grading.currentAxisChanged.connect(
            lambda axis: self.right.ensureWidgetVisible(self.grading.boxes[axis], 0, 0)
        )
        self.logs.lineActivated.connect(self._jump_to_line)
        self.code.candidateLineClicked.connect(self._jump_to_line)
        self._commands = self.commands()
        if shortcuts:
            self._install_shortcuts()
        self.set_expert(expert_name)
        self.set_session(session_id)
        self.retranslate()
        on_scheme_change(self, self.retranslate)  # the header and the badge carry scheme colours
        self.show_run(None)

    # -- keyboard ---------------------------------------------------------------------------------

    def commands(self) -> dict[str, Callable[[], None]]:
        """What each grading key does (gui/hotkeys.py names them); the main window binds them
        window-wide, a view on its own binds them to itself."""
        commands: dict[str, Callable[[], None]] = {
            "grade.clear": self.clear_current,
            "grade.save_next": self.save_and_next,
            "grade.skip": self.skip,
            "grade.flag": self.toggle_flag,
            "grade.undo": self.undo,
            "grade.comment": self._focus_comment,
            "grade.leave_comment": self._leave_comment,
            "help.keys": self.toggle_help,
        }
        for axis in AXES:
            commands[f"grade.axis.{axis}"] = partial(self.grading.set_current_axis, axis)
        for step in GRADE_STEPS:
            commands[f"grade.step.{step}"] = partial(self.grade_current, step)
        for index in range(4):
            commands[f"grade.approach.{index}"] = partial(self.grading.set_approach_index, index)
        return commands

    def run_command(self, name: str) -> None:
        """One grading command; any key first closes the help overlay when it is open."""
        if self.help.isVisible():
            self.help.hide()
            return
        self._commands[name]()

    def _install_shortcuts(self) -> None:
        """A view on its own (tests, embedding) binds the grading keys to itself."""
        for name in self._commands:
            make_action(
                self,
                name,
                None,
                partial(self.run_command, name),
                Qt.ShortcutContext.WidgetWithChildrenShortcut,
            )

    def keyPressEvent(self, event: QKeyEvent) -> None:
        # "?" is Shift+/ on some layouts and a plain key on others, which a QShortcut cannot match
        # on every platform; the text of the key is the same everywhere. Text fields keep their "?".
        if event.text() == "?":
            self.run_command("help.keys")
            event.accept()
            return
        super().keyPressEvent(event)

    def _focus_comment(self) -> None:
        self.grading.comment_edit.setFocus()

    def _leave_comment(self) -> None:
        if self.grading.comment_edit.hasFocus():
            self._save_note()
        self.setFocus()

    def toggle_help(self) -> None:
        if self.help.isVisible():
            self.help.hide()
        else:
            self.show_help()

    def show_help(self) -> None:
        """The overlay lists every key of the one table (gui/hotkeys.py)."""
        self.help.set_shortcuts(
            self.tr("Keyboard shortcuts"),
            help_rows(Scope.GRADING, Scope.WINDOW),
            self.tr("Every grade is saved the moment you give it. Any key closes this help."),
        )
        self.help.open()

    # -- setup ------------------------------------------------------------------------------------

    def retranslate(self) -> None:
        self._show_identity()
        if self.review is not None:
            self._show_header()

    def set_expert(self, name: str | None) -> None:
        """The expert who grades; None or blank disables grading until one identifies themself."""
        self.expert_name = (name or "").strip() or None
        self.expert_id = ensure_expert(self.store, self.expert_name) if self.expert_name else None
        self.grading.setEnabled(self.expert_id is not None)
        self._show_identity()
        if self.review is not None:
            self._refresh_grades()

    def set_session(self, session_id: int | None) -> None:
        self.session_id = session_id
        self.session = session_info(self.store, session_id) if session_id is not None else None
        self._show_identity()
        if self.review is not None:
            self.show_run(self.review.run_id)

    def _show_identity(self) -> None:
        who = self.expert_name or self.tr("nobody — identify yourself to grade")
        where = (
            self.tr("session «%1»").replace("%1", self.session.name)
            if self.session
            else self.tr("standalone grading")
        )
        self.grading.identity.setText(self.tr("Expert: %1 · %2").replace("%1", who).replace("%2", where))
        if self.session is None:
            self.badge.setText("")
        elif self.session.blind:
            self.badge.setText(
                f"<span style='background:{scheme().badge_background};color:{scheme().badge_text};"
                "padding:2px 6px;border-radius:3px'>"
                + self.tr("BLIND")
                + "</span>"
            )
        else:
            self.badge.setText(self.tr("open session"))

    # -- showing a run ----------------------------------------------------------------------------

    @property
    def run_id(self) -> int | None:
        return self.review.run_id if self.review else None

    def show_run(self, run_id: int | None) -> None:
        self.message.hide()
        if run_id is None:
            self.review, self.task, self.code_task = None, None, None
            self.header.setText(self.tr("Choose a run to review."))
            self.statement.clear()
            self.code.set_texts("", "")
            self.code.set_candidate_note(None)
            self.logs.set_raw_response(None)
            self.logs.show_result(None, None)
            self.logs.set_stored_context(None, None, None)
            self.grading.set_axes((), {})
            self.grading.setEnabled(False)
            self.history.show_changes([])
            self.scores.show_scores([], None, [], None, hidden=False)
            return
        review = load_run_review(self.store, run_id)
        if self.review is None or self.review.run_id != run_id:
            self.grading.reason_edit.clear()  # a reason belongs to the changes of one run
        self.review = review
        try:
            self.task = self.workspace.task(review.task_id)
        except KeyError:
            self.task = None
        self.code_task = self.workspace.code_task(review.task_id)
        self._show_header()
        self._show_statement()
        reference = self.task.canonical if self.task else None
        if self.code_task is not None:
            # Python/TypeScript/Go or a library: the candidate as the sandbox received it, highlighted
            # by its language's Pygments lexer; a library is its whole package after the patch.
            candidate = code_candidate(self.code_task, review.response)
            name = reference_file_name(self.code_task)
            self.code.set_language(self.code_task.language, name, candidate.file_name)
            self.code.set_texts(reference, candidate.text)
            self.code.set_candidate_note(self.candidate_note(review, candidate.text, candidate.problem))
        else:
            # a 1C Code Bench task names the module its reference function comes from
            reference_file = self.task.extra.get("reference_file") if self.task else None
            self.code.set_language("bsl", reference_file)
            self.code.set_texts(reference, review.candidate_code)
            self.code.set_candidate_note(self.candidate_note(review))
        self.logs.set_raw_response(review.response)
        self.logs.set_code_mode(self.code_task is not None)
        self.logs.show_result(review.run_result, review.auto_run)
        self.logs.set_stored_context(review.runner, review.isolated, review.raw_logs)
        l2 = self.workspace.protocols.l2
        axes = applicable_axes(review.category, l2)
        self.grading.set_axes(axes, {a: l2.axes[a].criteria for a in axes if a in l2.axes})
        self.grading.setEnabled(self.expert_id is not None)
        self._refresh_grades()
        steps = self.grading.steps()
        self.grading.set_current_axis(next((a for a in axes if a not in steps), axes[0] if axes else None))

    def candidate_note(
        self, review: RunReview, code: str | None = None, problem: str | None = None
    ) -> str | None:
        """Why the candidate pane is empty or holds no code, in words (None when it holds code).
        `code` and `problem`: a code task's candidate and why none could be built."""
        if review.success is False:
            reason = review.error or self.tr("no reason given")
            return self.tr("The generation failed: %1").replace("%1", reason)
        if not (review.candidate_code if code is None else code).strip():
            if not review.response.strip():
                return self.tr("The model's answer is empty.")
            if problem:
                note = self.tr("No candidate: %1 (see the Raw response tab).")
                return note.replace("%1", localized_reason(problem))
            return self.tr("No code was found in the model's answer (see the Raw response tab).")
        return None

    def _show_header(self) -> None:
        review = self.review
        assert review is not None
        # Names come from the experiment file and the model: escaped inside our own markup.
        name = escape(review.task_name or (self.task.name if self.task else ""))
        self._header_model_shown = self.visible.model
        model = escape(review.model_name or review.model_id) if self.visible.model else self.tr("hidden")
        where = f"{escape(review.experiment)} · #{review.run_id}"
        self.header.setText(
            f"<b>{escape(review.task_id)}</b> · {name} &nbsp;|&nbsp; "
            + self.tr("model <b>%1</b>, run %2, category %3")
            .replace("%1", model)
            .replace("%2", str(review.run_index))
            .replace("%3", escape(review.category))
            + f" &nbsp;|&nbsp; <span style='color:{scheme().muted}'>{where}</span>"
        )

    def _show_statement(self) -> None:
        review = self.review
        assert review is not None
        task = self.task
        if task is None:
            self.statement.document().setMarkdown(
                self.tr(
                    "**Task %1 is not in the open workspace**; its statement and reference cannot be shown."
                ).replace("%1", review.task_id),
                MARKDOWN_WITHOUT_HTML,
            )
            return
        extra = f"\n\n`{task.signature}`" if task.signature else ""
        if self.code_task is not None:
            code_task = self.code_task
            kind = self.tr("library (Commit-0 style)") if code_task.kind == "library" else code_task.language
            extra += (
                "\n\n*"
                + (
                    self.tr("Language: %1 · %2 tests · %3 s per test")
                    .replace("%1", kind)
                    .replace("%2", str(code_task.test_count))
                    .replace("%3", f"{code_task.timeout_s:g}")
                )
                + "*"
            )
        # Markdown for the layout of the statement, but no HTML in it (the failure reason, text from
        # the model's API, is at the top of the candidate pane, as plain text).
        self.statement.document().setMarkdown(f"{task.prompt.strip()}{extra}", MARKDOWN_WITHOUT_HTML)

    def _refresh_grades(self) -> None:
        review = self.review
        if review is None:
            return
        grades = grades_for_run(self.store, review.run_id, self.session_id)
        mine = [g for g in grades if g.expert_id == self.expert_id]
        steps = {g.axis: g.step for g in mine}
        if not any(w.run_id == review.run_id for w in self._pending):
            shown = {g.axis: g.version for g in mine}
            for axis in AXES:
                self._versions[(review.run_id, axis)] = shown.get(axis, 0)
        note = next((g for g in mine if g.comment or g.approach), None)
        self._saved_note = (note.comment, note.approach) if note else (None, None)
        self.grading.set_grades(steps, note.comment if note else None, note.approach if note else None)
        flagged = self.expert_id is not None and is_flagged(
            self.store, self.expert_id, review.run_id, self.session_id
        )
        self.grading.set_flagged(flagged)
        axes = applicable_axes(review.category, self.workspace.protocols.l2)
        blind = bool(self.session and self.session.blind)
        self.visible = run_visibility(blind=blind, needed_axes=axes, my_axes=steps)
        self.machine_hidden = not self.visible.machine
        if self.header.text() and self.visible.model != self._header_model_shown:
            self._show_header()  # the model's name is revealed (or hidden again by an undo)
        verdicts = machine_axes(review, self.workspace.protocols.l2)
        quality = (review.auto_run or {}).get("scores", {}).get("Q")
        self.scores.show_scores(
            verdicts,
            quality,
            grades if self.visible.other_experts else mine,
            self.expert_id,
            hidden=self.machine_hidden,
            category=review.category,
        )
        self.logs.set_machine_visible(not self.machine_hidden)
        self.code.set_diagnostics([] if self.machine_hidden else self._diagnostic_markers(review))
        self._show_siblings(review)
        self.history.show_changes(
            run_history(self.store, review.run_id, self.session_id, self.expert_id, blind=blind)
        )

    def _diagnostic_markers(self, review: RunReview) -> list[GutterMarker]:
        if self.code_task is None:
            return diagnostic_markers(review)
        return [
            GutterMarker(line, severity, message)
            for line, severity, message in code_diagnostic_lines(self.code_task, review.auto_run)
        ]

    def _show_siblings(self, review: RunReview) -> None:
        """Which of the n samples of this task and model this run is; the others' verdicts (✓ correct,
        ✗ not, · not measured) only when the machine's scores may be seen."""
        siblings = sample_siblings(self.store, review.run_id)
        if len(siblings) < 2:
            self.siblings.clear()
            self.siblings.setToolTip("")
            return
        position = next(i for i, s in enumerate(siblings) if s.run_id == review.run_id) + 1
        text = self.tr("sample %1 of %2").replace("%1", str(position)).replace("%2", str(len(siblings)))
        tip = self.tr("The model answered this task %1 times in this experiment.")
        tip = tip.replace("%1", str(len(siblings)))
        if not self.machine_hidden:
            marks = "".join("·" if s.correct is None else "✓" if s.correct else "✗" for s in siblings)
            correct = sum(bool(s.correct) for s in siblings)
            text += f"  {marks}"
            tip += " " + self.tr("%1 of them pass every test; this one is mark %2.").replace(
                "%1", str(correct)
            ).replace("%2", str(position))
        self.siblings.setText(text)
        self.siblings.setToolTip(tip)

    def _jump_to_line(self, line: int) -> None:
        self.code.go_to_candidate_line(line)

    # -- grading ----------------------------------------------------------------------------------

    def _can_grade(self) -> bool:
        if self.review is None:
            return False
        if self.expert_id is None:
            self._error(self.tr("Identify yourself (expert name) before grading."))
            return False
        return True

    def _error(self, text: str, *, info: bool = False) -> None:
        self.message.setStyleSheet("color: palette(text);" if info else f"color: {scheme().bad};")
        self.message.setText(text)
        self.message.show()

    def grade_current(self, step: int) -> None:
        axis = self.grading.current_axis
        if axis is not None:
            self._grade(axis, step)

    # -- writes: every change goes through the task runner's store lane ------------------------

    def _write(self, run_id: int, what: str, work: Callable[[], Any], after: Callable[[Any], None]) -> None:
        """Save `work` on the store lane (in order, off the GUI thread). The grading panel says
        "saving…" until the store answers; a failure is shown with what was not saved and a Retry
        button, never silently dropped."""
        write = PendingWrite(run_id, what, work, after)
        self._pending.append(write)
        self.grading.set_save_state("saving", len(self._pending))
        self._busy_timer.start()
        self.writer.store_write(
            work,
            on_finished=lambda result: self._written(write, result),
            on_failed=lambda error: self._write_failed(write, error),
        )

    def _written(self, write: PendingWrite, result: Any) -> None:
        self._pending.remove(write)
        write.after(result)
        self._show_save_state()

    def _write_failed(self, write: PendingWrite, error: BaseException) -> None:
        self._pending.remove(write)
        if isinstance(error, GradingError):  # the protocol refused the value: nothing to retry
            self._error(str(error))
        elif isinstance(error, GradeConflict):  # someone else's change won: say so, never retry over it
            self._error(self._conflict_text(write, error))
        else:
            self._failed.append(write)
            self.save_error.show_failure(
                self.tr("NOT saved: %1 — %2.").replace("%1", write.what).replace("%2", failure_text(error)),
                len(self._failed),
            )
        if self.review is not None and self.review.run_id == write.run_id:
            self._refresh_grades()  # the panel shows what the store really holds
        self._show_save_state()

    def _conflict_text(self, write: PendingWrite, conflict: GradeConflict) -> str:
        """The other writer's value, who and when, and that nothing was overwritten."""
        who = conflict.changed_by or self.tr("someone")
        if conflict.changed_by == self.expert_name:
            who = self.tr("you (in another window)")
        when = f"{conflict.changed_at:%Y-%m-%d %H:%M:%S} UTC" if conflict.changed_at else "?"
        if conflict.step is None:
            what = self.tr("%1 removed this grade at %2").replace("%1", who).replace("%2", when)
        else:
            what = (
                self.tr("%1 changed this grade to %2 at %3")
                .replace("%1", who)
                .replace("%2", str(conflict.step))
                .replace("%3", when)
            )
        return (
            self.tr(
                "NOT saved: %1 — %2, after this window showed it. Their grade is kept and shown now; "
                "grade again if you still disagree."
            )
            .replace("%1", write.what)
            .replace("%2", what)
        )

    def _show_save_state(self) -> None:
        if self._pending:
            return
        self._busy_timer.stop()
        self.grading.set_save_state("failed" if self._failed else "saved", len(self._failed))

    def _store_busy(self) -> None:
        if self._pending:
            self.grading.set_save_state("busy", len(self._pending))

    def retry_failed(self) -> None:
        """Send every write that failed again, in the order it was made."""
        failed, self._failed = self._failed, []
        self.save_error.hide()
        for write in failed:
            self._write(write.run_id, write.what, write.work, write.after)

    def unsaved(self) -> list[str]:
        """What the expert did that is not (yet) in the store: pending and failed writes."""
        return [w.what for w in self._pending + self._failed]

    def _after_change(self, run_id: int) -> Callable[[Any], None]:
        def after(changed: Any) -> None:
            if self.review is not None and self.review.run_id == run_id:
                self._refresh_grades()
            if changed:
                self.gradeSaved.emit(run_id)

        return after

    def _grade(self, axis: str, step: int) -> None:
        if not self._can_grade():
            return
        assert self.review is not None and self.expert_id is not None
        self.message.hide()
        run_id, expert_id, session_id = self.review.run_id, self.expert_id, self.session_id
        comment, approach, l2 = self.grading.comment(), self.grading.approach(), self.workspace.protocols.l2
        # The reason goes with a change of a grade given before, not with a first grade.
        reason = self.grading.reason() if axis in self.grading.steps() else None
        self.grading.show_step(axis, step)  # at once; the store's answer confirms or corrects it
        versions, key = self._versions, (run_id, axis)

        def work() -> bool:
            expected = versions.get(key, 0)
            changed = save_grade(
                self.store,
                expert_id=expert_id,
                run_id=run_id,
                axis=axis,
                step=step,
                session_id=session_id,
                comment=comment,
                approach=approach,
                l2=l2,
                expected_version=expected,
                reason=reason,
            )
            if changed:  # the version counter moved by one: an insert gives 1, an update v + 1
                versions[key] = expected + 1
            return changed

        self._write(
            run_id,
            self.tr("%1 = %2 on run #%3")
            .replace("%1", axis)
            .replace("%2", str(step))
            .replace("%3", str(run_id)),
            work,
            self._after_change(run_id),
        )
        self.grading.set_current_axis(self.grading.next_axis(axis))

    def clear_current(self) -> None:
        axis = self.grading.current_axis
        if axis is None or not self._can_grade():
            return
        assert self.review is not None and self.expert_id is not None
        run_id, expert_id, session_id = self.review.run_id, self.expert_id, self.session_id
        reason = self.grading.reason()
        self.grading.show_step(axis, None)
        versions, key = self._versions, (run_id, axis)

        def work() -> bool:
            changed = clear_grade(
                self.store,
                expert_id=expert_id,
                run_id=run_id,
                axis=axis,
                session_id=session_id,
                expected_version=versions.get(key, 0),
                reason=reason,
            )
            versions[key] = 0
            return changed

        self._write(
            run_id,
            self.tr("clearing %1 on run #%2").replace("%1", axis).replace("%2", str(run_id)),
            work,
            self._after_change(run_id),
        )

    def _save_note(self) -> None:
        if self.review is None or self.expert_id is None:
            return
        run_id, expert_id, session_id = self.review.run_id, self.expert_id, self.session_id
        comment, approach = self.grading.comment(), self.grading.approach()
        if (comment, approach) == self._saved_note:
            return
        self._saved_note = (comment, approach)
        versions = self._versions

        def work() -> dict[str, int]:
            changed = save_note(
                self.store,
                expert_id=expert_id,
                run_id=run_id,
                session_id=session_id,
                comment=comment,
                approach=approach,
            )
            versions.update({(run_id, axis): version for axis, version in changed.items()})
            return changed

        self._write(
            run_id,
            self.tr("the comment and approach of run #%1").replace("%1", str(run_id)),
            work,
            self._after_change(run_id),
        )

    def _after_writes(self, then: Callable[[], None]) -> None:
        """Run `then` once every write queued so far has reached the store (moving on reads it)."""
        self.writer.store_write(lambda: None, on_finished=lambda _r: then(), on_failed=lambda _e: then())

    def missing_axes(self) -> list[str]:
        """The applicable axes of the shown run the expert has not graded yet."""
        steps = self.grading.steps()
        return [axis for axis in self.grading.boxes if axis not in steps]

    def save_and_next(self) -> None:
        """Enter: on a fully graded run, save and move on; on an incomplete one, stay and show the
        first missing axis (Space skips a run on purpose)."""
        if not self._can_grade():
            return
        self._save_note()
        self.setFocus()
        missing = self.missing_axes()
        if missing:
            self.grading.set_current_axis(missing[0])
            self.grading.highlight_missing(missing)
            self._error(
                self.tr("Not graded yet: %1. Grade it, or press Space to skip this run for now.").replace(
                    "%1", ", ".join(missing)
                )
            )
            return
        self._after_writes(self.requestNextRun.emit)

    def skip(self) -> None:
        """Space / Shift+Enter: leave this run as it is (it stays ungraded) and go on."""
        if self.review is None:
            return
        self._save_note()
        self.setFocus()
        self.skipped.emit(self.review.run_id)
        self._after_writes(self.requestNextRun.emit)

    def _flag_clicked(self, flagged: bool) -> None:
        if not self._can_grade():
            self.grading.set_flagged(not flagged)
            return
        self._save_flag(flagged)

    def toggle_flag(self) -> None:
        """F: mark the run "unsure" (or take the mark back)."""
        if not self._can_grade():
            return
        flagged = not self.grading.flagged()
        self.grading.set_flagged(flagged)
        self._save_flag(flagged)

    def _save_flag(self, flagged: bool) -> None:
        """The "unsure" flag, saved like a grade (services.annotations, the team's flag store)."""
        assert self.review is not None and self.expert_id is not None
        run_id, expert_id, session_id = self.review.run_id, self.expert_id, self.session_id

        def after(_changed: Any) -> None:
            self.flagChanged.emit(run_id, flagged)

        self._write(
            run_id,
            (self.tr("the unsure flag of run #%1") if flagged else self.tr("unflagging run #%1")).replace(
                "%1", str(run_id)
            ),
            lambda: set_flag(
                self.store, expert_id=expert_id, run_id=run_id, session_id=session_id, flagged=flagged
            ),
            after,
        )

    def undo(self) -> None:
        if self.expert_id is None:
            return
        expert_id, session_id, versions = self.expert_id, self.session_id, self._versions

        def work() -> UndoneChange | None:
            change = undo_last(self.store, expert_id=expert_id, session_id=session_id)
            if change is not None:
                versions.update({(change.run_id, axis): v for axis, v in change.versions.items()})
            return change

        self._write(self.run_id or 0, self.tr("undoing your last change"), work, self._undone)

    def _undone(self, change: UndoneChange | None) -> None:
        if change is None:
            self._error(self.tr("Nothing to undo."), info=True)
            return
        if self.review is None or change.run_id != self.review.run_id:
            self.show_run(change.run_id)
            self.currentRunChanged.emit(change.run_id)
        else:
            self._refresh_grades()
        self.grading.set_current_axis(change.axes[0])
        self.gradeSaved.emit(change.run_id)

    def next_ungraded_run_id(self) -> int | None:
        """The next run the current expert has not fully graded, in session order (or by id)."""
        if self.expert_id is None:
            return None
        return next_ungraded_run(
            self.store,
            expert_id=self.expert_id,
            session_id=self.session_id,
            after_run_id=self.run_id,
            l2=self.workspace.protocols.l2,
        )

    def show_next_ungraded(self) -> None:
        """Move to the next ungraded run; a host without its own run list connects requestNextRun here."""
        run_id = self.next_ungraded_run_id()
        if run_id is None:
            self._error(self.tr("Every run here is graded. Thank you!"), info=True)
            return
        self.show_run(run_id)
        self.currentRunChanged.emit(run_id)
