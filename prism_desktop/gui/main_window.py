"""The main window: the runs table (with its filter bar) beside the review of the current run, a
Debug tab, menus, and a status bar that always says which sandbox Level 1 uses.

Opening a workspace reads it and imports its results/ in the background, file by file with
progress; every file is imported whole or not at all, and a broken file is reported by name
without stopping the others."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QInputDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QProgressBar,
    QSplitter,
    QStackedWidget,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from prism_desktop.gui import window_layout
from prism_desktop.gui.about import AboutDialog, open_log_folder
from prism_desktop.gui.actions import install_main_actions
from prism_desktop.gui.agreement_view import install_agreement_action
from prism_desktop.gui.app_workers import Background
from prism_desktop.gui.ask_model_panel import install_ask_model
from prism_desktop.gui.colour_scheme import on_scheme_change, scheme
from prism_desktop.gui.debug_view import DebugView
from prism_desktop.gui.filters import FilterBar
from prism_desktop.gui.focus_return import FocusReturn
from prism_desktop.gui.generate_dialog import install_generate_action
from prism_desktop.gui.hotkeys import HOTKEYS, Scope
from prism_desktop.gui.i18n import Translations, effective_language
from prism_desktop.gui.models_view import install_models_action
from prism_desktop.gui.quit_guard import QuitGuard
from prism_desktop.gui.review_view import ReviewView
from prism_desktop.gui.runs_model import RunsTableModel
from prism_desktop.gui.runs_view import RunsView
from prism_desktop.gui.scoring_panel import ScoringPanel, sandbox_text
from prism_desktop.gui.sessions_dialog import SessionsDialog
from prism_desktop.gui.settings import AppSettings, SettingsDialog
from prism_desktop.gui.team_panel import install_team_features
from prism_desktop.gui.window_status import Grader, WindowStatus
from prism_desktop.locations import log_dir
from prism_desktop.sandbox.backend import SandboxUnavailable
from prism_desktop.sandbox.backend_choice import open_backend
from prism_desktop.services.grading import applicable_axes
from prism_desktop.services.importing import ImportSummary, import_results, result_files
from prism_desktop.services.onec_workspace import open_any_workspace as open_workspace
from prism_desktop.services.runs_query import (
    Column,
    Counts,
    RunRow,
    RunScope,
    RunsFilter,
    RunsQuery,
    session_verified_runs,
)
from prism_desktop.services.sessions import session_info
from prism_desktop.services.visibility import Reveals, allows
from prism_desktop.store import Store
from prism_desktop.workspace.errors import Problem, WorkspaceError
from prism_desktop.workspace.workspace import Workspace

REVIEW_TAB, DEBUG_TAB = 0, 1
# Sorting by these columns can move rows when runs are scored.
SCORED_COLUMNS = (Column.S, Column.M, Column.O, Column.P, Column.Q, Column.STATUS)
VERIFIED_DELAY_MS = 3000  # after a grade, wait for a pause before recomputing the Verified marks


@dataclass
class ImportOutcome:
    """What opening a workspace did: the workspace, one summary per imported file, and the problems
    of the files that could not be imported."""

    workspace: Workspace
    summaries: list[ImportSummary] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    @property
    def new_runs(self) -> int:
        return sum(s.runs.new for s in self.summaries)

    @property
    def new_results(self) -> int:
        return sum(s.level1_results.new + s.grades.new for s in self.summaries)

    @property
    def kept_grades(self) -> int:
        """Grades an expert file would have overwritten although they changed after it was written."""
        return sum(len(s.conflicts) for s in self.summaries)


def open_and_import(
    store: Store, root: Path, progress: Any = None, imported_by: str | None = None
) -> ImportOutcome:
    """Read the workspace at `root` and import its result files one by one (experiments first);
    `imported_by`: the window's expert, named in the history of grades an expert file changes."""
    workspace = open_workspace(root)  # a PRISM workspace, a coding bench or a 1C Code Bench
    outcome = ImportOutcome(workspace)
    files = result_files(workspace)
    for number, path in enumerate(files):
        if progress is not None:
            progress(number, len(files), path.name)
        try:
            outcome.summaries.append(import_results(store, workspace, [path], imported_by=imported_by))
        except WorkspaceError as error:
            outcome.problems.extend(error.problems)
    if progress is not None:
        progress(len(files), len(files), "")
    return outcome


def probe_sandbox(mode: str) -> tuple[bool | None, str]:
    """(isolated, description) of the sandbox Level 1 gets in this mode; (None, why) when none."""
    try:
        backend = open_backend(mode)
    except SandboxUnavailable as error:
        return None, str(error)
    return backend.isolated, backend.describe()


class MainWindow(QMainWindow):
    workspaceOpened = Signal(object)  # the Workspace, once its results are imported
    workspaceFailed = Signal(str)
    sessionChanged = Signal(object)  # the session id entered, or None when left

    def __init__(
        self,
        store: Store,
        settings: AppSettings,
        translations: Translations | None = None,
        background: Background | None = None,
    ):
        super().__init__()
        self.store = store
        self.settings = settings
        self.translations = translations
        self.background = background or Background(self)
        self.workspace: Workspace | None = None
        self.session_id: int | None = None
        self.session_name = ""
        self.session_blind = False
        self._sandbox_state: tuple[str, bool | None, str] = ("checking", None, "")
        self._review_stale = False  # the current run was scored while a job ran
        self._unisolated_answer: bool | None = None  # asked once per start: score NOT isolated?
        self._axes: dict[str, tuple[str, ...]] = {}  # graded axes per category, from the L2 protocol
        self._verified: frozenset[int] | None = None  # Verified runs of the open session
        self._verified_job = 0  # only the newest computation's answer is used
        self._verified_state: tuple[str, str] = ("no_session", "")
        self._verified_timer = QTimer(self)
        self._verified_timer.setSingleShot(True)
        self._verified_timer.setInterval(VERIFIED_DELAY_MS)
        self._verified_timer.timeout.connect(self._compute_verified)

        self.query = RunsQuery(store)
        self.model = RunsTableModel(self.query, self)
        on_scheme_change(self, self._restyle)
        self.filters = FilterBar()
        self.table = RunsView(self.model)
        self.scoring = ScoringPanel()
        self.debug = DebugView(self.background, settings.sandbox)
        # The review needs a workspace; until one is open its place says so.
        self.review: ReviewView | None = None
        self.no_review = QLabel()
        self.no_review.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.no_review.setWordWrap(True)
        self.review_slot = QStackedWidget()
        self.review_slot.addWidget(self.no_review)

        self.runs_panel = QWidget()
        runs_layout = QVBoxLayout(self.runs_panel)
        runs_layout.setContentsMargins(4, 4, 0, 0)
        runs_layout.setSpacing(4)
        runs_layout.addWidget(self.filters)
        runs_layout.addWidget(self.table, 1)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.addWidget(self.runs_panel)
        self.splitter.addWidget(self.review_slot)
        self.splitter.setStretchFactor(0, 0)  # a wider window widens the review (its code), not the table
        self.splitter.setStretchFactor(1, 1)
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(self.splitter, "")
        self.tabs.addTab(self.debug, "")
        self.setCentralWidget(self.tabs)

        self.sandbox_label = QLabel()
        self.import_progress = QProgressBar()
        self.import_progress.setMaximumWidth(200)
        self.import_progress.setVisible(False)
        bar = self.statusBar()
        # Messages come and go on the left; the lasting state sits on the right.
        bar.addWidget(self.import_progress)
        bar.addPermanentWidget(self.scoring)
        self.status = WindowStatus(bar)
        self.counts_label, self.grading_progress = self.status.counts_label, self.status.grading_progress
        bar.addPermanentWidget(self.sandbox_label)
        self.status.show_store(store.url)

        self.commands = install_main_actions(self)
        self.quit_guard = QuitGuard(self)
        FocusReturn(self, self.focus_grading)
        self.commands.action("view.wrap").setChecked(settings.code_wrap)
        self.filters.filterChanged.connect(self.apply_filter)
        self.tabs.currentChanged.connect(self._tab_changed)
        self.table.clicked.connect(lambda _index: self.focus_grading())
        self.table.currentRunChanged.connect(self._current_run_changed)
        self.table.selectionModel().selectionChanged.connect(lambda *_: self._update_actions())
        self.model.countChanged.connect(lambda _count: self._update_counts())
        self.scoring.runsScored.connect(self._runs_scored)
        self.scoring.started.connect(lambda _n: self._update_actions())
        self.scoring.finished.connect(self._scoring_finished)
        self.scoring.failed.connect(self._scoring_failed)
        self.debug.scored.connect(lambda *_: self._update_counts())
        self._retranslate()
        self._restore_layout()
        self.refresh_choices()
        self._update_actions()
        install_agreement_action(self)  # Review → Agreement…
        install_generate_action(self)  # Level 1 → Generate answers…
        self.ask_model = install_ask_model(self)  # Debug → Ask a model
        install_team_features(self)  # File → Open store…, Review → Adjudication…, the team panel
        install_models_action(self)  # Review → Models…

    # -- building ----------------------------------------------------------------------------------

    def _new_review(self, workspace: Workspace) -> None:
        """G2's review view is bound to one workspace: built anew when another one opens."""
        review = ReviewView(
            self.store,
            workspace,
            self.settings.expert_name or None,
            self.session_id,
            shortcuts=False,
            writer=self.background,
        )
        review.gradeSaved.connect(self._grade_saved)
        review.flagChanged.connect(lambda run_id, _flagged: self._grade_saved(run_id))  # the "flagged" filter
        review.requestNextRun.connect(self.next_ungraded)
        review.currentRunChanged.connect(self.table.select_run)
        old, self.review = self.review, review
        self.review_slot.addWidget(review)
        self.review_slot.setCurrentWidget(review)
        if old is not None:
            self.review_slot.removeWidget(old)
            old.deleteLater()
        review.show_run(self.table.current_run)
        review.code.set_wrap(self.commands.action("view.wrap").isChecked())
        window_layout.restore(
            self.settings,
            {
                "review_splitter": (review.splitter, window_layout.review_sizes),
                "review_left_splitter": (review.left_splitter, None),
            },
        )
        review.code.set_zoom(self.settings.code_zoom)
        self._update_grading_keys()

    # -- workspace -------------------------------------------------------------------------------

    def open_workspace(self, root: Path) -> None:
        """Read the workspace and import its results in the background; the table follows."""
        self.import_progress.setVisible(True)
        self.import_progress.setRange(0, 0)
        self.statusBar().showMessage(self.tr("Opening workspace %1…").replace("%1", str(root)))
        store, expert = self.store, self.settings.expert_name or None

        def job(progress: Any, _cancel: Any) -> ImportOutcome:
            return open_and_import(store, root, progress, expert)

        self.background.start(
            job,
            on_finished=self.show_workspace,
            on_failed=self._workspace_failed,
            on_progress=self._import_progress,
        )

    def _import_progress(self, done: int, total: int, name: str) -> None:
        self.import_progress.setRange(0, max(total, 1))
        self.import_progress.setValue(done)
        if name:
            self.statusBar().showMessage(self.tr("Importing %1…").replace("%1", name))

    def show_workspace(self, outcome: ImportOutcome) -> None:
        """Show an opened and imported workspace (also called directly by the screenshot command)."""
        self.import_progress.setVisible(False)
        workspace = outcome.workspace
        self.workspace = workspace
        self.settings.workspace = workspace.root
        l2 = workspace.protocols.l2
        self._axes = {c: applicable_axes(c, l2) for c in workspace.categories}
        self._compute_verified()
        # Debug mode runs 1C code on the BSL engine: a coding bench has no use for it.
        one_c = workspace.kind == "prism"
        self.debug.set_workspace(workspace if one_c else None)
        self.tabs.setTabEnabled(DEBUG_TAB, one_c)
        self._new_review(workspace)
        self.refresh_choices()
        self._retranslate()
        message = (
            self.tr("Workspace %1: %2 tasks; imported %3 new runs and %4 new results.")
            .replace("%1", workspace.root.name)
            .replace("%2", str(len(workspace.tasks)))
            .replace("%3", str(outcome.new_runs))
            .replace("%4", str(outcome.new_results))
        )
        if outcome.kept_grades:
            message += " " + self.tr(
                "%1 grade(s) kept as stored: changed after their expert file was written."
            ).replace("%1", str(outcome.kept_grades))
        self.statusBar().showMessage(message, 10_000)
        if outcome.problems:
            self._show_problems(self.tr("Some result files could not be imported"), outcome.problems)
        if self.table.current_run is None and self.model.rowCount() > 0:
            self.table.select_row(0)
        self._update_actions()
        self.workspaceOpened.emit(workspace)

    def _workspace_failed(self, error: BaseException) -> None:
        self.import_progress.setVisible(False)
        self.statusBar().clearMessage()
        if isinstance(error, WorkspaceError):
            self._show_problems(self.tr("The workspace cannot be opened"), error.problems)
        else:
            self._message(QMessageBox.Icon.Critical, self.tr("The workspace cannot be opened"), str(error))
        self.workspaceFailed.emit(str(error))

    def _show_problems(self, title: str, problems: list[Problem]) -> None:
        box = self._message(QMessageBox.Icon.Warning, title, title, "\n".join(str(p) for p in problems))
        box.setInformativeText(self.tr("%1 problem(s); see the details.").replace("%1", str(len(problems))))

    def choose_workspace(self) -> None:
        start = str(self.workspace.root) if self.workspace else str(Path.home())
        folder = QFileDialog.getExistingDirectory(
            self, self.tr("Open a workspace (PRISM: tasks/ and metrics/; coding bench: dataset/)"), start
        )
        if folder:
            self.open_workspace(Path(folder))

    def reimport(self) -> None:
        if self.workspace is not None:
            self.open_workspace(self.workspace.root)

    # -- the table ---------------------------------------------------------------------------------

    def run_scope(self) -> RunScope | None:
        """The open workspace's runs, unless View → Runs of every workspace is on; a session shows
        all of its runs (it was sampled from the whole store)."""
        all_workspaces = self.commands.action("view.all_workspaces").isChecked()
        if self.workspace is None or all_workspaces or self.session_id is not None:
            return None
        return RunScope.of(self.workspace)

    def current_filter(self) -> RunsFilter:
        run_filter = self.filters.run_filter(self.settings.expert_name or None, self.session_id)
        return replace(run_filter, scope=self.run_scope())

    def apply_filter(self) -> None:
        """The table follows the filter bar, within what the blind rule lets choose the runs."""
        expert = self.settings.expert_name or None
        self.filters.set_visibility(
            self.query.session_visibility(self.session_id, expert, blind=self.session_blind)
        )
        self.model.set_filter(self.current_filter(), blind=self.session_blind)

    def refresh_choices(self) -> None:
        self.filters.set_choices(self.query.choices(self.run_scope()))
        self.filters.set_verified_available(self.query.verification_available)
        self.apply_filter()
        self._update_counts()

    def _update_counts(self) -> None:
        self._show_counts(self.query.counts(self.current_filter()))

    def _show_counts(self, counts: Counts) -> None:
        self.status.show_counts(counts, self.filters.visibility)

    def _current_run_changed(self, run_id: int | None) -> None:
        if self.review is not None:
            self.review.show_run(run_id)
        self._update_actions()

    def _grade_saved(self, run_id: int) -> None:
        self.model.refresh_runs([run_id])
        self.apply_filter()  # the last run of a blind session graded: choosing by anything again
        self._update_counts()
        if self.session_id is not None:
            self._verified_timer.start()  # recomputed once the expert pauses

    def _rebuild_query(self) -> None:
        self.query = RunsQuery(self.store, verified=self._verified, axes_by_category=self._axes)
        self.model.set_query(self.query)
        self.filters.set_verified_available(self._verified is not None)

    def _compute_verified(self) -> None:
        """Verified marks exist within a calibration session (they rest on its agreement figures);
        computed in the background, as the agreement statistics take a while."""
        self._verified_job += 1
        if self.session_id is None or self.workspace is None:
            self._set_verified(None, ("no_session", ""))
            return
        job, store, workspace, session_id = self._verified_job, self.store, self.workspace, self.session_id
        self._verified_state = ("computing", "")
        self._show_verified_note()

        def finished(ids: frozenset[int]) -> None:
            if job == self._verified_job:
                self._set_verified(ids, ("ready", ""))

        def failed(error: BaseException) -> None:
            if job == self._verified_job:
                self._set_verified(None, ("failed", str(error) or type(error).__name__))

        self.background.start(
            lambda _progress, _cancel: session_verified_runs(store, workspace, session_id),
            on_finished=finished,
            on_failed=failed,
        )

    def _set_verified(self, ids: frozenset[int] | None, state: tuple[str, str]) -> None:
        self._verified = ids
        self._verified_state = state
        self._show_verified_note()
        self._rebuild_query()
        self._update_counts()

    def _show_verified_note(self) -> None:
        """Why the Verified column is N/A, in the current language (its tooltip)."""
        state, detail = self._verified_state
        notes = {
            "no_session": self.tr(
                "N/A: Verified marks are computed for the runs of a calibration session; "
                "open one (Review → Calibration sessions…)."
            ),
            "computing": self.tr("Computing the Verified marks of this session…"),
            "failed": self.tr("N/A: the Verified marks could not be computed: %1").replace("%1", detail),
        }
        self.model.verified_note = notes.get(state, "")
        self.model.retranslate()

    def next_ungraded(self) -> None:
        """Go to the next run (in the table's order) the current expert has not fully graded."""
        current = self.table.current_run
        after = self.model.row_of(current) if current is not None else None
        row = self.query.next_ungraded_row(
            self.current_filter(), self.model.sort_order, -1 if after is None else after
        )
        if row is None or row == after:
            self.statusBar().showMessage(self.tr("Every shown run is graded."), 5000)
            return
        self.table.select_row(row)

    # -- Level 1 -----------------------------------------------------------------------------------

    def _start_scoring(self, run_ids: list[int]) -> None:
        if self.workspace is None or not run_ids:
            return
        if self._must_confirm_unisolated():
            self._confirm_unisolated(lambda: self._start_scoring(run_ids))
            return
        settings = self.settings
        self.scoring.start(
            self.query, self.current_filter(), self.workspace, run_ids, settings.sandbox, settings.jobs
        )
        self._update_actions()

    def _must_confirm_unisolated(self) -> bool:
        """ "auto" fell back to the local sandbox (no Docker image): candidate code would run NOT
        isolated. Asked once per start of the app; choosing "local" in the settings is an answer."""
        state, isolated, _detail = self._sandbox_state
        return (
            self.settings.sandbox == "auto"
            and state == "ready"
            and isolated is False
            and self._unisolated_answer is None
        )

    def _confirm_unisolated(self, then: Any) -> None:
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            self.tr("Score without isolation?"),
            self.tr(
                "Docker is not available, so candidate code would run as a local process on this "
                "computer, NOT isolated. Build the sandbox image (prism-desktop sandbox build) to score "
                "in isolated containers.\n\nScore locally for the rest of this session?"
            ),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            self,
        )
        box.setObjectName("unisolatedQuestion")
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

        def answered(button: Any) -> None:
            if box.standardButton(button) == QMessageBox.StandardButton.Yes:
                self._unisolated_answer = True  # remembered; Cancel asks again next time
                then()

        box.buttonClicked.connect(answered)
        box.open()
        self.unisolated_question = box

    def score_runs(self, run_ids: list[int]) -> None:
        """Level 1 for these runs (the ones just generated, say)."""
        self._start_scoring(run_ids)

    def score_selected(self) -> None:
        self._start_scoring(self.table.selected_run_ids())

    def score_experiment(self) -> None:
        """Every run of the current run's experiment."""
        current = self.table.current_run
        row = self.query.rows_by_id([current]).get(current) if current is not None else None
        if row is not None:
            self._start_scoring(self.query.run_ids(RunsFilter(experiment_id=row.experiment_id)))

    def score_shown(self) -> None:
        self._start_scoring(self.query.run_ids(self.current_filter()))

    def score_unscored(self) -> None:
        """The shown runs that have no Level-1 result scored here yet."""
        self._start_scoring(self.query.run_ids(self.current_filter(), not_scored_here=True))

    def _runs_scored(self, rows: list[RunRow], counts: Counts | None) -> None:
        """A batch of results, read by the worker: their rows and the counts now; the review of
        the current run (a much heavier redraw) once the job ends, so the window stays fluid."""
        self.model.update_rows(rows)
        if counts is not None:
            self._show_counts(counts)
        if any(row.run_id == self.table.current_run for row in rows):
            self._review_stale = True

    def _refresh_stale_review(self) -> None:
        if self._review_stale and self.review is not None:
            self.review.show_run(self.table.current_run)
        self._review_stale = False

    def _scoring_finished(self, count: int, cancelled: bool) -> None:
        if cancelled:
            message = self.tr("Level 1 cancelled after %1 runs.")
        else:
            message = self.tr("Level 1 scored %1 runs.")
        self.statusBar().showMessage(message.replace("%1", str(count)), 10_000)
        if self.model.sort_order.column in SCORED_COLUMNS:
            self.model.reload()  # the new scores may have moved rows
        self._refresh_stale_review()
        self._update_counts()
        self._update_actions()

    def _scoring_failed(self, message: str) -> None:
        self._refresh_stale_review()
        self._update_actions()
        self._message(QMessageBox.Icon.Warning, self.tr("Level 1 could not run"), message)

    def _message(self, icon: QMessageBox.Icon, title: str, text: str, details: str = "") -> QMessageBox:
        """A window-modal message that does not block the event loop (background work goes on)."""
        box = QMessageBox(icon, title, text, QMessageBox.StandardButton.Ok, self)
        box.setTextFormat(Qt.TextFormat.PlainText)  # errors quote file names and file contents
        if details:
            box.setDetailedText(details)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        return box

    def check_sandbox(self) -> None:
        """Find out in the background which sandbox Level 1 will get (Docker may take a moment)."""
        mode = self.settings.sandbox
        self._sandbox_state = ("checking", None, "")
        self._show_sandbox()
        self.background.start(lambda _progress, _cancel: probe_sandbox(mode), on_finished=self.set_sandbox)

    def set_sandbox(self, probe: tuple[bool | None, str]) -> None:
        """Show a probe_sandbox() answer: (isolated, description), isolated None when unavailable."""
        isolated, detail = probe
        self._sandbox_state = ("unavailable" if isolated is None else "ready", isolated, detail)
        self._show_sandbox()

    def _show_sandbox(self) -> None:
        state, isolated, detail = self._sandbox_state
        if state == "checking":
            text, colour = self.tr("Sandbox: checking…"), scheme().secondary
        elif state == "unavailable":
            text, colour = self.tr("Sandbox: unavailable"), scheme().bad
        else:
            text = self.tr("Sandbox: %1").replace("%1", sandbox_text(bool(isolated)))
            colour = scheme().good if isolated else scheme().warn
        self.sandbox_label.setText(f"<span style='color:{colour}; font-weight:600'>{text}</span>")
        self.sandbox_label.setToolTip(detail)

    # -- sessions and the expert -------------------------------------------------------------------

    def show_sessions(self) -> None:
        dialog = SessionsDialog(self.store, self.settings.expert_name or None, self)
        dialog.sessionChosen.connect(self._session_chosen)
        dialog.open()

    def _session_chosen(self, session_id: int | None, expert: str) -> None:
        if expert.strip() and expert.strip() != self.settings.expert_name:
            self.set_expert(expert)
        if session_id is None:
            self.leave_session()
        else:
            self.enter_session(session_id)

    def enter_session(self, session_id: int) -> None:
        info = session_info(self.store, session_id)
        self.session_id = session_id
        self.session_name = info.name
        self.session_blind = bool(info.blind)
        self.filters.reset()
        if self.review is not None:
            self.review.set_session(session_id)
        self._retranslate()
        self.apply_filter()
        self._compute_verified()
        self._update_actions()
        if self.model.rowCount():
            self.table.select_row(0)
        self.tabs.setCurrentIndex(REVIEW_TAB)
        self.focus_grading()
        self.sessionChanged.emit(session_id)

    def leave_session(self) -> None:
        self.session_id = None
        self.session_name = ""
        self.session_blind = False
        if self.review is not None:
            self.review.set_session(None)
        self._retranslate()
        self.apply_filter()
        self._compute_verified()
        self._update_actions()
        self.sessionChanged.emit(None)

    def ask_identity(self) -> bool:
        """Ask the expert's name (first start, or the Review menu); False when they declined."""
        name, ok = QInputDialog.getText(
            self,
            self.tr("Who is grading?"),
            self.tr("Your name or expert id. It is stored with every grade you give:"),
            text=self.settings.expert_name,
        )
        if not ok or not name.strip():
            return False
        self.set_expert(name)
        return True

    def set_expert(self, name: str) -> None:
        self.settings.expert_name = name
        if self.review is not None:
            self.review.set_expert(self.settings.expert_name)
        self._retranslate()
        self.apply_filter()
        self._update_counts()

    # -- settings, language ------------------------------------------------------------------------

    def show_settings(self) -> None:
        dialog = SettingsDialog(self.settings, self)
        if dialog.exec() != SettingsDialog.DialogCode.Accepted:
            return
        language_changed, sandbox_changed, expert_changed = dialog.apply()
        if language_changed:
            self.set_language(self.settings.language)
        if sandbox_changed:
            self.debug.sandbox = self.settings.sandbox
            self.check_sandbox()
        if expert_changed:
            self.set_expert(self.settings.expert_name)

    def set_language(self, choice: str) -> None:
        """Switch the interface language now; widgets retranslate on Qt's LanguageChange event."""
        if self.translations is not None:
            self.translations.apply(effective_language(choice))

    def _restyle(self) -> None:
        """The theme switched between light and dark: repaint what keeps colours of its own."""
        self.model.restyle()
        self._show_sandbox()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def _retranslate(self) -> None:
        title = self.tr("PRISM Desktop")
        if self.workspace is not None:
            title = f"{title} — {self.workspace.root.name}"
        self.setWindowTitle(title)
        self.tabs.setTabText(REVIEW_TAB, self.tr("Review"))
        self.tabs.setTabText(DEBUG_TAB, self.tr("Debug"))
        self.status.grader = Grader(
            self.settings.expert_name, self.session_id, self.session_name, self.session_blind
        )
        self.status.retranslate()
        self.no_review.setText(self.tr("Open a workspace (File → Open workspace…) to review its runs."))
        if self.review is not None:
            self.review.retranslate()
        self._show_verified_note()
        self._show_sandbox()
        if hasattr(self, "status"):
            self._update_counts()

    def show_about(self) -> None:
        AboutDialog(self.workspace, self.background, self).open()

    def open_log_folder(self) -> None:
        if not open_log_folder():
            text = self.tr("The log folder could not be opened: %1").replace("%1", str(log_dir()))
            self._message(QMessageBox.Icon.Warning, self.tr("Log folder"), text)

    def show_runs_of(self, task_id: str, model_id: str) -> None:
        """The runs table filtered to one task and model (from the Models window's map); not in
        a blind session before every run is graded (RunsFilter.concealed drops the model)."""
        if not allows(self.filters.visibility, {Reveals.MODEL}):
            return
        self.filters.show_only(task_id, model_id)
        if not self.commands.action("view.toggle_runs").isChecked():
            self.commands.action("view.toggle_runs").setChecked(True)
            self.toggle_runs_table()
        self.raise_()
        self.activateWindow()

    def show_run_ids(self, run_ids: frozenset[int], what: str) -> None:
        """The runs table narrowed to these runs (a confusion cell of the agreement window)."""
        self.filters.show_runs(run_ids, what)
        if not self.commands.action("view.toggle_runs").isChecked():
            self.commands.action("view.toggle_runs").setChecked(True)
            self.toggle_runs_table()
        self.tabs.setCurrentIndex(REVIEW_TAB)
        if self.model.rowCount():
            self.table.select_row(0)
        self.raise_()
        self.activateWindow()

    def show_review_tab(self) -> None:
        self.tabs.setCurrentIndex(REVIEW_TAB)
        self.focus_grading()

    def focus_grading(self) -> None:
        """Keyboard focus to the review, where the grading keys act (after a click on a run, on
        opening a session)."""
        if self.review is not None and self.tabs.currentIndex() == REVIEW_TAB:
            self.review.setFocus(Qt.FocusReason.OtherFocusReason)

    def show_help(self) -> None:
        if self.review is not None and self.tabs.currentIndex() == REVIEW_TAB:
            self.review.run_command("help.keys")

    def toggle_runs_table(self) -> None:
        """Collapse the runs table to give the code its room (the table keeps its state)."""
        shown = self.commands.action("view.toggle_runs").isChecked()
        self.runs_panel.setVisible(shown)
        if not shown:
            self.focus_grading()

    def toggle_wrap(self) -> None:
        wrap = self.commands.action("view.wrap").isChecked()
        self.settings.code_wrap = wrap
        if self.review is not None:
            self.review.code.set_wrap(wrap)

    def zoom_code(self, direction: int) -> None:
        """Larger (1), smaller (-1) or normal (0) code in the review's panes; remembered."""
        zoom = 0 if direction == 0 else max(-6, min(12, self.settings.code_zoom + direction))
        self.settings.code_zoom = zoom
        if self.review is not None:
            self.review.code.set_zoom(zoom)

    def debug_current_task(self) -> None:
        if not self.tabs.isTabEnabled(DEBUG_TAB):
            return
        self.tabs.setCurrentIndex(DEBUG_TAB)  # _tab_changed opens the current run's task there

    def _tab_changed(self, index: int) -> None:
        self._update_grading_keys()
        if index == DEBUG_TAB and self.review is not None and self.review.review is not None:
            review = self.review.review
            self.debug.set_run_candidate(
                review.task_id, review.run_id, review.candidate_code,
                machine_hidden=not self.review.visible.machine,
            )

    # -- state -------------------------------------------------------------------------------------

    def _update_actions(self) -> None:
        ready = self.workspace is not None and not self.scoring.busy
        has_rows = self.model.rowCount() > 0
        enable = self.commands.set_enabled
        enable(["level1.score_selected"], ready and bool(self.table.selectionModel().selectedRows()))
        enable(["level1.score_experiment"], ready and self.table.current_run is not None)
        enable(["level1.score_shown", "level1.score_unscored"], ready and has_rows)
        enable(["level1.cancel"], self.scoring.busy)
        enable(["file.reimport", "review.sessions"], self.workspace is not None)
        enable(["review.leave_session"], self.session_id is not None)
        self._update_grading_keys()

    def _update_grading_keys(self) -> None:
        """Grading keys work while the review is visible (not on the Debug tab)."""
        visible = self.review is not None and self.tabs.currentIndex() == REVIEW_TAB
        enable = self.commands.set_enabled
        enable([hk.action for hk in HOTKEYS if hk.scope is Scope.GRADING], visible)

    def _restore_layout(self) -> None:
        geometry = self.settings.window_state("geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        else:
            screen = QApplication.primaryScreen()
            available = screen.availableGeometry() if screen else None
            width = min(1600, available.width() - 40) if available else 1400
            height = min(960, available.height() - 40) if available else 900
            self.resize(width, height)
        window_layout.restore(self.settings, {"splitter": (self.splitter, window_layout.main_sizes)})

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.quit_guard.may_close():
            event.ignore()  # the guard asks; "Quit anyway" closes again
            return
        self.settings.set_window_state("geometry", self.saveGeometry())
        splitters = {"splitter": self.splitter}
        if self.review is not None:
            splitters |= {
                "review_splitter": self.review.splitter,
                "review_left_splitter": self.review.left_splitter,
            }
        window_layout.save(self.settings, splitters)
        self.scoring.shutdown()
        self.background.shutdown()
        super().closeEvent(event)
