"""Importing an expert file never overwrites a grade changed in the store after the file was
written: the grading window's version check applies to imports too (SQLite and PostgreSQL).
The conflict is reported (run, axis, stored and incoming step, who changed it) and the stored
grade is kept; an import that does change a grade records who imported it."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from sqlalchemy import select

from prism_desktop.cli.main import main as cli
from prism_desktop.services.grading import grades_for_run, history, save_grade
from prism_desktop.services.importing import import_results
from prism_desktop.services.team_sessions import name_expert
from prism_desktop.store import open_store
from prism_desktop.store.models import Run
from prism_desktop.workspace.workspace import Workspace
from tests.cli.conftest import build_workspace


def _ivan_grades_and_exports(store_url: str, tmp_path: Path) -> tuple[Path, int, dict[str, int]]:
    """ivan grades M = 2 on one run and exports: the file, the run's id and the experts' ids."""
    files = build_workspace(tmp_path / "workspace")
    with open_store(store_url) as store:
        import_results(store, Workspace.open(files.root), [files.experiment, files.auto])
        ids = {name: name_expert(store, name) for name in ("ivan", "petr")}
        with store.session() as session:
            run_id = session.scalars(select(Run.id).filter_by(model_id="vendor/alpha", run_index=0)).one()
        save_grade(store, expert_id=ids["ivan"], run_id=run_id, axis="M", step=2, expected_version=0)
    out = tmp_path / "export"
    db = ["--db", store_url, "--workspace", str(files.root)]
    assert cli(["export", "expert", *db, "--expert", "ivan", "--out", str(out)]) == 0
    (exported,) = out.glob("*.json")
    return exported, run_id, ids


def _stored_m(store_url: str, run_id: int) -> tuple[int, int]:
    with open_store(store_url) as store:
        (grade,) = [g for g in grades_for_run(store, run_id) if g.axis == "M"]
        return grade.step, grade.version


def _import(store_url: str, workspace: Path, path: Path, *importer: str) -> int:
    return cli(["import", "--db", store_url, "--workspace", str(workspace), *importer, str(path)])


@pytest.mark.parametrize("changer", ["ivan", "petr"])
def test_reimporting_an_old_export_keeps_the_newer_grade_and_reports_the_conflict(
    store_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], changer: str
) -> None:
    exported, run_id, ids = _ivan_grades_and_exports(store_url, tmp_path)
    document = json.loads(exported.read_text(encoding="utf-8"))
    assert document["tasks"][0]["runs"][0]["versions"] == {"M": 1}
    with open_store(store_url) as store:  # changed in the app after the export
        save_grade(
            store,
            expert_id=ids["ivan"],
            run_id=run_id,
            axis="M",
            step=8,
            expected_version=1,
            changed_by_id=ids[changer],
        )
    capsys.readouterr()
    workspace = tmp_path / "workspace"
    assert _import(store_url, workspace, exported, "--as", "olga") == 0
    out = capsys.readouterr().out
    assert _stored_m(store_url, run_id) == (8, 2)  # kept, not even its version moved
    conflict = next(line for line in out.splitlines() if line.startswith("conflict:"))
    assert "A1" in conflict and "vendor/alpha" in conflict and "run 0" in conflict
    assert "axis M" in conflict and "the store holds 8" in conflict and "the file says 2" in conflict
    assert f"changed by {changer}" in conflict
    assert "1 grade kept" in out
    grades_row = next(line for line in out.splitlines() if line.startswith("expert grades"))
    assert grades_row.split()[2:] == ["0", "0", "0", "1"]  # new, updated, unchanged, conflicts


def test_a_file_edited_after_the_export_updates_and_the_history_names_the_importer(
    store_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    exported, run_id, ids = _ivan_grades_and_exports(store_url, tmp_path)
    document = json.loads(exported.read_text(encoding="utf-8"))
    document["tasks"][0]["runs"][0]["scores"]["M"] = 6  # graded offline in the file
    exported.write_text(json.dumps(document), encoding="utf-8")
    assert _import(store_url, tmp_path / "workspace", exported, "--as", "petr") == 0
    assert "conflict:" not in capsys.readouterr().out
    assert _stored_m(store_url, run_id) == (6, 2)
    with open_store(store_url) as store:
        last = history(store, ids["ivan"], run_id=run_id)[-1]
    assert (last.action, last.old_step, last.new_step, last.changed_by) == ("import", 2, 6, "petr")


def test_a_file_without_versions_written_before_the_change_does_not_overwrite_it(
    store_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Another tool's expert file carries no versions: the time it was written decides."""
    exported, run_id, ids = _ivan_grades_and_exports(store_url, tmp_path)
    document = json.loads(exported.read_text(encoding="utf-8"))
    for key in ("exported_at", "history", "expert"):
        document.pop(key)
    del document["tasks"][0]["runs"][0]["versions"]
    document["evaluator_id"] = "expert_ivan"
    exported.write_text(json.dumps(document), encoding="utf-8")
    written = exported.stat().st_mtime
    os.utime(exported, (written - 3600, written - 3600))  # written an hour before the change below
    with open_store(store_url) as store:
        save_grade(store, expert_id=ids["ivan"], run_id=run_id, axis="M", step=8, expected_version=1)
    capsys.readouterr()
    assert _import(store_url, tmp_path / "workspace", exported) == 0
    out = capsys.readouterr().out
    assert _stored_m(store_url, run_id) == (8, 2)
    assert "the store holds 8" in out and "the file says 2" in out and "changed by ivan" in out

    os.utime(exported, None)  # the same file saved again now: it has seen the change, and wins
    assert _import(store_url, tmp_path / "workspace", exported) == 0
    assert _stored_m(store_url, run_id) == (2, 3)


def test_the_version_decides_even_when_the_file_was_saved_after_the_change(
    store_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file that names the grade's version (without exported_at), copied or saved again after the
    grade changed: its fresh time proves nothing, the old version does."""
    exported, run_id, ids = _ivan_grades_and_exports(store_url, tmp_path)
    with open_store(store_url) as store:
        save_grade(store, expert_id=ids["ivan"], run_id=run_id, axis="M", step=8, expected_version=1)
    document = json.loads(exported.read_text(encoding="utf-8"))
    del document["exported_at"]
    exported.write_text(json.dumps(document), encoding="utf-8")  # saved now, after the change
    capsys.readouterr()
    assert _import(store_url, tmp_path / "workspace", exported) == 0
    assert _stored_m(store_url, run_id) == (8, 2)
    assert "the store holds 8" in capsys.readouterr().out


def test_exported_at_decides_for_a_file_without_versions(
    store_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """No versions, but the moment of the export: a change before it was seen (the file wins,
    whatever its modification time says); a change after it was not."""
    _, run_id, ids = _ivan_grades_and_exports(store_url, tmp_path)
    with open_store(store_url) as store:
        save_grade(store, expert_id=ids["ivan"], run_id=run_id, axis="M", step=8, expected_version=1)
    out = tmp_path / "again"
    assert cli(["export", "expert", "--db", store_url, "--workspace", str(tmp_path / "workspace"),
                "--expert", "ivan", "--out", str(out)]) == 0  # fmt: skip
    (later,) = out.glob("*.json")
    document = json.loads(later.read_text(encoding="utf-8"))
    del document["tasks"][0]["runs"][0]["versions"]
    document["tasks"][0]["runs"][0]["scores"]["M"] = 4
    later.write_text(json.dumps(document), encoding="utf-8")
    old = later.stat().st_mtime - 3600
    os.utime(later, (old, old))  # the file's time says "before the change"; exported_at says after
    capsys.readouterr()
    assert _import(store_url, tmp_path / "workspace", later) == 0
    assert "conflict:" not in capsys.readouterr().out
    assert _stored_m(store_url, run_id) == (4, 3)
