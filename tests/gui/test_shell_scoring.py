"""Level 1 from the window: runs are scored in the background, appear in the table as they
arrive, and the GUI thread never stalls while it happens."""

from __future__ import annotations

import concurrent.futures
import gc
import itertools
import multiprocessing
import os
import time
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt, QTimer
from pytestqt.qtbot import QtBot

from prism_desktop.gui.runs_model import NA
from prism_desktop.runs.onec import RunResult, RunSpec
from prism_desktop.sandbox import harness_a
from prism_desktop.sandbox.backend import CancelToken
from prism_desktop.services import level1
from prism_desktop.services.runs_query import COLUMNS, Column, RunsFilter, RunStatus

pytestmark = pytest.mark.gui


def _column(window: Any, column: Column) -> list[Any]:
    model = window.model
    return [model.data(model.index(r, COLUMNS.index(column))) for r in range(model.rowCount())]


def test_scoring_the_demo_runs_in_the_background(shell_window: Any, qtbot: QtBot) -> None:
    """The real pipeline in the local sandbox: canonical answers score 10, the broken ones lose S,
    the failed call stays "no answer" with N/A axes."""
    window = shell_window
    batches: list[list[Any]] = []
    window.scoring.runsScored.connect(lambda rows, _counts: batches.append(rows))
    window.scoring.failed.connect(lambda message: pytest.fail(f"Level 1 failed: {message}"))
    with qtbot.waitSignal(window.scoring.finished, timeout=300_000) as finished:
        window.commands.action("level1.score_shown").trigger()
        assert window.scoring.isVisible() and window.commands.action("level1.cancel").isEnabled()
    count, cancelled = finished.args
    assert (count, cancelled) == (13, False)
    assert sum(len(b) for b in batches) == 13  # every run was reported as it arrived
    assert all(row.status is not RunStatus.NOT_SCORED for batch in batches for row in batch)
    assert not window.scoring.isVisible()
    rows = window.query.page(RunsFilter(), window.model.sort_order, 0, 100)
    status = {row.status for row in rows}
    assert status == {RunStatus.SCORED, RunStatus.NO_ANSWER}
    canonical = [r for r in rows if r.model_id == "vendor/alpha-coder"]
    assert {r.scores["S"] for r in canonical} == {10.0} and {r.scores["M"] for r in canonical} == {10.0}
    broken = [r for r in rows if r.model_id == "vendor/beta-chat" and r.run_index == 1]
    assert broken and all(r.scores["S"] is not None and r.scores["S"] < 10 for r in broken)
    assert "no answer" in _column(window, Column.STATUS)
    failed_row = _column(window, Column.STATUS).index("no answer")
    assert window.model.data(window.model.index(failed_row, COLUMNS.index(Column.Q))) == NA
    assert "scored 12" in window.counts_label.text()


# On a machine with two or more cores the engine gets its own core, as a sandbox container with a CPU
# quota would: the bound is about the app's event loop, not about two busy processes sharing a core.
CPUS = sorted(os.sched_getaffinity(0))
ENGINE_CPUS = set(CPUS[1:]) or set(CPUS)
GUI_CPUS = {CPUS[0]}


class WorkerProcessBackend:
    """The real category-A engine in a warm worker process: the sandbox's shape (candidate code runs
    outside the GUI process, the app's threads wait for results, then score and store them) without
    a process start-up per run, so 100 runs take seconds."""

    name = "worker-process"
    isolated = False

    def __init__(self) -> None:
        context = multiprocessing.get_context("spawn")  # no fork of a process running Qt threads
        # Niced like a well-behaved sandbox, so the engine never competes with the GUI for a core.
        own_cpus = os.sched_getaffinity(0)
        os.sched_setaffinity(0, ENGINE_CPUS)  # the spawned worker inherits this
        try:
            self.pool = concurrent.futures.ProcessPoolExecutor(
                max_workers=1, mp_context=context, initializer=os.nice, initargs=(10,)
            )
            self.pool.submit(int, 0).result()  # start it now, not inside the measurement
        finally:
            os.sched_setaffinity(0, own_cpus)

    def run(self, spec: RunSpec, cancel: CancelToken | None = None) -> RunResult:
        return self.pool.submit(harness_a.run_legs, spec).result()

    def describe(self) -> str:
        return "engine in a worker process (test)"


@pytest.fixture
def hundred_runs(make_demo_workspace: Any) -> Path:
    demo = make_demo_workspace(tasks=("A11", "A2"), runs=25, failed_call=False)
    assert demo.runs == 100
    return demo.root


def test_the_gui_thread_never_stalls_while_100_runs_are_scored(
    qtbot: QtBot, store: Any, hundred_runs: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QApplication

    from prism_desktop.gui.i18n import Translations
    from prism_desktop.gui.main_window import MainWindow
    from prism_desktop.gui.settings import AppSettings

    backend = WorkerProcessBackend()
    monkeypatch.setattr(level1, "open_backend", lambda *_args, **_kwargs: backend)
    settings = AppSettings()
    settings.expert_name = "expert_01"
    settings.jobs = 1  # see ONE_WRITER in conftest.py
    window = MainWindow(store, settings, Translations(QApplication.instance()))
    qtbot.addWidget(window)
    window.resize(1400, 900)
    window.show()
    with qtbot.waitSignal(window.workspaceOpened, timeout=60_000):
        window.open_workspace(hundred_runs)
    assert window.model.rowCount() == 100

    # "While scoring": from the trigger until the last result is in the table. The one redraw of
    # the open review after the batch is not part of it (it is not per run).
    ticks: list[float] = []
    applied = 0

    def results_arrived(rows: list[Any], _counts: Any) -> None:
        nonlocal applied
        applied += len(rows)

    window.scoring.runsScored.connect(results_arrived)
    timer = QTimer()
    timer.setTimerType(Qt.TimerType.PreciseTimer)
    timer.setInterval(5)
    timer.timeout.connect(lambda: applied < 100 and ticks.append(time.perf_counter()))
    # The test process holds the garbage of the whole suite; a full collection in the middle says
    # nothing about the app's event loop, so collect now and keep those objects out of later passes.
    gc.collect()
    gc.freeze()
    previous_cpus = os.sched_getaffinity(0)
    os.sched_setaffinity(0, GUI_CPUS)
    timer.start()
    window.scoring.failed.connect(lambda message: pytest.fail(f"Level 1 failed: {message}"))
    try:
        with qtbot.waitSignal(window.scoring.finished, timeout=300_000) as finished:
            window.commands.action("level1.score_shown").trigger()
    finally:
        timer.stop()
        gc.unfreeze()
        os.sched_setaffinity(0, previous_cpus)
    window.scoring.shutdown()
    window.background.shutdown()
    backend.pool.shutdown()

    assert finished.args == [100, False]
    gaps = [later - earlier for earlier, later in itertools.pairwise(ticks)]
    assert len(ticks) > 20  # the timer really ran during the scoring
    print(f"longest event-loop stall {max(gaps) * 1000:.1f} ms over {len(gaps)} ticks")
    assert max(gaps) < 0.050, f"longest event-loop stall {max(gaps) * 1000:.1f} ms"
    q = COLUMNS.index(Column.Q)
    assert all(window.model.data(window.model.index(r, q)) != NA for r in range(100))
