"""The review of one run: the task statement, reference and candidate side by side, every log, the
machine's scores and the expert's grading panel, driven from the keyboard.

Every grade change is committed at once through a ReviewSession (services/review_session.py: the
write queue, versions, conflict policy, undo), so a killed app loses nothing; this widget observes
it and says what it announces. What differs per kind of task (1C, code, library) comes from one
ReviewParts object per run (gui/review_parts.py: the benchmark kind's RunPanes, applied). In a blind
session the machine's scores and details and other experts' grades stay hidden until the current
expert has graded every applicable axis of the run.

Keys (active while the focus is anywhere inside the view): S M O P (or Ы Ь Щ З on the Russian
layout) choose the axis; 0 2 4 6 8 set its step and 1 sets 10 (a single key for the top step; "-"
is left free); Backspace/Delete clears it; Enter saves and asks for the next ungraded run; Ctrl+Z
undoes the last change; Ctrl+0..3 set the approach; C (С) types a comment, Esc leaves it; F1 or ?
shows the help overlay.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from prism_desktop.gui.code_compare import CodeCompare
from prism_desktop.gui.code_editor import LanguageAware
from prism_desktop.gui.colour_scheme import on_scheme_change
from prism_desktop.gui.grading_column import GradingColumn
from prism_desktop.gui.logs_tabs import LogsTabs
from prism_desktop.gui.plain_text import MARKDOWN_WITHOUT_HTML
from prism_desktop.gui.review_header import ReviewHeader, identity_text
from prism_desktop.gui.review_keys import GradingKeys
from prism_desktop.gui.review_parts import ReviewParts, review_parts, statement_markdown
from prism_desktop.gui.review_saving import edit_text, failure_message
from prism_desktop.services.grading import (
    RunReview,
    UndoneChange,
    applicable_axes,
    load_run_review,
    machine_axes,
)
from prism_desktop.services.model_comparison import sample_siblings
from prism_desktop.services.review_session import Outcome, ReviewSession, SaveFailure, SaveState, WriteLane
from prism_desktop.services.sessions import SessionSummary
from prism_desktop.services.visibility import SHOWN, Visibility
from prism_desktop.store import Store
from prism_desktop.workspace.tasks import Task
from prism_desktop.workspace.workspace import Workspace

BUSY_NOTICE_MS = 5000  # a save still waiting after this long says the store is busy


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
        writer: WriteLane | None = None,
    ):
        super().__init__(parent)
        self.setObjectName("reviewView")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.store = store
        self.workspace = workspace
        # Writes: the main window's task runner (store lane), or at once on this thread when alone.
        self.review_session = ReviewSession(store, workspace.protocols.l2, writer)
        self.review: RunReview | None = None
        self.task: Task | None = None
        self.parts: ReviewParts | None = None  # what the shown run's kind of task shows
        self.visible: Visibility = SHOWN

        self.top = ReviewHeader()
        self.header, self.siblings, self.badge = self.top.header, self.top.siblings, self.top.badge
        self.statement = QTextBrowser()
        self.statement.setObjectName("taskStatement")
        self.statement.setOpenExternalLinks(False)
        self.code = CodeCompare()
        self.logs = LogsTabs()
        self.column = column = GradingColumn()
        self.grading, self.scores, self.history = column.grading, column.scores, column.history
        self.message, self.save_error, self.right = column.message, column.save_error, column.scroll_area
        self._busy_timer = QTimer(self)
        self._busy_timer.setSingleShot(True)
        self._busy_timer.setInterval(BUSY_NOTICE_MS)
        self._busy_timer.timeout.connect(self.review_session.report_busy)
        self.save_error.retry.clicked.connect(self.retry_failed)
        self._lay_out()

        events = self.review_session.events
        events.save_state.connect(self._show_save_state)
        events.grades_saved.connect(self._grades_saved)
        events.flag_saved.connect(self.flagChanged.emit)
        events.undone.connect(self._undone)
        events.failed.connect(self._not_saved)
        self.grading.stepChosen.connect(self._grade)
        self.grading.noteEdited.connect(self._save_note)
        self.grading.saveAndNext.connect(self.save_and_next)
        self.grading.skipRequested.connect(self.skip)
        self.grading.flagToggled.connect(self._flag_clicked)
        self.logs.lineActivated.connect(self.code.go_to_candidate_line)
        self.code.candidateLineClicked.connect(self.code.go_to_candidate_line)
        self.keys = GradingKeys(
            self,
            self.grading,
            {
                "grade.clear": self.clear_current,
                "grade.save_next": self.save_and_next,
                "grade.skip": self.skip,
                "grade.flag": self.toggle_flag,
                "grade.undo": self.undo,
                "grade.leave_comment": self._leave_comment,
            },
            self.grade_current,
            shortcuts=shortcuts,
        )
        self.help, self.run_command, self.show_help = self.keys.help, self.keys.run, self.keys.show_help
        self.set_expert(expert_name)
        self.set_session(session_id)
        self.retranslate()
        on_scheme_change(self, self.retranslate)  # the header and the badge carry scheme colours
        self.show_run(None)

    def _lay_out(self) -> None:
        """The header row over the panes (statement, code, logs) and the grading column."""
        left = self.left_splitter = QSplitter(Qt.Orientation.Vertical)
        for index, (pane, stretch) in enumerate(((self.statement, 0), (self.code, 3), (self.logs, 2))):
            left.addWidget(pane)
            left.setStretchFactor(index, stretch)
        left.setSizes([110, 420, 260])
        self.splitter = QSplitter()
        self.splitter.addWidget(left)
        self.splitter.addWidget(self.column.widget)
        self.splitter.setStretchFactor(0, 1)  # a wider window widens the code, not the grading column
        self.splitter.setStretchFactor(1, 0)
        self.splitter.setSizes([900, 420])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.setSpacing(2)
        layout.addLayout(self.top.row)
        layout.addWidget(self.splitter, 1)

    # -- keyboard (review_keys.py: the commands and the help overlay) ---------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:
        # "?" is Shift+/ on some layouts and a plain key on others, which a QShortcut cannot match
        # on every platform; the text of the key is the same everywhere. Text fields keep their "?".
        if event.text() == "?":
            self.run_command("help.keys")
            event.accept()
            return
        super().keyPressEvent(event)

    def _leave_comment(self) -> None:
        if self.grading.comment_edit.hasFocus():
            self._save_note()
        self.setFocus()

    # -- setup ------------------------------------------------------------------------------------

    def retranslate(self) -> None:
        self._show_identity()
        if self.review is not None:
            self._show_header()

    @property
    def expert_name(self) -> str | None:
        return self.review_session.expert_name

    @property
    def expert_id(self) -> int | None:
        return self.review_session.expert_id

    @property
    def session_id(self) -> int | None:
        return self.review_session.session_id

    @property
    def session(self) -> SessionSummary | None:
        return self.review_session.summary

    @property
    def machine_hidden(self) -> bool:
        return not self.visible.machine

    def set_expert(self, name: str | None) -> None:
        """The expert who grades; None or blank disables grading until one identifies themself."""
        self.review_session.set_expert(name)
        self.grading.setEnabled(self.expert_id is not None)
        self._show_identity()
        if self.review is not None:
            self._refresh_grades()

    def set_session(self, session_id: int | None) -> None:
        self.review_session.set_session(session_id)
        self._show_identity()
        if self.review is not None:
            self.show_run(self.review.run_id)

    def _show_identity(self) -> None:
        self.grading.identity.setText(identity_text(self.expert_name, self.session))
        self.top.show_session(self.session)

    # -- showing a run ----------------------------------------------------------------------------

    @property
    def run_id(self) -> int | None:
        return self.review.run_id if self.review else None

    def show_run(self, run_id: int | None) -> None:
        self.message.hide()
        if run_id is None:
            self.review, self.task, self.parts = None, None, None
            self.top.show_nothing()
            self.statement.clear()
            self.code.set_texts("", "")
            self.code.set_candidate_note(None)
            self.logs.set_raw_response(None)
            self.logs.show_result(None, None)
            self.logs.set_stored_context(None, None, None)
            self.column.show_nothing()
            return
        review = load_run_review(self.store, run_id)
        if self.review is None or self.review.run_id != run_id:
            self.grading.reason_edit.clear()  # a reason belongs to the changes of one run
        self.review = review
        try:
            self.task = self.workspace.task(review.task_id)
        except KeyError:
            self.task = None
        self.parts = review_parts(self.workspace, review)
        self._show_header()
        markdown = statement_markdown(review.task_id, self.task, self.parts)
        self.statement.document().setMarkdown(markdown, MARKDOWN_WITHOUT_HTML)
        self.parts.show_code(self.code, review, self.task)
        self.logs.set_raw_response(review.response)
        self.logs.set_code_mode(self.parts.code_mode)
        self.logs.show_result(review.run_result, review.auto_run)
        self.logs.set_stored_context(review.runner, review.isolated, review.raw_logs)
        l2 = self.workspace.protocols.l2
        axes = applicable_axes(review.category, l2)
        self.grading.set_axes(axes, {a: l2.axes[a].criteria for a in axes if a in l2.axes})
        self.grading.setEnabled(self.expert_id is not None)
        self._refresh_grades()
        steps = self.grading.steps()
        self.grading.set_current_axis(next((a for a in axes if a not in steps), axes[0] if axes else None))

    def _show_header(self) -> None:
        assert self.review is not None
        self.top.show_run(self.review, self.task, model_shown=self.visible.model)

    def _refresh_grades(self) -> None:
        """The grading column, the scores and what the blind rule reveals, as the store holds them."""
        review = self.review
        if review is None:
            return
        grades = self.review_session.read_grades(review.run_id, review.category)
        self.grading.set_grades(grades.steps, grades.comment, grades.approach)
        self.grading.set_flagged(grades.flagged)
        self.visible = grades.visible
        if self.header.text() and self.visible.model != self.top.model_shown:
            self._show_header()  # the model's name is revealed (or hidden again by an undo)
        verdicts = machine_axes(review, self.workspace.protocols.l2)
        quality = (review.auto_run or {}).get("scores", {}).get("Q")
        self.scores.show_scores(
            verdicts,
            quality,
            grades.shown,
            self.expert_id,
            hidden=self.machine_hidden,
            category=review.category,
        )
        self.logs.set_machine_visible(not self.machine_hidden)
        marks = [] if self.parts is None or self.machine_hidden else self.parts.markers(review)
        self.code.set_diagnostics(marks)
        self.top.show_siblings(
            review.run_id, sample_siblings(self.store, review.run_id), machine_shown=self.visible.machine
        )
        self.history.show_changes(grades.history)

    # -- grading: the view asks, the review session saves -------------------------------------

    def _can_grade(self) -> bool:
        if self.review is None:
            return False
        if self.expert_id is None:
            self.column.say(self.tr("Identify yourself (expert name) before grading."))
            return False
        return True

    def grade_current(self, step: int) -> None:
        axis = self.grading.current_axis
        if axis is not None:
            self._grade(axis, step)

    def _grade(self, axis: str, step: int) -> None:
        if not self._can_grade():
            return
        assert self.review is not None
        self.message.hide()
        comment, approach = self.grading.comment(), self.grading.approach()
        # The reason goes with a change of a grade given before, not with a first grade.
        reason = self.grading.reason() if axis in self.grading.steps() else None
        self.grading.show_step(axis, step)  # at once; the store's answer confirms or corrects it
        self.review_session.grade(
            self.review.run_id, axis, step, comment=comment, approach=approach, reason=reason
        )
        self.grading.set_current_axis(self.grading.next_axis(axis))

    def clear_current(self) -> None:
        axis = self.grading.current_axis
        if axis is None or not self._can_grade():
            return
        assert self.review is not None
        reason = self.grading.reason()
        self.grading.show_step(axis, None)
        self.review_session.clear(self.review.run_id, axis, reason=reason)

    def _save_note(self) -> None:
        if self.review is not None and self.expert_id is not None:
            self.review_session.save_note(self.review.run_id, self.grading.comment(), self.grading.approach())

    def _show_save_state(self, state: SaveState, count: int) -> None:
        """The panel says "saving…" until the store answers; a save waiting long says it is busy."""
        self.grading.set_save_state(state, count)
        if state == "saving":
            self._busy_timer.start()
        elif state != "busy":
            self._busy_timer.stop()

    def _grades_saved(self, run_id: int, changed: bool) -> None:
        if self.run_id == run_id:
            self._refresh_grades()
        if changed:
            self.gradeSaved.emit(run_id)

    def _not_saved(self, failure: SaveFailure) -> None:
        """A failure is shown with what was not saved, never silently dropped; Retry when it may help."""
        if failure.outcome is Outcome.RETRY:
            self.save_error.show_failure(failure_message(failure), failure.waiting)
        else:
            self.column.say(failure_message(failure))
        if self.run_id == failure.edit.run_id:
            self._refresh_grades()  # the panel shows what the store really holds

    def retry_failed(self) -> None:
        """Send every write that failed again, in the order it was made."""
        self.save_error.hide()
        self.review_session.retry_failed()

    def unsaved(self) -> list[str]:
        """What the expert did that is not (yet) in the store: pending and failed writes."""
        return [edit_text(edit) for edit in self.review_session.unsaved()]

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
            self.column.say(
                self.tr("Not graded yet: %1. Grade it, or press Space to skip this run for now.").replace(
                    "%1", ", ".join(missing)
                )
            )
            return
        self.review_session.after_writes(self.requestNextRun.emit)

    def skip(self) -> None:
        """Space / Shift+Enter: leave this run as it is (it stays ungraded) and go on."""
        if self.review is None:
            return
        self._save_note()
        self.setFocus()
        self.skipped.emit(self.review.run_id)
        self.review_session.after_writes(self.requestNextRun.emit)

    def _flag_clicked(self, flagged: bool) -> None:
        if not self._can_grade():
            self.grading.set_flagged(not flagged)
            return
        assert self.review is not None
        self.review_session.set_flag(self.review.run_id, flagged)

    def toggle_flag(self) -> None:
        """F: mark the run "unsure" (or take the mark back)."""
        if not self._can_grade():
            return
        assert self.review is not None
        flagged = not self.grading.flagged()
        self.grading.set_flagged(flagged)
        self.review_session.set_flag(self.review.run_id, flagged)

    def undo(self) -> None:
        self.review_session.undo(self.run_id)

    def _undone(self, change: UndoneChange | None) -> None:
        if change is None:
            self.column.say(self.tr("Nothing to undo."), info=True)
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
        return self.review_session.next_ungraded(self.run_id)

    def show_next_ungraded(self) -> None:
        """Move to the next ungraded run; a host without its own run list connects requestNextRun here."""
        run_id = self.next_ungraded_run_id()
        if run_id is None:
            self.column.say(self.tr("Every run here is graded. Thank you!"), info=True)
            return
        self.show_run(run_id)
        self.currentRunChanged.emit(run_id)
