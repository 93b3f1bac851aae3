"""`check` and `score --sandbox docker` end to end on a coding workspace: the CLI, the real engine and
the language images, as a user runs them."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from prism_desktop.cli.main import main
from prism_desktop.services.code_candidates import reference_answer
from prism_desktop.workspace.coding import CodingWorkspace
from tests.code.conftest import BUNDLED

pytestmark = [pytest.mark.docker, pytest.mark.slow]
TASKS = ("dbg_py_001", "dbg_ts_001", "dbg_go_001", "lib_textkit")


@pytest.fixture
def small_workspace(tmp_path: Path, engine: object) -> Path:
    """The bundled workspace with an experiment: per task one correct answer and one broken one."""
    root = tmp_path / "coding"
    for part in ("dataset", "tests", "libraries"):
        shutil.copytree(BUNDLED / part, root / part)
    workspace = CodingWorkspace.open(root)
    groups = []
    for task_id in TASKS:
        task = workspace.task(task_id)
        correct = reference_answer(task) or ""
        broken = "Не знаю, как это сделать." if task.kind == "library" else correct.replace("(", "((", 1)
        runs = [
            {"run_index": i, "response": text, "response_hash": "", "success": True}
            for i, text in enumerate((correct, broken))
        ]
        groups.append(
            {"task_id": task_id, "task_name": task_id, "model_id": "m", "model_name": "M", "runs": runs}
        )
    experiment = {
        "experiment_name": "experiment_small",
        "category": "",
        "timestamp": "2026-12-01T12:00:00",
        "models_used": ["M"],
        "task_results": groups,
    }
    (root / "results").mkdir()
    (root / "results" / "experiment_small.json").write_text(json.dumps(experiment), encoding="utf-8")
    return root


def test_check_runs_references_and_score_writes_a_prism_auto_file(
    small_workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--workspace", str(small_workspace), "check", "--task", *TASKS, "--jobs", "2"]) == 0
    out = capsys.readouterr().out
    assert "24 tasks (go: 4, library: 2, python: 12, typescript: 6)" in out
    assert (
        "dbg_go_001: ok — 6/6 tests pass" in out
        and "lib_textkit: ok — 18/18 tests pass; gate: ruff pass, mypy pass" in out
    )

    auto = small_workspace / "results" / "auto" / "experiment_small_auto_l1.json"
    experiment = small_workspace / "results" / "experiment_small.json"
    argv = ["--workspace", str(small_workspace), "score", "--experiment", str(experiment), "--out", str(auto)]
    assert main([*argv, "--sandbox", "docker", "--jobs", "2"]) == 0
    document = json.loads(auto.read_text(encoding="utf-8"))
    assert document["experiment_id"] == "experiment_small" and document["runner"] == "docker"
    assert "python 3." in document["syntax_analyzer"] and "go 1." in document["syntax_analyzer"]
    by_task = {group["task_id"]: group["runs"] for group in document["tasks"]}
    for task_id in TASKS:
        correct, broken = by_task[task_id]
        assert correct["scores"]["S"] == 10 and correct["scores"]["M"] == 10, (task_id, correct["detail"])
        assert broken["scores"]["M"] == 0 and broken["scores"]["S"] < 10
        assert correct["scores"]["O"] is None and correct["detail"]["O"]["reason"]
        assert correct["response_hash"] and broken["response_hash"] != correct["response_hash"]
    assert by_task["lib_textkit"][1]["detail"]["S"]["status"] == "apply_failed"
    assert not (auto.parent / (auto.name + ".partial.jsonl")).exists()

    assert main(["--workspace", str(small_workspace), "report", str(auto)]) == 0
    table = capsys.readouterr().out
    assert "pass@1" in table and "language  go" in table and "category  debugging" in table


def test_score_filters_pick_the_runs_of_a_coding_experiment(
    small_workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    experiment = small_workspace / "results" / "experiment_small.json"
    out = small_workspace / "one_auto_l1.json"
    argv = ["--workspace", str(small_workspace), "score", "--experiment", str(experiment), "--out", str(out)]
    assert main([*argv, "--task", "dbg_py_001", "--run", "1", "--sandbox", "docker"]) == 0
    document = json.loads(out.read_text(encoding="utf-8"))
    scored = [(g["task_id"], r["run_index"]) for g in document["tasks"] for r in g["runs"]]
    assert scored == [("dbg_py_001", 1)]
    assert "1 runs (1 scored now" in capsys.readouterr().out
    # a filter naming nothing the file holds is a usage error that names what it holds
    assert main([*argv, "--task", "nope"]) == 1
    assert "--task nope: not in experiment_small.json; it holds dbg_go_001" in capsys.readouterr().err


def test_local_sandbox_is_refused_for_code_tasks(small_workspace: Path) -> None:
    experiment = small_workspace / "results" / "experiment_small.json"
    out = small_workspace / "auto.json"
    argv = ["--workspace", str(small_workspace), "score", "--experiment", str(experiment), "--out", str(out)]
    assert main([*argv, "--sandbox", "local"]) == 2
    assert not out.exists()


def test_check_refuses_a_task_whose_test_count_is_not_what_its_hidden_tests_hold(
    small_workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The test list is collected from the hidden files with the reference; a task declaring another
    number of tests fails check: dbg_py_001 says 7 for its 6, algo_py_001 keeps 7 when its file gains
    an eighth."""
    task_file = small_workspace / "dataset" / "debugging" / "dbg_py_001.json"
    data = json.loads(task_file.read_text(encoding="utf-8"))
    task_file.write_text(json.dumps({**data, "test_count": 7}, ensure_ascii=False), encoding="utf-8")
    tests = small_workspace / "tests" / "algo_py_001" / "test_algo_py_001.py"
    tests.write_text(tests.read_text(encoding="utf-8") + "\n\ndef test_one_more():\n    assert True\n")
    assert main(["--workspace", str(small_workspace), "check", "--task", "dbg_py_001", "algo_py_001"]) == 1
    out = capsys.readouterr().out
    assert "dbg_py_001: FAILED — test_count says 7, but its hidden test files hold 6 tests" in out
    assert "algo_py_001: FAILED — test_count says 7, but its hidden test files hold 8 tests" in out
    assert "test_algo_py_001.py::test_one_more" in out


def test_a_task_whose_tests_cannot_be_collected_is_not_measured(
    small_workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """dbg_py_001's reference broken: its test list cannot be established, so its answers are N/A with
    the reason (the task's fault, not the answer's), never 0 — and never counted from the run's own names."""
    reference = small_workspace / "dataset" / "debugging" / "dbg_py_001.reference.py"
    reference.write_text("def broken(:\n", encoding="utf-8")
    experiment = small_workspace / "results" / "experiment_small.json"
    out = small_workspace / "broken_auto_l1.json"
    argv = ["--workspace", str(small_workspace), "score", "--experiment", str(experiment), "--out", str(out)]
    main([*argv, "--task", "dbg_py_001", "--sandbox", "docker"])
    document = json.loads(out.read_text(encoding="utf-8"))
    (group,) = document["tasks"]
    for run in group["runs"]:
        assert run["scores"]["S"] is None and run["scores"]["M"] is None and run["scores"]["Q"] is None
        reason = run["detail"]["M"]["reason"]
        assert (
            "dbg_py_001: the hidden tests could not be collected" in reason and "does not compile" in reason
        )
