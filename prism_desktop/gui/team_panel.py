"""The team progress panel (View → Team progress): per expert and overall, how many runs of the open
session are graded, remaining, incomplete and flagged — kept current without restarting.

Every POLL_MS the panel asks the store, in the background, for its change marker
(services/team_sessions.change_marker: a few indexed aggregates); only when it moved are the
progress figures read again, and `storeChanged` tells the window, which then re-reads the current
run's grades (the review applies the blind rules: others' grades show only once the expert has
graded the run). Works the same on a shared PostgreSQL store and on a SQLite file."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QTableWidget,
    QTableWidgetItem,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from prism_desktop.gui.actions import ActionSpec, Menu
from prism_desktop.gui.window_context import WindowContext
from prism_desktop.services.grading import grades_for_run
from prism_desktop.services.team_sessions import (
    TeamProgress,
    change_marker,
    team_progress,
)

POLL_MS = 3000
TR_CONTEXT = "TeamPanel"


def tr(text: str) -> str:
    return QCoreApplication.translate(TR_CONTEXT, text)


class TeamPanel(QDockWidget):
    storeChanged = Signal()  # someone (another window, process or expert) changed the session

    def __init__(self, ctx: WindowContext, poll_ms: int = POLL_MS):
        super().__init__(ctx.parent)
        self.setObjectName("teamPanel")
        self.ctx = ctx
        self.progress: TeamProgress | None = None
        self._marker: tuple[object, ...] | None = None
        self._others: tuple[object, ...] | None = None
        self._run: int | None = None
        self._polling = False
        self._again = False
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.table = QTableWidget(0, 6)
        self.table.setObjectName("teamProgressTable")
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        team = QWidget()
        layout = QVBoxLayout(team)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.addWidget(self.title)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.summary)
        # (The audit trail of the current run is in the review, under the grading panel.)
        self.setWidget(team)
        self.timer = QTimer(self)
        self.timer.setInterval(poll_ms)
        self.timer.timeout.connect(self.poll)
        self.timer.start()
        self._retranslate()

    # -- polling -----------------------------------------------------------------------------------

    def poll(self) -> None:
        """Ask the store in the background whether anything changed; cheap, and skipped while the
        previous question is still out."""
        ctx = self.ctx
        if self._polling:
            self._again = True  # asked while a question is out (e.g. the run changed): ask once more
            return
        self._polling = True
        store, session_id, last, last_run = ctx.store, ctx.session_id, self._marker, self._run
        run_id = ctx.reviewed_run()
        expert = ctx.settings.expert_name
        l2 = ctx.workspace.protocols.l2 if ctx.workspace is not None else None

        def job(_progress: Any, _cancel: Any) -> tuple[Any, ...]:
            # Tagged with its session: with nothing graded yet, two sessions' markers are equal.
            marker = (session_id, change_marker(store, session_id))
            if marker == last and run_id == last_run:
                return (marker, run_id, None, None)
            progress = team_progress(store, session_id, l2) if session_id is not None else None
            others = None
            if run_id is not None:
                others = tuple(
                    (g.expert, g.axis, g.step, g.version)
                    for g in grades_for_run(store, run_id, session_id)
                    if g.expert != expert
                )
            return (marker, run_id, progress, (run_id, others))

        ctx.background.start(job, on_finished=self._answered, on_failed=self._failed)

    def _answered(self, answer: tuple[Any, ...]) -> None:
        self._polling = False
        marker, run_id, progress, others = answer
        if marker[0] != self.ctx.session_id:  # asked before the session changed: ask again
            self._again = True
        elif marker != self._marker or run_id != self._run:
            first = self._marker is None
            moved = marker != self._marker
            self._marker, self._run = marker, run_id
            self.show_progress(progress)
            if not first and moved:
                self.storeChanged.emit()
                if others is not None and others != self._others and self._others is not None:
                    self._refresh_review()
            self._others = others
        if self._again:
            self._again = False
            self.poll()

    def _failed(self, error: BaseException) -> None:
        self._polling = False
        self._again = False
        self.summary.setText(tr("The store cannot be read: %1").replace("%1", str(error)))

    def _refresh_review(self) -> None:
        """Show the others' new grades on the current run — unless the expert is typing a comment,
        which a reload would overwrite."""
        if isinstance(self.ctx.parent.focusWidget(), QTextEdit | QPlainTextEdit):
            return
        self.ctx.refresh_review()

    def reset(self) -> None:
        """The session or the store changed: read everything again at once."""
        self._marker = None
        self._others = None
        self._run = None
        self.show_progress(None)
        self.poll()

    # -- showing -----------------------------------------------------------------------------------

    def show_progress(self, progress: TeamProgress | None) -> None:
        self.progress = progress
        self.table.setRowCount(0)
        if progress is None:
            self.title.setText(
                tr("Open a calibration session (Review → Calibration sessions…) to see its team.")
            )
            self.summary.clear()
            return
        overlap = (
            tr("%1 experts per run").replace("%1", str(progress.overlap))
            if progress.overlap
            else tr("not dealt to a team: everyone grades every run")
        )
        self.title.setText(
            tr("Session %1 — %2 runs, %3")
            .replace("%1", progress.name)
            .replace("%2", str(progress.runs))
            .replace("%3", overlap)
        )
        rows = [
            (e.label, e.assigned, e.graded, e.remaining, e.incomplete, e.flagged) for e in progress.experts
        ]
        rows.append(
            (
                tr("All"),
                sum(e.assigned for e in progress.experts),
                progress.graded,
                progress.remaining,
                progress.incomplete,
                progress.flagged_runs,
            )
        )
        self.table.setRowCount(len(rows))
        for row, values in enumerate(rows):
            for column, value in enumerate(values):
                item = QTableWidgetItem(str(value))
                if column:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if row == len(rows) - 1:
                    font = item.font()
                    font.setBold(True)
                    item.setFont(font)
                self.table.setItem(row, column, item)
        self.summary.setText(
            tr("Runs graded by all their experts: %1 of %2 · adjudicated axes: %3")
            .replace("%1", str(progress.complete_runs))
            .replace("%2", str(progress.runs))
            .replace("%3", str(progress.adjudicated_axes))
        )

    def _retranslate(self) -> None:
        self.setWindowTitle(tr("Team progress"))
        self.table.setHorizontalHeaderLabels(
            [tr("Expert"), tr("Assigned"), tr("Graded"), tr("Remaining"), tr("Incomplete"), tr("Flagged")]
        )
        self.show_progress(self.progress)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)


def team_panel(ctx: WindowContext) -> TeamPanel:
    """The panel (the window docks it), following the window's session and current run; shown while
    a session is open (its team is what it is about), though the user may still hide it; its View
    menu item (TEAM_ACTIONS) says whether it is shown."""
    panel = TeamPanel(ctx)
    ctx.kept["team_panel"] = panel
    panel.setVisible(False)
    panel.visibilityChanged.connect(ctx.action("view.team_panel").setChecked)

    def session_changed(session_id: int | None) -> None:
        panel.setVisible(session_id is not None)
        panel.reset()

    ctx.on_session_changed(session_changed)
    ctx.on_current_run_changed(lambda _run: QTimer.singleShot(0, panel.poll))
    return panel


def _toggle_panel(ctx: WindowContext) -> None:
    panel = ctx.kept.get("team_panel")
    if isinstance(panel, TeamPanel):
        panel.setVisible(ctx.action("view.team_panel").isChecked())


TEAM_ACTIONS: tuple[ActionSpec[WindowContext], ...] = (
    ActionSpec(
        "view.team_panel",
        lambda: tr("&Team progress"),
        _toggle_panel,
        Menu.VIEW,
        separator=True,
        checkable=True,
    ),
)
