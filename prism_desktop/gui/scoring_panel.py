"""Level 1 in the background: score a set of stored runs in a QThreadPool worker, with a progress bar
and a Cancel button, and report runs as they are scored so the table can show them at once.

The worker calls the Qt-free services.level1_store.score_stored_runs, which stores each result as it
arrives. The worker also reads each scored run's new table row and the new counts, so the GUI thread
only swaps rows in: it does no database work per result. Rows reach the GUI in small batches (every
BATCH_MS), so a fast sandbox cannot flood the event loop."""

from __future__ import annotations

import threading
from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QRunnable, QThreadPool, QTimer, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QPushButton, QWidget

from prism_desktop.services.level1_store import score_stored_runs
from prism_desktop.services.runs_query import Counts, RunRow, RunsFilter, RunsQuery
from prism_desktop.workspace.workspace import Workspace

BATCH_MS = 150


def sandbox_text(isolated: bool) -> str:
    """How a sandbox is named to the user: isolation is never implied when it is absent."""
    if isolated:
        return QCoreApplication.translate("ScoringPanel", "Docker — isolated")
    return QCoreApplication.translate("ScoringPanel", "local — NOT isolated")


class _ScoringSignals(QObject):
    scored = Signal(int, object, object)  # run id, its new RunRow (or None), the new Counts
    finished = Signal(int, bool)  # runs scored, cancelled
    failed = Signal(str)


class _ScoringWorker(QRunnable):
    def __init__(
        self,
        query: RunsQuery,
        run_filter: RunsFilter,
        workspace: Workspace,
        run_ids: Sequence[int],
        sandbox: str,
        jobs: int | None,
    ):
        super().__init__()
        self.setAutoDelete(False)  # the panel holds it until it has reported
        self.signals = _ScoringSignals()
        self.cancel = threading.Event()
        self._query, self._filter, self._workspace = query, run_filter, workspace
        self._run_ids, self._sandbox, self._jobs = list(run_ids), sandbox, jobs
        self._lock = threading.Lock()  # results arrive on several sandbox-pool threads

    def _scored(self, run_id: int, *_result: object) -> None:
        with self._lock:
            row = self._query.rows_by_id([run_id], self._filter).get(run_id)
            counts = self._query.counts(self._filter)
        self.signals.scored.emit(run_id, row, counts)

    def run(self) -> None:
        try:
            count = score_stored_runs(
                self._query.store,
                self._workspace,
                self._run_ids,
                sandbox=self._sandbox,
                jobs=self._jobs,
                cancel=self.cancel,
                on_result=self._scored,
            )
        except Exception as error:  # shown to the user as a message, never as a traceback
            self.signals.failed.emit(str(error) or type(error).__name__)
        else:
            self.signals.finished.emit(count, self.cancel.is_set())


class ScoringPanel(QWidget):
    """Progress of the current Level-1 job; hidden while nothing runs. One job at a time."""

    runsScored = Signal(list, object)  # RunRows scored since the last report, the latest Counts
    started = Signal(int)  # number of runs
    finished = Signal(int, bool)  # runs scored, cancelled
    failed = Signal(str)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)  # the sandbox pool inside runs the jobs in parallel
        self._worker: _ScoringWorker | None = None
        self._pending: list[RunRow] = []
        self._counts: Counts | None = None
        self._done = 0
        self._total = 0
        self._flush_timer = QTimer(self)
        self._flush_timer.setInterval(BATCH_MS)
        self._flush_timer.timeout.connect(self._flush)
        self.label = QLabel()
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(220)
        self.progress.setTextVisible(True)
        self.cancel_button = QPushButton()
        self.cancel_button.clicked.connect(self.cancel)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label)
        layout.addWidget(self.progress)
        layout.addWidget(self.cancel_button)
        self.setVisible(False)
        self._retranslate()

    @property
    def busy(self) -> bool:
        return self._worker is not None

    def start(
        self,
        query: RunsQuery,
        run_filter: RunsFilter,
        workspace: Workspace,
        run_ids: Sequence[int],
        sandbox: str = "auto",
        jobs: int | None = None,
    ) -> bool:
        """Score these runs (in query.store) in the background, `jobs` at a time (None: one per
        core); rows and counts are reported as `run_filter` shows them. False (and nothing
        started) when busy or empty."""
        if self.busy or not run_ids:
            return False
        worker = _ScoringWorker(query, run_filter, workspace, run_ids, sandbox, jobs)
        worker.signals.scored.connect(self._on_scored)
        worker.signals.finished.connect(self._on_finished)
        worker.signals.failed.connect(self._on_failed)
        self._worker = worker
        self._done, self._total = 0, len(run_ids)
        self.progress.setRange(0, self._total)
        self.progress.setValue(0)
        self.cancel_button.setEnabled(True)
        self._retranslate()
        self.setVisible(True)
        self._flush_timer.start()
        self.pool.start(worker)
        self.started.emit(self._total)
        return True

    def cancel(self) -> None:
        if self._worker is not None:
            self._worker.cancel.set()
            self.cancel_button.setEnabled(False)
            self.label.setText(self.tr("Level 1: cancelling…"))

    def shutdown(self, timeout_ms: int = 30_000) -> bool:
        """Cancel and wait for the worker (on exit)."""
        self.cancel()
        return self.pool.waitForDone(timeout_ms)

    def _on_scored(self, _run_id: int, row: RunRow | None, counts: Counts) -> None:
        if row is not None:
            self._pending.append(row)
        self._counts = counts
        self._done += 1

    def _flush(self) -> None:
        # The bar moves with the batches: QProgressBar repaints at once on every setValue.
        if self.progress.value() != min(self._done, self._total):
            self.progress.setValue(min(self._done, self._total))
        if self._pending:
            batch, self._pending = self._pending, []
            self.runsScored.emit(batch, self._counts)

    def _end(self) -> None:
        self._flush()
        self._flush_timer.stop()
        self._worker = None
        self.setVisible(False)

    def _on_finished(self, count: int, cancelled: bool) -> None:
        self._end()
        self.finished.emit(count, cancelled)

    def _on_failed(self, message: str) -> None:
        self._end()
        self.failed.emit(message)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def _retranslate(self) -> None:
        self.label.setText(self.tr("Level 1:"))
        self.progress.setFormat(self.tr("%v of %m runs"))
        self.cancel_button.setText(self.tr("Cancel"))
        self.cancel_button.setToolTip(self.tr("Stop scoring; runs already scored keep their results"))
