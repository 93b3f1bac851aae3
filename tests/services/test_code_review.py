"""The review of code-task runs, below the GUI: the candidate as the sandbox received it, the compiler's
lines for the gutter, the machine's verdicts (O and P N/A with the runner's reason), the axes an expert
grades on a code task and when a run counts as fully graded."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import select

from prism_desktop.services.benchmark_kinds import open_workspace
from prism_desktop.services.code_review import code_candidate, code_diagnostic_lines, reference_file_name
from prism_desktop.services.grading import (
    applicable_axes,
    ensure_expert,
    load_run_review,
    machine_axes,
    next_ungraded_run,
    save_grade,
)
from prism_desktop.services.importing import import_results
from prism_desktop.store import Store, open_store
from prism_desktop.store.models import Run
from prism_desktop.workspace.coding_bench import CodingBenchWorkspace
from prism_desktop.workspace.errors import WorkspaceError
from prism_desktop.workspace.results_loader import load_experiment
from prism_desktop.workspace.workspace import Workspace

REPO = Path(__file__).resolve().parents[2]
BUNDLED = REPO / "benchmarks" / "coding"


@pytest.fixture(scope="module")
def workspace() -> CodingBenchWorkspace:
    opened = open_workspace(BUNDLED)
    assert isinstance(opened, CodingBenchWorkspace)
    return opened


@pytest.fixture
def store(tmp_path: Path, workspace: CodingBenchWorkspace) -> Iterator[Store]:
    opened = open_store(f"sqlite:///{tmp_path / 'prism.db'}")
    import_results(opened, workspace)
    yield opened
    opened.close()


def _run_id(store: Store, task_id: str, model_id: str, run_index: int) -> int:
    with store.session() as session:
        return session.scalars(
            select(Run.id).filter_by(task_id=task_id, model_id=model_id, run_index=run_index)
        ).one()


def test_kind_is_recognised_and_tasks_carry_category_and_language(workspace: CodingBenchWorkspace) -> None:
    assert isinstance(open_workspace(REPO), Workspace) and not isinstance(
        open_workspace(REPO), CodingBenchWorkspace
    )
    assert workspace.kind == "coding" and workspace.validate() == []
    assert workspace.categories == ("algorithms", "api_services", "debugging", "library", "refactoring")
    task = workspace.task("algo_go_001")
    assert task.category == "algorithms" and task.tags["language"] == ("go",)
    assert task.canonical is not None and task.canonical.startswith("package solution")
    library = workspace.task("lib_textkit")
    assert library.category == "library" and "# ── textkit/" in (library.canonical or "")
    assert applicable_axes("algorithms", workspace.protocols.l2) == ("S", "M", "O")
    assert workspace.code_task("algo_go_001") is not None and workspace.code_task("A1") is None


def test_task_versions_follow_the_tests(tmp_path: Path) -> None:
    import shutil

    root = tmp_path / "coding"
    shutil.copytree(BUNDLED, root, ignore=shutil.ignore_patterns("results", "demo"))
    before = open_workspace(root)
    test_file = next((root / "tests" / "algo_py_001").glob("test_*.py"))
    test_file.write_text(test_file.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    after = open_workspace(root)
    changed = {k for k, v in after.task_versions().items() if before.task_versions()[k] != v}
    assert changed == {"algo_py_001"} and after.compat_hash() != before.compat_hash()


def test_experiment_categories_are_the_dataset_ones(workspace: CodingBenchWorkspace, tmp_path: Path) -> None:
    source = next(workspace.results_dir.glob("experiment_*.json")).read_text(encoding="utf-8")
    path = tmp_path / "experiment_x.json"
    path.write_text(source.replace('"category": ""', '"category": "refactoring"', 1), encoding="utf-8")
    assert workspace.experiment(path).category == "refactoring"
    with pytest.raises(WorkspaceError) as error:
        load_experiment(path)  # PRISM's own experiments: A or B only
    assert "one of 'A', 'B'" in str(error.value)


def test_candidates_are_what_the_sandbox_received(workspace: CodingBenchWorkspace) -> None:
    go = workspace.coding.task("algo_go_001")
    answer = "Вот:\n```python\nprint(1)\n```\n```go\npackage main\n\nfunc F() int { return 1 }\n```\n"
    candidate = code_candidate(go, answer)
    assert candidate.problem is None and candidate.file_name == "solution.go"
    assert candidate.text.startswith("package solution") and "print" not in candidate.text
    missing = code_candidate(go, "```python\nprint(1)\n```")
    assert missing.text == "" and missing.problem and "go" in missing.problem
    assert reference_file_name(go) == "algo_go_001.reference.go"
    library = workspace.coding.task("lib_textkit")
    refused = code_candidate(library, "```diff\n--- a/nothing.py\n+++ b/nothing.py\n@@ -1 +1 @@\n-a\n+b\n```")
    assert refused.text == "" and refused.problem and "could not be applied" in refused.problem


def test_machine_verdicts_and_gutter_lines_of_a_code_run(
    store: Store, workspace: CodingBenchWorkspace
) -> None:
    # North Coder's first Go answer lost its closing brace: S = 2 with go build's message on line 18.
    review = load_run_review(store, _run_id(store, "algo_go_001", "demo/north-coder-32b", 0))
    verdicts = {v.axis: v for v in machine_axes(review, workspace.protocols.l2)}
    assert verdicts["S"].state == "measured" and verdicts["S"].score == 2
    assert verdicts["S"].instrument is not None and "go 1." in verdicts["S"].instrument
    assert verdicts["M"].state == "measured" and verdicts["M"].score == 0
    assert verdicts["O"].state == "na" and "ось O" in (verdicts["O"].reason or "")
    assert verdicts["P"].state == "not_applicable" and "ось P" in (verdicts["P"].reason or "")
    # The store knows the task's language: the candidate is the Go block, whatever language the
    # prose or other blocks are in (the adjudication view shows this text).
    assert review.candidate_code.startswith("package solution") and review.candidate_code.rstrip().endswith(
        "return counts"
    )
    task = workspace.coding.task("algo_go_001")
    lines = code_diagnostic_lines(task, review.auto_run)
    assert lines and lines[0][0] == 18 and lines[0][1] == "error" and "unexpected EOF" in lines[0][2]


def test_a_code_run_is_fully_graded_with_s_m_and_o(store: Store, workspace: CodingBenchWorkspace) -> None:
    l2 = workspace.protocols.l2
    expert = ensure_expert(store, "olga")
    first = _run_id(store, "api_go_001", "demo/north-coder-32b", 0)
    for axis, step in (("S", 10), ("M", 8)):
        save_grade(store, expert_id=expert, run_id=first, axis=axis, step=step, l2=l2)
    assert next_ungraded_run(store, expert_id=expert, after_run_id=first - 1, l2=l2) == first
    save_grade(store, expert_id=expert, run_id=first, axis="O", step=6, l2=l2)
    assert next_ungraded_run(store, expert_id=expert, after_run_id=first - 1, l2=l2) != first
