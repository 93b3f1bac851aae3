from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from sqlalchemy import func, select

from prism_desktop.cli.main import main
from prism_desktop.services.importing import import_results
from prism_desktop.store import open_store
from prism_desktop.store.models import (
    SOURCE_AUTO_FILE,
    Experiment,
    Expert,
    Grade,
    GradeHistory,
    Level1Result,
    Run,
    WorkspaceSnapshot,
)
from prism_desktop.workspace.errors import WorkspaceError
from prism_desktop.workspace.workspace import Workspace

if TYPE_CHECKING:
    from tests.cli.conftest import WorkspaceFiles

TABLES = (WorkspaceSnapshot, Experiment, Run, Level1Result, Expert, Grade, GradeHistory)


def _counts(url: str) -> dict[str, int]:
    with open_store(url) as store, store.session() as session:
        return {t.__name__: session.scalar(select(func.count()).select_from(t)) or 0 for t in TABLES}


def _edit(path: Path, change: Any) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def test_import_twice_creates_no_duplicates(
    workspace: WorkspaceFiles, db_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--workspace", str(workspace.root), "import"]) == 0
    first = capsys.readouterr().out
    assert "imported 3 result files" in first
    expected = {"WorkspaceSnapshot": 1, "Experiment": 1, "Run": 4, "Level1Result": 4, "Expert": 1,
                "Grade": 3, "GradeHistory": 3}
    assert _counts(db_url) == expected

    assert main(["import", "--workspace", str(workspace.root)]) == 0
    second = capsys.readouterr().out
    assert "nothing new" in second
    assert _counts(db_url) == expected


def test_imported_rows_carry_the_file_contents(workspace: WorkspaceFiles, db_url: str) -> None:
    summary = import_results_now(workspace, db_url)
    assert (summary.runs.new, summary.level1_results.new, summary.grades.new) == (4, 4, 3)
    with open_store(db_url) as store, store.session() as session:
        experiment = session.scalars(select(Experiment)).one()
        assert experiment.name == workspace.experiment_name
        assert (experiment.category, experiment.models) == ("A", ["Alpha", "Beta"])
        assert experiment.meta["tasks_count"] == 1
        assert experiment.groups[0]["avg_time"] == 1.5 and "runs" not in experiment.groups[0]
        run = session.scalars(select(Run).filter_by(model_id="vendor/beta", run_index=0)).one()
        assert (run.task_id, run.category, run.model_name, run.success) == ("A1", "A", "Beta", True)
        assert run.extra == {"tokens_total": 200, "cost_input": 0.0, "cost_output": 0.0}
        result = session.scalars(select(Level1Result).filter_by(run_id=run.id)).one()
        assert result.source == SOURCE_AUTO_FILE and result.evaluator == "auto_l1"
        assert (result.score_s, result.score_m, result.score_o, result.score_p, result.score_q) == (
            8.0, 0.0, None, None, 4.0)  # O and P not measured stay None, never 0
        assert (result.band_m, result.band_p) == (0, None)
        assert result.instruments == {"S": "bsl-ls 0.29.0"}
        assert (result.runner, result.isolated, result.protocol_version) == ("docker", True, "1.2.0")
        grades = {g.axis: g for g in session.scalars(select(Grade))}
        assert {axis: g.step for axis, g in grades.items()} == {"S": 10, "M": 8, "O": 6}
        assert grades["M"].comment == "пустой массив не проверен"
        assert grades["S"].expert.name == "expert_01" and grades["S"].session_id is None
        snapshot = session.scalars(select(WorkspaceSnapshot)).one()
        opened = Workspace.open(workspace.root)
        assert snapshot.compat_hash == opened.compat_hash()
        assert (snapshot.constitution_version, snapshot.protocol_version) == ("1.2.0", "1.2.0")
        assert set(snapshot.task_versions) == {"A1"} and experiment.snapshot_id == snapshot.id


def import_results_now(workspace: WorkspaceFiles, db_url: str, files: list[Path] | None = None) -> Any:
    with open_store(db_url) as store:
        return import_results(store, Workspace.open(workspace.root), files)


def test_changed_scores_update_in_place_and_grade_changes_are_logged(
    workspace: WorkspaceFiles, db_url: str
) -> None:
    import_results_now(workspace, db_url)

    def rescore(data: dict[str, Any]) -> None:
        data["tasks"][0]["runs"][0]["scores"]["M"] = 10  # was 8

    _edit(workspace.expert, rescore)
    _edit(workspace.auto, lambda d: d["tasks"][1]["runs"][0]["scores"].update(Q=4.5))
    summary = import_results_now(workspace, db_url)
    assert (summary.grades.updated, summary.grades.unchanged) == (1, 2)
    assert (summary.level1_results.updated, summary.level1_results.unchanged) == (1, 3)
    assert summary.runs.unchanged == 4
    with open_store(db_url) as store, store.session() as session:
        history = session.scalars(select(GradeHistory).filter_by(axis="M").order_by(GradeHistory.id)).all()
        steps = [(h.action, h.old_step, h.new_step) for h in history]
        assert steps == [("import", None, 8), ("import", 8, 10)]
        assert session.scalar(select(func.count()).select_from(Grade)) == 3


def test_explicit_files_import_only_those(workspace: WorkspaceFiles, db_url: str) -> None:
    assert main(["--workspace", str(workspace.root), "import", str(workspace.experiment)]) == 0
    assert _counts(db_url)["Run"] == 4 and _counts(db_url)["Level1Result"] == 0
    assert main(["--workspace", str(workspace.root), "import", str(workspace.auto)]) == 0
    assert _counts(db_url)["Level1Result"] == 4 and _counts(db_url)["Grade"] == 0


def test_broken_json_fails_cleanly_and_imports_nothing(
    workspace: WorkspaceFiles, db_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    text = workspace.auto.read_text(encoding="utf-8")
    workspace.auto.write_text(text.replace('"scores": {', '"scores": {,', 1), encoding="utf-8")
    assert main(["--workspace", str(workspace.root), "import"]) == 1
    err = capsys.readouterr().err
    assert f"{workspace.auto}:" in err and "invalid JSON" in err
    assert "Traceback" not in err
    assert _counts(db_url)["Run"] == 0  # the good experiment file was not imported either


def test_a_bad_file_rolls_back_the_whole_import(workspace: WorkspaceFiles, db_url: str) -> None:
    import_results_now(workspace, db_url, [workspace.experiment])
    before = _counts(db_url)
    # The experiment changes (would update a run), the auto file scores a run that does not exist.
    _edit(workspace.experiment, lambda d: d["task_results"][0]["runs"][0].update(error="changed"))
    _edit(workspace.auto, lambda d: d["tasks"][0]["runs"][1].update(run_index=7))
    with pytest.raises(WorkspaceError) as caught:
        import_results_now(workspace, db_url)
    [problem] = caught.value.problems
    assert problem.path == workspace.auto.resolve()
    assert "run_index=7" in (problem.key or "") and problem.message == "no such run"
    assert _counts(db_url) == before
    with open_store(db_url) as store, store.session() as session:
        error = select(Run.error).filter_by(model_id="vendor/alpha", run_index=0)
        assert session.scalars(error).one() is None


def test_score_for_an_unknown_experiment_is_refused(
    workspace: WorkspaceFiles, db_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--workspace", str(workspace.root), "import", str(workspace.auto)]) == 1
    err = capsys.readouterr().err
    assert f"experiment_id: found '{workspace.experiment_name}'" in err
    assert "Traceback" not in err
    assert _counts(db_url)["Level1Result"] == 0


def test_score_of_another_answer_is_refused(workspace: WorkspaceFiles, db_url: str) -> None:
    _edit(workspace.auto, lambda d: d["tasks"][0]["runs"][0].update(response_hash="0" * 64))
    with pytest.raises(WorkspaceError, match=r"response_hash: found 0{64}, expected [0-9a-f]{64}"):
        import_results_now(workspace, db_url)
    assert _counts(db_url)["Run"] == 0


@pytest.mark.parametrize(
    ("axis", "value", "expected"),
    [("M", 7, "an expert step, one of 0, 2, 4, 6, 8, 10"), ("M", 8.5, "an expert step"),
     ("P", 10, "P applies to category B only")],
)
def test_expert_scores_must_be_steps_of_applicable_axes(
    workspace: WorkspaceFiles, db_url: str, axis: str, value: float, expected: str
) -> None:
    _edit(workspace.expert, lambda d: d["tasks"][0]["runs"][0]["scores"].update({axis: value}))
    with pytest.raises(WorkspaceError) as caught:
        import_results_now(workspace, db_url)
    [problem] = caught.value.problems
    assert problem.key is not None and problem.key.endswith(f"scores.{axis}")
    assert expected in (problem.expected or "")
    assert _counts(db_url)["Grade"] == 0


def test_tasks_outside_the_workspace_are_warned_about(workspace: WorkspaceFiles, db_url: str) -> None:
    _edit(workspace.experiment, lambda d: d["task_results"][1].update(task_id="A99"))
    summary = import_results_now(workspace, db_url, [workspace.experiment])
    assert summary.warnings == [f"{workspace.experiment.resolve()}: tasks not in the workspace: A99"]


def test_missing_file_and_missing_workspace_are_usage_errors(
    workspace: WorkspaceFiles, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--workspace", str(workspace.root), "import", str(tmp_path / "nope.json")]) == 2
    assert f"no such file: {tmp_path / 'nope.json'}" in capsys.readouterr().err
    assert main(["--workspace", str(tmp_path / "absent"), "import"]) == 2
    assert "no such folder" in capsys.readouterr().err


def test_unusable_store_is_reported_without_traceback(
    workspace: WorkspaceFiles, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    not_a_db = tmp_path / "notes.db"
    not_a_db.write_text("plain text, not SQLite\n" * 50, encoding="utf-8")
    assert main(["--workspace", str(workspace.root), "--db", f"sqlite:///{not_a_db}", "import"]) == 1
    err = capsys.readouterr().err
    assert "file is not a database" in err and "Traceback" not in err
