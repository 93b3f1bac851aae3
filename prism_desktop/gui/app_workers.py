"""The GUI's one task runner: a QRunnable calling one Qt-free function, with a separate signals
QObject living on the GUI thread. Only signals cross threads; widgets are touched on the GUI thread
alone. `Background` keeps every worker referenced until it has finished (PySide would otherwise
collect a running worker's signals object) and waits for them all on exit.

Store writes the user makes (grades, notes, undo) go through `Background.store_write`: one thread,
so they reach the store in the order they were made and never wait on the GUI thread (Anki's
habit: all collection work serialised on one executor). Long jobs (imports, statistics) use the
shared pool, as before."""

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
        self.store_lane = QThreadPool(self)
        self.store_lane.setMaxThreadCount(1)  # the user's writes, one at a time, in order
        self.store_lane.setExpiryTimeout(-1)
        self._running: set[FunctionWorker] = set()

    def start(
        self,
        job: Job,
        on_finished: Callable[[Any], None] | None = None,
        on_failed: Callable[[BaseException], None] | None = None,
        on_progress: Callable[[int, int, str], None] | None = None,
        *,
        lane: QThreadPool | None = None,
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
        (lane or self.pool).start(worker)
        return worker

    def store_write(
        self,
        work: Callable[[], Any],
        on_finished: Callable[[Any], None] | None = None,
        on_failed: Callable[[BaseException], None] | None = None,
    ) -> FunctionWorker:
        """`work()` on the store lane, after every write queued before it."""
        return self.start(lambda _progress, _cancel: work(), on_finished, on_failed, lane=self.store_lane)

    def wait_for_writes(self, timeout_ms: int = 30_000) -> bool:
        """Block until the queued store writes are done (tests, closing the window)."""
        return self.store_lane.waitForDone(timeout_ms)

    @property
    def busy(self) -> bool:
        return bool(self._running)

    def shutdown(self, timeout_ms: int = 30_000) -> bool:
        """Ask every job to stop and wait for them; False when some did not stop in time."""
        for worker in list(self._running):
            worker.cancel.set()
        writes_done = self.store_lane.waitForDone(timeout_ms)  # a grade is never dropped on exit
        return self.pool.waitForDone(timeout_ms) and writes_done
