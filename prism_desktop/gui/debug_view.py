"""Debug mode: one task, a candidate typed or pasted into an editor, Level 1 run on it in the
background, and every log of that run. Buttons load (or directly run) the task's canonical solution
and its perf_baseline, which is how a maintainer checks a task before experts see it. For a category
B task, the query console beside the logs runs 1C queries against the task's filled infobase."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSplitter,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from prism_desktop.gui.actions import make_action
from prism_desktop.gui.app_workers import Background
from prism_desktop.gui.code_editor import CodeEditor, GutterMarker
from prism_desktop.gui.logs_tabs import LogsTabs
from prism_desktop.gui.plain_text import MARKDOWN_WITHOUT_HTML
from prism_desktop.gui.plain_text import tooltip as plain_tooltip
from prism_desktop.gui.query_console import QueryConsole
from prism_desktop.gui.runs_model import format_score, na_text
from prism_desktop.gui.scoring_panel import sandbox_text
from prism_desktop.runs.onec import RunResult
from prism_desktop.services.level1 import score_candidate
from prism_desktop.services.runs_query import AXES, RunStatus, na_reasons
from prism_desktop.workspace.tasks import Task
from prism_desktop.workspace.workspace import Workspace


class DebugView(QWidget):
    """Emits `scored(run_result, auto_run)` when a Level-1 run on the editor's text has finished."""

    scored = Signal(object, object)
    failed = Signal(str)

    def __init__(self, background: Background, sandbox: str = "auto", parent: QWidget | None = None):
        super().__init__(parent)
        self._background = background
        self.sandbox = sandbox
        self._workspace: Workspace | None = None
        self._running = False
        self.task = QComboBox()
        self.task.setMinimumContentsLength(16)
        self.task.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.task.currentIndexChanged.connect(self._task_changed)
        self.load_canonical = QPushButton()
        self.load_run = QPushButton()  # the candidate of the run under review
        self.load_run.setObjectName("loadRunCandidate")
        self.load_run.setEnabled(False)
        self.load_run.clicked.connect(self.load_run_candidate)
        self._run_candidate: tuple[str, int, str] | None = None  # task id, run id, code
        self._run_machine_hidden = False  # blind mode hides the machine's verdict on that run
        self.load_baseline = QPushButton()
        self.run_button = QPushButton()
        self.run_canonical = QPushButton()
        self.run_baseline = QPushButton()
        self.run_button.setDefault(True)
        self.load_canonical.clicked.connect(lambda: self._load("canonical"))
        self.load_baseline.clicked.connect(lambda: self._load("perf_baseline"))
        self.run_button.clicked.connect(self.run_editor)
        self.run_canonical.clicked.connect(lambda: self._load("canonical", run=True))
        self.run_baseline.clicked.connect(lambda: self._load("perf_baseline", run=True))
        make_action(self, "debug.run", None, self.run_editor, Qt.ShortcutContext.WidgetWithChildrenShortcut)

        self.editor = CodeEditor(self, read_only=False)
        self.statement = QTextBrowser()
        self.statement.setOpenExternalLinks(False)
        self.busy = QProgressBar()
        self.busy.setRange(0, 0)  # Level 1 on one candidate reports no steps: an activity bar
        self.busy.setMaximumWidth(160)
        self.busy.setVisible(False)
        self.outcome = QLabel()
        self.outcome.setTextFormat(Qt.TextFormat.PlainText)  # quotes the run's own messages
        self.outcome.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.score_labels = {axis: QLabel() for axis in AXES}
        self.logs = LogsTabs()
        self.logs.lineActivated.connect(self.editor.go_to_line)
        self.editor.textChanged.connect(self._text_edited)

        self.load_label = QLabel()
        self.run_label = QLabel()
        top = QHBoxLayout()
        top.addWidget(self.task, 1)
        top.addSpacing(8)
        for widget in (self.load_label, self.load_run, self.load_canonical, self.load_baseline):
            top.addWidget(widget)
        top.addSpacing(8)
        for widget in (self.run_label, self.run_canonical, self.run_baseline):
            top.addWidget(widget)
        top.addSpacing(8)
        top.addWidget(self.run_button)
        scores = QHBoxLayout()
        for label in self.score_labels.values():
            label.setTextFormat(Qt.TextFormat.RichText)
            scores.addWidget(label)
        scores.addStretch(1)
        scores.addWidget(self.busy)
        level1 = QWidget()
        right_layout = QVBoxLayout(level1)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addLayout(scores)
        right_layout.addWidget(self.outcome)
        right_layout.addWidget(self.logs, 1)
        self.console = QueryConsole(background)
        right = self.side_tabs = QTabWidget()
        right.setDocumentMode(True)
        right.addTab(level1, "")
        right.addTab(self.console, "")
        left = QSplitter(Qt.Orientation.Vertical)
        left.addWidget(self.statement)
        left.addWidget(self.editor)
        left.setStretchFactor(0, 1)
        left.setStretchFactor(1, 4)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(left)
        split.addWidget(right)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(split, 1)
        self._show_scores(None)
        self._retranslate()

    # -- the task --------------------------------------------------------------------------------

    def set_workspace(self, workspace: Workspace | None) -> None:
        self._workspace = workspace
        kept = self.task.currentData()
        self.task.blockSignals(True)
        self.task.clear()
        for task in workspace.tasks if workspace else ():
            self.task.addItem(f"{task.id}  {task.name}", task.id)
        self.task.setCurrentIndex(max(0, self.task.findData(kept)))
        self.task.blockSignals(False)
        self._task_changed()

    def current_task(self) -> Task | None:
        task_id = self.task.currentData()
        if self._workspace is None or task_id is None:
            return None
        return self._workspace.task(task_id)

    def select_task(self, task_id: str) -> None:
        index = self.task.findData(task_id)
        if index >= 0:
            self.task.setCurrentIndex(index)

    def _task_changed(self) -> None:
        task = self.current_task()
        # Paragraphs reflow, lists stay; HTML in a task file is not interpreted.
        self.statement.document().setMarkdown(task.prompt if task else "", MARKDOWN_WITHOUT_HTML)
        self.console.set_task(task)
        self.side_tabs.setTabEnabled(1, bool(task and task.category == "B"))
        if not self.side_tabs.isTabEnabled(1):
            self.side_tabs.setCurrentIndex(0)
        self.load_canonical.setEnabled(bool(task and task.canonical))
        self.load_baseline.setEnabled(bool(task and task.perf_baseline))
        self._update_load_run()
        self._update_run_buttons()
        self._show_scores(None)
        self.logs.show_result(None, None)
        self.outcome.clear()

    def set_run_candidate(
        self, task_id: str | None, run_id: int | None, code: str | None, *, machine_hidden: bool = False
    ) -> None:
        """The run under review (its task opens here; its candidate is one click away). While blind
        mode hides the machine's verdict on that run (`machine_hidden`), running Level 1 on its candidate
        here would show it: the candidate stays out of reach until the expert has graded the run."""
        self._run_candidate = (task_id, run_id, code) if task_id and run_id is not None and code else None
        self._run_machine_hidden = machine_hidden
        if task_id:
            self.select_task(task_id)
        self._update_load_run()

    def _update_load_run(self) -> None:
        task = self.current_task()
        under_review = (
            self._run_candidate is not None and task is not None and task.id == self._run_candidate[0]
        )
        usable = under_review and not self._run_machine_hidden
        self.load_run.setEnabled(usable)
        run_id = self._run_candidate[1] if self._run_candidate else None
        if usable:
            tip = self.tr("Load the candidate of run #%1 (the one under review)").replace("%1", str(run_id))
        elif under_review:
            tip = self.tr(
                "Blind session: grade this run first (Level 1 here would show the machine's verdict)"
            )
        else:
            tip = self.tr("No run of this task is under review")
        self.load_run.setToolTip(tip)

    def load_run_candidate(self) -> None:
        if self._run_candidate is not None and self.load_run.isEnabled():
            self.editor.setPlainText(self._run_candidate[2])

    def _load(self, which: str, run: bool = False) -> None:
        task = self.current_task()
        text = getattr(task, which, None) if task else None
        if text:
            self.editor.setPlainText(text)
            if run:
                self.run_editor()

    # -- Level 1 -----------------------------------------------------------------------------------

    def run_editor(self) -> bool:
        """Run Level 1 on the editor's text in the background; False when it cannot start now."""
        task = self.current_task()
        if task is None or self._running or self._workspace is None:
            return False
        workspace, code, sandbox = self._workspace, self.editor.toPlainText(), self.sandbox

        def job(_progress: Any, _cancel: Any) -> tuple[RunResult | None, dict[str, Any]]:
            return score_candidate(workspace, task.id, code, sandbox=sandbox)

        self._set_running(True)
        self.outcome.setText(self.tr("Running Level 1 on %1…").replace("%1", task.id))
        self._background.start(job, on_finished=self._finished, on_failed=self._failed)
        return True

    def _set_running(self, running: bool) -> None:
        self._running = running
        self.busy.setVisible(running)
        self._update_run_buttons()

    def _update_run_buttons(self) -> None:
        task = self.current_task()
        self.run_button.setEnabled(task is not None and not self._running)
        self.run_canonical.setEnabled(bool(task and task.canonical) and not self._running)
        self.run_baseline.setEnabled(bool(task and task.perf_baseline) and not self._running)

    def _finished(self, outcome: tuple[RunResult | None, dict[str, Any]]) -> None:
        result, auto_run = outcome
        self._set_running(False)
        self._show_scores(auto_run)
        self.logs.show_result(result, auto_run)
        diagnostics = result.syntax.diagnostics if result and result.syntax else []
        self.editor.set_markers([GutterMarker(d.line, d.severity, d.message) for d in diagnostics])
        if result is None:
            self.outcome.setText(self.tr("Scored without a sandbox run (nothing could be executed)."))
        else:
            where = sandbox_text(result.isolated)
            seconds = f"{result.timings.total:.2f}"
            self.outcome.setText(
                self.tr("Sandbox: %1 · runner %2 · %3 s")
                .replace("%1", where)
                .replace("%2", result.runner)
                .replace("%3", seconds)
            )
        self.scored.emit(result, auto_run)

    def _text_edited(self) -> None:
        # Diagnostics refer to the text that was scored; once it changes they would point astray.
        if self.editor.markers():
            self.editor.set_markers([])

    def _failed(self, error: BaseException) -> None:
        self._set_running(False)
        message = str(error) or type(error).__name__
        self.outcome.setText(self.tr("Level 1 failed: %1").replace("%1", message))
        self.failed.emit(message)

    def _show_scores(self, auto_run: dict[str, Any] | None) -> None:
        task = self.current_task()
        scores: dict[str, Any] = (auto_run or {}).get("scores") or {}
        detail: dict[str, Any] = (auto_run or {}).get("detail") or {}
        status = RunStatus.SCORED if auto_run else RunStatus.NOT_SCORED
        values = {axis: scores.get(axis) for axis in AXES}
        reasons = na_reasons(values, detail, task.category if task else "A", status, None)
        for axis, label in self.score_labels.items():
            text = format_score(axis, values[axis])
            label.setText(f"<b>{axis}</b>&nbsp;{text}&nbsp;&nbsp;")
            label.setToolTip(plain_tooltip(na_text(reasons[axis])) if axis in reasons else "")

    # -- language ----------------------------------------------------------------------------------

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def _retranslate(self) -> None:
        self.task.setToolTip(self.tr("The task to debug"))
        self.side_tabs.setTabText(0, self.tr("Level 1"))
        self.side_tabs.setTabText(1, self.tr("Query console"))
        self.side_tabs.setTabToolTip(1, self.tr("Try 1C queries against the task's infobase (category B)"))
        self.load_label.setText(self.tr("Load:"))
        self.run_label.setText(self.tr("Run:"))
        self.load_canonical.setText(self.tr("Canonical"))
        self.load_run.setText(self.tr("This run's candidate"))
        self._update_load_run()
        self.load_canonical.setToolTip(
            self.tr("Put the task's reference solution (canonical.bsl) in the editor")
        )
        self.load_baseline.setText(self.tr("Perf baseline"))
        self.load_baseline.setToolTip(
            self.tr("Put the task's slow baseline (perf_baseline.bsl) in the editor")
        )
        self.run_canonical.setText(self.tr("Canonical"))
        self.run_canonical.setToolTip(self.tr("Load the canonical solution and run Level 1 on it"))
        self.run_baseline.setText(self.tr("Perf baseline"))
        self.run_baseline.setToolTip(self.tr("Load the perf baseline and run Level 1 on it"))
        self.run_button.setText(self.tr("Run Level 1"))
        self.run_button.setToolTip(self.tr("Score the editor's text (Ctrl+Enter or F5)"))
        self.editor.setPlaceholderText(self.tr("Type or paste a candidate solution in BSL…"))
