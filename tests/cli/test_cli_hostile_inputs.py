"""Issue 20 items 7 and 8: names from input that become paths, input bombs and lone surrogates
meet a clear error (file, line or key, what was expected) or are stored repaired and said so —
never a hang, a write outside the chosen folder or an internal error."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from sqlalchemy import select

from prism_desktop.cli.main import main
from prism_desktop.review.expert_export import expert_file_name
from prism_desktop.store import open_store
from prism_desktop.store.models import Run
from prism_desktop.workspace.paths import path_inside

if TYPE_CHECKING:
    from tests.cli.conftest import WorkspaceFiles

LAUGHS = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{name}: &{name} [" + ", ".join([f"*{previous}"] * 10) + "]\n"
    for previous, name in zip("abcdefgh", "bcdefghi", strict=True)
)


def _task_dir(workspace: WorkspaceFiles) -> Path:
    return workspace.root / "tasks" / "category_a" / "A1_array_sum"


def _check(workspace: WorkspaceFiles, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    started = time.monotonic()
    code = main(["--workspace", str(workspace.root), "check", "--no-run"])
    assert time.monotonic() - started < 20
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def test_billion_laughs_in_tests_yaml_is_refused_with_its_line(
    workspace: WorkspaceFiles, capsys: pytest.CaptureFixture[str]
) -> None:
    tests = _task_dir(workspace) / "tests.yaml"
    tests.write_text(tests.read_text(encoding="utf-8") + LAUGHS, encoding="utf-8")
    code, output = _check(workspace, capsys)
    assert code != 0
    assert "tests.yaml:" in output and "aliases are expanded" in output
    assert "Traceback" not in output


def test_an_oversized_yaml_file_is_refused_before_it_is_parsed(
    workspace: WorkspaceFiles, capsys: pytest.CaptureFixture[str]
) -> None:
    tests = _task_dir(workspace) / "tests.yaml"
    padding = "# " + "x" * 1000 + "\n"
    tests.write_text(tests.read_text(encoding="utf-8") + padding * 5000, encoding="utf-8")
    code, output = _check(workspace, capsys)
    assert code != 0 and "tests.yaml" in output and "bytes" in output


def test_a_recursive_alias_is_refused(workspace: WorkspaceFiles, capsys: pytest.CaptureFixture[str]) -> None:
    tests = _task_dir(workspace) / "tests.yaml"
    tests.write_text(tests.read_text(encoding="utf-8") + "loop: &l [1, *l]\n", encoding="utf-8")
    code, output = _check(workspace, capsys)
    assert code != 0 and "contains it" in output


def test_a_symlink_leaving_the_workspace_is_refused(
    workspace: WorkspaceFiles, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    outside = tmp_path / "outside.bsl"
    outside.write_text("Функция СуммаМассива(М)\nВозврат 0;\nКонецФункции\n", encoding="utf-8")
    canonical = _task_dir(workspace) / "canonical.bsl"
    canonical.unlink()
    canonical.symlink_to(outside)
    code, output = _check(workspace, capsys)
    assert code != 0 and "symbolic link pointing outside the workspace" in output and str(outside) in output


def test_a_task_id_that_would_climb_is_refused(
    workspace: WorkspaceFiles, capsys: pytest.CaptureFixture[str]
) -> None:
    task = _task_dir(workspace) / "task.yaml"
    task.write_text(task.read_text(encoding="utf-8").replace("id: A1", "id: ../../A1"), encoding="utf-8")
    code, output = _check(workspace, capsys)
    assert code != 0 and "task.yaml:1" in output and "id" in output


def test_an_experiment_name_that_would_climb_is_refused_at_import(
    workspace: WorkspaceFiles, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(workspace.experiment.read_text(encoding="utf-8"))
    data["experiment_name"] = "../../escaped"
    workspace.experiment.write_text(json.dumps(data), encoding="utf-8")
    assert main(["--workspace", str(workspace.root), "import", str(workspace.experiment)]) != 0
    captured = capsys.readouterr()
    assert "experiment_name" in captured.out + captured.err
    assert "Traceback" not in captured.out + captured.err


def test_expert_files_never_leave_their_folder(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="cannot name a file"):
        expert_file_name("../../escaped", "expert_01")
    with pytest.raises(ValueError, match="cannot name a file"):
        path_inside(tmp_path, "../x.json", "expert file")
    assert path_inside(tmp_path, "experiment_A_1_expert_01.json", "expert file").parent == tmp_path


def test_a_lone_surrogate_in_a_response_is_stored_repaired_and_said_so(
    workspace: WorkspaceFiles, db_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    text = workspace.experiment.read_text(encoding="utf-8")
    data = json.loads(text)
    data["task_results"][0]["runs"][0]["response"] += "\ud83d"  # half of an emoji, JSON-escaped below
    workspace.experiment.write_text(json.dumps(data, ensure_ascii=True), encoding="utf-8")
    assert "\\ud83d" in workspace.experiment.read_text(encoding="utf-8")
    assert main(["--workspace", str(workspace.root), "import", str(workspace.experiment)]) == 0
    output = capsys.readouterr().out
    assert "task_results[0].runs[0].response" in output and "U+FFFD" in output
    with open_store(db_url) as store, store.session() as session:
        responses = session.scalars(select(Run.response)).all()
    assert any(r.endswith("\ufffd") for r in responses)
