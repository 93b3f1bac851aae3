"""Issue 26 part A: a hostile coding-bench workspace meets a clear CLI error (file, key or link, what
was expected), exit non-zero, no traceback — when it opens, before any file outside it is read:
links that leave the workspace, JSON nested or sized past a bound, timeouts and test counts out of
range. `check --no-run` on a copy of the bundled benchmarks/coding."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from prism_desktop.cli.main import main

BUNDLED = Path(__file__).resolve().parents[2] / "benchmarks" / "coding"
OUTSIDE = Path("/etc/hostname")  # any file outside the workspace the user running us can read


@pytest.fixture
def root(tmp_path: Path) -> Path:
    copy = tmp_path / "coding"
    shutil.copytree(BUNDLED, copy, ignore=shutil.ignore_patterns("demo"))
    return copy


def check(root: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(["--workspace", str(root), "check", "--no-run"])
    captured = capsys.readouterr()
    output = captured.out + captured.err
    assert "Traceback" not in output and "internal error" not in output, output
    return code, output


def edit_json(path: Path, **changes: Any) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps({**data, **changes}), encoding="utf-8")


def test_the_bundled_bench_passes(root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, output = check(root, capsys)
    assert code == 0, output


@pytest.mark.parametrize(
    "link",
    [
        "tests/algo_py_001/expected.txt",  # a file the tests would ship into the sandbox
        "tests/algo_py_001/data",  # a folder
        "dataset/algorithms/algo_py_002.reference.py",  # the reference solution
        "libraries/textkit/tests/fixture.txt",  # a library's hidden tests
        "libraries/textkit/stub/textkit/notes.py",  # what the model is shown
    ],
)
def test_a_link_leaving_the_workspace_is_refused_naming_link_and_target(
    root: Path, capsys: pytest.CaptureFixture[str], link: str
) -> None:
    target = OUTSIDE.parent if link.endswith("/data") else OUTSIDE
    path = root / link
    path.unlink(missing_ok=True)
    path.symlink_to(target)
    code, output = check(root, capsys)
    assert code != 0
    assert link in output and str(target) in output and "outside the workspace" in output, output


def test_a_linked_top_folder_leaving_the_workspace_is_refused(
    root: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    elsewhere = tmp_path / "elsewhere"
    shutil.move(root / "tests", elsewhere)
    (root / "tests").symlink_to(elsewhere)
    code, output = check(root, capsys)
    assert code != 0 and str(elsewhere) in output and "outside the workspace" in output, output


def test_a_link_that_stays_inside_the_workspace_is_allowed(
    root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shared = root / "tests" / "algo_py_001" / "shared.txt"
    shared.write_text("data\n", encoding="utf-8")
    (root / "tests" / "algo_py_002" / "shared.txt").symlink_to(
        os.path.relpath(shared, root / "tests" / "algo_py_002")
    )
    code, output = check(root, capsys)
    assert code == 0, output


def test_a_task_json_nested_100000_deep_is_refused_with_its_line(
    root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = root / "dataset" / "algorithms" / "algo_py_001.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    text = json.dumps(data)[:-1] + ', "extra": ' + "[" * 100_000 + "]" * 100_000 + "}"
    path.write_text(text, encoding="utf-8")
    code, output = check(root, capsys)
    assert code != 0
    assert "algo_py_001.json:1:" in output and "nested" in output and "at most" in output, output


def test_an_oversized_task_json_is_refused_before_it_is_parsed(
    root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = root / "dataset" / "algorithms" / "algo_py_001.json"
    edit_json(path, prompt_ru="x" * 3_000_000)
    code, output = check(root, capsys)
    assert code != 0 and "algo_py_001.json" in output and "bytes" in output, output


@pytest.mark.parametrize(
    ("file", "key", "value"),
    [
        ("libraries/textkit/library.json", "timeout_sec", 1e300),
        ("libraries/textkit/library.json", "timeout_sec", float("inf")),
        ("libraries/textkit/library.json", "timeout_sec", -1),
        ("libraries/textkit/library.json", "test_count", 10**12),
        ("libraries/textkit/library.json", "test_count", 0),
        ("dataset/algorithms/algo_py_001.json", "timeout_sec", 1e300),
        ("dataset/algorithms/algo_py_001.json", "timeout_sec", float("nan")),
        ("dataset/algorithms/algo_py_001.json", "test_count", 10**12),
    ],
    ids=lambda v: str(v),
)
def test_a_value_out_of_range_is_refused_naming_file_key_and_range(
    root: Path, capsys: pytest.CaptureFixture[str], file: str, key: str, value: float
) -> None:
    edit_json(root / file, **{key: value})
    code, output = check(root, capsys)
    assert code != 0
    line = next((line for line in output.splitlines() if key in line), "")
    assert file.rsplit("/", 1)[-1] in line and "expected" in line and "from" in line, output
