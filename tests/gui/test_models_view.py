"""Review → Models… on the assembled main window: the figures of every model from the store, the
pass@k curve, and a task × model map whose cell filters the runs table to its runs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from prism_desktop.gui.models_view import ModelsDialog
from prism_desktop.services.importing import import_results

pytestmark = pytest.mark.gui


def _auto_file(experiment: Path) -> Path:
    """Machine scores for every run of the demo experiment: Alpha Coder passes all tests, Beta Chat
    passes one test of two on its first run and none later; the failed call stays a failed run."""
    data = json.loads(experiment.read_text(encoding="utf-8"))
    groups = []
    for group in data["task_results"]:
        runs = []
        for run in group["runs"]:
            if not run["success"]:
                detail = {"M": {"reason": "генерация не удалась: HTTP 429"}}
                scores = {"S": None, "M": None, "O": None, "P": None, "Q": None}
            else:
                passed = 2 if group["model_name"] == "Alpha Coder" else int(run["run_index"] == 0)
                detail = {"S": {"root_causes": 0}, "M": {"passed": passed, "total": 2}}
                scores = {"S": 10, "M": passed * 5.0, "O": None, "P": None, "Q": passed * 5.0}
            runs.append({"run_index": run["run_index"], "response_hash": run["response_hash"],
                         "scores": scores, "bands": {"M": None, "P": None}, "detail": detail})
        groups.append({key: group[key] for key in ("task_id", "model_id", "model_name")} | {"runs": runs})
    auto = experiment.parent / "auto" / f"{data['experiment_name']}_auto_l1.json"
    auto.parent.mkdir(parents=True, exist_ok=True)
    auto.write_text(json.dumps({"experiment_id": data["experiment_name"], "evaluator_id": "auto_l1",
                                "protocol_version": "1.2.0", "tasks": groups}, ensure_ascii=False),
                    encoding="utf-8")
    return auto


def test_models_window_shows_figures_and_opens_runs(qtbot: Any, shell_window: Any, demo_workspace: Any,
                                                    tmp_path: Path) -> None:
    window = shell_window
    import_results(window.store, window.workspace, [_auto_file(demo_workspace.experiment)])
    action = window.commands.action("review.models")
    assert action.isEnabled()
    action.trigger()
    dialog = window.findChild(ModelsDialog, "modelsDialog")
    assert dialog is not None and dialog.isVisible()
    with qtbot.waitSignal(dialog.comparisonReady, timeout=30_000):
        dialog.compute()
    table = dialog.table
    models = {table.item(r, 0).text(): r for r in range(table.rowCount())}
    assert set(models) == {"Alpha Coder", "Beta Chat"}
    alpha = models["Alpha Coder"]
    assert table.item(alpha, 4).text().startswith("1.00")  # pass@1
    beta = dialog.comparison.rows[1]
    assert beta.model == "Beta Chat" and beta.figures["pass_at_k"]["1"] == 0.0
    assert beta.figures["compile_rate"] < 1.0  # the failed call counts as a sample that did not compile
    assert [k for k, _ in dialog.comparison.rows[0].curve] == [1, 2]
    assert dialog.curve.series and dialog.scatter.series

    heatmap = dialog.heatmap
    assert heatmap.rowCount() == 3 and heatmap.columnCount() == 2
    column = [heatmap.horizontalHeaderItem(c).text() for c in range(2)].index("Beta Chat")
    row = [heatmap.verticalHeaderItem(r).text() for r in range(3)].index("A16")
    assert heatmap.item(row, column).text() == "0/2"
    heatmap.cellDoubleClicked.emit(row, column)
    qtbot.waitUntil(lambda: window.filters.task.currentData() == "A16", timeout=5_000)
    assert window.filters.model.currentData() == "vendor/beta-chat"
    qtbot.waitUntil(lambda: window.model.rowCount() == 2, timeout=10_000)

    # The review says which of the samples a run is, and how its siblings did (not a blind session).
    cell = dialog.comparison.cells["A16", "Beta Chat"]
    window.review.show_run(cell.run_ids[1])
    assert window.review.siblings.text() == "sample 2 of 2  ✗✗"

    csv_path = tmp_path / "models.csv"
    dialog.write_csv(csv_path)
    lines = csv_path.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("model,category,tasks,n_min,n_max,pass_at_1")
    assert len(lines) == 3
