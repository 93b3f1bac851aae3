"""Model comparison from the store: figures per model and category, the pass@k curve and the
task × model cells with their runs, from an imported experiment and its auto file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from prism_desktop.scoring.hashing import response_hash
from prism_desktop.scoring.samples import Sample, pass_at_k
from prism_desktop.services.importing import import_results
from prism_desktop.services.model_comparison import compare_models, pass_at_k_curve
from prism_desktop.store import open_store
from prism_desktop.workspace.workspace import Workspace

REPO = Path(__file__).resolve().parents[2]
EXPERIMENT = "experiment_A_20250301_101500"
# (model, run) -> (tests passed of 2, M measured); Beta's first run was not measured by our sandbox.
RUNS = {("Alpha", 0): (2, True), ("Alpha", 1): (1, True), ("Beta", 0): (0, False), ("Beta", 1): (2, True)}


def _write(path: Path, data: object) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


@pytest.fixture
def comparison_store(tmp_path: Path):
    generations, scored = [], []
    for model in ("Alpha", "Beta"):
        runs, scored_runs = [], []
        for index in range(2):
            text = f"```bsl\nФункция Ф() Возврат {index}; КонецФункции\n// {model}\n```"
            runs.append(
                {"run_index": index, "response": text, "response_hash": response_hash(text), "success": True}
            )
            passed, measured = RUNS[model, index]
            m = passed * 5.0 if measured else None
            detail_m = {"passed": passed, "total": 2} if measured else {"reason": "не измерено: infra_error"}
            scored_runs.append(
                {
                    "run_index": index,
                    "response_hash": response_hash(text),
                    "scores": {"S": 10, "M": m, "O": None, "P": None, "Q": m},
                    "bands": {"M": None, "P": None},
                    "detail": {"S": {"root_causes": 0}, "M": detail_m},
                }
            )
        model_id = f"demo/{model.lower()}"
        generations.append(
            {"task_id": "A1", "task_name": "t", "model_id": model_id, "model_name": model, "runs": runs}
        )
        scored.append({"task_id": "A1", "model_id": model_id, "model_name": model, "runs": scored_runs})
    experiment = _write(
        tmp_path / f"{EXPERIMENT}.json",
        {
            "experiment_name": EXPERIMENT,
            "category": "A",
            "timestamp": "2025-03-01T10:15:00",
            "models_used": ["Alpha", "Beta"],
            "tasks_count": 1,
            "runs_per_task": 2,
            "task_results": generations,
        },
    )
    auto = _write(
        tmp_path / "auto" / f"{EXPERIMENT}_auto_l1.json",
        {
            "experiment_id": EXPERIMENT,
            "evaluator_id": "auto_l1",
            "protocol_version": "1.2.0",
            "tasks": scored,
        },
    )
    store = open_store(f"sqlite:///{tmp_path / 'store.db'}")
    import_results(store, Workspace.open(REPO), [experiment, auto])
    return store


def test_rows_curve_and_cells(comparison_store) -> None:
    comparison = compare_models(comparison_store)
    rows = {row.model: row for row in comparison.rows}
    assert set(rows) == {"Alpha", "Beta"}
    alpha, beta = rows["Alpha"], rows["Beta"]
    assert alpha.category == "A"
    assert alpha.figures["pass_at_k"]["1"] == 0.5  # 2/2 and 1/2 tests passed
    assert alpha.curve == ((1, 0.5), (2, 1.0))
    assert beta.figures["runs"] == 1 and beta.curve == ((1, 1.0),)
    assert comparison.tasks == ("A1",)
    cell = comparison.cells["A1", "Beta"]
    assert (cell.samples, cell.correct, cell.share) == (1, 1, 1.0)
    assert len(cell.run_ids) == 2  # the unmeasured run is listed, not counted
    assert comparison.rows[0].model == "Beta"  # best pass@1 first


def test_curve_of_no_samples_is_empty() -> None:
    assert pass_at_k_curve({"T": []}) == ()
    tasks = {"T1": [Sample(True, True, 1.0), Sample(True, False, 0.0), Sample(True, False, 0.0)]}
    assert pass_at_k_curve(tasks) == tuple((k, pass_at_k(3, 1, k)) for k in (1, 2, 3))


def test_sample_siblings(comparison_store) -> None:
    from prism_desktop.services.model_comparison import sample_siblings

    cell = compare_models(comparison_store).cells["A1", "Beta"]
    siblings = sample_siblings(comparison_store, cell.run_ids[1])
    assert [s.run_index for s in siblings] == [0, 1]
    assert [s.correct for s in siblings] == [None, True]  # run 0: M not measured
    assert sample_siblings(comparison_store, 999_999) == []
