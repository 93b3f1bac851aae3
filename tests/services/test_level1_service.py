"""Level 1 through the app's service layer: bundled tasks, the local sandbox, the PRISM-shaped
auto file, resuming an interrupted `score`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from prism_desktop.scoring.hashing import response_hash
from prism_desktop.services.level1 import score_candidate
from prism_desktop.services.score_experiment import checkpoint_path, provenance, run_key, score_experiment
from prism_desktop.workspace.results_loader import load_experiment
from prism_desktop.workspace.workspace import Workspace

ROOT = Path(__file__).resolve().parents[2]
TASK = "A2"
BROKEN = "Функция ЭтоПалиндром(Знач Строка) Экспорт\n    Возврат Истина\nКонецФункции\n"


@pytest.fixture(scope="module")
def workspace() -> Workspace:
    return Workspace.open(ROOT)


def test_canonical_scores_full_marks_with_instruments(workspace):
    task = workspace.task(TASK)
    result, auto_run = score_candidate(workspace, TASK, task.canonical, sandbox="local")
    assert result is not None and result.runner == "local" and result.isolated is False
    assert auto_run["scores"]["S"] == 10
    assert auto_run["scores"]["M"] == 10.0
    assert auto_run["scores"]["O"] >= 8
    assert auto_run["scores"]["P"] is None and "P" not in auto_run["detail"]
    for axis in ("S", "M", "O"):
        assert auto_run["detail"][axis]["instrument"].startswith("prism-bsl")


def test_wrong_answer_is_scored_not_crashed(workspace):
    _, auto_run = score_candidate(workspace, TASK, BROKEN, sandbox="local")
    assert auto_run["scores"]["S"] == 10
    assert 0 < auto_run["scores"]["M"] < 10
    # below the correctness gate O is not measured: null with the reason, never 0
    if auto_run["scores"]["M"] < 5:
        assert auto_run["scores"]["O"] is None and auto_run["detail"]["O"]["gated_by_m"] is True


def _experiment(tmp_path: Path, workspace: Workspace) -> Path:
    task = workspace.task(TASK)
    answers = [task.canonical, f"Вот решение:\n```bsl\n{BROKEN}```\nГотово.", "Функция Оборвано(", ""]
    runs = [
        {
            "run_index": n,
            "response": text,
            "response_hash": response_hash(text, success=bool(text)),
            "success": bool(text),
            "error": None if text else "HTTP 500",
        }
        for n, text in enumerate(answers)
    ]
    document = {
        "experiment_name": "experiment_A_20261129_000000",
        "category": "A",
        "timestamp": "2026-11-29T00:00:00",
        "models_used": ["Demo"],
        "tasks_count": 1,
        "runs_per_task": len(runs),
        "task_results": [
            {
                "task_id": TASK,
                "task_name": task.name,
                "model_id": "demo/model",
                "model_name": "Demo",
                "runs": runs,
            }
        ],
        "total_tokens": 0,
        "total_cost": 0.0,
        "total_time": 0.0,
    }
    path = tmp_path / "experiment_A_20261129_000000.json"
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    return path


def _interrupted(tmp_path, workspace, origin, tail=""):
    """An experiment and a checkpoint an interrupted batch left with one run (Q = 1.23) recorded
    under `origin` (None: no provenance, as before it was recorded)."""
    experiment = load_experiment(_experiment(tmp_path, workspace))
    out = tmp_path / "auto" / "experiment_A_20261129_000000_auto_l1.json"
    first = experiment.generations[0]
    marker = {
        "run_index": 0,
        "response_hash": first.response_hash,
        "scores": {"S": 10, "M": 10.0, "O": 10, "P": None, "Q": 1.23},
        "bands": {"M": 10, "P": None},
        "detail": {},
    }
    record = {"key": list(run_key(first)), "run": marker}
    if origin is not None:
        record["provenance"] = origin
    checkpoint_path(out).parent.mkdir(parents=True)
    checkpoint_path(out).write_text(json.dumps(record) + "\n" + tail)
    return experiment, out


def test_score_writes_prism_shaped_auto_file_and_resumes(tmp_path, workspace):
    # An interrupted earlier batch left one run in the checkpoint: it must not be scored again.
    experiment, out = _interrupted(tmp_path, workspace, provenance(workspace, "local"), tail="{torn")

    summary = score_experiment(workspace, experiment, out, sandbox="local", jobs=2)
    assert (summary.total, summary.resumed, summary.scored_now, summary.infra_errors) == (4, 1, 3, 0)
    assert not checkpoint_path(out).exists()

    document = json.loads(out.read_text(encoding="utf-8"))
    assert document["evaluator_id"] == "auto_l1" and document["runner"] == "local"
    assert document["experiment_id"] == "experiment_A_20261129_000000"
    assert document["protocol_version"] == workspace.protocols.l1.version
    assert document["syntax_analyzer"].startswith("prism-bsl")
    (group,) = document["tasks"]
    assert set(group) == {"task_id", "model_id", "model_name", "runs"}
    runs = {run["run_index"]: run for run in group["runs"]}
    assert runs[0]["scores"]["Q"] == 1.23  # taken from the checkpoint, not re-scored
    for run in group["runs"]:
        assert set(run) == {"run_index", "response_hash", "scores", "bands", "detail"}
        assert set(run["scores"]) == {"S", "M", "O", "P", "Q"} and set(run["bands"]) == {"M", "P"}
    assert runs[1]["response_hash"] == experiment.generations[1].response_hash
    assert runs[2]["scores"]["S"] == 0 and runs[2]["detail"]["S"]["balanced"] is False
    assert runs[3]["scores"]["Q"] is None
    assert runs[3]["detail"]["M"]["reason"].startswith("генерация не удалась")


@pytest.mark.parametrize("recorded", ["docker", "local-old-protocol", "none"])
def test_resume_rescored_runs_recorded_under_another_provenance(tmp_path, workspace, recorded):
    """Issue 20 item 10: a checkpoint of a Docker batch resumed locally, or of another protocol,
    is scored again rather than labelled with the current runner."""
    origin = provenance(workspace, "docker" if recorded == "docker" else "local")
    if recorded == "local-old-protocol":
        origin = {**origin, "protocol": "0" * 16}
    experiment, out = _interrupted(tmp_path, workspace, None if recorded == "none" else origin)

    summary = score_experiment(workspace, experiment, out, sandbox="local", jobs=2)
    assert (summary.resumed, summary.scored_now, summary.rescored) == (0, 4, 1)
    document = json.loads(out.read_text(encoding="utf-8"))
    assert all(run["scores"]["Q"] != 1.23 for group in document["tasks"] for run in group["runs"])
