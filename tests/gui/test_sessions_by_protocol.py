"""The window counts "fully graded" by the open workspace's expert protocol (grading.fully_graded):
on a 1C Code Bench, whose protocol grades P on every level, a run graded on S, M and O is not done in
the sessions dialog until P is graded too."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from prism_desktop.gui.sessions_dialog import SessionsDialog
from prism_desktop.services.benchmark_kinds import open_workspace as open_any_workspace
from prism_desktop.services.grading import save_grade
from prism_desktop.services.importing import import_results
from prism_desktop.services.sessions import create_session, session_runs
from prism_desktop.services.team_sessions import name_expert
from prism_desktop.store import open_store

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "1c-code-bench"

pytestmark = pytest.mark.gui


def _progress(dialog: SessionsDialog) -> str:
    dialog.expert_edit.setText("ivan")
    dialog._refresh()
    progress = dialog.table.item(0, dialog.table.columnCount() - 1)  # the last column: done / runs
    assert progress is not None
    return progress.text()


def test_the_sessions_dialog_counts_by_the_workspace_protocol(tmp_path: Path, qtbot: QtBot) -> None:
    bench = open_any_workspace(BENCH)
    with open_store(f"sqlite:///{tmp_path / 'prism.db'}") as store:
        import_results(store, bench)
        expert = name_expert(store, "ivan")
        session_id = create_session(store, name="s1", size=1, seed=1)
        (run_id,) = session_runs(store, session_id)
        for axis in ("S", "M", "O"):
            save_grade(store, expert_id=expert, run_id=run_id, axis=axis, step=8, session_id=session_id)

        by_constitution = SessionsDialog(store, "ivan")
        by_bench = SessionsDialog(store, "ivan", l2=bench.protocols.l2)
        qtbot.addWidget(by_constitution)
        qtbot.addWidget(by_bench)
        assert _progress(by_constitution) == "1 / 1"
        assert _progress(by_bench) == "0 / 1"

        l2 = bench.protocols.l2
        save_grade(store, expert_id=expert, run_id=run_id, axis="P", step=6, session_id=session_id, l2=l2)
        assert _progress(by_bench) == "1 / 1"
