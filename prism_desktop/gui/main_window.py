"""The main window, a view: the runs table (with its filter bar) beside the review of the current
run, a Debug tab, the menus, and a status bar that always says which sandbox Level 1 uses.

Its commands are data (gui/actions.py and each feature's ActionSpec list) and reach the window
only through the window context (gui/window_context.py), which `WindowServices` below implements.
Its parts live in their own modules: the tabs (main_tabs), the sandbox label (sandbox_status), the
Verified marks (verified_marks), opening a workspace (workspace_import), sizes (window_layout)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, Signal
from PySide6.QtGui import QAction, QCloseEvent
from PySide6.QtWidgets import (
    QFileDialog,
    QInputDialog,
    QMainWindow,
    QMessageBox,
    QWidget,
)

from prism_desktop.gui import window_layout
from prism_desktop.gui.about import AboutDialog, open_log_folder
from prism_desktop.gui.actions import MAIN_ACTIONS, MAIN_MENUS, WindowActions
from prism_desktop.gui.adjudication_view import ADJUDICATION_ACTIONS
from prism_desktop.gui.agreement_view import AGREEMENT_ACTIONS
from prism_desktop.gui.app_workers import Background
from prism_desktop.gui.ask_model_panel import ask_model_panel
from prism_desktop.gui.colour_scheme import on_scheme_change
from prism_desktop.gui.debug_view import DebugView
from prism_desktop.gui.filters import FilterBar
from prism_desktop.gui.focus_return import FocusReturn
from prism_desktop.gui.generate_dialog import GENERATE_ACTIONS
from prism_desktop.gui.i18n import Translations, effective_language
from prism_desktop.gui.main_tabs import DEBUG_TAB, REVIEW_TAB, MainTabs
from prism_desktop.gui.models_view import MODELS_ACTIONS
from prism_desktop.gui.quit_guard import QuitGuard, losses
from prism_desktop.gui.review_view import ReviewView
from prism_desktop.gui.runs_model import RunsTableModel
from prism_desktop.gui.runs_view import RunsView
from prism_desktop.gui.sandbox_status import SandboxStatus
from prism_desktop.gui.scoring_panel import ScoringPanel
from prism_desktop.gui.sessions_dialog import SessionsDialog
from prism_desktop.gui.settings import AppSettings, SettingsDialog
from prism_desktop.gui.store_dialog import STORE_ACTIONS
from prism_desktop.gui.team_panel import TEAM_ACTIONS, team_panel
from prism_desktop.gui.verified_marks import VerifiedMarks
from prism_desktop.gui.window_status import Grader, WindowStatus
from prism_desktop.gui.workspace_import import ImportOutcome, import_message, open_and_import
from prism_desktop.locations import log_dir
from prism_desktop.services.benchmark_kinds import kind_of
from prism_desktop.services.grading import applicable_axes
from prism_desktop.services.runs_query import (
    Column,
    Counts,
    RunRow,
    RunScope,
    RunsFilter,
    RunsQuery,
)
from prism_desktop.services.sessions import session_info
from prism_desktop.services.visibility import Reveals, Visibility, allows
from prism_desktop.store import Store
from prism_desktop.workspace.errors import Problem, WorkspaceError
from prism_desktop.workspace.workspace import Workspace

TR_CONTEXT = "MainWindow"  # WindowServices words its messages as the window always did


def tr(text: str) -> str:
    return QCoreApplication.translate(TR_CONTEXT, text)


# The features' commands, in the order their items appear in the menus.
FEATURE_ACTIONS = (
    AGREEMENT_ACTIONS, GENERATE_ACTIONS, STORE_ACTIONS, ADJUDICATION_ACTIONS, TEAM_ACTIONS, MODELS_ACTIONS
)
# Sorting by these columns can move rows when runs are scored.
SCORED_COLUMNS = (Column.S, Column.M, Column.O, Column.P, Column.Q, Column.STATUS)


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
        self._review_stale = False  # the current run was scored while a job ran
        self._axes: dict[str, tuple[str, ...]] = {}  # graded axes per category, from the L2 protocol
        self.verified = VerifiedMarks(self.background, self)
        self.verified.timer.timeout.connect(self._compute_verified)
        self.verified.changed.connect(self._verified_changed)
        self.verified.noteChanged.connect(self._show_verified_note)
        self.sandbox = SandboxStatus(self, self.background)

        self.query = RunsQuery(store)
        self.model = RunsTableModel(self.query, self)
        on_scheme_change(self, self._restyle)
        self.filters = FilterBar()
        self.table = RunsView(self.model)
        self.scoring = ScoringPanel()
        self.debug = DebugView(self.background, settings.sandbox)
        self.review: ReviewView | None = None  # bound to a workspace: none until one is open
        self.tabs = MainTabs(self.filters, self.table, self.debug)
        self.runs_panel, self.splitter = self.tabs.runs_panel, self.tabs.splitter
        self.setCentralWidget(self.tabs)

        self.status = WindowStatus(self.statusBar(), self.scoring, self.sandbox.label)
        self.import_progress = self.status.import_progress
        self.counts_label, self.grading_progress = self.status.counts_label, self.status.grading_progress
        self.status.show_store(store.url)

        self.services = WindowCommands(self)
        self.commands = WindowActions(self, MAIN_MENUS)
        self.commands.register(MAIN_ACTIONS, self.services)
        for specs in FEATURE_ACTIONS:
            self.commands.register(specs, self.services)
        self.quit_guard = QuitGuard(self, self._losses)
        FocusReturn(self, self.focus_grading)
        self.commands.action("view.wrap").setChecked(settings.code_wrap)
        self.filters.filterChanged.connect(self.apply_filter)
        self.filters.visibilityChanged.connect(lambda _visibility: self.commands.update())
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
        window_layout.restore_window(self, settings, self.splitter)
        self.refresh_choices()
        self._update_actions()
        self.ask_model = ask_model_panel(self.services, self.debug)  # Debug → Ask a model
        self.team_panel = team_panel(self.services)  # View → Team progress
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.team_panel)
        self.resizeDocks([self.team_panel], [170], Qt.Orientation.Vertical)  # the review keeps the height

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
        review.requestNextRun.connect(self.services.next_ungraded)
        review.currentRunChanged.connect(self.table.select_run)
        old, self.review = self.review, review
        self.tabs.show_review(review, old)
        review.show_run(self.table.current_run)
        review.code.set_wrap(self.commands.action("view.wrap").isChecked())
        window_layout.restore_review(self.settings, review.splitter, review.left_splitter)
        review.code.set_zoom(self.settings.code_zoom)
        self._update_actions()

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
        one_c = kind_of(workspace).debugs
        self.debug.set_workspace(workspace if one_c else None)
        self.tabs.setTabEnabled(DEBUG_TAB, one_c)
        self._new_review(workspace)
        self.refresh_choices()
        self._retranslate()
        self.statusBar().showMessage(import_message(outcome), 10_000)
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
            self.message(QMessageBox.Icon.Critical, self.tr("The workspace cannot be opened"), str(error))
        self.workspaceFailed.emit(str(error))

    def _show_problems(self, title: str, problems: list[Problem]) -> None:
        box = self.message(QMessageBox.Icon.Warning, title, title, "\n".join(str(p) for p in problems))
        box.setInformativeText(self.tr("%1 problem(s); see the details.").replace("%1", str(len(problems))))

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
            self.verified.timer.start()  # recomputed once the expert pauses

    def rebuild_query(self) -> None:
        self.query = RunsQuery(self.store, verified=self.verified.ids, axes_by_category=self._axes)
        self.model.set_query(self.query)
        self.filters.set_verified_available(self.verified.ids is not None)

    def _compute_verified(self) -> None:
        self.verified.compute(self.store, self.workspace, self.session_id)

    def _verified_changed(self) -> None:
        self._show_verified_note()
        self.rebuild_query()
        self._update_counts()

    def _show_verified_note(self) -> None:
        """Why the Verified column is N/A, in the current language (its tooltip)."""
        self.model.verified_note = self.verified.note()
        self.model.retranslate()

    # -- Level 1 -----------------------------------------------------------------------------------

    def score_runs(self, run_ids: list[int]) -> None:
        """Level 1 for these runs, after the question when they would run NOT isolated."""
        if self.workspace is None or not run_ids:
            return
        if self.sandbox.must_confirm(self.settings.sandbox):
            self.sandbox.confirm(lambda: self.score_runs(run_ids))
            return
        settings = self.settings
        self.scoring.start(
            self.query, self.current_filter(), self.workspace, run_ids, settings.sandbox, settings.jobs
        )
        self._update_actions()

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
        self.message(QMessageBox.Icon.Warning, self.tr("Level 1 could not run"), message)

    def message(self, icon: QMessageBox.Icon, title: str, text: str, details: str = "") -> QMessageBox:
        """A window-modal message that does not block the event loop (background work goes on)."""
        box = QMessageBox(icon, title, text, QMessageBox.StandardButton.Ok, self)
        box.setTextFormat(Qt.TextFormat.PlainText)  # errors quote file names and file contents
        if details:
            box.setDetailedText(details)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        return box

    def check_sandbox(self) -> None:
        self.sandbox.check(self.settings.sandbox)

    # -- sessions and the expert -------------------------------------------------------------------

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

    def set_expert(self, name: str) -> None:
        self.settings.expert_name = name
        if self.review is not None:
            self.review.set_expert(self.settings.expert_name)
        self._retranslate()
        self.apply_filter()
        self._update_counts()

    # -- settings, language ------------------------------------------------------------------------

    def set_language(self, choice: str) -> None:
        """Switch the interface language now; widgets retranslate on Qt's LanguageChange event."""
        if self.translations is not None:
            self.translations.apply(effective_language(choice))

    def _restyle(self) -> None:
        """The theme switched between light and dark: repaint what keeps colours of its own."""
        self.model.restyle()
        self.sandbox.show()

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
        self.tabs.no_review.setText(self.tr("Open a workspace (File → Open workspace…) to review its runs."))
        if self.review is not None:
            self.review.retranslate()
        self._show_verified_note()
        self.sandbox.show()
        if hasattr(self, "status"):
            self._update_counts()

    def focus_grading(self) -> None:
        """Keyboard focus to the review, where the grading keys act (after a click on a run, on
        opening a session)."""
        if self.review is not None and self.tabs.currentIndex() == REVIEW_TAB:
            self.review.setFocus(Qt.FocusReason.OtherFocusReason)

    def _tab_changed(self, index: int) -> None:
        self._update_actions()
        if index == DEBUG_TAB and self.review is not None and self.review.review is not None:
            review = self.review.review
            self.debug.set_run_candidate(
                review.task_id, review.run_id, review.candidate_code,
                machine_hidden=not self.review.visible.machine,
            )

    # -- state -------------------------------------------------------------------------------------

    def _update_actions(self) -> None:
        """Every command's enablement follows the window's state (the specs' conditions)."""
        self.commands.update()

    def _losses(self) -> list[str]:
        return losses(self.review.unsaved() if self.review is not None else [], self.scoring.busy)

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.quit_guard.may_close():
            event.ignore()  # the guard asks; "Quit anyway" closes again
            return
        splitters = {"splitter": self.splitter}
        if self.review is not None:
            review = self.review
            splitters |= {"review_splitter": review.splitter, "review_left_splitter": review.left_splitter}
        window_layout.save_window(self, self.settings, splitters)
        self.scoring.shutdown()
        self.background.shutdown()
        super().closeEvent(event)


class WindowServices:
    """The window context (gui/window_context.py) of one MainWindow: what the commands and the
    features may use of it, by name; they never see the window itself."""

    def __init__(self, window: MainWindow):
        self._window = window
        self.kept: dict[str, QObject] = {}

    # -- WindowContext -----------------------------------------------------------------------------

    @property
    def store(self) -> Store:
        return self._window.store

    @property
    def settings(self) -> AppSettings:
        return self._window.settings

    @property
    def background(self) -> Background:
        return self._window.background

    @property
    def workspace(self) -> Workspace | None:
        return self._window.workspace

    @property
    def session_id(self) -> int | None:
        return self._window.session_id

    @property
    def visibility(self) -> Visibility:
        return self._window.filters.visibility

    @property
    def parent(self) -> QWidget:
        return self._window

    def action(self, action_id: str) -> QAction:
        return self._window.commands.action(action_id)

    def report(self, text: str, timeout_ms: int = 0) -> None:
        bar = self._window.statusBar()
        bar.showMessage(text, timeout_ms) if text else bar.clearMessage()

    def warn(self, title: str, text: str) -> None:
        self._window.message(QMessageBox.Icon.Critical, title, text)

    def score_runs(self, run_ids: list[int]) -> None:
        self._window.score_runs(run_ids)

    def runs_added(self) -> None:
        self._window.refresh_choices()
        self._window.model.reload()  # same filter, new rows

    def reviewed_run(self) -> int | None:
        review = self._window.review
        return review.run_id if review is not None else None

    def refresh_review(self) -> None:
        review = self._window.review
        if review is not None:
            review.show_run(review.run_id)

    def on_workspace_opened(self, slot: Callable[[Workspace], Any]) -> None:
        self._window.workspaceOpened.connect(slot)

    def on_session_changed(self, slot: Callable[[int | None], Any]) -> None:
        self._window.sessionChanged.connect(slot)

    def on_current_run_changed(self, slot: Callable[[int | None], Any]) -> None:
        self._window.table.currentRunChanged.connect(slot)

    def on_visibility_changed(self, slot: Callable[[Visibility], Any]) -> None:
        self._window.filters.visibilityChanged.connect(slot)

    def use_store(self, store: Store) -> None:
        """Work on another store from now on: the runs table, the review and the workspace's results
        (imported into it, which is idempotent) all follow; the session is left."""
        w = self._window
        w.leave_session()
        w.store = store
        w.status.show_store(store.url)
        w.rebuild_query()
        w.refresh_choices()
        if w.workspace is not None:
            w.open_workspace(w.workspace.root)


class WindowCommands(WindowServices):
    """The shell context (gui/window_context.py): the window context and the window's own commands,
    for the menus of gui/actions.py."""


    def quit(self) -> None:
        self._window.close()

    def cancel_scoring(self) -> None:
        self._window.scoring.cancel()

    def review_command(self, name: str) -> None:
        if self._window.review is not None:
            self._window.review.run_command(name)

    def leave_session(self) -> None:
        self._window.leave_session()

    def focus_search(self) -> None:
        self._window.filters.search.setFocus()

    def reset_filters(self) -> None:
        self._window.filters.reset()

    def refresh_choices(self) -> None:
        self._window.refresh_choices()

    def scoring_busy(self) -> bool:
        return self._window.scoring.busy

    def has_selection(self) -> bool:
        return bool(self._window.table.selectionModel().selectedRows())

    def has_current_run(self) -> bool:
        return self._window.table.current_run is not None

    def has_rows(self) -> bool:
        return self._window.model.rowCount() > 0

    def review_visible(self) -> bool:
        window = self._window
        return window.review is not None and window.tabs.currentIndex() == REVIEW_TAB

    def show_about(self) -> None:
        w = self._window
        AboutDialog(w.workspace, w.background, w).open()

    def open_log_folder(self) -> None:
        w = self._window
        if not open_log_folder():
            text = tr("The log folder could not be opened: %1").replace("%1", str(log_dir()))
            w.message(QMessageBox.Icon.Warning, tr("Log folder"), text)

    def show_help(self) -> None:
        w = self._window
        if w.review is not None and w.tabs.currentIndex() == REVIEW_TAB:
            w.review.run_command("help.keys")

    def toggle_runs_table(self) -> None:
        """Collapse the runs table to give the code its room (the table keeps its state)."""
        w = self._window
        shown = w.commands.action("view.toggle_runs").isChecked()
        w.runs_panel.setVisible(shown)
        if not shown:
            w.focus_grading()

    def toggle_wrap(self) -> None:
        w = self._window
        wrap = w.commands.action("view.wrap").isChecked()
        w.settings.code_wrap = wrap
        if w.review is not None:
            w.review.code.set_wrap(wrap)

    def zoom_code(self, direction: int) -> None:
        """Larger (1), smaller (-1) or normal (0) code in the review's panes; remembered."""
        w = self._window
        zoom = 0 if direction == 0 else max(-6, min(12, w.settings.code_zoom + direction))
        w.settings.code_zoom = zoom
        if w.review is not None:
            w.review.code.set_zoom(zoom)

    def debug_current_task(self) -> None:
        w = self._window
        if not w.tabs.isTabEnabled(DEBUG_TAB):
            return
        w.tabs.setCurrentIndex(DEBUG_TAB)  # _tab_changed opens the current run's task there

    def show_review_tab(self) -> None:
        w = self._window
        w.tabs.setCurrentIndex(REVIEW_TAB)
        w.focus_grading()

    def show_settings(self) -> None:
        w = self._window
        dialog = SettingsDialog(w.settings, w)
        if dialog.exec() != SettingsDialog.DialogCode.Accepted:
            return
        language_changed, sandbox_changed, expert_changed = dialog.apply()
        if language_changed:
            w.set_language(w.settings.language)
        if sandbox_changed:
            w.debug.sandbox = w.settings.sandbox
            w.check_sandbox()
        if expert_changed:
            w.set_expert(w.settings.expert_name)

    def ask_identity(self) -> bool:
        """Ask the expert's name (first start, or the Review menu); False when they declined."""
        w = self._window
        name, ok = QInputDialog.getText(
            w,
            tr("Who is grading?"),
            tr("Your name or expert id. It is stored with every grade you give:"),
            text=w.settings.expert_name,
        )
        if not ok or not name.strip():
            return False
        w.set_expert(name)
        return True

    def show_sessions(self) -> None:
        w = self._window
        l2 = w.workspace.protocols.l2 if w.workspace is not None else None
        dialog = SessionsDialog(w.store, w.settings.expert_name or None, w, l2)
        dialog.sessionChosen.connect(self._session_chosen)
        dialog.open()

    def _session_chosen(self, session_id: int | None, expert: str) -> None:
        w = self._window
        if expert.strip() and expert.strip() != w.settings.expert_name:
            w.set_expert(expert)
        if session_id is None:
            w.leave_session()
        else:
            w.enter_session(session_id)

    def choose_workspace(self) -> None:
        w = self._window
        start = str(w.workspace.root) if w.workspace else str(Path.home())
        folder = QFileDialog.getExistingDirectory(
            w, tr("Open a workspace (PRISM: tasks/ and metrics/; coding bench: dataset/)"), start
        )
        if folder:
            w.open_workspace(Path(folder))

    def reimport(self) -> None:
        w = self._window
        if w.workspace is not None:
            w.open_workspace(w.workspace.root)

    def score_selected(self) -> None:
        w = self._window
        w.score_runs(w.table.selected_run_ids())

    def score_experiment(self) -> None:
        """Every run of the current run's experiment."""
        w = self._window
        current = w.table.current_run
        row = w.query.rows_by_id([current]).get(current) if current is not None else None
        if row is not None:
            w.score_runs(w.query.run_ids(RunsFilter(experiment_id=row.experiment_id)))

    def score_shown(self) -> None:
        w = self._window
        w.score_runs(w.query.run_ids(w.current_filter()))

    def score_unscored(self) -> None:
        """The shown runs that have no Level-1 result scored here yet."""
        w = self._window
        w.score_runs(w.query.run_ids(w.current_filter(), not_scored_here=True))

    def show_runs_of(self, task_id: str, model_id: str) -> None:
        """The runs table filtered to one task and model (from the Models window's map); not in
        a blind session before every run is graded (RunsFilter.concealed drops the model)."""
        w = self._window
        if not allows(w.filters.visibility, {Reveals.MODEL}):
            return
        w.filters.show_only(task_id, model_id)
        if not w.commands.action("view.toggle_runs").isChecked():
            w.commands.action("view.toggle_runs").setChecked(True)
            self.toggle_runs_table()
        w.raise_()
        w.activateWindow()

    def show_runs(self, run_ids: frozenset[int], what: str) -> None:
        """The runs table narrowed to these runs (a confusion cell of the agreement window)."""
        w = self._window
        w.filters.show_runs(run_ids, what)
        if not w.commands.action("view.toggle_runs").isChecked():
            w.commands.action("view.toggle_runs").setChecked(True)
            self.toggle_runs_table()
        w.tabs.setCurrentIndex(REVIEW_TAB)
        if w.model.rowCount():
            w.table.select_row(0)
        w.raise_()
        w.activateWindow()

    def next_ungraded(self) -> None:
        """Go to the next run (in the table's order) the current expert has not fully graded."""
        w = self._window
        current = w.table.current_run
        after = w.model.row_of(current) if current is not None else None
        row = w.query.next_ungraded_row(
            w.current_filter(), w.model.sort_order, -1 if after is None else after
        )
        if row is None or row == after:
            w.statusBar().showMessage(tr("Every shown run is graded."), 5000)
            return
        w.table.select_row(row)
