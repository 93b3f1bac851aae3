"""Many candidate runs at once: N in flight (default: one per core), cancellable, with a callback per
finished run. A failure of the engine affects only the runs it hit: each comes back as an infra_error
result, and every run that finished before is kept, so a caller can resume with the rest."""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor

from prism_desktop.runs.onec import RunResult, RunSpec
from prism_desktop.sandbox.backend import CancelToken, SandboxBackend

ResultCallback = Callable[[RunResult], None]
log = logging.getLogger(__name__)


class SandboxPool:
    """Runs specs on one backend, `workers` at a time.

    `on_result` is called from a pool thread as each run finishes (a GUI marshals it to its own
    thread); an exception raised by the callback is not allowed to lose the run's result.
    """

    def __init__(self, backend: SandboxBackend, workers: int | None = None):
        self.backend = backend
        self.workers = max(1, workers or os.cpu_count() or 1)
        self._token = CancelToken()
        self._lock = threading.Lock()

    def cancel(self) -> None:
        """Stop the current batch: running sandboxes are killed (and removed), queued runs are not
        started (they come back with status "cancelled")."""
        with self._lock:
            token = self._token
        token.cancel()

    def _one(self, spec: RunSpec, token: CancelToken, on_result: ResultCallback | None) -> RunResult:
        if token.cancelled:
            result = RunResult(
                spec.run_id,
                status="cancelled",
                runner=self.backend.name,
                isolated=self.backend.isolated,
                engine_version="",
                infra_detail="the batch was cancelled before this run started",
            )
        else:
            try:
                result = self.backend.run(spec, token)
            except Exception as exc:  # a backend bug must not lose the rest of the batch
                result = RunResult(
                    spec.run_id,
                    status="infra_error",
                    runner=self.backend.name,
                    isolated=self.backend.isolated,
                    engine_version="",
                    infra_detail=f"the sandbox failed: {type(exc).__name__}: {exc}",
                )
        if on_result is not None:
            try:
                on_result(result)
            except Exception:  # the subscriber's problem; the result is still returned
                log.exception("progress callback failed for run %s", spec.run_id)
        return result

    def run_batch(
        self,
        specs: Sequence[RunSpec],
        on_result: ResultCallback | None = None,
        cancel: CancelToken | None = None,
    ) -> list[RunResult]:
        """Results in the order of `specs` (each one present, whatever happened to it). `cancel` (or
        `self.cancel()`) stops the batch."""
        token = cancel or CancelToken()
        with self._lock:
            self._token = token
        with ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="prism-sandbox") as executor:
            futures = [executor.submit(self._one, spec, token, on_result) for spec in specs]
            return [future.result() for future in futures]
