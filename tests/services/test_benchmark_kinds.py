"""The registry of benchmark kinds and the task kinds of the coding bench: each kind is recognised
by its own rule and opened by its own reader, answers what the review shows of a run, and no module
outside the registry and the task kinds asks which kind it is dealing with."""

from __future__ import annotations

import ast
import importlib.util
import sys
from pathlib import Path

import pytest

from prism_desktop.generation.prompts import system_key
from prism_desktop.services.benchmark_kinds import KINDS, detect_kind, kind_named, kind_of, open_workspace
from prism_desktop.services.onec_workspace import OneCBenchView
from prism_desktop.services.task_kinds import run_task_kind, task_kind
from prism_desktop.workspace.coding_bench import CodingBenchWorkspace
from prism_desktop.workspace.errors import WorkspaceError
from prism_desktop.workspace.workspace import Workspace

REPO = Path(__file__).resolve().parents[2]
CODING = REPO / "benchmarks" / "coding"
ONEC_BENCH = REPO / "benchmarks" / "1c-code-bench"
# Where a kind may still be told apart: the registry itself and each kind's reader checking its own
# folder.
ALLOWED = {
    "prism_desktop.services.benchmark_kinds",
    "prism_desktop.workspace.coding",
    "prism_desktop.workspace.onec_bench",
}


@pytest.mark.parametrize(
    ("root", "name", "reader"),
    [
        (REPO, "prism", Workspace),
        (CODING, "coding", CodingBenchWorkspace),
        (ONEC_BENCH, "1c-code-bench", OneCBenchView),
    ],
)
def test_each_kind_is_recognised_and_read_by_its_own_reader(root: Path, name: str, reader: type) -> None:
    kind = detect_kind(root)
    assert kind is not None and kind.name == name
    workspace = open_workspace(root)
    assert type(workspace) is reader and workspace.kind == name and kind_of(workspace) is kind


def test_every_kind_name_is_the_one_its_reader_gives(tmp_path: Path) -> None:
    assert [kind.name for kind in KINDS] == ["1c-code-bench", "coding", "prism"]
    assert kind_named(None).name == "prism" and kind_named("no such kind").name == "prism"
    with pytest.raises(WorkspaceError) as caught:
        open_workspace(tmp_path)
    text = str(caught.value)
    assert "not a workspace" in text and "coding bench (dataset/ or libraries/)" in text
    assert "1C Code Bench" in text


def test_review_panes_of_each_kind() -> None:
    coding = open_workspace(CODING)
    answer = "```go\npackage main\n\nfunc F() int { return 1 }\n```\n"
    go = kind_of(coding).panes(coding, "algo_go_001", answer, "", None)
    assert (go.language, go.logs, go.task_label, go.gate) == ("go", "code", "go", ())
    assert not kind_of(coding).debugs and kind_named("prism").debugs
    assert go.reference_name == "algo_go_001.reference.go" and go.candidate_name == "solution.go"
    assert go.candidate_text.startswith("package solution") and go.diagnostics == []
    library = kind_of(coding).panes(coding, "lib_textkit", "no patch", "", None)
    assert library.task_label == "library" and library.gate == ("ruff", "mypy")
    assert library.candidate_name == "textkit/" and library.reference_name == "reference/textkit/"
    assert library.candidate_text == "" and library.candidate_problem is not None
    prism = open_workspace(REPO)
    a_task = kind_of(prism).panes(prism, "A10_reduce_fraction", "answer", "Функция Ф() КонецФункции", None)
    assert (a_task.language, a_task.logs, a_task.diagnostics, a_task.task_label) == ("bsl", "1c", None, None)
    assert a_task.candidate_text == "Функция Ф() КонецФункции"
    bench = open_workspace(ONEC_BENCH)
    onec = kind_of(bench).panes(bench, "base_01_short_name", "answer", "code", None)
    assert onec.language == "bsl" and onec.reference_name == "ObjectModule.bsl" and onec.logs == "1c"


def test_task_kinds_answer_what_differs() -> None:
    coding = open_workspace(CODING)
    assert isinstance(coding, CodingBenchWorkspace)
    function, library = coding.coding.task("algo_py_001"), coding.coding.task("lib_textkit")
    assert (task_kind(function).group(function), task_kind(library).group(library)) == ("python", "library")
    assert task_kind(function).no_candidate_status == "no_code"
    assert task_kind(library).no_candidate_status == "apply_failed"
    assert task_kind(function).gate(function) == [] and task_kind(library).gate(library) == ["ruff", "mypy"]
    assert system_key("", coding.task("lib_textkit")) == "library"
    assert system_key("", coding.task("algo_py_001")) == "python"
    assert "stub" in coding.task("lib_textkit").extra and "stub" not in coding.task("algo_py_001").extra
    patch = "```diff\n--- a/x\n+++ b/x\n```"
    assert run_task_kind("library").measured_code(patch, "python") == patch  # the answer itself
    assert run_task_kind("algorithms").measured_code("```python\nx = 1\n```", "python") == "x = 1\n"


def _figures() -> object:
    path = REPO / "bench" / "architecture_figures.py"
    spec = importlib.util.spec_from_file_location("architecture_figures", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_no_kind_dispatch_outside_the_registry() -> None:
    figures = _figures()
    sites = figures.kind_dispatch_sites(figures.read_modules(REPO / "prism_desktop"))  # type: ignore[attr-defined]
    outside = [site for site in sites if site.split(":")[0] not in ALLOWED]
    assert outside == []
    # comparisons with PRISM's own kind too (the figures count the other kinds' names only)
    prism_checks = []
    for path in (REPO / "prism_desktop").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            compares_kind = isinstance(node, ast.Compare) and getattr(node.left, "attr", None) == "kind"
            if compares_kind and any(getattr(c, "value", None) == "prism" for c in node.comparators):  # type: ignore[attr-defined]
                prism_checks.append(f"{path.relative_to(REPO)}:{node.lineno}")
    assert prism_checks == []
