from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from prism_desktop.cli import check_command
from prism_desktop.cli.main import main
from prism_desktop.services.reference_check import ReferenceOutcome
from prism_desktop.workspace.workspace import Workspace

if TYPE_CHECKING:
    from tests.cli.conftest import WorkspaceFiles


def _check(workspace: WorkspaceFiles, *extra: str) -> int:
    return main(["--workspace", str(workspace.root), "check", *extra])


def test_sound_workspace_passes(workspace: WorkspaceFiles, capsys: pytest.CaptureFixture[str]) -> None:
    assert _check(workspace, "--no-run") == 0
    out = capsys.readouterr().out
    assert "1 task (A: 1); constitution 1.2.0, L1 protocol 1.2.0" in out
    assert "reference solutions: not run (--no-run)" in out
    assert out.rstrip().endswith("ok: no problems found")


def test_broken_task_is_listed_with_a_relative_path(
    workspace: WorkspaceFiles, capsys: pytest.CaptureFixture[str]
) -> None:
    task_yaml = workspace.root / "tasks" / "category_a" / "A1_array_sum" / "task.yaml"
    text = task_yaml.read_text(encoding="utf-8")
    task_yaml.write_text(text.replace("difficulty: easy", "difficulty: trivial"), encoding="utf-8")
    assert _check(workspace) == 1
    captured = capsys.readouterr()
    where = "tasks/category_a/A1_array_sum/task.yaml:4"
    assert f"  {where}: difficulty: found the string 'trivial'" in captured.out
    assert "not checked: fix the problems above first" in captured.out
    assert "Traceback" not in captured.err


def test_broken_result_file_fails_the_check(
    workspace: WorkspaceFiles, capsys: pytest.CaptureFixture[str]
) -> None:
    workspace.experiment.write_text("[1, 2", encoding="utf-8")
    assert _check(workspace, "--no-run") == 1
    out = capsys.readouterr().out
    assert "1 problem:" in out
    assert f"  results/{workspace.experiment.name}:1:6: invalid JSON" in out


def test_unknown_task_is_a_usage_error(workspace: WorkspaceFiles, capsys: pytest.CaptureFixture[str]) -> None:
    assert _check(workspace, "--task", "A1", "Z9") == 2
    assert "--task: no task Z9" in capsys.readouterr().err


def test_reference_checks_run_on_the_chosen_tasks(
    workspace: WorkspaceFiles, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[tuple[Any, ...]] = []

    def check_references(
        opened: Workspace, task_ids: Sequence[str] | None, *, sandbox: str, jobs: int | None
    ) -> list[ReferenceOutcome]:
        calls.append((task_ids, sandbox, jobs))
        return [
            ReferenceOutcome("A1", "canonical.bsl", "failed", {"M": 6.0}, "needs M = 10; got M = 6.0"),
            ReferenceOutcome("A1", "perf_baseline.bsl", "ok", {"M": 10.0}, "S=10, M=10.0, O=2"),
        ]

    monkeypatch.setattr(check_command, "check_references", check_references)
    assert _check(workspace, "--task", "A1", "--sandbox", "local", "--jobs", "2") == 1
    assert calls == [(["A1"], "local", 2)]
    out = capsys.readouterr().out
    assert "  A1 perf_baseline.bsl: ok: S=10, M=10.0, O=2" in out
    assert "1 problem:\n  tasks/category_a/A1_array_sum/canonical.bsl: needs M = 10; got M = 6.0" in out


def test_all_tasks_by_default_and_jobs_must_be_positive(
    workspace: WorkspaceFiles, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[Sequence[str] | None] = []
    monkeypatch.setattr(
        check_command, "check_references", lambda _w, ids, **_options: calls.append(ids) or []
    )
    assert _check(workspace) == 0
    assert calls == [None]
    with pytest.raises(SystemExit) as exit_info:
        _check(workspace, "--jobs", "0")
    assert exit_info.value.code == 2
    assert "expected a positive whole number, found '0'" in capsys.readouterr().err


def test_workspace_without_metrics(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "tasks").mkdir()
    assert main(["--workspace", str(tmp_path), "check"]) == 1
    assert "metrics: folder missing" in capsys.readouterr().out


def test_references_run_for_real_in_the_local_sandbox(
    workspace: WorkspaceFiles, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _check(workspace, "--sandbox", "local") == 0
    out = capsys.readouterr().out
    assert "  A1 canonical.bsl: ok: S=10, M=10.0, O=10" in out  # no perf.yaml: O-auto, nothing found
    canonical = workspace.root / "tasks" / "category_a" / "A1_array_sum" / "canonical.bsl"
    canonical.write_text(canonical.read_text(encoding="utf-8").replace("+", "-"), encoding="utf-8")
    assert _check(workspace, "--sandbox", "local") == 1
    assert "A1_array_sum/canonical.bsl: needs M = 10; got M = " in capsys.readouterr().out
