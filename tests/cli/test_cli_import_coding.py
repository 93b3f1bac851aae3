"""`prism-desktop import` on a coding-bench workspace (the bundled benchmarks/coding, copied): the
workspace's kind is recognised, its demo experiment and Docker-scored auto file go into the store with
each run under its task's dataset category, the snapshot records every task's language, and expert
files grade the axes that apply to code (S, M, O; never P)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from sqlalchemy import func, select

from prism_desktop.cli.main import main
from prism_desktop.store import open_store
from prism_desktop.store.models import Experiment, Grade, Level1Result, Run, WorkspaceSnapshot

REPO = Path(__file__).resolve().parents[2]
BUNDLED = REPO / "benchmarks" / "coding"
EXPERIMENT = "experiment_coding_20261201_120000"


@pytest.fixture
def coding_root(tmp_path: Path) -> Path:
    root = tmp_path / "coding"
    shutil.copytree(BUNDLED, root, ignore=shutil.ignore_patterns("demo"))
    return root


def _expert_file(root: Path, scores: dict[str, int | None]) -> Path:
    """An expert file grading run 0 of North Coder on algo_py_001."""
    experiment = json.loads((root / "results" / f"{EXPERIMENT}.json").read_text(encoding="utf-8"))
    group = next(
        g for g in experiment["task_results"]
        if g["task_id"] == "algo_py_001" and g["model_id"] == "demo/north-coder-32b"
    )  # fmt: skip
    run = group["runs"][0]
    document = {
        "experiment_id": EXPERIMENT,
        "evaluator_id": "expert_olga",
        "tasks": [
            {
                "task_id": "algo_py_001",
                "model_id": group["model_id"],
                "model_name": group["model_name"],
                "runs": [{"run_index": 0, "response_hash": run["response_hash"], "scores": scores}],
            }
        ],
    }
    path = root / "results" / "evaluations" / f"{EXPERIMENT}_expert_olga.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    return path


def test_import_of_a_coding_workspace_end_to_end(
    coding_root: Path, db_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--workspace", str(coding_root), "import"]) == 0
    out = capsys.readouterr().out
    assert "imported 2 result files" in out
    with open_store(db_url) as store, store.session() as session:
        snapshot = session.scalars(select(WorkspaceSnapshot)).one()
        assert snapshot.kind == "coding"
        assert snapshot.task_languages is not None
        assert snapshot.task_languages["algo_py_001"] == "python"
        assert snapshot.task_languages["algo_go_001"] == "go"
        assert snapshot.task_languages["algo_ts_001"] == "typescript"
        assert snapshot.task_languages["lib_semverkit"] == "python"
        assert len(snapshot.task_versions) == 24 and snapshot.protocol_version == "coding-l1/1"
        experiment = session.scalars(select(Experiment)).one()
        assert experiment.name == EXPERIMENT and experiment.category == ""
        rows = session.execute(select(Run.category, func.count()).group_by(Run.category)).all()
        categories = {category: count for category, count in rows}
        # 4 models x 5 runs per task; every run under its task's folder, library tasks as "library"
        assert set(categories) == {"algorithms", "api_services", "debugging", "refactoring", "library"}
        assert categories["library"] == 2 * 4 * 5
        assert sum(categories.values()) == 24 * 4 * 5
        results = session.scalars(select(Level1Result)).all()
        assert len(results) == 480 and all(r.runner == "docker" and r.isolated for r in results)
        run = session.scalars(select(Run).filter_by(task_id="algo_go_001", run_index=0).limit(1)).one()
        result = session.scalars(select(Level1Result).filter_by(run_id=run.id)).one()
        assert result.score_o is None and result.score_p is None  # N/A, never 0
        assert "reason" in result.detail["O"] and "reason" in result.detail["P"]
        assert result.detail["S"]["instrument"].startswith("prism-code-runner ")
        assert result.protocol_version == "coding-l1/1"

    assert main(["import", "--workspace", str(coding_root)]) == 0
    assert "nothing new" in capsys.readouterr().out


def test_expert_grades_of_code_runs_import_on_the_axes_that_apply(
    coding_root: Path, db_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    _expert_file(coding_root, {"S": 10, "M": 8, "O": 6, "P": None})
    assert main(["--workspace", str(coding_root), "import"]) == 0
    capsys.readouterr()
    with open_store(db_url) as store, store.session() as session:
        grades = {g.axis: g.step for g in session.scalars(select(Grade))}
    assert grades == {"S": 10, "M": 8, "O": 6}


def test_a_p_grade_of_a_code_run_is_refused_with_its_key(
    coding_root: Path, db_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _expert_file(coding_root, {"S": 10, "P": 8})
    assert main(["--workspace", str(coding_root), "import"]) != 0
    err = capsys.readouterr()
    text = err.out + err.err
    assert path.name in text and "scores.P" in text and "category algorithms" in text
    with open_store(db_url) as store, store.session() as session:
        assert session.scalar(select(func.count()).select_from(Run)) == 0  # all or nothing


def test_an_experiment_category_outside_the_dataset_is_refused(
    coding_root: Path, db_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = coding_root / "results" / f"{EXPERIMENT}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["category"] = "A"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    assert main(["--workspace", str(coding_root), "import"]) != 0
    err = capsys.readouterr()
    text = err.out + err.err
    assert "category" in text and "'algorithms'" in text and "'library'" in text


def test_a_folder_of_neither_kind_says_what_was_expected(
    tmp_path: Path, db_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "empty").mkdir()
    assert main(["--workspace", str(tmp_path / "empty"), "import"]) != 0
    captured = capsys.readouterr()
    text = captured.out + captured.err
    assert "not a workspace" in text and "coding bench (dataset/ or libraries/)" in text
    assert "Traceback" not in text
