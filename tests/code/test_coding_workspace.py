"""The coding-bench workspace kind: the bundled workspace as the issue asks for it, and bad input
reported with the file, the key and what was expected."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

import pytest

from prism_desktop.workspace.coding import CodingWorkspace
from prism_desktop.workspace.coding_task import SEED_CATEGORIES
from prism_desktop.workspace.errors import WorkspaceError
from tests.code.conftest import BUNDLED


def test_bundled_workspace_has_the_tasks_the_benchmark_needs() -> None:
    workspace = CodingWorkspace.open(BUNDLED)
    code_tasks = [t for t in workspace.tasks if t.kind == "code"]
    languages = Counter(t.language for t in code_tasks)
    assert languages["python"] >= 12 and languages["typescript"] >= 6 and languages["go"] >= 4
    assert {t.category for t in code_tasks} == set(SEED_CATEGORIES)
    for language in ("python", "typescript", "go"):
        assert {t.category for t in code_tasks if t.language == language} == set(SEED_CATEGORIES)
    assert all(t.test_count >= 6 and t.reference for t in code_tasks)
    assert all(any(ch in t.prompt for ch in "абвгдежз") for t in workspace.tasks)  # prompts in Russian
    api = [t for t in code_tasks if t.category == "api_services"]
    assert all(any(name.endswith(".json") for name in t.tests) for t in api)  # recorded mock responses
    libraries = [t for t in workspace.tasks if t.kind == "library"]
    assert len(libraries) == 2
    assert all(t.extra["stub"] and t.extra["reference_files"] and t.tests for t in libraries)


def _copy(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    shutil.copytree(BUNDLED / "dataset", root / "dataset")
    shutil.copytree(BUNDLED / "tests", root / "tests")
    return root


def test_bad_task_file_names_file_key_and_expectation(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    path = root / "dataset" / "algorithms" / "algo_py_001.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data.update(language="rust", test_count="seven")
    del data["prompt_ru"]
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(WorkspaceError) as caught:
        CodingWorkspace.open(root)
    text = str(caught.value)
    assert "algo_py_001.json: language: found 'rust', expected python | typescript | go" in text
    assert "test_count: found 'seven', expected an integer" in text
    assert "prompt_ru: found nothing" in text


def test_missing_tests_folder_and_broken_json(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    shutil.rmtree(root / "tests" / "dbg_go_001")
    (root / "dataset" / "debugging" / "dbg_py_001.json").write_text("{broken", encoding="utf-8")
    with pytest.raises(WorkspaceError) as caught:
        CodingWorkspace.open(root)
    problems = [str(p) for p in caught.value.problems]
    assert any("dbg_go_001: folder missing" in p for p in problems)
    assert any("dbg_py_001.json:1:2: not JSON" in p for p in problems)


def test_task_id_must_match_its_file(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    path = root / "dataset" / "refactoring" / "ref_py_002.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["task_id"] = "other"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(WorkspaceError, match="expected the file's name, 'ref_py_002'"):
        CodingWorkspace.open(root)
