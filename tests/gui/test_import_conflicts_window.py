"""The window re-imports the workspace's expert files whenever it opens it: a grade changed in the
store after its expert file was written is kept, and the status bar says so."""

from __future__ import annotations

import json
import os
from typing import Any

from sqlalchemy import select

from prism_desktop.services.grading import grades_for_run, save_grade
from prism_desktop.services.team_sessions import name_expert
from prism_desktop.store.models import Run


def test_reopening_the_workspace_in_the_window_keeps_a_newer_grade_and_says_so(
    shell_window: Any, qtbot: Any
) -> None:
    """The window re-imports the workspace's expert files whenever it opens it."""
    from tests.gui.conftest import DEMO_EXPERIMENT

    window = shell_window
    with window.store.session() as session:
        run = session.scalars(select(Run).filter_by(success=True)).first()
        key = (run.id, run.task_id, run.model_id, run.run_index)
    run_id, task_id, model_id, run_index = key
    expert = name_expert(window.store, "expert_02")
    save_grade(window.store, expert_id=expert, run_id=run_id, axis="M", step=8, expected_version=0)
    path = window.workspace.root / "results" / "evaluations" / f"{DEMO_EXPERIMENT}_expert_02.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({
        "experiment_id": DEMO_EXPERIMENT, "evaluator_id": "expert_02",
        "tasks": [{"task_id": task_id, "model_id": model_id, "model_name": "", "runs": [
            {"run_index": run_index, "scores": {"M": 2}}]}],
    }), encoding="utf-8")  # fmt: skip
    old = path.stat().st_mtime - 3600
    os.utime(path, (old, old))  # written before the grade above
    with qtbot.waitSignal(window.workspaceOpened, timeout=60_000):
        window.services.reimport()
    assert "1 grade(s) kept as stored" in window.statusBar().currentMessage()
    assert _stored_m_of(window.store, run_id, expert) == 8


def _stored_m_of(store: Any, run_id: int, expert_id: int) -> int:
    return next(g.step for g in grades_for_run(store, run_id) if g.axis == "M" and g.expert_id == expert_id)
