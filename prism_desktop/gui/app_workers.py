"""Background work for the GUI: a QRunnable calling one Qt-free function, with a separate signals
QObject living on the GUI thread. Only signals cross threads; widgets are touched on the GUI thread
alone. `Background` keeps every worker referenced until it has finished (PySide would otherwise
collect a running worker's signals object) and waits for them all on exit."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal


class WorkerSignals(QObject):
    progress = Signal(int, int, str)  # done, total, what
    finished = Signal(object)  # the function's return value
    failed = Signal(object)  # the exception it raised


# A background function gets a progress callback and a cancel event and may ignore both.
Job = Callable[[Callable[[int, int, str], None], threading.Event], Any]


class FunctionWorker(QRunnable):
    def __init__(self, job: Job):
        super().__init__()
        self.setAutoDelete(False)  # Background owns it until it has reported
        self.signals = WorkerSignals()
        self.cancel = threading.Event()
        self._job = job

    def run(self) -> None:
        try:
            result = self._job(self.signals.progress.emit, self.cancel)
        except BaseException as error:  # reported to the GUI, which shows it without a traceback
            self.signals.failed.emit(error)
        else:
            self.signals.finished.emit(result)


class Background(QObject):
    """A thread pool for the app's background jobs."""

    def __init__(self, parent: QObject | None = None, threads: int = 2):
        super().__init__(parent)
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(threads)
        self._running: set[FunctionWorker] = set()

    def start(
        self,
        job: Job,
        on_finished: Callable[[Any], None] | None = None,
        on_failed: Callable[[BaseException], None] | None = None,
        on_progress: Callable[[int, int, str], None] | None = None,
    ) -> FunctionWorker:
        worker = FunctionWorker(job)
        self._running.add(worker)
        if on_progress is not None:
            worker.signals.progress.connect(on_progress)
        if on_finished is not None:
            worker.signals.finished.connect(on_finished)
        if on_failed is not None:
            worker.signals.failed.connect(on_failed)
        # Connected last, so the caller's slots run before the reference is dropped.
        worker.signals.finished.connect(lambda _result: self._running.discard(worker))
        worker.signals.failed.connect(lambda _error: self._running.discard(worker))
        self.pool.start(worker)
        return worker

    @property
    def busy(self) -> bool:
        return bool(self._running)

    def shutdown(self, timeout_ms: int = 30_000) -> bool:
        """Ask every job to stop and wait for them; False when some did not stop in time."""
        for worker in list(self._running):
            worker.cancel.set()
        return self.pool.waitForDone(timeout_ms)
